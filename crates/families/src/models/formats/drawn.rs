//! The layout shared by seed 002's grid puzzles as people draw them on paper: optional keyword
//! lines (`mines 10`, `fleet 4 3 2 1`), then one line per grid row, its cells optionally followed
//! by `| count`, then (for puzzles with column counts) one line of column counts. `%` starts a
//! comment; blank lines are skipped. This module splits a file into those parts with line and
//! column numbers; each format's reader gives the cells and counts their meaning.

use crate::{
    lex,
    lex::{shown, Word},
};
use wgrnd_sat::InputError;

/// How a row's cells are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cells {
    /// One character per cell; spaces between cells are optional (`..1*` or `. . 1 *`).
    Chars,
    /// Whitespace-separated words (numbers that may have several digits).
    Words,
}

/// A cell as written, with its 1-based column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// 1-based column of its first character.
    pub col: usize,
    /// Its text.
    pub text: String,
}

/// A grid row: its line, cells, and the count after `|` (`None`: no `|`, or `?`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// 1-based line number.
    pub line: usize,
    /// The cells in order.
    pub cells: Vec<Cell>,
    /// The count after `|`, when one is given (a number; `?` gives none).
    pub count: Option<i64>,
    /// The 1-based column of `|`, when the row has one.
    pub bar: Option<usize>,
    /// The 1-based column of the count after `|`, when one is given.
    pub count_col: Option<usize>,
}

/// A keyword line: the keyword, its line, and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keyword<'a> {
    /// 1-based line number.
    pub line: usize,
    /// The keyword (first word).
    pub word: &'a str,
    /// The words after it.
    pub args: Vec<Word<'a>>,
    /// The 1-based column just after the line's last word.
    pub end: usize,
}

impl Keyword<'_> {
    /// Where a wrong number of arguments shows: the first argument beyond `wanted`, else the end
    /// of the line (where the missing ones would go).
    pub fn count_col(&self, wanted: usize) -> usize {
        self.args.get(wanted).map_or(self.end, |w| w.col)
    }

    /// The keyword with its arguments, as written (for messages).
    pub fn shown(&self) -> String {
        let words: Vec<&str> = std::iter::once(self.word).chain(self.args.iter().map(|w| w.text)).collect();
        shown(&words.join(" "))
    }
}

/// A file split into keyword lines, grid rows and the line of column counts.
#[derive(Clone, Debug)]
pub struct Drawing<'a> {
    /// Keyword lines, in order.
    pub keywords: Vec<Keyword<'a>>,
    /// Grid rows, top to bottom.
    pub rows: Vec<Row>,
    /// Column counts (`None` for `?`) and their line, when the format has them.
    pub column_counts: Option<(usize, Vec<Option<i64>>)>,
    /// The 1-based column of each column count.
    pub column_count_cols: Vec<usize>,
}

impl Drawing<'_> {
    /// The number of columns (every row has as many cells as the first).
    pub fn cols(&self) -> usize {
        self.rows.first().map_or(0, |r| r.cells.len())
    }

    /// Refuses a row count above the number of columns or a column count above the number of
    /// rows, pointing at the count.
    pub fn check_counts(&self, file: &str) -> Result<(), InputError> {
        let (rows, cols) = (self.rows.len(), self.cols());
        for row in &self.rows {
            if let (Some(k), Some(col)) = (row.count, row.count_col) {
                check_count(file, row.line, col, k, cols, "a row count")?;
            }
        }
        if let Some((line, counts)) = &self.column_counts {
            for (k, &col) in counts.iter().zip(&self.column_count_cols) {
                if let Some(k) = k {
                    check_count(file, *line, col, *k, rows, "a column count")?;
                }
            }
        }
        Ok(())
    }
}

/// A count word: a whole number, or `?` for none.
fn count_word(file: &str, line: usize, w: &Word, what: &str) -> Result<Option<i64>, InputError> {
    if w.text == "?" {
        return Ok(None);
    }
    match lex::integer(w.text) {
        Some(v) if v >= 0 => Ok(Some(v)),
        _ => Err(InputError::at(file, line, w.col, shown(w.text), format!("{what}: a whole number from 0, or `?`"))),
    }
}

/// Splits `text` into keyword lines (first word in `keywords`, before the grid), rows written as
/// `cells`, and, with `column_counts`, a last line of column counts. Checks that every row has as
/// many cells as the first and that there are as many column counts as columns.
pub fn read<'a>(
    file: &str,
    text: &'a str,
    keywords: &[&str],
    cells: Cells,
    column_counts: bool,
) -> Result<Drawing<'a>, InputError> {
    let mut drawing =
        Drawing { keywords: Vec::new(), rows: Vec::new(), column_counts: None, column_count_cols: Vec::new() };
    let data: Vec<(usize, &str)> = lex::lines(text)
        .map(|(n, l)| (n, l.find('%').map_or(l, |i| &l[..i])))
        .filter(|(_, l)| !l.trim().is_empty())
        .collect();
    let mut rest = &data[..];
    while let Some(((n, l), tail)) = rest.split_first() {
        let ws = lex::words(l);
        if !keywords.contains(&ws[0].text) {
            break;
        }
        let end = l.trim_end().chars().count() + 1;
        drawing.keywords.push(Keyword { line: *n, word: ws[0].text, args: ws[1..].to_vec(), end });
        rest = tail;
    }
    if column_counts {
        let Some(((n, l), body)) = rest.split_last() else {
            return Err(InputError::whole(file, "no grid", "grid rows, then a line of column counts"));
        };
        if l.contains('|') {
            let at = l.chars().take_while(|&c| c != '|').count() + 1;
            return Err(InputError::at(
                file,
                *n,
                at,
                "a grid row as the last line",
                "a last line of column counts (numbers or `?`, no `|`)",
            ));
        }
        let words = lex::words(l);
        let counts = words.iter().map(|w| count_word(file, *n, w, "a column count")).collect::<Result<Vec<_>, _>>()?;
        drawing.column_counts = Some((*n, counts));
        drawing.column_count_cols = words.iter().map(|w| w.col).collect();
        drawing.column_count_cols.push(l.trim_end().chars().count() + 1);
        rest = body;
    }
    for (n, l) in rest {
        let (left, count) = match l.find('|') {
            Some(i) => (&l[..i], Some(&l[i + 1..])),
            None => (*l, None),
        };
        let mut row = Row { line: *n, cells: Vec::new(), count: None, bar: None, count_col: None };
        match cells {
            Cells::Chars => {
                for (i, ch) in left.chars().enumerate() {
                    if !ch.is_whitespace() {
                        row.cells.push(Cell { col: i + 1, text: ch.to_string() });
                    }
                }
            }
            Cells::Words => {
                row.cells = lex::words(left).iter().map(|w| Cell { col: w.col, text: w.text.to_string() }).collect();
            }
        }
        if let Some(count) = count {
            let offset = left.chars().count() + 1;
            row.bar = Some(offset);
            let ws = lex::words(count);
            match ws.as_slice() {
                [w] => {
                    let w = Word { col: w.col + offset, text: w.text };
                    row.count = count_word(file, *n, &w, "a row count")?;
                    row.count_col = Some(w.col);
                }
                _ => {
                    return Err(InputError::at(
                        file,
                        *n,
                        offset,
                        format!("{} word(s) after `|`", ws.len()),
                        "one row count after `|` (a number or `?`)",
                    ))
                }
            }
        }
        if row.cells.is_empty() {
            return Err(InputError::at(file, *n, 1, "a row without cells", "the row's cells before `|`"));
        }
        if let Some(first) = drawing.rows.first() {
            if row.cells.len() != first.cells.len() {
                // The first cell too many, or just after the last cell when some are missing.
                let col = match row.cells.get(first.cells.len()) {
                    Some(extra) => extra.col,
                    None => row.cells.last().map_or(1, |c| c.col + c.text.chars().count()),
                };
                return Err(InputError::at(
                    file,
                    *n,
                    col,
                    format!("a row of {} cells", row.cells.len()),
                    format!("{} cells, as in the first row (line {})", first.cells.len(), first.line),
                ));
            }
        }
        drawing.rows.push(row);
    }
    if drawing.rows.is_empty() {
        return Err(InputError::whole(file, "no grid rows", "one line per grid row"));
    }
    if let Some((n, counts)) = &drawing.column_counts {
        if counts.len() != drawing.cols() {
            // The first count too many, or the line's end when some are missing.
            let col = drawing.column_count_cols[counts.len().min(drawing.cols())];
            return Err(InputError::at(
                file,
                *n,
                col,
                format!("{} column counts", counts.len()),
                format!("one count (or `?`) per column: {}", drawing.cols()),
            ));
        }
    }
    Ok(drawing)
}

/// Refuses a row with a `|` count in a format that has none.
pub fn no_counts(file: &str, rows: &[Row], expected: &str) -> Result<(), InputError> {
    match rows.iter().find_map(|r| r.bar.map(|col| (r.line, col))) {
        Some((line, col)) => Err(InputError::at(file, line, col, "`|` and a row count", expected.to_string())),
        None => Ok(()),
    }
}

/// The error for a cell that is not one of `expected`.
pub fn bad_cell(file: &str, line: usize, cell: &Cell, expected: &str) -> InputError {
    InputError::at(file, line, cell.col, format!("the cell {}", shown(&cell.text)), expected.to_string())
}

/// The keyword's single whole-number argument in `lo..=hi`.
pub fn keyword_number(file: &str, k: &Keyword, lo: i64, hi: i64, what: &str) -> Result<i64, InputError> {
    let want = format!("`{} N`: {what} from {lo} to {hi}", k.word);
    match k.args.as_slice() {
        [w] => match lex::integer(w.text) {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(InputError::at(file, k.line, w.col, shown(w.text), want)),
        },
        _ => Err(InputError::at(
            file,
            k.line,
            k.count_col(1),
            format!("{} argument(s) to `{}`", k.args.len(), k.word),
            want,
        )),
    }
}

/// A count that must lie in `0..=most`, or the error at `line` and `col`.
fn check_count(file: &str, line: usize, col: usize, v: i64, most: usize, what: &str) -> Result<(), InputError> {
    if v > most as i64 {
        return Err(InputError::at(file, line, col, format!("{what} {v}"), format!("{what} from 0 to {most}")));
    }
    Ok(())
}

/// The layout [`read`] reads, written: keyword lines, one line per row (cells separated by a
/// space, then `| count` when `row_counts` are given), then the column counts; `?` for a count
/// not given; a final newline. What the writers of posed puzzles share.
pub fn write(
    keywords: &[String],
    cells: &[Vec<String>],
    row_counts: Option<&[Option<i64>]>,
    column_counts: Option<&[Option<i64>]>,
) -> String {
    let count = |k: &Option<i64>| k.map_or_else(|| "?".to_string(), |k| k.to_string());
    let mut out = String::new();
    for k in keywords {
        out.push_str(k);
        out.push('\n');
    }
    for (r, row) in cells.iter().enumerate() {
        out.push_str(&row.join(" "));
        if let Some(k) = row_counts.and_then(|c| c.get(r)) {
            out.push_str(" | ");
            out.push_str(&count(k));
        }
        out.push('\n');
    }
    if let Some(counts) = column_counts {
        out.push_str(&counts.iter().map(count).collect::<Vec<_>>().join(" "));
        out.push('\n');
    }
    out
}
