//! Points, pieces and moves of the Xiangqi board (shared with Jieqi).

use std::fmt;

use crate::Color;

/// A point of the 9 x 10 board: files `a`..`i` from Red's left, ranks `1`..`10` from Red's
/// side. Stored as `rank * 9 + file` with both counted from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The point at `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 { Some(Square(rank * 9 + file)) } else { None }
    }

    /// The point with this index (`rank * 9 + file`), if on the board.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 { Some(Square(index as u8)) } else { None }
    }

    pub(crate) const fn from_u8(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// `rank * 9 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub(crate) const fn u8(self) -> u8 {
        self.0
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

    /// Every point, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// Reads a point in Fairy-Stockfish coordinates (`e1`, `b10`).
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() < 2 || b.len() > 3 {
            return None;
        }
        let file = b[0].checked_sub(b'a')?;
        let rank: u8 = text[1..].parse().ok()?;
        if text[1..].starts_with('0') || rank == 0 {
            return None;
        }
        Square::new(file, rank - 1)
    }

    /// Reads a point in ICCS coordinates (`e0` .. `i9`, either case).
    pub fn parse_iccs(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'0')?;
        Square::new(file, rank)
    }

    /// The point in ICCS coordinates (`e0`).
    pub fn iccs(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank())
    }

    /// Whether the point is in `color`'s palace.
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3 && f <= 5 && if matches!(color, Color::White) { r <= 2 } else { r >= 7 }
    }

    /// Whether the point is on `color`'s side of the river.
    pub const fn on_own_side(self, color: Color) -> bool {
        if matches!(color, Color::White) { self.rank() <= 4 } else { self.rank() >= 5 }
    }

    /// The point seen from the other side (rotated by half a turn).
    pub const fn flip(self) -> Square {
        Square(89 - self.0)
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

/// The kind of a Xiangqi piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// General (king): one point orthogonally inside the palace.
    General = 1,
    /// Advisor: one point diagonally inside the palace.
    Advisor = 2,
    /// Elephant: two points diagonally, not across the river, blocked at the eye.
    Elephant = 3,
    /// Horse: one point straight then one diagonally outward, blocked at the leg.
    Horse = 4,
    /// Chariot: any distance orthogonally.
    Chariot = 5,
    /// Cannon: moves like a chariot, captures by jumping exactly one screen.
    Cannon = 6,
    /// Soldier: forward, and sideways once across the river.
    Soldier = 7,
}

impl Role {
    /// Every role, general first.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Role {
        match code & 7 {
            1 => Role::General,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Chariot,
            6 => Role::Cannon,
            _ => Role::Soldier,
        }
    }

    /// The FEN letter in lower case (Fairy-Stockfish's letters: `k a b n r c p`).
    pub const fn char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// The WXF letter (`K A E H R C P`).
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Reads a FEN letter (either case; `e`/`h` accepted for elephant/horse).
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// The most pieces of this role one side has at the start.
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

/// A piece: a role and a color.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Color,
    /// What it is.
    pub role: Role,
}

impl Piece {
    /// Packs the piece into its board code (role in the low bits, 8 for Black).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self.role as u8 | if matches!(self.color, Color::Black) { 8 } else { 0 }
    }

    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        Piece {
            color: if code & 8 != 0 { Color::Black } else { Color::White },
            role: Role::from_code(code),
        }
    }

    /// The FEN letter: upper case for Red.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    /// Reads a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece { color, role })
    }
}

/// A move from one point to another (a capture if an enemy piece stands on `to`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Reads Fairy-Stockfish's coordinate text (`h3e3`, `b10c8`), without checking that the
    /// move is legal anywhere.
    pub fn parse_coordinate(text: &str) -> Option<Move> {
        let t = text.trim();
        if !t.is_ascii() || t.len() < 4 || t.len() > 6 {
            return None;
        }
        // The destination starts at the second letter.
        let split = t[1..].find(|c: char| c.is_ascii_lowercase())? + 1;
        Some(Move::new(Square::parse(&t[..split])?, Square::parse(&t[split..])?))
    }

    /// Reads ICCS/UCCI coordinates (`h2e2`, `H2-E2`), without checking that the move is legal
    /// anywhere.
    pub fn parse_iccs(text: &str) -> Option<Move> {
        let cleaned: String = text.trim().chars().filter(|&c| c != '-').collect();
        if cleaned.len() != 4 || !cleaned.is_ascii() {
            return None;
        }
        Some(Move::new(Square::parse_iccs(&cleaned[..2])?, Square::parse_iccs(&cleaned[2..])?))
    }

    /// The move in ICCS/UCCI coordinates (`h2e2`: ranks counted from 0).
    pub fn iccs(self) -> String {
        format!("{}{}", self.from.iccs(), self.to.iccs())
    }
}

impl fmt::Display for Move {
    /// Fairy-Stockfish's coordinate text: `h3e3`, `b10c8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
