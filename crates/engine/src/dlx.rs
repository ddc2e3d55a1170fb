//! The exact-cover engine: Knuth's Algorithm X with dancing links ("Dancing links", 2000) over
//! the matrix a family states for its puzzle ([`ExactCover`]), for puzzles that are exact-cover
//! problems (packings that fill their region). It branches on the column with the fewest rows
//! left and covers columns by unlinking rows, so it needs no formula at all and keeps no record of
//! the solutions it has found: the search tree itself makes them distinct. Each solution is a set
//! of rows, i.e. a set of projection atoms, handed over as such; the count decodes it from the
//! projection and has the family's checker judge it, like any other engine's.
//!
//! Secondary columns (Knuth's secondary items: covered at most once) have headers outside the
//! root's list: the search never branches on them, but choosing a row covers them like any other
//! of its columns, which removes the rows that share one. An exact cover read off a formula
//! ([`ExactCover::of_cnf`]) has one per clique of exclusions that no primary column makes, and the
//! atoms its units force reported with every solution.
//!
//! Groups with a capacity (a piece kind and its number of copies) are kept by counting the rows
//! taken per group and passing over a row whose group is full when branching; a full cover of the
//! columns then uses each kind at most its copies, which for a region the pieces fill exactly is
//! the same as exactly its copies. A solution is a set of rows, never an ordering of copies: the
//! search branches on columns (cells), so each set is met on one path only.

use wgrnd_seam::ExactCover;

/// Whether the search goes on after a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Look for more.
    Continue,
    /// Stop now.
    Stop,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every solution was handed over.
    Exhausted,
    /// A callback said [`Flow::Stop`].
    Stopped,
    /// The search tried more nodes than it was given.
    OutOfNodes,
}

/// One node's four links and its column header.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    left: u32,
    right: u32,
    up: u32,
    down: u32,
    column: u32,
}

/// The dancing-links matrix. Node 0 is the root, nodes `1..=columns + secondary` the column
/// headers (the primary ones linked from the root, each secondary one to itself), then the rows'
/// nodes, each row's nodes consecutive.
pub struct Dlx {
    /// The links, one record per node (one cache line holds three: covering walks them).
    node: Vec<Node>,
    /// The row (index into the matrix's rows) of each node; unused for headers.
    row: Vec<u32>,
    size: Vec<u32>,
    /// Per row: projection atom and group.
    atoms: Vec<u32>,
    groups: Vec<u32>,
    capacity: Vec<u32>,
    taken: Vec<u32>,
    chosen: Vec<u32>,
    nodes: u64,
    /// Permutations of the rows that map solutions onto solutions (the identity left out).
    symmetries: Vec<Vec<u32>>,
    /// Projection atoms reported with every solution ([`ExactCover::forced`]).
    forced: Vec<u32>,
    /// Nodes the search may try ([`Dlx::search`]), and whether it ran out of them.
    budget: u64,
    out_of_nodes: bool,
}

impl Dlx {
    /// Links the matrix. A column no row covers makes the problem unsolvable (the search finds
    /// it at once).
    pub fn new(m: &ExactCover) -> Dlx {
        let primary = m.columns as usize;
        let c = primary + m.secondary as usize;
        let total = 1 + c + m.rows.iter().map(|r| r.columns.len()).sum::<usize>();
        let mut d = Dlx {
            node: Vec::with_capacity(total),
            row: Vec::with_capacity(total),
            size: vec![0; c + 1],
            atoms: m.rows.iter().map(|r| r.atom).collect(),
            groups: m.rows.iter().map(|r| r.group).collect(),
            capacity: m.capacities.clone(),
            taken: vec![0; m.capacities.len()],
            chosen: Vec::new(),
            nodes: 0,
            symmetries: Vec::new(),
            forced: m.forced.clone(),
            budget: u64::MAX,
            out_of_nodes: false,
        };
        for i in 0..=c as u32 {
            let (left, right) = if i as usize > primary {
                (i, i)
            } else {
                (if i == 0 { primary as u32 } else { i - 1 }, if i as usize == primary { 0 } else { i + 1 })
            };
            d.node.push(Node { left, right, up: i, down: i, column: i });
            d.row.push(u32::MAX);
        }
        for (r, row) in m.rows.iter().enumerate() {
            // A row that covers nothing is never reached by branching on columns.
            if row.columns.is_empty() {
                continue;
            }
            let first = d.node.len() as u32;
            let n = row.columns.len() as u32;
            for (k, &col) in row.columns.iter().enumerate() {
                let node = first + k as u32;
                let header = col + 1;
                let above = d.node[header as usize].up;
                d.node.push(Node {
                    left: if k == 0 { first + n - 1 } else { node - 1 },
                    right: if k as u32 == n - 1 { first } else { node + 1 },
                    up: above,
                    down: header,
                    column: header,
                });
                d.node[above as usize].down = node;
                d.node[header as usize].up = node;
                d.row.push(r as u32);
                d.size[header as usize] += 1;
            }
        }
        d
    }

    /// Declares symmetries of the problem, as permutations of the projection atoms (each must map
    /// every solution onto a solution). At its root the search then branches only on the rows of
    /// a column that are least in their orbit under the symmetries that map the column's rows onto
    /// themselves (and picks the column where that leaves fewest rows). Every solution has an
    /// image through such a symmetry that takes the least row, so every orbit of solutions keeps
    /// at least one member (the count, which knows orbits, expands it), and the search is up to
    /// that subgroup's size smaller.
    pub fn with_symmetries(mut self, images: &[&[u32]]) -> Dlx {
        let row_of: std::collections::HashMap<u32, u32> =
            self.atoms.iter().enumerate().map(|(r, &a)| (a, r as u32)).collect();
        self.symmetries = images
            .iter()
            .filter_map(|image| self.atoms.iter().map(|a| row_of.get(&image[*a as usize]).copied()).collect())
            .collect();
        self
    }

    /// Nodes visited so far (rows tried).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Enumerates every solution: `on_solution` gets its projection atoms (sorted) and says
    /// whether to go on; `poll` is asked every few thousand nodes whether to stop early; past
    /// `nodes` nodes tried (counted from this matrix's first search) the search stops
    /// ([`Outcome::OutOfNodes`]; `u64::MAX`: no bound).
    pub fn search(
        &mut self,
        on_solution: &mut dyn FnMut(&[u32]) -> Flow,
        poll: &mut dyn FnMut() -> Flow,
        nodes: u64,
    ) -> Outcome {
        let all: Vec<u32> = (0..self.symmetries.len() as u32).collect();
        (self.budget, self.out_of_nodes) = (nodes, false);
        match self.descend(on_solution, poll, &all) {
            Flow::Continue => Outcome::Exhausted,
            Flow::Stop if self.out_of_nodes => Outcome::OutOfNodes,
            Flow::Stop => Outcome::Stopped,
        }
    }

    /// One level of the search; `fixing` are the symmetries (indices) that may prune it.
    fn descend(
        &mut self,
        on_solution: &mut dyn FnMut(&[u32]) -> Flow,
        poll: &mut dyn FnMut() -> Flow,
        fixing: &[u32],
    ) -> Flow {
        if self.node[0].right == 0 {
            let mut atoms: Vec<u32> = self.chosen.iter().map(|&r| self.atoms[r as usize]).collect();
            atoms.extend_from_slice(&self.forced);
            atoms.sort_unstable();
            return on_solution(&atoms);
        }
        // The column with the fewest rows (Knuth's S heuristic); while symmetries fix the rows
        // chosen so far, the column with the fewest rows left to try once they have pruned it.
        let mut best = self.node[0].right;
        let mut pruned: Option<Vec<u32>> = None;
        let mut j = self.node[best as usize].right;
        if !fixing.is_empty() {
            pruned = Some(self.least_in_orbit(best, fixing));
            while j != 0 {
                let keep = self.least_in_orbit(j, fixing);
                if pruned.as_ref().is_some_and(|k| keep.len() < k.len()) {
                    best = j;
                    pruned = Some(keep);
                }
                j = self.node[j as usize].right;
            }
        }
        while j != 0 {
            if self.size[j as usize] < self.size[best as usize] {
                best = j;
            }
            j = self.node[j as usize].right;
        }
        if self.size[best as usize] == 0 {
            return Flow::Continue;
        }
        self.cover(best);
        let mut r = self.node[best as usize].down;
        let mut flow = Flow::Continue;
        while r != best {
            if pruned.as_ref().is_some_and(|keep| !keep.contains(&self.row[r as usize])) {
                r = self.node[r as usize].down;
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                self.out_of_nodes = true;
                flow = Flow::Stop;
                break;
            }
            if self.nodes.is_multiple_of(4096) && poll() == Flow::Stop {
                flow = Flow::Stop;
                break;
            }
            let row = self.row[r as usize];
            let group = self.groups[row as usize] as usize;
            if self.taken[group] < self.capacity[group] {
                self.taken[group] += 1;
                self.chosen.push(row);
                let mut j = self.node[r as usize].right;
                while j != r {
                    self.cover(self.node[j as usize].column);
                    j = self.node[j as usize].right;
                }
                // Below the root, symmetries that fix the chosen row would prune further, but on
                // the Y-pentacube box and the Soma cube hardly any do: measured slower, left out.
                flow = self.descend(on_solution, poll, &[]);
                let mut j = self.node[r as usize].left;
                while j != r {
                    self.uncover(self.node[j as usize].column);
                    j = self.node[j as usize].left;
                }
                self.chosen.pop();
                self.taken[group] -= 1;
                if flow == Flow::Stop {
                    break;
                }
            }
            r = self.node[r as usize].down;
        }
        self.uncover(best);
        flow
    }

    /// The rows of column `c` that no symmetry among `fixing` that maps the column's rows onto
    /// themselves maps to a smaller row.
    fn least_in_orbit(&self, c: u32, fixing: &[u32]) -> Vec<u32> {
        let mut rows = Vec::new();
        let mut i = self.node[c as usize].down;
        while i != c {
            rows.push(self.row[i as usize]);
            i = self.node[i as usize].down;
        }
        let set: std::collections::HashSet<u32> = rows.iter().copied().collect();
        let fixing: Vec<&Vec<u32>> = fixing
            .iter()
            .map(|&s| &self.symmetries[s as usize])
            .filter(|s| rows.iter().all(|&r| set.contains(&s[r as usize])))
            .collect();
        rows.iter().copied().filter(|&r| fixing.iter().all(|s| s[r as usize] >= r)).collect()
    }

    fn cover(&mut self, c: u32) {
        let (l, r) = (self.node[c as usize].left, self.node[c as usize].right);
        self.node[l as usize].right = r;
        self.node[r as usize].left = l;
        let mut i = self.node[c as usize].down;
        while i != c {
            let mut j = self.node[i as usize].right;
            while j != i {
                let (u, d) = (self.node[j as usize].up, self.node[j as usize].down);
                self.node[u as usize].down = d;
                self.node[d as usize].up = u;
                self.size[self.node[j as usize].column as usize] -= 1;
                j = self.node[j as usize].right;
            }
            i = self.node[i as usize].down;
        }
    }

    fn uncover(&mut self, c: u32) {
        let mut i = self.node[c as usize].up;
        while i != c {
            let mut j = self.node[i as usize].left;
            while j != i {
                let (u, d) = (self.node[j as usize].up, self.node[j as usize].down);
                self.size[self.node[j as usize].column as usize] += 1;
                self.node[u as usize].down = j;
                self.node[d as usize].up = j;
                j = self.node[j as usize].left;
            }
            i = self.node[i as usize].up;
        }
        let (l, r) = (self.node[c as usize].left, self.node[c as usize].right);
        self.node[l as usize].right = c;
        self.node[r as usize].left = c;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgrnd_seam::CoverRow;

    fn solve(columns: u32, rows: &[(&[u32], u32)], capacities: &[u32]) -> Vec<Vec<u32>> {
        let m = ExactCover {
            columns,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, (c, g))| CoverRow { atom: i as u32, columns: c.to_vec(), group: *g })
                .collect(),
            capacities: capacities.to_vec(),
            ..ExactCover::default()
        };
        let mut out = Vec::new();
        Dlx::new(&m).search(
            &mut |s| {
                out.push(s.to_vec());
                Flow::Continue
            },
            &mut || Flow::Continue,
            u64::MAX,
        );
        out.sort();
        out
    }

    #[test]
    fn knuths_example_has_one_cover() {
        // The 7-column example of "Dancing links": rows 0..6, the cover is rows 0, 3, 4.
        let rows: [(&[u32], u32); 6] =
            [(&[2, 4, 5], 0), (&[0, 3, 6], 0), (&[1, 2, 5], 0), (&[0, 3], 0), (&[1, 6], 0), (&[3, 4, 6], 0)];
        assert_eq!(solve(7, &rows, &[6]), vec![vec![0, 3, 4]]);
    }

    #[test]
    fn dominoes_on_a_strip_and_capacities() {
        // A 1x4 strip: singles (group 0) and dominoes (group 1). Covers: 1111, 211, 121, 112, 22.
        let rows: [(&[u32], u32); 7] =
            [(&[0], 0), (&[1], 0), (&[2], 0), (&[3], 0), (&[0, 1], 1), (&[1, 2], 1), (&[2, 3], 1)];
        assert_eq!(solve(4, &rows, &[4, 2]).len(), 5);
        // At most two singles: 211, 121, 112, 22; no singles at all: only 22.
        assert_eq!(solve(4, &rows, &[2, 2]).len(), 4);
        assert_eq!(solve(4, &rows, &[0, 2]), vec![vec![4, 6]]);
        // A column nobody covers: nothing.
        assert!(solve(5, &rows, &[4, 2]).is_empty());
    }

    #[test]
    fn a_stop_from_the_callback_ends_the_search() {
        let rows: [(&[u32], u32); 4] = [(&[0], 0), (&[1], 0), (&[0, 1], 0), (&[0], 0)];
        let m = ExactCover {
            columns: 2,
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, (c, g))| CoverRow { atom: i as u32, columns: c.to_vec(), group: *g })
                .collect(),
            capacities: vec![9],
            ..ExactCover::default()
        };
        let mut seen = 0;
        let outcome = Dlx::new(&m).search(
            &mut |_| {
                seen += 1;
                Flow::Stop
            },
            &mut || Flow::Continue,
            u64::MAX,
        );
        assert_eq!((outcome, seen), (Outcome::Stopped, 1));
    }

    /// Every model of `cnf` (over `n` atoms, all of them projected), as its true atoms: brute force.
    fn models(cnf: &wgrnd_sat::Cnf, n: usize) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for bits in 0u32..1 << n {
            let holds = |l: &wgrnd_sat::Lit| (bits >> l.var().index() & 1 == 1) == l.is_positive();
            if cnf.clauses().all(|c| c.iter().any(holds)) {
                out.push((0..n as u32).filter(|&i| bits >> i & 1 == 1).collect());
            }
        }
        out
    }

    /// Random formulas of the shapes an exact cover writes (exactly-one groups, exclusions,
    /// units), and some of other shapes: wherever [`ExactCover::of_cnf`] reads a cover, dancing
    /// links over it finds exactly the formula's models (brute force), `forced` atoms included;
    /// with the budget of one node it says it ran out instead.
    #[test]
    fn covers_read_off_random_formulas_have_exactly_their_models() {
        use wgrnd_sat::{Cnf, Var};
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut draw = |k: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % k
        };
        let (mut read, mut refused, mut with_models, mut with_forced) = (0, 0, 0, 0);
        for _ in 0..3000 {
            let n = 2 + draw(8) as usize;
            let var = |i: u64| Var::from_index(i as usize);
            let mut cnf = Cnf::new();
            cnf.new_vars(n as u32);
            for _ in 0..1 + draw(4) {
                let group: Vec<u64> = (0..n as u64).filter(|_| draw(3) == 0).collect();
                if group.is_empty() {
                    continue;
                }
                // Now and then an atom twice in the clause.
                let mut clause: Vec<_> = group.iter().map(|&i| var(i).pos()).collect();
                if draw(10) == 0 {
                    clause.push(clause[0]);
                }
                cnf.add_clause(&clause);
                for (k, &a) in group.iter().enumerate() {
                    for &b in &group[k + 1..] {
                        // Now and then an exclusion left out: no longer an exactly-one.
                        if draw(40) != 0 {
                            cnf.add_clause(&[var(a).neg(), var(b).neg()]);
                        }
                    }
                }
            }
            // Exclusions, an atom's with itself too (`not a or not a`: a unit).
            for _ in 0..draw(4) {
                let (a, b) = (draw(n as u64), draw(n as u64));
                cnf.add_clause(&[var(a).neg(), var(b).neg()]);
            }
            match draw(12) {
                0 => cnf.add_clause(&[var(draw(n as u64)).pos()]),
                1 => cnf.add_clause(&[var(draw(n as u64)).neg()]),
                2 => cnf.add_clause(&[var(draw(n as u64)).neg(), var(draw(n as u64)).pos()]),
                _ => {}
            }
            // Now and then the last atom is not projected: a cover only where the units fix it.
            let shown = if draw(8) == 0 { n - 1 } else { n };
            let projection: Vec<Var> = (0..shown as u64).map(var).collect();
            let mut want = models(&cnf, n);
            if shown < n {
                for m in &mut want {
                    m.retain(|&a| (a as usize) < shown);
                }
                want.dedup();
            }
            want.sort();
            let Some(m) = ExactCover::of_cnf(&cnf, &projection) else {
                refused += 1;
                continue;
            };
            read += 1;
            with_models += usize::from(!want.is_empty());
            with_forced += usize::from(!m.forced.is_empty());
            let mut got = Vec::new();
            let outcome = Dlx::new(&m).search(
                &mut |s| {
                    got.push(s.to_vec());
                    Flow::Continue
                },
                &mut || Flow::Continue,
                u64::MAX,
            );
            assert_eq!(outcome, Outcome::Exhausted);
            got.sort();
            assert_eq!(got, want, "{cnf:?}");
            if !m.rows.is_empty() {
                let ran_out = Dlx::new(&m).search(&mut |_| Flow::Continue, &mut || Flow::Continue, 0);
                assert_eq!(ran_out, Outcome::OutOfNodes);
            }
        }
        // Both sides were exercised.
        assert!(
            read > 400 && refused > 500 && with_models > 300 && with_forced > 20,
            "{read} {refused} {with_models} {with_forced}"
        );
    }
}
