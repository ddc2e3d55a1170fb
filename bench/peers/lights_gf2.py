#!/usr/bin/env python3
"""The peer of the lightsout suite: the number of solutions of a lights-out board (a .lights
file of 0/1 rows) by Gaussian elimination over GF(2) in plain Python, integers as bitsets.
Prints `N solution(s)` as `wgrnd count` does.
    python3 bench/peers/lights_gf2.py FILE.lights"""

import sys


def rank_and_consistency(n, lights):
    """Rank and consistency of the press matrix with the lights as right-hand side: rows are
    Python integers (bit j: press j; bit n*n: the light), reduced by their lowest bit."""
    cells = n * n
    pivots = {}
    consistent = True
    for r in range(n):
        for c in range(n):
            row = 1 << (r * n + c)
            if r > 0:
                row |= 1 << ((r - 1) * n + c)
            if r + 1 < n:
                row |= 1 << ((r + 1) * n + c)
            if c > 0:
                row |= 1 << (r * n + c - 1)
            if c + 1 < n:
                row |= 1 << (r * n + c + 1)
            if lights[r * n + c]:
                row |= 1 << cells
            while True:
                low = row & -row
                if low == 0 or low == 1 << cells:
                    consistent &= low == 0
                    break
                p = pivots.get(low)
                if p is None:
                    pivots[low] = row
                    break
                row ^= p
    return len(pivots), consistent


def main():
    rows = [line.strip() for line in open(sys.argv[1]) if line.strip()]
    n = len(rows)
    lights = [ch == "1" for row in rows for ch in row]
    rank, ok = rank_and_consistency(n, lights)
    print(f"{2 ** (n * n - rank) if ok else 0} solution(s)")


main()
