//! Reconnecting mid-game with missed events, over raw sockets to the real server: a player
//! whose connection drops gets exactly what it missed when it says its last version; a
//! spectator that missed more than the server sends at once gets a full sync; a version
//! the game never had gets a sync; the game's version gets nothing but presence. And the
//! app's own client catches up after its socket is cut.

use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rodina_app::online::{ConnectionState, InviteOptions, OnlineStatus, SideChoice};
use rodina_e2e::phone::{Phone, confirmed, game_between, tap_move};
use rodina_e2e::server::ServerProcess;
use rodina_e2e::table::{BLACK, SPECTATOR, Table, WHITE};
use rodina_e2e::{WAIT, until};
use rodina_protocol::{ClientMessage, Event, ServerMessage, SideName};

/// The missed events the server sends at once before it sends a sync instead (PROTOCOL.md,
/// "Reconnecting": "at most 64 at once").
const AT_ONCE: u64 = 64;

/// Reads game messages until the first presence; fails on anything after it within a
/// short quiet time.
async fn until_presence(socket: &mut rodina_e2e::socket::Socket) -> Vec<ServerMessage> {
    let mut seen = Vec::new();
    for _ in 0..1000 {
        match socket.next().await.expect("a frame") {
            Some(ServerMessage::Presence { .. }) => break,
            Some(ServerMessage::Ping { .. } | ServerMessage::Pong { .. }) => {}
            Some(m) => seen.push(m),
            None => panic!("closed: {:?}", socket.closed),
        }
    }
    socket.nothing_more(Duration::from_millis(300)).await.expect("nothing more");
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_gets_exactly_the_missed_events() {
    let server = ServerProcess::start(&["--socket-rate", "1000"]).expect("the server starts");
    let mut t = Table::new(server.addr(), "xiangqi").await.expect("a game");
    let all = [WHITE, BLACK, SPECTATOR];
    t.play("h3e3", &all).await.expect("ply 1");
    t.play("h8e8", &all).await.expect("ply 2");
    // Black's network goes; White moves and offers a draw meanwhile.
    let last = t.drop_socket(BLACK).expect("black drops");
    assert_eq!(last, 2);
    t.play("b1c3", &[WHITE, SPECTATOR]).await.expect("ply 3 without black");
    t.socket(WHITE).expect("white").send(&ClientMessage::OfferDraw {}).await.expect("offer");
    for i in [WHITE, SPECTATOR] {
        let (v, e) = t.socket(i).expect("socket").event().await.expect("the offer");
        assert_eq!((v, e), (4, Some(Event::DrawOffered { by: SideName::White })));
    }
    // Back with the last version applied: exactly versions 3 and 4, then presence.
    t.rejoin(BLACK, Some(last)).await.expect("black reconnects");
    let socket = t.socket(BLACK).expect("black");
    let missed = until_presence(socket).await;
    let expected = [
        ServerMessage::Event {
            v: 3,
            e: Some(Event::Move { ply: 3, mv: "b1c3".into(), clock: None }),
        },
        ServerMessage::Event { v: 4, e: Some(Event::DrawOffered { by: SideName::White }) },
    ];
    assert_eq!(missed, expected, "exactly the missed events, in order, and no sync");
    t.seats[BLACK].record.play("b1c3").expect("black applies the missed move");
    // The game goes on from there: black declines by moving.
    t.play("b10c8", &all).await.expect("ply 4");
    for i in all {
        let (v, e) = t.socket(i).expect("socket").event().await.expect("the lapse");
        assert_eq!((v, e), (6, Some(Event::DrawDeclined { by: SideName::Black })));
    }
    // A reconnect at the game's version gets nothing but presence.
    let now = t.drop_socket(BLACK).expect("black drops again");
    assert_eq!(now, 6);
    t.rejoin(BLACK, Some(now)).await.expect("black reconnects");
    let socket = t.socket(BLACK).expect("black");
    assert_eq!(until_presence(socket).await, Vec::<ServerMessage>::new());
    eprintln!("reconnect: a player got exactly versions 3 and 4 it missed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_too_far_behind_and_a_made_up_version_get_a_sync() {
    let server = ServerProcess::start(&["--socket-rate", "1000"]).expect("the server starts");
    let mut t = Table::new(server.addr(), "jesonmor").await.expect("a game");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let m = t.quiet_move(&mut rng).expect("a move");
    t.play(&m, &[WHITE, BLACK, SPECTATOR]).await.expect("ply 1");
    let last = t.drop_socket(SPECTATOR).expect("the spectator drops");
    // More events than the server sends at once go by.
    for _ in 0..AT_ONCE + 6 {
        let m = t.quiet_move(&mut rng).expect("a move");
        t.play(&m, &[WHITE, BLACK]).await.expect("a ply without the spectator");
    }
    let version = t.socket(WHITE).expect("white").version;
    assert!(version - last > AT_ONCE);
    t.rejoin(SPECTATOR, Some(last)).await.expect("the spectator reconnects");
    let socket = t.socket(SPECTATOR).expect("spectator");
    let got = until_presence(socket).await;
    let [ServerMessage::Sync { v, state }] = &got[..] else {
        panic!("a sync, not {} events: {got:?}", got.len());
    };
    assert_eq!(*v, version);
    assert_eq!(state.moves, t.seats[WHITE].record.moves, "the whole game, as it is now");
    // A version the game never had: a sync at the current version.
    t.drop_socket(SPECTATOR).expect("drops");
    t.rejoin(SPECTATOR, Some(version + 1000)).await.expect("reconnects with a made-up version");
    let got = until_presence(t.socket(SPECTATOR).expect("spectator")).await;
    assert!(
        matches!(&got[..], [ServerMessage::Sync { v, .. }] if *v == version),
        "a sync at {version}: {got:?}"
    );
    eprintln!(
        "reconnect: {} missed events gave a sync at version {version}; a made-up version too",
        version - last
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_apps_client_catches_up_after_its_socket_is_cut() {
    let server = ServerProcess::start(&[]).expect("the server starts");
    let ann = Phone::new(&server.base_url(), "ann").expect("phone");
    let bob = Phone::new(&server.base_url(), "bob").expect("phone");
    let mut options = InviteOptions::new(rodina_rules::Variant::Xiangqi);
    options.side = SideChoice::First;
    let (white, black) = game_between(&ann, &bob, options).await.expect("a game");
    tap_move(&white.live, "h3", "e3").expect("taps");
    confirmed(&black.live, 1, WAIT).await.expect("ply 1 on black");
    // Bob's app goes to the background (its socket closes), and comes back.
    black.live.suspend();
    until("bob is paused", WAIT, || {
        matches!(black.live.view().connection, ConnectionState::Offline { .. }).then_some(())
    })
    .await
    .expect("paused");
    let before = black.heard.count();
    black.live.resume();
    until("bob is live again", WAIT, || {
        (black.live.view().connection == ConnectionState::Live).then_some(())
    })
    .await
    .expect("live");
    assert!(black.heard.count() > before, "the listener was told");
    // Bob moves now; Ann's move after that reaches Bob, who then cuts his socket while Ann
    // moves again, and catches up on reconnecting.
    tap_move(&black.live, "h8", "e8").expect("taps");
    confirmed(&white.live, 2, WAIT).await.expect("ply 2 on white");
    black.live.reconnect();
    tap_move(&white.live, "b1", "c3").expect("taps");
    confirmed(&black.live, 3, WAIT).await.expect("bob catches up with ply 3");
    let v = black.live.view();
    assert_eq!(v.status, OnlineStatus::Started);
    assert_eq!(v.board.last_move.map(|m| m.coordinate), Some("b1c3".to_owned()));
    eprintln!("reconnect: the app's client caught up after a pause and a cut");
}
