//! Ctrl-C, owned in one place. A solve that can stop (in-process CaDiCaL checks a callback, an
//! external solver is killed) is *watched* while it runs; a Ctrl-C then asks it to stop, and it
//! reports [`crate::SolveError::Interrupted`], so that temporary files are removed and a count can
//! still report its lower bound. A Ctrl-C while nothing stoppable runs (grounding, splr, writing),
//! or a second one, means "exit now". One atomic word holds both facts.

use std::sync::atomic::{AtomicU32, Ordering};

/// A stop was asked for (the low bit); the bits above count the watches running (they nest: an
/// external solve watches from writing its CNF to removing it, and its process wait inside that).
const INTERRUPTED: u32 = 1;
/// One watch.
const WATCH: u32 = 2;

static STATE: AtomicU32 = AtomicU32::new(0);

/// What the process should do about a Ctrl-C.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A running solve was asked to stop; it will return [`crate::SolveError::Interrupted`].
    Stopping,
    /// Nothing stoppable is running (or this is the second Ctrl-C): exit at once.
    ExitNow,
}

/// Called by a Ctrl-C handler.
pub fn request() -> Request {
    let before = STATE.fetch_or(INTERRUPTED, Ordering::SeqCst);
    if before >= WATCH && before & INTERRUPTED == 0 {
        Request::Stopping
    } else {
        Request::ExitNow
    }
}

/// Whether a stop was asked for.
pub fn interrupted() -> bool {
    STATE.load(Ordering::SeqCst) & INTERRUPTED != 0
}

/// Marks work that looks at [`interrupted`] (a solve, writing an output file) as running until
/// dropped: a Ctrl-C meanwhile asks it to stop instead of ending the process, so that it can
/// remove its temporary files.
pub struct Watch(());

impl Watch {
    /// Starts watching.
    pub fn start() -> Watch {
        STATE.fetch_add(WATCH, Ordering::SeqCst);
        Watch(())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        STATE.fetch_sub(WATCH, Ordering::SeqCst);
    }
}

/// Forgets a stop asked for: for a host that goes on after an interrupted call (the Python
/// module raises `KeyboardInterrupt` and the interpreter lives on), so that the next call is not
/// stopped by the last one's Ctrl-C. The command line never clears: it exits.
pub fn clear() {
    STATE.fetch_and(!INTERRUPTED, Ordering::SeqCst);
}
