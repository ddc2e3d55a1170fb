#!/usr/bin/env bash
# The first hint (`wgrnd explain --next --timeout SECONDS`) on every puzz.link fixture whose model
# has a constraint decided natively (connectivity, regions), one run each: the wall time, the exit code and whether a step
# came out. For #47's "at least one step within 10 s on every connectivity fixture"
# (docs/explain.md).
#   scripts/hint-times.sh [WGRND] [SECONDS] > OUT.csv   (WGRND: default target/dist/wgrnd, scripts/build-release.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
wgrnd=${1:-target/dist/wgrnd}
secs=${2:-10}
echo "fixture,native_constraints,seconds,exit,step"
for f in fixtures/pencil/*/*.url fixtures/pencil-large/*.url; do
    n=$("$wgrnd" solve -v "$f" 2>&1 >/dev/null | sed -n 's/.* native \([0-9]*\).*/\1/p' || true)
    if [ "${n:-0}" = 0 ]; then continue; fi
    start=$(date +%s.%N)
    set +e
    out=$("$wgrnd" explain --next --timeout "$secs" "$f" 2>/dev/null)
    code=$?
    set -e
    end=$(date +%s.%N)
    step=$(grep -c '^step 1: ' <<<"$out" || true)
    printf '%s,%s,%.2f,%s,%s\n' "$f" "$n" "$(echo "$end - $start" | bc)" "$code" "$step"
done
