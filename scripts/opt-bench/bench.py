"""The optimisation benchmark (issue 26): wgrnd against RC2 (python-sat, reading wgrnd's WCNF)
and clingo's #minimize on the models of fixtures/qprop with known optima; the whole process
timed, median of RUNS alternating runs, every optimum checked against the published one.
    python bench.py WGRND RUNS [INSTANCE ...]"""
import math, os, re, resource, statistics, subprocess, sys, tempfile, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIX = os.path.join(ROOT, "fixtures", "qprop")
ASP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "asp")
LIMIT = float(os.environ.get("OPT_BENCH_LIMIT", "120"))

# name: (model, data, -D definitions, clingo consts, clingo program, clingo's facts (a .col
# graph, or (predicate, CSV file) for a table), the published optimum as the model states it
# (for a set: the vertices left out), clingo's value)
INSTANCES = {
    "golomb-8": ("golomb.qp", None, ["m=8"], ["m=8", "len=64"], "golomb.lp", None, 34, 34),
    "golomb-9": ("golomb.qp", None, ["m=9"], ["m=9", "len=81"], "golomb.lp", None, 44, 44),
    "golomb-10": ("golomb.qp", None, ["m=10"], ["m=10", "len=100"], "golomb.lp", None, 55, 55),
    # The same rulers with the implied constraints stated (in both models): run only when named.
    "golomb-8-implied": ("golomb.qp", None, ["m=8", "implied=1"], ["m=8", "len=64", "implied=1"], "golomb.lp", None, 34, 34),
    "golomb-9-implied": ("golomb.qp", None, ["m=9", "implied=1"], ["m=9", "len=81", "implied=1"], "golomb.lp", None, 44, 44),
    "golomb-10-implied": ("golomb.qp", None, ["m=10", "implied=1"], ["m=10", "len=100", "implied=1"], "golomb.lp", None, 55, 55),
    "queen-domination-8": ("queen-domination.qp", None, ["n=8"], ["n=8"], "queen-domination.lp", None, 5, 5),
    "mis-myciel4": ("independent-set.qp", "myciel4.qpd", [], [], "independent-set.lp", "myciel4.col", 23 - 11, -11),
    "mis-queen5_5": ("independent-set.qp", "queen5_5.qpd", [], [], "independent-set.lp", "queen5_5.col", 25 - 5, -5),
    "shidoku-givens": ("shidoku-givens.qp", None, [], [], "shidoku-givens.lp", ("differ", "shidoku-differ.csv"), 4, 4),
}


def col_facts(col):
    if isinstance(col, tuple):
        pred, csv = col
        rows = [line.strip() for line in open(os.path.join(FIX, csv))][1:]
        return "".join("%s(%s).\n" % (pred, r) for r in rows if r)
    out = []
    for line in open(os.path.join(FIX, col)):
        w = line.split()
        if w[:2] == ["p", "edge"]:
            out.append("vertex(1..%s)." % w[2])
        elif w[:1] == ["e"]:
            out.append("edge(%s,%s)." % (w[1], w[2]))
    return "\n".join(out) + "\n"


# The CPU seconds (user + system) of each finished run, by tool, beside the wall times: on a
# shared machine the CPU time is the steadier measure.
CPU = []


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd):
    t, c = time.perf_counter(), children_cpu()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=LIMIT)
    except subprocess.TimeoutExpired:
        # Killed at the limit (and waited for): the CPU it had taken by then, a lower bound.
        CPU.append(children_cpu() - c)
        return None, "", "timeout"
    CPU.append(children_cpu() - c)
    return time.perf_counter() - t, p.stdout, p.stderr


def run_wgrnd(wgrnd, inst):
    model, data, defs, _, _, _, _, _ = inst
    cmd = [wgrnd, "solve", os.path.join(FIX, model), "--json"]
    if data:
        cmd += ["--data", os.path.join(FIX, data)]
    for d in defs:
        cmd += ["-D", d]
    t, out, err = timed(cmd)
    if t is None:
        return None, None
    import json
    doc = json.loads(out)
    assert doc["optimal"], err
    return t, doc["objective"][0]


def run_rc2(python, wcnf):
    script = ("import sys\nfrom pysat.formula import WCNF\nfrom pysat.examples.rc2 import RC2\n"
              "r = RC2(WCNF(from_file=sys.argv[1]))\nm = r.compute()\nprint('o', r.cost)\n")
    t, out, err = timed([python, "-c", script, wcnf])
    if t is None:
        return None, None
    return t, int(re.search(r"^o (-?\d+)", out, re.M).group(1))


def run_clingo(clingo, inst, facts):
    _, _, _, consts, lp, _, _, _ = inst
    cmd = clingo + [os.path.join(ASP, lp), "--opt-mode=opt", "--quiet=1"]
    if facts:
        cmd.append(facts)
    for c in consts:
        cmd += ["-c", c]
    t, out, err = timed(cmd)
    if t is None:
        return None, None
    assert "OPTIMUM FOUND" in out, out
    return t, int(re.findall(r"Optimization\s*:\s*(-?\d+)", out)[-1])


def main():
    wgrnd, runs = sys.argv[1], int(sys.argv[2])
    # golomb-10 (minutes for RC2 and clingo) and the implied variants only when named.
    names = sys.argv[3:] or [n for n in INSTANCES if "golomb-10" not in n and "implied" not in n]
    python = sys.executable
    # The clingo wheel's command line (`python -m clingo`), the clingo binary when the wheel has one.
    exe = os.path.join(os.path.dirname(python), "clingo")
    clingo = [exe] if os.path.exists(exe) else [python, "-m", "clingo"]
    tmp = tempfile.mkdtemp()
    print("Each cell: the median wall seconds, the median CPU seconds (user + system) in brackets.\n")
    print("| instance | optimum | wgrnd (s) | RC2 (s) | clingo (s) | wgrnd / RC2 | wgrnd / clingo |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        inst = INSTANCES[name]
        model, data, defs, _, _, col, want, clingo_want = inst
        wcnf = os.path.join(tmp, name + ".wcnf")
        cmd = [wgrnd, "encode", "--wcnf", os.path.join(FIX, model), "-o", wcnf]
        if data:
            cmd += ["--data", os.path.join(FIX, data)]
        for d in defs:
            cmd += ["-D", d]
        subprocess.run(cmd, check=True)
        offset = int(re.search(r"^c wcnf: cost = (-?\d+)", open(wcnf).read(), re.M).group(1))
        facts = None
        if col:
            facts = os.path.join(tmp, name + ".lp")
            open(facts, "w").write(col_facts(col))
        times = {"wgrnd": [], "rc2": [], "clingo": []}
        cpu = {"wgrnd": [], "rc2": [], "clingo": []}
        killed = {"wgrnd": [], "rc2": [], "clingo": []}

        def record(tool, t):
            # A run stopped at the limit counts as infinitely long in the median; its CPU
            # seconds at the kill are kept apart (`killed`) as a lower bound of the tool's.
            times[tool].append(math.inf if t is None else t)
            cpu[tool].append(math.inf if t is None else CPU[-1])
            if t is None:
                killed[tool].append(CPU[-1])

        for _ in range(runs):
            t, v = run_wgrnd(wgrnd, inst)
            assert v is None or v == want, (name, "wgrnd", v, want)
            record("wgrnd", t)
            t, v = run_rc2(python, wcnf)
            assert v is None or v + offset == want, (name, "rc2", v, offset, want)
            record("rc2", t)
            t, v = run_clingo(clingo, inst, facts)
            # clingo's #maximize reports the negated count of the chosen vertices.
            assert v is None or v == clingo_want, (name, "clingo", v, clingo_want)
            record("clingo", t)
        median = lambda d: {k: statistics.median(v) for k, v in d.items()}
        med, mcpu = median(times), median(cpu)
        print("| %s | %d | %s | %s | %s | %s | %s |" % (name, want, cell(med, mcpu, "wgrnd"), cell(med, mcpu, "rc2"),
                                                     cell(med, mcpu, "clingo"), ratio(med, mcpu, killed, "wgrnd", "rc2"),
                                                     ratio(med, mcpu, killed, "wgrnd", "clingo")), flush=True)


def cell(med, mcpu, k):
    """A tool's median wall seconds, CPU in brackets; "no answer in SECS s" when the median run
    was stopped at the limit."""
    if med[k] == math.inf:
        return "no answer in %.0f s" % LIMIT
    return "%.3f (%.3f)" % (med[k], mcpu[k])


def ratio(med, mcpu, killed, a, b):
    """a's median time over b's, CPU in brackets. When b's median run was stopped at the limit, b
    took more than LIMIT seconds of wall time and at least the least CPU time of its stopped
    runs, so the ratio is below "< x" (both bounds); when a's was, "-"."""
    if med[a] == math.inf:
        return "-"
    if med[b] == math.inf:
        least = min(killed[b])
        return "< %.2fx (< %.2fx)" % (med[a] / LIMIT, mcpu[a] / max(least, 1e-3))
    return "%.2fx (%.2fx)" % (med[a] / med[b], mcpu[a] / max(mcpu[b], 1e-3))


main()
