//! Friendly chess (known elsewhere as Paco Ŝako), with the rules of
//! `shared/rules/friendly-chess.md`: nothing is ever captured.
//!
//! # The game in brief
//! Chess pieces and moves on a chess board, but a piece stepping onto an enemy piece forms a
//! **bond** with it (both stand on the square). Either player may later move a bond by moving
//! their own piece in it, carrying the partner; a bond moves only to empty squares. A single
//! stepping onto a bond takes the place of the piece of its own colour there, which is
//! **released** and must step on in the same move (a **chain**). Kings never bond and never
//! take part in chains; bonding one of your pieces with the enemy king wins.
//!
//! ```
//! use rodina_rules::{Friendly, Position, View};
//!
//! // After 1. e4 d5 2. exd5 the pawns are bonded on d5. Black's queen can enter the bond; the
//! // Black pawn it releases steps on to d4.
//! let mut pos = Friendly::new();
//! for text in ["e2e4", "d7d5", "e4d5", "d8d5>d4"] {
//!     let m = pos.parse_move(text).unwrap();
//!     pos.play(&m).unwrap();
//! }
//! assert_eq!(pos.fen(), "rnb1kbnr/ppp1pppp/8/3(Pq)4/3p4/8/PPPP1PPP/RNBQKBNR w KQkq - - 1 3");
//! ```
//!
//! # Moves
//! A move is identified by the position it produces (the page's decision): the legal moves are
//! the distinct resulting positions, each written with its shortest step sequence, ties broken
//! by the text. [`crate::Position::parse_move`] reads any valid step sequence and returns the
//! canonical move of the position it reaches; [`crate::Position::is_legal`] accepts canonical
//! moves only, so that a game record always holds the same text for the same move.
//!
//! Chains are walked by their states, not their paths (see `chain.rs`), so generation
//! terminates and stays fast. Still, a position rich in bonds can have millions of legal moves:
//! every arrangement of the pieces a chain can shuffle through the bonds is a different
//! position. [`Friendly::count_moves`] counts them without building them,
//! [`Friendly::moves_within`] lists only those of a few steps, and the step-by-step input never
//! lists them at all.
//!
//! # Rule decisions
//! The rules page marks its own decisions; these are further ones this module makes, each
//! covered by a test:
//! - **A move is at least one step.** An owed promotion is the first part of a move, never a
//!   move by itself; if no step can follow any choice, the player has no legal move (a draw).
//!   Different choices that lead to one position (a chain promoting another pawn can make up
//!   the difference) are one move, written with the smaller text.
//! - **A pawn that bonds the enemy king is not promoted**, even on its last rank: the game is
//!   over (the page's "a move that wins ends the game even if a promotion is still owed"). The
//!   final position shows the pawn on its last rank, bonded with the king.
//! - **The en passant square is kept only while it can be used**: a position records it (in
//!   its FEN and for repetition) only if some legal move of the side to move uses it — also
//!   as a step in the middle of a chain. This is FIDE's rule for repetition ("the same
//!   possible moves") and makes the FEN canonical. A FEN naming an unusable square is read
//!   without it; one naming a square no pawn has just passed is refused.
//! - **A win takes precedence** over every draw; among draws a position reports all-bonded,
//!   then fifty moves, then no legal move. Every piece other than the kings being bonded holds
//!   vacuously with no such piece (king against king is a draw).
//! - **Threats are computed on the position as it stands** with the opponent to move (no en
//!   passant, no owed promotion for them): a square is threatened if the king moved there,
//!   everything else unchanged, could be bonded directly or at the end of a chain.
//!   [`crate::Position::is_check`] is the side to move's king being threatened.
//! - **A bonded king ends the game**: the position after the winning move has no legal moves.
//! - Pawns may stand on their own first rank (carried there in a bond) and step from it (one
//!   or two squares); a pawn stands on its last rank only while its promotion is owed, or as
//!   the pawn that just bonded the king.
//! - **No-progress count**: reset by a move that ends on an enemy single (one more bond,
//!   including en passant onto a single pawn) or that promotes any pawn (owed, in the middle
//!   of a chain, or at its end); pawn moves do not reset it (pawns can be carried back). Bonds
//!   never come apart and pawns never come back, so positions repeat only between such moves
//!   and changes of castling rights, which are therefore irreversible for repetition.
//! - **Setups**: each side has one king and at most 16 pieces, 8 of them pawns; a castling
//!   right needs the king and that rook on their squares (the rook alone or in a bond).
//!
//! # Text forms
//! FEN and move text are described in [`notation`] and kept stable: saved
//! games and puzzles depend on them. In short: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w
//! KQkq - - 0 1` (a bond written `(Pn)`, the fifth field the owed promotion), and moves
//! `e2e4`, `d2d4>f6`, `e7f8=Q>f3`, `e8=Q:b1c3`, `e1g1` (also `0-0`).
//!
//! # For the app
//! [`MoveInput`] drives a move step by step the way a board view does: which pieces can start,
//! where the lifted or released piece may go (only steps from which the move can be
//! completed), one step at a time, restart.

mod board;
mod chain;
mod cursor;
mod distinct;
mod input;
mod movegen;
pub mod notation;
#[cfg(test)]
mod reference;
mod threat;
mod types;

use std::fmt;
use std::str::FromStr;

use self::board::{Board, ZOBRIST, squares};
use self::cursor::{Cursor, End, Placed};
pub use self::input::{Lifted, MoveInput, StepResult, Target, TargetKind};
pub use self::notation::Setup;
pub use self::types::{Castling, CastlingSide, Cell, Move, Piece, Role, Square, Step};
use crate::{
    Color, DrawReason, Outcome, ParseFenError, ParseMoveError, Point, Position, SetupError, Truth,
    Variant, View, WinReason,
};

/// The start position in FEN.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 0 1";

/// Plies without a new bond or a promotion after which the game is drawn (fifty moves by each
/// side).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// The most pieces a side can have: the sixteen it starts with (a promotion replaces a pawn).
const MAX_PIECES: u32 = 16;

/// Why a step of a move cannot be taken (step-by-step input and move replay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The game is over: a king is bonded.
    GameOver,
    /// The move is already complete; start a new one.
    MoveComplete,
    /// The player owes a promotion: choose the piece for the pawn on `square` first.
    PromotionOwed {
        /// The pawn's square.
        square: Square,
    },
    /// No promotion is owed.
    NoPromotionOwed,
    /// A piece is already in hand: step with it, or restart the move.
    AlreadyLifted,
    /// Nothing is in hand: lift a piece first.
    NothingLifted,
    /// The square holds no piece of the side to move.
    NotYourPiece {
        /// The square.
        square: Square,
    },
    /// The piece on the square has no step from which a move can be completed.
    CannotMove {
        /// The square.
        square: Square,
    },
    /// The piece in hand cannot step there, or no move could be completed from there.
    IllegalStep {
        /// Where the piece in hand stands (or hovers).
        from: Square,
        /// The refused destination.
        to: Square,
    },
    /// The step brings a pawn to its last rank: a piece must be chosen.
    PromotionRequired {
        /// The destination.
        to: Square,
    },
    /// The promotion is not allowed here: no pawn is promoted by this step, the role cannot
    /// be chosen (pawn, king), or no move could be completed after it.
    InvalidPromotion {
        /// The refused role.
        role: Role,
    },
    /// The steps end while a released piece still has to move.
    Unfinished {
        /// The bond the released piece hovers over.
        square: Square,
    },
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::GameOver => f.write_str("the game is over (a king is bonded)"),
            StepError::MoveComplete => f.write_str("the move is already complete"),
            StepError::PromotionOwed { square } => {
                write!(f, "first choose the piece for the pawn on {square} (Q, R, B or N)")
            }
            StepError::NoPromotionOwed => f.write_str("no promotion is owed"),
            StepError::AlreadyLifted => {
                f.write_str("a piece is already in hand: step with it, or restart the move")
            }
            StepError::NothingLifted => f.write_str("no piece is in hand"),
            StepError::NotYourPiece { square } => {
                write!(f, "there is no piece of the side to move on {square}")
            }
            StepError::CannotMove { square } => {
                write!(f, "the piece on {square} has no move that can be completed")
            }
            StepError::IllegalStep { from, to } => {
                write!(f, "the piece on {from} cannot step to {to} (or could not finish the move)")
            }
            StepError::PromotionRequired { to } => {
                write!(f, "the pawn reaching {to} must be promoted: add =Q, =R, =B or =N")
            }
            StepError::InvalidPromotion { role } => {
                write!(f, "a promotion to {} is not possible here", role.name())
            }
            StepError::Unfinished { square } => write!(
                f,
                "the move is not complete: the piece released on {square} must step on (add >square)"
            ),
        }
    }
}

impl std::error::Error for StepError {}

/// A legal Friendly chess position.
#[derive(Clone, PartialEq, Eq)]
pub struct Friendly {
    board: Board,
    turn: Color,
    castling: Castling,
    ep: Option<Square>,
    owed: Option<Square>,
    halfmove_clock: u32,
    fullmove_number: u32,
}

impl Friendly {
    /// The start position.
    pub fn new() -> Friendly {
        // The constant is a valid FEN; the tests check it parses.
        Friendly::from_fen(START_FEN).unwrap_or_else(|_| unreachable!("start FEN is valid"))
    }

    /// Checks a setup and turns it into a position.
    pub fn from_setup(setup: &Setup) -> Result<Friendly, SetupError> {
        let mut board = Board::empty();
        for s in Square::all() {
            let cell = setup.board[s.index()];
            for c in Color::ALL {
                if let Some(r) = cell.get(c) {
                    board.put(c, r, s);
                }
            }
        }
        let turn = setup.turn;
        for c in Color::ALL {
            let game = Variant::Friendly;
            match board.pieces(c, Role::King).count_ones() {
                0 => return Err(SetupError::MissingKing { game, side: c }),
                1 => {}
                _ => return Err(SetupError::TooManyKings { game, side: c }),
            }
            if board.by_color[c as usize].count_ones() > MAX_PIECES {
                return Err(SetupError::TooManyPiecesInAll {
                    game,
                    side: c,
                    max: MAX_PIECES as usize,
                });
            }
            let pawns = board.pieces(c, Role::Pawn).count_ones() as usize;
            if pawns > 8 {
                let piece = Piece { color: c, role: Role::Pawn }.char();
                return Err(SetupError::TooManyPieces { piece, max: 8 });
            }
        }
        // A bonded king: the game has been won by the side that just moved.
        for c in Color::ALL {
            let Some(k) = board.king(c) else { continue };
            match board.role_at(!c, k) {
                None => {}
                Some(Role::King) => return Err(SetupError::KingsShareSquare),
                Some(_) if c != turn => {
                    return Err(SetupError::BondedKingNotToMove { king: c, to_move: turn });
                }
                Some(_) if setup.owed_promotion.is_some() => {
                    return Err(SetupError::WonGameOwesPromotion);
                }
                Some(_) => {}
            }
        }
        // Pawns on their last rank: only the owed one, or the one that bonded the king.
        for c in Color::ALL {
            for s in squares(board.pieces(c, Role::Pawn)) {
                if s.relative_rank(c) != 7 {
                    continue;
                }
                let owed =
                    c == turn && setup.owed_promotion == Some(s) && board.bonds() & s.bit() != 0;
                let won = c != turn && board.role_at(!c, s) == Some(Role::King);
                if !owed && !won {
                    let piece = Piece { color: c, role: Role::Pawn }.char();
                    return Err(SetupError::PieceOutOfPlace { piece, square: s.into() });
                }
            }
        }
        if let Some(s) = setup.owed_promotion {
            if board.role_at(turn, s) != Some(Role::Pawn)
                || board.bonds() & s.bit() == 0
                || s.relative_rank(turn) != 7
            {
                return Err(SetupError::OwedPromotionWithoutPawn { square: s.into(), side: turn });
            }
        }
        for c in Color::ALL {
            let home = c.fold(0, 7);
            for side in CastlingSide::ALL {
                if !setup.castling.has(c, side) {
                    continue;
                }
                let (king, rook) = (Point::new(4, home), Point::new(side.rook_file(), home));
                let stands = |p: Point, role: Role| {
                    Square::new(p.file, p.rank).is_some_and(|s| board.role_at(c, s) == Some(role))
                };
                if !stands(king, Role::King) || !stands(rook, Role::Rook) {
                    return Err(SetupError::CastlingWithoutKingAndRook { side: c, king, rook });
                }
            }
        }
        if let Some(e) = setup.ep_square {
            // The side that just moved double-stepped a pawn past `e`.
            let them = !turn;
            let pawn_ahead = match them {
                Color::White => Square::from_index(e.index() + 8),
                Color::Black => e.index().checked_sub(8).and_then(Square::from_index),
            };
            let ok = matches!(e.relative_rank(them), 1 | 2)
                && board.occupied() & e.bit() == 0
                && pawn_ahead.is_some_and(|p| board.role_at(them, p) == Some(Role::Pawn));
            if !ok {
                return Err(SetupError::EnPassantWithoutDoubleStep {
                    side: them,
                    square: e.into(),
                });
            }
        }
        let mut pos = Friendly {
            board,
            turn,
            castling: setup.castling,
            ep: setup.ep_square,
            owed: setup.owed_promotion,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
        };
        if !movegen::ep_usable(&pos) {
            pos.ep = None;
        }
        Ok(pos)
    }

    /// The setup this position was made from (or would be written as).
    pub fn to_setup(&self) -> Setup {
        let mut board = [Cell::EMPTY; 64];
        for s in Square::all() {
            board[s.index()] = self.board.cell(s);
        }
        Setup {
            board,
            turn: self.turn,
            castling: self.castling,
            ep_square: self.ep,
            owed_promotion: self.owed,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// What stands on a square.
    pub fn cell(&self, s: Square) -> Cell {
        self.board.cell(s)
    }

    /// Every occupied square with its content, a1 first.
    pub fn cells(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        squares(self.board.occupied()).map(|s| (s, self.board.cell(s)))
    }

    /// The squares holding a bond, a1 first.
    pub fn bonds(&self) -> impl Iterator<Item = Square> + '_ {
        squares(self.board.bonds())
    }

    /// `color`'s king.
    pub fn king(&self, color: Color) -> Square {
        // Every valid position has one king per side.
        self.board.king(color).unwrap_or(Square::from_u8(0))
    }

    /// The castling rights still open.
    pub fn castling(&self) -> Castling {
        self.castling
    }

    /// The en passant square, if the side to move can use it.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// The square of the side to move's pawn whose promotion it owes (its opponent carried
    /// it to its last rank in a bond); the next move starts by choosing its piece.
    pub fn owed_promotion(&self) -> Option<Square> {
        self.owed
    }

    /// Plies since the last move that formed a new bond or promoted a pawn.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (starts at 1, increases after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The winner, if a king is bonded (the game is then over).
    pub fn winner(&self) -> Option<Color> {
        Color::ALL.into_iter().find_map(|c| {
            let k = self.board.king(c)?;
            self.board.role_at(!c, k).map(|_| !c)
        })
    }

    /// Whether a king is bonded: the game is decided and no move follows.
    pub(crate) fn is_decided(&self) -> bool {
        self.board.bonds()
            & (self.board.pieces(Color::White, Role::King)
                | self.board.pieces(Color::Black, Role::King))
            != 0
    }

    /// Whether every piece other than the kings is in a bond.
    pub fn is_all_bonded(&self) -> bool {
        let kings = self.board.pieces(Color::White, Role::King)
            | self.board.pieces(Color::Black, Role::King);
        (self.board.occupied() & !kings) == self.board.bonds() & !kings
    }

    /// Whether `color`'s king is threatened: the opponent, moving now, could bond with it
    /// directly or at the end of a chain. The app shows this; it forbids nothing.
    pub fn is_threatened(&self, color: Color) -> bool {
        // Only the side to move has an en passant square or an owed promotion, and the quick
        // board-only test knows neither: then its own moves are walked.
        if color != self.turn && !self.is_decided() && (self.ep.is_some() || self.owed.is_some()) {
            return threat::can_win(self);
        }
        threat::threatened(&self.board, color)
    }

    /// Whether the side to move can win at once by bonding the enemy king.
    pub fn can_bond_king(&self) -> bool {
        !self.is_decided() && self.is_threatened(!self.turn)
    }

    /// A move that bonds the enemy king at once, if there is one (the canonical text of the
    /// first such position found), without listing every move: for the bots, where a
    /// position rich in bonds has millions of moves and only the win matters.
    pub fn winning_move(&self) -> Option<Move> {
        if self.is_decided() {
            return None;
        }
        threat::winning_move(self)
    }

    /// Every legal move with the position it leads to, in generation order.
    pub fn moves_and_positions(&self) -> Vec<(Move, Friendly)> {
        distinct::legal_moves(self)
    }

    /// The distinct positions one move from here.
    pub fn next_positions(&self) -> Vec<Friendly> {
        distinct::children(self)
    }

    /// Counts the leaf nodes of the move tree `depth` plies deep (perft), counting each
    /// distinct resulting position once per node.
    pub fn perft(&self, depth: u32) -> u64 {
        distinct::perft(self, depth, &mut Vec::new())
    }

    /// The number of legal moves, counted without building them.
    pub fn count_moves(&self) -> usize {
        distinct::count_moves(self)
    }

    /// The legal moves of at most `max_steps` steps: every resulting position that can be
    /// reached in that many steps, with its canonical text. A position rich in bonds can have
    /// millions of legal moves (each arrangement of the pieces a chain can shuffle through the
    /// bonds is a distinct position); this bounded list is what a bot or a hint can afford.
    pub fn moves_within(&self, max_steps: usize) -> Vec<Move> {
        distinct::moves_within(self, max_steps.min(u16::MAX as usize) as u16)
    }

    /// Perft split by first move, sorted by move text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut out: Vec<(Move, u64)> = self
            .moves_and_positions()
            .into_iter()
            .map(|(m, after)| (m, if depth <= 1 { 1 } else { after.perft(depth - 1) }))
            .collect();
        out.sort_by_cached_key(|(m, _)| m.to_string());
        out
    }

    /// A step-by-step input for the next move (see [`MoveInput`]).
    pub fn move_input(&self) -> MoveInput {
        MoveInput::new(self)
    }

    /// The position after a completed move whose last step left `cur`.
    pub(crate) fn after(&self, cur: Cursor, end: End) -> Friendly {
        let us = self.turn;
        // Pawns never come back, so fewer pawns means a promotion in this move.
        let promoted = cur.board.pieces(us, Role::Pawn).count_ones()
            < self.board.pieces(us, Role::Pawn).count_ones();
        let mut child = Friendly {
            board: cur.board,
            turn: !us,
            castling: cur.castling,
            ep: end.double_step,
            owed: end.pending,
            halfmove_clock: if end.new_bond || promoted {
                0
            } else {
                self.halfmove_clock.saturating_add(1)
            },
            fullmove_number: self.fullmove_number.saturating_add(u32::from(us == Color::Black)),
        };
        if child.ep.is_some() && !movegen::ep_usable(&child) {
            child.ep = None;
        }
        child
    }

    /// Plays a step sequence, checking every step; the error names the failing step (0 = the
    /// owed promotion or the lift, then 1.. for the steps).
    pub(crate) fn replay(
        &self,
        owed: Option<Role>,
        from: Square,
        steps: &[Step],
    ) -> Result<Friendly, (usize, StepError)> {
        self.replay_with(owed, from, steps, true)
    }

    /// [`Friendly::replay`] of a move known to be legal: steps are not checked against the
    /// rules (which saves the king's threat checks), only their sequence.
    fn replay_trusted(&self, m: &Move) -> Result<Friendly, (usize, StepError)> {
        self.replay_with(m.owed_promotion().map(|(_, r)| r), m.from(), m.steps(), false)
    }

    fn replay_with(
        &self,
        owed: Option<Role>,
        from: Square,
        steps: &[Step],
        check: bool,
    ) -> Result<Friendly, (usize, StepError)> {
        if self.is_decided() {
            return Err((0, StepError::GameOver));
        }
        let mut cur = Cursor::new(self);
        match (owed, self.owed) {
            (Some(role), _) => cur.choose_owed(role).map_err(|e| (0, e))?,
            (None, Some(square)) => return Err((0, StepError::PromotionOwed { square })),
            (None, None) => {}
        }
        cur.lift(from).map_err(|e| (0, e))?;
        for (i, step) in steps.iter().enumerate() {
            let placed = if check {
                cur.place(step.to, step.promotion).map_err(|e| (i + 1, e))?
            } else {
                cur.place_unchecked(step.to, step.promotion)
            };
            match placed {
                Placed::Released if i + 1 < steps.len() => {}
                Placed::Released => {
                    return Err((i + 1, StepError::Unfinished { square: step.to }));
                }
                Placed::Done(end) if i + 1 == steps.len() => return Ok(self.after(cur, end)),
                Placed::Done(_) => return Err((i + 2, StepError::MoveComplete)),
            }
        }
        Err((0, StepError::NothingLifted))
    }
}

impl Default for Friendly {
    fn default() -> Self {
        Friendly::new()
    }
}

impl fmt::Debug for Friendly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Friendly({})", self.fen())
    }
}

impl FromStr for Friendly {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Friendly::from_fen(s)
    }
}

impl Position for Friendly {
    const VARIANT: Variant = Variant::Friendly;
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    type Move = Move;

    fn turn(&self) -> Color {
        self.turn
    }

    /// Every legal move, canonical text each. A position rich in bonds can have millions (see
    /// the module documentation); [`Friendly::moves_within`] bounds the list by chain length.
    fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.extend(distinct::legal_move_list(self));
    }

    /// Whether `m` is one of the legal moves: its steps are valid and complete, and it is the
    /// canonical (shortest, then smallest text) way to its resulting position. Found without
    /// generating every move.
    fn is_legal(&self, m: &Move) -> bool {
        let owed = m.owed_promotion();
        if owed.map(|(s, _)| s) != self.owed {
            return false;
        }
        match self.replay(owed.map(|(_, r)| r), m.from(), m.steps()) {
            Ok(after) => {
                movegen::canonical_move(self, &after, m.steps().len() as u16).as_ref() == Some(m)
            }
            Err(_) => false,
        }
    }

    /// # Panics
    /// Panics if `m` does not replay here (an illegal move): going on would leave a game
    /// record that counts a ply the board never saw.
    fn play_unchecked(&mut self, m: &Move) {
        match self.replay_trusted(m) {
            Ok(next) => *self = next,
            Err(_) => panic!("Friendly::play_unchecked with an illegal move {m}"),
        }
    }

    /// Whether the side to move's king is threatened (see [`Friendly::is_threatened`]).
    fn is_check(&self) -> bool {
        !self.is_decided() && self.is_threatened(self.turn)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            return Some(Outcome::Win { winner, reason: WinReason::KingBond });
        }
        if self.is_all_bonded() {
            return Some(Outcome::Draw { reason: DrawReason::AllBonded });
        }
        if self.halfmove_clock >= FIFTY_MOVE_PLIES {
            return Some(Outcome::Draw { reason: DrawReason::FiftyMoves });
        }
        if !movegen::has_move(self) {
            return Some(Outcome::Draw { reason: DrawReason::NoMoves });
        }
        None
    }

    fn zobrist(&self) -> u64 {
        let mut h = self.board.hash ^ ZOBRIST.castling[self.castling.bits() as usize];
        if self.turn == Color::Black {
            h ^= ZOBRIST.black_to_move;
        }
        if let Some(e) = self.ep {
            h ^= ZOBRIST.ep[e.index()];
        }
        if let Some(o) = self.owed {
            h ^= ZOBRIST.owed[o.index()];
        }
        h
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        notation::parse_move(self, text)
    }

    fn move_text(&self, m: &Move) -> String {
        m.to_string()
    }

    /// A new bond or a promotion (the no-progress count restarts), or a lost castling right:
    /// no earlier position can come back.
    fn is_irreversible(&self, m: &Move) -> bool {
        match self.replay_trusted(m) {
            Ok(next) => next.halfmove_clock == 0 || next.castling != self.castling,
            Err(_) => false,
        }
    }

    fn is_start(&self) -> bool {
        *self == Friendly::new()
    }

    fn perft(&self, depth: u32) -> u64 {
        Friendly::perft(self, depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        Friendly::perft_divide(self, depth)
    }
}

crate::position::open_game!(Friendly);

#[cfg(test)]
mod tests;
