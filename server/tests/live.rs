//! A live game's rules of play over real sockets: refused moves, draws, resignation,
//! aborts, claims, clocks, reconnects, a restarted server, rematches, and bad input.
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap as tests do

mod support;

use std::time::Duration;

use rodina_protocol::{
    ClientMessage, ClockState, Event, GameSummary, Invitation, Joined, MAX_FRAME_BYTES,
    PROTOCOL_VERSION, ServerMessage, SideName, Status, WireError,
};
use support::{TestServer, account, connect, game, http, join, options};
use tokio_tungstenite::tungstenite::Message;

fn mv(ack: u32, text: &str) -> ClientMessage {
    ClientMessage::Move { ack, mv: text.into(), lag_ms: None }
}

fn moved(e: Option<Event>) -> (u32, String) {
    match e {
        Some(Event::Move { ply, mv, .. }) => (ply, mv),
        other => panic!("expected a move, got {other:?}"),
    }
}

fn ended(e: Option<Event>) -> (String, Option<SideName>, String) {
    match e {
        Some(Event::Ended { outcome, .. }) => (outcome.result, outcome.winner, outcome.reason),
        other => panic!("expected the end, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_seat_out_of_turn_and_illegal_moves_are_refused() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("xiangqi")).await;
    let watcher = account(a).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    let mut x = join(a, &id, &watcher.token, None).await;
    for ws in [&mut w, &mut b, &mut x] {
        assert_eq!(ws.sync().await.moves.len(), 0);
    }
    b.send(&mv(1, "h8e8")).await;
    assert_eq!(b.error().await, (WireError::NotYourTurn, Some(1)));
    x.send(&mv(1, "h3e3")).await;
    assert_eq!(x.error().await, (WireError::NotAPlayer, Some(1)));
    x.send(&ClientMessage::Resign {}).await;
    assert_eq!(x.error().await, (WireError::NotAPlayer, None));
    w.send(&mv(2, "h3h9")).await;
    assert_eq!(w.error().await, (WireError::IllegalMove, Some(2)));
    w.send(&mv(3, "nonsense")).await;
    assert_eq!(w.error().await, (WireError::IllegalMove, Some(3)));
    // Nothing refused took a version: the first move is version 1 for every seat.
    w.send(&mv(4, "h3e3")).await;
    assert_eq!(w.ack().await, 4);
    for ws in [&mut w, &mut b, &mut x] {
        assert_eq!(moved(ws.event().await), (1, "h3e3".into()));
        assert_eq!(ws.version, 1);
    }
    w.send(&mv(5, "e4e5")).await;
    assert_eq!(w.error().await, (WireError::NotYourTurn, Some(5)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_offers_resignation_and_abort() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();

    // Abort before any move: no result.
    let (white, black, id) = game(a, &options("jesonmor")).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    w.sync().await;
    b.sync().await;
    b.send(&ClientMessage::Abort {}).await;
    for ws in [&mut w, &mut b] {
        assert_eq!(ws.event().await, Some(Event::Aborted { by: Some(SideName::Black) }));
    }
    w.send(&mv(1, "e1d3")).await;
    assert_eq!(w.error().await, (WireError::GameOver, Some(1)));
    let summary: GameSummary =
        http(a, "GET", &format!("/v1/games/{id}"), Some(&white.token), None).await.json();
    assert_eq!((summary.status, summary.outcome), (Status::Aborted, None));

    // Draw offers: a move declines a standing offer; an offer accepted draws.
    let (white, black, id) = game(a, &options("xiangqi")).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    w.sync().await;
    b.sync().await;
    w.send(&mv(1, "h3e3")).await;
    assert_eq!(w.ack().await, 1);
    for ws in [&mut w, &mut b] {
        moved(ws.event().await);
    }
    b.send(&mv(1, "h8e8")).await;
    assert_eq!(b.ack().await, 1);
    for ws in [&mut w, &mut b] {
        moved(ws.event().await);
    }
    w.send(&ClientMessage::Abort {}).await;
    assert_eq!(w.error().await, (WireError::TooLateToAbort, None));
    w.send(&ClientMessage::OfferDraw {}).await;
    for ws in [&mut w, &mut b] {
        assert_eq!(ws.event().await, Some(Event::DrawOffered { by: SideName::White }));
    }
    // The offer stands through the offerer's own move...
    w.send(&mv(2, "b1c3")).await;
    assert_eq!(w.ack().await, 2);
    for ws in [&mut w, &mut b] {
        moved(ws.event().await);
    }
    // ...and lapses with the opponent's.
    b.send(&mv(2, "b10c8")).await;
    assert_eq!(b.ack().await, 2);
    for ws in [&mut w, &mut b] {
        moved(ws.event().await);
        assert_eq!(ws.event().await, Some(Event::DrawDeclined { by: SideName::Black }));
    }
    b.send(&ClientMessage::AcceptDraw {}).await;
    assert_eq!(b.error().await, (WireError::NoDrawOffer, None));
    b.send(&ClientMessage::DeclineDraw {}).await;
    assert_eq!(b.error().await, (WireError::NoDrawOffer, None));
    b.send(&ClientMessage::OfferDraw {}).await;
    for ws in [&mut w, &mut b] {
        assert_eq!(ws.event().await, Some(Event::DrawOffered { by: SideName::Black }));
    }
    w.send(&ClientMessage::DeclineDraw {}).await;
    for ws in [&mut w, &mut b] {
        assert_eq!(ws.event().await, Some(Event::DrawDeclined { by: SideName::White }));
    }
    b.send(&ClientMessage::OfferDraw {}).await;
    assert_eq!(w.event().await, Some(Event::DrawOffered { by: SideName::Black }));
    w.send(&ClientMessage::AcceptDraw {}).await;
    assert_eq!(b.event().await, Some(Event::DrawOffered { by: SideName::Black }));
    for ws in [&mut w, &mut b] {
        assert_eq!(ended(ws.event().await), ("draw".into(), None, "agreement".into()));
    }
    w.send(&ClientMessage::Resign {}).await;
    assert_eq!(w.error().await, (WireError::GameOver, None));

    // Resignation.
    let (white, black, id) = game(a, &options("friendly")).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    w.sync().await;
    b.sync().await;
    w.send(&ClientMessage::Resign {}).await;
    for ws in [&mut w, &mut b] {
        assert_eq!(
            ended(ws.event().await),
            ("win".into(), Some(SideName::Black), "resignation".into())
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_gone_too_long_can_be_claimed_against() {
    let s = TestServer::start(|s| s.gone_after = Duration::from_millis(600)).await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("xiangqi")).await;
    let mut w = join(a, &id, &white.token, None).await;
    let b = join(a, &id, &black.token, None).await;
    w.sync().await;
    // Wait until white is told black is here, then black leaves.
    loop {
        if let ServerMessage::Presence { black, .. } = w.next_presence().await
            && black.online
        {
            break;
        }
    }
    b.close().await;
    w.send(&ClientMessage::ClaimWin {}).await;
    assert_eq!(w.error().await, (WireError::NotClaimable, None));
    loop {
        if let ServerMessage::Presence { black, white } = w.next_presence().await {
            assert!(white.online && !white.claimable);
            if black.claimable {
                assert!(!black.online && black.gone_ms >= 600);
                break;
            }
        }
    }
    w.send(&ClientMessage::ClaimWin {}).await;
    assert_eq!(ended(w.event().await), ("win".into(), Some(SideName::White), "abandonment".into()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_move_not_made_in_time_aborts_the_game() {
    let s = TestServer::start(|s| s.first_move_timeout = Duration::from_secs(3)).await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("xiangqi")).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    w.sync().await;
    b.sync().await;
    // White moves in time; black does not.
    w.send(&mv(1, "h3e3")).await;
    assert_eq!(w.ack().await, 1);
    moved(w.event().await);
    moved(b.event().await);
    for ws in [&mut w, &mut b] {
        assert_eq!(ws.event().await, Some(Event::Aborted { by: None }));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_without_anyone_moving() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let body = r#"{"game":"xiangqi","clock":{"initial_ms":15000,"increment_ms":0}}"#;
    let (white, black, id) = game(a, body).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    let state = w.sync().await;
    assert_eq!(state.clock, Some(ClockState { white_ms: 15_000, black_ms: 15_000, running: None }));
    b.sync().await;
    w.send(&mv(1, "h3e3")).await;
    w.ack().await;
    for ws in [&mut w, &mut b] {
        let Some(Event::Move { clock, .. }) = ws.event().await else { panic!() };
        // No clock runs before each side's first move.
        assert_eq!(clock.unwrap().running, None);
    }
    b.send(&mv(1, "h8e8")).await;
    b.ack().await;
    let started = std::time::Instant::now();
    for ws in [&mut w, &mut b] {
        let Some(Event::Move { clock, .. }) = ws.event().await else { panic!() };
        assert_eq!(clock.unwrap().running, Some(SideName::White));
    }
    // White thinks for ever: the server ends the game when the flag falls.
    for ws in [&mut w, &mut b] {
        match ws.event().await {
            Some(Event::Ended { outcome, clock, .. }) => {
                assert_eq!(
                    (outcome.winner, outcome.reason.as_str()),
                    (Some(SideName::Black), "time")
                );
                let clock = clock.unwrap();
                assert_eq!((clock.white_ms, clock.running), (0, None));
                assert_eq!(clock.black_ms, 15_000);
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(started.elapsed() >= Duration::from_millis(14_000));
    w.send(&mv(2, "b1c3")).await;
    assert_eq!(w.error().await, (WireError::GameOver, Some(2)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_gets_the_missed_events_or_the_whole_state() {
    let s = TestServer::start(|s| s.kept_events = 3).await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("xiangqi")).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    w.sync().await;
    b.sync().await;
    w.send(&mv(1, "h3e3")).await;
    w.ack().await;
    moved(w.event().await);
    moved(b.event().await);
    b.send(&mv(1, "h8e8")).await;
    b.ack().await;
    moved(w.event().await);
    moved(b.event().await);
    let seen = b.version;
    assert_eq!(seen, 2);
    b.close().await;
    w.send(&mv(2, "b1c3")).await;
    w.ack().await;
    moved(w.event().await);
    w.send(&ClientMessage::OfferDraw {}).await;
    w.event().await;

    // Back with the last version it saw: exactly what it missed, in order.
    let mut b = join(a, &id, &black.token, Some(seen)).await;
    assert_eq!(moved(b.event().await), (3, "b1c3".into()));
    assert_eq!(b.event().await, Some(Event::DrawOffered { by: SideName::White }));
    assert_eq!(b.version, 4);
    // Its last move resent (the ack was lost with the connection): acknowledged, not
    // played again.
    b.send(&mv(1, "h8e8")).await;
    assert_eq!(b.ack().await, 1);
    b.send(&mv(2, "b10c8")).await;
    assert_eq!(b.ack().await, 2);
    assert_eq!(moved(b.event().await), (4, "b10c8".into()));
    assert_eq!(b.event().await, Some(Event::DrawDeclined { by: SideName::Black }));
    assert_eq!(b.version, 6);

    // A version from the future, and one older than what the game keeps: the whole state.
    let mut future = join(a, &id, &black.token, Some(999)).await;
    match future.next_game().await {
        ServerMessage::Sync { v, state } => assert_eq!((v, state.moves.len()), (6, 4)),
        other => panic!("{other:?}"),
    }
    let mut old = join(a, &id, &black.token, Some(1)).await;
    match old.next_game().await {
        ServerMessage::Sync { v, state } => {
            assert_eq!(v, 6);
            assert_eq!(state.moves, ["h3e3", "h8e8", "b1c3", "b10c8"]);
        }
        other => panic!("{other:?}"),
    }
    // Up to date: nothing but presence.
    let mut current = join(a, &id, &black.token, Some(6)).await;
    assert!(matches!(
        current.next().await,
        Some(ServerMessage::Presence { .. }) | Some(ServerMessage::Ping { .. })
    ));
    assert_eq!(current.version, 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_its_games() {
    let mut s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let body = r#"{"game":"xiangqi","clock":{"initial_ms":600000,"increment_ms":2000}}"#;
    let (white, black, id) = game(a, body).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    w.sync().await;
    b.sync().await;
    let plies = [("h3e3", 0), ("h8e8", 1), ("b1c3", 0)];
    let mut last_clock = None;
    for (i, (m, who)) in plies.iter().enumerate() {
        let ack = i as u32 + 1;
        let ws = if *who == 0 { &mut w } else { &mut b };
        ws.send(&mv(ack, m)).await;
        assert_eq!(ws.ack().await, ack);
        for ws in [&mut w, &mut b] {
            let Some(Event::Move { clock, .. }) = ws.event().await else { panic!() };
            last_clock = clock;
        }
    }
    let before = last_clock.unwrap();
    assert_eq!(before.running, Some(SideName::Black));
    let seen = b.version;

    s.restart().await;
    let a = s.addr();
    assert_eq!(s.server.as_ref().unwrap().live_games(), 1, "the game's owner is back");
    // The old sockets were closed by the stop.
    assert!(w.until_closed().await.iter().all(|m| !matches!(m, ServerMessage::Event { .. })));
    let mut b = join(a, &id, &black.token, Some(seen)).await;
    let mut w = join(a, &id, &white.token, Some(seen)).await;
    // Nothing was missed; black's clock resumed with the time it had.
    b.send(&mv(3, "h10g8")).await;
    assert_eq!(b.ack().await, 3);
    for ws in [&mut w, &mut b] {
        let Some(Event::Move { ply, clock, .. }) = ws.event().await else { panic!() };
        assert_eq!(ply, 4);
        assert_eq!(ws.version, seen + 1);
        let clock = clock.unwrap();
        assert_eq!(clock.white_ms, before.white_ms);
        // Black used a moment after the restart, not the time the server was down.
        let used = before.black_ms + 2000 - clock.black_ms;
        assert!(used < 5_000, "{used}");
    }
    // White's last move before the restart is still known as sent.
    w.send(&mv(3, "b1c3")).await;
    assert_eq!(w.ack().await, 3);
    w.send(&mv(4, "b10c8")).await;
    assert_eq!(w.error().await, (WireError::IllegalMove, Some(4)));
    let summary: GameSummary =
        http(a, "GET", &format!("/v1/games/{id}"), Some(&white.token), None).await.json();
    assert_eq!((summary.plies, summary.status), (4, Status::Started));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_swaps_colours_and_reaches_the_opponent_only() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("jieqi")).await;
    let watcher = account(a).await;
    let mut w = join(a, &id, &white.token, None).await;
    let mut b = join(a, &id, &black.token, None).await;
    let mut x = join(a, &id, &watcher.token, None).await;
    for ws in [&mut w, &mut b, &mut x] {
        ws.sync().await;
    }
    let path = format!("/v1/games/{id}/rematch");
    let early = http(a, "POST", &path, Some(&white.token), None).await;
    assert_eq!((early.status, early.code()), (400, "bad_request".into()));
    w.send(&ClientMessage::Resign {}).await;
    for ws in [&mut w, &mut b, &mut x] {
        ended(ws.event().await);
    }
    let outsider = http(a, "POST", &path, Some(&watcher.token), None).await;
    assert_eq!((outsider.status, outsider.code()), (403, "forbidden".into()));
    let offer = http(a, "POST", &path, Some(&white.token), None).await;
    assert_eq!(offer.status, 201, "{}", offer.body);
    let inv: Invitation = offer.json();
    assert_eq!(inv.options.colour, rodina_protocol::ColourChoice::Black);
    assert_eq!(
        b.event().await,
        Some(Event::Rematch { by: SideName::White, code: inv.code.clone() })
    );
    assert_eq!(
        w.event().await,
        Some(Event::Rematch { by: SideName::White, code: inv.code.clone() })
    );
    // The spectator gets the version, not the invitation.
    assert_eq!(x.event().await, None);
    assert_eq!(x.version, b.version);
    // Asked again, the same invitation; the opponent is told to accept it.
    let again: Invitation = http(a, "POST", &path, Some(&white.token), None).await.json();
    assert_eq!(again.code, inv.code);
    let theirs = http(a, "POST", &path, Some(&black.token), None).await;
    assert_eq!((theirs.status, theirs.code()), (409, "invitation_taken".into()));
    // A reconnecting player finds it in the state.
    let mut late = join(a, &id, &black.token, None).await;
    assert_eq!(late.sync().await.rematch, Some(inv.code.clone()));
    let accept = format!("/v1/invitations/{}/accept", inv.code);
    let stranger = http(a, "POST", &accept, Some(&watcher.token), None).await;
    assert_eq!(stranger.status, 403);
    let joined = http(a, "POST", &accept, Some(&black.token), None).await;
    assert_eq!(joined.status, 201, "{}", joined.body);
    let joined: Joined = joined.json();
    assert_eq!(joined.side, SideName::White);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_frames_get_typed_errors_and_touch_nobody_else() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("xiangqi")).await;
    let mut w = join(a, &id, &white.token, None).await;
    w.sync().await;

    // Before hello: only hello.
    let mut b = connect(a, &id, &black.token).await;
    b.send(&mv(1, "h8e8")).await;
    assert_eq!(b.error().await, (WireError::NotHello, None));
    b.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, last_version: None }).await;
    b.sync().await;
    for (frame, code) in [
        ("{\"t\":\"move\"".to_owned(), WireError::Malformed),
        ("{\"t\":\"dance\"}".to_owned(), WireError::Malformed),
        ("[1,2,3]".to_owned(), WireError::Malformed),
        (ClientMessage::Hello { protocol: 1, last_version: None }.encode(), WireError::NotHello),
    ] {
        b.send_text(frame).await;
        assert_eq!(b.error().await, (code, None));
    }
    b.send_message(Message::binary(vec![1, 2, 3])).await;
    assert_eq!(b.error().await, (WireError::Malformed, None));

    // Another protocol version: refused and closed.
    let mut old = connect(a, &id, &black.token).await;
    old.send(&ClientMessage::Hello { protocol: 99, last_version: None }).await;
    assert_eq!(old.error().await, (WireError::Protocol, None));
    old.until_closed().await;

    // A frame over the limit closes the socket before it is read.
    let mut big = join(a, &id, &black.token, None).await;
    big.sync().await;
    big.send_text(format!("{{\"t\":\"ping\",\"at\":1,\"x\":\"{}\"}}", "a".repeat(MAX_FRAME_BYTES)))
        .await;
    big.until_closed().await;
    assert!(big.closed);

    // A flood: refused over the rate, then closed.
    let mut flood = join(a, &id, &black.token, None).await;
    flood.sync().await;
    for i in 0..200 {
        flood.send(&ClientMessage::Ping { at: i }).await;
    }
    let seen = flood.until_closed().await;
    assert!(
        seen.iter().any(|m| matches!(m, ServerMessage::Error { code: WireError::RateLimited, .. }))
    );
    assert!(seen.iter().filter(|m| matches!(m, ServerMessage::Pong { .. })).count() <= 40);

    // The game and the other connections go on as before.
    w.send(&mv(1, "h3e3")).await;
    assert_eq!(w.ack().await, 1);
    assert_eq!(moved(w.event().await), (1, "h3e3".into()));
    assert_eq!(moved(b.event().await), (1, "h3e3".into()));
    b.send(&mv(1, "h8e8")).await;
    assert_eq!(b.ack().await, 1);
    assert_eq!(moved(w.event().await), (2, "h8e8".into()));

    // An upgrade without a token, and a game that does not exist, are refused as REST is.
    let no_token = http(a, "GET", &format!("/v1/games/{id}/live"), None, None).await;
    assert_eq!(no_token.status, 401);
    let nothing =
        http(a, "GET", "/v1/games/g00000000000000000000/live", Some(&white.token), None).await;
    assert_eq!(nothing.status, 404);
}
