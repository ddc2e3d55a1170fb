//! Steve Simpson's `.non` text format for nonograms (paint by numbers), as nonogram solvers and
//! collections such as nonogram-db exchange it: `key value` lines (`width`, `height`, `title`,
//! `by`, `copyright`, `license`, `catalogue`, `goal`), and the sections `rows` and `columns`, each
//! followed by one line per row (column) of comma-separated run lengths, `0` or a blank line for a
//! line without runs. Black-and-white puzzles only: a run with a colour letter (`3a`, the
//! extension for multi-colour puzzles) is refused. Lines with an unknown keyword are ignored, each
//! with a note. [`Nonogram::to_data`] writes the facts of the bundled model `models/nonogram.qp` as text (the
//! puzzle's source: its hash, notes and diagnostics), [`Nonogram::to_numbers`] the same facts as
//! numbers, handed to the model without the text round trip (a test holds the two equal).
//!
//! wgrnd's extensions, for the puzzles `generate --unique` poses: a line clue `?` is withheld (the
//! line is free), and a line `given R C V` reveals the cell in row R, column C as black (`V` = 1)
//! or white (0). Other programs note `given` as an unknown keyword; a `?` clue is wgrnd's own.

use std::fmt::Write as _;

use crate::edge::formats::{DataContract, Facts, Unwritable};
use crate::{lex, lex::shown};
use wgrnd_sat::push_decimal;
use wgrnd_sat::InputError;
use wgrnd_seam::{NumberData, NumberFacts};

/// The names this reader's data shares with `models/nonogram.qp`: a line's clue and its runs, for
/// rows and columns (`rowclue`, `rowrun`; `col...`).
pub const DATA: DataContract = DataContract {
    model: "nonogram.qp",
    params: &["rows", "cols", "runs"],
    domains: &[],
    facts: &[("rowclue", 1), ("rowrun", 3), ("colclue", 1), ("colrun", 3), (GIVEN, 3)],
    left_to_model: &[],
};
const GIVEN: &str = "given";
/// The prefixes of the row and column predicates of [`DATA`].
const LINES: [&str; 2] = ["row", "col"];

/// Largest width or height read (the grounding grows with the square of it).
pub const MAX_SIDE: usize = 1000;

/// A nonogram: the run lengths of every row and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nonogram {
    /// Number of columns.
    pub width: usize,
    /// Number of rows.
    pub height: usize,
    /// Run lengths of each row, top to bottom, each left to right (`None`: the clue is withheld).
    pub rows: Vec<Option<Vec<usize>>>,
    /// Run lengths of each column, left to right, each top to bottom (`None`: withheld).
    pub columns: Vec<Option<Vec<usize>>>,
    /// Revealed cells: row and column from 1, black or not; in the order given.
    pub given: Vec<(usize, usize, bool)>,
    /// The `title`, if given (quotes removed).
    pub title: Option<String>,
    /// The `goal` picture, row by row, if given: `true` is black.
    pub goal: Option<Vec<bool>>,
    /// Notes on what was ignored (`line N: ...`).
    pub notes: Vec<String>,
}

/// Keywords whose value wgrnd does not use but which are part of the format.
const KNOWN_TEXT: [&str; 6] = ["title", "by", "copyright", "license", "catalogue", "color"];

/// Reads a `.non` file.
pub fn read_non(file: &str, text: &str) -> Result<Nonogram, InputError> {
    let mut width: Option<(usize, usize)> = None;
    let mut height: Option<(usize, usize)> = None;
    let mut rows: Option<Vec<Option<Vec<usize>>>> = None;
    let mut columns: Option<Vec<Option<Vec<usize>>>> = None;
    let mut given = Vec::new();
    let mut title = None;
    let mut goal = None;
    let mut notes = Vec::new();
    let lines: Vec<(usize, &str)> = lex::lines(text).collect();
    let mut i = 0;
    while i < lines.len() {
        let (no, line) = lines[i];
        i += 1;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let (key, value) = match trimmed.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (trimmed, ""),
        };
        // Errors about the keyword point at it, errors about its value at the value (or where it
        // is missing); the columns are counted only for an error (most lines have none).
        let key_col = || lex::word_col(line, 0);
        let value_col = || lex::word_col(line, 1);
        match key {
            "width" | "height" => {
                let slot = if key == "width" { &mut width } else { &mut height };
                if let Some((_, first)) = slot {
                    return Err(InputError::at(
                        file,
                        no,
                        key_col(),
                        format!("a second `{key}`"),
                        format!("one `{key}` (the first is on line {first})"),
                    ));
                }
                if rows.is_some() || columns.is_some() {
                    return Err(InputError::at(
                        file,
                        no,
                        key_col(),
                        format!("`{key}` after the clues"),
                        "`width` and `height` before `rows` and `columns`",
                    ));
                }
                let n = value.parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n)).ok_or_else(|| {
                    InputError::at(
                        file,
                        no,
                        value_col(),
                        format!("`{key}` {}", shown(value)),
                        format!("`{key}` and a whole number from 1 to {MAX_SIDE}"),
                    )
                })?;
                *slot = Some((n, no));
            }
            "rows" | "columns" => {
                let (length_key, count_key) = if key == "rows" { ("width", height) } else { ("height", width) };
                let Some((count, _)) = count_key else {
                    let needed = if key == "rows" { "height" } else { "width" };
                    return Err(InputError::at(
                        file,
                        no,
                        key_col(),
                        format!("`{key}` before `{needed}`"),
                        format!("`width` and `height` before `{key}`"),
                    ));
                };
                let length = if key == "rows" { width } else { height };
                let Some((length, _)) = length else {
                    return Err(InputError::at(
                        file,
                        no,
                        key_col(),
                        format!("`{key}` before `{length_key}`"),
                        format!("`width` and `height` before `{key}`"),
                    ));
                };
                let slot = if key == "rows" { &mut rows } else { &mut columns };
                if slot.is_some() {
                    return Err(InputError::at(
                        file,
                        no,
                        key_col(),
                        format!("a second `{key}` section"),
                        format!("one `{key}` section"),
                    ));
                }
                if !value.is_empty() {
                    return Err(InputError::at(
                        file,
                        no,
                        value_col(),
                        format!("{} after `{key}`", shown(value)),
                        format!("`{key}` alone on its line, the clues on the {count} lines after it"),
                    ));
                }
                let mut clues = Vec::with_capacity(count);
                for k in 0..count {
                    let Some(&(cno, cline)) = lines.get(i) else {
                        let what = if key == "rows" { "row" } else { "column" };
                        return Err(InputError::at(
                            file,
                            no,
                            key_col(),
                            format!("the file ends after {k} {what} clue(s)"),
                            format!(
                                "{count} {what} clues after `{key}` (the {})",
                                if key == "rows" { "height" } else { "width" }
                            ),
                        ));
                    };
                    i += 1;
                    clues.push(if cline.trim() == "?" { None } else { Some(runs(file, cno, cline, key, length)?) });
                }
                refuse_separator_as_clue(file, &lines, i, key, count)?;
                *slot = Some(clues);
            }
            "goal" => {
                if goal.is_some() {
                    return Err(InputError::at(file, no, key_col(), "a second `goal`", "one `goal`"));
                }
                let raw = value.trim_matches('"');
                let cells = match (width, height) {
                    (Some((w, _)), Some((h, _))) => w * h,
                    _ => {
                        return Err(InputError::at(
                            file,
                            no,
                            key_col(),
                            "`goal` before `width` and `height`",
                            "`width` and `height` before `goal`",
                        ))
                    }
                };
                let picture: Vec<bool> = raw.chars().filter(|c| !c.is_whitespace()).map(|c| c != '0').collect();
                if picture.len() != cells {
                    return Err(InputError::at(
                        file,
                        no,
                        value_col(),
                        format!("a goal of {} cells", picture.len()),
                        format!("a goal of width x height = {cells} cells, row by row"),
                    ));
                }
                goal = Some(picture);
            }
            GIVEN => {
                let (Some((w, _)), Some((h, _))) = (width, height) else {
                    return Err(InputError::at(
                        file,
                        no,
                        key_col(),
                        "`given` before `width` and `height`",
                        "`width` and `height` before `given`",
                    ));
                };
                let want =
                    format!("`given R C V`: a row from 1 to {h}, a column from 1 to {w}, and 1 (black) or 0 (white)");
                let words: Vec<&str> = value.split_whitespace().collect();
                let cell = match words.as_slice() {
                    [r, c, v] => match (r.parse::<usize>(), c.parse::<usize>(), *v) {
                        (Ok(r), Ok(c), "0" | "1") if (1..=h).contains(&r) && (1..=w).contains(&c) => {
                            Some((r, c, *v == "1"))
                        }
                        _ => None,
                    },
                    _ => None,
                };
                given.push(cell.ok_or_else(|| InputError::at(file, no, value_col(), shown(value), want))?);
            }
            "title" => title = Some(value.trim_matches('"').to_string()),
            k if KNOWN_TEXT.contains(&k) => {}
            k => notes.push(format!("line {no}: ignored the unknown keyword {}", shown(k))),
        }
    }
    let missing = |what: &str| {
        InputError::whole(file, format!("no `{what}`"), "`width`, `height`, `rows` and `columns` (a .non nonogram)")
    };
    let (width, _) = width.ok_or_else(|| missing("width"))?;
    let (height, _) = height.ok_or_else(|| missing("height"))?;
    let rows = rows.ok_or_else(|| missing("rows"))?;
    let columns = columns.ok_or_else(|| missing("columns"))?;
    Ok(Nonogram { width, height, rows, columns, given, title, goal, notes })
}

/// A section whose last clue is a blank line directly followed by a keyword (`columns`, `goal`)
/// is short by one: the blank line is the separator files put between sections, and the clue is
/// missing. An empty line at the end of a section is written `0`.
fn refuse_separator_as_clue(
    file: &str,
    lines: &[(usize, &str)],
    next: usize,
    key: &str,
    count: usize,
) -> Result<(), InputError> {
    let Some(&(last_no, last)) = next.checked_sub(1).and_then(|k| lines.get(k)) else { return Ok(()) };
    let follows = lines.get(next).map(|&(_, l)| l.trim()).filter(|l| l.starts_with(|c: char| c.is_ascii_alphabetic()));
    match follows {
        Some(keyword) if count > 0 && last.trim().is_empty() => {
            let what = if key == "rows" { "row" } else { "column" };
            let keyword = keyword.split_whitespace().next().unwrap_or(keyword);
            Err(InputError::at(
                file,
                last_no,
                1,
                format!("a blank line as the last {what} clue, just before {}", shown(keyword)),
                format!(
                    "{count} {what} clues after `{key}` (the {}); write `0` for an empty {what} at the end of a section",
                    if key == "rows" { "height" } else { "width" }
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// One line's clue: `0`, empty, or run lengths separated by commas (or spaces), each run at least 1,
/// all fitting with a white cell between runs into `length` cells.
fn runs(file: &str, no: usize, line: &str, section: &str, length: usize) -> Result<Vec<usize>, InputError> {
    let what = if section == "rows" { "row" } else { "column" };
    let mut out = Vec::new();
    for word in line.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()) {
        let col = line[..(word.as_ptr() as usize - line.as_ptr() as usize)].chars().count() + 1;
        let n = word.parse::<usize>().map_err(|_| {
            let found = if word.chars().next().is_some_and(|c| c.is_ascii_digit()) && word.chars().last().is_some_and(|c| c.is_ascii_alphabetic()) {
                format!("{} (a run with a colour)", shown(word))
            } else {
                shown(word)
            };
            InputError::at(file, no, col, found, format!("a {what} clue: run lengths separated by commas (`3,1,2`), or `0` for an empty {what} (black-and-white puzzles only)"))
        })?;
        if n > length {
            return Err(InputError::at(
                file,
                no,
                col,
                format!("a run of {n}"),
                format!("runs of at most {length} cells (the {what} length)"),
            ));
        }
        out.push(n);
    }
    if out.contains(&0) {
        if out.len() > 1 {
            return Err(InputError::at(
                file,
                no,
                lex::word_col(line, 0),
                format!("a run of 0 among {} runs", out.len()),
                format!("runs of at least 1, or a lone `0` for an empty {what}"),
            ));
        }
        out.clear();
    }
    let needed = out.iter().sum::<usize>() + out.len().saturating_sub(1);
    if needed > length {
        return Err(InputError::at(
            file,
            no,
            lex::word_col(line, 0),
            format!("runs that need {needed} cells"),
            format!("runs that fit, a white cell between two, into the {what}'s {length} cells"),
        ));
    }
    Ok(out)
}

impl Nonogram {
    /// The data for `models/nonogram.qp`: sizes, each run with its length, every line's clue
    /// shown, and the notes as `% note:` comments.
    pub fn to_data(&self) -> String {
        let mut out = String::new();
        if let Some(t) = &self.title {
            out.push_str(&format!("% {}\n", t.replace(['\n', '\r'], " ")));
        }
        for note in &self.notes {
            out.push_str(&format!("% note: {note}\n"));
        }
        let most = self.rows.iter().chain(&self.columns).flatten().map(Vec::len).max().unwrap_or(0).max(1);
        out.push_str(&format!("param rows = {}\nparam cols = {}\nparam runs = {most}\n", self.height, self.width));
        // Written in place, without the formatting machinery: a puzzle's data is thousands of facts.
        let number = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        for (name, lines) in [(LINES[0], &self.rows), (LINES[1], &self.columns)] {
            for (i, runs) in lines.iter().enumerate() {
                let Some(runs) = runs else { continue };
                out.push_str(name);
                out.push_str("clue(");
                push_decimal(&mut out, number(i + 1));
                out.push(')');
                for (k, &l) in runs.iter().enumerate() {
                    out.push(' ');
                    out.push_str(name);
                    out.push_str("run(");
                    push_decimal(&mut out, number(i + 1));
                    out.push_str(", ");
                    push_decimal(&mut out, number(k + 1));
                    out.push_str(", ");
                    push_decimal(&mut out, number(l));
                    out.push(')');
                }
                out.push('\n');
            }
        }
        for &(r, c, black) in &self.given {
            let _ = writeln!(out, "{GIVEN}({r}, {c}, {}).", u8::from(black));
        }
        out
    }

    /// The data of [`to_data`](Self::to_data) as numbers, the same parameters and facts (the
    /// model then takes them without reading the text back; the family's tests hold the two to
    /// the same program for every fixture).
    pub fn to_numbers(&self) -> NumberData {
        let most = self.rows.iter().chain(&self.columns).flatten().map(Vec::len).max().unwrap_or(0).max(1);
        let params = [("rows", self.height), ("cols", self.width), ("runs", most)];
        let number = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        let mut facts = Vec::new();
        for (name, lines) in [(LINES[0], &self.rows), (LINES[1], &self.columns)] {
            let mut clues = NumberFacts::new(format!("{name}clue"), 1);
            let mut runs = NumberFacts::new(format!("{name}run"), 3);
            for (i, line) in lines.iter().enumerate() {
                let Some(line) = line else { continue };
                clues.push(&[number(i + 1)]);
                for (k, &l) in line.iter().enumerate() {
                    runs.push(&[number(i + 1), number(k + 1), number(l)]);
                }
            }
            facts.extend([clues, runs]);
        }
        let mut given = NumberFacts::new(GIVEN, 3);
        for &(r, c, black) in &self.given {
            given.push(&[number(r), number(c), i64::from(black)]);
        }
        facts.push(given);
        NumberData { params: params.iter().map(|&(n, v)| (n.to_string(), number(v))).collect(), facts }
    }

    /// The puzzle posed in the data of `models/nonogram.qp`, back as a `.non` file: the runs of
    /// each line whose clue is shown (`rowclue`, `colclue`), `?` for the others, the given cells.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let (height, width) = (f.size("rows")?, f.size("cols")?);
        let mut lines = Vec::new();
        for (name, count) in [(LINES[0], height), (LINES[1], width)] {
            let mut clues: Vec<Option<Vec<(i64, i64)>>> = vec![None; count];
            for args in f.numbers(&format!("{name}clue"))? {
                if let Some(slot) =
                    args.first().and_then(|&i| usize::try_from(i - 1).ok()).and_then(|i| clues.get_mut(i))
                {
                    *slot = Some(Vec::new());
                }
            }
            for args in f.numbers(&format!("{name}run"))? {
                let [i, k, l] = args[..] else {
                    return Err(Unwritable(format!("`{name}run` with {} argument(s)", args.len())));
                };
                let line = usize::try_from(i - 1).ok().and_then(|i| clues.get_mut(i));
                if let Some(Some(runs)) = line {
                    runs.push((k, l));
                }
            }
            let runs = clues.into_iter().map(|c| {
                c.map(|mut runs| {
                    runs.sort_unstable();
                    runs.into_iter().map(|(_, l)| l.max(0) as usize).collect()
                })
            });
            lines.push(runs.collect());
        }
        let given = f.cells(GIVEN, height, width)?.into_iter().map(|(r, c, v)| (r + 1, c + 1, v.first() == Some(&1)));
        let columns = lines.pop().unwrap_or_default();
        let rows = lines.pop().unwrap_or_default();
        Ok(Nonogram {
            width,
            height,
            rows,
            columns,
            given: given.collect(),
            title: None,
            goal: None,
            notes: Vec::new(),
        })
    }

    /// The `.non` file, as [`read_non`] reads it (with a final newline).
    pub fn write(&self) -> String {
        let mut out = String::new();
        if let Some(t) = &self.title {
            out.push_str(&format!("title \"{}\"\n", t.replace(['"', '\n', '\r'], " ")));
        }
        out.push_str(&format!("width {}\nheight {}\n", self.width, self.height));
        for (key, lines) in [("rows", &self.rows), ("columns", &self.columns)] {
            out.push_str(&format!("\n{key}\n"));
            for line in lines {
                let clue = match line {
                    None => "?".to_string(),
                    Some(runs) if runs.is_empty() => "0".to_string(),
                    Some(runs) => runs.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
                };
                out.push_str(&clue);
                out.push('\n');
            }
        }
        if !self.given.is_empty() {
            out.push('\n');
        }
        for &(r, c, black) in &self.given {
            out.push_str(&format!("{GIVEN} {r} {c} {}\n", u8::from(black)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEMO: &str = "catalogue \"webpbn.com #1\"\ntitle \"Demo\"\nwidth 5\nheight 3\n\nrows\n2\n0\n1,1\n\ncolumns\n1\n2\n\n1\n0\n\ngoal \"011000000010100\"\n";

    #[test]
    fn reads_runs_empty_lines_and_goal() {
        let n = read_non("d.non", DEMO).unwrap();
        assert_eq!((n.width, n.height), (5, 3));
        assert_eq!(n.rows, vec![Some(vec![2]), Some(vec![]), Some(vec![1, 1])]);
        assert_eq!(n.columns, vec![Some(vec![1]), Some(vec![2]), Some(vec![]), Some(vec![1]), Some(vec![])]);
        assert_eq!(n.title.as_deref(), Some("Demo"));
        assert_eq!(n.goal.as_ref().map(|g| g.iter().filter(|&&b| b).count()), Some(4));
    }

    #[test]
    fn unknown_keywords_are_noted() {
        let n = read_non("d.non", &format!("frobnicate 3\n{DEMO}")).unwrap();
        assert_eq!(n.notes, vec!["line 1: ignored the unknown keyword `frobnicate`".to_string()]);
        assert!(n.to_data().contains("% note: line 1: ignored"));
    }

    #[test]
    fn bad_files_name_line_and_expectation() {
        let cases = [
            ("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", 4, "at most 2"),
            ("width 3\nheight 1\nrows\n1,2\ncolumns\n1\n0\n1\n", 4, "white cell between"),
            ("width 2\nheight 1\nrows\n2a\ncolumns\n1\n1\n", 4, "black-and-white"),
            ("rows\n1\n", 1, "`width` and `height` before `rows`"),
            ("width 0\n", 1, "from 1 to"),
            ("width 2\nheight 2\nrows\n1\n", 3, "2 row clues"),
            ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"1\"\n", 8, "2 cells"),
        ];
        for (text, line, expected) in cases {
            let e = read_non("bad.non", text).unwrap_err();
            assert_eq!(e.line, Some(line), "{text:?}: {e}");
            assert!(e.expected.contains(expected), "{text:?}: {e}");
        }
        // A row clue missing, the blank line before `columns` is the separator, not an empty row.
        let e = read_non("bad.non", "width 2\nheight 3\nrows\n1\n1\n\ncolumns\n2\n1\n").unwrap_err();
        assert_eq!((e.line, e.column), (Some(6), Some(1)), "{e}");
        assert!(e.found.contains("just before `columns`") && e.expected.contains("3 row clues"), "{e}");
        let e = read_non("bad.non", "width 2\nheight 1\nrows\n1\n").unwrap_err();
        assert!(e.found.contains("`columns`"), "{e}");
    }
}
