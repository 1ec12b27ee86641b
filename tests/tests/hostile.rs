//! What no well-behaved client sends, over raw sockets and raw HTTP to the real server:
//! moves of the wrong seat and out of turn, a spectator's move, a resent move, frames that
//! are no JSON or no message, an unknown message, a binary frame, a second hello, a wrong
//! protocol, an oversized frame, a flood of refused frames, bad REST calls. Each is answered
//! as PROTOCOL.md says (a typed error frame, or a closed socket with its code), the game is
//! unchanged, and the other connections see nothing of it.

use std::time::Duration;

use reqwest::Method;
use rodina_e2e::rest::Rest;
use rodina_e2e::server::ServerProcess;
use rodina_e2e::socket::{connect, join};
use rodina_e2e::table::{BLACK, SPECTATOR, Table, WHITE};
use rodina_protocol::{ClientMessage, Event, PROTOCOL_VERSION, ServerMessage, Status, WireError};
use tokio_tungstenite::tungstenite::Message;

/// How long the other sockets are watched for anything they should not get.
const QUIET: Duration = Duration::from_millis(300);

fn mv(ack: u32, text: &str) -> ClientMessage {
    ClientMessage::Move { ack, mv: text.to_owned(), lag_ms: None }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_moves_and_bad_frames_leave_the_game_and_the_others_alone() {
    // The socket rate is raised so that the frames below are refused for what they are,
    // not for their number.
    let server = ServerProcess::start(&["--socket-rate", "1000"]).expect("the server starts");
    let addr = server.addr();
    let mut t = Table::new(addr, "xiangqi").await.expect("a game");
    let mut refused = 0;

    // Out of turn: Black moves first.
    let black = t.socket(BLACK).expect("black");
    black.send(&mv(1, "h8e8")).await.expect("send");
    assert_eq!(black.error().await.expect("error"), (WireError::NotYourTurn, Some(1)));
    refused += 1;
    // The wrong seat's piece: White moves a black cannon.
    let white = t.socket(WHITE).expect("white");
    white.send(&mv(1, "h8e8")).await.expect("send");
    assert_eq!(white.error().await.expect("error"), (WireError::IllegalMove, Some(1)));
    refused += 1;
    // A spectator may not move, nor resign.
    let spectator = t.socket(SPECTATOR).expect("spectator");
    spectator.send(&mv(1, "h3e3")).await.expect("send");
    assert_eq!(spectator.error().await.expect("error"), (WireError::NotAPlayer, Some(1)));
    spectator.send(&ClientMessage::Resign {}).await.expect("send");
    assert_eq!(spectator.error().await.expect("error").0, WireError::NotAPlayer);
    refused += 2;
    // Frames that are no message: not JSON, an unknown message, an unknown field (on a
    // resignation, which must not happen), a move of 129 characters, a binary frame; and a
    // second hello.
    let white = t.socket(WHITE).expect("white");
    for text in [
        r#"{"t":"move","ack":"#.to_owned(),
        r#"{"t":"dance","steps":3}"#.to_owned(),
        r#"{"t":"resign","please":true}"#.to_owned(),
        format!(r#"{{"t":"move","ack":1,"mv":"{}"}}"#, "a".repeat(129)),
    ] {
        white.send_text(&text).await.expect("send");
        assert_eq!(white.error().await.expect("error").0, WireError::Malformed, "{text}");
    }
    white.send_raw(Message::binary(vec![1u8, 2, 3])).await.expect("send");
    assert_eq!(white.error().await.expect("error").0, WireError::Malformed);
    white
        .send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, last_version: None })
        .await
        .expect("send");
    assert_eq!(white.error().await.expect("error").0, WireError::NotHello);
    refused += 6;
    // Still open and still answering: a ping gets its pong.
    white.send(&ClientMessage::Ping { at: 77 }).await.expect("send");
    let mut pong = None;
    for _ in 0..100 {
        match white.next().await.expect("a frame") {
            Some(ServerMessage::Pong { at }) => {
                pong = Some(at);
                break;
            }
            Some(ServerMessage::Ping { .. } | ServerMessage::Presence { .. }) => {}
            other => panic!("a pong, got {other:?}"),
        }
    }
    assert_eq!(pong, Some(77), "the socket still answers");
    // Nobody else heard of any of it, and the game has not moved.
    for i in [BLACK, SPECTATOR] {
        t.socket(i).expect("socket").nothing_more(QUIET).await.expect("nothing for the others");
    }
    let summary = t.rest.summary(&t.seats[WHITE].token, &t.game).await.expect("summary");
    assert_eq!((summary.status, summary.plies), (Status::Started, 0));

    // A legal move, then the same move resent (same ack, same text, as after a reconnect):
    // acknowledged again, played once.
    t.play("h3e3", &[WHITE, BLACK, SPECTATOR]).await.expect("ply 1");
    let white = t.socket(WHITE).expect("white");
    white.send(&mv(1, "h3e3")).await.expect("send");
    assert_eq!(white.ack().await.expect("the ack again"), 1);
    white.nothing_more(QUIET).await.expect("no second event");
    // Out of turn again, now for White; and Black moving a red piece on its own turn.
    white.send(&mv(2, "b1c3")).await.expect("send");
    assert_eq!(white.error().await.expect("error"), (WireError::NotYourTurn, Some(2)));
    let black = t.socket(BLACK).expect("black");
    black.send(&mv(2, "a1a2")).await.expect("send");
    assert_eq!(black.error().await.expect("error"), (WireError::IllegalMove, Some(2)));
    refused += 2;

    // Another of White's sockets refused ten times is closed (policy); the game goes on.
    let mut noisy = join(addr, &t.game, &t.seats[WHITE].token, Some(1)).await.expect("socket");
    for _ in 0..10 {
        noisy.send_text("not json").await.expect("send");
    }
    let seen = noisy.until_closed(50).await.expect("closed");
    assert_eq!(noisy.closed, Some(Some(1008)), "closed for refusals: {seen:?}");
    // A hello of another protocol: an error and a close (policy).
    let mut old = connect(addr, &t.game, &t.seats[BLACK].token).await.expect("socket");
    old.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION + 1, last_version: None })
        .await
        .expect("send");
    let seen = old.until_closed(10).await.expect("closed");
    assert!(
        matches!(seen.first(), Some(ServerMessage::Error { code: WireError::Protocol, .. })),
        "{seen:?}"
    );
    assert_eq!(old.closed, Some(Some(1008)));
    // A message before hello: refused.
    let mut rude = connect(addr, &t.game, &t.seats[BLACK].token).await.expect("socket");
    rude.send(&mv(2, "h8e8")).await.expect("send");
    assert_eq!(rude.error().await.expect("error").0, WireError::NotHello);
    rude.close().await;

    // The players' first sockets are unaffected: the game goes on, everyone sees Black's
    // move, and nothing else but presence reached them.
    t.play("h8e8", &[WHITE, BLACK, SPECTATOR]).await.expect("ply 2 after it all");
    for i in [WHITE, BLACK, SPECTATOR] {
        let s = t.socket(i).expect("socket");
        s.nothing_more(QUIET).await.expect("nothing else");
        assert_eq!(s.version, 2);
    }
    let summary = t.rest.summary(&t.seats[WHITE].token, &t.game).await.expect("summary");
    assert_eq!((summary.status, summary.plies), (Status::Started, 2));
    assert_eq!(t.seats[SPECTATOR].record.moves, ["h3e3", "h8e8"]);
    // The resignation with an unknown field did not resign: White resigns now, for real.
    t.socket(WHITE).expect("white").send(&ClientMessage::Resign {}).await.expect("send");
    for i in [WHITE, BLACK, SPECTATOR] {
        match t.socket(i).expect("socket").event().await.expect("the end") {
            (3, Some(Event::Ended { outcome, .. })) => assert_eq!(outcome.reason, "resignation"),
            other => panic!("{other:?}"),
        }
    }
    // After the end: a move is refused as game over.
    let black = t.socket(BLACK).expect("black");
    black.send(&mv(3, "b10c8")).await.expect("send");
    assert_eq!(black.error().await.expect("error"), (WireError::GameOver, Some(3)));
    refused += 1;
    eprintln!(
        "hostile: {refused} refused messages, 2 sockets closed by the server, the game unchanged"
    );
}

/// A REST call and its expected answer: method, path, token, body, status, error code.
type Case<'a> = (Method, &'a str, Option<&'a str>, Option<String>, u16, &'a str);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_rest_calls_get_typed_errors() {
    let server = ServerProcess::start(&[]).expect("the server starts");
    let rest = Rest::new(server.addr(), None).expect("rest");
    let me = rest.account().await.expect("account");
    let code = |a: &rodina_e2e::rest::Answer| {
        a.json::<serde_json::Value>().ok().and_then(|v| v["code"].as_str().map(str::to_owned))
    };
    let cases: [Case; 6] = [
        (
            Method::POST,
            "/v1/invitations",
            Some(&me.token),
            Some("{not json".into()),
            400,
            "bad_request",
        ),
        (
            Method::POST,
            "/v1/invitations",
            Some(&me.token),
            Some(r#"{"game":"checkers"}"#.into()),
            400,
            "bad_request",
        ),
        (
            Method::POST,
            "/v1/invitations",
            Some(&me.token),
            Some(format!(r#"{{"game":"{}"}}"#, "x".repeat(20_000))),
            413,
            "too_large",
        ),
        (Method::GET, "/v1/me", Some("not-a-token"), None, 401, "unauthorized"),
        (Method::GET, "/v1/games/g0000000000000000000", Some(&me.token), None, 404, "not_found"),
        (Method::POST, "/v1/invitations/ZZZZZZZZ/accept", Some(&me.token), None, 404, "not_found"),
    ];
    for (method, path, token, body, status, expected) in cases {
        let a = rest.call(method, path, token, body).await.expect("an answer");
        assert_eq!((a.status, code(&a).as_deref()), (status, Some(expected)), "{path}: {}", a.body);
    }
    // A socket without a token is refused before the upgrade.
    let a = rest
        .call(Method::GET, "/v1/games/g0000000000000000000/live", None, None)
        .await
        .expect("answer");
    assert_eq!(a.status, 401, "{}", a.body);
    eprintln!("hostile: bad REST calls answered with their typed errors");
}

/// PROTOCOL.md: "a frame over 64 KiB: `too_large` ... closes (1009)".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_frame_closes_only_its_socket_with_1009() {
    let server = ServerProcess::start(&["--socket-rate", "1000"]).expect("the server starts");
    let addr = server.addr();
    let mut t = Table::new(addr, "jesonmor").await.expect("a game");
    // A second socket of White's (a second device) sends a frame over the limit.
    let mut big =
        join(addr, &t.game, &t.seats[WHITE].token, Some(0)).await.expect("a second socket");
    big.next_presence().await.expect("presence");
    let sent =
        big.send_text(&format!(r#"{{"t":"ping","at":0,"pad":"{}"}}"#, "x".repeat(70 * 1024))).await;
    assert!(sent.is_ok(), "the frame is read whole, not cut off: {sent:?}");
    let seen = big.until_closed(50).await.expect("closed");
    // The other sockets and the game go on.
    t.play("b1c3", &[WHITE, BLACK, SPECTATOR]).await.expect("a move after it");
    let summary = t.rest.summary(&t.seats[WHITE].token, &t.game).await.expect("summary");
    assert_eq!(summary.plies, 1);
    // The typed error comes first (the server's pings come when they are due).
    let first = seen.iter().find(|m| !matches!(m, ServerMessage::Ping { .. }));
    assert!(
        matches!(first, Some(ServerMessage::Error { code: WireError::TooLarge, .. })),
        "the too_large error: {seen:?} (send: {sent:?}; {:?})",
        big.broken
    );
    // Then the close with 1009, not a reset: the server reads a frame of up to four times
    // the limit whole, so nothing unread is left to make the system reset the connection.
    assert_eq!(
        big.closed,
        Some(Some(1009)),
        "closed as too large with 1009, not {:?} ({:?})",
        big.closed,
        big.broken
    );
}
