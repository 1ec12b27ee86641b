//! What the Rodina phone app runs, below its UI: the Store (one SQLite database), game
//! sessions, puzzle sessions ([`puzzle`]), rules courses and game pages ([`course`]), and the
//! view models the Kotlin and Swift screens render.
//!
//! The split follows lichess-mobile: [`model`] holds plain data a UI draws and sends back,
//! [`Session`] is the controller (a state machine between taps and the rules), and [`Store`]
//! is the storage. Nothing here knows about UniFFI: `bindings/` wraps these types for Kotlin
//! and Swift, so this crate stays usable from Rust (the CLI, the server, tests) as it is.

mod board;
mod bot;
pub mod course;
mod entry;
mod error;
mod form;
mod games;
mod input;
pub mod model;
pub mod online;
pub mod puzzle;
mod session;
mod store;
pub mod sync;
mod table;
#[cfg(test)]
mod test_support;
pub mod text;
mod view_table;

pub use bot::{BotReply, BotRequest};
pub use course::{CourseSession, Courses, PendingScores};
pub use error::{CourseError, OnlineError, PuzzleError, SessionError, StoreError};
pub use form::{FormFields, HandicapGiver, NewGameForm};
pub use model::{
    Awaiting, BoardView, CapturedView, GameSummary, Highlights, Hovering, MoveRecord, MoveRow,
    NewGame, PieceKind, PieceView, Player, PlayerBar, Point, PointView, PromotionChoice, Refusal,
    TapResult, TargetKind,
};
pub use puzzle::{PendingAttempts, PuzzleSession, Puzzles};
/// Bot levels, as the engine defines them: ids, names in English and Slovak.
pub use rodina_engine::Level;
pub use session::{SaveSnapshot, Session};
pub use store::{APPLICATION_ID, GameRecord, PieceStyle, SCHEMA_VERSION, Settings, Store};
