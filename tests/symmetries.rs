//! A model's own symmetries (docs/qprop.md, "Symmetries of a model"): found, proven on the ground
//! program, used by the count (orbits, every image checked), and refused when a constraint
//! breaks them. Counts with them equal counts without and the known totals.

use crate::{fixture, wgrnd};

/// `count -v` of `args`: the count's summary line and the `c symmetr...` lines.
fn count(args: &[&str]) -> (String, Vec<String>) {
    let mut all = vec!["count", "-v"];
    all.extend_from_slice(args);
    let out = wgrnd(&all, None);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines = stderr.lines().filter(|l| l.starts_with("c symmetr")).map(str::to_string).collect();
    (stdout, lines)
}

#[test]
fn magic_squares_of_order_3_are_one_orbit_of_eight() {
    let magic = fixture("qprop/magic4.qp");
    let (plain, lines) = count(&[&magic, "-D", "n=3"]);
    assert!(plain.starts_with("8 solution(s)"), "{plain}");
    assert!(lines.iter().any(|l| l.contains("a group of 8")), "{lines:?}");
    let (orbits, _) = count(&[&magic, "-D", "n=3", "--symmetry", "all"]);
    assert!(orbits.starts_with("1 solution(s) up to the model's 8 symmetries"), "{orbits}");
    let (off, lines) = count(&[&magic, "-D", "n=3", "--lex-leader", "none"]);
    assert!(off.starts_with("8 solution(s)"), "{off}");
    assert!(lines.is_empty(), "{lines:?}");
}

/// A plain count looks for the symmetries only once it meets a second solution
/// (`count_deferring`): a puzzle with one solution never pays for the search, a bound of two
/// stops before it, and a larger count looks for them, counts its orbits and prints each
/// solution once (the solutions found before the search are dropped, not printed twice).
#[test]
fn a_count_looks_for_symmetries_only_past_one_solution() {
    let later = "c symmetries: left for later (a count looks for them once it meets a second solution)";
    let kakuro = fixture("qprop/kakuro.qp");
    let data = fixture("qprop/std/kakuro-6x6-easy.qpd");
    let (one, lines) = count(&[&kakuro, "--data", &data]);
    assert!(one.starts_with("1 solution(s)"), "{one}");
    assert_eq!(lines, [later]);
    // Asked for, the search runs at once (and refuses every candidate of the kakuro).
    let (one, lines) = count(&[&kakuro, "--data", &data, "--lex-leader", "all"]);
    assert!(one.starts_with("1 solution(s)"), "{one}");
    assert_eq!(lines.last().map(String::as_str), Some("c symmetries: none proven"), "{lines:?}");
    let magic = fixture("qprop/magic4.qp");
    let (two, lines) = count(&[&magic, "-D", "n=3", "--max", "2"]);
    assert!(two.starts_with("at least 2 solution(s)"), "{two}");
    assert_eq!(lines, [later]);
    let out = wgrnd(&["count", "--print", "--view", "grid", &magic, "-D", "n=3"], None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut grids: Vec<&str> =
        stdout.split("solution ").skip(1).map(|s| s.split_once('\n').map_or("", |x| x.1)).collect();
    assert_eq!(grids.len(), 8, "{stdout}");
    grids.sort_unstable();
    grids.dedup();
    assert_eq!(grids.len(), 8, "a solution printed twice: {stdout}");
    assert!(stdout.contains("8 solution(s)"), "{stdout}");
    // Over cubes the count never looks for them: each cube's solutions are counted one by one.
    let out = wgrnd(&["count", "--cubes", "4", &magic, "-D", "n=3"], None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("8 solution(s)"), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn queens_count_the_same_with_and_without_their_symmetries() {
    let queens = fixture("qprop/queens.qp");
    for (n, total, orbits) in [("5", "10", "2"), ("6", "4", "1"), ("8", "92", "12")] {
        let d = format!("n={n}");
        // A plain count leaves the symmetries of an exact cover alone (dancing links counts it);
        // `--lex-leader all` has the count look for them and break them.
        let (plain, lines) = count(&[&queens, "-D", &d]);
        assert!(plain.starts_with(&format!("{total} solution(s)")), "n = {n}: {plain}");
        assert_eq!(lines, ["c symmetries: not looked for (the formula is an exact cover for dancing links)"]);
        let (with, lines) = count(&[&queens, "-D", &d, "--lex-leader", "all"]);
        assert!(with.starts_with(&format!("{total} solution(s)")), "n = {n}: {with}");
        assert_eq!(lines.len(), 4, "{lines:?}");
        let (without, _) = count(&[&queens, "-D", &d, "--lex-leader", "none"]);
        assert!(without.starts_with(&format!("{total} solution(s)")), "n = {n}: {without}");
        let (up_to, _) = count(&[&queens, "-D", &d, "--symmetry", "all"]);
        assert!(up_to.starts_with(&format!("{orbits} solution(s) up to")), "n = {n}: {up_to}");
    }
}

#[test]
fn a_planted_asymmetry_gets_no_symmetry() {
    let dir = std::env::temp_dir().join(format!("wgrnd-sym-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = std::fs::read_to_string(fixture("qprop/queens.qp")).expect("queens");
    // A queen on the first row's first square breaks every symmetry but the transposition.
    let planted = dir.join("planted.qp");
    std::fs::write(&planted, format!("{base}\nq(1, 1) or q(1, 2)\n")).expect("write");
    let (out, lines) = count(&[&planted.to_string_lossy(), "-D", "n=6", "--lex-leader", "all"]);
    let (off, _) = count(&[&planted.to_string_lossy(), "-D", "n=6", "--lex-leader", "none"]);
    let number = |s: &str| s.split_whitespace().next().map(str::to_string);
    assert_eq!(number(&out), number(&off));
    assert_eq!(number(&out).as_deref(), Some("1"), "{out}");
    assert!(lines.iter().any(|l| l == "c symmetry candidate reverse argument 1: refused"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "c symmetry candidate reverse argument 2: refused"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("none proven")), "{lines:?}");
    // A solved-for predicate that is not shown: nothing is looked for.
    let hidden = dir.join("hidden.qp");
    std::fs::write(&hidden, format!("{base}\npred y(row)\nforall i . y(i) -> q(i, 1)\n")).expect("write");
    let (_, lines) = count(&[&hidden.to_string_lossy(), "-D", "n=5"]);
    assert!(lines.iter().any(|l| l.contains("none looked for: 'y' is solved for and not shown")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_model_refuses_board_symmetry_and_counters_with_symmetries() {
    let queens = fixture("qprop/queens.qp");
    let out = wgrnd(&["count", &queens, "--symmetry", "board"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a model has no board"));
    let out = wgrnd(&["count", &queens, "--symmetry", "all", "--lex-leader", "none"], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn encode_keeps_every_solution_unless_lex_leader_is_asked_for() {
    let queens = fixture("qprop/queens.qp");
    let plain = String::from_utf8_lossy(&wgrnd(&["encode", &queens], None).stdout).to_string();
    assert!(!plain.contains("lex-leader"));
    let broken = String::from_utf8_lossy(&wgrnd(&["encode", &queens, "--lex-leader", "all"], None).stdout).to_string();
    assert!(broken.contains("aux(lex-leader equal-prefix symmetry #1)"));
}

#[test]
fn guards_over_data_decide_which_symmetries_hold() {
    // The symmetry search evaluates a guard that reads only data directly and skips the binders
    // under a conjunct that is already false: a corner forbidden by such a guard keeps only the
    // transposition; a guard false everywhere adds nothing and keeps every symmetry.
    let dir = std::env::temp_dir().join(format!("wgrnd-sym-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let base = std::fs::read_to_string(fixture("qprop/queens.qp")).expect("queens");
    let corner = dir.join("corner.qp");
    std::fs::write(&corner, format!("{base}\nforall i, j | i = 1 and j = 1 . not q(i, j)\n")).expect("write");
    let corner = corner.to_string_lossy().to_string();
    // Of the 10 solutions of 5 queens, two put a queen on (1, 1).
    let (with, lines) = count(&[&corner, "-D", "n=5", "--lex-leader", "all"]);
    assert!(with.starts_with("8 solution(s)"), "{with}");
    let (without, _) = count(&[&corner, "-D", "n=5", "--lex-leader", "none"]);
    assert!(without.starts_with("8 solution(s)"), "{without}");
    assert!(lines.iter().any(|l| l == "c symmetry candidate reverse argument 1: refused"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "c symmetry candidate reverse argument 2: refused"), "{lines:?}");
    let (up_to, _) = count(&[&corner, "-D", "n=5", "--symmetry", "all"]);
    assert!(up_to.starts_with("4 solution(s) up to"), "{up_to}");
    let never = dir.join("never.qp");
    std::fs::write(&never, format!("{base}\nforall i, j | i > n and j = 1 . not q(i, j)\n")).expect("write");
    let (with, lines) = count(&[&never.to_string_lossy(), "-D", "n=5", "--lex-leader", "all"]);
    assert!(with.starts_with("10 solution(s)"), "{with}");
    assert_eq!(lines.len(), 4, "{lines:?}");
    let (up_to, _) = count(&[&never.to_string_lossy(), "-D", "n=5", "--symmetry", "all"]);
    assert!(up_to.starts_with("2 solution(s) up to"), "{up_to}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The proper colourings of the graph on `1..=n` with edges `edges` with `k` colours, by brute
/// force: how many, and how many up to renaming the colours and the reversal `v -> n + 1 - v`
/// (when `reversal`), each orbit named by its least member.
fn colourings(n: usize, k: usize, edges: &[(usize, usize)], reversal: bool) -> (usize, usize) {
    let mut proper = Vec::new();
    for code in 0..k.pow(n as u32) {
        let c: Vec<usize> = (0..n).map(|i| code / k.pow(i as u32) % k).collect();
        if edges.iter().all(|&(a, b)| c[a - 1] != c[b - 1]) {
            proper.push(c);
        }
    }
    // The least member of an orbit: over the variable motions, the colours renamed in order of
    // first occurrence.
    let renamed = |c: &[usize]| {
        let mut name = vec![usize::MAX; k];
        let mut next = 0;
        c.iter()
            .map(|&x| {
                if name[x] == usize::MAX {
                    name[x] = next;
                    next += 1;
                }
                name[x]
            })
            .collect::<Vec<usize>>()
    };
    let orbits: std::collections::BTreeSet<Vec<usize>> = proper
        .iter()
        .map(|c| {
            let mut least = renamed(c);
            if reversal {
                let back: Vec<usize> = c.iter().rev().copied().collect();
                least = least.min(renamed(&back));
            }
            least
        })
        .collect();
    (proper.len(), orbits.len())
}

/// A graph's edges.
type Edges = Vec<(usize, usize)>;

#[test]
fn interchangeable_colours_count_the_same_as_brute_force() {
    // A colouring's colours are interchangeable: proven, broken by value precedence, and every
    // orbit's images counted; the count and the orbits equal a brute force, with and without.
    let dir = std::env::temp_dir().join(format!("wgrnd-sym-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // A 5-cycle (symmetric under the reversal) and a path with a chord (not).
    let graphs: [(&str, Edges, bool); 2] = [
        ("cycle", vec![(1, 2), (2, 3), (3, 4), (4, 5), (1, 5)], true),
        ("chord", vec![(1, 2), (2, 3), (3, 4), (4, 5), (1, 3)], false),
    ];
    for (name, edges, reversal) in graphs {
        for (k, symbols) in [(3, false), (4, false), (3, true)] {
            let colours = if symbols { "{red, green, blue}".to_string() } else { format!("1..{k}") };
            let mut text = format!("domain v = 1..5\ndomain colour = {colours}\nvar x(v) in colour\nshow x\n");
            for (a, b) in &edges {
                text += &format!("x({a}) =/= x({b})\n");
            }
            let path = dir.join(format!("{name}-{k}-{symbols}.qp"));
            std::fs::write(&path, &text).expect("write");
            let path = path.to_string_lossy().to_string();
            let (total, orbits) = colourings(5, k, &edges, reversal);
            let (plain, lines) = count(&[&path]);
            assert!(plain.starts_with(&format!("{total} solution(s)")), "{name} k = {k}: {plain}");
            assert!(lines.iter().any(|l| l.ends_with("interchangeable values of 'x': proven")), "{lines:?}");
            assert!(lines.iter().any(|l| l.contains("value precedence")), "{lines:?}");
            let (off, _) = count(&[&path, "--lex-leader", "none"]);
            assert!(off.starts_with(&format!("{total} solution(s)")), "{name} k = {k}: {off}");
            let (up_to, _) = count(&[&path, "--symmetry", "all"]);
            assert!(up_to.starts_with(&format!("{orbits} solution(s) up to")), "{name} k = {k}: {up_to}");
        }
    }
    // Latin squares as integers: the square's symmetries and the values together (12 and 576
    // squares, the known totals); a plain count leaves them to dancing links.
    let latin = dir.join("latin.qp");
    std::fs::write(
        &latin,
        "param n = 4\ndomain d = 1..n\nvar r, c in d\nvar x(d, d) in d\nshow x\n\
         forall r . alldifferent { x(r, c) : c }\nforall c . alldifferent { x(r, c) : r }\n",
    )
    .expect("write");
    let latin = latin.to_string_lossy().to_string();
    for (n, total, group) in [("n=3", "12", "48"), ("n=4", "576", "192")] {
        let (out, lines) = count(&[&latin, "-D", n, "--lex-leader", "all"]);
        assert!(out.starts_with(&format!("{total} solution(s)")), "{n}: {out}");
        assert!(lines.iter().any(|l| l.contains(&format!("a group of {group} "))), "{lines:?}");
    }
    // 7 colours on a path of 3: 7! permutations of the values leave no room for the reversal,
    // which is left out (its lex-leader clauses too); 7 * 6 * 6 colourings in 2 orbits.
    let path = dir.join("path.qp");
    std::fs::write(&path, "domain v = 1..3\nvar x(v) in 1..7\nshow x\nx(1) =/= x(2)\nx(2) =/= x(3)\n").expect("write");
    let path = path.to_string_lossy().to_string();
    let (out, lines) = count(&[&path]);
    assert!(out.starts_with("252 solution(s)"), "{out}");
    assert!(lines.iter().any(|l| l.contains("1 generator(s) left out")), "{lines:?}");
    let (up_to, _) = count(&[&path, "--symmetry", "all"]);
    assert!(up_to.starts_with("2 solution(s) up to"), "{up_to}");
    // One vertex's colour fixed tells the colours apart: refused, and the count is the same.
    let fixed = dir.join("fixed.qp");
    std::fs::write(&fixed, "domain v = 1..3\nvar x(v) in 1..3\nshow x\nx(1) =/= x(2)\nx(2) =/= x(3)\nx(1) = 2\n")
        .expect("write");
    let (out, lines) = count(&[&fixed.to_string_lossy()]);
    assert!(out.starts_with("4 solution(s)"), "{out}");
    assert!(lines.iter().any(|l| l.ends_with("interchangeable values of 'x': refused")), "{lines:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
