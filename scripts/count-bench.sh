#!/usr/bin/env bash
# Counting throughput: wgrnd count (in-process CaDiCaL, blocking clauses) against clingo's
# enumeration (`clingo 0`, PyPI package clingo) on the same puzzles, at growing bounds, so that the
# cost of piled-up blocking clauses shows. One run at a time; prints a markdown table.
#   scripts/count-bench.sh [BOUNDS]     e.g. scripts/count-bench.sh "1000 4000 16000 64000"
# Needs: python3 with clingo (pip install clingo).
set -eu
cd "$(dirname "$0")/.."
bounds=${1:-"1000 4000 16000 64000"}
cargo build --release -q -p wgrnd-cli
w=target/release/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Puzzles with many solutions: generated with fixed seeds, and seed 004's `easy` set (6144).
$w generate --rows 5 --cols 5 --colors 3 --frame-colors 1 --seed 3 -o "$tmp/g5f.wgrnd"
$w generate --rows 5 --cols 5 --colors 3 --seed 3 -o "$tmp/g5.wgrnd"
$w generate --rows 6 --cols 6 --colors 3 --frame-colors 2 --seed 3 -o "$tmp/g6f.wgrnd"
$w shuffle --seed 1 fixtures/foursquares/easy.txt -o "$tmp/easy.wgrnd"
secs() { python3 -c "import sys; print(f'{float(sys.argv[1]):.3f}')" "$1"; }
echo "| puzzle | bound | wgrnd s | wgrnd solutions/s (this segment) | clingo s | clingo models |"
echo "|---|---|---|---|---|---|"
for name in easy g5f g5 g6f; do
  p="$tmp/$name.wgrnd"
  python3 scripts/asp/facts.py "$p" > "$tmp/$name.lp"
  prev_n=0; prev_t=0
  for n in $bounds; do
    start=$(date +%s.%N)
    json=$($w count --max "$n" --json "$p" || true)
    t=$(echo "$(date +%s.%N) - $start" | bc)
    got=$(echo "$json" | python3 -c "import json,sys; print(json.load(sys.stdin)['count'])")
    rate=$(python3 -c "import sys; n,pn,t,pt=map(float,sys.argv[1:]); print(f'{(n-pn)/max(t-pt,1e-9):.0f}')" "$got" "$prev_n" "$t" "$prev_t")
    start=$(date +%s.%N)
    models=$(python3 -m clingo scripts/asp/edge-matching.lp "$tmp/$name.lp" "$n" --quiet=2 2>/dev/null | awk '/^Models/ { print $3 }')
    ct=$(echo "$(date +%s.%N) - $start" | bc)
    echo "| $name | $n | $(secs "$t") | $rate | $(secs "$ct") | $models |"
    prev_n=$got; prev_t=$t
    [ "$got" -lt "$n" ] && break
  done
done
