//! Splitting a formula into cubes (cube-and-conquer): a binary decision tree over the
//! grounding's projection atoms (the placements), grown best-first at the leaf where unit
//! propagation has assigned the fewest variables (the leaf with the most search left), each split
//! on the atom that march_cu's lookahead scores highest: the product of the variables that
//! propagating it true and false assigns. A literal whose propagation fails is split on at once
//! (one child is refuted). The leaves are the cubes: any two differ in the sign of the atom where
//! their paths part, so they are disjoint, and together with the refuted leaves they cover every
//! assignment, so the formula is satisfiable exactly when some cube is.

use std::time::{Duration, Instant};

use wgrnd_sat::{Cnf, Lit, Var};

use crate::propagate::Propagator;

/// One cube: the decisions on its path, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cube {
    /// Its literals (projection atoms, either sign).
    pub literals: Vec<Lit>,
    /// Variables unit propagation assigns under it (the formula's own units included).
    pub assigned: usize,
}

/// A formula split into cubes.
#[derive(Clone, Debug)]
pub struct Split {
    /// The cubes, in the order of the tree's leaves (depth first, the true branch first).
    pub cubes: Vec<Cube>,
    /// Leaves refuted by unit propagation (no solution lies there).
    pub refuted: usize,
    /// Variables propagation assigns at the root.
    pub root_assigned: usize,
    /// Time spent.
    pub elapsed: Duration,
}

/// A node of the tree while it grows.
struct Leaf {
    literals: Vec<Lit>,
    assigned: usize,
    /// No free projection atom is left under it.
    settled: bool,
}

/// How a node's split atom is scored.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Score {
    /// march_cu's lookahead: both polarities propagated, the product of what each assigns.
    #[default]
    Lookahead,
    /// Counting placements: the atom whose truth decides the most other candidates (placements
    /// fixed or excluded), one propagation per atom.
    Placements,
}

/// Splits `cnf` on the atoms `candidates` into at most `target` cubes (fewer when the tree runs
/// out of atoms to split on, or when propagation refutes the leaves), scoring splits with
/// [`Score::Lookahead`]. With `target` 1, or a formula that propagation refutes at the root, the
/// answer is one empty cube or none.
pub fn split(cnf: &Cnf, candidates: &[Var], target: usize) -> Split {
    split_by(cnf, candidates, target, Score::Lookahead)
}

/// [`split`] with the given way of scoring splits.
pub fn split_by(cnf: &Cnf, candidates: &[Var], target: usize, score: Score) -> Split {
    let started = Instant::now();
    let mut p = Propagator::new(cnf);
    if !p.root() {
        return Split { cubes: Vec::new(), refuted: 1, root_assigned: 0, elapsed: started.elapsed() };
    }
    let root = p.assigned();
    let mut leaves = vec![Leaf { literals: Vec::new(), assigned: root, settled: false }];
    let mut refuted = 0;
    // The root looks ahead on every candidate; deeper nodes on the best LOOKAHEAD_WIDTH free ones
    // by their root scores (march_cu's pre-selection does the same job): a full lookahead at
    // every node of an 8 x 8 board's tree costs seconds per node.
    let mut ranking: Option<Vec<Var>> = None;
    while leaves.len() < target.max(1) {
        // The open leaf with the most left to search; ties go to the earliest.
        let Some(at) = (0..leaves.len()).filter(|&i| !leaves[i].settled).min_by_key(|&i| (leaves[i].assigned, i))
        else {
            break;
        };
        p.undo_to(root);
        let ok = leaves[at].literals.iter().all(|&l| p.assign(l));
        debug_assert!(ok, "a leaf's literals propagate without conflict");
        let choice = match &ranking {
            Some(ranked) => best_split(&mut p, ranked, LOOKAHEAD_WIDTH, score, candidates),
            None => {
                let choice = best_split(&mut p, candidates, usize::MAX, score, candidates);
                let mut scored = choice.scores.clone();
                scored.sort_by_key(|&(v, score)| (std::cmp::Reverse(score), v.get()));
                ranking = Some(scored.into_iter().map(|(v, _)| v).collect());
                choice
            }
        };
        // Failed literals: the leaf goes on as its only surviving child, the negation appended.
        leaves[at].literals.extend(&choice.forced);
        leaves[at].assigned = p.assigned();
        refuted += choice.forced.len();
        if choice.refuted {
            leaves.remove(at);
            refuted += 1;
            if leaves.is_empty() {
                break;
            }
            continue;
        }
        let Some(var) = choice.split else {
            leaves[at].settled = true;
            continue;
        };
        let parent = leaves.remove(at);
        let mut children = Vec::new();
        for lit in [var.pos(), var.neg()] {
            let here = p.assigned();
            if p.assign(lit) {
                let mut literals = parent.literals.clone();
                literals.push(lit);
                children.push(Leaf { literals, assigned: p.assigned(), settled: false });
            } else {
                refuted += 1;
            }
            p.undo_to(here);
        }
        // The children take the parent's place, which keeps the leaves in tree order.
        for (k, child) in children.into_iter().enumerate() {
            leaves.insert(at + k, child);
        }
        if leaves.is_empty() {
            break;
        }
    }
    let cubes = leaves.into_iter().map(|l| Cube { literals: l.literals, assigned: l.assigned }).collect();
    Split { cubes, refuted, root_assigned: root, elapsed: started.elapsed() }
}

/// How many free candidates a node below the root looks ahead on.
pub const LOOKAHEAD_WIDTH: usize = 96;

/// How many of `atoms` are unassigned.
fn free(p: &Propagator, atoms: &[Var]) -> usize {
    atoms.iter().filter(|v| p.value(**v).is_none()).count()
}

/// What the lookahead found at a node.
struct Choice {
    /// Failed literals' negations, now assigned at the node (each stands for a refuted child).
    forced: Vec<Lit>,
    /// Propagating a forced literal conflicted: the node has no solution.
    refuted: bool,
    /// The atom to split on, if any is free.
    split: Option<Var>,
    /// The score of every candidate looked at.
    scores: Vec<(Var, u64)>,
}

/// march_cu's choice among the first `width` free candidates: the one whose two propagations
/// assign the most (the product of the two counts, each plus one). A literal whose propagation conflicts (a failed literal) has
/// its negation assigned at the node and the scan goes on; the negations are returned as
/// `forced` (each is a split whose other child is refuted).
fn best_split(p: &mut Propagator, candidates: &[Var], width: usize, how: Score, all: &[Var]) -> Choice {
    let mut choice = Choice { forced: Vec::new(), refuted: false, split: None, scores: Vec::new() };
    let mut best: Option<(u64, Var)> = None;
    let mut looked = 0;
    for &v in candidates {
        if p.value(v).is_some() {
            continue;
        }
        if looked == width {
            break;
        }
        looked += 1;
        let base = p.assigned();
        let mut sizes = [0u64; 2];
        let mut failed = None;
        let free_before = if how == Score::Placements { free(p, all) } else { 0 };
        for (k, lit) in [v.pos(), v.neg()].into_iter().enumerate() {
            let ok = p.assign(lit);
            sizes[k] = match how {
                Score::Lookahead => (p.assigned() - base) as u64,
                Score::Placements => (free_before - free(p, all)) as u64,
            };
            p.undo_to(base);
            if how == Score::Placements && ok {
                // One propagation: the true placement (the other side only fails or not).
                break;
            }
            if !ok {
                failed = Some(lit);
                break;
            }
        }
        if let Some(lit) = failed {
            choice.forced.push(!lit);
            if !p.assign(!lit) {
                choice.refuted = true;
                return choice;
            }
            continue;
        }
        let score = match how {
            Score::Lookahead => (sizes[0] + 1) * (sizes[1] + 1),
            Score::Placements => sizes[0],
        };
        choice.scores.push((v, score));
        if best.is_none_or(|(s, _)| score > s) {
            best = Some((score, v));
        }
    }
    // A forced literal may have assigned the best atom after it was scored.
    choice.split = best.map(|(_, v)| v).filter(|v| p.value(*v).is_none());
    if choice.split.is_none() && best.is_some() {
        choice.split = candidates.iter().copied().find(|v| p.value(*v).is_none());
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exactly one of 4 atoms: 4 cubes, each one atom true (the last one by propagation, after
    /// three atoms are false).
    #[test]
    fn exactly_one_splits_into_its_atoms() {
        let mut cnf = Cnf::new();
        let v: Vec<Var> = (0..4).map(|_| cnf.new_var()).collect();
        cnf.add_clause(&v.iter().map(|x| x.pos()).collect::<Vec<_>>());
        for i in 0..4 {
            for j in i + 1..4 {
                cnf.add_clause(&[v[i].neg(), v[j].neg()]);
            }
        }
        let s = split(&cnf, &v, 100);
        assert_eq!(s.cubes.len(), 4, "{:?}", s.cubes);
        assert_eq!(s.refuted, 0);
        assert!(s.cubes.iter().all(|c| c.assigned == 4), "every atom is decided in every cube");
        for (i, a) in s.cubes.iter().enumerate() {
            for b in &s.cubes[i + 1..] {
                assert!(a.literals.iter().any(|&l| b.literals.contains(&!l)), "{a:?} and {b:?} overlap");
            }
        }
    }
}
