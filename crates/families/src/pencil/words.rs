//! A pencil puzzle's facts and clues in its own words, for explanations and hints: "row 2,
//! column 3 is shaded", "the line joins row 1, column 2 and the cell to its right", "the 5 at
//! row 1, column 2", "the 2 of room 4". Read from the names every pencil model shares
//! (`models/pencil/README.md`); a name these words do not know stays as it is.

use crate::models::words::parse;
use crate::pencil::{Drawn, Genre};

fn cell(r: &str, c: &str) -> String {
    format!("row {r}, column {c}")
}

/// A fact of `genre`'s solution (`black(2,3)`, `h(1,2)`, `n(4,4)>=3`) in words.
pub(crate) fn fact(genre: &Genre, name: &str, value: bool) -> Option<String> {
    let (pred, a, rest) = parse(name)?;
    let yes_no = |yes: String, no: String| Some(if value { yes } else { no });
    match (pred, a.as_slice(), rest) {
        ("black", [r, c], "") => {
            let (yes, no) =
                if genre.pid == "aquarium" { ("holds water", "is dry") } else { ("is shaded", "is unshaded") };
            yes_no(format!("{} {yes}", cell(r, c)), format!("{} {no}", cell(r, c)))
        }
        ("star" | "light" | "tent", [r, c], "") => {
            yes_no(format!("{} holds a {pred}", cell(r, c)), format!("{} holds no {pred}", cell(r, c)))
        }
        ("h", [i, c], "") if genre.drawn == Drawn::EdgeLines => {
            let at = format!("the edge below row {i}, column {c}");
            yes_no(format!("{at} is on the loop"), format!("{at} is not on the loop"))
        }
        ("v", [r, j], "") if genre.drawn == Drawn::EdgeLines => {
            let at = format!("the edge right of row {r}, column {j}");
            yes_no(format!("{at} is on the loop"), format!("{at} is not on the loop"))
        }
        ("h" | "v", [r, c], "") => {
            let side = if pred == "h" { "the cell to its right" } else { "the cell below" };
            yes_no(
                format!("the line joins {} and {side}", cell(r, c)),
                format!("no line joins {} and {side}", cell(r, c)),
            )
        }
        (_, [r, c], rest) if rest.starts_with(">=") || rest.starts_with('=') => {
            let what = match pred {
                "n" => "the number",
                "hb" => "the bridges right",
                "vb" => "the bridges down",
                _ => return None,
            };
            let at = format!("{what} at {}", cell(r, c));
            match rest.strip_prefix(">=") {
                Some(v) => yes_no(format!("{at} is at least {v}"), format!("{at} is below {v}")),
                None => {
                    let v = rest.strip_prefix('=')?;
                    yes_no(format!("{at} is {v}"), format!("{at} is not {v}"))
                }
            }
        }
        _ => None,
    }
}

/// A clue fact of the data (`number(1,2,5)`, `roomnumber(4,2)`) in words.
pub(crate) fn clue(name: &str) -> Option<String> {
    let (pred, a, _) = parse(name)?;
    Some(match (pred, a.as_slice()) {
        ("number", [r, c, v]) => format!("the {v} at {}", cell(r, c)),
        ("unknown", [r, c]) => format!("the ? at {}", cell(r, c)),
        ("roomnumber", [m, v]) => format!("the {v} of room {m}"),
        ("roomunknown", [m]) => format!("the ? of room {m}"),
        ("whitecircle", [r, c]) => format!("the white circle at {}", cell(r, c)),
        ("blackcircle", [r, c]) => format!("the black circle at {}", cell(r, c)),
        ("top" | "bottom", [c, v]) => format!("the {v} {pred} of column {c}"),
        ("left" | "right", [r, v]) => format!("the {v} {pred} of row {r}"),
        ("corner", [i, j, v]) => format!("the {v} on grid point {i}, {j}"),
        ("tree", [r, c]) => format!("the tree at {}", cell(r, c)),
        ("arrow", [r, c, d, v]) => {
            let dir = match *d {
                "1" => "up",
                "2" => "down",
                "3" => "left",
                _ => "right",
            };
            format!("the {v} pointing {dir} at {}", cell(r, c))
        }
        ("tapa", [r, c, _, v]) => format!("the {v} of the clue at {}", cell(r, c)),
        ("down" | "across", [i, j, v]) => format!("the sum {v} {pred} at {}", cell(i, j)),
        ("blocked", [r, c]) => format!("the blocked cell at {}", cell(r, c)),
        _ => return None,
    })
}
