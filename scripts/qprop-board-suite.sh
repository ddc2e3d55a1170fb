#!/usr/bin/env bash
# The generalised four-squares model (fixtures/qprop/foursquares.qp) on board-suite puzzles: each
# puzzle converted to data (scripts/puz-to-qpd.py), solved through the model within LIMIT seconds,
# and the model's solution (l and r facts) checked again by the built-in edge-matching checker.
#   scripts/qprop-board-suite.sh [LIMIT] PUZZLE.puz...      (default limit 60 s)
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-60}; shift
scripts/build-release.sh -q
w=target/dist/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for puz in "$@"; do
  python3 scripts/puz-to-qpd.py "$puz" > "$tmp/board.qpd"
  start=$(date +%s%N)
  set +e
  "$w" solve fixtures/qprop/foursquares.qp --data "$tmp/board.qpd" --timeout "$limit" --json > "$tmp/out.json" 2> /dev/null
  rc=$?
  set -e
  secs=$(awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }')
  verdict="exit $rc"
  if [ "$rc" = 10 ]; then
    python3 - "$tmp/out.json" "$puz" > "$tmp/sol.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
cols = int(open(sys.argv[2]).readline().split()[0])
turn = {p: k for p, k in doc["solution"]["r"]}
print(json.dumps({"placements": [{"row": (s - 1) // cols + 1, "col": (s - 1) % cols + 1, "piece": p, "rotation": turn[p]} for s, p in doc["solution"]["l"]]}))
PY
    if "$w" check "$puz" "$tmp/sol.json" > /dev/null; then verdict="solved, checked twice"; else verdict="CHECK FAILED"; fi
  fi
  echo "$puz $secs s $verdict"
done
