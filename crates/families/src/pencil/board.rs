//! A pencil puzzle's board as a puzz.link URL holds it: its size and the layers its genre's codecs
//! carry (numbers in cells, region borders, numbers of regions, circles, a number of stars). It is
//! the meeting point of the URL (read and written by [`crate::pencil::url`]) and the model's data:
//! [`Board::to_data`] writes the data of the genre's bundled model in the vocabulary every pencil
//! model shares, and [`Board::from_facts`] reads a posed puzzle's facts back, so that
//! `generate --unique` writes a URL.

use std::collections::BTreeMap;

use crate::edge::formats::{Facts, Unwritable};
use crate::pencil::codec::{Clue, Kakuro};

/// Names of the data every pencil model reads (`models/pencil/*.qp`).
pub mod names {
    /// `number(r, c, v)`: the cell shows v.
    pub const NUMBER: &str = "number";
    /// `unknown(r, c)`: a clue cell without a number.
    pub const UNKNOWN: &str = "unknown";
    /// `room(r, c, m)`: the cell lies in room m.
    pub const ROOM: &str = "room";
    /// `wall(r1, c1, r2, c2)`: a border drawn between side-by-side cells of one room, (r2, c2)
    /// right of or below (r1, c1). Rooms are the areas borders enclose, as pzprjs reads them,
    /// but a border that ends inside a room still stands between the cells on its two sides:
    /// only genres whose rules read borders (a run crossing them, a block joined across them)
    /// ask for these facts.
    pub const WALL: &str = "wall";
    /// `roomnumber(m, v)`: room m shows v.
    pub const ROOM_NUMBER: &str = "roomnumber";
    /// `roomunknown(m)`: room m shows a clue without a number.
    pub const ROOM_UNKNOWN: &str = "roomunknown";
    /// `whitecircle(r, c)`.
    pub const WHITE: &str = "whitecircle";
    /// `top(c, v)`, `bottom(c, v)`, `left(r, v)`, `right(r, v)`: numbers outside the grid.
    pub const SIDES: [&str; 4] = ["top", "bottom", "left", "right"];
    /// `topunknown(c)` and the like: `?` outside the grid.
    pub const SIDES_UNKNOWN: [&str; 4] = ["topunknown", "bottomunknown", "leftunknown", "rightunknown"];
    /// `corner(i, j, v)`: a clue on the grid point i (0 at the top), j (0 at the left).
    pub const CORNER: &str = "corner";
    /// `cornerunknown(i, j)`.
    pub const CORNER_UNKNOWN: &str = "cornerunknown";
    /// `tree(r, c)` (tents).
    pub const TREE: &str = "tree";
    /// `arrow(r, c, d, v)`: v cells in direction d (1 up, 2 down, 3 left, 4 right).
    pub const ARROW: &str = "arrow";
    /// `arrowunknown(r, c, d)`.
    pub const ARROW_UNKNOWN: &str = "arrowunknown";
    /// `tapa(r, c, k, v)`: number k (from 1) of the tapa clue in (r, c) is v.
    pub const TAPA: &str = "tapa";
    /// `tapaunknown(r, c, k)`: number k of the clue is `?`.
    pub const TAPA_UNKNOWN: &str = "tapaunknown";
    /// `block(r, c)`: a kakuro clue cell.
    pub const BLOCK: &str = "block";
    /// `down(i, j, v)`, `across(i, j, v)`: a kakuro sum of the clue at grid position (i, j)
    /// (row 0 above the grid, column 0 left of it).
    pub const DOWN: &str = "down";
    /// See [`DOWN`].
    pub const ACROSS: &str = "across";
    /// `blocked(r, c)`: a cell no line enters (simple loop).
    pub const BLOCKED: &str = "blocked";
    /// `blackcircle(r, c)`.
    pub const BLACK: &str = "blackcircle";
}

/// A board: `rows` x `cols` cells, row by row, and the layers its genre uses (the others empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The clue of each cell (empty when the genre has no numbers).
    pub numbers: Vec<Clue>,
    /// Whether a border lies right of cell (r, c), c < cols - 1: `(cols - 1) * r + c`.
    pub right: Vec<bool>,
    /// Whether a border lies below cell (r, c), r < rows - 1: `cols * r + c`.
    pub below: Vec<bool>,
    /// The clue of each room, rooms in the order of their first cell.
    pub room_numbers: Vec<Clue>,
    /// Each cell's circle: 0 none, 1 white, 2 black (empty when the genre has none).
    pub circles: Vec<u8>,
    /// Star battle's number of stars per row, column and region.
    pub stars: Option<u32>,
    /// Clues outside the grid, in pzprjs's order: top (cols), then bottom (cols) when `sides` is
    /// 4, then left (rows), then right (rows) when `sides` is 4.
    pub outside: Vec<Clue>,
    /// 2 (top and left) or 4 (all sides) when the genre has clues outside the grid.
    pub sides: usize,
    /// Clues on the grid points, (rows + 1) x (cols + 1), row by row.
    pub corners: Vec<Clue>,
    /// Trees (tents), per cell.
    pub trees: Vec<bool>,
    /// Blocked cells (simple loop), per cell.
    pub blocked: Vec<bool>,
    /// Each cell's arrow: its direction (1 up, 2 down, 3 left, 4 right; 0 none) and number.
    pub arrows: Vec<(u8, Clue)>,
    /// Easy as ABC's number of letters.
    pub letters: Option<u32>,
    /// Parameters set by the URL's flags (`param NAME = 1` when the flag is given, else 0).
    pub switches: Vec<(&'static str, bool)>,
    /// Each cell's tapa clue (empty: none).
    pub tapa: Vec<Vec<Clue>>,
    /// A kakuro's clues.
    pub kakuro: Option<Kakuro>,
}

impl Board {
    /// An empty board of this size.
    pub fn new(rows: usize, cols: usize) -> Self {
        Board { rows, cols, ..Board::default() }
    }

    /// No border between any two cells: one room (a genre whose rooms are left out).
    pub fn clear_walls(&mut self) {
        let (rows, cols) = (self.rows, self.cols);
        (self.right, self.below) = (vec![false; (cols - 1) * rows], vec![false; cols * (rows - 1)]);
    }

    /// Each cell's room (from 0), rooms numbered in the order of their first cell read row by
    /// row, and the number of rooms: the cells joined by no border.
    pub fn rooms(&self) -> (Vec<usize>, usize) {
        let (rows, cols) = (self.rows, self.cols);
        let mut room = vec![usize::MAX; rows * cols];
        let mut next = 0;
        for first in 0..rows * cols {
            if room[first] != usize::MAX {
                continue;
            }
            room[first] = next;
            let mut stack = vec![first];
            while let Some(i) = stack.pop() {
                let (r, c) = (i / cols, i % cols);
                let mut visit = |j: usize| {
                    if room[j] == usize::MAX {
                        room[j] = next;
                        stack.push(j);
                    }
                };
                if c + 1 < cols && !self.border_right(r, c) {
                    visit(i + 1);
                }
                if c > 0 && !self.border_right(r, c - 1) {
                    visit(i - 1);
                }
                if r + 1 < rows && !self.border_below(r, c) {
                    visit(i + cols);
                }
                if r > 0 && !self.border_below(r - 1, c) {
                    visit(i - cols);
                }
            }
            next += 1;
        }
        (room, next)
    }

    /// Whether a border lies between cell (r, c) and the one right of it (from 0).
    fn border_right(&self, r: usize, c: usize) -> bool {
        self.right.get((self.cols - 1) * r + c).copied().unwrap_or(false)
    }

    /// Whether a border lies between cell (r, c) and the one below it (from 0).
    fn border_below(&self, r: usize, c: usize) -> bool {
        self.below.get(self.cols * r + c).copied().unwrap_or(false)
    }

    /// The borders drawn between two cells of one room (`room`: each cell's room), as pairs of
    /// cell indices, the second right of or below the first, in reading order.
    pub fn inner_walls(&self, room: &[usize]) -> Vec<(usize, usize)> {
        let cols = self.cols;
        let mut out = Vec::new();
        for i in 0..self.rows * cols {
            let (r, c) = (i / cols, i % cols);
            if c + 1 < cols && self.border_right(r, c) && room[i] == room[i + 1] {
                out.push((i, i + 1));
            }
            if r + 1 < self.rows && self.border_below(r, c) && room[i] == room[i + cols] {
                out.push((i, i + cols));
            }
        }
        out
    }

    /// The data of the genre's model: the size, then the facts of each layer in the vocabulary
    /// of `names`; `layers` says whether the genre has rooms (borders) and reads the borders
    /// inside them.
    pub fn to_data(&self, source: &str, layers: Layers) -> String {
        use names::*;
        let mut out = format!("% {source}\nparam rows = {}\nparam cols = {}\n", self.rows, self.cols);
        if let Some(k) = self.stars {
            out.push_str(&format!("param stars = {k}\n"));
        }
        let cell = |i: usize| (i / self.cols + 1, i % self.cols + 1);
        for (i, clue) in self.numbers.iter().enumerate() {
            let (r, c) = cell(i);
            match clue {
                Clue::Number(v) => out.push_str(&format!("{NUMBER}({r}, {c}, {v})\n")),
                Clue::Unknown => out.push_str(&format!("{UNKNOWN}({r}, {c})\n")),
                Clue::Empty => {}
            }
        }
        if layers.rooms {
            let (room, count) = self.rooms();
            out.push_str(&format!("param rooms = {count}\n"));
            for (i, m) in room.iter().enumerate() {
                let (r, c) = cell(i);
                out.push_str(&format!("{ROOM}({r}, {c}, {})\n", m + 1));
            }
            if layers.walls {
                for (a, b) in self.inner_walls(&room) {
                    let ((r1, c1), (r2, c2)) = (cell(a), cell(b));
                    out.push_str(&format!("{WALL}({r1}, {c1}, {r2}, {c2})\n"));
                }
            }
        }
        for (m, clue) in self.room_numbers.iter().enumerate() {
            match clue {
                Clue::Number(v) => out.push_str(&format!("{ROOM_NUMBER}({}, {v})\n", m + 1)),
                Clue::Unknown => out.push_str(&format!("{ROOM_UNKNOWN}({})\n", m + 1)),
                Clue::Empty => {}
            }
        }
        for (i, &circle) in self.circles.iter().enumerate() {
            let (r, c) = cell(i);
            match circle {
                1 => out.push_str(&format!("{WHITE}({r}, {c})\n")),
                2 => out.push_str(&format!("{BLACK}({r}, {c})\n")),
                _ => {}
            }
        }
        if let Some(k) = self.letters {
            out.push_str(&format!("param letters = {k}\n"));
        }
        for (name, on) in &self.switches {
            out.push_str(&format!("param {name} = {}\n", u8::from(*on)));
        }
        for (k, clue) in self.outside.iter().enumerate() {
            let (side, at) = self.side_of(k);
            match clue {
                Clue::Number(v) => out.push_str(&format!("{}({at}, {v})\n", SIDES[side])),
                Clue::Unknown => out.push_str(&format!("{}({at})\n", SIDES_UNKNOWN[side])),
                Clue::Empty => {}
            }
        }
        for (k, clue) in self.corners.iter().enumerate() {
            let (i, j) = (k / (self.cols + 1), k % (self.cols + 1));
            match clue {
                Clue::Number(v) => out.push_str(&format!("{CORNER}({i}, {j}, {v})\n")),
                Clue::Unknown => out.push_str(&format!("{CORNER_UNKNOWN}({i}, {j})\n")),
                Clue::Empty => {}
            }
        }
        for (i, _) in self.trees.iter().enumerate().filter(|(_, &t)| t) {
            let (r, c) = cell(i);
            out.push_str(&format!("{TREE}({r}, {c})\n"));
        }
        for (i, _) in self.blocked.iter().enumerate().filter(|(_, &t)| t) {
            let (r, c) = cell(i);
            out.push_str(&format!("{BLOCKED}({r}, {c})\n"));
        }
        for (i, &(d, clue)) in self.arrows.iter().enumerate() {
            let (r, c) = cell(i);
            match (d, clue) {
                (_, Clue::Empty) => {}
                (0, Clue::Number(v)) => out.push_str(&format!("{NUMBER}({r}, {c}, {v})\n")),
                (0, Clue::Unknown) => out.push_str(&format!("{UNKNOWN}({r}, {c})\n")),
                (d, Clue::Number(v)) => out.push_str(&format!("{ARROW}({r}, {c}, {d}, {v})\n")),
                (d, Clue::Unknown) => out.push_str(&format!("{ARROW_UNKNOWN}({r}, {c}, {d})\n")),
            }
        }
        for (i, list) in self.tapa.iter().enumerate() {
            let (r, c) = cell(i);
            for (k, clue) in list.iter().enumerate() {
                match clue {
                    Clue::Number(v) => out.push_str(&format!("{TAPA}({r}, {c}, {}, {v})\n", k + 1)),
                    _ => out.push_str(&format!("{TAPA_UNKNOWN}({r}, {c}, {})\n", k + 1)),
                }
            }
        }
        if let Some(k) = &self.kakuro {
            let mut sums = |i: usize, j: usize, (down, across): (Option<u32>, Option<u32>)| {
                for (name, v) in [(DOWN, down), (ACROSS, across)] {
                    if let Some(v) = v {
                        out.push_str(&format!("{name}({i}, {j}, {v})\n"));
                    }
                }
            };
            for (j, &d) in k.down.iter().enumerate() {
                sums(0, j + 1, (d, None));
            }
            for (i, &a) in k.across.iter().enumerate() {
                sums(i + 1, 0, (None, a));
            }
            for (i, cell) in k.cells.iter().enumerate() {
                if let Some(s) = cell {
                    let (r, c) = (i / self.cols + 1, i % self.cols + 1);
                    sums(r, c, *s);
                }
            }
            for (i, _) in k.cells.iter().enumerate().filter(|(_, c)| c.is_some()) {
                let (r, c) = cell(i);
                out.push_str(&format!("{BLOCK}({r}, {c})\n"));
            }
        }
        out
    }

    /// The side (an index of `names::SIDES`) and the column or row (from 1) of entry `k` of the
    /// clues outside the grid.
    pub fn side_of(&self, k: usize) -> (usize, usize) {
        let (rows, cols) = (self.rows, self.cols);
        let order: &[(usize, usize)] =
            if self.sides == 4 { &[(0, cols), (1, cols), (2, rows), (3, rows)] } else { &[(0, cols), (2, rows)] };
        let mut k = k;
        for &(side, len) in order {
            if k < len {
                return (side, k + 1);
            }
            k -= len;
        }
        (3, k + 1)
    }

    /// The position in `outside` of side `side`'s entry `at` (from 1).
    fn outside_index(&self, side: usize, at: usize) -> Option<usize> {
        (0..self.outside.len()).find(|&k| self.side_of(k) == (side, at))
    }

    /// The board of a posed puzzle, from its model's facts (the inverse of [`to_data`]):
    /// `layers` says which layers the genre's URL carries.
    pub fn from_facts(facts: &Facts, layers: Layers) -> Result<Self, Unwritable> {
        use names::*;
        let mut b = Board::new(facts.size("rows")?, facts.size("cols")?);
        if b.rows == 0 || b.cols == 0 {
            return Err(Unwritable("a board without cells".into()));
        }
        let cells = b.rows * b.cols;
        let at = |args: &[String], k: usize| -> Result<usize, Unwritable> {
            let v: usize = args
                .get(k)
                .and_then(|a| a.parse().ok())
                .ok_or_else(|| Unwritable(format!("`{}` is not a number", args.join(", "))))?;
            Ok(v)
        };
        let cell = |args: &[String]| -> Result<usize, Unwritable> {
            let (r, c) = (at(args, 0)?, at(args, 1)?);
            if r == 0 || c == 0 || r > b.rows || c > b.cols {
                return Err(Unwritable(format!("cell ({r}, {c}) lies outside the grid")));
            }
            Ok((r - 1) * b.cols + c - 1)
        };
        if layers.numbers {
            b.numbers = vec![Clue::Empty; cells];
        }
        if layers.circles {
            b.circles = vec![0; cells];
        }
        if layers.sides > 0 {
            b.sides = layers.sides;
            b.outside = vec![Clue::Empty; 2 * b.cols + 2 * b.rows];
            b.outside.truncate(if layers.sides == 4 { 2 * (b.rows + b.cols) } else { b.rows + b.cols });
        }
        if layers.corners {
            b.corners = vec![Clue::Empty; (b.rows + 1) * (b.cols + 1)];
        }
        if layers.trees {
            b.trees = vec![false; cells];
        }
        if layers.blocked {
            b.blocked = vec![false; cells];
        }
        if layers.arrows {
            b.arrows = vec![(0, Clue::Empty); cells];
        }
        if layers.letters {
            b.letters = Some(facts.param("letters")?.try_into().map_err(|_| Unwritable("letters below 0".into()))?);
        }
        if layers.tapa {
            b.tapa = vec![Vec::new(); cells];
        }
        if layers.kakuro {
            b.kakuro = Some(Kakuro { cells: vec![None; cells], down: vec![None; b.cols], across: vec![None; b.rows] });
        }
        let mut tapa_entries: Vec<(usize, usize, Clue)> = Vec::new();
        for &(_, name) in layers.switches {
            b.switches.push((name, facts.param(name)? != 0));
        }
        let mut room_of = vec![0usize; cells];
        let mut walls: Vec<(usize, usize)> = Vec::new();
        for (name, args) in &facts.facts {
            match name.as_str() {
                NUMBER if layers.numbers => b.numbers[cell(args)?] = Clue::Number(at(args, 2)? as u32),
                UNKNOWN if layers.numbers => b.numbers[cell(args)?] = Clue::Unknown,
                NUMBER if layers.arrows => b.arrows[cell(args)?] = (0, Clue::Number(at(args, 2)? as u32)),
                UNKNOWN if layers.arrows => b.arrows[cell(args)?] = (0, Clue::Unknown),
                ARROW if layers.arrows => {
                    b.arrows[cell(args)?] = (at(args, 2)? as u8, Clue::Number(at(args, 3)? as u32))
                }
                ARROW_UNKNOWN if layers.arrows => b.arrows[cell(args)?] = (at(args, 2)? as u8, Clue::Unknown),
                TREE if layers.trees => b.trees[cell(args)?] = true,
                BLOCKED if layers.blocked => b.blocked[cell(args)?] = true,
                TAPA | TAPA_UNKNOWN if layers.tapa => {
                    let clue = if name == TAPA { Clue::Number(at(args, 3)? as u32) } else { Clue::Unknown };
                    tapa_entries.push((cell(args)?, at(args, 2)?, clue));
                }
                BLOCK if layers.kakuro => {
                    let i = cell(args)?;
                    if let Some(k) = b.kakuro.as_mut() {
                        k.cells[i].get_or_insert((None, None));
                    }
                }
                DOWN | ACROSS if layers.kakuro => {
                    let (i, j, v) = (at(args, 0)?, at(args, 1)?, Some(at(args, 2)? as u32));
                    let cols = b.cols;
                    let k = b.kakuro.as_mut().ok_or_else(|| Unwritable("no kakuro".into()))?;
                    let down = name == DOWN;
                    match (i, j) {
                        (0, 0) => return Err(Unwritable("a sum at the grid's corner".into())),
                        (0, j) if down && j <= cols => k.down[j - 1] = v,
                        (i, 0) if !down && i <= k.across.len() => k.across[i - 1] = v,
                        (i, j) if i <= k.across.len() && j <= cols && i > 0 && j > 0 => {
                            let s = k.cells[(i - 1) * cols + j - 1].get_or_insert((None, None));
                            if down {
                                s.0 = v;
                            } else {
                                s.1 = v;
                            }
                        }
                        _ => return Err(Unwritable(format!("`{name}({})` has no place in the grid", args.join(", ")))),
                    }
                }
                CORNER | CORNER_UNKNOWN if layers.corners => {
                    let (i, j) = (at(args, 0)?, at(args, 1)?);
                    if i > b.rows || j > b.cols {
                        return Err(Unwritable(format!("grid point ({i}, {j}) lies outside the grid")));
                    }
                    b.corners[i * (b.cols + 1) + j] =
                        if name == CORNER { Clue::Number(at(args, 2)? as u32) } else { Clue::Unknown };
                }
                side if layers.sides > 0 && (SIDES.contains(&side) || SIDES_UNKNOWN.contains(&side)) => {
                    let (k, known) = match SIDES.iter().position(|s| *s == side) {
                        Some(k) => (k, true),
                        None => (SIDES_UNKNOWN.iter().position(|s| *s == side).unwrap_or(0), false),
                    };
                    let index = b.outside_index(k, at(args, 0)?).ok_or_else(|| {
                        Unwritable(format!("`{side}({})` has no place outside the grid", args.join(", ")))
                    })?;
                    b.outside[index] = if known { Clue::Number(at(args, 1)? as u32) } else { Clue::Unknown };
                }
                WHITE if layers.circles => b.circles[cell(args)?] = 1,
                BLACK if layers.circles => b.circles[cell(args)?] = 2,
                ROOM if layers.rooms => room_of[cell(args)?] = at(args, 2)?,
                WALL if layers.rooms => {
                    let pair = args.join(", ");
                    if args.len() != 4 {
                        return Err(Unwritable(format!("`{WALL}({pair})`: two cells, four numbers, expected")));
                    }
                    let (a, z) = (cell(args)?, cell(&args[2..])?);
                    let (a, z) = (a.min(z), a.max(z));
                    let cols = b.cols;
                    if !(z == a + 1 && a % cols + 1 < cols || z == a + cols) {
                        return Err(Unwritable(format!("`{WALL}({pair})` does not lie between side-by-side cells")));
                    }
                    walls.push((a, z));
                }
                ROOM_NUMBER | ROOM_UNKNOWN => {}
                other => return Err(Unwritable(format!("facts of `{other}` have no place in the URL"))),
            }
        }
        tapa_entries.sort_by_key(|&(i, k, _)| (i, k));
        for (i, _, clue) in tapa_entries {
            b.tapa[i].push(clue);
        }
        if layers.stars {
            b.stars = Some(facts.param("stars")?.try_into().map_err(|_| Unwritable("stars below 0".into()))?);
        }
        if layers.rooms {
            let (rows, cols) = (b.rows, b.cols);
            b.right = (0..rows)
                .flat_map(|r| (0..cols - 1).map(move |c| r * cols + c))
                .map(|i| room_of[i] != room_of[i + 1])
                .collect();
            b.below = (0..cols * (rows - 1)).map(|k| room_of[k] != room_of[k + cols]).collect();
            // Borders inside rooms. Walls that cut a room in two fail the check below.
            for (a, z) in walls {
                if z == a + 1 {
                    b.right[(cols - 1) * (a / cols) + a % cols] = true;
                } else {
                    b.below[a] = true;
                }
            }
            // A room of the facts is one room of the borders: the border codec can say no other.
            let (canonical, count) = b.rooms();
            let mut first: BTreeMap<usize, usize> = BTreeMap::new();
            for (i, &m) in room_of.iter().enumerate() {
                let k = *first.entry(m).or_insert(canonical[i]);
                if k != canonical[i] {
                    return Err(Unwritable(format!("room {m} is not one connected area of cells (walls included)")));
                }
            }
            if layers.room_numbers {
                b.room_numbers = vec![Clue::Empty; count];
                for (name, args) in &facts.facts {
                    let clue = match name.as_str() {
                        ROOM_NUMBER => Clue::Number(at(args, 1)? as u32),
                        ROOM_UNKNOWN => Clue::Unknown,
                        _ => continue,
                    };
                    let m = at(args, 0)?;
                    let k = first.get(&m).ok_or_else(|| Unwritable(format!("room {m} has no cell")))?;
                    b.room_numbers[*k] = clue;
                }
            }
        }
        Ok(b)
    }
}

/// Which layers a genre's URL carries, as [`Board::from_facts`] reads them back.
#[derive(Copy, Clone, Debug, Default)]
pub struct Layers {
    /// Sides with clues outside the grid: 0, 2 (top, left) or 4.
    pub sides: usize,
    /// Clues on grid points.
    pub corners: bool,
    /// Trees.
    pub trees: bool,
    /// Blocked cells.
    pub blocked: bool,
    /// Arrows with numbers.
    pub arrows: bool,
    /// A number of letters.
    pub letters: bool,
    /// Flags that set parameters: letter and parameter.
    pub switches: &'static [(char, &'static str)],
    /// Tapa clues.
    pub tapa: bool,
    /// Kakuro clues.
    pub kakuro: bool,
    /// Numbers in cells.
    pub numbers: bool,
    /// Rooms (borders).
    pub rooms: bool,
    /// Borders inside rooms, as `wall` facts (the genre's rules read borders).
    pub walls: bool,
    /// Numbers of rooms.
    pub room_numbers: bool,
    /// Circles.
    pub circles: bool,
    /// A number of stars.
    pub stars: bool,
}
