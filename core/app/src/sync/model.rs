//! What the screens show of sync: where it stands, how many results wait to be sent, and a
//! pairing code to type on another device.

use std::sync::Mutex;
use std::time::Instant;

use crate::sync::Merged;

/// Where progress sync stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyncState {
    /// Nothing running; the last sync (if any) went through.
    Idle,
    /// A sync is running.
    Syncing,
    /// The last sync could not reach the server; results wait on this device.
    Offline,
    /// The server asked for a pause: no sync before `until_ms` (Unix milliseconds).
    Waiting {
        /// When a sync may be tried again.
        until_ms: i64,
    },
    /// The account was signed out (its token revoked): sign in to sync again.
    SignedOut,
    /// The last sync failed for another reason (the server failed, an answer did not read).
    Failed,
}

/// Sync as the screens show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncStatus {
    /// Where it stands.
    pub state: SyncState,
    /// Results (attempts, scores, settings) waiting to be sent.
    pub pending: u32,
    /// When the last sync finished, Unix milliseconds.
    pub last_synced_ms: Option<i64>,
    /// What to show: "3 results wait to be sent", "Up to date", ...
    pub text: String,
}

/// What one sync did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SyncReport {
    /// Changes sent that changed the account's progress.
    pub sent: u32,
    /// Changes sent that the account had already (a push repeated after a lost answer).
    pub already_there: u32,
    /// Changes the server can never take (an unknown puzzle, an attempt of another account),
    /// no longer sent; they stay in this device's progress.
    pub dropped: u32,
    /// Changes pulled from the server.
    pub pulled: u32,
    /// What merging the pulled changes did.
    pub merged: Merged,
}

/// A pairing code to show, for another device to sign in to this account with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingView {
    /// The code, grouped to be read out (`K7M2-Q9XD`).
    pub code: String,
    /// When it stops working, Unix milliseconds.
    pub expires_at_ms: u64,
    /// What to show with it.
    pub text: String,
}

/// How sync stands in the service, between calls (not stored: after a restart the first
/// sync finds out afresh).
#[derive(Debug, Default)]
pub(crate) struct SyncRun {
    /// One sync at a time: a second waits for the first.
    pub(crate) lock: tokio::sync::Mutex<()>,
    pub(crate) state: Mutex<RunState>,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct RunState {
    pub(crate) state: SyncState,
    /// The server's `Retry-After`: no call before this.
    pub(crate) not_before: Option<(Instant, i64)>,
}

impl Default for RunState {
    fn default() -> RunState {
        RunState { state: SyncState::Idle, not_before: None }
    }
}
