//! The wire protocol of Rodina's online play, shared by the client (`rodina-app`) and the
//! server (`rodina-server`): every REST body and every WebSocket message as a serde type, the
//! protocol's version, and the checks a receiver runs on what it reads.
//!
//! The protocol is documented in full, with a worked session, in `PROTOCOL.md` beside this
//! crate; the types here are its source of truth, and the document's examples are tested
//! against them.
//!
//! Untrusted text becomes a message only through [`ClientMessage::decode`] and
//! [`ServerMessage::decode`], which bound its size and report every failure as a
//! [`DecodeError`]; names (games, seats, outcomes) stay text on the wire and are read into
//! the rules' types by the `to_*` methods, each with a typed error.

mod commitment;
pub mod hlc;
mod live;
mod names;
mod rest;
mod sync;

pub use commitment::{
    DealError, Entitlement, Opening, Reveal, RevealError, SALT_BYTES, commit_deal, commitment,
    deal_points, entitlements, is_hex64, leaf, open_deal, verify_reveal, verify_reveal_record,
};
pub use live::{
    ClientMessage, ClockState, DecodeError, Event, GameState, MAX_MOVE_CHARS, Presence,
    ServerMessage, Status, WireError, WireOutcome,
};
pub use names::{
    AccountId, CODE_ALPHABET, CODE_CHARS, GameId, ID_ALPHABET, ID_CHARS, InviteCode, NameError,
    PASSWORD_MAX, PASSWORD_MIN, PairingCode, PlayerName, SideName,
};
pub use rest::{
    ApiError, ApiErrorCode, ClockSettings, ColourChoice, Credentials, GameList, GameOptions,
    GameSummary, Health, Invitation, Joined, Me, NewAccount, OptionsError, PlayerInfo, SetName,
    SignIn,
};
pub use sync::{
    AttemptChange, Change, ClaimPairing, CourseScoreChange, GameStanding, MAX_PULL_CHANGES,
    MAX_PUSH_BYTES, MAX_PUSH_CHANGES, MAX_SETTING_BYTES, PAIRING_LIFETIME_MS, Pairing, Pulled,
    Push, Pushed, SYNCED_SETTINGS, SettingChange, Standings, Synced,
};

/// The protocol's version: a client says which it speaks in its first message on a game's
/// socket ([`ClientMessage::Hello`]) and in the `Rodina-Protocol` header of every REST call;
/// a server that speaks another answers [`WireError::Protocol`] (or HTTP 426).
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest WebSocket text frame either side sends or accepts, in bytes: a full
/// [`ServerMessage::Sync`] of the longest game fits many times over; anything larger is
/// refused before it is parsed.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// The largest REST request body a server accepts, in bytes.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
