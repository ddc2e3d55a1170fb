"""Writes fixtures/qprop/shidoku-differ.csv, the data of fixtures/qprop/shidoku-givens.qp: the
4 x 4 sudoku (shidoku) grids in lexicographic order of their rows (288 of them), the first taken
as the solution to pin, and for each of the 287 others (numbered 1..287 in that order) the cells
where it differs from the first: `grid,row,col` (rows and columns 1..4).
    python scripts/shidoku-differ.py"""
import itertools, os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "qprop", "shidoku-differ.csv")


def is_grid(g):
    lines = [g[i * 4:i * 4 + 4] for i in range(4)] + [g[i::4] for i in range(4)]
    boxes = [[g[(br + a) * 4 + bc + b] for a in (0, 1) for b in (0, 1)] for br in (0, 2) for bc in (0, 2)]
    return all(len(set(x)) == 4 for x in lines + boxes)


rows = list(itertools.permutations(range(1, 5)))
grids = [sum(r, ()) for r in itertools.product(rows, repeat=4) if is_grid(sum(r, ()))]
assert len(grids) == 288
first = grids[0]
with open(OUT, "w", newline="\n") as f:
    f.write("grid,row,col\n")
    for n, g in enumerate(grids[1:], 1):
        for i in range(16):
            if g[i] != first[i]:
                f.write("%d,%d,%d\n" % (n, i // 4 + 1, i % 4 + 1))
