//! The qprop crate's integration tests, one binary (each test binary links the crate and
//! CaDiCaL: one link instead of a dozen on a 2-core CI).

mod common;
mod connect;
mod counts;
mod diagnostics;
mod e2;
mod estimate;
mod flips;
mod formulas;
mod ints;
mod regions;
mod robust;
mod runs;
mod show;
mod syntax;
