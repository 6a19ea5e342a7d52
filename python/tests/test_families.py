"""Every solver family the command line runs, from Python: SAT (CaDiCaL,
Kissat, clasp on CNF), pseudo-Boolean (clasp, MiniSat+, SCIP on OPB) and
constraint programming (Gecode on MiniZinc and FlatZinc, SCIP on
FlatZinc), each proving uniqueness with its family's own no-good; every grid
verified by cagec and equal to the native solver's."""

from __future__ import annotations

from pathlib import Path

import pytest

import cagec
from conftest import JWIKI, PUZZLES, ROOT, need_solver

AMBIGUOUS = ROOT / "fixtures" / "scale" / "ambiguous16.cage"

# (solver, via, the program that runs); via None: the solver's own route.
ROUTES = [
    ("cadical", None, "cadical", "cnf"),
    ("kissat", None, "kissat", "cnf"),
    ("clasp", None, "clasp", "opb"),
    ("clasp", "cnf", "clasp", "cnf"),
    ("minisat+", None, "minisat+", "opb"),
    ("scip", None, "scip", "opb"),
    ("scip", "fzn", "scip", "fzn"),
    ("scip", "cnf", "scip", "cnf"),
    ("gecode", None, "minizinc", "mzn"),
    ("gecode", "fzn", "fzn-gecode", "fzn"),
]


def route_id(route: tuple) -> str:
    return f"{route[0]}-{route[3]}"


@pytest.mark.parametrize("route", ROUTES, ids=route_id)
@pytest.mark.parametrize("path", JWIKI + [PUZZLES / "killer9.cage"], ids=lambda p: p.name)
def test_every_family_agrees_with_native(route: tuple, path: Path) -> None:
    solver, via, program, used = route
    need_solver(program)
    p = cagec.Puzzle.from_file(path)
    s = p.solve(solver, via=via, unique=True)
    assert (s.solver, s.program, s.via) == (solver, program, used)
    assert s.grid == p.solve().grid and p.check(s.grid) == []
    assert s.unique is True and s.runs == 2


@pytest.mark.parametrize("route", ROUTES, ids=route_id)
def test_every_family_enumerates(route: tuple) -> None:
    solver, via, program, _ = route
    need_solver(program)
    p = cagec.Puzzle.from_file(AMBIGUOUS)
    s = p.solve(solver, via=via, all=True, limit=2)
    assert s.unique is False and len(s.solutions) == 2
    assert s.solutions[0] != s.solutions[1]
    assert all(p.check(g) == [] for g in s.solutions)


def test_a_route_the_solver_does_not_read_is_refused() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    with pytest.raises(ValueError, match='cadical reads cnf, not lp: use via="cnf"'):
        p.solve("cadical", via="lp")
    with pytest.raises(ValueError, match="via must be one of"):
        p.solve("cadical", via="sat")


@pytest.mark.parametrize(
    "solver,variable,hint",
    [
        ("cadical", "CAGEC_CADICAL", "apt-get install cadical"),
        ("minisat+", "CAGEC_MINISATP", "apt-get install minisat+"),
        ("gecode", "CAGEC_MINIZINC", "apt-get install minizinc"),
        ("kissat", "CAGEC_KISSAT", "pip install python-sat"),
        ("scip", "CAGEC_SCIP", "pip install pyscipopt"),
    ],
)
def test_a_missing_family_solver_names_its_install_command(
    solver: str, variable: str, hint: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(variable, str(tmp_path / "absent"))
    with pytest.raises(cagec.SolverNotFoundError) as caught:
        cagec.Puzzle.from_file(PUZZLES / "kk0.cage").solve(solver)
    assert caught.value.solver == solver and hint in str(caught.value), str(caught.value)
