//! Any text given as a move (coordinates, WXF, ICCS) in a few positions either fails with a
//! typed error or names a legal move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::{Position, Truth, Xiangqi};

const FENS: [&str; 3] = [
    rodina_rules::xiangqi::START_FEN,
    "3k5/9/9/2P1P4/2P1P4/4P4/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/9/4P4/4P4/4R4/4R4/3K5 w - - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for fen in FENS {
        let pos = Xiangqi::from_fen(fen).expect("fixed FEN is valid");
        for parsed in [pos.parse_move(text), pos.parse_wxf(text), pos.parse_iccs(text)] {
            if let Ok(m) = parsed {
                assert!(pos.is_legal(&m));
            }
        }
    }
});
