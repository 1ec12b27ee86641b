//! Solving one puzzle: the moves the solver enters, checked against the solution.
//!
//! A [`PuzzleRun`] starts with the opponent's move played (the UI shows it). Each solver move
//! must be the solution's; after a right move that is not the last, the run hands out the
//! opponent's reply to play. A move that wins the game at once (mate, or the game's own
//! immediate win: the bonded king, the centre left, the last knight taken) is accepted
//! wherever the solver plays it, even when it is not the solution's: a puzzle may have
//! several mates in one, and a move that ends the game in the solver's favour is never a
//! mistake. The generator's puzzles are only-move lines, so before the last move no other
//! move wins at once and this only widens the last move in practice. A wrong move fails the
//! run; the solution can still be shown.
//!
//! Jieqi: the puzzle's position is the solver's view, and what a reveal brings is not known
//! in it. The solver's move must be the solution's: the same coordinates (the solution's
//! text may add what the move revealed or captured, `i7i6=c`, which the solver cannot know
//! before playing it), or a move that wins at once whatever a reveal shows, judged on the
//! view with every identity its pool allows (the generator's own test of a winning move).
//! Where the solution branches by what a reveal shows, a run follows one of its paths
//! ([`PuzzleRun::on_path`]): which one is chance, and the caller draws it (the app, as likely
//! as the pool of hidden pieces makes each identity).

use rodina_rules::{
    AnyGame, Color, Game, Jieqi, JieqiView, NewGame, NewGameError, Outcome, PlayError, Point,
    Position, Seat, Truth, Variant, WinReason,
};

use crate::Puzzle;
use crate::solution::move_part as coordinates;

/// Where a run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunState {
    /// The solver is to move.
    Solving,
    /// Every solver move was right.
    Solved,
    /// A wrong move ended the run.
    Failed,
}

/// What a solver's move led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Right; the opponent replies with this move (to be shown), and the solver is to move
    /// again.
    Reply(String),
    /// Right, and the puzzle is solved.
    Solved,
    /// Wrong: the run has failed.
    Failed,
}

/// Why a run could not start, or a move could not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle's position cannot be set up.
    #[error("the puzzle's position cannot be set up: {0}")]
    Position(#[source] NewGameError),
    /// The puzzle's position is no view of the solver's seat (Jieqi): why.
    #[error("the puzzle's position is no view of the solver's seat: {0}")]
    View(String),
    /// A move of the puzzle's line cannot be played.
    #[error("move {ply} of the puzzle's line ({text}) cannot be played: {error}")]
    Line {
        /// Its place in the line, 1 for the opponent's first move.
        ply: usize,
        /// The move.
        text: String,
        /// Why.
        #[source]
        error: PlayError,
    },
    /// The puzzle's line has no solver move.
    #[error("the puzzle's line has no solver move")]
    NoSolution,
    /// The move the solver entered is not a legal move here: nothing happened, the run goes
    /// on.
    #[error("not a move here: {0}")]
    Illegal(#[source] PlayError),
    /// The run is over (solved or failed).
    #[error("the puzzle is over")]
    Over,
    /// The solution branches by what a reveal shows: a run follows one of its paths
    /// ([`PuzzleRun::on_path`]).
    #[error("the puzzle's solution branches by what a reveal shows: choose one of its paths")]
    Branching,
    /// The moves given are none of the solution's paths.
    #[error("not a path of the puzzle's solution: {0}")]
    NotAPath(String),
}

/// One attempt at a puzzle, move by move.
#[derive(Clone, Debug)]
pub struct PuzzleRun {
    variant: Variant,
    /// The line: the opponent's move, then solver moves and replies, in the game's canonical
    /// move text (for Jieqi as the puzzle gives it).
    line: Vec<String>,
    /// The moves played: the line's, except where a winning alternative was accepted.
    played: Vec<String>,
    /// The game after `played`, for the open games.
    game: Option<AnyGame>,
    /// The solver's view after `played`, for Jieqi (until a final reveal written bare, whose
    /// identity the line does not say).
    view: Option<Game<JieqiView>>,
    /// The solver's side.
    solver: Color,
    state: RunState,
}

impl PuzzleRun {
    /// Starts a run at `puzzle`: its position with the opponent's move played. For the open
    /// games the whole line is played out first, so a damaged puzzle is refused here rather
    /// than halfway.
    pub fn new(puzzle: &Puzzle) -> Result<PuzzleRun, SolveError> {
        if puzzle.moves.len() < 2 {
            return Err(SolveError::NoSolution);
        }
        let (line, game, view, solver) = if puzzle.variant == Variant::Jieqi {
            if puzzle.solution().branches_anywhere() {
                return Err(SolveError::Branching);
            }
            // The view is the solver's and the opponent moves first: the solver is the side
            // not to move in the FEN.
            let to_move = if puzzle.fen.split_whitespace().nth(1) == Some("b") {
                Color::Black
            } else {
                Color::White
            };
            let solver = !to_move;
            let view =
                Jieqi::read_view(&puzzle.fen, &Default::default(), Some(Seat::Player(solver)))
                    .map_err(|e| SolveError::View(e.to_string()))?
                    .ok_or_else(|| SolveError::View(puzzle.fen.clone()))?;
            let mut view = Game::new(view);
            view.play_text(&puzzle.moves[0]).map_err(|error| SolveError::Line {
                ply: 1,
                text: puzzle.moves[0].clone(),
                error,
            })?;
            (puzzle.moves.clone(), None, Some(view), solver)
        } else {
            let start = AnyGame::new(
                &NewGame::from_fen(puzzle.variant, &puzzle.fen),
                &mut rodina_rules::random::NoRandomness,
            )
            .map_err(SolveError::Position)?;
            let solver = !start.turn();
            let mut whole = start.clone();
            for (i, text) in puzzle.moves.iter().enumerate() {
                whole.play_text(text).map_err(|error| SolveError::Line {
                    ply: i + 1,
                    text: text.clone(),
                    error,
                })?;
            }
            let mut game = start;
            game.play_text(&puzzle.moves[0]).map_err(|error| SolveError::Line {
                ply: 1,
                text: puzzle.moves[0].clone(),
                error,
            })?;
            (whole.move_texts(), Some(game), None, solver)
        };
        let played = line.iter().take(1).cloned().collect();
        Ok(PuzzleRun {
            variant: puzzle.variant,
            line,
            played,
            game,
            view,
            solver,
            state: RunState::Solving,
        })
    }

    /// Starts a run of `puzzle` along `path`, one of the paths of its solution (the opponent's
    /// move first): for a Jieqi solution that branches by what a reveal shows. A move the
    /// solution writes bare (a reveal that wins whatever it shows) may be given with what it
    /// showed (`e1e7x(r)` for `e1e7`).
    pub fn on_path(puzzle: &Puzzle, path: &[String]) -> Result<PuzzleRun, SolveError> {
        let fits = puzzle.solution().paths().iter().any(|p| {
            p.len() == path.len()
                && p.iter().zip(path).all(|(want, given)| {
                    want == given || (coordinates(want) == want && coordinates(given) == want)
                })
        });
        if !fits {
            return Err(SolveError::NotAPath(path.join(" ")));
        }
        PuzzleRun::new(&Puzzle { moves: path.to_vec(), ..puzzle.clone() })
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Where the run stands.
    pub fn state(&self) -> RunState {
        self.state
    }

    /// The side the solver plays.
    pub fn solver(&self) -> Color {
        self.solver
    }

    /// The opponent's move that starts the puzzle (played already; the UI shows it).
    pub fn opponent_move(&self) -> &str {
        self.line.first().map_or("", String::as_str)
    }

    /// The moves played so far, the opponent's first: the solver's (as entered, in the game's
    /// coordinate text) and the replies.
    pub fn played(&self) -> &[String] {
        &self.played
    }

    /// The position now, for the open games (`None` for Jieqi, whose board the app keeps in
    /// the solver's record of the game).
    pub fn fen(&self) -> Option<String> {
        // An open game's position hides nothing from either seat.
        self.game.as_ref().map(|g| g.view_fen(rodina_rules::Seat::Player(self.solver)))
    }

    /// The solution: the solver's moves and the replies after the opponent's move.
    pub fn solution(&self) -> &[String] {
        self.line.get(1..).unwrap_or(&[])
    }

    /// The point the next solver move starts from (the piece to move), while the solver is to
    /// move; `None` once the run is over.
    pub fn hint(&self) -> Option<Point> {
        if self.state != RunState::Solving {
            return None;
        }
        self.line.get(self.played.len()).and_then(|m| leading_point(m))
    }

    /// Plays the solver's move, given in the game's coordinate text; a Jieqi reveal the
    /// solution does not foresee shows the first identity it can ([`PuzzleRun::play_drawn`]
    /// draws it).
    pub fn play(&mut self, text: &str) -> Result<Step, SolveError> {
        self.play_drawn(text, |_| 0)
    }

    /// Plays the solver's move, given in the game's coordinate text.
    ///
    /// A text that is no legal move here is [`SolveError::Illegal`] and changes nothing (a UI
    /// only sends legal moves; a typo is not a wrong answer). A Jieqi move that is not the
    /// solution's but wins at once whatever it reveals is right, and what it reveals is the
    /// outcome `choose` picks by their weights (the app draws it as the pool makes each
    /// identity likely); [`PuzzleRun::played`] then holds the move noted with it.
    pub fn play_drawn(
        &mut self,
        text: &str,
        choose: impl FnOnce(&[u32]) -> usize,
    ) -> Result<Step, SolveError> {
        if self.state != RunState::Solving {
            return Err(SolveError::Over);
        }
        let at = self.played.len();
        let Some(want) = self.line.get(at).cloned() else {
            return Err(SolveError::Over);
        };
        let last = at + 1 >= self.line.len();
        if let Some(view) = &self.view {
            return self.play_on_view(view.clone(), text.trim(), &want, last, choose);
        }
        let Some(game) = &self.game else {
            // A Jieqi run past a final reveal written bare is over.
            return Err(SolveError::Over);
        };
        let mut after = game.clone();
        after.play_text(text).map_err(SolveError::Illegal)?;
        let entered = after.move_texts().pop().unwrap_or_default();
        let right = entered == want || wins_now(after.outcome(), self.solver);
        self.played.push(entered);
        if !right {
            self.state = RunState::Failed;
            return Ok(Step::Failed);
        }
        if wins_now(after.outcome(), self.solver) {
            self.game = Some(after);
            self.state = RunState::Solved;
            return Ok(Step::Solved);
        }
        self.game = Some(after);
        Ok(self.advance(last))
    }

    /// [`PuzzleRun::play_drawn`] on a Jieqi view.
    fn play_on_view(
        &mut self,
        view: Game<JieqiView>,
        text: &str,
        want: &str,
        last: bool,
        choose: impl FnOnce(&[u32]) -> usize,
    ) -> Result<Step, SolveError> {
        if coordinates(text) == coordinates(want) {
            // The solution's move, which its text records with what it revealed. A final
            // reveal written bare wins whatever it shows; the line says no identity to play.
            self.played.push(want.to_owned());
            let mut next = view;
            self.view = next.play_text(want).is_ok().then_some(next);
            return Ok(self.advance(last));
        }
        let m = view
            .position()
            .parse_move(coordinates(text))
            .map_err(|e| SolveError::Illegal(e.into()))?;
        let outcomes = crate::verify::chances(&view, &m);
        let wins = !outcomes.is_empty()
            && outcomes.iter().all(|(_, after, _)| wins_now(after.outcome(), self.solver));
        if !wins {
            self.played.push(view.position().move_text(&m));
            self.state = RunState::Failed;
            return Ok(Step::Failed);
        }
        let weights: Vec<u32> = outcomes.iter().map(|(_, _, w)| *w).collect();
        let pick = choose(&weights).min(outcomes.len() - 1);
        let (noted, after, _) = outcomes.into_iter().nth(pick).ok_or(SolveError::Over)?;
        self.played.push(noted);
        self.view = Some(after);
        self.state = RunState::Solved;
        Ok(Step::Solved)
    }

    /// After a right move: the puzzle is solved, or the reply is played and handed out.
    fn advance(&mut self, last: bool) -> Step {
        let Some(reply) = self.line.get(self.played.len()).filter(|_| !last).cloned() else {
            self.state = RunState::Solved;
            return Step::Solved;
        };
        // The line was played out when the run started (the open games) or when the session
        // began (Jieqi): the reply is legal here.
        let replied = match (&mut self.game, &mut self.view) {
            (Some(game), _) => game.play_text(&reply).is_ok(),
            (None, Some(view)) => view.play_text(&reply).is_ok(),
            (None, None) => false,
        };
        if !replied {
            self.state = RunState::Failed;
            return Step::Failed;
        }
        self.played.push(reply.clone());
        Step::Reply(reply)
    }
}

/// Whether `outcome` is a win of `solver` on the board: one the position shows by itself
/// (not a resignation, a flag or a repetition verdict).
fn wins_now(outcome: Option<Outcome>, solver: Color) -> bool {
    matches!(
        outcome,
        Some(Outcome::Win {
            winner,
            reason: WinReason::Checkmate
                | WinReason::NoMoves
                | WinReason::Centre
                | WinReason::LastPiece
                | WinReason::KingBond,
        }) if winner == solver
    )
}

/// The point a move's text starts with (`e2` in `e2e4`, `b10` in `b10b3`, the owed pawn's
/// square in Friendly chess's `e8=Q:b1c3`).
fn leading_point(text: &str) -> Option<Point> {
    let bytes = text.as_bytes();
    let file = *bytes.first()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    let rank: u8 = text.get(1..1 + digits)?.parse().ok()?;
    Some(Point::new(file - b'a', rank.checked_sub(1)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Theme;

    fn puzzle(variant: Variant, fen: &str, moves: &[&str]) -> Puzzle {
        Puzzle {
            id: "t1".parse().unwrap(),
            variant,
            fen: fen.to_string(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            rating: 1500,
            deviation: 100,
            themes: vec![Theme::MateIn1],
            generator: 1,
        }
    }

    /// A mate in one of each open game with two winning moves: the position, the opponent's
    /// move, the solution's move, another winning move and a move that does not win.
    const XIANGQI: &str = "4k4/5P3/9/1N7/9/9/8p/9/9/R2K5 b - - 0 1";

    const TWO_WINS: [(Variant, &str, &str, &str, &str, &str); 3] = [
        // Xiangqi: the soldier on f9 holds e9 and f10, the general on d1 holds d10; the
        // chariot along rank 10 and the horse to c9 both mate.
        (Variant::Xiangqi, XIANGQI, "i4i3", "a1a10", "b7c9", "a1a9"),
        // Jeson Mor: Red holds the centre; any move off e5 wins.
        (Variant::JesonMor, "4n4/9/9/9/4N4/9/9/9/N8 b - - 0 1", "e9d7", "e5c6", "e5g4", "a1b3"),
        // Friendly chess: the rook on e1 and the queen on a4 both reach the king.
        (Variant::Friendly, "4k3/7p/8/8/Q7/8/8/4R2K b - - - 0 1", "h7h6", "e1e8", "a4e8", "e1e7"),
    ];

    #[test]
    fn every_winning_last_move_is_accepted() {
        for (variant, fen, opponent, solution, other, wrong) in TWO_WINS {
            let p = puzzle(variant, fen, &[opponent, solution]);
            for (entered, step) in
                [(solution, Step::Solved), (other, Step::Solved), (wrong, Step::Failed)]
            {
                let mut run = PuzzleRun::new(&p).unwrap();
                assert_eq!(run.opponent_move(), opponent);
                assert_eq!(run.state(), RunState::Solving);
                assert_eq!(run.hint().map(|h| h.to_string()).as_deref(), Some(&solution[..2]));
                assert_eq!(run.play(entered), Ok(step.clone()), "{variant} {entered}");
                let state = if step == Step::Solved { RunState::Solved } else { RunState::Failed };
                assert_eq!(run.state(), state);
                assert_eq!(run.played(), [opponent, entered]);
                assert_eq!(run.solution(), [solution]);
                assert_eq!(run.hint(), None);
                assert_eq!(run.play(solution), Err(SolveError::Over));
            }
        }
    }

    #[test]
    fn a_longer_solution_hands_out_the_replies() {
        let cases = [
            // Xiangqi: a quiet chariot move, a reply, then the mate.
            (Variant::Xiangqi, XIANGQI, ["i4i3", "a1a8", "i3h3", "a8a10"], "b7a5"),
            // Jeson Mor: into the centre, a reply that cannot take it, then off it.
            (
                Variant::JesonMor,
                "n8/9/9/9/9/9/3N5/9/N8 b - - 0 1",
                ["a9b7", "d3e5", "b7a5", "e5c6"],
                "a1b3",
            ),
            // Friendly chess: the rook takes the f-file, the king steps onto it, the rook bonds it.
            (
                Variant::Friendly,
                "7k/8/8/8/8/8/8/R6K b - - - 0 1",
                ["h8g8", "a1f1", "g8f8", "f1f8"],
                "a1b1",
            ),
        ];
        for (variant, fen, line, wrong_first) in cases {
            let p = puzzle(variant, fen, &line);
            let mut run = PuzzleRun::new(&p).unwrap();
            assert_eq!(run.play(line[1]), Ok(Step::Reply(line[2].to_string())), "{variant}");
            assert_eq!(run.played(), &line[..3]);
            assert_eq!(run.state(), RunState::Solving);
            assert_eq!(run.hint().map(|h| h.to_string()).as_deref(), Some(&line[3][..2]));
            assert!(run.fen().is_some());
            assert_eq!(run.play(line[3]), Ok(Step::Solved), "{variant}");
            // A wrong first move fails at once; the solution can still be shown.
            let mut run = PuzzleRun::new(&p).unwrap();
            assert_eq!(run.play(wrong_first), Ok(Step::Failed), "{variant}");
            assert_eq!(run.solution(), &line[1..]);
        }
    }

    #[test]
    fn a_text_that_is_no_move_changes_nothing() {
        let (variant, fen, opponent, solution, ..) = TWO_WINS[0];
        let mut run = PuzzleRun::new(&puzzle(variant, fen, &[opponent, solution])).unwrap();
        assert!(matches!(run.play("a1a1"), Err(SolveError::Illegal(_))));
        assert!(matches!(run.play("nonsense"), Err(SolveError::Illegal(_))));
        assert_eq!(run.state(), RunState::Solving);
        assert_eq!(run.play(solution), Ok(Step::Solved));
    }

    #[test]
    fn damaged_puzzles_are_refused() {
        let (variant, fen, opponent, solution, ..) = TWO_WINS[0];
        let bad_fen = puzzle(variant, "not a fen", &[opponent, solution]);
        assert!(matches!(PuzzleRun::new(&bad_fen), Err(SolveError::Position(_))));
        let bad_line = puzzle(variant, fen, &[opponent, "a1a2", "i3h3", "e5e6"]);
        assert!(matches!(PuzzleRun::new(&bad_line), Err(SolveError::Line { ply: 4, .. })));
        assert_eq!(
            PuzzleRun::new(&puzzle(variant, fen, &[opponent])).err(),
            Some(SolveError::NoSolution)
        );
    }

    #[test]
    fn a_branching_jieqi_solution_is_run_along_one_of_its_paths() {
        // Red's face-down soldier on c4 turns up a chariot or a cannon; the reply and Red's
        // next move depend on which.
        let fen = "4k4/9/7c1/9/9/9/2X6/9/9/3K5 b R1C1 0 1";
        let moves = "h8h7 [ c4c5=R h7h6 c5c10 | c4c5=C h7h8 c5c9 ]";
        let p = puzzle(Variant::Jieqi, fen, &moves.split(' ').collect::<Vec<_>>());
        assert_eq!(PuzzleRun::new(&p).unwrap_err(), SolveError::Branching);
        let path = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        for (line, reply, last) in
            [("h8h7 c4c5=R h7h6 c5c10", "h7h6", "c5c10"), ("h8h7 c4c5=C h7h8 c5c9", "h7h8", "c5c9")]
        {
            let mut run = PuzzleRun::on_path(&p, &path(line)).unwrap();
            assert_eq!(run.opponent_move(), "h8h7");
            // The solver enters the coordinates; the run notes what the reveal showed.
            assert_eq!(run.play("c4c5").unwrap(), Step::Reply(reply.into()));
            assert_eq!(run.played(), &path(line)[..3]);
            assert_eq!(run.play(last).unwrap(), Step::Solved);
            // The other branch's last move is wrong on this one.
            let mut wrong = PuzzleRun::on_path(&p, &path(line)).unwrap();
            wrong.play("c4c5").unwrap();
            let other = if last == "c5c10" { "c5c9" } else { "c5c10" };
            assert_eq!(wrong.play(other).unwrap(), Step::Failed);
        }
        // A path the tree does not have: the reply of the other branch.
        let mixed = path("h8h7 c4c5=R h7h8 c5c9");
        assert!(matches!(PuzzleRun::on_path(&p, &mixed), Err(SolveError::NotAPath(_))));
        assert!(matches!(PuzzleRun::on_path(&p, &path("h8h7")), Err(SolveError::NotAPath(_))));
    }

    /// A Jieqi move other than the solution's that wins whatever its reveal shows is right
    /// (what it shows is drawn by the caller); one that wins for some identities only is
    /// wrong.
    #[test]
    fn jieqi_takes_another_move_that_wins_whatever_it_reveals() {
        // Black's general on d10 has no move (the horse on f8 holds e10, the chariot on a9
        // holds d9) and its soldier on a2 is its last piece that can move: taking it wins,
        // by the horse from b4 (the solution) or by the face-down piece on a1, which moves as
        // a chariot and turns up a chariot or a cannon. The face-down piece on i1 mates from
        // i10 if it is a chariot, not if it is a cannon.
        let fen = "3k5/R8/5N3/9/9/9/1N7/p8/9/X3K3X b R1C1 0 1";
        let p = puzzle(Variant::Jieqi, fen, &["a3a2", "b4a2"]);
        let mut run = PuzzleRun::new(&p).unwrap();
        assert_eq!(run.play("b4a2"), Ok(Step::Solved));
        for (pick, noted) in [(0, "a1a2=Rxp"), (1, "a1a2=Cxp")] {
            let mut run = PuzzleRun::new(&p).unwrap();
            let mut offered = Vec::new();
            let step = run.play_drawn("a1a2", |w| {
                offered = w.to_vec();
                pick
            });
            assert_eq!(step, Ok(Step::Solved));
            assert_eq!(offered.len(), 2, "a chariot or a cannon, as likely as the pool says");
            assert_eq!(run.state(), RunState::Solved);
            assert_eq!(run.played(), ["a3a2", noted]);
        }
        for wrong in ["i1i10", "a9a8"] {
            let mut run = PuzzleRun::new(&p).unwrap();
            assert_eq!(run.play(wrong), Ok(Step::Failed), "{wrong}");
            assert_eq!(run.state(), RunState::Failed);
        }
    }

    #[test]
    fn a_bare_reveal_is_given_with_what_it_showed() {
        let fen = "4k4/3P1P3/9/x3x3x/9/9/9/9/9/4RK3 b r1c1p1 0 1";
        let p = puzzle(Variant::Jieqi, fen, &["a7a6=p", "e1e7"]);
        let shown = ["a7a6=p".to_string(), "e1e7x(r)".to_string()];
        let mut run = PuzzleRun::on_path(&p, &shown).unwrap();
        assert_eq!(run.play("e1e7").unwrap(), Step::Solved);
        // A noted move of the tree must be given as the tree notes it.
        let noted = ["a7a6=c".to_string(), "e1e7".to_string()];
        assert!(matches!(PuzzleRun::on_path(&p, &noted), Err(SolveError::NotAPath(_))));
    }

    #[test]
    fn jieqi_takes_the_solutions_move() {
        let fen = "rxxxkxxxr/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/RXXXKXXXR b A2B2N2C2P5a2b2n2c2p5 0 1";
        let p = puzzle(Variant::Jieqi, fen, &["a10a9", "b1c3=N", "a9b9", "c3e2"]);
        let mut run = PuzzleRun::new(&p).unwrap();
        assert_eq!(run.solver(), Color::White);
        assert_eq!(run.fen(), None);
        assert_eq!(run.hint(), Some(Point::new(1, 0)));
        assert_eq!(run.play(" b1c3 "), Ok(Step::Reply("a9b9".into())));
        assert_eq!(run.played(), ["a10a9", "b1c3=N", "a9b9"]);
        // A legal move that is not the solution's and wins nothing.
        assert_eq!(run.play("c3b1"), Ok(Step::Failed));
        assert_eq!(run.played().last().map(String::as_str), Some("c3b1"));
        let mut run = PuzzleRun::new(&p).unwrap();
        assert_eq!(run.play("b1c3=N"), Ok(Step::Reply("a9b9".into())));
        // No move here: nothing happens.
        assert!(matches!(run.play("c3c9"), Err(SolveError::Illegal(_))));
        assert_eq!(run.state(), RunState::Solving);
        assert_eq!(run.play("c3e2"), Ok(Step::Solved));
        assert_eq!(coordinates("b3b10=Cx(n)"), "b3b10");
        assert_eq!(coordinates("e2e3"), "e2e3");
        // A position that is no view of the solver's seat is refused.
        let broken =
            puzzle(Variant::Jieqi, "4k4/9/9/9/9/9/9/9/9/2X1K4 b - 0 1", &["e10d10", "c1c2"]);
        assert!(matches!(PuzzleRun::new(&broken), Err(SolveError::View(_))));
    }

    #[test]
    fn leading_points() {
        assert_eq!(leading_point("e2e4"), Some(Point::new(4, 1)));
        assert_eq!(leading_point("b10b3"), Some(Point::new(1, 9)));
        assert_eq!(leading_point("e8=Q:b1c3"), Some(Point::new(4, 7)));
        assert_eq!(leading_point("O-O"), None);
        assert_eq!(leading_point("a0a1"), None);
        assert_eq!(leading_point(""), None);
    }
}
