//! Any text given as a Jeson Mor FEN either fails with a typed error or yields a position
//! whose FEN reads back to itself and whose moves and outcome can be computed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::{JesonMor, Position, Truth, View};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = JesonMor::from_fen(text) {
        let fen = pos.fen();
        let again = JesonMor::from_fen(&fen).expect("written FEN reads back");
        assert_eq!(again, pos);
        let _ = pos.outcome();
        for m in pos.legal_moves() {
            let mut after = pos.clone();
            after.play_unchecked(&m);
            assert_eq!(JesonMor::from_fen(&after.fen()).expect("reads back"), after);
        }
    }
});
