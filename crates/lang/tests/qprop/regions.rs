//! `regions { size : binders | guard } via adj`: counts on small grids against a brute force
//! (every assignment of the numbers judged by a flood fill written here, and by the checker),
//! natively (CaDiCaL) and on the written-out clauses (splr); and the language's refusals.

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

/// Cells `(r, c)` (0-based), in binder order.
fn cells(rows: usize, cols: usize) -> Vec<(usize, usize)> {
    (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect()
}

/// Whether every group of side-by-side cells of `on` with one number has as many cells as the
/// number (a flood fill from each cell).
fn divides(cs: &[(usize, usize)], on: &[bool], number: &[i64]) -> bool {
    (0..cs.len()).filter(|&i| on[i]).all(|s| {
        let mut seen = vec![false; cs.len()];
        seen[s] = true;
        let mut stack = vec![s];
        let mut size = 0;
        while let Some(a) = stack.pop() {
            size += 1;
            for b in 0..cs.len() {
                let side = cs[a].0.abs_diff(cs[b].0) + cs[a].1.abs_diff(cs[b].1) == 1;
                if on[b] && !seen[b] && side && number[b] == number[a] {
                    seen[b] = true;
                    stack.push(b);
                }
            }
        }
        size == number[s]
    })
}

/// Every assignment of values `lo..=hi` to `n` cells, as digit vectors.
fn assignments(n: usize, lo: i64, hi: i64) -> impl Iterator<Item = Vec<i64>> {
    let k = (hi - lo + 1) as u64;
    (0..k.pow(n as u32)).map(move |code| (0..n).map(|i| lo + (code / k.pow(i as u32) % k) as i64).collect())
}

/// How many of the assignments the checker accepts.
fn checker_count(p: &Program, texts: impl Iterator<Item = String>) -> usize {
    texts
        .filter(|t| {
            let s = parse_solution(p, &Source::new("s.txt", t.clone())).unwrap_or_else(|e| panic!("{}", e.render()));
            check(p, &s).expect("judges").is_empty()
        })
        .count()
}

fn facts(pred: &str, cs: &[(usize, usize)], values: &[i64]) -> String {
    cs.iter().zip(values).map(|((r, c), v)| format!("{pred}({},{}) = {v}.\n", r + 1, c + 1)).collect()
}

/// Fillomino's rule on whole grids: the count of number assignments `1..=hi` whose groups have
/// their sizes, natively and on the clauses, equals the flood fill's; the checker agrees on
/// every assignment of the smaller grids.
#[test]
fn regions_count_as_a_flood_fill_does() {
    for (rows, cols, hi) in [(1, 1, 2), (1, 4, 4), (2, 2, 4), (2, 3, 4), (3, 3, 4), (2, 4, 5)] {
        let cs = cells(rows, cols);
        let on = vec![true; cs.len()];
        let brute = assignments(cs.len(), 1, hi).filter(|v| divides(&cs, &on, v)).count();
        let p = model(&format!(
            "{}var n(R, C) in 1..{hi}\nregions {{ n(r, c) : r in R, c in C }} via nb\n",
            grid(rows, cols)
        ));
        assert_eq!(count(&p, 100_000).0, brute, "{rows}x{cols} up to {hi}");
        if cs.len() <= 6 {
            assert_eq!(count_by_clauses(&p, 100_000), brute, "{rows}x{cols} up to {hi}, clauses");
            let texts = assignments(cs.len(), 1, hi).map(|v| facts("n", &cs, &v));
            assert_eq!(checker_count(&p, texts), brute, "{rows}x{cols} up to {hi}, checker");
        }
        assert!(brute > 0);
    }
}

/// Known numbers: a 2 x 2 grid divides into blocks of their own sizes in 5 ways: the square
/// of 4s, and a 1 beside a tromino of 3s, four times. Two dominoes of 2s would share a side
/// and be one group of four 2s; side-by-side 1s likewise.
#[test]
fn a_two_by_two_grid_divides_five_ways() {
    let p = model(&format!("{}var n(R, C) in 1..4\nregions {{ n(r, c) : r in R, c in C }} via nb\n", grid(2, 2)));
    assert_eq!(count(&p, 100).0, 5);
}

/// The number is any integer term (here an expression, so an auxiliary integer), and the guard
/// leaves a cell out (its neighbours then meet around it only).
#[test]
fn regions_over_an_expression_under_a_guard() {
    let (rows, cols) = (2, 3);
    let cs = cells(rows, cols);
    let p = model(&format!(
        "{}var x(R, C) in 0..3\nregions {{ x(r, c) + 1 : r in R, c in C | r > 1 or c > 1 }} via nb\n",
        grid(rows, cols)
    ));
    // The cell left out is (0, 0): its x is free (4 values), and it is no cell of the division.
    let on: Vec<bool> = (0..cs.len()).map(|i| i != 0).collect();
    let brute = assignments(cs.len(), 0, 3)
        .filter(|x| {
            let number: Vec<i64> = x.iter().map(|v| v + 1).collect();
            divides(&cs, &on, &number)
        })
        .count();
    assert!(brute > 0);
    assert_eq!(count(&p, 100_000).0, brute);
    assert_eq!(count_by_clauses(&p, 100_000), brute);
    let texts = assignments(cs.len(), 0, 3).map(|v| facts("x", &cs, &v));
    assert_eq!(checker_count(&p, texts), brute);
}

/// A data adjacency other than the grid's: rooms cut the grid (cells of two rooms are never one
/// region, even with one number), as fillomino's given borders do.
#[test]
fn regions_through_rooms() {
    let (rows, cols) = (2, 3);
    let cs = cells(rows, cols);
    // Column 3 is a room of its own.
    let p = model(&format!(
        "{}def inroom(r1 in R, c1 in C, r2 in R, c2 in C) := nb(r1, c1, r2, c2) and (c1 = 3 iff c2 = 3)\n\
         var n(R, C) in 1..4\nregions {{ n(r, c) : r in R, c in C }} via inroom\n",
        grid(rows, cols)
    ));
    let brute = assignments(cs.len(), 1, 4)
        .filter(|v| {
            // The flood fill with the room wall: judge each room apart.
            let left: Vec<bool> = cs.iter().map(|&(_, c)| c < 2).collect();
            let right: Vec<bool> = cs.iter().map(|&(_, c)| c == 2).collect();
            divides(&cs, &left, v) && divides(&cs, &right, v)
        })
        .count();
    assert!(brute > 0);
    assert_eq!(count(&p, 100_000).0, brute);
    assert_eq!(count_by_clauses(&p, 100_000), brute);
}

/// Numbers that no region can have: a cell whose every value is larger than the grid, and a
/// number 0; both have no solution, natively and on the clauses.
#[test]
fn impossible_sizes_have_no_solution() {
    for body in ["var n(R, C) in 3..5", "var n(R, C) in 0..0"] {
        let p = model(&format!("{}{body}\nregions {{ n(r, c) : r in R, c in C }} via nb\n", grid(1, 2)));
        assert_eq!(count(&p, 10).0, 0, "{body}");
        assert_eq!(count_by_clauses(&p, 10), 0, "{body}");
    }
}

/// The refusals: under `not` or `or`, a solved adjacency, a symbolic number, inside a guard.
#[test]
fn regions_misused_is_refused_in_words() {
    let base = format!("{}var n(R, C) in 1..4\npred wall(R, C, R, C)\n", grid(2, 2));
    for (text, words) in [
        ("not regions { n(r, c) : r in R, c in C } via nb", "'regions' inside 'or', '->', 'not'"),
        ("regions { n(r, c) : r in R, c in C } via nb or n(1, 1) = 1", "'regions' inside 'or', '->', 'not'"),
        ("regions { n(r, c) : r in R, c in C } via wall", "the adjacency of 'regions' is data"),
        ("regions { n(r, c) : r in R, c in C } via n", "is an integer variable, not an adjacency"),
        ("regions { n(r, c) : r in R } via nb", "needs 2"),
    ] {
        let text = format!("{base}{text}\n");
        let err = match load(&Source::new("m.qp", &text), None, &[]) {
            Err(e) => e.render(),
            Ok(p) => match wgrnd_lang::ground(&p, &Default::default()) {
                Err(e) => e.render(),
                Ok(_) => panic!("{text}: accepted"),
            },
        };
        assert!(err.contains(words), "{text}: {err}");
    }
}

/// A division whose clauses would need more auxiliary atoms than may be written (a 45 x 45 grid
/// of 1s, 2s and 3s: 32 million) is refused by a grounding whose clauses may be written, by the
/// estimate or the limit, and grounded when the solver decides it natively
/// (`constraints_written` off): its atoms are numbered all the same, after every other, and the
/// built-in solver finds a division the checker accepts; not beside a parity constraint nor with
/// names on. The same model on a 36 x 36 grid (13 million) numbers its atoms alike either way.
#[test]
fn a_division_too_large_to_write_is_grounded_for_the_native_search() {
    // Solved below by the built-in solver, which must decide the division natively (with splr,
    // a build without CaDiCaL and batsat, it would write 32 million atoms' clauses).
    assert!(wgrnd_sat::solver::SolverSpec::Builtin.decides_natively(), "run with the workspace's features");
    let text = |n: usize| format!("{}var n(R, C) in 1..3\nregions {{ n(r, c) : r in R, c in C }} via nb\n", grid(n, n));
    // As a command grounds for the built-in solver: no header of names, no clauses written.
    let native = wgrnd_lang::GroundOptions { constraints_written: false, names: false, ..Default::default() };
    let p = model(&text(45));
    // The estimate counts the clauses that would be written (the counters' n^3 / 6), and past
    // a larger estimate limit the exact count of atoms is refused.
    let err = wgrnd_lang::ground(&p, &Default::default()).expect_err("over the estimate").render();
    assert!(err.contains("clauses, above the limit of 50000000"), "{err}");
    let any_size = wgrnd_lang::GroundOptions { max_clauses: u64::MAX, ..Default::default() };
    let err = wgrnd_lang::ground(&p, &any_size).expect_err("over the limit for writing").render();
    assert!(err.contains("would need 32420434 auxiliary atoms") && err.contains("at most 20000000"), "{err}");
    let g = wgrnd_lang::ground(&p, &native).unwrap_or_else(|e| panic!("{}", e.render()));
    let labels = g.cnf.theories()[0].aux_range();
    assert!(labels.len() > 20_000_000 && labels.end == g.cnf.num_vars() as usize, "{labels:?}");
    let mut solution = None;
    each_solution(&p, &g, 1, |_, s| solution = Some(s));
    let solution = solution.expect("a division of 1s, 2s and 3s exists");
    assert!(broken(&p, &solution).is_empty());
    // Beside a parity constraint, whose elimination reads every clause, it is grounded as a
    // formula whose clauses may be written: refused by the limit.
    let p = model(&format!("{}pred x(R, C)\nodd {{ x(r, c) : r in R, c in C }}\n", text(45)));
    let native_any_size = wgrnd_lang::GroundOptions { max_clauses: u64::MAX, ..native };
    let err = wgrnd_lang::ground(&p, &native_any_size).expect_err("written beside parity").render();
    assert!(err.contains("would need 32420434 auxiliary atoms") && err.contains("at most 20000000"), "{err}");
    // With names (a header to write) the limits stand.
    let p = model(&text(45));
    let named = wgrnd_lang::GroundOptions { names: true, ..native_any_size };
    let err = wgrnd_lang::ground(&p, &named).expect_err("written with names").render();
    assert!(err.contains("at most 20000000"), "{err}");
    let p = model(&text(36));
    let written = wgrnd_lang::GroundOptions { names: false, ..any_size };
    let (written, unwritten) = (wgrnd_lang::ground(&p, &written).unwrap(), wgrnd_lang::ground(&p, &native).unwrap());
    assert_eq!(written.cnf.num_vars(), unwritten.cnf.num_vars());
    assert_eq!(written.cnf.theories(), unwritten.cnf.theories());
    assert_eq!(written.cnf.theories()[0].aux_count(), 13_237_492);
}
