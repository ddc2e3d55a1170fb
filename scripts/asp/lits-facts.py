#!/usr/bin/env python3
"""Turns a puzz.link LITS URL into room(R, C, M) facts for lits.lp (rows and columns from 1,
rooms numbered by their first cell in reading order).

Usage: scripts/asp/lits-facts.py URL > facts.lp

The URL's body lists the borders between side-by-side cells, row by row, then those between
cells one above the other, five to a base-32 digit, first border in the highest bit; the second
list starts on a digit of its own.
"""
import sys

url = sys.argv[1].strip()
cols, rows, body = url.split("?", 1)[1].split("/")[1:4]
cols, rows = int(cols), int(rows)


def bits(digits, n):
    return [int(d, 32) >> k & 1 for d in digits for k in range(4, -1, -1)][:n]


# Each list takes whole digits: the second starts at the digit after the first one's last.
split = -(-(cols - 1) * rows // 5)
right = bits(body[:split], (cols - 1) * rows)
below = bits(body[split:], cols * (rows - 1))
room = {}
for start in ((r, c) for r in range(rows) for c in range(cols)):
    if start in room:
        continue
    m = len(set(room.values())) + 1
    stack = [start]
    room[start] = m
    while stack:
        r, c = stack.pop()
        steps = []
        if c + 1 < cols and not right[r * (cols - 1) + c]:
            steps.append((r, c + 1))
        if c > 0 and not right[r * (cols - 1) + c - 1]:
            steps.append((r, c - 1))
        if r + 1 < rows and not below[r * cols + c]:
            steps.append((r + 1, c))
        if r > 0 and not below[(r - 1) * cols + c]:
            steps.append((r - 1, c))
        for s in steps:
            if s not in room:
                room[s] = m
                stack.append(s)
print(" ".join(f"room({r + 1},{c + 1},{m})." for (r, c), m in sorted(room.items())))
