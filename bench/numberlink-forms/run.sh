#!/usr/bin/env bash
# Numberlink's normal form and the variants of this directory on the 13 x 13 and 14 x 14 of
# bench/suites/numberlink.toml: `count --max 2 --jobs 1` on each, one run, one CSV row each (size,
# variant, exit status, wall seconds, the count's answer, an empty note): the rows of
# bench/results/numberlink-forms.csv before those written by hand.
# Usage: bench/numberlink-forms/run.sh WGRND
set -uo pipefail
W=$(realpath "$1")
cd "$(dirname "$0")/../.."
T=$(mktemp -d)
trap 'rm -r "$T"' EXIT
U13="https://puzz.link/p?numlin/13/13/k3x6i7x1i2l4w5zl7j3i1u6p4m2z5"
U14="https://puzz.link/p?numlin/14/14/u3p2u1o5k4k6u4k7h2zi9p7i6h8gahazh3n95m1w8"
"$W" data "$U13" -o "$T/13.qpd"; "$W" data "$U14" -o "$T/14.qpd"
M=models/pencil/numlin.qp; N=models/pencil/numlin.normal; F=bench/numberlink-forms
cp $M $T/as-written.qp; echo "% a copy, changed" >> $T/as-written.qp
cat $M $N > $T/normal.qp
FORMS="two-cells corner-pairs corner-pair-required every-cell no-2x2 detour-free detour-required"
for v in $FORMS; do cat $M $N $F/$v.qp > $T/$v.qp; done
grep -v '^forall k in V | given(k) . connected' $T/normal.qp > $T/without-connected.qp
sed 's/ via link$/ via adjacent/; s/^pred h(R, CH)/def adjacent(r1 in R, c1 in C, r2 in R, c2 in C) := step(r1, c1, r2, c2) or step(r2, c2, r1, c1)\npred h(R, CH)/' $T/normal.qp > $T/via-adjacent.qp
run() { # name file size timeout [more arguments]
  # ${5:-} unquoted on purpose: `--data FILE`, two words.
  /usr/bin/time -f "%e" -o "$T/time" timeout "$4" "$W" count --max 2 --jobs 1 "$2" ${5:-} > "$T/out" 2>&1
  local rc=$?
  local ans=$(grep -o "^[0-9]* solution(s)\|^at least [0-9]* solution(s)" "$T/out" | head -1)
  echo "$3,$1,$rc,$(tail -1 "$T/time"),$ans,"
}
echo "size,variant,exit,wall_s,answer,note"
for s in 13 14; do
  U=$U13; [ $s = 14 ] && U=$U14
  run bundled "$U" ${s}x$s 120
  [ $s = 13 ] && run as-written $T/as-written.qp ${s}x$s 60 "--data $T/$s.qpd"
  for v in normal without-connected via-adjacent $FORMS; do
    run $v $T/$v.qp ${s}x$s 120 "--data $T/$s.qpd"
  done
done
