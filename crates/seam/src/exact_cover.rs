//! The exact-cover view of a grounding: what a dancing-links search enumerates when the puzzle
//! *is* an exact-cover problem. Every row is one projection atom; a solution is a set of rows
//! that covers every primary column exactly once and every secondary column at most once, and
//! takes at most `capacity` rows of each group. It comes from one of two places. A family states
//! it from its own puzzle (for packings: cells are columns, dispositions are rows, piece kinds are
//! groups with their number of copies), never from the CNF, so a search over it is a second,
//! independent reading of the puzzle. Or [`ExactCover::of_cnf`] reads it off a formula whose
//! clauses are all of the shapes an exact cover writes (a positive clause over pairwise exclusive
//! atoms, a binary clause of two negative literals, a unit), exactly equivalent to it. Either
//! way its solutions are still decoded and checked.

use wgrnd_sat::{Cnf, Lit, Var};

/// One row: a projection atom and what choosing it covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverRow {
    /// The projection atom (index into the grounding's projection) the row stands for.
    pub atom: u32,
    /// The columns it covers (each below `columns + secondary`, at least one of them primary: a
    /// row only in secondary columns is never chosen, since the search branches on primary
    /// ones), any order, no repeats.
    pub columns: Vec<u32>,
    /// The group it belongs to (index into `capacities`).
    pub group: u32,
}

/// An exact-cover problem with grouped rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExactCover {
    /// Number of primary columns (`0..columns`); every solution covers each exactly once.
    pub columns: u32,
    /// Number of secondary columns (`columns..columns + secondary`); every solution covers each
    /// at most once (Knuth's secondary items).
    pub secondary: u32,
    /// The rows.
    pub rows: Vec<CoverRow>,
    /// For each group, how many of its rows a solution may take at most.
    pub capacities: Vec<u32>,
    /// Projection atoms true in every solution, outside the matrix (a formula's unit clauses):
    /// each solution of the matrix is reported with them.
    pub forced: Vec<u32>,
}

/// What a reading of a clause store is asked for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    /// Any exact cover.
    Any,
    /// One that suits dancing links.
    DancingLinks,
    /// Only whether there is one that suits dancing links.
    Whether,
}

/// Why a reading of a clause store stopped without a cover.
#[derive(Debug)]
enum Read {
    /// It is not one (the caller searches it another way; no reason is kept).
    NotACover,
    /// It is one, and only that was asked.
    Enough,
}

impl ExactCover {
    /// The exact cover that `cnf`, projected on `projection` (increasing), is, when it is one:
    /// every clause is a unit, a binary clause of two negative literals, or a positive clause
    /// whose atoms are pairwise excluded by such binary clauses; after the units are propagated,
    /// every atom left open is a projection atom in at least one open positive clause, and every
    /// other atom is fixed. Then each open positive clause is a primary column (its atoms: exactly
    /// one of them), the binary clauses over two open atoms that share no primary column are
    /// secondary ones, gathered greedily into cliques (at most one atom of each), the open atoms
    /// are the rows (one group without a bound), and the projection
    /// atoms the units make true are `forced`: the covers are exactly the formula's models.
    /// `None` otherwise, and for a formula whose units contradict each other (no model: the
    /// caller's search finds that at once). Exclusions that no primary column makes are gathered
    /// greedily into cliques, one secondary column each.
    pub fn of_cnf(cnf: &Cnf, projection: &[Var]) -> Option<ExactCover> {
        of_cnf(cnf, projection, Want::Any).ok()
    }

    /// [`ExactCover::of_cnf`] when dancing links is the search for it: every row covers at least
    /// two primary columns, so that choosing one removes rows from several columns at once
    /// (Langford pairs, N-queens, Latin squares, sudoku). Where a row covers one primary column
    /// (graph colouring: a vertex's colours) the primary columns are a CSP's variables and the
    /// secondary ones all of its constraints; dancing links is then plain backtracking with
    /// forward checking, which a CDCL search that learns beats (docs/counting.md). Refused before
    /// its secondary columns are gathered otherwise.
    pub fn for_dancing_links(cnf: &Cnf, projection: &[Var]) -> Option<ExactCover> {
        of_cnf(cnf, projection, Want::DancingLinks).ok()
    }

    /// Whether [`ExactCover::for_dancing_links`] reads a cover, without gathering its secondary
    /// columns (the costly part): a grounding deciding what a count will need.
    pub fn is_for_dancing_links(cnf: &Cnf, projection: &[Var]) -> bool {
        matches!(of_cnf(cnf, projection, Want::Whether), Err(Read::Enough) | Ok(_))
    }
}

/// Lists of `u32` per atom in one flat array (atom `a`'s are `items[at[a]..at[a + 1]]`): the
/// reading below makes a few of them per formula, and a `Vec` per atom cost more than the rest of
/// it together.
struct Lists {
    at: Vec<u32>,
    items: Vec<u32>,
}

impl Lists {
    /// The lists of `n` atoms from `(atom, item)` pairs, each list in the pairs' order.
    fn new(n: usize, pairs: impl Iterator<Item = (usize, u32)> + Clone) -> Lists {
        let mut at = vec![0u32; n + 1];
        for (a, _) in pairs.clone() {
            at[a + 1] += 1;
        }
        for a in 0..n {
            at[a + 1] += at[a];
        }
        let mut fill = at.clone();
        let mut items = vec![0u32; at[n] as usize];
        for (a, x) in pairs {
            items[fill[a] as usize] = x;
            fill[a] += 1;
        }
        Lists { at, items }
    }

    fn range(&self, a: usize) -> std::ops::Range<usize> {
        self.at[a] as usize..self.at[a + 1] as usize
    }

    fn of(&self, a: usize) -> &[u32] {
        &self.items[self.range(a)]
    }
}

fn of_cnf(cnf: &Cnf, projection: &[Var], want: Want) -> Result<ExactCover, Read> {
    // A constraint kept whole (connectivity, regions) is no set of exactly-one constraints (and its clauses are
    // better left unwritten).
    if !cnf.theories().is_empty() {
        return Err(Read::NotACover);
    }
    let n = cnf.num_vars() as usize;
    let mut positive: Vec<&[Lit]> = Vec::new();
    let mut units: Vec<Lit> = Vec::new();
    let mut exclusions: Vec<(u32, u32)> = Vec::new();
    for c in cnf.clauses() {
        match c {
            [] => return Err(Read::NotACover),
            [l] => units.push(*l),
            // `not a or not a` says that `a` is false, not that it excludes itself.
            [a, b] if *a == *b => units.push(*a),
            [a, b] if !a.is_positive() && !b.is_positive() => {
                exclusions.push((a.var().index() as u32, b.var().index() as u32));
            }
            _ if c.iter().all(|l| l.is_positive()) => positive.push(c),
            _ => return Err(Read::NotACover),
        }
    }
    // Each atom's partners in a negative binary clause, sorted (looked up by binary search).
    let mut partners = Lists::new(n, exclusions.iter().flat_map(|&(a, b)| [(a as usize, b), (b as usize, a)]));
    for a in 0..n {
        let r = partners.range(a);
        partners.items[r].sort_unstable();
    }
    let partners = partners;
    let excludes = |a: usize, b: usize| partners.of(a).binary_search(&(b as u32)).is_ok();
    // The positive clauses each atom is in.
    let in_clauses = Lists::new(
        n,
        positive.iter().enumerate().flat_map(|(i, c)| c.iter().map(move |l| (l.var().index(), i as u32))),
    );
    // Unit propagation: a true atom makes its partners false and satisfies its positive clauses
    // (whose other atoms it must exclude: else the formula is not of the shape); a positive clause
    // left with one open atom makes it true.
    let mut value: Vec<Option<bool>> = vec![None; n];
    let mut open: Vec<u32> = positive.iter().map(|c| c.len() as u32).collect();
    let mut satisfied = vec![false; positive.len()];
    let mut queue: Vec<(usize, bool)> = units.iter().map(|l| (l.var().index(), l.is_positive())).collect();
    while let Some((v, b)) = queue.pop() {
        match value[v] {
            Some(x) if x == b => continue,
            Some(_) => return Err(Read::NotACover),
            None => value[v] = Some(b),
        }
        if b {
            queue.extend(partners.of(v).iter().map(|&p| (p as usize, false)));
            for &c in in_clauses.of(v) {
                let c = c as usize;
                for l in positive[c] {
                    let u = l.var().index();
                    if u != v {
                        if !excludes(v, u) {
                            return Err(Read::NotACover);
                        }
                        queue.push((u, false));
                    }
                }
                satisfied[c] = true;
            }
        } else {
            for &c in in_clauses.of(v) {
                let c = c as usize;
                open[c] -= 1;
                if satisfied[c] {
                    continue;
                }
                match open[c] {
                    0 => return Err(Read::NotACover),
                    1 => {
                        if let Some(l) = positive[c].iter().find(|l| value[l.var().index()].is_none()) {
                            queue.push((l.var().index(), true));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    // The projection index of each atom.
    let mut row_of: Vec<u32> = vec![u32::MAX; n];
    for (i, v) in projection.iter().enumerate() {
        row_of[v.index()] = i as u32;
    }
    // Primary columns: the open positive clauses, their open atoms pairwise excluded.
    let mut membership: Vec<(usize, u32)> = Vec::new();
    let mut primary = 0u32;
    let mut members: Vec<usize> = Vec::new();
    for (i, c) in positive.iter().enumerate() {
        if satisfied[i] {
            continue;
        }
        members.clear();
        members.extend(c.iter().map(|l| l.var().index()).filter(|&v| value[v].is_none()));
        members.sort_unstable();
        members.dedup();
        for (k, &a) in members.iter().enumerate() {
            if members[k + 1..].iter().any(|&b| !excludes(a, b)) {
                return Err(Read::NotACover);
            }
            membership.push((a, primary));
        }
        primary += 1;
    }
    // Each atom's primary columns, increasing.
    let columns_of = Lists::new(n, membership.iter().copied());
    // Every open atom is a projection atom in a primary column (a row the search can reach);
    // every other atom is fixed.
    let mut forced = Vec::new();
    for v in 0..n {
        match value[v] {
            None if row_of[v] == u32::MAX || columns_of.of(v).is_empty() => return Err(Read::NotACover),
            Some(true) if row_of[v] != u32::MAX => forced.push(row_of[v]),
            _ => {}
        }
    }
    forced.sort_unstable();
    if want != Want::Any && (0..n).any(|v| value[v].is_none() && columns_of.of(v).len() < 2) {
        return Err(Read::NotACover);
    }
    if want == Want::Whether {
        return Err(Read::Enough);
    }
    // Secondary columns: the exclusions between open atoms that no primary column already makes,
    // gathered greedily into cliques (at most one atom of each): far fewer and longer columns
    // than one per exclusion (a colouring's exclusions are its graph's cliques, a queen graph's
    // rows, columns and diagonals, once per colour), so that choosing a row covers fewer columns.
    // `done`: per exclusion (as `partners` lists them), whether a column makes it already.
    let mut done: Vec<bool> = (0..n)
        .flat_map(|a| partners.of(a).iter().map(move |&b| (a, b as usize)))
        .map(|(a, b)| {
            value[a].is_some()
                || value[b].is_some()
                || columns_of.of(a).iter().any(|c| columns_of.of(b).binary_search(c).is_ok())
        })
        .collect();
    let mut secondary = 0u32;
    let mut clique: Vec<usize> = Vec::new();
    for a in 0..n {
        for k in partners.range(a) {
            if done[k] {
                continue;
            }
            clique.clear();
            clique.extend([a, partners.items[k] as usize]);
            // Only atoms whose exclusion from `a` is still to be made join: a queen's diagonal,
            // not its row, which a primary column makes already.
            let later = k + 1..partners.at[a + 1] as usize;
            for (&c, &made) in partners.items[later.clone()].iter().zip(&done[later]) {
                let c = c as usize;
                if !made && c != clique[1] && clique[1..].iter().all(|&m| excludes(m, c)) {
                    clique.push(c);
                }
            }
            for (i, &x) in clique.iter().enumerate() {
                for &y in &clique[i + 1..] {
                    for (u, w) in [(x, y), (y, x)] {
                        if let Ok(at) = partners.of(u).binary_search(&(w as u32)) {
                            done[partners.at[u] as usize + at] = true;
                        }
                    }
                }
                membership.push((x, primary + secondary));
            }
            secondary += 1;
        }
    }
    // Each open atom's columns, primary then secondary.
    let columns = Lists::new(n, membership.iter().copied());
    let rows: Vec<CoverRow> = (0..n)
        .filter(|&v| value[v].is_none())
        .map(|v| CoverRow { atom: row_of[v], columns: columns.of(v).to_vec(), group: 0 })
        .collect();
    let capacities = vec![rows.len() as u32];
    Ok(ExactCover { columns: primary, secondary, rows, capacities, forced })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A formula over `n` atoms from DIMACS-numbered clauses.
    fn cnf(n: u32, clauses: &[&[i32]]) -> (Cnf, Vec<Var>) {
        let mut cnf = Cnf::new();
        cnf.new_vars(n);
        for c in clauses {
            let c: Vec<Lit> = c
                .iter()
                .map(|&l| {
                    let v = Var::new(l.unsigned_abs()).unwrap();
                    if l > 0 {
                        v.pos()
                    } else {
                        v.neg()
                    }
                })
                .collect();
            cnf.add_clause(&c);
        }
        let projection = (0..n as usize).map(Var::from_index).collect();
        (cnf, projection)
    }

    /// The columns of each row, by atom.
    fn columns(m: &ExactCover) -> Vec<(u32, Vec<u32>)> {
        m.rows.iter().map(|r| (r.atom, r.columns.clone())).collect()
    }

    #[test]
    fn exactly_ones_and_exclusions_are_primary_and_secondary_columns() {
        // Exactly one of 1, 2, 3; exactly one of 3, 4; 1 and 4 exclude each other.
        let (f, p) = cnf(4, &[&[1, 2, 3], &[-1, -2], &[-1, -3], &[-2, -3], &[3, 4], &[-3, -4], &[-1, -4]]);
        let m = ExactCover::of_cnf(&f, &p).unwrap();
        assert_eq!((m.columns, m.secondary), (2, 1));
        // The clique of 1 and 4 does not take 3 in, though it excludes both: a primary column
        // makes its exclusion from 1 already.
        assert_eq!(columns(&m), vec![(0, vec![0, 2]), (1, vec![0]), (2, vec![0, 1]), (3, vec![1, 2])]);
        assert!(m.forced.is_empty());
        // Rows 1 (atom 2) and 3 (atom 4) cover one primary column each.
        assert_eq!(ExactCover::for_dancing_links(&f, &p), None);
        assert!(!ExactCover::is_for_dancing_links(&f, &p));
    }

    #[test]
    fn exclusions_are_gathered_into_cliques() {
        // Each of 1..=3 alone in a primary column with a partner (4..=6), 1, 2, 3 pairwise
        // exclusive: one secondary column for the three exclusions.
        let (f, p) =
            cnf(6, &[&[1, 4], &[-1, -4], &[2, 5], &[-2, -5], &[3, 6], &[-3, -6], &[-1, -2], &[-1, -3], &[-2, -3]]);
        let m = ExactCover::of_cnf(&f, &p).unwrap();
        assert_eq!((m.columns, m.secondary), (3, 1));
        assert_eq!(m.rows.iter().filter(|r| r.columns.contains(&3)).count(), 3);
        // Atoms 4..=6 cover one primary column each: not for dancing links.
        assert!(!ExactCover::is_for_dancing_links(&f, &p));
    }

    #[test]
    fn units_force_rows_and_remove_their_conflicts() {
        // Exactly one of 1, 2; exactly one of 2, 3; 1 given: 2 is false, so 3 is true.
        let (f, p) = cnf(3, &[&[1, 2], &[-1, -2], &[2, 3], &[-2, -3], &[1]]);
        let m = ExactCover::of_cnf(&f, &p).unwrap();
        assert_eq!((m.columns, m.rows.len()), (0, 0));
        assert_eq!(m.forced, vec![0, 2]);
        // Atoms outside the projection are fine when the units fix them, not when they are open.
        assert_eq!(ExactCover::of_cnf(&f, &p[..1]).unwrap().forced, vec![0]);
        let (f, _) = cnf(2, &[&[1, 2], &[-1, -2]]);
        assert_eq!(ExactCover::of_cnf(&f, &[Var::from_index(0)]), None);
        let (f, _) = cnf(3, &[&[1, 2], &[-1, -2], &[3]]);
        assert_eq!(
            ExactCover::of_cnf(&f, &[Var::from_index(0), Var::from_index(1)]).unwrap().forced,
            Vec::<u32>::new()
        );
    }

    #[test]
    fn other_shapes_are_refused() {
        for clauses in [
            // A clause of mixed signs.
            &[&[1, 2][..], &[-1, -2], &[-1, 2]][..],
            // A positive clause whose atoms do not exclude each other.
            &[&[1, 2, 3], &[-1, -2], &[-2, -3]],
            // An atom in no positive clause (free).
            &[&[1, 2], &[-1, -2], &[-2, -3]],
            // A negative clause of three.
            &[&[1, 2], &[-1, -2], &[3, 1], &[-1, -3], &[-1, -2, -3]],
            // Units that contradict each other, and the empty clause.
            &[&[1, 2], &[-1, -2], &[1], &[2]],
            &[&[1, 2], &[-1, -2], &[]],
        ] {
            let (f, p) = cnf(3, clauses);
            assert_eq!(ExactCover::of_cnf(&f, &p), None, "{clauses:?}");
        }
    }
}
