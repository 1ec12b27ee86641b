//! A live game's WebSocket: what the client sends ([`ClientMessage`]) and what the server
//! sends ([`ServerMessage`]), one JSON object per text frame, tagged by `"t"`.
//!
//! Every change of a game is an event with a version, numbered from 1 per game without gaps.
//! Every seat (both players and every spectator) gets every version: the event as that seat
//! may know it, or the version alone where it may know nothing of it. A client that
//! reconnects says the last version it saw ([`ClientMessage::Hello`]) and gets what it
//! missed, or the whole state again ([`ServerMessage::Sync`]).

use rodina_rules::{Color, DrawReason, Outcome, Seat, WinReason};
use serde::{Deserialize, Serialize};

use crate::{GameId, GameOptions, InviteCode, MAX_FRAME_BYTES, PlayerInfo, Reveal, SideName};

/// Longest move text a client may send (the longest Friendly chess chain is far shorter).
pub const MAX_MOVE_CHARS: usize = 128;

/// A message from the client on a game's socket. (The variants without fields are written
/// `{}` so that serde refuses unknown fields on them too.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message on every socket: the protocol the client speaks and the last
    /// version it saw of this game (none on a first connection). The server answers with
    /// the missed events, or a [`ServerMessage::Sync`].
    Hello {
        /// [`crate::PROTOCOL_VERSION`].
        protocol: u32,
        /// The last event version the client applied.
        #[serde(default)]
        last_version: Option<u64>,
    },
    /// A move, in the game's coordinate text as the rules read it (Friendly chess chains
    /// with `>`, promotions with `=`; a Jieqi reveal is sent bare: the server knows what it
    /// shows). Answered by [`ServerMessage::Ack`] with the same `ack`, then the move's event;
    /// a refused move by [`ServerMessage::Error`] with the `ack`.
    Move {
        /// The client's number for this message, echoed in the answer; a move resent after a
        /// reconnect with the same number is played once.
        ack: u32,
        /// The move.
        mv: String,
        /// The client's measured network delay, in milliseconds: the server credits at most
        /// the round trip it measured itself.
        #[serde(default)]
        lag_ms: Option<u32>,
    },
    /// Resigns the game.
    Resign {},
    /// Offers a draw (or accepts the opponent's, if one stands).
    OfferDraw {},
    /// Accepts the opponent's draw offer.
    AcceptDraw {},
    /// Declines the opponent's draw offer.
    DeclineDraw {},
    /// Aborts the game: only before each side has made its first move; no result.
    Abort {},
    /// Claims the win when the opponent has been gone longer than the server allows
    /// ([`Presence::claimable`]).
    ClaimWin {},
    /// The client's keep-alive: answered by [`ServerMessage::Pong`] with the same `at`.
    Ping {
        /// The client's clock, in milliseconds (echoed: the client measures the round trip).
        at: u64,
    },
    /// The answer to the server's [`ServerMessage::Ping`], with its `at`.
    Pong {
        /// The server's `at`, echoed.
        at: u64,
    },
}

/// A message from the server on a game's socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The whole game as this seat may know it, at version `v`: after a first
    /// [`ClientMessage::Hello`], or when the missed events are no longer kept.
    Sync {
        /// The version the state is at.
        v: u64,
        /// The state.
        state: Box<GameState>,
    },
    /// The event of version `v`, as this seat may know it; `e` is absent where the seat may
    /// know nothing of it (the version still counts).
    Event {
        /// The version.
        v: u64,
        /// The event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        e: Option<Event>,
    },
    /// The client's message `ack` was taken.
    Ack {
        /// The client's number.
        ack: u32,
    },
    /// The client's message was refused, or the socket is about to close.
    Error {
        /// What went wrong.
        code: WireError,
        /// For people reading logs (English).
        detail: String,
        /// The refused message's number, for a refused move.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ack: Option<u32>,
    },
    /// The server's keep-alive and round-trip probe: answer with [`ClientMessage::Pong`].
    Ping {
        /// The server's clock, in milliseconds.
        at: u64,
    },
    /// The answer to [`ClientMessage::Ping`].
    Pong {
        /// The client's `at`, echoed.
        at: u64,
    },
    /// Who is connected (not versioned: it is not part of the game, and the latest is all
    /// that counts).
    Presence {
        /// The first player.
        white: Presence,
        /// The second player.
        black: Presence,
    },
}

/// A game's whole state as one seat may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    /// The game.
    pub game: GameId,
    /// Its options, the colour choice resolved: `colour` is the inviting player's side as
    /// drawn (`white` or `black`).
    pub options: GameOptions,
    /// The first player.
    pub white: PlayerInfo,
    /// The second player.
    pub black: PlayerInfo,
    /// Whose state this is: `white`, `black` or `spectator`.
    pub seat: String,
    /// The start as this seat holds it: the game's FEN (for Jieqi, the seat's view FEN).
    pub start: String,
    /// The moves as this seat's record writes them (for Jieqi, with what each showed to
    /// this seat).
    pub moves: Vec<String>,
    /// Where the game stands.
    pub status: Status,
    /// How it ended, once it has.
    pub outcome: Option<WireOutcome>,
    /// The clocks, for a game with a clock.
    pub clock: Option<ClockState>,
    /// A standing draw offer, and by whom.
    pub draw_offer: Option<SideName>,
    /// Jieqi: the commitment to the deal, published at the start (see [`crate::commitment`]).
    pub commitment: Option<String>,
    /// Jieqi, once the game is over (ended or aborted): the deal opened as far as this seat
    /// may know it, for [`crate::verify_reveal`].
    pub reveal: Option<Reveal>,
    /// A rematch the opponent offered, once the game is over: the invitation to accept.
    pub rematch: Option<InviteCode>,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Being played.
    Started,
    /// Over, with an outcome.
    Ended,
    /// Aborted before each side had moved: no result.
    Aborted,
}

/// A change of a game, as one seat may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// A move, as this seat's record writes it (Jieqi: with what it showed to this seat).
    Move {
        /// Its number in the game, from 1.
        ply: u32,
        /// The move.
        mv: String,
        /// The clocks after it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockState>,
    },
    /// A draw was offered.
    DrawOffered {
        /// By whom.
        by: SideName,
    },
    /// The standing draw offer was declined (or lapsed with a move).
    DrawDeclined {
        /// By whom.
        by: SideName,
    },
    /// The game ended.
    Ended {
        /// How.
        outcome: WireOutcome,
        /// The clocks at the end.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<ClockState>,
        /// Jieqi: the deal opened as far as this seat may know it (no seat learns the
        /// identity of a face-down piece captured without its being shown it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reveal: Option<Reveal>,
    },
    /// The game was aborted before each side had moved.
    Aborted {
        /// By whom; none when the server aborted it (a first move not made in time).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<SideName>,
    },
    /// The opponent offered a rematch: the invitation to accept.
    Rematch {
        /// By whom.
        by: SideName,
        /// The invitation of the new game, colours swapped.
        code: InviteCode,
    },
}

/// The clocks at an event: each side's time left, and whose clock runs from then on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockState {
    /// The first player's time left, in milliseconds.
    pub white_ms: u64,
    /// The second player's.
    pub black_ms: u64,
    /// Whose clock runs (none before both sides' first moves, and at the end).
    pub running: Option<SideName>,
}

/// How a game ended, on the wire.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireOutcome {
    /// `win` or `draw`.
    pub result: String,
    /// The winner, for a win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<SideName>,
    /// The reason, in the rules' stable snake_case words (`checkmate`, `resignation`,
    /// `time`, `agreement`, ...).
    pub reason: String,
}

impl From<Outcome> for WireOutcome {
    fn from(o: Outcome) -> WireOutcome {
        WireOutcome {
            result: o.kind_str().to_owned(),
            winner: o.winner().map(SideName::from),
            reason: o.reason_str().to_owned(),
        }
    }
}

impl WireOutcome {
    /// The rules' outcome, if the text names one.
    pub fn to_outcome(&self) -> Option<Outcome> {
        match (self.result.as_str(), self.winner) {
            ("win", Some(w)) => {
                let reason = WinReason::ALL.into_iter().find(|r| r.as_str() == self.reason)?;
                Some(Outcome::Win { winner: Color::from(w), reason })
            }
            ("draw", None) => {
                let reason = DrawReason::ALL.into_iter().find(|r| r.as_str() == self.reason)?;
                Some(Outcome::Draw { reason })
            }
            _ => None,
        }
    }
}

/// A player's connection, as the opponent is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Presence {
    /// Whether the player has a socket open on the game.
    pub online: bool,
    /// How long they have been gone, in milliseconds (0 while online).
    pub gone_ms: u64,
    /// Whether their opponent may now claim the win ([`ClientMessage::ClaimWin`]).
    pub claimable: bool,
}

/// Why the server refused a message, or closes the socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WireError {
    /// The client speaks another protocol version (the socket closes).
    Protocol,
    /// The frame is not JSON, or no message of the protocol (the socket closes after a few).
    Malformed,
    /// The frame is larger than [`MAX_FRAME_BYTES`] (the socket closes).
    TooLarge,
    /// The first message was not [`ClientMessage::Hello`], or a second one came.
    NotHello,
    /// The seat plays no side: a spectator cannot move, resign, offer or claim.
    NotAPlayer,
    /// It is the other side's move.
    NotYourTurn,
    /// The move is not legal here (or not a move at all).
    IllegalMove,
    /// The game is over.
    GameOver,
    /// No draw offer of the opponent's stands.
    NoDrawOffer,
    /// Each side has moved: too late to abort.
    TooLateToAbort,
    /// The opponent is connected, or has not been gone long enough to claim the win.
    NotClaimable,
    /// Too many messages: slow down (the socket closes if it goes on).
    RateLimited,
    /// The server failed; the message may be sent again.
    Internal,
}

/// Why a text frame is no message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Larger than [`MAX_FRAME_BYTES`].
    #[error("a frame of {0} bytes is larger than the protocol allows")]
    TooLarge(usize),
    /// Not JSON, or not a message of the protocol.
    #[error("not a message of the protocol: {0}")]
    Malformed(String),
}

impl DecodeError {
    /// The wire error this decoding failure is answered with.
    pub fn wire_error(&self) -> WireError {
        match self {
            DecodeError::TooLarge(_) => WireError::TooLarge,
            DecodeError::Malformed(_) => WireError::Malformed,
        }
    }
}

fn decode<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DecodeError> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(DecodeError::TooLarge(text.len()));
    }
    serde_json::from_str(text).map_err(|e| {
        // serde's message may quote the input: keep the report short.
        let mut m = e.to_string();
        m.truncate(200);
        DecodeError::Malformed(m)
    })
}

impl ClientMessage {
    /// Reads a client's text frame: bounded in size, strict in shape (unknown messages and
    /// fields are refused), and with a move text of at most [`MAX_MOVE_CHARS`].
    pub fn decode(text: &str) -> Result<ClientMessage, DecodeError> {
        let m: ClientMessage = decode(text)?;
        if let ClientMessage::Move { mv, .. } = &m
            && (mv.is_empty() || mv.chars().count() > MAX_MOVE_CHARS)
        {
            return Err(DecodeError::Malformed("a move of 1 to 128 characters".into()));
        }
        Ok(m)
    }

    /// The frame's text.
    pub fn encode(&self) -> String {
        // Serializing these types cannot fail: every field is a string, number or enum.
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMessage {
    /// Reads a server's text frame, bounded in size.
    pub fn decode(text: &str) -> Result<ServerMessage, DecodeError> {
        decode(text)
    }

    /// The frame's text.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl GameState {
    /// The seat whose state this is, if the text names one.
    pub fn seat(&self) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.name() == self.seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_read_back_and_bad_frames_are_typed_errors() {
        let all = [
            ClientMessage::Hello { protocol: 1, last_version: Some(7) },
            ClientMessage::Move { ack: 3, mv: "h3e3".into(), lag_ms: Some(40) },
            ClientMessage::Resign {},
            ClientMessage::OfferDraw {},
            ClientMessage::AcceptDraw {},
            ClientMessage::DeclineDraw {},
            ClientMessage::Abort {},
            ClientMessage::ClaimWin {},
            ClientMessage::Ping { at: 5 },
            ClientMessage::Pong { at: 6 },
        ];
        for m in all {
            assert_eq!(ClientMessage::decode(&m.encode()), Ok(m));
        }
        assert_eq!(
            ClientMessage::encode(&ClientMessage::Move { ack: 1, mv: "a1a2".into(), lag_ms: None }),
            r#"{"t":"move","ack":1,"mv":"a1a2","lag_ms":null}"#
        );
        assert_eq!(
            ClientMessage::decode(r#"{"t":"hello","protocol":1}"#),
            Ok(ClientMessage::Hello { protocol: 1, last_version: None })
        );
        for bad in [
            "",
            "null",
            "{}",
            r#"{"t":"dance"}"#,
            r#"{"t":"move","ack":1}"#,
            r#"{"t":"move","ack":-1,"mv":"a1a2"}"#,
            r#"{"t":"move","ack":1,"mv":""}"#,
            r#"{"t":"resign","extra":1}"#,
            r#"{"t":"hello","protocol":"1"}"#,
            "\u{0}",
        ] {
            assert!(
                matches!(ClientMessage::decode(bad), Err(DecodeError::Malformed(_))),
                "{bad:?}"
            );
        }
        let long_move = format!(r#"{{"t":"move","ack":1,"mv":"{}"}}"#, "a".repeat(129));
        assert!(matches!(ClientMessage::decode(&long_move), Err(DecodeError::Malformed(_))));
        let huge = format!(r#"{{"t":"ping","at":1,"x":"{}"}}"#, "a".repeat(MAX_FRAME_BYTES));
        assert_eq!(ClientMessage::decode(&huge), Err(DecodeError::TooLarge(huge.len())));
    }

    #[test]
    fn outcomes_cross_the_wire_both_ways() {
        let all = WinReason::ALL
            .into_iter()
            .flat_map(|reason| {
                [Color::White, Color::Black].map(|winner| Outcome::Win { winner, reason })
            })
            .chain(DrawReason::ALL.into_iter().map(|reason| Outcome::Draw { reason }));
        for o in all {
            assert_eq!(WireOutcome::from(o).to_outcome(), Some(o));
        }
        let bad = WireOutcome { result: "win".into(), winner: None, reason: "checkmate".into() };
        assert_eq!(bad.to_outcome(), None);
        let json = serde_json::to_string(&WireOutcome::from(Outcome::Draw {
            reason: DrawReason::Agreement,
        }))
        .unwrap();
        assert_eq!(json, r#"{"result":"draw","reason":"agreement"}"#);
    }

    #[test]
    fn an_event_a_seat_may_not_know_is_its_version_alone() {
        assert_eq!(ServerMessage::Event { v: 9, e: None }.encode(), r#"{"t":"event","v":9}"#);
        let m = ServerMessage::Event {
            v: 10,
            e: Some(Event::Move { ply: 3, mv: "h3e3".into(), clock: None }),
        };
        assert_eq!(m.encode(), r#"{"t":"event","v":10,"e":{"k":"move","ply":3,"mv":"h3e3"}}"#);
        assert_eq!(ServerMessage::decode(&m.encode()), Ok(m));
    }
}
