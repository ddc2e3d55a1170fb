#!/usr/bin/env python3
"""Tests of scripts/starbattle-batch.py on boards written here in Star Battle Notation: the URL it
writes for cspuz's 6 x 6 test board is that board's URL (fixtures/pencil/starbattle/cspuz.url),
and the rooms of every URL it writes read back (by `wgrnd data`) as the rooms written; a unique
board is judged unique, a board with several solutions is a failure, lines that are not SBN are
counted as not read, CRLF line ends, a player's marks after the borders and --limit over two
files are read as they should be; cspuz's verdicts and answers (from a stand-in for its
run_solver that prints cspuz's own output on the 6 x 6 board, fixtures/pencil/starbattle/
cspuz.json, or what the test gives it) are compared, a different answer or verdict a failure.

The boards are written in SBN by this test from the format's description, as the script reads
it: what holds the script to the real format is the run on the 40,038 puzzles of the source
(bench/results/starbattle.csv), where a misread wall would hardly leave every board ten rooms,
one solution and cspuz's answer.

    python3 -m unittest scripts/test_starbattle_batch.py        (a few seconds)

The wgrnd binary: $WGRND, else target/debug/wgrnd (built when missing), as bench/test_bench.py."""

import csv
import importlib.util
import io
import json
import os
import stat
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCRIPT = os.path.join(ROOT, "scripts", "starbattle-batch.py")
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))  # the script's own import, when loaded here
from test_bench import wgrnd  # noqa: E402  (the same binary as the bench runner's tests)

SPEC = importlib.util.spec_from_file_location("starbattle_batch", SCRIPT)
BATCH = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(BATCH)

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def rows(text):
    return [r.split() for r in text.strip().splitlines()]


# cspuz's 6 x 6 test board with one star (fixtures/pencil/starbattle/cspuz.url) and its stars.
CSPUZ_BOARD = rows("""
a a a a b b
a c d a b b
c c d d d b
c b b b b b
c e e b e f
c c e e e f
""")
CSPUZ_STARS = [(1, 2), (2, 5), (3, 3), (4, 1), (5, 6), (6, 4)]
# Each row a room: any way of one star a row and column, none touching another, solves it.
ROWS_BOARD = [[str(r)] * 5 for r in range(5)]


def sbn(board, stars):
    """A board in Star Battle Notation, written here from the format's description: walls right
    of each cell row by row, then below each cell column by column, padded in front to whole
    characters of six bits."""
    d = len(board)
    right = [board[r][c] != board[r][c + 1] for r in range(d) for c in range(d - 1)]
    below = [board[r][c] != board[r + 1][c] for c in range(d) for r in range(d - 1)]
    flags = "".join("1" if w else "0" for w in right + below)
    flags = "0" * (-len(flags) % 6) + flags
    size = "56789ABCDEFGHIJKLMNOP"[d - 5] * 2
    chars = "".join(ALPHABET[int(flags[k:k + 6], 2)] for k in range(0, len(flags), 6))
    return size + str(stars) + "W" + chars


def rooms_read_back(link):
    """The rooms `wgrnd data` reads from the URL: each cell's room number, as rows."""
    out = subprocess.run([wgrnd(), "data", link], capture_output=True, text=True, check=True).stdout
    cells = {}
    for line in out.splitlines():
        if line.startswith("room("):
            r, c, m = map(int, line[len("room("):-2].split(","))
            cells[(r, c)] = m
    d = max(r for r, _ in cells)
    return [[cells[(r, c)] for c in range(1, d + 1)] for r in range(1, d + 1)]


def same_rooms(a, b):
    """Whether two boards divide the cells alike, whatever the rooms' names."""
    pairs = {(x, y) for ra, rb in zip(a, b) for x, y in zip(ra, rb)}
    return len(pairs) == len({x for x, _ in pairs}) == len({y for _, y in pairs})


def stand_in(folder, name, printed, exit_code=0, stream="stdout"):
    """An executable that answers as cspuz's `run_solver --json` would: it prints `printed` (on
    `stream`) and exits with `exit_code`."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(f"#!{sys.executable}\nimport sys\nprint({printed!r}, file=sys.{stream})\n"
                f"sys.exit({exit_code})\n")
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)
    return path


def cspuz_output(verdict, stars=()):
    """What run_solver --json prints: the verdict given and, when unique, a filled circle at each
    star (cells at odd coordinates of its doubled grid)."""
    data = [{"y": 2 * r - 1, "x": 2 * c - 1, "color": "green", "item": "filledCircle"} for r, c in stars]
    return json.dumps({"kind": "grid", "hasAnswer": verdict != "none", "isUnique": verdict == "unique",
                       "data": data})


def judge(files, *more):
    """The script's exit code, CSV rows and standard error on files of the given lines (a list of
    lines, or a list of such lists for several files, puzzles.txt, more.txt, ...)."""
    if files and isinstance(files[0], str):
        files = [files]
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k, lines in enumerate(files):
            paths.append(os.path.join(tmp, ["puzzles.txt", "more.txt"][k]))
            with open(paths[-1], "w", newline="") as f:
                f.write("".join(line if line.endswith("\n") else line + "\n" for line in lines))
        run = subprocess.run([sys.executable, SCRIPT, *paths, "--wgrnd", wgrnd(), "--timeout", "30",
                              *more], capture_output=True, text=True)
    return run.returncode, list(csv.DictReader(io.StringIO(run.stdout))), run.stderr


class StarBattleBatch(unittest.TestCase):
    def test_the_urls_are_pzprjs_s_and_read_back_as_the_rooms_written(self):
        link = BATCH.url(*BATCH.decode(sbn(CSPUZ_BOARD, 1)))
        with open(os.path.join(ROOT, "fixtures", "pencil", "starbattle", "cspuz.url")) as f:
            self.assertEqual(link, f.read().strip())
        # 5 x 5 (40 walls, padded to 42 bits) and 10 x 10 with two stars and jagged walls.
        ten = [[str((r // 2) * 2 + (c >= 5 + r % 3)) for c in range(10)] for r in range(10)]
        for board, stars in ((ROWS_BOARD, 1), (CSPUZ_BOARD, 1), (ten, 2)):
            d, read_stars, room = BATCH.decode(sbn(board, stars))
            self.assertEqual((d, read_stars), (len(board), stars))
            link = BATCH.url(d, read_stars, room)
            self.assertTrue(link.startswith(f"https://puzz.link/p?starbattle/{d}/{d}/{stars}/"))
            self.assertTrue(same_rooms(rooms_read_back(link), board), link)

    def test_a_unique_board_passes_and_one_with_several_solutions_fails(self):
        code, got, err = judge([sbn(CSPUZ_BOARD, 1), "", sbn(ROWS_BOARD, 1),
                                "ZZ1W0000", "661W12", "551W" + "0" * 7, "AA\u00b2W" + "0" * 30])
        self.assertEqual(code, 1, err)
        self.assertEqual([(r["file"], r["line"], r["verdict"]) for r in got],
                         [("puzzles.txt", "1", "unique"), ("puzzles.txt", "3", "several")])
        self.assertIn("not read: 1 (1 rooms on a 5 x 5 board)", err)
        self.assertIn("not read: 1 (size code 'ZZ')", err)
        self.assertIn("not read: 1 (borders cut short or with a character outside the alphabet)", err)
        self.assertIn("not read: 1 (no count of stars after the size)", err)
        self.assertIn("FAILED puzzles.txt:3: wgrnd several, cspuz -", err)
        self.assertNotIn("FAILED puzzles.txt:1", err)
        # CRLF line ends (as the source's files have) and a player's marks after the borders.
        code, got, err = judge([sbn(CSPUZ_BOARD, 1) + "\r\n", sbn(CSPUZ_BOARD, 1) + "0a1b\r\n"])
        self.assertEqual((code, [r["verdict"] for r in got], got[0]["cspuz_verdict"]),
                         (0, ["unique", "unique"], ""), err)
        code, got, err = judge(["ZZ1W0000"])
        self.assertEqual((code, got), (1, []))
        self.assertIn("no puzzle read: size code 'ZZ' 1", err)

    def test_a_limit_counts_the_puzzles_read_over_every_file(self):
        files = [[sbn(CSPUZ_BOARD, 1), "ZZ1W0000", sbn(CSPUZ_BOARD, 1)],
                 [sbn(CSPUZ_BOARD, 1), sbn(ROWS_BOARD, 1)]]
        read = [("puzzles.txt", "1"), ("puzzles.txt", "3"), ("more.txt", "1")]
        for limit in (2, 3):
            code, got, err = judge(files, "--limit", str(limit))
            self.assertEqual((code, [(r["file"], r["line"]) for r in got]), (0, read[:limit]), err)

    def test_cspuz_s_verdicts_and_answers_are_compared(self):
        with open(os.path.join(ROOT, "fixtures", "pencil", "starbattle", "cspuz.json")) as f:
            printed = f.read().strip()
        with tempfile.TemporaryDirectory() as tmp:
            code, got, err = judge([sbn(CSPUZ_BOARD, 1)], "--cspuz", stand_in(tmp, "own", printed))
            self.assertEqual((code, got[0]["cspuz_verdict"], got[0]["answer"]), (0, "unique", "same"), err)
            self.assertIn("answers: same 1", err)
            # The stars cspuz's output gives are the published ones.
            self.assertEqual(cspuz_output("unique", CSPUZ_STARS), cspuz_output("unique", sorted(
                ((i["y"] + 1) // 2, (i["x"] + 1) // 2) for i in json.loads(printed)["data"]
                if i["item"] == "filledCircle")))
            moved = stand_in(tmp, "moved", cspuz_output("unique", CSPUZ_STARS[:-1] + [(6, 3)]))
            code, got, err = judge([sbn(CSPUZ_BOARD, 1)], "--cspuz", moved)
            self.assertEqual((code, got[0]["answer"]), (1, "differs"), err)
            self.assertIn("FAILED puzzles.txt:1: wgrnd unique, cspuz unique differs https://puzz.link/", err)
            for verdict in ("several", "none"):
                other = stand_in(tmp, verdict, cspuz_output(verdict))
                code, got, err = judge([sbn(CSPUZ_BOARD, 1)], "--cspuz", other)
                self.assertEqual((code, got[0]["cspuz_verdict"], got[0]["answer"]), (1, verdict, ""), err)
                self.assertIn(f"FAILED puzzles.txt:1: wgrnd unique, cspuz {verdict} https://", err)
            broken = stand_in(tmp, "broken", "Error: unknown puzzle type", exit_code=1, stream="stderr")
            code, got, err = judge([sbn(CSPUZ_BOARD, 1)], "--cspuz", broken)
            self.assertEqual((code, got[0]["cspuz_verdict"]), (1, "error"), err)
            self.assertIn("FAILED puzzles.txt:1: wgrnd unique, cspuz error https://", err)
            self.assertIn(" cspuz: Error: unknown puzzle type", err)
            code, got, err = judge([sbn(ROWS_BOARD, 1)], "--cspuz", stand_in(tmp, "several", cspuz_output("several")))
            self.assertEqual((code, got[0]["verdict"], got[0]["cspuz_verdict"]), (1, "several", "several"), err)

if __name__ == "__main__":
    unittest.main()
