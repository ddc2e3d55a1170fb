//! Lights out: a 5 x 5 board with every light on, and random boards against Gaussian elimination
//! over GF(2).

use super::{count, counted, picture, refused, seed002, svg, Rng};
use wgrnd_lang::IntEncoding;

/// Rank of the press matrix over GF(2) restricted to the given lights, and whether `lights` (the
/// given ones) can all be turned off; the number of press sets is then 2^(cells - rank).
/// Row i: the presses that switch light i (itself and its four neighbours).
pub(super) fn eliminate(rows: usize, cols: usize, lights: &[Option<bool>]) -> (usize, bool) {
    let n = rows * cols;
    let mut eqs: Vec<(Vec<bool>, bool)> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let Some(on) = lights[r * cols + c] else { continue };
            let mut row = vec![false; n];
            row[r * cols + c] = true;
            if r > 0 {
                row[(r - 1) * cols + c] = true;
            }
            if r + 1 < rows {
                row[(r + 1) * cols + c] = true;
            }
            if c > 0 {
                row[r * cols + c - 1] = true;
            }
            if c + 1 < cols {
                row[r * cols + c + 1] = true;
            }
            eqs.push((row, on));
        }
    }
    let mut rank = 0;
    for col in 0..n {
        let Some(p) = (rank..eqs.len()).find(|&i| eqs[i].0[col]) else { continue };
        eqs.swap(rank, p);
        let pivot = eqs[rank].clone();
        for (i, eq) in eqs.iter_mut().enumerate() {
            if i != rank && eq.0[col] {
                for (x, y) in eq.0.iter_mut().zip(&pivot.0) {
                    *x ^= *y;
                }
                eq.1 ^= pivot.1;
            }
        }
        rank += 1;
    }
    (rank, eqs[rank..].iter().all(|(_, rhs)| !rhs))
}

pub(super) fn oracle(rows: usize, cols: usize, lights: &[Option<bool>]) -> u64 {
    match eliminate(rows, cols, lights) {
        (rank, true) => 1 << (rows * cols - rank),
        (_, false) => 0,
    }
}

#[test]
fn five_by_five_has_rank_23_and_four_solutions_per_solvable_board() {
    assert_eq!(eliminate(5, 5, &[Some(false); 25]), (23, true));
    assert_eq!(counted(&seed002("all-on.lights")), (4, 12));
    assert_eq!(oracle(5, 5, &[Some(true); 25]), 4);
    insta::assert_snapshot!("lightsout_all_on", picture(&seed002("all-on.lights")));
    insta::assert_snapshot!("lightsout_all_on_svg", svg(&seed002("all-on.lights")));
    // Random 5 x 5 boards: a quarter of all boards can be solved, each in 4 ways; the others none.
    let mut rng = Rng::new(25);
    let mut solvable = 0;
    for _ in 0..20 {
        let lights: Vec<Option<bool>> = (0..25).map(|_| Some(rng.chance(50))).collect();
        let want = oracle(5, 5, &lights);
        assert!(want == 0 || want == 4);
        solvable += usize::from(want == 4);
        let text: String = lights
            .chunks(5)
            .map(|r| r.iter().map(|l| if *l == Some(true) { '1' } else { '0' }).collect::<String>() + "\n")
            .collect();
        assert_eq!(count("lightsout", &text, IntEncoding::Order), want, "{text}");
    }
    assert!((1..20).contains(&solvable), "{solvable}");
}

/// 60 random boards from 1 x 1 to 5 x 5, a few lights not given: wgrnd's count equals 2^(cells -
/// rank) for a consistent board and 0 otherwise.
#[test]
fn counts_equal_gf2_elimination_on_random_boards() {
    let mut rng = Rng::new(3);
    let (mut tested, mut seen) = (0, [0; 3]);
    while tested < 60 {
        let (rows, cols) = (rng.range(1, 5) as usize, rng.range(1, 5) as usize);
        let lights: Vec<Option<bool>> =
            (0..rows * cols).map(|_| if rng.chance(5) { None } else { Some(rng.chance(50)) }).collect();
        let want = oracle(rows, cols, &lights);
        if want > 64 {
            continue;
        }
        let text: String = lights
            .chunks(cols)
            .map(|r| {
                let cells: Vec<&str> = r
                    .iter()
                    .map(|l| match l {
                        Some(true) => "1",
                        Some(false) => "0",
                        None => "?",
                    })
                    .collect();
                cells.join(" ") + "\n"
            })
            .collect();
        assert_eq!(count("lightsout", &text, IntEncoding::Order), want, "{text}");
        seen[want.min(2) as usize] += 1;
        tested += 1;
    }
    assert!(seen.iter().all(|&s| s >= 5), "too few of each kind (none, one, several): {seen:?}");
}

#[test]
fn bad_boards_are_refused_with_file_and_line() {
    refused("a.lights", "1 0 1\n1 2 1\n", 2, "`1` (on), `0` (off) or `?` (not given)");
    refused("b.lights", "101\n10\n", 2, "3 cells, as in the first row (line 1)");
    refused("c.lights", "101 | ?\n", 1, "lights only");
}
