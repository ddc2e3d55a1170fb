#!/usr/bin/env python3
"""Judges the published puzzles of Pencil Puzzle Bench with `wgrnd batch` and compares each
verdict with the one the dataset records (cspuz's: every puzzle in it is unique).

Usage: scripts/ppbench-batch.py DATASET.jsonl [WGRND] [--timeout S] [--cspuz RUN_SOLVER] > result.csv

DATASET.jsonl: a file of github.com/approximatelabs/pencil-puzzle-bench (MIT; its puzzles are
the setters' own, posted on Twitter and blogs and collected by puzz.link's database), such as
`ppbench/bundled/golden_300.jsonl`. It stays outside this repository: the script reads it where it
lies. One line per puzzle: the `puzzlink_url`, its `pid`, `cspuz_is_unique` under `metadata`.

With --cspuz, cspuz's `run_solver` (github.com/semiexp/cspuz_core, built outside this repository)
judges each puzzle too, one process each, timed by the wall clock; wgrnd's seconds are `batch`'s
own (reading, grounding and the verdict, in one process for all).

Writes one CSV row per puzzle (genre, size, wgrnd's verdict, seconds, agrees) and, on standard
error, per genre: puzzles, verdicts that agree and that disagree, URLs refused (with the error),
puzzles of genres wgrnd does not read. Exit 1 when a puzzle wgrnd reads gets another verdict.
"""
import argparse
import collections
import csv
import json
import subprocess
import sys
import time
from pathlib import Path

from batches import batch_verdicts  # in scripts/, this script's folder

ROOT = Path(__file__).resolve().parent.parent


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("wgrnd", nargs="?", default=str(ROOT / "target" / "dist" / "wgrnd"))
    ap.add_argument("--timeout", type=int, default=60, help="whole seconds per puzzle (batch's --timeout)")
    ap.add_argument("--cspuz", help="cspuz's run_solver, timed on each puzzle beside wgrnd")
    args = ap.parse_args()
    puzzles = [json.loads(line) for line in open(args.dataset) if line.strip()]
    judged = batch_verdicts(args.wgrnd, [p["puzzlink_url"] for p in puzzles], args.timeout)
    out = csv.writer(sys.stdout)
    out.writerow(["line", "genre", "cols", "rows", "verdict", "seconds", "expected", "agrees",
                  "cspuz_verdict", "cspuz_seconds"])
    totals = collections.defaultdict(lambda: [0.0, 0.0])
    per = collections.defaultdict(collections.Counter)
    bad = []
    refused = []
    for k, p in enumerate(puzzles, 1):
        j = judged.get(k, {"verdict": "missing"})
        expected = "unique" if p.get("metadata", {}).get("cspuz_is_unique") else "unknown"
        verdict = j.get("verdict", "error")
        agrees = verdict == expected
        peer = ["", ""]
        if args.cspuz and verdict != "error":
            clock = time.monotonic()
            said = subprocess.run([args.cspuz, p["puzzlink_url"]], capture_output=True, text=True).stdout
            peer = [said.strip().split(": ")[-1].lower().replace(" ", "-"), f"{time.monotonic() - clock:.4f}"]
            totals[p["pid"]][0] += j.get("seconds", 0)
            totals[p["pid"]][1] += float(peer[1])
        out.writerow([k, p["pid"], p["width"], p["height"], verdict, f"{j.get('seconds', 0):.4f}",
                      expected, int(agrees)] + peer)
        per[p["pid"]]["puzzles"] += 1
        if agrees:
            per[p["pid"]]["agree"] += 1
        elif verdict == "error" and "one of wgrnd's genres" in j.get("error", ""):
            per[p["pid"]]["unread"] += 1
        elif verdict == "error":
            per[p["pid"]]["refused"] += 1
            refused.append((k, j.get("error", "")))
        else:
            per[p["pid"]]["disagree"] += 1
            bad.append((k, p["puzzlink_url"], verdict))
    for g, c in sorted(per.items()):
        print(f"{g}: {c['puzzles']} puzzles, {c['agree']} agree, {c['disagree']} disagree, "
              f"{c['refused']} refused, {c['unread']} of a genre wgrnd does not read", file=sys.stderr)
    for g, (w, c) in sorted(totals.items()):
        print(f"{g}: wgrnd {w:.2f} s, cspuz {c:.2f} s in all", file=sys.stderr)
    for k, e in refused:
        print(f"line {k}: refused: {e}", file=sys.stderr)
    for k, u, v in bad:
        print(f"line {k}: {v}: {u}", file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
