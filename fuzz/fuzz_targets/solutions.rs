//! Placement files (.sol/.clue, witch words, JSON) against a 3 x 3 puzzle: no panic, no hang; a
//! `.sol` that reads, written back, reads back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wgrnd_families::edge::formats::{read_puzzle, read_solution, write_sol, ReadOptions, SolutionFormat};

const WITCH: &str = "size 3 3\nmatch sum 9\nstyle witch\npiece 3 6 6 1\npiece 2 4 7 3\npiece 6 7 5 8\n\
piece 7 8 2 4\npiece 2 3 6 5\npiece 3 2 4 1\npiece 8 2 1 6\npiece 2 5 6 4\npiece 3 8 1 5\n";

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let p = read_puzzle("w.wgrnd", WITCH, &ReadOptions::default()).expect("the witch table reads");
    let format = [None, Some(SolutionFormat::Sol), Some(SolutionFormat::Witch), Some(SolutionFormat::Json)]
        [usize::from(pick) % 4];
    if let Ok(mut placements) = read_solution("fuzz", text, &p, format) {
        let sol = write_sol(&placements);
        let mut again = read_solution("fuzz.sol", &sol, &p, Some(SolutionFormat::Sol))
            .unwrap_or_else(|e| panic!("a written .sol does not read back: {e}\n{sol}"));
        // A solution is a set of placements: `.sol` lists them in board order.
        placements.sort();
        again.sort();
        assert_eq!(again, placements);
    }
});
