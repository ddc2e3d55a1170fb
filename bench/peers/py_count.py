#!/usr/bin/env python3
"""The Python side of the py suite: `count()` of a model through the wgrnd package, printed as
`wgrnd count` prints it (`N solution(s)`), and the call's own seconds on stderr (`call S`).
    python bench/peers/py_count.py MODEL"""

import sys
import time

import wgrnd

p = wgrnd.load(sys.argv[1])
t = time.perf_counter()
c = p.count()
t = time.perf_counter() - t
assert c.complete, c
print(f"{c.count} solution(s)")
print(f"call {t:.4f}", file=sys.stderr)
