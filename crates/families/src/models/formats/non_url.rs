//! Nonograms as puzz.link shares them: `https://puzz.link/p?nonogram/COLS/ROWS/BODY` (with the
//! same hosts and forms as every puzz.link URL, [`crate::pencil::url::Parts`]), read into the
//! nonogram family's [`Nonogram`], so that a URL is the bundled model `models/nonogram.qp` with its
//! data exactly as a `.non` file is, and a posed nonogram is written back as its URL.
//!
//! The body (pzprjs's `decodeNumber16ExCell`, written from the format, no code): the numbers in
//! the cells outside the grid, first ⌈rows/2⌉ cells above each column, column by column, then
//! ⌈cols/2⌉ cells left of each row, row by row. A line's cells run from the grid outwards, so its
//! runs are its numbers read from the outermost inwards. Numbers are 16-based (a hexadecimal
//! digit, `-` and two digits); `g`-`z` stand for 1-20 empty cells and may run on into the next
//! line. pzprjs writes a line's numbers next to the grid, its empty cells after them ("flushed"),
//! as [`write`] does; reading takes them wherever they stand in their line. A line without numbers
//! has no black cell: a URL cannot leave a line's clue out, nor reveal a cell.

use wgrnd_sat::InputError;

use crate::edge::formats::{Facts, Unwritable};
use crate::models::formats::non::{self, Nonogram};
use crate::models::readers::Reader;
use crate::pencil::codec::{self, Body, Clue};
use crate::pencil::url::{Parts, MAX_SIDE};

/// The genre's name in URLs.
pub const GENRE: &str = "nonogram";

/// Where a written URL starts.
const PREFIX: &str = "https://puzz.link/p?nonogram/";

/// The reader of nonogram URLs (and `.url` files holding one): the `.non` reader's model, data
/// and words, its own codec.
pub static READER: Reader = Reader {
    format: "non",
    extensions: &[],
    model: ("nonogram.qp", include_str!("../../../../../models/nonogram.qp")),
    data: &non::DATA,
    convert: |name, text| Ok(crate::pencil::read_url_with(name, text, read)?.to_data()),
    convert_numbers: Some(|name, text| {
        let puzzle = crate::pencil::read_url_with(name, text, read)?;
        Ok((puzzle.to_data(), puzzle.to_numbers()))
    }),
    write: |facts: &Facts| Ok(format!("{}\n", write(&Nonogram::from_facts(facts)?)?)),
    clauses_per_cell: 0,
};

/// The cells outside the grid: above each column, left of each row.
fn outside(rows: usize, cols: usize) -> (usize, usize) {
    (rows.div_ceil(2), cols.div_ceil(2))
}

/// Reads a nonogram URL.
pub fn read(url: &str) -> Result<Nonogram, InputError> {
    let mut parts = Parts::new(url)?;
    if parts.name != GENRE {
        return Err(parts.error(parts.name_at, format!("genre '{}'", parts.name), "nonogram"));
    }
    let cols = parts.side("columns")?;
    let rows = parts.side("rows")?;
    let url = parts.url;
    let (at, body) = parts.body();
    let (above, left) = outside(rows, cols);
    let mut text = Body::new(url, body, at);
    let numbers = text.number16(cols * above + rows * left)?;
    if !text.at_end() {
        return Err(text.error("the end of the URL: every clue has been read"));
    }
    // A line's runs: its numbers from the outermost cell inwards.
    let runs = |cells: &[Clue], line: String, length: usize| -> Result<Vec<usize>, InputError> {
        let bad = |what: String| {
            InputError::at(
                url,
                1,
                at + 1,
                format!("{what} in the clue of {line}"),
                format!("run lengths from 1 to {length}"),
            )
        };
        let runs: Vec<usize> = cells
            .iter()
            .rev()
            .filter(|c| **c != Clue::Empty)
            .map(|c| match *c {
                Clue::Number(n) if (1..=length).contains(&(n as usize)) => Ok(n as usize),
                Clue::Number(n) => Err(bad(format!("the number {n}"))),
                _ => Err(bad("a '?'".into())),
            })
            .collect::<Result<_, _>>()?;
        // As the `.non` reader: runs that cannot fit with a white cell between them are refused.
        let needed = runs.iter().sum::<usize>() + runs.len().saturating_sub(1);
        if needed > length {
            return Err(InputError::at(
                url,
                1,
                at + 1,
                format!("runs {runs:?} in the clue of {line}, which need {needed} cells"),
                format!("runs that fit in its {length} cells"),
            ));
        }
        Ok(runs)
    };
    let (top, side) = numbers.split_at(cols * above);
    let columns = (0..cols)
        .map(|c| runs(&top[c * above..(c + 1) * above], format!("column {}", c + 1), rows).map(Some))
        .collect::<Result<_, _>>()?;
    let rows_runs = (0..rows)
        .map(|r| runs(&side[r * left..(r + 1) * left], format!("row {}", r + 1), cols).map(Some))
        .collect::<Result<_, _>>()?;
    Ok(Nonogram {
        width: cols,
        height: rows,
        rows: rows_runs,
        columns,
        given: Vec::new(),
        title: None,
        goal: None,
        notes: Vec::new(),
    })
}

/// The URL of a nonogram, as pzprjs writes it.
pub fn write(n: &Nonogram) -> Result<String, Unwritable> {
    if n.width > MAX_SIDE || n.height > MAX_SIDE {
        return Err(Unwritable(format!(
            "{} x {}: a puzz.link URL has at most {MAX_SIDE} rows and columns",
            n.width, n.height
        )));
    }
    if !n.given.is_empty() {
        return Err(Unwritable("a puzz.link nonogram reveals no cell; -o FILE.non writes it".into()));
    }
    let (above, left) = outside(n.height, n.width);
    let mut cells = Vec::with_capacity(n.width * above + n.height * left);
    for (what, lines, room) in [("column", &n.columns, above), ("row", &n.rows, left)] {
        for (i, line) in lines.iter().enumerate() {
            let Some(runs) = line else {
                return Err(Unwritable(format!(
                    "the clue of {what} {} is withheld, and a puzz.link nonogram has no withheld line: one without numbers has no black cell; -o FILE.non writes it",
                    i + 1
                )));
            };
            if runs.len() > room {
                return Err(Unwritable(format!(
                    "{what} {} has {} runs, more than fit beside it ({room})",
                    i + 1,
                    runs.len()
                )));
            }
            cells.extend(runs.iter().rev().map(|&l| Clue::Number(u32::try_from(l).unwrap_or(u32::MAX))));
            cells.extend(std::iter::repeat_n(Clue::Empty, room - runs.len()));
        }
    }
    let mut body = String::new();
    codec::write_number16(&mut body, &cells);
    Ok(format!("{PREFIX}{}/{}/{body}", n.width, n.height))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pzprjs's own test puzzle (`test/script/nonogram.js`, MIT): its clues as its file lists them.
    const PZPRJS: &str = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";

    #[test]
    fn pzprjs_s_puzzle_reads_as_its_file_shows_it_and_writes_back() {
        let n = read(PZPRJS).unwrap();
        let some = |v: &[&[usize]]| v.iter().map(|r| Some(r.to_vec())).collect::<Vec<_>>();
        assert_eq!(n.columns, some(&[&[2, 1], &[1, 1, 1], &[1], &[1, 1, 1], &[2, 1], &[]]));
        assert_eq!(n.rows, some(&[&[2, 1], &[1, 1], &[1, 2], &[], &[1, 1], &[3]]));
        assert_eq!(write(&n).unwrap(), PZPRJS);
    }

    /// Numbers away from the grid (not flushed) read as the same runs and are written flushed;
    /// a skip may run on into the next line.
    #[test]
    fn numbers_anywhere_in_their_line_read_and_are_written_next_to_the_grid() {
        // 3 x 3: two cells above each column, two left of each row; in each line an empty
        // cell next to the grid, then a 1.
        let n = read("https://puzz.link/p?nonogram/3/3/g1g1g1g1g1g1").unwrap();
        assert_eq!(n.columns, vec![Some(vec![1]); 3]);
        assert_eq!(write(&n).unwrap(), "https://puzz.link/p?nonogram/3/3/1g1g1g1g1g1g");
        let empty = read("https://puzz.link/p?nonogram/3/3/r").unwrap();
        assert!(empty.rows.iter().chain(&empty.columns).all(|l| l.as_deref() == Some(&[][..])));
        assert_eq!(write(&empty).unwrap(), "https://puzz.link/p?nonogram/3/3/r");
    }

    #[test]
    fn bad_urls_name_the_column_and_what_was_expected() {
        for (url, column, expected) in [
            ("https://puzz.link/p?nonogram/6/6/12g1111h", 42, "clue 10 of 36"),
            ("https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3hx", 62, "the end of the URL"),
            ("https://puzz.link/p?nonogram/6/6/72g1111h11112j12g11g21j11g3h", 34, "run lengths from 1 to 6"),
            ("https://puzz.link/p?nonogram/6/6/.2g1111h11112j12g11g21j11g3h", 34, "run lengths from 1 to 6"),
            ("https://puzz.link/p?nonogram/0/6/", 30, "the number of columns"),
            ("https://puzz.link/p?nonogram/3/1/11122", 34, "runs that fit in its 3 cells"),
            ("https://puzz.link/p?nonogram/6", 31, "/ and the number of rows"),
            ("https://puzz.link/p?nurikabe/6/6/", 21, "nonogram"),
        ] {
            let e = read(url).unwrap_err().to_string();
            assert!(e.contains(&format!("{url}:1:{column}:")), "{url}: {e}");
            assert!(e.contains(expected), "{url}: {e}");
        }
    }

    #[test]
    fn withheld_lines_and_revealed_cells_are_not_written() {
        let mut n = read(PZPRJS).unwrap();
        n.given.push((1, 1, true));
        assert!(write(&n).unwrap_err().0.contains("reveals no cell"));
        n.given.clear();
        n.rows[2] = None;
        assert!(write(&n).unwrap_err().0.contains("row 3 is withheld"));
    }

    /// Random boards: written, read back the same; every mutation of a URL reads or fails, never
    /// panics, and what reads writes a URL that reads back to it.
    #[test]
    fn round_trips_and_mutations() {
        let mut rng = wgrnd_seam::SplitMix64(7);
        for _ in 0..300 {
            let (w, h) = (1 + rng.below(12) as usize, 1 + rng.below(12) as usize);
            let black: Vec<bool> = (0..w * h).map(|_| rng.below(2) == 0).collect();
            let runs = |cells: Vec<bool>| {
                let mut out = Vec::new();
                let mut run = 0;
                for b in cells.into_iter().chain([false]) {
                    if b {
                        run += 1;
                    } else if run > 0 {
                        out.push(run);
                        run = 0;
                    }
                }
                Some(out)
            };
            let n = Nonogram {
                width: w,
                height: h,
                rows: (0..h).map(|r| runs((0..w).map(|c| black[r * w + c]).collect())).collect(),
                columns: (0..w).map(|c| runs((0..h).map(|r| black[r * w + c]).collect())).collect(),
                given: Vec::new(),
                title: None,
                goal: None,
                notes: Vec::new(),
            };
            let url = write(&n).unwrap();
            assert_eq!(read(&url).unwrap(), n, "{url}");
            const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz-./?";
            for _ in 0..20 {
                let mut bytes = url.clone().into_bytes();
                let at = rng.below(bytes.len() as u64) as usize;
                match rng.below(3) {
                    0 => bytes[at] = ALPHABET[rng.below(ALPHABET.len() as u64) as usize],
                    1 => bytes.truncate(at.max(1)),
                    _ => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len() as u64) as usize]),
                }
                let mutated = String::from_utf8(bytes).unwrap();
                if let Ok(m) = read(&mutated) {
                    assert_eq!(read(&write(&m).unwrap()).unwrap(), m, "{mutated}");
                }
            }
        }
    }
}
