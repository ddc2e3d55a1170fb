//! The `wgrnd` binary: parses the command line, runs it, turns the outcome into an exit code.
//!
//! On Linux with glibc the binary has its own C `main` instead of std's runtime start
//! (`no_main`): std's start reads `/proc/self/maps` to place the main thread's stack guard and
//! maps an alternate signal stack, 47 K instructions and 8 system calls of a run that answers a
//! small puzzle in 1 ms (docs/wellposed.md, "The seventh session"). What the start did that wgrnd
//! needs is done here: SIGPIPE ignored (a closed pipe is an error, `Error::BrokenPipe`), standard
//! input, output and error opened on /dev/null when closed (so that no file wgrnd opens becomes
//! fd 1), a panic caught (exit 101, as std's start). Given up: std's message on a stack overflow
//! in any thread (it is a plain SIGSEGV) and the main thread's name in a panic message
//! (`<unnamed>`). Standard output is flushed by `std::process::exit`. glibc hands the arguments
//! to std through `.init_array`, so `std::env::args` is unchanged; other C libraries (musl) do
//! not, hence std's own start there.
// Not in the test build of this file: its harness needs its own `main`.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

#[cfg(any(not(all(target_os = "linux", target_env = "gnu")), test))]
use std::process::ExitCode;

use clap::Parser;
use wgrnd_cli::args::Cli;
use wgrnd_cli::config::Job;
use wgrnd_cnf::escape_controls;
use wgrnd_family::{exit, Error};
use wgrnd_solve::interrupt;

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[no_mangle]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    // SAFETY: at the process's start, before any other thread exists; `signal` with SIG_IGN and
    // `poll`/`open` on the three standard descriptors touch nothing Rust owns.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        open_closed_standard_fds();
    }
    // The exit code of a panic as under std's start; the panic hook has printed the message.
    let code = std::panic::catch_unwind(run).unwrap_or(101);
    std::process::exit(code.into())
}

#[cfg(any(not(all(target_os = "linux", target_env = "gnu")), test))]
fn main() -> ExitCode {
    ExitCode::from(run())
}

/// Opens /dev/null on each of descriptors 0, 1 and 2 that is closed, as std's start does: else
/// the first file wgrnd opens would take the number and receive what is printed. Aborts when
/// /dev/null cannot be opened (so does std).
///
/// # Safety
/// Only at the start of the process, before other threads.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
unsafe fn open_closed_standard_fds() {
    let mut fds = [0, 1, 2].map(|fd| libc::pollfd { fd, events: 0, revents: 0 });
    // SAFETY: `fds` is a valid array of three `pollfd`.
    while unsafe { libc::poll(fds.as_mut_ptr(), 3, 0) } == -1 {
        if std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            // poll itself failed (no descriptor to judge by): ask each one.
            for pfd in &mut fds {
                // SAFETY: F_GETFD on any number is harmless.
                let closed = unsafe { libc::fcntl(pfd.fd, libc::F_GETFD) } == -1;
                pfd.revents = if closed { libc::POLLNVAL } else { 0 };
            }
            break;
        }
    }
    for _ in fds.iter().filter(|pfd| pfd.revents & libc::POLLNVAL != 0) {
        // SAFETY: a constant C string. The lowest free number is the closed descriptor itself,
        // since the lower ones are open (or were just opened).
        if unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) } == -1 {
            std::process::abort();
        }
    }
}

/// Runs the command line; returns the exit code.
fn run() -> u8 {
    // First of all: Ctrl-C (and SIGTERM, SIGHUP) stop a running solve, which then cleans up and
    // reports; with nothing stoppable running, or at the second signal, wgrnd exits at once.
    // (Before this line, in the process's first milliseconds, a signal has its default effect;
    // no file exists yet then.)
    // On Unix a plain signal handler (no thread to start at every run: docs/wellposed.md, "Paint
    // by numbers").
    #[cfg(unix)]
    let _ = interrupt::install_exit_handler(exit::INTERRUPTED.into());
    #[cfg(not(unix))]
    let _ = ctrlc::set_handler(|| {
        if interrupt::request() == interrupt::Request::ExitNow {
            std::process::exit(exit::INTERRUPTED.into());
        }
    });
    let cli = Cli::parse();
    match Job::from_args(cli).and_then(wgrnd_cli::run) {
        Ok(code) => code,
        Err(e) => report(&e),
    }
}

/// Says what went wrong on standard error; returns the error's exit code.
fn report(e: &Error) -> u8 {
    let code = e.exit_code();
    match e {
        Error::BrokenPipe => {}
        Error::Solver(wgrnd_solve::SolveError::Interrupted) => eprintln!("wgrnd: interrupted"),
        // Messages quote input files and flags: escaped, so that a control character in them
        // cannot drive the terminal.
        _ if code == exit::INTERNAL => eprintln!("wgrnd: internal error: {}", escape_controls(&e.to_string())),
        _ => eprintln!("wgrnd: {}", escape_controls(&e.to_string())),
    }
    code
}
