//! Line and token helpers shared by the line-oriented readers: 1-based line numbers and columns,
//! integer fields with errors that say where and what.

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{all_consuming, opt, recognize};
use nom::multi::many0;
use nom::sequence::{pair, preceded, terminated};
use nom::{IResult, Parser};

use wgrnd_sat::InputError;

/// The lines of a text with their 1-based numbers (a trailing `\r` removed).
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
}

/// Number of the last line of a text (0 for an empty text).
pub fn last_line(text: &str) -> usize {
    text.lines().count()
}

/// A whitespace-separated word with its 1-based column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    /// 1-based column of its first character.
    pub col: usize,
    /// The word.
    pub text: &'a str,
}

fn word(input: &str) -> IResult<&str, &str> {
    preceded(space0, take_while1(|c: char| !c.is_whitespace())).parse(input)
}

/// The words of a line, with columns counted in characters from 1.
pub fn words(line: &str) -> Vec<Word<'_>> {
    let (_, found) = terminated(many0(word), space0).parse(line).unwrap_or((line, Vec::new()));
    found
        .into_iter()
        .map(|w| Word { col: line[..(w.as_ptr() as usize - line.as_ptr() as usize)].chars().count() + 1, text: w })
        .collect()
}

/// Parses a whole word as a (possibly signed) integer.
pub fn integer(text: &str) -> Option<i64> {
    let parsed: IResult<&str, &str> = all_consuming(recognize(pair(opt(char('-')), digit1))).parse(text);
    parsed.ok().and_then(|(_, s)| s.parse().ok())
}

/// Quotes a word for a message, shortening very long ones.
pub fn shown(text: &str) -> String {
    if text.chars().count() > 24 {
        format!("`{}...`", text.chars().take(24).collect::<String>())
    } else {
        format!("`{text}`")
    }
}

/// Reads the line as exactly `n` integers, or says where it is not.
pub fn ints(file: &str, lineno: usize, line: &str, n: usize, what: &str) -> Result<Vec<i64>, InputError> {
    let ws = words(line);
    let mut out = Vec::with_capacity(n);
    for (i, w) in ws.iter().enumerate() {
        if i == n {
            return Err(InputError::at(
                file,
                lineno,
                w.col,
                format!("an extra field {}", shown(w.text)),
                format!("{n} fields: {what}"),
            ));
        }
        match integer(w.text) {
            Some(v) => out.push(v),
            None => {
                return Err(InputError::at(
                    file,
                    lineno,
                    w.col,
                    format!("{} (not a whole number)", shown(w.text)),
                    format!("{n} whole numbers: {what}"),
                ))
            }
        }
    }
    if out.len() < n {
        return Err(InputError::at(
            file,
            lineno,
            line.trim_end().chars().count() + 1,
            format!("{} field{} (the line ends)", out.len(), if out.len() == 1 { "" } else { "s" }),
            format!("{n} whole numbers: {what}"),
        ));
    }
    Ok(out)
}

/// The 1-based column of the `k`-th word of a line (the line's end when it has fewer words).
pub fn word_col(line: &str, k: usize) -> usize {
    words(line).get(k).map_or(line.trim_end().chars().count() + 1, |w| w.col)
}

/// The 1-based column of the first non-blank character of line `line` (1-based) of `text`: where
/// an error about the line as a whole points.
pub fn indent_col(text: &str, line: usize) -> usize {
    text.lines().nth(line.saturating_sub(1)).map_or(1, |l| 1 + l.chars().take_while(|c| c.is_whitespace()).count())
}

/// Turns a non-negative integer into an index, or an error at the line and column.
pub fn non_negative(file: &str, lineno: usize, col: usize, v: i64, what: &str) -> Result<usize, InputError> {
    usize::try_from(v)
        .map_err(|_| InputError::at(file, lineno, col, format!("{what} {v}"), format!("a non-negative {what}")))
}

/// Turns a 1-based number into a 0-based index, or an error at the line.
pub fn one_based(file: &str, lineno: usize, col: usize, v: i64, what: &str) -> Result<usize, InputError> {
    if v >= 1 {
        Ok((v - 1) as usize)
    } else {
        Err(InputError::at(file, lineno, col, format!("{what} {v}"), format!("a {what} numbered from 1")))
    }
}

/// A rotation 0..=3, or an error at the line.
pub fn rotation(file: &str, lineno: usize, col: usize, v: i64, lo: i64) -> Result<u8, InputError> {
    if (lo..lo + 4).contains(&v) {
        Ok((v - lo) as u8)
    } else {
        Err(InputError::at(file, lineno, col, format!("rotation {v}"), format!("a rotation from {lo} to {}", lo + 3)))
    }
}

/// Whether the text looks like a `.puz` comment or blank line.
pub fn is_puz_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('c')
}

/// The line and 1-based column of a byte offset in a text.
pub fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map(|s| s.chars().count()).unwrap_or(0) + 1;
    (line, col)
}
