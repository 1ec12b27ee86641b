//! The packed chain state of Friendly chess's move generation.
//!
//! A chain may enter bond squares again and even come back to an earlier state, so the paths
//! of a chain are unbounded; its *states* are not. While a chain goes on, nothing changes but
//! which of the mover's pieces stands in which bond (the bonds themselves stay where they
//! are; only en passant moves one, once), so a chain state packs into 64 bits: the mover's
//! piece in each bond, the released piece and its bond, whether en passant is still open, and
//! the castling rights. [`ChainCtx`] holds what the states of one starting piece share and
//! turns a state back into a cursor.

use super::board::{Bb, Board, squares};
use super::cursor::{Cursor, Hand};
use super::types::{Castling, Role, Square};
use crate::Color;

// Layout of a packed chain state: three bits per bond for the mover's piece in it (at most
// fifteen bonds: each side has at most fifteen pieces besides its king), then the released
// piece, the bond it hovers over, the open en passant step and the castling rights.
/// The first bit of the released piece's role (three bits).
pub(crate) const HAND_ROLE: u32 = 48;
/// The first bit of the index of the bond the released piece hovers over (four bits).
pub(crate) const HAND_INDEX: u32 = 51;
/// The bit set while the en passant step is still open.
pub(crate) const EP_LIVE: u32 = 55;
/// The first bit of the castling rights (four bits).
pub(crate) const CASTLING: u32 = 56;
/// The bits of the bonds' contents.
pub(crate) const ARR_MASK: u64 = (1 << 45) - 1;

/// The mover's piece in bond `j` of `state`.
#[inline]
pub(crate) fn arr_role(state: u64, j: usize) -> Role {
    Role::from_index(((state >> (3 * j)) & 7) as usize)
}

/// `state` with `role` as the mover's piece in bond `j`.
#[inline]
pub(crate) fn with_arr_role(state: u64, j: usize, role: Role) -> u64 {
    (state & !(7 << (3 * j))) | ((role as u64) << (3 * j))
}

/// `state` with a released `role` hovering over bond `j`.
#[inline]
pub(crate) fn with_hand(state: u64, role: Role, j: usize) -> u64 {
    (state & !(0x7f << HAND_ROLE)) | ((role as u64) << HAND_ROLE) | ((j as u64) << HAND_INDEX)
}

/// The en passant step open to a chain.
#[derive(Clone, Copy)]
pub(crate) struct Ep {
    /// The en passant square, where the capturing pawn lands.
    pub(crate) square: Square,
    /// The square of the pawn it captures.
    pub(crate) victim: Square,
    /// The victim's bond index, if it stands in a bond.
    pub(crate) victim_bond: Option<usize>,
}

/// What a chain from one starting piece works on: the board with the piece in hand off it,
/// and the bonds whose contents the chain permutes.
pub(crate) struct ChainCtx {
    /// The side moving.
    pub(crate) us: Color,
    /// The board as the chain starts, the starting single lifted off it.
    pub(crate) board0: Board,
    /// Occupied squares, bonds and squares with an enemy piece, as they stand and after the
    /// en passant step moved a bonded victim back.
    pub(crate) occ: [Bb; 2],
    /// The bonds, as they stand and after the en passant step.
    pub(crate) bonds: [Bb; 2],
    /// The squares with an enemy piece, as they stand and after the en passant step.
    pub(crate) them_any: [Bb; 2],
    /// The squares where the mover stands alone, which no step enters.
    pub(crate) our_singles: Bb,
    /// The enemy king's square: a step onto it wins.
    pub(crate) them_king: Bb,
    /// The square of each bond, by bond index.
    pub(crate) squares: [Square; 16],
    /// The number of bonds.
    pub(crate) nb: usize,
    /// The bond index of each square (`u8::MAX` for none); the en passant square has its
    /// bonded victim's, where the victim goes once the step is used.
    pub(crate) index: [u8; 64],
    /// The en passant step the chain may use.
    pub(crate) ep: Option<Ep>,
    /// The position's en passant square.
    pub(crate) base_ep: Option<Square>,
    /// The mover's pieces in the bonds as the chain starts (packed like a state).
    pub(crate) arr0: u64,
}

impl ChainCtx {
    /// The context of a chain started by the piece `hand` holds, lifted in `base`.
    pub(crate) fn new(base: &Cursor, hand: Hand) -> ChainCtx {
        let mut board0 = base.board.clone();
        if let (Hand::Empty, Hand::Single { from, .. }) = (base.hand, hand) {
            board0.take(base.us, from);
        }
        let us = base.us;
        let them = !us;
        let bonds = board0.bonds();
        let occ = board0.occupied();
        let them_any = board0.by_color[them as usize];
        let mut ctx = ChainCtx {
            us,
            occ: [occ; 2],
            bonds: [bonds; 2],
            them_any: [them_any; 2],
            our_singles: board0.singles(us),
            them_king: board0.pieces(them, Role::King),
            squares: [Square::from_u8(0); 16],
            nb: 0,
            index: [u8::MAX; 64],
            ep: None,
            base_ep: base.ep,
            arr0: 0,
            board0,
        };
        for s in squares(bonds).take(15) {
            let j = ctx.nb;
            ctx.squares[j] = s;
            ctx.index[s.index()] = j as u8;
            let role = ctx.board0.role_at(us, s).unwrap_or(Role::Pawn);
            ctx.arr0 = with_arr_role(ctx.arr0, j, role);
            ctx.nb += 1;
        }
        if let Some(e) = base.ep {
            let victim = match us {
                Color::White => e.index().checked_sub(8),
                Color::Black => Some(e.index() + 8),
            }
            .and_then(Square::from_index);
            if let Some(v) = victim.filter(|&v| ctx.board0.role_at(them, v) == Some(Role::Pawn)) {
                let victim_bond = (bonds & v.bit() != 0).then(|| ctx.index[v.index()] as usize);
                if let Some(j) = victim_bond {
                    let moved = v.bit() | e.bit();
                    ctx.occ[1] = occ ^ moved;
                    ctx.bonds[1] = bonds ^ moved;
                    ctx.them_any[1] = them_any ^ moved;
                    ctx.index[e.index()] = j as u8;
                }
                ctx.ep = Some(Ep { square: e, victim: v, victim_bond });
            }
        }
        ctx
    }

    /// The square of bond `j` (the bonded en passant victim moves once the step is used).
    #[inline]
    pub(crate) fn square(&self, j: usize, ep_used: bool) -> Square {
        match self.ep {
            Some(Ep { square, victim_bond: Some(vj), .. }) if ep_used && vj == j => square,
            _ => self.squares[j],
        }
    }

    /// The cursor a packed state stands for.
    pub(crate) fn cursor_of(&self, state: u64) -> Cursor {
        let ep_live = state & (1 << EP_LIVE) != 0;
        let ep_used = self.ep.is_some() && !ep_live;
        let us = self.us;
        let mut board = self.board0.clone();
        if let Some(Ep { square, victim, victim_bond: Some(_) }) = self.ep.filter(|_| ep_used) {
            for c in Color::ALL {
                if let Some(r) = board.take(c, victim) {
                    board.put(c, r, square);
                }
            }
        }
        for j in 0..self.nb {
            let s = self.square(j, ep_used);
            board.take(us, s);
            board.put(us, arr_role(state, j), s);
        }
        let hand_role = Role::from_index(((state >> HAND_ROLE) & 7) as usize);
        let hand_index = ((state >> HAND_INDEX) & 15) as usize;
        let mut cur = Cursor::bare(board, us);
        cur.castling = Castling::from_bits((state >> CASTLING) as u8);
        cur.ep = if ep_live { self.base_ep } else { None };
        cur.hand = Hand::Single {
            role: hand_role,
            from: self.square(hand_index, ep_used),
            released: true,
        };
        cur
    }
}

/// The exact key of a chain's result among the results of one origin: the bonds' contents,
/// where the last piece landed and as what, and the rest that can differ.
#[inline]
pub(crate) fn exact_key(
    arr: u64,
    to: Square,
    placed: Role,
    ep_used: bool,
    c: Castling,
    double: bool,
) -> u64 {
    arr | (to.index() as u64) << 45
        | (placed as u64) << 51
        | u64::from(ep_used) << 54
        | u64::from(c.bits()) << 55
        | u64::from(double) << 59
        | 1 << 63
}
