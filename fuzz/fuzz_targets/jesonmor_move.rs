//! Any text given as a Jeson Mor move in a few positions either fails with a typed error or
//! names a legal move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::{JesonMor, Position, Truth};

const FENS: [&str; 3] = [
    rodina_rules::jeson_mor::START_FEN,
    "1nnnnnnnn/9/9/9/2n1N4/9/9/9/NN1NNNNNN w - - 4 3",
    "1nnnnnnnn/9/3N5/9/2n6/9/9/9/NN1NNNNNN b - - 5 3 centre",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for fen in FENS {
        let pos = JesonMor::from_fen(fen).expect("fixed FEN is valid");
        if let Ok(m) = pos.parse_move(text) {
            assert!(pos.is_legal(&m));
        }
    }
});
