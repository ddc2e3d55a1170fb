#!/usr/bin/env python3
"""The language benchmark, the harness of the suite `lang` (`scripts/bench lang`, which installs
the peers and the release build of the Python package first; docs/benchmarks.md "Language
benchmark"): bench.py WGRND RUNS [--csv ROWS] [NAME ...]. For each standard instance (instances.py) and each tool (wgrnd,
CPMpy with PySAT/CaDiCaL 1.9.5, CPMpy with Pindakaas when it imports, clingo, MiniZinc with
Gecode when `minizinc` is on PATH): the time to the first solution and to the complete count
(counts up to 10^6 only), median of RUNS runs in alternation (the tool order rotates each run),
every answer compared with the published one; CNF sizes from `wgrnd encode` and CPMpy's PySAT
transformation. Prints a markdown table and the ratios wgrnd/peer, and with --csv writes one row
per run in the columns of scripts/bench (instance `NAME first` or `NAME count`); exit 1 on a
wrong answer.

Times: wgrnd and MiniZinc are the whole command (start-up, grounding or flattening, solving);
CPMpy and clingo are measured inside their Python process from building the model to the
answer (interpreter start-up and imports excluded, which favours them)."""

import csv
import importlib.util
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import time

import instances as I

HERE = os.path.dirname(os.path.abspath(__file__))
PY = sys.executable
TIMEOUT = float(os.environ.get("LANG_BENCH_TIMEOUT", "300"))
# The address space a peer's process may take: CPMpy's transformation of sendmore grows past
# 20 GB without an answer, which a shared machine does not have to give.
MEMORY = int(float(os.environ.get("LANG_BENCH_MEMORY_GB", "6")) * 2**30)


def cap_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def wgrnd_args(wgrnd, name, mode):
    inst = I.INSTANCES[name]
    args = [wgrnd, {"first": "solve", "count": "count", "cnf": "encode"}[mode],
            os.path.join(I.QP, inst["model"])]
    if inst["data"]:
        args += ["--data", os.path.join(I.QP, inst["data"])]
    for k, v in inst["params"].items():
        args += ["-D", f"{k}={v}"]
    if mode == "count":
        args += ["--max", "1000000"]
    return args


def run_wgrnd(wgrnd, name, mode):
    t0 = time.perf_counter()
    out = subprocess.run(wgrnd_args(wgrnd, name, mode), capture_output=True, text=True, timeout=TIMEOUT)
    t = time.perf_counter() - t0
    if mode == "first":
        if out.returncode not in (10, 20):
            raise RuntimeError(f"wgrnd solve {name}: exit {out.returncode}: {out.stderr[-500:]}")
        return (1 if out.returncode == 10 else 0), t
    if out.returncode not in (10, 12, 20):
        raise RuntimeError(f"wgrnd count {name}: exit {out.returncode}: {out.stderr[-500:]}")
    return int(out.stdout.split()[0]), t


def wgrnd_cnf(wgrnd, name):
    out = subprocess.run(wgrnd_args(wgrnd, name, "cnf"), capture_output=True, text=True, timeout=TIMEOUT)
    m = re.search(r"^p cnf (\d+) (\d+)", out.stdout, re.M)
    return (int(m.group(1)), int(m.group(2))) if m else None


def run_group(args, **kw):
    """subprocess.run with the time limit applied to the whole process group (MiniZinc's solver,
    fzn-gecode, is a grandchild that a plain timeout leaves running) and the memory capped."""
    with subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True, preexec_fn=cap_memory, **kw) as p:
        try:
            out, err = p.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            raise
    return subprocess.CompletedProcess(args, p.returncode, out, err)


def run_py(script, name, mode, *extra):
    out = run_group([PY, os.path.join(HERE, script), name, mode, *extra], cwd=HERE)
    m = re.search(r"^solutions (\d+) seconds ([0-9.]+)", out.stdout, re.M)
    if not m:
        raise RuntimeError(f"{script} {name} {mode}: {out.stderr.strip()[-500:]}")
    return int(m.group(1)), float(m.group(2))


def cpmpy_cnf(name):
    try:
        out = run_group([PY, os.path.join(HERE, "cpmpy_run.py"), name, "cnf"], cwd=HERE)
    except subprocess.TimeoutExpired:  # CPMpy's transformation did not end: no size, the table still printed
        return None
    m = re.search(r"^cnf (\d+) (\d+)", out.stdout, re.M)
    return (int(m.group(1)), int(m.group(2))) if m else None


def tools(wgrnd):
    ts = [("wgrnd", lambda n, m: run_wgrnd(wgrnd, n, m))]
    if importlib.util.find_spec("wgrnd") is not None:  # the library in process, measured as the Python peers are
        ts.append(("wgrnd-py", lambda n, m: run_py("wgrnd_run.py", n, m)))
    ts.append(("cpmpy-pysat", lambda n, m: run_py("cpmpy_run.py", n, m, "pysat:cadical195")))
    if importlib.util.find_spec("pindakaas") is not None:
        ts.append(("cpmpy-pindakaas", lambda n, m: run_py("cpmpy_run.py", n, m, "pindakaas")))
    ts.append(("clingo", lambda n, m: run_py("clingo_run.py", n, m)))
    if any(os.access(os.path.join(d, "minizinc"), os.X_OK) for d in os.environ["PATH"].split(os.pathsep)):
        ts.append(("minizinc-gecode", lambda n, m: run_py("minizinc_run.py", n, m)))
    only = os.environ.get("LANG_BENCH_TOOLS")  # e.g. "wgrnd,wgrnd-py,clingo": a subset, same protocol
    return [t for t in ts if not only or t[0] in only.split(",")]


COLUMNS = ["instance", "tool", "rep", "status", "wall_s", "cpu_s", "instructions", "inner_s", "answer",
           "expected", "note"]


def main():
    args = sys.argv[1:]
    rows_path = None
    if "--csv" in args:
        k = args.index("--csv")
        rows_path = args[k + 1]
        del args[k:k + 2]
    wgrnd, runs = args[0], int(args[1])
    names = args[2:] or list(I.INSTANCES)
    ts = tools(wgrnd)
    times, wrong, failed, rows = {}, [], {}, []
    for name in names:
        want = I.INSTANCES[name]["count"]
        modes = ["first"] + (["count"] if want is not None and want <= 10**6 else [])
        for r in range(runs):
            order = ts[r % len(ts):] + ts[:r % len(ts)]
            for tool, run in order:
                for mode in modes:
                    if (tool, name, mode) in failed:
                        continue
                    expect = None if want is None else (1 if want != 0 else 0) if mode == "first" else want
                    row = dict(instance=f"{name} {mode}", tool=tool, rep=r + 1, expected=expect)
                    try:
                        n, t = run(name, mode)
                    except Exception as e:  # a timeout or a failing peer: reported, not timed
                        if isinstance(e, subprocess.TimeoutExpired):
                            why = f"no answer in {TIMEOUT:.0f} s"
                        else:
                            why = (str(e).splitlines() or [type(e).__name__])[0][:120]
                        timeout = isinstance(e, subprocess.TimeoutExpired)
                        rows.append(dict(row, status="timeout" if timeout else "error", note=why))
                        for m in modes:  # a first solution that fails or times out: no count either
                            if m == mode or mode == "first":
                                failed[(tool, name, m)] = why
                        continue
                    ok = want is None or n == expect
                    if not ok:
                        wrong.append(f"{tool} {name} {mode}: {n}, published {expect}")
                    rows.append(dict(row, status="ok" if ok else "wrong", wall_s=f"{t:.6f}", answer=n))
                    times.setdefault((tool, name, mode), []).append(t)
                    print(f"# run {r + 1} {tool} {name} {mode}: {n} in {t:.3f} s", file=sys.stderr)
    med = {k: statistics.median(v) for k, v in times.items()}
    cnf = {}
    for name in names:
        cnf[("wgrnd", name)] = wgrnd_cnf(wgrnd, name)
        cnf[("cpmpy-pysat", name)] = cpmpy_cnf(name)
    fmt = lambda x: "-" if x is None else f"{x:.4f}"  # noqa: E731
    print("| model | tool | first (s) | count (s) | CNF vars | CNF clauses | wgrnd/tool first | wgrnd/tool count "
          "| wgrnd-py/tool first | wgrnd-py/tool count |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        for tool, _ in ts:
            f, c = med.get((tool, name, "first")), med.get((tool, name, "count"))
            size = cnf.get((tool, name))
            ratio = lambda ours, mode, theirs: (  # noqa: E731
                f"{med[(ours, name, mode)] / theirs:.2f}"
                if not tool.startswith("wgrnd") and (ours, name, mode) in med and theirs else "-")
            rf, rc = ratio("wgrnd", "first", f), ratio("wgrnd", "count", c)
            pf, pc = ratio("wgrnd-py", "first", f), ratio("wgrnd-py", "count", c)
            vs, cs = (f"{size[0]:,}", f"{size[1]:,}") if size else ("-", "-")
            note = "".join(f" ({m}: {failed[(tool, name, m)]})" for m in ("first", "count") if (tool, name, m) in failed)
            print(f"| {name} | {tool}{note} | {fmt(f)} | {fmt(c)} | {vs} | {cs} | {rf} | {rc} | {pf} | {pc} |")
    print(f"\n{runs} run(s) each, median; wgrnd: {os.path.relpath(wgrnd, I.ROOT)}")
    if rows_path:
        with open(rows_path, "w", newline="") as f:
            w = csv.DictWriter(f, COLUMNS)
            w.writeheader()
            w.writerows(rows)
    if wrong:
        print("\nWRONG ANSWERS:\n" + "\n".join(wrong))
        sys.exit(1)


if __name__ == "__main__":
    main()
