//! The contract between a reader of seed 002's formats and the bundled model it writes data for:
//! the data is source text of the modelling language, so its names must be the model's. Each
//! reader states, in one [`DataContract`], which model it feeds, which parameters and domains its
//! data sets and which predicates it gives facts of (with their number of arguments), and which
//! of the model's other input predicates it leaves to the model (facts that only posing gives).
//! The reader writes its facts with these names; `wgrnd-family`'s reader tests load each model
//! with each reader's data and hold the contract against the model's declarations, so a name
//! that drifts on either side fails there.

/// What a reader's data and its bundled model agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataContract {
    /// The bundled model's file name (`models/NAME`).
    pub model: &'static str,
    /// Parameters the data sets (`param NAME = ...`).
    pub params: &'static [&'static str],
    /// Domains the data declares (`domain NAME = {...}`).
    pub domains: &'static [&'static str],
    /// Input predicates the data gives facts of: name and number of arguments.
    pub facts: &'static [(&'static str, usize)],
    /// The model's other input predicates, which the reader leaves empty (their facts come from
    /// posing a puzzle, such as revealed cells).
    pub left_to_model: &'static [&'static str],
}
