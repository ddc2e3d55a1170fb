//! Clues of a model: the facts of its `clue pred` predicates, which a poser may give or withhold.
//! Here: the clue facts a model has, the model posed with other clue facts, the clue facts that
//! a solution satisfies (found by the checker, not the grounder: each candidate fact is posed
//! alone, with every other clue withheld, and the checker evaluates the constraints that mention
//! it on the solution), and the model's data written back as a data file.

use std::fmt::Write as _;

use wgrnd_seam::StableHash;

use crate::check::check;
use crate::error::{ErrorKind, QpropError};
use std::ops::ControlFlow;

use crate::program::{PredId, PredKind, Program, ShowVal, Stmt, Val, F};
use crate::solution::Solution;
use crate::walk::Leaf;

/// One clue: a fact of a `clue pred` predicate (its index in [`Program::preds`], its arguments).
pub type ClueFact = (PredId, Vec<Val>);

/// Most candidate clue facts ([`clues_true_of`]) tried for one solution: each is one run of the
/// checker.
pub const MAX_CLUE_CANDIDATES: usize = 1_000_000;

impl Program {
    /// The facts of every clue predicate, in declaration order and then sorted.
    pub fn clue_facts(&self) -> Vec<ClueFact> {
        let mut out = Vec::new();
        for (i, p) in self.pred_ids().zip(&self.preds) {
            if let (true, PredKind::Input(facts)) = (p.clue, &p.kind) {
                let mut f: Vec<&Vec<Val>> = facts.iter().collect();
                f.sort();
                out.extend(f.into_iter().map(|t| (i, t.clone())));
            }
        }
        out
    }

    /// The model posed with exactly `clues` as the facts of its clue predicates (other data
    /// unchanged, but for withheld forms: a clue predicate declared `else q` leaves q's fact of
    /// each of its facts withheld, and a fact given replaces q's). The hash changes with the clues.
    pub fn with_clue_facts(&self, clues: &[ClueFact]) -> Program {
        let mut p = self.clone();
        for (i, pred) in self.pred_ids().zip(&self.preds) {
            if let (Some(w), PredKind::Input(facts)) = (pred.withheld, &pred.kind) {
                for t in facts {
                    p.withheld_form(i, w, t, true);
                }
            }
        }
        for pred in p.preds.iter_mut().filter(|x| x.clue) {
            if let PredKind::Input(facts) = &mut pred.kind {
                facts.clear();
            }
        }
        for (i, t) in clues {
            if let Some(PredKind::Input(facts)) = p.preds.get_mut(i.index()).map(|x| &mut x.kind) {
                facts.insert(t.clone());
            }
            if let Some(w) = self.preds.get(i.index()).and_then(|x| x.withheld) {
                p.withheld_form(*i, w, t, false);
            }
        }
        p.hash = clues
            .iter()
            .map(|c| self.clue_name(c))
            .fold(StableHash::new().number(self.hash).number(clues.len() as u64), StableHash::field)
            .finish();
        p
    }

    /// Sets (`on`) or clears the fact of `w`, the withheld form of clue predicate `clue`, that
    /// stands for the clue fact `t` (its first arguments). Whether it was there before.
    fn withheld_form(&mut self, clue: PredId, w: PredId, t: &[Val], on: bool) -> bool {
        let k = self.preds[w].args.len().min(self.preds[clue].args.len()).min(t.len());
        let PredKind::Input(facts) = &mut self.preds[w].kind else { return false };
        if on {
            !facts.insert(t[..k].to_vec())
        } else {
            facts.remove(&t[..k])
        }
    }

    /// The model's file name and text (the first file read).
    pub fn model_source(&self) -> (&str, &str) {
        self.files.first().map_or(("model", ""), |(n, t)| (n.as_str(), t.as_str()))
    }

    /// `pred(args)` of a clue fact.
    pub fn clue_name(&self, clue: &ClueFact) -> String {
        self.atom_name(clue.0, &clue.1)
    }

    /// The model's data as a data file for the same model: every parameter, the facts of every
    /// input predicate (clue predicates included). Reading the model with it gives this program.
    pub fn data_text(&self) -> String {
        let mut s = String::new();
        for (name, v) in &self.params {
            let _ = writeln!(s, "param {name} = {}", ShowVal(self, *v));
        }
        // Lists of named values, which a data file may have given (a reader names a puzzle's
        // attributes so): written again, so the data reads back with the model alone.
        for d in self.domains.iter().filter(|d| d.range.is_none() && d.parent.is_none()) {
            if d.values.iter().any(|v| matches!(v, Val::Sym(_))) {
                let values: Vec<String> = d.values.iter().map(|v| ShowVal(self, *v).to_string()).collect();
                let _ = writeln!(s, "domain {} = {{{}}}", d.name, values.join(", "));
            }
        }
        for (i, p) in self.pred_ids().zip(&self.preds) {
            let PredKind::Input(facts) = &p.kind else { continue };
            let mut f: Vec<&Vec<Val>> = facts.iter().collect();
            f.sort();
            if !f.is_empty() {
                let _ = writeln!(s, "% {} {}", if p.clue { "clue" } else { "input" }, p.name);
            }
            for t in f {
                let _ = writeln!(s, "{}.", self.atom_name(i, t));
            }
        }
        s
    }
}

/// Every clue fact that `s` satisfies: for each clue predicate, each tuple of its domains posed
/// as the only clue, checked on `s` by the checker against the constraints that mention the
/// predicate (the others do not depend on clues). Refuses above [`MAX_CLUE_CANDIDATES`] tuples.
pub fn clues_true_of(p: &Program, s: &Solution) -> Result<Vec<ClueFact>, QpropError> {
    let mut out = Vec::new();
    let clue_preds: Vec<PredId> = p.pred_ids().filter(|&i| p.preds[i].clue).collect();
    let mut total = 0usize;
    for &i in &clue_preds {
        let n = p.preds[i].args.iter().try_fold(1usize, |acc, &d| acc.checked_mul(p.domains[d].len()));
        total = total.saturating_add(n.unwrap_or(usize::MAX));
    }
    if total > MAX_CLUE_CANDIDATES {
        return Err(QpropError::nowhere(
            ErrorKind::TooLarge,
            format!(
                "the clue predicates have {total} possible facts, above the {MAX_CLUE_CANDIDATES} that are tried one by one"
            ),
        ));
    }
    for &i in &clue_preds {
        let mut posed = p.with_clue_facts(&[]);
        let withheld = p.preds[i].withheld;
        // The fact given replaces its withheld form, whose constraints are evaluated too.
        posed.stmts = p
            .stmts
            .iter()
            .filter(|st| mentions(p, &st.f, i) || withheld.is_some_and(|w| mentions(p, &st.f, w)))
            .cloned()
            .collect::<Vec<Stmt>>();
        let doms: Vec<&[Val]> = p.preds[i].args.iter().map(|&d| p.domains[d].values.as_slice()).collect();
        let mut tuple: Vec<Val> = Vec::with_capacity(doms.len());
        each_tuple(&doms, &mut tuple, &mut |t| {
            if let PredKind::Input(facts) = &mut posed.preds[i].kind {
                facts.clear();
                facts.insert(t.to_vec());
            }
            let replaced = withheld.is_some_and(|w| posed.withheld_form(i, w, t, false));
            if check(&posed, s).is_ok_and(|broken| broken.is_empty()) {
                out.push((i, t.to_vec()));
            }
            if let (true, Some(w)) = (replaced, withheld) {
                posed.withheld_form(i, w, t, true);
            }
        });
    }
    Ok(out)
}

fn each_tuple(doms: &[&[Val]], tuple: &mut Vec<Val>, f: &mut impl FnMut(&[Val])) {
    if tuple.len() == doms.len() {
        f(tuple);
        return;
    }
    for &v in doms[tuple.len()] {
        tuple.push(v);
        each_tuple(doms, tuple, f);
        tuple.pop();
    }
}

/// Whether formula `f` of `p` mentions predicate `pred` (in an atom, a guard, a term or a
/// definition it uses).
fn mentions(p: &Program, f: &F, pred: PredId) -> bool {
    crate::walk::formula(f, &mut |leaf| match leaf {
        // A defined predicate mentions what its body mentions (definitions do not recurse).
        Leaf::Pred(q) if q == pred || matches!(&p.preds[q].kind, PredKind::Def(d) if mentions(p, &d.body, pred)) => {
            ControlFlow::Break(())
        }
        Leaf::Pred(_) | Leaf::Slot(_) => ControlFlow::Continue(()),
    })
    .is_break()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{load, parse_solution, Source};

    /// A row of three cells `x`, and the sorts of `i` (a cell) and `k` (a number of them).
    macro_rules! row {
        () => {
            "param n = 3
domain cell = 1..n
domain num = 0..n
var i in cell
var k in num
pred x(cell)
"
        };
    }

    /// A row; a clue `lit(i)` says cell i is set, reached through a definition, and `total(k)`
    /// that k cells are set.
    const MODEL: &str = concat!(
        row!(),
        "clue pred lit(cell)
clue pred total(num)
def on(i) := lit(i)
forall i | on(i) . x(i)
forall k | total(k) . exactly k { x(i) : i }
"
    );

    fn program(data: &str) -> Program {
        load(&Source::new("row.qp", MODEL), Some(&Source::new("row.qpd", data)), &[]).unwrap()
    }

    #[test]
    fn the_clues_a_solution_satisfies_are_found_through_definitions() {
        let p = program("lit(2).");
        let s = parse_solution(&p, &Source::new("s", "x(1). x(2).")).unwrap();
        let names: Vec<String> = clues_true_of(&p, &s).unwrap().iter().map(|c| p.clue_name(c)).collect();
        assert_eq!(names, ["lit(1)", "lit(2)", "total(2)"]);
    }

    /// A row whose clue cells are data: a number withheld leaves its cell as `unknown`.
    const CELLS: &str = concat!(
        row!(),
        "clue pred number(cell, num) else unknown
input pred unknown(cell)
forall i, k | number(i, k) and k > 0 . x(i)
forall i | number(i, 0) . not x(i)
forall i | unknown(i) . x(i)
"
    );

    #[test]
    fn a_withheld_clue_leaves_its_withheld_form_and_a_given_one_replaces_it() {
        let p =
            load(&Source::new("cells.qp", CELLS), Some(&Source::new("d", "number(1, 2). unknown(3).")), &[]).unwrap();
        let names =
            |q: &Program| q.data_text().lines().filter(|l| !l.starts_with('%')).skip(1).collect::<Vec<_>>().join(" ");
        assert_eq!(names(&p.with_clue_facts(&[])), "unknown(1). unknown(3).");
        let number = p.pred_index("number").unwrap();
        let given = p.with_clue_facts(&[(number, vec![Val::Int(3), Val::Int(1)])]);
        assert_eq!(names(&given), "number(3,1). unknown(1).");
        // Checked with the others withheld: number(1, 0) breaks x(1), which unknown(3) needs not.
        let s = parse_solution(&p, &Source::new("s", "x(1). x(3).")).unwrap();
        let found: Vec<String> = clues_true_of(&p, &s).unwrap().iter().map(|c| p.clue_name(c)).collect();
        assert_eq!(
            found,
            ["number(1,1)", "number(1,2)", "number(1,3)", "number(2,0)", "number(3,1)", "number(3,2)", "number(3,3)"]
        );
        let bad = CELLS.replace("input pred unknown(cell)", "input pred unknown(num)");
        let e = load(&Source::new("cells.qp", &bad), None, &[]).unwrap_err();
        assert!(e.to_string().contains("'unknown' cannot stand for a withheld 'number'"), "{e}");
    }

    #[test]
    fn posed_clues_replace_the_old_ones_and_the_data_reads_back() {
        let p = program("param n = 3\nlit(2).");
        assert_eq!(p.clue_facts(), vec![(p.pred_index("lit").unwrap(), vec![Val::Int(2)])]);
        let count = p.pred_index("total").unwrap();
        let posed = p.with_clue_facts(&[(count, vec![Val::Int(1)])]);
        assert_eq!(posed.clue_facts(), vec![(count, vec![Val::Int(1)])]);
        assert_ne!(posed.hash, p.hash);
        let again = program(&posed.data_text());
        assert_eq!(again.clue_facts(), posed.clue_facts());
    }
}
