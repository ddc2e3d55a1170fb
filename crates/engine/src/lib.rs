//! # wgrnd-engine
//!
//! Owns what is done with a grounding once a family has made it, over the seam's `Family`
//! interface and without knowing any family: counting ([`count`]: non-blocking backtracking,
//! dancing links, blocking clauses, orbits, certificates), the [`backbone`], [`optimise`],
//! [`explain`] (steps with minimal reasons), [`pose`] (a minimal set of clues for one solution),
//! Gauss over parity constraints ([`gauss`]), and every core and machine on one puzzle: the
//! [`portfolio`], [`cube`] splitting, [`runs`] over the cubes and [`emit`] for cluster engines.

pub mod backbone;
pub mod count;
pub mod cube;
pub mod dlx;
pub mod emit;
pub mod explain;
pub mod gauss;
pub mod jobs;
pub mod optimise;
pub mod portfolio;
pub(crate) mod pose;
pub(crate) mod propagate;
pub mod runs;
pub mod solve;
