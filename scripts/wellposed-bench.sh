#!/usr/bin/env bash
# The three questions of docs/wellposed.md on puzzles of every family: median wall time (of RUNS,
# default 3) of `count --max 2`, `backbone` (chunk 1 and 32) and `generate --unique` (release
# build, in-process CaDiCaL), with each command's own report (solver calls, clues) from the last
# run; prints markdown tables. Minesweeper boards are drawn here, reproducibly (random mines at
# 18%, 60% of the safe cells revealed, the mine total given), for the test-local model.
#   flock /tmp/wgrnd-bench.lock scripts/wellposed-bench.sh
set -u
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
scripts/build-release.sh -q || exit 3
w=target/dist/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'EOF'
import random, sys
for (rows, cols, seed) in [(8, 8, 1), (16, 16, 2), (16, 30, 3)]:
    rnd = random.Random(seed)
    mines = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if rnd.random() < 0.18}
    out = [f"param rows = {rows}", f"param cols = {cols}", f"total({len(mines)})."]
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            if (r, c) not in mines and rnd.random() < 0.6:
                k = sum((a, b) in mines for a in range(r - 1, r + 2) for b in range(c - 1, c + 2) if (a, b) != (r, c))
                out.append(f"number({r},{c},{k}).")
    open(f"{sys.argv[1]}/ms{rows}x{cols}.qpd", "w").write("\n".join(out) + "\n")
EOF
$w generate --rows 4 --cols 4 --colors 3 --seed 7 -o "$tmp/gen4.txt"
$w generate --rows 5 --cols 5 --colors 4 --seed 7 -o "$tmp/gen5.txt"
ms=tests/wellposed/minesweeper.qp
sub=tests/wellposed/submarines.qp

# median of the wall times of running "$@" RUNS times; the last run's stderr in $tmp/err, stdout in $tmp/out
median() {
  local ts=""
  for _ in $(seq "$runs"); do
    local s; s=$(date +%s.%N)
    "$@" > "$tmp/out" 2> "$tmp/err"
    ts="$ts $(echo "$(date +%s.%N) - $s" | bc)"
  done
  python3 -c "import sys; v = sorted(map(float, sys.argv[1:])); print(f'{v[len(v) // 2]:.3f}')" $ts
}

echo "### count --max 2"
echo "| puzzle | answer | seconds |"
echo "|---|---|---|"
while read -r name args; do
  t=$(median $w count --max 2 $args)
  echo "| $name | $(sed -n 's/^wgrnd: exists/exists/p' "$tmp/err") | $t |"
done <<EOF
witches.lpl fixtures/witch/witches.lpl
board-suite-6x6 fixtures/board-suite/6/23/board_1/puzzle.puz
tiny.pack fixtures/packing/tiny.pack
soma.pack fixtures/packing/soma.pack
queens-8 fixtures/qprop/queens.qp
magic-3 fixtures/qprop/magic.qp -D n=3
submarines-seed002 $sub --data tests/wellposed/sub-unique.qpd
minesweeper-16x30 $ms --data $tmp/ms16x30.qpd
EOF

echo
echo "### backbone"
echo "| puzzle | chunk | fixed / shown atoms | solver calls | seconds |"
echo "|---|---|---|---|---|"
while read -r name args; do
  for k in 1 32; do
    t=$(median $w backbone --chunk $k --json $args)
    r=$(python3 -c "import json,sys; d = json.load(open(sys.argv[1])); print(f\"{d['fixed_count']} / {d['total']} | {d['solver_calls']}\")" "$tmp/out")
    echo "| $name | $k | $r | $t |"
  done
done <<EOF
witches.lpl fixtures/witch/witches.lpl
board-suite-6x6 fixtures/board-suite/6/23/board_1/puzzle.puz
generated-4x4 $tmp/gen4.txt
tiny.pack fixtures/packing/tiny.pack
soma.pack fixtures/packing/soma.pack
queens-8 fixtures/qprop/queens.qp
minesweeper-8x8 $ms --data $tmp/ms8x8.qpd
minesweeper-16x16 $ms --data $tmp/ms16x16.qpd
minesweeper-16x30 $ms --data $tmp/ms16x30.qpd
EOF

echo
echo "### generate --unique"
echo "| puzzle | clues (added, dropped, counts) | seconds |"
echo "|---|---|---|"
while read -r name args; do
  t=$(median $w generate --unique $args -o "$tmp/posed")
  r=$(sed -n 's/^wgrnd: exactly one solution with \([0-9]*\) clue.*; \([0-9]*\) added.*, \([0-9]*\) dropped; \([0-9]*\) counts.*/\1 (\2, \3, \4)/p' "$tmp/err")
  echo "| $name | $r | $t |"
done <<EOF
witches.lpl fixtures/witch/witches.lpl
generated-4x4 $tmp/gen4.txt
generated-5x5 $tmp/gen5.txt
board-suite-6x6 fixtures/board-suite/6/23/board_1/puzzle.puz
tiny.pack fixtures/packing/tiny.pack
soma.pack fixtures/packing/soma.pack --seed 3
submarines-3x3-seed002 $sub --data tests/wellposed/sub-two.qpd
submarines-6x6 $sub -D rows=6 -D cols=6 --seed 1
minesweeper-8x8 $ms -D rows=8 -D cols=8 --seed 1
EOF
