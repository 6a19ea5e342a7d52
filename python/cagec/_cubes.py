"""One puzzle over a Dask cluster (``Puzzle.solve(client=...)``): the native
solver's search is split into cubes here, each cube is a task on the
workers, and the answers are merged and verified here. A task is a pure
function of plain values (the puzzle, the root the cubes start from, the
cube, the solutions to skip), so Dask may run it again on another worker
when one is lost. See docs/distributed.md."""

from __future__ import annotations

import hashlib
import importlib
import json
import time
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from . import _core

if TYPE_CHECKING:
    from ._puzzle import Puzzle

#: Cubes per worker thread of the cluster, when not told: several per
#: thread, so that a worker done early takes another cube instead of waiting
#: for the slowest (the native solver's own ``CUBES_PER_THREAD``).
CUBES_PER_THREAD = 8


def solve_cube(
    puzzle: "Puzzle",
    root: List[int],
    cube: List[Tuple[int, int, bool]],
    known: List[List[List[int]]],
    wanted: int,
    time_limit: Optional[float],
) -> Dict[str, Any]:
    """The task: one cube, solved on one thread where it runs."""
    return _core.solve_cube(puzzle._core, root, cube, known, wanted, time_limit)


def solve(
    puzzle: "Puzzle",
    client: Any,
    mode: str,
    limit: int,
    time_limit: Optional[float],
    cubes: Optional[int] = None,
) -> str:
    """The record ``_core.solve`` returns (JSON), by cubes on ``client``'s workers."""
    # Imported by name: dask is not a dependency of cagec, and its types
    # need not be known to check this module.
    wait = importlib.import_module("distributed").wait
    start = time.perf_counter()
    if cubes is None:
        threads = sum(client.nthreads().values())
        cubes = CUBES_PER_THREAD * max(threads, 1)
    plan = _core.split(puzzle._core, mode, limit, cubes, time_limit)
    results: List[Tuple[int, Dict[str, Any]]] = []
    if plan.cubes:
        known = plan.found
        wanted = plan.wanted - len(known)
        root = plan.root
        # Keys from the arguments: the same cube is the same task, and a
        # task Dask runs again gives the same answer.
        base = hashlib.sha256(
            json.dumps([puzzle.format, puzzle.source, puzzle.rules, puzzle.box_size, root, known, wanted,
                        time_limit]).encode()
        ).hexdigest()[:16]
        futures = [
            client.submit(solve_cube, puzzle, root, cube, known, wanted, time_limit, key=f"cagec-cube-{base}-{i}",
                          pure=True)
            for i, cube in enumerate(plan.cubes)
        ]
        index = {f.key: i for i, f in enumerate(futures)}
        found = {json.dumps(g) for g in known}
        pending = set(futures)
        try:
            while pending and len(found) < plan.wanted:
                left = None if time_limit is None else time_limit - (time.perf_counter() - start)
                if left is not None and left <= 0:
                    break
                try:
                    done, not_done = wait(list(pending), timeout=left, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    break
                pending = set(not_done)
                # In the order the cubes were made, whatever order they came in.
                for future in sorted(done, key=lambda f: index[f.key]):
                    result: Dict[str, Any] = future.result()
                    results.append((index[future.key], result))
                    found.update(json.dumps(g) for g in result["solutions"])
        finally:
            client.cancel(list(pending))
    return _core.merge_cubes(puzzle._core, plan, results, time.perf_counter() - start)
