"""The package's types: `mypy --strict` on an example that uses the API as
a notebook does, and the native module against its stub."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent


def test_mypy_strict_accepts_the_example() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(HERE / "typed_example.py")],
        capture_output=True,
        text=True,
        cwd=HERE,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_package_itself_is_strict() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-p", "cagec"],
        capture_output=True,
        text=True,
        cwd=HERE,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_rejects_a_misuse(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import cagec\nn: str = cagec.Puzzle.parse('1,0\\n').n\n")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(bad)], capture_output=True, text=True
    )
    assert done.returncode == 1 and "incompatible types" in done.stdout.lower(), done.stdout


def test_the_stub_matches_the_native_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "cagec._core"], capture_output=True, text=True, cwd=HERE
    )
    assert done.returncode == 0, done.stdout + done.stderr
