#!/usr/bin/env bash
# The default `wgrnd solve` of two builds side by side on the board suite's 7 x 7 boards near the
# hardness peak (8, 9 and 10 colours, boards 0-4), one run after the other on the same board:
# seconds to a checked solution (the time limit when none). For "the scan search joins the
# portfolio only where it wins" (docs/scan.md).
#   scripts/peak-boards.sh BASE_WGRND NEW_WGRND [SECONDS] > OUT.csv
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1
new=$2
secs=${3:-60}
echo "board,base_s,base_exit,new_s,new_exit,new_winner"
for c in 8 9 10; do
    for b in 0 1 2 3 4; do
        puzzle=fixtures/board-suite/7/$c/board_$b/puzzle.puz
        row="7x7/$c board $b"
        for w in "$base" "$new"; do
            start=$(date +%s.%N)
            rc=0
            "$w" solve -v --view sol --timeout "$secs" "$puzzle" >/dev/null 2>/tmp/peak-board.err || rc=$?
            end=$(date +%s.%N)
            row="$row,$(awk "BEGIN{printf \"%.2f\", $end - $start}"),$rc"
        done
        echo "$row,$(sed -n 's/^c winner //p' /tmp/peak-board.err | head -1)"
    done
done
