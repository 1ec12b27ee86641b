//! The server killed with SIGKILL mid-game and started again on the same database and
//! address: the game resumes at the same ply, the app's clients reconnect by themselves and
//! finish it, and a spectator that says its last version has missed nothing.

use std::time::Instant;

use rodina_app::model::TapResult;
use rodina_app::online::{ConnectionState, InviteOptions, OnlineStatus, SideChoice};
use rodina_e2e::phone::{Phone, confirmed, ended, game_between, tap_move};
use rodina_e2e::rest::Rest;
use rodina_e2e::server::ServerProcess;
use rodina_e2e::socket::join;
use rodina_e2e::{WAIT, until};
use rodina_protocol::{Event, ServerMessage, Status};
use rodina_rules::Color;

/// The Xiangqi checkmate of the games test: nine plies.
const LINE: [(&str, &str); 9] = [
    ("b3", "e3"),
    ("h8", "h1"),
    ("e3", "e7"),
    ("c7", "c6"),
    ("h3", "c3"),
    ("h1", "f1"),
    ("c3", "c6"),
    ("f1", "d1"),
    ("c6", "e6"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_killed_server_and_is_finished() {
    let mut server = ServerProcess::start(&[]).expect("the server starts");
    let ann = Phone::new(&server.base_url(), "ann").expect("phone");
    let bob = Phone::new(&server.base_url(), "bob").expect("phone");
    let mut options = InviteOptions::new(rodina_rules::Variant::Xiangqi);
    options.side = SideChoice::First;
    let (white, black) = game_between(&ann, &bob, options).await.expect("a game");
    let game = white.live.id();
    let rest = Rest::new(server.addr(), None).expect("rest");
    let watcher = rest.account().await.expect("a spectator's account");
    let id: rodina_protocol::GameId = game.parse().expect("a game id");
    let mut spectator = join(server.addr(), &id, &watcher.token, None).await.expect("watch");
    spectator.sync().await.expect("the spectator's sync");
    for (i, (from, to)) in LINE[..4].iter().enumerate() {
        let mover = if i % 2 == 0 { &white } else { &black };
        assert!(matches!(tap_move(&mover.live, from, to).expect("taps"), TapResult::Moved(_)));
        let plies = u32::try_from(i + 1).expect("plies");
        confirmed(&white.live, plies, WAIT).await.expect("confirmed on white");
        confirmed(&black.live, plies, WAIT).await.expect("confirmed on black");
    }
    for _ in 0..4 {
        spectator.event().await.expect("the spectator sees the moves");
    }
    let last = spectator.version;
    // SIGKILL: no goodbye to anyone.
    server.kill().expect("killed");
    let down = Instant::now();
    for s in [&white, &black] {
        until("the phone notices", WAIT, || {
            (s.live.view().connection != ConnectionState::Live).then_some(())
        })
        .await
        .expect("not live any more");
    }
    assert_eq!(spectator.until_closed(100).await.expect("the socket ends").len(), 0);
    server.restart().expect("the server starts again on the same database and address");
    // The game is where it was.
    let summary = rest.summary(&watcher.token, &id).await.expect("the summary");
    assert_eq!((summary.status, summary.plies), (Status::Started, 4));
    let mut spectator = join(server.addr(), &id, &watcher.token, Some(last)).await.expect("watch");
    // Presence first: no event was missed, and no sync was needed.
    let first = spectator.next_presence().await.expect("nothing missed across the restart");
    assert!(matches!(first, ServerMessage::Presence { .. }));
    // The phones reconnect by themselves, at the same ply.
    for s in [&white, &black] {
        until("the phone is live again", WAIT, || {
            let v = s.live.view();
            (v.connection == ConnectionState::Live).then_some(())
        })
        .await
        .expect("live again");
        assert_eq!(s.live.view().board.ply_count, 4);
    }
    let back = down.elapsed();
    for (i, (from, to)) in LINE.iter().enumerate().skip(4) {
        let mover = if i % 2 == 0 { &white } else { &black };
        assert!(matches!(tap_move(&mover.live, from, to).expect("taps"), TapResult::Moved(_)));
        let plies = u32::try_from(i + 1).expect("plies");
        confirmed(&white.live, plies, WAIT).await.expect("confirmed on white");
        confirmed(&black.live, plies, WAIT).await.expect("confirmed on black");
    }
    for s in [&white, &black] {
        let v = ended(&s.live, WAIT).await.expect("the end");
        assert_eq!(v.status, OnlineStatus::Ended);
        let outcome = v.board.outcome.expect("an outcome");
        assert_eq!((outcome.winner(), outcome.reason_str()), (Some(Color::White), "checkmate"));
    }
    for ply in 5..=9 {
        match spectator.event().await.expect("a move") {
            (_, Some(Event::Move { ply: p, .. })) => assert_eq!(p, ply),
            other => panic!("{other:?}"),
        }
    }
    match spectator.event().await.expect("the end") {
        (_, Some(Event::Ended { outcome, .. })) => assert_eq!(outcome.reason, "checkmate"),
        other => panic!("{other:?}"),
    }
    let summary = rest.summary(&watcher.token, &id).await.expect("the summary");
    assert_eq!((summary.status, summary.plies), (Status::Ended, 9));
    eprintln!("restart: killed at ply 4, both phones live again after {back:?}, mate at ply 9");
}
