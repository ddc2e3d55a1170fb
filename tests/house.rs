//! The rules of the house (docs/architecture.md), read from the manifests: every crate depends
//! only on crates listed before it in the workspace's member list, and the seam and the
//! family-neutral machinery above it name no family's crate, dev-dependencies included.

use crate::root;

/// The workspace members in order, by crate name (`wgrnd-cnf`, ...).
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

#[test]
fn every_crate_depends_only_on_crates_listed_before_it() {
    let members = members();
    assert!(members.len() >= 12 && members[0] == "wgrnd-cnf", "{members:?}");
    assert!(wgrnd_deps("wgrnd-cli").contains(&"wgrnd-family".to_string()), "the manifests are read");
    for (i, m) in members.iter().enumerate() {
        for d in wgrnd_deps(m) {
            let at = members.iter().position(|x| *x == d).unwrap_or_else(|| panic!("{m}: {d} is no member"));
            assert!(at < i, "{m} depends on {d}, listed after it");
        }
    }
}

#[test]
fn the_seam_and_what_stands_on_it_name_no_family() {
    let families = ["wgrnd-puzzle", "wgrnd-ground", "wgrnd-qprop", "wgrnd-check", "wgrnd-render", "wgrnd-family"];
    for (member, allowed) in [
        ("wgrnd-core", &["wgrnd-cnf", "wgrnd-solve"][..]),
        ("wgrnd-count", &["wgrnd-cnf", "wgrnd-solve", "wgrnd-core"][..]),
        ("wgrnd-parallel", &["wgrnd-cnf", "wgrnd-solve", "wgrnd-core", "wgrnd-count"][..]),
    ] {
        for d in wgrnd_deps(member) {
            assert!(!families.contains(&d.as_str()), "{member} depends on the family crate {d}");
            assert!(allowed.contains(&d.as_str()), "{member} depends on {d}");
        }
    }
}
