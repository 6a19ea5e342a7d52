"""Certificates from Python: ``Puzzle.solve(unique=True, certify=DIR)``
writes what ``cagec solve --certify`` writes and is certified only once the
checker ``rate`` accepts it; ``cagec.check_certificate`` re-checks a folder
and names the file that fails. Needs ``cadical`` and ``rate`` on PATH
(``scripts/install-solvers --certify``): a failure under CI, a skip
elsewhere."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cagec

from conftest import PUZZLES, cli, need


@pytest.fixture(autouse=True)
def tools() -> None:
    for tool in ("cadical", "rate"):
        need(f"`{tool}` (scripts/install-solvers --certify)", shutil.which(tool) is not None)


def test_a_unique_answer_is_certified_as_the_command_line_certifies_it(tmp_path: Path) -> None:
    puzzle = cagec.Puzzle.from_file(PUZZLES / "kk1.cage")
    solution = puzzle.solve(unique=True, certify=tmp_path / "py")
    assert solution.unique is True and solution.certified is True
    cli("solve", "--unique", "--certify", tmp_path / "cli", PUZZLES / "kk1.cage")
    for name in ("puzzle.cage", "reference.cnf", "nogood.cnf", "solution.grid", "proof.drat"):
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name
    checked = cagec.check_certificate(tmp_path / "py")
    assert checked["claim"] == "unique" and checked["grid"] == solution.grid
    assert checked["checker"] == "rate"
    # Through the CNF route too; without certify= there is no such field.
    assert puzzle.solve("cadical", unique=True, certify=tmp_path / "cnf").certified is True
    assert puzzle.solve(unique=True).certified is None


def test_nothing_to_certify_and_the_errors(tmp_path: Path) -> None:
    ambiguous = cagec.Puzzle.parse("6+,0 1 3 2\n")
    solution = ambiguous.solve(unique=True, certify=tmp_path / "amb")
    assert solution.unique is False and solution.certified is False
    assert not (tmp_path / "amb").exists()
    with pytest.raises(ValueError, match="certify needs unique=True"):
        ambiguous.solve(certify=tmp_path / "x")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "mine.txt").write_text("mine")
    with pytest.raises(cagec.CertificateError, match="not certified: .*busy: already exists"):
        cagec.Puzzle.from_file(PUZZLES / "kk0.cage").solve(unique=True, certify=busy)
    assert sorted(p.name for p in busy.iterdir()) == ["mine.txt"]


def test_a_forged_certificate_is_refused_naming_the_file(tmp_path: Path) -> None:
    cert = tmp_path / "cert"
    cagec.Puzzle.from_file(PUZZLES / "kk1.cage").solve(unique=True, certify=cert)
    (cert / "proof.drat").write_bytes(b"")
    with pytest.raises(cagec.CertificateError, match="proof.drat: comparing the SHA-256 hashes failed"):
        cagec.check_certificate(cert)
    manifest = json.loads((cert / "manifest.json").read_text())
    for entry in manifest["files"]:
        if entry["name"] == "proof.drat":
            entry["sha256"] = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
            entry["bytes"] = 0
    (cert / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(cagec.CertificateError, match="proof.drat: checking the proof failed"):
        cagec.check_certificate(cert)


def test_a_missing_checker_is_solver_not_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CAGEC_RATE", "/nonexistent/rate")
    with pytest.raises(cagec.SolverNotFoundError, match="CAGEC_RATE=/nonexistent/rate"):
        cagec.Puzzle.from_file(PUZZLES / "kk0.cage").solve(unique=True, certify=tmp_path / "c")
    assert not (tmp_path / "c").exists()
