//! A [`super::CheckSession`]'s check plan: each statement resolved once, by the checker's own
//! evaluation of the program, into a flat formula over the solution's atoms and integer values,
//! then evaluated on every solution without a binding, a lookup by tuple or an allocation.
//!
//! Everything that does not depend on the solution is decided when the plan is built: the
//! quantifiers are expanded over their domains (a binder that the first guard conjunct its value
//! decides ties to an input atom's facts or to solved equalities takes only those values; the
//! guards over data run as compiled programs, `guard.rs`), guards and atoms over data (input facts,
//! definitions, parameters, bound variables, constants) become constants, and an atom or an
//! integer variable with known arguments becomes a position in a per-solution table. What is
//! left is an arena of nodes (`and`, `or`, counts, comparisons of sums...) evaluated left to
//! right, short-circuiting as the tree walk does. It may read more of a solution than the tree
//! walk: a guard conjunct over the solution at every binding (where the tree walk's index of true
//! atoms skips bindings) and every atom of a count of plain atoms. Reading more can only make it
//! unsure (an integer without a value, an arithmetic error there), never make it accept. A
//! definition reads only data: it is expanded once per argument tuple while a plan is built (a
//! memo of its value), each expansion counted against the budget of bindings.
//!
//! The plan only ever accepts: a statement it finds true (with no evaluation error on the way) is
//! true; one it finds false, or cannot evaluate (an arithmetic error, an integer variable without
//! a value), is judged again by the tree walk, whose verdict and message are the checker's. A
//! statement of a shape the plan does not cover (`connected`, `runs`, `min`/`max`, orders, an
//! atom whose arguments read the solution...), or whose expansion is too large, is always judged
//! by the tree walk. Nothing here comes from the grounder or the encoding.

use super::guard::Guard;
use crate::ast::CountKind;
use crate::program::{arith, Binders, CmpOp, Op, PredId, PredKind, Program, Val, F, T};
use crate::solution::Solution;
use crate::walk::formula_slots;
use std::collections::HashMap;
use std::sync::Arc;

/// Above this many nodes, terms and children in all a session's plans, no more statements are
/// planned (memory: each entry is a few words).
const PLAN_LIMIT: usize = 2_000_000;

/// Bindings a plan may visit while it is built, per solution already judged by the tree walk:
/// planning costs about 1,000 instructions a binding (callgrind, release), so a session spends on
/// it at most about two tree walks of a small model (100,000 to 200,000 instructions) per solution
/// it has judged; a plan cut short is built again with 4 times the budget after 4 times the
/// solutions (`CheckSession`).
pub(super) const BINDINGS_PER_SOLUTION: usize = 2_000;

/// The most bindings a plan visits while it is built, whatever the number of solutions.
pub(super) const BINDING_LIMIT: usize = 4_000_000;

/// A solved-for predicate or integer variable gets a table only up to this many argument tuples.
const TABLE_LIMIT: usize = 1 << 20;

/// Definitions are expanded at most this deep (they cannot recurse; a loop must not hang).
const DEF_DEPTH: usize = 64;

/// The bit of a `Node::Lits` position that negates it (positions stay below `TABLES_LIMIT`).
const NEGATED: u32 = 1 << 31;

/// Whether a plan of `p` certainly visits at most `budget` bindings: the sum, over its
/// quantifiers, counts, sums and `alldifferent`s, of the product of their and the enclosing
/// binders' domains (before any guard or generator), with no definition to expand. A session
/// builds such a plan at its first solution: it costs less than that solution's tree walk.
pub(super) fn within(p: &Program, budget: usize) -> bool {
    let mut n = 0usize;
    for st in &p.stmts {
        n = n.saturating_add(formula_bound(p, &st.f, 1));
    }
    n <= budget
}

/// The product of `outer` and the sizes of `binders`' domains.
fn times(p: &Program, binders: &Binders, outer: usize) -> usize {
    binders.iter().fold(outer, |n, b| n.saturating_mul(p.domains.get(b.dom.index()).map_or(usize::MAX, |d| d.len())))
}

/// The bindings `f` visits at most, under `outer` bindings of the binders around it.
fn formula_bound(p: &Program, f: &F, outer: usize) -> usize {
    let quant = |binders: &Binders, guard: Option<&F>, inner: &dyn Fn(usize) -> usize| {
        let n = times(p, binders, outer);
        n.saturating_add(guard.map_or(0, |g| formula_bound(p, g, n))).saturating_add(inner(n))
    };
    match f {
        F::Const(_) => 0,
        F::Atom(pr, args, _) => match p.preds.get(pr.index()).map(|x| &x.kind) {
            Some(PredKind::Def(_)) | None => usize::MAX,
            Some(_) => args.iter().fold(0, |n, a| n.saturating_add(term_bound(p, a, outer))),
        },
        F::Cmp(c) => term_bound(p, &c.a, outer).saturating_add(term_bound(p, &c.b, outer)),
        F::Not(a) => formula_bound(p, a, outer),
        F::And(a, b) | F::Or(a, b) | F::Imp(a, b) | F::Iff(a, b) | F::Xor(a, b) => {
            formula_bound(p, a, outer).saturating_add(formula_bound(p, b, outer))
        }
        F::Quant(q) => quant(&q.binders, q.guard.as_ref(), &|n| formula_bound(p, &q.body, n)),
        F::Count(c) => quant(&c.binders, c.guard.as_ref(), &|n| formula_bound(p, &c.lit, n))
            .saturating_add(term_bound(p, &c.bound, outer)),
        F::Parity(c) => quant(&c.binders, c.guard.as_ref(), &|n| formula_bound(p, &c.lit, n)),
        F::AllDiff(a) => quant(&a.binders, a.guard.as_ref(), &|n| term_bound(p, &a.body, n))
            .saturating_add(a.except.as_ref().map_or(0, |t| term_bound(p, t, outer))),
        // Never planned.
        F::Connected(_) | F::Regions(_) | F::Order(_) | F::Lex(_) | F::Runs(_) | F::Global(_) => 0,
    }
}

fn term_bound(p: &Program, t: &T, outer: usize) -> usize {
    match t {
        T::Const(_) | T::Var(_) | T::MinMax(_) => 0,
        T::Bin(b) => term_bound(p, &b.a, outer).saturating_add(term_bound(p, &b.b, outer)),
        T::Neg(a, _) => term_bound(p, a, outer),
        T::IntVar(_, args, _) => args.iter().fold(0, |n, a| n.saturating_add(term_bound(p, a, outer))),
        T::Sum(s) => {
            let n = times(p, &s.binders, outer);
            n.saturating_add(s.guard.as_ref().map_or(0, |g| formula_bound(p, g, n)))
                .saturating_add(term_bound(p, &s.body, n))
        }
        T::Count(c) => {
            let n = times(p, &c.binders, outer);
            n.saturating_add(c.guard.as_ref().map_or(0, |g| formula_bound(p, g, n)))
                .saturating_add(formula_bound(p, &c.body, n))
        }
        T::Bool(f, _) => formula_bound(p, f, outer),
    }
}

/// `Flat::codes` of anything but an integer other than this one.
const OTHER: i64 = i64::MIN;

/// All a plan's atom tables together (and all its integer tables) have fewer positions than this.
const TABLES_LIMIT: usize = 1 << 30;

/// A formula of the plan: an index into `Flat::nodes`.
type NodeId = u32;
/// A term of the plan: an index into `Flat::terms`.
type TermId = u32;

/// A formula node. Children lists are ranges of `Flat::kids` (nodes) or `Flat::items`.
#[derive(Clone, Copy, Debug)]
enum Node {
    Const(bool),
    /// The atom at position `at` of the solution's atoms (`Flat::atoms`).
    Atom {
        at: u32,
    },
    Not(NodeId),
    /// Left to right, stopping at the first false.
    And {
        start: u32,
        len: u32,
    },
    /// Left to right, stopping at the first true.
    Or {
        start: u32,
        len: u32,
    },
    Imp(NodeId, NodeId),
    Iff(NodeId, NodeId),
    Xor(NodeId, NodeId),
    Cmp {
        op: CmpOp,
        a: TermId,
        b: TermId,
    },
    /// How many of the kids hold, against `bound`.
    Count {
        kind: CountKind,
        start: u32,
        len: u32,
        bound: TermId,
    },
    /// A chain of `and` (`all`) or `or` over atoms and negated atoms: `Plan::lits[start..start +
    /// len]`, each a position in `Flat::atoms` (its top bit set: negated).
    Lits {
        all: bool,
        start: u32,
        len: u32,
    },
    /// A chain of `and` over clauses (each an `or` of atoms and negated atoms): `Plan::clauses
    /// [start..start + len]`, each a range of `Plan::lits` (`forall ... . not q(i, j) or not q(i2,
    /// j2)`: one node, no recursion per clause).
    Clauses {
        start: u32,
        len: u32,
    },
    /// A chain of `and` (`all`) or `or` over comparisons of two integer variables:
    /// `Plan::cmps[start..start + len]`.
    IntCmps {
        all: bool,
        start: u32,
        len: u32,
    },
    /// How many atoms at `Plan::positions[start..start + len]` of `Flat::atoms` hold, against
    /// `bound` (the common count: a set of plain atoms, no evaluation error possible).
    CountAtoms {
        kind: CountKind,
        start: u32,
        len: u32,
        bound: TermId,
    },
    /// Whether an odd (`odd`) or even number of the kids hold.
    Parity {
        odd: bool,
        start: u32,
        len: u32,
    },
    /// The values of `items` (each a guard and a term) all differ, but for `except`.
    AllDiff {
        start: u32,
        len: u32,
        except: Option<TermId>,
    },
}

#[derive(Clone, Copy)]
enum Term {
    Const(Val),
    /// The integer variable at position `at` of the solution's values (`Flat::ints`).
    Int {
        at: u32,
    },
    Bin {
        op: Op,
        a: TermId,
        b: TermId,
    },
    Neg(TermId),
    /// The sum of `items` (each a guard and a term; a false guard adds nothing).
    Sum {
        start: u32,
        len: u32,
    },
    /// 1 if the node holds, else 0.
    Bool(NodeId),
    /// How many of the kids hold.
    Count {
        start: u32,
        len: u32,
    },
}

/// A comparison of two integer variables, each a position in `Flat::ints`.
#[derive(Clone, Copy)]
struct IntCmp {
    op: CmpOp,
    a: u32,
    b: u32,
}

/// A guard (`None`: none) and a term, of a sum or an `alldifferent`.
#[derive(Clone, Copy)]
struct Item {
    guard: Option<NodeId>,
    term: TermId,
}

/// A compiled formula or term: a constant, or a node of the plan.
#[derive(Clone, Copy, Debug)]
enum Cf {
    Known(bool),
    Node(NodeId),
}

#[derive(Clone, Copy)]
enum Ct {
    Known(Val),
    Term(TermId),
}

/// A quantifier's bindings while a plan is built (`Plan::bindings`).
struct Walk<'w> {
    binders: &'w Binders,
    /// The leading conjuncts over data, compiled.
    tests: Vec<Guard>,
    /// `due[c]`: the leading conjuncts over data to test once the first `c` binders are bound.
    due: &'w [Vec<usize>],
    /// The conjuncts after those.
    rest: &'w [&'w F],
    /// Per binder, where its values come from (`None`: its domain).
    gens: Vec<Option<Gen>>,
}

/// Where a binder's values come from while a plan is built (`Plan::generator`).
enum Gen {
    /// An input predicate's facts.
    Facts {
        pred: PredId,
        /// The atom's other arguments: position and value.
        known: Vec<(usize, Known)>,
        /// The binder's values in facts, by the other arguments' values, in its domain's order.
        table: Arc<super::index::Table>,
    },
    /// An equality, or a disjunction of equalities, solved for the binder.
    Solved(Vec<Solved>),
}

/// A generator's facts, borrowed.
struct Facts<'g> {
    pred: PredId,
    known: &'g [(usize, Known)],
    table: &'g Arc<super::index::Table>,
}

/// An equality `lhs = rhs` whose side `lhs` holds the binder once, in sums and differences:
/// `value` is the binder's value that makes it hold.
struct Solved {
    lhs: T,
    rhs: T,
    value: T,
}

/// An argument known before a generated binder is bound.
#[derive(Clone, Copy)]
enum Known {
    Const(Val),
    /// A variable's slot.
    Slot(usize),
}

/// A binder's values: its domain, or a range of a generator's table.
enum Vals<'d> {
    All(&'d [Val]),
    Some(Arc<super::index::Table>, usize, usize),
    /// Solved for.
    Own(Vec<Val>),
}

/// Why a statement is not planned (it stays with the tree walk).
pub(super) struct Abort;

pub(super) type Built<X> = Result<X, Abort>;

/// The plans of a program's statements: built once per program (kept in the checker's cache and
/// shared by the threads of a count), read by every [`Flat`].
pub(crate) struct Plan {
    nodes: Vec<Node>,
    terms: Vec<Term>,
    kids: Vec<NodeId>,
    items: Vec<Item>,
    /// Atom positions of `Node::CountAtoms`.
    positions: Vec<u32>,
    /// Literals of `Node::Lits` and `Node::Clauses`.
    lits: Vec<u32>,
    /// Clauses of `Node::Clauses`: ranges (start, length) of `lits`.
    clauses: Vec<(u32, u32)>,
    /// Comparisons of `Node::IntCmps`.
    cmps: Vec<IntCmp>,
    /// Per statement, its plan: a constant, a node, or `None` (the tree walk judges it).
    stmts: Vec<Option<Cf>>,
    /// The solved-for predicates with a table: each one's table is `Flat::atoms[base..base +
    /// size]` (predicate, size, base).
    atom_preds: Vec<Table>,
    /// The integer variables with a table, in `Flat::ints` as above.
    int_preds: Vec<Table>,
    /// Bindings visited while planning.
    visited: usize,
    /// The most bindings it could visit.
    budget: usize,
    /// Whether a statement was left to the tree walk for want of budget (a larger one may plan it).
    cut: bool,
    /// While building: the value of each definition expanded so far, by its arguments.
    /// Definitions read only data, so one value serves every use (without it, stacked
    /// definitions were expanded once per use: exponential in their depth).
    defs: HashMap<(PredId, Vec<Val>), bool>,
    /// While building: the generators' tables, by predicate, known positions and the binder's.
    gen_tables: HashMap<(PredId, Vec<usize>, usize), Arc<super::index::Table>>,
    /// While building: lists of parts of chains, kept to save an allocation per chain.
    parts: Vec<Vec<Cf>>,
    /// While building: the stack of the guards' programs.
    stack: Vec<Val>,
    /// While building: a chain's nodes (`Plan::chain`), kept to save an allocation per chain.
    scratch: Vec<NodeId>,
}

/// A solved-for predicate's or integer variable's table in a [`Flat`]: its positions `base..base +
/// size`.
#[derive(Clone, Copy)]
struct Table {
    pred: PredId,
    size: usize,
    base: usize,
}

/// A session's evaluation of a [`Plan`]: the current solution's tables, reused from one solution
/// to the next (every predicate's table in one vector, every integer variable's in another).
pub(super) struct Flat {
    plan: Arc<Plan>,
    atoms: Vec<bool>,
    ints: Vec<Option<Val>>,
    /// `ints` again, an integer as itself, a symbol, no value and `i64::MIN` as `OTHER`: `=` and
    /// `=/=` of two integers compare one word each.
    codes: Vec<i64>,
    /// Scratch values of an `alldifferent`.
    scratch: Vec<Val>,
}

/// An evaluation error or an undefined value: the tree walk decides.
struct Unsure;

impl Plan {
    /// Plans every statement of `p` it can, visiting at most `budget` bindings (at most
    /// [`BINDING_LIMIT`]). Not inlined: it runs once or a few times per count, and profiles
    /// (`--toggle-collect`) find it under its own name.
    #[inline(never)]
    pub(super) fn build(p: &Program, budget: usize) -> Plan {
        let budget = budget.min(BINDING_LIMIT);
        let mut f = Plan {
            nodes: Vec::new(),
            terms: Vec::new(),
            kids: Vec::new(),
            items: Vec::new(),
            positions: Vec::new(),
            lits: Vec::new(),
            clauses: Vec::new(),
            cmps: Vec::new(),
            stmts: Vec::new(),
            atom_preds: Vec::new(),
            int_preds: Vec::new(),
            visited: 0,
            budget,
            cut: false,
            defs: HashMap::new(),
            scratch: Vec::new(),
            stack: Vec::new(),
            parts: Vec::new(),
            gen_tables: HashMap::new(),
        };
        for st in &p.stmts {
            let marks = (
                f.nodes.len(),
                f.terms.len(),
                f.kids.len(),
                f.items.len(),
                f.positions.len(),
                f.lits.len(),
                f.cmps.len(),
                f.clauses.len(),
            );
            let mut env = vec![None; st.slots.len()];
            let out = f.formula(p, &st.f, &mut env, 0);
            let plan = match out {
                Ok(c) if f.size() <= PLAN_LIMIT && f.visited <= f.budget => Some(c),
                _ => {
                    f.cut |= f.visited > f.budget && f.budget < BINDING_LIMIT;
                    // Dropped: its nodes go too.
                    f.nodes.truncate(marks.0);
                    f.terms.truncate(marks.1);
                    f.kids.truncate(marks.2);
                    f.items.truncate(marks.3);
                    f.positions.truncate(marks.4);
                    f.lits.truncate(marks.5);
                    f.cmps.truncate(marks.6);
                    f.clauses.truncate(marks.7);
                    None
                }
            };
            f.stmts.push(plan);
        }
        // Only for building: not kept in the cache.
        f.defs = HashMap::new();
        f.gen_tables = HashMap::new();
        f
    }

    fn size(&self) -> usize {
        self.nodes.len()
            + self.terms.len()
            + self.kids.len()
            + 2 * self.items.len()
            + self.positions.len()
            + self.lits.len()
            + 2 * self.clauses.len()
            + 3 * self.cmps.len()
    }

    /// Whether a larger budget could plan more statements.
    pub(super) fn cut(&self) -> bool {
        self.cut
    }

    /// The budget it was built with.
    pub(super) fn budget(&self) -> usize {
        self.budget
    }

    /// How many statements are planned (the others are the tree walk's alone).
    pub(super) fn planned(&self) -> usize {
        self.stmts.iter().filter(|s| s.is_some()).count()
    }
}

impl Flat {
    /// An evaluation of `plan`, with empty tables.
    pub(super) fn new(plan: Arc<Plan>) -> Flat {
        let end = |tables: &[Table]| tables.last().map_or(0, |t| t.base + t.size);
        let atoms = vec![false; end(&plan.atom_preds)];
        let ints = vec![None; end(&plan.int_preds)];
        let codes = vec![OTHER; ints.len()];
        Flat { plan, atoms, ints, codes, scratch: Vec::new() }
    }

    /// Fills the tables from `s`.
    pub(super) fn load(&mut self, p: &Program, s: &Solution) {
        self.atoms.fill(false);
        for &Table { pred: pr, size, base } in &self.plan.atom_preds {
            let Some(table) = self.atoms.get_mut(base..base + size) else { continue };
            let Some(pred) = p.preds.get(pr.index()) else { continue };
            // The last entry, as the tree walk's table of atoms takes it.
            if let Some(v) = s.preds.iter().rfind(|v| v.pred == pr) {
                for t in &v.atoms {
                    if let Some(x) = super::dense::position(p, pred, t).and_then(|i| table.get_mut(i)) {
                        *x = true;
                    }
                }
            }
        }
        self.ints.fill(None);
        self.codes.fill(OTHER);
        for &Table { pred: pr, size, base } in &self.plan.int_preds {
            let Some(table) = self.ints.get_mut(base..base + size) else { continue };
            let Some(pred) = p.preds.get(pr.index()) else { continue };
            // The first entry, as the solution's own lookup finds it.
            if let Some(v) = s.ints.iter().find(|v| v.pred == pr) {
                for (t, &x) in &v.values {
                    let Some(i) = super::dense::position(p, pred, t) else { continue };
                    if let Some(slot) = table.get_mut(i) {
                        *slot = Some(x);
                        if let Some(code) = self.codes.get_mut(base + i) {
                            *code = if let Val::Int(v) = x { v } else { OTHER };
                        }
                    }
                }
            }
        }
    }

    /// The plan's verdict on statement `k` of the loaded solution: `Some(true)` only when it
    /// holds, `Some(false)` when it does not; `None` when the tree walk must judge it (not
    /// planned, or not evaluable here: an arithmetic error, an integer without a value).
    pub(super) fn holds(&mut self, k: usize) -> Option<bool> {
        match self.plan.stmts.get(k).copied().flatten()? {
            Cf::Known(b) => Some(b),
            Cf::Node(n) => self.holds_at(n).ok(),
        }
    }

    // ---- evaluation ----

    fn holds_at(&mut self, n: NodeId) -> Result<bool, Unsure> {
        Ok(match self.plan.nodes[n as usize] {
            Node::Const(b) => b,
            Node::Atom { at } => self.atoms[at as usize],
            Node::Not(a) => !self.holds_at(a)?,
            Node::And { start, len } => {
                for i in start..start + len {
                    if !self.holds_at(self.plan.kids[i as usize])? {
                        return Ok(false);
                    }
                }
                true
            }
            Node::Or { start, len } => {
                for i in start..start + len {
                    if self.holds_at(self.plan.kids[i as usize])? {
                        return Ok(true);
                    }
                }
                false
            }
            Node::Imp(a, b) => !self.holds_at(a)? || self.holds_at(b)?,
            Node::Iff(a, b) => self.holds_at(a)? == self.holds_at(b)?,
            Node::Xor(a, b) => self.holds_at(a)? != self.holds_at(b)?,
            Node::Cmp { op, a, b } => {
                let x = self.value(a)?;
                let y = self.value(b)?;
                op.holds(x, y).ok_or(Unsure)?
            }
            Node::Count { kind, start, len, bound } => {
                let n = self.count(start, len)?;
                let Val::Int(k) = self.value(bound)? else { return Err(Unsure) };
                match kind {
                    CountKind::Exactly => n == k,
                    CountKind::AtMost => n <= k,
                    CountKind::AtLeast => n >= k,
                }
            }
            Node::Lits { all, start, len } => {
                let lits = &self.plan.lits[start as usize..(start + len) as usize];
                // `and`: every literal true; `or`: some literal true.
                let atoms = &self.atoms;
                let one = |&at: &u32| atoms[(at & !NEGATED) as usize] != (at & NEGATED != 0);
                if all {
                    lits.iter().all(one)
                } else {
                    lits.iter().any(one)
                }
            }
            Node::Clauses { start, len } => {
                let (lits, atoms) = (&self.plan.lits, &self.atoms);
                let one = |&at: &u32| atoms[(at & !NEGATED) as usize] != (at & NEGATED != 0);
                self.plan.clauses[start as usize..(start + len) as usize]
                    .iter()
                    .all(|&(s, l)| lits[s as usize..(s + l) as usize].iter().any(one))
            }
            Node::IntCmps { all, start, len } => {
                for c in &self.plan.cmps[start as usize..(start + len) as usize] {
                    let (a, b) = (c.a as usize, c.b as usize);
                    let (x, y) = (self.codes[a], self.codes[b]);
                    let holds = match c.op {
                        // Two integers.
                        CmpOp::Ne if x != OTHER && y != OTHER => x != y,
                        CmpOp::Eq if x != OTHER && y != OTHER => x == y,
                        op => {
                            let (Some(x), Some(y)) = (self.ints[a], self.ints[b]) else { return Err(Unsure) };
                            op.holds(x, y).ok_or(Unsure)?
                        }
                    };
                    // `and` stops at the first false, `or` at the first true.
                    if holds != all {
                        return Ok(!all);
                    }
                }
                all
            }
            Node::CountAtoms { kind, start, len, bound } => {
                let at = &self.plan.positions[start as usize..(start + len) as usize];
                let n = at.iter().filter(|&&i| self.atoms[i as usize]).count() as i64;
                let Val::Int(k) = self.value(bound)? else { return Err(Unsure) };
                match kind {
                    CountKind::Exactly => n == k,
                    CountKind::AtMost => n <= k,
                    CountKind::AtLeast => n >= k,
                }
            }
            Node::Parity { odd, start, len } => self.count(start, len)? % 2 == i64::from(odd),
            Node::AllDiff { start, len, except } => {
                let except = match except {
                    Some(t) => Some(self.value(t)?),
                    None => None,
                };
                let mut vals = std::mem::take(&mut self.scratch);
                vals.clear();
                let mut out = Ok(true);
                for i in start..start + len {
                    let Item { guard, term } = self.plan.items[i as usize];
                    match guard
                        .map_or(Ok(true), |g| self.holds_at(g))
                        .and_then(|on| on.then(|| self.value(term)).transpose())
                    {
                        Ok(Some(v)) if Some(v) != except => vals.push(v),
                        Ok(_) => {}
                        Err(e) => {
                            out = Err(e);
                            break;
                        }
                    }
                }
                if out.is_ok() {
                    vals.sort_unstable();
                    out = Ok(vals.windows(2).all(|w| w[0] != w[1]));
                }
                self.scratch = vals;
                out?
            }
        })
    }

    fn count(&mut self, start: u32, len: u32) -> Result<i64, Unsure> {
        let mut n = 0;
        for i in start..start + len {
            if self.holds_at(self.plan.kids[i as usize])? {
                n += 1;
            }
        }
        Ok(n)
    }

    fn value(&mut self, t: TermId) -> Result<Val, Unsure> {
        Ok(match self.plan.terms[t as usize] {
            Term::Const(v) => v,
            Term::Int { at } => self.ints[at as usize].ok_or(Unsure)?,
            Term::Bin { op, a, b } => {
                let x = self.value(a)?;
                let y = self.value(b)?;
                arith(op, x, y, crate::error::Span::default()).map_err(|_| Unsure)?
            }
            Term::Neg(a) => {
                let x = self.value(a)?;
                arith(Op::Sub, Val::Int(0), x, crate::error::Span::default()).map_err(|_| Unsure)?
            }
            Term::Sum { start, len } => {
                let mut acc = Val::Int(0);
                for i in start..start + len {
                    let Item { guard, term } = self.plan.items[i as usize];
                    if let Some(g) = guard {
                        if !self.holds_at(g)? {
                            continue;
                        }
                    }
                    let x = self.value(term)?;
                    acc = arith(Op::Add, acc, x, crate::error::Span::default()).map_err(|_| Unsure)?;
                }
                acc
            }
            Term::Bool(n) => Val::Int(i64::from(self.holds_at(n)?)),
            Term::Count { start, len } => Val::Int(self.count(start, len)?),
        })
    }
}

impl Plan {
    // ---- building ----

    fn node(&mut self, n: Node) -> Built<Cf> {
        let (id, _) = append(&mut self.nodes, &[n])?;
        self.within_limit()?;
        Ok(Cf::Node(id))
    }

    fn new_term(&mut self, t: Term) -> Built<Ct> {
        let (id, _) = append(&mut self.terms, &[t])?;
        self.within_limit()?;
        Ok(Ct::Term(id))
    }

    fn within_limit(&self) -> Built<()> {
        if self.size() > PLAN_LIMIT {
            return Err(Abort);
        }
        Ok(())
    }

    /// A node for `c` (a constant becomes a `Const` node).
    fn as_node(&mut self, c: Cf) -> Built<NodeId> {
        match c {
            Cf::Node(n) => Ok(n),
            Cf::Known(b) => match self.node(Node::Const(b))? {
                Cf::Node(n) => Ok(n),
                Cf::Known(_) => Err(Abort),
            },
        }
    }

    fn as_term(&mut self, c: Ct) -> Built<TermId> {
        match c {
            Ct::Term(t) => Ok(t),
            Ct::Known(v) => match self.new_term(Term::Const(v))? {
                Ct::Term(t) => Ok(t),
                Ct::Known(_) => Err(Abort),
            },
        }
    }

    /// A list of nodes as kids (a contiguous range).
    fn kids_of(&mut self, list: &[NodeId]) -> Built<(u32, u32)> {
        append(&mut self.kids, list)
    }

    fn items_of(&mut self, list: &[Item]) -> Built<(u32, u32)> {
        append(&mut self.items, list)
    }

    /// A chain of `and` (`all`) or `or`, left to right as the tree walk evaluates it: a constant
    /// that decides the chain ends it (what follows is never evaluated); a neutral one is left
    /// out; the parts before a deciding constant are kept (their evaluation may fail, and the
    /// tree walk would report that).
    fn chain(&mut self, all: bool, parts: &[Cf]) -> Built<Cf> {
        // One node, or none: no list to gather.
        match parts {
            [] => return Ok(Cf::Known(all)),
            [c] => return Ok(*c),
            [Cf::Known(b), c] if *b == all => return Ok(*c),
            _ => {}
        }
        let mut list = std::mem::take(&mut self.scratch);
        list.clear();
        let out = self.chain_of(all, parts, &mut list);
        self.scratch = list;
        out
    }

    /// [`Plan::chain`] gathering its nodes in `list`.
    fn chain_of(&mut self, all: bool, parts: &[Cf], list: &mut Vec<NodeId>) -> Built<Cf> {
        let mut decided = false;
        for &c in parts {
            match c {
                Cf::Known(b) if b == all => {}
                Cf::Known(_) => {
                    decided = true;
                    break;
                }
                Cf::Node(n) => list.push(n),
            }
        }
        if list.is_empty() {
            return Ok(Cf::Known(if decided { !all } else { all }));
        }
        if decided {
            let c = self.as_node(Cf::Known(!all))?;
            list.push(c);
        }
        if list.len() == 1 {
            return Ok(Cf::Node(list[0]));
        }
        // Atoms and negated atoms only: one node, no recursion per literal.
        if list.iter().all(|&n| self.literal(n).is_some()) {
            let start = u32::try_from(self.lits.len()).map_err(|_| Abort)?;
            for &n in list.iter() {
                let at = self.literal(n).ok_or(Abort)?;
                self.lits.push(at);
            }
            let len = u32::try_from(list.len()).map_err(|_| Abort)?;
            return self.node(Node::Lits { all, start, len });
        }
        // A conjunction of clauses (and of literals, clauses of one): one node of ranges of
        // literals, those of each clause's `Lits` node as they are.
        let clause = |n: NodeId| matches!(self.nodes[n as usize], Node::Lits { all: false, .. });
        if all && list.iter().all(|&n| clause(n) || self.literal(n).is_some()) {
            let start = u32::try_from(self.clauses.len()).map_err(|_| Abort)?;
            for &n in list.iter() {
                let range = match (self.nodes[n as usize], self.literal(n)) {
                    (Node::Lits { start, len, .. }, _) => (start, len),
                    (_, Some(at)) => (append(&mut self.lits, &[at])?.0, 1),
                    _ => return Err(Abort),
                };
                self.clauses.push(range);
            }
            let len = u32::try_from(list.len()).map_err(|_| Abort)?;
            return self.node(Node::Clauses { start, len });
        }
        // Comparisons of two integer variables only (`col(a) =/= col(b)` over the edges).
        let int = |t: TermId| match self.terms[t as usize] {
            Term::Int { at } => Some(at),
            _ => None,
        };
        let cmp = |n: NodeId| match self.nodes[n as usize] {
            Node::Cmp { op, a, b } => Some(IntCmp { op, a: int(a)?, b: int(b)? }),
            _ => None,
        };
        if let Some(mut cmps) = list.iter().map(|&n| cmp(n)).collect::<Option<Vec<_>>>() {
            // A conjunction of `=` and `=/=` holds without error, in any order, when each part
            // does: `col(a) =/= col(b)` and `col(b) =/= col(a)` (an edge given both ways) are
            // one test. Not a disjunction: its first true part would hide a later part's error.
            if all && cmps.iter().all(|c| matches!(c.op, CmpOp::Eq | CmpOp::Ne)) {
                for c in &mut cmps {
                    if c.a > c.b {
                        std::mem::swap(&mut c.a, &mut c.b);
                    }
                }
                cmps.sort_unstable_by_key(|c| (c.a, c.b, c.op == CmpOp::Ne));
                cmps.dedup_by_key(|c| (c.a, c.b, c.op == CmpOp::Ne));
            }
            let (start, len) = append(&mut self.cmps, &cmps)?;
            return self.node(Node::IntCmps { all, start, len });
        }
        let (start, len) = self.kids_of(list)?;
        self.node(if all { Node::And { start, len } } else { Node::Or { start, len } })
    }

    /// The plans of the parts of chain `f` of `and` (`all`) or `or`, left to right, into `parts`,
    /// up to a constant that decides the chain (what follows it is never evaluated, not even
    /// planned): whether there was one.
    fn chain_parts(
        &mut self,
        p: &Program,
        f: &F,
        all: bool,
        env: &mut super::Env,
        depth: usize,
        parts: &mut Vec<Cf>,
    ) -> Built<bool> {
        match (f, all) {
            (F::And(a, b), true) | (F::Or(a, b), false) => {
                Ok(self.chain_parts(p, a, all, env, depth, parts)? || self.chain_parts(p, b, all, env, depth, parts)?)
            }
            _ => {
                let c = self.formula(p, f, env, depth)?;
                parts.push(c);
                Ok(matches!(c, Cf::Known(b) if b != all))
            }
        }
    }

    /// Node `n` as a literal of `Node::Lits`: an atom's position, negated or not.
    fn literal(&self, n: NodeId) -> Option<u32> {
        match self.nodes[n as usize] {
            Node::Atom { at } => Some(at),
            Node::Not(a) => match self.nodes[a as usize] {
                Node::Atom { at } => Some(at | NEGATED),
                _ => None,
            },
            _ => None,
        }
    }

    fn formula(&mut self, p: &Program, f: &F, env: &mut super::Env, depth: usize) -> Built<Cf> {
        Ok(match f {
            F::Const(b) => Cf::Known(*b),
            F::Atom(pr, args, _) => self.atom(p, *pr, args, env, depth)?,
            F::Cmp(c) => {
                let a = self.term(p, &c.a, env, depth)?;
                let b = self.term(p, &c.b, env, depth)?;
                match (a, b) {
                    (Ct::Known(x), Ct::Known(y)) => Cf::Known(c.op.holds(x, y).ok_or(Abort)?),
                    _ => {
                        let (a, b) = (self.as_term(a)?, self.as_term(b)?);
                        self.node(Node::Cmp { op: c.op, a, b })?
                    }
                }
            }
            F::Not(a) => match self.formula(p, a, env, depth)? {
                Cf::Known(b) => Cf::Known(!b),
                Cf::Node(n) => self.node(Node::Not(n))?,
            },
            F::And(..) | F::Or(..) => {
                let all = matches!(f, F::And(..));
                let mut parts = self.parts.pop().unwrap_or_default();
                parts.clear();
                let out = self.chain_parts(p, f, all, env, depth, &mut parts).and_then(|_| self.chain(all, &parts));
                self.parts.push(parts);
                out?
            }
            F::Imp(a, b) => {
                let a = self.formula(p, a, env, depth)?;
                if matches!(a, Cf::Known(false)) {
                    return Ok(Cf::Known(true));
                }
                let b = self.formula(p, b, env, depth)?;
                match (a, b) {
                    (Cf::Known(true), b) => b,
                    (a, b) => {
                        let (a, b) = (self.as_node(a)?, self.as_node(b)?);
                        self.node(Node::Imp(a, b))?
                    }
                }
            }
            F::Iff(a, b) | F::Xor(a, b) => {
                let iff = matches!(f, F::Iff(..));
                let a = self.formula(p, a, env, depth)?;
                let b = self.formula(p, b, env, depth)?;
                match (a, b) {
                    (Cf::Known(x), Cf::Known(y)) => Cf::Known((x == y) == iff),
                    (a, b) => {
                        let (a, b) = (self.as_node(a)?, self.as_node(b)?);
                        self.node(if iff { Node::Iff(a, b) } else { Node::Xor(a, b) })?
                    }
                }
            }
            F::Quant(q) => {
                // forall: every binding's `guard -> body`; exists: some binding's `guard and body`.
                let mut parts = Vec::new();
                let all = q.all;
                let mut decided = false;
                self.bindings(p, &q.binders, q.guard.as_ref(), env, depth, &mut |me, env, guard| {
                    let one = if matches!(guard, Cf::Known(false)) {
                        // Holds for forall, no witness for exists: the body is not evaluated.
                        Cf::Known(all)
                    } else if all {
                        let body = me.formula(p, &q.body, env, depth)?;
                        match (guard, body) {
                            (Cf::Known(true), b) => b,
                            (g, b) => {
                                let (g, b) = (me.as_node(g)?, me.as_node(b)?);
                                me.node(Node::Imp(g, b))?
                            }
                        }
                    } else {
                        let body = me.formula(p, &q.body, env, depth)?;
                        me.chain(true, &[guard, body])?
                    };
                    parts.push(one);
                    // The tree walk stops at the first binding that decides.
                    decided = matches!(one, Cf::Known(b) if b != all);
                    Ok(decided)
                })?;
                self.chain(all, &parts)?
            }
            F::Count(c) => {
                let lits = self.counted(p, &c.binders, c.guard.as_ref(), &c.lit, env, depth)?;
                let bound = self.term(p, &c.bound, env, depth)?;
                let known = lits.iter().filter(|c| matches!(c, Cf::Known(true))).count();
                let open: Vec<NodeId> =
                    lits.iter().filter_map(|c| if let Cf::Node(n) = c { Some(*n) } else { None }).collect();
                if let (true, Ct::Known(Val::Int(k))) = (open.is_empty(), bound) {
                    let n = i64::try_from(known).map_err(|_| Abort)?;
                    return Ok(Cf::Known(match c.kind {
                        CountKind::Exactly => n == k,
                        CountKind::AtMost => n <= k,
                        CountKind::AtLeast => n >= k,
                    }));
                }
                let list = self.lit_list(&lits)?;
                let bound = self.as_term(bound)?;
                // Plain atoms: their positions, counted without a node each.
                let atom = |n: &NodeId| match self.nodes[*n as usize] {
                    Node::Atom { at } => Some(at),
                    _ => None,
                };
                match list.iter().map(atom).collect::<Option<Vec<u32>>>() {
                    Some(at) if !at.is_empty() => {
                        let (start, len) = append(&mut self.positions, &at)?;
                        self.node(Node::CountAtoms { kind: c.kind, start, len, bound })?
                    }
                    _ => {
                        let (start, len) = self.kids_of(&list)?;
                        self.node(Node::Count { kind: c.kind, start, len, bound })?
                    }
                }
            }
            F::Parity(c) => {
                let lits = self.counted(p, &c.binders, c.guard.as_ref(), &c.lit, env, depth)?;
                if lits.iter().all(|c| matches!(c, Cf::Known(_))) {
                    let n = lits.iter().filter(|c| matches!(c, Cf::Known(true))).count();
                    return Ok(Cf::Known(n % 2 == usize::from(c.odd)));
                }
                let list = self.lit_list(&lits)?;
                let (start, len) = self.kids_of(&list)?;
                self.node(Node::Parity { odd: c.odd, start, len })?
            }
            F::AllDiff(a) => {
                let except = match &a.except {
                    Some(t) => Some(self.term(p, t, env, depth)?),
                    None => None,
                };
                let items = self.items(p, &a.binders, a.guard.as_ref(), &a.body, env, depth)?;
                let except = match except {
                    Some(t) => Some(self.as_term(t)?),
                    None => None,
                };
                let (start, len) = self.items_of(&items)?;
                self.node(Node::AllDiff { start, len, except })?
            }
            F::Connected(_) | F::Regions(_) | F::Order(_) | F::Lex(_) | F::Runs(_) | F::Global(_) => return Err(Abort),
        })
    }

    /// The plans of a count's literal over its bindings (`guard and lit` each).
    fn counted(
        &mut self,
        p: &Program,
        binders: &Binders,
        guard: Option<&F>,
        lit: &F,
        env: &mut super::Env,
        depth: usize,
    ) -> Built<Vec<Cf>> {
        let mut lits = Vec::new();
        self.bindings(p, binders, guard, env, depth, &mut |me, env, g| {
            let one = if matches!(g, Cf::Known(false)) {
                Cf::Known(false)
            } else {
                let l = me.formula(p, lit, env, depth)?;
                me.chain(true, &[g, l])?
            };
            lits.push(one);
            Ok(false)
        })?;
        Ok(lits)
    }

    /// The nodes of the literals that are not known false (a known true one as a constant).
    fn lit_list(&mut self, lits: &[Cf]) -> Built<Vec<NodeId>> {
        let mut list = Vec::new();
        for &c in lits {
            if !matches!(c, Cf::Known(false)) {
                list.push(self.as_node(c)?);
            }
        }
        Ok(list)
    }

    /// The items (guard, term) of a sum or `alldifferent` over its bindings.
    fn items(
        &mut self,
        p: &Program,
        binders: &Binders,
        guard: Option<&F>,
        body: &T,
        env: &mut super::Env,
        depth: usize,
    ) -> Built<Vec<Item>> {
        let mut items = Vec::new();
        self.bindings(p, binders, guard, env, depth, &mut |me, env, g| {
            let guard = match g {
                Cf::Known(false) => return Ok(false),
                Cf::Known(true) => None,
                Cf::Node(n) => Some(n),
            };
            let t = me.term(p, body, env, depth)?;
            let term = me.as_term(t)?;
            items.push(Item { guard, term });
            Ok(false)
        })?;
        Ok(items)
    }

    /// Calls `f` on every binding of `binders` in the written order with the plan of `guard`
    /// there (a known false guard only where it is the tree walk's verdict too), until `f`
    /// returns true. Guard conjuncts over data, before any over the solution, are tested as soon
    /// as their variables are bound; a binder that is a bare argument of the first such conjunct
    /// its value decides, an input atom, takes only the values of that atom's facts
    /// ([`Plan::generator`]).
    fn bindings(
        &mut self,
        p: &Program,
        binders: &Binders,
        guard: Option<&F>,
        env: &mut super::Env,
        depth: usize,
        f: &mut dyn FnMut(&mut Self, &mut super::Env, Cf) -> Built<bool>,
    ) -> Built<()> {
        if binders.iter().any(|b| p.domains.get(b.dom.index()).is_none_or(|d| d.is_empty())) {
            return Ok(());
        }
        let conj: Vec<&F> = guard.map(|g| flatten(g, true)).unwrap_or_default();
        // The leading conjuncts over data, each with the number of binders it needs.
        let lead: Vec<usize> = conj
            .iter()
            .take_while(|c| super::data_formula(p, c))
            .map(|c| {
                formula_slots(c)
                    .iter()
                    .filter_map(|s| binders.iter().position(|b| b.slot == *s))
                    .map(|i| i + 1)
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        // A conjunct is tested no earlier than the one before it.
        let mut due = vec![Vec::new(); binders.len() + 1];
        let mut at = 0;
        for (k, &l) in lead.iter().enumerate() {
            at = at.max(l);
            due[at].push(k);
        }
        let gens = (0..binders.len()).map(|i| self.generator(p, binders, &conj, &due, i)).collect();
        let tests = conj[..lead.len()].iter().map(|c| Guard::new(c)).collect();
        let walk = Walk { binders, tests, due: &due, rest: &conj[lead.len()..], gens };
        self.level(p, &walk, 0, env, depth, f)?;
        for b in binders {
            if let Some(x) = env.get_mut(b.slot.index()) {
                *x = None;
            }
        }
        Ok(())
    }

    /// The generator of binder `i`: the first conjunct tested once it is bound (every conjunct
    /// before it is tested earlier), when that is an atom of an input predicate whose arguments
    /// are constants and variables bound before it, with binder `i` among them over its own
    /// domain. A value of binder `i` in no fact of that atom fails that first test, and nothing
    /// else is evaluated for it: skipping it is what the tree walk's evaluation would conclude.
    fn generator(&mut self, p: &Program, binders: &Binders, conj: &[&F], due: &[Vec<usize>], i: usize) -> Option<Gen> {
        let &k = due.get(i + 1)?.first()?;
        let b = binders[i];
        if let Some(solved) = solved(p, conj.get(k)?, b) {
            return Some(Gen::Solved(solved));
        }
        let F::Atom(pr, args, _) = conj.get(k)? else { return None };
        let pred = p.preds.get(pr.index())?;
        if !matches!(pred.kind, PredKind::Input(_)) || args.len() != pred.args.len() {
            return None;
        }
        let pos = args.iter().position(|a| matches!(a, T::Var(s) if *s == b.slot))?;
        if pred.args[pos] != b.dom {
            return None;
        }
        let mut known = Vec::new();
        for (at, a) in args.iter().enumerate() {
            match a {
                T::Var(s) if *s == b.slot => {}
                // Bound before binder `i` (an earlier binder, or outside these binders).
                T::Var(s) if binders.iter().position(|x| x.slot == *s).is_none_or(|j| j < i) => {
                    known.push((at, Known::Slot(s.index())));
                }
                T::Const(v) => known.push((at, Known::Const(*v))),
                _ => return None,
            }
        }
        let key = (*pr, known.iter().map(|k| k.0).collect::<Vec<_>>(), pos);
        let table = match self.gen_tables.get(&key) {
            Some(t) => t.clone(),
            None => {
                let t = Arc::new(super::index::input_table(p, *pr, key.1.clone(), pos, b.dom));
                self.gen_tables.insert(key, t.clone());
                t
            }
        };
        Some(Gen::Facts { pred: *pr, known, table })
    }

    fn level(
        &mut self,
        p: &Program,
        walk: &Walk,
        i: usize,
        env: &mut super::Env,
        depth: usize,
        f: &mut dyn FnMut(&mut Self, &mut super::Env, Cf) -> Built<bool>,
    ) -> Built<bool> {
        self.visited += 1;
        if self.visited > self.budget {
            return Err(Abort);
        }
        for &k in walk.due.get(i).map_or(&[][..], |v| v.as_slice()) {
            if !walk.tests[k].holds(p, env, &mut self.stack).map_err(|_| Abort)? {
                return Ok(false);
            }
        }
        let Some(b) = walk.binders.get(i) else {
            let mut parts = self.parts.pop().unwrap_or_default();
            parts.clear();
            let mut out = Ok(());
            for c in walk.rest {
                match self.formula(p, c, env, depth) {
                    Ok(x) => parts.push(x),
                    Err(e) => out = Err(e),
                }
                if out.is_err() || matches!(parts.last(), Some(Cf::Known(false))) {
                    break;
                }
            }
            let g = out.and_then(|_| self.chain(true, &parts));
            self.parts.push(parts);
            return f(self, env, g?);
        };
        if env.len() <= b.slot.index() {
            return Err(Abort);
        }
        let vals = match &walk.gens[i] {
            Some(Gen::Solved(eqs)) => match solved_values(p, eqs, *b, env) {
                Some(vals) => Vals::Own(vals),
                None => Vals::All(p.domains.get(b.dom.index()).map_or(&[][..], |d| d.values.as_slice())),
            },
            Some(Gen::Facts { pred, known, table }) => {
                let g = Facts { pred: *pred, known, table };
                let mut key = [Val::Int(0); super::SMALL_ARITY];
                let key = key.get_mut(..g.known.len()).ok_or(Abort)?;
                let pred = p.preds.get(g.pred.index()).ok_or(Abort)?;
                for (out, &(at, k)) in key.iter_mut().zip(g.known) {
                    *out = match k {
                        Known::Const(v) => v,
                        Known::Slot(s) => env.get(s).copied().flatten().ok_or(Abort)?,
                    };
                    // Outside its domain: the test of the atom is an error at every value.
                    p.domains.get(pred.args[at].index()).and_then(|d| d.pos(*out)).ok_or(Abort)?;
                }
                let (lo, hi) = g.table.range(key);
                Vals::Some(g.table.clone(), lo, hi)
            }
            None => Vals::All(p.domains.get(b.dom.index()).map_or(&[][..], |d| d.values.as_slice())),
        };
        let vals = match &vals {
            Vals::All(v) => v,
            Vals::Some(t, lo, hi) => &t.vals[*lo..*hi],
            Vals::Own(v) => v.as_slice(),
        };
        for &v in vals {
            env[b.slot.index()] = Some(v);
            if self.level(p, walk, i + 1, env, depth, f)? {
                return Ok(true);
            }
        }
        env[b.slot.index()] = None;
        Ok(false)
    }

    /// The argument tuple of an atom or integer variable, when known while planning.
    fn args(&mut self, args: &[T], env: &mut super::Env) -> Built<Vec<Val>> {
        args.iter().map(|a| if super::reads_solution(a) { Err(Abort) } else { data_value(a, env) }).collect()
    }

    fn atom(&mut self, p: &Program, pr: PredId, args: &[T], env: &mut super::Env, depth: usize) -> Built<Cf> {
        let pred = p.preds.get(pr.index()).ok_or(Abort)?;
        // The arguments in a buffer on the stack, in a vector only for a long tuple.
        let mut small = [Val::Int(0); super::SMALL_ARITY];
        let long: Vec<Val>;
        let t: &[Val] = match small.get_mut(..args.len()) {
            Some(t) => {
                for (out, a) in t.iter_mut().zip(args) {
                    *out = if super::reads_solution(a) { return Err(Abort) } else { data_value(a, env)? };
                }
                t
            }
            None => {
                long = self.args(args, env)?;
                &long
            }
        };
        // Arguments outside the predicate's domains: the tree walk's error (or its false), not ours.
        let pos = super::dense::position(p, pred, t).ok_or(Abort)?;
        Ok(match &pred.kind {
            PredKind::Input(facts) => Cf::Known(facts.contains(t)),
            PredKind::Int(_) => Cf::Known(false),
            PredKind::Var => {
                let base = table_of(&mut self.atom_preds, p, pr)?;
                self.node(Node::Atom { at: u32::try_from(base + pos).map_err(|_| Abort)? })?
            }
            PredKind::Def(def) => {
                let key = (pr, t.to_vec());
                if let Some(&b) = self.defs.get(&key) {
                    return Ok(Cf::Known(b));
                }
                // An expansion costs a binding of the budget: a definition folds to a constant and
                // makes no node, so neither `PLAN_LIMIT` nor `level` would count its work.
                self.visited += 1;
                if self.visited > self.budget || depth >= DEF_DEPTH {
                    return Err(Abort);
                }
                let mut denv = vec![None; def.slots.len()];
                for (s, v) in def.params.iter().zip(&key.1) {
                    *denv.get_mut(s.index()).ok_or(Abort)? = Some(*v);
                }
                let out = self.formula(p, &def.body, &mut denv, depth + 1)?;
                // An abort is not kept: it ends the statement's planning anyway.
                if let Cf::Known(b) = out {
                    self.defs.insert(key, b);
                }
                out
            }
        })
    }

    fn term(&mut self, p: &Program, t: &T, env: &mut super::Env, depth: usize) -> Built<Ct> {
        Ok(match t {
            T::Const(v) => Ct::Known(*v),
            T::Var(s) => Ct::Known(env.get(s.index()).copied().flatten().ok_or(Abort)?),
            T::Bin(b) => {
                let x = self.term(p, &b.a, env, depth)?;
                let y = self.term(p, &b.b, env, depth)?;
                match (x, y) {
                    (Ct::Known(x), Ct::Known(y)) => Ct::Known(data_arith(b.op, x, y, b.span)?),
                    (x, y) => {
                        let (a, b2) = (self.as_term(x)?, self.as_term(y)?);
                        self.new_term(Term::Bin { op: b.op, a, b: b2 })?
                    }
                }
            }
            T::Neg(a, s) => match self.term(p, a, env, depth)? {
                Ct::Known(x) => Ct::Known(arith(Op::Sub, Val::Int(0), x, *s).map_err(|_| Abort)?),
                Ct::Term(a) => self.new_term(Term::Neg(a))?,
            },
            T::IntVar(pr, args, _) => {
                let pred = p.preds.get(pr.index()).ok_or(Abort)?;
                let tuple = self.args(args, env)?;
                let pos = super::dense::position(p, pred, &tuple).ok_or(Abort)?;
                let base = table_of(&mut self.int_preds, p, *pr)?;
                self.new_term(Term::Int { at: u32::try_from(base + pos).map_err(|_| Abort)? })?
            }
            T::Sum(s) => {
                let items = self.items(p, &s.binders, s.guard.as_ref(), &s.body, env, depth)?;
                if items.iter().all(|x| x.guard.is_none() && matches!(self.terms[x.term as usize], Term::Const(_))) {
                    let mut acc = Val::Int(0);
                    for x in &items {
                        let Term::Const(v) = self.terms[x.term as usize] else { return Err(Abort) };
                        acc = arith(Op::Add, acc, v, s.span).map_err(|_| Abort)?;
                    }
                    return Ok(Ct::Known(acc));
                }
                let (start, len) = self.items_of(&items)?;
                self.new_term(Term::Sum { start, len })?
            }
            T::Bool(f, _) => match self.formula(p, f, env, depth)? {
                Cf::Known(b) => Ct::Known(Val::Int(i64::from(b))),
                Cf::Node(n) => self.new_term(Term::Bool(n))?,
            },
            T::Count(c) => {
                let lits = self.counted(p, &c.binders, c.guard.as_ref(), &c.body, env, depth)?;
                if lits.iter().all(|c| matches!(c, Cf::Known(_))) {
                    let n = lits.iter().filter(|c| matches!(c, Cf::Known(true))).count();
                    return Ok(Ct::Known(Val::Int(i64::try_from(n).map_err(|_| Abort)?)));
                }
                let list = self.lit_list(&lits)?;
                let (start, len) = self.kids_of(&list)?;
                self.new_term(Term::Count { start, len })?
            }
            T::MinMax(_) => return Err(Abort),
        })
    }
}

/// Appends `xs` to an arena: their range (start, length).
fn append<X: Copy>(list: &mut Vec<X>, xs: &[X]) -> Built<(u32, u32)> {
    let start = u32::try_from(list.len()).map_err(|_| Abort)?;
    list.extend_from_slice(xs);
    Ok((start, u32::try_from(xs.len()).map_err(|_| Abort)?))
}

/// The first position of solved-for predicate or integer variable `pr`'s table among `tables`,
/// added on first use after the others; too large a table is not planned.
fn table_of(tables: &mut Vec<Table>, p: &Program, pr: PredId) -> Built<usize> {
    if let Some(t) = tables.iter().find(|t| t.pred == pr) {
        return Ok(t.base);
    }
    let pred = p.preds.get(pr.index()).ok_or(Abort)?;
    let size =
        pred.args.iter().try_fold(1usize, |n, &d| n.checked_mul(p.domains.get(d.index())?.len())).ok_or(Abort)?;
    let base = tables.last().map_or(0, |t| t.base + t.size);
    if size > TABLE_LIMIT || base + size > TABLES_LIMIT {
        return Err(Abort);
    }
    tables.push(Table { pred: pr, size, base });
    Ok(base)
}

/// The equalities of `f` solved for binder `b`: `f` is `x = e`, or a disjunction of such, each
/// with the binder once on one side, in sums, differences and negations (`i + k + 1 = q`,
/// `i2 - i = j2 - j` for `j2`), over an integer range. `None` for any other shape.
fn solved(p: &Program, f: &F, b: crate::program::Bound) -> Option<Vec<Solved>> {
    p.domains.get(b.dom.index())?.range?;
    let mut out = Vec::new();
    for d in flatten(f, false) {
        let F::Cmp(c) = d else { return None };
        if c.op != CmpOp::Eq || !super::data_term(&c.a) || !super::data_term(&c.b) {
            return None;
        }
        let (lhs, rhs) = match (mentions(&c.a, b.slot), mentions(&c.b, b.slot)) {
            (1, 0) => (&c.a, &c.b),
            (0, 1) => (&c.b, &c.a),
            _ => return None,
        };
        let value = solve(lhs, b.slot, rhs.clone(), c.span)?;
        out.push(Solved { lhs: lhs.clone(), rhs: rhs.clone(), value });
    }
    Some(out)
}

/// How many times term `t` reads slot `s`.
fn mentions(t: &T, s: crate::program::Slot) -> usize {
    match t {
        T::Var(x) => usize::from(*x == s),
        T::Bin(b) => mentions(&b.a, s) + mentions(&b.b, s),
        T::Neg(a, _) => mentions(a, s),
        _ => 0,
    }
}

/// The term `x` equals where `t = rhs`, `t` holding `x` once, through `+`, `-` and negation only.
fn solve(t: &T, x: crate::program::Slot, rhs: T, span: crate::error::Span) -> Option<T> {
    let bin = |op, a, b| T::Bin(Box::new(crate::program::BinTerm { op, a, b, span }));
    match t {
        T::Var(s) if *s == x => Some(rhs),
        T::Bin(b) => match (b.op, mentions(&b.a, x) == 1) {
            // a + e = r: a = r - e; e + a = r: a = r - e.
            (Op::Add, true) => solve(&b.a, x, bin(Op::Sub, rhs, b.b.clone()), span),
            (Op::Add, false) => solve(&b.b, x, bin(Op::Sub, rhs, b.a.clone()), span),
            // a - e = r: a = r + e; e - a = r: a = e - r.
            (Op::Sub, true) => solve(&b.a, x, bin(Op::Add, rhs, b.b.clone()), span),
            (Op::Sub, false) => solve(&b.b, x, bin(Op::Sub, b.a.clone(), rhs), span),
            _ => None,
        },
        T::Neg(a, s) => solve(a, x, T::Neg(Box::new(rhs), *s), span),
        _ => None,
    }
}

/// The values of binder `b` the equalities `eqs` allow under `env`, in its domain's order; `None`
/// (enumerate the domain) unless every other value certainly makes every equality false without
/// an evaluation error: both sides evaluate at the domain's least and greatest values (the side
/// with the binder moves monotonically between them, so no value between overflows), and every
/// solved value evaluates.
fn solved_values(p: &Program, eqs: &[Solved], b: crate::program::Bound, env: &mut super::Env) -> Option<Vec<Val>> {
    let dom = p.domains.get(b.dom.index())?;
    let (&lo, &hi) = (dom.values.first()?, dom.values.last()?);
    let at = b.slot.index();
    let mut out = Vec::new();
    for e in eqs {
        // The side without the binder is one value (its error fails `value` below); the binder
        // alone cannot fail.
        data_value(&e.rhs, env).ok()?;
        if !matches!(e.lhs, T::Var(_)) {
            for v in [lo, hi] {
                *env.get_mut(at)? = Some(v);
                let ok = data_value(&e.lhs, env).is_ok();
                env[at] = None;
                if !ok {
                    return None;
                }
            }
        }
        let v = data_value(&e.value, env).ok()?;
        if let Some(i) = dom.pos(v) {
            out.push((i, v));
        }
    }
    out.sort_unstable_by_key(|x| x.0);
    out.dedup_by_key(|x| x.0);
    Some(out.into_iter().map(|x| x.1).collect())
}

/// Whether formula `f` over data (`super::data_formula`) holds: the tree walk's evaluation of
/// it, without planning. The reference of the guards' programs (`guard.rs`), which the plan runs.
#[cfg(test)]
pub(super) fn data_holds(p: &Program, f: &F, env: &super::Env) -> Built<bool> {
    Ok(match f {
        F::Const(b) => *b,
        F::Atom(pr, args, _) => {
            let pred = p.preds.get(pr.index()).ok_or(Abort)?;
            let PredKind::Input(facts) = &pred.kind else { return Err(Abort) };
            let mut small = [Val::Int(0); super::SMALL_ARITY];
            let t = small.get_mut(..args.len()).ok_or(Abort)?;
            for ((a, &d), out) in args.iter().zip(&pred.args).zip(t.iter_mut()) {
                let v = data_value(a, env)?;
                // Outside the argument's domain: the tree walk's error, not a false atom.
                p.domains.get(d.index()).and_then(|x| x.pos(v)).ok_or(Abort)?;
                *out = v;
            }
            if args.len() != pred.args.len() {
                return Err(Abort);
            }
            facts.contains(&t[..])
        }
        F::Cmp(c) => c.op.holds(data_value(&c.a, env)?, data_value(&c.b, env)?).ok_or(Abort)?,
        F::Not(a) => !data_holds(p, a, env)?,
        F::And(a, b) => data_holds(p, a, env)? && data_holds(p, b, env)?,
        F::Or(a, b) => data_holds(p, a, env)? || data_holds(p, b, env)?,
        F::Imp(a, b) => !data_holds(p, a, env)? || data_holds(p, b, env)?,
        F::Iff(a, b) => data_holds(p, a, env)? == data_holds(p, b, env)?,
        F::Xor(a, b) => data_holds(p, a, env)? != data_holds(p, b, env)?,
        _ => return Err(Abort),
    })
}

/// `x op y` over data: `+`, `-` and `*` of integers here (most of a guard's arithmetic),
/// anything else as the program's `arith` computes it.
fn data_arith(op: Op, x: Val, y: Val, span: crate::error::Span) -> Built<Val> {
    let r = match (op, x, y) {
        (Op::Add, Val::Int(a), Val::Int(b)) => a.checked_add(b),
        (Op::Sub, Val::Int(a), Val::Int(b)) => a.checked_sub(b),
        (Op::Mul, Val::Int(a), Val::Int(b)) => a.checked_mul(b),
        _ => return arith(op, x, y, span).map_err(|_| Abort),
    };
    r.map(Val::Int).ok_or(Abort)
}

/// The value of a term over data (constants, bound variables, arithmetic).
fn data_value(t: &T, env: &super::Env) -> Built<Val> {
    match t {
        T::Const(v) => Ok(*v),
        T::Var(s) => env.get(s.index()).copied().flatten().ok_or(Abort),
        T::Bin(b) => data_arith(b.op, data_value(&b.a, env)?, data_value(&b.b, env)?, b.span),
        T::Neg(a, s) => arith(Op::Sub, Val::Int(0), data_value(a, env)?, *s).map_err(|_| Abort),
        _ => Err(Abort),
    }
}

/// The parts of a chain of `and` (`all`) or `or`, in written order.
fn flatten(f: &F, all: bool) -> Vec<&F> {
    let mut out = Vec::new();
    let mut stack = vec![f];
    while let Some(g) = stack.pop() {
        match (g, all) {
            (F::And(a, b), true) | (F::Or(a, b), false) => {
                stack.push(b);
                stack.push(a);
            }
            _ => out.push(g),
        }
    }
    out
}
