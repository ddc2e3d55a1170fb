#!/usr/bin/env python3
"""Times wgrnd on seed 002's grid families (docs/wellposed.md): for each case, `wgrnd solve` and
`wgrnd count` (with the --max given) of the fixtures in fixtures/seed002/ and of a few larger
instances written here from a fixed seed (a 16 x 30 expert minesweeper board after a first click,
lights out with every light on up to 16 x 16, 12 x 12 and 30 x 30 submarines from a random 0/1
grid, the 10 x 10 battleships counts with no cell revealed). Runs every case RUNS times in
alternation (default 3) with the release build and prints the times, the median and the answer.
Run it under the benchmark lock: flock /tmp/wgrnd-bench.lock scripts/seed002-bench.py 3 [WORD]
(WORD: only the cases whose name contains it, e.g. `submarines`)."""

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
W = os.path.join(ROOT, "target", "release", "wgrnd")


def minesweeper(rows, cols, mines, seed):
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


def blank_ships():
    text = open(os.path.join(ROOT, "fixtures/seed002/fleet.ships")).read()
    out = []
    for line in text.splitlines():
        if "|" in line:
            cells, count = line.split("|")
            cells = "".join("." if ch in "o^#~<>v" else ch for ch in cells)
            line = cells + "|" + count
        out.append(line)
    return "\n".join(out) + "\n"


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    subprocess.run([os.path.join(ROOT, "scripts", "build-release.sh"), "-q"], cwd=ROOT, check=True)
    tmp = tempfile.mkdtemp()

    def put(name, text):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    fx = lambda name: os.path.join(ROOT, "fixtures/seed002", name)
    cases = [
        ("submarines 3x3 one.submarines: count", ["count", fx("one.submarines")]),
        ("submarines 12x12 random: count --max 2", ["count", put("s12.submarines", submarines(12, 1)), "--max", "2"]),
        ("submarines 30x30 random: count --max 2", ["count", put("s30.submarines", submarines(30, 1)), "--max", "2"]),
        ("ashes seed 3x4: solve", ["solve", fx("seed.ashes")]),
        ("ashes seed 3x4: count", ["count", fx("seed.ashes")]),
        ("ashes seed 3x4: count --ints log", ["count", fx("seed.ashes"), "--ints", "log"]),
        ("ashes signed 3x4: count", ["count", fx("signed.ashes")]),
        ("ashes signed 3x3: count (135)", ["count", fx("signed-3x3.ashes")]),
        ("minesweeper 9x9 first click: count --max 2", ["count", fx("first-click.mines"), "--max", "2"]),
        ("minesweeper 9x9 first click: count", ["count", fx("first-click.mines")]),
        ("minesweeper 16x30 expert: count --max 2", ["count", put("expert.mines", minesweeper(16, 30, 99, 3)), "--max", "2"]),
        ("lights out 5x5 all on: count", ["count", fx("all-on.lights")]),
        ("lights out 10x10 all on: count", ["count", put("10.lights", ("1" * 10 + "\n") * 10)]),
        ("lights out 14x14 all on: count", ["count", put("14.lights", ("1" * 14 + "\n") * 14)]),
        ("lights out 16x16 all on: solve", ["solve", put("16.lights", ("1" * 16 + "\n") * 16)]),
        ("battleships 10x10 fleet.ships: solve", ["solve", fx("fleet.ships")]),
        ("battleships 10x10 fleet.ships: count", ["count", fx("fleet.ships")]),
        ("battleships 10x10 counts only: count", ["count", put("blank.ships", blank_ships())]),
    ]
    if len(sys.argv) > 2:
        cases = [c for c in cases if sys.argv[2] in c[0]]
    times = {name: [] for name, _ in cases}
    answers = {}
    for _ in range(runs):
        for name, args in cases:
            start = time.perf_counter()
            p = subprocess.run([W] + args, capture_output=True, text=True)
            times[name].append(time.perf_counter() - start)
            answers[name] = (p.stdout.strip().splitlines() or [p.stderr.strip()])[-1]
    for name, _ in cases:
        t = " ".join(f"{x:.3f}" for x in times[name])
        print(f"{name}: {t} -> median {statistics.median(times[name]):.3f} s; {answers[name]}")


if __name__ == "__main__":
    main()
