//! Solver output (competition `s`/`v` lines, minisat's result file, bare models): no panic, no
//! hang, no allocation beyond the CNF's variables; a model only names variables of the CNF.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wgrnd_sat::{parse_answer, SolverAnswer};

fuzz_target!(|data: &[u8]| {
    let Some((&vars, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let num_vars = u32::from(vars) * 3;
    if let Ok(SolverAnswer::Sat(model)) = parse_answer("fuzz.out", text, num_vars) {
        for v in num_vars + 1..num_vars + 4 {
            assert_eq!(model.value(v), None, "a model names variable {v} beyond {num_vars}");
        }
    }
});
