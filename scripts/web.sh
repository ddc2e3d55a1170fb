#!/usr/bin/env bash
# Builds the browser page into web/dist (docs/web.md): the `wgrnd` command line compiled to
# WebAssembly for WASI (wasm32-wasip1, without CaDiCaL: batsat is the built-in solver there), the
# page's own files (web/src), the WASI shim from npm, and examples from fixtures/.
#
# The compiler is Debian's `rustc-web` (rustup's toolchains have no wasm32 std here), building std
# from Debian's `rust-web-src` (`-Zbuild-std`), linked by `wasm-ld-22` against Debian's `wasi-libc`.
# Missing packages are installed with apt-get when this runs as root (scripts/apt-install.sh);
# otherwise the script says what to install and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=""
for pair in /usr/bin/rustc:rustc-web /usr/bin/cargo:cargo-web /usr/lib/rustlib/src/rust/library:rust-web-src \
  /usr/bin/wasm-ld-22:lld-22 /usr/lib/wasm32-wasi/libc.a:wasi-libc /usr/bin/npm:npm; do
  [ -e "${pair%%:*}" ] || missing="$missing ${pair##*:}"
done
if [ -n "$missing" ]; then
  # shellcheck disable=SC2086
  scripts/apt-install.sh scripts/web.sh $missing
fi

# The engine. `crt1-command.o`: WASI's program start (rustc adds it only with its own
# self-contained libc, which Debian does not ship).
target_dir="${CARGO_TARGET_DIR:-target}/web"
RUSTC_BOOTSTRAP=1 RUSTC=/usr/bin/rustc CARGO_TARGET_WASM32_WASIP1_LINKER=wasm-ld-22 \
  RUSTFLAGS="-C link-self-contained=no -L /usr/lib/wasm32-wasi -C link-arg=/usr/lib/wasm32-wasi/crt1-command.o" \
  /usr/bin/cargo build --locked -p wgrnd-cli --bin wgrnd --no-default-features --features batsat --target wasm32-wasip1 \
  -Zbuild-std=std,panic_abort --profile web --target-dir "$target_dir"

# The page.
(cd web && npm ci --no-audit --no-fund --loglevel=error)
dist=web/dist
rm -rf "$dist.new"
mkdir -p "$dist.new/vendor/browser_wasi_shim"
cp web/src/* "$dist.new/"
cp "$target_dir/wasm32-wasip1/web/wgrnd.wasm" "$dist.new/"
shim=web/node_modules/@bjorn3/browser_wasi_shim
cp "$shim"/dist/*.js "$shim"/LICENSE-* "$dist.new/vendor/browser_wasi_shim/"
python3 - "$dist.new/examples.json" <<'PY'
import json, pathlib, sys
# (title, file): every example is a fixture of the repository.
examples = [
    ("Seed 000: the witch puzzle", "fixtures/witch/table1.txt"),
    ("Seed 004: four squares (pieces)", "fixtures/foursquares/seed004.txt"),
    ("Seed 004: four squares (the QPROP formulas and the pieces as data)", "fixtures/qprop/foursquares-seed004.qp",
     "fixtures/qprop/seed004-pieces.qpd"),
    ("Nonogram: gnonograms 42", "fixtures/nonogram/gnonograms-42.non"),
    ("Minesweeper: xkcd 2496", "fixtures/seed002/xkcd-2496.mines"),
    ("Packing: a small polycube packing", "fixtures/packing/tiny.pack"),
]
for genre in ["nurikabe", "heyawake", "slither", "mashu", "sudoku", "lits", "starbattle", "yajilin", "lightup", "kurodoko"]:
    examples.append((f"puzz.link: {genre}", f"fixtures/pencil/{genre}/pzprjs.url"))
out = []
for title, path, *data in examples:
    p = pathlib.Path(path)
    text = p.read_text()
    if p.suffix == ".url":
        text = next(l for l in text.splitlines() if l.strip() and not l.startswith("#")).strip() + "\n"
    example = {"title": title, "name": p.name, "text": text}
    if data:
        example["data"] = {"name": pathlib.Path(data[0]).name, "text": pathlib.Path(data[0]).read_text()}
    out.append(example)
pathlib.Path(sys.argv[1]).write_text(json.dumps(out, indent=1) + "\n")
PY
rm -rf "$dist"
mv "$dist.new" "$dist"
wasm="$dist/wgrnd.wasm"
echo "scripts/web.sh: $dist built; engine $(wc -c <"$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) gzipped" >&2
