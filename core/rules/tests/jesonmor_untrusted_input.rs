//! Untrusted text never panics: random and mutated FENs and move texts go through every
//! Jeson Mor parser, and whatever parses is used (moves generated and played, text written
//! back). The properties are those of the `jesonmor_fen` and `jesonmor_move` fuzz targets.

mod support;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_rules::jeson_mor::{Move, START_FEN, Setup, Square};
use rodina_rules::{Game, JesonMor, ParseMoveError, Position, Truth, View};

/// Characters FENs and moves are made of, and some that are close to them.
const ALPHABET: &[u8] = b"nNkK0123456789/ -wbrgx+centrCE.#abcdefghij";

/// What the fuzz target checks of every position that parses.
fn exercise(pos: &JesonMor) {
    let fen = pos.fen();
    assert_eq!(JesonMor::from_fen(&fen).as_ref().map(View::fen), Ok(fen.clone()));
    let outcome = pos.outcome();
    let moves = pos.legal_moves();
    assert_eq!(moves.is_empty(), pos.is_won_by_centre() || pos.knight_count(pos.turn()) == 0);
    for m in moves {
        assert!(pos.is_legal(&m));
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        let mut after = pos.clone();
        if outcome.is_none() {
            after.play(&m).expect("a legal move plays");
        } else {
            after.play_unchecked(&m);
        }
        assert_eq!(JesonMor::from_fen(&after.fen()).as_ref(), Ok(&after));
    }
}

#[test]
fn fens_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let bases = [
        START_FEN,
        "1nnnnnnnn/9/9/9/2n1N4/9/9/9/NN1NNNNNN w - - 4 3",
        "1nnnnnnnn/9/3N5/9/2n6/9/9/9/NN1NNNNNN b - - 5 3 centre",
        "nn5nn/2n3n2/9/3N1n3/9/2N2N3/9/2N3N2/NN5NN b - - 3 20",
        "9/9/9/9/9/9/9/9/N8 b - - 0 1",
    ];
    let mut parsed = 0;
    for i in 0..20_000 {
        let text = if i % 4 == 0 {
            support::random_text(&mut rng, ALPHABET, 70)
        } else {
            support::mutate(&mut rng, ALPHABET, bases[i % bases.len()])
        };
        let _ = Setup::parse(&text).map(|s| s.fen());
        if let Ok(pos) = JesonMor::from_fen(&text) {
            parsed += 1;
            exercise(&pos);
        }
    }
    assert!(parsed > 200, "mutations should keep some FENs valid ({parsed})");
}

#[test]
fn move_texts_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut game = Game::new(JesonMor::new());
    let squares: Vec<String> = Square::all().map(|s| s.to_string()).collect();
    let (mut accepted, mut illegal) = (0, 0);
    for i in 0..20_000 {
        // Random text, two random squares (mostly well formed, rarely legal), and now and then
        // a legal move, so that games go on to their ends and parsing meets every state.
        let legal = game.legal_moves();
        let text = if i % 5 == 4 && !legal.is_empty() {
            legal[rng.random_range(0..legal.len())].to_string()
        } else if i % 2 == 0 {
            support::random_text(&mut rng, ALPHABET, 7)
        } else {
            let sep = ["", "", "-", "x", " "][rng.random_range(0..5)];
            let a = &squares[rng.random_range(0..squares.len())];
            let b = &squares[rng.random_range(0..squares.len())];
            format!("{a}{sep}{b}")
        };
        let pos = game.position().clone();
        let _ = Move::parse(&text);
        match pos.parse_move(&text) {
            Ok(m) => {
                accepted += 1;
                assert!(pos.is_legal(&m), "{text:?} accepted but illegal");
                if game.play(&m).is_err() || game.outcome().is_some() {
                    game = Game::new(JesonMor::new());
                }
            }
            Err(ParseMoveError::Illegal { reason, .. }) => {
                illegal += 1;
                assert!(!reason.to_string().is_empty());
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    assert!(accepted > 2_000 && illegal > 1_000, "accepted {accepted}, illegal {illegal}");
}
