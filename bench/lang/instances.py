"""The standard models of fixtures/qprop/ (README there): each instance's data read from its
published form in fixtures/qprop/std/, the wgrnd model and data that state it, and its known
answer. Shared by scripts/std-to-qpd.py (writes the .qpd data files) and the peers' models
(cpmpy_models.py, clingo_models.py, minizinc/)."""

import json
import math
import os

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
STD = os.path.join(ROOT, "fixtures", "qprop", "std")
QP = os.path.join(ROOT, "fixtures", "qprop")


def symbol(tok):
    """A cell of a grid file: `.` blank (None), digits, or letters A.. = 10.. (Gecode's convention)."""
    if tok in (".", "_"):
        return None
    if tok.isdigit():
        return int(tok)
    return ord(tok.upper()) - ord("A") + 10


def read_grid(path):
    """Rows of cells: whitespace-separated tokens when a line has spaces, else one cell a character."""
    rows = []
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("%") or line.startswith("#"):
            continue
        toks = line.split() if " " in line else list(line)
        rows.append([symbol(t) for t in toks])
    n = len(rows)
    assert all(len(r) == n for r in rows), f"{path}: not a square grid"
    return rows


def read_col(path):
    """A DIMACS .col graph: (vertices, edges as (a, b) pairs, each once)."""
    n, edges = 0, set()
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "p":
            n = int(f[2])
        elif f[0] == "e":
            a, b = int(f[1]), int(f[2])
            edges.add((min(a, b), max(a, b)))
    return n, sorted(edges)


def std(name):
    return os.path.join(STD, name)


def load_json(name):
    return json.load(open(std(name)))


# name: kind, wgrnd model, data file (written by std-to-qpd.py) or None, parameters (-D),
# the known answer (number of solutions), where the answer comes from.
INSTANCES = {
    "sudoku9": dict(kind="sudoku", src="sudoku-wikipedia.txt", model="sudoku.qp",
                    data="std/sudoku-wikipedia.qpd", params={}, count=1,
                    answer="unique (Wikipedia, 'Sudoku')"),
    "sudoku16": dict(kind="sudoku", src="sudoku16-janko301.txt", model="sudoku.qp",
                     data="std/sudoku16-janko301.qpd", params={}, count=1,
                     answer="unique (janko.at Sudoku 301)"),
    "sudoku25": dict(kind="sudoku", src="sudoku25-frisch.txt", model="sudoku.qp",
                     data="std/sudoku25-frisch.qpd", params={}, count=1,
                     answer="unique (a minimal 25 x 25 sudoku of Alain Frisch's collection)"),
    "latin": dict(kind="latin", src="qcp-15-120-0.txt", model="latin.qp",
                  data="std/qcp-15-120-0.qpd", params={}, count=None,
                  answer="satisfiable (MiniZinc benchmarks QCP qcp-15-120-0); many solutions, so first solution only"),
    "magic3": dict(kind="magic", model="magic4.qp", data=None, params={"n": 3}, count=8,
                   answer="8 (OEIS A006052)"),
    "magic4": dict(kind="magic", model="magic4.qp", data=None, params={"n": 4}, count=7040,
                   answer="7,040 (OEIS A006052)"),
    "langford7": dict(kind="langford", model="langford.qp", data=None, params={"n": 7}, count=52,
                      answer="2 x 26 (OEIS A014552)"),
    "langford8": dict(kind="langford", model="langford.qp", data=None, params={"n": 8}, count=300,
                      answer="2 x 150 (OEIS A014552)"),
    "futoshiki": dict(kind="futoshiki", src="futoshiki-wikipedia.json", model="futoshiki.qp",
                      data="std/futoshiki-wikipedia.qpd", params={}, count=1,
                      answer="unique (Wikipedia, 'Futoshiki')"),
    "kakuro": dict(kind="kakuro", src="kakuro-6x6-easy.json", model="kakuro.qp",
                   data="std/kakuro-6x6-easy.qpd", params={}, count=1,
                   answer="unique (MiniZinc benchmarks kakuro_6_6_easy)"),
    "killer": dict(kind="killer", src="killer-wikipedia.json", model="killer.qp",
                   data="std/killer-wikipedia.qpd", params={}, count=1,
                   answer="unique (Wikipedia, 'Killer sudoku')"),
    "colour5": dict(kind="colouring", src="queen5_5.col", model="colouring-std.qp",
                    data="std/queen5_5.qpd", params={"k": 5}, count=240,
                    answer="colourable: chromatic number 5 (DIMACS queen5_5); 240 = 5! x the 2 "
                    "ways to split the board into five disjoint 5-queens solutions"),
    "colour4": dict(kind="colouring", src="queen5_5.col", model="colouring-std.qp",
                    data="std/queen5_5.qpd", params={"k": 4}, count=0,
                    answer="0: chromatic number 5 (DIMACS queen5_5)"),
    "sendmore": dict(kind="sendmore", model="sendmore.qp", data=None, params={}, count=1,
                     answer="unique: 9567 + 1085 = 10652"),
    "queens8": dict(kind="queens", model="queens.qp", data=None, params={"n": 8}, count=92,
                    answer="92 (OEIS A000170)"),
    "queens10": dict(kind="queens", model="queens.qp", data=None, params={"n": 10}, count=724,
                     answer="724 (OEIS A000170)"),
}


def data(name):
    """The instance's data as plain Python values (what every peer's model reads)."""
    inst = INSTANCES[name]
    kind, p = inst["kind"], inst["params"]
    if kind in ("sudoku", "latin"):
        grid = read_grid(std(inst["src"]))
        d = {"n": len(grid), "grid": grid}
        if kind == "sudoku":
            d["k"] = math.isqrt(len(grid))
        return d
    if kind == "colouring":
        n, edges = read_col(std(inst["src"]))
        return {"vertices": n, "edges": edges, "k": p["k"]}
    if kind in ("futoshiki", "kakuro", "killer"):
        return load_json(inst["src"])
    return dict(p)
