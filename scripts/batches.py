"""What the scripts that judge published puzzles by the thousand share: one `wgrnd batch` over a
list of URLs, one puzzle's answer by `wgrnd solve`, the counts and failures they print at the end
(and their exit code), and the URL writers of pzprjs they write puzzles of other sources with
(base-36 digits, flags five to a character, a board's rooms as the borders between them), written
from the format as pzprjs's `encodeBorder` and `encodeBinary` write it (github.com/robx/pzprjs);
wgrnd's own codecs are in crates/families/src/pencil/ and read what these write."""
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def batch_verdicts(wgrnd, urls, timeout):
    """`wgrnd batch` over the URLs (`timeout` seconds each): its JSON line of each, by the URL's
    line number from 1. Exits naming the fault when the batch prints no verdict or a line that is
    not one."""
    with tempfile.TemporaryDirectory() as tmp:
        listing = Path(tmp) / "urls.txt"
        listing.write_text("".join(url + "\n" for url in urls))
        run = subprocess.run([wgrnd, "batch", str(listing), "--timeout", str(timeout)],
                             capture_output=True, text=True)
    if urls and not run.stdout:
        sys.exit(f"wgrnd batch printed no verdict: {run.stderr.strip()}")
    try:
        return {j["line"]: j for j in map(json.loads, run.stdout.splitlines())}
    except (ValueError, KeyError, TypeError) as e:
        sys.exit(f"wgrnd batch printed a line that is not a verdict ({e}): {run.stdout[:200]}")


def shown_answer(wgrnd, url, timeout):
    """The shown atoms of the puzzle's answer (`wgrnd solve --view json`'s `solution`), or None and
    the reason there is none."""
    try:
        solved = subprocess.run([wgrnd, "solve", "--view", "json", url],
                                capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"solve ran past {timeout} s"
    try:
        shown = json.loads(solved.stdout)["solution"]
        if isinstance(shown, dict):
            return shown, ""
    except (ValueError, KeyError, TypeError):
        pass
    message = solved.stderr.strip() or solved.stdout.strip()
    return None, f"solve exited {solved.returncode}: {message}"


def counts(counter):
    """A counter's items, sorted, in words: `unique 3, several 1`."""
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items()))


def report(summary, not_read, failed):
    """Prints the summary, the lines not read by reason and the failures on standard error, and
    exits: 1 when something failed."""
    print(summary, file=sys.stderr)
    for reason, n in sorted(not_read.items()):
        print(f"not read: {n} ({reason})", file=sys.stderr)
    for line in failed:
        print(f"FAILED {line}", file=sys.stderr)
    sys.exit(1 if failed else 0)


def base36(v):
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


def bits(flags):
    """Flags five to a base-32 character (pzprjs's `encodeBorder`, `encodeBinary`)."""
    out = []
    for k in range(0, len(flags), 5):
        chunk = flags[k:k + 5]
        out.append(base36(sum(1 << (4 - i) for i, f in enumerate(chunk) if f)))
    return "".join(out)


def pieces(rows, cols, joined):
    """Each cell's piece: the largest groups of cells that `joined(r, c, rr, cc)` links side by
    side (asked of cells next to each other, either way round), numbered by their first cell row by
    row, as pzprjs numbers rooms; and how many pieces."""
    piece = [[None] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if piece[r0][c0] is not None:
                continue
            stack = [(r0, c0)]
            piece[r0][c0] = count
            while stack:
                r, c = stack.pop()
                for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if 0 <= rr < rows and 0 <= cc < cols and piece[rr][cc] is None \
                            and joined(r, c, rr, cc):
                        piece[rr][cc] = count
                        stack.append((rr, cc))
            count += 1
    return piece, count


def rooms_of(areas):
    """Each cell's room: a piece of side-by-side cells of one label (one label may name rooms
    apart, as janko.at's letters do on a large board); and how many rooms."""
    return pieces(len(areas), len(areas[0]), lambda r, c, rr, cc: areas[rr][cc] == areas[r][c])


def borders(room):
    """The walls between rooms as pzprjs's `encodeBorder` writes them: right of each cell, then
    below each cell."""
    rows, cols = len(room), len(room[0])
    right = [room[r][c] != room[r][c + 1] for r in range(rows) for c in range(cols - 1)]
    below = [room[r][c] != room[r + 1][c] for r in range(rows - 1) for c in range(cols)]
    return bits(right) + bits(below)
