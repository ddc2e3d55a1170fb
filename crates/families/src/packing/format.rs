//! The packing format (`.pack`, docs/formats.md) and packing solutions. One statement per line,
//! `#` starts a comment. Region cells are counted from 1 (`1,1,1` is a corner of the box); piece
//! cells are any integers, only the shape matters.
//!
//! ```text
//! packing                       # marks the format (optional with the .pack extension)
//! name Y-pentacube box          # optional
//! box 5 5 5                     # X Y Z; or `region x,y,z ...` lines listing the cells to fill
//! mirror no                     # `yes`: pieces may also be placed reflected
//! piece Y 25 0,0,0 0,0,1 0,0,2 0,0,3 0,1,2   # name, copies, cells
//! place Y 1,1,1 1,1,2 1,1,3 1,1,4 1,2,3       # a copy given in place (a clue): region cells
//! ```
//!
//! A solution lists one piece per line: the kind's name and the region cells it fills
//! (`Y 1,1,1 1,1,2 1,1,3 1,1,4 1,2,3`), or is wgrnd's JSON (`"placements": [{"piece": "Y",
//! "cells": [[1,1,1], ...]}]`).

use std::fmt::Write as _;

use nom::character::complete::{char, digit1};
use nom::combinator::{all_consuming, opt, recognize};
use nom::sequence::pair;
use nom::{IResult, Parser};

use crate::packing::model::{Packing, PackingBuilder, PiecePlacement, Voxel, MAX_CELLS, MAX_SIDE};
use crate::{
    lex,
    lex::{lines, shown, words, Word},
};
use wgrnd_sat::InputError;

/// The words that start a packing file (any of them as the first statement marks the format).
pub const PACKING_WORDS: [&str; 3] = ["packing", "box", "region"];

/// Whether a file is a packing: by its extension, else by its first statement.
pub fn is_packing(file: &str, text: &str) -> bool {
    if std::path::Path::new(file).extension().is_some_and(|e| e == "pack") {
        return true;
    }
    let first = lines(text)
        .map(|(_, l)| l.split('#').next().unwrap_or("").trim())
        .find(|l| !l.is_empty())
        .and_then(|l| l.split_whitespace().next());
    first.is_some_and(|w| PACKING_WORDS.contains(&w))
}

fn signed(input: &str) -> IResult<&str, &str> {
    recognize(pair(opt(char('-')), digit1)).parse(input)
}

/// `x,y,z`.
fn triple(text: &str) -> Option<[i64; 3]> {
    let parsed: IResult<&str, (&str, char, &str, char, &str)> =
        all_consuming((signed, char(','), signed, char(','), signed)).parse(text);
    let (_, (x, _, y, _, z)) = parsed.ok()?;
    Some([x.parse().ok()?, y.parse().ok()?, z.parse().ok()?])
}

fn cell(file: &str, no: usize, w: &Word, one_based: bool) -> Result<Voxel, InputError> {
    let what = if one_based { "a region cell x,y,z counted from 1" } else { "a piece cell x,y,z (whole numbers)" };
    let t = triple(w.text).ok_or_else(|| InputError::at(file, no, w.col, shown(w.text), what))?;
    let lo = i64::from(one_based);
    if t.iter().any(|&c| c < lo - MAX_SIDE || c > MAX_SIDE) || (one_based && t.iter().any(|&c| c < 1)) {
        let range = if one_based { format!("1 to {MAX_SIDE}") } else { format!("-{MAX_SIDE} to {MAX_SIDE}") };
        return Err(InputError::at(file, no, w.col, shown(w.text), format!("coordinates from {range}")));
    }
    Ok([(t[0] - lo) as i32, (t[1] - lo) as i32, (t[2] - lo) as i32])
}

/// Reads a `.pack` file.
pub fn read_packing(file: &str, text: &str) -> Result<Packing, InputError> {
    let mut b = PackingBuilder::new(file);
    let mut region_cells = 0usize;
    for (no, raw) in lines(text) {
        let line = raw.split('#').next().unwrap_or("");
        let ws = words(line);
        let Some(first) = ws.first() else { continue };
        let args = &ws[1..];
        let end_col = line.trim_end().chars().count() + 1;
        let count_error = |want: &str| {
            let col = args.get(3).map(|w| w.col).unwrap_or(end_col);
            InputError::at(file, no, col, format!("{} argument(s) to `{}`", args.len(), first.text), want)
        };
        match first.text {
            "packing" if args.is_empty() => {}
            "name" if args.is_empty() => {
                return Err(InputError::at(file, no, end_col, "`name` without a name", "`name TEXT`"));
            }
            "name" => b.name(line.trim_start()["name".len()..].trim()),
            "box" => {
                if args.len() != 3 {
                    return Err(count_error("`box X Y Z`"));
                }
                let mut size = [0usize; 3];
                for (a, w) in args.iter().enumerate() {
                    size[a] = lex::integer(w.text).filter(|&v| (1..=MAX_SIDE).contains(&v)).ok_or_else(|| {
                        InputError::at(file, no, w.col, shown(w.text), format!("a side from 1 to {MAX_SIDE}"))
                    })? as usize;
                }
                b.boxed(size, no);
            }
            "region" => {
                for w in args {
                    region_cells += 1;
                    if region_cells > MAX_CELLS {
                        return Err(InputError::at(
                            file,
                            no,
                            w.col,
                            format!("more than {MAX_CELLS} region cells"),
                            format!("at most {MAX_CELLS}"),
                        ));
                    }
                    b.region_cell(cell(file, no, w, true)?, no);
                }
            }
            "mirror" => match args.iter().map(|w| w.text).collect::<Vec<_>>()[..] {
                ["yes"] => b.mirror(true),
                ["no"] => b.mirror(false),
                [other] => {
                    return Err(InputError::at(file, no, args[0].col, shown(other), "`yes` or `no`"));
                }
                _ => return Err(count_error("`mirror yes` or `mirror no`")),
            },
            "piece" => {
                if args.len() < 3 {
                    return Err(count_error("`piece NAME COPIES x,y,z ...` (a name, a count, cells)"));
                }
                let name = args[0].text;
                if triple(name).is_some() || lex::integer(name).is_some() {
                    return Err(InputError::at(file, no, args[0].col, shown(name), "a piece name first"));
                }
                let count =
                    lex::integer(args[1].text).filter(|&c| (1..=MAX_CELLS as i64).contains(&c)).ok_or_else(|| {
                        InputError::at(
                            file,
                            no,
                            args[1].col,
                            shown(args[1].text),
                            format!("a number of copies from 1 to {MAX_CELLS}"),
                        )
                    })? as usize;
                if args.len() - 2 > MAX_CELLS {
                    return Err(count_error("a piece of at most 65536 cells"));
                }
                let cells = args[2..].iter().map(|w| cell(file, no, w, false)).collect::<Result<Vec<_>, _>>()?;
                b.kind(name, count, cells, no)?;
            }
            "place" => {
                if args.len() < 2 {
                    return Err(count_error("`place NAME x,y,z ...` (a piece's name, the region cells it fills)"));
                }
                if args.len() - 1 > MAX_CELLS {
                    return Err(count_error("a piece of at most 65536 cells"));
                }
                let cells = args[1..].iter().map(|w| cell(file, no, w, true)).collect::<Result<Vec<_>, _>>()?;
                b.place(args[0].text, cells, no);
            }
            other => {
                return Err(InputError::at(
                    file,
                    no,
                    first.col,
                    shown(other),
                    "a statement: packing, name, box, region, mirror, piece or place",
                ))
            }
        }
    }
    b.build()
}

/// Writes a packing in the `.pack` format; reading it back gives the same packing.
pub fn write_packing(p: &Packing) -> String {
    let mut s = String::from("packing\n");
    if !p.name.is_empty() {
        let _ = writeln!(s, "name {}", p.name);
    }
    if p.is_box() {
        let _ = writeln!(s, "box {} {} {}", p.size[0], p.size[1], p.size[2]);
    } else {
        for chunk in p.cells.chunks(16) {
            let cells: Vec<String> = chunk.iter().map(|c| format!("{},{},{}", c[0] + 1, c[1] + 1, c[2] + 1)).collect();
            let _ = writeln!(s, "region {}", cells.join(" "));
        }
    }
    let _ = writeln!(s, "mirror {}", if p.mirror { "yes" } else { "no" });
    for k in &p.kinds {
        let cells: Vec<String> = k.cells.iter().map(|c| format!("{},{},{}", c[0], c[1], c[2])).collect();
        let _ = writeln!(s, "piece {} {} {}", k.name, k.count, cells.join(" "));
    }
    for pl in &p.placed {
        let cells: Vec<String> = pl.cells.iter().map(|c| format!("{},{},{}", c[0] + 1, c[1] + 1, c[2] + 1)).collect();
        let _ = writeln!(s, "place {} {}", p.kinds[pl.kind].name, cells.join(" "));
    }
    s
}

/// Writes a packing solution, one piece per line (cells counted from 1).
pub fn write_packing_solution(p: &Packing, placements: &[PiecePlacement]) -> String {
    let mut s = String::new();
    for pl in placements {
        let cells: Vec<String> = pl.cells.iter().map(|c| format!("{},{},{}", c[0] + 1, c[1] + 1, c[2] + 1)).collect();
        let _ = writeln!(s, "{} {}", p.kinds[pl.kind].name, cells.join(" "));
    }
    s
}

#[derive(serde::Deserialize)]
struct JsonPacking {
    placements: Vec<JsonPiece>,
}

#[derive(serde::Deserialize)]
struct JsonPiece {
    piece: String,
    cells: Vec<[i64; 3]>,
}

/// Reads a packing solution (wgrnd's text lines or its JSON). The cells are only read here;
/// whether they solve the packing is the checker's question.
pub fn read_packing_solution(file: &str, text: &str, p: &Packing) -> Result<Vec<PiecePlacement>, InputError> {
    // `at`: the line and column of the name (`None` in JSON, read as a whole).
    let kind = |name: &str, at: Option<(usize, usize)>| {
        p.kinds.iter().position(|k| k.name == name).ok_or_else(|| {
            let names: Vec<&str> = p.kinds.iter().map(|k| k.name.as_str()).collect();
            let (found, expected) = (format!("piece {}", shown(name)), format!("one of {}", names.join(", ")));
            match at {
                Some((no, col)) => InputError::at(file, no, col, found, expected),
                None => InputError::whole(file, found, expected),
            }
        })
    };
    let limit = |c: i64| (1..=MAX_SIDE).contains(&c);
    let mut out = Vec::new();
    if text.trim_start().starts_with('{') {
        let parsed: JsonPacking = serde_json::from_str(text).map_err(|e| {
            InputError::at(file, e.line(), e.column(), format!("bad JSON ({e})"), "wgrnd's packing JSON")
        })?;
        for piece in parsed.placements {
            let k = kind(&piece.piece, None)?;
            if piece.cells.iter().flatten().any(|&c| !limit(c)) {
                return Err(InputError::whole(file, "a cell outside 1..1024", "cells counted from 1"));
            }
            let mut cells: Vec<Voxel> =
                piece.cells.iter().map(|c| [c[0] as i32 - 1, c[1] as i32 - 1, c[2] as i32 - 1]).collect();
            cells.sort_unstable_by_key(|c| (c[2], c[1], c[0]));
            out.push(PiecePlacement { kind: k, cells });
        }
        return Ok(out);
    }
    for (no, raw) in lines(text) {
        let line = raw.split('#').next().unwrap_or("");
        let ws = words(line);
        let Some(first) = ws.first() else { continue };
        let k = kind(first.text, Some((no, first.col)))?;
        let mut cells = ws[1..].iter().map(|w| cell(file, no, w, true)).collect::<Result<Vec<_>, _>>()?;
        if cells.is_empty() {
            let end = line.trim_end().chars().count() + 1;
            return Err(InputError::at(file, no, end, "a piece without cells", "`NAME x,y,z ...`"));
        }
        if out.len() >= MAX_CELLS {
            return Err(InputError::at(file, no, first.col, "too many pieces", format!("at most {MAX_CELLS}")));
        }
        cells.sort_unstable_by_key(|c| (c[2], c[1], c[0]));
        out.push(PiecePlacement { kind: k, cells });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const Y: &str = "packing\nbox 5 5 5\npiece Y 25 0,0,0 0,0,1 0,0,2 0,0,3 0,1,2\n";

    #[test]
    fn reads_the_seed_003_box() {
        let p = read_packing("y.pack", Y).unwrap();
        assert_eq!(p.size, [5, 5, 5]);
        assert_eq!(p.cells.len(), 125);
        assert_eq!(p.kinds[0].count, 25);
        assert!(p.fills_exactly());
        assert_eq!(read_packing("y.pack", &write_packing(&p)).unwrap(), p);
    }

    #[test]
    fn region_round_trips() {
        let p = read_packing("r", "region 1,1,1 2,1,1 1,2,1\npiece L 1 0,0,0 1,0,0 0,1,0\n").unwrap();
        assert!(!p.is_box());
        assert_eq!(p.size, [2, 2, 1]);
        assert_eq!(read_packing("r", &write_packing(&p)).unwrap(), p);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = read_packing("f.pack", "box 5 5 5\npiece Y 25 0,0,0 0,0\n").unwrap_err();
        assert_eq!(e.to_string(), "f.pack:2:18: found `0,0`; expected a piece cell x,y,z (whole numbers)");
        let e = read_packing("f.pack", "box 5 0 5\n").unwrap_err();
        assert_eq!(e.to_string(), "f.pack:1:7: found `0`; expected a side from 1 to 1024");
        let e = read_packing("f.pack", "box 5 5 5\n").unwrap_err();
        assert_eq!(e.to_string(), "f.pack: found no pieces; expected at least one `piece` line");
    }
}
