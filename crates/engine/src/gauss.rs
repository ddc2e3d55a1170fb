//! The parity engine (issue #25): when a grounding is closed parity — every clause of its CNF
//! belongs to one of its [`Xor`]s or is a unit — the formula is a linear system over GF(2), and
//! Gauss elimination answers it: with `f` free shown columns a consistent system has exactly `2^f`
//! solutions projected on the shown atoms, an inconsistent one none.
//!
//! The elimination itself is wgrnd-core's `gf2` (banded bitset rows, elimination by leading
//! column), shared with the grounder's elimination of the linear part of a mixed system.
//!
//! Projection: the hidden variables (auxiliaries of the cut-up XORs, any variable not shown) are
//! the first columns. A hidden column that ends free is a direction of the solution space that
//! changes no shown atom, so the count over the shown atoms is `2^(free shown columns)`: every
//! assignment of the free shown columns (free hidden ones set false) gives one solution and
//! distinct assignments give distinct projections. Solutions are produced by back substitution
//! from the last pivot to the first and handed to the checker like any engine's.

use std::time::Instant;

use wgrnd_sat::gf2::{Echelon, Take};
use wgrnd_sat::{Model, Var};
use wgrnd_seam::pipeline::{checked_decode, Answer, Times};
use wgrnd_seam::{Error, Grounding, Xor};

use crate::count::{Hit, Limits, Stop};

/// A closed parity system, eliminated (wgrnd-core's `gf2`).
pub struct Parity {
    e: Echelon,
    num_vars: u32,
}

impl Parity {
    /// The system of `g`, eliminated, when every clause of its CNF is a unit or belongs to one
    /// of its XORs; otherwise `None`.
    pub fn of<E>(g: &Grounding<E>) -> Option<Parity> {
        if g.xors.is_empty() {
            return None;
        }
        Self::new(&g.cnf, &g.xors, &g.projection)
    }

    fn new(cnf: &wgrnd_sat::Cnf, xors: &[Xor], projection: &[Var]) -> Option<Parity> {
        let e = Echelon::new(cnf, xors, projection, Take::Closed)?;
        Some(Parity { e, num_vars: cnf.num_vars() })
    }

    /// The number of solutions as a power of two (`Some(f)`: `2^f`), `None` when there is none.
    pub fn free(&self) -> Option<usize> {
        self.e.consistent.then_some(self.e.free_shown.len())
    }

    /// The solution for the `k`-th assignment of the free shown columns (bit `i` of `k` for the
    /// `i`-th of them; columns past 64 stay false), as a full model.
    pub fn solution(&self, k: u64, model: &mut Model) {
        let e = &self.e;
        let h = e.hidden;
        let mut x = [vec![0u64; h.div_ceil(64) + 1], vec![0u64; (e.vars.len() - h).div_ceil(64) + 1]];
        let set = |x: &mut [Vec<u64>; 2], c: usize| {
            let (part, c) = if c < h { (0, c) } else { (1, c - h) };
            x[part][c / 64] |= 1 << (c % 64);
        };
        for (i, &c) in e.free_shown.iter().enumerate().take(64) {
            if k >> i & 1 == 1 {
                set(&mut x, c);
            }
        }
        for row in e.pivots.iter().rev() {
            let Some(c) = row.first(h) else { continue };
            // The pivot's own bit is still clear in x: the dot product is over the later columns.
            if row.dot(&x) != row.rhs() {
                set(&mut x, c);
            }
        }
        *model = Model::new(self.num_vars);
        for (c, v) in e.vars.iter().enumerate() {
            let (part, c) = if c < h { (0, c) } else { (1, c - h) };
            model.set(*v, Some(x[part][c / 64] >> (c % 64) & 1 == 1));
        }
    }
}

/// Counts a closed parity system: each solution is handed to `on_hit` (which checks it), up to
/// the limits.
pub(crate) fn count(
    p: &Parity,
    limits: &Limits,
    start: Instant,
    stop_now: &dyn Fn() -> bool,
    on_hit: &mut dyn FnMut(u64, Hit<'_>) -> Result<crate::count::Found, Error>,
) -> Result<(u64, Stop, std::time::Duration), Error> {
    let Some(free) = p.free() else { return Ok((0, Stop::Exhausted, start.elapsed())) };
    let total: Option<u64> = (free < 64).then(|| 1u64 << free);
    let mut model = Model::new(p.num_vars);
    let mut n = 0u64;
    let mut k = 0u64;
    let stop = loop {
        if total.is_some_and(|t| k >= t) {
            break Stop::Exhausted;
        }
        if limits.max.is_some_and(|m| n >= m) {
            break Stop::Bound;
        }
        if stop_now() {
            break Stop::Interrupted;
        }
        if limits.timeout.is_some_and(|t| start.elapsed() >= t) {
            break Stop::Timeout;
        }
        p.solution(k, &mut model);
        n += on_hit(n, Hit::Model(&model))?.solutions;
        k += 1;
    };
    Ok((n, stop, start.elapsed()))
}

/// A solution of a closed parity system (the first of [`Parity::solution`]), checked against the
/// CNF and by the family's checker like a solver's model. Shared by the command line's `solve`
/// and the Python module.
pub fn solve<F: wgrnd_seam::Family>(
    f: &F,
    g: &Grounding<F::Encoding>,
    p: &Parity,
) -> Result<(Answer<F::Solution>, Times), Error> {
    let started = Instant::now();
    if p.free().is_none() {
        let solving = started.elapsed();
        return Ok((Answer::NoSolution, Times { solving, checking: std::time::Duration::ZERO }));
    }
    let mut model = Model::new(g.cnf.num_vars());
    p.solution(0, &mut model);
    let solving = started.elapsed();
    g.check_model(&model).map_err(|e| Error::EncodingBug(format!("the parity engine's model: {e}")))?;
    let answer = Answer::Solved(checked_decode(f, g, &model)?);
    Ok((answer, Times { solving, checking: started.elapsed() - solving }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_sat::Cnf;

    /// All assignments of `n` variables that satisfy every equation, counted by brute force.
    fn brute(n: usize, eqs: &[(Vec<usize>, bool)]) -> u64 {
        (0u32..1 << n)
            .filter(|a| eqs.iter().all(|(vs, rhs)| (vs.iter().filter(|&&v| a >> v & 1 == 1).count() % 2 == 1) == *rhs))
            .count() as u64
    }

    #[test]
    fn counts_equal_brute_force_on_random_systems() {
        let mut seed = 0x1234_5678_u64;
        let mut next = |m: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % m
        };
        for _ in 0..300 {
            let n = 1 + next(10) as usize;
            let m = next(12) as usize;
            let mut eqs = Vec::new();
            let mut xors = Vec::new();
            let mut cnf = Cnf::new();
            let vars: Vec<Var> = (0..n).map(|_| cnf.new_var()).collect();
            for _ in 0..m {
                let mut vs: Vec<usize> = (0..n).filter(|_| next(3) == 0).collect();
                vs.dedup();
                let rhs = next(2) == 1;
                xors.push(Xor { vars: vs.iter().map(|&v| vars[v]).collect(), rhs, clauses: 0..0 });
                eqs.push((vs, rhs));
            }
            let p = Parity::new(&cnf, &xors, &vars).expect("closed");
            let want = brute(n, &eqs);
            let got = p.free().map_or(0, |f| 1u64 << f);
            assert_eq!(got, want, "{eqs:?}");
            // Every solution produced satisfies the system, and they are distinct.
            let mut seen = std::collections::HashSet::new();
            let mut model = Model::new(n as u32);
            for k in 0..got {
                p.solution(k, &mut model);
                let a: u32 = (0..n).filter(|&i| model.value(vars[i]) == Some(true)).map(|i| 1 << i).sum();
                assert!(eqs.iter().all(|(vs, rhs)| (vs.iter().filter(|&&v| a >> v & 1 == 1).count() % 2 == 1) == *rhs));
                assert!(seen.insert(a));
            }
        }
    }

    #[test]
    fn hidden_variables_are_projected_away() {
        // a + b + h = 0 with h hidden: 4 solutions over a, b (h follows); g hidden and free.
        let mut cnf = Cnf::new();
        let (a, b, h, g) = (cnf.new_var(), cnf.new_var(), cnf.new_var(), cnf.new_var());
        let xors =
            [Xor { vars: vec![a, b, h], rhs: false, clauses: 0..0 }, Xor { vars: vec![g], rhs: false, clauses: 0..0 }];
        let p = Parity::new(&cnf, &xors[..1], &[a, b]).expect("closed");
        assert_eq!(p.free(), Some(2));
        let p = Parity::new(&cnf, &xors, &[a, b]).expect("closed");
        assert_eq!(p.free(), Some(2));
        let mut seen = std::collections::HashSet::new();
        let mut model = Model::new(4);
        for k in 0..4 {
            p.solution(k, &mut model);
            let v = |x: Var| model.value(x) == Some(true);
            assert_eq!(v(a) ^ v(b), v(h));
            assert!(seen.insert((v(a), v(b))));
        }
    }

    #[test]
    fn a_clause_outside_the_xors_makes_the_system_open() {
        let mut cnf = Cnf::new();
        let (a, b) = (cnf.new_var(), cnf.new_var());
        cnf.add_clause(&[a.pos(), b.pos()]);
        let xors = [Xor { vars: vec![a, b], rhs: true, clauses: 0..0 }];
        assert!(Parity::new(&cnf, &xors, &[a, b]).is_none());
    }
}
