#!/usr/bin/env python3
"""HiGHS in process (highspy) against the `highs` binary, from Python.

Both routes are one `Puzzle.solve("highs", unique=True)`: the same model
file, decoding, verification and no-good; only what reads the file differs
(highspy in this process, or the binary as a child process). Each puzzle is
solved `--repeat` times by each route, alternating, after one untimed
warm-up of each (highspy's import, the binary's page cache); a puzzle's time
is the median of its repeats. Prints a Markdown table per corpus: median and
maximum over the puzzles, and the ratio of the medians.

  target/solvers/venv/bin/python scripts/bench-highspy.py            # Keen 9x9s, 16x16 peers
  target/solvers/venv/bin/python scripts/bench-highspy.py --repeat 1 fixtures/scale/peer/peer20-*.cage

Needs the wheel and highspy in that Python (scripts/test-python installs
both) and `highs` on PATH (`eval "$(scripts/install-solvers)"`). A benchmark,
not a test: run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import cagec

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {
    "Keen 9×9 (fixtures/keen9)": sorted((ROOT / "fixtures" / "keen9").glob("*.keen")),
    "peer 16×16 (fixtures/scale/peer)": sorted((ROOT / "fixtures" / "scale" / "peer").glob("peer16-*.cage")),
}


def timed(puzzle: cagec.Puzzle, in_process: bool, time_limit: float) -> float:
    start = time.perf_counter()
    s = puzzle.solve("highs", unique=True, in_process=in_process, time_limit=time_limit)
    seconds = time.perf_counter() - start
    want = "highspy" if in_process else "highs"
    if s.program != want or s.unique is not True:
        sys.exit(f"bench-highspy: {puzzle.name}: {s!r} (program {s.program}, wanted {want})")
    return seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("puzzles", nargs="*", type=Path, help="puzzle files (default: the two corpora)")
    ap.add_argument("--repeat", type=int, default=5, help="timed solves per puzzle and route")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per HiGHS run")
    args = ap.parse_args()
    corpora = {"the puzzles given": args.puzzles} if args.puzzles else CORPORA
    print("| corpus | puzzles | route | median (s) | max (s) |")
    print("|---|---|---|---|---|")
    for name, paths in corpora.items():
        times: dict = {True: [], False: []}
        for path in paths:
            puzzle = cagec.Puzzle.from_file(path)
            for linked in (True, False):
                timed(puzzle, linked, args.time_limit)
            runs: dict = {True: [], False: []}
            for _ in range(args.repeat):
                for linked in (True, False):
                    runs[linked].append(timed(puzzle, linked, args.time_limit))
            for linked in (True, False):
                times[linked].append(statistics.median(runs[linked]))
        for linked, route in ((True, "highspy, in process"), (False, "highs binary")):
            t = times[linked]
            print(f"| {name} | {len(t)} | {route} | {statistics.median(t):.4f} | {max(t):.4f} |")
        ratio = statistics.median(times[True]) / statistics.median(times[False])
        print(f"| {name} | | in process / binary, medians | {ratio:.2f}× | |")


if __name__ == "__main__":
    main()
