//! Puzzles as Kotlin and Swift see them: the banks and the player's progress ([`Puzzles`]),
//! one puzzle being solved ([`PuzzleSession`]) and what its screen draws ([`PuzzleView`]).
//!
//! Threads: everything that reads or writes the database ([`Puzzles::progress`],
//! [`Puzzles::next`], [`Puzzles::open`], [`PuzzleSession::save_attempts`], the difficulty
//! on [`Store`]) is for the apps' I/O threads; taps, the view and the opponent's move are
//! quick and for the main thread.

use std::sync::{Arc, Mutex};

use rodina_app as app;
use rodina_app::PuzzleError;
use rodina_puzzles as puzzles;

use crate::text::Language;
use crate::types::{BoardView, MoveRecord, Point, PromotionChoice, Refusal, Side, Variant};
use crate::{RodinaError, Store, lock};

impl From<PuzzleError> for RodinaError {
    fn from(e: PuzzleError) -> Self {
        let message = e.to_string();
        match e {
            PuzzleError::UnknownPuzzle { .. } => RodinaError::NotFound(message),
            PuzzleError::Bank { .. }
            | PuzzleError::BankText(_)
            | PuzzleError::Damaged { .. }
            | PuzzleError::BadAttempt { .. } => RodinaError::PuzzleDamaged(message),
            PuzzleError::Conflict(_) | PuzzleError::Randomness(_) => RodinaError::Internal(message),
            PuzzleError::Store(e) => e.into(),
        }
    }
}

mirror_enum! {
    /// How hard the puzzles are, next to the player's rating.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum Difficulty mirrors puzzles::Difficulty {
        /// 600 below the player's rating.
        Easiest,
        /// 300 below.
        Easier,
        /// At the player's rating.
        Normal,
        /// 300 above.
        Harder,
        /// 600 above.
        Hardest,
    }
}

mirror_enum! {
    /// What a puzzle is about.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
    pub enum Theme mirrors puzzles::Theme {
        /// The solution ends in mate (or the game's own win).
        Mate,
        /// A mate in one move.
        MateIn1,
        /// A mate in two moves.
        MateIn2,
        /// A mate in three moves.
        MateIn3,
        /// A mate in four moves.
        MateIn4,
        /// A mate in five or more moves.
        MateIn5,
        /// The solution wins material.
        Material,
        /// One solver move.
        OneMove,
        /// Two solver moves.
        Short,
        /// Three solver moves.
        Long,
        /// Four or more solver moves.
        VeryLong,
        /// A cannon's screen decides (the Xiangqi family).
        CannonScreen,
        /// The win is leaving the centre (Jeson Mor).
        Centre,
        /// A chain (Friendly chess).
        Chain,
        /// The king is bonded (Friendly chess).
        Sako,
        /// The solution reveals a face-down piece (Jieqi).
        Reveal,
    }
}

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Enum)]
pub enum PuzzlePhase {
    /// The board before the opponent's move: show it a moment, then call
    /// `PuzzleSession.playOpponent` so the player sees the move played.
    Opening,
    /// The player is to move: taps are taken.
    Solving,
    /// The player's move was right; call `playOpponent` a moment later for the reply.
    Replying,
    /// Solved.
    Solved,
    /// Failed: a wrong move, or the solution asked for before the end.
    Failed,
}

impl From<app::puzzle::PuzzlePhase> for PuzzlePhase {
    fn from(p: app::puzzle::PuzzlePhase) -> Self {
        use app::puzzle::PuzzlePhase as P;
        match p {
            P::Opening => PuzzlePhase::Opening,
            P::Solving => PuzzlePhase::Solving,
            P::Replying => PuzzlePhase::Replying,
            P::Solved => PuzzlePhase::Solved,
            P::Failed => PuzzlePhase::Failed,
        }
    }
}

/// A puzzle rating as shown: whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PuzzleRating {
    /// The rating.
    pub rating: i32,
    /// Its deviation.
    pub deviation: i32,
    /// Still provisional (shown with a question mark).
    pub provisional: bool,
}

impl From<app::puzzle::RatingView> for PuzzleRating {
    fn from(r: app::puzzle::RatingView) -> Self {
        PuzzleRating { rating: r.rating, deviation: r.deviation, provisional: r.provisional }
    }
}

impl From<PuzzleRating> for app::puzzle::RatingView {
    fn from(r: PuzzleRating) -> Self {
        app::puzzle::RatingView {
            rating: r.rating,
            deviation: r.deviation,
            provisional: r.provisional,
        }
    }
}

/// What a recorded attempt did to the player's rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct RatingChange {
    /// Whether it was rated (only the first attempt at a puzzle is).
    pub rated: bool,
    /// The change of the rating as shown, when rated.
    pub change: Option<i32>,
    /// The rating without the attempt.
    pub before: PuzzleRating,
    /// The rating with it.
    pub after: PuzzleRating,
}

impl From<app::puzzle::Recorded> for RatingChange {
    fn from(r: app::puzzle::Recorded) -> Self {
        RatingChange {
            rated: r.rated,
            change: r.change(),
            before: app::puzzle::RatingView::from(r.before).into(),
            after: app::puzzle::RatingView::from(r.after).into(),
        }
    }
}

/// The solution being stepped through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct SolutionStep {
    /// How many of the solution's moves the board shows.
    pub shown: u32,
    /// The solution's moves (the player's and the replies).
    pub length: u32,
}

/// Everything the puzzle screen draws. Texts are in the session's language.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Record)]
pub struct PuzzleView {
    /// The board, drawn as a game's is (its status is the puzzle's).
    pub board: BoardView,
    /// The puzzle's id.
    pub puzzle: String,
    /// The game.
    pub variant: Variant,
    /// The side the player plays (put it at the bottom).
    pub solver: Side,
    /// Where the puzzle stands.
    pub phase: PuzzlePhase,
    /// Whether this attempt counts for the rating.
    pub rated: bool,
    /// The point the hint marks, once asked for (also in the board's highlights).
    pub hint: Option<Point>,
    /// Whether a hint was used in this attempt (it then counts as not solved).
    pub hint_used: bool,
    /// The wrong move entered, in coordinates, after a wrong move.
    pub wrong_move: Option<String>,
    /// The solution being stepped through, once shown.
    pub solution: Option<SolutionStep>,
    /// A hint can be asked for now.
    pub can_hint: bool,
    /// The solution can be shown now (before the end it fails the attempt).
    pub can_show_solution: bool,
    /// The attempt is over: offer "try again" (unrated) and "next puzzle".
    pub can_retry: bool,
    /// The puzzle's rating, once the attempt is over.
    pub puzzle_rating: Option<u32>,
    /// What the puzzle is about, once the attempt is over.
    pub themes: Vec<Theme>,
    /// The player's rating in this game (after this attempt once it is recorded).
    pub rating: PuzzleRating,
    /// What this attempt did to the rating, once recorded.
    pub change: Option<RatingChange>,
    /// The status line (the same as the board's).
    pub status: String,
    /// The result once the attempt is over.
    pub result: Option<String>,
    /// `Rating 1523`, `Rating 1500?`.
    pub rating_text: String,
    /// `+23`, or why it did not count; once recorded.
    pub change_text: Option<String>,
    /// `Puzzle rated 1300`, once the attempt is over.
    pub puzzle_text: Option<String>,
    /// `Hint: the move starts on b1`, while a hint applies.
    pub hint_text: Option<String>,
    /// Where the solution shown stands.
    pub solution_text: Option<String>,
}

impl From<app::puzzle::PuzzleView> for PuzzleView {
    fn from(v: app::puzzle::PuzzleView) -> Self {
        PuzzleView {
            board: v.board.into(),
            puzzle: v.puzzle,
            variant: v.variant.into(),
            solver: v.solver.into(),
            phase: v.phase.into(),
            rated: v.rated,
            hint: v.hint.map(Point::from),
            hint_used: v.hint_used,
            wrong_move: v.wrong_move,
            solution: v.solution.map(|s| SolutionStep { shown: s.shown, length: s.length }),
            can_hint: v.can_hint,
            can_show_solution: v.can_show_solution,
            can_retry: v.can_retry,
            puzzle_rating: v.puzzle_rating.map(u32::from),
            themes: v.themes.into_iter().map(Theme::from).collect(),
            rating: v.rating.into(),
            change: v.recorded.map(RatingChange::from),
            status: v.status,
            result: v.result,
            rating_text: v.rating_text,
            change_text: v.change_text,
            puzzle_text: v.puzzle_text,
            hint_text: v.hint_text,
            solution_text: v.solution_text,
        }
    }
}

/// What a tap, a drag or a promotion choice did in a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, uniffi::Enum)]
pub enum PuzzleTapResult {
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
    /// The move was right and was played; `solved`: it was the last.
    Right {
        /// The move.
        record: MoveRecord,
        /// Whether the puzzle is solved.
        solved: bool,
    },
    /// The move was wrong: not played, and the attempt has failed.
    Wrong {
        /// The move entered, in coordinates.
        text: String,
    },
}

impl PuzzleTapResult {
    fn new(t: app::puzzle::PuzzleTap, language: app::text::Language) -> PuzzleTapResult {
        use app::puzzle::PuzzleTap as T;
        match t {
            T::Selected(p) => PuzzleTapResult::Selected { point: p.into() },
            T::Deselected => PuzzleTapResult::Deselected,
            T::Stepped(p) => PuzzleTapResult::Stepped { point: p.into() },
            T::ChoosePromotion(c) => PuzzleTapResult::ChoosePromotion { choice: c.into() },
            T::Refused(r) => PuzzleTapResult::Refused { refusal: Refusal::new(r, language) },
            T::Right { record, solved } => PuzzleTapResult::Right { record: record.into(), solved },
            T::Wrong { text } => PuzzleTapResult::Wrong { text },
        }
    }
}

/// A player's puzzles in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PuzzleProgress {
    /// The game.
    pub variant: Variant,
    /// The player's rating.
    pub rating: PuzzleRating,
    /// Puzzles solved at least once.
    pub solved: u32,
    /// Attempts made.
    pub attempts: u32,
    /// Attempts that were rated.
    pub rated: u32,
    /// The puzzles in the game's bank.
    pub puzzles: u32,
    /// The difficulty chosen.
    pub difficulty: Difficulty,
}

impl From<app::puzzle::PuzzleProgress> for PuzzleProgress {
    fn from(p: app::puzzle::PuzzleProgress) -> Self {
        PuzzleProgress {
            variant: p.variant.into(),
            rating: p.rating.into(),
            solved: p.solved,
            attempts: p.attempts,
            rated: p.rated,
            puzzles: p.puzzles,
            difficulty: p.difficulty.into(),
        }
    }
}

impl From<PuzzleProgress> for app::puzzle::PuzzleProgress {
    fn from(p: PuzzleProgress) -> Self {
        app::puzzle::PuzzleProgress {
            variant: p.variant.into(),
            rating: p.rating.into(),
            solved: p.solved,
            attempts: p.attempts,
            rated: p.rated,
            puzzles: p.puzzles,
            difficulty: p.difficulty.into(),
        }
    }
}

/// Every game's puzzle bank and the player's progress in them.
#[derive(uniffi::Object)]
pub struct Puzzles {
    inner: Arc<app::Puzzles>,
}

#[uniffi::export]
impl Puzzles {
    /// The banks shipped in the library (read once; a damaged one is reported when its
    /// game's puzzles are asked for).
    #[uniffi::constructor]
    pub fn embedded() -> Arc<Puzzles> {
        Arc::new(Puzzles { inner: Arc::new(app::Puzzles::embedded()) })
    }

    /// Banks given as text (tests, previews): each the text form of one game's bank. Games
    /// no text is given for have no puzzles.
    #[uniffi::constructor]
    pub fn from_banks(banks: Vec<String>) -> Result<Arc<Puzzles>, RodinaError> {
        let texts: Vec<&str> = banks.iter().map(String::as_str).collect();
        let inner = app::Puzzles::from_banks(&texts)?;
        Ok(Arc::new(Puzzles { inner: Arc::new(inner) }))
    }

    /// How many puzzles `variant`'s bank holds (0 for a bank that cannot be read).
    pub fn count(&self, variant: Variant) -> u32 {
        self.inner.bank(variant.into()).map_or(0, |b| u32::try_from(b.len()).unwrap_or(u32::MAX))
    }

    /// The player's progress in `variant`'s puzzles, replayed from the log in `store`.
    pub fn progress(
        &self,
        store: Arc<Store>,
        variant: Variant,
    ) -> Result<PuzzleProgress, RodinaError> {
        Ok(self.inner.progress(&lock(&store.inner), variant.into())?.into())
    }

    /// The next puzzle of `variant`: near the player's rating and chosen difficulty, never
    /// one solved, not `last` while another is left. `None`: none is left to offer (see
    /// `progress().puzzles` for whether the bank has any).
    pub fn next(
        &self,
        store: Arc<Store>,
        variant: Variant,
        last: Option<String>,
    ) -> Result<Option<Arc<PuzzleSession>>, RodinaError> {
        let session = self.inner.next(&lock(&store.inner), variant.into(), last.as_deref())?;
        Ok(session.map(PuzzleSession::wrap))
    }

    /// Puzzle `id` of `variant`; an unknown id is `NotFound`.
    pub fn open(
        &self,
        store: Arc<Store>,
        variant: Variant,
        id: String,
    ) -> Result<Arc<PuzzleSession>, RodinaError> {
        let session = self.inner.open(&lock(&store.inner), variant.into(), &id)?;
        Ok(PuzzleSession::wrap(session))
    }
}

#[uniffi::export]
impl Store {
    /// The difficulty chosen for `variant`'s puzzles (`Normal` until one is chosen).
    pub fn puzzle_difficulty(&self, variant: Variant) -> Result<Difficulty, RodinaError> {
        Ok(lock(&self.inner).puzzle_difficulty(variant.into())?.into())
    }

    /// Keeps the difficulty chosen for `variant`'s puzzles; the next puzzle follows it.
    pub fn set_puzzle_difficulty(
        &self,
        variant: Variant,
        difficulty: Difficulty,
    ) -> Result<(), RodinaError> {
        Ok(lock(&self.inner).set_puzzle_difficulty(variant.into(), difficulty.into())?)
    }
}

/// One puzzle being solved: the puzzle screen's controller.
#[derive(uniffi::Object)]
pub struct PuzzleSession {
    inner: Mutex<app::PuzzleSession>,
    /// Held by a save from its copy of the attempts to its write.
    saving: Mutex<()>,
}

impl PuzzleSession {
    fn wrap(inner: app::PuzzleSession) -> Arc<PuzzleSession> {
        Arc::new(PuzzleSession { inner: Mutex::new(inner), saving: Mutex::new(()) })
    }
}

#[uniffi::export]
impl PuzzleSession {
    /// What the puzzle screen draws now.
    pub fn view(&self) -> PuzzleView {
        lock(&self.inner).view().into()
    }

    /// The puzzle's id.
    pub fn id(&self) -> String {
        lock(&self.inner).puzzle().id.to_string()
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        lock(&self.inner).variant().into()
    }

    /// Where the puzzle stands.
    pub fn phase(&self) -> PuzzlePhase {
        lock(&self.inner).phase().into()
    }

    /// The board's position in the game's FEN, as the player holds it (Jieqi: the view FEN).
    pub fn fen(&self) -> String {
        lock(&self.inner).fen()
    }

    /// Plays the opponent's move now due (the first, or the reply to a right move);
    /// `None` when none is due.
    pub fn play_opponent(&self) -> Result<Option<MoveRecord>, RodinaError> {
        Ok(lock(&self.inner).play_opponent()?.map(MoveRecord::from))
    }

    /// A tap on a point, as in a game; a completed move is judged.
    pub fn tap(&self, point: Point) -> PuzzleTapResult {
        let mut s = lock(&self.inner);
        let result = s.tap(point.into());
        PuzzleTapResult::new(result, s.language())
    }

    /// A piece dragged from `from` and dropped on `to`; a completed move is judged.
    pub fn drag(&self, from: Point, to: Point) -> PuzzleTapResult {
        let mut s = lock(&self.inner);
        let result = s.drag(from.into(), to.into());
        PuzzleTapResult::new(result, s.language())
    }

    /// Chooses the piece a pawn becomes (`view().board.promotion`).
    pub fn choose_promotion(&self, kind: crate::types::PieceKind) -> PuzzleTapResult {
        let mut s = lock(&self.inner);
        let result = s.choose_promotion(kind.into());
        PuzzleTapResult::new(result, s.language())
    }

    /// Starts the move under way again; whether there was anything to undo.
    pub fn restart_move(&self) -> bool {
        lock(&self.inner).restart_move()
    }

    /// Marks the point the next move starts from; the attempt then counts as not solved.
    pub fn hint(&self) -> Option<Point> {
        lock(&self.inner).hint().map(Point::from)
    }

    /// Shows the solution, to step through (before the end, the attempt fails); whether it
    /// was not shown already.
    pub fn show_solution(&self) -> bool {
        lock(&self.inner).show_solution()
    }

    /// Steps the solution one move forward or back; whether it moved.
    pub fn solution_step(&self, forward: bool) -> bool {
        lock(&self.inner).solution_step(forward)
    }

    /// Tries the puzzle again, unrated, once the attempt is over; whether it started again.
    pub fn retry(&self) -> Result<bool, RodinaError> {
        Ok(lock(&self.inner).retry()?)
    }

    /// Whether ended attempts wait to be written (`save_attempts`).
    pub fn has_unsaved_attempts(&self) -> bool {
        !lock(&self.inner).pending_attempts().is_empty()
    }

    /// Writes the ended attempts to `store`'s log (on an I/O thread); the view then shows
    /// the rating change. The attempts are copied first, so taps go on while it writes;
    /// writing one twice changes nothing.
    pub fn save_attempts(&self, store: Arc<Store>) -> Result<(), RodinaError> {
        let _one_at_a_time = lock(&self.saving);
        let pending = lock(&self.inner).pending_attempts();
        if pending.is_empty() {
            return Ok(());
        }
        let recorded = pending.write(&lock(&store.inner))?;
        lock(&self.inner).saved(&recorded);
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

/// Every difficulty, easiest first, for the picker.
#[uniffi::export]
pub fn difficulties() -> Vec<Difficulty> {
    puzzles::Difficulty::ALL.into_iter().map(Difficulty::from).collect()
}

/// A difficulty's name in `language`.
#[uniffi::export]
pub fn difficulty_name(language: Language, difficulty: Difficulty) -> String {
    app::text::difficulty_name(language.into(), difficulty.into())
}

/// A theme's name in `language`.
#[uniffi::export]
pub fn theme_name(language: Language, theme: Theme) -> String {
    app::text::theme_name(language.into(), theme.into())
}

/// The puzzle screen's title in `language`: `Xiangqi puzzles`.
#[uniffi::export]
pub fn puzzles_title(language: Language, variant: Variant) -> String {
    app::text::puzzles_title(language.into(), variant.into())
}

/// Why no puzzle of `variant` is offered: none in the bank (`any` false), or all solved.
#[uniffi::export]
pub fn no_puzzle_text(language: Language, variant: Variant, any: bool) -> String {
    app::text::no_puzzle_text(language.into(), variant.into(), any)
}

/// A rating as the screens say it: `Rating 1523`, `Rating 1500?`.
#[uniffi::export]
pub fn puzzle_rating_text(language: Language, rating: PuzzleRating) -> String {
    app::text::puzzle_rating_text(language.into(), rating.into())
}

/// A rating change with its sign: `+12`, `−8`, `±0`.
#[uniffi::export]
pub fn rating_change_text(language: Language, change: i32) -> String {
    app::text::rating_change_text(language.into(), change)
}

/// A game's puzzle progress as its page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, uniffi::Record)]
pub struct PuzzleProgressText {
    /// `Puzzles`.
    pub title: String,
    /// `Rating 1523`.
    pub rating: String,
    /// `12 puzzles solved`.
    pub solved: String,
    /// `15 attempts`.
    pub attempts: String,
    /// `1500 puzzles`.
    pub puzzles: String,
}

impl From<app::text::PuzzleProgressText> for PuzzleProgressText {
    fn from(t: app::text::PuzzleProgressText) -> Self {
        PuzzleProgressText {
            title: t.title,
            rating: t.rating,
            solved: t.solved,
            attempts: t.attempts,
            puzzles: t.puzzles,
        }
    }
}

/// How a game's page shows `progress`, in `language` (Slovak plurals included).
#[uniffi::export]
pub fn puzzle_progress_text(language: Language, progress: PuzzleProgress) -> PuzzleProgressText {
    app::text::puzzle_progress_text(language.into(), &progress.into()).into()
}
