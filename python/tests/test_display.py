"""Pictures, explanations and notebook display, against the command line."""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import cagec
from conftest import FIXTURES, JWIKI, PUZZLES, SOLUTIONS, cli


def is_svg(text: str) -> bool:
    return ET.fromstring(text).tag.endswith("svg")


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_render_is_cagec_render(path: Path) -> None:
    p = cagec.Puzzle.from_file(path)
    assert p.render() == cli("render", path).stdout.decode()
    assert p._repr_svg_() == p.render() and is_svg(p._repr_svg_())
    known = SOLUTIONS / f"{path.stem}.grid"
    if known.exists():
        expected = cli("render", path, "--solution", known).stdout.decode()
        assert p.render(known.read_text()) == expected
        s = p.solve()
        assert p.render(s) == p.render(s.grid)
        assert is_svg(s._repr_svg_()) and "<text" in s._repr_svg_()


def test_a_wrong_grid_is_not_drawn() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    with pytest.raises(ValueError, match="not a solution"):
        p.render([[1, 2, 3, 4]] * 4)
    with pytest.raises(cagec.ParseError):
        p.render("1 2 3\n")


@pytest.mark.parametrize("path", JWIKI, ids=lambda p: p.name)
def test_explain_is_cagec_explain(path: Path) -> None:
    p = cagec.Puzzle.from_file(path)
    assert p.explain() == cli("explain", path).stdout.decode()
    assert p.explain(cage=2, presolve=True) == cli("explain", path, "--cage", "2", "--presolve").stdout.decode()
    with pytest.raises(ValueError):
        p.explain(cage=999)


def test_explain_html() -> None:
    path = PUZZLES / "kk1.cage"
    p = cagec.Puzzle.from_file(path)
    page = p.explain_html(solve=True, cage=3)
    assert isinstance(page, cagec.HtmlPage) and isinstance(page, str)
    cli_page = cli("explain", path, "--html", "--solve", "--cage", "3").stdout.decode()
    assert page.startswith("<!DOCTYPE html>")
    # The same page, byte for byte, but for the call it records.
    call = "cagec.Puzzle kk1: explain_html(solve=True, cage=3)"
    assert page.replace(call, "cagec explain kk1.cage --html --cage 3 --solve") == cli_page
    frame = page._repr_html_()
    assert frame.startswith("<iframe") and 'sandbox="allow-scripts"' in frame
    assert html.unescape(frame.split('srcdoc="', 1)[1].rsplit('"></iframe>', 1)[0]) == page
    with pytest.raises(cagec.ModelError):
        cagec.generate(30, unique=False).explain_html()  # too large for a page


def test_model_shows_counts_and_its_head_only() -> None:
    big = cagec.generate(20, unique=False).compile("lp")
    shown = big._repr_html_()
    assert f"{big.num_rows} rows" in shown and f"{big.num_nonzeros} non-zeros" in shown
    assert len(shown) < 10_000 < len(big.data)
    assert "more lines" in shown
    assert big.head(3) == "\n".join(big.text.splitlines()[:3])


def test_solution_text_is_a_grid_file(tmp_path: Path) -> None:
    path = PUZZLES / "kk3.cage"
    s = cagec.Puzzle.from_file(path).solve()
    (tmp_path / "g").write_text(str(s))
    assert cli("check", path, tmp_path / "g").returncode == 0
    assert repr(s).startswith("<Solution of kk3 by native: solved")


def test_explain_html_records_the_call_and_refuses_a_missing_solution() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    page = p.explain_html(cage=2, presolve=True)
    assert "explain_html(solve=False, cage=2, presolve=True)" in page
    with pytest.raises(ValueError, match="no solution"):
        cagec.Puzzle.parse("1,0\n1,4\n3*,1 2\n5+,3 6\n5+,5 8\n3+,7\n").explain_html(solve=True)
