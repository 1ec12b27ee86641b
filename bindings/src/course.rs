//! Rules courses and game pages as Kotlin and Swift see them: every game's course with the
//! player's progress ([`Courses`]), one exercise being tried ([`CourseSession`]) and what its
//! screen draws ([`CourseView`]), and a game's page ([`game_page`]).
//!
//! Threads: everything that reads or writes the database ([`Courses::overview`],
//! [`Courses::open`], [`CourseSession::save_scores`]) is for the apps' I/O threads; taps,
//! the view, the reply and [`game_page`] are quick and for the main thread.

use std::sync::{Arc, Mutex};

use rodina_app as app;
use rodina_app::CourseError;
use rodina_app::course;

use crate::text::Language;
use crate::types::{
    BoardView, MoveRecord, PieceKind, Point, PromotionChoice, Refusal, Side, Variant,
};
use crate::{RodinaError, Store, lock};

impl From<CourseError> for RodinaError {
    fn from(e: CourseError) -> Self {
        let message = e.to_string();
        match e {
            CourseError::UnknownExercise { .. } => RodinaError::NotFound(message),
            CourseError::Damaged { .. }
            | CourseError::CourseText(_)
            | CourseError::BadScore { .. } => RodinaError::CourseDamaged(message),
            CourseError::Store(e) => e.into(),
        }
    }
}

mirror_enum! {
    /// Where an exercise stands.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum CoursePhase mirrors course::CoursePhase {
        /// The player is to move: taps are taken.
        Playing,
        /// The player's move was played; call `CourseSession.playOpponent` a moment later
        /// for the opponent's reply (the script's, or the answer it must make in check).
        Replying,
        /// The goal is met.
        Solved,
        /// The exercise failed (see `CourseView.failure`).
        Failed,
    }
}

mirror_enum! {
    /// Why an exercise failed.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum CourseFailure mirrors course::CourseFailure {
        /// The opponent could take a piece of the player's after their move (or win at once).
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
}

mirror_enum! {
    /// What a section of a game's page is.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum PageSectionKind mirrors course::SectionKind {
        /// How the game is played.
        Rules,
        /// When and where, how the game changed, today.
        Story,
        /// A fact to remember.
        DidYouKnow,
        /// What the pieces are called in the game's own language.
        PieceNames,
        /// Where the page's facts come from.
        Sources,
    }
}

/// A solved exercise's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct CourseScore {
    /// The points.
    pub points: u32,
    /// The most points the same solution could have scored within par.
    pub best: u32,
    /// Its stars, 1 to 3.
    pub stars: u8,
}

impl From<course::ScoreView> for CourseScore {
    fn from(s: course::ScoreView) -> Self {
        CourseScore { points: s.points, best: s.best, stars: s.stars }
    }
}

/// A target of an exercise: a point to reach, or a piece to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct CourseTarget {
    /// The point.
    pub point: Point,
    /// Whether it was collected in this try.
    pub collected: bool,
}

impl From<course::CourseTarget> for CourseTarget {
    fn from(t: course::CourseTarget) -> Self {
        CourseTarget { point: t.point.into(), collected: t.collected }
    }
}

/// Everything the exercise screen draws. Texts are in the session's language.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct CourseView {
    /// The board as the player's seat knows it; targets not yet collected are marked in the
    /// highlights (`goal`); its status is the exercise's.
    pub board: BoardView,
    /// The exercise's id within its course.
    pub exercise: String,
    /// The game.
    pub variant: Variant,
    /// The side the player plays (put it at the bottom).
    pub player: Side,
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
    /// The targets, each marked collected or not.
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
    /// The hints shown so far.
    pub hints: Vec<String>,
    /// Another hint can be shown now.
    pub can_hint: bool,
    /// Why the exercise failed, once it has.
    pub failure: Option<CourseFailure>,
    /// This try's score, once solved.
    pub score: Option<CourseScore>,
    /// The best score before this try's, if the exercise was ever solved.
    pub best: Option<CourseScore>,
    /// Whether this try's score beats every earlier one.
    pub new_best: bool,
    /// The status line (the same as the board's).
    pub status: String,
    /// `Solved!`, or why the exercise failed, once the try is over.
    pub result: Option<String>,
    /// The exercise's words on success.
    pub done_text: Option<String>,
    /// Why the rules forbid the move tried, when trying it failed the exercise.
    pub refusal_text: Option<String>,
    /// `600 points`, once solved.
    pub score_text: Option<String>,
    /// `3 of 3 stars`, once solved.
    pub stars_text: Option<String>,
    /// `A new best score!` or `Best so far: 550 points`, once solved.
    pub best_text: Option<String>,
    /// The exercise can be started again.
    pub can_retry: bool,
    /// The next exercise's id, if there is one.
    pub next: Option<String>,
}

impl From<course::CourseView> for CourseView {
    fn from(v: course::CourseView) -> Self {
        CourseView {
            board: v.board.into(),
            exercise: v.exercise,
            variant: v.variant.into(),
            player: v.player.into(),
            phase: v.phase.into(),
            number: v.number,
            count: v.count,
            number_text: v.number_text,
            lesson_title: v.lesson_title,
            title: v.title,
            goal: v.goal,
            targets: v.targets.into_iter().map(CourseTarget::from).collect(),
            collected: v.collected,
            moves: v.moves,
            par: v.par,
            moves_text: v.moves_text,
            targets_text: v.targets_text,
            hints: v.hints,
            can_hint: v.can_hint,
            failure: v.failure.map(CourseFailure::from),
            score: v.score.map(CourseScore::from),
            best: v.best.map(CourseScore::from),
            new_best: v.new_best,
            status: v.status,
            result: v.result,
            done_text: v.done_text,
            refusal_text: v.refusal_text,
            score_text: v.score_text,
            stars_text: v.stars_text,
            best_text: v.best_text,
            can_retry: v.can_retry,
            next: v.next,
        }
    }
}

/// What a tap, a drag or a promotion choice did in an exercise.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum CourseTapResult {
    /// A piece was selected.
    Selected {
        /// Where.
        point: Point,
    },
    /// The selection was cleared.
    Deselected,
    /// A chain released the piece on `point`, which steps next.
    Stepped {
        /// Where the released piece hovers.
        point: Point,
    },
    /// Ask which piece the pawn becomes, then call `choose_promotion`.
    ChoosePromotion {
        /// Where, and the choices.
        choice: PromotionChoice,
    },
    /// Nothing happened.
    Refused {
        /// Why.
        refusal: Refusal,
    },
    /// The move was played; the opponent's reply, if due, waits for `play_opponent`.
    Played {
        /// The move, as the player's seat writes it.
        record: MoveRecord,
        /// The target it collected, if it did.
        collected: Option<Point>,
    },
    /// The move tried is one the rules forbid, and this exercise fails on it.
    Illegal {
        /// Why the rules forbid it.
        refusal: Refusal,
    },
}

impl CourseTapResult {
    fn new(t: course::CourseTap, language: app::text::Language) -> CourseTapResult {
        use course::CourseTap as T;
        match t {
            T::Selected(p) => CourseTapResult::Selected { point: p.into() },
            T::Deselected => CourseTapResult::Deselected,
            T::Stepped(p) => CourseTapResult::Stepped { point: p.into() },
            T::ChoosePromotion(c) => CourseTapResult::ChoosePromotion { choice: c.into() },
            T::Refused(r) => CourseTapResult::Refused { refusal: Refusal::new(r, language) },
            T::Played { record, collected } => CourseTapResult::Played {
                record: record.into(),
                collected: collected.map(Point::from),
            },
            T::Illegal { refusal } => {
                CourseTapResult::Illegal { refusal: Refusal::new(refusal, language) }
            }
        }
    }
}

/// One exercise in a course's list.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
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
    pub best: Option<CourseScore>,
    /// Its stars: 0 until solved, then 1 to 3.
    pub stars: u8,
    /// `600 points`, or `Not solved yet`.
    pub best_text: String,
}

impl From<course::ExerciseEntry> for ExerciseEntry {
    fn from(e: course::ExerciseEntry) -> Self {
        ExerciseEntry {
            id: e.id,
            number: e.number,
            title: e.title,
            goal: e.goal,
            par: e.par,
            best: e.best.map(CourseScore::from),
            stars: e.stars,
            best_text: e.best_text,
        }
    }
}

/// One lesson in a course's list.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct LessonEntry {
    /// Its id within the course.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its exercises, in order.
    pub exercises: Vec<ExerciseEntry>,
    /// The stars earned in it.
    pub stars: u32,
    /// The most stars it holds.
    pub max_stars: u32,
    /// `5 of 21 stars`.
    pub stars_text: String,
}

impl From<course::LessonEntry> for LessonEntry {
    fn from(l: course::LessonEntry) -> Self {
        LessonEntry {
            id: l.id,
            title: l.title,
            exercises: l.exercises.into_iter().map(ExerciseEntry::from).collect(),
            stars: l.stars,
            max_stars: l.max_stars,
            stars_text: l.stars_text,
        }
    }
}

/// A game's course as its list shows it, with the player's progress.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
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
    /// The most stars there are.
    pub max_stars: u32,
    /// `5 of 17 exercises solved`.
    pub solved_text: String,
    /// `12 of 51 stars`.
    pub stars_text: String,
    /// Said once every exercise is solved.
    pub all_solved_text: Option<String>,
}

impl From<course::CourseOverview> for CourseOverview {
    fn from(o: course::CourseOverview) -> Self {
        CourseOverview {
            variant: o.variant.into(),
            title: o.title,
            lessons: o.lessons.into_iter().map(LessonEntry::from).collect(),
            next: o.next,
            solved: o.solved,
            exercises: o.exercises,
            stars: o.stars,
            max_stars: o.max_stars,
            solved_text: o.solved_text,
            stars_text: o.stars_text,
            all_solved_text: o.all_solved_text,
        }
    }
}

/// One part of a game page's section: a heading and its paragraph.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PagePart {
    /// The heading.
    pub title: String,
    /// The paragraph.
    pub text: String,
}

/// One section of a game's page.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PageSection {
    /// What it is.
    pub kind: PageSectionKind,
    /// Its heading.
    pub title: String,
    /// Its parts, in order.
    pub parts: Vec<PagePart>,
}

/// A game's page: how it is played, its story, "did you know", the original names of its
/// pieces and the sources, in one language.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
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

impl From<course::GamePage> for GamePage {
    fn from(p: course::GamePage) -> Self {
        GamePage {
            variant: p.variant.into(),
            title: p.title,
            summary: p.summary,
            sections: p
                .sections
                .into_iter()
                .map(|s| PageSection {
                    kind: s.kind.into(),
                    title: s.title,
                    parts: s
                        .parts
                        .into_iter()
                        .map(|part| PagePart { title: part.title, text: part.text })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// `variant`'s page in `language` (quick: for the main thread).
#[uniffi::export]
pub fn game_page(variant: Variant, language: Language) -> Result<GamePage, RodinaError> {
    Ok(course::game_page(variant.into(), language.into())?.into())
}

/// A course's title in `language`: `Xiangqi: rules course`.
#[uniffi::export]
pub fn course_title(language: Language, variant: Variant) -> String {
    app::text::course_title(language.into(), variant.into())
}

/// Every game's rules course, and the player's progress in them.
#[derive(uniffi::Object)]
pub struct Courses {
    inner: Arc<app::Courses>,
}

#[uniffi::export]
impl Courses {
    /// The courses shipped in the library (a damaged one is reported when its game's course
    /// is asked for).
    #[uniffi::constructor]
    pub fn embedded() -> Arc<Courses> {
        Arc::new(Courses { inner: Arc::new(app::Courses::embedded()) })
    }

    /// Courses given as JSON (tests, previews): each one game's course file. Games no text is
    /// given for have an empty course.
    #[uniffi::constructor]
    pub fn from_json(courses: Vec<String>) -> Result<Arc<Courses>, RodinaError> {
        let texts: Vec<&str> = courses.iter().map(String::as_str).collect();
        let inner = app::Courses::from_json(&texts)?;
        Ok(Arc::new(Courses { inner: Arc::new(inner) }))
    }

    /// How many exercises `variant`'s course holds (0 for a course that cannot be read).
    pub fn count(&self, variant: Variant) -> u32 {
        self.inner
            .course(variant.into())
            .map_or(0, |c| u32::try_from(c.exercises().count()).unwrap_or(u32::MAX))
    }

    /// `variant`'s course as its list shows it, with the player's progress read from
    /// `store`, its texts in `language`.
    pub fn overview(
        &self,
        store: Arc<Store>,
        variant: Variant,
        language: Language,
    ) -> Result<CourseOverview, RodinaError> {
        let overview = self.inner.overview(&lock(&store.inner), variant.into(), language.into())?;
        Ok(overview.into())
    }

    /// Exercise `id` of `variant`'s course, knowing the player's best scores in `store`; an
    /// unknown id is `NotFound`.
    pub fn open(
        &self,
        store: Arc<Store>,
        variant: Variant,
        id: String,
    ) -> Result<Arc<CourseSession>, RodinaError> {
        let session = self.inner.open(&lock(&store.inner), variant.into(), &id)?;
        Ok(Arc::new(CourseSession { inner: Mutex::new(session), saving: Mutex::new(()) }))
    }
}

/// One exercise being tried, going on to the next: the exercise screen's controller.
#[derive(uniffi::Object)]
pub struct CourseSession {
    inner: Mutex<app::CourseSession>,
    /// Held by a save from its copy of the scores to its write.
    saving: Mutex<()>,
}

#[uniffi::export]
impl CourseSession {
    /// What the exercise screen draws now.
    pub fn view(&self) -> CourseView {
        lock(&self.inner).view().into()
    }

    /// The exercise's id within its course.
    pub fn id(&self) -> String {
        lock(&self.inner).id().name.clone()
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        lock(&self.inner).variant().into()
    }

    /// Where the exercise stands.
    pub fn phase(&self) -> CoursePhase {
        lock(&self.inner).phase().into()
    }

    /// The board's position in the game's FEN, as the player's seat holds it (Jieqi: the
    /// view FEN, never the hidden identities).
    pub fn fen(&self) -> String {
        lock(&self.inner).fen()
    }

    /// A tap on a point, as in a game; a completed move is played.
    pub fn tap(&self, point: Point) -> CourseTapResult {
        let mut s = lock(&self.inner);
        let result = s.tap(point.into());
        CourseTapResult::new(result, s.language())
    }

    /// A piece dragged from `from` and dropped on `to`; a completed move is played.
    pub fn drag(&self, from: Point, to: Point) -> CourseTapResult {
        let mut s = lock(&self.inner);
        let result = s.drag(from.into(), to.into());
        CourseTapResult::new(result, s.language())
    }

    /// Chooses the piece a pawn becomes (`view().board.promotion`).
    pub fn choose_promotion(&self, kind: PieceKind) -> CourseTapResult {
        let mut s = lock(&self.inner);
        let result = s.choose_promotion(kind.into());
        CourseTapResult::new(result, s.language())
    }

    /// Starts the move under way again; whether there was anything to undo.
    pub fn restart_move(&self) -> bool {
        lock(&self.inner).restart_move()
    }

    /// Plays the opponent's reply now due (`CoursePhase.Replying`) and returns it; `None` when
    /// none is due.
    pub fn play_opponent(&self) -> Option<MoveRecord> {
        lock(&self.inner).play_opponent().map(MoveRecord::from)
    }

    /// Shows the exercise's next hint; whether there was one.
    pub fn hint(&self) -> bool {
        lock(&self.inner).hint()
    }

    /// Starts the exercise again; whether it started again (not before anything happened).
    pub fn retry(&self) -> bool {
        lock(&self.inner).retry()
    }

    /// Goes on to the course's next exercise; whether there was one.
    pub fn next_exercise(&self) -> bool {
        lock(&self.inner).next_exercise()
    }

    /// Whether solves wait to be written (`save_scores`).
    pub fn has_unsaved_scores(&self) -> bool {
        !lock(&self.inner).pending_scores().is_empty()
    }

    /// Writes the solves' scores to `store` (on an I/O thread), each kept where it beats the
    /// stored one. The scores are copied first, so taps go on while it writes; writing one
    /// twice changes nothing.
    pub fn save_scores(&self, store: Arc<Store>) -> Result<(), RodinaError> {
        let _one_at_a_time = lock(&self.saving);
        let pending = lock(&self.inner).pending_scores();
        if pending.is_empty() {
            return Ok(());
        }
        pending.write(&lock(&store.inner))?;
        lock(&self.inner).saved(&pending);
        Ok(())
    }

    /// The language of the view's texts.
    pub fn language(&self) -> Language {
        lock(&self.inner).language().into()
    }

    /// Speaks `language` from now on.
    pub fn set_language(&self, language: Language) {
        lock(&self.inner).set_language(language.into());
    }
}
