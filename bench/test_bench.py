#!/usr/bin/env python3
"""The benchmark runner's own tests: scripts/bench on bench/suites/smoke.toml (two fixture
puzzles, one repetition) must write the rows and the comment line it promises, skip a missing
peer with its note, and exit non-zero when an expected count is wrong or a tool fails. Every
suite must load.

    python3 -m unittest bench/test_bench.py        (about half a minute)

The wgrnd binary: $WGRND, else target/debug/wgrnd (built with `cargo build -p wgrnd-cli` when
missing), so that it runs right after scripts/test.sh without a release build."""

import csv
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
BENCH = os.path.join(ROOT, "scripts", "bench")


def wgrnd():
    if os.environ.get("WGRND"):
        return os.environ["WGRND"]
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    path = os.path.join(target, "debug", "wgrnd")
    if not os.access(path, os.X_OK):
        subprocess.run(["cargo", "build", "-q", "--locked", "-p", "wgrnd-cli"], cwd=ROOT, check=True)
    return path


def read(path):
    """(the comment line, the rows) of a results CSV."""
    with open(path) as f:
        first = f.readline()
        return first, list(csv.DictReader(f))


class Runner(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.wgrnd = wgrnd()
        cls.tmp = tempfile.mkdtemp(prefix="bench-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def bench(self, *args):
        return subprocess.run([sys.executable, BENCH, *args, "--wgrnd", self.wgrnd], cwd=ROOT,
                              capture_output=True, text=True, timeout=600)

    def suite_with(self, old, new):
        """smoke.toml with one text replaced, as a suite file of its own."""
        with open(os.path.join(ROOT, "bench", "suites", "smoke.toml")) as f:
            text = f.read()
        self.assertIn(old, text)
        path = os.path.join(self.tmp, f"smoke-{abs(hash(new))}.toml")
        with open(path, "w") as f:
            f.write(text.replace(old, new))
        return path

    def test_smoke_rows_and_header(self):
        out = os.path.join(self.tmp, "smoke.csv")
        r = self.bench("smoke", "--quick", "--out", out)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        first, rows = read(out)
        for part in ("# command: scripts/bench smoke --quick", "commit: ", "machine: nproc ", "date: 20",
                     "measure: wall, 1 run(s)"):
            self.assertIn(part, first)
        ran = sorted((row["instance"], row["tool"], row["status"], row["answer"]) for row in rows if row["instance"])
        self.assertEqual(ran, [("easy", "wgrnd", "ok", "6144"), ("easy", "wgrnd-json", "ok", "6144"),
                               ("witches", "wgrnd", "ok", "4"), ("witches", "wgrnd-json", "ok", "4")])
        for row in rows:
            if row["instance"]:
                self.assertGreater(float(row["wall_s"]), 0)
                self.assertEqual(row["rep"], "1")
        skipped = [row for row in rows if row["status"] == "skipped"]
        self.assertEqual([row["tool"] for row in skipped], ["absent-peer"])
        self.assertIn("never is", skipped[0]["note"])
        self.assertIn("absent-peer: skipped", r.stdout)
        self.assertIn("wgrnd / wgrnd-json", r.stdout)  # the ratio column

    def test_wrong_expected_count_fails(self):
        path = self.suite_with("expect = 6144", "expect = 6145")
        out = os.path.join(self.tmp, "wrong.csv")
        r = self.bench(path, "--quick", "--out", out)
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        _, rows = read(out)
        wrong = sorted((row["instance"], row["tool"]) for row in rows if row["status"] == "wrong")
        self.assertEqual(wrong, [("easy", "wgrnd"), ("easy", "wgrnd-json")])
        self.assertIn("WRONG", r.stdout)

    def test_disagreeing_tools_fail(self):
        # The JSON tool reads another field: the answers differ, and no count is expected there.
        path = self.suite_with('answer = { json = "count" }', 'answer = { json = "complete" }')
        path = self.suite_with_file(path, "expect = 4\n", "\n")
        r = self.bench(path, "--quick", "--only", "witches", "--out", os.path.join(self.tmp, "disagree.csv"))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("tools disagree", r.stderr)

    def suite_with_file(self, path, old, new):
        with open(path) as f:
            text = f.read()
        self.assertIn(old, text)
        with open(path, "w") as f:
            f.write(text.replace(old, new))
        return path

    def test_failing_tool_fails(self):
        path = self.suite_with("ok = [10, 12, 20]\nanswer = { stdout", "ok = [0]\nanswer = { stdout")
        r = self.bench(path, "--quick", "--only", "witches", "--out", os.path.join(self.tmp, "exit.csv"))
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("ERR", r.stdout)

    def test_before_column(self):
        out = os.path.join(self.tmp, "before.csv")
        r = self.bench("smoke", "--quick", "--only", "witches", "--wgrnd-before", self.wgrnd, "--out", out)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        _, rows = read(out)
        tools = sorted(row["tool"] for row in rows if row["instance"])
        self.assertEqual(tools, ["wgrnd", "wgrnd-json", "wgrnd-json@before", "wgrnd@before"])
        self.assertIn("wgrnd / wgrnd@before", r.stdout)

    def test_failing_setup_fails(self):
        path = self.suite_with("test -d {tmp}", "false")
        r = self.bench(path, "--quick", "--out", os.path.join(self.tmp, "setup.csv"))
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("setup failed", r.stderr)

    def test_harness(self):
        # A suite that runs its own harness: the runner passes {csv}, {runs} and {instances} and
        # writes the harness's rows under its comment line; the harness's exit status decides.
        path = os.path.join(self.tmp, "harness.toml")
        row = "instance,tool,rep,status,wall_s\\n{instances},wgrnd,{runs},ok,0.5\\n"
        for status, code in (("exit 0", 0), ("exit 1", 1)):
            with open(path, "w") as f:
                f.write(f'harness = "printf \'{row}\' > {{csv}}; {status}"\nquick = ["one"]\n')
            out = os.path.join(self.tmp, "harness.csv")
            r = self.bench(path, "--quick", "--out", out)
            self.assertEqual(r.returncode, code, r.stdout + r.stderr)
            first, rows = read(out)
            self.assertIn("# command: scripts/bench", first)
            self.assertEqual([(x["instance"], x["rep"], x["status"]) for x in rows], [("one", "1", "ok")])

    @unittest.skipUnless(shutil.which("valgrind"), "valgrind is not installed")
    def test_instructions(self):
        out = os.path.join(self.tmp, "instructions.csv")
        r = self.bench("smoke", "--quick", "--only", "witches", "--tools", "wgrnd", "--measure", "instructions",
                       "--out", out)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        _, rows = read(out)
        counted = [int(row["instructions"]) for row in rows if row["instance"]]
        self.assertEqual(len(counted), 1)
        self.assertGreater(counted[0], 1_000_000)

    def test_instructions_suites_run_each_tool_alone(self):
        # Callgrind follows every process a command starts, so a pipe or a `$(cat ...)` in a
        # tool's command charges grep, cat and bash to that tool (2.2 M instructions a run, a
        # third of a small puzzle's). `$(< FILE)` is read by the shell itself.
        import re
        import tomllib
        for path in sorted(glob.glob(os.path.join(ROOT, "bench", "suites", "*.toml"))):
            with open(path, "rb") as f:
                suite = tomllib.load(f)
            if suite.get("measure") != "instructions":
                continue
            for tool in suite.get("tool", []):
                extra = re.search(r"\||&|;|\$\((?!<)|[<>]\(|`|\n", tool["command"])
                self.assertIsNone(extra, f"{os.path.basename(path)}: tool {tool['name']}: {tool['command']}")

    def test_every_suite_loads(self):
        r = subprocess.run([sys.executable, BENCH, "--list"], cwd=ROOT, capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        names = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(ROOT, "bench", "suites", "*.toml")))
        self.assertIn("smoke", names)
        for name in names:
            self.assertIn(name, r.stdout)
        self.assertNotIn("BAD SUITE", r.stdout)


if __name__ == "__main__":
    unittest.main()
