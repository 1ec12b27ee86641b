//! Choosing the next puzzle: near the player's rating, moved by the difficulty they chose,
//! never one they solved, never the one just played.
//!
//! The target is the player's rating plus the difficulty's offset (-600, -300, 0, +300,
//! +600). The puzzles within (100 + |1500 - r| / 4) · k of the target fit, for k = 1, then
//! 2, 3 and 4 while none fits: players far from the middle, where puzzles are fewer, get a
//! wider window at once (lichess's rule). When not even the widest window holds an unsolved
//! puzzle, the unsolved puzzle nearest the target is chosen. Among the puzzles that fit, the
//! caller's seed picks one, so a choice is the same for the same seed and state.
//!
//! A [`Selector`] reads the bank's puzzles sorted by rating (the bank's rating index, built
//! once per bank) and keeps a count tree of the unsolved ones over that order, so a choice is
//! two binary searches and a few walks down the tree, never a scan of the bank, even when
//! nearly everything is solved.

use std::fmt;
use std::str::FromStr;

use crate::{Bank, Puzzle, PuzzleId};

/// How hard the player wants their puzzles, relative to their rating.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// 600 below the player's rating.
    Easiest,
    /// 300 below.
    Easier,
    /// At the player's rating.
    #[default]
    Normal,
    /// 300 above.
    Harder,
    /// 600 above.
    Hardest,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easiest,
        Difficulty::Easier,
        Difficulty::Normal,
        Difficulty::Harder,
        Difficulty::Hardest,
    ];

    /// What the difficulty adds to the player's rating to make the target.
    pub const fn offset(self) -> i32 {
        match self {
            Difficulty::Easiest => -600,
            Difficulty::Easier => -300,
            Difficulty::Normal => 0,
            Difficulty::Harder => 300,
            Difficulty::Hardest => 600,
        }
    }

    /// The stable name (`easiest` ... `hardest`), for settings and the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easiest => "easiest",
            Difficulty::Easier => "easier",
            Difficulty::Normal => "normal",
            Difficulty::Harder => "harder",
            Difficulty::Hardest => "hardest",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = UnknownDifficulty;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| UnknownDifficulty(s.chars().take(40).collect()))
    }
}

/// A name that is no difficulty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown difficulty: {0:?} (easiest, easier, normal, harder, hardest)")]
pub struct UnknownDifficulty(pub String);

/// The widest window is this many times the first.
const WIDENINGS: u32 = 4;

/// The half-width of the window of a player rated `rating` at widening `k` (1 to 4).
pub fn window(rating: f64, k: u32) -> f64 {
    (100.0 + (1500.0 - finite_rating(rating)).abs() / 4.0) * f64::from(k)
}

/// `rating`, or 1500 if it is not a number.
fn finite_rating(rating: f64) -> f64 {
    if rating.is_finite() { rating } else { 1500.0 }
}

/// A bank's puzzles sorted by rating (ties by id): built once when the bank is made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct RatingIndex {
    /// The bank's positions of its puzzles, by rating.
    order: Vec<u32>,
    /// The ratings in that order.
    ratings: Vec<u16>,
    /// For each puzzle of the bank, its place in `order`.
    place: Vec<u32>,
}

impl RatingIndex {
    /// The index of `puzzles` (at most `u32::MAX` of them: a bank is far smaller).
    pub(crate) fn new(puzzles: &[Puzzle]) -> RatingIndex {
        let mut order: Vec<u32> =
            (0..puzzles.len()).filter_map(|i| u32::try_from(i).ok()).collect();
        let key = |i: &u32| puzzles.get(*i as usize).map(|p| (p.rating, &p.id));
        order.sort_by(|a, b| key(a).cmp(&key(b)));
        let ratings =
            order.iter().map(|&i| puzzles.get(i as usize).map_or(0, |p| p.rating)).collect();
        let mut place = vec![0u32; order.len()];
        for (k, &i) in order.iter().enumerate() {
            if let (Some(slot), Ok(k)) = (place.get_mut(i as usize), u32::try_from(k)) {
                *slot = k;
            }
        }
        RatingIndex { order, ratings, place }
    }

    /// The number of puzzles.
    fn len(&self) -> usize {
        self.order.len()
    }

    /// The first place whose rating is at least `low`, and the first past `high`.
    fn range(&self, low: f64, high: f64) -> (usize, usize) {
        let lo = self.ratings.partition_point(|&r| f64::from(r) < low);
        let hi = self.ratings.partition_point(|&r| f64::from(r) <= high);
        (lo, hi.max(lo))
    }
}

/// What the next choice is for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Request<'a> {
    /// The player's rating in this game.
    pub rating: f64,
    /// The difficulty they chose.
    pub difficulty: Difficulty,
    /// The puzzle just played, which is not chosen again at once even if it was failed.
    pub last: Option<&'a PuzzleId>,
    /// Picks among the puzzles that fit: the same seed gives the same choice.
    pub seed: u64,
}

/// Chooses puzzles from one bank for one player: which of the bank's puzzles the player has
/// solved, kept as counts over the bank's rating order.
#[derive(Clone, Debug)]
pub struct Selector<'b> {
    bank: &'b Bank,
    /// Whether each place of the rating order is still unsolved.
    open: Vec<bool>,
    /// A Fenwick tree over `open`: prefix counts of unsolved puzzles in O(log n).
    tree: Vec<u32>,
}

impl<'b> Selector<'b> {
    /// A selector over `bank` for a player who solved the puzzles for which `solved` says so.
    pub fn new(bank: &'b Bank, solved: impl Fn(&PuzzleId) -> bool) -> Selector<'b> {
        let index = bank.rating_index();
        let open: Vec<bool> = index
            .order
            .iter()
            .map(|&i| bank.puzzles().get(i as usize).is_some_and(|p| !solved(&p.id)))
            .collect();
        // Linear construction: each node passes its sum to its parent.
        let n = open.len();
        let mut tree = vec![0u32; n + 1];
        for k in 1..=n {
            tree[k] += u32::from(open[k - 1]);
            let parent = k + (k & k.wrapping_neg());
            if parent <= n {
                tree[parent] += tree[k];
            }
        }
        Selector { bank, open, tree }
    }

    /// Marks a puzzle solved, so it is never chosen again; whether it was unsolved.
    pub fn mark_solved(&mut self, id: &PuzzleId) -> bool {
        let Some(place) = self.place_of(id) else { return false };
        match self.open.get_mut(place) {
            Some(open) if *open => {
                *open = false;
                let mut k = place + 1;
                while k < self.tree.len() {
                    self.tree[k] = self.tree[k].saturating_sub(1);
                    k += k & k.wrapping_neg();
                }
                true
            }
            _ => false,
        }
    }

    /// How many of the bank's puzzles are unsolved.
    pub fn unsolved(&self) -> usize {
        self.prefix(self.open.len())
    }

    /// The next puzzle for `request`, or `None` when every puzzle of the bank is solved (or
    /// the only unsolved one is the one just played).
    pub fn next(&self, request: &Request<'_>) -> Option<&'b Puzzle> {
        let index = self.bank.rating_index();
        let rating = finite_rating(request.rating);
        let target = rating + f64::from(request.difficulty.offset());
        let last = request.last.and_then(|id| self.place_of(id)).filter(|&p| self.is_open(p));
        let mut rng = SplitMix64::new(request.seed);
        for k in 1..=WIDENINGS {
            let w = window(rating, k);
            let (lo, hi) = index.range(target - w, target + w);
            if let Some(place) = self.pick(lo, hi, last, &mut rng) {
                return self.puzzle_at(place);
            }
        }
        self.nearest(target, last).and_then(|place| self.puzzle_at(place))
    }

    /// The puzzle at `place` of the rating order.
    fn puzzle_at(&self, place: usize) -> Option<&'b Puzzle> {
        let i = *self.bank.rating_index().order.get(place)?;
        self.bank.puzzles().get(i as usize)
    }

    /// The place of `id` in the rating order.
    fn place_of(&self, id: &PuzzleId) -> Option<usize> {
        let i = self.bank.position(id)?;
        self.bank.rating_index().place.get(i).map(|&p| p as usize)
    }

    fn is_open(&self, place: usize) -> bool {
        self.open.get(place).copied().unwrap_or(false)
    }

    /// The number of unsolved places before `end`.
    fn prefix(&self, end: usize) -> usize {
        let mut k = end.min(self.open.len());
        let mut sum = 0usize;
        while k > 0 {
            sum += self.tree[k] as usize;
            k &= k - 1;
        }
        sum
    }

    /// The place of the unsolved puzzle with `nth` unsolved ones before it (0-based).
    fn nth_open(&self, nth: usize) -> Option<usize> {
        let n = self.open.len();
        let mut step = if n == 0 { 0 } else { 1usize << (usize::BITS - 1 - n.leading_zeros()) };
        let (mut at, mut left) = (0usize, nth);
        while step > 0 {
            let next = at + step;
            if next <= n && (self.tree[next] as usize) <= left {
                at = next;
                left -= self.tree[next] as usize;
            }
            step >>= 1;
        }
        // `at` unsolved-counted places precede the answer, which is place `at`.
        (at < n && self.is_open(at)).then_some(at)
    }

    /// A uniformly chosen unsolved place in `lo..hi` other than `last`.
    fn pick(
        &self,
        lo: usize,
        hi: usize,
        last: Option<usize>,
        rng: &mut SplitMix64,
    ) -> Option<usize> {
        let before = self.prefix(lo);
        let mut count = self.prefix(hi) - before;
        let skip = last.filter(|&p| (lo..hi).contains(&p)).map(|p| self.prefix(p));
        if skip.is_some() {
            count = count.saturating_sub(1);
        }
        if count == 0 {
            return None;
        }
        let mut nth = before + rng.below(count as u64) as usize;
        if skip.is_some_and(|s| nth >= s) {
            nth += 1;
        }
        self.nth_open(nth)
    }

    /// The unsolved place nearest `target` in rating, other than `last` (the lower on a tie).
    fn nearest(&self, target: f64, last: Option<usize>) -> Option<usize> {
        let index = self.bank.rating_index();
        let split = index.ratings.partition_point(|&r| f64::from(r) < target);
        let below_count = self.prefix(split);
        let below = (0..2)
            .filter_map(|back| below_count.checked_sub(back + 1).and_then(|n| self.nth_open(n)))
            .find(|&p| Some(p) != last);
        let above =
            (0..2).filter_map(|on| self.nth_open(below_count + on)).find(|&p| Some(p) != last);
        let distance = |p: usize| {
            index.ratings.get(p).map_or(f64::INFINITY, |&r| (f64::from(r) - target).abs())
        };
        match (below, above) {
            (Some(b), Some(a)) => Some(if distance(a) < distance(b) { a } else { b }),
            (b, a) => b.or(a),
        }
    }

    /// The number of puzzles in the bank (solved or not).
    pub fn len(&self) -> usize {
        self.bank.rating_index().len()
    }

    /// Whether the bank has no puzzle.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The workspace's SplitMix64 stream ([`rodina_rules::random`]), whose arithmetic never
/// changes: a seed chooses the same puzzle on every device and in every later version,
/// whatever happens to the random crates.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator started from `seed`.
    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 bits.
    pub(crate) fn next(&mut self) -> u64 {
        rodina_rules::random::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (0 if `n` is 0), by Lemire's multiply-high.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Shuffles `items` (Fisher–Yates).
    #[cfg(test)]
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use rodina_rules::Variant;

    use super::*;
    use crate::Theme;

    fn puzzle(i: usize, rating: u16) -> Puzzle {
        Puzzle {
            id: format!("s{i}").parse().unwrap(),
            variant: Variant::JesonMor,
            fen: "4n4/9/9/9/4N4/9/9/9/4N4 b - - 0 1".to_string(),
            moves: vec!["e9d7".into(), "e5c4".into()],
            rating,
            deviation: 80,
            themes: vec![Theme::Centre, Theme::OneMove],
            generator: 1,
        }
    }

    fn bank_of(ratings: &[u16]) -> Bank {
        Bank::from_puzzles(ratings.iter().enumerate().map(|(i, &r)| puzzle(i, r)).collect())
            .unwrap()
    }

    fn request(rating: f64, difficulty: Difficulty, seed: u64) -> Request<'static> {
        Request { rating, difficulty, last: None, seed }
    }

    #[test]
    fn difficulty_names_read_back() {
        let offsets: Vec<i32> = Difficulty::ALL.iter().map(|d| d.offset()).collect();
        assert_eq!(offsets, [-600, -300, 0, 300, 600]);
        for d in Difficulty::ALL {
            assert_eq!(d.to_string().parse::<Difficulty>(), Ok(d));
        }
        assert_eq!("Hard".parse::<Difficulty>(), Err(UnknownDifficulty("Hard".into())));
        assert_eq!(Difficulty::default(), Difficulty::Normal);
    }

    #[test]
    fn the_window_follows_lichess() {
        assert_eq!(window(1500.0, 1), 100.0);
        assert_eq!(window(2300.0, 1), 300.0);
        assert_eq!(window(700.0, 3), 900.0);
        assert_eq!(window(f64::NAN, 2), 200.0);
    }

    #[test]
    fn the_target_moves_with_the_difficulty() {
        let bank = bank_of(&[900, 1200, 1500, 1800, 2100]);
        let selector = Selector::new(&bank, |_| false);
        let chosen: Vec<u16> = Difficulty::ALL
            .iter()
            .map(|&d| selector.next(&request(1500.0, d, 1)).unwrap().rating)
            .collect();
        assert_eq!(chosen, [900, 1200, 1500, 1800, 2100]);
    }

    #[test]
    fn the_window_widens_when_nothing_fits() {
        // At 1500 the windows are 100, 200, 300 and 400 wide; 1840 fits only the fourth.
        let bank = bank_of(&[1840, 2500]);
        let selector = Selector::new(&bank, |_| false);
        assert_eq!(selector.next(&request(1500.0, Difficulty::Normal, 0)).unwrap().rating, 1840);
        // Past every window: the nearest unsolved one.
        let bank2 = bank_of(&[400, 2990]);
        let selector = Selector::new(&bank2, |_| false);
        assert_eq!(selector.next(&request(1500.0, Difficulty::Harder, 0)).unwrap().rating, 2990);
        assert_eq!(selector.next(&request(1500.0, Difficulty::Easiest, 0)).unwrap().rating, 400);
    }

    #[test]
    fn never_solved_never_the_last_one() {
        let ratings: Vec<u16> = (0..300).map(|i| 1400 + (i % 200) as u16).collect();
        let bank = bank_of(&ratings);
        let mut selector = Selector::new(&bank, |id| id.as_str().ends_with('7'));
        let mut solved: BTreeSet<PuzzleId> =
            bank.iter().filter(|p| p.id.as_str().ends_with('7')).map(|p| p.id.clone()).collect();
        assert_eq!(selector.unsolved(), 300 - solved.len());
        let mut last: Option<PuzzleId> = None;
        for seed in 0.. {
            let req = Request { last: last.as_ref(), ..request(1500.0, Difficulty::Normal, seed) };
            let Some(p) = selector.next(&req) else { break };
            assert!(!solved.contains(&p.id), "{} again", p.id);
            assert_ne!(Some(&p.id), last.as_ref());
            assert!(selector.mark_solved(&p.id));
            assert!(!selector.mark_solved(&p.id));
            solved.insert(p.id.clone());
            last = Some(p.id.clone());
        }
        assert_eq!(solved.len(), 300);
        assert_eq!(selector.unsolved(), 0);
        // The last one played is not offered again, even when it is all that is left.
        let one = bank_of(&[1500]);
        let selector = Selector::new(&one, |_| false);
        let id = one.puzzles()[0].id.clone();
        assert!(
            selector
                .next(&Request { last: Some(&id), ..request(1500.0, Difficulty::Normal, 0) })
                .is_none()
        );
        assert!(selector.next(&request(1500.0, Difficulty::Normal, 0)).is_some());
    }

    #[test]
    fn choices_are_deterministic_and_spread() {
        let ratings: Vec<u16> = (0..1000).map(|i| 1000 + i as u16).collect();
        let bank = bank_of(&ratings);
        let selector = Selector::new(&bank, |_| false);
        let mut seen: BTreeMap<PuzzleId, usize> = BTreeMap::new();
        for seed in 0..2000 {
            let req = request(1500.0, Difficulty::Normal, seed);
            let p = selector.next(&req).unwrap();
            assert_eq!(selector.next(&req).map(|q| &q.id), Some(&p.id));
            assert!((1400..=1600).contains(&p.rating), "{}", p.rating);
            *seen.entry(p.id.clone()).or_default() += 1;
        }
        // 201 puzzles fit; 2000 seeds reach most of them.
        assert!(seen.len() > 180, "{}", seen.len());
    }

    #[test]
    fn the_tree_agrees_with_a_scan() {
        let mut rng = SplitMix64::new(9);
        let ratings: Vec<u16> = (0..500).map(|_| 600 + rng.below(2000) as u16).collect();
        let bank = bank_of(&ratings);
        let mut selector = Selector::new(&bank, |_| false);
        for round in 0..400 {
            let rating = 500.0 + rng.below(2500) as f64;
            let d = Difficulty::ALL[rng.below(5) as usize];
            let p = selector.next(&request(rating, d, round)).unwrap();
            // The chosen puzzle is in the first window that holds any unsolved puzzle.
            let target = rating + f64::from(d.offset());
            let fits =
                |k: u32, q: &Puzzle| (f64::from(q.rating) - target).abs() <= window(rating, k);
            let open: Vec<&Puzzle> = bank
                .iter()
                .filter(|q| {
                    selector.open[bank.rating_index().place[bank.position(&q.id).unwrap()] as usize]
                })
                .collect();
            match (1..=4).find(|&k| open.iter().any(|q| fits(k, q))) {
                Some(k) => assert!(fits(k, p), "round {round}"),
                None => {
                    let best = open
                        .iter()
                        .map(|q| (f64::from(q.rating) - target).abs())
                        .fold(f64::INFINITY, f64::min);
                    assert_eq!((f64::from(p.rating) - target).abs(), best);
                }
            }
            selector.mark_solved(&p.id);
        }
    }

    #[test]
    fn an_empty_bank_has_nothing_to_choose() {
        let bank = bank_of(&[]);
        let selector = Selector::new(&bank, |_| false);
        assert!(selector.is_empty());
        assert!(selector.next(&request(1500.0, Difficulty::Normal, 0)).is_none());
    }
}
