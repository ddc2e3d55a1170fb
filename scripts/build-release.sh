#!/usr/bin/env bash
# Builds the release `wgrnd` (target/release/wgrnd) the way the benchmarks measure it: on Linux
# with glibc, statically linked (`-C target-feature=+crt-static`, position-dependent), so that no
# dynamic loader maps and relocates libc, libm and libgcc_s at every start (webpbn #1's
# `count --max 2`: 1.65 M -> 1.31 M instructions, 171 -> 117 page faults; docs/wellposed.md, "The
# sixth session"). The flags go to the binary's final rustc call only (`cargo rustc`): set for
# the whole build (RUSTFLAGS or .cargo/config.toml) they would also reach the proc-macro crates
# and the Python module's cdylib, which the gnu target cannot build with a static C runtime.
# The binary is position-dependent, so it does without address-space randomisation (ASLR).
# Elsewhere, without glibc's static library (Fedora's glibc-static), or with WGRND_DYNAMIC set,
# the plain `cargo build --release`. A later plain `cargo build --release` puts the dynamic
# binary back at target/release/wgrnd.
# Link-time optimisation across crates, thin (CARGO_PROFILE_RELEASE_LTO, here only, so that CI's
# `cargo build --release` keeps its build time; CARGO_PROFILE_RELEASE_LTO=false skips it): webpbn
# #1's `count --max 2` 1.093 M -> 1.036 M instructions, the tiger 22.4 M -> 21.8 M; fat LTO gave
# the same counts for a longer build. The cost: the binary's link takes about 2 minutes on 2 loaded
# cores even when only main.rs changed (2 s without LTO), and the first build rebuilds every
# dependency (its artifacts are kept beside the plain release build's). docs/wellposed.md, "The
# seventh session".
# Last, the binary is written again in one sequential pass (`cat` to a temporary file, renamed):
# run from the file as the linker wrote it, webpbn #6's `count --max 2` took 143 page faults and
# 0.92-0.99 ms of CPU, from a sequential copy of the same bytes 118 and 0.71-0.82 ms (docs/
# wellposed.md, "The seventh session", second round).
#   scripts/build-release.sh [CARGO OPTIONS, e.g. -q]
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-thin}"
if [ "$(uname -s)" = Linux ] && [ -z "${WGRND_DYNAMIC:-}" ] && getconf GNU_LIBC_VERSION >/dev/null 2>&1; then
    # `cc -print-file-name` prints the bare name when the file is not installed.
    if [ -e "$(cc -print-file-name=libc.a 2>/dev/null)" ]; then
        static=yes
    else
        echo "scripts/build-release.sh: no static libc.a (e.g. glibc-static): the dynamic build" >&2
    fi
fi
if [ -n "${static:-}" ]; then
    cargo rustc --release "$@" -p wgrnd-cli --bin wgrnd -- -C target-feature=+crt-static -C relocation-model=static
else
    cargo build --release "$@" -p wgrnd-cli
fi
binary="${CARGO_TARGET_DIR:-target}/release/wgrnd"
cat "$binary" >"$binary.rewrite"
chmod 755 "$binary.rewrite"
mv -f "$binary.rewrite" "$binary"
