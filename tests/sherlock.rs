//! Sherlock and zebra puzzles through the bundled model `models/sherlock.qp` and the `.zebra`
//! reader: counts equal an independent brute force (every arrangement, one permutation per
//! attribute, clues evaluated here) on random small puzzles; Einstein's puzzle has one solution
//! with the known answer; the Sherlock fixture is unique and each of its clues is needed; bad
//! files are bad input; the table picture is pinned.

use std::fs;

use crate::{code, fixture, stderr, stdout, wgrnd};

/// A small xorshift generator: the instances are the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

const KINDS: [&str; 10] = ["same", "notsame", "next", "notnext", "left", "right", "before", "after", "at", "notat"];

/// A clue: its kind, two value indices (`at`/`notat`: the value and a house from 1).
type Clue = (&'static str, usize, usize);

/// Whether houses `house[v]` (from 1) satisfy a clue, as the clue words say.
fn holds(&(kind, a, b): &Clue, house: &[usize]) -> bool {
    match kind {
        "same" => house[a] == house[b],
        "notsame" => house[a] != house[b],
        "next" => house[a].abs_diff(house[b]) == 1,
        "notnext" => house[a].abs_diff(house[b]) != 1,
        "left" => house[a] + 1 == house[b],
        "right" => house[b] + 1 == house[a],
        "before" => house[a] < house[b],
        "after" => house[a] > house[b],
        "at" => house[a] == b,
        "notat" => house[a] != b,
        _ => unreachable!(),
    }
}

/// Every permutation of 1..=n.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for p in permutations(n - 1) {
        for i in 0..=p.len() {
            let mut q = p.clone();
            q.insert(i, n);
            out.push(q);
        }
    }
    out
}

/// The oracle: arrangements of `attributes` attributes of `n` values each (value `a * n + i` is
/// value i of attribute a) in `n` houses that satisfy every clue.
fn brute_force(n: usize, attributes: usize, clues: &[Clue]) -> u64 {
    let perms = permutations(n);
    let mut house = vec![0; n * attributes];
    let mut count = 0;
    let mut choice = vec![0; attributes];
    loop {
        for (a, &p) in choice.iter().enumerate() {
            house[a * n..(a + 1) * n].copy_from_slice(&perms[p]);
        }
        count += u64::from(clues.iter().all(|c| holds(c, &house)));
        // Next combination of one permutation per attribute.
        let mut a = 0;
        while a < attributes {
            choice[a] += 1;
            if choice[a] < perms.len() {
                break;
            }
            choice[a] = 0;
            a += 1;
        }
        if a == attributes {
            return count;
        }
    }
}

fn value_name(v: usize, n: usize) -> String {
    format!("{}{}", ["Anna", "Bob", "Cyd", "Dee"][v / n], v % n + 1)
}

fn zebra_text(n: usize, attributes: usize, clues: &[Clue]) -> String {
    let mut text = String::new();
    for a in 0..attributes {
        let values: Vec<String> = (0..n).map(|i| value_name(a * n + i, n)).collect();
        text.push_str(&format!("attribute attr{a} {}\n", values.join(" ")));
    }
    for &(kind, a, b) in clues {
        match kind {
            "at" | "notat" => text.push_str(&format!("{kind} {b} {}\n", value_name(a, n))),
            _ => text.push_str(&format!("{kind} {} {}\n", value_name(a, n), value_name(b, n))),
        }
    }
    text
}

fn count(path: &str) -> u64 {
    let r = wgrnd(&["count", path], None);
    let text = fs::read_to_string(path).unwrap_or_default();
    assert!([10, 12, 20].contains(&code(&r)), "{path} (exit {}): {}\n{text}", code(&r), stderr(&r));
    stdout(&r).split(' ').next().and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{}", stdout(&r)))
}

#[test]
fn counts_equal_the_brute_force_on_random_small_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut zero, mut one, mut several) = (0, 0, 0);
    for i in 0..60 {
        let n = 3 + i % 2;
        let attributes = 3;
        // Few clues leave several solutions or none; more make some puzzles unique.
        let clue_count = if i % 3 == 2 { 8 + rng.below(10) } else { rng.below(9) };
        let clues: Vec<Clue> = (0..clue_count)
            .map(|_| {
                let kind = KINDS[rng.below(KINDS.len())];
                let a = rng.below(n * attributes);
                let b = if kind.ends_with("at") { 1 + rng.below(n) } else { rng.below(n * attributes) };
                (kind, a, b)
            })
            .collect();
        let path = dir.path().join(format!("random-{i}.zebra"));
        fs::write(&path, zebra_text(n, attributes, &clues)).unwrap();
        let want = brute_force(n, attributes, &clues);
        assert_eq!(count(path.to_str().unwrap()), want, "{clues:?}");
        match want {
            0 => zero += 1,
            1 => one += 1,
            _ => several += 1,
        }
    }
    assert!(zero >= 3 && one >= 1 && several >= 20, "{zero} with none, {one} unique, {several} with several");
}

/// The house of each value in a printed solution (`lives(attr,house,value).` facts).
fn houses(out: &str) -> Vec<(String, usize)> {
    out.lines()
        .take_while(|l| !l.starts_with("% hidden"))
        .filter_map(|l| {
            let inner = l.strip_prefix("lives(")?.strip_suffix(").")?;
            let parts: Vec<&str> = inner.split(',').collect();
            Some((parts[2].to_string(), parts[1].parse().ok()?))
        })
        .collect()
}

#[test]
fn einstein_has_one_solution_the_japanese_owns_the_zebra() {
    let path = fixture("zebra/einstein.zebra");
    let r = wgrnd(&["count", "--max", "2", &path], None);
    assert_eq!(code(&r), 10, "{}{}", stdout(&r), stderr(&r));
    let solved = wgrnd(&["solve", &path], None);
    assert_eq!(code(&solved), 10, "{}", stderr(&solved));
    let found = houses(&stdout(&solved));
    let house = |v: &str| found.iter().find(|(name, _)| name == v).map(|&(_, h)| h).unwrap();
    assert_eq!(house("Japanese"), house("zebra"));
    assert_eq!(house("Norwegian"), house("water"));
    let table = wgrnd(&["solve", "--view", "grid", &path], None);
    insta::assert_snapshot!("einstein_table", stdout(&table));
}

#[test]
fn the_sherlock_puzzle_is_unique_and_needs_every_clue() {
    let path = fixture("zebra/sherlock.zebra");
    let r = wgrnd(&["count", "--max", "2", &path], None);
    assert_eq!(code(&r), 10, "{}{}", stdout(&r), stderr(&r));
    let table = wgrnd(&["solve", "--view", "grid", &path], None);
    insta::assert_snapshot!("sherlock_table", stdout(&table));
    let text = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let clue_lines: Vec<usize> = (0..lines.len())
        .filter(|&i| !lines[i].starts_with('#') && !lines[i].starts_with("attribute") && !lines[i].trim().is_empty())
        .collect();
    assert_eq!(clue_lines.len(), 23);
    let dir = tempfile::tempdir().unwrap();
    for &drop in &clue_lines {
        let fewer: Vec<&str> = lines.iter().enumerate().filter(|&(i, _)| i != drop).map(|(_, l)| *l).collect();
        let p = dir.path().join("fewer.zebra");
        fs::write(&p, fewer.join("\n")).unwrap();
        let r = wgrnd(&["count", "--max", "2", p.to_str().unwrap()], None);
        assert_eq!(code(&r), 12, "without `{}`: {}{}", lines[drop], stdout(&r), stderr(&r));
    }
}

#[test]
fn bad_zebra_files_are_bad_input_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "attribute colour x y\nattribute pet z\n",
            ":2:11: found 1 value(s) of `pet`; expected 2 values, one per house",
        ),
        ("attribute colour x y\nsame x q\n", ":2:8: found the unknown value `q`"),
        ("attribute colour x y\nbeside x y\n", ":2:1: found `beside`"),
    ];
    for (i, (text, message)) in cases.into_iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.zebra"));
        fs::write(&path, text).unwrap();
        let r = wgrnd(&["solve", path.to_str().unwrap()], None);
        assert_eq!(code(&r), 2, "{text:?}");
        assert!(stdout(&r).is_empty(), "{text:?}");
        assert!(stderr(&r).contains(&format!("bad{i}.zebra{message}")), "{text:?}: {}", stderr(&r));
    }
}

#[test]
fn every_clue_type_is_a_clue_predicate() {
    let path = crate::root().join("models/sherlock.qp");
    let model = wgrnd_lang::Source::new("sherlock.qp", fs::read_to_string(path).unwrap());
    let p = wgrnd_lang::load(&model, None, &[]).unwrap();
    let clues: Vec<&str> = p.preds.iter().filter(|q| q.clue).map(|q| q.name.as_str()).collect();
    assert_eq!(clues, ["same", "notsame", "next", "notnext", "left", "before", "at", "notat"]);
}
