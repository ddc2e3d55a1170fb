//! puzz.link URLs: `https://puzz.link/p?GENRE[/FLAGS]/COLS/ROWS/BODY` (also `pzv.jp/p.html?`,
//! `pzprxs.vercel.app/p?`, `_edit` and `_play` genres, `type=...&` before the genre, a genre's
//! aliases), read into a genre and its board, and a board written back as the canonical URL
//! (`https://puzz.link/p?`, the genre's URL name, the body as pzprjs writes it). Every error
//! names the URL, column and what was expected.

use wgrnd_sat::InputError;

use crate::pencil::board::Board;
use crate::pencil::codec::{self, Body, Clue};
use crate::pencil::{Genre, Layer, GENRES};

/// Largest number of rows or columns a URL may give.
pub const MAX_SIDE: usize = 256;

/// Where a canonical URL starts.
const PREFIX: &str = "https://puzz.link/p?";

/// Whether `text` is meant as a puzz.link URL (rather than a file's name).
pub fn is_url(text: &str) -> bool {
    let t = text.trim();
    ["http://", "https://", "puzz.link/", "pzv.jp/"].iter().any(|p| t.starts_with(p))
}

/// A URL read: its genre, flags and board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The genre.
    pub genre: &'static Genre,
    /// The genre's name as the URL gives it (its URL name, id or an alias), written back.
    pub name: &'static str,
    /// The flags the URL gives (letters the genre knows), kept to be written back.
    pub flags: String,
    /// The board.
    pub board: Board,
}

/// The genre named `name` (its id, URL name or an alias), and that name.
pub fn genre(name: &str) -> Option<(&'static Genre, &'static str)> {
    GENRES.iter().find_map(|g| {
        let names = [g.url_name, g.pid].into_iter().chain(g.aliases.iter().copied());
        names.into_iter().find(|n| *n == name).map(|n| (g, n))
    })
}

/// A URL cut at its slashes: the genre's name as written (without `type=...&` before it and
/// `_edit` or `_play` after it) and where it starts, then the parts after it, each with its byte
/// offset in the URL. What every puzz.link reader shares (the genres here, nonograms).
pub(crate) struct Parts<'a> {
    /// The URL, trimmed.
    pub url: &'a str,
    /// The genre's name.
    pub name: &'a str,
    /// Where the name starts.
    pub name_at: usize,
    rest: std::iter::Peekable<std::vec::IntoIter<(usize, &'a str)>>,
}

impl<'a> Parts<'a> {
    /// Cuts `url` into its parts.
    pub fn new(url: &'a str) -> Result<Self, InputError> {
        let url = url.trim();
        if let Some(at) = url.find(|c: char| !c.is_ascii_graphic()) {
            let found = url[at..].chars().next().map_or_else(String::new, |c| format!("'{}'", c.escape_default()));
            return Err(InputError::at(url, 1, at + 1, found, "a URL of printable ASCII characters"));
        }
        let Some(q) = url.find('?') else {
            return Err(InputError::whole(url, "no '?'", "a puzz.link URL: https://puzz.link/p?GENRE/COLS/ROWS/BODY"));
        };
        let mut start = q + 1;
        let mut parts: Vec<(usize, &str)> = Vec::new();
        for part in url[q + 1..].split('/') {
            parts.push((start, part));
            start += part.len() + 1;
        }
        if parts.last().is_some_and(|(_, p)| p.is_empty()) && parts.len() > 1 {
            parts.pop();
        }
        let mut rest = parts.into_iter().peekable();
        let (mut name_at, mut name) = rest.next().unwrap_or((q + 1, ""));
        // `type=player&` and the like before the genre.
        while let Some(amp) = name.find('&').filter(|&a| name[..a].contains('=')) {
            name_at += amp + 1;
            name = &name[amp + 1..];
        }
        let name = name.strip_suffix("_edit").or_else(|| name.strip_suffix("_play")).unwrap_or(name);
        Ok(Parts { url, name, name_at, rest })
    }

    /// An error at byte `at` of the URL.
    pub fn error(&self, at: usize, found: String, expected: &str) -> InputError {
        InputError::at(self.url, 1, at + 1, found, expected)
    }

    /// The next part, if it is not a number (flags), with its offset.
    fn flags(&mut self) -> Option<(usize, &'a str)> {
        let &(at, part) = self.rest.peek()?;
        (!part.is_empty() && !part.bytes().all(|b| b.is_ascii_digit())).then(|| {
            self.rest.next();
            (at, part)
        })
    }

    /// The next part as a number of `what` (rows or columns), 1 to [`MAX_SIDE`].
    pub fn side(&mut self, what: &str) -> Result<usize, InputError> {
        let Some((at, part)) = self.rest.next() else {
            return Err(self.error(
                self.url.len(),
                "the end of the URL".into(),
                &format!("/ and the number of {what}"),
            ));
        };
        match part.parse::<usize>() {
            Ok(n) if (1..=MAX_SIDE).contains(&n) && !part.starts_with('+') => Ok(n),
            _ => Err(self.error(at, format!("'{part}'"), &format!("the number of {what}, 1 to {MAX_SIDE}"))),
        }
    }

    /// The rest of the URL, the board's body (without a final `/`), and where it starts.
    pub fn body(&mut self) -> (usize, &'a str) {
        let (at, body) = match self.rest.next() {
            Some((at, _)) => (at, &self.url[at..]),
            None => (self.url.len(), ""),
        };
        // `&id=...` and the like after the body (the links of puzz.link's database carry one):
        // no codec writes `&`.
        let body = match body.find('&') {
            Some(amp) if body[amp + 1..].contains('=') => &body[..amp],
            _ => body,
        };
        (at, body.strip_suffix('/').unwrap_or(body))
    }
}

/// The genre's name a URL gives, if it is a URL at all (for choosing its reader).
pub fn genre_name(url: &str) -> Option<&str> {
    Parts::new(url).ok().map(|p| p.name)
}

/// Reads a URL.
pub fn read(url: &str) -> Result<Puzzle, InputError> {
    let mut parts = Parts::new(url)?;
    let url = parts.url;
    let Some((genre, name)) = genre(parts.name) else {
        let known: Vec<&str> = GENRES.iter().map(|g| g.url_name).collect();
        return Err(parts.error(
            parts.name_at,
            format!("genre '{}'", parts.name),
            &format!("one of wgrnd's genres: nonogram, {}", known.join(", ")),
        ));
    };
    let mut flags = String::new();
    if let Some((at, part)) = parts.flags() {
        if part.starts_with("v:") {
            return Err(parts.error(at, format!("'{part}'"), "no variant: wgrnd reads the genre's standard rules"));
        }
        if let Some(k) = part.find(|c: char| !genre.flags.contains(c)) {
            let expected = if genre.flags.is_empty() {
                format!("the number of columns ({} takes no flags)", genre.url_name)
            } else {
                format!("the number of columns, or flags of {} ({})", genre.url_name, genre.flags)
            };
            return Err(parts.error(at + k, format!("'{}'", &part[k..k + 1]), &expected));
        }
        flags = part.to_string();
    }
    let cols = parts.side("columns")?;
    let rows = parts.side("rows")?;
    let (body_at, body) = parts.body();
    if genre.square && rows != cols {
        return Err(parts.error(body_at.saturating_sub(1), format!("{cols} x {rows}"), "a square grid"));
    }
    let board = decode(genre, &flags, (rows, cols), url, body, body_at)?;
    Ok(Puzzle { genre, name, flags, board })
}

/// Reads the body's layers, then checks every clue against the genre's bounds.
fn decode(
    genre: &Genre,
    flags: &str,
    (rows, cols): (usize, usize),
    url: &str,
    body: &str,
    at: usize,
) -> Result<Board, InputError> {
    let mut b = Board::new(rows, cols);
    let mut text = Body::new(url, body, at);
    let cells = rows * cols;
    for layer in genre.layers {
        match layer {
            Layer::Number16 => b.numbers = text.number16(cells)?,
            Layer::FourCell => b.numbers = text.four_cell(cells)?,
            Layer::Hitori => b.numbers = text.hitori(cells)?,
            Layer::Border => (b.right, b.below) = text.borders(rows, cols)?,
            Layer::BorderIfPresent if text.at_end() => b.clear_walls(),
            Layer::BorderIfPresent => (b.right, b.below) = text.borders(rows, cols)?,
            Layer::RoomNumber16 => {
                let (_, rooms) = b.rooms();
                b.room_numbers = text.number16(rooms)?;
            }
            Layer::Circle => b.circles = text.circles(cells)?,
            Layer::Stars => b.stars = Some(text.count()?),
            Layer::OutsideTopLeft => {
                b.sides = 2;
                b.outside = text.number16(rows + cols)?;
            }
            Layer::OutsideAround => {
                b.sides = 4;
                b.outside = text.number16(2 * (rows + cols))?;
            }
            Layer::Number16IfPresent if text.at_end() => b.numbers = vec![Clue::Empty; cells],
            Layer::Number16IfPresent => b.numbers = text.number16(cells)?,
            Layer::Corners => b.corners = text.four_cell((rows + 1) * (cols + 1))?,
            Layer::Trees => b.trees = text.one_cell(cells)?,
            Layer::Arrows => b.arrows = text.arrows(cells)?,
            Layer::Letters => b.letters = Some(text.count()?),
            Layer::Slash => text.separator(b'/')?,
            Layer::Tapa => b.tapa = text.tapa(cells)?,
            Layer::Kakuro => b.kakuro = Some(text.kakuro(rows, cols)?),
            Layer::BlockedIfPresent if text.at_end() => b.blocked = vec![false; cells],
            Layer::BlockedIfPresent => b.blocked = text.binary(cells)?,
        }
    }
    b.switches = genre.switches.iter().map(|&(flag, name)| (name, flags.contains(flag))).collect();
    if !text.at_end() {
        return Err(text.error("the end of the URL: the whole board has been read"));
    }
    check_clues(genre, &b, &|found, expected| InputError::at(url, 1, at + 1, found, expected))?;
    Ok(b)
}

/// Checks every clue of a board read for `genre` against the genre's bounds; `err(found,
/// expected)` makes the error (naming where the board was read).
pub(crate) fn check_clues(
    genre: &Genre,
    b: &Board,
    err: &dyn Fn(String, String) -> InputError,
) -> Result<(), InputError> {
    let (rows, cols) = (b.rows, b.cols);
    let limit = (genre.max_number)(b);
    let too_big = |clue: &Clue| matches!(clue, Clue::Number(n) if *n > limit);
    let place = |i: usize| format!("row {}, column {}", i / cols + 1, i % cols + 1);
    // A tapa clue of k numbers: blocks with a gap between each two around 8 cells, so at most
    // 8, 5, 3 or 1 each, and none 0 beside another (what the URL's codec can say).
    for (i, list) in b.tapa.iter().enumerate() {
        let (least, most) = match list.len() {
            0 => continue,
            1 => (0, 8),
            2 => (1, 5),
            3 => (1, 3),
            _ => (1, 1),
        };
        let bad = |c: &Clue| matches!(*c, Clue::Number(n) if n < least || n > most);
        if list.len() > 4 || list.iter().any(bad) {
            let shown: Vec<String> = list.iter().map(|&c| show(c)).collect();
            return Err(err(
                format!("the tapa clue {} at {}", shown.join(","), place(i)),
                "a tapa clue: one number 0-8, two 1-5, three 1-3 or four 1s (or ?)".into(),
            ));
        }
    }
    if let Some(i) = b.numbers.iter().position(too_big) {
        return Err(err(
            format!("the clue {} at {}", show(b.numbers[i]), place(i)),
            format!("a clue of {} from 0 to {limit}", genre.title),
        ));
    }
    if let Some(m) = b.room_numbers.iter().position(too_big) {
        return Err(err(
            format!("the clue {} of room {}", show(b.room_numbers[m]), m + 1),
            format!("a clue of {} from 0 to {limit}", genre.title),
        ));
    }
    let arrow_numbers: Vec<Clue> = b.arrows.iter().map(|&(_, c)| c).collect();
    for (what, clues) in
        [("outside the grid", &b.outside), ("on a grid point", &b.corners), ("with an arrow", &arrow_numbers)]
    {
        if let Some(k) = clues.iter().position(too_big) {
            return Err(err(
                format!("the clue {} {what} (number {} of the layer)", show(clues[k]), k + 1),
                format!("a clue of {} from 0 to {limit}", genre.title),
            ));
        }
    }
    if let Some(k) = b.letters.filter(|&k| k == 0 || k as usize > rows.min(cols)) {
        return Err(err(format!("{k} letters"), format!("1 to {} letters", rows.min(cols))));
    }
    if let Some(k) = b.stars.filter(|&k| k == 0 || k as usize > rows.min(cols)) {
        return Err(err(format!("{k} stars"), format!("1 to {} stars", rows.min(cols))));
    }
    Ok(())
}

fn show(clue: Clue) -> String {
    match clue {
        Clue::Number(n) => n.to_string(),
        _ => "?".into(),
    }
}

impl Puzzle {
    /// The URL again: the name and flags as given, the body as pzprjs writes it.
    pub fn url(&self) -> String {
        write_named(self.genre, self.name, &self.flags, &self.board)
    }
}

/// The canonical URL of a board of `genre`: `flags`, and those of the rules its switches set.
pub fn write(genre: &Genre, flags: &str, b: &Board) -> String {
    let mut flags = flags.to_string();
    for &(flag, name) in genre.switches {
        if b.switches.contains(&(name, true)) && !flags.contains(flag) {
            flags.push(flag);
        }
    }
    write_named(genre, genre.url_name, &flags, b)
}

/// The URL of a board of `genre`, named `name`.
fn write_named(genre: &Genre, name: &str, flags: &str, b: &Board) -> String {
    let mut body = String::new();
    for layer in genre.layers {
        match layer {
            Layer::Number16 => codec::write_number16(&mut body, &b.numbers),
            Layer::FourCell => codec::write_four_cell(&mut body, &b.numbers),
            Layer::Hitori => codec::write_hitori(&mut body, &b.numbers),
            Layer::Border => codec::write_borders(&mut body, &b.right, &b.below),
            Layer::BorderIfPresent if !b.right.iter().chain(&b.below).any(|&x| x) => {}
            Layer::BorderIfPresent => codec::write_borders(&mut body, &b.right, &b.below),
            Layer::RoomNumber16 => codec::write_number16(&mut body, &b.room_numbers),
            Layer::Circle => codec::write_circles(&mut body, &b.circles),
            Layer::Stars => body.push_str(&format!("{}/", b.stars.unwrap_or(1))),
            Layer::OutsideTopLeft | Layer::OutsideAround => codec::write_number16(&mut body, &b.outside),
            Layer::Number16IfPresent if b.numbers.iter().all(|c| *c == Clue::Empty) => {}
            Layer::Number16IfPresent => codec::write_number16(&mut body, &b.numbers),
            Layer::Corners => codec::write_four_cell(&mut body, &b.corners),
            Layer::Trees => codec::write_one_cell(&mut body, &b.trees),
            Layer::Arrows => codec::write_arrows(&mut body, &b.arrows),
            Layer::Letters => body.push_str(&format!("{}/", b.letters.unwrap_or(1))),
            Layer::Slash => body.push('/'),
            Layer::Tapa => codec::write_tapa(&mut body, &b.tapa),
            Layer::Kakuro => codec::write_kakuro(&mut body, b.kakuro.as_ref().unwrap_or(&Default::default())),
            Layer::BlockedIfPresent if !b.blocked.contains(&true) => {}
            Layer::BlockedIfPresent => codec::write_binary(&mut body, &b.blocked),
        }
    }
    let flags = if flags.is_empty() { String::new() } else { format!("{flags}/") };
    format!("{PREFIX}{name}/{flags}{}/{}/{body}", b.cols, b.rows)
}
