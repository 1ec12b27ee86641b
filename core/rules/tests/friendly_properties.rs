//! Property tests of Friendly chess over seeded random games: every generated move applies
//! and reads back from its text, positions read back from their FEN, every step-by-step path
//! the input offers completes, and no input text makes anything panic.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_rules::friendly::{Friendly, Move, MoveInput, Role, Square, StepResult};
use rodina_rules::{Game, Position};

/// The moves a random game picks from: all of them while there are few, else the short ones
/// (a position rich in bonds can have millions).
fn some_moves(p: &Friendly) -> Vec<Move> {
    if p.count_moves() <= 2_000 { p.legal_moves() } else { p.moves_within(3) }
}

/// Positions of seeded random games, `plies` deep at most.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Friendly> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut p = Friendly::new();
        for _ in 0..plies {
            out.push(p.clone());
            if p.outcome().is_some() {
                break;
            }
            let moves = some_moves(&p);
            let Some(m) = moves.choose(&mut rng) else { break };
            p.play_unchecked(m);
        }
    }
    out
}

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
