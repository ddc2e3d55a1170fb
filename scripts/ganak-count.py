#!/usr/bin/env python3
"""Counts the solutions of a CNF that `wgrnd encode` wrote, with the Ganak model counter (PyPI
`pyganak`, a peer for cross-checking `wgrnd count`), projected onto the placement atoms that the
header's `c atoms` lines name (auxiliary atoms are existentially quantified, since a solution may
extend to several assignments of them).

    pip install pyganak
    wgrnd encode fixtures/packing/soma.pack --lex-leader all | python3 scripts/ganak-count.py
"""
import re
import sys
import time

import pyganak

text = sys.stdin.read() if len(sys.argv) < 2 else open(sys.argv[1]).read()
counter = pyganak.Counter()
projection = []
clause = []
for line in text.splitlines():
    if line.startswith("c atoms ") and not line.startswith("c atoms aux"):
        m = re.search(r" (\d+)(?:\.\.(\d+))?$", line)
        first, last = int(m.group(1)), int(m.group(2) or m.group(1))
        projection.extend(range(first, last + 1))
    elif line.startswith("p cnf"):
        counter.new_vars(int(line.split()[2]))
    elif line and not line.startswith("c"):
        for lit in map(int, line.split()):
            if lit == 0:
                counter.add_clause(clause)
                clause = []
            else:
                clause.append(lit)
counter.set_sampling_set(projection)
start = time.perf_counter()
count = counter.count()
print(f"{count} models projected on {len(projection)} placement atoms ({time.perf_counter() - start:.2f} s)")
