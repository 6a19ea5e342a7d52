"""Solve a family of puzzles on Dask, one row per puzzle: a recipe.

A family of puzzles is embarrassingly parallel: every puzzle is generated
and solved on its own, nothing passes between them, and each result is a
small row. This module maps that work over a ``dask.distributed`` cluster
and collects the rows as the tasks finish, in the order the puzzles were
given. A puzzle whose task fails (a text that does not parse, a solver that
is not installed, a time limit reached with no answer, a worker that died)
becomes a row with ``error`` set; the others complete.

Two ways to feed the cluster:

- :func:`solve_family` generates each ``(size, seed)`` on a worker
  (``cagec.generate``: the same seed gives the same puzzle on every
  machine) and solves it there: only two integers go out and a row comes back.
- :func:`solve_files` reads puzzle files on the client and ships each
  :class:`cagec.Puzzle` to a worker, pickled (a puzzle pickles as the text it
  was read from), so the workers need no shared file system. A file that
  does not read becomes an error row at once, with no task sent.

The scheduler and the workers need ``cagec`` installed (and the client's
versions of dask and distributed), not this file: the first call on a client
uploads it to them (``Client.upload_file``), so the same code runs on a
``LocalCluster`` and on a real cluster. Run it as a script to try it::

    python python/examples/dask_family.py                   # sizes 6..9, seeds 1..5
    python python/examples/dask_family.py --sizes 9-12 --seeds 1-20
    python python/examples/dask_family.py fixtures/puzzles/*.cage
    python python/examples/dask_family.py --scheduler tcp://HOST:8786 ...

It starts a ``LocalCluster`` of 2 worker processes with 1 thread each (or
connects to ``--scheduler``) and prints the table as CSV on stdout. See
docs/distributed.md.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import logging
import os
import sys
import time
import weakref
from typing import (
    TYPE_CHECKING,
    Any,
    Dict,
    Iterable,
    List,
    Optional,
    Sequence,
    TextIO,
    Tuple,
    Union,
)

import cagec

if TYPE_CHECKING:
    from distributed import Client

__all__ = ["FIELDS", "pairs", "solve_family", "solve_files", "write_csv"]

FIELDS = ("name", "size", "seed", "status", "unique", "seconds", "error")
"""The table's columns, in the CSV's order. Rows also carry ``grid`` (the
solution, or None) and ``pid`` (the worker process that solved it)."""

Row = Dict[str, Any]
Path = Union[str, "os.PathLike[str]"]


# What runs on a worker ------------------------------------------------------
#
# Plain module-level functions of built-in arguments; they return plain
# dicts, and raise on failure (the exception travels back to the client,
# pickled, and becomes an error row there).


def _solve(puzzle: cagec.Puzzle, solver: str, time_limit: Optional[float]) -> Row:
    # One solver thread per task: the worker's threads are the parallelism.
    s = puzzle.solve(solver, unique=True, time_limit=time_limit, threads=1)
    if s.status == "not-proven":
        # No answer: a time limit reached, or a solver that stopped early.
        # "none" is an answer (proved to have no solution): a row.
        kind = TimeoutError if s.stop == "time-limit" else RuntimeError
        raise kind(f"{puzzle.name}: no answer ({s.status_text}) after {s.seconds:.3f} s")
    return {
        "status": s.status,
        "unique": s.unique,
        "seconds": s.seconds,
        "error": None,
        "grid": s.grid,
        "pid": os.getpid(),
    }


def generate_and_solve(size: int, seed: int, solver: str = "native", time_limit: Optional[float] = None) -> Row:
    """Generates puzzle ``(size, seed)`` and solves it with ``unique=True``."""
    p = cagec.generate(size, seed=seed)
    return dict(_solve(p, solver, time_limit), name=p.name)


def solve_puzzle(puzzle: cagec.Puzzle, solver: str = "native", time_limit: Optional[float] = None) -> Row:
    """Solves a puzzle that came pickled from the client with ``unique=True``."""
    return _solve(puzzle, solver, time_limit)


# What runs on the client ----------------------------------------------------


def pairs(sizes: Iterable[int], seeds: Iterable[int]) -> List[Tuple[int, int]]:
    """Every ``(size, seed)``: the family of :func:`solve_family`."""
    return list(itertools.product(sizes, seeds))


def solve_family(
    client: Client,
    family: Iterable[Tuple[int, int]],
    *,
    solver: str = "native",
    time_limit: Optional[float] = None,
) -> List[Row]:
    """Generates and solves (``unique=True``) each ``(size, seed)`` of
    ``family`` on the workers of ``client``: one row per entry, in the
    order given. A task that raises gives a row with ``status`` ``error``
    and ``error`` naming the exception."""
    family = list(family)
    templates = [_template(f"kenken{n}-s{seed}", n, seed) for n, seed in family]
    _ship_to(client)
    futures = client.map(
        generate_and_solve,
        [n for n, _ in family],
        [seed for _, seed in family],
        solver=solver,
        time_limit=time_limit,
        pure=False,
    )
    return _collect(futures, templates)


def solve_files(
    client: Client,
    paths: Iterable[Path],
    *,
    solver: str = "native",
    time_limit: Optional[float] = None,
) -> List[Row]:
    """Reads each file on the client (``cagec.Puzzle.from_file``), ships the
    puzzles to the workers pickled, and solves them there with
    ``unique=True``: one row per file, in the order given, named after the
    file. A file that does not read gives an error row at once."""
    rows: List[Row] = []
    puzzles: List[cagec.Puzzle] = []
    slots: List[int] = []
    for i, path in enumerate(paths):
        name = os.path.basename(os.fspath(path))
        try:
            p = cagec.Puzzle.from_file(path)
        except Exception as e:  # ParseError, FileNotFoundError, OSError
            rows.append(_failed(_template(name, None, None), e))
            continue
        rows.append(_template(name, p.n, None))
        puzzles.append(p)
        slots.append(i)
    _ship_to(client)
    futures = client.map(solve_puzzle, puzzles, solver=solver, time_limit=time_limit, pure=False)
    done = _collect(futures, [rows[i] for i in slots])
    for row, i in zip(done, slots):
        rows[i] = row
    return rows


def write_csv(rows: Iterable[Row], out: TextIO = sys.stdout) -> None:
    """The table as CSV: the columns of :data:`FIELDS`, seconds to 0.1 ms,
    ``unique`` as true/false (empty when not settled), empty for None."""
    w = csv.writer(out, lineterminator="\n")
    w.writerow(FIELDS)
    for row in rows:
        w.writerow([_cell(k, row.get(k)) for k in FIELDS])


def _template(name: str, size: Optional[int], seed: Optional[int]) -> Row:
    return {"name": name, "size": size, "seed": seed, "status": None, "unique": None,
            "seconds": None, "error": None, "grid": None, "pid": None}


def _failed(template: Row, e: BaseException) -> Row:
    first = (str(e).strip().splitlines() or [""])[0]
    return dict(template, status="error", error=f"{type(e).__name__}: {first}")


def _collect(futures: Sequence[Any], templates: List[Row]) -> List[Row]:
    """The rows of ``futures`` (each over its template), in the order of the
    futures, gathered as they finish: one failure stops nothing."""
    from distributed import as_completed

    where = {f.key: j for j, f in enumerate(futures)}
    rows: List[Row] = list(templates)
    for future in as_completed(futures):
        j = where[future.key]
        try:
            rows[j] = dict(templates[j], **future.result())
        except Exception as e:  # raised in the task, or KilledWorker, CancelledError
            rows[j] = _failed(templates[j], e)
        future.release()
    return rows


def _ship_to(client: Client) -> None:
    """Makes this module importable on the scheduler and the workers, which
    unpickle tasks that name its functions: Dask's ``upload_file``, once per
    client; it reaches workers that join later too. ``load=False``: the file
    lands on their path and is imported when a task needs it, so a scheduler
    in this very process (a ``LocalCluster``) does not import a second copy
    over this one. A script's functions (``__main__``) travel by value."""
    if __name__ == "__main__" or client in _shipped:
        return
    client.upload_file(__file__, load=False)
    _shipped.add(client)


_shipped: "weakref.WeakSet[Any]" = weakref.WeakSet()


def _cell(key: str, value: Any) -> str:
    if value is None:
        return ""
    if key == "seconds":
        return f"{value:.4f}"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# The script -------------------------------------------------------------------


def _range(text: str) -> List[int]:
    """``7`` or ``6-9`` (inclusive) or ``6,8,10``."""
    out: List[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        description="Solve a family of puzzles on Dask and print the table as CSV.",
    )
    parser.add_argument("files", nargs="*", help="puzzle files (default: generate --sizes x --seeds on the workers)")
    parser.add_argument("--sizes", type=_range, default=_range("6-9"), help="sizes to generate: 9, 6-9 or 6,8 (default 6-9)")
    parser.add_argument("--seeds", type=_range, default=_range("1-5"), help="seeds per size (default 1-5)")
    parser.add_argument("--solver", default="native", help="native (default), highs, cbc or glpk")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per puzzle")
    parser.add_argument("--scheduler", help="a running scheduler's address (tcp://HOST:8786); default: a LocalCluster")
    parser.add_argument("--workers", type=int, default=2, help="LocalCluster worker processes (default 2), 1 thread each")
    args = parser.parse_args(argv)

    from distributed import Client, LocalCluster

    start = time.perf_counter()
    if args.scheduler:
        cluster = None
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        )
        client = Client(cluster)
    try:
        workers = len(client.scheduler_info()["workers"])
        began = time.perf_counter()
        if args.files:
            rows = solve_files(client, args.files, solver=args.solver, time_limit=args.time_limit)
        else:
            rows = solve_family(client, pairs(args.sizes, args.seeds), solver=args.solver, time_limit=args.time_limit)
        took = time.perf_counter() - began
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    write_csv(rows)
    failed = sum(1 for r in rows if r["error"])
    print(
        f"dask_family: {len(rows)} puzzles, {failed} failed, {took:.2f} s on {workers} workers "
        f"(start-up {began - start:.2f} s)",
        file=sys.stderr,
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
