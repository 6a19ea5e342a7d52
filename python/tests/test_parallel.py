"""Puzzles across processes and threads, and Ctrl-C."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

import cagec
import cagec._highspy
from conftest import FIXTURES, ROOT, need

HARD16 = ROOT / "fixtures" / "scale" / "peer" / "peer16-s1003.cage"  # about 0.4 s
HARD20 = ROOT / "fixtures" / "scale" / "peer" / "peer20-s1005.cage"  # about a minute


def solve_one(p: cagec.Puzzle) -> Tuple[str, Optional[List[List[int]]], List[str]]:
    s = p.solve(unique=True)
    return p.name, s.grid, p.check(s.grid) if s.grid else ["none"]


def test_process_pool_maps_over_puzzles() -> None:
    puzzles = [cagec.Puzzle.from_file(f) for f in FIXTURES]
    here = [solve_one(p) for p in puzzles]
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        there = list(pool.map(solve_one, puzzles))
    assert there == here and all(broken == [] for _, _, broken in there)


def test_spawned_pool() -> None:
    puzzles = [cagec.Puzzle.from_file(f) for f in FIXTURES[:4]]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        there = pool.map(solve_one, puzzles)
    assert there == [solve_one(p) for p in puzzles]


def test_errors_cross_the_pool() -> None:
    with concurrent.futures.ProcessPoolExecutor(1) as pool:
        future = pool.submit(cagec.Puzzle.parse, "11^,1 2 5 6\n")
        with pytest.raises(cagec.ParseError) as caught:
            future.result()
    assert caught.value.errors[0].line == 1


def test_solving_releases_the_gil() -> None:
    p = cagec.Puzzle.from_file(HARD16)
    done = threading.Event()
    counted = [0]

    def count() -> None:
        while not done.is_set():
            counted[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    start = time.perf_counter()
    try:
        s = p.solve(unique=True)
    finally:
        done.set()
        counter.join()
    elapsed = time.perf_counter() - start
    assert s.unique and p.check(s.grid) == []
    # Pure-Python increments run at millions a second when they have the GIL.
    assert elapsed > 0.05 and counted[0] > 10_000, (elapsed, counted[0])


def test_threads_solve_at_once() -> None:
    puzzles = [cagec.Puzzle.from_file(HARD16), cagec.Puzzle.from_file(FIXTURES[0])] * 2
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(solve_one, puzzles))
    assert results == [solve_one(p) for p in puzzles]


def interrupted_within(code: str, env: Optional[dict] = None) -> float:
    """Runs `code` in a child Python, sends SIGINT once it says `started`,
    and returns the seconds from the signal to the child's exit with
    KeyboardInterrupt."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)
        assert child.poll() is None, "the work ended before the signal"
        sent = time.perf_counter()
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=10)
        elapsed = time.perf_counter() - sent
    finally:
        child.kill()
    assert "KeyboardInterrupt" in err, err
    assert child.returncode != 0
    return elapsed


def test_ctrl_c_stops_a_native_solve() -> None:
    elapsed = interrupted_within(
        f"""
        import cagec
        p = cagec.Puzzle.from_file({str(HARD20)!r})
        print("started", flush=True)
        p.solve(unique=True)
        print("finished")
        """
    )
    assert elapsed < 1.0, elapsed


def test_ctrl_c_stops_highs_in_process() -> None:
    need("highspy", cagec._highspy.available())
    elapsed = interrupted_within(
        f"""
        import cagec
        p = cagec.Puzzle.from_file({str(HARD20)!r})
        print("started", flush=True)
        s = p.solve("highs", in_process=True)
        print("finished", s.program)
        """
    )
    assert elapsed < 1.0, elapsed


def test_ctrl_c_stops_a_generation() -> None:
    elapsed = interrupted_within(
        """
        import cagec
        print("started", flush=True)
        cagec.generate(30, seed=5, unique=True, effort=10**9)
        print("finished")
        """
    )
    assert elapsed < 1.0, elapsed


def test_ctrl_c_kills_an_external_solver(tmp_path: Path) -> None:
    # A "highs" that records its pid and hangs: Ctrl-C must end the solve
    # at once and kill it.
    pid_file = tmp_path / "pid"
    fake = tmp_path / "highs"
    fake.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 60\n")
    fake.chmod(0o755)
    env = dict(os.environ, CAGEC_HIGHS=str(fake))
    elapsed = interrupted_within(
        f"""
        import cagec
        p = cagec.Puzzle.from_file({str(FIXTURES[0])!r})
        print("started", flush=True)
        p.solve("highs", in_process=False)
        """,
        env,
    )
    assert elapsed < 1.0, elapsed
    pid = int(pid_file.read_text())
    for _ in range(50):
        if not Path(f"/proc/{pid}").exists():
            break
        time.sleep(0.05)
    assert not Path(f"/proc/{pid}").exists(), "the solver outlived the interrupt"
