#!/usr/bin/env python3
"""Writes a puzzle in wgrnd's native format (framed with label 0, equal matching) in Heule's
benchmark format, so that his encoder can be timed on exactly the pieces wgrnd gets: line 1 the
number of hints, then `row col piece rotation` (1-based, clockwise quarter turns), then the pieces
north east south west."""
import sys

pieces, clues = [], []
for line in open(sys.argv[1]):
    w = line.split()
    if w and w[0] == "piece":
        pieces.append(w[1:5])
    elif w and w[0] == "clue":
        r, c, p, k = map(int, w[1:5])
        clues.append(f"{r} {c} {p} {(4 - k) % 4}")
print(len(clues))
print("\n".join(clues + [" ".join(p) for p in pieces]))
