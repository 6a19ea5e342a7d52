#!/usr/bin/env python3
"""Reads LP and MPS files with one solver's own file reader and solves them.

    read.py READER FILE...

READER is one of scip, gurobi, cplex, xpress, highspy, ortools (the Python
packages of scripts/install-solvers --readers), or highs-bin, cbc-bin (the
binaries on PATH, read only). SCIP also reads the OPB and FlatZinc files of
tests/integration/families_conform.rs, and kissat (python-sat's Kissat
4.0.4, from scripts/install-solvers --families) its DIMACS CNF files; a CNF
solution's values are named by variable number. For each FILE, one JSON line on standard output:

    {"reader", "version", "file", "status", "objective", "rows", "cols",
     "nonzeros", "values": {name: value, nonzero columns only},
     "messages": [lines the reader printed while it read the file],
     "seconds"}

status: optimal, feasible (a point, not proven), infeasible, no-solution,
size-limit (a licence limit; "reason" says which), read-only (the binaries),
error ("reason"), or other:RAW. The messages are captured at the level of
file descriptors 1 and 2 (os.dup2), since the C libraries print directly;
what the readers write to Python's streams is flushed into the same file.
Solve logs are captured separately and included as "solve_log" only when the
status is not optimal. One process reads many files, so each package is
imported once. Used by tests/integration/readers_conform.rs.
"""

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = 60
ZERO = 1e-9


@contextlib.contextmanager
def captured(lines):
    """Everything written to fd 1 and fd 2 inside the block is appended to
    `lines`, one entry per line."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            sink.seek(0)
            text = sink.read().decode("utf-8", "replace")
            lines.extend(line.rstrip() for line in text.splitlines() if line.strip())


class SizeLimit(Exception):
    """A licence's size limit refused the model."""


def nonzero(names, values):
    return {n: v for n, v in zip(names, values) if abs(v) > ZERO}


def read_scip(path, messages):
    import pyscipopt

    m = pyscipopt.Model()
    m.setParam("limits/time", TIME_LIMIT)
    m.setParam("lp/threads", 1)
    with captured(messages):
        m.readProblem(path)
    conss = m.getConss()
    kinds = {c.getConshdlrName() for c in conss}
    if kinds - {"linear"}:
        raise RuntimeError(f"SCIP read constraints of kinds {sorted(kinds)}")
    counts = m.getNConss(), m.getNVars(), sum(len(m.getValsLinear(c)) for c in conss)

    def solve():
        m.optimize()
        status = {"optimal": "optimal", "infeasible": "infeasible"}.get(m.getStatus())
        if status is None:
            status = "feasible" if m.getNSols() > 0 else "no-solution"
        values = {}
        if m.getNSols() > 0:
            sol = m.getBestSol()
            values = nonzero((v.name for v in m.getVars()), (sol[v] for v in m.getVars()))
        return status, m.getObjVal() if m.getNSols() else None, values

    return counts, solve


GUROBI_ENV = []


def gurobi_env():
    """One environment for all files: it prints the licence banner once."""
    import gurobipy as gp

    if not GUROBI_ENV:
        env = gp.Env(empty=True)
        env.setParam("OutputFlag", 1)
        env.setParam("Threads", 1)
        env.setParam("TimeLimit", TIME_LIMIT)
        env.start()
        GUROBI_ENV.append(env)
    return GUROBI_ENV[0]


def read_gurobi(path, messages):
    import gurobipy as gp

    env = gurobi_env()
    with captured(messages):
        m = gp.read(path, env)
    counts = m.NumConstrs, m.NumVars, m.NumNZs

    def solve():
        try:
            m.optimize()
        except gp.GurobiError as e:
            if e.errno == gp.GRB.Error.SIZE_LIMIT_EXCEEDED:
                raise SizeLimit(str(e)) from e
            raise
        status = {gp.GRB.OPTIMAL: "optimal", gp.GRB.INFEASIBLE: "infeasible"}.get(m.Status)
        if status is None:
            status = "feasible" if m.SolCount > 0 else "no-solution"
        if m.SolCount == 0:
            return status, None, {}
        vs = m.getVars()
        return status, m.ObjVal, nonzero((v.VarName for v in vs), m.getAttr("X", vs))

    return counts, solve


def read_cplex(path, messages):
    import cplex
    from cplex.exceptions import CplexSolverError, error_codes

    c = cplex.Cplex()
    # CPLEX writes through Python file objects: send all four streams to
    # sys.stdout, which `captured` flushes into the capture file.
    c.set_results_stream(sys.stdout)
    c.set_warning_stream(sys.stdout)
    c.set_error_stream(sys.stdout)
    c.set_log_stream(sys.stdout)
    c.parameters.threads.set(1)
    c.parameters.timelimit.set(TIME_LIMIT)
    with captured(messages):
        c.read(path)
    lc = c.linear_constraints
    counts = lc.get_num(), c.variables.get_num(), lc.get_num_nonzeros()

    def solve():
        try:
            c.solve()
        except CplexSolverError as e:
            if e.args[2] == error_codes.CPXERR_RESTRICTED_VERSION:
                raise SizeLimit(str(e).strip()) from e
            raise
        s = c.solution
        code = s.get_status()
        status = {
            s.status.MIP_optimal: "optimal",
            s.status.optimal_tolerance: "optimal",
            s.status.MIP_infeasible: "infeasible",
        }.get(code)
        has_point = s.is_primal_feasible()
        if status is None:
            status = "feasible" if has_point else f"other:{s.get_status_string()}"
        if not has_point:
            return status, None, {}
        return status, s.get_objective_value(), nonzero(c.variables.get_names(), s.get_values())

    return counts, solve


def read_xpress(path, messages):
    import warnings

    import xpress as xp

    # The pip package announces its community licence on every new problem.
    warnings.simplefilter("ignore", xp.LicenseWarning)
    p = xp.problem()
    p.controls.threads = 1
    p.controls.timelimit = TIME_LIMIT
    with captured(messages):
        p.readProb(path)
    a = p.attributes
    counts = a.rows, a.cols, a.elems
    names = p.getNameList(2, 0, a.cols - 1) if a.cols else []

    def solve():
        try:
            p.optimize()
        except xp.SolverError as e:
            # ?120: "Problem has too many rows and columns. The maximum is 5000"
            if str(e).startswith("?120 "):
                raise SizeLimit(str(e)) from e
            raise
        sol = p.attributes.solstatus
        status = {
            xp.SolStatus.OPTIMAL: "optimal",
            xp.SolStatus.FEASIBLE: "feasible",
            xp.SolStatus.INFEASIBLE: "infeasible",
        }.get(sol, f"other:{sol.name}")
        if sol not in (xp.SolStatus.OPTIMAL, xp.SolStatus.FEASIBLE):
            return status, None, {}
        return status, p.attributes.objval, nonzero(names, p.getSolution())

    return counts, solve


def read_highspy(path, messages):
    import highspy

    h = highspy.Highs()  # prints the banner
    h.setOptionValue("threads", 1)
    h.setOptionValue("time_limit", float(TIME_LIMIT))
    with captured(messages):
        status = h.readModel(path)
    if status == highspy.HighsStatus.kError:
        raise RuntimeError(f"readModel returned {status}: {messages}")
    if status != highspy.HighsStatus.kOk:
        # A warning status is a warning about the file even if unprinted.
        messages.append(f"WARNING: readModel returned {status}")
    counts = h.getNumRow(), h.getNumCol(), h.getNumNz()

    def solve():
        h.run()
        ms = h.getModelStatus()
        has_point = h.getInfo().primal_solution_status == 2  # kSolutionStatusFeasible
        status = {
            highspy.HighsModelStatus.kOptimal: "optimal",
            highspy.HighsModelStatus.kInfeasible: "infeasible",
        }.get(ms)
        if status is None:
            status = "feasible" if has_point else f"other:{h.modelStatusToString(ms)}"
        if not has_point:
            return status, None, {}
        names = h.getLp().col_names_
        return status, h.getInfo().objective_function_value, nonzero(names, h.getSolution().col_value)

    return counts, solve


def read_ortools(path, messages):
    from ortools.linear_solver.python import model_builder as mb

    m = mb.Model()
    with captured(messages):
        ok = m.import_from_mps_file(path)
    if not ok:
        raise RuntimeError(f"import_from_mps_file failed: {messages}")
    proto = m.export_to_proto()
    nonzeros = sum(len(c.var_index) for c in proto.constraint)
    counts = m.num_constraints, m.num_variables, nonzeros

    def solve():
        s = mb.Solver("sat")  # CP-SAT: OR-Tools' own solver
        s.set_time_limit_in_seconds(TIME_LIMIT)
        s.set_solver_specific_parameters("num_workers:1")
        result = s.solve(m)
        status = {
            mb.SolveStatus.OPTIMAL: "optimal",
            mb.SolveStatus.FEASIBLE: "feasible",
            mb.SolveStatus.INFEASIBLE: "infeasible",
        }.get(result, f"other:{result.name}")
        if status not in ("optimal", "feasible"):
            return status, None, {}
        vs = m.get_variables()
        return status, s.objective_value, nonzero((v.name for v in vs), s.values(vs))

    return counts, solve


def read_kissat(path, messages):
    from pysat.formula import CNF

    with captured(messages):
        cnf = CNF(from_file=path)
    counts = len(cnf.clauses), cnf.nv, sum(len(c) for c in cnf.clauses)

    def solve():
        from pysat.solvers import Solver

        with Solver(name="kissat404", bootstrap_with=cnf.clauses) as s:
            if not s.solve():
                return "infeasible", None, {}
            return "optimal", 0, {str(v): 1.0 for v in s.get_model() if v > 0}

    return counts, solve


def run_binary(args, messages):
    out = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    log = out.stdout + out.stderr
    if out.returncode != 0:
        messages.append(f"WARNING: {args[0]} exited {out.returncode}")
    return log


def read_highs_bin(path, messages):
    # The binary always solves (it exits 1 on any warning); what it says
    # before the coefficient ranges is the read.
    log = run_binary(["highs", "--model_file", path, "--threads", "1"], messages)
    read, _, _ = log.partition("\nCoefficient ranges:")
    messages.extend(line.rstrip() for line in read.splitlines() if line.strip())
    m = re.search(r"has (\d+) rows?; (\d+) cols?; (\d+) nonzeros?", read)
    if not m:
        raise RuntimeError(f"no size line in the HiGHS log:\n{log}")
    return tuple(int(g) for g in m.groups()), None


def read_cbc_bin(path, messages):
    log = run_binary(["cbc", path, "-quit"], messages)
    messages.extend(line.rstrip() for line in log.splitlines() if line.strip())
    m = re.search(r"(\d+) rows?, (\d+) cols?, (\d+) NZ", log)
    if not m:
        raise RuntimeError(f"no size line in the CBC log:\n{log}")
    return tuple(int(g) for g in m.groups()), None


PACKAGES = {
    "scip": "pyscipopt",
    "gurobi": "gurobipy",
    "cplex": "cplex",
    "xpress": "xpress",
    "highspy": "highspy",
    "ortools": "ortools",
}


def version(reader):
    """The pip version of the package (what scripts/install-solvers pins),
    or the binary's own version line."""
    if reader in PACKAGES:
        from importlib import import_module, metadata

        import_module(PACKAGES[reader])  # ImportError: not installed
        return f"{PACKAGES[reader]} {metadata.version(PACKAGES[reader])}"
    if reader == "kissat":
        from importlib import metadata

        import pysat  # ImportError: not installed
        return f"python-sat {metadata.version('python-sat')} (kissat404)"
    tool = {"highs-bin": "highs", "cbc-bin": "cbc"}[reader]
    out = subprocess.run([tool, "--version"] if tool == "highs" else [tool, "-quit"],
                         stdin=subprocess.DEVNULL, capture_output=True, text=True)
    return out.stdout.splitlines()[0].split(". Copyright")[0].strip()


SMOKE = """NAME smoke
ROWS
 N obj
 E pick
COLUMNS
    MARKER                 'MARKER'                 'INTORG'
 a obj 1 pick 1
 b obj 2 pick 1
    MARKER                 'MARKER'                 'INTEND'
RHS
 RHS pick 1
BOUNDS
 BV BND a
 BV BND b
ENDATA
"""


def smoke(results):
    """Every Python reader solves min a + 2b, a + b = 1 (a, b binary) to
    a = 1. Run by scripts/install-solvers after installing them."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "smoke.mps")
        with open(path, "w") as f:
            f.write(SMOKE)
        failed = 0
        for reader in PACKAGES:
            banner = []
            with captured(banner):
                ver = version(reader)
            with captured(banner):  # licence and version banners
                out = one(reader, path)
            good = out["status"] == "optimal" and out["values"] == {"a": 1.0}
            print(f"{'ok' if good else 'FAILED'}: {ver}"
                  + ("" if good else f": {json.dumps(out)}"), file=results)
            failed += not good
    return failed


READERS = {
    "scip": read_scip,
    "gurobi": read_gurobi,
    "cplex": read_cplex,
    "xpress": read_xpress,
    "highspy": read_highspy,
    "ortools": read_ortools,
    "highs-bin": read_highs_bin,
    "cbc-bin": read_cbc_bin,
    "kissat": read_kissat,
}


def one(reader, path):
    started = time.monotonic()
    messages, solve_log = [], []
    out = {"reader": reader, "file": path}
    try:
        (rows, cols, nonzeros), solve = READERS[reader](path, messages)
        out.update(rows=rows, cols=cols, nonzeros=nonzeros)
        if solve is None:
            out["status"] = "read-only"
        else:
            with captured(solve_log):
                status, objective, values = solve()
            out.update(status=status, objective=objective, values=values)
            if status != "optimal":
                out["solve_log"] = solve_log[-40:]
    except SizeLimit as e:
        out.update(status="size-limit", reason=str(e))
    except Exception as e:  # any other failure is reported, not raised
        out.update(status="error", reason=f"{type(e).__name__}: {e}")
    out["messages"] = messages
    out["seconds"] = round(time.monotonic() - started, 3)
    return out


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in [*READERS, "--smoke"]:
        sys.exit(f"usage: read.py {{{'|'.join(READERS)}}} FILE...\n       read.py --smoke")
    reader, files = sys.argv[1], sys.argv[2:]
    # The JSON goes to a copy of the original stdout. fd 1 itself is a
    # capture file while a reader reads or solves, and stderr otherwise, so
    # stray output (licence banners) never gets into the JSON.
    results = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    if reader == "--smoke":
        failed = smoke(results)
        results.flush()
        sys.exit(failed > 0)
    banner = []
    try:
        with captured(banner):
            ver = version(reader)
    except ImportError as e:
        print(json.dumps({"reader": reader, "status": "missing", "reason": str(e)}), file=results)
        return
    for path in files:
        out = one(reader, path)
        out["version"] = ver
        print(json.dumps(out, sort_keys=True), file=results, flush=True)


if __name__ == "__main__":
    main()
