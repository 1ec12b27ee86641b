//! `PROTOCOL.md` against the types: every JSON example in it parses as the protocol type its
//! block names (a block `json TYPE` holds one value, `jsonl TYPE` one value a line), the
//! socket's frames through the same decoding the server and the app use, and the Jieqi
//! example's deal and salt give its commitment. A JSON block without a type fails, so no
//! example goes untested.

use rodina_protocol::{
    ApiError, ClientMessage, ClockState, Credentials, Event, GameList, GameOptions, GameState,
    GameSummary, Health, Invitation, Joined, Me, NewAccount, Reveal, ServerMessage, SetName,
    SignIn, commitment,
};
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
            "Reveal" => exact::<Reveal>(text),
            "SetName" => parses::<SetName>(text),
            "SignIn" => parses::<SignIn>(text),
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
fn the_jieqi_example_keeps_its_commitment() {
    let all = examples();
    let reveal: Reveal = all
        .iter()
        .find(|(t, _)| t == "Reveal")
        .map(|(_, text)| serde_json::from_str(text).expect("the reveal"))
        .expect("a reveal example");
    let state: GameState = all
        .iter()
        .filter(|(t, _)| t == "GameState")
        .map(|(_, text)| serde_json::from_str::<GameState>(text).expect("a state"))
        .find(|s| s.commitment.is_some())
        .expect("a Jieqi state example");
    let committed = state.commitment.clone().expect("its commitment");
    assert_eq!(commitment(&reveal.deal, &reveal.salt), committed);
    assert!(DOCUMENT.contains(&committed));
    // The seat's start in the example is what the deal gives that seat.
    let seat = state.seat().expect("a seat");
    assert_eq!(
        rodina_protocol::verify_reveal(&committed, &reveal, seat, &state.start, &[], &[]),
        Ok(())
    );
}
