//! The resolved model: domains, predicates, parameters and formulas with variables as slots.

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::ast::CountKind;
use crate::error::{ErrorKind, QpropError, Result, Span};

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
    pub(crate) index: HashMap<Val, u32>,
    /// The domain this one filters (a subset is accepted where its parent is expected).
    pub parent: Option<usize>,
}

impl Domain {
    pub(crate) fn new(name: String, values: Vec<Val>, parent: Option<usize>) -> Domain {
        let mut seen = HashSet::new();
        let values: Vec<Val> = values.into_iter().filter(|v| seen.insert(*v)).collect();
        let range = match values.first() {
            Some(Val::Int(lo))
                if values.iter().enumerate().all(|(i, v)| Some(*v) == lo.checked_add(i as i64).map(Val::Int)) =>
            {
                Some(*lo)
            }
            _ => None,
        };
        let index = if range.is_some() {
            HashMap::new()
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

/// Arithmetic operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (rounds toward negative infinity)
    Div,
    /// `mod` (result has the sign of the divisor)
    Mod,
}

/// Comparison operators.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `=/=` or `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Whether `a op b` holds (symbols compare equal or not; ordered comparisons need integers).
    pub fn holds(self, a: Val, b: Val) -> Option<bool> {
        match (self, a, b) {
            (CmpOp::Eq, _, _) => Some(a == b),
            (CmpOp::Ne, _, _) => Some(a != b),
            (_, Val::Int(x), Val::Int(y)) => Some(match self {
                CmpOp::Lt => x < y,
                CmpOp::Le => x <= y,
                CmpOp::Gt => x > y,
                _ => x >= y,
            }),
            _ => None,
        }
    }
    /// The comparison that holds exactly when this one does not.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }
}

/// A resolved term.
#[derive(Clone, Debug)]
pub enum T {
    /// A constant (literal, parameter or symbol).
    Const(Val),
    /// A quantified variable (slot in the statement's environment).
    Var(u16),
    /// `a op b`.
    Bin(Op, Box<T>, Box<T>, Span),
    /// `-a`.
    Neg(Box<T>, Span),
    /// An integer variable `x(args)`: predicate index, arguments.
    IntVar(usize, Vec<T>, Span),
    /// `sum { term : binders | guard }`.
    Sum(Box<T>, Binders, Option<Box<F>>, Span),
    /// `[formula]`: 1 or 0.
    Bool(Box<F>, Span),
}

/// Quantified variables: slot and domain.
pub type Binders = Vec<(u16, usize)>;

/// A resolved formula.
#[derive(Clone, Debug)]
pub enum F {
    /// `true` / `false`.
    Const(bool),
    /// An atom: predicate index and arguments.
    Atom(usize, Vec<T>, Span),
    /// A comparison.
    Cmp(CmpOp, T, T, Span),
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
    /// `forall` (true) / `exists` (false): binders, guard, body.
    Quant(bool, Binders, Option<Box<F>>, Box<F>, Span),
    /// Counting: kind, bound, literal, binders, guard.
    Count(CountKind, T, Box<F>, Binders, Option<Box<F>>, Span),
}

/// What a predicate is.
#[derive(Clone, Debug)]
pub enum PredKind {
    /// Solved for: atoms become SAT variables.
    Var,
    /// Given by facts and tables (closed world: unlisted atoms are false).
    Input(HashSet<Vec<Val>>),
    /// A bounded integer variable per argument tuple, with values in this domain (an integer range).
    Int(usize),
    /// Defined by a formula over data: parameter slots, body, slot names.
    Def(Vec<u16>, F, Vec<String>),
}

/// A declared predicate.
#[derive(Clone, Debug)]
pub struct Pred {
    /// Its name.
    pub name: String,
    /// Domain of each argument.
    pub args: Vec<usize>,
    /// What it is.
    pub kind: PredKind,
    /// Whether its facts are clues a poser may withhold (`clue pred`; an input predicate).
    pub clue: bool,
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
    pub(crate) files: Vec<(String, String)>,
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
    pub shown: Vec<usize>,
    /// Hash of the model text, data text and overrides.
    pub hash: u64,
}

/// Displays a value with the program's symbol names.
pub struct ShowVal<'a>(pub &'a Program, pub Val);

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
    pub fn atom_name(&self, pred: usize, args: &[Val]) -> String {
        let p = &self.preds[pred];
        if args.is_empty() {
            return p.name.clone();
        }
        let a: Vec<String> = args.iter().map(|v| ShowVal(self, *v).to_string()).collect();
        format!("{}({})", p.name, a.join(","))
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
    pub fn pred_index(&self, name: &str) -> Option<usize> {
        self.preds.iter().position(|p| p.name == name)
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
fn fast_term(t: &T, env: &[Option<Val>]) -> Option<Val> {
    match t {
        T::Const(v) => Some(*v),
        T::Var(s) => env.get(*s as usize).copied().flatten(),
        T::Neg(a, _) => match fast_term(a, env)? {
            Val::Int(x) => x.checked_neg().map(Val::Int),
            Val::Sym(_) => None,
        },
        T::Bin(op, a, b, _) => {
            let (Val::Int(x), Val::Int(y)) = (fast_term(a, env)?, fast_term(b, env)?) else { return None };
            match op {
                Op::Add => x.checked_add(y),
                Op::Sub => x.checked_sub(y),
                Op::Mul => x.checked_mul(y),
                Op::Div if y != 0 => floor_div(x, y),
                Op::Mod if y != 0 => floor_div(x, y).and_then(|q| q.checked_mul(y)).and_then(|m| x.checked_sub(m)),
                _ => None,
            }
            .map(Val::Int)
        }
        T::IntVar(..) | T::Sum(..) | T::Bool(..) => None,
    }
}

fn eval_term_slow(t: &T, env: &[Option<Val>]) -> Result<Val> {
    match t {
        T::Const(v) => Ok(*v),
        T::Var(s) => env.get(*s as usize).copied().flatten().ok_or_else(|| {
            QpropError::nowhere(ErrorKind::Unsupported, "internal: unbound variable slot while evaluating")
        }),
        T::Neg(a, span) => arith(Op::Sub, Val::Int(0), eval_term(a, env)?, *span),
        T::Bin(op, a, b, span) => arith(*op, eval_term(a, env)?, eval_term(b, env)?, *span),
        T::IntVar(_, _, span) | T::Sum(_, _, _, span) | T::Bool(_, span) => Err(QpropError::new(
            ErrorKind::Unsupported,
            *span,
            "an integer variable where a value known while grounding is needed",
            "expected data, parameters and arithmetic",
        )),
    }
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

fn overflow(span: Span) -> QpropError {
    QpropError::new(ErrorKind::Arithmetic, span, "integer overflow", "result outside 64-bit integers")
}

fn not_int(span: Span) -> QpropError {
    QpropError::new(ErrorKind::Type, span, "arithmetic on a symbol", "expected integer operands")
}

fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if x % y != 0 && ((x < 0) != (y < 0)) { q - 1 } else { q })
}
