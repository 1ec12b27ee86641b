//! The rules courses: for every game, lessons of exercises that take a newcomer from the
//! board to a first win, one rule at a time, on the board.
//!
//! An [`Exercise`] is data (`courses/GAME.json`, embedded): a position, a [`Goal`], a par
//! number of moves, target points, scripted replies of the opponent, the failures it watches
//! for ([`Failure`]), and its hints; its texts are messages of the app's catalog
//! (`messages/*.ftl`, English and Slovak) named after the exercise. A course reads as an
//! unchecked [`CourseSpec`] and becomes a [`Course`] only when every position, target and
//! reply is valid ([`Course::from_spec`]).
//!
//! A [`Run`] is one try at an exercise: it takes the player's moves, plays the scripted
//! replies (the opponent passes where the script says nothing, as in lichess's learn, and
//! answers where it cannot pass: in check), and ends solved with a score and stars, or failed
//! with a reason. [`Progress`] keeps the best score per exercise; two devices' progress
//! merges by the maximum.
//!
//! A [`Page`] is a game's page: how it is played, its story, "did you know", the original
//! names of its pieces and the sources, from the source pages (`pages/GAME.json`, its texts
//! in the catalog too).

/// The courses' texts as Fluent sources, English then Slovak: the app adds them to its
/// message catalog, so every text a player reads comes from one catalog.
pub const MESSAGES: [&str; 2] =
    [include_str!("../messages/en.ftl"), include_str!("../messages/sk.ftl")];

mod course;
mod forbidden;
mod page;
mod progress;
mod run;

pub use course::{
    Course, CourseError, CourseSpec, Exercise, ExerciseId, ExerciseSpec, Failure, Goal, Lesson,
    LessonSpec, Reply,
};
pub use forbidden::{forbidden_by_rule, is_forbidden_try};
pub use page::{Page, Section, SectionKind};
pub use progress::{Progress, Score, Stars};
pub use run::{COMMON_TEXT_IDS, Ended, Run, RunError, Step};
