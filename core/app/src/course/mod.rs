//! Rules courses on the phone: the model the course screens draw ([`model`]), every game's
//! course with the player's progress over it ([`Courses`]), the session that takes the
//! player's taps on an exercise ([`CourseSession`]), the best score of every exercise in the
//! Store ([`Store::record_course_score`], [`Store::course_progress`], merged with another
//! device's by the maximum), and the games' pages ([`game_page`]).
//!
//! The courses, their runs, scores and pages are `rodina-learn`'s: this feature draws the
//! board as the games and puzzles do, keeps the scores, and says it all in the catalog's
//! languages.
//!
//! [`Store::record_course_score`]: crate::Store::record_course_score
//! [`Store::course_progress`]: crate::Store::course_progress

pub mod model;
mod service;
mod session;
mod store;

pub use model::{
    CourseFailure, CourseOverview, CoursePhase, CourseTap, CourseTarget, CourseView, ExerciseEntry,
    GamePage, LessonEntry, PagePart, PageSection, ScoreView, SectionKind,
};
pub use service::{Courses, game_page};
pub use session::{CourseSession, PendingScores};
pub(crate) use store::{SCHEMA, keep_better};

#[cfg(test)]
mod tests;
