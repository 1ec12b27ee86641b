//! The rules of the Rodina chess family.
//!
//! Pure rules: no I/O, no clock, no global random generator, no FFI. Each game has its own
//! position type implementing the small [`Position`] trait; [`Game`] keeps a record of moves
//! and positions for the rules that read history (repetition); [`Variant`] names the games.
//!
//! Untrusted text is read into an unchecked setup and then validated into a position; every
//! failure is a typed error ([`ParseFenError`], [`ParseMoveError`], [`PlayError`]).

pub mod bits;
mod color;
mod error;
mod fen;
pub mod friendly;
mod game;
pub mod jeson_mor;
pub mod jieqi;
mod outcome;
mod perft;
mod position;
pub mod random;
mod table;
mod variant;
pub mod xiangqi;
mod xiangqi_family;

pub use color::Color;
pub use error::{ParseFenError, ParseMoveError, PlayError, SetupError};
pub use friendly::Friendly;
pub use game::{Game, Ply};
pub use jeson_mor::JesonMor;
pub use jieqi::{Jieqi, JieqiView};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::perft;
pub use position::Position;
pub use variant::{UnknownVariant, Variant};
pub use xiangqi::Xiangqi;
