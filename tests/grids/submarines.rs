//! Submarines: the seed's four 3 x 3 examples, and random row and column sums against the seed's
//! own tests: Gale–Ryser majorization for existence, the chain test for uniqueness.

use super::{count, counted, picture, refused, seed002, svg, Rng};
use wgrnd_lang::IntEncoding;

/// The seed's existence test: sort R and C decreasing, form the conjugate R* of R
/// (R*(j) = how many rows have at least j), and require C(1) + ... + C(j) <= R*(1) + ... + R*(j)
/// for every j, with equal totals and every sum within the grid.
fn majorization(rows: &[usize], cols: &[usize]) -> bool {
    let (m, n) = (rows.len(), cols.len());
    if rows.iter().any(|&r| r > n) || cols.iter().any(|&c| c > m) {
        return false;
    }
    if rows.iter().sum::<usize>() != cols.iter().sum::<usize>() {
        return false;
    }
    let mut c = cols.to_vec();
    c.sort_unstable_by(|a, b| b.cmp(a));
    let conjugate: Vec<usize> = (1..=n).map(|j| rows.iter().filter(|&&r| r >= j).count()).collect();
    let (mut sc, mut sr) = (0, 0);
    (0..n).all(|j| {
        sc += c[j];
        sr += conjugate[j];
        sc <= sr
    })
}

/// A solution when majorization holds (Ryser's construction: each row, largest first, puts its
/// ones in the columns with the most ones still wanted).
fn construct(rows: &[usize], cols: &[usize]) -> Vec<Vec<bool>> {
    let (m, n) = (rows.len(), cols.len());
    let mut want = cols.to_vec();
    let mut a = vec![vec![false; n]; m];
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(rows[i]));
    for i in order {
        let mut by_want: Vec<usize> = (0..n).collect();
        by_want.sort_by_key(|&j| std::cmp::Reverse(want[j]));
        for &j in &by_want[..rows[i]] {
            a[i][j] = true;
            want[j] -= 1;
        }
    }
    a
}

/// The seed's chain test: is there a closed path of alternating rook moves, horizontal moves
/// landing on 1 entries and vertical ones on 0 entries, never visiting an entry twice? As a
/// directed graph on rows and columns (row i -> column j on a 1, column j -> row i on a 0), such
/// a path is a directed cycle; swapping 0s and 1s along it gives a second solution.
fn has_chain(a: &[Vec<bool>]) -> bool {
    let (m, n) = (a.len(), a[0].len());
    // Nodes 0..m are rows, m..m+n columns; colour 0 unvisited, 1 on the stack, 2 done.
    fn visit(v: usize, a: &[Vec<bool>], m: usize, n: usize, colour: &mut [u8]) -> bool {
        colour[v] = 1;
        let next: Vec<usize> = if v < m {
            (0..n).filter(|&j| a[v][j]).map(|j| m + j).collect()
        } else {
            (0..m).filter(|&i| !a[i][v - m]).collect()
        };
        for w in next {
            if colour[w] == 1 || colour[w] == 0 && visit(w, a, m, n, colour) {
                return true;
            }
        }
        colour[v] = 2;
        false
    }
    let mut colour = vec![0u8; m + n];
    (0..m + n).any(|v| colour[v] == 0 && visit(v, a, m, n, &mut colour))
}

/// The oracle: 0 (no solution), 1 (unique) or 2 (several).
fn oracle(rows: &[usize], cols: &[usize]) -> u64 {
    if !majorization(rows, cols) {
        return 0;
    }
    let a = construct(rows, cols);
    for (i, r) in a.iter().enumerate() {
        assert_eq!(r.iter().filter(|&&x| x).count(), rows[i], "Ryser's construction");
    }
    for (j, &c) in cols.iter().enumerate() {
        assert_eq!(a.iter().filter(|r| r[j]).count(), c, "Ryser's construction");
    }
    if has_chain(&a) {
        2
    } else {
        1
    }
}

/// The exact number of 0/1 matrices with these sums, by trying them all (small grids only).
fn brute_force(rows: &[usize], cols: &[usize]) -> u64 {
    let (m, n) = (rows.len(), cols.len());
    (0u32..1 << (m * n))
        .filter(|bits| {
            let at = |i: usize, j: usize| bits >> (i * n + j) & 1 == 1;
            (0..m).all(|i| (0..n).filter(|&j| at(i, j)).count() == rows[i])
                && (0..n).all(|j| (0..m).filter(|&i| at(i, j)).count() == cols[j])
        })
        .count() as u64
}

fn drawing(rows: &[usize], cols: &[usize]) -> String {
    let mut text = String::new();
    for r in rows {
        text.push_str(&format!("{}| {r}\n", "? ".repeat(cols.len())));
    }
    let c: Vec<String> = cols.iter().map(ToString::to_string).collect();
    text + &c.join(" ") + "\n"
}

#[test]
fn the_seeds_examples() {
    for (name, rows, cols, want) in [
        ("two.submarines", [0, 1, 1], [1, 1, 0], 2),
        ("none.submarines", [3, 2, 0], [1, 3, 1], 0),
        ("one.submarines", [2, 1, 3], [1, 2, 3], 1),
        ("chain.submarines", [2, 2, 1], [1, 3, 1], 2),
    ] {
        assert_eq!(counted(&seed002(name)).0, want, "{name}");
        assert_eq!(oracle(&rows, &cols), want.min(2), "{name}");
        assert_eq!(brute_force(&rows, &cols), want, "{name}");
    }
    // The seed's worked majorization: R = (3, 2, 0), C = (3, 1, 1) fails at the first sum.
    assert!(!majorization(&[3, 2, 0], &[1, 3, 1]));
    assert!(majorization(&[2, 2, 1], &[1, 3, 1]));
    // The seed's 5 x 6 solution A with a chain (it builds a second solution B from it).
    let a: Vec<Vec<bool>> = ["100010", "001000", "000010", "010110", "010001"]
        .iter()
        .map(|r| r.chars().map(|c| c == '1').collect())
        .collect();
    assert!(has_chain(&a));
    // Drawn as the seed prints the one solution.
    assert_eq!(picture(&seed002("one.submarines")), "0 1 1\n0 0 1\n1 1 1\n");
    insta::assert_snapshot!("submarines_one", picture(&seed002("one.submarines")));
    insta::assert_snapshot!("submarines_one_svg", svg(&seed002("one.submarines")));
}

/// 60 random pairs of sum vectors on grids up to 4 x 4: half the sums of a random matrix (at least
/// one solution), half random (often none); wgrnd's count (every solution checked) says no
/// solution, one or several exactly when the seed's tests do, and equals the brute-force count.
#[test]
fn counts_equal_the_seeds_tests_on_random_sums() {
    let mut rng = Rng::new(2);
    let mut seen = [0; 3];
    for i in 0..60 {
        let (m, n) = (rng.range(2, 4) as usize, rng.range(2, 4) as usize);
        let (rows, cols): (Vec<usize>, Vec<usize>) = if i % 2 == 0 {
            let a: Vec<Vec<bool>> = (0..m).map(|_| (0..n).map(|_| rng.chance(50)).collect()).collect();
            (
                (0..m).map(|r| a[r].iter().filter(|&&x| x).count()).collect(),
                (0..n).map(|c| a.iter().filter(|r| r[c]).count()).collect(),
            )
        } else {
            (
                (0..m).map(|_| rng.range(0, n as i64) as usize).collect(),
                (0..n).map(|_| rng.range(0, m as i64) as usize).collect(),
            )
        };
        let text = drawing(&rows, &cols);
        let got = count("submarines", &text, IntEncoding::Order);
        assert_eq!(got.min(2), oracle(&rows, &cols), "{text}");
        assert_eq!(got, brute_force(&rows, &cols), "{text}");
        seen[got.min(2) as usize] += 1;
    }
    assert!(seen.iter().all(|&s| s >= 5), "too few of each kind (none, one, several): {seen:?}");
}

#[test]
fn bad_drawings_are_refused_with_file_and_line() {
    refused("a.submarines", "? ? ? | 1\n? ? | 1\n1 1 0\n", 2, "3 cells, as in the first row (line 1)");
    refused("b.submarines", "? ? | 1\n? x | 1\n1 1\n", 2, "`?` (an unknown cell)");
    refused("c.submarines", "? ? | 3\n? ? | 1\n1 1\n", 1, "a row count from 0 to 2");
    refused("d.submarines", "? ? | 1\n? ? | 1\n1 1 1\n", 3, "one count (or `?`) per column: 2");
    refused("e.submarines", "? ? | 1\n? ? | x\n1 1\n", 2, "a row count: a whole number from 0, or `?`");
    refused("f.submarines", "? ? | 1\n? ? | 1\n", 2, "a last line of column counts");
}
