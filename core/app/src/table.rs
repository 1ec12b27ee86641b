//! The game on the table: one game's rules behind an object-safe interface, so the session
//! (the controller) is written once for every game.
//!
//! A game joins the app by implementing [`AppGame`] for its position type and adding one arm
//! to [`new_table`]. Everything else (selection, refusals, undo, saving) is shared.

use rodina_rules::{Color, Game, Outcome, ParseMoveError, Position, Variant};

use crate::error::SessionError;
use crate::model::{MoveRecord, PieceView, Point};

/// What the app needs from one game beyond [`Position`]: board geometry, pieces as the viewer
/// sees them, and moves addressed by points.
pub(crate) trait AppGame: Position {
    /// Number of files.
    const FILES: u8;
    /// Number of ranks.
    const RANKS: u8;

    /// The start position with a named handicap (given by the first player).
    fn with_handicap(name: &str) -> Result<Self, SessionError>
    where
        Self: Sized;

    /// The usual start position.
    fn start() -> Self
    where
        Self: Sized;

    /// The piece on `p` as the viewer may see it.
    fn piece_view(&self, p: Point) -> Option<PieceView>;

    /// Where a move starts and ends.
    fn move_points(m: &Self::Move) -> (Point, Point);

    /// The move for people (WXF in Xiangqi). `m` is legal here.
    fn notation(&self, m: &Self::Move) -> String;

    /// The point of the side to move's general (king) if it is in check.
    fn check_point(&self) -> Option<Point>;
}

/// One game in progress, whatever the game: what the session drives.
pub(crate) trait Table: Send {
    /// The game.
    fn variant(&self) -> Variant;
    /// Files and ranks.
    fn size(&self) -> (u8, u8);
    /// The side to move.
    fn to_move(&self) -> Color;
    /// The piece on `p` as the viewer may see it.
    fn piece_at(&self, p: Point) -> Option<PieceView>;
    /// The legal destinations of the piece on `from` (empty once the game is over).
    fn targets(&self, from: Point) -> Vec<Point>;
    /// Plays the legal move from `from` to `to`, or says why there is none.
    fn play_points(&mut self, from: Point, to: Point) -> Result<MoveRecord, String>;
    /// Plays a move given as text (coordinates or the game's notation).
    fn play_text(&mut self, text: &str) -> Result<MoveRecord, SessionError>;
    /// Takes back the last move; returns whether there was one.
    fn undo_move(&mut self) -> bool;
    /// Ends the game with an outcome the moves do not show (resignation, time, agreement);
    /// `None` takes such an ending back.
    fn declare(&mut self, ending: Option<Outcome>);
    /// The ending declared with [`Table::declare`], if any.
    fn declared(&self) -> Option<Outcome>;
    /// How the game has ended, if it has.
    fn outcome(&self) -> Option<Outcome>;
    /// The point of a general (king) in check.
    fn check(&self) -> Option<Point>;
    /// The moves played.
    fn moves(&self) -> &[MoveRecord];
    /// The start position's FEN.
    fn start_fen(&self) -> String;
    /// The current position's FEN.
    fn fen(&self) -> String;
}

/// Starts a table of `variant` from a FEN.
pub(crate) fn new_table(variant: Variant, fen: &str) -> Result<Box<dyn Table>, SessionError> {
    // Other games join the family in parallel; until they are wired here they are refused
    // with a typed error rather than failing to build.
    #[allow(unreachable_patterns)]
    match variant {
        Variant::Xiangqi => Ok(Box::new(GameTable::new(rodina_rules::Xiangqi::from_fen(fen)?))),
        other => Err(SessionError::Unsupported(other)),
    }
}

/// The start FEN of `variant`, with a handicap if one is named.
pub(crate) fn start_fen(variant: Variant, handicap: Option<&str>) -> Result<String, SessionError> {
    fn fen_of<P: AppGame>(handicap: Option<&str>) -> Result<String, SessionError> {
        Ok(match handicap {
            Some(name) => P::with_handicap(name)?.fen(),
            None => P::start().fen(),
        })
    }
    #[allow(unreachable_patterns)]
    match variant {
        Variant::Xiangqi => fen_of::<rodina_rules::Xiangqi>(handicap),
        other => Err(SessionError::Unsupported(other)),
    }
}

/// A [`Table`] for any [`AppGame`]: the rules' [`Game`] record plus what the UI asks for
/// often, computed once per move (legal moves, outcome, notation) so that drawing the board
/// after every tap costs no move generation.
struct GameTable<P: AppGame> {
    game: Game<P>,
    records: Vec<MoveRecord>,
    declared: Option<Outcome>,
    // Caches of the current position, refreshed by `refresh` after every change.
    legal: Vec<P::Move>,
    outcome: Option<Outcome>,
}

impl<P: AppGame> GameTable<P> {
    fn new(start: P) -> Self {
        let mut table = GameTable {
            game: Game::new(start),
            records: Vec::new(),
            declared: None,
            legal: Vec::new(),
            outcome: None,
        };
        table.refresh();
        table
    }

    fn refresh(&mut self) {
        self.outcome = self.declared.or_else(|| self.game.outcome());
        self.legal = if self.outcome.is_some() { Vec::new() } else { self.game.legal_moves() };
    }

    /// Plays a move known to be in `self.legal`.
    fn play_legal(&mut self, m: &P::Move) -> MoveRecord {
        let pos = self.game.position();
        let (from, to) = P::move_points(m);
        let record = MoveRecord {
            ply: u32::try_from(self.records.len() + 1).unwrap_or(u32::MAX),
            side: pos.turn(),
            notation: pos.notation(m),
            coordinate: pos.move_text(m),
            from,
            to,
        };
        self.game.play_unchecked(m);
        self.records.push(record.clone());
        self.refresh();
        record
    }

    fn game_over(&self) -> Option<SessionError> {
        self.outcome.map(|_| SessionError::GameOver)
    }
}

impl<P: AppGame> Table for GameTable<P> {
    fn variant(&self) -> Variant {
        self.game.position().variant()
    }

    fn size(&self) -> (u8, u8) {
        (P::FILES, P::RANKS)
    }

    fn to_move(&self) -> Color {
        self.game.position().turn()
    }

    fn piece_at(&self, p: Point) -> Option<PieceView> {
        self.game.position().piece_view(p)
    }

    fn targets(&self, from: Point) -> Vec<Point> {
        self.legal
            .iter()
            .map(P::move_points)
            .filter(|&(f, _)| f == from)
            .map(|(_, to)| to)
            .collect()
    }

    fn play_points(&mut self, from: Point, to: Point) -> Result<MoveRecord, String> {
        if let Some(m) = self.legal.iter().find(|m| P::move_points(m) == (from, to)).cloned() {
            return Ok(self.play_legal(&m));
        }
        if let Some(e) = self.game_over() {
            return Err(e.to_string());
        }
        // Ask the rules why: they name the blocked leg, the exposed general, and so on.
        Err(match self.game.position().parse_move(&format!("{from}{to}")) {
            Err(ParseMoveError::Illegal { reason, .. }) => reason,
            Err(e) => e.to_string(),
            Ok(_) => "the rules forbid this move here (repetition)".to_owned(),
        })
    }

    fn play_text(&mut self, text: &str) -> Result<MoveRecord, SessionError> {
        if let Some(e) = self.game_over() {
            return Err(e);
        }
        let m = self.game.position().parse_move(text)?;
        if !self.legal.contains(&m) {
            return Err(SessionError::Forbidden { text: text.trim().to_owned() });
        }
        Ok(self.play_legal(&m))
    }

    fn undo_move(&mut self) -> bool {
        if self.records.is_empty() {
            return false;
        }
        self.game.undo();
        self.records.pop();
        self.refresh();
        true
    }

    fn declare(&mut self, ending: Option<Outcome>) {
        self.declared = ending;
        self.refresh();
    }

    fn declared(&self) -> Option<Outcome> {
        self.declared
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn check(&self) -> Option<Point> {
        self.game.position().check_point()
    }

    fn moves(&self) -> &[MoveRecord] {
        &self.records
    }

    fn start_fen(&self) -> String {
        self.game.start().fen()
    }

    fn fen(&self) -> String {
        self.game.position().fen()
    }
}
