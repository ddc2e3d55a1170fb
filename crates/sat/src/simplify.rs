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
        self.changed();
        let n = self.num_vars() as usize;
        let clauses = self.ends.len();
        // The unit clauses first: a formula without one (or with an empty clause) is left alone
        // before any occurrence list is built.
        let mut queue: Vec<Lit> = Vec::new();
        let mut from = 0;
        for &end in &self.ends {
            match end - from {
                0 => return None,
                1 => queue.push(self.lits[from]),
                _ => {}
            }
            from = end;
        }
        if queue.is_empty() {
            return None;
        }
        // value[code]: 0 unknown, 1 true, 2 false, by literal code (both of a variable's codes
        // are set together): one load per test.
        let mut value = vec![0u8; 2 * n];
        // Occurrences by literal code, in one array (the clauses of literal code k are
        // `occurs[start[k]..start[k + 1]]`, in clause order: no vector per literal), filled
        // backwards so that `start` ends as the lists' starts without a second array; free[c]:
        // literals of clause c not yet false.
        debug_assert!(u32::try_from(self.lits.len()).is_ok(), "occurrences are indexed by u32");
        let mut start = vec![0u32; 2 * n + 1];
        for l in &self.lits {
            start[l.code() as usize] += 1;
        }
        let mut total = 0;
        for s in &mut start {
            total += *s;
            *s = total;
        }
        let mut occurs = vec![0u32; self.lits.len()];
        let mut free = vec![0u32; clauses];
        let mut end = self.lits.len();
        for i in (0..clauses).rev() {
            let from = if i == 0 { 0 } else { self.ends[i - 1] };
            free[i] = (end - from) as u32;
            for l in &self.lits[from..end] {
                let at = &mut start[l.code() as usize];
                *at -= 1;
                occurs[*at as usize] = i as u32;
            }
            end = from;
        }
        // state[c]: 0 untouched by the units (kept as it is), 1 a literal struck, 2 satisfied.
        let mut state = vec![0u8; clauses];
        let mut head = 0;
        let mut fixed = 0;
        while head < queue.len() {
            let l = queue[head];
            head += 1;
            match value[l.code() as usize] {
                1 => continue,
                2 => return None,
                _ => {}
            }
            let k = l.code() as usize;
            value[k] = 1;
            value[k ^ 1] = 2;
            fixed += 1;
            for &c in &occurs[start[k] as usize..start[k + 1] as usize] {
                state[c as usize] = 2;
            }
            for &c in &occurs[start[k ^ 1] as usize..start[(k ^ 1) + 1] as usize] {
                let c = c as usize;
                free[c] -= 1;
                if state[c] == 2 {
                    continue;
                }
                state[c] = 1;
                if free[c] <= 1 {
                    let from = if c == 0 { 0 } else { self.ends[c - 1] };
                    match self.lits[from..self.ends[c]].iter().find(|x| value[x.code() as usize] != 2) {
                        Some(&x) => queue.push(x),
                        None => return None,
                    }
                }
            }
        }
        // In place: the kept clauses and literals move down (never up), then one unit clause per
        // fixed variable; no second formula is built. A run of untouched clauses moves in one
        // copy, by the number of literals dropped before it.
        let mut kept_before = Vec::with_capacity(clauses + 1);
        let (mut kept, mut from, mut shift, mut run) = (0, 0, 0, 0);
        for (i, &touched) in state.iter().enumerate() {
            kept_before.push(kept);
            let end = self.ends[i];
            if touched == 0 {
                self.ends[kept] = end - shift;
                kept += 1;
            } else {
                if shift > 0 {
                    self.lits.copy_within(run..from, run - shift);
                }
                let mut w = from - shift;
                if touched == 1 {
                    for j in from..end {
                        let x = self.lits[j];
                        if value[x.code() as usize] == 0 {
                            self.lits[w] = x;
                            w += 1;
                        }
                    }
                    self.ends[kept] = w;
                    kept += 1;
                }
                shift = end - w;
                run = end;
            }
            from = end;
        }
        if shift > 0 {
            self.lits.copy_within(run..from, run - shift);
        }
        let w = from - shift;
        kept_before.push(kept);
        self.lits.truncate(w);
        self.ends.truncate(kept);
        for v in 0..n {
            let l = crate::Var::from_index(v).pos();
            match value[l.code() as usize] {
                1 => self.add_clause(&[l]),
                2 => self.add_clause(&[!l]),
                _ => {}
            }
        }
        Some(Simplified {
            fixed,
            clauses_before: clauses,
            clauses_after: self.num_own_clauses(),
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

    /// Numbers below `k` from a linear congruential generator started at `seed`.
    fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |k| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % k
        }
    }

    /// `clauses` random clauses over `n` variables, each of 1 to `longest` literals.
    fn random_formula(next: &mut impl FnMut(u64) -> u64, n: u32, clauses: u64, longest: u64) -> Cnf {
        let mut f = Cnf::new();
        f.new_vars(n);
        for _ in 0..clauses {
            let len = 1 + next(longest) as usize;
            let c: Vec<Lit> =
                (0..len).map(|_| crate::Var::from_index(next(u64::from(n)) as usize).lit(next(2) == 1)).collect();
            f.add_clause(&c);
        }
        f
    }

    #[test]
    fn random_formulas_keep_their_models() {
        let mut next = numbers(12345);
        for _ in 0..2000 {
            let n = 6;
            let clauses = 3 + next(8);
            let f = random_formula(&mut next, n, clauses, 3);
            let mut g = f.clone();
            let simplified = g.simplify_units();
            assert_eq!(simplified.is_some(), reference(&f).is_some(), "{:?}", f.to_i32_clauses());
            if let Some(s) = simplified {
                assert_eq!(models(&f, n), models(&g, n), "{:?}", f.to_i32_clauses());
                // Exactly the clauses, in the order, that the plain definition gives.
                let want = reference(&f);
                assert_eq!(Some(g.to_i32_clauses()), want, "{:?}", f.to_i32_clauses());
                let kept = want.map_or(0, |w| w.len());
                assert_eq!((s.clauses_before, s.clauses_after), (f.num_clauses(), kept));
            }
        }
    }

    /// Longer clauses over more variables, repeated literals and long chains of units
    /// included: exactly the clauses the definition gives, or the formula left alone where it
    /// leaves it alone.
    #[test]
    fn random_longer_formulas_simplify_as_the_definition_says() {
        let mut next = numbers(4242);
        let mut simplified = 0;
        for _ in 0..3000 {
            let n = 3 + next(12) as u32;
            let clauses = 2 + next(3 * u64::from(n));
            let longest = if next(4) == 0 { 6 } else { 3 };
            let f = random_formula(&mut next, n, clauses, longest);
            let mut g = f.clone();
            let got = g.simplify_units().map(|_| g.to_i32_clauses());
            assert_eq!(got, reference(&f), "{:?}", f.to_i32_clauses());
            simplified += usize::from(got.is_some());
        }
        assert!(simplified > 500, "{simplified} formulas simplified");
    }

    /// The module doc's definition written plainly: propagate by passes over every clause until
    /// nothing changes, then strike and drop in order and append the units by variable; `None`
    /// where the formula is left alone.
    fn reference(f: &Cnf) -> Option<Vec<Vec<i32>>> {
        let mut value: Vec<Option<bool>> = vec![None; f.num_vars() as usize];
        let truth = |value: &[Option<bool>], l: Lit| value[l.var().index()].map(|v| v == l.is_positive());
        loop {
            let mut changed = false;
            for c in f.clauses() {
                if c.iter().any(|&l| truth(&value, l) == Some(true)) {
                    continue;
                }
                let open: Vec<Lit> = c.iter().copied().filter(|&l| truth(&value, l).is_none()).collect();
                match open.as_slice() {
                    [] => return None,
                    [l] => {
                        value[l.var().index()] = Some(l.is_positive());
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        if value.iter().all(|v| v.is_none()) {
            return None;
        }
        let mut out: Vec<Vec<i32>> = f
            .clauses()
            .filter(|c| !c.iter().any(|&l| truth(&value, l) == Some(true)))
            .map(|c| c.iter().filter(|&&l| truth(&value, l).is_none()).map(|l| l.to_dimacs()).collect())
            .collect();
        for (i, v) in value.iter().enumerate() {
            if let Some(b) = v {
                out.push(vec![if *b { i as i32 + 1 } else { -(i as i32 + 1) }]);
            }
        }
        Some(out)
    }
}
