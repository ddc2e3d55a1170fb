//! Pencil puzzles as people share them: puzz.link URLs (the format of pzprjs, puzz.link and
//! pzv.jp) read into the bundled model of their genre. A genre is one entry of [`GENRES`]: its
//! names in URLs, the codecs its URL carries ([`Layer`]), the bounds of its clues, its model in
//! the modelling language (`models/pencil/GENRE.qp`, which a user can read and change) and how
//! it is drawn. A URL becomes data for that model ([`board::Board::to_data`]), so that every
//! command (solve, count, backbone, explain, generate --unique, check) works on it as on any
//! model, through [`QpropModel`](crate::QpropModel); a posed puzzle is written back as a URL.
//!
//! Rooms: `url` reads and writes the URL, `pzprv3` reads pzprjs's own files into the same board,
//! `codec` the body's layers, `board` the board between URL and data, `picture` draws a solution
//! as pzprjs draws the genre, `words` says its facts and clues in the puzzle's words.

pub mod board;
pub mod codec;
mod numberlink;
pub mod picture;
pub mod pzprv3;
pub mod url;
pub(crate) mod words;

use crate::edge::formats::{DataContract, Facts, Unwritable};
use crate::models::formats::non_url;
use crate::models::readers::Reader;
use board::{Board, Layers};
pub use pzprv3::{is_pzprv3, Block};
use wgrnd_lang::{Program, Solution};
use wgrnd_sat::InputError;

pub use url::{is_url, Puzzle};

/// One codec of a URL's body, in the order the genre's URL carries them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layer {
    /// Numbers in cells, 16-based (`decodeNumber16`).
    Number16,
    /// Numbers 0-4 in cells, with runs (`decode4Cell`).
    FourCell,
    /// A number in every cell (hitori).
    Hitori,
    /// Borders between cells, dividing the grid into rooms (`decodeBorder`).
    Border,
    /// Borders, left out when there is none (fillomino's `encodeBorderIfPresent`): the last
    /// layer of a body.
    BorderIfPresent,
    /// A number per room, after the borders (`decodeRoomNumber16`).
    RoomNumber16,
    /// White and black circles (`decodeCircle`).
    Circle,
    /// A number of stars and `/` (star battle).
    Stars,
    /// Numbers outside the grid, above and left of it (`decodeNumber16ExCell`, one row and one
    /// column of outside cells).
    OutsideTopLeft,
    /// Numbers outside the grid on its four sides: top, bottom, left, right.
    OutsideAround,
    /// Numbers in cells, left out when there is none (after outside numbers).
    Number16IfPresent,
    /// Clues on the grid's points, in the 4-cell codec (`decode4Cross`).
    Corners,
    /// Marked cells, tents' trees (`decode1Cell`).
    Trees,
    /// Arrows with numbers (`decodeArrowNumber16`).
    Arrows,
    /// Easy as ABC's number of letters and `/`.
    Letters,
    /// A `/` between two layers (aquarium).
    Slash,
    /// Tapa's clues: lists of numbers (`decodeNumber_tapa`).
    Tapa,
    /// Kakuro's clue cells and sums (`decodeKakuro`).
    Kakuro,
    /// Blocked cells five to a character, left out when there is none (simple loop).
    BlockedIfPresent,
}

/// What a solution of the genre draws (its shown predicates, `models/pencil/README.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// Shaded cells, `black(r, c)`.
    Shaded,
    /// Stars, `star(r, c)`.
    Stars,
    /// Lights (akari), `light(r, c)`.
    Lights,
    /// Lines through cell centres, `h(r, c)` and `v(r, c)`.
    CentreLines,
    /// Lines along cell edges (slitherlink), `h(i, c)` and `v(r, j)`.
    EdgeLines,
    /// A number written in every cell, `n(r, c)`; its regions (cells of one block or rectangle)
    /// bordered.
    Numbers,
    /// A number written in cells of given rooms, `n(r, c)`, 0 for an empty cell (nanro, ripple
    /// effect); the rooms bordered.
    NumbersInRooms,
    /// Letters written in, `n(r, c)` from 1 for A, 0 for an empty cell (easy as ABC).
    Letters,
    /// Tents, `tent(r, c)`, beside the given trees.
    Tents,
    /// A diagonal in every cell (slant): `back(r, c)` for `\`, else `/`.
    Slants,
    /// Bridges between islands (hashiwokakero): `hb(r, c)` and `vb(r, c)`, 0 to 2 between
    /// neighbouring cells.
    Bridges,
    /// Black triangles in cells (shakashaka): `tri(r, c)`, 1 to 4 the black corner (upper left,
    /// lower left, lower right, upper right), 0 none.
    Triangles,
}

/// A genre of pencil puzzles.
#[derive(Debug)]
pub struct Genre {
    /// pzprjs's id.
    pub pid: &'static str,
    /// The name a written URL uses.
    pub url_name: &'static str,
    /// Other names URLs use.
    pub aliases: &'static [&'static str],
    /// Its name for people.
    pub title: &'static str,
    /// The codecs of its URL's body, in order.
    pub layers: &'static [Layer],
    /// The blocks of its pzprv3 file that hold the puzzle, in order.
    pub file: &'static [Block],
    /// Flag letters its URLs may carry (kept and written back).
    pub flags: &'static str,
    /// Flags that change the rules: the letter and the parameter it sets to 1 (0 without it).
    pub switches: &'static [(char, &'static str)],
    /// Whether its grid is square (sudoku).
    pub square: bool,
    /// The largest number a clue may show on a board.
    pub max_number: fn(&Board) -> u32,
    /// What a solution draws.
    pub drawn: Drawn,
    /// The reader of its URLs into data for its model (the model is `reader.model`).
    pub reader: Reader,
    /// The normal form that a count up to two, `solve` and `backbone` search, where the genre
    /// has one.
    pub normal_form: Option<&'static NormalForm>,
}

/// A genre's normal form ([`wgrnd_seam::Search::normal_form`]): statements added to its model,
/// and how to tell whether a solution of the form is the puzzle's only one.
#[derive(Debug)]
pub struct NormalForm {
    /// The statements' file name (`models/pencil/GENRE.normal`).
    pub file: &'static str,
    /// The statements.
    pub statements: &'static str,
    /// The shown facts of another solution of the puzzle when some solution other than the given
    /// one leads to it ([`wgrnd_seam::Search::unreduced`]); an error when the given one cannot be
    /// read as the genre's solution.
    pub unreduced: fn(&Program, &Solution) -> Result<Option<String>, String>,
}

impl PartialEq for Genre {
    fn eq(&self, other: &Self) -> bool {
        self.pid == other.pid
    }
}
impl Eq for Genre {}

impl Genre {
    /// Which layers its URL carries.
    pub fn layers(&self) -> Layers {
        let has = |l: Layer| self.layers.contains(&l);
        Layers {
            numbers: [Layer::Number16, Layer::FourCell, Layer::Hitori, Layer::Number16IfPresent].into_iter().any(has),
            rooms: has(Layer::Border) || has(Layer::BorderIfPresent),
            walls: self.reader.data.facts.iter().any(|&(name, _)| name == WALL),
            room_numbers: has(Layer::RoomNumber16),
            circles: has(Layer::Circle),
            stars: has(Layer::Stars),
            sides: if has(Layer::OutsideAround) {
                4
            } else if has(Layer::OutsideTopLeft) {
                2
            } else {
                0
            },
            corners: has(Layer::Corners),
            trees: has(Layer::Trees),
            blocked: has(Layer::BlockedIfPresent),
            arrows: has(Layer::Arrows),
            letters: has(Layer::Letters),
            switches: self.switches,
            tapa: has(Layer::Tapa),
            kakuro: has(Layer::Kakuro),
        }
    }

    /// Its bundled model: file name and text.
    pub fn model(&self) -> (&'static str, &'static str) {
        self.reader.model
    }
}

/// The text of a URL given as a file's content: its first line that is not blank or a `#`
/// comment.
fn url_in(text: &str) -> &str {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).unwrap_or("")
}

/// The URL in `text` (a URL, or a file's content holding one) read by `read`; errors name the
/// file `name` when the URL came from a file.
pub(crate) fn read_url_with<T>(
    name: &str,
    text: &str,
    read: fn(&str) -> Result<T, InputError>,
) -> Result<T, InputError> {
    let url = url_in(text);
    read(url).map_err(|e| if name == url { e } else { InputError { file: name.into(), ..e } })
}

/// The URL in `text` read as a genre's board, or `text` read as a pzprv3 file.
fn read_url(name: &str, text: &str) -> Result<Puzzle, InputError> {
    if is_pzprv3(text) {
        return pzprv3::read(name, text);
    }
    read_url_with(name, text, url::read)
}

/// The reader of the URL in `text`: its genre's, or the nonogram family's for a nonogram (a
/// family of its own that puzz.link also shares).
pub fn reader_of(name: &str, text: &str) -> Result<&'static Reader, InputError> {
    if !is_pzprv3(text) && url::genre_name(url_in(text)) == Some(non_url::GENRE) {
        return Ok(&non_url::READER);
    }
    genre_of(name, text).map(|g| &g.reader)
}

/// The data of `pid`'s model for the URL in `text` (a reader's `convert`).
fn read_data(pid: &str, name: &str, text: &str) -> Result<String, InputError> {
    let puzzle = read_url(name, text)?;
    if puzzle.genre.pid != pid {
        return Err(InputError::whole(name, format!("a {} URL", puzzle.genre.title), format!("a {pid} URL")));
    }
    let from = if is_pzprv3(text) { name } else { url_in(text) };
    let source = format!("{} {} x {} from {}", puzzle.genre.title, puzzle.board.rows, puzzle.board.cols, from);
    Ok(puzzle.board.to_data(&source, puzzle.genre.layers()))
}

/// A posed puzzle of `pid` written as its URL (a reader's `write`).
fn write_facts(pid: &str, facts: &Facts) -> Result<String, Unwritable> {
    let genre = genre_by_pid(pid).ok_or_else(|| Unwritable(format!("no genre `{pid}`")))?;
    let board = Board::from_facts(facts, genre.layers())?;
    Ok(format!("{}\n", url::write(genre, "", &board)))
}

/// The genre whose URL is `text` (a URL, or a file's content holding one).
pub fn genre_of(name: &str, text: &str) -> Result<&'static Genre, InputError> {
    read_url(name, text).map(|p| p.genre)
}

/// The genre with pzprjs id `pid`.
pub fn genre_by_pid(pid: &str) -> Option<&'static Genre> {
    GENRES.iter().find(|g| g.pid == pid)
}

/// The genre whose bundled model is `model_text`.
pub fn genre_of_model(model_text: &str) -> Option<&'static Genre> {
    GENRES.iter().find(|g| g.model().1 == model_text)
}

/// The largest clue: the number of cells.
fn cells(b: &Board) -> u32 {
    (b.rows * b.cols) as u32
}

/// One entry of [`GENRES`]: the genre, its reader and its data contract, from its names, layers,
/// flags, clue bound, drawing, parameters and facts.
macro_rules! genre {
    (@normal) => { None };
    (@normal $normal:expr) => { Some($normal) };
    (
        $pid:literal, $url:literal, [$($alias:literal),*], $title:literal,
        layers [$($layer:ident),*], file [$($block:ident$(($flag_block:literal))?),*], flags $flags:literal, $(switches [$(($flag:literal, $switch:literal)),*],)? square $square:literal,
        max $max:expr, drawn $drawn:ident,
        params [$($param:literal),*], facts [$(($fact:expr, $arity:literal)),*] $(, normal $normal:expr)?
    ) => {
        Genre {
            pid: $pid,
            url_name: $url,
            aliases: &[$($alias),*],
            title: $title,
            layers: &[$(Layer::$layer),*],
            file: &[$(Block::$block$(($flag_block))?),*],
            flags: $flags,
            switches: &[$($(($flag, $switch)),*)?],
            square: $square,
            max_number: $max,
            drawn: Drawn::$drawn,
            reader: Reader {
                format: $pid,
                extensions: &[],
                model: (concat!($pid, ".qp"), include_str!(concat!("../../../../models/pencil/", $pid, ".qp"))),
                data: &DataContract {
                    model: concat!($pid, ".qp"),
                    params: &["rows", "cols" $(, $param)* $($(, $switch)*)?],
                    domains: &[],
                    facts: &[$(($fact, $arity)),*],
                    left_to_model: &[],
                },
                convert: |name, text| read_data($pid, name, text),
                convert_numbers: None,
                write: |facts| write_facts($pid, facts),
                clauses_per_cell: 0,
            },
            normal_form: genre!(@normal $($normal)?),
        }
    };
}

use board::names::{
    ACROSS, ARROW, ARROW_UNKNOWN, BLACK, BLOCK, BLOCKED, CORNER, CORNER_UNKNOWN, DOWN, NUMBER, ROOM, ROOM_NUMBER,
    ROOM_UNKNOWN, TAPA, TAPA_UNKNOWN, TREE, UNKNOWN, WALL, WHITE,
};

/// Every genre wgrnd reads from URLs.
pub static GENRES: &[Genre] = &[
    genre!("nurikabe", "nurikabe", [], "Nurikabe", layers [Number16], file [NumbersAns], flags "", square false,
        max cells, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("heyawake", "heyawake", ["heyawacky"], "Heyawake", layers [Border, RoomNumber16], file [Rooms1, RoomNumbers], flags "", square false,
        max cells, drawn Shaded, params ["rooms"], facts [(ROOM, 3), (WALL, 4), (ROOM_NUMBER, 2), (ROOM_UNKNOWN, 1)]),
    genre!("slither", "slither", ["slitherlink"], "Slitherlink", layers [FourCell], file [Flag('f'), Numbers], flags "", square false,
        max |_| 3, drawn EdgeLines, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("lits", "lits", [], "LITS", layers [Border], file [Rooms1], flags "", square false,
        max cells, drawn Shaded, params ["rooms"], facts [(ROOM, 3), (WALL, 4)]),
    genre!("mashu", "mashu", ["masyu", "pearl"], "Masyu", layers [Circle], file [Flag('f'), Circles], flags "", square false,
        max cells, drawn CentreLines, params [], facts [(WHITE, 2), (BLACK, 2)]),
    genre!("starbattle", "starbattle", [], "Star Battle", layers [Stars, Border], file [Stars, AreaRoom], flags "", square false,
        max cells, drawn Stars, params ["rooms", "stars"], facts [(ROOM, 3)]),
    // Hitori's numbers are not bound by the grid's side (its codec writes up to 1295); the model
    // takes up to the number of cells plus 36, every one-character number of the codec.
    genre!("hitori", "hitori", [], "Hitori", layers [Hitori], file [Numbers], flags "", square false,
        max |b| cells(b) + 36, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("lightup", "akari", ["bijutsukan"], "Akari", layers [FourCell], file [NumbersAns], flags "", square false,
        max |_| 4, drawn Lights, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("shikaku", "shikaku", [], "Shikaku", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn Numbers, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("fillomino", "fillomino", [], "Fillomino", layers [Number16, BorderIfPresent], file [Flag('t'), Numbers, Grid, FixedWalls], flags "", square false,
        max cells, drawn Numbers, params ["rooms"], facts [(NUMBER, 3), (UNKNOWN, 2), (ROOM, 3)]),
    genre!("norinori", "norinori", [], "Norinori", layers [Border], file [Rooms1], flags "", square false,
        max cells, drawn Shaded, params ["rooms"], facts [(ROOM, 3)]),
    genre!("numlin", "numlin", ["numberlink"], "Numberlink", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn CentreLines, params [], facts [(NUMBER, 3), (UNKNOWN, 2)], normal &numberlink::NORMAL_FORM),
    genre!("kurodoko", "kurodoko", [], "Kurodoko", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("yinyang", "yinyang", [], "Yin-Yang", layers [Circle], file [Circles], flags "", square false,
        max cells, drawn Shaded, params [], facts [(WHITE, 2), (BLACK, 2)]),
    genre!("sudoku", "sudoku", [], "Sudoku", layers [Number16], file [Numbers], flags "", square true,
        max |b| b.cols as u32, drawn Numbers, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("shimaguni", "shimaguni", [], "Shimaguni", layers [Border, RoomNumber16], file [Rooms1, RoomNumbers], flags "", square false,
        max cells, drawn Shaded, params ["rooms"], facts [(ROOM, 3), (ROOM_NUMBER, 2), (ROOM_UNKNOWN, 1)]),
    genre!("chocona", "chocona", [], "Chocona", layers [Border, RoomNumber16], file [Rooms1, RoomNumbers], flags "", square false,
        max cells, drawn Shaded, params ["rooms"], facts [(ROOM, 3), (ROOM_NUMBER, 2), (ROOM_UNKNOWN, 1)]),
    genre!("cave", "cave", ["bag"], "Cave", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("nurimisaki", "nurimisaki", [], "Nurimisaki", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("geradeweg", "geradeweg", [], "Geradeweg", layers [Number16], file [Flag('f'), Numbers], flags "", square false,
        max cells, drawn CentreLines, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("country", "country", [], "Country Road", layers [Border, RoomNumber16], file [CountryFlags, Rooms2, RoomNumbers], flags "", square false,
        max cells, drawn CentreLines, params ["rooms"], facts [(ROOM, 3), (ROOM_NUMBER, 2), (ROOM_UNKNOWN, 1)]),
    genre!("ripple", "ripple", [], "Ripple Effect", layers [Border, Number16], file [Walls, Numbers], flags "", square false,
        max cells, drawn NumbersInRooms, params ["rooms"], facts [(ROOM, 3), (NUMBER, 3), (UNKNOWN, 2)]),
    genre!("nanro", "nanro", [], "Nanro", layers [Border, Number16], file [Rooms1, Numbers], flags "", square false,
        max cells, drawn NumbersInRooms, params ["rooms"], facts [(ROOM, 3), (NUMBER, 3), (UNKNOWN, 2)]),
    genre!("tasquare", "tasquare", [], "Tasquare", layers [Number16], file [NumbersAns], flags "", square false,
        max cells, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("skyscrapers", "skyscrapers", ["building", "skyscraper"], "Skyscrapers", layers [OutsideAround, Number16IfPresent], file [Around],
        flags "", square true, max |b| (b.cols as u32).min(255), drawn Numbers, params [],
        facts [("top", 2), ("bottom", 2), ("left", 2), ("right", 2), ("topunknown", 1), ("bottomunknown", 1),
            ("leftunknown", 1), ("rightunknown", 1), (NUMBER, 3), (UNKNOWN, 2)]),
    genre!("doppelblock", "doppelblock", [], "Doppelblock", layers [OutsideTopLeft, Number16IfPresent], file [TopLeft],
        flags "", square true, max |b| cells(b).min(255), drawn Numbers, params [],
        facts [("top", 2), ("left", 2), ("topunknown", 1), ("leftunknown", 1), (NUMBER, 3), (UNKNOWN, 2)]),
    genre!("easyasabc", "easyasabc", [], "Easy as ABC", layers [Letters, OutsideAround, Number16IfPresent], file [Letters, Around],
        flags "", square false, max |b| b.letters.unwrap_or(0).min(255), drawn Letters, params ["letters"],
        facts [("top", 2), ("bottom", 2), ("left", 2), ("right", 2), ("topunknown", 1), ("bottomunknown", 1),
            ("leftunknown", 1), ("rightunknown", 1), (NUMBER, 3), (UNKNOWN, 2)]),
    genre!("tents", "tents", [], "Tents", layers [OutsideTopLeft, Trees], file [TopLeft], flags "", square false,
        max |b| (b.rows.max(b.cols) as u32).min(255), drawn Tents, params [],
        facts [(TREE, 2), ("top", 2), ("left", 2), ("topunknown", 1), ("leftunknown", 1)]),
    genre!("gokigen", "gokigen", ["slant"], "Slant", layers [Corners], file [Corners], flags "", square false,
        max |_| 4, drawn Slants, params [], facts [(CORNER, 3), (CORNER_UNKNOWN, 2)]),
    genre!("creek", "creek", [], "Creek", layers [Corners], file [Corners], flags "", square false,
        max |_| 4, drawn Shaded, params [], facts [(CORNER, 3), (CORNER_UNKNOWN, 2)]),
    genre!("yajilin", "yajilin", ["yajirin"], "Yajilin", layers [Arrows], file [Flag('o'), Arrows], flags "ob", switches [('o', "shadeoutside")],
        square false, max |b| cells(b).min(255), drawn CentreLines, params [],
        facts [(ARROW, 4), (ARROW_UNKNOWN, 3), (NUMBER, 3), (UNKNOWN, 2)]),
    genre!("aquarium", "aquarium", [], "Aquarium", layers [Border, Slash, OutsideTopLeft], file [Flag('r'), Walls, TopLeft], flags "r",
        switches [('r', "regionlevel")], square false, max |b| (b.rows.max(b.cols) as u32).min(255), drawn Shaded, params ["rooms"],
        facts [(ROOM, 3), ("top", 2), ("left", 2), ("topunknown", 1), ("leftunknown", 1)]),
    genre!("tapa", "tapa", [], "Tapa", layers [Tapa], file [Tapa], flags "", square false,
        max |_| 8, drawn Shaded, params [], facts [(TAPA, 4), (TAPA_UNKNOWN, 3)]),
    genre!("kakuro", "kakuro", [], "Kakuro", layers [Kakuro], file [Kakuro], flags "", square false,
        max |_| 45, drawn Numbers, params [], facts [(BLOCK, 2), (DOWN, 3), (ACROSS, 3)]),
    genre!("hashikake", "hashi", ["bridges"], "Hashiwokakero", layers [Number16], file [Numbers], flags "", square false,
        max |_| 8, drawn Bridges, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("shakashaka", "shakashaka", [], "Shakashaka", layers [FourCell], file [NumbersB], flags "", square false,
        max |_| 4, drawn Triangles, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("moonsun", "moonsun", [], "Moon or Sun", layers [Border, Circle], file [Rooms2, Circles], flags "", square false,
        max cells, drawn CentreLines, params ["rooms"], facts [(ROOM, 3), (WHITE, 2), (BLACK, 2)]),
    genre!("simpleloop", "simpleloop", [], "Simple Loop", layers [BlockedIfPresent], file [Blocked], flags "", square false,
        max cells, drawn CentreLines, params [], facts [(BLOCKED, 2)]),
    genre!("araf", "araf", [], "Araf", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn Numbers, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
    genre!("kurochute", "kurochute", [], "Kurochute", layers [Number16], file [Numbers], flags "", square false,
        max cells, drawn Shaded, params [], facts [(NUMBER, 3), (UNKNOWN, 2)]),
];

#[cfg(test)]
mod tests;
