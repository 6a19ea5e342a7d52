// Drives Debian's chromium, headless, over the live page (the site of
// scripts/build-web, served on 127.0.0.1 by serve.mjs) as a student would,
// and checks it against a plan of what the command line says about the same
// inputs (written by tests/integration/web_browser.rs):
//
//   node tests/browser/web.mjs SITE_DIR PLAN.json
//
// It checks that the selects of named choices hold the core's choices; types
// puzzles into the editor and compares the model file shown with `cagec
// compile`'s, under every option set and output format of the plan (or
// that the page refuses what compile refuses); pastes a puzzle over an
// example and checks that the example list, the file name, the downloads,
// the "same as" command and the cage selection follow it;
// types an error and checks its place and message, then fixes it; edits a
// cage from the picture (keyboard) and switches the product method, checking
// the changed rows are marked; solves every example natively and some with
// HiGHS, comparing each grid with `cagec solve`'s; checks the LP
// relaxation's fractional cells; compares every download with the files
// of `cagec compile -o`; and checks that the footer shows the crate's
// version. It fails on any script error, console error or request that is
// not for the site.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { launch, watch, WAIT } from "./chromium.mjs";
import { serve } from "./serve.mjs";

const [siteDir, planPath] = process.argv.slice(2);
if (!siteDir || !planPath) {
  console.error("usage: node web.mjs SITE_DIR PLAN.json");
  process.exit(2);
}
const plan = JSON.parse(readFileSync(planPath, "utf8"));
// The page's time limit for its solves, in seconds: the solves here take
// milliseconds to a second; a loaded machine must not make one "not finished".
const SOLVE_LIMIT = 120;
const site = await serve(siteDir);
const browser = await launch({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
const problems = [];
let checks = 0;
// Each line says when it was reached, so a slow part is seen in the log.
const began = performance.now();
const say = (line) => console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${line}`);
const check = (ok, message) => {
  checks += 1;
  assert.ok(ok, message);
};
const equal = (actual, expected, message) => {
  checks += 1;
  assert.equal(actual, expected, message);
};
/** Two texts are the same; else the first line that differs, not all of them. */
const sameText = (actual, expected, message) => {
  checks += 1;
  if (actual === expected) return;
  const a = actual.split("\n"), e = expected.split("\n");
  const i = a.findIndex((line, k) => line !== e[k]);
  const at = i < 0 ? a.length : i;
  assert.fail(`${message}: line ${at + 1} differs (${a.length} lines shown, ${e.length} expected)\n` +
    `shown:    ${JSON.stringify(a[at])}\nexpected: ${JSON.stringify(e[at])}`);
};

try {
  const page = browser.page;
  watch(page, problems, (url) => url.startsWith(site.url) || url.startsWith("blob:"));
  page.on("worker", (w) => w.on("console", (m) => {
    if (m.type() === "error") problems.push(`worker console error: ${m.text()}`);
  }));
  await page.goto(site.url);
  await page.waitForFunction(() => window.cagecLive && window.cagecLive.ready);
  await page.fill("#limit", String(SOLVE_LIMIT));
  // The version shown is the crate's (the release the site was built from).
  equal(await page.locator("#cagec-version").textContent(), `cagec ${plan.version}`, "the footer shows the crate's version");
  const examples = await page.locator("#example option").evaluateAll((os) =>
    os.filter((o) => o.value !== "").map((o) => ({ value: o.value, file: o.textContent })));

  const version = () => page.evaluate(() => window.cagecLive.version);
  /** Waits until the explanation caught up with the model. */
  const explained = () => page.waitForFunction(() => document.body.dataset.explained === String(window.cagecLive.version));
  const modelText = () => page.locator("#model-out").textContent();

  async function open(file) {
    const ex = examples.find((e) => e.file === file);
    assert.ok(ex, `${file} is an example`);
    // Through "(your own text)", so an example chosen again is read afresh.
    await page.selectOption("#example", "");
    await page.selectOption("#example", ex.value);
    await explained();
  }

  /** Chooses a value as a user does: a select already showing it is left
   * alone (each change recompiles and re-explains the model). */
  async function choose(select, value) {
    if ((await page.inputValue(select)) !== value) await page.selectOption(select, value);
  }

  /** Sets the option controls as the command line's flags say. */
  async function setOptions(args, to) {
    const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
    await page.setChecked("#opt-presolve", args.includes("--presolve"));
    await choose("#opt-product", flag("--product", "primes"));
    // None named: each output format's own formulation, as for compile.
    await choose("#opt-formulation", flag("--formulation", ""));
    await choose("#opt-killer-form", flag("--killer-form", "separate"));
    if (to) await choose("#opt-to", to);
  }

  // ---- The selects of named choices: the core's, defaults selected. ----
  for (const list of plan.choices) {
    const select = page.locator(`select[data-setting="${list.setting}"]`);
    const values = await select.locator("option").evaluateAll((os) => os.map((o) => o.value));
    const names = list.choices.map((c) => c.name);
    assert.deepEqual(values, list.default === null ? ["", ...names] : names, `${list.setting}: the core's choices`);
    checks += 1;
    const titles = await select.locator("option").evaluateAll((os) => os.map((o) => o.title));
    check(list.choices.every((c) => titles.includes(`${c.help}.`)), `${list.setting}: each choice's help`);
  }
  say(`the selects hold the core's ${plan.choices.length} lists of choices`);

  // ---- Typed text → the model `cagec compile` prints. ----
  for (const { file, cases } of plan.models) {
    await open(file);
    const text = await page.inputValue("#editor");
    const cut = text.lastIndexOf("\n", text.length - 2) + 1;
    await page.fill("#editor", "");
    await page.fill("#editor", text.slice(0, cut));
    await page.focus("#editor");
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(text.slice(cut));
    equal(await page.inputValue("#editor"), text, `${file}: typed in full`);
    for (const c of cases) {
      await setOptions(c.options, c.to);
      const what = `${file} ${c.options.join(" ")} --to ${c.to}`;
      const refused = await page.locator("#model-out.refused").count() === 1;
      equal(refused, Boolean(c.refused), `${what}: refused as compile ${c.refused ? "refuses it" : "writes it"}: ${refused ? await modelText() : ""}`);
      if (!c.refused) sameText(await modelText(), c.expected, `${what}: the model is compile's`);
    }
    say(`${file}: the typed text gives compile's model under ${cases.length} option sets and formats`);
  }
  await setOptions([], "lp");

  // ---- An error as it is typed, at the CLI's place, and fixed. ----
  {
    const e = plan.error;
    await open(e.file);
    const at = e.bad.indexOf("x");
    await page.focus("#editor");
    await page.evaluate((at) => document.getElementById("editor").setSelectionRange(at, at), at);
    await page.keyboard.type("x");
    equal(await page.inputValue("#editor"), e.bad, "the error was typed");
    const error = page.locator("#problems .problem.error");
    equal(await error.count(), 1, "one error is shown");
    equal(Number(await error.getAttribute("data-line")), e.line, "at the CLI's line");
    equal(Number(await error.getAttribute("data-col")), e.col, "at the CLI's column");
    const shown = await error.locator("pre").textContent();
    check(e.stderr.startsWith(shown), `the CLI's message:\n${shown}\nvs\n${e.stderr}`);
    equal(await page.getAttribute("#editor", "aria-invalid"), "true", "the editor is marked invalid");
    await page.click("#cage-edit button[type=submit]");
    check((await page.textContent("#cage-edit-note")).startsWith("Fix the text first"), "no cage edit over a bad text");
    equal(await page.inputValue("#editor"), e.bad, "the bad text is kept");
    await error.locator("button").click();
    const caret = await page.evaluate(() => document.getElementById("editor").selectionStart);
    equal(caret, at, "the error's button puts the caret on it");
    await page.keyboard.press("Escape");
    await page.evaluate((at) => document.getElementById("editor").setSelectionRange(at + 1, at + 1), at);
    await page.keyboard.press("Backspace");
    equal(await page.inputValue("#editor"), e.good, "the error was removed");
    equal(await page.locator("#problems .problem").count(), 0, "the error is gone");
    equal(await page.getAttribute("#editor", "aria-invalid"), "false", "the editor is valid again");
    say(`the error shows at ${e.line}:${e.col} with the CLI's message and clears when fixed`);
  }

  // ---- Edit a cage from the picture, by keyboard; switch the product method. ----
  {
    await open("kk2.cage");
    const before = await page.inputValue("#editor");
    await page.focus("#cage-1");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    equal(await page.textContent("#cage-edit-number"), "2", "Enter on the cage to the right selects cage 2");
    equal(await page.inputValue("#cage-target"), "3", "the form shows its target");
    equal(await page.inputValue("#cage-op"), "-", "and its operation");
    await page.fill("#cage-target", "2");
    await page.click("#cage-edit button[type=submit]");
    await explained();
    equal(await page.inputValue("#editor"), before.replace("3-,3 4\n", "2-,3 4\n"), "the text has the new clue");
    check(Number(await page.getAttribute("#model-out", "data-changed")) > 0, "changed lines are marked");
    check(await page.locator("#explained .row.changed").count() > 0, "changed rows are marked in the listing");
    const changedRows = await page.locator("#explained .row.changed").allTextContents();
    check(changedRows.length > 0 && changedRows.every((r) => /^cage_2: /m.test(r)), `only cage 2's row changed: ${changedRows}`);
    await page.selectOption("#opt-product", "sets");
    await explained();
    check(await page.locator("#model-out mark.changed").count() > 0, "switching products marks lines");
    check(await page.locator("#explained .row.changed").count() > 0, "and rows of the listing");
    await page.selectOption("#opt-product", "primes");
    say("a cage edited from the picture and a switch of products mark the changed rows");
  }

  /** Clicks a solve button and waits for its answer. */
  async function solve(button, done) {
    await page.click(button);
    // The page answers by its limit (and its guard 5 s later) at the latest.
    await page.waitForSelector(`#solve-result.${done}, #solve-result.failed`, { timeout: (SOLVE_LIMIT + 5) * 1000 + WAIT });
    const result = page.locator("#solve-result");
    const cls = await result.getAttribute("class");
    assert.equal(cls, done, `${button}: ${await result.textContent()}`);
    return result;
  }

  // ---- The native solver on every example; HiGHS on some. ----
  for (const ex of examples) {
    await open(ex.file);
    const result = await solve("#solve-native", "solved");
    const grid = JSON.parse(await result.getAttribute("data-grid"));
    assert.deepEqual(grid, plan.grids[ex.file], `${ex.file}: the native grid is cagec solve's`);
    const text = await result.textContent();
    equal(text.includes("It is the only solution."), plan.unique[ex.file], `${ex.file}: uniqueness as cagec solve --unique says: ${text}`);
    checks += 1;
  }
  say(`the native solver in the page solved all ${examples.length} examples with cagec solve's grids and uniqueness`);
  await explained();
  const n = Number(await page.getAttribute("body", "data-n"));
  equal(await page.locator("#picture .digits text").count(), n * n, "the solution is drawn");

  for (const h of plan.highs) {
    await open(h.file);
    await setOptions(h.options, h.to);
    const result = await solve("#solve-highs", "solved");
    const grid = JSON.parse(await result.getAttribute("data-grid"));
    assert.deepEqual(grid, plan.grids[h.file], `${h.file}: HiGHS's grid is cagec solve's`);
    checks += 1;
    say(`HiGHS on ${h.file} ${h.options.join(" ")} --to ${h.to}: ${await result.textContent()}`);
  }
  await setOptions([], "lp");

  // ---- The LP relaxation, drawn on the grid. ----
  for (const r of plan.relaxations) {
    await open(r.file);
    await setOptions(r.options, "lp");
    const result = await solve("#solve-relax", "relaxed");
    const fractional = Number(await result.getAttribute("data-fractional"));
    const drawn = await page.locator("#picture .relaxation text.frac").count();
    if (r.fractional) {
      check(fractional > 0 && drawn >= 2 * fractional, `${r.file} ${r.options}: fractional cells drawn (${fractional}, ${drawn})`);
    } else {
      check(fractional === 0 && drawn === 0, `${r.file} ${r.options}: an integral relaxation (${fractional}, ${drawn})`);
      const size = Number(await page.getAttribute("body", "data-n"));
      equal(await page.locator("#picture .relaxation text.int").count(), size * size, "every cell's digit drawn");
    }
    say(`relaxation of ${r.file} ${r.options.join(" ")}: ${await result.textContent()}`);
  }
  await setOptions([], "lp");

  // ---- Downloads: the bytes of `cagec compile -o`. ----
  for (const d of plan.downloads) {
    await open(d.file);
    await setOptions(d.options, d.to);
    await explained();
    const buttons = page.locator("#downloads button.download");
    const got = {};
    for (let i = 0; i < (await buttons.count()); i += 1) {
      const [download] = await Promise.all([page.waitForEvent("download"), buttons.nth(i).click()]);
      got[download.suggestedFilename()] = readFileSync(await download.path(), "utf8");
    }
    assert.deepEqual(Object.keys(got).sort(), Object.keys(d.files).sort(), `${d.file} --to ${d.to}: the files`);
    for (const [name, text] of Object.entries(d.files)) sameText(got[name], text, `${name}: compile's bytes`);
    say(`downloads of ${d.file} ${d.options.join(" ")} --to ${d.to}: ${Object.keys(got).join(", ")} as compile writes them`);
  }

  // ---- The page follows the text (issue 41). ----
  {
    const f = plan.follow;
    await setOptions([], "lp");
    await open(f.example);
    const stem = (file) => file.replace(/\.[^.]*$/, "");
    const downloads = () => page.locator("#downloads button.download").allTextContents();
    const shows = async (file, example, what) => {
      equal(await page.inputValue("#file"), file, `${what}: the file name`);
      equal(await page.textContent("#command"), `cagec compile ${file} --to lp`, `${what}: the "same as" command`);
      assert.deepEqual(await downloads(), [`Download ${stem(file)}.lp`], `${what}: the download`);
      checks += 1;
      const chosen = await page.locator("#example option:checked").textContent();
      equal(chosen, example, `${what}: the example list`);
    };
    await shows(f.example, f.example, f.example);
    const before = await page.textContent("#status");
    check(before.startsWith("Selected: cage 1: "), `a cage of ${f.example} is selected: ${before}`);
    // Pasted over it: another puzzle, whose model is too large for the page.
    // (As a paste: the text replaced at once, one input event; playwright's
    // fill of a text this long does not finish in chromium.)
    const paste = (text) => page.evaluate((text) => {
      const editor = document.getElementById("editor");
      editor.value = text;
      editor.dispatchEvent(new InputEvent("input", { inputType: "insertFromPaste" }));
    }, text);
    await paste(f.pasted);
    await explained();
    await shows("puzzle.cage", "(your own text)", "a 25×25 pasted over kk2");
    const after = await page.textContent("#status");
    check(!after.includes(before.slice("Selected: ".length)), `no cage of ${f.example} is still selected: ${after}`);
    // Its picture alone: a click selects no cage of an older page.
    await page.locator("#picture .cage").first().click();
    equal(await page.textContent("#status"), after, "a click on the picture alone selects nothing");
    equal(await page.textContent("#cage-edit-number"), "1", "the cage form shows the new puzzle's cage 1");
    equal(await page.inputValue("#cage-target"), String(f.pasted_first_target), "with its target");
    // A name the user typed stays, whatever is pasted, even an example.
    await page.fill("#file", "mine.cage");
    await page.press("#file", "Tab");
    await explained();
    const other = examples.find((e) => e.file === f.other);
    const otherText = await page.evaluate(async (file) => (await (await fetch("examples/index.json")).json()).find((e) => e.file === file).text, f.other);
    await paste(otherText);
    await explained();
    await shows("mine.cage", other.file, `${f.other} pasted under a typed name`);
    // Chosen from the list, an example names the file again.
    await open(f.example);
    await shows(f.example, f.example, `${f.example} chosen again`);
    // A Keen ID that is no example's text: a neutral name of its own.
    const id = await page.inputValue("#keen-id");
    await page.fill("#keen-id", id);
    await page.click("#keen-load");
    await explained();
    await shows("puzzle.keen", "(your own text)", `${f.example}'s Keen ID loaded`);
    say("the example list, file name, downloads, command and selection follow the text");
  }

  check(site.requests.every((p) => !p.includes("..")), "every request was for the site");
  assert.deepEqual(problems, [], "no script error, console error or request elsewhere");
  say(`${checks} checks passed`);
} finally {
  await browser.close();
  await site.close();
}
