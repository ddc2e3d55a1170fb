//! The one place that knows every family: which family a file belongs to, reading it, and
//! handing it to generic code. Adding a family means a variant of [`Loaded`], a line in [`load`]
//! and an arm in [`with_family!`](crate::with_family); no command changes.

use wgrnd_puzzle::formats::{self, PuzzleFormat, ReadOptions};

use crate::{EdgeMatching, Error, Packings, RawOptions};

/// `--format` as given: a puzzle format, or a family's file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormatChoice {
    /// An edge-matching format.
    Board(PuzzleFormat),
    /// A polycube packing (`.pack`).
    Pack,
}

/// A puzzle file read into its family, options validated by that family.
#[derive(Clone, Debug)]
pub enum Loaded {
    /// An edge-matching puzzle.
    EdgeMatching(EdgeMatching),
    /// A polycube packing.
    Packings(Packings),
}

/// Reads `path` (`-`: standard input) into its family: by `format`, else by the file's extension
/// or first statement.
pub fn load(path: &str, format: Option<FormatChoice>, raw: &RawOptions) -> Result<Loaded, Error> {
    let text = formats::read_text(path)?;
    let name = formats::display_name(path);
    let packing = match format {
        Some(FormatChoice::Pack) => true,
        Some(FormatChoice::Board(_)) => false,
        None => formats::is_packing(&name, &text),
    };
    if packing {
        return Ok(Loaded::Packings(Packings::new(formats::read_packing(&name, &text)?, raw)?));
    }
    let format = match format {
        Some(FormatChoice::Board(f)) => Some(f),
        _ => None,
    };
    let puzzle = formats::read_puzzle(&name, &text, &ReadOptions { format, sum: raw.sum })?;
    Ok(Loaded::EdgeMatching(EdgeMatching::new(puzzle, raw)?))
}

/// Runs `$body` with `$f` bound to the family inside a [`Loaded`]: the one dispatch from a file
/// to code written once over [`Family`](crate::Family).
#[macro_export]
macro_rules! with_family {
    ($loaded:expr, |$f:ident| $body:expr) => {
        match $loaded {
            $crate::registry::Loaded::EdgeMatching($f) => $body,
            $crate::registry::Loaded::Packings($f) => $body,
        }
    };
}
