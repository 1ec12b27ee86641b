//! The courses' storage: the best score per exercise, in the app's one database.

use rodina_learn::{ExerciseId, Progress, Score};
use rodina_rules::Variant;
use rusqlite::params;
use rusqlite::types::Value;

use crate::error::CourseError;
use crate::store::{Store, now_ms};

/// Migration 5 of the schema: the best score per exercise (`jesonmor/leap`), with the best
/// the same solution could have scored (for its stars).
pub(crate) const SCHEMA: &str = "CREATE TABLE course_scores (
        exercise TEXT PRIMARY KEY NOT NULL,
        variant TEXT NOT NULL,
        points INTEGER NOT NULL,
        best INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
    ) WITHOUT ROWID;";

/// Keeps a score for `exercise` inside the caller's transaction if it beats the stored one:
/// more points, or as many with a higher best (an order every device and the server share,
/// so merges in any order agree). Returns whether it did.
pub(crate) fn keep_better(
    conn: &rusqlite::Connection,
    exercise: &str,
    variant: &str,
    points: u32,
    best: u32,
) -> rusqlite::Result<bool> {
    let changed = conn.execute(
        "INSERT INTO course_scores (exercise, variant, points, best, updated_ms)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (exercise) DO UPDATE SET
            points = excluded.points, best = excluded.best, updated_ms = excluded.updated_ms
         WHERE excluded.points > course_scores.points
            OR (excluded.points = course_scores.points AND excluded.best > course_scores.best)",
        params![exercise, variant, points, best, now_ms()],
    )?;
    Ok(changed > 0)
}

impl Store {
    /// Keeps `score` for exercise `id` if it beats the one stored; returns whether it did.
    /// A score no solve makes (another device's, damaged) is a [`CourseError::BadScore`],
    /// and nothing is written: what the table holds always reads back.
    pub fn record_course_score(&self, id: &ExerciseId, score: Score) -> Result<bool, CourseError> {
        if Score::from_parts(score.points, score.best) != Some(score) {
            return Err(CourseError::BadScore {
                exercise: id.to_string(),
                detail: format!("{} points of a best of {} is no score", score.points, score.best),
            });
        }
        let tx = self.conn.unchecked_transaction().map_err(|e| self.err(e))?;
        let exercise = id.to_string();
        let better = keep_better(&tx, &exercise, id.variant.name(), score.points, score.best)
            .map_err(|e| self.err(e))?;
        if better {
            let change = crate::sync::score_change(&exercise, score.points, score.best);
            crate::sync::enqueue(&tx, &change).map_err(|e| self.err(e))?;
        }
        tx.commit().map_err(|e| self.err(e))?;
        Ok(better)
    }

    /// The best scores of `variant`'s exercises. A stored row that does not read is a
    /// [`CourseError::BadScore`] naming it, and is left as it is.
    pub fn course_progress(&self, variant: Variant) -> Result<Progress, CourseError> {
        let mut stmt = self
            .conn
            .prepare("SELECT exercise, points, best FROM course_scores WHERE variant = ?1")
            .map_err(|e| self.err(e))?;
        let rows = stmt
            .query_map([variant.name()], |r| {
                Ok([r.get::<_, Value>(0)?, r.get::<_, Value>(1)?, r.get::<_, Value>(2)?])
            })
            .map_err(|e| self.err(e))?;
        let mut progress = Progress::new();
        for row in rows {
            let [exercise, points, best] = row.map_err(|e| self.err(e))?;
            let (id, score) = score_of(variant, exercise, points, best)?;
            progress.record(id, score);
        }
        Ok(progress)
    }

    /// Merges another device's progress in: every exercise keeps the better score.
    pub fn merge_course_progress(&self, other: &Progress) -> Result<usize, CourseError> {
        let mut better = 0;
        for (id, score) in other.iter() {
            if self.record_course_score(id, score)? {
                better += 1;
            }
        }
        Ok(better)
    }
}

/// A stored row back into an exercise's id and score, through every check.
fn score_of(
    variant: Variant,
    exercise: Value,
    points: Value,
    best: Value,
) -> Result<(ExerciseId, Score), CourseError> {
    let shown = match &exercise {
        Value::Text(t) => t.chars().take(60).collect(),
        other => format!("{other:?}"),
    };
    let bad = |detail: String| CourseError::BadScore { exercise: shown.clone(), detail };
    let Value::Text(text) = exercise else { return Err(bad("the id is not text".into())) };
    let id: ExerciseId = text.parse().map_err(|e| bad(format!("{e}")))?;
    if id.variant != variant {
        return Err(bad(format!("stored as {} but named {}", variant.name(), id.variant.name())));
    }
    let number = |v: Value, what: &str| match v {
        Value::Integer(n) => u32::try_from(n).map_err(|_| bad(format!("the {what} is {n}"))),
        other => Err(bad(format!("the {what} is not a number: {other:?}"))),
    };
    let (points, best) = (number(points, "points")?, number(best, "best")?);
    // Only what a solve can score: a row with other numbers is damaged, not a score.
    let score = Score::from_parts(points, best)
        .ok_or_else(|| bad(format!("{points} points of a best of {best} is no score")))?;
    Ok((id, score))
}

#[cfg(test)]
mod tests {
    use rodina_learn::Course;

    use super::*;

    fn id(name: &str) -> ExerciseId {
        ExerciseId { variant: Variant::JesonMor, name: name.into() }
    }

    #[test]
    fn the_best_score_stays_and_two_devices_merge_by_the_maximum() {
        let store = Store::open_in_memory().expect("a store");
        let (slow, fast) = (Score::of(1, 0, 0, 3, 1), Score::of(1, 0, 0, 1, 1));
        assert!(store.record_course_score(&id("leap"), slow).expect("stored"));
        assert!(store.record_course_score(&id("leap"), fast).expect("stored"));
        assert!(!store.record_course_score(&id("leap"), slow).expect("kept"));
        let mine = store.course_progress(Variant::JesonMor).expect("read");
        assert_eq!(mine.best(&id("leap")), Some(fast));
        let mut other = Progress::new();
        other.record(id("leap"), slow);
        other.record(id("tour"), Score::of(3, 0, 0, 3, 3));
        assert_eq!(store.merge_course_progress(&other).expect("merged"), 1);
        let merged = store.course_progress(Variant::JesonMor).expect("read");
        let mut expected = mine.clone();
        expected.merge(&other);
        assert_eq!(merged, expected);
        assert!(store.course_progress(Variant::Xiangqi).expect("read").iter().next().is_none());
        // Every exercise of a shipped course has an id the store reads back.
        let course = Course::embedded(Variant::Friendly).expect("a course");
        for e in course.exercises() {
            store.record_course_score(&e.id, Score::of(0, 0, 0, 1, 1)).expect("stored");
        }
        assert_eq!(
            store.course_progress(Variant::Friendly).expect("read").iter().count(),
            course.exercises().count()
        );
    }

    #[test]
    fn a_score_no_solve_makes_is_not_written() {
        let store = Store::open_in_memory().expect("a store");
        for score in [Score { points: u32::MAX, best: u32::MAX }, Score { points: 900, best: 600 }]
        {
            let got = store.record_course_score(&id("leap"), score);
            assert!(matches!(got, Err(CourseError::BadScore { .. })), "{got:?}");
        }
        let mut forged = Progress::new();
        forged.record(id("tour"), Score { points: u32::MAX - 100, best: u32::MAX });
        assert!(matches!(store.merge_course_progress(&forged), Err(CourseError::BadScore { .. })));
        assert!(store.course_progress(Variant::JesonMor).expect("read").iter().next().is_none());
    }

    #[test]
    fn a_damaged_row_is_a_typed_error_and_stays() {
        let store = Store::open_in_memory().expect("a store");
        for (exercise, points, best) in [
            (Value::Text("jesonmor/Not An Id".into()), Value::Integer(1), Value::Integer(1)),
            (Value::Text("xiangqi/leap".into()), Value::Integer(1), Value::Integer(1)),
            (Value::Text("jesonmor/leap".into()), Value::Integer(-5), Value::Integer(1)),
            (Value::Text("jesonmor/leap".into()), Value::Text("x".into()), Value::Integer(1)),
            (Value::Text("jesonmor/leap".into()), Value::Integer(900), Value::Integer(600)),
            // Numbers no solve scores, up to the largest a row can hold.
            (
                Value::Text("jesonmor/leap".into()),
                Value::Integer(4_294_967_295),
                Value::Integer(4_294_967_295),
            ),
            (
                Value::Text("jesonmor/leap".into()),
                Value::Integer(4_294_967_095),
                Value::Integer(4_294_967_295),
            ),
            (Value::Text("jesonmor/leap".into()), Value::Integer(575), Value::Integer(600)),
            (Value::Text("jesonmor/leap".into()), Value::Integer(0), Value::Integer(0)),
            (Value::Integer(3), Value::Integer(1), Value::Integer(1)),
        ] {
            store.conn.execute("DELETE FROM course_scores", []).expect("cleared");
            store
                .conn
                .execute(
                    "INSERT INTO course_scores VALUES (?1, 'jesonmor', ?2, ?3, 0)",
                    params![exercise, points, best],
                )
                .expect("a damaged row");
            let got = store.course_progress(Variant::JesonMor);
            assert!(matches!(got, Err(CourseError::BadScore { .. })), "{got:?}");
            let left: i64 = store
                .conn
                .query_row("SELECT count(*) FROM course_scores", [], |r| r.get(0))
                .expect("count");
            assert_eq!(left, 1);
        }
    }
}
