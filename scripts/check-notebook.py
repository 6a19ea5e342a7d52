"""Runs a notebook top to bottom in this Python (nbclient, a real kernel)
and checks what a reader of the class notebook must see: the puzzle and the
solution drawn, the model's counts, HiGHS's Optimal, no broken rule, and the
native solver agreeing that the grid is the only one.

Usage: python scripts/check-notebook.py docs/notebooks/kenken-class.ipynb
"""

import os
import sys

import nbformat
from nbclient import NotebookClient


def outputs(cell):
    """(plain text, mime types) of a code cell's outputs."""
    text, mimes = [], set()
    for out in cell.get("outputs", []):
        if out.output_type == "error":
            sys.exit(f"check-notebook: cell failed: {out.ename}: {out.evalue}")
        if out.output_type == "stream":
            text.append(out.text)
        for mime, value in out.get("data", {}).items():
            mimes.add(mime)
            if mime in ("text/plain", "text/html"):
                text.append(value)
    return "".join(text), mimes


def main(path):
    nb = nbformat.read(path, as_version=4)
    here = os.path.dirname(os.path.abspath(path))
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": here}}).execute()
    cells = {c.source.strip().splitlines()[-1]: outputs(c) for c in nb.cells if c.cell_type == "code"}
    expect = {
        "puzzle": ("<Puzzle kk2: 8×8 KenKen", "image/svg+xml"),
        "model": (" rows, 586 columns", "text/html"),
        "print(highs.modelStatusToString(highs.getModelStatus()))": ("Optimal", None),
        "solution": ("<Solution of kk2 by highspy: solved", "image/svg+xml"),
        "puzzle.check(solution.grid)   # the broken rules: none": ("[]", None),
        "native.unique, native.grid == solution.grid": ("(True, True)", None),
    }
    for last_line, (text, mime) in expect.items():
        if last_line not in cells:
            sys.exit(f"check-notebook: no cell ends with {last_line!r}")
        got, mimes = cells[last_line]
        if text not in got:
            sys.exit(f"check-notebook: the cell ending {last_line!r} shows {got[:300]!r}, not {text!r}")
        if mime and mime not in mimes:
            sys.exit(f"check-notebook: the cell ending {last_line!r} has no {mime} output ({sorted(mimes)})")
    if "Running HiGHS" in "".join(t for t, _ in cells.values()):
        sys.exit("check-notebook: HiGHS's banner leaked into the notebook")
    print(f"check-notebook: {path}: {len(cells)} code cells ran, every expected output is there")


if __name__ == "__main__":
    main(sys.argv[1])
