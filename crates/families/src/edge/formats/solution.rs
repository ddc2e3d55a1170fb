//! Placement files: solutions and clue lists, each converted to [`Placement`] at this edge.
//!
//! * `.sol` / `.clue` (board-suite): `<piece> <col> <row> <rot>` per line, all 0-based, rotation in
//!   counterclockwise quarter turns;
//! * the witch words of seed 000: `Place the block 9 at (1,1) with rotation 2` (1-based; rotation
//!   d = 1..4 means d - 1 counterclockwise quarter turns), any number per line;
//! * wgrnd's JSON (`"placements": [{"row":1,"col":1,"piece":9,"rotation":1}, ...]`, 1-based
//!   row, column and piece, rotation in counterclockwise quarter turns);
//! * box art: a drawn board (seed 004's second drawing, wgrnd's `--view art`), each drawn square
//!   matched to a piece and a rotation (see `art.rs`).

use std::fmt::Write as _;

use nom::bytes::complete::tag;
use nom::character::complete::{char, multispace0, multispace1, u64 as number};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use serde::{Deserialize, Serialize};

use crate::{
    lex,
    lex::{ints, lines, position},
};
pub use wgrnd_seam::SolutionFormat;

use crate::edge::model::{Placement, Puzzle};
use wgrnd_sat::InputError;

/// One placement as wgrnd's JSON writes it: 1-based row, column and piece; rotation in
/// counterclockwise quarter turns 0..3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacementRecord {
    /// Row from the top, from 1.
    pub row: usize,
    /// Column from the left, from 1.
    pub col: usize,
    /// Piece in file order, from 1.
    pub piece: usize,
    /// Counterclockwise quarter turns, 0..3.
    pub rotation: u8,
}

impl From<Placement> for PlacementRecord {
    fn from(p: Placement) -> Self {
        PlacementRecord { row: p.row + 1, col: p.col + 1, piece: p.piece + 1, rotation: p.rotation }
    }
}

#[derive(Deserialize)]
struct JsonSolution {
    placements: Vec<PlacementRecord>,
}

/// Guesses the format of a placement file from its content (JSON, witch words, box art, else `.sol`).
pub fn sniff_solution(text: &str) -> SolutionFormat {
    let t = text.trim_start();
    if t.starts_with('{') {
        SolutionFormat::Json
    } else if t.contains("Place the block") {
        SolutionFormat::Witch
    } else if crate::edge::formats::is_art(text) {
        SolutionFormat::Art
    } else {
        SolutionFormat::Sol
    }
}

/// Reads placements for `puzzle`; checks only that they name real squares, pieces and rotations
/// (whether they solve the puzzle is the checker's business).
pub fn read_solution(
    file: &str,
    text: &str,
    puzzle: &Puzzle,
    format: Option<SolutionFormat>,
) -> Result<Vec<Placement>, InputError> {
    let format = format.unwrap_or_else(|| sniff_solution(text));
    let found: Vec<(usize, Placement)> = match format {
        SolutionFormat::Sol => read_sol(file, text)?,
        SolutionFormat::Witch => read_witch_words(file, text)?,
        SolutionFormat::Json => read_json(file, text)?,
        SolutionFormat::Art => crate::edge::formats::art::read_art_solution(file, text, puzzle)?,
    };
    let one = |i: usize| i + 1;
    for &(line, p) in &found {
        let err = |found: String, expected: String| {
            if line == 0 {
                InputError::whole(file, found, expected)
            } else {
                InputError::at(file, line, lex::indent_col(text, line), found, expected)
            }
        };
        if p.row >= puzzle.rows || p.col >= puzzle.cols {
            return Err(err(
                format!("square ({},{})", one(p.row), one(p.col)),
                format!("a square of the {} x {} board", puzzle.rows, puzzle.cols),
            ));
        }
        if p.piece >= puzzle.pieces.len() {
            return Err(err(format!("piece {}", one(p.piece)), format!("a piece from 1 to {}", puzzle.pieces.len())));
        }
        if p.rotation > 3 {
            return Err(err(format!("rotation {}", p.rotation), "a rotation from 0 to 3".into()));
        }
    }
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

fn read_sol(file: &str, text: &str) -> Result<Vec<(usize, Placement)>, InputError> {
    let mut out = Vec::new();
    for (no, line) in lines(text) {
        let t = line.trim_start();
        if t.is_empty() || t.starts_with('c') || t.starts_with('#') {
            continue;
        }
        let v = ints(file, no, line, 4, "`<piece> <col> <row> <rot>`, 0-based, rotation counterclockwise")?;
        out.push((
            no,
            Placement {
                piece: lex::non_negative(file, no, lex::word_col(line, 0), v[0], "piece index")?,
                col: lex::non_negative(file, no, lex::word_col(line, 1), v[1], "column")?,
                row: lex::non_negative(file, no, lex::word_col(line, 2), v[2], "row")?,
                rotation: lex::rotation(file, no, lex::word_col(line, 3), v[3], 0)?,
            },
        ));
    }
    Ok(out)
}

/// `Place the block K at (I,J) with rotation D`.
fn witch_sentence(i: &str) -> IResult<&str, (u64, u64, u64, u64)> {
    let (i, _) = (tag("Place"), multispace1, tag("the"), multispace1, tag("block"), multispace1).parse(i)?;
    let (i, k) = number(i)?;
    let (i, _) = (multispace1, tag("at"), multispace0).parse(i)?;
    let (i, (r, c)) = delimited(
        char('('),
        (delimited(multispace0, number, multispace0), preceded(char(','), delimited(multispace0, number, multispace0))),
        char(')'),
    )
    .parse(i)?;
    let (i, _) = (multispace1, tag("with"), multispace1, tag("rotation"), multispace1).parse(i)?;
    let (i, d) = number(i)?;
    Ok((i, (k, r, c, d)))
}

fn read_witch_words(file: &str, text: &str) -> Result<Vec<(usize, Placement)>, InputError> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("Place") {
        let offset = text.len() - rest.len() + start;
        let (line, col) = position(text, offset);
        match witch_sentence(&rest[start..]) {
            Ok((after, (k, r, c, d))) => {
                let at = |v: u64, what: &str| -> Result<usize, InputError> {
                    lex::one_based(file, line, col, v as i64, what)
                };
                out.push((
                    line,
                    Placement {
                        piece: at(k, "block")?,
                        row: at(r, "row")?,
                        col: at(c, "column")?,
                        rotation: lex::rotation(file, line, col, d as i64, 1)?,
                    },
                ));
                rest = after;
            }
            Err(_) => {
                let snippet: String = rest[start..].chars().take(40).take_while(|&c| c != '\n').collect();
                return Err(InputError::at(
                    file,
                    line,
                    col,
                    format!("`{snippet}`"),
                    "`Place the block K at (I,J) with rotation D`",
                ));
            }
        }
    }
    Ok(out)
}

fn read_json(file: &str, text: &str) -> Result<Vec<(usize, Placement)>, InputError> {
    let parsed: JsonSolution = serde_json::from_str(text).map_err(|e| {
        InputError::at(file, e.line().max(1), e.column().max(1), e.to_string(), "wgrnd's JSON with a `placements` list")
    })?;
    parsed
        .placements
        .into_iter()
        .map(|r| {
            let idx = |v: usize, what: &str| -> Result<usize, InputError> {
                v.checked_sub(1)
                    .ok_or_else(|| InputError::whole(file, format!("{what} 0"), format!("a {what} numbered from 1")))
            };
            Ok((
                0,
                Placement {
                    row: idx(r.row, "row")?,
                    col: idx(r.col, "column")?,
                    piece: idx(r.piece, "piece")?,
                    rotation: r.rotation,
                },
            ))
        })
        .collect()
}

/// Writes placements as a board-suite `.sol` file (0-based, counterclockwise), in board order.
pub fn write_sol(placements: &[Placement]) -> String {
    let mut sorted = placements.to_vec();
    sorted.sort_by_key(|p| (p.row, p.col));
    let mut s = String::new();
    for p in sorted {
        let _ = writeln!(s, "{} {} {} {}", p.piece, p.col, p.row, p.rotation);
    }
    s
}
