#!/usr/bin/env bash
# The language benchmark: wgrnd against CPMpy 1.1.1 (PySAT/CaDiCaL, and Pindakaas if it installs),
# clingo 5.8 and MiniZinc (Debian's 2.6 with Gecode) on the standard models of fixtures/qprop/
# (scripts/lang-bench/instances.py), time to the first solution and to the complete count, median
# of RUNS alternating runs, CNF sizes, every answer checked against the published one.
#   scripts/lang-bench.sh [RUNS] [MODEL ...]     (RUNS default 5; models default all)
# Installs the Python peers into the wgrnd venv (scripts/pydeps.sh) and, as root, MiniZinc and
# Gecode with apt-get when missing. docs/benchmarks.md "Language benchmark" explains the table.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
bin=$(scripts/pydeps.sh "cpmpy==1.1.1" "clingo==5.8.3" python-sat pypblib pindakaas maturin)
if ! command -v minizinc >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq minizinc flatzinc >/dev/null || true
fi
scripts/build-release.sh -q
# The library in process (tool `wgrnd-py`, measured as the Python peers are): the release wheel of
# the package, installed apart from the venv (whose dev build scripts/test.sh manages).
rm -rf target/lang-bench-wheel target/lang-bench-py
"$bin/maturin" build --profile dist -q -m crates/py/Cargo.toml -o target/lang-bench-wheel
"$bin/pip" install -q --no-deps --target target/lang-bench-py target/lang-bench-wheel/*.whl
wgrnd=$(pwd)/target/dist/wgrnd
py=$(pwd)/target/lang-bench-py
cd scripts/lang-bench
PYTHONPATH="$py" PATH="$bin:$PATH" "$bin/python" bench.py "$wgrnd" "$runs" "$@"
