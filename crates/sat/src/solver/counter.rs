//! External model counters: programs that count the models of a CNF without listing them (Ganak,
//! d4, sharpSAT-TD, or any program that reads the model-counting competition's format and answers
//! in it). The CNF is written with `c t pmc` and a `c p show ... 0` line naming the projection
//! atoms: a solution is an assignment of those, and the auxiliary atoms are existentially
//! quantified, so a solution whose auxiliary atoms can be set in several ways still counts once.
//! A counter that cannot project is given a CNF only when every atom is a projection atom. Like
//! every solver process, a counter runs in a private temporary directory, in its own process
//! group, under the time limit and Ctrl-C, through [`External`].

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use crate::Cnf;

use crate::solver::external::{killed_by, tail_of, Waited};
use crate::solver::{Cancel, External, Interrupt, SolveError};

/// Counters known by name: the command line (`{cnf}` the CNF's path, `{dir}` a private scratch
/// directory), whether it counts projected models, and how to get it.
pub const KNOWN_COUNTERS: [(&str, &str, bool, &str); 3] = [
    (
        "ganak",
        "ganak {cnf}",
        true,
        "pip install pyganak (wgrnd then runs Ganak through python3), or build github.com/meelgroup/ganak and put \
         ganak on PATH",
    ),
    ("d4", "d4 -i {cnf} -m counting", false, "build github.com/crillab/d4v2 (CMake) and put d4 on PATH"),
    (
        "sharpsat-td",
        "sharpSAT -decot 1 -decow 100 -tmpdir {dir} -cs 3500 {cnf}",
        false,
        "build github.com/Laakeri/sharpsat-td (it needs flow_cutter_pace17 beside it) and put sharpSAT on PATH",
    ),
];

/// Ganak through its Python bindings, used for `ganak` when no `ganak` program is on PATH.
const PYGANAK: &str = include_str!("pyganak.py");

/// A model counter to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// Program, arguments and name.
    pub program: External,
    /// Whether it counts models projected on the `c p show` atoms.
    pub projected: bool,
}

/// An exact model count, in decimal (counts outgrow every machine integer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelCount(String);

impl ModelCount {
    /// Reads a count written in decimal digits.
    pub fn parse(digits: &str) -> Option<ModelCount> {
        let d = digits.trim_start_matches('0');
        let d = if d.is_empty() { "0" } else { d };
        d.bytes().all(|b| b.is_ascii_digit()).then(|| ModelCount(d.to_string()))
    }

    /// The count, when it fits a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        self.0.parse().ok()
    }

    /// Its decimal digits.
    pub fn digits(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for ModelCount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl Counter {
    /// A counter by name (`ganak`, `d4`, `sharpsat-td`) or a command line of a program that
    /// reads the competition's format and counts projected models (split at whitespace; without
    /// `{cnf}` the CNF's path is appended). `interrupt` stops its counts.
    pub fn new(spec: &str, timeout: Option<Duration>, interrupt: &Interrupt) -> Counter {
        let known = KNOWN_COUNTERS.iter().find(|k| k.0 == spec);
        let line = match known {
            // Without a ganak program, its Python bindings (the script is one argument).
            Some(k) if k.0 == "ganak" && !on_path("ganak") => {
                let argv = vec!["python3".into(), "-c".into(), PYGANAK.into(), "{cnf}".into()];
                let program = External {
                    name: "ganak".into(),
                    argv,
                    timeout,
                    cancel: Cancel::default(),
                    interrupt: interrupt.clone(),
                };
                return Counter { program, projected: true };
            }
            Some(k) => k.1,
            None => spec,
        };
        let mut argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        if !argv.iter().any(|a| a.contains("{cnf}")) {
            argv.push("{cnf}".into());
        }
        let name = known.map_or_else(|| argv[0].clone(), |k| k.0.to_string());
        Counter {
            program: External { name, argv, timeout, cancel: Cancel::default(), interrupt: interrupt.clone() },
            projected: known.is_none_or(|k| k.2),
        }
    }

    /// The counter's name.
    pub fn name(&self) -> &str {
        &self.program.name
    }

    /// Counts the models of `cnf` projected on `show` (variables, from 1). `Ok(None)`: the time
    /// limit passed first. A counter that does not project (`projected` false) counts every
    /// atom's assignments: the caller gives it only CNFs whose atoms are all in `show`.
    pub fn count(&self, cnf: &Cnf, show: &[u32], comments: &[String]) -> Result<Option<ModelCount>, SolveError> {
        let name = self.program.name.clone();
        let _watch = self.program.interrupt.watch();
        let io =
            |source: std::io::Error| SolveError::Io { what: "writing the CNF for the counter (TMPDIR)".into(), source };
        let dir = tempfile::Builder::new().prefix("wgrnd-").tempdir().map_err(io)?;
        let cnf_path = dir.path().join("problem.cnf");
        write_counting_cnf(cnf, show, comments, &cnf_path).map_err(io)?;
        let args: Vec<String> = self.program.argv[1..]
            .iter()
            .map(|a| a.replace("{cnf}", &cnf_path.to_string_lossy()).replace("{dir}", &dir.path().to_string_lossy()))
            .collect();
        let (status, stdout, stderr) = self.program.spawn_and_wait(&args)?;
        let tail = tail_of(&stderr);
        let status = match status {
            Waited::Exited(s) => s,
            Waited::TimedOut | Waited::Cancelled => return Ok(None),
            Waited::Interrupted => return Err(SolveError::Interrupted),
        };
        if let Some(signal) = killed_by(&status) {
            return Err(SolveError::Crashed { solver: name, how: format!("killed by signal {signal}"), stderr: tail });
        }
        if status.code() == Some(3) && stderr.contains("pyganak is not installed") {
            let hint = KNOWN_COUNTERS[0].3.to_string();
            return Err(SolveError::NotInstalled { solver: name, program: "python3 -c 'import pyganak'".into(), hint });
        }
        let text = String::from_utf8_lossy(&stdout);
        match read_count(&text) {
            Ok(n) => Ok(Some(n)),
            Err(_) if !status.success() => Err(SolveError::Crashed {
                solver: name,
                how: format!("exited with code {} and no count", status.code().unwrap_or(-1)),
                stderr: tail,
            }),
            Err(detail) => Err(SolveError::Garbage { solver: name, detail, stderr: tail }),
        }
    }
}

/// Writes the CNF in the model-counting competition's format: comments, `p cnf`, `c t pmc` and
/// the projection as one `c p show ... 0` line, then the clauses.
fn write_counting_cnf(cnf: &Cnf, show: &[u32], comments: &[String], path: &Path) -> std::io::Result<()> {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
    for c in comments {
        writeln!(out, "c {c}")?;
    }
    writeln!(out, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    writeln!(out, "c t pmc")?;
    write!(out, "c p show")?;
    for v in show {
        write!(out, " {v}")?;
    }
    writeln!(out, " 0")?;
    let mut body = Vec::new();
    crate::write_dimacs(cnf, &[], &mut body)?;
    // The clauses as DIMACS writes them, without its own `p cnf` line.
    let text = String::from_utf8_lossy(&body);
    for line in text.lines().filter(|l| !l.starts_with("p cnf")) {
        writeln!(out, "{line}")?;
    }
    out.flush()
}

/// Reads a counter's answer: the competition's `c s exact arb int N` (also `s mc N`, and d4's
/// bare `s N`); `s UNSATISFIABLE` alone is 0. Two different counts, an approximate one or none at
/// all are refused.
pub fn read_count(text: &str) -> Result<ModelCount, String> {
    let mut found: Option<ModelCount> = None;
    let mut unsat = false;
    for line in text.lines().map(str::trim) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let digits = match words.as_slice() {
            ["c", "s", "exact", "arb", "int", n] | ["s", "mc", n] => Some(*n),
            ["s", n] if n.bytes().all(|b| b.is_ascii_digit()) => Some(*n),
            ["s", "UNSATISFIABLE"] => {
                unsat = true;
                None
            }
            ["c", "s", "approx", ..] | ["c", "s", "exact", "double", ..] => {
                return Err(format!("it gave a count that is not an exact integer: `{line}`"));
            }
            _ => None,
        };
        if let Some(d) = digits {
            let n = ModelCount::parse(d).ok_or_else(|| format!("`{line}` is not a count"))?;
            if found.as_ref().is_some_and(|f| *f != n) {
                return Err(format!("it gave two different counts ({} and {n})", found.unwrap_or(n.clone())));
            }
            found = Some(n);
        }
    }
    match found {
        Some(n) if unsat && n.digits() != "0" => Err(format!("it said UNSATISFIABLE and counted {n}")),
        Some(n) => Ok(n),
        None if unsat => Ok(ModelCount("0".into())),
        None => Err("no `c s exact arb int N` line in its output".into()),
    }
}

/// Whether `program` is an executable file in a directory of PATH.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|d| {
            let p = d.join(program);
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            }
            #[cfg(not(unix))]
            p.is_file()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_competition_answers() {
        let ganak = "c o stuff\ns SATISFIABLE\nc s type pmc\nc s log10-estimate 9.1\nc s exact arb int 1234567890123456789012\n";
        assert_eq!(read_count(ganak).map(|n| n.to_string()), Ok("1234567890123456789012".into()));
        assert_eq!(read_count("s UNSATISFIABLE\nc s exact arb int 0\n").map(|n| n.as_u64()), Ok(Some(0)));
        assert_eq!(read_count("s UNSATISFIABLE\n").map(|n| n.as_u64()), Ok(Some(0)));
        assert_eq!(read_count("c d4\ns 42\n").map(|n| n.as_u64()), Ok(Some(42)));
        assert!(read_count("s SATISFIABLE\n").is_err());
        assert!(read_count("c s exact arb int 3\nc s exact arb int 4\n").is_err());
        assert!(read_count("c s approx arb int 3\n").is_err());
        assert!(read_count("s UNSATISFIABLE\nc s exact arb int 5\n").is_err());
        assert!(read_count("c s exact arb int 12x\n").is_err());
    }
}
