// The live page's benchmark (run by scripts/bench-web, which builds the site
// and the release cagec first): headless chromium on the site served from
// 127.0.0.1, printing one table per measure.
//
//   node tests/browser/bench-web.mjs SITE_DIR CAGEC_BINARY
//
// - the size of cagec's .wasm (and HiGHS's), raw and gzipped;
// - time to first picture: navigation start to the first puzzle drawn;
// - keystroke to updated model: a space typed at the end of the text, from
//   the key's event to the model file redrawn (the page reads, compiles
//   and diffs everything on each keystroke), and to the picture and
//   explanation redrawn, for kk2, a Keen 9×9 and a 16×16;
// - native solves in the page (a Web Worker, WebAssembly, lazy clause
//   generation instead of CaDiCaL)
//   against `cagec solve --solver native --unique` (the release build, with
//   CaDiCaL) on the same puzzle: both find the solution and prove it unique.
//   Both times are read + solve + verify; the CLI's is taken over a batch,
//   since it reports whole milliseconds and its process start is larger.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { launch } from "./chromium.mjs";
import { serve } from "./serve.mjs";

const [siteDir, cagecPath] = process.argv.slice(2);
const cagec = resolve(cagecPath);
const REPEATS = 5;
const KEYSTROKES = 20;
const BATCH = 51;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const table = (title, head, rows) => {
  console.log(`\n${title}`);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  rows.forEach((r) => console.log(line(r)));
};

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
table("WebAssembly sizes (gzip -9)", ["file", "raw", "gzipped"], [
  "pkg/cagec_web_bg.wasm", "highs/highs.wasm",
].map((f) => {
  const bytes = readFileSync(join(siteDir, f));
  return [f, kb(bytes.length), kb(gzipSync(bytes, { level: 9 }).length)];
}));

const site = await serve(siteDir);
const browser = await launch({ viewport: { width: 1400, height: 1000 } });
try {
  const page = browser.page;
  const ready = () => page.waitForFunction(() => window.cagecLive && window.cagecLive.ready, null, { timeout: 60000 });

  const first = [];
  for (let i = 0; i < REPEATS; i += 1) {
    await page.goto(`${site.url}?run=${i}`);
    await ready();
    first.push(await page.evaluate(() => window.cagecLive.timings.firstPicture));
  }
  table(`Time to first picture (kk2; median of ${REPEATS} loads, cache warm after the first)`,
    ["first load", "median", "slowest"], [[ms(first[0]), ms(median(first)), ms(Math.max(...first))]]);

  const examples = await page.locator("#example option").evaluateAll((os) =>
    os.filter((o) => o.value !== "").map((o) => ({ value: o.value, file: o.textContent })));
  async function open(file) {
    const ex = examples.find((e) => e.file === file);
    await page.selectOption("#example", "");
    await page.selectOption("#example", ex.value);
    await page.waitForFunction(() => document.body.dataset.explained === String(window.cagecLive.version));
  }

  const typing = [];
  for (const file of ["kk2.cage", "9dx-1.keen", "pow16.cage"]) {
    await open(file);
    const n = await page.getAttribute("body", "data-n");
    const stats = JSON.parse(await page.getAttribute("#counts", "data-stats"));
    await page.evaluate(() => { window.cagecLive.timings.update = []; window.cagecLive.timings.explain = []; });
    await page.focus("#editor");
    await page.keyboard.press("ControlOrMeta+End");
    for (let i = 0; i < KEYSTROKES; i += 1) {
      const v = await page.evaluate(() => window.cagecLive.version);
      await page.keyboard.type(" ");
      await page.waitForFunction((v) => document.body.dataset.explained === String(v + 1), v);
    }
    const t = await page.evaluate(() => window.cagecLive.timings);
    typing.push([file, `${n}×${n}`, stats.nonzeros, ms(median(t.update)), ms(Math.max(...t.update)), ms(median(t.explain))]);
  }
  table(`Keystroke to updated model (LP, the paper's rows; median of ${KEYSTROKES} keystrokes)`,
    ["puzzle", "n", "non-zeros", "model shown", "slowest", "picture + explanation"], typing);

  // The CLI reads the same texts, from files named as the page names them.
  const dir = mkdtempSync(join(tmpdir(), "cagec-bench-"));
  const texts = JSON.parse(readFileSync(join(siteDir, "examples/index.json"), "utf8"));
  const solves = [];
  for (const file of ["kk2.cage", "big10.cage", "9dn-1.keen", "9dh-1.keen", "9dx-1.keen", "9du-1.keen", "pow16.cage"]) {
    writeFileSync(join(dir, file), texts.find((t) => t.file === file).text);
    await open(file);
    await page.fill("#limit", "120");
    const inPage = [];
    for (let i = 0; i < REPEATS; i += 1) {
      await page.click("#solve-native");
      await page.waitForSelector("#solve-result.solved, #solve-result.failed", { timeout: 180000 });
      const text = await page.textContent("#solve-result");
      if (!text.includes("It is the only solution")) throw new Error(`${file}: ${text}`);
      inPage.push(Number(await page.getAttribute("#solve-result", "data-ms")));
    }
    // One process solving the file BATCH times against one solving it once:
    // the difference is BATCH - 1 solves (read, solve, verify, print), free
    // of the process's start.
    const run = (copies) => {
      const t = performance.now();
      const out = execFileSync(cagec, ["solve", "--solver", "native", "--unique", "--json", ...Array(copies).fill(file)], { cwd: dir });
      const reports = out.toString().trim().split("\n").map((l) => JSON.parse(l));
      if (reports.length !== copies || reports.some((r) => r.uniqueness !== "unique")) throw new Error(`${file}: ${out}`);
      return performance.now() - t;
    };
    const cli = [];
    for (let i = 0; i < REPEATS; i += 1) cli.push((run(BATCH) - run(1)) / (BATCH - 1));
    solves.push([file, ms(median(inPage)), ms(median(cli)), (median(inPage) / median(cli)).toFixed(1)]);
  }
  rmSync(dir, { recursive: true, force: true });
  table(`Native solves, solution and uniqueness (median of ${REPEATS})`,
    ["puzzle", "page (worker, WebAssembly)", "CLI (native code)", "page / CLI"], solves);
} finally {
  await browser.close();
  await site.close();
}

