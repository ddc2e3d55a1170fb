#!/usr/bin/env python3
"""Turns a puzzle in wgrnd's native format (`wgrnd shuffle` or `wgrnd generate` output) into
facts for edge-matching.lp. Labels become integers in label order; squares and pieces 0-based."""
import sys

rows = cols = 0
rule, frame, pieces, clues = "equal", None, [], []
for line in open(sys.argv[1]):
    w = line.split()
    if not w or w[0].startswith("#"):
        continue
    if w[0] == "size":
        rows, cols = int(w[1]), int(w[2])
    elif w[0] == "match":
        rule = w[1:]
    elif w[0] == "frame":
        frame = None if w[1] == "none" else w[1]
    elif w[0] == "piece":
        pieces.append(w[1:5])
    elif w[0] == "clue":
        clues.append((int(w[1]) - 1, int(w[2]) - 1, int(w[3]) - 1, int(w[4])))
labels = sorted({l for p in pieces for l in p})
index = {l: i for i, l in enumerate(labels)}
out = [f"size({rows},{cols})."]
for p, e in enumerate(pieces):
    out.append(f"piece({p}). " + " ".join(f"edge({p},{d},{index[l]})." for d, l in enumerate(e)))
if frame is not None:
    out.append(f"frame({index[frame]}).")
for a in labels:
    for b in labels:
        if a == frame or b == frame:
            continue
        ok = a == b if rule[0] == "equal" else rule[0] == "sum" and int(a) + int(b) == int(rule[1])
        if ok:
            out.append(f"match({index[a]},{index[b]}).")
for r, c, p, k in clues:
    out.append(f"clue({r},{c},{p},{k}).")
print("\n".join(out))
