//! One try at an exercise: the player's moves in, the opponent's replies and the verdict out.
//!
//! After each of the player's moves the opponent answers: the script's next reply while the
//! script has one; after it, the opponent passes (the same position with the player to move
//! again, as in lichess's learn). A pass is not always possible: an opponent in check, or a
//! Friendly chess king left threatened or a promotion owed, must move, and then it makes the
//! answer that changes least for the player (`forced_answer`), deterministically, so a try
//! never stops with the opponent to move.

use std::collections::BTreeSet;

use rodina_rules::{AnyGame, Color, Outcome, PlayError, Point, Seat, Variant};

use crate::forbidden::is_forbidden_try;
use crate::progress::Score;
use crate::{Exercise, Failure, Goal, Reply};

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
    /// The player's move left the line the scripted replies follow: the next reply can no
    /// longer be played (it is not legal, or gives no check where it must), so the exercise
    /// cannot go on as it was written.
    OffScript,
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
            Ended::OffScript => Some("course-failed-off-script"),
            Ended::GameOver => Some("course-failed-game-over"),
        }
    }
}

/// The catalog ids every course shares (the reasons a run fails).
pub const COMMON_TEXT_IDS: [&str; 5] = [
    "course-failed-piece-left",
    "course-failed-illegal-move",
    "course-failed-piece-lost",
    "course-failed-off-script",
    "course-failed-game-over",
];

/// What one of the player's moves did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The target the move collected, if it did.
    pub collected: Option<Point>,
    /// Whether it took a piece.
    pub captured: bool,
    /// The opponent's reply, if it made one, as the player's seat writes it: the script's,
    /// or the answer it had to make where it could not pass (in check).
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
    /// The move is not legal here (and is no try at a move the rules forbid that the
    /// exercise fails on: a slip, or an exercise that does not watch): try another.
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
    /// Scripted replies played.
    replies: usize,
    /// Where the pieces stand that the player's moves turned face up (Jieqi).
    revealed: BTreeSet<Point>,
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
            replies: 0,
            revealed: BTreeSet::new(),
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

    /// Plays the player's move (`text` in the game's move text), then the opponent's reply,
    /// pass or forced answer. A move the rules forbid for a reason of their own fails an
    /// exercise that watches for that ([`Failure::IllegalMoveTried`]); any other refused
    /// text (a slip) is an error, and nothing changes.
    pub fn play(&mut self, text: &str) -> Result<Step, RunError> {
        if self.ended.is_some() {
            return Err(RunError::Ended);
        }
        let player = self.exercise.player;
        let before = self.game.clone();
        if let Err(e) = self.game.play_text(text) {
            if self.exercise.fail.contains(&Failure::IllegalMoveTried)
                && is_forbidden_try(&before, &e)
            {
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
        let to = Point::all_in(text).last().copied();
        if let Some(to) = to {
            let counts = match self.exercise.goal {
                Goal::CaptureAll => step.captured,
                _ => true,
            };
            if counts && self.exercise.targets.contains(&to) && self.collected.insert(to) {
                step.collected = Some(to);
            }
        }
        // A piece this run turned face up, moved again; and a piece this move turned up.
        let moved_revealed = move_from(text).is_some_and(|from| self.revealed.remove(&from));
        let reveals = face_down(&self.game, player) < face_down(&before, player);
        if let Some(to) = to.filter(|_| moved_revealed || reveals) {
            self.revealed.insert(to);
        }
        if self.goal_met(&before, text, moved_revealed) {
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
        step.reply = self.answer();
        if let Some(ended) = self.ended {
            step.ended = Some(ended);
            return Ok(step);
        }
        if let Some(outcome) = self.game.outcome() {
            // A reply can end the game as the goal asks (a perpetual check it gave).
            let ended = if self.outcome_meets_goal(outcome) {
                Ended::Solved { score: self.score() }
            } else {
                Ended::GameOver
            };
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

    /// Whether the move just played (from `before`, as `text`) meets the goal;
    /// `moved_revealed` says it moved a piece this run had turned face up.
    fn goal_met(&self, before: &AnyGame, text: &str, moved_revealed: bool) -> bool {
        let player = self.exercise.player;
        let all_targets = self.collected.len() == self.exercise.targets.len();
        match self.exercise.goal {
            Goal::Reach | Goal::CaptureAll => all_targets,
            Goal::Check => {
                self.game.is_check()
                    && self.game.outcome().is_none_or(|o| o.winner() == Some(player))
            }
            Goal::Win { .. } | Goal::Draw { .. } => {
                self.game.outcome().is_some_and(|o| self.outcome_meets_goal(o))
            }
            Goal::Reveal => face_down(&self.game, player) < face_down(before, player),
            Goal::MoveRevealed => moved_revealed,
            Goal::Bond => bonds(&self.game) > bonds(before),
            Goal::Chain { steps } => text.matches('>').count() >= steps as usize,
            // Surviving is judged after the reply.
            Goal::Survive { .. } => false,
        }
    }

    /// Whether the game's end `outcome` is the one the goal asks for (a win or a draw, for
    /// the reason it names if it names one).
    fn outcome_meets_goal(&self, outcome: Outcome) -> bool {
        match (self.exercise.goal, outcome) {
            (Goal::Win { reason }, Outcome::Win { winner, reason: r }) => {
                winner == self.exercise.player && reason.is_none_or(|want| want == r)
            }
            (Goal::Draw { reason }, Outcome::Draw { reason: r }) => {
                reason.is_none_or(|want| want == r)
            }
            _ => false,
        }
    }

    /// The opponent's turn after the player's move: the script's next reply while it has
    /// one (a reply that no longer fits ends the run, [`Ended::OffScript`]); then a pass;
    /// where the opponent cannot pass, the answer it must make. Returns the reply made, as
    /// the player's seat writes it.
    fn answer(&mut self) -> Option<String> {
        if let Some(reply) = self.exercise.replies.get(self.replies).cloned() {
            if !fits(&self.game, &reply) {
                self.ended = Some(Ended::OffScript);
                return None;
            }
            self.replies += 1;
            return self.opponent_plays(&reply.text);
        }
        if let Some(passed) = self.passed() {
            self.game = passed;
            return None;
        }
        match forced_answer(&self.game, self.exercise.player) {
            Some(text) => self.opponent_plays(&text),
            None => {
                // An opponent with no legal move has lost or drawn, which the player's move
                // already ended; should the rules still leave one here, the try cannot go on.
                self.ended = Some(Ended::GameOver);
                None
            }
        }
    }

    /// Plays the opponent's move `text` (legal here); returns it as the player's seat
    /// writes it. A move that takes a piece of the player's fails an exercise that watches
    /// for that.
    fn opponent_plays(&mut self, text: &str) -> Option<String> {
        let player = self.exercise.player;
        let before = self.game.clone();
        if self.game.play_text(text).is_err() {
            self.ended = Some(Ended::OffScript);
            return None;
        }
        if let Some(to) = Point::all_in(text).last() {
            // A piece the player turned up, taken.
            self.revealed.remove(to);
        }
        if pieces(&self.game, player) < pieces(&before, player)
            && self.exercise.fail.contains(&Failure::PieceLost)
        {
            self.ended = Some(Ended::Failed { reason: Failure::PieceLost });
        }
        // The reply as the player's seat writes it: in Jieqi a face-down piece of the
        // player's that the reply takes stays unknown to the player.
        self.game.move_texts_for(Seat::Player(player)).pop().or_else(|| Some(text.to_owned()))
    }

    /// The game after the opponent passes: the same position with the player to move again,
    /// or `None` where the opponent cannot pass. It cannot while it stands in check (Xiangqi
    /// and Jieqi would not read the position with the player to move) or its king is
    /// threatened (Friendly chess: the pass would hand the player the game), nor while it owes
    /// a promotion (Friendly chess): whatever the rules would not read with the player to
    /// move. An en passant chance (Friendly chess) was the opponent's, and passes with it.
    fn passed(&self) -> Option<AnyGame> {
        if self.game.is_check() {
            return None;
        }
        let fen = self.game.truth_fen();
        let mut fields: Vec<&str> = fen.split(' ').collect();
        if let Some(turn) = fields.get_mut(1) {
            *turn = match self.exercise.player {
                Color::White => "w",
                Color::Black => "b",
            };
        }
        if self.exercise.id.variant == Variant::Friendly {
            // Board, turn, castling, en passant, owed promotion, clock, move number.
            if let Some(en_passant) = fields.get_mut(3) {
                *en_passant = "-";
            }
        }
        AnyGame::replay(self.exercise.id.variant, None, &fields.join(" "), &[], None).ok()
    }

    /// The score so far, as if the run ended now solved.
    fn score(&self) -> Score {
        Score::of(
            self.collected.len() as u32,
            self.captures,
            u32::try_from(self.replies).unwrap_or(u32::MAX),
            self.moves,
            self.exercise.par,
        )
    }
}

/// Whether the scripted `reply` can be played in `game` as the script means it: legal, and
/// giving check where it is marked to.
fn fits(game: &AnyGame, reply: &Reply) -> bool {
    let mut after = game.clone();
    after.play_text(&reply.text).is_ok() && (!reply.gives_check || after.is_check())
}

/// The answer of the side to move in `game`, the opponent of `player`, where it cannot pass:
/// of its legal moves the one that changes least for the player, deterministically. Best is
/// an answer that does not end the game, takes none of the player's pieces (bonds none in
/// Friendly chess), leaves the player no win at once, and moves the king (general) rather
/// than another piece: a king stepping out of check leaves the exercise as it was; ties go
/// to the first in the rules' order. `None` when it has no legal move.
pub(crate) fn forced_answer(game: &AnyGame, player: Color) -> Option<String> {
    let mine = pieces(game, player);
    let bonds_now = bonds(game);
    let king = king_point(game, !player);
    game.legal_move_texts()
        .into_iter()
        .enumerate()
        .filter_map(|(order, text)| {
            let mut after = game.clone();
            after.play_text(&text).ok()?;
            let ends = after.outcome().is_some();
            let takes = pieces(&after, player) < mine || bonds(&after) > bonds_now;
            let opens = wins_at_once(&after, player);
            let not_the_king = king.is_none() || move_from(&text) != king;
            Some(((ends, takes, opens, not_the_king, order), text))
        })
        .min_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, text)| text)
}

/// Whether `player`, to move in `game`, has a move that wins at once.
fn wins_at_once(game: &AnyGame, player: Color) -> bool {
    game.legal_move_texts().iter().any(|m| {
        let mut g = game.clone();
        g.play_text(m).is_ok() && g.outcome().and_then(|o| o.winner()) == Some(player)
    })
}

/// Where the piece a move text moves starts: its first point, after an owed promotion's
/// choice (Friendly chess writes that first: `e8=Q:b1c3`).
fn move_from(text: &str) -> Option<Point> {
    let moving = text.rsplit(':').next().unwrap_or(text);
    Point::all_in(moving).first().copied()
}

/// Where `side`'s king (general) stands, read from the board of the game's FEN (`K` or `k`
/// in every game that has one; a Friendly chess king is never in a bond). `None` in Jeson
/// Mor.
fn king_point(game: &AnyGame, side: Color) -> Option<Point> {
    let mark = if side == Color::White { 'K' } else { 'k' };
    let fen = game.truth_fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let rows: Vec<&str> = board.split('/').collect();
    for (row, line) in rows.iter().enumerate() {
        let rank = u8::try_from(rows.len() - 1 - row).ok()?;
        let mut file: u32 = 0;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                // Empty points, written with one or more digits.
                let mut n = d;
                while let Some(more) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n.saturating_mul(10).saturating_add(more);
                    chars.next();
                }
                file = file.saturating_add(n);
                continue;
            }
            if c == '(' {
                // A bond: two pieces on one square, never a king.
                for inner in chars.by_ref() {
                    if inner == ')' {
                        break;
                    }
                }
            } else if c == mark {
                return Some(Point::new(u8::try_from(file).ok()?, rank));
            }
            file = file.saturating_add(1);
        }
    }
    None
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

    fn exercise_of(variant: Variant, name: &str) -> Exercise {
        let course = Course::embedded(variant).expect("the course");
        course.exercise(name).expect("the exercise").clone()
    }

    fn exercise(name: &str) -> Exercise {
        exercise_of(Variant::JesonMor, name)
    }

    /// The one exercise `e` (a JSON object) of a course of `variant`.
    fn custom(variant: &str, e: &str) -> Exercise {
        let text =
            format!(r#"{{"variant":"{variant}","lessons":[{{"id":"l","exercises":[{e}]}}]}}"#);
        let course = Course::from_json(&text).expect("a course");
        course.exercises().next().expect("the exercise").clone()
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
        // The pinned horse's move, which the rules forbid (the generals would face each
        // other), fails the exercise that teaches it.
        let flying = exercise_of(Variant::Xiangqi, "flying-general");
        let failed = Run::new(&flying).play("e5c6").expect("a step").ended;
        assert_eq!(failed, Some(Ended::Failed { reason: Failure::IllegalMoveTried }));
    }

    /// A slip (a typo, no move at all, a point the piece could never reach) is refused and
    /// fails nothing, even where the exercise watches for forbidden moves.
    #[test]
    fn a_slip_fails_no_exercise() {
        let flying = exercise_of(Variant::Xiangqi, "flying-general");
        let mut run = Run::new(&flying);
        for slip in ["a1a1", "nonsense", "", "e5e9", "e1a5", "d2d3"] {
            assert!(matches!(run.play(slip), Err(RunError::Illegal(_))), "{slip}");
            assert_eq!(run.ended(), None, "{slip}");
        }
        let mut e = exercise("leap");
        e.fail.push(Failure::IllegalMoveTried);
        let mut run = Run::new(&e);
        assert!(matches!(run.play("e1e3"), Err(RunError::Illegal(_))), "no knight's jump");
        assert_eq!(run.ended(), None);
        // Friendly chess: the king into the knight is the try; a step no king makes is a slip.
        let bonds = exercise_of(Variant::Friendly, "king-never-bonds");
        let mut run = Run::new(&bonds);
        assert!(matches!(run.play("e1a5"), Err(RunError::Illegal(_))));
        let failed = run.play("e1d2").expect("a step").ended;
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

    /// A check where the script is silent: the opponent cannot pass (the rules do not read a
    /// position whose side not to move stands in check), so it answers, with its general,
    /// and the player moves on.
    #[test]
    fn an_opponent_in_check_answers_instead_of_passing() {
        let mut run = Run::new(&exercise_of(Variant::Xiangqi, "chariot"));
        let step = run.play("a1a10").expect("a legal move");
        assert_eq!(step.reply.as_deref(), Some("f10f9"), "the general steps out of check");
        assert_eq!(step.ended, None);
        assert_eq!(run.game().turn(), Color::White);
        run.play("a10a6").expect("the player moves on");
        let solved = run.play("a6h6").expect("a legal move").ended;
        assert!(matches!(solved, Some(Ended::Solved { .. })), "{solved:?}");
        // Jieqi the same.
        let e = custom(
            "jieqi",
            r#"{"id":"e","fen":"5k3/9/9/9/9/9/9/9/9/R2K5 w - 0 1","goal":{"kind":"reach"},"targets":["a6"],"par":2}"#,
        );
        let mut run = Run::new(&e);
        assert_eq!(run.play("a1a10").expect("a check").reply.as_deref(), Some("f10f9"));
        assert!(matches!(run.play("a10a6").expect("on").ended, Some(Ended::Solved { .. })));
    }

    /// Friendly chess: a king left threatened answers rather than hand the player the game;
    /// a promotion the player's move made the opponent owe is chosen with its answer; and an
    /// en passant chance the opponent passes up does not stop the pass.
    #[test]
    fn a_friendly_opponent_answers_a_threat_and_passes_up_en_passant() {
        let threat = custom(
            "friendly",
            r#"{"id":"e","fen":"4k3/8/8/8/8/8/7p/3QK3 w - - - 0 1","goal":{"kind":"reach"},"targets":["d7","a4"],"par":2}"#,
        );
        let mut run = Run::new(&threat);
        let reply = run.play("d1d7").expect("a threat").reply.expect("an answer");
        assert!(reply.starts_with("e8"), "the king steps away: {reply}");
        assert!(!wins_at_once(run.game(), Color::White), "out of the threat: {reply}");
        assert!(matches!(run.play("d7a4").expect("on").ended, Some(Ended::Solved { .. })));
        let carried = custom(
            "friendly",
            r#"{"id":"e","fen":"k7/7p/8/8/8/8/P2(Rp)4/7K w - - - 0 1","goal":{"kind":"reach"},"targets":["d1","a1"],"par":2}"#,
        );
        let mut run = Run::new(&carried);
        // The rook carries the pawn in its bond to Black's last rank: Black owes its
        // promotion, chooses it and moves.
        let reply = run.play("d2d1").expect("a carry").reply.expect("an answer");
        assert!(reply.starts_with("d1="), "the promotion chosen first: {reply}");
        assert_eq!(run.game().turn(), Color::White);
        assert!(matches!(run.play("d1a1").expect("on").ended, Some(Ended::Solved { .. })));
        let double = custom(
            "friendly",
            r#"{"id":"e","fen":"4k3/8/8/8/3p4/8/4P3/4K3 w - - - 0 1","goal":{"kind":"reach"},"targets":["e4","e5"],"par":2}"#,
        );
        let mut run = Run::new(&double);
        assert_eq!(run.play("e2e4").expect("a double step").reply, None, "a pass");
        assert_eq!(run.game().turn(), Color::White);
        assert!(matches!(run.play("e4e5").expect("on").ended, Some(Ended::Solved { .. })));
    }

    #[test]
    fn a_king_left_threatened_fails_the_sako_exercise() {
        let sako = exercise_of(Variant::Friendly, "sako");
        for (step, fails) in [("e1d1", true), ("e1f1", true), ("e1e2", false), ("e1d2", false)] {
            let ended = Run::new(&sako).play(step).expect("a legal move").ended;
            let failed = ended == Some(Ended::Failed { reason: Failure::PieceLeftToBeTaken });
            assert_eq!(failed, fails, "{step}: {ended:?}");
        }
    }

    /// A reply that takes the player's face-down piece is handed out as the player's seat
    /// writes it: the player never learns what the piece was.
    #[test]
    fn a_reply_tells_the_player_only_what_their_seat_knows() {
        let e = custom(
            "jieqi",
            r#"{"id":"e","fen":"r2k5/9/9/9/9/9/9/9/9/X3K4 w N 0 1","goal":{"kind":"survive","moves":2},
             "replies":["a10a1"],"par":2}"#,
        );
        let mut run = Run::new(&e);
        let reply = run.play("e1e2").expect("a legal move").reply.expect("the reply");
        assert!(reply.starts_with("a10a1"), "{reply}");
        assert!(!reply.contains('N') && !reply.contains('n'), "the identity leaked: {reply}");
        let truth = run.game().move_texts().last().cloned().unwrap_or_default();
        assert_ne!(truth, reply, "the truth names the piece taken: {truth}");
    }

    #[test]
    fn a_reply_that_takes_fails_an_exercise_that_watches_for_it() {
        let e = custom(
            "jesonmor",
            r#"{"id":"e","fen":"n8/9/9/2n6/9/9/3N5/9/9 w - - 0 1","goal":{"kind":"win","reason":"centre"},
             "replies":["a9b7"],"fail":["piece-lost"],"par":2}"#,
        );
        let mut run = Run::new(&e);
        run.play("d3c5").expect("a legal move");
        let e = custom(
            "jesonmor",
            r#"{"id":"e","fen":"n8/9/9/2n6/9/9/3N5/9/9 w - - 0 1","goal":{"kind":"win","reason":"centre"},
             "replies":["c6e5"],"fail":["piece-lost"],"par":2}"#,
        );
        let mut run = Run::new(&e);
        let step = run.play("d3e5").expect("a legal move");
        assert_eq!(step.reply.as_deref(), Some("c6e5"));
        assert_eq!(step.ended, Some(Ended::Failed { reason: Failure::PieceLost }));
    }

    /// Where the player's move leaves the scripted line, the next reply no longer fits (not
    /// legal, or no check where it must give one): the run ends, rather than go on forever
    /// with a goal it can no longer meet.
    #[test]
    fn a_reply_that_no_longer_fits_ends_the_run() {
        // The checks of `endless-checks`: the general that steps up the file is no longer
        // checked by the chariot's next move.
        let checks = exercise_of(Variant::Xiangqi, "endless-checks");
        let mut run = Run::new(&checks);
        let step = run.play("e2e3").expect("a legal move");
        assert_eq!((step.reply, step.ended), (None, Some(Ended::OffScript)));
        assert_eq!(run.play("e3e2"), Err(RunError::Ended));
        // A reply that is no longer legal: the knight it moves was taken.
        let e = custom(
            "jesonmor",
            r#"{"id":"e","fen":"n8/9/9/2n6/9/1N7/3N5/9/9 w - - 0 1","goal":{"kind":"win","reason":"centre"},
             "replies":["c6e5"],"par":3}"#,
        );
        let step = Run::new(&e).play("b4c6").expect("a legal move");
        assert_eq!(step.ended, Some(Ended::OffScript));
        assert_eq!(Ended::OffScript.text_id(), Some("course-failed-off-script"));
    }

    /// Reveal, then move the same piece again: met whatever it turned out to be, and not by
    /// moving another piece.
    #[test]
    fn moving_a_revealed_piece_again_meets_its_goal() {
        let e = exercise_of(Variant::Jieqi, "what-it-really-is");
        let mut run = Run::new(&e);
        assert_eq!(run.play("a1a5").expect("a reveal").ended, None);
        assert_eq!(run.play("e1e2").expect("the general").ended, None, "another piece");
        let truth = run.game().truth_fen();
        let second = run
            .game()
            .legal_move_texts()
            .into_iter()
            .find(|m| m.starts_with("a5"))
            .unwrap_or_else(|| panic!("a move of the revealed piece in {truth}"));
        let ended = run.play(&second).expect("its second move").ended;
        assert!(matches!(ended, Some(Ended::Solved { .. })), "{ended:?}");
    }

    #[test]
    fn the_king_is_found_on_the_board_of_every_game() {
        let x = exercise_of(Variant::Xiangqi, "chariot").game();
        assert_eq!(king_point(&x, Color::Black), Some("f10".parse().expect("a point")));
        assert_eq!(king_point(&x, Color::White), Some("d1".parse().expect("a point")));
        let f = exercise_of(Variant::Friendly, "chain").game();
        assert_eq!(king_point(&f, Color::White), Some("e1".parse().expect("a point")));
        assert_eq!(king_point(&f, Color::Black), Some("e8".parse().expect("a point")));
        assert_eq!(king_point(&exercise("leap").game(), Color::White), None);
        assert_eq!(move_from("e8=Q:b1c3"), Some("b1".parse().expect("a point")));
    }
}
