"""What solving returns: verified grids, and how the solve went."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional

from ._display import Svg
from ._grid import Grid

if TYPE_CHECKING:
    # The puzzle a solution belongs to: named in annotations only, which
    # are never evaluated, so no module imports back up the tree.
    from ._puzzle import Puzzle

__all__ = ["Progress", "Solution"]


class Progress(NamedTuple):
    """The native solver's effort so far, given to the ``progress`` callback
    of :meth:`Puzzle.solve` while it runs.

    Attributes:
        stage: the stage running: ``propagation``, ``search``, ``probing``
            or ``cdcl`` (the conflict-driven stage).
        nodes: depth-first search nodes so far (updated every 256).
        conflicts: conflicts of the conflict-driven stage so far (updated
            every 256).
        seconds: wall-clock time since the solve started.
    """

    stage: str
    nodes: int
    conflicts: int
    seconds: float


class Solution:
    """The answer of :meth:`Puzzle.solve`. Every grid in it was checked
    against the puzzle by cagec's own verifier before it was returned.

    It is made from the record ``cagec solve --json`` prints for a puzzle,
    so its words mean what they mean there.

    Attributes:
        puzzle: the puzzle solved.
        solutions: every grid found, in the order found (several with
            ``all=True``, or with ``unique=True`` when there is another).
        status: whether a solution exists: ``found``, ``none`` (proved to
            have none) or ``not-proven`` (neither found nor disproved: a
            time limit, ...), as ``cagec solve`` says.
        stop: why the (first) solver run stopped: ``optimal``,
            ``infeasible``, ``time-limit``, ``unbounded`` or ``other``.
        status_text: ``stop`` in words (``time limit reached``, or the
            solver's own words for ``other``).
        unique: True or False when ``unique=True`` or ``all=True`` settled
            it, None when it was not asked or not proved (see
            ``uniqueness_not_proven``).
        complete: with ``all=True``, whether ``solutions`` is every solution.
        solver: the solver asked for (``native``, ``highs``, ``cbc``, ...).
        program: what answered: ``native``, ``highspy`` (HiGHS in this
            process) or the binary's name (``highs``, ``glpsol``,
            ``fzn-gecode``, ...); None for a solution read from values.
        via: the file route to an external solver (``lp``, ``mps``, ...), or None.
        formulation: the model an external solver ran (``tuples+presolve``, ...).
        seconds: wall-clock time of the whole solve.
        runs: solver runs (1, plus one per no-good cut).
        certified: with ``certify=``, True once the certificate was written
            and an independent proof checker accepted it, False when the
            answer had nothing to certify; None without ``certify=``.
        stats: the native solver's effort (``root_fixed``, ``nodes``,
            ``failures``, ``probed_fixed``, ``conflicts``, ``stage``), and
            ``engine``, the conflict-driven engine that answered (``cadical``
            or ``lcg``; None when that stage did not run); ``cubes`` (only
            when that stage was split into cubes, on several threads or a
            Dask ``client``): ``count``, ``refuted``, ``satisfied``.
    """

    puzzle: Puzzle
    solutions: List[Grid]
    status: str
    stop: str
    status_text: str
    unique: Optional[bool]
    uniqueness_not_proven: Optional[str]
    complete: Optional[bool]
    solver: str
    program: Optional[str]
    via: Optional[str]
    formulation: Optional[str]
    seconds: float
    runs: int
    certified: Optional[bool]
    stats: Dict[str, Any]

    def __init__(self, puzzle: Puzzle, record: Dict[str, Any]) -> None:
        """Made by :meth:`Puzzle.solve` and :meth:`Model.solution_from` from
        the core's record of the solve (``cagec solve --json``'s object, with
        the words the command line prints beside it under ``detail``)."""
        detail = record["detail"]
        self.puzzle = puzzle
        grids = record.get("grids")
        self.solutions = grids if grids is not None else [record["grid"]] if record["grid"] is not None else []
        self.status = record["status"]
        self.stop = record["stop"]
        self.status_text = detail["stop_text"]
        self.unique = record["unique"]
        self.uniqueness_not_proven = detail["uniqueness_stop"]
        self.complete = record.get("complete")
        self.solver = record["solver"]
        self.program = detail["program"]
        # The record's `none`: the native solver reads the puzzle itself.
        self.via = None if record["via"] == "none" else record["via"]
        self.formulation = None if record["formulation"] == "none" else record["formulation"]
        self.seconds = detail["seconds"]
        self.runs = record["runs"]
        stats = record.get("stats")
        # Every figure, `engine` None when the record leaves it out.
        self.stats = {**stats, "engine": stats.get("engine")} if stats else {}
        self.certified = record.get("certified")

    @property
    def found(self) -> bool:
        """Whether a solution was found."""
        return bool(self.solutions)

    @property
    def grid(self) -> Optional[Grid]:
        """The (first) solution, n rows of n values; None when none was found."""
        return self.solutions[0] if self.solutions else None

    def __bool__(self) -> bool:
        return self.found

    def __str__(self) -> str:
        """The grid as ``cagec check`` reads it: n lines of n numbers."""
        if self.grid is None:
            return f"no solution ({self.status_text})"
        return "".join(" ".join(map(str, row)) + "\n" for row in self.grid)

    def __repr__(self) -> str:
        what = "solved" if self.found else f"no solution ({self.status_text})"
        if self.unique is True:
            what += ", unique"
        elif self.unique is False:
            what += f", not unique ({len(self.solutions)} found)"
        return f"<Solution of {self.puzzle.name} by {self.solver}: {what}, {self.seconds:.3f} s>"

    def render(self) -> Svg:
        """The puzzle's picture with the solution written in."""
        return self.puzzle.render(self.grid) if self.grid is not None else self.puzzle.render()

    def _repr_svg_(self) -> str:
        return str(self.render())
