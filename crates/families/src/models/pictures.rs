//! What the bundled models' puzzles look like when printed (seed 002's grid families, nonograms,
//! zebra puzzles): the family says what to draw, [`crate::models::printed`] draws it. A model is
//! one of these puzzles when its text is a bundled reader's model (`models/*.qp`), whether it was
//! read through the reader or named with its data; the clues come from the model's data (its
//! clue and input facts), the glyphs from the solution.

use std::collections::{BTreeMap, BTreeSet};

use crate::models::printed::{Board, Cell, Glyph, Picture, ShipPart, Table};
use wgrnd_lang::{Args, PredKind, Program, ShowVal, Solution, Val};

use crate::models::readers::READERS;

/// The printed picture of `solution`, when `program` is a bundled puzzle's model.
pub(crate) fn picture(program: &Program, solution: &Solution) -> Option<Picture> {
    let text = program.model_source().1;
    let reader = READERS.iter().find(|r| r.model.1 == text)?;
    let m = Model { p: program, s: solution };
    let title = match reader.format {
        "non" => "nonogram",
        "lightsout" => "lights out",
        "ashes" => "Laplace's ashes",
        other => other,
    };
    Some(match reader.format {
        "non" => Picture::Board(m.nonogram()?),
        "minesweeper" => Picture::Board(m.minesweeper()?),
        "battleships" => Picture::Board(m.battleships()?),
        "lightsout" => Picture::Board(m.lightsout()?),
        "submarines" => Picture::Board(m.submarines()?),
        "ashes" => Picture::Board(m.ashes()?),
        "zebra" => Picture::Table(m.zebra()?),
        _ => return None,
    })
    .map(|p| match p {
        Picture::Board(b) => Picture::Board(Board { title: format!("{title}, {}", b.title), ..b }),
        t => t,
    })
}

/// A model and a solution, read by name.
struct Model<'a> {
    p: &'a Program,
    s: &'a Solution,
}

/// An integer value as an index from 1 (`None`: not an integer, or below 1).
fn at(v: Val) -> Option<usize> {
    match v {
        Val::Int(i) => usize::try_from(i).ok().filter(|&i| i >= 1).map(|i| i - 1),
        Val::Sym(_) => None,
    }
}

impl Model<'_> {
    fn param(&self, name: &str) -> Option<usize> {
        self.p.params.iter().find(|(n, _)| n == name).and_then(|(_, v)| match v {
            Val::Int(i) => usize::try_from(*i).ok(),
            Val::Sym(_) => None,
        })
    }

    /// The facts of the data predicate `name`, sorted.
    fn facts(&self, name: &str) -> Vec<Vec<Val>> {
        let mut f: Vec<Vec<Val>> = self
            .p
            .preds
            .iter()
            .filter(|pr| pr.name == name)
            .filter_map(|pr| match &pr.kind {
                PredKind::Input(f) => Some(f.iter().cloned().collect::<Vec<_>>()),
                _ => None,
            })
            .flatten()
            .collect();
        f.sort();
        f
    }

    /// The true atoms of the solved-for predicate `name`.
    fn atoms(&self, name: &str) -> BTreeSet<Args> {
        self.s.preds.iter().find(|v| v.name == name).map(|v| v.atoms.clone()).unwrap_or_default()
    }

    /// The values of the integer variable `name`.
    fn ints(&self, name: &str) -> BTreeMap<Args, Val> {
        self.s.ints.iter().find(|v| v.name == name).map(|v| v.values.clone()).unwrap_or_default()
    }

    fn show(&self, v: Val) -> String {
        ShowVal(self.p, v).to_string()
    }

    /// A rows x cols board of `glyph(r, c)` (0-based), with `given` cells from the facts of
    /// `given` (`given(r, c, ...)`).
    fn board(&self, given: &str, glyph: impl Fn(usize, usize) -> Glyph) -> Option<Board> {
        let (rows, cols) = (self.param("rows")?, self.param("cols")?);
        let shown: BTreeSet<(usize, usize)> =
            self.facts(given).iter().filter_map(|t| Some((at(*t.first()?)?, at(*t.get(1)?)?))).collect();
        let cells = (0..rows)
            .map(|r| (0..cols).map(|c| Cell { glyph: glyph(r, c), given: shown.contains(&(r, c)) }).collect())
            .collect();
        Some(Board { title: format!("{rows} x {cols}"), cells, ..Board::default() })
    }

    /// The cells of the shown predicate `name(r, c)` that are true, 0-based.
    fn cells(&self, name: &str) -> BTreeSet<(usize, usize)> {
        self.atoms(name).iter().filter_map(|t| Some((at(*t.first()?)?, at(*t.get(1)?)?))).collect()
    }

    /// `n` counts from the facts of `name(i, k)`: `k` for line `i`, `?` for a withheld one.
    fn counts(&self, name: &str, n: usize) -> Vec<String> {
        let mut out = vec!["?".to_string(); n];
        for t in self.facts(name) {
            if let (Some(i), Some(&k)) = (t.first().and_then(|&v| at(v)), t.get(1)) {
                if let Some(slot) = out.get_mut(i) {
                    *slot = self.show(k);
                }
            }
        }
        out
    }

    fn nonogram(&self) -> Option<Board> {
        let black = self.cells("black");
        let mut b = self.board("given", |r, c| if black.contains(&(r, c)) { Glyph::Black } else { Glyph::Blank })?;
        let clues = |runs: &str, shown: &str, n: usize| -> Vec<Vec<String>> {
            let shown: BTreeSet<usize> = self.facts(shown).iter().filter_map(|t| at(*t.first()?)).collect();
            let mut lines: Vec<Vec<(Val, Val)>> = vec![Vec::new(); n];
            for t in self.facts(runs) {
                if let (Some(i), [_, k, l]) = (at(t[0]), t.as_slice()) {
                    if let Some(line) = lines.get_mut(i) {
                        line.push((*k, *l));
                    }
                }
            }
            lines
                .into_iter()
                .enumerate()
                .map(|(i, mut line)| {
                    line.sort();
                    match (shown.contains(&i), line.is_empty()) {
                        (false, _) => vec!["?".to_string()],
                        (true, true) => vec!["0".to_string()],
                        (true, false) => line.iter().map(|&(_, l)| self.show(l)).collect(),
                    }
                })
                .collect()
        };
        b.left = clues("rowrun", "rowclue", b.rows());
        b.top = clues("colrun", "colclue", b.cols());
        b.major = 5;
        Some(b)
    }

    fn minesweeper(&self) -> Option<Board> {
        let mines = self.cells("mine");
        let open: BTreeMap<(usize, usize), u8> = self
            .facts("open")
            .iter()
            .filter_map(|t| match t.as_slice() {
                [r, c, Val::Int(n)] => Some(((at(*r)?, at(*c)?), u8::try_from(*n).ok()?)),
                _ => None,
            })
            .collect();
        let flags: BTreeSet<(usize, usize)> =
            self.facts("flag").iter().filter_map(|t| Some((at(*t.first()?)?, at(*t.get(1)?)?))).collect();
        let mut b = self.board("open", |r, c| match open.get(&(r, c)) {
            Some(&n) => Glyph::Open(n),
            None if flags.contains(&(r, c)) => Glyph::Flag,
            None if mines.contains(&(r, c)) => Glyph::Mine,
            None => Glyph::Closed,
        })?;
        if let Some(k) = self.facts("mines").first().and_then(|t| t.first().copied()) {
            b.notes.push(format!("mines {}", self.show(k)));
        }
        let drawn = |g: &Glyph| b.cells.iter().flatten().any(|c| c.glyph == *g);
        let legend: Vec<&str> = [(Glyph::Flag, "F a given mine (flag)"), (Glyph::Mine, "* a mine the solution places")]
            .iter()
            .filter(|(g, _)| drawn(g))
            .map(|(_, l)| *l)
            .collect();
        if !legend.is_empty() {
            b.notes.push(legend.join(", "));
        }
        Some(b)
    }

    fn battleships(&self) -> Option<Board> {
        let part = self.cells("part");
        let water: BTreeSet<(usize, usize)> = self
            .facts("seen")
            .iter()
            .filter(|t| t.get(2).is_some_and(|&v| self.show(v) == "water"))
            .filter_map(|t| Some((at(t[0])?, at(t[1])?)))
            .collect();
        let has = |r: Option<usize>, c: Option<usize>| r.zip(c).is_some_and(|rc| part.contains(&rc));
        let mut b = self.board("seen", |r, c| {
            if !part.contains(&(r, c)) {
                return if water.contains(&(r, c)) { Glyph::Water } else { Glyph::Blank };
            }
            let up = has(r.checked_sub(1), Some(c));
            let down = has(Some(r + 1), Some(c));
            let left = has(Some(r), c.checked_sub(1));
            let right = has(Some(r), Some(c + 1));
            Glyph::Ship(match (up, down, left, right) {
                (false, false, false, false) => ShipPart::Single,
                (false, false, false, true) => ShipPart::Left,
                (false, false, true, false) => ShipPart::Right,
                (false, true, false, false) => ShipPart::Top,
                (true, false, false, false) => ShipPart::Bottom,
                _ => ShipPart::Middle,
            })
        })?;
        b.right = self.counts("rowcount", b.rows());
        b.bottom = self.counts("colcount", b.cols());
        let fleet: Vec<String> =
            self.facts("fleet").iter().map(|t| format!("{} x {}", self.show(t[1]), self.show(t[0]))).collect();
        if !fleet.is_empty() {
            b.notes.push(format!("fleet (ships x length): {}", fleet.join(", ")));
        }
        Some(b)
    }

    fn lightsout(&self) -> Option<Board> {
        let press = self.cells("press");
        let light: BTreeMap<(usize, usize), bool> =
            self.facts("light").iter().filter_map(|t| Some(((at(t[0])?, at(t[1])?), t[2] == Val::Int(1)))).collect();
        let mut b = self
            .board("given", |r, c| Glyph::Lamp { on: light.get(&(r, c)).copied(), pressed: press.contains(&(r, c)) })?;
        b.notes
            .push("lights at the start: O (yellow) on, . (grey) off, ? not given; pressed: [ ] (a red frame)".into());
        Some(b)
    }

    fn submarines(&self) -> Option<Board> {
        let subs = self.ints("sub");
        let one = |r: usize, c: usize| {
            subs.get([Val::Int(r as i64 + 1), Val::Int(c as i64 + 1)].as_slice()) == Some(&Val::Int(1))
        };
        let mut b = self.board("given", |r, c| Glyph::Sub(one(r, c)))?;
        b.right = self.counts("rowsum", b.rows());
        b.bottom = self.counts("colsum", b.cols());
        Some(b)
    }

    fn ashes(&self) -> Option<Board> {
        let digits = self.ints("d");
        let clues: BTreeMap<(usize, usize), Val> =
            self.facts("ash").iter().filter_map(|t| Some(((at(t[0])?, at(t[1])?), t[2]))).collect();
        let mut b = self.board("", |r, c| Glyph::Value {
            value: digits
                .get([Val::Int(r as i64 + 1), Val::Int(c as i64 + 1)].as_slice())
                .map_or("?".into(), |&v| self.show(v)),
            corner: clues.get(&(r, c)).map(|&k| self.show(k)),
        })?;
        b.corner_titles = Some(("clues".into(), "hidden grid".into()));
        let rule = match self.param("rule") {
            Some(2) => "up + right - down - left",
            _ => "the cell and its eight neighbours",
        };
        b.notes.push(format!("each clue: {rule}"));
        Some(b)
    }

    fn zebra(&self) -> Option<Table> {
        let houses = self.param("houses")?;
        let attrs = &self.p.domains.iter().find(|d| d.name == "attr")?.values;
        let lives = self.atoms("lives");
        let mut header = vec![String::from("house")];
        header.extend((1..=houses).map(|h| h.to_string()));
        let rows = attrs
            .iter()
            .map(|&a| {
                let mut row = vec![self.show(a)];
                row.extend((1..=houses).map(|h| {
                    let hits: Vec<String> = lives
                        .iter()
                        .filter(|t| t.first() == Some(&a) && t.get(1) == Some(&Val::Int(h as i64)))
                        .filter_map(|t| t.get(2).map(|&v| self.show(v)))
                        .collect();
                    if hits.is_empty() {
                        "?".into()
                    } else {
                        hits.join("/")
                    }
                }));
                row
            })
            .collect();
        Some(Table { title: format!("zebra: {houses} houses"), header, rows })
    }
}
