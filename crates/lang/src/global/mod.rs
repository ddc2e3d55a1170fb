//! The global constraints' extension point. A global is a type implementing [`Global`] in a
//! module of its own: its word, its value on a solution's values (the checker's meaning), its
//! value as a linear term over literals (the grounder's meaning) and its size estimate; it is
//! listed once in [`GLOBALS`]. Everything else is generic and written once here or in the
//! passes: the parser reads `name L op term` for every global of the list (`name(L1, ..., Ln)
//! op term` when it takes several sequences), the resolver resolves the sequences and the
//! compared term, the IR holds every global as one node ([`GlobalCall`]), walks visit its
//! sequences and term, the grounder compares the encoded value with the term under any
//! connective ([`ground`]), and the checker compares the value on the solution with the term's
//! ([`holds`]). A global sees the grounder only through [`GlobalCx`]: the values an element may
//! take with the literals that select them, and a literal for a disjunction; it sees the
//! checker only as the values of its sequences.

mod nvalue;

use wgrnd_sat::Lit;

use crate::error::{ErrorKind, QpropError, Result, Span};
use crate::ground::{Env, Grounder};
use crate::ints::IntRef;
use crate::linear::Lin;
use crate::program::{GlobalCall, List, PredKind, Program, Val, T};
use crate::reify::{Bit, Pol};

/// A global constraint: an integer value of one or more sequences of terms, compared with a
/// term (`nvalue { x(i) : i in d } <= 2`).
pub(crate) trait Global: Sync + std::fmt::Debug {
    /// The word that writes it. Not reserved: it is read as the global only before its
    /// sequence (`{` or `[`), or before `(` when it takes several, so models may still use it
    /// as a name.
    fn name(&self) -> &'static str;
    /// How many sequences it takes.
    fn lists(&self) -> usize {
        1
    }
    /// Its value on the sequences' values (in order, with repetitions): the checker's meaning.
    fn value(&self, lists: &[Vec<Val>], span: Span) -> Result<i64>;
    /// Its value as a linear term over the grounder's literals, given each sequence's elements:
    /// the grounder's meaning. Every auxiliary it makes must be fixed by the elements' values.
    fn encode(&self, cx: &mut dyn GlobalCx, lists: &[Vec<IntRef>], span: Span) -> Result<Lin>;
    /// Estimated clauses for sequences of `elements` elements in all.
    fn estimate(&self, elements: f64) -> f64;
}

/// Every global of the language.
static GLOBALS: &[&dyn Global] = &[&nvalue::NValue];

/// The global written `name`.
pub(crate) fn by_name(name: &str) -> Option<&'static dyn Global> {
    GLOBALS.iter().copied().find(|g| g.name() == name)
}

/// What a global's encoder may ask of the grounder.
pub(crate) trait GlobalCx {
    /// The values `element` may take, each with the literal that says it takes it (`None`: it
    /// takes it in every solution).
    fn values(&mut self, element: IntRef) -> Vec<(Val, Option<Lit>)>;
    /// A literal equivalent to the disjunction of `lits` (or its constant value), shared with
    /// every other disjunction of the same literals.
    fn any(&mut self, lits: Vec<Lit>) -> Bit;
}

impl GlobalCx for Grounder<'_> {
    fn values(&mut self, element: IntRef) -> Vec<(Val, Option<Lit>)> {
        self.value_lits(element)
    }
    fn any(&mut self, lits: Vec<Lit>) -> Bit {
        self.gate(false, lits.into_iter().map(Ok).collect(), Pol::Both)
    }
}

/// Refuses a compared term that is a symbol (a global's value is an integer), at its place.
pub(crate) fn check_bound(p: &Program, bound: &T, span: Span, name: &str) -> Result<()> {
    let symbolic = match bound {
        T::Const(v) => matches!(v, Val::Sym(_)),
        T::IntVar(pr, _, _) => match p.preds[*pr].kind {
            PredKind::Int(d) => p.domains[d].values.iter().any(|v| matches!(v, Val::Sym(_))),
            _ => false,
        },
        _ => false,
    };
    if symbolic {
        return Err(QpropError::new(
            ErrorKind::Type,
            span,
            format!("'{name}' compared with a symbol"),
            format!("expected an integer: the value of '{name}' is a number"),
        ));
    }
    Ok(())
}

/// `call` (its comparison negated when `neg`) as a literal in the directions `pol`: the
/// global's encoded value compared with the term. An undefined element or term (an element
/// index outside its domain) makes the constraint as written false.
pub(crate) fn ground(g: &mut Grounder, call: &GlobalCall, neg: bool, env: &mut Env, pol: Pol) -> Result<Bit> {
    let op = if neg { call.op.negate() } else { call.op };
    let (b, undefined) = g.defined(|g| {
        let mut lists = Vec::with_capacity(call.lists.len());
        for l in &call.lists {
            lists.push(g.each_element(l, env, &mut |g, t, env| g.int_ref(t, call.span, env))?);
        }
        let value = call.global.encode(g, &lists, call.span).map_err(|e| g.bind_err(e, env))?;
        let bound = g.lin(&call.bound, env)?;
        // One way: the comparison's literal implies it; the other: the opposite's negation.
        let imp = match pol.imp() {
            true => Some(g.lin_compare(op, value.clone(), bound.clone(), call.span, env)?),
            false => None,
        };
        let rev = match pol.rev() {
            true => Some(crate::reify::not(g.lin_compare(op.negate(), value, bound, call.span, env)?)),
            false => None,
        };
        Ok(match (imp, rev) {
            (Some(i), None) => i,
            (None, Some(r)) => r,
            (Some(Err(v)), Some(_)) | (Some(_), Some(Err(v))) => Err(v),
            (Some(Ok(i)), Some(Ok(r))) => {
                // i -> (value op bound) -> r; `i or not r` closes the loop.
                g.cnf.add_clause(&[i, !r]);
                Ok(i)
            }
            (None, None) => Err(true),
        })
    })?;
    Ok(g.relational(b, undefined, neg, pol))
}

/// Estimated clauses of `call`: its elements counted over their binders' domains.
pub(crate) fn estimate(p: &Program, call: &GlobalCall) -> f64 {
    let mut elements = 0.0;
    for l in &call.lists {
        elements += match l {
            List::Items(ts) => ts.len() as f64,
            List::Compr(s) => s.binders.iter().map(|b| p.domains[b.dom].len() as f64).product(),
        };
    }
    call.global.estimate(elements)
}

/// Whether `call` holds, given its sequences' values and the compared term's value: the
/// checker's side.
pub(crate) fn holds(call: &GlobalCall, lists: &[Vec<Val>], bound: Val) -> Result<bool> {
    let v = call.global.value(lists, call.span)?;
    call.op.holds(Val::Int(v), bound).ok_or_else(|| {
        QpropError::new(
            ErrorKind::Type,
            call.span,
            format!("'{}' compared with a symbol", call.global.name()),
            "expected an integer",
        )
    })
}

/// The error of a global where a data formula is needed (a guard, a definition, a filter).
pub(crate) fn not_data(call: &GlobalCall) -> QpropError {
    QpropError::new(
        ErrorKind::Unsupported,
        call.span,
        format!("'{}' inside a guard or definition", call.global.name()),
        "expected a data formula",
    )
}
