//! The puzzles' storage: the attempt log, the difficulty each game's player chose, and the
//! device's id, in the app's one database ([`Store`]).
//!
//! The log keeps every field of an [`Attempt`] and nothing derived: ratings and solved sets
//! are replayed from it ([`rodina_puzzles::AttemptLog::replay`]), so a log merged with
//! another device's later is a union of rows. An attempt is read back through
//! [`Attempt::new`]'s checks; a row that fails them is a [`PuzzleError::BadAttempt`] and is
//! left as it is. Rows of a game this version does not know (written by a newer one) are
//! never read: every query names its game.

use rand::TryRngCore;
use rand::rngs::OsRng;
use rodina_puzzles::{
    Attempt, AttemptId, AttemptLog, AttemptResult, Difficulty, LogError, NewAttempt, PuzzleId,
};
use rodina_rules::Variant;
use rusqlite::types::Value;
use rusqlite::{OptionalExtension, params};

use crate::error::PuzzleError;
use crate::store::Store;

/// Migration 4 of the schema: the attempt log, the difficulty per game, the device's id.
pub(crate) const SCHEMA: &str = "CREATE TABLE puzzle_attempts (
        id TEXT PRIMARY KEY NOT NULL,
        device TEXT NOT NULL,
        variant TEXT NOT NULL,
        puzzle TEXT NOT NULL,
        started_ms INTEGER NOT NULL,
        ended_ms INTEGER NOT NULL,
        result TEXT NOT NULL,
        rated INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX puzzle_attempts_by_game ON puzzle_attempts (variant, ended_ms);
    CREATE TABLE puzzle_difficulty (
        variant TEXT PRIMARY KEY NOT NULL,
        difficulty TEXT NOT NULL
    );
    CREATE TABLE device (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        device_id TEXT NOT NULL
    );";

/// One stored row, as SQLite holds it (any column may hold any type).
type Row = [Value; 8];

/// The columns of a row, in [`Row`]'s order.
const COLUMNS: &str = "id, device, variant, puzzle, started_ms, ended_ms, result, rated";

/// A row of a query that selects [`COLUMNS`], as it is stored.
fn row_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    let mut row: Row = std::array::from_fn(|_| Value::Null);
    for (i, value) in row.iter_mut().enumerate() {
        *value = r.get(i)?;
    }
    Ok(row)
}

/// A row back into an attempt of `variant`, through every check an attempt has.
fn attempt_of(variant: Variant, row: Row) -> Result<Attempt, PuzzleError> {
    let [id, device, _variant, puzzle, started, ended, result, rated] = row;
    let shown = match &id {
        Value::Text(t) => t.chars().take(40).collect(),
        other => format!("{other:?}"),
    };
    let bad = |detail: String| PuzzleError::BadAttempt { id: shown.clone(), detail };
    let text = |v: Value, what: &str| match v {
        Value::Text(t) => Ok(t),
        other => Err(bad(format!("the {what} is not text: {other:?}"))),
    };
    let number = |v: Value, what: &str| match v {
        Value::Integer(n) => Ok(n),
        other => Err(bad(format!("the {what} is not a number: {other:?}"))),
    };
    let id: AttemptId = text(id, "id")?.parse().map_err(|e| bad(format!("{e}")))?;
    let puzzle: PuzzleId = text(puzzle, "puzzle")?.parse().map_err(|e| bad(format!("{e}")))?;
    let result = match text(result, "result")?.as_str() {
        "solved" => AttemptResult::Solved,
        "failed" => AttemptResult::Failed,
        other => return Err(bad(format!("an attempt is solved or failed, not {other:?}"))),
    };
    let rated = match number(rated, "rated mark")? {
        1 => true,
        0 => false,
        other => return Err(bad(format!("an attempt is rated (1) or casual (0), not {other}"))),
    };
    Attempt::new(NewAttempt {
        id,
        device: text(device, "device")?,
        puzzle,
        variant,
        started_ms: number(started, "start time")?,
        ended_ms: number(ended, "end time")?,
        result,
        rated,
    })
    .map_err(|e| bad(e.to_string()))
}

/// Inserts an attempt inside the caller's transaction: `true` when its id was new (an id
/// already there is left as it is).
pub(crate) fn insert_attempt(
    conn: &rusqlite::Connection,
    attempt: &Attempt,
) -> rusqlite::Result<bool> {
    let a = attempt.fields();
    let result = match a.result {
        AttemptResult::Solved => "solved",
        AttemptResult::Failed => "failed",
    };
    let added = conn.execute(
        &format!(
            "INSERT INTO puzzle_attempts ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
             ON CONFLICT (id) DO NOTHING"
        ),
        params![
            a.id.to_string(),
            a.device,
            a.variant.name(),
            a.puzzle.as_str(),
            a.started_ms,
            a.ended_ms,
            result,
            i64::from(a.rated)
        ],
    )?;
    Ok(added == 1)
}

impl Store {
    /// The attempt log of `variant`'s puzzles. A stored attempt that is not valid is a
    /// [`PuzzleError::BadAttempt`] naming it; the rows of other games are not read.
    pub fn puzzle_attempts(&self, variant: Variant) -> Result<AttemptLog, PuzzleError> {
        let mut stmt = self
            .conn
            .prepare(&format!("SELECT {COLUMNS} FROM puzzle_attempts WHERE variant = ?1"))
            .map_err(|e| self.err(e))?;
        let rows = stmt.query_map([variant.name()], row_of).map_err(|e| self.err(e))?;
        let mut log = AttemptLog::new();
        for row in rows {
            let attempt = attempt_of(variant, row.map_err(|e| self.err(e))?)?;
            // The id is the table's key: two rows never share one, so this never fails.
            log.insert(attempt).map_err(|e| match e {
                LogError::Conflict(id) => PuzzleError::Conflict(id.to_string()),
                other => PuzzleError::Conflict(other.to_string()),
            })?;
        }
        Ok(log)
    }

    /// Adds an attempt to the log: `Ok(true)` when it is new, `Ok(false)` when the same
    /// attempt is there already (saving twice changes nothing). A different attempt under the
    /// same id is a [`PuzzleError::Conflict`], and the stored one stays. A new attempt waits
    /// in the sync's outbox, written in the same transaction.
    pub fn add_puzzle_attempt(&self, attempt: &Attempt) -> Result<bool, PuzzleError> {
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        let added = insert_attempt(&tx, attempt).map_err(|e| self.err(e))?;
        if added {
            crate::sync::enqueue(&tx, &crate::sync::attempt_change(attempt))
                .map_err(|e| self.err(e))?;
            tx.commit().map_err(|e| self.err(e))?;
            return Ok(true);
        }
        drop(tx);
        let a = attempt.fields();
        let stored: Option<Row> = self
            .conn
            .query_row(
                &format!("SELECT {COLUMNS} FROM puzzle_attempts WHERE id = ?1"),
                [a.id.to_string()],
                row_of,
            )
            .optional()
            .map_err(|e| self.err(e))?;
        let same = match stored {
            Some(row) if matches!(&row[2], Value::Text(v) if v == a.variant.name()) => {
                attempt_of(a.variant, row).is_ok_and(|held| held == *attempt)
            }
            _ => false,
        };
        if same { Ok(false) } else { Err(PuzzleError::Conflict(a.id.to_string())) }
    }

    /// The difficulty the player chose for `variant`'s puzzles; [`Difficulty::Normal`] until
    /// one is chosen (and for a name this version does not know).
    pub fn puzzle_difficulty(&self, variant: Variant) -> Result<Difficulty, PuzzleError> {
        let stored: Option<String> = self
            .conn
            .query_row(
                "SELECT difficulty FROM puzzle_difficulty WHERE variant = ?1",
                [variant.name()],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.err(e))?;
        Ok(stored.and_then(|name| name.parse().ok()).unwrap_or_default())
    }

    /// Keeps the difficulty chosen for `variant`'s puzzles (a setting that syncs: stamped
    /// and in the outbox when it changes).
    pub fn set_puzzle_difficulty(
        &self,
        variant: Variant,
        difficulty: Difficulty,
    ) -> Result<(), PuzzleError> {
        let key = format!("puzzle_difficulty.{}", variant.name());
        self.write_settings(&[(key.as_str(), difficulty.name().to_owned())])?;
        Ok(())
    }

    /// This device's id: 32 hexadecimal digits from the operating system's secure generator,
    /// made the first time it is asked for and kept from then on. Attempts carry it, so that
    /// a log merged from several devices still says where each attempt was made.
    pub fn device_id(&self) -> Result<String, PuzzleError> {
        if let Some(id) = self.stored_device_id()? {
            return Ok(id);
        }
        let mut bytes = [0u8; 16];
        OsRng.try_fill_bytes(&mut bytes).map_err(|e| PuzzleError::Randomness(e.to_string()))?;
        let id: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        // Another connection may have made one meanwhile: the first one made stays.
        self.conn
            .execute(
                "INSERT INTO device (id, device_id) VALUES (1, ?1) ON CONFLICT (id) DO NOTHING",
                [&id],
            )
            .map_err(|e| self.err(e))?;
        Ok(self.stored_device_id()?.unwrap_or(id))
    }

    fn stored_device_id(&self) -> Result<Option<String>, PuzzleError> {
        Ok(self
            .conn
            .query_row("SELECT device_id FROM device WHERE id = 1", [], |r| r.get(0))
            .optional()
            .map_err(|e| self.err(e))?)
    }
}

#[cfg(test)]
mod tests;
