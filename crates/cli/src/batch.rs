//! `wgrnd batch FILE`: many puzzles, one per line (puzz.link URLs, or puzzle files), each judged
//! on its own: no solution, exactly one, or several, with the time it took. One JSON line per
//! puzzle, written as soon as it is judged, so that a setter's thousands of puzzles can be
//! checked and the results read by any tool. A line that cannot be read is a line with its error
//! (as the command line would print it) and the batch goes on.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::json;
use wgrnd_engine::count::{count_deferring, Limits};
use wgrnd_families::{registry, with_family, CountUnit, Error, Family, RawOptions};
use wgrnd_sat::read_text;
use wgrnd_sat::solver::{SolveError, SolverSpec};

use wgrnd_families::exit;

/// What one puzzle of a batch is.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// No solution.
    None,
    /// Exactly one.
    Unique,
    /// Two or more.
    Several,
    /// The time limit came first.
    Unknown,
}

/// Counts the puzzle on `line` up to two solutions; `timeout` bounds the search (reading and
/// grounding are not timed).
fn judge(line: &str, timeout: Option<Duration>) -> Result<Verdict, Error> {
    // A fixed puzzle: its solutions counted one by one, not up to symmetry.
    // A batch writes verdicts, never DIMACS: no header of atom names, no clauses of the
    // constraints the built-in solver decides natively.
    let native_constraints = SolverSpec::Builtin.decides_natively();
    let raw = RawOptions { fixed: true, no_header: true, native_constraints, ..RawOptions::default() };
    let limits =
        Limits { max: Some(2), timeout, jobs: 1, interrupt: crate::signal::interrupt().clone(), ..Limits::default() };
    with_family!(registry::load(line, None, &raw)?, |f| {
        let g = f.ground()?;
        let (_, count) = count_deferring(&f, g, &SolverSpec::Builtin, &limits, CountUnit::None, |_| {})?;
        Ok(match (count.count, count.complete()) {
            (0, true) => Verdict::None,
            (1, true) => Verdict::Unique,
            (n, _) if n >= 2 => Verdict::Several,
            _ => Verdict::Unknown,
        })
    })
}

/// `wgrnd batch FILE [--timeout S]`: exit 0 when every puzzle was judged; else the largest exit
/// code of a line's error (2 for a line that could not be read) or of a search that ran out of
/// time (30).
pub fn batch(file: &str, timeout: Option<Duration>) -> Result<u8, Error> {
    let text = read_text(file)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut code = exit::OK;
    for (i, line) in text.lines().enumerate() {
        let puzzle = line.trim();
        if puzzle.is_empty() || puzzle.starts_with('#') {
            continue;
        }
        let clock = Instant::now();
        let verdict = judge(puzzle, timeout);
        let seconds = clock.elapsed().as_secs_f64();
        let doc = match verdict {
            Ok(v) => {
                if v == Verdict::Unknown {
                    code = code.max(exit::UNKNOWN);
                }
                let name = match v {
                    Verdict::None => "none",
                    Verdict::Unique => "unique",
                    Verdict::Several => "several",
                    Verdict::Unknown => "unknown",
                };
                json!({ "line": i + 1, "puzzle": puzzle, "verdict": name, "seconds": seconds })
            }
            Err(e) => {
                code = code.max(e.exit_code());
                json!({ "line": i + 1, "puzzle": puzzle, "verdict": "error", "error": e.to_string(), "seconds": seconds })
            }
        };
        writeln!(out, "{doc}")
            .and_then(|()| out.flush())
            .map_err(|source| Error::Solver(SolveError::Io { what: "standard output".into(), source }))?;
    }
    Ok(code)
}
