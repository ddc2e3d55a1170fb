#!/usr/bin/env python3
"""Tests of scripts/janko-batch.py on puzzles written here in janko.at's data format (made for
this test, each checked unique by wgrnd when it was written): the URLs it writes read back (by
`wgrnd data`) as the clues written, every genre it reads is judged unique with the answer given
as published; wrong published answers, a puzzle with two solutions and data the script does not
read are each reported, the first two as failures (exit 1).

    python3 -m unittest scripts/test_janko_batch.py        (a few seconds)

The wgrnd binary: $WGRND, else target/debug/wgrnd (built when missing), as bench/test_bench.py."""

import bz2
import csv
import importlib.util
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SCRIPT = os.path.join(ROOT, "scripts", "janko-batch.py")
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))  # the script's own import, when loaded here
from test_bench import wgrnd  # noqa: E402  (the same binary as the bench runner's tests)


def rows(text):
    return [r.split() for r in text.strip().splitlines()]


SUDOKU_SOLUTION = [[str((r * 3 + r // 3 + c) % 9 + 1) for c in range(9)] for r in range(9)]
SUDOKU_PROBLEM = rows("""
1 2 3 . 5 . . . 9
4 5 - - - - - 2 3
- 8 - - - - 4 - -
- - 4 5 - - 8 - -
- 6 - - 9 - 2 - -
- - 1 2 3 4 - - -
- 4 - - - 8 9 - -
- 7 - - 1 2 3 4 5
9 - 2 3 4 - 6 7 -
""")

PUZZLES = [
    # Wider than high, so that columns and rows cannot be swapped unseen.
    ("nurikabe", {"problem": rows("1 - - 3 -\n- - - - -\n- 3 - - -"),
                  "solution": rows("- x - - -\nx x x x x\nx - - - x")}),
    ("hitori", {"problem": rows("4 1 1 2\n3 4 3 1\n1 3 4 4\n2 2 1 1"),
                "solution": rows("- - x -\nx - - -\n- - x -\nx - - x")}),
    ("akari", {"problem": rows("- - - -\n0 - - 2\n- 0 - -\n- - - -"),
               "solution": rows("- o - -\n0 - o 2\n- 0 - o\no - - -")}),
    ("slitherlink", {"problem": rows("3 3\n- -"), "solution": rows("x x\n- -")}),
    ("heyawake", {"problem": rows("2 - -\n- - -\n- - -"),
                  # The letter a names two rooms apart, as on janko.at's larger boards.
                  "areas": rows("a a b\na a b\nc c a"),
                  "solution": rows("x - -\n- x -\n- - -")}),
    ("sudoku", {"problem": SUDOKU_PROBLEM, "solution": SUDOKU_SOLUTION}),  # `.` empty, as some are
    # A line's cells name the directions it leaves by; east is `o` (German) in some, as here.
    ("masyu", {"problem": rows("- - - -\n- w b -\n- - - -\nb - - -\n- - - -"),
               "solution": rows("- - - -\nso ew sw -\nns - ns -\nne ew nw -\n- - - -")}),
    ("fillomino", {"problem": rows("- 1 3 1\n4 - 3 -\n- 2 2 -"),
                   "solution": rows("4 1 3 1\n4 4 3 3\n4 2 2 1")}),
    # pzprjs's LITS test board (github.com/robx/pzprjs, MIT, as fixtures/pencil/lits/pzprjs.url).
    ("lits", {"areas": rows("a a b b\na a b c\na b b c\nc c c c"),
              "solution": rows("T - L L\nT T L -\nT - L -\nI I I I")}),
    # Numberlink (Arukone): a number of two hexadecimal digits (at most the count of cells, as wgrnd
    # reads numlin); east is `o`, as janko.at writes it.
    ("arukone", {"problem": rows("1 - - - - - - - 1\n17 - - - - - - - 17"),
                 "solution": rows("o ow ow ow ow ow ow ow w\no ow ow ow ow ow ow ow w")}),
    ("yajilin", {"problem": rows("- - - -\n- - - -\n1e - - -\n- 1w - -"),
                 "solution": rows("se ew ew sw\nne ew sw ns\n- x ns ns\nx - ne nw")}),
]


def write(path, puzzles):
    with bz2.open(path, "wt") as f:
        for k, (genre, data) in enumerate(puzzles, 1):
            entry = {"file": f"/{genre}/{k:03}.a.x-janko", "data": {"puzzle": genre, **data}}
            f.write(json.dumps(entry) + "\n")


def judge(puzzles):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "puzzles.jsonl.bz2")
        write(path, puzzles)
        run = subprocess.run([sys.executable, SCRIPT, path, wgrnd(), "--timeout", "30"],
                             capture_output=True, text=True)
    return run.returncode, list(csv.DictReader(io.StringIO(run.stdout))), run.stderr


def clue_facts(genre, problem):
    """The clue facts wgrnd reads from the URL the script writes for `problem`."""
    spec = importlib.util.spec_from_file_location("janko_batch", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    blank = [["-"] * len(problem[0]) for _ in problem]
    path, _ = script.READERS[genre]({"puzzle": genre, "problem": problem, "solution": blank})
    out = subprocess.run([wgrnd(), "data", "https://puzz.link/p?" + path],
                         capture_output=True, text=True, check=True).stdout
    return {line for line in out.splitlines() if line.startswith(("number(", "unknown(", "arrow("))}


class JankoBatch(unittest.TestCase):
    def test_the_urls_read_back_as_the_clues_written(self):
        # Numbers of two and three hexadecimal digits, runs of more than 20 empty cells, `?`.
        nurikabe = [["-"] * 20 for _ in range(20)]
        nurikabe[0][0], nurikabe[1][6], nurikabe[19][19] = "16", "300", "?"
        self.assertEqual(clue_facts("nurikabe", nurikabe),
                         {"number(1,1,16).", "number(2,7,300).", "unknown(20,20)."})
        # Walls with and without a number, a number carrying one or two empty cells after it.
        akari = rows("x 1 - - 4\n- - 0 - x")
        self.assertEqual(clue_facts("akari", akari),
                         {"unknown(1,1).", "number(1,2,1).", "number(1,5,4).", "number(2,3,0).",
                          "unknown(2,5)."})
        # Arrows of the four directions (1 up, 2 down, 3 left, 4 right), a number of two digits, a
        # run of 27 empty cells (more than one character's 26).
        yajilin = [["0n", "0s", "16e"] + ["-"] * 27 + ["2w"] + ["-"] * 9, ["-"] * 40]
        self.assertEqual(clue_facts("yajilin", yajilin),
                         {"arrow(1,1,1,0).", "arrow(1,2,2,0).", "arrow(1,3,4,16).",
                          "arrow(1,31,3,2)."})
        arukone = rows("1 - - - - - - - 1\n17 - - - - - - - 17")
        self.assertEqual(clue_facts("arukone", arukone),
                         {"number(1,1,1).", "number(1,9,1).", "number(2,1,17).", "number(2,9,17)."})
        slitherlink = rows("2 - - 3 -\n- - - - 0")
        self.assertEqual(clue_facts("slitherlink", slitherlink),
                         {"number(1,1,2).", "number(1,4,3).", "number(2,5,0)."})

    def test_every_genre_read_is_unique_with_the_published_answer(self):
        code, table, err = judge(PUZZLES)
        self.assertEqual(code, 0, err)
        self.assertEqual([r["verdict"] for r in table], ["unique"] * len(PUZZLES), err)
        self.assertEqual([r["answer"] for r in table], ["published"] * len(PUZZLES), err)
        self.assertEqual((table[0]["cols"], table[0]["rows"]), ("5", "3"))
        self.assertIn(f"{len(PUZZLES)} puzzles judged", err)

    def test_a_wrong_answer_and_two_solutions_fail(self):
        wrong = ("nurikabe", {"problem": rows("3 - -\n- - -\n- - 1"),
                              "solution": rows("- - -\nx x x\nx x -")})
        several = ("nurikabe", {"problem": rows("2 - -\n- - -\n- - 3"),
                                "solution": rows("- - x\nx x -\nx - -")})
        loop_elsewhere = ("slitherlink", {"problem": rows("3 3\n- -"),
                                          "solution": rows("- -\nx x")})
        masyu = next(data for genre, data in PUZZLES if genre == "masyu")
        line_elsewhere = ("masyu", {**masyu, "solution": rows(
            "- - - -\nse ew sw -\nns - ns -\nns - ns -\nne ew nw -")})
        code, table, err = judge([PUZZLES[1], wrong, several, loop_elsewhere, line_elsewhere])
        self.assertEqual(code, 1, err)
        self.assertEqual([(r["verdict"], r["answer"]) for r in table],
                         [("unique", "published"), ("unique", "differs"), ("several", ""),
                          ("unique", "differs"), ("unique", "differs")])
        self.assertIn("FAILED /nurikabe/002.a.x-janko: unique differs "
                      "https://puzz.link/p?nurikabe/3/3/", err)
        self.assertIn("FAILED /nurikabe/003.a.x-janko: several", err)

    def test_data_it_does_not_read_is_counted_with_the_reason(self):
        broken = ("hitori", {"problem": rows('1 2\n2 5">'), "solution": rows("- -\n- -")})
        other = ("kakuro", {"problem": rows("- -\n- -"), "solution": rows("- -\n- -")})
        holes = ("lits", {"areas": rows("a a @\na a a"), "solution": rows("L L -\nL L -")})
        irregular = ("sudoku", {"problem": SUDOKU_PROBLEM, "solution": SUDOKU_SOLUTION,
                                "areas": [[str(c // 3) for c in range(9)] for _ in range(9)]})
        code, table, err = judge([PUZZLES[1], broken, other, irregular, holes])
        self.assertEqual(code, 0, err)
        self.assertEqual(len(table), 1)
        self.assertIn("not read: 1 (irregular blocks)", err)
        self.assertIn("not read: 1 (blocked cells)", err)
        self.assertIn("not read: 1 (cell '5\">')", err)
        self.assertIn("not read: 1 (genre 'kakuro')", err)


if __name__ == "__main__":
    unittest.main()
