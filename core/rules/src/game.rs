//! A game record: the start position, the moves, and every position reached, so that rules
//! reading the history (repetition, chases) can judge it.

use crate::{Color, DrawReason, Outcome, PlayError, Position, WinReason};

/// One ply of a game record.
#[derive(Clone, Debug)]
pub struct Ply<P: Position> {
    /// The move played.
    pub mv: P::Move,
    /// The position after the move.
    pub position: P,
    /// Whether the move was irreversible (see [`Position::is_irreversible`]).
    pub irreversible: bool,
}

/// A game: a start position and the moves played from it, with every position kept.
///
/// The outcome combines the position's own verdict with the history: a win found in the
/// position (checkmate, no legal move, ...) takes precedence over repetition, and repetition
/// over draws by move count or material, as the rules pages state.
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    start: P,
    plies: Vec<Ply<P>>,
    ended: Option<Outcome>,
}

impl<P: Position> Game<P> {
    /// A game from `start` with no moves yet.
    pub fn new(start: P) -> Self {
        Game { start, plies: Vec::new(), ended: None }
    }

    /// The start position.
    pub fn start(&self) -> &P {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.plies.last().map_or(&self.start, |p| &p.position)
    }

    /// The plies played so far.
    pub fn plies(&self) -> &[Ply<P>] {
        &self.plies
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = &P::Move> {
        self.plies.iter().map(|p| &p.mv)
    }

    /// The position after `ply` moves (0 = the start position).
    pub fn position_at(&self, ply: usize) -> Option<&P> {
        if ply == 0 { Some(&self.start) } else { self.plies.get(ply - 1).map(|p| &p.position) }
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// The legal moves in the current position, after the history's own restrictions;
    /// empty once the game is over.
    pub fn legal_moves(&self) -> Vec<P::Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = self.position().legal_moves();
        P::retain_allowed(self, &mut moves);
        moves
    }

    /// Whether `m` can be played now.
    pub fn is_legal(&self, m: &P::Move) -> bool {
        self.outcome().is_none() && self.position().is_legal(m) && !P::history_forbids(self, m)
    }

    /// Plays `m` after checking that the game goes on and the move is legal.
    pub fn play(&mut self, m: &P::Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.position().is_legal(m) || P::history_forbids(self, m) {
            return Err(PlayError::IllegalMove { text: self.position().move_text(m) });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it.
    ///
    /// # Panics
    /// May panic, or corrupt the record, if `m` is not legal in the current position.
    pub fn play_unchecked(&mut self, m: &P::Move) {
        let before = self.position();
        let irreversible = before.is_irreversible(m);
        let mut position = before.clone();
        position.play_unchecked(m);
        self.plies.push(Ply { mv: m.clone(), position, irreversible });
    }

    /// Takes back the last move (and any resignation or agreed result); returns it.
    pub fn undo(&mut self) -> Option<P::Move> {
        self.ended = None;
        self.plies.pop().map(|p| p.mv)
    }

    /// Ends the game: `loser` resigned.
    pub fn resign(&mut self, loser: Color) {
        if self.outcome().is_none() {
            self.ended = Some(Outcome::Win { winner: !loser, reason: WinReason::Resignation });
        }
    }

    /// Ends the game: `loser` ran out of time.
    pub fn lose_on_time(&mut self, loser: Color) {
        if self.outcome().is_none() {
            self.ended = Some(Outcome::Win { winner: !loser, reason: WinReason::Time });
        }
    }

    /// Ends the game in a draw both players agreed to.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.ended = Some(Outcome::Draw { reason: DrawReason::Agreement });
        }
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.ended {
            return Some(o);
        }
        let own = self.position().outcome();
        if let Some(o @ Outcome::Win { .. }) = own {
            return Some(o);
        }
        P::repetition_outcome(self).or(own)
    }

    /// How many times the current position has occurred since the last irreversible move,
    /// counting the current one.
    pub fn occurrences(&self) -> usize {
        let key = self.position().zobrist();
        let mut count = 1;
        // Walk back over positions with the same side to move.
        let n = self.plies.len();
        let mut i = n;
        while i >= 2 {
            // An irreversible move between ply i-2 and ply i ends the window.
            if self.plies[i - 1].irreversible || self.plies[i - 2].irreversible {
                break;
            }
            i -= 2;
            if self.position_at(i).is_some_and(|p| p.zobrist() == key) {
                count += 1;
            }
        }
        count
    }
}
