//! The strict DIMACS reader: no panic, no hang, no allocation sized by the header (a header
//! claiming 10^12 variables must not allocate them); a CNF that reads, written back, reads back
//! equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wgrnd_sat::{parse_dimacs, write_dimacs};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(d) = parse_dimacs("fuzz.cnf", text) {
        let mut out = Vec::new();
        write_dimacs(&d.cnf, &["fuzz".to_string()], &mut out).expect("writing to memory");
        let written = String::from_utf8(out).expect("DIMACS is text");
        let again = parse_dimacs("again.cnf", &written).expect("a written CNF reads back");
        assert_eq!(again.cnf, d.cnf);
    }
});
