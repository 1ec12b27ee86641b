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
        let mut target = c + 1;
        if self.slots[c].key == key || self.slots[c].bound().is_none() {
            target = c;
        } else if self.slots[c + 1].key == key {
            target = c + 1;
        } else {
            let deep = self.slots[c];
            // The deep slot is replaced by deeper results or when it is from an older search.
            if depth >= deep.depth || deep.generation() != generation {
                target = c;
            }
        }
        let old = self.slots[target];
        let mv = if mv == 0 && old.key == key { old.mv } else { mv };
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
}
