#!/usr/bin/env bash
# Sherlock and zebra puzzles: `wgrnd count --max 2` (release build: read the .zebra file, ground
# models/sherlock.qp, solve, check, prove there is no second solution) and `wgrnd solve` on
# fixtures/zebra/*.zebra, RUNS times each (default 7), under flock /tmp/wgrnd-bench.lock; prints
# every time and the medians.
#   scripts/zebra-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
scripts/build-release.sh -q
exec flock /tmp/wgrnd-bench.lock python3 - "$runs" target/dist/wgrnd fixtures/zebra/*.zebra <<'PY'
import statistics, subprocess, sys, time

runs, wgrnd, files = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
for path in files:
    for cmd, code in (["count", "--max", "2"], 10), (["solve"], 10):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            r = subprocess.run([wgrnd, *cmd, path], capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if r.returncode != code:
                sys.exit(f"{cmd} {path}: exit {r.returncode}: {r.stderr}")
        shown = " ".join(f"{t:.3f}" for t in times)
        print(f"wgrnd {' '.join(cmd)} {path}: {shown} -> median {statistics.median(times):.3f} s")
PY
