//! docs/tutorial.md stays true: every `$ wgrnd ...` line of its `console` blocks is run from the
//! repository root and its standard output compared with the lines printed under it (times, such
//! as `0.01 s`, aside; trailing white space aside).

use std::process::Command;

use crate::root;

/// `0.01 s` and `(0.000 s` read as `_ s`: the only text of the output that changes between runs.
fn without_times(text: &str) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.trim_end().split(' ').collect();
        let mut kept = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            let digits = w.trim_start_matches('(');
            let timing = digits.contains('.')
                && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
                && words.get(i + 1).is_some_and(|n| n.starts_with('s'));
            kept.push(if timing { "_" } else { w });
        }
        out.push(kept.join(" "));
    }
    out.join("\n")
}

/// The commands of the tutorial's console blocks, each with the output printed under it.
fn console_commands(doc: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut inside = false;
    for line in doc.lines() {
        if line.starts_with("```") {
            inside = line == "```console";
            continue;
        }
        if !inside {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(cmd) => out.push((cmd.to_string(), String::new())),
            None => {
                if let Some((_, expected)) = out.last_mut() {
                    expected.push_str(line);
                    expected.push('\n');
                }
            }
        }
    }
    out
}

#[test]
fn every_command_of_the_tutorial_prints_what_it_shows() {
    let doc = std::fs::read_to_string(root().join("docs/tutorial.md")).expect("docs/tutorial.md");
    let commands = console_commands(&doc);
    assert!(commands.len() >= 10, "{} commands", commands.len());
    for (cmd, expected) in commands {
        let mut words = cmd.split_whitespace();
        assert_eq!(words.next(), Some("wgrnd"), "{cmd}");
        let out = Command::new(env!("CARGO_BIN_EXE_wgrnd")).args(words).current_dir(root()).output().expect("runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            without_times(&stdout),
            without_times(&expected),
            "$ {cmd}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn times_are_the_only_text_left_out() {
    assert_eq!(without_times("12 solution(s); complete (0.01 s)\n"), "12 solution(s); complete _ s)");
    assert_eq!(without_times("chunk 32, 0.002 s  \n"), "chunk 32, _ s");
    assert_ne!(without_times("12 solution(s)"), without_times("13 solution(s)"));
}
