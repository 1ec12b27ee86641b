//! Any text given as a Jieqi FEN (full or view form, for any seat) either fails with a typed
//! error or yields a position or view whose FEN reads back to itself and whose moves and
//! outcome can be computed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::jieqi::{Jieqi, JieqiView, Seat};
use rodina_rules::{Position, Truth, View};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = Jieqi::from_fen(text) {
        let fen = pos.truth_fen();
        let again = Jieqi::from_fen(&fen).expect("written FEN reads back");
        assert_eq!(again.truth_fen(), fen);
        let _ = pos.outcome();
        let _ = pos.legal_moves();
    }
    for seat in Seat::ALL {
        if let Ok(view) = JieqiView::from_fen(text, seat) {
            let fen = view.fen();
            let again = JieqiView::from_fen(&fen, seat).expect("written view FEN reads back");
            assert_eq!(again.fen(), fen);
            let _ = view.outcome();
            let _ = view.legal_moves();
        }
    }
});
