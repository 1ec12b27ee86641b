//! The two sides of a game.

use std::fmt;
use std::ops::Not;

/// One of the two sides.
///
/// `White` is the side that moves first: Red in Xiangqi, Jieqi and Jeson Mor, White in Friendly
/// chess. The names follow the FEN convention (`w` / `b`) that Fairy-Stockfish uses for every
/// game; [`crate::Variant::color_name`] gives the name a player sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first (Red in the Xiangqi family).
    White,
    /// The side that moves second.
    Black,
}

impl Color {
    /// Both colors, first mover first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: an index for per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads a FEN side-to-move letter.
    pub fn from_fen_char(c: char) -> Option<Color> {
        match c {
            'w' | 'W' | 'r' | 'R' => Some(Color::White),
            'b' | 'B' | 'g' | 'G' => Some(Color::Black),
            _ => None,
        }
    }

    /// Picks `white` or `black` by this color.
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}
