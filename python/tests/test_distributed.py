"""The Dask recipe (python/examples/dask_family.py) on a real cluster: a
LocalCluster of two worker processes, each puzzle generated or shipped
pickled, solved there, and checked here. See docs/distributed.md."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

import cagec
from conftest import PUZZLES, ROOT, need

EXAMPLES = ROOT / "python" / "examples"
sys.path.insert(0, str(EXAMPLES))
import dask_family  # noqa: E402

try:
    import distributed
except ImportError:  # a skip here, a failure under CI=true (need)
    distributed = None

# The hardest held-out puzzle: half a minute for the native solver on an idle
# machine, far more than HARD_LIMIT anywhere.
HARD = ROOT / "fixtures" / "scale" / "peer" / "peer25-s1026.cage"
# A time limit HARD cannot meet, and the others (milliseconds) always do.
HARD_LIMIT = 2.0
# How long the processes of a cluster may take to start (imports, the
# first connection): only a hung test waits it out.
STARTS_WITHIN = 300


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    need("dask.distributed (pip install dask[distributed]; scripts/test-python pins it)", distributed is not None)
    import dask
    from distributed import Client, LocalCluster

    # A task that kills its worker once is reported at once (the default
    # retries it on 3 more workers first): see test_a_worker_that_dies.
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.CRITICAL,
    ) as cluster, Client(cluster) as c:
        yield c


def worker_pids(client: Any) -> set:
    return set(client.run(os.getpid).values())


def assert_solved(row: Dict[str, Any], p: cagec.Puzzle, pids: set) -> None:
    """A good row: solved, proved unique, the grid a solution here, and the
    very grid the native solver finds in this process."""
    assert row["error"] is None, row
    assert (row["status"], row["unique"], row["size"]) == ("found", True, p.n), row
    assert p.check(row["grid"]) == []
    assert row["grid"] == p.solve(unique=True).grid
    assert row["pid"] in pids and row["pid"] != os.getpid()
    assert row["seconds"] >= 0


def test_family_generated_on_the_workers(client: Any) -> None:
    family = dask_family.pairs([6, 7, 8], [1, 2, 3])
    family.insert(4, (65, 1))  # beyond the native solver's 64: generate raises
    family.pop()  # 8 good puzzles and the bad one
    rows = dask_family.solve_family(client, family)

    assert [(r["size"], r["seed"]) for r in rows] == family
    # The recipe uploaded itself without replacing the module imported here
    # (this LocalCluster's scheduler runs in this process).
    assert sys.modules["dask_family"] is dask_family
    pids = worker_pids(client)
    for (n, seed), row in zip(family, rows):
        if n == 65:
            assert row["status"] == "error" and row["grid"] is None
            assert row["error"].startswith("ValueError: size must be in 1..=64"), row
            assert row["name"] == "kenken65-s1"
            continue
        # The same seed gives the same puzzle on every machine and process.
        p = cagec.generate(n, seed=seed)
        assert row["name"] == p.name == f"kenken{n}-s{seed}"
        assert_solved(row, p, pids)


def test_files_shipped_pickled(client: Any, tmp_path: Path) -> None:
    paths: List[Path] = []
    for n, seed in [(6, 11), (7, 12), (8, 13)]:
        path = tmp_path / f"family-{n}-{seed}.cage"
        path.write_text(cagec.generate(n, seed=seed).to_text())
        paths.append(path)
    bad = tmp_path / "bad.cage"
    bad.write_text("11^,1 2 5 6\n")
    paths[1:1] = [bad, HARD, tmp_path / "missing.cage"]
    paths += [PUZZLES / "kk2.cage", PUZZLES / "melkonian5.dat", PUZZLES / "map5.cmap"]

    rows = dask_family.solve_files(client, paths, time_limit=HARD_LIMIT)

    assert [r["name"] for r in rows] == [p.name for p in paths]
    by_name = {r["name"]: r for r in rows}
    failed = {name for name, r in by_name.items() if r["error"]}
    assert failed == {"bad.cage", HARD.name, "missing.cage"}
    assert by_name["bad.cage"]["error"].startswith(f"ParseError: {bad}:1:3: error: expected an operation")
    assert by_name["missing.cage"]["error"].startswith("FileNotFoundError: ")
    hard = by_name[HARD.name]
    assert hard["error"].startswith("TimeoutError: peer25_s1026: no answer (time limit reached)"), hard
    assert (hard["status"], hard["size"], hard["grid"]) == ("error", 25, None)

    pids = worker_pids(client)
    for path in paths:
        if path.name not in failed:
            assert_solved(by_name[path.name], cagec.Puzzle.from_file(path), pids)


def test_a_solver_that_is_not_installed(client: Any) -> None:
    # CBC pointed at nothing on the workers only: every task fails alone.
    client.run(os.environ.__setitem__, "CAGEC_CBC", "/nonexistent/cbc")
    try:
        rows = dask_family.solve_family(client, [(5, 1), (5, 2)], solver="cbc")
    finally:
        client.run(os.environ.pop, "CAGEC_CBC", None)
    assert [r["status"] for r in rows] == ["error", "error"]
    for row in rows:
        assert row["error"].startswith("SolverNotFoundError: cbc not found: CAGEC_CBC=/nonexistent/cbc"), row


def test_puzzles_cross_to_a_worker_and_back(client: Any) -> None:
    # Every format, as the worker sees it: the same puzzle, name and format.
    puzzles = [cagec.Puzzle.from_file(PUZZLES / f) for f in ("kk0.cage", "melkonian5.dat", "map5.cmap", "keen6u.keen")]
    puzzles += [cagec.Puzzle.parse("3:a_3aab_,a4s1s1m18"), cagec.generate(9, seed=4)]
    seen = client.gather(client.map(lambda p: (p, p.name, p.format, p.n), puzzles, pure=False))
    assert seen == [(p, p.name, p.format, p.n) for p in puzzles]


def test_a_worker_that_dies(client: Any) -> None:
    # Last of the tests on the shared cluster: one worker is lost here.
    def die() -> None:
        os._exit(1)

    futures = [
        client.submit(dask_family.generate_and_solve, 6, 1, pure=False),
        client.submit(die, pure=False),
        client.submit(dask_family.generate_and_solve, 6, 2, pure=False),
    ]
    templates = [dask_family._template(name, 6, None) for name in ("kenken6-s1", "die", "kenken6-s2")]
    rows = dask_family._collect(futures, templates)
    assert [(r["name"], r["status"]) for r in rows] == [
        ("kenken6-s1", "found"), ("die", "error"), ("kenken6-s2", "found")]
    assert rows[1]["error"].startswith("KilledWorker: "), rows[1]


def test_a_cluster_that_lacks_the_recipe(tmp_path: Path) -> None:
    # The shape of a real cluster: `dask scheduler` and `dask worker` started
    # apart, where python/examples is not on the path. The recipe uploads
    # itself on first use (a LocalCluster's workers inherit the client's path).
    need("dask.distributed", distributed is not None)
    from distributed import Client

    dask = [sys.executable, "-m", "dask"]  # the `dask` command of this Python
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    file = tmp_path / "scheduler.json"
    started = [
        subprocess.Popen([*dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                          "--scheduler-file", str(file)], cwd=tmp_path, env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
    ]
    try:
        deadline = time.monotonic() + STARTS_WITHIN
        while not (file.exists() and file.stat().st_size):
            assert started[0].poll() is None, "the scheduler ended"
            assert time.monotonic() < deadline, f"no scheduler file within {STARTS_WITHIN} s"
            time.sleep(0.1)
        started.append(
            subprocess.Popen([*dask, "worker", "--scheduler-file", str(file), "--nworkers", "1",
                              "--nthreads", "1", "--no-dashboard"], cwd=tmp_path, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        )
        with Client(scheduler_file=str(file), timeout=STARTS_WITHIN) as client:
            client.wait_for_workers(1, timeout=STARTS_WITHIN)
            assert not any(client.run(lambda: "dask_family" in sys.modules).values())
            rows = dask_family.solve_family(client, [(7, 1), (65, 1)])
            rows += dask_family.solve_files(client, [PUZZLES / "kk2.cage"])
            client.shutdown()
    finally:
        for p in started:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
    assert [r["status"] for r in rows] == ["found", "error", "found"], rows
    assert rows[1]["error"].startswith("ValueError: size must be in 1..=64")
    assert_solved(rows[0], cagec.generate(7, seed=1), {rows[0]["pid"]})
    assert_solved(rows[2], cagec.Puzzle.from_file(PUZZLES / "kk2.cage"), {rows[2]["pid"]})


def test_the_script_prints_the_table() -> None:
    need("dask.distributed", distributed is not None)
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "dask_family.py"), "--sizes", "6,65", "--seeds", "1-2"],
        capture_output=True,
        text=True,
        timeout=600,  # a cluster started and four small solves: seconds
    )
    assert done.returncode == 1, done.stderr  # two puzzles failed
    lines = done.stdout.splitlines()
    assert lines[0] == "name,size,seed,status,unique,seconds,error"
    assert [line.split(",")[:5] for line in lines[1:3]] == [
        ["kenken6-s1", "6", "1", "found", "true"],
        ["kenken6-s2", "6", "2", "found", "true"],
    ]
    assert lines[3].startswith("kenken65-s1,65,1,error,,,ValueError: size must be in 1..=64")
    assert len(lines) == 5
    assert "4 puzzles, 2 failed" in done.stderr and "on 2 workers" in done.stderr
