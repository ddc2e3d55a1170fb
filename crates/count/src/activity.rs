//! The backtracking engine's order of projection decisions by activity (VSIDS, as in Chaff and
//! MiniSat): every atom met in a conflict's analysis gains `inc`, `inc` grows by 1/0.95 after each
//! conflict (so recent conflicts weigh more), and the next decision is the unassigned atom of
//! highest activity, kept in a binary max-heap. The order only chooses which atom to decide next;
//! what the engine counts does not depend on it (docs/counting.md).

/// Not in the heap.
const OUT: u32 = u32::MAX;

/// Activities and the heap of the atoms that may be decided (indices of variables).
pub(crate) struct Activity {
    activity: Vec<f64>,
    inc: f64,
    /// Whether a variable takes part (the projection atoms).
    tracked: Vec<bool>,
    heap: Vec<u32>,
    /// Position of each variable in `heap`, or [`OUT`].
    index: Vec<u32>,
}

impl Activity {
    /// Tracks `vars` (of `n` variables), all in the heap; ties go to the earlier in `vars` (a
    /// small initial activity falling along the list), so that before the first conflict the
    /// order is the given one.
    pub(crate) fn new(n: usize, vars: &[u32]) -> Activity {
        let mut a = Activity {
            activity: vec![0.0; n],
            inc: 1.0,
            tracked: vec![false; n],
            heap: Vec::with_capacity(vars.len()),
            index: vec![OUT; n],
        };
        let len = vars.len().max(1) as f64;
        for (k, &v) in vars.iter().enumerate() {
            a.tracked[v as usize] = true;
            a.activity[v as usize] = 1e-3 * (len - k as f64) / len;
            a.insert(v);
        }
        a
    }

    /// `v` took part in a conflict.
    pub(crate) fn bump(&mut self, v: usize) {
        if !self.tracked[v] {
            return;
        }
        self.activity[v] += self.inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        if self.index[v] != OUT {
            self.up(self.index[v] as usize);
        }
    }

    /// After a conflict: later bumps weigh more.
    pub(crate) fn decay(&mut self) {
        self.inc /= 0.95;
    }

    /// Puts a tracked `v` back (it became unassigned); nothing when it is there already.
    pub(crate) fn insert(&mut self, v: u32) {
        if !self.tracked[v as usize] || self.index[v as usize] != OUT {
            return;
        }
        self.index[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1);
    }

    /// Takes out the variable of highest activity.
    pub(crate) fn pop(&mut self) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.index[top as usize] = OUT;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.index[last as usize] = 0;
            self.down(0);
        }
        Some(top)
    }

    fn above(&self, a: u32, b: u32) -> bool {
        self.activity[a as usize] > self.activity[b as usize]
    }

    fn up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.above(v, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.index[self.heap[i] as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.index[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child =
                if right < self.heap.len() && self.above(self.heap[right], self.heap[left]) { right } else { left };
            if !self.above(self.heap[child], v) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.index[self.heap[i] as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.index[v as usize] = i as u32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_activity_then_by_the_given_order() {
        let mut a = Activity::new(6, &[4, 1, 3, 0]);
        assert!(!a.tracked[2] && a.tracked[3]);
        a.bump(3);
        a.bump(2); // not tracked: nothing
        let mut got = Vec::new();
        while let Some(v) = a.pop() {
            got.push(v);
        }
        assert_eq!(got, vec![3, 4, 1, 0]);
        // Put back, bumped after a decay: the later bump weighs more.
        for v in [0, 1, 3, 4, 0] {
            a.insert(v);
        }
        a.decay();
        a.bump(0);
        a.bump(0);
        assert_eq!(a.pop(), Some(0));
        assert_eq!(a.pop(), Some(3));
        assert_eq!((a.pop(), a.pop(), a.pop()), (Some(4), Some(1), None));
    }
}
