//! Whole games over real sockets: one of each of the four games to its end, with a
//! spectator; for Jieqi every frame each seat received checked against what that seat may
//! know, and the deal's commitment checked at the end.
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap as tests do

mod support;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_protocol::{ClientMessage, Event, GameId, ServerMessage, Status, verify_reveal};
use rodina_rules::{AnyGame, Color, Seat, Truth, Variant, View, with_game};
use support::{Record, Ws, game, join, options};

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

async fn full_game(variant: &str, seed: u64) -> (Vec<Seated>, Vec<Event>) {
    // The test's players move at once, far faster than people: no rate limit in the way.
    let s = support::TestServer::start(|s| {
        s.socket_rate =
            rodina_server::Rate { burst: 1000, every: std::time::Duration::from_micros(100) };
    })
    .await;
    let a = s.addr();
    let (white, black, id) = game(a, &options(variant)).await;
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
        assert_eq!(outcome.to_outcome(), s.record.view.outcome(), "{variant}");
    }
    // The summary agrees.
    let summary = support::http(a, "GET", &format!("/v1/games/{id}"), Some(&white.token), None)
        .await
        .json::<rodina_protocol::GameSummary>();
    assert_eq!(summary.status, Status::Ended);
    assert_eq!(summary.plies as usize, seats[0].record.moves.len());
    (seats, ends)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_xiangqi() {
    let (seats, ends) = full_game("xiangqi", 1).await;
    // An open game reveals nothing at its end, and every seat saw the same moves.
    assert!(matches!(&ends[0], Event::Ended { reveal: None, truth_moves: None, .. }));
    assert_eq!(seats[0].record.moves, seats[2].record.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_jeson_mor() {
    let (seats, _) = full_game("jesonmor", 2).await;
    assert_eq!(seats[1].record.moves, seats[2].record.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_friendly_chess() {
    let (seats, _) = full_game("friendly", 3).await;
    assert_eq!(seats[0].record.moves, seats[1].record.moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_jieqi_shows_each_seat_its_view_and_keeps_its_commitment() {
    // Every game is checked; games go on until one had a face-down piece captured (whose
    // identity only the capturer may learn), which the deal makes likely but not certain.
    for seed in 4..12 {
        if check_jieqi_game(seed).await {
            return;
        }
    }
    panic!("no face-down capture in eight games");
}

/// Plays a Jieqi game and checks every seat's frames; whether some move's text differed
/// between seats (a face-down capture).
async fn check_jieqi_game(seed: u64) -> bool {
    let (seats, ends) = full_game("jieqi", seed).await;
    let Event::Ended { reveal: Some(reveal), truth_moves: Some(truth_moves), .. } = &ends[0] else {
        panic!("the end reveals the deal: {:?}", ends[0]);
    };
    // The truth, rebuilt from the reveal.
    let truth = AnyGame::replay(Variant::Jieqi, None, &reveal.deal, truth_moves, None).unwrap();
    for (s, end) in seats.iter().zip(&ends) {
        let seat = s.record.seat;
        // Every seat got the same reveal, and it holds against the commitment published at
        // the start and against everything this seat was shown.
        assert_eq!(end, &ends[0]);
        let committed = s.record.state.commitment.as_deref().expect("a commitment at the start");
        assert_eq!(
            verify_reveal(
                committed,
                reveal,
                seat,
                &s.record.state.start,
                truth_moves,
                &s.record.moves
            ),
            Ok(()),
            "{seat:?}"
        );
        // Frame by frame: the start and each move exactly as this seat's view writes them.
        assert_eq!(s.record.state.start, with_game!(&truth, g => g.start().view(seat).fen()));
        for (i, mv) in s.record.moves.iter().enumerate() {
            let expected = with_game!(&truth, g => g.ply_text_for(i + 1, seat)).unwrap();
            assert_eq!(mv, &expected, "{seat:?} ply {}", i + 1);
        }
        // Nothing before the end carried the deal or the truth's moves.
        let end_at = s.ws.texts.iter().position(|t| t.contains("\"ended\"")).unwrap();
        // A full FEN's third field lists every hidden identity in board order.
        let identities = reveal.deal.split(' ').nth(2).unwrap();
        assert_eq!(identities.len(), 30);
        for t in &s.ws.texts[..end_at] {
            assert!(!t.contains(&reveal.salt) && !t.contains(identities), "{t}");
            if let Ok(ServerMessage::Sync { state, .. }) = ServerMessage::decode(t) {
                assert_eq!((state.reveal, state.truth_moves), (None, None));
            }
        }
        for m in s.ws.texts[..end_at].iter().filter_map(|t| ServerMessage::decode(t).ok()) {
            if let ServerMessage::Event { e: Some(Event::Move { mv, ply, .. }), .. } = m {
                assert_eq!(mv, s.record.moves[ply as usize - 1]);
            }
        }
    }
    // The check above has teeth: some face-down capture was named to its capturer alone.
    let spectator = &seats[2].record.moves;
    let differ = (0..spectator.len())
        .filter(|&i| {
            seats[0].record.moves[i] != spectator[i] || seats[1].record.moves[i] != spectator[i]
        })
        .count();
    if differ > 0 {
        assert_ne!(&truth.move_texts(), spectator);
    }
    differ > 0
}
