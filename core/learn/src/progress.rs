//! Scores, stars and the best score per exercise.

use std::collections::BTreeMap;

use crate::ExerciseId;

/// Points for each target collected, piece taken and scripted reply played.
const PER_THING: u32 = 50;
/// The bonus for a solution within par.
const WITHIN_PAR: u32 = 500;
/// The bonus for a solution slightly over par (by at most max(1, par / 8) moves).
const NEAR_PAR: u32 = 300;
/// The bonus for any other solution.
const OVER_PAR: u32 = 100;
/// How far below the best score two stars still go.
const TWO_STARS_WITHIN: u32 = 200;

/// A solved exercise's score, as lichess's learn counts it: 50 for each target collected,
/// piece taken and scripted reply played, and a bonus of 500 within par, 300 slightly over
/// (by at most max(1, par / 8) moves), else 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score {
    /// The points.
    pub points: u32,
    /// The most points the same things could have scored within par.
    pub best: u32,
}

/// Stars for a score: 3 at the best, 2 within 200 of it, else 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stars(pub u8);

impl Score {
    /// The most targets, captures and replies one exercise can count: far more than any has
    /// (a board holds at most 90 points), so a stored best above it is damaged.
    pub const MOST_THINGS: u32 = 1_000;

    /// The score of a solution of `moves` moves against `par`, with what it collected.
    pub fn of(targets: u32, captures: u32, replies: u32, moves: u32, par: u32) -> Score {
        let things = PER_THING * (targets + captures + replies);
        let bonus = if moves <= par {
            WITHIN_PAR
        } else if moves <= par + (par / 8).max(1) {
            NEAR_PAR
        } else {
            OVER_PAR
        };
        Score { points: things + bonus, best: things + WITHIN_PAR }
    }

    /// Its stars. (Saturating: a score read from storage may hold any numbers.)
    pub fn stars(self) -> Stars {
        if self.points >= self.best {
            Stars(3)
        } else if self.points.saturating_add(TWO_STARS_WITHIN) >= self.best {
            Stars(2)
        } else {
            Stars(1)
        }
    }

    /// A score from its numbers as stored, if [`Score::of`] could have made it: the best is
    /// the within-par bonus and 50 for each thing collected, at most [`Score::MOST_THINGS`] of them,
    /// and the points are the best less nothing, the near-par or the over-par difference.
    /// `None` for anything else (a damaged or forged row).
    pub fn from_parts(points: u32, best: u32) -> Option<Score> {
        let things = best.checked_sub(WITHIN_PAR)?;
        let plausible = things % PER_THING == 0
            && things / PER_THING <= Score::MOST_THINGS
            && [WITHIN_PAR, NEAR_PAR, OVER_PAR]
                .iter()
                .any(|bonus| things.checked_add(*bonus) == Some(points));
        plausible.then_some(Score { points, best })
    }
}

/// The best score per exercise (an exercise never solved has none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    best: BTreeMap<ExerciseId, Score>,
}

impl Progress {
    /// No exercise solved yet.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Records a solution; keeps the better of it and the best so far. Returns whether it
    /// is a new best.
    pub fn record(&mut self, id: ExerciseId, score: Score) -> bool {
        match self.best.get(&id) {
            Some(old) if old.points >= score.points => false,
            _ => {
                self.best.insert(id, score);
                true
            }
        }
    }

    /// The best score of an exercise.
    pub fn best(&self, id: &ExerciseId) -> Option<Score> {
        self.best.get(id).copied()
    }

    /// Every exercise's best score.
    pub fn iter(&self) -> impl Iterator<Item = (&ExerciseId, Score)> {
        self.best.iter().map(|(id, s)| (id, *s))
    }

    /// Merges another device's progress: the best of both for every exercise (the same in
    /// either order, and merging twice changes nothing).
    pub fn merge(&mut self, other: &Progress) {
        for (id, score) in other.iter() {
            self.record(id.clone(), score);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lichess_scores_and_stars() {
        let s = Score::of(2, 0, 0, 2, 2);
        assert_eq!(s, Score { points: 600, best: 600 });
        assert_eq!(s.stars(), Stars(3));
        // One move over a par of 2 is slightly over: max(1, 2 / 8) = 1.
        let s = Score::of(2, 0, 0, 3, 2);
        assert_eq!((s.points, s.stars()), (400, Stars(2)));
        let s = Score::of(2, 0, 0, 4, 2);
        assert_eq!((s.points, s.stars()), (200, Stars(1)));
        // A par of 16 allows two moves over.
        assert_eq!(Score::of(0, 0, 0, 18, 16).points, 300);
        assert_eq!(Score::of(0, 0, 0, 19, 16).points, 100);
        assert_eq!(Score::of(1, 1, 1, 1, 1).points, 650);
    }

    #[test]
    fn stars_never_overflow_and_only_real_scores_are_read_back() {
        assert_eq!(Score { points: u32::MAX - 100, best: u32::MAX }.stars(), Stars(2));
        assert_eq!(Score { points: 0, best: u32::MAX }.stars(), Stars(1));
        assert_eq!(Score { points: u32::MAX, best: u32::MAX }.stars(), Stars(3));
        for (targets, captures, replies, moves, par) in
            [(2, 0, 0, 2, 2), (2, 0, 0, 3, 2), (0, 0, 0, 19, 16), (1, 1, 1, 1, 1), (3, 2, 4, 9, 3)]
        {
            let s = Score::of(targets, captures, replies, moves, par);
            assert_eq!(Score::from_parts(s.points, s.best), Some(s), "{s:?}");
        }
        for (points, best) in [
            (900, 600),
            (u32::MAX, u32::MAX),
            (u32::MAX - 200, u32::MAX),
            (550, 575),
            (450, 600),
            (0, 0),
            (100, 400),
            (50_600, 50_600),
        ] {
            assert_eq!(Score::from_parts(points, best), None, "{points} of {best}");
        }
    }

    #[test]
    fn progress_keeps_the_best_and_merges_by_the_maximum() {
        let id = |n: &str| ExerciseId { variant: rodina_rules::Variant::JesonMor, name: n.into() };
        let mut a = Progress::new();
        assert!(a.record(id("leap"), Score::of(1, 0, 0, 3, 1)));
        assert!(a.record(id("leap"), Score::of(1, 0, 0, 1, 1)));
        assert!(!a.record(id("leap"), Score::of(1, 0, 0, 2, 1)));
        let mut b = Progress::new();
        b.record(id("leap"), Score::of(1, 0, 0, 2, 1));
        b.record(id("centre"), Score::of(0, 0, 0, 1, 1));
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(ab.best(&id("leap")).map(|s| s.points), Some(550));
        let once = ab.clone();
        ab.merge(&b);
        assert_eq!(ab, once);
    }
}
