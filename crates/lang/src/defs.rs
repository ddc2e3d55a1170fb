//! The true atoms of a definition found by enumerating its body instead of evaluating every atom.
//!
//! A `def` over two cells (`nb(r1, c1, r2, c2)`, a slant's `meet` over two half-cells) has a
//! number of atoms that is the square of the grid's, and few of them are true. Where the grounder
//! needs all the true ones (the edges of a `connected` over a data adjacency, the values a guard
//! atom generates), it plans the body as a guard: each disjunct of the body is a quantifier's
//! guard over the definition's parameters, so that its equalities bind (`r2 = r1 + 1`: narrow.rs)
//! and its atoms generate, and the union of the bindings is the set of true atoms.
//!
//! That set equals the one the atom-by-atom evaluation gives only where no evaluation can fail,
//! since a plan evaluates a disjunct's conjuncts in its own order, and a later disjunct on
//! bindings an earlier one already accepted. So only *plain* definitions are planned: integer
//! arithmetic of `+`, `-` and negation over small integers, comparisons, `not`, `and`, `or` (and
//! the other connectives), quantifiers, and atoms of input predicates or plain definitions whose
//! arguments are variables of domains inside the argument's domain (or constants in it). When
//! grounding with groups (explain.rs), a definition that reads clue facts is not planned: the
//! groups record the clue facts a plan's generators read, where an evaluated definition's reads
//! are its own. Everything else is evaluated atom by atom as before.

use std::rc::Rc;

use crate::error::Result;
use crate::ground::{Env, Grounder};
use crate::nnf::G;
use crate::ops::Op;
use crate::program::{Bound, DomId, PredId, PredKind, Program, Slot, Val, F, T};

/// Largest magnitude of an integer constant or domain value in a plain definition: sums of a
/// few of them stay far from 64-bit overflow (as narrow.rs's).
const SAFE: i64 = 1 << 40;

/// Whether `pred` is a plain definition (see the module's comment); `clues`: whether it may read
/// clue facts.
pub(crate) fn is_plain(p: &Program, pred: PredId, clues: bool) -> bool {
    plain_pred(p, pred, clues, &mut Vec::new())
}

fn plain_pred(p: &Program, pred: PredId, clues: bool, visiting: &mut Vec<PredId>) -> bool {
    let PredKind::Def(def) = &p.preds[pred].kind else { return false };
    if visiting.contains(&pred) {
        return false;
    }
    visiting.push(pred);
    let mut doms: Vec<Option<DomId>> = vec![None; def.slots.len()];
    for (s, &d) in def.params.iter().zip(&p.preds[pred].args) {
        doms[s.index()] = Some(d);
    }
    let plain = plain_formula(p, &def.body, &mut doms, clues, visiting);
    visiting.pop();
    plain
}

fn plain_formula(p: &Program, f: &F, doms: &mut Vec<Option<DomId>>, clues: bool, visiting: &mut Vec<PredId>) -> bool {
    match f {
        F::Const(_) => true,
        F::Cmp(c) => plain_int(p, &c.a, doms) && plain_int(p, &c.b, doms),
        F::Not(a) => plain_formula(p, a, doms, clues, visiting),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            plain_formula(p, a, doms, clues, visiting) && plain_formula(p, b, doms, clues, visiting)
        }
        F::Quant(q) => {
            bind(doms, &q.binders);
            q.guard.as_ref().is_none_or(|g| plain_formula(p, g, doms, clues, visiting))
                && plain_formula(p, &q.body, doms, clues, visiting)
        }
        F::Atom(pred, args, _) => {
            let pr = &p.preds[*pred];
            let source = match &pr.kind {
                PredKind::Input(_) => clues || !pr.clue,
                PredKind::Def(_) => plain_pred(p, *pred, clues, visiting),
                _ => false,
            };
            source
                && args.iter().zip(&pr.args).all(|(t, &d)| match t {
                    T::Const(v) => p.domains[d].pos(*v).is_some(),
                    T::Var(s) => doms.get(s.index()).copied().flatten().is_some_and(|b| within(p, b, d)),
                    _ => false,
                })
        }
        _ => false,
    }
}

fn bind(doms: &mut Vec<Option<DomId>>, binders: &[Bound]) {
    for b in binders {
        if doms.len() <= b.slot.index() {
            doms.resize(b.slot.index() + 1, None);
        }
        doms[b.slot.index()] = Some(b.dom);
    }
}

/// Whether every value of domain `inner` is one of `outer`.
fn within(p: &Program, inner: DomId, outer: DomId) -> bool {
    inner == outer || p.domains[inner].values.iter().all(|v| p.domains[outer].pos(*v).is_some())
}

/// An integer term whose evaluation cannot fail: small integers, variables of small integer
/// domains, `+`, `-` and negation.
fn plain_int(p: &Program, t: &T, doms: &[Option<DomId>]) -> bool {
    let small = |v: &Val| matches!(v, Val::Int(i) if i.abs() <= SAFE);
    match t {
        T::Const(v) => small(v),
        T::Var(s) => doms.get(s.index()).copied().flatten().is_some_and(|d| p.domains[d].values.iter().all(small)),
        T::Bin(b) => matches!(b.op, Op::Add | Op::Sub) && plain_int(p, &b.a, doms) && plain_int(p, &b.b, doms),
        T::Neg(a, _) => plain_int(p, a, doms),
        _ => false,
    }
}

/// The disjuncts of `f` (itself when it is not an `or`), in order.
fn disjuncts<'a>(f: &'a F, out: &mut Vec<&'a F>) {
    match f {
        F::Or(a, b) => {
            disjuncts(a, out);
            disjuncts(b, out);
        }
        _ => out.push(f),
    }
}

/// Most conjunctions a disjunct of a definition's body is planned as: a disjunction among its
/// conjuncts multiplies them, and is left whole where it would make more.
const MOST_PARTS: usize = 16;

/// A conjunction to plan: the binders (the parameters and opened `exists` variables) and the
/// conjuncts.
type Part<'a> = (Vec<Bound>, Vec<&'a F>);

/// `parts`, each conjoined with `f` opened: an `exists` among the conjuncts gives its binders
/// and its guard's and body's conjuncts, opened likewise (`d(x) := exists y . b` is true of
/// exactly the `x` of the bindings of `x, y` that satisfy `b`, so the plan enumerates witnesses
/// instead of searching for one under every `x`: shimaguni's `touch`, every pair of rooms and
/// under it every pair of cells); a disjunction among them splits each part in one per
/// disjunct, while there are at most [`MOST_PARTS`] (akari's `sees`, same row or same column: an
/// equality that binds in each part instead of a test on every pair of cells). The union of the
/// parts' bindings is the set of true atoms either way.
fn open<'a>(f: &'a F, mut parts: Vec<Part<'a>>) -> Vec<Part<'a>> {
    match f {
        F::And(a, b) => open(b, open(a, parts)),
        F::Quant(q) if !q.all => {
            for (binders, _) in &mut parts {
                binders.extend(q.binders.iter().copied());
            }
            if let Some(g) = &q.guard {
                parts = open(g, parts);
            }
            open(&q.body, parts)
        }
        F::Or(..) => {
            let mut ds = Vec::new();
            disjuncts(f, &mut ds);
            if parts.len() * ds.len() <= MOST_PARTS {
                let split: Vec<Part<'a>> = ds.into_iter().flat_map(|d| open(d, parts.clone())).collect();
                if split.len() <= MOST_PARTS {
                    return split;
                }
            }
            parts.iter_mut().for_each(|(_, items)| items.push(f));
            parts
        }
        _ => {
            parts.iter_mut().for_each(|(_, items)| items.push(f));
            parts
        }
    }
}

/// `binders` in the order to plan a part in: each time, the first binder that an atom of an
/// input predicate among `conj` can generate (its one variable not bound yet, a bare argument),
/// else the first left. The plan generates a binder from an atom at the atom's last variable
/// only, so the written order (parameters, then the opened `exists`) may leave every atom to be
/// tested: aquarium's `same(r1, c1, r2, c2) := exists m . room(r1, c1, m) and room(r2, c2, m)`
/// ran through every pair of cells; planned as `r1, c1, m, r2, c2`, `m` and `c2` are generated
/// and `r2` alone runs through its domain. A definition's atom is not taken to generate: its
/// table costs more than it saves on the small domains definitions are asked over (slant's
/// `bottom(k1)` in `meet`: 1.01 times the instructions). The bindings that satisfy the part are
/// the same in any order: `def_true_atoms` sorts what it finds, and `fix_planned` fixes the
/// same atoms (its unit clauses come in the order found).
fn generated_early(p: &Program, binders: &[Bound], conj: &[&F]) -> Vec<Bound> {
    // Per atom of an input predicate among the conjuncts: the slot of each argument that is a
    // bare variable, and every slot its arguments read.
    let atoms: Vec<(Vec<Option<Slot>>, Vec<Slot>)> = conj
        .iter()
        .filter_map(|c| match c {
            F::Atom(pr, args, _) if matches!(p.preds[*pr].kind, PredKind::Input(_)) => Some((
                args.iter().map(|t| if let T::Var(s) = t { Some(*s) } else { None }).collect(),
                args.iter().flat_map(crate::walk::term_slots).collect(),
            )),
            _ => None,
        })
        .collect();
    if atoms.is_empty() {
        return binders.to_vec();
    }
    let mut left = binders.to_vec();
    let mut out: Vec<Bound> = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let generated = |b: &Bound| {
            atoms.iter().any(|(bare, reads)| {
                bare.iter().filter(|&&s| s == Some(b.slot)).count() == 1
                    && reads.iter().filter(|&&s| s == b.slot).count() == 1
                    && reads.iter().all(|&s| s == b.slot || out.iter().any(|o| o.slot == s))
            })
        };
        let at = left.iter().position(generated).unwrap_or(0);
        out.push(left.remove(at));
    }
    out
}

impl<'p> Grounder<'p> {
    /// Whether `pred` is a plain definition, decided once per grounding (and per whether it is
    /// grounding with groups by then: they begin after the size estimate).
    pub(crate) fn plain_def(&mut self, pred: PredId) -> bool {
        let p = self.p;
        let clues = self.tracker.is_none();
        *self.plain.entry((pred, clues)).or_insert_with(|| is_plain(p, pred, clues))
    }

    /// The indices of the true atoms of a plain definition `pred`, ascending, found by planning
    /// its body; `None` when `pred` is not one. Every atom's value is then known (memoised as if
    /// each had been evaluated).
    pub(crate) fn def_true_atoms(&mut self, pred: PredId) -> Result<Option<Rc<[usize]>>> {
        if let Some(found) = self.def_true.get(&pred) {
            return Ok(found.clone());
        }
        let p = self.p;
        if !self.plain_def(pred) {
            self.def_true.insert(pred, None);
            return Ok(None);
        }
        let PredKind::Def(def) = &p.preds[pred].kind else { return Ok(None) };
        // Every atom already evaluated (a size estimate asked for each): read, not planned.
        if let Some(found) = self.evaluated_true_atoms(pred) {
            let found: Rc<[usize]> = Rc::from(found);
            self.def_true.insert(pred, Some(found.clone()));
            return Ok(Some(found));
        }
        let binders: Vec<Bound> =
            def.params.iter().zip(&p.preds[pred].args).map(|(&slot, &dom)| Bound { slot, dom }).collect();
        let args: Vec<T> = def.params.iter().map(|&s: &Slot| T::Var(s)).collect();
        let mut found: Vec<usize> = Vec::new();
        self.each_satisfying(&binders, &def.body, &def.slots, &mut |me, env| {
            found.push(me.atom_index(pred, &args, p.preds[pred].span, env)?);
            Ok(())
        })?;
        found.sort_unstable();
        found.dedup();
        self.set_def_values(pred, &found);
        let found: Rc<[usize]> = Rc::from(found);
        self.def_true.insert(pred, Some(found.clone()));
        Ok(Some(found))
    }

    /// Calls `visit` on every binding of `binders` that satisfies the plain formula `f` (at least
    /// once each: the parts of a disjunction may overlap), planned as a guard: the disjuncts of
    /// `f` each, then what `open` splits them in, each with its binders in the order of
    /// [`generated_early`] (not the written order). `slots` names the variables in messages.
    fn each_satisfying(
        &mut self,
        binders: &[Bound],
        f: &F,
        slots: &'p [String],
        visit: &mut dyn FnMut(&mut Self, &mut Env) -> Result<()>,
    ) -> Result<()> {
        let p = self.p;
        let mut top = Vec::new();
        disjuncts(f, &mut top);
        let mut parts: Vec<Part> =
            top.into_iter().flat_map(|d| open(d, vec![(binders.to_vec(), Vec::new())])).collect();
        for (binders, conj) in &mut parts {
            *binders = generated_early(p, binders, conj);
        }
        let saved = self.slot_names;
        self.slot_names = slots;
        let mut run = |me: &mut Self| -> Result<()> {
            for (binders, part) in &parts {
                let plan = crate::nnf::plan_conjuncts(p, binders, part, &G::Const(false), true);
                let mut env = vec![None; slots.len()];
                me.each(&plan, &mut env, &mut |me, env| {
                    visit(me, env)?;
                    Ok(false)
                })?;
            }
            Ok(())
        };
        let r = run(self);
        self.slot_names = saved;
        r
    }

    /// Grounds the unit statement `forall xs | guard . not a(xs)` when its guard is plain and the
    /// atom takes each binder once, at an argument of the binder's own domain (bindings and atoms
    /// then correspond one to one); false, doing nothing, for any other statement. This is how a
    /// loop or a `connected` over a solved-for adjacency says that only some pairs of cells can
    /// be joined (`not link(r1, c1, r2, c2)` unless side by side), and the walk evaluated the
    /// guard on every pair of cells. Here the guard is planned as
    /// [`def_true_atoms`](Self::def_true_atoms) plans a body: a guard `not g` by the bindings of
    /// `g`, whose atoms are the ones left open (few: the pairs side by side), every other atom
    /// fixed false in one pass over the predicate's atoms; another guard by its own bindings,
    /// whose atoms are fixed false. A plain formula's evaluation cannot fail, so both find the
    /// atoms the walk fixes.
    pub(crate) fn fix_planned(&mut self, f: &F, slots: &'p [String]) -> Result<bool> {
        let p = self.p;
        let F::Quant(q) = f else { return Ok(false) };
        let (Some(guard), F::Not(atom), true) = (&q.guard, &q.body, q.all) else { return Ok(false) };
        let F::Atom(pred, args, span) = &**atom else { return Ok(false) };
        if !matches!(p.preds[*pred].kind, PredKind::Var) || args.len() != q.binders.len() {
            return Ok(false);
        }
        // Each binder once, as a bare argument of its own domain: then every atom of `pred` is
        // the atom of exactly one binding, which the pass over all atoms below relies on.
        let mut used = vec![false; q.binders.len()];
        for (t, &dom) in args.iter().zip(&p.preds[*pred].args) {
            let T::Var(s) = t else { return Ok(false) };
            match q.binders.iter().position(|b| b.slot == *s) {
                Some(i) if !used[i] && q.binders[i].dom == dom => used[i] = true,
                _ => return Ok(false),
            }
        }
        let mut doms: Vec<Option<DomId>> = vec![None; slots.len()];
        bind(&mut doms, &q.binders);
        let clues = self.tracker.is_none();
        let (open_where, complement) = match guard {
            F::Not(g) => (&**g, true),
            g => (g, false),
        };
        if !plain_formula(p, open_where, &mut doms, clues, &mut Vec::new()) {
            return Ok(false);
        }
        if !complement {
            self.each_satisfying(&q.binders, open_where, slots, &mut |me, env| {
                let idx = me.atom_index(*pred, args, *span, env)?;
                me.fix_atom(*pred, idx, false, *span)
            })?;
            return Ok(true);
        }
        let mut left_open = vec![false; self.atom_total(*pred)];
        self.each_satisfying(&q.binders, open_where, slots, &mut |me, env| {
            left_open[me.atom_index(*pred, args, *span, env)?] = true;
            Ok(())
        })?;
        for (idx, _) in left_open.iter().enumerate().filter(|(_, &o)| !o) {
            self.fix_atom(*pred, idx, false, *span)?;
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use crate::ground::{GroundOptions, Grounder};
    use crate::program::PredId;
    use crate::{load, Source};

    /// The true atoms of definition `name` of `model`: planned (`None` when it is not plain) and
    /// evaluated atom by atom on a grounder of its own.
    fn both(model: &str, name: &str) -> (Option<Vec<usize>>, Vec<usize>) {
        let p = load(&Source::new("t.qp", model), None, &[]).expect("the model loads");
        let i = p.preds.iter().position(|pr| pr.name == name).expect("the definition");
        let pred = PredId::new(i);
        let mut planned = Grounder::new(&p, &GroundOptions::default()).expect("grounder");
        let found = planned.def_true_atoms(pred).expect("planned").map(|f| f.to_vec());
        let mut each = Grounder::new(&p, &GroundOptions::default()).expect("grounder");
        let n: usize = p.preds[i].args.iter().map(|&d| p.domains[d].len()).product();
        let span = p.preds[i].span;
        let evaluated = (0..n).filter(|&idx| each.data_atom(pred, idx, span).expect("evaluated")).collect();
        (found, evaluated)
    }

    /// Planned, the same atoms as evaluated one by one, and at least `least` of them.
    fn same(model: &str, name: &str, least: usize) {
        let (found, evaluated) = both(model, name);
        let found = found.unwrap_or_else(|| panic!("{name} is plain"));
        assert_eq!(found, evaluated, "{name}");
        assert!(found.len() >= least, "{name}: {} true atoms", found.len());
    }

    const GRID: &str = "param rows = 4\nparam cols = 5\ndomain R = 1..rows\ndomain C = 1..cols\n\
                        domain I = 0..rows\ndomain K = 1..4\n";

    #[test]
    fn planned_definitions_have_the_true_atoms_of_the_evaluated_ones() {
        // Neighbours, with overlapping disjuncts and a disjunction of equalities inside one.
        let nb = "def nb(r1 in R, c1 in C, r2 in R, c2 in C) :=\n\
                  (r1 = r2 and (c1 - c2 = 1 or c2 - c1 = 1)) or (c1 = c2 and (r1 - r2 = 1 or r2 - r1 = 1))\n\
                  or (r1 = r2 and c1 = c2) or (r1 = r2 and c1 <= c2)\n";
        same(&format!("{GRID}{nb}"), "nb", 31);
        // Definitions read by definitions, parameters, a subdomain passed where its parent is
        // declared, negation, implication, a quantifier and an input predicate.
        let meet = "domain RS = {r in I | r >= 1}\n\
                    input pred wall(I, C)\nwall(2, 3)\nwall(4, 5)\n\
                    def low(k in K) := k = 2 or k = 4\n\
                    def side(r in I, k in K) := (r = 0 and k = 1) or (r = rows and low(k))\n\
                    def meet(r1 in I, k1 in K, r2 in I, k2 in K) :=\n\
                      (r2 = r1 + 1 and low(k1) and not low(k2)) or side(r1, k1) and r2 = 0 or\n\
                      (r1 = r2 and (k1 = 1 -> k2 = 3) and exists c in C . wall(r1, c) and c > k1)\n\
                    def sub(r in RS, k in K) := side(r, k) or -r + 2 = k\n";
        // `exists` opened into binders: with a guard, nested, beside a negated one (not opened),
        // and a disjunct that is one.
        let exists = "wall(2, 4)\nwall(3, 1)\n\
                      def pair(k1 in K, k2 in K) := k1 < k2 and exists r in I, c in C | wall(r, c) and c = k1 + 1 .\n\
                        exists c2 in C . c2 = c + 1 and wall(r, c2) and k2 >= r\n\
                      def lone(r in I, k in K) := (not (exists c in C . wall(r, c)) and exists j in K . j = r + k)\n\
                        or exists c in C . wall(r, c) and c = k + 2\n";
        // An `exists` whose variable two atoms share (aquarium's `same`), planned in another
        // order than written (`generated_early`), and one read through a parameter's atom.
        let rooms = "domain M = 1..3\ninput pred room(R, C, M)\n\
                     room(1, 1, 1) room(1, 2, 1) room(2, 1, 2) room(2, 2, 1) room(3, 4, 3) room(4, 4, 3)\n\
                     def together(r1 in R, c1 in C, r2 in R, c2 in C) := exists m in M . room(r1, c1, m) and room(r2, c2, m)\n\
                     def apart(r1 in R, c1 in C, r2 in R) := exists m in M, c2 in C . room(r1, c1, m) and room(r2, c2, m) and c2 > c1\n";
        let model = format!("{GRID}{meet}{exists}{rooms}");
        same(&model, "together", 10);
        same(&model, "apart", 2);
        same(&model, "pair", 2);
        same(&model, "lone", 5);
        same(&model, "low", 2);
        same(&model, "side", 3);
        same(&model, "meet", 20);
        same(&model, "sub", 3);
        // Not plain: arithmetic that can fail, an atom outside its domain.
        let not_plain = "clue pred given(R, C)\ngiven(1, 1)\ngiven(2, 3)\n\
                         def half(r in R, c in C) := r / 2 = c\n\
                         def hint(r in R, c in C) := given(r, c) or r = c\n\
                         def wide(i in K, c in C) := i = 1 or i < 4 and low(i + 1)\n\
                         def low(k in K) := k = 2\n";
        let model = format!("{GRID}{not_plain}");
        for name in ["half", "wide"] {
            let (found, evaluated) = both(&model, name);
            assert_eq!(found, None, "{name} is not plain");
            assert!(!evaluated.is_empty(), "{name}");
        }
        // A clue read: plain, but not when grounding with groups (explain.rs).
        same(&model, "hint", 5);
        let p = load(&Source::new("t.qp", &model), None, &[]).expect("the model loads");
        let hint = PredId::new(p.preds.iter().position(|pr| pr.name == "hint").expect("hint"));
        let mut grouped = Grounder::new(&p, &GroundOptions::default()).expect("grounder");
        grouped.tracker = Some(crate::explain::Tracker::default());
        assert_eq!(grouped.def_true_atoms(hint).expect("asked"), None, "hint with groups");
    }

    /// The order a part is planned in: a binder that an atom of data generates comes as soon as
    /// the atom's other variables are bound; with none, the written order.
    #[test]
    fn a_part_is_planned_with_generated_binders_early() {
        let model = format!(
            "{GRID}domain M = 1..3\ninput pred room(R, C, M)\nroom(1, 1, 1)\n\
             def together(r1 in R, c1 in C, r2 in R, c2 in C) := exists m in M . room(r1, c1, m) and room(r2, c2, m)\n\
             def near(r1 in R, c1 in C, r2 in R, c2 in C) := r1 = r2 and c1 < c2\n"
        );
        let p = load(&Source::new("t.qp", model), None, &[]).expect("the model loads");
        let order = |name: &str| {
            let def = p.preds.iter().find(|pr| pr.name == name).expect(name);
            let crate::program::PredKind::Def(d) = &def.kind else { panic!("{name} is a definition") };
            let binders: Vec<crate::program::Bound> =
                d.params.iter().zip(&def.args).map(|(&slot, &dom)| crate::program::Bound { slot, dom }).collect();
            let parts = super::open(&d.body, vec![(binders, Vec::new())]);
            assert_eq!(parts.len(), 1, "{name}: one part");
            let (binders, conj) = &parts[0];
            super::generated_early(&p, binders, conj)
                .iter()
                .map(|b| d.slots[b.slot.index()].clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(order("together"), ["r1", "c1", "m", "r2", "c2"]);
        assert_eq!(order("near"), ["r1", "c1", "r2", "c2"]);
    }

    /// `fix_planned` takes the unit statements of its shape (a `not g` guard, another plain
    /// guard, the atom's arguments in another order than the binders) and fixes the atoms the
    /// walk (`Grounder::fix`) fixes; it leaves the others to the walk (a binder of a smaller
    /// domain than its argument's, a guard that is not plain).
    #[test]
    fn unit_statements_with_plain_guards_fix_what_the_walk_fixes() {
        let model = format!(
            "{GRID}domain S = {{ r in R | r < 3 }}\ninput pred hole(R, C)\nhole(2, 3)\n\
             pred link(R, C, R, C)\npred q(C, R)\n\
             forall r1, r2 in R, c1, c2 in C | not ((r1 = r2 and c2 = c1 + 1) or (c1 = c2 and r2 = r1 + 1)) .\n\
               not link(r1, c1, r2, c2)\n\
             forall r in R, c in C | hole(r, c) or c = 1 . not q(c, r)\n\
             forall r in S, c in C | c = 2 . not q(c, r)\n\
             forall r in R, c in C | r * c = 12 . not q(c, r)\n"
        );
        let p = load(&Source::new("t.qp", model), None, &[]).expect("the model loads");
        let pred = |name: &str| PredId::new(p.preds.iter().position(|pr| pr.name == name).expect(name));
        let (link, q) = (pred("link"), pred("q"));
        let mut planned = Grounder::new(&p, &GroundOptions::default()).expect("grounder");
        let mut walked = Grounder::new(&p, &GroundOptions::default()).expect("grounder");
        let mut took = Vec::new();
        for s in &p.stmts {
            took.push(planned.fix_planned(&s.f, &s.slots).expect("planned"));
            if !took.last().copied().unwrap_or(false) {
                planned.in_statement(&s.slots);
                let g = crate::nnf::nnf(&p, &s.f, true).expect("nnf");
                planned.fix(&g, &mut vec![None; s.slots.len()]).expect("walked");
            }
            walked.in_statement(&s.slots);
            let g = crate::nnf::nnf(&p, &s.f, true).expect("nnf");
            walked.fix(&g, &mut vec![None; s.slots.len()]).expect("walked");
        }
        assert_eq!(took, [true, true, false, false]);
        for pr in [link, q] {
            let fixed: Vec<Option<bool>> = (0..walked.atom_total(pr)).map(|i| walked.fixed(pr, i)).collect();
            let same: Vec<Option<bool>> = (0..planned.atom_total(pr)).map(|i| planned.fixed(pr, i)).collect();
            assert_eq!(same, fixed, "{}", p.preds[pr.index()].name);
            assert!(fixed.contains(&None) && fixed.contains(&Some(false)), "{}", p.preds[pr.index()].name);
        }
    }
}

#[cfg(test)]
mod deciding_atoms {
    use crate::ground::GroundOptions;
    use crate::{load, Source};

    /// `Ok` or the error's text when `model` grounds.
    fn grounded(model: &str) -> Result<(), String> {
        let p = load(&Source::new("t.qp", model), None, &[]).map_err(|e| e.to_string())?;
        crate::ground(&p, &GroundOptions::default()).map(|_| ()).map_err(|e| format!("{e:?}"))
    }

    /// A quantifier without a guard raises what it raised when its atom evaluated one binding at
    /// a time, and nothing it did not: its atom is taken as a guard only where that changes
    /// nothing but the work (ground.rs, `deciding_atom`).
    #[test]
    fn an_unguarded_quantifier_raises_what_it_raised() {
        // Over a definition that is not plain (a division): only the first atom is asked.
        let division = "domain D = 1..20\ndef ok(x in D) := 100 / (20 - x) >= 0\n\
                        def some(x in D) := exists v in D . ok(v)\npred p(D)\nforall x in D | some(x) . p(x)\n";
        assert_eq!(grounded(division), Ok(()));
        // A recursive definition asked only below its own atom.
        let recursive = "domain D = 1..20\ndef reach(x in D) := x = 1 or exists v in D . reach(v) and v + 1 = x\n\
                         pred p(D)\nforall x in D | reach(x) . p(x)\n";
        assert_eq!(grounded(recursive), Ok(()));
        // A variable over an inline set keeps its order: v = 2 first, and its division by zero.
        let order = "domain A = 1..8\ndomain D = 1..2\ninput pred d(D)\nd(1)\nd(2)\n\
                     def q(x in A) := exists a in A, v in {2, 1} . d(v) and 10 / (v - 2) < 0\n\
                     pred p(A)\nforall x in A | q(x) . p(x)\n";
        assert!(grounded(order).is_err_and(|e| e.contains("zero")), "{:?}", grounded(order));
        // An argument outside its domain names the whole binding.
        let outside = "domain R = 1..4\ndomain V = 1..20\ninput pred n(R, V)\n\
                       def big(r in R) := exists v in V . n(r + 1, v)\npred p(R)\nforall r in R | big(r) . p(r)\n";
        assert!(grounded(outside).is_err_and(|e| e.contains("v = 1")), "{:?}", grounded(outside));
    }
}
