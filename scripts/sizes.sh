#!/usr/bin/env bash
# CNF size and grounding+writing time of every encoding for framed boards from 6 x 6 to 16 x 16
# (generated, 5 frame-edge colours and 17 inner ones like Eternity II, which is the 16 x 16 row),
# median of 3 runs, against `cat` of the same file as the ceiling. Prints a markdown table.
set -eu
cd "$(dirname "$0")/.."
scripts/build-release.sh -q
w=target/dist/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median3() { python3 -c "import sys; v = sorted(map(float, sys.argv[1:])); print(f'{v[1]:.3f}')" "$@"; }
echo "| board | encoding | variables | clauses | literals | MB | encode s | MB/s | cat MB/s |"
echo "|---|---|---|---|---|---|---|---|---|"
for n in 6 8 10 12 14 16; do
  if [ "$n" = 16 ]; then p=fixtures/heule/e2pieces.txt; else
    p="$tmp/b$n.wgrnd"; $w generate --rows "$n" --cols "$n" --colors 17 --frame-colors 5 --seed 1 -o "$p"; fi
  for e in diamond four-squares support conflict; do
    ts=""
    for _ in 1 2 3; do
      start=$(date +%s.%N)
      if ! $w encode --encoding "$e" "$p" -o "$tmp/x.cnf" 2> "$tmp/err"; then ts=refused; break; fi
      ts="$ts $(echo "$(date +%s.%N) - $start" | bc)"
    done
    if [ "$ts" = refused ]; then echo "| ${n}x$n | $e | refused: $(sed 's/.*would have up to \([0-9]*\) clauses.*/\1 clauses/' "$tmp/err") | | | | | | |"; continue; fi
    t=$(median3 $ts)
    read -r vars clauses < <(awk '$1 == "p" { print $3, $4; exit }' "$tmp/x.cnf")
    lits=$(grep -v '^[cp]' "$tmp/x.cnf" | wc -w)
    bytes=$(stat -c %s "$tmp/x.cnf")
    cs=""
    for _ in 1 2 3; do start=$(date +%s.%N); cat "$tmp/x.cnf" > "$tmp/copy"; cs="$cs $(echo "$(date +%s.%N) - $start" | bc)"; done
    ct=$(median3 $cs)
    python3 -c "
import sys
n, e, v, c, l, b, t, ct = sys.argv[1:]
mb = int(b) / 1e6
print(f'| {n}x{n} | {e} | {int(v):,} | {int(c):,} | {int(l) - int(c):,} | {mb:.1f} | {float(t):.3f} | {mb / max(float(t), 1e-3):.0f} | {mb / max(float(ct), 1e-3):.0f} |')" "$n" "$e" "$vars" "$clauses" "$lits" "$bytes" "$t" "$ct"
  done
done
