//! The small trait every game implements, so that bots, the app and tools can treat the games
//! alike.

use std::fmt;
use std::hash::Hash;

use crate::{Color, Game, Outcome, ParseFenError, ParseMoveError, PlayError, Variant};

/// A position of one game of the family: what the engine and the app need from every game.
///
/// Implementors provide move generation, move application, the outcome of the position by
/// itself and text forms; the provided methods build checked play and history-aware verdicts
/// on top. Rules that depend on the history of a game (repetition verdicts) are reached
/// through [`Game`], which calls [`Position::repetition_outcome`].
pub trait Position: Clone + fmt::Debug + Send + Sync + 'static {
    /// A move of this game.
    type Move: Clone + PartialEq + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// The game this position belongs to.
    fn variant(&self) -> Variant;

    /// The position in the game's FEN.
    fn fen(&self) -> String;

    /// Reads a position from the game's FEN.
    fn from_fen(fen: &str) -> Result<Self, ParseFenError>
    where
        Self: Sized;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Appends every legal move to `moves` (which is not cleared).
    fn legal_moves_into(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move without checking it.
    ///
    /// # Panics
    /// May panic, or leave the position inconsistent, if `m` is not one of
    /// [`Position::legal_moves`]. Use [`Position::play`] for moves from untrusted sources.
    fn play_unchecked(&mut self, m: &Self::Move);

    /// Whether the side to move is in check (for games without check: under a threat the
    /// game shows the same way, or always `false`).
    fn is_check(&self) -> bool;

    /// How the game ends in this position, judged from the position alone (no legal move,
    /// move-count limits, insufficient material, game-specific wins). Repetition needs the
    /// history: see [`Game::outcome`].
    fn outcome(&self) -> Option<Outcome>;

    /// A 64-bit Zobrist hash of everything that makes positions equal for repetition.
    fn zobrist(&self) -> u64;

    /// Reads a move in one of the game's move notations (always the coordinate text).
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// The move in the game's coordinate text (the form Fairy-Stockfish uses where it
    /// knows the game).
    fn move_text(&self, m: &Self::Move) -> String;

    /// Whether playing `m` makes every earlier position impossible to reach again (a capture,
    /// for example), so that repetition only needs to look back to here.
    fn is_irreversible(&self, m: &Self::Move) -> bool;

    /// All legal moves.
    fn legal_moves(&self) -> Vec<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Whether `m` is legal here.
    fn is_legal(&self, m: &Self::Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// Plays `m` if it is legal.
    fn play(&mut self, m: &Self::Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(m) {
            return Err(PlayError::IllegalMove { text: self.move_text(m) });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// The verdict of repetition for the game's current position, if the position has
    /// occurred often enough to end the game. The default is a draw at the third
    /// occurrence of the same position (same [`Position::zobrist`]) since the last
    /// irreversible move.
    fn repetition_outcome(game: &Game<Self>) -> Option<Outcome>
    where
        Self: Sized,
    {
        (game.occurrences() >= 3).then_some(Outcome::Draw { reason: crate::DrawReason::Repetition })
    }

    /// Whether the game's history forbids `m` although the position allows it (rule sets
    /// that cap consecutive checks or chases). The default forbids nothing.
    fn history_forbids(_game: &Game<Self>, _m: &Self::Move) -> bool
    where
        Self: Sized,
    {
        false
    }

    /// Removes from `moves` (legal in the game's position) those the history forbids. The
    /// default asks [`Position::history_forbids`] move by move; a game whose check shares work
    /// across the moves of one position does that work once here.
    fn retain_allowed(game: &Game<Self>, moves: &mut Vec<Self::Move>)
    where
        Self: Sized,
    {
        moves.retain(|m| !Self::history_forbids(game, m));
    }
}
