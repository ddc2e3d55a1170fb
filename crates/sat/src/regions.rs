//! Region division kept as one constraint ([`Regions`]): "the walls cut the graph into regions,
//! no wall lies inside a region, and each node's size is the number of nodes of its region". A
//! region is a component of the graph of the edges whose wall is down; a node may carry a size,
//! an integer given by its order literals (`size >= k`). Fillomino, and every genre that divides
//! a grid into blocks of given sizes, is this constraint with walls and sizes tied to its cells.
//!
//! As [`crate::connect`] does for connectivity, a formula keeps the constraint whole beside its
//! clauses: the in-process solvers decide it natively ([`Regions::analyse`]), every other reader
//! gets its clauses, written out over auxiliary variables reserved after every other variable
//! ([`crate::Cnf::reserve_labels`]; [`Regions::encode`]), each a function of the walls ([`Regions::complete`]), so that no count
//! changes.
//!
//! The encoding: each node's root is the first node of its region, an order-encoded integer
//! (`root(i) >= r`, for `r <= i`) with one literal per value (`root(i) = r`); an edge with its
//! wall down gives its ends one root, an edge with its wall up two; distance labels (`reach(i,
//! k)`: node `i` is at most `k` steps from a node that is its own root, through edges with their
//! walls down) make every region have one root; and for a node with a size, a sequential counter
//! per root counts the nodes that name it, and the size must equal the count.
//!
//! The native decision reads two graphs: the *joined* one (edges whose wall is down) and the
//! *open* one (edges whose wall is not up). A wall up inside a joined component is a conflict;
//! a node's size is at least its joined component's and at most its open component's; an open
//! component no larger than a size in it is that node's region, so no wall lies inside it; an
//! open edge between two joined components whose union is larger than a size one of them
//! allows must be a wall; and a joined component that must grow, with one open edge out, grows
//! through it. Every reason names the walls down that join (a spanning tree, or the path) and the walls
//! up that enclose, with the size literals read: a clause that holds in every division.

use crate::connect::{Analysis, Forced};
use crate::{Lit, Model, Var};

/// A node's size: an integer whose values are `lo` and each `k` of `ge`, and whose value is the
/// last `k` whose literal (`size >= k`) is true, or `lo` when none is. The literals must be
/// monotone (each true one implies those before): an assignment where they are not gives no
/// value, and the constraint fails on it. [`crate::Cnf::add_regions`] adds the clauses that say
/// so, and the native decision reads the literals as those clauses leave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Size {
    /// The smallest value.
    pub lo: i64,
    /// The other values, ascending, each with its literal `size >= k`.
    pub ge: Vec<(i64, Lit)>,
}

/// A size's least and greatest value under a partial assignment, each with the literal that
/// says so (none at the ends of its values).
type Bounds = ((i64, Option<Lit>), (i64, Option<Lit>));

impl Size {
    /// The largest value.
    fn hi(&self) -> i64 {
        self.ge.last().map_or(self.lo, |&(k, _)| k)
    }

    /// The value under a total assignment; `None` when the literals are not monotone.
    fn value(&self, value: &impl Fn(Lit) -> bool) -> Option<i64> {
        let mut v = self.lo;
        let mut ended = false;
        for &(k, l) in &self.ge {
            if value(l) {
                if ended {
                    return None;
                }
                v = k;
            } else {
                ended = true;
            }
        }
        Some(v)
    }

    /// The position in `ge` of its first value at least `x` (`ge.len()` when none is).
    fn first_from(&self, x: i64) -> usize {
        let n = self.ge.len();
        match (self.ge.first(), self.ge.last()) {
            // Consecutive values from `lo` (a cell's number over a range, as a fillomino's): the
            // position by arithmetic, where a binary search over hundreds of values, waiting on
            // memory, took a sixth of the propagator's time (perf, the bench set's 15 x 15
            // fillomino; bench/results/regions-dense-sizes.csv).
            (Some(&(first, _)), Some(&(last, _))) if first == self.lo + 1 && last - self.lo == n as i64 => {
                (x - first).clamp(0, n as i64) as usize
            }
            _ => self.ge.partition_point(|&(k, _)| k < x),
        }
    }

    /// The values, ascending.
    fn values(&self) -> impl Iterator<Item = i64> + '_ {
        std::iter::once(self.lo).chain(self.ge.iter().map(|&(k, _)| k))
    }

    /// The bounds a partial assignment gives: the least value and the literal that is true for
    /// it (none at `lo`), the greatest value and the literal that is false above it (none at the
    /// largest value). The literals are read as their monotone clauses leave them after unit
    /// propagation (true ones, then unassigned, then false), by binary search.
    fn bounds(&self, value: &impl Fn(Lit) -> Option<bool>) -> Bounds {
        let trues = self.ge.partition_point(|&(_, l)| value(l) == Some(true));
        let open = self.ge.partition_point(|&(_, l)| value(l) != Some(false));
        let mut lb = if trues == 0 { (self.lo, None) } else { (self.ge[trues - 1].0, Some(self.ge[trues - 1].1)) };
        let mut ub = match open {
            o if o == self.ge.len() => (self.hi(), None),
            0 => (self.lo, Some(self.ge[0].1)),
            o => (self.ge[o - 1].0, Some(self.ge[o].1)),
        };
        // Off the monotone pattern (before unit propagation), the search may land anywhere: a
        // witness is kept only when its literal has the value it stands for.
        if lb.1.is_some_and(|g| value(g) != Some(true)) {
            lb = (self.lo, None);
        }
        if ub.1.is_some_and(|g| value(g) != Some(false)) {
            ub = (self.hi(), None);
        }
        (lb, ub)
    }

    /// Its monotone clauses, `size >= k'` implies `size >= k` for `k < k'`.
    pub(crate) fn monotone(&self) -> impl Iterator<Item = [Lit; 2]> + '_ {
        self.ge.windows(2).map(|w| [!w[1].1, w[0].1])
    }
}

/// "The walls divide the nodes into regions: no wall inside a region, and each size is its
/// node's region's number of nodes."
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    /// The edges: two nodes (`a < b`) and the literal of the wall between them.
    edges: Vec<(u32, u32, Lit)>,
    /// Each node's size, where it has one.
    sizes: Vec<Option<Size>>,
    /// The first auxiliary variable of the encoding; they are consecutive.
    first_aux: Var,
    /// Literals any of which, true, switches the constraint off (an explanation's selectors).
    off: Vec<Lit>,
    /// The neighbours of each node, with the edge's index.
    adj: Vec<Vec<(u32, u32)>>,
}

/// Where each auxiliary variable of the encoding is, from the first (module doc).
struct Layout {
    n: usize,
    edges: usize,
    /// The counters' largest threshold (0: no node has a size, no counter).
    cap: usize,
    /// `root(i) >= r` for `1 <= r <= i`.
    q: usize,
    /// `root(i) = r` for `r <= i`.
    o: usize,
    /// `reach(i, k)` for `1 <= k <= n - 2`.
    reach: usize,
    /// An edge `i -> j` is down and `j` is reached in `k - 1` steps, for `1 <= k <= n - 1`.
    step: usize,
    /// The counters of each root, where each starts.
    count: Vec<usize>,
    total: usize,
}

impl Layout {
    fn new(n: usize, edges: usize, sizes: &[Option<Size>]) -> Self {
        let cap =
            sizes.iter().flatten().map(|s| s.hi().saturating_add(1).clamp(0, n as i64) as usize).max().unwrap_or(0);
        let q = 0;
        let o = q + n * n.saturating_sub(1) / 2;
        let reach = o + n * (n + 1) / 2;
        let step = reach + n * n.saturating_sub(2);
        let mut at = step + 2 * edges * n.saturating_sub(1);
        let mut count = Vec::with_capacity(n);
        for r in 0..n {
            count.push(at);
            if cap > 0 {
                at += Self::row(cap, n - r);
            }
        }
        Layout { n, edges, cap, q, o, reach, step, count, total: at }
    }

    /// How many counter variables the first `m` nodes from a root take: `min(cap, d)` for the
    /// `d`-th.
    fn row(cap: usize, m: usize) -> usize {
        if m <= cap {
            m * (m + 1) / 2
        } else {
            cap * (cap + 1) / 2 + (m - cap) * cap
        }
    }

    fn q(&self, i: usize, r: usize) -> usize {
        debug_assert!(1 <= r && r <= i);
        self.q + i * (i - 1) / 2 + r - 1
    }

    fn o(&self, i: usize, r: usize) -> usize {
        debug_assert!(r <= i);
        self.o + i * (i + 1) / 2 + r
    }

    fn reach(&self, i: usize, k: usize) -> usize {
        debug_assert!(1 <= k && k + 2 <= self.n);
        self.reach + (k - 1) * self.n + i
    }

    /// Edge `e` walked from its first end (`back` false) or its second.
    fn step(&self, e: usize, back: bool, k: usize) -> usize {
        self.step + (k - 1) * 2 * self.edges + 2 * e + usize::from(back)
    }

    /// "At least `k` of the nodes `r..=i` have root `r`", `1 <= k <= min(cap, i - r + 1)`.
    fn counter(&self, r: usize, i: usize, k: usize) -> usize {
        debug_assert!(1 <= k && k <= self.cap.min(i - r + 1));
        self.count[r] + Self::row(self.cap, i - r) + k - 1
    }
}

/// A literal or a constant, for writing clauses over counters whose ends are constants.
#[derive(Clone, Copy)]
enum B {
    Const(bool),
    L(Lit),
}

impl std::ops::Not for B {
    type Output = B;
    fn not(self) -> B {
        match self {
            B::Const(b) => B::Const(!b),
            B::L(l) => B::L(!l),
        }
    }
}

impl Regions {
    /// The constraint over `n` nodes (`sizes.len()`), the `edges` (two distinct nodes and the
    /// literal of the wall between them), whose encoding uses the [`Regions::aux_count`]
    /// variables from `first_aux` on.
    pub fn new(edges: Vec<(u32, u32, Lit)>, sizes: Vec<Option<Size>>, first_aux: Var) -> Self {
        let n = sizes.len();
        let mut adj = vec![Vec::new(); n];
        let edges: Vec<(u32, u32, Lit)> = edges.into_iter().map(|(a, b, w)| (a.min(b), a.max(b), w)).collect();
        for (e, &(a, b, _)) in edges.iter().enumerate() {
            debug_assert!(a != b && (b as usize) < n, "an edge joins two distinct nodes");
            adj[a as usize].push((b, e as u32));
            adj[b as usize].push((a, e as u32));
        }
        Regions { edges, sizes, first_aux, off: Vec::new(), adj }
    }

    /// How many auxiliary variables the encoding of `n` nodes, `edges` edges and these sizes
    /// uses (`u32::MAX` when more): reserve them consecutively, then call [`Regions::new`].
    pub fn aux_count(edges: usize, sizes: &[Option<Size>]) -> u32 {
        u32::try_from(Layout::new(sizes.len(), edges, sizes).total).unwrap_or(u32::MAX)
    }

    /// Whether no assignment satisfies the constraint whatever the walls: it is on outright and
    /// a size's values all lie below 1 or above its node's component of the whole graph. The analysis
    /// would meet it as an empty conflict, which no solver takes from a propagator, so
    /// [`crate::Cnf::add_regions`] adds the empty clause instead.
    pub fn infeasible(&self) -> bool {
        if !self.off.is_empty() {
            return false;
        }
        let all_down = self.roots(&|_| false);
        let mut size = vec![0i64; self.sizes.len()];
        for &r in &all_down {
            size[r] += 1;
        }
        self.sizes.iter().enumerate().any(|(i, s)| s.as_ref().is_some_and(|s| s.hi() < 1 || s.lo > size[all_down[i]]))
    }

    /// The clauses that keep each size's literals monotone, which the native decision relies on:
    /// [`crate::Cnf::add_regions`] adds them to the formula (an integer's own order clauses
    /// are the same).
    pub fn monotone_clauses(&self) -> impl Iterator<Item = [Lit; 2]> + '_ {
        self.sizes.iter().flatten().flat_map(Size::monotone)
    }

    /// The constraint, switched off whenever one of `off` is true.
    pub fn guarded(mut self, off: Vec<Lit>) -> Self {
        self.off = off;
        self
    }

    /// Moves its auxiliary variables to start at `first`.
    pub(crate) fn set_first_aux(&mut self, first: Var) {
        self.first_aux = first;
    }

    fn layout(&self) -> Layout {
        Layout::new(self.sizes.len(), self.edges.len(), &self.sizes)
    }

    /// The auxiliary variables of the encoding (a range of variable indices from 0).
    pub fn aux_range(&self) -> std::ops::Range<usize> {
        let first = self.first_aux.index();
        first..first + self.layout().total
    }

    /// Every variable the native decision reads: the walls', the sizes' and the guard's.
    pub fn watched_vars(&self) -> impl Iterator<Item = Var> + '_ {
        self.edges
            .iter()
            .map(|e| e.2.var())
            .chain(self.sizes.iter().flatten().flat_map(|s| s.ge.iter().map(|g| g.1.var())))
            .chain(self.off.iter().map(|l| l.var()))
    }

    /// The regions under `value`: each node's region's first node.
    fn roots(&self, value: &impl Fn(Lit) -> bool) -> Vec<usize> {
        let n = self.sizes.len();
        let mut root = vec![usize::MAX; n];
        for s in 0..n {
            if root[s] != usize::MAX {
                continue;
            }
            root[s] = s;
            let mut stack = vec![s];
            while let Some(i) = stack.pop() {
                for &(j, e) in &self.adj[i] {
                    let j = j as usize;
                    if root[j] == usize::MAX && !value(self.edges[e as usize].2) {
                        root[j] = s;
                        stack.push(j);
                    }
                }
            }
        }
        root
    }

    /// Whether the constraint holds under `value` (the truth of a literal).
    pub fn holds(&self, value: impl Fn(Lit) -> bool) -> bool {
        if self.off.iter().any(|&l| value(l)) {
            return true;
        }
        let root = self.roots(&value);
        if self.edges.iter().any(|&(a, b, w)| value(w) && root[a as usize] == root[b as usize]) {
            return false;
        }
        let mut size = vec![0i64; self.sizes.len()];
        for &r in &root {
            size[r] += 1;
        }
        self.sizes.iter().enumerate().all(|(i, s)| s.as_ref().is_none_or(|s| s.value(&value) == Some(size[root[i]])))
    }

    /// Sets the auxiliary variables of `model` to the values the walls give them (module doc).
    /// Switched off, only the ones the model has no value for are set.
    pub fn complete(&self, model: &mut Model) {
        model.grow(self.aux_range().end as u32);
        let off = self.off.iter().any(|&l| model.is_true(l));
        let lay = self.layout();
        let n = lay.n;
        let down: Vec<bool> = self.edges.iter().map(|e| !model.is_true(e.2)).collect();
        let root = self.roots(&|l| model.is_true(l));
        // Steps from each node to its root, through walls down.
        let mut dist = vec![usize::MAX; n];
        let mut queue: std::collections::VecDeque<usize> = (0..n).filter(|&i| root[i] == i).collect();
        for &i in &queue {
            dist[i] = 0;
        }
        while let Some(i) = queue.pop_front() {
            for &(j, e) in &self.adj[i] {
                let j = j as usize;
                if down[e as usize] && dist[j] == usize::MAX {
                    dist[j] = dist[i] + 1;
                    queue.push_back(j);
                }
            }
        }
        let first = self.first_aux.index();
        let mut put = |at: usize, b: bool| {
            let v = Var::from_index(first + at);
            if !off || model.value(v).is_none() {
                model.set(v, Some(b));
            }
        };
        for (i, &ri) in root.iter().enumerate() {
            for r in 1..=i {
                put(lay.q(i, r), ri >= r);
            }
            for r in 0..=i {
                put(lay.o(i, r), ri == r);
            }
        }
        for k in 1..n {
            if k + 2 <= n {
                for (i, &d) in dist.iter().enumerate() {
                    put(lay.reach(i, k), d <= k);
                }
            }
            for (e, &(a, b, _)) in self.edges.iter().enumerate() {
                put(lay.step(e, false, k), down[e] && dist[b as usize] < k);
                put(lay.step(e, true, k), down[e] && dist[a as usize] < k);
            }
        }
        if lay.cap > 0 {
            for r in 0..n {
                let mut seen = 0;
                for (i, &ri) in root.iter().enumerate().skip(r) {
                    seen += usize::from(ri == r);
                    for k in 1..=lay.cap.min(i - r + 1) {
                        put(lay.counter(r, i, k), seen >= k);
                    }
                }
            }
        }
    }

    /// Writes the encoding's clauses to `sink` (each sorted by variable, without repeats or
    /// tautologies).
    pub fn encode(&self, sink: &mut impl FnMut(&[Lit])) {
        let lay = self.layout();
        let n = lay.n;
        let var = |at: usize| B::L(Var::from_index(self.first_aux.index() + at).pos());
        let off = &self.off;
        let mut clause = |parts: &[B]| {
            let mut lits: Vec<Lit> = Vec::with_capacity(parts.len() + off.len());
            for &p in parts {
                match p {
                    B::Const(true) => return,
                    B::Const(false) => {}
                    B::L(l) => lits.push(l),
                }
            }
            lits.extend_from_slice(off);
            lits.sort_unstable_by_key(|l| (l.var().get(), l.is_positive()));
            lits.dedup();
            if !lits.windows(2).any(|w| w[0].var() == w[1].var()) {
                sink(&lits);
            }
        };
        // root(i) >= r, with its constant ends.
        let q = |i: usize, r: usize| match r {
            0 => B::Const(true),
            r if r > i => B::Const(false),
            r => var(lay.q(i, r)),
        };
        let o = |i: usize, r: usize| var(lay.o(i, r));
        for i in 0..n {
            for r in 1..i {
                clause(&[!q(i, r + 1), q(i, r)]);
            }
            for r in 0..=i {
                clause(&[!o(i, r), q(i, r)]);
                clause(&[!o(i, r), !q(i, r + 1)]);
                clause(&[o(i, r), !q(i, r), q(i, r + 1)]);
            }
        }
        for &(a, b, w) in &self.edges {
            let (a, b, w) = (a as usize, b as usize, B::L(w));
            for r in 1..=a {
                clause(&[w, !q(a, r), q(b, r)]);
                clause(&[w, q(a, r), !q(b, r)]);
            }
            for r in a + 1..=b {
                clause(&[w, !q(b, r)]);
            }
            for r in 0..=a {
                clause(&[!w, !o(a, r), !o(b, r)]);
            }
        }
        // reach(i, 0) is root(i) = i; every node is reached in n - 1 steps.
        let reach = |i: usize, k: usize| if k == 0 { o(i, i) } else { var(lay.reach(i, k)) };
        for k in 1..n {
            for (e, &(a, b, w)) in self.edges.iter().enumerate() {
                for (back, to) in [(false, b as usize), (true, a as usize)] {
                    let s = var(lay.step(e, back, k));
                    clause(&[!s, B::L(!w)]);
                    clause(&[!s, reach(to, k - 1)]);
                    clause(&[s, B::L(w), !reach(to, k - 1)]);
                }
            }
            for i in 0..n {
                let steps: Vec<B> = self.adj[i]
                    .iter()
                    .map(|&(_, e)| var(lay.step(e as usize, self.edges[e as usize].0 as usize != i, k)))
                    .collect();
                if k + 1 == n {
                    let mut support = vec![reach(i, k - 1)];
                    support.extend(steps);
                    clause(&support);
                    continue;
                }
                let cur = reach(i, k);
                clause(&[!reach(i, k - 1), cur]);
                let mut support = vec![!cur, reach(i, k - 1)];
                for &s in &steps {
                    clause(&[!s, cur]);
                    support.push(s);
                }
                clause(&support);
            }
        }
        if lay.cap == 0 {
            // Sizes all below 1 (none of them can be a region's): the constraint fails.
            if self.sizes.iter().any(Option::is_some) {
                clause(&[]);
            }
            return;
        }
        // count(r, i, k): at least k of the nodes r..=i have root r.
        let count = |r: usize, i: usize, k: usize| match k {
            0 => B::Const(true),
            k if i < r || k > i - r + 1 => B::Const(false),
            k => var(lay.counter(r, i, k)),
        };
        for r in 0..n {
            for i in r..n {
                for k in 1..=lay.cap.min(i - r + 1) {
                    let cur = count(r, i, k);
                    let (kept, grown) = if i == r {
                        (B::Const(false), B::Const(true))
                    } else {
                        (count(r, i - 1, k), count(r, i - 1, k - 1))
                    };
                    clause(&[!kept, cur]);
                    clause(&[!grown, !o(i, r), cur]);
                    clause(&[!cur, kept, grown]);
                    clause(&[!cur, kept, o(i, r)]);
                }
            }
        }
        // A region's size is its root's count: total(r, k) for any k.
        let total = |r: usize, k: i64| match k {
            k if k <= 0 => B::Const(true),
            k if k as usize > n - r => B::Const(false),
            k => count(r, n - 1, k as usize),
        };
        for (i, size) in self.sizes.iter().enumerate() {
            let Some(size) = size else { continue };
            let values: Vec<i64> = size.values().collect();
            for r in 0..=i {
                let own = !o(i, r);
                clause(&[own, total(r, size.lo)]);
                for &(k, g) in &size.ge {
                    clause(&[own, B::L(!g), total(r, k)]);
                    clause(&[own, B::L(g), !total(r, k)]);
                }
                for w in values.windows(2) {
                    if w[1] > w[0] + 1 {
                        clause(&[own, !total(r, w[0] + 1), total(r, w[1])]);
                    }
                }
                clause(&[own, !total(r, size.hi().saturating_add(1))]);
            }
        }
    }
}

/// Working memory of [`Regions::analyse`], reused from one analysis to the next: the walls'
/// states read once, the joined components (each node's, their members as ranges of one list,
/// a spanning tree by parent and depth), the open ones, and what the size rules need of them.
#[derive(Default, Debug)]
pub struct Scratch {
    /// Each edge's wall: [`UP`] (true), [`DOWN`] (false) or [`OPEN`].
    wall: Vec<u8>,
    comp: Vec<u32>,
    members: Vec<u32>,
    ranges: Vec<(u32, u32)>,
    /// Each node's parent in its joined component's tree and the edge to it ([`NONE`] at the
    /// component's first node), and its depth there.
    parent: Vec<(u32, u32)>,
    depth: Vec<u32>,
    /// Each node's open component, each open component's size, and its members (open
    /// component `c`'s are `open_members[open_from[c]..open_from[c] + open_size[c]]`).
    open: Vec<u32>,
    open_size: Vec<u32>,
    open_members: Vec<u32>,
    open_from: Vec<u32>,
    stack: Vec<u32>,
    /// The open walls inside an open component, by index.
    inside: Vec<u32>,
    /// The walls up around open components, each computed when first asked for in an
    /// analysis: where in `enclosing` (a range) by open component, [`NONE`] until then.
    enclosing_at: Vec<(u32, u32)>,
    enclosing: Vec<Lit>,
    bounds: Vec<Option<Bounds>>,
    filled: Vec<bool>,
    cap: Vec<(i64, Option<Lit>)>,
    floor: Vec<(i64, Option<Lit>)>,
    exits: Vec<(u32, u32)>,
}

const NONE: u32 = u32::MAX;
const UP: u8 = 2;
const DOWN: u8 = 0;
const OPEN: u8 = 1;

impl Regions {
    /// Decides what the constraint forces under the partial assignment `value` (module doc), in
    /// working memory kept by the caller between analyses.
    pub fn analyse(&self, value: &impl Fn(Lit) -> Option<bool>, scratch: &mut Scratch) -> Analysis {
        if self.off.iter().any(|&l| value(l) != Some(false)) {
            return Analysis::default();
        }
        let mut out = self.analyse_on(value, scratch);
        // Without repeats (walls may share a literal), the forced literal first.
        if let Some(c) = &mut out.conflict {
            c.extend_from_slice(&self.off);
            c.sort_unstable_by_key(|l| l.code());
            c.dedup();
        }
        for f in &mut out.forced {
            f.reason.extend_from_slice(&self.off);
            let lit = f.reason[0];
            f.reason.retain(|&l| l != lit);
            f.reason.sort_unstable_by_key(|l| l.code());
            f.reason.dedup();
            f.reason.insert(0, lit);
        }
        out
    }

    /// The joined components (walls down) into `s`, with a spanning tree of each.
    fn joined(&self, s: &mut Scratch) {
        let n = self.sizes.len();
        s.comp.clear();
        s.comp.resize(n, NONE);
        s.parent.clear();
        s.parent.resize(n, (NONE, NONE));
        s.depth.clear();
        s.depth.resize(n, 0);
        s.members.clear();
        s.ranges.clear();
        for start in 0..n {
            if s.comp[start] != NONE {
                continue;
            }
            let c = s.ranges.len() as u32;
            let from = s.members.len();
            s.comp[start] = c;
            s.members.push(start as u32);
            let mut head = from;
            while head < s.members.len() {
                let i = s.members[head] as usize;
                head += 1;
                for &(t, e) in &self.adj[i] {
                    let t = t as usize;
                    if s.comp[t] == NONE && s.wall[e as usize] == DOWN {
                        s.comp[t] = c;
                        s.parent[t] = (i as u32, e);
                        s.depth[t] = s.depth[i] + 1;
                        s.members.push(t as u32);
                    }
                }
            }
            s.ranges.push((from as u32, s.members.len() as u32));
        }
    }

    /// The members of joined component `c`.
    fn members(s: &Scratch, c: usize) -> &[u32] {
        let (from, to) = s.ranges[c];
        &s.members[from as usize..to as usize]
    }

    /// The walls (down now, so false literals) of the tree path between two nodes of one joined
    /// component.
    fn path(&self, s: &Scratch, mut a: usize, mut b: usize, out: &mut Vec<Lit>) {
        while a != b {
            if s.depth[a] < s.depth[b] {
                std::mem::swap(&mut a, &mut b);
            }
            let (p, e) = s.parent[a];
            debug_assert_ne!(p, NONE, "a node below its component's first has a parent");
            out.push(self.edges[e as usize].2);
            a = p as usize;
        }
    }

    /// The walls (down now) of the spanning tree of joined component `c`.
    fn tree(&self, s: &Scratch, c: usize, out: &mut Vec<Lit>) {
        for &i in Self::members(s, c) {
            let (p, e) = s.parent[i as usize];
            if p != NONE {
                out.push(self.edges[e as usize].2);
            }
        }
    }

    /// The walls (negated) of the edges from `members` to the nodes `outside` holds for, each
    /// edge met once, from its end among the members: a component's walls out, read from its
    /// cells rather than from every edge of the graph.
    fn walls_out(&self, members: &[u32], outside: impl Fn(usize) -> bool, out: &mut Vec<Lit>) {
        for &i in members {
            for &(t, e) in &self.adj[i as usize] {
                if outside(t as usize) {
                    out.push(!self.edges[e as usize].2);
                }
            }
        }
    }

    /// The walls up around open component `c` (negated: one of them must come down to join it
    /// to more), sorted, computed once per analysis.
    fn enclosing<'s>(&self, s: &'s mut Scratch, c: usize) -> &'s [Lit] {
        if s.enclosing_at[c].0 == NONE {
            let from = s.enclosing.len();
            let members = s.open_from[c] as usize..(s.open_from[c] + s.open_size[c]) as usize;
            let open = &s.open;
            self.walls_out(&s.open_members[members], |t| open[t] as usize != c, &mut s.enclosing);
            s.enclosing[from..].sort_unstable_by_key(|l| l.code());
            let mut kept = from;
            for k in from..s.enclosing.len() {
                if kept == from || s.enclosing[kept - 1] != s.enclosing[k] {
                    s.enclosing[kept] = s.enclosing[k];
                    kept += 1;
                }
            }
            s.enclosing.truncate(kept);
            s.enclosing_at[c] = (from as u32, kept as u32);
        }
        let (from, to) = s.enclosing_at[c];
        &s.enclosing[from as usize..to as usize]
    }

    fn analyse_on(&self, value: &impl Fn(Lit) -> Option<bool>, s: &mut Scratch) -> Analysis {
        let n = self.sizes.len();
        let mut out = Analysis::default();
        s.wall.clear();
        s.wall.extend(self.edges.iter().map(|&(_, _, w)| match value(w) {
            Some(true) => UP,
            Some(false) => DOWN,
            None => OPEN,
        }));
        self.joined(s);
        // A wall up inside a joined component.
        for (e, &(a, b, w)) in self.edges.iter().enumerate() {
            let (a, b) = (a as usize, b as usize);
            if s.wall[e] == UP && s.comp[a] == s.comp[b] {
                let mut clause = vec![!w];
                self.path(s, a, b, &mut clause);
                out.conflict = Some(clause);
                return out;
            }
        }
        // The open components (walls not up).
        s.open.clear();
        s.open.resize(n, NONE);
        s.open_size.clear();
        s.open_members.clear();
        s.open_from.clear();
        for start in 0..n {
            if s.open[start] != NONE {
                continue;
            }
            let c = s.open_size.len() as u32;
            s.open[start] = c;
            s.open_from.push(s.open_members.len() as u32);
            s.stack.clear();
            s.stack.push(start as u32);
            let mut size = 0;
            while let Some(i) = s.stack.pop() {
                size += 1;
                s.open_members.push(i);
                for &(t, e) in &self.adj[i as usize] {
                    if s.open[t as usize] == NONE && s.wall[e as usize] != UP {
                        s.open[t as usize] = c;
                        s.stack.push(t);
                    }
                }
            }
            s.open_size.push(size);
        }
        s.enclosing_at.clear();
        s.enclosing_at.resize(s.open_size.len(), (NONE, NONE));
        s.enclosing.clear();
        let mut forced: Vec<Forced> = Vec::new();
        let mut force = |lit: Lit, reason: Vec<Lit>, out: &mut Analysis| -> bool {
            match value(lit) {
                Some(true) => true,
                Some(false) => {
                    out.conflict = Some(reason);
                    false
                }
                None => {
                    if !forced.iter().any(|f| f.lit == lit) {
                        forced.push(Forced { lit, reason });
                    }
                    true
                }
            }
        };
        // Each size between its joined and its open component's.
        for (i, size) in self.sizes.iter().enumerate() {
            let Some(size) = size else { continue };
            let c = s.comp[i] as usize;
            let at_least = Self::members(s, c).len() as i64;
            // At least the first value from `at_least` on: its literal true (the monotone
            // clauses make those below it true).
            if at_least > size.lo {
                let last = size.first_from(at_least);
                if last == size.ge.len() {
                    let mut reason = Vec::new();
                    self.tree(s, c, &mut reason);
                    out.conflict = Some(reason);
                    return out;
                }
                let g = size.ge[last].1;
                if value(g) != Some(true) {
                    let mut reason = vec![g];
                    self.tree(s, c, &mut reason);
                    if !force(g, reason, &mut out) {
                        return out;
                    }
                }
            }
            let o = s.open[i] as usize;
            let at_most = s.open_size[o] as i64;
            if size.lo > at_most {
                out.conflict = Some(self.enclosing(s, o).to_vec());
                return out;
            }
            // At most `at_most`: the first literal above it false (and those above it with it).
            let above = size.first_from(at_most + 1);
            if let Some(&(_, g)) = size.ge.get(above) {
                if value(g) != Some(false) {
                    let mut reason = vec![!g];
                    reason.extend_from_slice(self.enclosing(s, o));
                    if !force(!g, reason, &mut out) {
                        return out;
                    }
                }
            }
        }
        // Each size's bounds under this assignment (read once: the forced literals change nothing
        // until the solver takes them).
        s.bounds.clear();
        s.bounds.extend(self.sizes.iter().map(|size| size.as_ref().map(|size| size.bounds(value))));
        // An open component no larger than a size of it is that size's region: no wall inside.
        s.filled.clear();
        s.filled.resize(s.open_size.len(), false);
        for i in 0..n {
            let Some(((lb, witness), _)) = s.bounds[i] else { continue };
            let c = s.open[i] as usize;
            if s.filled[c] || lb < i64::from(s.open_size[c]) {
                continue;
            }
            s.filled[c] = true;
            // The open walls inside, found from the component's members (each once, from its
            // lower-numbered end `edges[e].0`), in the edges' order.
            let from = s.open_from[c] as usize;
            s.inside.clear();
            for &i in &s.open_members[from..from + s.open_size[c] as usize] {
                for &(t, e) in &self.adj[i as usize] {
                    let (a, _, _) = self.edges[e as usize];
                    if a == i && s.open[t as usize] as usize == c && s.wall[e as usize] == OPEN {
                        s.inside.push(e);
                    }
                }
            }
            s.inside.sort_unstable();
            for k in 0..s.inside.len() {
                let w = self.edges[s.inside[k] as usize].2;
                let mut reason = vec![!w];
                reason.extend(witness.map(|g| !g));
                reason.extend_from_slice(self.enclosing(s, c));
                if !force(!w, reason, &mut out) {
                    return out;
                }
            }
        }
        // Each joined component's tightest upper bound and greatest lower bound among its sizes.
        let comps = s.ranges.len();
        s.cap.clear();
        s.cap.resize(comps, (i64::MAX, None));
        s.floor.clear();
        s.floor.resize(comps, (i64::MIN, None));
        for i in 0..n {
            let Some((lb, ub)) = s.bounds[i] else { continue };
            let c = s.comp[i] as usize;
            if ub.0 < s.cap[c].0 {
                s.cap[c] = ub;
            }
            if lb.0 > s.floor[c].0 {
                s.floor[c] = lb;
            }
        }
        // An open edge whose joining would make a region too large for a size: a wall. (Exits:
        // each joined component's open edges out, and the last of them.)
        s.exits.clear();
        s.exits.resize(comps, (0, NONE));
        for (e, &(a, b, w)) in self.edges.iter().enumerate() {
            let (ca, cb) = (s.comp[a as usize] as usize, s.comp[b as usize] as usize);
            if ca == cb || s.wall[e] != OPEN {
                continue;
            }
            for c in [ca, cb] {
                s.exits[c] = (s.exits[c].0 + 1, e as u32);
            }
            let joint = (Self::members(s, ca).len() + Self::members(s, cb).len()) as i64;
            let (limit, witness) = if s.cap[ca].0 <= s.cap[cb].0 { s.cap[ca] } else { s.cap[cb] };
            if joint > limit {
                let mut reason = vec![w];
                reason.extend(witness);
                self.tree(s, ca, &mut reason);
                self.tree(s, cb, &mut reason);
                if !force(w, reason, &mut out) {
                    return out;
                }
            }
        }
        // A joined component smaller than a size of it, with one open edge out: that edge is down.
        for c in 0..comps {
            let (lb, witness) = s.floor[c];
            if let (1, e) = s.exits[c] {
                if lb > Self::members(s, c).len() as i64 {
                    let w = self.edges[e as usize].2;
                    let mut reason = vec![!w];
                    reason.extend(witness.map(|g| !g));
                    // The walls out (the forced one among them leaves the reason in `analyse`).
                    self.walls_out(Self::members(s, c), |t| s.comp[t] as usize != c, &mut reason);
                    if !force(!w, reason, &mut out) {
                        return out;
                    }
                }
            }
        }
        out.forced = forced;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{model_of, Rng};
    use crate::{Cnf, SolverAnswer};

    /// A random division of up to 5 nodes in a formula: some pairs joined by an edge with a wall
    /// variable (its literal sometimes negative, sometimes shared by two edges), some nodes with
    /// a size over a few values with gaps; a third switched off by a literal of their own. At
    /// most `max_vars` variables of its own.
    fn random_regions(rng: &mut Rng, max_vars: usize) -> (Cnf, Regions, Vec<Var>) {
        loop {
            let mut cnf = Cnf::new();
            let n = 1 + rng.below(5) as usize;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.below(3) != 0 {
                        let w = match edges.last() {
                            Some(&(_, _, w)) if rng.below(8) == 0 => w,
                            _ => cnf.new_var().lit(rng.below(4) != 0),
                        };
                        edges.push((a as u32, b as u32, w));
                    }
                }
            }
            let sizes: Vec<Option<Size>> = (0..n)
                .map(|_| {
                    (rng.below(3) != 0).then(|| {
                        let lo = rng.below(3) as i64;
                        let mut ge = Vec::new();
                        let mut k = lo;
                        for _ in 0..rng.below(4) {
                            k += 1 + rng.below(2) as i64;
                            ge.push((k, cnf.new_var().pos()));
                        }
                        Size { lo, ge }
                    })
                })
                .collect();
            let off: Vec<Lit> = if rng.below(3) == 0 { vec![cnf.new_var().lit(rng.below(2) == 0)] } else { Vec::new() };
            if cnf.num_vars() as usize > max_vars {
                continue;
            }
            let vars: Vec<Var> = (0..cnf.num_vars() as usize).map(Var::from_index).collect();
            let first = cnf.new_vars(Regions::aux_count(edges.len(), &sizes));
            let r = Regions::new(edges, sizes, first).guarded(off);
            cnf.add_regions(r.clone());
            return (cnf, r, vars);
        }
    }

    /// The reference: labels relaxed to the smallest node reachable through walls down, no wall
    /// between two nodes of one label, and each size's literals monotone, its value the number
    /// of nodes of its label.
    fn brute(r: &Regions, value: &dyn Fn(Lit) -> bool) -> bool {
        if r.off.iter().any(|&l| value(l)) {
            return true;
        }
        let n = r.sizes.len();
        let mut label: Vec<usize> = (0..n).collect();
        loop {
            let mut changed = false;
            for &(a, b, w) in &r.edges {
                let (a, b) = (a as usize, b as usize);
                let m = label[a].min(label[b]);
                if !value(w) && (label[a] != m || label[b] != m) {
                    label[a] = m;
                    label[b] = m;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if r.edges.iter().any(|&(a, b, w)| value(w) && label[a as usize] == label[b as usize]) {
            return false;
        }
        r.sizes.iter().enumerate().all(|(i, s)| {
            let Some(s) = s else { return true };
            let truth: Vec<bool> = s.ge.iter().map(|&(_, l)| value(l)).collect();
            if truth.windows(2).any(|w| w[1] && !w[0]) {
                return false;
            }
            let v = s.ge.iter().filter(|&&(_, l)| value(l)).map(|&(k, _)| k).last().unwrap_or(s.lo);
            v == label.iter().filter(|&&l| l == label[i]).count() as i64
        })
    }

    /// On every assignment of the walls and sizes of random instances: the completed model
    /// satisfies the written-out clauses exactly when the division holds (the reference above),
    /// and the formula's check agrees.
    #[test]
    fn the_clauses_hold_exactly_on_divisions() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut compared, mut held) = (0, 0);
        for _ in 0..300 {
            let (cnf, r, vars) = random_regions(&mut rng, 12);
            for bits in 0..1u64 << vars.len() {
                let mut m = model_of(cnf.num_vars(), &vars, bits);
                let truth = |l: Lit| m.is_true(l);
                let want = brute(&r, &truth);
                assert_eq!(r.holds(truth), want, "{r:?} under {bits:b}");
                // The formula's own clauses (the sizes' monotone ones) hold besides.
                let want = want && cnf.own_clauses().all(|cl| cl.iter().any(|&l| m.is_true(l)));
                cnf.complete(&mut m);
                let clauses_hold = cnf.clauses().all(|cl| cl.iter().any(|&l| m.is_true(l)));
                assert_eq!(clauses_hold, want, "{r:?} under {bits:b}");
                assert_eq!(cnf.first_unsatisfied(&m).is_none(), want);
                compared += 1;
                held += usize::from(want);
            }
        }
        assert!(compared > 20_000 && held > 2_000, "{compared} {held}");
    }

    /// The written-out clauses alone, counted by CaDiCaL over every variable (the auxiliary
    /// ones too), have exactly the reference's models: each division extends to one model.
    #[cfg(feature = "cadical")]
    #[test]
    fn each_division_has_one_model_of_the_clauses() {
        use crate::solver::{CadicalSession, Interrupt, Session};
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut total = 0;
        for _ in 0..300 {
            let (cnf, r, vars) = random_regions(&mut rng, 9);
            // Switched off, the auxiliary variables are free: only an unguarded one's are unique.
            if !r.off.is_empty() {
                continue;
            }
            let want = (0..1u64 << vars.len())
                .filter(|&bits| {
                    let m = model_of(cnf.num_vars(), &vars, bits);
                    brute(&r, &|l| m.is_true(l))
                })
                .count();
            let mut plain = Cnf::new();
            plain.new_vars(cnf.num_vars());
            for c in cnf.clauses() {
                plain.add_clause(c);
            }
            let all: Vec<Var> = (0..plain.num_vars() as usize).map(Var::from_index).collect();
            let mut session = CadicalSession::new(&plain, &Interrupt::default());
            let mut got = 0;
            while let SolverAnswer::Sat(m) = session.solve_assuming(&[], None).unwrap() {
                got += 1;
                assert!(got <= want, "{r:?}: more models than {want}");
                let block: Vec<Lit> = all.iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
                session.add_clause(&block);
            }
            assert_eq!(got, want, "{r:?}");
            total += want;
        }
        assert!(total > 250, "{total}");
    }

    /// `Size::first_from` finds what a binary search over the values finds, on consecutive values
    /// (by arithmetic) and on values with gaps, below, inside and above them.
    #[test]
    fn the_first_value_from_is_found_by_arithmetic_or_search() {
        let l = Var::from_index(0).pos();
        let cases: [(i64, &[i64]); 6] =
            [(1, &[2, 3, 4, 5]), (0, &[1]), (3, &[5, 6, 9]), (1, &[]), (-2, &[-1, 0, 1]), (0, &[2, 3])];
        for (lo, values) in cases {
            let size = Size { lo, ge: values.iter().map(|&k| (k, l)).collect() };
            for x in -5..12 {
                assert_eq!(size.first_from(x), size.ge.partition_point(|&(k, _)| k < x), "{lo} {values:?} {x}");
            }
        }
    }

    /// On random partial assignments: every conflict clause is false now, every forced literal
    /// is unassigned with a reason whose other literals are false, both hold on every total
    /// assignment where the division holds; on a total assignment the analysis finds a conflict
    /// exactly when the division fails. 10,000 assignments and more.
    #[test]
    fn reasons_are_sound_and_total_assignments_are_decided() {
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let (mut compared, mut forcing) = (0, 0);
        // One working memory for every analysis, as a solver keeps it.
        let mut scratch = Scratch::default();
        while compared < 10_000 {
            let (_, r, vars) = random_regions(&mut rng, 12);
            let k = vars.len();
            let at = |l: Lit| vars.iter().position(|&v| v == l.var()).expect("an instance variable");
            let good: Vec<u64> =
                (0..1u64 << k).filter(|&bits| brute(&r, &|l| (bits >> at(l) & 1 == 1) == l.is_positive())).collect();
            let holds_on_good = |clause: &[Lit]| {
                good.iter().all(|&bits| clause.iter().any(|&l| (bits >> at(l) & 1 == 1) == l.is_positive()))
            };
            for round in 0..20 {
                // Each variable true, false or unassigned; every fourth round total.
                let states: Vec<u64> =
                    (0..k).map(|_| if round % 4 == 0 { 1 + rng.below(2) } else { rng.below(3) }).collect();
                let value = |l: Lit| match states[at(l)] {
                    0 => None,
                    s => Some((s == 1) == l.is_positive()),
                };
                let a = r.analyse(&value, &mut scratch);
                if let Some(conflict) = &a.conflict {
                    assert!(conflict.iter().all(|&l| value(l) == Some(false)), "{r:?} {states:?} {conflict:?}");
                    assert!(holds_on_good(conflict), "{r:?} {states:?} {conflict:?}");
                }
                for f in &a.forced {
                    assert_eq!(f.reason[0], f.lit);
                    assert_eq!(value(f.lit), None, "{r:?} {states:?} {f:?}");
                    assert!(f.reason[1..].iter().all(|&l| value(l) == Some(false)), "{r:?} {states:?} {f:?}");
                    assert!(holds_on_good(&f.reason), "{r:?} {states:?} {f:?}");
                    forcing += 1;
                }
                let monotone = r.monotone_clauses().all(|c| c.iter().any(|&l| value(l) != Some(false)));
                if states.iter().all(|&s| s != 0) && monotone {
                    let bits = states.iter().enumerate().fold(0u64, |b, (i, &s)| b | u64::from(s == 1) << i);
                    assert_eq!(a.conflict.is_none(), good.contains(&bits), "{r:?} {states:?}");
                    assert!(a.forced.is_empty());
                }
                compared += 1;
            }
        }
        assert!(forcing > 1_500, "{forcing}");
    }

    /// A solver session deciding the constraint natively, with random clauses beside it (some
    /// over the auxiliary variables, which makes the session write its clauses after all) and
    /// half of the rounds under an assumption, counts by blocking each model exactly the
    /// reference's models; every model it gives satisfies the written-out clauses.
    fn counts_divisions_natively(seed: u64, new_session: &dyn Fn(&Cnf) -> Box<dyn crate::solver::Session>) {
        let mut rng = Rng(seed);
        let mut over_aux = 0;
        for round in 0..400 {
            let (mut cnf, r, vars) = random_regions(&mut rng, 12);
            let aux: Vec<Var> =
                if r.off.is_empty() { r.aux_range().map(Var::from_index).collect() } else { Vec::new() };
            for _ in 0..if vars.is_empty() { 0 } else { rng.below(3) } {
                let clause: Vec<Lit> = (0..1 + rng.below(3))
                    .map(|_| match rng.below(5) {
                        0 if !aux.is_empty() => aux[rng.below(aux.len() as u64) as usize].lit(rng.below(2) == 0),
                        _ => vars[rng.below(vars.len() as u64) as usize].lit(rng.below(2) == 0),
                    })
                    .collect();
                over_aux += usize::from(clause.iter().any(|l| aux.contains(&l.var())));
                cnf.add_clause(&clause);
            }
            let assumed: Vec<Lit> = match round % 2 {
                1 if !vars.is_empty() => vec![vars[rng.below(vars.len() as u64) as usize].lit(rng.below(2) == 0)],
                _ => vec![],
            };
            let want = (0..1u64 << vars.len())
                .filter(|&bits| {
                    let mut m = model_of(cnf.num_vars(), &vars, bits);
                    cnf.complete(&mut m);
                    cnf.own_clauses().all(|cl| cl.iter().any(|&l| m.is_true(l)))
                        && brute(&r, &|l| m.is_true(l))
                        && assumed.iter().all(|&l| m.is_true(l))
                })
                .count();
            let mut session = new_session(&cnf);
            let mut got = 0;
            while let SolverAnswer::Sat(m) = session.solve_assuming(&assumed, None).unwrap() {
                assert!(cnf.first_unsatisfied(&m).is_none(), "{r:?}");
                // Completed, it satisfies the written-out clauses.
                let mut full = m.clone();
                cnf.complete(&mut full);
                assert!(cnf.clauses().all(|cl| cl.iter().any(|&l| full.is_true(l))), "{r:?}");
                got += 1;
                assert!(got <= want, "{r:?}: more models than {want}");
                let block: Vec<Lit> = vars.iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
                if block.is_empty() {
                    break;
                }
                session.add_clause(&block);
            }
            assert_eq!(got, want, "{r:?}");
        }
        assert!(over_aux > 20, "{over_aux}");
    }

    #[cfg(feature = "cadical")]
    #[test]
    fn cadical_counts_divisions_natively() {
        use crate::solver::CadicalSession;
        counts_divisions_natively(0x94D0_49BB_1331_11EB, &|cnf| {
            Box::new(CadicalSession::new(cnf, &crate::solver::Interrupt::default()))
        });
    }

    #[cfg(feature = "batsat")]
    #[test]
    fn batsat_counts_divisions_natively() {
        use crate::solver::BatsatSession;
        counts_divisions_natively(0xBF58_476D_1CE4_E5B9, &|cnf| {
            Box::new(BatsatSession::new(cnf, &crate::solver::Interrupt::default()))
        });
    }
}
