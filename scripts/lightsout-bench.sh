#!/usr/bin/env bash
# Lights out, random n x n boards (every light on or off at random, seed fixed): `wgrnd count` and
# `wgrnd solve` (release build, including parse and grounding) against a GF(2) elimination written
# here (Python, integers as bitsets), medians of REPS (default 5) alternating runs. The counts must
# agree. Usage: scripts/lightsout-bench.sh [n ...] (default 10 20 50 100 200); WGRND names the
# binary (default target/dist/wgrnd; build it first: scripts/build-release.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export WGRND=${WGRND:-$root/target/dist/wgrnd}
export REPS=${REPS:-5}
sizes=${*:-10 20 50 100 200}
[ -x "$WGRND" ] || { echo "no $WGRND: scripts/build-release.sh first" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" $sizes <<'PY'
import os, random, statistics, subprocess, sys, time

tmp, sizes = sys.argv[1], [int(a) for a in sys.argv[2:]]
wgrnd, reps = os.environ["WGRND"], int(os.environ["REPS"])

def eliminate(n, lights):
    """Rank and consistency of the press matrix with the lights as right-hand side: rows are
    Python integers (bit j: press j; bit n*n: the light), reduced by their lowest bit."""
    N = n * n
    pivots = {}
    consistent = True
    for r in range(n):
        for c in range(n):
            row = 1 << (r * n + c)
            if r > 0: row |= 1 << ((r - 1) * n + c)
            if r + 1 < n: row |= 1 << ((r + 1) * n + c)
            if c > 0: row |= 1 << (r * n + c - 1)
            if c + 1 < n: row |= 1 << (r * n + c + 1)
            if lights[r * n + c]: row |= 1 << N
            while True:
                low = row & -row
                if low == 0 or low == 1 << N:
                    consistent &= low == 0
                    break
                p = pivots.get(low)
                if p is None:
                    pivots[low] = row
                    break
                row ^= p
    return len(pivots), consistent

def run(args):
    t = time.perf_counter()
    out = subprocess.run([wgrnd] + args, capture_output=True, text=True)
    return time.perf_counter() - t, out

print("| n | cells | solutions | wgrnd count (s) | wgrnd solve (s) | GF(2) elimination, Python (s) |")
print("|---:|---:|---:|---:|---:|---:|")
for n in sizes:
    rng = random.Random(n)
    lights = [rng.random() < 0.5 for _ in range(n * n)]
    path = os.path.join(tmp, f"r{n}.lights")
    with open(path, "w") as f:
        f.write("".join("".join("1" if lights[r * n + c] else "0" for c in range(n)) + "\n" for r in range(n)))
    times = {"count": [], "solve": [], "gf2": []}
    want = None
    for _ in range(reps):
        dt, out = run(["count", path])
        times["count"].append(dt)
        got = int(out.stdout.split()[0])
        dt, out = run(["solve", path])
        times["solve"].append(dt)
        t = time.perf_counter()
        rank, ok = eliminate(n, lights)
        times["gf2"].append(time.perf_counter() - t)
        want = 2 ** (n * n - rank) if ok else 0
        if got != want:
            sys.exit(f"n={n}: wgrnd counts {got}, elimination {want}")
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"| {n} | {n*n} | {want} | {med['count']:.3f} | {med['solve']:.3f} | {med['gf2']:.3f} |", flush=True)
PY
