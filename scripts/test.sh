#!/usr/bin/env bash
# The README's test command: installs what the tests need on a Debian machine, then runs every
# test of the workspace, then the Python package's tests. CI (.ci/run) calls exactly this.
#
# The tests run the real round trip through external solvers (Debian packages cadical, minisat,
# picosat, cryptominisat, whose binary is cryptominisat5), and the default in-process solver is
# CaDiCaL built from source by the `cadical` crate, which needs a C++ compiler (g++). A missing
# one is installed with apt-get when this runs as root; otherwise the script says what to install
# and stops: a test is never skipped silently (WGRND_SKIP_EXTERNAL=1 skips the external-solver
# round trips on purpose: set when the tests are built, it compiles those tests as ignored, and
# cargo test lists them as such).
set -euo pipefail
cd "$(dirname "$0")/.."
missing=""
for pair in c++:g++ python3:python3 cadical:cadical minisat:minisat picosat:picosat cryptominisat5:cryptominisat; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair##*:}"
done
if [ -n "$missing" ] && [ -z "${WGRND_SKIP_EXTERNAL:-}" ]; then
  # shellcheck disable=SC2086
  scripts/apt-install.sh "scripts/test.sh (or WGRND_SKIP_EXTERNAL=1)" $missing
fi
# Python peers of the tests (model counter, kissat, Dask, RC2 of python-sat) in one virtual
# environment, first on PATH.
if [ -z "${WGRND_SKIP_EXTERNAL:-}" ]; then
  PATH="$(scripts/pydeps.sh pyganak passagemath-kissat distributed python-sat):$PATH"
  export PATH
fi
cargo test --workspace --locked "$@"
# The browser page (docs/web.md): built by scripts/web.sh (which installs its Debian packages as
# root), then driven in headless Chromium by its Playwright tests against the binary just built.
if [ -z "${WGRND_SKIP_WEB:-}" ]; then
  command -v chromium >/dev/null 2>&1 || scripts/apt-install.sh "the page's tests (or WGRND_SKIP_WEB=1)" chromium
  scripts/web.sh
  targets="${CARGO_TARGET_DIR:-target}"
  case "$targets" in /*) ;; *) targets="$PWD/$targets" ;; esac
  (cd web && WGRND="$targets/debug/wgrnd" npm test)
fi
# The benchmark runner (scripts/bench): a tiny suite run for real, and the failures it must catch.
WGRND="${CARGO_TARGET_DIR:-target}/debug/wgrnd" python3 -m unittest bench/test_bench.py
# The batch of janko.at's published puzzles (scripts/janko-batch.py), on puzzles in its format.
WGRND="${CARGO_TARGET_DIR:-target}/debug/wgrnd" python3 -m unittest scripts/test_janko_batch.py
# The batch of star battles in SBN (scripts/starbattle-batch.py), on boards written in the test.
WGRND="${CARGO_TARGET_DIR:-target}/debug/wgrnd" python3 -m unittest scripts/test_starbattle_batch.py
# The Python package (crates/py, docs/python.md): installed into the same venv by maturin from
# the debug artifacts cargo test has just built (dev profile, same target dir, same features: a
# few seconds, not a release build), then its pytest suite, which runs the example notebook
# docs/python.ipynb and compares answers with target/debug/wgrnd.
bin="$(scripts/pydeps.sh maturin pytest nbclient nbformat ipykernel)"
VIRTUAL_ENV="$(dirname "$bin")" "$bin/maturin" develop -q -m crates/py/Cargo.toml
exec "$bin/python" -m pytest -q -p no:cacheprovider crates/py/tests
