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
}

/// Every reader.
pub static READERS: &[Reader] = &[
    Reader {
        format: "submarines",
        extensions: &["submarines"],
        model: ("submarines.qp", include_str!("../../../models/submarines.qp")),
        convert: |name, text| Ok(submarines::Submarines::read(name, text)?.to_data()),
    },
    Reader {
        format: "ashes",
        extensions: &["ashes"],
        model: ("ashes.qp", include_str!("../../../models/ashes.qp")),
        convert: |name, text| Ok(ashes::Ashes::read(name, text)?.to_data()),
    },
    Reader {
        format: "minesweeper",
        extensions: &["mines"],
        model: ("minesweeper.qp", include_str!("../../../models/minesweeper.qp")),
        convert: |name, text| Ok(minesweeper::Minesweeper::read(name, text)?.to_data()),
    },
    Reader {
        format: "lightsout",
        extensions: &["lights"],
        model: ("lightsout.qp", include_str!("../../../models/lightsout.qp")),
        convert: |name, text| Ok(lightsout::LightsOut::read(name, text)?.to_data()),
    },
    Reader {
        format: "battleships",
        extensions: &["ships"],
        model: ("battleships.qp", include_str!("../../../models/battleships.qp")),
        convert: |name, text| Ok(battleships::Battleships::read(name, text)?.to_data()),
    },
    Reader {
        format: "non",
        extensions: &["non"],
        model: ("nonogram.qp", include_str!("../../../models/nonogram.qp")),
        convert: |name, text| Ok(wgrnd_puzzle::formats::non::read_non(name, text)?.to_data()),
    },
    Reader {
        format: "zebra",
        extensions: &["zebra"],
        model: ("sherlock.qp", include_str!("../../../models/sherlock.qp")),
        convert: |name, text| Ok(wgrnd_puzzle::formats::zebra::read_zebra(name, text)?.to_data()),
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
