#!/usr/bin/env python3
"""`kissat FILE.cnf` for a machine without Kissat: python-sat's bundled
Kissat 4.0.4 (`kissat404`) behind the command line cagec drives.

    kissat.py [-q] [--time=SECONDS] FILE.cnf[.gz]

Prints what the kissat binary prints, in the SAT competition's form:
`s SATISFIABLE` and `v ... 0` lines (exit 10), `s UNSATISFIABLE` (exit 20),
or `s UNKNOWN` when the time limit passes first (exit 0). Debian 12 has no
kissat package; scripts/install-solvers --families puts a `kissat` wrapper
that runs this in the project's venv on target/solvers/bin. A file that
does not read is an error (exit 1) with python-sat's message.
"""

import gzip
import os
import select
import signal
import sys
import time


def solve(path):
    from pysat.formula import CNF
    from pysat.solvers import Solver

    cnf = CNF(from_file=path)
    with Solver(name="kissat404", bootstrap_with=cnf.clauses) as s:
        if not s.solve():
            return "s UNSATISFIABLE\n", 20
        model = s.get_model()
    values = {abs(v): v for v in model}
    # Every variable the p line declares, as the kissat binary prints them.
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
        declared = next((int(line.split()[2]) for line in f if line.startswith("p ")), 0)
    count = max(cnf.nv, declared)
    lits = [str(values.get(v, -v)) for v in range(1, count + 1)] + ["0"]
    lines, line = [], "v"
    for lit in lits:
        if len(line) + 1 + len(lit) > 78:
            lines.append(line)
            line = "v"
        line += " " + lit
    lines.append(line)
    return "s SATISFIABLE\n" + "\n".join(lines) + "\n", 10


def die_with_parent():
    """The solving child dies with this process (Linux's PR_SET_PDEATHSIG),
    so killing the wrapper, as cagec does at its wall-clock limit, leaves no
    solver running."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def main():
    args = sys.argv[1:]
    limit, files = None, []
    for a in args:
        if a == "-q":
            continue
        if a.startswith("--time="):
            limit = float(a.split("=", 1)[1])
        elif a.startswith("-"):
            sys.exit(f"kissat.py: unknown option {a}")
        else:
            files.append(a)
    if len(files) != 1:
        sys.exit("usage: kissat.py [-q] [--time=SECONDS] FILE.cnf")
    import pysat

    print(f"c kissat 4.0.4 (kissat404 of python-sat {pysat.__version__})", flush=True)
    # The solve runs in a child: a C solver holding the interpreter cannot
    # be interrupted, so at the limit the child is killed.
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        die_with_parent()
        os.close(read)
        try:
            text, code = solve(files[0])
        except Exception as e:  # a file python-sat cannot read
            text, code = f"kissat.py: {files[0]}: {type(e).__name__}: {e}\n", 1
        os.write(write, f"{code}\n{text}".encode())
        os._exit(0)
    os.close(write)
    signal.signal(signal.SIGTERM, lambda *_: (os.kill(child, signal.SIGKILL), sys.exit(143)))
    start, data = time.monotonic(), b""
    # Read while waiting: a model longer than the pipe's buffer would
    # otherwise block the child.
    while True:
        left = None if limit is None else limit - (time.monotonic() - start)
        if left is not None and left <= 0:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
            print("c time limit reached\ns UNKNOWN", flush=True)
            sys.exit(0)
        ready, _, _ = select.select([read], [], [], 0.05 if left is None else min(left, 0.05))
        if ready:
            chunk = os.read(read, 1 << 20)
            if not chunk:
                break
            data += chunk
    os.waitpid(child, 0)
    code, _, text = data.decode().partition("\n")
    (sys.stderr if code == "1" else sys.stdout).write(text)
    sys.exit(int(code or 1))


if __name__ == "__main__":
    main()
