//! Our variables as an in-process solver numbers them, when the solver decides the formula's
//! connectivity constraints natively. Those constraints reserve auxiliary variables for their
//! written-out clauses (quadratic in the nodes: 46,000 on a 10 x 10 masyu), which such a solver
//! never sees in a clause. A solver decides every variable it has, so handing them over would
//! cost as many decisions (each a round of the propagator) on every model it finds; they are
//! left out instead, and the variables it does get are numbered from 1 without gaps. A
//! constraint whose clauses must be written after all (a clause named one of its auxiliary
//! variables) gets numbers for them then, after the others.

use std::ops::Range;

use crate::{Lit, Var};

/// Which of the solver's variables (from 1) each of ours is, and back.
#[derive(Clone, Debug)]
pub(crate) struct Numbering {
    /// The solver's variable of each of ours (by index); 0: not handed over.
    solver: Vec<u32>,
    /// Our variable of each of the solver's (by the solver's number minus 1).
    ours: Vec<Var>,
}

impl Numbering {
    /// Our variables `1..=num_vars` but those in `left_out`.
    pub(crate) fn new(num_vars: u32, left_out: &[Range<usize>]) -> Self {
        let mut n = Numbering { solver: vec![0; num_vars as usize], ours: Vec::new() };
        for i in 0..num_vars as usize {
            if !left_out.iter().any(|r| r.contains(&i)) {
                n.hand_over(Var::from_index(i));
            }
        }
        n
    }

    /// How many variables the solver has.
    pub(crate) fn solver_vars(&self) -> u32 {
        self.ours.len() as u32
    }

    /// Gives `v` a number of the solver's, unless it has one; returns it.
    pub(crate) fn hand_over(&mut self, v: Var) -> u32 {
        if self.solver.len() <= v.index() {
            self.solver.resize(v.index() + 1, 0);
        }
        if self.solver[v.index()] == 0 {
            self.ours.push(v);
            self.solver[v.index()] = self.ours.len() as u32;
        }
        self.solver[v.index()]
    }

    /// The solver's literal (DIMACS) of `l`, if its variable was handed over.
    pub(crate) fn solver_lit(&self, l: Lit) -> Option<i32> {
        let v = *self.solver.get(l.var().index()).filter(|&&v| v != 0)? as i32;
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
    fn the_left_out_variables_get_numbers_last_and_only_when_asked() {
        // Ours 1..=8, with 3..=5 (indices 2..5) left out; a constraint without any.
        let mut n = Numbering::new(8, &[2..5, 7..7]);
        assert_eq!(n.solver_vars(), 5);
        let lit = |d: i32| Lit::from_dimacs(d).unwrap();
        assert_eq!([1, -2, 6, -8].map(|d| n.solver_lit(lit(d))), [Some(1), Some(-2), Some(3), Some(-5)]);
        assert_eq!(n.solver_lit(lit(4)), None);
        assert_eq!([3, -5].map(|d| n.our_lit(d)), [Some(lit(6)), Some(lit(-8))]);
        assert_eq!(n.our_lit(6), None);
        // Handed over later: numbered after the others, once.
        assert_eq!(n.hand_over(Var::from_index(3)), 6);
        assert_eq!(n.hand_over(Var::from_index(3)), 6);
        assert_eq!(n.solver_lit(lit(-4)), Some(-6));
        assert_eq!(n.our_lit(-6), Some(lit(-4)));
        // A variable beyond ours (a session's fresh one).
        assert_eq!(n.hand_over(Var::from_index(8)), 7);
        assert_eq!(n.ours().len(), 7);
    }
}
