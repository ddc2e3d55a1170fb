//! wgrnd's own puzzle format (`.wgrnd`), documented in `docs/formats.md`. It can say everything
//! the model can: board size, matching rule (equal, sum K, named pairs), frame label, pieces,
//! clues and the rendering style. One statement per line, `#` starts a comment.
//!
//! ```text
//! size 3 3              # rows columns
//! match sum 9           # or: match equal | match pairs puz:zle head:tail
//! frame none            # or: frame 0
//! style witch           # or: style grid
//! piece 3 6 6 1         # north east south west; pieces are numbered from 1 in file order
//! clue 1 1 9 1          # row column piece rotation (counterclockwise quarter turns 0..3)
//! ```

use std::fmt::Write as _;

use nom::bytes::complete::take_while1;
use nom::character::complete::char;
use nom::combinator::all_consuming;
use nom::sequence::separated_pair;
use nom::{IResult, Parser};

use crate::edge::builder::PuzzleBuilder;
use crate::edge::model::{Clue, MatchRule, Puzzle, Style};
use crate::{
    lex,
    lex::{lines, shown, words, Word},
};
use wgrnd_sat::InputError;

const STATEMENTS: &str = "a statement: size, match, frame, style, name, piece or clue";

fn is_label_char(c: char) -> bool {
    !c.is_whitespace() && c != ':' && c != '#'
}

/// `a:b` for a pair of complementary labels.
fn pair(text: &str) -> Option<(String, String)> {
    let parsed: IResult<&str, (&str, &str)> =
        all_consuming(separated_pair(take_while1(is_label_char), char(':'), take_while1(is_label_char))).parse(text);
    parsed.ok().map(|(_, (a, b))| (a.to_string(), b.to_string()))
}

/// Reads a `.wgrnd` puzzle.
pub fn read_native(file: &str, text: &str) -> Result<Puzzle, InputError> {
    let mut b = PuzzleBuilder::new(file);
    b.last_line(lex::last_line(text));
    let mut frame_seen = false;
    for (no, raw) in lines(text) {
        let line = raw.split('#').next().unwrap_or("");
        let ws = words(line);
        let Some(first) = ws.first() else { continue };
        let args = &ws[1..];
        let want = |n: usize, what: &str| -> Result<(), InputError> {
            if args.len() == n {
                Ok(())
            } else {
                let col = args.get(n).map(|w| w.col).unwrap_or(line.trim_end().chars().count() + 1);
                Err(InputError::at(
                    file,
                    no,
                    col,
                    format!("{} argument{} to `{}`", args.len(), if args.len() == 1 { "" } else { "s" }, first.text),
                    format!("`{} {what}`", first.text),
                ))
            }
        };
        let num = |w: &Word, what: &str| -> Result<i64, InputError> {
            lex::integer(w.text).ok_or_else(|| {
                InputError::at(file, no, w.col, format!("{} (not a whole number)", shown(w.text)), what.to_string())
            })
        };
        match first.text {
            "wgrnd-puzzle" => {}
            "name" => {
                let rest = line.trim_start()["name".len()..].trim();
                b.name(rest);
            }
            "size" => {
                want(2, "ROWS COLUMNS")?;
                let rows = num(&args[0], "a number of rows")?;
                let cols = num(&args[1], "a number of columns")?;
                let rows = lex::non_negative(file, no, args[0].col, rows, "row count")?;
                let cols = lex::non_negative(file, no, args[1].col, cols, "column count")?;
                b.size(rows, cols, no);
            }
            "match" => {
                let Some(kind) = args.first() else {
                    return Err(InputError::at(
                        file,
                        no,
                        line.trim_end().chars().count() + 1,
                        "`match` alone",
                        "`match equal`, `match sum K` or `match pairs a:b ...`",
                    ));
                };
                let rule = match kind.text {
                    "equal" => {
                        want(1, "equal")?;
                        MatchRule::Equal
                    }
                    "sum" => {
                        want(2, "sum K")?;
                        MatchRule::Sum(num(&args[1], "the sum K that matching labels add up to")?)
                    }
                    "pairs" => {
                        let mut pairs = Vec::new();
                        for w in &args[1..] {
                            pairs.push(pair(w.text).ok_or_else(|| {
                                InputError::at(file, no, w.col, shown(w.text), "a pair of labels `a:b`")
                            })?);
                        }
                        MatchRule::Pairs(pairs)
                    }
                    other => {
                        return Err(InputError::at(
                            file,
                            no,
                            kind.col,
                            shown(other),
                            "`equal`, `sum K` or `pairs a:b ...`",
                        ))
                    }
                };
                b.rule(rule, no);
            }
            "frame" => {
                want(1, "LABEL (or `frame none`)")?;
                frame_seen = true;
                let label = args[0].text;
                b.frame(if label == "none" { None } else { Some(label) }, no);
            }
            "style" => {
                want(1, "grid|witch")?;
                let style = match args[0].text {
                    "grid" => Style::Grid,
                    "witch" => Style::Witch,
                    other => return Err(InputError::at(file, no, args[0].col, shown(other), "`grid` or `witch`")),
                };
                b.style(style);
            }
            "piece" => {
                want(4, "NORTH EAST SOUTH WEST")?;
                for w in args {
                    if w.text.contains(':') {
                        return Err(InputError::at(file, no, w.col, shown(w.text), "a label without `:`"));
                    }
                }
                b.piece([0, 1, 2, 3].map(|i| args[i].text.to_string()), no);
            }
            "clue" => {
                want(4, "ROW COLUMN PIECE ROTATION")?;
                let row = num(&args[0], "a row number")?;
                let col = num(&args[1], "a column number")?;
                let piece = num(&args[2], "a piece number")?;
                let rot = num(&args[3], "a rotation 0..3")?;
                b.clue(
                    Clue {
                        row: lex::one_based(file, no, args[0].col, row, "row")?,
                        col: lex::one_based(file, no, args[1].col, col, "column")?,
                        piece: lex::one_based(file, no, args[2].col, piece, "piece")?,
                        rotation: lex::rotation(file, no, args[3].col, rot, 0)?,
                    },
                    no,
                );
            }
            other => return Err(InputError::at(file, no, first.col, shown(other), STATEMENTS)),
        }
    }
    if !frame_seen {
        b.frame(None, 0);
    }
    if !b.has_size() {
        return Err(InputError::whole(file, "no `size` statement", "`size ROWS COLUMNS` before or after the pieces"));
    }
    b.build()
}

/// Writes a puzzle in the native format; reading it back gives the same puzzle. This text is also
/// the canonical form that puzzle hashes are taken of.
pub fn write_native(p: &Puzzle) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "wgrnd-puzzle 1");
    let _ = writeln!(s, "name {}", p.name);
    let _ = writeln!(s, "size {} {}", p.rows, p.cols);
    let _ = writeln!(s, "match {}", p.rule);
    match p.frame {
        Some(f) => {
            let _ = writeln!(s, "frame {}", p.label_name(f));
        }
        None => {
            let _ = writeln!(s, "frame none");
        }
    }
    let _ = writeln!(s, "style {}", if p.style == Style::Witch { "witch" } else { "grid" });
    let _ = writeln!(s, "# pieces are numbered from 1; edges north east south west");
    for piece in &p.pieces {
        let _ = writeln!(s, "piece {}", piece.map(|l| p.label_name(l).to_string()).join(" "));
    }
    for c in &p.clues {
        let _ = writeln!(s, "clue {} {} {} {}", c.row + 1, c.col + 1, c.piece + 1, c.rotation);
    }
    s
}
