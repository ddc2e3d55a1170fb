#!/usr/bin/env python3
"""minizinc_run.py NAME first|count [SOLVER]: the MiniZinc model minizinc/KIND.mzn with the
instance's data as JSON, run by the `minizinc` command (default solver gecode, Debian's
`flatzinc` package). Prints `solutions N seconds T`: T is the whole command (flattening and
solving). The models print their decision variables; a count is the number of `----------` lines."""

import json
import os
import subprocess
import sys
import tempfile
import time

import instances as I

HERE = os.path.dirname(os.path.abspath(__file__))


def data(name):
    inst, d = I.INSTANCES[name], I.data(name)
    kind = inst["kind"]
    if kind == "sudoku":
        return {"n": d["n"], "k": d["k"], "grid": [[v or 0 for v in row] for row in d["grid"]]}
    if kind == "latin":
        return {"n": d["n"], "grid": [[-1 if v is None else v for v in row] for row in d["grid"]]}
    if kind == "futoshiki":
        return {"n": d["n"], "grid": d["grid"], "nless": len(d["less"]), "less": d["less"]}
    if kind == "kakuro":
        return {"h": d["h"], "w": d["w"], "white": d["white"], "nh": len(d["h_clue"]),
                "nv": len(d["v_clue"]), "hc": d["h_clue"], "vc": d["v_clue"]}
    if kind == "killer":
        cells = [[g, r, c] for g, (s, cs) in enumerate(d["cages"], 1) for r, c in cs]
        return {"ncells": len(cells), "cell": cells, "ncages": len(d["cages"]),
                "total": [s for s, _ in d["cages"]]}
    if kind == "colouring":
        return {"v": d["vertices"], "k": d["k"], "ne": len(d["edges"]),
                "edge": [list(e) for e in d["edges"]]}
    return {k: v for k, v in d.items()}


def main():
    name, mode = sys.argv[1], sys.argv[2]
    solver = sys.argv[3] if len(sys.argv) > 3 else "gecode"
    kind = I.INSTANCES[name]["kind"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(data(name), f)
        path = f.name
    cmd = ["minizinc", "--solver", solver, os.path.join(HERE, "minizinc", f"{kind}.mzn")]
    if data(name):
        cmd.append(path)
    if mode == "count":
        cmd += ["--all-solutions", "--non-unique"]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True)
    t = time.perf_counter() - t0
    os.unlink(path)
    if out.returncode != 0:
        sys.exit(f"minizinc failed: {out.stderr.strip()}")
    n = out.stdout.count("----------")
    print(f"solutions {n} seconds {t:.3f}")


if __name__ == "__main__":
    main()
