//! A solution decoded from a solver's model of a grounding.

use std::collections::BTreeSet;

use wgrnd_cnf::{Lit, Var};

use super::{empty, Solution};
use crate::program::{PredId, PredKind, Program, Val};
use crate::Atoms;

/// Reads the values of every solved-for atom from a model (`value(var)`; atoms that got no
/// variable are false).
pub fn decode(p: &Program, g: &Atoms, value: impl Fn(Var) -> bool) -> Solution {
    let mut s = empty(p);
    // The true atoms of each predicate, collected first and then made into its set at once (a
    // sorted bulk build, not one search and insertion per atom).
    let mut true_atoms: Vec<Vec<Vec<Val>>> = vec![Vec::new(); p.preds.len()];
    let of_vars = g.atom_of.iter().enumerate().filter_map(|(i, a)| a.filter(|_| value(Var::from_index(i))));
    for (pr, idx) in of_vars.chain(g.fixed_true.iter().copied()) {
        if let Some(list) = true_atoms.get_mut(pr as usize) {
            list.push(index_tuple(p, PredId::new(pr as usize), idx as usize));
        }
    }
    for v in &mut s.preds {
        if let Some(list) = true_atoms.get_mut(v.pred.index()) {
            v.atoms = std::mem::take(list).into_iter().collect::<BTreeSet<Vec<Val>>>();
        }
    }
    for a in &g.int_list {
        let pr = a.pred;
        let PredKind::Int(d) = p.preds[pr as usize].kind else { continue };
        let (values, _) = crate::ints::ordered_values(&p.domains[d].values);
        let Some(&x) = values.get(a.position(&value)) else { continue };
        let tuple = index_tuple(p, PredId::new(pr as usize), a.idx as usize);
        if let Some(v) = s.ints.iter_mut().find(|v| v.pred.index() == pr as usize) {
            v.values.insert(tuple, x);
        }
    }
    unconstrained_ints(p, &mut s);
    s
}

/// Largest integer variable (in argument tuples) whose values the grounding left free are given
/// one by [`unconstrained_ints`].
const MAX_FILLED: usize = 1 << 20;

/// Gives the first value of its domain to every integer atom that got no bits: no clause
/// mentions it, so every value satisfies the model, and the checker needs one wherever it reads
/// it. (A statement decided without it, as `(forall i . x(i) = 1) or true` is, grounds no
/// clause, but the checker evaluates `x(i)` first: before, it refused the solution as an
/// encoding bug.)
fn unconstrained_ints(p: &Program, s: &mut Solution) {
    for v in &mut s.ints {
        let pred = &p.preds[v.pred];
        let PredKind::Int(d) = pred.kind else { continue };
        let Some(&lo) = p.domains[d].values.first() else { continue };
        let size = pred.args.iter().map(|&a| p.domains[a].len()).product::<usize>();
        if v.values.len() >= size || size > MAX_FILLED {
            continue;
        }
        for idx in 0..size {
            v.values.entry(index_tuple(p, v.pred, idx)).or_insert(lo);
        }
    }
}

/// The arguments of atom `idx` of `pred` (atoms numbered in the order of the argument domains).
pub(crate) fn index_tuple(p: &Program, pred: PredId, idx: usize) -> Vec<Val> {
    let pred = &p.preds[pred];
    let mut rest = idx;
    let mut tuple = vec![Val::Int(0); pred.args.len()];
    for (j, &d) in pred.args.iter().enumerate().rev() {
        let len = p.domains[d].len().max(1);
        tuple[j] = p.domains[d].values.get(rest % len).copied().unwrap_or(Val::Int(0));
        rest /= len;
    }
    tuple
}

/// The literals that fix every shown atom of `g` that `s` gives (all of them, unless `s` was read
/// from a picture of one predicate), and every bit of a shown integer variable that `s` gives a
/// value, to its value in `s`: a person's answer, given by its shown predicates, for
/// the solver to complete the hidden ones under (the checker then judges the whole).
pub fn shown_literals(p: &Program, g: &Atoms, s: &Solution) -> Vec<Lit> {
    let mut out = Vec::new();
    for (i, a) in g.atom_of.iter().enumerate() {
        let Some((pr, idx)) = a else { continue };
        let pred = PredId::new(*pr as usize);
        if !p.shown.contains(&pred) || !s.gives(pred) || !matches!(p.preds[pred].kind, PredKind::Var) {
            continue;
        }
        let v = Var::from_index(i);
        out.push(if s.holds(pred, &index_tuple(p, pred, *idx as usize)) { v.pos() } else { v.neg() });
    }
    for a in &g.int_list {
        let pred = PredId::new(a.pred as usize);
        let PredKind::Int(d) = p.preds[pred].kind else { continue };
        if !p.shown.contains(&pred) || !s.gives(pred) {
            continue;
        }
        let Some(x) = s.int_value(pred, &index_tuple(p, pred, a.idx as usize)) else { continue };
        let (values, _) = crate::ints::ordered_values(&p.domains[d].values);
        let Some(pos) = values.iter().position(|v| *v == x) else { continue };
        out.extend(a.fix(pos));
    }
    out
}
