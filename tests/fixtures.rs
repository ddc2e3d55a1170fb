//! Every bundled puzzle is solved and every printed solution passes the independent checker;
//! the known solutions shipped with the data pass it too; broken placements are rejected with the
//! broken edge named.

use wgrnd_families::edge::check::{check, Violation};
use wgrnd_families::edge::formats::{load_puzzle, read_solution, ReadOptions};
use wgrnd_families::edge::model::{Placement, Puzzle};
use wgrnd_sat::read_text;

use crate::{code, external, fixture, root, stdout, wgrnd};

fn load(rel: &str) -> Puzzle {
    load_puzzle(&fixture(rel), &ReadOptions::default()).expect("fixture loads")
}

/// Solves with `wgrnd solve --json`, re-checks the printed placements with the checker crate.
fn solve_and_recheck(rel: &str, extra: &[&str]) -> Vec<Placement> {
    let path = fixture(rel);
    let mut args = vec!["solve", "--json", path.as_str()];
    args.extend_from_slice(extra);
    let out = wgrnd(&args, None);
    assert_eq!(code(&out), 10, "{rel}: {}", crate::stderr(&out));
    let text = stdout(&out);
    let mut opts = ReadOptions::default();
    if let Some(i) = extra.iter().position(|a| *a == "--sum") {
        opts.sum = extra[i + 1].parse().ok();
    }
    let p = load_puzzle(&path, &opts).unwrap();
    let placements = read_solution("out.json", &text, &p, None).expect("wgrnd's JSON reads back");
    let report = check(&p, &placements);
    assert!(report.is_valid(), "{rel}: {:?}", report.violations);
    placements
}

#[test]
fn seed_puzzles_solve_and_check() {
    for rel in [
        "foursquares/seed004.txt",
        "foursquares/orig.txt",
        "foursquares/easy.txt",
        "witch/witches.lpl",
        "witch/table1.txt",
        "witch/commented.txt",
    ] {
        solve_and_recheck(rel, &[]);
    }
    solve_and_recheck("witch/exercise.lpl", &["--sum", "10"]);
}

#[test]
fn seed_000_printed_answers_tell_the_truth() {
    let main = wgrnd(&["check", &fixture("witch/witches.lpl"), &fixture("witch/witches.answer.txt")], None);
    assert_eq!(code(&main), 0, "{}", stdout(&main));
    // The exercise's printed answer breaks K = 9 on all 12 inner edges: each sums to 10.
    let ex = wgrnd(&["check", &fixture("witch/exercise.lpl"), &fixture("witch/exercise.answer.txt")], None);
    assert_eq!(code(&ex), 1);
    assert!(stdout(&ex).contains("12 violation(s)"), "{}", stdout(&ex));
    assert!(stdout(&ex).contains("sums to 10, not 9"), "{}", stdout(&ex));
    let ex10 =
        wgrnd(&["check", "--sum", "10", &fixture("witch/exercise.lpl"), &fixture("witch/exercise.answer.txt")], None);
    assert_eq!(code(&ex10), 0, "{}", stdout(&ex10));
    // Under the seed's stated rule the exercise table has no solution at all, and wgrnd says why.
    let unsat = wgrnd(&["solve", &fixture("witch/exercise.lpl")], None);
    assert_eq!(code(&unsat), 20);
    assert!(crate::stderr(&unsat).contains("--sum 10"), "{}", crate::stderr(&unsat));
}

#[test]
fn heule_puzzles_solve_in_process() {
    for name in ["clue1", "clue2", "clue3", "clue4", "em_7_3_6", "em_7_4_8", "em_8_4_5"] {
        let rel = format!("heule/{name}.txt");
        let placements = solve_and_recheck(&rel, &[]);
        assert_eq!(placements.len(), load(&rel).squares());
    }
    // splr on the small ones, qprop on one of them.
    solve_and_recheck("heule/clue1.txt", &["--solver", "splr"]);
    solve_and_recheck("heule/clue3.txt", &["--encoding", "four-squares"]);
}

/// Every encoding with every in-process solver, with and without the redundant clauses and the
/// symmetry breaking, on puzzles of every kind: the answers all pass the checker.
#[test]
fn every_encoding_and_backend_solves_the_small_puzzles() {
    let puzzles = [
        "foursquares/seed004.txt",
        "witch/witches.lpl",
        "board-suite/4/5/board_0/puzzle.puz",
        "board-suite/5/8/board_1/puzzle.puz",
        "heule/clue1.txt",
    ];
    for rel in puzzles {
        for encoding in ["diamond", "four-squares", "support", "conflict"] {
            for solver in ["builtin", "splr"] {
                for extra in [&[][..], &["--no-redundant"], &["--no-symmetry-breaking"], &["--amo", "pairwise"]] {
                    let mut args = vec!["--encoding", encoding, "--solver", solver];
                    args.extend_from_slice(extra);
                    solve_and_recheck(rel, &args);
                }
            }
        }
    }
}

/// A shuffled copy (pieces reordered and turned, clues following) still solves, and the same
/// seed gives the same file.
#[test]
fn shuffled_puzzles_solve() {
    let dir = tempfile::tempdir().unwrap();
    for rel in ["heule/clue1.txt", "board-suite/6/12/board_2/puzzle.puz", "witch/witches.lpl"] {
        let out = dir.path().join("shuffled.wgrnd");
        let a = wgrnd(&["shuffle", "--seed", "5", &fixture(rel), "-o", out.to_str().unwrap()], None);
        assert_eq!(code(&a), 0, "{}", crate::stderr(&a));
        let b = wgrnd(&["shuffle", "--seed", "5", &fixture(rel)], None);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), stdout(&b));
        let c = wgrnd(&["shuffle", "--seed", "6", &fixture(rel)], None);
        assert_ne!(stdout(&b), stdout(&c));
        let p = load_puzzle(out.to_str().unwrap(), &ReadOptions::default()).unwrap();
        assert_eq!(p.clues.len(), load(rel).clues.len());
        let solved = wgrnd(&["solve", "--json", out.to_str().unwrap()], None);
        assert_eq!(code(&solved), 10, "{rel}: {}", crate::stderr(&solved));
        let placements = read_solution("out.json", &stdout(&solved), &p, None).unwrap();
        assert!(check(&p, &placements).is_valid());
    }
}

/// A clue that cannot fit the frame makes the puzzle unsolvable, in every encoding.
#[test]
fn clue_against_the_frame_has_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad-clue.wgrnd");
    let p = load("board-suite/4/5/board_0/puzzle.puz");
    let mut text = wgrnd_families::edge::formats::write_native(&p);
    // Piece 1 is a corner piece (frame on two sides); the centre square cannot take it.
    text.push_str("clue 2 2 1 0\n");
    std::fs::write(&path, text).unwrap();
    for encoding in ["diamond", "four-squares"] {
        let out = wgrnd(&["solve", "--encoding", encoding, path.to_str().unwrap()], None);
        assert_eq!(code(&out), 20, "{encoding}: {}", crate::stderr(&out));
    }
}

/// Heule's generated boards through the DIMACS pipe: encode, CaDiCaL, decode (which checks).
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn heule_boards_through_cadical() {
    let Some(cadical) = external("cadical") else { return };
    let dir = tempfile::tempdir().unwrap();
    for name in ["em_7_3_6", "em_7_4_8", "em_8_4_5", "clue2", "clue4"] {
        let cnf = dir.path().join(format!("{name}.cnf"));
        let puzzle = fixture(&format!("heule/{name}.txt"));
        let enc = wgrnd(&["encode", &puzzle, "-o", cnf.to_str().unwrap()], None);
        assert_eq!(code(&enc), 0, "{}", crate::stderr(&enc));
        let solved = std::process::Command::new(&cadical).arg("-q").arg(&cnf).output().unwrap();
        assert_eq!(solved.status.code(), Some(10), "cadical on {name}");
        let dec = wgrnd(&["decode", &puzzle, "-", "--json"], Some(&solved.stdout));
        assert_eq!(code(&dec), 10, "{name}: {}", crate::stderr(&dec));
        let p = load(&format!("heule/{name}.txt"));
        let placements = read_solution("out.json", &stdout(&dec), &p, None).unwrap();
        assert!(check(&p, &placements).is_valid());
    }
}

fn board_suite_puzzles(size: usize) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let base = root().join(format!("fixtures/board-suite/{size}"));
    for colours in std::fs::read_dir(&base).unwrap() {
        for board in std::fs::read_dir(colours.unwrap().path()).unwrap() {
            out.push(board.unwrap().path());
        }
    }
    out.sort();
    out
}

/// The generator's own solutions and the enumerated ones all pass the checker: this pins the
/// rotation convention (counterclockwise) against data nobody on this project wrote.
#[test]
fn board_suite_known_solutions_pass_the_checker() {
    let mut checked = 0;
    for size in 4..=12 {
        for dir in board_suite_puzzles(size) {
            let puz = dir.join("puzzle.puz");
            let p = load_puzzle(puz.to_str().unwrap(), &ReadOptions::default()).unwrap();
            for sol in std::fs::read_dir(&dir).unwrap() {
                let sol = sol.unwrap().path();
                if sol.extension().and_then(|e| e.to_str()) != Some("sol") {
                    continue;
                }
                let text = read_text(sol.to_str().unwrap()).unwrap();
                let placements = read_solution(sol.to_str().unwrap(), &text, &p, None).unwrap();
                let report = check(&p, &placements);
                assert!(report.is_valid(), "{}: {:?}", sol.display(), report.violations);
                checked += 1;
            }
        }
    }
    assert!(checked >= 529, "only {checked} solutions found");
}

/// Every 4 x 4 board of the suite, and board 0 of every 5 x 5 colour count, solves in-process
/// and the answer passes the checker (`scripts/bench board-suite` runs the sizes up to 8 x 8).
#[test]
fn board_suite_small_boards_solve_in_process() {
    for size in [4, 5] {
        for dir in board_suite_puzzles(size) {
            if size == 5 && !dir.ends_with("board_0") {
                continue;
            }
            let rel =
                dir.join("puzzle.puz").strip_prefix(root().join("fixtures")).unwrap().to_string_lossy().into_owned();
            solve_and_recheck(&rel, &[]);
        }
    }
}

/// Turning one piece of a correct solution is caught, and the message names the broken edges.
#[test]
fn broken_placement_is_rejected_with_the_edge_named() {
    let p = load("witch/witches.lpl");
    let text = read_text(&fixture("witch/witches.answer.txt")).unwrap();
    let mut placements = read_solution("answer", &text, &p, None).unwrap();
    assert!(check(&p, &placements).is_valid());
    let centre = placements.iter_mut().find(|pl| pl.row == 1 && pl.col == 1).unwrap();
    centre.rotation = (centre.rotation + 1) % 4;
    let report = check(&p, &placements);
    assert!(!report.is_valid());
    let texts: Vec<String> = report.violations.iter().map(|v| v.to_string()).collect();
    assert!(report.violations.iter().all(|v| matches!(v, Violation::Mismatch { .. })), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("(2,2)")), "{texts:?}");

    // Through the CLI: exit 1, the edge in the message.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, text.replace("block 3 at (2,2) with rotation 4", "block 3 at (2,2) with rotation 1")).unwrap();
    let out = wgrnd(&["check", &fixture("witch/witches.lpl"), bad.to_str().unwrap()], None);
    assert_eq!(code(&out), 1);
    assert!(stdout(&out).contains("edge between"), "{}", stdout(&out));
}

/// Random solved boards built without the encoder: the checker accepts them as built and rejects
/// every single-piece rotation or swap that breaks an edge.
#[test]
fn checker_agrees_with_constructed_boards() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    for trial in 0..200 {
        let (rows, cols, colours) = (2 + next(3) as usize, 2 + next(3) as usize, 2 + next(4));
        // Labels of horizontal and vertical inner edges; outer edges 0 (framed).
        let h: Vec<u64> = (0..rows * (cols + 1)).map(|_| 1 + next(colours)).collect();
        let v: Vec<u64> = (0..(rows + 1) * cols).map(|_| 1 + next(colours)).collect();
        let mut text = format!("size {rows} {cols}\nmatch equal\nframe 0\n");
        let mut solution = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let n = if r == 0 { 0 } else { v[r * cols + c] };
                let s = if r + 1 == rows { 0 } else { v[(r + 1) * cols + c] };
                let w = if c == 0 { 0 } else { h[r * (cols + 1) + c] };
                let e = if c + 1 == cols { 0 } else { h[r * (cols + 1) + c + 1] };
                // Store the piece turned back by k, so that placing it with rotation k shows [n e s w].
                let k = next(4) as usize;
                let shown = [n, e, s, w];
                let stored: Vec<String> = (0..4).map(|i| shown[(i + 4 - k) % 4].to_string()).collect();
                text.push_str(&format!("piece {}\n", stored.join(" ")));
                solution.push(Placement { row: r, col: c, piece: r * cols + c, rotation: k as u8 });
            }
        }
        let p = wgrnd_families::edge::formats::read_puzzle("t.wgrnd", &text, &ReadOptions::default()).unwrap();
        assert!(check(&p, &solution).is_valid(), "trial {trial}: {text}");
        let i = next(solution.len() as u64) as usize;
        let mut broken = solution.clone();
        broken[i].rotation = (broken[i].rotation + 1 + next(3) as u8) % 4;
        let piece = p.pieces[broken[i].piece];
        let symmetric = (1..4).any(|t| (0..4).all(|d| piece[d] == piece[(d + t) % 4]));
        if !symmetric {
            assert!(!check(&p, &broken).is_valid(), "trial {trial}: turning piece {i} went unnoticed");
        }
    }
}
