//! Battleships: the seed's fleet on a 10 x 10 puzzle, and random 6 x 6 puzzles with a smaller
//! fleet against brute force over every fleet placement.

use std::collections::HashSet;

use super::{count, counted, picture, refused, run, seed002, svg, Rng};
use wgrnd_lang::IntEncoding;

const N: usize = 6;
/// Ship lengths of the small fleet: a destroyer, a cruiser, two submarines.
const FLEET: [usize; 4] = [3, 2, 1, 1];

/// A ship: length, top or left cell, and whether it lies down.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Ship {
    len: usize,
    r: usize,
    c: usize,
    down: bool,
}

impl Ship {
    fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (0..self.len).map(move |k| if self.down { (self.r + k, self.c) } else { (self.r, self.c + k) })
    }
    fn mask(self) -> u64 {
        self.cells().map(|(r, c)| 1u64 << (r * N + c)).sum()
    }
    /// Its cells and every cell touching them, sides or corners.
    fn halo(self) -> u64 {
        let mut m = 0;
        for (r, c) in self.cells() {
            for r2 in r.saturating_sub(1)..=(r + 1).min(N - 1) {
                for c2 in c.saturating_sub(1)..=(c + 1).min(N - 1) {
                    m |= 1u64 << (r2 * N + c2);
                }
            }
        }
        m
    }
    /// What a revealed cell of this ship shows (`o < > ^ v #`).
    fn shows(self, r: usize, c: usize) -> char {
        let k = if self.down { r - self.r } else { c - self.c };
        match (self.len, k, self.down) {
            (1, _, _) => 'o',
            (_, 0, false) => '<',
            (_, 0, true) => '^',
            (l, k, false) if k == l - 1 => '>',
            (l, k, true) if k == l - 1 => 'v',
            _ => '#',
        }
    }
}

fn placements(len: usize) -> Vec<Ship> {
    let mut v = Vec::new();
    for r in 0..N {
        for c in 0..N {
            for down in [false, true] {
                if len == 1 && down {
                    continue;
                }
                let (r_end, c_end) = if down { (r + len - 1, c) } else { (r, c + len - 1) };
                if r_end < N && c_end < N {
                    v.push(Ship { len, r, c, down });
                }
            }
        }
    }
    v
}

/// A 6 x 6 puzzle: counts (`None` withheld) and revealed cells.
struct Puzzle {
    rows: Vec<Option<usize>>,
    cols: Vec<Option<usize>>,
    seen: Vec<Vec<char>>,
}

/// The distinct ship-part patterns of every placement of the fleet that agrees with the puzzle.
fn brute_force(p: &Puzzle) -> usize {
    fn go(p: &Puzzle, k: usize, from: usize, fleet: &mut Vec<Ship>, taken: u64, halo: u64, out: &mut HashSet<u64>) {
        let line = |m: u64, r: Option<usize>, c: Option<usize>| {
            (0..N).filter(|&i| m >> (r.unwrap_or(i) * N + c.unwrap_or(i)) & 1 == 1).count()
        };
        // Prune: no row or column may hold more parts than it says.
        let over = (0..N).any(|i| p.rows[i].is_some_and(|k| line(taken, Some(i), None) > k))
            || (0..N).any(|j| p.cols[j].is_some_and(|k| line(taken, None, Some(j)) > k));
        if over {
            return;
        }
        if k == FLEET.len() {
            let counts = (0..N).all(|i| p.rows[i].is_none_or(|k| line(taken, Some(i), None) == k))
                && (0..N).all(|j| p.cols[j].is_none_or(|k| line(taken, None, Some(j)) == k));
            let seen = (0..N).all(|r| {
                (0..N).all(|c| {
                    let ship = fleet.iter().find(|s| s.cells().any(|x| x == (r, c)));
                    match (p.seen[r][c], ship) {
                        ('.', _) => true,
                        ('~', s) => s.is_none(),
                        (ch, Some(s)) => s.shows(r, c) == ch,
                        (_, None) => false,
                    }
                })
            });
            if counts && seen {
                out.insert(taken);
            }
            return;
        }
        let all = placements(FLEET[k]);
        // Ships of one length are placed in increasing order, so each fleet is met once.
        let start = if k > 0 && FLEET[k - 1] == FLEET[k] { from } else { 0 };
        for (i, s) in all.iter().enumerate().skip(start) {
            if s.mask() & halo == 0 {
                fleet.push(*s);
                go(p, k + 1, i + 1, fleet, taken | s.mask(), halo | s.halo(), out);
                fleet.pop();
            }
        }
    }
    let mut out = HashSet::new();
    go(p, 0, 0, &mut Vec::new(), 0, 0, &mut out);
    out.len()
}

fn text(p: &Puzzle) -> String {
    let mut t = String::from("fleet 2 1 1\n");
    for r in 0..N {
        let row: Vec<String> = p.seen[r].iter().map(char::to_string).collect();
        t.push_str(&format!("{} | {}\n", row.join(" "), p.rows[r].map_or("?".into(), |k| k.to_string())));
    }
    let cols: Vec<String> = p.cols.iter().map(|k| k.map_or("?".into(), |k| k.to_string())).collect();
    t + &cols.join(" ") + "\n"
}

/// A random puzzle: a random fleet, its counts (a few withheld), a few of its cells revealed, and
/// now and then a revealed cell that is wrong.
fn random_puzzle(rng: &mut Rng) -> Puzzle {
    let fleet = loop {
        let mut fleet: Vec<Ship> = Vec::new();
        let mut halo = 0;
        for &len in &FLEET {
            let all = placements(len);
            let s = all[rng.range(0, all.len() as i64 - 1) as usize];
            if s.mask() & halo != 0 {
                break;
            }
            halo |= s.halo();
            fleet.push(s);
        }
        if fleet.len() == FLEET.len() {
            break fleet;
        }
    };
    let at = |r: usize, c: usize| fleet.iter().find(|s| s.cells().any(|x| x == (r, c))).copied();
    let mut rng_count = |n: usize| if rng.chance(12) { None } else { Some(n) };
    let rows = (0..N).map(|r| rng_count((0..N).filter(|&c| at(r, c).is_some()).count())).collect();
    let cols = (0..N).map(|c| rng_count((0..N).filter(|&r| at(r, c).is_some()).count())).collect();
    let mut seen = vec![vec!['.'; N]; N];
    for _ in 0..rng.range(0, 3) {
        let (r, c) = (rng.range(0, 5) as usize, rng.range(0, 5) as usize);
        seen[r][c] = at(r, c).map_or('~', |s| s.shows(r, c));
        if rng.chance(10) {
            seen[r][c] = ['~', 'o', '<', '>', '^', 'v', '#'][rng.range(0, 6) as usize];
        }
    }
    Puzzle { rows, cols, seen }
}

#[test]
fn the_seeds_fleet_on_ten_by_ten() {
    let file = seed002("fleet.ships");
    assert_eq!(counted(&file), (1, 10));
    insta::assert_snapshot!("battleships_fleet", picture(&file));
    insta::assert_snapshot!("battleships_fleet_svg", svg(&file));
    // The same counts with no cell revealed: many fleets fit.
    let text = std::fs::read_to_string(&file).unwrap();
    let blank: String = text
        .lines()
        .map(|l| match l.split_once('|') {
            Some((cells, count)) => format!("{}|{count}\n", cells.replace(['o', '^', '#', '~'], ".")),
            None => format!("{l}\n"),
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blank.ships");
    std::fs::write(&path, blank).unwrap();
    let (c, out) = run(&["count", path.to_str().unwrap()]);
    assert_eq!((c, out.split(' ').next()), (12, Some("947")), "{out}");
}

/// A published puzzle (CSPLib problem 014's example, from GAMES Magazine, August 1998): one
/// revealed submarine and the counts make it unique.
#[test]
fn the_games_magazine_puzzle_is_unique() {
    let file = seed002("games-1998.ships");
    assert_eq!(counted(&file), (1, 10));
    insta::assert_snapshot!("battleships_games_1998", picture(&file));
}

/// 50 random 6 x 6 puzzles with a destroyer, a cruiser and two submarines: wgrnd's count equals
/// the brute-force count of fleets.
#[test]
fn counts_equal_brute_force_on_random_six_by_six() {
    let mut rng = Rng::new(11);
    let mut seen = [0; 3];
    for _ in 0..50 {
        let p = random_puzzle(&mut rng);
        let want = brute_force(&p) as u64;
        assert_eq!(count("battleships", &text(&p), IntEncoding::Order), want, "{}", text(&p));
        seen[want.min(2) as usize] += 1;
    }
    assert!(seen.iter().all(|&s| s >= 3), "too few of each kind (none, one, several): {seen:?}");
}

#[test]
fn bad_puzzles_are_refused_with_file_and_line() {
    refused("a.ships", "fleet 1\n. x | 1\n. . | 0\n1 0\n", 2, "`~` (water)");
    refused("b.ships", "fleet 1 z\n. . | 1\n. . | 0\n1 0\n", 1, "`fleet N1 N2 ...`");
    refused("c.ships", "fleet 1\n. . | 1\n. . | 0\n1 0 1\n", 4, "one count (or `?`) per column: 2");
    refused("d.ships", "fleet 1\n. . | 1 2\n. . | 0\n1 0\n", 2, "one row count after `|`");
    refused("e.ships", "fleet 1\n. . | 1\n. . | 0\n1 3\n", 4, "a column count from 0 to 2");
}
