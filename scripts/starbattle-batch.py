#!/usr/bin/env python3
"""Judges star battles kept in Star Battle Notation with `wgrnd batch`, and with --cspuz compares
each verdict and each unique answer with cspuz's.

Usage: scripts/starbattle-batch.py FILE... [--wgrnd WGRND] [--cspuz RUN_SOLVER] [--timeout S]
           [--limit N] > result.csv

FILE: puzzles in Star Battle Notation (SBN), one a line, as github.com/StarBattleLab/
starbattlelab.github.io keeps them: its `LegacyImplementations/API-main/backend/puzzles/5.txt`
and `6.txt` hold 10 x 10 puzzles with two stars, of the two difficulties ("medium" and "hard")
that puzzle-star-battle.com has at that size, apparently fetched from that site (the project's
first player read the site's puzzles by the site's size numbers, which name the files). They are
not this repository's: the files stay outside it and the script reads them where they lie. SBN,
as that project's `decode_sbn` reads it: two characters for the size (`AA` is 10), the stars per
row, column and region, one more character, then the borders in base 64 (`0-9A-Za-z-_`, six
bits a character, the last 2 d (d - 1) bits of the characters the borders need kept): first the
wall right of each cell, row by row, then the wall below each cell, column by column. Characters
after the borders (a player's marks, in SBN) are not read. The rooms are the pieces the walls
leave; a line that is not SBN, or whose walls leave other than d rooms on a d x d board, is
counted as not read, with the reason.

Each puzzle is written as the puzz.link URL pzprjs would write for it (`starbattle/d/d/stars/`
and the rooms' borders) and judged by one `wgrnd batch` over all of them (`--timeout` per
puzzle). The folder's README says every puzzle has exactly one solution, so the expected verdict
of each is `unique`. The files have no answers: with --cspuz, cspuz's `run_solver --json`
(github.com/semiexp/cspuz_core, built outside this repository) judges each puzzle too, one
process each, timed by the wall clock, and every puzzle both judge unique is solved by wgrnd
(`solve --view json`) and its stars compared with cspuz's.

Writes one CSV row per puzzle read (its file's name and line, wgrnd's verdict and seconds, cspuz's
verdict and seconds, whether the answers agree: no SBN or URL, so that the results can be kept
without the puzzles) and, on standard error, the counts and each failure with its URL. Exit 1 when
no puzzle is read, a verdict is not `unique`, or cspuz's verdict or answer differs, or an answer
cannot be had; a verdict `unknown`, out of time, is reported but is not a failure.
"""
import argparse
import collections
import csv
import json
import subprocess
import sys
import time
from pathlib import Path

# In scripts/, this script's folder.
from batches import batch_verdicts, borders, counts, pieces, report, shown_answer

ROOT = Path(__file__).resolve().parent.parent
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
SIXTY_FOUR = {ch: i for i, ch in enumerate(ALPHABET)}
# The size codes: `55` for 5 x 5 up to `PP` for 25 x 25.
SIZES = {ch * 2: d for d, ch in enumerate("56789ABCDEFGHIJKLMNOP", 5)}


class NotRead(Exception):
    """The line is not a puzzle this script reads; the message says why."""


def decode(sbn):
    """The board of an SBN line: its size d, its stars per unit, and each cell's room (rows of
    room numbers)."""
    d = SIZES.get(sbn[:2])
    if d is None:
        raise NotRead(f"size code {sbn[:2]!r}")
    if len(sbn) < 4 or sbn[2] not in "123456789":
        raise NotRead("no count of stars after the size")
    stars = int(sbn[2])
    walls = 2 * d * (d - 1)
    chars = sbn[4:4 + -(-walls // 6)]
    if len(chars) * 6 < walls or any(ch not in SIXTY_FOUR for ch in chars):
        raise NotRead("borders cut short or with a character outside the alphabet")
    flags = "".join(format(SIXTY_FOUR[ch], "06b") for ch in chars)[-walls:]
    right, below = flags[:d * (d - 1)], flags[d * (d - 1):]

    def open_between(r, c, rr, cc):
        """No wall between two cells side by side (walls right of and below a cell)."""
        (r, c), (rr, cc) = sorted([(r, c), (rr, cc)])
        wall = right[r * (d - 1) + c] if r == rr else below[c * (d - 1) + r]
        return wall == "0"

    label, count = pieces(d, d, open_between)
    if count != d:
        raise NotRead(f"{count} rooms on a {d} x {d} board")
    return d, stars, label


def url(d, stars, room):
    return f"https://puzz.link/p?starbattle/{d}/{d}/{stars}/{borders(room)}"


def cspuz_judges(run_solver, link, timeout):
    """cspuz's verdict (`unique`, `several`, `none`, or `error`), its stars when unique (as
    wgrnd's `star(r, c)`, from 1), its process's wall seconds, and why when `error`."""
    start = time.perf_counter()
    try:
        run = subprocess.run([run_solver, "--json", link], capture_output=True, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return "error", None, time.perf_counter() - start, f"cspuz ran past {timeout} s"
    seconds = time.perf_counter() - start
    try:
        board = json.loads(run.stdout)
    except ValueError:
        return "error", None, seconds, f"cspuz: {run.stderr.strip() or run.stdout.strip()}"
    if not board.get("hasAnswer"):
        return "none", None, seconds, ""
    if not board.get("isUnique"):
        return "several", None, seconds, ""
    # Cells are at odd coordinates of cspuz's doubled grid; a star is a filled circle.
    placed = {((item["y"] - 1) // 2 + 1, (item["x"] - 1) // 2 + 1)
              for item in board.get("data", []) if item.get("item") == "filledCircle"}
    return "unique", placed, seconds, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--wgrnd", default=str(ROOT / "target" / "dist" / "wgrnd"))
    ap.add_argument("--cspuz", help="cspuz's run_solver: each verdict and unique answer compared")
    ap.add_argument("--timeout", type=int, default=60,
                    help="whole seconds per puzzle (batch's --timeout; cspuz and solve: ten times)")
    ap.add_argument("--limit", type=int, help="only the first N puzzles read")
    args = ap.parse_args()
    puzzles, not_read = [], collections.Counter()
    for path in args.files:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    d, stars, room = decode(line.strip())
                except NotRead as e:
                    not_read[str(e)] += 1
                    continue
                puzzles.append((Path(path).name, number, url(d, stars, room)))
                if args.limit and len(puzzles) == args.limit:
                    break
        if args.limit and len(puzzles) == args.limit:
            break
    if not puzzles:
        sys.exit(f"no puzzle read: {counts(not_read) or 'no line'}")
    judged = batch_verdicts(args.wgrnd, [p[2] for p in puzzles], args.timeout)
    out = csv.writer(sys.stdout)
    out.writerow(["file", "line", "verdict", "seconds", "cspuz_verdict", "cspuz_seconds", "answer"])
    verdicts, theirs, answers = collections.Counter(), collections.Counter(), collections.Counter()
    failed = []
    ours_in_all = cspuz_in_all = 0.0
    for k, (file, number, link) in enumerate(puzzles, 1):
        j = judged.get(k, {"verdict": "missing"})
        verdict, why = j["verdict"], j.get("error", "")
        ours_in_all += j.get("seconds", 0.0)
        verdicts[verdict] += 1
        their_verdict, their_seconds, answer = "", "", ""
        if args.cspuz:
            their_verdict, placed, seconds, why_not = cspuz_judges(args.cspuz, link,
                                                                   10 * args.timeout)
            their_seconds = f"{seconds:.4f}"
            cspuz_in_all += seconds
            theirs[their_verdict] += 1
            why = " ".join(w for w in (why, why_not) if w)
            if verdict == "unique" and their_verdict == "unique":
                shown, why = shown_answer(args.wgrnd, link, 10 * args.timeout)
                stars = None if shown is None else {tuple(s) for s in shown.get("star", [])}
                answer = "unsolved" if stars is None else "same" if stars == placed else "differs"
                answers[answer] += 1
        disagree = args.cspuz and verdict != "unknown" and their_verdict != verdict
        if verdict not in ("unique", "unknown") or disagree or answer in ("differs", "unsolved"):
            said = " ".join(w for w in (f"cspuz {their_verdict or '-'}", answer, link, why) if w)
            failed.append(f"{file}:{number}: wgrnd {verdict}, {said}")
        ours = f"{j['seconds']:.6f}" if "seconds" in j else ""
        out.writerow([file, number, verdict, ours, their_verdict, their_seconds, answer])
    summary = f"{len(puzzles)} puzzles judged in {ours_in_all:.1f} s of batch's time"
    summary += f"; verdicts: {counts(verdicts)}"
    if args.cspuz:
        summary += f"; cspuz's in {cspuz_in_all:.1f} s: {counts(theirs)}"
        summary += f"; answers: {counts(answers)}"
    report(summary, not_read, failed)


if __name__ == "__main__":
    main()
