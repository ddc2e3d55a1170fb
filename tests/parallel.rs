//! All cores and clusters (issue #16): cubes are disjoint and cover the search space, counts over
//! cubes equal the plain count, solves over cubes and portfolios give checked solutions and stop
//! their losers (a hanging external member is killed, nothing is left in TMPDIR, Ctrl-C exits
//! 130), cube files are read by the Debian `cadical`, and a real Dask cluster on localhost (a
//! scheduler and two workers) solves a board's cubes through `scripts/dask-cubes.py`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use wgrnd_engine::count::Limits;
use wgrnd_engine::cube::Score;
use wgrnd_families::registry::{load, Loaded};
use wgrnd_families::{CountUnit, Family, RawOptions};
use wgrnd_sat::solver::{Backend, Cadical, SolverSpec};
use wgrnd_sat::{Cnf, SolverAnswer};

use crate::{code, external, fixture, root, stderr, stdout, wgrnd};

/// A generated framed board in `dir` (rows, cols, inner colours, frame colours, seed).
fn board(dir: &Path, spec: (usize, usize, u32, u32, u64)) -> String {
    let (r, c, k, f, seed) = spec;
    let path = dir.join(format!("b{r}x{c}-{k}-{f}-{seed}.txt")).to_string_lossy().into_owned();
    let out = wgrnd(
        &[
            "generate",
            "--rows",
            &r.to_string(),
            "--cols",
            &c.to_string(),
            "--colors",
            &k.to_string(),
            "--frame-colors",
            &f.to_string(),
            "--seed",
            &seed.to_string(),
            "-o",
            &path,
        ],
        None,
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    path
}

/// Boards with hundreds to thousands of solutions whose lookahead trees have several cubes.
const SMALL: [(usize, usize, u32, u32, u64); 5] =
    [(3, 3, 2, 1, 1), (3, 3, 3, 2, 1), (3, 4, 2, 2, 1), (4, 4, 3, 2, 1), (4, 4, 2, 2, 2)];

fn edge(path: &str, options: &RawOptions) -> wgrnd_families::EdgeMatching {
    match load(path, None, options).unwrap() {
        Loaded::EdgeMatching(f) => f,
        _ => panic!("{path} is an edge-matching puzzle"),
    }
}

fn unsat(cnf: &Cnf) -> bool {
    Cadical::default().solve(cnf).unwrap() == SolverAnswer::Unsat
}

/// Any two cubes clash on some atom (disjoint), and the formula with every cube excluded is
/// unsatisfiable (they cover every solution); the cube literals are projection atoms. Checked
/// for solve groundings and count groundings, with 2 to 64 cubes, both ways of scoring splits,
/// and for a hard 8 x 8 board.
#[test]
fn cubes_are_disjoint_and_cover() {
    let dir = tempfile::tempdir().unwrap();
    let mut paths: Vec<String> = SMALL.iter().map(|&s| board(dir.path(), s)).collect();
    paths.push(fixture("board-suite/8/9/board_0/puzzle.puz"));
    for path in &paths {
        for (options, target) in [
            (RawOptions::default(), 8),
            (RawOptions { count: Some(CountUnit::None), ..RawOptions::default() }, 64),
            (RawOptions { count: Some(CountUnit::Board), ..RawOptions::default() }, 2),
        ] {
            let target = if path.contains("board-suite") { target.min(8) } else { target };
            let f = edge(path, &options);
            let g = f.ground().unwrap();
            let score = if target == 64 { Score::Placements } else { Score::Lookahead };
            let split = wgrnd_engine::cube::split_by(&g.cnf, &g.projection, target, score);
            assert!(!split.cubes.is_empty() && split.cubes.len() <= target, "{path}: {} cubes", split.cubes.len());
            if target >= 8 {
                assert!(split.cubes.len() >= 2, "{path}: a tree of {} cubes", split.cubes.len());
            }
            for (i, a) in split.cubes.iter().enumerate() {
                assert!(a.literals.iter().all(|l| g.projection.contains(&l.var())), "{path}: cube {i}");
                for b in &split.cubes[i + 1..] {
                    assert!(
                        a.literals.iter().any(|&l| b.literals.contains(&!l)),
                        "{path}: cubes {a:?} and {b:?} overlap"
                    );
                }
            }
            let mut excluded = g.cnf.clone();
            for c in &split.cubes {
                excluded.add_clause(&c.literals.iter().map(|&l| !l).collect::<Vec<_>>());
            }
            assert!(unsat(&excluded), "{path}: a solution lies outside every cube");
        }
    }
}

/// `count --cubes` (on two threads) equals the plain count, with and without board rotation
/// (the plain count is tested against a brute force in tests/count.rs); the library's per-cube
/// counts add up to it too, and a cube's count is its solutions alone.
#[test]
fn counts_over_cubes_equal_the_plain_count() {
    let dir = tempfile::tempdir().unwrap();
    for spec in SMALL {
        let path = board(dir.path(), spec);
        for symmetry in ["none", "board"] {
            let plain = wgrnd(&["count", "--symmetry", symmetry, &path], None);
            let cubes = wgrnd(&["count", "--symmetry", symmetry, "--cubes", "16", "--jobs", "2", &path], None);
            assert_eq!(code(&cubes), code(&plain), "{path}: {}", stderr(&cubes));
            let first = |o: &std::process::Output| {
                stdout(o).lines().next().unwrap_or("").split(" (").next().unwrap().to_string()
            };
            assert_eq!(first(&cubes), first(&plain), "{path} --symmetry {symmetry}");
            assert!(first(&plain).contains("complete"));
        }
        let f = edge(&path, &RawOptions { count: Some(CountUnit::None), ..RawOptions::default() });
        let g = f.ground().unwrap();
        let whole =
            wgrnd_engine::count::count(&f, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {})
                .unwrap();
        let split = wgrnd_engine::cube::split(&g.cnf, &g.projection, 8);
        let (c, per_cube) = wgrnd_engine::runs::count_cubes(
            &f,
            &g,
            &split.cubes,
            &SolverSpec::Builtin,
            &Limits::default(),
            CountUnit::None,
            2,
            |_, _| {},
        )
        .unwrap();
        assert_eq!(c.count, whole.count, "{path}");
        assert!(c.complete());
        assert_eq!(per_cube.iter().map(|r| r.count).sum::<u64>(), whole.count);
        assert_eq!(per_cube.len(), split.cubes.len());
    }
}

/// A packing's count expands models to orbits, which cross cubes: refused, exit 2, saying why.
#[test]
fn counts_over_cubes_refuse_symmetric_groundings() {
    let pack = root()
        .join("fixtures/packing")
        .read_dir()
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "pack"));
    let pack = pack.expect("a .pack fixture").to_string_lossy().into_owned();
    let out = wgrnd(&["count", "--cubes", "4", &pack], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("symmetries") && stderr(&out).contains("without --cubes"), "{}", stderr(&out));
    for bad in [["--cubes", "0"], ["--jobs", "0"]] {
        let out = wgrnd(&["solve", bad[0], bad[1], &fixture("heule/clue1.txt")], None);
        assert_eq!(code(&out), 2, "{}", stderr(&out));
        assert!(stderr(&out).contains("expected at least 1"), "{}", stderr(&out));
    }
}

/// Ctrl-C during `count --cubes` prints the lower bound found so far and exits 130.
#[test]
fn an_interrupted_count_over_cubes_reports_its_lower_bound() {
    let dir = tempfile::tempdir().unwrap();
    // Hundreds of thousands of solutions: the count is still running at the signal.
    let path = board(dir.path(), (4, 4, 2, 1, 1));
    let child = in_tmp(&["count", "--cubes", "8", "--jobs", "2", &path], dir.path());
    std::thread::sleep(Duration::from_millis(1500));
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 130, "{}", stderr(&out));
    assert!(stdout(&out).starts_with("at least ") && stdout(&out).contains("stopped (interrupt)"), "{}", stdout(&out));
}

/// Checks a shown `.sol` solution with `wgrnd check`.
fn checks(puzzle: &str, solution: &str) {
    let dir = tempfile::tempdir().unwrap();
    let sol = dir.path().join("s.sol");
    std::fs::write(&sol, solution).unwrap();
    let out = wgrnd(&["check", puzzle, &sol.to_string_lossy()], None);
    assert_eq!(code(&out), 0, "{}: {}{}", puzzle, stdout(&out), stderr(&out));
}

/// `solve --cubes` and `solve --jobs` give checked solutions (10) and UNSAT (20); `-v` names the
/// portfolio's winner and the cubes' statistics.
#[test]
fn solves_over_cubes_and_portfolios_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    let path = board(dir.path(), (5, 5, 3, 2, 4));
    for args in
        [&["--cubes", "8", "--jobs", "2"][..], &["--cubes", "1"][..], &["--jobs", "3"][..], &["--jobs", "1"][..]]
    {
        let mut full = vec!["solve", "-v", "--view", "sol"];
        full.extend_from_slice(args);
        full.push(&path);
        let out = wgrnd(&full, None);
        assert_eq!(code(&out), 10, "{args:?}: {}", stderr(&out));
        checks(&path, &stdout(&out));
        if args.contains(&"--cubes") {
            assert!(stderr(&out).contains("c cube seconds"), "{}", stderr(&out));
        } else if args != ["--jobs", "1"] {
            assert!(stderr(&out).contains("c winner own/builtin"), "{}", stderr(&out));
        }
    }
    for args in [&["--cubes", "4"][..], &["--jobs", "2"][..]] {
        let mut full = vec!["solve"];
        full.extend_from_slice(args);
        let exercise = fixture("witch/exercise.lpl");
        full.push(&exercise);
        let out = wgrnd(&full, None);
        assert_eq!(code(&out), 20, "{args:?}: {}", stderr(&out));
    }
}

/// A model in `dir` of `n` pigeons in `n - 1` holes, one in each at most (unsatisfiable), `n` 5
/// unless `-D n=...` says otherwise; its path.
fn pigeons(dir: &Path) -> String {
    let model = dir.join("pigeons.qp");
    std::fs::write(
        &model,
        "param n = 5\ndomain pigeon = 1..n\ndomain hole = 2..n\nvar p, p2 in pigeon\nvar h in hole\n\
         pred at(pigeon, hole)\nshow at\nforall p . exactly 1 { at(p, h) : h }\n\
         forall h, p, p2 | p < p2 . not at(p, h) or not at(p2, h)\n",
    )
    .unwrap();
    model.to_string_lossy().into_owned()
}

/// A small formula goes first to the backtracking engine on the calling thread, and one that it
/// does not settle within its budget to CaDiCaL as before: the pigeonhole formulas of 5 and of 8
/// pigeons in one hole fewer (unsatisfiable; the engine refutes 5 in about 600 visits, 8 needs far
/// more than its budget), and 6 queens (satisfiable, its solution checked by the checker).
#[test]
fn small_formulas_go_to_the_backtracking_engine_first() {
    let dir = tempfile::tempdir().unwrap();
    let model = pigeons(dir.path());
    for (n, by_engine) in [("n=5", true), ("n=8", false)] {
        let out = wgrnd(&["solve", "-v", "--jobs", "2", &model, "-D", n], None);
        assert_eq!(code(&out), 20, "{n}: {}", stderr(&out));
        // Past the budget any member may win the race.
        assert!(stderr(&out).contains("c winner own/"), "{n}: {}", stderr(&out));
        assert_eq!(stderr(&out).contains("(backtracking)"), by_engine, "{n}: {}", stderr(&out));
    }
    let queens = fixture("qprop/queens.qp");
    let out = wgrnd(&["solve", "-v", "--jobs", "2", &queens, "-D", "n=6"], None);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stderr(&out).contains("c winner own/builtin (backtracking)"), "{}", stderr(&out));
}

/// Runs wgrnd with TMPDIR in a fresh directory.
fn in_tmp(args: &[&str], tmp: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(args)
        .current_dir(root())
        .env("TMPDIR", tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// A portfolio whose first member hangs (a fake external solver that never answers) is won by
/// another member at once; the hanging one's process group is killed and its files removed.
/// Ctrl-C in the middle of a portfolio on a hard board exits 130 within a second or two, with
/// nothing left in TMPDIR.
#[test]
fn portfolio_losers_are_stopped_and_ctrl_c_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let hang = root().join("tests/fake-solvers/hang.sh").to_string_lossy().into_owned();
    let puzzle = fixture("heule/clue1.txt");
    let started = Instant::now();
    let out = in_tmp(&["solve", "-v", "--jobs", "2", "--solver", &hang, "--view", "sol", &puzzle], tmp.path())
        .wait_with_output()
        .unwrap();
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(started.elapsed() < Duration::from_secs(20), "the hanging member held the answer back");
    assert!(!stderr(&out).contains("c winner own/hang.sh"), "{}", stderr(&out));
    checks(&puzzle, &stdout(&out));
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0, "the hanging member left files");

    // Ctrl-C: 8 members (kissat and cadical among them when installed) on a board none solves in
    // a few seconds.
    let hard = fixture("board-suite/8/9/board_0/puzzle.puz");
    let child = in_tmp(&["solve", "--jobs", "8", &hard], tmp.path());
    std::thread::sleep(Duration::from_millis(2500));
    let asked = Instant::now();
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 130, "{}", stderr(&out));
    assert!(asked.elapsed() < Duration::from_secs(5), "stopping took {:?}", asked.elapsed());
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0, "Ctrl-C left files behind");
}

/// `wgrnd cube`: the iCNF is read by the Debian `cadical` (SAT, and its model decodes to a checked
/// solution); `--dir` writes one DIMACS file per cube that `dimacs check` accepts, a manifest
/// naming each cube's placements from 1, `slurm.sh` and Mallob jobs; a non-empty directory is
/// refused (exit 2) and left as it was.
#[test]
fn cube_files_are_read_by_cadical_and_name_their_placements() {
    let dir = tempfile::tempdir().unwrap();
    let path = board(dir.path(), (4, 4, 3, 2, 1));
    let icnf = dir.path().join("p.icnf").to_string_lossy().into_owned();
    let out = wgrnd(&["cube", "--cubes", "8", "-o", &icnf, &path], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = std::fs::read_to_string(&icnf).unwrap();
    assert!(text.lines().any(|l| l == "p inccnf"));
    let cubes = text.lines().filter(|l| l.starts_with("a ")).count();
    assert!((2..=8).contains(&cubes), "{cubes} cubes");
    if let Some(cadical) = external("cadical") {
        let answer = Command::new(cadical).args(["-q", &icnf]).output().unwrap();
        assert_eq!(answer.status.code(), Some(10), "{}", String::from_utf8_lossy(&answer.stderr));
        let model = dir.path().join("answer.txt");
        std::fs::write(&model, &answer.stdout).unwrap();
        let out = wgrnd(&["decode", &path, &model.to_string_lossy(), "--view", "sol"], None);
        assert_eq!(code(&out), 10, "{}", stderr(&out));
        checks(&path, &stdout(&out));
    }

    let cube_dir = dir.path().join("cubes");
    let out = wgrnd(&["cube", "--cubes", "8", "--dir", &cube_dir.to_string_lossy(), &path], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cube_dir.join("manifest.json")).unwrap()).unwrap();
    let list = manifest["cubes"].as_array().unwrap();
    assert_eq!(list.len(), cubes);
    for (k, cube) in list.iter().enumerate() {
        let file = cube_dir.join(cube["file"].as_str().unwrap());
        let out = wgrnd(&["dimacs", "check", &file.to_string_lossy()], None);
        assert_eq!(code(&out), 0, "{}", stderr(&out));
        let names = cube["placements"].as_array().unwrap();
        assert_eq!(names.len(), cube["literals"].as_array().unwrap().len());
        // Atom names number squares and pieces from 1: no `(0,` anywhere.
        assert!(names.iter().all(|n| !n.as_str().unwrap().contains("(0,")), "{names:?}");
        let job: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(cube_dir.join(format!("mallob/cube-{:04}.json", k + 1))).unwrap(),
        )
        .unwrap();
        assert_eq!(job["application"], "SAT");
        assert!(Path::new(job["files"][0].as_str().unwrap()).is_absolute());
    }
    let slurm = std::fs::read_to_string(cube_dir.join("slurm.sh")).unwrap();
    assert!(slurm.contains(&format!("#SBATCH --array=1-{cubes}")), "{slurm}");
    let before = std::fs::read_dir(&cube_dir).unwrap().count();
    let out = wgrnd(&["cube", "--dir", &cube_dir.to_string_lossy(), &path], None);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(stderr(&out).contains("not empty"), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(&cube_dir).unwrap().count(), before);
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".wgrnd-cubes-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A process group started for the Dask test, killed when dropped (also when the test fails).
struct Group(Child);

impl Drop for Group {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-s", "KILL", "--", &format!("-{}", self.0.id())]).status();
        let _ = self.0.wait();
    }
}

fn on_path(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).map(|d| d.join(program)).find(|p| p.is_file()))
}

/// A Dask cluster on localhost in `dir`: `dask scheduler` (random port, no dashboard) and two
/// `dask worker`s of one thread, stopped with their process groups when dropped; `sched` is the
/// scheduler file for the drivers. `None` when WGRND_SKIP_EXTERNAL is set.
struct LocalDask {
    sched: String,
    _scheduler: Group,
    _workers: [Group; 2],
}

fn local_dask(dir: &Path) -> Option<LocalDask> {
    if std::env::var_os("WGRND_SKIP_EXTERNAL").is_some() {
        eprintln!("skipping the Dask cluster: WGRND_SKIP_EXTERNAL is set");
        return None;
    }
    let dask = on_path("dask").unwrap_or_else(|| {
        panic!("Dask is not installed: PATH=\"$(scripts/pydeps.sh distributed):$PATH\" (or set WGRND_SKIP_EXTERNAL=1)")
    });
    let sched_file = dir.join("scheduler.json");
    let start = |args: &[&str], log: &str| {
        let log = std::fs::File::create(dir.join(log)).unwrap();
        let mut c = Command::new(&dask);
        c.args(args).current_dir(dir).stdin(Stdio::null()).stdout(log.try_clone().unwrap()).stderr(log);
        // Dask's scratch space (locks, spilled data) inside the test's directory, not /tmp.
        c.env("DASK_TEMPORARY_DIRECTORY", dir);
        std::os::unix::process::CommandExt::process_group(&mut c, 0);
        Group(c.spawn().unwrap())
    };
    let sched = sched_file.to_string_lossy().into_owned();
    let scheduler = start(
        &["scheduler", "--scheduler-file", &sched, "--host", "127.0.0.1", "--port", "0", "--no-dashboard"],
        "s.log",
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while !sched_file.exists() {
        assert!(Instant::now() < deadline, "the scheduler did not start");
        std::thread::sleep(Duration::from_millis(100));
    }
    let worker = ["worker", "--scheduler-file", &sched, "--nthreads", "1", "--no-dashboard", "--no-nanny"];
    let workers = [start(&worker, "w1.log"), start(&worker, "w2.log")];
    Some(LocalDask { sched, _scheduler: scheduler, _workers: workers })
}

/// A real Dask cluster on localhost: `scripts/dask-cubes.py` submits one task per cube of a 5 x 5
/// board, and the first SAT answer is decoded and checked by `wgrnd decode` (exit 10, a valid
/// solution).
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn dask_runs_the_cubes_and_returns_a_checked_solution() {
    let dir = tempfile::tempdir().unwrap();
    let Some(dask) = local_dask(dir.path()) else { return };
    external("cadical");
    let path = board(dir.path(), (5, 5, 3, 2, 4));
    let cubes = dir.path().join("cubes");
    let out = wgrnd(&["cube", "--cubes", "6", "--dir", &cubes.to_string_lossy(), &path], None);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let driver = root().join("scripts/dask-cubes.py");
    let out = Command::new(&driver)
        .args(["--scheduler-file", &dask.sched, "--workers", "2", "--wgrnd", env!("CARGO_BIN_EXE_wgrnd"), "-v"])
        .args([path.as_str(), &cubes.to_string_lossy(), "--", "--view", "sol"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(10), "{err}");
    assert!(err.contains("solved and checked"), "{err}");
    checks(&path, &String::from_utf8_lossy(&out.stdout));
}

/// Eternity II by score on a local Dask cluster (`scripts/dask-score.py`, one task per seed, the
/// runs repeatable by placements and moves): the board gathered is the best of the same seeds run
/// one after another here, and `wgrnd check` scores it alike.
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn dask_gathers_the_best_board_of_the_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let Some(dask) = local_dask(dir.path()) else { return };
    let puzzle = fixture("heule/e2hints.txt");
    let budget = ["--fill-nodes", "40000000", "--moves", "400"];
    let best = dir.path().join("best.json");
    let out = Command::new(root().join("scripts/dask-score.py"))
        .args(["--scheduler-file", &dask.sched, "--workers", "2", "--wgrnd", env!("CARGO_BIN_EXE_wgrnd")])
        .args(["--seeds", "1-3", "--best", &best.to_string_lossy()])
        .args(budget)
        .arg(&puzzle)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(11), "{err}");
    let gathered: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&best).unwrap()).unwrap();
    // The same seeds one after another, here.
    let mut local: Option<(i64, serde_json::Value)> = None;
    for seed in 1..=3 {
        let file = dir.path().join(format!("seed-{seed}.json"));
        let shown = dir.path().join(format!("seed-{seed}.txt"));
        let run = wgrnd(
            &[
                "solve",
                "--maximize",
                "matches",
                &puzzle,
                "--jobs",
                "1",
                "--seed",
                &seed.to_string(),
                "--best",
                &file.to_string_lossy(),
                "-o",
                &shown.to_string_lossy(),
                budget[0],
                budget[1],
                budget[2],
                budget[3],
            ],
            None,
        );
        assert_eq!(code(&run), 11, "{}", stderr(&run));
        let board: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let score = board["score"].as_i64().unwrap();
        if local.as_ref().is_none_or(|(s, _)| score > *s) {
            local = Some((score, board));
        }
    }
    let (score, board) = local.unwrap();
    assert_eq!(gathered["score"].as_i64(), Some(score), "{err}");
    assert_eq!(gathered["placements"], board["placements"], "the same board");
    assert!(err.contains(&format!("best {score}/480")), "{err}");
}

/// On a framed board the portfolio races the scan search (edge matching's own engine) beside
/// CaDiCaL, and its answer is checked: on this 7 x 7 board near the hardness peak it answers in
/// about a second where CaDiCaL took 48 s (bench/results/peak-7x7-scan.csv).
#[test]
fn the_portfolio_races_the_scan_search_on_framed_boards() {
    let path = fixture("board-suite/7/8/board_1/puzzle.puz");
    let out = wgrnd(&["solve", "-v", "--jobs", "2", "--view", "sol", &path], None);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("c portfolio 2 members: own/builtin, scan search"), "{err}");
    assert!(err.contains("c winner scan search"), "{err}");
    assert!(err.contains("c answer solved, checked"), "{err}");
    checks(&path, &stdout(&out));
}

/// A portfolio leaves out the solver programs on PATH where the formula has constraints kept
/// whole (a nurikabe's connectivity): they would read the constraints' clauses written out,
/// which the in-process members decide natively and which a grounding for them may leave too
/// large to write. Beside no such constraint (pigeons in too few holes) the same `kissat` (one
/// that never answers) is raced and loses.
#[test]
fn a_portfolio_races_no_solver_program_beside_constraints_kept_whole() {
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(root().join("tests/fake-solvers/hang.sh"), bin.path().join("kissat")).unwrap();
    let path = format!("{}:{}", bin.path().display(), std::env::var("PATH").unwrap_or_default());
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_wgrnd")).args(args).env("PATH", &path).output().unwrap();
    let nurikabe = std::fs::read_to_string(fixture("pencil-large/nurikabe.url")).unwrap();
    let out = run(&["solve", "-v", "--jobs", "3", nurikabe.trim()]);
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("c portfolio 3 members") && !err.contains("kissat"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let out = run(&["solve", "-v", "--jobs", "3", &pigeons(dir.path()), "-D", "n=8"]);
    assert_eq!(code(&out), 20, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("c portfolio 3 members") && err.contains("kissat --seed=0"), "{err}");
}
