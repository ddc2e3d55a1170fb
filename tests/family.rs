//! A toy family plugged in from outside: N-queens implements the family interface here, in the
//! tests, with its own encoding, checker, drawing and the eight symmetries of the board, and runs
//! through the same commands as the built-in families (`wgrnd_cli::commands`). Its counts are
//! checked against a brute force written below, which shares nothing with the encoding.

use std::collections::HashSet;
use wgrnd_seam::Explain;
use wgrnd_seam::Present;
use wgrnd_seam::Search;

use wgrnd_cli::commands;
use wgrnd_cli::config::{CountConfig, ShowConfig, SolveConfig};
use wgrnd_engine::count::{Engine, Limits};
use wgrnd_families::edge::encode::AuxRuns;
use wgrnd_families::{exit, AtomNames, CountUnit, Error, Family, Grounding, SolutionFormat, Status, Symmetry, View};
use wgrnd_sat::amo::{at_most_one, AmoEncoding};
use wgrnd_sat::solver::SolverSpec;
use wgrnd_sat::{parse_dimacs, Cnf, InputError, Model, Var};

/// A map of the board's cells onto themselves.
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// N queens on an N x N board, none attacking another.
struct Queens {
    n: usize,
}

/// Atom `q(r,c)` is variable `r * n + c + 1` (rows and columns from 0 inside, from 1 in names).
struct QueenAtoms {
    n: usize,
    aux: AuxRuns,
}

impl AtomNames for QueenAtoms {
    fn atom_name(&self, var: Var) -> String {
        let i = var.get() as usize - 1;
        if i < self.n * self.n {
            format!("q({},{})", i / self.n + 1, i % self.n + 1)
        } else {
            wgrnd_families::edge::encode::AuxBlock::find(&self.aux.runs, var.get())
                .map_or(format!("?{}", var.get()), |(_, b)| b.name(var.get()))
        }
    }
}

impl Queens {
    fn var(&self, r: usize, c: usize) -> Var {
        Var::from_index(r * self.n + c)
    }

    /// The seven symmetries of the square besides the identity, as maps of a cell, and whether
    /// each reflects.
    fn cell_maps(&self) -> Vec<(CellMap, bool)> {
        let m = self.n - 1;
        vec![
            (Box::new(move |r, c| (c, m - r)), false),
            (Box::new(move |r, c| (m - r, m - c)), false),
            (Box::new(move |r, c| (m - c, r)), false),
            (Box::new(move |r, c| (r, m - c)), true),
            (Box::new(move |r, c| (m - r, c)), true),
            (Box::new(move |r, c| (c, r)), true),
            (Box::new(move |r, c| (m - c, m - r)), true),
        ]
    }
}

impl Family for Queens {
    type Encoding = QueenAtoms;

    /// The column of the queen in each row.
    type Solution = Vec<usize>;

    type Violation = String;

    fn kind(&self) -> &'static str {
        "queens puzzle"
    }

    fn name(&self) -> &str {
        "queens"
    }

    fn ground(&self) -> Result<Grounding<QueenAtoms>, Error> {
        let n = self.n;
        let mut cnf = Cnf::new();
        cnf.new_vars((n * n) as u32);
        let mut aux = AuxRuns::after((n * n) as u32);
        let mut lines: Vec<Vec<Var>> = Vec::new();
        for r in 0..n {
            let row: Vec<Var> = (0..n).map(|c| self.var(r, c)).collect();
            cnf.add_clause(&row.iter().map(|v| v.pos()).collect::<Vec<_>>());
            lines.push(row);
        }
        lines.extend((0..n).map(|c| (0..n).map(|r| self.var(r, c)).collect()));
        // Diagonals r + c = d and anti-diagonals r - c = d - (n - 1).
        for d in 0..2 * n - 1 {
            lines.push((0..n).filter(|&r| d >= r && d - r < n).map(|r| self.var(r, d - r)).collect());
            let on = |r: usize| d + r >= n - 1 && d + r - (n - 1) < n;
            lines.push((0..n).filter(|&r| on(r)).map(|r| self.var(r, d + r - (n - 1))).collect());
        }
        for line in &lines {
            let lits: Vec<_> = line.iter().map(|v| v.pos()).collect();
            at_most_one(&mut cnf, &mut aux, AmoEncoding::Auto, &lits, || "line".into());
        }
        let projection: Vec<Var> = (0..n * n).map(Var::from_index).collect();
        let index = |(r, c): (usize, usize)| (r * n + c) as u32;
        let symmetries = self
            .cell_maps()
            .into_iter()
            .map(|(f, reflection)| Symmetry { image: (0..n * n).map(|i| index(f(i / n, i % n))).collect(), reflection })
            .collect();
        Ok(Grounding {
            header: vec![format!("{n}-queens"), format!("atoms q(r,c) 1..{}", n * n)],
            cnf,
            hash: n as u64,
            projection,
            fixed_weight: true,
            ties: Vec::new(),
            symmetries,
            encoding: QueenAtoms { n, aux },
            xors: Vec::new(),
            objective: Default::default(),
            groups: Vec::new(),
        })
    }

    fn decode(&self, _g: &Grounding<QueenAtoms>, model: &Model) -> Result<Vec<usize>, Error> {
        (0..self.n)
            .map(|r| {
                (0..self.n)
                    .find(|&c| model.value(self.var(r, c)) == Some(true))
                    .ok_or_else(|| Error::EncodingBug(format!("no queen in row {}", r + 1)))
            })
            .collect()
    }

    fn check(&self, cols: &Vec<usize>) -> Result<Vec<String>, Error> {
        let mut v = Vec::new();
        if cols.len() != self.n || cols.iter().any(|&c| c >= self.n) {
            return Ok(vec![format!("expected {} queens on the board", self.n)]);
        }
        for a in 0..self.n {
            for b in a + 1..self.n {
                if cols[a] == cols[b] || cols[a].abs_diff(cols[b]) == b - a {
                    v.push(format!("the queens of rows {} and {} attack each other", a + 1, b + 1));
                }
            }
        }
        Ok(v)
    }

    fn read_solution(&self, file: &str, text: &str, _: Option<SolutionFormat>) -> Result<Vec<usize>, Error> {
        text.split_whitespace()
            .map(|w| match w.parse::<usize>() {
                Ok(c) if (1..=self.n).contains(&c) => Ok(c - 1),
                _ => Err(InputError::at(file, 1, 1, format!("`{w}`"), format!("a column from 1 to {}", self.n)).into()),
            })
            .collect()
    }
}

impl Present for Queens {
    const VIEWS: &'static [View] = &[View::Auto, View::Grid, View::Sol, View::Json];

    fn valid_line(&self, _: &Vec<usize>) -> String {
        format!("valid: {} queens, none attacked", self.n)
    }

    fn invalid_line(&self, violations: usize) -> String {
        format!("invalid: {violations} violation(s):")
    }

    fn render(&self, cols: &Vec<usize>, view: View) -> Result<String, Error> {
        Ok(match view {
            View::Sol | View::Json => {
                format!("{}\n", cols.iter().map(|c| (c + 1).to_string()).collect::<Vec<_>>().join(" "))
            }
            _ => cols
                .iter()
                .map(|&c| (0..self.n).map(|x| if x == c { 'Q' } else { '.' }).collect::<String>() + "\n")
                .collect(),
        })
    }

    fn render_none(&self, status: Status, _: View) -> String {
        format!("{status:?}\n")
    }

    fn count_caption(&self, unit: CountUnit, _: &Grounding<QueenAtoms>) -> (String, &'static str) {
        match unit {
            CountUnit::None => (String::new(), "none"),
            CountUnit::Board => (" up to turning the board".into(), "board"),
            CountUnit::All => (" up to the board's 8 symmetries".into(), "all"),
        }
    }
}

impl Explain for Queens {}

impl Search for Queens {}
/// Every placement of n non-attacking queens, by backtracking.
fn brute_force(n: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, cols: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cols.len() == n {
            out.push(cols.clone());
            return;
        }
        let r = cols.len();
        for c in 0..n {
            if cols.iter().enumerate().all(|(r2, &c2)| c2 != c && c2.abs_diff(c) != r - r2) {
                cols.push(c);
                go(n, cols, out);
                cols.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

/// Classes of solutions under the turns (`with_reflections`: and reflections) of the board.
fn classes(n: usize, all: &[Vec<usize>], with_reflections: bool) -> usize {
    let turn = |s: &Vec<usize>| -> Vec<usize> {
        // (r, c) -> (c, n-1-r): the queen of row r moves to row c, column n-1-r.
        let mut t = vec![0; n];
        for (r, &c) in s.iter().enumerate() {
            t[c] = n - 1 - r;
        }
        t
    };
    let mirror = |s: &Vec<usize>| -> Vec<usize> { s.iter().map(|&c| n - 1 - c).collect() };
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    let mut count = 0;
    for s in all {
        if seen.contains(s) {
            continue;
        }
        count += 1;
        let mut x = s.clone();
        for _ in 0..4 {
            seen.insert(x.clone());
            if with_reflections {
                seen.insert(mirror(&x));
            }
            x = turn(&x);
        }
    }
    count
}

fn count_via_command(q: &Queens, unit: CountUnit) -> (u8, String) {
    count_with_engine(q, unit, Engine::Auto)
}

fn count_with_engine(q: &Queens, unit: CountUnit, engine: Engine) -> (u8, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("count.txt");
    let config = CountConfig {
        solver: SolverSpec::Builtin,
        limits: Limits { engine, ..Limits::default() },
        unit,
        print: false,
        proof: None,
        show: ShowConfig { view: View::Auto, output: out.to_string_lossy().into_owned() },
        verbose: false,
    };
    let code = commands::count(q, &config).unwrap();
    (code, std::fs::read_to_string(out).unwrap())
}

#[test]
fn toy_family_counts_against_brute_force_through_the_commands() {
    for n in 1..=8 {
        let all = brute_force(n);
        let q = Queens { n };
        for (unit, want) in [
            (CountUnit::None, all.len()),
            (CountUnit::Board, classes(n, &all, false)),
            (CountUnit::All, classes(n, &all, true)),
        ] {
            let (code, text) = count_via_command(&q, unit);
            assert!(text.starts_with(&format!("{want} solution(s)")), "{n}-queens {unit:?}: {text}");
            for engine in [Engine::Blocking, Engine::Backtrack] {
                let (other_code, other) = count_with_engine(&q, unit, engine);
                // The same verdict and count (the line ends with the time taken).
                let count = |t: &str| t.split(" (").next().unwrap_or_default().to_string();
                assert_eq!((other_code, count(&other)), (code, count(&text)), "{n}-queens {unit:?} {engine:?}");
            }
            let expected = match want {
                0 => exit::NO_SOLUTION,
                1 => exit::SOLVED,
                _ => exit::SEVERAL,
            };
            assert_eq!(code, expected, "{n}-queens {unit:?}");
        }
    }
    // The known numbers: 92 placements of 8 queens, 12 up to the board's symmetries.
    assert_eq!(count_via_command(&Queens { n: 8 }, CountUnit::All).1.split(' ').next(), Some("12"));
}

#[test]
fn toy_family_encodes_solves_and_checks_through_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let q = Queens { n: 6 };
    let cnf = dir.path().join("q.cnf");
    assert_eq!(commands::encode(&q, &cnf.to_string_lossy(), false).unwrap(), exit::OK);
    let text = std::fs::read_to_string(&cnf).unwrap();
    assert!(text.starts_with("c 6-queens\n"), "{text}");
    assert!(parse_dimacs("q.cnf", &text).is_ok());

    let sol = dir.path().join("q.sol");
    let config = SolveConfig {
        solver: SolverSpec::Builtin,
        timeout: None,
        verbose: false,
        show: ShowConfig { view: View::Sol, output: sol.to_string_lossy().into_owned() },
        opt: Default::default(),
    };
    assert_eq!(commands::solve(&q, &config, one_job()).unwrap(), exit::SOLVED);
    let solution = std::fs::read_to_string(&sol).unwrap();
    assert!(brute_force(6)
        .iter()
        .any(|s| { s.iter().map(|c| (c + 1).to_string()).collect::<Vec<_>>().join(" ") == solution.trim() }));
    assert_eq!(commands::check(&q, &sol.to_string_lossy(), None).unwrap(), exit::OK);
    // A wrong solution is rejected by the family's checker, a malformed one is bad input.
    std::fs::write(&sol, "1 2 3 4 5 6\n").unwrap();
    assert_eq!(commands::check(&q, &sol.to_string_lossy(), None).unwrap(), exit::WRONG);
    std::fs::write(&sol, "1 2 x\n").unwrap();
    assert_eq!(commands::check(&q, &sol.to_string_lossy(), None).unwrap_err().exit_code(), exit::BAD_INPUT);
    // Three queens cannot be placed: no solution.
    let config = SolveConfig { show: ShowConfig { view: View::Auto, output: "-".into() }, ..config };
    assert_eq!(commands::solve(&Queens { n: 3 }, &config, one_job()).unwrap(), exit::NO_SOLUTION);
}

/// The plain solve's parallelism: one job, no cubes.
fn one_job() -> wgrnd_cli::config::Parallel {
    wgrnd_cli::config::Parallel { jobs: 1, cubes: None, score: Default::default() }
}
