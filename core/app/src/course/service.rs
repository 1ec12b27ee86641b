//! The courses' service: every game's course, read once; the player's progress from the
//! Store shown over it (lessons, exercises, stars, the next exercise not solved); exercises
//! opened as sessions; and the games' pages in the language asked for.

use std::collections::BTreeMap;
use std::sync::Arc;

use rodina_learn::{Course, Page, Progress};
use rodina_rules::Variant;

use crate::course::model::{
    CourseOverview, ExerciseEntry, GamePage, LessonEntry, PagePart, PageSection, ScoreView,
};
use crate::course::session::CourseSession;
use crate::error::CourseError;
use crate::store::Store;
use crate::text::{self, Language};

/// The most stars an exercise gives.
const STARS_PER_EXERCISE: u32 = 3;

/// Every game's rules course, read once.
#[derive(Clone, Debug)]
pub struct Courses {
    /// Each game's course, or why it cannot be read (one damaged course leaves the others
    /// usable).
    courses: BTreeMap<Variant, Result<Arc<Course>, rodina_learn::CourseError>>,
}

/// A count for the screens (a course holds far fewer than four billion of anything).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Courses {
    /// The courses shipped in the library. A damaged one is reported when its game's course
    /// is asked for ([`CourseError::Damaged`]).
    pub fn embedded() -> Courses {
        let courses =
            Variant::ALL.iter().map(|&v| (v, Course::embedded(v).map(Arc::new))).collect();
        Courses { courses }
    }

    /// Courses given as JSON (tests, previews), each a course file of one game. A game no
    /// text is given for has an empty course.
    pub fn from_json(texts: &[&str]) -> Result<Courses, CourseError> {
        let mut courses: BTreeMap<Variant, Result<Arc<Course>, rodina_learn::CourseError>> =
            BTreeMap::new();
        for text in texts {
            let course =
                Course::from_json(text).map_err(|e| CourseError::CourseText(e.to_string()))?;
            let variant = course.variant;
            if courses.insert(variant, Ok(Arc::new(course))).is_some() {
                return Err(CourseError::CourseText(format!("two courses of {variant}")));
            }
        }
        for &v in Variant::ALL {
            courses
                .entry(v)
                .or_insert_with(|| Ok(Arc::new(Course { variant: v, lessons: Vec::new() })));
        }
        Ok(Courses { courses })
    }

    /// The course of `variant`.
    pub fn course(&self, variant: Variant) -> Result<Arc<Course>, CourseError> {
        match self.courses.get(&variant) {
            Some(Ok(course)) => Ok(Arc::clone(course)),
            Some(Err(error)) => Err(CourseError::Damaged { variant, error: error.clone() }),
            None => Ok(Arc::new(Course { variant, lessons: Vec::new() })),
        }
    }

    /// The player's best scores in `variant`'s course, from the Store.
    pub fn progress(&self, store: &Store, variant: Variant) -> Result<Progress, CourseError> {
        store.course_progress(variant)
    }

    /// `variant`'s course as its list shows it, with the player's progress from the Store,
    /// its texts in `language`.
    pub fn overview(
        &self,
        store: &Store,
        variant: Variant,
        language: Language,
    ) -> Result<CourseOverview, CourseError> {
        let course = self.course(variant)?;
        let progress = store.course_progress(variant)?;
        Ok(overview(&course, &progress, language))
    }

    /// Exercise `id` of `variant`'s course (an unknown one is
    /// [`CourseError::UnknownExercise`]), with the player's best scores from the Store.
    pub fn open(
        &self,
        store: &Store,
        variant: Variant,
        id: &str,
    ) -> Result<CourseSession, CourseError> {
        let course = self.course(variant)?;
        let index = course.exercises().position(|e| e.id.name == id).ok_or_else(|| {
            CourseError::UnknownExercise { variant, id: id.chars().take(40).collect() }
        })?;
        let progress = store.course_progress(variant)?;
        CourseSession::new(course, index, progress)
    }
}

/// `course` as its list shows it with `progress`, in `language`.
pub(crate) fn overview(course: &Course, progress: &Progress, language: Language) -> CourseOverview {
    let variant = course.variant;
    let mut number = 0;
    let mut lessons = Vec::new();
    for lesson in &course.lessons {
        let mut exercises = Vec::new();
        for e in &lesson.exercises {
            number += 1;
            let best = progress.best(&e.id).map(ScoreView::from);
            exercises.push(ExerciseEntry {
                id: e.id.name.clone(),
                number,
                title: text::course_text(language, &e.text_id("title")),
                goal: text::course_text(language, &e.text_id("goal")),
                par: e.par,
                best,
                stars: best.map_or(0, |b| b.stars),
                best_text: match best {
                    Some(b) => text::course_score_text(language, b.points),
                    None => text::message(language, "course-not-solved", &[]),
                },
            });
        }
        let stars = exercises.iter().map(|e| u32::from(e.stars)).sum();
        let max_stars = STARS_PER_EXERCISE * count(exercises.len());
        lessons.push(LessonEntry {
            id: lesson.id.clone(),
            title: text::course_text(language, &lesson.title_id(variant)),
            stars_text: text::course_stars_text(language, stars, max_stars),
            exercises,
            stars,
            max_stars,
        });
    }
    let all: Vec<&ExerciseEntry> = lessons.iter().flat_map(|l| &l.exercises).collect();
    let solved = count(all.iter().filter(|e| e.best.is_some()).count());
    let exercises = count(all.len());
    let stars = lessons.iter().map(|l| l.stars).sum();
    let max_stars = lessons.iter().map(|l| l.max_stars).sum();
    let next = all.iter().find(|e| e.best.is_none()).map(|e| e.id.clone());
    CourseOverview {
        variant,
        title: text::course_title(language, variant),
        all_solved_text: (next.is_none() && exercises > 0)
            .then(|| text::message(language, "course-all-solved", &[])),
        next,
        solved,
        exercises,
        stars,
        max_stars,
        solved_text: text::course_solved_text(language, solved, exercises),
        stars_text: text::course_stars_text(language, stars, max_stars),
        lessons,
    }
}

/// `variant`'s page as its screen shows it, in `language`: its sections with their headings
/// and paragraphs, from the page shipped in the library.
pub fn game_page(variant: Variant, language: Language) -> Result<GamePage, CourseError> {
    let page = Page::embedded(variant).map_err(|error| CourseError::Damaged { variant, error })?;
    let sections = page
        .sections
        .iter()
        .map(|s| PageSection {
            kind: s.kind,
            title: text::course_text(language, &page.section_id(s.kind)),
            parts: s
                .parts
                .iter()
                .map(|part| {
                    let (title, text) = page.part_ids(part);
                    PagePart {
                        title: text::course_text(language, &title),
                        text: text::course_text(language, &text),
                    }
                })
                .collect(),
        })
        .collect();
    Ok(GamePage {
        variant,
        title: text::game_page_title(language, variant),
        summary: text::course_text(language, &page.summary_id()),
        sections,
    })
}
