//! `connected` and `circuit`: counts on small grids against brute force (every assignment judged
//! by a plain search written here, and by the checker), with the adjacency as data and solved for.

use crate::common::*;
use wgrnd_lang::{check, load, parse_solution, Program, Source};

/// Grid adjacency as a definition.
const NB: &str = "def nb(r1 in R, c1 in C, r2 in R, c2 in C) := \
    (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))\n";

fn model(text: &str) -> Program {
    load(&Source::new("m.qp", text), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

fn grid(rows: usize, cols: usize) -> String {
    format!("domain R = 1..{rows}\ndomain C = 1..{cols}\n{NB}")
}

/// Cells `(r, c)` (0-based) of a grid, in binder order.
fn cells(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect()
}

fn adjacent(a: (usize, usize), b: (usize, usize)) -> bool {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1
}

/// Whether the nodes in `on` are connected through `edge` (a plain depth-first search).
fn plain_connected(on: &[bool], edge: &dyn Fn(usize, usize) -> bool) -> bool {
    let Some(s) = on.iter().position(|&b| b) else { return true };
    let mut seen = vec![false; on.len()];
    let mut stack = vec![s];
    seen[s] = true;
    while let Some(a) = stack.pop() {
        for b in 0..on.len() {
            if on[b] && !seen[b] && edge(a, b) {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    (0..on.len()).all(|i| !on[i] || seen[i])
}

/// How many of the assignments in `texts` (facts) the checker accepts.
fn checker_count(p: &Program, texts: impl Iterator<Item = String>) -> usize {
    texts
        .filter(|t| {
            let s = parse_solution(p, &Source::new("s.txt", t.clone())).unwrap_or_else(|e| panic!("{}", e.render()));
            check(p, &s).expect("judges").is_empty()
        })
        .count()
}

/// How many subsets of the cells `cs` whose cells on (the bits of a mask set to `on`) are
/// connected side by side: a brute force over every mask.
fn connected_masks(cs: &[(usize, usize)], on: bool) -> usize {
    let n = cs.len();
    (0..1u64 << n)
        .filter(|m| {
            let cells: Vec<bool> = (0..n).map(|i| (m >> i & 1 == 1) == on).collect();
            plain_connected(&cells, &|a, b| adjacent(cs[a], cs[b]))
        })
        .count()
}

fn facts_of(pred: &str, cs: &[(usize, usize)], mask: u64) -> String {
    cs.iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, (r, c))| format!("{pred}({},{}).\n", r + 1, c + 1))
        .collect()
}

/// Connected sets of cells (induced subgraphs of the grid graph, the empty set included).
#[test]
fn connected_cells_with_data_adjacency() {
    for (rows, cols) in [(1, 1), (2, 2), (2, 3), (3, 3), (2, 4), (3, 4)] {
        let cs = cells(rows, cols);
        let n = cs.len();
        let brute = connected_masks(&cs, true);
        let p = model(&format!(
            "{}pred on(R, C)\nconnected {{ on(r, c) : r in R, c in C }} via nb\nshow on\n",
            grid(rows, cols)
        ));
        let (count, _) = count(&p, 1 << 16);
        assert_eq!(count, brute, "{rows}x{cols}");
        if n <= 9 {
            assert_eq!(checker_count(&p, (0..1u64 << n).map(|m| facts_of("on", &cs, m))), brute, "{rows}x{cols}");
        }
    }
}

/// Known numbers: the 3x3 grid has 218 non-empty connected induced subgraphs (with the empty
/// set, 219); the 2x2 has 13 (14).
#[test]
fn known_numbers_of_connected_cell_sets() {
    for (rows, cols, want) in [(2, 2, 14), (3, 3, 219)] {
        let p = model(&format!(
            "{}pred on(R, C)\nconnected {{ on(r, c) : r in R, c in C }} via nb\nshow on\n",
            grid(rows, cols)
        ));
        assert_eq!(count(&p, 1000).0, want);
    }
}

/// The node formula is not a literal (a comparison of an integer variable, under a guard), and
/// a negated literal: the fresh atom equivalent to it must not change the count.
#[test]
fn connected_over_formulas_and_guards() {
    let (rows, cols) = (2, 3);
    let cs = cells(rows, cols);
    let n = cs.len();
    // x(r, c) in 0..2; nodes: cells with x >= 1 except (1, 1), which is not a binding.
    let p = model(&format!(
        "{}var x(R, C) in 0..2\nconnected {{ x(r, c) >= 1 : r in R, c in C | r > 1 or c > 1 }} via nb\nshow x\n",
        grid(rows, cols)
    ));
    let mut brute = 0;
    let mut texts = Vec::new();
    for code in 0..3u64.pow(n as u32) {
        let vals: Vec<u64> = (0..n).map(|i| code / 3u64.pow(i as u32) % 3).collect();
        let on: Vec<bool> = (0..n).map(|i| i != 0 && vals[i] >= 1).collect();
        if plain_connected(&on, &|a, b| adjacent(cs[a], cs[b])) {
            brute += 1;
        }
        texts.push(cs.iter().zip(&vals).map(|((r, c), v)| format!("x({},{}) = {v}.\n", r + 1, c + 1)).collect());
    }
    assert_eq!(count(&p, 1000).0, brute);
    assert_eq!(checker_count(&p, texts.into_iter()), brute);
    // Negated: the cells that are not on form one region.
    let p = model(&format!(
        "{}pred on(R, C)\nconnected {{ not on(r, c) : r in R, c in C }} via nb\nshow on\n",
        grid(rows, cols)
    ));
    let brute = connected_masks(&cs, false);
    assert_eq!(count(&p, 1000).0, brute);
}

/// The edges of a grid (forward pairs of adjacent cells).
fn grid_edges(cs: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for a in 0..cs.len() {
        for b in a + 1..cs.len() {
            if adjacent(cs[a], cs[b]) {
                out.push((a, b));
            }
        }
    }
    out
}

/// Solved edges: `e(r1, c1, r2, c2)` only between adjacent cells, forward; the cells that are on
/// must be connected through used edges.
const SOLVED_EDGES: &str = "pred on(R, C)\npred e(R, C, R, C)\n\
    forall r1, r2 in R, c1, c2 in C | not nb(r1, c1, r2, c2) or r1 > r2 or (r1 = r2 and c1 > c2) . \
    not e(r1, c1, r2, c2)\nshow on, e\n";

#[test]
fn connected_cells_with_solved_edges() {
    for (rows, cols) in [(2, 2), (2, 3)] {
        let cs = cells(rows, cols);
        let es = grid_edges(&cs);
        let (n, m) = (cs.len(), es.len());
        let mut brute = 0;
        let mut texts = Vec::new();
        for mask in 0..1u64 << (n + m) {
            let on: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            let used: Vec<bool> = (0..m).map(|k| mask >> (n + k) & 1 == 1).collect();
            let edge =
                |a: usize, b: usize| es.iter().zip(&used).any(|(&(x, y), &u)| u && (x, y) == (a.min(b), a.max(b)));
            if plain_connected(&on, &edge) {
                brute += 1;
            }
            if n + m <= 10 {
                let mut t = facts_of("on", &cs, mask);
                for (k, &(a, b)) in es.iter().enumerate() {
                    if used[k] {
                        let ((r1, c1), (r2, c2)) = (cs[a], cs[b]);
                        t.push_str(&format!("e({},{},{},{}).\n", r1 + 1, c1 + 1, r2 + 1, c2 + 1));
                    }
                }
                texts.push(t);
            }
        }
        let p = model(&format!("{}{SOLVED_EDGES}connected {{ on(r, c) : r in R, c in C }} via e\n", grid(rows, cols)));
        assert_eq!(count(&p, 1 << 14).0, brute, "{rows}x{cols}");
        if !texts.is_empty() {
            assert_eq!(checker_count(&p, texts.into_iter()), brute, "{rows}x{cols}");
        }
    }
}

/// An input adjacency listed in both directions and with self pairs: the grounder and the
/// checker (which reads the facts) count the connected cell sets as a brute force does.
#[test]
fn connected_cells_with_input_adjacency_in_both_directions() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3)] {
        let cs = cells(rows, cols);
        let n = cs.len();
        let mut facts = String::new();
        for &(r1, c1) in &cs {
            for &(r2, c2) in &cs {
                if adjacent((r1, c1), (r2, c2)) || (r1, c1) == (r2, c2) {
                    facts.push_str(&format!("adj({},{},{},{})\n", r1 + 1, c1 + 1, r2 + 1, c2 + 1));
                }
            }
        }
        let p = model(&format!(
            "{}input pred adj(R, C, R, C)\n{facts}pred on(R, C)\nshow on\n\
             connected {{ on(r, c) : r in R, c in C }} via adj\n",
            grid(rows, cols)
        ));
        let brute = connected_masks(&cs, true);
        assert_eq!(count(&p, 1 << 10).0, brute, "{rows}x{cols}");
        assert_eq!(checker_count(&p, (0..1u64 << n).map(|m| facts_of("on", &cs, m))), brute, "checker, {rows}x{cols}");
    }
}

/// The number of edge sets of the graph on `n` nodes with edges `es` that form one cycle, or
/// none (brute force over every subset).
fn cycles(n: usize, es: &[(usize, usize)]) -> usize {
    let mut brute = 0;
    for mask in 0..1u64 << es.len() {
        let mut deg = vec![0; n];
        for (k, &(a, b)) in es.iter().enumerate() {
            if mask >> k & 1 == 1 {
                deg[a] += 1;
                deg[b] += 1;
            }
        }
        if deg.iter().any(|&d| d != 0 && d != 2) {
            continue;
        }
        let on: Vec<bool> = deg.iter().map(|&d| d == 2).collect();
        let edge = |x: usize, y: usize| {
            es.iter().enumerate().any(|(k, &(a, b))| mask >> k & 1 == 1 && ((a, b) == (x, y) || (a, b) == (y, x)))
        };
        if plain_connected(&on, &edge) {
            brute += 1;
        }
    }
    brute
}

/// Loops along grid edges (the dots are the nodes, a solved edge is used): one cycle or none.
/// The grid graph on 3x3 dots has 13 cycles, on 3x4 dots 40 and on 4x4 dots 213 (OEIS A140517
/// for the squares).
#[test]
fn circuits_of_used_edges() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
        let cs = cells(rows, cols);
        let es = grid_edges(&cs);
        let (n, m) = (cs.len(), es.len());
        let p = model(&format!("{}{SOLVED_EDGES}circuit {{ on(r, c) : r in R, c in C }} via e\n", grid(rows, cols)));
        let got = count(&p, 1 << 12).0;
        let want = match (rows, cols) {
            (3, 3) => Some(14),
            (4, 4) => Some(214),
            _ => None,
        };
        if let Some(w) = want {
            assert_eq!(got, w, "{rows}x{cols}");
        }
        if m > 17 {
            continue;
        }
        assert_eq!(got, cycles(n, &es), "{rows}x{cols}");
        // The checker, on every assignment of nodes and edges: the same number accepted (a
        // valid edge set has one valid set of nodes, those its edges touch).
        if n + m <= 13 {
            let texts = (0..1u64 << (n + m)).map(|mask| {
                let mut t = facts_of("on", &cs, mask);
                for (k, &(a, b)) in es.iter().enumerate() {
                    if mask >> (n + k) & 1 == 1 {
                        let ((r1, c1), (r2, c2)) = (cs[a], cs[b]);
                        t.push_str(&format!("e({},{},{},{}).\n", r1 + 1, c1 + 1, r2 + 1, c2 + 1));
                    }
                }
                t
            });
            assert_eq!(checker_count(&p, texts), cycles(n, &es), "checker, {rows}x{cols}");
        }
    }
}

/// Induced cycles of cells (data adjacency): every true cell has exactly two true neighbours.
#[test]
fn circuits_of_cells_with_data_adjacency() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)] {
        let cs = cells(rows, cols);
        let n = cs.len();
        let brute = (0..1u64 << n)
            .filter(|m| {
                let on: Vec<bool> = (0..n).map(|i| m >> i & 1 == 1).collect();
                let two = (0..n).all(|i| !on[i] || (0..n).filter(|&j| on[j] && adjacent(cs[i], cs[j])).count() == 2);
                two && plain_connected(&on, &|a, b| adjacent(cs[a], cs[b]))
            })
            .count();
        let p = model(&format!(
            "{}pred on(R, C)\ncircuit {{ on(r, c) : r in R, c in C }} via nb\nshow on\n",
            grid(rows, cols)
        ));
        assert_eq!(count(&p, 1 << 12).0, brute, "{rows}x{cols}");
        if n <= 9 {
            assert_eq!(checker_count(&p, (0..1u64 << n).map(|m| facts_of("on", &cs, m))), brute, "{rows}x{cols}");
        }
    }
}

/// Misuse that parses is refused while resolving or grounding: under `not`, under `or`.
#[test]
fn connected_must_hold_outright() {
    for stmt in [
        "not connected { on(r, c) : r in R, c in C } via nb",
        "on(1, 1) or connected { on(r, c) : r in R, c in C } via nb",
        "on(1, 1) -> circuit { on(r, c) : r in R, c in C } via nb",
    ] {
        let p = model(&format!("{}pred on(R, C)\n{stmt}\n", grid(2, 2)));
        let e = wgrnd_lang::ground(&p, &wgrnd_lang::GroundOptions::default()).expect_err(stmt);
        assert!(e.render().contains("outright"), "{}", e.render());
    }
}

/// Shaded cells of a nurikabe solution, as `(row, col)` from 1.
fn true_cells(s: &wgrnd_lang::Solution, pred: &str) -> Vec<Vec<i64>> {
    let v = s.to_json();
    let mut out: Vec<Vec<i64>> = v[pred]
        .as_array()
        .map(|a| a.iter().map(|t| t.as_array().unwrap().iter().map(|x| x.as_i64().unwrap()).collect()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

/// The one solution of a fixture, checked.
fn unique(model: &str, data: &str) -> wgrnd_lang::Solution {
    let p = program(model, Some(data), &[]);
    let (n, first) = count(&p, 10);
    assert_eq!(n, 1, "{model}");
    let s = first.expect("a solution");
    assert!(broken(&p, &s).is_empty());
    s
}

/// A fixture with its data's text `from` replaced by `to`.
fn data_variant(model: &str, data: &str, from: &str, to: &str) -> Program {
    let d = fixture(data);
    assert!(d.text.contains(from), "{data} has no '{from}'");
    let d = Source::new(d.name.clone(), d.text.replace(from, to));
    load(&fixture(model), Some(&d), &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// A fixture with its model's text `from` replaced by `to`.
fn variant(model: &str, data: &str, from: &str, to: &str) -> Program {
    let m = fixture(model);
    assert!(m.text.contains(from), "{model} has no '{from}'");
    let m = Source::new(m.name.clone(), m.text.replace(from, to));
    let d = fixture(data);
    load(&m, Some(&d), &[]).unwrap_or_else(|e| panic!("{}", e.render()))
}

/// The pzprjs 5 x 5 nurikabe: unique, the published answer, checked; without the sea's
/// connectivity it stays unique (the islands leave one sea here); without the islands'
/// connectivity it has 15 solutions, with the 5 made a 4 none.
#[test]
fn nurikabe_is_unique_and_needs_connectivity() {
    let s = unique("nurikabe.qp", "nurikabe-pzprjs.qpd");
    let black: Vec<Vec<i64>> = [(1, 3), (1, 4), (1, 5), (2, 2), (2, 5), (3, 2), (3, 3), (3, 4), (3, 5), (4, 2), (4, 4)]
        .into_iter()
        .chain([(5, 1), (5, 2), (5, 3)])
        .map(|(r, c)| vec![r, c])
        .collect();
    assert_eq!(true_cells(&s, "black"), black);
    let sea = "connected { black(r, c) : r in R, c in C } via nb";
    let loose = variant("nurikabe.qp", "nurikabe-pzprjs.qpd", sea, "true");
    let (n, _) = count(&loose, 100);
    // On this small instance the islands' constraints leave one sea: the same answer.
    assert_eq!(n, 1);
    let islands = "forall i in I . connected { own(r, c, i) : r in R, c in C } via nb";
    let loose = variant("nurikabe.qp", "nurikabe-pzprjs.qpd", islands, "true");
    let (n, _) = count(&loose, 100);
    assert_eq!(n, 15);
    let changed = data_variant("nurikabe.qp", "nurikabe-pzprjs.qpd", "num(1, 1, 2, 5)", "num(1, 1, 2, 4)");
    assert_eq!(count(&changed, 100).0, 0);
}

/// The pzprjs 5 x 5 slitherlink: unique, the published answer, checked; with the degree
/// constraints alone (no connectivity) it has 2 solutions, without its 0 clue 11.
#[test]
fn slitherlink_is_unique_and_needs_one_loop() {
    let s = unique("slitherlink.qp", "slitherlink-pzprjs.qpd");
    // pzprjs's answer: vertical lines by cell row (dot columns), horizontal by dot row (cells).
    let vertical: [&[i64]; 5] = [&[0, 5], &[0, 1, 3, 5], &[0, 1, 2, 5], &[0, 1, 2, 3, 4, 5], &[4, 5]];
    let horizontal: [&[i64]; 6] = [&[1, 2, 3, 4, 5], &[2, 3], &[3], &[4], &[1, 3], &[5]];
    let mut want = Vec::new();
    for (r, xs) in vertical.iter().enumerate() {
        for &x in *xs {
            want.push(vec![r as i64, x, r as i64 + 1, x]);
        }
    }
    for (y, cs) in horizontal.iter().enumerate() {
        for &c in *cs {
            want.push(vec![y as i64, c - 1, y as i64, c]);
        }
    }
    want.sort();
    assert_eq!(true_cells(&s, "line"), want);
    let circuit = "circuit { on(r, c) : r in R, c in C } via line";
    let degrees = "forall r in R, c in C . \
        (sum { [line(r, c, r2, c2)] + [line(r2, c2, r, c)] : r2 in R, c2 in C } = 2 * [on(r, c)])";
    let loose = variant("slitherlink.qp", "slitherlink-pzprjs.qpd", circuit, degrees);
    let (n, _) = count(&loose, 100);
    assert_eq!(n, 2);
    let changed = data_variant("slitherlink.qp", "slitherlink-pzprjs.qpd", "num(5, 2, 0)", "");
    assert_eq!(count(&changed, 100).0, 11);
}

/// Degrees above 8 take the counter: the triangles of K10 (induced cycles, data adjacency) and
/// the cycles of the wheel with 9 spokes (solved edges; 9 * 9 - 9 + 1 = 73 cycles).
#[test]
fn circuits_through_nodes_of_high_degree() {
    let p =
        model("domain V = 0..9\ndef any(a in V, b in V) := a =/= b\npred on(V)\ncircuit { on(v) : v in V } via any\n");
    assert_eq!(count(&p, 1000).0, 120 + 1);
    let p = model(
        "domain V = 0..9\ndef wh(a in V, b in V) := (a = 0 and b > 0) or (a > 0 and b > 0 and (b - a = 1 or a - b = 8))\n\
         pred on(V)\npred e(V, V)\nshow e\nforall a, b in V | not wh(a, b) . not e(a, b)\n\
         circuit { on(v) : v in V } via e\n",
    );
    let mut es = Vec::new();
    for a in 0..10usize {
        for b in 0..10usize {
            if (a == 0 && b > 0) || (a > 0 && b > 0 && (b == a + 1 || a == b + 8)) {
                es.push((a, b));
            }
        }
    }
    assert_eq!(es.len(), 18);
    let brute = cycles(10, &es);
    assert_eq!(brute, 74);
    assert_eq!(count(&p, 1000).0, brute);
}

/// Nodes fixed by data (no atom of their own): the constraint holds or fails outright, and a
/// node that is data-true next to solved ones is a node like the others.
#[test]
fn nodes_given_by_data() {
    let base = "domain d = 1..4\ninput pred given(d)\ndef nxt(a in d, b in d) := b = a + 1\npred p(d)\n";
    let with = |facts: &str, stmt: &str| model(&format!("{base}{facts}\n{stmt}\n"));
    let only_data = "connected { given(x) : x in d } via nxt";
    assert_eq!(count(&with("given(1) given(2) given(4)", only_data), 100).0, 0);
    assert_eq!(count(&with("given(1) given(2) given(3) given(4)", only_data), 100).0, 16);
    assert_eq!(count(&with("", only_data), 100).0, 16);
    // given(1) and given(4) with p: p(2) and p(3) must both hold, p(1) and p(4) are free.
    let mixed = "connected { given(x) or p(x) : x in d } via nxt";
    assert_eq!(count(&with("given(1) given(4)", mixed), 100).0, 4);
    // A path 1-2-3-4 has no cycle; the triangle of `any` on {1, 2, 3} is one.
    let c = "circuit { given(x) : x in d } via nxt";
    assert_eq!(count(&with("given(1) given(2) given(3)", c), 100).0, 0);
    let c = "def any(a in d, b in d) := a =/= b\ncircuit { given(x) : x in d } via any";
    assert_eq!(count(&with("given(1) given(2) given(3)", c), 100).0, 16);
}

/// In-process CaDiCaL decides connectivity natively (`count`), splr searches the written-out
/// clauses (`count_by_clauses`): the same counts on heyawake rooms without their number, on the
/// nurikabe and slitherlink without a clue, and on the puzzles themselves.
#[test]
fn native_connectivity_counts_as_the_written_out_clauses() {
    let cases = [
        (data_variant("heyawake.qp", "heyawake-7x7.qpd", "shaded(", "% shaded("), 30),
        (program("heyawake.qp", Some("heyawake-7x7.qpd"), &[]), 30),
        (data_variant("nurikabe.qp", "nurikabe-pzprjs.qpd", "num(1, 1, 2, 5)", ""), 30),
        (data_variant("slitherlink.qp", "slitherlink-pzprjs.qpd", "num(2, 2, 2)", ""), 30),
    ];
    for (p, limit) in &cases {
        let (native, _) = count(p, *limit);
        assert_eq!(native, count_by_clauses(p, *limit));
        assert!(native >= 1);
    }
}

/// The 14 x 24 heyawake (`scripts/heyawake-instance.py 14 24 4 5`: 138 rooms, 5 numbers, each
/// needed) is unique; without one of its numbers it is not.
#[test]
fn heyawake_14_by_24_is_unique_with_five_numbers() {
    let s = unique("heyawake.qp", "heyawake-14x24.qpd");
    assert!(true_cells(&s, "black").len() > 40);
    let d = fixture("heyawake-14x24.qpd");
    let first = d.text.lines().find(|l| l.starts_with("shaded(")).expect("a number");
    let fewer = data_variant("heyawake.qp", "heyawake-14x24.qpd", first, "");
    assert_eq!(count(&fewer, 2).0, 2);
}

/// A connectivity constraint over 4,900 cells needs 24 million distance labels: refused by a
/// grounding whose clauses may be written (with the way round it), grounded for the built-in
/// solver's native search (`constraints_written` off), which finds a connected area of the
/// cells that a clue makes shaded.
#[test]
fn connectivity_too_large_to_write_is_grounded_for_the_native_search() {
    // Solved below by the built-in solver, which must decide the constraint natively.
    assert!(wgrnd_sat::solver::SolverSpec::Builtin.decides_natively(), "run with the workspace's features");
    let text =
        format!("{}pred s(R, C)\ns(1, 1)\ns(70, 70)\nconnected {{ s(r, c) : r in R, c in C }} via nb\n", grid(70, 70));
    let p = model(&text);
    let err = wgrnd_lang::ground(&p, &Default::default()).expect_err("over the limit for writing").render();
    assert!(err.contains("24010000 distance labels") && err.contains("at most 20000000"), "{err}");
    assert!(err.contains("the in-process solver decides it natively and writes none of them"), "{err}");
    let native = wgrnd_lang::GroundOptions { constraints_written: false, names: false, ..Default::default() };
    let g = wgrnd_lang::ground(&p, &native).unwrap_or_else(|e| panic!("{}", e.render()));
    assert!(g.cnf.theories()[0].aux_count() > 20_000_000);
    let mut solution = None;
    each_solution(&p, &g, 1, |_, s| solution = Some(s));
    assert!(broken(&p, &solution.expect("a path joins the corners")).is_empty());
}
