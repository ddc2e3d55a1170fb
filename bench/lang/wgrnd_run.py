#!/usr/bin/env python3
"""wgrnd_run.py NAME first|count: a standard instance's wgrnd model and data (instances.py) through
the `wgrnd` Python package (crates/py, the library in process), measured as clingo_run.py and
cpmpy_run.py measure their tools: from reading the model to the answer, the interpreter's start-up
and imports excluded. Prints `solutions N seconds T`. scripts/bench lang installs the release build of
the package first (a debug build would be measured otherwise)."""

import os
import sys
import time

import wgrnd

import instances as I


def main():
    name, mode = sys.argv[1], sys.argv[2]
    inst = I.INSTANCES[name]
    data = os.path.join(I.QP, inst["data"]) if inst["data"] else None
    t0 = time.perf_counter()
    p = wgrnd.load(os.path.join(I.QP, inst["model"]), data=data, params=inst["params"] or None)
    if mode == "first":
        n = 0 if p.solve() is None else 1
    else:
        n = p.count(max=10**6).count
    print(f"solutions {n} seconds {time.perf_counter() - t0:.6f}")


if __name__ == "__main__":
    main()
