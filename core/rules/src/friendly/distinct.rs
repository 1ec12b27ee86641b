//! The distinct moves of a Friendly chess position.
//!
//! Many step sequences lead to one position; the move list has each resulting position once,
//! under its canonical text (the shortest path, then the smallest text). [`Collect`] is the
//! walk's visitor that tells the results apart, and the functions here are what the
//! position's move list, perft and children are made of.

use super::Friendly;
use super::cursor::Hand;
use super::movegen::{Finish, Link, Visitor, Walk, with_walk};
use super::types::{Move, Square};
use crate::Position;
use crate::table::{ExactMap, NO_KEY, Table};

/// One legal move: the path to it.
#[derive(Clone, Copy)]
struct Entry {
    /// The walk's origin of the path.
    origin: u32,
    /// The path's end.
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
    /// The position whose moves are collected.
    pos: &'p Friendly,
    /// The distinct moves found.
    entries: Vec<Entry>,
    /// With an owed promotion: each entry's starting square and exact key (0 if none).
    keys: Vec<(u64, Square)>,
    /// Per record key, the landings seen: a square set per landed role and one for double
    /// steps.
    records: Vec<[u64; 7]>,
    /// The record of each record key.
    record_index: ExactMap,
    /// The record key and record looked up last ([`NO_KEY`] for none).
    last_record: (u64, u32),
    /// The entries whose moved piece came back to its own square, by Zobrist hash.
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
    /// An empty collector for the moves of `pos`, using the memory `spare`.
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
    pub(crate) fn moves_and_positions(&self, walk: &Walk) -> Vec<(Move, Friendly)> {
        let mut buf = Vec::new();
        self.entries
            .iter()
            .map(|e| {
                let m = walk.to_move_with(e.origin, e.link, &mut buf);
                (m, walk.materialize(self.pos, e.origin, e.link))
            })
            .collect()
    }

    /// The moves found.
    pub(crate) fn moves(&self, walk: &Walk) -> Vec<Move> {
        let mut buf = Vec::new();
        self.entries.iter().map(|e| walk.to_move_with(e.origin, e.link, &mut buf)).collect()
    }

    /// The resulting positions.
    pub(crate) fn positions(&self, walk: &Walk) -> Vec<Friendly> {
        self.entries.iter().map(|e| walk.materialize(self.pos, e.origin, e.link)).collect()
    }

    /// The number of distinct moves found.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

impl Visitor for Collect<'_> {
    fn end(&mut self, walk: &Walk, origin: u32, finish: Finish, link: Link) -> bool {
        let o = walk.origin(origin);
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
            let mine = walk.materialize(pos, origin, link);
            let entries = &self.entries;
            let z = mine.zobrist();
            let found = self.returning.find(z, |i| {
                let e = entries[i as usize];
                walk.materialize(pos, e.origin, e.link) == mine
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
    /// [`Collect::entries`].
    entries: Vec<Entry>,
    /// [`Collect::returning`].
    returning: Table,
    /// [`Collect::records`].
    records: Vec<[u64; 7]>,
    /// [`Collect::record_index`].
    record_index: ExactMap,
}

impl Spare {
    /// Whether this memory is small enough to keep for the next walk (one on a position rich
    /// in chains grows huge and should be given back).
    pub(crate) fn is_small(&self) -> bool {
        self.entries.capacity() <= 1 << 16
            && self.returning.slot_count() <= 1 << 12
            && self.record_index.slot_count() <= 1 << 16
    }
}

/// Walks every move of `pos` into a [`Collect`] and hands it to `f`.
fn collect<R>(pos: &Friendly, walk: &mut Walk, f: impl FnOnce(&Collect, &Walk) -> R) -> R {
    let mut c = Collect::new(pos, std::mem::take(&mut walk.spare));
    walk.all(pos, &mut c);
    c.finish();
    let result = f(&c, walk);
    walk.spare = c.into_spare();
    result
}

/// Every legal move of `pos` with its resulting position, in generation order.
pub(crate) fn legal_moves(pos: &Friendly) -> Vec<(Move, Friendly)> {
    with_walk(|s| collect(pos, s, |c, s| c.moves_and_positions(s)))
}

/// Every legal move of `pos`, in generation order.
pub(crate) fn legal_move_list(pos: &Friendly) -> Vec<Move> {
    with_walk(|s| collect(pos, s, |c, s| c.moves(s)))
}

/// Perft: the leaf nodes `depth` plies below `pos`. `walks` holds one reusable walk per
/// ply; each level builds its children one at a time, so a position with millions of moves
/// does not hold them all in memory at once.
pub(crate) fn perft(pos: &Friendly, depth: u32, walks: &mut Vec<Walk>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut walk = walks.pop().unwrap_or_default();
    let n = collect(pos, &mut walk, |c, s| {
        if depth == 1 {
            c.len() as u64
        } else {
            c.entries
                .iter()
                .map(|e| perft(&s.materialize(pos, e.origin, e.link), depth - 1, walks))
                .sum()
        }
    });
    walks.push(walk);
    n
}

/// Every distinct position one move after `pos`.
pub(crate) fn children(pos: &Friendly) -> Vec<Friendly> {
    with_walk(|s| collect(pos, s, |c, s| c.positions(s)))
}

/// The canonical moves of `pos` of at most `max_steps` steps (every move whose resulting
/// position cannot be reached in fewer steps).
pub(crate) fn moves_within(pos: &Friendly, max_steps: u16) -> Vec<Move> {
    /// A collector that keeps the moves of at most `.1` steps.
    struct Within<'p>(Collect<'p>, u16);
    impl Visitor for Within<'_> {
        fn end(&mut self, walk: &Walk, origin: u32, finish: Finish, link: Link) -> bool {
            if link.depth <= self.1 {
                self.0.end(walk, origin, finish, link);
            }
            false
        }
        fn depth_limit(&self) -> u16 {
            self.1.saturating_add(1)
        }
    }
    with_walk(|walk| {
        let mut w = Within(Collect::new(pos, std::mem::take(&mut walk.spare)), max_steps);
        walk.all(pos, &mut w);
        w.0.finish();
        let moves = w.0.moves(walk);
        walk.spare = w.0.into_spare();
        moves
    })
}

/// The number of legal moves of `pos`.
pub(crate) fn count_moves(pos: &Friendly) -> usize {
    with_walk(|s| collect(pos, s, |c, _| c.len()))
}
