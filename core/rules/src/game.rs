//! A game record: the start position, the moves, and every position reached, so that rules
//! reading the history (repetition, chases) can judge it.
//!
//! One record serves every game and every seat: `Game<Xiangqi>` is a Xiangqi game,
//! `Game<Jieqi>` the true Jieqi game (the phone's for a local game, the server's for an
//! online one), and `Game<JieqiView>` one seat's record of it ([`Game::view`]), which a bot
//! searches and a UI draws.

use crate::{Color, DrawReason, Outcome, PlayError, Position, Seat, Truth, View, WinReason};

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

/// A game: a start position and the moves played from it, with every position kept, and an
/// ending the moves do not show (resignation, agreement, time) if one was declared.
///
/// The outcome combines the position's own verdict with the history: a declared ending
/// first, then a win found in the position (checkmate, no legal move, ...), then repetition,
/// then draws by move count or material, as the rules pages state.
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

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.position().turn()
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

    /// Checks that the game goes on and that its history allows `m`, which the position
    /// allows.
    fn check_history(&self, m: &P::Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if P::history_forbids(self, m) {
            return Err(PlayError::Forbidden { text: self.position().move_text(m) });
        }
        Ok(())
    }

    /// Plays `m` after checking that the game goes on and the move is legal. A chance move
    /// (a Jieqi view's reveal, whose result the record cannot know) is refused: a seat's
    /// record plays it with what it turned up ([`Game::play_seen`]).
    pub fn play(&mut self, m: &P::Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let pos = self.position();
        if !pos.is_legal(m) {
            return Err(PlayError::IllegalMove { text: pos.move_text(m) });
        }
        if pos.is_chance(m) {
            return Err(PlayError::Chance { text: pos.move_text(m) });
        }
        self.check_history(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move given as a game record writes it ([`Game::move_texts`]): the coordinate
    /// text (or another of the game's notations), with what a chance move turned up where the
    /// record is a Jieqi seat's. Returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let (m, next) = self.position().parse_ply(text)?;
        self.check_history(&m)?;
        self.push(m.clone(), next);
        Ok(m)
    }

    /// Plays a move as [`Game::play_text`] reads it, without asking whether the game has
    /// ended or whether its history allows the move: for a tool that follows a game whose end
    /// rules differ from these (an engine sent moves by a GUI with other rules). The move must
    /// still be legal in the position.
    pub fn follow_text(&mut self, text: &str) -> Result<P::Move, PlayError> {
        let (m, next) = self.position().parse_ply(text)?;
        self.push(m.clone(), next);
        Ok(m)
    }

    /// Plays `m` without checking it.
    ///
    /// # Panics
    /// May panic, or corrupt the record, if `m` is not legal in the current position or is a
    /// chance move (see [`Position::play_unchecked`]).
    pub fn play_unchecked(&mut self, m: &P::Move) {
        let mut position = self.position().clone();
        position.play_unchecked(m);
        self.push(m.clone(), position);
    }

    /// Appends the ply `m` whose resulting position the caller has computed.
    pub(crate) fn push(&mut self, m: P::Move, position: P) {
        let irreversible = self.position().is_irreversible(&m);
        self.plies.push(Ply { mv: m, position, irreversible });
    }

    /// Takes back the last move (and any declared ending); returns it.
    pub fn undo(&mut self) -> Option<P::Move> {
        self.ended = None;
        self.plies.pop().map(|p| p.mv)
    }

    /// Ends the game: `loser` resigned.
    pub fn resign(&mut self, loser: Color) {
        self.declare(Outcome::Win { winner: !loser, reason: WinReason::Resignation });
    }

    /// Ends the game: `loser` ran out of time.
    pub fn lose_on_time(&mut self, loser: Color) {
        self.declare(Outcome::Win { winner: !loser, reason: WinReason::Time });
    }

    /// Ends the game in a draw both players agreed to.
    pub fn agree_draw(&mut self) {
        self.declare(Outcome::Draw { reason: DrawReason::Agreement });
    }

    /// Ends a game that goes on with an ending its moves do not show (resignation, time,
    /// agreement, a saved game's ending read back). A game that has ended stays as it is.
    pub fn declare(&mut self, ending: Outcome) {
        if self.outcome().is_none() {
            self.ended = Some(ending);
        }
    }

    /// The ending declared with [`Game::declare`] (or [`Game::resign`], ...), if any.
    pub fn declared(&self) -> Option<Outcome> {
        self.ended
    }

    /// Takes back a declared ending (a resignation taken back); returns it. The moves stay.
    pub fn take_back_ending(&mut self) -> Option<Outcome> {
        self.ended.take()
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

    /// The text of ply `ply` (1 = the first move) as this record knows it
    /// ([`Position::ply_text`]).
    pub fn ply_text(&self, ply: usize) -> Option<String> {
        let (before, after) = (self.position_at(ply.checked_sub(1)?)?, self.position_at(ply)?);
        Some(P::ply_text(before, after, &self.plies[ply - 1].mv))
    }

    /// The texts of every move played, as this record knows them: what
    /// [`Game::play_text`] reads back.
    pub fn move_texts(&self) -> Vec<String> {
        (1..=self.len()).filter_map(|k| self.ply_text(k)).collect()
    }
}

impl<P: Truth> Game<P> {
    /// `seat`'s record of this game: every position as that seat may know it, the same
    /// moves and the same declared ending. An open game's view is the game itself.
    pub fn view(&self, seat: Seat) -> Game<P::View> {
        Game {
            start: self.start.view(seat),
            plies: self
                .plies
                .iter()
                .map(|p| Ply {
                    mv: p.mv.clone(),
                    position: p.position.view(seat),
                    irreversible: p.irreversible,
                })
                .collect(),
            ended: self.ended,
        }
    }

    /// The FEN of the current position as `seat` may see it.
    pub fn view_fen(&self, seat: Seat) -> String {
        self.position().view(seat).fen()
    }

    /// The text of ply `ply` (1 = the first move) as `seat` may know it: in Jieqi, what it
    /// revealed, and what it captured face down only for the capturer.
    pub fn ply_text_for(&self, ply: usize, seat: Seat) -> Option<String> {
        let (before, after) = (self.position_at(ply.checked_sub(1)?)?, self.position_at(ply)?);
        Some(P::ply_text_for(before, after, &self.plies[ply - 1].mv, seat))
    }

    /// The texts of every move played, as `seat` may know them: what `seat`'s record
    /// ([`Game::view`]) reads back with [`Game::play_text`].
    pub fn move_texts_for(&self, seat: Seat) -> Vec<String> {
        (1..=self.len()).filter_map(|k| self.ply_text_for(k, seat)).collect()
    }
}
