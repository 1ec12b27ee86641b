//! The transposition table: search results by state hash, so that a state reached again (by
//! another move order, or in the next iteration) is not searched again, and its best move is
//! tried first.

use crate::score::{MATE_BOUND, from_tt, to_tt};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value equals the score.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// An exact result replaces a mere bound of the same state searched up to this many plies
/// deeper.
const EXACT_OVER_BOUND: i32 = 2;

/// One slot: 16 bytes, so that a cluster of two fills a quarter of a cache line.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u32,
    score: i16,
    depth: i8,
    /// Bound in the low two bits (0 = empty), generation in the high six.
    meta: u8,
}

impl Entry {
    fn bound(self) -> Option<Bound> {
        match self.meta & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }

    fn generation(self) -> u8 {
        self.meta >> 2
    }
}

/// A hit in the table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    /// The key of the best (or refuting) move found, 0 if none.
    pub(crate) mv: u32,
    /// The score, adjusted to the probing ply.
    pub(crate) score: i32,
    /// The depth the score was searched to.
    pub(crate) depth: i32,
    /// What the score means.
    pub(crate) bound: Bound,
}

/// A fixed-size table of two-slot clusters: one slot keeps the deepest result, the other the
/// most recent one, so deep results survive a flood of shallow ones.
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `bytes` bytes (rounded down to a power of two clusters, at least one).
    pub(crate) fn new(bytes: usize) -> Table {
        let clusters = (bytes / (2 * std::mem::size_of::<Entry>())).max(1);
        let clusters =
            if clusters.is_power_of_two() { clusters } else { clusters.next_power_of_two() / 2 };
        Table { slots: vec![Entry::default(); clusters * 2], mask: clusters - 1, generation: 0 }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn cluster(&self, key: u64) -> usize {
        // The high bits pick the cluster; the full key is compared on probe.
        ((key >> 32) as usize & self.mask) * 2
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let c = self.cluster(key);
        for e in &self.slots[c..c + 2] {
            if e.key == key {
                let bound = e.bound()?;
                return Some(Hit {
                    mv: e.mv,
                    score: from_tt(i32::from(e.score), ply),
                    depth: i32::from(e.depth),
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. A result without a move keeps the move already stored for the key.
    ///
    /// Depth-preferred with aging: a state already stored keeps its result against a
    /// shallower one of the same search (a deeper result answers every probe the shallower
    /// one would, and more), unless the stored one comes from an older search, or the new
    /// one is an exact score and the stored one a bound at most [`EXACT_OVER_BOUND`] plies
    /// deeper. A new state goes to the deep slot if that holds an older search's result or
    /// one no deeper, otherwise to the recent slot, which always takes it.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: u32,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let c = self.cluster(key);
        let generation = self.generation;
        let depth = depth.clamp(-1, 100) as i8;
        let mut mv = mv;
        // The same state is kept in one slot only, so a probe never finds a stale twin.
        if let Some(i) =
            (c..c + 2).find(|&i| self.slots[i].key == key && self.slots[i].bound().is_some())
        {
            let old = self.slots[i];
            let replaces = old.generation() != generation
                || depth >= old.depth
                || (bound == Bound::Exact
                    && old.bound() != Some(Bound::Exact)
                    && i32::from(old.depth) - i32::from(depth) <= EXACT_OVER_BOUND);
            if !replaces {
                if old.mv == 0 {
                    // A refutation found by the shallower search still orders the moves.
                    self.slots[i].mv = mv;
                }
                return;
            }
            if mv == 0 {
                mv = old.mv;
            }
            self.slots[i] = Entry::default();
        }
        let deep = self.slots[c];
        let target =
            if deep.bound().is_none() || deep.generation() != generation || depth >= deep.depth {
                if deep.bound().is_some() && self.slots[c + 1].bound().is_none() {
                    // A free recent slot takes the result the deep slot gives up.
                    self.slots[c + 1] = deep;
                }
                c
            } else {
                c + 1
            };
        let meta = (generation << 2)
            | match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            };
        debug_assert!(score.abs() <= MATE_BOUND + 1000);
        self.slots[target] = Entry { key, mv, score: to_tt(score, ply) as i16, depth, meta };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;

    #[test]
    fn stores_and_finds_with_mate_scores_relative_to_ply() {
        let mut t = Table::new(1 << 16);
        t.store(42, 3, 7, MATE - 10, 5, Bound::Exact);
        let hit = t.probe(42, 3).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (7, MATE - 10, 5, Bound::Exact));
        // Seen from a ply two deeper, the same mate is two plies nearer the root's view.
        assert_eq!(t.probe(42, 5).map(|h| h.score), Some(MATE - 12));
        assert!(t.probe(43, 3).is_none());
    }

    #[test]
    fn keeps_the_move_when_a_result_has_none() {
        let mut t = Table::new(1 << 10);
        t.store(9, 0, 5, 10, 3, Bound::Lower);
        t.store(9, 0, 0, 20, 4, Bound::Upper);
        let hit = t.probe(9, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.bound), (5, 20, Bound::Upper));
    }

    /// Keys of one cluster (the high half picks it), told apart by the low half.
    fn same_cluster(n: u64) -> u64 {
        (5 << 32) | n
    }

    #[test]
    fn a_shallower_result_does_not_replace_a_deeper_one_of_the_same_search() {
        let mut t = Table::new(1 << 10);
        t.new_search();
        let (a, b) = (same_cluster(1), same_cluster(2));
        // In the deep slot.
        t.store(a, 0, 5, 120, 8, Bound::Lower);
        t.store(a, 0, 6, -40, 3, Bound::Upper);
        let hit = t.probe(a, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (5, 120, 8, Bound::Lower));
        // In the recent slot (the deep one holds a deeper result of another key).
        t.store(b, 0, 7, 30, 4, Bound::Lower);
        t.store(b, 0, 8, 10, 2, Bound::Upper);
        let hit = t.probe(b, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (7, 30, 4, Bound::Lower));
        assert_eq!(t.probe(a, 0).map(|h| h.depth), Some(8), "the deep slot kept its result");
        // As deep a result replaces it.
        t.store(a, 0, 9, 60, 8, Bound::Upper);
        let hit = t.probe(a, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (9, 60, 8, Bound::Upper));
    }

    #[test]
    fn an_exact_result_replaces_a_slightly_deeper_bound() {
        let mut t = Table::new(1 << 10);
        t.new_search();
        let a = same_cluster(1);
        t.store(a, 0, 5, 120, 8, Bound::Lower);
        // Far shallower (a quiescence result): the deep bound stays.
        t.store(a, 0, 6, 80, 0, Bound::Exact);
        assert_eq!(t.probe(a, 0).map(|h| (h.depth, h.bound)), Some((8, Bound::Lower)));
        // Nearly as deep: the exact score says more than the bound.
        t.store(a, 0, 6, 80, 8 - EXACT_OVER_BOUND, Bound::Exact);
        let hit = t.probe(a, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.bound), (6, 80, Bound::Exact));
        // A shallower exact score does not replace a deeper exact one.
        t.store(a, 0, 7, 10, 1, Bound::Exact);
        assert_eq!(t.probe(a, 0).map(|h| h.score), Some(80));
    }

    #[test]
    fn results_of_an_older_search_give_way() {
        let mut t = Table::new(1 << 10);
        t.new_search();
        let (a, b, c) = (same_cluster(1), same_cluster(2), same_cluster(3));
        t.store(a, 0, 5, 120, 9, Bound::Lower);
        t.new_search();
        // The same key, shallower, from this search.
        t.store(a, 0, 6, 40, 2, Bound::Upper);
        let hit = t.probe(a, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (6, 40, 2, Bound::Upper));
        // Another key, shallower, takes an old deep slot too.
        t.new_search();
        t.store(b, 0, 7, 0, 1, Bound::Exact);
        assert_eq!(t.probe(b, 0).map(|h| h.depth), Some(1));
        // Now of this search, the deep slot holds: a third key goes to the recent slot and
        // a fourth replaces it there.
        t.store(c, 0, 8, 0, 0, Bound::Exact);
        assert!(t.probe(b, 0).is_some() && t.probe(c, 0).is_some());
        t.store(same_cluster(4), 0, 9, 0, 0, Bound::Exact);
        assert!(t.probe(b, 0).is_some() && t.probe(c, 0).is_none());
    }

    #[test]
    fn a_flood_of_shallow_results_keeps_the_deepest() {
        let mut t = Table::new(1 << 10);
        t.new_search();
        let deep = same_cluster(1);
        t.store(deep, 0, 5, 77, 12, Bound::Exact);
        for n in 2..200 {
            t.store(same_cluster(n), 0, 1, 0, (n % 7) as i32, Bound::Lower);
            // Results for the deep key from shallower searches come by now and then.
            t.store(deep, 0, 3, -5, (n % 11) as i32, Bound::Upper);
        }
        let hit = t.probe(deep, 0).expect("kept");
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (5, 77, 12, Bound::Exact));
    }
}
