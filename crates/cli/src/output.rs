//! Where results go: standard output, or a file that appears whole or not at all (written to a
//! temporary file beside it, then renamed over it; a device or a named pipe is written directly).
//! A closed standard output (`wgrnd encode | head`) ends the program quietly. Also the spinner of
//! a long count.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use wgrnd_families::Error;

/// An output destination: `-` for standard output, else a file path.
pub struct Output<'a> {
    path: &'a str,
}

impl<'a> Output<'a> {
    /// The destination `path` names.
    pub fn new(path: &'a str) -> Self {
        Output { path }
    }

    /// Runs `fill` on a buffered writer for the destination and commits the result.
    pub fn write(&self, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Error> {
        if self.path == "-" {
            let stdout = io::stdout();
            let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
            return fill(&mut w).and_then(|_| w.flush()).map_err(|e| {
                if e.kind() == io::ErrorKind::BrokenPipe {
                    Error::BrokenPipe
                } else {
                    // Like an unwritable output file (a full disk, a revoked terminal): exit 2.
                    Error::Output {
                        path: "<stdout>".into(),
                        found: format!("an unwritable standard output ({e})"),
                        expected: "somewhere wgrnd can write",
                    }
                }
            });
        }
        let target = Path::new(self.path);
        let cannot = |e: io::Error| Error::Output {
            path: self.path.to_string(),
            found: format!("an unwritable output ({e})"),
            expected: "a path wgrnd can write",
        };
        if target.is_dir() {
            return Err(Error::Output {
                path: self.path.to_string(),
                found: "a directory".into(),
                expected: "a file path for the output",
            });
        }
        // What is not a regular file (/dev/null, a terminal, a named pipe) is written as it is:
        // renaming a temporary file over it would replace the device or the pipe by a file (as
        // root, `-o /dev/null` once turned the machine's /dev/null into a regular file).
        // `metadata` follows symbolic links: a link to a device is written through as well.
        if std::fs::metadata(target).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new().write(true).open(target).map_err(cannot)?;
            let mut w = BufWriter::with_capacity(1 << 16, file);
            return fill(&mut w).and_then(|_| w.flush()).map_err(cannot);
        }
        // A symbolic link to a file: the file it names is replaced, the link stays.
        let resolved = match std::fs::symlink_metadata(target) {
            Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(target).ok(),
            _ => None,
        };
        let target = resolved.as_deref().unwrap_or(target);
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        // Watched while the temporary file exists: a Ctrl-C lets the write finish, then the
        // temporary file is removed and the program exits 130, leaving no trace.
        let _watch = crate::signal::interrupt().watch();
        let tmp = tempfile::Builder::new().prefix(".wgrnd-").suffix(".part").tempfile_in(dir).map_err(cannot)?;
        {
            let mut w = BufWriter::with_capacity(1 << 16, tmp.as_file());
            fill(&mut w).and_then(|_| w.flush()).map_err(cannot)?;
        }
        if crate::signal::interrupt().is_requested() {
            return Err(Error::Solver(wgrnd_sat::solver::SolveError::Interrupted));
        }
        tmp.as_file().sync_all().map_err(cannot)?;
        // tempfile creates files readable by the owner only; an output file is an ordinary file.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = tmp.as_file().set_permissions(std::fs::Permissions::from_mode(0o644));
        }
        tmp.persist(target).map_err(|e| cannot(e.error))?;
        Ok(())
    }

    /// Writes `text` whole.
    pub fn text(&self, text: &str) -> Result<(), Error> {
        self.write(|w| w.write_all(text.as_bytes()))
    }
}

/// The spinner of a count (drawn on a terminal only) and the solutions printed with `--print`.
pub struct Progress {
    bar: indicatif::ProgressBar,
    started: std::time::Instant,
    /// When the message was last written (since `started`).
    shown: std::time::Duration,
    print: bool,
    /// The drawings of the solutions found, with `--print`.
    drawings: Vec<String>,
}

impl Progress {
    /// A spinner; `print` keeps every solution's drawing.
    pub fn new(print: bool) -> Self {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(4));
        Progress {
            bar,
            started: std::time::Instant::now(),
            shown: std::time::Duration::ZERO,
            print,
            drawings: Vec::new(),
        }
    }

    /// Solution `n` was found; `shown` draws it (called only with `--print`).
    pub fn found(&mut self, n: u64, shown: impl FnOnce() -> String) {
        // The spinner redraws four times a second: its message is written no more often than
        // that, not once per solution (a count finds up to hundreds of thousands a second).
        let elapsed = self.started.elapsed();
        if n == 1 || elapsed >= self.shown + std::time::Duration::from_millis(100) {
            self.shown = elapsed;
            let secs = elapsed.as_secs_f64().max(1e-9);
            self.bar.set_message(format!("{n} solutions, {:.0}/s", n as f64 / secs));
            self.bar.tick();
        }
        if self.print {
            self.drawings.push(shown());
        }
    }

    /// Clears the spinner; returns what `--print` collected: each solution under the one before,
    /// or two pictures of one layout side by side with a third marking where they differ (what
    /// a setter whose puzzle is not unique looks at).
    pub fn finish(self) -> Vec<u8> {
        self.bar.finish_and_clear();
        let mut printed = Vec::new();
        let mut drawings: Vec<&str> = self.drawings.iter().map(String::as_str).collect();
        if let [a, b] = drawings.as_slice() {
            let ((pa, ra), (pb, rb)) = (picture_and_rest(a), picture_and_rest(b));
            let grids = pa.starts_with('+') && pb.starts_with('+');
            if let Some(both) = grids.then(|| side_by_side(pa, pb)).flatten() {
                printed.extend_from_slice(both.as_bytes());
                drawings = if ra.trim().is_empty() && rb.trim().is_empty() { Vec::new() } else { vec![ra, rb] };
                if !drawings.is_empty() {
                    printed.push(b'\n');
                }
            }
        }
        for (n, d) in drawings.iter().enumerate() {
            printed.extend_from_slice(format!("solution {}\n{d}\n", n + 1).as_bytes());
        }
        printed
    }
}

/// A drawing's picture (up to its first empty line) and what follows it.
fn picture_and_rest(d: &str) -> (&str, &str) {
    d.split_once("\n\n").unwrap_or((d.trim_end(), ""))
}

/// Two pictures of the same layout (as many lines, each as wide), side by side, and a third copy
/// of the first with `?` at every character where they differ; `None` for any other pair.
fn side_by_side(a: &str, b: &str) -> Option<String> {
    let (la, lb): (Vec<Vec<char>>, Vec<Vec<char>>) =
        (a.lines().map(|l| l.chars().collect()).collect(), b.lines().map(|l| l.chars().collect()).collect());
    if la.len() != lb.len() || la.iter().zip(&lb).any(|(x, y)| x.len() != y.len()) || la == lb {
        return None;
    }
    let width = la.iter().map(Vec::len).max().unwrap_or(0).max("where they differ (?)".len());
    let mut out = String::new();
    let row = |cells: [&str; 3], out: &mut String| {
        let line = format!("{:width$}    {:width$}    {}", cells[0], cells[1], cells[2]);
        out.push_str(line.trim_end());
        out.push('\n');
    };
    row(["solution 1", "solution 2", "where they differ (?)"], &mut out);
    for (x, y) in la.iter().zip(&lb) {
        let marked: String = x.iter().zip(y).map(|(p, q)| if p == q { *p } else { '?' }).collect();
        let (x, y): (String, String) = (x.iter().collect(), y.iter().collect());
        row([&x, &y, &marked], &mut out);
    }
    Some(out)
}
