//! Puzzles on the phone: the model a puzzle screen draws ([`model`]), the attempt log in the
//! Store (`store`), the banks, the progress and the choice of the next puzzle
//! ([`Puzzles`]), and the session that takes the solver's taps ([`PuzzleSession`]).
//!
//! The puzzles themselves, their ratings and the log's rules are `rodina-puzzles`'s: this
//! feature keeps the log, draws the board as the games do, and writes what happened.

pub mod model;
mod service;
mod session;
mod store;

pub use model::{
    PuzzlePhase, PuzzleProgress, PuzzleTap, PuzzleView, RatingView, Recorded, SolutionView,
};
pub use service::Puzzles;
pub use session::{PendingAttempts, PuzzleSession};
pub(crate) use store::{SCHEMA, insert_attempt};

#[cfg(test)]
mod tests;
