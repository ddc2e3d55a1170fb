"""The Python module against the seeds' answers, Python data, diagnostics, interruption, the SVG
repr, the command line's own answers, and the example notebook."""

import json
import os
import signal
import subprocess
import threading
import time
import typing

import pytest

import wgrnd
from conftest import ROOT


def fixture(path: str) -> str:
    return str(ROOT / "fixtures" / path)


# The seeds' answers.


def test_witch_has_four_solutions():
    c = wgrnd.load(fixture("witch/witches.lpl")).count()
    assert (c.count, c.complete, c.stopped) == (4, True, "exhausted")
    assert c.unique is False and c.exists is True


def test_four_squares_has_72_solutions():
    p = wgrnd.load(fixture("qprop/foursquares-seed004.qp"), data=fixture("qprop/seed004-pieces.qpd"))
    assert p.kind == "model"
    assert p.count().count == 72


def test_y_pentacube_solves_with_25_pieces():
    s = wgrnd.load(fixture("packing/y-pentacube.pack")).solve()
    assert s is not None and s.kind == "packing"
    assert len(s.values) == 25
    assert all(isinstance(p, wgrnd.PackedPiece) and len(p.cells) == 5 for p in s.values)
    cells = {c for p in s.values for c in p.cells}
    assert cells == {(x, y, z) for x in range(1, 6) for y in range(1, 6) for z in range(1, 6)}


def test_witch_solution_is_placements():
    s = wgrnd.load(fixture("witch/witches.lpl")).solve()
    assert len(s.values) == 9
    assert all(isinstance(p, wgrnd.Placement) for p in s.values)
    assert sorted(p.piece for p in s.values) == list(range(1, 10))
    assert s.values[0]._fields == ("row", "col", "piece", "rotation")


def test_counted_solutions_are_distinct_and_checked():
    c = wgrnd.load(fixture("witch/witches.lpl")).count(solutions=True)
    assert len(c.solutions) == 4
    assert all(s.json["checked"] for s in c.solutions)
    assert len({tuple(s.values) for s in c.solutions}) == 4


# Models with data given as Python values.

COLOURING = """
param k = 3
domain V = 1..n
domain K = 1..k
pred colour(V, K)
input pred edge(V, V)
forall v in V . exactly 1 { colour(v, c) : c in K }
forall u, v in V, c in K | edge(u, v) . not colour(u, c) or not colour(v, c)
"""


def brute_colourings(n, edges, k):
    """Proper k-colourings of the graph, by plain enumeration."""
    count = 0
    for code in range(k**n):
        col = [(code // k**i) % k for i in range(n)]
        count += all(col[u - 1] != col[v - 1] for u, v in edges)
    return count


@pytest.mark.parametrize("k", [2, 3, 4])
def test_model_from_python_data_counts_as_a_brute_force(k):
    edges = [(1, 2), (2, 3), (3, 4), (4, 1), (1, 3)]
    m = wgrnd.Model("param n = 1\n" + COLOURING, data={"n": 4, "edge": edges}, params={"k": k})
    assert m.count().count == brute_colourings(4, edges, k)


def test_model_solution_is_a_dict_of_tuple_sets():
    edges = [(1, 2), (2, 3)]
    s = wgrnd.Model("param n = 1\n" + COLOURING, data={"n": 3, "edge": edges}).solve()
    assert set(s.values) == {"colour"}
    colour = dict(s["colour"])
    assert len(colour) == 3 and all(colour[u] != colour[v] for u, v in edges)
    assert all(isinstance(x, int) for t in s["colour"] for x in t)


def test_data_values_become_a_data_file():
    text = wgrnd.data_text({"n": 3, "V": range(1, 4), "S": {"b", "a"}, "P": {(2, 1), (1, 2)}, "e": [(1, 2)], "t": {(1,): 5}})
    assert text.splitlines()[1:] == [
        "param n = 3",
        "domain V = 1..3",
        "domain S = {a, b}",
        "domain P = {(1, 2), (2, 1)}",
        "e(1, 2)",
        "t(1, 5)",
    ]


def test_symbols_and_integer_variables():
    source = """
domain Who = {ann, bob, cy}
var age(Who) in 1..3
input pred older(Who, Who)
forall a, b in Who | older(a, b) . age(a) > age(b)
"""
    s = wgrnd.Model(source, data={"older": [("ann", "bob"), ("bob", "cy")]}).solve()
    assert s["age"] == {("ann", 3), ("bob", 2), ("cy", 1)}


def test_bad_data_values_raise_type_errors():
    with pytest.raises(TypeError, match="a float is none of"):
        wgrnd.Model("param n = 1", data={"n": 1.5})
    with pytest.raises(ValueError, match="not a symbol"):
        wgrnd.Model("param n = 1", data={"e": [("a b",)]})
    with pytest.raises(TypeError, match="bool"):
        wgrnd.Model("param n = 1", params={"n": True})


# Diagnostics.


def test_bad_model_raises_with_its_position():
    with pytest.raises(wgrnd.ModelError) as e:
        wgrnd.Model("domain V = 1..3\npred p(V)\nforall v in W . p(v)\n", name="bad.qp")
    text = str(e.value)
    assert "bad.qp:3:13" in text
    assert "╰──" in text  # the caret diagnostic of the command line
    assert (e.value.file, e.value.line, e.value.column) == ("bad.qp", 3, 13)
    assert isinstance(e.value, ValueError) and isinstance(e.value, wgrnd.WgrndError)


def test_bad_data_raises_with_its_position_in_the_data():
    with pytest.raises(wgrnd.ModelError, match="data:2:") as e:
        wgrnd.Model("param n = 1\n" + COLOURING, data={"edge": [(1, 9)]})
    assert (e.value.file, e.value.line) == ("data", 2)


def test_a_missing_file_is_a_model_error():
    with pytest.raises(wgrnd.ModelError, match="nope.qp") as e:
        wgrnd.load(fixture("nope.qp"))
    assert e.value.file.endswith("nope.qp") and e.value.line is None


def test_a_bad_puzzle_file_is_a_model_error_at_its_line(tmp_path):
    bad = tmp_path / "bad.lights"
    bad.write_text("# lights out\n1 1 x\n")
    with pytest.raises(wgrnd.ModelError) as e:
        wgrnd.load(str(bad))
    assert e.value.file.endswith("bad.lights") and e.value.line == 2 and e.value.column is not None
    assert f":{e.value.line}:" in str(e.value)


def test_exceptions_are_chosen_by_the_error_and_share_one_base():
    for cls in (wgrnd.ModelError, wgrnd.SolveTimeout, wgrnd.SolverError, wgrnd.CheckError):
        assert issubclass(cls, wgrnd.WgrndError)
    assert issubclass(wgrnd.SolveTimeout, TimeoutError)
    p = wgrnd.load(fixture("witch/witches.lpl"))
    with pytest.raises(wgrnd.SolverError, match="not installed"):
        p.solve(solver="no-such-solver-wgrnd")


# Thirteen pigeons in twelve holes: no solution, and none that a solver proves quickly (the
# pigeonhole formulas need exponential resolution proofs).
PIGEONS = """
domain P = 1..13
domain H = 1..12
pred at(P, H)
forall p in P . exactly 1 { at(p, h) : h in H }
forall h in H . atmost 1 { at(p, h) : p in P }
"""


def test_a_solve_stopped_by_its_time_limit_is_a_solve_timeout():
    started = time.monotonic()
    with pytest.raises(wgrnd.SolveTimeout, match="ran out of time"):
        wgrnd.Model(PIGEONS).solve(timeout=0.2, jobs=1)
    assert time.monotonic() - started < 5


# Interruption.


def test_a_long_count_stops_on_sigint_and_the_next_call_runs():
    p = wgrnd.load(fixture("packing/y-pentacube.pack"))  # 60,672 solutions: about a minute
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        p.count()
    elapsed = time.monotonic() - started
    timer.join()
    assert elapsed < 5, f"KeyboardInterrupt after {elapsed:.1f} s"
    # The stop is forgotten: the next call counts in full.
    assert wgrnd.load(fixture("witch/witches.lpl")).count().count == 4


def test_a_custom_sigint_handler_that_raises_stops_a_long_count():
    class Stop(Exception):
        pass

    def handler(signum, frame):
        raise Stop()

    p = wgrnd.load(fixture("packing/y-pentacube.pack"))
    old = signal.signal(signal.SIGINT, handler)
    try:
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        started = time.monotonic()
        timer.start()
        with pytest.raises(Stop):
            p.count()
        timer.join()
        assert time.monotonic() - started < 5
    finally:
        signal.signal(signal.SIGINT, old)


def test_sigint_stops_the_main_threads_call_only():
    # Each call has its own interrupt token: a Ctrl-C stops the call on the main thread, while a
    # count on another thread, running across the signal, goes on to its own time limit.
    other = []

    def count_elsewhere():
        try:
            other.append(wgrnd.load(fixture("packing/y-pentacube.pack")).count(timeout=2.0))
        except BaseException as e:  # noqa: BLE001 - the test reports what the thread saw
            other.append(e)

    t = threading.Thread(target=count_elsewhere)
    p = wgrnd.load(fixture("packing/y-pentacube.pack"))
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    t.start()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        p.count()
    timer.join()
    t.join()
    assert len(other) == 1 and isinstance(other[0], wgrnd.Count), other
    assert other[0].stopped == "timeout" and other[0].count > 0


def test_python_handles_sigint_again_after_a_call():
    # A call puts the library's own SIGINT handler in place for its length only.
    wgrnd.load(fixture("witch/witches.lpl")).solve()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with pytest.raises(KeyboardInterrupt):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)


def test_calls_from_another_thread_run_there():
    out = []
    t = threading.Thread(target=lambda: out.append(wgrnd.load(fixture("witch/witches.lpl")).count().count))
    t.start()
    t.join()
    assert out == [4]


def test_calls_release_the_gil():
    p = wgrnd.load(fixture("packing/y-pentacube.pack"))
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    c = p.count(max=2000)
    done.set()
    t.join()
    assert c.count >= 2000
    assert len(ticks) > 10  # the other thread ran while the count did


# Pictures.


def test_solutions_draw_themselves_as_svg():
    for s in [
        wgrnd.load(fixture("witch/witches.lpl")).solve(),
        wgrnd.load(fixture("packing/tiny.pack")).solve(),
        wgrnd.load(fixture("seed002/xkcd-2496.mines")).solve(),
    ]:
        svg = s._repr_svg_()
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
        assert svg == s.render("svg")


def test_an_undrawn_view_is_refused():
    s = wgrnd.load(fixture("packing/tiny.pack")).solve()
    with pytest.raises(wgrnd.ModelError, match="witch"):
        s.render("witch")
    with pytest.raises(ValueError, match="no view"):
        s.render("nope")


# The same answers as the command line.

SEEDS = [
    ["witch/witches.lpl"],
    ["foursquares/seed004.txt"],
    ["qprop/foursquares-seed004.qp", "--data", "qprop/seed004-pieces.qpd"],
    ["seed002/chain.submarines"],
    ["seed002/xkcd-2496.mines"],
    ["seed002/seed.ashes"],
    ["packing/tiny.pack"],
    ["nonogram/webpbn-6.non"],
    ["seed002/all-on.lights"],
]


def load_args(args):
    data = fixture(args[2]) if len(args) > 2 else None
    return wgrnd.load(fixture(args[0]), data=data)


def cli_json(cli, *args):
    out = subprocess.run([cli, *args, "--json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode in (0, 10, 12, 20), out.stderr
    return json.loads(out.stdout)


def cli_args(args):
    return [fixture(args[0])] + ([args[1], fixture(args[2])] if len(args) > 2 else [])


@pytest.mark.parametrize("args", SEEDS, ids=lambda a: a[0])
def test_count_and_solve_equal_the_command_line(cli, args):
    p = load_args(args)
    counted = cli_json(cli, "count", *cli_args(args))
    c = p.count()
    assert (c.count, c.complete, c.stopped) == (counted["count"], counted["complete"], counted["stopped"])
    solved = cli_json(cli, "solve", *cli_args(args))
    s = p.solve()
    assert s is not None and solved["status"] == "solved"
    assert s.json == solved


# The 25 queens: past the backtracking engine's small formulas (50,000 literals,
# wgrnd_parallel::portfolio::SMALL_LITERALS; asserted below), so that the solve goes to CaDiCaL,
# and solved within the portfolio's head start, so that one job and many give the same solution
# whatever the timing. That `jobs` reaches the race is tested in crates/parallel
# (solve_jobs_races_as_many_members_as_jobs): here the solutions are equal by design.
QUEENS25 = ["qprop/queens.qp", "-D", "n=25"]
SMALL_LITERALS = 50_000


def dimacs_literals(dimacs):
    clauses = (line for line in dimacs.splitlines() if line and line[0] not in "pc")
    return sum(len(line.split()) - 1 for line in clauses)


@pytest.mark.parametrize("jobs", [None, 1, 2])
def test_solve_runs_what_the_command_line_runs(cli, jobs):
    p = wgrnd.load(fixture(QUEENS25[0]), params={"n": 25})
    assert dimacs_literals(p.encode()) > SMALL_LITERALS
    given = [] if jobs is None else ["--jobs", str(jobs)]
    solved = cli_json(cli, "solve", fixture(QUEENS25[0]), *QUEENS25[1:], *given)
    s = p.solve() if jobs is None else p.solve(jobs=jobs)
    assert s is not None and solved["status"] == "solved"
    assert s.json == solved
    with pytest.raises(ValueError, match="jobs 0"):
        p.solve(jobs=0)
    with pytest.raises(ValueError, match="jobs -1"):
        p.solve(jobs=-1)


def test_backbone_and_encode_equal_the_command_line(cli):
    path = fixture("seed002/xkcd-2496.mines")
    b = wgrnd.load(path).backbone()
    doc = cli_json(cli, "backbone", path)
    assert b.complete == doc["complete"] and b.total == doc["total"]
    assert b.fixed == {f["atom"]: f["value"] for f in doc["fixed"]}
    dimacs = subprocess.run([cli, "encode", path], capture_output=True, text=True, check=True).stdout
    assert wgrnd.load(path).encode() == dimacs


def test_generate_unique_poses_a_puzzle_with_one_solution(tmp_path, cli):
    text = wgrnd.load(fixture("seed002/chain.submarines")).generate_unique(seed=1)
    posed = tmp_path / "posed.submarines"
    posed.write_text(text)
    c = wgrnd.load(str(posed)).count()
    assert (c.count, c.complete) == (1, True)
    out = subprocess.run([cli, "generate", "--unique", fixture("seed002/chain.submarines"), "--seed", "1"],
                         capture_output=True, text=True, check=True)
    assert out.stdout == text


def test_optimising_models_solve_to_an_optimum():
    source = """
domain I = 1..4
pred x(I)
atleast 2 { x(i) : i in I }
minimize sum { i * [x(i)] : i in I }
"""
    m = wgrnd.Model(source)
    s = m.solve()
    assert s["x"] == {(1,), (2,)}
    assert (s.objective, s.optimal) == ([3], True)
    assert (s.json["objective"], s.json["optimal"]) == ([3], True)
    assert m.count().count == 1
    plain = wgrnd.load(fixture("witch/witches.lpl")).solve()
    assert (plain.objective, plain.optimal) == (None, None) and "objective" not in plain.json


# Options as typed keywords.


def test_solvers_are_named_by_an_enum_or_a_string():
    from wgrnd import _wgrnd

    assert {s.value for s in wgrnd.Solver} == {"builtin", "splr"} | set(_wgrnd.KNOWN_SOLVERS)
    p = wgrnd.load(fixture("witch/witches.lpl"))
    assert p.solve(solver=wgrnd.Solver.SPLR, jobs=1) is not None
    assert p.count(solver=wgrnd.Solver.BUILTIN).count == p.count(solver="builtin").count == 4
    assert list(typing.get_args(wgrnd.View)) == _wgrnd.VIEWS
    assert list(typing.get_args(wgrnd.Symmetry)) == ["none", "board", "all"]
    with pytest.raises(TypeError, match="solver"):
        p.solve(solver=3)
    with pytest.raises(ValueError, match="no symmetry `mirror`"):
        p.count(symmetry="mirror")


def test_values_are_built_without_the_json_document():
    s = wgrnd.load(fixture("witch/witches.lpl")).solve()
    assert s._json is None and len(s.values) == 9 and s._json is None
    doc = s.json["placements"]
    assert [tuple(p.values()) for p in doc] == [tuple(p) for p in s.values]
    packed = wgrnd.load(fixture("packing/tiny.pack")).solve()
    doc = packed.json["placements"]
    assert [(p["mark"], p["piece"], tuple(map(tuple, p["cells"]))) for p in doc] == [tuple(p) for p in packed.values]
    m = wgrnd.Model("domain W = {ann, bob}\nvar age(W) in 1..2\nforall a in W . age(a) > 0\n")
    assert {p: {tuple(r) for r in rows} for p, rows in m.solve().json["solution"].items()} == m.solve().values


# Python solves exactly as the command line does: every fixture the command line solves quickly,
# one job on both sides (the same route through wgrnd_engine::solve::solve), the same answer.

FIXTURES = [
    ["witch/witches.lpl"],
    ["witch/table1.txt"],
    ["witch/commented.txt"],
    ["witch/exercise.lpl"],
    ["foursquares/orig.txt"],
    ["foursquares/easy.txt"],
    ["foursquares/seed004.txt"],
    ["heule/em_7_3_6.txt"],
    ["heule/em_8_4_5.txt"],
    ["board-suite/4/10/board_0/puzzle.puz"],
    ["board-suite/5/10/board_0/puzzle.puz"],
    ["packing/tiny.pack"],
    ["packing/soma.pack"],
    ["packing/y-pentacube.pack"],
    ["seed002/all-on.lights"],
    ["seed002/chain.submarines"],
    ["seed002/one.submarines"],
    ["seed002/two.submarines"],
    ["seed002/none.submarines"],
    ["seed002/seed.ashes"],
    ["seed002/signed.ashes"],
    ["seed002/signed-3x3.ashes"],
    ["seed002/xkcd-2496.mines"],
    ["seed002/first-click.mines"],
    ["seed002/closed-9x9.mines"],
    ["seed002/open-5x5.ships"],
    ["seed002/fleet.ships"],
    ["seed002/games-1998.ships"],
    ["zebra/einstein.zebra"],
    ["zebra/sherlock.zebra"],
    ["nonogram/webpbn-1.non"],
    ["nonogram/webpbn-6.non"],
    ["nonogram/webpbn-16.non"],
    ["nonogram/webpbn-21.non"],
    ["nonogram/webpbn-529.non"],
    ["nonogram/gnonograms-42.non"],
    ["nonogram/qnonograms-sun.non"],
    ["nonogram/qnonograms-c1-54.non"],
    ["qprop/witch.qp", "--data", "qprop/witch-table1.qpd"],
    ["qprop/witch.qp", "--data", "qprop/witch-exercise.qpd"],
    ["qprop/witch-lpl.qp", "--data", "qprop/witch-commented.qpd"],
    ["qprop/foursquares-seed004.qp", "--data", "qprop/seed004-pieces.qpd"],
    ["qprop/foursquares.qp", "--data", "qprop/board4.qpd"],
    ["qprop/magic.qp"],
    ["qprop/queens.qp"],
    ["qprop/sendmore.qp"],
    ["qprop/langford.qp"],
    ["qprop/independent-set.qp"],
    ["qprop/queen-domination.qp"],
    ["qprop/colouring.qp", "--data", "qprop/myciel3.qpd"],
    ["qprop/nurikabe.qp", "--data", "qprop/nurikabe-pzprjs.qpd"],
    ["qprop/slitherlink.qp", "--data", "qprop/slitherlink-pzprjs.qpd"],
    ["qprop/sudoku.qp", "--data", "qprop/std/sudoku-wikipedia.qpd"],
    ["qprop/futoshiki.qp", "--data", "qprop/std/futoshiki-wikipedia.qpd"],
    ["qprop/kakuro.qp", "--data", "qprop/std/kakuro-6x6-easy.qpd"],
    ["qprop/killer.qp", "--data", "qprop/std/killer-wikipedia.qpd"],
]


@pytest.mark.parametrize("args", FIXTURES, ids=lambda a: a[0])
def test_python_solves_every_fixture_as_the_command_line(cli, args):
    solved = cli_json(cli, "solve", *cli_args(args), "--jobs", "1")
    s = load_args(args).solve(jobs=1)
    if solved["status"] == "solved":
        assert s is not None and s.json == solved
    else:
        assert s is None and solved["status"] == "unsatisfiable"


# The example notebook, run top to bottom.


def test_the_example_notebook_runs():
    import nbclient  # scripts/test.sh installs nbclient and ipykernel
    import nbformat

    nb = nbformat.read(ROOT / "docs" / "python.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}).execute()
    svgs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/svg+xml" in o.get("data", {})]
    assert svgs, "the notebook shows an SVG board"
    assert any("72" in str(o.get("data", {}).get("text/plain", "")) for c in nb.cells if c.cell_type == "code" for o in c.outputs)


# The type stubs name what the extension has.


def test_the_stubs_name_what_the_extension_has():
    import ast
    import inspect

    from wgrnd import _wgrnd

    stub = ast.parse((ROOT / "crates" / "py" / "python" / "wgrnd" / "_wgrnd.pyi").read_text())
    stubbed = {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
    stubbed |= {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    public = {n for n in dir(_wgrnd) if not n.startswith("_")} | {"__version__"}
    assert stubbed == public
    for cls in stub.body:
        if isinstance(cls, ast.ClassDef) and cls.name.startswith("Raw"):
            members = {m.name for m in cls.body if isinstance(m, ast.FunctionDef)}
            members |= {m.target.id for m in cls.body if isinstance(m, ast.AnnAssign)}
            real = {n for n, _ in inspect.getmembers(getattr(_wgrnd, cls.name)) if not n.startswith("_")}
            assert members == real, cls.name


# Pencil puzzles from puzz.link URLs: every call takes the URL where it takes a file.


def test_a_puzz_link_url_loads_and_every_call_works():
    url = open(fixture("pencil/heyawake/pzprjs.url")).read().strip()
    puzzle = wgrnd.load(url)
    solution = puzzle.solve()
    assert solution is not None
    answer = {line.strip() for line in open(fixture("pencil/heyawake/pzprjs.answer")) if line.strip()}
    shown = {f"black({r},{c})." for (r, c) in solution["black"]}
    assert shown == answer
    assert "+---+" in solution.render("art")
    count = puzzle.count(max=2)
    assert count.unique
    backbone = puzzle.backbone()
    assert backbone.complete and backbone.open == 0
    posed = puzzle.generate_unique()
    assert posed.startswith("https://puzz.link/p?heyawake/6/6/")
    assert wgrnd.load(posed.strip()).count(max=2).unique


def test_a_bad_url_raises_with_its_column():
    with pytest.raises(wgrnd.ModelError) as e:
        wgrnd.load("https://puzz.link/p?nurikabe/5/5/g5k2o1k!g")
    assert (e.value.line, e.value.column) == (1, 41)
