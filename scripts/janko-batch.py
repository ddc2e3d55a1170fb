#!/usr/bin/env python3
"""Judges janko.at's published puzzles with `wgrnd batch`, and compares each unique answer with
the solution janko.at publishes.

Usage: scripts/janko-batch.py GENRE.jsonl[.bz2] [WGRND] [--timeout S] [--size COLSxROWS]
           [--limit N] > result.csv

GENRE.jsonl.bz2: a file of github.com/tkoz0/janko.at-puzzle-scraping's `data/` folder (janko.at's
puzzle pages as they were in May 2022, one JSON object per line: `{"file": ..., "data": {...}}`,
with the puzzle's `problem` and `solution` grids). The puzzles are their authors' and janko.at's:
the file stays outside this repository and the script reads it where it lies. Read: nurikabe,
hitori, akari, slitherlink, heyawake, 9 x 9 sudoku, masyu, fillomino, LITS, yajilin and
numberlink (Arukone, as pzprjs's `numlin`, whose cells may stay empty); a puzzle whose data has
something else (another genre or size, a cell the page's markup broke) is counted as not read,
with the reason.

Each puzzle is written as the puzz.link URL pzprjs would write for it and judged by one
`wgrnd batch` over all of them (`--timeout` per puzzle). Every puzzle judged unique is then solved
(`wgrnd solve --view json`, one process each) and its answer compared cell by cell with the
published solution. janko.at publishes puzzles with one solution, so the expected verdict of
each is `unique`.

Writes one CSV row per puzzle read (its file in the data, cols, rows, verdict, seconds, answer:
no URL, so that the results can be kept without the puzzles) and, on standard error, the counts
(puzzles, not read by reason, verdicts, answers that match and that do not) and each failure
with its URL.

Exit 1 when a verdict is not `unique`, or an answer differs from the published one or cannot be
had (`unsolved`, with solve's message); a verdict `unknown`, out of time, is reported but is not
a failure.
"""
import argparse
import bz2
import collections
import csv
import json
import sys
from pathlib import Path

# In scripts/, this script's folder.
from batches import base36, batch_verdicts, borders, counts, report, rooms_of, shown_answer

ROOT = Path(__file__).resolve().parent.parent


class NotRead(Exception):
    """The puzzle's data is not one this script reads; the message says why."""


def runs(cells, offset, longest=20):
    """pzprjs's run-length text: each cell's text, runs of empty cells (None) as one base-36
    character `offset + run`, a run at most `longest` long."""
    out, empty = [], 0
    for text in cells:
        if text is None:
            empty += 1
            if empty == longest:
                out.append(base36(offset + empty))
                empty = 0
            continue
        if empty:
            out.append(base36(offset + empty))
            empty = 0
        out.append(text)
    if empty:
        out.append(base36(offset + empty))
    return "".join(out)


def number16(v):
    """A number in pzprjs's 16-based codec (`encodeNumber16`), `?` as `.`."""
    if v == "?":
        return "."
    n = int(v)
    if n < 16:
        return format(n, "x")
    if n < 256:
        return "-" + format(n, "x")
    if n < 4096:
        return "+" + format(n, "x")
    raise NotRead(f"number {n} too large")


def four_cell(clues):
    """Clues 0-4 (None empty, `?` unknown) as pzprjs's `encode4Cell` writes them: a number
    carries the one or two empty cells after it."""
    cells, c = [], 0
    while c < len(clues):
        v = clues[c]
        if v is None:
            cells.append(None)
        elif v == "?":
            cells.append(".")
        else:
            n = int(v)
            if c + 1 < len(clues) and clues[c + 1] is not None:
                cells.append(format(n, "x"))
            elif c + 2 < len(clues) and clues[c + 2] is not None:
                cells.append(format(5 + n, "x"))
                c += 1
            else:
                cells.append(format(10 + n, "x"))
                c += 2
        c += 1
    return runs(cells, 15)


def grid(data, key):
    """The grid `key` of the data, rows of one length; a solution of the board's size (its
    problem's, or its areas' where it has no problem)."""
    g = data.get(key)
    if not g:
        raise NotRead(f"no {key}")
    if any(len(row) != len(g[0]) for row in g):
        raise NotRead(f"{key} rows of different lengths")
    if key == "solution":
        board = data.get("problem") or data["areas"]
        if (len(g), len(g[0])) != (len(board), len(board[0])):
            raise NotRead("a solution of another size")
    return g


def cells_of(g, allowed):
    for row in g:
        for v in row:
            if not (v in allowed or v.isdigit()):
                raise NotRead(f"cell {v!r}")
    return [v for row in g for v in row]


def marked(g, mark):
    return {(r + 1, c + 1) for r, row in enumerate(g) for c, v in enumerate(row) if v == mark}


def numbers_solved(data):
    """The published solution of a puzzle that fills every cell with a number, as wgrnd's `n`."""
    solved = grid(data, "solution")
    if any(not v.isdigit() for row in solved for v in row):
        raise NotRead("a solution with a cell not a number")
    return {(r + 1, c + 1, int(v)) for r, row in enumerate(solved) for c, v in enumerate(row)}


def same_cells(shown, published):
    """Whether wgrnd's answer (its `--view json` solution) shows exactly the published atoms."""
    return lambda answer: set(map(tuple, answer.get(shown, []))) == published


def lines_of(solution):
    """wgrnd's `h` and `v` atoms of a line drawn through cell centres, from janko.at's cells that
    name the directions the line leaves them by (`ew`, `ns`, `se`, ...; east is `o`, German
    Ost, in some)."""
    h = {(r + 1, c + 1) for r, row in enumerate(solution) for c, v in enumerate(row)
         if "e" in v or "o" in v}
    v = {(r + 1, c + 1) for r, row in enumerate(solution) for c, x in enumerate(row) if "s" in x}
    return h, v


def same_lines(h, v, black=None):
    """Whether wgrnd's answer draws the published line (and shades the published cells)."""
    def agrees(answer):
        shown = {k: set(map(tuple, answer.get(k, []))) for k in ("h", "v", "black")}
        return shown["h"] == h and shown["v"] == v and (black is None or shown["black"] == black)
    return agrees


def shaded_puzzle(genre, body_of, allowed):
    """A genre whose answer is the shaded cells (`black` in wgrnd, `x` in janko.at's solution)."""
    def read(data):
        g = grid(data, "problem")
        body = body_of(cells_of(g, allowed))
        solution = marked(grid(data, "solution"), "x")
        return f"{genre}/{len(g[0])}/{len(g)}/{body}", same_cells("black", solution)
    return read


def numbers_body(cells):
    """Numbers in pzprjs's 16-based codec (`encodeNumber16`), `-` and `.` empty."""
    return runs([None if v in ("-", ".") else number16(v) for v in cells], 15)


def hitori_body(cells):
    """Hitori's numbers as pzprjs's `encodeHitori` writes them: a base-36 digit, or `-` and two."""
    out = []
    for v in cells:
        n = int(v)
        if n >= 36 * 36:
            raise NotRead(f"number {n} too large")
        out.append(base36(n) if n < 36 else "-" + base36(n // 36) + base36(n % 36))
    return "".join(out)


def akari(data):
    g = grid(data, "problem")
    cells = cells_of(g, {"-", "x"})
    if any(v.isdigit() and int(v) > 4 for v in cells):
        raise NotRead("a number above 4")
    body = four_cell([None if v == "-" else "?" if v == "x" else v for v in cells])
    lights = marked(grid(data, "solution"), "o")
    return f"lightup/{len(g[0])}/{len(g)}/{body}", same_cells("light", lights)


def slitherlink(data):
    g = grid(data, "problem")
    cells = cells_of(g, {"-"})
    if any(int(v) > 3 for v in cells if v.isdigit()):
        raise NotRead("a number above 3")
    body = four_cell([None if v == "-" else v for v in cells])
    inside = marked(grid(data, "solution"), "x")

    def agrees(answer):
        # A cell is inside the loop when an odd number of the loop's vertical edges lie left of
        # it in its row (wgrnd's v(r, j): the edge right of column j, 0 the grid's left side).
        vertical = collections.defaultdict(set)
        for r, j in answer.get("v", []):
            vertical[r].add(j)
        cols = len(g[0])
        found = {(r, c) for r in range(1, len(g) + 1) for c in range(1, cols + 1)
                 if sum(1 for j in vertical[r] if j < c) % 2 == 1}
        return found == inside
    return f"slither/{len(g[0])}/{len(g)}/{body}", agrees


def heyawake(data):
    g = grid(data, "problem")
    areas = grid(data, "areas")
    rows, cols = len(g), len(g[0])
    if (len(areas), len(areas[0])) != (rows, cols):
        raise NotRead("areas of another size")
    cells_of(g, {"-"})
    room, rooms = rooms_of(areas)
    clue = {}
    for r in range(rows):
        for c in range(cols):
            if g[r][c] != "-":
                if room[r][c] in clue:
                    raise NotRead("two numbers in one room")
                clue[room[r][c]] = g[r][c]
    numbers = runs([number16(clue[k]) if k in clue else None for k in range(rooms)], 15)
    shaded = marked(grid(data, "solution"), "x")
    return f"heyawake/{cols}/{rows}/{borders(room) + numbers}", same_cells("black", shaded)


def sudoku(data):
    g = grid(data, "problem")
    blocks = (data.get("patternx", 3), data.get("patterny", 3))
    if "areas" in data or "pattern" in data:
        raise NotRead("irregular blocks")
    if (len(g), len(g[0])) != (9, 9) or blocks != (3, 3):
        raise NotRead(f"{len(g[0])} x {len(g)} or blocks other than 3 x 3")
    body = numbers_body(cells_of(g, {"-", "."}))
    return f"sudoku/9/9/{body}", same_cells("n", numbers_solved(data))


def masyu(data):
    g = grid(data, "problem")
    cells = cells_of(g, {"-", "w", "b"})
    if any(v.isdigit() for v in cells):
        raise NotRead("a number in a cell")
    circles = [{"-": 0, "w": 1, "b": 2}[v] for v in cells]
    body = "".join(base36(sum(c * w for c, w in zip(circles[k:k + 3], (9, 3, 1))))
                   for k in range(0, len(circles), 3))
    h, v = lines_of(grid(data, "solution"))
    return f"mashu/{len(g[0])}/{len(g)}/{body}", same_lines(h, v)


def fillomino(data):
    g = grid(data, "problem")
    body = numbers_body(cells_of(g, {"-"}))
    return f"fillomino/{len(g[0])}/{len(g)}/{body}", same_cells("n", numbers_solved(data))


def lits(data):
    areas = grid(data, "areas")
    if any(not a.isalnum() for row in areas for a in row):
        raise NotRead("blocked cells")  # `@` or `#`: a variant with holes, not pzprjs's LITS
    room, _ = rooms_of(areas)
    shaded = {(r + 1, c + 1) for r, row in enumerate(grid(data, "solution"))
              for c, v in enumerate(row) if v in ("L", "I", "T", "S")}
    return f"lits/{len(areas[0])}/{len(areas)}/{borders(room)}", same_cells("black", shaded)


ARROW = {"n": 1, "s": 2, "w": 3, "e": 4}


def yajilin(data):
    g = grid(data, "problem")
    cells = []
    for row in g:
        for v in row:
            if v == "-":
                cells.append(None)
            elif len(v) >= 2 and v[:-1].isdigit() and v[-1] in ARROW:
                d, n = ARROW[v[-1]], int(v[:-1])
                if n >= 4096:
                    raise NotRead(f"number {n} too large")
                if n < 16:
                    cells.append(f"{d}{n:x}")
                else:
                    cells.append(f"{d + 5}{n:02x}" if n < 256 else f"-{d}{n:03x}")
            else:
                raise NotRead(f"cell {v!r}")
    solved = grid(data, "solution")
    h, v = lines_of(solved)
    black = marked(solved, "x")
    # Runs of empty cells: a to z for 1 to 26 (pzprjs's `encodeArrowNumber16`).
    body = runs(cells, 9, longest=26)
    return f"yajilin/{len(g[0])}/{len(g)}/{body}", same_lines(h, v, black)


def arukone(data):
    """Numberlink (janko.at's Arukone; pzprjs's `numlin`, whose cells may stay empty)."""
    g = grid(data, "problem")
    body = numbers_body(cells_of(g, {"-"}))
    h, v = lines_of(grid(data, "solution"))
    return f"numlin/{len(g[0])}/{len(g)}/{body}", same_lines(h, v)


READERS = {
    "nurikabe": shaded_puzzle("nurikabe", numbers_body, {"-", "?"}),
    "hitori": shaded_puzzle("hitori", hitori_body, set()),
    "akari": akari,
    "slitherlink": slitherlink,
    "heyawake": heyawake,
    "sudoku": sudoku,
    "masyu": masyu,
    "fillomino": fillomino,
    "lits": lits,
    "yajilin": yajilin,
    "arukone": arukone,
}


def read_lines(path):
    opener = bz2.open if str(path).endswith(".bz2") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("wgrnd", nargs="?", default=str(ROOT / "target" / "dist" / "wgrnd"))
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--size", help="only puzzles of this size, COLSxROWS (10x10)")
    ap.add_argument("--limit", type=int, help="only the first N puzzles read")
    args = ap.parse_args()
    puzzles, not_read = [], collections.Counter()
    for entry in read_lines(args.data):
        data = entry.get("data", {})
        genre = str(data.get("puzzle", "")).lower()
        reader = READERS.get(genre)
        try:
            if reader is None:
                raise NotRead(f"genre {genre!r}")
            path, agrees = reader(data)
        except NotRead as e:
            not_read[str(e)] += 1
            continue
        cols, rows = path.split("/")[1:3]
        if args.size and args.size != f"{cols}x{rows}":
            continue
        puzzles.append((entry.get("file", ""), cols, rows, "https://puzz.link/p?" + path, agrees))
        if args.limit and len(puzzles) == args.limit:
            break
    judged = batch_verdicts(args.wgrnd, [p[3] for p in puzzles], args.timeout)
    out = csv.writer(sys.stdout)
    out.writerow(["file", "cols", "rows", "verdict", "seconds", "answer"])
    verdicts, answers, failed = collections.Counter(), collections.Counter(), []
    seconds = 0.0
    for k, (file, cols, rows, url, agrees) in enumerate(puzzles, 1):
        j = judged.get(k, {"verdict": "missing"})
        verdict = j["verdict"]
        seconds += j.get("seconds", 0.0)
        verdicts[verdict] += 1
        answer, why = "", j.get("error", "")
        if verdict == "unique":
            shown, why = shown_answer(args.wgrnd, url, 10 * args.timeout)
            answer = "unsolved" if shown is None else "published" if agrees(shown) else "differs"
            answers[answer] += 1
        if verdict not in ("unique", "unknown") or answer in ("differs", "unsolved"):
            failed.append(f"{file}: {verdict} {answer} {url} {why}".rstrip())
        out.writerow([file, cols, rows, verdict, j.get("seconds", ""), answer])
    report(f"{len(puzzles)} puzzles judged in {seconds:.1f} s of batch's time; verdicts: "
           f"{counts(verdicts)}; unique answers: {counts(answers)}", not_read, failed)


if __name__ == "__main__":
    main()
