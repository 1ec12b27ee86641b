//! `PROTOCOL.md` against the types: every JSON example in it parses as the protocol type its
//! block names (a block `json TYPE` holds one value, `jsonl TYPE` one value a line), the
//! socket's frames through the same decoding the server and the app use, and the Jieqi
//! example's openings give its commitment and check for each seat as the page says. A JSON
//! block without a type fails, so no example goes untested.

use rodina_protocol::{
    ApiError, ClaimPairing, ClientMessage, ClockState, Credentials, Event, GameList, GameOptions,
    GameState, GameSummary, Health, Invitation, Joined, Me, NewAccount, Opening, Pairing, Pulled,
    Push, Pushed, Reveal, RevealError, ServerMessage, SetName, SignIn, Standings, verify_reveal,
};
use rodina_rules::{Color, Seat};
use serde::Serialize;
use serde::de::DeserializeOwned;

const DOCUMENT: &str = include_str!("../PROTOCOL.md");

/// The document's JSON examples: (type, text) for each value.
fn examples() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut lines = DOCUMENT.lines();
    while let Some(line) = lines.next() {
        let Some(info) = line.strip_prefix("```") else { continue };
        let mut words = info.split_whitespace();
        let kind = words.next().unwrap_or("");
        if kind != "json" && kind != "jsonl" {
            // A fence that opens another language's block: skip to its end.
            if !kind.is_empty() {
                for l in lines.by_ref() {
                    if l.starts_with("```") {
                        break;
                    }
                }
            }
            continue;
        }
        let ty = words.next().unwrap_or_else(|| panic!("a JSON block names no type: {line}"));
        let mut body = Vec::new();
        for l in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push(l);
        }
        if kind == "json" {
            out.push((ty.to_owned(), body.join("\n")));
        } else {
            out.extend(
                body.iter()
                    .filter(|l| !l.trim().is_empty())
                    .map(|l| (ty.to_owned(), (*l).to_owned())),
            );
        }
    }
    out
}

fn parses<T: DeserializeOwned>(text: &str) -> Result<(), String> {
    serde_json::from_str::<T>(text).map(drop).map_err(|e| e.to_string())
}

/// A JSON value without its `null` members (absent and `null` mean the same).
fn without_nulls(v: serde_json::Value) -> serde_json::Value {
    match v {
        serde_json::Value::Object(m) => serde_json::Value::Object(
            m.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, without_nulls(v)))
                .collect(),
        ),
        serde_json::Value::Array(a) => a.into_iter().map(without_nulls).collect(),
        other => other,
    }
}

/// What the server sends parses, and writes back to the same JSON: an example cannot carry
/// a field the type does not have, even where a client would ignore it.
fn exact<T: DeserializeOwned + Serialize>(text: &str) -> Result<(), String> {
    let value: T = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let back = serde_json::to_value(&value).map_err(|e| e.to_string())?;
    let given: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if without_nulls(back) == without_nulls(given) {
        Ok(())
    } else {
        Err("the example has fields its type does not".into())
    }
}

#[test]
fn every_example_parses_as_its_type() {
    let all = examples();
    assert!(all.len() > 60, "only {} examples found", all.len());
    for (ty, text) in &all {
        let parsed = match ty.as_str() {
            "ClientMessage" => ClientMessage::decode(text).map(drop).map_err(|e| e.to_string()),
            "ServerMessage" => ServerMessage::decode(text)
                .map_err(|e| e.to_string())
                .and_then(|_| exact::<ServerMessage>(text)),
            "ApiError" => exact::<ApiError>(text),
            "ClockState" => exact::<ClockState>(text),
            "Credentials" => exact::<Credentials>(text),
            "Event" => exact::<Event>(text),
            "GameList" => exact::<GameList>(text),
            "GameOptions" => serde_json::from_str::<GameOptions>(text)
                .map_err(|e| e.to_string())
                .and_then(|o| o.to_new_game().map(drop).map_err(|e| e.to_string())),
            "GameState" => exact::<GameState>(text),
            "GameSummary" => exact::<GameSummary>(text),
            "Health" => exact::<Health>(text),
            "Invitation" => exact::<Invitation>(text),
            "Joined" => exact::<Joined>(text),
            "Me" => exact::<Me>(text),
            "NewAccount" => parses::<NewAccount>(text),
            "Opening" => exact::<Opening>(text),
            "Reveal" => exact::<Reveal>(text),
            "SetName" => parses::<SetName>(text),
            "SignIn" => parses::<SignIn>(text),
            "Push" => exact::<Push>(text),
            "Pushed" => exact::<Pushed>(text),
            "Pulled" => exact::<Pulled>(text),
            "Standings" => exact::<Standings>(text),
            "Pairing" => exact::<Pairing>(text),
            "ClaimPairing" => exact::<ClaimPairing>(text),
            other => Err(format!("no protocol type is called {other}")),
        };
        assert_eq!(parsed, Ok(()), "{ty}: {text}");
    }
}

#[test]
fn every_client_message_and_event_kind_has_an_example() {
    let all = examples();
    let has = |ty: &str, tag: &str| all.iter().any(|(t, text)| t == ty && text.contains(tag));
    for t in [
        "hello",
        "move",
        "resign",
        "offer_draw",
        "accept_draw",
        "decline_draw",
        "abort",
        "claim_win",
        "ping",
        "pong",
    ] {
        assert!(has("ClientMessage", &format!("\"t\":\"{t}\"")), "client message {t}");
    }
    for t in ["sync", "event", "ack", "error", "ping", "pong", "presence"] {
        assert!(has("ServerMessage", &format!("\"t\":\"{t}\"")), "server message {t}");
    }
    for k in ["move", "draw_offered", "draw_declined", "ended", "aborted", "rematch"] {
        assert!(has("Event", &format!("\"k\":\"{k}\"")), "event {k}");
    }
}

#[test]
fn the_jieqi_example_checks_for_each_seat_and_keeps_the_owners_secret() {
    let all = examples();
    let of =
        |ty: &'static str| all.iter().filter(move |(t, _)| t == ty).map(|(_, text)| text.as_str());
    let state: GameState = of("GameState")
        .map(|text| serde_json::from_str::<GameState>(text).expect("a state"))
        .find(|s| s.commitment.is_some())
        .expect("a Jieqi state example");
    let committed = state.commitment.clone().expect("its commitment");
    assert!(DOCUMENT.matches(committed.as_str()).count() >= 2, "the page names it");
    let black_reveal: Reveal =
        serde_json::from_str(of("Reveal").next().expect("a reveal example")).expect("a reveal");
    let red_h10: Opening =
        serde_json::from_str(of("Opening").next().expect("an opening example")).expect("opening");
    // The move as each seat got it: the capturer's text names the piece, the others' do not.
    let moves: Vec<String> = of("Event")
        .chain(of("ServerMessage"))
        .filter_map(|text| {
            let e = match ServerMessage::decode(text) {
                Ok(ServerMessage::Event { e: Some(e), .. }) => e,
                _ => serde_json::from_str::<Event>(text).ok()?,
            };
            match e {
                Event::Move { mv, .. } if mv.contains("x(") => Some(mv),
                _ => None,
            }
        })
        .collect();
    let red_move = moves.iter().find(|m| !m.ends_with("x(x)")).expect("red's text").clone();
    let black_move = moves.iter().find(|m| m.ends_with("x(x)")).expect("black's text").clone();
    // Red's reveal, from the full example's `ended` frame.
    let red_reveal = of("ServerMessage")
        .find_map(|text| match ServerMessage::decode(text) {
            Ok(ServerMessage::Event { e: Some(Event::Ended { reveal: Some(r), .. }), .. }) => {
                Some(r)
            }
            _ => None,
        })
        .expect("the full example's end with its reveal");
    let red = Seat::Player(Color::White);
    let black = Seat::Player(Color::Black);
    let check = |reveal: &Reveal, seat: Seat, mv: &str| {
        verify_reveal(&committed, reveal, seat, None, &state.start, &[mv.to_owned()])
    };
    assert_eq!(check(&black_reveal, black, &black_move), Ok(()));
    assert_eq!(check(&black_reveal, Seat::Spectator, &black_move), Ok(()));
    assert_eq!(check(&red_reveal, red, &red_move), Ok(()));
    // Red's opens everything; Black's gives leaves alone for its own side (h10, which Red
    // took face down, and the fourteen still face down, which would tell h10 by
    // elimination), and the same pieces and salts as Red's for Red's side.
    assert!(red_reveal.openings.iter().all(|o| o.leaf.is_none()));
    for (r, b) in red_reveal.openings.iter().zip(&black_reveal.openings) {
        let black_side = r.piece.as_deref().is_some_and(|p| p.chars().all(char::is_lowercase));
        assert_eq!(b.leaf.is_some(), black_side, "{}", r.point);
        if black_side {
            let piece = r.piece().expect("a piece");
            let point = rodina_rules::xiangqi::Square::parse(&r.point).expect("point");
            let salt = r.salt.as_deref().expect("salt");
            assert_eq!(b.leaf, Some(rodina_protocol::leaf(point, piece, salt)));
        }
        if r.point == "h10" {
            assert_eq!(r, &red_h10);
            assert!(b.piece.is_none() && b.salt.is_none());
            let leaf = b.leaf.clone().expect("black's leaf of h10");
            let salt = r.salt.clone().expect("the salt");
            let h10 = rodina_rules::xiangqi::Square::parse("h10").expect("point");
            let piece = red_h10.piece().expect("a piece");
            assert_eq!(rodina_protocol::leaf(h10, piece, &salt), leaf);
            assert!(DOCUMENT.contains(&format!("`h10 b {salt}`")), "the leaf's text is shown");
            assert!(DOCUMENT.contains(&format!("`{leaf}`")), "the leaf is shown");
        } else if !black_side {
            assert_eq!(r, b);
        }
    }
    // Black may not be given what Red took, nor what would tell it; Red may not be
    // refused it.
    assert_eq!(
        check(&red_reveal, black, &black_move),
        Err(RevealError::Overshared { point: "a10".into() })
    );
    let mut h10_sealed = red_reveal.clone();
    for (o, b) in h10_sealed.openings.iter_mut().zip(&black_reveal.openings) {
        if o.point == "h10" {
            *o = b.clone();
        }
    }
    assert_eq!(
        check(&h10_sealed, red, &red_move),
        Err(RevealError::Withheld { point: "h10".into() })
    );
}
