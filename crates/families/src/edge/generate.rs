//! Random solved boards: a label drawn for every edge of an R x C board, cut into pieces, then
//! shuffled and turned. Reproducible from the seed.

use std::fmt::Write as _;

use crate::edge::formats::{read_puzzle, ReadOptions};
use crate::edge::model::{Placement, Puzzle};
use wgrnd_seam::SplitMix64;

/// How labels match in a generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeneratedRule {
    /// Equal labels match.
    Equal,
    /// Complementary labels match: labels 1..2N, matching when they sum to 2N + 1.
    Complement,
}

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generate {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Colours of the inner edges.
    pub colors: u32,
    /// With a frame: the colours of the edges between two frame squares (the outer edges show the
    /// frame label 0). Without: outer edges get random colours too and are unconstrained.
    pub frame_colors: Option<u32>,
    /// The matching rule.
    pub rule: GeneratedRule,
    /// Seed of the random draws.
    pub seed: u64,
}

/// A generated puzzle and its solution (in the puzzle's own piece numbering and turns).
pub fn generate(g: &Generate) -> (Puzzle, Vec<Placement>) {
    let (rows, cols) = (g.rows, g.cols);
    let mut rng = SplitMix64(g.seed ^ 0x5851_f42d_4c95_7f2d);
    let inner = g.colors.max(1);
    let framed = g.frame_colors.is_some();
    let frame_colors = g.frame_colors.unwrap_or(0).max(u32::from(framed));
    // Colour c (1-based) of the inner set is c; of the frame-edge set, inner + c. Under the
    // complement rule colour c shows as c on one side and as 2N + 1 - c on the other.
    let total = inner + frame_colors;
    let on_frame_line = |r: usize, c: usize, r2: usize, c2: usize| {
        framed
            && ((r == 0 && r2 == 0)
                || (r == rows - 1 && r2 == rows - 1)
                || (c == 0 && c2 == 0)
                || (c == cols - 1 && c2 == cols - 1))
    };
    let mut draw = |frame_edge: bool| -> (u32, u32) {
        let colour = if frame_edge {
            inner + 1 + rng.below(u64::from(frame_colors)) as u32
        } else {
            1 + rng.below(u64::from(inner)) as u32
        };
        match g.rule {
            GeneratedRule::Equal => (colour, colour),
            GeneratedRule::Complement => {
                if rng.below(2) == 0 {
                    (colour, 2 * total + 1 - colour)
                } else {
                    (2 * total + 1 - colour, colour)
                }
            }
        }
    };
    // edges[r][c] = [N, E, S, W] labels of the piece solved on square (r, c).
    let mut edges = vec![vec![[0u32; 4]; cols]; rows];
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                let (a, b) = draw(on_frame_line(r, c, r, c + 1));
                edges[r][c][1] = a;
                edges[r][c + 1][3] = b;
            }
            if r + 1 < rows {
                let (a, b) = draw(on_frame_line(r, c, r + 1, c));
                edges[r][c][2] = a;
                edges[r + 1][c][0] = b;
            }
        }
    }
    if !framed {
        // Outer edges: any colour (they match nothing).
        for (r, row) in edges.iter_mut().enumerate() {
            for (c, square) in row.iter_mut().enumerate() {
                for (side, outer) in [(0, r == 0), (1, c == cols - 1), (2, r == rows - 1), (3, c == 0)] {
                    if outer {
                        square[side] = draw(false).0;
                    }
                }
            }
        }
    }
    let mut text = String::new();
    let rule = match g.rule {
        GeneratedRule::Equal => "equal".to_string(),
        GeneratedRule::Complement => format!("sum {}", 2 * total + 1),
    };
    let frame = if framed { "0" } else { "none" };
    let _ = writeln!(text, "name gen-{rows}x{cols}-c{inner}-s{}", g.seed);
    let _ = writeln!(text, "size {rows} {cols}\nmatch {rule}\nframe {frame}");
    for row in &edges {
        for e in row {
            let _ = writeln!(text, "piece {} {} {} {}", e[0], e[1], e[2], e[3]);
        }
    }
    let solved = read_puzzle("generated.wgrnd", &text, &ReadOptions::default())
        .expect("a generated board is a valid puzzle by construction");
    let (puzzle, map) = solved.shuffled_tracked(g.seed);
    let solution = (0..rows * cols)
        .map(|i| map.apply(&Placement { row: i / cols, col: i % cols, piece: i, rotation: 0 }))
        .collect();
    (puzzle, solution)
}
