//! The non-blocking enumeration engine: a CDCL search over the CNF that finds every assignment of
//! the projection atoms that extends to a model, one at a time, without ever adding a clause per
//! solution (after Grumberg, Schuster and Yadgar, "Memory efficient all-solutions SAT solver and
//! its application for reachability analysis", FMCAD 2004, and the non-blocking methods compared
//! by Toda and Soh, "Implementing efficient all solutions SAT solvers", JEA 2016).
//!
//! How it stays exact. The search decides projection atoms first (in the grounding's order, true
//! first) and auxiliary atoms only once every projection atom has a value, so the decision levels
//! holding projection decisions come before any auxiliary one. A full assignment is a solution; the
//! engine then *flips* the deepest projection decision that is not yet flipped: it undoes that level
//! and re-opens it with the negated literal as a decision that is never undone by backjumping. A
//! flipped literal at level j stands for the region "decisions 1..j-1 and the original decision j",
//! all of whose solutions have been found; the flipped literals are the explored part of the search
//! space, described without a single stored clause. (Auxiliary decisions are never flipped: another
//! extension of the same projection assignment is the same solution.)
//!
//! Learning is ordinary 1UIP conflict analysis in which flipped literals act as decisions (they
//! have no reason clause), so every learnt clause is implied by the CNF alone and stays valid for
//! the whole enumeration (minimised recursively; a flipped literal, like a decision, always
//! stays). Only the backjump is limited: after a conflict at level c the engine goes
//! back to the learnt clause's assertion level, but never below the highest flipped level b at or
//! under c (undoing a flipped literal would forget that its region is done and count it again). The
//! learnt clause is still unit there and asserts its literal. When c itself is flipped, both branches
//! of level c are done: the engine backtracks chronologically to the deepest unflipped projection
//! level and flips it, and the enumeration ends when none is left (or on a conflict at level 0).
//! Solutions therefore come from disjoint cubes over projection literals: none is found twice, and
//! a projection assignment with several auxiliary extensions is found once.
//!
//! Handing over: [`Backtrack::explored`] spells the explored region as one clause per flipped level
//! (¬d1 ∨ … ∨ ¬d(j-1) ∨ f(j) for the flipped literal ¬f(j)), so that a blocking-clause solver can go
//! on from exactly where this search stopped: its clauses exclude precisely the solutions already
//! found, no matter how many there were. [`Backtrack::open_cubes`] spells the rest instead: the
//! disjoint cubes still to search, which the blocking loop shares out among threads.

use wgrnd_sat::{Cnf, Lit, Model, Var};

/// Learnt clauses kept at least before the less useful half is forgotten (MiniSat's limit is a
/// third of the formula's clauses; this floor spares tiny formulas a reduction every few
/// conflicts). It was 20,000: Langford 8's 1,300 learnt clauses were all kept and visited, and
/// its count took 110.8 M instructions against 98.7 M with the third (424); queens10, queens8,
/// magic3 and kakuro within 0.2%, colour5 within 0.9% (as much as it moves between identical
/// runs: its checks run on two threads).
const MIN_LEARNTS: usize = 100;

/// No clause (a decision, a flipped literal or an unassigned atom).
const NO_REASON: u32 = u32::MAX;

/// A literal as the engine stores it: its [`Lit::code`] (`2 * var.index() + negated`, so `c ^ 1`
/// is its negation and `c / 2` its variable's index).
type Code = u32;

#[inline]
fn var_of(c: Code) -> usize {
    (c / 2) as usize
}

/// Writes the values the literal codes `codes` give into `m`.
fn write_codes(m: &mut Model, codes: &[Code]) {
    for &c in codes {
        let l = Lit::from_code(c);
        m.set(l.var(), Some(l.is_positive()));
    }
}

/// The index of the first `false` in `assigned`: blocks of 32 that are all `true` are passed with
/// one test each (a test without early exit, which the compiler turns into vector compares).
fn first_unassigned(assigned: &[bool]) -> Option<usize> {
    const BLOCK: usize = 32;
    let mut skipped = 0;
    for block in assigned.chunks(BLOCK) {
        if block.iter().fold(true, |all, &a| all & a) {
            skipped += block.len();
            continue;
        }
        return block.iter().position(|&a| !a).map(|k| skipped + k);
    }
    None
}

/// Where one clause lies in the arena.
#[derive(Clone, Copy, Debug)]
struct ClauseMeta {
    start: u32,
    len: u32,
    learnt: bool,
    deleted: bool,
    /// Distinct decision levels among its literals when learnt (the lower, the more useful).
    lbd: u32,
    /// Where the last search for a literal to watch instead found one (2 at first): the next
    /// search starts there and wraps around (Gent, "Optimal implementation of watched literals
    /// and more general techniques", JAIR 2013). Started at 2 every time, the search passed 8
    /// false literals a visit on Langford 8's at-least-one clauses, a third of the engine's
    /// instructions.
    search: u32,
}

/// A clause watching a literal, with a literal of the clause that, when true, spares a look.
/// For a binary clause ([`BINARY`] set in `clause`) the blocker is the clause's other literal,
/// so that propagation through it never reads the clause.
#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    blocker: Code,
}

/// The bit of [`Watch::clause`] that marks a binary clause (clause indices stay below it).
const BINARY: u32 = 1 << 31;

/// One decision level.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// Where the level starts on the trail.
    trail_start: usize,
    /// Its decision (or flipped) literal.
    decision: Code,
    /// Whether the decision is a projection atom.
    projection: bool,
    /// Whether the decision is a flipped one: its other branch is fully explored.
    flipped: bool,
}

/// The work the search has done so far, as [`Backtrack::next`] reports it to its `stop` callback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    /// Conflicts.
    pub conflicts: u64,
    /// Watch-list entries visited by unit propagation (its cost, counted the same on any machine).
    pub visits: u64,
}

/// What [`Backtrack::next`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// A solution: read it with [`Backtrack::model`].
    Solution,
    /// No further solution exists.
    Exhausted,
    /// `stop` asked to stop; calling `next` again goes on.
    Stopped,
}

/// The all-solutions search over one CNF (see the module documentation).
pub struct Backtrack {
    num_vars: u32,
    arena: Vec<Code>,
    clauses: Vec<ClauseMeta>,
    /// Indexed by literal code: the clauses that watch it (looked at when it becomes false): the
    /// formula's clauses of three literals or more and every learnt clause.
    watches: Vec<Vec<Watch>>,
    /// The formula's binary clauses, which never change: for the literal code `l`,
    /// `binary[binary_start[l]..binary_start[l + 1]]` holds the other literal of each binary
    /// clause with `l` (implied when `l` becomes false) and the clause. Built in one piece, they
    /// cost no allocation per literal at set-up, and their propagation writes nothing back.
    binary_start: Vec<u32>,
    binary: Vec<(Code, u32)>,
    /// Indexed by literal code: 1 true, -1 false, 0 unassigned.
    value: Vec<i8>,
    level_of: Vec<u32>,
    reason: Vec<u32>,
    trail: Vec<Code>,
    propagated: usize,
    levels: Vec<Level>,
    /// Decision order: projection atoms first, then the others.
    order: Vec<u32>,
    /// Position of each variable in `order`.
    position: Vec<u32>,
    /// Indexed by position in `order`: whether that variable is assigned. The next decision is
    /// the first `false` from `cursor` on, found by a sequential scan (the same test through
    /// `order` and `value` costs two scattered loads per variable, and a scan passes hundreds of
    /// assigned variables after every solution).
    assigned: Vec<bool>,
    /// Every variable before this position in `order` is assigned.
    cursor: usize,
    projection_count: usize,
    is_projection: Vec<bool>,
    /// Last value of each auxiliary atom (phase saving), as a literal code's negation bit.
    phase: Vec<bool>,
    seen: Vec<bool>,
    /// Learnt unit clauses (by clause index): re-asserted after every backtrack.
    units: Vec<u32>,
    /// Buffers of conflict analysis, kept between conflicts so that it allocates nothing: the
    /// literals marked `seen` by the learnt clause, those marked on the way by minimisation, the
    /// minimisation's stack, and the learnt clause's levels.
    marked: Vec<Code>,
    looked: Vec<Code>,
    stack: Vec<Code>,
    lbd_levels: Vec<u32>,
    /// The learnt clause being built (kept for the same reason).
    learnt: Vec<Code>,
    learnts: usize,
    max_learnts: usize,
    /// Set once no further solution exists.
    done: bool,
    /// Set after a solution is handed out: the next call flips before searching.
    flip_pending: bool,
    /// The trail up to here is unchanged since the last [`Backtrack::fill`].
    unchanged: usize,
    /// Conflicts so far.
    pub conflicts: u64,
    /// Watch-list entries visited by unit propagation so far (its work, counted the same on any
    /// machine).
    pub visits: u64,
    /// Decisions so far (kept across solutions, so that `stop` is asked every 256 decisions even
    /// when solutions come more often).
    steps: u32,
    /// `stop` is asked when `steps & poll_mask` is 0 (every 256 decisions; every one in tests).
    poll_mask: u32,
}

/// Sorts a clause's literal codes, the short ones (nearly all of a grounding's clauses have two
/// or three literals, and the encoders write them in no particular order) by compare-and-swap:
/// the library's sort was a quarter of [`Backtrack::new`] on the 4 x 4 magic square. The order
/// is the same as `sort_unstable`'s (codes are integers), so the watches are too.
fn sort_short(codes: &mut [Code]) {
    match codes.len() {
        0 | 1 => {}
        2 => {
            if codes[0] > codes[1] {
                codes.swap(0, 1);
            }
        }
        3 => {
            for (i, j) in [(0, 1), (1, 2), (0, 1)] {
                if codes[i] > codes[j] {
                    codes.swap(i, j);
                }
            }
        }
        _ => codes.sort_unstable(),
    }
}

/// A clause of two or three literals as [`Backtrack::new`] keeps it.
enum Short {
    /// A literal beside its negation: always true, not kept.
    Tautology,
    /// One distinct literal.
    Unit(Code),
    /// The distinct literals, sorted (the first `len` of them).
    Clause([Code; 3], usize),
}

/// The literal codes `a`, `b` and `c` (when given) of a clause, sorted and deduplicated: what the
/// general path of [`Backtrack::new`] makes of them.
fn short_clause(a: Code, b: Code, c: Option<Code>) -> Short {
    let (a, b) = (a.min(b), a.max(b));
    let mut codes = match c {
        None => [a, b, b],
        // c's place among the sorted a <= b.
        Some(c) if c <= a => [c, a, b],
        Some(c) if c <= b => [a, c, b],
        Some(c) => [a, b, c],
    };
    let mut len = 1;
    for k in 1..if c.is_some() { 3 } else { 2 } {
        let x = codes[k];
        if x == codes[len - 1] {
            continue;
        }
        if x ^ 1 == codes[len - 1] {
            return Short::Tautology;
        }
        codes[len] = x;
        len += 1;
    }
    if len == 1 {
        Short::Unit(codes[0])
    } else {
        Short::Clause(codes, len)
    }
}

impl Backtrack {
    /// Loads `cnf`; `projection` lists the atoms a solution is made of (decided first, in order).
    pub fn new(cnf: &Cnf, projection: &[Var]) -> Backtrack {
        let n = cnf.num_vars() as usize;
        let mut is_projection = vec![false; n];
        let mut order: Vec<u32> = Vec::with_capacity(n);
        for v in projection {
            let i = v.get() as usize - 1;
            if !is_projection[i] {
                is_projection[i] = true;
                order.push(i as u32);
            }
        }
        let projection_count = order.len();
        order.extend((0..n as u32).filter(|&i| !is_projection[i as usize]));
        let mut position = vec![0u32; n];
        for (k, &v) in order.iter().enumerate() {
            position[v as usize] = k as u32;
        }
        let mut engine = Backtrack {
            num_vars: cnf.num_vars(),
            arena: Vec::with_capacity(cnf.num_lits()),
            clauses: Vec::with_capacity(cnf.num_clauses()),
            watches: Vec::new(),
            binary_start: Vec::new(),
            binary: Vec::new(),
            value: vec![0; 2 * n],
            level_of: vec![0; n],
            reason: vec![NO_REASON; n],
            trail: Vec::with_capacity(n),
            propagated: 0,
            levels: Vec::new(),
            order,
            position,
            assigned: vec![false; n],
            cursor: 0,
            projection_count,
            is_projection,
            phase: vec![true; n],
            seen: vec![false; n],
            units: Vec::new(),
            marked: Vec::new(),
            looked: Vec::new(),
            stack: Vec::new(),
            lbd_levels: Vec::new(),
            learnt: Vec::new(),
            learnts: 0,
            max_learnts: (cnf.num_clauses() / 3).max(MIN_LEARNTS),
            done: false,
            flip_pending: false,
            unchanged: 0,
            conflicts: 0,
            visits: 0,
            steps: 0,
            poll_mask: 255,
        };
        let mut buf: Vec<Code> = Vec::new();
        for clause in cnf.clauses() {
            // Two and three literals (most clauses of most encodings) sorted, deduplicated and
            // judged by hand, without the general path's buffer and copy.
            let short = match *clause {
                [a, b] => Some(short_clause(a.code(), b.code(), None)),
                [a, b, c] => Some(short_clause(a.code(), b.code(), Some(c.code()))),
                _ => None,
            };
            match short {
                Some(Short::Tautology) => continue,
                Some(Short::Unit(u)) => {
                    engine.load_unit(u);
                    continue;
                }
                Some(Short::Clause(codes, len)) => {
                    let start = engine.arena.len();
                    engine.arena.extend_from_slice(&codes[..len]);
                    engine.stored(start, false, 0);
                    continue;
                }
                None => {}
            }
            buf.clear();
            buf.extend(clause.iter().map(|&l| l.code()));
            sort_short(&mut buf);
            buf.dedup();
            if buf.windows(2).any(|w| w[0] ^ 1 == w[1]) {
                continue; // a tautology
            }
            match buf.len() {
                0 => engine.done = true,
                1 => engine.load_unit(buf[0]),
                _ => {
                    engine.store(&buf, false, 0);
                }
            }
        }
        engine.index_watches();
        engine
    }

    /// Builds the watch lists of the formula's clauses, once they are all stored: the binary
    /// ones in one flat table ([`Backtrack::binary`]), the others in lists reserved to their
    /// size (grown one push at a time, they cost the 4 x 4 magic square's first solution 2 M
    /// instructions of reallocation).
    fn index_watches(&mut self) {
        let codes = self.value.len();
        let mut binaries = vec![0u32; codes + 1];
        let mut longer = vec![0u32; codes];
        for m in &self.clauses {
            let (a, b) = (self.arena[m.start as usize] as usize, self.arena[m.start as usize + 1] as usize);
            let counts = if m.len == 2 { &mut binaries[..codes] } else { &mut longer[..] };
            counts[a] += 1;
            counts[b] += 1;
        }
        self.watches = longer.iter().map(|&k| Vec::with_capacity(k as usize)).collect();
        // Starts from counts (a running sum), then filled from the back of each range.
        let mut total = 0;
        for k in binaries.iter_mut() {
            total += *k;
            *k = total;
        }
        self.binary = vec![(0, 0); total as usize];
        for c in 0..self.clauses.len() as u32 {
            let m = self.clauses[c as usize];
            if m.len != 2 {
                self.watch(c);
                continue;
            }
            let (a, b) = (self.arena[m.start as usize], self.arena[m.start as usize + 1]);
            for (l, other) in [(a, b), (b, a)] {
                binaries[l as usize] -= 1;
                self.binary[binaries[l as usize] as usize] = (other, c);
            }
        }
        self.binary_start = binaries;
    }

    /// Keeps at most about `n` learnt clauses (tests: forgetting, exercised on small formulas).
    #[cfg(test)]
    fn with_learnt_limit(mut self, n: usize) -> Backtrack {
        self.max_learnts = n;
        self
    }

    /// Asks `stop` at every decision rather than every 256 (a hand-over forced early, tests that
    /// stop at any moment of the search).
    pub(crate) fn polling_every_step(mut self) -> Backtrack {
        self.poll_mask = 0;
        self
    }

    /// The current full assignment, after [`Next::Solution`].
    pub fn model(&self) -> Model {
        let mut m = Model::new(self.num_vars);
        write_codes(&mut m, &self.trail);
        m
    }

    /// Brings `m` up to the current full assignment, after [`Next::Solution`]. `m` must be the
    /// model this engine filled at the previous solution (or a new one at the first): only the
    /// atoms assigned since the shallowest backtrack in between are written, not all of them.
    pub fn fill(&mut self, m: &mut Model) {
        write_codes(m, &self.trail[self.unchanged..]);
        self.unchanged = self.trail.len();
    }

    /// Whether the variable is true now (after [`Next::Solution`], its value in the solution).
    pub fn is_true(&self, v: Var) -> bool {
        self.value[v.pos().code() as usize] == 1
    }

    /// The region explored so far, as clauses: a formula with them added has exactly the solutions
    /// not yet handed out (the one just handed out included among the excluded).
    pub fn explored(&self) -> Vec<Vec<Lit>> {
        let mut out = Vec::new();
        let mut prefix: Vec<Lit> = Vec::new();
        for (j, level) in self.levels.iter().enumerate() {
            if !level.projection {
                break;
            }
            let d = Lit::from_code(level.decision);
            let last_unflipped_after_solution = self.flip_pending && self.deepest_unflipped() == Some(j + 1);
            if level.flipped {
                let mut clause = prefix.clone();
                clause.push(d);
                out.push(clause);
            } else if last_unflipped_after_solution {
                // The solution just handed out lies below this decision; its flip is still to come.
                let mut clause = prefix.clone();
                clause.push(!d);
                out.push(clause);
            }
            prefix.push(!d);
        }
        if self.flip_pending && self.deepest_unflipped().is_none() {
            // The last solution is the only one left in the whole region: nothing more exists.
            out.push(Vec::new());
        }
        out
    }

    /// The region not explored yet, as disjoint cubes over projection literals whose union holds
    /// exactly the solutions not yet handed out: for every unflipped projection level j, the
    /// decisions above it and the negation of its own (its other branch, not searched yet), and,
    /// unless the solution under them was just handed out, the projection decisions themselves
    /// (the branch being searched). Shallow cubes come first. None once the search is over.
    pub fn open_cubes(&self) -> Vec<Vec<Lit>> {
        if self.done {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut path: Vec<Lit> = Vec::new();
        for level in self.levels.iter().take_while(|l| l.projection) {
            let d = Lit::from_code(level.decision);
            if !level.flipped {
                let mut cube = path.clone();
                cube.push(!d);
                out.push(cube);
            }
            path.push(d);
        }
        if !self.flip_pending {
            out.push(path);
        }
        out
    }

    /// Searches for the next solution; `stop` is asked now and then whether to give up for now.
    pub fn next(&mut self, stop: &mut dyn FnMut(Effort) -> bool) -> Next {
        if self.done {
            return Next::Exhausted;
        }
        if self.flip_pending {
            self.flip_pending = false;
            let Some(k) = self.deepest_unflipped() else {
                self.done = true;
                return Next::Exhausted;
            };
            if !self.flip(k) {
                self.done = true;
                return Next::Exhausted;
            }
        }
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                if !self.resolve(conflict) {
                    self.done = true;
                    return Next::Exhausted;
                }
                continue;
            }
            self.steps = self.steps.wrapping_add(1);
            if self.steps & self.poll_mask == 0 && stop(Effort { conflicts: self.conflicts, visits: self.visits }) {
                return Next::Stopped;
            }
            if self.learnts > self.max_learnts {
                self.reduce();
            }
            let Some(decision) = self.pick() else {
                self.flip_pending = true;
                return Next::Solution;
            };
            let projection = self.is_projection[var_of(decision)];
            self.levels.push(Level { trail_start: self.trail.len(), decision, projection, flipped: false });
            self.assign(decision, NO_REASON);
        }
    }

    fn level(&self) -> u32 {
        self.levels.len() as u32
    }

    fn store(&mut self, lits: &[Code], learnt: bool, lbd: u32) -> u32 {
        let start = self.arena.len();
        self.arena.extend_from_slice(lits);
        self.stored(start, learnt, lbd)
    }

    /// A unit clause of the formula, as it is loaded: assigned at level 0 (a contradicting one
    /// leaves the formula without a model).
    fn load_unit(&mut self, u: Code) {
        match self.value[u as usize] {
            1 => {}
            -1 => self.done = true,
            _ => self.assign(u, NO_REASON),
        }
    }

    /// Makes a clause of the literals from `start` to the end of the arena.
    fn stored(&mut self, start: usize, learnt: bool, lbd: u32) -> u32 {
        let c = self.clauses.len() as u32;
        assert!(c < BINARY, "more clauses than a watch can name");
        self.clauses.push(ClauseMeta {
            start: start as u32,
            len: (self.arena.len() - start) as u32,
            learnt,
            deleted: false,
            lbd,
            search: 2,
        });
        c
    }

    fn lits(&self, c: u32) -> &[Code] {
        let m = self.clauses[c as usize];
        &self.arena[m.start as usize..(m.start + m.len) as usize]
    }

    fn watch(&mut self, c: u32) {
        let m = self.clauses[c as usize];
        let (a, b) = (self.arena[m.start as usize], self.arena[m.start as usize + 1]);
        let tagged = if m.len == 2 { c | BINARY } else { c };
        self.watches[a as usize].push(Watch { clause: tagged, blocker: b });
        self.watches[b as usize].push(Watch { clause: tagged, blocker: a });
    }

    fn assign(&mut self, l: Code, reason: u32) {
        let v = var_of(l);
        self.value[l as usize] = 1;
        self.value[(l ^ 1) as usize] = -1;
        self.level_of[v] = self.level();
        self.reason[v] = reason;
        self.assigned[self.position[v] as usize] = true;
        self.trail.push(l);
    }

    /// Unit propagation; the clause found false, if any.
    fn propagate(&mut self) -> Option<u32> {
        while self.propagated < self.trail.len() {
            let false_lit = self.trail[self.propagated] ^ 1;
            self.propagated += 1;
            let (from, to) = (self.binary_start[false_lit as usize], self.binary_start[false_lit as usize + 1]);
            self.visits += u64::from(to - from);
            for k in from as usize..to as usize {
                let (other, clause) = self.binary[k];
                match self.value[other as usize] {
                    1 => {}
                    0 => self.assign(other, clause),
                    _ => {
                        self.propagated = self.trail.len();
                        return Some(clause);
                    }
                }
            }
            let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
            self.visits += ws.len() as u64;
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                let blocker = self.value[w.blocker as usize];
                if blocker == 1 {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                if w.clause & BINARY != 0 {
                    // The other literal is the blocker: unit or false, and the clause stays watched.
                    ws[j] = w;
                    j += 1;
                    let clause = w.clause & !BINARY;
                    if blocker == -1 {
                        conflict = Some(clause);
                        while i < ws.len() {
                            ws[j] = ws[i];
                            i += 1;
                            j += 1;
                        }
                    } else {
                        self.assign(w.blocker, clause);
                    }
                    continue;
                }
                let m = self.clauses[w.clause as usize];
                if m.deleted {
                    continue;
                }
                let s = m.start as usize;
                if self.arena[s] == false_lit {
                    self.arena.swap(s, s + 1);
                }
                let first = self.arena[s];
                if first != w.blocker && self.value[first as usize] == 1 {
                    ws[j] = Watch { clause: w.clause, blocker: first };
                    j += 1;
                    continue;
                }
                let lits = &self.arena[s..s + m.len as usize];
                let value = &self.value;
                let not_false = |k: &usize| value[lits[*k] as usize] != -1;
                let from = m.search as usize;
                if let Some(k) = (from..lits.len()).find(not_false).or_else(|| (2..from).find(not_false)) {
                    let l = lits[k];
                    self.arena.swap(s + 1, s + k);
                    self.clauses[w.clause as usize].search = k as u32;
                    self.watches[l as usize].push(Watch { clause: w.clause, blocker: first });
                    continue;
                }
                ws[j] = Watch { clause: w.clause, blocker: first };
                j += 1;
                if self.value[first as usize] == -1 {
                    conflict = Some(w.clause);
                    while i < ws.len() {
                        ws[j] = ws[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    self.assign(first, w.clause);
                }
            }
            ws.truncate(j);
            self.watches[false_lit as usize] = ws;
            if conflict.is_some() {
                self.propagated = self.trail.len();
                return conflict;
            }
        }
        None
    }

    /// The next decision: the first unassigned projection atom made true, else an auxiliary atom
    /// with its saved phase; `None` when everything is assigned.
    fn pick(&mut self) -> Option<Code> {
        self.cursor += first_unassigned(&self.assigned[self.cursor..])?;
        let v = self.order[self.cursor] as usize;
        let negated = if self.cursor < self.projection_count { false } else { !self.phase[v] };
        Some(Var::from_index(v).lit(!negated).code())
    }

    /// Undoes every level above `target`.
    fn cancel_until(&mut self, target: u32) {
        if self.level() <= target {
            return;
        }
        let start = self.levels[target as usize].trail_start;
        for k in (start..self.trail.len()).rev() {
            let l = self.trail[k];
            let v = var_of(l);
            self.value[l as usize] = 0;
            self.value[(l ^ 1) as usize] = 0;
            self.reason[v] = NO_REASON;
            self.phase[v] = l & 1 == 0;
            let at = self.position[v] as usize;
            self.assigned[at] = false;
            self.cursor = self.cursor.min(at);
        }
        self.trail.truncate(start);
        self.unchanged = self.unchanged.min(start);
        self.propagated = start;
        self.levels.truncate(target as usize);
    }

    /// The deepest level whose decision is an unflipped projection atom.
    fn deepest_unflipped(&self) -> Option<usize> {
        self.levels.iter().rposition(|l| l.projection && !l.flipped).map(|k| k + 1)
    }

    /// Re-opens level `k` (1-based) with its decision negated and flipped. False when a learnt
    /// unit clause then fails at once and nothing is left.
    fn flip(&mut self, k: usize) -> bool {
        let d = self.levels[k - 1].decision;
        self.cancel_until(k as u32 - 1);
        self.levels.push(Level { trail_start: self.trail.len(), decision: d ^ 1, projection: true, flipped: true });
        self.assign(d ^ 1, NO_REASON);
        match self.reassert_units() {
            None => true,
            Some(conflict) => self.resolve(conflict),
        }
    }

    /// Asserts the learnt unit clauses a backtrack unassigned; a unit found false is a conflict.
    fn reassert_units(&mut self) -> Option<u32> {
        for k in 0..self.units.len() {
            let c = self.units[k];
            let l = self.arena[self.clauses[c as usize].start as usize];
            match self.value[l as usize] {
                0 => self.assign(l, c),
                -1 => return Some(c),
                _ => {}
            }
        }
        None
    }

    /// Handles a conflict; false when it proves that no further solution exists.
    fn resolve(&mut self, mut conflict: u32) -> bool {
        loop {
            // The clause may be false below the current level (a learnt clause checked after a
            // backtrack): the conflict belongs to its deepest literal's level.
            let c = self.lits(conflict).iter().map(|&l| self.level_of[var_of(l)]).max().unwrap_or(0);
            if c == 0 {
                return false;
            }
            self.cancel_until(c);
            let (learnt, assertion, lbd) = self.analyze(conflict);
            let floor = self.levels.iter().rposition(|l| l.flipped).map_or(0, |k| k as u32 + 1);
            let next = if floor < c {
                self.cancel_until(assertion.max(floor));
                self.add_learnt(&learnt, lbd)
            } else {
                // Level c is flipped: both its branches are done, and so is every flipped level
                // right below it. Flip the deepest unflipped projection level.
                let Some(k) = self.levels[..c as usize - 1].iter().rposition(|l| l.projection && !l.flipped) else {
                    self.learnt = learnt;
                    return false;
                };
                let d = self.levels[k].decision;
                self.cancel_until(k as u32);
                self.levels.push(Level {
                    trail_start: self.trail.len(),
                    decision: d ^ 1,
                    projection: true,
                    flipped: true,
                });
                self.assign(d ^ 1, NO_REASON);
                self.add_learnt(&learnt, lbd)
            };
            self.learnt = learnt;
            match next.or_else(|| self.reassert_units()) {
                None => return true,
                Some(c) => conflict = c,
            }
        }
    }

    /// 1UIP analysis of a conflict at the current level: the learnt clause (its asserting literal
    /// first), its assertion level and its LBD.
    fn analyze(&mut self, conflict: u32) -> (Vec<Code>, u32, u32) {
        let level = self.level();
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(0);
        let mut open = 0u32;
        let mut clause = conflict;
        let mut index = self.trail.len();
        let mut uip: Option<Code> = None;
        loop {
            let m = self.clauses[clause as usize];
            for k in 0..m.len as usize {
                let l = self.arena[m.start as usize + k];
                if Some(l) == uip {
                    continue;
                }
                let v = var_of(l);
                if self.seen[v] || self.level_of[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                if self.level_of[v] == level {
                    open += 1;
                } else {
                    learnt.push(l);
                }
            }
            let p = loop {
                index -= 1;
                if self.seen[var_of(self.trail[index])] {
                    break self.trail[index];
                }
            };
            self.seen[var_of(p)] = false;
            open -= 1;
            uip = Some(p);
            if open == 0 {
                break;
            }
            clause = self.reason[var_of(p)];
            debug_assert!(clause != NO_REASON, "a decision before the first UIP");
        }
        learnt[0] = uip.map_or(0, |p| p ^ 1);
        self.minimise(&mut learnt);
        // The deepest of the other literals goes second: it is watched, and gives the level.
        let mut assertion = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.level_of[var_of(learnt[k])] > self.level_of[var_of(learnt[best])] {
                    best = k;
                }
            }
            learnt.swap(1, best);
            assertion = self.level_of[var_of(learnt[1])];
        }
        let mut levels = std::mem::take(&mut self.lbd_levels);
        levels.clear();
        levels.extend(learnt.iter().map(|&l| self.level_of[var_of(l)]));
        levels.sort_unstable();
        levels.dedup();
        let lbd = levels.len() as u32;
        self.lbd_levels = levels;
        (learnt, assertion, lbd)
    }

    /// Drops the literals of a learnt clause (its asserting literal first, the others marked
    /// `seen`) that the others imply through reason clauses: MiniSat's recursive minimisation
    /// (Sörensson and Biere, "Minimizing learned clauses", SAT 2009). Decisions and flipped
    /// literals have no reason and always stay, so the clause is still implied by the CNF alone.
    /// Clears every `seen` mark of the analysis.
    fn minimise(&mut self, learnt: &mut Vec<Code>) {
        let levels = learnt[1..].iter().fold(0u32, |a, &l| a | 1 << (self.level_of[var_of(l)] & 31));
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        marked.extend_from_slice(&learnt[1..]);
        let mut looked = std::mem::take(&mut self.looked);
        looked.clear();
        let mut keep = 1;
        for k in 1..learnt.len() {
            let l = learnt[k];
            if self.reason[var_of(l)] == NO_REASON || !self.implied(l, levels, &mut looked) {
                learnt[keep] = l;
                keep += 1;
            }
        }
        learnt.truncate(keep);
        for &l in marked.iter().chain(&looked) {
            self.seen[var_of(l)] = false;
        }
        self.marked = marked;
        self.looked = looked;
    }

    /// Whether the false literal `p` (which has a reason) follows from literals marked `seen`
    /// (and literals of level 0) through reason clauses; the literals it marks on the way are
    /// added to `looked` when it does (so that they count as shown next time) and unmarked when
    /// it does not. `levels` is the set of levels (modulo 32) of the clause's literals: a literal
    /// on any other level cannot follow from them.
    fn implied(&mut self, p: Code, levels: u32, looked: &mut Vec<Code>) -> bool {
        let top = looked.len();
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(p);
        while let Some(q) = stack.pop() {
            let m = self.clauses[self.reason[var_of(q)] as usize];
            for k in 0..m.len as usize {
                let l = self.arena[m.start as usize + k];
                let v = var_of(l);
                if v == var_of(q) || self.seen[v] || self.level_of[v] == 0 {
                    continue;
                }
                if self.reason[v] != NO_REASON && levels & (1 << (self.level_of[v] & 31)) != 0 {
                    self.seen[v] = true;
                    stack.push(l);
                    looked.push(l);
                } else {
                    for &x in &looked[top..] {
                        self.seen[var_of(x)] = false;
                    }
                    looked.truncate(top);
                    self.stack = stack;
                    return false;
                }
            }
        }
        self.stack = stack;
        true
    }

    /// Stores a learnt clause and brings it up to date with the current assignment: it asserts
    /// its literal when unit, and is returned when false (a conflict below the current level).
    fn add_learnt(&mut self, learnt: &[Code], lbd: u32) -> Option<u32> {
        let c = self.store(learnt, true, lbd);
        if learnt.len() == 1 {
            self.units.push(c);
            return match self.value[learnt[0] as usize] {
                0 => {
                    self.assign(learnt[0], c);
                    None
                }
                -1 => Some(c),
                _ => None,
            };
        }
        self.learnts += 1;
        // Watch the two best literals: true or unassigned first, then false from the deepest level.
        let s = self.clauses[c as usize].start as usize;
        let len = learnt.len();
        let rank = |e: &Backtrack, l: Code| -> (u8, u32) {
            match e.value[l as usize] {
                1 => (0, 0),
                0 => (1, 0),
                _ => (2, u32::MAX - e.level_of[var_of(l)]),
            }
        };
        for slot in 0..2 {
            let mut best = slot;
            for k in slot + 1..len {
                if rank(self, self.arena[s + k]) < rank(self, self.arena[s + best]) {
                    best = k;
                }
            }
            self.arena.swap(s + slot, s + best);
        }
        self.watch(c);
        let (a, b) = (self.arena[s], self.arena[s + 1]);
        match (self.value[a as usize], self.value[b as usize]) {
            (-1, _) => Some(c),
            (0, -1) => {
                self.assign(a, c);
                None
            }
            _ => None,
        }
    }

    /// Forgets the less useful half of the learnt clauses (those with the most distinct levels),
    /// keeping any that is the reason of an assigned atom.
    fn reduce(&mut self) {
        let mut candidates: Vec<(u32, u32, u32)> = Vec::new();
        for (c, m) in self.clauses.iter().enumerate() {
            if !m.learnt || m.deleted || m.len < 3 {
                continue;
            }
            let first = self.arena[m.start as usize];
            let locked = self.value[first as usize] == 1 && self.reason[var_of(first)] == c as u32;
            if !locked {
                candidates.push((m.lbd, m.len, c as u32));
            }
        }
        candidates.sort_unstable();
        let drop = candidates.len() / 2;
        for &(_, _, c) in &candidates[candidates.len() - drop..] {
            self.clauses[c as usize].deleted = true;
        }
        self.learnts -= drop;
        for list in &mut self.watches {
            list.retain(|w| !self.clauses[(w.clause & !BINARY) as usize].deleted);
        }
        self.max_learnts += self.max_learnts / 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The short path keeps what the general one keeps: every clause of two and three codes
    /// over three variables (repeats, negations and orders included) sorted and deduplicated, a
    /// tautology dropped and a clause of one distinct literal made a unit.
    #[test]
    fn short_clauses_are_kept_as_the_general_path_keeps_them() {
        let general = |codes: &[Code]| {
            let mut buf = codes.to_vec();
            buf.sort_unstable();
            buf.dedup();
            if buf.windows(2).any(|w| w[0] ^ 1 == w[1]) {
                None
            } else {
                Some(buf)
            }
        };
        let short = |codes: &[Code]| match short_clause(codes[0], codes[1], codes.get(2).copied()) {
            Short::Tautology => None,
            Short::Unit(u) => Some(vec![u]),
            Short::Clause(kept, len) => Some(kept[..len].to_vec()),
        };
        for a in 0..6 {
            for b in 0..6 {
                assert_eq!(short(&[a, b]), general(&[a, b]), "{a} {b}");
                for c in 0..6 {
                    assert_eq!(short(&[a, b, c]), general(&[a, b, c]), "{a} {b} {c}");
                }
            }
        }
    }

    fn cnf(num_vars: u32, clauses: &[&[i32]]) -> Cnf {
        let mut f = Cnf::new();
        f.new_vars(num_vars);
        for c in clauses {
            f.add_clause(&c.iter().map(|&l| Lit::from_dimacs(l).unwrap()).collect::<Vec<_>>());
        }
        f
    }

    /// The set-up's sort of short clauses gives `sort_unstable`'s order on every arrangement of
    /// up to four codes with repeats (a wrong swap in the network fails it).
    #[test]
    fn short_clauses_sorted_as_the_library_sorts() {
        for len in 0..=4u32 {
            for k in 0..4u32.pow(len) {
                let codes: Vec<Code> = (0..len).map(|i| (k / 4u32.pow(i)) % 4).collect();
                let (mut ours, mut library) = (codes.clone(), codes.clone());
                sort_short(&mut ours);
                library.sort_unstable();
                assert_eq!(ours, library, "{codes:?}");
            }
        }
    }

    /// `count` random clauses over atoms 1..=n, each of `min + next(choices)` literals (just
    /// `min` when `choices` is 1), from the generator `next` (`next(k)` is below k).
    fn random_cnf(next: &mut impl FnMut(u64) -> u64, n: u32, count: u64, (min, choices): (u64, u64)) -> Cnf {
        let clauses: Vec<Vec<i32>> = (0..count)
            .map(|_| {
                (0..min + if choices > 1 { next(choices) } else { 0 })
                    .map(|_| {
                        let v = 1 + next(n as u64) as i32;
                        if next(2) == 0 {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect()
            })
            .collect();
        let refs: Vec<&[i32]> = clauses.iter().map(|c| c.as_slice()).collect();
        cnf(n, &refs)
    }

    /// Every projected solution, as the set of true projection atoms.
    fn all(f: &Cnf, projection: &[u32]) -> Vec<Vec<u32>> {
        all_keeping(f, projection, usize::MAX)
    }

    /// The same, keeping about `learnts` learnt clauses at most.
    fn all_keeping(f: &Cnf, projection: &[u32], learnts: usize) -> Vec<Vec<u32>> {
        let vars: Vec<Var> = projection.iter().map(|&v| Var::new(v).unwrap()).collect();
        let mut e = Backtrack::new(f, &vars);
        if learnts < usize::MAX {
            e = e.with_learnt_limit(learnts);
        }
        let mut out = Vec::new();
        loop {
            match e.next(&mut |_| false) {
                Next::Solution => {
                    let m = e.model();
                    assert!(f.first_unsatisfied(&m).is_none(), "not a model");
                    out.push(
                        projection.iter().copied().filter(|&v| m.value(Var::new(v).unwrap()) == Some(true)).collect(),
                    );
                }
                Next::Exhausted => return out,
                Next::Stopped => unreachable!(),
            }
        }
    }

    /// A fixed linear congruential generator (reproducible, no dependency): `next(k)` is below k.
    fn generator(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut state = seed;
        move |k: u64| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) % k
        }
    }

    /// The engine, keeping about `learnts` learnt clauses, finds each projected solution of `f`
    /// once, and exactly those the brute force finds.
    fn matches_brute_force(f: &Cnf, projection: &[u32], learnts: usize, round: u32) {
        let got = all_keeping(f, projection, learnts);
        let distinct: HashSet<Vec<u32>> = got.iter().cloned().collect();
        assert_eq!(distinct.len(), got.len(), "round {round}: a solution found twice");
        assert_eq!(distinct, brute(f, projection), "round {round}");
    }

    /// The projected solutions by trying every full assignment.
    fn brute(f: &Cnf, projection: &[u32]) -> HashSet<Vec<u32>> {
        let n = f.num_vars();
        (0..1u64 << n)
            .filter_map(|bits| {
                let lits: Vec<i32> = (1..=n as i32).map(|v| if bits >> (v - 1) & 1 == 1 { v } else { -v }).collect();
                let m = Model::from_lits(n, &lits);
                f.first_unsatisfied(&m).is_none().then(|| {
                    projection
                        .iter()
                        .copied()
                        .filter(|&v| m.value(Var::new(v).unwrap()) == Some(true))
                        .collect::<Vec<u32>>()
                })
            })
            .collect()
    }

    #[test]
    fn first_unassigned_across_blocks() {
        for len in [0, 1, 31, 32, 33, 64, 100] {
            for hole in 0..=len {
                let mut assigned = vec![true; len];
                if hole < len {
                    assigned[hole] = false;
                }
                let want = (hole < len).then_some(hole);
                assert_eq!(first_unassigned(&assigned), want, "len {len} hole {hole}");
            }
        }
    }

    #[test]
    fn aux_atoms_with_several_extensions_count_once() {
        // x1 or x2; aux 3 and 4 free whenever x1 holds: 3 projected solutions, 1+... full models.
        let f = cnf(4, &[&[1, 2], &[-2, 3]]);
        let got = all(&f, &[1, 2]);
        assert_eq!(got.len(), 3);
        assert_eq!(got.iter().cloned().collect::<HashSet<_>>(), brute(&f, &[1, 2]));
    }

    #[test]
    fn unsatisfiable_and_empty_formulas() {
        assert!(all(&cnf(2, &[&[1], &[-1]]), &[1, 2]).is_empty());
        assert!(all(&cnf(1, &[&[]]), &[1]).is_empty());
        assert_eq!(all(&cnf(2, &[]), &[1, 2]).len(), 4);
        assert_eq!(all(&cnf(2, &[]), &[]).len(), 1);
    }

    #[test]
    fn random_formulas_match_brute_force() {
        let mut next = generator(0x2545_f491_4f6c_dd1du64);
        // Small formulas with unit and binary clauses, then larger 3-SAT ones near the threshold
        // (many conflicts, learnt clauses, backjumps stopped at flipped levels).
        for round in 0..500 {
            let (n, ratio, width) =
                if round < 300 { (4 + next(9) as u32, 2 + next(4), 3) } else { (10 + next(5) as u32, 4, 0) };
            let widths = if width == 0 { (3, 1) } else { (1, width) };
            let f = random_cnf(&mut next, n, n as u64 * ratio, widths);
            let projection: Vec<u32> = (1..=n).filter(|_| next(3) != 0).collect();
            matches_brute_force(&f, &projection, if round % 2 == 0 { usize::MAX } else { 2 }, round);
        }
    }

    /// Formulas shaped as the language's small models ground: mostly binary clauses (the flat
    /// table of binary clauses) and a few long ones over many of the same atoms (their watches
    /// move often, and the search for a new watch wraps around), with projection, keeping all
    /// learnt clauses or very few.
    #[test]
    fn binary_heavy_formulas_match_brute_force() {
        let mut next = generator(0x6a09_e667_f3bc_c908u64);
        for round in 0..200 {
            let n = 6 + next(8) as u32;
            let (binaries, longs) = (n as u64 * (1 + next(3)), 1 + next(3));
            let mut f = random_cnf(&mut next, n, binaries, (2, 1));
            for long in random_cnf(&mut next, n, longs, (4, 5)).clauses() {
                f.add_clause(long);
            }
            let projection: Vec<u32> = (1..=n).filter(|_| next(4) != 0).collect();
            matches_brute_force(&f, &projection, if round % 2 == 0 { usize::MAX } else { 1 }, round);
        }
    }

    /// After any number of solutions (and after a stop in the middle of a search), the open cubes
    /// are pairwise disjoint and hold exactly the solutions not yet handed out.
    #[test]
    fn open_cubes_partition_what_is_left() {
        let mut next = generator(0x9e37_79b9_7f4a_7c15u64);
        for round in 0..300 {
            let n = 4 + next(9) as u32;
            let count = n as u64 * (2 + next(3));
            let f = random_cnf(&mut next, n, count, (2, 2));
            let projection: Vec<u32> = (1..=n).filter(|_| next(3) != 0).collect();
            let want = brute(&f, &projection);
            let vars: Vec<Var> = projection.iter().map(|&v| Var::new(v).unwrap()).collect();
            let e = Backtrack::new(&f, &vars);
            let take = next(want.len() as u64 + 2);
            let mut found: Vec<Vec<u32>> = Vec::new();
            // Stop at a random step of the search after `take` solutions (or at its end).
            let mut e = e.polling_every_step();
            while (found.len() as u64) < take {
                let mut stop = |_: Effort| next(4) == 0;
                match e.next(&mut stop) {
                    Next::Solution => {
                        found.push(projection.iter().copied().filter(|&v| e.is_true(Var::new(v).unwrap())).collect())
                    }
                    Next::Exhausted | Next::Stopped => break,
                }
            }
            let cubes = e.open_cubes();
            for (i, a) in cubes.iter().enumerate() {
                for b in &cubes[i + 1..] {
                    assert!(a.iter().any(|&l| b.contains(&!l)), "round {round}: {a:?} and {b:?} overlap");
                }
            }
            let mut every: Vec<Vec<u32>> = found.clone();
            for cube in &cubes {
                let mut g = f.clone();
                for &l in cube {
                    g.add_clause(&[l]);
                }
                every.extend(brute(&g, &projection));
            }
            let distinct: HashSet<Vec<u32>> = every.iter().cloned().collect();
            assert_eq!(distinct.len(), every.len(), "round {round}: a solution in two places");
            assert_eq!(distinct, want, "round {round}");
        }
    }

    #[test]
    fn a_stop_resumes_and_explored_clauses_exclude_exactly_the_found() {
        // Exactly one of 1..6 true (pairwise), projected on all: 6 solutions.
        let mut clauses: Vec<Vec<i32>> = vec![(1..=6).collect()];
        for a in 1..=6 {
            for b in a + 1..=6 {
                clauses.push(vec![-a, -b]);
            }
        }
        let refs: Vec<&[i32]> = clauses.iter().map(|c| c.as_slice()).collect();
        let f = cnf(6, &refs);
        let vars: Vec<Var> = (0..6).map(Var::from_index).collect();
        let mut e = Backtrack::new(&f, &vars);
        let mut found = Vec::new();
        for _ in 0..3 {
            assert_eq!(e.next(&mut |_| false), Next::Solution);
            found.push((1..=6u32).find(|&v| e.is_true(Var::new(v).unwrap())).unwrap());
        }
        // What is left, by a fresh search on the formula with the explored clauses added.
        let mut rest = f.clone();
        for c in e.explored() {
            rest.add_clause(&c);
        }
        let left = all(&rest, &[1, 2, 3, 4, 5, 6]);
        let mut every: Vec<u32> = found.clone();
        every.extend(left.iter().map(|s| s[0]));
        every.sort_unstable();
        assert_eq!(every, vec![1, 2, 3, 4, 5, 6]);
        // And the engine itself goes on to the same three.
        let mut more = 0;
        while e.next(&mut |_| false) == Next::Solution {
            more += 1;
        }
        assert_eq!(more, 3);
    }
}
