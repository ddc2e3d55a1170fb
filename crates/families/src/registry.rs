//! The one place that knows every family: which family a file belongs to, reading it, and
//! handing it to generic code. A puzz.link URL (or a `.url` file holding one) goes to its genre's
//! bundled model ([`crate::pencil`]). Adding a family means a variant of [`Loaded`], a line in [`load`]
//! and an arm in [`with_family!`](crate::with_family); no command changes.

use crate::{
    edge::formats,
    edge::formats::{PuzzleFormat, ReadOptions},
};
use wgrnd_lang::Source;
use wgrnd_sat::{display_name, read_text};

use crate::{models::readers, pencil, EdgeMatching, Error, Packings, QpropModel, RawOptions};

/// `--format` as given: a puzzle format, or a family's file format.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FormatChoice {
    /// An edge-matching format.
    Board(PuzzleFormat),
    /// A polycube packing (`.pack`).
    Pack,
    /// A model of the modelling language (`.qp`).
    Qprop,
    /// A format read into data for a bundled model ([`crate::models::readers`]), by its `--format` name.
    Reader(&'static str),
}

/// A puzzle file read into its family, options validated by that family.
#[derive(Clone, Debug)]
pub enum Loaded {
    /// An edge-matching puzzle.
    EdgeMatching(EdgeMatching),
    /// A polycube packing.
    Packings(Packings),
    /// A model of the modelling language.
    Model(QpropModel),
}

/// Statements that open a model of the modelling language (after `%` comments).
const MODEL_WORDS: [&str; 6] = ["param", "domain", "pred", "var", "show", "forall"];

/// Whether `text`, named `name`, is a model: the `.qp` extension, or a first statement of the
/// language.
fn is_model(name: &str, text: &str) -> bool {
    if std::path::Path::new(name).extension().is_some_and(|e| e == "qp") {
        return true;
    }
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('%'));
    first.and_then(|l| l.split_whitespace().next()).is_some_and(|w| MODEL_WORDS.contains(&w))
}

/// Reads `path` (`-`: standard input) into its family: by `format`, else by the file's extension
/// or first statement.
pub fn load(path: &str, format: Option<FormatChoice>, raw: &RawOptions) -> Result<Loaded, Error> {
    let (name, text) = read_source(path)?;
    let reader = match format {
        Some(FormatChoice::Reader(f)) => readers::by_format(f),
        Some(_) => None,
        None => reader_of(&name, &text)?,
    };
    if let Some(reader) = reader {
        if raw.data.is_some() {
            return Err(Error::Option(format!(
                "{name} is read as {} data for wgrnd's bundled model {}: it takes no --data",
                reader.format, reader.model.0
            )));
        }
        return Ok(Loaded::Model(read_by(reader, name, &text, raw)?));
    }
    let model = match format {
        Some(FormatChoice::Qprop) => true,
        Some(_) => false,
        None => is_model(&name, &text),
    };
    if model {
        let data = match &raw.data {
            Some(path) => Some(data_source(path, raw)?),
            None => None,
        };
        return Ok(Loaded::Model(QpropModel::new(&Source::new(name, text), data.as_ref(), raw)?));
    }
    let packing = match format {
        Some(FormatChoice::Pack) => true,
        Some(_) => false,
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

/// A puzzle's name and text: a puzz.link URL is its own text (a `.url` file holds one).
fn read_source(path: &str) -> Result<(String, String), Error> {
    Ok(if pencil::is_url(path) {
        (path.trim().to_string(), path.trim().to_string())
    } else {
        (display_name(path), read_text(path)?)
    })
}

/// The reader of a puzzle in a format read into data for a bundled model, by its content or
/// extension: a pencil puzzle (a URL, a `.url` file, or a pzprv3 file, pzprjs's own), or a
/// format with its own extension (`.non`, ...). `None`: no such format.
fn reader_of(name: &str, text: &str) -> Result<Option<&'static readers::Reader>, Error> {
    let url = pencil::is_url(name)
        || std::path::Path::new(name).extension().is_some_and(|e| e == "url")
        || pencil::is_pzprv3(text);
    Ok(if url { Some(pencil::reader_of(name, text)?) } else { readers::by_extension(name) })
}

/// The puzzle `text`, named `name`, read by `reader` into its bundled model.
fn read_by(reader: &'static readers::Reader, name: String, text: &str, raw: &RawOptions) -> Result<QpropModel, Error> {
    readers::check_size(reader, &name, text, raw.max_clauses.unwrap_or_else(readers::max_clauses))?;
    let (data, numbers) = reader.read(&name, text)?;
    let model = Source::new(reader.model.0, reader.model.1);
    Ok(QpropModel::with_numbers(&model, Some(&Source::new(name, data)), numbers.as_ref(), raw)?.read_by(reader))
}

/// `--data` of a model: a data file, or a puzzle in a format that a bundled model reads (a
/// puzz.link URL, a pzprv3 or `.non` file, ...), read into its genre's model and given as the data
/// file `wgrnd data` writes of it: a changed copy of the genre's model on a published puzzle. An
/// error in that data is placed in that file's text (named `(wgrnd data NAME)`).
fn data_source(path: &str, raw: &RawOptions) -> Result<Source, Error> {
    let (name, text) = read_source(path)?;
    match reader_of(&name, &text)? {
        Some(reader) => {
            // The genre's model with its own options: the parameters set are the given model's.
            let genre = RawOptions { max_clauses: raw.max_clauses, ..RawOptions::default() };
            let puzzle = read_by(reader, name.clone(), &text, &genre)?;
            Ok(Source::new(format!("(wgrnd data {name})"), puzzle.data_file(&name)))
        }
        None => Ok(Source::new(name, text)),
    }
}

/// Runs `$body` with `$f` bound to the family inside a [`Loaded`]: the one dispatch from a file
/// to code written once over [`Family`](crate::Family).
#[macro_export]
macro_rules! with_family {
    ($loaded:expr, |$f:ident| $body:expr) => {
        match $loaded {
            $crate::registry::Loaded::EdgeMatching($f) => $body,
            $crate::registry::Loaded::Packings($f) => $body,
            $crate::registry::Loaded::Model($f) => $body,
        }
    };
}
