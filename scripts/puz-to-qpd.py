#!/usr/bin/env python3
"""A board-suite .puz puzzle as data for the generalised four-squares model
(fixtures/qprop/foursquares.qp): `cols rows` on the first line, then one piece per line with its
labels north east south west, frame colour 0. The model lists a piece's edges counterclockwise
from the right (east north west south).
    scripts/puz-to-qpd.py puzzle.puz > board.qpd"""
import sys

lines = [l.split() for l in open(sys.argv[1]) if l.strip()]
cols, rows = int(lines[0][0]), int(lines[0][1])
pieces = [[int(x) for x in l] for l in lines[1:]]
colors = max(max(p) for p in pieces) + 1
print(f"% {sys.argv[1]}, converted by scripts/puz-to-qpd.py")
print(f"param rows = {rows}\nparam cols = {cols}\nparam colors = {colors}\nparam matchsum = 0\ntable v [")
for n, e, s, w in pieces:
    print(f"  {e} {n} {w} {s}")
print("]")
