//! The everyday path: pictures (`--view svg` for every family, rendered to PNG and pinned), the
//! Eternity II community's ways (the e2.bucas.name link, the N/480 score of `check`), and the box
//! art of seed 004 read back as a puzzle and as a solution (wgrnd's own art too, round trip).
//!
//! The PNGs are drawn by resvg with the one font the tests ship (fixtures/fonts, DejaVu Sans
//! Mono Bold, Bitstream Vera licence), never a system font, so that they are the same on every
//! machine; the SVG text is pinned too.

use std::fs;

use wgrnd_families::edge::formats::{read_puzzle, read_solution, ReadOptions, SolutionFormat};
use wgrnd_families::edge::render::{render, View};
use wgrnd_families::{
    edge::generate::{generate, Generate, GeneratedRule},
    edge::model::{turned, Placement, Puzzle},
};

use crate::{code, fixture, stdout, wgrnd};

/// The SVG drawn as PNG with the shipped font only.
pub(crate) fn png(svg: &str) -> Vec<u8> {
    let mut opt = resvg::usvg::Options::default();
    opt.fontdb_mut().load_font_data(fs::read(fixture("fonts/DejaVuSansMono-Bold.ttf")).expect("the shipped font"));
    opt.fontdb_mut().set_monospace_family("DejaVu Sans Mono");
    assert_eq!(opt.fontdb.len(), 1, "only the shipped font draws the pictures");
    let tree = resvg::usvg::Tree::from_str(svg, &opt).expect("well-formed SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a non-empty picture");
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().expect("PNG")
}

/// Pins a picture twice: its SVG text and its PNG.
fn pin(name: &str, svg: &str) {
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"), "{svg}");
    insta::assert_snapshot!(format!("{name}_svg"), svg);
    insta::assert_binary_snapshot!(&format!("{name}.png"), png(svg));
}

fn run(args: &[&str], expected: i32) -> String {
    let out = wgrnd(args, None);
    assert_eq!(code(&out), expected, "{args:?}: {}", crate::stderr(&out));
    stdout(&out)
}

fn puzzle(rel: &str) -> Puzzle {
    let path = fixture(rel);
    read_puzzle(&path, &fs::read_to_string(&path).unwrap(), &ReadOptions::default()).unwrap()
}

#[test]
fn svg_of_a_solved_board_a_witch_puzzle_and_a_packing() {
    pin("seed004", &run(&["solve", "--view", "svg", &fixture("foursquares/seed004.txt")], 10));
    // The witch puzzle: the two halves of a witch (labels summing to 9) share a colour.
    pin("witches", &run(&["solve", "--view", "svg", &fixture("witch/witches.lpl")], 10));
    pin("soma", &run(&["solve", "--view", "svg", &fixture("packing/soma.pack")], 10));
    // A big framed board: grey frame, no labels written, three-digit piece numbers.
    pin("clue1", &run(&["solve", "--view", "svg", &fixture("heule/clue1.txt")], 10));
}

#[test]
fn svg_of_a_wrong_and_a_partial_board_marks_what_is_wrong() {
    // Seed 004's drawn board uses the four pieces but matches on two inner edges of four.
    let p = puzzle("foursquares/seed004.txt");
    let drawn = fs::read_to_string(fixture("foursquares/seed004-board.txt")).unwrap();
    let mut placements = read_solution("seed004-board.txt", &drawn, &p, None).unwrap();
    pin("seed004_drawn_board", &render(&p, &placements, View::Svg).unwrap());
    placements.retain(|pl| (pl.row, pl.col) != (1, 1));
    pin("seed004_partial", &render(&p, &placements, View::Svg).unwrap());
}

#[test]
fn svg_of_a_big_wrong_board() {
    // An Eternity II-sized board (16 x 16, 17 inner and 5 frame colours) with two inner pieces
    // swapped: of their 8 edges 6 mismatch (2 match by chance), 474/480.
    let spec =
        Generate { rows: 16, cols: 16, colors: 17, frame_colors: Some(5), rule: GeneratedRule::Equal, seed: 480 };
    let (p, mut solution) = generate(&spec);
    let at = |pls: &[Placement], r, c| pls.iter().position(|pl| (pl.row, pl.col) == (r, c)).unwrap();
    let (i, j) = (at(&solution, 5, 5), at(&solution, 9, 11));
    let (a, b) = (solution[i], solution[j]);
    solution[i] = Placement { piece: b.piece, rotation: b.rotation, ..a };
    solution[j] = Placement { piece: a.piece, rotation: a.rotation, ..b };
    let score = wgrnd_families::edge::check::edge_score(&p, &solution);
    assert_eq!((score.matched, score.total, score.mismatched.len()), (474, 480, 6));
    pin("e2_like_wrong", &render(&p, &solution, View::Svg).unwrap());
}

#[test]
fn svg_grid_for_cell_shaped_solutions() {
    // Eight queens as the modelling language would show `queen(r, c)`.
    let queens = [0, 4, 7, 5, 2, 6, 1, 3];
    let svg = wgrnd_families::svg::grid(8, 8, |r, c| (queens[r] == c).then(|| ("Q".to_string(), r)));
    pin("grid_queens", &svg);
}

/// Every view on every family, by one table: a view the family draws (its `Family::VIEWS`, the
/// renderer's list) solves and shows (exit 10); any other is refused as bad input (exit 2) by the
/// one generic check, naming the view and listing the views the family draws.
#[test]
fn every_view_on_every_family_is_drawn_or_refused_with_the_list() {
    use wgrnd_families::View;
    let model = crate::root().join("tests/wellposed/submarines.qp").to_string_lossy().into_owned();
    let families: [(&str, String, &[View]); 4] = [
        ("edge matching", fixture("heule/clue1.txt"), wgrnd_families::edge::render::VIEWS),
        ("packing", fixture("packing/tiny.pack"), wgrnd_families::packing::render::VIEWS),
        ("model", model, wgrnd_families::models::render::VIEWS),
        ("seed 002 format", fixture("seed002/one.submarines"), wgrnd_families::models::render::VIEWS),
    ];
    for (family, file, drawn) in &families {
        for view in View::ALL {
            let out = wgrnd(&["solve", "--view", view.name(), file], None);
            let err = crate::stderr(&out);
            if drawn.contains(&view) {
                assert_eq!(code(&out), 10, "{family} --view {}: {err}", view.name());
            } else {
                assert_eq!(code(&out), 2, "{family} --view {}: {err}", view.name());
                let names: Vec<&str> = drawn.iter().map(|v| v.name()).collect();
                let want = format!("--view {}: ", view.name());
                assert!(err.contains(&want) && err.contains(&names.join(", ")), "{family}: {err}");
            }
        }
    }
    // Every view is drawn by some family, and `--help` lists each with its help.
    assert!(View::ALL.iter().all(|v| families.iter().any(|(_, _, d)| d.contains(v))));
    let help = stdout(&wgrnd(&["solve", "--help"], None));
    for view in View::ALL {
        assert!(help.contains(view.name()) && help.contains(view.help()), "--help lacks {}:\n{help}", view.name());
    }
    // e2.bucas.name matches equal colours: the witch puzzle's sums would all look wrong there.
    let out = wgrnd(&["solve", "--view", "bucas", &fixture("witch/witches.lpl")], None);
    assert_eq!(code(&out), 2);
    assert!(crate::stderr(&out).contains("matches under `sum 9`"), "{}", crate::stderr(&out));
}

#[test]
fn bucas_link_of_a_solved_board() {
    let link = run(&["solve", "--view", "bucas", &fixture("heule/clue1.txt")], 10);
    insta::assert_snapshot!("bucas_clue1", link);
    let p = puzzle("heule/clue1.txt");
    let edges = link.split("board_edges=").nth(1).unwrap().split('&').next().unwrap();
    let pieces = link.split("board_pieces=").nth(1).unwrap().trim();
    assert_eq!((edges.len(), pieces.len()), (4 * p.squares(), 3 * p.squares()));
    // The frame is `a` on exactly the outer sides (up, right, down, left per square).
    for (i, cell) in edges.as_bytes().chunks(4).enumerate() {
        let (r, c) = (i / p.cols, i % p.cols);
        let outer = [r == 0, c + 1 == p.cols, r + 1 == p.rows, c == 0];
        for side in 0..4 {
            assert_eq!(cell[side] == b'a', outer[side], "square {i} side {side}");
        }
    }
}

/// Two Eternity II pieces that match side by side in the top-left corner (found by search).
fn e2_corner_pair(p: &Puzzle) -> [Placement; 2] {
    let frame = p.frame.unwrap();
    let fits = |piece: usize, k: u8, outer: [bool; 4]| {
        let s = turned(p.pieces[piece], k);
        (0..4).all(|d| (s[d] == frame) == outer[d])
    };
    for a in 0..p.pieces.len() {
        for ka in 0..4 {
            if !fits(a, ka, [true, false, false, true]) {
                continue;
            }
            for b in 0..p.pieces.len() {
                for kb in 0..4 {
                    if b != a
                        && fits(b, kb, [true, false, false, false])
                        && turned(p.pieces[a], ka)[1] == turned(p.pieces[b], kb)[3]
                    {
                        return [
                            Placement { row: 0, col: 0, piece: a, rotation: ka },
                            Placement { row: 0, col: 1, piece: b, rotation: kb },
                        ];
                    }
                }
            }
        }
    }
    panic!("no matching corner and border piece")
}

#[test]
fn check_scores_partial_and_wrong_boards_like_the_community() {
    // Eternity II: two pieces placed, one inner edge matched of 480.
    let p = puzzle("heule/e2pieces.txt");
    assert_eq!((p.rows, p.cols), (16, 16));
    let [a, b] = e2_corner_pair(&p);
    let dir = tempfile::tempdir().unwrap();
    let sol = dir.path().join("partial.sol");
    fs::write(&sol, format!("{} 0 0 {}\n{} 1 0 {}\n", a.piece, a.rotation, b.piece, b.rotation)).unwrap();
    let out = run(&["check", &fixture("heule/e2pieces.txt"), sol.to_str().unwrap()], 1);
    assert!(out.contains("score: 1/480 inner edges match"), "{out}");
    // Its link: two squares, the rest empty.
    let link = render(&p, &[a, b], View::Bucas).unwrap();
    assert!(link.contains("&board_w=16&board_h=16&"), "{link}");
    assert!(link.trim_end().ends_with(&format!("{:03}{:03}{}", a.piece + 1, b.piece + 1, "000".repeat(254))));
    // Seed 004's drawn board: a wrong board, read from the drawing.
    let out = run(&["check", &fixture("foursquares/seed004.txt"), &fixture("foursquares/seed004-board.txt")], 1);
    assert!(out.contains("score: 2/4 inner edges match"), "{out}");
}

#[test]
fn seed_004_drawings_read_as_puzzle_and_solution() {
    // The four pieces drawn side by side are seed004.txt's pieces (that file lists them
    // counterclockwise from the right; the drawing says where each label is).
    let drawn = puzzle("foursquares/seed004-pieces.txt");
    let listed = puzzle("foursquares/seed004.txt");
    let names =
        |p: &Puzzle| -> Vec<[String; 4]> { p.pieces.iter().map(|e| e.map(|l| p.label_name(l).to_string())).collect() };
    assert_eq!(names(&drawn), names(&listed));
    assert_eq!((drawn.rows, drawn.cols, &drawn.rule), (2, 2, &listed.rule));
    run(&["solve", &fixture("foursquares/seed004-pieces.txt")], 10);
    run(&["solve", "--format", "art", &fixture("foursquares/seed004-pieces.txt")], 10);
    // The drawn board: piece 2 turned once at the top left, then 3 (twice), 4 and 1 (three times).
    let text = fs::read_to_string(fixture("foursquares/seed004-board.txt")).unwrap();
    let board = read_solution("seed004-board.txt", &text, &listed, Some(SolutionFormat::Art)).unwrap();
    let want = [(0, 0, 1, 1), (0, 1, 2, 2), (1, 0, 3, 3), (1, 1, 0, 3)].map(|(row, col, piece, rotation)| Placement {
        row,
        col,
        piece,
        rotation,
    });
    assert_eq!(board, want);
    let forced = ["check", "--solution-format", "art", &fixture("foursquares/seed004.txt")];
    let out = run(&[&forced[..], &[fixture("foursquares/seed004-board.txt").as_str()]].concat(), 1);
    assert!(out.contains("does not match"), "{out}");
}

/// `solve --view art`, read back as the solution and as a puzzle: the same placements.
fn art_round_trip(rel: &str) {
    let path = fixture(rel);
    let p = puzzle(rel);
    let art = run(&["solve", "--view", "art", &path], 10);
    let json = run(&["solve", "--json", &path], 10);
    let solved = read_solution("x.json", &json, &p, None).unwrap();
    let mut back = read_solution("art.txt", &art, &p, None).unwrap();
    back.sort();
    let mut solved_sorted = solved.clone();
    solved_sorted.sort();
    // Identical pieces may swap places; what each square shows may not.
    let shows = |pls: &[Placement]| -> Vec<_> {
        pls.iter().map(|pl| (pl.row, pl.col, turned(p.pieces[pl.piece], pl.rotation))).collect()
    };
    assert_eq!(shows(&back), shows(&solved_sorted), "{rel}:\n{art}");
    assert!(wgrnd_families::edge::check::check(&p, &back).is_valid());
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.txt");
    fs::write(&file, &art).unwrap();
    let q = run(&["check", &path, file.to_str().unwrap()], 0);
    assert!(q.starts_with("valid:"), "{q}");
    // The drawn board is itself a puzzle (its squares, unturned, are the pieces), solved at once.
    let as_puzzle = puzzle_text(&art);
    assert_eq!((as_puzzle.rows, as_puzzle.cols, as_puzzle.pieces.len()), (p.rows, p.cols, p.pieces.len()));
    run(&["solve", file.to_str().unwrap()], 10);
}

fn puzzle_text(text: &str) -> Puzzle {
    read_puzzle("board.txt", text, &ReadOptions::default()).unwrap()
}

#[test]
fn wgrnd_box_art_reads_back() {
    art_round_trip("foursquares/seed004.txt");
    art_round_trip("board-suite/4/8/board_0/puzzle.puz");
    // Long labels widen the boxes.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("heads.wgrnd");
    fs::write(&path, "size 1 2\nmatch pairs head:tail\npiece up head down left\npiece top right bottom tail\n")
        .unwrap();
    let art = run(&["solve", "--view", "art", path.to_str().unwrap()], 10);
    assert!(art.starts_with("+---------------+---------------+\n"), "{art}");
    let p = read_puzzle("heads.wgrnd", &fs::read_to_string(&path).unwrap(), &ReadOptions::default()).unwrap();
    let back = read_solution("art.txt", &art, &p, None).unwrap();
    assert!(wgrnd_families::edge::check::check(&p, &back).is_valid(), "{back:?}");
    // The witch puzzle's art (after its words) reads back with --solution-format art.
    let out = run(&["solve", "--view", "art", &fixture("witch/witches.lpl")], 10);
    let file = dir.path().join("witch-art.txt");
    fs::write(&file, out).unwrap();
    run(&["check", &fixture("witch/witches.lpl"), file.to_str().unwrap()], 0);
}

/// The bundled puzzles drawn as they are printed, `--view art` (text) and `--view svg`: a
/// nonogram's black cells with its run lengths left of the rows and above the columns,
/// minesweeper's numbers, flags and mines, battleships' ship ends and middles with the counts
/// beside and below, lights out's lamps and presses, submarines' 0/1 grid with its sums, Laplace's
/// ashes' hidden grid beside its clues, a zebra puzzle's table of attributes by houses.
#[test]
fn puzzles_drawn_as_printed() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let cases = [
        ("printed_nonogram", fixture("nonogram/webpbn-6.non"), &["1 7 1 1", "10 13"][..]),
        ("printed_minesweeper", fixture("seed002/first-click.mines"), &["mines 10", "* 2 1 1 0 0"][..]),
        ("printed_minesweeper_flag", file("flag.mines", "mines 1\n* 1 .\n1 1 .\n. . .\n"), &["F 1 .\n1 1 .\n"][..]),
        (
            "printed_battleships",
            fixture("seed002/fleet.ships"),
            &["< > . . . . o . . . | 3", "v . . < # > . . v . | 5"][..],
        ),
        ("printed_lightsout", file("mixed.lights", "1 0 0\n0 0 0\n0 0 1\n"), &["[O]", "[.]"][..]),
        ("printed_submarines", fixture("seed002/one.submarines"), &["0 1 1 | 2\n0 0 1 | 1\n1 1 1 | 3\n1 2 3\n"][..]),
        ("printed_ashes", fixture("seed002/seed.ashes"), &["10 17 15 10    1 3 6 2"][..]),
        ("printed_zebra", fixture("zebra/einstein.zebra"), &["pet          fox        horse"][..]),
    ];
    for (name, path, shows) in cases {
        let text = run(&["solve", "--view", "art", &path], 10);
        for s in shows {
            assert!(text.contains(s), "{name}: no `{s}` in\n{text}");
        }
        insta::assert_snapshot!(format!("{name}_text"), text);
        pin(name, &run(&["solve", "--view", "svg", &path], 10));
    }
}

/// A bundled model named with its data is drawn as printed too (it is the puzzle, by its text);
/// a model that is not one of them (an edited copy) keeps the generic grid.
#[test]
fn a_bundled_model_with_data_is_drawn_as_printed_and_an_edited_one_is_not() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("one.qpd");
    fs::write(&data, "param rows = 3\nparam cols = 3\nrowsum(1, 2).\nrowsum(2, 1).\nrowsum(3, 3).\ncolsum(1, 1).\ncolsum(2, 2).\ncolsum(3, 3).\n").unwrap();
    let data = data.to_string_lossy().into_owned();
    let bundled = crate::root().join("models/submarines.qp");
    let printed = "0 1 1 | 2\n0 0 1 | 1\n1 1 1 | 3\n1 2 3\n";
    assert_eq!(run(&["solve", bundled.to_str().unwrap(), "--data", &data, "--view", "art"], 10), printed);
    let edited = dir.path().join("edited.qp");
    fs::write(&edited, fs::read_to_string(&bundled).unwrap() + "% edited\n").unwrap();
    let art = run(&["solve", edited.to_str().unwrap(), "--data", &data, "--view", "art"], 10);
    assert!(art.starts_with("0 1 1\n0 0 1\n1 1 1\n\n"), "{art}");
}
