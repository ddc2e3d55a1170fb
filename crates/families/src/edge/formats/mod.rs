//! Readers and writers of puzzle and placement files. Each format converts to the model's one
//! convention here, at the edge; nothing past this module knows which file a puzzle came from.

mod art;
mod lists;
mod native;
mod solution;
mod witch;

use std::path::Path;

pub use crate::models::data::{DataContract, Facts, Unwritable};
pub use crate::packing::format::{
    is_packing, read_packing, read_packing_solution, write_packing, write_packing_solution, PACKING_WORDS,
};
pub use art::{is_art, read_art_puzzle};
pub use lists::write_puz;
pub use native::write_native;
pub use solution::{read_solution, sniff_solution, write_sol, PlacementRecord, SolutionFormat};
pub use witch::SEED_SUM;

use crate::edge::builder::PuzzleBuilder;
use crate::edge::model::{MatchRule, Puzzle};
use wgrnd_sat::InputError;
use wgrnd_sat::{display_name, read_text};

/// The puzzle formats wgrnd reads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PuzzleFormat {
    /// wgrnd's own `.wgrnd` format.
    Native,
    /// board-suite `.puz`: `<cols> [rows]` header, pieces north east south west, 0 = frame.
    Puz,
    /// Heule's benchmarks: hint count, hints, pieces north east south west, 0 = frame.
    Heule,
    /// A headerless list of pieces north east south west, 0 = frame (e.g. an e2pieces list).
    Pieces,
    /// The witch table of seed 000 (LPL `a{d,k} := [...]` or a bare four-line table).
    Witch,
    /// Four squares (seed 004): edges counterclockwise from the right.
    FourSquares,
    /// Box art (seed 004's drawing, wgrnd's `--view art`): pieces drawn apart, or one drawn board.
    Art,
}

impl PuzzleFormat {
    /// The format a file extension names, if it names one.
    pub fn from_extension(path: &str) -> Option<PuzzleFormat> {
        match Path::new(path).extension()?.to_str()? {
            "wgrnd" => Some(PuzzleFormat::Native),
            "puz" => Some(PuzzleFormat::Puz),
            "lpl" => Some(PuzzleFormat::Witch),
            "heule" => Some(PuzzleFormat::Heule),
            "fsq" => Some(PuzzleFormat::FourSquares),
            "art" => Some(PuzzleFormat::Art),
            _ => None,
        }
    }
}

/// How to read a puzzle file.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The format, when the user names it (otherwise: extension, then content).
    pub format: Option<PuzzleFormat>,
    /// Overrides the matching rule with "labels match when they sum to K" (the witch puzzle's K).
    pub sum: Option<i64>,
}

const NATIVE_WORDS: [&str; 8] = ["wgrnd-puzzle", "size", "match", "frame", "style", "name", "piece", "clue"];

/// Guesses the format from the content, where that is unambiguous.
pub(crate) fn sniff(text: &str) -> Result<PuzzleFormat, String> {
    if text.contains("a{d,k}") {
        return Ok(PuzzleFormat::Witch);
    }
    let data: Vec<&str> = crate::lex::lines(text).map(|(_, l)| l).filter(|l| !l.trim().is_empty()).collect();
    let Some(first) = data.first() else { return Err("an empty file".into()) };
    if first.trim_start().starts_with("+-") {
        return Ok(PuzzleFormat::Art);
    }
    let first_word = first.split_whitespace().next().unwrap_or("");
    if NATIVE_WORDS.contains(&first_word) || first_word.starts_with('#') {
        return Ok(PuzzleFormat::Native);
    }
    if data.iter().any(|l| l.trim_start().starts_with('c')) {
        return Ok(PuzzleFormat::Puz);
    }
    let counts: Vec<usize> = data.iter().map(|l| l.split_whitespace().count()).collect();
    // A witch table: four rows of one number per block (a header row without numbers allowed).
    let numeric: Vec<&&str> =
        data.iter().filter(|l| l.split_whitespace().any(|w| crate::lex::integer(w).is_some())).collect();
    if numeric.len() == 4 && numeric.iter().all(|l| l.split_whitespace().count() >= 5) {
        return Ok(PuzzleFormat::Witch);
    }
    let rest_are_pieces = counts[1..].iter().all(|&c| c == 4);
    match counts[0] {
        2 if rest_are_pieces => return Ok(PuzzleFormat::Puz),
        1 => {
            let n: usize = first.trim().parse().unwrap_or(usize::MAX);
            // `.puz` with one header number n has n * n pieces; Heule's first line is a hint count.
            let pieces = data.len() - 1;
            return Ok(if n.checked_mul(n) == Some(pieces) && n > 0 { PuzzleFormat::Puz } else { PuzzleFormat::Heule });
        }
        4 if counts.iter().all(|&c| c == 4) => {
            let framed = data.iter().any(|l| l.split_whitespace().any(|w| w == "0"));
            // Without frame labels a plain list cannot say its board size: only four squares fits.
            return Ok(if framed { PuzzleFormat::Pieces } else { PuzzleFormat::FourSquares });
        }
        _ => {}
    }
    Err("no known layout".into())
}

/// Reads a puzzle from its text.
pub fn read_puzzle(file: &str, text: &str, opts: &ReadOptions) -> Result<Puzzle, InputError> {
    let format = match opts.format.or_else(|| PuzzleFormat::from_extension(file)) {
        Some(f) => f,
        None => sniff(text).map_err(|found| {
            InputError::whole(
                file,
                found,
                "a puzzle in a known format (.wgrnd, .puz, Heule's .txt, a piece list, a witch table, four squares, box art); name it with --format",
            )
        })?,
    };
    let puzzle = match format {
        PuzzleFormat::Native => native::read_native(file, text),
        PuzzleFormat::Puz => lists::read_puz(file, text),
        PuzzleFormat::Heule => lists::read_heule(file, text),
        PuzzleFormat::Pieces => lists::read_pieces(file, text),
        PuzzleFormat::Witch => witch::read_witch(file, text, opts.sum),
        PuzzleFormat::FourSquares => lists::read_foursquares(file, text),
        PuzzleFormat::Art => read_art_puzzle(file, text),
    }?;
    match opts.sum {
        Some(k) if puzzle.rule != MatchRule::Sum(k) => with_rule(file, puzzle, MatchRule::Sum(k)),
        _ => Ok(puzzle),
    }
}

/// The same puzzle under another matching rule, validated again.
fn with_rule(file: &str, p: Puzzle, rule: MatchRule) -> Result<Puzzle, InputError> {
    let mut b = PuzzleBuilder::new(file);
    b.name(&p.name).size(p.rows, p.cols, 0).rule(rule, 0).style(p.style);
    b.frame(p.frame.map(|f| p.label_name(f)), 0);
    for piece in &p.pieces {
        b.piece(piece.map(|l| p.label_name(l).to_string()), 0);
    }
    for &c in &p.clues {
        b.clue(c, 0);
    }
    b.build()
}

/// Reads a puzzle file (or standard input for `-`).
pub fn load_puzzle(path: &str, opts: &ReadOptions) -> Result<Puzzle, InputError> {
    let text = read_text(path)?;
    read_puzzle(&display_name(path), &text, opts)
}
