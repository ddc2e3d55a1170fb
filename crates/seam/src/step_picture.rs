//! One step of an explanation as a picture (`wgrnd explain --svg-steps DIR`, docs/explain.md):
//! what a family needs to draw it. The family draws its own picture of the board with the facts
//! known so far and marks on it the step's clues, its earlier facts and its new fact.

use wgrnd_sat::{Lit, Var};

/// A step to draw ([`crate::Family::step_svg`]).
pub struct StepPicture<'a> {
    /// Whether a projection atom's value is known after the step (the facts of this step and of
    /// every earlier one, with their consequences).
    pub known: &'a dyn Fn(Var) -> bool,
    /// The clue groups of the step's set (indices into [`crate::Grounding::groups`]).
    pub clues: &'a [usize],
    /// The earlier facts of the step's set.
    pub facts: &'a [Lit],
    /// The new fact, then the facts that follow from it with the constraints alone.
    pub new: &'a [Lit],
    /// Lines written under the picture (the step in words).
    pub caption: &'a [String],
}
