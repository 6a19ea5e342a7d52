"""One puzzle over a Dask cluster (`Puzzle.solve(client=...)`): the native
solver's cubes as tasks on the workers, the answers merged and verified on
the client. On a LocalCluster of two worker processes, with a worker killed
mid-cube, and on a `dask scheduler` and `dask worker`s started apart. See
docs/distributed.md."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

import cagec
from cagec import _cubes
from conftest import ROOT, need

try:
    import distributed
except ImportError:  # a skip here, a failure under CI=true (need)
    distributed = None

PEER = ROOT / "fixtures" / "scale" / "peer"
HARD16 = PEER / "peer16-s1003.cage"
# Reaches the conflict-driven stage (7,284 conflicts on one thread).
HARD = PEER / "peer25-s1029.cage"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    need("dask.distributed (pip install dask[distributed]; scripts/test-python pins it)", distributed is not None)
    from distributed import Client, LocalCluster

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,
    ) as cluster, Client(cluster) as c:
        yield c


def assert_same_as_here(p: cagec.Puzzle, there: cagec.Solution) -> None:
    """Proved unique, the grid a solution and the one this process finds."""
    here = p.solve(unique=True, threads=1)
    assert there.unique is True, there
    assert there.grid == here.grid
    assert p.check(there.grid) == []


def test_a_hard_puzzle_by_cubes_on_the_workers(client: Any) -> None:
    p = cagec.Puzzle.from_file(HARD)
    s = p.solve(unique=True, client=client)
    assert_same_as_here(p, s)
    assert s.stats["stage"] == "cdcl"
    cubes = s.stats["cubes"]
    # Eight cubes per worker thread, every one searched.
    assert cubes["count"] >= 8
    assert cubes["satisfied"] == 1 and cubes["refuted"] + cubes["satisfied"] == cubes["count"], cubes
    assert s.stats["conflicts"] > 0


def test_an_easy_puzzle_needs_no_cubes(client: Any) -> None:
    p = cagec.Puzzle.from_file(ROOT / "fixtures" / "puzzles" / "kk2.cage")
    s = p.solve(unique=True, client=client)
    assert_same_as_here(p, s)
    assert "cubes" not in s.stats and s.stats["stage"] != "cdcl"


def test_every_solution_through_the_cluster(client: Any) -> None:
    # A puzzle of many solutions, settled before the split (the depth-first
    # search lists them): the cluster's answer is the split's own, every
    # solution once, as alone. That cubes partition the solutions is tested
    # on the Rust side (native::tests::the_cubes_partition_the_space).
    p = cagec.generate(6, seed=6, unique=False, ops="+", max_cage=6)
    here = p.solve(all=True, limit=100000, threads=1)
    assert here.complete and len(here.solutions) > 20
    # The core's record, as cagec solve --json prints it.
    there = json.loads(_cubes.solve(p, client, "all", 100000, None, cubes=16))
    assert there["complete"] is True
    assert sorted(there["grids"]) == sorted(here.solutions)
    assert there["solutions"] == len(here.solutions)
    first = p.solve(client=client)
    assert first.grid in here.solutions


def test_a_time_limit_bounds_the_whole_solve(client: Any) -> None:
    # Half a minute alone: a second is not enough, and the answer says so.
    p = cagec.Puzzle.from_file(PEER / "peer25-s1026.cage")
    s = p.solve(unique=True, client=client, time_limit=1.0)
    assert s.unique is None and s.grid is None


def test_bad_arguments_are_refused(client: Any) -> None:
    p = cagec.Puzzle.from_file(HARD16)
    with pytest.raises(ValueError, match="client="):
        p.solve(solver="highs", client=client)
    with pytest.raises(ValueError, match="client="):
        p.solve(threads=2, client=client)
    with pytest.raises(ValueError, match="outside a 16x16 grid"):
        cagec._core.solve_cube(p._core, [1] * 256, [(256, 1, True)], [], 2)
    with pytest.raises(ValueError, match="root has 3 cells"):
        cagec._core.solve_cube(p._core, [1, 1, 1], [], [], 2)


def test_a_worker_killed_mid_cube() -> None:
    # Few cubes of a hard 20×20, so each runs for a while; one worker is
    # killed while it solves one. Dask runs that cube again on a worker that
    # is left (the nanny restarts the killed one), and the answer is the
    # same as in this process.
    need("dask.distributed", distributed is not None)
    from distributed import Client, LocalCluster

    p = cagec.Puzzle.from_file(PEER / "peer20-s1005.cage")
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,
    ) as cluster, Client(cluster) as c:
        answer: Dict[str, Any] = {}
        solving = threading.Thread(
            target=lambda: answer.update(json.loads(_cubes.solve(p, c, "unique", 1000, None, cubes=4)))
        )
        solving.start()
        killed = None
        deadline = time.monotonic() + 120
        while killed is None and solving.is_alive() and time.monotonic() < deadline:
            busy = [addr for addr, keys in c.processing().items() if any("cagec-cube" in str(k) for k in keys)]
            if busy:
                time.sleep(0.3)  # into the cube's search
                pid = c.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed = pid
            time.sleep(0.05)
        solving.join(timeout=600)
        assert killed is not None, "a worker was killed while it solved a cube"
        assert not solving.is_alive()
        assert killed not in c.run(os.getpid).values()
    assert answer["unique"] is True
    here = p.solve(unique=True, threads=1)
    assert answer["grid"] == here.grid
    assert p.check(answer["grid"]) == []


def test_a_scheduler_and_workers_started_apart(tmp_path: Path) -> None:
    # The shape of a real cluster: `dask scheduler` and `dask worker`
    # processes, which import cagec from the same environment.
    need("dask.distributed", distributed is not None)
    from distributed import Client

    dask = [sys.executable, "-m", "dask"]
    file = tmp_path / "scheduler.json"
    started: List[subprocess.Popen[bytes]] = [
        subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                          "--scheduler-file", str(file)], cwd=tmp_path,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
    ]
    try:
        for _ in range(300):
            if file.exists() and file.stat().st_size:
                break
            time.sleep(0.1)
        started.append(
            subprocess.Popen([*dask, "worker", "--scheduler-file", str(file), "--nworkers", "2",
                              "--nthreads", "1", "--no-dashboard"], cwd=tmp_path,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        )
        p = cagec.Puzzle.from_file(HARD)
        with Client(scheduler_file=str(file), timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
            s = p.solve(unique=True, client=client)
            pids = set(client.run(os.getpid).values())
            client.shutdown()
    finally:
        for proc in started:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    assert len(pids) == 2 and os.getpid() not in pids
    assert_same_as_here(p, s)
    assert s.stats["cubes"]["count"] >= 16
