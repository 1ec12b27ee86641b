//! Untrusted text never panics: random and mutated FENs and move texts go through every
//! Xiangqi parser, and whatever parses is used (moves generated, text written back).

mod support;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rodina_rules::xiangqi::{START_FEN, Setup};
use rodina_rules::{Game, Position, Truth, View, Xiangqi};

const ALPHABET: &[u8] = b"rnbakcpRNBAKCPheHE0123456789/ -wbx+=.#";

fn exercise(pos: &Xiangqi) {
    let fen = pos.fen();
    assert_eq!(Xiangqi::from_fen(&fen).map(|p| p.fen()), Ok(fen));
    let _ = pos.outcome();
    for m in pos.legal_moves() {
        let _ = pos.to_wxf(m);
    }
}

#[test]
fn fens_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let bases = [
        START_FEN,
        "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    ];
    let mut parsed = 0;
    for i in 0..20_000 {
        let text = if i % 4 == 0 {
            support::random_text(&mut rng, ALPHABET, 80)
        } else {
            support::mutate(&mut rng, ALPHABET, bases[i % bases.len()])
        };
        let _ = Setup::parse(&text);
        if let Ok(pos) = Xiangqi::from_fen(&text) {
            parsed += 1;
            exercise(&pos);
        }
    }
    assert!(parsed > 100, "mutations should keep some FENs valid ({parsed})");
}

#[test]
fn move_texts_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut game = Game::new(Xiangqi::new());
    let mut accepted = 0;
    for _ in 0..20_000 {
        let text = support::random_text(&mut rng, ALPHABET, 8);
        let pos = game.position().clone();
        let _ = pos.parse_iccs(&text);
        let _ = pos.parse_wxf(&text);
        if let Ok(m) = pos.parse_move(&text) {
            accepted += 1;
            assert!(pos.is_legal(&m));
            if game.play(&m).is_err() || game.outcome().is_some() {
                game = Game::new(Xiangqi::new());
            }
        }
    }
    // Random texts rarely name a legal move; legal ones must also be accepted.
    let pos = Xiangqi::new();
    for m in pos.legal_moves() {
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        assert_eq!(pos.parse_move(&pos.to_wxf(m)), Ok(m));
        assert_eq!(pos.parse_iccs(&m.iccs()), Ok(m));
    }
    let _ = accepted;
}
