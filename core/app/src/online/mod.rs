//! Online play with friends: the account on this device, invitations, and live games
//! against a Rodina server (`rodina serve`), over the protocol of `rodina-protocol`.
//!
//! Laid out as lichess-mobile lays out a feature: the [`model`] the screens draw, the
//! controller of one game (`session.rs`, a state machine with no I/O), the repository of
//! REST calls (`repository.rs`, reqwest), the live socket's loop (`connection.rs`,
//! tokio-tungstenite), the account's storage in the Store (`store.rs`), and the service that
//! orchestrates them ([`Online`]) on a tokio runtime the core owns.
//!
//! Changes reach the UI through a listener ([`OnlineListener`]) and a handle
//! ([`LiveGame`]) whose drop stops the game's network loop, as matrix-rust-sdk does it: the
//! Kotlin and Swift code renders what it is told and never runs a network loop of its own.

pub(crate) mod connection;
pub mod model;
pub(crate) mod repository;
pub(crate) mod service;
mod session;
pub(crate) mod store;
mod text;

pub use model::{
    AccountView, ClockView, ConnectionState, DealCheck, InvitationView, InviteOptions, JoinedGame,
    OfflineReason, OnlinePlayer, OnlineStatus, OnlineView, Rematch, SideChoice, TimeControl,
    invitation_code,
};
pub use service::{LiveGame, Online, WatchHandle};
pub(crate) use store::SCHEMA;
pub use store::StoredAccount;
pub use text::{
    OnlineLabel, connection as connection_text, online_error_text, online_label, online_title,
    side_choice_name, time_control_text,
};

/// Hears of an open game's changes: called on the core's network threads, never while the
/// game is locked (a listener may call back into the game).
pub trait OnlineListener: Send + Sync {
    /// The game changed (a move, an offer, the end, the connection): draw this.
    fn on_view(&self, view: OnlineView);
    /// A running clock's shown time changed (every second, every tenth under ten seconds).
    fn on_clock(&self, clock: ClockView);
}

/// Hears how the wait for a friend to accept an invitation goes.
pub trait InvitationListener: Send + Sync {
    /// The friend accepted: the game has started; open it.
    fn on_accepted(&self, game: String);
    /// The wait ended without a game (expired, gone, signed out): why, to show.
    fn on_ended(&self, problem: String);
    /// The server cannot be reached for now; the wait goes on. Why, to show.
    fn on_problem(&self, problem: String);
}

#[cfg(test)]
mod tests;
