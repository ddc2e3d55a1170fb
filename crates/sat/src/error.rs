//! The one error type of every reader: where (file, line, column), what was found, what was expected.

use std::borrow::Cow;
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
    /// An error at a line and column of `file`: a positioned error always has both (the column
    /// of the word at fault, or 1 for a line as a whole).
    pub fn at(file: &str, line: usize, column: usize, found: impl Into<String>, expected: impl Into<String>) -> Self {
        InputError {
            file: file.to_string(),
            line: Some(line),
            column: Some(column),
            found: found.into(),
            expected: expected.into(),
        }
    }

    /// An error about the file as a whole.
    pub fn whole(file: &str, found: impl Into<String>, expected: impl Into<String>) -> Self {
        InputError { file: file.to_string(), line: None, column: None, found: found.into(), expected: expected.into() }
    }
}

impl InputError {
    /// The message as the reader made it, before [`escape_controls`].
    fn write_plain(&self, f: &mut impl fmt::Write) -> fmt::Result {
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

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut plain = String::new();
        self.write_plain(&mut plain)?;
        f.write_str(&escape_controls(&plain))
    }
}

/// Whether a character would drive a terminal rather than be shown: control characters other
/// than line breaks and tabs (an ESC starts a terminal sequence, a carriage return overwrites the
/// line) and the bidirectional overrides, which reorder what follows them.
fn drives_terminal(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A diagnostic made safe to print: every character that would drive the terminal (see above) is
/// written as its Rust escape (`\u{1b}`). Every message that quotes input goes through this
/// before it reaches a terminal: [`InputError`]'s display, the language's caret diagnostics and
/// the command line's last word.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(drives_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if drives_terminal(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

impl std::error::Error for InputError {}
