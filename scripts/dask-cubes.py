#!/usr/bin/env python3
"""Runs the cubes of a puzzle on a Dask cluster (PyPI `distributed`; on Slurm or PBS start it with
`dask-jobqueue`), one task per cube, and stops at the first solution that wgrnd checks.

    wgrnd cube PUZZLE --cubes 256 --dir cubes/          # the cube files (a shared file system)
    dask scheduler --scheduler-file sched.json &         # or any running cluster
    dask worker --scheduler-file sched.json --nthreads 1 &   (one per core, on every machine)
    scripts/dask-cubes.py --scheduler-file sched.json PUZZLE cubes/ [-- ENCODING/VIEW FLAGS]

Each task runs a SAT solver (default `cadical -q`; `--solver "kissat -q"`) on its cube's DIMACS
file, which holds the puzzle's CNF and the cube as unit clauses, and returns the solver's exit
code and answer. The first SAT answer is decoded and checked by `wgrnd decode PUZZLE ANSWER --cnf
CUBE` (the CNF's puzzle-hash must match: give the encoding flags of `wgrnd cube` after `--`); a
checked solution is printed and every other task is stopped (a Dask Event the tasks poll; running
solvers are killed with their process group). Exit codes are wgrnd's: 10 solved and checked, 20
every cube unsatisfiable, 30 some cube unknown, 3 a model that wgrnd rejected, 2 bad arguments.
Nothing here speaks a protocol of its own: Dask's scheduler does all the talking.
"""

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid


def run_cube(cnf, solver, stop_name, timeout):
    """A task: the solver on one cube file; polls the stop event while it runs."""
    from distributed import Event

    stop = Event(stop_name)
    # The answer comes through a pipe, not a file: a worker torn down while a task runs (the
    # cluster stopped after the first answer) leaves no temporary folder behind. communicate()
    # may be retried after a timeout without losing output.
    proc = subprocess.Popen(solver + [cnf], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    started = time.monotonic()
    verdict = None
    while True:
        try:
            output, _ = proc.communicate(timeout=0.2)
            break
        except subprocess.TimeoutExpired:
            late = timeout is not None and time.monotonic() - started > timeout
            if late or stop.is_set():
                os.killpg(proc.pid, signal.SIGKILL)
                output, _ = proc.communicate()
                verdict = "timeout" if late else "stopped"
                break
    seconds = time.monotonic() - started
    code = proc.returncode
    answer = output.decode("utf-8", errors="replace") if code == 10 else ""
    verdict = verdict or {10: "sat", 20: "unsat"}.get(code, f"exit {code}")
    return {"cnf": cnf, "code": code, "verdict": verdict, "seconds": seconds, "answer": answer}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler-file", help="the file `dask scheduler --scheduler-file` wrote")
    where.add_argument("--scheduler", help="the scheduler's address (tcp://host:8786)")
    ap.add_argument("--workers", type=int, default=0, help="wait until this many workers are there")
    ap.add_argument("--solver", default="cadical -q", help="solver command line run on each cube file")
    ap.add_argument("--wgrnd", default="wgrnd", help="the wgrnd program (decodes and checks)")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per cube (then unknown)")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per cube on stderr")
    ap.add_argument("puzzle")
    ap.add_argument("cubes", help="a directory written by `wgrnd cube --dir`")
    ap.add_argument("flags", nargs="*", help="after --: wgrnd decode's encoding and view flags")
    args = ap.parse_args()

    manifest_path = os.path.join(args.cubes, "manifest.json")
    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
        files = [os.path.abspath(os.path.join(args.cubes, c["file"])) for c in manifest["cubes"]]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"dask-cubes: {manifest_path}: expected the manifest of `wgrnd cube --dir` ({e})", file=sys.stderr)
        return 2

    from distributed import Client, Event, as_completed

    client = Client(scheduler_file=args.scheduler_file) if args.scheduler_file else Client(args.scheduler)
    try:
        if args.workers:
            client.wait_for_workers(args.workers, timeout=120)
        stop_name = f"wgrnd-stop-{uuid.uuid4().hex}"
        stop = Event(stop_name, client=client)
        solver = args.solver.split()
        futures = [client.submit(run_cube, cnf, solver, stop_name, args.timeout, pure=False, key=f"wgrnd-cube-{k + 1}-{stop_name}")
                   for k, cnf in enumerate(files)]
        verdicts = []
        for future in as_completed(futures):
            r = future.result()
            verdicts.append(r["verdict"])
            if args.verbose:
                print(f"c {os.path.basename(r['cnf'])} {r['verdict']} {r['seconds']:.3f} s", file=sys.stderr)
            if r["code"] != 10:
                continue
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as a:
                a.write(r["answer"])
            try:
                decoded = subprocess.run([args.wgrnd, "decode", args.puzzle, a.name, "--cnf", r["cnf"], *args.flags],
                                         capture_output=True, text=True)
            finally:
                os.unlink(a.name)
            if decoded.returncode != 10:
                print(f"dask-cubes: wgrnd rejected the model of {r['cnf']}: {decoded.stderr.strip()}", file=sys.stderr)
                stop.set()
                client.cancel(futures)
                return 3
            stop.set()
            client.cancel(futures)
            sys.stdout.write(decoded.stdout)
            print(f"dask-cubes: solved and checked: {os.path.basename(r['cnf'])}", file=sys.stderr)
            return 10
        if all(v == "unsat" for v in verdicts):
            print("dask-cubes: no solution: every cube is unsatisfiable", file=sys.stderr)
            return 20
        print("dask-cubes: unknown: some cube gave no answer", file=sys.stderr)
        return 30
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
