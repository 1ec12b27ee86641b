//! Sync's storage: the outbox of changes not yet acknowledged by the server, the cursor of
//! what was pulled, the settings' clock stamps, in the app's one database.
//!
//! A change enters the outbox in the same transaction as the change itself (an attempt
//! written, a better course score, a setting saved: see `puzzle/store.rs`,
//! `course/store.rs`, `store.rs`), so a crash can lose neither. The outbox holds one row per
//! item (a later change to the same setting replaces the earlier row), and a row leaves it
//! only when the server has acknowledged a push that carried it. Pulled changes are merged
//! in by each kind's rule (a union of attempts, the best score, the latest stamp) together
//! with the new cursor, in one transaction: a crash between the two cannot happen.

use rodina_protocol::hlc::{Clock, Stamp};
use rodina_protocol::{
    AttemptChange, Change, CourseScoreChange, SYNCED_SETTINGS, SettingChange, Synced,
};
use rodina_puzzles::{Attempt, AttemptResult, NewAttempt};
use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;
use crate::store::{Store, now_ms};

/// Migration 7 of the schema: the outbox, each server's cursor, the settings' stamps and the
/// clock that makes them. Progress made before this version waits in the outbox for the
/// first sync.
pub(crate) const SCHEMA: &str = "CREATE TABLE sync_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        item_key TEXT NOT NULL UNIQUE,
        data TEXT NOT NULL
    );
    CREATE TABLE sync_state (
        server TEXT PRIMARY KEY NOT NULL,
        account TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        synced_ms INTEGER
    ) WITHOUT ROWID;
    CREATE TABLE setting_stamps (
        key TEXT PRIMARY KEY NOT NULL,
        stamp TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE sync_clock (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        last TEXT NOT NULL
    );";

/// Puts every attempt and course score of the database in the outbox (replacing what is
/// there), as JSON the protocol reads ([`Change`]). Settings need their stamps: see
/// [`enqueue_everything`]. Also migration 8: the progress made before sync, in the outbox for
/// the first sync.
pub(crate) const ENQUEUE_PROGRESS: &str = "
    INSERT OR REPLACE INTO sync_outbox (item_key, data)
    SELECT 'attempt:' || id, json_object(
        'kind', 'attempt', 'id', id, 'device', device, 'game', variant, 'puzzle', puzzle,
        'started_ms', started_ms, 'ended_ms', ended_ms,
        'solved', json(CASE result WHEN 'solved' THEN 'true' ELSE 'false' END),
        'rated', json(CASE rated WHEN 1 THEN 'true' ELSE 'false' END))
    FROM puzzle_attempts ORDER BY started_ms, id;
    INSERT OR REPLACE INTO sync_outbox (item_key, data)
    SELECT 'course:' || exercise, json_object(
        'kind', 'course_score', 'exercise', exercise, 'points', points, 'best', best)
    FROM course_scores ORDER BY exercise;";

/// Where a server's sync stands on this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncPoint {
    /// The account synced with.
    pub account: String,
    /// The last sequence number pulled.
    pub cursor: u64,
    /// When the last sync finished, Unix milliseconds.
    pub synced_ms: Option<i64>,
}

/// One change waiting in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    /// Its place in the outbox.
    pub seq: i64,
    /// The change (`None` when the stored row no longer reads: it is sent as nothing and
    /// dropped).
    pub change: Option<Change>,
}

/// Adds `change` to the outbox inside the caller's transaction, replacing an older change
/// to the same item.
pub(crate) fn enqueue(conn: &Connection, change: &Change) -> rusqlite::Result<()> {
    let data = serde_json::to_string(change)
        .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
    conn.execute("DELETE FROM sync_outbox WHERE item_key = ?1", [change.key()])?;
    conn.execute(
        "INSERT INTO sync_outbox (item_key, data) VALUES (?1, ?2)",
        params![change.key(), data],
    )?;
    Ok(())
}

/// Everything this device holds, in the outbox: attempts, course scores and every stamped
/// setting. For a device that starts syncing with another account.
fn enqueue_everything(conn: &Connection) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM sync_outbox", [])?;
    conn.execute_batch(ENQUEUE_PROGRESS)?;
    let stamped: Vec<(String, String)> = {
        let mut stmt = conn.prepare("SELECT key, stamp FROM setting_stamps ORDER BY key")?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    for (key, stamp) in stamped {
        let (Some(value), Ok(stamp)) = (setting_value(conn, &key)?, stamp.parse::<Stamp>()) else {
            continue;
        };
        enqueue(conn, &Change::Setting(SettingChange { key, value, stamp }))?;
    }
    Ok(())
}

/// A synced setting's value as stored: the settings table, or a game's puzzle difficulty.
fn setting_value(conn: &Connection, key: &str) -> rusqlite::Result<Option<String>> {
    match key.strip_prefix("puzzle_difficulty.") {
        Some(game) => conn
            .query_row("SELECT difficulty FROM puzzle_difficulty WHERE variant = ?1", [game], |r| {
                r.get(0)
            })
            .optional(),
        None => conn
            .query_row("SELECT value FROM settings WHERE key = ?1", [key], |r| r.get(0))
            .optional(),
    }
}

fn set_setting_value(conn: &Connection, key: &str, value: &str) -> rusqlite::Result<()> {
    match key.strip_prefix("puzzle_difficulty.") {
        Some(game) => conn.execute(
            "INSERT INTO puzzle_difficulty (variant, difficulty) VALUES (?1, ?2)
             ON CONFLICT (variant) DO UPDATE SET difficulty = excluded.difficulty",
            params![game, value],
        ),
        None => conn.execute(
            "INSERT INTO settings (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            params![key, value],
        ),
    }
    .map(|_| ())
}

/// The stamp a setting carries, if it was ever written by a device that syncs.
fn stamp_of(conn: &Connection, key: &str) -> rusqlite::Result<Option<Stamp>> {
    let text: Option<String> = conn
        .query_row("SELECT stamp FROM setting_stamps WHERE key = ?1", [key], |r| r.get(0))
        .optional()?;
    Ok(text.and_then(|t| t.parse().ok()))
}

/// The device's clock as last stored (or new), for a write or to fold in a stamp seen.
fn clock(conn: &Connection, device: &str) -> Result<Clock, String> {
    let last: Option<String> = conn
        .query_row("SELECT last FROM sync_clock WHERE id = 1", [], |r| r.get(0))
        .optional()
        .map_err(|e| e.to_string())?;
    let last = last.and_then(|t| t.parse::<Stamp>().ok());
    match last {
        Some(last) => Clock::resume(device, &last),
        None => Clock::new(device),
    }
    .map_err(|e| e.to_string())
}

fn keep_clock(conn: &Connection, clock: &Clock) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO sync_clock (id, last) VALUES (1, ?1)
         ON CONFLICT (id) DO UPDATE SET last = excluded.last",
        [clock.last().to_string()],
    )
    .map(|_| ())
}

fn wall_ms() -> u64 {
    u64::try_from(now_ms()).unwrap_or(0)
}

/// Writes a synced setting inside the caller's transaction, if its value changes: the new
/// value, a fresh stamp from the device's clock, and the change in the outbox.
fn write_setting(conn: &Connection, device: &str, key: &str, value: &str) -> Result<bool, String> {
    let sql = |e: rusqlite::Error| e.to_string();
    if setting_value(conn, key).map_err(sql)?.as_deref() == Some(value) {
        return Ok(false);
    }
    set_setting_value(conn, key, value).map_err(sql)?;
    if !SYNCED_SETTINGS.contains(&key) {
        return Ok(true);
    }
    let mut clock = clock(conn, device)?;
    let stamp = clock.tick(wall_ms()).map_err(|e| e.to_string())?;
    keep_clock(conn, &clock).map_err(sql)?;
    conn.execute(
        "INSERT INTO setting_stamps (key, stamp) VALUES (?1, ?2)
         ON CONFLICT (key) DO UPDATE SET stamp = excluded.stamp",
        params![key, stamp.to_string()],
    )
    .map_err(sql)?;
    let change =
        Change::Setting(SettingChange { key: key.to_owned(), value: value.to_owned(), stamp });
    enqueue(conn, &change).map_err(sql)?;
    Ok(true)
}

/// An attempt of the wire as the puzzles' own type, if it reads.
pub(crate) fn attempt_of(a: &AttemptChange) -> Option<Attempt> {
    Attempt::new(NewAttempt {
        id: a.id.parse().ok()?,
        device: a.device.clone(),
        puzzle: a.puzzle.parse().ok()?,
        variant: a.game.parse().ok()?,
        started_ms: a.started_ms,
        ended_ms: a.ended_ms,
        result: if a.solved { AttemptResult::Solved } else { AttemptResult::Failed },
        rated: a.rated,
    })
    .ok()
}

/// An attempt as the wire carries it.
pub(crate) fn attempt_change(a: &Attempt) -> Change {
    let f = a.fields();
    Change::Attempt(AttemptChange {
        id: f.id.to_string(),
        device: f.device.clone(),
        game: f.variant.name().to_owned(),
        puzzle: f.puzzle.as_str().to_owned(),
        started_ms: f.started_ms,
        ended_ms: f.ended_ms,
        solved: f.result == AttemptResult::Solved,
        rated: f.rated,
    })
}

/// A course score as the wire carries it.
pub(crate) fn score_change(exercise: &str, points: u32, best: u32) -> Change {
    Change::CourseScore(CourseScoreChange { exercise: exercise.to_owned(), points, best })
}

/// What merging pulled changes did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Merged {
    /// Attempts this device did not have.
    pub attempts: u32,
    /// Course scores better than this device's.
    pub scores: u32,
    /// Settings written later than this device's.
    pub settings: u32,
    /// Changes that lost to what this device had (a worse score, an earlier setting) or
    /// that it had already.
    pub kept: u32,
    /// Changes this version cannot read (a game or setting it does not know): left out.
    pub unreadable: u32,
}

impl Store {
    /// This device's id, as its settings' stamps carry it.
    pub(crate) fn sync_device(&self) -> Result<String, StoreError> {
        self.device_id().map_err(|e| match e {
            crate::error::PuzzleError::Store(e) => e,
            other => StoreError::Randomness(other.to_string()),
        })
    }

    /// Writes synced settings (key and value) in one transaction: each whose value changes
    /// gets a fresh stamp and goes into the outbox.
    pub(crate) fn write_settings(&self, values: &[(&str, String)]) -> Result<(), StoreError> {
        let device = self.sync_device()?;
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        for (key, value) in values {
            write_setting(&tx, &device, key, value)
                .map_err(|detail| StoreError::Write { path: self.path().to_owned(), detail })?;
        }
        tx.commit().map_err(|e| self.err(e))
    }

    /// How many changes wait to be sent.
    pub fn sync_pending(&self) -> Result<u32, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM sync_outbox", [], |r| r.get(0))
            .map_err(|e| self.err(e))?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// The first `limit` changes of the outbox, oldest first.
    pub fn sync_outbox(&self, limit: usize) -> Result<Vec<Outgoing>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT seq, data FROM sync_outbox ORDER BY seq LIMIT ?1")
            .map_err(|e| self.err(e))?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = stmt
            .query_map([limit], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        for row in rows {
            let (seq, data) = row.map_err(|e| self.err(e))?;
            out.push(Outgoing { seq, change: serde_json::from_str(&data).ok() });
        }
        Ok(out)
    }

    /// Drops the outbox's changes up to `seq` (the server acknowledged a push of them).
    pub fn sync_acknowledged(&self, seq: i64) -> Result<(), StoreError> {
        self.conn
            .execute("DELETE FROM sync_outbox WHERE seq <= ?1", [seq])
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Drops one change the server can never take (an unknown puzzle, another account's
    /// attempt): it stays in this device's progress, and is no longer sent.
    pub fn sync_drop(&self, seq: i64) -> Result<(), StoreError> {
        self.conn
            .execute("DELETE FROM sync_outbox WHERE seq = ?1", [seq])
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Where the sync with `server` stands, if this device has synced with it.
    pub fn sync_state(&self, server: &str) -> Result<Option<SyncPoint>, StoreError> {
        self.conn
            .query_row(
                "SELECT account, cursor, synced_ms FROM sync_state WHERE server = ?1",
                [server],
                |r| {
                    Ok(SyncPoint {
                        account: r.get(0)?,
                        cursor: u64::try_from(r.get::<_, i64>(1)?).unwrap_or(0),
                        synced_ms: r.get(2)?,
                    })
                },
            )
            .optional()
            .map_err(|e| self.err(e))
    }

    /// Makes ready to sync with `account` on `server`: with another account than last
    /// time (or the first time), everything this device holds goes into the outbox, and
    /// pulling starts from the beginning. Returns the cursor to pull from.
    pub fn sync_begin(&self, server: &str, account: &str) -> Result<u64, StoreError> {
        let state = self.sync_state(server)?;
        if let Some(s) = state.as_ref().filter(|s| s.account == account) {
            return Ok(s.cursor);
        }
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        enqueue_everything(&tx).map_err(|e| self.err(e))?;
        tx.execute(
            "INSERT INTO sync_state (server, account, cursor, synced_ms) VALUES (?1, ?2, 0, NULL)
             ON CONFLICT (server) DO UPDATE SET account = excluded.account, cursor = 0,
                synced_ms = NULL",
            params![server, account],
        )
        .map_err(|e| self.err(e))?;
        tx.commit().map_err(|e| self.err(e))?;
        Ok(0)
    }

    /// Merges pulled changes into this device's progress and moves the cursor to `cursor`,
    /// in one transaction. Nothing merged goes into the outbox: it came from the server.
    pub fn sync_merge(
        &self,
        server: &str,
        changes: &[Synced],
        cursor: u64,
    ) -> Result<Merged, StoreError> {
        let err = |e| self.err(e);
        let tx = self.conn.unchecked_transaction().map_err(err)?;
        let mut merged = Merged::default();
        let mut clock = self.sync_device().ok().and_then(|device| clock(&tx, &device).ok());
        for synced in changes {
            match &synced.change {
                Change::Attempt(a) => {
                    let Some(attempt) = attempt_of(a) else {
                        merged.unreadable += 1;
                        continue;
                    };
                    let added = crate::puzzle::insert_attempt(&tx, &attempt).map_err(err)?;
                    if added { merged.attempts += 1 } else { merged.kept += 1 }
                }
                Change::CourseScore(c) => {
                    let variant = c.exercise.split('/').next().unwrap_or_default();
                    let known = variant.parse::<rodina_rules::Variant>().is_ok()
                        && rodina_learn::Score::from_parts(c.points, c.best).is_some();
                    if !known {
                        merged.unreadable += 1;
                        continue;
                    }
                    let better =
                        crate::course::keep_better(&tx, &c.exercise, variant, c.points, c.best)
                            .map_err(err)?;
                    if better { merged.scores += 1 } else { merged.kept += 1 }
                }
                Change::Setting(s) => {
                    if !SYNCED_SETTINGS.contains(&s.key.as_str()) {
                        merged.unreadable += 1;
                        continue;
                    }
                    if let Some(c) = clock.as_mut() {
                        // A stamp far ahead is refused by the server before it gets here.
                        let _ = c.observe(&s.stamp, wall_ms());
                    }
                    let mine = stamp_of(&tx, &s.key).map_err(err)?;
                    if mine.is_some_and(|m| m >= s.stamp) {
                        merged.kept += 1;
                        continue;
                    }
                    set_setting_value(&tx, &s.key, &s.value).map_err(err)?;
                    tx.execute(
                        "INSERT INTO setting_stamps (key, stamp) VALUES (?1, ?2)
                         ON CONFLICT (key) DO UPDATE SET stamp = excluded.stamp",
                        params![s.key, s.stamp.to_string()],
                    )
                    .map_err(err)?;
                    // A write of this device's that waits in the outbox lost to this one.
                    tx.execute(
                        "DELETE FROM sync_outbox WHERE item_key = ?1",
                        [format!("setting:{}", s.key)],
                    )
                    .map_err(err)?;
                    merged.settings += 1;
                }
            }
        }
        if let Some(c) = &clock {
            keep_clock(&tx, c).map_err(err)?;
        }
        let cursor = i64::try_from(cursor).unwrap_or(i64::MAX);
        tx.execute("UPDATE sync_state SET cursor = ?2 WHERE server = ?1", params![server, cursor])
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(merged)
    }

    /// Notes that a sync with `server` finished now.
    pub fn sync_finished(&self, server: &str) -> Result<(), StoreError> {
        self.conn
            .execute(
                "UPDATE sync_state SET synced_ms = ?2 WHERE server = ?1",
                params![server, now_ms()],
            )
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// Forgets this device's synced progress (attempts, course scores, the outbox and the
    /// sync's state): for a device signed out of an account whose progress is safe on the
    /// server. Saved games and settings stay.
    pub fn forget_synced_progress(&self) -> Result<(), StoreError> {
        self.conn
            .execute_batch(
                "BEGIN;
                 DELETE FROM puzzle_attempts;
                 DELETE FROM course_scores;
                 DELETE FROM sync_outbox;
                 DELETE FROM sync_state;
                 COMMIT;",
            )
            .map_err(|e| self.err(e))
    }
}
