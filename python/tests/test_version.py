"""One version for every face (docs/releasing.md): the package's
`__version__`, the wheel's metadata, python/Cargo.toml and the `cagec`
binary the suite compares with all say the same."""

from __future__ import annotations

import re
from importlib import metadata

import cagec
from conftest import ROOT, cli


def cargo_version() -> str:
    """The [package] version of python/Cargo.toml, which maturin gives the wheel."""
    text = (ROOT / "python" / "Cargo.toml").read_text(encoding="utf-8")
    package = text.split("\n[", 1)[0]
    found = re.search(r'^version = "([^"]+)"$', package, re.M)
    assert found, "python/Cargo.toml has no [package] version"
    return found.group(1)


def test_version_is_the_crates() -> None:
    assert cagec.__version__ == cargo_version()


def test_the_wheels_metadata_has_the_same_version() -> None:
    assert metadata.version("cagec") == cagec.__version__


def test_the_command_line_has_the_same_version() -> None:
    shown = cli("--version").stdout.decode()
    assert shown == f"cagec {cagec.__version__}\n"
