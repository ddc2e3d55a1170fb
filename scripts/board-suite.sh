#!/usr/bin/env bash
# Solves board-suite puzzles and checks every answer; prints one line per puzzle and a summary.
#   scripts/board-suite.sh [SIZES] [BOARDS]     e.g. scripts/board-suite.sh "4 5 6 7 8" "board_0"
# Environment: SOLVER=builtin (in-process CaDiCaL, default), splr (in-process), or cadical
#              (encode | cadical | decode, Debian's binary); ENCODING=diamond (default) or four-squares;
#              TIMEOUT=seconds per puzzle (default 30).
set -u
cd "$(dirname "$0")/.."
sizes=${1:-"4 5 6 7 8"}
boards=${2:-"board_0 board_1 board_2 board_3 board_4"}
solver=${SOLVER:-builtin}
encoding=${ENCODING:-diamond}
limit=${TIMEOUT:-30}
scripts/build-release.sh -q || exit 3
w=${WGRND:-target/dist/wgrnd}
solved=0; failed=0; gaveup=0
for size in $sizes; do
  for dir in fixtures/board-suite/$size/*; do
    for b in $boards; do
      puz=$dir/$b/puzzle.puz
      [ -f "$puz" ] || continue
      start=$(date +%s.%N)
      if [ "$solver" = cadical ]; then
        $w encode --encoding "$encoding" "$puz" | timeout "$limit" cadical -q |
          $w decode --encoding "$encoding" "$puz" - --view sol > /dev/null 2>&1
      else
        timeout "$limit" $w solve --solver "$solver" --encoding "$encoding" "$puz" --view sol > /dev/null 2>&1
      fi
      rc=$?
      secs=$(echo "$(date +%s.%N) - $start" | bc)
      case $rc in
        10) solved=$((solved+1)); verdict=solved ;;
        124|30|2) gaveup=$((gaveup+1)); verdict="gave up" ;;
        *) failed=$((failed+1)); verdict="FAILED ($rc)" ;;
      esac
      printf '%s %s %.2fs\n' "$puz" "$verdict" "$secs"
    done
  done
done
echo "solver=$solver encoding=$encoding timeout=${limit}s: $solved solved and checked, $gaveup gave up, $failed failed"
[ "$failed" -eq 0 ]
