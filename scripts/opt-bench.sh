#!/usr/bin/env bash
# The optimisation benchmark (issue 26): wgrnd against RC2 (python-sat, reading wgrnd's own
# WCNF: `wgrnd encode --wcnf`) and clingo's #minimize (scripts/opt-bench/asp/) on the models of
# fixtures/qprop with known optima; whole process timed, median of RUNS alternating runs (default
# 5), each optimum checked against the published one; OPT_BENCH_LIMIT seconds per run (default 120).
#   scripts/opt-bench.sh [RUNS] [INSTANCE ...]   (instances: scripts/opt-bench/bench.py)
# docs/optimise.md has the table.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
shift || true
bin=$(scripts/pydeps.sh "clingo==5.8.3" python-sat)
scripts/build-release.sh -q
wgrnd=$(pwd)/target/dist/wgrnd
PATH="$bin:$PATH" "$bin/python" scripts/opt-bench/bench.py "$wgrnd" "$runs" "$@"
