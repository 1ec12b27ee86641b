//! The rules of the Rodina chess family.
//!
//! Pure rules: no I/O, no clock, no global random generator, no FFI. Each game has its own
//! position type implementing the small [`Position`] trait (and [`Truth`], the whole state a
//! record is played on); [`Game`] keeps a record of moves and positions for the rules that
//! read history (repetition); [`Variant`] names the games, and [`AnyGame`] is the one enum
//! over their records for code that picks a game at run time. A [`Seat`] gets its
//! [`View`] of a game: everything in an open game, only what it may know in Jieqi.
//!
//! Untrusted text is read into an unchecked setup and then validated into a position; every
//! failure is a typed error ([`ParseFenError`], [`ParseMoveError`], [`PlayError`]) whose reasons
//! are typed too ([`SetupError`], [`IllegalMoveReason`]), never sentences, so that a UI can say
//! them in any language.

mod any;
pub mod bits;
mod color;
mod error;
mod fen;
pub mod friendly;
mod game;
mod illegal;
pub mod jeson_mor;
pub mod jieqi;
mod names;
mod outcome;
mod perft;
mod point;
mod position;
pub mod random;
mod seat;
mod table;
mod variant;
pub mod xiangqi;
mod xiangqi_family;

pub use any::{AnyGame, AnyView, GameOption, NewGame, NewGameError, ReplayError, Start};
pub use color::Color;
pub use error::{ParseFenError, ParseMoveError, PlayError, SetupError};
pub use friendly::Friendly;
pub use game::{Game, Ply};
pub use illegal::IllegalMoveReason;
pub use jeson_mor::JesonMor;
pub use jieqi::{Jieqi, JieqiView};
pub use names::{NameKind, UnknownName};
pub use outcome::{DrawReason, Outcome, ParseOutcomeError, WinReason};
pub use perft::perft;
pub use point::{PieceKind, Point};
pub use position::{Position, Truth, View};
pub use seat::Seat;
pub use variant::Variant;
pub use xiangqi::Xiangqi;
