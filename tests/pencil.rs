//! Pencil puzzles from puzz.link URLs (`fixtures/pencil/GENRE/`): every published instance is
//! read from its URL, written back to the same text, solved to its published answer (which the
//! checker accepts) and, where the source gives it, its backbone is the published one. Bad URLs of
//! every codec are exit 2 naming the column; mutated URLs never panic.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use wgrnd_families::pencil::{codec::Clue, url, GENRES};

use crate::{code, fixture, stderr, stdout, wgrnd};

/// Genres with one published instance so far: cspuz tests pzprjs's puzzle (skyscrapers, easy
/// as ABC) or has no test (kurochute).
const ONE_PUBLISHED: &[&str] = &["skyscrapers", "easyasabc", "kurochute"];

/// Every fixture URL: genre folder, instance name, the URL.
fn urls() -> Vec<(PathBuf, String, String)> {
    let mut out = Vec::new();
    for genre in GENRES {
        let dir = PathBuf::from(fixture(&format!("pencil/{}", genre.pid)));
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "url"))
            .collect();
        files.sort();
        let least = if ONE_PUBLISHED.contains(&genre.pid) { 1 } else { 2 };
        assert!(files.len() >= least, "{}: at least {least} published instance(s)", genre.pid);
        for f in files {
            let url = std::fs::read_to_string(&f).unwrap().trim().to_string();
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((dir.clone(), name, url));
        }
    }
    out
}

/// The shown atoms of a `solve` or `check` output: the fact lines before the hidden ones.
fn shown(text: &str) -> BTreeSet<String> {
    text.lines()
        .take_while(|l| !l.starts_with("% hidden"))
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && l.contains('(') && l.ends_with('.'))
        .map(str::to_string)
        .collect()
}

/// Fixture URLs that another program wrote otherwise than pzprjs would: the same board, which
/// wgrnd writes back as pzprjs does. cspuz writes slitherlink's last clue as a plain digit where
/// pzprjs's 4-cell codec counts the empty cells after it.
const NOT_AS_PZPRJS_WRITES: &[&str] = &["slither/cspuz1"];

#[test]
fn every_fixture_url_writes_back_to_its_own_text() {
    let mut rewritten = Vec::new();
    for (_, name, text) in urls() {
        let p = url::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = p.url();
        if again != text {
            let q = url::read(&again).unwrap_or_else(|e| panic!("{name}: {again}: {e}"));
            assert_eq!(q.board, p.board, "{}/{name}: {again} is another board", p.genre.pid);
            assert_eq!(q.url(), again, "{}/{name}", p.genre.pid);
            rewritten.push(format!("{}/{name}", p.genre.pid));
        }
    }
    assert_eq!(rewritten, NOT_AS_PZPRJS_WRITES);
}

#[test]
fn every_published_answer_is_found_checked_and_unique() {
    for (dir, name, text) in urls() {
        let answer = dir.join(format!("{name}.answer"));
        let Ok(expected) = std::fs::read_to_string(&answer) else { continue };
        let at = format!("{}/{name}", dir.display());
        let o = wgrnd(&["count", "--max", "2", &text], None);
        assert!(stdout(&o).starts_with("1 solution"), "{at}: {}{}", stdout(&o), stderr(&o));
        let o = wgrnd(&["solve", &text], None);
        assert_eq!(code(&o), 10, "{at}: {}", stderr(&o));
        let expected: BTreeSet<String> =
            expected.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
        assert_eq!(shown(&stdout(&o)), expected, "{at}: the published answer");
        let o = wgrnd(&["check", &text, &answer.to_string_lossy()], None);
        assert_eq!(code(&o), 0, "{at}: {}{}", stdout(&o), stderr(&o));
    }
}

/// `black(2,3) true` lines, or `n(1,1) 4` for an integer's value.
fn backbone_file(text: &str) -> BTreeMap<String, bool> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .map(|(atom, v)| match v.trim() {
            "true" => (atom.to_string(), true),
            "false" => (atom.to_string(), false),
            // `n(1,1) 4`: the integer's value in every solution.
            value => (format!("{atom}={value}"), true),
        })
        .collect()
}

/// The atoms `wgrnd backbone` lists as true and as false in every solution.
fn backbone_lists(out: &str) -> BTreeMap<String, bool> {
    let mut decided = BTreeMap::new();
    for (prefix, value) in [("true in every solution", true), ("false in every solution", false)] {
        for line in out.lines().filter(|l| l.starts_with(prefix)) {
            let atoms = line.split_once(": ").map_or("", |(_, a)| a);
            decided.extend(atoms.split_whitespace().map(|a| (a.to_string(), value)));
        }
    }
    decided
}

#[test]
fn every_published_backbone_is_wgrnd_s() {
    for (dir, name, text) in urls() {
        let Ok(text_of) = std::fs::read_to_string(dir.join(format!("{name}.backbone"))) else { continue };
        let expected = text_of.clone();
        let at = format!("{}/{name}", dir.display());
        // A source that tests some atoms only says nothing of the others.
        let partial = expected.starts_with("# partial");
        let expected = backbone_file(&expected);
        let o = wgrnd(&["backbone", &text], None);
        assert_eq!(code(&o), 0, "{at}: {}", stderr(&o));
        let mut listed = backbone_lists(&stdout(&o));
        // `# only black`: the source gives that predicate's part of the backbone, all of it.
        if let Some(pred) =
            text_of.lines().next().and_then(|l| l.strip_prefix("# only ")).and_then(|l| l.split(':').next())
        {
            listed.retain(|atom, _| atom.starts_with(&format!("{pred}(")));
        }
        // Every atom wgrnd decides is decided the same way by the published backbone.
        for (atom, &value) in &listed {
            // An integer's value `n(1,1)=5`: the published backbone gives the values that hold.
            let other_value = !value && atom.contains('=');
            if let Some((var, k)) = atom.split_once(">=") {
                // An order atom `n(1,2)>=2` of an integer: it agrees with the published value.
                let k: i64 = k.parse().unwrap();
                let published = expected.iter().find_map(|(a, &t)| {
                    a.strip_prefix(var)
                        .and_then(|v| v.strip_prefix('='))
                        .filter(|_| t)
                        .and_then(|v| v.parse::<i64>().ok())
                });
                if let Some(v) = published {
                    assert_eq!(v >= k, value, "{at}: {atom}");
                }
            } else if other_value {
                assert_ne!(expected.get(atom), Some(&true), "{at}: {atom}");
            } else if !partial || expected.contains_key(atom) {
                assert_eq!(expected.get(atom), Some(&value), "{at}: {atom}");
            }
        }
        // A published atom that wgrnd does not list is one the grounding fixed (a clue cell, a
        // cell a rule decides from the clues alone): it has no variable in the CNF, and it takes
        // the published value in wgrnd's solution (as in every other, being fixed).
        let order = listed.keys().any(|a| a.contains(">="));
        // With order atoms (`n(1,2)>=2`) listed, a published value `n(1,2)=4` is checked above.
        let checked = |a: &str| listed.contains_key(a) || (order && a.contains('='));
        let unlisted: Vec<(&String, &bool)> = expected.iter().filter(|(a, _)| !partial && !checked(a)).collect();
        if unlisted.is_empty() {
            continue;
        }
        let header = stdout(&wgrnd(&["encode", &text], None));
        let with_variable: BTreeSet<&str> =
            header.lines().filter_map(|l| l.strip_prefix("c var ")).filter_map(|l| l.split(' ').nth(1)).collect();
        let solved = wgrnd(&["solve", &text], None);
        assert!([0, 10].contains(&code(&solved)), "{at}: {}", stderr(&solved));
        let solution = shown(&stdout(&solved));
        for (atom, &value) in unlisted {
            assert!(!with_variable.contains(atom.as_str()), "{at}: {atom} has a variable, and wgrnd leaves it open");
            assert_eq!(solution.contains(&format!("{atom}.")), value, "{at}: {atom}, fixed by the grounding");
        }
    }
}

#[test]
fn bad_urls_name_the_column_and_what_was_expected() {
    let cases: &[(&str, usize, &str)] = &[
        ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3", 1, "the body ends too soon"),
        ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g!", 43, "the end of the URL"),
        ("https://puzz.link/p?nurikabe/5/5/g5k2o1k!g", 41, "empty cells"),
        ("https://puzz.link/p?nosuchgenre/5/5/g5k2o1k3g", 21, "one of wgrnd's genres"),
        ("https://puzz.link/p?nurikabe/0/5/g5k2o1k3g", 30, "the number of columns, 1 to 256"),
        ("https://puzz.link/p?nurikabe/5/x5/g5k2o1k3g", 32, "the number of rows"),
        ("https://puzz.link/p?slither/5/5/cbcbcddad4", 1, ""),
        ("https://puzz.link/p?heyawake/6/6/lll155007rs12222", 1, "the body ends too soon"),
        ("https://puzz.link/p?heyawake/6/6/lllw55007rs12222j", 1, "base-32"),
        ("https://puzz.link/p?mashu/6/6/1063000w3000", 1, "base-27"),
        ("https://puzz.link/p?hitori/4/4/1114142333214#13", 1, "a number"),
        ("https://puzz.link/p?fillomino/6/6/h4j53g2k5233k2g14j3h0", 1, "base-32"),
        ("https://puzz.link/p?lits/v:x/4/4/9q02jg", 1, "no variant"),
        ("https://puzz.link/p?lits/q/4/4/9q02jg", 1, "takes no flags"),
        ("https://puzz.link/p?yinyang/5/5/016612300", 0, ""),
        ("https://puzz.link/p?hitori/4/4/111414233321421", 1, "the body ends too soon"),
        ("https://puzz.link/p?starbattle/6/6/x/4ilbhgdnmhou", 1, "a whole number and /"),
        ("https://puzz.link/p?starbattle/6/6/9/4ilbhgdnmhou", 1, "stars"),
        ("https://puzz.link/p?sudoku/4/5/g1k23k3g", 1, "a square grid"),
        ("https://puzz.link/p?sudoku/4/4/g5k23k3g", 1, "from 0 to 4"),
        ("https://puzz.link/p?akari/6/6/nekcakbl/", 0, ""),
    ];
    for &(text, column, expected) in cases {
        let o = wgrnd(&["solve", text], None);
        let err = stderr(&o);
        if column == 0 {
            assert_eq!(code(&o), 10, "{text}: {err}");
            continue;
        }
        assert_eq!(code(&o), 2, "{text}: {err}");
        assert!(err.contains(text), "{text}: the message names the URL: {err}");
        assert!(err.contains(expected), "{text}: expected '{expected}' in {err}");
        if column > 1 {
            assert!(err.contains(&format!("{text}:1:{column}:")), "{text}: column {column}: {err}");
        }
    }
}

#[test]
fn a_thousand_mutations_of_each_codec_s_urls_never_panic() {
    const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABC-+=%@*$./?:_&v";
    let mut rng = wgrnd_seam::SplitMix64(0x9e37_79b9_7f4a_7c15);
    let mut below = |n: usize| rng.below(n as u64) as usize;
    for (_, name, text) in urls() {
        for _ in 0..1000 {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..1 + below(3) {
                let at = below(bytes.len() + 1);
                match below(3) {
                    0 if at < bytes.len() => bytes[at] = ALPHABET[below(ALPHABET.len())],
                    1 if at < bytes.len() => {
                        bytes.truncate(at.max(1));
                    }
                    _ => bytes.insert(at.min(bytes.len()), ALPHABET[below(ALPHABET.len())]),
                }
            }
            let mutated = String::from_utf8(bytes).unwrap();
            // An error or a board; a board writes a URL that reads back to the same board.
            if let Ok(p) = url::read(&mutated) {
                let again = p.url();
                let q = url::read(&again).unwrap_or_else(|e| panic!("{name}: {mutated} -> {again}: {e}"));
                assert_eq!(q.board, p.board, "{name}: {mutated}");
            }
        }
    }
}

/// A genre's pzprjs fixture URL and its solution drawn in `view` (solved: exit 10).
fn solved(pid: &str, view: &str) -> (String, String) {
    let text = std::fs::read_to_string(fixture(&format!("pencil/{pid}/pzprjs.url"))).unwrap();
    let o = wgrnd(&["solve", "--view", view, text.trim()], None);
    assert_eq!(code(&o), 10, "{pid}: {}", stderr(&o));
    (text.trim().to_string(), stdout(&o))
}

/// Each genre's published answer drawn as the genre is printed, and a backbone with its open
/// cells: a change of picture is a reviewed change.
#[test]
fn every_genre_draws_its_answer_as_it_is_printed() {
    for genre in GENRES {
        let (text, art) = solved(genre.pid, "art");
        insta::assert_snapshot!(format!("pencil_{}", genre.pid), format!("{text}\n{art}"));
    }
    let text = std::fs::read_to_string(fixture("pencil/nurikabe/cspuz.url")).unwrap();
    let o = wgrnd(&["backbone", text.trim()], None);
    let picture: String =
        stdout(&o).lines().skip(1).take_while(|l| !l.starts_with("true in")).map(|l| format!("{l}\n")).collect();
    insta::assert_snapshot!("pencil_nurikabe_backbone", picture);
}

/// Genres whose data all shape the grid (rooms, blocked cells): no clue can be withheld one by
/// one, so `generate --unique` refuses them, naming their data.
const NOT_POSED: &[(&str, &str)] =
    &[("lits", "room, wall"), ("norinori", "room"), ("starbattle", "room"), ("simpleloop", "blocked")];

/// The published answer of a fixture, as `solve` prints its shown atoms.
fn answer(dir: &std::path::Path, name: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.answer"))).unwrap();
    text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect()
}

/// `generate --unique` on every genre's pzprjs puzzle (unique as published) writes a URL of the
/// same genre whose puzzle has exactly one solution, the published answer; a genre whose clues
/// cannot be withheld is refused (exit 2) in its own words.
#[test]
fn every_genre_is_posed_as_a_url_with_its_published_answer_alone() {
    let genres: Vec<&str> = GENRES.iter().map(|g| g.pid).collect();
    // Two at a time (the posing of one genre is one thread).
    let failures: Vec<String> = std::thread::scope(|scope| {
        let jobs: Vec<_> = genres
            .chunks(genres.len().div_ceil(2))
            .map(|part| scope.spawn(move || part.iter().filter_map(|g| posed_failure(g)).collect::<Vec<_>>()))
            .collect();
        jobs.into_iter().flat_map(|j| j.join().unwrap()).collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What is wrong with `generate --unique` on the genre's pzprjs fixture, if anything.
fn posed_failure(genre: &str) -> Option<String> {
    let dir = PathBuf::from(fixture(&format!("pencil/{genre}")));
    let text = std::fs::read_to_string(dir.join("pzprjs.url")).unwrap();
    let o = wgrnd(&["generate", "--unique", text.trim()], None);
    if let Some((_, data)) = NOT_POSED.iter().find(|(g, _)| *g == genre) {
        let said = format!("`{genre}` has no clues that can be withheld one by one (its data: {data})");
        return (code(&o) != 2 || !stderr(&o).contains(&said)).then(|| format!("{genre}: not refused: {}", stderr(&o)));
    }
    if code(&o) != 0 {
        return Some(format!("{genre}: exit {}: {}", code(&o), stderr(&o)));
    }
    let posed = stdout(&o).trim().to_string();
    match url::read(&posed) {
        Ok(p) if p.genre.pid == genre => {}
        other => return Some(format!("{genre}: {posed} does not read back: {:?}", other.err())),
    }
    let o = wgrnd(&["count", "--max", "2", &posed], None);
    if !stdout(&o).starts_with("1 solution") {
        return Some(format!("{genre}: {posed}: {}{}", stdout(&o), stderr(&o)));
    }
    let o = wgrnd(&["solve", &posed], None);
    (shown(&stdout(&o)) != answer(&dir, "pzprjs")).then(|| format!("{genre}: {posed}: not the published answer"))
}

/// The clue set posed is minimal, by brute force: withholding any one of its numbers (slitherlink's
/// leaves the cell empty; nurikabe's leaves its clue cell as `?`) gives a second solution.
#[test]
fn no_number_of_a_posed_puzzle_can_be_withheld() {
    for (genre, withheld) in [("slither", Clue::Empty), ("nurikabe", Clue::Unknown)] {
        let text = std::fs::read_to_string(fixture(&format!("pencil/{genre}/pzprjs.url"))).unwrap();
        let o = wgrnd(&["generate", "--unique", text.trim()], None);
        assert_eq!(code(&o), 0, "{genre}: {}", stderr(&o));
        let posed = url::read(stdout(&o).trim()).unwrap();
        let numbers: Vec<usize> =
            (0..posed.board.numbers.len()).filter(|&i| matches!(posed.board.numbers[i], Clue::Number(_))).collect();
        assert!(!numbers.is_empty(), "{genre}");
        for i in numbers {
            let mut fewer = posed.clone();
            fewer.board.numbers[i] = withheld;
            let o = wgrnd(&["count", "--max", "2", &fewer.url()], None);
            assert!(
                stdout(&o).starts_with("at least 2 solution"),
                "{genre}: without cell {i}: {}{}",
                stdout(&o),
                stderr(&o)
            );
        }
    }
}

/// A puzzle that is not unique (cspuz's nurikabe): `count --max 2 --print` draws its two
/// solutions side by side and marks with `?` exactly the cells where they differ, then lists each
/// one's atoms; `--view art` draws the pictures alone.
#[test]
fn two_solutions_side_by_side_with_their_differences_marked() {
    let url = std::fs::read_to_string(fixture("pencil/nurikabe/cspuz.url")).unwrap();
    let o = wgrnd(&["count", "--max", "2", "--print", url.trim()], None);
    assert_eq!(code(&o), 12, "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("solution 1") && lines[0].contains("solution 2"), "{out}");
    let picture: Vec<&str> = lines[1..].iter().take_while(|l| !l.is_empty()).copied().collect();
    let width = picture[0].len();
    assert!(picture.iter().all(|l| l.len() == width), "{out}");
    // Each line: the first solution, the second, the marked copy, 4 spaces apart.
    let third = (width - 8) / 3;
    let (mut differ, mut marked) = (0, 0);
    for l in &picture {
        let (a, b, m) = (&l[..third], &l[third + 4..2 * third + 4], &l[2 * third + 8..]);
        for ((x, y), z) in a.chars().zip(b.chars()).zip(m.chars()) {
            differ += usize::from(x != y);
            marked += usize::from(z == '?');
            assert_eq!(z, if x == y { x } else { '?' }, "{out}");
        }
    }
    assert!(differ >= 2 && marked == differ, "{differ} cells differ, {marked} marked: {out}");
    assert_eq!(out.matches("\nsolution 1\n").count() + out.matches("\nsolution 2\n").count(), 2, "{out}");
    let o = wgrnd(&["count", "--max", "2", "--print", "--view", "art", url.trim()], None);
    assert!(!stdout(&o).contains("black("), "{}", stdout(&o));
}

/// A numberlink whose normal form has one solution, the straight line, where the line may also
/// go round through the empty cells below: `count --max 2` finds that second solution beside the
/// form (docs/pencil.md) and draws both.
#[test]
fn a_numberlink_line_that_could_go_round_is_two_solutions() {
    let o = wgrnd(&["count", "--max", "2", "--print", "--view", "art", "https://puzz.link/p?numlin/3/3/1g1l"], None);
    assert_eq!(code(&o), 12, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("| 1-------1 |") && out.contains("| 1   +---1 |"), "{out}");
    // Every cell taken, three straight lines: one solution, proved on the form.
    let o = wgrnd(&["count", "--max", "2", "https://puzz.link/p?numlin/3/3/123i123"], None);
    assert_eq!(code(&o), 10, "{}", stderr(&o));
}

/// `explain --next` gives one step, in the puzzle's words; `batch` judges one puzzle per line and goes on after a bad one.
#[test]
fn a_hint_and_a_batch() {
    let heyawake = std::fs::read_to_string(fixture("pencil/heyawake/pzprjs.url")).unwrap();
    let o = wgrnd(&["explain", "--next", heyawake.trim()], None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = stdout(&o);
    assert_eq!(text.lines().filter(|l| l.starts_with("step ")).count(), 1, "{text}");
    assert!(text.contains("1 step(s)") && text.contains("deduced so far, 36 deducible"), "{text}");
    // In the puzzle's words: cells and the room's number, not atoms.
    assert!(text.starts_with("step 1: row 1, column 1 is shaded: from the 2 of room 1;"), "{text}");
    // The step drawn as the genre is printed: what is known after it, the rest `?`, the new
    // fact's cell framed in red, the step's words under the grid.
    let dir = tempfile::tempdir().unwrap();
    let steps = dir.path().join("steps");
    let o = wgrnd(&["explain", "--next", heyawake.trim(), "--svg-steps", steps.to_str().unwrap()], None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let svg = std::fs::read_to_string(steps.join("step-001.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(">?</text>"), "{svg}");
    assert!(svg.contains(r##"x="38" y="38" width="32" height="32" fill="none" stroke="#d62728""##), "{svg}");
    assert!(svg.contains("step 1: row 1, column 1 is shaded"), "{svg}");
    let nurikabe = std::fs::read_to_string(fixture("pencil/nurikabe/cspuz.url")).unwrap();
    let list = format!("{}\n# a comment\n{}\nhttps://puzz.link/p?nurikabe/5/5/zzz\n", heyawake.trim(), nurikabe.trim());
    let o = wgrnd(&["batch", "-"], Some(list.as_bytes()));
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let verdicts: Vec<&str> = lines.iter().map(|l| l["verdict"].as_str().unwrap()).collect();
    assert_eq!(verdicts, ["unique", "several", "error"]);
    assert_eq!(lines.iter().map(|l| l["line"].as_u64().unwrap()).collect::<Vec<_>>(), [1, 3, 4]);
    assert!(lines[2]["error"].as_str().unwrap().contains(":1:35: found 'z'"));
}

/// `wgrnd data URL` writes the data the URL was read into; the genre's model with that data, or
/// with the URL itself as `--data`, is the same puzzle; a changed copy of the model reads the
/// URL too. Only a puzzle read into a model has data.
#[test]
fn a_url_s_data_with_the_genre_s_model_is_the_same_puzzle() {
    let url = std::fs::read_to_string(fixture("pencil/heyawake/cspuz.url")).unwrap();
    let url = url.trim();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("heyawake.qpd");
    let o = wgrnd(&["data", url, "-o", data.to_str().unwrap()], None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let text = std::fs::read_to_string(&data).unwrap();
    assert!(text.starts_with(&format!("% data for heyawake.qp, read from {url}\n")), "{text}");
    assert!(text.contains("param rows = ") && text.contains("roomnumber("), "{text}");
    let model = crate::root().join("models/pencil/heyawake.qp");
    let model = model.to_str().unwrap();
    let answer = |args: &[&str]| {
        let o = wgrnd(args, None);
        assert_eq!(code(&o), 10, "{args:?}: {}", stderr(&o));
        shown(&stdout(&o))
    };
    let direct = answer(&["solve", url, "--view", "sol"]);
    assert!(!direct.is_empty());
    assert_eq!(answer(&["solve", model, "--data", data.to_str().unwrap(), "--view", "sol"]), direct);
    assert_eq!(answer(&["solve", model, "--data", url, "--view", "sol"]), direct);
    // Without its connectivity rule the puzzle is no longer unique.
    let rules = std::fs::read_to_string(model).unwrap();
    assert!(rules.contains("connected {"));
    let loose: String = rules.lines().filter(|l| !l.starts_with("connected {")).map(|l| format!("{l}\n")).collect();
    let loose_file = dir.path().join("loose.qp");
    std::fs::write(&loose_file, loose).unwrap();
    let o = wgrnd(&["count", "--max", "2", loose_file.to_str().unwrap(), "--data", url], None);
    assert_eq!(code(&o), 12, "{}{}", stdout(&o), stderr(&o));
    // An edge-matching puzzle has no model's data; a bad URL as data names its column.
    let o = wgrnd(&["data", &fixture("witch/witches.lpl")], None);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("`wgrnd data` writes the data of a puzzle read into a model"), "{}", stderr(&o));
    assert!(stderr(&o).contains("and this edge-matching puzzle is not one"), "{}", stderr(&o));
    // Data that does not fit the model is placed in the text `wgrnd data` writes.
    let nurikabe = crate::root().join("models/pencil/nurikabe.qp");
    let o = wgrnd(&["solve", nurikabe.to_str().unwrap(), "--data", url], None);
    assert_eq!(code(&o), 2);
    let line = text.lines().position(|l| l.starts_with("room(")).unwrap() + 1;
    assert!(
        stderr(&o).contains(&format!("({}):{line}:1: unknown predicate 'room'", format_args!("wgrnd data {url}"))),
        "{}",
        stderr(&o)
    );
    let o = wgrnd(&["solve", model, "--data", "https://puzz.link/p?heyawake/6/6/zz"], None);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("https://puzz.link/p?heyawake/6/6/zz:1:"), "{}", stderr(&o));
}

/// The large published puzzles of the bench set (`fixtures/pencil-large`, timed side by side in
/// `scripts/bench pencil-large`, which also proves them unique): each URL writes back as read and
/// its answer passes the checker.
#[test]
fn large_published_puzzles_read_back_and_their_answers_check() {
    let dir = PathBuf::from(fixture("pencil-large"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "url"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 8);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap().trim().to_string();
        let at = f.display().to_string();
        let p = url::read(&text).unwrap_or_else(|e| panic!("{at}: {e}"));
        let again = url::read(&p.url()).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert_eq!(again.board, p.board, "{at}");
        let answer = f.with_extension("answer");
        if !answer.exists() {
            continue; // numberlink 26 x 26: no tool has answered it
        }
        let o = wgrnd(&["check", &text, answer.to_str().unwrap()], None);
        assert_eq!(code(&o), 0, "{at}: {}{}", stdout(&o), stderr(&o));
    }
}

/// pzprjs's own files (`pzprjs.pzprv3`: the accepted answers of its tests, saved as files) are
/// read as the genre's puzzle, the answer in them left out: solved, unique, to the published
/// answer. Every genre has one.
#[test]
fn pzprv3_files_solve_to_the_published_answer() {
    for genre in GENRES {
        let dir = PathBuf::from(fixture(&format!("pencil/{}", genre.pid)));
        let file = dir.join("pzprjs.pzprv3");
        assert!(file.exists(), "{}: a pzprv3 fixture", genre.pid);
        let o = wgrnd(&["solve", file.to_str().unwrap()], None);
        assert_eq!(code(&o), 10, "{}: {}", genre.pid, stderr(&o));
        assert_eq!(shown(&stdout(&o)), answer(&dir, "pzprjs"), "{}", genre.pid);
        let o = wgrnd(&["count", "--max", "2", file.to_str().unwrap()], None);
        assert!(stdout(&o).starts_with("1 solution"), "{}: {}", genre.pid, stdout(&o));
    }
}

/// `backbone --view svg` draws what every solution shares as the genre is printed, each open
/// cell `?` (nurikabe's cspuz puzzle: 21 of 36 cells forced, 15 open) and the count under the
/// grid; a model without a picture of a partial solution is refused in words.
#[test]
fn a_backbone_drawn_in_svg() {
    let text = std::fs::read_to_string(fixture("pencil/nurikabe/cspuz.url")).unwrap();
    let o = wgrnd(&["backbone", "--view", "svg", text.trim()], None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"), "{svg}");
    assert_eq!(svg.matches(">?</text>").count(), 15, "{svg}");
    assert!(svg.contains("backbone: 21 of 36 shown atom(s) the same in every solution"), "{svg}");
    crate::pictures::png(&svg);
    let model = fixture("qprop/nurikabe.qp");
    let o = wgrnd(&["backbone", "--view", "svg", &model, "--data", &fixture("qprop/nurikabe-pzprjs.qpd")], None);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("has no picture of a partial solution; --view auto lists the atoms"), "{}", stderr(&o));
}

/// Every genre's answer drawn in SVG reads as a picture (resvg with the shipped font); three are
/// pinned as SVG text and PNG: rooms, a loop through cell centres, a loop along cell edges.
#[test]
fn every_genre_draws_its_answer_in_svg() {
    for genre in GENRES {
        let (_, svg) = solved(genre.pid, "svg");
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"), "{}: {svg}", genre.pid);
        let png = crate::pictures::png(&svg);
        if ["heyawake", "mashu", "slither", "hashikake", "tents"].contains(&genre.pid) {
            insta::assert_snapshot!(format!("pencil_{}_svg", genre.pid), svg);
            insta::assert_binary_snapshot!(&format!("pencil_{}_png.png", genre.pid), png);
        }
    }
}

/// A small deterministic generator (splitmix64) for the clue sets of the brute-force tests.
struct Mix(u64);

impl Mix {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % n
    }
}

/// `wgrnd count` of a bundled genre model on a data file: the number of solutions it prints.
fn model_count(model: &str, data: &str, rows: usize, cols: usize) -> u64 {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.qpd");
    std::fs::write(&file, data).unwrap();
    let (r, c) = (format!("rows={rows}"), format!("cols={cols}"));
    let model = crate::root().join("models/pencil").join(model);
    let o = wgrnd(&["count", &model.to_string_lossy(), "--data", &file.to_string_lossy(), "-D", &r, "-D", &c], None);
    assert!([10, 12, 20].contains(&code(&o)), "{}", stderr(&o));
    let text = stdout(&o);
    let n = text.lines().find_map(|l| l.split_once(" solution(s)")).map(|(n, _)| n.trim().to_string());
    n.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("no count in {text}"))
}

/// Union-find root with path halving.
fn root_of(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Slants of a `rows` x `cols` grid whose diagonals close no loop and meet the corner numbers
/// (grid point (i, j), 0-based from the top left, touched by `v` diagonals), by trying every
/// grid of diagonals.
fn slants_by_brute_force(rows: usize, cols: usize, corners: &[(usize, usize, usize)]) -> u64 {
    let point = |i: usize, j: usize| i * (cols + 1) + j;
    let mut n = 0;
    'grids: for bits in 0u32..1 << (rows * cols) {
        let mut parent: Vec<usize> = (0..(rows + 1) * (cols + 1)).collect();
        let mut touches = vec![0; (rows + 1) * (cols + 1)];
        for r in 0..rows {
            for c in 0..cols {
                let back = bits >> (r * cols + c) & 1 == 1;
                let (a, b) = if back { (point(r, c), point(r + 1, c + 1)) } else { (point(r, c + 1), point(r + 1, c)) };
                touches[a] += 1;
                touches[b] += 1;
                let (ra, rb) = (root_of(&mut parent, a), root_of(&mut parent, b));
                if ra == rb {
                    continue 'grids;
                }
                parent[ra] = rb;
            }
        }
        n += u64::from(corners.iter().all(|&(i, j, v)| touches[point(i, j)] == v));
    }
    n
}

/// Numberlinks of a `rows` x `cols` grid with numbered cells `ends` (each number twice): every
/// set of segments between side-by-side cells where a numbered cell ends one segment, another
/// cell has none or two, and every piece joins the two cells of one number, by trying every set.
fn numberlinks_by_brute_force(rows: usize, cols: usize, ends: &[(usize, usize, u32)]) -> u64 {
    let cell = |r: usize, c: usize| r * cols + c;
    let mut edges = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                edges.push((cell(r, c), cell(r, c + 1)));
            }
            if r + 1 < rows {
                edges.push((cell(r, c), cell(r + 1, c)));
            }
        }
    }
    let mut number = vec![None; rows * cols];
    for &(r, c, v) in ends {
        number[cell(r, c)] = Some(v);
    }
    let mut n = 0;
    'sets: for bits in 0u32..1 << edges.len() {
        let mut degree = vec![0; rows * cols];
        let mut parent: Vec<usize> = (0..rows * cols).collect();
        for (k, &(a, b)) in edges.iter().enumerate() {
            if bits >> k & 1 == 1 {
                degree[a] += 1;
                degree[b] += 1;
                let (ra, rb) = (root_of(&mut parent, a), root_of(&mut parent, b));
                parent[ra] = rb;
            }
        }
        for x in 0..rows * cols {
            let ok = if number[x].is_some() { degree[x] == 1 } else { degree[x] == 0 || degree[x] == 2 };
            if !ok {
                continue 'sets;
            }
        }
        // Each piece with a segment holds exactly two numbered cells, of one number (a piece
        // without any is a loop).
        let mut held: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
        for x in 0..rows * cols {
            if degree[x] > 0 {
                let r = root_of(&mut parent, x);
                let entry = held.entry(r).or_default();
                entry.extend(number[x]);
            }
        }
        n += u64::from(held.values().all(|v| v.len() == 2 && v[0] == v[1]));
    }
    n
}

/// The slant and numberlink models count what a brute force written here counts, on small grids
/// with random clues: no loop of diagonals (checked by the model on the halves the diagonals
/// cut the cells into), and lines that join equal numbers without branching or looping.
#[test]
fn slant_and_numberlink_models_count_as_a_brute_force_does() {
    let mut mix = Mix(47);
    for (rows, cols) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
        for _ in 0..4 {
            let mut corners = Vec::new();
            let mut data = String::new();
            for _ in 0..mix.below(4) {
                let (i, j, v) =
                    (mix.below(rows as u64 + 1) as usize, mix.below(cols as u64 + 1) as usize, mix.below(3) as usize);
                if corners.iter().any(|&(a, b, _)| (a, b) == (i, j)) {
                    continue;
                }
                corners.push((i, j, v));
                data.push_str(&format!("corner({i}, {j}, {v})\n"));
            }
            let want = slants_by_brute_force(rows, cols, &corners);
            assert_eq!(
                model_count("gokigen.qp", &data, rows, cols),
                want,
                "slant {rows} x {cols}, corners {corners:?}"
            );
        }
    }
    for (rows, cols) in [(2, 3), (3, 3), (3, 4)] {
        for _ in 0..20 {
            let mut ends: Vec<(usize, usize, u32)> = Vec::new();
            let mut data = String::new();
            for v in 1..=1 + mix.below(2) as u32 {
                for _ in 0..2 {
                    let (r, c) = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                    if ends.iter().any(|&(a, b, _)| (a, b) == (r, c)) {
                        continue;
                    }
                    ends.push((r, c, v));
                    data.push_str(&format!("number({}, {}, {v})\n", r + 1, c + 1));
                }
            }
            let want = numberlinks_by_brute_force(rows, cols, &ends);
            assert_eq!(model_count("numlin.qp", &data, rows, cols), want, "numberlink {rows} x {cols}, ends {ends:?}");
        }
    }
}

/// Hashiwokakero's solutions on a `rows` x `cols` grid with islands `(r, c, number)` (0-based,
/// `None` for `?`), by trying every count of bridges (0, 1 or 2) between every two islands that
/// face each other: no bridge crosses another, each number is the count of bridges ending at its
/// island, and the bridges join all islands into one group.
fn bridges_by_brute_force(rows: usize, cols: usize, islands: &[(usize, usize, Option<usize>)]) -> u64 {
    let at = |r: usize, c: usize| islands.iter().position(|&(a, b, _)| (a, b) == (r, c));
    // Facing pairs: each island and the next one to its right, and below.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (i, &(r, c, _)) in islands.iter().enumerate() {
        if let Some(j) = (c + 1..cols).find_map(|c2| at(r, c2)) {
            pairs.push((i, j));
        }
        if let Some(j) = (r + 1..rows).find_map(|r2| at(r2, c)) {
            pairs.push((i, j));
        }
    }
    let crosses = |(a, b): (usize, usize), (x, y): (usize, usize)| {
        let (h, v) = if islands[a].0 == islands[b].0 { ((a, b), (x, y)) } else { ((x, y), (a, b)) };
        let (hr, hc1, hc2) = (islands[h.0].0, islands[h.0].1, islands[h.1].1);
        let (vc, vr1, vr2) = (islands[v.0].1, islands[v.0].0, islands[v.1].0);
        islands[v.0].1 == islands[v.1].1
            && islands[h.0].0 == islands[h.1].0
            && vr1 < hr
            && hr < vr2
            && hc1 < vc
            && vc < hc2
    };
    let mut n = 0;
    'counts: for code in 0..3u32.pow(pairs.len() as u32) {
        let count: Vec<usize> = (0..pairs.len()).map(|k| (code / 3u32.pow(k as u32) % 3) as usize).collect();
        let used: Vec<usize> = (0..pairs.len()).filter(|&k| count[k] > 0).collect();
        for (x, &k) in used.iter().enumerate() {
            if used[x + 1..].iter().any(|&m| crosses(pairs[k], pairs[m])) {
                continue 'counts;
            }
        }
        let mut ends = vec![0; islands.len()];
        let mut parent: Vec<usize> = (0..islands.len()).collect();
        for &k in &used {
            let (a, b) = pairs[k];
            ends[a] += count[k];
            ends[b] += count[k];
            let (ra, rb) = (root_of(&mut parent, a), root_of(&mut parent, b));
            parent[ra] = rb;
        }
        if islands.iter().zip(&ends).any(|(&(_, _, v), &e)| v.is_some_and(|v| v != e)) {
            continue;
        }
        if (0..islands.len()).any(|i| root_of(&mut parent, i) != root_of(&mut parent, 0)) {
            continue;
        }
        n += 1;
    }
    n
}

/// The hashiwokakero model counts what a brute force written here counts, on small grids with
/// random islands, numbers and `?`: bridges only between islands that face each other, none
/// crossing, the numbers met, all islands joined.
#[test]
fn hashiwokakero_model_counts_as_a_brute_force_does() {
    // Two boards where bridges could cross (the random ones seldom are): on the first, the only
    // way to join the islands (2, 1) and (1, 2) crosses at the centre (no solution; 16 if bridges
    // could cross); the second has another way (32 solutions; 224 if they could).
    let cross = [(0, 0, None), (0, 1, None), (2, 1, None), (1, 0, None), (1, 2, None)];
    assert_eq!(model_count("hashikake.qp", &numbers_data(&cross), 3, 3), bridges_by_brute_force(3, 3, &cross));
    let around = [(0, 0, None), (0, 1, None), (0, 2, None), (2, 1, None), (1, 0, None), (1, 2, None)];
    assert_eq!(bridges_by_brute_force(3, 3, &around), 32);
    assert_eq!(model_count("hashikake.qp", &numbers_data(&around), 3, 3), 32);
    let mut mix = Mix(50);
    let mut some = 0;
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
        for _ in 0..6 {
            let mut islands: Vec<(usize, usize, Option<usize>)> = Vec::new();
            for _ in 0..2 + mix.below(4) {
                let (r, c) = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                if islands.iter().any(|&(a, b, _)| (a, b) == (r, c)) {
                    continue;
                }
                let v = (mix.below(2) > 0).then(|| 1 + mix.below(3) as usize);
                islands.push((r, c, v));
            }
            let want = bridges_by_brute_force(rows, cols, &islands);
            some += usize::from(want > 0);
            let got = model_count("hashikake.qp", &numbers_data(&islands), rows, cols);
            assert_eq!(got, want, "hashiwokakero {rows} x {cols}, islands {islands:?}");
        }
    }
    assert!(some >= 4, "only {some} of the random boards have a solution: the test should see both");
}

/// A small grid with borders: each cell's room (areas the borders enclose, numbered from 0 in
/// reading order) and whether a border lies between cells `a` and `b` (side by side).
struct Walled {
    rows: usize,
    cols: usize,
    room: Vec<usize>,
    rooms: usize,
    border: BTreeSet<(usize, usize)>,
    /// Side-by-side pairs (a < b).
    pairs: BTreeSet<(usize, usize)>,
}

impl Walled {
    /// Random borders, each inner edge one with probability 2/5: some of them end inside a room.
    fn random(rows: usize, cols: usize, mix: &mut Mix) -> Self {
        let mut border = BTreeSet::new();
        for x in 0..rows * cols {
            let (r, c) = (x / cols, x % cols);
            for (ok, y) in [(c + 1 < cols, x + 1), (r + 1 < rows, x + cols)] {
                if ok && mix.below(5) < 2 {
                    border.insert((x, y));
                }
            }
        }
        let mut parent: Vec<usize> = (0..rows * cols).collect();
        for x in 0..rows * cols {
            let (r, c) = (x / cols, x % cols);
            for (ok, y) in [(c + 1 < cols, x + 1), (r + 1 < rows, x + cols)] {
                if ok && !border.contains(&(x, y)) {
                    let (a, b) = (root_of(&mut parent, x), root_of(&mut parent, y));
                    parent[a] = b;
                }
            }
        }
        let mut id: BTreeMap<usize, usize> = BTreeMap::new();
        let room: Vec<usize> = (0..rows * cols)
            .map(|x| {
                let r = root_of(&mut parent, x);
                let next = id.len();
                *id.entry(r).or_insert(next)
            })
            .collect();
        let pairs = (0..rows * cols)
            .flat_map(|x| {
                let (r, c) = (x / cols, x % cols);
                [(c + 1 < cols, x + 1), (r + 1 < rows, x + cols)].into_iter().filter(|p| p.0).map(move |p| (x, p.1))
            })
            .collect();
        Walled { rows, cols, rooms: id.len(), room, border, pairs }
    }

    /// The same rooms without the borders inside them.
    fn without_walls(&self) -> Self {
        let border = self.border.iter().copied().filter(|&(a, b)| self.room[a] != self.room[b]).collect();
        Walled { room: self.room.clone(), border, pairs: self.pairs.clone(), ..*self }
    }

    /// The data of the pencil models: rooms and the borders inside rooms.
    fn data(&self) -> String {
        let cell = |x: usize| (x / self.cols + 1, x % self.cols + 1);
        let mut out = format!("param rooms = {}\n", self.rooms);
        for (x, m) in self.room.iter().enumerate() {
            let (r, c) = cell(x);
            out.push_str(&format!("room({r}, {c}, {})\n", m + 1));
        }
        for &(a, b) in self.border.iter().filter(|(a, b)| self.room[*a] == self.room[*b]) {
            let ((r1, c1), (r2, c2)) = (cell(a), cell(b));
            out.push_str(&format!("wall({r1}, {c1}, {r2}, {c2})\n"));
        }
        out
    }

    /// Whether the cells of `set` are joined through side-by-side pairs that `joins` accepts.
    fn connected(&self, set: &[usize], joins: &dyn Fn(usize, usize) -> bool) -> bool {
        let Some(&first) = set.first() else { return true };
        let mut seen = vec![first];
        let mut k = 0;
        while k < seen.len() {
            let x = seen[k];
            k += 1;
            for &y in set {
                let (a, b) = (x.min(y), x.max(y));
                if !seen.contains(&y) && self.pairs.contains(&(a, b)) && joins(a, b) {
                    seen.push(y);
                }
            }
        }
        seen.len() == set.len()
    }
}

/// LITS shadings of `g` (cspuz's rules): four shaded cells per room joined across no border, all
/// shaded cells joined, no 2 x 2 block shaded, equal shapes never side by side across rooms.
fn lits_by_brute_force(g: &Walled) -> u64 {
    let (rows, cols) = (g.rows, g.cols);
    let mut n = 0;
    'grids: for bits in 0u32..1 << (rows * cols) {
        let black = |x: usize| bits >> x & 1 == 1;
        let shaded: Vec<usize> = (0..rows * cols).filter(|&x| black(x)).collect();
        if shaded.len() != 4 * g.rooms || !g.connected(&shaded, &|_, _| true) {
            continue;
        }
        for x in 0..rows * cols {
            let (r, c) = (x / cols, x % cols);
            if r + 1 < rows && c + 1 < cols && [x, x + 1, x + cols, x + cols + 1].into_iter().all(black) {
                continue 'grids;
            }
        }
        let mut shape = vec![' '; g.rooms];
        for (m, kind) in shape.iter_mut().enumerate() {
            let cells: Vec<usize> = shaded.iter().copied().filter(|&x| g.room[x] == m).collect();
            if cells.len() != 4 || !g.connected(&cells, &|a, b| !g.border.contains(&(a, b))) {
                continue 'grids;
            }
            let degree = |x: usize| cells.iter().filter(|&&y| g.pairs.contains(&(x.min(y), x.max(y)))).count();
            let line = |a: usize, b: usize, c: usize| {
                let (ra, rb, rc) = (a / cols, b / cols, c / cols);
                let (ca, cb, cc) = (a % cols, b % cols, c % cols);
                (ra == rb && rb == rc) || (ca == cb && cb == cc)
            };
            let three = cells.iter().enumerate().any(|(i, &a)| {
                cells[i + 1..].iter().enumerate().any(|(j, &b)| cells[i + j + 2..].iter().any(|&c| line(a, b, c)))
            });
            let four = line(cells[0], cells[1], cells[2]) && line(cells[1], cells[2], cells[3]);
            *kind = if four {
                'i'
            } else if cells.iter().any(|&x| degree(x) == 3) {
                't'
            } else if three {
                'l'
            } else {
                's'
            };
        }
        for &(a, b) in &g.pairs {
            if black(a) && black(b) && g.room[a] != g.room[b] && shape[g.room[a]] == shape[g.room[b]] {
                continue 'grids;
            }
        }
        n += 1;
    }
    n
}

/// Heyawake shadings of `g` with room numbers `numbers` (cspuz's rules): no two shaded cells
/// side by side, the unshaded cells joined, each numbered room that many shaded cells, no run of
/// unshaded cells in a row or column across two borders.
fn heyawake_by_brute_force(g: &Walled, numbers: &[(usize, usize)]) -> u64 {
    let (rows, cols) = (g.rows, g.cols);
    let mut n = 0;
    'grids: for bits in 0u32..1 << (rows * cols) {
        let black = |x: usize| bits >> x & 1 == 1;
        let white: Vec<usize> = (0..rows * cols).filter(|&x| !black(x)).collect();
        if g.pairs.iter().any(|&(a, b)| black(a) && black(b)) || !g.connected(&white, &|_, _| true) {
            continue;
        }
        for &(m, v) in numbers {
            if (0..rows * cols).filter(|&x| g.room[x] == m && black(x)).count() != v {
                continue 'grids;
            }
        }
        // Runs: along each row and column, borders crossed since the last shaded cell.
        let lines = (0..rows).map(|r| (0..cols).map(|c| r * cols + c).collect::<Vec<_>>());
        let lines = lines.chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()));
        for line in lines {
            let mut crossed = 0;
            for w in line.windows(2) {
                if black(w[0]) || black(w[1]) {
                    crossed = 0;
                } else if g.border.contains(&(w[0], w[1])) {
                    crossed += 1;
                    if crossed == 2 {
                        continue 'grids;
                    }
                }
            }
        }
        n += 1;
    }
    n
}

/// The LITS and heyawake models count what the brute forces above count, on small grids with
/// random borders, many of which end inside a room (published puzzles have such borders; a
/// border counts for both genres' rules, as in cspuz).
#[test]
fn lits_and_heyawake_models_count_as_a_brute_force_does() {
    let mut mix = Mix(62);
    // Boards where the borders inside rooms change the count: a model that left them out fails.
    let (mut lits_walls, mut heyawake_walls) = (0, 0);
    for (rows, cols) in [(3, 4), (4, 4), (4, 5)] {
        for _ in 0..6 {
            let g = Walled::random(rows, cols, &mut mix);
            let want = lits_by_brute_force(&g);
            lits_walls += usize::from(want != lits_by_brute_force(&g.without_walls()));
            assert_eq!(model_count("lits.qp", &g.data(), rows, cols), want, "LITS {rows} x {cols}: {}", g.data());
            let mut numbers = Vec::new();
            let mut data = g.data();
            for m in 0..g.rooms {
                if mix.below(3) == 0 {
                    let v = mix.below(3) as usize;
                    numbers.push((m, v));
                    data.push_str(&format!("roomnumber({}, {v})\n", m + 1));
                }
            }
            let want = heyawake_by_brute_force(&g, &numbers);
            heyawake_walls += usize::from(want != heyawake_by_brute_force(&g.without_walls(), &numbers));
            assert_eq!(model_count("heyawake.qp", &data, rows, cols), want, "heyawake {rows} x {cols}: {data}");
        }
    }
    assert!(
        lits_walls >= 1 && heyawake_walls >= 2,
        "walls changed {lits_walls} LITS and {heyawake_walls} heyawake counts"
    );
}

/// The facts of `g`'s rooms without the borders inside them (neither shimaguni's nor country
/// road's), and random room numbers 1 to 3 for about a third of the rooms: (room, number).
fn rooms_and_numbers(g: &Walled, mix: &mut Mix) -> (String, Vec<(usize, usize)>) {
    let mut data: String = g.data().lines().filter(|l| !l.starts_with("wall(")).map(|l| format!("{l}\n")).collect();
    let mut numbers = Vec::new();
    for m in 0..g.rooms {
        if mix.below(3) == 0 {
            let v = 1 + mix.below(3) as usize;
            numbers.push((m, v));
            data.push_str(&format!("roomnumber({}, {v})\n", m + 1));
        }
    }
    (data, numbers)
}

/// Shimaguni shadings of `g` with room numbers `numbers` (room, count): every room an island of
/// shaded cells joined side by side, islands of different rooms never side by side, rooms side by
/// side with islands of different sizes.
fn shimaguni_by_brute_force(g: &Walled, numbers: &[(usize, usize)]) -> u64 {
    let cells = g.rows * g.cols;
    let mut n = 0;
    for bits in 0u32..1 << cells {
        let black = |x: usize| bits >> x & 1 == 1;
        let islands: Vec<Vec<usize>> =
            (0..g.rooms).map(|m| (0..cells).filter(|&x| g.room[x] == m && black(x)).collect()).collect();
        let whole = islands.iter().all(|island| !island.is_empty() && g.connected(island, &|_, _| true));
        let apart = g.pairs.iter().all(|&(a, b)| {
            g.room[a] == g.room[b] || !(black(a) && black(b)) && islands[g.room[a]].len() != islands[g.room[b]].len()
        });
        let counted = numbers.iter().all(|&(m, v)| islands[m].len() == v);
        n += u64::from(whole && apart && counted);
    }
    n
}

/// The shimaguni model counts what the brute force above counts, on small grids with random rooms
/// and room numbers.
#[test]
fn shimaguni_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(66);
    for (rows, cols) in [(3, 3), (3, 4), (4, 4)] {
        for _ in 0..6 {
            let g = Walled::random(rows, cols, &mut mix);
            let (data, numbers) = rooms_and_numbers(&g, &mut mix);
            let want = shimaguni_by_brute_force(&g, &numbers);
            assert_eq!(model_count("shimaguni.qp", &data, rows, cols), want, "shimaguni {rows} x {cols}: {data}");
            // The same puzzle with its rooms numbered the other way round: the rooms that touch
            // are then found from the other side (the model looks from the lower-numbered room).
            let reversed = renumbered_rooms(&data, g.rooms);
            assert_eq!(
                model_count("shimaguni.qp", &reversed, rows, cols),
                want,
                "shimaguni {rows} x {cols}: {reversed}"
            );
        }
    }
}

/// `data` (room and room-number facts) with room `m` of `rooms` renamed `rooms + 1 - m`.
fn renumbered_rooms(data: &str, rooms: usize) -> String {
    data.lines()
        .map(|l| {
            let flip = |m: &str| rooms + 1 - m.trim().parse::<usize>().unwrap();
            if let Some(args) = l.strip_prefix("room(").and_then(|a| a.strip_suffix(')')) {
                let (cell, m) = args.rsplit_once(',').unwrap();
                format!("room({cell}, {})\n", flip(m))
            } else if let Some(args) = l.strip_prefix("roomnumber(").and_then(|a| a.strip_suffix(')')) {
                let (m, v) = args.split_once(',').unwrap();
                format!("roomnumber({},{v})\n", flip(m))
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

/// Nanro fillings of `g` that keep the numbers `given` (cell, number), as the sets of numbered
/// cells (each number is then its room's count): every room has one, they form one area side by
/// side with no 2 x 2 block, and equal numbers never sit side by side across a room border.
fn nanros_by_brute_force(g: &Walled, given: &[(usize, usize)]) -> Vec<u32> {
    let cells = g.rows * g.cols;
    let mut out = Vec::new();
    for bits in 0u32..1 << cells {
        let on = |x: usize| bits >> x & 1 == 1;
        let in_room: Vec<usize> =
            (0..g.rooms).map(|m| (0..cells).filter(|&x| g.room[x] == m && on(x)).count()).collect();
        let number = |x: usize| if on(x) { in_room[g.room[x]] } else { 0 };
        let area: Vec<usize> = (0..cells).filter(|&x| on(x)).collect();
        let block = |x: usize| [x, x + 1, x + g.cols, x + g.cols + 1].into_iter().all(on);
        let ok = in_room.iter().all(|&k| k > 0)
            && g.connected(&area, &|_, _| true)
            && !(0..cells).any(|x| x / g.cols + 1 < g.rows && x % g.cols + 1 < g.cols && block(x))
            && g.pairs.iter().all(|&(a, b)| g.room[a] == g.room[b] || number(a) == 0 || number(a) != number(b))
            && given.iter().all(|&(x, v)| number(x) == v);
        if ok {
            out.push(bits);
        }
    }
    out
}

/// The nanro model (with its implied bound: a number is at most its room's size) counts what the
/// brute force above counts, on small grids with random rooms: with no numbers given, and with
/// one or two numbers of a filling given.
#[test]
fn nanro_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(47);
    for (rows, cols) in [(2, 3), (3, 3), (3, 4)] {
        for _ in 0..5 {
            let g = Walled::random(rows, cols, &mut mix);
            let rooms: String =
                g.data().lines().filter(|l| !l.starts_with("wall(")).map(|l| format!("{l}\n")).collect();
            let all = nanros_by_brute_force(&g, &[]);
            assert_eq!(model_count("nanro.qp", &rooms, rows, cols), all.len() as u64, "nanro {rows} x {cols}: {rooms}");
            let Some(&filling) = all.get(mix.below(all.len().max(1) as u64) as usize) else { continue };
            let numbered: Vec<usize> = (0..rows * cols).filter(|&x| filling >> x & 1 == 1).collect();
            let mut given = Vec::new();
            let mut data = rooms.clone();
            for _ in 0..1 + mix.below(2) {
                let x = numbered[mix.below(numbered.len() as u64) as usize];
                let v = numbered.iter().filter(|&&y| g.room[y] == g.room[x]).count();
                given.push((x, v));
                data.push_str(&format!("number({}, {}, {v})\n", x / cols + 1, x % cols + 1));
            }
            let want = nanros_by_brute_force(&g, &given).len() as u64;
            assert!(want >= 1, "a filling's own numbers keep it");
            assert_eq!(model_count("nanro.qp", &data, rows, cols), want, "nanro {rows} x {cols}: {data}");
            // A number larger than its room (a value the room bound cuts away): no filling.
            let x = numbered[0];
            let size = g.room.iter().filter(|&&m| m == g.room[x]).count();
            if size < rows * cols {
                let data = format!("{rooms}number({}, {}, {})\n", x / cols + 1, x % cols + 1, size + 1);
                assert_eq!(nanros_by_brute_force(&g, &[(x, size + 1)]).len(), 0);
                assert_eq!(model_count("nanro.qp", &data, rows, cols), 0, "nanro {rows} x {cols}: {data}");
            }
        }
    }
}

/// Clue cells of a division puzzle, by cell: a number, `?` (`Some(None)`), or none.
type DivisionClues = Vec<Option<Option<usize>>>;

/// The data of `clues`: `number(r, c, v)` and `unknown(r, c)` facts.
fn division_data(clues: &DivisionClues, cols: usize) -> String {
    let mut out = String::new();
    for (x, clue) in clues.iter().enumerate() {
        let (r, c) = (x / cols + 1, x % cols + 1);
        match clue {
            Some(Some(v)) => out.push_str(&format!("number({r}, {c}, {v})\n")),
            Some(None) => out.push_str(&format!("unknown({r}, {c})\n")),
            None => {}
        }
    }
    out
}

/// Shikaku divisions of a `rows` x `cols` grid: rectangles covering every cell once, each holding
/// one clue cell whose number (unless `?`) is its area. The first cell left uncovered in reading
/// order is the top left corner of its rectangle.
fn shikakus_by_brute_force(rows: usize, cols: usize, clues: &DivisionClues) -> u64 {
    fn tile(rows: usize, cols: usize, clues: &DivisionClues, covered: &mut Vec<bool>) -> u64 {
        let Some(x) = covered.iter().position(|&c| !c) else { return 1 };
        let (r, c) = (x / cols, x % cols);
        let mut n = 0;
        for h in 1..=rows - r {
            for w in 1..=cols - c {
                let cells: Vec<usize> = (r..r + h).flat_map(|i| (c..c + w).map(move |j| i * cols + j)).collect();
                if cells.iter().any(|&y| covered[y]) {
                    continue;
                }
                let inside: Vec<&Option<usize>> = cells.iter().filter_map(|&y| clues[y].as_ref()).collect();
                if inside.len() != 1 || inside[0].is_some_and(|v| v != h * w) {
                    continue;
                }
                cells.iter().for_each(|&y| covered[y] = true);
                n += tile(rows, cols, clues, covered);
                cells.iter().for_each(|&y| covered[y] = false);
            }
        }
        n
    }
    tile(rows, cols, clues, &mut vec![false; rows * cols])
}

/// Araf divisions of a `rows` x `cols` grid: regions of side-by-side cells, each holding two clue
/// cells, its size strictly between their numbers (with a `?`, only different from the other
/// number). Every division into connected regions is tried (by the region of each cell in
/// reading order, a new region numbered next).
fn arafs_by_brute_force(rows: usize, cols: usize, clues: &DivisionClues) -> u64 {
    fn fits(rows: usize, cols: usize, clues: &DivisionClues, region: &[usize], k: usize) -> bool {
        let cells: Vec<usize> = (0..rows * cols).filter(|&x| region[x] == k).collect();
        let numbers: Vec<&Option<usize>> = cells.iter().filter_map(|&x| clues[x].as_ref()).collect();
        let size = cells.len();
        let between = match numbers[..] {
            [Some(a), Some(b)] => a.min(b) < &size && &size < a.max(b),
            [Some(a), None] | [None, Some(a)] => *a != size,
            [None, None] => true,
            _ => return false,
        };
        let mut seen = vec![cells[0]];
        let mut i = 0;
        while i < seen.len() {
            let x = seen[i];
            i += 1;
            for &y in &cells {
                let side = (x / cols == y / cols && x.abs_diff(y) == 1) || x.abs_diff(y) == cols;
                if side && !seen.contains(&y) {
                    seen.push(y);
                }
            }
        }
        between && seen.len() == size
    }
    fn divide(rows: usize, cols: usize, clues: &DivisionClues, region: &mut Vec<usize>, regions: usize) -> u64 {
        let x = region.len();
        if x == rows * cols {
            return u64::from((0..regions).all(|k| fits(rows, cols, clues, region, k)));
        }
        let mut n = 0;
        for k in 0..=regions {
            region.push(k);
            n += divide(rows, cols, clues, region, regions.max(k + 1));
            region.pop();
        }
        n
    }
    divide(rows, cols, clues, &mut Vec::new(), 0)
}

/// A random division of a `rows` x `cols` grid into rectangles (at the first cell left, a random
/// size that fits), by cell.
fn random_rectangles(rows: usize, cols: usize, mix: &mut Mix) -> Vec<usize> {
    let mut region = vec![usize::MAX; rows * cols];
    let mut k = 0;
    while let Some(x) = region.iter().position(|&m| m == usize::MAX) {
        let (r, c) = (x / cols, x % cols);
        let free_w = (c..cols).take_while(|&j| region[r * cols + j] == usize::MAX).count();
        let (h, w) = (1 + mix.below((rows - r) as u64) as usize, 1 + mix.below(free_w as u64) as usize);
        for i in r..r + h {
            for j in c..c + w {
                region[i * cols + j] = k;
            }
        }
        k += 1;
    }
    region
}

/// The shikaku model counts what the brute force above counts: small grids, one clue per
/// rectangle of a random division (its area, or `?` now and then), and the same clues with one
/// number changed.
#[test]
fn shikaku_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(48);
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
        for _ in 0..5 {
            let region = random_rectangles(rows, cols, &mut mix);
            let mut clues: DivisionClues = vec![None; rows * cols];
            for k in 0..=*region.iter().max().unwrap() {
                let cells: Vec<usize> = (0..rows * cols).filter(|&x| region[x] == k).collect();
                let x = cells[mix.below(cells.len() as u64) as usize];
                clues[x] = Some((mix.below(4) != 0).then_some(cells.len()));
            }
            let want = shikakus_by_brute_force(rows, cols, &clues);
            assert!(want >= 1, "the division's own clues keep it");
            let data = division_data(&clues, cols);
            assert_eq!(model_count("shikaku.qp", &data, rows, cols), want, "shikaku {rows} x {cols}: {data}");
            if let Some(x) = clues.iter().position(|c| matches!(c, Some(Some(_)))) {
                clues[x] = Some(Some(1 + mix.below(4) as usize));
                let data = division_data(&clues, cols);
                let want = shikakus_by_brute_force(rows, cols, &clues);
                assert_eq!(model_count("shikaku.qp", &data, rows, cols), want, "shikaku {rows} x {cols}: {data}");
            }
        }
    }
}

/// The araf model counts what the brute force above counts: small grids, two clues in each
/// region of a random division into rectangles of two cells or more (numbers around its size, a
/// `?` now and then).
#[test]
fn araf_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(49);
    let mut several = 0;
    for (rows, cols) in [(2, 3), (2, 4), (3, 3)] {
        for _ in 0..6 {
            let region = random_rectangles(rows, cols, &mut mix);
            let regions = 1 + *region.iter().max().unwrap();
            let mut clues: DivisionClues = vec![None; rows * cols];
            for k in 0..regions {
                let cells: Vec<usize> = (0..rows * cols).filter(|&x| region[x] == k).collect();
                if cells.len() < 2 {
                    continue;
                }
                let a = mix.below(cells.len() as u64) as usize;
                let b = (a + 1 + mix.below(cells.len() as u64 - 1) as usize) % cells.len();
                let size = cells.len();
                clues[cells[a]] = Some((mix.below(4) != 0).then(|| mix.below(size as u64) as usize));
                clues[cells[b]] =
                    Some((mix.below(4) != 0).then(|| (size + 1 + mix.below(2) as usize).min(rows * cols)));
            }
            let want = arafs_by_brute_force(rows, cols, &clues);
            several += usize::from(want >= 2);
            let data = division_data(&clues, cols);
            assert_eq!(model_count("araf.qp", &data, rows, cols), want, "araf {rows} x {cols}: {data}");
        }
    }
    assert!(several >= 3, "{several} boards with several divisions");
}

/// Ripple effect fillings of `g` that keep the numbers `given` (by cell): a room of k cells holds
/// 1 to k once each, and two equal numbers v in a row or a column are more than v cells apart.
fn ripples_by_brute_force(g: &Walled, given: &[Option<usize>]) -> Vec<Vec<usize>> {
    let size: Vec<usize> = (0..g.rooms).map(|m| g.room.iter().filter(|&&x| x == m).count()).collect();
    let mut found = Vec::new();
    let mut filled = Vec::new();
    ripple_cells(g, given, &size, &mut filled, &mut found);
    found
}

/// Fills the cells after `filled` (row by row) in every way the rules allow.
fn ripple_cells(
    g: &Walled,
    given: &[Option<usize>],
    size: &[usize],
    filled: &mut Vec<usize>,
    found: &mut Vec<Vec<usize>>,
) {
    let x = filled.len();
    if x == g.rows * g.cols {
        found.push(filled.clone());
        return;
    }
    let (r, c) = (x / g.cols, x % g.cols);
    for v in 1..=size[g.room[x]] {
        let clash = (0..x).any(|y| {
            let (r2, c2) = (y / g.cols, y % g.cols);
            let apart = if r2 == r {
                c - c2
            } else if c2 == c {
                r - r2
            } else {
                usize::MAX
            };
            filled[y] == v && (g.room[y] == g.room[x] || apart <= v)
        });
        if !clash && given[x].is_none_or(|w| w == v) {
            filled.push(v);
            ripple_cells(g, given, size, filled, found);
            filled.pop();
        }
    }
}

/// The ripple effect model (its distance rule asks only the numbers a room can hold) counts what
/// the brute force above counts, on small grids with random rooms of at most 4 cells and numbers
/// taken from one of the fillings.
#[test]
fn ripple_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(67);
    let mut compared = 0;
    for (rows, cols) in [(2, 3), (3, 3), (2, 4), (3, 4)] {
        let mut here = 0;
        for _ in 0..100 {
            let g = Walled::random(rows, cols, &mut mix);
            if here == 5 || (0..g.rooms).any(|m| g.room.iter().filter(|&&x| x == m).count() > 4) {
                continue;
            }
            here += 1;
            let fillings = ripples_by_brute_force(&g, &vec![None; rows * cols]);
            let mut given = vec![None; rows * cols];
            let mut data: String =
                g.data().lines().filter(|l| !l.starts_with("wall(")).map(|l| format!("{l}\n")).collect();
            if !fillings.is_empty() {
                let one = &fillings[mix.below(fillings.len() as u64) as usize];
                for (x, &v) in one.iter().enumerate() {
                    if mix.below(5) < 2 {
                        given[x] = Some(v);
                        data.push_str(&format!("number({}, {}, {v})\n", x / cols + 1, x % cols + 1));
                    }
                }
            }
            let want = ripples_by_brute_force(&g, &given).len() as u64;
            assert_eq!(model_count("ripple.qp", &data, rows, cols), want, "ripple {rows} x {cols}: {data}");
            compared += 1;
        }
    }
    assert_eq!(compared, 20, "grids compared");
}

/// Segments between two cells (cell indices, row by row).
type Segments = Vec<(usize, usize)>;

/// The segments of `pairs` that `bits` chooses and each cell's number of them, when they make
/// one loop or none (every cell on none or two, those on two joined); `None` otherwise.
fn one_loop(pairs: &[(usize, usize)], bits: u32, cells: usize) -> Option<(Segments, Vec<usize>)> {
    let used: Segments = pairs.iter().enumerate().filter(|(k, _)| bits >> k & 1 == 1).map(|(_, &e)| e).collect();
    let mut degree = vec![0; cells];
    for &(a, b) in &used {
        degree[a] += 1;
        degree[b] += 1;
    }
    if degree.iter().any(|&d| d != 0 && d != 2) {
        return None;
    }
    let on: Vec<usize> = (0..cells).filter(|&x| degree[x] == 2).collect();
    let mut seen: Vec<usize> = on.first().copied().into_iter().collect();
    let mut k = 0;
    while k < seen.len() {
        let x = seen[k];
        k += 1;
        for &(a, b) in &used {
            for (from, to) in [(a, b), (b, a)] {
                if from == x && !seen.contains(&to) {
                    seen.push(to);
                }
            }
        }
    }
    (seen.len() == on.len()).then_some((used, degree))
}

/// Country roads of `g` with room numbers `numbers` (room, cells on the loop), by trying every
/// set of segments between side-by-side cells: one loop (every cell on none or two segments,
/// those on two all joined), through every room once (two segments across its border, at least
/// one cell on the loop), no two cells side by side across a border both off the loop.
fn country_roads_by_brute_force(g: &Walled, numbers: &[(usize, usize)]) -> u64 {
    let cells = g.rows * g.cols;
    let pairs: Vec<(usize, usize)> = g.pairs.iter().copied().collect();
    let mut n = 0;
    for bits in 0u32..1 << pairs.len() {
        let Some((used, degree)) = one_loop(&pairs, bits, cells) else { continue };
        let on: Vec<usize> = (0..cells).filter(|&x| degree[x] > 0).collect();
        if on.is_empty() {
            continue;
        }
        let rooms_once = (0..g.rooms).all(|m| {
            let crossing = used.iter().filter(|&&(a, b)| (g.room[a] == m) != (g.room[b] == m)).count();
            crossing == 2 && on.iter().any(|&x| g.room[x] == m)
        });
        let counted = numbers.iter().all(|&(m, v)| on.iter().filter(|&&x| g.room[x] == m).count() == v);
        let no_gap = pairs.iter().all(|&(a, b)| g.room[a] == g.room[b] || degree[a] > 0 || degree[b] > 0);
        n += u64::from(rooms_once && counted && no_gap);
    }
    n
}

/// The country road model counts what the brute force above counts, on small grids with random
/// rooms and room numbers.
#[test]
fn country_road_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(67);
    let mut loops = 0;
    for (rows, cols) in [(2, 3), (3, 3), (3, 4)] {
        for _ in 0..6 {
            let g = Walled::random(rows, cols, &mut mix);
            let (data, numbers) = rooms_and_numbers(&g, &mut mix);
            let want = country_roads_by_brute_force(&g, &numbers);
            loops += usize::from(want > 0);
            assert_eq!(model_count("country.qp", &data, rows, cols), want, "country road {rows} x {cols}: {data}");
        }
    }
    assert!(loops >= 4, "{loops} boards with a road");
}

/// Yajilins of a `rows` x `cols` grid with arrow clues `arrows` ((row, column), direction 1 to 4
/// for up, down, left, right, shaded cells counted; 0-based) and plain clue cells `plain`, by
/// trying every set of segments between side-by-side cells: one loop (none at all, or every
/// cell on none or two segments and those on two joined), clue cells off it, the other cells
/// off it shaded and never side by side, every arrow counting the shaded cells it points at.
fn yajilins_by_brute_force(
    rows: usize,
    cols: usize,
    arrows: &[((usize, usize), usize, usize)],
    plain: &[(usize, usize)],
) -> u64 {
    let cells = rows * cols;
    let clue = |x: usize| {
        arrows.iter().any(|&((r, c), _, _)| r * cols + c == x) || plain.iter().any(|&(r, c)| r * cols + c == x)
    };
    let mut pairs = Vec::new();
    for x in 0..cells {
        if x % cols + 1 < cols {
            pairs.push((x, x + 1));
        }
        if x + cols < cells {
            pairs.push((x, x + cols));
        }
    }
    let mut n = 0;
    'sets: for bits in 0u32..1 << pairs.len() {
        let Some((_, degree)) = one_loop(&pairs, bits, cells) else { continue };
        if (0..cells).any(|x| degree[x] != 0 && clue(x)) {
            continue;
        }
        let shaded = |x: usize| degree[x] == 0 && !clue(x);
        if pairs.iter().any(|&(a, b)| shaded(a) && shaded(b)) {
            continue;
        }
        for &((r, c), d, count) in arrows {
            let ahead: Vec<usize> = match d {
                1 => (0..r).map(|r2| r2 * cols + c).collect(),
                2 => (r + 1..rows).map(|r2| r2 * cols + c).collect(),
                3 => (0..c).map(|c2| r * cols + c2).collect(),
                _ => (c + 1..cols).map(|c2| r * cols + c2).collect(),
            };
            if ahead.iter().filter(|&&x| shaded(x)).count() != count {
                continue 'sets;
            }
        }
        n += 1;
    }
    n
}

/// The yajilin model counts what the brute force above counts, on small grids with random arrows
/// (each direction) and plain clue cells.
#[test]
fn yajilin_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(68);
    let (mut loops, mut directions) = (0, BTreeSet::new());
    for (rows, cols) in [(2, 3), (3, 3), (3, 4)] {
        for _ in 0..10 {
            let (mut arrows, mut plain) = (Vec::new(), Vec::new());
            let mut data = String::new();
            for k in 0..1 + mix.below(3) {
                let (r, c) = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                if arrows.iter().any(|&(at, _, _)| at == (r, c)) || plain.contains(&(r, c)) {
                    continue;
                }
                if k == 2 {
                    plain.push((r, c));
                    data.push_str(&format!("unknown({}, {})\n", r + 1, c + 1));
                    continue;
                }
                let (d, count) = (1 + mix.below(4) as usize, mix.below(2) as usize);
                arrows.push(((r, c), d, count));
                directions.insert(d);
                data.push_str(&format!("arrow({}, {}, {d}, {count})\n", r + 1, c + 1));
            }
            let want = yajilins_by_brute_force(rows, cols, &arrows, &plain);
            loops += usize::from(want > 0);
            assert_eq!(model_count("yajilin.qp", &data, rows, cols), want, "yajilin {rows} x {cols}: {data}");
        }
    }
    assert!(loops >= 5 && directions.len() == 4, "{loops} boards with a loop, directions {directions:?}");
}

/// A tapa clue's entries: `Some(length)` or `None` for `?`.
type TapaClue = Vec<Option<usize>>;

/// The lengths of the runs of shaded cells among the eight neighbours of (r, c), read around the
/// cell (off the grid counts as unshaded); a ring shaded all round is one run of 8.
fn tapa_runs(shaded: &dyn Fn(i64, i64) -> bool, r: i64, c: i64) -> Vec<usize> {
    let around = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)];
    let ring: Vec<bool> = around.iter().map(|&(dr, dc)| shaded(r + dr, c + dc)).collect();
    let Some(gap) = ring.iter().position(|&s| !s) else { return vec![8] };
    let mut runs = Vec::new();
    let mut length = 0;
    for k in 1..=8 {
        if ring[(gap + k) % 8] {
            length += 1;
        } else if length > 0 {
            runs.push(length);
            length = 0;
        }
    }
    runs
}

/// Whether the runs meet the clue: a lone 0 no run; otherwise as many runs as entries, each
/// number among them (as often as listed), `?` any length.
fn tapa_clue_met(clue: &TapaClue, runs: &[usize]) -> bool {
    if clue == &[Some(0)] {
        return runs.is_empty();
    }
    let mut left = runs.to_vec();
    runs.len() == clue.len()
        && clue.iter().flatten().all(|v| match left.iter().position(|l| l == v) {
            Some(i) => {
                left.swap_remove(i);
                true
            }
            None => false,
        })
}

/// Tapas of a `rows` x `cols` grid with the clues `clues` (cell, entries), by trying every
/// shading: clue cells unshaded, no 2 x 2 block shaded, the shaded cells one group side by side
/// (none at all is one group), every clue met.
fn tapas_by_brute_force(rows: usize, cols: usize, clues: &[((usize, usize), TapaClue)]) -> u64 {
    let mut n = 0;
    for bits in 0u32..1 << (rows * cols) {
        let at = |r: i64, c: i64| {
            (0..rows as i64).contains(&r)
                && (0..cols as i64).contains(&c)
                && bits >> (r as usize * cols + c as usize) & 1 == 1
        };
        let clue_cell_shaded = clues.iter().any(|&((r, c), _)| at(r as i64, c as i64));
        let block = (0..rows as i64 - 1)
            .any(|r| (0..cols as i64 - 1).any(|c| at(r, c) && at(r + 1, c) && at(r, c + 1) && at(r + 1, c + 1)));
        if clue_cell_shaded || block {
            continue;
        }
        let mut parent: Vec<usize> = (0..rows * cols).collect();
        for x in 0..rows * cols {
            let (r, c) = ((x / cols) as i64, (x % cols) as i64);
            for (y, ok) in [(x + 1, at(r, c) && at(r, c + 1)), (x + cols, at(r, c) && at(r + 1, c))] {
                if ok {
                    let (a, b) = (root_of(&mut parent, x), root_of(&mut parent, y));
                    parent[a] = b;
                }
            }
        }
        let groups: BTreeSet<usize> =
            (0..rows * cols).filter(|&x| bits >> x & 1 == 1).map(|x| root_of(&mut parent, x)).collect();
        let met = clues.iter().all(|((r, c), clue)| tapa_clue_met(clue, &tapa_runs(&at, *r as i64, *c as i64)));
        n += u64::from(groups.len() <= 1 && met);
    }
    n
}

/// A random tapa clue as URLs carry them: a lone 0-8, two numbers 1-5, three 1-3 or four 1s, each
/// number of a list `?` one time in four.
fn random_tapa_clue(mix: &mut Mix) -> TapaClue {
    let (entries, largest) = [(1, 8), (2, 5), (3, 3), (4, 1)][mix.below(4) as usize];
    (0..entries)
        .map(|_| {
            let least = usize::from(entries > 1);
            let v = least + mix.below(largest as u64 + 1 - least as u64) as usize;
            (mix.below(4) > 0).then_some(v)
        })
        .collect()
}

/// The tapa model counts what the brute force above counts, on small grids with random clues
/// and with a lone `?` whose ring can be shaded all round (one run of 8: a model that counts the
/// runs by where they start misses it).
#[test]
fn tapa_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(64);
    let mut boards =
        vec![(3, 3, vec![((1, 1), vec![None])]), (3, 4, vec![((1, 1), vec![None]), ((0, 3), vec![Some(1)])])];
    for (rows, cols) in [(3, 3), (3, 4), (4, 4)] {
        for _ in 0..6 {
            let mut clues: Vec<((usize, usize), TapaClue)> = Vec::new();
            for _ in 0..1 + mix.below(3) {
                let cell = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                if clues.iter().all(|(at, _)| *at != cell) {
                    clues.push((cell, random_tapa_clue(&mut mix)));
                }
            }
            boards.push((rows, cols, clues));
        }
    }
    for (rows, cols, clues) in boards {
        let mut data = String::new();
        for ((r, c), clue) in &clues {
            for (e, v) in clue.iter().enumerate() {
                data.push_str(&match v {
                    Some(v) => format!("tapa({}, {}, {}, {v})\n", r + 1, c + 1, e + 1),
                    None => format!("tapaunknown({}, {}, {})\n", r + 1, c + 1, e + 1),
                });
            }
        }
        let want = tapas_by_brute_force(rows, cols, &clues);
        assert_eq!(model_count("tapa.qp", &data, rows, cols), want, "tapa {rows} x {cols}: {data}");
    }
}

/// One shading of a small grid for the brute forces below: cell (r, c) is bit r * cols + c.
struct Shading {
    rows: usize,
    cols: usize,
    bits: u32,
}

impl Shading {
    fn on(&self, r: i64, c: i64) -> bool {
        (0..self.rows as i64).contains(&r)
            && (0..self.cols as i64).contains(&c)
            && self.bits >> (r as usize * self.cols + c as usize) & 1 == 1
    }

    /// The cells of (r, c)'s row and column it sees (itself not counted): those before the first
    /// cell that is `on`, or the edge, in each of the four directions.
    fn sees(&self, r: usize, c: usize) -> usize {
        let inside = |r: i64, c: i64| (0..self.rows as i64).contains(&r) && (0..self.cols as i64).contains(&c);
        let mut n = 0;
        for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            let (mut y, mut x) = (r as i64 + dr, c as i64 + dc);
            while inside(y, x) && !self.on(y, x) {
                n += 1;
                (y, x) = (y + dr, x + dc);
            }
        }
        n
    }

    /// Whether the cells where `keep` holds form one group side by side (none at all is one).
    fn one_group(&self, keep: &dyn Fn(i64, i64) -> bool) -> bool {
        let cells: Vec<(i64, i64)> = (0..self.rows as i64)
            .flat_map(|r| (0..self.cols as i64).map(move |c| (r, c)))
            .filter(|&(r, c)| keep(r, c))
            .collect();
        let Some(&first) = cells.first() else { return true };
        let mut seen = BTreeSet::from([first]);
        let mut todo = vec![first];
        while let Some((r, c)) = todo.pop() {
            for next in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                if cells.contains(&next) && seen.insert(next) {
                    todo.push(next);
                }
            }
        }
        seen.len() == cells.len()
    }

    /// The cells inside the grid side by side with (r, c) that are `on`.
    fn beside(&self, r: i64, c: i64) -> usize {
        [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)].into_iter().filter(|&(y, x)| self.on(y, x)).count()
    }

    /// The cells inside the grid side by side with (r, c) that are not `on`.
    fn open_beside(&self, r: i64, c: i64) -> usize {
        let inside = |r: i64, c: i64| (0..self.rows as i64).contains(&r) && (0..self.cols as i64).contains(&c);
        [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            .into_iter()
            .filter(|&(y, x)| inside(y, x) && !self.on(y, x))
            .count()
    }
}

/// Clue cells of the brute forces below: (row, column, number), `None` for a `?`.
type Numbers = Vec<(usize, usize, Option<usize>)>;

/// The facts of a clue set: `number(r, c, v)` and `unknown(r, c)`, 1-based.
fn numbers_data(numbers: &[(usize, usize, Option<usize>)]) -> String {
    numbers
        .iter()
        .map(|&(r, c, v)| match v {
            Some(v) => format!("number({}, {}, {v})\n", r + 1, c + 1),
            None => format!("unknown({}, {})\n", r + 1, c + 1),
        })
        .collect()
}

/// Counts the shadings of a `rows` x `cols` grid that `fits` accepts, by trying every one.
fn shadings_by_brute_force(rows: usize, cols: usize, fits: &dyn Fn(&Shading) -> bool) -> u64 {
    (0u32..1 << (rows * cols)).filter(|&bits| fits(&Shading { rows, cols, bits })).count() as u64
}

/// The numbers of a clue set are unshaded and each is one more than the cells it sees.
fn numbers_seen(s: &Shading, numbers: &Numbers) -> bool {
    numbers.iter().all(|&(r, c, v)| !s.on(r as i64, c as i64) && v.is_none_or(|v| v == 1 + s.sees(r, c)))
}

/// The kurodoko, nurimisaki, cave and light-up (akari) models count what the brute forces here
/// count, on small grids with random numbers and `?`s: numbers that count the cells they see
/// along chains of cells (kurodoko, nurimisaki, cave), lights whose beams run along the rows and
/// columns to a wall (akari).
#[test]
fn models_that_look_along_rows_and_columns_count_as_a_brute_force_does() {
    let mut mix = Mix(65);
    for (rows, cols) in [(3, 3), (3, 4), (4, 4)] {
        for _ in 0..5 {
            let mut numbers: Numbers = Vec::new();
            for _ in 0..1 + mix.below(3) {
                let (r, c) = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                if numbers.iter().any(|&(a, b, _)| (a, b) == (r, c)) {
                    continue;
                }
                numbers.push((r, c, (mix.below(5) > 0).then(|| 1 + mix.below((rows + cols - 1) as u64) as usize)));
            }
            let data = numbers_data(&numbers);
            let kurodoko = shadings_by_brute_force(rows, cols, &|s| {
                let apart = (0..rows as i64)
                    .all(|r| (0..cols as i64).all(|c| !(s.on(r, c) && (s.on(r + 1, c) || s.on(r, c + 1)))));
                apart && s.one_group(&|r, c| !s.on(r, c)) && numbers_seen(s, &numbers)
            });
            assert_eq!(model_count("kurodoko.qp", &data, rows, cols), kurodoko, "kurodoko {rows} x {cols}: {data}");
            // Cave: the shaded cells reach the edge through shaded cells (one group with the outside).
            let cave = shadings_by_brute_force(rows, cols, &|s| {
                let outside = |r: i64, c: i64| !(0..rows as i64).contains(&r) || !(0..cols as i64).contains(&c);
                let framed = Shading { rows: rows + 2, cols: cols + 2, bits: 0 };
                let rock = |r: i64, c: i64| outside(r - 1, c - 1) || s.on(r - 1, c - 1);
                framed.one_group(&rock) && s.one_group(&|r, c| !s.on(r, c)) && numbers_seen(s, &numbers)
            });
            assert_eq!(model_count("cave.qp", &data, rows, cols), cave, "cave {rows} x {cols}: {data}");
            // Akari: the bits are lights; the numbered cells are walls, a number (0 to 4) counts
            // the lights beside it.
            let walls: Numbers = numbers.iter().map(|&(r, c, v)| (r, c, v.map(|v| v % 5))).collect();
            let wall = |r: i64, c: i64| walls.iter().find(|&&(a, b, _)| (a as i64, b as i64) == (r, c));
            let akari = shadings_by_brute_force(rows, cols, &|s| {
                // The lights (r, c) sees along its row and column, up to a wall or the edge.
                let lights_seen = |r: i64, c: i64| {
                    let mut n = 0;
                    for (dr, dc) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                        let (mut y, mut x) = (r + dr, c + dc);
                        while (0..rows as i64).contains(&y) && (0..cols as i64).contains(&x) && wall(y, x).is_none() {
                            n += usize::from(s.on(y, x));
                            (y, x) = (y + dr, x + dc);
                        }
                    }
                    n
                };
                (0..rows as i64).all(|r| {
                    (0..cols as i64).all(|c| match wall(r, c) {
                        Some(&(_, _, v)) => !s.on(r, c) && v.is_none_or(|v| v == s.beside(r, c)),
                        None if s.on(r, c) => lights_seen(r, c) == 0,
                        None => lights_seen(r, c) > 0,
                    })
                })
            });
            assert_eq!(
                model_count("lightup.qp", &numbers_data(&walls), rows, cols),
                akari,
                "akari {rows} x {cols}: {walls:?}"
            );
        }
    }
    // Nurimisaki: random circles are rarely exactly the capes of a shading, so the clues are
    // those of a shading that keeps the other rules, some numbers turned to `?`.
    for (rows, cols) in [(3, 3), (3, 4), (4, 4)] {
        let capes_of = |s: &Shading| -> Vec<(usize, usize)> {
            (0..rows * cols)
                .map(|x| (x / cols, x % cols))
                .filter(|&(r, c)| !s.on(r as i64, c as i64) && s.open_beside(r as i64, c as i64) == 1)
                .collect()
        };
        let blocks_mixed = |s: &Shading| {
            (0..rows as i64 - 1).all(|r| {
                (0..cols as i64 - 1).all(|c| {
                    let shaded =
                        [(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)].iter().filter(|&&(y, x)| s.on(y, x)).count();
                    shaded != 0 && shaded != 4
                })
            })
        };
        let shapes: Vec<u32> = (0u32..1 << (rows * cols))
            .filter(|&bits| {
                let s = Shading { rows, cols, bits };
                blocks_mixed(&s) && s.one_group(&|r, c| !s.on(r, c)) && !capes_of(&s).is_empty()
            })
            .collect();
        for _ in 0..4 {
            let shape = Shading { rows, cols, bits: shapes[mix.below(shapes.len() as u64) as usize] };
            let numbers: Numbers = capes_of(&shape)
                .into_iter()
                .map(|(r, c)| (r, c, (mix.below(4) > 0).then(|| 1 + shape.sees(r, c))))
                .collect();
            let circle = |r: i64, c: i64| numbers.iter().any(|&(a, b, _)| (a as i64, b as i64) == (r, c));
            let nurimisaki = |numbers: &Numbers| {
                shadings_by_brute_force(rows, cols, &|s| {
                    let capes = (0..rows as i64)
                        .all(|r| (0..cols as i64).all(|c| s.on(r, c) || (s.open_beside(r, c) == 1) == circle(r, c)));
                    blocks_mixed(s) && capes && s.one_group(&|r, c| !s.on(r, c)) && numbers_seen(s, numbers)
                })
            };
            let want = nurimisaki(&numbers);
            let data = numbers_data(&numbers);
            assert!(want >= 1, "the shading the clues come from is one");
            assert_eq!(model_count("nurimisaki.qp", &data, rows, cols), want, "nurimisaki {rows} x {cols}: {data}");
            // One number changed (by one either way, or to 1 or to a cape longer than the grid):
            // other shadings, or none.
            let mut changed = numbers.clone();
            if let Some((_, _, Some(v))) = changed.iter_mut().find(|n| n.2.is_some()) {
                *v = match mix.below(4) {
                    0 => *v + 1,
                    1 => *v - 1,
                    2 => 1,
                    _ => rows.max(cols) + 1,
                };
                let data = numbers_data(&changed);
                let want = nurimisaki(&changed);
                assert_eq!(model_count("nurimisaki.qp", &data, rows, cols), want, "nurimisaki {rows} x {cols}: {data}");
            }
        }
    }
}

/// The nurikabe model counts what a brute force of its rules counts, on small grids with random
/// numbers and `?`s: clue cells unshaded, the shaded cells one group with no 2 x 2 block, every
/// group of side-by-side unshaded cells holding exactly one clue, a number the size of its group.
/// (The model states that an island stays within its number's reach; the brute force does not.)
#[test]
fn nurikabe_model_counts_as_a_brute_force_does() {
    let mut mix = Mix(68);
    let mut solvable = 0;
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (4, 5)] {
        for _ in 0..8 {
            let mut clues: Numbers = Vec::new();
            for _ in 0..1 + mix.below(3) {
                let (r, c) = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                if clues.iter().all(|&(a, b, _)| (a, b) != (r, c)) {
                    clues.push((r, c, (mix.below(4) > 0).then(|| 1 + mix.below(5) as usize)));
                }
            }
            let nurikabe = shadings_by_brute_force(rows, cols, &|s| {
                let (rows, cols) = (rows as i64, cols as i64);
                let block = (0..rows - 1).any(|r| {
                    (0..cols - 1).any(|c| s.on(r, c) && s.on(r + 1, c) && s.on(r, c + 1) && s.on(r + 1, c + 1))
                });
                if block || clues.iter().any(|&(r, c, _)| s.on(r as i64, c as i64)) || !s.one_group(&|r, c| s.on(r, c))
                {
                    return false;
                }
                // Each unshaded group: its cells, then its clues.
                let mut seen = BTreeSet::new();
                for start in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                    if s.on(start.0, start.1) || !seen.insert(start) {
                        continue;
                    }
                    let (mut group, mut todo) = (vec![start], vec![start]);
                    while let Some((r, c)) = todo.pop() {
                        for next in [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)] {
                            let inside = (0..rows).contains(&next.0) && (0..cols).contains(&next.1);
                            if inside && !s.on(next.0, next.1) && seen.insert(next) {
                                group.push(next);
                                todo.push(next);
                            }
                        }
                    }
                    let inside: Vec<_> =
                        clues.iter().filter(|&&(r, c, _)| group.contains(&(r as i64, c as i64))).collect();
                    if inside.len() != 1 || inside[0].2.is_some_and(|v| v != group.len()) {
                        return false;
                    }
                }
                true
            });
            assert_eq!(
                model_count("nurikabe.qp", &numbers_data(&clues), rows, cols),
                nurikabe,
                "nurikabe {rows} x {cols}: {clues:?}"
            );
            solvable += usize::from(nurikabe > 0);
        }
    }
    assert!(solvable >= 8, "only {solvable} clue sets with solutions");
}

/// The hitori and kurochute models count what brute forces of their rules count, on small grids:
/// hitori with random numbers 1 to 3 in every cell (no number twice among the unshaded cells of a
/// line), kurochute with random numbers and `?`s (exactly one shaded cell the number's distance
/// away, straight). Both: no shaded cells side by side, the unshaded cells one group.
#[test]
fn hitori_and_kurochute_models_count_as_a_brute_force_does() {
    let mut mix = Mix(69);
    for (rows, cols) in [(3, 3), (3, 4), (4, 4)] {
        for _ in 0..4 {
            let apart = |s: &Shading| {
                (0..rows as i64).all(|r| (0..cols as i64).all(|c| !(s.on(r, c) && (s.on(r + 1, c) || s.on(r, c + 1)))))
            };
            let numbers: Vec<usize> = (0..rows * cols).map(|_| 1 + mix.below(3) as usize).collect();
            let data: String = numbers
                .iter()
                .enumerate()
                .map(|(x, v)| format!("number({}, {}, {v})\n", x / cols + 1, x % cols + 1))
                .collect();
            let hitori = shadings_by_brute_force(rows, cols, &|s| {
                let repeats = (0..rows * cols).any(|a| {
                    (a + 1..rows * cols).any(|b| {
                        let line = a / cols == b / cols || a % cols == b % cols;
                        let open = |x: usize| !s.on((x / cols) as i64, (x % cols) as i64);
                        line && numbers[a] == numbers[b] && open(a) && open(b)
                    })
                });
                !repeats && apart(s) && s.one_group(&|r, c| !s.on(r, c))
            });
            assert_eq!(model_count("hitori.qp", &data, rows, cols), hitori, "hitori {rows} x {cols}: {data}");
            let mut clues: Numbers = Vec::new();
            for _ in 0..1 + mix.below(3) {
                let (r, c) = (mix.below(rows as u64) as usize, mix.below(cols as u64) as usize);
                if clues.iter().all(|&(a, b, _)| (a, b) != (r, c)) {
                    clues.push((r, c, (mix.below(4) > 0).then(|| 1 + mix.below(3) as usize)));
                }
            }
            let kurochute = shadings_by_brute_force(rows, cols, &|s| {
                let numbers_hold = clues.iter().all(|&(r, c, v)| {
                    let (r, c) = (r as i64, c as i64);
                    !s.on(r, c)
                        && v.is_none_or(|v| {
                            let v = v as i64;
                            [(r - v, c), (r + v, c), (r, c - v), (r, c + v)]
                                .iter()
                                .filter(|&&(y, x)| s.on(y, x))
                                .count()
                                == 1
                        })
                });
                s.bits != 0 && numbers_hold && apart(s) && s.one_group(&|r, c| !s.on(r, c))
            });
            assert_eq!(
                model_count("kurochute.qp", &numbers_data(&clues), rows, cols),
                kurochute,
                "kurochute {rows} x {cols}: {clues:?}"
            );
        }
    }
}

/// A fillomino of 24 x 24 cells whose division's clauses would need 32 million auxiliary atoms
/// (about n^3 / 6: a cell left blank may take any size up to the grid's): `encode` and a solver
/// that reads clauses (splr) refuse it, exit 2 with the limit and the way round it, while the
/// built-in solver, which decides the division natively and writes none of them, answers
/// `count --max 2`, `solve` (alone and as a portfolio), `backbone` and `batch`. The puzzle: each even column one region of 24, each
/// odd column a region of 11 above one of 13 (same sizes never touch), every number shown but
/// two cells of the first 11's.
#[test]
fn a_fillomino_too_large_to_write_is_answered_natively() {
    // pzprjs's number16: `-` and two hexadecimal digits from 16 on; `g`: one empty cell.
    let mut body = String::new();
    for r in 0..24 {
        for c in 0..24 {
            match (r, c) {
                (_, c) if c % 2 == 0 => body.push_str("-18"),
                (3 | 4, 1) => body.push('g'),
                (r, _) if r < 11 => body.push('b'),
                _ => body.push('d'),
            }
        }
    }
    let url = format!("https://puzz.link/p?fillomino/24/24/{body}");
    let o = wgrnd(&["count", "--max", "2", &url], None);
    assert_eq!(code(&o), 10, "{}", stderr(&o));
    assert!(stdout(&o).contains("1 solution(s)"), "{}", stdout(&o));
    for jobs in ["1", "3"] {
        let o = wgrnd(&["solve", "--jobs", jobs, &url], None);
        assert_eq!(code(&o), 10, "--jobs {jobs}: {}", stderr(&o));
    }
    let o = wgrnd(&["backbone", &url], None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("331776 of 331776 shown atom(s)"), "{}", stdout(&o));
    let o = wgrnd(&["batch", "-"], Some(url.as_bytes()));
    assert!(stdout(&o).contains(r#""verdict":"unique""#), "{}", stdout(&o));
    for args in [&["encode", &url][..], &["solve", "--solver", "splr", &url]] {
        let o = wgrnd(args, None);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains("at most 20000000") && err.contains("decides it natively and writes none of them"),
            "{args:?}: {err}"
        );
    }
}
