//! A seeded property test of the server's message decoding: random text and mutations of
//! every valid message either decode into a message of the protocol (which encodes back to
//! itself) or give a typed error, never a panic; and over a real socket every refused frame
//! is answered with a typed error frame, and the game is untouched.
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap as tests do

mod support;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_protocol::{
    ClientMessage, DecodeError, MAX_FRAME_BYTES, MAX_MOVE_CHARS, ServerMessage, WireError,
};
use support::{TestServer, game, join, options};

/// Every message of the protocol, with fields drawn from `rng`.
fn valid(rng: &mut ChaCha8Rng) -> Vec<ClientMessage> {
    let mv: String = (0..rng.random_range(1..8)).map(|_| rng.random_range('a'..='j')).collect();
    vec![
        ClientMessage::Hello { protocol: rng.random(), last_version: Some(rng.random()) },
        ClientMessage::Hello { protocol: 1, last_version: None },
        ClientMessage::Move { ack: rng.random(), mv, lag_ms: Some(rng.random()) },
        ClientMessage::Resign {},
        ClientMessage::OfferDraw {},
        ClientMessage::AcceptDraw {},
        ClientMessage::DeclineDraw {},
        ClientMessage::Abort {},
        ClientMessage::ClaimWin {},
        ClientMessage::Ping { at: rng.random() },
        ClientMessage::Pong { at: rng.random() },
    ]
}

const PIECES: [&str; 16] = [
    "{",
    "}",
    "[",
    "]",
    "\"",
    ":",
    ",",
    "null",
    "-1",
    "1e400",
    "\"t\"",
    "\"move\"",
    "\\u0000",
    "18446744073709551616",
    "\"mv\"",
    "ž",
];

/// A text made from `base` by a few random edits.
fn mutate(base: &str, rng: &mut ChaCha8Rng) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for _ in 0..rng.random_range(1..4) {
        let at = rng.random_range(0..=chars.len());
        match rng.random_range(0..6) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 => chars.insert(at, char::from(rng.random_range(0x20u8..0x7f))),
            2 => {
                let piece = PIECES[rng.random_range(0..PIECES.len())];
                for (i, c) in piece.chars().enumerate() {
                    chars.insert(at + i, c);
                }
            }
            3 => chars.truncate(at),
            4 if at < chars.len() => {
                chars[at] = char::from_u32(rng.random_range(0..0x3000)).unwrap_or('?')
            }
            _ => {
                let copy: Vec<char> = chars[at..].to_vec();
                chars.extend(copy);
            }
        }
    }
    chars.into_iter().collect()
}

/// One random frame: raw bytes, a mutated message, or one of the shapes that stress a
/// parser (deep nesting, huge numbers, over-long moves, oversized frames).
fn frame(rng: &mut ChaCha8Rng) -> String {
    match rng.random_range(0..10) {
        0 => {
            let bytes: Vec<u8> = (0..rng.random_range(0..64)).map(|_| rng.random()).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        }
        1 => {
            let depth = rng.random_range(1..5000);
            format!("{}{}", "[".repeat(depth), "]".repeat(rng.random_range(0..=depth)))
        }
        2 => {
            let n = rng.random_range(MAX_MOVE_CHARS - 2..MAX_MOVE_CHARS + 3);
            format!(r#"{{"t":"move","ack":1,"mv":"{}"}}"#, "a".repeat(n))
        }
        3 if rng.random_bool(0.1) => {
            format!(r#"{{"t":"ping","at":1,"pad":"{}"}}"#, "x".repeat(MAX_FRAME_BYTES))
        }
        _ => {
            let all = valid(rng);
            let base = all[rng.random_range(0..all.len())].encode();
            if rng.random_bool(0.15) { base } else { mutate(&base, rng) }
        }
    }
}

#[test]
fn random_and_mutated_frames_decode_or_give_typed_errors() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let (mut ok, mut malformed, mut too_large) = (0, 0, 0);
    for _ in 0..30_000 {
        let text = frame(&mut rng);
        match ClientMessage::decode(&text) {
            Ok(m) => {
                ok += 1;
                assert_eq!(ClientMessage::decode(&m.encode()), Ok(m.clone()), "{text}");
                if let ClientMessage::Move { mv, .. } = &m {
                    assert!(!mv.is_empty() && mv.chars().count() <= MAX_MOVE_CHARS);
                }
            }
            Err(e @ DecodeError::TooLarge(n)) => {
                too_large += 1;
                assert!(n > MAX_FRAME_BYTES);
                assert_eq!(e.wire_error(), WireError::TooLarge);
            }
            Err(e @ DecodeError::Malformed(_)) => {
                malformed += 1;
                assert_eq!(e.wire_error(), WireError::Malformed);
                // What goes back to the client is bounded, whatever came in.
                assert!(e.to_string().len() <= 300, "{e}");
            }
        }
    }
    // The generator reaches every outcome.
    assert!(ok > 1000 && malformed > 10_000 && too_large > 10, "{ok} {malformed} {too_large}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_socket_answers_every_bad_frame_with_a_typed_error() {
    let s = TestServer::start(|s| {
        s.socket_rate =
            rodina_server::Rate { burst: 10_000, every: std::time::Duration::from_micros(1) };
    })
    .await;
    let a = s.addr();
    let (white, black, id) = game(a, &options("xiangqi")).await;
    // The other player's connection, which must see nothing of it all.
    let mut w = join(a, &id, &white.token, None).await;
    w.sync().await;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut errors = 0;
    let mut marker = 1_000_000u64;
    let mut b = join(a, &id, &black.token, None).await;
    b.sync().await;
    for _ in 0..400 {
        let text = frame(&mut rng);
        // What would change the game for good (a resignation, an offer, an abort) is left
        // out; black's moves are refused for the turn, a second hello as such.
        if matches!(
            ClientMessage::decode(&text),
            Ok(ClientMessage::Resign {} | ClientMessage::OfferDraw {} | ClientMessage::Abort {})
        ) {
            continue;
        }
        b.send_text(text).await;
        marker += 1;
        b.send(&ClientMessage::Ping { at: marker }).await;
        loop {
            match b.next().await {
                Some(ServerMessage::Pong { at }) if at == marker => break,
                Some(ServerMessage::Error { code, .. }) => {
                    errors += 1;
                    assert!(matches!(
                        code,
                        WireError::Malformed
                            | WireError::TooLarge
                            | WireError::NotHello
                            | WireError::NotYourTurn
                            | WireError::IllegalMove
                            | WireError::NoDrawOffer
                            | WireError::NotClaimable
                            | WireError::TooLateToAbort
                    ));
                }
                Some(ServerMessage::Event { .. }) => panic!("the game changed"),
                Some(_) => {}
                None => {
                    // Too many refused frames (or one too large): a new connection.
                    b = join(a, &id, &black.token, None).await;
                    b.sync().await;
                    break;
                }
            }
        }
    }
    // White's socket got no event: nothing black sent changed the game.
    w.send(&ClientMessage::Ping { at: 1 }).await;
    loop {
        match w.next().await {
            Some(ServerMessage::Pong { at: 1 }) => break,
            Some(ServerMessage::Event { .. } | ServerMessage::Sync { .. }) => {
                panic!("the game changed")
            }
            Some(_) => {}
            None => panic!("white's socket closed"),
        }
    }
    assert_eq!(w.version, 0);
    assert!(errors > 50, "{errors}");
}
