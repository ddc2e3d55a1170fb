#!/usr/bin/env bash
# Eternity II by score (issue 26): `wgrnd solve --maximize matches` on the 16 x 16 board with the
# five official hints (fixtures/heule/e2hints.txt), SECONDS per seed (default 3600), seeds SEEDS
# (default "1 2 3"), JOBS threads each (default: every core), one seed after the other; or, with
# E2_PARALLEL=1, the seeds at once (for short runs with JOBS=1). Each run's improvements
# (`c T s: score N/480`) go to OUT/seed-S.log, its best board to OUT/seed-S.json (+ .svg),
# checked by `wgrnd check`; OUT/score-vs-time.svg plots them (scripts/e2-plot.py).
#   scripts/e2-run.sh [SECONDS] [JOBS] [OUT]          e.g. scripts/e2-run.sh 600 1 /tmp/e2
# Repeatable runs for A/B comparisons (docs/optimise.md): E2_MOVES=N stops each thread after N
# moves, with the start fill bounded by E2_FILL_NODES placements (default 20000000) instead of
# time; with JOBS 1 a seed then gives the same boards under any load (SECONDS stays a limit).
# E2_WGRND=BINARY runs another build (e.g. a saved base).
# docs/optimise.md has the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-3600}
jobs=${2:-$(nproc)}
out=${3:-e2-runs}
seeds=${SEEDS:-"1 2 3"}
puzzle=${E2_PUZZLE:-fixtures/heule/e2hints.txt}
mkdir -p "$out"
[ -n "${E2_NO_BUILD:-}" ] || scripts/build-release.sh -q
wgrnd=${E2_WGRND:-$(pwd)/target/dist/wgrnd}
repeat=()
if [ -n "${E2_MOVES:-}" ]; then
    repeat=(--moves "$E2_MOVES" --fill-nodes "${E2_FILL_NODES:-20000000}")
fi
run() {
    local s=$1
    # Exit 11: the best board found in the time limit (10: every edge matches).
    "$wgrnd" solve --maximize matches "$puzzle" --seed "$s" --jobs "$jobs" --timeout "$secs" ${repeat[@]+"${repeat[@]}"} \
        --best "$out/seed-$s.json" --view grid -v -o "$out/seed-$s.grid" 2>"$out/seed-$s.err" || {
        rc=$?
        [ "$rc" -eq 11 ] || [ "$rc" -eq 10 ]
    }
    grep '^c .* s: score ' "$out/seed-$s.err" | sed 's/^c //' >"$out/seed-$s.log"
    "$wgrnd" check "$puzzle" "$out/seed-$s.json" >"$out/seed-$s.check" 2>&1 || true
    echo "seed $s: $(tail -1 "$out/seed-$s.log") ($(grep -h 'score:' "$out/seed-$s.check" | head -1))"
}
if [ "${E2_PARALLEL:-0}" = 1 ]; then
    for s in $seeds; do run "$s" & done
    wait
else
    for s in $seeds; do run "$s"; done
fi
python3 scripts/e2-plot.py "$out/score-vs-time.svg" "$out"/seed-*.log
echo "plot: $out/score-vs-time.svg"
