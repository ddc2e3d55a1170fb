#!/usr/bin/env bash
# Builds `wgrnd` as released and as the benchmarks measure it: the `dist` profile of Cargo.toml
# (one code unit per crate, thin link-time optimisation across crates), at target/dist/wgrnd. A
# plain position-independent executable, dynamically linked like any other program.
#   scripts/build-release.sh [CARGO OPTIONS, e.g. -q]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --profile dist --locked "$@" -p wgrnd-cli
