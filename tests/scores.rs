//! Issue 26, edge matching by score (`solve --maximize matches`): the exact optimum and the
//! number of optimal boards against a brute force over every placement (a plain loop here), the
//! large-neighbourhood search against it on tiny boards, its files (`--best`, `--start`), and
//! what a signal leaves behind.

use std::process::{Command, Stdio};
use std::time::Duration;

use wgrnd_families::edge::formats::{read_puzzle, ReadOptions};
use wgrnd_families::edge::model::{Placement, Puzzle};
use wgrnd_families::{EdgeMatching, RawOptions};
use wgrnd_seam::{Family, SplitMix64};

use crate::{code, fixture, root, stderr, stdout, wgrnd};

/// A random puzzle in the native format: a board with random inner labels (1..=labels), the
/// frame label 0 outside when `framed` (else random outer labels too), its pieces turned at
/// random and shuffled, some labels changed so that a full match may be impossible.
fn random_puzzle(rng: &mut SplitMix64, rows: usize, cols: usize, labels: u64, framed: bool, clue: bool) -> String {
    let n = rows * cols;
    // Labels of the horizontal edges h[r][c] (above row r) and vertical ones v[r][c] (left of c).
    let mut label = |outer: bool| if outer && framed { 0 } else { 1 + rng.below(labels) };
    let h: Vec<Vec<u64>> = (0..=rows).map(|r| (0..cols).map(|_| label(r == 0 || r == rows)).collect()).collect();
    let v: Vec<Vec<u64>> = (0..rows).map(|_| (0..=cols).map(|c| label(c == 0 || c == cols)).collect()).collect();
    let mut pieces: Vec<[u64; 4]> =
        (0..n).map(|s| (s / cols, s % cols)).map(|(r, c)| [h[r][c], v[r][c + 1], h[r + 1][c], v[r][c]]).collect();
    for p in pieces.iter_mut() {
        if rng.below(3) == 0 {
            let side = rng.below(4) as usize;
            if p[side] != 0 {
                p[side] = 1 + rng.below(labels);
            }
        }
        let k = rng.below(4) as usize;
        p.rotate_left(k);
    }
    for i in (1..n).rev() {
        pieces.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut text = format!("size {rows} {cols}\nmatch equal\nframe {}\n", if framed { "0" } else { "none" });
    for p in &pieces {
        text += &format!("piece {} {} {} {}\n", p[0], p[1], p[2], p[3]);
    }
    if clue {
        // The piece now listed first, on the square (1,1), turned so that a frame fits.
        let p = pieces[0];
        let k = (0..4).find(|&k| !framed || (0..4).all(|d| (p[(d + k) % 4] == 0) == (d == 0 || d == 3))).unwrap_or(0);
        text += &format!("clue 1 1 1 {k}\n");
    }
    text
}

/// Best score and how many boards reach it, by every placement: square by square, every unused
/// piece in every turn that shows the frame on exactly the outer sides, clues kept; a plain
/// depth-first enumeration over the puzzle's definition, scored at each full board.
fn brute(p: &Puzzle) -> (usize, u64) {
    struct Walk<'a> {
        p: &'a Puzzle,
        board: Vec<(usize, usize)>,
        used: Vec<bool>,
        best: (usize, u64),
    }
    impl Walk<'_> {
        fn shows(&self, q: usize, k: usize) -> [u32; 4] {
            std::array::from_fn(|d| self.p.pieces[q][(d + k) % 4].0)
        }
        fn outer(&self, s: usize, d: usize) -> bool {
            let (r, c) = (s / self.p.cols, s % self.p.cols);
            match d {
                0 => r == 0,
                1 => c + 1 == self.p.cols,
                2 => r + 1 == self.p.rows,
                _ => c == 0,
            }
        }
        fn go(&mut self, s: usize) {
            let p = self.p;
            let n = p.squares();
            if s == n {
                let frame = p.frame.map(|f| f.0);
                let mut score = 0;
                for t in 0..n {
                    let here = self.shows(self.board[t].0, self.board[t].1);
                    if t % p.cols + 1 < p.cols {
                        let east = self.shows(self.board[t + 1].0, self.board[t + 1].1);
                        score += usize::from(here[1] == east[3] && Some(here[1]) != frame);
                    }
                    if t / p.cols + 1 < p.rows {
                        let south = self.shows(self.board[t + p.cols].0, self.board[t + p.cols].1);
                        score += usize::from(here[2] == south[0] && Some(here[2]) != frame);
                    }
                }
                if score > self.best.0 {
                    self.best = (score, 1);
                } else if score == self.best.0 {
                    self.best.1 += 1;
                }
                return;
            }
            let clue = p.clues.iter().find(|c| c.row * p.cols + c.col == s).map(|c| (c.piece, c.rotation as usize));
            for q in 0..n {
                if self.used[q]
                    || clue.is_some_and(|c| c.0 != q)
                    || p.clues.iter().any(|c| c.piece == q && clue.is_none())
                {
                    continue;
                }
                for k in 0..4 {
                    if clue.is_some_and(|c| c.1 != k) {
                        continue;
                    }
                    let here = self.shows(q, k);
                    if let Some(f) = p.frame {
                        if !(0..4).all(|d| (here[d] == f.0) == self.outer(s, d)) {
                            continue;
                        }
                    }
                    self.used[q] = true;
                    self.board[s] = (q, k);
                    self.go(s + 1);
                    self.used[q] = false;
                }
            }
        }
    }
    let mut w = Walk { p, board: vec![(0, 0); p.squares()], used: vec![false; p.squares()], best: (0, 0) };
    w.go(0);
    w.best
}

fn by_score(p: &Puzzle) -> EdgeMatching {
    EdgeMatching::new(p.clone(), &RawOptions { maximize: Some("matches".into()), ..RawOptions::default() }).unwrap()
}

/// The optimum by each engine (they must agree) and the number of optimal boards.
fn exact(p: &Puzzle) -> (usize, u64) {
    let f = by_score(p);
    let (best, count) = crate::optimise::optimum_by_both_engines(&f, |g, model, c| {
        let board = f.decode(g, model).unwrap();
        assert_eq!(f.check(&board).unwrap(), vec![], "the optimum breaks a hard rule");
        // The independent checker recomputes the score.
        assert_eq!(f.objective_values(&board).unwrap(), Some(g.objective.shown(c)));
    });
    (best as usize, count)
}

fn read(text: &str) -> Puzzle {
    read_puzzle("t.wgrnd", text, &ReadOptions::default()).unwrap()
}

#[test]
fn the_optimum_and_its_count_equal_a_brute_force() {
    let mut rng = SplitMix64(2026);
    let mut seen_imperfect = false;
    for (rows, cols, labels, framed, clue, times) in [
        (1, 3, 2, false, false, 4),
        (2, 2, 3, false, false, 6),
        (2, 2, 2, false, true, 3),
        (2, 3, 3, false, false, 1),
        (3, 3, 2, true, false, 5),
        (3, 3, 3, true, true, 3),
        (3, 4, 3, true, false, 1),
    ] {
        for _ in 0..times {
            let text = random_puzzle(&mut rng, rows, cols, labels, framed, clue);
            let p = read(&text);
            let want = brute(&p);
            assert_eq!(exact(&p), want, "{text}");
            seen_imperfect |= want.0 < rows * (cols - 1) + (rows - 1) * cols;
        }
    }
    assert!(seen_imperfect, "every random board matched fully: the test would not see a lost edge");
}

#[test]
fn the_search_reaches_the_brute_force_optimum_on_tiny_boards() {
    let mut rng = SplitMix64(7);
    for _ in 0..2 {
        let p = read(&random_puzzle(&mut rng, 2, 3, 3, false, false));
        let (best, _) = brute(&p);
        let opts = wgrnd_families::edge::lns::LnsOptions {
            seed: 1,
            jobs: 1,
            timeout: Some(Duration::from_millis(700)),
            ..Default::default()
        };
        let o = wgrnd_families::edge::lns::search(&p, &opts, &mut |_| {}).unwrap();
        assert_eq!(o.score, best);
        assert_eq!(wgrnd_families::edge::check::edge_score(&p, &o.best).matched, best);
    }
}

#[test]
fn maximize_matches_solves_every_reader_s_boards() {
    for (file, edges) in [("witch/witches.lpl", "12"), ("heule/clue1.txt", "60"), ("foursquares/seed004.txt", "4")] {
        let o = wgrnd(&["solve", "--maximize", "matches", &fixture(file), "--json"], None);
        assert_eq!(code(&o), 10, "{file}: {}", stderr(&o));
        let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(doc["objective"][0].to_string(), edges, "{file}");
        assert_eq!(doc["optimal"], true);
    }
    // The search on a solvable board stops when every edge matches: exit 10.
    let o =
        wgrnd(&["solve", "--maximize", "matches", &fixture("witch/witches.lpl"), "--opt", "lns", "--jobs", "1"], None);
    assert_eq!(code(&o), 10, "{}", stderr(&o));
    assert!(stderr(&o).contains("score 12/12"), "{}", stderr(&o));
}

#[test]
fn misuse_is_refused() {
    let e2 = fixture("heule/e2hints.txt");
    for (args, says) in [
        (vec!["solve", "--maximize", "edges", &e2], "--maximize: found `edges`; expected `matches`"),
        (vec!["solve", "--no-hints", &e2], "--no-hints applies to --maximize matches"),
        (vec!["solve", "--best", "x.json", &e2], "apply to `--maximize matches`"),
        (vec!["solve", "--maximize", "matches", "--encoding", "support", &e2], "drop --encoding"),
        (vec!["solve", "--maximize", "matches", &fixture("qprop/queens.qp")], "--maximize does not apply"),
    ] {
        let o = wgrnd(&args, None);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sol");
    std::fs::write(&bad, "1 0 0 0\n").unwrap();
    let o = wgrnd(&["solve", "--maximize", "matches", &e2, "--start", bad.to_str().unwrap(), "--timeout", "1"], None);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("the start board"), "{}", stderr(&o));
}

/// The score of a `--best` file, as the file says and as the independent checker recomputes it.
fn best_file_score(p: &Puzzle, path: &std::path::Path) -> (u64, usize) {
    let doc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let placements: Vec<Placement> = doc["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| Placement {
            row: x["row"].as_u64().unwrap() as usize - 1,
            col: x["col"].as_u64().unwrap() as usize - 1,
            piece: x["piece"].as_u64().unwrap() as usize - 1,
            rotation: x["rotation"].as_u64().unwrap() as u8,
        })
        .collect();
    assert_eq!(placements.len(), p.squares());
    assert!(doc["bucas"].as_str().unwrap().starts_with("https://e2.bucas.name/"));
    (doc["score"].as_u64().unwrap(), wgrnd_families::edge::check::edge_score(p, &placements).matched)
}

#[test]
fn a_signal_leaves_the_best_board_whole_and_nothing_else() {
    let e2 = fixture("heule/e2hints.txt");
    let p = read_puzzle(&e2, &std::fs::read_to_string(&e2).unwrap(), &ReadOptions::default()).unwrap();
    for signal in ["-TERM", "-INT"] {
        let dir = tempfile::tempdir().unwrap();
        let best = dir.path().join("best.json");
        let child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
            .args(["solve", "--maximize", "matches", &e2, "--jobs", "2", "--best", best.to_str().unwrap()])
            .current_dir(root())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(2500));
        let killed = Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
        assert!(killed.success());
        let o = child.wait_with_output().unwrap();
        assert_eq!(code(&o), 11, "{signal}: {}", stderr(&o));
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["best.json", "best.json.svg"], "{signal}");
        let (said, recomputed) = best_file_score(&p, &best);
        assert_eq!(said as usize, recomputed);
        assert!(
            stderr(&o).contains(&format!("score {said}/480")),
            "{signal}: the file holds the best board: {}",
            stderr(&o)
        );
        assert!(std::fs::read_to_string(dir.path().join("best.json.svg")).unwrap().trim_end().ends_with("</svg>"));
        if signal == "-TERM" {
            // --start resumes from the saved board: never below it, the hints kept.
            let o = wgrnd(
                &["solve", "--maximize", "matches", &e2, "--start", best.to_str().unwrap(), "--timeout", "1", "--json"],
                None,
            );
            assert_eq!(code(&o), 11, "{}", stderr(&o));
            let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
            assert!(doc["objective"][0].as_u64().unwrap() >= said);
            assert_eq!(doc["optimal"], false);
        }
    }
}

#[test]
fn the_hints_fixture_places_the_five_official_pieces() {
    let e2 = fixture("heule/e2hints.txt");
    let p = read_puzzle(&e2, &std::fs::read_to_string(&e2).unwrap(), &ReadOptions::default()).unwrap();
    let mut hints: Vec<(usize, usize, usize)> = p.clues.iter().map(|c| (c.row + 1, c.col + 1, c.piece + 1)).collect();
    hints.sort();
    assert_eq!(hints, [(3, 3, 208), (3, 14, 255), (9, 8, 139), (14, 3, 181), (14, 14, 249)]);
    // The same pieces as e2pieces.txt, in the same order.
    let plain = fixture("heule/e2pieces.txt");
    let q = read_puzzle(&plain, &std::fs::read_to_string(&plain).unwrap(), &ReadOptions::default()).unwrap();
    assert_eq!(p.pieces, q.pieces);
    // --no-hints drops them.
    let f =
        EdgeMatching::new(p, &RawOptions { maximize: Some("matches".into()), no_hints: true, ..RawOptions::default() })
            .unwrap();
    assert!(f.puzzle.clues.is_empty());
}

#[test]
fn a_run_by_moves_and_fill_nodes_repeats() {
    let e2 = fixture("heule/e2hints.txt");
    let args =
        ["solve", "--maximize", "matches", &e2, "--jobs", "1", "--seed", "2", "--moves", "60", "--fill-nodes", "30000"];
    let run = || {
        let o = wgrnd(&[&args[..], &["-v", "--json"]].concat(), None);
        assert_eq!(code(&o), 11, "{}", stderr(&o));
        assert!(stderr(&o).contains("c moves 60 (all threads)"), "{}", stderr(&o));
        assert!(stderr(&o).contains("c start fill: 1 restarts, 30000 placements"), "{}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(run(), run(), "the same seed, moves and placements: the same board");
}
