"""Reading a solver's values back: by the columns the `Model` kept when it
was compiled (nothing is formulated again), in the names of the model file,
a fixed-MPS file's short ones included; after pickling too."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any, Dict, List

import pytest

import cagec
from conftest import PUZZLES, cli, need

# big10 is 10×10: fixed MPS renames its longer columns (`x_10_10_10`).
BIG = PUZZLES / "big10.cage"
OPTION_SETS: List[Dict[str, Any]] = [{}, {"formulation": "tuples"}, {"formulation": "cover", "presolve": True}]


def flags(options: Dict[str, Any]) -> List[str]:
    out: List[str] = []
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        out += [flag] if value is True else [flag, str(value)]
    return out


def solution_values(path: Path, to: str, options: Dict[str, Any], tmp_path: Path) -> Dict[str, float]:
    """Every column's value at the solution, in the names of the `to` file,
    as `compile --with-solution` writes them beside it."""
    model = tmp_path / f"m-{to}.{'lp' if to == 'lp' else 'mps'}"
    cli("compile", path, "--to", to, *flags(options), "--with-solution", "-o", model)
    values = {}
    for line in model.with_suffix(".sol").read_text().splitlines():
        name, value = line.split()
        if name != "=obj=":
            values[name] = float(value)
    return values


@pytest.mark.parametrize("to", ["lp", "mps", "fixed-mps"])
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(flags(o)) or "paper")
def test_the_files_own_names_read_back(to: str, options: Dict[str, Any], tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(BIG)
    m = p.compile(to, **options)
    values = solution_values(BIG, to, options, tmp_path)
    assert len(values) == m.num_columns
    renamed = [name for name in values if name.startswith("C0")]
    assert not renamed or to == "fixed-mps", renamed[:3]
    if to == "fixed-mps" and not options:
        assert renamed, "the paper's model of a 10x10 has x_10_10_10"
    s = m.solution_from(values)
    assert s.grid == p.solve().grid and p.check(s.grid) == []


def test_the_canonical_names_do_not_read_a_fixed_mps_models_columns(tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(BIG)
    values = solution_values(BIG, "lp", {}, tmp_path)
    with pytest.raises(cagec.SolverError, match="not a variable"):
        p.compile("fixed-mps").solution_from(values)


def test_fixed_mps_through_highspy() -> None:
    try:
        import highspy  # noqa: F401
    except ImportError:
        need("highspy", False)
    p = cagec.Puzzle.from_file(BIG)
    m = p.compile("fixed-mps")
    h = m.to_highspy()
    assert "C0000001" in list(h.getLp().col_names_)
    h.run()
    s = m.solution_from_highspy(h)
    assert s.grid == p.solve().grid and s.solver == "highspy"


def test_a_pickled_model_keeps_its_columns(tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(BIG)
    m = pickle.loads(pickle.dumps(p.compile("fixed-mps", formulation="tuples")))
    values = solution_values(BIG, "fixed-mps", {"formulation": "tuples"}, tmp_path)
    assert m.solution_from(values).grid == p.solve().grid
    with pytest.raises(ValueError, match="not a table of columns"):
        cagec._core.Columns.from_json('{"columns": {"count": 2, "runs": [], "named": []}, "names": "Canonical"}')


@pytest.mark.parametrize("to", ["ampl", "mzn"])
def test_models_without_columns_of_their_own_read_the_lps_names(to: str, tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    m = p.compile(to)
    values = solution_values(PUZZLES / "kk0.cage", "lp", {}, tmp_path)
    assert m.solution_from(values).grid == p.solve().grid
    wrong = dict(values)
    first_one = next(name for name, v in values.items() if name.startswith("x_") and v == 1.0)
    wrong[first_one] = 0.0
    with pytest.raises(cagec.SolverError, match="has no value"):
        m.solution_from(wrong)
