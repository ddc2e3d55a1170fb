#!/usr/bin/env bash
# The 13 hard 8 x 8 boards of the board suite (9 and 10 colours, boards 0, 2 and 3 with 11: those
# that no SAT configuration solved in 9 to 25 minutes, docs/benchmarks.md) solved by the default
# `wgrnd solve` (CaDiCaL and the scan search racing on the machine's cores), each answer checked
# by the command (`c answer solved, checked`). One line per board to OUT (default stdout):
# colours, board, exit code, seconds, the winner.
#   scripts/hard-boards.sh [SECONDS] [OUT]           e.g. scripts/hard-boards.sh 3600 bench/results/hard-8x8-scan.csv
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-3600}
out=${2:-/dev/stdout}
[ -n "${NO_BUILD:-}" ] || scripts/build-release.sh -q
wgrnd=${WGRND:-$(pwd)/target/dist/wgrnd}
echo "colours,board,exit,seconds,winner,answer" >"$out"
for c in 11 10 9; do
    for b in 0 1 2 3 4; do
        if [ "$c" = 11 ] && { [ "$b" = 1 ] || [ "$b" = 4 ]; }; then continue; fi
        puzzle=fixtures/board-suite/8/$c/board_$b/puzzle.puz
        start=$(date +%s.%N)
        rc=0
        "$wgrnd" solve -v --view sol --timeout "$secs" "$puzzle" >/dev/null 2>/tmp/hard-board.err || rc=$?
        end=$(date +%s.%N)
        winner=$(sed -n 's/^c winner //p' /tmp/hard-board.err | head -1)
        answer=$(sed -n 's/^c answer //p' /tmp/hard-board.err | head -1)
        printf '%s,%s,%s,%.1f,%s,%s\n' "$c" "$b" "$rc" "$(awk "BEGIN{print $end - $start}")" "$winner" "$answer" >>"$out"
    done
done
