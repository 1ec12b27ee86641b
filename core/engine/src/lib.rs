//! The bots of the Rodina chess family.
//!
//! One search ([`Searcher`]) serves every game through the [`SearchGame`] trait, which each
//! game implements next to its own evaluation. [`Level`]s from Novice to Club player (and a
//! full-strength level) weaken the search the way people are weaker: less depth, misjudged
//! positions, overlooked replies, but always a sensible opening. [`Bot`] puts a level on a
//! game record and answers a move.

mod book;
mod bot;
pub mod elo;
pub mod friendly;
mod game;
pub mod jeson_mor;
pub mod jieqi;
mod level;
pub mod score;
mod search;
mod tt;
pub mod xiangqi;

pub use book::{BookOptions, grow_book};
pub use bot::{Bot, BotGame, BotMove, search_inputs};
pub use game::SearchGame;
pub use level::{Level, LevelSettings, UnknownLevel};
pub use search::{
    Limits, MAX_PLY, PathEntry, Progress, Repetition, Request, SearchResult, Searcher, Settings,
};
