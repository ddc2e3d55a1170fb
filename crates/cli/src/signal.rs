//! The process's Ctrl-C. The binary is the process, so the one [`Interrupt`] token of a command
//! line run lives here, in a static that the signal handler can reach: `main` makes it and hands
//! it to [`install_exit_handler`] before anything runs, and every command takes its solves'
//! token from [`interrupt`]. A signal while a watched solve runs asks it to stop (a count then
//! prints its lower bound); with nothing watched, or at the second signal, the process exits at
//! once. The library crates hold no such state: their callers pass a token down.

use std::sync::OnceLock;

#[cfg(any(unix, windows))]
use wgrnd_sat::solver::interrupt::Request;
use wgrnd_sat::solver::Interrupt;

/// The process's token; set once by [`install_exit_handler`].
static PROCESS: OnceLock<Interrupt> = OnceLock::new();

/// The process's token: the one the signal handler requests (a fresh, never requested one when
/// no handler was installed, as when the library runs inside a test).
pub fn interrupt() -> &'static Interrupt {
    PROCESS.get_or_init(Interrupt::default)
}

/// The exit code of a process that a signal ends at once (set by [`install_exit_handler`]).
#[cfg(unix)]
static EXIT_CODE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(130);

/// What a signal does: asks the process's token to stop, and exits at once when nothing is
/// watched or this is the second request.
#[cfg(any(unix, windows))]
fn on_request() -> Request {
    PROCESS.get().map_or(Request::ExitNow, Interrupt::request)
}

/// The handler of [`install_exit_handler`]: only async-signal-safe calls (atomic words, `_exit`).
#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    if on_request() == Request::ExitNow {
        // SAFETY: `_exit` is async-signal-safe; it ends the process without running anything else.
        unsafe { libc::_exit(EXIT_CODE.load(std::sync::atomic::Ordering::SeqCst)) }
    }
}

/// Makes `token` the process's and installs the handler of Ctrl-C, SIGTERM and SIGHUP, directly
/// with `sigaction` (no thread, unlike a handler that runs on a thread of its own, which costs a
/// thread's start at every run): a signal while a watched solve runs asks it to stop; with
/// nothing stoppable running, or at the second signal, the process exits at once with
/// `exit_code`. Interrupted system calls are restarted (`SA_RESTART`). Returns whether every
/// handler was installed (and `token` became the process's: it is set once).
#[cfg(unix)]
pub fn install_exit_handler(token: Interrupt, exit_code: i32) -> bool {
    if PROCESS.set(token).is_err() {
        return false;
    }
    EXIT_CODE.store(exit_code, std::sync::atomic::Ordering::SeqCst);
    let handler: extern "C" fn(libc::c_int) = on_signal;
    [libc::SIGINT, libc::SIGTERM, libc::SIGHUP].into_iter().all(|signal| {
        // SAFETY: a zeroed `sigaction` is a valid start (empty mask, no flags); the handler only
        // touches atomic words and calls `_exit`.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = handler as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut()) == 0
        }
    })
}

/// [`install_exit_handler`] on Windows: the `ctrlc` crate's handler thread.
#[cfg(windows)]
pub fn install_exit_handler(token: Interrupt, exit_code: i32) -> bool {
    PROCESS.set(token).is_ok()
        && ctrlc::set_handler(move || {
            if on_request() == Request::ExitNow {
                std::process::exit(exit_code);
            }
        })
        .is_ok()
}

/// [`install_exit_handler`] on WASI (the browser page, `web/`): there are no signals; the page
/// stops a run by ending the Web Worker it runs in. The token is still the process's, for the
/// code that asks for it.
#[cfg(target_os = "wasi")]
pub fn install_exit_handler(token: Interrupt, _exit_code: i32) -> bool {
    PROCESS.set(token).is_ok()
}
