//! The contract between a reader of seed 002's formats and the bundled model it writes data for:
//! the data is source text of the modelling language, so its names must be the model's. Each
//! reader states, in one [`DataContract`], which model it feeds, which parameters and domains its
//! data sets and which predicates it gives facts of (with their number of arguments), and which
//! of the model's other input predicates it leaves to the model (facts that only posing gives).
//! The reader writes its facts with these names; `wgrnd-family`'s reader tests load each model
//! with each reader's data and hold the contract against the model's declarations, so a name
//! that drifts on either side fails there.

/// What a reader's data and its bundled model agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataContract {
    /// The bundled model's file name (`models/NAME`).
    pub model: &'static str,
    /// Parameters the data sets (`param NAME = ...`).
    pub params: &'static [&'static str],
    /// Domains the data declares (`domain NAME = {...}`).
    pub domains: &'static [&'static str],
    /// Input predicates the data gives facts of: name and number of arguments.
    pub facts: &'static [(&'static str, usize)],
    /// The model's other input predicates, which the reader leaves empty (their facts come from
    /// posing a puzzle, such as revealed cells).
    pub left_to_model: &'static [&'static str],
}

/// A bundled model's data as facts, for a writer that turns a posed puzzle back into its format:
/// the parameters, the named values of each domain, and the facts of the input predicates (clue
/// predicates included), every value as the model shows it (`3`, `water`). The inverse of a
/// reader: reading what the writer writes gives the same clue facts (`wgrnd-family` reads it back
/// and compares).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// `param NAME = VALUE`, in order.
    pub params: Vec<(String, String)>,
    /// Domains of named values, their values in order.
    pub domains: Vec<(String, Vec<String>)>,
    /// Facts: the predicate's name and its arguments.
    pub facts: Vec<(String, Vec<String>)>,
}

/// A posed puzzle that its format cannot say: what cannot be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unwritable(pub String);

impl Facts {
    /// A parameter as a whole number.
    pub fn param(&self, name: &str) -> Result<i64, Unwritable> {
        let v = self.params.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        v.and_then(|v| v.parse().ok()).ok_or_else(|| Unwritable(format!("no whole number for the parameter `{name}`")))
    }

    /// A parameter that counts something (a grid side).
    pub fn size(&self, name: &str) -> Result<usize, Unwritable> {
        let v = self.param(name)?;
        usize::try_from(v).map_err(|_| Unwritable(format!("`{name}` is {v}, not a size")))
    }

    /// The named values of a domain.
    pub fn domain(&self, name: &str) -> &[String] {
        self.domains.iter().find(|(n, _)| n == name).map_or(&[], |(_, v)| v.as_slice())
    }

    /// The arguments of every fact of `pred`.
    pub fn of<'a>(&'a self, pred: &'a str) -> impl Iterator<Item = &'a [String]> + 'a {
        self.facts.iter().filter(move |(p, _)| p == pred).map(|(_, a)| a.as_slice())
    }

    /// The facts of `pred` with whole-number arguments.
    pub fn numbers(&self, pred: &str) -> Result<Vec<Vec<i64>>, Unwritable> {
        self.of(pred)
            .map(|args| {
                args.iter()
                    .map(|a| {
                        a.parse().map_err(|_| Unwritable(format!("`{pred}` has the argument `{a}`, not a number")))
                    })
                    .collect()
            })
            .collect()
    }

    /// The facts of `pred` as grid cells: (row, column) from 1, inside `rows` x `cols`, with the
    /// rest of the arguments.
    pub fn cells(&self, pred: &str, rows: usize, cols: usize) -> Result<Vec<(usize, usize, Vec<i64>)>, Unwritable> {
        let mut out = Vec::new();
        for args in self.numbers(pred)? {
            match args.as_slice() {
                [r, c, rest @ ..] if (1..=rows as i64).contains(r) && (1..=cols as i64).contains(c) => {
                    out.push((*r as usize - 1, *c as usize - 1, rest.to_vec()))
                }
                _ => return Err(Unwritable(format!("`{pred}{args:?}` is not a cell of the {rows} x {cols} grid"))),
            }
        }
        Ok(out)
    }

    /// The facts of `pred(line, k)` as one optional count per line (1 to `n`).
    pub fn line_counts(&self, pred: &str, n: usize) -> Result<Vec<Option<i64>>, Unwritable> {
        let mut out = vec![None; n];
        for args in self.numbers(pred)? {
            match args.as_slice() {
                [i, k] if (1..=n as i64).contains(i) => out[*i as usize - 1] = Some(*k),
                _ => return Err(Unwritable(format!("`{pred}{args:?}` is not a line of {n}"))),
            }
        }
        Ok(out)
    }
}
