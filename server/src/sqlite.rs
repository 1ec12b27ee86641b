//! The embedded store: one SQLite file (rusqlite), one connection behind a mutex, in WAL
//! mode. Queries are the portable SQL of `schema.rs`; only the placeholders (`?1`, which
//! PostgreSQL spells `$1`) and the connection's pragmas are SQLite's own.

use std::path::Path;
use std::str::FromStr;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rodina_protocol::{
    AccountId, AttemptChange, Change, GameId, GameOptions, InviteCode, PairingCode, PlayerInfo,
    PlayerName, Pushed, Synced,
};
use rodina_protocol::{Status, WireOutcome};
use rusqlite::{Connection, ErrorCode, OptionalExtension, Row, params};

use crate::schema::{MIGRATIONS, statements};
use crate::store::{
    AccountRow, Append, Claim, EventRow, GameProgress, GameRow, InvitationRow, PairingRow,
    PushOutcome, Refusal, SessionRow, Store, StoreError,
};
use crate::sync::{Merge, merge};

/// The SQLite store.
pub struct SqliteStore {
    conn: Mutex<Connection>,
    /// Dropped with the store, which stops the checkpointer (file databases only).
    _checkpointer: Option<Checkpointer>,
}

/// How often the checkpointer copies the write-ahead log into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// A thread with a connection of its own that checkpoints the write-ahead log, so that the
/// writer never does: a checkpoint syncs the disk (three `fsync`s, up to 35 ms each on the
/// machine the load bench ran on), and a writer that checkpoints itself (SQLite's default,
/// every 1,000 pages) holds up every game's moves meanwhile. A passive checkpoint
/// runs beside the writer in WAL mode and never blocks it.
struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Checkpointer {
    fn start(path: &Path) -> Result<Checkpointer, StoreError> {
        let conn = Connection::open(path).map_err(backend)?;
        conn.execute_batch("PRAGMA busy_timeout = 5000;").map_err(backend)?;
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("sqlite-checkpoint".into())
            .spawn(move || {
                loop {
                    match stopped.recv_timeout(CHECKPOINT_EVERY) {
                        Err(RecvTimeoutError::Timeout) => {}
                        // The store is gone: one last checkpoint leaves a short log behind.
                        Ok(()) | Err(RecvTimeoutError::Disconnected) => {
                            let _ =
                                conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                            return;
                        }
                    }
                    if let Err(e) = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
                    {
                        tracing::warn!("checkpoint failed (retried): {e}");
                    }
                }
            })
            .map_err(|e| StoreError::Backend(format!("cannot start the checkpointer: {e}")))?;
        Ok(Checkpointer { stop: Some(stop), thread: Some(thread) })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn backend(e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::ConstraintViolation) => StoreError::Conflict,
        _ => StoreError::Backend(e.to_string()),
    }
}

/// Numbers are `BIGINT` in the database; a value past `i64::MAX` (never reached by times or
/// counts) is stored as the largest.
fn int(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

fn damaged(what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        Box::new(StoreError::Damaged(what.to_owned())),
    )
}

fn uint(r: &Row<'_>, i: usize) -> rusqlite::Result<u64> {
    let n: i64 = r.get(i)?;
    u64::try_from(n).map_err(|_| damaged("a negative number"))
}

fn parsed<T: FromStr>(r: &Row<'_>, i: usize) -> rusqlite::Result<T> {
    let s: String = r.get(i)?;
    s.parse().map_err(|_| damaged("a name"))
}

fn parsed_opt<T: FromStr>(r: &Row<'_>, i: usize) -> rusqlite::Result<Option<T>> {
    let s: Option<String> = r.get(i)?;
    s.map(|s| s.parse().map_err(|_| damaged("a name"))).transpose()
}

fn json<T: serde::de::DeserializeOwned>(r: &Row<'_>, i: usize) -> rusqlite::Result<T> {
    let s: String = r.get(i)?;
    serde_json::from_str(&s).map_err(|_| damaged("a JSON column"))
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Backend(e.to_string()))
}

fn status_text(s: Status) -> &'static str {
    match s {
        Status::Started => "started",
        Status::Ended => "ended",
        Status::Aborted => "aborted",
    }
}

fn status_of(r: &Row<'_>, i: usize) -> rusqlite::Result<Status> {
    let s: String = r.get(i)?;
    match s.as_str() {
        "started" => Ok(Status::Started),
        "ended" => Ok(Status::Ended),
        "aborted" => Ok(Status::Aborted),
        _ => Err(damaged("a status")),
    }
}

const ACCOUNT_COLUMNS: &str = "id, name, password_hash, created_at_ms";

fn account_of(r: &Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: parsed(r, 0)?,
        name: parsed_opt(r, 1)?,
        password_hash: r.get(2)?,
        created_at_ms: uint(r, 3)?,
    })
}

const INVITATION_COLUMNS: &str = "code, inviter_id, options, created_at_ms, expires_at_ms, \
    only_for, rematch_of, game_id, accepted_by";

fn invitation_of(r: &Row<'_>) -> rusqlite::Result<InvitationRow> {
    Ok(InvitationRow {
        code: parsed(r, 0)?,
        inviter: parsed(r, 1)?,
        options: json(r, 2)?,
        created_at_ms: uint(r, 3)?,
        expires_at_ms: uint(r, 4)?,
        only_for: parsed_opt(r, 5)?,
        rematch_of: parsed_opt(r, 6)?,
        game: parsed_opt(r, 7)?,
        accepted_by: parsed_opt(r, 8)?,
    })
}

/// A game's row with its players' names (a join on both).
const GAME_SELECT: &str = "SELECT g.id, g.options, g.white_id, w.name, g.black_id, b.name, \
    g.created_at_ms, g.start_truth, g.salt, g.commitment, g.version, g.plies, g.status, \
    g.outcome FROM games g JOIN accounts w ON w.id = g.white_id \
    JOIN accounts b ON b.id = g.black_id";

fn game_of(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    let outcome: Option<String> = r.get(13)?;
    let outcome: Option<WireOutcome> =
        outcome.map(|s| serde_json::from_str(&s).map_err(|_| damaged("an outcome"))).transpose()?;
    Ok(GameRow {
        id: parsed(r, 0)?,
        options: json::<GameOptions>(r, 1)?,
        white: PlayerInfo { account: parsed(r, 2)?, name: parsed_opt(r, 3)? },
        black: PlayerInfo { account: parsed(r, 4)?, name: parsed_opt(r, 5)? },
        created_at_ms: uint(r, 6)?,
        start_truth: r.get(7)?,
        salt: r.get(8)?,
        commitment: r.get(9)?,
        progress: GameProgress {
            version: uint(r, 10)?,
            plies: u32::try_from(uint(r, 11)?).map_err(|_| damaged("a ply count"))?,
            status: status_of(r, 12)?,
            outcome,
        },
    })
}

impl SqliteStore {
    /// Opens (or creates) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Backend(format!("cannot create {}: {e}", dir.display()))
            })?;
        }
        let conn = Connection::open(path).map_err(backend)?;
        let mut store = SqliteStore::set_up(conn)?;
        // The writer stops checkpointing only once another thread does it.
        store._checkpointer = Some(Checkpointer::start(path)?);
        store.conn().execute_batch("PRAGMA wal_autocheckpoint = 0;").map_err(backend)?;
        Ok(store)
    }

    /// A database in memory, for tests.
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::set_up(Connection::open_in_memory().map_err(backend)?)
    }

    fn set_up(mut conn: Connection) -> Result<SqliteStore, StoreError> {
        // WAL: readers never wait for the writer; NORMAL sync is durable across a process
        // crash (the log is synced at checkpoints), which is what a game server needs.
        let _mode: String =
            conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(backend)?;
        conn.execute_batch(
            "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
        )
        .map_err(backend)?;
        migrate(&mut conn)?;
        Ok(SqliteStore { conn: Mutex::new(conn), _checkpointer: None })
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a transaction half done (rusqlite
        // rolls back on drop), so the connection stays usable.
        self.conn.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Applies the migrations the database lacks, each in its own transaction.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            version BIGINT PRIMARY KEY,
            applied_at_ms BIGINT NOT NULL
        )",
    )
    .map_err(backend)?;
    let current: i64 = conn
        .query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |r| r.get(0))
        .map_err(backend)?;
    let known = i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX);
    if current > known {
        return Err(StoreError::TooNew { found: current, known });
    }
    for (version, migration) in (1..).zip(MIGRATIONS).skip(usize::try_from(current).unwrap_or(0)) {
        let tx = conn.transaction().map_err(backend)?;
        for statement in statements(migration) {
            tx.execute(statement, []).map_err(backend)?;
        }
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_at_ms) VALUES (?1, ?2)",
            params![version, int(crate::now_ms())],
        )
        .map_err(backend)?;
        tx.commit().map_err(backend)?;
    }
    Ok(())
}

fn insert_session(conn: &Connection, s: &SessionRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO sessions (token_hash, account_id, device, created_at_ms) \
         VALUES (?1, ?2, ?3, ?4)",
        params![s.token_hash, s.account.as_str(), s.device, int(s.created_at_ms)],
    )
    .map_err(backend)?;
    Ok(())
}

fn insert_game(conn: &Connection, g: &GameRow) -> Result<(), StoreError> {
    let outcome = g.progress.outcome.as_ref().map(to_json).transpose()?;
    conn.execute(
        "INSERT INTO games (id, options, white_id, black_id, created_at_ms, start_truth, salt, \
         commitment, version, plies, status, outcome) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            g.id.as_str(),
            to_json(&g.options)?,
            g.white.account.as_str(),
            g.black.account.as_str(),
            int(g.created_at_ms),
            g.start_truth,
            g.salt,
            g.commitment,
            int(g.progress.version),
            i64::from(g.progress.plies),
            status_text(g.progress.status),
            outcome,
        ],
    )
    .map_err(backend)?;
    Ok(())
}

/// Appends one event and updates its game's row, inside the caller's transaction.
fn append_one(
    conn: &Connection,
    game: &GameId,
    event: &EventRow,
    progress: &GameProgress,
) -> Result<(), StoreError> {
    let outcome = progress.outcome.as_ref().map(to_json).transpose()?;
    conn.execute(
        "INSERT INTO game_events (game_id, version, data, at_ms) VALUES (?1, ?2, ?3, ?4)",
        params![game.as_str(), int(event.version), event.data, int(event.at_ms)],
    )
    .map_err(backend)?;
    conn.execute(
        "UPDATE games SET version = ?2, plies = ?3, status = ?4, outcome = ?5 WHERE id = ?1",
        params![
            game.as_str(),
            int(progress.version),
            i64::from(progress.plies),
            status_text(progress.status),
            outcome,
        ],
    )
    .map_err(backend)?;
    Ok(())
}

/// The kind column of a synced item.
fn kind_of(change: &Change) -> &'static str {
    match change {
        Change::Attempt(_) => "attempt",
        Change::CourseScore(_) => "course",
        Change::Setting(_) => "setting",
    }
}

/// Merges one change into `account`'s items inside the caller's transaction: `Ok(true)` when
/// the item changed (it then has the account's next sequence number).
fn merge_one(
    tx: &Connection,
    account: &AccountId,
    change: &Change,
) -> Result<Result<bool, Refusal>, StoreError> {
    let key = change.key();
    let kind = kind_of(change);
    // An attempt's id is held by one account: look for it under any.
    let held: Option<(String, String)> = tx
        .query_row(
            "SELECT account_id, data FROM sync_items WHERE item_key = ?1 \
             AND (account_id = ?2 OR kind = 'attempt')",
            params![key, account.as_str()],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()
        .map_err(backend)?;
    let held = match held {
        Some((owner, _)) if owner != account.as_str() => return Ok(Err(Refusal::Foreign)),
        Some((_, data)) => Some(
            serde_json::from_str::<Change>(&data)
                .map_err(|_| StoreError::Damaged(format!("synced item {key}")))?,
        ),
        None => None,
    };
    match merge(change, held.as_ref()) {
        Merge::Keep => Ok(Ok(false)),
        Merge::Contradicts => Ok(Err(Refusal::Contradicts)),
        Merge::Write => {
            tx.execute(
                "INSERT INTO sync_accounts (account_id, last_seq) VALUES (?1, 1) \
                 ON CONFLICT (account_id) DO UPDATE SET last_seq = sync_accounts.last_seq + 1",
                params![account.as_str()],
            )
            .map_err(backend)?;
            let seq: i64 = tx
                .query_row(
                    "SELECT last_seq FROM sync_accounts WHERE account_id = ?1",
                    params![account.as_str()],
                    |r| r.get(0),
                )
                .map_err(backend)?;
            tx.execute(
                "INSERT INTO sync_items (account_id, item_key, kind, seq, data) \
                 VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (account_id, item_key) DO UPDATE SET seq = excluded.seq, \
                 data = excluded.data",
                params![account.as_str(), key, kind, seq, to_json(change)?],
            )
            .map_err(backend)?;
            Ok(Ok(true))
        }
    }
}

fn last_seq(conn: &Connection, account: &AccountId) -> Result<u64, StoreError> {
    conn.query_row(
        "SELECT last_seq FROM sync_accounts WHERE account_id = ?1",
        params![account.as_str()],
        |r| uint(r, 0),
    )
    .optional()
    .map_err(backend)
    .map(Option::unwrap_or_default)
}

impl Store for SqliteStore {
    fn push_changes(
        &self,
        account: &AccountId,
        changes: &[Change],
    ) -> Result<PushOutcome, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(backend)?;
        let mut pushed = Pushed { applied: 0, unchanged: 0 };
        for (index, change) in changes.iter().enumerate() {
            match merge_one(&tx, account, change)? {
                Ok(true) => pushed.applied += 1,
                Ok(false) => pushed.unchanged += 1,
                // Dropping the transaction rolls back what came before.
                Err(refusal) => return Ok(PushOutcome::Refused { index, refusal }),
            }
        }
        tx.commit().map_err(backend)?;
        Ok(PushOutcome::Applied(pushed))
    }

    fn pull_changes(
        &self,
        account: &AccountId,
        since: u64,
        limit: usize,
    ) -> Result<(Vec<Synced>, bool), StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT seq, data FROM sync_items WHERE account_id = ?1 AND seq > ?2 \
                 ORDER BY seq LIMIT ?3",
            )
            .map_err(backend)?;
        let fetch = i64::try_from(limit.saturating_add(1)).unwrap_or(i64::MAX);
        let rows = stmt
            .query_map(params![account.as_str(), int(since), fetch], |r| {
                Ok(Synced { seq: uint(r, 0)?, change: json(r, 1)? })
            })
            .map_err(backend)?;
        let mut changes = rows.collect::<Result<Vec<_>, _>>().map_err(backend)?;
        let more = changes.len() > limit;
        changes.truncate(limit);
        Ok((changes, more))
    }

    fn sync_attempts(&self, account: &AccountId) -> Result<(Vec<AttemptChange>, u64), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction().map_err(backend)?;
        let seq = last_seq(&tx, account)?;
        let mut stmt = tx
            .prepare("SELECT data FROM sync_items WHERE account_id = ?1 AND kind = 'attempt'")
            .map_err(backend)?;
        let rows = stmt
            .query_map(params![account.as_str()], |r| match json::<Change>(r, 0)? {
                Change::Attempt(a) => Ok(a),
                _ => Err(damaged("an attempt row of another kind")),
            })
            .map_err(backend)?;
        let attempts = rows.collect::<Result<Vec<_>, _>>().map_err(backend)?;
        drop(stmt);
        tx.commit().map_err(backend)?;
        Ok((attempts, seq))
    }

    fn merge_progress(&self, from: &AccountId, to: &AccountId) -> Result<u64, StoreError> {
        if from == to {
            return Ok(0);
        }
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(backend)?;
        let items: Vec<Change> = {
            let mut stmt = tx
                .prepare("SELECT data FROM sync_items WHERE account_id = ?1 ORDER BY seq")
                .map_err(backend)?;
            let rows = stmt.query_map(params![from.as_str()], |r| json(r, 0)).map_err(backend)?;
            rows.collect::<Result<_, _>>().map_err(backend)?
        };
        // The source's rows go first, so that its attempts are nobody's while they move.
        tx.execute("DELETE FROM sync_items WHERE account_id = ?1", params![from.as_str()])
            .map_err(backend)?;
        let mut changed = 0;
        for item in &items {
            match merge_one(&tx, to, item)? {
                Ok(true) => changed += 1,
                Ok(false) => {}
                Err(refusal) => {
                    return Err(StoreError::Damaged(format!(
                        "merging {}: {refusal:?} for {}",
                        from.as_str(),
                        item.key()
                    )));
                }
            }
        }
        tx.commit().map_err(backend)?;
        Ok(changed)
    }

    fn create_pairing(&self, p: &PairingRow) -> Result<(), StoreError> {
        self.conn()
            .execute(
                "INSERT INTO pairings (code, account_id, created_at_ms, expires_at_ms) \
                 VALUES (?1, ?2, ?3, ?4)",
                params![
                    p.code.as_str(),
                    p.account.as_str(),
                    int(p.created_at_ms),
                    int(p.expires_at_ms)
                ],
            )
            .map_err(backend)?;
        Ok(())
    }

    fn claim_pairing(&self, code: &PairingCode, now_ms: u64) -> Result<Claim, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(backend)?;
        let row: Option<(AccountId, u64, Option<i64>)> = tx
            .query_row(
                "SELECT account_id, expires_at_ms, claimed_at_ms FROM pairings WHERE code = ?1",
                params![code.as_str()],
                |r| Ok((parsed(r, 0)?, uint(r, 1)?, r.get(2)?)),
            )
            .optional()
            .map_err(backend)?;
        let claim = match row {
            None | Some((_, _, Some(_))) => Claim::Unknown,
            Some((_, expires, None)) if expires <= now_ms => Claim::Expired,
            Some((account, _, None)) => {
                tx.execute(
                    "UPDATE pairings SET claimed_at_ms = ?2 WHERE code = ?1",
                    params![code.as_str(), int(now_ms)],
                )
                .map_err(backend)?;
                Claim::Claimed(account)
            }
        };
        tx.commit().map_err(backend)?;
        Ok(claim)
    }

    fn create_account(&self, account: &AccountRow, session: &SessionRow) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(backend)?;
        tx.execute(
            "INSERT INTO accounts (id, name, name_folded, password_hash, created_at_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                account.id.as_str(),
                account.name.as_ref().map(PlayerName::as_str),
                account.name.as_ref().map(PlayerName::folded),
                account.password_hash,
                int(account.created_at_ms),
            ],
        )
        .map_err(backend)?;
        insert_session(&tx, session)?;
        tx.commit().map_err(backend)
    }

    fn account(&self, id: &AccountId) -> Result<Option<AccountRow>, StoreError> {
        self.conn()
            .query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1"),
                params![id.as_str()],
                account_of,
            )
            .optional()
            .map_err(backend)
    }

    fn account_by_name(&self, name: &PlayerName) -> Result<Option<AccountRow>, StoreError> {
        self.conn()
            .query_row(
                &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_folded = ?1"),
                params![name.folded()],
                account_of,
            )
            .optional()
            .map_err(backend)
    }

    fn set_name(
        &self,
        id: &AccountId,
        name: &PlayerName,
        password_hash: &str,
    ) -> Result<(), StoreError> {
        self.conn()
            .execute(
                "UPDATE accounts SET name = ?2, name_folded = ?3, password_hash = ?4 \
                 WHERE id = ?1",
                params![id.as_str(), name.as_str(), name.folded(), password_hash],
            )
            .map_err(backend)?;
        Ok(())
    }

    fn add_session(&self, session: &SessionRow) -> Result<(), StoreError> {
        insert_session(&self.conn(), session)
    }

    fn session_account(&self, token_hash: &str) -> Result<Option<AccountId>, StoreError> {
        self.conn()
            .query_row(
                "SELECT account_id FROM sessions WHERE token_hash = ?1",
                params![token_hash],
                |r| parsed(r, 0),
            )
            .optional()
            .map_err(backend)
    }

    fn delete_session(&self, token_hash: &str) -> Result<(), StoreError> {
        self.conn()
            .execute("DELETE FROM sessions WHERE token_hash = ?1", params![token_hash])
            .map_err(backend)?;
        Ok(())
    }

    fn delete_sessions(&self, account: &AccountId) -> Result<u64, StoreError> {
        let n = self
            .conn()
            .execute("DELETE FROM sessions WHERE account_id = ?1", params![account.as_str()])
            .map_err(backend)?;
        Ok(u64::try_from(n).unwrap_or(u64::MAX))
    }

    fn create_invitation(&self, i: &InvitationRow) -> Result<(), StoreError> {
        self.conn()
            .execute(
                &format!(
                    "INSERT INTO invitations ({INVITATION_COLUMNS}) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
                ),
                params![
                    i.code.as_str(),
                    i.inviter.as_str(),
                    to_json(&i.options)?,
                    int(i.created_at_ms),
                    int(i.expires_at_ms),
                    i.only_for.as_ref().map(AccountId::as_str),
                    i.rematch_of.as_ref().map(GameId::as_str),
                    i.game.as_ref().map(GameId::as_str),
                    i.accepted_by.as_ref().map(AccountId::as_str),
                ],
            )
            .map_err(backend)?;
        Ok(())
    }

    fn invitation(&self, code: &InviteCode) -> Result<Option<InvitationRow>, StoreError> {
        self.conn()
            .query_row(
                &format!("SELECT {INVITATION_COLUMNS} FROM invitations WHERE code = ?1"),
                params![code.as_str()],
                invitation_of,
            )
            .optional()
            .map_err(backend)
    }

    fn rematch_of(&self, game: &GameId) -> Result<Option<InvitationRow>, StoreError> {
        self.conn()
            .query_row(
                &format!(
                    "SELECT {INVITATION_COLUMNS} FROM invitations WHERE rematch_of = ?1 \
                     ORDER BY created_at_ms DESC LIMIT 1"
                ),
                params![game.as_str()],
                invitation_of,
            )
            .optional()
            .map_err(backend)
    }

    fn accept_invitation(
        &self,
        code: &InviteCode,
        acceptor: &AccountId,
        game: &GameRow,
    ) -> Result<bool, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(backend)?;
        // The game first: the invitation's reference to it must find it.
        insert_game(&tx, game)?;
        let taken = tx
            .execute(
                "UPDATE invitations SET game_id = ?2, accepted_by = ?3 \
                 WHERE code = ?1 AND game_id IS NULL",
                params![code.as_str(), game.id.as_str(), acceptor.as_str()],
            )
            .map_err(backend)?;
        if taken != 1 {
            // Dropping the transaction rolls the game back.
            return Ok(false);
        }
        tx.commit().map_err(backend)?;
        Ok(true)
    }

    fn game(&self, id: &GameId) -> Result<Option<GameRow>, StoreError> {
        self.conn()
            .query_row(&format!("{GAME_SELECT} WHERE g.id = ?1"), params![id.as_str()], game_of)
            .optional()
            .map_err(backend)
    }

    fn games_of(&self, account: &AccountId, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!(
                "{GAME_SELECT} WHERE g.white_id = ?1 OR g.black_id = ?1 \
                 ORDER BY g.created_at_ms DESC, g.id LIMIT ?2"
            ))
            .map_err(backend)?;
        let rows = stmt
            .query_map(params![account.as_str(), i64::from(limit)], game_of)
            .map_err(backend)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(backend)
    }

    fn started_games(&self) -> Result<Vec<GameId>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare("SELECT id FROM games WHERE status = ?1 ORDER BY created_at_ms")
            .map_err(backend)?;
        let rows = stmt
            .query_map(params![status_text(Status::Started)], |r| parsed(r, 0))
            .map_err(backend)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(backend)
    }

    fn append_event(
        &self,
        game: &GameId,
        event: &EventRow,
        progress: &GameProgress,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction().map_err(backend)?;
        append_one(&tx, game, event, progress)?;
        tx.commit().map_err(backend)
    }

    /// One transaction for the whole batch. A refused insert (a version taken) is undone
    /// alone, as SQLite undoes a failed statement and keeps the transaction; that append's
    /// row update is then not made.
    fn append_events(&self, batch: &[Append]) -> Vec<Result<(), StoreError>> {
        let mut conn = self.conn();
        let tx = match conn.transaction() {
            Ok(tx) => tx,
            Err(e) => {
                let message = e.to_string();
                return batch.iter().map(|_| Err(StoreError::Backend(message.clone()))).collect();
            }
        };
        let results: Vec<Result<(), StoreError>> =
            batch.iter().map(|a| append_one(&tx, &a.game, &a.event, &a.progress)).collect();
        match tx.commit() {
            Ok(()) => results,
            Err(e) => {
                let message = e.to_string();
                batch.iter().map(|_| Err(StoreError::Backend(message.clone()))).collect()
            }
        }
    }

    fn events(&self, game: &GameId, after: u64) -> Result<Vec<EventRow>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT version, data, at_ms FROM game_events \
                 WHERE game_id = ?1 AND version > ?2 ORDER BY version",
            )
            .map_err(backend)?;
        let rows = stmt
            .query_map(params![game.as_str(), int(after)], |r| {
                Ok(EventRow { version: uint(r, 0)?, data: r.get(1)?, at_ms: uint(r, 2)? })
            })
            .map_err(backend)?;
        rows.collect::<Result<Vec<_>, _>>().map_err(backend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rodina_protocol::ColourChoice;

    fn account(n: u8) -> AccountRow {
        AccountRow {
            id: AccountId::from_random([n; 20]),
            name: None,
            password_hash: None,
            created_at_ms: 1,
        }
    }

    fn session(a: &AccountRow, hash: &str) -> SessionRow {
        SessionRow {
            token_hash: hash.into(),
            account: a.id.clone(),
            device: "test".into(),
            created_at_ms: 2,
        }
    }

    fn options() -> GameOptions {
        GameOptions {
            game: "xiangqi".into(),
            rule_set: None,
            handicap: None,
            colour: ColourChoice::White,
            clock: None,
        }
    }

    fn game(id: u8, white: &AccountRow, black: &AccountRow) -> GameRow {
        GameRow {
            id: GameId::from_random([id; 20]),
            options: options(),
            white: PlayerInfo { account: white.id.clone(), name: None },
            black: PlayerInfo { account: black.id.clone(), name: None },
            created_at_ms: u64::from(id),
            start_truth: "fen".into(),
            salt: None,
            commitment: None,
            progress: GameProgress { version: 0, plies: 0, status: Status::Started, outcome: None },
        }
    }

    fn invitation(code: u8, inviter: &AccountRow) -> InvitationRow {
        InvitationRow {
            code: InviteCode::from_random([code; 8]),
            inviter: inviter.id.clone(),
            options: options(),
            created_at_ms: 5,
            expires_at_ms: 10,
            only_for: None,
            rematch_of: None,
            game: None,
            accepted_by: None,
        }
    }

    #[test]
    fn a_pairing_code_expires_and_is_claimed_once() {
        let store = SqliteStore::in_memory().unwrap();
        let a = account(1);
        store.create_account(&a, &session(&a, "h1")).unwrap();
        let row = |n: u8| PairingRow {
            code: PairingCode::from_random([n; 8]),
            account: a.id.clone(),
            created_at_ms: 100,
            expires_at_ms: 200,
        };
        store.create_pairing(&row(1)).unwrap();
        assert!(matches!(store.create_pairing(&row(1)), Err(StoreError::Conflict)));
        store.create_pairing(&row(2)).unwrap();
        assert_eq!(store.claim_pairing(&row(1).code, 200).unwrap(), Claim::Expired);
        assert_eq!(store.claim_pairing(&row(2).code, 199).unwrap(), Claim::Claimed(a.id.clone()));
        assert_eq!(store.claim_pairing(&row(2).code, 199).unwrap(), Claim::Unknown);
        assert_eq!(store.claim_pairing(&row(3).code, 1).unwrap(), Claim::Unknown);
    }

    #[test]
    fn a_refused_push_leaves_nothing_and_a_merge_moves_attempts_between_accounts() {
        use rodina_protocol::{CourseScoreChange, SettingChange};
        let store = SqliteStore::in_memory().unwrap();
        let (a, b) = (account(1), account(2));
        store.create_account(&a, &session(&a, "h1")).unwrap();
        store.create_account(&b, &session(&b, "h2")).unwrap();
        let attempt = |id: &str, solved: bool| {
            Change::Attempt(AttemptChange {
                id: id.into(),
                device: "d".into(),
                game: "xiangqi".into(),
                puzzle: "p1".into(),
                started_ms: 1,
                ended_ms: 2,
                solved,
                rated: true,
            })
        };
        let score = |points| {
            Change::CourseScore(CourseScoreChange { exercise: "x/y".into(), points, best: 550 })
        };
        let setting = |wall_ms, value: &str| {
            Change::Setting(SettingChange {
                key: "language".into(),
                value: value.into(),
                stamp: rodina_protocol::hlc::Stamp::new(wall_ms, 0, "d").unwrap(),
            })
        };
        let pushed = |applied, unchanged| PushOutcome::Applied(Pushed { applied, unchanged });
        assert_eq!(
            store.push_changes(&a.id, &[attempt("i1", true), score(350)]).unwrap(),
            pushed(2, 0)
        );
        // The second change contradicts: the first one's write is rolled back.
        let refused =
            store.push_changes(&a.id, &[attempt("i2", true), attempt("i1", false)]).unwrap();
        assert_eq!(refused, PushOutcome::Refused { index: 1, refusal: Refusal::Contradicts });
        let refused = store.push_changes(&b.id, &[score(550), attempt("i1", true)]).unwrap();
        assert_eq!(refused, PushOutcome::Refused { index: 1, refusal: Refusal::Foreign });
        assert_eq!(store.pull_changes(&a.id, 0, 10).unwrap().0.len(), 2);
        assert_eq!(store.pull_changes(&b.id, 0, 10).unwrap().0.len(), 0);
        assert_eq!(store.sync_attempts(&a.id).unwrap().1, 2);
        store.push_changes(&b.id, &[score(550), setting(5, "sk"), attempt("i3", false)]).unwrap();
        store.push_changes(&a.id, &[setting(9, "en")]).unwrap();
        // b into a: the better score, a's later setting, both attempts.
        assert_eq!(store.merge_progress(&b.id, &a.id).unwrap(), 2);
        let (items, more) = store.pull_changes(&a.id, 0, 10).unwrap();
        assert!(!more);
        let held: Vec<Change> = items.into_iter().map(|s| s.change).collect();
        assert_eq!(held.len(), 4);
        assert!(held.contains(&score(550)) && held.contains(&setting(9, "en")));
        assert!(held.contains(&attempt("i3", false)));
        assert_eq!(store.pull_changes(&b.id, 0, 10).unwrap().0.len(), 0);
        assert_eq!(store.sync_attempts(&a.id).unwrap().0.len(), 2);
        // Numbers only grow: 3 (first push and setting), then the merge's 2.
        assert_eq!(store.sync_attempts(&a.id).unwrap().1, 5);
    }

    #[test]
    fn accounts_names_and_sessions() {
        let store = SqliteStore::in_memory().unwrap();
        let (a, b) = (account(1), account(2));
        store.create_account(&a, &session(&a, "h1")).unwrap();
        store.create_account(&b, &session(&b, "h2")).unwrap();
        assert!(matches!(store.create_account(&a, &session(&a, "h3")), Err(StoreError::Conflict)));
        assert_eq!(store.account(&a.id).unwrap(), Some(a.clone()));
        let name: PlayerName = "Ann".parse().unwrap();
        store.set_name(&a.id, &name, "hash").unwrap();
        let lower: PlayerName = "ann".parse().unwrap();
        assert_eq!(store.account_by_name(&lower).unwrap().map(|r| r.id), Some(a.id.clone()));
        // The name is unique without regard to case.
        assert!(matches!(store.set_name(&b.id, &lower, "x"), Err(StoreError::Conflict)));
        store.add_session(&session(&a, "h4")).unwrap();
        assert_eq!(store.session_account("h4").unwrap(), Some(a.id.clone()));
        store.delete_session("h4").unwrap();
        assert_eq!(store.session_account("h4").unwrap(), None);
        assert_eq!(store.delete_sessions(&a.id).unwrap(), 1);
        assert_eq!(store.session_account("h1").unwrap(), None);
        assert_eq!(store.session_account("h2").unwrap(), Some(b.id));
    }

    #[test]
    fn an_invitation_is_accepted_once_and_events_keep_their_versions() {
        let store = SqliteStore::in_memory().unwrap();
        let (a, b, c) = (account(1), account(2), account(3));
        for (x, h) in [(&a, "1"), (&b, "2"), (&c, "3")] {
            store.create_account(x, &session(x, h)).unwrap();
        }
        let inv = invitation(7, &a);
        store.create_invitation(&inv).unwrap();
        assert!(matches!(store.create_invitation(&inv), Err(StoreError::Conflict)));
        let g = game(9, &a, &b);
        assert!(store.accept_invitation(&inv.code, &b.id, &g).unwrap());
        // A second acceptance writes nothing: not the invitation, not a second game.
        assert!(!store.accept_invitation(&inv.code, &c.id, &game(10, &a, &c)).unwrap());
        assert_eq!(store.game(&GameId::from_random([10; 20])).unwrap(), None);
        let stored = store.invitation(&inv.code).unwrap().unwrap();
        assert_eq!((stored.game, stored.accepted_by), (Some(g.id.clone()), Some(b.id.clone())));
        assert_eq!(store.game(&g.id).unwrap(), Some(g.clone()));
        assert_eq!(store.games_of(&b.id, 10).unwrap(), vec![g.clone()]);
        assert_eq!(store.started_games().unwrap(), vec![g.id.clone()]);

        let progress =
            GameProgress { version: 1, plies: 1, status: Status::Started, outcome: None };
        let e1 = EventRow { version: 1, data: "{}".into(), at_ms: 3 };
        store.append_event(&g.id, &e1, &progress).unwrap();
        // The same version twice is a conflict, and the row stays as the first write left it.
        let ended = GameProgress {
            status: Status::Ended,
            outcome: Some(WireOutcome { result: "draw".into(), winner: None, reason: "x".into() }),
            ..progress.clone()
        };
        assert!(matches!(store.append_event(&g.id, &e1, &ended), Err(StoreError::Conflict)));
        assert_eq!(store.game(&g.id).unwrap().unwrap().progress, progress);
        let e2 = EventRow { version: 2, data: "[]".into(), at_ms: 4 };
        store.append_event(&g.id, &e2, &GameProgress { version: 2, ..ended.clone() }).unwrap();
        assert_eq!(store.events(&g.id, 0).unwrap(), vec![e1, e2.clone()]);
        assert_eq!(store.events(&g.id, 1).unwrap(), vec![e2]);
        assert_eq!(store.started_games().unwrap(), Vec::<GameId>::new());
        assert_eq!(store.game(&g.id).unwrap().unwrap().progress.outcome, ended.outcome);
    }

    #[test]
    fn a_batch_of_appends_fails_one_by_one() {
        let store = SqliteStore::in_memory().unwrap();
        let (a, b) = (account(1), account(2));
        store.create_account(&a, &session(&a, "1")).unwrap();
        store.create_account(&b, &session(&b, "2")).unwrap();
        let (g1, g2) = (game(1, &a, &b), game(2, &b, &a));
        for (g, code) in [(&g1, 1), (&g2, 2)] {
            let inv = invitation(code, &a);
            store.create_invitation(&inv).unwrap();
            assert!(store.accept_invitation(&inv.code, &b.id, g).unwrap());
        }
        let append = |g: &GameRow, version: u64, data: &str| Append {
            game: g.id.clone(),
            event: EventRow { version, data: data.into(), at_ms: version },
            progress: GameProgress { version, plies: 0, status: Status::Started, outcome: None },
        };
        store
            .append_event(&g1.id, &append(&g1, 1, "a").event, &append(&g1, 1, "a").progress)
            .unwrap();
        let results = store.append_events(&[
            append(&g2, 1, "b"),
            append(&g1, 1, "taken"),
            append(&g1, 2, "c"),
        ]);
        assert!(
            matches!(results.as_slice(), [Ok(()), Err(StoreError::Conflict), Ok(())]),
            "{results:?}"
        );
        let data = |g: &GameRow| -> Vec<String> {
            store.events(&g.id, 0).unwrap().into_iter().map(|e| e.data).collect()
        };
        assert_eq!(data(&g1), ["a", "c"]);
        assert_eq!(data(&g2), ["b"]);
        assert_eq!(store.game(&g1.id).unwrap().unwrap().progress.version, 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_writer_commits_many_games_appends_together() {
        let store = SqliteStore::in_memory().unwrap();
        let (a, b) = (account(1), account(2));
        store.create_account(&a, &session(&a, "1")).unwrap();
        store.create_account(&b, &session(&b, "2")).unwrap();
        let mut games = Vec::new();
        for n in 0..25u8 {
            let g = game(n, &a, &b);
            let inv = invitation(n, &a);
            store.create_invitation(&inv).unwrap();
            assert!(store.accept_invitation(&inv.code, &b.id, &g).unwrap());
            games.push(g);
        }
        let db = crate::store::Db::new(store);
        let mut tasks = Vec::new();
        for g in games.clone() {
            let db = db.clone();
            tasks.push(tokio::spawn(async move {
                for version in 1..=10 {
                    let progress =
                        GameProgress { version, plies: 0, status: Status::Started, outcome: None };
                    let event = EventRow { version, data: "{}".into(), at_ms: version };
                    db.append(Append { game: g.id.clone(), event, progress }).await.unwrap();
                }
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        for g in games {
            let id = g.id.clone();
            let events = db.run(move |s| s.events(&id, 0)).await.unwrap();
            assert_eq!(
                events.iter().map(|e| e.version).collect::<Vec<_>>(),
                (1..=10).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn the_log_is_checkpointed_beside_the_writer_not_by_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.db");
        let store = SqliteStore::open(&path).unwrap();
        let auto: i64 =
            store.conn().query_row("PRAGMA wal_autocheckpoint", [], |r| r.get(0)).unwrap();
        assert_eq!(auto, 0, "the writer must not checkpoint");
        // Ids of 5 bits a character: two characters tell 200 accounts apart.
        let numbered = |n: u8| {
            let mut random = [0u8; 20];
            random[0] = n % 32;
            random[1] = n / 32;
            AccountRow { id: AccountId::from_random(random), ..account(0) }
        };
        for n in 0..200 {
            let a = numbered(n);
            store.create_account(&a, &session(&a, &format!("h{n}"))).unwrap();
        }
        // Within a few periods the checkpointer has copied every frame of the log.
        let copied = (0..40).any(|_| {
            std::thread::sleep(CHECKPOINT_EVERY / 4);
            let (busy, log, done): (i64, i64, i64) = store
                .conn()
                .query_row("PRAGMA wal_checkpoint(NOOP)", [], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .unwrap_or((1, -1, -2));
            busy == 0 && log > 0 && log == done
        });
        assert!(copied, "the log was not checkpointed");
        drop(store);
        let store = SqliteStore::open(&path).unwrap();
        assert!(store.account(&numbered(199).id).unwrap().is_some());
    }

    #[test]
    fn a_database_file_keeps_its_rows_and_its_schema_version() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("server.db");
        let a = account(4);
        {
            let store = SqliteStore::open(&path).unwrap();
            store.create_account(&a, &session(&a, "h")).unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.account(&a.id).unwrap(), Some(a));
        store
            .conn()
            .execute("INSERT INTO schema_migrations (version, applied_at_ms) VALUES (99, 0)", [])
            .unwrap();
        drop(store);
        assert!(matches!(SqliteStore::open(&path), Err(StoreError::TooNew { found: 99, .. })));
    }
}
