//! Readers for the formats people exchange puzzles in, for families that are written as models
//! of the modelling language (seed 002's nonograms, minesweeper, battleships, ...). A reader turns
//! a file into data for a model bundled with wgrnd (the `.qp` files of the repository's `models/`
//! folder, compiled into the binary), so that such a file is simply that model with that data and
//! every command works on it through [`QpropModel`](crate::QpropModel). Each reader checks its
//! format itself and reports bad input with file and line; the data it writes is then well formed
//! by construction. Adding a format is one entry in [`READERS`].

use wgrnd_cnf::InputError;
use wgrnd_puzzle::formats::{ashes, battleships, lightsout, minesweeper, submarines};

/// A file format read into data for a bundled model.
#[derive(Debug)]
pub struct Reader {
    /// Its `--format` name.
    pub format: &'static str,
    /// File extensions (without the dot) that select it.
    pub extensions: &'static [&'static str],
    /// The bundled model: file name (for messages) and text.
    pub model: (&'static str, &'static str),
    /// Converts the file (`name`, `text`) into data for the model: facts, tables and `param`
    /// lines in the language.
    pub convert: fn(name: &str, text: &str) -> Result<String, InputError>,
    /// Clauses the bundled model grounds to per cell of a drawn grid, at least (measured on the
    /// fixtures; 0: the reader bounds the size itself, as `.non` does with its side limit).
    /// [`check_size`] refuses a file by this estimate before it is read.
    pub clauses_per_cell: u64,
}

/// Most clauses a bundled model may be estimated to ground to before a file is refused (the
/// language's own limit, `GroundOptions::default().max_clauses`).
pub fn max_clauses() -> u64 {
    wgrnd_qprop::GroundOptions::default().max_clauses
}

/// Refuses a file whose grid would ground to more than `limit` clauses, by an estimate made
/// before the file is read: its non-blank characters outside `%` comments (at least as many as
/// its cells) times [`Reader::clauses_per_cell`]. Cheap and allocation-free, so a well-formed
/// 2000 x 2000 board is refused at once instead of filling the memory.
pub fn check_size(reader: &Reader, name: &str, text: &str, limit: u64) -> Result<(), crate::Error> {
    if reader.clauses_per_cell == 0 {
        return Ok(());
    }
    let cells: u64 = text
        .lines()
        .map(|l| l.split('%').next().unwrap_or("").chars().filter(|c| !c.is_whitespace()).count() as u64)
        .sum();
    let estimate = cells.saturating_mul(reader.clauses_per_cell);
    if estimate <= limit {
        return Ok(());
    }
    Err(crate::Error::TooLarge {
        name: name.to_string(),
        source: wgrnd_ground::TooLarge {
            estimate: format!(
                "a grid of about {cells} cells would ground {} to about {estimate} clauses ({} per cell), above the limit of {limit} clauses; the puzzle is too large to ground in memory",
                reader.model.0, reader.clauses_per_cell
            ),
        },
    })
}

/// Every reader.
pub static READERS: &[Reader] = &[
    Reader {
        format: "submarines",
        extensions: &["submarines"],
        model: ("submarines.qp", include_str!("../../../models/submarines.qp")),
        convert: |name, text| Ok(submarines::Submarines::read(name, text)?.to_data()),
        clauses_per_cell: 3,
    },
    Reader {
        format: "ashes",
        extensions: &["ashes"],
        model: ("ashes.qp", include_str!("../../../models/ashes.qp")),
        convert: |name, text| Ok(ashes::Ashes::read(name, text)?.to_data()),
        clauses_per_cell: 200,
    },
    Reader {
        format: "minesweeper",
        extensions: &["mines"],
        model: ("minesweeper.qp", include_str!("../../../models/minesweeper.qp")),
        convert: |name, text| Ok(minesweeper::Minesweeper::read(name, text)?.to_data()),
        clauses_per_cell: 12,
    },
    Reader {
        format: "lightsout",
        extensions: &["lights"],
        model: ("lightsout.qp", include_str!("../../../models/lightsout.qp")),
        convert: |name, text| Ok(lightsout::LightsOut::read(name, text)?.to_data()),
        clauses_per_cell: 40,
    },
    Reader {
        format: "battleships",
        extensions: &["ships"],
        model: ("battleships.qp", include_str!("../../../models/battleships.qp")),
        convert: |name, text| Ok(battleships::Battleships::read(name, text)?.to_data()),
        clauses_per_cell: 20,
    },
    Reader {
        format: "non",
        extensions: &["non"],
        model: ("nonogram.qp", include_str!("../../../models/nonogram.qp")),
        convert: |name, text| Ok(wgrnd_puzzle::formats::non::read_non(name, text)?.to_data()),
        clauses_per_cell: 0,
    },
    Reader {
        format: "zebra",
        extensions: &["zebra"],
        model: ("sherlock.qp", include_str!("../../../models/sherlock.qp")),
        convert: |name, text| Ok(wgrnd_puzzle::formats::zebra::read_zebra(name, text)?.to_data()),
        clauses_per_cell: 0,
    },
];

/// The reader with this `--format` name.
pub fn by_format(format: &str) -> Option<&'static Reader> {
    READERS.iter().find(|r| r.format == format)
}

/// The reader that a file's extension selects.
pub fn by_extension(file: &str) -> Option<&'static Reader> {
    let ext = std::path::Path::new(file).extension()?.to_str()?;
    READERS.iter().find(|r| r.extensions.contains(&ext))
}
