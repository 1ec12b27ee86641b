//! The traits every game implements, so that bots, the app, the server and tools are written
//! once for the whole family.
//!
//! - [`Position`]: a position as someone knows it — the side to move, the legal moves, check,
//!   the outcome, move text. Every game's position implements it, and so does a Jieqi seat's
//!   view ([`crate::JieqiView`]).
//! - [`View`]: a position one seat may be shown. Only views have a text form meant to leave
//!   the core ([`View::fen`]). An open game's view is its position.
//! - [`Truth`]: a game's whole state, hidden parts included: what a game record is played on
//!   and what the phone (for a local game) or the server keeps. A seat gets [`Truth::view`].
//!
//! A [`Game`] is the record of either kind: `Game<Xiangqi>` is a Xiangqi game, `Game<Jieqi>`
//! the true Jieqi game, `Game<JieqiView>` one seat's record of it.

use std::fmt;
use std::hash::Hash;

use rand_core::RngCore;

use crate::{
    Color, DrawReason, Game, NewGameError, Outcome, ParseFenError, ParseMoveError, Seat, Start,
    Variant,
};

/// A position of one game of the family as someone knows it: a true position, or what one
/// seat may know of it.
///
/// Implementors provide move generation, move application, the outcome of the position by
/// itself and the move text; the provided methods build checked play and history-aware
/// verdicts on top. Rules that depend on the history of a game (repetition verdicts, caps on
/// checks) are reached through [`Game`], which calls [`Position::repetition_outcome`] and
/// [`Position::history_forbids`].
pub trait Position: Clone + fmt::Debug + Send + Sync + 'static {
    /// The game this position belongs to.
    const VARIANT: Variant;

    /// Files of the board (the number of points across).
    const FILES: u8;

    /// Ranks of the board (the number of points from one side to the other).
    const RANKS: u8;

    /// A move of this game.
    type Move: Clone + PartialEq + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// The side to move.
    fn turn(&self) -> Color;

    /// Appends every legal move to `moves` (which is not cleared).
    fn legal_moves_into(&self, moves: &mut Vec<Self::Move>);

    /// Plays a move without checking it.
    ///
    /// # Panics
    /// May panic, or leave the position inconsistent, if `m` is not one of
    /// [`Position::legal_moves`], or if it is a [chance move](Position::is_chance), whose
    /// result this position cannot know (a Jieqi view plays those with what they revealed:
    /// [`Game::play_seen`]). Use [`Game::play`] for moves from untrusted sources.
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

    /// Reads a move in one of the game's move notations (always the coordinate text) and
    /// checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// The move in the game's coordinate text (the form Fairy-Stockfish uses where it
    /// knows the game).
    fn move_text(&self, m: &Self::Move) -> String;

    /// Whether playing `m` makes every earlier position impossible to reach again (a capture,
    /// a reveal), so that repetition only needs to look back to here.
    fn is_irreversible(&self, m: &Self::Move) -> bool;

    /// Whether this is the game's usual start position (opening books apply from it).
    fn is_start(&self) -> bool;

    /// Whether `m` leads to a position this one cannot know in advance: in a Jieqi view, a move
    /// that turns a face-down piece up, or that takes a face-down piece whose identity the
    /// seat then learns. A true position knows everything: never.
    fn is_chance(&self, _m: &Self::Move) -> bool {
        false
    }

    /// The text of a move in a game record, written from the positions before and after it:
    /// the coordinate text, with what the move revealed and captured where the game hides
    /// pieces (Jieqi: `h3e3=C`, `b3b10=Cx(n)`).
    fn ply_text(before: &Self, _after: &Self, m: &Self::Move) -> String {
        before.move_text(m)
    }

    /// Reads a move as [`Position::ply_text`] writes it, checks that it is legal here, and
    /// returns it with the position after it. The default reads [`Position::parse_move`];
    /// where the text says what a chance move turned up, the result follows it.
    fn parse_ply(&self, text: &str) -> Result<(Self::Move, Self), ParseMoveError> {
        let m = self.parse_move(text)?;
        if self.is_chance(&m) {
            return Err(ParseMoveError::Illegal {
                text: text.to_owned(),
                reason: crate::IllegalMoveReason::RevealMissing,
            });
        }
        let mut next = self.clone();
        next.play_unchecked(&m);
        Ok((m, next))
    }

    /// Plays `m` if the game goes on here and `m` is legal, and not a chance move (see
    /// [`Position::play_unchecked`]). The history's rules (repetition) are [`Game::play`]'s.
    fn play(&mut self, m: &Self::Move) -> Result<(), crate::PlayError> {
        if self.outcome().is_some() {
            return Err(crate::PlayError::GameOver);
        }
        if !self.is_legal(m) {
            return Err(crate::PlayError::IllegalMove { text: self.move_text(m) });
        }
        if self.is_chance(m) {
            return Err(crate::PlayError::Chance { text: self.move_text(m) });
        }
        self.play_unchecked(m);
        Ok(())
    }

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

    /// Counts the leaf nodes of the legal move tree `depth` plies deep. Positions where the
    /// game has ended (no legal move) are leaves that count for nothing deeper. A game with a
    /// faster counter, or with chance moves (which branch over their outcomes), overrides it.
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::perft(self, depth)
    }

    /// [`Position::perft`] split by first move, in generation order.
    fn perft_divide(&self, depth: u32) -> Vec<(Self::Move, u64)> {
        self.legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play_unchecked(&m);
                let n = next.perft(depth.saturating_sub(1));
                (m, n)
            })
            .collect()
    }

    /// The verdict of repetition for the game's current position, if the position has
    /// occurred often enough to end the game. The default is a draw at the third
    /// occurrence of the same position (same [`Position::zobrist`]) since the last
    /// irreversible move.
    fn repetition_outcome(game: &Game<Self>) -> Option<Outcome> {
        (game.occurrences() >= 3).then_some(Outcome::Draw { reason: DrawReason::Repetition })
    }

    /// Whether the game's history forbids `m` although the position allows it (rule sets
    /// that cap consecutive checks or chases). The default forbids nothing.
    fn history_forbids(_game: &Game<Self>, _m: &Self::Move) -> bool {
        false
    }

    /// Removes from `moves` (legal in the game's position) those the history forbids. The
    /// default asks [`Position::history_forbids`] move by move; a game whose check shares work
    /// across the moves of one position does that work once here.
    fn retain_allowed(game: &Game<Self>, moves: &mut Vec<Self::Move>) {
        moves.retain(|m| !Self::history_forbids(game, m));
    }
}

/// A position one seat may be shown: its text form may leave the core (to a UI, a bot, the
/// network). An open game's view is its position; Jieqi's is [`crate::JieqiView`].
pub trait View: Position {
    /// The position's FEN as this seat may see it (Jieqi: the view FEN, face-down pieces
    /// as `X`/`x` and the pool of identities they may have).
    fn fen(&self) -> String;

    /// The seat whose view this is, in a game where seats see different things; `None` in an
    /// open game, whose position every seat sees alike.
    fn seat(&self) -> Option<Seat> {
        None
    }
}

/// A game's whole state, hidden parts included: what a game record is played on, what the
/// phone keeps for a local game and the server for an online one.
///
/// An open game's truth is its position, and every seat's view of it is the position
/// itself. Jieqi's truth holds the identities of the face-down pieces: it must never reach a
/// seat, a UI, a log or a frame. Hand out [`Truth::view`] (or [`Game::view`]) instead; the
/// text of the truth is [`Truth::truth_fen`], named so that nobody sends it by accident.
pub trait Truth: Position {
    /// Whether seats may know less than the truth (Jieqi): a UI then hides the board between
    /// the turns of two people sharing a device, and the server builds every frame from the
    /// receiving seat's view.
    const HIDES_INFORMATION: bool;

    /// What one seat may know of a position of this game.
    type View: View<Move = Self::Move>;

    /// What chooses a new game besides its start position: Xiangqi's handicap, Jieqi's rule
    /// set; nothing for the other games.
    type Options: Clone + Default + fmt::Debug + PartialEq + Send + Sync + 'static;

    /// What `seat` may know of this position.
    fn view(&self, seat: Seat) -> Self::View;

    /// The text of the move that led from `before` to `after` as `seat` may know it. The
    /// default is [`Position::ply_text`], which hides nothing.
    fn ply_text_for(before: &Self, after: &Self, m: &Self::Move, _seat: Seat) -> String {
        Self::ply_text(before, after, m)
    }

    /// The whole state as text: the FEN of an open game; for Jieqi the full FEN, with the
    /// identities of the face-down pieces. For saved games on the device and the server's
    /// storage only, never for a seat: send [`View::fen`] of a [`Truth::view`].
    fn truth_fen(&self) -> String;

    /// Reads [`Truth::truth_fen`]'s form under the default options.
    fn from_fen(fen: &str) -> Result<Self, ParseFenError>;

    /// Sets up a new game's start: the usual start, or a FEN, under `options`. Games that
    /// deal (Jieqi) draw the deal from `rng`: the operating system's secure generator for
    /// real games, a seeded one in tests. A Jieqi start may also be a view FEN, whose unknown
    /// identities are dealt.
    fn set_up(
        start: &Start,
        options: &Self::Options,
        rng: &mut dyn RngCore,
    ) -> Result<Self, NewGameError>;

    /// Reads `fen` as what one seat knows, where the text is a view's rather than the whole
    /// state (Jieqi's view FEN): for `seat`, or the first seat that can hold it when `seat` is
    /// `None` (the side to move, the other side, a spectator). Given a seat, a game's whole
    /// state is read as that seat's view of it too. `Ok(None)`: the text is the whole state,
    /// to be read with [`Truth::set_up`] (every FEN of an open game).
    fn read_view(
        _fen: &str,
        _options: &Self::Options,
        _seat: Option<Seat>,
    ) -> Result<Option<Self::View>, ParseFenError> {
        Ok(None)
    }
}

/// Implements [`View`] and [`Truth`] for the position type of an open game without options:
/// every seat sees the whole position, so a view is the position itself and the FEN is the
/// only text. The game's module must have a `Setup` (read by `Setup::parse`, written by its
/// `fen`) and the type `new()` (the usual start), `from_setup` and `to_setup`.
macro_rules! open_game {
    ($ty:ident) => {
        impl $crate::View for $ty {
            fn fen(&self) -> String {
                self.to_setup().fen()
            }
        }

        impl $crate::Truth for $ty {
            const HIDES_INFORMATION: bool = false;
            type View = $ty;
            type Options = ();

            fn view(&self, _seat: $crate::Seat) -> $ty {
                self.clone()
            }

            fn truth_fen(&self) -> String {
                $crate::View::fen(self)
            }

            fn from_fen(fen: &str) -> Result<Self, $crate::ParseFenError> {
                Ok($ty::from_setup(&Setup::parse(fen)?)?)
            }

            fn set_up(
                start: &$crate::Start,
                _options: &(),
                _rng: &mut dyn rand_core::RngCore,
            ) -> Result<Self, $crate::NewGameError> {
                match start {
                    $crate::Start::Usual => Ok($ty::new()),
                    $crate::Start::Fen(fen) => Ok(<$ty as $crate::Truth>::from_fen(fen)?),
                }
            }
        }
    };
}

pub(crate) use open_game;
