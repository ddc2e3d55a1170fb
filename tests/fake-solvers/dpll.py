#!/usr/bin/env python3
"""A test double that really solves: plain DPLL with unit propagation, for the small CNFs of the
backend conformance tests. Reads DIMACS from the file named on the command line (or stdin) and
answers in the SAT-competition format with exit code 10 or 20, as real solvers do."""
import sys


def solve(clauses, assignment):
    while True:
        unit = None
        for clause in clauses:
            if any(assignment.get(abs(l)) == (l > 0) for l in clause):
                continue
            free = [l for l in clause if abs(l) not in assignment]
            if not free:
                return None
            if len(free) == 1:
                unit = free[0]
                break
        if unit is None:
            break
        assignment[abs(unit)] = unit > 0
    for clause in clauses:
        if not any(assignment.get(abs(l)) == (l > 0) for l in clause):
            var = next(abs(l) for l in clause if abs(l) not in assignment)
            for value in (True, False):
                trial = dict(assignment)
                trial[var] = value
                found = solve(clauses, trial)
                if found is not None:
                    return found
            return None
    return assignment


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    num_vars, clauses, current = 0, [], []
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] == "c":
            continue
        if line[0] == "p":
            num_vars = int(line.split()[2])
            continue
        for tok in line.split():
            lit = int(tok)
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                current.append(lit)
    model = solve(clauses, {})
    if model is None:
        print("s UNSATISFIABLE")
        sys.exit(20)
    print("s SATISFIABLE")
    print("v " + " ".join(str(v if model.get(v, False) else -v) for v in range(1, num_vars + 1)) + " 0")
    sys.exit(10)


if __name__ == "__main__":
    main()
