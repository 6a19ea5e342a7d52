"""Puzzles across processes and threads, and Ctrl-C."""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import select
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

import cagec
import cagec._highspy
from conftest import FIXTURES, ROOT, need

HARD16 = ROOT / "fixtures" / "scale" / "peer" / "peer16-s1003.cage"  # about 0.4 s
# The hardest held-out puzzle: half a minute for the native solver on an idle
# machine, minutes for HiGHS; the work Ctrl-C stops.
LONG = ROOT / "fixtures" / "scale" / "peer" / "peer25-s1026.cage"

# Ctrl-C stops the work in a fraction of a second (scripts/bench-interrupts
# measures it; 1.06 s is the slowest seen, on a loaded machine), while the
# work runs on for half a minute or more: this bound tells the two apart on
# a machine loaded on every core.
STOPS_WITHIN = 15.0
# How long a child may take to start its work (imports, reading the puzzle,
# starting a solver): only a hung test waits it out.
STARTS_WITHIN = 300.0


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
    # Another thread runs Python while a long solve runs: it counts, then
    # stops the solve with a signal whose handler raises in the solving
    # thread. Were the GIL held, it could do neither before the solve ended
    # of itself, and the solve would return instead of raising.
    p = cagec.Puzzle.from_file(LONG)
    solving = threading.Event()
    live = [True]
    counted = [0]

    class Stop(Exception):
        pass

    def stop(signum: int, frame: object) -> None:
        if live[0]:
            raise Stop

    def count() -> None:
        solving.wait()
        while counted[0] < 100_000:
            counted[0] += 1
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGUSR1)

    previous = signal.signal(signal.SIGUSR1, stop)
    counter = threading.Thread(target=count)
    counter.start()
    try:
        solving.set()
        with pytest.raises(Stop):
            p.solve(unique=True)
    finally:
        live[0] = False  # a signal after the solve is ignored
        counter.join()
        signal.signal(signal.SIGUSR1, previous)
    assert counted[0] == 100_000


def test_threads_solve_at_once() -> None:
    puzzles = [cagec.Puzzle.from_file(HARD16), cagec.Puzzle.from_file(FIXTURES[0])] * 2
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(solve_one, puzzles))
    assert results == [solve_one(p) for p in puzzles]


def python_child(code: str, env: Optional[Dict[str, str]] = None) -> "subprocess.Popen[str]":
    """A child Python running `code`."""
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for_line(child: "subprocess.Popen[str]", want: str) -> None:
    """Returns once the child prints the line `want`; fails if it ends first
    or has not printed it within STARTS_WITHIN seconds."""
    assert child.stdout is not None
    deadline = time.monotonic() + STARTS_WITHIN
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            child.kill()
            pytest.fail(f"the child did not print {want!r} within {STARTS_WITHIN} s: {child.communicate()}")
        if not select.select([child.stdout], [], [], left)[0]:
            continue
        line = child.stdout.readline()
        if not line:
            child.wait()
            pytest.fail(f"the child ended ({child.returncode}) before printing {want!r}: {child.communicate()}")
        if line.strip() == want:
            return


def interrupt(child: "subprocess.Popen[str]") -> Tuple[str, str]:
    """Sends SIGINT (Ctrl-C) to a child whose work is running and returns its
    stdout and stderr once it has ended with KeyboardInterrupt, which must
    take less than STOPS_WITHIN seconds."""
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=STOPS_WITHIN)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        pytest.fail(f"still running {STOPS_WITHIN} s after Ctrl-C: stdout {out!r}, stderr {err!r}")
    assert "KeyboardInterrupt" in err, err
    assert child.returncode != 0
    assert "finished" not in out, out
    return out, err


def test_ctrl_c_stops_a_native_solve() -> None:
    # The progress callback runs while the search does: its first call says
    # the search has started.
    child = python_child(
        f"""
        import cagec
        p = cagec.Puzzle.from_file({str(LONG)!r})
        said = []
        def running(_):
            if not said:
                said.append(True)
                print("started", flush=True)
        p.solve(unique=True, progress=running)
        print("finished")
        """
    )
    wait_for_line(child, "started")
    interrupt(child)


def test_ctrl_c_stops_highs_in_process() -> None:
    need("highspy", cagec._highspy.available())
    # The job's first wait is for a HiGHS already solving on its thread; on
    # Ctrl-C the job must be cancelled (HiGHS's cancelSolve).
    child = python_child(
        f"""
        import cagec, cagec._highspy as linked
        wait, cancel = linked.Job.wait, linked.Job.cancel
        said = []
        def waiting(job, timeout):
            if not said:
                said.append(True)
                print("started", flush=True)
            return wait(job, timeout)
        def cancelling(job):
            print("cancelSolve", flush=True)
            cancel(job)
        linked.Job.wait, linked.Job.cancel = waiting, cancelling
        p = cagec.Puzzle.from_file({str(LONG)!r})
        s = p.solve("highs", in_process=True)
        print("finished", s.program)
        """
    )
    wait_for_line(child, "started")
    out, _ = interrupt(child)
    assert "cancelSolve" in out.split(), out


def test_ctrl_c_stops_a_generation() -> None:
    # The generation runs on a worker thread of its own: once there is one
    # more thread than the child started, it is generating.
    child = python_child(
        """
        import os, threading, time
        import cagec
        def threads():
            return len(os.listdir("/proc/self/task"))
        def announce(before):
            while threads() <= before:
                time.sleep(0.01)
            print("started", flush=True)
        watcher = threading.Thread(target=announce, args=(threads() + 1,), daemon=True)
        watcher.start()
        cagec.generate(30, seed=5, unique=True, effort=10**9)
        print("finished")
        """
    )
    wait_for_line(child, "started")
    interrupt(child)


def test_ctrl_c_kills_an_external_solver(tmp_path: Path) -> None:
    # A "highs" that records its pid and hangs: Ctrl-C must end the solve
    # at once and kill it.
    pid_file = tmp_path / "pid"
    fake = tmp_path / "highs"
    fake.write_text(f"#!/bin/sh\necho $$ > {pid_file}.tmp && mv {pid_file}.tmp {pid_file}\nexec sleep 600\n")
    fake.chmod(0o755)
    env = dict(os.environ, CAGEC_HIGHS=str(fake))
    child = python_child(
        f"""
        import cagec
        p = cagec.Puzzle.from_file({str(FIXTURES[0])!r})
        p.solve("highs", in_process=False)
        print("finished")
        """,
        env,
    )
    pid = 0
    try:
        deadline = time.monotonic() + STARTS_WITHIN
        while not pid_file.exists():
            assert child.poll() is None, f"the solve ended before the solver started: {child.communicate()}"
            assert time.monotonic() < deadline, f"the solver did not start within {STARTS_WITHIN} s"
            time.sleep(0.05)
        pid = int(pid_file.read_text())
        interrupt(child)
        # Killed and reaped: no trace of it left in /proc.
        deadline = time.monotonic() + STOPS_WITHIN
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not Path(f"/proc/{pid}").exists(), "the solver outlived the interrupt"
    finally:
        child.kill()
        if pid and Path(f"/proc/{pid}").exists():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
