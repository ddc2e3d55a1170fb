//! Seed 002's grid families (submarines, Laplace's ashes, minesweeper, lights out, battleships):
//! each read from its exchanged format into its bundled model (models/*.qp), the seed's instances
//! solved and drawn, bad input refused with file and line, and counts compared on random small
//! instances with an oracle written here without any wgrnd crate (Gale–Ryser and the chain test,
//! exact rational elimination, GF(2) elimination, brute force).

mod ashes;
mod battleships;
mod lightsout;
mod lightsout_parity;
pub(crate) mod minesweeper;
mod submarines;

use wgrnd_engine::count::Limits;
use wgrnd_families::{models::readers, CountUnit, Family, QpropModel, RawOptions};
use wgrnd_lang::{IntEncoding, Source};
use wgrnd_sat::solver::SolverSpec;

use crate::{code, fixture, stderr, stdout, wgrnd};

/// The number of solutions of `text` read in `format`, counted through the library (every
/// solution checked by the model's checker), with integers in `ints`.
fn count(format: &str, text: &str, ints: IntEncoding) -> u64 {
    let reader = readers::by_format(format).expect("a reader");
    let data = (reader.convert)("random", text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    count_model(&Source::new(reader.model.0, reader.model.1), &data, ints)
}

/// The number of solutions of `model` on `data` (see [`count`]).
fn count_model(model: &Source, data: &str, ints: IntEncoding) -> u64 {
    let text = data;
    let raw = RawOptions { count: Some(CountUnit::None), ints: Some(ints), ..RawOptions::default() };
    let model =
        QpropModel::new(model, Some(&Source::new("random", data)), &raw).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let g = model.ground().unwrap();
    let c = wgrnd_engine::count::count(&model, &g, &SolverSpec::Builtin, &Limits::default(), CountUnit::None, |_| {})
        .unwrap();
    assert!(c.complete(), "{text}");
    c.count
}

/// A small deterministic generator (xorshift64*) for the random instances.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number in `lo..=hi`.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// `wgrnd ARGS`: its exit code and standard output.
fn run(args: &[&str]) -> (i32, String) {
    let out = wgrnd(args, None);
    (code(&out), stdout(&out))
}

/// The fixture under fixtures/seed002/.
fn seed002(name: &str) -> String {
    fixture(&format!("seed002/{name}"))
}

/// The count line's number and exit code of `wgrnd count FILE`.
fn counted(file: &str) -> (u64, i32) {
    let (c, out) = run(&["count", file]);
    let n = out.split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{file}: {out}"));
    (n, c)
}

/// The text picture of the solution of `file` (`solve --view grid`), which must be solved.
fn picture(file: &str) -> String {
    let (c, out) = run(&["solve", file, "--view", "grid"]);
    assert_eq!(c, 10, "{file}: {out}");
    out
}

/// The SVG picture of the solution of `file` (`solve --view svg`), checked to be one document
/// that resvg reads.
fn svg(file: &str) -> String {
    let (c, out) = run(&["solve", file, "--view", "svg"]);
    assert_eq!(c, 10, "{file}: {out}");
    assert!(out.starts_with("<svg ") && out.ends_with("</svg>\n"), "{out}");
    resvg::usvg::Tree::from_str(&out, &resvg::usvg::Options::default()).expect("a valid SVG");
    out
}

/// `text` written to a file named `name` in a fresh directory, run with `wgrnd count`: it must be
/// refused as bad input (exit 2) with a message naming the file and `line` (0: the file as a
/// whole), and containing `says`.
fn refused(name: &str, text: &str, line: usize, says: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    let out = wgrnd(&["count", path.to_str().unwrap()], None);
    let err = stderr(&out);
    assert_eq!(code(&out), 2, "{name}: {err}");
    let at = if line == 0 { format!("{name}: found") } else { format!("{name}:{line}") };
    assert!(err.contains(&at), "{name}: no `{at}` in: {err}");
    assert!(err.contains(says), "{name}: `{says}` not in: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Each format is chosen by `--format NAME` as well as by its extension, and names its reader.
#[test]
fn formats_by_name_and_extension() {
    let dir = tempfile::tempdir().unwrap();
    for (format, fixture, want) in [
        ("submarines", "one.submarines", 10),
        ("ashes", "signed.ashes", 10),
        ("minesweeper", "first-click.mines", 12),
        ("lightsout", "all-on.lights", 12),
        ("battleships", "fleet.ships", 10),
    ] {
        let reader = readers::by_format(format).expect("a reader of that name");
        assert_eq!(readers::by_extension(fixture).map(|r| r.format), Some(format));
        assert!(reader.model.1.contains("clue pred"), "{format}: its model declares its clues");
        let path = dir.path().join(format!("{format}.txt"));
        std::fs::copy(seed002(fixture), &path).unwrap();
        let (c, out) = run(&["count", "--format", format, path.to_str().unwrap(), "--max", "2"]);
        assert_eq!(c, want, "{format}: {out}");
    }
}
