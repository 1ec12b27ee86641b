//! Progress that follows the player to another device: puzzle attempts, course scores and
//! settings synced through the account on a Rodina server (`core/protocol/PROTOCOL.md`,
//! "Progress sync").
//!
//! Offline first: every change is written to the Store together with a row in the outbox
//! (`store.rs`), so the player never waits for the network; [`Online::sync`] later pushes
//! the outbox and pulls what the account's other devices pushed, merging each kind by its
//! own rule (a union of attempts replayed in a fixed order, the best course score, the
//! latest setting by a hybrid logical clock). A push the server got but whose answer was
//! lost is simply sent again: the server changes nothing the second time.
//!
//! [`Online::sync`]: crate::online::Online::sync

mod model;
mod service;
mod store;

pub(crate) use model::SyncRun;
pub use model::{PairingView, SyncReport, SyncState, SyncStatus};
pub(crate) use store::{ENQUEUE_PROGRESS, SCHEMA, attempt_change, enqueue, score_change};
pub use store::{Merged, Outgoing, SyncPoint};

#[cfg(test)]
mod tests;
