//! Our variables as an in-process solver numbers them, when the solver decides the formula's
//! constraints kept whole natively (connectivity, region division). Those constraints reserve
//! auxiliary variables for their written-out clauses (quadratic in the nodes for connectivity:
//! 46,000 on a 10 x 10 masyu; cubic in the cells for a division), which such a solver
//! never sees in a clause. A solver decides every variable it has, so handing them over would
//! cost as many decisions (each a round of the propagator) on every model it finds; they are
//! left out instead, and the variables it does get are numbered from 1 without gaps. A
//! constraint whose clauses must be written after all (a clause named one of its auxiliary
//! variables) gets numbers for them then, after the others.

use std::ops::Range;

use crate::{Lit, Var};

/// Which of the solver's variables (from 1) each of ours is, and back; which constraints' auxiliary
/// variables are still left out.
#[derive(Clone, Debug)]
pub(crate) struct Numbering {
    /// How many variables we have.
    vars: u32,
    /// The solver's variable of each of ours (by index), as far as the highest handed over; 0:
    /// not handed over. It ends before the left-out variables (reserved last) until one above
    /// them is handed over (a backbone's activation literal), and then grows as zeroed memory
    /// whose pages over them are never touched: a session clones it for its propagator.
    solver: Vec<u32>,
    /// The highest of ours handed over ([`Numbering::handed_extent`]).
    top: u32,
    /// Our variable of each of the solver's (by the solver's number minus 1).
    ours: Vec<Var>,
    /// Each constraint's auxiliary variables (by the constraint's index), while left out.
    left_out: Vec<Option<Range<usize>>>,
}

impl Numbering {
    /// Our variables `1..=num_vars`, all handed over but the auxiliary ones of each constraint
    /// (`aux`, by constraint).
    pub(crate) fn new(num_vars: u32, aux: Vec<Range<usize>>) -> Self {
        let mut n = Numbering { vars: num_vars, solver: Vec::new(), top: 0, ours: Vec::new(), left_out: Vec::new() };
        // Every variable outside the ranges, in order (the end of ours closes the last gap).
        let mut skipped = aux.clone();
        skipped.sort_unstable_by_key(|r| r.start);
        skipped.push(num_vars as usize..num_vars as usize);
        let mut next = 0;
        for r in &skipped {
            for i in next..r.start.min(num_vars as usize).max(next) {
                n.hand_over(Var::from_index(i));
            }
            next = next.max(r.end);
        }
        n.left_out = aux.into_iter().map(Some).collect();
        n
    }

    /// How many variables we have: the highest named so far.
    pub(crate) fn our_vars(&self) -> u32 {
        self.vars
    }

    /// The highest of ours handed over: a model of the solver's needs go no further (what
    /// lies above is left out, the constraints' auxiliary variables reserved last).
    pub(crate) fn handed_extent(&self) -> u32 {
        self.top
    }

    /// How many variables the solver has.
    pub(crate) fn solver_vars(&self) -> u32 {
        self.ours.len() as u32
    }

    /// A fresh variable of ours, above every one named so far, handed over.
    pub(crate) fn fresh(&mut self) -> Var {
        let v = Var::from_index(self.vars as usize);
        self.hand_over(v);
        v
    }

    /// Hands over every variable `lits` name (one above ours becomes ours). Returns the
    /// constraints one of whose left-out variables they name: all of theirs are handed over now,
    /// and their clauses are the caller's to give the solver, for a clause or an assumption over
    /// them needs their definitions.
    pub(crate) fn take(&mut self, lits: &[Lit]) -> Vec<usize> {
        let mut named = Vec::new();
        // Most clauses name only variables handed over already (a left-out one has no number).
        if lits.iter().all(|l| self.number(l.var()) != 0) {
            return named;
        }
        for k in 0..self.left_out.len() {
            let Some(aux) = self.left_out[k].clone() else { continue };
            if lits.iter().any(|l| aux.contains(&l.var().index())) {
                self.left_out[k] = None;
                for i in aux {
                    self.hand_over(Var::from_index(i));
                }
                named.push(k);
            }
        }
        for l in lits {
            self.hand_over(l.var());
        }
        named
    }

    /// Gives `v` a number of the solver's, unless it has one.
    fn hand_over(&mut self, v: Var) {
        self.vars = self.vars.max(v.get());
        if self.number(v) != 0 {
            return;
        }
        self.ours.push(v);
        if self.solver.len() <= v.index() {
            // A fresh zeroed array refilled from `ours`: growing in place would write zeros over
            // the left-out gap, and a copy would read it.
            let mut grown = vec![0; (v.index() + 1).max(2 * self.solver.len())];
            for (k, w) in self.ours.iter().enumerate() {
                grown[w.index()] = k as u32 + 1;
            }
            self.solver = grown;
        }
        self.solver[v.index()] = self.ours.len() as u32;
        self.top = self.top.max(v.get());
    }

    /// The solver's variable of `v`, 0 when not handed over.
    fn number(&self, v: Var) -> u32 {
        self.solver.get(v.index()).copied().unwrap_or(0)
    }

    /// The solver's literal (DIMACS) of `l`, if its variable was handed over.
    pub(crate) fn solver_lit(&self, l: Lit) -> Option<i32> {
        let v = self.number(l.var());
        if v == 0 {
            return None;
        }
        let v = v as i32;
        Some(if l.is_positive() { v } else { -v })
    }

    /// Our literal of the solver's literal `d` (DIMACS), if the solver has that variable.
    #[cfg(any(feature = "cadical", test))]
    pub(crate) fn our_lit(&self, d: i32) -> Option<Lit> {
        let v = *self.ours.get((d.unsigned_abs() as usize).checked_sub(1)?)?;
        Some(v.lit(d > 0))
    }

    /// Our variable of each of the solver's, in the solver's order.
    pub(crate) fn ours(&self) -> &[Var] {
        &self.ours
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_left_out_variables_get_numbers_last_and_only_when_named() {
        // Ours 1..=8; constraint 0 left out 3..=5 (indices 2..5), constraint 1 none.
        let mut n = Numbering::new(8, vec![2..5, 7..7]);
        assert_eq!((n.our_vars(), n.solver_vars()), (8, 5));
        let lit = |d: i32| Lit::from_dimacs(d).unwrap();
        assert_eq!([1, -2, 6, -8].map(|d| n.solver_lit(lit(d))), [Some(1), Some(-2), Some(3), Some(-5)]);
        assert_eq!(n.solver_lit(lit(4)), None);
        assert_eq!([3, -5].map(|d| n.our_lit(d)), [Some(lit(6)), Some(lit(-8))]);
        assert_eq!(n.our_lit(6), None);
        // Named: the whole constraint is handed over after the others, once.
        assert_eq!(n.take(&[lit(1), lit(-4)]), vec![0]);
        assert_eq!([3, 4, 5].map(|d| n.solver_lit(lit(d))), [Some(6), Some(7), Some(8)]);
        assert_eq!(n.our_lit(-7), Some(lit(-4)));
        assert_eq!(n.take(&[lit(4)]), Vec::<usize>::new());
        // A variable above ours becomes ours; a fresh one comes after it.
        assert!(n.take(&[lit(10)]).is_empty());
        assert_eq!((n.our_vars(), n.solver_lit(lit(10))), (10, Some(9)));
        assert_eq!(n.fresh(), Var::from_index(10));
        assert_eq!((n.our_vars(), n.solver_vars(), n.ours().len()), (11, 10, 10));
    }
}
