//! Every puzzle reader (each format, and sniffing): no panic, no hang, no large allocation from a
//! small input; a puzzle that reads written back in the native format reads back equal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wgrnd_families::edge::formats::{read_puzzle, write_native, PuzzleFormat, ReadOptions};

const FORMATS: [Option<PuzzleFormat>; 7] = [
    None,
    Some(PuzzleFormat::Native),
    Some(PuzzleFormat::Puz),
    Some(PuzzleFormat::Heule),
    Some(PuzzleFormat::Pieces),
    Some(PuzzleFormat::Witch),
    Some(PuzzleFormat::FourSquares),
];

fuzz_target!(|data: &[u8]| {
    // The first byte picks the format (and a --sum), the rest is the file, as `read_text` checks it.
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = wgrnd_sat::utf8("fuzz", rest) else { return };
    let sum = (pick & 0x80 != 0).then_some(i64::from(pick & 0x0f));
    let opts = ReadOptions { format: FORMATS[usize::from(pick & 0x7f) % FORMATS.len()], sum };
    if let Ok(p) = read_puzzle("fuzz", text, &opts) {
        let native = write_native(&p);
        let again = read_puzzle("fuzz.wgrnd", &native, &ReadOptions::default())
            .unwrap_or_else(|e| panic!("the native text of a puzzle does not read back: {e}\n{native}"));
        assert_eq!(again, p, "native round trip changed the puzzle:\n{native}");
    }
});
