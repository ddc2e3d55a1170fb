#!/usr/bin/env python3
"""Makes a heyawake instance for fixtures/qprop/heyawake.qp that has exactly one solution.

Usage: scripts/heyawake-instance.py ROWS COLS SEED MAX_AREA [WGRND] > puzzle.qpd

Rooms: the grid cut into rectangles by random guillotine cuts (reproducible from SEED) until
each has at most MAX_AREA cells. A solution of the model without clues (wgrnd solve) gives every
room its number of shaded cells; then clues are dropped one by one, in an order drawn from SEED,
whenever the puzzle stays unique (wgrnd count --max 2), so every clue left is needed.
"""
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MODEL = Path(__file__).resolve().parent.parent / "fixtures" / "qprop" / "heyawake.qp"


def rooms(rows, cols, rng, max_area):
    out = []

    def cut(r0, c0, r1, c1):
        h, w = r1 - r0, c1 - c0
        if h * w <= max_area and (h * w <= 2 or rng.random() < 0.5):
            out.append((r0, c0, r1, c1))
        elif (w >= h and w > 1) or h == 1:
            k = rng.randint(c0 + 1, c1 - 1)
            cut(r0, c0, r1, k)
            cut(r0, k, r1, c1)
        else:
            k = rng.randint(r0 + 1, r1 - 1)
            cut(r0, c0, k, c1)
            cut(k, c0, r1, c1)

    cut(0, 0, rows, cols)
    return out


def wgrnd(binary, args, data):
    with tempfile.NamedTemporaryFile("w", suffix=".qpd", delete=False) as f:
        f.write(data)
    try:
        run = subprocess.run([binary, *args, str(MODEL), "--data", f.name], capture_output=True, text=True)
    finally:
        Path(f.name).unlink()
    return run.returncode, run.stdout


def main():
    rows, cols, seed, max_area = (int(a) for a in sys.argv[1:5])
    binary = sys.argv[5] if len(sys.argv) > 5 else "wgrnd"
    rng = random.Random(seed)
    boxes = rooms(rows, cols, rng, max_area)
    room_of = {}
    lines = [f"param rows = {rows}", f"param cols = {cols}", f"param rooms = {len(boxes)}"]
    for m, (r0, c0, r1, c1) in enumerate(boxes, 1):
        for r in range(r0, r1):
            for c in range(c0, c1):
                room_of[(r + 1, c + 1)] = m
                lines.append(f"room({r + 1}, {c + 1}, {m})")
    base = "\n".join(lines) + "\n"
    code, out = wgrnd(binary, ["solve"], base)
    if code != 10:
        sys.exit(f"these rooms admit no heyawake (wgrnd solve exit {code}): try another seed")
    black = {(int(r), int(c)) for r, c in re.findall(r"black\((\d+),(\d+)\)", out)}
    count = {m: 0 for m in range(1, len(boxes) + 1)}
    for cell in black:
        count[room_of[cell]] += 1
    clues = [f"shaded({m}, {v})" for m, v in count.items()]
    unique = lambda kept: wgrnd(binary, ["count", "--max", "2", "--jobs", "1"], base + "\n".join(kept) + "\n")[1].startswith("1 solution")
    if not unique(clues):
        sys.exit("not unique even with every room's number: try another seed")
    order = list(range(len(clues)))
    rng.shuffle(order)
    kept = set(order)
    for i in order:
        if unique([clues[k] for k in sorted(kept - {i})]):
            kept.discard(i)
    print(f"% heyawake {rows} x {cols}: scripts/heyawake-instance.py {rows} {cols} {seed} {max_area}")
    print(f"% {len(boxes)} rooms, {len(kept)} numbers (each needed for uniqueness)")
    sys.stdout.write(base + "\n".join(clues[k] for k in sorted(kept)) + "\n")


if __name__ == "__main__":
    main()
