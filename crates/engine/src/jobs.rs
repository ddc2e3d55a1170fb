//! # wgrnd-parallel
//!
//! Owns using more than one core, or more than one machine, on one puzzle, over the [`Family`]
//! interface like every command: the [`portfolio`] (diverse solver configurations and encodings
//! race, the first checked answer wins, the others are stopped at once; a small formula is first
//! given to `wgrnd-count`'s backtracking engine on the calling thread) and how many jobs a solve
//! runs by default ([`default_jobs`], for the command line and the Python package alike),
//! [`cube`] splitting (cube-and-conquer: a lookahead decision tree over the projection atoms
//! whose leaves are disjoint cubes that cover the search space), [`runs`] that solve or count
//! through the cubes on all cores, and [`emit`], the cubes written for other engines (iCNF, one DIMACS file per cube
//! with a manifest, a Slurm array script, Mallob jobs; `scripts/dask-cubes.py` runs a cube
//! directory on Dask). Nothing here is a network protocol of its own.
//!
//! [`Family`]: wgrnd_seam::Family

#![warn(missing_docs)]

pub use crate::cube::{split, Cube, Split};
pub use crate::portfolio::{members, race, Engine, Member, Outcome};
pub use crate::runs::{count_cubes, solve_cubes, CubeResult, CubeSolve};

/// The machine's cores (the default of `--jobs`); 1 when the system does not say.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How many jobs a solve runs when none is asked for, on the command line (`wgrnd solve` without
/// `--jobs`) and in the Python package (`solve()` without `jobs`) alike: the machine's cores with
/// the built-in solver (its [`portfolio`]), one with any other (the solver asked for, run once).
pub fn default_jobs(solver: &wgrnd_sat::solver::SolverSpec) -> usize {
    if *solver == wgrnd_sat::solver::SolverSpec::Builtin {
        cores()
    } else {
        1
    }
}
