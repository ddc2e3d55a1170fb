//! Ctrl-C, owned in one place. A solve that can stop (in-process CaDiCaL checks a callback, an
//! external solver is killed) is *watched* while it runs; a Ctrl-C then asks it to stop, and it
//! reports [`crate::solver::SolveError::Interrupted`], so that temporary files are removed and a count can
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
    /// A running solve was asked to stop; it will return [`crate::solver::SolveError::Interrupted`].
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

/// The exit code of a process that a signal ends at once (set by [`install_exit_handler`]).
#[cfg(unix)]
static EXIT_CODE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(130);

/// The handler of [`install_exit_handler`]: only async-signal-safe calls (an atomic word, `_exit`).
#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    if request() == Request::ExitNow {
        // SAFETY: `_exit` is async-signal-safe; it ends the process without running anything else.
        unsafe { libc::_exit(EXIT_CODE.load(Ordering::SeqCst)) }
    }
}

/// The command line's handler of Ctrl-C, SIGTERM and SIGHUP, installed directly with
/// `sigaction` (no thread, unlike a handler that runs on a thread of its own, which costs a
/// thread's start at every run): a signal while a watched solve runs asks it to stop
/// ([`request`]); with nothing stoppable running, or at the second signal, the process exits at
/// once with `exit_code`. Interrupted system calls are restarted (`SA_RESTART`). Returns whether
/// every handler was installed.
#[cfg(unix)]
pub fn install_exit_handler(exit_code: i32) -> bool {
    EXIT_CODE.store(exit_code, Ordering::SeqCst);
    let handler: extern "C" fn(libc::c_int) = on_signal;
    [libc::SIGINT, libc::SIGTERM, libc::SIGHUP].into_iter().all(|signal| {
        // SAFETY: a zeroed `sigaction` is a valid start (empty mask, no flags); the handler only
        // touches an atomic word and calls `_exit`.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut()) == 0
        }
    })
}

/// Forgets a stop asked for: for a host that goes on after an interrupted call (the Python
/// module raises `KeyboardInterrupt` and the interpreter lives on), so that the next call is not
/// stopped by the last one's Ctrl-C. The command line never clears: it exits.
pub fn clear() {
    STATE.fetch_and(!INTERRUPTED, Ordering::SeqCst);
}
