//! What a puzzle screen draws and sends back: plain data, the same for every game.

use rodina_puzzles::{AttemptId, Difficulty, Rating, Theme};
use rodina_rules::{Color, Variant};

use crate::model::{BoardView, MoveRecord, Point, PromotionChoice, Refusal};

/// Where a puzzle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzlePhase {
    /// The board before the opponent's move. The screen shows it a moment, then asks for
    /// the move ([`crate::PuzzleSession::play_opponent`]), so the player sees it played.
    Opening,
    /// The solver is to move: taps are taken.
    Solving,
    /// The solver's move was right; the opponent's reply waits to be played
    /// ([`crate::PuzzleSession::play_opponent`]) a moment later.
    Replying,
    /// Every solver move was right.
    Solved,
    /// A wrong move, or the solution was asked for before the end.
    Failed,
}

impl PuzzlePhase {
    /// Whether the attempt is over (solved or failed).
    pub fn is_over(self) -> bool {
        matches!(self, PuzzlePhase::Solved | PuzzlePhase::Failed)
    }
}

/// A rating as the screens show it: whole numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RatingView {
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// Whether it is still provisional (lichess shows `1500?`).
    pub provisional: bool,
}

impl From<Rating> for RatingView {
    fn from(r: Rating) -> Self {
        RatingView {
            rating: rounded(r.rating),
            deviation: rounded(r.deviation),
            provisional: r.is_provisional(),
        }
    }
}

/// `x` rounded to a whole number (0 for what is not a number).
pub(crate) fn rounded(x: f64) -> i32 {
    if x.is_finite() {
        // Ratings stay far inside i32: the cast cannot saturate in practice, and would
        // saturate rather than wrap if it did.
        x.round() as i32
    } else {
        0
    }
}

/// What an attempt did to the player's rating, once it is in the log.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recorded {
    /// The attempt.
    pub attempt: AttemptId,
    /// Whether the replay rated it: only the first attempt of a puzzle is rated.
    pub rated: bool,
    /// The player's rating in the game without this attempt.
    pub before: Rating,
    /// The player's rating in the game with it.
    pub after: Rating,
}

impl Recorded {
    /// The change of the rating as shown (the rounded ratings' difference), if it was rated.
    pub fn change(&self) -> Option<i32> {
        self.rated.then(|| rounded(self.after.rating) - rounded(self.before.rating))
    }
}

/// The solution being stepped through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SolutionView {
    /// How many of the solution's moves (the solver's and the replies) the board shows.
    pub shown: u32,
    /// The solution's moves.
    pub length: u32,
}

/// Everything the puzzle screen draws.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleView {
    /// The board, drawn as a game's is; its status line is the puzzle's.
    pub board: BoardView,
    /// The puzzle's id.
    pub puzzle: String,
    /// The game.
    pub variant: Variant,
    /// The side the player plays.
    pub solver: Color,
    /// Where the puzzle stands.
    pub phase: PuzzlePhase,
    /// Whether this attempt is offered as rated: the first attempt of a puzzle in this log
    /// (a retry never is).
    pub rated: bool,
    /// The point the hint marks (the next solver move starts there), once asked for.
    pub hint: Option<Point>,
    /// Whether a hint was used in this attempt (it then counts as not solved).
    pub hint_used: bool,
    /// The wrong move the player entered, in the game's notation, after a wrong move.
    pub wrong_move: Option<String>,
    /// The solution being stepped through, once shown.
    pub solution: Option<SolutionView>,
    /// A hint can be asked for now.
    pub can_hint: bool,
    /// The solution can be shown now (asking before the end fails the attempt).
    pub can_show_solution: bool,
    /// The attempt is over: the puzzle can be tried again (unrated) or the next one asked for.
    pub can_retry: bool,
    /// The puzzle's rating, once the attempt is over (before, it would say too much).
    pub puzzle_rating: Option<u16>,
    /// What the puzzle is about, once the attempt is over (a theme gives the answer away).
    pub themes: Vec<Theme>,
    /// The player's rating in this game: after this attempt once it is recorded.
    pub rating: RatingView,
    /// What this attempt did to the rating, once it is recorded.
    pub recorded: Option<Recorded>,
    /// The status line, in the session's language (the same as the board's).
    pub status: String,
    /// The result as a sentence once the attempt is over: solved, solved with a hint, failed.
    pub result: Option<String>,
    /// `Rating 1523 (+23)`, `Rating 1500?`, in the session's language.
    pub rating_text: String,
    /// Whether the attempt counted: `+23`, `Not rated: ...`; once it is recorded.
    pub change_text: Option<String>,
    /// `Puzzle rated 1300 · Mate in 2`, once the attempt is over.
    pub puzzle_text: Option<String>,
    /// `Hint: move the piece on b1`, once a hint was asked for and while it applies.
    pub hint_text: Option<String>,
    /// `Solution: move 2 of 3`, while the solution is shown.
    pub solution_text: Option<String>,
}

/// What a tap, a drag or a promotion choice did in a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleTap {
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
    /// The move was right and was played; `solved`: it was the last.
    Right {
        /// The move.
        record: MoveRecord,
        /// Whether the puzzle is solved.
        solved: bool,
    },
    /// The move was wrong: it was not played, and the attempt has failed.
    Wrong {
        /// The move entered, in the game's coordinate text.
        text: String,
    },
}

/// A player's puzzles in one game, as the game's page shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PuzzleProgress {
    /// The game.
    pub variant: Variant,
    /// The player's rating.
    pub rating: RatingView,
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
