//! Guards that bind: a quantifier's guard conjunct that solves for the variable being enumerated
//! (`i = q`, `i = q or i + k + 1 = q`, `c2 > c`, `c2 <= c + l`) gives that variable's values
//! directly (a few candidates, or a slice of its range domain) instead of filtering its whole
//! domain through the term interpreter. Planned once per quantifier (nnf.rs), computed per
//! binding (ground.rs).
//!
//! The values are exactly those the filter keeps, in domain order, and the conjuncts that made
//! them are proven to hold on each (exact integer arithmetic, magnitudes bounded so that nothing
//! overflows): they are not evaluated again. Only a prefix of a level's checks narrows, so every
//! later check is evaluated on the same values as before (an error it raises is raised the same).
//! When a term cannot be computed without an error (a symbol in arithmetic, a division by zero,
//! an unbound slot, large magnitudes) the level falls back to its domain and every check.

use crate::program::{CmpOp, Domain, Op, Slot, Val, F, T};

/// Most equalities a disjunction may have to bind (candidates are kept on the stack).
pub(crate) const MAX_POINTS: usize = 4;

/// Largest magnitude of a domain value or a computed constant on the arithmetic path: sums of a
/// few of them stay far from 64-bit overflow, so the filter could not have failed either.
const SAFE: i64 = 1 << 40;

/// A term `side` (the variable once, under `+`, `-` and negation only) compared with `other`
/// (without the variable).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Solved<'a> {
    pub side: &'a T,
    pub other: &'a T,
    /// `side op other` as written (the variable's side put first: `<` of `e < x` is `>`).
    pub op: CmpOp,
}

/// One guard conjunct that narrows a level's values.
#[derive(Debug)]
pub(crate) enum Narrow<'a> {
    /// A disjunction of equalities (one equality alone): the variable is one of their solutions.
    Points(Vec<Solved<'a>>),
    /// An order comparison: a bound of the (range) domain.
    Bound(Solved<'a>),
}

/// The prefix of `checks` (guard conjuncts at the level of `x`, in order) that narrows `x`'s
/// domain `dom`; empty when the first does not.
pub(crate) fn plan<'a>(x: Slot, dom: &Domain, checks: &[Option<&'a F>]) -> Vec<Narrow<'a>> {
    let ints = small_range(dom);
    let mut out = Vec::new();
    for c in checks {
        let Some(n) = c.and_then(|f| narrowing(x, ints, f)) else { break };
        out.push(n);
    }
    out
}

/// Whether `dom` is a range of integers of magnitude at most [`SAFE`].
fn small_range(dom: &Domain) -> bool {
    let (Some(lo), Some(Val::Int(hi))) = (dom.range, dom.values.last()) else { return false };
    lo.abs() <= SAFE && hi.abs() <= SAFE
}

fn narrowing<'a>(x: Slot, ints: bool, f: &'a F) -> Option<Narrow<'a>> {
    match f {
        F::Cmp(c) if c.op == CmpOp::Eq => Some(Narrow::Points(vec![solved(x, ints, c.op, &c.a, &c.b)?])),
        F::Cmp(c) if c.op != CmpOp::Ne && ints => Some(Narrow::Bound(solved(x, ints, c.op, &c.a, &c.b)?)),
        F::Or(..) => {
            let mut eqs = Vec::new();
            disjuncts(x, ints, f, &mut eqs)?;
            (eqs.len() <= MAX_POINTS).then_some(Narrow::Points(eqs))
        }
        _ => None,
    }
}

fn disjuncts<'a>(x: Slot, ints: bool, f: &'a F, out: &mut Vec<Solved<'a>>) -> Option<()> {
    match f {
        F::Or(a, b) => {
            disjuncts(x, ints, a, out)?;
            disjuncts(x, ints, b, out)
        }
        F::Cmp(c) if c.op == CmpOp::Eq => {
            out.push(solved(x, ints, c.op, &c.a, &c.b)?);
            Some(())
        }
        _ => None,
    }
}

/// `a op b` with `x` on exactly one side, that side solvable for `x` (a bare `x` on any domain,
/// arithmetic only on a small integer range).
fn solved<'a>(x: Slot, ints: bool, op: CmpOp, a: &'a T, b: &'a T) -> Option<Solved<'a>> {
    let (na, nb) = (occurrences(a, x)?, occurrences(b, x)?);
    let (side, other, op) = match (na, nb) {
        (1, 0) => (a, b, op),
        (0, 1) => (b, a, op.swapped()),
        _ => return None,
    };
    (matches!(side, T::Var(s) if *s == x) || (ints && linear_path(side, x))).then_some(Solved { side, other, op })
}

/// How often `x` occurs in `t`; `None` when `t` has a part whose variables are not plain to see
/// (a sum, a count, an integer variable) and might read it.
fn occurrences(t: &T, x: Slot) -> Option<usize> {
    match t {
        T::Const(_) => Some(0),
        T::Var(s) => Some(usize::from(*s == x)),
        T::Neg(a, _) => occurrences(a, x),
        T::Bin(b) => Some(occurrences(&b.a, x)? + occurrences(&b.b, x)?),
        T::IntVar(..) | T::Sum(..) | T::Bool(..) | T::MinMax(..) | T::Count(..) => None,
    }
}

/// Whether the path from `t` to its one `x` goes through `+`, `-` and negation only.
fn linear_path(t: &T, x: Slot) -> bool {
    match t {
        T::Var(s) => *s == x,
        T::Neg(a, _) => linear_path(a, x),
        T::Bin(b) if matches!(b.op, Op::Add | Op::Sub) => {
            if occurrences(&b.a, x) == Some(1) {
                linear_path(&b.a, x)
            } else {
                linear_path(&b.b, x)
            }
        }
        _ => false,
    }
}

/// `side` as `sign * x + constant` under `env`; `None` on anything the filter might fail on.
fn linear(side: &T, x: Slot, env: &[Option<Val>]) -> Option<(i64, i64)> {
    match side {
        T::Var(s) if *s == x => Some((1, 0)),
        T::Neg(a, _) => {
            let (s, c) = linear(a, x, env)?;
            Some((-s, -c))
        }
        T::Bin(b) => {
            let x_left = occurrences(&b.a, x) == Some(1);
            let (with_x, without) = if x_left { (&b.a, &b.b) } else { (&b.b, &b.a) };
            let (s, c) = linear(with_x, x, env)?;
            let k = small(crate::program::fast_term(without, env)?)?;
            match (b.op, x_left) {
                (Op::Add, _) => Some((s, c + k)),
                (Op::Sub, true) => Some((s, c - k)),
                (Op::Sub, false) => Some((-s, k - c)),
                _ => None,
            }
        }
        _ => None,
    }
    .filter(|&(_, c)| c.abs() <= SAFE)
}

fn small(v: Val) -> Option<i64> {
    match v {
        Val::Int(k) if k.abs() <= SAFE => Some(k),
        _ => None,
    }
}

/// The values of a narrowed level: positions `lo..hi` of its range domain, or a few values.
pub(crate) enum Values {
    Range(usize, usize),
    Points([Val; MAX_POINTS], usize),
}

/// The values of `x` in `dom` that satisfy every narrowing, in domain order; `None` to filter
/// the whole domain instead.
pub(crate) fn values(x: Slot, dom: &Domain, narrow: &[Narrow], env: &[Option<Val>]) -> Option<Values> {
    let mut lo = 0usize;
    let mut hi = dom.len();
    let mut points: Option<([Val; MAX_POINTS], usize)> = None;
    for n in narrow {
        match n {
            Narrow::Bound(s) => {
                let (sign, c) = linear(s.side, x, env)?;
                let o = small(crate::program::fast_term(s.other, env)?)?;
                // sign * x + c op o, that is x op' t with t = sign * (o - c) and op' the order
                // reversed when sign is -1.
                let t = sign * (o - c);
                let op = if sign < 0 { s.op.swapped() } else { s.op };
                let first = dom.range?;
                // Bounds as positions in the range (values first, first + 1, ...).
                let at = |v: i64| v.saturating_sub(first).clamp(0, dom.len() as i64) as usize;
                match op {
                    CmpOp::Lt => hi = hi.min(at(t)),
                    CmpOp::Le => hi = hi.min(at(t.saturating_add(1))),
                    CmpOp::Gt => lo = lo.max(at(t.saturating_add(1))),
                    CmpOp::Ge => lo = lo.max(at(t)),
                    CmpOp::Eq | CmpOp::Ne => return None,
                }
            }
            Narrow::Points(eqs) => {
                let mut found: ([Val; MAX_POINTS], usize) = ([Val::Int(0); MAX_POINTS], 0);
                for s in eqs {
                    let v = if matches!(s.side, T::Var(_)) {
                        crate::program::fast_term(s.other, env)?
                    } else {
                        let (sign, c) = linear(s.side, x, env)?;
                        Val::Int(sign * (small(crate::program::fast_term(s.other, env)?)? - c))
                    };
                    found.0[found.1] = v;
                    found.1 += 1;
                }
                // Several point sets: the values in all of them.
                if let Some((prev, n)) = points {
                    let keep = |v: &Val| prev[..n].contains(v);
                    let mut k = 0;
                    for i in 0..found.1 {
                        if keep(&found.0[i]) {
                            found.0[k] = found.0[i];
                            k += 1;
                        }
                    }
                    found.1 = k;
                }
                points = Some(found);
            }
        }
    }
    let Some((mut vals, n)) = points else { return Some(Values::Range(lo, hi.max(lo))) };
    // In the domain and within the bounds, by position, once each.
    let mut at: [(u32, Val); MAX_POINTS] = [(0, Val::Int(0)); MAX_POINTS];
    let mut k = 0;
    for &v in &vals[..n] {
        if let Some(p) = dom.pos(v) {
            if (lo..hi).contains(&(p as usize)) && !at[..k].iter().any(|&(q, _)| q == p) {
                at[k] = (p, v);
                k += 1;
            }
        }
    }
    at[..k].sort_unstable_by_key(|&(p, _)| p);
    for (i, &(_, v)) in at[..k].iter().enumerate() {
        vals[i] = v;
    }
    Some(Values::Points(vals, k))
}

#[cfg(test)]
mod tests {
    use crate::ground::{Env, GroundOptions, Grounder};
    use crate::nnf::{nnf, G};
    use crate::{load, Source};

    /// The bindings the last statement's quantifier enumerates (its guard passed), with its
    /// planned narrowings (`narrowed`) or with the domains filtered; and how many levels narrow.
    fn bindings(model: &str, narrowed: bool) -> (usize, Result<Vec<Env>, String>) {
        let p = load(&Source::new("t.qp", model), None, &[]).expect("the model loads");
        let s = p.stmts.last().expect("a statement");
        let mut g = nnf(&p, &s.f, true).expect("nnf");
        let G::All(plan, _) = &mut g else { panic!("a forall: {g:?}") };
        let levels = plan.levels.iter().filter(|lv| !lv.narrow.is_empty()).count();
        if !narrowed {
            plan.levels.iter_mut().for_each(|lv| lv.narrow.clear());
        }
        let mut gr = Grounder::new(&p, &GroundOptions::default()).expect("grounder");
        gr.in_statement(&s.slots);
        let mut env = vec![None; s.slots.len()];
        let mut out = Vec::new();
        let r = gr.each(plan, &mut env, &mut |_, env| {
            out.push(env.clone());
            Ok(false)
        });
        (levels, r.map(|_| out).map_err(|e| e.to_string()))
    }

    /// The narrowed enumeration is the filtered one, binding for binding in the same order, and
    /// `levels` levels narrow (so that the test compares something).
    fn same(model: &str, levels: usize) -> usize {
        let (n, fast) = bindings(model, true);
        let (_, slow) = bindings(model, false);
        assert_eq!(n, levels, "levels narrowed in {model}");
        assert_eq!(fast, slow, "{model}");
        fast.map_or(0, |b| b.len())
    }

    const HEAD: &str = "param n = 4\ndomain num = 1..n\ndomain place = 1..2 * n\nvar k in num\n\
                        var i, q in place\npred p(num, place)\n";

    #[test]
    fn a_disjunction_of_equalities_gives_its_solutions_in_domain_order() {
        // i in {q, q - k - 1}: both in the domain, or one (the other below 1), never twice.
        let m = format!("{HEAD}forall q, k, i | i + k + 1 = q or i = q . p(k, i)\n");
        assert_eq!(same(&m, 1), 8 * 4 + (1..=8).map(|q: i64| (1..=4).filter(|k| q - k > 1).count()).sum::<usize>());
        // The variable on the right, negated, subtracted from.
        let m = format!("{HEAD}forall q, k, i | q = k - i + 6 or 9 - i = q . p(k, i)\n");
        same(&m, 1);
    }

    #[test]
    fn candidates_outside_the_domain_are_dropped() {
        let m = format!("{HEAD}forall q, i | i = q + 5 or i = q - 7 . p(1, i)\n");
        assert_eq!(same(&m, 1), 3 + 1);
        // A symbol where an integer is enumerated: no candidate, no error.
        let m = "domain num = 1..3\ndomain s = {a, b}\nvar i in num\nvar t in s\npred p(num)\n\
                 forall t, i | i = t . p(i)\n";
        assert_eq!(same(m, 1), 0);
    }

    #[test]
    fn a_set_domain_in_its_own_order_and_a_negative_range() {
        // A set with gaps, declared out of numeric order: the candidates come in its order.
        let m = "domain d = {5, 1, 3}\ndomain r = 1..5\nvar i in d\nvar q in r\npred p(d)\n\
                 forall q, i | i = q . p(i)\n";
        assert_eq!(same(m, 1), 3);
        let m = "domain d = {5, 1, 3}\ndomain r = 1..5\nvar i in d\nvar q, k in r\npred p(d)\n\
                 forall q, k, i | i = q or i = k . p(i)\n";
        assert_eq!(same(m, 1), 27);
        // A range below zero, the variable negated and bounded from both sides.
        let m = "domain z = -4..3\nvar i, q in z\npred p(z)\nforall q, i | -i < q and i + q <= 1 . p(i)\n";
        same(m, 1);
    }

    #[test]
    fn shapes_that_do_not_narrow_are_filtered() {
        // Five disjuncts, a disjunct without the variable, a disequality.
        for guard in ["i = 1 or i = 2 or i = 3 or i = 4 or i = q", "i = q or k = 2", "i =/= q"] {
            let m = format!("{HEAD}forall q, k, i | {guard} . p(k, i)\n");
            same(&m, 0);
        }
    }

    #[test]
    fn a_candidate_failing_a_later_guard_is_not_bound() {
        let m = format!("{HEAD}forall q, k, i | (i = q or i = k) and i + k =/= 5 and i < 7 . p(k, i)\n");
        same(&m, 1);
        // Two point sets and bounds meet.
        let m = format!("{HEAD}forall q, k, i | (i = q or i = k) and (i = k or i = 3) and i >= 2 . p(k, i)\n");
        same(&m, 1);
    }

    #[test]
    fn a_variable_bound_later_is_solved_for_at_its_own_level() {
        // The guard names i and q, q bound after i: q's level solves it (q = i + k - 1).
        let m = format!("{HEAD}forall k, i, q | i + k = q + 1 . p(k, i)\n");
        same(&m, 1);
        // Range bounds from both sides, the variable's sign reversed (kakuro's shape).
        let m = format!("{HEAD}forall k, q, i | i > q and i <= q + k and 10 - i >= k . p(k, i)\n");
        same(&m, 1);
    }

    #[test]
    fn terms_the_filter_fails_on_fall_back_to_it() {
        // A division by zero in the other side: the same error as filtering.
        let m = format!("{HEAD}param z = 0\nforall q, i | i = q / z . p(1, i)\n");
        let (n, fast) = bindings(&m, true);
        assert_eq!(n, 1);
        assert!(fast.as_ref().is_err_and(|e| e.contains("division by zero")), "{fast:?}");
        assert_eq!(fast, bindings(&m, false).1);
        // Multiplication is not solved for: the domain is filtered.
        let m = format!("{HEAD}forall q, i | 2 * i = q . p(1, i)\n");
        same(&m, 0);
    }
}
