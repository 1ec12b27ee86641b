//! The bot's turn, played off the UI's main thread.
//!
//! A search takes from milliseconds (Novice) to seconds (full strength), so a UI must not run
//! it on its main thread, and the game may change while it runs: the player takes a move
//! back, resigns, or starts another game. The bot's turn is therefore three steps:
//!
//! 1. [`Session::bot_request`] hands out a [`BotRequest`]: a self-contained snapshot of the
//!    moment (game, start position, moves, the bot's level and seed). It borrows nothing, so
//!    the session stays free for the UI while the bot thinks.
//! 2. [`BotRequest::think`] runs the search on any thread and answers a [`BotReply`]. It can
//!    be stopped from another thread through a flag.
//! 3. [`Session::apply_bot_reply`] plays the reply only if the game is still exactly at the
//!    moment the request was made, and otherwise refuses it with
//!    [`SessionError::StaleBotReply`].
//!
//! The same moment, level and seed always give the same move (the engine decides from the
//! record alone), unless a time limit or a stop cuts the search short. The seed is chosen
//! once per game and saved with it, so a resumed game plays on exactly as it would have.
//!
//! [`Session::bot_request`]: crate::Session::bot_request
//! [`Session::apply_bot_reply`]: crate::Session::apply_bot_reply

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rodina_engine::{Bot, BotGame, Level};
use rodina_rules::{Color, Game, PlayError, Position, Variant};

use crate::error::SessionError;

/// The moment of a game a bot is asked to move in: everything the search depends on, and
/// what [`crate::Session::apply_bot_reply`] compares to tell a current reply from a stale one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Moment {
    pub(crate) variant: Variant,
    pub(crate) start_fen: String,
    /// The moves played, in the game's coordinate text.
    pub(crate) moves: Vec<String>,
    /// The side the bot plays (the side to move).
    pub(crate) side: Color,
    pub(crate) level: Level,
    /// The seed of this side's bot (see [`side_seed`]).
    pub(crate) seed: u64,
}

/// The seed of the bot playing `side` in a game whose seed is `game_seed`. Two bots in one
/// game (a bot against a bot) get different seeds, so that even two bots of one level do not
/// share their blind spots.
pub(crate) fn side_seed(game_seed: u64, side: Color) -> u64 {
    side.fold(game_seed, game_seed ^ 0x9E37_79B9_7F4A_7C15)
}

/// A bot's turn to think about: a snapshot of the game, runnable on any thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRequest {
    moment: Moment,
    time_limit: Option<Duration>,
}

impl BotRequest {
    pub(crate) fn new(moment: Moment) -> BotRequest {
        BotRequest { moment, time_limit: None }
    }

    /// The bot's level.
    pub fn level(&self) -> Level {
        self.moment.level
    }

    /// The side the bot plays.
    pub fn side(&self) -> Color {
        self.moment.side
    }

    /// The seed the bot's choices follow.
    pub fn seed(&self) -> u64 {
        self.moment.seed
    }

    /// Moves played before the bot's move.
    pub fn ply_count(&self) -> usize {
        self.moment.moves.len()
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
        // A game joins the bot's path with one arm here (and the engine's `BotGame`).
        #[allow(unreachable_patterns)]
        let chosen = match self.moment.variant {
            Variant::Xiangqi => {
                choose::<rodina_rules::Xiangqi>(&self.moment, self.time_limit, stop)?
            }
            other => return Err(SessionError::Unsupported(other)),
        };
        Ok(BotReply {
            moment: self.moment,
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

/// What the engine chose, in the app's terms.
struct Chosen {
    move_text: String,
    score: i32,
    depth: u32,
    nodes: u64,
    from_book: bool,
}

/// Replays the moment's record and asks a bot of its level and seed for a move.
fn choose<G: BotGame>(
    moment: &Moment,
    time: Option<Duration>,
    stop: Option<Arc<AtomicBool>>,
) -> Result<Chosen, SessionError> {
    let mut game = Game::new(G::from_fen(&moment.start_fen)?);
    for text in &moment.moves {
        let m = game.position().parse_move(text)?;
        game.play(&m).map_err(|e| match e {
            PlayError::GameOver => SessionError::GameOver,
            PlayError::IllegalMove { .. } => SessionError::Forbidden { text: text.clone() },
        })?;
    }
    let mut bot = Bot::<G>::new(moment.level, moment.seed);
    // `None` only when the game is over: a session asks only while the bot is to move.
    let chosen = bot.choose(&game, time, stop).ok_or(SessionError::GameOver)?;
    Ok(Chosen {
        move_text: Position::move_text(game.position(), &chosen.mv),
        score: chosen.score,
        depth: chosen.depth,
        nodes: chosen.nodes,
        from_book: chosen.from_book,
    })
}

/// The bot's answer to a [`BotRequest`], to hand to [`crate::Session::apply_bot_reply`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotReply {
    moment: Moment,
    move_text: String,
    score: i32,
    depth: u32,
    nodes: u64,
    from_book: bool,
    interrupted: bool,
    elapsed: Duration,
}

impl BotReply {
    pub(crate) fn moment(&self) -> &Moment {
        &self.moment
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
        self.moment.moves.len()
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
    fn a_request_whose_record_does_not_replay_is_an_error_not_a_panic() {
        let moment = Moment {
            variant: Variant::Xiangqi,
            start_fen: rodina_rules::xiangqi::START_FEN.to_owned(),
            moves: vec!["h3e3".into(), "h3e3".into()],
            side: Color::White,
            level: Level::Novice,
            seed: 1,
        };
        let err = BotRequest::new(moment.clone()).think(None).unwrap_err();
        assert!(matches!(err, SessionError::Move(_)), "{err:?}");
        let bad_fen = Moment { start_fen: "9/9 w".into(), moves: vec![], ..moment.clone() };
        assert!(matches!(BotRequest::new(bad_fen).think(None), Err(SessionError::Fen(_))));
        let other = Moment { variant: Variant::Jieqi, moves: vec![], ..moment };
        assert_eq!(
            BotRequest::new(other).think(None),
            Err(SessionError::Unsupported(Variant::Jieqi))
        );
    }
}
