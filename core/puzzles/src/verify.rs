//! Finding and checking a puzzle's line: every solver move is the only good one.
//!
//! From the position after the opponent's mistake, a search with two lines (the best move,
//! then the best of the others) asks whether the solver's best move is better than every
//! other by [`Criteria::margin`] in win chance; the line goes on with the opponent's best
//! reply while the solver keeps having an only move and a winning score, and ends on the
//! solver's move. A final winning move (mate, or the game's own win) may have companions:
//! any of them solves the puzzle, so no margin is asked of the others among them.

use std::collections::HashSet;

use rodina_engine::{BotGame, Level, Limits, Repetition, Request, Searcher, search_inputs};
use rodina_rules::{Color, Game, Position, Variant, View};

use crate::Theme;
use crate::winchance::WinChance;

/// The move type of a game the verifier searches.
type Mv<V> = <V as Position>::Move;

/// How strict the verification is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Criteria {
    /// Nodes of each search.
    pub nodes: u64,
    /// How much better in win chance the only move is than the second best (lichess: 0.7).
    pub margin: f64,
    /// The solver's win chance must stay at least this high along the line.
    pub winning: f64,
    /// The solver's win chance before the mistake must not be above this (the solver was not
    /// already winning).
    pub not_won_before: f64,
    /// Longest line, in solver moves.
    pub max_solver_moves: usize,
    /// The game's score curve.
    pub win_chance: WinChance,
    /// How the searches count a repetition.
    pub repetition: Repetition,
    /// A search among one move still spends its nodes: the score of a second line of one
    /// move is what counts, and the engine's shortcut (a forced move needs no deep look)
    /// would leave it a guess of four plies.
    pub score_forced: bool,
    /// The solver's first move must leave every other first move at most this win chance
    /// (1: any, as long as the margin holds). A rival that keeps the game even is not an
    /// only good move to a stronger judge: Fairy-Stockfish (1 s a position, on its own curve)
    /// called 18% of 395 first moves of the first Xiangqi bank not the only good one, two
    /// thirds of them where our second line was level or better, but 4% of the 137 whose
    /// rivals leave the solver what -200 cp is.
    pub rivals_at_most: f64,
    /// The line must end the game won (Friendly chess, where nothing is ever taken: the one
    /// thing a line can win is the game, by bonding the king).
    pub ends_in_win: bool,
}

impl Criteria {
    /// The criteria of generator `version` (a puzzle's [`crate::Puzzle::generator`]) for
    /// `variant`, with `nodes` per search; `None` for a version this one does not know.
    /// Version 1 counted every repetition at once, so that its second lines missed a
    /// check that comes back to the root and then wins as the first line does, and scored a
    /// second line of one move by a shallow look.
    pub fn of_generator(variant: Variant, nodes: u64, version: u32) -> Option<Criteria> {
        match version {
            1 => Some(Criteria {
                repetition: Repetition::AtOnce,
                score_forced: false,
                rivals_at_most: 1.0,
                ends_in_win: false,
                ..Criteria::new(variant, nodes)
            }),
            2 => Some(Criteria::new(variant, nodes)),
            _ => None,
        }
    }

    /// The limits of each search.
    pub fn limits(&self) -> Limits {
        // A depth limit as deep as none turns the engine's forced-move shortcut off.
        Limits {
            depth: self.score_forced.then_some(rodina_engine::MAX_PLY as u32),
            ..Limits::nodes(self.nodes)
        }
    }

    /// The current generator's criteria for `variant`, with `nodes` per search.
    pub fn new(variant: Variant, nodes: u64) -> Criteria {
        Criteria {
            nodes,
            // lichess's thresholds, in win chance: only moves by 0.7; the line goes on while
            // the solver keeps what +200 cp is to chess (0.35); the solver was not already
            // winning by more than what +300 cp is (0.5).
            margin: 0.7,
            winning: 0.35,
            not_won_before: 0.5,
            max_solver_moves: 8,
            win_chance: WinChance::of(variant),
            repetition: Repetition::ThirdTimeFromRoot,
            score_forced: true,
            // What -200 cp is on the game's curve, for Xiangqi (the game the outside judge
            // checks) and Jieqi (its relative); Jeson Mor's and Friendly chess's banks keep
            // the margin alone.
            rivals_at_most: match variant {
                Variant::Xiangqi | Variant::Jieqi => WinChance::of(variant).of_score(-200),
                Variant::JesonMor | Variant::Friendly => 1.0,
            },
            ends_in_win: variant == Variant::Friendly,
        }
    }

    /// Whether a solver move of win chance `best` is the only good one against the best
    /// other of `second` (`first`: the line's first solver move).
    pub fn only_move(&self, best: f64, second: f64, first: bool) -> bool {
        best - second > self.margin && (!first || second <= self.rivals_at_most)
    }

    /// Whether a move turned the game for the solver, from its win chance `before` to
    /// `after`: not already winning before, winning after, by a jump that makes it a
    /// mistake (a candidate for a puzzle, which the verification then judges).
    pub fn turned(&self, before: f64, after: f64) -> bool {
        before <= self.not_won_before && after >= self.winning && after - before > 0.6
    }
}

/// Why a position gives no puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Rejection {
    /// The solver has no move that wins.
    NotWinning,
    /// The solver was already winning before the opponent's move.
    AlreadyWon,
    /// More than one move wins (or the solver's move is forced).
    NoOnlyMove,
    /// The line is one solver move long and does not win the game at once.
    TooShort,
    /// The line repeats a position.
    Repetition,
}

impl Rejection {
    /// Every rejection, in the order of the enum.
    pub const ALL: [Rejection; 5] = [
        Rejection::NotWinning,
        Rejection::AlreadyWon,
        Rejection::NoOnlyMove,
        Rejection::TooShort,
        Rejection::Repetition,
    ];

    /// A short name for reports.
    pub const fn name(self) -> &'static str {
        match self {
            Rejection::NotWinning => "not-winning",
            Rejection::AlreadyWon => "already-won",
            Rejection::NoOnlyMove => "no-only-move",
            Rejection::TooShort => "too-short",
            Rejection::Repetition => "repetition",
        }
    }
}

/// A verified line.
#[derive(Clone, Debug, PartialEq)]
pub struct Line<M> {
    /// Solver's move, reply, ..., ending on a solver's move.
    pub moves: Vec<M>,
    /// Whether the last solver move wins the game at once.
    pub wins_game: bool,
    /// The win chance of the solver's first move and of the second best.
    pub margins: Vec<(f64, f64)>,
}

impl<M> Line<M> {
    /// Solver moves in the line.
    pub fn solver_moves(&self) -> usize {
        self.moves.len().div_ceil(2)
    }
}

/// A searcher of full strength for verification.
pub struct Verifier<V: BotGame> {
    searcher: Searcher<V>,
    criteria: Criteria,
}

/// One search's answer: the best move and its score (side to move's view).
struct Best<M> {
    mv: M,
    score: i32,
}

impl<V: BotGame> Verifier<V> {
    /// A verifier with a 32 MiB table.
    pub fn new(criteria: Criteria) -> Self {
        Verifier::with_table(criteria, 32 << 20)
    }

    /// A verifier with a table of `bytes`: a shallow search fills few entries, and a fresh
    /// table's every first touch of a page costs the system a fault.
    pub fn with_table(criteria: Criteria, bytes: usize) -> Self {
        let mut searcher = Searcher::new(bytes);
        searcher.set_repetition(criteria.repetition);
        Verifier { searcher, criteria }
    }

    /// The criteria.
    pub fn criteria(&self) -> Criteria {
        self.criteria
    }

    fn search(&mut self, game: &Game<V>, among: &[Mv<V>]) -> Option<Best<Mv<V>>> {
        let legal = game.legal_moves();
        let (history, _) = search_inputs(game, &legal);
        let req = Request {
            root: game.position(),
            history: &history,
            root_moves: Some(among),
            limits: self.criteria.limits(),
            stop: None,
        };
        let r = self.searcher.search(&req, |_| {});
        let mv = r.best?;
        among.contains(&mv).then_some(Best { mv, score: r.score })
    }

    /// The score of the side to move in `game`, by a search of every move it may play.
    pub fn score(&mut self, game: &Game<V>) -> Option<i32> {
        let legal = game.legal_moves();
        let (_, allowed) = search_inputs(game, &legal);
        self.search(game, &allowed).map(|b| b.score)
    }

    /// The solver's two best first moves in `game` as this verifier's searches score them:
    /// whether a move wins at once (then every such move counts as the best, as
    /// [`Verifier::line`] judges it), the best score, and the best of the other moves.
    pub fn two_lines(&mut self, game: &Game<V>) -> Option<TwoLines> {
        let solver = game.turn();
        let legal = game.legal_moves();
        let (_, allowed) = search_inputs(game, &legal);
        let winners: Vec<Mv<V>> =
            allowed.iter().filter(|m| wins_at_once(game, m, solver)).cloned().collect();
        let best = self.search(game, &allowed)?;
        let others: Vec<Mv<V>> = allowed
            .iter()
            .filter(|m| if winners.is_empty() { **m != best.mv } else { !winners.contains(m) })
            .cloned()
            .collect();
        let second = match others.is_empty() {
            true => Second::NoOther,
            false => {
                self.search(game, &others).map_or(Second::Unscored, |b| Second::Score(b.score))
            }
        };
        Some(TwoLines { wins_at_once: !winners.is_empty(), best: best.score, second })
    }

    /// A quick look at whether the solver to move in `game` has an only move: the win chance
    /// of the best move less that of the second best (1 when a move wins at once and no
    /// other comes near), by [`Verifier::two_lines`]. The generator asks it with few nodes
    /// before the deep verification, which most candidates would fail.
    pub fn quick_margin(&mut self, game: &Game<V>) -> f64 {
        let Some(two) = self.two_lines(game) else { return 0.0 };
        two.margin(self.criteria.win_chance)
    }

    /// [`Verifier::score`] with nothing learned before: the same answer whatever was searched
    /// earlier, so that a puzzle re-verifies exactly.
    pub fn fresh_score(&mut self, game: &Game<V>) -> Option<i32> {
        self.searcher.clear();
        self.score(game)
    }

    /// The line that punishes the last move of `game` (the solver is to move), if it is a
    /// puzzle: `before` is the solver's win chance before that move.
    pub fn line(&mut self, game: &Game<V>, before: f64) -> Result<Line<Mv<V>>, Rejection> {
        if before > self.criteria.not_won_before {
            return Err(Rejection::AlreadyWon);
        }
        self.searcher.clear();
        let wc = self.criteria.win_chance;
        let solver = game.turn();
        let mut g = game.clone();
        let mut seen: HashSet<u64> = HashSet::new();
        seen.insert(g.position().zobrist());
        let mut line = Line { moves: Vec::new(), wins_game: false, margins: Vec::new() };
        loop {
            let legal = g.legal_moves();
            let (_, allowed) = search_inputs(&g, &legal);
            let Some(best) = self.search(&g, &allowed) else { break };
            let best_wc = wc.of_score(best.score);
            if best_wc < self.criteria.winning {
                break;
            }
            let winners: Vec<Mv<V>> =
                allowed.iter().filter(|m| wins_at_once(&g, m, solver)).cloned().collect();
            if !winners.is_empty() {
                if line.moves.is_empty() {
                    // A one-move puzzle: no other move may come near.
                    let others: Vec<Mv<V>> =
                        allowed.iter().filter(|m| !winners.contains(m)).cloned().collect();
                    let second = match others.is_empty() {
                        true => -1.0,
                        false => self.search(&g, &others).map_or(-1.0, |b| wc.of_score(b.score)),
                    };
                    if !self.criteria.only_move(1.0, second, true) {
                        return Err(Rejection::NoOnlyMove);
                    }
                    line.margins.push((1.0, second));
                }
                let mv = if winners.contains(&best.mv) { best.mv } else { winners[0].clone() };
                line.moves.push(mv);
                line.wins_game = true;
                break;
            }
            if allowed.len() < 2 {
                if line.moves.is_empty() {
                    return Err(Rejection::NoOnlyMove);
                }
                break;
            }
            let others: Vec<Mv<V>> = allowed.iter().filter(|m| **m != best.mv).cloned().collect();
            let second_best = self.search(&g, &others);
            let second = second_best.as_ref().map_or(-1.0, |b| wc.of_score(b.score));
            if !self.criteria.only_move(best_wc, second, line.moves.is_empty()) {
                if line.moves.is_empty() {
                    return Err(Rejection::NoOnlyMove);
                }
                break;
            }
            let mut after = g.clone();
            after.play_unchecked(&best.mv);
            if !seen.insert(after.position().zobrist()) {
                break;
            }
            line.moves.push(best.mv);
            line.margins.push((best_wc, second));
            g = after;
            if g.outcome().is_some() || line.solver_moves() >= self.criteria.max_solver_moves {
                break;
            }
            // The opponent's best reply.
            let legal = g.legal_moves();
            let (_, allowed) = search_inputs(&g, &legal);
            let Some(reply) = self.search(&g, &allowed) else { break };
            let mut after = g.clone();
            after.play_unchecked(&reply.mv);
            if after.outcome().is_some() || !seen.insert(after.position().zobrist()) {
                break;
            }
            line.moves.push(reply.mv);
            g = after;
        }
        if line.moves.len() % 2 == 0 {
            line.moves.pop();
        }
        if line.moves.is_empty() {
            return Err(if line.margins.is_empty() {
                Rejection::NotWinning
            } else {
                Rejection::NoOnlyMove
            });
        }
        if !line.wins_game && self.criteria.ends_in_win {
            return Err(Rejection::NotWinning);
        }
        if !line.wins_game && line.solver_moves() < 2 {
            return Err(Rejection::TooShort);
        }
        line.margins.truncate(line.solver_moves());
        Ok(line)
    }
}

/// The solver's two best first moves, by [`Verifier::two_lines`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoLines {
    /// A move wins the game at once.
    pub wins_at_once: bool,
    /// The best move's score (the solver's view).
    pub best: i32,
    /// The best of the other moves.
    pub second: Second,
}

/// The second line of [`TwoLines`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Second {
    /// No other move may be played.
    NoOther,
    /// The search gave no move among the others.
    Unscored,
    /// The best other move's score.
    Score(i32),
}

impl TwoLines {
    /// The best line's win chance less the second's on `wc` (a move that wins at once is
    /// worth 1; with no other move, 2 when one wins at once and 0 when the move is forced).
    pub fn margin(&self, wc: WinChance) -> f64 {
        let best = if self.wins_at_once { 1.0 } else { wc.of_score(self.best) };
        match self.second {
            Second::NoOther => {
                if self.wins_at_once {
                    2.0
                } else {
                    0.0
                }
            }
            Second::Unscored => best + 1.0,
            Second::Score(s) => best - wc.of_score(s),
        }
    }
}

/// Whether `m` wins the game for `solver` at once.
pub fn wins_at_once<V: View>(game: &Game<V>, m: &Mv<V>, solver: Color) -> bool {
    let mut g = game.clone();
    g.play_unchecked(m);
    g.outcome().and_then(|o| o.winner()) == Some(solver)
}

/// How often (0..=1) the bots of `rung` find the whole `line` from `game`, over `seeds`
/// seeds: every solver move as the line has it (the final winning move: any that wins).
pub fn level_finds<V: BotGame>(game: &Game<V>, line: &[Mv<V>], rung: Rung, seeds: u64) -> f64 {
    let solver = game.turn();
    share_found(
        game,
        line.len(),
        rung,
        seeds,
        |g, i, chosen| {
            let last = i + 1 == line.len();
            *chosen == line[i] || (last && wins_at_once(g, chosen, solver))
        },
        |g, i| {
            g.play_unchecked(&line[i]);
            true
        },
    )
}

/// The share of `seeds` bots of `level` that, going along a line of `plies` plies from
/// `game` (`play(g, i)` plays its ply `i`, false when it cannot), choose at every solver ply
/// `i` a move `right(g, i, chosen)` accepts. One loop for both kinds of line, so that the
/// bots' seeds and what counts as finding stay the same for every game.
fn share_found<V: BotGame>(
    game: &Game<V>,
    plies: usize,
    rung: Rung,
    seeds: u64,
    mut right: impl FnMut(&Game<V>, usize, &Mv<V>) -> bool,
    mut play: impl FnMut(&mut Game<V>, usize) -> bool,
) -> f64 {
    let mut found = 0;
    for seed in 0..seeds {
        let mut bot = rung.bot::<V>(0x5EED_0000 + seed);
        let mut g = game.clone();
        let ok = (0..plies).all(|i| {
            if i % 2 == 0 {
                let Some(chosen) = bot.choose(&g, None, None) else { return false };
                if !right(&g, i, &chosen.mv) {
                    return false;
                }
            }
            play(&mut g, i)
        });
        if ok {
            found += 1;
        }
    }
    f64::from(found) / seeds as f64
}

/// The levels the first rating is measured with, weakest first.
pub const RATING_LEVELS: [Level; 5] =
    [Level::Novice, Level::Beginner, Level::Casual, Level::Intermediate, Level::Club];

/// One rung of the ladder a first rating is measured on: the bots of a level, perhaps
/// thinking fewer nodes a move than the level does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The level whose node budget, noise and blind spots the bots have.
    pub level: Level,
    /// The nodes per move, if fewer than the level's own.
    pub nodes: Option<u64>,
}

impl Rung {
    /// A bot of this rung for game `V`, its noise and blind spots following `seed`.
    pub fn bot<V: BotGame>(self, seed: u64) -> rodina_engine::Bot<V> {
        let mut settings = self.level.settings(V::VARIANT);
        if let Some(nodes) = self.nodes {
            settings.nodes = settings.nodes.min(nodes);
        }
        rodina_engine::Bot::with_settings(self.level, settings, seed)
    }
}

impl From<Level> for Rung {
    fn from(level: Level) -> Rung {
        Rung { level, nodes: None }
    }
}

/// The Novice thinking `nodes` nodes a move.
const fn novice_thinking(nodes: u64) -> Rung {
    Rung { level: Level::Novice, nodes: Some(nodes) }
}

/// The rating ladder of generator 2 on, weakest first: the Novice thinking 15, 30, 60 and
/// 120 nodes a move (a glance that sees checks and captures first, as a person's does), then
/// every level. Every level's bots find nearly every short mate and most two-move wins, so
/// the five levels alone rated nine puzzles in ten at the bottom; the glances set apart the
/// forcing answer from the quiet one, and a short line from a long one. On the first 350
/// Xiangqi puzzles of generator 2 the medians came out: mate in one 600, mate in two 1067,
/// mate in three 1300, a win of material 1200, a long line 1333.
pub const RATING_LADDER: [Rung; 9] = [
    novice_thinking(15),
    novice_thinking(30),
    novice_thinking(60),
    novice_thinking(120),
    Rung { level: Level::Novice, nodes: None },
    Rung { level: Level::Beginner, nodes: None },
    Rung { level: Level::Casual, nodes: None },
    Rung { level: Level::Intermediate, nodes: None },
    Rung { level: Level::Club, nodes: None },
];

/// The rungs generator `version` rates on, weakest first (the first generator: the five
/// levels).
pub fn rating_ladder(version: u32) -> Vec<Rung> {
    if version <= 1 {
        RATING_LEVELS.iter().map(|&l| Rung::from(l)).collect()
    } else {
        RATING_LADDER.to_vec()
    }
}

/// The first rating of a puzzle from how often each rung of generator `version`'s ladder
/// ([`rating_ladder`]) finds its line, weakest first.
///
/// The first generator: 700 when every level always finds it, 2200 when none ever does,
/// 300 points per level's worth in between. From the second on: 600 when every rung finds
/// it, 200 points more per rung's worth that misses (2400 when none ever does), so a mate
/// in one every glance sees starts at 600 and a line that beats the Club player above 2000.
pub fn first_rating(found: &[f64], version: u32) -> u16 {
    let sum: f64 = found.iter().sum();
    let missed = found.len() as f64 - sum;
    let r = if version <= 1 { 2200.0 - 300.0 * sum } else { 600.0 + 200.0 * missed };
    r.round().clamp(400.0, 3000.0) as u16
}

/// The themes of a line: mate and its length, the solution's length, and what the moves
/// and the positions show (material won, a cannon, a chain, Ŝako, the centre, a reveal).
pub fn themes<V: View>(game: &Game<V>, line: &Line<Mv<V>>, variant: Variant) -> Vec<Theme> {
    let mut g = game.clone();
    let mut path = Vec::with_capacity(line.moves.len());
    for m in &line.moves {
        path.push(g.position().move_text(m));
        g.play_unchecked(m);
    }
    themes_of_path(game, &path, line.wins_game, variant)
}

/// The themes of one path of a solution from `game` (the solver to move), its plies in the
/// record's text (Jieqi: on the solver's view, a reveal noted with what it showed; a final
/// reveal written bare wins whatever it shows). `wins_game`: the path ends the game won.
pub fn themes_of_path<V: View>(
    game: &Game<V>,
    path: &[String],
    wins_game: bool,
    variant: Variant,
) -> Vec<Theme> {
    let mut themes = Vec::new();
    let n = path.len().div_ceil(2);
    if wins_game {
        themes.push(Theme::Mate);
        themes.push(Theme::mate_in(n));
    }
    themes.push(Theme::of_length(n));
    let mut g = game.clone();
    let solver = g.turn();
    let before = material(&g.position().fen(), variant, solver);
    let mut cannon = false;
    let mut chain = false;
    let mut sako = false;
    let mut reveal = false;
    let mut whole = true;
    for (i, text) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        if i % 2 == 0 {
            let fen = g.position().fen();
            if variant == Variant::Xiangqi || variant == Variant::Jieqi {
                let captures = piece_at(&fen, text, 1).is_some();
                if moves_as_cannon(&fen, text) && (captures || (wins_game && last)) {
                    cannon = true;
                }
            }
            if text.contains('>') {
                chain = true;
            }
            // A Jieqi move that turns a piece up is noted with what it showed (`=R`), or
            // written bare at the end; Friendly chess's `=Q` is a promotion.
            let coordinates = crate::solution::move_part(text);
            if variant == Variant::Jieqi
                && g.position().parse_move(coordinates).is_ok_and(|m| g.position().is_chance(&m))
            {
                reveal = true;
            }
        }
        if g.play_text(text).is_err() {
            // A final reveal written bare: the game is won whatever it shows, and the board
            // after it is not known; the material it took is left out.
            whole = false;
            break;
        }
        if i % 2 == 0 && variant == Variant::Friendly && !last && g.position().is_check() {
            sako = true;
        }
    }
    let after = material(&g.position().fen(), variant, solver);
    if !wins_game && whole && after - before >= material_step(variant) {
        themes.push(Theme::Material);
    }
    if cannon {
        themes.push(Theme::CannonScreen);
    }
    if chain {
        themes.push(Theme::Chain);
    }
    // Ŝako is the threat to the king before the last move (every Friendly chess mate ends
    // with the king bonded; that is what `Mate` says).
    if sako {
        themes.push(Theme::Sako);
    }
    if reveal {
        themes.push(Theme::Reveal);
    }
    if variant == Variant::JesonMor {
        let left_centre =
            wins_game && g.outcome().is_some_and(|o| o.reason_str().contains("centre"));
        // The fight for an empty `e5` is decided by counting the knights a jump from it:
        // a line that ends with more of the solver's than the opponent's has won it.
        let (empty, count) = centre_count(&g.position().fen());
        let counted =
            !wins_game && whole && empty && count[solver.index()] > count[(!solver).index()];
        if left_centre || counted {
            themes.push(Theme::Centre);
        }
    }
    themes.sort();
    themes.dedup();
    themes
}

/// Whether the move `text` in the position `fen` is a cannon's: a face-up cannon, or in
/// Jieqi a face-down piece on a cannon's starting point, which moves as a cannon.
fn moves_as_cannon(fen: &str, text: &str) -> bool {
    match piece_at(fen, text, 0) {
        Some('c' | 'C') => true,
        Some(hidden @ ('x' | 'X')) => {
            let home_rank = if hidden == 'X' { 2 } else { 7 };
            squares_of(text).first().is_some_and(|&(f, r)| (f == 1 || f == 7) && r == home_rank)
        }
        _ => false,
    }
}

/// The smallest material gain the Material theme asks for.
fn material_step(variant: Variant) -> i32 {
    match variant {
        Variant::Xiangqi | Variant::Jieqi => 2,
        Variant::JesonMor => 1,
        // Nothing is ever taken in Friendly chess.
        Variant::Friendly => i32::MAX,
    }
}

/// `side`'s material minus the other's, from a FEN's placement.
fn material(fen: &str, variant: Variant, side: Color) -> i32 {
    let placement = fen.split_whitespace().next().unwrap_or("");
    let mut total = 0;
    for c in placement.chars() {
        let value = match (variant, c.to_ascii_lowercase()) {
            (Variant::Xiangqi | Variant::Jieqi, 'r') => 9,
            (Variant::Xiangqi | Variant::Jieqi, 'c') => 5,
            (Variant::Xiangqi | Variant::Jieqi, 'h' | 'n') => 4,
            (Variant::Xiangqi | Variant::Jieqi, 'a' | 'e' | 'b') => 2,
            (Variant::Xiangqi | Variant::Jieqi, 'p') => 1,
            // A face-down piece is any of the pool's: about what the average piece is worth.
            (Variant::Jieqi, 'x') => 3,
            (Variant::JesonMor, 'n') => 1,
            _ => 0,
        };
        let white = c.is_ascii_uppercase();
        let mine = (side == Color::White) == white;
        total += if mine { value } else { -value };
    }
    total
}

/// Jeson Mor: whether the centre `e5` is empty, and the knights of each side (by
/// [`Color::index`]) a jump from it, from a FEN's placement.
fn centre_count(fen: &str) -> (bool, [u32; 2]) {
    const JUMPS: [(i8, i8); 8] =
        [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
    let mut count = [0; 2];
    for (file, rank) in JUMPS {
        // `e5` is the fifth file and rank: every jump from it stays on the board.
        let square = format!("{}{}", char::from(b'e'.wrapping_add_signed(file)), 5 + rank);
        match piece_at(fen, &square, 0) {
            Some('N') => count[Color::White.index()] += 1,
            Some('n') => count[Color::Black.index()] += 1,
            _ => {}
        }
    }
    (piece_at(fen, "e5", 0).is_none(), count)
}

/// The piece letter at the move's `which` square (0: from, 1: to) of a coordinate move text
/// like `h2e2` or `a10a9`, read from the FEN's placement (files `a..`, ranks from 1 at the
/// bottom).
fn piece_at(fen: &str, text: &str, which: usize) -> Option<char> {
    let squares = squares_of(text);
    let (file, rank) = *squares.get(which)?;
    let placement = fen.split_whitespace().next()?;
    let rows: Vec<&str> = placement.split('/').collect();
    let row = rows.get(rows.len().checked_sub(rank + 1)?)?;
    let mut f = 0;
    for tok in tokens(row) {
        if let Ok(n) = tok.parse::<usize>() {
            f += n;
        } else {
            if f == file {
                return tok.chars().next().filter(|c| c.is_ascii_alphabetic());
            }
            f += 1;
        }
        if f > file {
            return None;
        }
    }
    None
}

/// The squares named in a coordinate move text, as (file, rank) from 0.
fn squares_of(text: &str) -> Vec<(usize, usize)> {
    rodina_rules::Point::all_in(text)
        .into_iter()
        .map(|p| (usize::from(p.file), usize::from(p.rank)))
        .collect()
}

/// The tokens of one rank of a FEN placement: a number of empty squares, a parenthesised
/// group (a Friendly chess bond), or one character.
pub fn tokens(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut t = c.to_string();
            while let Some(d) = chars.peek().copied().filter(char::is_ascii_digit) {
                t.push(d);
                chars.next();
            }
            out.push(t);
        } else if c == '(' {
            let mut t = c.to_string();
            for d in chars.by_ref() {
                t.push(d);
                if d == ')' {
                    break;
                }
            }
            out.push(t);
        } else {
            out.push(c.to_string());
        }
    }
    out
}

/// A position's identity for "no two puzzles from the same position": the placement and
/// the side to move, with a position and its mirror image (files reversed) the same.
pub fn canonical(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let placement = fields.next().unwrap_or("");
    let turn = fields.next().unwrap_or("");
    let mirrored: Vec<String> = placement
        .split('/')
        .map(|row| {
            let mut t = tokens(row);
            t.reverse();
            t.concat()
        })
        .collect();
    let mirrored = mirrored.join("/");
    let least = if mirrored.as_str() < placement { mirrored.as_str() } else { placement };
    format!("{least} {turn}")
}

/// Most paths a branching line may have (Jieqi: identities multiply at every reveal).
pub const MAX_PATHS: usize = 12;

/// The states a ply can lead to, each with its text as the record writes it (a chance ply:
/// one per identity it can show, noted with it).
fn plies_of<V: BotGame>(game: &Game<V>, m: &Mv<V>) -> Vec<(String, Game<V>)> {
    chances(game, m).into_iter().map(|(text, g, _)| (text, g)).collect()
}

/// The states a ply can lead to, each with its text as the record writes it and its weight
/// (proportional to its probability): one for an ordinary move, one per identity a chance
/// ply (a Jieqi reveal) can show, noted with it.
pub(crate) fn chances<V: BotGame>(game: &Game<V>, m: &Mv<V>) -> Vec<(String, Game<V>, u32)> {
    let pos = game.position();
    if !Position::is_chance(pos, m) {
        let mut g = game.clone();
        g.play_unchecked(m);
        return vec![(pos.move_text(m), g, 1)];
    }
    let mut outcomes = Vec::new();
    rodina_engine::SearchGame::outcomes(pos, m, &mut outcomes);
    let mut out: Vec<(String, Game<V>, u32)> = Vec::new();
    for (after, weight) in outcomes {
        let text = V::ply_text(pos, &after, m);
        if let Some(known) = out.iter_mut().find(|(t, _, _)| *t == text) {
            known.2 = known.2.saturating_add(weight);
            continue;
        }
        let mut g = game.clone();
        if g.play_text(&text).is_ok() {
            out.push((text, g, weight));
        }
    }
    out
}

impl<V: BotGame> Verifier<V> {
    /// [`Verifier::line`] for games whose moves can turn up hidden pieces (Jieqi, on the
    /// solver's view): a solver's move that reveals must keep the solver winning whatever it
    /// shows, and the line branches by what it shows (as it does at an opponent's reveal),
    /// in the text form of [`crate::solution`]. The returned line starts with the solver's
    /// first move. At most [`MAX_PATHS`] paths; every path ends on a solver's move and has two
    /// solver moves unless it wins at once.
    pub fn tree(
        &mut self,
        game: &Game<V>,
        before: f64,
    ) -> Result<crate::solution::Line, Rejection> {
        if before > self.criteria.not_won_before {
            return Err(Rejection::AlreadyWon);
        }
        self.searcher.clear();
        let solver = game.turn();
        // The positions on the path from the root to the ply being looked at.
        let mut seen = HashSet::new();
        seen.insert(game.position().zobrist());
        let mut paths = 1;
        let line = self.solver_turn(game, solver, 0, &mut seen, &mut paths, true)?;
        // Every path: ends on the solver's move, two solver moves unless it wins at once.
        for path in line.paths() {
            let mut g = game.clone();
            let mut won = false;
            for (i, text) in path.iter().enumerate() {
                if g.play_text(text).is_err() {
                    // A final reveal written bare: it wins whatever it shows.
                    let last = i + 1 == path.len();
                    let m = g.position().parse_move(text).map_err(|_| Rejection::NotWinning)?;
                    if !last
                        || !plies_of(&g, &m)
                            .iter()
                            .all(|(_, a)| a.outcome().and_then(|o| o.winner()) == Some(solver))
                    {
                        return Err(Rejection::NotWinning);
                    }
                    won = true;
                }
            }
            won = won || g.outcome().and_then(|o| o.winner()) == Some(solver);
            if path.len() % 2 == 0 {
                return Err(Rejection::NotWinning);
            }
            if !won && path.len().div_ceil(2) < 2 {
                return Err(Rejection::TooShort);
            }
        }
        Ok(line)
    }

    /// The solver's only move in `g` and what follows; `Err` when there is none (the caller
    /// ends its line before this turn, or rejects the position at the first move).
    fn solver_turn(
        &mut self,
        g: &Game<V>,
        solver: Color,
        moves_so_far: usize,
        seen: &mut HashSet<u64>,
        paths: &mut usize,
        first: bool,
    ) -> Result<crate::solution::Line, Rejection> {
        let wc = self.criteria.win_chance;
        let legal = g.legal_moves();
        let (_, allowed) = search_inputs(g, &legal);
        let best = self.search(g, &allowed).ok_or(Rejection::NotWinning)?;
        let best_wc = wc.of_score(best.score);
        if best_wc < self.criteria.winning {
            return Err(Rejection::NotWinning);
        }
        let winners: Vec<Mv<V>> = allowed
            .iter()
            .filter(|m| {
                plies_of(g, m)
                    .iter()
                    .all(|(_, a)| a.outcome().and_then(|o| o.winner()) == Some(solver))
            })
            .cloned()
            .collect();
        let (mv, ends) = if !winners.is_empty() {
            if first {
                let others: Vec<Mv<V>> =
                    allowed.iter().filter(|m| !winners.contains(m)).cloned().collect();
                let second = if others.is_empty() {
                    -1.0
                } else {
                    self.search(g, &others).map_or(-1.0, |b| wc.of_score(b.score))
                };
                if !self.criteria.only_move(1.0, second, true) {
                    return Err(Rejection::NoOnlyMove);
                }
            }
            (if winners.contains(&best.mv) { best.mv } else { winners[0].clone() }, true)
        } else {
            if allowed.len() < 2 {
                return Err(Rejection::NoOnlyMove);
            }
            let others: Vec<Mv<V>> = allowed.iter().filter(|m| **m != best.mv).cloned().collect();
            let second = self.search(g, &others).map_or(-1.0, |b| wc.of_score(b.score));
            if !self.criteria.only_move(best_wc, second, first) {
                return Err(Rejection::NoOnlyMove);
            }
            (best.mv, false)
        };
        let outcomes = plies_of(g, &mv);
        if ends {
            // Whatever a reveal shows, the game is won: the move alone, without its note.
            return Ok(crate::solution::Line {
                plies: vec![g.position().move_text(&mv)],
                branches: Vec::new(),
            });
        }
        if outcomes.len() > 1 && *paths + outcomes.len() - 1 > MAX_PATHS {
            return Err(Rejection::NoOnlyMove);
        }
        let mut alternatives = Vec::new();
        for (text, after) in &outcomes {
            // Every identity must leave the solver winning.
            let won = after.outcome().and_then(|o| o.winner()) == Some(solver);
            if !won {
                if after.outcome().is_some() {
                    return Err(Rejection::NotWinning);
                }
                let score = self.score(after).ok_or(Rejection::NotWinning)?;
                if wc.of_score(-score) < self.criteria.winning {
                    return Err(Rejection::NotWinning);
                }
            }
            let key = after.position().zobrist();
            if !seen.insert(key) {
                return Err(Rejection::Repetition);
            }
            let mut line =
                crate::solution::Line { plies: vec![text.clone()], branches: Vec::new() };
            if !won && moves_so_far + 1 < self.criteria.max_solver_moves {
                if let Some(rest) = self.opponent_turn(after, solver, moves_so_far + 1, seen, paths)
                {
                    line.plies.extend(rest.plies);
                    line.branches = rest.branches;
                }
            }
            // `seen` holds the positions of the path from the root only: a sibling branch
            // (another identity) may pass the same position without repeating anything.
            seen.remove(&key);
            alternatives.push(line);
        }
        if outcomes.len() > 1 {
            *paths += outcomes.len() - 1;
        }
        Ok(join(alternatives))
    }

    /// The opponent's best reply in `g` and the solver's answer; `None` when the line should
    /// end before the reply (the solver has no only move after it, in some branch).
    fn opponent_turn(
        &mut self,
        g: &Game<V>,
        solver: Color,
        moves_so_far: usize,
        seen: &mut HashSet<u64>,
        paths: &mut usize,
    ) -> Option<crate::solution::Line> {
        let legal = g.legal_moves();
        let (_, allowed) = search_inputs(g, &legal);
        let reply = self.search(g, &allowed)?;
        let outcomes = plies_of(g, &reply.mv);
        if outcomes.is_empty() || (outcomes.len() > 1 && *paths + outcomes.len() - 1 > MAX_PATHS) {
            return None;
        }
        let saved_paths = *paths;
        if outcomes.len() > 1 {
            *paths += outcomes.len() - 1;
        }
        let mut alternatives = Vec::new();
        for (text, after) in &outcomes {
            let key = after.position().zobrist();
            if after.outcome().is_some() || !seen.insert(key) {
                *paths = saved_paths;
                return None;
            }
            let rest = self.solver_turn(after, solver, moves_so_far, seen, paths, false);
            seen.remove(&key);
            match rest {
                Ok(rest) => {
                    let mut line =
                        crate::solution::Line { plies: vec![text.clone()], branches: Vec::new() };
                    line.plies.extend(rest.plies);
                    line.branches = rest.branches;
                    alternatives.push(line);
                }
                Err(_) => {
                    *paths = saved_paths;
                    return None;
                }
            }
        }
        Some(join(alternatives))
    }
}

/// One line from the alternatives of a ply: the line itself when there is one, a group
/// otherwise.
fn join(mut alternatives: Vec<crate::solution::Line>) -> crate::solution::Line {
    if alternatives.len() == 1 {
        return alternatives.remove(0);
    }
    crate::solution::Line { plies: Vec::new(), branches: alternatives }
}

/// How often (0..=1) the bots of `level` find the first path of `line` from `game` (a
/// branching line's first path; a chance ply matches by its move, its note aside). The last
/// ply, the solver's, is only chosen, never played: a final reveal is written bare (it wins
/// whatever it shows), so no one position follows it.
pub fn level_finds_path<V: BotGame>(
    game: &Game<V>,
    path: &[String],
    rung: Rung,
    seeds: u64,
) -> f64 {
    let solver = game.turn();
    share_found(
        game,
        path.len(),
        rung,
        seeds,
        |g, i, chosen| {
            let last = i + 1 == path.len();
            let wins = last
                && plies_of(g, chosen)
                    .iter()
                    .all(|(_, a)| a.outcome().and_then(|o| o.winner()) == Some(solver));
            g.position().move_text(chosen) == crate::solution::move_part(&path[i]) || wins
        },
        |g, i| i + 1 == path.len() || g.play_text(&path[i]).is_ok(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The second line of a Xiangqi puzzle of the first bank (x10w): after the rook's
    /// sidestep d7i7, d10d2 mates in two; d1d2 checks, and after e2e1 d2d1 e1e2 the rook
    /// is back where the puzzle starts and d10d2 mates after all, a mate in four that
    /// Fairy-Stockfish sees. The first generator cut that cycle short as a perpetual check
    /// and called the puzzle an only move; the second sees two mates.
    #[test]
    fn a_check_that_comes_back_to_the_root_is_a_second_line() {
        use rodina_rules::{Truth, Xiangqi};
        let fen = "3r5/1R2ak3/b8/R2C2p1p/2p6/P8/4P3P/8B/4K4/2Br5 w - - 2 27";
        let mut game = Game::new(Xiangqi::from_fen(fen).expect("a position"));
        game.play_text("d7i7").expect("the opponent's move");
        let second = |version| {
            let criteria = Criteria::of_generator(Variant::Xiangqi, 60_000, version).unwrap();
            let two = Verifier::<Xiangqi>::new(criteria).two_lines(&game).expect("lines");
            assert!(rodina_engine::score::is_mate(two.best), "d10d2 mates: {two:?}");
            two.second
        };
        let Second::Score(v1) = second(1) else { panic!("a second line") };
        assert!(!rodina_engine::score::is_mate(v1), "{v1}");
        let Second::Score(v2) = second(2) else { panic!("a second line") };
        assert!(rodina_engine::score::is_mate(v2) && v2 > 0, "{v2}");
        assert!(Criteria::of_generator(Variant::Xiangqi, 1, 3).is_none());
    }

    #[test]
    fn a_second_line_of_one_move_is_searched_with_every_node() {
        use rodina_rules::{Truth, Xiangqi};
        // The chariot's check leaves the king one square: the engine would stop looking at
        // depth four, as a forced move needs no more to be played, but not to be scored.
        let fen = "3ak1b2/4aR3/9/9/9/9/4r4/4KA3/9/7R1 w - - 22 62";
        let mut game = Game::new(Xiangqi::from_fen(fen).expect("a position"));
        game.play_text("e3d3").unwrap();
        game.play_text("e4d4").unwrap();
        assert_eq!(game.legal_moves().len(), 1);
        let depth = |version| {
            let criteria = Criteria::of_generator(Variant::Xiangqi, 20_000, version).unwrap();
            let legal = game.legal_moves();
            let (history, _) = search_inputs(&game, &legal);
            let req = Request {
                root: game.position(),
                history: &history,
                root_moves: Some(&legal),
                limits: criteria.limits(),
                stop: None,
            };
            Searcher::<Xiangqi>::new(1 << 20).search(&req, |_| {}).depth
        };
        assert_eq!(depth(1), 4);
        assert!(depth(2) > 4, "{}", depth(2));
    }

    #[test]
    fn the_first_rating_follows_the_ladder_of_the_generator() {
        assert_eq!(rating_ladder(1).len(), 5);
        assert_eq!(first_rating(&[1.0; 5], 1), 700);
        assert_eq!(first_rating(&[0.0; 5], 1), 2200);
        assert_eq!(first_rating(&[1.0, 1.0, 2.0 / 3.0, 0.0, 0.0], 1), 1400);
        assert_eq!(rating_ladder(2), RATING_LADDER.to_vec());
        assert_eq!(first_rating(&[1.0; 9], 2), 600);
        assert_eq!(first_rating(&[0.0; 9], 2), 2400);
        let mut glances_miss = [1.0; 9];
        glances_miss[..2].copy_from_slice(&[0.0, 1.0 / 3.0]);
        assert_eq!(first_rating(&glances_miss, 2), 933);
        // A glance never thinks more than its level would.
        let novice = Level::Novice.settings(Variant::Xiangqi).nodes;
        let bot = RATING_LADDER[0].bot::<rodina_rules::Xiangqi>(1);
        assert_eq!(bot.settings().nodes, 15.min(novice));
        assert_eq!(RATING_LADDER[4].bot::<rodina_rules::Xiangqi>(1).settings().nodes, novice);
    }

    /// A mate in two the shortest glance misses and the Club player finds.
    #[test]
    fn a_mate_in_two_is_missed_by_the_shortest_glance() {
        use rodina_rules::{Truth, Xiangqi};
        // g4688n0 of the Xiangqi run (rated 1333): after c1e3, the horse's d4f3 drives the
        // king to e2 and the chariot's h10h2 mates.
        let fen = "4ka1r1/4a4/4R4/8p/p2C1Cp2/9/P2n4P/9/9/2BAKAB2 w - - 3 27";
        let mut game = Game::new(Xiangqi::from_fen(fen).expect("a position"));
        game.play_text("c1e3").unwrap();
        let mut g = game.clone();
        let line: Vec<_> =
            ["d4f3", "e1e2", "h10h2"].iter().map(|t| g.play_text(t).expect("the line")).collect();
        let found: Vec<f64> =
            RATING_LADDER.iter().map(|&r| level_finds(&game, &line, r, 3)).collect();
        assert!(found[0] < 1.0, "{found:?}");
        assert_eq!(found[8], 1.0, "the Club player finds it: {found:?}");
    }

    #[test]
    fn the_first_moves_rivals_must_lose_in_xiangqi_and_jieqi() {
        let x = Criteria::new(Variant::Xiangqi, 1);
        let limit = WinChance::of(Variant::Xiangqi).of_score(-200);
        assert_eq!(x.rivals_at_most, limit);
        let jieqi = WinChance::of(Variant::Jieqi).of_score(-200);
        assert_eq!(Criteria::new(Variant::Jieqi, 1).rivals_at_most, jieqi);
        assert_eq!(Criteria::new(Variant::JesonMor, 1).rivals_at_most, 1.0);
        assert_eq!(Criteria::of_generator(Variant::Xiangqi, 1, 1).unwrap().rivals_at_most, 1.0);
        // A mate against a level rival: enough margin, but the rival does not lose.
        assert!(!x.only_move(1.0, 0.0, true));
        assert!(x.only_move(1.0, limit, true));
        // Later solver moves need the margin alone.
        assert!(x.only_move(1.0, 0.0, false));
        assert!(!x.only_move(1.0, 0.5, false));
    }

    #[test]
    fn mirror_images_are_one_position() {
        let a = "4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1";
        let b = "3k4/8/3(Pp)4/8/4N3/8/8/3K4 w - - - 0 1";
        assert_eq!(canonical(a), canonical(b));
        assert_ne!(canonical(a), canonical("4k3/8/4(Pp)3/8/3N4/8/8/4K3 b - - - 0 1"));
        assert_eq!(tokens("r1(Pp)10a"), vec!["r", "1", "(Pp)", "10", "a"]);
    }

    #[test]
    fn squares_and_pieces_are_read_from_the_text() {
        let fen = rodina_rules::xiangqi::START_FEN;
        assert_eq!(squares_of("h3e3"), vec![(7, 2), (4, 2)]);
        assert_eq!(squares_of("a10a9"), vec![(0, 9), (0, 8)]);
        assert_eq!(piece_at(fen, "h3e3", 0), Some('C'));
        assert_eq!(piece_at(fen, "h3e3", 1), None);
        assert_eq!(piece_at(fen, "b3b10", 1), Some('n'));
        assert_eq!(material(fen, Variant::Xiangqi, Color::White), 0);
    }
}
