#!/usr/bin/env bash
# Fuzzes every reader with cargo fuzz (libFuzzer + AddressSanitizer) for a fixed budget each, seeded
# from fixtures/; prints the executions and what was found. Crash inputs land in
# fuzz/artifacts/TARGET/; copy each into tests/fuzz-regressions/TARGET/ once fixed (the tests read
# them all back).
#   scripts/fuzz.sh [SECONDS] [TARGETS]     default 60 s each, all six targets
# Needs: cargo install cargo-fuzz. The stable toolchain runs it with RUSTC_BOOTSTRAP=1.
set -eu
cd "$(dirname "$0")/.."
budget=${1:-60}
targets=${2:-"puzzle_formats packing solutions dimacs solver_answer qprop"}
export RUSTC_BOOTSTRAP=1
seed() { # seed TARGET PREFIX-BYTE FILES...
  local t=$1 b=$2; shift 2
  mkdir -p "fuzz/corpus/$t"
  for f in "$@"; do
    { [ -n "$b" ] && printf "\\x$b"; cat "$f"; } > "fuzz/corpus/$t/seed-$b-$(basename "$f")"
  done
}
seed puzzle_formats 00 fixtures/witch/*.lpl fixtures/witch/*.txt fixtures/heule/clue1.txt fixtures/board-suite/4/5/board_0/puzzle.puz fixtures/foursquares/*.txt
seed puzzle_formats 01 fixtures/witch/witches.lpl
seed puzzle_formats 02 fixtures/board-suite/5/6/board_1/puzzle.puz
seed puzzle_formats 03 fixtures/heule/em_7_3_6.txt
seed puzzle_formats 05 fixtures/witch/table1.txt
seed puzzle_formats 06 fixtures/foursquares/seed004.txt
seed packing "" fixtures/packing/*.pack
seed qprop "" fixtures/qprop/*.qp fixtures/qprop/*.qpd fixtures/qprop/bad/*
seed solutions 00 fixtures/witch/witches.answer.txt fixtures/witch/exercise.answer.txt
seed solutions 01 fixtures/board-suite/4/5/board_0/default_sol.sol
mkdir -p fuzz/corpus/dimacs fuzz/corpus/solver_answer
cargo run --release -q -p wgrnd-cli -- encode fixtures/foursquares/seed004.txt -o fuzz/corpus/dimacs/seed004.cnf
cargo run --release -q -p wgrnd-cli -- encode fixtures/packing/tiny.pack -o fuzz/corpus/dimacs/tiny.cnf
printf '\x05s SATISFIABLE\nv 1 -2 3 -4 5 0\n' > fuzz/corpus/solver_answer/competition
printf '\x05SAT\n1 -2 3 -4 5 0\n' > fuzz/corpus/solver_answer/minisat
printf '\x05s UNSATISFIABLE\n' > fuzz/corpus/solver_answer/unsat
cd fuzz
cargo fuzz build -O > /dev/null
echo "| target | seconds | executions | exec/s | corpus | crashes |"
echo "|---|---|---|---|---|---|"
for t in $targets; do
  log=$(mktemp)
  code=0
  cargo fuzz run -O "$t" -- -max_total_time="$budget" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=8192 -print_final_stats=1 > "$log" 2>&1 || code=$?
  runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$log")
  rate=$(awk '/stat::average_exec_per_sec/ { print $2 }' "$log")
  units=$(ls "corpus/$t" | wc -l)
  crashes=$(ls "artifacts/$t" 2> /dev/null | wc -l)
  echo "| $t | $budget | ${runs:-?} | ${rate:-?} | $units | $crashes |"
  [ "$code" = 0 ] || { echo "$t stopped (exit $code):" >&2; grep -E "ERROR|panicked|SUMMARY" "$log" | head -5 >&2; }
  rm -f "$log"
done
