#!/usr/bin/env bash
# Encodings of paint by numbers measured: models/nonogram.qp as bundled (`runs` constraints, the
# grounder's line solver, data as the .non reader writes it) against the previous model with start
# atoms per run over windows (fixtures/qprop/nonogram-starts.qp, its data with `rowcan`/`colcan`
# windows written here). `wgrnd count --max 2 MODEL --data DATA` (release build) on every
# fixtures/nonogram/*.non, 3 runs of the two alternating, medians, under flock
# /tmp/wgrnd-bench.lock; then the CNF size of the 75 x 50 tiger for each.
#   scripts/nonogram-encodings.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build-release.sh -q
exec flock /tmp/wgrnd-bench.lock python3 - target/dist/wgrnd models/nonogram.qp fixtures/qprop/nonogram-starts.qp fixtures/nonogram/*.non <<'PY'
import os, statistics, subprocess, sys, tempfile, time

wgrnd, model, starts, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
tmp = tempfile.mkdtemp()

def clues(text):
    lines, size, out, i = text.splitlines(), {}, {}, 0
    while i < len(lines):
        w = lines[i].split()
        if w and w[0] in ("width", "height"):
            size[w[0]] = int(w[1])
        if w and w[0] in ("rows", "columns"):
            n = size["height" if w[0] == "rows" else "width"]
            out[w[0]] = [[int(x) for x in l.replace(",", " ").split() if x != "0"] for l in lines[i + 1:i + 1 + n]]
            i += n
        i += 1
    return size, out

def data(text, windows):
    size, cl = clues(text)
    most = max(1, max(len(r) for r in cl["rows"] + cl["columns"]))
    out = f"param rows = {size['height']}\nparam cols = {size['width']}\nparam runs = {most}\n"
    for name, lines, length in (("row", cl["rows"], size["width"]), ("col", cl["columns"], size["height"])):
        for i, runs in enumerate(lines):
            out += f"{name}clue({i + 1})"
            for k, l in enumerate(runs):
                lo = 1 + sum(x + 1 for x in runs[:k])
                hi = length + 1 - l - sum(x + 1 for x in runs[k + 1:])
                out += f" {name}run({i + 1}, {k + 1}, {l})"
                if windows:
                    out += "".join(f" {name}can({i + 1}, {k + 1}, {s})" for s in range(lo, hi + 1))
            out += "\n"
    return out

variants = {"runs": (model, False), "start-atoms": (starts, True)}
total = dict.fromkeys(variants, 0.0)
print("puzzle " + " ".join(variants))
for path in files:
    name = os.path.basename(path)
    src = open(path).read()
    for w in (True, False):
        open(f"{tmp}/{name}.{w}.qpd", "w").write(data(src, w))
    times = {k: [] for k in variants}
    for _ in range(3):
        for k, (m, w) in variants.items():
            start = time.perf_counter()
            r = subprocess.run([wgrnd, "count", "--max", "2", m, "--data", f"{tmp}/{name}.{w}.qpd"], capture_output=True, text=True)
            times[k].append(time.perf_counter() - start)
            assert r.stdout.startswith("1 solution(s)"), (k, name, r.stdout, r.stderr)
    print(name, " ".join(f"{statistics.median(times[k]):.3f}" for k in variants), flush=True)
    for k in variants:
        total[k] += statistics.median(times[k])
for k, (m, w) in variants.items():
    r = subprocess.run([wgrnd, "encode", m, "--data", f"{tmp}/qnonograms-tiger.non.{w}.qpd"], capture_output=True, text=True)
    header = next(l for l in r.stdout.splitlines() if l.startswith("p cnf"))
    print(f"{k}: sum of medians {total[k]:.2f} s; tiger (75 x 50): {header}")
PY
