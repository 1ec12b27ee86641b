//! The leak test: over 10 000 seeded random games (all five rule sets), every view produced
//! for every seat at every ply is serialised and compared with what that seat may know,
//! computed here independently of the view code from the true game's events. A view holds an
//! identity its seat may not know exactly when the comparison fails.
//!
//! Alongside, each seat keeps its own record of views (a `Game<JieqiView>`), fed only with what the
//! seat learns; it must agree with the true game on the view, the legal moves and the outcome
//! (so a UI or a bot never needs the truth). For one game in twenty, the identities the seat
//! cannot know are shuffled into another true position, whose view must be the same.

use std::time::Instant;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_rules::jieqi::{
    CapturedVisibility, HIDDEN_ROLES, Jieqi, JieqiView, RuleSet, Rules, Seat,
};
use rodina_rules::xiangqi::{Piece, Role};
use rodina_rules::{Color, Game, Position, Truth, View};

const GAMES: u64 = 10_000;
/// Random games wander; after this many plies they add nothing new.
const MAX_PLIES: usize = 150;

/// What one seat may know, tracked from the true events by the rules page's definitions.
struct Knowledge {
    seat: Seat,
    rules: Rules,
    /// Per side and role: identities that can still be face down.
    pool: [[u8; 8]; 2],
    /// The captured field's tokens.
    captured: String,
}

impl Knowledge {
    fn new(seat: Seat, rules: Rules) -> Knowledge {
        let mut pool = [[0u8; 8]; 2];
        for side in &mut pool {
            for role in HIDDEN_ROLES {
                side[role as usize] = if role == Role::Soldier { 5 } else { 2 };
            }
        }
        Knowledge { seat, rules, pool, captured: String::new() }
    }

    /// Learns what a move did. Returns the captured identity the seat learns, if any.
    fn learn(
        &mut self,
        mover: Color,
        revealed: Option<Role>,
        captured: Option<(Piece, bool)>,
    ) -> Option<Role> {
        if let Some(role) = revealed {
            // A reveal is public.
            self.pool[mover.index()][role as usize] -= 1;
        }
        let (piece, face_down) = captured?;
        if !face_down {
            self.captured.push(piece.char());
            return None;
        }
        let sees = self.rules.captured_visibility == CapturedVisibility::Capturer
            && self.seat == Seat::Player(mover);
        if sees {
            self.pool[piece.color.index()][piece.role as usize] -= 1;
            self.captured.push_str(&format!("({})", piece.char()));
            Some(piece.role)
        } else {
            self.captured.push_str(if piece.color == Color::White { "(X)" } else { "(x)" });
            None
        }
    }

    fn pool_text(&self) -> String {
        let mut out = String::new();
        for (side, color) in [(0, Color::White), (1, Color::Black)] {
            for role in HIDDEN_ROLES {
                let n = self.pool[side][role as usize];
                if n > 0 {
                    out.push(Piece { color, role }.char());
                    out.push_str(&n.to_string());
                }
            }
        }
        if out.is_empty() { "-".into() } else { out }
    }

    /// The view FEN this seat may be given, built from the true full FEN: the board, turn and
    /// counters are public; the third and last fields are replaced by what the seat knows.
    fn expected_fen(&self, full_fen: &str) -> String {
        let f: Vec<&str> = full_fen.split(' ').collect();
        let captured = if self.captured.is_empty() { "-" } else { &self.captured };
        format!("{} {} {} {} {} {}", f[0], f[1], self.pool_text(), f[3], f[4], captured)
    }
}

/// A true position that `seat` cannot tell from `truth`: the identities it does not know
/// (face-down pieces on the board, and captured face-down pieces it did not see) shuffled
/// among the pieces of each side.
fn lookalike(truth: &Jieqi, seat: Seat, rng: &mut ChaCha8Rng) -> Jieqi {
    let fen = truth.truth_fen();
    let f: Vec<&str> = fen.split(' ').collect();
    let mut hidden: Vec<char> = if f[2] == "-" { Vec::new() } else { f[2].chars().collect() };
    // Tokens of the captured field; unknown ones are the face-down pieces not captured by seat.
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = f[5].chars().filter(|&c| c != '-');
    while let Some(c) = chars.next() {
        if c == '(' {
            let inner = chars.next().expect("token");
            chars.next();
            tokens.push(format!("({inner})"));
        } else {
            tokens.push(c.to_string());
        }
    }
    let rules = truth.rules();
    let unknown_capture = |t: &str| {
        t.starts_with('(') && {
            let c = t.chars().nth(1).expect("letter");
            let owner = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            !(rules.captured_visibility == CapturedVisibility::Capturer
                && seat == Seat::Player(!owner))
        }
    };
    for upper in [true, false] {
        // Gather this side's unknown identities from both places, shuffle, put them back.
        let mut slots: Vec<char> =
            hidden.iter().copied().filter(|c| c.is_ascii_uppercase() == upper).collect();
        for t in &tokens {
            let c = t.chars().nth(1).unwrap_or('-');
            if unknown_capture(t) && c.is_ascii_uppercase() == upper {
                slots.push(c);
            }
        }
        slots.shuffle(rng);
        let mut it = slots.into_iter();
        for c in hidden.iter_mut().filter(|c| c.is_ascii_uppercase() == upper) {
            *c = it.next().expect("slot");
        }
        for t in tokens.iter_mut() {
            let c = t.chars().nth(1).unwrap_or('-');
            if unknown_capture(t) && c.is_ascii_uppercase() == upper {
                *t = format!("({})", it.next().expect("slot"));
            }
        }
    }
    let third: String = if hidden.is_empty() { "-".into() } else { hidden.into_iter().collect() };
    let captured: String = if tokens.is_empty() { "-".into() } else { tokens.concat() };
    let text = format!("{} {} {third} {} {} {captured}", f[0], f[1], f[3], f[4]);
    Jieqi::from_fen_with_rules(&text, rules).expect("look-alike position")
}

/// Totals over many games.
#[derive(Default)]
struct Tally {
    plies: u64,
    views: u64,
    lookalikes: u64,
    unseen_captures: u64,
    outcomes: std::collections::BTreeMap<String, u32>,
}

/// Plays the game of `seed` and checks every view of it.
fn check_game(seed: u64, t: &mut Tally) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = RuleSet::ALL[(seed % RuleSet::ALL.len() as u64) as usize].rules();
    let mut game = Game::new(Jieqi::shuffled(&mut rng, rules));
    let mut know: Vec<Knowledge> = Seat::ALL.iter().map(|&s| Knowledge::new(s, rules)).collect();
    let mut records: Vec<Game<JieqiView>> =
        Seat::ALL.iter().map(|&s| Game::new(game.position().view(s))).collect();
    let check_lookalikes = seed % 20 == 0;
    loop {
        let truth = game.position();
        let full = truth.truth_fen();
        for (k, r) in know.iter().zip(&records) {
            let view = truth.view(k.seat);
            let text = view.fen();
            assert_eq!(text, k.expected_fen(&full), "seed {seed}, ply {}, {}", game.len(), k.seat);
            assert_eq!(r.position(), &view, "seed {seed}, ply {}, {}: record", game.len(), k.seat);
            if let Some(ev) = view.last_event() {
                // The event's text names no identity the seat may not know: its captured
                // token is the last one of the seat's captured field.
                if let Some(c) = ev.captured {
                    assert!(k.captured.ends_with(&c.token()), "seed {seed}: {ev}");
                }
            }
            if check_lookalikes {
                let other = lookalike(truth, k.seat, &mut rng);
                assert_eq!(other.view(k.seat).fen(), text, "seed {seed}: look-alike");
                t.lookalikes += 1;
            }
            t.views += 1;
        }
        // Legal moves and outcome from each seat's views alone (one seat per ply, in turn:
        // the records already agree on the views). No legal move means the game is over.
        let legal = game.legal_moves();
        let outcome = if legal.is_empty() { game.outcome() } else { None };
        let record = &records[game.len() % 3];
        let seen = record.legal_moves();
        assert_eq!(seen, legal, "seed {seed}, ply {}", game.len());
        if seen.is_empty() {
            assert_eq!(record.outcome(), outcome, "seed {seed}, ply {}", game.len());
        }
        if let Some(o) = outcome {
            *t.outcomes.entry(format!("{} {}", o.kind_str(), o.reason_str())).or_default() += 1;
            break;
        }
        if game.len() >= MAX_PLIES {
            *t.outcomes.entry("unfinished".into()).or_default() += 1;
            break;
        }
        // Captures three times in four when there are any, so that games end and face-down
        // pieces fall often.
        let captures: Vec<_> = legal.iter().filter(|m| truth.is_capture(**m)).collect();
        let m = if !captures.is_empty() && rng.random_bool(0.75) {
            *captures[rng.random_range(0..captures.len())]
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        let ev = truth.event(m);
        let mover = truth.turn();
        let captured = ev.captured.map(|c| {
            (Piece { color: c.color, role: c.role.expect("the truth knows") }, c.face_down)
        });
        game.play_unchecked(&m);
        t.plies += 1;
        for (k, r) in know.iter_mut().zip(records.iter_mut()) {
            let learned = k.learn(mover, ev.revealed, captured);
            if captured.is_some_and(|(_, down)| down) && learned.is_none() {
                t.unseen_captures += 1;
            }
            // Validated play for the mover's seat, the fast path for the others.
            if k.seat == Seat::Player(mover) {
                r.play_seen(m, ev.revealed, learned).expect("the seat's record takes the move");
            } else {
                r.play_seen_unchecked(m, ev.revealed, learned);
            }
        }
    }
}

#[test]
fn no_view_leaks_an_identity_over_ten_thousand_games() {
    let started = Instant::now();
    // The games are independent: share them out over the cores there are.
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4) as u64;
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                scope.spawn(move || {
                    let mut t = Tally::default();
                    for seed in (w..GAMES).step_by(workers as usize) {
                        check_game(seed, &mut t);
                    }
                    t
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).collect()
    });
    let mut total = Tally::default();
    for t in tallies {
        total.plies += t.plies;
        total.views += t.views;
        total.lookalikes += t.lookalikes;
        total.unseen_captures += t.unseen_captures;
        for (k, v) in t.outcomes {
            *total.outcomes.entry(k).or_default() += v;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{GAMES} games, {} plies, {} views checked ({} against look-alike positions), {} \
         face-down captures unseen by a seat, in {secs:.1} s on {workers} thread(s)",
        total.plies, total.views, total.lookalikes, total.unseen_captures
    );
    eprintln!("outcomes: {:?}", total.outcomes);
    assert!(total.unseen_captures > 10_000, "the games should capture face-down pieces often");
}
