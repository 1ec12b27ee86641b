//! Property tests of Friendly chess over seeded random games: every generated move applies
//! and reads back from its text, positions read back from their FEN, and every step-by-step
//! path the input offers completes.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rodina_rules::friendly::{Friendly, MoveInput, StepResult};
use rodina_rules::{Game, Position, Truth, View};

#[path = "support/friendly_games.rs"]
mod friendly_games;
use friendly_games::{random_positions, some_moves};

#[test]
fn every_generated_move_applies_and_its_text_reads_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut checked_moves = 0;
    for p in random_positions(1, 6, 160) {
        // The FEN reads back to the same position, and so does its hash.
        let back = Friendly::from_fen(&p.fen()).expect("own FEN reads");
        assert_eq!(back, p, "{}", p.fen());
        assert_eq!(back.zobrist(), p.zobrist());
        if p.outcome().is_some_and(|o| o.winner().is_some()) {
            assert!(p.legal_moves().is_empty());
            continue;
        }
        if p.count_moves() > 2_000 {
            continue;
        }
        let moves = p.moves_and_positions();
        if moves.is_empty() {
            assert!(p.outcome().is_some(), "no move, so the game is over: {}", p.fen());
        }
        for (m, after) in moves.choose_multiple(&mut rng, 12) {
            let text = m.to_string();
            assert_eq!(p.parse_move(&text).as_ref(), Ok(m), "{text} in {}", p.fen());
            assert!(p.is_legal(m), "{text} in {}", p.fen());
            let mut q = p.clone();
            q.play(m).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
            assert_eq!(&q, after, "{text} in {}", p.fen());
            assert_eq!(Friendly::from_fen(&q.fen()).as_ref(), Ok(&q));
            checked_moves += 1;
        }
    }
    assert!(checked_moves > 1_000, "checked {checked_moves} moves");
}

#[test]
fn every_path_the_step_by_step_input_offers_completes() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut paths = 0;
    for p in random_positions(2, 6, 160) {
        if p.outcome().is_some() {
            continue;
        }
        for _ in 0..3 {
            let mut input = MoveInput::new(&p);
            if input.owed_promotion().is_some() {
                let choices = input.owed_choices();
                let role = *choices.choose(&mut rng).expect("some choice");
                input.choose_owed(role).expect("offered");
            }
            let starts = input.starts();
            let from = *starts.choose(&mut rng).expect("a position with moves has starts");
            input.lift(from).expect("offered");
            let mut steps = 0;
            let (mv, position) = loop {
                let targets = input.targets();
                let t = targets.choose(&mut rng).expect("an offered piece has targets");
                let promotion = t.promotions.choose(&mut rng).copied();
                steps += 1;
                assert!(steps < 10_000, "a random path should end");
                match input.step(t.to, promotion).expect("offered") {
                    StepResult::Released(l) => assert!(l.released),
                    StepResult::Finished { mv, position } => break (mv, position),
                }
            };
            assert!(p.is_legal(&mv), "{mv} in {}", p.fen());
            let mut q = p.clone();
            q.play(&mv).expect("legal");
            assert_eq!(q, *position);
            paths += 1;
        }
        // Every canonical move starts from a square the input offers.
        if p.count_moves() <= 500 {
            let starts = MoveInput::new(&p).starts();
            if p.owed_promotion().is_none() {
                for m in p.legal_moves() {
                    assert!(starts.contains(&m.from()), "{m} in {}", p.fen());
                }
            }
        }
    }
    assert!(paths > 500, "{paths} paths");
}

#[test]
fn games_end_by_the_rules() {
    // Long random games reach the ends of the game; the record's verdict matches the rules.
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut ends = std::collections::BTreeMap::new();
    for _ in 0..12 {
        let mut game = Game::new(Friendly::new());
        while game.outcome().is_none() && game.len() < 400 {
            let moves = some_moves(game.position());
            let m = moves.choose(&mut rng).expect("a game going on has moves").clone();
            game.play(&m).expect("generated moves are legal");
        }
        if let Some(o) = game.outcome() {
            *ends.entry(o.reason_str()).or_insert(0) += 1;
            if o.reason_str() == "king_bond" {
                assert_eq!(game.position().winner(), o.winner());
            }
        }
    }
    assert!(ends.contains_key("king_bond"), "{ends:?}");
}
