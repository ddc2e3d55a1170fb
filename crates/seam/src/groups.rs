//! Groups of a grounding, for explanations (`wgrnd explain`, `wgrnd why`): the clauses of a
//! puzzle split into the clue facts and the constraint groups they come from, each switched on
//! by a selector variable. Every clause of a group holds the negated selector, so assuming the
//! selector true switches the group on and leaving it unassigned lets the solver switch it off
//! (a selector never occurs positively): a set of groups is a set of assumptions. Clauses of no
//! group are always on. A family grounds with groups only when asked
//! ([`crate::Family::ground_groups`]); an ordinary grounding has none.

/// What a group stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// A clue fact (a given the poser chose).
    Clue,
    /// A constraint of the puzzle's rules (a statement of a model).
    Constraint,
}

/// One group: its selector, what it is, its name in the family's words and, for a statement of
/// a model, where it stands in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Assumed true to switch the group on.
    pub selector: wgrnd_sat::Var,
    /// Clue or constraint.
    pub kind: GroupKind,
    /// In the family's words: `clue open(2,4,2)`, `the statement at line 27`.
    pub name: String,
    /// The group pointed at in its source (a caret diagnostic), when it has one.
    pub diagnostic: Option<String>,
}
