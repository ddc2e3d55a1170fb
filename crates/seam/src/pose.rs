//! Posing a puzzle: the clues a poser may give or withhold, for the construction question ("pose
//! a puzzle that has exactly one solution"). A family that can be posed says which clues its
//! puzzle has now, which clues a solution satisfies (each of them keeps that solution a solution,
//! so any subset does), how to pose the same puzzle with exactly a given set of clues, and how to
//! write the puzzle in its own format. The construction itself (add clues until unique, then drop
//! every clue that is not needed) is written once over this trait in `wgrnd_engine::count::pose_unique`.
//!
//! Edge matching: a clue is a placement (piece and rotation on a square). Packings: a piece
//! given in place (`place` lines). Models: a fact of a `clue pred` predicate.

use crate::{Error, Family};

/// A family whose puzzles carry clues that a poser chooses.
pub trait Pose: Family + Sized {
    /// One clue.
    type Clue: Clone + PartialEq + Send + Sync;

    /// The clues the puzzle has now.
    fn clues(&self) -> Vec<Self::Clue>;

    /// Whether the puzzle has clues a poser can choose at all; a family that cannot give any (a
    /// model without `clue pred`) says so with an error, before any search. The default: it can.
    fn posable(&self) -> Result<(), Error> {
        Ok(())
    }

    /// Every clue that `solution` satisfies: the clues a poser may give for it (the checker's
    /// work for every possible clue: the construction asks only when it must).
    fn clues_of(&self, solution: &Self::Solution) -> Result<Vec<Self::Clue>, Error>;

    /// The same puzzle with exactly these clues.
    fn with_clues(&self, clues: &[Self::Clue]) -> Result<Self, Error>;

    /// The clue in words (`rowsum(1,2)`, `piece 3 turned 1 at row 2, column 1`).
    fn clue_name(&self, clue: &Self::Clue) -> String;

    /// When the construction tries to drop this clue: lower first. Clues dropped late are the
    /// ones kept where possible (seed 002's submarines keep their row and column sums and drop
    /// revealed cells first).
    fn drop_rank(&self, _clue: &Self::Clue) -> u32 {
        0
    }

    /// The puzzle in the family's own format: what `generate --unique -o FILE` writes.
    /// `extension` is FILE's (without the dot; `None` for standard output): a family with more
    /// than one format of its own (a model read from a puzzle format: that format, or `qpd`
    /// for data for the model) picks by it; the others ignore it.
    fn write(&self, extension: Option<&str>) -> Result<String, Error>;
}
