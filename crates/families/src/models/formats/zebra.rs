//! A text format for Sherlock and zebra puzzles (`.zebra`), read into data for the bundled model
//! `models/sherlock.qp`. One statement a line; `#` or `%` start a comment:
//!
//! ```text
//! houses 5                                   (optional: else the first attribute's value count)
//! attribute nationality Englishman Spaniard Ukrainian Norwegian Japanese
//! same Englishman red          notsame A B   (same house / different houses)
//! next Norwegian blue          notnext A B   (neighbouring houses / not neighbours)
//! left ivory green             right A B     (A immediately left / right of B)
//! before A B                   after A B     (A somewhere left / right of B)
//! at 3 milk                    notat 1 tea   (a value in / not in house k, counted from 1 at the left)
//! ```
//!
//! Every attribute has one value per house; value names are unique across attributes (a clue
//! names values only) and are words of letters, digits and `_` starting with a letter.

use std::collections::HashMap;

use crate::edge::formats::{DataContract, Facts, Unwritable};
use crate::{lex, lex::shown};
use wgrnd_sat::InputError;

/// The names this reader's data shares with `models/sherlock.qp`: which attribute a value
/// belongs to (`of`), and one predicate per kind of clue (`right` and `after` are `left` and
/// `before` with the values swapped).
pub const DATA: DataContract = DataContract {
    model: "sherlock.qp",
    params: &["houses"],
    domains: &["attr", "value"],
    facts: &[(OF, 2), (SAME, 2), (NOTSAME, 2), (NEXT, 2), (NOTNEXT, 2), (LEFT, 2), (BEFORE, 2), (AT, 2), (NOTAT, 2)],
    left_to_model: &[],
};
const OF: &str = "of";
const SAME: &str = "same";
const NOTSAME: &str = "notsame";
const NEXT: &str = "next";
const NOTNEXT: &str = "notnext";
const LEFT: &str = "left";
const BEFORE: &str = "before";
const AT: &str = "at";
const NOTAT: &str = "notat";

/// Most houses read.
pub const MAX_HOUSES: usize = 100;

/// A clue of a zebra puzzle, on value indices (into [`Zebra::values`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZebraClue {
    /// The model's binary clue predicate (`same`, `left`, ...) and its two values.
    Pair(&'static str, usize, usize),
    /// `at` or `notat`, a value and a house (from 1).
    House(&'static str, usize, usize),
}

/// A zebra puzzle: attributes with their values, and clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zebra {
    /// Number of houses.
    pub houses: usize,
    /// Attribute names, in the order given.
    pub attributes: Vec<String>,
    /// Every value: its name and its attribute's index.
    pub values: Vec<(String, usize)>,
    /// The clues, in the order given.
    pub clues: Vec<ZebraClue>,
}

/// Words the modelling language or the model uses: a value may not be named so.
const RESERVED: [&str; 31] = [
    "and", "or", "not", "xor", "iff", "if", "forall", "exists", "in", "mod", "sum", "true", "false", "exactly",
    "atmost", "atleast", "param", "domain", "var", "pred", "def", "table", "show", "input", "clue", "houses", "h",
    "h2", "a", "v", "w",
];

/// Reads a `.zebra` file.
pub fn read_zebra(file: &str, text: &str) -> Result<Zebra, InputError> {
    let mut houses: Option<usize> = None;
    let mut attributes: Vec<String> = Vec::new();
    let mut values: Vec<(String, usize)> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut pending: Vec<(usize, Vec<lex::Word>)> = Vec::new();
    for (no, line) in lex::lines(text) {
        let line = line.split(['#', '%']).next().unwrap_or("");
        let words = lex::words(line);
        let Some(first) = words.first() else { continue };
        match first.text {
            "houses" => {
                if houses.is_some() || !attributes.is_empty() {
                    return Err(InputError::at(
                        file,
                        no,
                        first.col,
                        "`houses` here",
                        "one `houses` line, before the attributes",
                    ));
                }
                let n =
                    words.get(1).and_then(|w| w.text.parse::<usize>().ok()).filter(|n| (1..=MAX_HOUSES).contains(n));
                if words.len() != 2 || n.is_none() {
                    return Err(InputError::at(
                        file,
                        no,
                        first.col,
                        format!("`{}`", line.trim()),
                        format!("`houses N` with N from 1 to {MAX_HOUSES}"),
                    ));
                }
                houses = n;
            }
            "attribute" => {
                let Some(name) = words.get(1) else {
                    return Err(InputError::at(
                        file,
                        no,
                        line.trim_end().chars().count() + 1,
                        "`attribute` without a name",
                        "`attribute NAME VALUE VALUE ...`",
                    ));
                };
                let name_text = name.text.trim_end_matches(':');
                word_name(file, no, name.col, name_text, "an attribute name")?;
                if attributes.iter().any(|a| a == name_text) {
                    return Err(InputError::at(
                        file,
                        no,
                        name.col,
                        format!("a second attribute {}", shown(name_text)),
                        "distinct attribute names",
                    ));
                }
                let count = words.len() - 2;
                let n = *houses.get_or_insert(count);
                if count != n {
                    return Err(InputError::at(
                        file,
                        no,
                        name.col,
                        format!("{count} value(s) of {}", shown(name_text)),
                        format!("{n} values, one per house"),
                    ));
                }
                for w in &words[2..] {
                    word_name(file, no, w.col, w.text, "a value name")?;
                    if let Some(&other) = index.get(w.text) {
                        return Err(InputError::at(
                            file,
                            no,
                            w.col,
                            format!(
                                "the value {} again (also of {})",
                                shown(w.text),
                                attributes.get(values[other].1).map_or("this attribute", String::as_str)
                            ),
                            "value names unique across attributes (a clue names values only)",
                        ));
                    }
                    index.insert(w.text.to_string(), values.len());
                    values.push((w.text.to_string(), attributes.len()));
                }
                attributes.push(name_text.to_string());
            }
            _ => pending.push((no, words)),
        }
    }
    let Some(houses) = houses.filter(|_| !attributes.is_empty()) else {
        return Err(InputError::whole(file, "no attributes", "`attribute NAME VALUE ...` lines (a .zebra puzzle)"));
    };
    let mut clues = Vec::new();
    for (no, words) in pending {
        clues.push(clue(file, no, &words, &index, houses)?);
    }
    Ok(Zebra { houses, attributes, values, clues })
}

/// A name the model can take as a symbol: letters, digits and `_`, starting with a letter, and not
/// a word of the language or a name the model uses.
fn word_name(file: &str, no: usize, col: usize, w: &str, what: &str) -> Result<(), InputError> {
    let symbol = w.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !symbol || RESERVED.contains(&w) {
        return Err(InputError::at(
            file,
            no,
            col,
            shown(w),
            format!(
                "{what}: letters, digits and `_` starting with a letter (`No7`, not `7`); not one of {}",
                RESERVED.join(" ")
            ),
        ));
    }
    Ok(())
}

fn clue(
    file: &str,
    no: usize,
    words: &[lex::Word],
    index: &HashMap<String, usize>,
    houses: usize,
) -> Result<ZebraClue, InputError> {
    let kind = words[0];
    let expected_args = |form: &str| {
        InputError::at(
            file,
            no,
            kind.col,
            format!("`{}` with {} word(s) after it", kind.text, words.len() - 1),
            format!("`{form}`"),
        )
    };
    let value = |w: &lex::Word| {
        index.get(w.text).copied().ok_or_else(|| {
            InputError::at(
                file,
                no,
                w.col,
                format!("the unknown value {}", shown(w.text)),
                "a value named in an `attribute` line",
            )
        })
    };
    let pair = |name: &'static str, swap: bool| -> Result<ZebraClue, InputError> {
        if words.len() != 3 {
            return Err(expected_args(&format!("{} VALUE VALUE", kind.text)));
        }
        let (a, b) = (value(&words[1])?, value(&words[2])?);
        Ok(if swap { ZebraClue::Pair(name, b, a) } else { ZebraClue::Pair(name, a, b) })
    };
    match kind.text {
        "same" => pair(SAME, false),
        "notsame" => pair(NOTSAME, false),
        "next" => pair(NEXT, false),
        "notnext" => pair(NOTNEXT, false),
        "left" => pair(LEFT, false),
        "right" => pair(LEFT, true),
        "before" => pair(BEFORE, false),
        "after" => pair(BEFORE, true),
        "at" | "notat" => {
            if words.len() != 3 {
                return Err(expected_args(&format!("{} HOUSE VALUE", kind.text)));
            }
            let h = words[1].text.parse::<usize>().ok().filter(|h| (1..=houses).contains(h)).ok_or_else(|| {
                InputError::at(file, no, words[1].col, shown(words[1].text), format!("a house from 1 to {houses}"))
            })?;
            let name = if kind.text == "at" { AT } else { NOTAT };
            Ok(ZebraClue::House(name, value(&words[2])?, h))
        }
        other => Err(InputError::at(
            file,
            no,
            kind.col,
            shown(other),
            "`houses`, `attribute`, or a clue: same, notsame, next, notnext, left, right, before, after, at, notat",
        )),
    }
}

/// The model's binary clue predicates, each written as a line of its own name.
const PAIRS: [&str; 6] = [SAME, NOTSAME, NEXT, NOTNEXT, LEFT, BEFORE];

impl Zebra {
    /// The puzzle posed in the data of `models/sherlock.qp`, back as a `.zebra` file.
    pub fn from_facts(f: &Facts) -> Result<Self, Unwritable> {
        let houses = f.size("houses")?;
        let attributes = f.domain("attr").to_vec();
        let mut values = Vec::new();
        for v in f.domain("value") {
            let a = f
                .of(OF)
                .find(|args| args.get(1) == Some(v))
                .and_then(|args| attributes.iter().position(|a| *a == args[0]));
            values.push((v.clone(), a.ok_or_else(|| Unwritable(format!("the value `{v}` belongs to no attribute")))?));
        }
        let value = |v: &String| {
            values.iter().position(|(n, _)| n == v).ok_or_else(|| Unwritable(format!("`{v}` is not a value")))
        };
        let mut clues = Vec::new();
        for p in PAIRS {
            for args in f.of(p) {
                let [a, b] = args else { return Err(Unwritable(format!("`{p}` with {} argument(s)", args.len()))) };
                clues.push(ZebraClue::Pair(p, value(a)?, value(b)?));
            }
        }
        for p in [AT, NOTAT] {
            for args in f.of(p) {
                let found = || Unwritable(format!("`{p}({})` is not a value and a house", args.join(", ")));
                let [v, h] = args else { return Err(found()) };
                clues.push(ZebraClue::House(p, value(v)?, h.parse().map_err(|_| found())?));
            }
        }
        Ok(Zebra { houses, attributes, values, clues })
    }

    /// The `.zebra` file, as [`read_zebra`] reads it (with a final newline).
    pub fn write(&self) -> String {
        let mut out = format!("houses {}\n", self.houses);
        for (i, a) in self.attributes.iter().enumerate() {
            let vs: Vec<&str> = self.values.iter().filter(|(_, x)| *x == i).map(|(n, _)| n.as_str()).collect();
            out.push_str(&format!("attribute {a} {}\n", vs.join(" ")));
        }
        for c in &self.clues {
            match c {
                ZebraClue::Pair(p, a, b) => out.push_str(&format!("{p} {} {}\n", self.values[*a].0, self.values[*b].0)),
                ZebraClue::House(p, v, h) => out.push_str(&format!("{p} {h} {}\n", self.values[*v].0)),
            }
        }
        out
    }

    /// The data for `models/sherlock.qp`: the houses, the attribute and value names (replacing
    /// the model's placeholder domains), which value belongs to which attribute, and the clues.
    pub fn to_data(&self) -> String {
        let names: Vec<&str> = self.values.iter().map(|(n, _)| n.as_str()).collect();
        let mut out = format!(
            "param houses = {}\ndomain attr = {{{}}}\ndomain value = {{{}}}\n",
            self.houses,
            self.attributes.join(", "),
            names.join(", ")
        );
        for (v, a) in &self.values {
            out.push_str(&format!("{OF}({}, {v})\n", self.attributes[*a]));
        }
        for c in &self.clues {
            match c {
                ZebraClue::Pair(p, a, b) => out.push_str(&format!("{p}({}, {})\n", names[*a], names[*b])),
                ZebraClue::House(p, v, h) => out.push_str(&format!("{p}({}, {h})\n", names[*v])),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "# two houses\nattribute nation: English Spaniard\nattribute pet dog cat\nsame English dog\nright Spaniard English % the Spaniard is right of the Englishman\nat 1 cat\n";

    #[test]
    fn reads_attributes_and_clues() {
        let z = read_zebra("s.zebra", SMALL).unwrap();
        assert_eq!(z.houses, 2);
        assert_eq!(z.attributes, vec!["nation", "pet"]);
        assert_eq!(
            z.clues,
            vec![ZebraClue::Pair("same", 0, 2), ZebraClue::Pair("left", 0, 1), ZebraClue::House("at", 3, 1)]
        );
        let data = z.to_data();
        assert!(data.contains("domain value = {English, Spaniard, dog, cat}"), "{data}");
        assert!(data.contains("left(English, Spaniard)") && data.contains("at(cat, 1)"), "{data}");
    }

    #[test]
    fn bad_files_name_line_and_expectation() {
        let cases = [
            ("attribute colour x y\nattribute pet z\n", 2, "2 values"),
            ("attribute colour x y\nattribute pet x z\n", 2, "unique across"),
            ("attribute colour x y\nsame x q\n", 2, "a value named"),
            ("attribute colour x y\nat 3 x\n", 2, "from 1 to 2"),
            ("attribute colour x y\nbeside x y\n", 2, "a clue"),
            ("attribute colour x y\nsame x\n", 2, "same VALUE VALUE"),
            ("attribute colour and y\n", 1, "not one of"),
            ("attribute colour x 7\n", 1, "starting with a letter"),
            ("attribute colour x y\nhouses 2\n", 2, "before the attributes"),
        ];
        for (text, line, expected) in cases {
            let e = read_zebra("bad.zebra", text).unwrap_err();
            assert_eq!(e.line, Some(line), "{text:?}: {e}");
            assert!(e.expected.contains(expected), "{text:?}: {e}");
        }
        assert!(read_zebra("bad.zebra", "same x y\n").unwrap_err().found.contains("no attributes"));
    }
}
