//! Typed errors of the app core. Every message is a sentence a player or a developer can act
//! on; none of them hides data loss.

use std::path::PathBuf;

use rodina_rules::{
    IllegalMoveReason, NewGameError, ParseFenError, ParseMoveError, PlayError, ReplayError,
};

/// Why a session could not be started or a request on it could not be carried out.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum SessionError {
    /// The start position could not be read.
    #[error("bad start position: {0}")]
    Fen(#[from] ParseFenError),
    /// The move text could not be read, or names no legal move.
    #[error("{0}")]
    Move(#[from] ParseMoveError),
    /// The move is legal in the position, but the game's history forbids it.
    #[error("{text:?} is not allowed here: the rules forbid repeating it")]
    Forbidden {
        /// The move text.
        text: String,
    },
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A draw by agreement needs two people at the board; a bot does not agree to draws.
    #[error("a draw is agreed between two people on this device")]
    DrawNeedsTwoPeople,
    /// The options of a new game do not fit together or name nothing known.
    #[error("{0}")]
    Options(String),
    /// The operating system gave no randomness for a deal (Jieqi's shuffle).
    #[error("no secure randomness for the deal: {0}")]
    Randomness(String),
    /// A bot's reply was for another moment of the game: the game changed while the bot
    /// thought (a move was taken back, a side resigned, another game was started). The reply
    /// was not played; ask the session for a new request if a bot is to move.
    #[error("the game changed while the bot was thinking; its move was not played")]
    StaleBotReply,
}

impl From<PlayError> for SessionError {
    fn from(e: PlayError) -> Self {
        match e {
            PlayError::Text(e) => SessionError::Move(e),
            PlayError::GameOver => SessionError::GameOver,
            PlayError::Forbidden { text } => SessionError::Forbidden { text },
            PlayError::IllegalMove { text } | PlayError::Chance { text } => {
                SessionError::Move(ParseMoveError::Illegal {
                    reason: IllegalMoveReason::NotLegal,
                    text,
                })
            }
        }
    }
}

impl From<NewGameError> for SessionError {
    fn from(e: NewGameError) -> Self {
        match e {
            NewGameError::Fen(e) => SessionError::Fen(e),
            other => SessionError::Options(other.to_string()),
        }
    }
}

impl From<ReplayError> for SessionError {
    fn from(e: ReplayError) -> Self {
        match e {
            ReplayError::Start(e) => e.into(),
            ReplayError::Move { error, .. } => error.into(),
        }
    }
}

/// Why the [`crate::Store`] could not do what was asked. The database is never changed when
/// it is damaged, foreign or newer than this version understands.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file is not a readable SQLite database (damaged, truncated, or something else).
    #[error(
        "the database {path} is damaged or is not a database ({detail}); it was left untouched"
    )]
    Damaged {
        /// The database file.
        path: PathBuf,
        /// What SQLite reported.
        detail: String,
    },
    /// The file is a SQLite database of another program.
    #[error("the file {path} is not a Rodina database; it was left untouched")]
    Foreign {
        /// The database file.
        path: PathBuf,
    },
    /// The database was written by a newer version of the app.
    #[error(
        "the database {path} was written by a newer version of Rodina (schema {found}, this \
         version reads up to {supported}); update the app to open it"
    )]
    TooNew {
        /// The database file.
        path: PathBuf,
        /// The schema version found.
        found: i64,
        /// The newest schema this version knows.
        supported: i64,
    },
    /// No saved game has this id.
    #[error("there is no saved game {id}")]
    NotFound {
        /// The id asked for.
        id: i64,
    },
    /// A saved game is of a game (or has a player) this version does not know: a newer
    /// version wrote it. It is left as it is.
    #[error("saved game {id} is of a kind this version cannot open: {detail}")]
    Unsupported {
        /// The saved game.
        id: i64,
        /// What this version does not know.
        detail: String,
    },
    /// A saved game's record cannot be turned back into a game.
    #[error("saved game {id} cannot be read: {detail}")]
    BadRecord {
        /// The saved game.
        id: i64,
        /// What is wrong with it.
        detail: String,
    },
    /// A file could not be moved (setting a database aside).
    #[error("the file {path} could not be moved: {detail}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system reported.
        detail: String,
    },
    /// The operating system's secure random generator failed (making this device's id).
    #[error("no randomness: {0}")]
    Randomness(String),
    /// A write could not be made whole (a setting's stamp could not be made); nothing of it
    /// was kept.
    #[error("the database {path} could not be written: {detail}")]
    Write {
        /// The database file.
        path: PathBuf,
        /// Why.
        detail: String,
    },
    /// SQLite failed for another reason (disk full, file locked, no permission, ...).
    #[error("the database {path} could not be used: {source}")]
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// What SQLite reported.
        #[source]
        source: rusqlite::Error,
    },
}

/// Why a course, its progress or a game's page could not be read, opened or kept. None of
/// these is a panic: an unknown exercise, a damaged course file or a damaged stored score is
/// reported as what it is, and nothing stored is changed because of it.
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// The game's course has no exercise of this id.
    #[error("the {variant} course has no exercise {id:?}")]
    UnknownExercise {
        /// The game.
        variant: rodina_rules::Variant,
        /// The id asked for.
        id: String,
    },
    /// A course given as text cannot be read, or is not of one game.
    #[error("a course cannot be read: {0}")]
    CourseText(String),
    /// The game's course or page shipped in the app cannot be read (a build defect).
    #[error("the {variant} course or page cannot be read: {error}")]
    Damaged {
        /// The game.
        variant: rodina_rules::Variant,
        /// Where and why.
        #[source]
        error: rodina_learn::CourseError,
    },
    /// A stored score is not a valid one (a newer version's, or damaged). It is left as it is.
    #[error("a stored course score ({exercise}) cannot be read: {detail}")]
    BadScore {
        /// The stored exercise id, as stored.
        exercise: String,
        /// What is wrong with it.
        detail: String,
    },
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why a puzzle could not be chosen, set up, solved or recorded. None of these is a panic:
/// a damaged bank, an unknown puzzle id or a malformed stored attempt is reported as what
/// it is, and nothing stored is changed because of it.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// No puzzle of the game's bank has this id.
    #[error("there is no {variant} puzzle {id:?}")]
    UnknownPuzzle {
        /// The game.
        variant: rodina_rules::Variant,
        /// The id asked for.
        id: String,
    },
    /// The game's bank shipped in the app cannot be read (a build defect).
    #[error("the {variant} puzzles cannot be read: {error}")]
    Bank {
        /// The game.
        variant: rodina_rules::Variant,
        /// Where and why.
        #[source]
        error: rodina_puzzles::BankError,
    },
    /// A bank given as text cannot be read, or is not of one game.
    #[error("a puzzle bank cannot be read: {0}")]
    BankText(String),
    /// A puzzle's position or line cannot be played out.
    #[error("puzzle {id} cannot be played: {detail}")]
    Damaged {
        /// The puzzle.
        id: String,
        /// What is wrong with it.
        detail: String,
    },
    /// An attempt stored in the database is not a valid attempt. It is left as it is.
    #[error("a stored puzzle attempt ({id}) cannot be read: {detail}")]
    BadAttempt {
        /// The stored attempt's id, as stored.
        id: String,
        /// What is wrong with it.
        detail: String,
    },
    /// An attempt differs from the one stored under its id: one of them is damaged, and
    /// neither is overwritten.
    #[error("two different puzzle attempts have the id {0}")]
    Conflict(String),
    /// The operating system gave no randomness for an attempt's id or the device's id.
    #[error("no secure randomness for an id: {0}")]
    Randomness(String),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Why an online call (the account, an invitation, a game) could not be carried out. None of
/// these is a panic: whatever the network or the server sends is read into one of them.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// The server could not be reached, or did not answer in time.
    #[error("the server cannot be reached: {0}")]
    Network(String),
    /// The server refused the call, with the protocol's code for why.
    #[error("the server refused: {message}")]
    Refused {
        /// Why, as the protocol names it.
        code: rodina_protocol::ApiErrorCode,
        /// The server's words, for logs (English).
        message: String,
        /// With a rate limit: seconds until a retry may succeed.
        retry_after_s: Option<u64>,
        /// With a refused sync push: which of its changes was refused.
        index: Option<u32>,
    },
    /// The server's answer is not the protocol's (a proxy's page, a server of another kind).
    #[error("the server's answer cannot be read: {0}")]
    BadAnswer(String),
    /// A code, name, password, option or address given is not of its form.
    #[error("{0}")]
    InvalidInput(String),
    /// The account on this device was signed out (its token revoked): sign in again.
    #[error("this device is signed out")]
    SignedOut,
    /// The pairing code typed signs in nothing: no such code, used already, or its time is
    /// over. Ask for a new one on the other device.
    #[error("the pairing code cannot be used (expired: {expired})")]
    PairingCode {
        /// Its time is over (else: unknown, or used already).
        expired: bool,
    },
    /// Progress made on this device has not reached the server yet, and signing out (or in
    /// to another account) would lose it: sync first.
    #[error("{pending} results are not sent yet")]
    Unsent {
        /// How many changes wait to be sent.
        pending: u32,
    },
    /// The game is of a kind, or from a protocol, this version does not know.
    #[error("{0}")]
    Unsupported(String),
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Something the core did not expect (its runtime could not start, a task failed).
    #[error("{0}")]
    Internal(String),
}
