"""The API as a notebook uses it; `mypy --strict` must accept it."""

from __future__ import annotations

from typing import Dict, List, Optional

import cagec


def lesson(path: str) -> Optional[List[List[int]]]:
    puzzle: cagec.Puzzle = cagec.Puzzle.from_file(path)
    n: int = puzzle.n
    clues: List[str] = [cage.clue for cage in puzzle.cages]
    model: cagec.Model = puzzle.compile("lp", presolve=True)
    counts: Dict[str, object] = puzzle.stats(formulation="tuples")
    rows: int = model.num_rows
    text: str = puzzle.explain(cage=1)
    picture: cagec.Svg = puzzle.render()
    solution: cagec.Solution = puzzle.solve(unique=True, time_limit=10.0)
    unique: Optional[bool] = solution.unique
    broken: List[str] = puzzle.check(solution.grid or [])
    highs = model.to_highspy()
    highs.run()
    again: cagec.Solution = model.solution_from_highspy(highs)
    sat: cagec.Solution = puzzle.solve("cadical", unique=True, via="cnf")
    linked: cagec.Solution = puzzle.solve("highs", in_process=True)
    program: Optional[str] = linked.program
    print(n, clues, counts, rows, text, picture, unique, broken, again.seconds, sat.unique, program)
    try:
        cagec.Puzzle.parse("11^,1 2\n")
    except cagec.ParseError as e:
        first: cagec.Diagnostic = e.diagnostics[0]
        print(first.line, first.column, first.rendered)
    made: cagec.Puzzle = cagec.generate(6, seed=1)
    print(made == puzzle, made.to_text("keen"))
    return solution.grid
