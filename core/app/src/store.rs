//! Storage (lichess-mobile's "storage" layer): one SQLite database at a path the app gives,
//! holding saved games and settings, the puzzles' attempt log (its queries are the puzzle
//! feature's own: `puzzle/store.rs`), course scores and the online account's token
//! (`online/store.rs`).
//!
//! The schema is versioned with `PRAGMA user_version` and upgraded by numbered migrations,
//! each in its own transaction. The file is marked as Rodina's with `PRAGMA application_id`.
//! Opening never writes to a file it does not fully understand: a damaged file, another
//! program's database, or one from a newer version of the app is reported as a typed error
//! and left as it is, so nothing the player saved is lost silently.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use rodina_rules::{Outcome, Variant};
use rusqlite::{Connection, ErrorCode, OptionalExtension, params};

use crate::error::StoreError;
use crate::model::{GameSummary, Player};
use crate::text::Language;

/// `PRAGMA application_id` of a Rodina database ("RODI" in ASCII).
pub const APPLICATION_ID: i32 = 0x524F_4449;

/// The schema migrations, in order: migration `i` takes the schema from version `i` to
/// `i + 1`. Append only; never edit one that has shipped.
pub(crate) const MIGRATIONS: &[&str] = &[
    // 1: saved games and settings.
    "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        variant TEXT NOT NULL,
        start_fen TEXT NOT NULL,
        handicap TEXT,
        first_player TEXT NOT NULL,
        second_player TEXT NOT NULL,
        moves TEXT NOT NULL,
        ply_count INTEGER NOT NULL,
        declared TEXT,
        outcome TEXT,
        created_at_ms INTEGER NOT NULL,
        updated_at_ms INTEGER NOT NULL
    );
    CREATE INDEX games_by_update ON games (updated_at_ms DESC);
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );",
    // 2: the seed of a game's bots, so that a resumed game plays on as it would have.
    // Games saved before get a seed of their own now (SQLite's random()), fixed from then on.
    "ALTER TABLE games ADD COLUMN bot_seed INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET bot_seed = random();",
    // 3: the rule set a game is played under (Jieqi), by its stable name.
    "ALTER TABLE games ADD COLUMN rule_set TEXT;",
    // 4: puzzles: the attempt log, the difficulty chosen per game, this device's id.
    crate::puzzle::SCHEMA,
    // 5: rules courses: the best score per exercise.
    crate::course::SCHEMA,
    // 6: online play: this device's account (id, session token, name) on each server.
    crate::online::SCHEMA,
    // 7: progress sync: the outbox, each server's cursor, the settings' stamps.
    crate::sync::SCHEMA,
    // 8: what was made before sync, in the outbox for the first sync.
    crate::sync::ENQUEUE_PROGRESS,
];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// A saved game: everything needed to rebuild it exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game.
    pub variant: Variant,
    /// The start position's whole state (see [`rodina_rules::Truth::truth_fen`]): for Jieqi
    /// the full FEN, hidden identities included. It stays on the device.
    pub start_fen: String,
    /// The handicap the game started with, by its stable name (for display: the start FEN
    /// already has the pieces removed).
    pub handicap: Option<String>,
    /// The rule set by its stable name (Jieqi), if one was chosen.
    pub rule_set: Option<String>,
    /// Who played first.
    pub first: Player,
    /// Who played second.
    pub second: Player,
    /// The moves as the true record writes them (Jieqi: with what each revealed).
    pub moves: Vec<String>,
    /// An ending the moves do not show (resignation, time, agreement).
    pub declared: Option<Outcome>,
    /// The seed the game's bots follow (see [`crate::Session::bot_seed`]).
    pub bot_seed: u64,
}

/// SQLite stores 64-bit signed integers: a seed is kept as the same 64 bits.
fn seed_to_sql(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

fn seed_from_sql(stored: i64) -> u64 {
    u64::from_ne_bytes(stored.to_ne_bytes())
}

/// How a piece is labelled on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceStyle {
    /// Chinese characters (帥, 將, ...), as Xiangqi sets are printed.
    Characters,
    /// Latin letters (K, A, E, H, R, C, P), for players new to the characters.
    Letters,
}

/// The player's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Mark where the selected piece can go.
    pub show_legal_targets: bool,
    /// Mark the last move.
    pub show_last_move: bool,
    /// In pass-and-play, turn the board to face the side to move.
    pub rotate_board: bool,
    /// How pieces are labelled.
    pub piece_style: PieceStyle,
    /// The language the player chose; `None` follows the system's.
    pub language: Option<Language>,
}

impl Settings {
    /// The language to speak: the player's choice, else the system's (`system_locale`, a
    /// locale tag such as `sk-SK`).
    pub fn language_for(&self, system_locale: &str) -> Language {
        self.language.unwrap_or_else(|| Language::for_locale(system_locale))
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            language: None,
            show_legal_targets: true,
            show_last_move: true,
            rotate_board: false,
            piece_style: PieceStyle::Characters,
        }
    }
}

/// The app's database.
pub struct Store {
    pub(crate) conn: Connection,
    path: PathBuf,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

/// The device's clock, in milliseconds since 1970 (0 before 1970, as a clock set that far
/// back has nothing better to say).
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// Turns a SQLite error into a [`StoreError`], naming damage as damage.
fn db_error(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
            StoreError::Damaged { path: path.to_owned(), detail: e.to_string() }
        }
        _ => StoreError::Sqlite { path: path.to_owned(), source: e },
    }
}

fn parse_outcome(text: &str) -> Option<Outcome> {
    text.parse().ok()
}

fn parse_player(id: i64, text: &str) -> Result<Player, StoreError> {
    Player::from_text(text)
        .ok_or_else(|| StoreError::BadRecord { id, detail: format!("unknown player {text:?}") })
}

fn parse_variant(id: i64, text: &str) -> Result<Variant, StoreError> {
    text.parse()
        .map_err(|e: rodina_rules::UnknownName| StoreError::BadRecord { id, detail: e.to_string() })
}

fn parse_bool(text: &str) -> Option<bool> {
    match text {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

impl Store {
    /// Opens the database at `path`, creating it if there is no file, and brings its schema
    /// up to date. Fails without touching the file if it is damaged, belongs to another
    /// program or was written by a newer version of the app.
    pub fn open(path: impl AsRef<Path>) -> Result<Store, StoreError> {
        let path = path.as_ref().to_owned();
        let conn = Connection::open(&path).map_err(|e| db_error(&path, e))?;
        Store::init(conn, path)
    }

    /// A database in memory, gone when the store is dropped (tests, previews).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let path = PathBuf::from(":memory:");
        let conn = Connection::open_in_memory().map_err(|e| db_error(&path, e))?;
        Store::init(conn, path)
    }

    fn init(conn: Connection, path: PathBuf) -> Result<Store, StoreError> {
        let err = |e| db_error(&path, e);
        // Read only until the file is known to be ours. SQLite reads the header lazily, so a
        // file that is not a database fails here, with NotADatabase.
        let app_id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).map_err(err)?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(err)?;
        let tables: i64 =
            conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0)).map_err(err)?;
        let fresh = app_id == 0 && version == 0 && tables == 0;
        if !fresh && app_id != APPLICATION_ID {
            return Err(StoreError::Foreign { path });
        }
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew { path, found: version, supported: SCHEMA_VERSION });
        }
        if !fresh && version < SCHEMA_VERSION {
            // A migration rewrites tables: a file with damaged pages must be found out before
            // that. quick_check reads every page, so it runs only then; otherwise a damaged
            // page is reported (as `Damaged`) by the read that meets it, and no write of ours
            // touches a page it has not read.
            let verdict: String =
                conn.query_row("PRAGMA quick_check(1)", [], |r| r.get(0)).map_err(err)?;
            if verdict != "ok" {
                return Err(StoreError::Damaged { path, detail: verdict });
            }
        }
        // WAL: a save never blocks a read of the list, and a crash mid-write loses nothing
        // already committed. In-memory databases keep their own journal mode.
        // The timeout first: switching to WAL waits for another connection instead of failing.
        conn.busy_timeout(std::time::Duration::from_secs(2)).map_err(err)?;
        let _mode: String =
            conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0)).map_err(err)?;
        let mut store = Store { conn, path };
        store.migrate(version)?;
        Ok(store)
    }

    fn migrate(&mut self, from: i64) -> Result<(), StoreError> {
        let path = self.path.clone();
        let err = |e| db_error(&path, e);
        let start = usize::try_from(from).unwrap_or(0);
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(start) {
            let tx = self.conn.transaction().map_err(err)?;
            tx.execute_batch(sql).map_err(err)?;
            tx.pragma_update(None, "application_id", APPLICATION_ID).map_err(err)?;
            tx.pragma_update(None, "user_version", i as i64 + 1).map_err(err)?;
            tx.commit().map_err(err)?;
        }
        Ok(())
    }

    pub(crate) fn err(&self, e: rusqlite::Error) -> StoreError {
        db_error(&self.path, e)
    }

    /// Moves a database that cannot be opened (damaged, another program's, or from a newer
    /// version) out of the way, with its journal files, so that a new one can be created at
    /// `path`: it is renamed beside it with a suffix that says why and when, and nothing in it
    /// is lost. Returns where it went. A missing file is left missing.
    pub fn set_aside(path: impl AsRef<Path>, why: &str) -> Result<Option<PathBuf>, StoreError> {
        let path = path.as_ref();
        if !path.exists() {
            return Ok(None);
        }
        let stamp = now_ms();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let why: String = why.chars().filter(char::is_ascii_alphanumeric).take(16).collect();
        let target = path.with_file_name(format!("{name}.{why}-{stamp}"));
        let io =
            |e: std::io::Error| StoreError::Io { path: path.to_owned(), detail: e.to_string() };
        // The journal files first: a database renamed without its WAL would lose what the WAL
        // holds, and the new database must not pick them up.
        for suffix in ["-wal", "-shm"] {
            let journal = path.with_file_name(format!("{name}{suffix}"));
            if journal.exists() {
                std::fs::rename(
                    &journal,
                    target.with_file_name(format!("{name}.{why}-{stamp}{suffix}")),
                )
                .map_err(io)?;
            }
        }
        std::fs::rename(path, &target).map_err(io)?;
        Ok(Some(target))
    }

    /// Where the database lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version of the open database (always [`SCHEMA_VERSION`] once open).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        self.conn.query_row("PRAGMA user_version", [], |r| r.get(0)).map_err(|e| self.err(e))
    }

    /// Saves a game: as a new saved game when `id` is `None`, otherwise over saved game `id`
    /// (which must exist). `outcome` is kept for the list of saved games. Returns the id.
    pub fn save_game(
        &self,
        id: Option<i64>,
        record: &GameRecord,
        outcome: Option<Outcome>,
    ) -> Result<i64, StoreError> {
        let now = now_ms();
        let moves = record.moves.join(" ");
        let plies = i64::try_from(record.moves.len()).unwrap_or(i64::MAX);
        let declared = record.declared.map(|o| o.to_string());
        let outcome = outcome.map(|o| o.to_string());
        match id {
            None => {
                self.conn
                    .execute(
                        "INSERT INTO games (variant, start_fen, handicap, first_player,
                            second_player, moves, ply_count, declared, outcome, created_at_ms,
                            updated_at_ms, bot_seed, rule_set)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12)",
                        params![
                            record.variant.name(),
                            record.start_fen,
                            record.handicap,
                            record.first.to_text(),
                            record.second.to_text(),
                            moves,
                            plies,
                            declared,
                            outcome,
                            now,
                            seed_to_sql(record.bot_seed),
                            record.rule_set
                        ],
                    )
                    .map_err(|e| self.err(e))?;
                Ok(self.conn.last_insert_rowid())
            }
            Some(id) => {
                let changed = self
                    .conn
                    .execute(
                        "UPDATE games SET variant = ?2, start_fen = ?3, handicap = ?4,
                            first_player = ?5, second_player = ?6, moves = ?7, ply_count = ?8,
                            declared = ?9, outcome = ?10, updated_at_ms = ?11, bot_seed = ?12,
                            rule_set = ?13
                         WHERE id = ?1",
                        params![
                            id,
                            record.variant.name(),
                            record.start_fen,
                            record.handicap,
                            record.first.to_text(),
                            record.second.to_text(),
                            moves,
                            plies,
                            declared,
                            outcome,
                            now,
                            seed_to_sql(record.bot_seed),
                            record.rule_set
                        ],
                    )
                    .map_err(|e| self.err(e))?;
                if changed == 0 {
                    return Err(StoreError::NotFound { id });
                }
                Ok(id)
            }
        }
    }

    /// Reads saved game `id`.
    pub fn load_game(&self, id: i64) -> Result<GameRecord, StoreError> {
        type Row = (
            String,
            String,
            Option<String>,
            String,
            String,
            String,
            Option<String>,
            i64,
            Option<String>,
        );
        let row: Option<Row> = self
            .conn
            .query_row(
                "SELECT variant, start_fen, handicap, first_player, second_player, moves, declared,
                        bot_seed, rule_set
                 FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                        r.get(7)?,
                        r.get(8)?,
                    ))
                },
            )
            .optional()
            .map_err(|e| self.err(e))?;
        let Some((variant, start_fen, handicap, first, second, moves, declared, seed, rule_set)) =
            row
        else {
            return Err(StoreError::NotFound { id });
        };
        let declared = match declared {
            None => None,
            Some(text) => Some(parse_outcome(&text).ok_or_else(|| StoreError::BadRecord {
                id,
                detail: format!("unknown ending {text:?}"),
            })?),
        };
        Ok(GameRecord {
            variant: parse_variant(id, &variant)?,
            start_fen,
            handicap,
            rule_set,
            first: parse_player(id, &first)?,
            second: parse_player(id, &second)?,
            moves: moves.split_whitespace().map(str::to_owned).collect(),
            declared,
            bot_seed: seed_from_sql(seed),
        })
    }

    /// The saved games, most recently saved first.
    ///
    /// A game whose variant or players this version cannot read is left out of the list
    /// rather than failing it; it stays in the database untouched.
    pub fn list_games(&self) -> Result<Vec<GameSummary>, StoreError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, variant, first_player, second_player, ply_count, outcome,
                        created_at_ms, updated_at_ms
                 FROM games ORDER BY updated_at_ms DESC, id DESC",
            )
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, i64>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                ))
            })
            .map_err(|e| self.err(e))?;
        let mut out = Vec::new();
        for row in rows {
            let (id, variant, first, second, plies, outcome, created, updated) =
                row.map_err(|e| self.err(e))?;
            let (Ok(variant), Ok(first), Ok(second)) =
                (parse_variant(id, &variant), parse_player(id, &first), parse_player(id, &second))
            else {
                continue;
            };
            out.push(GameSummary {
                id,
                variant,
                first,
                second,
                ply_count: u32::try_from(plies).unwrap_or(0),
                outcome: outcome.as_deref().and_then(parse_outcome),
                created_at_ms: created,
                updated_at_ms: updated,
            });
        }
        Ok(out)
    }

    /// Deletes saved game `id`. Returns whether it existed.
    pub fn delete_game(&self, id: i64) -> Result<bool, StoreError> {
        let n =
            self.conn.execute("DELETE FROM games WHERE id = ?1", [id]).map_err(|e| self.err(e))?;
        Ok(n > 0)
    }

    /// The settings; a setting never saved (or saved by a version with other values) has
    /// its default.
    pub fn settings(&self) -> Result<Settings, StoreError> {
        let mut stmt =
            self.conn.prepare("SELECT key, value FROM settings").map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(|e| self.err(e))?;
        let mut s = Settings::default();
        for row in rows {
            let (key, value) = row.map_err(|e| self.err(e))?;
            match key.as_str() {
                "show_legal_targets" => {
                    s.show_legal_targets = parse_bool(&value).unwrap_or(s.show_legal_targets);
                }
                "show_last_move" => {
                    s.show_last_move = parse_bool(&value).unwrap_or(s.show_last_move);
                }
                "rotate_board" => s.rotate_board = parse_bool(&value).unwrap_or(s.rotate_board),
                "language" => s.language = value.parse().ok(),
                "piece_style" => match value.as_str() {
                    "characters" => s.piece_style = PieceStyle::Characters,
                    "letters" => s.piece_style = PieceStyle::Letters,
                    _ => {}
                },
                // Keys of other versions are kept in the table and ignored here.
                _ => {}
            }
        }
        Ok(s)
    }

    /// Saves the settings (all at once, in one transaction). Each that changes is stamped
    /// by this device's clock and waits in the outbox to sync (the last writer wins).
    pub fn set_settings(&mut self, s: &Settings) -> Result<(), StoreError> {
        let style = match s.piece_style {
            PieceStyle::Characters => "characters",
            PieceStyle::Letters => "letters",
        };
        self.write_settings(&[
            ("show_legal_targets", s.show_legal_targets.to_string()),
            ("show_last_move", s.show_last_move.to_string()),
            ("rotate_board", s.rotate_board.to_string()),
            ("piece_style", style.to_owned()),
            ("language", s.language.map_or_else(|| "system".to_owned(), |l| l.code().to_owned())),
        ])
    }
}

#[cfg(test)]
mod tests;
