//! One body for every game of the family: nothing below names a game. Each game and each of
//! its options (rule sets, handicaps: whatever the game accepts) is set up through the one
//! dispatch point, then a seeded game is played to its end twice, by move text ([`AnyGame`])
//! and by the shared API (`Game<P>` of the game's own type), while every seat keeps its own
//! record from what it may know. At every ply the two games and every seat's record must
//! agree, every text form must read back, and at the end the saved form of the game must
//! restore it.
//!
//! The moves come from seeded Novice bots, each given its own seat's record (the bot is part
//! of the shared API too), with now and then a random legal move of the seat's record
//! instead: a uniform random player would wander into Friendly chess positions with millions
//! of moves, which the bots, like the app, never list.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_engine::{Bot, BotGame, Level};
use rodina_rules::jieqi::RuleSet;
use rodina_rules::xiangqi::Handicap;
use rodina_rules::{
    AnyGame, AnyView, Game, NewGame, NewGameError, Outcome, Seat, Start, Truth, Variant, with_game,
};

/// Plies after which a game still going is ended by a resignation (a declared ending).
const MAX_PLIES: usize = 400;

/// Random games per new game.
const GAMES_EACH: u64 = 4;

/// Every new game the family offers: each game's usual start, and the start with each
/// option the game accepts (an option a game does not have is refused by name).
fn new_games() -> Vec<NewGame> {
    let mut out = Vec::new();
    for &variant in Variant::ALL {
        out.push(NewGame::usual(variant));
        let with_rules = RuleSet::ALL
            .into_iter()
            .map(|r| NewGame { rule_set: Some(r), ..NewGame::usual(variant) });
        let with_handicap = Handicap::ALL
            .into_iter()
            .map(|h| NewGame { handicap: Some(h), ..NewGame::usual(variant) });
        for new in with_rules.chain(with_handicap) {
            match AnyGame::new(&new, &mut ChaCha8Rng::seed_from_u64(0)) {
                Ok(_) => out.push(new),
                Err(NewGameError::NotForGame { variant: v, .. }) => assert_eq!(v, variant),
                Err(e) => panic!("{new:?}: {e}"),
            }
        }
    }
    out
}

#[test]
fn every_game_and_option_plays_to_its_end_by_text_and_by_the_shared_api() {
    let games = new_games();
    // Every game has its usual start; some have options on top.
    assert!(games.len() > Variant::ALL.len(), "{games:?}");
    let mut plies = 0;
    for (i, new) in games.iter().enumerate() {
        for k in 0..GAMES_EACH {
            let seed = 100 * k + i as u64;
            let start = AnyGame::new(new, &mut ChaCha8Rng::seed_from_u64(seed)).expect("sets up");
            assert_eq!(start.variant(), new.variant);
            plies += with_game!(start, g => play_out(g, new, seed));
        }
    }
    println!("{} games, {plies} plies", games.len() as u64 * GAMES_EACH);
}

/// Plays `start` to its end at random, checking everything at every ply; returns the plies.
fn play_out<P: Truth>(start: Game<P>, new: &NewGame, seed: u64) -> usize
where
    Game<P>: Into<AnyGame>,
    P::View: BotGame,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut by_api = start.clone();
    let mut by_text: AnyGame = start.into();
    // Every seat's record, fed only with the move texts that seat may know.
    let mut seats: Vec<(Seat, AnyView)> = Seat::ALL.iter().map(|&s| (s, by_text.view(s))).collect();
    let variant = new.variant;
    let mut bots =
        [Bot::<P::View>::new(Level::Novice, seed), Bot::<P::View>::new(Level::Novice, !seed)];
    loop {
        let pos = by_api.position();
        assert_eq!(by_text.truth_fen(), pos.truth_fen());
        assert_eq!(by_text.outcome(), by_api.outcome());
        // The whole state reads back as itself.
        let again = NewGame { start: Start::Fen(pos.truth_fen()), handicap: None, ..new.clone() };
        let read = AnyGame::new(&again, &mut ChaCha8Rng::seed_from_u64(seed)).expect("reads");
        assert_eq!(read.truth_fen(), pos.truth_fen(), "{variant}: the truth's text");
        for (seat, record) in &seats {
            let fen = by_api.view_fen(*seat);
            // The seat's own record, built from what it was told, is the seat's view.
            assert_eq!(record.fen(), fen, "{variant} {seat}: the record of what it was told");
            assert_eq!(record.outcome(), by_api.outcome(), "{variant} {seat}");
            // A view's text reads back as that seat's view.
            let view = NewGame { start: Start::Fen(fen.clone()), handicap: None, ..new.clone() };
            let back = AnyView::read(&view, Some(*seat)).expect("reads").expect("a view");
            assert_eq!(back.fen(), fen, "{variant} {seat}: the view's text");
        }
        if by_api.outcome().is_some() {
            break;
        }
        if by_api.len() >= MAX_PLIES {
            let loser = by_api.turn();
            by_api.resign(loser);
            let ending = by_api.declared().expect("a resignation ends the game");
            by_text.declare(ending);
            // An ending is news to everyone.
            for (_, record) in &mut seats {
                record.declare(ending);
            }
            continue;
        }
        // The mover decides from its own seat's record only.
        let mover = by_api.turn();
        let record = by_api.view(Seat::Player(mover));
        let m = if rng.random_bool(0.2) {
            let moves = record.legal_moves();
            moves.choose(&mut rng).cloned().expect("a game that goes on has a move")
        } else {
            bots[mover.index()].choose(&record, None, None).expect("a move").mv
        };
        let m = &m;
        let text = pos.move_text(m);
        by_api.play(m).expect("a legal move plays");
        by_text.play_text(&text).expect("its text plays");
        let ply = by_api.len();
        for (seat, record) in &mut seats {
            let told = by_api.ply_text_for(ply, *seat).expect("the ply was played");
            record.play_text(&told).unwrap_or_else(|e| panic!("{variant} {seat} {told}: {e}"));
        }
        // Now and then the last move taken back and played again changes nothing.
        if rng.random_bool(0.05) {
            let undone = by_api.undo().expect("a move to take back");
            assert_eq!(undone, *m);
            by_api.play(m).expect("it plays again");
        }
    }
    let outcome = by_api.outcome().expect("the game ended");
    assert_eq!(outcome.to_string().parse::<Outcome>(), Ok(outcome), "the outcome's text");
    // The saved form: the start's whole state, the rule set, the moves, the declared ending.
    let saved = AnyGame::replay(
        variant,
        new.rule_set,
        &by_text.start_truth_fen(),
        &by_text.move_texts(),
        by_text.declared(),
    )
    .unwrap_or_else(|e| panic!("{variant}: {e}"));
    assert_eq!(saved.truth_fen(), by_api.position().truth_fen());
    assert_eq!(saved.move_texts(), by_text.move_texts());
    assert_eq!(saved.outcome(), Some(outcome));
    for seat in Seat::ALL {
        assert_eq!(saved.move_texts_for(seat), by_api.move_texts_for(seat), "{variant} {seat}");
    }
    by_api.len()
}
