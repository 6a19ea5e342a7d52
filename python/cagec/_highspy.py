"""HiGHS in this process, through highspy: the jobs cagec's solve session
runs for ``Puzzle.solve("highs")`` when highspy is installed.

The session (in the core, as for the ``highs`` binary) writes the model
file, and decodes, verifies and cuts what a job answers; a job only reads the
file, solves it on highspy's own thread and reports HiGHS's model status and
column values.
"""

from __future__ import annotations

import functools
import importlib.util
from typing import Any, List, Optional, Sequence, Tuple

from ._model import _quiet_stdout

__all__ = ["available", "start"]

INSTALL = 'pip install highspy (or pip install "cagec[highspy]")'


@functools.lru_cache(maxsize=None)
def available() -> bool:
    """Whether highspy is installed and has what a job uses (its solver
    thread and user interrupt, highspy 1.16 was tried; an older one leaves
    ``solve("highs")`` to the binary)."""
    if importlib.util.find_spec("highspy") is None:
        return False
    import highspy

    needed = ("startSolve", "wait", "cancelSolve", "HandleUserInterrupt")
    return all(hasattr(highspy.Highs, name) for name in needed)


class Job:
    """One solve of a model file, on highspy's solver thread."""

    def __init__(
        self,
        model: str,
        settings: Sequence[Tuple[str, str]],
        time_limit: Optional[float],
        threads: Optional[int],
    ) -> None:
        import highspy

        with _quiet_stdout():
            h: Any = highspy.Highs()  # type: ignore[no-untyped-call]
        h.setOptionValue("output_flag", False)
        # What the binary reads from its options file and command line.
        for key, value in settings:
            h.setOptionValue(key, value)
        if time_limit is not None:
            h.setOptionValue("time_limit", float(time_limit))
        if threads is not None:
            h.setOptionValue("threads", int(threads))
        if h.readModel(model) == highspy.HighsStatus.kError:
            raise RuntimeError(f"HiGHS cannot read {model}")
        # cancelSolve() then stops the solve at HiGHS's next check.
        h.HandleUserInterrupt = True
        self._highs = h
        self._thread = h.startSolve()
        self._done = False

    def wait(self, timeout: float) -> bool:
        """Whether the solve has ended, waiting at most ``timeout`` seconds
        (the GIL free meanwhile)."""
        if not self._done:
            self._done, _ = self._highs.wait(timeout)
            if self._done:
                self._thread.join()
        return self._done

    def cancel(self) -> None:
        """Asks HiGHS to stop (Ctrl-C)."""
        self._highs.cancelSolve()

    def result(self) -> Tuple[str, Optional[Tuple[List[str], List[float]]]]:
        """HiGHS's model status in its own words (``Optimal``, ``Infeasible``,
        ``Time limit reached``, ...) and, when HiGHS holds a feasible point,
        the column names and values."""
        h = self._highs
        status: str = h.modelStatusToString(h.getModelStatus())
        feasible = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
        if not feasible:
            return status, None
        names = list(h.getLp().col_names_)
        values = [float(v) for v in h.getSolution().col_value]
        return status, (names, values)


def start(
    model: str,
    settings: Sequence[Tuple[str, str]],
    time_limit: Optional[float],
    threads: Optional[int],
) -> Job:
    """Starts solving the model file ``model``: what the core calls."""
    return Job(model, settings, time_limit, threads)
