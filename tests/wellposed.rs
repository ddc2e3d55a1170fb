//! The three questions of a well-posed puzzle (docs/wellposed.md) for every family: `count --max
//! 2` with its words and certificates, `backbone` against brute-force intersections of all
//! solutions, and `generate --unique` checked after the fact: the posed puzzle has one solution
//! and dropping any one of its clues gives a second (by `count` and by the brute forces here).
//! The brute forces share nothing with wgrnd: they enumerate grids and boards and test the
//! rules as the puzzles state them. The models are test-local (tests/wellposed/).

use std::collections::BTreeMap;
use std::path::Path;

use wgrnd_seam::SplitMix64;

use crate::{code, fixture, root, stderr, stdout, wgrnd};

/// The random instances come from the project's own generator.
type Rng = SplitMix64;

/// True with probability `percent` / 100.
fn chance(rng: &mut Rng, percent: u64) -> bool {
    rng.below(100) < percent
}

fn model(name: &str) -> String {
    root().join("tests/wellposed").join(name).to_string_lossy().into_owned()
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

/// The facts `pred(a,b,...)` of a data file, by predicate (parameters are read separately).
fn facts(text: &str) -> Vec<(String, Vec<i64>)> {
    let mut out = Vec::new();
    for stmt in text.lines().filter(|l| !l.trim_start().starts_with('%')).flat_map(|l| l.split('.')) {
        let stmt = stmt.trim();
        let Some((name, rest)) = stmt.split_once('(') else { continue };
        let args = rest.trim_end_matches(')').split(',').map(|a| a.trim().parse().unwrap()).collect();
        out.push((name.trim().to_string(), args));
    }
    out
}

fn param(text: &str, name: &str) -> Option<usize> {
    text.lines().find_map(|l| l.trim().strip_prefix(&format!("param {name} = ")).map(|v| v.trim().parse().unwrap()))
}

/// Every grid (row-major, true = filled) of a `rows x cols` board that `ok` accepts.
fn grids(rows: usize, cols: usize, ok: impl Fn(&[bool]) -> bool) -> Vec<Vec<bool>> {
    let n = rows * cols;
    (0u32..1 << n).map(|m| (0..n).map(|i| m >> i & 1 == 1).collect::<Vec<bool>>()).filter(|g| ok(g)).collect()
}

/// Submarines by brute force: the grids that meet every row sum, column sum and revealed cell.
fn submarines(rows: usize, cols: usize, clues: &[(String, Vec<i64>)]) -> Vec<Vec<bool>> {
    grids(rows, cols, |g| {
        clues.iter().all(|(p, a)| match p.as_str() {
            "rowsum" => (0..cols).filter(|&c| g[(a[0] as usize - 1) * cols + c]).count() as i64 == a[1],
            "colsum" => (0..rows).filter(|&r| g[r * cols + a[0] as usize - 1]).count() as i64 == a[1],
            "given" => g[(a[0] as usize - 1) * cols + a[1] as usize - 1] == (a[2] == 1),
            other => panic!("unknown clue {other}"),
        })
    })
}

/// Minesweeper by brute force: the mine layouts that meet the total and every revealed number.
fn minesweeper(rows: usize, cols: usize, clues: &[(String, Vec<i64>)]) -> Vec<Vec<bool>> {
    grids(rows, cols, |g| {
        clues.iter().all(|(p, a)| match p.as_str() {
            "total" => g.iter().filter(|&&m| m).count() as i64 == a[0],
            "number" => {
                let (r, c) = (a[0] - 1, a[1] - 1);
                let mut near = 0;
                for r2 in r - 1..=r + 1 {
                    for c2 in c - 1..=c + 1 {
                        let inside = r2 >= 0 && c2 >= 0 && r2 < rows as i64 && c2 < cols as i64;
                        if inside && (r2, c2) != (r, c) && g[r2 as usize * cols + c2 as usize] {
                            near += 1;
                        }
                    }
                }
                !g[r as usize * cols + c as usize] && near == a[2]
            }
            other => panic!("unknown clue {other}"),
        })
    })
}

/// What every solution shows, cell by cell: `#` filled in all, `.` in none, `?` otherwise.
fn intersection(solutions: &[Vec<bool>], cols: usize) -> Vec<String> {
    let n = solutions[0].len();
    let cell = |i: usize| {
        let filled = solutions.iter().filter(|s| s[i]).count();
        if filled == solutions.len() {
            "#"
        } else if filled == 0 {
            "."
        } else {
            "?"
        }
    };
    (0..n / cols).map(|r| (0..cols).map(|c| cell(r * cols + c)).collect::<Vec<_>>().join(" ")).collect()
}

/// Runs `backbone --json` and returns its document and the picture's rows (cells split by spaces).
fn backbone(args: &[&str]) -> (i32, serde_json::Value) {
    let r = wgrnd(args, None);
    let doc = serde_json::from_str(&stdout(&r)).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stderr(&r)));
    (code(&r), doc)
}

/// The backbone's fixed atoms `pred(r,c)` as a map to their value.
fn fixed_atoms(doc: &serde_json::Value) -> BTreeMap<String, bool> {
    doc["fixed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["atom"].as_str().unwrap().to_string(), f["value"].as_bool().unwrap()))
        .collect()
}

/// Compares a model's backbone (picture and listed atoms) with the brute-force intersection.
fn same_backbone(pred: &str, doc: &serde_json::Value, solutions: &[Vec<bool>], cols: usize, what: &str) {
    let want = intersection(solutions, cols);
    let picture: Vec<String> =
        doc["picture"].as_str().unwrap().lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect();
    assert_eq!(picture, want, "{what}: backbone picture differs from the brute force");
    for (atom, value) in fixed_atoms(doc) {
        let inner = atom.strip_prefix(&format!("{pred}(")).unwrap().trim_end_matches(')');
        let rc: Vec<usize> = inner.split(',').map(|x| x.parse().unwrap()).collect();
        let i = (rc[0] - 1) * cols + rc[1] - 1;
        assert!(solutions.iter().all(|s| s[i] == value), "{what}: {atom} = {value} is not fixed");
    }
    assert!(doc["complete"].as_bool().unwrap());
}

/// A random submarines instance from a random grid: some of its sums and cells.
fn random_submarines(rng: &mut Rng) -> (usize, usize, String) {
    let (rows, cols) = (3, 3 + rng.below(2) as usize);
    let g: Vec<bool> = (0..rows * cols).map(|_| chance(rng, 45)).collect();
    let mut data = format!("param rows = {rows}\nparam cols = {cols}\n");
    for r in 0..rows {
        if chance(rng, 80) {
            data += &format!("rowsum({}, {}).\n", r + 1, (0..cols).filter(|&c| g[r * cols + c]).count());
        }
    }
    for c in 0..cols {
        if chance(rng, 80) {
            data += &format!("colsum({}, {}).\n", c + 1, (0..rows).filter(|&r| g[r * cols + c]).count());
        }
    }
    for (i, &filled) in g.iter().enumerate() {
        if chance(rng, 10) {
            data += &format!("given({}, {}, {}).\n", i / cols + 1, i % cols + 1, u8::from(filled));
        }
    }
    // Now and then a sum that no grid meets together with the rest.
    if chance(rng, 15) {
        data += &format!("rowsum(1, {}).\n", rng.below(cols as u64 + 1));
    }
    (rows, cols, data)
}

fn random_minesweeper(rng: &mut Rng) -> (usize, usize, String) {
    let (rows, cols) = (3, 4);
    let g: Vec<bool> = (0..rows * cols).map(|_| chance(rng, 25)).collect();
    let mut data = format!("param rows = {rows}\nparam cols = {cols}\n");
    if chance(rng, 60) {
        data += &format!("total({}).\n", g.iter().filter(|&&m| m).count());
    }
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            if g[r as usize * cols + c as usize] || !chance(rng, 35) {
                continue;
            }
            let mut near = 0;
            for (r2, c2) in (r - 1..=r + 1).flat_map(|a| (c - 1..=c + 1).map(move |b| (a, b))) {
                if r2 >= 0 && c2 >= 0 && r2 < rows as i64 && c2 < cols as i64 && (r2, c2) != (r, c) {
                    near += usize::from(g[r2 as usize * cols + c2 as usize]);
                }
            }
            data += &format!("number({}, {}, {near}).\n", r + 1, c + 1);
        }
    }
    // Now and then a total that no layout meets together with the rest.
    if chance(rng, 15) {
        data += &format!("total({}).\n", g.iter().filter(|&&m| m).count() + 1 + rng.below(3) as usize);
    }
    (rows, cols, data)
}

type Brute = fn(usize, usize, &[(String, Vec<i64>)]) -> Vec<Vec<bool>>;

/// Draws a random instance: rows, columns and its data file.
type Random = fn(&mut Rng) -> (usize, usize, String);

/// `backbone` equals the brute-force intersection of all solutions on random instances of the
/// two test-local models (and says "no solution", exit 20, exactly when there is none).
#[test]
fn backbone_of_models_is_the_intersection_of_all_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = SplitMix64(2002);
    let cases: [(&str, &str, Random, Brute); 2] = [
        ("submarines.qp", "x", random_submarines, submarines),
        ("minesweeper.qp", "mine", random_minesweeper, minesweeper),
    ];
    for (file, pred, random, brute) in cases {
        let (mut solved, mut none) = (0, 0);
        for i in 0..25 {
            let (rows, cols, data) = random(&mut rng);
            let path = write(dir.path(), &format!("{i}.qpd"), &data);
            let chunk = ["1", "4", "32"][i % 3];
            let (exit, doc) = backbone(&["backbone", &model(file), "--data", &path, "--json", "--chunk", chunk]);
            let solutions = brute(rows, cols, &facts(&data));
            let what = format!("{file} with\n{data}");
            if solutions.is_empty() {
                assert_eq!((exit, doc["status"].as_str()), (20, Some("unsatisfiable")), "{what}");
                none += 1;
                continue;
            }
            assert_eq!(exit, 0, "{what}");
            same_backbone(pred, &doc, &solutions, cols, &what);
            solved += 1;
        }
        assert!(solved >= 15 && none >= 1, "{file}: {solved} solved, {none} without solution: too few of one kind");
    }
}

/// An edge-matching board as the native format writes it: size, pieces (north east south west)
/// and clues (row, column, piece, turns; from 1 but turns).
struct Board {
    rows: usize,
    cols: usize,
    pieces: Vec<[String; 4]>,
    clues: Vec<[usize; 4]>,
}

fn read_board(text: &str) -> Board {
    let mut b = Board { rows: 0, cols: 0, pieces: Vec::new(), clues: Vec::new() };
    for l in text.lines() {
        let w: Vec<&str> = l.split_whitespace().collect();
        match w.first() {
            Some(&"size") => (b.rows, b.cols) = (w[1].parse().unwrap(), w[2].parse().unwrap()),
            Some(&"piece") => b.pieces.push([w[1], w[2], w[3], w[4]].map(String::from)),
            Some(&"clue") => b.clues.push([1, 2, 3, 4].map(|i| w[i].parse().unwrap())),
            Some(&"match") => assert_eq!(w[1], "equal"),
            Some(&"frame") => assert_eq!(w[1], "none"),
            _ => {}
        }
    }
    b
}

/// Every solution of an unframed, equal-matching board by backtracking: square by square, every
/// unused piece in every turn (after `k` counterclockwise turns side `d` shows edge `(d + k) mod
/// 4`), matching the left and upper neighbours and the clues. A solution: (piece, turns) per square.
fn board_solutions(b: &Board) -> Vec<Vec<(usize, usize)>> {
    fn go(b: &Board, at: &mut Vec<(usize, usize)>, used: &mut Vec<bool>, out: &mut Vec<Vec<(usize, usize)>>) {
        let s = at.len();
        if s == b.rows * b.cols {
            out.push(at.clone());
            return;
        }
        let (r, c) = (s / b.cols, s % b.cols);
        let side = |(p, k): (usize, usize), d: usize| &b.pieces[p][(d + k) % 4];
        for p in 0..b.pieces.len() {
            for k in 0..4 {
                let clue = b.clues.iter().find(|q| q[0] == r + 1 && q[1] == c + 1);
                if used[p] || clue.is_some_and(|q| (q[2], q[3]) != (p + 1, k)) {
                    continue;
                }
                if c > 0 && side(at[s - 1], 1) != side((p, k), 3) {
                    continue;
                }
                if r > 0 && side(at[s - b.cols], 2) != side((p, k), 0) {
                    continue;
                }
                used[p] = true;
                at.push((p, k));
                go(b, at, used, out);
                at.pop();
                used[p] = false;
            }
        }
    }
    let mut out = Vec::new();
    go(b, &mut Vec::new(), &mut vec![false; b.pieces.len()], &mut out);
    out
}

/// `backbone` of small generated edge-matching boards, with some of their solution's placements
/// as clues: the squares it draws are exactly those where every solution has the same piece
/// turned the same way, and its true atoms are those placements.
#[test]
fn backbone_of_edge_matching_is_the_intersection_of_all_solutions() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = SplitMix64(4);
    for seed in 1..=12u64 {
        let (rows, cols) = if seed % 2 == 0 { ("2", "2") } else { ("2", "3") };
        let file = dir.path().join(format!("{seed}.txt")).to_string_lossy().into_owned();
        let colors = (2 + seed % 2).to_string();
        let r = wgrnd(
            &[
                "generate",
                "--rows",
                rows,
                "--cols",
                cols,
                "--colors",
                &colors,
                "--seed",
                &seed.to_string(),
                "-o",
                &file,
            ],
            None,
        );
        assert_eq!(code(&r), 0, "{}", stderr(&r));
        // Clues from one solution: a count prints it.
        let free = read_board(&std::fs::read_to_string(&file).unwrap());
        let all = board_solutions(&free);
        let one = &all[rng.below(all.len() as u64) as usize];
        let mut text = std::fs::read_to_string(&file).unwrap();
        for (s, &(p, k)) in one.iter().enumerate() {
            if chance(&mut rng, 25) {
                text += &format!("clue {} {} {} {k}\n", s / free.cols + 1, s % free.cols + 1, p + 1);
            }
        }
        std::fs::write(&file, &text).unwrap();
        let b = read_board(&text);
        let solutions = board_solutions(&b);
        assert!(!solutions.is_empty());
        let (exit, doc) = backbone(&["backbone", &file, "--json"]);
        assert_eq!(exit, 0, "{text}");
        let picture: Vec<Vec<String>> = doc["picture"]
            .as_str()
            .unwrap()
            .lines()
            .skip(2)
            .map(|l| l.split_whitespace().skip(1).map(String::from).collect())
            .collect();
        let fixed = fixed_atoms(&doc);
        for s in 0..b.rows * b.cols {
            let first = solutions[0][s];
            let same = solutions.iter().all(|x| x[s] == first);
            let cell = &picture[s / b.cols][s % b.cols];
            let want = if same { format!("{}/{}", first.0 + 1, first.1) } else { "?".into() };
            assert_eq!(cell, &want, "square {} of\n{text}", s + 1);
            // The placement atom o(square, piece, turns) is listed true exactly when fixed, unless
            // a clue fixed it before the solver saw it.
            let atom = format!("o({},{},{})", s + 1, first.0 + 1, first.1);
            if let Some(&v) = fixed.get(&atom) {
                assert!(v && same, "{atom} listed as {v} in\n{text}");
            }
        }
        for (atom, v) in &fixed {
            let n: Vec<usize> =
                atom.trim_start_matches("o(").trim_end_matches(')').split(',').map(|x| x.parse().unwrap()).collect();
            let here = |x: &Vec<(usize, usize)>| x[n[0] - 1] == (n[1] - 1, n[2]);
            assert!(solutions.iter().all(|x| here(x) == *v), "{atom} = {v} is not fixed in\n{text}");
        }
    }
}

/// Deletes the `i`-th clue fact of a data file (its `% clue` sections), for the drop checks.
fn clue_lines(text: &str) -> Vec<usize> {
    let mut in_clue = false;
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.starts_with("% ") {
            in_clue = l.starts_with("% clue ");
        } else if in_clue && l.ends_with('.') {
            out.push(i);
        }
    }
    out
}

fn without_line(text: &str, i: usize) -> String {
    text.lines().enumerate().filter(|&(j, _)| j != i).map(|(_, l)| format!("{l}\n")).collect()
}

/// `generate --unique` on the test-local models: the written data poses one solution, and
/// dropping any one clue gives a second one; both checked by `count --max 2` and by the brute
/// forces. From no clues with a random solution (seeded), and from a data file's clues.
#[test]
fn generate_unique_poses_minimal_clue_sets_for_models() {
    let dir = tempfile::tempdir().unwrap();
    let runs: [(&str, Brute, Vec<&str>); 2] =
        [("submarines.qp", submarines, vec!["-D", "cols=4"]), ("minesweeper.qp", minesweeper, vec![])];
    for (file, brute, defines) in runs {
        for seed in 1..=6u64 {
            let out = dir.path().join(format!("{file}-{seed}.qpd")).to_string_lossy().into_owned();
            let seed_arg = seed.to_string();
            let m = model(file);
            let mut args = vec!["generate", "--unique", &m, "--seed", &seed_arg, "-o", &out];
            args.extend(defines.iter().copied());
            let r = wgrnd(&args, None);
            assert_eq!(code(&r), 0, "{args:?}: {}", stderr(&r));
            assert!(stderr(&r).contains("none of which can be dropped"), "{}", stderr(&r));
            let text = std::fs::read_to_string(&out).unwrap();
            let (rows, cols) = (param(&text, "rows").unwrap(), param(&text, "cols").unwrap());
            assert_eq!(brute(rows, cols, &facts(&text)).len(), 1, "{file} seed {seed}: not unique:\n{text}");
            let r = wgrnd(&["count", "--max", "2", &m, "--data", &out], None);
            assert_eq!(code(&r), 10, "{text}");
            let lines = clue_lines(&text);
            assert!(!lines.is_empty());
            for i in lines {
                let fewer = without_line(&text, i);
                let path = write(dir.path(), "fewer.qpd", &fewer);
                assert!(
                    brute(rows, cols, &facts(&fewer)).len() >= 2,
                    "{file}: clue line {} is not needed:\n{text}",
                    i + 1
                );
                let r = wgrnd(&["count", "--max", "2", &m, "--data", &path], None);
                assert_eq!(code(&r), 12, "{file}: dropping line {} of\n{text}", i + 1);
            }
        }
    }
    // Seed 002's two-solution submarine grid, posed for one of its solutions: its sums are kept
    // where possible and a revealed cell breaks the chain.
    let sol = write(dir.path(), "sol.txt", "x(1,2).\nx(1,3).\nx(2,1).\nx(2,2).\nx(3,2).\n");
    let out = dir.path().join("seed.qpd").to_string_lossy().into_owned();
    let r = wgrnd(
        &[
            "generate",
            "--unique",
            &model("submarines.qp"),
            "--data",
            &model("sub-two.qpd"),
            "--solution",
            &sol,
            "-o",
            &out,
        ],
        None,
    );
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    let posed = facts(&std::fs::read_to_string(&out).unwrap());
    let kinds = |k: &str| posed.iter().filter(|(p, _)| p == k).count();
    assert_eq!((kinds("rowsum") + kinds("colsum"), kinds("given")), (5, 1), "{posed:?}");
    assert_eq!(submarines(3, 3, &posed).len(), 1);
}

/// `generate --unique` on edge matching: the new form on a puzzle file (the fixed board: exactly
/// one solution, each clue needed, by count and by brute force), and today's `--rows` form (one
/// solution up to board rotation, each clue needed).
#[test]
fn generate_unique_poses_minimal_clue_sets_for_edge_matching() {
    let dir = tempfile::tempdir().unwrap();
    for seed in 1..=4u64 {
        let file = dir.path().join("free.txt").to_string_lossy().into_owned();
        let s = seed.to_string();
        let r = wgrnd(&["generate", "--rows", "2", "--cols", "3", "--colors", "3", "--seed", &s, "-o", &file], None);
        assert_eq!(code(&r), 0);
        let out = dir.path().join("posed.txt").to_string_lossy().into_owned();
        let r = wgrnd(&["generate", "--unique", &file, "--seed", &s, "-o", &out], None);
        assert_eq!(code(&r), 0, "{}", stderr(&r));
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(board_solutions(&read_board(&text)).len(), 1, "{text}");
        assert_eq!(code(&wgrnd(&["count", "--max", "2", &out], None)), 10);
        let clues: Vec<usize> =
            text.lines().enumerate().filter(|(_, l)| l.starts_with("clue ")).map(|(i, _)| i).collect();
        assert!(!clues.is_empty());
        for i in clues {
            let fewer = without_line(&text, i);
            assert!(board_solutions(&read_board(&fewer)).len() >= 2, "clue line {} not needed:\n{text}", i + 1);
            let path = write(dir.path(), "fewer.txt", &fewer);
            assert_eq!(code(&wgrnd(&["count", "--max", "2", &path], None)), 12);
        }
    }
    let out = dir.path().join("rows.txt").to_string_lossy().into_owned();
    let r = wgrnd(&["generate", "--rows", "3", "--cols", "3", "--colors", "3", "--unique", "-o", &out], None);
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(code(&wgrnd(&["count", "--max", "2", "--symmetry", "board", &out], None)), 10);
    for (i, _) in text.lines().enumerate().filter(|(_, l)| l.starts_with("clue ")) {
        let path = write(dir.path(), "fewer.txt", &without_line(&text, i));
        assert_eq!(code(&wgrnd(&["count", "--max", "2", "--symmetry", "board", &path], None)), 12, "{text}");
    }
}

/// Solutions of `p` (by the exact-cover brute force of tests/packing.rs, which ignores pieces
/// given in place) that place every piece `p` gives in place.
fn packings_keeping_placed(p: &wgrnd_families::packing::model::Packing) -> usize {
    let sorted = |c: &[[i32; 3]]| {
        let mut c = c.to_vec();
        c.sort_unstable();
        c
    };
    let all = crate::packing::brute_force(p, 100_000).expect("brute force within its cap");
    all.iter()
        .filter(|s| {
            p.placed.iter().all(|g| s.iter().any(|(k, cells)| *k == g.kind && sorted(cells) == sorted(&g.cells)))
        })
        .count()
}

/// `generate --unique` on packings: pieces given in place (`place` lines) make one packing
/// unique, and dropping any one of them gives a second, by `count --max 2` and by brute force.
#[test]
fn generate_unique_poses_minimal_placed_pieces_for_packings() {
    use wgrnd_families::edge::formats::{read_packing, write_packing};
    let dir = tempfile::tempdir().unwrap();
    let (tiny, small) = (fixture("packing/tiny.pack"), model("box.pack"));
    for (pack, seed) in [(&tiny, 1), (&tiny, 2), (&small, 1), (&small, 2), (&small, 3)] {
        let out = dir.path().join("posed.pack").to_string_lossy().into_owned();
        let r = wgrnd(&["generate", "--unique", pack, "--seed", &seed.to_string(), "-o", &out], None);
        assert_eq!(code(&r), 0, "{}", stderr(&r));
        let text = std::fs::read_to_string(&out).unwrap();
        let posed = read_packing("posed.pack", &text).unwrap();
        assert!(!posed.placed.is_empty(), "{text}");
        assert_eq!(packings_keeping_placed(&posed), 1, "{pack} seed {seed}: not unique:\n{text}");
        assert_eq!(code(&wgrnd(&["count", "--max", "2", &out], None)), 10, "{text}");
        for i in 0..posed.placed.len() {
            let mut rest = posed.placed.clone();
            rest.remove(i);
            let fewer = posed.with_placed(&rest);
            assert!(packings_keeping_placed(&fewer) >= 2, "{pack}: placed piece {} is not needed:\n{text}", i + 1);
            let path = write(dir.path(), "fewer.pack", &write_packing(&fewer));
            assert_eq!(code(&wgrnd(&["count", "--max", "2", &path], None)), 12, "{text}");
        }
    }
    // A piece given in place that is not its kind's shape, or off the region: bad input.
    let bad = write(dir.path(), "bad.pack", "packing\nbox 2 2 2\npiece I 4 0,0,0 1,0,0\nplace I 1,1,1 2,2,1\n");
    let r = wgrnd(&["solve", &bad], None);
    assert_eq!(code(&r), 2);
    assert!(stderr(&r).contains("bad.pack:4"), "{}", stderr(&r));
}

/// `count --max 2` says "exists? unique?" in words, and `--proof` writes a certificate for a
/// model and for a packing: the CNF with its blocking clause is valid DIMACS that CaDiCaL finds
/// UNSAT (drat-trim checks the proof; Debian does not package it), and without that last clause
/// it is satisfiable.
#[test]
#[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
fn count_max_2_answers_exists_and_unique_with_certificates_for_models_and_packings() {
    let sub = model("submarines.qp");
    let r = wgrnd(&["count", "--max", "2", &sub, "--data", &model("sub-two.qpd")], None);
    assert_eq!(code(&r), 12);
    assert!(stderr(&r).contains("exists: yes; unique: no"), "{}", stderr(&r));
    let r = wgrnd(&["count", "--max", "2", &sub, "--data", &model("sub-unique.qpd"), "--json"], None);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&r)).unwrap();
    assert_eq!((code(&r), &doc["exists"], &doc["unique"]), (10, &serde_json::json!(true), &serde_json::json!(true)));
    let r = wgrnd(&["count", "--max", "2", &sub, "--data", &model("sub-none.qpd")], None);
    assert_eq!(code(&r), 20);
    assert!(stderr(&r).contains("exists: no"), "{}", stderr(&r));
    let Some(cadical) = crate::external("cadical") else { return };
    let dir = tempfile::tempdir().unwrap();
    for (name, args) in [
        ("model", vec!["count", "--max", "2", &sub, "--data", &model("sub-unique.qpd")]),
        ("packing", vec!["count", "--max", "2", &model("corner.pack")] as Vec<&str>),
        ("packing up to symmetry", vec!["count", "--max", "2", "--symmetry", "all", &model("corner.pack")]),
    ] {
        let cert = dir.path().join(name.replace(' ', "-"));
        let mut args = args.clone();
        let c = cert.to_string_lossy().into_owned();
        args.extend(["--proof", &c]);
        let r = wgrnd(&args, None);
        assert_eq!(code(&r), 10, "{name}: {}", stderr(&r));
        assert!(stderr(&r).contains("exists: yes; unique: yes"), "{}", stderr(&r));
        let cnf = cert.join("no-second.cnf");
        assert_eq!(code(&wgrnd(&["dimacs", "check", cnf.to_str().unwrap()], None)), 0);
        let verdict = std::process::Command::new(&cadical).arg("-q").arg(&cnf).output().unwrap();
        assert_eq!(verdict.status.code(), Some(20), "{name}: the certificate's CNF is not UNSAT");
        let text = std::fs::read_to_string(&cnf).unwrap();
        let all: Vec<&str> = text.lines().collect();
        let last = all.iter().rposition(|l| !l.trim().is_empty()).unwrap();
        let header = text.lines().position(|l| l.starts_with("p cnf")).unwrap();
        let p: Vec<usize> =
            text.lines().nth(header).unwrap().split_whitespace().skip(2).map(|x| x.parse().unwrap()).collect();
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        lines.remove(last);
        lines[header] = format!("p cnf {} {}", p[0], p[1] - 1);
        let open = dir.path().join("open.cnf");
        std::fs::write(&open, lines.join("\n") + "\n").unwrap();
        let verdict = std::process::Command::new(&cadical).arg("-q").arg(&open).output().unwrap();
        assert_eq!(verdict.status.code(), Some(10), "{name}: without the blocking clause it must be SAT");
        assert!(std::fs::read_to_string(cert.join("no-second.drat")).unwrap().lines().any(|l| l.trim() == "0"));
        assert!(cert.join("solution.json").exists());
    }
}

/// `generate --unique` on each bundled family of seed 002, from a puzzle file in the family's
/// format: the data written poses exactly one solution with the bundled model, and dropping any
/// one of its clue facts gives a second solution (each checked by `count --max 2`).
#[test]
fn generate_unique_poses_minimal_clue_sets_for_every_bundled_family() {
    let dir = tempfile::tempdir().unwrap();
    let families = [
        ("seed002/two.submarines", "submarines.qp"),
        ("seed002/seed.ashes", "ashes.qp"),
        ("seed002/xkcd-2496.mines", "minesweeper.qp"),
        ("seed002/all-on.lights", "lightsout.qp"),
        ("seed002/fleet.ships", "battleships.qp"),
        ("nonogram/webpbn-1.non", "nonogram.qp"),
        ("zebra/einstein.zebra", "sherlock.qp"),
    ];
    for (puzzle, model) in families {
        let out = dir.path().join(format!("{model}.qpd")).to_string_lossy().into_owned();
        let r = wgrnd(&["generate", "--unique", &fixture(puzzle), "--seed", "7", "-o", &out], None);
        assert_eq!(code(&r), 0, "{puzzle}: {}", stderr(&r));
        assert!(stderr(&r).contains("none of which can be dropped"), "{puzzle}: {}", stderr(&r));
        let text = std::fs::read_to_string(&out).unwrap();
        let m = root().join("models").join(model).to_string_lossy().into_owned();
        let r = wgrnd(&["count", "--max", "2", &m, "--data", &out], None);
        assert_eq!(code(&r), 10, "{puzzle}: not unique:\n{text}");
        let lines = clue_lines(&text);
        assert!(!lines.is_empty(), "{puzzle}: no clue written");
        for i in lines {
            let path = write(dir.path(), "fewer.qpd", &without_line(&text, i));
            let r = wgrnd(&["count", "--max", "2", &m, "--data", &path], None);
            assert_eq!(code(&r), 12, "{puzzle}: clue line {} is not needed:\n{text}", i + 1);
        }
    }
}
