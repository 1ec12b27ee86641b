//! The bot's turn, played off the UI's main thread.
//!
//! A search takes from milliseconds (Novice) to seconds (full strength), so a UI must not run
//! it on its main thread, and the game may change while it runs: the player takes a move
//! back, resigns, or starts another game. The bot's turn is therefore three steps:
//!
//! 1. [`Session::bot_request`] hands out a [`BotRequest`]: a snapshot of the moment (a clone
//!    of what the bot's seat may know of the game, the bot's level and seed) with the
//!    session's generation: a counter that every change of the game moves on. It borrows
//!    nothing, so the session stays free for the UI while the bot thinks.
//! 2. [`BotRequest::think`] runs the search on any thread and answers a [`BotReply`]. It can
//!    be stopped from another thread through a flag.
//! 3. [`Session::apply_bot_reply`] plays the reply only if the session's generation is still
//!    the request's, and otherwise refuses it with [`SessionError::StaleBotReply`].
//!
//! The same moment, level and seed always give the same move (the engine decides from the
//! record alone), unless a time limit or a stop cuts the search short. The seed is chosen
//! once per game and saved with it, so a resumed game plays on exactly as it would have.
//!
//! [`Session::bot_request`]: crate::Session::bot_request
//! [`Session::apply_bot_reply`]: crate::Session::apply_bot_reply

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rodina_engine::Level;
use rodina_rules::Color;

use crate::error::SessionError;
use crate::table::BotTurn;

/// Which moment of which session a bot's turn belongs to: the session (each has an id of
/// its own) and its generation, which every change of the game moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Moment {
    pub(crate) session: u64,
    pub(crate) generation: u64,
    /// The side the bot plays (the side to move).
    pub(crate) side: Color,
}

/// A new id for a session, different from every other session's in this process.
pub(crate) fn session_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The seed of the bot playing `side` in a game whose seed is `game_seed`. Two bots in one
/// game (a bot against a bot) get different seeds, so that even two bots of one level do not
/// share their blind spots.
pub(crate) fn side_seed(game_seed: u64, side: Color) -> u64 {
    side.fold(game_seed, game_seed ^ 0x9E37_79B9_7F4A_7C15)
}

/// A bot's turn to think about: a snapshot of the game as the bot's seat may know it,
/// runnable on any thread.
#[derive(Clone)]
pub struct BotRequest {
    moment: Moment,
    level: Level,
    seed: u64,
    ply_count: usize,
    turn: Arc<dyn BotTurn>,
    time_limit: Option<Duration>,
}

impl std::fmt::Debug for BotRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotRequest")
            .field("moment", &self.moment)
            .field("level", &self.level)
            .field("ply_count", &self.ply_count)
            .finish_non_exhaustive()
    }
}

impl BotRequest {
    pub(crate) fn new(
        moment: Moment,
        level: Level,
        seed: u64,
        ply_count: usize,
        turn: Arc<dyn BotTurn>,
    ) -> BotRequest {
        BotRequest { moment, level, seed, ply_count, turn, time_limit: None }
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The side the bot plays.
    pub fn side(&self) -> Color {
        self.moment.side
    }

    /// The seed the bot's choices follow.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Moves played before the bot's move.
    pub fn ply_count(&self) -> usize {
        self.ply_count
    }

    /// The longest the bot may think, if limited.
    pub fn time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// Caps the thinking time on top of the level's node budget (`None`: the budget alone).
    /// The budgets are chosen to fit phones' think times, so a limit is a safety net for slow
    /// devices; a search it cuts short may choose another move than an uncut one would.
    #[must_use]
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> BotRequest {
        self.time_limit = limit;
        self
    }

    /// Thinks and answers the bot's move. Blocks for as long as the level's node budget (or
    /// the time limit) takes: run it off the UI's main thread. Setting `stop` from another
    /// thread ends the search at once with the best move found so far; the reply then says
    /// it was [interrupted](BotReply::interrupted).
    pub fn think(self, stop: Option<Arc<AtomicBool>>) -> Result<BotReply, SessionError> {
        let started = Instant::now();
        let flag = stop.clone();
        // `None` only when the game is over: a session asks only while the bot is to move.
        let chosen = self
            .turn
            .think(self.level, self.seed, self.time_limit, stop)
            .ok_or(SessionError::GameOver)?;
        Ok(BotReply {
            moment: self.moment,
            ply_count: self.ply_count,
            move_text: chosen.move_text,
            score: chosen.score,
            depth: chosen.depth,
            nodes: chosen.nodes,
            from_book: chosen.from_book,
            interrupted: flag.is_some_and(|f| f.load(Ordering::Relaxed)),
            elapsed: started.elapsed(),
        })
    }
}

/// The bot's answer to a [`BotRequest`], to hand to [`crate::Session::apply_bot_reply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotReply {
    moment: Moment,
    ply_count: usize,
    move_text: String,
    score: i32,
    depth: u32,
    nodes: u64,
    from_book: bool,
    interrupted: bool,
    elapsed: Duration,
}

impl BotReply {
    pub(crate) fn moment(&self) -> Moment {
        self.moment
    }

    /// The chosen move in the game's coordinate text (`h10g8`).
    pub fn move_text(&self) -> &str {
        &self.move_text
    }

    /// What the bot thought of its move, in centipawns from its own side (0 for a book move).
    pub fn score(&self) -> i32 {
        self.score
    }

    /// The depth of the last finished iteration (0 for a book move).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Positions searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the move came from the opening book.
    pub fn from_book(&self) -> bool {
        self.from_book
    }

    /// Whether the stop flag was set while the bot thought, so the search may have been cut
    /// short. A caller that stopped the bot to abandon its turn drops such a reply; one that
    /// stopped it to say "move now" plays it.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// How long the bot thought.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The moves played before the bot's move.
    pub fn ply_count(&self) -> usize {
        self.ply_count
    }
}

/// A seed for a new game: different for every call (the standard library's hasher keys are
/// drawn from the operating system's randomness once per thread and stepped per call), mixed
/// with the clock. Games must differ, not be unpredictable to an attacker.
pub(crate) fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    h.write_u128(nanos);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_differ() {
        let seeds: std::collections::HashSet<u64> = (0..64).map(|_| fresh_seed()).collect();
        assert_eq!(seeds.len(), 64);
    }

    #[test]
    fn the_two_sides_of_a_game_get_different_seeds() {
        for seed in [0, 1, u64::MAX, 0x1234_5678_9ABC_DEF0] {
            assert_eq!(side_seed(seed, Color::White), seed);
            assert_ne!(side_seed(seed, Color::White), side_seed(seed, Color::Black));
        }
    }

    #[test]
    fn sessions_get_ids_of_their_own() {
        let ids: std::collections::HashSet<u64> = (0..64).map(|_| session_id()).collect();
        assert_eq!(ids.len(), 64);
    }
}
