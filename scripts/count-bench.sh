#!/usr/bin/env bash
# Counting throughput: wgrnd count (in-process; `--engine auto`, and the blocking-clause loop for
# reference) against clingo's enumeration (`clingo N`, PyPI package clingo) on the same puzzles, at
# growing bounds. Runs alternate (wgrnd, clingo, wgrnd blocking) REPS times (default 3) and the
# table gives medians, wall-clock seconds, and the ratio clingo s / wgrnd s (2 or more: wgrnd
# counts at least twice as fast). Run it alone: flock /tmp/wgrnd-bench.lock scripts/count-bench.sh
#   scripts/count-bench.sh [BOUNDS]     e.g. scripts/count-bench.sh "1000 16000 64000"
# Needs: python3 with clingo (PATH=$(scripts/pydeps.sh):$PATH).
set -eu
cd "$(dirname "$0")/.."
bounds=${1:-"1000 16000 64000"}
reps=${REPS:-3}
scripts/build-release.sh -q
w=target/dist/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Puzzles with many solutions: generated with fixed seeds, and seed 004's `easy` set (6144).
$w generate --rows 5 --cols 5 --colors 3 --frame-colors 1 --seed 3 -o "$tmp/g5f.wgrnd"
$w generate --rows 5 --cols 5 --colors 3 --seed 3 -o "$tmp/g5.wgrnd"
$w generate --rows 6 --cols 6 --colors 3 --frame-colors 2 --seed 3 -o "$tmp/g6f.wgrnd"
$w shuffle --seed 1 fixtures/foursquares/easy.txt -o "$tmp/easy.wgrnd"
now() { date +%s.%N; }
median() { python3 -c "import sys, statistics; print(f'{statistics.median(map(float, sys.argv[1:])):.3f}')" "$@"; }
echo "| puzzle | bound | wgrnd (auto) s | clingo s | clingo / wgrnd | wgrnd blocking s | solutions | clingo models |"
echo "|---|---|---|---|---|---|---|---|"
for name in easy g5f g5 g6f; do
  p="$tmp/$name.wgrnd"
  python3 scripts/asp/facts.py "$p" > "$tmp/$name.lp"
  for n in $bounds; do
    ws=(); cs=(); bs=()
    for _ in $(seq "$reps"); do
      start=$(now)
      json=$($w count --max "$n" --json "$p" || true)
      ws+=("$(echo "$(now) - $start" | bc)")
      start=$(now)
      models=$(python3 -m clingo scripts/asp/edge-matching.lp "$tmp/$name.lp" "$n" --quiet=2 2>/dev/null | awk '/^Models/ { print $3 }')
      cs+=("$(echo "$(now) - $start" | bc)")
      start=$(now)
      $w count --max "$n" --json --engine blocking "$p" > /dev/null || true
      bs+=("$(echo "$(now) - $start" | bc)")
    done
    got=$(echo "$json" | python3 -c "import json,sys; print(json.load(sys.stdin)['count'])")
    wt=$(median "${ws[@]}"); ct=$(median "${cs[@]}"); bt=$(median "${bs[@]}")
    ratio=$(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$ct" "$wt")
    echo "| $name | $n | $wt | $ct | $ratio | $bt | $got | $models |"
    [ "$got" -lt "$n" ] && break
  done
done
