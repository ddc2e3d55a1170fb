//! The rules of the house (docs/architecture.md), read from the manifests and the sources: a few
//! crates on a few floors, every crate depending only on crates on lower floors (dev-dependencies
//! included), the floors below the families naming no family, and no checker importing the
//! encoder whose answers it judges.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::root;

/// The workspace members in order, by crate name (`wgrnd-sat`, ...).
fn members() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let list = text.split("members = [").nth(1).and_then(|s| s.split(']').next()).expect("a member list");
    list.lines()
        .filter_map(|l| l.trim().strip_prefix("\"crates/")?.split('"').next())
        .map(|dir| format!("wgrnd-{dir}"))
        .collect()
}

/// The `wgrnd-*` crates a member's manifest names, in any section.
fn wgrnd_deps(member: &str) -> Vec<String> {
    let dir = member.strip_prefix("wgrnd-").unwrap();
    let text = std::fs::read_to_string(root().join("crates").join(dir).join("Cargo.toml")).unwrap();
    let mut deps: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.starts_with("name"))
        .filter_map(|l| l.split(['.', ' ', '=']).next())
        .filter(|w| w.starts_with("wgrnd-") && *w != member)
        .map(str::to_string)
        .collect();
    deps.sort();
    deps.dedup();
    deps
}

/// Each member's floor: 1 for a crate that depends on no other, else one above its highest
/// dependency. Panics on a dependency that is no member or is listed after its dependent.
fn floors() -> BTreeMap<String, usize> {
    let members = members();
    let mut floor = BTreeMap::new();
    for m in &members {
        let mut f = 1;
        for d in wgrnd_deps(m) {
            let below =
                floor.get(&d).unwrap_or_else(|| panic!("{m} depends on {d}, which is no member listed before it"));
            f = f.max(below + 1);
        }
        floor.insert(m.clone(), f);
    }
    floor
}

#[test]
fn a_few_crates_on_a_few_floors_and_no_arrow_back_up() {
    let members = members();
    assert!(members.len() <= 8, "{} crates: {members:?}", members.len());
    assert_eq!(members[0], "wgrnd-sat");
    assert!(wgrnd_deps("wgrnd-cli").contains(&"wgrnd-families".to_string()), "the manifests are read");
    let floor = floors();
    let top = floor.values().copied().max().unwrap();
    assert!(top <= 5, "{top} floors: {floor:?}");
    // Listed by floor, so that the member list reads as the drawing of docs/architecture.md.
    let listed: Vec<usize> = members.iter().map(|m| floor[m]).collect();
    assert!(listed.windows(2).all(|w| w[0] <= w[1]), "members not listed by floor: {floor:?}");
}

#[test]
fn the_floors_below_the_families_name_no_family() {
    for (member, allowed) in [
        ("wgrnd-sat", &[][..]),
        ("wgrnd-seam", &["wgrnd-sat"][..]),
        ("wgrnd-engine", &["wgrnd-sat", "wgrnd-seam"][..]),
        ("wgrnd-lang", &["wgrnd-sat", "wgrnd-seam"][..]),
    ] {
        for d in wgrnd_deps(member) {
            assert!(allowed.contains(&d.as_str()), "{member} depends on {d}");
        }
    }
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The lines of a source file outside its `#[cfg(test)]` module, without comments: what the
/// checker itself uses (its tests may ground a puzzle to compare with).
fn code_lines(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap();
    code.lines().map(|l| l.split("//").next().unwrap().to_string()).collect()
}

/// Asserts that no checker file names any of the encoder's modules.
fn assert_checks_import_no_encoder(checks: &[PathBuf], encoders: &[&str]) {
    assert!(!checks.is_empty());
    for path in checks {
        for (i, line) in code_lines(path).iter().enumerate() {
            for e in encoders {
                assert!(!line.contains(e), "{}:{}: a checker names the encoder {e}: {line}", path.display(), i + 1);
            }
        }
    }
}

#[test]
fn no_checker_imports_an_encoder() {
    let families = root().join("crates/families/src");
    let checks = [families.join("edge/check.rs"), families.join("edge/score.rs"), families.join("packing/check.rs")];
    assert_checks_import_no_encoder(&checks, &["encode", "wgrnd_lang", "wgrnd_engine"]);

    // The modelling language's checker evaluates a model's formulas over the IR: it names none of
    // the modules that turn the IR into clauses (tests excluded, which ground to compare).
    let lang = root().join("crates/lang/src");
    let checks: Vec<PathBuf> = sources(&lang.join("check")).into_iter().filter(|p| !p.ends_with("tests.rs")).collect();
    let encoders = [
        "crate::ground",
        "crate::encode",
        "crate::reify",
        "crate::regular",
        "crate::linear",
        "crate::mdd",
        "crate::ints",
        "crate::connect",
        "crate::globals",
        "crate::order",
        "crate::nnf",
        "crate::narrow",
        "crate::xorelim",
        "crate::parity",
        "crate::probe",
        "wgrnd_sat",
    ];
    assert_checks_import_no_encoder(&checks, &encoders);
}
