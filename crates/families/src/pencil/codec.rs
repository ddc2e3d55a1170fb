//! The body codecs of puzz.link URLs, written from the format as pzprjs (github.com/robx/pzprjs,
//! MIT) writes it: each codec reads one layer of a board (numbers in cells, borders, room numbers,
//! circles, ...) from the body and writes it back exactly as pzprjs's encoder does, so that a URL
//! that pzprjs wrote decodes and encodes to the same text. Reading is strict where pzprjs is
//! lenient: a character no codec expects, a number cut short, a body that ends before the last
//! cell or runs past it is an error naming its column in the URL.

use wgrnd_sat::InputError;

/// A clue in a cell or a room.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clue {
    /// No clue.
    Empty,
    /// A number.
    Number(u32),
    /// A clue whose number is not given (pzprjs's `?`; a plain wall in akari).
    Unknown,
}

/// The body of a URL being read: its text, where it starts in the URL (for columns in errors)
/// and how far it has been read.
pub struct Body<'a> {
    url: &'a str,
    text: &'a [u8],
    start: usize,
    pos: usize,
}

/// Largest number the 16-based codec writes (`$` and five hexadecimal digits).
const NUMBER16_MAX: u32 = 77_776 + 0xfffff;

impl<'a> Body<'a> {
    /// The body `text`, which starts at byte `start` of `url` (an ASCII string).
    pub fn new(url: &'a str, text: &'a str, start: usize) -> Self {
        Body { url, text: text.as_bytes(), start, pos: 0 }
    }

    /// An error at the current position.
    pub fn error(&self, expected: impl Into<String>) -> InputError {
        let found = match self.text.get(self.pos) {
            Some(&b) => format!("'{}'", b as char),
            None => "the end of the URL".to_string(),
        };
        InputError::at(self.url, 1, self.start + self.pos + 1, found, expected)
    }

    /// An error at byte `at` of the body.
    fn error_at(&self, at: usize, found: impl Into<String>, expected: impl Into<String>) -> InputError {
        InputError::at(self.url, 1, self.start + at + 1, found, expected)
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    /// Whether the whole body has been read.
    pub fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    /// Reads `n` digits of `radix` as one number.
    fn digits(&mut self, n: usize, radix: u32, what: &str) -> Result<u32, InputError> {
        let mut value = 0u32;
        for _ in 0..n {
            let d = self
                .peek()
                .and_then(|b| (b as char).to_digit(radix))
                .filter(|_| self.peek().is_some_and(|b| !b.is_ascii_uppercase()))
                .ok_or_else(|| self.error(what.to_string()))?;
            value = value * radix + d;
            self.pos += 1;
        }
        Ok(value)
    }

    /// `cells` number clues, in the 16-based codec (`decodeNumber16`): a hexadecimal digit, `-`
    /// and two digits, `+` and three, `=`, `@` (`%`), `*` and `$` for larger numbers, `.` for an
    /// unknown clue, `g`-`z` for 1-20 empty cells.
    pub fn number16(&mut self, cells: usize) -> Result<Vec<Clue>, InputError> {
        let mut out = Vec::with_capacity(cells);
        while out.len() < cells {
            let at = self.pos;
            let Some(b) = self.peek() else {
                return Err(self.error(format!("clue {} of {cells} (the body ends too soon)", out.len() + 1)));
            };
            self.pos += 1;
            let number = |body: &mut Self, n, offset| -> Result<Clue, InputError> {
                Ok(Clue::Number(body.digits(n, 16, "a hexadecimal digit")? + offset))
            };
            let clue = match b {
                b'0'..=b'9' | b'a'..=b'f' => Clue::Number((b as char).to_digit(16).unwrap_or(0)),
                b'-' => number(self, 2, 0)?,
                b'+' => number(self, 3, 0)?,
                b'=' => number(self, 3, 4096)?,
                b'%' | b'@' => number(self, 3, 8192)?,
                b'*' => number(self, 4, 12240)?,
                b'$' => number(self, 5, 77776)?,
                b'.' => Clue::Unknown,
                b'g'..=b'z' => {
                    let skip = usize::from(b - b'g') + 1;
                    if out.len() + skip > cells {
                        return Err(self.error_at(
                            at,
                            format!("'{}' ({skip} empty cells)", b as char),
                            format!("at most {} more cells", cells - out.len()),
                        ));
                    }
                    out.extend(std::iter::repeat_n(Clue::Empty, skip));
                    continue;
                }
                _ => {
                    self.pos = at;
                    return Err(self.error("a clue (0-9, a-f, -, +, =, @, *, $, .) or g-z for empty cells"));
                }
            };
            out.push(clue);
        }
        Ok(out)
    }

    /// `cells` clues of 0-4, in the 4-cell codec (`decode4Cell`): `0`-`4` a clue, `5`-`9` a clue
    /// and one empty cell, `a`-`e` a clue and two, `.` unknown, `g`-`z` 1-20 empty cells. The last
    /// clue may count empty cells past the grid's end, as pzprjs writes it.
    pub fn four_cell(&mut self, cells: usize) -> Result<Vec<Clue>, InputError> {
        let mut out = Vec::with_capacity(cells + 2);
        while out.len() < cells {
            let Some(b) = self.peek() else {
                return Err(self.error(format!("clue {} of {cells} (the body ends too soon)", out.len() + 1)));
            };
            let (clue, skip) = match b {
                b'0'..=b'4' => (Some(u32::from(b - b'0')), 0),
                b'5'..=b'9' => (Some(u32::from(b - b'5')), 1),
                b'a'..=b'e' => (Some(u32::from(b - b'a')), 2),
                b'.' => (None, 0),
                b'g'..=b'z' => {
                    let skip = usize::from(b - b'g') + 1;
                    if out.len() + skip > cells {
                        return Err(self.error(format!("at most {} more empty cells", cells - out.len())));
                    }
                    self.pos += 1;
                    out.extend(std::iter::repeat_n(Clue::Empty, skip));
                    continue;
                }
                _ => return Err(self.error("a clue 0-9, a-e or ., or g-z for empty cells")),
            };
            self.pos += 1;
            out.push(clue.map_or(Clue::Unknown, Clue::Number));
            out.extend(std::iter::repeat_n(Clue::Empty, skip));
        }
        out.truncate(cells);
        Ok(out)
    }

    /// `cells` numbers of hitori (`decodeHitori`): a base-36 digit, `-` and two base-36 digits,
    /// `@` (`%`) unknown, `.` an empty cell.
    pub fn hitori(&mut self, cells: usize) -> Result<Vec<Clue>, InputError> {
        let mut out = Vec::with_capacity(cells);
        while out.len() < cells {
            let Some(b) = self.peek() else {
                return Err(self.error(format!("number {} of {cells} (the body ends too soon)", out.len() + 1)));
            };
            self.pos += 1;
            out.push(match b {
                b'0'..=b'9' | b'a'..=b'z' => Clue::Number((b as char).to_digit(36).unwrap_or(0)),
                b'-' => Clue::Number(self.digits(2, 36, "a base-36 digit (0-9, a-z)")?),
                b'@' | b'%' => Clue::Unknown,
                b'.' => Clue::Empty,
                _ => {
                    self.pos -= 1;
                    return Err(self.error("a number (0-9, a-z, or - and two of them), @ or ."));
                }
            });
        }
        Ok(out)
    }

    /// `n` marked cells (simple loop's blocked cells), five to a base-32 character.
    pub fn binary(&mut self, n: usize) -> Result<Vec<bool>, InputError> {
        self.bits(n, "five cells")
    }

    /// `n` bits, five to a base-32 character (`0`-`9`, `a`-`v`), the first bit the highest.
    fn bits(&mut self, n: usize, what: &str) -> Result<Vec<bool>, InputError> {
        let mut out = Vec::with_capacity(n + 4);
        while out.len() < n {
            let v = self.digits(1, 32, &format!("{what} as a base-32 digit (0-9, a-v)"))?;
            out.extend((0..5).rev().map(|k| v >> k & 1 == 1));
        }
        out.truncate(n);
        Ok(out)
    }

    /// The borders of a grid (`decodeBorder`): those between side-by-side cells, row by row,
    /// then those between cells one above the other.
    pub fn borders(&mut self, rows: usize, cols: usize) -> Result<(Vec<bool>, Vec<bool>), InputError> {
        let right = self.bits((cols - 1) * rows, "borders between columns")?;
        let below = self.bits(cols * (rows - 1), "borders between rows")?;
        Ok((right, below))
    }

    /// `cells` circles (`decodeCircle`): three cells to a base-27 character, 0 none, 1 white, 2
    /// black.
    pub fn circles(&mut self, cells: usize) -> Result<Vec<u8>, InputError> {
        let mut out = Vec::with_capacity(cells + 2);
        while out.len() < cells {
            let v = self.digits(1, 27, "three circles as a base-27 digit (0-9, a-q)")?;
            out.extend([v / 9, v / 3 % 3, v % 3].map(|d| d as u8));
        }
        out.truncate(cells);
        Ok(out)
    }

    /// `n` trees (`decode1Cell`): a base-36 digit x up to 17 marks a cell and leaves the x
    /// after it unmarked; x from 18 leaves x - 17 cells unmarked.
    pub fn one_cell(&mut self, n: usize) -> Result<Vec<bool>, InputError> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let x = self
                .peek()
                .and_then(|b| (b as char).to_digit(36))
                .filter(|_| self.peek().is_some_and(|b| !b.is_ascii_uppercase()));
            let Some(x) = x else {
                return Err(self.error(format!("a tree and the cells after it (0-z), cell {} of {n}", out.len() + 1)));
            };
            let (mark, empty) = if x <= 17 { (true, x as usize) } else { (false, x as usize - 17) };
            if out.len() + usize::from(mark) + empty > n {
                return Err(self.error(format!("at most {} more cells", n - out.len())));
            }
            self.pos += 1;
            if mark {
                out.push(true);
            }
            out.extend(std::iter::repeat_n(false, empty));
        }
        Ok(out)
    }

    /// `n` arrows with numbers (`decodeArrowNumber16`): a direction digit 0-4 and a hexadecimal
    /// digit or `.`; 5-9 (the direction plus 5) and two hexadecimal digits; `-`, the direction
    /// and three; `a`-`z` for 1-26 empty cells.
    pub fn arrows(&mut self, n: usize) -> Result<Vec<(u8, Clue)>, InputError> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let Some(b) = self.peek() else {
                return Err(self.error(format!("arrow {} of {n} (the body ends too soon)", out.len() + 1)));
            };
            match b {
                b'0'..=b'4' => {
                    self.pos += 1;
                    let clue = if self.peek() == Some(b'.') {
                        self.pos += 1;
                        Clue::Unknown
                    } else {
                        Clue::Number(self.digits(1, 16, "the arrow's number (a hexadecimal digit or .)")?)
                    };
                    out.push((b - b'0', clue));
                }
                b'5'..=b'9' => {
                    self.pos += 1;
                    out.push((b - b'5', Clue::Number(self.digits(2, 16, "two hexadecimal digits")?)));
                }
                b'-' => {
                    self.pos += 1;
                    let d = self.digits(1, 5, "the arrow's direction (0-4)")? as u8;
                    out.push((d, Clue::Number(self.digits(3, 16, "three hexadecimal digits")?)));
                }
                b'a'..=b'z' => {
                    let skip = usize::from(b - b'a') + 1;
                    if out.len() + skip > n {
                        return Err(self.error(format!("at most {} more empty cells", n - out.len())));
                    }
                    self.pos += 1;
                    out.extend(std::iter::repeat_n((0, Clue::Empty), skip));
                }
                _ => return Err(self.error("an arrow (0-9, -) or a-z for empty cells")),
            }
        }
        Ok(out)
    }

    /// The character `c`, which separates two layers.
    pub fn separator(&mut self, c: u8) -> Result<(), InputError> {
        if self.peek() != Some(c) {
            return Err(self.error(format!("'{}' between two parts of the body", c as char)));
        }
        self.pos += 1;
        Ok(())
    }

    /// `n` tapa clues (`decodeNumber_tapa`): a list of one to four numbers per clue cell, empty
    /// for other cells. `0`-`8` one number, `9` the list 1 1 1 1, `.` one `?`; `a`-`f` and one
    /// more character a base-36 number N: two numbers of 0-5 (N - 360 = 6a + b), three of 0-3
    /// (N - 396 = 16a + 4b + c), four of 0-1 (N - 460 = 8a + 4b + 2c + d), 0 in a list being `?`;
    /// `g`-`z` 1-20 empty cells.
    pub fn tapa(&mut self, n: usize) -> Result<Vec<Vec<Clue>>, InputError> {
        let mut out: Vec<Vec<Clue>> = Vec::with_capacity(n);
        while out.len() < n {
            let Some(b) = self.peek() else {
                return Err(self.error(format!("clue {} of {n} (the body ends too soon)", out.len() + 1)));
            };
            let entry = |v: u32| if v == 0 { Clue::Unknown } else { Clue::Number(v) };
            let list = match b {
                b'0'..=b'8' => vec![Clue::Number(u32::from(b - b'0'))],
                b'9' => vec![Clue::Number(1); 4],
                b'.' => vec![Clue::Unknown],
                b'a'..=b'f' => {
                    let at = self.pos;
                    let v = self.digits(2, 36, "a tapa clue: two base-36 digits")?;
                    self.pos -= 1;
                    match v {
                        360..=395 => [(v - 360) / 6, (v - 360) % 6].map(entry).to_vec(),
                        396..=459 => [(v - 396) / 16, (v - 396) / 4 % 4, (v - 396) % 4].map(entry).to_vec(),
                        460..=475 => {
                            [(v - 460) / 8, (v - 460) / 4 % 2, (v - 460) / 2 % 2, (v - 460) % 2].map(entry).to_vec()
                        }
                        _ => {
                            self.pos = at;
                            return Err(self.error("a tapa clue: a0-f3 (two to four numbers)"));
                        }
                    }
                }
                b'g'..=b'z' => {
                    let skip = usize::from(b - b'g') + 1;
                    if out.len() + skip > n {
                        return Err(self.error(format!("at most {} more empty cells", n - out.len())));
                    }
                    self.pos += 1;
                    out.extend(std::iter::repeat_n(Vec::new(), skip));
                    continue;
                }
                _ => return Err(self.error("a tapa clue (0-9, ., a-f) or g-z for empty cells")),
            };
            self.pos += 1;
            out.push(list);
        }
        Ok(out)
    }

    /// A kakuro (`decodeKakuro`): its clue cells with their sums down and across, then the sums
    /// outside the grid of every column whose first cell and every row whose first cell is white.
    pub fn kakuro(&mut self, rows: usize, cols: usize) -> Result<Kakuro, InputError> {
        let n = rows * cols;
        let mut cells: Vec<Option<(Option<u32>, Option<u32>)>> = Vec::with_capacity(n);
        while cells.len() < n {
            let Some(b) = self.peek() else {
                return Err(self.error(format!("cell {} of {n} (the body ends too soon)", cells.len() + 1)));
            };
            match b {
                b'k'..=b'z' => {
                    let skip = usize::from(b - b'j');
                    if cells.len() + skip > n {
                        return Err(self.error(format!("at most {} more white cells", n - cells.len())));
                    }
                    self.pos += 1;
                    cells.extend(std::iter::repeat_n(None, skip));
                }
                b'.' => {
                    self.pos += 1;
                    cells.push(Some((None, None)));
                }
                _ => {
                    let down = self.sum()?;
                    let across = self.sum()?;
                    cells.push(Some((down, across)));
                }
            }
        }
        Kakuro::with_outside(cells, rows, cols, |_| self.sum())
    }

    /// A kakuro sum: `0`-`9`, `a`-`j` for 0-19, `A`-`Z` for 20-45, `-` for none.
    fn sum(&mut self) -> Result<Option<u32>, InputError> {
        let v = match self.peek() {
            Some(b @ (b'0'..=b'9' | b'a'..=b'j')) => Some((b as char).to_digit(36).unwrap_or(0)),
            Some(b @ b'A'..=b'Z') => Some(u32::from(b - b'A') + 20),
            Some(b'-') => None,
            _ => return Err(self.error("a sum (0-9, a-j, A-Z) or - for none")),
        };
        self.pos += 1;
        Ok(v)
    }

    /// A whole number and the `/` after it (star battle's number of stars).
    pub fn count(&mut self) -> Result<u32, InputError> {
        let at = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.text[at..self.pos]).unwrap_or("");
        let value = digits.parse::<u32>().map_err(|_| {
            let pos = self.pos;
            self.pos = at;
            let e = self.error("a whole number and /");
            self.pos = pos;
            e
        })?;
        if self.peek() != Some(b'/') {
            return Err(self.error("/ after the number"));
        }
        self.pos += 1;
        Ok(value)
    }
}

/// A body being written: clues as text, and runs of empty cells as one character each
/// (`offset + run`, base 36, a run at most `longest` long), as pzprjs's encoders count them.
struct Runs<'a> {
    out: &'a mut String,
    empty: u32,
    offset: u32,
    longest: u32,
}

impl Runs<'_> {
    /// One cell: its text, or empty for an empty cell.
    fn push(&mut self, text: &str) {
        if text.is_empty() {
            self.empty += 1;
        }
        if self.empty == 0 {
            self.out.push_str(text);
        } else if !text.is_empty() || self.empty == self.longest {
            self.out.push(run_char(self.offset + self.empty));
            self.out.push_str(text);
            self.empty = 0;
        }
    }

    /// The run left at the end.
    fn finish(self) {
        if self.empty > 0 {
            self.out.push(run_char(self.offset + self.empty));
        }
    }
}

/// Writes clues in the 16-based codec, as pzprjs's `encodeNumber16`.
pub fn write_number16(out: &mut String, clues: &[Clue]) {
    let mut runs = Runs { out, empty: 0, offset: 15, longest: 20 };
    for clue in clues {
        let text = match *clue {
            Clue::Empty => String::new(),
            Clue::Unknown => ".".into(),
            Clue::Number(n) if n < 16 => format!("{n:x}"),
            Clue::Number(n) if n < 256 => format!("-{n:x}"),
            Clue::Number(n) if n < 4096 => format!("+{n:x}"),
            Clue::Number(n) if n < 8192 => format!("={:03x}", n - 4096),
            Clue::Number(n) if n < 12240 => format!("@{:03x}", n - 8192),
            Clue::Number(n) if n < 77776 => format!("*{:04x}", n - 12240),
            Clue::Number(n) => format!("${:05x}", n.min(NUMBER16_MAX) - 77776),
        };
        runs.push(&text);
    }
    runs.finish();
}

/// Writes clues of 0-4 in the 4-cell codec, as pzprjs's `encode4Cell`.
pub fn write_four_cell(out: &mut String, clues: &[Clue]) {
    let filled = |i: usize| clues.get(i).is_some_and(|c| *c != Clue::Empty);
    let mut runs = Runs { out, empty: 0, offset: 15, longest: 20 };
    let mut c = 0;
    while c < clues.len() {
        let text = match clues[c] {
            Clue::Number(n) => {
                // The empty cells after a clue go into its character (pzprjs counts them even
                // past the grid's end).
                let n = n.min(4);
                if filled(c + 1) {
                    format!("{n:x}")
                } else if filled(c + 2) {
                    c += 1;
                    format!("{:x}", 5 + n)
                } else {
                    c += 2;
                    format!("{:x}", 10 + n)
                }
            }
            Clue::Unknown => ".".into(),
            Clue::Empty => String::new(),
        };
        runs.push(&text);
        c += 1;
    }
    runs.finish();
}

/// Writes hitori's numbers, as pzprjs's `encodeHitori`.
pub fn write_hitori(out: &mut String, clues: &[Clue]) {
    for clue in clues {
        match *clue {
            Clue::Empty => out.push('.'),
            Clue::Unknown => out.push('@'),
            Clue::Number(n) if n < 36 => out.push(run_char(n)),
            Clue::Number(n) => {
                let n = n.min(36 * 36 - 1);
                out.push('-');
                out.push(run_char(n / 36));
                out.push(run_char(n % 36));
            }
        }
    }
}

/// Writes bits five to a base-32 character.
fn write_bits(out: &mut String, bits: &[bool]) {
    for chunk in bits.chunks(5) {
        let v = chunk.iter().enumerate().fold(0, |v, (k, &b)| v | (u32::from(b) << (4 - k)));
        out.push(run_char(v));
    }
}

/// Writes trees, as pzprjs's `encode1Cell`.
pub fn write_one_cell(out: &mut String, trees: &[bool]) {
    let mut i = 0;
    while i < trees.len() {
        let mark = trees[i];
        let (limit, from) = if mark { (17, i + 1) } else { (18, i) };
        let empty = trees[from..].iter().take(limit).take_while(|&&t| !t).count();
        out.push(run_char(if mark { empty as u32 } else { empty as u32 + 17 }));
        i = from + empty;
    }
}

/// Writes arrows with numbers, as pzprjs's `encodeArrowNumber16`.
pub fn write_arrows(out: &mut String, arrows: &[(u8, Clue)]) {
    let mut runs = Runs { out, empty: 0, offset: 9, longest: 26 };
    for &(d, clue) in arrows {
        let text = match clue {
            Clue::Empty => String::new(),
            Clue::Unknown => format!("{d}."),
            Clue::Number(n) if n < 16 => format!("{d}{n:x}"),
            Clue::Number(n) if n < 256 => format!("{}{n:02x}", d + 5),
            Clue::Number(n) => format!("-{d}{:03x}", n.min(4095)),
        };
        runs.push(&text);
    }
    runs.finish();
}

/// A kakuro's clues: each cell a clue cell (its sums down and across, each maybe none) or white
/// (`None`); the sums outside the grid above each column and left of each row (only where the
/// grid's first cell is white).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kakuro {
    /// Cells, row by row.
    pub cells: Vec<Option<(Option<u32>, Option<u32>)>>,
    /// The sum down each column from above the grid.
    pub down: Vec<Option<u32>>,
    /// The sum across each row from left of the grid.
    pub across: Vec<Option<u32>>,
}

/// A sum outside a kakuro's grid: above a column or left of a row (from 0).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outside {
    /// Above column c.
    Column(usize),
    /// Left of row r.
    Row(usize),
}

impl Kakuro {
    /// A kakuro of these cells (`rows` x `cols`), with the sums outside read by `sum`: above
    /// each column, then left of each row, whose first cell is white (the only places a sum
    /// outside has a run), in that order.
    pub fn with_outside(
        cells: Vec<Option<(Option<u32>, Option<u32>)>>,
        rows: usize,
        cols: usize,
        mut sum: impl FnMut(Outside) -> Result<Option<u32>, InputError>,
    ) -> Result<Kakuro, InputError> {
        let mut down = vec![None; cols];
        for (c, slot) in down.iter_mut().enumerate() {
            if cells[c].is_none() {
                *slot = sum(Outside::Column(c))?;
            }
        }
        let mut across = vec![None; rows];
        for (r, slot) in across.iter_mut().enumerate() {
            if cells[r * cols].is_none() {
                *slot = sum(Outside::Row(r))?;
            }
        }
        Ok(Kakuro { cells, down, across })
    }
}

/// Writes tapa clues, as pzprjs's `encodeNumber_tapa`.
pub fn write_tapa(out: &mut String, clues: &[Vec<Clue>]) {
    let mut runs = Runs { out, empty: 0, offset: 15, longest: 20 };
    let v = |c: &Clue| match c {
        Clue::Number(n) => *n,
        _ => 0,
    };
    for list in clues {
        let text = match list.as_slice() {
            [] => String::new(),
            [Clue::Unknown] => ".".into(),
            [one] => v(one).min(8).to_string(),
            [a, b, c, d] if [a, b, c, d].iter().all(|x| v(x) == 1) => "9".into(),
            [a, b] => base36_pair(360 + 6 * v(a).min(5) + v(b).min(5)),
            [a, b, c] => base36_pair(396 + 16 * v(a).min(3) + 4 * v(b).min(3) + v(c).min(3)),
            [a, b, c, d, ..] => base36_pair(460 + 8 * v(a).min(1) + 4 * v(b).min(1) + 2 * v(c).min(1) + v(d).min(1)),
        };
        runs.push(&text);
    }
    runs.finish();
}

/// Two base-36 digits of `v` (below 1296).
fn base36_pair(v: u32) -> String {
    format!("{}{}", run_char(v / 36), run_char(v % 36))
}

/// Writes a kakuro, as pzprjs's `encodeKakuro`.
pub fn write_kakuro(out: &mut String, k: &Kakuro) {
    let sum = |v: Option<u32>| match v {
        Some(v) if v < 20 => run_char(v),
        Some(v) => char::from(b'A' + (v.min(45) - 20) as u8),
        None => '-',
    };
    let mut white = 0;
    for cell in &k.cells {
        match cell {
            None => {
                white += 1;
                if white == 16 {
                    out.push(run_char(19 + white));
                    white = 0;
                }
            }
            Some(sums) => {
                if white > 0 {
                    out.push(run_char(19 + white));
                    white = 0;
                }
                match sums {
                    (None, None) => out.push('.'),
                    (d, a) => {
                        out.push(sum(*d));
                        out.push(sum(*a));
                    }
                }
            }
        }
    }
    if white > 0 {
        out.push(run_char(19 + white));
    }
    let cols = k.down.len();
    for (c, &d) in k.down.iter().enumerate() {
        if k.cells[c].is_none() {
            out.push(sum(d));
        }
    }
    for (r, &a) in k.across.iter().enumerate() {
        if k.cells[r * cols].is_none() {
            out.push(sum(a));
        }
    }
}

/// Writes marked cells five to a character, as pzprjs's `encodeBinary`.
pub fn write_binary(out: &mut String, cells: &[bool]) {
    write_bits(out, cells);
}

/// Writes a grid's borders, as pzprjs's `encodeBorder`.
pub fn write_borders(out: &mut String, right: &[bool], below: &[bool]) {
    write_bits(out, right);
    write_bits(out, below);
}

/// Writes circles three to a base-27 character, as pzprjs's `encodeCircle`.
pub fn write_circles(out: &mut String, circles: &[u8]) {
    for chunk in circles.chunks(3) {
        let v = chunk.iter().enumerate().fold(0u32, |v, (k, &c)| v + u32::from(c.min(2)) * [9, 3, 1][k]);
        out.push(run_char(v));
    }
}

/// The base-36 digit of `v` (below 36).
fn run_char(v: u32) -> char {
    char::from_digit(v, 36).unwrap_or('z')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(text: &str) -> Body<'_> {
        Body::new(text, text, 0)
    }

    #[test]
    fn number16_reads_every_width_and_writes_it_back() {
        let clues = vec![
            Clue::Number(5),
            Clue::Empty,
            Clue::Number(200),
            Clue::Number(1000),
            Clue::Number(5000),
            Clue::Number(9000),
            Clue::Number(20000),
            Clue::Number(100_000),
            Clue::Unknown,
        ]
        .into_iter()
        .chain(std::iter::repeat_n(Clue::Empty, 25))
        .collect::<Vec<_>>();
        let mut text = String::new();
        write_number16(&mut text, &clues);
        assert_eq!(text, "5g-c8+3e8=388@328*1e50$056d0.zk");
        let mut b = body(&text);
        assert_eq!(b.number16(clues.len()).unwrap(), clues);
        assert!(b.at_end());
    }

    #[test]
    fn four_cell_counts_empty_cells_past_the_end_as_pzprjs_writes_them() {
        let clues = [Clue::Number(3), Clue::Empty, Clue::Number(2), Clue::Empty, Clue::Empty, Clue::Number(1)];
        let mut text = String::new();
        write_four_cell(&mut text, &clues);
        assert_eq!(text, "8cb");
        assert_eq!(body(&text).four_cell(6).unwrap(), clues);
    }

    #[test]
    fn trees_and_arrows_round_trip() {
        let mut text = String::new();
        let trees: Vec<bool> = (0..25).map(|i| [2, 11, 14, 18, 21].contains(&i)).collect();
        write_one_cell(&mut text, &trees);
        assert_eq!(text, "j82323");
        assert_eq!(body(&text).one_cell(25).unwrap(), trees);
        let long: Vec<bool> = (0..60).map(|i| i == 0 || i == 59).collect();
        let mut text = String::new();
        write_one_cell(&mut text, &long);
        assert_eq!(body(&text).one_cell(60).unwrap(), long);
        let arrows = vec![
            (0, Clue::Empty),
            (3, Clue::Number(2)),
            (1, Clue::Unknown),
            (2, Clue::Number(40)),
            (4, Clue::Number(300)),
        ];
        let mut text = String::new();
        write_arrows(&mut text, &arrows);
        assert_eq!(text, "a321.728-412c");
        assert_eq!(body(&text).arrows(5).unwrap(), arrows);
    }

    #[test]
    fn hitori_round_trip() {
        let clues: Vec<Clue> = (0..9).map(|i| if i == 4 { Clue::Empty } else { Clue::Number(i * 40) }).collect();
        let mut text = String::new();
        write_hitori(&mut text, &clues);
        assert_eq!(text, "0-14-28-3c.-5k-6o-7s-8w");
        assert_eq!(body(&text).hitori(9).unwrap(), clues);
    }

    #[test]
    fn bad_characters_are_named_with_their_column() {
        let e = Body::new("xxxx5g!", "5g!", 4).number16(4).unwrap_err();
        assert_eq!((e.column, e.found.as_str()), (Some(7), "'!'"));
        let e = body("5g").number16(4).unwrap_err();
        assert!(e.expected.contains("clue 3 of 4"), "{e:?}");
        let e = body("z").number16(4).unwrap_err();
        assert_eq!(e.column, Some(1));
        let e = body("-1").number16(1).unwrap_err();
        assert_eq!((e.column, e.found.as_str()), (Some(3), "the end of the URL"));
    }

    #[test]
    fn borders_and_circles_round_trip() {
        let right: Vec<bool> = (0..12).map(|i| i % 3 == 0).collect();
        let below: Vec<bool> = (0..12).map(|i| i % 4 == 1).collect();
        let mut text = String::new();
        write_borders(&mut text, &right, &below);
        let mut b = body(&text);
        assert_eq!(b.borders(4, 4).unwrap(), (right, below));
        assert!(b.at_end());
        let circles = [0, 1, 2, 2, 1, 0, 1];
        let mut text = String::new();
        write_circles(&mut text, &circles);
        assert_eq!(body(&text).circles(7).unwrap(), circles);
    }
}
