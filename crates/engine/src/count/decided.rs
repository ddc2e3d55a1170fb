//! The engine for a formula whose unit clauses fix every variable (a puzzle decided while
//! grounding, as the line solver decides most nonograms): such a formula has at most one model,
//! the assignment of its units. That assignment is a model exactly when no two units contradict
//! each other and it satisfies every clause, which one pass over the clauses tells; then it is
//! handed over as the one solution (decoded and judged by the family's checker like any other),
//! else the count is 0. No search is built: its construction and first propagation cost more
//! than the whole answer here. `auto` takes this engine only for such formulas
//! ([`crate::count::fixed_by_units`]); the count is exact either way.

use std::time::{Duration, Instant};

use wgrnd_sat::Model;
use wgrnd_seam::{Error, Grounding};

use crate::count::engine::{remaining, OnHit};
use crate::count::{Hit, Limits, Stop};

/// Counts the models of `g`'s formula, whose units fix every variable (the caller knows).
pub(crate) fn count<E>(
    g: &Grounding<E>,
    limits: &Limits,
    start: Instant,
    stop_now: &dyn Fn() -> bool,
    on_hit: &mut OnHit<'_>,
) -> Result<(u64, Stop, Duration), Error> {
    if limits.max == Some(0) {
        return Ok((0, Stop::Bound, start.elapsed()));
    }
    if stop_now() {
        return Ok((0, Stop::Interrupted, start.elapsed()));
    }
    if remaining(limits, start).1 {
        return Ok((0, Stop::Timeout, start.elapsed()));
    }
    let Some(model) = unit_model(g) else {
        return Ok((0, Stop::Exhausted, start.elapsed()));
    };
    let n = on_hit(0, Hit::Search(&model))?.solutions;
    // One model: the search is over (a symmetric one may stand for more solutions than `max`).
    let stop = if limits.max.is_some_and(|m| n >= m) { Stop::Bound } else { Stop::Exhausted };
    Ok((n, stop, start.elapsed()))
}

/// The assignment of the unit clauses when they agree and it satisfies every clause.
fn unit_model<E>(g: &Grounding<E>) -> Option<Model> {
    let mut model = Model::new(g.cnf.num_vars());
    for c in g.cnf.clauses() {
        if let [l] = c {
            match model.value(l.var()) {
                Some(v) if v != l.is_positive() => return None,
                _ => model.set(l.var(), Some(l.is_positive())),
            }
        }
    }
    g.cnf.first_unsatisfied(&model).is_none().then_some(model)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_sat::{Cnf, Lit, Var};

    fn grounding(cnf: Cnf) -> Grounding<()> {
        Grounding {
            cnf,
            header: Vec::new(),
            hash: 0,
            projection: Vec::new(),
            fixed_weight: false,
            ties: Vec::new(),
            symmetries: Vec::new(),
            encoding: (),
            xors: Vec::new(),
            objective: Default::default(),
            groups: Vec::new(),
        }
    }

    /// On random formulas whose units fix every variable (agreeing or not) with random longer
    /// clauses, the unit model is there exactly when a brute force over all assignments finds a
    /// model, and it is that model (the only one).
    #[test]
    fn the_unit_model_is_the_only_model_brute_force_finds() {
        let mut seed = 0x5851_F42D_4C95_7F2Du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut none, mut one) = (0, 0);
        for _ in 0..500 {
            let n = 1 + next(6) as usize;
            let mut cnf = Cnf::new();
            let vars: Vec<Var> = (0..n).map(|_| cnf.new_var()).collect();
            let lit = |v: Var, positive: bool| if positive { v.pos() } else { v.neg() };
            let mut clauses: Vec<Vec<Lit>> = vars.iter().map(|&v| vec![lit(v, next(2) == 0)]).collect();
            // Now and then a contradicting unit, and a few longer clauses.
            if next(5) == 0 {
                let v = vars[next(n as u64) as usize];
                clauses.push(vec![v.pos()]);
                clauses.push(vec![v.neg()]);
            }
            for _ in 0..next(4) {
                let len = 2 + next(3) as usize;
                clauses.push((0..len).map(|_| lit(vars[next(n as u64) as usize], next(2) == 0)).collect());
            }
            for c in &clauses {
                cnf.add_clause(c);
            }
            let models: Vec<Vec<bool>> = (0u32..1 << n)
                .map(|bits| (0..n).map(|i| bits >> i & 1 == 1).collect::<Vec<bool>>())
                .filter(|a| clauses.iter().all(|c| c.iter().any(|l| a[l.var().index()] == l.is_positive())))
                .collect();
            let g = grounding(cnf);
            assert!(crate::count::fixed_by_units(&g.cnf));
            match unit_model(&g) {
                None => {
                    assert!(models.is_empty(), "{clauses:?}");
                    none += 1;
                }
                Some(m) => {
                    assert_eq!(models.len(), 1, "{clauses:?}");
                    let values: Vec<bool> = vars.iter().map(|&v| m.value(v) == Some(true)).collect();
                    assert_eq!(values, models[0]);
                    one += 1;
                }
            }
        }
        assert!(none > 50 && one > 50, "{none} without a model, {one} with one");
    }
}
