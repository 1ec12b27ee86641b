//! The text forms of Friendly chess: FEN and move text. Both are stable: saved games, puzzles
//! and the wire protocol store them.
//!
//! # FEN
//! Seven fields separated by spaces, chess FEN with two extensions:
//!
//! ```text
//! rnbqkbnr/ppp1pppp/8/3(Pp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - - 0 2
//! <board>                                          <turn> <castling> <en passant> <owed> <clock> <move>
//! ```
//!
//! - **Board**: ranks 8 to 1, files a to h, upper case White (`PNBRQK`), lower case Black,
//!   digits for empty squares, and a **bond** as its two pieces in parentheses, White first:
//!   `(Pp)` is a White pawn bonded with a Black pawn. One bond counts as one square.
//! - **Turn**: `w` or `b`.
//! - **Castling**: `KQkq`, a subset in that order, or `-`.
//! - **En passant**: the square a pawn just passed with a double step, or `-`. It is written
//!   only when the side to move can use it (see the module's rule decisions); a FEN naming an
//!   unusable square is read without it.
//! - **Owed promotion**: the square of the side to move's pawn that the opponent carried to
//!   its last rank in a bond, whose piece the side to move chooses as the first part of its
//!   move; `-` if none.
//! - **No-progress clock**: plies since the last new bond or promotion (fifty moves = 100).
//! - **Move number**: starts at 1, increases after Black's move.
//!
//! Examples: the start `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 0 1`; White to
//! move after Black carried White's pawn to e8 in a bond with its knight, so White first
//! chooses that pawn's new piece: `4(Pn)2k/8/8/8/8/8/8/4K3 w - - e8 0 40`. The White piece of
//! a bond is written first; the reader accepts either order. Every field after the board may
//! be left out (defaults `w - - - 0 1`), and a six-field chess FEN, without the
//! owed-promotion field, reads as it would in chess.
//!
//! # Move text
//! ```text
//! move  := [owed] first {chain}        e.g. b1c3   d2d4>f6   e7f8=Q>f3   e8=Q:b1c3
//! owed  := square "=" piece ":"        the owed promotion, chosen first
//! first := square square [promo]       the moved piece's square and its first step
//! chain := ">" square [promo]          the next step of the piece the last step released
//! promo := "=" piece                   a pawn promoted by that step (piece: Q R B N)
//! ```
//! - The first step names the moved piece's square and destination, like UCI (`e2e4`).
//!   Lifting a bond is the same: name the square of your piece in it.
//! - Each `>` step moves the piece the previous step released, from the bond it was released
//!   on, so only its destination is written (`d2d4>f6`: the piece released on d4 goes to f6).
//! - `=Q` follows a step that brings a pawn to its last rank, also in the middle of a chain
//!   (`e7f8=Q>f3`: the pawn becomes a queen in the bond on f8, whose released piece goes to
//!   f3). A pawn that bonds the enemy king is not promoted and has no `=`.
//! - An owed promotion comes first, with its square: `e8=Q:b1c3`.
//! - Castling is the king's two-square step (`e1g1`, `e8c8`); `0-0` / `0-0-0` and `O-O` /
//!   `O-O-O` are read as well.
//! - Written moves are canonical: the shortest step sequence to the resulting position, ties
//!   broken by the text. Any valid step sequence is read and mapped to the canonical move of
//!   the position it reaches. Reading accepts lower-case promotion letters and `e7e8q`.

use super::Friendly;
use super::StepError;
use super::movegen;
use super::types::{Castling, CastlingSide, Cell, Move, Piece, Role, Square, Step};
use crate::fen::Token;
use crate::{Color, IllegalMoveReason, ParseFenError, ParseMoveError};

/// A Friendly chess position read from text but not yet checked: anything the FEN can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The content of each square, indexed by [`Square::index`].
    pub board: [Cell; 64],
    /// The side to move.
    pub turn: Color,
    /// The castling rights.
    pub castling: Castling,
    /// The en passant square.
    pub ep_square: Option<Square>,
    /// The square of the side to move's pawn whose promotion is owed.
    pub owed_promotion: Option<Square>,
    /// Plies since the last new bond or promotion.
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and increased after Black's move.
    pub fullmove_number: u32,
}

fn invalid(field: &'static str, text: &str) -> ParseFenError {
    ParseFenError::InvalidField { field, text: text.to_owned() }
}

/// Reads the board field: the shared FEN board reader, with a bond `(Pp)` as one cell.
fn parse_board(field: &str) -> Result<[Cell; 64], ParseFenError> {
    let cells = crate::fen::parse_cells(field, 8, 8, |c, rest| match c {
        // Chess FENs count empty squares a digit at a time (`44` is eight), and 9 is no count.
        '1'..='8' => Ok(Token::Empty(c as usize - '0' as usize)),
        '(' => parse_bond(rest).map(Token::Piece),
        _ => {
            let p = Piece::from_char(c).ok_or(ParseFenError::InvalidPiece { ch: c })?;
            let mut cell = Cell::EMPTY;
            match p.color {
                Color::White => cell.white = Some(p.role),
                Color::Black => cell.black = Some(p.role),
            }
            Ok(Token::Piece(cell))
        }
    })?;
    let mut board = [Cell::EMPTY; 64];
    for (square, cell) in board.iter_mut().zip(cells) {
        *square = cell.unwrap_or(Cell::EMPTY);
    }
    Ok(board)
}

/// Reads a bond after its `(`: two pieces of different colours, in either order, and `)`.
fn parse_bond(rest: &mut std::str::Chars<'_>) -> Result<Cell, ParseFenError> {
    let mut closed = false;
    let group: String = rest
        .take_while(|&c| {
            closed = c == ')';
            !closed
        })
        .collect();
    let bad = || invalid("bond", &format!("({group})"));
    if !closed {
        return Err(invalid("bond", &format!("({group}")));
    }
    let pieces: Vec<Piece> =
        group.chars().map(Piece::from_char).collect::<Option<_>>().ok_or_else(bad)?;
    match pieces.as_slice() {
        [a, b] if a.color != b.color => {
            let (w, bl) = if a.color == Color::White { (a, b) } else { (b, a) };
            Ok(Cell { white: Some(w.role), black: Some(bl.role) })
        }
        _ => Err(bad()),
    }
}

/// The FEN text of a square's content: a piece's letter, a bond as `(Pp)` (White first), or
/// `None` for an empty square.
fn cell_text(cell: Cell) -> Option<String> {
    match (cell.white, cell.black) {
        (Some(w), Some(b)) => Some(format!("({}{})", w.upper_char(), b.char())),
        (Some(w), None) => Some(w.upper_char().to_string()),
        (None, Some(b)) => Some(b.char().to_string()),
        (None, None) => None,
    }
}

fn parse_castling(t: &str) -> Result<Castling, ParseFenError> {
    if t == "-" {
        return Ok(Castling::NONE);
    }
    let mut rights = Castling::NONE;
    let order = ['K', 'Q', 'k', 'q'];
    let mut last = None;
    for c in t.chars() {
        let Some(i) = order.iter().position(|&o| o == c) else {
            return Err(invalid("castling", t));
        };
        if last.is_some_and(|l| l >= i) {
            return Err(invalid("castling", t));
        }
        last = Some(i);
        let color = if i < 2 { Color::White } else { Color::Black };
        let side = if i % 2 == 0 { CastlingSide::King } else { CastlingSide::Queen };
        rights = rights.with(color, side);
    }
    Ok(rights)
}

fn parse_square_field(field: &'static str, t: &str) -> Result<Option<Square>, ParseFenError> {
    if t == "-" { Ok(None) } else { Square::parse(t).map(Some).ok_or_else(|| invalid(field, t)) }
}

impl Setup {
    /// Reads a Friendly chess FEN (see the [module](self) documentation).
    pub fn parse(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace().peekable();
        let board = parse_board(fields.next().ok_or(ParseFenError::Empty)?)?;
        let turn = match fields.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(t) => return Err(invalid("turn", t)),
        };
        let castling = fields.next().map_or(Ok(Castling::NONE), parse_castling)?;
        let ep_square = match fields.next() {
            None => None,
            Some(t) => parse_square_field("en passant", t)?,
        };
        // The owed-promotion field; a chess FEN has the clock here instead.
        let owed_promotion = match fields.peek() {
            Some(&t) if t == "-" || t.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                fields.next();
                parse_square_field("owed promotion", t)?
            }
            _ => None,
        };
        let (halfmove_clock, fullmove_number) =
            crate::fen::parse_counters(fields.next(), fields.next())?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(ParseFenError::TrailingText { text: rest.join(" ") });
        }
        Ok(Setup {
            board,
            turn,
            castling,
            ep_square,
            owed_promotion,
            halfmove_clock,
            fullmove_number,
        })
    }

    /// The FEN of this setup.
    pub fn fen(&self) -> String {
        let out = crate::fen::write_cells(8, 8, |i| cell_text(self.board[i]));
        let sq = |s: Option<Square>| s.map_or_else(|| "-".to_owned(), |s| s.to_string());
        format!(
            "{out} {} {} {} {} {} {}",
            self.turn.fen_char(),
            self.castling,
            sq(self.ep_square),
            sq(self.owed_promotion),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

impl std::str::FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Setup::parse(s)
    }
}

/// Writes a move text from its parts.
pub(crate) fn move_text(owed: Option<(Square, Role)>, from: Square, steps: &[Step]) -> String {
    let mut s = String::with_capacity(6 + 4 * steps.len());
    if let Some((sq, role)) = owed {
        s.push_str(&format!("{sq}={}:", role.upper_char()));
    }
    s.push_str(&from.to_string());
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            s.push('>');
        }
        s.push_str(&step.to.to_string());
        if let Some(p) = step.promotion {
            s.push('=');
            s.push(p.upper_char());
        }
    }
    s
}

/// A move text read without a position: possibly a beginning only (the step-by-step input
/// accepts `e8=Q:` or `d2` alone).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RawPath {
    /// The owed promotion: its square if written, and the piece.
    pub(crate) owed: Option<(Option<Square>, Role)>,
    /// `0-0` or `0-0-0`.
    pub(crate) castle: Option<CastlingSide>,
    /// The moved piece's square.
    pub(crate) from: Option<Square>,
    /// The steps.
    pub(crate) steps: Vec<Step>,
}

/// Reads a promotion suffix (`=Q`, `=q`, or a bare `q`) at the start of `b`.
fn promotion(b: &[u8]) -> (Option<Role>, usize) {
    let (letter, used) = match b {
        [b'=', c, ..] => (*c, 2),
        [c, ..] if b"qrbnQRBN".contains(c) => (*c, 1),
        _ => return (None, 0),
    };
    match Role::from_char(letter as char).filter(|r| r.is_promotion()) {
        Some(r) => (Some(r), used),
        // `=` followed by anything else is not a promotion; the caller reports the syntax.
        None => (None, 0),
    }
}

fn square_at(b: &[u8], i: usize) -> Option<Square> {
    let s = std::str::from_utf8(b.get(i..i + 2)?).ok()?;
    Square::parse(s)
}

/// Reads move text into its parts. `None` if it is not move text at all.
pub(crate) fn parse_path(text: &str) -> Option<RawPath> {
    let t = text.trim();
    if !t.is_ascii() {
        return None;
    }
    let b = t.as_bytes();
    let mut raw = RawPath::default();
    let mut i = 0;
    // The owed promotion: `e8=Q:` or `=Q:`.
    let owed_sq = square_at(b, 0).filter(|_| b.get(2) == Some(&b'='));
    let at = if owed_sq.is_some() { 2 } else { 0 };
    if b.get(at) == Some(&b'=') {
        let role = Role::from_char(*b.get(at + 1)? as char).filter(|r| r.is_promotion())?;
        if b.get(at + 2) != Some(&b':') {
            return None;
        }
        raw.owed = Some((owed_sq, role));
        i = at + 3;
    }
    let rest = &t[i..];
    let castle = match rest {
        "0-0" | "O-O" | "o-o" => Some(CastlingSide::King),
        "0-0-0" | "O-O-O" | "o-o-o" => Some(CastlingSide::Queen),
        _ => None,
    };
    if castle.is_some() {
        raw.castle = castle;
        return Some(raw);
    }
    if i == b.len() {
        return raw.owed.is_some().then_some(raw);
    }
    raw.from = Some(square_at(b, i)?);
    raw.steps = parse_steps(&t[i + 2..])?;
    Some(raw)
}

/// Reads steps: destinations with their promotions, separated by `>` (`e4`, `d4>f6=Q>e5`).
/// The empty text is no step.
pub(crate) fn parse_steps(text: &str) -> Option<Vec<Step>> {
    let b = text.as_bytes();
    let mut steps = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !steps.is_empty() {
            if b[i] != b'>' {
                return None;
            }
            i += 1;
        }
        let to = square_at(b, i)?;
        i += 2;
        let (promotion, used) = promotion(&b[i..]);
        i += used;
        steps.push(Step { to, promotion });
    }
    Some(steps)
}

/// A step error with the step it happened at, as [`super::Friendly::replay`] counts them
/// (0 for the owed promotion or the lift, which the reason leaves unnumbered).
pub(crate) fn step_reason(index: usize, error: StepError) -> IllegalMoveReason {
    IllegalMoveReason::Step { number: (index > 0).then_some(index), error }
}

/// Reads a move in `pos` and returns the canonical legal move reaching the same position.
pub(crate) fn parse_move(pos: &Friendly, text: &str) -> Result<Move, ParseMoveError> {
    let syntax = || ParseMoveError::Syntax { text: text.to_owned() };
    let illegal = |reason| ParseMoveError::Illegal { text: text.to_owned(), reason };
    let raw = parse_path(text).ok_or_else(syntax)?;
    if raw.castle.is_none() && raw.steps.is_empty() {
        // Only the beginning of a move (the step-by-step input reads those).
        return Err(syntax());
    }
    let owed = match (raw.owed, pos.owed_promotion()) {
        (Some((Some(sq), _)), Some(o)) if sq != o => {
            return Err(illegal(IllegalMoveReason::OwedPromotionElsewhere {
                owed: o.into(),
                given: sq.into(),
            }));
        }
        (Some((_, role)), Some(_)) => Some(role),
        (Some(_), None) => return Err(illegal(step_reason(0, StepError::NoPromotionOwed))),
        (None, Some(o)) => {
            return Err(illegal(IllegalMoveReason::PromotionOwedFirst {
                square: o.into(),
                text: text.trim().to_owned(),
            }));
        }
        (None, None) => None,
    };
    let (from, steps) = match (raw.castle, raw.from) {
        (Some(side), _) => {
            let home = pos.turn.fold(0, 7);
            let (Some(from), Some(to)) =
                (Square::new(4, home), Square::new(side.king_to_file(), home))
            else {
                return Err(syntax());
            };
            (from, vec![Step::to(to)])
        }
        (None, Some(from)) if !raw.steps.is_empty() => (from, raw.steps),
        _ => return Err(syntax()),
    };
    let after = pos.replay(owed, from, &steps).map_err(|(i, e)| illegal(step_reason(i, e)))?;
    movegen::canonical_move(pos, &after, steps.len().min(u16::MAX as usize) as u16)
        .ok_or_else(|| illegal(IllegalMoveReason::NoMoveLeadsThere))
}
