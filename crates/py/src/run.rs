//! Long calls: the work runs on a thread of its own while the calling thread, with the GIL
//! released between looks, polls Python's signal handlers. Ctrl-C (SIGINT, or any handler that
//! raises) sets the library's one stop flag, as the binary's Ctrl-C handler does
//! ([`wgrnd_solve::interrupt::request`]); a solve or count then stops at its next look at the
//! flag, the work returns, the flag is cleared for the next call, and the handler's exception
//! (`KeyboardInterrupt`) is raised.

use std::sync::{mpsc, Mutex};
use std::time::Duration;

use pyo3::prelude::*;
use wgrnd_family::Error;
use wgrnd_solve::interrupt;

use crate::py_error;

/// How often the calling thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a thread of its own, the GIL released, stopping it on a signal (see the module).
pub(crate) fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce() -> Result<T, Error> + Send) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        // A receiver is not shared between threads: the lock lends it to the GIL-free waits.
        let rx = Mutex::new(rx);
        let wait = |timeout: Option<Duration>| {
            let rx = rx.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            match timeout {
                Some(t) => rx.recv_timeout(t),
                None => rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
            }
        };
        let worker = scope.spawn(move || {
            // The receiver is gone only when the caller stopped waiting (it never does before
            // joining): nothing to tell then.
            let _ = tx.send(work());
        });
        let outcome = loop {
            match py.detach(|| wait(Some(POLL))) {
                Ok(result) => break Ok(result),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // The worker ended without sending: it panicked (joined below).
                Err(mpsc::RecvTimeoutError::Disconnected) => break Err(None),
            }
            if let Err(signal) = py.check_signals() {
                // Stop the work and wait for it: its threads hold references to the puzzle.
                let _ = interrupt::request();
                let _ = py.detach(|| wait(None));
                break Err(Some(signal));
            }
        };
        let joined = py.detach(|| worker.join());
        match (outcome, joined) {
            (Err(Some(signal)), _) => {
                interrupt::clear();
                Err(signal)
            }
            (_, Err(panic)) => {
                let what = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                Err(crate::WgrndError::new_err(format!("internal error: {what}")))
            }
            (Ok(result), Ok(())) => result.map_err(py_error),
            (Err(None), Ok(())) => Err(crate::WgrndError::new_err("internal error: the work ended without an answer")),
        }
    })
}
