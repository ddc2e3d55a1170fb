//! The Hungarian algorithm (Kuhn 1955, Munkres 1957; the O(n^3) form with potentials): a
//! maximum-weight perfect matching of rows to columns of a square table, some pairs forbidden.

/// For a square table of weights (`None`: forbidden), the column of each row in an assignment
/// of the largest total weight; `None` when every assignment uses a forbidden pair.
pub fn max_assignment(weights: &[Vec<Option<i64>>]) -> Option<Vec<usize>> {
    let n = weights.len();
    if weights.iter().any(|row| row.len() != n) {
        return None;
    }
    if n == 0 {
        return Some(Vec::new());
    }
    let top = weights.iter().flatten().flatten().copied().max().unwrap_or(0);
    // Costs to minimise: top - weight; a forbidden pair costs more than any full assignment.
    let forbidden = (top.saturating_add(1)).saturating_mul(n as i64 + 1).saturating_add(1);
    let cost = |i: usize, j: usize| weights[i][j].map_or(forbidden, |w| top - w);
    // 1-based rows and columns; p[j] the row matched to column j (0: none).
    let inf = i64::MAX / 4;
    let mut u = vec![0i64; n + 1];
    let mut v = vec![0i64; n + 1];
    let mut p = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for i in 1..=n {
        p[0] = i;
        let mut j0 = 0usize;
        let mut minv = vec![inf; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[j0] = true;
            let i0 = p[j0];
            let mut delta = inf;
            let mut j1 = 0usize;
            for j in 1..=n {
                if used[j] {
                    continue;
                }
                let cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
                if cur < minv[j] {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if minv[j] < delta {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut assign = vec![0usize; n];
    for j in 1..=n {
        assign[p[j] - 1] = j - 1;
    }
    assign.iter().enumerate().all(|(i, &j)| weights[i][j].is_some()).then_some(assign)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best total over every permutation, by enumeration.
    fn brute(w: &[Vec<Option<i64>>]) -> Option<i64> {
        fn go(w: &[Vec<Option<i64>>], i: usize, used: &mut Vec<bool>) -> Option<i64> {
            if i == w.len() {
                return Some(0);
            }
            let mut best = None;
            for j in 0..w.len() {
                if used[j] {
                    continue;
                }
                let Some(x) = w[i][j] else { continue };
                used[j] = true;
                if let Some(rest) = go(w, i + 1, used) {
                    best = best.max(Some(x + rest));
                }
                used[j] = false;
            }
            best
        }
        go(w, 0, &mut vec![false; w.len()])
    }

    #[test]
    fn equals_the_brute_force_on_random_tables() {
        let mut rng = wgrnd_seam::SplitMix64(26);
        for round in 0..300 {
            let n = 1 + round % 7;
            let w: Vec<Vec<Option<i64>>> =
                (0..n).map(|_| (0..n).map(|_| (rng.below(5) != 0).then(|| rng.below(5) as i64)).collect()).collect();
            let got = max_assignment(&w);
            let total = got.as_ref().map(|a| a.iter().enumerate().map(|(i, &j)| w[i][j].unwrap()).sum::<i64>());
            assert_eq!(total, brute(&w), "{w:?}");
            if let Some(a) = got {
                let mut cols = a.clone();
                cols.sort();
                assert_eq!(cols, (0..n).collect::<Vec<_>>());
            }
        }
    }
}
