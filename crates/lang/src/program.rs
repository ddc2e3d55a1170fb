//! The resolved model: domains, predicates, parameters and formulas with variables as slots.

use std::fmt::{self, Write as _};

use crate::ast::CountKind;
use crate::error::{ErrorKind, Files, QpropError, Result, Span};
use crate::mix::{MixMap, MixSet};

/// A value: an integer or a symbol (index into [`Program::symbols`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Val {
    /// An integer.
    Int(i64),
    /// A symbol.
    Sym(u32),
}

/// A finite domain: its values in order, with a position index.
#[derive(Clone, Debug)]
pub struct Domain {
    /// The declared name.
    pub name: String,
    /// The values, in order, without repetitions.
    pub values: Vec<Val>,
    /// For `lo..hi`: `lo` (positions are `v - lo`).
    pub(crate) range: Option<i64>,
    pub(crate) index: MixMap<Val, u32>,
    /// The domain this one filters (a subset is accepted where its parent is expected).
    pub parent: Option<DomId>,
}

impl Domain {
    pub(crate) fn new(name: String, values: Vec<Val>, parent: Option<DomId>) -> Domain {
        let consecutive = |values: &[Val]| match values.first() {
            Some(Val::Int(lo))
                if values.iter().enumerate().all(|(i, v)| Some(*v) == lo.checked_add(i as i64).map(Val::Int)) =>
            {
                Some(*lo)
            }
            _ => None,
        };
        // A range (every domain `a..b`) has no value twice: kept as it is, without hashing each
        // value to find the duplicates of a list.
        let (values, range) = match consecutive(&values) {
            Some(lo) => (values, Some(lo)),
            None => {
                let mut seen = MixSet::default();
                let values: Vec<Val> = values.into_iter().filter(|v| seen.insert(*v)).collect();
                let range = consecutive(&values);
                (values, range)
            }
        };
        let index = if range.is_some() {
            MixMap::default()
        } else {
            values.iter().enumerate().map(|(i, v)| (*v, i as u32)).collect()
        };
        Domain { name, values, range, index, parent }
    }
    /// The position of `v`, if it belongs to the domain.
    pub fn pos(&self, v: Val) -> Option<u32> {
        match (self.range, v) {
            (Some(lo), Val::Int(x)) => {
                let i = x.checked_sub(lo)?;
                (i >= 0 && (i as usize) < self.values.len()).then_some(i as u32)
            }
            (Some(_), Val::Sym(_)) => None,
            (None, _) => self.index.get(&v).copied(),
        }
    }
    /// Number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Whether the domain has no value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

pub use crate::ops::{CmpOp, Op};

impl CmpOp {
    /// Whether `a op b` holds (symbols compare equal or not; ordered comparisons need integers).
    pub fn holds(self, a: Val, b: Val) -> Option<bool> {
        match (self, a, b) {
            (CmpOp::Eq, _, _) => Some(a == b),
            (CmpOp::Ne, _, _) => Some(a != b),
            (_, Val::Int(x), Val::Int(y)) => Some(self.ints(x, y)),
            (CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge, _, _) => None,
        }
    }
}

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($int:ty) indexes $item:ty) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name($int);

        impl $name {
            /// The id of the item at position `i`.
            pub(crate) fn new(i: usize) -> Self {
                $name(i as $int)
            }
            /// The position of the item.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl std::ops::Index<$name> for Vec<$item> {
            type Output = $item;
            fn index(&self, i: $name) -> &$item {
                &self[i.index()]
            }
        }

        impl std::ops::IndexMut<$name> for Vec<$item> {
            fn index_mut(&mut self, i: $name) -> &mut $item {
                &mut self[i.index()]
            }
        }

        impl std::ops::Index<$name> for [$item] {
            type Output = $item;
            fn index(&self, i: $name) -> &$item {
                &self[i.index()]
            }
        }

        impl std::ops::IndexMut<$name> for [$item] {
            fn index_mut(&mut self, i: $name) -> &mut $item {
                &mut self[i.index()]
            }
        }
    };
}

id!(
    /// A predicate: its position in [`Program::preds`].
    PredId(u32) indexes Pred
);
id!(
    /// A domain: its position in [`Program::domains`].
    DomId(u32) indexes Domain
);
id!(
    /// A quantified variable: its slot in a statement's (or definition's) environment.
    Slot(u16) indexes Option<Val>
);

/// A resolved term.
#[derive(Clone, Debug)]
pub enum T {
    /// A constant (literal, parameter or symbol).
    Const(Val),
    /// A quantified variable.
    Var(Slot),
    /// `a op b`.
    Bin(Box<BinTerm>),
    /// `-a`.
    Neg(Box<T>, Span),
    /// An integer variable `x(args)`: predicate, arguments.
    IntVar(PredId, Vec<T>, Span),
    /// `sum { term : binders | guard }`.
    Sum(Box<Sum>),
    /// `[formula]`: 1 or 0.
    Bool(Box<F>, Span),
    /// `min {...}`, `max {...}`, `min(a, b)`, `max(a, b)`.
    MinMax(Box<MinMax>),
    /// `count { formula : binders | guard }`.
    Count(Box<CountTerm>),
}

/// `min`/`max` of listed terms and of a comprehension's terms.
#[derive(Clone, Debug)]
pub struct MinMax {
    /// `max` (true) or `min`.
    pub max: bool,
    /// The listed operands (`min(a, b)`).
    pub items: Vec<T>,
    /// The comprehension (`min { t : binders | guard }`).
    pub comp: Option<Sum>,
    /// Where it is.
    pub span: Span,
}

/// `alldifferent { body : binders | guard }`, optionally `except` a value.
#[derive(Clone, Debug)]
pub struct AllDiff {
    /// The terms that must differ.
    pub body: T,
    /// The variables.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// Values equal to this may repeat.
    pub except: Option<T>,
    /// Where it is.
    pub span: Span,
}

/// `count { body : binders | guard }`: the number of bindings whose formula holds.
#[derive(Clone, Debug)]
pub struct CountTerm {
    /// The counted formula.
    pub body: F,
    /// The variables it ranges over.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// Where it is.
    pub span: Span,
}

/// A resolved sequence of terms.
#[derive(Clone, Debug)]
pub enum List {
    /// `{ body : binders | guard }` (the `Sum` shape: in binder enumeration order).
    Compr(Box<Sum>),
    /// `[t1, ...]`.
    Items(Vec<T>),
}

/// `increasing L` and its kin.
#[derive(Clone, Debug)]
pub struct Order {
    /// Which order.
    pub kind: crate::ast::OrderKind,
    /// The sequence.
    pub list: List,
    /// Where it is.
    pub span: Span,
}

/// `lex_less(a, b)` (strict) or `lex_lesseq(a, b)`.
#[derive(Clone, Debug)]
pub struct Lex {
    /// `lex_less` (true) or `lex_lesseq`.
    pub strict: bool,
    /// The left sequence.
    pub a: List,
    /// The right sequence.
    pub b: List,
    /// Where it is.
    pub span: Span,
}

/// `a op b` on integers.
#[derive(Clone, Debug)]
pub struct BinTerm {
    /// The operator.
    pub op: Op,
    /// Left operand.
    pub a: T,
    /// Right operand.
    pub b: T,
    /// Where it is.
    pub span: Span,
}

/// `sum { body : binders | guard }`.
#[derive(Clone, Debug)]
pub struct Sum {
    /// The summed term.
    pub body: T,
    /// The variables it ranges over.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// Where it is.
    pub span: Span,
}

/// A quantified variable: its slot and its domain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    /// The slot it takes in the environment.
    pub slot: Slot,
    /// The values it ranges over.
    pub dom: DomId,
}

/// Quantified variables, in their written order.
pub type Binders = Vec<Bound>;

/// A resolved formula.
#[derive(Clone, Debug)]
pub enum F {
    /// `true` / `false`.
    Const(bool),
    /// An atom: predicate and arguments.
    Atom(PredId, Vec<T>, Span),
    /// A comparison.
    Cmp(Box<Cmp>),
    /// Negation.
    Not(Box<F>),
    /// Conjunction.
    And(Box<F>, Box<F>),
    /// Disjunction.
    Or(Box<F>, Box<F>),
    /// Implication.
    Imp(Box<F>, Box<F>),
    /// Equivalence.
    Iff(Box<F>, Box<F>),
    /// Exclusive or.
    Xor(Box<F>, Box<F>),
    /// `forall` / `exists`.
    Quant(Box<Quant>),
    /// Counting.
    Count(Box<Count>),
    /// `alldifferent {...}`.
    AllDiff(Box<AllDiff>),
    /// `connected { ... } via adj` or `circuit { ... } via adj` (connect.rs).
    Connected(Box<Connected>),
    /// `regions { size : binders | guard } via adj` (regions.rs).
    Regions(Box<Regions>),
    /// `increasing { ... }` and its kin.
    Order(Box<Order>),
    /// `lex_less(a, b)` / `lex_lesseq(a, b)`.
    Lex(Box<Lex>),
    /// `xor {...}` / `odd {...}` / `even {...}`.
    Parity(Box<Parity>),
    /// `runs { ... } = lengths` (regular.rs).
    Runs(Box<Runs>),
    /// A global constraint of the registry (`global/`): `nvalue L = k` and its kin.
    Global(Box<GlobalCall>),
}

/// A global constraint of the registry as written: `name L op term` (one list) or
/// `name(L1, ..., Ln) op term`; its meaning is the global's (`global/`).
#[derive(Clone, Debug)]
pub struct GlobalCall {
    /// Which global.
    pub(crate) global: &'static dyn crate::global::Global,
    /// Its sequences, in order.
    pub lists: Vec<List>,
    /// The comparison of its value.
    pub op: CmpOp,
    /// What its value is compared with.
    pub bound: T,
    /// Where it is.
    pub span: Span,
}

/// `xor { lit : binders | guard }` (or `odd`, true) or `even {...}` (false): the number of
/// bindings whose formula holds is odd (even).
#[derive(Clone, Debug)]
pub struct Parity {
    /// Odd (`xor`, `odd`) rather than even.
    pub odd: bool,
    /// The formula counted.
    pub lit: F,
    /// The variables.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// Where it is.
    pub span: Span,
}

/// `runs { lit : binders | guard } = lengths` (docs/qprop.md, "Runs").
#[derive(Clone, Debug)]
pub struct Runs {
    /// The formula that makes a cell black.
    pub lit: F,
    /// The variables; the bindings are the line's cells, in enumeration order.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// The run lengths (data), in order.
    pub lens: List,
    /// Where it is.
    pub span: Span,
}

/// `regions { size : binders | guard } via adj` (docs/lang/regions.md): the cells divide into
/// regions, the maximal groups of adjacent cells with the same number, and each region has as
/// many cells as its number.
#[derive(Clone, Debug)]
pub struct Regions {
    /// Each cell's number (an integer term).
    pub size: T,
    /// The variables; a binding is a cell.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// The adjacency predicate (data): twice the binders' arity.
    pub adj: PredId,
    /// Where the adjacency's name is.
    pub adj_span: Span,
    /// Where it is.
    pub span: Span,
}

/// `connected { lit : binders | guard } via adj`, or `circuit` (docs/qprop.md, "Connectivity").
#[derive(Clone, Debug)]
pub struct Connected {
    /// `circuit`: the nodes form one cycle, rather than one connected graph.
    pub circuit: bool,
    /// The formula that makes a binding a node.
    pub lit: F,
    /// The variables; a binding is a node of the graph.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// The adjacency predicate: twice the binders' arity.
    pub adj: PredId,
    /// Where the adjacency's name is.
    pub adj_span: Span,
    /// Where it is.
    pub span: Span,
}

/// `a op b`, a comparison.
#[derive(Clone, Debug)]
pub struct Cmp {
    /// The operator.
    pub op: CmpOp,
    /// Left side.
    pub a: T,
    /// Right side.
    pub b: T,
    /// Where it is.
    pub span: Span,
}

/// `forall binders | guard . body` (or `exists`).
#[derive(Clone, Debug)]
pub struct Quant {
    /// `forall` (true) or `exists` (false).
    pub all: bool,
    /// The variables.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// The body.
    pub body: F,
    /// Where it is.
    pub span: Span,
}

/// `exactly k { lit : binders | guard }` (or `atmost`, `atleast`).
#[derive(Clone, Debug)]
pub struct Count {
    /// Which comparison with the bound.
    pub kind: CountKind,
    /// The bound `k`.
    pub bound: T,
    /// The counted literal.
    pub lit: F,
    /// The variables.
    pub binders: Binders,
    /// The data condition on them.
    pub guard: Option<F>,
    /// Where it is.
    pub span: Span,
}

/// A definition `def p(params) := body`.
#[derive(Clone, Debug)]
pub struct Def {
    /// The parameters' slots, in order.
    pub params: Vec<Slot>,
    /// The body.
    pub body: F,
    /// Variable names by slot.
    pub slots: Vec<String>,
}

/// An input predicate's facts: its true tuples.
pub type FactSet = MixSet<Vec<Val>>;

/// What a predicate is.
#[derive(Clone, Debug)]
pub enum PredKind {
    /// Solved for: atoms become SAT variables.
    Var,
    /// Given by facts and tables (closed world: unlisted atoms are false).
    Input(FactSet),
    /// An integer variable per argument tuple, with values in this domain (integers or symbols).
    Int(DomId),
    /// Defined by a formula over data.
    Def(Box<Def>),
}

/// A declared predicate.
#[derive(Clone, Debug)]
pub struct Pred {
    /// Its name.
    pub name: String,
    /// Domain of each argument.
    pub args: Vec<DomId>,
    /// What it is.
    pub kind: PredKind,
    /// Whether its facts are clues a poser may withhold (`clue pred`; an input predicate).
    pub clue: bool,
    /// For a clue predicate declared `clue pred p(...) else q`: q, an input predicate whose
    /// arguments are p's first ones. Withholding a fact of p leaves q's fact of those arguments
    /// (a number withheld leaves its clue cell, shown `?`); giving it replaces that fact.
    pub withheld: Option<PredId>,
    /// Where it is declared.
    pub span: Span,
}

/// A constraint: a closed formula with the names of its variable slots.
#[derive(Clone, Debug)]
pub struct Stmt {
    /// The formula.
    pub f: F,
    /// Variable names by slot (for bindings in messages).
    pub slots: Vec<String>,
    /// Where it is.
    pub span: Span,
}

/// A parsed, resolved model with its data: parameters fixed, data facts loaded.
#[derive(Clone, Debug)]
pub struct Program {
    pub(crate) files: Files,
    /// Interned symbol names.
    pub symbols: Vec<String>,
    /// Parameters and their values, in declaration order.
    pub params: Vec<(String, Val)>,
    /// Domains.
    pub domains: Vec<Domain>,
    /// Predicates.
    pub preds: Vec<Pred>,
    /// Constraints, in order.
    pub stmts: Vec<Stmt>,
    /// Predicates shown (projection for decoding, blocking, counting).
    pub shown: Vec<PredId>,
    /// Hash of the model text, data text and overrides.
    pub hash: u64,
    /// Warnings of the parser: where, and what.
    pub(crate) warnings: Vec<(Span, String)>,
    /// Objectives (`minimize`, `maximize`, `soft`), in the order written (`objective.rs`).
    pub goals: Vec<crate::objective::Goal>,
}

/// Displays a value with the program's symbol names.
pub struct ShowVal<'a>(pub &'a Program, pub Val);

/// Decimal digits without the formatting machinery (atom names, header lines).
pub(crate) use wgrnd_sat::push_decimal;

impl fmt::Display for ShowVal<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Val::Int(v) => write!(f, "{v}"),
            Val::Sym(s) => write!(f, "{}", self.0.symbols.get(s as usize).map_or("?", |s| s.as_str())),
        }
    }
}

impl Program {
    /// `pred(a, b)` for an atom.
    pub fn atom_name(&self, pred: PredId, args: &[Val]) -> String {
        let p = &self.preds[pred];
        if args.is_empty() {
            return p.name.clone();
        }
        // One string written in place (a grounding names every atom: no string per argument).
        let mut out = String::with_capacity(p.name.len() + 2 + 4 * args.len());
        out.push_str(&p.name);
        out.push('(');
        for (i, v) in args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            self.push_val(&mut out, *v);
        }
        out.push(')');
        out
    }

    /// Appends `v` as an atom's name writes an argument.
    pub(crate) fn push_val(&self, out: &mut String, v: Val) {
        match v {
            Val::Int(x) => push_decimal(out, x),
            v => {
                let _ = write!(out, "{}", ShowVal(self, v));
            }
        }
    }
    /// The parser's warnings, one line each: `file:line:col: warning: ...`.
    pub fn warnings(&self) -> Vec<String> {
        self.warnings
            .iter()
            .map(|(span, w)| {
                let e = QpropError::new(ErrorKind::Syntax, *span, "", "").with_files(&self.files);
                match e.location() {
                    Some((file, line, col)) => format!("{file}:{line}:{col}: warning: {w}"),
                    None => format!("warning: {w}"),
                }
            })
            .collect()
    }
    /// Attaches the file texts to an error for rendering.
    pub fn err(&self, e: QpropError) -> QpropError {
        e.with_files(&self.files)
    }
    /// `x=1, y=red` for the bound slots of an environment.
    pub fn bindings(&self, names: &[String], env: &[Option<Val>]) -> String {
        let b: Vec<String> =
            names.iter().zip(env).filter_map(|(n, v)| v.map(|v| format!("{n} = {}", ShowVal(self, v)))).collect();
        if b.is_empty() {
            "no variables bound".into()
        } else {
            format!("bindings: {}", b.join(", "))
        }
    }
    /// Index of the predicate called `name`.
    pub fn pred_index(&self, name: &str) -> Option<PredId> {
        self.preds.iter().position(|p| p.name == name).map(PredId::new)
    }
    /// Every predicate's id, in declaration order.
    pub fn pred_ids(&self) -> impl Iterator<Item = PredId> {
        (0..self.preds.len()).map(PredId::new)
    }
}

/// Evaluates a term; variables must be bound. Errors name the span; the caller adds bindings.
pub fn eval_term(t: &T, env: &[Option<Val>]) -> Result<Val> {
    match fast_term(t, env) {
        Some(v) => Ok(v),
        None => eval_term_slow(t, env),
    }
}

/// Integer arithmetic without building errors (the common case); `None` on any problem.
pub(crate) fn fast_term(t: &T, env: &[Option<Val>]) -> Option<Val> {
    match t {
        T::Const(v) => Some(*v),
        T::Var(s) => env.get(s.index()).copied().flatten(),
        T::Neg(a, _) => match fast_term(a, env)? {
            Val::Int(x) => x.checked_neg().map(Val::Int),
            Val::Sym(_) => None,
        },
        T::Bin(t) => {
            let (Val::Int(x), Val::Int(y)) = (fast_term(&t.a, env)?, fast_term(&t.b, env)?) else { return None };
            match t.op {
                Op::Add => x.checked_add(y),
                Op::Sub => x.checked_sub(y),
                Op::Mul => x.checked_mul(y),
                Op::Div | Op::Mod if y == 0 => None,
                Op::Div => floor_div(x, y),
                Op::Mod => floor_div(x, y).and_then(|q| q.checked_mul(y)).and_then(|m| x.checked_sub(m)),
            }
            .map(Val::Int)
        }
        T::IntVar(..) | T::Sum(..) | T::Bool(..) | T::MinMax(..) | T::Count(..) => None,
    }
}

fn eval_term_slow(t: &T, env: &[Option<Val>]) -> Result<Val> {
    match t {
        T::Const(v) => Ok(*v),
        T::Var(s) => env.get(s.index()).copied().flatten().ok_or_else(|| {
            QpropError::nowhere(ErrorKind::Unsupported, "internal: unbound variable slot while evaluating")
        }),
        T::Neg(a, span) => arith(Op::Sub, Val::Int(0), eval_term(a, env)?, *span),
        T::Bin(t) => arith(t.op, eval_term(&t.a, env)?, eval_term(&t.b, env)?, t.span),
        T::Sum(sum) => Err(int_needed(sum.span)),
        T::IntVar(_, _, span) | T::Bool(_, span) => Err(int_needed(*span)),
        T::MinMax(m) => Err(int_needed(m.span)),
        T::Count(c) => Err(int_needed(c.span)),
    }
}

fn int_needed(span: Span) -> QpropError {
    QpropError::new(
        ErrorKind::Unsupported,
        span,
        "an integer variable where a value known while grounding is needed",
        "expected data, parameters and arithmetic",
    )
}

/// `x op y` on integers, with errors for symbols, division by zero and overflow.
pub fn arith(op: Op, x: Val, y: Val, span: Span) -> Result<Val> {
    let (Val::Int(x), Val::Int(y)) = (x, y) else {
        return Err(not_int(span));
    };
    let r = match op {
        Op::Add => x.checked_add(y),
        Op::Sub => x.checked_sub(y),
        Op::Mul => x.checked_mul(y),
        Op::Div | Op::Mod if y == 0 => {
            return Err(QpropError::new(ErrorKind::Arithmetic, span, "division by zero", "divisor is 0"))
        }
        Op::Div => floor_div(x, y),
        Op::Mod => floor_div(x, y).and_then(|q| q.checked_mul(y)).and_then(|m| x.checked_sub(m)),
    };
    r.map(Val::Int).ok_or_else(|| overflow(span))
}

pub(crate) fn overflow(span: Span) -> QpropError {
    QpropError::new(ErrorKind::Arithmetic, span, "integer overflow", "result outside 64-bit integers")
}

pub(crate) fn not_int(span: Span) -> QpropError {
    QpropError::new(ErrorKind::Type, span, "arithmetic on a symbol", "expected integer operands")
}

fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if x % y != 0 && ((x < 0) != (y < 0)) { q - 1 } else { q })
}

/// Whether a predicate is data (known while grounding: input, clue or derived), not a variable
/// the solver decides.
pub(crate) fn is_data(p: &Program, pred: PredId) -> bool {
    !matches!(p.preds[pred].kind, PredKind::Var)
}
