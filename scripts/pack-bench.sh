#!/usr/bin/env bash
# Packings (seed 003): time to the first packing of the Y-pentacube box and the Soma cube with
# each solver on the same CNF (in-process CaDiCaL and splr, external solvers from PATH), median of
# RUNS runs; then counts with and without lex-leader clauses. One run at a time; markdown out.
#   scripts/pack-bench.sh [RUNS]           (default 5)
#   COUNT=0 scripts/pack-bench.sh          skip the counts (the Y-pentacube count takes minutes)
#   SOLVERS="builtin splr cadical kissat"  choose solvers (a missing external one is skipped)
set -eu
cd "$(dirname "$0")/.."
runs=${1:-5}
solvers=${SOLVERS:-"builtin splr cadical kissat minisat"}
scripts/build-release.sh -q
w=target/dist/wgrnd
median() { sort -g | awk '{ a[NR] = $1 } END { printf "%.3f", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
echo "| packing | solver | median s to first packing | runs |"
echo "|---|---|---|---|"
for pack in fixtures/packing/y-pentacube.pack fixtures/packing/soma.pack; do
  for s in $solvers; do
    case $s in builtin|splr) ;; *) command -v "$s" > /dev/null || continue ;; esac
    times=""
    for _ in $(seq "$runs"); do
      start=$(date +%s.%N)
      code=0; $w solve --solver "$s" "$pack" > /dev/null || code=$?
      [ "$code" = 10 ] || { echo "$s on $pack: exit $code" >&2; exit 1; }
      times="$times $(echo "$(date +%s.%N) - $start" | bc)"
    done
    echo "| $(basename "$pack") | $s | $(echo $times | tr ' ' '\n' | median) | $runs |"
  done
done
[ "${COUNT:-1}" = 0 ] && exit 0
echo
echo "| packing | lex-leader | packings | rotation orbits | orbits | seconds |"
echo "|---|---|---|---|---|---|"
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print(d['$1'])"; }
for pack in fixtures/packing/soma.pack fixtures/packing/y-pentacube.pack; do
  for lex in all board none; do
    # Without lex-leader clauses the Y-pentacube count does not finish in reasonable time.
    [ "$lex" = none ] && [ "$(basename "$pack")" = y-pentacube.pack ] && continue
    json=$($w count --lex-leader "$lex" --json "$pack" || true)
    echo "| $(basename "$pack") | $lex | $(echo "$json" | field packings) | $(echo "$json" | field rotation_orbits) | $(echo "$json" | field orbits) | $(echo "$json" | field seconds | xargs printf '%.1f') |"
  done
done
