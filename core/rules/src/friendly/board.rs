//! The board: two layers of pieces (White's and Black's) over 64 squares, as bitboards for
//! move generation and a mailbox for lookups, with an incremental Zobrist hash. A square
//! holding a piece in both layers is a bond.

use super::types::{Cell, Role, Square};
use crate::Color;
use crate::bits::Bits;
use crate::random::splitmix64;

/// A set of squares: bit `i` is the square with index `i`.
pub(crate) type Bb = u64;

/// The squares of a set, lowest index first.
#[inline]
pub(crate) fn squares(set: Bb) -> impl Iterator<Item = Square> {
    Bits(set).map(Square::from_u8)
}

/// Directions as (file step, rank step); the first four grow the square index.
const DIRS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];

const fn offset(s: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (s % 8) as i8 + df;
    let r = (s / 8) as i8 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 { Some((r * 8 + f) as usize) } else { None }
}

const fn leaper_table(steps: &[(i8, i8)]) -> [Bb; 64] {
    let mut t = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = offset(s, steps[i].0, steps[i].1) {
                t[s] |= 1 << to;
            }
            i += 1;
        }
        s += 1;
    }
    t
}

const fn ray_table() -> [[Bb; 64]; 8] {
    let mut t = [[0u64; 64]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 64 {
            let mut cur = s;
            while let Some(next) = offset(cur, DIRS[d].0, DIRS[d].1) {
                t[d][s] |= 1 << next;
                cur = next;
            }
            s += 1;
        }
        d += 1;
    }
    t
}

pub(crate) static KNIGHT: [Bb; 64] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
pub(crate) static KING: [Bb; 64] =
    leaper_table(&[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]);
/// Squares a pawn of each color steps to diagonally.
pub(crate) static PAWN_DIAG: [[Bb; 64]; 2] =
    [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];
static RAYS: [[Bb; 64]; 8] = ray_table();

/// The squares a slider reaches along direction `d` from `s` with `occ` blocking: every empty
/// square up to and including the first occupied one.
#[inline]
fn ray_attacks(d: usize, s: usize, occ: Bb) -> Bb {
    let ray = RAYS[d][s];
    let blockers = ray & occ;
    if blockers == 0 {
        return ray;
    }
    let first = if d < 4 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
    ray ^ RAYS[d][first as usize]
}

#[inline]
pub(crate) fn rook_attacks(s: Square, occ: Bb) -> Bb {
    let s = s.index();
    ray_attacks(0, s, occ)
        | ray_attacks(1, s, occ)
        | ray_attacks(4, s, occ)
        | ray_attacks(5, s, occ)
}

#[inline]
pub(crate) fn bishop_attacks(s: Square, occ: Bb) -> Bb {
    let s = s.index();
    ray_attacks(2, s, occ)
        | ray_attacks(3, s, occ)
        | ray_attacks(6, s, occ)
        | ray_attacks(7, s, occ)
}

/// The squares a piece of `role` (not a pawn) reaches from `s`, sliders stopping at the first
/// occupied square (which is included).
#[inline]
pub(crate) fn attacks(role: Role, s: Square, occ: Bb) -> Bb {
    match role {
        Role::Knight => KNIGHT[s.index()],
        Role::Bishop => bishop_attacks(s, occ),
        Role::Rook => rook_attacks(s, occ),
        Role::Queen => rook_attacks(s, occ) | bishop_attacks(s, occ),
        Role::King => KING[s.index()],
        // Pawns move by their own rules; callers never ask.
        Role::Pawn => 0,
    }
}

/// Zobrist keys, fixed at compile time (splitmix64), so hashes are stable across runs.
pub(crate) struct Zobrist {
    pub(crate) piece: [[[u64; 64]; 6]; 2],
    pub(crate) black_to_move: u64,
    pub(crate) castling: [u64; 16],
    pub(crate) ep: [u64; 64],
    pub(crate) owed: [u64; 64],
    /// A piece released in a chain, hovering over a square (chain states only).
    pub(crate) hand: [[u64; 64]; 6],
    /// The en passant step is still open inside a chain (chain states only).
    pub(crate) ep_live: u64,
}

const fn zobrist() -> Zobrist {
    let mut st = 0x5EED_F12E_4D1E_C0DEu64;
    let mut z = Zobrist {
        piece: [[[0; 64]; 6]; 2],
        black_to_move: 0,
        castling: [0; 16],
        ep: [0; 64],
        owed: [0; 64],
        hand: [[0; 64]; 6],
        ep_live: 0,
    };
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                z.piece[c][r][s] = splitmix64(&mut st);
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    z.black_to_move = splitmix64(&mut st);
    let mut i = 1;
    while i < 16 {
        z.castling[i] = splitmix64(&mut st);
        i += 1;
    }
    let mut s = 0;
    while s < 64 {
        z.ep[s] = splitmix64(&mut st);
        z.owed[s] = splitmix64(&mut st);
        let mut r = 0;
        while r < 6 {
            z.hand[r][s] = splitmix64(&mut st);
            r += 1;
        }
        s += 1;
    }
    z.ep_live = splitmix64(&mut st);
    z
}

pub(crate) static ZOBRIST: Zobrist = zobrist();

/// Both layers of pieces. `cells` holds, per square, White's role code in the low nibble and
/// Black's in the high nibble (0 = none, role index + 1 otherwise).
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) by_role: [[Bb; 6]; 2],
    pub(crate) by_color: [Bb; 2],
    pub(crate) cells: [u8; 64],
    pub(crate) hash: u64,
}

impl Board {
    pub(crate) fn empty() -> Board {
        Board { by_role: [[0; 6]; 2], by_color: [0; 2], cells: [0; 64], hash: 0 }
    }

    /// `color`'s piece on `s`, if any.
    #[inline]
    pub(crate) fn role_at(&self, color: Color, s: Square) -> Option<Role> {
        let code = (self.cells[s.index()] >> (4 * color as u8)) & 15;
        if code == 0 { None } else { Some(Role::from_index(code as usize - 1)) }
    }

    /// The content of `s`.
    #[inline]
    pub(crate) fn cell(&self, s: Square) -> Cell {
        Cell { white: self.role_at(Color::White, s), black: self.role_at(Color::Black, s) }
    }

    /// Puts a piece of `color` on `s`, whose `color` layer must be empty.
    #[inline]
    pub(crate) fn put(&mut self, color: Color, role: Role, s: Square) {
        debug_assert!(self.role_at(color, s).is_none());
        let c = color as usize;
        self.by_role[c][role as usize] |= s.bit();
        self.by_color[c] |= s.bit();
        self.cells[s.index()] |= (role as u8 + 1) << (4 * c);
        self.hash ^= ZOBRIST.piece[c][role as usize][s.index()];
    }

    /// Takes `color`'s piece off `s` and returns it.
    #[inline]
    pub(crate) fn take(&mut self, color: Color, s: Square) -> Option<Role> {
        let role = self.role_at(color, s)?;
        let c = color as usize;
        self.by_role[c][role as usize] &= !s.bit();
        self.by_color[c] &= !s.bit();
        self.cells[s.index()] &= !(15 << (4 * c));
        self.hash ^= ZOBRIST.piece[c][role as usize][s.index()];
        Some(role)
    }

    #[inline]
    pub(crate) fn occupied(&self) -> Bb {
        self.by_color[0] | self.by_color[1]
    }

    #[inline]
    pub(crate) fn bonds(&self) -> Bb {
        self.by_color[0] & self.by_color[1]
    }

    /// Squares where `color` stands alone.
    #[inline]
    pub(crate) fn singles(&self, color: Color) -> Bb {
        self.by_color[color as usize] & !self.by_color[!color as usize]
    }

    #[inline]
    pub(crate) fn pieces(&self, color: Color, role: Role) -> Bb {
        self.by_role[color as usize][role as usize]
    }

    /// `color`'s king, if it has one (every valid position has exactly one per side).
    #[inline]
    pub(crate) fn king(&self, color: Color) -> Option<Square> {
        squares(self.pieces(color, Role::King)).next()
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let cells: Vec<String> = squares(self.occupied())
            .map(|s| {
                let c = self.cell(s);
                let w = c.white.map_or(String::new(), |r| r.upper_char().to_string());
                let b = c.black.map_or(String::new(), |r| r.char().to_string());
                format!("{s}:{w}{b}")
            })
            .collect();
        write!(f, "Board[{}]", cells.join(" "))
    }
}

/// Mirrors a set of squares at the a1-h8 diagonal: square (file, rank) goes to (rank, file).
#[inline]
pub(crate) const fn flip_diagonal(mut x: Bb) -> Bb {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The squares of a set in the order of their names (a1, a2, ..., a8, b1, ...), which is the
/// order of move texts.
#[inline]
pub(crate) fn squares_by_name(set: Bb) -> impl Iterator<Item = Square> {
    // Bit `file * 8 + rank` of the mirrored set is the square (file, rank).
    Bits(flip_diagonal(set)).map(|i| Square::from_u8((i & 7) * 8 + (i >> 3)))
}
