//! Secrecy across the FFI: nothing the bindings hand out tells a seat more than it may know.
//!
//! Seeded Jieqi games are played through the exported API exactly as an app plays them
//! (taps, drags, the hand-over, bots through `play_bot_move`, take-backs, saving and
//! resuming), under every rule set, in pass-and-play and against bots. Now and then the test
//! builds a look-alike: the same game from a start in which every identity the looking seat
//! cannot know (its own face-down pieces, the opponent's, and the face-down pieces it did not
//! see captured) is shuffled anew. The look-alike is as the seat knows the game, so
//! everything the bindings give that seat must be the same, string for string and record for
//! record: the board view (pieces, bars, captures, status, move list), the FEN, the moves,
//! who is awaited, and what every tap answers. A hidden identity leaking into any of them
//! would show as a difference.

use std::sync::Arc;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_ffi::{
    Awaiting, GameSession, Language, NewGame, Player, Point, RuleSet, Side, Store, TapResult,
    Variant,
};
use rodina_rules::jieqi::{Jieqi, RuleSet as CoreRuleSet, Setup, SetupCell};
use rodina_rules::{Color, Game, Position, Seat, Truth};

/// Games played; more run with `RODINA_SECRECY_GAMES`.
const GAMES: usize = 1_000;
/// Plies a game is played at most.
const MAX_PLIES: usize = 90;

fn block_on<F: std::future::Future>(f: F) -> F::Output {
    match tokio::runtime::Builder::new_current_thread().build() {
        Ok(rt) => rt.block_on(f),
        Err(e) => panic!("no runtime: {e}"),
    }
}

const RULE_SETS: [RuleSet; 5] = [
    RuleSet::Default,
    RuleSet::NobodySeesCaptured,
    RuleSet::Tencent,
    RuleSet::Vietnamese,
    RuleSet::PyChess,
];

fn core_rules(r: RuleSet) -> CoreRuleSet {
    match r {
        RuleSet::Default => CoreRuleSet::Default,
        RuleSet::NobodySeesCaptured => CoreRuleSet::NobodySeesCaptured,
        RuleSet::Tencent => CoreRuleSet::Tencent,
        RuleSet::Vietnamese => CoreRuleSet::Vietnamese,
        RuleSet::PyChess => CoreRuleSet::PyChess,
    }
}

/// One game's setting: the true start, its rules and its players.
#[derive(Clone)]
struct Table {
    start_fen: String,
    rule_set: RuleSet,
    first: Player,
    second: Player,
    seed: u64,
}

impl Table {
    fn new_game(&self, start_fen: &str) -> NewGame {
        NewGame {
            variant: Variant::Jieqi,
            handicap: None,
            fen: Some(start_fen.to_owned()),
            first: self.first.clone(),
            second: self.second.clone(),
            bot_seed: Some(self.seed),
            rule_set: Some(self.rule_set),
        }
    }
}

/// What the test tallies.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    plies: usize,
    looks: usize,
    views: usize,
    strings: usize,
    taps: usize,
    saves: usize,
    undos: usize,
    bot_moves: usize,
}

/// The true game so far, rebuilt in the rules from the start and the moves' coordinates.
fn truth_of(table: &Table, moves: &[String]) -> Game<Jieqi> {
    let rules = core_rules(table.rule_set).rules();
    let start = Jieqi::from_fen_with_rules(&table.start_fen, rules).expect("the start reads");
    let mut game = Game::new(start);
    for m in moves {
        game.play_text(m).expect("the session's moves replay");
    }
    game
}

/// The start of a game the seat cannot tell from the true one: every identity it does not
/// know shuffled among the points where such pieces started. A face-down piece never moved
/// (moving turns it up), so it stands, or was captured, on its start point.
fn look_alike(table: &Table, truth: &Game<Jieqi>, seat: Seat, rng: &mut ChaCha8Rng) -> String {
    let rules = truth.position().rules();
    let mut unknown: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (square, cell) in truth.position().pieces() {
        if let rodina_rules::jieqi::Cell::FaceDown(color) = cell {
            unknown[color.index()].push(square.index());
        }
    }
    for k in 1..=truth.len() {
        let Some(event) = truth.position_at(k).and_then(|p| p.last_event()).copied() else {
            continue;
        };
        let Some(captured) = event.captured else { continue };
        let seen = rules.captured_visibility == rodina_rules::jieqi::CapturedVisibility::Capturer
            && seat == Seat::Player(event.color);
        if captured.face_down && !seen {
            unknown[captured.color.index()].push(event.mv.to.index());
        }
    }
    let mut setup = Setup::parse(&table.start_fen).expect("the start reads");
    for points in &unknown {
        let mut identities: Vec<SetupCell> =
            points.iter().filter_map(|&i| setup.board[i]).collect();
        identities.shuffle(rng);
        for (&i, cell) in points.iter().zip(identities) {
            setup.board[i] = Some(cell);
        }
    }
    Jieqi::from_setup(&setup, rules).expect("a reshuffled start is a start").truth_fen()
}

/// The game as `session` shows it, rebuilt from the look-alike start with the same moves and
/// brought to the same moment (hand-over, language).
fn rebuilt(table: &Table, session: &GameSession, start_fen: &str) -> Arc<GameSession> {
    let other = GameSession::new(table.new_game(start_fen)).expect("the look-alike starts");
    for m in session.moves() {
        other.play(m.coordinate).expect("the look-alike replays");
    }
    if !matches!(session.awaiting(), Awaiting::HandOver { .. }) {
        other.confirm_hand_over();
    }
    other.set_language(session.language());
    other
}

/// Everything the seat is handed must be the same in the look-alike.
fn compare(real: &GameSession, other: &GameSession, tally: &mut Tally, rng: &mut ChaCha8Rng) {
    let (a, b) = (real.view(), other.view());
    assert_eq!(a, b, "the board views differ");
    tally.views += 1;
    tally.strings += 1
        + a.result.iter().count()
        + a.players.len()
        + a.move_rows
            .iter()
            .map(|r| usize::from(r.first.is_some()) + usize::from(r.second.is_some()))
            .sum::<usize>();
    assert_eq!(real.fen(), other.fen(), "the FENs differ");
    assert_eq!(real.moves(), other.moves(), "the moves differ");
    assert_eq!(real.awaiting(), other.awaiting());
    assert_eq!(real.outcome(), other.outcome());
    tally.strings += 1 + a.ply_count as usize;
    // What taps answer: lifting every kind of piece, refusals with their reasons.
    for _ in 0..6 {
        let p = Point { file: rng.random_range(0..9), rank: rng.random_range(0..10) };
        let (x, y) = (real.tap(p), other.tap(p));
        assert_eq!(x, y, "a tap on {p:?} answers differently");
        if let TapResult::Selected { .. } = x {
            assert_eq!(real.view(), other.view(), "a lifted piece's targets differ");
        }
        real.cancel_input();
        other.cancel_input();
        tally.taps += 1;
        tally.strings += 1;
    }
}

/// The seat looking at the board now.
fn looking_seat(table: &Table, session: &GameSession) -> Seat {
    match (&table.first, &table.second) {
        (Player::Person, Player::Bot { .. }) => Seat::Player(Color::White),
        (Player::Bot { .. }, Player::Person) => Seat::Player(Color::Black),
        _ => match session.view().to_move {
            Side::First => Seat::Player(Color::White),
            Side::Second => Seat::Player(Color::Black),
        },
    }
}

/// A person's move by taps (or a drag), chosen from what the board shows.
fn person_moves(session: &GameSession, rng: &mut ChaCha8Rng) -> bool {
    let v = session.view();
    let own: Vec<Point> = v
        .points
        .iter()
        .filter(|p| p.piece.is_some_and(|piece| piece.side == v.to_move))
        .map(|p| p.point)
        .collect();
    let mut tries = own.clone();
    tries.shuffle(rng);
    for from in tries {
        if !matches!(session.tap(from), TapResult::Selected { .. }) {
            continue;
        }
        let targets = session.view().targets;
        let Some(target) = targets.choose(rng) else { continue };
        let result = if rng.random_bool(0.3) {
            session.cancel_input();
            session.drag(from, target.point)
        } else {
            session.tap(target.point)
        };
        if matches!(result, TapResult::Moved { .. }) {
            return true;
        }
        session.cancel_input();
    }
    false
}

fn play_game(g: usize, tally: &mut Tally) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EC2_E700 + g as u64);
    let rule_set = RULE_SETS[g % RULE_SETS.len()];
    let rules = core_rules(rule_set).rules();
    let start = Jieqi::shuffled(&mut rng, rules);
    let level = ["novice", "beginner"][g % 2].to_owned();
    let (first, second) = match g % 4 {
        0 | 1 => (Player::Person, Player::Person),
        2 => (Player::Person, Player::Bot { level }),
        _ => (Player::Bot { level }, Player::Person),
    };
    let table = Table { start_fen: start.truth_fen(), rule_set, first, second, seed: g as u64 };
    let store = Store::in_memory().expect("a store");
    let mut session = GameSession::new(table.new_game(&table.start_fen)).expect("the game starts");
    session.set_language(if rng.random_bool(0.5) { Language::English } else { Language::Slovak });
    for _ in 0..MAX_PLIES {
        match session.awaiting() {
            Awaiting::Nobody => break,
            Awaiting::HandOver { .. } => {
                // The hidden board, too, is the same whatever the truth.
                if rng.random_bool(0.2) {
                    let seat = looking_seat(&table, &session);
                    let truth = truth_of(&table, &moves_of(&session));
                    let other =
                        rebuilt(&table, &session, &look_alike(&table, &truth, seat, &mut rng));
                    compare(&session, &other, tally, &mut rng);
                    tally.looks += 1;
                }
                assert!(session.confirm_hand_over());
            }
            Awaiting::Bot { .. } => {
                let played = block_on(session.play_bot_move(None)).expect("the bot moves");
                assert!(played.is_some(), "the bot found a move");
                tally.bot_moves += 1;
                tally.plies += 1;
            }
            Awaiting::Person { .. } => {
                if rng.random_bool(0.04) && session.undo() {
                    tally.undos += 1;
                    continue;
                }
                if !person_moves(&session, &mut rng) {
                    break;
                }
                tally.plies += 1;
            }
            Awaiting::Opponent { .. } => panic!("a game on this device has no opponent elsewhere"),
        }
        if rng.random_bool(0.04) {
            // Save, and go on in the game resumed from the store.
            let id = session.save(Arc::clone(&store)).expect("saved");
            let resumed = GameSession::resume(Arc::clone(&store), id).expect("resumed");
            resumed.set_language(session.language());
            if !matches!(session.awaiting(), Awaiting::HandOver { .. }) {
                resumed.confirm_hand_over();
            }
            assert_eq!(resumed.view(), session.view(), "a resumed game shows the same");
            session = resumed;
            tally.saves += 1;
        }
        if rng.random_bool(0.12) {
            let seat = looking_seat(&table, &session);
            let truth = truth_of(&table, &moves_of(&session));
            let alike = look_alike(&table, &truth, seat, &mut rng);
            let other = rebuilt(&table, &session, &alike);
            compare(&session, &other, tally, &mut rng);
            tally.looks += 1;
        }
    }
    tally.games += 1;
}

fn moves_of(session: &GameSession) -> Vec<String> {
    session.moves().into_iter().map(|m| m.coordinate).collect()
}

#[test]
fn no_string_or_record_tells_a_seat_more_than_it_may_know() {
    let games =
        std::env::var("RODINA_SECRECY_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(GAMES);
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for g in 0..games {
        play_game(g, &mut tally);
    }
    println!("secrecy: {tally:?} in {:.1} s", started.elapsed().as_secs_f64());
    assert_eq!(tally.games, games);
    assert!(tally.looks >= games, "{tally:?}");
    assert!(tally.saves > 0 && tally.undos > 0 && tally.bot_moves > 0, "{tally:?}");
}

/// The look-alike really is another game: were the view to show an identity, the test would
/// see it. (Guards the test itself: a shuffle that changed nothing would prove nothing.)
#[test]
fn a_look_alike_differs_from_the_truth_where_the_seat_cannot_see() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let rules = CoreRuleSet::Default.rules();
    let start = Jieqi::shuffled(&mut rng, rules);
    let table = Table {
        start_fen: start.truth_fen(),
        rule_set: RuleSet::Default,
        first: Player::Person,
        second: Player::Person,
        seed: 1,
    };
    let truth = truth_of(&table, &[]);
    let alike = look_alike(&table, &truth, Seat::Player(Color::White), &mut rng);
    assert_ne!(alike, table.start_fen, "the unknown identities were shuffled");
    // The true positions differ, every seat's view of them does not.
    let other = Jieqi::from_fen_with_rules(&alike, rules).expect("reads");
    for seat in Seat::ALL {
        assert_eq!(
            rodina_rules::View::fen(&other.view(seat)),
            rodina_rules::View::fen(&truth.position().view(seat))
        );
    }
    // A face-down piece's identity, were it shown, would tell the two apart.
    let differs = truth
        .position()
        .pieces()
        .any(|(s, _)| truth.position().true_piece_at(s) != other.true_piece_at(s));
    assert!(differs);
    let _ = Position::turn(truth.position());
}
