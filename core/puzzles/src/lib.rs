//! Puzzles of the Rodina chess family.
//!
//! A [`Puzzle`] is a position, the opponent's move that was a mistake, and the line that
//! punishes it, in the text form the lichess puzzle database uses. The banks are generated
//! offline by the project's own engine ([`generate`]) from self-play and verified by deeper
//! searches with two lines.

mod attempt;
mod bank;
mod compact;
pub mod generate;
mod glicko;
mod puzzle;
mod select;
pub mod solution;
mod solve;
pub mod verify;
pub mod winchance;

pub use attempt::{
    Attempt, AttemptError, AttemptId, AttemptIdError, AttemptLog, AttemptResult, GameProgress,
    LogError, MAX_DEVICE_CHARS, MAX_UUID_MS, NewAttempt, Progress,
};
pub use bank::{Bank, BankError, embedded_bytes};
pub use compact::CompactError;
pub use glicko::{Glicko, PROVISIONAL_DEVIATION, Rating, puzzle_weight};
pub use puzzle::{ParsePuzzleError, Puzzle, PuzzleId, TEXT_HEADER, Theme};
pub use select::{Difficulty, Request, Selector, UnknownDifficulty, window};
pub use solve::{PuzzleRun, RunState, SolveError, Step};
