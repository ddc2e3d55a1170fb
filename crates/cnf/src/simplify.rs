//! Simplification of a formula by its own unit clauses, before it is written: unit propagation
//! to a fixpoint, then every clause a fixed literal satisfies is dropped and every fixed-false
//! literal is struck from the rest, and one unit clause per fixed variable is kept at the end. The
//! variables keep their numbers (atom names, projections and decoders stay valid) and the
//! formula keeps its models exactly (every dropped clause or literal follows from the units kept),
//! so counts over any projection do not change. Clause positions move: [`ClauseMap`] carries a
//! range of old positions (an XOR's clauses) to the new ones.

use crate::{Cnf, Lit};

/// Where the clauses of the formula before [`Cnf::simplify_units`] went.
#[derive(Clone, Debug)]
pub struct ClauseMap {
    /// `kept_before[i]`: how many of the clauses before old clause `i` were kept.
    kept_before: Vec<usize>,
}

impl ClauseMap {
    /// The new positions of the kept clauses among old positions `r` (contiguous, since clauses
    /// keep their order; empty when none of them was kept).
    pub fn range(&self, r: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let at = |i: usize| self.kept_before[i.min(self.kept_before.len() - 1)];
        at(r.start)..at(r.end)
    }
}

/// What [`Cnf::simplify_units`] did.
#[derive(Clone, Debug)]
pub struct Simplified {
    /// Variables fixed by unit propagation.
    pub fixed: usize,
    /// Clauses before and after.
    pub clauses_before: usize,
    /// Clauses after (the unit clauses of the fixed variables included).
    pub clauses_after: usize,
    /// Where old clause positions went.
    pub map: ClauseMap,
}

impl Cnf {
    /// Propagates the unit clauses and simplifies by them (module doc). Returns `None`, leaving
    /// the formula as it is, when no variable is fixed or when propagation meets an empty clause
    /// (the solver then finds there is no model, with the clauses as written).
    pub fn simplify_units(&mut self) -> Option<Simplified> {
        let n = self.num_vars() as usize;
        // value[v]: 0 unknown, 1 true, 2 false.
        let mut value = vec![0u8; n];
        let is_true = |value: &[u8], l: Lit| value[l.var().index()] == if l.is_positive() { 1 } else { 2 };
        let is_false = |value: &[u8], l: Lit| value[l.var().index()] == if l.is_positive() { 2 } else { 1 };
        let clauses: Vec<&[Lit]> = self.clauses().collect();
        // Occurrences by literal code, in one array (the clauses of literal code k are
        // `occurs[start[k]..start[k + 1]]`, in clause order: no vector per literal); free[c]:
        // literals of clause c not yet false.
        let mut start = vec![0usize; 2 * n + 1];
        for l in clauses.iter().copied().flatten() {
            start[l.code() as usize + 1] += 1;
        }
        for k in 0..2 * n {
            start[k + 1] += start[k];
        }
        let mut occurs = vec![0u32; start[2 * n]];
        let mut next = start.clone();
        let mut free: Vec<u32> = Vec::with_capacity(clauses.len());
        let mut queue: Vec<Lit> = Vec::new();
        for (i, c) in clauses.iter().enumerate() {
            for l in *c {
                let at = &mut next[l.code() as usize];
                occurs[*at] = i as u32;
                *at += 1;
            }
            free.push(c.len() as u32);
            match c {
                [] => return None,
                [l] => queue.push(*l),
                _ => {}
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let l = queue[head];
            head += 1;
            if is_true(&value, l) {
                continue;
            }
            if is_false(&value, l) {
                return None;
            }
            value[l.var().index()] = if l.is_positive() { 1 } else { 2 };
            let k = (!l).code() as usize;
            for &c in &occurs[start[k]..start[k + 1]] {
                let c = c as usize;
                free[c] -= 1;
                if free[c] <= 1 && !clauses[c].iter().any(|&x| is_true(&value, x)) {
                    match clauses[c].iter().find(|&&x| !is_false(&value, x)) {
                        Some(&x) => queue.push(x),
                        None => return None,
                    }
                }
            }
        }
        let fixed = value.iter().filter(|&&v| v != 0).count();
        if fixed == 0 {
            return None;
        }
        let mut out = Cnf::new();
        out.new_vars(self.num_vars());
        let mut kept_before = Vec::with_capacity(clauses.len() + 1);
        let mut buf = Vec::new();
        for c in &clauses {
            kept_before.push(out.num_clauses());
            if c.iter().any(|&x| is_true(&value, x)) {
                continue;
            }
            buf.clear();
            buf.extend(c.iter().copied().filter(|&x| !is_false(&value, x)));
            out.add_clause(&buf);
        }
        kept_before.push(out.num_clauses());
        for (i, v) in value.iter().enumerate() {
            if *v != 0 {
                out.add_clause(&[crate::Var::from_index(i).lit(*v == 1)]);
            }
        }
        let before = clauses.len();
        drop(clauses);
        *self = out;
        Some(Simplified {
            fixed,
            clauses_before: before,
            clauses_after: self.num_clauses(),
            map: ClauseMap { kept_before },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cnf(n: u32, clauses: &[&[i32]]) -> Cnf {
        let mut f = Cnf::new();
        f.new_vars(n);
        for c in clauses {
            let c: Vec<Lit> = c.iter().map(|&x| Lit::from_dimacs(x).unwrap()).collect();
            f.add_clause(&c);
        }
        f
    }

    /// Every assignment of `n` variables that satisfies `f`, as bit masks.
    fn models(f: &Cnf, n: u32) -> Vec<u32> {
        (0..1u32 << n)
            .filter(|m| f.clauses().all(|c| c.iter().any(|l| (m >> l.var().index() & 1 == 1) == l.is_positive())))
            .collect()
    }

    #[test]
    fn keeps_the_models_and_drops_what_the_units_decide() {
        // 1; -1 or 2 (so 2); -2 or 3 or 4; 3 or 5 (untouched); 2 or 5 (satisfied).
        let before = cnf(5, &[&[1], &[-1, 2], &[-2, 3, 4], &[3, 5], &[2, 5]]);
        let mut after = before.clone();
        let s = after.simplify_units().expect("units");
        assert_eq!(models(&before, 5), models(&after, 5));
        assert_eq!(s.fixed, 2);
        let got: Vec<Vec<i32>> = after.to_i32_clauses();
        assert_eq!(got, vec![vec![3, 4], vec![3, 5], vec![1], vec![2]]);
        // Old clauses 2..4 (`-2 3 4`, `3 5`) are new 0..2; old 0..2 were all dropped.
        assert_eq!(s.map.range(2..4), 0..2);
        assert_eq!(s.map.range(0..2), 0..0);
        assert_eq!(s.map.range(0..5), 0..2);
    }

    #[test]
    fn leaves_a_formula_without_units_or_with_a_conflict_alone() {
        let mut f = cnf(2, &[&[1, 2], &[-1, -2]]);
        assert!(f.simplify_units().is_none());
        let mut g = cnf(2, &[&[1], &[-1, 2], &[-2]]);
        let copy = g.clone();
        assert!(g.simplify_units().is_none());
        assert_eq!(g, copy);
    }

    #[test]
    fn random_formulas_keep_their_models() {
        let mut seed = 12345u64;
        let mut next = |k: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        for _ in 0..300 {
            let n = 6;
            let mut f = Cnf::new();
            f.new_vars(n);
            for _ in 0..(3 + next(8)) {
                let len = 1 + next(3) as usize;
                let c: Vec<Lit> =
                    (0..len).map(|_| crate::Var::from_index(next(u64::from(n)) as usize).lit(next(2) == 1)).collect();
                f.add_clause(&c);
            }
            let mut g = f.clone();
            if g.simplify_units().is_some() {
                assert_eq!(models(&f, n), models(&g, n), "{:?}", f.to_i32_clauses());
            }
        }
    }
}
