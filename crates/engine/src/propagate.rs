//! Unit propagation over a [`Cnf`], with a trail that can be undone: what the cube splitter's
//! lookahead needs (assign a literal, see how much follows or whether a conflict does, take it
//! back). Two watched literals per clause, as in every CDCL solver; no learning.

use wgrnd_sat::{Cnf, Lit, Var};

/// A partial assignment kept closed under unit propagation.
pub struct Propagator {
    clauses: Vec<Vec<Lit>>,
    /// Clauses watching each literal, indexed by [`Lit::code`].
    watches: Vec<Vec<u32>>,
    /// Value per variable (by [`Var::index`]): 0 unassigned, 1 true, -1 false.
    value: Vec<i8>,
    trail: Vec<Lit>,
    /// Literals of unit clauses: asserted at the root.
    units: Vec<Lit>,
    /// Whether the formula holds the empty clause.
    empty_clause: bool,
}

impl Propagator {
    /// Loads the clauses; [`Propagator::root`] then propagates the unit clauses.
    pub fn new(cnf: &Cnf) -> Self {
        let n = cnf.num_vars() as usize;
        let mut p = Propagator {
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * n],
            value: vec![0; n],
            trail: Vec::new(),
            units: Vec::new(),
            empty_clause: false,
        };
        for clause in cnf.clauses() {
            let mut c: Vec<Lit> = clause.to_vec();
            c.sort_unstable_by_key(|l| (l.var(), l.to_dimacs()));
            c.dedup();
            if c.windows(2).any(|w| w[0] == !w[1]) {
                continue; // a tautology
            }
            match c.len() {
                0 => p.empty_clause = true,
                1 => p.units.push(c[0]),
                _ => {
                    let id = p.clauses.len() as u32;
                    p.watches[c[0].code() as usize].push(id);
                    p.watches[c[1].code() as usize].push(id);
                    p.clauses.push(c);
                }
            }
        }
        p
    }

    /// Asserts the unit clauses; `false` when the formula is refuted by propagation alone.
    pub fn root(&mut self) -> bool {
        if self.empty_clause {
            return false;
        }
        let units = std::mem::take(&mut self.units);
        let ok = units.iter().all(|&u| self.assign(u));
        self.units = units;
        ok
    }

    /// The value of a variable: `Some(true)`, `Some(false)` or unassigned.
    pub fn value(&self, var: Var) -> Option<bool> {
        match self.value[var.index()] {
            0 => None,
            v => Some(v > 0),
        }
    }

    /// How many variables are assigned.
    pub fn assigned(&self) -> usize {
        self.trail.len()
    }

    /// Assigns `lit` and propagates; `false` on a conflict (the assignment is then partial: undo
    /// it with [`Propagator::undo_to`]).
    pub fn assign(&mut self, lit: Lit) -> bool {
        match lit_value(&self.value, lit) {
            1 => return true,
            -1 => return false,
            _ => {}
        }
        let mut head = self.trail.len();
        self.set(lit);
        while head < self.trail.len() {
            let falsified = !self.trail[head];
            head += 1;
            let slot = falsified.code() as usize;
            let mut watching = std::mem::take(&mut self.watches[slot]);
            let mut i = 0;
            let mut ok = true;
            while i < watching.len() {
                let id = watching[i] as usize;
                let clause = &mut self.clauses[id];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                // clause[1] is the falsified watch; clause[0] the other one.
                let other = clause[0];
                if lit_value(&self.value, other) == 1 {
                    i += 1;
                    continue;
                }
                if let Some(k) = (2..clause.len()).find(|&k| lit_value(&self.value, clause[k]) != -1) {
                    clause.swap(1, k);
                    let new_watch = clause[1];
                    self.watches[new_watch.code() as usize].push(id as u32);
                    watching.swap_remove(i);
                    continue;
                }
                i += 1;
                match lit_value(&self.value, other) {
                    0 => self.set(other),
                    -1 => {
                        ok = false;
                        break;
                    }
                    _ => {}
                }
            }
            // Put the watch list back, with anything added to it meanwhile.
            let added = std::mem::replace(&mut self.watches[slot], watching);
            self.watches[slot].extend(added);
            if !ok {
                return false;
            }
        }
        true
    }

    fn set(&mut self, lit: Lit) {
        self.value[lit.var().index()] = if lit.is_positive() { 1 } else { -1 };
        self.trail.push(lit);
    }

    /// Takes back every assignment after the first `len`.
    pub fn undo_to(&mut self, len: usize) {
        for lit in self.trail.drain(len..) {
            self.value[lit.var().index()] = 0;
        }
    }
}

/// The value of a literal under `value` (per variable): 1 true, -1 false, 0 unassigned.
fn lit_value(value: &[i8], lit: Lit) -> i8 {
    let v = value[lit.var().index()];
    if lit.is_positive() {
        v
    } else {
        -v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn propagates_conflicts_and_undoes() {
        let mut cnf = Cnf::new();
        let v: Vec<_> = (0..4).map(|_| cnf.new_var()).collect();
        cnf.add_clause(&[v[0].neg(), v[1].pos()]);
        cnf.add_clause(&[v[1].neg(), v[2].pos(), v[3].pos()]);
        cnf.add_clause(&[v[1].neg(), v[2].neg()]);
        let mut p = Propagator::new(&cnf);
        assert!(p.root());
        assert!(p.assign(v[0].pos()));
        assert_eq!((p.value(v[1]), p.value(v[2]), p.value(v[3])), (Some(true), Some(false), Some(true)));
        p.undo_to(0);
        assert_eq!(p.value(v[1]), None);
        assert!(p.assign(v[3].neg()));
        assert!(!p.assign(v[0].pos()), "1 forces 2, 2 forces -3 and then 4, which is false");
        p.undo_to(0);
        assert!(p.assign(v[0].pos()));
    }
}
