//! Stopping one solve from another thread: a portfolio stops its losers, a run over cubes stops
//! its workers once one cube is solved. Unlike an interrupt token ([`crate::solver::Interrupt`],
//! Ctrl-C), which stops every solve of its call and makes it report "interrupted", a cancelled
//! solve answers UNKNOWN (nobody waits for its answer any more). A solve holds both: its call's
//! token and, in a race, the race's flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag shared by the solves it may stop; clones share it.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Asks every solve holding this flag to stop.
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether a stop was asked for.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// A flag is not part of what a solver is: two specifications that differ only in their flags
/// name the same solver.
impl PartialEq for Cancel {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Cancel {}
