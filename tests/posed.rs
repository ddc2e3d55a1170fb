//! Posed puzzles in their own format (issue 23, D4): `generate --unique` on a puzzle of every
//! bundled family writes the posed puzzle in the family's own format (the extension of `-o`),
//! with a final newline, and every command reads it back: `count --max 2` on the written file
//! says exactly one solution (exit 10). Before, a reader's format got data for the bundled model
//! (`posed.ships` held `rowcount(1, 3).` lines) and `count posed.ships` failed at line 1.

use crate::{code, fixture, root, stderr, stdout, wgrnd};

/// Poses `puzzle` (with `extra` arguments), writes it to `posed.EXT` and counts the written file
/// (with `count_extra` first: a model's data is counted with its model). Returns the text.
fn pose_and_count(dir: &std::path::Path, puzzle: &str, extra: &[&str], ext: &str, count_extra: &[&str]) -> String {
    let out = dir.join(format!("posed.{ext}")).to_string_lossy().into_owned();
    let mut args = vec!["generate", "--unique", puzzle, "--seed", "7", "-o", &out];
    args.extend_from_slice(extra);
    let r = wgrnd(&args, None);
    assert_eq!(code(&r), 0, "{puzzle}: {}", stderr(&r));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.ends_with('\n'), "{puzzle}: no final newline:\n{text}");
    let mut args = vec!["count", "--max", "2"];
    args.extend_from_slice(count_extra);
    args.push(&out);
    let r = wgrnd(&args, None);
    assert_eq!(
        code(&r),
        10,
        "{puzzle}: the written puzzle is not read back as unique:\n{text}\n{}{}",
        stdout(&r),
        stderr(&r)
    );
    text
}

#[test]
fn every_family_writes_a_posed_puzzle_in_its_own_format_and_reads_it_back() {
    let dir = tempfile::tempdir().unwrap();
    // Seed 002's formats: written as drawn, not as data (no fact line of the model).
    let formats = [
        ("seed002/two.submarines", "submarines"),
        ("seed002/chain.submarines", "submarines"),
        ("seed002/seed.ashes", "ashes"),
        ("seed002/xkcd-2496.mines", "mines"),
        ("seed002/all-on.lights", "lights"),
        ("seed002/fleet.ships", "ships"),
        ("nonogram/webpbn-1.non", "non"),
        ("zebra/einstein.zebra", "zebra"),
    ];
    for (puzzle, ext) in formats {
        let text = pose_and_count(dir.path(), &fixture(puzzle), &[], ext, &[]);
        assert!(!text.lines().any(|l| l.trim_end().ends_with(").")), "{puzzle}: data, not the format:\n{text}");
    }
    // Edge matching (`.wgrnd`) and packings (`.pack`).
    let free = dir.path().join("free.wgrnd").to_string_lossy().into_owned();
    let r = wgrnd(&["generate", "--rows", "2", "--cols", "3", "--colors", "3", "--seed", "1", "-o", &free], None);
    assert_eq!(code(&r), 0, "{}", stderr(&r));
    pose_and_count(dir.path(), &free, &[], "wgrnd", &[]);
    pose_and_count(dir.path(), &fixture("packing/tiny.pack"), &[], "pack", &[]);
    // A model with its data: the posed data, counted with the model.
    let m = root().join("tests/wellposed/submarines.qp").to_string_lossy().into_owned();
    let data = root().join("tests/wellposed/sub-two.qpd").to_string_lossy().into_owned();
    pose_and_count(dir.path(), &m, &["--data", &data], "qpd", &[&m, "--data"]);
}

/// A puzzle of a reader's format written with `-o FILE.qpd` is data for its bundled model (what a
/// user asks for by that extension), counted with the model.
#[test]
fn a_reader_format_posed_to_qpd_is_data_for_its_model() {
    let dir = tempfile::tempdir().unwrap();
    let m = root().join("models/submarines.qp").to_string_lossy().into_owned();
    let text = pose_and_count(dir.path(), &fixture("seed002/two.submarines"), &[], "qpd", &[&m, "--data"]);
    assert!(text.lines().any(|l| l.starts_with("rowsum(") || l.starts_with("colsum(")), "{text}");
}

/// The formats' extensions for revealed cells read back: a submarine grid with `1`/`0` cells, a
/// lights-out board with `pressed`/`unpressed` lines and a `.non` file with a `?` line clue and a
/// `given` line pose exactly what they say (each counted by the bundled model).
#[test]
fn the_extensions_for_revealed_cells_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        // Two grids have these sums; the revealed submarine picks one.
        ("t.submarines", "1 ? | 1\n? ? | 1\n1 1\n", 10),
        ("t.submarines", "? ? | 1\n? ? | 1\n1 1\n", 12),
        // All on, 5 x 5: four press sets; the first row's presses revealed leave one.
        ("t.lights", "unpressed 1 1\npressed 1 2\npressed 1 3\nunpressed 1 4\npressed 1 5\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n", 10),
        ("t.lights", "pressed 1 2\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n", 12),
        // A 2 x 2 with one black cell per line: two pictures; a withheld line clue does not
        // help, a given cell does.
        ("t.non", "width 2\nheight 2\nrows\n1\n?\ncolumns\n1\n1\n", 12),
        ("t.non", "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngiven 1 1 1\n", 10),
    ];
    for (name, text, want) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let r = wgrnd(&["count", "--max", "2", &path.to_string_lossy()], None);
        assert_eq!(code(&r), want, "{name}:\n{text}\n{}", stderr(&r));
    }
    // A bad `given` line is bad input with line and column.
    let path = dir.path().join("bad.non");
    std::fs::write(&path, "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\ngiven 3 1 1\n").unwrap();
    let r = wgrnd(&["count", &path.to_string_lossy()], None);
    assert_eq!(code(&r), 2, "{}", stderr(&r));
    assert!(stderr(&r).contains("bad.non:9:7"), "{}", stderr(&r));
}
