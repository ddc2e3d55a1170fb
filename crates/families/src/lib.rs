//! # wgrnd-family
//!
//! Owns the built-in implementations of the seam's [`Family`] trait (defined in `wgrnd-core`,
//! re-exported here with the rest of the seam): [`EdgeMatching`] for the witch puzzle, four
//! squares and Eternity II; [`Packings`] for polycube packings; [`QpropModel`] for any puzzle
//! written in the QPROP modelling language, with the [`readers`] that turn seed 002's file
//! formats into data for the bundled models; the encoding flags as given ([`RawOptions`]); and the
//! [`registry`] that reads a file into the right family with its options validated by that
//! family. Each family turns its own errors into the seam's [`Error`] (a rendered diagnostic and
//! its exit code). A new family plugs in here, in one place, and every command works for it.

#![warn(missing_docs)]

mod clue_groups;
pub mod edge;
pub mod lex;
pub mod models;
mod options;
pub mod packing;
pub mod pencil;
pub mod registry;
pub mod svg;

pub use crate::models::{QpropEncoding, QpropModel};
pub use edge::{EdgeEncoding, EdgeMatching};
pub use options::{EncodingChoice, Flag, RawOptions};
pub use packing::{PackingEncoding, Packings};
pub use wgrnd_seam::{
    exit, pipeline, AtomNames, BrokenClause, CountUnit, CoverRow, Error, ExactCover, Family, Grounding, Group,
    GroupKind, Orbits, Pose, SolutionFormat, Status, StepPicture, Symmetry, View,
};
