#!/usr/bin/env bash
# The Python module's overhead on a count: `count` of fixtures/qprop/count-64000.qp (exactly
# 64,000 solutions, each decoded and checked) from Python against `wgrnd count` on the command
# line, release builds (the module as a wheel from `maturin build --release`, installed into a
# throw-away venv). Runs alternate REPS times (default 5); medians of wall-clock seconds and of
# user CPU seconds (fairer on a shared machine), for the whole process each side (interpreter
# start and `import wgrnd` included) and for the `count()` call alone. Target: Python / CLI at
# most 1.2. Run it alone: flock /tmp/wgrnd-bench.lock scripts/py-bench.sh
# Needs: the venv of scripts/pydeps.sh (maturin).
set -eu
cd "$(dirname "$0")/.."
reps=${REPS:-5}
puzzle=fixtures/qprop/count-64000.qp
bin=$(scripts/pydeps.sh maturin)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scripts/build-release.sh -q
"$bin/maturin" build --profile dist -q -m crates/py/Cargo.toml -o "$tmp/wheel" >/dev/null
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check --no-index "$tmp"/wheel/*.whl
py="$tmp/venv/bin/python"
# One run each: "wall user" seconds of the process; Python also prints the count() call's own.
# (`wgrnd count` exits 12: several solutions.)
cli() { /usr/bin/time -f "%e %U" -o "$tmp/t" target/dist/wgrnd count "$puzzle" >/dev/null || true; tail -1 "$tmp/t"; }
python_run() {
  /usr/bin/time -f "%e %U" -o "$tmp/t" "$py" -c '
import sys, time, wgrnd
p = wgrnd.load(sys.argv[1])
t = time.perf_counter(); c = p.count(); t = time.perf_counter() - t
assert (c.count, c.complete) == (64000, True), c
print(f"{t:.4f}", file=open(sys.argv[2], "w"))' "$puzzle" "$tmp/call" >/dev/null
  echo "$(cat "$tmp/t") $(cat "$tmp/call")"
}
{ target/dist/wgrnd count "$puzzle" || true; } | grep -q '^64000 solution' || { echo "py-bench: $puzzle has not 64,000 solutions" >&2; exit 1; }
: > "$tmp/cli"; : > "$tmp/py"
for _ in $(seq "$reps"); do
  cli >> "$tmp/cli"
  python_run >> "$tmp/py"
done
python3 - "$tmp/cli" "$tmp/py" <<'PY'
import statistics, sys
cli = [list(map(float, l.split())) for l in open(sys.argv[1])]
py = [list(map(float, l.split())) for l in open(sys.argv[2])]
med = lambda rows, i: statistics.median(r[i] for r in rows)
cw, cu, pw, pu, pc = med(cli, 0), med(cli, 1), med(py, 0), med(py, 1), med(py, 2)
print(f"runs: {len(cli)} each, alternating; medians")
print("| | CLI s | Python s | Python / CLI |")
print("|---|---|---|---|")
print(f"| wall, whole process | {cw:.3f} | {pw:.3f} | {pw / cw:.2f} |")
print(f"| user CPU, whole process | {cu:.3f} | {pu:.3f} | {pu / cu:.2f} |")
print(f"| wall, count() call alone vs CLI process | {cw:.3f} | {pc:.3f} | {pc / cw:.2f} |")
PY
