//! One try at an exercise: the player's moves in, the scripted replies and the verdict out.

use std::collections::BTreeSet;

use rodina_rules::{AnyGame, Color, PlayError, Point, Seat, Variant};

use crate::progress::Score;
use crate::{Exercise, Failure, Goal};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The goal was met.
    Solved {
        /// The score (see [`Score`]).
        score: Score,
    },
    /// The exercise failed.
    Failed {
        /// Why.
        reason: Failure,
    },
    /// The game ended without the goal (the player lost, or it was drawn).
    GameOver,
}

impl Ended {
    /// The catalog id of the sentence that tells a failed run's reason (`None` when solved).
    pub fn text_id(self) -> Option<&'static str> {
        match self {
            Ended::Solved { .. } => None,
            Ended::Failed { reason: Failure::PieceLeftToBeTaken } => {
                Some("course-failed-piece-left")
            }
            Ended::Failed { reason: Failure::IllegalMoveTried } => {
                Some("course-failed-illegal-move")
            }
            Ended::Failed { reason: Failure::PieceLost } => Some("course-failed-piece-lost"),
            Ended::GameOver => Some("course-failed-game-over"),
        }
    }
}

/// The catalog ids every course shares (the reasons a run fails).
pub const COMMON_TEXT_IDS: [&str; 4] = [
    "course-failed-piece-left",
    "course-failed-illegal-move",
    "course-failed-piece-lost",
    "course-failed-game-over",
];

/// What one of the player's moves did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The target the move collected, if it did.
    pub collected: Option<Point>,
    /// Whether it took a piece.
    pub captured: bool,
    /// The opponent's scripted reply, if one was played, as the player's seat writes it.
    pub reply: Option<String>,
    /// How the run ended, if it did.
    pub ended: Option<Ended>,
}

/// Why a move was not taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RunError {
    /// The run has ended.
    #[error("the exercise is over")]
    Ended,
    /// The move is not legal here (and the exercise does not fail on it: try another).
    #[error(transparent)]
    Illegal(#[from] PlayError),
}

/// One try at an exercise.
#[derive(Clone, Debug)]
pub struct Run {
    exercise: Exercise,
    game: AnyGame,
    moves: u32,
    collected: BTreeSet<Point>,
    captures: u32,
    /// Scripted replies tried (played or skipped as not fitting).
    replies_played: usize,
    /// Scripted replies played.
    replies_made: u32,
    ended: Option<Ended>,
}

impl Run {
    /// A new try at `exercise`.
    pub fn new(exercise: &Exercise) -> Run {
        Run {
            game: exercise.game(),
            exercise: exercise.clone(),
            moves: 0,
            collected: BTreeSet::new(),
            captures: 0,
            replies_played: 0,
            replies_made: 0,
            ended: None,
        }
    }

    /// The exercise.
    pub fn exercise(&self) -> &Exercise {
        &self.exercise
    }

    /// The game as it stands (the player to move while the run goes on).
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The player's moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// The targets collected so far.
    pub fn collected(&self) -> &BTreeSet<Point> {
        &self.collected
    }

    /// How the run ended, if it has.
    pub fn ended(&self) -> Option<Ended> {
        self.ended
    }

    /// Plays the player's move (`text` in the game's move text), then the scripted reply or
    /// the opponent's pass.
    pub fn play(&mut self, text: &str) -> Result<Step, RunError> {
        if self.ended.is_some() {
            return Err(RunError::Ended);
        }
        let player = self.exercise.player;
        let before = self.game.clone();
        if let Err(e) = self.game.play_text(text) {
            if self.exercise.fail.contains(&Failure::IllegalMoveTried) {
                let failed = Ended::Failed { reason: Failure::IllegalMoveTried };
                return Ok(self.end(Step::default(), failed));
            }
            return Err(RunError::Illegal(e));
        }
        self.moves += 1;
        let captured = pieces(&self.game, !player) < pieces(&before, !player);
        let mut step = Step { captured, ..Step::default() };
        if step.captured {
            self.captures += 1;
        }
        // The destination is the last point the move names (a chain's last step).
        if let Some(&to) = Point::all_in(text).last() {
            let counts = match self.exercise.goal {
                Goal::CaptureAll => step.captured,
                _ => true,
            };
            if counts && self.exercise.targets.contains(&to) && self.collected.insert(to) {
                step.collected = Some(to);
            }
        }
        if self.goal_met(&before, text) {
            let score = self.score();
            return Ok(self.end(step, Ended::Solved { score }));
        }
        if self.game.outcome().is_some() {
            return Ok(self.end(step, Ended::GameOver));
        }
        if self.exercise.fail.contains(&Failure::PieceLeftToBeTaken) && can_take(&self.game, player)
        {
            return Ok(self.end(step, Ended::Failed { reason: Failure::PieceLeftToBeTaken }));
        }
        step.reply = self.reply();
        if let Some(ended) = self.ended {
            step.ended = Some(ended);
            return Ok(step);
        }
        if let Some(outcome) = self.game.outcome() {
            // A reply can end the game in the player's favour (a perpetual check it gave).
            let won = outcome.winner() == Some(player)
                && matches!(self.exercise.goal, Goal::Win { reason } if reason.is_none_or(|r| Some(r) == win_reason(outcome)));
            let ended = if won { Ended::Solved { score: self.score() } } else { Ended::GameOver };
            return Ok(self.end(step, ended));
        }
        if let Goal::Survive { moves } = self.exercise.goal {
            if self.moves >= moves {
                let score = self.score();
                return Ok(self.end(step, Ended::Solved { score }));
            }
        }
        Ok(step)
    }

    /// The player tried a move the rules forbid, which a board that offers only legal moves
    /// refuses before it is ever written as move text (a tap on a pinned piece, a king
    /// stepped into a bond). The run fails if the exercise watches for that
    /// ([`Failure::IllegalMoveTried`]) and the failure is returned; otherwise, or once the run
    /// has ended, nothing changes and `None` is returned.
    pub fn illegal_move_tried(&mut self) -> Option<Ended> {
        if self.ended.is_some() || !self.exercise.fail.contains(&Failure::IllegalMoveTried) {
            return None;
        }
        let failed = Ended::Failed { reason: Failure::IllegalMoveTried };
        self.ended = Some(failed);
        Some(failed)
    }

    fn end(&mut self, mut step: Step, ended: Ended) -> Step {
        self.ended = Some(ended);
        step.ended = Some(ended);
        step
    }

    /// Whether the move just played (from `before`, as `text`) meets the goal.
    fn goal_met(&self, before: &AnyGame, text: &str) -> bool {
        let player = self.exercise.player;
        let all_targets = self.collected.len() == self.exercise.targets.len();
        match self.exercise.goal {
            Goal::Reach | Goal::CaptureAll => all_targets,
            Goal::Check => {
                self.game.is_check()
                    && self.game.outcome().is_none_or(|o| o.winner() == Some(player))
            }
            Goal::Win { reason } => self.game.outcome().is_some_and(|o| match o {
                rodina_rules::Outcome::Win { winner, reason: r } => {
                    winner == player && reason.is_none_or(|want| want == r)
                }
                rodina_rules::Outcome::Draw { .. } => false,
            }),
            Goal::Draw { reason } => self.game.outcome().is_some_and(|o| match o {
                rodina_rules::Outcome::Draw { reason: r } => reason.is_none_or(|want| want == r),
                rodina_rules::Outcome::Win { .. } => false,
            }),
            Goal::Reveal => face_down(&self.game, player) < face_down(before, player),
            Goal::Bond => bonds(&self.game) > bonds(before),
            Goal::Chain { steps } => text.matches('>').count() >= steps as usize,
            // Surviving is judged after the reply.
            Goal::Survive { .. } => false,
        }
    }

    /// Plays the next scripted reply, or passes the turn back to the player when the script
    /// has none left (or its next reply does not fit the position the player made).
    fn reply(&mut self) -> Option<String> {
        let player = self.exercise.player;
        if let Some(text) = self.exercise.replies.get(self.replies_played).cloned() {
            self.replies_played += 1;
            let before = self.game.clone();
            if self.game.play_text(&text).is_ok() {
                self.replies_made += 1;
                if pieces(&self.game, player) < pieces(&before, player)
                    && self.exercise.fail.contains(&Failure::PieceLost)
                {
                    self.ended = Some(Ended::Failed { reason: Failure::PieceLost });
                }
                // The reply as the player's seat writes it: in Jieqi a face-down piece of
                // the player's that the reply takes stays unknown to the player.
                return self.game.move_texts_for(Seat::Player(player)).pop().or(Some(text));
            }
        }
        self.pass();
        None
    }

    /// The opponent passes: the same position with the player to move again. (A position
    /// the rules would not read with the player to move, say one where the opponent stands
    /// in check, is left with the opponent to move; the solver test catches an exercise
    /// that leads there, as its solution would stop.)
    fn pass(&mut self) {
        let fen = self.game.truth_fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if let Some(turn) = fields.get_mut(1) {
            *turn = match self.exercise.player {
                Color::White => "w",
                Color::Black => "b",
            };
        }
        if let Ok(g) = AnyGame::replay(self.exercise.id.variant, None, &fields.join(" "), &[], None)
        {
            self.game = g;
        }
    }

    /// The score so far, as if the run ended now solved.
    fn score(&self) -> Score {
        Score::of(
            self.collected.len() as u32,
            self.captures,
            self.replies_made,
            self.moves,
            self.exercise.par,
        )
    }
}

/// Why `outcome` was won, if it was.
fn win_reason(outcome: rodina_rules::Outcome) -> Option<rodina_rules::WinReason> {
    match outcome {
        rodina_rules::Outcome::Win { reason, .. } => Some(reason),
        rodina_rules::Outcome::Draw { .. } => None,
    }
}

/// The pieces of `side` on the board (a Friendly chess bond holds one of each colour).
fn pieces(game: &AnyGame, side: Color) -> usize {
    let fen = game.truth_fen();
    let board = fen.split(' ').next().unwrap_or_default();
    board
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && (c.is_ascii_uppercase() == (side == Color::White)))
        .count()
}

/// The face-down pieces of `side`, as its own seat sees the board (Jieqi: `X` and `x`).
fn face_down(game: &AnyGame, side: Color) -> usize {
    if game.variant() != Variant::Jieqi {
        return 0;
    }
    let fen = game.view_fen(Seat::Player(side));
    let board = fen.split(' ').next().unwrap_or_default();
    let mark = if side == Color::White { 'X' } else { 'x' };
    board.chars().filter(|&c| c == mark).count()
}

/// The bonds on the board (Friendly chess writes a bond as a parenthesised pair).
fn bonds(game: &AnyGame) -> usize {
    let fen = game.truth_fen();
    fen.split(' ').next().unwrap_or_default().matches('(').count()
}

/// Whether the opponent of `player`, to move in `game`, can take one of `player`'s pieces
/// or win at once (in Friendly chess nothing is taken, but a king left threatened is lost).
fn can_take(game: &AnyGame, player: Color) -> bool {
    let mine = pieces(game, player);
    game.legal_move_texts().iter().any(|m| {
        let mut g = game.clone();
        g.play_text(m).is_ok()
            && (pieces(&g, player) < mine || g.outcome().and_then(|o| o.winner()) == Some(!player))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Course;

    fn exercise(name: &str) -> Exercise {
        let course = Course::embedded(Variant::JesonMor).expect("the course");
        course.exercise(name).expect("the exercise").clone()
    }

    #[test]
    fn an_illegal_move_is_refused_unless_the_exercise_fails_on_it() {
        let mut run = Run::new(&exercise("leap"));
        assert!(matches!(run.play("e1e3"), Err(RunError::Illegal(_))));
        assert!(matches!(run.play("nonsense"), Err(RunError::Illegal(_))));
        assert_eq!(run.moves(), 0);
        let step = run.play("e1f3").expect("a legal move");
        assert_eq!(step.collected, Some("f3".parse().expect("a point")));
        assert!(matches!(step.ended, Some(Ended::Solved { .. })));
        assert_eq!(run.play("f3e5"), Err(RunError::Ended));
        let mut e = exercise("leap");
        e.fail.push(Failure::IllegalMoveTried);
        let mut run = Run::new(&e);
        let failed = run.play("e1e3").expect("a step").ended;
        assert_eq!(failed, Some(Ended::Failed { reason: Failure::IllegalMoveTried }));
    }

    #[test]
    fn a_refused_try_fails_only_an_exercise_that_watches_for_it() {
        let mut run = Run::new(&exercise("leap"));
        assert_eq!(run.illegal_move_tried(), None);
        assert_eq!(run.ended(), None);
        let mut e = exercise("leap");
        e.fail.push(Failure::IllegalMoveTried);
        let mut run = Run::new(&e);
        let failed = Some(Ended::Failed { reason: Failure::IllegalMoveTried });
        assert_eq!(run.illegal_move_tried(), failed);
        assert_eq!(run.ended(), failed);
        // Once over, nothing more happens.
        assert_eq!(run.illegal_move_tried(), None);
        assert_eq!(run.moves(), 0);
    }

    #[test]
    fn the_opponent_passes_where_the_script_is_silent() {
        let mut run = Run::new(&exercise("two-leaps"));
        let step = run.play("e1d3").expect("a legal move");
        assert_eq!((step.reply, step.ended), (None, None));
        assert_eq!(run.game().turn(), Color::White);
        let step = run.play("d3b4").expect("a legal move");
        assert!(matches!(step.ended, Some(Ended::Solved { score }) if score.stars().0 == 3));
    }

    #[test]
    fn a_king_left_threatened_fails_the_sako_exercise() {
        let course = Course::embedded(Variant::Friendly).expect("the course");
        let sako = course.exercise("sako").expect("the exercise");
        for (step, fails) in [("e1d1", true), ("e1f1", true), ("e1e2", false), ("e1d2", false)] {
            let ended = Run::new(sako).play(step).expect("a legal move").ended;
            let failed = ended == Some(Ended::Failed { reason: Failure::PieceLeftToBeTaken });
            assert_eq!(failed, fails, "{step}: {ended:?}");
        }
    }

    /// A reply that takes the player's face-down piece is handed out as the player's seat
    /// writes it: the player never learns what the piece was.
    #[test]
    fn a_reply_tells_the_player_only_what_their_seat_knows() {
        let text = r#"{"variant":"jieqi","lessons":[{"id":"l","exercises":[
            {"id":"e","fen":"r2k5/9/9/9/9/9/9/9/9/X3K4 w N 0 1","goal":{"kind":"survive","moves":2},
             "replies":["a10a1"],"par":2}]}]}"#;
        let course = Course::from_json(text).expect("a course");
        let mut run = Run::new(course.exercise("e").expect("the exercise"));
        let reply = run.play("e1e2").expect("a legal move").reply.expect("the reply");
        assert!(reply.starts_with("a10a1"), "{reply}");
        assert!(!reply.contains('N') && !reply.contains('n'), "the identity leaked: {reply}");
        let truth = run.game().move_texts().last().cloned().unwrap_or_default();
        assert_ne!(truth, reply, "the truth names the piece taken: {truth}");
    }

    #[test]
    fn a_scripted_reply_that_takes_fails_the_exercise() {
        let mut run = Run::new(&exercise("clear-the-way"));
        let step = run.play("d3e5").expect("a legal move");
        assert_eq!(step.reply.as_deref(), Some("c6e5"));
        assert_eq!(step.ended, Some(Ended::Failed { reason: Failure::PieceLost }));
        // Taking the guard first: the script's reply no longer fits, and the opponent passes.
        let mut run = Run::new(&exercise("clear-the-way"));
        assert_eq!(run.play("b4c6").expect("a legal move").reply, None);
        run.play("d3e5").expect("a legal move");
        let won = run.play("e5f7").expect("a legal move").ended;
        assert!(matches!(won, Some(Ended::Solved { .. })), "{won:?}");
    }
}
