//! How many threads a run uses: the machine's cores, and the default of `--jobs` for a solve,
//! which the command line and the Python package share (the portfolio on every core with the
//! built-in solver, one job with any other).

#![warn(missing_docs)]

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
