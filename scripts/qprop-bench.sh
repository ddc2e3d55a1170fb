#!/usr/bin/env bash
# The modelling language against the built-in encoding on Eternity II: `wgrnd encode` of the
# generalised four-squares model (fixtures/qprop/foursquares.qp with e2.qpd) against the built-in
# seed-004 encoding of the same 256 pieces (`--encoding four-squares`), run in alternation, RUNS
# times each (default 7); prints every time, the medians, their ratio and both CNF sizes.
#   scripts/qprop-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
scripts/build-release.sh -q
w=target/dist/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
time_of() { # prints the seconds one command takes
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", (b - a) / 1e9 }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
builtin=(encode --encoding four-squares fixtures/heule/e2pieces.txt -o "$tmp/builtin.cnf")
model=(encode fixtures/qprop/foursquares.qp --data fixtures/qprop/e2.qpd -o "$tmp/model.cnf")
: > "$tmp/b"; : > "$tmp/m"
for _ in $(seq "$runs"); do
  time_of "$w" "${builtin[@]}" >> "$tmp/b"
  time_of "$w" "${model[@]}" >> "$tmp/m"
done
b=$(median < "$tmp/b"); m=$(median < "$tmp/m")
echo "built-in four-squares: $(tr '\n' ' ' < "$tmp/b")-> median $b s; $(grep '^p cnf' "$tmp/builtin.cnf")"
echo "model foursquares.qp:  $(tr '\n' ' ' < "$tmp/m")-> median $m s; $(grep '^p cnf' "$tmp/model.cnf")"
echo "time ratio model / built-in: $(awk -v m="$m" -v b="$b" 'BEGIN { printf "%.2f", m / b }')"
