"""The standard models in CPMpy 1.1 (instances.py names them): build(name) -> (model, the
decision variables solutions are counted on). Global constraints where CPMpy has them."""

import cpmpy as cp

import instances as I


def sudoku(d, boxes=True):
    n = d["n"]
    lo = 0 if not boxes else 1
    x = cp.intvar(lo, n - 1 + lo, shape=(n, n), name="x")
    m = cp.Model()
    for r in range(n):
        m += cp.AllDifferent(x[r, :])
        m += cp.AllDifferent(x[:, r])
        for c in range(n):
            if d["grid"][r][c] is not None:
                m += x[r, c] == d["grid"][r][c]
    if boxes:
        k = d["k"]
        for br in range(k):
            for bc in range(k):
                m += cp.AllDifferent(x[br * k:(br + 1) * k, bc * k:(bc + 1) * k])
    return m, x


def magic(d):
    n = d["n"]
    s = n * (n * n + 1) // 2
    x = cp.intvar(1, n * n, shape=(n, n), name="x")
    m = cp.Model(cp.AllDifferent(x))
    m += [cp.sum(x[i, :]) == s for i in range(n)]
    m += [cp.sum(x[:, j]) == s for j in range(n)]
    m += cp.sum([x[i, i] for i in range(n)]) == s
    m += cp.sum([x[i, n - 1 - i] for i in range(n)]) == s
    return m, x


def langford(d):
    n = d["n"]
    # pos[k]: place (0-based) of the first k; the second is at pos[k] + k + 1
    pos = cp.intvar(0, 2 * n - 1, shape=n, name="pos")
    places = [pos[k] for k in range(n)] + [pos[k] + k + 2 for k in range(n)]
    m = cp.Model(cp.AllDifferent(places))
    m += [pos[k] + k + 2 <= 2 * n - 1 for k in range(n)]
    return m, pos


def futoshiki(d):
    n = d["n"]
    x = cp.intvar(1, n, shape=(n, n), name="x")
    m = cp.Model()
    for i in range(n):
        m += cp.AllDifferent(x[i, :])
        m += cp.AllDifferent(x[:, i])
    for r in range(n):
        for c in range(n):
            if d["grid"][r][c]:
                m += x[r, c] == d["grid"][r][c]
    for r1, c1, r2, c2 in d["less"]:
        m += x[r1 - 1, c1 - 1] < x[r2 - 1, c2 - 1]
    return m, x


def kakuro(d):
    cells = {(r + 1, c + 1) for r, row in enumerate(d["white"]) for c, v in enumerate(row) if v}
    x = {rc: cp.intvar(1, 9, name=f"x{rc[0]}_{rc[1]}") for rc in sorted(cells)}
    m = cp.Model()
    for r, c, l, s in d["h_clue"]:
        run = [x[(r, c2)] for c2 in range(c + 1, c + l + 1)]
        m += [cp.AllDifferent(run), cp.sum(run) == s]
    for r, c, l, s in d["v_clue"]:
        run = [x[(r2, c)] for r2 in range(r + 1, r + l + 1)]
        m += [cp.AllDifferent(run), cp.sum(run) == s]
    return m, cp.cpm_array(list(x.values()))


def killer(d):
    m, x = sudoku({"n": 9, "k": 3, "grid": [[None] * 9 for _ in range(9)]})
    for s, cells in d["cages"]:
        vs = [x[r - 1, c - 1] for r, c in cells]
        m += [cp.AllDifferent(vs), cp.sum(vs) == s]
    return m, x


def colouring(d):
    col = cp.intvar(1, d["k"], shape=d["vertices"], name="col")
    m = cp.Model([col[a - 1] != col[b - 1] for a, b in d["edges"]])
    return m, col


def sendmore(d):
    s, e, n, dd, mm, o, r, y = x = cp.intvar(0, 9, shape=8, name="x")
    m = cp.Model(cp.AllDifferent(x), s != 0, mm != 0)
    m += (1000 * s + 100 * e + 10 * n + dd + 1000 * mm + 100 * o + 10 * r + e
          == 10000 * mm + 1000 * o + 100 * n + 10 * e + y)
    return m, x


def queens(d):
    n = d["n"]
    q = cp.intvar(1, n, shape=n, name="q")
    m = cp.Model(cp.AllDifferent(q),
                 cp.AllDifferent([q[i] + i for i in range(n)]),
                 cp.AllDifferent([q[i] - i for i in range(n)]))
    return m, q


def build(name):
    kind = I.INSTANCES[name]["kind"]
    d = I.data(name)
    if kind == "latin":
        return sudoku(d, boxes=False)
    return globals()[kind](d)
