//! The URL readers against the fixtures of `fixtures/pencil/`: every URL decodes, writes back to
//! the same text, reads with its genre's model under the genre's data contract.

use super::*;

#[test]
fn a_url_reads_into_its_genre_and_board() {
    let p = url::read("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g").unwrap();
    assert_eq!(p.genre.pid, "nurikabe");
    assert_eq!((p.board.rows, p.board.cols), (5, 5));
    assert_eq!(url::write(p.genre, &p.flags, &p.board), "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g");
    // A query parameter after the body (puzz.link's database links carry `&id=`) is passed
    // over; anything else after the board is an error.
    let q = url::read("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g&id=259flcep").unwrap();
    assert_eq!(q.board, p.board);
    assert!(url::read("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g%22").is_err());
}

/// Every genre's data, from every fixture URL of the genre, reads with its bundled model; the
/// facts it writes are the contract's and every input predicate of the model is in the
/// contract: a name that drifts on either side fails here.
#[test]
fn every_genre_keeps_its_data_contract_with_its_model() {
    use std::collections::BTreeSet;
    use wgrnd_lang::{load, PredKind, Source};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/pencil");
    for genre in GENRES {
        let contract = genre.reader.data;
        assert_eq!(genre.model().0, contract.model, "{}", genre.pid);
        let dir = root.join(genre.pid);
        let urls: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "url"))
            .collect();
        assert!(!urls.is_empty(), "{}: no fixture", genre.pid);
        let facts: BTreeSet<&str> = contract.facts.iter().map(|(n, _)| *n).collect();
        for file in urls {
            let text = std::fs::read_to_string(&file).unwrap();
            let data = (genre.reader.convert)(text.trim(), &text).unwrap();
            let program =
                load(&Source::new(genre.model().0, genre.model().1), Some(&Source::new("data", data.clone())), &[])
                    .unwrap_or_else(|e| panic!("{}: {}", file.display(), e.render()));
            for line in data.lines().filter(|l| !l.starts_with('%') && !l.starts_with("param")) {
                let name = line.split('(').next().unwrap_or("");
                assert!(facts.contains(name), "{}: `{name}` is not in the contract", file.display());
            }
            for p in program.preds.iter().filter(|p| matches!(p.kind, PredKind::Input(_))) {
                let arity = contract.facts.iter().find(|(n, _)| *n == p.name).map(|(_, a)| *a);
                assert_eq!(arity, Some(p.args.len()), "{}: input predicate `{}`", genre.pid, p.name);
            }
        }
    }
}

/// A clue the URL reader lets through is one the genre's model takes: the bound of each genre's
/// clues is at most the largest value of its model's domain `V`, on small and on the largest
/// boards, so a URL's bad clue is refused with its column and not by the grounder.
#[test]
fn every_genre_s_clue_bound_fits_its_model() {
    use wgrnd_lang::{load, Source, Val};
    for genre in GENRES {
        for side in [6, 40, url::MAX_SIDE] {
            let mut b = Board::new(side, side);
            b.letters = Some(side as u32);
            b.stars = Some(1);
            let bound = i64::from((genre.max_number)(&b));
            let params: String = genre
                .reader
                .data
                .params
                .iter()
                .map(|p| match *p {
                    "rows" | "cols" => format!("param {p} = {side}\n"),
                    "letters" => format!("param {p} = {side}\n"),
                    _ => format!("param {p} = 1\n"),
                })
                .collect();
            let program = load(&Source::new(genre.model().0, genre.model().1), Some(&Source::new("data", params)), &[])
                .unwrap_or_else(|e| panic!("{} at {side}: {}", genre.pid, e.render()));
            let Some(v) = program.domains.iter().find(|d| d.name == "V") else { continue };
            let top = v.values.iter().filter_map(|x| if let Val::Int(i) = x { Some(*i) } else { None }).max();
            assert!(
                top.is_some_and(|t| t >= bound),
                "{} at {side} x {side}: clues up to {bound}, V up to {top:?}",
                genre.pid
            );
        }
    }
}

#[test]
fn easy_as_abc_takes_at_most_as_many_letters_as_the_grid_is_wide() {
    let e = url::read("https://puzz.link/p?easyasabc/5/5/100000/z").unwrap_err();
    assert!(e.expected.contains("1 to 5 letters"), "{e:?}");
    assert!(url::read("https://puzz.link/p?easyasabc/5/5/0/z").is_err());
}

/// Borders that end inside a room go into the data as `wall` facts for the genres whose rules
/// read them, are drawn, and come back from the facts into the same URL (posing writes a URL
/// from facts); genres that read rooms only get no such facts.
#[test]
fn borders_inside_a_room_survive_data_and_facts() {
    use crate::models::data::Facts;
    // 3 x 3, one room: a border between (1, 1) and (1, 2), and one below (2, 2).
    for (pid, url) in
        [("heyawake", "https://puzz.link/p?heyawake/3/3/g0103"), ("lits", "https://puzz.link/p?lits/3/3/g010")]
    {
        let p = url::read(url).unwrap();
        let layers = p.genre.layers();
        let data = p.board.to_data("test", layers);
        assert!(data.contains("wall(1, 1, 1, 2)\n") && data.contains("wall(2, 2, 3, 2)\n"), "{pid}: {data}");
        let mut facts = Facts::default();
        for line in data.lines().filter(|l| !l.starts_with('%')) {
            if let Some(rest) = line.strip_prefix("param ") {
                let (name, value) = rest.split_once(" = ").unwrap();
                facts.params.push((name.into(), value.into()));
            } else {
                let (name, args) = line.trim_end_matches(')').split_once('(').unwrap();
                facts.facts.push((name.into(), args.split(", ").map(String::from).collect()));
            }
        }
        let back = Board::from_facts(&facts, layers).unwrap();
        assert_eq!(url::write(p.genre, &p.flags, &back), url, "{pid}");
        // Either cell first.
        let mut turned = facts.clone();
        for (name, args) in &mut turned.facts {
            if name == "wall" {
                args.rotate_left(2);
            }
        }
        assert_eq!(url::write(p.genre, &p.flags, &Board::from_facts(&turned, layers).unwrap()), url, "{pid}");
        // A wall that would cut its room in two is refused.
        facts.facts.push(("wall".into(), ["1", "2", "1", "3"].map(String::from).to_vec()));
        facts.facts.push(("wall".into(), ["2", "2", "2", "3"].map(String::from).to_vec()));
        facts.facts.push(("wall".into(), ["3", "2", "3", "3"].map(String::from).to_vec()));
        assert!(Board::from_facts(&facts, layers).is_err(), "{pid}");
    }
    let p = url::read("https://puzz.link/p?norinori/3/3/g010").unwrap();
    assert!(!p.board.to_data("test", p.genre.layers()).contains("wall("));
}
