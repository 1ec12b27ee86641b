//! UniFFI bindings of the Rodina app core: every type and function Kotlin and Swift see, and
//! nothing else.
//!
//! House style (application-services, matrix-rust-sdk): the core crates know nothing of
//! UniFFI; here each exported object wraps a core object in `inner`, records and enums are
//! mirrored with `From` conversions, and every failure arrives as one flat error,
//! [`RodinaError`], whose variants differ only where the caller would act differently.
//!
//! Nothing here panics: locks recover from poisoning, numbers are converted with checks, and
//! every fallible core call returns a typed error. (UniFFI would turn a panic into an
//! exception, since the release profile keeps `panic = "unwind"`, but that is a last resort.)
//!
//! Every call is synchronous and quick (milliseconds at most); apps call them off the main
//! thread where they touch the database. Async exports on tokio arrive with the network.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rodina_app::{SessionError, StoreError};

mod types;

pub use types::*;

uniffi::setup_scaffolding!();

/// Everything that can go wrong in a call, by what the caller should do about it. The
/// message (Kotlin's `message`, Swift's description) is a sentence for a person.
#[derive(Debug, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum RodinaError {
    /// Text or options given to the call cannot be used: a malformed FEN, an illegal or
    /// unreadable move, an unknown handicap, a move after the game ended. Show the message
    /// and let the player (or the developer) correct it.
    #[error("{0}")]
    InvalidInput(String),
    /// The saved game asked for does not exist (deleted elsewhere). Refresh the list.
    #[error("{0}")]
    NotFound(String),
    /// A saved game's record cannot be rebuilt. Offer to delete that game; the others are
    /// fine.
    #[error("{0}")]
    SavedGameDamaged(String),
    /// The database file is damaged or is not Rodina's. It was left untouched: offer to move
    /// it aside and start a new one (never delete it without asking).
    #[error("{0}")]
    DatabaseDamaged(String),
    /// The database was written by a newer version of the app. Ask the player to update.
    #[error("{0}")]
    DatabaseTooNew(String),
    /// The database could not be used for another reason (disk full, locked, no
    /// permission). Try again later or report it.
    #[error("{0}")]
    Storage(String),
}

impl From<SessionError> for RodinaError {
    fn from(e: SessionError) -> Self {
        RodinaError::InvalidInput(e.to_string())
    }
}

impl From<StoreError> for RodinaError {
    fn from(e: StoreError) -> Self {
        let message = e.to_string();
        match e {
            StoreError::Damaged { .. } | StoreError::Foreign { .. } => {
                RodinaError::DatabaseDamaged(message)
            }
            StoreError::TooNew { .. } => RodinaError::DatabaseTooNew(message),
            StoreError::NotFound { .. } => RodinaError::NotFound(message),
            StoreError::BadRecord { .. } => RodinaError::SavedGameDamaged(message),
            StoreError::Sqlite { .. } => RodinaError::Storage(message),
        }
    }
}

/// Locks `inner`, recovering from poisoning: a lock is only poisoned by a panic inside it,
/// which the core avoids; going on with the last state beats panicking again across the FFI.
fn lock<T>(inner: &Mutex<T>) -> MutexGuard<'_, T> {
    inner.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The app's database: saved games and settings, in one SQLite file.
#[derive(uniffi::Object)]
pub struct Store {
    // rusqlite's connection is Send but not Sync; UniFFI objects are shared between threads.
    inner: Mutex<rodina_app::Store>,
}

#[uniffi::export]
impl Store {
    /// Opens (or creates) the database at `path`, upgrading its schema. A damaged file,
    /// another program's database or one from a newer app version is reported and left as
    /// it is.
    #[uniffi::constructor]
    pub fn open(path: String) -> Result<Arc<Store>, RodinaError> {
        let inner = rodina_app::Store::open(path)?;
        Ok(Arc::new(Store { inner: Mutex::new(inner) }))
    }

    /// A database that lives in memory only (previews, tests).
    #[uniffi::constructor]
    pub fn in_memory() -> Result<Arc<Store>, RodinaError> {
        let inner = rodina_app::Store::open_in_memory()?;
        Ok(Arc::new(Store { inner: Mutex::new(inner) }))
    }

    /// Where the database lives.
    pub fn path(&self) -> String {
        lock(&self.inner).path().to_string_lossy().into_owned()
    }

    /// The saved games, most recently saved first.
    pub fn list_games(&self) -> Result<Vec<GameSummary>, RodinaError> {
        Ok(lock(&self.inner).list_games()?.into_iter().map(GameSummary::from).collect())
    }

    /// Deletes a saved game; returns whether it existed.
    pub fn delete_game(&self, id: i64) -> Result<bool, RodinaError> {
        Ok(lock(&self.inner).delete_game(id)?)
    }

    /// The player's settings (defaults for any never saved).
    pub fn settings(&self) -> Result<Settings, RodinaError> {
        Ok(lock(&self.inner).settings()?.into())
    }

    /// Saves the player's settings.
    pub fn set_settings(&self, settings: Settings) -> Result<(), RodinaError> {
        Ok(lock(&self.inner).set_settings(&settings.into())?)
    }
}

/// A game being played on this device: the board screen's controller.
#[derive(uniffi::Object)]
pub struct GameSession {
    inner: Mutex<rodina_app::Session>,
}

impl GameSession {
    fn wrap(inner: rodina_app::Session) -> Arc<GameSession> {
        Arc::new(GameSession { inner: Mutex::new(inner) })
    }
}

#[uniffi::export]
impl GameSession {
    /// Starts a new game.
    #[uniffi::constructor]
    pub fn new(options: NewGame) -> Result<Arc<GameSession>, RodinaError> {
        Ok(GameSession::wrap(rodina_app::Session::new(options.into())?))
    }

    /// Opens saved game `id` from `store` to go on playing it.
    #[uniffi::constructor]
    pub fn resume(store: Arc<Store>, id: i64) -> Result<Arc<GameSession>, RodinaError> {
        let session = rodina_app::Session::resume(&lock(&store.inner), id)?;
        Ok(GameSession::wrap(session))
    }

    /// What the board screen draws now.
    pub fn view(&self) -> BoardView {
        lock(&self.inner).view().into()
    }

    /// A tap on a point: selects, moves, deselects, or refuses with a reason.
    pub fn tap(&self, point: Point) -> TapResult {
        lock(&self.inner).tap(point.into()).into()
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub fn drag(&self, from: Point, to: Point) -> TapResult {
        lock(&self.inner).drag(from.into(), to.into()).into()
    }

    /// Drops the selection (or a move begun); returns whether there was one.
    pub fn cancel_input(&self) -> bool {
        lock(&self.inner).cancel_input()
    }

    /// Plays a move given as text: coordinates (`h3e3`) or WXF (`C2=5`).
    pub fn play(&self, text: String) -> Result<MoveRecord, RodinaError> {
        Ok(lock(&self.inner).play(&text)?.into())
    }

    /// Takes back a resignation or the last move (against a bot, back to the person's turn).
    /// Returns whether anything was taken back.
    pub fn undo(&self) -> bool {
        lock(&self.inner).undo()
    }

    /// Resigns for the person on this device (in pass-and-play: the side to move).
    pub fn resign(&self) -> Result<GameOutcome, RodinaError> {
        Ok(lock(&self.inner).resign()?.into())
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<GameOutcome> {
        lock(&self.inner).outcome().map(GameOutcome::from)
    }

    /// The moves played, with WXF for people.
    pub fn moves(&self) -> Vec<MoveRecord> {
        lock(&self.inner).moves().iter().cloned().map(MoveRecord::from).collect()
    }

    /// The current position in the game's FEN.
    pub fn fen(&self) -> String {
        lock(&self.inner).fen()
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        lock(&self.inner).variant().into()
    }

    /// Who plays `side`.
    pub fn player(&self, side: Side) -> Player {
        lock(&self.inner).player(side.into()).clone().into()
    }

    /// Saves the game to `store` (the first time as a new saved game); returns its id.
    pub fn save(&self, store: Arc<Store>) -> Result<i64, RodinaError> {
        let store = lock(&store.inner);
        Ok(lock(&self.inner).save(&store)?)
    }

    /// The id of the saved game this session writes to, once saved or resumed.
    pub fn saved_id(&self) -> Option<i64> {
        lock(&self.inner).saved_id()
    }
}

/// The version of the core library (the bindings must come from the same build).
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

#[cfg(test)]
mod tests;
