//! Squares and moves of the Jeson Mor board.

use std::fmt;

/// A square of the 9 x 9 board: files `a`..`i` from Red's left, ranks `1`..`9` from Red's
/// side. Stored as `rank * 9 + file` with both counted from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 81;

    /// The centre, `e5`.
    pub const E5: Square = Square(4 * 9 + 4);

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 9 { Some(Square(rank * 9 + file)) } else { None }
    }

    /// The square with this index (`rank * 9 + file`), if on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT { Some(Square(index as u8)) } else { None }
    }

    /// A square from an index the caller knows is below 81 (a bit of a board mask).
    #[inline]
    pub(crate) const fn from_u8(index: u8) -> Square {
        debug_assert!(index < 81);
        Square(index)
    }

    /// `rank * 9 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 = `a` (Red's left).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Rank, 0 = rank `1` (Red's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The one-bit mask of this square in a board mask (bit `index`).
    #[inline]
    pub(crate) const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// Every square, a1 first, then along rank 1, then rank 2, ...
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// Reads a square in Fairy-Stockfish coordinates: a file letter `a`..`i` and a rank digit
    /// `1`..`9` (`e5`). Anything else is `None`.
    pub fn parse(text: &str) -> Option<Square> {
        match text.as_bytes() {
            &[f, r] => Square::new(f.checked_sub(b'a')?, r.checked_sub(b'1')?),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A knight's move from one square to another (a capture if an enemy knight stands on `to`).
///
/// Every piece is a knight, so the two squares say everything; the position tells whether the
/// move captures or wins by leaving the centre.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the knight starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to` (not checked: see [`crate::Position::is_legal`]).
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Reads Fairy-Stockfish's coordinate text (`c1d3`) without looking at any position.
    /// Returns `None` unless the text is exactly two squares.
    pub fn parse(text: &str) -> Option<Move> {
        if text.len() != 4 || !text.is_ascii() {
            return None;
        }
        Some(Move::new(Square::parse(&text[..2])?, Square::parse(&text[2..])?))
    }

    /// Whether `to` is a knight's jump away from `from` (two squares one way, one sideways).
    pub const fn is_knight_jump(self) -> bool {
        let df = self.from.file().abs_diff(self.to.file());
        let dr = self.from.rank().abs_diff(self.to.rank());
        (df == 1 && dr == 2) || (df == 2 && dr == 1)
    }
}

impl fmt::Display for Move {
    /// Fairy-Stockfish's coordinate text: `c1d3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
