#!/usr/bin/env python3
"""`scip` for a machine without SCIP's own binary: the SCIP 10 of the
PyPI package pyscipopt behind the part of SCIP's interactive shell that
cagec drives.

    scip.py -c "set limits time SECONDS read FILE optimize write solution SOL quit"

The commands may also come as several -c options. FILE is any format SCIP
reads (cagec gives it .opb, .cnf and .fzn). SOL is written as SCIP's
`write solution` writes it: `solution status: ...`, then `objective value:`
and one `NAME VALUE (obj:COST)` line per nonzero variable, or `no solution
available`. scripts/install-solvers --families puts a `scip` wrapper that
runs this in the project's venv on target/solvers/bin.
"""

import sys

# SCIP's own words for a status (SCIPprintStatus).
STATUS = {
    "optimal": "optimal solution found",
    "infeasible": "infeasible",
    "timelimit": "time limit reached",
    "unbounded": "unbounded",
    "inforunbd": "infeasible or unbounded",
    "userinterrupt": "user interrupt",
}


def commands(argv):
    words = []
    it = iter(argv)
    for a in it:
        if a != "-c":
            sys.exit(f"scip.py: expected -c COMMANDS, found {a!r}")
        words += next(it, "").split()
    return words


def main():
    import pyscipopt

    m = pyscipopt.Model()
    words = commands(sys.argv[1:])
    i = 0
    while i < len(words):
        w = words[i]
        if words[i : i + 3] == ["set", "limits", "time"]:
            m.setParam("limits/time", float(words[i + 3]))
            i += 4
        elif w == "read":
            m.readProblem(words[i + 1])
            i += 2
        elif w in ("optimize", "opt"):
            m.optimize()
            i += 1
        elif words[i : i + 2] == ["write", "solution"]:
            write_solution(m, words[i + 2])
            i += 3
        elif w == "quit":
            break
        else:
            sys.exit(f"scip.py: unknown command {w!r}")


def write_solution(m, path):
    status = m.getStatus()
    with open(path, "w") as f:
        f.write(f"solution status: {STATUS.get(status, status)}\n")
        if m.getNSols() == 0:
            f.write("no solution available\n")
            return
        sol = m.getBestSol()
        f.write(f"objective value: {m.getSolObjVal(sol):.15g}\n")
        for v in m.getVars():
            x = sol[v]
            if abs(x) > 1e-9:
                f.write(f"{v.name} {x:.15g} \t(obj:{v.getObj():.15g})\n")


if __name__ == "__main__":
    main()
