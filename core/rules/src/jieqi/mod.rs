//! Jieqi (揭棋, "reveal chess"): Xiangqi with the pieces shuffled face down, with the rules
//! of `shared/rules/jieqi.md` and the rule sets of other sources ([`Rules`]).
//!
//! # Truth and views
//!
//! [`Jieqi`] is the true state: every piece's identity, face down or face up, and every
//! captured piece. It never leaves the core (or the server): a UI, a bot or the network gets a
//! [`JieqiView`] from [`Truth::view`](crate::Truth::view), which holds exactly what one [`Seat`] may know: the
//! board with face-down markers, all reveals, the identities of the face-down pieces this seat
//! captured, and the [`Pool`] of identities that can still be face down on each side. A face-down
//! piece moves, captures and gives check as the piece of its point, so legal moves, check and
//! the outcome are computed from a view alone; [`JieqiView::play_seen`] applies a move given
//! the identity it reveals (a chance node for a bot). A seat's record of views is a
//! `Game<JieqiView>` ([`Game::view`](crate::Game::view) of the true game), for the rules that read history
//! (repetition, Tencent's cap on checks and chases).
//!
//! ```
//! use rand::SeedableRng;
//! use rodina_rules::jieqi::{Jieqi, Rules};
//! use rodina_rules::{Color, Game, Position, Seat, Truth, View};
//!
//! // The server (or the phone, for a local game) keeps the truth.
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let mut game = Game::new(Jieqi::shuffled(&mut rng, Rules::DEFAULT));
//! let m = game.position().parse_move("h3h10")?; // the cannon point takes h10, face down
//! game.play(&m)?;
//!
//! // Red saw what it took; Black did not, and never will.
//! let red = game.position().view(Seat::Player(Color::White));
//! let black = game.position().view(Seat::Player(Color::Black));
//! assert!(red.captured()[0].role.is_some());
//! assert!(black.captured()[0].role.is_none());
//! assert!(black.fen().ends_with(" (x)"));
//!
//! // A bot on Black's side works from its view: its next move may turn a piece up, a chance
//! // node over the identities of its pool, each as likely as its count.
//! let mut record = game.view(Seat::Player(Color::Black));
//! let reply = record.legal_moves()[0];
//! assert!(record.position().is_reveal(reply));
//! let pool = record.position().pool(Color::Black);
//! let (role, count) = pool.iter().next().expect("something is still face down");
//! let _chance = f64::from(count) / f64::from(pool.total());
//! record.play_seen(reply, Some(role), None)?;
//! assert_eq!(record.position().pool(Color::Black).total(), pool.total() - 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Board
//!
//! The board, move generation and attack detection are Xiangqi's ([`crate::xiangqi`]): a
//! face-down piece is kept on the board as the piece of its point, and revealed advisors and
//! elephants are marked free of palace and river. Moves are Xiangqi's coordinate moves
//! ([`Move`], `h3e3`, `b10c8`): Fairy-Stockfish's, with ranks 1 to 10. (ICCS, `h2e2` with ranks 0
//! to 9, reads the same text differently, so it is not guessed at: see [`Move::parse_iccs`].)
//!
//! # Text forms
//!
//! Both forms are six space-separated fields: board, side to move, a third field, the
//! half-move clock (plies since the last capture), the move number, and the captured pieces.
//!
//! - The **view FEN** follows JieqiBox and the Pikafish-based Jieqi engines: `X`/`x` mark
//!   red/black face-down pieces, and the third field is the pool of identities that can still
//!   be face down (`A2B2N2R2C2P5a2b2n2r2c2p5`, upper case Red, roles in the order `A B N R C P`,
//!   `-` when empty). The start view is [`START_VIEW_FEN`].
//! - The **full FEN** (saved games, the server) writes the board the same way, and its third
//!   field lists the identities of the face-down pieces in FEN order (rank 10 first, files a to
//!   i): `rnbabcnrpcpppnp...`. It never carries digits, the pool always does, so one reader
//!   tells them apart.
//! - The captured field lists captured pieces in the order they fell: a letter for a piece
//!   captured face up (`R`), the letter in parentheses for a face-down piece whose identity
//!   is known (`(n)`), `(X)`/`(x)` for a red/black face-down piece of unknown identity; `-`
//!   when nothing was captured. In a full FEN every identity is known.
//!
//! Readers also accept the shorter and older forms in use: without the captured field (the
//! missing pieces are then taken as captured face up, and surplus pool identities as lost face
//! down), with `-` placeholders after the third field (`... w A2... - 0 1`), with the pool
//! before the side to move (`board pool w - - 0 1`), and plain Xiangqi FENs (every piece face
//! up).

mod record;
mod rules;
mod setup;
#[cfg(test)]
mod tests;
mod truth;
mod types;
mod view;

pub use self::rules::{CapturedVisibility, Repetition, RuleSet, Rules};
pub use self::setup::{Setup, SetupCell};
pub use self::truth::Jieqi;
pub use self::types::{CapturedPiece, Cell, HIDDEN_ROLES, MoveEvent, Pool};
pub use self::view::{JieqiView, ViewPlayError};
pub use crate::Seat;
pub use crate::error::Tally;
pub use crate::xiangqi::{Move, Piece, Role, Square};

use crate::bits::Bits;
use crate::xiangqi_family::board::{Board, MoveList};
use crate::xiangqi_family::tables::{Bb, TABLES, sq_bit};
use crate::{Color, DrawReason, IllegalMoveReason, Outcome, ParseMoveError, Variant, WinReason};

/// The [`crate::Position`] methods the true position and a seat's view share: everything a
/// position knows from what every seat sees of it (its `public` part) and from its record's
/// history. Invoked inside both `impl Position` blocks.
macro_rules! public_position {
    () => {
        fn turn(&self) -> crate::Color {
            self.public.turn
        }

        fn legal_moves_into(&self, moves: &mut Vec<Move>) {
            moves.extend_from_slice(self.public.legal_list().as_slice());
        }

        fn is_legal(&self, m: &Move) -> bool {
            self.public.is_legal(*m)
        }

        fn is_check(&self) -> bool {
            self.public.is_check()
        }

        /// Checkmate, no legal move, only the generals left, the no-capture limit, judged from
        /// the board alone. Repetition needs the history: see [`crate::Game::outcome`].
        fn outcome(&self) -> Option<crate::Outcome> {
            self.public.outcome()
        }

        /// The repetition key of the position as everyone sees it: hidden identities and what
        /// a seat knows of them are not part of it.
        fn zobrist(&self) -> u64 {
            self.public.zobrist()
        }

        /// Reads a coordinate move (`h3e3`) and checks it is legal.
        fn parse_move(&self, text: &str) -> Result<Move, crate::ParseMoveError> {
            self.public.parse_move(text)
        }

        fn move_text(&self, m: &Move) -> String {
            m.to_string()
        }

        /// Captures and reveals: a face-down piece never turns down again.
        fn is_irreversible(&self, m: &Move) -> bool {
            self.is_capture(*m) || self.is_reveal(*m)
        }

        /// The move with what it did, as this position knows it: `h3e3=C`, `b3b10=Cx(n)`.
        fn ply_text(_before: &Self, after: &Self, m: &Move) -> String {
            after.last.map_or_else(|| m.to_string(), |ev| ev.text())
        }

        fn repetition_outcome(game: &crate::Game<Self>) -> Option<crate::Outcome> {
            crate::jieqi::record::history_outcome(game, &game.position().public)
        }

        fn history_forbids(game: &crate::Game<Self>, m: &Move) -> bool {
            crate::jieqi::record::forbids(game, &game.position().public, *m)
        }

        fn retain_allowed(game: &crate::Game<Self>, moves: &mut Vec<Move>) {
            crate::jieqi::record::retain_allowed(game, &game.position().public, moves);
        }
    };
}

use public_position;

/// The start position as every seat sees it (the view FEN of JieqiBox and the Pikafish-based
/// Jieqi engines, with the captured field).
pub const START_VIEW_FEN: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1 -";

/// The role whose starting point `s` is for `color`'s shuffled pieces: the piece a face-down
/// piece of `color` on `s` moves as. `None` for the general's point and every other point.
pub fn start_role(color: Color, s: Square) -> Option<Role> {
    // Work in Red's frame: Black's points are mirrored by rank.
    let rank = if color == Color::White { s.rank() } else { 9 - s.rank() };
    match (rank, s.file()) {
        (0, 0 | 8) => Some(Role::Chariot),
        (0, 1 | 7) => Some(Role::Horse),
        (0, 2 | 6) => Some(Role::Elephant),
        (0, 3 | 5) => Some(Role::Advisor),
        (2, 1 | 7) => Some(Role::Cannon),
        (3, 0 | 2 | 4 | 6 | 8) => Some(Role::Soldier),
        _ => None,
    }
}

/// The fifteen starting points of `color`'s shuffled pieces, in a fixed order.
pub fn start_points(color: Color) -> impl Iterator<Item = Square> {
    Square::all().filter(move |&s| start_role(color, s).is_some())
}

/// The Zobrist key of a face-down mark on point `s`. The board's keys for piece code 0 are
/// never used by the board itself (0 is an empty point), so they serve here.
#[inline]
fn face_down_key(s: u8) -> u64 {
    TABLES.zobrist[0][s as usize]
}

/// What every seat sees of a position: the board (face-down pieces as the pieces of their
/// points), which pieces are face down, the side to move, the counters and the rules.
/// [`Jieqi`] adds the hidden identities, [`JieqiView`] one seat's knowledge.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Public {
    pub(crate) board: Board,
    pub(crate) face_down: Bb,
    pub(crate) turn: Color,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) rules: Rules,
    /// The Zobrist keys of the face-down marks, kept up to date by [`Public::apply`].
    face_down_hash: u64,
}

impl Public {
    /// A position from its parts, with the free marks and the hash of the face-down marks set.
    pub(crate) fn new(
        board: Board,
        face_down: Bb,
        turn: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
        rules: Rules,
    ) -> Public {
        let face_down_hash = Bits(face_down).fold(0, |h, s| h ^ face_down_key(s));
        let mut public = Public {
            board,
            face_down,
            turn,
            halfmove_clock,
            fullmove_number,
            rules,
            face_down_hash,
        };
        public.set_free_marks();
        public
    }

    /// Whether the piece on `s` is face down.
    #[inline]
    pub(crate) fn is_face_down(&self, s: Square) -> bool {
        self.face_down & sq_bit(s.u8()) != 0
    }

    /// What stands on `s`.
    pub(crate) fn cell_at(&self, s: Square) -> Option<Cell> {
        let p = self.board.piece_at(s)?;
        Some(if self.is_face_down(s) { Cell::FaceDown(p.color) } else { Cell::FaceUp(p) })
    }

    /// Every piece with its point, a1 first.
    pub(crate) fn cells(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        Bits(self.board.occupied()).filter_map(|s| {
            let sq = Square::from_u8(s);
            self.cell_at(sq).map(|c| (sq, c))
        })
    }

    /// Marks face-up advisors and elephants free of palace and river, and face-down advisors
    /// too where the rules let them leave the palace.
    pub(crate) fn set_free_marks(&mut self) {
        let mut free: Bb = 0;
        for s in Bits(self.board.occupied()) {
            let sq = Square::from_u8(s);
            let Some(p) = self.board.piece_at(sq) else { continue };
            let face_down = self.is_face_down(sq);
            let is_free = match p.role {
                Role::Advisor => !face_down || self.rules.hidden_advisor_leaves_palace,
                Role::Elephant => !face_down,
                _ => false,
            };
            if is_free {
                free |= sq_bit(s);
            }
        }
        self.board.free = free;
    }

    pub(crate) fn legal_list(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut board = self.board.clone();
        board.legal_moves(self.turn, &mut list);
        list
    }

    pub(crate) fn is_legal(&self, m: Move) -> bool {
        self.legal_list().as_slice().contains(&m)
    }

    pub(crate) fn is_check(&self) -> bool {
        self.board.in_check(self.turn)
    }

    /// The outcome judged from the position alone: no legal move (checkmate or not), only
    /// the two generals left, the no-capture limit.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        let mut board = self.board.clone();
        if !board.has_legal_move(self.turn) {
            let reason = if self.is_check() { WinReason::Checkmate } else { WinReason::NoMoves };
            return Some(Outcome::Win { winner: !self.turn, reason });
        }
        if self.board.occupied().count_ones() == 2 {
            return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
        }
        if self.halfmove_clock >= self.rules.no_capture_plies {
            let reason = DrawReason::no_capture_limit(self.rules.no_capture_plies);
            return Some(Outcome::Draw { reason });
        }
        None
    }

    /// The repetition key: the board as everyone sees it (a face-down piece as the piece of
    /// its point, marked face down) and the side to move. Hidden identities are not part of
    /// it: positions that look the same are the same position.
    pub(crate) fn zobrist(&self) -> u64 {
        let h = self.board.hash ^ self.face_down_hash;
        if self.turn == Color::Black { h ^ TABLES.zobrist_black } else { h }
    }

    /// Plays the legal move `m`; a face-down piece is turned up as `revealed` (if `None`, it
    /// stays the piece of its point, which only a broken caller asks for). Returns whether
    /// the move captured.
    pub(crate) fn apply(&mut self, m: Move, revealed: Option<Role>) -> bool {
        let from_down = self.is_face_down(m.from);
        if self.is_face_down(m.to) {
            self.face_down &= !sq_bit(m.to.u8());
            self.face_down_hash ^= face_down_key(m.to.u8());
        }
        let captured = self.board.make(m) != 0;
        if from_down {
            self.face_down &= !sq_bit(m.from.u8());
            self.face_down_hash ^= face_down_key(m.from.u8());
            let color = self.turn;
            if let Some(role) = revealed {
                // `clear` drops the point's free mark; the revealed piece sets its own.
                self.board.clear(m.to);
                self.board.put(m.to, Piece { color, role });
            }
            let free = matches!(self.board.piece_at(m.to), Some(p) if matches!(p.role, Role::Advisor | Role::Elephant));
            if free {
                self.board.free |= sq_bit(m.to.u8());
            } else {
                self.board.free &= !sq_bit(m.to.u8());
            }
        }
        self.halfmove_clock = if captured { 0 } else { self.halfmove_clock.saturating_add(1) };
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
        captured
    }

    /// The position after the legal move `m` when it reveals nothing (or when what it reveals
    /// does not matter to the caller: the board is the same but for the moved piece's kind).
    pub(crate) fn after(&self, m: Move) -> Public {
        let mut next = self.clone();
        next.apply(m, None);
        next
    }

    /// Reads a coordinate move (`h3e3`) and checks it is legal.
    pub(crate) fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m = Move::parse_coordinate(text)
            .ok_or_else(|| ParseMoveError::Syntax { text: text.to_owned() })?;
        self.check_move(text, m)
    }

    /// Explains why `m` is not legal, or returns it.
    pub(crate) fn check_move(&self, text: &str, m: Move) -> Result<Move, ParseMoveError> {
        let illegal = |reason| ParseMoveError::Illegal { text: text.to_owned(), reason };
        let Some(piece) = self.board.piece_at(m.from) else {
            return Err(illegal(IllegalMoveReason::NoPiece { square: m.from.into() }));
        };
        // A face-down piece is named by what it moves as: its identity stays hidden.
        let face_down = self.is_face_down(m.from);
        if piece.color != self.turn {
            return Err(illegal(IllegalMoveReason::NotYourPiece {
                game: Variant::Jieqi,
                square: m.from.into(),
                piece: piece.role.into(),
                face_down,
                owner: piece.color,
                to_move: self.turn,
            }));
        }
        if self.is_legal(m) {
            return Ok(m);
        }
        let mut pseudo = MoveList::new();
        self.board.pseudo_moves(self.turn, &mut pseudo);
        if pseudo.as_slice().contains(&m) {
            let reason = if self.is_check() {
                IllegalMoveReason::StaysInCheck
            } else {
                IllegalMoveReason::LeavesGeneralAttacked
            };
            return Err(illegal(reason));
        }
        Err(illegal(IllegalMoveReason::CannotReach {
            piece: piece.role.into(),
            face_down,
            from: m.from.into(),
            to: m.to.into(),
        }))
    }
}
