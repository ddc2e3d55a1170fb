//! Minesweeper: a board after a first click, and random small boards against brute force over
//! every placement of mines on the closed cells. The board, its text, the random boards and the
//! brute force are `pub(crate)` for other tests (e.g. of what can be deduced: the intersection of
//! [`solutions`]).

use super::{count, counted, picture, refused, seed002, svg, Rng};
use wgrnd_lang::IntEncoding;

/// A test board: per cell `Some(n)` opened showing n, `Some(9)` flagged, `None` closed.
pub(crate) struct Board {
    pub rows: usize,
    pub cols: usize,
    pub cells: Vec<Option<u8>>,
    pub mines: Option<usize>,
}

pub(crate) const FLAG: u8 = 9;

/// Every mine set (as a bit mask over the cells) that agrees with the board.
pub(crate) fn solutions(b: &Board) -> Vec<u32> {
    let n = b.rows * b.cols;
    let closed: Vec<usize> = (0..n).filter(|&i| b.cells[i].is_none()).collect();
    let flags: u32 = (0..n).filter(|&i| b.cells[i] == Some(FLAG)).map(|i| 1 << i).sum();
    let mut found = Vec::new();
    for choice in 0u32..1 << closed.len() {
        let mut mines = flags;
        for (k, &i) in closed.iter().enumerate() {
            if choice >> k & 1 == 1 {
                mines |= 1 << i;
            }
        }
        if b.mines.is_some_and(|m| mines.count_ones() as usize != m) {
            continue;
        }
        let ok = (0..n).all(|i| match b.cells[i] {
            Some(shown) if shown != FLAG => {
                let (r, c) = ((i / b.cols) as i64, (i % b.cols) as i64);
                let mut around = 0;
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let (r2, c2) = (r + dr, c + dc);
                        if (dr, dc) != (0, 0) && (0..b.rows as i64).contains(&r2) && (0..b.cols as i64).contains(&c2) {
                            around += mines >> (r2 as usize * b.cols + c2 as usize) & 1;
                        }
                    }
                }
                around == u32::from(shown)
            }
            _ => true,
        });
        if ok {
            found.push(mines);
        }
    }
    found
}

pub(crate) fn text(b: &Board) -> String {
    let mut t = b.mines.map_or(String::new(), |m| format!("mines {m}\n"));
    for r in 0..b.rows {
        let row: Vec<String> = (0..b.cols)
            .map(|c| match b.cells[r * b.cols + c] {
                None => ".".into(),
                Some(FLAG) => "*".into(),
                Some(n) => n.to_string(),
            })
            .collect();
        t.push_str(&(row.join(" ") + "\n"));
    }
    t
}

/// A random board: mines on about a quarter of the cells, some safe cells opened with their true
/// numbers, a mine flagged now and then, the total given half the time, and now and then a
/// number off by one (often no solution then).
pub(crate) fn random_board(rng: &mut Rng) -> Board {
    let (rows, cols) = (rng.range(1, 4) as usize, rng.range(2, 4) as usize);
    let n = rows * cols;
    let mines: Vec<bool> = (0..n).map(|_| rng.chance(25)).collect();
    let mut cells = vec![None; n];
    for i in 0..n {
        let (r, c) = ((i / cols) as i64, (i % cols) as i64);
        if mines[i] {
            if rng.chance(10) {
                cells[i] = Some(FLAG);
            }
        } else if rng.chance(45) {
            let mut around = 0u8;
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (r2, c2) = (r + dr, c + dc);
                    if (dr, dc) != (0, 0) && (0..rows as i64).contains(&r2) && (0..cols as i64).contains(&c2) {
                        around += u8::from(mines[r2 as usize * cols + c2 as usize]);
                    }
                }
            }
            cells[i] = Some(around);
        }
    }
    if rng.chance(30) {
        if let Some(i) = (0..n).find(|&i| cells[i].is_some_and(|v| v != FLAG && v < 8)) {
            cells[i] = cells[i].map(|v| v + 1);
        }
    }
    let total = rng.chance(50).then(|| mines.iter().filter(|&&m| m).count());
    Board { rows, cols, cells, mines: total }
}

#[test]
fn a_board_after_the_first_click() {
    let file = seed002("first-click.mines");
    let (c, out) = super::run(&["count", &file, "--max", "2"]);
    assert_eq!(c, 12, "{out}");
    insta::assert_snapshot!("minesweeper_first_click", picture(&file));
    insta::assert_snapshot!("minesweeper_first_click_svg", svg(&file));
    // A board that only has its total: C(4, 2) ways for 2 mines on a 2 x 2 board.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blank.mines");
    std::fs::write(&path, "mines 2\n..\n..\n").unwrap();
    assert_eq!(counted(path.to_str().unwrap()).0, 6);
}

/// A published board (xkcd 2496's captcha): unique, as brute force agrees, with the mines where
/// brute force puts them.
#[test]
fn the_xkcd_captcha_is_unique() {
    let file = seed002("xkcd-2496.mines");
    assert_eq!(counted(&file), (1, 10));
    let shown = [
        Some(2),
        None,
        Some(1),
        None,
        None,
        None,
        Some(3),
        None,
        Some(3),
        None,
        None,
        None,
        None,
        Some(1),
        None,
        Some(1),
    ];
    let b = Board { rows: 4, cols: 4, cells: shown.to_vec(), mines: None };
    let found = solutions(&b);
    assert_eq!(found.len(), 1);
    let drawn = picture(&file);
    let mines: String = (0..16).map(|i| if found[0] >> i & 1 == 1 { '#' } else { '.' }).collect();
    assert_eq!(drawn.replace([' ', '\n'], ""), mines);
    insta::assert_snapshot!("minesweeper_xkcd_2496", drawn);
}

/// 60 random boards up to 4 x 4: wgrnd's count equals the number of mine placements that brute
/// force finds.
#[test]
fn counts_equal_brute_force_on_random_boards() {
    let mut rng = Rng::new(7);
    let mut seen = [0; 3];
    for _ in 0..60 {
        let b = random_board(&mut rng);
        let want = solutions(&b).len() as u64;
        assert_eq!(count("minesweeper", &text(&b), IntEncoding::Order), want, "{}", text(&b));
        seen[want.min(2) as usize] += 1;
    }
    assert!(seen.iter().all(|&s| s >= 5), "too few of each kind (none, one, several): {seen:?}");
}

#[test]
fn bad_boards_are_refused_with_file_and_line() {
    refused("a.mines", "mines 2\n1 . .\n1 9 .\n", 3, "a digit 0-8 (opened), `.` (closed) or `*` (a mine)");
    refused("b.mines", "mines 7\n1 .\n. .\n", 1, "the number of mines from 0 to 4");
    refused("c.mines", "1 . .\n1 .\n", 2, "3 cells, as in the first row (line 1)");
    refused("d.mines", "mines\n1 .\n", 1, "`mines N`");
    refused("e.mines", "1 . | 1\n", 1, "cells only (minesweeper has no row counts)");
}

/// Seed 002's "which cells can be deduced": `wgrnd backbone` on the bundled minesweeper model
/// fixes exactly the closed cells that are a mine in every solution or in none, as the brute force
/// over all mine sets says, on 20 random boards that have a solution (and one without: exit 20).
#[test]
fn backbone_is_the_intersection_of_all_solutions_on_20_random_boards() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng::new(20_261_123);
    let (mut tested, mut unsolvable, mut fixed_total, mut open_total) = (0, 0, 0, 0);
    while tested < 20 || unsolvable == 0 {
        let b = random_board(&mut rng);
        let all = solutions(&b);
        let path = dir.path().join(format!("board-{tested}-{unsolvable}.mines"));
        std::fs::write(&path, text(&b)).unwrap();
        let path = path.to_string_lossy().into_owned();
        let r = crate::wgrnd(&["backbone", &path, "--json"], None);
        if all.is_empty() {
            assert_eq!(crate::code(&r), 20, "{}\n{}", text(&b), crate::stderr(&r));
            unsolvable += 1;
            continue;
        }
        if tested == 20 {
            continue;
        }
        assert_eq!(crate::code(&r), 0, "{}\n{}", text(&b), crate::stderr(&r));
        let doc: serde_json::Value = serde_json::from_str(&crate::stdout(&r)).unwrap();
        let fixed: std::collections::BTreeMap<String, bool> = doc["fixed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| (f["atom"].as_str().unwrap().to_string(), f["value"].as_bool().unwrap()))
            .collect();
        for i in (0..b.rows * b.cols).filter(|&i| b.cells[i].is_none()) {
            let mine = |s: &u32| s >> i & 1 == 1;
            let same = all.iter().all(|s| mine(s) == mine(&all[0]));
            let atom = format!("mine({},{})", i / b.cols + 1, i % b.cols + 1);
            let want = same.then(|| mine(&all[0]));
            assert_eq!(fixed.get(&atom).copied(), want, "{atom} on\n{}{} solutions", text(&b), all.len());
            if same {
                fixed_total += 1;
            } else {
                open_total += 1;
            }
        }
        // Nothing listed that the brute force does not fix (opened cells are no atoms at all).
        for (atom, value) in &fixed {
            let rc: Vec<usize> =
                atom.trim_start_matches("mine(").trim_end_matches(')').split(',').map(|x| x.parse().unwrap()).collect();
            let i = (rc[0] - 1) * b.cols + rc[1] - 1;
            assert!(all.iter().all(|s| (s >> i & 1 == 1) == *value), "{atom} = {value} is not fixed");
        }
        tested += 1;
    }
    assert!(fixed_total > 0 && open_total > 0, "the boards decide some cells and leave others open");
}
