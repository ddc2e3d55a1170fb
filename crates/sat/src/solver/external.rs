//! External solvers: any program that reads a DIMACS file and answers in the SAT-competition
//! format (or minisat's result file). The CNF goes into a private temporary directory that is
//! removed on every way out (answer, fault, time-out, interrupt); the child is killed on time-out
//! and interrupt, and its faults (not installed, crashed, killed, garbage, a verdict that
//! contradicts its exit code) are reported with the tail of what it wrote to stderr.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::{parse_answer, write_dimacs, Cnf, SolverAnswer};

use crate::solver::{Backend, Cancel, Interrupt, SolveError};

/// How a solver takes its input and gives its answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    /// Name for messages: the known solver's name or the program.
    pub name: String,
    /// Program and arguments; `{cnf}` is replaced by the CNF's path and `{out}` by a result
    /// file's path (the answer is then read from that file instead of standard output).
    pub argv: Vec<String>,
    /// Kill the solver after this long and answer UNKNOWN.
    pub timeout: Option<Duration>,
    /// Kill the solver when this is set (a portfolio's loser) and answer UNKNOWN.
    pub cancel: Cancel,
    /// The call's interrupt token (Ctrl-C): kill the solver and report [`SolveError::Interrupted`].
    pub interrupt: Interrupt,
}

/// Solvers known by name, with the arguments that make them print a competition answer quietly and
/// how to install them from a registry this machine reaches (Debian's packages, PyPI). A solver that
/// no registry ships (glucose) is run as a command line: `--solver "glucose -verb=0 -model {cnf}"`.
pub const KNOWN: [(&str, &str, &str); 5] = [
    (
        "kissat",
        "kissat -q {cnf}",
        "pip install passagemath-kissat (it ships kissat 4.0.4 in <site-packages>/sage_wheels/bin: put that on PATH)",
    ),
    ("cadical", "cadical -q {cnf}", "apt-get install cadical"),
    ("minisat", "minisat -verb=0 {cnf} {out}", "apt-get install minisat"),
    ("cryptominisat5", "cryptominisat5 --verb 0 {cnf}", "apt-get install cryptominisat"),
    ("picosat", "picosat {cnf}", "apt-get install picosat"),
];

/// Bytes of the solver's stderr quoted in fault messages.
const STDERR_TAIL: usize = 600;

impl External {
    /// A solver by name (`kissat`, `cadical`, ...) or a command line (split at whitespace, no
    /// shell); without a `{cnf}` placeholder the CNF's path is appended.
    pub fn new(spec: &str, timeout: Option<Duration>) -> Self {
        let known = KNOWN.iter().find(|k| k.0 == spec);
        let line = known.map_or(spec, |k| k.1);
        let mut argv: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        if !argv.iter().any(|a| a.contains("{cnf}")) {
            argv.push("{cnf}".into());
        }
        External {
            name: known.map_or_else(|| argv[0].clone(), |k| k.0.to_string()),
            argv,
            timeout,
            cancel: Cancel::default(),
            interrupt: Interrupt::default(),
        }
    }

    fn install_hint(&self) -> String {
        match KNOWN.iter().find(|k| k.0 == self.name) {
            Some(k) => format!("install it: {}", k.2),
            None => "give a solver on PATH by name, or its path".into(),
        }
    }

    /// Runs the solver on a DIMACS file already written; `out` is where a result file goes.
    fn run(&self, cnf_path: &Path, out_path: &Path, num_vars: u32) -> Result<SolverAnswer, SolveError> {
        let args: Vec<String> = self.argv[1..]
            .iter()
            .map(|a| a.replace("{cnf}", &cnf_path.to_string_lossy()).replace("{out}", &out_path.to_string_lossy()))
            .collect();
        let result_file = self.argv.iter().any(|a| a.contains("{out}"));
        let (status, stdout, stderr) = self.spawn_and_wait(&args)?;
        let tail = tail_of(&stderr);
        let status = match status {
            Waited::Exited(s) => s,
            Waited::TimedOut | Waited::Cancelled => return Ok(SolverAnswer::Unknown),
            Waited::Interrupted => return Err(SolveError::Interrupted),
        };
        if let Some(signal) = killed_by(&status) {
            return Err(SolveError::Crashed {
                solver: self.name.clone(),
                how: format!("killed by signal {signal}"),
                stderr: tail,
            });
        }
        let code = status.code().unwrap_or(-1);
        let text = if result_file { std::fs::read(out_path).unwrap_or_default() } else { stdout };
        let text = String::from_utf8_lossy(&text);
        let source =
            if result_file { format!("{}'s result file", self.name) } else { format!("{}'s output", self.name) };
        let answer = match parse_answer(&source, &text, num_vars) {
            Ok(a) => a,
            // No verdict and an exit code that is not a verdict either: the solver failed.
            Err(_) if ![10, 20].contains(&code) && text.trim().is_empty() => {
                return Err(SolveError::Crashed {
                    solver: self.name.clone(),
                    how: format!("exited with code {code} and no answer"),
                    stderr: tail,
                });
            }
            Err(e) => {
                return Err(SolveError::Garbage { solver: self.name.clone(), detail: e.to_string(), stderr: tail })
            }
        };
        let agrees = !matches!((&answer, code), (SolverAnswer::Sat(_), 20) | (SolverAnswer::Unsat, 10));
        if !agrees {
            return Err(SolveError::Garbage {
                solver: self.name.clone(),
                detail: format!("it exited with code {code} but answered {}", verdict(&answer)),
                stderr: tail,
            });
        }
        Ok(answer)
    }
}

impl External {
    /// Starts the program with `args` in a process group of its own (a Ctrl-C at the terminal
    /// reaches wgrnd only, which then stops the solver and cleans up), reads its output, and waits
    /// for it within the time limit, watching for Ctrl-C.
    pub(crate) fn spawn_and_wait(&self, args: &[String]) -> Result<(Waited, Vec<u8>, String), SolveError> {
        let mut command = Command::new(&self.argv[0]);
        command.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let _watch = self.interrupt.watch();
        if self.interrupt.is_requested() {
            return Ok((Waited::Interrupted, Vec::new(), String::new()));
        }
        let mut child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => SolveError::NotInstalled {
                solver: self.name.clone(),
                program: self.argv[0].clone(),
                hint: self.install_hint(),
            },
            _ => SolveError::NotRunnable {
                solver: self.name.clone(),
                program: self.argv[0].clone(),
                reason: e.to_string(),
            },
        })?;
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let status = wait(&mut child, self.timeout, &self.cancel, &self.interrupt);
        let stdout = stdout.join().unwrap_or_default();
        let stderr = String::from_utf8_lossy(&stderr.join().unwrap_or_default()).into_owned();
        Ok((status, stdout, stderr))
    }
}

/// Where a DRAT proof of unsatisfiability was written.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The CNF that was proved unsatisfiable, with its comments.
    pub cnf: std::path::PathBuf,
    /// The DRAT proof (text), to check with `drat-trim CNF PROOF`.
    pub proof: std::path::PathBuf,
}

/// Proves `cnf` unsatisfiable with the external `cadical` (the in-process solver writes no
/// proofs) and writes the CNF (with `comments`) to `cnf_path` and the DRAT proof to `proof_path`.
/// Both are written under temporary names beside their targets and renamed only once the proof
/// is found, so they appear whole or not at all, also on a time-out, a Ctrl-C (`interrupt`) or a kill.
pub fn prove_unsat(
    cnf: &Cnf,
    comments: &[String],
    cnf_path: &Path,
    proof_path: &Path,
    timeout: Option<Duration>,
    interrupt: &Interrupt,
) -> Result<Proof, SolveError> {
    // Watched from the first temporary file on: a Ctrl-C stops the prover and the files go.
    let _watch = interrupt.watch();
    let dir = match cnf_path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let io = |source: std::io::Error| SolveError::Io {
        what: format!("writing the certificate in {}", dir.display()),
        source,
    };
    let part = |suffix: &str| tempfile::Builder::new().prefix(".wgrnd-proof-").suffix(suffix).tempfile_in(dir);
    let cnf_part = part(".cnf.part").map_err(io)?;
    let proof_part = part(".drat.part").map_err(io)?;
    {
        let mut file = std::io::BufWriter::new(cnf_part.as_file());
        write_dimacs(cnf, comments, &mut file).map_err(io)?;
        file.flush().map_err(io)?;
    }
    cnf_part.as_file().sync_all().map_err(io)?;
    let prover = External { interrupt: interrupt.clone(), ..External::new("cadical", timeout) };
    let args: Vec<String> = ["-q", "--no-binary"]
        .into_iter()
        .map(String::from)
        .chain([cnf_part.path(), proof_part.path()].map(|p| p.to_string_lossy().into_owned()))
        .collect();
    let (status, _, stderr) = prover.spawn_and_wait(&args)?;
    let status = match status {
        Waited::Exited(s) => s,
        Waited::TimedOut | Waited::Cancelled => {
            return Err(SolveError::OutOfTime { solver: prover.name, task: "proving no second solution exists".into() })
        }
        Waited::Interrupted => return Err(SolveError::Interrupted),
    };
    if status.code() != Some(20) {
        return Err(SolveError::Garbage {
            solver: prover.name,
            detail: format!("asked to prove the CNF unsatisfiable, it exited with {:?}", status.code()),
            stderr: tail_of(&stderr),
        });
    }
    // Certificates are ordinary files (tempfile makes them readable by the owner only).
    #[cfg(unix)]
    for part in [&cnf_part, &proof_part] {
        use std::os::unix::fs::PermissionsExt;
        let _ = part.as_file().set_permissions(std::fs::Permissions::from_mode(0o644));
    }
    cnf_part.persist(cnf_path).map_err(|e| io(e.error))?;
    proof_part.persist(proof_path).map_err(|e| io(e.error))?;
    Ok(Proof { cnf: cnf_path.to_path_buf(), proof: proof_path.to_path_buf() })
}

impl Backend for External {
    fn name(&self) -> &'static str {
        "external solver"
    }

    fn solve(&mut self, cnf: &Cnf) -> Result<SolverAnswer, SolveError> {
        let io =
            |source: std::io::Error| SolveError::Io { what: "writing the CNF for the solver (TMPDIR)".into(), source };
        // Watched from before the CNF is written until its directory is gone: a Ctrl-C at any
        // point stops the solve and the files are removed on the way out.
        let _watch = self.interrupt.watch();
        // The directory and everything in it go when `dir` is dropped, on every return path.
        let dir = tempfile::Builder::new().prefix("wgrnd-").tempdir().map_err(io)?;
        let cnf_path = dir.path().join("problem.cnf");
        let mut file = std::io::BufWriter::new(std::fs::File::create(&cnf_path).map_err(io)?);
        write_dimacs(cnf, &[], &mut file).map_err(io)?;
        file.flush().map_err(io)?;
        drop(file);
        self.run(&cnf_path, &dir.path().join("result.txt"), cnf.num_vars())
    }
}

fn verdict(a: &SolverAnswer) -> &'static str {
    match a {
        SolverAnswer::Sat(_) => "SATISFIABLE",
        SolverAnswer::Unsat => "UNSATISFIABLE",
        SolverAnswer::Unknown => "UNKNOWN",
    }
}

/// Reads a pipe to its end on a thread, so that a chatty solver never blocks on a full pipe.
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    })
}

pub(crate) enum Waited {
    Exited(ExitStatus),
    TimedOut,
    Interrupted,
    Cancelled,
}

/// Waits for the child, killing it at the deadline, when `interrupt` is requested (Ctrl-C) or when
/// `cancel` is set.
fn wait(child: &mut Child, timeout: Option<Duration>, cancel: &Cancel, interrupt: &Interrupt) -> Waited {
    let deadline = timeout.and_then(|t| Instant::now().checked_add(t)); // beyond the clock's range: no deadline
    let kill = |child: &mut Child| {
        // The solver leads its own process group: stop the group, helpers it started included.
        #[cfg(unix)]
        if let Ok(group) = libc::pid_t::try_from(child.id()) {
            // SAFETY: kill(2) with a negative pid signals that process group; it touches no memory.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
        let _ = child.kill();
        let _ = child.wait();
    };
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Waited::Exited(status),
            Ok(None) => {}
            // Polling failed: fall back to a plain wait.
            Err(_) => return child.wait().map_or(Waited::Interrupted, Waited::Exited),
        }
        if interrupt.is_requested() {
            kill(child);
            return Waited::Interrupted;
        }
        if cancel.is_set() {
            kill(child);
            return Waited::Cancelled;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            kill(child);
            return Waited::TimedOut;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

#[cfg(unix)]
pub(crate) fn killed_by(status: &ExitStatus) -> Option<String> {
    use std::os::unix::process::ExitStatusExt;
    status.signal().map(|s| {
        let name = match s {
            6 => " (SIGABRT)",
            9 => " (SIGKILL)",
            11 => " (SIGSEGV)",
            15 => " (SIGTERM)",
            _ => "",
        };
        format!("{s}{name}")
    })
}

#[cfg(not(unix))]
pub(crate) fn killed_by(_: &ExitStatus) -> Option<String> {
    None
}

pub(crate) fn tail_of(stderr: &str) -> String {
    let t = stderr.trim_end();
    let start = t.len().saturating_sub(STDERR_TAIL);
    let start = (start..=t.len()).find(|&i| t.is_char_boundary(i)).unwrap_or(t.len());
    t[start..].to_string()
}
