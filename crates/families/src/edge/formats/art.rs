//! Box art, as seed 004 draws it and as wgrnd's `--view art` prints it: every square a box with a
//! label on each side,
//!
//! ```text
//! +-----+  +-----+        +-----+-----+
//! |  3  |  |  3  |        |  4  |  3  |
//! |4   1|  |2   4|        |3   1|1   4|
//! |  2  |  |  1  |        |  2  |  2  |
//! +-----+  +-----+        +-----+-----+
//! ```
//!
//! Boxes standing apart are pieces (a puzzle: the pieces in reading order, each as drawn, equal
//! labels match, no frame); boxes that share their borders are a board (a solution: each drawn
//! square is matched to a piece of the given puzzle and a rotation). Positions in a drawing are
//! spatial, so the labels are read straight into wgrnd's north, east, south, west; no edge
//! numbering of the seed's (counterclockwise from the right) is involved. A square drawn with `?`
//! on every side (wgrnd's drawing of an empty square) is left empty.
//!
//! Boxes may be any width (wgrnd widens them for long labels) and are three lines tall. Lines
//! that do not start with `+` or `|` are captions and are skipped; on the lines that do, anything
//! outside the boxes is an error.

use std::collections::HashMap;

use crate::edge::builder::PuzzleBuilder;
use crate::edge::model::{turned, Label, MatchRule, Placement, Puzzle};
use crate::{lex, lex::lines};
use wgrnd_sat::InputError;

const BOX: &str = "boxes `+-----+` three lines tall, with one label on the top line, a left and a right label on \
                   the middle line, one label on the bottom line (seed 004's drawing)";

/// One drawn square: the labels on its sides (north, east, south, west) and where it is.
#[derive(Clone, Debug)]
struct Tile {
    labels: [String; 4],
    /// 1-based line and column of its top-left `+`.
    line: usize,
    col: usize,
}

/// Boxes that share borders: a rectangle of squares, row by row.
#[derive(Clone, Debug)]
struct Drawing {
    rows: usize,
    cols: usize,
    tiles: Vec<Tile>,
}

impl Drawing {
    fn at(&self) -> (usize, usize) {
        (self.tiles[0].line, self.tiles[0].col)
    }
}

/// A box found in the text: 0-based line of its top border, columns of its left and right borders.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Found {
    top: usize,
    left: usize,
    right: usize,
}

/// Whether the text looks like box art: its first line that is not blank starts with `+-`.
pub fn is_art(text: &str) -> bool {
    lines(text).map(|(_, l)| l.trim_start()).find(|l| !l.is_empty()).is_some_and(|l| l.starts_with("+-"))
}

fn is_drawing_line(line: &[char]) -> bool {
    matches!(line.iter().find(|c| !c.is_whitespace()), Some('+' | '|'))
}

/// Finds every box and groups the ones that share borders into drawings, in reading order.
fn drawings(file: &str, text: &str) -> Result<Vec<Drawing>, InputError> {
    let grid: Vec<Vec<char>> = lines(text).map(|(_, l)| l.chars().collect()).collect();
    let at = |r: usize, c: usize| grid.get(r).and_then(|l| l.get(c)).copied().unwrap_or(' ');
    let err = |r: usize, c: usize, found: String, expected: &str| InputError::at(file, r + 1, c + 1, found, expected);
    let mut boxes = Vec::new();
    for (r, line) in grid.iter().enumerate() {
        if !is_drawing_line(line) {
            continue;
        }
        for c in 0..line.len() {
            // A box's top-left corner: `+-` with `|` below (a bottom border has no `|` below it).
            if at(r, c) != '+' || at(r, c + 1) != '-' || at(r + 1, c) != '|' {
                continue;
            }
            let mut right = c + 1;
            while at(r, right) == '-' {
                right += 1;
            }
            if at(r, right) != '+' {
                return Err(err(r, right, format!("`{}` ending a box's top border", at(r, right)), BOX));
            }
            for k in 1..4 {
                for cc in [c, right] {
                    if at(r + k, cc) != '|' {
                        return Err(err(r + k, cc, format!("`{}` where a box's side is", at(r + k, cc)), BOX));
                    }
                }
            }
            for cc in c..=right {
                let want = if cc == c || cc == right { '+' } else { '-' };
                if at(r + 4, cc) != want {
                    return Err(err(r + 4, cc, format!("`{}` in a box's bottom border", at(r + 4, cc)), BOX));
                }
            }
            boxes.push(Found { top: r, left: c, right });
        }
    }
    check_nothing_else(&grid, &boxes, &err)?;
    let mut tiles = Vec::with_capacity(boxes.len());
    for b in &boxes {
        tiles.push(tile(file, &grid, b)?);
    }
    group(file, &boxes, tiles)
}

/// On drawing lines, every character outside the boxes must be blank.
fn check_nothing_else(
    grid: &[Vec<char>],
    boxes: &[Found],
    err: &dyn Fn(usize, usize, String, &str) -> InputError,
) -> Result<(), InputError> {
    let mut covered: Vec<Vec<bool>> = grid.iter().map(|l| vec![false; l.len()]).collect();
    for b in boxes {
        for line in covered.iter_mut().skip(b.top).take(5) {
            for cell in line.iter_mut().take(b.right + 1).skip(b.left) {
                *cell = true;
            }
        }
    }
    for (r, line) in grid.iter().enumerate() {
        if !is_drawing_line(line) {
            continue;
        }
        for (c, &ch) in line.iter().enumerate() {
            if !covered[r][c] && !ch.is_whitespace() {
                return Err(err(r, c, format!("`{ch}` outside the boxes"), BOX));
            }
        }
    }
    Ok(())
}

/// The labels of one box.
fn tile(file: &str, grid: &[Vec<char>], b: &Found) -> Result<Tile, InputError> {
    let inner = |k: usize| -> String { grid[b.top + k][b.left + 1..b.right].iter().collect() };
    let words = |k: usize| -> Vec<String> { lex::words(&inner(k)).into_iter().map(|w| w.text.to_string()).collect() };
    let here = |k: usize, found: String, expected: &str| {
        InputError::at(file, b.top + k + 1, b.left + 2, found, expected.to_string())
    };
    let shown = |ws: &[String]| -> String {
        match ws.len() {
            0 => "no label".into(),
            _ => ws.iter().map(|w| lex::shown(w)).collect::<Vec<_>>().join(" "),
        }
    };
    let (top, middle, bottom) = (words(1), words(2), words(3));
    for (k, ws, side) in [(1, &top, "top"), (3, &bottom, "bottom")] {
        if ws.len() != 1 {
            return Err(here(k, shown(ws), &format!("one label on the {side} line of the box")));
        }
    }
    if middle.len() != 2 {
        // One label alone in the middle could be on either side: the drawing is ambiguous.
        return Err(here(
            2,
            shown(&middle),
            "two labels on the middle line of the box, the left side's and the right side's",
        ));
    }
    Ok(Tile {
        labels: [top[0].clone(), middle[1].clone(), bottom[0].clone(), middle[0].clone()],
        line: b.top + 1,
        col: b.left + 1,
    })
}

/// Groups boxes sharing borders (a right neighbour starts at the right border, a lower one at
/// the bottom border) into rectangular drawings, ordered by their first box.
fn group(file: &str, boxes: &[Found], tiles: Vec<Tile>) -> Result<Vec<Drawing>, InputError> {
    // Boxes by their top-left and top-right corners, to find neighbours without a quadratic scan.
    let by_left: HashMap<(usize, usize), usize> = boxes.iter().enumerate().map(|(i, b)| ((b.top, b.left), i)).collect();
    let by_right: HashMap<(usize, usize), usize> =
        boxes.iter().enumerate().map(|(i, b)| ((b.top, b.right), i)).collect();
    let mut component = vec![usize::MAX; boxes.len()];
    let mut count = 0;
    for start in 0..boxes.len() {
        if component[start] != usize::MAX {
            continue;
        }
        component[start] = count;
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let a = boxes[i];
            let neighbours = [
                by_left.get(&(a.top, a.right)),
                by_right.get(&(a.top, a.left)),
                by_left.get(&(a.top + 4, a.left)),
                a.top.checked_sub(4).and_then(|t| by_left.get(&(t, a.left))),
            ];
            for &j in neighbours.into_iter().flatten() {
                if component[j] == usize::MAX {
                    component[j] = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    let mut members_of: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (i, &k) in component.iter().enumerate() {
        members_of[k].push(i);
    }
    let mut out = Vec::with_capacity(count);
    for members in members_of {
        let mut tops: Vec<usize> = members.iter().map(|&i| boxes[i].top).collect();
        let mut lefts: Vec<usize> = members.iter().map(|&i| boxes[i].left).collect();
        tops.sort_unstable();
        tops.dedup();
        lefts.sort_unstable();
        lefts.dedup();
        // Boxes have distinct top-left corners: as many as rows x columns means a full rectangle
        // (checked before the grid is allocated, which a scattered drawing would make huge).
        if tops.len().checked_mul(lefts.len()) != Some(members.len()) {
            let first = &tiles[members[0]];
            return Err(InputError::at(
                file,
                first.line,
                first.col,
                format!("a drawing of {} squares that is not a rectangle", members.len()),
                "a board drawn as a full rectangle of boxes sharing their borders",
            ));
        }
        let mut grid: Vec<Option<usize>> = vec![None; members.len()];
        for &i in &members {
            let r = tops.binary_search(&boxes[i].top).unwrap_or(0);
            let c = lefts.binary_search(&boxes[i].left).unwrap_or(0);
            grid[r * lefts.len() + c] = Some(i);
        }
        let drawn = grid.into_iter().flatten().map(|i| tiles[i].clone()).collect();
        out.push(Drawing { rows: tops.len(), cols: lefts.len(), tiles: drawn });
    }
    out.sort_by_key(|d| d.at());
    Ok(out)
}

fn empty(t: &Tile) -> bool {
    t.labels.iter().all(|l| l == "?")
}

/// Box art as a puzzle: the pieces drawn apart (seed 004's first drawing), or the squares of one
/// drawn board, in reading order as drawn. The board is the drawn one's size, else the square the
/// pieces fill. Equal labels match; there is no frame.
pub fn read_art_puzzle(file: &str, text: &str) -> Result<Puzzle, InputError> {
    let found = drawings(file, text)?;
    let mut b = PuzzleBuilder::new(file);
    b.rule(MatchRule::Equal, 0).last_line(lex::last_line(text));
    for t in found.iter().flat_map(|d| &d.tiles) {
        if empty(t) {
            return Err(InputError::at(
                file,
                t.line,
                t.col,
                "an empty square (`?`)",
                "a piece with a label on each side",
            ));
        }
        b.piece(t.labels.clone(), t.line);
    }
    let n = b.piece_count();
    match found.as_slice() {
        [] => return Err(InputError::whole(file, "no drawn pieces", BOX)),
        [one] if one.tiles.len() > 1 => {
            b.size(one.rows, one.cols, one.tiles[0].line);
        }
        _ => {
            let side = (1..=n).find(|s| s * s >= n).unwrap_or(0);
            if side * side != n {
                return Err(InputError::whole(
                    file,
                    format!("{n} pieces drawn apart"),
                    "a square number of pieces (4 for a 2 x 2 board, ...), or one drawn board",
                ));
            }
            b.size(side, side, 0);
        }
    }
    b.build()
}

/// Box art as a solution of `p`: the one drawn board of `p`'s size, each square matched to a piece
/// and a rotation that show its labels. Identical pieces are interchangeable: the first one not
/// yet used is taken (a piece is reused only when the drawing shows it more often than it exists,
/// which the checker then reports). Returns each placement with the line of its square.
pub(crate) fn read_art_solution(file: &str, text: &str, p: &Puzzle) -> Result<Vec<(usize, Placement)>, InputError> {
    let found = drawings(file, text)?;
    let boards: Vec<&Drawing> = found.iter().filter(|d| d.rows == p.rows && d.cols == p.cols).collect();
    let board = match boards.as_slice() {
        [one] => *one,
        [] => {
            let sizes: Vec<String> = found.iter().map(|d| format!("{} x {}", d.rows, d.cols)).collect();
            let seen = if sizes.is_empty() {
                "no drawn board".to_string()
            } else {
                format!("drawings of {}", sizes.join(", "))
            };
            return Err(InputError::whole(
                file,
                seen,
                format!("a drawn board of {} x {} squares ({BOX})", p.rows, p.cols),
            ));
        }
        [_, second, ..] => {
            let (line, col) = second.at();
            return Err(InputError::at(
                file,
                line,
                col,
                format!("a second drawn board of {} x {}", p.rows, p.cols),
                "one drawn board (which one is the solution is ambiguous)",
            ));
        }
    };
    let mut used = vec![0usize; p.pieces.len()];
    let mut out = Vec::new();
    for (i, t) in board.tiles.iter().enumerate() {
        if empty(t) {
            continue;
        }
        let here = |found: String, expected: String| InputError::at(file, t.line, t.col, found, expected);
        let mut shows = [Label(0); 4];
        for (side, name) in t.labels.iter().enumerate() {
            shows[side] = p.label(name).ok_or_else(|| {
                here(format!("the label {}, which no piece has", lex::shown(name)), format!("labels of `{}`", p.name))
            })?;
        }
        // Every (piece, rotation) showing these labels; fewest turns first.
        let fits: Vec<(usize, u8)> = (0..p.pieces.len())
            .flat_map(|piece| (0..4u8).map(move |k| (piece, k)))
            .filter(|&(piece, k)| turned(p.pieces[piece], k) == shows)
            .collect();
        let Some(&first) = fits.first() else {
            return Err(here(
                format!("a square showing {} (up, right, down, left)", t.labels.join(" ")),
                format!("a piece of `{}` in one of its four rotations", p.name),
            ));
        };
        let (piece, rotation) = fits.iter().copied().find(|&(piece, _)| used[piece] == 0).unwrap_or(first);
        used[piece] += 1;
        out.push((t.line, Placement { row: i / board.cols, col: i % board.cols, piece, rotation }));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    const PIECES: &str = "+-----+  +-----+  +-----+  +-----+\n\
                          |  3  |  |  3  |  |  2  |  |  1  |\n\
                          |4   1|  |2   4|  |4   1|  |2   4|\n\
                          |  2  |  |  1  |  |  3  |  |  3  |\n\
                          +-----+  +-----+  +-----+  +-----+\n";

    fn puzzle() -> Puzzle {
        read_puzzle("p.txt", PIECES, &ReadOptions::default()).unwrap()
    }

    fn board_err(text: &str) -> InputError {
        read_art_solution("b.txt", text, &puzzle()).unwrap_err()
    }

    #[test]
    fn pieces_drawn_apart_are_read_north_east_south_west() {
        let p = puzzle();
        assert_eq!((p.rows, p.cols), (2, 2));
        let first: Vec<&str> = p.pieces[0].iter().map(|&l| p.label_name(l)).collect();
        assert_eq!(first, ["3", "1", "2", "4"]);
    }

    #[test]
    fn a_lone_middle_label_is_ambiguous() {
        let text = "+-----+\n|  3  |\n|4    |\n|  2  |\n+-----+\n";
        let e = read_puzzle("one.txt", text, &ReadOptions::default()).unwrap_err();
        assert_eq!((e.line, e.column), (Some(3), Some(2)));
        assert!(e.expected.contains("the left side's and the right side's"), "{e}");
    }

    #[test]
    fn broken_boxes_and_stray_marks_say_where() {
        let open = "+-----+\n|  3  |\n|4   1|\n|  2  |\n+----- \n";
        let e = read_puzzle("open.txt", open, &ReadOptions::default()).unwrap_err();
        assert_eq!((e.line, e.column), (Some(5), Some(7)));
        let stray = "+-----+ x\n|  3  |\n|4   1|\n|  2  |\n+-----+\n";
        let e = read_puzzle("stray.txt", stray, &ReadOptions::default()).unwrap_err();
        assert_eq!((e.line, e.column, e.found.as_str()), (Some(1), Some(9), "`x` outside the boxes"));
        let three = "+-----+\n|  3  |\n|4   1|\n|  2  |\n+-----+\n+-----+\n|  3  |\n|4   1|\n|  2  |\n+-----+\n\
                     +-----+\n|  3  |\n|4   1|\n|  2  |\n+-----+\n";
        assert!(read_puzzle("three.txt", three, &ReadOptions::default()).is_err());
    }

    #[test]
    fn boards_that_cannot_be_read_are_errors() {
        // A square no piece shows in any rotation.
        let wrong = "+-----+-----+\n|  1  |  3  |\n|1   1|1   4|\n|  1  |  2  |\n+-----+-----+\n\
                     |  2  |  4  |\n|3   1|2   3|\n|  4  |  1  |\n+-----+-----+\n";
        let e = board_err(wrong);
        assert_eq!((e.line, e.column), (Some(1), Some(1)));
        assert!(e.found.contains("1 1 1 1"), "{e}");
        // No board of the puzzle's size, then two of them.
        assert!(board_err(PIECES).found.contains("drawings of 1 x 1"));
        let board = "+-----+-----+\n|  4  |  3  |\n|3   1|1   4|\n|  2  |  2  |\n+-----+-----+\n\
                     |  2  |  4  |\n|3   1|2   3|\n|  4  |  1  |\n+-----+-----+\n";
        let e = board_err(&format!("{board}\n{board}"));
        assert_eq!(e.line, Some(11));
        // A label no piece has.
        assert!(board_err(&board.replacen("|  4  |  3  |", "|  x  |  3  |", 1)).found.contains("`x`"));
    }

    #[test]
    fn a_drawn_board_reads_back_with_empty_squares() {
        let p = puzzle();
        let board = "+-----+-----+\n|  4  |  ?  |\n|3   1|?   ?|\n|  2  |  ?  |\n+-----+-----+\n\
                     |  2  |  4  |\n|3   1|2   3|\n|  4  |  1  |\n+-----+-----+\n";
        let got = read_art_solution("b.txt", board, &p).unwrap();
        let squares: Vec<(usize, usize, usize, u8)> =
            got.iter().map(|(_, pl)| (pl.row, pl.col, pl.piece, pl.rotation)).collect();
        assert_eq!(squares, [(0, 0, 1, 1), (1, 0, 3, 3), (1, 1, 0, 3)]);
    }

    #[test]
    fn no_single_character_change_makes_the_reader_panic() {
        let p = puzzle();
        let board = "+-----+-----+\n|  4  |  3  |\n|3   1|1   4|\n|  2  |  2  |\n+-----+-----+\n\
                     |  2  |  4  |\n|3   1|2   3|\n|  4  |  1  |\n+-----+-----+\n";
        for text in [PIECES, board] {
            let chars: Vec<char> = text.chars().collect();
            for i in 0..chars.len() {
                for ch in ['+', '-', '|', ' ', '?', 'x', '\n', '\u{e9}'] {
                    let mut changed = chars.clone();
                    changed[i] = ch;
                    let t: String = changed.iter().collect();
                    let _ = read_puzzle("f.txt", &t, &ReadOptions::default());
                    let _ = read_art_solution("f.txt", &t, &p);
                    changed.remove(i);
                    let t: String = changed.iter().collect();
                    let _ = read_art_solution("f.txt", &t, &p);
                }
            }
        }
    }
}
