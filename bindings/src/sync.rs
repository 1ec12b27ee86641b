//! Progress sync through the account on the server (`rodina_app::sync`): the status the
//! screens show (with how many results wait to be sent), a sync, and the pairing code that
//! signs a second device in.

use rodina_app::sync;

use crate::RodinaError;
use crate::online::{OnlineAccount, OnlinePlay};

/// Where progress sync stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum SyncState {
    /// Nothing running; the last sync (if any) went through.
    Idle,
    /// A sync is running.
    Syncing,
    /// The server could not be reached; results wait on this device.
    Offline,
    /// The server asked for a pause: no sync before `until_ms` (Unix milliseconds).
    Waiting {
        /// When a sync may be tried again.
        until_ms: i64,
    },
    /// The account was signed out: sign in to sync again.
    SignedOut,
    /// The last sync failed for another reason; it is tried again later.
    Failed,
}

impl From<sync::SyncState> for SyncState {
    fn from(s: sync::SyncState) -> Self {
        match s {
            sync::SyncState::Idle => SyncState::Idle,
            sync::SyncState::Syncing => SyncState::Syncing,
            sync::SyncState::Offline => SyncState::Offline,
            sync::SyncState::Waiting { until_ms } => SyncState::Waiting { until_ms },
            sync::SyncState::SignedOut => SyncState::SignedOut,
            sync::SyncState::Failed => SyncState::Failed,
        }
    }
}

/// Sync as the screens show it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SyncStatus {
    /// Where it stands.
    pub state: SyncState,
    /// Results (attempts, scores, settings) waiting to be sent.
    pub pending: u32,
    /// When the last sync finished, Unix milliseconds.
    pub last_synced_ms: Option<i64>,
    /// The sentence to show ("3 results wait to be sent", "Everything is synced.").
    pub text: String,
}

impl From<sync::SyncStatus> for SyncStatus {
    fn from(s: sync::SyncStatus) -> Self {
        SyncStatus {
            state: s.state.into(),
            pending: s.pending,
            last_synced_ms: s.last_synced_ms,
            text: s.text,
        }
    }
}

/// What one sync did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SyncReport {
    /// Changes sent that changed the account's progress.
    pub sent: u32,
    /// Changes sent that the account had already.
    pub already_there: u32,
    /// Changes the server can never take, no longer sent (they stay on this device).
    pub dropped: u32,
    /// Changes pulled from the server.
    pub pulled: u32,
    /// Attempts of other devices taken in.
    pub new_attempts: u32,
    /// Better course scores taken in.
    pub better_scores: u32,
    /// Later settings taken in.
    pub later_settings: u32,
}

impl From<sync::SyncReport> for SyncReport {
    fn from(r: sync::SyncReport) -> Self {
        SyncReport {
            sent: r.sent,
            already_there: r.already_there,
            dropped: r.dropped,
            pulled: r.pulled,
            new_attempts: r.merged.attempts,
            better_scores: r.merged.scores,
            later_settings: r.merged.settings,
        }
    }
}

/// A pairing code to show, for another device to sign in to this account with.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PairingCode {
    /// The code, grouped to be read out (`K7M2-Q9XD`).
    pub code: String,
    /// When it stops working, Unix milliseconds.
    pub expires_at_ms: u64,
    /// What to show with it (how to use it, how long it works).
    pub text: String,
}

impl From<sync::PairingView> for PairingCode {
    fn from(p: sync::PairingView) -> Self {
        PairingCode { code: p.code, expires_at_ms: p.expires_at_ms, text: p.text }
    }
}

#[uniffi::export]
impl OnlinePlay {
    /// Sends this device's unsent progress and takes in the account's other devices'. While
    /// the server's wait runs, nothing is sent and the error says how long is left.
    pub async fn sync(&self) -> Result<SyncReport, RodinaError> {
        self.inner.sync().await.map(Into::into).map_err(|e| self.error(e))
    }

    /// How sync stands, read from the database without the network.
    pub fn sync_status(&self) -> Result<SyncStatus, RodinaError> {
        self.inner.sync_status().map(Into::into).map_err(|e| self.error(e))
    }

    /// A pairing code for another device (10 minutes, once).
    pub async fn pairing_code(&self) -> Result<PairingCode, RodinaError> {
        self.inner.pairing_code().await.map(Into::into).map_err(|e| self.error(e))
    }

    /// Signs this device in to the account that shows `code`; a guest's progress comes
    /// along, a named account's unsent progress is sent first.
    pub async fn pair(&self, code: String) -> Result<OnlineAccount, RodinaError> {
        self.inner.pair(&code).await.map(Into::into).map_err(|e| self.error(e))
    }
}
