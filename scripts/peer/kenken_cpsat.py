#!/usr/bin/env python3
"""The peer: KenKen with OR-Tools CP-SAT, independent of cagec's code.

Two jobs, both used by `benches/scale.rs` and nothing else in the product:

  generate  unique puzzles from a generator that is not cagec's: a random
            Latin square (Jacobson-Matthews), cages of 1-5 cells grown at
            random, Keen-like operations, uniqueness proved by CP-SAT;
  solve     a small CP-SAT model of each puzzle (AllDifferent rows and
            columns, linear sums, tables for *, - and /), solved once and,
            with --unique, again with a "differs from the first solution"
            constraint. Prints one JSON object a puzzle.

A product is a table of the value tuples that make it (distinct where two
cells share a line), not a multiplication equality: CP-SAT propagates the
equality on bounds only, and with tables it proves the hardest held-out
puzzles 1.5-8x faster. Sums stay linear: as tables they made the two
hardest 20x20s 3-12x slower (docs/lab/2026-11-26-native-solver.md, "A stronger peer").

Puzzles are J-wiki cage lines (`11+,1 2 5 6`, cells numbered row-major from
0), the format `cagec` reads.
"""

import argparse
import json
import math
import os
import random
import sys
import time

from ortools.sat.python import cp_model


# ---------------------------------------------------------------- puzzles


def read_puzzle(path):
    """(n, [(target, op, [cells])]) from J-wiki cage lines."""
    cages = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#") or "," not in line:
                continue
            clue, cells = line.split(",", 1)
            op = clue[-1] if clue[-1] in "+-*%" else ""
            target = int(clue[:-1] if op else clue)
            cages.append((target, op, [int(c) for c in cells.split()]))
    count = sum(len(c) for _, _, c in cages)
    n = math.isqrt(count)
    if n * n != count:
        raise SystemExit(f"{path}: {count} cells is not a square")
    return n, cages


def write_puzzle(path, n, cages, header):
    text = f"# {header}\n" + "".join(
        f"{t}{op},{' '.join(map(str, sorted(cells)))}\n" for t, op, cells in cages
    )
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


# ---------------------------------------------------------------- CP-SAT


def build(n, cages):
    m = cp_model.CpModel()
    x = [m.new_int_var(1, n, f"x{i}") for i in range(n * n)]
    for r in range(n):
        m.add_all_different(x[r * n : r * n + n])
    for c in range(n):
        m.add_all_different(x[c::n])
    for target, op, cells in cages:
        vs = [x[i] for i in cells]
        if op == "":
            m.add(vs[0] == target)
        elif op == "+":
            m.add(sum(vs) == target)
        elif op == "*":
            m.add_allowed_assignments(vs, product_tuples(n, target, cells))
        elif op in "-%":
            pairs = []
            for a in range(1, n + 1):
                for b in range(1, n + 1):
                    lo, hi = min(a, b), max(a, b)
                    if (op == "-" and hi - lo == target) or (op == "%" and hi == lo * target):
                        pairs.append((a, b))
            m.add_allowed_assignments(vs, pairs)
    return m, x


def product_tuples(n, target, cells):
    """The values of `cells` (each 1..n) whose product is `target`, distinct
    wherever two cells share a row or a column."""
    out = []

    def extend(vals, rest):
        i = len(vals)
        if i == len(cells):
            if rest == 1:
                out.append(tuple(vals))
            return
        r, c = divmod(cells[i], n)
        for v in range(1, n + 1):
            if rest % v:
                continue
            if any(
                vals[j] == v and (cells[j] // n == r or cells[j] % n == c) for j in range(i)
            ):
                continue
            extend(vals + [v], rest // v)

    extend([], target)
    return out


def solver(workers, limit):
    s = cp_model.CpSolver()
    s.parameters.num_workers = workers
    s.parameters.max_time_in_seconds = limit
    return s


def solve_twice(n, cages, workers, limit, unique):
    """(status, grid, seconds, branches): status is 'unique', 'not-unique',
    'solved' (without --unique), 'infeasible' or 'time-limit'."""
    start = time.perf_counter()
    m, x = build(n, cages)
    s = solver(workers, limit)
    st = s.solve(m)
    branches = s.num_branches
    if st not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        word = "infeasible" if st == cp_model.INFEASIBLE else "time-limit"
        return word, None, time.perf_counter() - start, branches
    grid = [s.value(v) for v in x]
    if not unique:
        return "solved", grid, time.perf_counter() - start, branches
    differs = []
    for i, v in enumerate(x):
        b = m.new_bool_var(f"d{i}")
        m.add(v != grid[i]).only_enforce_if(b)
        differs.append(b)
    m.add_bool_or(differs)
    left = max(0.01, limit - (time.perf_counter() - start))
    s2 = solver(workers, left)
    st2 = s2.solve(m)
    branches += s2.num_branches
    seconds = time.perf_counter() - start
    if st2 == cp_model.INFEASIBLE:
        return "unique", grid, seconds, branches
    if st2 in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "not-unique", [s2.value(v) for v in x], seconds, branches
    return "time-limit", grid, seconds, branches


# ---------------------------------------------------------------- generator


def latin_square(n, rng):
    """A random Latin square by the Jacobson-Matthews Markov chain, n^3 moves."""
    cube = [[[0] * n for _ in range(n)] for _ in range(n)]
    for r in range(n):
        for c in range(n):
            cube[r][c][(r + c) % n] = 1

    def move(r, c, s, improper):
        # A 1 on each line through (r, c, s); two when improper, one drawn.
        ones = lambda cells: [k for k, v in cells if v == 1]
        pick = (lambda xs: rng.choice(xs)) if improper else (lambda xs: xs[0])
        r2 = pick(ones((i, cube[i][c][s]) for i in range(n)))
        c2 = pick(ones((j, cube[r][j][s]) for j in range(n)))
        s2 = pick(ones((k, cube[r][c][k]) for k in range(n)))
        for a, b, k, d in (
            (r, c, s, 1), (r, c2, s2, 1), (r2, c, s2, 1), (r2, c2, s, 1),
            (r, c, s2, -1), (r, c2, s, -1), (r2, c, s, -1), (r2, c2, s2, -1),
        ):
            cube[a][b][k] += d
        return (r2, c2, s2) if cube[r2][c2][s2] == -1 else None

    # Below n = 2 there is one square and no empty entry to move to.
    improper, step, moves = None, 0, n**3 if n >= 2 else 0
    while step < moves or improper is not None:  # end on a proper square
        step += 1
        if improper is None:
            while True:
                r, c, s = rng.randrange(n), rng.randrange(n), rng.randrange(n)
                if cube[r][c][s] == 0:
                    break
            improper = move(r, c, s, False)
        else:
            improper = move(*improper, True)
    return [next(k + 1 for k in range(n) if cube[r][c][k] == 1) for r in range(n) for c in range(n)]


CAGE_SIZES = [1, 2, 3, 4, 5]
CAGE_WEIGHTS = [4, 40, 32, 16, 8]


def neighbours(i, n):
    r, c = divmod(i, n)
    if r > 0:
        yield i - n
    if r + 1 < n:
        yield i + n
    if c > 0:
        yield i - 1
    if c + 1 < n:
        yield i + 1


def regions(n, rng):
    owner = [-1] * (n * n)
    order = list(range(n * n))
    rng.shuffle(order)
    out = []
    for start in order:
        if owner[start] != -1:
            continue
        size = rng.choices(CAGE_SIZES, CAGE_WEIGHTS)[0]
        cells = [start]
        owner[start] = len(out)
        while len(cells) < size:
            frontier = sorted({j for i in cells for j in neighbours(i, n) if owner[j] == -1})
            if not frontier:
                break
            j = rng.choice(frontier)
            owner[j] = len(out)
            cells.append(j)
        out.append(cells)
    return out


def clue(cells, grid, rng, avoid=None):
    """A Keen-like clue for cells that grid meets (and `avoid` breaks, if given)."""
    vals = [grid[i] for i in cells]
    options = []
    if len(vals) == 1:
        options = [(vals[0], "")]
    elif len(vals) == 2:
        lo, hi = sorted(vals)
        if hi % lo == 0:
            options += [(hi // lo, "%")] * 3
        options += [(hi - lo, "-")] * 2 + [(sum(vals), "+"), (lo * hi, "*")]
    else:
        options = [(sum(vals), "+"), (math.prod(vals), "*")]
    rng.shuffle(options)
    for t, op in options:
        if avoid is None or not holds(t, op, [avoid[i] for i in cells]):
            return t, op
    return None


def holds(t, op, vals):
    if op == "":
        return vals[0] == t
    if op == "+":
        return sum(vals) == t
    if op == "*":
        return math.prod(vals) == t
    lo, hi = min(vals), max(vals)
    return hi - lo == t if op == "-" else hi == lo * t


def connected_parts(cells, n):
    left, parts = set(cells), []
    while left:
        stack = [left.pop()]
        part = list(stack)
        while stack:
            i = stack.pop()
            for j in neighbours(i, n):
                if j in left:
                    left.remove(j)
                    stack.append(j)
                    part.append(j)
        parts.append(part)
    return parts


def second_solution(n, cages, finder, limit):
    """A quick look for two solutions with another solver; None when it cannot
    tell in `limit` seconds. Used only to speed up reshaping: CP-SAT alone
    decides that a puzzle is unique, so the corpus does not depend on it."""
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".cage", delete=False) as f:
        f.write("".join(f"{t}{op},{' '.join(map(str, sorted(c)))}\n" for t, op, c in cages))
    try:
        out = subprocess.run(
            [finder, "solve", "--solver", "native", "--all", "--limit", "2", "--json",
             "--time-limit", str(limit), f.name],
            capture_output=True, text=True, check=False,
        )
    finally:
        os.unlink(f.name)
    try:
        record = json.loads(out.stdout)
    except ValueError:
        return None
    grids = record.get("grids") or []
    if len(grids) < 2:
        return None
    return [[v for row in g for v in row] for g in grids[:2]]


def unique_puzzle(n, seed, workers, limit, finder=None, finder_limit=10.0):
    rng = random.Random(seed)
    grid = latin_square(n, rng)
    cages = [(*clue(cells, grid, rng), cells) for cells in regions(n, rng)]
    reshapes = 0
    while True:
        two = second_solution(n, cages, finder, finder_limit) if finder else None
        if two is not None:
            status, other = "not-unique", two[1] if two[0] == grid else two[0]
        else:
            status, other, _, _ = solve_twice(n, cages, workers, limit, True)
        if status == "unique":
            return cages, grid, reshapes
        if status != "not-unique":
            raise RuntimeError(f"size {n} seed {seed}: CP-SAT said {status}")
        if other == grid:  # found our square second: the first one differs
            _, first, _, _ = solve_twice(n, cages, workers, limit, False)
            other = first
        reshapes += 1
        differ = [i for i in range(n * n) if grid[i] != other[i]]
        cell = rng.choice(differ)
        k = next(k for k, (_, _, cs) in enumerate(cages) if cell in cs)
        cells = cages[k][2]
        new = clue(cells, grid, rng, avoid=other)
        if new is not None:
            cages[k] = (*new, cells)
            continue
        rest = [i for i in cells if i != cell]
        parts = [[cell]] + connected_parts(rest, n)
        cages[k : k + 1] = [(*clue(p, grid, rng), p) for p in parts]


# ---------------------------------------------------------------- commands


def cmd_generate(a):
    os.makedirs(a.output, exist_ok=True)
    for seed in range(a.seed, a.seed + a.count):
        start = time.perf_counter()
        try:
            cages, grid, reshapes = unique_puzzle(
                a.size, seed, a.workers, a.time_limit, a.finder, a.finder_limit
            )
        except RuntimeError as e:
            # Skipped, not retried: the corpus keeps what CP-SAT could prove.
            print(f"skipped: {e}", file=sys.stderr)
            continue
        cages.sort(key=lambda c: min(c[2]))
        name = os.path.join(a.output, f"peer{a.size}-s{seed}")
        write_puzzle(
            name + ".cage",
            a.size,
            cages,
            f"kenken_cpsat.py generate --size {a.size} --seed {seed}"
            f"{' --finder cagec' if a.finder else ''}: "
            f"unique (proved by CP-SAT after {reshapes} reshapes)",
        )
        with open(name + ".grid", "w", encoding="utf-8") as f:
            for r in range(a.size):
                f.write(" ".join(map(str, grid[r * a.size : (r + 1) * a.size])) + "\n")
        print(f"{name}.cage: {len(cages)} cages, {reshapes} reshapes, "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr)


def cmd_solve(a):
    for path in a.puzzles:
        n, cages = read_puzzle(path)
        status, grid, seconds, branches = solve_twice(n, cages, a.workers, a.time_limit, a.unique)
        print(json.dumps({
            "file": path, "n": n, "status": status, "seconds": round(seconds, 4),
            "branches": branches,
            "grid": None if grid is None else [grid[r * n : (r + 1) * n] for r in range(n)],
        }), flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="unique puzzles proved by CP-SAT")
    g.add_argument("--size", type=int, required=True)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--count", type=int, default=1)
    g.add_argument("--workers", type=int, default=2)
    g.add_argument("--time-limit", type=float, default=600.0)
    g.add_argument("-o", "--output", required=True)
    g.add_argument(
        "--finder",
        help="a cagec binary that looks for a second solution first while "
        "reshaping (CP-SAT still proves every puzzle unique)",
    )
    g.add_argument(
        "--finder-limit", type=float, default=10.0,
        help="seconds the finder may look for a second solution before "
        "CP-SAT is asked (large puzzles need more than the default)",
    )
    s = sub.add_parser("solve", help="solve puzzles, one JSON line each")
    s.add_argument("puzzles", nargs="+")
    s.add_argument("--unique", action="store_true")
    s.add_argument("--workers", type=int, default=1)
    s.add_argument("--time-limit", type=float, default=20.0)
    a = p.parse_args()
    {"generate": cmd_generate, "solve": cmd_solve}[a.cmd](a)


if __name__ == "__main__":
    main()
