//! Squares, pieces, square contents, castling rights, steps and moves of Friendly chess.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::Color;

/// A square of the 8 x 8 board, stored as `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 64;

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The square with this index (`rank * 8 + file`), if on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 { Some(Square(index as u8)) } else { None }
    }

    /// The square with index `index`, which the caller knows to be below 64.
    #[inline]
    pub(crate) const fn from_u8(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    /// `rank * 8 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 = `a`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank, 0 = rank `1` (White's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The one-bit set of this square.
    #[inline]
    pub(crate) const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The rank counted from `color`'s side: 0 is that side's back rank.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 7 - self.rank(),
        }
    }

    /// Every square, a1, b1, ..., h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).map(Square)
    }

    /// Reads a square name (`e4`), lower case.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::new(f - b'a', r - b'1'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] =
        [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];

    /// The pieces a pawn may become, in the order the text and the app offer them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lower-case FEN letter.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case letter used in move text (`=Q`).
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Reads a FEN letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    /// The English name (`knight`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Whether a pawn may be promoted to this role.
    pub const fn is_promotion(self) -> bool {
        matches!(self, Role::Knight | Role::Bishop | Role::Rook | Role::Queen)
    }

    #[inline]
    pub(crate) const fn from_index(i: usize) -> Role {
        match i {
            0 => Role::Pawn,
            1 => Role::Knight,
            2 => Role::Bishop,
            3 => Role::Rook,
            4 => Role::Queen,
            _ => Role::King,
        }
    }
}

/// A piece: a role of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter (upper case White).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

/// What stands on one square: nothing, a single (one piece), or a bond (one White and one
/// Black piece together).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cell {
    /// White's piece there, if any.
    pub white: Option<Role>,
    /// Black's piece there, if any.
    pub black: Option<Role>,
}

impl Cell {
    /// The empty square.
    pub const EMPTY: Cell = Cell { white: None, black: None };

    /// `color`'s piece there, if any.
    pub fn get(self, color: Color) -> Option<Role> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Whether nothing stands here.
    pub fn is_empty(self) -> bool {
        self.white.is_none() && self.black.is_none()
    }

    /// Whether a bond stands here.
    pub fn is_bond(self) -> bool {
        self.white.is_some() && self.black.is_some()
    }

    /// The piece standing here alone, if the square holds a single.
    pub fn single(self) -> Option<Piece> {
        match (self.white, self.black) {
            (Some(role), None) => Some(Piece { color: Color::White, role }),
            (None, Some(role)) => Some(Piece { color: Color::Black, role }),
            _ => None,
        }
    }
}

/// A side of the board to castle to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// With the rook on the h-file (`0-0`).
    King,
    /// With the rook on the a-file (`0-0-0`).
    Queen,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The file the rook starts on.
    pub const fn rook_file(self) -> u8 {
        match self {
            CastlingSide::King => 7,
            CastlingSide::Queen => 0,
        }
    }

    /// The file the king goes to.
    pub const fn king_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 6,
            CastlingSide::Queen => 2,
        }
    }

    /// The file the rook goes to.
    pub const fn rook_to_file(self) -> u8 {
        match self {
            CastlingSide::King => 5,
            CastlingSide::Queen => 3,
        }
    }
}

/// The castling rights still open: one bit per side and color.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Castling(u8);

impl Castling {
    /// No right left.
    pub const NONE: Castling = Castling(0);
    /// Every right (the start position).
    pub const ALL: Castling = Castling(15);

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (color as u8 * 2 + side as u8)
    }

    /// Whether `color` may still castle to `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Castling::bit(color, side) != 0
    }

    /// These rights with one right added.
    pub const fn with(self, color: Color, side: CastlingSide) -> Castling {
        Castling(self.0 | Castling::bit(color, side))
    }

    /// These rights with one right removed.
    pub const fn without(self, color: Color, side: CastlingSide) -> Castling {
        Castling(self.0 & !Castling::bit(color, side))
    }

    /// The rights left after a piece of `color` left `square`: its king's square ends both of
    /// its rights, a rook's corner the right with that rook. Pieces of the other color
    /// leaving those squares change nothing (they were partners in a bond with the rook, which
    /// stayed).
    #[inline]
    pub(crate) fn after_leaving(self, color: Color, square: Square) -> Castling {
        let home = color.fold(0, 7);
        if square.rank() != home {
            return self;
        }
        match square.file() {
            4 => self.without(color, CastlingSide::King).without(color, CastlingSide::Queen),
            0 => self.without(color, CastlingSide::Queen),
            7 => self.without(color, CastlingSide::King),
            _ => self,
        }
    }

    /// The bits, 0..16 (for hashing and packed chain states).
    #[inline]
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    /// The rights from [`Castling::bits`].
    #[inline]
    pub(crate) const fn from_bits(bits: u8) -> Castling {
        Castling(bits & 15)
    }

    /// Whether no right is left.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Castling {
    /// The FEN field: `KQkq`, a subset, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Color::White, CastlingSide::King, 'K'),
            (Color::White, CastlingSide::Queen, 'Q'),
            (Color::Black, CastlingSide::King, 'k'),
            (Color::Black, CastlingSide::Queen, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

/// One step of a move: where the moving (or released) piece goes, and what it becomes there if
/// it is a pawn promoted by this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The destination square.
    pub to: Square,
    /// The piece a pawn becomes on this step, if it reaches its last rank.
    pub promotion: Option<Role>,
}

impl Step {
    /// A step without promotion.
    pub const fn to(to: Square) -> Step {
        Step { to, promotion: None }
    }
}

/// Steps stored inline for the common short move, on the heap for long chains.
#[derive(Clone)]
enum StepBuf {
    Inline { len: u8, buf: [Step; StepBuf::INLINE] },
    Heap(Box<[Step]>),
}

impl StepBuf {
    const INLINE: usize = 6;

    fn new(steps: &[Step]) -> StepBuf {
        if steps.len() <= StepBuf::INLINE {
            let mut buf = [Step::to(Square(0)); StepBuf::INLINE];
            buf[..steps.len()].copy_from_slice(steps);
            StepBuf::Inline { len: steps.len() as u8, buf }
        } else {
            StepBuf::Heap(steps.into())
        }
    }

    fn as_slice(&self) -> &[Step] {
        match self {
            StepBuf::Inline { len, buf } => &buf[..*len as usize],
            StepBuf::Heap(b) => b,
        }
    }
}

/// A move of Friendly chess: an optional choice for an owed promotion, then the first step of
/// one piece and the steps of every piece it releases (a chain).
///
/// Text form (see [`super::notation`]): `e2e4`, `b1c3`, `d2d4>f6` (the piece released on d4
/// goes on to f6), `e7f8=Q>f3` (a pawn promoted on f8 inside a chain), `e8=Q:d2d4` (first
/// the owed promotion of the pawn on e8, then the move). Castling is written as the king's step
/// (`e1g1`).
///
/// Equality compares the steps; the legal moves of a position are canonical (the shortest
/// step sequence to each distinct resulting position, ties broken by the text), and
/// [`crate::Position::parse_move`] maps any valid step sequence to the canonical move.
#[derive(Clone)]
pub struct Move {
    owed: Option<(Square, Role)>,
    from: Square,
    steps: StepBuf,
}

impl Move {
    /// A move from its parts. Nothing is checked here; play it through
    /// [`crate::Position::play`] or look it up among the legal moves.
    pub fn new(owed: Option<(Square, Role)>, from: Square, steps: &[Step]) -> Move {
        Move { owed, from, steps: StepBuf::new(steps) }
    }

    /// The owed promotion made at the start of this move, if any: the pawn's square and the
    /// piece chosen for it.
    pub fn owed_promotion(&self) -> Option<(Square, Role)> {
        self.owed
    }

    /// The square the move starts from.
    pub fn from(&self) -> Square {
        self.from
    }

    /// Every step: the first step of the moved piece, then each released piece's step.
    pub fn steps(&self) -> &[Step] {
        self.steps.as_slice()
    }

    /// The destination of the first step.
    pub fn to(&self) -> Square {
        self.steps().first().map_or(self.from, |s| s.to)
    }

    /// Whether the move releases at least one piece (has more than one step).
    pub fn is_chain(&self) -> bool {
        self.steps().len() > 1
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.owed == other.owed && self.from == other.from && self.steps() == other.steps()
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.owed.hash(state);
        self.from.hash(state);
        self.steps().hash(state);
    }
}

impl fmt::Display for Move {
    /// The move text (`e2e4`, `d2d4>f6`, `e8=Q:b1c3`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::notation::move_text(self.owed, self.from, self.steps()))
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}
