// The live page's solver thread (a module Web Worker), so the page stays
// responsive while a search runs; the page's Stop button terminates it.
// Two engines, each answering with a grid the verifier (cagec's own, in
// pkg/) accepted:
// - "native": cagec's native solver on the puzzle text, within `ms`;
// - "highs" / "relax": HiGHS (the npm package `highs`, bundled in highs/)
//   on the model file the page shows, as a MIP or as its LP relaxation;
//   its columns are read back by cagec with the columns of that model file,
//   which the page kept when it compiled it.
import init, { read } from "./pkg/cagec_web.js";
import loadHighs from "./highs/highs.mjs";

const ready = init({ module_or_path: new URL("./pkg/cagec_web_bg.wasm", import.meta.url) });
let highs = null;

// HiGHS's model status codes (types.d.ts of the package), for the page.
const STATUS = {
  7: "optimal", 8: "infeasible", 9: "unbounded or infeasible", 10: "unbounded",
  13: "time limit reached", 14: "iteration limit reached", 17: "interrupted",
};

function highsRun(job) {
  const data = job.modelFormat === "mps" ? new TextEncoder().encode(job.model) : job.model;
  const model = highs.createModel({ format: job.modelFormat, data });
  try {
    model.options.set({ output_flag: false, time_limit: job.ms / 1000 });
    if (job.kind === "relax") model.options.set({ solve_relaxation: true });
    const status = model.run().modelStatus;
    const answer = { status, statusText: STATUS[status] || `status ${status}` };
    if (status !== 7) return answer;
    const values = Array.from(model.getSolution().colValue);
    const names = values.map((_, i) => model.getColName(i));
    answer.names = names;
    answer.values = values;
    return answer;
  } finally {
    model.dispose();
  }
}

self.onmessage = async (e) => {
  const job = e.data;
  try {
    await ready;
    // From here: what the solve costs, without loading the WebAssembly.
    const started = performance.now();
    const puzzle = read(job.text, job.format, job.file, job.killer);
    try {
      let answer;
      if (job.kind === "native") {
        answer = JSON.parse(puzzle.solve(job.ms));
      } else {
        if (!highs) {
          highs = await loadHighs({ locateFile: (f) => new URL(`./highs/${f}`, import.meta.url).href });
        }
        answer = highsRun(job);
        if (answer.names) {
          const back = puzzle.read_columns(job.columns, answer.names, answer.values, job.kind === "relax");
          Object.assign(answer, JSON.parse(back));
          delete answer.names;
          delete answer.values;
        }
      }
      answer.ms = performance.now() - started;
      self.postMessage({ id: job.id, ok: true, answer });
    } finally {
      puzzle.free();
    }
  } catch (err) {
    self.postMessage({ id: job.id, ok: false, error: String(err && err.message ? err.message : err) });
  }
};
