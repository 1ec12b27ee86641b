//! The server's storage behind one trait, [`Store`]: accounts, sessions, invitations, games
//! and each game's append-only event log. SQLite ([`crate::sqlite::SqliteStore`]) is the
//! embedded default; a later backend (PostgreSQL, for several nodes) implements the same
//! trait with the same portable SQL (`schema.rs`).
//!
//! The trait's methods block: [`Db`] runs them on tokio's blocking pool, so a slow disk never
//! stalls the threads that serve sockets.

use std::sync::Arc;
use std::sync::mpsc as std_mpsc;

use tokio::sync::oneshot;

use rodina_protocol::{
    AccountId, AttemptChange, Change, GameId, GameOptions, InviteCode, PairingCode, PlayerInfo,
    PlayerName, Pushed, Synced,
};
use rodina_protocol::{Status, WireOutcome};

/// Why the store could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A row with the same key exists (a unique constraint refused the write).
    #[error("a row with the same key exists")]
    Conflict,
    /// A stored row could not be read back into its type.
    #[error("a stored row is damaged: {0}")]
    Damaged(String),
    /// The database was made by a newer server than this one.
    #[error("the database has schema version {found}; this server knows up to {known}")]
    TooNew {
        /// The database's version.
        found: i64,
        /// The newest this server knows.
        known: i64,
    },
    /// The database failed (disk, lock, SQL).
    #[error("database error: {0}")]
    Backend(String),
}

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// The account.
    pub id: AccountId,
    /// Its name, once it has one.
    pub name: Option<PlayerName>,
    /// The Argon2id hash of its password (PHC string), once it has one.
    pub password_hash: Option<String>,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at_ms: u64,
}

/// A session as stored: only the token's hash, never the token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    /// SHA-256 of the token, lower-case hex.
    pub token_hash: String,
    /// The account it signs in.
    pub account: AccountId,
    /// What the device calls itself.
    pub device: String,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_at_ms: u64,
}

/// An invitation as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvitationRow {
    /// Its code.
    pub code: InviteCode,
    /// Who invites.
    pub inviter: AccountId,
    /// The game's options, as the inviter chose them.
    pub options: GameOptions,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    /// When it expires.
    pub expires_at_ms: u64,
    /// A rematch's invitation is for the finished game's opponent alone.
    pub only_for: Option<AccountId>,
    /// The finished game a rematch follows.
    pub rematch_of: Option<GameId>,
    /// The game it became, once accepted.
    pub game: Option<GameId>,
    /// Who accepted it.
    pub accepted_by: Option<AccountId>,
}

/// A game as stored: who plays it and how it stands, plus the secrets only the server keeps
/// (the start's whole state and, in Jieqi, the deal's salt).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game.
    pub id: GameId,
    /// Its options, with the colour choice resolved (`colour` is the inviter's side as
    /// drawn).
    pub options: GameOptions,
    /// The first player.
    pub white: PlayerInfo,
    /// The second player.
    pub black: PlayerInfo,
    /// When it was created, in milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    /// The start's whole state (Jieqi: with every hidden identity). Server-side only.
    pub start_truth: String,
    /// Jieqi: the deal's salts, one per face-down start point in board order
    /// ([`rodina_protocol::deal_points`]), each 64 lower-case hex characters, separated by
    /// spaces. Server-side only: at the end each seat gets those of the pieces it may know.
    pub salt: Option<String>,
    /// Jieqi: the published commitment to the deal.
    pub commitment: Option<String>,
    /// How it stands.
    pub progress: GameProgress,
}

/// What changes in a game's row with each event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameProgress {
    /// The last event's version (0 before any).
    pub version: u64,
    /// Moves played.
    pub plies: u32,
    /// Where it stands.
    pub status: Status,
    /// How it ended, once it has.
    pub outcome: Option<WireOutcome>,
}

/// One event of a game's log: its version, its kind and its data (JSON, the live module's
/// record of it, with the truth: server-side only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventRow {
    /// The version, from 1 per game, without gaps.
    pub version: u64,
    /// The record, as JSON.
    pub data: String,
    /// When it happened, in milliseconds since the Unix epoch.
    pub at_ms: u64,
}

/// The server's storage. Every method is one transaction; methods block (call them through
/// [`Db`]).
pub trait Store: Send + Sync + 'static {
    /// Stores a new account with its first session.
    fn create_account(&self, account: &AccountRow, session: &SessionRow) -> Result<(), StoreError>;

    /// The account, if it exists.
    fn account(&self, id: &AccountId) -> Result<Option<AccountRow>, StoreError>;

    /// The account of a name, compared without regard to case.
    fn account_by_name(&self, name: &PlayerName) -> Result<Option<AccountRow>, StoreError>;

    /// Gives an account its name and password hash; [`StoreError::Conflict`] when another
    /// account has the name.
    fn set_name(
        &self,
        id: &AccountId,
        name: &PlayerName,
        password_hash: &str,
    ) -> Result<(), StoreError>;

    /// Stores a new session.
    fn add_session(&self, session: &SessionRow) -> Result<(), StoreError>;

    /// The account a token's hash signs in, if the session exists.
    fn session_account(&self, token_hash: &str) -> Result<Option<AccountId>, StoreError>;

    /// Deletes one session (revokes its token).
    fn delete_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Deletes every session of an account; how many there were.
    fn delete_sessions(&self, account: &AccountId) -> Result<u64, StoreError>;

    /// Stores a new invitation; [`StoreError::Conflict`] when the code is taken.
    fn create_invitation(&self, invitation: &InvitationRow) -> Result<(), StoreError>;

    /// The invitation of a code, if any.
    fn invitation(&self, code: &InviteCode) -> Result<Option<InvitationRow>, StoreError>;

    /// The invitation that offers a rematch of `game`, if any.
    fn rematch_of(&self, game: &GameId) -> Result<Option<InvitationRow>, StoreError>;

    /// Accepts an invitation that nobody has accepted: marks it taken by `game`'s second
    /// player and stores the game, in one transaction. `false` (and nothing written) when it
    /// was taken already.
    fn accept_invitation(
        &self,
        code: &InviteCode,
        acceptor: &AccountId,
        game: &GameRow,
    ) -> Result<bool, StoreError>;

    /// The game, if it exists.
    fn game(&self, id: &GameId) -> Result<Option<GameRow>, StoreError>;

    /// An account's games, newest first, at most `limit`.
    fn games_of(&self, account: &AccountId, limit: u32) -> Result<Vec<GameRow>, StoreError>;

    /// Every game still being played (to resume after a restart).
    fn started_games(&self) -> Result<Vec<GameId>, StoreError>;

    /// Appends one event to a game's log and updates the game's row, in one transaction;
    /// [`StoreError::Conflict`] when the version is taken (another writer got there first).
    fn append_event(
        &self,
        game: &GameId,
        event: &EventRow,
        progress: &GameProgress,
    ) -> Result<(), StoreError>;

    /// A game's events after version `after`, in order.
    fn events(&self, game: &GameId, after: u64) -> Result<Vec<EventRow>, StoreError>;

    /// Merges a push's changes (checked already, each to its own item) into the account's
    /// progress, in one transaction, by [`crate::sync::merge`]: an item that changes takes the
    /// account's next sequence number. A refusal writes nothing.
    fn push_changes(
        &self,
        account: &AccountId,
        changes: &[Change],
    ) -> Result<PushOutcome, StoreError>;

    /// The account's items that changed after sequence number `since`, in order, at most
    /// `limit`; and whether more follow.
    fn pull_changes(
        &self,
        account: &AccountId,
        since: u64,
        limit: usize,
    ) -> Result<(Vec<Synced>, bool), StoreError>;

    /// Every attempt the account holds, and its last sequence number.
    fn sync_attempts(&self, account: &AccountId) -> Result<(Vec<AttemptChange>, u64), StoreError>;

    /// Moves every item of account `from` into account `to`, merged as a push would be, in
    /// one transaction; how many items `to` gained or changed.
    fn merge_progress(&self, from: &AccountId, to: &AccountId) -> Result<u64, StoreError>;

    /// Stores a new pairing code; [`StoreError::Conflict`] when the code is taken.
    fn create_pairing(&self, pairing: &PairingRow) -> Result<(), StoreError>;

    /// Uses up a pairing code at `now_ms`, if it is open.
    fn claim_pairing(&self, code: &PairingCode, now_ms: u64) -> Result<Claim, StoreError>;

    /// Appends several games' events, each on its own: one's failure leaves the others
    /// written. The default appends them one by one; a backend that can groups them into one
    /// commit (many games' moves cost one write to disk).
    fn append_events(&self, batch: &[Append]) -> Vec<Result<(), StoreError>> {
        batch.iter().map(|a| self.append_event(&a.game, &a.event, &a.progress)).collect()
    }
}

/// A pairing code as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The code.
    pub code: PairingCode,
    /// The account it signs in to.
    pub account: AccountId,
    /// When it was made, in milliseconds since the Unix epoch.
    pub created_at_ms: u64,
    /// When it stops working.
    pub expires_at_ms: u64,
}

/// What claiming a pairing code found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The code was open: it is used up now, and signs in to this account.
    Claimed(AccountId),
    /// The code's time is over.
    Expired,
    /// No such code, or it was used already.
    Unknown,
}

/// What became of a sync push.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PushOutcome {
    /// Merged, in one transaction.
    Applied(Pushed),
    /// Refused because of the change at `index`; nothing was written.
    Refused {
        /// The change's position in the push.
        index: usize,
        /// Why.
        refusal: Refusal,
    },
}

/// Why the store refused a sync push (the checks that need what is stored; the rest are
/// made before, by `sync::check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Another account holds the attempt.
    Foreign,
    /// The account holds the attempt with other contents.
    Contradicts,
}

/// One event to append, with its game's row after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Append {
    /// The game.
    pub game: GameId,
    /// The event.
    pub event: EventRow,
    /// The game's row after it.
    pub progress: GameProgress,
}

/// An append waiting for the writer, with where its answer goes.
type Pending = (Append, oneshot::Sender<Result<(), StoreError>>);

/// The most appends one commit takes.
const BATCH: usize = 512;

/// The store as async code uses it: each call runs on tokio's blocking pool, and events
/// are appended by one writer thread that takes every append waiting and commits them
/// together (group commit), so a burst of moves in many games costs a few commits.
#[derive(Clone)]
pub struct Db {
    store: Arc<dyn Store>,
    /// The writer's queue (none if its thread could not start: appends then go one by one
    /// through the blocking pool).
    writer: Option<std_mpsc::Sender<Pending>>,
}

impl Db {
    /// Wraps a store and starts its writer; the writer ends when the last clone of this
    /// handle is dropped.
    pub fn new(store: impl Store) -> Db {
        let store: Arc<dyn Store> = Arc::new(store);
        let (tx, rx) = std_mpsc::channel::<Pending>();
        let writer_store = Arc::clone(&store);
        let started = std::thread::Builder::new()
            .name("rodina-store-writer".into())
            .spawn(move || write_batches(writer_store.as_ref(), &rx));
        if let Err(e) = &started {
            tracing::warn!("no writer thread ({e}): events are stored one by one");
        }
        Db { store, writer: started.ok().map(|_| tx) }
    }

    /// Appends one event (see [`Store::append_event`]) through the writer.
    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        let Some(writer) = &self.writer else {
            return self
                .run(move |s| s.append_event(&append.game, &append.event, &append.progress))
                .await;
        };
        let (reply, answer) = oneshot::channel();
        writer
            .send((append, reply))
            .map_err(|_| StoreError::Backend("the store's writer stopped".into()))?;
        answer.await.map_err(|_| StoreError::Backend("the store's writer stopped".into()))?
    }

    /// Runs `f` on the store off the async threads.
    pub async fn run<T, F>(&self, f: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || f(store.as_ref()))
            .await
            .map_err(|e| StoreError::Backend(format!("the store's task failed: {e}")))?
    }
}

/// The writer thread: waits for an append, takes every other one waiting (up to
/// [`BATCH`]), stores them in one go and answers each.
fn write_batches(store: &dyn Store, rx: &std_mpsc::Receiver<Pending>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        let (appends, replies): (Vec<Append>, Vec<_>) = batch.into_iter().unzip();
        let mut results = store.append_events(&appends).into_iter();
        for reply in replies {
            let result = results
                .next()
                .unwrap_or_else(|| Err(StoreError::Backend("no answer for an append".into())));
            let _ = reply.send(result);
        }
    }
}
