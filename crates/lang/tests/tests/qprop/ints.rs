//! Bounded integer variables: order and log encodings give the same solutions.

use crate::common::*;
use wgrnd_lang::{ground, parse_solution, GroundOptions, IntEncoding, LinearEncoding, Source};

fn count_with(p: &wgrnd_lang::Program, ints: IntEncoding) -> (usize, f64) {
    let t = std::time::Instant::now();
    let n = count_opts(p, GroundOptions { ints, ..GroundOptions::default() });
    (n, t.elapsed().as_secs_f64())
}

#[test]
fn magic_square_order_and_log() {
    let p = program("magic.qp", None, &[]);
    let order = count_with(&p, IntEncoding::Order);
    let log = count_with(&p, IntEncoding::Log);
    println!("magic 3x3: order {order:?}, log {log:?} (count, seconds)");
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

/// Every combination of the integer and linear encodings.
const ENCODINGS: [(IntEncoding, LinearEncoding); 8] = [
    (IntEncoding::Auto, LinearEncoding::Auto),
    (IntEncoding::Order, LinearEncoding::Mdd),
    (IntEncoding::Order, LinearEncoding::Bdd),
    (IntEncoding::Direct, LinearEncoding::Mdd),
    (IntEncoding::Direct, LinearEncoding::Bdd),
    (IntEncoding::Log, LinearEncoding::Mdd),
    (IntEncoding::Log, LinearEncoding::Bdd),
    (IntEncoding::Auto, LinearEncoding::Bdd),
];

/// Counts `text` under every encoding (each solution checked and read back) and compares with
/// `want`, the count of a plain loop.
fn agree(text: &str, want: usize) {
    let p = wgrnd_lang::load(&Source::new("m.qp", text), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
    for (ints, linear) in ENCODINGS {
        let n = count_opts(&p, GroundOptions { ints, linear, ..GroundOptions::default() });
        assert_eq!(n, want, "{ints:?}/{linear:?}:\n{text}");
    }
}

fn count_opts(p: &wgrnd_lang::Program, o: GroundOptions) -> usize {
    let g = ground(p, &o).unwrap_or_else(|e| panic!("{}", e.render()));
    each_solution(p, &g, usize::MAX, |_, sol| {
        let broken = broken(p, &sol);
        assert!(broken.is_empty(), "{}\n{}", broken.join("\n"), sol.to_facts());
        let back = parse_solution(p, &Source::new("answer.txt", sol.to_facts())).expect("reads back");
        assert_eq!(back, sol);
    })
}

/// Every assignment of values to variables with domains `doms`.
fn assignments(doms: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for d in doms {
        out = out.into_iter().flat_map(|a: Vec<i64>| d.iter().map(move |v| [a.clone(), vec![*v]].concat())).collect();
    }
    out
}

fn holds(op: &str, a: i64, b: i64) -> bool {
    match op {
        "=" => a == b,
        "=/=" => a != b,
        "<" => a < b,
        "<=" => a <= b,
        ">" => a > b,
        _ => a >= b,
    }
}

/// Random linear constraints over 3 or 4 single integers with random value sets, counted under
/// every encoding, against a loop over all assignments.
#[test]
fn random_linear_constraints_count_as_a_loop_does() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for round in 0..150 {
        let nv = 3 + rng.below(2) as usize;
        let mut doms = Vec::new();
        let mut text = String::new();
        for i in 0..nv {
            let mut d: Vec<i64> = (0..2 + rng.below(3)).map(|_| rng.below(9) as i64 - 3).collect();
            d.sort();
            d.dedup();
            let written: Vec<String> = d.iter().map(|v| v.to_string()).collect();
            if round % 3 == 0 && d.windows(2).all(|w| w[1] == w[0] + 1) {
                text.push_str(&format!("var x{i} in {}..{}\n", d[0], d[d.len() - 1]));
            } else {
                text.push_str(&format!("var x{i} in {{{}}}\n", written.join(", ")));
            }
            doms.push(d);
        }
        let mut cons = Vec::new();
        for _ in 0..1 + rng.below(2) {
            let coefs: Vec<i64> = (0..nv).map(|_| rng.pick(&[-3, -2, -1, 0, 1, 1, 2, 3])).collect();
            let op = rng.pick(&["=", "=/=", "<", "<=", ">", ">="]);
            let k = rng.below(9) as i64 - 4;
            let lhs: Vec<String> = coefs.iter().enumerate().map(|(i, c)| format!("{c} * x{i}")).collect();
            text.push_str(&format!("({}) {op} {k}\n", lhs.join(" + ")));
            cons.push((coefs, op, k));
        }
        let want = assignments(&doms)
            .iter()
            .filter(|a| cons.iter().all(|(c, op, k)| holds(op, c.iter().zip(a.iter()).map(|(c, x)| c * x).sum(), *k)))
            .count();
        agree(&text, want);
    }
}

/// `alldifferent`: permutations (n!), injections, and `except` a value, against loops.
#[test]
fn alldifferent_counts_permutations_and_exceptions() {
    let fact = |n: usize| (1..=n).product::<usize>();
    agree("domain d = 1..4\nvar x(d) in 1..4\nalldifferent { x(i) : i in d }\n", fact(4));
    // Injections of 3 variables into 5 values: 5 * 4 * 3.
    agree("domain d = 1..3\nvar x(d) in {2, 4, 6, 8, 10}\nalldifferent { x(i) : i in d }\n", 60);
    // 4 variables in 0..2, values other than 0 distinct.
    let want = assignments(&vec![vec![0, 1, 2]; 4])
        .iter()
        .filter(|a| {
            let nz: Vec<i64> = a.iter().copied().filter(|v| *v != 0).collect();
            (0..nz.len()).all(|i| (i + 1..nz.len()).all(|j| nz[i] != nz[j]))
        })
        .count();
    agree("domain d = 1..4\nvar x(d) in 0..2\nalldifferent except 0 { x(i) : i in d }\n", want);
    // A guard and a constant among the terms: x(1), x(2), 3 distinct.
    agree("domain d = 1..2\nvar x(d) in 1..3\nalldifferent { x(i) + 0 * i : i in d }\nforall i in d . x(i) =/= 3\n", 2);
}

/// Element `y(k)` with `k` an integer variable, `min`/`max` in both forms and products of two
/// integers, against loops.
#[test]
fn element_min_max_and_products_count_as_a_loop_does() {
    // y(k) = 2 with y(1..3) in 1..3 and k in 1..3.
    let want = assignments(&[vec![1, 2, 3], vec![1, 2, 3], vec![1, 2, 3], vec![1, 2, 3]])
        .iter()
        .filter(|a| a[1 + (a[0] - 1) as usize] == 2)
        .count();
    agree("domain d = 1..3\nvar k in 1..3\nvar y(d) in 1..3\ny(k) = 2\n", want);
    // Indexing by a sum: y(k + 1) > y(k), k in 1..2.
    let want = assignments(&[vec![1, 2], vec![1, 2, 3], vec![1, 2, 3], vec![1, 2, 3]])
        .iter()
        .filter(|a| a[1 + a[0] as usize] > a[(a[0]) as usize])
        .count();
    agree("domain d = 1..3\nvar k in 1..2\nvar y(d) in 1..3\ny(k + 1) > y(k)\n", want);
    let three = vec![vec![0, 1, 2, 3]; 3];
    let want = assignments(&three).iter().filter(|a| a[0].min(a[1]) == 1).count();
    agree("domain d = 1..3\nvar x(d) in 0..3\nmin(x(1), x(2)) = 1\nx(3) = 0\n", want / 4);
    let want = assignments(&three).iter().filter(|a| *a.iter().max().unwrap_or(&0) <= 2 && a[0] + a[1] >= 3).count();
    agree("domain d = 1..3\nvar x(d) in 0..3\nmax { x(i) : i in d } <= 2\nx(1) + x(2) >= 3\n", want);
    let want = assignments(&three).iter().filter(|a| *a.iter().min().unwrap_or(&0) + a[2] > 3).count();
    agree("domain d = 1..3\nvar x(d) in 0..3\nmin { x(i) : i in d } + x(3) > 3\n", want);
    let want =
        assignments(&[vec![-2, -1, 0, 1, 2, 3], vec![-2, -1, 0, 1, 2, 3]]).iter().filter(|a| a[0] * a[1] >= 2).count();
    agree("var a in -2..3\nvar b in -2..3\na * b >= 2\n", want);
    let want = assignments(&three).iter().filter(|a| a[0] * a[1] - a[2] == 3).count();
    agree("domain d = 1..3\nvar x(d) in 0..3\nx(1) * x(2) - x(3) = 3\n", want);
}

/// Integers over symbols: only `=`/`=/=`; values printed, read back and checked.
#[test]
fn symbolic_integers_print_and_read_back() {
    let text = "domain house = 1..3\ndomain colour = {red, green, blue}\nvar colour(house) in colour\n\
                forall h in house, h2 in house | h < h2 . colour(h) =/= colour(h2)\ncolour(1) = red\n";
    agree(text, 2);
    let p = wgrnd_lang::load(&Source::new("m.qp", text), None, &[]).expect("loads");
    let (_, first) = count(&p, 1);
    let facts = first.expect("a solution").to_facts();
    assert!(facts.contains("colour(1) = red."), "{facts}");
    // A single integer over a set, and a sort that stays a sort.
    agree("var k in {1, 5, 9}\nk > 2\n", 2);
    agree("domain d = 1..3\nvar i in d\nvar k in d\nforall i . k >= i - 1\n", 2);
}

/// Sums of one shape over different variables (mdd.rs replays the first one's diagram over the
/// others' literals), and sums with a literal that is also an option of a variable's level (one
/// literal at two levels: built, not replayed), against a loop over all assignments.
#[test]
fn sums_of_one_shape_count_as_a_loop_does() {
    let text = "domain r = 1..2\ndomain c = 1..3\nvar i in r\nvar j in c\nvar x(r, c) in 0..2\n\
                forall i . sum { x(i, j) : j } = 3\n\
                forall j . sum { x(i, j) + [x(i, j) >= 1] : i } <= 5\n\
                forall i . x(i, 1) + 2 * [x(i, 1) >= 2] - x(i, 2) >= 1\n";
    let want = assignments(&vec![vec![0, 1, 2]; 6])
        .iter()
        .filter(|a| {
            let x = |i: usize, j: usize| a[3 * i + j];
            let rows = (0..2).all(|i| (0..3).map(|j| x(i, j)).sum::<i64>() == 3);
            let cols = (0..3).all(|j| (0..2).map(|i| x(i, j) + i64::from(x(i, j) >= 1)).sum::<i64>() <= 5);
            let third = (0..2).all(|i| x(i, 0) + 2 * i64::from(x(i, 0) >= 2) - x(i, 1) >= 1);
            rows && cols && third
        })
        .count();
    assert!(want > 0);
    agree(text, want);
}

/// `a = b` and `a =/= b` between two integer variables, outright (their clauses alone) and
/// under a connective (through a literal that stands for them), count what a hand count gives:
/// values with gaps, values only one side has, symbols, a variable compared with itself and a
/// colouring's edges.
#[test]
fn comparisons_of_two_variables_outright_and_under_connectives() {
    let cases = [
        // 3 x 3 pairs, two of them equal (2 and 3).
        ("var x in {1, 2, 3}\nvar y in {2, 3, 4}\nshow x, y\nx =/= y\n", 7),
        ("var x in {1, 2, 3}\nvar y in {2, 3, 4}\nshow x, y\nx = y\n", 2),
        ("var x in {1, 2, 3}\nvar y in {2, 3, 4}\nshow x, y\nx = y or x = 1\n", 5),
        ("var x in {1, 2, 3}\nvar y in {2, 3, 4}\nshow x, y\nnot (x = y) and y =/= 4\n", 4),
        ("var x in {1, 5}\nvar y in {2, 6}\nshow x, y\nx = y\n", 0),
        ("var x in {1, 5}\nvar y in {2, 6}\nshow x, y\nx =/= y\n", 4),
        ("domain colour = {red, green, blue}\nvar c, d in colour\nshow c, d\nc =/= d\n", 6),
        ("domain colour = {red, green, blue}\nvar c, d in colour\nshow c, d\nc = d\n", 3),
        ("var x in 1..3\nshow x\nx =/= x\n", 0),
        ("var x in 1..3\nshow x\nx = x\n", 3),
        // The proper 3-colourings of a triangle and of a path of three vertices.
        ("domain v = 1..3\nvar a, b in v\nvar col(v) in 1..3\nshow col\nforall a, b | a < b . col(a) =/= col(b)\n", 6),
        ("domain v = 1..3\nvar a in v\nvar col(v) in 1..3\nshow col\nforall a | a < 3 . col(a) =/= col(a + 1)\n", 12),
    ];
    for (text, want) in cases {
        let p = wgrnd_lang::load(&Source::new("m.qp", text), None, &[]).unwrap_or_else(|e| panic!("{}", e.render()));
        for ints in [IntEncoding::Auto, IntEncoding::Order, IntEncoding::Direct, IntEncoding::Log] {
            assert_eq!(count_opts(&p, GroundOptions { ints, ..GroundOptions::default() }), want, "{ints:?}:\n{text}");
        }
    }
}
