//! Any text given as a Jieqi move (coordinates, or a record's move with its notes) either
//! fails with a typed error or names a legal move, in the true position and in a view.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rodina_rules::jieqi::{Jieqi, Seat};
use rodina_rules::{Position, Truth};

const FENS: [&str; 2] = [
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w rnbaabnrccpppppPPPPPCCRNBAABNR 0 1 -",
    "3k5/9/9/x8/R8/9/9/9/9/4K4 w r 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for fen in FENS {
        let pos = Jieqi::from_fen(fen).expect("fixed FEN is valid");
        for parsed in [pos.parse_move(text), pos.parse_record_move(text)] {
            if let Ok(m) = parsed {
                assert!(pos.is_legal(&m));
            }
        }
        let view = pos.view(Seat::Player(pos.turn()));
        if let Ok((m, revealed, captured)) = view.parse_event(text) {
            assert!(view.is_legal(&m));
            let _ = view.clone().play_seen(m, revealed, captured);
        }
    }
});
