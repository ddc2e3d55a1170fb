#!/usr/bin/env python3
"""clingo_run.py NAME first|count: the ASP program asp/KIND.lp of a standard instance with its data
as facts (instances.py), solved by clingo 5.8's Python module; counts project on the shown atoms
(`--project`). Prints `solutions N seconds T` (time from grounding to the answer, in process)."""

import os
import sys
import time

import clingo

import instances as I

HERE = os.path.dirname(os.path.abspath(__file__))


def facts(name):
    inst, d = I.INSTANCES[name], I.data(name)
    kind, out = inst["kind"], []
    if kind in ("sudoku", "latin", "futoshiki"):
        out.append(f"#const n={d['n']}.")
        if kind == "sudoku":
            out.append(f"#const k={d['k']}.")
        out += [f"given({r + 1},{c + 1},{v})." for r, row in enumerate(d["grid"])
                for c, v in enumerate(row) if v is not None and (kind != "futoshiki" or v)]
        if kind == "futoshiki":
            out += [f"less({a},{b},{c},{e})." for a, b, c, e in d["less"]]
    elif kind == "kakuro":
        out += [f"white({r + 1},{c + 1})." for r, row in enumerate(d["white"])
                for c, v in enumerate(row) if v]
        out += [f"across({r},{c},{n},{s})." for r, c, n, s in d["h_clue"]]
        out += [f"down({r},{c},{n},{s})." for r, c, n, s in d["v_clue"]]
    elif kind == "killer":
        for g, (s, cells) in enumerate(d["cages"], 1):
            out.append(f"total({g},{s}).")
            out += [f"cage({g},{r},{c})." for r, c in cells]
    elif kind == "colouring":
        out += [f"#const v={d['vertices']}.", f"#const k={d['k']}."]
        out += [f"edge({a},{b})." for a, b in d["edges"]]
    elif "n" in d:
        out.append(f"#const n={d['n']}.")
    return "\n".join(out) + "\n"


def main():
    name, mode = sys.argv[1], sys.argv[2]
    kind = I.INSTANCES[name]["kind"]
    t0 = time.perf_counter()
    ctl = clingo.Control(["1" if mode == "first" else "0", "--project"])
    ctl.load(os.path.join(HERE, "asp", f"{kind}.lp"))
    ctl.add("base", [], facts(name))
    ctl.ground([("base", [])])
    n = 0
    with ctl.solve(yield_=True) as h:
        for _ in h:
            n += 1
            if n >= 10**6:
                break
    print(f"solutions {n} seconds {time.perf_counter() - t0:.6f}")


if __name__ == "__main__":
    main()
