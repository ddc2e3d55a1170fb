//! The checker's `connected` and `circuit`: the bindings (guard passed) whose formula holds on the
//! solution are the nodes, two of them adjacent when `adj(a, b)` or `adj(b, a)` holds on it; a
//! breadth-first search from one true node must reach them all, and for `circuit` every true node
//! has exactly two true neighbours (and, when the adjacency is solved for, a used edge between
//! two bindings never touches a false one). Nothing here is shared with the grounder's encoding
//! (connect.rs), which uses distance labels over SAT atoms.
//!
//! `regions`: the cells' numbers are evaluated on the solution, the groups of adjacent cells
//! with one number found by a breadth-first search each, and every group must have as many
//! cells as its number. Nothing is shared with the grounder's division (regions.rs), whose
//! walls and roots are SAT atoms.

use std::collections::VecDeque;

use super::plan::Body;
use super::{Checker, Env};
use crate::error::Result;
use crate::program::is_data;
use crate::program::{Connected, PredId, PredKind, Regions, Val};

impl<'a> Checker<'a, '_> {
    /// Whether `c` holds on the solution under `env`.
    pub(super) fn connected(&mut self, c: &'a Connected, env: &mut Env) -> Result<bool> {
        let plan = self.plan(&c.binders, c.guard.as_ref(), Body::Sum);
        let mut tuples: Vec<Vec<Val>> = Vec::new();
        let mut on: Vec<bool> = Vec::new();
        self.bindings(&plan, env, &mut |me, env| {
            tuples.push(
                c.binders.iter().map(|b| env.get(b.slot.index()).copied().flatten().unwrap_or(Val::Int(0))).collect(),
            );
            on.push(me.eval(&c.lit, env)?);
            Ok(false)
        })?;
        let solved = !is_data(self.p, c.adj);
        let matters = |i: usize, j: usize| (on[i] && on[j]) || (c.circuit && solved);
        // Pairs of bindings that are adjacent: from the true atoms of the adjacency where the
        // solution or the data lists them, else by asking each pair that can matter.
        if let Some(listed) = self.true_tuples(c.adj) {
            let k = c.binders.len();
            let at: std::collections::HashMap<&[Val], usize> =
                tuples.iter().enumerate().map(|(i, t)| (t.as_slice(), i)).collect();
            let mut edges: Vec<(usize, usize)> = listed
                .iter()
                .filter(|t| t.len() == 2 * k)
                .filter_map(|t| Some((*at.get(&t[..k])?, *at.get(&t[k..])?)))
                .filter(|&(i, j)| i != j)
                .map(|(i, j)| (i.min(j), i.max(j)))
                .filter(|&(i, j)| matters(i, j))
                .collect();
            edges.sort_unstable();
            edges.dedup();
            return Ok(judge(&on, &edges, c.circuit, solved));
        }
        // A definition is asked pair by pair, but first tried on part of a pair: one node's
        // values and the first value of the other's, then its first two, and so on. False
        // whatever the rest, in both orders, and every node with that prefix is passed over
        // (`nb(r1, c1, r2, c2)` rules out all rows but three around a cell; gokigen's
        // `meet(r1, c1, k1, r2, c2, k2)` then all columns but three in those). Nodes come in
        // binding order, so nodes with one prefix follow each other, and a prefix's verdict is
        // kept while the next node shares it. Only a body whose definitions call none
        // (`plan::partly_evaluable`): a definition that calls itself would be read through
        // again and again.
        let prunes = match self.p.preds.get(c.adj.index()).map(|d| &d.kind) {
            Some(PredKind::Def(def)) => super::plan::partly_evaluable(self.p, &def.body),
            _ => false,
        };
        let k = c.binders.len();
        let mut edges = Vec::new();
        let mut pair: Vec<Val> = Vec::new();
        // `out[m - 1]`: whether the prefix of length m of `last` (the node j last tried with this
        // i) is ruled out; read only up to the first that is, and only while the next j shares
        // that prefix. Nodes of one value have no proper prefix: each pair is asked.
        let mut out = vec![false; k.saturating_sub(1)];
        for i in 0..tuples.len() {
            let mut last: Option<usize> = None;
            for j in i + 1..tuples.len() {
                if !matters(i, j) {
                    continue;
                }
                if prunes {
                    let shared = last.map_or(0, |l| common_prefix(&tuples[l], &tuples[j]));
                    last = Some(j);
                    if self.apart_by_prefix(c.adj, &tuples[i], &tuples[j], shared, &mut out) {
                        continue;
                    }
                }
                pair.clear();
                pair.extend(tuples[i].iter().chain(&tuples[j]));
                if self.atom(c.adj, &pair)? {
                    edges.push((i, j));
                    continue;
                }
                pair.clear();
                pair.extend(tuples[j].iter().chain(&tuples[i]));
                if self.atom(c.adj, &pair)? {
                    edges.push((i, j));
                }
            }
        }
        Ok(judge(&on, &edges, c.circuit, solved))
    }

    /// Whether `adj` is false of `node` with `other` whatever `other`'s values after some proper
    /// prefix ([`Checker::apart`] on its prefixes, shortest first). `out[m - 1]` holds the verdict
    /// of the prefix of length `m`: those up to `shared` are the previous node's, the same
    /// prefix, and kept; the rest are asked and written, up to the first that rules out.
    fn apart_by_prefix(&mut self, adj: PredId, node: &[Val], other: &[Val], shared: usize, out: &mut [bool]) -> bool {
        for m in 1..=out.len() {
            if m > shared {
                out[m - 1] = self.apart(adj, node, &other[..m]);
            }
            if out[m - 1] {
                return true;
            }
        }
        false
    }

    /// Whether definition `adj` is false of `node` with every node whose values begin with
    /// `prefix`, in both orders, whatever that node's other values: its body tried on the known
    /// values alone (`Checker::partial`; the caller makes sure the body is one it can read
    /// through). False when it may hold, when `adj` is no definition of two nodes, or when a
    /// value lies outside its parameter's domain (the atom is asked then).
    fn apart(&mut self, adj: PredId, node: &[Val], prefix: &[Val]) -> bool {
        let p = self.p;
        let Some(pred) = p.preds.get(adj.index()) else { return false };
        let PredKind::Def(def) = &pred.kind else { return false };
        let k = node.len();
        if def.params.len() != 2 * k || pred.args.len() != 2 * k {
            return false;
        }
        for (at_node, at_prefix) in [(0, k), (k, 0)] {
            let mut inner: Env = vec![None; def.slots.len()];
            let known = node
                .iter()
                .enumerate()
                .map(|(x, &v)| (at_node + x, v))
                .chain(prefix.iter().enumerate().map(|(x, &v)| (at_prefix + x, v)));
            for (pos, v) in known {
                if p.domains.get(pred.args[pos].index()).is_none_or(|d| d.pos(v).is_none()) {
                    return false;
                }
                if let Some(e) = inner.get_mut(def.params[pos].index()) {
                    *e = Some(v);
                }
            }
            if self.partial(&def.body, &mut inner) != Some(false) {
                return false;
            }
        }
        true
    }
}

impl<'a> Checker<'a, '_> {
    /// The true atoms of `pr` as listed: a solved-for predicate's from the solution, an input
    /// predicate's facts; `None` for a definition (asked pair by pair).
    fn true_tuples(&self, pr: PredId) -> Option<Vec<&[Val]>> {
        match &self.p.preds.get(pr.index())?.kind {
            PredKind::Var => Some(
                self.atoms
                    .get(pr.index())
                    .copied()
                    .flatten()
                    .map_or_else(Vec::new, |a| a.iter().map(|t| &**t).collect()),
            ),
            PredKind::Input(facts) => Some(facts.iter().map(|t| t.as_slice()).collect()),
            _ => None,
        }
    }

    /// Whether `r` holds on the solution under `env`.
    pub(super) fn regions(&mut self, r: &'a Regions, env: &mut Env) -> Result<bool> {
        let plan = self.plan(&r.binders, r.guard.as_ref(), Body::Sum);
        let mut tuples: Vec<Vec<Val>> = Vec::new();
        let mut numbers: Vec<Val> = Vec::new();
        self.bindings(&plan, env, &mut |me, env| {
            tuples.push(
                r.binders.iter().map(|b| env.get(b.slot.index()).copied().flatten().unwrap_or(Val::Int(0))).collect(),
            );
            numbers.push(me.term(&r.size, env)?);
            Ok(false)
        })?;
        // Only cells with one number can be in one region: only those pairs are asked.
        let mut edges = Vec::new();
        for i in 0..tuples.len() {
            for j in i + 1..tuples.len() {
                if numbers[i] != numbers[j] {
                    continue;
                }
                let ab: Vec<Val> = tuples[i].iter().chain(&tuples[j]).copied().collect();
                let ba: Vec<Val> = tuples[j].iter().chain(&tuples[i]).copied().collect();
                if self.atom(r.adj, &ab)? || self.atom(r.adj, &ba)? {
                    edges.push((i, j));
                }
            }
        }
        Ok(judge_regions(&numbers, &edges))
    }
}

/// How many values `a` and `b` begin with alike.
fn common_prefix(a: &[Val], b: &[Val]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Whether every group of cells joined by `edges` (pairs of cells with the same number) has as
/// many cells as its number.
pub(super) fn judge_regions(numbers: &[Val], edges: &[(usize, usize)]) -> bool {
    let n = numbers.len();
    let mut nb: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        if numbers[a] == numbers[b] {
            nb[a].push(b);
            nb[b].push(a);
        }
    }
    let mut seen = vec![false; n];
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut queue = VecDeque::from([start]);
        let mut size = 0i64;
        while let Some(a) = queue.pop_front() {
            size += 1;
            for &b in &nb[a] {
                if !seen[b] {
                    seen[b] = true;
                    queue.push_back(b);
                }
            }
        }
        if numbers[start] != Val::Int(size) {
            return false;
        }
    }
    true
}

/// Whether the true nodes of `on`, with `edges` (pairs of node indices), are connected (and, for
/// a circuit, one cycle: two true neighbours each, and with `used_edges` no edge that touches a
/// false node).
pub(super) fn judge(on: &[bool], edges: &[(usize, usize)], circuit: bool, used_edges: bool) -> bool {
    let n = on.len();
    let mut nb: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges {
        if on[a] && on[b] {
            nb[a].push(b);
            nb[b].push(a);
        } else if circuit && used_edges {
            return false;
        }
    }
    if circuit && (0..n).any(|i| on[i] && nb[i].len() != 2) {
        return false;
    }
    let Some(start) = on.iter().position(|&b| b) else { return true };
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut queue = VecDeque::from([start]);
    let mut reached = 1;
    while let Some(a) = queue.pop_front() {
        for &b in &nb[a] {
            if !seen[b] {
                seen[b] = true;
                reached += 1;
                queue.push_back(b);
            }
        }
    }
    reached == on.iter().filter(|&&b| b).count()
}
