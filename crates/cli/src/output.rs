//! Where results go: standard output, or a file that appears whole or not at all (written to a
//! temporary file beside it, then renamed over it). A closed standard output (`wgrnd encode | head`)
//! ends the program quietly.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::Failure;

/// An output destination: `-` for standard output, else a file path.
pub struct Output<'a> {
    path: &'a str,
}

impl<'a> Output<'a> {
    pub fn new(path: &'a str) -> Self {
        Output { path }
    }

    /// Runs `fill` on a buffered writer for the destination and commits the result.
    pub fn write(&self, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
        if self.path == "-" {
            let stdout = io::stdout();
            let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
            return fill(&mut w).and_then(|_| w.flush()).map_err(|e| {
                if e.kind() == io::ErrorKind::BrokenPipe {
                    Failure::BrokenPipe
                } else {
                    // Like an unwritable output file (a full disk, a revoked terminal): exit 2.
                    Failure::Input(format!(
                        "<stdout>: found an unwritable standard output ({e}); expected somewhere wgrnd can write"
                    ))
                }
            });
        }
        let target = Path::new(self.path);
        let cannot = |e: io::Error| {
            Failure::Input(format!("{}: found an unwritable output ({e}); expected a path wgrnd can write", self.path))
        };
        if target.is_dir() {
            return Err(Failure::Input(format!(
                "{}: found a directory; expected a file path for the output",
                self.path
            )));
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let tmp = tempfile::Builder::new().prefix(".wgrnd-").suffix(".part").tempfile_in(dir).map_err(cannot)?;
        {
            let mut w = BufWriter::with_capacity(1 << 16, tmp.as_file());
            fill(&mut w).and_then(|_| w.flush()).map_err(cannot)?;
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
}
