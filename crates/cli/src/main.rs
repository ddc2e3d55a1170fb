//! The `wgrnd` binary: parses the command line, runs it, turns the outcome into an exit code.
//! A plain std `main`: std's start ignores SIGPIPE (a closed pipe is then an error,
//! `Error::BrokenPipe`), opens closed standard descriptors on /dev/null and reports a stack
//! overflow; everything else is the library's (`wgrnd_cli::run`).

use std::process::ExitCode;

use clap::Parser;
use wgrnd_cli::args::Cli;
use wgrnd_cli::config::Job;
use wgrnd_families::{exit, Error};
use wgrnd_sat::escape_controls;
use wgrnd_sat::solver::Interrupt;

fn main() -> ExitCode {
    ExitCode::from(run())
}

/// Runs the command line; returns the exit code.
fn run() -> u8 {
    // First of all: Ctrl-C (and SIGTERM, SIGHUP) stop a running solve, which then cleans up and
    // reports; with nothing stoppable running, or at the second signal, wgrnd exits at once.
    // (Before this line, in the process's first milliseconds, a signal has its default effect;
    // no file exists yet then.)
    // On Unix a plain signal handler (no thread to start at every run: docs/wellposed.md, "Paint
    // by numbers").
    let _ = wgrnd_cli::signal::install_exit_handler(Interrupt::default(), exit::INTERRUPTED.into());
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
        Error::Solver(wgrnd_sat::solver::SolveError::Interrupted) => eprintln!("wgrnd: interrupted"),
        // Messages quote input files and flags: escaped, so that a control character in them
        // cannot drive the terminal.
        _ if code == exit::INTERNAL => eprintln!("wgrnd: internal error: {}", escape_controls(&e.to_string())),
        _ => eprintln!("wgrnd: {}", escape_controls(&e.to_string())),
    }
    code
}
