//! Errors with a place in a source file, rendered as caret diagnostics (ariadne, no colour).

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A file of a [`Files`] map: the id it was given when it was added (resolved to a name and a
/// text only when a diagnostic is rendered).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct FileId(u8);

impl FileId {
    /// The file's position in its map.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The files a program (and a solution text read for it) came from: names and texts, shared by
/// every diagnostic about them rather than copied into each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files(Arc<Vec<(String, String)>>);

impl Files {
    /// Adds a file; its id.
    pub(crate) fn add(&mut self, name: &str, text: &str) -> FileId {
        let files = Arc::make_mut(&mut self.0);
        files.push((name.to_string(), text.to_string()));
        FileId(u8::try_from(files.len() - 1).unwrap_or(u8::MAX))
    }
    /// A file's name and text.
    pub fn get(&self, id: FileId) -> Option<&(String, String)> {
        self.0.get(id.index())
    }
}

impl Deref for Files {
    type Target = [(String, String)];
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

/// A byte range in one of the loaded files.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Which file.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span in file `file` from `start` to `end` (bytes).
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span { file, start: start as u32, end: end.max(start) as u32 }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        if other.file != self.file {
            return self;
        }
        Span { file: self.file, start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

/// What went wrong, by kind; the message says the rest.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A character or token the grammar does not allow here.
    Syntax,
    /// A predicate, domain, parameter or variable that is not declared.
    Unknown,
    /// A predicate used with the wrong number of arguments.
    Arity,
    /// A value of one domain where another is expected.
    Type,
    /// A value outside its domain, or an empty domain.
    Domain,
    /// Division or `mod` by zero, or an overflow.
    Arithmetic,
    /// A construct the grounder does not support in this position.
    Unsupported,
    /// A name declared twice, or data that contradicts the declarations.
    Declaration,
    /// The size estimate is above the limit, or a checker's memory limit is reached.
    TooLarge,
    /// An internal fault (a bug of wgrnd, not of the input).
    Internal,
    /// An integer term with no value: an element whose index, computed from a solution, lies
    /// outside the indexed variable's arguments. The checker judges the formula around it false
    /// (relational semantics); it never leaves the checker.
    Undefined,
}

/// An error in a model, data file, override or solution text: where, what, what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct QpropError {
    /// The kind (decides the exit code upstream).
    pub kind: ErrorKind,
    /// Where; `None` for errors with no place (a command-line override).
    pub span: Option<Span>,
    /// One-line message.
    pub message: String,
    /// Text under the caret: what was expected.
    pub label: String,
    /// Further notes: variable bindings when grounding, hints.
    pub notes: Vec<String>,
    /// The files its span refers to (shared), for rendering.
    files: Files,
}

impl fmt::Display for QpropError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.location() {
            Some((file, line, col)) => write!(f, "{file}:{line}:{col}: {}", self.message)?,
            None => write!(f, "{}", self.message)?,
        }
        if !self.label.is_empty() {
            write!(f, " ({})", self.label)?;
        }
        Ok(())
    }
}

impl QpropError {
    /// A new error at `span`.
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        QpropError {
            kind,
            span: Some(span),
            message: message.into(),
            label: label.into(),
            notes: Vec::new(),
            files: Files::default(),
        }
    }
    /// A new error with no place in a file.
    pub fn nowhere(kind: ErrorKind, message: impl Into<String>) -> Self {
        QpropError {
            kind,
            span: None,
            message: message.into(),
            label: String::new(),
            notes: Vec::new(),
            files: Files::default(),
        }
    }
    /// Adds a note.
    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
    /// Attaches the files its span refers to (done once by the public entry points).
    pub(crate) fn with_files(mut self, files: &Files) -> Self {
        if self.files.is_empty() {
            self.files = files.clone();
        }
        self
    }
    /// File name, line and column (1-based, columns in characters) of the error.
    pub fn location(&self) -> Option<(&str, usize, usize)> {
        let span = self.span?;
        let (name, text) = self.files.get(span.file)?;
        let start = (span.start as usize).min(text.len());
        let before = text.get(..start)?;
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Some((name, line, col))
    }
    /// The process exit code for this error (wgrnd's convention: 2 = bad input, 3 = an internal
    /// fault).
    pub fn exit_code(&self) -> i32 {
        match self.kind {
            ErrorKind::Syntax
            | ErrorKind::Unknown
            | ErrorKind::Arity
            | ErrorKind::Type
            | ErrorKind::Domain
            | ErrorKind::Arithmetic
            | ErrorKind::Unsupported
            | ErrorKind::Declaration
            | ErrorKind::TooLarge
            | ErrorKind::Undefined => 2,
            ErrorKind::Internal => 3,
        }
    }
    /// The line number (1-based), if the error has a place.
    pub fn line(&self) -> Option<usize> {
        self.location().map(|(_, l, _)| l)
    }
    /// The column (1-based, in characters), if the error has a place.
    pub fn column(&self) -> Option<usize> {
        self.location().map(|(_, _, c)| c)
    }
    /// The caret diagnostic: file:line:col, the source line, a caret under the text, the expectation
    /// and the notes; no colour.
    pub fn render(&self) -> String {
        use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
        let Some(span) = self.span else {
            let mut out = format!("error: {}\n", self.message);
            for n in &self.notes {
                out.push_str(&format!("  = note: {n}\n"));
            }
            return out;
        };
        let Some((name, text)) = self.files.get(span.file) else {
            return format!("error: {self}\n");
        };
        let len = text.len();
        let (s, e) = ((span.start as usize).min(len), (span.end as usize).min(len));
        let head = match self.location() {
            Some((f, l, c)) => format!("{f}:{l}:{c}: {}", self.message),
            None => self.message.clone(),
        };
        let mut report = Report::build(ReportKind::Error, (name.as_str(), s..e))
            .with_config(Config::default().with_color(false).with_index_type(IndexType::Byte))
            .with_message(head)
            .with_label(Label::new((name.as_str(), s..e)).with_message(&self.label));
        for n in &self.notes {
            report = report.with_note(n);
        }
        let mut buf = Vec::new();
        if report.finish().write((name.as_str(), Source::from(text.as_str())), &mut buf).is_err() {
            return format!("error: {self}\n");
        }
        // The snippet quotes the source: a control character in it must not drive the terminal.
        wgrnd_sat::escape_controls(&String::from_utf8_lossy(&buf)).into_owned()
    }
}

/// Shorthand for results in this crate.
pub type Result<T, E = QpropError> = std::result::Result<T, E>;

/// A syntax error at `span`.
pub(crate) fn syntax(span: Span, message: impl Into<String>, expected: impl Into<String>) -> QpropError {
    QpropError::new(ErrorKind::Syntax, span, message, expected)
}
