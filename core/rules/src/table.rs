//! Hash tables keyed by 64-bit numbers (Zobrist hashes, packed chain states), for move
//! generation: open addressing with linear probing in a power-of-two array of slots.
//!
//! The tables are emptied and refilled for every starting piece of every position, so they
//! keep their memory and remember which slots they filled: emptying costs what was filled,
//! not the table's size. Three kinds share the probing, growing and emptying:
//! [`Table`] (several indices per key, told apart by the caller), [`ExactMap`] (one index per
//! key) and [`KeySet`].

/// The key no entry of an [`ExactMap`] or a [`KeySet`] may have: it marks their empty slots.
pub(crate) const NO_KEY: u64 = u64::MAX;

/// The index no entry of a [`Table`] may have: it marks its empty slots.
const NO_INDEX: u32 = u32::MAX;

/// A slot of a table: an entry or the empty mark.
trait Slot: Copy {
    /// The empty slot.
    const EMPTY: Self;

    /// Whether this is the empty slot.
    fn is_empty(self) -> bool;

    /// The key of the entry in this slot.
    fn key(self) -> u64;
}

/// A [`Table`] entry: an index and its key.
impl Slot for (u32, u64) {
    const EMPTY: Self = (NO_INDEX, 0);

    #[inline]
    fn is_empty(self) -> bool {
        self.0 == NO_INDEX
    }

    #[inline]
    fn key(self) -> u64 {
        self.1
    }
}

/// An [`ExactMap`] entry: a key and its index.
impl Slot for (u64, u32) {
    const EMPTY: Self = (NO_KEY, 0);

    #[inline]
    fn is_empty(self) -> bool {
        self.0 == NO_KEY
    }

    #[inline]
    fn key(self) -> u64 {
        self.0
    }
}

/// A [`KeySet`] entry: the key alone.
impl Slot for u64 {
    const EMPTY: Self = NO_KEY;

    #[inline]
    fn is_empty(self) -> bool {
        self == NO_KEY
    }

    #[inline]
    fn key(self) -> u64 {
        self
    }
}

/// The slot where the probe for `key` starts, before masking to the table's size. Packed
/// chain states are far from random, so the key's bits are spread first.
#[inline]
fn home(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize
}

/// The slots of a table with the count of entries and the list of filled slots.
struct Slots<S> {
    slots: Vec<S>,
    len: usize,
    /// The filled slots, so that [`Slots::clear`] can empty just those.
    used: Vec<u32>,
}

impl<S> Default for Slots<S> {
    fn default() -> Self {
        Slots { slots: Vec::new(), len: 0, used: Vec::new() }
    }
}

impl<S: Slot> Slots<S> {
    /// Empties the table. A table keeps the size the largest walk gave it, while most walks
    /// fill a few slots: those are emptied one by one, and the whole table only when that is
    /// cheaper.
    #[inline]
    fn clear(&mut self) {
        if self.used.len() * 8 > self.slots.len() {
            self.slots.fill(S::EMPTY);
        } else {
            for &i in &self.used {
                self.slots[i as usize] = S::EMPTY;
            }
        }
        self.used.clear();
        self.len = 0;
    }

    /// Makes room for one more entry: doubles the table if that entry would fill more than
    /// `quarters` quarters of it (the load under which its kind of probe stays short).
    #[inline]
    fn reserve_one(&mut self, quarters: usize) {
        if (self.len + 1) * 4 > self.slots.len() * quarters {
            self.grow();
        }
    }

    /// Doubles the table (to 64 slots at first) and puts the entries back.
    fn grow(&mut self) {
        let cap = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![S::EMPTY; cap]);
        self.used.clear();
        for slot in old.into_iter().filter(|s| !s.is_empty()) {
            let i = self.free_slot(slot.key());
            self.slots[i] = slot;
            self.used.push(i as u32);
        }
    }

    /// The first empty slot of `key`'s probe sequence. The table must have slots.
    #[inline]
    fn free_slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = home(key) & mask;
        while !self.slots[i].is_empty() {
            i = (i + 1) & mask;
        }
        i
    }

    /// Walks `key`'s probe sequence up to the first entry `hit` accepts (`Ok`) or the first
    /// empty slot (`Err`, with its position). The table must have slots.
    #[inline]
    fn probe(&self, key: u64, mut hit: impl FnMut(S) -> bool) -> Result<S, usize> {
        let mask = self.slots.len() - 1;
        let mut i = home(key) & mask;
        loop {
            let slot = self.slots[i];
            if slot.is_empty() {
                return Err(i);
            }
            if hit(slot) {
                return Ok(slot);
            }
            i = (i + 1) & mask;
        }
    }

    /// Puts `slot` in the empty slot at position `i`.
    #[inline]
    fn fill(&mut self, i: usize, slot: S) {
        self.slots[i] = slot;
        self.used.push(i as u32);
        self.len += 1;
    }
}

/// A hash table from 64-bit keys to indices; equal keys are resolved by the caller's
/// equality test, so a hash collision never merges two different positions.
#[derive(Default)]
pub(crate) struct Table {
    slots: Slots<(u32, u64)>,
}

impl Table {
    /// Removes every entry.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
    }

    /// The number of slots, which stays as large as the table ever grew.
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.slots.len()
    }

    /// The index stored under `key` that `same` accepts.
    pub(crate) fn find(&self, key: u64, mut same: impl FnMut(u32) -> bool) -> Option<u32> {
        if self.slots.slots.is_empty() {
            return None;
        }
        self.slots.probe(key, |(idx, k)| k == key && same(idx)).ok().map(|(idx, _)| idx)
    }

    /// Stores `index` under `key` (next to any other index with the same key).
    pub(crate) fn insert(&mut self, key: u64, index: u32) {
        debug_assert_ne!(index, NO_INDEX);
        self.slots.reserve_one(2);
        let i = self.slots.free_slot(key);
        self.slots.fill(i, (index, key));
    }
}

/// A map from exact 64-bit keys (never [`NO_KEY`]) to indices, probed once per lookup: a
/// miss leaves the free slot to fill.
#[derive(Default)]
pub(crate) struct ExactMap {
    slots: Slots<(u64, u32)>,
}

impl ExactMap {
    /// Removes every entry.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
    }

    /// The number of slots, which stays as large as the map ever grew.
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.slots.len()
    }

    /// The index under `key`, or the free slot where it goes.
    #[inline]
    pub(crate) fn probe(&mut self, key: u64) -> Result<u32, usize> {
        debug_assert_ne!(key, NO_KEY);
        // Linear probing stays short below three quarters full.
        self.slots.reserve_one(3);
        self.slots.probe(key, |(k, _)| k == key).map(|(_, idx)| idx)
    }

    /// Fills the free slot `probe` gave for `key`.
    #[inline]
    pub(crate) fn fill(&mut self, slot: usize, key: u64, index: u32) {
        self.slots.fill(slot, (key, index));
    }
}

/// A set of 64-bit keys (never [`NO_KEY`]).
#[derive(Default)]
pub(crate) struct KeySet {
    slots: Slots<u64>,
}

impl KeySet {
    /// Removes every key.
    pub(crate) fn clear(&mut self) {
        self.slots.clear();
    }

    /// The number of slots, which stays as large as the set ever grew.
    pub(crate) fn slot_count(&self) -> usize {
        self.slots.slots.len()
    }

    /// Adds `key`; `false` if it was there already.
    #[inline]
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        debug_assert_ne!(key, NO_KEY);
        self.slots.reserve_one(2);
        match self.slots.probe(key, |k| k == key) {
            Ok(_) => false,
            Err(i) => {
                self.slots.fill(i, key);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_keeps_colliding_entries_apart_by_the_callers_test() {
        let mut t = Table::default();
        assert_eq!(t.find(5, |_| true), None);
        for i in 0..200 {
            t.insert(i % 7, i as u32);
        }
        assert_eq!(t.find(3, |i| i == 150), Some(150));
        assert_eq!(t.find(3, |i| i == 151), None);
        t.clear();
        assert_eq!(t.find(3, |_| true), None);
        assert!(t.slot_count() >= 400);
    }

    #[test]
    fn an_exact_map_hands_out_free_slots_and_finds_what_was_filled() {
        let mut m = ExactMap::default();
        for key in 0..1000u64 {
            let key = key * 0x1_0000_0001;
            match m.probe(key) {
                Ok(_) => panic!("{key} was never filled"),
                Err(slot) => m.fill(slot, key, key as u32),
            }
        }
        assert_eq!(m.probe(0x1_0000_0001 * 999), Ok(999));
        m.clear();
        assert!(m.probe(0).is_err());
    }

    #[test]
    fn a_key_set_adds_each_key_once() {
        let mut s = KeySet::default();
        assert!((0..500).all(|k| s.insert(k << 40)));
        assert!((0..500).all(|k| !s.insert(k << 40)));
        // Emptying a few slots one by one, then the whole table.
        s.clear();
        assert!(s.insert(1) && !s.insert(1));
        s.clear();
        assert!(s.insert(1));
    }
}
