//! Untrusted input for Friendly chess: seeded random and mutated FENs, move texts and
//! step-by-step operations give typed errors, never panics, and whatever is accepted is
//! consistent (a FEN writes back to itself, a move read is legal). The same properties run
//! under cargo-fuzz (`fuzz/fuzz_targets/friendly_*.rs`).

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_rules::friendly::{Friendly, MoveInput, Role, Square};
use rodina_rules::{Position, Truth, View};

#[path = "support/friendly_games.rs"]
mod friendly_games;
use friendly_games::random_positions;

/// Text noise: mutations of valid texts and random characters.
fn noise(rng: &mut ChaCha8Rng, seeds: &[&str], alphabet: &[char]) -> String {
    let mut chars: Vec<char> = seeds.choose(rng).expect("seeds").chars().collect();
    for _ in 0..rng.random_range(0..6) {
        let i = rng.random_range(0..=chars.len());
        let c = *alphabet.choose(rng).expect("alphabet");
        match rng.random_range(0..3) {
            0 if i < chars.len() => chars[i] = c,
            1 if i < chars.len() => {
                chars.remove(i);
            }
            _ => chars.insert(i, c),
        }
    }
    if rng.random_bool(0.05) {
        chars = (0..rng.random_range(0..40)).map(|_| rng.random::<char>()).collect();
    }
    chars.into_iter().collect()
}

#[test]
fn fuzzed_fen_and_move_text_give_errors_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let fens = [
        rodina_rules::friendly::START_FEN,
        "rnbqkbnr/ppp1pppp/8/3(Pp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - - 0 2",
        "4(Pn)2k/8/8/8/8/8/7P/K7 w - - e8 6 2",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 - 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2(Rn) w KQkq - - 3 9",
    ];
    let fen_alphabet: Vec<char> =
        "pnbrqkPNBRQK()12345678/ -wbKQkqa-h0123456789xé(".chars().collect();
    let mut accepted = 0;
    for _ in 0..20_000 {
        let text = noise(&mut rng, &fens, &fen_alphabet);
        if let Ok(p) = Friendly::from_fen(&text) {
            accepted += 1;
            // Whatever was accepted writes a FEN that reads back to the same position.
            assert_eq!(Friendly::from_fen(&p.fen()).as_ref(), Ok(&p), "{text:?}");
            let _ = p.outcome();
            let _ = p.is_check();
        }
    }
    assert!(accepted > 100, "{accepted} accepted");

    let positions = random_positions(3, 3, 80);
    let move_seeds = ["e2e4", "d4e6>e7", "e7f8=Q>f3", "e8=Q:b1c3", "0-0-0", "g1f3>e5>d7=N"];
    let move_alphabet: Vec<char> = "abcdefgh12345678=>:QRBNqrbnkK0-O é".chars().collect();
    let mut legal = 0;
    for _ in 0..20_000 {
        let p = positions.choose(&mut rng).expect("positions");
        let text = noise(&mut rng, &move_seeds, &move_alphabet);
        if let Ok(m) = p.parse_move(&text) {
            assert!(p.is_legal(&m), "{text:?} in {}", p.fen());
            legal += 1;
        }
        let mut input = MoveInput::new(p);
        let _ = input.apply_text(&text);
        let _ = input.targets();
    }
    assert!(legal > 10, "{legal} legal");
}

#[test]
fn random_step_by_step_operations_give_errors_never_panics() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for p in random_positions(4, 3, 100) {
        let mut input = MoveInput::new(&p);
        for _ in 0..30 {
            let s = Square::from_index(rng.random_range(0..64)).expect("square");
            let role = *Role::ALL.choose(&mut rng).expect("role");
            match rng.random_range(0..6) {
                0 => {
                    let _ = input.lift(s);
                }
                1 => {
                    let _ = input.step(s, None);
                }
                2 => {
                    let _ = input.step(s, Some(role));
                }
                3 => {
                    let _ = input.choose_owed(role);
                }
                4 => input.restart(),
                _ => {
                    let _ = (input.targets(), input.starts(), input.text(), input.cell(s));
                }
            }
        }
    }
}
