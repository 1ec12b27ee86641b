//! Friendly chess's move generation: the walk over the steps of a move.
//!
//! The paths of a chain are unbounded but its states are not (see [`super::chain`]): the walk
//! is breadth first over packed chain states, each visited once per starting piece, so it
//! terminates and stays cheap even when a position has millions of distinct moves.
//!
//! Breadth first, every state and every resulting position is first reached by a shortest
//! step sequence. The walk also goes in text order: starting pieces by square name, each
//! layer's states in the order of their paths' texts, steps by destination name and then
//! promotion letter. Texts of equally long paths from one origin are never prefixes of each
//! other, so a state's (and a result's) first path is also its smallest text: the canonical
//! move text comes out without comparing strings.
//!
//! The same walk answers every question about moves through a [`Visitor`]: the distinct
//! resulting positions (move generation, [`super::distinct`]), whether any move exists
//! (outcome, step-by-step input), whether a king can be bonded ([`super::threat`]), whether
//! the en passant step can be used.

use std::cell::RefCell;

use super::Friendly;
use super::board::{Bb, PAWN_DIAG, ZOBRIST, attacks, squares, squares_by_name};
use super::chain::{ARR_MASK, CASTLING, ChainCtx, EP_LIVE, HAND_INDEX, HAND_ROLE};
use super::chain::{arr_role, exact_key, with_arr_role, with_hand};
use super::cursor::{Cursor, Hand, Placed};
use super::distinct::Spare;
use super::types::{Castling, Move, Role, Square, Step};
use crate::table::KeySet;
use crate::{Color, Position};

/// No node: a link from the first step.
pub(crate) const NONE: u32 = u32::MAX;

/// Promotion choices in the order of their text (`=B` < `=N` < `=Q` < `=R`).
const PROMOTIONS_BY_TEXT: [Option<Role>; 4] =
    [Some(Role::Bishop), Some(Role::Knight), Some(Role::Queen), Some(Role::Rook)];

/// A chain state reached during the walk.
#[derive(Clone, Copy)]
struct Node {
    /// The packed chain state (see [`super::chain`]).
    state: u64,
    /// The Zobrist hash of the board (the released piece off the board).
    hash: u64,
    /// The node the step came from, or [`NONE`] for the first step.
    parent: u32,
    /// The step that reached this state.
    step: Step,
    /// The number of steps to this state.
    depth: u16,
}

/// The end of a path: the chain node its last step starts from (or [`NONE`] for a one-step
/// move), the last step, and the number of steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    /// The node the last step starts from, or [`NONE`].
    pub(crate) node: u32,
    /// The last step.
    pub(crate) step: Step,
    /// The number of steps of the path.
    pub(crate) depth: u16,
}

/// The start of paths: an owed promotion chosen first, the moved piece's square, the cursor
/// with that piece in hand, and (once a step entered a bond) its chain context.
pub(crate) struct Origin {
    /// The owed promotion chosen first, if any: the pawn's square and its new piece.
    pub(crate) owed: Option<(Square, Role)>,
    /// The moved piece's square.
    pub(crate) from: Square,
    /// The cursor the piece is lifted from ([`Walk::bases`]); it still holds the piece,
    /// unless its hand already is the origin's hand (a released piece).
    base: u32,
    /// The piece in hand once lifted.
    pub(crate) hand: Hand,
    /// The chain context, once the first step could enter a bond.
    chain: Option<Box<ChainCtx>>,
}

/// How a move was completed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Finish {
    /// Where the last piece landed.
    pub(crate) to: Square,
    /// What it landed as (a promoted pawn as its new piece).
    pub(crate) placed: Role,
    /// The castling rights after the move.
    pub(crate) castling: Castling,
    /// The Zobrist hash of the resulting board, when the walk knows it (inside chains).
    pub(crate) hash: Option<u64>,
    /// A key naming the resulting position exactly among the results of pieces starting
    /// from the same square (for pieces that could start a chain).
    pub(crate) exact: Option<u64>,
    /// The move bonds the enemy king.
    pub(crate) win: bool,
    /// The last step was a pawn's double step (the position's en passant square depends on
    /// whether the opponent can use it).
    pub(crate) double: bool,
    /// The move used the en passant step.
    pub(crate) ep_used: bool,
}

/// What the walk reports to.
pub(crate) trait Visitor {
    /// Only singles other than the king can bond a king: threat detection skips the rest.
    const ONLY_SINGLES: bool = false;

    /// A completed move from origin `origin`. Returns `true` to stop the walk.
    fn end(&mut self, walk: &Walk, origin: u32, finish: Finish, link: Link) -> bool;

    /// Paths of this many steps or more are of no interest any more.
    fn depth_limit(&self) -> u16 {
        u16::MAX
    }
}

/// The walk's working memory.
#[derive(Default)]
pub(crate) struct Walk {
    /// The memory of the [`Collect`](super::distinct::Collect) of this walk's move lists,
    /// lent to it while it runs.
    pub(crate) spare: Spare,
    /// The cursors pieces are lifted from: the position's, and one per owed promotion choice.
    bases: Vec<Cursor>,
    /// The chain states reached, in the order of the walk.
    nodes: Vec<Node>,
    /// The chain states reached from the current origin.
    visited: KeySet,
    /// The starting pieces walked so far.
    origins: Vec<Origin>,
    /// The chain states one expansion found, before they are recorded (scratch space).
    pending: Vec<(u64, u64, Link)>,
}

/// The square in front of `s` as `color` sees it, if there is one.
#[inline]
fn ahead(s: Square, color: Color) -> Option<Square> {
    match color {
        Color::White => Square::from_index(s.index() + 8),
        Color::Black => s.index().checked_sub(8).and_then(Square::from_index),
    }
}

impl Walk {
    /// Forgets the previous walk (keeping its memory).
    pub(crate) fn reset(&mut self) {
        self.nodes.clear();
        self.origins.clear();
        self.bases.clear();
    }

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
    pub(crate) fn to_move_with(&self, o: u32, link: Link, buf: &mut Vec<Step>) -> Move {
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
        self.reset();
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

/// Stops at the first completed move.
pub(crate) struct AnyEnd;

impl Visitor for AnyEnd {
    fn end(&mut self, _: &Walk, _: u32, _: Finish, _: Link) -> bool {
        true
    }
}

/// Stops at the first completed move that used the en passant step.
struct EpUsed;

impl Visitor for EpUsed {
    fn end(&mut self, _: &Walk, _: u32, finish: Finish, _: Link) -> bool {
        finish.ep_used
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
    with_walk(|s| s.all(pos, &mut EpUsed))
}

/// Whether the move begun in `cur` (a piece in hand) can be completed.
pub(crate) fn completable(cur: &Cursor) -> bool {
    let from = match cur.hand {
        Hand::Empty => return false,
        Hand::Single { from, .. } | Hand::Bond { from, .. } | Hand::King { from } => from,
    };
    let mut walk = Walk::default();
    walk.bases.push(cur.clone());
    let origin = Origin { owed: None, from, base: 0, hand: cur.hand, chain: None };
    walk.run(origin, &mut AnyEnd)
}

thread_local! {
    /// Walks kept between calls on this thread, so that generating moves does not allocate
    /// anew each time. A walk is taken out while in use: nested walks (threat and en
    /// passant checks inside move generation) take another one.
    static POOL: RefCell<Vec<Walk>> = const { RefCell::new(Vec::new()) };
}

/// Runs `f` with a walk from this thread's pool.
pub(crate) fn with_walk<R>(f: impl FnOnce(&mut Walk) -> R) -> R {
    let mut walk = POOL.with(|p| p.borrow_mut().pop()).unwrap_or_default();
    let result = f(&mut walk);
    // A walk that grew huge on a position rich in chains gives its memory back.
    let small = walk.nodes.capacity() <= 1 << 16
        && walk.visited.slot_count() <= 1 << 17
        && walk.spare.is_small();
    if small {
        POOL.with(|p| {
            let mut pool = p.borrow_mut();
            if pool.len() < 8 {
                pool.push(walk);
            }
        });
    }
    result
}

/// Whether `pos` has a legal move.
pub(crate) fn has_move(pos: &Friendly) -> bool {
    with_walk(|s| s.all(pos, &mut AnyEnd))
}

/// The canonical legal move of `pos` that leads to `target`, if one of at most `max_steps`
/// steps does: the shortest path to it, ties broken by the text. Stops each starting piece's
/// walk once it is deeper than the best path found, so it does not enumerate every move of a
/// position rich in chains.
pub(crate) fn canonical_move(pos: &Friendly, target: &Friendly, max_steps: u16) -> Option<Move> {
    /// Keeps the best path to `target` found so far.
    struct Find<'a> {
        pos: &'a Friendly,
        target: &'a Friendly,
        /// The target's Zobrist hash, to pass over most other results without building them.
        zobrist: u64,
        /// The origin and end of the best path so far.
        best: Option<(u32, Link)>,
        max_steps: u16,
    }
    impl Visitor for Find<'_> {
        fn end(&mut self, walk: &Walk, origin: u32, finish: Finish, link: Link) -> bool {
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
            let child = walk.materialize(self.pos, origin, link);
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
    with_walk(|walk| {
        let mut find = Find { pos, target, zobrist: target.zobrist(), best: None, max_steps };
        walk.all_from(pos, starts, &mut find);
        find.best.map(|(o, l)| walk.to_move(o, l))
    })
}
