//! Long calls: the work runs with the GIL released and stops on Ctrl-C through an interrupt token
//! of its own ([`Interrupt`]), made for the call and handed to the work, as the binary's Ctrl-C
//! handler stops its one run; a solve or count then stops at its next look at the token, the work
//! returns, and `KeyboardInterrupt` (or the handler's own exception) is raised. A Ctrl-C stops
//! the call it reached only: a call on another thread goes on. How the signal reaches the
//! token depends on who would handle it in Python:
//!
//! - on Python's main thread with Python's own SIGINT handler (`signal.default_int_handler`, the
//!   usual case) the work runs on the calling thread, under a SIGINT handler of the library's own
//!   (`sigaction`) for the length of the call, Python's put back after it, which requests the
//!   call's token (one call at a time runs on the main thread);
//! - on Python's main thread with any other handler (a function of the user's, which may or may
//!   not raise) the work runs on a thread of its own while the calling thread, with the GIL
//!   released between looks, polls Python's signal handlers, and a handler that raises stops it;
//! - on any other thread, where Python runs no signal handler, the work runs on the calling
//!   thread (a signal is handled by the main thread when it next runs Python code, and stops
//!   only what the main thread runs).
//!
//! The first way costs nothing per call; a thread of its own costs its start and a fresh
//! allocator arena at every call, a quarter of a small model's solve (docs/python.md).

use std::sync::{mpsc, Mutex};
use std::time::Duration;

use pyo3::prelude::*;
use wgrnd_families::Error;
use wgrnd_sat::solver::Interrupt;

use crate::py_error;

/// How often the calling thread looks at Python's signals (on a thread of its own).
const POLL: Duration = Duration::from_millis(20);

/// Who handles a Ctrl-C during a call made from here.
enum Signals {
    /// Python's main thread, Python's own SIGINT handler.
    PythonDefault,
    /// Python's main thread, some other handler.
    Custom,
    /// Another thread: Python handles no signal here.
    NotMainThread,
}

fn signals(py: Python<'_>) -> PyResult<Signals> {
    if !on_main_thread(py)? {
        return Ok(Signals::NotMainThread);
    }
    // `_signal`, not `signal`: loaded with the interpreter (`signal` is an import of its own).
    let signal = py.import("_signal")?;
    let handler = signal.call_method1("getsignal", (signal.getattr("SIGINT")?,))?;
    Ok(if handler.is(&signal.getattr("default_int_handler")?) { Signals::PythonDefault } else { Signals::Custom })
}

/// Whether this is Python's main thread, the one that runs its signal handlers: `threading` says
/// so when it is loaded; otherwise, on Linux, the process's first thread, where the interpreter
/// started (importing `threading` to ask would cost a call more than a small model's solve).
fn on_main_thread(py: Python<'_>) -> PyResult<bool> {
    let modules = py.import("sys")?.getattr("modules")?;
    let threading = match modules.cast::<pyo3::types::PyDict>()?.get_item("threading")? {
        Some(threading) => threading,
        #[cfg(target_os = "linux")]
        // SAFETY: both calls only read the calling thread's and process's ids (the system call,
        // not glibc's `gettid`, which needs glibc 2.30).
        None => return Ok(unsafe { libc::syscall(libc::SYS_gettid) == libc::getpid() as libc::c_long }),
        #[cfg(not(target_os = "linux"))]
        None => py.import("threading")?.into_any(),
    };
    Ok(threading.call_method0("current_thread")?.is(&threading.call_method0("main_thread")?))
}

/// Runs `work` with the GIL released, handing it the call's own interrupt token, and stops it
/// on a signal (see the module).
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Interrupt) -> Result<T, Error> + Send,
) -> PyResult<T> {
    let interrupt = Interrupt::default();
    match signals(py)? {
        #[cfg(unix)]
        Signals::PythonDefault => own_sigint::run(py, &interrupt, work),
        Signals::NotMainThread => inline(py, || work(&interrupt)),
        _ => on_a_thread(py, &interrupt, work),
    }
}

/// The first way of the module: the library's SIGINT handler for the length of the call.
#[cfg(unix)]
mod own_sigint {
    use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, Ordering};

    use pyo3::prelude::*;
    use wgrnd_families::Error;
    use wgrnd_sat::solver::Interrupt;

    /// A SIGINT came during the call.
    static CAUGHT: AtomicBool = AtomicBool::new(false);
    /// The running call's token, for the handler to request (null between calls). The main
    /// thread runs one call at a time.
    static CALL: AtomicPtr<Interrupt> = AtomicPtr::new(std::ptr::null_mut());
    /// Handlers running now: the call's token is not let go until they are done with it.
    static IN_HANDLER: AtomicU32 = AtomicU32::new(0);

    /// Only async-signal-safe work: atomic words.
    extern "C" fn on_sigint(_: libc::c_int) {
        IN_HANDLER.fetch_add(1, Ordering::SeqCst);
        CAUGHT.store(true, Ordering::SeqCst);
        let call = CALL.load(Ordering::SeqCst);
        if !call.is_null() {
            // SAFETY: `CALL` points at the running call's token, which `Current` keeps alive
            // until it has cleared `CALL` and seen every handler that read it finish.
            let _ = unsafe { &*call }.request();
        }
        IN_HANDLER.fetch_sub(1, Ordering::SeqCst);
    }

    /// The call's token made reachable from the handler, until dropped.
    struct Current;

    impl Current {
        fn new(interrupt: &Interrupt) -> Current {
            CALL.store(std::ptr::from_ref(interrupt).cast_mut(), Ordering::SeqCst);
            Current
        }
    }

    impl Drop for Current {
        fn drop(&mut self) {
            CALL.store(std::ptr::null_mut(), Ordering::SeqCst);
            // A handler on another thread may have read the token just before: wait for it.
            while IN_HANDLER.load(Ordering::SeqCst) != 0 {
                std::hint::spin_loop();
            }
        }
    }

    /// Python's handler, put back when dropped (also when the work panics).
    struct Installed(libc::sigaction);

    impl Installed {
        fn new() -> Option<Installed> {
            let handler: extern "C" fn(libc::c_int) = on_sigint;
            // SAFETY: a zeroed `sigaction` is a valid start (empty mask, no flags); the handler
            // only touches atomic words; the old action is written by the kernel.
            unsafe {
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = handler as libc::sighandler_t;
                action.sa_flags = libc::SA_RESTART | libc::SA_ONSTACK;
                libc::sigemptyset(&mut action.sa_mask);
                let mut old: libc::sigaction = std::mem::zeroed();
                (libc::sigaction(libc::SIGINT, &action, &mut old) == 0).then_some(Installed(old))
            }
        }
    }

    impl Drop for Installed {
        fn drop(&mut self) {
            // SAFETY: puts back the action `new` read, unchanged.
            unsafe {
                libc::sigaction(libc::SIGINT, &self.0, std::ptr::null_mut());
            }
        }
    }

    pub(super) fn run<T: Send>(
        py: Python<'_>,
        interrupt: &Interrupt,
        work: impl FnOnce(&Interrupt) -> Result<T, Error> + Send,
    ) -> PyResult<T> {
        // Cleared before the handler is in place: a SIGINT in between would be taken for one
        // of this call's.
        CAUGHT.store(false, Ordering::SeqCst);
        let current = Current::new(interrupt);
        let Some(installed) = Installed::new() else {
            drop(current);
            return super::on_a_thread(py, interrupt, work);
        };
        let result = super::inline(py, || work(interrupt));
        drop(installed);
        drop(current);
        if CAUGHT.swap(false, Ordering::SeqCst) {
            // What Python's own handler would have raised. The stop dies with the call's token.
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted"));
        }
        result
    }
}

/// The work on the calling thread, the GIL released; a panic is the module's error, as on a
/// thread of its own.
fn inline<T: Send>(py: Python<'_>, work: impl FnOnce() -> Result<T, Error> + Send) -> PyResult<T> {
    match py.detach(|| std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))) {
        Ok(result) => result.map_err(py_error),
        Err(panic) => Err(internal_error(panic)),
    }
}

/// The second way of the module: the work on a thread of its own, Python's handlers polled.
fn on_a_thread<T: Send>(
    py: Python<'_>,
    interrupt: &Interrupt,
    work: impl FnOnce(&Interrupt) -> Result<T, Error> + Send,
) -> PyResult<T> {
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
            let _ = tx.send(work(interrupt));
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
                let _ = interrupt.request();
                let _ = py.detach(|| wait(None));
                break Err(Some(signal));
            }
        };
        let joined = py.detach(|| worker.join());
        match (outcome, joined) {
            (Err(Some(signal)), _) => Err(signal),
            (_, Err(panic)) => Err(internal_error(panic)),
            (Ok(result), Ok(())) => result.map_err(py_error),
            (Err(None), Ok(())) => Err(crate::errors::internal("the work ended without an answer".into())),
        }
    })
}

/// A panic of the work as the module's error.
fn internal_error(panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    crate::errors::internal(what)
}
