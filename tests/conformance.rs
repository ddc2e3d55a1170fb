//! One conformance suite for every solver backend (as rustsat's `solvertests`): the same tests,
//! instantiated below for in-process CaDiCaL, splr, a test double that really solves (always
//! present), and the real external solvers (installed by `.ci/run`). Each backend must give a
//! model that satisfies the formula, prove UNSAT (also of an empty clause), keep a growing formula
//! across solves (incrementally where it can, by re-solving where it cannot), stop at its time
//! limit, and stop on Ctrl-C (exit 130 from the command line, its temporary files removed).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use wgrnd_sat::solver::{session, SolverSpec};
use wgrnd_sat::{Cnf, Lit, SolverAnswer};

use crate::{external, fixture, root};

/// The pigeonhole formula: `holes + 1` pigeons in `holes` holes (UNSAT, and hard for resolution).
fn pigeons(holes: u32) -> Cnf {
    pigeons_in(holes + 1, holes)
}

/// `birds` pigeons in `holes` holes, no two in one hole.
fn pigeons_in(birds: u32, holes: u32) -> Cnf {
    let mut cnf = Cnf::new();
    let first = cnf.new_vars(birds * holes);
    let var = |p: u32, h: u32| first.offset((p * holes + h) as usize);
    for p in 0..birds {
        cnf.add_clause(&(0..holes).map(|h| var(p, h).pos()).collect::<Vec<_>>());
    }
    for h in 0..holes {
        for p in 0..birds {
            for q in p + 1..birds {
                cnf.add_clause(&[var(p, h).neg(), var(q, h).neg()]);
            }
        }
    }
    cnf
}

/// A small satisfiable formula with one model.
fn one_model() -> Cnf {
    let mut cnf = Cnf::new();
    let a = cnf.new_var();
    let b = cnf.new_var();
    let c = cnf.new_var();
    cnf.add_clause(&[a.pos(), b.pos()]);
    cnf.add_clause(&[a.neg(), c.pos()]);
    cnf.add_clause(&[b.neg()]);
    cnf.add_clause(&[c.neg(), a.pos(), b.pos()]);
    cnf
}

pub fn sat_model_satisfies_the_formula(spec: &SolverSpec) {
    let cnf = one_model();
    let SolverAnswer::Sat(m) = spec.backend(None, &Default::default()).solve(&cnf).unwrap() else {
        panic!("{spec:?}: expected SAT")
    };
    assert_eq!(cnf.first_unsatisfied(&m), None, "{spec:?}");
    let value = |n| m.value(wgrnd_sat::Var::new(n).unwrap());
    assert_eq!((value(1), value(2), value(3)), (Some(true), Some(false), Some(true)));
    // A larger one: 12 pigeons in 12 holes.
    let big = pigeons_in(12, 12);
    let SolverAnswer::Sat(m) = spec.backend(None, &Default::default()).solve(&big).unwrap() else {
        panic!("{spec:?}: expected SAT")
    };
    assert_eq!(big.first_unsatisfied(&m), None, "{spec:?}");
}

pub fn unsat_is_proved(spec: &SolverSpec) {
    assert_eq!(spec.backend(None, &Default::default()).solve(&pigeons(5)).unwrap(), SolverAnswer::Unsat, "{spec:?}");
    let mut empty = Cnf::new();
    empty.new_var();
    empty.add_clause(&[]);
    assert_eq!(spec.backend(None, &Default::default()).solve(&empty).unwrap(), SolverAnswer::Unsat, "{spec:?}");
}

pub fn growing_formula(spec: &SolverSpec) {
    // Enumerate the 4 models of (a or b) by blocking clauses through a session.
    let mut cnf = Cnf::new();
    let a = cnf.new_var();
    let b = cnf.new_var();
    cnf.add_clause(&[a.pos(), b.pos()]);
    let mut s = session(spec, &cnf, &Default::default());
    let mut models = 0;
    while let SolverAnswer::Sat(m) = s.solve(None).unwrap() {
        models += 1;
        assert!(models <= 3, "{spec:?} repeats a model");
        let block: Vec<Lit> = [a, b].iter().map(|&v| v.lit(m.value(v) != Some(true))).collect();
        s.add_clause(&block);
    }
    assert_eq!(models, 3, "{spec:?}");
}

pub fn time_limit_is_kept(spec: &SolverSpec) {
    // Pigeonhole with 11 holes takes every solver here far longer than a second.
    let start = Instant::now();
    let answer = spec.backend(Some(Duration::from_secs(1)), &Default::default()).solve(&pigeons(11)).unwrap();
    assert_eq!(answer, SolverAnswer::Unknown, "{spec:?}");
    assert!(start.elapsed() < Duration::from_secs(15), "{spec:?} took {:?}", start.elapsed());
}

/// Ctrl-C during `wgrnd solve --solver SOLVER` on a board that takes minutes: exit 130, quickly,
/// with nothing left in TMPDIR.
pub fn interrupt_stops_the_solve(solver: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_wgrnd"))
        .args(["solve", "--solver", solver, &fixture("board-suite/8/9/board_0/puzzle.puz")])
        .current_dir(root())
        .env("TMPDIR", tmp.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let start = Instant::now();
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{solver}");
    assert!(start.elapsed() < Duration::from_secs(10), "{solver} took {:?} to stop", start.elapsed());
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert!(left.is_empty(), "{solver} left {left:?}");
}

/// Instantiates the suite for a backend.
macro_rules! conformance {
    ($name:ident, $spec:expr, $cli:expr $(, #[$attr:meta])*) => {
        mod $name {
            use super::*;

            fn spec() -> SolverSpec {
                $spec
            }

            #[test]
            $(#[$attr])*
            fn sat() {
                sat_model_satisfies_the_formula(&spec());
            }

            #[test]
            $(#[$attr])*
            fn unsat() {
                unsat_is_proved(&spec());
            }

            #[test]
            $(#[$attr])*
            fn incremental() {
                growing_formula(&spec());
            }

            #[test]
            $(#[$attr])*
            fn time_limit() {
                time_limit_is_kept(&spec());
            }

            #[test]
            $(#[$attr])*
            fn interrupt() {
                let _installed = spec();
                interrupt_stops_the_solve($cli);
            }
        }
    };
}

/// An external solver by name; a missing one fails the test (in `external`). With
/// WGRND_SKIP_EXTERNAL set at build time, the external backends' tests are ignored instead, and
/// `cargo test` lists them as ignored.
fn installed(name: &str) -> SolverSpec {
    external(name).map(|_| SolverSpec::parse(name)).expect("WGRND_SKIP_EXTERNAL was set after the tests were built")
}

fn double() -> String {
    root().join("tests/fake-solvers/dpll.py").to_string_lossy().into_owned()
}

conformance!(builtin, SolverSpec::Builtin, "builtin");
conformance!(splr, SolverSpec::Splr, "splr");
conformance!(cadical, installed("cadical"), "cadical", #[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]);
conformance!(minisat, installed("minisat"), "minisat", #[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]);
conformance!(picosat, installed("picosat"), "picosat", #[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]);
conformance!(
    cryptominisat,
    installed("cryptominisat5"),
    "cryptominisat5",
    #[cfg_attr(skip_external, ignore = "WGRND_SKIP_EXTERNAL is set")]
);

/// The test double solves small formulas only: no time-limit test on pigeonhole, and its Ctrl-C
/// test runs on a hanging double (the same process handling).
mod double {
    use super::*;

    fn spec() -> SolverSpec {
        SolverSpec::parse(&double())
    }

    #[test]
    fn sat() {
        let cnf = one_model();
        let SolverAnswer::Sat(m) = spec().backend(None, &Default::default()).solve(&cnf).unwrap() else {
            panic!("expected SAT")
        };
        assert_eq!(cnf.first_unsatisfied(&m), None);
    }

    #[test]
    fn unsat() {
        assert_eq!(spec().backend(None, &Default::default()).solve(&pigeons(3)).unwrap(), SolverAnswer::Unsat);
    }

    #[test]
    fn incremental() {
        growing_formula(&spec());
    }

    #[test]
    fn time_limit_and_interrupt() {
        let hang = root().join("tests/fake-solvers/hang.sh").to_string_lossy().into_owned();
        time_limit_is_kept(&SolverSpec::parse(&hang));
        interrupt_stops_the_solve(&hang);
    }
}
