//! Integer variables over finite value sets and their literal views. Each integer variable (a
//! declared `var x(args) in D` atom, or an auxiliary made for an element, a `min`/`max`, a
//! product or a sum) has an ordered value list and up to three views:
//!
//! - direct: one literal per value, `x = v_j`;
//! - order: one literal per value but the first, `x >= v_j` (each implies the one before);
//! - log: the binary digits of the value's position (a range only).
//!
//! The view a variable is created with (its primary view) is what the projection shows and what
//! decoding reads; any other view is made on demand and channelled to it by clauses that fix it
//! completely, so it never changes a count. Symbol domains have the direct view only.
//!
//! A declared variable is made with its domain's values, or with the slice of them that bounds
//! over data left (`x(i) <= k` with `k` known while grounding: [`Grounder::narrow_outright`]);
//! its [`IntAtom`] says where that slice sits in the domain, for decoding.

use wgrnd_sat::{Lit, Var};

use std::ops::ControlFlow;

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder, IntEncoding};
use crate::names::{LazyView, ViewNames};
use crate::nnf::Compare;
use crate::program::{CmpOp, DomId, PredId, PredKind, Program, Val, F, T};
use crate::walk::Leaf;

/// Largest direct view, `alldifferent` value or `atmost 1` / `exactly 1` count written pairwise
/// under `--amo auto` (`amo_of`): the 25 x 25 sudoku solves in a third of the time of the
/// sequential counter's, and Langford's 14- to 16-way exactly-ones lose their counter atoms
/// (docs/encodings.md).
pub(crate) const INT_PAIRWISE_MAX: usize = 32;

/// Which literals a variable's view is made of.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum View {
    /// `x = v_j`, one per value.
    Direct,
    /// `x >= v_j` for j >= 1.
    Order,
    /// Bits of the position `j`.
    Log,
}

/// An integer variable of the grounding.
#[derive(Clone, Debug)]
pub(crate) struct IVar {
    /// Values, ascending for integers (declared order for symbols).
    pub values: Vec<Val>,
    /// Whether the values are symbols (only `=` and `=/=` apply).
    pub sym: bool,
    /// The first variable of the direct view.
    pub direct: Option<u32>,
    /// The first variable of the order view (`x >= values[1]` is its first literal).
    pub order: Option<u32>,
    /// The first variable and width of the log view.
    pub log: Option<(u32, u32)>,
    /// The view the variable was made with.
    pub primary: View,
    /// Its name in the header.
    pub name: String,
}

/// A declared integer atom for decoding: predicate, atom index, primary view, first variable
/// and number of variables, and where its values start among its domain's.
#[derive(Copy, Clone, Debug)]
pub(crate) struct IntAtom {
    pub pred: u32,
    pub idx: u32,
    pub view: View,
    pub first: u32,
    pub width: u32,
    /// The position of its first value among the ordered values of its domain: 0, or more
    /// when a bound over data narrowed it ([`Grounder::narrow_outright`]). Its values are
    /// consecutive there.
    pub offset: u32,
    /// How many values it has.
    pub len: u32,
}

impl IntAtom {
    /// The position of the value among its domain's ordered values, read from `value(var)`;
    /// none for a log view's bit pattern past the variable's values.
    pub(crate) fn position(&self, value: impl Fn(Var) -> bool) -> Option<usize> {
        let lit = |j: u32| value(Var::from_index((self.first + j - 1) as usize));
        let at = match self.view {
            View::Direct => (0..self.width).position(lit).unwrap_or(0),
            View::Order => (0..self.width).filter(|&j| lit(j)).count(),
            View::Log => (0..self.width.min(63)).filter(|&j| lit(j)).map(|j| 1usize << j).sum(),
        };
        (at < self.len as usize).then(|| self.offset as usize + at)
    }

    /// The literals that fix the value at position `pos` among its domain's ordered values;
    /// none for a value the variable does not have (a bound over data cut it away).
    pub(crate) fn fix(&self, pos: usize) -> Option<Vec<Lit>> {
        let pos = pos.checked_sub(self.offset as usize).filter(|&p| p < self.len as usize)?;
        let lits = (0..self.width)
            .map(|j| {
                let v = Var::from_index((self.first + j - 1) as usize);
                let on = match self.view {
                    View::Direct => j as usize == pos,
                    View::Order => (j as usize) < pos,
                    View::Log => j < 63 && (pos >> j) & 1 == 1,
                };
                if on {
                    v.pos()
                } else {
                    v.neg()
                }
            })
            .collect();
        Some(lits)
    }
}

/// The values of a domain as an integer variable takes them: integers ascending, symbols as
/// declared; whether they are symbols.
pub(crate) fn ordered_values(values: &[Val]) -> (Vec<Val>, bool) {
    let sym = values.iter().any(|v| matches!(v, Val::Sym(_)));
    let mut v = values.to_vec();
    if !sym {
        v.sort();
    }
    (v, sym)
}

/// Which view of an integer variable a run of variables is: how they are named.
#[derive(Copy, Clone, Debug)]
enum ViewKind {
    /// `x=v` for each value (direct).
    Equal,
    /// `x>=v` for each value from the second (order).
    AtLeast,
    /// `x.bitj` (log).
    Bit,
}

/// An integer-valued operand: a value known while grounding, or an integer variable.
#[derive(Copy, Clone, Debug)]
pub(crate) enum IntRef {
    Const(Val),
    Var(usize),
}

/// Whether statement `f` is made of bounds on integer variables only: `x(args) op t` outright
/// (under `forall` and `and`), `op` an order, the arguments and `t` over data. Such statements
/// are grounded first ([`Grounder::narrow_outright`]), and ask for no view (views.rs).
pub(crate) fn bound_statement(p: &Program, f: &F) -> bool {
    match f {
        F::Quant(q) if q.all => bound_statement(p, &q.body),
        F::And(a, b) => bound_statement(p, a) && bound_statement(p, b),
        F::Cmp(c) => bound_sides(p, c.op, &c.a, &c.b).is_some(),
        _ => false,
    }
}

/// The sides of a bound `a op b`, `x(args) op t` (`x` an integer variable over a range with
/// arguments over data, `t` over data) either way round, with the operator read from `x`'s side.
fn bound_sides<'a>(p: &Program, op: CmpOp, a: &'a T, b: &'a T) -> Option<(&'a T, &'a T, CmpOp)> {
    let var = |t: &T| {
        crate::linear::plain_var(t)
            && matches!(t, T::IntVar(pr, ..) if matches!(p.preds[*pr].kind, PredKind::Int(d) if p.domains[d].range.is_some()))
    };
    let data = |t: &T| {
        let solved = |pr: PredId| matches!(p.preds[pr].kind, PredKind::Var | PredKind::Int(_));
        crate::walk::term(t, &mut |l| match l {
            Leaf::Pred(pr) if solved(pr) => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        })
        .is_continue()
    };
    if !matches!(op, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge) {
        return None;
    }
    if var(a) && data(b) {
        Some((a, b, op))
    } else if var(b) && data(a) {
        Some((b, a, op.swapped()))
    } else {
        None
    }
}

/// Literal `j` (from 1) of the variables from `first` (a variable number, from 1).
fn lit(first: u32, j: usize) -> Lit {
    Var::from_index(first as usize + j - 2).pos()
}

impl Grounder<'_> {
    /// The at-most-one encoding of `n` literals (an integer's direct view, an `alldifferent`
    /// value, a counting constraint with bound 1): under `--amo auto`, pairwise up to
    /// [`INT_PAIRWISE_MAX`] literals (no auxiliary atoms; after the clues' unit propagation most
    /// of those clauses are gone), else `--amo`'s choice.
    pub(crate) fn amo_of(&self, n: usize) -> wgrnd_sat::amo::AmoEncoding {
        use wgrnd_sat::amo::AmoEncoding;
        match self.amo {
            AmoEncoding::Auto if n <= INT_PAIRWISE_MAX => AmoEncoding::Pairwise,
            amo => amo,
        }
    }

    /// The integer variable of atom `(pred, idx)` (created on first use, with its primary view,
    /// over its domain's values or the slice of them that bounds over data left).
    pub(crate) fn int_atom(&mut self, pred: PredId, idx: usize) -> usize {
        if let Some(&id) = self.int_atoms.get(&(pred, idx)) {
            return id;
        }
        let PredKind::Int(d) = self.p.preds[pred].kind else { return 0 };
        let name = self.p.atom_name(pred, &self.tuple(pred, idx));
        let (mut values, sym) = ordered_values(&self.p.domains[d].values);
        let (offset, len) = match self.narrowed.get(&(pred, idx)) {
            Some(&(lo, hi)) => {
                values = values[lo as usize..hi as usize].to_vec();
                (lo, hi - lo)
            }
            None => (0, values.len() as u32),
        };
        let id = self.new_int(pred, d, values, sym, &name);
        let iv = &self.ivars[id];
        let (first, width) = match iv.primary {
            View::Direct => (iv.direct.unwrap_or(0), iv.values.len() as u32),
            View::Order => (iv.order.unwrap_or(0), iv.values.len() as u32 - 1),
            View::Log => iv.log.unwrap_or((0, 0)),
        };
        self.int_atoms.insert((pred, idx), id);
        let atom = IntAtom { pred: pred.index() as u32, idx: idx as u32, view: iv.primary, first, width, offset, len };
        self.int_list.push(atom);
        id
    }

    fn new_int(&mut self, pred: PredId, d: DomId, values: Vec<Val>, sym: bool, name: &str) -> usize {
        let range = self.p.domains[d].range.is_some();
        let primary = match self.ints {
            _ if sym => View::Direct,
            IntEncoding::Direct => View::Direct,
            IntEncoding::Log if range => View::Log,
            IntEncoding::Log => View::Direct,
            IntEncoding::Auto if self.direct_only.contains(&pred) => View::Direct,
            IntEncoding::Order | IntEncoding::Auto => View::Order,
        };
        self.make_int(values, sym, primary, name)
    }

    /// A bound `x(args) op t` of a variable not made yet, with `t`'s value known and the
    /// variable's domain a range: recorded as the slice of the domain the variable will be made
    /// with (each value cut away is one the statement forbids; the checker still judges the
    /// statement), and true. False, and nothing recorded, when the comparison is not such a
    /// bound, the variable is made already, or fewer than two values would be left (the
    /// statement is then grounded as any other: a contradiction is an empty clause, and a
    /// variable of one value has no literal to pin a checked answer's value with).
    /// Not while grounding with groups (explain.rs), where a statement can be switched off.
    pub(crate) fn narrow_outright(&mut self, c: &Compare, env: &mut Env) -> Result<bool> {
        if self.tracker.is_some() {
            return Ok(false);
        }
        let Some((x, t, op)) = bound_sides(self.p, c.op, c.a, c.b) else { return Ok(false) };
        let T::IntVar(pred, args, span) = x else { return Ok(false) };
        let PredKind::Int(d) = self.p.preds[*pred].kind else { return Ok(false) };
        let (Some(first), n) = (self.p.domains[d].range, self.p.domains[d].len() as i64) else { return Ok(false) };
        let idx = self.atom_index(*pred, args, *span, env)?;
        if self.int_atoms.contains_key(&(*pred, idx)) {
            return Ok(false);
        }
        // An error is left for the comparison's own grounding to report.
        let Ok(Val::Int(k)) = self.data_term(t, env) else { return Ok(false) };
        // The position of the first value at least `v`, in 0..=n.
        let at_least = |v: i64| v.saturating_sub(first).clamp(0, n);
        let (lo, hi) = self.narrowed.get(&(*pred, idx)).map_or((0, n), |&(lo, hi)| (lo as i64, hi as i64));
        let (lo, hi) = match op {
            CmpOp::Ge => (lo.max(at_least(k)), hi),
            CmpOp::Gt => (lo.max(at_least(k.saturating_add(1))), hi),
            CmpOp::Le => (lo, hi.min(at_least(k.saturating_add(1)))),
            CmpOp::Lt => (lo, hi.min(at_least(k))),
            CmpOp::Eq | CmpOp::Ne => return Ok(false),
        };
        if hi - lo < 2 {
            return Ok(false);
        }
        self.narrowed.insert((*pred, idx), (lo as u32, hi as u32));
        Ok(true)
    }

    /// Makes the variables that bounds narrowed and no statement used since, in the order of
    /// their atoms: they still have their values, and a count still counts them.
    pub(crate) fn make_narrowed(&mut self) {
        let mut left: Vec<(PredId, usize)> =
            self.narrowed.keys().filter(|a| !self.int_atoms.contains_key(a)).copied().collect();
        left.sort_unstable();
        for (pred, idx) in left {
            self.int_atom(pred, idx);
        }
    }

    /// A fresh integer variable over `values` (ascending integers, or symbols).
    pub(crate) fn make_int(&mut self, values: Vec<Val>, sym: bool, primary: View, name: &str) -> usize {
        let id = self.ivars.len();
        self.ivars.push(IVar { values, sym, direct: None, order: None, log: None, primary, name: name.to_string() });
        match primary {
            View::Direct => {
                self.direct_view(id);
            }
            View::Order => {
                self.order_view(id);
            }
            View::Log => self.log_view(id),
        }
        id
    }

    /// The clauses added since clause `at` define a variable: in an explanation's grounding
    /// they belong to no group (explain.rs).
    fn defined_from(&mut self, at: usize) {
        let to = self.cnf.num_own_clauses();
        if let Some(t) = &mut self.tracker {
            t.definition(at, to);
        }
    }

    /// `n` fresh variables of a view of integer variable `id`, named as `how` says: now with names
    /// on (or for a variable over symbols), else when asked for (names.rs).
    fn view_vars(&mut self, id: usize, n: usize, kind: ViewKind) -> u32 {
        let first = self.cnf.num_vars() + 1;
        if n > 0 && self.lazy_names && !self.ivars[id].sym {
            let name = self.ivars[id].name.clone();
            let how = match kind {
                ViewKind::Equal => ViewNames::Equal(self.ints_of(id)),
                ViewKind::AtLeast => ViewNames::AtLeast(self.ints_of(id).get(1..).unwrap_or_default().to_vec()),
                ViewKind::Bit => ViewNames::Bit,
            };
            self.lazy_views.push(LazyView { first: first - 1, len: n as u32, name, how });
            self.cnf.new_vars(n as u32);
            self.names.resize(self.names.len() + n, String::new());
            self.atom_of.resize(self.atom_of.len() + n, None);
            return first;
        }
        let name = &self.ivars[id].name;
        let shown = |k: usize| self.show_value(self.ivars[id].values[k]);
        let names: Vec<String> = (0..n)
            .map(|j| match kind {
                ViewKind::Equal => format!("{name}={}", shown(j)),
                ViewKind::AtLeast => format!("{name}>={}", shown(j + 1)),
                ViewKind::Bit => format!("{name}.bit{j}"),
            })
            .collect();
        for name in names {
            self.cnf.new_var();
            self.names.push(name);
            self.atom_of.push(None);
        }
        first
    }

    /// The integer values of variable `id` (none for one over symbols, whose views are named
    /// now).
    fn ints_of(&self, id: usize) -> Vec<i64> {
        self.ivars[id].values.iter().filter_map(|v| if let Val::Int(x) = v { Some(*x) } else { None }).collect()
    }

    fn show_value(&self, v: Val) -> String {
        crate::program::ShowVal(self.p, v).to_string()
    }

    /// The direct view's first variable, made (and channelled) on first use.
    pub(crate) fn direct_view(&mut self, id: usize) -> u32 {
        if let Some(f) = self.ivars[id].direct {
            return f;
        }
        let at = self.cnf.num_own_clauses();
        let n = self.ivars[id].values.len();
        let name = self.ivars[id].name.clone();
        let first = self.view_vars(id, n, ViewKind::Equal);
        if self.ivars[id].primary != View::Direct {
            self.aux_count += n as u32;
        }
        self.ivars[id].direct = Some(first);
        let d = |j: usize| lit(first, j + 1);
        if let Some((lf, w)) = self.ivars[id].log {
            for j in 0..n {
                let mut back = vec![d(j)];
                for b in 0..w as usize {
                    let bit = lit(lf, b + 1);
                    let l = if (j >> b) & 1 == 1 { bit } else { !bit };
                    self.cnf.add_clause(&[!d(j), l]);
                    back.push(!l);
                }
                self.cnf.add_clause(&back);
            }
        } else if self.ivars[id].order.is_none() {
            let all: Vec<Lit> = (0..n).map(d).collect();
            self.cnf.add_clause(&all);
            let what = format!("values of {name}");
            let amo = self.amo_of(all.len());
            let mut cnf = std::mem::take(&mut self.cnf);
            wgrnd_sat::amo::at_most_one(&mut cnf, self, amo, &all, || what.clone());
            self.cnf = cnf;
        }
        if self.ivars[id].order.is_some() {
            self.channel(id);
        }
        self.defined_from(at);
        first
    }

    /// The order view's first variable (`x >= values[1]`), made (and channelled) on first use.
    pub(crate) fn order_view(&mut self, id: usize) -> u32 {
        if let Some(f) = self.ivars[id].order {
            return f;
        }
        let at = self.cnf.num_own_clauses();
        let n = self.ivars[id].values.len();
        let first = self.view_vars(id, n.saturating_sub(1), ViewKind::AtLeast);
        if self.ivars[id].primary != View::Order {
            self.aux_count += n.saturating_sub(1) as u32;
        }
        self.ivars[id].order = Some(first);
        for j in 2..n {
            self.cnf.add_clause(&[!lit(first, j), lit(first, j - 1)]);
        }
        if self.ivars[id].direct.is_some() {
            self.channel(id);
        } else if self.ivars[id].log.is_some() {
            // Through the direct view, which channels the log view and this one.
            self.direct_view(id);
        }
        self.defined_from(at);
        first
    }

    /// Clauses that make the direct and the order view agree: `d_j <-> o_j and not o_{j+1}`
    /// (`o_0` true, `o_n` false).
    fn channel(&mut self, id: usize) {
        let (Some(df), Some(of)) = (self.ivars[id].direct, self.ivars[id].order) else { return };
        let n = self.ivars[id].values.len();
        let o = |j: usize| -> Option<Lit> { (j >= 1 && j < n).then(|| lit(of, j)) };
        for j in 0..n {
            let d = lit(df, j + 1);
            let mut back = vec![d];
            if let Some(l) = o(j) {
                self.cnf.add_clause(&[!d, l]);
                back.push(!l);
            }
            if let Some(l) = o(j + 1) {
                self.cnf.add_clause(&[!d, !l]);
                back.push(l);
            }
            self.cnf.add_clause(&back);
        }
    }

    fn log_view(&mut self, id: usize) {
        let at = self.cnf.num_own_clauses();
        let n = self.ivars[id].values.len();
        let span = (n - 1) as u64;
        let width = 64 - span.leading_zeros();
        let first = self.view_vars(id, width as usize, ViewKind::Bit);
        self.ivars[id].log = Some((first, width));
        if width > 0 && span + 1 < (1u64 << width) {
            let terms: Vec<(i64, Lit)> = (0..width as usize).map(|j| (1i64 << j, lit(first, j + 1))).collect();
            if let Ok(crate::linear::Node::Lit(l)) = self.pb_le(terms, span as i64) {
                self.cnf.add_clause(&[l]);
            }
        }
        self.defined_from(at);
    }

    /// `x = v` as a literal, or its constant value when `v` is not among x's values.
    pub(crate) fn eq_lit(&mut self, id: usize, v: Val) -> std::result::Result<Lit, bool> {
        let Some(j) = self.ivars[id].values.iter().position(|x| *x == v) else { return Err(false) };
        if self.ivars[id].values.len() == 1 {
            return Err(true);
        }
        let first = self.direct_view(id);
        Ok(lit(first, j + 1))
    }

    /// `x >= v` as a literal, or its constant value (integer variables only).
    pub(crate) fn ge_lit(&mut self, id: usize, v: i64) -> std::result::Result<Lit, bool> {
        let values = &self.ivars[id].values;
        let j = values.iter().position(|x| matches!(x, Val::Int(y) if *y >= v));
        match j {
            None => Err(false),
            Some(0) => Err(true),
            Some(j) => {
                let first = self.order_view(id);
                Ok(lit(first, j))
            }
        }
    }

    /// Integer values of variable `id`, or an error at `span` for a symbolic one.
    pub(crate) fn int_values(&self, id: usize, span: Span) -> Result<Vec<i64>> {
        if self.ivars[id].sym {
            return Err(QpropError::new(
                ErrorKind::Type,
                span,
                "arithmetic or an order on a symbolic integer variable",
                "only '=' and '=/=' apply to values that are symbols",
            ));
        }
        Ok(self.ivars[id].values.iter().map(|v| if let Val::Int(x) = v { *x } else { 0 }).collect())
    }

    /// The literals of every value of `r`, with the values (`(value, None)` for a constant).
    pub(crate) fn value_lits(&mut self, r: IntRef) -> Vec<(Val, Option<Lit>)> {
        match r {
            IntRef::Const(v) => vec![(v, None)],
            IntRef::Var(id) => {
                let values = self.ivars[id].values.clone();
                if values.len() == 1 {
                    return vec![(values[0], None)];
                }
                let first = self.direct_view(id);
                values.into_iter().enumerate().map(|(j, v)| (v, Some(lit(first, j + 1)))).collect()
            }
        }
    }
}
