//! Paint by numbers through the bundled model `models/nonogram.qp` and the `.non` reader: counts
//! equal an independent brute force (every picture of the size, its line clues computed here) on
//! random small instances, the published fixtures are unique and solve to their `goal`, bad files
//! are bad input, and the picture is pinned.

use std::collections::HashMap;
use std::fs;

use crate::{code, fixture, stderr, stdout, wgrnd};

/// The line clue of a row of cells: the lengths of its black runs.
fn runs(cells: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for black in cells {
        if black {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

/// Rows' and columns' clues of a picture given as a bit mask (bit r * cols + c is cell (r, c)).
fn clues(mask: u32, rows: usize, cols: usize) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let cell = |r: usize, c: usize| mask >> (r * cols + c) & 1 == 1;
    let row_clues = (0..rows).map(|r| runs((0..cols).map(|c| cell(r, c)))).collect();
    let col_clues = (0..cols).map(|c| runs((0..rows).map(|r| cell(r, c)))).collect();
    (row_clues, col_clues)
}

type Clues = (Vec<Vec<usize>>, Vec<Vec<usize>>);

/// The oracle: how many pictures of the size have each clue set (all 2^(rows*cols) pictures).
fn all_pictures(rows: usize, cols: usize) -> HashMap<Clues, u64> {
    let mut counts = HashMap::new();
    for mask in 0..1u32 << (rows * cols) {
        *counts.entry(clues(mask, rows, cols)).or_insert(0) += 1;
    }
    counts
}

fn non_text(rows: usize, cols: usize, (row_clues, col_clues): &Clues) -> String {
    let line = |runs: &Vec<usize>| {
        if runs.is_empty() {
            "0".to_string()
        } else {
            runs.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
        }
    };
    let mut text = format!("title \"random\"\nwidth {cols}\nheight {rows}\n\nrows\n");
    for r in row_clues {
        text.push_str(&line(r));
        text.push('\n');
    }
    text.push_str("\ncolumns\n");
    for c in col_clues {
        text.push_str(&line(c));
        text.push('\n');
    }
    text
}

/// A small xorshift generator: the instances are the same on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The count `wgrnd count FILE` prints (all solutions, each checked by the model's checker).
fn count(path: &str) -> u64 {
    let r = wgrnd(&["count", path], None);
    let text = fs::read_to_string(path).unwrap_or_default();
    assert!([10, 12, 20].contains(&code(&r)), "{path} (exit {}): {}\n{text}", code(&r), stderr(&r));
    stdout(&r).split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{}", stdout(&r)))
}

/// Random clue sets that may have no picture: each line gets random runs that fit.
fn random_clues(rng: &mut Rng, rows: usize, cols: usize) -> Clues {
    let mut line = |length: usize| {
        let mut runs = Vec::new();
        let mut used = 0;
        while rng.below(3) > 0 {
            let room = length - used.min(length);
            if room == 0 {
                break;
            }
            let l = 1 + rng.below(room as u64) as usize;
            runs.push(l);
            used += l + 1;
        }
        runs
    };
    let row_clues = (0..rows).map(|_| line(cols)).collect();
    let col_clues = (0..cols).map(|_| line(rows)).collect();
    (row_clues, col_clues)
}

#[test]
fn counts_equal_the_brute_force_on_random_small_nonograms() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut checked, mut zero, mut several) = (0, 0, 0);
    for (rows, cols, pictures, clue_sets) in [(2, 3, 6, 4), (3, 3, 10, 6), (3, 4, 12, 6), (4, 4, 14, 6), (3, 5, 14, 6)]
    {
        let oracle = all_pictures(rows, cols);
        let mut instances: Vec<Clues> =
            (0..pictures).map(|_| clues(rng.next() as u32 & ((1u32 << (rows * cols)) - 1), rows, cols)).collect();
        instances.extend((0..clue_sets).map(|_| random_clues(&mut rng, rows, cols)));
        for (i, clue) in instances.iter().enumerate() {
            let path = dir.path().join(format!("{rows}x{cols}-{i}.non"));
            fs::write(&path, non_text(rows, cols, clue)).unwrap();
            let want = oracle.get(clue).copied().unwrap_or(0);
            assert_eq!(count(path.to_str().unwrap()), want, "{rows} x {cols}: {clue:?}");
            checked += 1;
            zero += usize::from(want == 0);
            several += usize::from(want > 1);
        }
    }
    assert!(
        checked >= 50 && zero >= 5 && several >= 5,
        "{checked} instances, {zero} with none, {several} with several"
    );
}

/// The count's path for a puzzle the line solver decides (its CNF only unit clauses, counted
/// without a search: count's `decided` engine) and for puzzles it does not: a unique plus sign, a
/// puzzle with two pictures, one with none; each count equals the brute force, and only the
/// decided one grounds to units alone.
#[test]
fn decided_and_undecided_puzzles_count_as_the_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    let units_only = |path: &str| {
        let r = wgrnd(&["encode", path], None);
        assert_eq!(code(&r), 0, "{}", stderr(&r));
        stdout(&r).lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')).all(|l| l.split(' ').count() == 2)
    };
    let plus: Clues = (vec![vec![1], vec![3], vec![1]], vec![vec![1], vec![3], vec![1]]);
    let two: Clues = (vec![vec![1], vec![1]], vec![vec![1], vec![1]]);
    let none: Clues = (vec![vec![2], vec![]], vec![vec![], vec![]]);
    let cases = [("plus", 3, 3, &plus, 1, true), ("two", 2, 2, &two, 2, false), ("none", 2, 2, &none, 0, false)];
    for (name, rows, cols, clue, pictures, decided) in cases {
        let path = dir.path().join(format!("{name}.non"));
        fs::write(&path, non_text(rows, cols, clue)).unwrap();
        let path = path.to_str().unwrap();
        let want = all_pictures(rows, cols).get(clue).copied().unwrap_or(0);
        assert_eq!(want, pictures, "{name}: the brute force");
        assert_eq!(count(path), want, "{name}");
        assert_eq!(units_only(path), decided, "{name}");
    }
}

/// The `goal` of a `.non` file (row by row, '0' white), read here without wgrnd's reader.
fn goal(text: &str) -> Option<Vec<bool>> {
    let line = text.lines().find(|l| l.starts_with("goal"))?;
    Some(line["goal".len()..].trim().trim_matches('"').chars().map(|c| c != '0').collect())
}

/// The black cells of a solution printed as facts (`black(r,c).`), 1-based.
fn black_cells(out: &str) -> Vec<(usize, usize)> {
    out.lines()
        .take_while(|l| !l.starts_with("% hidden"))
        .filter_map(|l| l.strip_prefix("black(")?.strip_suffix(").")?.split_once(','))
        .map(|(r, c)| (r.parse().unwrap(), c.parse().unwrap()))
        .collect()
}

#[test]
fn published_nonograms_are_unique_and_solve_to_their_goal() {
    let mut names: Vec<String> = fs::read_dir(fixture("nonogram"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".non"))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "{names:?}");
    // The four slowest (about 10 s together in a test build, half the rest) are measured by
    // scripts/bench nonogram, not here.
    let slow = ["qnonograms-sun.non", "qnonograms-tiger.non", "webpbn-16.non", "webpbn-529.non"];
    for name in names.iter().filter(|n| !slow.contains(&n.as_str())) {
        let path = fixture(&format!("nonogram/{name}"));
        let r = wgrnd(&["count", "--max", "2", &path], None);
        assert!(stdout(&r).starts_with("1 solution(s)"), "{name}: {} {}", stdout(&r), stderr(&r));
        let solved = wgrnd(&["solve", &path], None);
        assert_eq!(code(&solved), 10, "{name}: {}", stderr(&solved));
        let text = fs::read_to_string(&path).unwrap();
        let goal = goal(&text).unwrap_or_else(|| panic!("{name} has a goal"));
        let width: usize = text.lines().find_map(|l| l.strip_prefix("width ")).unwrap().trim().parse().unwrap();
        let want: Vec<(usize, usize)> =
            goal.iter().enumerate().filter(|(_, &b)| b).map(|(i, _)| (i / width + 1, i % width + 1)).collect();
        let mut got = black_cells(&stdout(&solved));
        got.sort();
        assert_eq!(got, want, "{name}");
    }
}

/// puzz.link nonogram URLs (`fixtures/nonogram/*.url`: pzprjs's and cspuz's test puzzles) are
/// the same family as `.non` files: solved to the published answer, which `check` accepts,
/// unique, their backbone every cell; a posed one is written as a `.non` file with `-o`, or
/// refused as a URL in words when it withholds a line; a bad URL is exit 2 naming its column.
#[test]
fn puzz_link_nonograms_are_the_nonogram_family() {
    for (name, cells) in [("pzprjs", 36), ("cspuz", 42)] {
        let url = fs::read_to_string(fixture(&format!("nonogram/{name}.url"))).unwrap().trim().to_string();
        let answer = fixture(&format!("nonogram/{name}.answer"));
        let want: Vec<(usize, usize)> = black_cells(&fs::read_to_string(&answer).unwrap());
        let solved = wgrnd(&["solve", &url], None);
        assert_eq!(code(&solved), 10, "{name}: {}", stderr(&solved));
        let mut got = black_cells(&stdout(&solved));
        got.sort();
        assert_eq!(got, want, "{name}");
        let checked = wgrnd(&["check", &url, &answer], None);
        assert_eq!(code(&checked), 0, "{name}: {}", stderr(&checked));
        let counted = wgrnd(&["count", "--max", "2", &url], None);
        assert!(stdout(&counted).starts_with("1 solution(s)"), "{name}: {}", stdout(&counted));
        let backbone = wgrnd(&["backbone", &url], None);
        let every = stdout(&backbone);
        assert!(every.starts_with(&format!("backbone: {cells} of {cells} ")), "{name}: {every}");
        // The file form: a `.url` file holding the URL reads the same.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(format!("{name}.url"));
        fs::write(&file, format!("# {name}\n{url}\n")).unwrap();
        let again = wgrnd(&["solve", file.to_str().unwrap()], None);
        assert_eq!(stdout(&again), stdout(&solved), "{name}");
    }
    // Posed: pzprjs's puzzle needs neither column 3's clue nor column 6's, which a URL cannot
    // withhold; `-o FILE.non` writes the `.non` file, unique again.
    let url = fs::read_to_string(fixture("nonogram/pzprjs.url")).unwrap().trim().to_string();
    let posed = wgrnd(&["generate", "--unique", &url], None);
    assert_eq!(code(&posed), 2, "{}", stderr(&posed));
    assert!(
        stderr(&posed).contains("cannot be written as a puzz.link URL (the clue of column 3 is withheld"),
        "{}",
        stderr(&posed)
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("posed.non");
    let posed = wgrnd(&["generate", "--unique", &url, "-o", out.to_str().unwrap()], None);
    assert_eq!(code(&posed), 0, "{}", stderr(&posed));
    let text = fs::read_to_string(&out).unwrap();
    assert!(text.contains("columns\n2,1\n1,1,1\n?\n"), "{text}");
    let counted = wgrnd(&["count", "--max", "2", out.to_str().unwrap()], None);
    assert!(stdout(&counted).starts_with("1 solution(s)"), "{}", stdout(&counted));
    // Another model's format is refused: a nurikabe is not written as a `.non` file.
    let nurikabe = fs::read_to_string(fixture("pencil/nurikabe/pzprjs.url")).unwrap();
    let other = dir.path().join("nurikabe.non");
    let refused = wgrnd(&["generate", "--unique", nurikabe.trim(), "-o", other.to_str().unwrap()], None);
    assert_eq!(code(&refused), 2, "{}", stderr(&refused));
    assert!(stderr(&refused).contains("-o FILE.non: that format is another model's"), "{}", stderr(&refused));
    assert!(!other.exists());
    for (bad, message) in [
        ("https://puzz.link/p?nonogram/6/6/12g1111h", ":1:42: found the end of the URL; expected clue 10 of 36"),
        (
            "https://puzz.link/p?nonogram/6/6/72g1111h11112j12g11g21j11g3h",
            ":1:34: found the number 7 in the clue of column 1",
        ),
    ] {
        let r = wgrnd(&["solve", bad], None);
        assert_eq!(code(&r), 2, "{bad}");
        assert!(stderr(&r).contains(&format!("{bad}{message}")), "{bad}: {}", stderr(&r));
    }
}

#[test]
fn nonogram_pictures_text_and_svg() {
    let path = fixture("nonogram/webpbn-1.non");
    let text = wgrnd(&["solve", "--view", "grid", &path], None);
    assert_eq!(code(&text), 10, "{}", stderr(&text));
    insta::assert_snapshot!("nonogram_webpbn_1_grid", stdout(&text));
    let svg = wgrnd(&["solve", "--view", "svg", &fixture("nonogram/webpbn-6.non")], None);
    assert_eq!(code(&svg), 10, "{}", stderr(&svg));
    let svg = stdout(&svg);
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"), "{svg}");
    insta::assert_snapshot!("nonogram_webpbn_6_svg", svg);
}

#[test]
fn bad_non_files_are_bad_input_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", ":4:1: found a run of 3; expected runs of at most 2 cells"),
        ("width 2\nheight 2\nrows\n1\n", ":3:1: found the file ends after 1 row clue(s)"),
        ("rows\n1\n", ":1:1: found `rows` before `height`"),
        ("width 2\nheight 1\nrows\n2b\ncolumns\n1\n1\n", "(a run with a colour)"),
        ("title \"no size\"\n", "found no `width`"),
    ];
    for (i, (text, message)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.non"));
        fs::write(&path, text).unwrap();
        let r = wgrnd(&["solve", path.to_str().unwrap()], None);
        assert_eq!(code(&r), 2, "{text:?}");
        assert!(stdout(&r).is_empty(), "{text:?}");
        assert!(
            stderr(&r).contains(&format!("bad{i}.non")) && stderr(&r).contains(message),
            "{text:?}: {}",
            stderr(&r)
        );
    }
    // An unknown keyword is a note, not an error; --format non reads any extension.
    let path = dir.path().join("noted.txt");
    fs::write(&path, "colour_scheme dark\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n").unwrap();
    let r = wgrnd(&["count", "--format", "non", path.to_str().unwrap()], None);
    assert_eq!(code(&r), 10, "{}", stderr(&r));
    assert!(stderr(&r).contains("note: line 1: ignored the unknown keyword `colour_scheme`"), "{}", stderr(&r));
}

#[test]
fn line_clues_and_given_cells_are_the_clues_withholding_one_only_adds_solutions() {
    let path = crate::root().join("models/nonogram.qp");
    let model = wgrnd_lang::Source::new("nonogram.qp", fs::read_to_string(path).unwrap());
    let p = wgrnd_lang::load(&model, None, &[]).unwrap();
    let clues: Vec<&str> = p.preds.iter().filter(|q| q.clue).map(|q| q.name.as_str()).collect();
    assert_eq!(clues, ["rowclue", "colclue", "given"]);
    // webpbn #1 without its row clues: its unique picture stays a solution, and others join (one
    // withheld row need not do it: the other lines may already determine it).
    let text = fs::read_to_string(fixture("nonogram/webpbn-1.non")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full.qpd");
    let data = wgrnd_families::models::formats::non::read_non("webpbn-1.non", &text).unwrap().to_data();
    fs::write(&full, &data).unwrap();
    let fewer = dir.path().join("fewer.qpd");
    let rows_withheld: String = data.lines().filter(|l| !l.starts_with("rowclue(")).map(|l| format!("{l}\n")).collect();
    fs::write(&fewer, rows_withheld).unwrap();
    let model_path = crate::root().join("models/nonogram.qp");
    let count_with = |d: &std::path::Path| {
        let r = wgrnd(&["count", "--max", "50", model_path.to_str().unwrap(), "--data", d.to_str().unwrap()], None);
        let out = stdout(&r);
        out.trim_start_matches("at least ").split(' ').next().and_then(|n| n.parse::<u64>().ok()).unwrap()
    };
    assert_eq!(count_with(&full), 1);
    assert_eq!(count_with(&fewer), 50);
    // The picture itself still fits: with its cells given, exactly one solution is left.
    let goal = goal(&text).unwrap();
    let given: String = goal
        .iter()
        .enumerate()
        .map(|(i, &b)| format!("given({}, {}, {})\n", i / 5 + 1, i % 5 + 1, u8::from(b)))
        .collect();
    fs::write(&fewer, format!("{}{given}", fs::read_to_string(&fewer).unwrap())).unwrap();
    assert_eq!(count_with(&fewer), 1);
}
