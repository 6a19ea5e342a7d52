"""The exceptions cagec raises. Every one is a :class:`CagecError`."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Dict, List, Optional, Tuple

__all__ = [
    "CagecError",
    "CertificateError",
    "Diagnostic",
    "ModelError",
    "ParseError",
    "SolverError",
    "SolverNotFoundError",
]


class CagecError(Exception):
    """The base of every error cagec raises on its own account."""


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in a puzzle (or grid) text, where it was found.

    ``line`` and ``column`` are 1-based (0 when the problem concerns the whole
    text); ``rendered`` is the message exactly as ``cagec`` prints it, with
    the offending line quoted and a caret under the column.
    """

    file: str
    line: int
    column: int
    severity: str
    message: str
    expected: Optional[str]
    found: Optional[str]
    rendered: str

    def __str__(self) -> str:
        return self.rendered.rstrip("\n")


class ParseError(CagecError, ValueError):
    """A puzzle or grid that does not read, or breaks the puzzle rules.

    ``diagnostics`` lists every problem of the text (not only the first), each
    with its file, line and column; ``str(error)`` is what the command line
    prints for the same input.
    """

    diagnostics: List[Diagnostic]

    def __init__(self, message: str, diagnostics: List[Dict[str, Any]]) -> None:
        super().__init__(message)
        self.diagnostics = [Diagnostic(**d) for d in diagnostics]

    def __reduce__(self) -> Tuple[Any, ...]:
        # Errors cross process pools (multiprocessing, concurrent.futures).
        return (type(self), (self.args[0], [asdict(d) for d in self.diagnostics]))

    @property
    def errors(self) -> List[Diagnostic]:
        """The diagnostics that are errors (the others are warnings)."""
        return [d for d in self.diagnostics if d.severity == "error"]


class ModelError(CagecError, ValueError):
    """The formulation refused the puzzle under the options given (a model
    beyond ``max_nonzeros``, a cage beyond ``tuple_limit``, presolve proving
    there is no solution, a grid too large for the native solver)."""


class _SolverFailure(CagecError):
    """What the two solver errors share: the message and the solver's name."""

    solver: str

    def __init__(self, message: str, solver: str) -> None:
        super().__init__(message)
        self.solver = solver

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (self.args[0], self.solver))


class SolverNotFoundError(_SolverFailure, FileNotFoundError):
    """An external solver that is not installed. The message says how to
    install it; ``solver`` names it (``highs``, ``cbc``, ``glpk``)."""


class SolverError(_SolverFailure, RuntimeError):
    """A solver that failed: it crashed, wrote nothing readable, or returned a
    grid that cagec's verifier rejects. ``solver`` names it."""


class CertificateError(CagecError, RuntimeError):
    """A certificate that could not be written, or that its check does not
    accept: ``str(error)`` starts with ``not certified:`` and names the file
    and the step that failed (the hashes, the puzzle, the reference CNF, the
    grid, the no-good, or the proof)."""
