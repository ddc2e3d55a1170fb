//! Facts and clues in each bundled family's words, for explanations (docs/explain.md): "row 3,
//! column 5 is a mine", "the 2 at row 2, column 4", "the Norwegian lives in house 1", "piece 7
//! is on square (2,3) turned once". Read from the atoms' names (`mine(3,5)`, `open(2,4,2)`,
//! `o(8,7,1)`), which the encoders write; a name these words do not know stays as it is (a
//! user's model without a reader keeps its atom names).

/// An atom's name taken apart: `d(1,3)>=4` is `d`, `[1, 3]` and `>=4`.
pub(crate) fn parse(name: &str) -> Option<(&str, Vec<&str>, &str)> {
    let open = name.find('(')?;
    let close = name.rfind(')')?;
    let args = name.get(open + 1..close)?;
    Some((&name[..open], args.split(',').map(str::trim).collect(), &name[close + 1..]))
}

fn cell(r: &str, c: &str) -> String {
    format!("row {r}, column {c}")
}

fn spaced(v: &str) -> String {
    v.replace('_', " ")
}

/// A fact of a bundled model read from `format` (the reader's name) in words.
pub(crate) fn model_fact(format: &str, name: &str, value: bool) -> Option<String> {
    let (pred, a, rest) = parse(name)?;
    let yes_no = |yes: String, no: String| Some(if value { yes } else { no });
    match (format, pred, a.as_slice(), rest) {
        ("minesweeper", "mine", [r, c], "") => {
            yes_no(format!("{} is a mine", cell(r, c)), format!("{} is safe", cell(r, c)))
        }
        ("non", "black", [r, c], "") => yes_no(format!("{} is black", cell(r, c)), format!("{} is white", cell(r, c))),
        ("battleships", "part", [r, c], "") => {
            yes_no(format!("{} is part of a ship", cell(r, c)), format!("{} is water", cell(r, c)))
        }
        ("lightsout", "press", [r, c], "") => {
            yes_no(format!("{} is pressed", cell(r, c)), format!("{} is not pressed", cell(r, c)))
        }
        ("submarines", "sub", [r, c], ">=1" | "=1") => {
            yes_no(format!("{} holds a submarine", cell(r, c)), format!("{} is empty", cell(r, c)))
        }
        ("ashes", "d", [r, c], rest) => {
            if let Some(v) = rest.strip_prefix(">=") {
                yes_no(
                    format!("the number at {} is at least {v}", cell(r, c)),
                    format!("the number at {} is below {v}", cell(r, c)),
                )
            } else {
                let v = rest.strip_prefix('=')?;
                yes_no(
                    format!("the number at {} is {v}", cell(r, c)),
                    format!("the number at {} is not {v}", cell(r, c)),
                )
            }
        }
        ("zebra", "lives", [attr, h, v], "") => {
            let v = spaced(v);
            if *attr == "nationality" {
                yes_no(format!("the {v} lives in house {h}"), format!("the {v} does not live in house {h}"))
            } else {
                yes_no(format!("house {h}'s {attr} is {v}"), format!("house {h}'s {attr} is not {v}"))
            }
        }
        _ => crate::pencil::genre_by_pid(format).and_then(|g| crate::pencil::words::fact(g, name, value)),
    }
}

/// A clue fact of a bundled model in words; `runs(pred, line)` gives a nonogram line's numbers.
pub(crate) fn model_clue(format: &str, name: &str, runs: &dyn Fn(&str, &str) -> String) -> Option<String> {
    let (pred, a, _) = parse(name)?;
    let w = match (format, pred, a.as_slice()) {
        ("minesweeper", "open", [r, c, n]) => format!("the {n} at {}", cell(r, c)),
        ("minesweeper", "flag", [r, c]) => format!("the flag at {}", cell(r, c)),
        ("minesweeper", "mines", [k]) => format!("the mine count {k}"),
        ("non", "rowclue", [r]) => format!("the clue {} of row {r}", runs("rowrun", r)),
        ("non", "colclue", [c]) => format!("the clue {} of column {c}", runs("colrun", c)),
        ("non" | "submarines", "given", [r, c, b]) => {
            let what = match (format, *b) {
                ("non", "1") => "black",
                ("non", _) => "white",
                (_, "1") => "submarine",
                _ => "empty",
            };
            format!("the given {what} cell at {}", cell(r, c))
        }
        ("battleships", "rowcount", [r, k]) => format!("the count {k} of row {r}"),
        ("battleships", "colcount", [c, k]) => format!("the count {k} of column {c}"),
        ("battleships", "seen", [r, c, s]) => format!("the {s} shown at {}", cell(r, c)),
        ("submarines", "rowsum", [r, k]) => format!("the sum {k} of row {r}"),
        ("submarines", "colsum", [c, k]) => format!("the sum {k} of column {c}"),
        ("ashes", "ash", [r, c, v]) => format!("the clue {v} at {}", cell(r, c)),
        ("lightsout", "light", [r, c, s]) => {
            format!("the light at {} ({})", cell(r, c), if *s == "1" { "on" } else { "off" })
        }
        ("lightsout", "given", [r, c, s]) => {
            format!("{} given as {}", cell(r, c), if *s == "1" { "pressed" } else { "not pressed" })
        }
        ("zebra", p, [x, y]) => {
            let (x, y) = (spaced(x), spaced(y));
            match p {
                "same" => format!("the {x} goes with the {y}"),
                "notsame" => format!("the {x} does not go with the {y}"),
                "next" => format!("the {x} is next to the {y}"),
                "notnext" => format!("the {x} is not next to the {y}"),
                "left" => format!("the {x} is just left of the {y}"),
                "before" => format!("the {x} is somewhere left of the {y}"),
                "at" => format!("the {x} is in house {y}"),
                "notat" => format!("the {x} is not in house {y}"),
                _ => return None,
            }
        }
        _ if crate::pencil::genre_by_pid(format).is_some() => return crate::pencil::words::clue(name),
        _ => return None,
    };
    Some(w)
}

/// How often a piece is turned, in words.
fn turned(k: &str) -> String {
    match k {
        "0" => "not turned".into(),
        "1" => "turned once".into(),
        "2" => "turned twice".into(),
        k => format!("turned {k} times"),
    }
}

/// A fact of an edge-matching grounding (`o(s,p,k)`, `l(s,p)`, `r(p,k)`) in words; `cols` is the
/// board's width (squares are numbered row by row from 1).
pub(crate) fn edge_fact(name: &str, value: bool, cols: usize) -> Option<String> {
    let (pred, a, _) = parse(name)?;
    let square = |s: &str| -> Option<String> {
        let s: usize = s.parse().ok()?;
        let s = s.checked_sub(1)?;
        Some(format!("({},{})", s / cols.max(1) + 1, s % cols.max(1) + 1))
    };
    let not = if value { "" } else { "not " };
    match (pred, a.as_slice()) {
        ("o", [s, p, k]) => Some(format!("piece {p} is {not}on square {} {}", square(s)?, turned(k))),
        ("l", [s, p]) => Some(format!("piece {p} is {not}on square {}", square(s)?)),
        ("r", [p, k]) => {
            Some(if value { format!("piece {p} is {}", turned(k)) } else { format!("piece {p} is not {}", turned(k)) })
        }
        _ => None,
    }
}

/// A fact of a packing's grounding (`d(kind,orientation,x,y,z)`) in words.
pub(crate) fn packing_fact(name: &str, value: bool) -> Option<String> {
    let (pred, a, _) = parse(name)?;
    let not = if value { "" } else { "not " };
    match (pred, a.as_slice()) {
        ("d", [k, o, x, y, z]) => {
            Some(format!("a piece {k} is {not}placed in orientation {o} from cell ({x},{y},{z})"))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_words() {
        assert_eq!(model_fact("minesweeper", "mine(3,5)", true).unwrap(), "row 3, column 5 is a mine");
        assert_eq!(model_fact("minesweeper", "mine(3,5)", false).unwrap(), "row 3, column 5 is safe");
        assert_eq!(model_fact("ashes", "d(1,3)>=4", false).unwrap(), "the number at row 1, column 3 is below 4");
        assert_eq!(
            model_fact("zebra", "lives(nationality,1,Norwegian)", true).unwrap(),
            "the Norwegian lives in house 1"
        );
        assert_eq!(model_fact("zebra", "lives(smoke,2,Old_Gold)", false).unwrap(), "house 2's smoke is not Old Gold");
        assert!(model_fact("qprop", "x(1,1,1)", true).is_none());
        let runs = |_: &str, _: &str| "3 1".to_string();
        assert_eq!(model_clue("minesweeper", "open(2,4,2)", &runs).unwrap(), "the 2 at row 2, column 4");
        assert_eq!(model_clue("non", "rowclue(3)", &runs).unwrap(), "the clue 3 1 of row 3");
        assert_eq!(edge_fact("o(8,7,1)", true, 3).unwrap(), "piece 7 is on square (3,2) turned once");
        assert_eq!(
            packing_fact("d(L,9,1,2,1)", false).unwrap(),
            "a piece L is not placed in orientation 9 from cell (1,2,1)"
        );
    }
}
