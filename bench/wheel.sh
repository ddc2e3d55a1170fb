#!/usr/bin/env bash
# The release build of the Python package (crates/py) as the benchmarks measure it: a wheel from
# `maturin build --profile dist`, installed apart from the test venv (whose dev build scripts/test.sh
# manages) into target/bench-py, which the suites put on PYTHONPATH.
#   bench/wheel.sh PYTHON     (the python of the venv of scripts/pydeps.sh, with maturin)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(dirname "$1")
rm -rf target/bench-wheel target/bench-py
"$bin/maturin" build --profile dist -q -m crates/py/Cargo.toml -o target/bench-wheel
"$bin/pip" install -q --disable-pip-version-check --no-deps --target target/bench-py target/bench-wheel/*.whl
