"""cagec: cage puzzles (KenKen, Killer Sudoku) compiled into integer programs.

A puzzle goes in; a faithful, readable, deterministic model comes out, in
CPLEX-LP, MPS or AMPL, every row named after its equation in Melkonian (2016).
The built-in solver proves puzzles up to 25×25, and every grid, from any
solver, is checked by cagec's own verifier before you see it.

>>> import cagec
>>> p = cagec.Puzzle.parse("1,0\\n11+,1 2 5 6\\n4+,3 7\\n8*,4 8 9\\n1-,10 11\\n7+,12 13\\n2%,14 15\\n")
>>> p.n
4
>>> p.solve(unique=True).grid
[[1, 2, 4, 3], [4, 3, 2, 1], [2, 1, 3, 4], [3, 4, 1, 2]]
>>> print(p.compile("lp").text.splitlines()[0])
\\ KenKen integer program of Melkonian (2016), written by cagec

The same work as the ``cagec`` command, through the same library: the same
bytes, the same messages, the same verified grids.
"""

import os
from typing import Any, Dict, Optional, Union

from . import _core
from ._display import HtmlPage, Svg
from ._errors import (
    CagecError,
    CertificateError,
    Diagnostic,
    ModelError,
    ParseError,
    SolverError,
    SolverNotFoundError,
)
from ._model import Model
from ._grid import Grid, GridLike
from ._puzzle import Cage, Puzzle, generate
from ._solution import Progress, Solution

__version__: str = _core.__version__


def check_certificate(
    dir: Union[str, "os.PathLike[str]"], *, time_limit: Optional[float] = None
) -> Dict[str, Any]:
    """Checks a certificate folder (``cagec certify check DIR``): the
    hashes, the puzzle, the reference CNF, the grid, the no-good, and the
    proof through the independent checker ``rate``. Returns what it
    certifies: ``claim`` (``unique`` or ``no-solution``), ``grid``,
    ``checker`` and ``checker_seconds``. Raises :class:`CertificateError`
    naming the file and step that failed."""
    return _core.check_certificate(os.fspath(dir), time_limit)


HAS_CDCL: bool = _core.HAS_CDCL
"""Whether this build's native solver has its CDCL stage (CaDiCaL)."""

__all__ = [
    "Cage",
    "CagecError",
    "CertificateError",
    "Diagnostic",
    "Grid",
    "GridLike",
    "HAS_CDCL",
    "HtmlPage",
    "Model",
    "ModelError",
    "ParseError",
    "Progress",
    "Puzzle",
    "Solution",
    "SolverError",
    "SolverNotFoundError",
    "Svg",
    "__version__",
    "check_certificate",
    "generate",
]
