//! Whole games over real sockets: one of each of the four games to its end, with a
//! spectator; for Jieqi every frame each seat received checked against what that seat may
//! know, the deal's commitment checked at the end by every seat, and the identity of a
//! face-down piece captured unseen never sent to its owner or a spectator, in any frame, at
//! the end or in a later sync.
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap as tests do

mod support;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_protocol::{
    ClientMessage, Entitlement, Event, GameId, GameOptions, Opening, Reveal, ServerMessage, Status,
    entitlements, leaf, verify_reveal,
};
use rodina_rules::jieqi::RuleSet;
use rodina_rules::xiangqi::Square;
use rodina_rules::{AnyGame, AnyView, Color, Seat, Truth, Variant, View, with_game};
use support::{Record, TestServer, Ws, game, join, options};

/// The most plies a test game may take: random play that prefers captures ends far sooner.
const MAX_PLIES: usize = 1500;

struct Seated {
    ws: Ws,
    record: Record,
}

async fn seat(addr: std::net::SocketAddr, game: &GameId, token: &str) -> Seated {
    let mut ws = join(addr, game, token, None).await;
    let state = ws.sync().await;
    assert_eq!(state.status, Status::Started);
    Seated { ws, record: Record::new(state) }
}

fn letters(fen: &str) -> usize {
    fen.split(' ').next().unwrap_or("").chars().filter(char::is_ascii_alphabetic).count()
}

/// A move for the side to move in `record`: one that ends the game if there is one, else a
/// capture more often than not, else any (a Jieqi reveal cannot be tried on a view: it is
/// taken at random).
fn choose(record: &Record, rng: &mut ChaCha8Rng) -> String {
    let moves = record.view.legal_move_texts();
    assert!(!moves.is_empty(), "a game that goes on has moves");
    let before = letters(&record.view.fen());
    let mut captures = Vec::new();
    for m in &moves {
        let mut next = record.view.clone();
        if next.play_text(m).is_err() {
            continue;
        }
        if next.outcome().is_some() {
            return m.clone();
        }
        if letters(&next.fen()) < before {
            captures.push(m.clone());
        }
    }
    if !captures.is_empty() && rng.random_bool(0.8) {
        return captures[rng.random_range(0..captures.len())].clone();
    }
    moves[rng.random_range(0..moves.len())].clone()
}

/// Plays the game out: each move sent by the side to move, acknowledged, and received by
/// every seat as its own text. Returns the end's event as each seat got it.
async fn play_out(seats: &mut [Seated], seed: u64) -> Vec<Event> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for ply in 1..=MAX_PLIES {
        let turn = seats[0].record.view.turn();
        let mover = if turn == Color::White { 0 } else { 1 };
        let mv = choose(&seats[mover].record, &mut rng);
        let ack = u32::try_from(ply).unwrap();
        seats[mover].ws.send(&ClientMessage::Move { ack, mv, lag_ms: Some(5) }).await;
        assert_eq!(seats[mover].ws.ack().await, ack);
        let mut ended = Vec::new();
        for s in seats.iter_mut() {
            match s.ws.event().await {
                Some(Event::Move { ply: p, mv, .. }) => {
                    assert_eq!(p as usize, ply);
                    s.record.play(&mv);
                }
                other => panic!("{:?} expected a move, got {other:?}", s.record.seat),
            }
            if s.record.view.outcome().is_some() {
                ended.push(s.ws.event().await.expect("the end is known to every seat"));
            }
        }
        if !ended.is_empty() {
            assert_eq!(ended.len(), seats.len(), "every seat sees the end together");
            return ended;
        }
    }
    panic!("no end after {MAX_PLIES} plies");
}

/// A game played to its end: the server (still running), the game, the players' tokens
/// (white, black, spectator), each seat's socket and record, and the end as each seat got it.
struct Played {
    server: TestServer,
    id: GameId,
    tokens: [String; 3],
    seats: Vec<Seated>,
    ends: Vec<Event>,
}

async fn full_game(options: &str, seed: u64) -> Played {
    // The test's players move at once, far faster than people: no rate limit in the way.
    let server = TestServer::start(|s| {
        s.socket_rate =
            rodina_server::Rate { burst: 1000, every: std::time::Duration::from_micros(100) };
    })
    .await;
    let a = server.addr();
    let (white, black, id) = game(a, options).await;
    let watcher = support::account(a).await;
    let mut seats = vec![
        seat(a, &id, &white.token).await,
        seat(a, &id, &black.token).await,
        seat(a, &id, &watcher.token).await,
    ];
    assert_eq!(
        seats.iter().map(|s| s.record.seat).collect::<Vec<_>>(),
        Seat::ALL.to_vec(),
        "the players get their sides, anyone else the spectator's seat"
    );
    let ends = play_out(&mut seats, seed).await;
    for (s, e) in seats.iter().zip(&ends) {
        let Event::Ended { outcome, .. } = e else { panic!("{e:?}") };
        assert_eq!(outcome.to_outcome(), s.record.view.outcome(), "{options}");
    }
    // The summary agrees.
    let summary = support::http(a, "GET", &format!("/v1/games/{id}"), Some(&white.token), None)
        .await
        .json::<rodina_protocol::GameSummary>();
    assert_eq!(summary.status, Status::Ended);
    assert_eq!(summary.plies as usize, seats[0].record.moves.len());
    Played { server, id, tokens: [white.token, black.token, watcher.token], seats, ends }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_xiangqi() {
    let Played { seats, ends, .. } = full_game(&options("xiangqi"), 1).await;
    // An open game reveals nothing at its end, and every seat saw the same moves.
    assert!(matches!(&ends[0], Event::Ended { reveal: None, .. }));
    assert_eq!(seats[0].record.moves, seats[2].record.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_jeson_mor() {
    let Played { seats, .. } = full_game(&options("jesonmor"), 2).await;
    assert_eq!(seats[1].record.moves, seats[2].record.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_friendly_chess() {
    let Played { seats, .. } = full_game(&options("friendly"), 3).await;
    assert_eq!(seats[0].record.moves, seats[1].record.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_jieqi_shows_each_seat_its_view_and_keeps_the_owners_secret() {
    // Every game is checked; games go on until one had a face-down piece captured (whose
    // identity only the capturer may learn), which the deal makes likely but not certain.
    for seed in 4..12 {
        if check_jieqi_game(seed).await {
            return;
        }
    }
    panic!("no face-down capture in eight games");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_nobody_sees_captured_pieces_nobody_gets_them_at_the_end() {
    for seed in 20..28 {
        let played = full_game(&jieqi_options(RuleSet::NobodySeesCaptured), seed).await;
        let reveals = checked_reveals(&played, Some(RuleSet::NobodySeesCaptured));
        let captured: Vec<Square> = secret_points(&played.seats[2].record);
        if captured.is_empty() {
            continue;
        }
        for point in captured {
            let name = point.to_string();
            // The capturer too gets the leaf alone, and every seat the same leaf.
            let sealed: Vec<&Opening> = reveals.iter().map(|r| opening(r, &name)).collect();
            assert!(sealed.iter().all(|o| o.piece.is_none() && o.salt.is_none()), "{name}");
            assert!(sealed.iter().all(|o| o.leaf == sealed[0].leaf), "{name}");
        }
        return;
    }
    panic!("no face-down capture in eight games");
}

fn jieqi_options(rule_set: RuleSet) -> String {
    serde_json::to_string(&GameOptions {
        game: "jieqi".into(),
        rule_set: Some(rule_set.name().into()),
        handicap: None,
        colour: rodina_protocol::ColourChoice::Random,
        clock: None,
    })
    .unwrap()
}

/// The points of face-down pieces captured without `record`'s seat being shown them.
fn secret_points(record: &Record) -> Vec<Square> {
    let AnyView::Jieqi(view) = &record.view else { panic!("a Jieqi record") };
    entitlements(view)
        .into_iter()
        .filter(|(_, e)| *e == Entitlement::Secret)
        .map(|(s, _)| s)
        .collect()
}

fn opening<'a>(reveal: &'a Reveal, point: &str) -> &'a Opening {
    reveal.openings.iter().find(|o| o.point == point).unwrap()
}

fn reveal_of(m: &ServerMessage) -> Option<Reveal> {
    match m {
        ServerMessage::Event { e: Some(Event::Ended { reveal, .. }), .. } => reveal.clone(),
        ServerMessage::Sync { state, .. } => state.reveal.clone(),
        _ => None,
    }
}

/// Each seat's reveal as its `ended` event carried it: it checks against the commitment and
/// everything the seat was shown. Nothing before the end carried any opening.
fn checked_reveals(played: &Played, rule_set: Option<RuleSet>) -> Vec<Reveal> {
    let mut reveals = Vec::new();
    for (s, end) in played.seats.iter().zip(&played.ends) {
        let seat = s.record.seat;
        let Event::Ended { reveal: Some(reveal), .. } = end else {
            panic!("the end reveals the deal to {seat:?}: {end:?}")
        };
        let committed = s.record.state.commitment.as_deref().expect("a commitment at the start");
        assert_eq!(
            verify_reveal(
                committed,
                reveal,
                seat,
                rule_set,
                &s.record.state.start,
                &s.record.moves
            ),
            Ok(()),
            "{seat:?}"
        );
        let end_at = s.ws.texts.iter().position(|t| t.contains("\"ended\"")).unwrap();
        for t in &s.ws.texts[..end_at] {
            assert!(!t.contains("openings") && !t.contains("salt"), "{t}");
            if let Ok(ServerMessage::Sync { state, .. }) = ServerMessage::decode(t) {
                assert_eq!(state.reveal, None);
            }
        }
        reveals.push(reveal.clone());
    }
    reveals
}

/// After the end, each seat connects again and gets a sync: its reveal is the one its end
/// carried. Returns every text each seat's new socket received.
async fn later_syncs(played: &Played, reveals: &[Reveal]) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for ((token, s), reveal) in played.tokens.iter().zip(&played.seats).zip(reveals) {
        let mut ws = join(played.server.addr(), &played.id, token, None).await;
        let state = ws.sync().await;
        assert_eq!(state.status, Status::Ended);
        assert_eq!(state.moves, s.record.moves);
        assert_eq!(state.reveal.as_ref(), Some(reveal), "{:?}", s.record.seat);
        all.push(ws.texts.clone());
        ws.close().await;
    }
    all
}

/// Plays a Jieqi game and checks every seat's frames; whether some face-down piece was
/// captured.
async fn check_jieqi_game(seed: u64) -> bool {
    let played = full_game(&options("jieqi"), seed).await;
    let reveals = checked_reveals(&played, None);
    let later = later_syncs(&played, &reveals).await;
    let seats = &played.seats;
    // Together the two players know the whole game: each saw what it captured, everyone
    // saw every reveal, and every mover's text names what its move took. The truth, rebuilt
    // from that alone, shows that each seat was sent exactly its view of it.
    let start = &seats[0].record.state.start;
    let identities: String = reveals[0]
        .openings
        .iter()
        .zip(&reveals[1].openings)
        .map(|(w, b)| w.piece.clone().or_else(|| b.piece.clone()).expect("one player knows it"))
        .collect();
    assert_eq!(identities.len(), 30);
    let mut fields: Vec<&str> = start.split(' ').collect();
    fields[2] = &identities;
    let deal = fields.join(" ");
    let truth_moves: Vec<String> =
        (0..seats[0].record.moves.len()).map(|i| seats[i % 2].record.moves[i].clone()).collect();
    let truth = AnyGame::replay(Variant::Jieqi, None, &deal, &truth_moves, None).unwrap();
    for s in seats {
        let seat = s.record.seat;
        assert_eq!(s.record.state.start, with_game!(&truth, g => g.start().view(seat).fen()));
        for (i, mv) in s.record.moves.iter().enumerate() {
            let expected = with_game!(&truth, g => g.ply_text_for(i + 1, seat)).unwrap();
            assert_eq!(mv, &expected, "{seat:?} ply {}", i + 1);
        }
        for m in s.ws.texts.iter().filter_map(|t| ServerMessage::decode(t).ok()) {
            if let ServerMessage::Event { e: Some(Event::Move { mv, ply, .. }), .. } = m {
                assert_eq!(mv, s.record.moves[ply as usize - 1]);
            }
        }
    }
    // The secret: a face-down piece captured unseen. Its capturer got its identity and salt;
    // its owner and the spectator got its leaf alone, and not one byte they received, in the
    // game, at its end or in the later sync, holds that salt.
    let mut secrets = 0;
    for (i, s) in seats.iter().enumerate() {
        let received: Vec<&String> = s.ws.texts.iter().chain(&later[i]).collect();
        assert!(received.iter().any(|t| reveal_of(&ServerMessage::decode(t).unwrap()).is_some()));
        for point in secret_points(&s.record) {
            let name = point.to_string();
            let capturer = (0..2)
                .find(|&c| opening(&reveals[c], &name).salt.is_some())
                .unwrap_or_else(|| panic!("{name}: its capturer was shown it"));
            let shown = opening(&reveals[capturer], &name);
            let (piece, salt) = (shown.piece().unwrap(), shown.salt.clone().unwrap());
            let mine = opening(&reveals[i], &name);
            assert_eq!((&mine.piece, &mine.salt), (&None, &None), "{:?} {name}", s.record.seat);
            assert_eq!(mine.leaf, Some(leaf(point, piece, &salt)));
            for t in &received {
                assert!(!t.contains(&salt), "{:?} received the salt of {name}", s.record.seat);
            }
            // The capturer's own frames hold it: the end and the later sync.
            let theirs = seats[capturer].ws.texts.iter().chain(&later[capturer]);
            assert!(theirs.filter(|t| t.contains(&salt)).count() >= 2);
            if let Seat::Player(owner) = s.record.seat {
                assert_eq!(piece.color, owner, "the owner's own piece");
            }
            // Nor can the seat find it by elimination: of that side it was opened only what
            // it saw during the game; its pieces still face down came as leaves too.
            let AnyView::Jieqi(view) = &s.record.view else { panic!("a Jieqi record") };
            let side = |o: &Opening| {
                let p = Square::parse(&o.point).unwrap();
                view.start().cell_at(p).map(|c| c.color())
            };
            let known = entitlements(view)
                .into_iter()
                .filter(|(p, e)| {
                    matches!(e, Entitlement::Seen(_))
                        && view.start().cell_at(*p).map(|c| c.color()) == Some(piece.color)
                })
                .count();
            let opened = reveals[i]
                .openings
                .iter()
                .filter(|o| o.piece.is_some() && side(o) == Some(piece.color))
                .count();
            assert_eq!(opened, known, "{:?}: only what it saw of that side", s.record.seat);
            secrets += 1;
        }
    }
    secrets > 0
}
