//! The board shared by Xiangqi and Jieqi: piece placement, move generation and attack
//! detection. Jieqi keeps its face-down pieces here as the piece of their point, and marks
//! revealed advisors and elephants as free of palace and river.

use super::tables::*;
use crate::Color;
use crate::bits::Bits;
use crate::xiangqi::{Move, Piece, Square};

/// Most moves a side can have; comfortably above the largest known counts (about 120).
pub(crate) const MAX_MOVES: usize = 192;

/// A fixed-capacity list of moves, kept on the stack by the generator.
#[derive(Clone)]
pub(crate) struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    #[inline]
    pub(crate) fn new() -> MoveList {
        MoveList { moves: [Move::new(Square::from_u8(0), Square::from_u8(0)); MAX_MOVES], len: 0 }
    }

    #[inline]
    fn push(&mut self, from: u8, to: u8) {
        // The capacity exceeds any reachable count; the check keeps a corrupt board from
        // writing out of bounds.
        if self.len < MAX_MOVES {
            self.moves[self.len] = Move::new(Square::from_u8(from), Square::from_u8(to));
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        self.len = len;
    }
}

/// Pieces on the 90 points, with per-side occupancy and both generals' points.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Board {
    /// Piece code per point (0 = empty).
    pub(crate) squares: [u8; 90],
    /// Points occupied by each side.
    pub(crate) occ: [Bb; 2],
    /// Each side's general (a validated board has exactly one per side).
    pub(crate) generals: [u8; 2],
    /// Points of advisors and elephants that are free of palace and river (Jieqi).
    pub(crate) free: Bb,
    /// Zobrist hash of the placement.
    pub(crate) hash: u64,
}

#[inline]
const fn color_index(code: u8) -> usize {
    (code >> 3) as usize
}

#[inline]
const fn code_of(color: Color, role: u8) -> u8 {
    role | if matches!(color, Color::Black) { BLACK_BIT } else { 0 }
}

impl Board {
    pub(crate) fn empty() -> Board {
        Board { squares: [EMPTY; 90], occ: [0; 2], generals: [0; 2], free: 0, hash: 0 }
    }

    /// Puts a piece on an empty point.
    pub(crate) fn put(&mut self, s: Square, piece: Piece) {
        let code = piece.code();
        let i = s.u8();
        debug_assert_eq!(self.squares[i as usize], EMPTY);
        self.squares[i as usize] = code;
        self.occ[piece.color.index()] |= sq_bit(i);
        self.hash ^= TABLES.zobrist[code as usize][i as usize];
        if code & 7 == GENERAL {
            self.generals[piece.color.index()] = i;
        }
    }

    /// Removes whatever stands on a point.
    pub(crate) fn clear(&mut self, s: Square) -> Option<Piece> {
        let i = s.u8();
        let code = self.squares[i as usize];
        if code == EMPTY {
            return None;
        }
        self.squares[i as usize] = EMPTY;
        self.occ[color_index(code)] &= !sq_bit(i);
        self.free &= !sq_bit(i);
        self.hash ^= TABLES.zobrist[code as usize][i as usize];
        Some(Piece::from_code(code))
    }

    #[inline]
    pub(crate) fn piece_at(&self, s: Square) -> Option<Piece> {
        let code = self.squares[s.index()];
        (code != EMPTY).then(|| Piece::from_code(code))
    }

    #[inline]
    pub(crate) fn occupied(&self) -> Bb {
        self.occ[0] | self.occ[1]
    }

    /// Moves the piece on `m.from` to `m.to`; returns the captured code (0 if none).
    #[inline]
    pub(crate) fn make(&mut self, m: Move) -> u8 {
        let (from, to) = (m.from.u8(), m.to.u8());
        let code = self.squares[from as usize];
        let captured = self.squares[to as usize];
        let z = &TABLES.zobrist;
        if captured != EMPTY {
            self.occ[color_index(captured)] &= !sq_bit(to);
            self.hash ^= z[captured as usize][to as usize];
        }
        let c = color_index(code);
        self.squares[to as usize] = code;
        self.squares[from as usize] = EMPTY;
        self.occ[c] ^= sq_bit(from) | sq_bit(to);
        self.hash ^= z[code as usize][from as usize] ^ z[code as usize][to as usize];
        if code & 7 == GENERAL {
            self.generals[c] = to;
        }
        if self.free != 0 {
            // The moved piece keeps its mark; a captured piece's mark goes with it.
            let moved_free = self.free & sq_bit(from) != 0;
            self.free &= !(sq_bit(from) | sq_bit(to));
            if moved_free {
                self.free |= sq_bit(to);
            }
        }
        captured
    }

    /// Undoes [`Board::make`] (for boards without free pieces on the captured point; Jieqi
    /// restores those itself).
    #[inline]
    pub(crate) fn unmake(&mut self, m: Move, captured: u8) {
        let (from, to) = (m.from.u8(), m.to.u8());
        let code = self.squares[to as usize];
        let c = color_index(code);
        let z = &TABLES.zobrist;
        self.squares[from as usize] = code;
        self.squares[to as usize] = captured;
        self.occ[c] ^= sq_bit(from) | sq_bit(to);
        self.hash ^= z[code as usize][from as usize] ^ z[code as usize][to as usize];
        if captured != EMPTY {
            self.occ[color_index(captured)] |= sq_bit(to);
            self.hash ^= z[captured as usize][to as usize];
        }
        if code & 7 == GENERAL {
            self.generals[c] = from;
        }
        if self.free & sq_bit(to) != 0 {
            self.free ^= sq_bit(from) | sq_bit(to);
        }
    }

    /// Whether `color`'s pieces attack point `s`. With `general_target`, the enemy general
    /// on the same file with nothing between also counts (the flying-general rule), and
    /// advisors, elephants and the general are only looked at when some piece is free of
    /// palace and river (they can never reach the other general otherwise).
    #[inline]
    pub(crate) fn attacked_by(&self, s: u8, by: Color, general_target: bool) -> bool {
        let sq = &self.squares;
        let chariot = code_of(by, CHARIOT);
        let cannon = code_of(by, CANNON);
        let general = code_of(by, GENERAL);
        let t = &TABLES;
        let rays = &t.rays[s as usize];
        for (d, ray) in rays.iter().enumerate() {
            let ray = ray.as_slice();
            let mut i = 0;
            while i < ray.len() && sq[ray[i] as usize] == EMPTY {
                i += 1;
            }
            if i == ray.len() {
                continue;
            }
            let p = sq[ray[i] as usize];
            if p == chariot || (general_target && p == general && d <= SOUTH) {
                return true;
            }
            i += 1;
            while i < ray.len() && sq[ray[i] as usize] == EMPTY {
                i += 1;
            }
            if i < ray.len() && sq[ray[i] as usize] == cannon {
                return true;
            }
        }
        let horse = code_of(by, HORSE);
        for &(leg, from) in t.horse_attackers[s as usize].as_slice() {
            if sq[from as usize] == horse && sq[leg as usize] == EMPTY {
                return true;
            }
        }
        let soldier = code_of(by, SOLDIER);
        let (file, rank) = (s % 9, s / 9);
        match by {
            Color::White => {
                if rank >= 1 && sq[s as usize - 9] == soldier {
                    return true;
                }
                if rank >= 5
                    && ((file >= 1 && sq[s as usize - 1] == soldier)
                        || (file <= 7 && sq[s as usize + 1] == soldier))
                {
                    return true;
                }
            }
            Color::Black => {
                if rank <= 8 && sq[s as usize + 9] == soldier {
                    return true;
                }
                if rank <= 4
                    && ((file >= 1 && sq[s as usize - 1] == soldier)
                        || (file <= 7 && sq[s as usize + 1] == soldier))
                {
                    return true;
                }
            }
        }
        if general_target && self.free == 0 {
            return false;
        }
        self.attacked_by_short_range(s, by)
    }

    /// Attacks by generals, advisors and elephants, respecting palace and river unless the
    /// piece is free.
    fn attacked_by_short_range(&self, s: u8, by: Color) -> bool {
        let sq = &self.squares;
        let t = &TABLES;
        let target = sq_bit(s);
        let in_palace = t.palace[by.index()] & target != 0;
        let on_half = t.half[by.index()] & target != 0;
        let general = code_of(by, GENERAL);
        if in_palace {
            for n in Bits(t.orthogonal[s as usize]) {
                if sq[n as usize] == general {
                    return true;
                }
            }
        }
        let advisor = code_of(by, ADVISOR);
        for n in Bits(t.diagonal[s as usize]) {
            if sq[n as usize] == advisor && (in_palace || self.free & sq_bit(n) != 0) {
                return true;
            }
        }
        let elephant = code_of(by, ELEPHANT);
        for &(eye, from) in t.elephant_free[s as usize].as_slice() {
            if sq[from as usize] == elephant
                && sq[eye as usize] == EMPTY
                && (on_half || self.free & sq_bit(from) != 0)
            {
                return true;
            }
        }
        false
    }

    /// Whether `color`'s general is attacked (flying general included).
    #[inline]
    pub(crate) fn in_check(&self, color: Color) -> bool {
        self.attacked_by(self.generals[color.index()], !color, true)
    }

    /// Appends the pseudo-legal moves of `us` (moves that may leave its general attacked).
    pub(crate) fn pseudo_moves(&self, us: Color, out: &mut MoveList) {
        let sq = &self.squares;
        let t = &TABLES;
        let own = self.occ[us.index()];
        let occupied = self.occupied();
        let not_own = |s: u8| own & sq_bit(s) == 0;
        for from in Bits(own) {
            let code = sq[from as usize];
            let f = from as usize;
            match code & 7 {
                GENERAL => {
                    for &to in t.general[f].as_slice() {
                        if not_own(to) {
                            out.push(from, to);
                        }
                    }
                }
                ADVISOR => {
                    let steps = if self.free & sq_bit(from) != 0 {
                        &t.advisor_free[f]
                    } else {
                        &t.advisor_palace[f]
                    };
                    for &to in steps.as_slice() {
                        if not_own(to) {
                            out.push(from, to);
                        }
                    }
                }
                ELEPHANT => {
                    let steps = if self.free & sq_bit(from) != 0 {
                        &t.elephant_free[f]
                    } else {
                        &t.elephant_side[f]
                    };
                    for &(eye, to) in steps.as_slice() {
                        if occupied & sq_bit(eye) == 0 && not_own(to) {
                            out.push(from, to);
                        }
                    }
                }
                HORSE => {
                    for &(leg, to) in t.horse[f].as_slice() {
                        if occupied & sq_bit(leg) == 0 && not_own(to) {
                            out.push(from, to);
                        }
                    }
                }
                CHARIOT => {
                    for ray in &t.rays[f] {
                        for &to in ray.as_slice() {
                            if occupied & sq_bit(to) == 0 {
                                out.push(from, to);
                            } else {
                                if not_own(to) {
                                    out.push(from, to);
                                }
                                break;
                            }
                        }
                    }
                }
                CANNON => {
                    for ray in &t.rays[f] {
                        let ray = ray.as_slice();
                        let mut i = 0;
                        while i < ray.len() && occupied & sq_bit(ray[i]) == 0 {
                            out.push(from, ray[i]);
                            i += 1;
                        }
                        i += 1;
                        while i < ray.len() {
                            let to = ray[i];
                            if occupied & sq_bit(to) != 0 {
                                if not_own(to) {
                                    out.push(from, to);
                                }
                                break;
                            }
                            i += 1;
                        }
                    }
                }
                _ => {
                    for &to in t.soldier[us.index()][f].as_slice() {
                        if not_own(to) {
                            out.push(from, to);
                        }
                    }
                }
            }
        }
    }

    /// Whether the pseudo-legal move `m` of `us` leaves its general safe. Only the point
    /// array changes while testing, and it is restored.
    #[inline]
    fn is_safe(&mut self, us: Color, m: Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        let moving = self.squares[from];
        let captured = self.squares[to];
        self.squares[to] = moving;
        self.squares[from] = EMPTY;
        let general = if moving & 7 == GENERAL { to as u8 } else { self.generals[us.index()] };
        let free_saved = self.free;
        if self.free != 0 {
            self.free &= !sq_bit(to as u8);
            if free_saved & sq_bit(from as u8) != 0 {
                self.free = (self.free & !sq_bit(from as u8)) | sq_bit(to as u8);
            }
        }
        let safe = !self.attacked_by(general, !us, true);
        self.free = free_saved;
        self.squares[from] = moving;
        self.squares[to] = captured;
        safe
    }

    /// Appends the legal moves of `us`. Most moves cannot expose the general (they neither
    /// leave a line or diagonal neighbour of it nor land on its lines), so only the others
    /// are tried on the board.
    pub(crate) fn legal_moves(&mut self, us: Color, out: &mut MoveList) {
        let start = out.len();
        self.pseudo_moves(us, out);
        let general = self.generals[us.index()];
        let in_check = self.in_check(us);
        let exposing = TABLES.exposing[general as usize];
        let lines = TABLES.lines[general as usize];
        let mut kept = start;
        for i in start..out.len() {
            let m = out.moves[i];
            let needs_test = in_check
                || m.from.u8() == general
                || exposing & sq_bit(m.from.u8()) != 0
                || lines & sq_bit(m.to.u8()) != 0;
            if !needs_test || self.is_safe(us, m) {
                out.moves[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Whether `us` has any legal move.
    pub(crate) fn has_legal_move(&mut self, us: Color) -> bool {
        let mut list = MoveList::new();
        self.pseudo_moves(us, &mut list);
        list.as_slice().iter().any(|&m| self.is_safe(us, m))
    }

    /// Number of leaf nodes `depth` plies below, `us` to move.
    pub(crate) fn perft(&mut self, us: Color, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.legal_moves(us, &mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        let mut nodes = 0;
        for &m in list.as_slice() {
            let captured = self.make(m);
            nodes += self.perft(!us, depth - 1);
            self.unmake(m, captured);
        }
        nodes
    }
}
