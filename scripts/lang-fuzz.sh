#!/usr/bin/env bash
# The language's random-model differential fuzzer (tests/differential.rs): N comparisons of
# wgrnd's count with a brute force judged by the checker, each random model counted once per
# option set (every --amo x --ints choice, the engines in turn), in a release build. Prints
# comparisons, disagreements (each with its model, seed, counts and a differing solution) and the
# time; exits non-zero on a disagreement.
#   scripts/lang-fuzz.sh [N] [SEED] [BITS]   default 10000 comparisons from seed 1, search spaces
#                                            up to 2^BITS assignments (default 14)
# Model k of a run has seed SEED + k: `scripts/lang-fuzz.sh 10 S` replays the model of seed S.
set -eu
cd "$(dirname "$0")/.."
export WGRND_FUZZ_N=${1:-10000} WGRND_FUZZ_SEED=${2:-1} WGRND_FUZZ_BITS=${3:-14}
nice cargo test --release --locked -p wgrnd-cli --test tests differential::fuzz_many -- \
  --ignored --exact --nocapture 2>&1 | grep -v '^\s*Compiling'
exit "${PIPESTATUS[0]}"
