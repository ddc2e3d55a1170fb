//! Random models over a square grid whose constraints are closed under a random group of the
//! square's symmetries (all eight, one reversal, the transposition or the half turn): each base
//! constraint is written together with all its images, so that a count finds symmetries to
//! prove and counts orbits. One model in four gets a planted asymmetry (a base constraint
//! written without its images), which the proof must refuse unless it happens to be symmetric.

use super::gen::Rng;

/// An element of the square's group: transpose first, then reverse the first and the second
/// coordinate.
type Motion = (bool, bool, bool);

fn apply(n: i64, (swap, r1, r2): Motion, (a, b): (i64, i64)) -> (i64, i64) {
    let (x, y) = if swap { (b, a) } else { (a, b) };
    (if r1 { n + 1 - x } else { x }, if r2 { n + 1 - y } else { y })
}

/// A motion of the grid's cells.
type CellMap<'a> = dyn Fn((i64, i64)) -> (i64, i64) + 'a;
/// A base constraint, written for the cells as a motion moves them.
type Constraint = dyn Fn(&CellMap<'_>) -> String;

/// The model of `r`'s next draws, as text.
pub fn symmetric_model(r: &mut Rng) -> String {
    let all: Vec<Motion> = (0..8).map(|k| (k & 1 == 1, k & 2 == 2, k & 4 == 4)).collect();
    let group: Vec<Motion> = match r.below(4) {
        0 => all,
        1 => vec![(false, false, false), (false, true, false)],
        2 => vec![(false, false, false), (true, false, false)],
        _ => vec![(false, false, false), (false, true, true)],
    };
    let ints = r.chance(1, 2);
    let n: i64 = if ints { 2 } else { 3 };
    let mut text = format!("param n = {n}\ndomain d = 1..n\nvar i, j in d\n");
    text += if ints { "var g(d, d) in 0..2\n" } else { "pred g(d, d)\n" };
    text += "show g\n";
    let cell = |r: &mut Rng| (r.range(1, n), r.range(1, n));
    let mut base: Vec<Box<Constraint>> = Vec::new();
    for _ in 0..r.range(1, 4) {
        let (c1, c2, c3) = (cell(r), cell(r), cell(r));
        let k = r.range(0, 4);
        let (s1, s2) = (r.chance(1, 2), r.chance(1, 2));
        let kind = r.below(3);
        base.push(Box::new(move |m: &CellMap<'_>| {
            let (a, b, c) = (m(c1), m(c2), m(c3));
            let at = |(x, y): (i64, i64)| format!("g({x}, {y})");
            let lit = |p: (i64, i64), pos: bool| format!("{}{}", if pos { "" } else { "not " }, at(p));
            match (ints, kind) {
                (false, 0) => format!("{} or {}", lit(a, s1), lit(b, s2)),
                (false, 1) => format!("{} or {} or {}", lit(a, s1), lit(b, s2), lit(c, true)),
                (false, _) => format!("atmost {} {{ g(i, j) : i, j | i = {} and j >= {} }}", k.min(2), a.0, 1),
                (true, 0) => format!("{} + {} <= {}", at(a), at(b), k),
                (true, 1) => format!("{} =/= {}", at(a), at(b)),
                (true, _) => format!("[{} = 1] + {} >= {}", at(a), at(c), k.min(2)),
            }
        }));
    }
    let mut lines = std::collections::BTreeSet::new();
    for b in &base {
        for &g in &group {
            lines.insert(b(&|p| apply(n, g, p)));
        }
    }
    if r.chance(1, 2) {
        // Row and column sums together: closed under every motion of the square.
        let k = r.range(0, if ints { 3 } else { 2 });
        lines.insert(format!("forall i . sum {{ [g(i, j) {}] : j }} <= {k}", if ints { "> 0" } else { "" }));
        lines.insert(format!("forall j . sum {{ [g(i, j) {}] : i }} <= {k}", if ints { "> 0" } else { "" }));
    }
    if r.chance(1, 4) {
        lines.insert(base[0](&|p| p));
        let (a, b) = (cell(r), cell(r));
        lines.insert(if ints {
            format!("g({}, {}) <= g({}, {})", a.0, a.1, b.0, b.1)
        } else {
            format!("g({}, {}) or not g({}, {})", a.0, a.1, b.0, b.1)
        });
    }
    for l in lines {
        text += &l;
        text.push('\n');
    }
    text
}

/// A random model over integer variables whose values are interchangeable (a graph colouring, with
/// equalities, connectives and `alldifferent`): a count proves the values interchangeable, breaks
/// their permutations by value precedence and counts orbits. One model in four gets a planted
/// constraint that tells the values apart (a constant, an order or a sum), which the proof must
/// refuse.
pub fn interchangeable_model(r: &mut Rng) -> String {
    let n = r.range(3, 6);
    let k = r.range(2, 4);
    let symbols = r.chance(1, 3);
    let mut text = format!("domain vertex = 1..{n}\nvar a, b in vertex\n");
    text += &if symbols {
        let names: Vec<String> = (1..=k).map(|v| format!("c{v}")).collect();
        format!("domain colour = {{{}}}\n", names.join(", "))
    } else {
        format!("domain colour = 0..{}\n", k - 1)
    };
    text += "var x(vertex) in colour\nshow x\n";
    let vertex = |r: &mut Rng| r.range(1, n);
    let mut lines = std::collections::BTreeSet::new();
    for _ in 0..r.range(1, n + 2) {
        let (p, q, s, t) = (vertex(r), vertex(r), vertex(r), vertex(r));
        lines.insert(match r.below(5) {
            0 | 1 => format!("x({p}) =/= x({q})"),
            2 => format!("x({p}) = x({q}) or x({s}) =/= x({t})"),
            3 => format!("not (x({p}) = x({q}) and x({q}) = x({s}))"),
            _ => format!("atmost 1 {{ x(a) = x(b) : a, b | a < b and (a = {p} or b = {q}) }}"),
        });
    }
    if r.chance(1, 3) {
        let (lo, hi) = (r.range(1, n), r.range(1, n));
        lines.insert(format!("alldifferent {{ x(a) : a | a >= {} and a <= {} }}", lo.min(hi), lo.max(hi)));
    }
    if r.chance(1, 4) {
        let (p, q) = (vertex(r), vertex(r));
        let value = if symbols { "c1".to_string() } else { "0".to_string() };
        lines.insert(match (symbols, r.below(3)) {
            (_, 0) | (true, _) => format!("x({p}) =/= {value}"),
            (false, 1) => format!("x({p}) <= x({q})"),
            (false, _) => format!("x({p}) + x({q}) >= 1"),
        });
    }
    for l in lines {
        text += &l;
        text.push('\n');
    }
    text
}
