//! Readers for the formats people exchange puzzles in, for families that are written as models
//! of the modelling language (seed 002's nonograms, minesweeper, battleships, ...). A reader turns
//! a file into data for a model bundled with wgrnd (the `.qp` files of the repository's `models/`
//! folder, compiled into the binary), so that such a file is simply that model with that data and
//! every command works on it through [`QpropModel`](crate::QpropModel). Each reader checks its
//! format itself and reports bad input with file and line; the data it writes is then well formed
//! by construction. The data is source text of the language, so its names must be the model's:
//! each reader states them in its [`DataContract`], writes its facts with them, and the tests
//! below hold every contract against its model (and ground every reader's data with it). A reader
//! may also build the same data as numbers ([`Reader::convert_numbers`], the `.non` reader does),
//! which the model then takes without reading the text back; a test holds the two to the same
//! program. Adding a format is one entry in [`READERS`].

use crate::{
    edge::formats::{DataContract, Facts, Unwritable},
    models::formats::{ashes, battleships, lightsout, minesweeper, non, submarines, zebra},
};
use wgrnd_sat::InputError;
use wgrnd_seam::NumberData;

/// A reader's conversion of a file (`name`, `text`) into its data as text and as numbers.
pub type ConvertNumbers = fn(name: &str, text: &str) -> Result<(String, NumberData), InputError>;

/// A file format read into data for a bundled model.
#[derive(Debug)]
pub struct Reader {
    /// Its `--format` name.
    pub format: &'static str,
    /// File extensions (without the dot) that select it.
    pub extensions: &'static [&'static str],
    /// The bundled model: file name (for messages) and text.
    pub model: (&'static str, &'static str),
    /// The names the data shares with the model.
    pub data: &'static DataContract,
    /// Converts the file (`name`, `text`) into data for the model: facts, tables and `param`
    /// lines in the language.
    pub convert: fn(name: &str, text: &str) -> Result<String, InputError>,
    /// `convert` for a reader that also builds its data as numbers: the text and the same data
    /// as [`NumberData`], which the model takes without reading the text back
    /// ([`wgrnd_lang::load_numbers`]); what loading a file uses when there is one.
    pub convert_numbers: Option<ConvertNumbers>,
    /// The inverse of `convert`: a puzzle posed with the model (its data as [`Facts`]) written in
    /// this format, with a final newline; what `generate --unique -o FILE.EXT` writes.
    pub write: fn(&Facts) -> Result<String, Unwritable>,
    /// Clauses the bundled model grounds to per cell of a drawn grid, at least (measured on the
    /// fixtures; 0: the reader bounds the size itself, as `.non` does with its side limit).
    /// [`check_size`] refuses a file by this estimate before it is read.
    pub clauses_per_cell: u64,
}

/// Most clauses a bundled model may be estimated to ground to before a file is refused (the
/// language's own limit, `GroundOptions::default().max_clauses`).
pub fn max_clauses() -> u64 {
    wgrnd_lang::GroundOptions::default().max_clauses
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
    let estimate = crate::edge::encode::TooLarge {
        estimate: format!(
            "a grid of about {cells} cells would ground {} to about {estimate} clauses ({} per cell), above the limit of {limit} clauses; the puzzle is too large to ground in memory (raise the limit with --max-clauses N)",
            reader.model.0, reader.clauses_per_cell
        ),
    };
    Err(crate::Error::bad_input(format!("{name}: {estimate}")))
}

/// Every reader.
pub static READERS: &[Reader] = &[
    Reader {
        format: "submarines",
        extensions: &["submarines"],
        model: ("submarines.qp", include_str!("../../../../models/submarines.qp")),
        data: &submarines::DATA,
        convert: |name, text| Ok(submarines::Submarines::read(name, text)?.to_data()),
        convert_numbers: None,
        write: |facts| Ok(submarines::Submarines::from_facts(facts)?.write()),
        clauses_per_cell: 3,
    },
    Reader {
        format: "ashes",
        extensions: &["ashes"],
        model: ("ashes.qp", include_str!("../../../../models/ashes.qp")),
        data: &ashes::DATA,
        convert: |name, text| Ok(ashes::Ashes::read(name, text)?.to_data()),
        convert_numbers: None,
        write: |facts| Ok(ashes::Ashes::from_facts(facts)?.write()),
        clauses_per_cell: 200,
    },
    Reader {
        format: "minesweeper",
        extensions: &["mines"],
        model: ("minesweeper.qp", include_str!("../../../../models/minesweeper.qp")),
        data: &minesweeper::DATA,
        convert: |name, text| Ok(minesweeper::Minesweeper::read(name, text)?.to_data()),
        convert_numbers: None,
        write: |facts| Ok(minesweeper::Minesweeper::from_facts(facts)?.write()),
        clauses_per_cell: 12,
    },
    Reader {
        format: "lightsout",
        extensions: &["lights"],
        model: ("lightsout.qp", include_str!("../../../../models/lightsout.qp")),
        data: &lightsout::DATA,
        convert: |name, text| Ok(lightsout::LightsOut::read(name, text)?.to_data()),
        convert_numbers: None,
        write: |facts| Ok(lightsout::LightsOut::from_facts(facts)?.write()),
        clauses_per_cell: 40,
    },
    Reader {
        format: "battleships",
        extensions: &["ships"],
        model: ("battleships.qp", include_str!("../../../../models/battleships.qp")),
        data: &battleships::DATA,
        convert: |name, text| Ok(battleships::Battleships::read(name, text)?.to_data()),
        convert_numbers: None,
        write: |facts| Ok(battleships::Battleships::from_facts(facts)?.write()),
        clauses_per_cell: 20,
    },
    Reader {
        format: "non",
        extensions: &["non"],
        model: ("nonogram.qp", include_str!("../../../../models/nonogram.qp")),
        data: &non::DATA,
        convert: |name, text| Ok(non::read_non(name, text)?.to_data()),
        convert_numbers: Some(|name, text| {
            let puzzle = non::read_non(name, text)?;
            Ok((puzzle.to_data(), puzzle.to_numbers()))
        }),
        write: |facts| Ok(non::Nonogram::from_facts(facts)?.write()),
        clauses_per_cell: 0,
    },
    Reader {
        format: "zebra",
        extensions: &["zebra"],
        model: ("sherlock.qp", include_str!("../../../../models/sherlock.qp")),
        data: &zebra::DATA,
        convert: |name, text| Ok(zebra::read_zebra(name, text)?.to_data()),
        convert_numbers: None,
        write: |facts| Ok(zebra::Zebra::from_facts(facts)?.write()),
        clauses_per_cell: 0,
    },
];

impl Reader {
    /// What the reader reads, for messages: `a .non file`, or `a puzz.link URL` for a reader
    /// without extensions (the URL readers).
    pub fn written_as(&self) -> String {
        match self.extensions.first() {
            Some(ext) => format!("a .{ext} file"),
            None => "a puzz.link URL".to_string(),
        }
    }

    /// The data for the model of the file (`name`, `text`): its text, and the same as numbers
    /// when the reader builds them.
    pub fn read(&self, name: &str, text: &str) -> Result<(String, Option<NumberData>), InputError> {
        match self.convert_numbers {
            Some(convert) => convert(name, text).map(|(data, numbers)| (data, Some(numbers))),
            None => (self.convert)(name, text).map(|data| (data, None)),
        }
    }
}

/// The reader with this `--format` name.
pub fn by_format(format: &str) -> Option<&'static Reader> {
    READERS.iter().find(|r| r.format == format)
}

/// The reader that a file's extension selects.
pub fn by_extension(file: &str) -> Option<&'static Reader> {
    let ext = std::path::Path::new(file).extension()?.to_str()?;
    READERS.iter().find(|r| r.extensions.contains(&ext))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use wgrnd_lang::{load, GroundOptions, PredKind, Source};

    use super::*;

    /// The fixtures of a reader: every file of `fixtures/` its extensions select.
    fn fixtures(reader: &Reader) -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut files: Vec<_> = ["seed002", "nonogram", "zebra"]
            .iter()
            .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap().map(|e| e.unwrap().path()))
            .filter(|p| by_extension(&p.to_string_lossy()).is_some_and(|r| std::ptr::eq(r, reader)))
            .collect();
        files.sort();
        files
    }

    /// The names a line kind (`param`, `domain`) of the data declares.
    fn declared<'a>(data: &'a str, word: &str) -> BTreeSet<&'a str> {
        data.lines()
            .filter_map(|l| l.strip_prefix(word)?.strip_prefix(' '))
            .filter_map(|l| l.split(['=', ' ']).next())
            .collect()
    }

    /// Every reader's data, for every fixture of its format, reads with its bundled model and
    /// names only what its contract names; the contract names only what the model declares (each
    /// fact an input predicate with that many arguments), and every input predicate of the model
    /// is written by the reader or left to the model by name. The first fixture of each format is
    /// grounded too. A predicate, parameter or domain renamed on one side only fails here.
    #[test]
    fn every_reader_keeps_its_contract_with_its_model() {
        for reader in READERS {
            let contract = reader.data;
            assert_eq!(reader.model.0, contract.model, "{}: the contract names its model", reader.format);
            let files = fixtures(reader);
            assert!(!files.is_empty(), "{}: no fixture in fixtures/", reader.format);
            for (i, file) in files.iter().enumerate() {
                let name = file.to_string_lossy().into_owned();
                let data = (reader.convert)(&name, &std::fs::read_to_string(file).unwrap()).unwrap();
                let at = format!("{} ({name})", reader.format);
                let model = load(
                    &Source::new(reader.model.0, reader.model.1),
                    Some(&Source::new(name.clone(), data.clone())),
                    &[],
                )
                .unwrap_or_else(|e| panic!("{at}: the data does not read with its model:\n{}", e.render()));
                let params: BTreeSet<&str> = model.params.iter().map(|(n, _)| n.as_str()).collect();
                let domains: BTreeSet<&str> = model.domains.iter().map(|d| d.name.as_str()).collect();
                // Input predicates whose facts the model itself writes (tuple domains).
                let alone = load(&Source::new(reader.model.0, reader.model.1), None, &[])
                    .unwrap_or_else(|e| panic!("{at}: the model does not read alone:\n{}", e.render()));
                let own: BTreeSet<&str> = alone
                    .preds
                    .iter()
                    .filter(|p| matches!(&p.kind, PredKind::Input(facts) if !facts.is_empty()))
                    .map(|p| p.name.as_str())
                    .collect();
                for (word, written, contracted, declared_by_model) in [
                    ("param", declared(&data, "param"), contract.params, &params),
                    ("domain", declared(&data, "domain"), contract.domains, &domains),
                ] {
                    for n in &written {
                        assert!(contracted.contains(n), "{at}: {word} {n} is written but not in the contract");
                    }
                    for n in contracted {
                        assert!(declared_by_model.contains(n), "{at}: the model declares no {word} {n}");
                    }
                }
                let inputs: Vec<(&str, usize, bool)> = model
                    .preds
                    .iter()
                    .filter_map(|p| match &p.kind {
                        // A tuple domain's membership predicate is the model's own, not data.
                        PredKind::Input(_) if own.contains(p.name.as_str()) => None,
                        PredKind::Input(facts) => Some((p.name.as_str(), p.args.len(), !facts.is_empty())),
                        _ => None,
                    })
                    .collect();
                for &(n, arity) in contract.facts {
                    assert!(
                        inputs.iter().any(|&(m, a, _)| (m, a) == (n, arity)),
                        "{at}: the model declares no input predicate {n} of {arity} argument(s)"
                    );
                }
                for &(n, _, given) in &inputs {
                    let written = contract.facts.iter().any(|&(m, _)| m == n);
                    let left = contract.left_to_model.contains(&n);
                    assert!(written || left, "{at}: input predicate {n} is neither written nor left to the model");
                    assert!(!(given && left), "{at}: {n} is left to the model, yet the data gives facts of it");
                }
                for n in contract.left_to_model {
                    assert!(inputs.iter().any(|&(m, _, _)| m == *n), "{at}: the model has no input predicate {n}");
                }
                if i == 0 {
                    if let Err(e) = wgrnd_lang::ground(&model, &GroundOptions::default()) {
                        panic!("{at}: does not ground:\n{}", e.render());
                    }
                }
            }
        }
    }

    /// A reader's data as numbers makes the same program as its text, for every fixture of every
    /// reader that builds numbers: the same parameters, domains, facts of each predicate,
    /// statements, shown predicates, warnings and hash (numbers handed on that differ from the
    /// text, or that the model does not take, fail here rather than fall back to the text).
    #[test]
    fn every_reader_s_numbers_make_the_program_its_text_makes() {
        let mut readers = 0;
        for reader in READERS.iter().filter(|r| r.convert_numbers.is_some()) {
            readers += 1;
            let mut inputs: Vec<(String, String)> = fixtures(reader)
                .iter()
                .map(|f| (f.to_string_lossy().into_owned(), std::fs::read_to_string(f).unwrap()))
                .collect();
            assert!(!inputs.is_empty(), "{}: no fixture", reader.format);
            if reader.format == "non" {
                // A posed puzzle (no fixture is one): a withheld clue `?` and revealed cells.
                let posed = "width 3\nheight 3\nrows\n?\n1,1\n3\ncolumns\n2\n1\n?\ngiven 1 2 0\ngiven 3 3 1\n";
                inputs.push(("posed.non".into(), posed.into()));
            }
            for (name, content) in inputs {
                let (text, numbers) = reader.read(&name, &content).unwrap();
                let (model, data) = (Source::new(reader.model.0, reader.model.1), Source::new(name.clone(), text));
                let from_text = load(&model, Some(&data), &[]).unwrap();
                let numbers = numbers.expect("the reader builds numbers");
                let from_numbers = wgrnd_lang::load_numbers(&model, &data, &numbers, &[])
                    .unwrap_or_else(|e| panic!("{name}: the numbers do not fit the model:\n{}", e.render()));
                let (a, b) = (&from_text, &from_numbers);
                assert_eq!(a.params, b.params, "{name}: parameters");
                assert_eq!(a.hash, b.hash, "{name}: hash");
                assert_eq!(a.warnings(), b.warnings(), "{name}: warnings");
                assert_eq!(a.shown, b.shown, "{name}: shown predicates");
                assert_eq!(a.symbols, b.symbols, "{name}: symbols");
                let domains = |p: &wgrnd_lang::Program| -> Vec<_> {
                    p.domains.iter().map(|d| (d.name.clone(), d.values.clone(), d.parent)).collect()
                };
                assert_eq!(domains(a), domains(b), "{name}: domains");
                assert_eq!(a.preds.len(), b.preds.len(), "{name}: predicates");
                for (p, q) in a.preds.iter().zip(&b.preds) {
                    assert_eq!((&p.name, &p.args, p.clue), (&q.name, &q.args, q.clue), "{name}: predicate");
                    match (&p.kind, &q.kind) {
                        (PredKind::Input(x), PredKind::Input(y)) => assert_eq!(x, y, "{name}: facts of {}", p.name),
                        (x, y) => assert_eq!(format!("{x:?}"), format!("{y:?}"), "{name}: {}", p.name),
                    }
                }
                assert_eq!(format!("{:?}", a.stmts), format!("{:?}", b.stmts), "{name}: statements");
                assert!(
                    a.preds.iter().any(|p| matches!(&p.kind, PredKind::Input(f) if !f.is_empty())),
                    "{name}: no facts"
                );
                if name == "posed.non" {
                    let facts = |pred: &str| match &a.preds.iter().find(|p| p.name == pred).unwrap().kind {
                        PredKind::Input(f) => f.len(),
                        _ => 0,
                    };
                    // Two revealed cells; the clues of every line but the two withheld.
                    assert_eq!((facts("given"), facts("rowclue"), facts("colclue")), (2, 2, 2), "{name}");
                }
            }
        }
        assert!(readers > 0, "no reader builds numbers");
    }

    /// Every fixture of every format, read into its model and written back in its format by the
    /// format's writer, reads again with the same clue facts (`write` reads it back and compares),
    /// ends with a newline, and holds no fact of the model (it is the format, not data).
    #[test]
    fn every_reader_writes_its_fixtures_back_in_its_format() {
        use crate::Pose;
        for reader in READERS {
            for file in fixtures(reader) {
                let path = file.to_string_lossy().into_owned();
                let loaded = crate::registry::load(&path, None, &crate::RawOptions::default()).unwrap();
                let crate::registry::Loaded::Model(m) = loaded else { panic!("{path}: not read as a model") };
                let text = m.write(reader.extensions.first().copied()).unwrap_or_else(|e| panic!("{path}: {e}"));
                assert!(text.ends_with('\n'), "{path}: no final newline");
                assert!(!text.lines().any(|l| l.trim_end().ends_with(").")), "{path}: data, not the format:\n{text}");
                let data = m.write(Some("qpd")).unwrap();
                assert!(data.starts_with("% data for"), "{path}: -o FILE.qpd is data for the model:\n{data}");
            }
        }
    }
}
