//! Precomputed move and attack tables for the 9 x 10 board, built at compile time.

use crate::random::splitmix64;

/// A set of points: bit `i` is the point with index `i`.
pub(crate) type Bb = u128;

pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK_BIT: u8 = 8;

pub(crate) const GENERAL: u8 = 1;
pub(crate) const ADVISOR: u8 = 2;
pub(crate) const ELEPHANT: u8 = 3;
pub(crate) const HORSE: u8 = 4;
pub(crate) const CHARIOT: u8 = 5;
pub(crate) const CANNON: u8 = 6;
pub(crate) const SOLDIER: u8 = 7;

/// Directions of the line tables: north (towards rank 10), south, east, west. The first two
/// are the file directions.
pub(crate) const SOUTH: usize = 1;

/// A short list of points with its length, for per-point move tables.
#[derive(Clone, Copy)]
pub(crate) struct SqList<const N: usize> {
    pub(crate) sq: [u8; N],
    pub(crate) len: u8,
}

impl<const N: usize> SqList<N> {
    const EMPTY: Self = SqList { sq: [0; N], len: 0 };

    const fn push(mut self, s: u8) -> Self {
        self.sq[self.len as usize] = s;
        self.len += 1;
        self
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.sq[..self.len as usize]
    }
}

/// A short list of (blocking point, target point) pairs: a horse's leg or an elephant's eye
/// with the point it reaches.
#[derive(Clone, Copy)]
pub(crate) struct PairList<const N: usize> {
    pub(crate) pairs: [(u8, u8); N],
    pub(crate) len: u8,
}

impl<const N: usize> PairList<N> {
    const EMPTY: Self = PairList { pairs: [(0, 0); N], len: 0 };

    const fn push(mut self, block: u8, target: u8) -> Self {
        self.pairs[self.len as usize] = (block, target);
        self.len += 1;
        self
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[(u8, u8)] {
        &self.pairs[..self.len as usize]
    }
}

pub(crate) struct Tables {
    /// Points along each of the four lines from a point, nearest first.
    pub(crate) rays: [[SqList<9>; 4]; 90],
    /// General steps inside the palace the point belongs to.
    pub(crate) general: [SqList<4>; 90],
    /// Advisor steps inside the palace the point belongs to.
    pub(crate) advisor_palace: [SqList<4>; 90],
    /// Advisor steps anywhere (Jieqi's revealed advisors).
    pub(crate) advisor_free: [SqList<4>; 90],
    /// Elephant (eye, target) pairs staying on the point's side of the river.
    pub(crate) elephant_side: [PairList<4>; 90],
    /// Elephant (eye, target) pairs anywhere (Jieqi's revealed elephants). Symmetric, so it
    /// also lists (eye, origin) of elephants attacking the point.
    pub(crate) elephant_free: [PairList<4>; 90],
    /// Horse (leg, target) pairs.
    pub(crate) horse: [PairList<8>; 90],
    /// (leg, origin) pairs of horses that attack the point.
    pub(crate) horse_attackers: [PairList<8>; 90],
    /// Soldier steps by color.
    pub(crate) soldier: [[SqList<3>; 90]; 2],
    /// The point's rank and file, without the point.
    pub(crate) lines: [Bb; 90],
    /// The four diagonal neighbours.
    pub(crate) diagonal: [Bb; 90],
    /// The four orthogonal neighbours.
    pub(crate) orthogonal: [Bb; 90],
    /// Points whose vacating can expose a general on the point: its lines and diagonal
    /// neighbours (horse legs, elephant eyes).
    pub(crate) exposing: [Bb; 90],
    /// Each side's palace.
    pub(crate) palace: [Bb; 2],
    /// Each side's half of the board.
    pub(crate) half: [Bb; 2],
    /// Zobrist keys by piece code and point.
    pub(crate) zobrist: [[u64; 90]; 16],
    /// Zobrist key of Black to move.
    pub(crate) zobrist_black: u64,
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn idx(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

const fn in_palace_any(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

const fn same_palace(r1: i32, r2: i32) -> bool {
    (r1 <= 2 && r2 <= 2) || (r1 >= 7 && r2 >= 7)
}

const fn same_half(r1: i32, r2: i32) -> bool {
    (r1 <= 4) == (r2 <= 4)
}

const fn bit(s: u8) -> Bb {
    1u128 << s
}

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// Horse jumps as (leg offset, target offset).
const HORSE_JUMPS: [((i32, i32), (i32, i32)); 8] = [
    ((0, 1), (1, 2)),
    ((0, 1), (-1, 2)),
    ((0, -1), (1, -2)),
    ((0, -1), (-1, -2)),
    ((1, 0), (2, 1)),
    ((1, 0), (2, -1)),
    ((-1, 0), (-2, 1)),
    ((-1, 0), (-2, -1)),
];

const fn build() -> Tables {
    let mut t = Tables {
        rays: [[SqList::EMPTY; 4]; 90],
        general: [SqList::EMPTY; 90],
        advisor_palace: [SqList::EMPTY; 90],
        advisor_free: [SqList::EMPTY; 90],
        elephant_side: [PairList::EMPTY; 90],
        elephant_free: [PairList::EMPTY; 90],
        horse: [PairList::EMPTY; 90],
        horse_attackers: [PairList::EMPTY; 90],
        soldier: [[SqList::EMPTY; 90]; 2],
        lines: [0; 90],
        diagonal: [0; 90],
        orthogonal: [0; 90],
        exposing: [0; 90],
        palace: [0; 2],
        half: [0; 2],
        zobrist: [[0; 90]; 16],
        zobrist_black: 0,
    };
    let mut r = 0;
    while r < 10 {
        let mut f = 0;
        while f < 9 {
            let s = idx(f, r) as usize;
            if in_palace_any(f, r) {
                if r <= 2 {
                    t.palace[0] |= bit(s as u8);
                } else {
                    t.palace[1] |= bit(s as u8);
                }
            }
            if r <= 4 {
                t.half[0] |= bit(s as u8);
            } else {
                t.half[1] |= bit(s as u8);
            }
            // Lines.
            let mut d = 0;
            while d < 4 {
                let (df, dr) = DIRS[d];
                let (mut nf, mut nr) = (f + df, r + dr);
                while on_board(nf, nr) {
                    t.rays[s][d] = t.rays[s][d].push(idx(nf, nr));
                    t.lines[s] |= bit(idx(nf, nr));
                    nf += df;
                    nr += dr;
                }
                let (nf, nr) = (f + df, r + dr);
                if on_board(nf, nr) {
                    t.orthogonal[s] |= bit(idx(nf, nr));
                    if in_palace_any(f, r) && in_palace_any(nf, nr) && same_palace(r, nr) {
                        t.general[s] = t.general[s].push(idx(nf, nr));
                    }
                }
                d += 1;
            }
            // Diagonals: advisors and elephants.
            let mut d = 0;
            while d < 4 {
                let (df, dr) = DIAGS[d];
                let (nf, nr) = (f + df, r + dr);
                if on_board(nf, nr) {
                    t.diagonal[s] |= bit(idx(nf, nr));
                    t.advisor_free[s] = t.advisor_free[s].push(idx(nf, nr));
                    if in_palace_any(f, r) && in_palace_any(nf, nr) && same_palace(r, nr) {
                        t.advisor_palace[s] = t.advisor_palace[s].push(idx(nf, nr));
                    }
                    let (ef, er) = (f + 2 * df, r + 2 * dr);
                    if on_board(ef, er) {
                        t.elephant_free[s] = t.elephant_free[s].push(idx(nf, nr), idx(ef, er));
                        if same_half(r, er) {
                            t.elephant_side[s] = t.elephant_side[s].push(idx(nf, nr), idx(ef, er));
                        }
                    }
                }
                d += 1;
            }
            // Horses.
            let mut j = 0;
            while j < 8 {
                let ((lf, lr), (tf, tr)) = HORSE_JUMPS[j];
                if on_board(f + tf, r + tr) {
                    t.horse[s] = t.horse[s].push(idx(f + lf, r + lr), idx(f + tf, r + tr));
                    // The horse on the target attacks this point through its own leg, which
                    // is next to the target.
                    let (of, or) = (f + tf, r + tr);
                    let (bf, br) = (of - lf, or - lr);
                    t.horse_attackers[s] = t.horse_attackers[s].push(idx(bf, br), idx(of, or));
                }
                j += 1;
            }
            // Soldiers: Red (index 0) moves north, Black south.
            let mut c = 0;
            while c < 2 {
                let fwd = if c == 0 { 1 } else { -1 };
                let crossed = if c == 0 { r >= 5 } else { r <= 4 };
                if on_board(f, r + fwd) {
                    t.soldier[c][s] = t.soldier[c][s].push(idx(f, r + fwd));
                }
                if crossed {
                    if on_board(f - 1, r) {
                        t.soldier[c][s] = t.soldier[c][s].push(idx(f - 1, r));
                    }
                    if on_board(f + 1, r) {
                        t.soldier[c][s] = t.soldier[c][s].push(idx(f + 1, r));
                    }
                }
                c += 1;
            }
            t.exposing[s] = t.lines[s] | t.diagonal[s];
            f += 1;
        }
        r += 1;
    }
    let mut state = 0x005E_ED0F_2026_u64;
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < 90 {
            t.zobrist[p][s] = splitmix64(&mut state);
            s += 1;
        }
        p += 1;
    }
    t.zobrist_black = splitmix64(&mut state);
    t
}

pub(crate) static TABLES: Tables = build();

#[inline]
pub(crate) const fn sq_bit(s: u8) -> Bb {
    1u128 << s
}
