//! The one error type of every reader: where (file, line, column), what was found, what was expected.

use std::fmt;

/// Bad input: names the file, the line (and column where it helps), what was found and what was
/// expected. Every reader of wgrnd reports its failures with this type; the CLI maps it to exit code 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file as the user named it (`-` is shown as `<stdin>`).
    pub file: String,
    /// 1-based line, when the fault has one.
    pub line: Option<usize>,
    /// 1-based column (in characters), when it helps.
    pub column: Option<usize>,
    /// What the reader found.
    pub found: String,
    /// What it expected instead.
    pub expected: String,
}

impl InputError {
    /// An error at a line (and optionally a column) of `file`.
    pub fn at(
        file: &str,
        line: usize,
        column: Option<usize>,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> Self {
        InputError { file: file.to_string(), line: Some(line), column, found: found.into(), expected: expected.into() }
    }

    /// An error about the file as a whole.
    pub fn whole(file: &str, found: impl Into<String>, expected: impl Into<String>) -> Self {
        InputError { file: file.to_string(), line: None, column: None, found: found.into(), expected: expected.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": found {}; expected {}", self.found, self.expected)
    }
}

impl std::error::Error for InputError {}
