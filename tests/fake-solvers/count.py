#!/usr/bin/env python3
"""A test double for an external model counter that really counts: reads a CNF in the
model-counting competition's format (`c p show ... 0` names the projection), counts the
assignments of the projection atoms that extend to a model (DPLL from dpll.py, then a clause that
blocks the projection of each model found), and answers as competition counters do. Only for the
small CNFs of the tests."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from dpll import solve  # noqa: E402


def main():
    show, clauses, current = [], [], []
    for line in open(sys.argv[1]):
        if line.startswith("c p show"):
            show.extend(int(x) for x in line.split()[3:] if x != "0")
        elif line.strip() and not line.startswith(("c", "p")):
            for lit in map(int, line.split()):
                if lit == 0:
                    clauses.append(current)
                    current = []
                else:
                    current.append(lit)
    count = 0
    while True:
        model = solve(clauses, {})
        if model is None:
            break
        count += 1
        clauses.append([-v if model.get(v, False) else v for v in show])
    print("s SATISFIABLE" if count else "s UNSATISFIABLE")
    print("c s type pmc")
    print(f"c s exact arb int {count}")


main()
