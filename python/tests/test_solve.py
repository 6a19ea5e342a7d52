"""Solving: the native solver and HiGHS (in process through highspy, and
the binary), CBC and glpsol, every grid checked by the verifier (and here
again by `cagec check`), and the hand-offs to highspy and PuLP. The other
solver families are test_families.py's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cagec
import cagec._highspy
from conftest import FIXTURES, JWIKI, PUZZLES, ROOT, cli, need, need_solver

INFEASIBLE = "1,0\n1,4\n3*,1 2\n5+,3 6\n5+,5 8\n3+,7\n"
AMBIGUOUS = ROOT / "fixtures" / "scale" / "ambiguous16.cage"


def cli_check(path: Path, grid: list, tmp_path: Path) -> None:
    g = tmp_path / "grid.txt"
    g.write_text("".join(" ".join(map(str, row)) + "\n" for row in grid))
    cli("check", path, g)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_native_on_every_fixture(path: Path, tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(path)
    s = p.solve(unique=True)
    assert s.found and s.solver == "native" and s.via is None
    assert p.check(s.grid) == []
    cli_check(path, s.grid, tmp_path)
    theirs = json.loads(cli("solve", path, "--solver", "native", "--unique", "--json", check=False).stdout)
    assert theirs["grid"] == s.grid
    assert theirs["unique"] == s.unique
    assert set(s.stats) == {"root_fixed", "nodes", "failures", "probed_fixed", "conflicts", "stage", "engine"}
    assert s.seconds >= 0 and s.runs == 1 and (s.status, s.stop) == ("found", "optimal")
    # The command line's words, in the same meaning.
    assert (theirs["status"], theirs["stop"]) == (s.status, s.stop)


def test_enumeration() -> None:
    p = cagec.Puzzle.from_file(AMBIGUOUS)
    s = p.solve(all=True, limit=3)
    assert len(s.solutions) == 3 and len({str(g) for g in s.solutions}) == 3
    assert all(p.check(g) == [] for g in s.solutions)
    assert s.complete is False and s.unique is False
    u = p.solve(unique=True)
    assert u.unique is False and len(u.solutions) == 2
    assert "not unique (2 found)" in repr(u)
    kk = cagec.Puzzle.from_file(PUZZLES / "kk1.cage").solve(all=True)
    assert kk.complete is True and kk.unique is True and len(kk.solutions) == 1


@pytest.mark.parametrize("threads", [1, 2])
def test_progress_follows_the_native_search(threads: int) -> None:
    # A held-out 20x20 that reaches the conflict-driven stage: a few seconds.
    # On two threads the conflicts are both workers' together, and still
    # never go back.
    p = cagec.Puzzle.from_file(ROOT / "fixtures" / "scale" / "peer" / "peer20-s1001.cage")
    seen: list = []
    s = p.solve(unique=True, progress=seen.append, threads=threads)
    assert s.unique is True and s.stats["engine"] == "cadical"
    assert all(isinstance(f, cagec.Progress) for f in seen)
    order = ["propagation", "search", "probing", "cdcl"]
    stages = [order.index(f.stage) for f in seen]
    assert stages == sorted(stages), stages
    assert [f.conflicts for f in seen] == sorted(f.conflicts for f in seen)
    assert [f.seconds for f in seen] == sorted(f.seconds for f in seen)
    # Live calls while it ran, then one with the final figures.
    assert len(seen) > 2
    assert any(0 < f.conflicts < s.stats["conflicts"] for f in seen[:-1]), seen
    last = seen[-1]
    assert (last.stage, last.nodes, last.conflicts) == (
        s.stats["stage"],
        s.stats["nodes"],
        s.stats["conflicts"],
    )


def test_two_threads_share_the_search_and_say_so(tmp_path: Path) -> None:
    path = ROOT / "fixtures" / "scale" / "peer" / "peer25-s1002.cage"
    p = cagec.Puzzle.from_file(path)
    s = p.solve(unique=True, threads=2)
    assert s.unique is True and s.stats["stage"] == "cdcl"
    assert cagec.HAS_CDCL, "the wheel is built with CaDiCaL"
    # Two CaDiCaL workers on the whole space, no cubes: the busiest made
    # part of the conflicts.
    assert s.stats["engine"] == "cadical"
    cubes = s.stats["cubes"]
    assert cubes["count"] == 0
    assert 0 < cubes["busiest"] < s.stats["conflicts"]
    grid = (ROOT / "fixtures" / "scale" / "peer" / "peer25-s1002.grid").read_text()
    assert str(s) == grid and p.check(s.grid) == []
    easy = cagec.Puzzle.from_file(PUZZLES / "kk0.cage").solve(threads=2)
    assert easy.stats["engine"] is None, "the conflict-driven stage did not run"


def test_a_failing_progress_callback_stops_the_solve() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk2.cage")

    def fail(_: cagec.Progress) -> None:
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        p.solve(progress=fail)
    with pytest.raises(ValueError, match="native solver"):
        p.solve("highs", progress=print)


def test_no_solution() -> None:
    s = cagec.Puzzle.parse(INFEASIBLE).solve(unique=True)
    assert not s and not s.found and s.grid is None
    assert (s.status, s.stop, s.status_text) == ("none", "infeasible", "infeasible")
    assert str(s).startswith("no solution")


def test_bad_arguments() -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    for bad in (0, -1.0, float("inf")):
        with pytest.raises(ValueError, match="time_limit"):
            p.solve(time_limit=bad)
    with pytest.raises(ValueError, match="solver must be one of"):
        p.solve("gurobi")
    with pytest.raises(ValueError, match="exclude"):
        p.solve(unique=True, all=True)
    with pytest.raises(ValueError):
        p.solve(all=True, limit=0)
    with pytest.raises(ValueError, match="glpk"):
        p.solve("highs", via="ampl")


@pytest.mark.parametrize("solver,program", [("highs", "highs"), ("cbc", "cbc"), ("glpk", "glpsol")])
@pytest.mark.parametrize("path", JWIKI + [PUZZLES / "killer9.cage"], ids=lambda p: p.name)
def test_external_solvers_agree_with_native(solver: str, program: str, path: Path) -> None:
    need_solver(program)
    p = cagec.Puzzle.from_file(path)
    native = p.solve()
    # HiGHS as a binary here; in process below.
    binary = {"in_process": False} if solver == "highs" else {}
    s = p.solve(solver, unique=True, **binary)
    assert (s.solver, s.program, s.via, s.formulation) == (solver, program, "lp", "tuples+presolve")
    assert s.grid == native.grid and s.unique is True and s.runs >= 1
    assert p.check(s.grid) == []


def need_highspy() -> None:
    need("highspy", cagec._highspy.available())


@pytest.mark.parametrize("path", JWIKI + [PUZZLES / "killer9.cage"], ids=lambda p: p.name)
def test_highs_in_process_is_the_binary_route(path: Path) -> None:
    need_highspy()
    need_solver("highs")
    p = cagec.Puzzle.from_file(path)
    linked = p.solve("highs", unique=True)
    binary = p.solve("highs", unique=True, in_process=False)
    assert (linked.program, binary.program) == ("highspy", "highs")
    for s in (linked, binary):
        assert (s.solver, s.via, s.formulation) == ("highs", "lp", "tuples+presolve")
        assert s.grid == p.solve().grid and s.unique is True and p.check(s.grid) == []
    assert linked.runs == binary.runs == 2


@pytest.mark.parametrize("via", ["mps", "fixed-mps"])
def test_highs_in_process_reads_every_route(via: str) -> None:
    need_highspy()
    p = cagec.Puzzle.from_file(PUZZLES / "kk2.cage")
    s = p.solve("highs", via=via, formulation="melkonian", in_process=True, unique=True)
    assert (s.program, s.via, s.formulation) == ("highspy", via, "melkonian")
    assert s.grid == p.solve().grid and s.unique is True


def test_highs_in_process_enumerates_with_no_goods() -> None:
    need_highspy()
    p = cagec.Puzzle.from_file(AMBIGUOUS)
    s = p.solve("highs", all=True, limit=3)
    assert s.program == "highspy" and s.unique is False and s.complete is False
    assert len(s.solutions) == 3 and len({str(g) for g in s.solutions}) == 3
    assert all(p.check(g) == [] for g in s.solutions)
    assert s.runs == 3


def test_highs_in_process_keeps_the_time_limit() -> None:
    need_highspy()
    p = cagec.Puzzle.from_file(ROOT / "fixtures" / "scale" / "peer" / "peer20-s1005.cage")
    # HiGHS takes minutes on this puzzle: "time-limit" is its own word that
    # the limit stopped it (when it next checked, which its presolve may put
    # off for seconds; scripts/bench-interrupts measures how long).
    s = p.solve("highs", time_limit=0.5)
    assert s.program == "highspy" and (s.status, s.stop) == ("not-proven", "time-limit")


def test_without_highspy_highs_is_the_binary(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    need_solver("highs")
    monkeypatch.setattr(cagec._highspy, "available", lambda: False)
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    assert p.solve("highs").program == "highs"
    with pytest.raises(cagec.SolverNotFoundError) as caught:
        p.solve("highs", in_process=True)
    assert caught.value.solver == "highspy" and "pip install highspy" in str(caught.value)
    with pytest.raises(ValueError, match="in_process"):
        p.solve("cbc", in_process=False)


@pytest.mark.parametrize("via", ["mps", "fixed-mps"])
def test_routes_and_formulations(via: str) -> None:
    need_solver("highs")
    p = cagec.Puzzle.from_file(PUZZLES / "kk2.cage")
    s = p.solve("highs", via=via, formulation="melkonian")
    assert (s.via, s.formulation) == (via, "melkonian") and s.grid == p.solve().grid


def test_ampl_through_glpsol() -> None:
    need_solver("glpsol")
    p = cagec.Puzzle.from_file(PUZZLES / "kk0.cage")
    s = p.solve("glpk", via="ampl", unique=True)
    assert s.via == "ampl" and s.unique is True and s.grid == p.solve().grid


def test_a_missing_solver_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CAGEC_HIGHS", str(tmp_path / "no-highs"))
    with pytest.raises(cagec.SolverNotFoundError) as caught:
        cagec.Puzzle.from_file(PUZZLES / "kk0.cage").solve("highs", in_process=False)
    assert isinstance(caught.value, FileNotFoundError) and caught.value.solver == "highs"
    assert "pip install highsbox" in str(caught.value)
    with pytest.raises(cagec.SolverNotFoundError) as caught:
        cagec.Puzzle.from_file(PUZZLES / "kk0.cage").root_lp()
    assert caught.value.solver == "highs" and "pip install highsbox" in str(caught.value)


# Hand-offs ---------------------------------------------------------------


@pytest.mark.parametrize("to", ["lp", "mps"])
@pytest.mark.parametrize("path", JWIKI + [PUZZLES / "killer9.cage"], ids=lambda p: p.name)
def test_highspy(to: str, path: Path) -> None:
    try:
        import highspy
    except ImportError:
        need("highspy", False)
    p = cagec.Puzzle.from_file(path)
    m = p.compile(to)
    h = m.to_highspy()
    assert isinstance(h, highspy.Highs)
    names = list(h.getLp().col_names_)
    assert len(names) == m.num_columns and all(n in m.text for n in names)
    assert any(n.startswith("x_") for n in names)
    assert any(n.startswith("y_") for n in names) == (p.rules == "kenken")
    h.run()
    assert h.getModelStatus() == highspy.HighsModelStatus.kOptimal
    s = m.solution_from_highspy(h)
    assert s.grid == p.solve().grid and p.check(s.grid) == [] and s.solver == "highspy"
    assert (s.status, s.stop, s.via, s.program, s.formulation, s.runs) == ("found", "optimal", to, None, None, 1)


def test_values_read_back_are_the_core_record_of_a_found_grid(tmp_path: Path) -> None:
    # The values of every column, as `compile --with-solution` writes them
    # beside the model: a solver's answer without any solver.
    path = PUZZLES / "kk2.cage"
    cli("compile", path, "--formulation", "tuples", "-o", tmp_path / "kk2.lp", "--with-solution")
    lines = (tmp_path / "kk2.sol").read_text().splitlines()
    values = {name: float(value) for name, value in (line.split() for line in lines[1:])}
    p = cagec.Puzzle.from_file(path)
    s = p.compile("lp", formulation="tuples").solution_from(values, solver="mine")
    assert s.grid == p.solve().grid and s.solutions == [s.grid] and p.check(s.grid) == []
    assert (s.status, s.stop, s.status_text) == ("found", "optimal", "optimal")
    assert (s.solver, s.program, s.via, s.formulation) == ("mine", None, "lp", None)
    assert (s.unique, s.uniqueness_not_proven, s.complete, s.runs, s.seconds, s.stats) == (
        None, None, None, 1, 0.0, {})
    wrong = dict(values, **{name: 1.0 - v for name, v in values.items() if name.startswith("x_1_1_")})
    with pytest.raises(cagec.SolverError):
        p.compile("lp", formulation="tuples").solution_from(wrong)


def test_pulp() -> None:
    try:
        import pulp
    except ImportError:
        need("pulp", False)
    p = cagec.Puzzle.from_file(PUZZLES / "kk1.cage")
    m = p.compile("lp", formulation="tuples", presolve=True)
    variables, prob = m.to_pulp()
    assert any(name.startswith("x_") for name in variables)
    solver = pulp.HiGHS(msg=False) if pulp.HiGHS().available() else pulp.PULP_CBC_CMD(msg=False)
    prob.solve(solver)
    assert pulp.LpStatus[prob.status] == "Optimal"
    s = m.solution_from_pulp(prob)
    assert s.grid == p.solve().grid and s.solver == "pulp"


def test_values_that_are_not_a_solution(tmp_path: Path) -> None:
    p = cagec.Puzzle.from_file(PUZZLES / "kk2.cage")
    m = p.compile("lp")
    # Every column's value at the solution, as `compile --with-solution` writes it.
    cli("compile", PUZZLES / "kk2.cage", "--to", "lp", "--with-solution", "-o", tmp_path / "kk2.lp")
    values = {}
    for line in (tmp_path / "kk2.sol").read_text().splitlines():
        name, value = line.split()
        if name != "=obj=":
            values[name] = float(value)
    assert m.solution_from(values).grid == p.solve().grid
    with pytest.raises(cagec.SolverError, match="not a variable"):
        m.solution_from({"nonsense": 1.0, **values})
    broken = dict(values)
    one = next(k for k, v in values.items() if k.startswith("x_1_1_") and v == 1.0)
    zero = next(k for k, v in values.items() if k.startswith("x_1_1_") and v == 0.0)
    broken[one], broken[zero] = 0.0, 1.0
    with pytest.raises(cagec.SolverError):
        m.solution_from(broken)
