#!/usr/bin/env python3
"""Writes the data files of the standard models (fixtures/qprop/std/*.qpd) from their published
forms in fixtures/qprop/std/ (sudoku grids, a QCP grid, JSON transcriptions, a DIMACS .col
graph). Run from anywhere: `python3 scripts/std-to-qpd.py` (rewrites them all)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "lang"))
import instances as I  # noqa: E402


def table(rows):
    return "\n".join("  " + " ".join("_" if v is None else str(v) for v in row) for row in rows)


def qpd(name):
    inst = I.INSTANCES[name]
    d = I.data(name)
    kind = inst["kind"]
    head = f"% {inst['answer']}; written by scripts/std-to-qpd.py from std/{inst['src']}\n"
    if kind in ("sudoku", "latin"):
        n = d["n"]
        # given(r, c, v): the value of row r, column c, row-major; `_` = blank
        par = f"param k = {d['k']}\n" if kind == "sudoku" else f"param n = {n}\n"
        return head + par + "table given [\n" + table(d["grid"]) + "\n]\n"
    if kind == "futoshiki":
        out = head + f"param n = {d['n']}\ntable given [\n"
        out += table([[v or None for v in row] for row in d["grid"]]) + "\n]\n"
        out += "".join(f"less({a}, {b}, {c}, {e})\n" for a, b, c, e in d["less"])
        return out
    if kind == "kakuro":
        out = head + f"param h = {d['h']}\nparam w = {d['w']}\n"
        out += "".join(f"white({r + 1}, {c + 1})\n" for r, row in enumerate(d["white"])
                       for c, v in enumerate(row) if v)
        out += "".join(f"across({r}, {c}, {n}, {s})\n" for r, c, n, s in d["h_clue"])
        out += "".join(f"down({r}, {c}, {n}, {s})\n" for r, c, n, s in d["v_clue"])
        return out
    if kind == "killer":
        out = head
        for g, (s, cells) in enumerate(d["cages"], 1):
            out += f"total({g}, {s})\n" + "".join(f"cage({g}, {r}, {c})\n" for r, c in cells)
        return out
    if kind == "colouring":
        out = head + f"param vertices = {d['vertices']}\n"
        return out + "".join(f"edge({a}, {b})\n" for a, b in d["edges"])
    raise ValueError(kind)


def main():
    done = set()
    for name, inst in I.INSTANCES.items():
        if inst["data"] is None or inst["data"] in done:
            continue
        done.add(inst["data"])
        path = os.path.join(I.QP, inst["data"])
        with open(path, "w") as f:
            f.write(qpd(name))
        print(path)


if __name__ == "__main__":
    main()
