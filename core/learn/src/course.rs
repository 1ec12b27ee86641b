//! A course as data: the unchecked form read from JSON, and the checked one.

use std::fmt;

use rodina_rules::{AnyGame, Color, DrawReason, Point, Variant, WinReason};
use serde::{Deserialize, Serialize};

/// What an exercise asks of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Goal {
    /// Come to every target point with a piece.
    Reach,
    /// Take the piece on every target point.
    CaptureAll,
    /// Give check.
    Check,
    /// Win the game, for the given reason if one is named (mate, the centre, ...).
    Win {
        /// The way the game must be won (`checkmate`, `centre`, `king_bond`, ...).
        #[serde(default, with = "reason_text")]
        reason: Option<WinReason>,
    },
    /// Draw the game, for the given reason if one is named (a lost position saved).
    Draw {
        /// The way the game must be drawn (`insufficient_material`, `all_bonded`, ...).
        #[serde(default, with = "reason_text")]
        reason: Option<DrawReason>,
    },
    /// Turn a face-down piece face up by moving it (Jieqi).
    Reveal,
    /// Turn a face-down piece face up by moving it, then move that piece again, as what it
    /// turned out to be (Jieqi). The goal names no identity: it is met whatever the piece is.
    MoveRevealed,
    /// Bond a piece with an enemy piece (Friendly chess).
    Bond,
    /// Play a chain of at least `steps` steps after the first (Friendly chess: `d8d5>d4` is
    /// one; each released piece that steps on is a step).
    Chain {
        /// Steps of the chain, at least.
        steps: u32,
    },
    /// Play `moves` moves without losing a piece or the game.
    Survive {
        /// The moves to play.
        moves: u32,
    },
}

/// A way to fail an exercise besides the game ending without the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Failure {
    /// After the player's move the opponent can take one of the player's pieces, or win at
    /// once (a Friendly chess king left threatened).
    PieceLeftToBeTaken,
    /// The player tried a move the rules forbid for a reason of their own (the exercise
    /// teaches that rule; see [`crate::forbidden_by_rule`]). A slip, a text that is no move
    /// or a move the piece could never make, does not count.
    IllegalMoveTried,
    /// A reply took one of the player's pieces.
    PieceLost,
}

/// An exercise as the course file writes it, not yet checked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExerciseSpec {
    /// The id within its course (`leap`, `centre-1`): its texts' names are made from it.
    pub id: String,
    /// The position, in the game's FEN; the side to move is the player.
    pub fen: String,
    /// The goal.
    pub goal: Goal,
    /// The moves a good solution needs.
    pub par: u32,
    /// Points to reach or pieces to take (by their points).
    #[serde(default)]
    pub targets: Vec<String>,
    /// The opponent's replies in order, one after each of the player's moves, in the game's
    /// move text; a reply marked `+` (`a2a1+`) must give check. After the last the opponent
    /// passes. A reply that no longer fits (not legal, or no check where it must give one)
    /// ends the try: the player has left the line the script follows.
    #[serde(default)]
    pub replies: Vec<String>,
    /// What fails the exercise besides the game ending without the goal.
    #[serde(default)]
    pub fail: Vec<Failure>,
    /// How many hints its texts hold.
    #[serde(default)]
    pub hints: u32,
}

/// A lesson as the course file writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonSpec {
    /// The id within its course.
    pub id: String,
    /// Its exercises, in order.
    pub exercises: Vec<ExerciseSpec>,
}

/// A course as its file writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CourseSpec {
    /// The game (`jesonmor`, ...).
    pub variant: String,
    /// Its lessons, in order.
    pub lessons: Vec<LessonSpec>,
}

/// An exercise's id: the game and its id within the course (`jesonmor/leap`), stable across
/// versions (progress is kept by it).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExerciseId {
    /// The game.
    pub variant: Variant,
    /// The id within the course.
    pub name: String,
}

impl fmt::Display for ExerciseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.variant.name(), self.name)
    }
}

impl std::str::FromStr for ExerciseId {
    type Err = CourseError;

    fn from_str(s: &str) -> Result<ExerciseId, CourseError> {
        let bad = || CourseError::Id(s.to_string());
        let (game, name) = s.split_once('/').ok_or_else(bad)?;
        let variant: Variant = game.parse().map_err(|_| bad())?;
        if !is_name(name) {
            return Err(bad());
        }
        Ok(ExerciseId { variant, name: name.to_string() })
    }
}

/// Whether `s` is a usable id: lower-case letters, digits and dashes (it names messages).
fn is_name(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// A checked exercise.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// Its id.
    pub id: ExerciseId,
    /// The position (the player to move).
    pub fen: String,
    /// The player's side.
    pub player: Color,
    /// The goal.
    pub goal: Goal,
    /// The moves a good solution needs.
    pub par: u32,
    /// The target points.
    pub targets: Vec<Point>,
    /// The scripted replies.
    pub replies: Vec<Reply>,
    /// What fails it.
    pub fail: Vec<Failure>,
    /// Its hints' count.
    pub hints: u32,
}

impl Exercise {
    /// The game at the exercise's start.
    pub fn game(&self) -> AnyGame {
        // The FEN was read when the exercise was checked.
        AnyGame::replay(self.id.variant, None, &self.fen, &[], None)
            .unwrap_or_else(|_| unreachable!("a checked exercise's position reads"))
    }

    /// The catalog id of one of its texts: `course-GAME-EXERCISE-PART` (`title`, `goal`,
    /// `done`, `hint-1` ...).
    pub fn text_id(&self, part: &str) -> String {
        format!("course-{}-{}-{part}", self.id.variant.name(), self.id.name)
    }

    /// The parts of its texts (`title`, `goal`, `done`, `hint-1` ...), each with its
    /// catalog id.
    pub fn text_parts(&self) -> Vec<(String, String)> {
        let hints = (1..=self.hints).map(|n| format!("hint-{n}"));
        ["title", "goal", "done"]
            .into_iter()
            .map(String::from)
            .chain(hints)
            .map(|part| {
                let id = self.text_id(&part);
                (part, id)
            })
            .collect()
    }

    /// The catalog ids of every text it has.
    pub fn text_ids(&self) -> Vec<String> {
        self.text_parts().into_iter().map(|(_, id)| id).collect()
    }
}

/// A scripted reply of the opponent: a move, and whether it must give check (the course
/// file writes it `a2a1+`). It is written back in the course file's form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "String")]
pub struct Reply {
    /// The move, in the game's move text.
    pub text: String,
    /// Whether it must give check: the script's line depends on it (endless checks).
    pub gives_check: bool,
}

/// The mark after a reply that must give check.
const CHECK_MARK: char = '+';

impl Reply {
    /// Reads a reply as the course file writes it: a move text without spaces, marked `+`
    /// if it must give check. `None` if it is no such text.
    pub fn parse(s: &str) -> Option<Reply> {
        let (text, gives_check) = match s.strip_suffix(CHECK_MARK) {
            Some(text) => (text, true),
            None => (s, false),
        };
        let usable =
            !text.is_empty() && !text.chars().any(|c| c.is_whitespace() || c == CHECK_MARK);
        usable.then(|| Reply { text: text.to_string(), gives_check })
    }
}

impl From<Reply> for String {
    fn from(r: Reply) -> String {
        r.to_string()
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)?;
        if self.gives_check {
            write!(f, "{CHECK_MARK}")?;
        }
        Ok(())
    }
}

/// A checked lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Its id within the course.
    pub id: String,
    /// Its exercises.
    pub exercises: Vec<Exercise>,
}

impl Lesson {
    /// The catalog id of its title: `course-GAME-lesson-LESSON`.
    pub fn title_id(&self, variant: Variant) -> String {
        format!("course-{}-lesson-{}", variant.name(), self.id)
    }
}

/// A checked course of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    /// The game.
    pub variant: Variant,
    /// Its lessons.
    pub lessons: Vec<Lesson>,
}

/// Why a course file is not a course.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CourseError {
    /// The JSON does not read as a course.
    #[error("the course does not read: {0}")]
    Json(String),
    /// The game is not one of ours.
    #[error("unknown game {0:?}")]
    Variant(String),
    /// An id is not lower-case letters, digits and dashes, or is used twice.
    #[error("bad or repeated id {0:?}")]
    Id(String),
    /// An exercise's position does not read.
    #[error("{exercise}: the position does not read: {why}")]
    Fen {
        /// The exercise.
        exercise: String,
        /// Why.
        why: String,
    },
    /// A target is not a point of the board.
    #[error("{exercise}: {target:?} is not a point of the board")]
    Target {
        /// The exercise.
        exercise: String,
        /// The target.
        target: String,
    },
    /// The goal, par or targets do not fit together (a reach goal without targets, par 0, ...).
    #[error("{exercise}: {why}")]
    Goal {
        /// The exercise.
        exercise: String,
        /// What is wrong.
        why: String,
    },
    /// The position is already over.
    #[error("{0}: the game is already over")]
    Over(String),
    /// A scripted reply is not a move text (empty, or with spaces), with or without its
    /// check mark.
    #[error("{exercise}: bad scripted reply {reply:?}")]
    Reply {
        /// The exercise.
        exercise: String,
        /// The reply as written.
        reply: String,
    },
}

impl Course {
    /// The course of `variant` shipped in the core.
    pub fn embedded(variant: Variant) -> Result<Course, CourseError> {
        let text = match variant {
            Variant::JesonMor => include_str!("../courses/jesonmor.json"),
            Variant::Xiangqi => include_str!("../courses/xiangqi.json"),
            Variant::Friendly => include_str!("../courses/friendly.json"),
            Variant::Jieqi => include_str!("../courses/jieqi.json"),
        };
        Course::from_json(text)
    }

    /// Reads a course from its JSON text and checks it.
    pub fn from_json(text: &str) -> Result<Course, CourseError> {
        let spec: CourseSpec =
            serde_json::from_str(text).map_err(|e| CourseError::Json(e.to_string()))?;
        Course::from_spec(&spec)
    }

    /// Checks a course: known game, ids usable and unique, every position reads and is not
    /// over, targets on the board, goals that can be met.
    pub fn from_spec(spec: &CourseSpec) -> Result<Course, CourseError> {
        let variant: Variant =
            spec.variant.parse().map_err(|_| CourseError::Variant(spec.variant.clone()))?;
        let mut seen = std::collections::HashSet::new();
        let mut lessons = Vec::new();
        for l in &spec.lessons {
            if !is_name(&l.id) || !seen.insert(format!("lesson-{}", l.id)) {
                return Err(CourseError::Id(l.id.clone()));
            }
            let mut exercises = Vec::new();
            for e in &l.exercises {
                if !is_name(&e.id) || e.id.starts_with("lesson-") || !seen.insert(e.id.clone()) {
                    return Err(CourseError::Id(e.id.clone()));
                }
                exercises.push(check_exercise(variant, e)?);
            }
            lessons.push(Lesson { id: l.id.clone(), exercises });
        }
        Ok(Course { variant, lessons })
    }

    /// Every exercise, in order.
    pub fn exercises(&self) -> impl Iterator<Item = &Exercise> {
        self.lessons.iter().flat_map(|l| &l.exercises)
    }

    /// The exercise of `name`.
    pub fn exercise(&self, name: &str) -> Option<&Exercise> {
        self.exercises().find(|e| e.id.name == name)
    }

    /// The catalog ids of every text of the course.
    pub fn text_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.lessons.iter().map(|l| l.title_id(self.variant)).collect();
        ids.extend(self.exercises().flat_map(Exercise::text_ids));
        ids
    }
}

fn check_exercise(variant: Variant, e: &ExerciseSpec) -> Result<Exercise, CourseError> {
    let exercise = e.id.clone();
    let game = AnyGame::replay(variant, None, &e.fen, &[], None)
        .map_err(|why| CourseError::Fen { exercise: exercise.clone(), why: why.to_string() })?;
    if game.outcome().is_some() {
        return Err(CourseError::Over(exercise));
    }
    let (files, ranks) = game.size();
    let mut targets = Vec::new();
    for t in &e.targets {
        let p: Point = t
            .parse()
            .ok()
            .filter(|p: &Point| p.file < files && p.rank < ranks && !targets.contains(p))
            .ok_or_else(|| CourseError::Target { exercise: exercise.clone(), target: t.clone() })?;
        targets.push(p);
    }
    let goal_error = |why: &str| CourseError::Goal { exercise: exercise.clone(), why: why.into() };
    if e.par == 0 {
        return Err(goal_error("par must be at least one move"));
    }
    match e.goal {
        Goal::Reach | Goal::CaptureAll if targets.is_empty() => {
            return Err(goal_error("the goal needs targets"));
        }
        Goal::Chain { steps: 0 } | Goal::Survive { moves: 0 } => {
            return Err(goal_error("the goal needs a number above zero"));
        }
        Goal::Reveal | Goal::MoveRevealed if variant != Variant::Jieqi => {
            return Err(goal_error("only Jieqi has face-down pieces"));
        }
        Goal::Bond | Goal::Chain { .. } if variant != Variant::Friendly => {
            return Err(goal_error("only Friendly chess has bonds and chains"));
        }
        _ => {}
    }
    let replies = e
        .replies
        .iter()
        .map(|r| {
            Reply::parse(r).ok_or_else(|| CourseError::Reply {
                exercise: exercise.clone(),
                reply: r.chars().take(40).collect(),
            })
        })
        .collect::<Result<Vec<Reply>, CourseError>>()?;
    Ok(Exercise {
        id: ExerciseId { variant, name: e.id.clone() },
        fen: e.fen.clone(),
        player: game.turn(),
        goal: e.goal,
        par: e.par,
        targets,
        replies,
        fail: e.fail.clone(),
        hints: e.hints,
    })
}

/// A game end's reason (a [`WinReason`], a [`DrawReason`]) as its stable word in the course
/// files, both ways: one reader and writer for every kind of reason.
mod reason_text {
    use rodina_rules::{DrawReason, WinReason};
    use serde::{Deserialize, Deserializer, Serializer};

    /// A reason with a stable word for each of its values.
    pub trait Word: Copy + 'static {
        /// Every value.
        fn all() -> &'static [Self];
        /// Its word.
        fn word(self) -> &'static str;
    }

    impl Word for WinReason {
        fn all() -> &'static [Self] {
            &WinReason::ALL
        }
        fn word(self) -> &'static str {
            self.as_str()
        }
    }

    impl Word for DrawReason {
        fn all() -> &'static [Self] {
            &DrawReason::ALL
        }
        fn word(self) -> &'static str {
            self.as_str()
        }
    }

    pub fn serialize<T: Word, S: Serializer>(r: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match r {
            Some(r) => s.serialize_str(r.word()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, T: Word, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        let text: Option<String> = Option::deserialize(d)?;
        match text {
            None => Ok(None),
            Some(t) => T::all()
                .iter()
                .copied()
                .find(|r| r.word() == t)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("unknown reason {t:?}"))),
        }
    }
}
