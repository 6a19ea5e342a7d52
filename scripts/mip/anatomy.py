#!/usr/bin/env python3
"""Where a MIP solver spends its time on cagec's models: the table of
docs/lab/2026-11-25-mip-route.md ("The MIP route, taken apart").

For each puzzle, cagec's own driver runs the solver (`cagec solve --solver
highs|cbc --keep DIR`), so the runs are exactly the route a user gets,
options included:

- the first run, from a cold start: `cagec solve` (one solution);
- the no-good run of `--unique`: `cagec solve --unique --start native`, whose
  first run starts from the native solver's solution and is over at once,
  so the no-good run is reached whatever the first run would have cost.

SCIP has no LP driver in cagec: it reads the same two LP files that the
HiGHS runs kept, through PySCIPOpt, with one thread and the same limit.
From each run's log: the solver's presolve time, the root LP (time and the
integer columns it leaves fractional), the rest of the root (cuts,
heuristics), the search after it, nodes, and the time of the first
incumbent. For each puzzle, `cagec stats --root` gives the LP relaxation of
the model as written: x strictly between 0 and 1, simplex iterations, time.

Run it with the project's venv (PySCIPOpt, pinned by scripts/install-solvers):
  target/solvers/venv/bin/python scripts/mip/anatomy.py fixtures/scale/peer/peer16-s1003.cage
Options: --cagec PATH (default target/release/cagec), --limit SECONDS (per
run, default 60), --solvers highs,cbc,scip, any model flags after `--`
(default: the route `solve` takes, --formulation cover --presolve).
Prints a Markdown table. Times are wall seconds as each solver reports them.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def first(pattern, text, cast=float):
    m = re.search(pattern, text, re.M)
    return cast(m.group(1)) if m else None


def highs_table(log):
    """(time, LP iterations, best solution) of each line of HiGHS's B&B table."""
    rows = []
    for line in log.splitlines():
        m = re.match(
            r"^\s*\S?\s+(\d+)\s+(\d+)\s+(\d+)\s+[\d.]+%\s+(\S+)\s+(\S+)\s+.*?(\d+k?)\s+([\d.]+)s\s*$",
            line,
        )
        if m:
            iters = m.group(6)
            iters = int(iters[:-1]) * 1000 if iters.endswith("k") else int(iters)
            rows.append((int(m.group(1)), iters, m.group(5), float(m.group(7))))
    return rows


def highs_anatomy(log):
    """Figures of one HiGHS MIP log (HiGHS 1.15's report and B&B table)."""
    a = {
        "status": first(r"^\s*Status\s+(.+?)\s*$", log, str),
        "total": first(r"^\s*Timing\s+([\d.]+)", log),
        "presolve": first(r"^\s*([\d.]+) \(Presolve\)", log),
        "nodes": first(r"^\s*Nodes\s+(\d+)", log, int),
    }
    table = highs_table(log)
    # The first line is the root before its LP; the first with LP
    # iterations follows the root LP; the first past node 0 ends the root.
    start = table[0][3] if table else None
    lp = next((t for _, it, _, t in table if it > 0), None)
    root_end = next((t for proc, _, _, t in table if proc > 0), a["total"])
    a["root_lp"] = lp - start if lp is not None and start is not None else None
    a["root_rest"] = root_end - lp if lp is not None and root_end is not None else None
    a["search"] = a["total"] - root_end if a["total"] is not None and root_end is not None else None
    a["incumbent"] = next((t for _, _, sol, t in table if sol != "inf"), None)
    a["fractional"] = None
    return a


def cbc_anatomy(log):
    """Figures of one CBC log (cbcbox's CBC devel report)."""
    total = first(r"Total time \(Wallclock seconds\):\s+([\d.]+)", log)
    lp = re.search(r"LP Optimal — Frac: (\d+)/\d+.*?Time: ([\d.e+-]+)s", log)
    root_lp = float(lp.group(2)) if lp else None
    heur = first(r"Root node heuristics — .*? in ([\d.]+)s", log)
    status = first(r"^Result - (.+?)\s*$", log, str)
    if status is None and "infeasibility proved" in log:
        status = "Infeasible (bound tightening)"
    a = {
        "status": status,
        "total": total,
        "presolve": first(r"Preprocessing complete — Time: ([\d.e+-]+)s", log),
        "root_lp": root_lp,
        "fractional": int(lp.group(1)) if lp else None,
        "nodes": first(r"^Enumerated nodes:\s+(\d+)", log, int),
        "incumbent": first(r"(?:solution|Solution)[^\n]*?found[^\n]*?([\d.]+)\s*s", log),
    }
    root_end = (root_lp or 0) + (a["presolve"] or 0) + (heur or 0)
    a["root_rest"] = root_end - (root_lp or 0) if lp else None
    a["search"] = max(total - root_end, 0.0) if total is not None and lp else None
    return a


def scip_anatomy(lp_file, limit):
    """Solves `lp_file` with SCIP (PySCIPOpt, one thread) and reads its statistics."""
    from pyscipopt import Eventhdlr, Model, SCIP_EVENTTYPE

    class Root(Eventhdlr):
        """The fractional columns after the first LP, and when the root ends."""

        def eventinit(self):
            self.model.catchEvent(SCIP_EVENTTYPE.FIRSTLPSOLVED, self)
            self.model.catchEvent(SCIP_EVENTTYPE.NODESOLVED, self)

        def eventexec(self, event):
            if event.getType() == SCIP_EVENTTYPE.FIRSTLPSOLVED and self.fractional is None:
                self.fractional = self.model.getLPBranchCands()[3]
            elif self.root_end is None:
                self.root_end = self.model.getSolvingTime()

    m = Model()
    m.hideOutput()
    m.readProblem(str(lp_file))
    m.setParam("limits/time", float(limit))
    m.setParam("parallel/maxnthreads", 1)
    root = Root()
    root.fractional, root.root_end = None, None
    m.includeEventhdlr(root, "root", "the root node's figures")
    m.optimize()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "scip.stats"
        m.writeStatistics(str(path))
        stats = path.read_text()
    total = m.getSolvingTime()
    presolve = m.getPresolvingTime()
    first_lp = first(r"^\s*First LP Time\s*:\s*([\d.]+)", stats)
    root_end = root.root_end if root.root_end is not None else total
    # The root LP starts when presolving ends.
    lp_end = presolve + first_lp if first_lp is not None else None
    return {
        "status": m.getStatus(),
        "total": total,
        "presolve": presolve,
        "root_lp": first_lp,
        "root_rest": root_end - lp_end if lp_end is not None else None,
        "search": total - root_end,
        "nodes": m.getNNodes(),
        "incumbent": first(r"First Solution\s*:.*?nodes,\s*([\d.]+)\s*seconds", stats),
        "fractional": root.fractional,
    }


def cagec(bin_, *args):
    out = run([bin_, *args])
    if out.returncode not in (0, 1):
        sys.exit(f"anatomy: {' '.join(args)}: {out.stderr.strip()}")
    return out


def fmt(v, digits=2):
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--cagec", default=str(ROOT / "target/release/cagec"))
    ap.add_argument("--limit", type=float, default=60)
    ap.add_argument("--solvers", default="highs,cbc,scip")
    ap.add_argument("--json", action="store_true", help="one JSON object per run")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = ap.parse_args(argv[:cut])
    model = argv[cut + 1 :] or ["--formulation", "cover", "--presolve"]
    solvers = args.solvers.split(",")
    lim = str(args.limit)
    print(f"model flags: {' '.join(model)}; {lim} s per run, one thread\n")
    print(
        "| puzzle | root LP relaxation: fractional x, iterations, s | solver | run | status "
        "| total (s) | presolve (s) | root LP (s) | rest of root (s) | search (s) | nodes "
        "| first incumbent (s) | fractional integers after root LP |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for puzzle in args.puzzles:
        name = Path(puzzle).stem
        root = json.loads(cagec(args.cagec, "stats", puzzle, "--root", "--json", *model).stdout)
        r = root["root"]
        relax = f"{r['fractional_x']} of {r['x']}, {r['iterations']}, {fmt(r['seconds'])}"
        with tempfile.TemporaryDirectory(prefix="cagec-anatomy-") as tmp:
            files = {}
            for solver in [s for s in solvers if s != "scip"] or ["highs"]:
                for run_kind, extra in [("first", []), ("no-good", ["--unique", "--start", "native"])]:
                    d = Path(tmp) / f"{solver}-{run_kind}"
                    cagec(args.cagec, "solve", "--solver", solver, "--threads", "1", "--time-limit",
                          lim, "--keep", str(d), "--json", *extra, *model, puzzle)
                    suffix = ".cut1.lp" if run_kind == "no-good" else ".lp"
                    lp = next((p for p in d.iterdir() if p.name.endswith(suffix)
                               and (run_kind == "no-good" or ".cut" not in p.name)), None)
                    files[run_kind] = lp
                    if solver not in solvers or lp is None:
                        continue
                    log = (d / f"{lp.name}.{solver}.log").read_text()
                    a = highs_anatomy(log) if solver == "highs" else cbc_anatomy(log)
                    emit(args, name, relax, solver, run_kind, a)
            if "scip" in solvers:
                for run_kind in ["first", "no-good"]:
                    if files.get(run_kind) is not None:
                        emit(args, name, relax, "scip", run_kind, scip_anatomy(files[run_kind], args.limit))


def emit(args, name, relax, solver, run_kind, a):
    if args.json:
        print(json.dumps({"puzzle": name, "solver": solver, "run": run_kind, **a}))
        return
    print(
        f"| {name} | {relax} | {solver} | {run_kind} | {a['status']} | {fmt(a['total'])} "
        f"| {fmt(a['presolve'])} | {fmt(a['root_lp'])} | {fmt(a['root_rest'])} | {fmt(a['search'])} "
        f"| {fmt(a['nodes'])} | {fmt(a['incumbent'])} | {fmt(a['fractional'])} |",
        flush=True,
    )


if __name__ == "__main__":
    main()
