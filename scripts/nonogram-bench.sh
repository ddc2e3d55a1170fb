#!/usr/bin/env bash
# Paint by numbers side by side: `wgrnd count --max 2` (release build: read the .non file, ground
# models/nonogram.qp, find the solution, check it, prove there is no second) against nonogrid
# (github.com/tsionyx/nonogrid, `cargo install --root DIR nonogrid`, built outside this
# repository) with `-m 2` (stop after two solutions), on every fixtures/nonogram/*.non. nonogrid
# reads its own TOML clue format, so each puzzle is converted first (outside the timing). RUNS
# rounds (default 5), the two solvers alternating on each puzzle, all under
# flock /tmp/wgrnd-bench.lock; both binaries run from copies written afresh at the start (the same
# for both: how a binary's file was written changes its page faults); prints per-puzzle medians,
# their ratio, and the median ratio.
#   scripts/nonogram-bench.sh [RUNS] [NONOGRID]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
nonogrid=${2:-$(command -v nonogrid || true)}
[ -n "$nonogrid" ] && [ -x "$nonogrid" ] || { echo "nonogrid not found: cargo install --root DIR nonogrid, then pass DIR/bin/nonogrid" >&2; exit 2; }
scripts/build-release.sh -q
exec flock /tmp/wgrnd-bench.lock python3 - "$runs" "$nonogrid" target/dist/wgrnd fixtures/nonogram/*.non <<'EOF'
import os, statistics, subprocess, sys, tempfile, time

runs, nonogrid, wgrnd, files = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]

tmp = tempfile.mkdtemp()

def fresh(binary, name):
    """A copy of `binary` written in one sequential pass, run instead of it: how a file was written
    (a linker's scattered writes, a copy made long ago) changes the page faults of every run
    from it by a fifth (docs/wellposed.md, "The seventh session"), so both tools run from copies
    made the same way at the same moment."""
    copy = os.path.join(tmp, name)
    with open(binary, "rb") as src, open(copy, "wb") as dst:
        dst.write(src.read())
    os.chmod(copy, 0o755)
    return copy

wgrnd, nonogrid = fresh(wgrnd, "wgrnd"), fresh(nonogrid, "nonogrid")

def toml(text):
    """The clues of a .non file in nonogrid's TOML format (`0` for an empty line)."""
    lines, size, clues, i = text.splitlines(), {}, {}, 0
    while i < len(lines):
        words = lines[i].split()
        if words and words[0] in ("width", "height"):
            size[words[0]] = int(words[1])
        if words and words[0] in ("rows", "columns"):
            n = size["height" if words[0] == "rows" else "width"]
            clues[words[0]] = [l.strip().replace(",", " ") or "0" for l in lines[i + 1:i + 1 + n]]
            i += n
        i += 1
    return "[clues]\n" + "".join(f'{k} = """\n' + "\n".join(clues[k]) + '\n"""\n' for k in ("rows", "columns"))

def timed(cmd, ok):
    start = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    took = time.perf_counter() - start
    if r.returncode not in ok:
        sys.exit(f"{cmd}: exit {r.returncode}: {r.stderr[-500:]}")
    return took, r.stdout

ratios, w_total, n_total = [], 0.0, 0.0
print(f"{'puzzle':<28} {'size':>7} {'wgrnd (s)':>10} {'nonogrid (s)':>13} {'ratio':>7}")
for path in files:
    text = open(path).read()
    size = {w[0]: w[1] for w in (l.split() for l in text.splitlines()) if len(w) == 2 and w[0] in ("width", "height")}
    conv = os.path.join(tmp, os.path.basename(path) + ".toml")
    open(conv, "w").write(toml(text))
    w_times, n_times = [], []
    for _ in range(runs):
        t, out = timed([wgrnd, "count", "--max", "2", path], (10,))
        assert out.startswith("1 solution(s)"), out
        w_times.append(t)
        t, _ = timed([nonogrid, "-m", "2", conv], (0,))
        n_times.append(t)
    w, n = statistics.median(w_times), statistics.median(n_times)
    ratios.append(w / n)
    w_total, n_total = w_total + w, n_total + n
    name = os.path.basename(path)
    print(f"{name:<28} {size['width'] + 'x' + size['height']:>7} {w:>10.3f} {n:>13.3f} {w / n:>7.2f}")
print(f"{len(files)} puzzles, {runs} runs each: sum of medians wgrnd {w_total:.2f} s, nonogrid {n_total:.2f} s; "
      f"median of the per-puzzle ratios wgrnd / nonogrid {statistics.median(ratios):.2f}")
EOF
