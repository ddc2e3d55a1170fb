//! The witch puzzle table of seed 000: `a{d,k}`, four rows (top, right, bottom, left: the edges
//! clockwise from the top) and one column per block k. Read either from LPL text
//! (`integer parameter a{d,k} "..." := [ ... ];`, with `/* ... */` comments) or as a bare table of
//! four lines (an optional leading word such as `top` is allowed, as in the seed's Table 1).
//! Two halves match when their numbers sum to K (9 in seed 000, or `--sum K`). The board is square.

use nom::bytes::complete::{is_not, tag};
use nom::character::complete::{char, multispace0};
use nom::combinator::opt;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use crate::edge::builder::PuzzleBuilder;
use crate::edge::model::{MatchRule, Puzzle, Style};
use crate::{
    lex,
    lex::{lines, position, shown, words},
};
use wgrnd_sat::InputError;

/// K of seed 000.
pub const SEED_SUM: i64 = 9;

/// Reads an LPL model or fragment, or a bare four-line table.
pub fn read_witch(file: &str, text: &str, sum: Option<i64>) -> Result<Puzzle, InputError> {
    let blanked = blank_comments(text);
    let columns = match blanked.find("a{d,k}") {
        Some(start) => lpl_table(file, text, &blanked, start)?,
        None => bare_table(file, text)?,
    };
    let blocks = columns.len();
    let side = (1..=blocks).find(|s| s * s >= blocks).unwrap_or(0);
    if blocks == 0 || side * side != blocks {
        return Err(InputError::whole(
            file,
            format!("a table of {blocks} blocks"),
            "a square number of blocks (9 for the 3 x 3 witch puzzle, 16 for 4 x 4, ...)",
        ));
    }
    let mut b = PuzzleBuilder::new(file);
    b.size(side, side, 0)
        .rule(MatchRule::Sum(sum.unwrap_or(SEED_SUM)), 0)
        .style(Style::Witch)
        .last_line(lex::last_line(text));
    for (line, edges) in columns {
        b.piece(edges.map(|v| v.to_string()), line);
    }
    b.build()
}

/// Replaces `/* ... */` comments by spaces, byte for byte, keeping newlines, so that offsets
/// into the result are offsets into the original text.
fn blank_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("*/").map(|e| start + e + 2).unwrap_or(rest.len());
        for c in rest[start..end].chars() {
            if c == '\n' {
                out.push('\n');
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn ws(i: &str) -> IResult<&str, &str> {
    multispace0.parse(i)
}

/// Parses `a{d,k} ["description"] := [ n n n ... ]` starting at `start`; returns one entry per
/// block: the line of its top number and its edges top, right, bottom, left.
fn lpl_table(file: &str, text: &str, blanked: &str, start: usize) -> Result<Vec<(usize, [i64; 4])>, InputError> {
    let at = |rest: &str, found: String, expected: &str| {
        let offset = blanked.len() - rest.len();
        let (line, col) = position(text, offset);
        InputError::at(file, line, col, found, expected)
    };
    let next_word = |rest: &str| -> String {
        let w = rest.split_whitespace().next().unwrap_or("");
        if w.is_empty() {
            "the end of the file".to_string()
        } else {
            shown(w)
        }
    };
    let input = &blanked[start..];
    let head: IResult<&str, _> =
        (tag("a{d,k}"), ws, opt(delimited(char('"'), opt(is_not("\"")), char('"'))), ws).parse(input);
    let (rest, _) = head.map_err(|_| at(input, next_word(input), "`a{d,k}`"))?;
    let assign: IResult<&str, _> = (tag(":="), ws, char('[')).parse(rest);
    let (mut rest, _) = assign.map_err(|_| at(rest, next_word(rest), "`:= [` and the table of numbers"))?;
    let mut numbers: Vec<(usize, i64)> = Vec::new();
    loop {
        let (after_ws, _) = ws(rest).unwrap_or((rest, ""));
        let close: IResult<&str, char> = preceded(ws, char(']')).parse(after_ws);
        if close.is_ok() {
            break;
        }
        let word_end = after_ws.find(|c: char| c.is_whitespace() || c == ']').unwrap_or(after_ws.len());
        let word = &after_ws[..word_end];
        match lex::integer(word) {
            Some(v) => {
                let (line, _) = position(text, blanked.len() - after_ws.len());
                numbers.push((line, v));
                rest = &after_ws[word_end..];
            }
            None => return Err(at(after_ws, next_word(after_ws), "a whole number of the table, or `]` to close it")),
        }
    }
    if numbers.is_empty() || !numbers.len().is_multiple_of(4) {
        let (line, col) = position(text, blanked.len() - rest.len());
        return Err(InputError::at(
            file,
            line,
            col,
            format!("{} numbers in the table", numbers.len()),
            "four rows (top, right, bottom, left) of one number per block",
        ));
    }
    let blocks = numbers.len() / 4;
    Ok((0..blocks).map(|k| (numbers[k].0, [0, 1, 2, 3].map(|d| numbers[d * blocks + k].1))).collect())
}

/// Four data lines, one per edge (top, right, bottom, left), one number per block.
fn bare_table(file: &str, text: &str) -> Result<Vec<(usize, [i64; 4])>, InputError> {
    let mut rows: Vec<(usize, Vec<i64>)> = Vec::new();
    for (no, line) in lines(text) {
        let ws = words(line);
        if ws.is_empty() || ws[0].text.starts_with('#') || ws.iter().all(|w| lex::integer(w.text).is_none()) {
            continue; // blank, comment, or a header such as `BLOCKS BL1 BL2 ...`
        }
        let skip = usize::from(lex::integer(ws[0].text).is_none());
        let mut row = Vec::new();
        for w in &ws[skip..] {
            match lex::integer(w.text) {
                Some(v) => row.push(v),
                None => {
                    return Err(InputError::at(
                        file,
                        no,
                        w.col,
                        format!("{} (not a whole number)", shown(w.text)),
                        "one whole number per block",
                    ))
                }
            }
        }
        if rows.len() == 4 {
            return Err(InputError::at(file, no, ws[0].col, "a fifth row", "four rows: top, right, bottom, left"));
        }
        if let Some((first_no, first)) = rows.first() {
            if first.len() != row.len() {
                // The first number too many, or the line's end when some are missing.
                let col = ws.get(skip + first.len()).map_or(line.trim_end().chars().count() + 1, |w| w.col);
                return Err(InputError::at(
                    file,
                    no,
                    col,
                    format!("{} numbers", row.len()),
                    format!("{} numbers, one per block, as on line {first_no}", first.len()),
                ));
            }
        }
        rows.push((no, row));
    }
    if rows.len() != 4 {
        return Err(InputError::at(
            file,
            lex::last_line(text).max(1),
            lex::indent_col(text, lex::last_line(text).max(1)),
            format!("{} rows (the file ends)", rows.len()),
            "four rows: top, right, bottom, left, one number per block",
        ));
    }
    let blocks = rows[0].1.len();
    Ok((0..blocks).map(|k| (rows[0].0, [0, 1, 2, 3].map(|d| rows[d].1[k]))).collect())
}
