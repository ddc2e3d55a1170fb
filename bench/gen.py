#!/usr/bin/env python3
"""The inputs that the suites make rather than read from fixtures/, each from a fixed seed, and
the conversions of a fixture into a peer's format. Writes to stdout:

    python3 bench/gen.py minesweeper-qpd ROWS COLS SEED    random mines (18%), 60% of the safe cells
                                                           revealed, the total given (the data of
                                                           tests/wellposed/minesweeper.qp)
    python3 bench/gen.py minesweeper-click ROWS COLS MINES SEED   a .mines board after a safe first
                                                           click in the middle
    python3 bench/gen.py submarines N SEED                 a .submarines grid, counts of a random 0/1 grid
    python3 bench/gen.py lights-on N                       lights out, every light on
    python3 bench/gen.py lights-random N SEED              lights out, every light on or off at random
    python3 bench/gen.py blank-ships FILE.ships            the grid with every revealed cell blanked
    python3 bench/gen.py nonogrid-toml FILE.non            the clues in nonogrid's TOML format
    python3 bench/gen.py nonogram-qpd FILE.non [windows]   data of models/nonogram.qp (with `windows`:
                                                           of fixtures/qprop/nonogram-starts.qp)
    python3 bench/gen.py col-facts FILE.col                a DIMACS graph as ASP facts vertex/1, edge/2
    python3 bench/gen.py csv-facts PRED FILE.csv           a CSV table's rows as ASP facts PRED(...)
    python3 bench/gen.py placements SOLUTION.json PUZ      the l/r facts of fixtures/qprop/foursquares.qp's
                                                           solution as placements `wgrnd check` reads
"""

import json
import random
import sys


def minesweeper_qpd(rows, cols, seed):
    rnd = random.Random(seed)
    mines = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if rnd.random() < 0.18}
    out = [f"param rows = {rows}", f"param cols = {cols}", f"total({len(mines)})."]
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) not in mines and rnd.random() < 0.6:
                k = sum((a, b) in mines for a in range(r - 1, r + 2) for b in range(c - 1, c + 2) if (a, b) != (r, c))
                out.append(f"number({r},{c},{k}).")
    return "\n".join(out) + "\n"


def minesweeper_click(rows, cols, mines, seed):
    rng = random.Random(seed)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    # The first click is safe and opens a region: no mine on it or around it.
    click = (rows // 2, cols // 2)
    near = {(click[0] + dr, click[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    mine = set(rng.sample([x for x in cells if x not in near], mines))

    def n(r, c):
        return sum((r + dr, c + dc) in mine for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))

    opened, stack = set(), [click]
    while stack:
        r, c = stack.pop()
        if (r, c) in opened:
            continue
        opened.add((r, c))
        if n(r, c) == 0:
            stack += [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                      if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in mine]
    lines = [f"mines {mines}"]
    for r in range(rows):
        lines.append("".join(str(n(r, c)) if (r, c) in opened else "." for c in range(cols)))
    return "\n".join(lines) + "\n"


def submarines(n, seed):
    rng = random.Random(seed)
    a = [[rng.random() < 0.5 for _ in range(n)] for _ in range(n)]
    lines = ["? " * n + f"| {sum(row)}" for row in a]
    lines.append(" ".join(str(sum(a[r][c] for r in range(n))) for c in range(n)))
    return "\n".join(lines) + "\n"


def lights_random(n, seed):
    rng = random.Random(seed)
    lights = [rng.random() < 0.5 for _ in range(n * n)]
    return "".join("".join("1" if lights[r * n + c] else "0" for c in range(n)) + "\n" for r in range(n))


def blank_ships(path):
    out = []
    for line in open(path).read().splitlines():
        if "|" in line:
            cells, count = line.split("|")
            line = "".join("." if ch in "o^#~<>v" else ch for ch in cells) + "|" + count
        out.append(line)
    return "\n".join(out) + "\n"


def non_clues(text):
    """(size {width, height}, clues {rows, columns}: each line's runs as numbers) of a .non file."""
    lines, size, clues, i = text.splitlines(), {}, {}, 0
    while i < len(lines):
        words = lines[i].split()
        if words and words[0] in ("width", "height"):
            size[words[0]] = int(words[1])
        if words and words[0] in ("rows", "columns"):
            n = size["height" if words[0] == "rows" else "width"]
            clues[words[0]] = [[int(x) for x in line.replace(",", " ").split() if x != "0"]
                               for line in lines[i + 1:i + 1 + n]]
            i += n
        i += 1
    return size, clues


def nonogrid_toml(path):
    _, clues = non_clues(open(path).read())
    return "[clues]\n" + "".join(
        f'{k} = """\n' + "\n".join(" ".join(map(str, runs)) or "0" for runs in clues[k]) + '\n"""\n'
        for k in ("rows", "columns"))


def nonogram_qpd(path, windows):
    size, cl = non_clues(open(path).read())
    most = max(1, max(len(r) for r in cl["rows"] + cl["columns"]))
    out = f"param rows = {size['height']}\nparam cols = {size['width']}\nparam runs = {most}\n"
    for name, lines, length in (("row", cl["rows"], size["width"]), ("col", cl["columns"], size["height"])):
        for i, runs in enumerate(lines):
            out += f"{name}clue({i + 1})"
            for k, run in enumerate(runs):
                lo = 1 + sum(x + 1 for x in runs[:k])
                hi = length + 1 - run - sum(x + 1 for x in runs[k + 1:])
                out += f" {name}run({i + 1}, {k + 1}, {run})"
                if windows:
                    out += "".join(f" {name}can({i + 1}, {k + 1}, {s})" for s in range(lo, hi + 1))
            out += "\n"
    return out


def col_facts(path):
    out = []
    for line in open(path):
        w = line.split()
        if w[:2] == ["p", "edge"]:
            out.append(f"vertex(1..{w[2]}).")
        elif w[:1] == ["e"]:
            out.append(f"edge({w[1]},{w[2]}).")
    return "\n".join(out) + "\n"


def csv_facts(pred, path):
    rows = [line.strip() for line in open(path)][1:]
    return "".join(f"{pred}({r}).\n" for r in rows if r)


def placements(solution, puz):
    doc = json.load(open(solution))
    cols = int(open(puz).readline().split()[0])
    turn = {p: k for p, k in doc["solution"]["r"]}
    return json.dumps({"placements": [{"row": (s - 1) // cols + 1, "col": (s - 1) % cols + 1, "piece": p,
                                       "rotation": turn[p]} for s, p in doc["solution"]["l"]]}) + "\n"


def main(args):
    what, rest = args[0], args[1:]
    ints = lambda: [int(a) for a in rest]  # noqa: E731
    out = {
        "minesweeper-qpd": lambda: minesweeper_qpd(*ints()),
        "minesweeper-click": lambda: minesweeper_click(*ints()),
        "submarines": lambda: submarines(*ints()),
        "lights-on": lambda: ("1" * ints()[0] + "\n") * ints()[0],
        "lights-random": lambda: lights_random(*ints()),
        "blank-ships": lambda: blank_ships(rest[0]),
        "nonogrid-toml": lambda: nonogrid_toml(rest[0]),
        "nonogram-qpd": lambda: nonogram_qpd(rest[0], rest[1:] == ["windows"]),
        "col-facts": lambda: col_facts(rest[0]),
        "csv-facts": lambda: csv_facts(rest[0], rest[1]),
        "placements": lambda: placements(rest[0], rest[1]),
    }.get(what)
    if out is None:
        sys.exit(__doc__)
    sys.stdout.write(out())


if __name__ == "__main__":
    main(sys.argv[1:] or ["help"])
