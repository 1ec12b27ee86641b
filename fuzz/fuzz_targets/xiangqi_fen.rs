//! Any text given as a Xiangqi FEN either fails with a typed error or yields a position whose
//! FEN reads back to itself and whose moves and outcome can be computed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::{Position, Truth, View, Xiangqi};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = Xiangqi::from_fen(text) {
        let fen = pos.fen();
        let again = Xiangqi::from_fen(&fen).expect("written FEN reads back");
        assert_eq!(again.fen(), fen);
        let _ = pos.outcome();
        for m in pos.legal_moves() {
            let _ = pos.to_wxf(m);
        }
    }
});
