//! The one place that goes from a game's name to its types: [`AnyGame`], an enum over the
//! four games' records, and [`AnyView`], an enum over what one seat of each holds.
//!
//! Code for every game is written once, generic over [`Truth`] (or [`Position`]), and reaches
//! a game chosen at run time through [`with_game!`](crate::with_game) or
//! [`with_view!`](crate::with_view), whose arms are the only list of the games' types. What
//! needs no types of its own (move texts, FENs, the outcome) is on the enums directly.

use std::fmt;

use rand_core::RngCore;

use crate::random::NoRandomness;

use crate::jieqi::{JieqiView, RuleSet};
use crate::xiangqi::Handicap;
use crate::{
    Color, Friendly, Game, JesonMor, Jieqi, Outcome, ParseFenError, PlayError, Position, Seat,
    Truth, Variant, View, Xiangqi,
};

/// Where a new game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// The game's usual start (Jieqi: a new shuffle).
    Usual,
    /// A position in the game's FEN. For Jieqi either form: a full FEN (the truth), or a
    /// view FEN whose unknown identities are dealt.
    Fen(String),
}

/// An option of a new game that only some games have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameOption {
    /// A handicap (Xiangqi).
    Handicap,
    /// A rule set (Jieqi).
    RuleSet,
}

impl GameOption {
    /// The option in words, for messages to developers.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameOption::Handicap => "handicaps",
            GameOption::RuleSet => "rule sets",
        }
    }
}

/// What a new game is: the game, where it starts, and the options of its kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NewGame {
    /// The game.
    pub variant: Variant,
    /// Where it starts.
    pub start: Start,
    /// Xiangqi: the handicap the first player gives.
    pub handicap: Option<Handicap>,
    /// Jieqi: the rule set (the default when `None`).
    pub rule_set: Option<RuleSet>,
}

impl NewGame {
    /// The usual start of `variant`, with no options.
    pub fn usual(variant: Variant) -> NewGame {
        NewGame { variant, start: Start::Usual, handicap: None, rule_set: None }
    }

    /// `variant` from a FEN, with no options.
    pub fn from_fen(variant: Variant, fen: &str) -> NewGame {
        NewGame { start: Start::Fen(fen.to_owned()), ..NewGame::usual(variant) }
    }
}

/// Why a new game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewGameError {
    /// The start FEN could not be read or describes an impossible position.
    Fen(ParseFenError),
    /// The game has no such option (a handicap outside Xiangqi, a rule set outside Jieqi).
    NotForGame {
        /// The option given.
        option: GameOption,
        /// The game.
        variant: Variant,
    },
    /// A handicap removes pieces from the usual start; a FEN gives its own position.
    HandicapWithFen,
}

impl fmt::Display for NewGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NewGameError::Fen(e) => write!(f, "bad start position: {e}"),
            NewGameError::NotForGame { option, variant } => {
                write!(f, "{variant} has no {}", option.as_str())
            }
            NewGameError::HandicapWithFen => {
                f.write_str("give either a start position or a handicap, not both")
            }
        }
    }
}

impl std::error::Error for NewGameError {}

impl From<ParseFenError> for NewGameError {
    fn from(e: ParseFenError) -> Self {
        NewGameError::Fen(e)
    }
}

/// A game of any of the four games: the true record (see [`Truth`]).
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Xiangqi.
    Xiangqi(Game<Xiangqi>),
    /// Jieqi, with the hidden identities.
    Jieqi(Game<Jieqi>),
    /// Jeson Mor.
    JesonMor(Game<JesonMor>),
    /// Friendly chess.
    Friendly(Game<Friendly>),
}

/// What one seat holds of a game of any of the four games (see [`Truth::view`]): for an open
/// game the game itself, for Jieqi the seat's record of views.
#[derive(Clone, Debug)]
pub enum AnyView {
    /// Xiangqi.
    Xiangqi(Game<Xiangqi>),
    /// One seat's record of a Jieqi game.
    Jieqi(Game<JieqiView>),
    /// Jeson Mor.
    JesonMor(Game<JesonMor>),
    /// Friendly chess.
    Friendly(Game<Friendly>),
}

/// Runs `$body` with `$g` bound to the [`Game`] inside an [`AnyGame`] (moved, or borrowed if
/// `$game` is a reference): the body is compiled once per game, so generic code over
/// [`Truth`] reaches a game chosen at run time.
///
/// ```
/// use rodina_rules::{AnyGame, NewGame, Variant, with_game};
/// let game = AnyGame::new(&NewGame::usual(Variant::JesonMor), &mut rand::rng())?;
/// let n = with_game!(&game, g => g.legal_moves().len());
/// assert_eq!(n, 30);
/// # Ok::<(), rodina_rules::NewGameError>(())
/// ```
#[macro_export]
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            $crate::AnyGame::Xiangqi($g) => $body,
            $crate::AnyGame::Jieqi($g) => $body,
            $crate::AnyGame::JesonMor($g) => $body,
            $crate::AnyGame::Friendly($g) => $body,
        }
    };
}

/// Runs `$body` with `$g` bound to the [`Game`] inside an [`AnyView`], as
/// [`with_game!`](crate::with_game) does for [`AnyGame`].
#[macro_export]
macro_rules! with_view {
    ($view:expr, $g:ident => $body:expr) => {
        match $view {
            $crate::AnyView::Xiangqi($g) => $body,
            $crate::AnyView::Jieqi($g) => $body,
            $crate::AnyView::JesonMor($g) => $body,
            $crate::AnyView::Friendly($g) => $body,
        }
    };
}

impl AnyGame {
    /// Sets up a new game: the start (the usual one, or a FEN) with the options of its kind.
    /// Jieqi deals from `rng`: give the operating system's secure generator for a real game
    /// (`rand::rngs::OsRng`), a seeded one for a reproducible game.
    pub fn new(new: &NewGame, rng: &mut dyn RngCore) -> Result<AnyGame, NewGameError> {
        AnyGame::check_options(new)?;
        let start = &new.start;
        Ok(match new.variant {
            Variant::Xiangqi => Game::new(Xiangqi::set_up(start, &new.handicap, rng)?).into(),
            Variant::Jieqi => {
                let rules = new.rule_set.unwrap_or(RuleSet::Default).rules();
                Game::new(Jieqi::set_up(start, &rules, rng)?).into()
            }
            Variant::JesonMor => Game::new(JesonMor::set_up(start, &(), rng)?).into(),
            Variant::Friendly => Game::new(Friendly::set_up(start, &(), rng)?).into(),
        })
    }

    /// Refuses options the game does not have.
    fn check_options(new: &NewGame) -> Result<(), NewGameError> {
        let not_for = |option| NewGameError::NotForGame { option, variant: new.variant };
        if new.variant != Variant::Xiangqi && new.handicap.is_some() {
            return Err(not_for(GameOption::Handicap));
        }
        if new.variant != Variant::Jieqi && new.rule_set.is_some() {
            return Err(not_for(GameOption::RuleSet));
        }
        Ok(())
    }

    /// A game read back from what [`AnyGame::start_truth_fen`], [`AnyGame::move_texts`] and
    /// [`AnyGame::declared`] wrote (a saved game): the start, the rule set (Jieqi), the moves
    /// and any declared ending. Nothing is dealt: the start is the whole state.
    pub fn replay(
        variant: Variant,
        rule_set: Option<RuleSet>,
        start_truth_fen: &str,
        moves: &[String],
        declared: Option<Outcome>,
    ) -> Result<AnyGame, ReplayError> {
        let new = NewGame { rule_set, ..NewGame::from_fen(variant, start_truth_fen) };
        let mut game = AnyGame::new(&new, &mut NoRandomness).map_err(ReplayError::Start)?;
        for (i, text) in moves.iter().enumerate() {
            game.play_text(text).map_err(|error| ReplayError::Move { ply: i + 1, error })?;
        }
        if let Some(ending) = declared {
            game.declare(ending);
        }
        Ok(game)
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Xiangqi(_) => Variant::Xiangqi,
            AnyGame::Jieqi(_) => Variant::Jieqi,
            AnyGame::JesonMor(_) => Variant::JesonMor,
            AnyGame::Friendly(_) => Variant::Friendly,
        }
    }

    /// Files and ranks of the board.
    pub fn size(&self) -> (u8, u8) {
        with_game!(self, g => size_of(g))
    }

    /// Whether seats may know less than the truth (see [`Truth::HIDES_INFORMATION`]).
    pub fn hides_information(&self) -> bool {
        with_game!(self, g => hides(g))
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        with_game!(self, g => g.turn())
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        with_game!(self, g => g.len())
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        with_game!(self, g => g.position().is_check())
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, g => g.outcome())
    }

    /// The legal moves in the game's coordinate text, in generation order.
    pub fn legal_move_texts(&self) -> Vec<String> {
        with_game!(self, g => texts_of(g))
    }

    /// Plays a move given as text (see [`Game::play_text`]).
    pub fn play_text(&mut self, text: &str) -> Result<(), PlayError> {
        with_game!(self, g => g.play_text(text).map(drop))
    }

    /// Takes back the last move (and any declared ending); whether there was one.
    pub fn undo(&mut self) -> bool {
        with_game!(self, g => g.undo().is_some())
    }

    /// Ends the game with an ending its moves do not show (see [`Game::declare`]).
    pub fn declare(&mut self, ending: Outcome) {
        with_game!(self, g => g.declare(ending))
    }

    /// The declared ending, if any.
    pub fn declared(&self) -> Option<Outcome> {
        with_game!(self, g => g.declared())
    }

    /// Takes back a declared ending; returns it.
    pub fn take_back_ending(&mut self) -> Option<Outcome> {
        with_game!(self, g => g.take_back_ending())
    }

    /// The current position's whole state (see [`Truth::truth_fen`]): for saved games and the
    /// server's storage, never for a seat.
    pub fn truth_fen(&self) -> String {
        with_game!(self, g => g.position().truth_fen())
    }

    /// The start position's whole state (see [`Truth::truth_fen`]).
    pub fn start_truth_fen(&self) -> String {
        with_game!(self, g => g.start().truth_fen())
    }

    /// The moves as the true record writes them (Jieqi: with every identity): what
    /// [`AnyGame::replay`] reads back. For saved games and the server's storage only.
    pub fn move_texts(&self) -> Vec<String> {
        with_game!(self, g => g.move_texts())
    }

    /// The current position's FEN as `seat` may see it.
    pub fn view_fen(&self, seat: Seat) -> String {
        with_game!(self, g => g.view_fen(seat))
    }

    /// The moves as `seat` may know them.
    pub fn move_texts_for(&self, seat: Seat) -> Vec<String> {
        with_game!(self, g => g.move_texts_for(seat))
    }

    /// What `seat` holds of the game.
    pub fn view(&self, seat: Seat) -> AnyView {
        with_game!(self, g => g.view(seat).into())
    }
}

impl AnyView {
    /// Reads a start as one seat holds it: a view's text (Jieqi's view FEN) for `seat`, or
    /// for the first seat that can hold it when `seat` is `None`; with a seat, also a FEN of
    /// the whole state or the usual start, as that seat sees it. `Ok(None)` when the start is
    /// the whole state and no seat was named (every FEN of an open game): set it up with
    /// [`AnyGame::new`].
    pub fn read(new: &NewGame, seat: Option<Seat>) -> Result<Option<AnyView>, NewGameError> {
        let game_for_seat = |seat: Option<Seat>| -> Result<Option<AnyView>, NewGameError> {
            // The whole state, or the usual start: what the seat sees of it needs no deal of
            // its own (a seat's view of a new shuffle is the same for every shuffle).
            let Some(seat) = seat else { return Ok(None) };
            Ok(Some(AnyGame::new(new, &mut NoRandomness)?.view(seat)))
        };
        let Start::Fen(fen) = &new.start else { return game_for_seat(seat) };
        AnyGame::check_options(new)?;
        let read = match new.variant {
            Variant::Xiangqi => Xiangqi::read_view(fen, &new.handicap, seat)?.map(view_record),
            Variant::Jieqi => {
                let rules = new.rule_set.unwrap_or(RuleSet::Default).rules();
                Jieqi::read_view(fen, &rules, seat)?.map(view_record)
            }
            Variant::JesonMor => JesonMor::read_view(fen, &(), seat)?.map(view_record),
            Variant::Friendly => Friendly::read_view(fen, &(), seat)?.map(view_record),
        };
        match read {
            Some(view) => Ok(Some(view)),
            None => game_for_seat(seat),
        }
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        match self {
            AnyView::Xiangqi(_) => Variant::Xiangqi,
            AnyView::Jieqi(_) => Variant::Jieqi,
            AnyView::JesonMor(_) => Variant::JesonMor,
            AnyView::Friendly(_) => Variant::Friendly,
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        with_view!(self, g => g.turn())
    }

    /// How the game has ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        with_view!(self, g => g.outcome())
    }

    /// The legal moves in the game's coordinate text, in generation order.
    pub fn legal_move_texts(&self) -> Vec<String> {
        with_view!(self, g => texts_of(g))
    }

    /// Plays a move as this seat's record writes it (see [`Game::play_text`]).
    pub fn play_text(&mut self, text: &str) -> Result<(), PlayError> {
        with_view!(self, g => g.play_text(text).map(drop))
    }

    /// Ends the game with an ending its moves do not show (see [`Game::declare`]): a
    /// resignation, a draw agreed, a flag fallen, which every seat learns.
    pub fn declare(&mut self, ending: Outcome) {
        with_view!(self, g => g.declare(ending))
    }

    /// Plays a move as this seat's record writes it, also past the end of the game (see
    /// [`Game::follow_text`]).
    pub fn follow_text(&mut self, text: &str) -> Result<(), PlayError> {
        with_view!(self, g => g.follow_text(text).map(drop))
    }

    /// The current position's FEN as this seat sees it.
    pub fn fen(&self) -> String {
        with_view!(self, g => g.position().fen())
    }

    /// The seat whose view this is, in a game where seats see different things (see
    /// [`View::seat`]).
    pub fn seat(&self) -> Option<Seat> {
        with_view!(self, g => View::seat(g.position()))
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        with_view!(self, g => g.position().is_check())
    }

    /// The number of moves played.
    pub fn len(&self) -> usize {
        with_view!(self, g => g.len())
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Perft from the current position (see [`Position::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        with_view!(self, g => g.position().perft(depth))
    }

    /// Perft split by first move, each move in the game's coordinate text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        with_view!(self, g => {
            let pos = g.position();
            pos.perft_divide(depth).into_iter().map(|(m, n)| (pos.move_text(&m), n)).collect()
        })
    }

    /// The moves as this seat knows them.
    pub fn move_texts(&self) -> Vec<String> {
        with_view!(self, g => g.move_texts())
    }
}

/// A seat's record that starts at `view`.
fn view_record<V: View>(view: V) -> AnyView
where
    Game<V>: Into<AnyView>,
{
    Game::new(view).into()
}

fn size_of<P: Position>(_: &Game<P>) -> (u8, u8) {
    (P::FILES, P::RANKS)
}

fn hides<P: Truth>(_: &Game<P>) -> bool {
    P::HIDES_INFORMATION
}

fn texts_of<P: Position>(game: &Game<P>) -> Vec<String> {
    let pos = game.position();
    game.legal_moves().iter().map(|m| pos.move_text(m)).collect()
}

macro_rules! from_records {
    ($any:ident: $($arm:ident($ty:ty)),*) => {
        $(impl From<Game<$ty>> for $any {
            fn from(game: Game<$ty>) -> Self {
                $any::$arm(game)
            }
        })*
    };
}

from_records!(AnyGame: Xiangqi(Xiangqi), Jieqi(Jieqi), JesonMor(JesonMor), Friendly(Friendly));
from_records!(AnyView: Xiangqi(Xiangqi), Jieqi(JieqiView), JesonMor(JesonMor), Friendly(Friendly));

/// Why a saved game could not be read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The start could not be set up.
    Start(NewGameError),
    /// A move could not be played.
    Move {
        /// Its ply, 1 for the first move.
        ply: usize,
        /// Why.
        error: PlayError,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Start(e) => e.fmt(f),
            ReplayError::Move { ply, error } => write!(f, "move {ply}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}
