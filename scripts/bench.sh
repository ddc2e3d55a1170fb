#!/usr/bin/env bash
# Time to first solution on shuffled instances, one run at a time, every configuration on the
# same shuffled files; prints a markdown table of medians (over the seeds) and ratios.
#   scripts/bench.sh [INSTANCES] [SEEDS]
#     INSTANCES: fixture paths (default: Heule's em_* and clue1-4)   SEEDS: default "1 2 3"
# Environment: TIMEOUT (seconds per run, default 60);
#   HEULE_ENCODER=path to Heule's em-encode built outside this repo (github.com/marijnheule/
#   edge-matching, `gcc -O2 -DPAIRWISE -DATMOSTONE -DFBCOLORS em-encode.c`), to time it as a peer;
#   CONFIGS (default "diamond-builtin diamond-cadical four-squares-builtin diamond-splr heule-cadical clingo"):
#   ENCODING-SOLVER with SOLVER builtin or splr (in-process, one thread) or cadical or kissat
#   (external, found on PATH), heule-cadical, heule-kissat, clingo, portfolio-N (`solve --jobs N`),
#   cubes-N-J (`solve --cubes N --jobs J`). With a portfolio-N or cubes-N-J configuration first in
#   CONFIGS the last column is its median over the best median of the other (one-thread)
#   configurations; `<` marks an upper bound (every other one timed out).
# Needs: cadical (kissat) on PATH for the *-cadical (*-kissat) configurations, python3 with clingo
# for `clingo`.
set -u
cd "$(dirname "$0")/.."
instances=${1:-"fixtures/heule/em_7_3_6.txt fixtures/heule/em_7_4_8.txt fixtures/heule/em_8_4_5.txt fixtures/heule/clue1.txt fixtures/heule/clue2.txt fixtures/heule/clue3.txt fixtures/heule/clue4.txt"}
seeds=${2:-"1 2 3"}
limit=${TIMEOUT:-60}
configs=${CONFIGS:-"diamond-builtin diamond-cadical four-squares-builtin diamond-splr heule-cadical clingo"}
scripts/build-release.sh -q || exit 3
w=target/dist/wgrnd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs one configuration on one shuffled file; prints seconds, or ">LIMIT" when it gave up.
run() {
  local config=$1 file=$2 rc start
  start=$(date +%s.%N)
  case $config in
    heule-cadical|heule-kissat)  # before the ENCODING-SOLVER patterns, which would take it for an encoding
      [ -n "${HEULE_ENCODER:-}" ] || { echo "n/a"; return; }
      python3 scripts/to-heule.py "$file" > "$tmp/h.txt" && "$HEULE_ENCODER" "$tmp/h.txt" > "$tmp/h.cnf" 2>/dev/null
      # Heule's header over-counts variables and under-counts clauses: cadical -f and kissat
      # --relaxed accept it. Its CNF has no decoder here: the solver's SAT is taken as it is.
      if [ "$config" = heule-cadical ]; then
        timeout "$limit" cadical -q -f "$tmp/h.cnf" > /dev/null; rc=$?
      else
        timeout "$limit" kissat -q --relaxed "$tmp/h.cnf" > /dev/null; rc=$?
      fi ;;
    portfolio-*)  # the default solve: a portfolio of N members (docs/scale.md)
      timeout "$limit" $w solve --jobs "${config#portfolio-}" --view sol "$file" > /dev/null 2>&1; rc=$? ;;
    cubes-*)  # cubes-N-J: N cubes on J threads
      local spec=${config#cubes-}
      timeout "$limit" $w solve --cubes "${spec%-*}" --jobs "${spec#*-}" --view sol "$file" > /dev/null 2>&1; rc=$? ;;
    *-builtin|*-splr)  # one configuration, one thread (--jobs 1: no portfolio)
      local enc=${config%-*} solver=${config##*-}
      timeout "$limit" $w solve --jobs 1 --encoding "$enc" --solver "$solver" --view sol "$file" > /dev/null 2>&1; rc=$? ;;
    *-cadical|*-kissat)
      local enc=${config%-*} solver=${config##*-}
      $w encode --encoding "$enc" "$file" -o "$tmp/p.cnf" && timeout "$limit" "$solver" -q "$tmp/p.cnf" > "$tmp/p.out"
      rc=$?; [ $rc = 10 ] && { $w decode --encoding "$enc" "$file" "$tmp/p.out" --view sol > /dev/null 2>&1; rc=$?; } ;;
    clingo)
      python3 scripts/asp/facts.py "$file" > "$tmp/f.lp"
      timeout "$limit" python3 -m clingo scripts/asp/edge-matching.lp "$tmp/f.lp" 1 --quiet=2 > "$tmp/c.out" 2>/dev/null
      rc=$?; [ $rc = 124 ] || { rc=1; grep -q "^SATISFIABLE" "$tmp/c.out" && rc=10; } ;;
  esac
  local t; t=$(echo "$(date +%s.%N) - $start" | bc)
  # A time-out shows as >LIMIT; any other failure as ERR, so that a broken run never passes for a slow one.
  case $rc in
    10) printf '%.2f' "$t" ;;
    124) echo ">$limit" ;;
    *) echo "ERR" ;;
  esac
}

median() { python3 -c "
import sys
v = sys.argv[1:]
if 'n/a' in v: print('n/a'); sys.exit()
if 'ERR' in v: print('ERR'); sys.exit()
x = sorted(float(s.lstrip('>')) + (1e9 if s.startswith('>') else 0) for s in v)
m = x[len(x) // 2]
print(f'>{m - 1e9:.0f}' if m >= 1e9 else f'{m:.2f}')" "$@"; }

parallel=""; case ${configs%% *} in portfolio-*|cubes-*) parallel=${configs%% *} ;; esac
last=${parallel:+"$parallel / best single"}; last=${last:-"diamond-cadical / heule-cadical"}
printf '| instance |'; for c in $configs; do printf ' %s |' "$c"; done; echo " $last |"
printf '|---|'; for c in $configs; do printf -- '---|'; done; echo '---|'
for inst in $instances; do
  case $inst in
    */board-suite/*) name=$(echo "$inst" | sed 's|.*board-suite/\([0-9]*\)/\([0-9]*\)/board_\([0-9]*\)/.*|\1x\1, \2 colours, board \3|') ;;
    *) name=$(basename "$inst" .txt) ;;
  esac
  declare -A times=()
  for s in $seeds; do
    $w shuffle --seed "$s" "$inst" -o "$tmp/s$s.wgrnd"
  done
  for c in $configs; do
    vals=""
    for s in $seeds; do vals="$vals $(run "$c" "$tmp/s$s.wgrnd")"; done
    times[$c]="$(median $vals) ($(echo $vals | tr ' ' '/'))"
  done
  printf '| %s |' "$name"; for c in $configs; do printf ' %s |' "${times[$c]}"; done
  if [ -n "$parallel" ]; then
    singles=""; for c in $configs; do [ "$c" = "$parallel" ] || singles="$singles ${times[$c]%% *}"; done
    ratio=$(python3 -c "
import sys
p, singles = sys.argv[1], [s for s in sys.argv[2:] if s not in ('n/a', 'ERR')]
exact = [float(s) for s in singles if not s.startswith('>')]
if p in ('n/a', 'ERR') or p.startswith('>') or not singles: print('n/a')
elif exact: print(f'{float(p) / max(min(exact), 0.01):.2f}')
else: print(f'<{float(p) / min(float(s[1:]) for s in singles):.2f}')" "${times[$parallel]%% *}" $singles)
  else
    ratio=$(python3 -c "
import sys
a, b = sys.argv[1].split()[0], sys.argv[2].split()[0]
if 'n/a' in (a, b) or 'ERR' in (a, b) or a.startswith('>'): print('n/a')
elif b.startswith('>'): print(f'<{float(a) / float(b[1:]):.2f}')
else: print(f'{float(a) / max(float(b), 0.01):.2f}')" "${times[diamond-cadical]:-n/a}" "${times[heule-cadical]:-n/a}")
  fi
  echo " $ratio |"
  unset times
done
