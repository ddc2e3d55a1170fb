#!/usr/bin/env bash
# The model-symmetry search's verdicts (the `c symmetr...` lines of `wgrnd count -v`) on every
# fixture model with its data: run it with two binaries and diff the outputs to show that a change
# to crates/qprop/src/symmetry.rs declares exactly the symmetries it declared before. Each count
# asks for the lex-leader clauses (`--lex-leader all`), so that the search runs at once: a plain
# count looks for the symmetries only once it meets a second solution (docs/qprop.md).
#   scripts/symmetry-lines.sh [WGRND]   default target/dist/wgrnd; one block per model run
set -u
cd "$(dirname "$0")/.."
bin=${1:-target/dist/wgrnd}
q=fixtures/qprop
runs=()
# Every model alone (its input predicates empty, parameters at their defaults)...
for f in "$q"/*.qp "$q"/tutorial/*.qp; do runs+=("$f"); done
# ...and with its data.
runs+=(
  "--data $q/std/kakuro-6x6-easy.qpd $q/kakuro.qp"
  "--data $q/std/futoshiki-wikipedia.qpd $q/futoshiki.qp"
  "--data $q/std/futoshiki-wikipedia.qpd $q/futoshiki-atoms.qp"
  "--data $q/std/killer-wikipedia.qpd $q/killer.qp"
  "--data $q/std/killer-wikipedia.qpd $q/killer-atoms.qp"
  "--data $q/std/sudoku-wikipedia.qpd $q/sudoku.qp"
  "--data $q/std/sudoku-wikipedia.qpd $q/sudoku-atoms.qp"
  "--data $q/std/sudoku16-janko301.qpd $q/sudoku.qp"
  "--data $q/std/qcp-15-120-0.qpd $q/latin.qp"
  "--data $q/std/qcp-15-120-0.qpd $q/latin-atoms.qp"
  "--data $q/std/queen5_5.qpd $q/colouring-std.qp -D k=5"
  "--data $q/std/queen5_5.qpd $q/colouring-std-atoms.qp -D k=5"
  "--data $q/queen5_5.qpd $q/colouring.qp -D k=5"
  "--data $q/myciel3.qpd $q/colouring.qp -D k=4"
  "--data $q/myciel4.qpd $q/colouring.qp -D k=5"
  "--data $q/witch-table1.qpd $q/witch.qp"
  "--data $q/witch-commented.qpd $q/witch.qp"
  "--data $q/witch-exercise.qpd $q/witch.qp"
  "--data $q/witch-table1.qpd $q/witch-lpl.qp"
  "--data $q/seed004-pieces.qpd $q/foursquares-seed004.qp"
  "--data $q/board4.qpd $q/foursquares.qp"
  "--data $q/nurikabe-pzprjs.qpd $q/nurikabe.qp"
  "--data $q/slitherlink-pzprjs.qpd $q/slitherlink.qp"
  "--data $q/soma.qpd $q/soma.qp"
  "--data $q/tutorial/latin.qpd $q/tutorial/latin.qp"
  "--data $q/tutorial/latin-csv.qpd $q/tutorial/latin.qp"
  "$q/magic4.qp -D n=3" "$q/magic4.qp -D n=4" "$q/magic-atoms.qp -D n=3" "$q/magic-atoms.qp -D n=4"
  "$q/langford.qp -D n=7" "$q/langford.qp -D n=8" "$q/queens-ints.qp -D n=8"
  "$q/queens.qp -D n=5" "$q/queens.qp -D n=6" "$q/queens.qp -D n=8" "$q/queens.qp -D n=10"
)
for r in "${runs[@]}"; do
  echo "== $r"
  # shellcheck disable=SC2086 # each run is its arguments, split on spaces
  timeout 120 "$bin" count -v --max 1 --lex-leader all $r 2>&1 >/dev/null | grep -E '^c symmetr|^error' || echo "(no symmetry line)"
done
