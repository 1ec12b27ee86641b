//! What the course screens draw and send back: plain data, the same for every game.

use rodina_learn::{Ended, Failure, Score};
use rodina_rules::{Color, Variant};

use crate::model::{BoardView, MoveRecord, Point, PromotionChoice, Refusal};

/// What a section of a game's page is, as the courses' crate names it.
pub use rodina_learn::SectionKind;

/// Where an exercise stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoursePhase {
    /// The player is to move: taps are taken.
    Playing,
    /// The player's move was played; the opponent's reply (the script's, or the answer it
    /// must make where it cannot pass) waits to be played
    /// ([`crate::CourseSession::play_opponent`]) a moment later, so the player sees it.
    Replying,
    /// The goal is met.
    Solved,
    /// The exercise failed: see [`CourseView::failure`].
    Failed,
}

impl CoursePhase {
    /// Whether the try is over (solved or failed).
    pub fn is_over(self) -> bool {
        matches!(self, CoursePhase::Solved | CoursePhase::Failed)
    }
}

/// Why an exercise failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CourseFailure {
    /// After the player's move the opponent could take a piece of the player's (or win at
    /// once: a Friendly chess king left threatened).
    PieceLeftToBeTaken,
    /// The player tried a move the rules forbid, which the exercise teaches.
    IllegalMoveTried,
    /// A reply took a piece of the player's.
    PieceLost,
    /// The player's move left the line the scripted replies follow: the next one can no
    /// longer be played.
    OffScript,
    /// The game ended without the goal.
    GameOver,
}

impl CourseFailure {
    /// How a run's end failed, if it did.
    pub(crate) fn of(ended: Ended) -> Option<CourseFailure> {
        match ended {
            Ended::Solved { .. } => None,
            Ended::Failed { reason: Failure::PieceLeftToBeTaken } => {
                Some(CourseFailure::PieceLeftToBeTaken)
            }
            Ended::Failed { reason: Failure::IllegalMoveTried } => {
                Some(CourseFailure::IllegalMoveTried)
            }
            Ended::Failed { reason: Failure::PieceLost } => Some(CourseFailure::PieceLost),
            Ended::OffScript => Some(CourseFailure::OffScript),
            Ended::GameOver => Some(CourseFailure::GameOver),
        }
    }
}

/// A solved exercise's score as the screens show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoreView {
    /// The points.
    pub points: u32,
    /// The most points the same solution could have scored within par.
    pub best: u32,
    /// Its stars, 1 to 3.
    pub stars: u8,
}

impl From<Score> for ScoreView {
    fn from(s: Score) -> Self {
        ScoreView { points: s.points, best: s.best, stars: s.stars().0 }
    }
}

/// A target of an exercise: a point to reach, or a piece to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CourseTarget {
    /// The point.
    pub point: Point,
    /// Whether it was collected in this try.
    pub collected: bool,
}

/// Everything the exercise screen draws. Every text is in the session's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseView {
    /// The board as the player's seat knows it (Jieqi: face-down pieces stay unknown); the
    /// targets not yet collected are marked ([`crate::Highlights::goal`]); its status line is
    /// the exercise's.
    pub board: BoardView,
    /// The exercise's id within its course (`leap`).
    pub exercise: String,
    /// The game.
    pub variant: Variant,
    /// The side the player plays (put it at the bottom).
    pub player: Color,
    /// Where the exercise stands.
    pub phase: CoursePhase,
    /// The exercise's place in the course, from 1.
    pub number: u32,
    /// The exercises of the course.
    pub count: u32,
    /// `Exercise 3 of 17`.
    pub number_text: String,
    /// The lesson's title.
    pub lesson_title: String,
    /// The exercise's title.
    pub title: String,
    /// What to do.
    pub goal: String,
    /// The exercise's targets, each marked collected or not.
    pub targets: Vec<CourseTarget>,
    /// Targets collected in this try.
    pub collected: u32,
    /// The player's moves in this try.
    pub moves: u32,
    /// The moves a good solution needs.
    pub par: u32,
    /// `Moves: 1 · par 2`.
    pub moves_text: String,
    /// `Targets: 1 of 2`, for an exercise with targets.
    pub targets_text: Option<String>,
    /// The hints shown so far, in order.
    pub hints: Vec<String>,
    /// Another hint can be shown now.
    pub can_hint: bool,
    /// Why the exercise failed, once it has.
    pub failure: Option<CourseFailure>,
    /// This try's score, once solved.
    pub score: Option<ScoreView>,
    /// The best score of the exercise before this try's, if it was ever solved.
    pub best: Option<ScoreView>,
    /// Whether this try's score beats every earlier one.
    pub new_best: bool,
    /// The status line (the same as the board's): whose move, the reply, the result.
    pub status: String,
    /// `Solved!`, or why the exercise failed, once the try is over.
    pub result: Option<String>,
    /// The exercise's words on success, once solved.
    pub done_text: Option<String>,
    /// Why the rules forbid the move tried, when trying it failed the exercise.
    pub refusal_text: Option<String>,
    /// `600 points`, once solved.
    pub score_text: Option<String>,
    /// `3 of 3 stars`, once solved.
    pub stars_text: Option<String>,
    /// `A new best score!`, or `Best so far: 550 points`, once solved.
    pub best_text: Option<String>,
    /// The exercise can be started again (any time after the first move, and once over).
    pub can_retry: bool,
    /// The id of the exercise after this one in the course, if there is one.
    pub next: Option<String>,
}

/// What a tap, a drag or a promotion choice did in an exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CourseTap {
    /// A piece was selected.
    Selected(Point),
    /// The selection was cleared.
    Deselected,
    /// A chain released a piece, which steps next (Friendly chess).
    Stepped(Point),
    /// The step brings a pawn to its last rank: choose what it becomes.
    ChoosePromotion(PromotionChoice),
    /// Nothing happened, for this reason.
    Refused(Refusal),
    /// The move was played. The opponent's reply, if one is due, waits for
    /// [`crate::CourseSession::play_opponent`].
    Played {
        /// The move, as the player's seat writes it.
        record: MoveRecord,
        /// The target it collected, if it did.
        collected: Option<Point>,
    },
    /// The move tried is one the rules forbid, and this exercise fails on it: nothing was
    /// played.
    Illegal {
        /// Why the rules forbid it.
        refusal: Refusal,
    },
}

/// One exercise in a course's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExerciseEntry {
    /// Its id within the course (to open it).
    pub id: String,
    /// Its place in the course, from 1.
    pub number: u32,
    /// Its title.
    pub title: String,
    /// What to do.
    pub goal: String,
    /// The moves a good solution needs.
    pub par: u32,
    /// Its best score, once solved.
    pub best: Option<ScoreView>,
    /// Its stars: 0 until solved, then 1 to 3.
    pub stars: u8,
    /// `600 points`, or `Not solved yet`.
    pub best_text: String,
}

/// One lesson in a course's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonEntry {
    /// Its id within the course.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its exercises, in order.
    pub exercises: Vec<ExerciseEntry>,
    /// The stars earned in it.
    pub stars: u32,
    /// The most stars it holds (3 per exercise).
    pub max_stars: u32,
    /// `5 of 21 stars`.
    pub stars_text: String,
}

/// A game's course as its list shows it, with the player's progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseOverview {
    /// The game.
    pub variant: Variant,
    /// `Xiangqi: rules course`.
    pub title: String,
    /// The lessons, in order.
    pub lessons: Vec<LessonEntry>,
    /// The first exercise not solved yet, if one is left.
    pub next: Option<String>,
    /// Exercises solved at least once.
    pub solved: u32,
    /// The exercises of the course.
    pub exercises: u32,
    /// The stars earned.
    pub stars: u32,
    /// The most stars there are (3 per exercise).
    pub max_stars: u32,
    /// `5 of 17 exercises solved`.
    pub solved_text: String,
    /// `12 of 51 stars`.
    pub stars_text: String,
    /// `Every exercise is solved: ...` once nothing is left unsolved.
    pub all_solved_text: Option<String>,
}

/// One part of a game page's section: a heading and its paragraph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PagePart {
    /// The heading.
    pub title: String,
    /// The paragraph.
    pub text: String,
}

/// One section of a game's page.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PageSection {
    /// What it is.
    pub kind: SectionKind,
    /// Its heading.
    pub title: String,
    /// Its parts, in order.
    pub parts: Vec<PagePart>,
}

/// A game's page as its screen shows it: how it is played, its story, "did you know", the
/// original names of its pieces and the sources, in the language asked for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GamePage {
    /// The game.
    pub variant: Variant,
    /// `About Xiangqi`.
    pub title: String,
    /// The page's one-line summary.
    pub summary: String,
    /// Its sections, in order.
    pub sections: Vec<PageSection>,
}
