"""A compiled model: its bytes, its counts, and hand-offs to Python solvers."""

from __future__ import annotations

import contextlib
import html
import json
import os
import tempfile
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Mapping, Optional, Tuple, Union

from . import _core
from ._solution import Solution

if TYPE_CHECKING:
    # The puzzle a model belongs to: named in annotations only.
    from ._puzzle import Puzzle

__all__ = ["Model"]

# Each format's file suffix, from the core (`.mps` for fixed MPS too).
_SUFFIX = _core.OUTPUT_EXTENSIONS

# Lines of the model a notebook shows: a model of a 100×100 puzzle is 100 MB.
_SHOWN_LINES = 40


class Model:
    """An integer program compiled from a puzzle: the exact bytes
    ``cagec compile`` writes (:attr:`data`, :attr:`text`), its counts, and the
    way to and back from the solvers people already use.

    ``str(model)`` is the whole text; in a notebook a model shows its counts
    and its first lines only.
    """

    __slots__ = ("puzzle", "format", "data", "options", "_stats", "_columns")

    puzzle: Puzzle
    format: str
    data: bytes
    options: Dict[str, Any]

    def __init__(
        self,
        puzzle: Puzzle,
        format: str,
        data: bytes,
        options: Mapping[str, Any],
        columns: Optional[_core.Columns] = None,
    ) -> None:
        """Made by :meth:`Puzzle.compile`, with the columns of the model as
        compiled: what reads a solver's values back."""
        self.puzzle = puzzle
        self.format = format
        self.data = data
        self.options = dict(options)
        self._stats: Optional[Dict[str, Any]] = None
        self._columns = columns

    @property
    def text(self) -> str:
        """The model as text (cagec writes ASCII)."""
        return self.data.decode("utf-8")

    def __str__(self) -> str:
        return self.text

    def __bytes__(self) -> bytes:
        return self.data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Model):
            return NotImplemented
        return self.format == other.format and self.data == other.data

    def __hash__(self) -> int:
        return hash((self.format, self.data))

    @property
    def stats(self) -> Dict[str, Any]:
        """The counts of :meth:`Puzzle.stats` for this model's options."""
        if self._stats is None:
            self._stats = self.puzzle.stats(**self.options)
        return self._stats

    @property
    def num_rows(self) -> int:
        """Constraints (rows) of the linear model behind the file (``cagec
        stats``; an OPB, CNF or MiniZinc file counts its own way)."""
        return int(self.stats["rows"])

    @property
    def num_columns(self) -> int:
        """Variables (columns)."""
        return int(self.stats["variables"])

    @property
    def num_nonzeros(self) -> int:
        """Non-zero coefficients of the constraint matrix."""
        return int(self.stats["nonzeros"])

    def lines(self) -> List[str]:
        """The model's lines."""
        return self.text.splitlines()

    def head(self, n: int = _SHOWN_LINES) -> str:
        """The first ``n`` lines."""
        return "\n".join(self.lines()[:n])

    def __repr__(self) -> str:
        return (
            f"<Model {self.puzzle.name} ({self.format}): {self.num_rows} rows, "
            f"{self.num_columns} columns, {self.num_nonzeros} non-zeros, {len(self.data)} bytes>"
        )

    def _repr_html_(self) -> str:
        lines = self.lines()
        more = len(lines) - _SHOWN_LINES
        tail = f"\n… {more} more lines: print(model) or model.write(path) for all" if more > 0 else ""
        return (
            f"<p><b>{html.escape(self.puzzle.name)}</b> as {html.escape(self.format)}: "
            f"{self.num_rows} rows, {self.num_columns} columns "
            f"({self.stats['binaries']} binary), {self.num_nonzeros} non-zeros, "
            f"{len(self.data)} bytes</p>"
            f"<pre>{html.escape(chr(10).join(lines[:_SHOWN_LINES]) + tail)}</pre>"
        )

    def write(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the model to ``path`` as ``cagec compile -o PATH`` would,
        atomically, gzip when the name ends in ``.gz``."""
        self.puzzle.write(path, to=self.format, **self.options)

    @contextlib.contextmanager
    def _file(self, format: Optional[str] = None) -> Iterator[str]:
        """The model (in ``format``, by default its own) in a temporary file."""
        data = self.data if format in (None, self.format) else self.puzzle.compile(format, **self.options).data
        with tempfile.TemporaryDirectory(prefix="cagec-") as tmp:
            path = os.path.join(tmp, self.puzzle.name + _SUFFIX[format or self.format])
            with open(path, "wb") as f:
                f.write(data)
            yield path

    # Hand-offs ----------------------------------------------------------

    def to_highspy(self) -> Any:
        """A ``highspy.Highs`` holding this model, with cagec's column and row
        names, its output switched off: call ``run()``, then
        :meth:`solution_from_highspy`. Needs ``pip install highspy``."""
        import highspy

        if self.format not in ("lp", "mps", "fixed-mps"):
            raise ValueError("HiGHS reads LP and MPS: compile with to='lp' or to='mps'")
        with _quiet_stdout():
            h: Any = highspy.Highs()  # type: ignore[no-untyped-call]
        h.setOptionValue("output_flag", False)
        with self._file() as path:
            status = h.readModel(path)
        if status != highspy.HighsStatus.kOk:
            raise RuntimeError(f"highspy could not read the model: {status}")
        return h

    def solution_from_highspy(self, highs: Any) -> Solution:
        """The verified grid of a ``highspy.Highs`` that has run this model."""
        lp = highs.getLp()
        values = highs.getSolution().col_value
        return self.solution_from(dict(zip(lp.col_names_, values)), solver="highspy")

    def to_pulp(self) -> Tuple[Dict[str, Any], Any]:
        """``(variables, problem)`` as PuLP's ``LpProblem.fromMPS`` reads the
        model's MPS (written with the same options): ``problem.solve(...)``,
        then :meth:`solution_from_pulp`. Needs ``pip install pulp``."""
        import pulp  # type: ignore[import-untyped]

        if self.format == "fixed-mps":
            raise ValueError("fixed MPS renames columns: hand PuLP the free MPS (to='mps' or 'lp')")
        with self._file("mps") as path:
            variables, problem = pulp.LpProblem.fromMPS(path)
        return variables, problem

    def solution_from_pulp(self, problem: Any) -> Solution:
        """The verified grid of a PuLP problem made by :meth:`to_pulp` and solved."""
        # PuLP adds `__dummy` to a problem with a constant objective.
        values = {v.name: v.varValue for v in problem.variables() if v.name != "__dummy"}
        return self.solution_from(values, solver="pulp")

    def _read_columns(self) -> _core.Columns:
        """The columns a solver's values of this model are named by. The
        paper's AMPL pair and MiniZinc name none of their own: a solver that
        solved them read the LP or MPS of the same options (``to_pulp``'s),
        whose columns are compiled once, here, and kept."""
        if self._columns is None:
            self._columns = self.puzzle.compile("lp", **self.options)._columns
        assert self._columns is not None, "an LP model always has columns"
        return self._columns

    def solution_from(self, values: Mapping[str, float], *, solver: str = "external") -> Solution:
        """The grid in a solver's values by column name (every column of the
        model, as the model file names them: a fixed-MPS file's short names
        ``C0000001``, … for the columns it renamed), checked by cagec's
        verifier. Raises :class:`cagec.SolverError` when the values are not
        a solution."""

        names = list(values)
        grid = _core.decode(self.puzzle._core, self._read_columns(), names, [float(values[n]) for n in names])
        record = json.loads(_core.read_back(self.puzzle._core, grid, solver, self.format))
        return Solution(self.puzzle, record)


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """Silences what C code prints on file descriptor 1 (HiGHS prints its
    banner there when a ``Highs`` is made, before any option can stop it).
    Descriptor 1 itself, not ``sys.stdout``: Jupyter reads it through a pipe."""
    import sys

    sys.stdout.flush()
    try:
        saved = os.dup(1)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
