//! The syntax tree, as written (names unresolved).

use crate::error::Span;
use crate::ops::{CmpOp, Conn, Op};

/// An integer or name term.
#[derive(Clone, Debug)]
pub enum Term {
    /// An integer literal.
    Int(i64, Span),
    /// A variable, parameter or symbol.
    Name(String, Span),
    /// `name(args)`: only meaningful as an atom.
    Call(String, Vec<Term>, Span),
    /// A binary operation: `+ - * / mod`.
    Bin(Op, Box<Term>, Box<Term>, Span),
    /// Unary minus.
    Neg(Box<Term>, Span),
    /// `sum { term : binders | guard }`.
    Sum(Box<Term>, Vec<Binder>, Option<Box<Formula>>, Span),
    /// `[formula]`: 1 if the formula holds, else 0.
    Bool(Box<Formula>, Span),
    /// `min { term : binders | guard }` / `max {...}` (true for max): the comprehension.
    MinMax(bool, Box<Term>, Vec<Binder>, Option<Box<Formula>>, Span),
    /// `count { formula : binders | guard }`: how many bindings make the formula true.
    Count(Box<Formula>, Vec<Binder>, Option<Box<Formula>>, Span),
}

impl Term {
    /// Where the term is.
    pub fn span(&self) -> Span {
        match self {
            Term::Int(_, s) | Term::Name(_, s) | Term::Call(_, _, s) | Term::Bin(_, _, _, s) | Term::Neg(_, s) => *s,
            Term::Sum(_, _, _, s) | Term::Bool(_, s) => *s,
            Term::MinMax(_, _, _, _, s) => *s,
            Term::Count(_, _, _, s) => *s,
        }
    }
}

/// Quantifier or comprehension variables: `x, y in D` or `z` (sort declared with `var`).
#[derive(Clone, Debug)]
pub struct Binder {
    /// The variable's name.
    pub name: String,
    /// The domain, if written here.
    pub domain: Option<(String, Span)>,
    /// Where the name is.
    pub span: Span,
}

/// A counting constraint's kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountKind {
    /// `exactly k`.
    Exactly,
    /// `atmost k`.
    AtMost,
    /// `atleast k`.
    AtLeast,
}

/// What a declared `pred` is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PredRole {
    /// Solved for (`pred`).
    Solved,
    /// Data (`input pred`): facts and tables, closed world.
    Input,
    /// Data that a poser may give or withhold (`clue pred`): an input predicate whose facts are
    /// the puzzle's clues, which `generate --unique` chooses. The model must be written so that a
    /// clue fact only adds constraints (it appears only in guards), so that withholding it never
    /// excludes a solution.
    Clue,
}

/// A formula.
#[derive(Clone, Debug)]
pub enum Formula {
    /// `true` or `false`.
    Const(bool, Span),
    /// `p(t1, ..., tn)` or `p`.
    Atom(String, Vec<Term>, Span),
    /// `t1 op t2`, op one of `= =/= != < <= > >=`.
    Cmp(CmpOp, Term, Term, Span),
    /// `not F`.
    Not(Box<Formula>, Span),
    /// A binary connective: `and or -> iff xor` (`A if B` is stored as `B -> A`).
    Bin(Conn, Box<Formula>, Box<Formula>, Span),
    /// `forall` (true) or `exists` (false) with binders, an optional guard and a body.
    Quant(bool, Vec<Binder>, Option<Box<Formula>>, Box<Formula>, Span),
    /// `exactly k { lit : binders | guard }`.
    Count(CountKind, Term, Box<Formula>, Vec<Binder>, Option<Box<Formula>>, Span),
    /// `increasing { term : binders | guard }` (or `decreasing`, `strictly_...`, or a `[t1, ...]` list).
    Order(OrderKind, List, Span),
    /// `lex_less(L1, L2)` (strict, true) or `lex_lesseq(L1, L2)`.
    Lex(bool, List, List, Span),
    /// `alldifferent [except T] { term : binders | guard }`.
    AllDiff(Option<Term>, Term, Vec<Binder>, Option<Box<Formula>>, Span),
    /// `connected { formula : binders | guard } via adj` or `circuit { ... } via adj`.
    Connected(Box<ConnectedAst>),
    /// `regions { size : binders | guard } via adj`.
    Regions(Box<RegionsAst>),
    /// `xor { formula : binders | guard }` / `odd {...}` (true: an odd number of bindings hold)
    /// or `even {...}` (false).
    Parity(bool, Box<Formula>, Vec<Binder>, Option<Box<Formula>>, Span),
    /// `runs { formula : binders | guard } = lengths` (regular.rs).
    Runs(Box<RunsAst>),
    /// A global constraint of the registry (`global/`), as written.
    Global(Box<GlobalAst>),
}

/// `name L op term` (or `name(L1, ..., Ln) op term`): a global constraint of the registry.
#[derive(Clone, Debug)]
pub struct GlobalAst {
    /// Which global.
    pub(crate) global: &'static dyn crate::global::Global,
    /// Its sequences.
    pub lists: Vec<List>,
    /// The comparison of its value.
    pub op: CmpOp,
    /// What its value is compared with.
    pub bound: Term,
    /// Where the whole constraint is.
    pub span: Span,
}

/// `runs { formula : binders | guard } = [l1, ...]` (or `= { term : binders | guard }`), as written.
#[derive(Clone, Debug)]
pub struct RunsAst {
    /// The formula that makes a cell black.
    pub lit: Formula,
    /// The binders: the cells of the line, in binder enumeration order.
    pub binders: Vec<Binder>,
    /// The data condition on them.
    pub guard: Option<Formula>,
    /// The run lengths, in order.
    pub lens: List,
    /// Where the whole constraint is.
    pub span: Span,
}

/// `regions { size : binders | guard } via adj`, as written.
#[derive(Clone, Debug)]
pub struct RegionsAst {
    /// Each cell's number: the size of its region.
    pub size: Term,
    /// The binders.
    pub binders: Vec<Binder>,
    /// The data condition on them.
    pub guard: Option<Formula>,
    /// The adjacency predicate's name and place.
    pub adj: (String, Span),
    /// Where the whole constraint is.
    pub span: Span,
}

/// `connected { formula : binders | guard } via adj` (or `circuit`), as written.
#[derive(Clone, Debug)]
pub struct ConnectedAst {
    /// `circuit` (one cycle) rather than `connected`.
    pub circuit: bool,
    /// The formula that makes a binding a node.
    pub lit: Formula,
    /// The binders.
    pub binders: Vec<Binder>,
    /// The data condition on them.
    pub guard: Option<Formula>,
    /// The adjacency predicate and where its name is.
    pub adj: (String, Span),
    /// Where the whole constraint is.
    pub span: Span,
}

/// The order a sequence must follow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OrderKind {
    /// `increasing`: each element at most the next.
    Increasing,
    /// `decreasing`: each element at least the next.
    Decreasing,
    /// `strictly_increasing`.
    StrictlyIncreasing,
    /// `strictly_decreasing`.
    StrictlyDecreasing,
}

/// A sequence of terms: `{ term : binders | guard }` (in binder enumeration order) or `[t1, ...]`.
#[derive(Clone, Debug)]
pub enum List {
    /// A comprehension.
    Compr(Box<Term>, Vec<Binder>, Option<Box<Formula>>),
    /// Listed terms.
    Items(Vec<Term>),
}

impl Formula {
    /// Where the formula is.
    pub fn span(&self) -> Span {
        match self {
            Formula::Const(_, s)
            | Formula::Atom(_, _, s)
            | Formula::Cmp(_, _, _, s)
            | Formula::Not(_, s)
            | Formula::Bin(_, _, _, s)
            | Formula::Quant(_, _, _, _, s)
            | Formula::Count(_, _, _, _, _, s) => *s,
            Formula::AllDiff(_, _, _, _, s) => *s,
            Formula::Connected(c) => c.span,
            Formula::Regions(r) => r.span,
            Formula::Order(_, _, s) | Formula::Lex(_, _, _, s) => *s,
            Formula::Parity(_, _, _, _, s) => *s,
            Formula::Runs(r) => r.span,
            Formula::Global(g) => g.span,
        }
    }
}

/// A domain definition.
#[derive(Clone, Debug)]
pub enum DomainDef {
    /// `lo..hi`.
    Range(Term, Term),
    /// `{a, b, 3}`.
    List(Vec<Term>),
    /// `{x in D | guard}`.
    Filter(Binder, Box<Formula>),
    /// `{(1, 2), (2, 3)}`: a tuple domain listed (each tuple with its span).
    Tuples(Vec<(Vec<Term>, Span)>),
    /// `{(a, b) : a in D, b in E | guard}`: a tuple domain by comprehension.
    TupleSet(Vec<Term>, Vec<Binder>, Option<Box<Formula>>),
}

/// A top-level item.
#[derive(Clone, Debug)]
pub enum Item {
    /// `param n = term`.
    Param(String, Term, Span),
    /// `domain D = ...`.
    Domain(String, DomainDef, Span),
    /// `var x, y in D`.
    Sort(Vec<(String, Span)>, String, Span),
    /// `[input|clue] pred p(D1, ..., Dn)`, and for a clue predicate `else q`: the input predicate
    /// whose fact (the clue's first arguments) stands where a fact of p is withheld.
    Pred(PredRole, String, Vec<(String, Span)>, Option<(String, Span)>, Span),
    /// `var x(D1, ...) in lo..hi` (or `in D`): a bounded integer variable per argument tuple.
    IntVar(String, Vec<(String, Span)>, DomainDef, Span),
    /// `def p(x in D, ...) := F`.
    Def(String, Vec<Binder>, Formula, Span),
    /// `show p, q`.
    Show(Vec<(String, Span)>),
    /// `table p [ entries ]`.
    Table(String, Vec<Term>, Span),
    /// A formula: a constraint, or a fact when it is a ground atom of an input predicate.
    Formula(Formula),
    /// `table p from "file"`: facts of an input predicate from a CSV or DIMACS `.col` file
    /// (predicate, its span, the path as written, the path's span); replaced by [`Item::Rows`]
    /// when the file is read.
    TableFrom(String, Span, String, Span),
    /// Rows of values read from a file for the input predicate named: each row's values and
    /// span, and whether the first row may be a header (CSV).
    Rows(String, Span, Vec<(Vec<Term>, Span)>, bool),
    /// `minimize term` (false) or `maximize term` (true): an objective level.
    Objective(bool, Term, Span),
    /// `soft W: formula`, or `soft W { formula : binders | guard }` (one soft constraint per
    /// binding): weighted soft constraints (weight, formula, the binders and guard, span).
    Soft(Term, Formula, Option<(Vec<Binder>, Option<Box<Formula>>)>, Span),
}
