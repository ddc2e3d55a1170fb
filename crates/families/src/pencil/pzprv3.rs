//! pzprv3 files, pzprjs's own format (what its "save" writes; written from the format, no code):
//! a line `pzprv3` (or `pzprv3.N`, the file version N), the genre's id, the numbers of rows and
//! columns (one size line for sudoku), then the board as blocks of lines of space-separated
//! tokens, the puzzle's blocks first and the answer's after them; a line `info:{`, `history:{`
//! or `__HISTORY__` (or, in old files, one starting `http://`) ends the board. The slash form of pzprjs's tests (`pzprv3/nurikabe/5/5/...`)
//! is the same file with `/` for each line break. Each genre lists the blocks that hold its
//! puzzle ([`Block`], `Genre::file`); the answer is not read. The board is then checked as a
//! URL's is ([`crate::pencil::url`]), and every error names the file, line and column.

use wgrnd_sat::InputError;

use crate::pencil::board::Board;
use crate::pencil::codec::{Clue, Kakuro, Outside};
use crate::pencil::url::{self, Puzzle, MAX_SIDE};
use crate::pencil::Genre;

/// One block of a genre's pzprv3 file that holds the puzzle.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A line holding this letter alone, if there is one: a flag of the genre (yajilin's `o`).
    Flag(char),
    /// A line of comma-separated rule flags (country road, file version 1 and later): wgrnd
    /// reads none, so it must be empty.
    CountryFlags,
    /// A line with the number of stars.
    Stars,
    /// Rooms: walls ([`Block::Walls`]) in files of version 1 and later, else [`Block::AreaRoom`].
    Rooms1,
    /// Rooms as [`Block::Rooms1`], walls from file version 2 (country road, moon or sun).
    Rooms2,
    /// A line with the number of rooms (not used), then a room id per cell: a border lies
    /// between two cells with other ids.
    AreaRoom,
    /// Walls: `1` between cells side by side (rows x (cols - 1)), then between cells one above
    /// the other ((rows - 1) x cols).
    Walls,
    /// A clue per cell: `.` none, `-` a clue without its number, a number.
    Numbers,
    /// [`Block::Numbers`] with the answer's marks in the same grid (`#`, `+`: no clue).
    NumbersAns,
    /// Shakashaka's black cells: `5` without a number, 0-4 with it.
    NumbersB,
    /// The rooms' numbers, each in its room's first cell (row by row).
    RoomNumbers,
    /// Circles: `1` white, `2` black.
    Circles,
    /// Blocked cells: `*`.
    Blocked,
    /// Tapa's clues: comma-separated numbers, `-` for one not given.
    Tapa,
    /// Arrows: `d,n`, direction d (0 none, 1 up, 2 down, 3 left, 4 right) and number n or `-`.
    Arrows,
    /// Clues on the grid points, (rows + 1) x (cols + 1): `.`, `-`, a number.
    Corners,
    /// The grid with clues above and left of it, (rows + 1) x (cols + 1): the corner, then
    /// the top clues; each row its left clue, then its cells (tents' trees: a number; a given
    /// digit: `q` and the digit); a clue may carry `c` (ticked off).
    TopLeft,
    /// The grid with clues on all four sides, (rows + 2) x (cols + 2).
    Around,
    /// A line with the number of letters (easy as ABC).
    Letters,
    /// Kakuro's grid with the sums outside it, (rows + 1) x (cols + 1): the corner, then each
    /// column's sum down from above; each row its sum across from the left, then its cells: `.`
    /// a white cell, `a,b` a clue cell with the sum a across and b down (0: none; `0,0` a
    /// clue cell without sums).
    Kakuro,
    /// A grid of the answer, skipped (rows lines).
    Grid,
    /// Fillomino's borders of the answer, in which `X` (or `-X`) is a given border.
    FixedWalls,
}

/// Whether `text` is a pzprv3 file: its first line that is not blank starts with `pzprv3` (or
/// `v:`, a variant line before it).
pub fn is_pzprv3(text: &str) -> bool {
    // As a `.url` file's URL: the first line that is not blank or a `#` comment.
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    match lines.next() {
        Some(first) if first.starts_with("v:") => {
            first.contains("/pzprv3") || lines.next().is_some_and(|l| l.starts_with("pzprv3"))
        }
        Some(first) => first.starts_with("pzprv3"),
        None => false,
    }
}

/// The lines of a file, in the slash form or not, each with its line number (from 1) and
/// where its text starts (column 1 in a file; in the slash form, its column on the one line).
fn lines(text: &str) -> Vec<(usize, usize, &str)> {
    let trimmed = text.trim();
    if !trimmed.contains('\n') && trimmed.contains('/') {
        let start = text.len() - text.trim_start().len();
        let mut at = start;
        return trimmed
            .split('/')
            .map(|part| {
                let line = (1, at + 1, part);
                at += part.len() + 1;
                line
            })
            .collect();
    }
    text.lines().enumerate().map(|(i, l)| (i + 1, 1, l.trim_end_matches('\r'))).collect()
}

/// A file being read: its name, lines and the next line to read.
struct File<'a> {
    name: &'a str,
    lines: Vec<(usize, usize, &'a str)>,
    next: usize,
}

impl<'a> File<'a> {
    /// An error at the line `i` (an index), column `k` of its text (from 0).
    fn error_at(&self, i: usize, k: usize, found: impl Into<String>, expected: impl Into<String>) -> InputError {
        match self.lines.get(i) {
            Some(&(line, column, _)) => InputError::at(self.name, line, column + k, found, expected),
            // Past the last line: the line after it, or in the one-line `/` form the end of
            // that line.
            None => match self.lines.last() {
                Some(&(1, column, text)) if self.lines.len() > 1 => {
                    InputError::at(self.name, 1, column + text.len(), found, expected)
                }
                last => InputError::at(self.name, last.map_or(1, |l| l.0) + 1, 1, found, expected),
            },
        }
    }

    /// The next line, or an error saying what was expected.
    fn line(&mut self, expected: &str) -> Result<(usize, &'a str), InputError> {
        match self.lines.get(self.next) {
            Some(&(_, _, text)) if !ends_board(text) => {
                self.next += 1;
                Ok((self.next - 1, text))
            }
            _ => Err(self.error_at(self.next, 0, "the end of the board", expected)),
        }
    }

    /// The next line if it is `text` alone.
    fn take(&mut self, text: &str) -> bool {
        let here = self.lines.get(self.next).is_some_and(|l| l.2.trim() == text);
        self.next += usize::from(here);
        here
    }

    /// A number on a line of its own, 1 to `most`.
    fn number(&mut self, what: &str, most: usize) -> Result<usize, InputError> {
        let expected = format!("{what}, 1 to {most}");
        let (i, text) = self.line(&expected)?;
        match text.trim().parse::<usize>() {
            Ok(n) if (1..=most).contains(&n) => Ok(n),
            _ => Err(self.error_at(i, 0, format!("'{}'", text.trim()), expected)),
        }
    }

    /// `rows` lines of `cols` tokens each: the tokens, each with its line index and column.
    fn grid(&mut self, rows: usize, cols: usize, what: &str) -> Result<Vec<(usize, usize, &'a str)>, InputError> {
        let mut out = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            let (i, text) = self.line(&format!("row {} of {rows} of {what}", r + 1))?;
            let mut tokens = Vec::new();
            let mut at = 0;
            for token in text.split(' ') {
                if !token.is_empty() {
                    tokens.push((i, at, token));
                }
                at += token.len() + 1;
            }
            if tokens.len() != cols {
                let found = format!("{} token(s)", tokens.len());
                return Err(self.error_at(
                    i,
                    0,
                    found,
                    format!("{cols} space-separated tokens in row {} of {what}", r + 1),
                ));
            }
            out.extend(tokens);
        }
        Ok(out)
    }

    /// An error at a token.
    fn bad(&self, &(i, k, token): &(usize, usize, &str), expected: impl Into<String>) -> InputError {
        self.error_at(i, k, format!("'{token}'"), expected)
    }
}

/// Whether a line ends the board (what follows is metadata and history).
fn ends_board(line: &str) -> bool {
    line.contains("info:{") || line.contains("history:{") || line.contains("__HISTORY__") || line.starts_with("http://")
}

/// A clue token: `.` none, `-` not given, a number (with `c` before it when ticked off).
fn clue(token: &str) -> Option<Clue> {
    match token {
        "." => Some(Clue::Empty),
        "-" => Some(Clue::Unknown),
        t => t.strip_prefix('c').unwrap_or(t).parse().ok().map(Clue::Number),
    }
}

/// Reads a pzprv3 file `text`, named `name`.
pub fn read(name: &str, text: &str) -> Result<Puzzle, InputError> {
    let mut f = File { name, lines: lines(text), next: 0 };
    // Blank lines and `#` comments before the header (as `is_pzprv3` passes them over).
    while f.lines.get(f.next).is_some_and(|l| l.2.trim().is_empty() || l.2.trim_start().starts_with('#')) {
        f.next += 1;
    }
    let (i, first) = f.line("pzprv3")?;
    if first.trim().starts_with("v:") {
        return Err(f.error_at(
            i,
            0,
            format!("'{}'", first.trim()),
            "pzprv3: no variant, wgrnd reads a genre's standard rules",
        ));
    }
    let version: u32 = match first.trim().strip_prefix("pzprv3") {
        Some("") => 0,
        Some(v) => match v.strip_prefix('.').and_then(|n| n.parse().ok()) {
            Some(n) => n,
            None => return Err(f.error_at(i, 0, format!("'{}'", first.trim()), "pzprv3 or pzprv3.N")),
        },
        None => return Err(f.error_at(i, 0, format!("'{}'", first.trim()), "pzprv3, the first line of a pzprv3 file")),
    };
    let (i, id) = f.line("the genre")?;
    let Some((genre, gname)) = url::genre(id.trim()) else {
        return Err(f.error_at(
            i,
            0,
            format!("genre '{}'", id.trim()),
            "one of wgrnd's genres (nonograms: their URL or .non file)",
        ));
    };
    // pzprjs writes one size line for sudoku alone (its other square genres give both).
    let (rows, cols) = if genre.pid == "sudoku" {
        let n = f.number("the size", MAX_SIDE)?;
        (n, n)
    } else {
        (f.number("the number of rows", MAX_SIDE)?, f.number("the number of columns", MAX_SIDE)?)
    };
    if genre.square && rows != cols {
        return Err(f.error_at(f.next - 1, 0, format!("{rows} x {cols}"), "a square grid"));
    }
    let mut b = Board::new(rows, cols);
    let mut flags = String::new();
    let cells = rows * cols;
    let first_line = f.next;
    for block in genre.file {
        read_block(&mut f, genre, *block, version, &mut b, &mut flags)?;
    }
    b.switches = genre.switches.iter().map(|&(flag, name)| (name, flags.contains(flag))).collect();
    // Layers the genre's URL carries that its file leaves empty.
    let layers = genre.layers();
    if layers.numbers && b.numbers.is_empty() {
        b.numbers = vec![Clue::Empty; cells];
    }
    if layers.rooms && b.right.is_empty() && b.below.is_empty() {
        b.clear_walls();
    }
    let (line, column) = f.lines.get(first_line).map_or((1, 1), |l| (l.0, l.1));
    url::check_clues(genre, &b, &|found, expected| InputError::at(name, line, column, found, expected))?;
    Ok(Puzzle { genre, name: gname, flags, board: b })
}

/// Reads one block into the board.
fn read_block(
    f: &mut File<'_>,
    genre: &Genre,
    block: Block,
    version: u32,
    b: &mut Board,
    flags: &mut String,
) -> Result<(), InputError> {
    let (rows, cols) = (b.rows, b.cols);
    let cells = rows * cols;
    let grid_clues = |f: &File<'_>, tokens: &[(usize, usize, &str)], what: &str| -> Result<Vec<Clue>, InputError> {
        tokens.iter().map(|t| clue(t.2).ok_or_else(|| f.bad(t, format!("{what}: '.', '-' or a number")))).collect()
    };
    match block {
        Block::Flag(c) => {
            if f.take(&c.to_string()) {
                if !genre.flags.contains(c) {
                    let i = f.next - 1;
                    return Err(f.error_at(
                        i,
                        0,
                        format!("the flag '{c}'"),
                        format!("no rule flag: wgrnd reads the standard rules of {}", genre.title),
                    ));
                }
                flags.push(c);
            }
        }
        Block::CountryFlags if version >= 1 => {
            let (i, text) = f.line("the rule flags (an empty line)")?;
            if !text.trim().is_empty() {
                return Err(f.error_at(
                    i,
                    0,
                    format!("the flags '{}'", text.trim()),
                    "no rule flags: wgrnd reads the standard rules",
                ));
            }
        }
        Block::CountryFlags => {}
        Block::Stars => b.stars = Some(f.number("the number of stars", rows.min(cols))? as u32),
        Block::Rooms1 | Block::Rooms2 => {
            let walls_from = if block == Block::Rooms1 { 1 } else { 2 };
            let next = if version >= walls_from { Block::Walls } else { Block::AreaRoom };
            read_block(f, genre, next, version, b, flags)?;
        }
        Block::AreaRoom => {
            f.line("the number of rooms")?;
            let ids = f.grid(rows, cols, "the rooms")?;
            let id = |r: usize, c: usize| ids[r * cols + c].2;
            b.right = (0..rows)
                .flat_map(|r| (0..cols - 1).map(move |c| (r, c)))
                .map(|(r, c)| id(r, c) != id(r, c + 1))
                .collect();
            b.below = (0..rows - 1)
                .flat_map(|r| (0..cols).map(move |c| (r, c)))
                .map(|(r, c)| id(r, c) != id(r + 1, c))
                .collect();
        }
        Block::Walls => {
            let wall = |f: &File<'_>, tokens: Vec<(usize, usize, &str)>| -> Result<Vec<bool>, InputError> {
                tokens
                    .iter()
                    .map(|t| match t.2 {
                        "1" => Ok(true),
                        "0" => Ok(false),
                        _ => Err(f.bad(t, "a wall: 1, or 0 for none")),
                    })
                    .collect()
            };
            let right = f.grid(rows, cols - 1, "the walls between cells side by side")?;
            b.right = wall(f, right)?;
            let below = f.grid(rows - 1, cols, "the walls between cells one above the other")?;
            b.below = wall(f, below)?;
        }
        Block::Numbers | Block::NumbersAns => {
            let tokens = f.grid(rows, cols, "the clues")?;
            b.numbers = tokens
                .iter()
                .map(|t| match (block, t.2) {
                    (Block::NumbersAns, "#" | "+") => Ok(Clue::Empty),
                    _ => clue(t.2).ok_or_else(|| f.bad(t, "a clue: '.', '-' or a number")),
                })
                .collect::<Result<_, _>>()?;
        }
        Block::NumbersB => {
            let tokens = f.grid(rows, cols, "the black cells")?;
            b.numbers = tokens
                .iter()
                .map(|t| match t.2 {
                    "5" => Ok(Clue::Unknown),
                    "." => Ok(Clue::Empty),
                    x => x
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n <= 4)
                        .map(Clue::Number)
                        .ok_or_else(|| f.bad(t, "'.', 0-4 or 5 (a black cell without a number)")),
                })
                .collect::<Result<_, _>>()?;
        }
        Block::RoomNumbers => {
            let tokens = f.grid(rows, cols, "the rooms' numbers")?;
            let numbers = grid_clues(f, &tokens, "a room's number")?;
            let (room, count) = b.rooms();
            let mut out = vec![Clue::Empty; count];
            let mut seen = vec![false; count];
            for (i, &n) in numbers.iter().enumerate() {
                if seen[room[i]] {
                    if n != Clue::Empty {
                        return Err(f.bad(&tokens[i], format!("no number: the room's number stands in its first cell (row by row), and room {} has one", room[i] + 1)));
                    }
                    continue;
                }
                seen[room[i]] = true;
                out[room[i]] = n;
            }
            b.room_numbers = out;
        }
        Block::Circles => {
            let tokens = f.grid(rows, cols, "the circles")?;
            b.circles = tokens
                .iter()
                .map(|t| match t.2 {
                    "." => Ok(0),
                    "1" => Ok(1),
                    "2" => Ok(2),
                    _ => Err(f.bad(t, "a circle: 1 white, 2 black, or '.'")),
                })
                .collect::<Result<_, _>>()?;
        }
        Block::Blocked => {
            let tokens = f.grid(rows, cols, "the cells")?;
            b.blocked = tokens.iter().map(|t| t.2 == "*").collect();
        }
        Block::Tapa => {
            let tokens = f.grid(rows, cols, "the clues")?;
            b.tapa = tokens
                .iter()
                .map(|t| match t.2 {
                    "." | "#" | "+" => Ok(Vec::new()),
                    list => list
                        .split(',')
                        .map(|x| match x {
                            "-" => Some(Clue::Unknown),
                            n => n.parse().ok().map(Clue::Number),
                        })
                        .collect::<Option<Vec<Clue>>>()
                        .filter(|v| v.len() <= 4)
                        .ok_or_else(|| f.bad(t, "a tapa clue: up to four numbers or '-', separated by commas")),
                })
                .collect::<Result<_, _>>()?;
        }
        Block::Arrows => {
            let tokens = f.grid(rows, cols, "the arrows")?;
            b.arrows = tokens
                .iter()
                .map(|t| {
                    if t.2 == "." {
                        return Ok((0, Clue::Empty));
                    }
                    let (d, n) = t.2.split_once(',').ok_or_else(|| f.bad(t, "an arrow 'd,n' or '.'"))?;
                    let d = d.parse::<u8>().ok().filter(|&d| d <= 4).ok_or_else(|| f.bad(t, "a direction 0-4"))?;
                    let n = match n {
                        "-" => Clue::Unknown,
                        n => Clue::Number(n.parse().map_err(|_| f.bad(t, "the arrow's number or '-'"))?),
                    };
                    Ok((d, n))
                })
                .collect::<Result<_, _>>()?;
        }
        Block::Corners => {
            let tokens = f.grid(rows + 1, cols + 1, "the clues on grid points")?;
            b.corners = grid_clues(f, &tokens, "a clue")?;
        }
        Block::TopLeft | Block::Around => {
            let around = block == Block::Around;
            let (extra, what) = if around {
                (2, "the grid with its clues around it")
            } else {
                (1, "the grid with its clues above and left")
            };
            let w = cols + extra;
            let tokens = f.grid(rows + extra, w, what)?;
            let at = |r: usize, c: usize| &tokens[r * w + c];
            let outside = |f: &File<'_>, t: &(usize, usize, &str)| {
                clue(t.2).ok_or_else(|| f.bad(t, "a clue outside the grid: '.', '-' or a number"))
            };
            let mut out = Vec::new();
            for c in 0..cols {
                out.push(outside(f, at(0, c + 1))?);
            }
            if around {
                for c in 0..cols {
                    out.push(outside(f, at(rows + 1, c + 1))?);
                }
            }
            for r in 0..rows {
                out.push(outside(f, at(r + 1, 0))?);
            }
            if around {
                for r in 0..rows {
                    out.push(outside(f, at(r + 1, cols + 1))?);
                }
            }
            b.sides = if around { 4 } else { 2 };
            b.outside = out;
            let inside: Vec<&(usize, usize, &str)> = (0..cells).map(|i| at(i / cols + 1, i % cols + 1)).collect();
            let layers = genre.layers();
            if layers.trees {
                b.trees = inside.iter().map(|t| t.2.parse::<u32>().is_ok_and(|n| n > 0)).collect();
            }
            if layers.numbers {
                b.numbers = inside
                    .iter()
                    .map(|t| match t.2.strip_prefix('q') {
                        Some(n) => {
                            n.parse().map(Clue::Number).map_err(|_| f.bad(t, "a given number: q and the number"))
                        }
                        None => Ok(Clue::Empty),
                    })
                    .collect::<Result<_, _>>()?;
            }
        }
        Block::Letters => b.letters = Some(f.number("the number of letters", rows.min(cols))? as u32),
        Block::Kakuro => {
            let w = cols + 1;
            let tokens = f.grid(rows + 1, w, "the grid with its sums")?;
            let sum = |f: &File<'_>, t: &(usize, usize, &str), text: &str| -> Result<Option<u32>, InputError> {
                match text.parse::<u32>() {
                    Ok(0) => Ok(None),
                    Ok(n) if n <= 45 => Ok(Some(n)),
                    _ => Err(f.bad(t, "a sum from 0 (none) to 45")),
                }
            };
            let mut cells = Vec::with_capacity(cells);
            for r in 0..rows {
                for c in 0..cols {
                    let t = &tokens[(r + 1) * w + c + 1];
                    cells.push(match t.2 {
                        "." => None,
                        clue => {
                            let (across, down) =
                                clue.split_once(',').ok_or_else(|| f.bad(t, "'.' or a clue cell 'a,b'"))?;
                            // As the URL holds them: a clue cell without sums, or both sums
                            // (0 for the side without a run).
                            match (sum(f, t, down)?, sum(f, t, across)?) {
                                (None, None) => Some((None, None)),
                                (d, a) => Some((Some(d.unwrap_or(0)), Some(a.unwrap_or(0)))),
                            }
                        }
                    });
                }
            }
            let kakuro = Kakuro::with_outside(cells, rows, cols, |at| {
                let t = match at {
                    Outside::Column(c) => &tokens[c + 1],
                    Outside::Row(r) => &tokens[(r + 1) * w],
                };
                sum(f, t, t.2)
            })?;
            b.kakuro = Some(kakuro);
        }
        Block::Grid => {
            f.grid(rows, cols, "the answer")?;
        }
        Block::FixedWalls => {
            // Optional: a file may end before the answer's borders.
            if f.lines.get(f.next).is_none_or(|l| ends_board(l.2) || l.2.trim().is_empty()) {
                return Ok(());
            }
            let given = |tokens: Vec<(usize, usize, &str)>| tokens.iter().map(|t| t.2 == "X" || t.2 == "-X").collect();
            b.right = given(f.grid(rows, cols - 1, "the borders between cells side by side")?);
            b.below = given(f.grid(rows - 1, cols, "the borders between cells one above the other")?);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pencil::GENRES;

    fn fixture(path: &str) -> String {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pencil");
        std::fs::read_to_string(root.join(path)).unwrap()
    }

    /// Every pzprv3 fixture (pzprjs's test files, the answer's blocks included) holds the board
    /// of the same test's URL, in both the file form and the slash form.
    #[test]
    fn pzprjs_s_files_hold_the_boards_of_its_urls() {
        let mut files = 0;
        let mut wrong = Vec::new();
        for genre in GENRES {
            let Ok(text) = std::fs::read_to_string(
                std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join(format!("../../fixtures/pencil/{}/pzprjs.pzprv3", genre.pid)),
            ) else {
                continue;
            };
            let want = url::read(fixture(&format!("{}/pzprjs.url", genre.pid)).trim()).unwrap();
            files += 1;
            let slashes = text.replace('\n', "/");
            match (read("pzprjs.pzprv3", &text), read("slashes", &slashes)) {
                (Ok(got), Ok(again))
                    if got.board == want.board && again.board == want.board && got.genre == want.genre => {}
                (Ok(got), _) if got.board != want.board => {
                    wrong.push(format!("{}: {:?}\nwant {:?}", genre.pid, got.board, want.board))
                }
                (got, again) => wrong.push(format!("{}: {:?} {:?}", genre.pid, got.err(), again.err())),
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        assert_eq!(files, GENRES.len());
    }

    /// Bad files: the error names the file, line and column, and what was expected.
    #[test]
    fn bad_files_name_line_and_column() {
        for (text, at, expected) in [
            ("pzprv3\nnurikabe\n2\n2\n. 1\n", ":6:1:", "row 2 of 2 of the clues"),
            ("pzprv3\nnurikabe\n2\n2\n. 1\n. x\n", ":6:3:", "a clue: '.', '-' or a number"),
            ("pzprv3\nnurikabe\n2\n2\n. 1 3\n", ":5:1:", "2 space-separated tokens in row 1"),
            ("pzprv3\nnurikabe\n0\n2\n", ":3:1:", "the number of rows, 1 to 256"),
            ("pzprv3\nnurikab\n2\n2\n", ":2:1:", "one of wgrnd's genres"),
            ("pzprv3.x\nnurikabe\n2\n2\n", ":1:1:", "pzprv3 or pzprv3.N"),
            ("pzprv3\nslither\n1\n1\nf\n.\n", ":5:1:", "no rule flag: wgrnd reads the standard rules of Slitherlink"),
            ("pzprv3\nmashu\n1\n2\n1 3\n", ":5:3:", "a circle: 1 white, 2 black"),
            ("pzprv3\nnurikabe\n1\n2\n9 .\n", ":5:1:", "a clue of Nurikabe from 0 to 2"),
            ("pzprv3\nnonogram\n1\n2\n", ":2:1:", "nonograms: their URL or .non file"),
            ("pzprv3/nurikabe/2/2/. 1 /. x /", ":1:28:", "a clue"),
            ("pzprv3/nurikabe/2/2/. 1", ":1:24:", "row 2 of 2 of the clues"),
            ("pzprv3\nskyscrapers\n4\n5\n", ":4:1:", "a square grid"),
            ("pzprv3\ntapa\n1\n2\n5,5,5 .\n", ":5:1:", "three 1-3"),
        ] {
            let e = read("bad.pzprv3", text).unwrap_err().to_string();
            assert!(e.contains(&format!("bad.pzprv3{at}")) && e.contains(expected), "{text:?}: {e}");
        }
    }

    /// Rooms from room ids (version 0) and from walls (version 1) are the same rooms; a number
    /// in a room's first cell is the room's.
    #[test]
    fn rooms_as_ids_and_as_walls() {
        let ids = "pzprv3\nheyawake\n2\n3\n2\n0 0 1\n0 1 1\n2 . .\n. . .\n";
        let walls = "pzprv3.1\nheyawake\n2\n3\n0 1\n1 0\n0 1 0\n2 . .\n. . .\n";
        let a = read("ids", ids).unwrap();
        let b = read("walls", walls).unwrap();
        assert_eq!(a.board, b.board);
        assert_eq!(a.board.room_numbers, vec![Clue::Number(2), Clue::Empty]);
        let e = read("late", "pzprv3.1\nheyawake\n2\n3\n0 1\n1 0\n0 1 0\n2 . .\n3 . .\n").unwrap_err().to_string();
        assert!(e.contains("late:9:1:") && e.contains("room 1 has one"), "{e}");
    }

    /// A one-column board keeps its walls (no wall between cells side by side, some below);
    /// a `.url` file's `#` comment before a pzprv3 text is passed over.
    #[test]
    fn one_column_rooms_and_comments() {
        let p = read("one", "pzprv3.1\nlits\n3\n1\n\n\n\n1\n0\n").unwrap();
        assert_eq!((p.board.right.len(), p.board.below.clone()), (0, vec![true, false]));
        let commented = "# saved from pzprjs\npzprv3\nnurikabe\n1\n2\n. 1\n";
        assert!(is_pzprv3(commented));
        assert_eq!(read("c", commented).unwrap().board.numbers, vec![Clue::Empty, Clue::Number(1)]);
        assert!(!is_pzprv3("# pzprv3\nhttps://puzz.link/p?nurikabe/1/1/g\n"));
    }

    /// Mutated files read or fail, never panic.
    #[test]
    fn mutations_never_panic() {
        let mut rng = wgrnd_seam::SplitMix64(11);
        for genre in ["nurikabe", "lits", "mashu", "starbattle", "sudoku", "slither"] {
            let text = fixture(&format!("{genre}/pzprjs.pzprv3"));
            for _ in 0..500 {
                let mut bytes = text.clone().into_bytes();
                let at = rng.below(bytes.len() as u64) as usize;
                const ALPHABET: &[u8] = b"0123456789.-#+ \nqc,*X/pzrv";
                match rng.below(3) {
                    0 => bytes[at] = ALPHABET[rng.below(ALPHABET.len() as u64) as usize],
                    1 => bytes.truncate(at),
                    _ => bytes.insert(at, ALPHABET[rng.below(ALPHABET.len() as u64) as usize]),
                }
                let _ = read("m", &String::from_utf8(bytes).unwrap());
            }
        }
    }
}
