//! The Eternity II community's board link: e2.bucas.name draws a board from its address,
//! `#puzzle=NAME&board_w=W&board_h=H&board_edges=E&board_pieces=P`. `E` has four letters per
//! square, row by row from the top-left, in the order up, right, down, left (wgrnd's N E S W);
//! `a` is the grey frame and the other labels get `b`, `c`, ... in wgrnd's label order. `P` has the
//! 1-based piece number of every square in three digits; an empty square is `aaaa` and `000`.

use crate::edge::model::{turned, MatchRule, Placement, Puzzle};

use crate::edge::render::ViewError;

const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";

/// The e2.bucas.name link of a board (full, partial or wrong).
pub fn bucas(p: &Puzzle, placements: &[Placement]) -> Result<String, ViewError> {
    if p.rule != MatchRule::Equal {
        return Err(ViewError(format!(
            "--view bucas: e2.bucas.name matches equal colours, but `{}` matches under `{}`; try --view svg",
            p.name, p.rule
        )));
    }
    // The frame is `a`; every other label takes the next letter.
    let mut letter = vec!['a'; p.labels.len()];
    let mut next = 1;
    for (i, l) in letter.iter_mut().enumerate() {
        if p.frame.is_some_and(|f| f.index() == i) {
            continue;
        }
        let Some(&c) = LETTERS.get(next) else {
            return Err(ViewError(format!(
                "--view bucas: e2.bucas.name has 25 colours besides the frame, but `{}` has {} labels",
                p.name,
                p.labels.len() - usize::from(p.frame.is_some())
            )));
        };
        *l = c as char;
        next += 1;
    }
    if p.pieces.len() > 999 {
        return Err(ViewError(format!(
            "--view bucas: e2.bucas.name numbers pieces in three digits, but `{}` has {} pieces",
            p.name,
            p.pieces.len()
        )));
    }
    let mut at: Vec<Option<&Placement>> = vec![None; p.squares()];
    for pl in placements {
        if pl.row < p.rows && pl.col < p.cols && pl.piece < p.pieces.len() {
            at[pl.row * p.cols + pl.col].get_or_insert(pl);
        }
    }
    let mut edges = String::with_capacity(4 * p.squares());
    let mut pieces = String::with_capacity(3 * p.squares());
    for square in &at {
        match square {
            Some(pl) => {
                edges.extend(turned(p.pieces[pl.piece], pl.rotation % 4).map(|l| letter[l.index()]));
                pieces.push_str(&format!("{:03}", pl.piece + 1));
            }
            None => {
                edges.push_str("aaaa");
                pieces.push_str("000");
            }
        }
    }
    Ok(format!(
        "https://e2.bucas.name/#puzzle={}&board_w={}&board_h={}&board_edges={edges}&board_pieces={pieces}\n",
        encode(&p.name),
        p.cols,
        p.rows
    ))
}

/// Percent-encodes a name for the address (letters, digits and `-_.~` stay).
fn encode(name: &str) -> String {
    let mut s = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::formats::{read_puzzle, ReadOptions};

    #[test]
    fn frame_is_a_and_empty_squares_are_zero() {
        let text = "name my board\nsize 1 2\nframe 0\npiece 0 1 0 0\npiece 0 0 0 1\n";
        let p = read_puzzle("t.wgrnd", text, &ReadOptions::default()).unwrap();
        let link = bucas(&p, &[Placement { row: 0, col: 1, piece: 1, rotation: 0 }]).unwrap();
        assert_eq!(
            link,
            "https://e2.bucas.name/#puzzle=my%20board&board_w=2&board_h=1&board_edges=aaaaaaab&board_pieces=000002\n"
        );
    }
}
