//! The search over the steps of a move.
//!
//! A chain may enter bond squares again and even come back to an earlier state, so the paths
//! of a chain are unbounded; its *states* are not. The search is a breadth-first walk over
//! chain states (board, released piece and square, castling rights, whether en passant is
//! still open), each state visited once per starting piece. Breadth first, every state and
//! every completed move is first reached by a shortest step sequence; among equally short
//! ones the search keeps the smallest text, so a move's text is canonical.
//!
//! The same walk answers every question about moves through a [`Visitor`]: all distinct
//! resulting positions (move generation), whether any move exists (outcome, step-by-step
//! input), whether a king can be bonded (threat), whether the en passant step can be used.

use super::Friendly;
use super::board::{Board, Squares};
use super::cursor::{Cursor, End, Hand, Placed};
use super::notation;
use super::types::{Move, Role, Square, Step};
use crate::{Color, Position};

/// No node: a link from the first step.
pub(crate) const NONE: u32 = u32::MAX;

/// A chain state reached during the search.
struct Node {
    cur: Cursor,
    key: u64,
    parent: u32,
    step: Step,
    depth: u16,
}

/// Where a path starts: the owed promotion chosen first, and the square of the moved piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) owed: Option<(Square, Role)>,
    pub(crate) from: Square,
}

/// The end of a path: the chain node its last step starts from (or [`NONE`] for a one-step
/// move), the last step, and the number of steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub(crate) node: u32,
    pub(crate) step: Step,
    pub(crate) depth: u16,
}

/// What the search reports to.
pub(crate) trait Visitor {
    /// Only singles other than the king can bond a king: threat detection skips the rest.
    const ONLY_SINGLES: bool = false;
    /// Whether equally short paths to one state must be told apart by their text.
    const TEXTS: bool = false;

    /// A completed move, `cur` being the cursor after its last step. Returns `true` to stop
    /// the search.
    fn end(&mut self, search: &Search, origin: Origin, cur: Cursor, end: End, link: Link) -> bool;
}

/// A hash table from 64-bit keys to indices, emptied in O(1) by a generation stamp. Equal
/// keys are resolved by the caller's equality test, so a hash collision never merges two
/// different states.
#[derive(Default)]
pub(crate) struct Table {
    slots: Vec<(u32, u32, u64)>,
    stamp: u32,
    len: usize,
}

impl Table {
    pub(crate) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.0 = 0);
            self.stamp = 1;
        }
        self.len = 0;
    }

    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0, 0); cap]);
        let stamp = self.stamp;
        for (st, idx, key) in old {
            if st == stamp {
                let mask = cap - 1;
                let mut i = (key as usize) & mask;
                while self.slots[i].0 == stamp {
                    i = (i + 1) & mask;
                }
                self.slots[i] = (stamp, idx, key);
            }
        }
    }

    /// The index stored under `key` that `same` accepts, or stores `new` and returns `None`.
    pub(crate) fn find_or_insert(
        &mut self,
        key: u64,
        new: u32,
        mut same: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        if self.stamp == 0 {
            self.stamp = 1;
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = (key as usize) & mask;
        loop {
            let (st, idx, k) = self.slots[i];
            if st != self.stamp {
                self.slots[i] = (self.stamp, new, key);
                self.len += 1;
                return None;
            }
            if k == key && same(idx) {
                return Some(idx);
            }
            i = (i + 1) & mask;
        }
    }
}

/// The search's working memory; reusable between searches.
#[derive(Default)]
pub(crate) struct Search {
    nodes: Vec<Node>,
    visited: Table,
}

const PROMOTIONS: [Option<Role>; 4] =
    [Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight)];

impl Search {
    /// Every step of the path ending at `link`, first step first.
    pub(crate) fn path(&self, link: Link) -> Vec<Step> {
        let mut steps = vec![link.step];
        let mut n = link.node;
        while n != NONE {
            let node = &self.nodes[n as usize];
            steps.push(node.step);
            n = node.parent;
        }
        steps.reverse();
        steps
    }

    /// The move text of the path ending at `link`.
    pub(crate) fn text(&self, origin: Origin, link: Link) -> String {
        notation::move_text(origin.owed, origin.from, &self.path(link))
    }

    /// The move the path ending at `link` spells.
    pub(crate) fn to_move(&self, origin: Origin, link: Link) -> Move {
        Move::new(origin.owed, origin.from, &self.path(link))
    }

    /// Walks every move of `pos`. Returns `true` if the visitor stopped it.
    pub(crate) fn all<V: Visitor>(&mut self, pos: &Friendly, v: &mut V) -> bool {
        if pos.is_decided() {
            return false;
        }
        self.nodes.clear();
        let base = Cursor::new(pos);
        match pos.owed {
            Some(sq) => {
                for role in Role::PROMOTIONS {
                    let mut c = base.clone();
                    if c.choose_owed(role).is_ok() && self.pieces(&c, Some((sq, role)), v) {
                        return true;
                    }
                }
                false
            }
            None => self.pieces(&base, None, v),
        }
    }

    /// Walks every move of the side to move of `base`, a cursor with nothing lifted.
    pub(crate) fn pieces<V: Visitor>(
        &mut self,
        base: &Cursor,
        owed: Option<(Square, Role)>,
        v: &mut V,
    ) -> bool {
        let us = base.us;
        let mut movers = base.board.by_color[us as usize];
        if V::ONLY_SINGLES {
            movers &= base.board.singles(us) & !base.board.pieces(us, Role::King);
        }
        for from in Squares(movers) {
            let mut c = base.clone();
            if c.lift(from).is_ok() && self.lifted(c, Origin { owed, from }, v) {
                return true;
            }
        }
        false
    }

    /// Walks every way to complete the move from `cur`, which has a piece in hand.
    pub(crate) fn lifted<V: Visitor>(&mut self, cur: Cursor, origin: Origin, v: &mut V) -> bool {
        self.visited.clear();
        let first = self.nodes.len();
        if self.expand(&cur, origin, NONE, 0, v) {
            return true;
        }
        let mut i = first;
        while i < self.nodes.len() {
            let cur = self.nodes[i].cur.clone();
            let depth = self.nodes[i].depth;
            if self.expand(&cur, origin, i as u32, depth, v) {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Tries every step of the piece in hand of `cur` (reached by `depth` steps, at node
    /// `parent`): completed moves go to the visitor, released pieces become new states.
    fn expand<V: Visitor>(
        &mut self,
        cur: &Cursor,
        origin: Origin,
        parent: u32,
        depth: u16,
        v: &mut V,
    ) -> bool {
        let depth = depth.saturating_add(1);
        for to in Squares(cur.targets()) {
            let promos: &[Option<Role>] =
                if cur.needs_promotion(to) { &PROMOTIONS } else { &[None] };
            for &promotion in promos {
                let mut next = cur.clone();
                let step = Step { to, promotion };
                match next.place_unchecked(to, promotion) {
                    Placed::Done(end) => {
                        if v.end(self, origin, next, end, Link { node: parent, step, depth }) {
                            return true;
                        }
                    }
                    Placed::Released => self.add_node::<V>(next, origin, parent, step, depth),
                }
            }
        }
        false
    }

    /// Records a chain state, or for one already reached by an equally short path, keeps the
    /// path with the smaller text.
    fn add_node<V: Visitor>(
        &mut self,
        cur: Cursor,
        origin: Origin,
        parent: u32,
        step: Step,
        depth: u16,
    ) {
        let key = cur.chain_key();
        let new = self.nodes.len() as u32;
        let nodes = &self.nodes;
        let found =
            self.visited.find_or_insert(key, new, |i| nodes[i as usize].cur.same_state(&cur));
        match found {
            None => self.nodes.push(Node { cur, key, parent, step, depth }),
            Some(i) => {
                let old = &self.nodes[i as usize];
                debug_assert_eq!(old.key, key);
                if V::TEXTS && old.depth == depth {
                    let old_link = Link { node: old.parent, step: old.step, depth };
                    let new_link = Link { node: parent, step, depth };
                    if self.text(origin, new_link) < self.text(origin, old_link) {
                        let node = &mut self.nodes[i as usize];
                        node.parent = parent;
                        node.step = step;
                    }
                }
            }
        }
    }
}

/// Stops at the first completed move.
pub(crate) struct AnyEnd;

impl Visitor for AnyEnd {
    fn end(&mut self, _: &Search, _: Origin, _: Cursor, _: End, _: Link) -> bool {
        true
    }
}

/// Stops at the first move that bonds the enemy king.
struct Win;

impl Visitor for Win {
    const ONLY_SINGLES: bool = true;

    fn end(&mut self, _: &Search, _: Origin, _: Cursor, end: End, _: Link) -> bool {
        end.win
    }
}

/// Stops at the first completed move that used the en passant step.
struct EpUsed;

impl Visitor for EpUsed {
    fn end(&mut self, _: &Search, _: Origin, cur: Cursor, _: End, _: Link) -> bool {
        cur.ep.is_none()
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
    if b.role_at(Color::White, at).is_some() || b.role_at(Color::Black, at).is_some() {
        // Only empty squares are asked about (a king never shares a square).
        return false;
    }
    b.put(color, Role::King, at);
    threatened(&b, color)
}

/// Whether `color`'s king on `board` could be bonded by the opponent moving now.
pub(crate) fn threatened(board: &Board, color: Color) -> bool {
    let Some(king) = board.king(color) else { return false };
    if board.role_at(!color, king).is_some() {
        // Already bonded: the game is over.
        return true;
    }
    let them = !color;
    let base = Cursor::bare(board.clone(), them);
    // A direct step onto the king is the common case and needs no chain search.
    let singles = board.singles(them) & !board.pieces(them, Role::King);
    for from in Squares(singles) {
        let mut c = base.clone();
        if c.lift(from).is_ok() && c.targets() & king.bit() != 0 {
            return true;
        }
    }
    // Only a chain can reach the king: some single must be able to enter a bond.
    if board.bonds() == 0 {
        return false;
    }
    Search::default().pieces(&base, None, &mut Win)
}

/// Whether the side to move of `pos` can use its en passant square in some legal move.
pub(crate) fn ep_usable(pos: &Friendly) -> bool {
    let Some(e) = pos.ep else { return false };
    let us = pos.turn;
    // The pawn that double-stepped stands one square further on, seen from the capturer.
    let victim = match us {
        Color::White => e.index().checked_sub(8),
        Color::Black => Some(e.index() + 8),
    }
    .and_then(Square::from_index);
    let Some(victim) = victim else { return false };
    // A capturing pawn steps from beside the victim. It is there alone, or it can only be
    // released there from a bond in the middle of a chain.
    let beside = [-1i8, 1]
        .into_iter()
        .filter_map(|df| Square::new(victim.file().wrapping_add_signed(df), victim.rank()));
    let board = &pos.board;
    let own_pawns = board.pieces(us, Role::Pawn) & board.singles(us);
    if !beside.into_iter().any(|x| (own_pawns | board.bonds()) & x.bit() != 0) {
        return false;
    }
    Search::default().all(pos, &mut EpUsed)
}

/// Whether the move begun in `cur` (a piece in hand) can be completed.
pub(crate) fn completable(cur: &Cursor) -> bool {
    if cur.hand == Hand::Empty {
        return false;
    }
    let origin = Origin { owed: None, from: Square::from_u8(0) };
    Search::default().lifted(cur.clone(), origin, &mut AnyEnd)
}

/// One legal move: the resulting position and the path that reaches it.
struct Entry {
    child: Friendly,
    origin: Origin,
    link: Link,
}

/// Collects the distinct resulting positions with their canonical paths.
pub(crate) struct Collect<'p, const TEXTS: bool> {
    pos: &'p Friendly,
    entries: Vec<Entry>,
    index: Table,
}

impl<const T: bool> Visitor for Collect<'_, T> {
    const TEXTS: bool = T;

    fn end(&mut self, search: &Search, origin: Origin, cur: Cursor, end: End, link: Link) -> bool {
        let child = self.pos.after(cur, end);
        let key = child.zobrist();
        let new = self.entries.len() as u32;
        let entries = &self.entries;
        match self.index.find_or_insert(key, new, |i| entries[i as usize].child == child) {
            None => self.entries.push(Entry { child, origin, link }),
            Some(i) => {
                let old = &self.entries[i as usize];
                let better = link.depth < old.link.depth
                    || (T
                        && link.depth == old.link.depth
                        && search.text(origin, link) < search.text(old.origin, old.link));
                if better {
                    let e = &mut self.entries[i as usize];
                    e.origin = origin;
                    e.link = link;
                }
            }
        }
        false
    }
}

/// Every legal move of `pos` with its resulting position, in generation order.
pub(crate) fn legal_moves(pos: &Friendly) -> Vec<(Move, Friendly)> {
    let mut search = Search::default();
    let mut c = Collect::<true> { pos, entries: Vec::new(), index: Table::default() };
    search.all(pos, &mut c);
    c.entries.into_iter().map(|e| (search.to_move(e.origin, e.link), e.child)).collect()
}

/// Every distinct position one move after `pos` (no move texts: perft).
pub(crate) fn children(pos: &Friendly, search: &mut Search) -> Vec<Friendly> {
    let mut c = Collect::<false> { pos, entries: Vec::new(), index: Table::default() };
    search.all(pos, &mut c);
    c.entries.into_iter().map(|e| e.child).collect()
}

/// Whether `pos` has a legal move.
pub(crate) fn has_move(pos: &Friendly) -> bool {
    Search::default().all(pos, &mut AnyEnd)
}
