//! # wgrnd-puzzle
//!
//! Owns what an edge-matching puzzle *is* and how it is written down: the board, the pieces with
//! their four edge labels, the matching rule (equal labels, labels summing to K, named
//! complementary pairs), the frame label, clues, and solutions as [`Placement`]s. Every file format
//! wgrnd reads or writes (its own `.wgrnd`, board-suite `.puz`/`.sol`/`.clue`, Heule's benchmarks,
//! piece lists, the witch tables of seed 000, four squares of seed 004, placements as JSON or the
//! witch's words) is converted to the one convention of `docs/conventions.md` in [`formats`].
//! Polycube packings (seed 003: pieces of unit cubes filling a box) are modelled in [`packing`]
//! and read from the `.pack` format. Readers report bad input as an [`InputError`] naming file, line and expectation; they never panic.

#![warn(missing_docs)]

mod builder;
pub mod formats;
mod generate;
mod model;
mod obstacles;
pub mod packing;

pub use builder::PuzzleBuilder;
pub use generate::{generate, Generate, GeneratedRule};
pub use model::{turned, Clue, Label, MatchRule, Placement, Puzzle, Shuffle, Side, Style, SIDES};
pub use wgrnd_cnf::InputError;
pub use wgrnd_core::SplitMix64;
