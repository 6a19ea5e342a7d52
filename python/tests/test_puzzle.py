"""Reading puzzles: every format, detected as the command line detects it,
converted as it converts, compared and pickled; and the errors."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import cagec
from conftest import FIXTURES, INVALID, JWIKI, PUZZLES, cli

KK0 = "1,0\n11+,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7+,12 13\n2%,14 15\n"


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_every_fixture_reads_as_the_cli_reads_it(path: Path) -> None:
    p = cagec.Puzzle.from_file(path)
    dat = cli("convert", path, "--to", "dat").stdout.decode()
    assert f"param n := {p.n};" in dat.splitlines()
    jwiki = cli("convert", path, "--to", "jwiki").stdout.decode()
    assert p.to_text("cages") == jwiki
    lines = [l for l in jwiki.splitlines() if l and not l.startswith("#")]
    assert len(p.cages) == len(lines)
    assert p.name == path.stem  # every fixture's stem is already solver-safe
    assert p.source == path.read_bytes().decode()


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["cages", "dat", "grid", "keen"])
def test_to_text_is_cagec_convert(path: Path, fmt: str) -> None:
    p = cagec.Puzzle.from_file(path)
    done = cli("convert", path, "--to", fmt, check=False)
    if done.returncode == 0:
        assert p.to_text(fmt) == done.stdout.decode()
        # And it reads back as the same puzzle.
        assert cagec.Puzzle.parse(p.to_text(fmt), fmt, killer=p.rules == "killer") == p
    else:
        with pytest.raises(ValueError):
            p.to_text(fmt)


def test_cages_and_attributes() -> None:
    p = cagec.Puzzle.parse(KK0)
    assert (p.n, p.name, p.format, p.rules, p.box_size) == (4, "puzzle", "cages", "kenken", None)
    assert p.cages[0] == cagec.Cage(1, "", ((0, 0),))
    assert p.cages[1] == cagec.Cage(11, "+", ((0, 1), (0, 2), (1, 1), (1, 2)))
    assert [c.clue for c in p.cages] == ["1", "11+", "4+", "8*", "1-", "7+", "2%"]
    assert p.cages[6].operation == "ratio"
    assert repr(p) == "<Puzzle puzzle: 4×4 KenKen, 7 cages>"


def test_formats_are_detected_like_the_cli() -> None:
    keen = (PUZZLES / "keen5m.keen").read_text()
    assert cagec.Puzzle.parse(keen).format == "keen"
    assert cagec.Puzzle.parse(KK0).format == "cages"
    assert cagec.Puzzle.from_file(PUZZLES / "melkonian5.dat").format == "dat"
    assert cagec.Puzzle.from_file(PUZZLES / "map5.cmap").format == "grid"
    with pytest.raises(cagec.ParseError):
        cagec.Puzzle.parse((PUZZLES / "melkonian5.dat").read_text())  # read as cage lines
    assert cagec.Puzzle.parse((PUZZLES / "melkonian5.dat").read_text(), "dat").n == 5


def test_equality_ignores_where_a_puzzle_came_from() -> None:
    a = cagec.Puzzle.from_file(PUZZLES / "kk1.cage")
    b = cagec.Puzzle.parse(a.to_text("dat"), "dat")
    c = cagec.Puzzle.parse(a.to_text("grid"), "grid", name="other")
    assert a == b == c and hash(a) == hash(b) == hash(c)
    assert a != cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    assert a != "kk1"
    assert len({a, b, c, cagec.Puzzle.from_file(PUZZLES / "kk2.cage")}) == 2


def test_killer_rules() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "killer9.cage")
    assert (p.rules, p.box_size) == ("killer", 3)
    forced = cagec.Puzzle.parse(p.to_text("cages").replace("# cagec: killer\n", ""), killer=True)
    assert forced == p and forced.rules == "killer"
    plain = cagec.Puzzle.parse(p.to_text("cages").replace("# cagec: killer\n", ""))
    assert plain.rules == "kenken" and plain != p


@pytest.mark.parametrize("path", FIXTURES + [PUZZLES / "killer9.cage"], ids=lambda p: p.name)
def test_pickle_round_trip(path: Path) -> None:
    p = cagec.Puzzle.from_file(path)
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q.name == p.name and q.format == p.format and q.rules == p.rules
    assert q.compile("lp").data == p.compile("lp").data


def test_a_forced_killer_puzzle_pickles_with_its_rules() -> None:
    text = (PUZZLES / "killer9.cage").read_text().replace("# cagec: killer\n", "")
    p = cagec.Puzzle.parse(text, killer=True)
    assert pickle.loads(pickle.dumps(p)).rules == "killer"


# Errors -----------------------------------------------------------------


def cli_errors(path: Path) -> list:
    """The diagnostics `cagec compile` prints: its stderr without its summary."""
    done = cli("compile", path, "--to", "lp", check=False)
    assert done.returncode == 2, done
    return [l for l in done.stderr.decode().splitlines() if not l.startswith("cagec: ")]


@pytest.mark.parametrize(
    "name", ["bad-op.cage", "cell-twice.cage", "dat-syntax.dat", "cmap-ragged.cmap", "disconnected.cage", "binary.cage"]
)
def test_parse_errors_are_the_cli_s(name: str) -> None:
    path = INVALID / name
    with pytest.raises(cagec.ParseError) as caught:
        cagec.Puzzle.from_file(path)
    e = caught.value
    assert isinstance(e, ValueError) and isinstance(e, cagec.CagecError)
    assert str(e).splitlines() == cli_errors(path)
    assert e.errors, "at least one error"
    for d in e.diagnostics:
        assert d.file == str(path)
        assert d.severity in ("error", "warning")
        assert d.rendered.startswith(f"{path}:{d.line}:{d.column}: " if d.line else f"{path}: ")
        assert d.message in d.rendered and d.rendered in str(e) + "\n"


def test_every_error_of_a_text_is_listed() -> None:
    text = "1,0\n11^,1 2 5 6\n4+,3 7\n8*,4 8 9\n1-,10 11\n7x+,12 13\n2%,14 15\n"
    with pytest.raises(cagec.ParseError) as caught:
        cagec.Puzzle.parse(text)
    errors = caught.value.errors
    assert [(d.line, d.column) for d in errors] == [(2, 3), (6, 3)]
    assert all(d.file == "<string>" for d in errors)
    assert "found '^'" in errors[0].message and errors[0].rendered.endswith("  |   ^\n")


def test_errors_pickle_with_their_fields() -> None:
    with pytest.raises(cagec.ParseError) as caught:
        cagec.Puzzle.parse("11^,1 2 5 6\n")
    e = pickle.loads(pickle.dumps(caught.value))
    assert isinstance(e, cagec.ParseError) and str(e) == str(caught.value)
    assert e.diagnostics == caught.value.diagnostics
    s = pickle.loads(pickle.dumps(cagec.SolverError("boom", "cbc")))
    assert (str(s), s.solver) == ("boom", "cbc")
    n = pickle.loads(pickle.dumps(cagec.SolverNotFoundError("no highs", "highs")))
    assert (str(n), n.solver, isinstance(n, FileNotFoundError)) == ("no highs", "highs", True)


def test_files_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        cagec.Puzzle.from_file(tmp_path / "missing.cage")
    odd = tmp_path / "puzzle.xyz"
    odd.write_text(KK0)
    with pytest.raises(ValueError, match="format"):
        cagec.Puzzle.from_file(odd)
    assert cagec.Puzzle.from_file(odd, "cages").n == 4
    with pytest.raises(ValueError, match="format must be one of"):
        cagec.Puzzle.parse(KK0, "csv")
