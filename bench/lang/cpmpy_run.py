#!/usr/bin/env python3
"""cpmpy_run.py NAME first|count|cnf [SOLVER]: the CPMpy model of a standard instance, solved
with SOLVER (default pysat:cadical195). Prints one line: `solutions N seconds T` (first: N is
0 or 1; count: every solution, blocking clauses on the model's variables) or `cnf VARS CLAUSES`
(the PySAT back end's CNF after CPMpy's transformation). Time: from building the model to the
answer, in this process (Python start-up excluded)."""

import sys
import time

t0 = time.perf_counter()
import cpmpy as cp  # noqa: E402

import cpmpy_models  # noqa: E402


def main():
    name, mode = sys.argv[1], sys.argv[2]
    solver = sys.argv[3] if len(sys.argv) > 3 else "pysat:cadical195"
    t0 = time.perf_counter()
    model, xs = cpmpy_models.build(name)
    s = cp.SolverLookup.get(solver, model)
    if mode == "cnf":
        ps = s.pysat_solver
        print(f"cnf {ps.nof_vars()} {ps.nof_clauses()}")
        return
    if mode == "first":
        n = 1 if s.solve() else 0
    else:
        n = s.solveAll(solution_limit=10**6)
    print(f"solutions {n} seconds {time.perf_counter() - t0:.6f}")


if __name__ == "__main__":
    main()
