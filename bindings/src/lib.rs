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
//! Every call is synchronous and quick (milliseconds at most), except the bot's turn,
//! [`GameSession::play_bot_move`]: an async export on tokio whose search runs on tokio's
//! blocking pool, so Kotlin calls a suspend function and Swift `await`s it from any thread,
//! the main one included. Apps call the synchronous ones off the main thread where they touch
//! the database.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rodina_app::{SessionError, StoreError};

/// Declares a mirror enum (its variants carry no data and are named as the core enum's
/// are) and its `From` both ways: the one list of variants serves the declaration and both
/// directions, and each match is still checked to cover every variant.
macro_rules! mirror_enum {
    (
        $(#[$meta:meta])*
        pub enum $mirror:ident mirrors $core:ty {
            $($(#[$variant_meta:meta])* $variant:ident,)+
        }
    ) => {
        $(#[$meta])*
        pub enum $mirror {
            $($(#[$variant_meta])* $variant,)+
        }

        impl From<$core> for $mirror {
            fn from(v: $core) -> Self {
                type Core = $core;
                match v {
                    $(Core::$variant => $mirror::$variant,)+
                }
            }
        }

        impl From<$mirror> for $core {
            fn from(v: $mirror) -> Self {
                type Core = $core;
                match v {
                    $($mirror::$variant => Core::$variant,)+
                }
            }
        }
    };
}

mod course;
mod form;
mod online;
mod puzzle;
mod sync;
mod text;
mod types;

pub use course::*;
pub use form::*;
pub use online::*;
pub use puzzle::*;
pub use text::*;
pub use types::*;

uniffi::setup_scaffolding!();

/// Everything that can go wrong in a call, by what the caller should do about it. The
/// message (Kotlin's `message`, Swift's description) is a sentence for a person.
#[derive(Debug, thiserror::Error, uniffi::Error)]
#[uniffi(flat_error)]
pub enum RodinaError {
    /// Text or options given to the call cannot be used: a malformed FEN, an illegal or
    /// unreadable move, an unknown handicap or an option the game does not have. Show the
    /// message and let the player (or the developer) correct it.
    #[error("{0}")]
    InvalidInput(String),
    /// The game is over: nothing more can be played in it. Redraw the result.
    #[error("{0}")]
    GameOver(String),
    /// Something this version of the app cannot do: a saved game of a game or player this
    /// version does not know (written by a newer one). Leave it as it is; an update opens it.
    #[error("{0}")]
    Unsupported(String),
    /// The saved game, the puzzle or the exercise asked for does not exist (a game deleted
    /// elsewhere, a puzzle id no bank has, an exercise no course has). Refresh the list, or
    /// ask for another.
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
    /// A puzzle, a game's puzzle bank or an attempt stored in the log cannot be used (a
    /// build defect or damage). Nothing was changed: tell the player, and offer another
    /// puzzle or game; that game's puzzles may stay unusable until an update.
    #[error("{0}")]
    PuzzleDamaged(String),
    /// A rules course, a game's page or a course score stored in the database cannot be used
    /// (a build defect or damage). Nothing was changed: tell the player; that game's course
    /// may stay unusable until an update, the other games' are fine.
    #[error("{0}")]
    CourseDamaged(String),
    /// The database could not be used for another reason (disk full, locked, no
    /// permission). Try again later or report it.
    #[error("{0}")]
    Storage(String),
    /// Something the core did not expect (a bug, such as a failed search thread). The game
    /// is unchanged; report it.
    #[error("{0}")]
    Internal(String),
    /// The server cannot be reached (no network, or it is down). The message is the
    /// sentence to show, in the player's language: show it and offer to try again.
    #[error("{0}")]
    Network(String),
    /// This device is signed out of its online account (its token was revoked). The message
    /// is the sentence to show: offer to sign in.
    #[error("{0}")]
    SignedOut(String),
    /// The server refused the call for a reason the player can act on (a wrong password, a
    /// name taken, an invitation expired, taken or unknown, too many tries). The message is
    /// the sentence to show.
    #[error("{0}")]
    Refused(String),
    /// Progress made on this device has not reached the server, and signing out (or in to
    /// another account) would lose it. The message is the sentence to show: offer to sync
    /// once the device is online.
    #[error("{0}")]
    Unsent(String),
}

impl From<SessionError> for RodinaError {
    fn from(e: SessionError) -> Self {
        let message = e.to_string();
        match e {
            SessionError::GameOver => RodinaError::GameOver(message),
            SessionError::Randomness(_) | SessionError::StaleBotReply => {
                RodinaError::Internal(message)
            }
            SessionError::Fen(_)
            | SessionError::Move(_)
            | SessionError::Forbidden { .. }
            | SessionError::DrawNeedsTwoPeople
            | SessionError::Options(_) => RodinaError::InvalidInput(message),
        }
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
            StoreError::Unsupported { .. } => RodinaError::Unsupported(message),
            StoreError::Sqlite { .. } | StoreError::Io { .. } | StoreError::Write { .. } => {
                RodinaError::Storage(message)
            }
            StoreError::Randomness(_) => RodinaError::Internal(message),
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
    // Shared (Arc) with online play, which keeps the account's token in it.
    inner: Arc<Mutex<rodina_app::Store>>,
}

#[uniffi::export]
impl Store {
    /// Opens (or creates) the database at `path`, upgrading its schema. A damaged file,
    /// another program's database or one from a newer app version is reported and left as
    /// it is.
    #[uniffi::constructor]
    pub fn open(path: String) -> Result<Arc<Store>, RodinaError> {
        let inner = rodina_app::Store::open(path)?;
        Ok(Arc::new(Store { inner: Arc::new(Mutex::new(inner)) }))
    }

    /// A database that lives in memory only (previews, tests).
    #[uniffi::constructor]
    pub fn in_memory() -> Result<Arc<Store>, RodinaError> {
        let inner = rodina_app::Store::open_in_memory()?;
        Ok(Arc::new(Store { inner: Arc::new(Mutex::new(inner)) }))
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
    /// The stop flag of the bot searches started since the last stop. Stopping sets it and
    /// puts a fresh one in its place, so a search started later is not born stopped. Taken
    /// and replaced only while `inner` is locked, so a search always carries the flag of the
    /// game state it was asked about.
    stop: Mutex<Arc<AtomicBool>>,
    /// Bot searches running now.
    thinking: AtomicUsize,
    /// Held by a save from its copy of the game to its write.
    saving: Mutex<()>,
}

impl GameSession {
    fn wrap(inner: rodina_app::Session) -> Arc<GameSession> {
        Arc::new(GameSession {
            inner: Mutex::new(inner),
            stop: Mutex::new(Arc::new(AtomicBool::new(false))),
            thinking: AtomicUsize::new(0),
            saving: Mutex::new(()),
        })
    }

    /// Stops every bot search running for this session; their answers are dropped.
    fn stop_searches(&self) {
        let mut stop = lock(&self.stop);
        stop.store(true, Ordering::Relaxed);
        *stop = Arc::new(AtomicBool::new(false));
    }
}

/// Counts a running search for [`GameSession::is_thinking`] while it lives.
struct Thinking<'a>(&'a AtomicUsize);

impl<'a> Thinking<'a> {
    fn start(count: &'a AtomicUsize) -> Thinking<'a> {
        count.fetch_add(1, Ordering::SeqCst);
        Thinking(count)
    }
}

impl Drop for Thinking<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Stops a search when the future waiting for it is dropped unfinished: Kotlin cancelling
/// the coroutine (leaving the screen) frees the future, and the search on the blocking pool
/// would otherwise run on for nothing. (Swift's generated code frees a future only once it
/// completes, whatever the task: the Swift app calls `stop_thinking` when it cancels.) Like
/// [`GameSession::stop_thinking`], it leaves a fresh flag in the session's slot, so that the
/// next turn is not born stopped.
struct StopOnDrop<'a> {
    slot: &'a Mutex<Arc<AtomicBool>>,
    flag: Option<Arc<AtomicBool>>,
}

impl StopOnDrop<'_> {
    /// The search has answered: nothing to stop any more.
    fn disarm(mut self) {
        self.flag = None;
    }
}

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        if let Some(flag) = &self.flag {
            flag.store(true, Ordering::Relaxed);
            let mut slot = lock(self.slot);
            // A stop in the meantime has already put a fresh flag there.
            if Arc::ptr_eq(&slot, flag) {
                *slot = Arc::new(AtomicBool::new(false));
            }
        }
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

    /// A tap on a point: lifts a piece, steps it (in Friendly chess each released piece in
    /// turn), puts it back, or refuses with a reason in the session's language.
    pub fn tap(&self, point: Point) -> TapResult {
        let mut session = lock(&self.inner);
        let result = session.tap(point.into());
        TapResult::new(result, session.language())
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub fn drag(&self, from: Point, to: Point) -> TapResult {
        let mut session = lock(&self.inner);
        let result = session.drag(from.into(), to.into());
        TapResult::new(result, session.language())
    }

    /// Chooses the piece a pawn becomes: the promotion the step just tapped asked for, or a
    /// promotion owed (`view().promotion`).
    pub fn choose_promotion(&self, kind: PieceKind) -> TapResult {
        let mut session = lock(&self.inner);
        let result = session.choose_promotion(kind.into());
        TapResult::new(result, session.language())
    }

    /// Starts the move under way again (the lifted piece back, a chain's steps undone);
    /// returns whether there was anything to undo.
    pub fn restart_move(&self) -> bool {
        lock(&self.inner).restart_move()
    }

    /// Drops the selection (or a move begun); returns whether there was one.
    pub fn cancel_input(&self) -> bool {
        lock(&self.inner).cancel_input()
    }

    /// The player at the device confirms they are the one it was handed to
    /// (`Awaiting.HandOver`): the board shows again. Returns whether a hand-over was awaited.
    pub fn confirm_hand_over(&self) -> bool {
        lock(&self.inner).confirm_hand_over()
    }

    /// The language of the view's texts.
    pub fn language(&self) -> Language {
        lock(&self.inner).language().into()
    }

    /// Speaks `language` from now on (the view's status, results, refusals).
    pub fn set_language(&self, language: Language) {
        lock(&self.inner).set_language(language.into());
    }

    /// Plays a move given as text: coordinates (`h3e3`) or WXF (`C2=5`). A bot thinking
    /// about the position before it is stopped.
    pub fn play(&self, text: String) -> Result<MoveRecord, RodinaError> {
        let mut session = lock(&self.inner);
        let record = session.play(&text)?;
        self.stop_searches();
        Ok(record.into())
    }

    /// Takes back a resignation or the last move (against a bot, back to the person's turn).
    /// Returns whether anything was taken back. A bot thinking meanwhile is stopped, and its
    /// move is not played.
    pub fn undo(&self) -> bool {
        let mut session = lock(&self.inner);
        let undone = session.undo();
        if undone {
            self.stop_searches();
        }
        undone
    }

    /// Resigns for the person on this device (in pass-and-play: the side to move). A bot
    /// thinking meanwhile is stopped.
    pub fn resign(&self) -> Result<GameOutcome, RodinaError> {
        let mut session = lock(&self.inner);
        let outcome = session.resign()?;
        self.stop_searches();
        Ok(outcome.into())
    }

    /// Ends the game in a draw both players agree to (two people on this device; see
    /// `BoardView.can_agree_draw`); undo takes it back.
    pub fn agree_draw(&self) -> Result<GameOutcome, RodinaError> {
        Ok(lock(&self.inner).agree_draw()?.into())
    }

    /// Who the game waits for (the same as `view().awaiting`, without building the board).
    pub fn awaiting(&self) -> Awaiting {
        lock(&self.inner).awaiting().into()
    }

    /// Stops the bot's thinking, if it is thinking: the pending `play_bot_move` returns
    /// `null`/`nil` at once and plays nothing, and the bot is still to move. Call
    /// `play_bot_move` again to let it think anew.
    pub fn stop_thinking(&self) {
        self.stop_searches();
    }

    /// Whether a bot is thinking now (a `play_bot_move` is running).
    pub fn is_thinking(&self) -> bool {
        self.thinking.load(Ordering::SeqCst) > 0
    }

    /// The seed the bots' choices follow in this game (saved with it): the same game, level
    /// and seed give the same bot moves.
    pub fn bot_seed(&self) -> u64 {
        lock(&self.inner).bot_seed()
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

    /// Saves the game to `store` (the first time as a new saved game, and anew if it was
    /// deleted meanwhile); returns its id. The game is copied first: the disk write holds
    /// the store, not the game, so taps go on while it writes. Saves of one session are
    /// written one after the other, in the order they copied the game.
    pub fn save(&self, store: Arc<Store>) -> Result<i64, RodinaError> {
        let _one_at_a_time = lock(&self.saving);
        let snapshot = lock(&self.inner).save_snapshot();
        let id = snapshot.write(&lock(&store.inner))?;
        lock(&self.inner).saved(&snapshot, id);
        Ok(id)
    }

    /// The id of the saved game this session writes to, once saved or resumed.
    pub fn saved_id(&self) -> Option<i64> {
        lock(&self.inner).saved_id()
    }
}

#[uniffi::export(async_runtime = "tokio")]
impl GameSession {
    /// Lets the bot to move think and plays its move; returns it, or `null`/`nil` if nothing
    /// was played. Suspends (Kotlin) or awaits (Swift) while the bot thinks on a background
    /// thread, so it may be called from the main thread; the board can be drawn meanwhile.
    ///
    /// Nothing is played, and `null`/`nil` returned, when no bot is to move, when the bot was
    /// stopped ([`GameSession::stop_thinking`], `undo`, `resign`, or cancelling the Kotlin
    /// coroutine; a Swift task's cancellation does not reach the core, so Swift calls
    /// `stop_thinking`), or when the game changed while it thought. These are not errors:
    /// the game is as the player left it, so the caller simply redraws from `view()` and, if
    /// a bot is (again) to move, calls this once more.
    ///
    /// The bot spends its level's node budget: the same game, level and seed give the same
    /// move. `time_limit_ms` caps the thinking time on top (a safety net for slow devices;
    /// a move cut short by it may differ).
    #[uniffi::method(default(time_limit_ms = None))]
    pub async fn play_bot_move(
        &self,
        time_limit_ms: Option<u32>,
    ) -> Result<Option<MoveRecord>, RodinaError> {
        let (request, stop) = {
            let session = lock(&self.inner);
            let Some(request) = session.bot_request() else { return Ok(None) };
            (request, Arc::clone(&lock(&self.stop)))
        };
        let limit = time_limit_ms.map(|ms| Duration::from_millis(u64::from(ms)));
        let request = request.with_time_limit(limit);
        let _thinking = Thinking::start(&self.thinking);
        let on_drop = StopOnDrop { slot: &self.stop, flag: Some(Arc::clone(&stop)) };
        let joined = tokio::task::spawn_blocking(move || request.think(Some(stop))).await;
        on_drop.disarm();
        let reply = joined.map_err(|e| RodinaError::Internal(format!("the bot failed: {e}")))??;
        // A stopped search was abandoned on purpose: its move, perhaps cut short, is dropped.
        if reply.interrupted() {
            return Ok(None);
        }
        match lock(&self.inner).apply_bot_reply(reply) {
            Ok(record) => Ok(Some(record.into())),
            Err(SessionError::StaleBotReply) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

/// Moves the database at `path` that could not be opened (damaged, another program's, from a
/// newer version) aside, journals and all, so that `Store.open` creates a new one; the old
/// file is kept beside it under a name that says `why` and when. Returns that name, `None` if
/// there was no file. Only on the player's word, never silently.
#[uniffi::export]
pub fn set_aside_database(path: String, why: String) -> Result<Option<String>, RodinaError> {
    let kept = rodina_app::Store::set_aside(&path, &why)?;
    Ok(kept.map(|p| p.to_string_lossy().into_owned()))
}

/// The bot levels, weakest first, for the new-game screen.
#[uniffi::export]
pub fn bot_levels() -> Vec<BotLevel> {
    rodina_app::Level::ALL.into_iter().map(BotLevel::from).collect()
}

/// The version of the core library (the bindings must come from the same build).
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

#[cfg(test)]
mod tests;
