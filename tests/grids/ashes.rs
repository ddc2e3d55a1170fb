//! Laplace's ashes: the seed's 3 x 4 example under both rules, and random clue grids against exact
//! rational linear algebra on the seed's matrix A (fractions, no floats).

use super::{count, counted, picture, refused, run, seed002, svg, Rng};
use wgrnd_lang::IntEncoding;

/// A fraction p / q in lowest terms, q > 0.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Q(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

impl Q {
    fn new(p: i128, q: i128) -> Q {
        let g = gcd(p, q).max(1) * q.signum();
        Q(p / g, q / g)
    }
    fn int(p: i64) -> Q {
        Q(i128::from(p), 1)
    }
    fn sub(self, o: Q) -> Q {
        Q::new(self.0 * o.1 - o.0 * self.1, self.1 * o.1)
    }
    fn mul(self, o: Q) -> Q {
        Q::new(self.0 * o.0, self.1 * o.1)
    }
    fn div(self, o: Q) -> Q {
        Q::new(self.0 * o.1, self.1 * o.0)
    }
    fn is_zero(self) -> bool {
        self.0 == 0
    }
}

/// The seed's matrix A of an R x C grid: row i (clue of cell i) has coefficient a on cell j.
/// Rule 1: 1 on the cell and its eight neighbours. Rule 2: +1 on the upper and right neighbours,
/// -1 on the lower and left ones.
fn matrix(rows: usize, cols: usize, rule: u8) -> Vec<Vec<i64>> {
    let n = rows * cols;
    let mut a = vec![vec![0; n]; n];
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let i = (r * cols as i64 + c) as usize;
            let mut set = |r2: i64, c2: i64, v: i64| {
                if (0..rows as i64).contains(&r2) && (0..cols as i64).contains(&c2) {
                    a[i][(r2 * cols as i64 + c2) as usize] = v;
                }
            };
            if rule == 1 {
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        set(r + dr, c + dc, 1);
                    }
                }
            } else {
                set(r - 1, c, 1);
                set(r, c + 1, 1);
                set(r + 1, c, -1);
                set(r, c - 1, -1);
            }
        }
    }
    a
}

/// Row-reduces [A | b] over the rationals: the pivot columns with their rows, or `None` when the
/// equations contradict each other.
fn reduce(a: &[Vec<i64>], b: &[i64]) -> Option<(Vec<Vec<Q>>, Vec<usize>)> {
    let n = a.first().map_or(0, Vec::len);
    let mut m: Vec<Vec<Q>> =
        a.iter().zip(b).map(|(row, &v)| row.iter().map(|&x| Q::int(x)).chain([Q::int(v)]).collect()).collect();
    let mut pivots = Vec::new();
    for col in 0..n {
        let r = pivots.len();
        let Some(p) = (r..m.len()).find(|&i| !m[i][col].is_zero()) else { continue };
        m.swap(r, p);
        let lead = m[r][col];
        for x in m[r].iter_mut() {
            *x = x.div(lead);
        }
        for i in 0..m.len() {
            if i != r && !m[i][col].is_zero() {
                let f = m[i][col];
                let pivot_row = m[r].clone();
                for (x, y) in m[i].iter_mut().zip(&pivot_row) {
                    *x = x.sub(f.mul(*y));
                }
            }
        }
        pivots.push(col);
    }
    let consistent = m[pivots.len()..].iter().all(|row| row[n].is_zero());
    consistent.then_some((m, pivots))
}

/// The number of grids with entries in lo..=hi whose given clues (`None`: withheld) are `clues`:
/// exact elimination, then every value of the free variables (the null space's coordinates) with
/// the pivot variables solved exactly and kept when whole and in range.
fn oracle(rows: usize, cols: usize, rule: u8, clues: &[Option<i64>], lo: i64, hi: i64) -> u64 {
    let a = matrix(rows, cols, rule);
    let given: Vec<usize> = (0..clues.len()).filter(|&i| clues[i].is_some()).collect();
    let a: Vec<Vec<i64>> = given.iter().map(|&i| a[i].clone()).collect();
    let b: Vec<i64> = given.iter().map(|&i| clues[i].unwrap()).collect();
    let n = rows * cols;
    let Some((m, pivots)) = reduce(&a, &b) else { return 0 };
    let free: Vec<usize> = (0..n).filter(|j| !pivots.contains(j)).collect();
    let width = (hi - lo + 1) as u64;
    let mut total = 0;
    for mut code in 0..width.pow(free.len() as u32) {
        let mut x = vec![0i64; n];
        for &f in &free {
            x[f] = lo + (code % width) as i64;
            code /= width;
        }
        let ok = (0..pivots.len()).all(|r| {
            let v = free.iter().fold(m[r][n], |acc, &f| acc.sub(m[r][f].mul(Q::int(x[f]))));
            v.1 == 1 && (i128::from(lo)..=i128::from(hi)).contains(&v.0)
        });
        total += u64::from(ok);
    }
    total
}

fn clues_of(grid: &[i64], rows: usize, cols: usize, rule: u8) -> Vec<i64> {
    matrix(rows, cols, rule).iter().map(|row| row.iter().zip(grid).map(|(a, x)| a * x).sum()).collect()
}

const SEED_GRID: [i64; 12] = [1, 3, 6, 2, 4, 2, 1, 1, 2, 3, 4, 9];

#[test]
fn the_seeds_example_under_both_rules() {
    // Rule 1: the seed's clue grid, and A is nonsingular (rank 12): one rational solution, the
    // seed's grid, whole and in 0..9, so exactly one digit grid.
    assert_eq!(clues_of(&SEED_GRID, 3, 4, 1), [10, 17, 15, 10, 15, 26, 31, 23, 11, 16, 20, 15]);
    let (m, pivots) = reduce(&matrix(3, 4, 1), &clues_of(&SEED_GRID, 3, 4, 1)).unwrap();
    assert_eq!(pivots.len(), 12);
    let solution: Vec<Q> = (0..12).map(|r| m[r][12]).collect();
    assert_eq!(solution, SEED_GRID.map(Q::int));
    let clues: Vec<Option<i64>> = clues_of(&SEED_GRID, 3, 4, 1).into_iter().map(Some).collect();
    assert_eq!(oracle(3, 4, 1, &clues, 0, 9), 1);
    assert_eq!(counted(&seed002("seed.ashes")), (1, 10));
    let drawn = picture(&seed002("seed.ashes"));
    assert_eq!(drawn, "1 3 6 2\n4 2 1 1\n2 3 4 9\n");
    insta::assert_snapshot!("ashes_seed", drawn);
    insta::assert_snapshot!("ashes_seed_svg", svg(&seed002("seed.ashes")));
    // Rule 2: the seed's clue grid. The seed calls this rule singular on 3 x 4 and shows
    // 8 5 8 5 / -5 -8 -5 -8 / 8 5 8 5 as a grid with zero clues; as printed, though, its matrix A
    // has full rank 12 and that grid's clues are not zero. So the clues have one rational solution,
    // the seed's grid, and one digit grid.
    assert_eq!(clues_of(&SEED_GRID, 3, 4, 2), [-1, 3, -2, -7, 1, -3, 1, -8, 7, 4, 7, -3]);
    let (_, pivots) = reduce(&matrix(3, 4, 2), &[0; 12]).unwrap();
    assert_eq!(pivots.len(), 12, "the signed rule's 3 x 4 matrix as the seed prints it");
    assert_ne!(clues_of(&[8, 5, 8, 5, -5, -8, -5, -8, 8, 5, 8, 5], 3, 4, 2), [0; 12]);
    let clues: Vec<Option<i64>> = clues_of(&SEED_GRID, 3, 4, 2).into_iter().map(Some).collect();
    assert_eq!(oracle(3, 4, 2, &clues, 0, 9), 1);
    assert_eq!(counted(&seed002("signed.ashes")), (1, 10));
    // On 3 x 3 the signed rule is singular (rank 6): the seed's grid's first three columns give
    // clues that 135 digit grids fit, counted by enumerating the null space.
    let (_, pivots) = reduce(&matrix(3, 3, 2), &[0; 9]).unwrap();
    assert_eq!(pivots.len(), 6);
    let block = [1, 3, 6, 4, 2, 1, 2, 3, 4];
    assert_eq!(clues_of(&block, 3, 3, 2), [-1, 3, -4, 1, -3, 0, 7, 4, -2]);
    let clues: Vec<Option<i64>> = clues_of(&block, 3, 3, 2).into_iter().map(Some).collect();
    let want = oracle(3, 3, 2, &clues, 0, 9);
    assert_eq!(want, 135);
    assert_eq!(counted(&seed002("signed-3x3.ashes")), (want, 12));
    // Over -9..9 more of the null space fits.
    let wide = oracle(3, 3, 2, &clues, -9, 9);
    assert!(wide > want, "{wide} grids in -9..9, {want} in 0..9");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wide.ashes");
    let text = std::fs::read_to_string(seed002("signed-3x3.ashes"))
        .unwrap()
        .replace("rule signed", "rule signed\ndigits -9 9");
    std::fs::write(&path, text).unwrap();
    let (_, out) = run(&["count", path.to_str().unwrap(), "--ints", "log"]);
    assert!(out.starts_with(&format!("{wide} solution")), "{out}");
}

/// 60 random clue grids up to 4 x 4 (both rules, singular sizes included): clues of a random
/// grid, some withheld or changed by one; wgrnd's count equals the oracle's.
#[test]
fn counts_equal_exact_linear_algebra_on_random_grids() {
    let mut rng = Rng::new(5);
    let (mut tested, mut seen) = (0, [0; 3]);
    while tested < 60 {
        let (rows, cols) = (rng.range(1, 4) as usize, rng.range(1, 4) as usize);
        let rule = if rng.chance(50) { 1 } else { 2 };
        let hi = rng.range(1, 9);
        let grid: Vec<i64> = (0..rows * cols).map(|_| rng.range(0, hi)).collect();
        let mut clues: Vec<Option<i64>> = clues_of(&grid, rows, cols, rule).into_iter().map(Some).collect();
        let i = rng.range(0, clues.len() as i64 - 1) as usize;
        if rng.chance(20) {
            clues[i] = clues[i].map(|v| v + 1);
        } else if rng.chance(20) {
            clues[i] = None;
        }
        let want = oracle(rows, cols, rule, &clues, 0, hi);
        if want > 300 {
            continue; // counting is enumeration: keep the test fast
        }
        let mut text = format!("rule {}\ndigits 0 {hi}\n", if rule == 1 { "neighbours" } else { "signed" });
        for r in 0..rows {
            let row: Vec<String> =
                (0..cols).map(|c| clues[r * cols + c].map_or("?".into(), |v| v.to_string())).collect();
            text.push_str(&(row.join(" ") + "\n"));
        }
        assert_eq!(count("ashes", &text, IntEncoding::Log), want, "{text}");
        seen[want.min(2) as usize] += 1;
        tested += 1;
    }
    assert!(seen.iter().all(|&s| s >= 5), "too few of each kind (none, one, several): {seen:?}");
}

#[test]
fn bad_clue_grids_are_refused_with_file_and_line() {
    refused("a.ashes", "1 2\n3\n", 2, "2 cells, as in the first row (line 1)");
    refused("b.ashes", "1 2\n3 x\n", 2, "a clue: a whole number from -81 to 81, or `?`");
    refused("c.ashes", "rule sideways\n1 2\n", 1, "`rule neighbours` or `rule signed`");
    refused("d.ashes", "digits 5 1\n1 2\n", 1, "LO <= HI");
    refused("e.ashes", "% nothing\n", 0, "one line per grid row");
    refused("f.ashes", "1 2\n3 4 | 5\n", 2, "clues only (no `|`)");
}
