// Takes the README's picture of the live page (docs/web.png):
//
//   node tests/browser/web-shot.mjs SITE_DIR OUT.png
//
// kk2 with its products switched to value sets (the changed lines marked)
// and the LP relaxation drawn on the grid, in headless chromium.
import { launch } from "./chromium.mjs";
import { serve } from "./serve.mjs";

const [siteDir, out] = process.argv.slice(2);
const site = await serve(siteDir);
const browser = await launch({ viewport: { width: 1360, height: 1180 } });
try {
  const page = browser.page;
  await page.goto(site.url);
  await page.waitForFunction(() => window.cagecLive && window.cagecLive.ready);
  const explained = () => page.waitForFunction(() => document.body.dataset.explained === String(window.cagecLive.version));
  await page.selectOption("#opt-product", "sets");
  await explained();
  await page.click("#solve-relax");
  await page.waitForSelector("#solve-result.relaxed", { timeout: 60000 });
  await page.click("#next-change");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: out });
  console.log(`saved ${out}`);
} finally {
  await browser.close();
  await site.close();
}
