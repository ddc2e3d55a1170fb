//! Bounded integer variables: order and log encodings give the same solutions.

mod common;
use common::*;
use wgrnd_qprop::{decode, ground, parse_solution, GroundOptions, IntEncoding, Source};

fn count_with(p: &wgrnd_qprop::Program, ints: IntEncoding) -> (usize, u32, usize, f64) {
    let t = std::time::Instant::now();
    let g = ground(p, &GroundOptions { ints, ..GroundOptions::default() }).unwrap_or_else(|e| panic!("{}", e.render()));
    let mut s = cadical::Solver::<cadical::Timeout>::new();
    for c in g.cnf.clauses() {
        s.add_clause(c.iter().map(|l| l.to_dimacs()));
    }
    let mut n = 0;
    while s.solve() == Some(true) {
        let sol = decode(p, &g.encoding, |v| s.value(v.get() as i32) == Some(true));
        let broken = broken(p, &sol);
        assert!(broken.is_empty(), "{}\n{}", broken.join("\n"), sol.to_facts());
        let back = parse_solution(p, &Source::new("answer.txt", sol.to_facts())).expect("reads back");
        assert_eq!(back, sol);
        n += 1;
        let block: Vec<i32> = g
            .projection
            .iter()
            .map(|v| if s.value(v.get() as i32) == Some(true) { -(v.get() as i32) } else { v.get() as i32 })
            .collect();
        s.add_clause(block);
    }
    (n, g.cnf.num_vars(), g.cnf.num_clauses(), t.elapsed().as_secs_f64())
}

#[test]
fn magic_square_order_and_log() {
    let p = program("magic.qp", None, &[]);
    let order = count_with(&p, IntEncoding::Order);
    let log = count_with(&p, IntEncoding::Log);
    println!("magic 3x3: order {order:?}, log {log:?} (count, vars, clauses, seconds)");
    assert_eq!(order.0, 8);
    assert_eq!(log.0, 8);
}

#[test]
fn int_grid_and_json() {
    let p = program("magic.qp", None, &[]);
    let (_, first) = count(&p, 1);
    let s = first.expect("a solution");
    let grid = s.grid().expect("x(row, col) is cell-shaped");
    let mut digits: Vec<char> = grid.chars().filter(|c| c.is_ascii_digit()).collect();
    digits.sort();
    assert_eq!(digits.iter().collect::<String>(), "123456789", "{grid}");
    assert_eq!(s.to_json()["x"].as_array().map(|a| a.len()), Some(9));
}
