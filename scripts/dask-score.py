#!/usr/bin/env python3
"""Edge matching by score (Eternity II) on a Dask cluster (PyPI `distributed`; on Slurm or PBS start
it with `dask-jobqueue`): one task per seed, each `wgrnd solve --maximize matches` on one core, the
best board of all gathered as it improves.

    dask scheduler --scheduler-file sched.json &              # or any running cluster
    dask worker --scheduler-file sched.json --nthreads 1 &    (one per core, on every machine)
    scripts/dask-score.py --scheduler-file sched.json --seeds 1-64 --timeout 3600 \\
        --best best.json fixtures/heule/e2hints.txt

Each task runs wgrnd on its worker (`--jobs 1 --seed S`, the time limit or, for repeatable runs,
`--fill-nodes N --moves M`) and, whenever its board improves (`wgrnd --best` rewrites its file),
puts the board on a Dask queue; the driver keeps the best board of all (ties: the lower seed),
writes it to `--best FILE` whole (a temporary file renamed) and prints `c T s: score N/TOTAL (seed
S)`. At the end the best board is checked by `wgrnd check` and its score printed; exit 10 when
every inner edge matches, 11 otherwise (wgrnd's codes), 3 when wgrnd rejects the board, 2 bad
arguments. With `--fill-nodes` and `--moves` each seed's run is the same on any machine, so the
gathered board equals the best of the same seeds run one after another on one machine (tested
in tests/parallel.rs). Dask's scheduler does all the talking; the tasks share the puzzle's path,
so the cluster needs a shared file system (or the same checkout on every machine).
"""

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid


def run_seed(wgrnd, puzzle, seed, budget, queue_name):
    """A task: one seed's search; every better board it writes goes to the queue."""
    from distributed import Queue

    queue = Queue(queue_name)
    with tempfile.TemporaryDirectory(prefix="wgrnd-dask-") as tmp:
        best = os.path.join(tmp, "best.json")
        cmd = [wgrnd, "solve", "--maximize", "matches", puzzle, "--jobs", "1", "--seed", str(seed),
               "--best", best, "-o", os.path.join(tmp, "shown.txt"), *budget]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, start_new_session=True)
        seen = None
        last = -1

        def publish(always=False):
            nonlocal seen, last
            try:
                stamp = os.stat(best).st_mtime_ns
                if stamp == seen and not always:
                    return
                with open(best, encoding="utf-8") as f:
                    board = json.load(f)
            except (OSError, ValueError):
                return
            seen = stamp
            if board.get("score", -1) > last:
                last = board["score"]
                queue.put({"seed": seed, "board": board})

        while proc.poll() is None:
            publish()
            time.sleep(0.5)
        err = proc.stderr.read().decode("utf-8", "replace")
        # The last board, even if written within the clock tick of the one before.
        publish(always=True)
        return {"seed": seed, "code": proc.returncode, "score": last, "error": err if proc.returncode not in (10, 11) else ""}


def seeds_of(text):
    """`1-8,12` as [1..8, 12]."""
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def write_whole(path, text):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".wgrnd-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler-file", help="the file `dask scheduler --scheduler-file` wrote")
    where.add_argument("--scheduler", help="the scheduler's address (tcp://host:8786)")
    ap.add_argument("--workers", type=int, default=0, help="wait until this many workers are there")
    ap.add_argument("--wgrnd", default="wgrnd", help="the wgrnd program (on every worker)")
    ap.add_argument("--seeds", default="1-4", help="seeds, one task each: 1-64 or 1,5,9")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per task")
    ap.add_argument("--fill-nodes", type=int, default=None, help="repeatable runs: the start fill's placements")
    ap.add_argument("--moves", type=int, default=None, help="repeatable runs: moves after the start fill")
    ap.add_argument("--best", required=True, help="the best board of all, written as it improves (JSON)")
    ap.add_argument("puzzle")
    args = ap.parse_args()
    try:
        seeds = seeds_of(args.seeds)
    except ValueError:
        print(f"dask-score: --seeds {args.seeds}: expected seeds like 1-64 or 1,5,9", file=sys.stderr)
        return 2
    if args.timeout is None and (args.fill_nodes is None or args.moves is None):
        print("dask-score: give --timeout, or --fill-nodes and --moves (else a task never ends)", file=sys.stderr)
        return 2
    budget = []
    if args.timeout is not None:
        budget += ["--timeout", str(args.timeout)]
    if args.fill_nodes is not None:
        budget += ["--fill-nodes", str(args.fill_nodes)]
    if args.moves is not None:
        budget += ["--moves", str(args.moves)]
    puzzle = os.path.abspath(args.puzzle)

    from distributed import Client, Queue, wait

    client = Client(scheduler_file=args.scheduler_file) if args.scheduler_file else Client(args.scheduler)
    started = time.monotonic()
    try:
        if args.workers:
            client.wait_for_workers(args.workers, timeout=120)
        queue_name = f"wgrnd-score-{uuid.uuid4().hex}"
        queue = Queue(queue_name, client=client)
        futures = [client.submit(run_seed, args.wgrnd, puzzle, s, budget, queue_name, pure=False,
                                 key=f"wgrnd-seed-{s}-{queue_name}") for s in seeds]
        best = None

        def take(item):
            nonlocal best
            board, seed = item["board"], item["seed"]
            key = (board["score"], -seed)
            if best is None or key > (best["board"]["score"], -best["seed"]):
                best = item
                write_whole(args.best, json.dumps(board, indent=1) + "\n")
                total = board.get("total", "?")
                print(f"c {time.monotonic() - started:.1f} s: score {board['score']}/{total} (seed {seed})",
                      file=sys.stderr, flush=True)

        while not all(f.done() for f in futures):
            try:
                take(queue.get(timeout=1))
            except (TimeoutError, asyncio.TimeoutError):
                pass
        # Boards put just before their task ended.
        while queue.qsize() > 0:
            take(queue.get())
        wait(futures)
        for seed, f in zip(seeds, futures):
            if f.status == "error":
                print(f"dask-score: seed {seed}: the task failed: {f.exception()}", file=sys.stderr)
            elif f.result()["error"]:
                r = f.result()
                print(f"dask-score: seed {seed} failed (exit {r['code']}): {r['error'].strip()}", file=sys.stderr)
        if best is None:
            print("dask-score: no task returned a board", file=sys.stderr)
            return 3
        checked = subprocess.run([args.wgrnd, "check", puzzle, args.best], capture_output=True, text=True)
        print(checked.stdout, end="")
        score, total = best["board"]["score"], best["board"].get("total")
        # `wgrnd check`: 0 for a board with every edge matched, 1 for one with mismatches (then
        # it prints the score), anything else an error (a board that breaks a clue or the frame
        # is no "mismatch" and gets no score line).
        said = f"score: {score}/{total} inner edges match"
        if checked.returncode not in (0, 1) or (score != total and said not in checked.stdout):
            print(f"dask-score: wgrnd check refuses the board or scores it otherwise (exit {checked.returncode}): "
                  f"{checked.stderr.strip()}", file=sys.stderr)
            return 3
        print(f"dask-score: best {score}/{total} (seed {best['seed']}), checked by wgrnd check", file=sys.stderr)
        return 10 if score == total else 11
    finally:
        client.close()


if __name__ == "__main__":
    sys.exit(main())
