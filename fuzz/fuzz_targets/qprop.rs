//! The modelling language's reader and grounder: no panic, no hang, no large allocation on any
//! model text; a model that loads grounds within a small clause budget or is refused with its
//! estimate; every diagnostic renders; a solution text read against the queens model either reads
//! or is refused.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wgrnd_lang::{ground, load, parse_solution, GroundOptions, Source};

const QUEENS: &str = "param n = 4\ndomain row = 1..n\ndomain col = 1..n\nvar i, i2 in row\nvar j, j2 in col\n\
pred q(row, col)\nshow q\nforall i . exactly 1 { q(i, j) : j }\nforall j . exactly 1 { q(i, j) : i }\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match load(&Source::new("fuzz.qp", text), None, &[]) {
        Ok(program) => {
            let options = GroundOptions { max_clauses: 20_000, ..GroundOptions::default() };
            if let Err(e) = ground(&program, &options) {
                let _ = e.render();
            }
        }
        Err(e) => {
            let _ = e.render();
        }
    }
    let queens = load(&Source::new("queens.qp", QUEENS), None, &[]).expect("the queens model loads");
    if let Err(e) = parse_solution(&queens, &Source::new("fuzz.txt", text)) {
        let _ = e.render();
    }
});
