//! wgrnd's integration tests: one binary for the whole workspace (it links once, which matters on
//! a 2-core CI). They run the built `wgrnd` as a user would and use the library crates directly.

mod cli;
mod conformance;
mod count;
mod counters;
mod defects;
mod differential;
mod errors;
mod everyday;
mod explain;
mod family;
mod fixtures;
mod grids;
mod house;
mod json;
mod language;
mod models;
mod nonogram;
mod optimise;
mod packing;
mod parallel;
mod pencil;
mod pictures;
mod posed;
mod robustness;
mod scores;
mod sherlock;
mod snapshots;
mod solvers;
mod standard;
mod symmetries;
mod tutorial;
mod wellposed;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

/// A path under `fixtures/`.
pub fn fixture(rel: &str) -> String {
    root().join("fixtures").join(rel).to_string_lossy().into_owned()
}

/// Runs `wgrnd` with arguments (and optional standard input).
pub fn wgrnd(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wgrnd"));
    cmd.args(args).current_dir(root()).stdout(Stdio::piped()).stderr(Stdio::piped());
    // Always a pipe, closed after the input (empty without one): a test that reads `-` then
    // reads exactly what it gave, even on a machine whose /dev/null is not the empty device
    // (a CI container once had a regular file there, holding a compiler's error message).
    cmd.stdin(Stdio::piped());
    let mut child = cmd.spawn().expect("run wgrnd");
    {
        use std::io::Write;
        let mut s = child.stdin.take().expect("stdin");
        // A command that refuses its arguments exits before reading: its answer is the test's
        // subject, the pipe it closed is not.
        if let Err(e) = s.write_all(stdin.unwrap_or_default()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
        }
    }
    child.wait_with_output().expect("wgrnd output")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text, with the repository's absolute path removed (for snapshots).
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).replace(&format!("{}/", root().display()), "")
}

/// The exit code.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code")
}

/// Path of an external solver, or a failure that says how to install it: the tests that need one
/// are real tests, so a missing solver fails them (`.ci/run` installs it) unless the user opts out.
pub fn external(name: &str) -> Option<PathBuf> {
    if std::env::var_os("WGRND_SKIP_EXTERNAL").is_some() {
        eprintln!("skipping the {name} round trip: WGRND_SKIP_EXTERNAL is set");
        return None;
    }
    let found = std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(name)).find(|p| p.is_file()));
    match found {
        Some(p) => Some(p),
        None => {
            let package = if name == "cryptominisat5" { "cryptominisat" } else { name };
            panic!("{name} is not installed: `apt-get install -y {package}` (or set WGRND_SKIP_EXTERNAL=1)")
        }
    }
}
