//! Grounding with groups, for explanations (`wgrnd explain`, `wgrnd why`; docs/explain.md): every
//! clause of a statement carries the negated selector of that statement, and every clause
//! grounded for a binding in which a clue fact held (a true atom of a `clue pred`, read in a
//! quantifier's guard or enumerated by it) carries the negated selector of that fact. Assuming a
//! selector true switches its group on; a selector left open lets the solver switch its group
//! off. With every selector on, the CNF has the model's solutions; with a clue fact's selector off
//! it has (at least) those of the model without that fact.
//!
//! The tracker follows the binding loop of the grounder: a clue fact read true while grounding a
//! binding is in force until that binding ends. Sharing of sub-formulas is off (a literal shared
//! across bindings would be defined under the first binding's guard only), and unit statements
//! are grounded as clauses (an atom fixed by a statement would be beyond its selector), except
//! those that only say which atoms do not exist ([`part_of_grounding`]).
//!
//! Known limit: a clue atom read *false* is not tracked (withholding a fact only switches
//! constraints off, the usual way a model reads its clues; docs/explain.md).

use std::collections::HashMap;
use std::ops::ControlFlow;

use wgrnd_sat::{Cnf, Lit};
use wgrnd_seam::{Group, GroupKind};

use crate::error::{ErrorKind, QpropError};
use crate::program::{PredId, PredKind, Program, F};
use crate::walk::Leaf;

/// A clue fact: its predicate and atom index.
type Fact = (PredId, usize);

/// The clue facts in force while grounding, and where they change.
#[derive(Default)]
pub(crate) struct Tracker {
    /// Clue facts in force: (predicate, atom index).
    pub active: Vec<(PredId, usize)>,
    /// From which clause on which set of clue facts was in force.
    epochs: Vec<(usize, Vec<(PredId, usize)>)>,
    /// From which clause on which statement (by index) was grounded.
    statements: Vec<(usize, usize)>,
    /// Inside a definition's evaluation (its reads are not the binding's).
    pub in_def: u32,
    /// For each constraint kept whole (connectivity, region division), in order: the statement that grounded
    /// it and the clue facts in force then.
    natives: Vec<(Option<usize>, Vec<Fact>)>,
    /// Clauses (from, to) that define a variable (an integer's views and their channelling),
    /// made where it is first used: in no group, whatever statement and clue facts were in
    /// force. Gated by them, an integer whose first use was under a clue would have no domain
    /// once that clue is withheld (a cell of two values: a pigeonhole for the solver).
    definitions: Vec<(usize, usize)>,
}

impl Tracker {
    /// A clue fact read true at clause `at`.
    pub fn use_fact(&mut self, pred: PredId, idx: usize, at: usize) {
        if self.in_def > 0 || self.active.contains(&(pred, idx)) {
            return;
        }
        self.active.push((pred, idx));
        self.mark(at);
    }

    /// The facts after the first `n` stop being in force at clause `at`.
    pub fn truncate(&mut self, n: usize, at: usize) {
        if self.active.len() > n {
            self.active.truncate(n);
            self.mark(at);
        }
    }

    fn mark(&mut self, at: usize) {
        match self.epochs.last_mut() {
            Some((from, set)) if *from == at => set.clone_from(&self.active),
            _ => self.epochs.push((at, self.active.clone())),
        }
    }

    /// A constraint kept whole (connectivity, region division) was added to the formula (the
    /// next in its order).
    pub fn native(&mut self) {
        let statement = self.statements.last().map(|&(_, i)| i);
        self.natives.push((statement, self.active.clone()));
    }

    /// Statement `i` is grounded from clause `at` on.
    pub fn statement(&mut self, i: usize, at: usize) {
        self.statements.push((at, i));
    }

    /// The clauses from `from` to `to` (not included) define a variable.
    pub fn definition(&mut self, from: usize, to: usize) {
        if from < to {
            self.definitions.push((from, to));
        }
    }
}

/// Whether statement `f` (`g` in negation normal form) is part of the grounding rather than a
/// group: it only says which atoms of predicates that are not shown do not exist (every atom it
/// names is negated, and it reads no facts: only comparisons of its variables, directly or
/// through definitions), as masyu's `not link(r1, c1, r2, c2)` for cells not side by side.
/// Fixed as without groups, its atoms get no variable: a loop's graph keeps only the links that
/// can exist (as a group, every pair of cells would be a possible edge: 31 M distance labels on a
/// 21 x 15 masyu). It is never cited: the puzzle has no such atoms to reason about. A rule on a
/// shown predicate (`forall c . not black(1, c)`) stays a group, a rule a step may cite.
pub(crate) fn part_of_grounding(p: &Program, g: &crate::nnf::G, f: &F) -> bool {
    crate::ground::Grounder::absent_shaped(g)
        && crate::walk::formula(f, &mut |leaf| match leaf {
            Leaf::Pred(q) if p.shown.contains(&q) || reads_facts(p, q) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .is_continue()
}

/// Whether predicate `q` is or reads facts (an input or clue predicate, an integer variable, or
/// a definition that reads one): not a solved-for predicate, not a definition made of
/// comparisons alone.
fn reads_facts(p: &Program, q: PredId) -> bool {
    match &p.preds[q].kind {
        PredKind::Var => false,
        // Definitions do not recurse: this ends.
        PredKind::Def(d) => crate::walk::formula(&d.body, &mut |leaf| match leaf {
            Leaf::Pred(r) if reads_facts(p, r) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .is_break(),
        PredKind::Input(_) | PredKind::Int(_) => true,
    }
}

/// The grounded clauses with their selectors added, the names of the selector variables, and
/// the groups. `names` and `atom_of` grow by the selectors.
pub(crate) fn attach(
    p: &Program,
    t: Tracker,
    cnf: &Cnf,
    names: &mut Vec<String>,
    atom_of: &mut Vec<Option<(u32, u32)>>,
) -> (Cnf, Vec<Group>) {
    let mut out = Cnf::new();
    for _ in 0..cnf.num_vars() {
        out.new_var();
    }
    let mut groups = Vec::new();
    let mut stmt_sel: HashMap<usize, Lit> = HashMap::new();
    let mut fact_sel: HashMap<(PredId, usize), Lit> = HashMap::new();
    let mut new_sel = |out: &mut Cnf, name: String, kind, diagnostic, groups: &mut Vec<Group>| {
        let v = out.new_var();
        names.push(format!("sel({name})"));
        atom_of.push(None);
        groups.push(Group { selector: v, kind, name, diagnostic });
        v.neg()
    };
    // Definitions may nest (a view made while making another): merged into disjoint runs.
    let mut definitions = t.definitions.clone();
    definitions.sort_unstable();
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (from, to) in definitions {
        match runs.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => runs.push((from, to)),
        }
    }
    let mut runs = runs.into_iter().peekable();
    let (mut si, mut ei) = (0usize, 0usize);
    let mut stmt: Option<usize> = None;
    let mut facts: &[(PredId, usize)] = &[];
    let mut clause = Vec::new();
    for (k, c) in cnf.own_clauses().enumerate() {
        while runs.peek().is_some_and(|&(_, to)| to <= k) {
            runs.next();
        }
        if runs.peek().is_some_and(|&(from, _)| from <= k) {
            out.add_clause(c);
            continue;
        }
        while si < t.statements.len() && t.statements[si].0 <= k {
            stmt = Some(t.statements[si].1);
            si += 1;
        }
        while ei < t.epochs.len() && t.epochs[ei].0 <= k {
            facts = &t.epochs[ei].1;
            ei += 1;
        }
        clause.clear();
        clause.extend_from_slice(c);
        if let Some(i) = stmt {
            let l = *stmt_sel.entry(i).or_insert_with(|| {
                let (name, diagnostic) = statement_words(p, i);
                new_sel(&mut out, name, GroupKind::Constraint, Some(diagnostic), &mut groups)
            });
            clause.push(l);
        }
        for f in facts {
            let l = *fact_sel.entry(*f).or_insert_with(|| {
                let name = format!("clue {}", p.atom_name(f.0, &tuple(p, f.0, f.1)));
                new_sel(&mut out, name, GroupKind::Clue, None, &mut groups)
            });
            clause.push(l);
        }
        out.add_clause(&clause);
    }
    // Connectivity constraints and region divisions stay whole, switched by their statement's
    // and clue facts' selectors as their clauses would be.
    debug_assert_eq!(cnf.theories().len(), t.natives.len(), "the tracker saw every constraint kept whole");
    for (c, (stmt, facts)) in cnf.theories().iter().zip(&t.natives) {
        let mut off = Vec::new();
        if let Some(i) = stmt {
            off.push(*stmt_sel.entry(*i).or_insert_with(|| {
                let (name, diagnostic) = statement_words(p, *i);
                new_sel(&mut out, name, GroupKind::Constraint, Some(diagnostic), &mut groups)
            }));
        }
        for f in facts {
            off.push(*fact_sel.entry(*f).or_insert_with(|| {
                let name = format!("clue {}", p.atom_name(f.0, &tuple(p, f.0, f.1)));
                new_sel(&mut out, name, GroupKind::Clue, None, &mut groups)
            }));
        }
        out.add_theory(c.clone().guarded(off));
    }
    (out, groups)
}

/// The values of atom `idx` of `pred` (dense index over its argument domains).
fn tuple(p: &Program, pred: PredId, mut idx: usize) -> Vec<crate::Val> {
    let args = &p.preds[pred].args;
    let mut out = vec![crate::Val::Int(0); args.len()];
    for (i, &d) in args.iter().enumerate().rev() {
        let n = p.domains[d].len().max(1);
        out[i] = p.domains[d].values[idx % n];
        idx /= n;
    }
    out
}

/// A statement's name (`the statement at model.qp:27:1`) and its caret diagnostic.
fn statement_words(p: &Program, i: usize) -> (String, String) {
    let s = &p.stmts[i];
    let e = p.err(QpropError::new(ErrorKind::Unsupported, s.span, "this statement is in the set", "this statement"));
    let name = match e.location() {
        Some((file, line, col)) => format!("the statement at {file}:{line}:{col}"),
        None => format!("statement {}", i + 1),
    };
    // The report names itself an error; here it is a member of a set.
    (name, e.render().replacen("Error: ", "", 1))
}
