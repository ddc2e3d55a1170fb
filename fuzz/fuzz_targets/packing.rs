//! The packing reader and the packing-solution reader: no panic, no hang, no large allocation; a
//! packing that reads, written back, reads back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wgrnd_families::edge::formats::{read_packing, read_packing_solution, write_packing, write_packing_solution};

const Y: &str = "packing\nbox 5 5 5\npiece Y 25 0,0,0 0,0,1 0,0,2 0,0,3 0,1,2\n";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(p) = read_packing("fuzz.pack", text) {
        let written = write_packing(&p);
        let again = read_packing("fuzz.pack", &written)
            .unwrap_or_else(|e| panic!("a written packing does not read back: {e}\n{written}"));
        assert_eq!(again, p, "packing round trip changed it:\n{written}");
    }
    let y = read_packing("y.pack", Y).expect("the Y box reads");
    if let Ok(placed) = read_packing_solution("fuzz.txt", text, &y) {
        let written = write_packing_solution(&y, &placed);
        let again = read_packing_solution("fuzz.txt", &written, &y).expect("a written solution reads back");
        assert_eq!(again, placed);
    }
});
