#!/usr/bin/env bash
# Random nonograms as in Jan Wolter's survey: N pictures of SIZE x SIZE cells (default 50 of
# 30 x 30), each cell black with probability 1/2 (a fixed seed per puzzle), their clues written as
# .non files, and `wgrnd count --max 2` (release build) timed on each with a time limit: prints the
# time distribution in the survey's bins, how many puzzles are unique or have several solutions,
# and the slowest (puzzles over the limit are counted apart from the bins).
#   scripts/nonogram-random.sh [N] [SIZE] [LIMIT_SECONDS] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-50}
size=${2:-30}
limit=${3:-120}
seed=${4:-1}
scripts/build-release.sh -q
exec python3 - "$n" "$size" "$limit" "$seed" target/dist/wgrnd <<'PY'
import os, random, statistics, subprocess, sys, tempfile, time

n, size, limit, seed, wgrnd = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]

def runs(cells):
    out, k = [], 0
    for c in cells + [0]:
        if c:
            k += 1
        elif k:
            out.append(k)
            k = 0
    return ",".join(map(str, out)) or "0"

tmp = tempfile.mkdtemp()
bins = [0.1, 0.2, 0.5, 1, 4, 10, 30, 60, 120]
labels = ["<0.1", "0.1-0.2", "0.2-0.5", "0.5-1", "1-4", "4-10", "10-30", "30-60", "60-120", ">120"]
counts = [0] * len(labels)
times, unique, several, timeouts = [], 0, 0, 0
for i in range(n):
    rng = random.Random(seed * 1_000_003 + i)
    pic = [[rng.random() < 0.5 for _ in range(size)] for _ in range(size)]
    text = f"width {size}\nheight {size}\n\nrows\n" + "\n".join(runs(r) for r in pic)
    text += "\n\ncolumns\n" + "\n".join(runs([pic[r][c] for r in range(size)]) for c in range(size)) + "\n"
    path = os.path.join(tmp, f"random-{i}.non")
    open(path, "w").write(text)
    start = time.perf_counter()
    try:
        r = subprocess.run([wgrnd, "count", "--max", "2", path], capture_output=True, text=True, timeout=limit)
        took = time.perf_counter() - start
        if r.stdout.startswith("1 solution(s)"):
            unique += 1
        elif r.stdout.startswith(("2 solution(s)", "at least 2 solution(s)")):
            several += 1
        else:
            sys.exit(f"{path}: exit {r.returncode}: {r.stdout[-300:]} {r.stderr[-300:]}")
    except subprocess.TimeoutExpired:
        took = float("inf")
        timeouts += 1
    times.append(took)
    if took == float("inf"):
        continue
    k = 0
    while k < len(bins) and took >= bins[k]:
        k += 1
    counts[k] += 1
print(f"{n} random {size} x {size} puzzles (density 0.5, seed {seed}), wgrnd count --max 2, limit {limit:.0f} s")
print(" | ".join(f"{l}: {c}" for l, c in zip(labels, counts)))
done = [t for t in times if t != float("inf")]
print(f"unique {unique}, several solutions {several}, over the limit {timeouts}; "
      f"median {statistics.median(times):.3f} s, slowest {max(done):.3f} s" if done else "none finished")
PY
