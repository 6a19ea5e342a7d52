"""Puzzles: reading, converting, compiling, solving, checking, explaining."""

from __future__ import annotations

import json
import os
from typing import (
    Any,
    Callable,
    Dict,
    List,
    NamedTuple,
    Optional,
    Tuple,
    Union,
)

from . import _core, _cubes, _highspy
from ._display import HtmlPage, Svg
from ._errors import SolverNotFoundError
from ._grid import Grid, GridLike
from ._model import Model
from ._solution import Progress, Solution

__all__ = ["Cage", "Puzzle", "generate"]

# Each operation's symbol and the paper's word for it, from the core.
_OPS = _core.OPERATIONS


class Cage(NamedTuple):
    """One cage: its target, its operation and its cells.

    ``op`` is ``"+"``, ``"-"``, ``"*"``, ``"%"`` (a ratio), ``""`` for a given
    and ``"?"`` for an operation left hidden; ``cells`` are ``(row, col)``
    pairs, 0-based, in the order the puzzle lists them.
    """

    target: int
    op: str
    cells: Tuple[Tuple[int, int], ...]

    @property
    def clue(self) -> str:
        """The clue as printed in the puzzle's corner: ``11+``, ``2%``, ``4``."""
        return f"{self.target}{self.op}"

    @property
    def operation(self) -> str:
        """The paper's name of the operation: sum, difference, product, ratio, given, hidden."""
        return _OPS[self.op]


class Puzzle:
    """A KenKen or Killer Sudoku puzzle that read and passed validation.

    Make one with :meth:`Puzzle.parse`, :meth:`Puzzle.from_file` or
    :func:`generate`. Everything it does goes through the same library as the
    ``cagec`` command, so models are the same bytes, errors the same
    messages, and every grid is checked by cagec's verifier before you see it.

    Model options, accepted by :meth:`compile`, :meth:`write`, :meth:`stats`,
    :meth:`explain`, :meth:`explain_html` and :meth:`solve` as keywords, are
    the command line's: ``presolve`` (bool), ``product`` (``"primes"``,
    ``"sets"``, ``"auto"``), ``formulation`` (``"melkonian"``, ``"tuples"``,
    ``"cover"``),
    ``tuple_limit`` (int), ``killer_form`` (``"separate"``, ``"combined"``)
    and ``max_nonzeros`` (int).
    """

    __slots__ = ("_core", "_killer")

    def __init__(self, core: _core.Puzzle, killer: bool = False) -> None:
        """Wraps a puzzle made by ``cagec._core``; use the class methods."""
        self._core = core
        self._killer = killer

    # Reading ------------------------------------------------------------

    @classmethod
    def parse(
        cls,
        text: str,
        format: Optional[str] = None,
        *,
        name: str = "puzzle",
        killer: bool = False,
    ) -> Puzzle:
        """Reads a puzzle from text.

        ``format`` is ``"cages"`` (J-wiki cage lines, also ``"jwiki"``),
        ``"dat"`` (the paper's AMPL data), ``"grid"`` (a cage map, also
        ``"cmap"``) or ``"keen"`` (a Keen game ID). Without it, text that
        starts like a Keen ID is read as one and anything else as cage lines,
        as ``cagec`` reads standard input. ``name`` names the model in LP and
        MPS files. ``killer`` reads it under Killer Sudoku rules (a
        ``# cagec: killer`` line in the text does the same).

        Raises :class:`cagec.ParseError` listing every problem of the text.
        """
        core = _core.parse(text, format, name=name, display_name="<string>", killer=killer)
        return cls(core, killer)

    @classmethod
    def from_file(
        cls,
        path: Union[str, "os.PathLike[str]"],
        format: Optional[str] = None,
        *,
        killer: bool = False,
    ) -> Puzzle:
        """Reads a puzzle file, its format told by its content (a Keen ID) or
        its extension (``.cage .txt .kk``, ``.dat``, ``.cmap``, ``.keen``),
        exactly as ``cagec`` does. The model is named after the file (``kk0``).

        Raises :class:`cagec.ParseError` (with file, line and column of every
        problem), :class:`FileNotFoundError` or :class:`OSError`.
        """
        return cls(_core.load(os.fspath(path), format, killer=killer), killer)

    @classmethod
    def _from_source(cls, source: str, format: str, name: str, killer: bool) -> Puzzle:
        return cls.parse(source, format, name=name, killer=killer)

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled as the text it was read from: process pools map over puzzles.
        c = self._core
        return (Puzzle._from_source, (c.source, c.format, c.name, self._killer))

    # What it is ---------------------------------------------------------

    @property
    def n(self) -> int:
        """The grid's size: n×n cells holding 1..n."""
        return self._core.n

    @property
    def name(self) -> str:
        """The model's name: the file's stem, or ``name=`` given to :meth:`parse`."""
        return self._core.name

    @property
    def format(self) -> str:
        """The format it was read as: ``cages``, ``dat``, ``grid`` or ``keen``."""
        return self._core.format

    @property
    def source(self) -> str:
        """The text it was read from."""
        return self._core.source

    @property
    def warnings(self) -> List[str]:
        """Warnings met while reading, as ``cagec`` prints them."""
        return [w for w in self._core.warnings.split("\n") if w.strip()]

    @property
    def rules(self) -> str:
        """``"kenken"`` or ``"killer"`` (Killer Sudoku)."""
        return "kenken" if self._core.box_size is None else "killer"

    @property
    def box_size(self) -> Optional[int]:
        """Killer Sudoku's box side (3 for 9×9); None for KenKen."""
        return self._core.box_size

    @property
    def cages(self) -> Tuple[Cage, ...]:
        """The cages, in the order the puzzle lists them (cage 1 first)."""
        return tuple(Cage(t, op, tuple(cells)) for t, op, cells in self._core.cages())

    def to_text(self, format: str = "cages") -> str:
        """The puzzle in ``format`` (``cages``, ``dat``, ``grid``, ``keen``),
        as ``cagec convert --to FORMAT`` writes it."""
        return self._core.to_text(format)

    def __eq__(self, other: object) -> bool:
        """Same size, rules and cages (target, operation, cells), whatever
        format or file they came from and in whatever order they list the
        cages (a Keen ID has its own order; models number cages as listed)."""
        if not isinstance(other, Puzzle):
            return NotImplemented
        return self._core.same(other._core)

    def __hash__(self) -> int:
        n, box, cages = self._core.key()
        return hash((n, box, tuple((t, op, tuple(cells)) for t, op, cells in cages)))

    def __repr__(self) -> str:
        kind = "KenKen" if self.box_size is None else "Killer Sudoku"
        return f"<Puzzle {self.name}: {self.n}×{self.n} {kind}, {len(self._core.cages())} cages>"

    def _repr_svg_(self) -> str:
        return self._core.render(self.name)

    # Models -------------------------------------------------------------

    def compile(self, to: str = "lp", **options: Any) -> Model:
        """The integer program in ``to`` (``"lp"``, ``"mps"``, ``"fixed-mps"``,
        ``"ampl"``, or another solver family's ``"opb"``, ``"cnf"``,
        ``"mzn"``, ``"fzn"``): the very bytes ``cagec compile --to TO``
        prints with the same model options (the paper's model by default).

        Raises :class:`cagec.ModelError` when the formulation refuses the
        puzzle under these options.
        """

        data, columns = self._core.compile(to, **options)
        return Model(self, to, data, options, columns)

    def write(self, path: Union[str, "os.PathLike[str]"], *, to: Optional[str] = None, **options: Any) -> None:
        """Writes the model to ``path`` as ``cagec compile -o PATH``:
        atomically (no partial file, ever), gzip when the name ends in
        ``.gz``, with the files that go beside it (an AMPL model's ``.dat``,
        a MiniZinc model's ``.dzn``, a fixed-MPS ``.map``). The format comes
        from ``to`` or the name (``.lp``, ``.mps``, ``.mod``, ``.opb``,
        ``.cnf``, ``.mzn``, ``.fzn``)."""
        self._core.write(os.fspath(path), to, **options)

    def stats(self, **options: Any) -> Dict[str, Any]:
        """The model's counts, as ``cagec stats --json``: variables (binary,
        integer, continuous), rows, non-zeros, per constraint family with its
        equation number, and what presolve removed."""

        result: Dict[str, Any] = json.loads(self._core.stats_json(**options))
        return result

    def root_lp(self, **options: Any) -> Dict[str, Any]:
        """The LP relaxation of the model (every binary in [0, 1]) solved by
        HiGHS, as ``cagec stats --root --json`` reports it: ``status``,
        ``objective``, ``iterations``, ``seconds`` (HiGHS's own), ``x``
        (the n³ cell-value pairs), ``fractional_x`` and
        ``fractional_cells`` (pairs and cells strictly between 0 and 1) and
        ``integral``. Formulations compare by number on the same puzzle.
        Needs the ``highs`` binary (``pip install highsbox``); raises
        :class:`cagec.SolverNotFoundError` without it."""

        result: Dict[str, Any] = json.loads(self._core.root_lp_json(**options))
        return result

    # Solving ------------------------------------------------------------

    def solve(
        self,
        solver: str = "native",
        *,
        unique: bool = False,
        all: bool = False,
        limit: int = 1000,
        time_limit: Optional[float] = None,
        threads: Optional[int] = None,
        via: Optional[str] = None,
        in_process: Optional[bool] = None,
        progress: Optional[Callable[[Progress], None]] = None,
        certify: Union[str, "os.PathLike[str]", None] = None,
        client: Optional[Any] = None,
        **options: Any,
    ) -> Solution:
        """Solves the puzzle and returns a verified :class:`Solution`.

        ``solver`` is ``"native"`` (built in, the fastest, needs nothing
        installed) or any solver ``cagec solve`` runs: ``"highs"``,
        ``"cbc"``, ``"glpk"`` (integer programs), ``"cadical"``,
        ``"kissat"`` (SAT), ``"clasp"``, ``"minisat+"`` (pseudo-Boolean;
        clasp reads CNF too), ``"gecode"`` (MiniZinc, FlatZinc) and
        ``"scip"`` (OPB, FlatZinc). Binaries are found through
        ``CAGEC_HIGHS``, ``CAGEC_CADICAL``, ... or on ``PATH``.
        ``unique=True`` proves or disproves that the solution is the only one
        (with the family's own no-good); ``all=True`` enumerates up to
        ``limit`` solutions. External solvers read the model through ``via``
        (``"lp"``, ``"mps"``, ``"fixed-mps"``, ``"ampl"`` with glpk,
        ``"opb"``, ``"cnf"``, ``"mzn"``, ``"fzn"``; default: the solver's
        own route), built with the model options given, by default the
        fastest model (tuples after presolve), as ``cagec solve``.

        HiGHS runs in this process through highspy when highspy is installed
        (``pip install "cagec[highspy]"``): the same model file, decoding,
        verification and no-goods as the binary. ``in_process=False`` runs
        the ``highs`` binary instead; ``in_process=True`` requires highspy.
        ``Solution.program`` says which ran (``highspy`` or ``highs``).
        Ctrl-C returns at once there too, but HiGHS's thread cannot be
        killed: it stops at HiGHS's next check for a stop, which its presolve
        can postpone for seconds, using a core until then.

        The GIL is released while solving and Ctrl-C stops the solve
        (KeyboardInterrupt) within a fraction of a second, killing a running
        solver. Raises :class:`cagec.SolverNotFoundError` for a solver that
        is not installed (its message says how to install it),
        :class:`cagec.SolverError` when one fails.

        ``threads`` is the solver's: for the native solver, by default every
        core; with 2 or more, a puzzle hard enough to reach its
        conflict-driven stage is searched by two CaDiCaL workers that share
        what they learn, and threads beyond two solve cubes of it
        (``stats["cubes"]``: the cubes, those refuted and satisfied, and the
        busiest worker's conflicts). Where a puzzle has several solutions,
        which one comes first may then vary from run to run; ``threads=1``
        is deterministic.

        ``client``, a ``distributed.Client``, solves the puzzle on its Dask
        cluster with the native solver: the search is split into cubes here
        (several per worker thread), each cube is a task on the workers
        (which need the same cagec installed), and the answers are merged
        and verified here. A worker lost mid-cube loses nothing: Dask runs
        the cube again elsewhere. A unique puzzle gives the same grid as on
        one machine; which solutions come first where there are several may
        vary. ``time_limit`` bounds the whole solve.

        ``progress``, with the native solver, is called on the calling
        thread about every 50 ms while the solve runs, and once at the end,
        with a :class:`cagec.Progress` (stage, nodes, conflicts, seconds);
        the last call's figures equal the solution's ``stats``. An exception
        it raises stops the solve and is raised here.

        ``certify``, with ``unique=True``, writes a certificate of the answer
        into that folder (new or empty), as ``cagec solve --certify``: the
        puzzle, a plain CNF of its rules, the no-good of the grid found,
        CaDiCaL's DRAT proof that no other grid exists, and a manifest; an
        independent proof checker (``rate``) must accept it.
        ``Solution.certified`` is then True; False when there is nothing to
        certify (a second solution, uniqueness not proven). A certificate
        that cannot be written or is not accepted raises
        :class:`cagec.CertificateError` and leaves no folder behind; a
        missing ``cadical`` or ``rate``, :class:`cagec.SolverNotFoundError`.
        """


        if unique and all:
            raise ValueError("unique and all exclude each other: all=True also proves uniqueness")
        mode = "all" if all else "unique" if unique else "first"
        if client is not None:
            if solver != "native" or threads is not None or via is not None or in_process is not None:
                raise ValueError("client= solves with the native solver's cubes, one thread a task: "
                                 "solver, threads, via and in_process do not apply")
            if progress is not None or options:
                raise ValueError("client= takes no progress callback and no model options")
            if certify is not None:
                raise ValueError("certify= needs the solve on this machine, not client=")

            return Solution(self, json.loads(_cubes.solve(self, client, mode, limit, time_limit)))
        report = None
        if progress is not None:
            callback = progress

            def report(figures: Dict[str, Any]) -> None:
                callback(Progress(**figures))

        linked = None
        if in_process is not None and solver != "highs":
            raise ValueError(f"in_process chooses how HiGHS runs; {solver!r} runs as a binary only")
        if solver == "highs" and in_process is not False:
            if _highspy.available():
                linked = _highspy.start
            elif in_process:
                raise SolverNotFoundError(
                    f"in_process=True needs highspy, which is not installed: {_highspy.INSTALL}",
                    "highspy",
                )
        if certify is not None and not unique:
            raise ValueError("certify needs unique=True")
        target = None if certify is None else os.fspath(certify)
        record = _core.solve(
            self._core, solver, mode, limit, time_limit, threads, via, report, linked, target, **options
        )
        return Solution(self, json.loads(record))

    def check(self, grid: GridLike) -> List[str]:
        """The rules ``grid`` breaks, as ``cagec check`` prints them; an empty
        list means it is a solution."""
        return self._core.check(grid)

    # Explaining and drawing --------------------------------------------

    def explain(self, cage: Optional[int] = None, **options: Any) -> str:
        """``cagec explain``: each cage (or cage ``cage``, 1-based) and the
        rows the model gives it, with the paper's equation numbers."""
        return self._core.explain(cage, **options)

    def explain_html(self, *, solve: bool = False, cage: Optional[int] = None, **options: Any) -> HtmlPage:
        """``cagec explain --html``: one self-contained page (a ``str``) with
        the picture, each cage's explanation and rows, and the whole model.
        In a notebook it shows inline. ``solve=True`` draws the native
        solver's verified solution (ValueError when there is none); ``cage``
        is selected when it opens. The page records the call that made it."""
        grid = None
        if solve:
            grid = self.solve().grid
            if grid is None:
                raise ValueError(f"{self.name} has no solution to draw")
        args = [f"solve={solve!r}", f"cage={cage!r}"] + [f"{k}={v!r}" for k, v in options.items()]
        call = f"cagec.Puzzle {self.name}: explain_html({', '.join(args)})"
        return HtmlPage(self._core.explain_html(self.name, call, grid, cage, **options))

    def render(self, solution: Union[GridLike, Solution, None] = None) -> Svg:
        """The SVG picture, as newspapers print KenKen, with ``solution``
        written in (a grid or a :class:`Solution`; checked first: a grid that
        is not a solution raises ValueError)."""

        grid: Optional[Grid]
        if isinstance(solution, Solution):
            grid = solution.grid
        elif solution is None:
            grid = None
        else:
            grid = self._core.read_grid(solution)
            broken = self._core.check(grid)
            if broken:
                raise ValueError("not a solution: " + "; ".join(broken))
        return Svg(self._core.render(self.name, grid))


def generate(
    size: int,
    *,
    seed: int = 1,
    unique: bool = True,
    ops: str = "+-*%",
    max_cage: int = 4,
    cage_sizes: Optional[str] = None,
    effort: Optional[int] = None,
) -> Puzzle:
    """A random KenKen puzzle, as ``cagec generate``: the same seed gives the
    same puzzle on every machine.

    ``ops`` picks the operations, optionally weighted (``"+3-2*3%2"``);
    ``max_cage`` the largest cage, or ``cage_sizes`` weights per size
    (``"2:40,3:32,4:16"``). ``unique=True`` reshapes cages until the native
    solver proves the solution unique, each check within ``effort`` search
    failures. Ctrl-C stops it (KeyboardInterrupt).
    """
    core, _grid, _info = _core.generate(size, seed, unique, ops, max_cage, cage_sizes, effort)
    return Puzzle(core)
