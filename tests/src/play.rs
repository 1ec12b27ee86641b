//! A seat's record of a game kept from what it received, and the moves a test player
//! chooses from it: one that ends the game if there is one, a capture more often than not,
//! else any legal move (random from a seeded generator, so a run can be repeated).

use rand::Rng;
use rodina_protocol::GameState;
use rodina_rules::{AnyView, Seat, Start};

use crate::E2eError;

/// One seat's record of a game: the state of its first sync and the view the moves it
/// received have been played on.
#[derive(Clone, Debug)]
pub struct Record {
    /// Whose record.
    pub seat: Seat,
    /// The first sync's state.
    pub state: GameState,
    /// The seat's view now.
    pub view: AnyView,
    /// The move texts this seat received, in order.
    pub moves: Vec<String>,
}

impl Record {
    /// The record of a sync's state (its moves played).
    pub fn new(state: GameState) -> Result<Record, E2eError> {
        let seat =
            state.seat().ok_or_else(|| E2eError::Protocol(format!("seat {}", state.seat)))?;
        let mut new =
            state.options.to_new_game().map_err(|e| E2eError::Protocol(format!("options: {e}")))?;
        new.start = Start::Fen(state.start.clone());
        let mut view = AnyView::read(&new, Some(seat))
            .map_err(|e| E2eError::Protocol(format!("start {}: {e}", state.start)))?
            .ok_or_else(|| E2eError::Protocol("no view of the start".into()))?;
        for m in &state.moves {
            view.play_text(m).map_err(|e| E2eError::Protocol(format!("sync's move {m}: {e}")))?;
        }
        Ok(Record { seat, moves: state.moves.clone(), state, view })
    }

    /// Plays a move this seat received.
    pub fn play(&mut self, mv: &str) -> Result<(), E2eError> {
        self.view
            .play_text(mv)
            .map_err(|e| E2eError::Protocol(format!("{:?} cannot play {mv}: {e}", self.seat)))?;
        self.moves.push(mv.to_owned());
        Ok(())
    }
}

/// The pieces on a FEN's board (its letters).
fn pieces(fen: &str) -> usize {
    fen.split(' ').next().unwrap_or("").chars().filter(char::is_ascii_alphabetic).count()
}

/// A move for the side to move in `view`: one that ends the game if there is one, else a
/// capture with probability `capture_bias` when there is one, else any. (A Jieqi reveal
/// cannot be played on a view, which does not know what it shows: it is never found to end
/// the game, and counts as no capture unless it takes.) `None` when there is no move.
pub fn choose(view: &AnyView, rng: &mut impl Rng, capture_bias: f64) -> Option<String> {
    let moves = view.legal_move_texts();
    if moves.is_empty() {
        return None;
    }
    let before = pieces(&view.fen());
    let mut captures = Vec::new();
    for m in &moves {
        let mut next = view.clone();
        if next.play_text(m).is_err() {
            continue;
        }
        if next.outcome().is_some() {
            return Some(m.clone());
        }
        if pieces(&next.fen()) < before {
            captures.push(m.clone());
        }
    }
    if !captures.is_empty() && rng.random_bool(capture_bias) {
        return Some(captures[rng.random_range(0..captures.len())].clone());
    }
    Some(moves[rng.random_range(0..moves.len())].clone())
}
