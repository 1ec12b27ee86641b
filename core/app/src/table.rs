//! The game on the table: one game's record behind an object-safe interface, so the session
//! (the controller) is written once for every game.
//!
//! A game joins the app by implementing [`AppGame`] (how its pieces look, where its moves
//! start and end); the rules' one dispatch point ([`rodina_rules::with_game`]) builds its
//! [`Table`]. Everything else (selection, refusals, undo, saving, bot turns) is shared.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rodina_engine::{Bot, BotGame, Level};
use rodina_rules::{
    AnyGame, Color, Game, Outcome, PlayError, Seat, Truth, Variant, View, with_game,
};

use crate::board::Board;
use crate::entry::{Entering, MoveEntry, Stepped, TapEntry};
use crate::error::SessionError;
use crate::model::{CapturedView, MoveRecord, PieceKind, PieceView, Point, Refusal};

/// What the app needs from one game beyond the rules: how the pieces a seat sees look in the
/// view model, how a move is entered by taps, and what the players' bars show.
pub(crate) trait AppGame: Truth
where
    Self::View: BotGame,
{
    /// How a move of this game is entered by taps.
    type Entry: MoveEntry<Self>;

    /// How a move is entered by taps on one seat's view, where nothing else exists (a Jieqi
    /// puzzle is posed on the solver's view); an open game's view is the game itself.
    type ViewEntry: MoveEntry<Self::View>;

    /// What stands on `p` as the view's seat sees it: a piece, and a second piece sharing
    /// the point (a Friendly bond).
    fn pieces_at(view: &Self::View, p: Point) -> [Option<PieceView>; 2];

    /// Where a move starts and ends (for a chain: where it starts and its first step ends).
    fn move_points(m: &Self::Move) -> (Point, Point);

    /// The move for people (WXF in Xiangqi). `m` is legal in `pos`.
    fn notation(pos: &Self, m: &Self::Move) -> String;

    /// The move for people, from a seat's view. `m` is legal in `view`.
    fn view_notation(view: &Self::View, m: &Self::Move) -> String;

    /// The point to mark as threatened: the side to move's general (king) in check, or what
    /// the game shows the same way.
    fn check_point(view: &Self::View) -> Option<Point>;

    /// Whether `side`'s king (general) is threatened: in check (the side to move only), or in
    /// Friendly chess open to a bond (either side).
    fn threatened(view: &Self::View, side: Color) -> bool;

    /// What the status line says of the position beyond whose turn it is.
    fn situation(view: &Self::View) -> Situation;

    /// The pieces captured so far, in the order they fell, as the record's seat knows them.
    fn captured(record: &Game<Self::View>) -> Vec<CapturedView>;

    /// Whether `p` has a meaning of its own in the rules (Jeson Mor's centre).
    fn is_special(_p: Point) -> bool {
        false
    }
}

/// What the status line says of a position beyond whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Situation {
    /// Nothing more.
    Quiet,
    /// The side to move is in check.
    Check,
    /// The side to move's king is threatened (Friendly chess: a bond would win).
    Threatened,
    /// The side to move held the centre through the reply: leaving it wins (Jeson Mor).
    CentreHeld,
    /// The opponent's knight stands on the centre (Jeson Mor).
    CentreThreat,
}

/// A bot's turn to think about: a snapshot of the bot's seat's record, runnable on any
/// thread.
pub(crate) trait BotTurn: Send + Sync {
    /// Chooses the move of `level` and `seed`, in the game's coordinate text.
    fn think(
        &self,
        level: Level,
        seed: u64,
        time: Option<Duration>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Option<Chosen>;
}

/// What the engine chose, in the app's terms.
pub(crate) struct Chosen {
    pub(crate) move_text: String,
    pub(crate) score: i32,
    pub(crate) depth: u32,
    pub(crate) nodes: u64,
    pub(crate) from_book: bool,
}

/// A snapshot of one seat's record for a bot.
struct ViewTurn<V: BotGame> {
    record: Game<V>,
}

impl<V: BotGame> BotTurn for ViewTurn<V> {
    fn think(
        &self,
        level: Level,
        seed: u64,
        time: Option<Duration>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Option<Chosen> {
        let chosen = Bot::<V>::new(level, seed).choose(&self.record, time, stop)?;
        Some(Chosen {
            move_text: self.record.position().move_text(&chosen.mv),
            score: chosen.score,
            depth: chosen.depth,
            nodes: chosen.nodes,
            from_book: chosen.from_book,
        })
    }
}

/// One game in progress, whatever the game: what the session drives. Its board plays a
/// move entered by taps at once ([`Board::Done`] is the move's record).
pub(crate) trait Table: Board<Done = MoveRecord> {
    /// The true record (a copy), for saving.
    fn game(&self) -> AnyGame;
    /// Whether seats may know less than the truth (see [`Truth::HIDES_INFORMATION`]).
    fn hides_information(&self) -> bool;
    /// Plays a move given as text (coordinates or the game's notation).
    fn play_text(&mut self, text: &str) -> Result<MoveRecord, SessionError>;
    /// Takes back the last move; returns whether there was one.
    fn undo_move(&mut self) -> bool;
    /// Ends the game with an ending the moves do not show (resignation, time, agreement).
    fn declare(&mut self, ending: Outcome);
    /// Takes back a declared ending; returns whether there was one.
    fn take_back_ending(&mut self) -> bool;
    /// The declared ending, if any.
    fn declared(&self) -> Option<Outcome>;
    /// `seat`'s record as a snapshot for a bot.
    fn bot_turn(&self, seat: Seat) -> Arc<dyn BotTurn>;
}

/// Builds the table of a game of any kind.
pub(crate) fn new_table(game: AnyGame) -> Box<dyn Table> {
    with_game!(game, g => Box::new(GameTable::new(g)) as Box<dyn Table>)
}

/// A [`Table`] for any [`AppGame`]: the rules' [`Game`] record (which also keeps a declared
/// ending) plus what the UI asks for often, computed once per move (legal moves, outcome,
/// notation) so that drawing the board after every tap costs no move generation.
struct GameTable<P: AppGame>
where
    P::View: BotGame,
{
    game: Game<P>,
    records: Vec<MoveRecord>,
    /// The move being entered by taps, with the current position's caches; made anew by
    /// `refresh` after every change.
    entering: Entering<P, P::Entry>,
}

impl<P: AppGame> GameTable<P>
where
    P::View: BotGame,
{
    fn new(game: Game<P>) -> Self {
        let start = Game::new(game.start().clone());
        let entering = Entering::new(&start);
        let mut table = GameTable { game: start, records: Vec::new(), entering };
        // Rebuild the move list ply by ply; the record's moves are legal where they stand.
        for ply in game.plies() {
            table.record_and_play(&ply.mv);
        }
        if let Some(ending) = game.declared() {
            table.game.declare(ending);
        }
        table.refresh();
        table
    }

    fn refresh(&mut self) {
        self.entering = Entering::new(&self.game);
    }

    /// Plays a legal move and adds its line to the move list.
    fn record_and_play(&mut self, m: &P::Move) -> MoveRecord {
        let pos = self.game.position();
        let (from, to) = P::move_points(m);
        let mut record = MoveRecord {
            ply: u32::try_from(self.records.len() + 1).unwrap_or(u32::MAX),
            side: pos.turn(),
            notation: P::notation(pos, m),
            coordinate: pos.move_text(m),
            from,
            to,
        };
        self.game.play_unchecked(m);
        // Where the game hides pieces, the list says what the move did as everyone saw it.
        if P::HIDES_INFORMATION {
            if let Some(text) = self.game.ply_text_for(self.game.len(), Seat::Spectator) {
                record.notation = text;
            }
        }
        self.records.push(record.clone());
        record
    }

    /// Plays a move known to be in `self.legal`.
    fn play_legal(&mut self, m: &P::Move) -> MoveRecord {
        let record = self.record_and_play(m);
        self.refresh();
        record
    }

    fn game_over(&self) -> Option<SessionError> {
        self.entering.outcome.map(|_| SessionError::GameOver)
    }
}

impl<P: AppGame> Board for GameTable<P>
where
    P::View: BotGame,
    Game<P>: Into<AnyGame>,
{
    type Done = MoveRecord;

    fn variant(&self) -> Variant {
        P::VARIANT
    }

    fn size(&self) -> (u8, u8) {
        (P::FILES, P::RANKS)
    }

    fn to_move(&self) -> Color {
        self.game.turn()
    }

    fn board(&self, seat: Seat) -> Vec<[Option<PieceView>; 2]> {
        self.entering.pieces(&self.game.position().view(seat), P::pieces_at)
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

    fn step(
        &mut self,
        to: Point,
        promotion: Option<PieceKind>,
    ) -> Result<Stepped<MoveRecord>, Refusal> {
        Ok(self.entering.step(to, promotion)?.map(|m| self.play_legal(&m)))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.entering.outcome
    }

    fn check(&self, seat: Seat) -> Option<Point> {
        P::check_point(&self.game.position().view(seat))
    }

    fn threatened(&self, seat: Seat, side: Color) -> bool {
        P::threatened(&self.game.position().view(seat), side)
    }

    fn situation(&self, seat: Seat) -> Situation {
        P::situation(&self.game.position().view(seat))
    }

    fn captured(&self, seat: Seat) -> Vec<CapturedView> {
        P::captured(&self.game.view(seat))
    }

    fn moves(&self) -> &[MoveRecord] {
        &self.records
    }

    fn fen(&self, seat: Seat) -> String {
        self.game.position().view(seat).fen()
    }
}

impl<P: AppGame> Table for GameTable<P>
where
    P::View: BotGame,
    Game<P>: Into<AnyGame>,
{
    fn game(&self) -> AnyGame {
        self.game.clone().into()
    }

    fn hides_information(&self) -> bool {
        P::HIDES_INFORMATION
    }

    fn play_text(&mut self, text: &str) -> Result<MoveRecord, SessionError> {
        if let Some(e) = self.game_over() {
            return Err(e);
        }
        let m = self.game.position().parse_move(text)?;
        if !self.entering.legal.contains(&m) {
            return Err(PlayError::Forbidden { text: text.trim().to_owned() }.into());
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

    fn declare(&mut self, ending: Outcome) {
        self.game.declare(ending);
        self.refresh();
    }

    fn take_back_ending(&mut self) -> bool {
        let had = self.game.take_back_ending().is_some();
        self.refresh();
        had
    }

    fn declared(&self) -> Option<Outcome> {
        self.game.declared()
    }

    fn bot_turn(&self, seat: Seat) -> Arc<dyn BotTurn> {
        Arc::new(ViewTurn { record: self.game.view(seat) })
    }
}
