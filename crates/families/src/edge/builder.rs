//! Reading a puzzle is collecting what the file says, line by line, and then validating it as a
//! whole: [`PuzzleBuilder`] does both for every format, so that each check (sizes, piece counts,
//! labels, frames, clues) is written once and reports the file and line it comes from.

use std::collections::BTreeMap;

use crate::edge::model::{Clue, Label, MatchRule, Puzzle, Style};
use wgrnd_sat::InputError;

/// Orders label names: integers by value first, then everything else by text.
fn label_order(a: &str, b: &str) -> std::cmp::Ordering {
    match (a.parse::<i64>(), b.parse::<i64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y).then(a.cmp(b)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

/// Collects what a reader found, with the line of each item, and validates it into a [`Puzzle`],
/// reporting the first problem with the file and line it comes from.
#[derive(Clone, Debug)]
pub struct PuzzleBuilder {
    file: String,
    name: String,
    size: Option<(usize, usize, usize)>,
    pieces: Vec<(usize, [String; 4])>,
    rule: MatchRule,
    rule_line: usize,
    frame: Option<(String, usize)>,
    clues: Vec<(usize, Clue)>,
    style: Style,
    last_line: usize,
}

impl PuzzleBuilder {
    /// Starts a puzzle read from `file` (named as the user named it).
    pub fn new(file: &str) -> Self {
        let name = std::path::Path::new(file)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "puzzle".to_string());
        PuzzleBuilder {
            file: file.to_string(),
            name,
            size: None,
            pieces: Vec::new(),
            rule: MatchRule::Equal,
            rule_line: 0,
            frame: None,
            clues: Vec::new(),
            style: Style::Grid,
            last_line: 0,
        }
    }

    /// The file name errors will carry.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Overrides the name taken from the file stem.
    pub fn name(&mut self, name: &str) -> &mut Self {
        self.name = name.to_string();
        self
    }

    /// Board size as stated at `line` (rows, columns).
    pub fn size(&mut self, rows: usize, cols: usize, line: usize) -> &mut Self {
        self.size = Some((rows, cols, line));
        self
    }

    /// Whether a size has been stated.
    pub fn has_size(&self) -> bool {
        self.size.is_some()
    }

    /// A piece, edges north, east, south, west, read at `line`.
    pub fn piece(&mut self, edges: [String; 4], line: usize) -> &mut Self {
        self.pieces.push((line, edges));
        self
    }

    /// Number of pieces so far.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// The pieces so far, with their lines.
    pub fn pieces(&self) -> &[(usize, [String; 4])] {
        &self.pieces
    }

    /// The matching rule, stated at `line` (0 when it is the format's default).
    pub fn rule(&mut self, rule: MatchRule, line: usize) -> &mut Self {
        self.rule = rule;
        self.rule_line = line;
        self
    }

    /// The frame label, stated at `line` (0 when it is the format's default).
    pub fn frame(&mut self, label: Option<&str>, line: usize) -> &mut Self {
        self.frame = label.map(|l| (l.to_string(), line));
        self
    }

    /// A clue read at `line`.
    pub fn clue(&mut self, clue: Clue, line: usize) -> &mut Self {
        self.clues.push((line, clue));
        self
    }

    /// The rendering style.
    pub fn style(&mut self, style: Style) -> &mut Self {
        self.style = style;
        self
    }

    /// The last line of the file, used to say where a truncated file ends.
    pub fn last_line(&mut self, line: usize) -> &mut Self {
        self.last_line = line;
        self
    }

    fn err(&self, line: usize, found: impl Into<String>, expected: impl Into<String>) -> InputError {
        if line == 0 {
            InputError::whole(&self.file, found, expected)
        } else {
            // The builder judges whole statements: column 1 points at the statement's line.
            InputError::at(&self.file, line, 1, found, expected)
        }
    }

    /// Validates and builds the puzzle.
    pub fn build(self) -> Result<Puzzle, InputError> {
        let n = self.pieces.len();
        let (rows, cols, size_line) = match self.size {
            Some(s) => s,
            None => return Err(self.err(0, "no board size", "a board size")),
        };
        if rows == 0 || cols == 0 {
            return Err(self.err(size_line, format!("a {rows} x {cols} board"), "at least one row and one column"));
        }
        if rows.checked_mul(cols).is_none_or(|squares| squares > 1 << 20) {
            return Err(self.err(size_line, format!("a {rows} x {cols} board"), "at most 2^20 squares"));
        }
        if n != rows * cols {
            let found = if n < rows * cols {
                format!("{n} pieces (the file ends at line {})", self.last_line.max(1))
            } else {
                format!("{n} pieces (piece {} is at line {})", rows * cols + 1, self.pieces[rows * cols].0)
            };
            let at = if size_line > 0 { format!(" stated at line {size_line}") } else { String::new() };
            return Err(self.err(
                if n < rows * cols { self.last_line } else { self.pieces[rows * cols].0 },
                found,
                format!("{} pieces for the {rows} x {cols} board{at}", rows * cols),
            ));
        }

        // Intern labels in a stable, human order.
        let mut names: Vec<String> = self.pieces.iter().flat_map(|(_, e)| e.iter().cloned()).collect();
        if let Some((f, _)) = &self.frame {
            names.push(f.clone());
        }
        names.sort_by(|a, b| label_order(a, b));
        names.dedup();
        let index: BTreeMap<&str, Label> =
            names.iter().enumerate().map(|(i, s)| (s.as_str(), Label(i as u32))).collect();
        let pieces: Vec<[Label; 4]> =
            self.pieces.iter().map(|(_, e)| [0, 1, 2, 3].map(|i| index[e[i].as_str()])).collect();
        let frame = self.frame.as_ref().map(|(f, _)| index[f.as_str()]);

        // The rule must suit the labels.
        match &self.rule {
            MatchRule::Sum(k) => {
                for (line, edges) in &self.pieces {
                    for e in edges {
                        if Some(e) == self.frame.as_ref().map(|(f, _)| f) {
                            continue;
                        }
                        let Ok(v) = e.parse::<i64>() else {
                            return Err(self.err(
                                *line,
                                format!("label `{e}`"),
                                "integer labels, since the matching rule is a sum",
                            ));
                        };
                        // The partner of v is K - v: it must be a 64-bit integer too.
                        if k.checked_sub(v).is_none() {
                            return Err(self.err(
                                *line,
                                format!(
                                    "label {v}, whose partner under `sum {k}` ({k} - {v}) overflows 64-bit integers"
                                ),
                                "labels and a sum K whose differences K - label fit in 64-bit integers",
                            ));
                        }
                    }
                }
            }
            MatchRule::Pairs(pairs) => {
                if pairs.is_empty() {
                    return Err(self.err(self.rule_line, "a pairs rule with no pairs", "at least one pair a:b"));
                }
            }
            MatchRule::Equal => {}
        }

        // Clues must name real squares and pieces.
        let mut clues = Vec::with_capacity(self.clues.len());
        for &(line, clue) in &self.clues {
            if clue.row >= rows || clue.col >= cols {
                return Err(self.err(
                    line,
                    format!("a clue for square ({},{})", clue.row + 1, clue.col + 1),
                    format!("a square inside the {rows} x {cols} board"),
                ));
            }
            if clue.piece >= n {
                return Err(self.err(
                    line,
                    format!("a clue for piece {}", clue.piece + 1),
                    format!("a piece from 1 to {n}"),
                ));
            }
            if clue.rotation > 3 {
                return Err(self.err(line, format!("rotation {}", clue.rotation), "a rotation from 0 to 3"));
            }
            // A clue given twice word for word is one clue. Two clues that contradict each other
            // (two pieces on a square, a piece on two squares) are kept: the puzzle is well
            // formed and has no solution, which `Puzzle::obstacles` reports.
            if clues.contains(&clue) {
                continue;
            }
            clues.push(clue);
        }

        Ok(Puzzle {
            name: self.name,
            rows,
            cols,
            labels: names,
            pieces,
            rule: self.rule,
            frame,
            clues,
            style: self.style,
        })
    }
}
