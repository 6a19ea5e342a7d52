// Takes the README's picture of the live page (docs/web.png):
//
//   node tests/browser/web-shot.mjs SITE_DIR OUT.png
//
// kk2 with its products switched to value sets (the changed lines marked)
// and the LP relaxation drawn on the grid, in headless chromium.
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const [siteDir, out] = process.argv.slice(2);
const site = await serve(siteDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1360, height: 1180 } });
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
