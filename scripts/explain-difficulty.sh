#!/usr/bin/env bash
# The difficulty of puzzles posed by `generate --unique --max-step K` (docs/explain.md): for each
# bundled puzzle and each K, N posed puzzles (seeds 1..N, each from a solution drawn at random
# with every clue withheld), each explained; prints a markdown table of K, posed (of N; the rest
# refused: no set of the solution's clues gets every step down to K), the median number of
# steps, the median and the largest largest-step.
#   scripts/explain-difficulty.sh [PUZZLES] [KS] [N]
#     PUZZLES: default one bundled puzzle of every family that `generate --unique` poses: the
#       4 x 4 minesweeper of xkcd 2496, webpbn-1, one submarine grid, signed ashes (3 x 4),
#       an open 5 x 5 battleships grid, lights out, Einstein's zebra, the witch puzzle, the
#       four squares of seed 004, the tiny packing
#     KS: default "2 3 4 6"   N: default 20
# Environment: WGRND (default target/dist/wgrnd, built if missing), TIMEOUT per run (60 s).
set -u
cd "$(dirname "$0")/.."
puzzles=${1:-"fixtures/seed002/xkcd-2496.mines fixtures/nonogram/webpbn-1.non fixtures/seed002/one.submarines
  fixtures/seed002/signed.ashes fixtures/seed002/open-5x5.ships fixtures/seed002/all-on.lights
  fixtures/zebra/einstein.zebra fixtures/witch/witches.lpl fixtures/foursquares/seed004.txt fixtures/packing/tiny.pack"}
ks=${2:-"2 3 4 6"}
n=${3:-20}
wgrnd=${WGRND:-target/dist/wgrnd}
timeout=${TIMEOUT:-60}
[ -x "$wgrnd" ] || scripts/build-release.sh >&2 || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {if (NR == 0) print "-"; else print a[int((NR + 1) / 2)]}'; }
echo "| puzzle | K | posed | steps (median) | largest step (median) | largest step (max) |"
echo "|---|---|---|---|---|---|"
for p in $puzzles; do
  ext=${p##*.}
  # The witch tables hold no hints: a posed witch puzzle is written in wgrnd's own format.
  [ "$ext" = lpl ] && ext=wgrnd
  for k in $ks; do
    : > "$tmp/steps"; : > "$tmp/largest"
    posed=0
    for seed in $(seq 1 "$n"); do
      out="$tmp/posed.$ext"
      timeout "$timeout" "$wgrnd" generate --unique "$p" --seed "$seed" --max-step "$k" -o "$out" 2>/dev/null || continue
      json=$(timeout "$timeout" "$wgrnd" explain --json "$out" 2>/dev/null) || continue
      posed=$((posed + 1))
      echo "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin)["difficulty"]; print(d["steps"], d["largest_step"])' >"$tmp/one"
      read -r steps largest <"$tmp/one"
      echo "$steps" >>"$tmp/steps"; echo "$largest" >>"$tmp/largest"
    done
    echo "| \`${p#fixtures/}\` | $k | $posed / $n | $(median <"$tmp/steps") | $(median <"$tmp/largest") | $(sort -n "$tmp/largest" | tail -1) |"
  done
done
