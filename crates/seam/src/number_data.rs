//! Data for a model as numbers: what a format's reader builds, handed to the modelling language
//! without writing it as text that the lexer, parser and resolver read back (on a 41 x 41
//! nonogram that round trip was about a fifth of the whole run's instructions).

/// A model's data as whole numbers: `param` values and facts, the same data as the reader's text
/// (which stays the puzzle's source: its hash, diagnostics and `-o FILE.qpd` are the text's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NumberData {
    /// `param NAME = VALUE`, in order.
    pub params: Vec<(String, i64)>,
    /// Facts, by predicate.
    pub facts: Vec<NumberFacts>,
}

/// The facts of one input predicate whose arguments are whole numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberFacts {
    /// The predicate's name.
    pub pred: String,
    /// Its number of arguments, at least one.
    pub arity: usize,
    /// The arguments of every fact, one fact after the other (`arity` numbers each).
    pub args: Vec<i64>,
}

impl NumberFacts {
    /// No facts yet of `pred`, which takes `arity` arguments.
    pub fn new(pred: impl Into<String>, arity: usize) -> NumberFacts {
        NumberFacts { pred: pred.into(), arity, args: Vec::new() }
    }

    /// Adds the fact `pred(args)`; `args` has `arity` numbers.
    pub fn push(&mut self, args: &[i64]) {
        debug_assert_eq!(args.len(), self.arity, "a fact of {} takes {} arguments", self.pred, self.arity);
        self.args.extend_from_slice(args);
    }

    /// The facts, each its arguments.
    pub fn facts(&self) -> impl Iterator<Item = &[i64]> {
        self.args.chunks(self.arity.max(1))
    }
}
