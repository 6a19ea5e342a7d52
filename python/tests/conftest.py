"""Shared helpers: the repository's fixtures, and the `cagec` binary the
Python results are compared with, byte for byte."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import List, Sequence

import pytest

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "fixtures" / "puzzles"
INVALID = ROOT / "fixtures" / "invalid"
SOLUTIONS = ROOT / "fixtures" / "solutions"
IN_CI = os.environ.get("CI") == "true"

FIXTURES: List[Path] = sorted(p for p in PUZZLES.iterdir() if p.suffix in (".cage", ".dat", ".cmap", ".keen"))
JWIKI = [PUZZLES / f"kk{i}.cage" for i in range(4)]


def need(what: str, found: bool) -> None:
    """A test tool that is missing: a failure in CI, a skip elsewhere."""
    if not found:
        if IN_CI:
            pytest.fail(f"{what} is missing (CI=true: nothing may be skipped)")
        pytest.skip(f"{what} is missing")


def cli_path() -> Path:
    env = os.environ.get("CAGEC_BIN")
    candidates = [Path(env)] if env else [ROOT / "target" / "debug" / "cagec", ROOT / "target" / "release" / "cagec"]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    need(f"the cagec binary (CAGEC_BIN or target/debug/cagec; tried {candidates})", False)
    raise AssertionError("unreachable")


def cli(*args: object, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    """Runs `cagec ARGS` in the repository; its stdout is bytes."""
    done = subprocess.run([str(cli_path()), *map(str, args)], cwd=ROOT, capture_output=True, timeout=300)
    if check and done.returncode != 0:
        raise AssertionError(f"cagec {' '.join(map(str, args))} exited {done.returncode}: {done.stderr.decode()}")
    return done


def flags(options: dict) -> Sequence[str]:
    """Python model options as the command line's flags."""
    out: List[str] = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            out.append(flag)
        else:
            out += [flag, str(value)]
    return out


def need_solver(program: str) -> None:
    need(f"the solver binary {program} on PATH", shutil.which(program) is not None)


@pytest.fixture(scope="session")
def cagec_bin() -> Path:
    return cli_path()
