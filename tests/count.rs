//! Counting against an independent brute force: plain backtracking over squares, pieces and
//! turns, written here from the puzzle's definition (no SAT, no code shared with the encoder or
//! the checker), on hundreds of random boards of every kind.

use wgrnd_engine::count::{count, Engine, Limits};
use wgrnd_families::edge::encode::{AmoEncoding, EncodeOptions, EncodingKind};
use wgrnd_families::{
    edge::generate::{generate, Generate, GeneratedRule},
    edge::model::{Clue, Label, MatchRule, Puzzle},
};
use wgrnd_families::{CountUnit, EdgeMatching, Family};
use wgrnd_sat::solver::SolverSpec;

/// Counts solutions by backtracking, up to `cap` (returns `None` beyond it).
fn brute_force(p: &Puzzle, cap: u64) -> Option<u64> {
    let n = p.rows * p.cols;
    let matches = |a: Label, b: Label| -> bool {
        if Some(a) == p.frame || Some(b) == p.frame {
            return false;
        }
        let (x, y) = (p.label_name(a), p.label_name(b));
        match &p.rule {
            MatchRule::Equal => x == y,
            MatchRule::Sum(k) => x.parse::<i64>().unwrap() + y.parse::<i64>().unwrap() == *k,
            MatchRule::Pairs(pairs) => pairs.iter().any(|(u, v)| (u == x && v == y) || (u == y && v == x)),
        }
    };
    struct State {
        used: Vec<bool>,
        shown: Vec<[Label; 4]>,
        count: u64,
    }
    fn go(p: &Puzzle, s: usize, st: &mut State, cap: u64, matches: &dyn Fn(Label, Label) -> bool) -> bool {
        let n = p.rows * p.cols;
        if s == n {
            st.count += 1;
            return st.count <= cap;
        }
        let (r, c) = (s / p.cols, s % p.cols);
        let clue = p.clues.iter().find(|cl| cl.row == r && cl.col == c);
        for q in 0..n {
            if st.used[q] || clue.is_some_and(|cl| cl.piece != q) {
                continue;
            }
            if clue.is_none() && p.clues.iter().any(|cl| cl.piece == q) {
                continue;
            }
            for k in 0..4u8 {
                if clue.is_some_and(|cl| cl.rotation != k) {
                    continue;
                }
                // Turned k quarter turns counterclockwise, side d shows edge (d + k) mod 4.
                let e: [Label; 4] = std::array::from_fn(|d| p.pieces[q][(d + k as usize) % 4]);
                let outer = [r == 0, c + 1 == p.cols, r + 1 == p.rows, c == 0];
                if let Some(f) = p.frame {
                    if (0..4).any(|d| (e[d] == f) != outer[d]) {
                        continue;
                    }
                }
                if r > 0 && !matches(e[0], st.shown[s - p.cols][2]) {
                    continue;
                }
                if c > 0 && !matches(e[3], st.shown[s - 1][1]) {
                    continue;
                }
                st.used[q] = true;
                st.shown[s] = e;
                let more = go(p, s + 1, st, cap, matches);
                st.used[q] = false;
                if !more {
                    return false;
                }
            }
        }
        true
    }
    let mut st = State { used: vec![false; n], shown: vec![[Label(0); 4]; n], count: 0 };
    go(p, 0, &mut st, cap, &matches).then_some(st.count)
}

fn sat_count(p: &Puzzle, encoding: EncodingKind, symmetry: bool, solver: &str) -> u64 {
    sat_count_with(p, EncodeOptions { encoding, symmetry_breaking: symmetry, ..EncodeOptions::default() }, solver)
}

fn sat_count_with(p: &Puzzle, opts: EncodeOptions, solver: &str) -> u64 {
    let f = EdgeMatching { puzzle: p.clone(), options: opts };
    let g = f.ground().unwrap();
    let c = count(&f, &g, &SolverSpec::parse(solver), &Limits::default(), CountUnit::None, |_| {}).unwrap();
    assert!(c.complete());
    c.count
}

/// The blocking loop and the cubes count the same as auto's backtracking engine (on `builtin`).
/// Checked on one encoding per board, in turn: the engines see the CNF and its projection, not
/// how they were made, so the encodings take turns instead of each count being checked thrice.
fn engines_agree(p: &Puzzle, encoding: EncodingKind, want: u64) {
    let f = EdgeMatching {
        puzzle: p.clone(),
        options: EncodeOptions { encoding, symmetry_breaking: false, ..EncodeOptions::default() },
    };
    let g = f.ground().unwrap();
    for engine in [Engine::Blocking, Engine::Cubes] {
        let limits = Limits { engine, ..Limits::default() };
        let other = count(&f, &g, &SolverSpec::parse("builtin"), &limits, CountUnit::None, |_| {}).unwrap();
        assert_eq!((other.count, other.complete()), (want, true), "{engine:?}");
    }
}

/// A small deterministic generator for the test's own choices.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// A random generated board of 2 to 4 rows and columns, from 3 x 3 on framed with odds `k` in `n`
/// (`framed`), either matching rule, 2 to 5 colours; and its solution.
fn small_board(
    rng: &mut Rng,
    seed: u64,
    framed: (u64, u64),
) -> (Generate, Puzzle, Vec<wgrnd_families::edge::model::Placement>) {
    let rows = 2 + rng.below(3) as usize;
    let cols = 2 + rng.below(3) as usize;
    let frame = rows >= 3 && cols >= 3 && rng.below(framed.1) < framed.0;
    let rule = if rng.below(2) == 0 { GeneratedRule::Equal } else { GeneratedRule::Complement };
    let g = Generate {
        rows,
        cols,
        colors: 2 + rng.below(4) as u32,
        frame_colors: frame.then(|| 1 + rng.below(2) as u32),
        rule,
        seed,
    };
    let (p, solution) = generate(&g);
    (g, p, solution)
}

#[test]
fn counts_match_brute_force_on_random_boards() {
    let mut rng = Rng(2026);
    let (mut tested, mut zero, mut one, mut clued, mut complement, mut framed) = (0, 0, 0, 0, 0, 0);
    let mut dup_classes = 0;
    let mut seed = 0;
    while tested < 220 {
        seed += 1;
        let (g, mut p, solution) = small_board(&mut rng, seed, (1, 2));
        let (rows, cols) = (g.rows, g.cols);
        // Some boards get clues from their solution, some a broken piece (often no solution).
        match rng.below(4) {
            0 => {
                let k = 1 + rng.below(2) as usize;
                for pl in solution.iter().take(k) {
                    p.clues.push(Clue { row: pl.row, col: pl.col, piece: pl.piece, rotation: pl.rotation });
                }
            }
            1 => {
                // Mirror one piece (swap its east and west edges): usually no solution is left.
                let q = rng.below(p.pieces.len() as u64) as usize;
                p.pieces[q].swap(1, 3);
            }
            _ => {}
        }
        let Some(expected) = brute_force(&p, 1000) else { continue };
        let diamond = sat_count(&p, EncodingKind::Diamond, false, "builtin");
        assert_eq!(diamond, expected, "diamond, seed {seed}: {g:?}, clues {:?}", p.clues);
        let turn = [EncodingKind::Diamond, EncodingKind::Support, EncodingKind::Conflict, EncodingKind::FourSquares];
        engines_agree(&p, turn[tested % turn.len()], expected);
        if tested % 4 == 0 {
            assert_eq!(sat_count(&p, EncodingKind::FourSquares, false, "builtin"), expected, "qprop, seed {seed}");
        }
        if tested % 4 == 1 {
            assert_eq!(sat_count(&p, EncodingKind::Support, false, "builtin"), expected, "support, seed {seed}");
        }
        if tested % 4 == 2 {
            assert_eq!(sat_count(&p, EncodingKind::Conflict, false, "builtin"), expected, "conflict, seed {seed}");
        }
        for (i, amo) in [AmoEncoding::Product, AmoEncoding::Commander, AmoEncoding::Sequential].into_iter().enumerate()
        {
            if tested % 6 == i {
                let opts = EncodeOptions { symmetry_breaking: false, amo, ..EncodeOptions::default() };
                assert_eq!(sat_count_with(&p, opts, "builtin"), expected, "{amo:?}, seed {seed}");
            }
        }
        if tested % 10 == 0 && expected <= 50 {
            assert_eq!(sat_count(&p, EncodingKind::Diamond, false, "splr"), expected, "splr, seed {seed}");
        }
        if p.clues.is_empty() && expected > 0 {
            // Up to board rotation: every class has exactly `turns` members (pieces are distinct).
            let turns = if rows == cols { 4 } else { 2 };
            assert_eq!(expected % turns, 0, "seed {seed}");
            assert_eq!(sat_count(&p, EncodingKind::Diamond, true, "builtin"), expected / turns, "board, seed {seed}");
        }
        // Identical pieces: without clues and without pieces that a turn maps to themselves, every
        // class of m identical pieces multiplies the count by m! exactly.
        let canon =
            |e: [Label; 4]| -> [Label; 4] { (0..4).map(|k| std::array::from_fn(|d| e[(d + k) % 4])).min().unwrap() };
        let self_symmetric = p.pieces.iter().any(|e| (1..4).any(|k| (0..4).all(|d| e[(d + k) % 4] == e[d])));
        if p.clues.is_empty() && !self_symmetric {
            let mut classes = std::collections::HashMap::new();
            for &e in &p.pieces {
                *classes.entry(canon(e)).or_insert(0u64) += 1;
            }
            let factor: u64 = classes.values().map(|&m| (1..=m).product::<u64>()).product();
            let opts = EncodeOptions { symmetry_breaking: false, duplicates: true, ..EncodeOptions::default() };
            assert_eq!(sat_count_with(&p, opts, "builtin") * factor, expected, "duplicates, seed {seed}");
            dup_classes += u32::from(factor > 1);
        }
        tested += 1;
        zero += u32::from(expected == 0);
        one += u32::from(expected == 1);
        clued += u32::from(!p.clues.is_empty());
        complement += u32::from(g.rule == GeneratedRule::Complement);
        framed += u32::from(g.frame_colors.is_some());
    }
    eprintln!("{tested} boards: {zero} without solution, {one} unique, {clued} with clues, {complement} complement, {framed} framed, {dup_classes} with identical pieces");
    assert!(zero >= 10 && one >= 10 && clued >= 20 && complement >= 40 && framed >= 40 && dup_classes >= 10);
}

/// The true counts of the seed puzzles (full assignments; up to board rotation divide by 4).
#[test]
fn seed_puzzle_counts() {
    use crate::fixture;
    use wgrnd_families::edge::formats::{load_puzzle, ReadOptions};
    for (rel, want) in [
        ("foursquares/seed004.txt", 72),
        ("foursquares/orig.txt", 24),
        ("foursquares/easy.txt", 6144),
        ("witch/witches.lpl", 4),
        ("witch/table1.txt", 4),
        ("witch/commented.txt", 8),
        ("witch/exercise.lpl", 0),
    ] {
        let p = load_puzzle(&fixture(rel), &ReadOptions::default()).unwrap();
        assert_eq!(brute_force(&p, 100_000), Some(want), "brute force on {rel}");
        assert_eq!(sat_count(&p, EncodingKind::Diamond, false, "builtin"), want, "{rel}");
        engines_agree(&p, EncodingKind::Diamond, want);
    }
}

/// `wgrnd count`: exit codes none / unique / several / unknown, JSON, bounds and printing.
#[test]
fn count_command() {
    use crate::{code, fixture, stderr, stdout, wgrnd};
    let run = |args: &[&str]| {
        let out = wgrnd(args, None);
        (code(&out), stdout(&out), stderr(&out))
    };
    let easy = fixture("foursquares/easy.txt");
    let (c, out, err) = run(&["count", "--json", &easy]);
    assert_eq!(c, 12, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!((v["count"].as_u64(), v["complete"].as_bool()), (Some(6144), Some(true)));
    let (c, out, _) = run(&["count", "--max", "2", "--json", &easy]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (c, v["count"].as_u64(), v["complete"].as_bool(), v["stopped"].as_str()),
        (12, Some(2), Some(false), Some("max"))
    );
    let (c, out, _) = run(&["count", "--symmetry", "board", &fixture("witch/witches.lpl")]);
    assert_eq!(c, 10);
    assert!(out.contains("1 solution(s) up to board rotation; the count is complete"), "{out}");
    let (c, _, _) = run(&["count", &fixture("witch/exercise.lpl")]);
    assert_eq!(c, 20);
    // A long count stops at the time limit and reports a lower bound.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.wgrnd");
    let gen = ["generate", "--rows", "5", "--cols", "5", "--colors", "3", "--seed", "3", "-o", big.to_str().unwrap()];
    assert_eq!(run(&gen).0, 0);
    let (c, out, _) = run(&["count", "--timeout", "1", "--json", big.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    // Two or more found, but stopped by the time limit: exit 30 (not 12, a complete count's), the
    // count a lower bound in JSON and in words.
    assert_eq!((c, v["complete"].as_bool(), v["stopped"].as_str()), (30, Some(false), Some("timeout")), "{out}");
    assert_eq!(v["lower_bound"], true, "{out}");
    assert!(v["count"].as_u64().unwrap() > 100, "{out}");
    let (c, out, _) = run(&["count", "--timeout", "1", big.to_str().unwrap()]);
    assert_eq!(c, 30);
    assert!(out.contains("at least ") && out.contains("stopped (timeout)"), "{out}");
    // `count -v`: statistics on standard error, the count unchanged.
    let (c, out, err) = run(&["count", "-v", &fixture("witch/witches.lpl")]);
    assert_eq!(c, 12, "{err}");
    assert!(out.contains("4 solution(s)"), "{out}");
    assert!(err.contains("c counting ") && err.contains("c models 4 counted 4 stopped exhausted"), "{err}");
    let (c, out, _) = run(&["count", "--max", "1", &fixture("witch/witches.lpl")]);
    assert_eq!(c, 30);
    assert!(out.contains("at least 1 solution(s)"), "{out}");
    // --print: every solution, each passing the checker, then the summary.
    let (c, out, _) = run(&["count", "--print", "--view", "grid", &fixture("witch/witches.lpl")]);
    assert_eq!(c, 12);
    assert_eq!(out.matches("solution ").count(), 4, "{out}");
    // Other solvers count the same (re-solving with the blocking clauses appended).
    let (c, out, err) = run(&["count", "--solver", "splr", "--json", &fixture("foursquares/seed004.txt")]);
    assert_eq!(c, 12, "{err}");
    assert!(out.contains("\"count\":72"), "{out}");
    if crate::external("cadical").is_some() {
        let (c, out, err) = run(&["count", "--solver", "cadical", "--json", &fixture("witch/commented.txt")]);
        assert_eq!(c, 12, "{err}");
        assert!(out.contains("\"count\":8"), "{out}");
    }
}

/// `wgrnd generate`: reproducible, and `--unique` output is confirmed unique by `count`.
#[test]
fn generated_unique_puzzles_are_unique() {
    use crate::{code, stdout, wgrnd};
    let dir = tempfile::tempdir().unwrap();
    let cases: [&[&str]; 4] = [
        &["--rows", "4", "--cols", "4", "--colors", "3", "--frame-colors", "1"],
        &["--rows", "5", "--cols", "5", "--colors", "4", "--frame-colors", "2"],
        &["--rows", "3", "--cols", "5", "--colors", "3", "--match", "complement"],
        &["--rows", "4", "--cols", "4", "--colors", "2"],
    ];
    for (i, case) in cases.iter().enumerate() {
        for seed in ["1", "2"] {
            let path = dir.path().join(format!("g{i}-{seed}.wgrnd"));
            let mut args = vec!["generate", "--unique", "--seed", seed, "-o", path.to_str().unwrap()];
            args.extend_from_slice(case);
            let out = wgrnd(&args, None);
            assert_eq!(code(&out), 0, "{}", crate::stderr(&out));
            let counted = wgrnd(&["count", "--symmetry", "board", "--max", "2", path.to_str().unwrap()], None);
            assert_eq!(code(&counted), 10, "{case:?} seed {seed}: {}", stdout(&counted));
        }
    }
    let a =
        wgrnd(&["generate", "--rows", "6", "--cols", "6", "--colors", "5", "--frame-colors", "2", "--to", "puz"], None);
    let b =
        wgrnd(&["generate", "--rows", "6", "--cols", "6", "--colors", "5", "--frame-colors", "2", "--to", "puz"], None);
    assert_eq!(stdout(&a), stdout(&b));
    assert!(stdout(&a).starts_with("6 6\n"));
    let bad = wgrnd(
        &["generate", "--rows", "3", "--cols", "3", "--colors", "2", "--match", "complement", "--to", "puz"],
        None,
    );
    assert_eq!(code(&bad), 2);
}

/// `count --proof`: a certificate whose CNF is valid DIMACS and that CaDiCaL proved UNSAT (drat-trim
/// checks the proof file; it is not packaged by Debian, so this test stops at the files).
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn uniqueness_certificate() {
    use crate::{code, fixture, stderr, wgrnd};
    if crate::external("cadical").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let cert = dir.path().join("cert");
    let out = wgrnd(
        &[
            "count",
            "--symmetry",
            "board",
            "--max",
            "2",
            "--proof",
            cert.to_str().unwrap(),
            &fixture("witch/witches.lpl"),
        ],
        None,
    );
    assert_eq!(code(&out), 10, "{}", stderr(&out));
    assert!(stderr(&out).contains("drat-trim"), "{}", stderr(&out));
    for f in ["no-second.cnf", "no-second.drat", "solution.json"] {
        assert!(cert.join(f).is_file(), "{f} missing");
    }
    let check = wgrnd(&["dimacs", "check", cert.join("no-second.cnf").to_str().unwrap()], None);
    assert_eq!(code(&check), 0, "{}", stderr(&check));
    // The proof ends with the empty clause (text DRAT).
    let drat = std::fs::read_to_string(cert.join("no-second.drat")).unwrap();
    assert!(drat.lines().any(|l| l.trim() == "0"), "no empty clause in the proof");
    // Several solutions: no certificate.
    let none = wgrnd(
        &["count", "--max", "2", "--proof", dir.path().join("x").to_str().unwrap(), &fixture("witch/witches.lpl")],
        None,
    );
    assert_eq!(code(&none), 12);
    assert!(!dir.path().join("x").join("no-second.drat").exists());
}

/// What a count's progress line shows is what its answer counts: with `--symmetry all` on a
/// packing, the running count of orbits, not of packings.
#[test]
fn progress_counts_in_the_unit_of_the_answer() {
    use wgrnd_families::{Packings, RawOptions};
    let path = crate::fixture("packing/tiny.pack");
    let packing = wgrnd_families::edge::formats::read_packing(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    for unit in [CountUnit::None, CountUnit::Board, CountUnit::All] {
        let raw = RawOptions { count: Some(unit), ..RawOptions::default() };
        let f = Packings::new(packing.clone(), &raw).unwrap();
        let g = f.ground().unwrap();
        let mut shown = Vec::new();
        let c = count(&f, &g, &SolverSpec::Builtin, &Limits::default(), unit, |e| {
            if e.first_of_orbit || unit == CountUnit::None {
                shown.push(e.counted);
            }
        })
        .unwrap();
        assert_eq!(shown.iter().max().copied(), Some(c.count), "{unit:?}: {shown:?}");
        assert!(shown.windows(2).all(|w| w[0] < w[1]), "{unit:?}: {shown:?}");
    }
}

/// Every engine keeps the limits: `--max` (a whole orbit may pass it, as with blocking clauses),
/// `--timeout 0` (stopped before anything is known), and `--engine dlx` is refused, as bad input,
/// for a puzzle that is not an exact cover.
#[test]
fn every_engine_keeps_the_limits() {
    use crate::{code, stderr, stdout, wgrnd};
    let easy = crate::fixture("foursquares/easy.txt");
    let soma = crate::fixture("packing/soma.pack");
    let runs: [(&str, &str, &[&str]); 5] = [
        ("blocking", &easy, &[]),
        ("backtrack", &easy, &[]),
        ("auto", &easy, &[]),
        ("backtrack", &soma, &["--symmetry", "all"]),
        ("dlx", &soma, &["--symmetry", "all"]),
    ];
    for (engine, file, extra) in runs {
        let base: Vec<&str> =
            ["count", file, "--engine", engine, "--json"].into_iter().chain(extra.iter().copied()).collect();
        let with = |more: &[&str]| wgrnd(&base.iter().copied().chain(more.iter().copied()).collect::<Vec<_>>(), None);
        let r = with(&["--max", "3"]);
        assert_eq!(code(&r), 12, "{engine} {file}: {}", stderr(&r));
        let json: serde_json::Value = serde_json::from_str(&stdout(&r)).unwrap();
        assert_eq!(json["stopped"], "max", "{engine} {file}");
        assert!(json["count"].as_u64().unwrap() >= 3, "{engine} {file}: {json}");
        let r = with(&["--timeout", "0"]);
        assert_eq!(code(&r), 30, "{engine} {file}: {}", stderr(&r));
    }
    let r = wgrnd(&["count", &easy, "--engine", "dlx"], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("not an exact-cover problem"), "{}", stderr(&r));
}

/// A model whose formula is an exact cover (Langford pairs: exactly one place per number, one
/// number per place) is counted by dancing links under `auto` and `--engine dlx`, the same as by
/// the backtracking engine and with its symmetries; one that is not (magic squares: sums) is
/// refused by `--engine dlx`.
#[test]
fn a_formula_that_is_an_exact_cover_counts_the_same_by_every_engine() {
    use crate::{code, stderr, stdout, wgrnd};
    let langford = crate::fixture("qprop/langford.qp");
    for extra in [&["--engine", "auto"][..], &["--engine", "dlx"], &["--engine", "backtrack"], &["--lex-leader", "all"]]
    {
        let args: Vec<&str> = ["count", &langford, "-D", "n=7"].into_iter().chain(extra.iter().copied()).collect();
        let r = wgrnd(&args, None);
        assert_eq!(code(&r), 12, "{extra:?}: {}", stderr(&r));
        assert!(stdout(&r).starts_with("52 solution(s)"), "{extra:?}: {}", stdout(&r));
    }
    let r = wgrnd(&["count", &crate::fixture("qprop/magic4.qp"), "-D", "n=3", "--engine", "dlx"], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("not an exact-cover problem"), "{}", stderr(&r));
}

/// The scan search (edge matching's own engine) counts every board exactly like the brute force
/// above, and its exact solve agrees: a board the checker accepts where there is one, "no
/// solution" where there is none, on random framed and unframed boards with clues and broken
/// pieces under both matching rules.
#[test]
fn the_scan_search_counts_and_solves_like_brute_force() {
    use wgrnd_families::edge::check::check;
    use wgrnd_families::edge::scan::{self, Exact, ExactStats};
    let mut rng = Rng(50);
    let (mut tested, mut none, mut clued) = (0, 0, 0);
    let mut seed = 1000;
    while tested < 300 {
        seed += 1;
        let (g, mut p, solution) = small_board(&mut rng, seed, (2, 3));
        match rng.below(4) {
            0 => {
                let k = 1 + rng.below(3) as usize;
                for i in 0..k {
                    let pl = solution[rng.below(solution.len() as u64) as usize];
                    if p.clues.iter().all(|c| (c.row, c.col) != (pl.row, pl.col)) {
                        // Now and then a clue turned wrong: usually no solution.
                        let rotation = if i == 1 && rng.below(3) == 0 { (pl.rotation + 1) % 4 } else { pl.rotation };
                        p.clues.push(Clue { row: pl.row, col: pl.col, piece: pl.piece, rotation });
                    }
                }
                clued += 1;
            }
            1 => {
                let q = rng.below(p.pieces.len() as u64) as usize;
                p.pieces[q].swap(1, 3);
            }
            _ => {}
        }
        let Some(expected) = brute_force(&p, 1000) else { continue };
        assert_eq!(scan::count(&p, 1000).unwrap(), Some(expected), "seed {seed}: {g:?}, clues {:?}", p.clues);
        let mut stats = ExactStats::default();
        match scan::solve(&p, seed, &|| false, &mut stats).unwrap() {
            Exact::Solved(board) => {
                assert!(expected > 0, "seed {seed}");
                assert!(check(&p, &board).is_valid(), "seed {seed}");
            }
            Exact::NoSolution => assert_eq!(expected, 0, "seed {seed}"),
            Exact::Unknown => panic!("seed {seed}: no answer without a stop"),
        }
        none += u32::from(expected == 0);
        tested += 1;
    }
    assert!(none >= 20 && clued >= 40, "{none} without a solution, {clued} with clues");
}
