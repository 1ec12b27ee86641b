//! The search over the steps of a move.
//!
//! A chain may enter bond squares again and even come back to an earlier state, so the paths
//! of a chain are unbounded; its *states* are not. While a chain goes on, nothing changes but
//! which of the mover's pieces stands in which bond (the bonds themselves stay where they
//! are; only en passant moves one, once), so a chain state packs into 64 bits: the mover's
//! piece in each bond, the released piece and its bond, whether en passant is still open, and
//! the castling rights. The search is a breadth-first walk over these states, each visited
//! once per starting piece, so it terminates and stays cheap even when a position has
//! millions of distinct moves.
//!
//! Breadth first, every state and every resulting position is first reached by a shortest
//! step sequence. The walk also goes in text order: starting pieces by square name, each
//! layer's states in the order of their paths' texts, steps by destination name and then
//! promotion letter. Texts of equally long paths from one origin are never prefixes of each
//! other, so a state's (and a result's) first path is also its smallest text: the canonical
//! move text comes out without comparing strings.
//!
//! The same walk answers every question about moves through a [`Visitor`]: the distinct
//! resulting positions (move generation), whether any move exists (outcome, step-by-step
//! input), whether a king can be bonded (threat), whether the en passant step can be used.

use super::Friendly;
use super::board::{
    Bb, Board, KNIGHT, PAWN_DIAG, ZOBRIST, attacks, bishop_attacks, rook_attacks, squares,
    squares_by_name,
};
use super::cursor::{Cursor, Hand, Placed};
use super::types::{Castling, Move, Role, Square, Step};
use std::cell::RefCell;

use crate::table::{ExactMap, KeySet, NO_KEY, Table};
use crate::{Color, Position};

/// No node: a link from the first step.
pub(crate) const NONE: u32 = u32::MAX;

/// Promotion choices in the order of their text (`=B` < `=N` < `=Q` < `=R`).
const PROMOTIONS_BY_TEXT: [Option<Role>; 4] =
    [Some(Role::Bishop), Some(Role::Knight), Some(Role::Queen), Some(Role::Rook)];

// Layout of a packed chain state: three bits per bond for the mover's piece in it (at most
// fifteen bonds: each side has at most fifteen pieces besides its king), then the released
// piece, the bond it hovers over, the open en passant step and the castling rights.
const HAND_ROLE: u32 = 48;
const HAND_INDEX: u32 = 51;
const EP_LIVE: u32 = 55;
const CASTLING: u32 = 56;
const ARR_MASK: u64 = (1 << 45) - 1;

#[inline]
fn arr_role(state: u64, j: usize) -> Role {
    Role::from_index(((state >> (3 * j)) & 7) as usize)
}

#[inline]
fn with_arr_role(state: u64, j: usize, role: Role) -> u64 {
    (state & !(7 << (3 * j))) | ((role as u64) << (3 * j))
}

#[inline]
fn with_hand(state: u64, role: Role, j: usize) -> u64 {
    (state & !(0x7f << HAND_ROLE)) | ((role as u64) << HAND_ROLE) | ((j as u64) << HAND_INDEX)
}

/// A chain state reached during the search.
#[derive(Clone, Copy)]
struct Node {
    state: u64,
    /// The Zobrist hash of the board (the released piece off the board).
    hash: u64,
    parent: u32,
    step: Step,
    depth: u16,
}

/// The end of a path: the chain node its last step starts from (or [`NONE`] for a one-step
/// move), the last step, and the number of steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub(crate) node: u32,
    pub(crate) step: Step,
    pub(crate) depth: u16,
}

/// The en passant step open to a chain.
#[derive(Clone, Copy)]
struct Ep {
    square: Square,
    victim: Square,
    /// The victim's bond index, if it stands in a bond.
    victim_bond: Option<usize>,
}

/// What a chain from one starting piece works on: the board with the piece in hand off it,
/// and the bonds whose contents the chain permutes.
struct ChainCtx {
    us: Color,
    board0: Board,
    /// Occupied squares, bonds and squares with an enemy piece, as they stand and after the
    /// en passant step moved a bonded victim back.
    occ: [Bb; 2],
    bonds: [Bb; 2],
    them_any: [Bb; 2],
    our_singles: Bb,
    them_king: Bb,
    squares: [Square; 16],
    nb: usize,
    index: [u8; 64],
    ep: Option<Ep>,
    base_ep: Option<Square>,
    /// The mover's pieces in the bonds as the chain starts (packed like a state).
    arr0: u64,
}

impl ChainCtx {
    fn new(base: &Cursor, hand: Hand) -> ChainCtx {
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
    fn square(&self, j: usize, ep_used: bool) -> Square {
        match self.ep {
            Some(Ep { square, victim_bond: Some(vj), .. }) if ep_used && vj == j => square,
            _ => self.squares[j],
        }
    }

    /// The cursor a packed state stands for.
    fn cursor_of(&self, state: u64) -> Cursor {
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

/// The start of paths: an owed promotion chosen first, the moved piece's square, the cursor
/// with that piece in hand, and (once a step entered a bond) its chain context.
pub(crate) struct Origin {
    pub(crate) owed: Option<(Square, Role)>,
    pub(crate) from: Square,
    /// The cursor the piece is lifted from ([`Search::bases`]); it still holds the piece,
    /// unless its hand already is the origin's hand (a released piece).
    base: u32,
    hand: Hand,
    chain: Option<Box<ChainCtx>>,
}

/// How a move was completed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Finish {
    /// Where the last piece landed, and as what.
    pub(crate) to: Square,
    pub(crate) placed: Role,
    /// The castling rights after the move.
    pub(crate) castling: Castling,
    /// The Zobrist hash of the resulting board, when the walk knows it (inside chains).
    pub(crate) hash: Option<u64>,
    /// A key naming the resulting position exactly among the results of pieces starting
    /// from the same square (for pieces that could start a chain).
    pub(crate) exact: Option<u64>,
    pub(crate) win: bool,
    /// The last step was a pawn's double step (the position's en passant square depends on
    /// whether the opponent can use it).
    pub(crate) double: bool,
    pub(crate) ep_used: bool,
}

/// What the search reports to.
pub(crate) trait Visitor {
    /// Only singles other than the king can bond a king: threat detection skips the rest.
    const ONLY_SINGLES: bool = false;

    /// A completed move from origin `origin`. Returns `true` to stop the search.
    fn end(&mut self, search: &Search, origin: u32, finish: Finish, link: Link) -> bool;

    /// Paths of this many steps or more are of no interest any more.
    fn depth_limit(&self) -> u16 {
        u16::MAX
    }
}

/// The search's working memory.
#[derive(Default)]
pub(crate) struct Search {
    spare: Spare,
    bases: Vec<Cursor>,
    nodes: Vec<Node>,
    visited: KeySet,
    origins: Vec<Origin>,
    pending: Vec<(u64, u64, Link)>,
}

#[inline]
fn ahead(s: Square, color: Color) -> Option<Square> {
    match color {
        Color::White => Square::from_index(s.index() + 8),
        Color::Black => s.index().checked_sub(8).and_then(Square::from_index),
    }
}

impl Search {
    /// The origin with index `o`.
    pub(crate) fn origin(&self, o: u32) -> &Origin {
        &self.origins[o as usize]
    }

    /// Every step of the path ending at `link`, first step first, into `steps`.
    fn path_into(&self, link: Link, steps: &mut Vec<Step>) {
        steps.clear();
        steps.push(link.step);
        let mut n = link.node;
        while n != NONE {
            let node = &self.nodes[n as usize];
            steps.push(node.step);
            n = node.parent;
        }
        steps.reverse();
    }

    /// The move the path from origin `o` ending at `link` spells (`buf` is scratch space).
    fn to_move_with(&self, o: u32, link: Link, buf: &mut Vec<Step>) -> Move {
        let origin = self.origin(o);
        if link.node == NONE {
            return Move::new(origin.owed, origin.from, &[link.step]);
        }
        self.path_into(link, buf);
        Move::new(origin.owed, origin.from, buf)
    }

    /// The move the path from origin `o` ending at `link` spells.
    pub(crate) fn to_move(&self, o: u32, link: Link) -> Move {
        self.to_move_with(o, link, &mut Vec::new())
    }

    /// The position of `pos` after the move from origin `o` ending at `link`.
    pub(crate) fn materialize(&self, pos: &Friendly, o: u32, link: Link) -> Friendly {
        let origin = self.origin(o);
        let mut cur = match (link.node, &origin.chain) {
            (NONE, _) | (_, None) => {
                let mut c = self.bases[origin.base as usize].clone();
                if c.hand == Hand::Empty && c.lift(origin.from).is_err() {
                    return pos.clone();
                }
                c
            }
            (n, Some(ctx)) => ctx.cursor_of(self.nodes[n as usize].state),
        };
        match cur.place_unchecked(link.step.to, link.step.promotion) {
            Placed::Done(end) => pos.after(cur, end),
            // Links only ever name completed moves.
            Placed::Released => pos.clone(),
        }
    }

    /// Walks every move of `pos`. Returns `true` if the visitor stopped it.
    pub(crate) fn all<V: Visitor>(&mut self, pos: &Friendly, v: &mut V) -> bool {
        self.all_from(pos, !0, v)
    }

    /// Walks every move of `pos` whose moved piece starts on a square of `starts`.
    pub(crate) fn all_from<V: Visitor>(&mut self, pos: &Friendly, starts: Bb, v: &mut V) -> bool {
        self.nodes.clear();
        self.origins.clear();
        self.bases.clear();
        if pos.is_decided() {
            return false;
        }
        let base = Cursor::new(pos);
        match pos.owed {
            Some(sq) => PROMOTIONS_BY_TEXT.into_iter().flatten().any(|role| {
                let mut c = base.clone();
                c.choose_owed(role).is_ok() && self.pieces(&c, Some((sq, role)), starts, v)
            }),
            None => self.pieces(&base, None, starts, v),
        }
    }

    /// Walks every move of the side to move of `base`, a cursor with nothing lifted, starting
    /// pieces in the order of their squares' names.
    pub(crate) fn pieces<V: Visitor>(
        &mut self,
        base: &Cursor,
        owed: Option<(Square, Role)>,
        starts: Bb,
        v: &mut V,
    ) -> bool {
        let us = base.us;
        let mut movers = base.board.by_color[us as usize] & starts;
        if V::ONLY_SINGLES {
            movers &= base.board.singles(us) & !base.board.pieces(us, Role::King);
        }
        let b = self.bases.len() as u32;
        self.bases.push(base.clone());
        for from in squares_by_name(movers) {
            if let Ok(hand) = base.hand_at(from) {
                if self.run(Origin { owed, from, base: b, hand, chain: None }, v) {
                    return true;
                }
            }
        }
        false
    }

    /// Walks every way to complete the move from `origin`.
    pub(crate) fn run<V: Visitor>(&mut self, origin: Origin, v: &mut V) -> bool {
        let o = self.origins.len() as u32;
        self.origins.push(origin);
        self.visited.clear();
        let first = self.nodes.len();
        if self.expand_first(o, v) {
            return true;
        }
        let mut i = first;
        while i < self.nodes.len() {
            // Nodes come in order of depth: once their steps would reach the limit, so would
            // every later node's.
            if self.nodes[i].depth.saturating_add(1) >= v.depth_limit() {
                break;
            }
            if self.expand_node(o, i as u32, v) {
                return true;
            }
            i += 1;
        }
        false
    }

    /// The first step from an origin. Pieces that can start a chain go through the packed
    /// walk from the start; the others (kings, bonds, singles that cannot enter a bond) have
    /// only one-step moves, read off the board.
    fn expand_first<V: Visitor>(&mut self, o: u32, v: &mut V) -> bool {
        let origin = &self.origins[o as usize];
        let base = &self.bases[origin.base as usize];
        let hand = origin.hand;
        let us = base.us;
        let them = !us;
        let targets = base.targets_for(hand);
        let board = &base.board;
        // The castling rights once the piece is lifted (already so for a released piece).
        let lifted_rights = match (base.hand, hand) {
            (Hand::Empty, Hand::Single { from, .. }) => base.castling.after_leaving(us, from),
            (Hand::Empty, Hand::Bond { from, .. }) => {
                base.castling.after_leaving(us, from).after_leaving(them, from)
            }
            (Hand::Empty, Hand::King { from }) => base.castling.after_leaving(us, from),
            _ => base.castling,
        };
        let (from, role) = match hand {
            Hand::Empty => return false,
            Hand::Single { role, from, .. } => {
                let ep = base.ep.map_or(0, Square::bit);
                if targets & (board.bonds() | ep) != 0 {
                    let ctx = Box::new(ChainCtx::new(base, hand));
                    let mut state = ctx.arr0 | (u64::from(lifted_rights.bits()) << CASTLING);
                    if base.ep.is_some() {
                        state |= 1 << EP_LIVE;
                    }
                    let hash = ctx.board0.hash;
                    self.origins[o as usize].chain = Some(ctx);
                    let first = Node { state, hash, parent: NONE, step: Step::to(from), depth: 0 };
                    return self.expand_packed(o, NONE, first, Some((from, role)), v);
                }
                (from, role)
            }
            Hand::Bond { role, from, .. } => (from, role),
            Hand::King { from } => (from, Role::King),
        };
        let castling = lifted_rights;
        let them_king = board.pieces(them, Role::King);
        for to in squares_by_name(targets) {
            let win = them_king & to.bit() != 0;
            let last_rank = role == Role::Pawn && to.relative_rank(us) == 7 && !win;
            let promos: &[Option<Role>] = if last_rank { &PROMOTIONS_BY_TEXT } else { &[None] };
            for &promotion in promos {
                let link = Link { node: NONE, step: Step { to, promotion }, depth: 1 };
                let finish = Finish {
                    to,
                    placed: promotion.unwrap_or(role),
                    castling,
                    hash: None,
                    exact: None,
                    win,
                    double: role == Role::Pawn && from.index().abs_diff(to.index()) == 16,
                    ep_used: false,
                };
                if v.end(self, o, finish, link) {
                    return true;
                }
            }
        }
        false
    }

    /// Expands one packed state (`node`; for the first step `first` names the piece in hand
    /// and its square, which is not a bond), recording the new states it reaches.
    fn expand_packed<V: Visitor>(
        &mut self,
        o: u32,
        n: u32,
        node: Node,
        first: Option<(Square, Role)>,
        v: &mut V,
    ) -> bool {
        let mut pending = std::mem::take(&mut self.pending);
        pending.clear();
        let stop = match &self.origins[o as usize].chain {
            Some(ctx) => self.expand_state(ctx, o, n, node, first, &mut pending, v),
            None => false,
        };
        if !stop {
            for &(state, hash, link) in &pending {
                self.add_node(state, hash, link);
            }
        }
        self.pending = pending;
        stop
    }

    /// Records a chain state unless it was reached before (by a path at least as short and,
    /// the walk being in text order, with a smaller text).
    #[inline]
    fn add_node(&mut self, state: u64, hash: u64, link: Link) {
        if self.visited.insert(state) {
            self.nodes.push(Node {
                state,
                hash,
                parent: link.node,
                step: link.step,
                depth: link.depth,
            });
        }
    }

    /// The steps of the released piece of chain node `n`.
    fn expand_node<V: Visitor>(&mut self, o: u32, n: u32, v: &mut V) -> bool {
        let node = self.nodes[n as usize];
        self.expand_packed(o, n, node, None, v)
    }

    /// Tries every step of chain node `n` (whose data is `node`): completed moves go to the
    /// visitor, new chain states to `pending` (in the order found, which is text order).
    #[allow(clippy::too_many_arguments)]
    fn expand_state<V: Visitor>(
        &self,
        ctx: &ChainCtx,
        o: u32,
        n: u32,
        node: Node,
        first: Option<(Square, Role)>,
        pending: &mut Vec<(u64, u64, Link)>,
        v: &mut V,
    ) -> bool {
        let z = &ZOBRIST.piece;
        let us = ctx.us;
        let them = !us;
        let (u, t) = (us as usize, them as usize);
        let state = node.state;
        let ep_live = state & (1 << EP_LIVE) != 0;
        let ep_used = ctx.ep.is_some() && !ep_live;
        let var = usize::from(ep_used);
        let (from, role) = first.unwrap_or_else(|| {
            let j = ((state >> HAND_INDEX) & 15) as usize;
            (ctx.square(j, ep_used), Role::from_index(((state >> HAND_ROLE) & 7) as usize))
        });
        let occ = ctx.occ[var];
        let bonds = ctx.bonds[var];
        let them_any = ctx.them_any[var];
        let castling = Castling::from_bits((state >> CASTLING) as u8);
        let arr = state & ARR_MASK;
        let depth = node.depth.saturating_add(1);

        let targets = if role == Role::Pawn {
            let mut t = 0;
            if let Some(one) = ahead(from, us).filter(|s| occ & s.bit() == 0) {
                t |= one.bit();
                if from.relative_rank(us) <= 1 {
                    if let Some(two) = ahead(one, us).filter(|s| occ & s.bit() == 0) {
                        t |= two.bit();
                    }
                }
            }
            let diag = PAWN_DIAG[u][from.index()];
            t |= diag & them_any;
            if let Some(ep) = ctx.ep.filter(|_| ep_live) {
                if diag & ep.square.bit() != 0 {
                    t |= ep.square.bit();
                }
            }
            t
        } else {
            attacks(role, from, occ) & !ctx.our_singles
        };

        for to in squares_by_name(targets) {
            let last_rank =
                role == Role::Pawn && to.relative_rank(us) == 7 && ctx.them_king & to.bit() == 0;
            let promos: &[Option<Role>] = if last_rank { &PROMOTIONS_BY_TEXT } else { &[None] };
            for &promotion in promos {
                let placed = promotion.unwrap_or(role);
                let link = Link { node: n, step: Step { to, promotion }, depth };
                let ep_step = ctx.ep.filter(|ep| {
                    ep_live && ep.square == to && role == Role::Pawn && from.file() != to.file()
                });
                if let Some(ep) = ep_step {
                    let moved = z[t][Role::Pawn as usize][ep.victim.index()]
                        ^ z[t][Role::Pawn as usize][ep.square.index()];
                    match ep.victim_bond {
                        Some(vj) => {
                            // The bonded victim comes back onto the square; the pawn replaces
                            // the own piece in that bond, which is released.
                            let old = arr_role(state, vj);
                            let hash = node.hash
                                ^ moved
                                ^ z[u][old as usize][ep.victim.index()]
                                ^ z[u][placed as usize][to.index()];
                            let mut st = with_hand(with_arr_role(state, vj, placed), old, vj);
                            st &= !(1 << EP_LIVE);
                            pending.push((st, hash, link));
                        }
                        None => {
                            let hash = node.hash ^ moved ^ z[u][placed as usize][to.index()];
                            let finish = Finish {
                                to,
                                placed,
                                castling,
                                hash: Some(hash),
                                exact: Some(exact_key(arr, to, placed, true, castling, false)),
                                win: false,
                                double: false,
                                ep_used: true,
                            };
                            if v.end(self, o, finish, link) {
                                return true;
                            }
                        }
                    }
                } else if bonds & to.bit() != 0 {
                    let jt = ctx.index[to.index()] as usize;
                    let old = arr_role(state, jt);
                    let hash = node.hash
                        ^ z[u][old as usize][to.index()]
                        ^ z[u][placed as usize][to.index()];
                    let c = castling.after_leaving(us, to);
                    let st = with_hand(with_arr_role(state, jt, placed), old, jt)
                        & !(15 << CASTLING)
                        | (u64::from(c.bits()) << CASTLING);
                    pending.push((st, hash, link));
                } else {
                    let double = role == Role::Pawn && from.index().abs_diff(to.index()) == 16;
                    let finish = Finish {
                        to,
                        placed,
                        castling,
                        hash: Some(node.hash ^ z[u][placed as usize][to.index()]),
                        exact: Some(exact_key(arr, to, placed, ep_used, castling, double)),
                        win: ctx.them_king & to.bit() != 0,
                        double,
                        ep_used,
                    };
                    if v.end(self, o, finish, link) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// The exact key of a chain's result among the results of one origin: the bonds' contents,
/// where the last piece landed and as what, and the rest that can differ.
#[inline]
fn exact_key(arr: u64, to: Square, placed: Role, ep_used: bool, c: Castling, double: bool) -> u64 {
    arr | (to.index() as u64) << 45
        | (placed as u64) << 51
        | u64::from(ep_used) << 54
        | u64::from(c.bits()) << 55
        | u64::from(double) << 59
        | 1 << 63
}

/// Stops at the first completed move.
pub(crate) struct AnyEnd;

impl Visitor for AnyEnd {
    fn end(&mut self, _: &Search, _: u32, _: Finish, _: Link) -> bool {
        true
    }
}

/// Stops at the first move that bonds the enemy king.
struct Win;

impl Visitor for Win {
    const ONLY_SINGLES: bool = true;

    fn end(&mut self, _: &Search, _: u32, finish: Finish, _: Link) -> bool {
        finish.win
    }
}

/// Stops at the first completed move that used the en passant step.
struct EpUsed;

impl Visitor for EpUsed {
    fn end(&mut self, _: &Search, _: u32, finish: Finish, _: Link) -> bool {
        finish.ep_used
    }
}

/// Whether `color`'s king, standing on `at` (the rest of `board` as it is, `color`'s king
/// taken off its own square if it is elsewhere), could be bonded by the opponent moving now,
/// directly or at the end of a chain.
pub(crate) fn king_threatened_at(board: &Board, color: Color, at: Square) -> bool {
    let mut b = board.clone();
    if let Some(k) = b.king(color) {
        b.take(color, k);
    }
    if b.occupied() & at.bit() != 0 {
        // Only empty squares are asked about (a king never shares a square).
        return false;
    }
    b.put(color, Role::King, at);
    threatened(&b, color)
}

/// Whether `color`'s king on `board` could be bonded by the opponent moving now.
pub(crate) fn threatened(board: &Board, color: Color) -> bool {
    let Some(king) = board.king(color) else { return false };
    let them = !color;
    if board.role_at(them, king).is_some() {
        // Already bonded: the game is over.
        return true;
    }
    // Only the opponent's singles move onto other pieces (bonds go to empty squares only,
    // and kings never bond).
    let singles = board.singles(them);
    let piece = |r: Role| board.pieces(them, r) & singles;
    let occ = board.occupied();
    let (pawns, knights) = (piece(Role::Pawn), piece(Role::Knight));
    let (diagonal, straight) =
        (piece(Role::Bishop) | piece(Role::Queen), piece(Role::Rook) | piece(Role::Queen));
    // A direct step onto the king: the squares it would be reached from, as for an attack.
    if PAWN_DIAG[color as usize][king.index()] & pawns != 0
        || KNIGHT[king.index()] & knights != 0
        || bishop_attacks(king, occ) & diagonal != 0
        || rook_attacks(king, occ) & straight != 0
    {
        return true;
    }
    // Otherwise only a chain can reach the king, and it starts with a single entering a bond.
    let bonds = board.bonds();
    let mut starts = 0;
    for s in squares(singles & !board.pieces(them, Role::King)) {
        let reach = if pawns & s.bit() != 0 {
            PAWN_DIAG[them as usize][s.index()]
        } else {
            attacks(board.role_at(them, s).unwrap_or(Role::Pawn), s, occ)
        };
        if reach & bonds != 0 && chain_may_reach(board, them, s, king) {
            starts |= s.bit();
        }
    }
    starts != 0 && chain_reaches(board, them, starts)
}

/// Whether the side to move of `pos` has a move that bonds the enemy king, with everything
/// the position allows (en passant, an owed promotion).
pub(crate) fn can_win(pos: &Friendly) -> bool {
    with_search(|s| s.all(pos, &mut Win))
}

/// Whether a chain of `attacker`'s pieces started by one of its singles on `starts` can end
/// on the enemy king: the walk over chain states, stopping at the first win.
fn chain_reaches(board: &Board, attacker: Color, starts: Bb) -> bool {
    with_search(|s| {
        s.nodes.clear();
        s.origins.clear();
        s.bases.clear();
        s.pieces(&Cursor::bare(board.clone(), attacker), None, starts, &mut Win)
    })
}

/// Whether a chain started by `attacker`'s single on `start` might end on the enemy king on
/// `king`: a quick over-estimate that spares the walk over chain states in most positions.
///
/// Instead of arrangements of pieces in the bonds it follows, per bond, the roles that may
/// stand there and the roles that may be released there. A bond gives up the piece it started
/// with when it is first entered; a piece that entered it later is released only by a
/// further entry, which can only come from a released piece (the lifted single steps first).
/// A released piece steps on to the king (a possible win) or into further bonds; a pawn
/// entering a bond on its last rank is promoted there to any piece. The occupied squares
/// stay as they are during a chain, but for the starting single's own square.
fn chain_may_reach(board: &Board, attacker: Color, start: Square, king: Square) -> bool {
    const PROMOTED: u8 = 1 << Role::Knight as u8
        | 1 << Role::Bishop as u8
        | 1 << Role::Rook as u8
        | 1 << Role::Queen as u8;
    let a = attacker as usize;
    let bonds = board.bonds();
    let occ = board.occupied() & !start.bit();
    let king_bit = king.bit();
    // Per square of a bond: the roles that may stand there, those released already followed.
    let mut may_stand = [0u8; 64];
    let mut followed = [0u8; 64];
    for b in squares(bonds) {
        may_stand[b.index()] = 1 << board.role_at(attacker, b).unwrap_or(Role::Pawn) as u8;
    }
    let original = may_stand;
    let mut entered: Bb = 0;
    let mut entered_by_released: Bb = 0;
    // The squares of bonds a piece of `role` on `from` steps into, or `None` if it can step
    // onto the king.
    let steps = |role: Role, from: Square| -> Option<Bb> {
        let reach =
            if role == Role::Pawn { PAWN_DIAG[a][from.index()] } else { attacks(role, from, occ) };
        if reach & king_bit != 0 { None } else { Some(reach & bonds) }
    };
    let enter = |may_stand: &mut [u8; 64], role: Role, targets: Bb| {
        for b in squares(targets) {
            let last_rank = role == Role::Pawn && b.relative_rank(attacker) == 7;
            may_stand[b.index()] |= if last_rank { PROMOTED } else { 1 << role as u8 };
        }
    };
    let first = board.role_at(attacker, start).unwrap_or(Role::Pawn);
    let Some(targets) = steps(first, start) else { return true };
    enter(&mut may_stand, first, targets);
    entered |= targets;
    loop {
        let mut changed = false;
        for b in squares(entered) {
            let i = b.index();
            let releasable =
                if entered_by_released & b.bit() != 0 { may_stand[i] } else { original[i] };
            let new = releasable & !followed[i];
            if new == 0 {
                continue;
            }
            followed[i] |= new;
            changed = true;
            for r in 0..5 {
                if new & (1 << r) == 0 {
                    continue;
                }
                let role = Role::from_index(r);
                let Some(targets) = steps(role, b) else { return true };
                enter(&mut may_stand, role, targets);
                entered |= targets;
                entered_by_released |= targets;
            }
        }
        if !changed {
            return false;
        }
    }
}

/// Whether the side to move of `pos` can use its en passant square in some legal move.
pub(crate) fn ep_usable(pos: &Friendly) -> bool {
    let Some(e) = pos.ep else { return false };
    let us = pos.turn;
    // The pawn that double-stepped stands one square further on, seen from the capturer.
    let Some(victim) = ahead(e, !us) else { return false };
    // A capturing pawn steps from beside the victim: it stands there alone, or it can only be
    // released there from a bond in the middle of a chain.
    let board = &pos.board;
    let from_squares = board.pieces(us, Role::Pawn) & board.singles(us) | board.bonds();
    let beside = [-1i8, 1]
        .into_iter()
        .filter_map(|df| Square::new(victim.file().wrapping_add_signed(df), victim.rank()));
    if !beside.into_iter().any(|x| from_squares & x.bit() != 0) {
        return false;
    }
    with_search(|s| s.all(pos, &mut EpUsed))
}

/// Whether the move begun in `cur` (a piece in hand) can be completed.
pub(crate) fn completable(cur: &Cursor) -> bool {
    let from = match cur.hand {
        Hand::Empty => return false,
        Hand::Single { from, .. } | Hand::Bond { from, .. } | Hand::King { from } => from,
    };
    let mut search = Search::default();
    search.bases.push(cur.clone());
    let origin = Origin { owed: None, from, base: 0, hand: cur.hand, chain: None };
    search.run(origin, &mut AnyEnd)
}

/// One legal move: the path to it.
#[derive(Clone, Copy)]
struct Entry {
    origin: u32,
    link: Link,
}

/// Collects the distinct resulting positions with their canonical paths.
///
/// Results of pieces starting from one square are told apart by their exact keys; within one
/// starting piece the first path found to a position is its canonical one, so results are
/// only marked as seen: per arrangement of the bonds (with the starting square, castling
/// rights and en passant), the landings found so far — a bit per square for each piece that
/// landed, and one more set for pawns landing by a double step. The results of one chain state
/// share an arrangement, so most lookups hit the record just used.
///
/// With an owed promotion, the choices are walked one after the other and can meet (a chain
/// promoting another pawn can make up the difference, and the later choice's path may be
/// shorter): each choice keeps its own records, and [`Collect::finish`] merges equal results
/// across choices, keeping the shorter path (the earlier choice, whose text is smaller, on a
/// tie).
///
/// Results of pieces starting from different squares can only be equal when both put their
/// moved piece back on its own square, as what it was (every other single stays where it is,
/// and a move vacates its own square otherwise); only those are compared across squares, by
/// Zobrist hash and then in full.
pub(crate) struct Collect<'p> {
    pos: &'p Friendly,
    entries: Vec<Entry>,
    /// With an owed promotion: each entry's starting square and exact key (0 if none).
    keys: Vec<(u64, Square)>,
    records: Vec<[u64; 7]>,
    record_index: ExactMap,
    last_record: (u64, u32),
    returning: Table,
}

/// The record key of a result's exact key: the arrangement, castling rights and en passant
/// bits, with the starting square where the landing square was and the owed choice on top.
#[inline]
fn record_key(exact: u64, from: Square, choice: u64) -> u64 {
    const LANDING: u64 = (63 << 45) | (7 << 51) | (1 << 59);
    (exact & !LANDING) | ((from.index() as u64) << 45) | (choice << 60)
}

impl<'p> Collect<'p> {
    pub(crate) fn new(pos: &'p Friendly, spare: Spare) -> Collect<'p> {
        let Spare { mut entries, mut returning, mut records, mut record_index } = spare;
        entries.clear();
        returning.clear();
        records.clear();
        record_index.clear();
        Collect {
            pos,
            entries,
            keys: Vec::new(),
            records,
            record_index,
            last_record: (NO_KEY, 0),
            returning,
        }
    }

    /// Gives the collector's memory back for reuse.
    pub(crate) fn into_spare(self) -> Spare {
        Spare {
            entries: self.entries,
            returning: self.returning,
            records: self.records,
            record_index: self.record_index,
        }
    }

    /// Marks the result with exact key `x` from square `from` as seen; `false` if it was.
    #[inline]
    fn mark(&mut self, x: u64, from: Square, choice: u64) -> bool {
        let key = record_key(x, from, choice);
        let r = if self.last_record.0 == key {
            self.last_record.1
        } else {
            let r = match self.record_index.probe(key) {
                Ok(r) => r,
                Err(slot) => {
                    let r = self.records.len() as u32;
                    self.records.push([0; 7]);
                    self.record_index.fill(slot, key, r);
                    r
                }
            };
            self.last_record = (key, r);
            r
        };
        let to = (x >> 45) & 63;
        let set = if x & (1 << 59) != 0 { 6 } else { ((x >> 51) & 7) as usize };
        let landings = &mut self.records[r as usize][set];
        let new = *landings & (1 << to) == 0;
        *landings |= 1 << to;
        new
    }

    /// Merges the results that different choices for an owed promotion have in common; call
    /// once the walk is over.
    pub(crate) fn finish(&mut self) {
        if self.keys.is_empty() {
            return;
        }
        // Equal results side by side, shortest path first, then the earliest found.
        let mut order: Vec<(u64, u8, u16, u32)> = self
            .keys
            .iter()
            .zip(&self.entries)
            .enumerate()
            .filter(|(_, ((x, _), _))| *x != 0)
            .map(|(i, (&(x, from), e))| (x, from.index() as u8, e.link.depth, i as u32))
            .collect();
        order.sort_unstable();
        let mut keep = vec![true; self.entries.len()];
        for w in order.windows(2) {
            if (w[0].0, w[0].1) == (w[1].0, w[1].1) {
                keep[w[1].3 as usize] = false;
            }
        }
        let mut i = 0;
        self.entries.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        self.keys.clear();
    }

    /// The moves found, with their resulting positions.
    pub(crate) fn moves_and_positions(&self, search: &Search) -> Vec<(Move, Friendly)> {
        let mut buf = Vec::new();
        self.entries
            .iter()
            .map(|e| {
                let m = search.to_move_with(e.origin, e.link, &mut buf);
                (m, search.materialize(self.pos, e.origin, e.link))
            })
            .collect()
    }

    /// The moves found.
    pub(crate) fn moves(&self, search: &Search) -> Vec<Move> {
        let mut buf = Vec::new();
        self.entries.iter().map(|e| search.to_move_with(e.origin, e.link, &mut buf)).collect()
    }

    /// The resulting positions.
    pub(crate) fn positions(&self, search: &Search) -> Vec<Friendly> {
        self.entries.iter().map(|e| search.materialize(self.pos, e.origin, e.link)).collect()
    }

    /// The number of distinct moves found.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

impl Visitor for Collect<'_> {
    fn end(&mut self, search: &Search, origin: u32, finish: Finish, link: Link) -> bool {
        let o = search.origin(origin);
        let choice = o.owed.map_or(0, |(_, r)| r as u64);
        if let Some(x) = finish.exact {
            if !self.mark(x, o.from, choice) {
                // Reached before by this piece, by a path at least as short with a smaller
                // text (the walk goes in text order).
                return false;
            }
        }
        let new = Entry { origin, link };
        let returning = match o.hand {
            Hand::Single { role, from, released: false } => {
                finish.to == from && finish.placed == role
            }
            _ => false,
        };
        if returning {
            let pos = self.pos;
            let mine = search.materialize(pos, origin, link);
            let entries = &self.entries;
            let z = mine.zobrist();
            let found = self.returning.find(z, |i| {
                let e = entries[i as usize];
                search.materialize(pos, e.origin, e.link) == mine
            });
            if let Some(i) = found {
                // Same position from an earlier piece: keep the shorter path (between equally
                // short ones the earlier, whose text is smaller).
                let e = &mut self.entries[i as usize];
                if link.depth < e.link.depth {
                    *e = new;
                }
                return false;
            }
            self.returning.insert(z, self.entries.len() as u32);
        }
        if self.pos.owed.is_some() {
            self.keys.push((finish.exact.unwrap_or(0), o.from));
        }
        self.entries.push(new);
        false
    }
}

/// Reusable memory of a [`Collect`].
#[derive(Default)]
pub(crate) struct Spare {
    entries: Vec<Entry>,
    returning: Table,
    records: Vec<[u64; 7]>,
    record_index: ExactMap,
}

thread_local! {
    /// Searches kept between calls on this thread, so that generating moves does not allocate
    /// anew each time. A search is taken out while in use: nested searches (threat and en
    /// passant checks inside move generation) take another one.
    static POOL: RefCell<Vec<Search>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with a search from this thread's pool.
pub(crate) fn with_search<R>(f: impl FnOnce(&mut Search) -> R) -> R {
    let mut search = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    let result = f(&mut search);
    // A search that grew huge on a position rich in chains gives its memory back.
    let small = search.nodes.capacity() <= 1 << 16
        && search.visited.slot_count() <= 1 << 17
        && search.spare.entries.capacity() <= 1 << 16
        && search.spare.returning.slot_count() <= 1 << 12
        && search.spare.record_index.slot_count() <= 1 << 16;
    if small {
        POOL.with(|p| {
            let mut pool = p.borrow_mut();
            if pool.len() < 8 {
                pool.push(search);
            }
        });
    }
    result
}

/// Walks every move of `pos` into a [`Collect`] and hands it to `f`.
fn collect<R>(pos: &Friendly, search: &mut Search, f: impl FnOnce(&Collect, &Search) -> R) -> R {
    let mut c = Collect::new(pos, std::mem::take(&mut search.spare));
    search.all(pos, &mut c);
    c.finish();
    let result = f(&c, search);
    search.spare = c.into_spare();
    result
}

/// Every legal move of `pos` with its resulting position, in generation order.
pub(crate) fn legal_moves(pos: &Friendly) -> Vec<(Move, Friendly)> {
    with_search(|s| collect(pos, s, |c, s| c.moves_and_positions(s)))
}

/// Every legal move of `pos`, in generation order.
pub(crate) fn legal_move_list(pos: &Friendly) -> Vec<Move> {
    with_search(|s| collect(pos, s, |c, s| c.moves(s)))
}

/// Perft: the leaf nodes `depth` plies below `pos`. `searches` holds one reusable search per
/// ply; each level builds its children one at a time, so a position with millions of moves
/// does not hold them all in memory at once.
pub(crate) fn perft(pos: &Friendly, depth: u32, searches: &mut Vec<Search>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut search = searches.pop().unwrap_or_default();
    let n = collect(pos, &mut search, |c, s| {
        if depth == 1 {
            c.len() as u64
        } else {
            c.entries
                .iter()
                .map(|e| perft(&s.materialize(pos, e.origin, e.link), depth - 1, searches))
                .sum()
        }
    });
    searches.push(search);
    n
}

/// Every distinct position one move after `pos`.
pub(crate) fn children(pos: &Friendly) -> Vec<Friendly> {
    with_search(|s| collect(pos, s, |c, s| c.positions(s)))
}

/// The canonical moves of `pos` of at most `max_steps` steps (every move whose resulting
/// position cannot be reached in fewer steps).
pub(crate) fn moves_within(pos: &Friendly, max_steps: u16) -> Vec<Move> {
    struct Within<'p>(Collect<'p>, u16);
    impl Visitor for Within<'_> {
        fn end(&mut self, search: &Search, origin: u32, finish: Finish, link: Link) -> bool {
            if link.depth <= self.1 {
                self.0.end(search, origin, finish, link);
            }
            false
        }
        fn depth_limit(&self) -> u16 {
            self.1.saturating_add(1)
        }
    }
    with_search(|search| {
        let mut w = Within(Collect::new(pos, std::mem::take(&mut search.spare)), max_steps);
        search.all(pos, &mut w);
        w.0.finish();
        let moves = w.0.moves(search);
        search.spare = w.0.into_spare();
        moves
    })
}

/// The number of legal moves of `pos`.
pub(crate) fn count_moves(pos: &Friendly) -> usize {
    with_search(|s| collect(pos, s, |c, _| c.len()))
}

/// Whether `pos` has a legal move.
pub(crate) fn has_move(pos: &Friendly) -> bool {
    with_search(|s| s.all(pos, &mut AnyEnd))
}

/// The canonical legal move of `pos` that leads to `target`, if one of at most `max_steps`
/// steps does: the shortest path to it, ties broken by the text. Stops each starting piece's
/// walk once it is deeper than the best path found, so it does not enumerate every move of a
/// position rich in chains.
pub(crate) fn canonical_move(pos: &Friendly, target: &Friendly, max_steps: u16) -> Option<Move> {
    struct Find<'a> {
        pos: &'a Friendly,
        target: &'a Friendly,
        zobrist: u64,
        best: Option<(u32, Link)>,
        max_steps: u16,
    }
    impl Visitor for Find<'_> {
        fn end(&mut self, search: &Search, origin: u32, finish: Finish, link: Link) -> bool {
            if link.depth >= self.depth_limit() {
                return false;
            }
            // The moved piece must stand where it landed in the target.
            if self.target.board.role_at(self.pos.turn, finish.to) != Some(finish.placed) {
                return false;
            }
            if let (Some(hash), false) = (finish.hash, finish.double) {
                let mut z = hash ^ ZOBRIST.castling[finish.castling.bits() as usize];
                if self.pos.turn == Color::White {
                    z ^= ZOBRIST.black_to_move;
                }
                if z != self.zobrist {
                    return false;
                }
            }
            let child = search.materialize(self.pos, origin, link);
            if child == *self.target {
                self.best = Some((origin, link));
            }
            false
        }

        fn depth_limit(&self) -> u16 {
            // A later path must be strictly shorter than the best one to replace it.
            self.best.map_or(self.max_steps.saturating_add(1), |(_, l)| l.depth)
        }
    }
    // The moved piece's square changed, unless a chain brought it back as what it was; every
    // other piece of the mover that is alone on its square stays where it is.
    let us = pos.turn;
    let own = pos.board.by_color[us as usize];
    let changed = squares(own)
        .filter(|&s| pos.board.cell(s) != target.board.cell(s))
        .fold(0, |b, s| b | s.bit());
    let singles = pos.board.singles(us);
    let starts = if changed & singles != 0 { changed & singles } else { !0 };
    with_search(|search| {
        let mut find = Find { pos, target, zobrist: target.zobrist(), best: None, max_steps };
        search.all_from(pos, starts, &mut find);
        find.best.map(|(o, l)| search.to_move(o, l))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The quick filter of [`threatened`] only spares walks: on positions from random games,
    /// a walk from every single that enters a bond finds a winning chain exactly when the
    /// filter kept one of them (and the filter kept at least one for every such win).
    #[test]
    fn the_chain_filter_never_drops_a_winning_chain() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
        let (mut compared, mut dropped_walks, mut wins) = (0, 0, 0);
        for _ in 0..30 {
            let mut p = Friendly::new();
            for _ in 0..150 {
                for color in Color::ALL {
                    let board = &p.board;
                    let Some(king) = board.king(color) else { continue };
                    let them = !color;
                    if board.role_at(them, king).is_some() {
                        continue;
                    }
                    let bonds = board.bonds();
                    let occ = board.occupied();
                    let pawns = board.pieces(them, Role::Pawn);
                    let mut all = 0;
                    let mut kept = 0;
                    for s in squares(board.singles(them) & !board.pieces(them, Role::King)) {
                        let reach = if pawns & s.bit() != 0 {
                            PAWN_DIAG[them as usize][s.index()]
                        } else {
                            attacks(board.role_at(them, s).unwrap_or(Role::Pawn), s, occ)
                        };
                        if reach & bonds == 0 {
                            continue;
                        }
                        all |= s.bit();
                        // Each start on its own: the filter must keep every start that wins.
                        let reaches = chain_reaches(board, them, s.bit());
                        let may = chain_may_reach(board, them, s, king);
                        assert!(!reaches || may, "{} dropped {s:?} for {them}", p.fen());
                        kept |= if may { s.bit() } else { 0 };
                        wins += usize::from(reaches);
                    }
                    if all != 0 {
                        compared += 1;
                        dropped_walks += usize::from(kept != all);
                    }
                }
                let moves = p.moves_within(4);
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                let m = &moves[rng.random_range(0..moves.len())];
                p.play_unchecked(m);
            }
        }
        // The comparison must have seen real chains, won and spared.
        assert!(
            compared > 1_000 && wins > 20 && dropped_walks > 200,
            "{compared} {wins} {dropped_walks}"
        );
    }
}
