//! Xiangqi (Chinese chess), with the rules of `shared/rules/xiangqi.md`.
//!
//! Text forms follow Fairy-Stockfish so that positions and moves can be exchanged with it:
//! FEN `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1` (upper case Red,
//! `w` = Red to move, letters `k a b n r c p`, `e`/`h` accepted for elephant/horse), coordinate
//! moves `h3e3` and `b10c8` (ranks 1..10). ICCS (`h2e2`, ranks 0..9) and WXF (`C2=5`, `H8+7`,
//! `R+=9` for the front of two chariots on a file, `15=6` for numbered soldiers) are read and
//! written as well.
//!
//! Repetition follows the Asian rules as Fairy-Stockfish applies them (perpetual check
//! loses, otherwise perpetual chase loses, otherwise draw); see [`Xiangqi`]'s
//! [`Position::repetition_outcome`] and the `xiangqi_family::chase` module.

mod notation;
mod types;

use std::fmt;
use std::str::FromStr;

pub use self::types::{Move, Piece, Role, Square};
use crate::bits::Bits;
use crate::names::{NameKind, UnknownName, fold};
use crate::xiangqi_family::board::{Board, MoveList};
use crate::xiangqi_family::chase;
use crate::xiangqi_family::tables::TABLES;
use crate::{
    Color, DrawReason, Game, IllegalMoveReason, NewGameError, Outcome, ParseFenError,
    ParseMoveError, Position, Seat, SetupError, Start, Truth, Variant, View, WinReason,
};

/// The start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Plies without a capture after which the game is drawn (fifty moves by each side).
pub const FIFTY_MOVE_PLIES: u32 = 100;

/// A handicap (让子): pieces the stronger player, who plays Red, gives before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Handicap {
    /// Red plays without the horse on b1.
    Horse,
    /// Red plays without both horses (b1 and h1).
    TwoHorses,
    /// Red plays without the cannon on b3.
    Cannon,
    /// Red plays without the chariot on a1.
    Chariot,
}

impl Handicap {
    /// Every handicap.
    pub const ALL: [Handicap; 4] =
        [Handicap::Horse, Handicap::TwoHorses, Handicap::Cannon, Handicap::Chariot];

    /// The stable name (`horse`, `two_horses`, `cannon`, `chariot`).
    pub const fn name(self) -> &'static str {
        match self {
            Handicap::Horse => "horse",
            Handicap::TwoHorses => "two_horses",
            Handicap::Cannon => "cannon",
            Handicap::Chariot => "chariot",
        }
    }

    /// The points Red's pieces are removed from.
    pub fn removed(self) -> &'static [&'static str] {
        match self {
            Handicap::Horse => &["b1"],
            Handicap::TwoHorses => &["b1", "h1"],
            Handicap::Cannon => &["b3"],
            Handicap::Chariot => &["a1"],
        }
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Handicap {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = fold(s);
        Handicap::ALL
            .into_iter()
            .find(|h| h.name() == t)
            .ok_or_else(|| UnknownName::new(NameKind::Handicap, s))
    }
}

/// A Xiangqi position read from text but not yet checked: anything the FEN can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each point, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and increased after Black's move.
    pub fullmove_number: u32,
}

impl Setup {
    /// Reads a Fairy-Stockfish Xiangqi FEN. The fields after the side to move (castling and
    /// en passant, always `-`, and the two counters) may be left out.
    pub fn parse(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let board_field = fields.next().ok_or(ParseFenError::Empty)?;
        let cells = crate::fen::parse_board(board_field, 9, 10, Piece::from_char)?;
        let mut board = [None; 90];
        board.copy_from_slice(&cells);
        let turn = match fields.next() {
            None => Color::White,
            Some(t) => match t {
                "w" | "r" => Color::White,
                "b" => Color::Black,
                _ => return Err(ParseFenError::InvalidField { field: "turn", text: t.to_owned() }),
            },
        };
        for field in ["castling", "en passant"] {
            match fields.next() {
                None | Some("-") => {}
                Some(t) => return Err(ParseFenError::InvalidField { field, text: t.to_owned() }),
            }
        }
        let (halfmove_clock, fullmove_number) =
            crate::fen::parse_counters(fields.next(), fields.next())?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(ParseFenError::TrailingText { text: rest.join(" ") });
        }
        Ok(Setup { board, turn, halfmove_clock, fullmove_number })
    }

    /// The FEN of this setup.
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            crate::fen::write_board(&self.board, 9, 10, |p| p.char().to_string()),
            self.turn.fen_char(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

impl FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Setup::parse(s)
    }
}

/// A legal Xiangqi position.
#[derive(Clone, PartialEq, Eq)]
pub struct Xiangqi {
    board: Board,
    turn: Color,
    halfmove_clock: u32,
    fullmove_number: u32,
}

const ADVISOR_POINTS: [&str; 5] = ["d1", "f1", "e2", "d3", "f3"];
const ELEPHANT_POINTS: [&str; 7] = ["c1", "g1", "a3", "e3", "i3", "c5", "g5"];

/// Whether a piece of `color` and `role` can ever stand on `s` in a game of Xiangqi.
pub(crate) fn reachable(color: Color, role: Role, s: Square) -> bool {
    // Work in Red's frame: Black's pieces are mirrored by rank.
    let own =
        if color == Color::White { s } else { Square::new(s.file(), 9 - s.rank()).unwrap_or(s) };
    let name = own.to_string();
    match role {
        Role::General => own.in_palace(Color::White),
        Role::Advisor => ADVISOR_POINTS.contains(&name.as_str()),
        Role::Elephant => ELEPHANT_POINTS.contains(&name.as_str()),
        Role::Soldier => own.rank() >= 5 || (own.rank() >= 3 && own.file() % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

impl Xiangqi {
    /// The start position.
    pub fn new() -> Xiangqi {
        // The constant is a valid FEN; the tests check it parses.
        <Xiangqi as Truth>::from_fen(START_FEN)
            .unwrap_or_else(|_| unreachable!("start FEN is valid"))
    }

    /// The start position with Red giving `handicap`.
    pub fn with_handicap(handicap: Handicap) -> Xiangqi {
        let mut pos = Xiangqi::new();
        for name in handicap.removed() {
            if let Some(s) = Square::parse(name) {
                pos.board.clear(s);
            }
        }
        pos
    }

    /// Checks a setup and turns it into a position.
    pub fn from_setup(setup: &Setup) -> Result<Xiangqi, SetupError> {
        let mut board = Board::empty();
        let mut counts = [[0usize; 8]; 2];
        for s in Square::all() {
            let Some(p) = setup.board[s.index()] else { continue };
            let n = &mut counts[p.color.index()][p.role as usize];
            *n += 1;
            if p.role == Role::General && *n > 1 {
                return Err(SetupError::TooManyKings { game: Variant::Xiangqi, side: p.color });
            }
            if *n > p.role.max_count() {
                return Err(SetupError::TooManyPieces { piece: p.char(), max: p.role.max_count() });
            }
            if !reachable(p.color, p.role, s) {
                return Err(SetupError::PieceOutOfPlace { piece: p.char(), square: s.into() });
            }
            board.put(s, p);
        }
        for c in Color::ALL {
            if counts[c.index()][Role::General as usize] == 0 {
                return Err(SetupError::MissingKing { game: Variant::Xiangqi, side: c });
            }
        }
        if board.in_check(!setup.turn) {
            return Err(SetupError::OppositeCheck);
        }
        Ok(Xiangqi {
            board,
            turn: setup.turn,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number.max(1),
        })
    }

    /// The setup this position was made from (or would be written as).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; 90];
        for s in Square::all() {
            board[s.index()] = self.board.piece_at(s);
        }
        Setup {
            board,
            turn: self.turn,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// The piece on a point.
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.board.piece_at(s)
    }

    /// Every piece with its point.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Bits(self.board.occupied()).map(|s| {
            let sq = Square::from_u8(s);
            (sq, Piece::from_code(self.board.squares[s as usize]))
        })
    }

    /// The point of `color`'s general.
    pub fn general(&self, color: Color) -> Square {
        Square::from_u8(self.board.generals[color.index()])
    }

    /// Plies since the last capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (starts at 1, increases after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The position with the other side to move and nothing moved: a "null move" for search
    /// (null-move pruning), never a legal move of the game. `None` when the side to move is in
    /// check, because passing would leave its general attacked.
    pub fn null_move(&self) -> Option<Xiangqi> {
        if self.is_check() {
            return None;
        }
        let mut after = self.clone();
        after.turn = !self.turn;
        after.halfmove_clock = self.halfmove_clock.saturating_add(1);
        Some(after)
    }

    /// Whether a piece of `by` attacks the point `s` (could capture a piece of the other side
    /// standing there), as the board is now. The general's "flying" attack along an open file
    /// counts only against the other general, so it is left out here. For search heuristics
    /// (is a capture defended?); legality uses the full rules.
    pub fn attacked_by(&self, s: Square, by: Color) -> bool {
        self.board.attacked_by(s.u8(), by, false)
    }

    /// Whether `m` captures a piece.
    pub fn is_capture(&self, m: Move) -> bool {
        self.board.squares[m.to.index()] != 0
    }

    /// The piece that `m` moves, if there is one on its origin.
    pub fn moved_piece(&self, m: Move) -> Option<Piece> {
        self.board.piece_at(m.from)
    }

    /// Whether the legal move `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut after = self.clone();
        after.play_unchecked(&m);
        after.is_check()
    }

    /// The legal moves, in generation order, without allocating on the heap.
    pub(crate) fn legal_list(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut board = self.board.clone();
        board.legal_moves(self.turn, &mut list);
        list
    }

    /// Counts the leaf nodes of the move tree `depth` plies deep (perft).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut board = self.board.clone();
        board.perft(self.turn, depth)
    }

    /// Perft split by first move, sorted by move text.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut out: Vec<(Move, u64)> = self
            .legal_list()
            .as_slice()
            .iter()
            .map(|&m| {
                let mut after = self.clone();
                after.play_unchecked(&m);
                (m, if depth <= 1 { 1 } else { after.perft(depth - 1) })
            })
            .collect();
        out.sort_by_key(|(m, _)| m.to_string());
        out
    }

    /// Whether neither side has a piece that can attack (chariot, horse, cannon, soldier).
    pub fn is_insufficient_material(&self) -> bool {
        !self.pieces().any(|(_, p)| {
            matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon | Role::Soldier)
        })
    }

    /// Whether `color` has no piece that can attack (it can never give mate), as
    /// Fairy-Stockfish's `has_insufficient_material` answers per side.
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        !self.pieces().any(|(_, p)| {
            p.color == color
                && matches!(p.role, Role::Chariot | Role::Horse | Role::Cannon | Role::Soldier)
        })
    }

    /// Reads a move in ICCS/UCCI coordinates (`h2e2`, `H2-E2`) and checks it is legal.
    pub fn parse_iccs(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m = Move::parse_iccs(text)
            .ok_or_else(|| ParseMoveError::Syntax { text: text.to_owned() })?;
        self.check_move(text, m)
    }

    /// Reads a coordinate move (`h3e3`) and checks it is legal.
    pub fn parse_coordinate(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m = Move::parse_coordinate(text)
            .ok_or_else(|| ParseMoveError::Syntax { text: text.to_owned() })?;
        self.check_move(text, m)
    }

    /// Explains why `m` is not legal, or returns it.
    fn check_move(&self, text: &str, m: Move) -> Result<Move, ParseMoveError> {
        let illegal = |reason| ParseMoveError::Illegal { text: text.to_owned(), reason };
        let Some(piece) = self.piece_at(m.from) else {
            return Err(illegal(IllegalMoveReason::NoPiece { square: m.from.into() }));
        };
        if piece.color != self.turn {
            return Err(illegal(IllegalMoveReason::NotYourPiece {
                game: Variant::Xiangqi,
                square: m.from.into(),
                piece: piece.role.into(),
                face_down: false,
                owner: piece.color,
                to_move: self.turn,
            }));
        }
        if self.legal_list().as_slice().contains(&m) {
            return Ok(m);
        }
        let mut pseudo = MoveList::new();
        self.board.pseudo_moves(self.turn, &mut pseudo);
        if pseudo.as_slice().contains(&m) {
            let mut after = self.board.clone();
            after.make(m);
            // Facing generals only when that alone exposes the general: attacked once the
            // flying general counts, safe without it.
            let reason = if after.generals[0] % 9 == after.generals[1] % 9
                && !self.board.in_check(self.turn)
                && after.attacked_by(after.generals[self.turn.index()], !self.turn, true)
                && !after.attacked_by(after.generals[self.turn.index()], !self.turn, false)
            {
                IllegalMoveReason::GeneralsFace
            } else if self.is_check() {
                IllegalMoveReason::StaysInCheck
            } else {
                IllegalMoveReason::LeavesCheck
            };
            return Err(illegal(reason));
        }
        Err(illegal(IllegalMoveReason::CannotReach {
            piece: piece.role.into(),
            face_down: false,
            from: m.from.into(),
            to: m.to.into(),
        }))
    }
}

impl chase::OnBoard for Xiangqi {
    fn board(&self) -> &Board {
        &self.board
    }
}

impl Xiangqi {
    /// The side to move's pieces (bit `i` for the square of [`Square::index`] `i`) that `m`,
    /// played from `before` to reach this position, chases as the repetition rules mean it
    /// (see `rules/xiangqi.md`): what a search needs to judge its own repetition cycles.
    pub fn chased_by(&self, before: &Xiangqi, m: Move) -> u128 {
        chase::chased(&before.board, m, &self.board, self.turn)
    }
}

impl Default for Xiangqi {
    fn default() -> Self {
        Xiangqi::new()
    }
}

impl fmt::Debug for Xiangqi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Xiangqi({})", self.fen())
    }
}

impl FromStr for Xiangqi {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Xiangqi::from_fen(s)
    }
}

impl Position for Xiangqi {
    const VARIANT: Variant = Variant::Xiangqi;
    const FILES: u8 = 9;
    const RANKS: u8 = 10;
    type Move = Move;

    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.extend_from_slice(self.legal_list().as_slice());
    }

    fn is_legal(&self, m: &Move) -> bool {
        self.legal_list().as_slice().contains(m)
    }

    fn play_unchecked(&mut self, m: &Move) {
        let captured = self.board.make(*m);
        self.halfmove_clock = if captured != 0 { 0 } else { self.halfmove_clock.saturating_add(1) };
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !self.turn;
    }

    fn is_check(&self) -> bool {
        self.board.in_check(self.turn)
    }

    fn outcome(&self) -> Option<Outcome> {
        let mut board = self.board.clone();
        if !board.has_legal_move(self.turn) {
            let reason = if self.is_check() { WinReason::Checkmate } else { WinReason::NoMoves };
            return Some(Outcome::Win { winner: !self.turn, reason });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial });
        }
        if self.halfmove_clock >= FIFTY_MOVE_PLIES {
            return Some(Outcome::Draw { reason: DrawReason::FiftyMoves });
        }
        None
    }

    fn zobrist(&self) -> u64 {
        self.board.hash ^ if self.turn == Color::Black { TABLES.zobrist_black } else { 0 }
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        match self.parse_coordinate(text) {
            Ok(m) => Ok(m),
            Err(e @ ParseMoveError::Illegal { .. }) => Err(e),
            Err(_) => self.parse_wxf(text),
        }
    }

    fn move_text(&self, m: &Move) -> String {
        m.to_string()
    }

    fn is_irreversible(&self, m: &Move) -> bool {
        self.is_capture(*m)
    }

    fn is_start(&self) -> bool {
        *self == Xiangqi::new()
    }

    fn perft(&self, depth: u32) -> u64 {
        Xiangqi::perft(self, depth)
    }

    fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        Xiangqi::perft_divide(self, depth)
    }

    fn repetition_outcome(game: &Game<Self>) -> Option<Outcome> {
        chase::repetition_verdict(game)
    }
}

impl View for Xiangqi {
    fn fen(&self) -> String {
        self.to_setup().fen()
    }
}

impl Truth for Xiangqi {
    const HIDES_INFORMATION: bool = false;
    type View = Xiangqi;
    /// The handicap Red gives, if any.
    type Options = Option<Handicap>;

    fn view(&self, _seat: Seat) -> Xiangqi {
        self.clone()
    }

    fn truth_fen(&self) -> String {
        self.fen()
    }

    fn from_fen(fen: &str) -> Result<Self, ParseFenError> {
        Ok(Xiangqi::from_setup(&Setup::parse(fen)?)?)
    }

    fn set_up(
        start: &Start,
        handicap: &Option<Handicap>,
        _rng: &mut dyn rand_core::RngCore,
    ) -> Result<Self, NewGameError> {
        match (start, handicap) {
            (Start::Usual, None) => Ok(Xiangqi::new()),
            (Start::Usual, Some(h)) => Ok(Xiangqi::with_handicap(*h)),
            (Start::Fen(fen), None) => Ok(<Xiangqi as Truth>::from_fen(fen)?),
            (Start::Fen(_), Some(_)) => Err(NewGameError::HandicapWithFen),
        }
    }
}

#[cfg(test)]
mod tests;
