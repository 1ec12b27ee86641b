//! The exercise screen's controller: one exercise of a game's course, tried once or more, as
//! a small state machine between the taps, the exercise's run ([`Run`]) and the board.
//!
//! The run holds the truth of the exercise's game (a Jieqi exercise's face-down identities
//! included) and judges every move: it collects targets, plays the opponent's replies, and
//! ends solved with a score or failed with a reason. It never leaves this session. The board
//! the player sees and taps on is the player's seat's own record ([`crate::view_table`]),
//! the same as a puzzle's: each move the run takes is played there as that seat writes it
//! (Jieqi: with what a reveal turned up and nothing more), so the screen never learns what
//! the seat may not know.
//!
//! Moves are entered with the taps and drags of a game (the shared [`Input`]: Friendly
//! chains step by step, promotion choices). The board offers only legal moves, so a move the
//! rules forbid is refused before it is a move; where an exercise teaches such a rule (it
//! fails on [`rodina_learn::Failure::IllegalMoveTried`]), a refused try at it fails it, and a
//! slip of the finger does not ([`rodina_learn::forbidden_by_rule`] tells them apart). The
//! opponent's reply (the script's, or the answer it must make where it cannot pass: in
//! check) waits for [`CourseSession::play_opponent`], which the screen calls a moment later,
//! so the player sees it played. Where the script says nothing and the opponent may pass, the
//! run sets the position up anew with the player to move, and so does the board, keeping the
//! moves and the captures shown before.
//!
//! A solve's score joins the best scores the session knows at once (its stars show), and
//! waits to be written to the Store off the UI's thread ([`CourseSession::pending_scores`]).

use std::sync::Arc;

use rodina_learn::{
    Course, Ended, Exercise, ExerciseId, Progress, Run, RunError, Score, forbidden_by_rule,
};
use rodina_rules::{AnyGame, Color, IllegalMoveReason, Seat, Variant};

use crate::board::{Marks, draw, move_rows, player_bars};
use crate::course::model::{
    CourseFailure, CoursePhase, CourseTap, CourseTarget, CourseView, ScoreView,
};
use crate::error::CourseError;
use crate::input::{Entered, Input};
use crate::model::{Awaiting, BoardView, MoveRecord, PieceKind, Point, Refusal, TapResult};
use crate::store::Store;
use crate::text::{self, Language};
use crate::view_table::{SeatRecord, Shown, seat_record_after};

/// The scores a session has and has not yet seen written: what saving writes, copied from
/// the session ([`CourseSession::pending_scores`]), to write without holding it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PendingScores {
    scores: Vec<(ExerciseId, Score)>,
}

impl PendingScores {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The exercises and their scores.
    pub fn scores(&self) -> &[(ExerciseId, Score)] {
        &self.scores
    }

    /// Writes the scores to the Store, each kept only where it beats the one stored (writing
    /// one twice changes nothing).
    pub fn write(&self, store: &Store) -> Result<(), CourseError> {
        for (id, score) in &self.scores {
            store.record_course_score(id, *score)?;
        }
        Ok(())
    }
}

/// One exercise of a course being tried on this device; it goes on to the next ones.
pub struct CourseSession {
    course: Arc<Course>,
    /// The exercise's place in the course's order.
    index: usize,
    /// The try: the truth of the exercise's game, never handed out.
    run: Run,
    /// The player's seat's record, as the screen shows it.
    board: Box<dyn SeatRecord>,
    input: Input,
    /// What the board showed before the run's game began anew (each time the opponent
    /// passed): the moves and the captures.
    earlier: Shown,
    /// The opponent's reply the run has played (the script's, or the answer it had to make),
    /// as the player's seat writes it, not yet shown.
    reply: Option<String>,
    /// How many of the exercise's hints are shown.
    hints: u32,
    /// Why the rules refused the move tried, when that failed the exercise.
    refused: Option<Refusal>,
    /// The best score of the exercise when this try began.
    best_before: Option<Score>,
    /// The best scores known: the Store's when the session began, and every solve since.
    progress: Progress,
    /// Solves not yet written.
    pending: Vec<(ExerciseId, Score)>,
    language: Language,
}

impl std::fmt::Debug for CourseSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Not the run: it holds what a Jieqi seat may not know.
        f.debug_struct("CourseSession")
            .field("exercise", &self.exercise().id.to_string())
            .field("phase", &self.phase())
            .finish_non_exhaustive()
    }
}

/// Whether a refusal in `game` is a try at a move the rules forbid, rather than a slip of
/// the finger: a piece that cannot move at all (a pinned horse), or a step the rules forbid
/// for a reason of their own ([`forbidden_by_rule`]: the generals would face each other, the
/// king would step into a bond). A point the piece could never reach from where it stands is
/// a slip, and refused as in a game.
fn is_a_try(game: &AnyGame, refusal: &Refusal) -> bool {
    match refusal {
        Refusal::NoLegalMove { .. } => true,
        Refusal::IllegalMove { reason } => forbidden_by_rule(game, reason),
        Refusal::GameOver
        | Refusal::NotYourTurn
        | Refusal::OffBoard
        | Refusal::EmptyPoint
        | Refusal::OpponentPiece { .. } => false,
    }
}

impl CourseSession {
    /// A session of `course`'s exercise at `index` (in the course's order), with the best
    /// scores `progress` knows.
    pub(crate) fn new(
        course: Arc<Course>,
        index: usize,
        progress: Progress,
    ) -> Result<CourseSession, CourseError> {
        let exercise = course.exercises().nth(index).cloned().ok_or_else(|| {
            CourseError::UnknownExercise { variant: course.variant, id: format!("#{index}") }
        })?;
        let run = Run::new(&exercise);
        let board = seat_board(&run, Shown::default());
        Ok(CourseSession {
            best_before: progress.best(&exercise.id),
            course,
            index,
            run,
            board,
            input: Input::default(),
            earlier: Shown::default(),
            reply: None,
            hints: 0,
            refused: None,
            progress,
            pending: Vec::new(),
            language: Language::English,
        })
    }

    /// The exercise (its FEN is the truth: never for a screen).
    pub(crate) fn exercise(&self) -> &Exercise {
        self.run.exercise()
    }

    /// The exercise's id (`jesonmor/leap`).
    pub fn id(&self) -> &ExerciseId {
        &self.exercise().id
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.course.variant
    }

    /// The side the player plays.
    pub fn player(&self) -> Color {
        self.exercise().player
    }

    /// The language of the view's texts.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Speaks `language` from now on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    /// Where the exercise stands.
    pub fn phase(&self) -> CoursePhase {
        if self.reply.is_some() {
            return CoursePhase::Replying;
        }
        match self.run.ended() {
            None => CoursePhase::Playing,
            Some(Ended::Solved { .. }) => CoursePhase::Solved,
            Some(_) => CoursePhase::Failed,
        }
    }

    /// The board's position in the game's FEN, as the player's seat holds it (Jieqi: the
    /// view FEN, never the truth).
    pub fn fen(&self) -> String {
        self.board.view_fen()
    }

    /// Why the player may not touch the pieces now, if so.
    fn input_refusal(&self) -> Option<Refusal> {
        match self.phase() {
            CoursePhase::Playing => None,
            CoursePhase::Replying => Some(Refusal::NotYourTurn),
            CoursePhase::Solved | CoursePhase::Failed => Some(Refusal::GameOver),
        }
    }

    /// A tap on a point: as in a game, and a completed move is played.
    pub fn tap(&mut self, p: Point) -> CourseTap {
        let seat = Seat::Player(self.player());
        let refusal = self.input_refusal();
        let entered = self.input.tap(self.board.as_mut(), seat, refusal, p);
        self.entered(entered)
    }

    /// A piece dragged from `from` and dropped on `to`: as in a game, and a completed move
    /// is played.
    pub fn drag(&mut self, from: Point, to: Point) -> CourseTap {
        let seat = Seat::Player(self.player());
        let refusal = self.input_refusal();
        let entered = self.input.drag(self.board.as_mut(), seat, refusal, from, to);
        self.entered(entered)
    }

    /// Chooses the piece a pawn becomes (Friendly chess): the step that asked, or a
    /// promotion the opponent's carrying owes.
    pub fn choose_promotion(&mut self, kind: PieceKind) -> CourseTap {
        let refusal = self.input_refusal();
        let entered = self.input.choose_promotion(self.board.as_mut(), refusal, kind);
        self.entered(entered)
    }

    /// Starts the move being entered again; whether there was anything to undo.
    pub fn restart_move(&mut self) -> bool {
        self.input.restart(self.board.as_mut())
    }

    fn entered(&mut self, entered: Entered<String>) -> CourseTap {
        match entered {
            Entered::Tap(TapResult::Selected(p)) => CourseTap::Selected(p),
            Entered::Tap(TapResult::Deselected) => CourseTap::Deselected,
            Entered::Tap(TapResult::Stepped(p)) => CourseTap::Stepped(p),
            Entered::Tap(TapResult::ChoosePromotion(c)) => CourseTap::ChoosePromotion(c),
            Entered::Tap(TapResult::Refused(r)) => self.refused(r),
            // The input hands a completed move out as `Done`, never as played.
            Entered::Tap(TapResult::Moved(_)) => not_legal(),
            Entered::Done(text) => self.play(&text),
        }
    }

    /// A refused tap: a try at a forbidden move fails an exercise that teaches the rule.
    fn refused(&mut self, refusal: Refusal) -> CourseTap {
        if self.phase() != CoursePhase::Playing
            || !is_a_try(self.run.game(), &refusal)
            || self.run.illegal_move_tried().is_none()
        {
            return CourseTap::Refused(refusal);
        }
        self.input.clear();
        self.board.entry_mut().restart();
        self.refused = Some(refusal.clone());
        CourseTap::Illegal { refusal }
    }

    /// Plays a completed move (its coordinate text): the run judges it and plays the reply,
    /// and the board shows the move as the player's seat writes it.
    fn play(&mut self, text: &str) -> CourseTap {
        let seat = Seat::Player(self.player());
        // The move as the seat writes it (Jieqi: with what it reveals): the truth plays it on
        // a copy, and only the seat's text comes out.
        let mut probe = self.run.game().clone();
        if probe.play_text(text).is_err() {
            return not_legal();
        }
        let mine = probe.move_texts_for(seat).pop().unwrap_or_else(|| text.to_owned());
        let step = match self.run.play(text) {
            Ok(step) => step,
            Err(RunError::Ended) => return CourseTap::Refused(Refusal::GameOver),
            // The board offers only the position's legal moves.
            Err(RunError::Illegal(_)) => return not_legal(),
        };
        let record = match self.board.play_text(&mine) {
            Ok(record) => record,
            Err(_) => {
                // The seat's record should take what the truth played; should it not, the
                // board is set up again from the run, which holds what happened.
                self.resync();
                match self.board.moves().last() {
                    Some(record) => record.clone(),
                    None => return not_legal(),
                }
            }
        };
        if let Some(reply) = step.reply {
            self.reply = Some(reply);
        } else if self.run.ended().is_none() && self.board.to_move() != self.run.game().turn() {
            // The opponent passed: the run's game began anew with the player to move.
            self.earlier = Shown::of(self.board.as_ref(), seat);
            self.board = seat_board(&self.run, self.earlier.clone());
        }
        if let Some(Ended::Solved { score }) = self.run.ended() {
            self.solved(score);
        }
        CourseTap::Played { record, collected: step.collected }
    }

    /// The board set up again from the run, every reply shown.
    fn resync(&mut self) {
        self.reply = None;
        self.input.clear();
        self.board = seat_board(&self.run, self.earlier.clone());
    }

    /// Plays the opponent's reply now due and returns it; `None` when none is due.
    pub fn play_opponent(&mut self) -> Option<MoveRecord> {
        let text = self.reply.take()?;
        self.input.clear();
        self.board.entry_mut().restart();
        match self.board.play_text(&text) {
            Ok(record) => Some(record),
            Err(_) => {
                self.resync();
                self.board.moves().last().cloned()
            }
        }
    }

    /// A solve: it joins the best scores at once and waits to be written.
    fn solved(&mut self, score: Score) {
        let id = self.exercise().id.clone();
        self.progress.record(id.clone(), score);
        self.pending.push((id, score));
    }

    /// Shows the exercise's next hint; whether there was one to show.
    pub fn hint(&mut self) -> bool {
        if self.hints >= self.exercise().hints || self.phase().is_over() {
            return false;
        }
        self.hints += 1;
        true
    }

    /// Starts the exercise again from its position (the hints shown stay shown). Whether it
    /// started again: not before anything happened.
    pub fn retry(&mut self) -> bool {
        if self.run.moves() == 0 && !self.phase().is_over() {
            return false;
        }
        self.begin(self.index);
        true
    }

    /// Goes on to the course's next exercise; whether there was one.
    pub fn next_exercise(&mut self) -> bool {
        if self.index + 1 >= self.count() {
            return false;
        }
        self.begin(self.index + 1);
        self.hints = 0;
        true
    }

    /// Sets up a new try at the exercise at `index`.
    fn begin(&mut self, index: usize) {
        let Some(exercise) = self.course.exercises().nth(index).cloned() else { return };
        self.index = index;
        self.best_before = self.progress.best(&exercise.id);
        self.run = Run::new(&exercise);
        self.board = seat_board(&self.run, Shown::default());
        self.input = Input::default();
        self.earlier = Shown::default();
        self.reply = None;
        self.refused = None;
    }

    /// The number of exercises in the course.
    fn count(&self) -> usize {
        self.course.exercises().count()
    }

    /// The scores not yet written, to write off the UI's thread.
    pub fn pending_scores(&self) -> PendingScores {
        PendingScores { scores: self.pending.clone() }
    }

    /// Takes note that these scores are in the Store.
    pub fn saved(&mut self, written: &PendingScores) {
        self.pending.retain(|p| !written.scores.contains(p));
    }

    /// Writes the scores not yet written (see [`CourseSession::pending_scores`]).
    pub fn save(&mut self, store: &Store) -> Result<(), CourseError> {
        let pending = self.pending_scores();
        pending.write(store)?;
        self.saved(&pending);
        Ok(())
    }

    /// The best scores the session knows: the Store's when it began, and every solve since.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// What the exercise screen draws now.
    pub fn view(&self) -> CourseView {
        let lang = self.language;
        let exercise = self.exercise();
        let variant = self.variant();
        let player = self.player();
        let phase = self.phase();
        let seat = Seat::Player(player);
        let board = self.board.as_ref();
        let collected = self.run.collected();
        let goals: Vec<Point> =
            exercise.targets.iter().filter(|t| !collected.contains(t)).copied().collect();
        let drawn = draw(board, seat, false, Marks { hint: None, goals: &goals });
        let awaiting = match phase {
            CoursePhase::Playing => Awaiting::Person(player),
            CoursePhase::Replying => Awaiting::Bot(!player),
            CoursePhase::Solved | CoursePhase::Failed => Awaiting::Nobody,
        };
        let person = awaiting == Awaiting::Person(player);
        let promotion = if person { self.input.promotion_choice(board, true) } else { None };
        let side = |c: Color| text::side_name(lang, variant, c);
        // A reply still to be shown comes before how the try ended.
        let ended = self.run.ended().filter(|_| phase.is_over());
        let failure = ended.and_then(CourseFailure::of);
        let score = match ended {
            Some(Ended::Solved { score }) => Some(score),
            _ => None,
        };
        let result = match ended {
            Some(Ended::Solved { .. }) => Some(text::message(lang, "course-solved", &[])),
            Some(other) => other.text_id().map(|id| text::course_text(lang, id)),
            None => None,
        };
        let status = if let Some(result) = &result {
            result.clone()
        } else if promotion.is_some() {
            text::message(lang, "status-promotion", &[])
        } else if let Some(h) = drawn.hovering {
            let piece = text::piece_name(lang, h.piece.kind);
            text::message(lang, "status-released", &[("piece", piece)])
        } else if phase == CoursePhase::Replying {
            text::message(lang, "course-opponent-moves", &[("side", side(!player))])
        } else {
            text::message(lang, "course-your-move", &[("side", side(player))])
        };
        let players = player_bars(board, seat, |c| {
            if c == player {
                text::message(lang, "course-you", &[("side", side(c))])
            } else {
                side(c)
            }
        });
        let last_move_text = drawn.last.as_ref().map(|m| text::last_move_text(lang, &m.notation));
        let (files, ranks) = board.size();
        let board_view = BoardView {
            variant,
            files,
            ranks,
            points: drawn.points,
            to_move: board.to_move(),
            awaiting,
            selected: drawn.selected,
            targets: drawn.targets,
            last_move: drawn.last,
            check: drawn.check,
            hovering: drawn.hovering,
            promotion,
            outcome: board.outcome(),
            can_undo: false,
            can_agree_draw: false,
            move_started: person && (drawn.selected.is_some() || self.input.pending().is_some()),
            ply_count: count(board.moves().len()),
            players,
            status: status.clone(),
            result: result.clone(),
            move_rows: move_rows(board.moves()),
            last_move_text,
            hand_over: None,
        };
        let lesson =
            self.course.lessons.iter().find(|l| l.exercises.iter().any(|e| e.id == exercise.id));
        let number = count(self.index + 1);
        let total = count(self.count());
        let collected_count = count(collected.len());
        let targets_total = count(exercise.targets.len());
        let new_best = score.is_some_and(|s| self.best_before.is_none_or(|b| s.points > b.points));
        let best_text = score.map(|_| match self.best_before.filter(|_| !new_best) {
            Some(best) => {
                let points = text::course_score_text(lang, best.points);
                text::message(lang, "course-best", &[("score", points)])
            }
            None => text::message(lang, "course-new-best", &[]),
        });
        CourseView {
            board: board_view,
            exercise: exercise.id.name.clone(),
            variant,
            player,
            phase,
            number,
            count: total,
            number_text: text::course_exercise_number(lang, number, total),
            lesson_title: lesson
                .map(|l| text::course_text(lang, &l.title_id(variant)))
                .unwrap_or_default(),
            title: text::course_text(lang, &exercise.text_id("title")),
            goal: text::course_text(lang, &exercise.text_id("goal")),
            targets: exercise
                .targets
                .iter()
                .map(|&point| CourseTarget { point, collected: collected.contains(&point) })
                .collect(),
            collected: collected_count,
            moves: self.run.moves(),
            par: exercise.par,
            moves_text: text::course_moves_text(lang, self.run.moves(), exercise.par),
            targets_text: (targets_total > 0)
                .then(|| text::course_targets_text(lang, collected_count, targets_total)),
            hints: (1..=self.hints)
                .map(|n| text::course_text(lang, &exercise.text_id(&format!("hint-{n}"))))
                .collect(),
            can_hint: self.hints < exercise.hints && !phase.is_over(),
            failure,
            score: score.map(ScoreView::from),
            best: self.best_before.map(ScoreView::from),
            new_best,
            status,
            result,
            done_text: score.map(|_| text::course_text(lang, &exercise.text_id("done"))),
            refusal_text: self
                .refused
                .as_ref()
                .filter(|_| failure == Some(CourseFailure::IllegalMoveTried))
                .map(|r| text::refusal_text(lang, r)),
            score_text: score.map(|s| text::course_score_text(lang, s.points)),
            stars_text: score.map(|s| text::course_stars_text(lang, u32::from(s.stars().0), 3)),
            best_text,
            can_retry: self.run.moves() > 0 || phase.is_over(),
            next: self.course.exercises().nth(self.index + 1).map(|e| e.id.name.clone()),
        }
    }
}

/// The player's seat's board of `run`'s game, after what was shown before it began.
fn seat_board(run: &Run, earlier: Shown) -> Box<dyn SeatRecord> {
    let seat = Seat::Player(run.exercise().player);
    seat_record_after(run.game().view(seat), earlier)
}

/// A count for the screens (a course holds far fewer than four billion of anything).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A completed move that cannot be played: refused as not legal (it never happens: the board
/// offers only the position's legal moves, which the run takes).
fn not_legal() -> CourseTap {
    CourseTap::Refused(Refusal::IllegalMove { reason: IllegalMoveReason::NotLegal })
}
