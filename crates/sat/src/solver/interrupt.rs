//! Ctrl-C, as a token per call. A [`Interrupt`] belongs to one call (a command line run, one Python
//! call): everything that call solves holds a clone of it. A solve that can stop (in-process
//! CaDiCaL checks it through its terminator, an external solver is killed) is *watched* on its
//! token while it runs; a stop asked for then makes it report
//! [`crate::solver::SolveError::Interrupted`], so that temporary files are removed and a count
//! can still report its lower bound. A stop asked for while nothing of the call is watched
//! (grounding, splr, writing), or a second one, means "exit now" to a host that can (the command
//! line's signal handler). Two calls hold two tokens: stopping one leaves the other running. One
//! atomic word per token holds both facts, so that a signal handler may read and set it.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// A stop was asked for (the low bit); the bits above count the watches running (they nest: an
/// external solve watches from writing its CNF to removing it, and its process wait inside that).
const REQUESTED: u32 = 1;
/// One watch.
const WATCH: u32 = 2;

/// One call's interrupt token; clones share it. A new call makes a new one (`Interrupt::default()`), so a
/// stop never outlives the call it stopped.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicU32>);

/// What the host should do about a stop asked for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A running solve was asked to stop; it will return [`crate::solver::SolveError::Interrupted`].
    Stopping,
    /// Nothing stoppable is running (or this is the second request): exit at once.
    ExitNow,
}

impl Interrupt {
    /// Asks every solve holding this token to stop (a Ctrl-C handler calls this; it touches one
    /// atomic word only, so a signal handler may).
    pub fn request(&self) -> Request {
        let before = self.0.fetch_or(REQUESTED, Ordering::SeqCst);
        if before >= WATCH && before & REQUESTED == 0 {
            Request::Stopping
        } else {
            Request::ExitNow
        }
    }

    /// Whether a stop was asked for.
    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::SeqCst) & REQUESTED != 0
    }

    /// Forgets a stop asked for, for a host that honoured it and goes on with work of its own
    /// that the token stops again (the command line's improvement search, stopped by Ctrl-C,
    /// still writes its best board). A new call needs no clearing: it makes a new token.
    pub fn clear(&self) {
        self.0.fetch_and(!REQUESTED, Ordering::SeqCst);
    }

    /// Marks work that looks at [`Interrupt::is_requested`] (a solve, writing an output file) as
    /// running until the guard is dropped: a stop asked for meanwhile asks it to stop instead of
    /// ending the process, so that it can remove its temporary files.
    pub fn watch(&self) -> Watch {
        self.0.fetch_add(WATCH, Ordering::SeqCst);
        Watch(self.clone())
    }
}

/// A token is not part of what a solver is: two specifications that differ only in their tokens
/// name the same solver.
impl PartialEq for Interrupt {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Interrupt {}

/// A running watch on a [`Interrupt`] (from [`Interrupt::watch`]); dropping it ends the watch.
pub struct Watch(Interrupt);

impl Drop for Watch {
    fn drop(&mut self) {
        (self.0).0.fetch_sub(WATCH, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_stops_what_is_watched_and_otherwise_exits() {
        let interrupt = Interrupt::default();
        let watch = interrupt.watch();
        assert_eq!(interrupt.request(), Request::Stopping);
        assert!(interrupt.is_requested());
        assert_eq!(interrupt.request(), Request::ExitNow, "the second request exits");
        drop(watch);
        let idle = Interrupt::default();
        assert_eq!(idle.request(), Request::ExitNow, "nothing watched");
        assert!(!Interrupt::default().is_requested(), "a new token starts unrequested");
    }
}
