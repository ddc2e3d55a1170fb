#!/usr/bin/env bash
# Small puzzles, every encoding: median wall time (of RUNS, default 5) of `wgrnd count` (all
# solutions, each checked), in-process CaDiCaL; prints a markdown table. Backs the choice of
# `--encoding auto` on small and unframed puzzles (docs/encodings.md).
#   scripts/small-bench.sh [PUZZLES]
set -u
cd "$(dirname "$0")/.."
puzzles=${1:-"fixtures/witch/witches.lpl fixtures/witch/commented.txt fixtures/witch/exercise.lpl fixtures/foursquares/orig.txt fixtures/foursquares/easy.txt fixtures/board-suite/4/5/board_0/puzzle.puz fixtures/board-suite/5/8/board_0/puzzle.puz fixtures/board-suite/6/12/board_0/puzzle.puz"}
runs=${RUNS:-5}
encodings="diamond four-squares support conflict"
scripts/build-release.sh -q || exit 3
w=target/dist/wgrnd
printf '| puzzle | solutions |'; for e in $encodings; do printf ' %s |' "$e"; done; echo
printf '|---|---|'; for e in $encodings; do printf -- '---|'; done; echo
for p in $puzzles; do
  n=$($w count "$p" --json 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['count'])")
  printf '| %s | %s |' "${p#fixtures/}" "$n"
  for e in $encodings; do
    ts=""
    for _ in $(seq "$runs"); do
      s=$(date +%s.%N); $w count "$p" --encoding "$e" > /dev/null 2>&1
      ts="$ts $(echo "$(date +%s.%N) - $s" | bc)"
    done
    printf ' %s |' "$(python3 -c "import sys; v = sorted(map(float, sys.argv[1:])); print(f'{v[len(v) // 2]:.3f}')" $ts)"
  done
  echo
done
