#!/usr/bin/env python3
"""Native engines on the same puzzles under all eight reflections.

A puzzle's rows and columns can be reflected and transposed (eight ways)
without changing how hard it is; the cell numbering changes, and with it the
order in which a CDCL solver meets the variables. One orientation can be
lucky or unlucky by a factor of two or more, so engines are compared on the
median of the eight. Each run is `cagec solve --unique --json` with a time
limit; a run counts as proved when cagec reports the puzzle unique with the
grid given next to it (`.grid`, reflected the same way) or, without one,
unique at all.

  scripts/bench-reflections.py --engine cadical=target/release/cagec \\
      --engine lcg=target/no-cdcl/release/cagec \\
      fixtures/scale/peer/peer20-s1001.cage fixtures/scale/peer/peer25-s1002.cage

Build the second engine, cagec without CaDiCaL (the WebAssembly page's
lazy clause generation), with
`cargo build --release --no-default-features --features cli --target-dir target/no-cdcl`.
Prints a Markdown table. Not run by the tests: it is a benchmark.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def read_cages(path):
    """(header lines, [(clue, cells)]) of a J-wiki cage-line file."""
    cages = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            clue, cells = line.split(",", 1)
            cages.append((clue, [int(c) for c in cells.split()]))
    return cages


def reflect(i, n, t):
    """Cell i of an n×n grid under transformation t (bit 0 flips rows, bit 1
    flips columns, bit 2 transposes)."""
    r, c = divmod(i, n)
    if t & 1:
        r = n - 1 - r
    if t & 2:
        c = n - 1 - c
    if t & 4:
        r, c = c, r
    return r * n + c


def size(cages):
    cells = 1 + max(max(cs) for _, cs in cages)
    n = round(cells**0.5)
    if n * n != cells:
        sys.exit(f"cells 0..{cells - 1} do not make a square grid")
    return n


def write_reflection(cages, grid, n, t, stem):
    with open(stem + ".cage", "w", encoding="utf-8") as f:
        for clue, cells in cages:
            moved = sorted(reflect(i, n, t) for i in cells)
            f.write(f"{clue},{' '.join(map(str, moved))}\n")
    if grid is None:
        return None
    out = [0] * (n * n)
    for i, v in enumerate(grid):
        out[reflect(i, n, t)] = v
    return [out[r * n : (r + 1) * n] for r in range(n)]


def run(engine, path, limit):
    start = time.perf_counter()
    proc = subprocess.run(
        [engine, "solve", "--unique", "--json", "--time-limit", str(limit), path],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    try:
        record = json.loads(proc.stdout)
    except ValueError:
        return seconds, None
    if isinstance(record, list):
        record = record[0]
    return seconds, record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", action="append", required=True, metavar="LABEL=CAGEC")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per run")
    ap.add_argument("puzzles", nargs="+")
    a = ap.parse_args()
    engines = [e.split("=", 1) for e in a.engine]
    if any(len(e) != 2 for e in engines):
        sys.exit("--engine takes LABEL=PATH")
    print("| puzzle | engine | proved | median (s) | max (s) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for puzzle in a.puzzles:
            cages = read_cages(puzzle)
            n = size(cages)
            grid_path = puzzle[: -len(".cage")] + ".grid"
            grid = None
            if os.path.exists(grid_path):
                with open(grid_path, encoding="utf-8") as f:
                    grid = [int(v) for v in f.read().split()]
            name = os.path.basename(puzzle)[: -len(".cage")]
            files = []
            for t in range(8):
                stem = os.path.join(tmp, f"{name}-t{t}")
                files.append((stem + ".cage", write_reflection(cages, grid, n, t, stem)))
            for label, engine in engines:
                times, proved = [], 0
                for path, expected in files:
                    seconds, record = run(engine, path, a.limit)
                    times.append(seconds)
                    ok = record is not None and record.get("uniqueness") == "unique"
                    if ok and expected is not None:
                        ok = record.get("grid") == expected
                    proved += ok
                print(
                    f"| {name} | {label} | {proved}/8 | {statistics.median(times):.2f} "
                    f"| {max(times):.2f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
