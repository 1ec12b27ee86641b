//! Any text given as a Friendly chess FEN either fails with a typed error or reads into a
//! position whose own FEN reads back to the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::{Friendly, Position, Truth, View};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = Friendly::from_fen(text) {
        let again = Friendly::from_fen(&pos.fen()).expect("a written FEN reads");
        assert_eq!(again, pos);
        let _ = pos.outcome();
        let _ = pos.is_check();
    }
});
