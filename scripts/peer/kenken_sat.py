#!/usr/bin/env python3
"""A second peer: KenKen puzzles made and proved unique with a SAT solver,
independent of cagec's code and of the CP-SAT peer (kenken_cpsat.py).

  generate  unique puzzles: a random Latin square (Jacobson-Matthews), cages
            of 1-6 cells grown by random walks, operations drawn per cage
            size (--products: the share of products among them);
            uniqueness proved by CaDiCaL 1.9.5 (python-sat's cadical195) on
            this script's own CNF: the direct encoding of the Latin square,
            supports for two-cell cages, a table of the allowed tuples (one
            selector each) for three-cell cages, and layers of partial sums
            or partial products for larger ones. While the planted square
            is not the only solution, a cage where a second solution differs
            gets a new clue or is split.

Used by `benches/scale.rs` (its held-out corpus) and nothing else in the
product. Puzzles are J-wiki cage lines (`11+,1 2 5 6`, cells numbered
row-major from 0), the format `cagec` reads.
"""

import argparse
import itertools
import json
import math
import subprocess
import tempfile
import os
import random
import sys
import time

from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

# ---------------------------------------------------------------- squares


def latin_square(n, rng):
    """A random Latin square: n^3 moves of the Jacobson-Matthews chain from
    the cyclic square, ending on a proper square. Row-major values 1..n."""
    cube = [[[int((r + c) % n == s) for s in range(n)] for c in range(n)] for r in range(n)]
    improper = None  # the cell holding -1, when the square is improper
    step, steps = 0, n**3 if n >= 2 else 0
    while step < steps or improper is not None:
        step += 1
        if improper is None:
            while True:
                r, c, s = rng.randrange(n), rng.randrange(n), rng.randrange(n)
                if cube[r][c][s] == 0:
                    break
            pick = lambda xs: xs[0]
        else:
            r, c, s = improper
            pick = rng.choice
        r2 = pick([i for i in range(n) if cube[i][c][s] == 1])
        c2 = pick([j for j in range(n) if cube[r][j][s] == 1])
        s2 = pick([k for k in range(n) if cube[r][c][k] == 1])
        for (a, b, k), d in (((r, c, s), 1), ((r, c2, s2), 1), ((r2, c, s2), 1), ((r2, c2, s), 1),
                             ((r, c, s2), -1), ((r, c2, s), -1), ((r2, c, s), -1), ((r2, c2, s2), -1)):
            cube[a][b][k] += d
        improper = (r2, c2, s2) if cube[r2][c2][s2] == -1 else None
    return [next(k + 1 for k in range(n) if cube[r][c][k] == 1) for r in range(n) for c in range(n)]


def check_latin(grid, n):
    for i in range(n):
        if len({grid[i * n + j] for j in range(n)}) != n:
            return False
        if len({grid[j * n + i] for j in range(n)}) != n:
            return False
    return True


# ---------------------------------------------------------------- cages

SIZES = [1, 2, 3, 4, 5, 6]
WEIGHTS = [2, 44, 30, 14, 7, 3]


def adjacent(i, n):
    r, c = divmod(i, n)
    out = []
    if r:
        out.append(i - n)
    if r + 1 < n:
        out.append(i + n)
    if c:
        out.append(i - 1)
    if c + 1 < n:
        out.append(i + 1)
    return out


def walk_cages(n, rng, weights):
    """Cells in row-major order start a cage each when free; the cage grows
    by a random walk from its newest cell (or any cell, when stuck)."""
    owner = [-1] * (n * n)
    cages = []
    for start in range(n * n):
        if owner[start] != -1:
            continue
        want = rng.choices(SIZES, weights)[0]
        cells = [start]
        owner[start] = len(cages)
        while len(cells) < want:
            grown = False
            for base in [cells[-1]] + rng.sample(cells, len(cells)):
                free = [j for j in adjacent(base, n) if owner[j] == -1]
                if free:
                    j = rng.choice(free)
                    owner[j] = len(cages)
                    cells.append(j)
                    grown = True
                    break
            if not grown:
                break
        cages.append(cells)
    return cages


def clue(cells, grid, rng, avoid=None, products=None):
    """An operation and target that `grid` meets on `cells` and, if given,
    `avoid` does not; None when no operation separates them. `products`:
    the chance that a cage of two cells or more tries a product first
    (None: the operations' own weights)."""
    vals = [grid[i] for i in cells]
    if len(vals) == 1:
        options = [("", vals[0])]
    elif len(vals) == 2:
        lo, hi = sorted(vals)
        options = [("-", hi - lo)] * 3 + [("+", lo + hi), ("*", lo * hi)]
        if hi % lo == 0:
            options += [("%", hi // lo)] * 3
    else:
        options = [("+", sum(vals))] * 3 + [("*", math.prod(vals))] * 2
    rng.shuffle(options)
    if products is not None and len(vals) > 1 and rng.random() < products:
        options.sort(key=lambda o: o[0] != "*")
    for op, t in options:
        if avoid is None or not meets(op, t, [avoid[i] for i in cells]):
            return op, t
    return None


def meets(op, t, vals):
    if op == "":
        return vals[0] == t
    if op == "+":
        return sum(vals) == t
    if op == "*":
        return math.prod(vals) == t
    lo, hi = min(vals), max(vals)
    return hi - lo == t if op == "-" else hi == t * lo


def pieces(cells, n):
    """The connected parts of `cells`."""
    left, parts = set(cells), []
    while left:
        todo = [left.pop()]
        part = list(todo)
        while todo:
            i = todo.pop()
            for j in adjacent(i, n):
                if j in left:
                    left.remove(j)
                    todo.append(j)
                    part.append(j)
        parts.append(part)
    return parts


# ---------------------------------------------------------------- CNF


class Cnf:
    def __init__(self, n):
        self.n = n
        self.top = n * n * n
        self.clauses = []

    def x(self, cell, v):
        return cell * self.n + v  # v in 1..n, variables 1..n^3

    def fresh(self):
        self.top += 1
        return self.top

    def exactly_one(self, lits):
        enc = CardEnc.equals(lits=lits, bound=1, top_id=self.top, encoding=EncType.seqcounter)
        self.top = max(self.top, enc.nv)
        self.clauses += enc.clauses

    def latin(self):
        n = self.n
        for i in range(n * n):
            self.exactly_one([self.x(i, v) for v in range(1, n + 1)])
        for a in range(n):
            for v in range(1, n + 1):
                self.exactly_one([self.x(a * n + b, v) for b in range(n)])
                self.exactly_one([self.x(b * n + a, v) for b in range(n)])

    def cage(self, op, t, cells):
        n = self.n
        if op == "":
            self.clauses.append([self.x(cells[0], t)])
        elif len(cells) == 2:
            # Two cells always share a line, so their values differ.
            a, b = cells
            for u in range(1, n + 1):
                ok = [w for w in range(1, n + 1) if meets(op, t, [u, w]) and w != u]
                self.clauses.append([-self.x(a, u)] + [self.x(b, w) for w in ok])
                self.clauses.append([-self.x(b, u)] + [self.x(a, w) for w in ok])
        elif len(cells) == 3:
            self.table(op, t, cells)
        else:
            self.layers(op, t, cells)

    def table(self, op, t, cells):
        """One selector per allowed tuple (values distinct where two cells
        share a line): some selector holds (no two can, as their tuples
        differ in a cell), a selector sets its values, and a value implies
        one of the selectors that have it, so that propagation removes every
        value no tuple supports."""
        n = self.n
        apart = [(i, j) for i in range(len(cells)) for j in range(i)
                 if cells[i] // n == cells[j] // n or cells[i] % n == cells[j] % n]
        rows = [vs for vs in itertools.product(range(1, n + 1), repeat=len(cells))
                if meets(op, t, list(vs)) and all(vs[i] != vs[j] for i, j in apart)]
        chosen = [self.fresh() for _ in rows]
        self.clauses.append(list(chosen))
        support = {}
        for s, vs in zip(chosen, rows):
            for cell, v in zip(cells, vs):
                self.clauses.append([-s, self.x(cell, v)])
                support.setdefault((cell, v), []).append(s)
        for cell in cells:
            for v in range(1, n + 1):
                self.clauses.append([-self.x(cell, v)] + support.get((cell, v), []))

    def layers(self, op, t, cells):
        """Partial results after each cell as variables; a step that
        overshoots (or leaves the divisors of t) is forbidden, and the last
        layer must be t."""
        n = self.n
        mul = op == "*"
        layer = {1 if mul else 0: self.fresh()}
        self.clauses.append([next(iter(layer.values()))])
        for cell in cells:
            nxt = {}
            for acc, s in layer.items():
                for v in range(1, n + 1):
                    to = acc * v if mul else acc + v
                    if to > t or (mul and t % to):
                        self.clauses.append([-s, -self.x(cell, v)])
                        continue
                    if to not in nxt:
                        nxt[to] = self.fresh()
                    self.clauses.append([-s, -self.x(cell, v), nxt[to]])
            layer = nxt
        for acc, s in layer.items():
            if acc != t:
                self.clauses.append([-s])


def second_solution(n, cages, grid, budget):
    """('unique', None), ('other', grid2) or ('unknown', None)."""
    cnf = Cnf(n)
    cnf.latin()
    for op, t, cells in cages:
        cnf.cage(op, t, cells)
    cnf.clauses.append([-cnf.x(i, grid[i]) for i in range(n * n)])
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as s:
        if budget:
            s.conf_budget(budget)
            found = s.solve_limited()
        else:
            found = s.solve()
        if found is None:
            return "unknown", None
        if not found:
            return "unique", None
        model = set(l for l in s.get_model() if l > 0)
    other = [next(v for v in range(1, n + 1) if cnf.x(i, v) in model) for i in range(n * n)]
    return "other", other


def quick_second(n, cages, grid, finder):
    """A second solution found quickly by another solver (`finder`, a cagec
    binary), or None. Only speeds up reshaping: the SAT proof alone decides
    that a puzzle is unique."""
    with tempfile.NamedTemporaryFile("w", suffix=".cage", delete=False) as f:
        f.write("".join(f"{t}{op},{' '.join(map(str, c))}\n" for op, t, c in cages))
    try:
        out = subprocess.run([finder, "solve", "--solver", "native", "--all", "--limit", "2",
                              "--json", "--time-limit", "10", f.name],
                             capture_output=True, text=True, check=False)
    finally:
        os.unlink(f.name)
    try:
        grids = json.loads(out.stdout).get("grids") or []
    except ValueError:
        return None
    flat = [[v for row in g for v in row] for g in grids]
    return next((g for g in flat if g != grid), None)


def unique_puzzle(n, seed, budget, weights, finder=None, products=None, verbose=False):
    rng = random.Random(seed)
    grid = latin_square(n, rng)
    assert check_latin(grid, n)
    cages = [(*clue(cells, grid, rng, products=products), cells)
             for cells in walk_cages(n, rng, weights)]
    reshapes = 0
    while True:
        start = time.perf_counter()
        other = quick_second(n, cages, grid, finder) if finder else None
        if other is not None:
            status, by = "other", "finder"
        else:
            (status, other), by = second_solution(n, cages, grid, budget), "CaDiCaL"
        if verbose:
            print(f"  seed {seed}, {len(cages)} cages: {status} by {by} "
                  f"in {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
        if status == "unique":
            return cages, grid, reshapes
        if status == "unknown":
            raise RuntimeError(f"size {n} seed {seed}: no answer within {budget} conflicts")
        reshapes += 1
        cell = rng.choice([i for i in range(n * n) if grid[i] != other[i]])
        k = next(k for k, (_, _, cs) in enumerate(cages) if cell in cs)
        cells = cages[k][2]
        new = clue(cells, grid, rng, avoid=other, products=products)
        if new is not None and rng.random() < 0.7:
            cages[k] = (*new, cells)
            continue
        rest = [i for i in cells if i != cell]
        cages[k : k + 1] = [(*clue(p, grid, rng, products=products), p)
                            for p in [[cell]] + pieces(rest, n)]


def write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["generate"])
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--budget", type=int, default=0,
                    help="conflicts per SAT call (0: none); a puzzle over it is skipped")
    ap.add_argument("--weights", default=",".join(map(str, WEIGHTS)),
                    help="relative weights of cage sizes 1..6 (default %(default)s)")
    ap.add_argument("--products", type=float,
                    help="the chance (0..1) that a cage of two cells or more is a product "
                    "where its values allow one (default: the operations' own weights)")
    ap.add_argument("--finder", help="a cagec binary that looks for a second solution "
                    "first while reshaping (the SAT solver still proves every puzzle unique)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="print every search for a second solution")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    os.makedirs(a.output, exist_ok=True)
    n = a.size
    for seed in range(a.seed, a.seed + a.count):
        start = time.perf_counter()
        try:
            weights = [float(w) for w in a.weights.split(",")]
            cages, grid, reshapes = unique_puzzle(n, seed, a.budget, weights, a.finder,
                                                  a.products, a.verbose)
        except RuntimeError as e:
            print(f"skipped: {e}", file=sys.stderr)
            continue
        cages.sort(key=lambda c: min(c[2]))
        name = os.path.join(a.output, f"sat{n}-s{seed}")
        finder = " --finder cagec" if a.finder else ""
        products = f" --products {a.products}" if a.products is not None else ""
        head = (f"# kenken_sat.py generate --size {n} --seed {seed} --weights {a.weights}"
                f"{products}{finder}: unique "
                f"(proved by CaDiCaL after {reshapes} reshapes)\n")
        write(name + ".cage", head + "".join(
            f"{t}{op},{' '.join(map(str, sorted(cells)))}\n" for op, t, cells in cages))
        write(name + ".grid", "".join(
            " ".join(map(str, grid[r * n:(r + 1) * n])) + "\n" for r in range(n)))
        print(f"{name}.cage: {len(cages)} cages, {reshapes} reshapes, "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
