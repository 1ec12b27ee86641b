//! The puzzle screen's controller: one puzzle, tried once or more, as a small state machine
//! between the taps, the puzzle's line ([`PuzzleRun`]) and the board.
//!
//! The board is the solver's own record of the game ([`crate::view_table`]): for an open
//! game the position itself, for Jieqi the view FEN the puzzle is posed on, and nothing
//! more. The screen shows the position before the opponent's move, then asks for that move
//! ([`PuzzleSession::play_opponent`]) a moment later, so the player sees it played with the
//! last move marked. The solver's moves are entered with the taps and drags of a game (the
//! same [`Input`]: Friendly chains step by step, promotion choices); each completed move is
//! judged by the run before it is played. A right move is played and the opponent's reply
//! waits for [`PuzzleSession::play_opponent`] again; a wrong move is not played, and the
//! attempt has failed.
//!
//! Jieqi: what a reveal shows is chance, and the solution may branch by it (a group of
//! alternatives, one per identity) or end on a reveal written bare (it wins whatever it
//! shows). An attempt draws its line when it begins: a branch at each group and an identity
//! for a bare reveal, each as likely as the pool says, from a generator seeded by the
//! operating system. The line stays in the run, which hands out only what has been played.
//!
//! An attempt that ends (solved, failed, or the solution asked for) becomes an [`Attempt`]
//! with a UUIDv7 id (the device's clock and 10 bytes from the operating system's secure
//! generator, drawn when the attempt began), waiting to be written to the log
//! ([`PuzzleSession::pending_attempts`], written off the UI's thread). Only an attempt at a
//! puzzle the log has never seen is offered as rated; a retry never is. A solve after a hint
//! counts as failed: the hint gave part of the answer away.

use std::sync::Arc;

use rand::rngs::{OsRng, StdRng};
use rand::{Rng, SeedableRng, TryRngCore};
use rodina_puzzles::solution::{Line, move_part};
use rodina_puzzles::{
    Attempt, AttemptId, AttemptResult, Bank, NewAttempt, Puzzle, PuzzleRun, Rating, RunState,
    SolveError, Step,
};
use rodina_rules::{AnyView, Color, NewGame, Seat, Variant};

use crate::board::{Marks, draw, move_rows, player_bars};
use crate::error::{PuzzleError, SessionError};
use crate::input::{Entered, Input};
use crate::model::{Awaiting, BoardView, MoveRecord, PieceKind, Point, Refusal, TapResult};
use crate::puzzle::model::{
    PuzzlePhase, PuzzleTap, PuzzleView, RatingView, Recorded, SolutionView,
};
use crate::puzzle::service::write_attempts;
use crate::store::{Store, now_ms};
use crate::text::{self, Language};
use crate::view_table::{SeatRecord, seat_record};
use rodina_rules::IllegalMoveReason;

/// What a session needs to know of the player and the log when it starts.
#[derive(Clone, Debug)]
pub(crate) struct Seating {
    /// This device's id, which the attempts carry.
    pub(crate) device: String,
    /// Whether the log has no attempt at this puzzle yet: the first attempt is rated.
    pub(crate) first: bool,
    /// The player's rating in the game.
    pub(crate) rating: Rating,
    /// The latest end of an attempt in the game's log: a new attempt ends after it, so the
    /// replay's order (by end time) keeps this device's order even if the clock goes back.
    pub(crate) latest_ms: i64,
    /// The game's bank, for the replays that tell what an attempt did to the rating.
    pub(crate) bank: Arc<Bank>,
}

/// The attempts a session has ended and not yet seen written: what saving writes, copied
/// from the session ([`PuzzleSession::pending_attempts`]), to write without holding it.
#[derive(Clone, Debug)]
pub struct PendingAttempts {
    attempts: Vec<Attempt>,
    bank: Arc<Bank>,
}

impl PendingAttempts {
    /// Whether there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.attempts.is_empty()
    }

    /// The attempts.
    pub fn attempts(&self) -> &[Attempt] {
        &self.attempts
    }

    /// Writes the attempts to the log (writing one twice changes nothing) and tells what each
    /// did to the player's rating.
    pub fn write(&self, store: &Store) -> Result<Vec<Recorded>, PuzzleError> {
        write_attempts(store, &self.bank, &self.attempts)
    }
}

/// One puzzle being tried on this device.
pub struct PuzzleSession {
    puzzle: Puzzle,
    /// The position the puzzle starts from, as the solver holds it.
    start: AnyView,
    run: PuzzleRun,
    /// The board of this attempt.
    board: Box<dyn SeatRecord>,
    input: Input,
    /// The solution being stepped through: how many of its moves are shown, and its board.
    solution: Option<(usize, Box<dyn SeatRecord>)>,
    /// The hint asked for the solver's move now due.
    hint: Option<Point>,
    hint_used: bool,
    /// The wrong move entered, if the attempt failed by one.
    wrong: Option<String>,
    /// The solution was asked for before the end.
    gave_up: bool,
    /// Whether this attempt is offered as rated.
    rated: bool,
    started_ms: i64,
    /// The bytes of this attempt's id, drawn when it began.
    id_bytes: [u8; 10],
    /// What chooses what a reveal shows (Jieqi): seeded from the operating system's secure
    /// generator when the session began.
    rng: StdRng,
    /// The attempt made of this run, once it ended.
    ended: Option<Attempt>,
    /// Ended attempts not yet written.
    pending: Vec<Attempt>,
    /// What this run's attempt did to the rating, once written.
    recorded: Option<Recorded>,
    seating: Seating,
    language: Language,
}

impl std::fmt::Debug for PuzzleSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleSession")
            .field("puzzle", &self.puzzle.id)
            .field("phase", &self.phase())
            .finish_non_exhaustive()
    }
}

/// A seed from the operating system's secure generator.
fn seed_bytes() -> Result<[u8; 32], PuzzleError> {
    let mut seed = [0u8; 32];
    OsRng.try_fill_bytes(&mut seed).map_err(|e| PuzzleError::Randomness(e.to_string()))?;
    Ok(seed)
}

/// One of `weights`' places at random, each as likely as its weight (the first when none
/// weighs anything).
fn pick(rng: &mut StdRng, weights: &[u32]) -> usize {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total == 0 {
        return 0;
    }
    let mut at = rng.random_range(0..total);
    for (i, &w) in weights.iter().enumerate() {
        if at < u64::from(w) {
            return i;
        }
        at -= u64::from(w);
    }
    0
}

/// Plays `text` on `board` and returns the text played: `text` itself, or, for a chance
/// move written bare (a reveal that wins whatever it shows), the move noted with what it
/// shows, as `choose` picks among the outcomes' weights.
fn resolve(
    board: &mut dyn SeatRecord,
    text: &str,
    choose: impl FnOnce(&[u32]) -> usize,
) -> Result<String, SessionError> {
    let refused = match board.play_text(text) {
        Ok(_) => return Ok(text.to_owned()),
        Err(e) => e,
    };
    let outcomes = board.outcomes(text).map_err(|_| refused.clone())?;
    if outcomes.len() < 2 {
        return Err(refused);
    }
    let weights: Vec<u32> = outcomes.iter().map(|(_, w)| *w).collect();
    let chosen = outcomes.get(choose(&weights)).map_or(text, |(t, _)| t.as_str()).to_owned();
    board.play_text(&chosen)?;
    Ok(chosen)
}

/// The line an attempt plays: the solution's tree walked from `start`, taking at each group
/// of alternatives (what a reveal shows decides the reply) one at random, as likely as what
/// it shows, and noting a reveal written bare with an identity drawn the same way. Drawn when
/// the attempt begins and kept in the run, which hands out only what has been played.
fn chosen_line(
    puzzle: &Puzzle,
    tree: &Line,
    start: &AnyView,
    rng: &mut StdRng,
) -> Result<Vec<String>, PuzzleError> {
    let mut board = seat_record(start.clone());
    let mut out = Vec::new();
    let mut line = tree;
    loop {
        for text in &line.plies {
            let played = resolve(board.as_mut(), text, |w| pick(rng, w))
                .map_err(|e| damaged(puzzle, format!("{text}: {e}")))?;
            out.push(played);
        }
        if line.branches.is_empty() {
            return Ok(out);
        }
        // Each alternative starts with the chance ply, noted with what it shows.
        let chance =
            line.branches.first().and_then(|b| b.plies.first()).map_or("", |t| move_part(t));
        let outcomes = board.outcomes(chance).unwrap_or_default();
        let weights: Vec<u32> = line
            .branches
            .iter()
            .map(|b| {
                let noted = b.plies.first();
                outcomes.iter().find(|(t, _)| Some(t) == noted).map_or(0, |(_, w)| *w)
            })
            .collect();
        let Some(next) = line.branches.get(pick(rng, &weights)) else { return Ok(out) };
        line = next;
    }
}

/// A run of `puzzle` on a line chosen from `tree` (see [`chosen_line`]).
fn new_run(
    puzzle: &Puzzle,
    tree: &Line,
    start: &AnyView,
    rng: &mut StdRng,
) -> Result<PuzzleRun, PuzzleError> {
    let line = chosen_line(puzzle, tree, start, rng)?;
    PuzzleRun::on_path(puzzle, &line).map_err(|e| damaged(puzzle, e))
}

/// A puzzle that cannot be played, as an error naming it.
fn damaged(puzzle: &Puzzle, detail: impl std::fmt::Display) -> PuzzleError {
    PuzzleError::Damaged { id: puzzle.id.to_string(), detail: detail.to_string() }
}

/// Ten bytes from the operating system's secure generator, for an attempt's id.
fn id_bytes() -> Result<[u8; 10], PuzzleError> {
    let mut bytes = [0u8; 10];
    OsRng.try_fill_bytes(&mut bytes).map_err(|e| PuzzleError::Randomness(e.to_string()))?;
    Ok(bytes)
}

impl PuzzleSession {
    /// A session of `puzzle`. Every path of its solution is played out on the solver's board
    /// first, so a damaged puzzle is refused here ([`PuzzleError::Damaged`]) rather than
    /// halfway.
    pub(crate) fn new(puzzle: Puzzle, seating: Seating) -> Result<PuzzleSession, PuzzleError> {
        let tree = puzzle.solution();
        let paths = tree.paths();
        // The side to move in the FEN is the opponent's, whatever the path.
        let first = paths.first().cloned().unwrap_or_default();
        let probe = PuzzleRun::on_path(&puzzle, &first).map_err(|e| damaged(&puzzle, e))?;
        let seat = Seat::Player(probe.solver());
        let start = AnyView::read(&NewGame::from_fen(puzzle.variant, &puzzle.fen), Some(seat))
            .map_err(|e| damaged(&puzzle, e))?
            .ok_or_else(|| damaged(&puzzle, "its position is no position of one seat"))?;
        // The open games' lines were played by the run; Jieqi's only here, on the view, every
        // branch of it (a reveal written bare with the first identity it can show).
        for path in &paths {
            let mut check = seat_record(start.clone());
            for (i, text) in path.iter().enumerate() {
                resolve(check.as_mut(), text, |_| 0)
                    .map_err(|e| damaged(&puzzle, format!("move {} ({text}): {e}", i + 1)))?;
            }
        }
        let mut rng = StdRng::from_seed(seed_bytes()?);
        let run = new_run(&puzzle, &tree, &start, &mut rng)?;
        let board = seat_record(start.clone());
        Ok(PuzzleSession {
            rated: seating.first,
            started_ms: now_ms(),
            id_bytes: id_bytes()?,
            rng,
            puzzle,
            start,
            run,
            board,
            input: Input::default(),
            solution: None,
            hint: None,
            hint_used: false,
            wrong: None,
            gave_up: false,
            ended: None,
            pending: Vec::new(),
            recorded: None,
            seating,
            language: Language::English,
        })
    }

    /// The puzzle (for Jieqi, its whole solution tree: never for a screen).
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The line this attempt plays: the opponent's move, then the solution as drawn when the
    /// attempt began (tests: it holds what reveals will show).
    #[cfg(test)]
    pub(crate) fn line(&self) -> Vec<String> {
        std::iter::once(self.run.opponent_move().to_owned())
            .chain(self.run.solution().iter().cloned())
            .collect()
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.puzzle.variant
    }

    /// The side the player plays.
    pub fn solver(&self) -> Color {
        self.run.solver()
    }

    /// The language of the view's texts.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Speaks `language` from now on.
    pub fn set_language(&mut self, language: Language) {
        self.language = language;
    }

    /// Where the puzzle stands.
    pub fn phase(&self) -> PuzzlePhase {
        if self.gave_up {
            return PuzzlePhase::Failed;
        }
        match self.run.state() {
            RunState::Solved => PuzzlePhase::Solved,
            RunState::Failed => PuzzlePhase::Failed,
            RunState::Solving if self.board.moves().len() < self.run.played().len() => {
                if self.board.moves().is_empty() {
                    PuzzlePhase::Opening
                } else {
                    PuzzlePhase::Replying
                }
            }
            RunState::Solving => PuzzlePhase::Solving,
        }
    }

    /// The board's position in the game's FEN, as the solver holds it (Jieqi: the view FEN).
    pub fn fen(&self) -> String {
        self.shown().view_fen()
    }

    /// The board shown: the solution's while it is stepped through, else the attempt's.
    fn shown(&self) -> &dyn SeatRecord {
        match &self.solution {
            Some((_, board)) => board.as_ref(),
            None => self.board.as_ref(),
        }
    }

    /// Plays the opponent's move now due (the puzzle's first move, or the reply to a right
    /// move) and returns it; `None` when no opponent move is due.
    pub fn play_opponent(&mut self) -> Result<Option<MoveRecord>, PuzzleError> {
        if !matches!(self.phase(), PuzzlePhase::Opening | PuzzlePhase::Replying) {
            return Ok(None);
        }
        let Some(text) = self.run.played().get(self.board.moves().len()).cloned() else {
            return Ok(None);
        };
        self.input.clear();
        self.board.entry_mut().restart();
        let record = self.board.play_text(&text).map_err(|e| damaged(&self.puzzle, e))?;
        Ok(Some(record))
    }

    /// Why the player may not touch the pieces now, if so.
    fn input_refusal(&self) -> Option<Refusal> {
        if self.solution.is_some() {
            return Some(Refusal::GameOver);
        }
        match self.phase() {
            PuzzlePhase::Solving => None,
            PuzzlePhase::Opening | PuzzlePhase::Replying => Some(Refusal::NotYourTurn),
            PuzzlePhase::Solved | PuzzlePhase::Failed => Some(Refusal::GameOver),
        }
    }

    /// A tap on a point: as in a game, and a completed move is judged.
    pub fn tap(&mut self, p: Point) -> PuzzleTap {
        let seat = Seat::Player(self.solver());
        let refusal = self.input_refusal();
        let entered = self.input.tap(self.board.as_mut(), seat, refusal, p);
        self.entered(entered)
    }

    /// A piece dragged from `from` and dropped on `to`: as in a game, and a completed move is
    /// judged.
    pub fn drag(&mut self, from: Point, to: Point) -> PuzzleTap {
        let seat = Seat::Player(self.solver());
        let refusal = self.input_refusal();
        let entered = self.input.drag(self.board.as_mut(), seat, refusal, from, to);
        self.entered(entered)
    }

    /// Chooses the piece a pawn becomes (Friendly chess), completing the step that asked.
    pub fn choose_promotion(&mut self, kind: PieceKind) -> PuzzleTap {
        let refusal = self.input_refusal();
        let entered = self.input.choose_promotion(self.board.as_mut(), refusal, kind);
        self.entered(entered)
    }

    /// Starts the move being entered again; whether there was anything to undo.
    pub fn restart_move(&mut self) -> bool {
        self.input.restart(self.board.as_mut())
    }

    fn entered(&mut self, entered: Entered<String>) -> PuzzleTap {
        match entered {
            Entered::Tap(TapResult::Selected(p)) => PuzzleTap::Selected(p),
            Entered::Tap(TapResult::Deselected) => PuzzleTap::Deselected,
            Entered::Tap(TapResult::Stepped(p)) => PuzzleTap::Stepped(p),
            Entered::Tap(TapResult::ChoosePromotion(c)) => PuzzleTap::ChoosePromotion(c),
            Entered::Tap(TapResult::Refused(r)) => PuzzleTap::Refused(r),
            // The input hands a completed move out as `Done`, never as played.
            Entered::Tap(TapResult::Moved(_)) => not_legal(),
            Entered::Done(text) => self.judge(text),
        }
    }

    /// Judges a completed move: a right one is played, a wrong one ends the attempt.
    fn judge(&mut self, text: String) -> PuzzleTap {
        let at = self.run.played().len();
        // A Jieqi move the solution does not foresee but that wins whatever it reveals shows
        // what the pool makes likely, drawn as the line's reveals were.
        let rng = &mut self.rng;
        match self.run.play_drawn(&text, |weights| pick(rng, weights)) {
            Ok(Step::Failed) => {
                self.wrong = Some(text.clone());
                self.end();
                PuzzleTap::Wrong { text }
            }
            Ok(step @ (Step::Reply(_) | Step::Solved)) => {
                // The run records the move as the line writes it (Jieqi: with what it
                // revealed), which is what the solver's board can play.
                let Some(mine) = self.run.played().get(at).cloned() else { return not_legal() };
                let record = match self.board.play_text(&mine) {
                    Ok(record) => record,
                    // The line was played out on this board when the session began.
                    Err(_) => return not_legal(),
                };
                self.hint = None;
                let solved = step == Step::Solved;
                if solved {
                    self.end();
                }
                PuzzleTap::Right { record, solved }
            }
            Err(SolveError::Over) => PuzzleTap::Refused(Refusal::GameOver),
            // The board offers only legal moves; the run refuses nothing it offers.
            Err(_) => not_legal(),
        }
    }

    /// Asks for a hint: the point the solver's next move starts from, marked on the board.
    /// The attempt then counts as not solved. `None` when no solver move is due.
    pub fn hint(&mut self) -> Option<Point> {
        if self.phase() != PuzzlePhase::Solving || self.solution.is_some() {
            return None;
        }
        let point = self.run.hint()?;
        self.hint = Some(point);
        self.hint_used = true;
        Some(point)
    }

    /// Shows the solution, to step through from the position after the opponent's move.
    /// Asked for before the end, it ends the attempt as failed. Returns whether it was not
    /// shown already.
    pub fn show_solution(&mut self) -> bool {
        if self.solution.is_some() {
            return false;
        }
        if !self.phase().is_over() {
            self.gave_up = true;
            self.end();
        }
        self.input.clear();
        self.board.entry_mut().restart();
        self.solution = Some((0, self.solution_board(0)));
        true
    }

    /// Steps the solution shown one move forward or back; whether it moved.
    pub fn solution_step(&mut self, forward: bool) -> bool {
        let Some((shown, _)) = self.solution.as_ref() else { return false };
        let shown = *shown;
        let length = self.run.solution().len();
        let next = match forward {
            true if shown < length => shown + 1,
            false if shown > 0 => shown - 1,
            _ => return false,
        };
        self.solution = Some((next, self.solution_board(next)));
        true
    }

    /// The board after the opponent's move and the solution's first `shown` moves.
    fn solution_board(&self, shown: usize) -> Box<dyn SeatRecord> {
        let mut board = seat_record(self.start.clone());
        let line = std::iter::once(self.run.opponent_move())
            .chain(self.run.solution().iter().take(shown).map(String::as_str));
        for text in line {
            // Played out when the session began: every move plays. Should one not, the
            // board stays where the line could go.
            if board.play_text(text).is_err() {
                break;
            }
        }
        board
    }

    /// Tries the puzzle again from the start, unrated. Only once the attempt is over;
    /// returns whether it started again.
    pub fn retry(&mut self) -> Result<bool, PuzzleError> {
        if !self.phase().is_over() {
            return Ok(false);
        }
        // What a reveal shows is drawn anew: another attempt, another deal of the chances.
        let run = new_run(&self.puzzle, &self.puzzle.solution(), &self.start, &mut self.rng)?;
        self.id_bytes = id_bytes()?;
        self.run = run;
        self.board = seat_record(self.start.clone());
        self.input = Input::default();
        self.solution = None;
        self.hint = None;
        self.hint_used = false;
        self.wrong = None;
        self.gave_up = false;
        self.rated = false;
        self.started_ms = now_ms();
        self.ended = None;
        self.recorded = None;
        Ok(true)
    }

    /// The attempt has ended: it becomes an attempt of the log, waiting to be written.
    fn end(&mut self) {
        if self.ended.is_some() {
            return;
        }
        let solved = self.run.state() == RunState::Solved && !self.hint_used && !self.gave_up;
        // After every attempt this device has logged, and within what a UUIDv7 holds.
        let ended_ms = now_ms()
            .max(self.seating.latest_ms.saturating_add(1))
            .clamp(0, rodina_puzzles::MAX_UUID_MS);
        self.seating.latest_ms = ended_ms;
        let Ok(id) = AttemptId::new(ended_ms, self.id_bytes) else { return };
        let attempt = Attempt::new(NewAttempt {
            id,
            device: self.seating.device.clone(),
            puzzle: self.puzzle.id.clone(),
            variant: self.puzzle.variant,
            started_ms: self.started_ms.clamp(0, ended_ms),
            ended_ms,
            result: if solved { AttemptResult::Solved } else { AttemptResult::Failed },
            rated: self.rated,
        });
        // The device's id is the store's (1 to 64 characters) and the times are in order:
        // the checks hold.
        if let Ok(attempt) = attempt {
            self.pending.push(attempt.clone());
            self.ended = Some(attempt);
        }
    }

    /// The attempt this try has ended with, once it ended.
    pub fn attempt(&self) -> Option<&Attempt> {
        self.ended.as_ref()
    }

    /// The ended attempts not yet written, to write off the UI's thread.
    pub fn pending_attempts(&self) -> PendingAttempts {
        PendingAttempts { attempts: self.pending.clone(), bank: Arc::clone(&self.seating.bank) }
    }

    /// Takes note that these attempts are in the log: they are no longer pending, and this
    /// try's rating change shows.
    pub fn saved(&mut self, recorded: &[Recorded]) {
        for r in recorded {
            self.pending.retain(|a| a.id() != r.attempt);
            if self.ended.as_ref().is_some_and(|a| a.id() == r.attempt) {
                self.recorded = Some(*r);
            }
            self.seating.rating = r.after;
        }
    }

    /// Writes the ended attempts to the log (see [`PuzzleSession::pending_attempts`]).
    pub fn save(&mut self, store: &Store) -> Result<(), PuzzleError> {
        let recorded = self.pending_attempts().write(store)?;
        self.saved(&recorded);
        Ok(())
    }

    /// What the puzzle screen draws now.
    pub fn view(&self) -> PuzzleView {
        let lang = self.language;
        let variant = self.variant();
        let solver = self.solver();
        let phase = self.phase();
        let board = self.shown();
        let seat = Seat::Player(solver);
        let hint = self.hint.filter(|_| phase == PuzzlePhase::Solving && self.solution.is_none());
        let drawn = draw(board, seat, false, Marks { hint, goals: &[] });
        let awaiting = match phase {
            PuzzlePhase::Solving if self.solution.is_none() => Awaiting::Person(solver),
            PuzzlePhase::Opening | PuzzlePhase::Replying => Awaiting::Bot(!solver),
            _ => Awaiting::Nobody,
        };
        let person = awaiting == Awaiting::Person(solver);
        let promotion = if person { self.input.promotion_choice(board, true) } else { None };
        let side = |c: Color| text::side_name(lang, variant, c);
        let solution = self.solution.as_ref().map(|(shown, _)| SolutionView {
            shown: u32::try_from(*shown).unwrap_or(u32::MAX),
            length: u32::try_from(self.run.solution().len()).unwrap_or(u32::MAX),
        });
        let result = match phase {
            PuzzlePhase::Solved if self.hint_used => {
                Some(text::message(lang, "puzzle-solved-hint", &[]))
            }
            PuzzlePhase::Solved => Some(text::message(lang, "puzzle-solved", &[])),
            PuzzlePhase::Failed => Some(text::message(lang, "puzzle-failed", &[])),
            _ => None,
        };
        let solution_text = solution.map(|s| text::puzzle_solution_text(lang, s.shown, s.length));
        let status = if let Some(t) = &solution_text {
            t.clone()
        } else if let Some(wrong) = self.wrong.as_ref().filter(|_| phase == PuzzlePhase::Failed) {
            text::message(lang, "puzzle-wrong", &[("move", wrong.clone())])
        } else if let Some(result) = &result {
            result.clone()
        } else if promotion.is_some() {
            text::message(lang, "status-promotion", &[])
        } else if let Some(h) = drawn.hovering {
            let piece = text::piece_name(lang, h.piece.kind);
            text::message(lang, "status-released", &[("piece", piece)])
        } else {
            match phase {
                PuzzlePhase::Opening | PuzzlePhase::Replying => {
                    text::message(lang, "puzzle-opponent-moves", &[("side", side(!solver))])
                }
                // The first solver move: the opponent's move is the only one on the board.
                _ if self.board.moves().len() <= 1 => {
                    text::message(lang, "puzzle-find-move", &[("side", side(solver))])
                }
                _ => text::message(lang, "puzzle-correct-next", &[("side", side(solver))]),
            }
        };
        let players = player_bars(board, seat, |c| {
            if c == solver {
                text::message(lang, "puzzle-you", &[("side", side(c))])
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
            promotion: promotion.clone(),
            outcome: board.outcome(),
            can_undo: false,
            can_agree_draw: false,
            move_started: person && (drawn.selected.is_some() || self.input.pending().is_some()),
            ply_count: u32::try_from(board.moves().len()).unwrap_or(u32::MAX),
            players,
            status: status.clone(),
            result: result.clone(),
            move_rows: move_rows(board.moves()),
            last_move_text,
            hand_over: None,
        };
        let over = phase.is_over();
        let rating = RatingView::from(self.seating.rating);
        let recorded = self.recorded;
        PuzzleView {
            board: board_view,
            puzzle: self.puzzle.id.to_string(),
            variant,
            solver,
            phase,
            rated: self.rated,
            hint,
            hint_used: self.hint_used,
            wrong_move: self.wrong.clone(),
            solution,
            can_hint: phase == PuzzlePhase::Solving && self.solution.is_none(),
            can_show_solution: self.solution.is_none(),
            can_retry: over,
            puzzle_rating: over.then_some(self.puzzle.rating),
            themes: if over { self.puzzle.themes.clone() } else { Vec::new() },
            rating,
            recorded,
            status,
            result,
            rating_text: text::puzzle_rating_text(lang, rating),
            change_text: recorded.map(|r| match r.change() {
                Some(change) => text::rating_change_text(lang, change),
                None => text::message(lang, "puzzle-not-rated", &[]),
            }),
            puzzle_text: over.then(|| {
                text::message(lang, "puzzle-rated", &[("rating", self.puzzle.rating.to_string())])
            }),
            hint_text: hint
                .map(|p| text::message(lang, "puzzle-hint", &[("square", p.to_string())])),
            solution_text,
        }
    }
}

/// A completed move that cannot be judged: refused as not legal (it never happens: the board
/// offers only the position's legal moves, and the line was played out on it).
fn not_legal() -> PuzzleTap {
    PuzzleTap::Refused(Refusal::IllegalMove { reason: IllegalMoveReason::NotLegal })
}
