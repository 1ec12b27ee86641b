//! Sync's service: pushes the outbox, pulls the account's changes, honours the server's
//! `Retry-After`, and signs a second device in with a pairing code. It runs on the online
//! service's runtime and account ([`Online`]): sync is a feature of the account on a server.

use std::sync::{Arc, PoisonError};
use std::time::{Duration, Instant};

use rodina_protocol::{
    ApiErrorCode, Change, ClaimPairing, PAIRING_LIFETIME_MS, PairingCode, Push, Standings,
};

use crate::error::OnlineError;
use crate::online::Online;
use crate::online::model::AccountView;
use crate::online::service::{Inner, on_runtime};
use crate::online::store::StoredAccount;
use crate::store::now_ms;
use crate::sync::model::{RunState, SyncState};
use crate::sync::{Merged, PairingView, SyncReport, SyncStatus};
use crate::text::{Arg, tr};

/// The most changes sent in one push (the protocol's limit).
const PUSH_BATCH: usize = rodina_protocol::MAX_PUSH_CHANGES;

/// The most changes asked for in one pull: half the protocol's page keeps each answer well
/// within the size the client reads.
const PULL_PAGE: usize = 500;

impl Merged {
    fn add(&mut self, other: Merged) {
        self.attempts += other.attempts;
        self.scores += other.scores;
        self.settings += other.settings;
        self.kept += other.kept;
        self.unreadable += other.unreadable;
    }
}

/// Whether a refusal of a push names a change the server will never take, whatever is
/// retried: that change leaves the outbox, so the rest can go.
fn never_taken(code: ApiErrorCode) -> bool {
    matches!(
        code,
        ApiErrorCode::UnknownItem
            | ApiErrorCode::Foreign
            | ApiErrorCode::Duplicate
            | ApiErrorCode::FromTheFuture
            | ApiErrorCode::BadRequest
    )
}

impl Online {
    /// Sends this device's unsent progress and takes in what the account's other devices
    /// sent (puzzle attempts, course scores, settings). Made with a guest account when the
    /// device has none. While the server's `Retry-After` runs, nothing is sent and the wait
    /// is the error ([`ApiErrorCode::RateLimited`]).
    pub async fn sync(&self) -> Result<SyncReport, OnlineError> {
        let inner = Arc::clone(&self.inner);
        on_runtime(async move { inner.sync_now().await }).await
    }

    /// How sync stands: the state, the results waiting to be sent, the text to show. Read
    /// from the database, without the network.
    pub fn sync_status(&self) -> Result<SyncStatus, OnlineError> {
        let inner = &self.inner;
        let run = inner.run_state();
        let (pending, point) =
            inner.with_store(|s| Ok((s.sync_pending()?, s.sync_state(inner.repo.base())?)))?;
        let mut state = run.state;
        if let SyncState::Waiting { .. } = state
            && run.not_before.is_none_or(|(until, _)| Instant::now() >= until)
        {
            state = SyncState::Idle;
        }
        let lang = inner.language();
        let count = || Arg::Number(i64::from(pending));
        let text = match state {
            SyncState::Idle if pending == 0 => tr(lang, "sync-up-to-date", &[]),
            SyncState::Idle => tr(lang, "sync-pending", &[("count", count())]),
            SyncState::Syncing => tr(lang, "sync-running", &[]),
            SyncState::Offline => tr(lang, "sync-offline", &[("count", count())]),
            SyncState::Waiting { until_ms } => {
                let seconds = ((until_ms - now_ms()).max(0) + 999) / 1000;
                tr(lang, "sync-waiting", &[("seconds", Arg::Number(seconds.max(1)))])
            }
            SyncState::SignedOut => tr(lang, "sync-signed-out", &[]),
            SyncState::Failed => tr(lang, "sync-failed", &[]),
        };
        Ok(SyncStatus { state, pending, last_synced_ms: point.and_then(|p| p.synced_ms), text })
    }

    /// The account's puzzle standings as the server replays them from its copy of the log.
    pub async fn server_standings(&self) -> Result<Standings, OnlineError> {
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let account = inner.account().await?;
            inner.repo.standings(&account.token).await
        })
        .await
    }

    /// A pairing code for another device to sign in to this account with (see
    /// [`Online::pair`]); it works for 10 minutes, once.
    pub async fn pairing_code(&self) -> Result<PairingView, OnlineError> {
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let account = inner.account().await?;
            let pairing = inner
                .authorized(&account, |token| {
                    let repo = inner.repo.clone();
                    async move { repo.create_pairing(&token).await }
                })
                .await?;
            let text = pairing.code.as_str();
            let code = format!("{}-{}", &text[..4], &text[4..]);
            let minutes = i64::try_from(PAIRING_LIFETIME_MS / 60_000).unwrap_or(10);
            let text = tr(
                inner.language(),
                "sync-pairing-text",
                &[("code", code.as_str().into()), ("minutes", Arg::Number(minutes))],
            );
            Ok(PairingView { code, expires_at_ms: pairing.expires_at_ms, text })
        })
        .await
    }

    /// Signs this device in to the account that shows `code` (as a person typed it: any
    /// case, dashes and spaces ignored). Like [`Online::sign_in`], a guest's progress moves
    /// into the account, and a named account's unsent progress is sent first.
    pub async fn pair(&self, code: &str) -> Result<AccountView, OnlineError> {
        let code = PairingCode::read(code).map_err(|e| OnlineError::InvalidInput(e.to_string()))?;
        let inner = Arc::clone(&self.inner);
        on_runtime(async move {
            let before = inner.stored()?;
            inner.settle_before_leaving(before.as_ref()).await?;
            let body = ClaimPairing {
                device: inner.device.chars().take(64).collect(),
                merge_token: before.as_ref().filter(|a| a.name.is_none()).map(|a| a.token.clone()),
            };
            let credentials =
                inner.repo.claim_pairing(&code, &body).await.map_err(|e| match e {
                    OnlineError::Refused { code: ApiErrorCode::NotFound, .. } => {
                        OnlineError::PairingCode { expired: false }
                    }
                    OnlineError::Refused { code: ApiErrorCode::Expired, .. } => {
                        OnlineError::PairingCode { expired: true }
                    }
                    other => other,
                })?;
            let account = StoredAccount {
                account: credentials.account.to_string(),
                token: credentials.token.clone(),
                name: None,
            };
            inner.switch_to(before.as_ref(), &account)?;
            // The account's name, if it has one.
            let me = inner.repo.me(&credentials.token).await;
            let account =
                StoredAccount { name: me.ok().and_then(|m| m.name.map(String::from)), ..account };
            inner.keep(&account)?;
            Ok(inner.account_view(&account))
        })
        .await
    }
}

impl Inner {
    pub(crate) fn run_state(&self) -> RunState {
        *self.sync.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn set_run_state(&self, f: impl FnOnce(&mut RunState)) {
        f(&mut self.sync.state.lock().unwrap_or_else(PoisonError::into_inner));
    }

    /// One sync, after any other running one; the state it leaves for [`Online::sync_status`].
    pub(crate) async fn sync_now(&self) -> Result<SyncReport, OnlineError> {
        let _one_at_a_time = self.sync.lock.lock().await;
        if let Some((until, _)) = self.run_state().not_before {
            let now = Instant::now();
            if now < until {
                let left = until - now;
                return Err(OnlineError::Refused {
                    code: ApiErrorCode::RateLimited,
                    message: "waiting for the server's Retry-After".into(),
                    retry_after_s: Some(left.as_secs() + u64::from(left.subsec_nanos() > 0)),
                    index: None,
                });
            }
        }
        self.set_run_state(|r| {
            r.state = SyncState::Syncing;
            r.not_before = None;
        });
        let result = self.sync_once().await;
        self.set_run_state(|r| {
            r.state = match &result {
                Ok(_) => SyncState::Idle,
                Err(OnlineError::Network(_)) => SyncState::Offline,
                Err(OnlineError::SignedOut) => SyncState::SignedOut,
                Err(OnlineError::Refused {
                    code: ApiErrorCode::RateLimited,
                    retry_after_s,
                    ..
                }) => {
                    let wait = Duration::from_secs(retry_after_s.unwrap_or(1).clamp(1, 3600));
                    let until_ms = now_ms() + i64::try_from(wait.as_millis()).unwrap_or(0);
                    r.not_before = Some((Instant::now() + wait, until_ms));
                    SyncState::Waiting { until_ms }
                }
                Err(_) => SyncState::Failed,
            };
        });
        result
    }

    async fn sync_once(&self) -> Result<SyncReport, OnlineError> {
        // A guest whose token the server no longer knows gets a new guest account, once.
        for _ in 0..2 {
            let account = self.account().await?;
            match self.sync_with(&account).await {
                Err(OnlineError::SignedOut) if account.name.is_none() => {
                    self.with_store(|s| s.forget_online_account(self.repo.base()))?;
                }
                other => return other,
            }
        }
        Err(OnlineError::SignedOut)
    }

    async fn sync_with(&self, account: &StoredAccount) -> Result<SyncReport, OnlineError> {
        let server = self.repo.base().to_owned();
        let mut cursor = self.with_store(|s| s.sync_begin(&server, &account.account))?;
        let mut report = SyncReport::default();
        loop {
            let batch = self.with_store(|s| s.sync_outbox(PUSH_BATCH))?;
            let Some(last) = batch.last().map(|o| o.seq) else { break };
            // A row that no longer reads cannot be sent: it leaves the outbox.
            if let Some(bad) = batch.iter().find(|o| o.change.is_none()) {
                self.with_store(|s| s.sync_drop(bad.seq))?;
                report.dropped += 1;
                continue;
            }
            let changes: Vec<Change> = batch.iter().filter_map(|o| o.change.clone()).collect();
            match self.repo.push(&account.token, &Push { changes }).await {
                Ok(pushed) => {
                    self.with_store(|s| s.sync_acknowledged(last))?;
                    report.sent += pushed.applied;
                    report.already_there += pushed.unchanged;
                }
                Err(OnlineError::Refused { code, index: Some(i), .. }) if never_taken(code) => {
                    let Some(refused) = usize::try_from(i).ok().and_then(|i| batch.get(i)) else {
                        return Err(OnlineError::BadAnswer(format!("a refusal of change {i}")));
                    };
                    self.with_store(|s| s.sync_drop(refused.seq))?;
                    report.dropped += 1;
                }
                Err(e) => return Err(e),
            }
        }
        loop {
            let pulled = self.repo.pull(&account.token, cursor, PULL_PAGE).await?;
            if pulled.cursor < cursor || pulled.changes.iter().any(|c| c.seq <= cursor) {
                return Err(OnlineError::BadAnswer("a pull went back in the sequence".into()));
            }
            let merged =
                self.with_store(|s| s.sync_merge(&server, &pulled.changes, pulled.cursor))?;
            report.pulled += u32::try_from(pulled.changes.len()).unwrap_or(u32::MAX);
            report.merged.add(merged);
            cursor = pulled.cursor;
            if !pulled.more || pulled.changes.is_empty() {
                break;
            }
        }
        self.with_store(|s| s.sync_finished(&server))?;
        Ok(report)
    }
}
