//! Any text given as a Friendly chess move in a few positions (chains, en passant in a bond,
//! an owed promotion) either fails with a typed error or names a legal move; fed to the
//! step-by-step input, it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::{Friendly, Position, Truth};

const FENS: [&str; 4] = [
    rodina_rules::friendly::START_FEN,
    "7k/8/2(Np)5/4(Bp)3/8/8/8/2R1K3 w - - - 0 1",
    "4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 - 1 2",
    "4(Pn)2k/8/8/8/8/8/6p1/K7 w - - e8 6 2",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for fen in FENS {
        let pos = Friendly::from_fen(fen).expect("fixed FEN is valid");
        if let Ok(m) = pos.parse_move(text) {
            assert!(pos.is_legal(&m));
        }
        let _ = pos.move_input().apply_text(text);
    }
});
