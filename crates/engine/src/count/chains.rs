//! The shape of an objective level in its formula: literals fixed by unit clauses, and chains.
//! A chain is a run of cost literals `l_1, ..., l_k` where each implies the one before
//! (`l_(j+1) -> l_j`, a binary clause of the formula), as an integer's order view makes them
//! (`x >= v + 1 -> x >= v`). The true literals of a chain are always a prefix, so a chain is a
//! unary number already: "the chain costs at least its j-th prefix sum" is `l_j` itself, exactly.
//! The totalizer takes a chain as one leaf with an output per literal and no clause (`gte.rs`),
//! and minimising one integer (Golomb's `minimize x(m)`) needs no totalizer at all: the bound
//! "at most b" is one literal.

use std::collections::HashMap;

use wgrnd_sat::{Cnf, Lit};

/// A level's weighted literals as the formula constrains them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The weight of the literals a unit clause makes true: paid by every model.
    pub fixed: u64,
    /// The other literals (those a unit clause makes false left out), in chains: each literal
    /// is implied by the next through a binary clause; a literal in no run is a chain of one.
    pub chains: Vec<Vec<(u64, Lit)>>,
}

impl Shape {
    /// The shape of `terms` (weighted literals, each paid when true) in `cnf`.
    pub(crate) fn of(cnf: &Cnf, terms: &[(u64, Lit)]) -> Shape {
        let index: HashMap<Lit, usize> = terms.iter().enumerate().map(|(i, &(_, l))| (l, i)).collect();
        let n = terms.len();
        let mut unit = vec![None; n];
        // below[a] = b: the chain goes b, a (a implies b); above is its inverse.
        let mut below = vec![usize::MAX; n];
        let mut above = vec![usize::MAX; n];
        // The run each literal is in (union-find), so that no run closes into a cycle.
        let mut run: Vec<usize> = (0..n).collect();
        fn find(run: &mut [usize], mut x: usize) -> usize {
            while run[x] != x {
                run[x] = run[run[x]];
                x = run[x];
            }
            x
        }
        // The formula's own clauses: fewer clauses only make fewer units and chains known, and
        // those of its constraints kept whole (connectivity, region division), over their own
        // auxiliary atoms, are never written for a solver that decides them natively.
        for c in cnf.own_clauses() {
            match *c {
                [l] => {
                    if let Some(&i) = index.get(&l) {
                        unit[i] = Some(true);
                    } else if let Some(&i) = index.get(&!l) {
                        unit[i] = Some(false);
                    }
                }
                [x, y] => {
                    // The clause `x or y`: `not x -> y` and `not y -> x`.
                    for (p, q) in [(x, y), (y, x)] {
                        let (Some(&a), Some(&b)) = (index.get(&!p), index.get(&q)) else { continue };
                        if a == b || below[a] != usize::MAX || above[b] != usize::MAX {
                            continue;
                        }
                        let (ra, rb) = (find(&mut run, a), find(&mut run, b));
                        if ra != rb {
                            run[ra] = rb;
                            below[a] = b;
                            above[b] = a;
                        }
                    }
                }
                _ => {}
            }
        }
        let mut shape = Shape::default();
        for start in (0..n).filter(|&i| below[i] == usize::MAX) {
            let mut chain = Vec::new();
            let mut j = start;
            loop {
                match unit[j] {
                    Some(true) => shape.fixed = shape.fixed.saturating_add(terms[j].0),
                    // A literal fixed false ends its chain: the ones above it imply it.
                    Some(false) => break,
                    None => chain.push(terms[j]),
                }
                if above[j] == usize::MAX {
                    break;
                }
                j = above[j];
            }
            if !chain.is_empty() {
                shape.chains.push(chain);
            }
        }
        shape
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_view_is_one_chain_after_its_fixed_literals() {
        let mut cnf = Cnf::new();
        let x: Vec<Lit> = (0..6).map(|_| cnf.new_var().pos()).collect();
        // x >= 1 .. x >= 6, each implying the one before; x >= 1 and x >= 2 fixed true.
        for j in 1..6 {
            cnf.add_clause(&[!x[j], x[j - 1]]);
        }
        cnf.add_clause(&[x[0]]);
        cnf.add_clause(&[x[1]]);
        let other = cnf.new_var().pos();
        let terms: Vec<(u64, Lit)> = x.iter().rev().map(|&l| (2, l)).chain([(5, other)]).collect();
        let s = Shape::of(&cnf, &terms);
        assert_eq!(s.fixed, 4);
        assert_eq!(s.chains.len(), 2);
        assert!(s.chains.contains(&vec![(5, other)]));
        assert!(s.chains.contains(&x[2..].iter().map(|&l| (2, l)).collect::<Vec<_>>()));
    }

    #[test]
    fn a_literal_fixed_false_ends_the_chain_and_cycles_are_cut() {
        let mut cnf = Cnf::new();
        let x: Vec<Lit> = (0..4).map(|_| cnf.new_var().pos()).collect();
        for j in 1..4 {
            cnf.add_clause(&[!x[j], x[j - 1]]);
        }
        cnf.add_clause(&[!x[0], x[3]]);
        cnf.add_clause(&[!x[2]]);
        let terms: Vec<(u64, Lit)> = x.iter().map(|&l| (1, l)).collect();
        let s = Shape::of(&cnf, &terms);
        assert_eq!(s.fixed, 0);
        // The cycle's last edge (x0 -> x3) is left out; x2 is false, so the chain stops below it.
        assert_eq!(s.chains, vec![vec![(1, x[0]), (1, x[1])]]);
    }
}
