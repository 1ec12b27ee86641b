//! A board on one seat's own record of a game, where nothing else exists: a puzzle is posed
//! on the solver's view (for Jieqi, the view FEN and nothing more; there is no truth to
//! deal), and is solved by the taps a game is played with.
//!
//! Unlike a game's [`crate::table`], this board does not play the move a player enters: it
//! hands out the move's coordinate text ([`Board::Done`]) for the caller to judge, and plays
//! moves as the seat's record writes them ([`SeatRecord::play_text`]: in Jieqi with what a
//! reveal turned up, `b1c3=H`), since a view cannot know what a reveal brings.

use rodina_engine::{BotGame, SearchGame};
use rodina_rules::{
    AnyView, Color, Friendly, Game, JesonMor, Jieqi, Outcome, Position, Seat, Variant, View,
    Xiangqi,
};

use crate::board::Board;
use crate::entry::{Entering, Stepped, TapEntry};
use crate::error::SessionError;
use crate::model::{CapturedView, MoveRecord, PieceKind, PieceView, Point, Refusal};
use crate::table::{AppGame, Situation};

/// A seat's record on a board: moves entered by taps come out as text, and moves go in as
/// the record writes them.
pub(crate) trait SeatRecord: Board<Done = String> {
    /// Plays a move as this seat's record writes it (Jieqi: with what it revealed).
    fn play_text(&mut self, text: &str) -> Result<MoveRecord, SessionError>;
    /// The current position's FEN as the seat sees it (Jieqi: its view FEN).
    fn view_fen(&self) -> String;

    /// What the move `text` (written without notes) can be played as, each with its weight:
    /// the move itself where it turns up nothing; for a chance move (Jieqi: a reveal, a
    /// face-down capture the seat learns), one text per identity it can show, noted with it,
    /// weighted by how many pieces of that identity can be there.
    fn outcomes(&self, text: &str) -> Result<Vec<(String, u32)>, SessionError>;
}

/// The board of a seat's record of any game.
pub(crate) fn seat_record(view: AnyView) -> Box<dyn SeatRecord> {
    seat_record_after(view, Shown::default())
}

/// What a board showed before its record began anew: the moves listed and the pieces
/// captured. A course's opponent passes by setting up the position anew with the player to
/// move, and the move list, the last move and the players' captures must not forget what
/// led there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shown {
    /// The moves listed, in order.
    pub(crate) moves: Vec<MoveRecord>,
    /// The pieces captured, in the order they fell, as the board's seat knew them.
    pub(crate) captured: Vec<CapturedView>,
}

impl Shown {
    /// What `board` shows to `seat` now.
    pub(crate) fn of(board: &dyn SeatRecord, seat: Seat) -> Shown {
        Shown { moves: board.moves().to_vec(), captured: board.captured(seat) }
    }
}

/// The board of a seat's record that goes on from `earlier`, what was shown before the
/// record starts.
pub(crate) fn seat_record_after(view: AnyView, earlier: Shown) -> Box<dyn SeatRecord> {
    match view {
        AnyView::Xiangqi(g) => Box::new(ViewTable::<Xiangqi>::new(g, earlier)),
        AnyView::Jieqi(g) => Box::new(ViewTable::<Jieqi>::new(g, earlier)),
        AnyView::JesonMor(g) => Box::new(ViewTable::<JesonMor>::new(g, earlier)),
        AnyView::Friendly(g) => Box::new(ViewTable::<Friendly>::new(g, earlier)),
    }
}

/// A seat's record of a game of `P`, with what drawing asks for often computed once per move.
struct ViewTable<P: AppGame>
where
    P::View: BotGame,
{
    game: Game<P::View>,
    /// The moves shown: those before the record's start, then the record's own.
    records: Vec<MoveRecord>,
    /// How many of `records` came before the record's start.
    earlier: usize,
    /// The pieces captured before the record's start that its own position does not list
    /// (Xiangqi and Jeson Mor count captures from the record's moves; a Jieqi position
    /// carries its own list).
    earlier_captured: Vec<CapturedView>,
    /// The move being entered by taps, with the current position's caches; made anew by
    /// `refresh` after every move.
    entering: Entering<P::View, P::ViewEntry>,
}

impl<P: AppGame> ViewTable<P>
where
    P::View: BotGame,
{
    /// The board of `record`, whose moves are listed as it knows them after `earlier`.
    fn new(record: Game<P::View>, earlier: Shown) -> Self {
        let start = Game::new(record.start().clone());
        let entering = Entering::new(&start);
        let texts = record.move_texts();
        // Each capture the start already lists is shown once, from the start's list.
        let mut earlier_captured = earlier.captured;
        for known in P::captured(&start) {
            if let Some(i) = earlier_captured.iter().position(|c| *c == known) {
                earlier_captured.remove(i);
            }
        }
        let mut table = ViewTable {
            game: start,
            earlier: earlier.moves.len(),
            records: earlier.moves,
            earlier_captured,
            entering,
        };
        for text in texts {
            // The record's own texts read back in the record it came from.
            if table.play_text(&text).is_err() {
                break;
            }
        }
        table
    }

    fn refresh(&mut self) {
        self.entering = Entering::new(&self.game);
    }
}

impl<P: AppGame> Board for ViewTable<P>
where
    P::View: BotGame,
{
    type Done = String;

    fn variant(&self) -> Variant {
        P::VARIANT
    }

    fn size(&self) -> (u8, u8) {
        (P::FILES, P::RANKS)
    }

    fn to_move(&self) -> Color {
        self.game.turn()
    }

    /// The record is one seat's: every seat asking sees what that seat sees.
    fn board(&self, _seat: Seat) -> Vec<[Option<PieceView>; 2]> {
        self.entering.pieces(self.game.position(), P::pieces_at)
    }

    fn is_special(&self, p: Point) -> bool {
        P::is_special(p)
    }

    fn entry(&self) -> &dyn TapEntry {
        &self.entering
    }

    fn entry_mut(&mut self) -> &mut dyn TapEntry {
        &mut self.entering
    }

    /// A completed move comes out as its coordinate text, unplayed; the piece goes back, and
    /// the caller plays the move (or not) with [`SeatRecord::play_text`].
    fn step(
        &mut self,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Result<Stepped<String>, Refusal> {
        let stepped = self.entering.step(to, promotion)?;
        Ok(stepped.map(|m| {
            self.entering.restart();
            self.game.position().move_text(&m)
        }))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.entering.outcome
    }

    fn check(&self, _seat: Seat) -> Option<Point> {
        P::check_point(self.game.position())
    }

    fn threatened(&self, _seat: Seat, side: Color) -> bool {
        P::threatened(self.game.position(), side)
    }

    fn situation(&self, _seat: Seat) -> Situation {
        P::situation(self.game.position())
    }

    fn captured(&self, _seat: Seat) -> Vec<CapturedView> {
        let mut captured = self.earlier_captured.clone();
        captured.extend(P::captured(&self.game));
        captured
    }

    fn moves(&self) -> &[MoveRecord] {
        &self.records
    }

    fn fen(&self, _seat: Seat) -> String {
        self.game.position().fen()
    }
}

impl<P: AppGame> SeatRecord for ViewTable<P>
where
    P::View: BotGame,
{
    fn play_text(&mut self, text: &str) -> Result<MoveRecord, SessionError> {
        if self.entering.outcome.is_some() {
            return Err(SessionError::GameOver);
        }
        let before = self.game.position().clone();
        let m = self.game.play_text(text).map_err(SessionError::from)?;
        let (from, to) = P::move_points(&m);
        let ply = self.game.len();
        // Where the game hides pieces, the list says what the move did as this seat saw it.
        let notation = if P::HIDES_INFORMATION {
            self.game.ply_text(ply).unwrap_or_else(|| before.move_text(&m))
        } else {
            P::view_notation(&before, &m)
        };
        let record = MoveRecord {
            ply: u32::try_from(ply + self.earlier).unwrap_or(u32::MAX),
            side: before.turn(),
            notation,
            coordinate: before.move_text(&m),
            from,
            to,
        };
        self.records.push(record.clone());
        self.refresh();
        Ok(record)
    }

    fn view_fen(&self) -> String {
        self.game.position().fen()
    }

    fn outcomes(&self, text: &str) -> Result<Vec<(String, u32)>, SessionError> {
        let pos = self.game.position();
        let m = pos.parse_move(text)?;
        if !Position::is_chance(pos, &m) {
            return Ok(vec![(pos.move_text(&m), 1)]);
        }
        let mut after = Vec::new();
        SearchGame::outcomes(pos, &m, &mut after);
        let mut out: Vec<(String, u32)> = Vec::new();
        for (next, weight) in after {
            let noted = <P::View as Position>::ply_text(pos, &next, &m);
            match out.iter_mut().find(|(t, _)| *t == noted) {
                Some(seen) => seen.1 = seen.1.saturating_add(weight),
                None => out.push((noted, weight)),
            }
        }
        Ok(out)
    }
}
