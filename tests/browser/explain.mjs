// Drives Debian's chromium, headless, over a page of `cagec explain --html`
// as a student would, and checks what it shows against the LP file that
// `cagec compile --to lp` wrote with the same options:
//
//   node tests/browser/explain.mjs PAGE.html MODEL.lp [--screenshot OUT.png --cage C]
//
// It clicks the cage with the most rows and compares the rows shown with the
// file's; tabs to the next cage and selects it with Enter, moves down with an
// arrow key and selects with Space; points at variable and row names and
// checks which cells light up; unticks a row family and checks the counts
// against the file; checks that print shows every cage; and fails on any
// script error or any request that is not for the page itself. With
// --screenshot it then selects cage C, points at a name in its rows and saves
// the window (docs/explain-html.png is made so). Run by
// tests/integration/explain_browser.rs.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launch, watch } from "./chromium.mjs";

const [pagePath, lpPath, ...rest] = process.argv.slice(2);
if (!pagePath || !lpPath) {
  console.error("usage: node explain.mjs PAGE.html MODEL.lp [--screenshot OUT.png --cage C]");
  process.exit(2);
}
const option = (name) => {
  const i = rest.indexOf(name);
  return i >= 0 ? rest[i + 1] : undefined;
};
const screenshot = option("--screenshot");
const shotCage = Number(option("--cage") || 1);

// ---- The LP file, read independently of the page. ----
const lp = readFileSync(lpPath, "utf8");
const lines = lp.split("\n");
const first = lines.indexOf("Subject To") + 1;
let last = first;
while (!["Bounds", "Generals", "Binaries", "End"].includes(lines[last])) last += 1;
const rowLines = lines.slice(first, last);

/** Cage c's lines: from the empty comment before its banner to the next banner. */
function lpCage(c) {
  const start = rowLines.findIndex((l) => l.startsWith(`\\ === cage ${c}: `)) - 1;
  assert.ok(start >= 0 && rowLines[start] === "\\", `cage ${c} has a banner in the LP file`);
  let end = start + 2;
  while (end < rowLines.length && !(rowLines[end] === "\\" && rowLines[end + 1]?.startsWith("\\ === "))) {
    end += 1;
  }
  return rowLines.slice(start, end).join("\n") + "\n";
}

/** The cells of the x and y terms of row `name`, as `cell_I_J` ids, sorted. */
function lpRowCells(name) {
  const at = rowLines.findIndex((l) => l.startsWith(`${name}: `));
  assert.ok(at >= 0, `row ${name} is in the LP file`);
  let text = rowLines[at];
  for (let i = at + 1; rowLines[i]?.startsWith(" "); i += 1) text += rowLines[i];
  const cells = new Set();
  for (const m of text.matchAll(/\b[xy]_(\d+)_(\d+)(_\d+)?\b/g)) cells.add(`cell_${m[1]}_${m[2]}`);
  return [...cells].sort();
}

/** Rows per family: each row line follows its `\ (2.1) …` or `\ given …` comment. */
function lpFamilies() {
  const counts = new Map();
  rowLines.forEach((line, i) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*: /.test(line)) return;
    const comment = rowLines[i - 1];
    const m = /^\\ \(([^)]+)\) /.exec(comment) || /^\\ (\S+) /.exec(comment);
    assert.ok(m, `row ${line.slice(0, 30)} has its comment`);
    counts.set(m[1], (counts.get(m[1]) || 0) + 1);
  });
  return counts;
}

// ---- The browser. ----
const browser = await launch({ viewport: { width: 1360, height: 860 } });
const problems = [];
let checks = 0;
const check = (ok, message) => {
  checks += 1;
  assert.ok(ok, message);
};
try {
  const page = browser.page;
  watch(page, problems, (url) => url.startsWith("file:"));
  const url = pathToFileURL(resolve(pagePath)).href;
  await page.goto(url);
  await page.waitForSelector("body.js");

  const n = Number(await page.getAttribute("body", "data-n"));
  const count = await page.locator("#picture .cage").count();
  const visiblePanels = () =>
    page.locator(".cage-panel").evaluateAll((ps) => ps.filter((p) => !p.hidden).map((p) => p.id));
  const selected = Number(await page.getAttribute("body", "data-selected"));
  assert.deepEqual(await visiblePanels(), [`explain-${selected}`], "one cage is shown when the page opens");

  /** Cage c is selected: its panel alone, its rows those of the LP file. */
  async function expectSelected(c, how) {
    assert.deepEqual(await visiblePanels(), [`explain-${c}`], `${how}: only cage ${c} is shown`);
    const shown = await page.locator(`#explain-${c} pre.lp`).innerText();
    assert.equal(shown, lpCage(c), `${how}: cage ${c}'s rows are the LP file's`);
    check(await page.getAttribute(`#cage-${c}`, "aria-pressed") === "true", `${how}: aria-pressed`);
    const outline = await page.getAttribute(`#outline-${c}`, "class");
    check(outline.split(" ").includes("sel"), `${how}: cage ${c} is outlined`);
    const status = await page.locator("#status").innerText();
    check(status.startsWith(`Selected: cage ${c}: `), `${how}: the status says cage ${c}: ${status}`);
    checks += 2;
  }

  // Every cage's panel holds its part of the LP file, shown or not.
  const panelRows = await page.locator(".cage-panel pre.lp").evaluateAll((ps) => ps.map((p) => p.textContent));
  check(panelRows.length === count, "a panel per cage");
  panelRows.forEach((text, i) => assert.equal(text, lpCage(i + 1), `cage ${i + 1}'s panel has the LP file's rows`));

  // Click the cage with the most rows.
  const sizes = Array.from({ length: count }, (_, i) => lpCage(i + 1).split("\n").length);
  const big = sizes.indexOf(Math.max(...sizes)) + 1;
  await page.click(`#cage-${big} .cell >> nth=0`);
  await expectSelected(big, "click");

  // Tab to the next cage (or back to the one before), Enter.
  const next = count === 1 ? big : big < count ? big + 1 : big - 1;
  if (next !== big) await page.keyboard.press(big < count ? "Tab" : "Shift+Tab");
  check(await page.evaluate(() => document.activeElement.id) === `cage-${next}`, "Tab moves to the next cage");
  const focusRing = (await page.getAttribute(`#outline-${next}`, "class")).split(" ");
  check(focusRing.includes("focus"), "the focused cage has its dashed outline");
  await page.keyboard.press("Enter");
  await expectSelected(next, "Tab and Enter");

  // An arrow key moves to the cage met first below (or above) the cage's first cell.
  const owners = await page.evaluate(() => {
    const map = {};
    document.querySelectorAll("#picture .cell").forEach((r) => {
      map[r.id] = Number(r.parentNode.dataset.cage);
    });
    return map;
  });
  const [, r0, c0] = (await page.locator(`#cage-${next} .cell >> nth=0`).getAttribute("id")).split("_").map(Number);
  const down = r0 < n ? 1 : -1;
  let r = r0;
  while (owners[`cell_${r}_${c0}`] === next) r += down;
  const below = owners[`cell_${r}_${c0}`];
  if (below) {
    await page.keyboard.press(down === 1 ? "ArrowDown" : "ArrowUp");
    check(await page.evaluate(() => document.activeElement.id) === `cage-${below}`, "an arrow moves to the neighbour");
    await page.keyboard.press(" ");
    await expectSelected(below, "arrow and Space");
  }

  /** The ids of the lit cells, sorted. */
  const lit = () => page.locator("#picture .cell.hl").evaluateAll((rs) => rs.map((r) => r.id).sort());
  const cellsOfCage = (c) =>
    page.locator(`#cage-${c} .cell`).evaluateAll((rs) => rs.map((r) => r.id).sort());

  // Point at an x and a y: their cell lights up, and nothing else.
  const shownCage = big;
  await page.click(`#cage-${big} .cell >> nth=0`);
  const names = await page.locator(`#explain-${shownCage} pre.lp var`).allInnerTexts();
  const x = names.find((v) => /^x_\d+_\d+_\d+$/.test(v));
  const y = names.find((v) => /^y_\d+_\d+$/.test(v));
  for (const name of [x, y].filter(Boolean)) {
    await page.locator(`#explain-${shownCage} pre.lp var`, { hasText: new RegExp(`^${name}$`) }).first().hover();
    const [, i, j] = name.split("_");
    assert.deepEqual(await lit(), [`cell_${i}_${j}`], `pointing at ${name} lights cell (${i},${j})`);
    checks += 1;
  }
  check(x || y, "the cage's rows name an x or a y");
  // A cage row's name (and a u, z or w of the cage) lights the whole cage.
  const own = names.filter((v) => new RegExp(`^(cage_${shownCage}(_\\w+)?|[uzw]_${shownCage}(_\\d+)?)$`).test(v));
  check(own.length > 0, `cage ${shownCage}'s rows have names of their own`);
  for (const name of new Set(own)) {
    await page.locator(`#explain-${shownCage} pre.lp var`, { hasText: new RegExp(`^${name}$`) }).first().hover();
    assert.deepEqual(await lit(), await cellsOfCage(shownCage), `pointing at ${name} lights cage ${shownCage}`);
    checks += 1;
  }
  // A Latin row's name in the listing lights the cells of its terms: row 1
  // of the grid for (2.2) row_1_1, fewer where presolve took x out.
  const rowName = page.locator("#listing var", { hasText: /^row_1_1$/ }).first();
  await rowName.scrollIntoViewIfNeeded();
  await rowName.hover();
  assert.deepEqual(await lit(), lpRowCells("row_1_1"), "pointing at row_1_1 lights its cells");
  checks += 1;
  await page.mouse.move(1, 1);

  // The family table counts what the LP file has; unticking hides those rows.
  const families = await page.locator(".families tbody tr").evaluateAll((trs) =>
    trs.map((tr) => [tr.querySelector("input").value, Number(tr.cells[3].textContent)]),
  );
  assert.deepEqual(new Map(families), lpFamilies(), "per-family row counts are the LP file's");
  checks += 1;
  const total = families.reduce((s, [, k]) => s + k, 0);
  const visibleRows = () => page.locator("#listing .row:visible").count();
  check((await visibleRows()) === total, "every row is listed");
  check((await page.locator("#shown").innerText()) === `Showing ${total} of ${total} rows.`, "the count says so");
  const [eq, k] = families[0];
  await page.locator(`input.fam[value="${eq}"]`).uncheck();
  check((await page.locator("#shown").innerText()) === `Showing ${total - k} of ${total} rows.`, `unticking (${eq})`);
  check((await visibleRows()) === total - k, `(${eq}) rows are hidden`);
  check((await page.locator(`#listing .row[data-eq="${eq}"]:visible`).count()) === 0, `no (${eq}) row shows`);
  await page.locator(`input.fam[value="${eq}"]`).check();
  check((await visibleRows()) === total, "ticking it again shows them");

  // Print shows every cage, and no interactive chrome.
  await page.emulateMedia({ media: "print" });
  check((await page.locator(".cage-panel:visible").count()) === count, "print shows every cage");
  check((await page.locator("#status:visible, input.fam:visible").count()) === 0, "print hides the controls");
  await page.emulateMedia({ media: "screen" });

  // A link with #select-C opens the page with cage C selected.
  const linked = count > 1 ? 2 : 1;
  await page.goto(`${url}#select-${linked}`);
  await page.waitForSelector("body.js");
  await expectSelected(linked, "#select link");

  if (screenshot) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click(`#cage-${shotCage} .cell >> nth=0`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const target = page.locator(`#explain-${shotCage} pre.lp var`, { hasText: /^[xy]_\d+_\d+/ }).first();
    await target.hover();
    await page.screenshot({ path: screenshot });
    console.log(`explain.mjs: wrote ${screenshot}`);
  }
  assert.deepEqual(problems, [], "no script error, no request beyond the page");
  console.log(`explain.mjs: ${checks} checks passed on ${pagePath} (${count} cages, ${total} rows)`);
} finally {
  await browser.close();
}
