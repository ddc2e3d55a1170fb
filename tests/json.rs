//! Every `--json` output is one valid JSON document that follows the schemas written in
//! docs/json.md (read from there, so the documentation cannot drift from the program), for every
//! command and family, solved or not, with and without `count --print`.

use crate::{code, fixture, root, stderr, stdout, wgrnd};

/// The schema in the ```` ```json NAME ```` block of docs/json.md.
pub(crate) fn schema(name: &str) -> jsonschema::Validator {
    let doc = std::fs::read_to_string(root().join("docs/json.md")).unwrap();
    let start = doc.find(&format!("```json {name}\n")).unwrap_or_else(|| panic!("no `{name}` schema in docs/json.md"));
    let body = &doc[start..];
    let body = &body[body.find('\n').unwrap() + 1..];
    let body = &body[..body.find("\n```").unwrap()];
    let value: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("schema `{name}`: {e}"));
    jsonschema::validator_for(&value).unwrap_or_else(|e| panic!("schema `{name}`: {e}"))
}

/// Runs wgrnd; its standard output must be one JSON document valid under `validator`.
pub(crate) fn valid(validator: &jsonschema::Validator, args: &[&str], codes: &[i32]) -> serde_json::Value {
    let r = wgrnd(args, None);
    assert!(codes.contains(&code(&r)), "{args:?}: exit {}: {}", code(&r), stderr(&r));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&r))
        .unwrap_or_else(|e| panic!("{args:?}: not one JSON document ({e}):\n{}", stdout(&r)));
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{args:?}:\n{}\n{doc:#}", errors.join("\n"));
    doc
}

#[test]
fn json_outputs_follow_the_schemas() {
    let solution = schema("solution");
    let count = schema("count");
    let unknown = root().join("tests/fake-solvers/unknown.sh").to_string_lossy().into_owned();
    let (witch, exercise, soma, tiny) = (
        fixture("witch/witches.lpl"),
        fixture("witch/exercise.lpl"),
        fixture("packing/soma.pack"),
        fixture("packing/tiny.pack"),
    );
    let (queens, witch_model, witch_exercise) =
        (fixture("qprop/queens.qp"), fixture("qprop/witch.qp"), fixture("qprop/witch-exercise.qpd"));
    // Solutions and verdicts of every family.
    for args in [
        vec!["solve", &witch, "--json"],
        vec!["solve", &exercise, "--json"],
        vec!["solve", &witch, "--json", "--solver", &unknown],
        vec!["solve", &soma, "--json"],
        vec!["solve", &queens, "--json"],
        vec!["solve", &witch_model, "--data", &witch_exercise, "--json"],
        vec!["solve", &queens, "--json", "--solver", &unknown],
        vec!["solve", &fixture("heule/clue1.txt"), "--view", "json"],
    ] {
        let doc = valid(&solution, &args, &[10, 20, 30]);
        assert_eq!(doc["version"], 1);
    }
    // Counts, with and without the solutions.
    for args in [
        vec!["count", &witch, "--json"],
        vec!["count", &witch, "--json", "--print"],
        vec!["count", &witch, "--json", "--max", "2", "--symmetry", "board"],
        vec!["count", &tiny, "--json", "--print", "--symmetry", "all"],
        vec!["count", &tiny, "--json", "--symmetry", "board"],
        vec!["count", &queens, "--json", "--print", "-D", "n=5"],
        vec!["count", &exercise, "--json"],
    ] {
        let doc = valid(&count, &args, &[10, 12, 20]);
        // `--print` puts the solutions in the document; without it there are none. A missing
        // key where one is due is a failure, not a skipped check.
        let printed = args.contains(&"--print");
        assert_eq!(doc.get("solutions").is_some(), printed, "{args:?}: {doc:#}");
        if printed {
            let list = doc["solutions"].as_array().unwrap_or_else(|| panic!("{args:?}: `solutions` is not a list"));
            assert!(!list.is_empty(), "{args:?}");
            for s in list {
                let errors: Vec<String> = solution.iter_errors(s).map(|e| e.to_string()).collect();
                assert!(errors.is_empty(), "{args:?}: {}", errors.join("; "));
            }
        }
    }
    // The packing's symmetry is named with the command line's words.
    let doc = valid(&count, &["count", &tiny, "--json", "--symmetry", "all"], &[10, 12]);
    assert_eq!(doc["symmetry"], "all");
    assert_eq!(doc["count"], doc["orbits"]);
    // decode --json reads any solver's answer into the same document.
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("w.cnf");
    wgrnd(&["encode", &witch, "-o", cnf.to_str().unwrap()], None);
    let answer = std::process::Command::new(root().join("tests/fake-solvers/dpll.py")).arg(&cnf).output().unwrap();
    let r = wgrnd(&["decode", &witch, "-", "--json"], Some(&answer.stdout));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&r)).unwrap();
    assert!(solution.is_valid(&doc), "{doc:#}");
}

/// `backbone --json` follows its schema for every family, with a solution and without.
#[test]
fn backbone_json_follows_the_schema() {
    let backbone = schema("backbone");
    let queens = fixture("qprop/queens.qp");
    for (args, codes) in [
        (vec!["backbone", &fixture("witch/witches.lpl") as &str, "--json"], &[0][..]),
        (vec!["backbone", &fixture("packing/tiny.pack"), "--json"], &[0]),
        (vec!["backbone", &queens, "-D", "n=5", "--json"], &[0]),
        (vec!["backbone", &queens, "-D", "n=3", "--json"], &[20]),
        (vec!["backbone", &fixture("qprop/magic.qp"), "-D", "n=3", "--json", "--chunk", "1"], &[0]),
        // A hard 7 x 7 board: stopped by the time limit with what is proved so far (exit 30).
        (vec!["backbone", &fixture("heule/em_7_3_6.txt"), "--json", "--timeout", "1"], &[30]),
    ] {
        let doc = valid(&backbone, &args, codes);
        assert_eq!(doc["complete"], codes[0] != 30, "{args:?}");
    }
}
