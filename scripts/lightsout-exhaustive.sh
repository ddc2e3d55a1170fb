#!/usr/bin/env bash
# Every lights-out board up to 4 x 4 (about 90,000 boards) counted by wgrnd in-process and compared
# with brute force (every press set tried): the ignored test of tests/grids/lightsout_parity.rs,
# in a release build (minutes; the default suite samples the boards of more than 8 cells).
set -euo pipefail
cd "$(dirname "$0")/.."
exec nice cargo test --release --test tests every_board_up_to_4x4 -- --ignored
