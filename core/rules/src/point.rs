//! Points and piece kinds in words every game of the family shares, so that what the rules
//! say about a board (a refusal, an impossible setup) and what a UI draws name them alike.

use std::fmt;

use crate::{friendly, jeson_mor, xiangqi};

/// A point (a square, in games played on squares) of any game's board.
///
/// Points are counted from the first player's side: file 0 is the first player's leftmost
/// file, rank 0 their back rank. Every game's own square type turns into one
/// (`From<xiangqi::Square>`, ...), and a point prints as the games' coordinates do (`e1`,
/// `b10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// File, 0 = the first player's leftmost.
    pub file: u8,
    /// Rank, 0 = the first player's back rank.
    pub rank: u8,
}

impl Point {
    /// The point at `file`, `rank`.
    pub const fn new(file: u8, rank: u8) -> Point {
        Point { file, rank }
    }
}

impl Point {
    /// The points a coordinate text names, in order (`h3e3`: h3 then e3; `a10a9`; a Jieqi
    /// event `a6a4x(X)` or a Friendly chess chain name theirs the same way): a lower-case
    /// file letter followed by the rank's digits.
    pub fn all_in(text: &str) -> Vec<Point> {
        let b = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_lowercase() && i + 1 < b.len() && b[i + 1].is_ascii_digit() {
                let file = b[i] - b'a';
                let mut j = i + 1;
                let mut rank = 0u32;
                while j < b.len() && b[j].is_ascii_digit() {
                    rank = rank.saturating_mul(10).saturating_add(u32::from(b[j] - b'0'));
                    j += 1;
                }
                let rank = u8::try_from(rank.saturating_sub(1)).unwrap_or(u8::MAX);
                out.push(Point::new(file, rank));
                i = j;
            } else {
                i += 1;
            }
        }
        out
    }
}

impl std::str::FromStr for Point {
    type Err = crate::ParseMoveError;

    /// Reads one point (`e5`, `b10`): the whole text must be one.
    fn from_str(s: &str) -> Result<Point, Self::Err> {
        match Point::all_in(s)[..] {
            [p] if p.to_string() == s => Ok(p),
            _ => Err(crate::ParseMoveError::Syntax { text: s.to_string() }),
        }
    }
}

impl fmt::Display for Point {
    /// The coordinate text the games share: `e1`, `b10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'a'.saturating_add(self.file));
        write!(f, "{file}{}", u32::from(self.rank) + 1)
    }
}

impl From<xiangqi::Square> for Point {
    fn from(s: xiangqi::Square) -> Point {
        Point::new(s.file(), s.rank())
    }
}

impl From<jeson_mor::Square> for Point {
    fn from(s: jeson_mor::Square) -> Point {
        Point::new(s.file(), s.rank())
    }
}

impl From<friendly::Square> for Point {
    fn from(s: friendly::Square) -> Point {
        Point::new(s.file(), s.rank())
    }
}

/// What a piece is, in one list for the whole family: a UI draws every game with one piece
/// set per kind, and a message names a piece of any game with one word per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// Xiangqi general (king).
    General,
    /// Xiangqi advisor.
    Advisor,
    /// Xiangqi elephant.
    Elephant,
    /// Xiangqi horse.
    Horse,
    /// Xiangqi chariot.
    Chariot,
    /// Xiangqi cannon.
    Cannon,
    /// Xiangqi soldier.
    Soldier,
    /// A knight: Jeson Mor's only piece, and Friendly chess's knight.
    Knight,
    /// Friendly chess king.
    King,
    /// Friendly chess queen.
    Queen,
    /// Friendly chess rook.
    Rook,
    /// Friendly chess bishop.
    Bishop,
    /// Friendly chess pawn.
    Pawn,
}

impl PieceKind {
    /// Every kind, Xiangqi's first.
    pub const ALL: [PieceKind; 13] = [
        PieceKind::General,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Chariot,
        PieceKind::Cannon,
        PieceKind::Soldier,
        PieceKind::Knight,
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Pawn,
    ];

    /// The English name, in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::General => "general",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Chariot => "chariot",
            PieceKind::Cannon => "cannon",
            PieceKind::Soldier => "soldier",
            PieceKind::Knight => "knight",
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Pawn => "pawn",
        }
    }
}

// `ALL` lists every kind once, in declaration order.
const _: () = {
    let mut i = 0;
    while i < PieceKind::ALL.len() {
        assert!(PieceKind::ALL[i] as usize == i);
        i += 1;
    }
    assert!(PieceKind::Pawn as usize + 1 == PieceKind::ALL.len());
};

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<xiangqi::Role> for PieceKind {
    /// The Xiangqi (and Jieqi) roles.
    fn from(role: xiangqi::Role) -> PieceKind {
        match role {
            xiangqi::Role::General => PieceKind::General,
            xiangqi::Role::Advisor => PieceKind::Advisor,
            xiangqi::Role::Elephant => PieceKind::Elephant,
            xiangqi::Role::Horse => PieceKind::Horse,
            xiangqi::Role::Chariot => PieceKind::Chariot,
            xiangqi::Role::Cannon => PieceKind::Cannon,
            xiangqi::Role::Soldier => PieceKind::Soldier,
        }
    }
}

impl From<friendly::Role> for PieceKind {
    fn from(role: friendly::Role) -> PieceKind {
        match role {
            friendly::Role::Pawn => PieceKind::Pawn,
            friendly::Role::Knight => PieceKind::Knight,
            friendly::Role::Bishop => PieceKind::Bishop,
            friendly::Role::Rook => PieceKind::Rook,
            friendly::Role::Queen => PieceKind::Queen,
            friendly::Role::King => PieceKind::King,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_print_as_every_game_writes_its_squares() {
        assert_eq!(Point::new(0, 0).to_string(), "a1");
        assert_eq!(Point::new(8, 9).to_string(), "i10");
        for s in xiangqi::Square::all() {
            assert_eq!(Point::from(s).to_string(), s.to_string());
        }
        for s in jeson_mor::Square::all() {
            assert_eq!(Point::from(s).to_string(), s.to_string());
        }
        for s in friendly::Square::all() {
            assert_eq!(Point::from(s).to_string(), s.to_string());
        }
    }

    #[test]
    fn kinds_are_named_as_the_games_name_their_roles() {
        for role in xiangqi::Role::ALL {
            assert_eq!(PieceKind::from(role).name(), role.name());
        }
        for role in friendly::Role::ALL {
            assert_eq!(PieceKind::from(role).name(), role.name());
        }
    }
}
