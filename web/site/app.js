// The live page (index.html): every keystroke and option change reads the
// puzzle and compiles its model with cagec itself (pkg/, WebAssembly), then
// shows the model file with the lines that changed marked, the counts of
// `cagec stats`, and the picture, cage explanations and listing of `cagec
// explain --html` (wired by explain.js). Solving runs in worker.js.
import init, { choices, command, operations, read, version } from "./pkg/cagec_web.js";

const $ = (id) => document.getElementById(id);
const editor = $("editor");
// What tests and scripts/bench-web read: the model's version, and times in
// ms from the event that caused a change to the model shown (update) and to
// the picture and explanation shown (explain).
const live = { ready: false, version: 0, timings: { firstPicture: null, update: [], explain: [] } };
window.cagecLive = live;

let puzzle = null; // the wasm Puzzle of the text as last read
let selected = 1;
let solution = null; // a verified grid to draw, for this text and no other
let previousLines = null; // the model file's lines, for the diff
let previousRows = null; // listing row name -> text, for the diff
let shownText = ""; // the model file as shown: what HiGHS is given
let shownColumns = null; // its columns, which read HiGHS's answer back
let explainTimer = 0;
let explainStarted = 0; // when the change the next explanation shows began
let nextChange = 0; // the changed line "Go to the next change" shows next
let examples = []; // examples/index.json: {group, file, text}
let fileTyped = false; // the user named the file: the page no longer names it
let shape = null; // the size and cages' cells of the puzzle last read: which puzzle it is
let pictureOnly = false; // the model is too large for the explanation: no cage to select

function options() {
  return {
    to: $("opt-to").value,
    presolve: $("opt-presolve").checked,
    product: $("opt-product").value,
    // "" is none named: the output format's own, as for `cagec compile`.
    formulation: $("opt-formulation").value || null,
    killer_form: $("opt-killer-form").value,
  };
}

function fileName() {
  return $("file").value || "puzzle.cage";
}

function input() {
  return { text: editor.value, format: $("format").value, file: fileName(), killer: $("killer").checked };
}

/** The name of a text that is no example's: `puzzle`, with the extension
 * the file has now (it tells the format when the format is auto). */
function neutralName() {
  const extension = /\.[^./]+$/.exec(fileName());
  return `puzzle${extension ? extension[0] : ".cage"}`;
}

/** Fills each select of a named choice (data-setting) with the core's
 * choices: the name, its help as the tooltip, and first, when the default
 * depends on other settings, an option for none named (value ""). */
function fillChoices() {
  for (const list of JSON.parse(choices())) {
    const select = document.querySelector(`select[data-setting="${list.setting}"]`);
    if (!select) continue;
    const help = new Map();
    const options = [];
    if (list.default === null) {
      options.push(new Option(`auto (${list.unnamed})`, ""));
      help.set("", `By default: ${list.unnamed}.`);
    }
    for (const c of list.choices) {
      const o = new Option(c.name === list.default ? `${c.name} (default)` : c.name, c.name);
      o.title = `${c.help}.`;
      help.set(c.name, o.title);
      options.push(o);
    }
    select.replaceChildren(...options);
    select.value = list.default ?? "";
    const describe = () => { select.title = help.get(select.value) || ""; };
    select.addEventListener("change", describe);
    describe();
  }
}

/** Fills the cage form's operations with the core's: symbol and label. */
function fillOperations() {
  const ops = JSON.parse(operations()).map((op) => new Option(op.label, op.symbol));
  $("cage-op").replaceChildren(...ops);
}

/** The size and the cages' cells of a puzzle: the same for an edit of its
 * clues, another for another puzzle. */
function shapeOf(p) {
  return `${p.size()}:${JSON.stringify(JSON.parse(p.cages()).map((c) => c.cells))}`;
}

/** The cage form shows the selected cage of the puzzle shown. */
function showCage() {
  const cage = JSON.parse(puzzle.cages())[selected - 1];
  $("cage-edit-number").textContent = selected;
  $("cage-target").value = cage ? cage.target : "";
  $("cage-op").value = cage ? cage.op : "+";
}

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

function showProblems(problems) {
  const box = $("problems");
  box.replaceChildren();
  editor.setAttribute("aria-invalid", String(problems.diagnostics.some((d) => d.error) || problems.diagnostics.length === 0));
  const list = problems.diagnostics.length ? problems.diagnostics : [{ error: true, line: 0, col: 0, rendered: problems.rendered }];
  for (const d of list) {
    const item = document.createElement("div");
    item.className = d.error ? "problem error" : "problem warning";
    item.dataset.line = d.line;
    item.dataset.col = d.col;
    const pre = document.createElement("pre");
    pre.textContent = d.rendered;
    item.append(pre);
    if (d.line > 0) {
      const go = document.createElement("button");
      go.type = "button";
      go.textContent = `Go to line ${d.line}, column ${d.col}`;
      go.addEventListener("click", () => caretTo(d.line, d.col));
      item.append(go);
    }
    box.append(item);
  }
}

/** Puts the editor's caret at a 1-based line and column. */
function caretTo(line, col) {
  const lines = editor.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i += 1) at += lines[i].length + 1;
  at += Math.max(0, col - 1);
  editor.focus();
  editor.setSelectionRange(at, at + 1);
}

/** Marks the lines of `text` that the previous version did not have. */
function renderModel(text) {
  const lines = text.split("\n");
  const before = new Map();
  for (const l of previousLines || []) before.set(l, (before.get(l) || 0) + 1);
  let added = 0;
  const html = lines.map((l) => {
    const left = before.get(l) || 0;
    if (previousLines === null || left > 0) {
      before.set(l, left - 1);
      return escapeHtml(l);
    }
    added += 1;
    return `<mark class="changed">${escapeHtml(l)}</mark>`;
  });
  let removed = 0;
  for (const left of before.values()) removed += Math.max(0, left);
  $("model-out").innerHTML = html.join("\n");
  $("changes").textContent = previousLines === null
    ? ""
    : added + removed === 0
      ? "No line changed since the last version."
      : `Since the last version: ${added} line${added === 1 ? "" : "s"} new or changed (marked ▶), ${removed} gone.`;
  $("model-out").dataset.changed = added;
  $("next-change").disabled = added === 0;
  nextChange = 0;
  previousLines = lines;
  shownText = text;
}

function renderCounts(stats) {
  if (!stats) {
    $("counts").textContent = "The paper's AMPL model and its data: glpsol builds the rows itself (cagec stats counts them for the LP file).";
    return;
  }
  let s = `${stats.variables} variables (${stats.binaries} binary, ${stats.integers} integer, ${stats.continuous} continuous), ${stats.rows} rows, ${stats.nonzeros} non-zeros`;
  if (stats.presolve) s += `; presolve removed ${stats.presolve.columns_removed} x columns and ${stats.presolve.rows_removed} rows`;
  $("counts").textContent = s + ".";
  $("counts").dataset.stats = JSON.stringify(stats);
}

/** Reads the editor's text and rebuilds the model; the explanation follows. */
function update(started) {
  // The example list and the file name follow the text: the example whose
  // text it is, if any, and its name unless the user gave one.
  const example = examples.findIndex((ex) => ex.text === editor.value);
  $("example").value = example >= 0 ? String(example) : "";
  if (example >= 0 && !fileTyped) $("file").value = examples[example].file;
  let next;
  try {
    next = read(editor.value, $("format").value, fileName(), $("killer").checked);
    // Another puzzle than the last that read (not an edit of its clues):
    // no longer the old one's file, nor its cage selected.
    const another = shape !== null && shapeOf(next) !== shape;
    if (another && example < 0 && !fileTyped && fileName() !== neutralName()) {
      $("file").value = neutralName();
      next.free();
      next = read(editor.value, $("format").value, fileName(), $("killer").checked);
    }
    if (another) selected = 1;
    shape = shapeOf(next);
  } catch (e) {
    showProblems(JSON.parse(e.message));
    document.body.classList.add("stale");
    return;
  }
  if (puzzle) puzzle.free();
  puzzle = next;
  showCage();
  document.body.classList.remove("stale");
  editor.setAttribute("aria-invalid", "false");
  const warnings = puzzle.warnings();
  $("problems").replaceChildren();
  if (warnings) {
    const pre = document.createElement("pre");
    pre.className = "problem warning";
    pre.textContent = warnings;
    $("problems").append(pre);
  }
  $("command").textContent = command(JSON.stringify(options()), $("format").value, $("killer").checked, fileName());
  let model;
  try {
    model = JSON.parse(puzzle.model(JSON.stringify(options())));
  } catch (e) {
    // Options the format refuses (as `cagec compile` does): why, no model.
    $("model-out").textContent = e.message;
    $("model-out").classList.add("refused");
    $("counts").textContent = "";
    $("downloads").replaceChildren();
    $("explained").replaceChildren();
    return;
  }
  $("model-out").classList.remove("refused");
  renderModel(model.text);
  shownColumns = model.columns;
  renderCounts(model.stats);
  live.version += 1;
  $("model-out").dataset.version = live.version;
  live.timings.update.push(performance.now() - started);
  explainStarted = started;
  if (document.activeElement !== $("keen-id")) {
    try {
      $("keen-id").value = puzzle.keen_id();
    } catch (e) {
      $("keen-id").value = "";
    }
  }
  clearTimeout(explainTimer);
  explainTimer = setTimeout(explain, 0);
}

function svgFrom(markup) {
  const doc = new DOMParser().parseFromString(`<!DOCTYPE html><body>${markup}`, "text/html");
  return document.importNode(doc.querySelector("svg"), true);
}

function setPicture(svg) {
  const figure = $("picture");
  figure.querySelector("svg, .placeholder")?.replaceWith(svg);
  if (live.timings.firstPicture === null) live.timings.firstPicture = performance.now();
}

/** The picture, panels and listing of `cagec explain --html` for this model. */
function explain() {
  if (!puzzle) return;
  const grid = solution ? JSON.stringify(solution) : undefined;
  let page;
  try {
    page = puzzle.explain(JSON.stringify(options()), selected, grid);
  } catch (e) {
    // Too large a model for a page: the picture alone, and why; no cage
    // is selected (the status line would describe one of an older page).
    setPicture(svgFrom(puzzle.picture(grid)));
    $("status").textContent = "";
    pictureOnly = true;
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = e.message;
    $("explained").replaceChildren(note);
    document.body.dataset.n = puzzle.size();
    downloads();
    live.ready = true;
    document.body.dataset.explained = live.version;
    return;
  }
  pictureOnly = false;
  const doc = new DOMParser().parseFromString(page, "text/html");
  const hidden = new Set(Array.from(document.querySelectorAll("input.fam")).filter((b) => !b.checked).map((b) => b.value));
  setPicture(document.importNode(doc.querySelector("#picture svg"), true));
  const parts = ["#cages", "#about", "#model", "#cells"].map((sel) => document.importNode(doc.querySelector(sel), true));
  $("explained").replaceChildren(...parts);
  document.querySelectorAll("input.fam").forEach((b) => { b.checked = !hidden.has(b.value); });
  document.body.dataset.n = puzzle.size();
  markChangedRows();
  window.cagecExplain.wire(selected);
  if (relaxation) drawRelaxation(relaxation);
  downloads();
  live.ready = true;
  live.timings.explain.push(performance.now() - explainStarted);
  document.body.dataset.explained = live.version;
}

/** Marks the listing's rows whose text differs from the previous version's. */
function markChangedRows() {
  const rows = new Map();
  document.querySelectorAll("#explained .row").forEach((r) => {
    // A row's element holds its comment line, then `name: terms`.
    const text = r.textContent;
    const name = (/^([A-Za-z_][A-Za-z0-9_]*): /m.exec(text) || [text])[0];
    rows.set(name, text);
    if (previousRows && previousRows.get(name) !== text) r.classList.add("changed");
  });
  previousRows = rows;
}

function downloads() {
  const box = $("downloads");
  box.replaceChildren();
  let files;
  try {
    files = JSON.parse(puzzle.files(JSON.stringify(options())));
  } catch (e) {
    return;
  }
  for (const f of files) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "download";
    b.textContent = `Download ${f.name}`;
    b.addEventListener("click", () => {
      const url = URL.createObjectURL(new Blob([f.text], { type: "text/plain" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = f.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
    box.append(b);
  }
}

// A picture without its explanation has no panels for explain.js to show:
// its clicks and keys stop here, before they reach explain.js's listeners
// on the document (which would select a cage of an older page).
for (const type of ["click", "keydown"]) {
  $("picture").addEventListener(type, (e) => { if (pictureOnly) e.stopPropagation(); }, true);
}

// ---- Editing a cage from the picture. ----
document.addEventListener("cagec-select", (e) => {
  selected = e.detail;
  if (puzzle) showCage();
});
$("cage-edit").addEventListener("submit", (e) => {
  e.preventDefault();
  if (!puzzle) return;
  // The form edits the last text that read: the editor's own would be lost.
  $("cage-edit-note").textContent = document.body.classList.contains("stale")
    ? "Fix the text first: the cage would be edited in the last text that read, replacing yours."
    : "";
  if (document.body.classList.contains("stale")) return;
  try {
    editor.value = puzzle.with_cage(selected, $("cage-target").value, $("cage-op").value);
  } catch (err) {
    $("cage-edit-note").textContent = err.message;
    return;
  }
  textChanged(performance.now());
});

// ---- Solving. ----
let worker = null;
let job = 0;
let relaxation = null;
let guard = 0;

function solveStatus(text, kind) {
  const box = $("solve-result");
  box.className = kind || "";
  box.textContent = text;
  delete box.dataset.grid;
  delete box.dataset.fractional;
}

function stopWorker(message) {
  if (worker) worker.terminate();
  worker = null;
  clearTimeout(guard);
  $("solve-stop").disabled = true;
  if (message) solveStatus(message, "failed");
}

function solve(kind) {
  if (!puzzle) return;
  // One thread, kept between solves; a new one after Stop or a time-out.
  if (!$("solve-stop").disabled) stopWorker(); // a search still running
  clearTimeout(guard);
  if (!worker) worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  const ms = Math.max(1, Number($("limit").value) || 20) * 1000;
  const o = options();
  // HiGHS reads LP and MPS; for another format (AMPL, OPB, ...) it gets the
  // LP file of the same options.
  const highsReads = { lp: "lp", mps: "mps", "fixed-mps": "mps" }[o.to];
  const viaLp = !highsReads;
  const lp = viaLp ? JSON.parse(puzzle.model(JSON.stringify({ ...o, to: "lp" }))) : null;
  const shown = viaLp ? lp.text : shownText;
  const columns = viaLp ? lp.columns : shownColumns;
  const id = ++job;
  const format = viaLp ? (o.to === "ampl" ? "AMPL" : o.to.toUpperCase()) : null;
  worker.onmessage = (e) => {
    if (e.data.id !== job) return;
    clearTimeout(guard);
    $("solve-stop").disabled = true;
    if (!e.data.ok) {
      solveStatus(e.data.error, "failed");
      return;
    }
    finish(kind, e.data.answer, format);
  };
  worker.onerror = (e) => stopWorker(`The solver thread failed: ${e.message}`);
  worker.postMessage({
    id,
    kind,
    ms,
    ...input(),
    options: JSON.stringify(viaLp ? { ...o, to: "lp" } : o),
    model: shown,
    columns: JSON.stringify(columns),
    modelFormat: highsReads || "lp",
  });
  $("solve-stop").disabled = false;
  solveStatus(kind === "native" ? "The native solver is searching…" : "HiGHS is solving…");
  // The solvers stop themselves at the limit; this is for one that cannot.
  guard = setTimeout(() => stopWorker(`Stopped: no answer within ${ms / 1000 + 5} s.`), ms + 5000);
}

/** `viaLp`: the format HiGHS reads no file of (it got the LP file), or null. */
function finish(kind, a, viaLp) {
  $("solve-result").dataset.ms = a.ms;
  const secs = `${(a.ms / 1000).toFixed(a.ms < 1000 ? 3 : 1)} s`;
  const limit = $("limit").value;
  if (kind === "native") {
    if (a.solutions.length === 0) {
      solveStatus(a.timed_out
        ? `The native solver did not finish within ${limit} s and found no solution. In this page its conflict-driven stage is cagec's own lazy clause generation (CaDiCaL is C++, which does not run in a browser); cagec solve on the command line runs CaDiCaL, faster on the hardest puzzles.`
        : `The native solver proved that the puzzle has no solution (${secs}).`, "failed");
      return;
    }
    const unique = { yes: "It is the only solution.", no: "The puzzle has another solution too: it is not unique.", unknown: `Whether it is the only one is unknown: the search stopped at the time limit (${limit} s).` }[a.unique];
    draw(a.solutions[0], `Native solver: solved in ${secs} (${a.stats.stage}, ${a.stats.nodes} nodes); the grid was checked against every rule. ${unique}`);
  } else if (kind === "highs") {
    if (!a.grid) {
      solveStatus(`HiGHS: ${a.statusText} after ${secs}${a.status === 13 ? `: it did not finish within ${limit} s` : ""}.`, "failed");
      return;
    }
    draw(a.grid, `HiGHS solved ${viaLp ? `the LP file of these options (it reads no ${viaLp})` : "this model file"} in ${secs}; the grid was checked against every rule.`);
  } else {
    if (!a.cells) {
      solveStatus(`HiGHS on the LP relaxation: ${a.statusText} after ${secs}.`, "failed");
      return;
    }
    solution = null;
    relaxation = a;
    explain();
    solveStatus(a.fractional === 0
      ? `The LP relaxation${viaLp ? " of the LP file" : ""} is integral (${secs}): every x is 0 or 1, so it already solves the puzzle.`
      : `The LP relaxation${viaLp ? " of the LP file" : ""} (${secs}): ${a.fractional} cell${a.fractional === 1 ? " has" : "s have"} fractional x, drawn in the cells as value:x.`, "relaxed");
    $("solve-result").dataset.fractional = a.fractional;
  }
}

function draw(grid, message) {
  solution = grid;
  relaxation = null;
  explain();
  solveStatus(message, "solved");
  $("solve-result").dataset.grid = JSON.stringify(grid);
  $("drawn").textContent = "The digits are a solution, checked against every rule of the puzzle.";
}

const SVG = "http://www.w3.org/2000/svg";
/** Each cell's x values of the relaxation, as `value:x` lines in the cell. */
function drawRelaxation(r) {
  const svg = $("picture").querySelector("svg");
  if (!svg) return;
  const n = puzzle.size();
  const layer = document.createElementNS(SVG, "g");
  layer.setAttribute("class", "relaxation");
  r.cells.forEach((pairs, k) => {
    const rect = document.getElementById(`cell_${Math.floor(k / n) + 1}_${(k % n) + 1}`);
    if (!rect) return;
    const x = Number(rect.getAttribute("x")), y = Number(rect.getAttribute("y"));
    const size = Number(rect.getAttribute("width"));
    const fractional = pairs.some(([, v]) => Math.abs(v - 1) > 1e-5);
    // Below the clue, the largest x first; past three, a count (the cell's
    // tooltip lists them all).
    const label = ([v, x]) => `${v}:${x.toFixed(2).replace(/^0/, "")}`;
    const byX = [...pairs].sort((p, q) => q[1] - p[1]);
    const lines = !fractional
      ? [String(pairs[0] ? pairs[0][0] : "")]
      : byX.length > 3 ? [...byX.slice(0, 2).map(label), `+${byX.length - 2} more`] : byX.map(label);
    const fontSize = fractional ? size / 5.2 : size / 2.2;
    const g = document.createElementNS(SVG, "g");
    if (fractional) {
      // On the cell, which takes the pointer (the numbers let it through).
      const title = document.createElementNS(SVG, "title");
      title.setAttribute("class", "relaxation-title");
      title.textContent = `x: ${pairs.map(label).join(" ")}`;
      rect.append(title);
    }
    lines.forEach((line, i) => {
      const t = document.createElementNS(SVG, "text");
      t.setAttribute("class", fractional ? "frac" : "int");
      t.setAttribute("x", x + size - 3);
      t.setAttribute("y", y + size * 0.3 + fontSize * (i + (fractional ? 1 : 1.2)));
      t.setAttribute("font-size", fontSize.toFixed(1));
      t.setAttribute("text-anchor", "end");
      t.textContent = line;
      g.append(t);
    });
    layer.append(g);
  });
  svg.append(layer);
  $("drawn").textContent = "Each cell shows the relaxation's x: a plain digit where one x is 1, value:x pairs where they are fractional (the largest first; point at a cell for all of them).";
}

// ---- Wiring. ----
function textChanged(started) {
  $("editor-print").textContent = editor.value;
  $("cage-edit-note").textContent = "";
  solution = null;
  relaxation = null;
  $("drawn").textContent = "";
  update(started);
}

editor.addEventListener("input", (e) => textChanged(e.timeStamp));
for (const id of ["format", "killer", "file"]) $(id).addEventListener("change", (e) => textChanged(e.timeStamp));
// A file name the user typed stays, whatever the text becomes.
$("file").addEventListener("input", () => { fileTyped = $("file").value !== ""; });
for (const id of ["opt-to", "opt-presolve", "opt-product", "opt-formulation", "opt-killer-form"]) {
  $(id).addEventListener("change", (e) => {
    relaxation = null;
    update(e.timeStamp);
  });
}
$("next-change").addEventListener("click", () => {
  const marks = $("model-out").querySelectorAll("mark.changed");
  if (marks.length === 0) return;
  const mark = marks[nextChange % marks.length];
  nextChange += 1;
  const box = $("model-out");
  box.scrollTop = mark.offsetTop - box.offsetTop - box.clientHeight / 3;
  box.scrollIntoView({ block: "nearest" });
});
$("solve-native").addEventListener("click", () => solve("native"));
$("solve-highs").addEventListener("click", () => solve("highs"));
$("solve-relax").addEventListener("click", () => solve("relax"));
$("solve-stop").addEventListener("click", () => stopWorker("Stopped."));
$("keen-load").addEventListener("click", (e) => {
  editor.value = $("keen-id").value.trim() + "\n";
  $("format").value = "";
  // A neutral name, unless the user gave one or the ID is an example's.
  if (!fileTyped) $("file").value = "puzzle.keen";
  textChanged(e.timeStamp);
});
$("keen-id").addEventListener("keydown", (e) => {
  if (e.key === "Enter") $("keen-load").click();
});

async function loadExamples() {
  examples = await (await fetch("examples/index.json")).json();
  const select = $("example");
  const groups = new Map();
  examples.forEach((ex, i) => {
    if (!groups.has(ex.group)) {
      const g = document.createElement("optgroup");
      g.label = ex.group;
      groups.set(ex.group, g);
      select.append(g);
    }
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = ex.file;
    groups.get(ex.group).append(o);
  });
  select.addEventListener("change", (e) => {
    const ex = examples[Number(select.value)];
    if (!ex) return;
    editor.value = ex.text;
    $("file").value = ex.file;
    fileTyped = false;
    $("format").value = "";
    $("killer").checked = false;
    previousLines = null;
    previousRows = null;
    textChanged(e.timeStamp);
  });
  return examples;
}

await init({ module_or_path: new URL("./pkg/cagec_web_bg.wasm", import.meta.url) });
// The release this page is (the tag vX.Y.Z it was built from: docs/releasing.md).
$("cagec-version").textContent = `cagec ${version()}`;
fillChoices();
fillOperations();
await loadExamples();
const first = examples.findIndex((ex) => ex.file === "kk2.cage");
$("example").value = String(Math.max(first, 0));
$("example").dispatchEvent(new Event("change"));
