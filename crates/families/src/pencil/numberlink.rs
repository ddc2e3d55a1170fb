//! Numberlink's normal form, which a count up to two, `solve` and `backbone` search instead of the
//! puzzle ([`wgrnd_seam::Search::normal_form`]). Cells may stay empty, so a line may wander
//! through the empty cells, and a search of the model meets the same line in every shape before it
//! proves that no second solution exists: on a 13 x 13 puzzle of 7 pairs the model alone gives no
//! verdict in two minutes, nor do clingo or CaDiCaL.
//!
//! The form (`models/pencil/numlin.normal`, statements added to the model) is where no step is
//! left to take. A step either shortens a line (it cuts the line short where it passes beside
//! itself, or takes it through an empty cell beside two of its cells that it joins the long way)
//! or keeps its length and moves a corner diagonally below an empty cell into that cell. A step
//! leaves a solution (the cells it frees become empty, the cells it takes were empty) and lowers
//! the lines' length, or keeps it and lowers the sum of the lines' cells numbered row by row, so
//! steps from any solution end, in the form. So the puzzle has no solution when the form has
//! none, and at least two when the form has two.
//!
//! When the form has one, `s`, any other solution of the puzzle is led by steps to `s`, and the
//! last of those steps starts from a solution other than `s`. The cells that last step freed are
//! empty in `s`, side by side, and beside two cells of the line it changed. So the puzzle has a
//! second solution exactly when an area of empty cells in `s` touches one line at two cells:
//! [`unreduced`] looks for such an area and, where there is one, takes the line between the two
//! cells through the area instead, a solution other than `s` (not always the one the last step
//! started from), which the checker then judges like any other.

use std::collections::{BTreeSet, VecDeque};

use wgrnd_lang::{Program, Solution};

use super::board::names::{NUMBER, UNKNOWN};
use super::picture::{Open, Read};
use super::NormalForm;

/// Numberlink's normal form.
pub(super) static NORMAL_FORM: NormalForm = NormalForm {
    file: "numlin.normal",
    statements: include_str!("../../../../models/pencil/numlin.normal"),
    unreduced,
};

/// The shown facts (`h(r, c).`, `v(r, c).`) of a solution other than `s`, if `s` has an area of
/// empty cells that touches one line at two cells: the line between those cells taken through the
/// area. `None` when there is none: then no other solution leads to `s`. An error when `s` cannot
/// be read as lines from ends (the checker has passed it, so that is a fault).
fn unreduced(p: &Program, s: &Solution) -> Result<Option<String>, String> {
    let open = Open::new();
    let read = Read { p, s, open: &open };
    let size =
        |name| read.param(name).and_then(|n| usize::try_from(n).ok()).ok_or_else(|| format!("no parameter {name}"));
    let (rows, cols) = (size("rows")?, size("cols")?);
    let cell = |r: usize, c: usize| r * cols + c;
    let at = |f: &[i64]| -> Result<usize, String> {
        let place = |i: usize| f.get(i).and_then(|&x| usize::try_from(x - 1).ok());
        match (place(0), place(1)) {
            (Some(r), Some(c)) if r < rows && c < cols => Ok(cell(r, c)),
            _ => Err(format!("an end off the grid: {f:?}")),
        }
    };
    let mut ends = vec![false; rows * cols];
    for f in read.facts(NUMBER).iter().chain(&read.facts(UNKNOWN)) {
        ends[at(f)?] = true;
    }
    // The lines' segments, each as the pair of cells it joins (the smaller first).
    let mut segments = BTreeSet::new();
    for r in 0..rows {
        for c in 0..cols {
            let (r1, c1) = (r as i64 + 1, c as i64 + 1);
            if c + 1 < cols && read.atom("h", &[r1, c1]) == Some(true) {
                segments.insert((cell(r, c), cell(r, c + 1)));
            }
            if r + 1 < rows && read.atom("v", &[r1, c1]) == Some(true) {
                segments.insert((cell(r, c), cell(r + 1, c)));
            }
        }
    }
    let mut joined = vec![Vec::new(); rows * cols];
    for &(a, b) in &segments {
        joined[a].push(b);
        joined[b].push(a);
    }
    // Each line in order from one of its ends: a cell's line and its place along it.
    let mut lines: Vec<Vec<usize>> = Vec::new();
    let mut line_of = vec![None; rows * cols];
    for start in (0..rows * cols).filter(|&x| ends[x]) {
        if line_of[start].is_some() {
            continue;
        }
        let mut line = vec![start];
        line_of[start] = Some((lines.len(), 0));
        let (mut prev, mut here) = (usize::MAX, start);
        while let Some(&next) = joined[here].iter().find(|&&x| x != prev) {
            if line_of[next].is_some() {
                return Err(format!("a line from cell {start} comes back to cell {next}"));
            }
            line_of[next] = Some((lines.len(), line.len()));
            line.push(next);
            (prev, here) = (here, next);
        }
        lines.push(line);
    }
    let neighbours = |x: usize| {
        let (r, c) = (x / cols, x % cols);
        [
            (r > 0).then(|| x - cols),
            (r + 1 < rows).then(|| x + cols),
            (c > 0).then(|| x - 1),
            (c + 1 < cols).then(|| x + 1),
        ]
        .into_iter()
        .flatten()
    };
    let empty = |x: usize| line_of[x].is_none() && joined[x].is_empty();
    // Each area of empty cells: the first cell of each line beside it; a second cell of a line
    // already met is the detour's other end.
    let mut area = vec![false; rows * cols];
    for seed in (0..rows * cols).filter(|&x| empty(x)) {
        if area[seed] {
            continue;
        }
        area[seed] = true;
        let mut members = vec![seed];
        let mut met: Vec<Option<(usize, usize)>> = vec![None; lines.len()];
        let mut k = 0;
        while let Some(&x) = members.get(k) {
            k += 1;
            for y in neighbours(x) {
                if empty(y) {
                    if !area[y] {
                        area[y] = true;
                        members.push(y);
                    }
                    continue;
                }
                let (line, _) = line_of[y].ok_or_else(|| format!("cell {y} is on no line from an end"))?;
                match met[line] {
                    None => met[line] = Some((y, x)),
                    Some((other, beside)) if other != y => {
                        let path = through(&members, beside, x, &neighbours);
                        return Ok(Some(rerouted(&lines[line], &line_of, other, y, &path, &segments, cols)));
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(None)
}

/// The shortest way from `from` to `to` through the cells of `area` (empty cells side by side,
/// both among them), both included.
fn through<I: Iterator<Item = usize>>(
    area: &[usize],
    from: usize,
    to: usize,
    neighbours: &impl Fn(usize) -> I,
) -> Vec<usize> {
    let inside: BTreeSet<usize> = area.iter().copied().collect();
    let mut before = std::collections::BTreeMap::from([(from, from)]);
    let mut queue = VecDeque::from([from]);
    while let Some(x) = queue.pop_front() {
        if x == to {
            break;
        }
        for y in neighbours(x) {
            if inside.contains(&y) && !before.contains_key(&y) {
                before.insert(y, x);
                queue.push_back(y);
            }
        }
    }
    let (mut path, mut x) = (vec![to], to);
    while x != from {
        let Some(&back) = before.get(&x) else { break };
        path.push(back);
        x = back;
    }
    path.reverse();
    path
}

/// The facts of the solution whose segments are `segments` with the line `line`, between its
/// cells `a` and `b`, taken through the empty cells `path` (beside `a` at its start, beside `b`
/// at its end) instead.
fn rerouted(
    line: &[usize],
    line_of: &[Option<(usize, usize)>],
    a: usize,
    b: usize,
    path: &[usize],
    segments: &BTreeSet<(usize, usize)>,
    cols: usize,
) -> String {
    let (mut i, mut j) = (line_of[a].map_or(0, |(_, i)| i), line_of[b].map_or(0, |(_, j)| j));
    let mut path = path.to_vec();
    if i > j {
        (i, j) = (j, i);
        path.reverse();
    }
    let pair = |x: usize, y: usize| (x.min(y), x.max(y));
    let mut segments = segments.clone();
    for w in line[i..=j].windows(2) {
        segments.remove(&pair(w[0], w[1]));
    }
    let way: Vec<usize> = std::iter::once(line[i]).chain(path).chain(std::iter::once(line[j])).collect();
    for w in way.windows(2) {
        segments.insert(pair(w[0], w[1]));
    }
    segments
        .iter()
        .map(|&(x, y)| {
            let (r, c) = (x / cols + 1, x % cols + 1);
            if y == x + cols {
                format!("v({r},{c}).\n")
            } else {
                format!("h({r},{c}).\n")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use wgrnd_engine::count::{count, count_deferring, Limits};
    use wgrnd_lang::Source;
    use wgrnd_sat::solver::SolverSpec;
    use wgrnd_seam::{CountUnit, Family, Search, SplitMix64};

    use crate::{QpropModel, RawOptions};

    /// Numberlink's bundled model on a board given as rows of `.`, numbers and `?`.
    fn puzzle(rows: &[&str]) -> QpropModel {
        let mut data = format!("param rows = {}\nparam cols = {}\n", rows.len(), rows[0].len());
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '?' => data += &format!("unknown({}, {}).\n", r + 1, c + 1),
                    d => data += &format!("number({}, {}, {d}).\n", r + 1, c + 1),
                }
            }
        }
        let (name, text) = super::super::genre_by_pid("numlin").map(|g| g.model()).unwrap_or_default();
        QpropModel::new(&Source::new(name, text), Some(&Source::new("data", data)), &RawOptions::default())
            .unwrap_or_else(|e| panic!("{rows:?}: {e}"))
    }

    /// The count up to two through the normal form (what `count --max 2` runs) and whether it
    /// was exact; the puzzle's own count up to three without it, as none, one or several; the
    /// solutions of the normal form alone, up to two.
    fn both(f: &QpropModel) -> ((u64, bool), u64, u64) {
        let limits = |max| Limits { max: Some(max), ..Limits::default() };
        let g = f.ground().unwrap_or_else(|e| panic!("{e}"));
        let plain =
            count(f, &g, &SolverSpec::Builtin, &limits(3), CountUnit::None, |_| {}).unwrap_or_else(|e| panic!("{e}"));
        let form = f
            .normal_form()
            .ok()
            .flatten()
            .map(|n| count(f, &n, &SolverSpec::Builtin, &limits(2), CountUnit::None, |_| {}).map(|c| c.count));
        let (_, normal) = count_deferring(f, g, &SolverSpec::Builtin, &limits(2), CountUnit::None, |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        let form = form.unwrap_or_else(|| panic!("no normal form")).unwrap_or_else(|e| panic!("{e}"));
        ((normal.count, normal.complete()), plain.count.min(2), form)
    }

    #[test]
    fn a_line_that_could_take_a_detour_is_a_second_solution() {
        // The form's only solution is the straight line; the empty cells below it are the detour.
        let f = puzzle(&["1.1", "...", "..."]);
        assert!(f.normal_form().unwrap_or_else(|e| panic!("{e}")).is_some());
        assert_eq!(both(&f), ((2, false), 2, 1));
        // Every cell taken: one solution, and the form proves it.
        let f = puzzle(&["123", "...", "123"]);
        assert_eq!(both(&f), ((1, true), 1, 1));
    }

    /// Random boards of 2 x 2 to 5 x 5 with one to three pairs (now and then a `?` for one end):
    /// the count through the normal form says none, one or several exactly as the puzzle's own
    /// count does. `WGRND_NUMBERLINK_CASES` sets how many (600 by default).
    #[test]
    fn the_normal_form_counts_to_two_as_the_puzzle_does() {
        let cases: u64 = std::env::var("WGRND_NUMBERLINK_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(600);
        let mut rng = SplitMix64(2026);
        let (mut seen, mut led_back) = ([0u64; 3], 0u64);
        for case in 0..cases {
            let (rows, cols) = (2 + rng.below(4) as usize, 2 + rng.below(4) as usize);
            let mut board = vec![vec!['.'; cols]; rows];
            let pairs = 1 + rng.below(3.min((rows * cols / 2) as u64)) as u8;
            for k in 1..=pairs {
                for end in 0..2 {
                    loop {
                        let (r, c) = (rng.below(rows as u64) as usize, rng.below(cols as u64) as usize);
                        if board[r][c] == '.' {
                            let unknown = end == 1 && rng.below(8) == 0;
                            board[r][c] = if unknown { '?' } else { char::from(b'0' + k) };
                            break;
                        }
                    }
                }
            }
            let rows: Vec<String> = board.iter().map(|r| r.iter().collect()).collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let ((normal, exact), plain, form) = both(&puzzle(&rows));
            assert_eq!(normal, plain, "case {case}: {rows:?}");
            assert_eq!(exact, normal < 2, "case {case}: {rows:?}");
            seen[plain as usize] += 1;
            led_back += u64::from(form == 1 && plain == 2);
        }
        eprintln!(
            "{cases} boards: none {}, one {}, several {} ({led_back} of them by the step)",
            seen[0], seen[1], seen[2]
        );
        // Every verdict was met, and the second solution built from the first was needed.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
        assert!(led_back > 0);
    }
}
