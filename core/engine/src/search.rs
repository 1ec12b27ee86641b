//! The search: iterative deepening over an alpha-beta search with principal-variation search,
//! a transposition table, quiescence, move ordering (hash move, captures by value, killers,
//! history), check extensions, null-move pruning, late-move reductions and expectimax over
//! chance moves. Written once for every [`SearchGame`].
//!
//! A search is bounded by depth, nodes and time, and can be stopped from another thread
//! through a flag. With a node limit and no time limit it is deterministic: the same state,
//! history, settings and seed give the same move, so bot levels defined by node budgets replay
//! exactly.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rodina_rules::random::mix64;
use rodina_rules::{Color, Outcome};

use crate::game::SearchGame;
use crate::score::{EVAL_LIMIT, INFINITE, MATE_BOUND, is_mate, loss_in, win_in};
use crate::tt::{Bound, Table};

/// Deepest ply the search reaches (check extensions and quiescence included).
pub const MAX_PLY: usize = 128;

/// How long and how deep a search may go. Every limit given is respected; with none, the
/// search runs to [`MAX_PLY`] plies or until it is stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration (in plies).
    pub depth: Option<u32>,
    /// Most nodes (states visited, quiescence included).
    pub nodes: Option<u64>,
    /// Longest time. The search returns within it (checking the clock every few hundred
    /// nodes), with the best move of the last finished iteration or a better one that the
    /// unfinished iteration has already proved. Without [`Limits::soft_time`] the search
    /// spends all of it: a fixed time per move is a budget, and the unfinished iteration
    /// still looks at the best moves first.
    pub time: Option<Duration>,
    /// The time this move should take, under a clock (where [`Limits::time`] is the most it
    /// may take): no iteration starts once half of it is gone, as the next one would most
    /// likely take the rest and more.
    pub soft_time: Option<Duration>,
}

impl Limits {
    /// A search to `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A search of at most `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A search of at most `time`.
    pub fn time(time: Duration) -> Limits {
        Limits { time: Some(time), ..Limits::default() }
    }
}

/// How the search plays, beyond its limits: the human weaknesses of the lower levels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Each evaluation is shifted by a pseudo-random amount in `-eval_noise..=eval_noise`
    /// (centipawns), fixed per state and seed, so a state always looks the same to one bot:
    /// a misjudgement, as people make, rather than jitter.
    pub eval_noise: i32,
    /// Per mille of the opponent's direct replies to its candidate moves that the search does
    /// not see (fixed per state, move and seed): the bot overlooks some of them, as people
    /// overlook a capture or a check. Only the first reply is overlooked: people miss the
    /// answer to their move, and blind spots deeper in the tree would corrupt every line.
    pub blind_per_mille: u32,
    /// Seed of the noise and the blind spots.
    pub seed: u64,
    /// Centipawns a draw is worth less than an even position to the side the search plays
    /// for (and more to its opponent): with some contempt a bot plays on rather than repeat
    /// moves in a balanced position, as people who came to play a game do.
    pub contempt: i32,
}

/// How the search counts a return to an earlier state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Repetition {
    /// Any return to an earlier state ends the line there: the bots' way (their levels
    /// were measured with it).
    #[default]
    AtOnce,
    /// The root and the game's states before it must come a third time; a state inside the
    /// search counts at once. Coming back to the root or to the game before it ends nothing
    /// in the game, and the side to move may then go another way: a check that returns to
    /// the position before the opponent's last move is a tempo, not a perpetual check, and a
    /// search of some root moves only (a puzzle's second line) must see that another move can
    /// come back to the root and play the best one after all.
    ThirdTimeFromRoot,
}

/// One entry of the line of positions that led to the root: what repetition rules need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathEntry<M> {
    /// The state's [`SearchGame::key`].
    pub key: u64,
    /// Whether the side to move was in check there (the move that led there gave check).
    pub in_check: bool,
    /// Whether the move that led there was irreversible (nothing before can repeat).
    pub reset: bool,
    /// The move that led there, where a repetition cycle may need it to tell chases
    /// ([`SearchGame::chased_by`]); `None` at the start, after a null move or a chance
    /// outcome (both irreversible here).
    pub mv: Option<M>,
}

/// What a search is asked to do.
pub struct Request<'a, G: SearchGame> {
    /// The state to find a move for.
    pub root: &'a G,
    /// The states of the game so far, oldest first, ending with the root (may be empty: the
    /// root alone).
    pub history: &'a [PathEntry<G::Move>],
    /// Search only these moves at the root (moves the game's history forbids, or loses by,
    /// left out). `None`: every legal move.
    pub root_moves: Option<&'a [G::Move]>,
    /// The limits.
    pub limits: Limits,
    /// Set from another thread to stop the search; it then returns its best move so far.
    pub stop: Option<Arc<AtomicBool>>,
}

impl<'a, G: SearchGame> Request<'a, G> {
    /// A request for `root` alone, with no history, under `limits`.
    pub fn new(root: &'a G, limits: Limits) -> Self {
        Request { root, history: &[], root_moves: None, limits, stop: None }
    }
}

/// Progress after each finished iteration (for UCI `info` lines).
#[derive(Clone, Debug)]
pub struct Progress<'a, M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score of the best move (side to move's view).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The expected line of play.
    pub pv: &'a [M],
}

/// The answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The best move found; `None` only when the root has no legal move.
    pub best: Option<M>,
    /// Its score, from the side to move's point of view.
    pub score: i32,
    /// The depth of the last finished iteration (0 if none finished).
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The expected line of play, starting with `best`.
    pub pv: Vec<M>,
}

/// Buffers of one ply, reused from search to search so that the search does not allocate.
struct Frame<G: SearchGame> {
    moves: Vec<G::Move>,
    scores: Vec<i32>,
    outcomes: Vec<(G, u32)>,
    quiets: Vec<usize>,
}

impl<G: SearchGame> Frame<G> {
    fn new() -> Self {
        Frame { moves: Vec::new(), scores: Vec::new(), outcomes: Vec::new(), quiets: Vec::new() }
    }
}

/// A root move with what the iterations learned about it.
struct RootMove<G: SearchGame> {
    mv: G::Move,
    key: u32,
    /// The state after it (`None` for a chance move).
    child: Option<G>,
    child_check: bool,
    irreversible: bool,
}

/// Depth from which a table move is tested for being the only good move (singular
/// extension).
const SINGULAR_DEPTH: i32 = 6;

/// What a search without a node's table move says of that move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Singular {
    /// Every other move fails low under the margin: the table move is searched a ply deeper.
    Extend,
    /// Another move reaches the margin, which is at or above beta: the node fails high with
    /// this score without searching the table move.
    Cut(i32),
    /// Another move comes near the table move but not to beta: the node is searched as usual.
    Neither,
}

/// Margin per remaining ply below which a quiet move at the frontier is not searched.
const FUTILITY_MARGIN: i32 = 140;
/// Quiet moves searched at depth 1, 2, 3 before the rest are skipped (late-move pruning).
const LATE_MOVES: [usize; 4] = [0, 8, 14, 22];
/// Captures that cannot lift the score to within this margin of alpha are skipped.
const DELTA_MARGIN: i32 = 200;
/// History scores stay inside this range.
const HISTORY_MAX: i32 = 1 << 16;
/// History worth a ply less (or more) of late-move reduction.
const HISTORY_PER_PLY: i32 = HISTORY_MAX / 8;

/// A searcher: the transposition table and the ordering tables, kept between searches.
pub struct Searcher<G: SearchGame> {
    tt: Table,
    history: Vec<i32>,
    killers: Vec<[u32; 2]>,
    frames: Vec<Frame<G>>,
    pv: Vec<Vec<G::Move>>,
    path: Vec<PathEntry<G::Move>>,
    /// The root's index in `path`: entries before it are the game's history.
    root_at: usize,
    repetition: Repetition,
    reductions: [[u8; 64]; 64],
    settings: Settings,
    // Per-search state.
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    start: Instant,
    aborted: bool,
    /// Whether a reply was overlooked below the root in the current root iteration: the
    /// root's score then rests on blind spots.
    overlooked: bool,
    seldepth: usize,
    stop: Option<Arc<AtomicBool>>,
    /// The side to move at the root (the side the contempt works for).
    root_side: Color,
    /// Per ply, the key of a move left out of the search (0 for none): set while a node
    /// asks whether its table move is the only good one (singular extension).
    excluded: Vec<u32>,
}

impl<G: SearchGame> Searcher<G> {
    /// A searcher with a transposition table of about `hash_bytes` bytes.
    pub fn new(hash_bytes: usize) -> Self {
        let mut reductions = [[0u8; 64]; 64];
        for (d, row) in reductions.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                // Later moves at greater depth are less likely to matter: reduce them more.
                *r = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.25) as u8;
            }
        }
        Searcher {
            tt: Table::new(hash_bytes),
            history: vec![0; 2 * G::HISTORY_SIZE],
            killers: vec![[0; 2]; MAX_PLY + 2],
            frames: (0..MAX_PLY + 2).map(|_| Frame::new()).collect(),
            pv: (0..MAX_PLY + 2).map(|_| Vec::new()).collect(),
            path: Vec::with_capacity(512),
            root_at: 0,
            repetition: Repetition::AtOnce,
            reductions,
            settings: Settings::default(),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            start: Instant::now(),
            aborted: false,
            overlooked: false,
            seldepth: 0,
            stop: None,
            root_side: Color::White,
            excluded: vec![0; MAX_PLY + 2],
        }
    }

    /// Sets the human weaknesses (none by default).
    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
    }

    /// The current settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Counts repetitions by `rule` from the next search on.
    pub fn set_repetition(&mut self, rule: Repetition) {
        if rule != self.repetition {
            // Stored scores came from lines cut by the other rule.
            self.tt.clear();
            self.repetition = rule;
        }
    }

    /// Forgets everything learned (a new game), so that the next search depends only on its
    /// request.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.fill(0);
        for k in &mut self.killers {
            *k = [0; 2];
        }
    }

    /// Searches and returns the best move, calling `on_iteration` after every finished
    /// iteration.
    pub fn search(
        &mut self,
        req: &Request<'_, G>,
        mut on_iteration: impl FnMut(&Progress<'_, G::Move>),
    ) -> SearchResult<G::Move> {
        self.start = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.seldepth = 0;
        self.node_limit = req.limits.nodes.unwrap_or(u64::MAX).max(1);
        self.deadline = req.limits.time.map(|t| self.start + t);
        self.stop = req.stop.clone();
        self.tt.new_search();
        for k in &mut self.killers {
            *k = [0; 2];
        }
        for h in &mut self.history {
            // Keep what the last search learned, but let this one outweigh it.
            *h /= 4;
        }
        let root = req.root;
        // Draw scores in the table count the contempt for the last search's side: searching
        // for the other side, they would read the wrong way round.
        if self.settings.contempt != 0 && root.side() != self.root_side {
            self.tt.clear();
        }
        self.root_side = root.side();
        self.path.clear();
        self.path.extend_from_slice(req.history);
        if self.path.last().is_none_or(|e| e.key != root.key()) {
            self.path.push(PathEntry {
                key: root.key(),
                in_check: root.in_check(),
                reset: true,
                mv: None,
            });
        }
        self.root_at = self.path.len() - 1;
        let root_in_check = root.in_check();

        let mut legal = Vec::new();
        root.moves(&mut legal);
        if let Some(allowed) = req.root_moves {
            let filtered: Vec<G::Move> =
                legal.iter().filter(|m| allowed.contains(m)).cloned().collect();
            if !filtered.is_empty() {
                legal = filtered;
            }
        }
        let mut result = SearchResult {
            best: legal.first().cloned(),
            score: 0,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: legal.first().cloned().into_iter().collect(),
        };
        if legal.is_empty() {
            result.score = self.outcome_score(root.no_moves_outcome(), root, 0);
            return result;
        }
        // Order the root moves once by a shallow look (captures first, then history);
        // afterwards each iteration's best move moves to the front.
        let mut scores = Vec::new();
        self.score_moves(root, &legal, &mut scores, 0, 0);
        // A move that ends the game at once in the mover's favour goes first of all, so that
        // even a search cut short in its first iteration finds it.
        let me = root.side();
        for (i, m) in legal.iter().enumerate() {
            if !(G::HAS_CHANCE && root.is_chance(m))
                && root.play(m).terminal().and_then(|o| o.winner()) == Some(me)
            {
                scores[i] = i32::MAX;
            }
        }
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(scores[i]));
        let mut root_moves: Vec<RootMove<G>> = order
            .into_iter()
            .map(|i| {
                let mv = legal[i].clone();
                let chance = G::HAS_CHANCE && root.is_chance(&mv);
                let child = (!chance).then(|| root.play(&mv));
                let child_check = child.as_ref().is_some_and(|c| c.in_check());
                RootMove {
                    key: root.move_key(&mv),
                    irreversible: root.is_irreversible(&mv),
                    child,
                    child_check,
                    mv,
                }
            })
            .collect();

        let max_depth = req.limits.depth.unwrap_or(MAX_PLY as u32 - 1).clamp(1, MAX_PLY as u32 - 1);
        let mut prev = 0;
        for depth in 1..=max_depth {
            let d = depth as i32;
            let mut window = 30;
            let (mut alpha, mut beta) = if depth >= 4 && !is_mate(prev) {
                (prev - window, prev + window)
            } else {
                (-INFINITE, INFINITE)
            };
            let (score, finished_best) = loop {
                let (score, best_index) =
                    self.root_search(root, &mut root_moves, d, alpha, beta, root_in_check, req);
                if self.aborted {
                    break (score, best_index);
                }
                if score <= alpha && alpha > -INFINITE {
                    alpha = (alpha - window).max(-INFINITE);
                    window *= 2;
                } else if score >= beta && beta < INFINITE {
                    beta = (beta + window).min(INFINITE);
                    window *= 2;
                } else {
                    break (score, best_index);
                }
                if window > 1000 {
                    alpha = -INFINITE;
                    beta = INFINITE;
                }
            };
            if self.aborted {
                // A move that proved better than the last iteration's best within this
                // unfinished iteration is kept; otherwise the last finished answer stands.
                if let Some(i) = finished_best
                    && (depth == 1 || score > prev)
                {
                    let rm = root_moves.remove(i);
                    result.best = Some(rm.mv.clone());
                    result.score = score;
                    result.pv = vec![rm.mv.clone()];
                    root_moves.insert(0, rm);
                }
                if result.depth == 0 {
                    // Not even the first iteration finished: take the best-ordered move.
                    result.best = Some(root_moves[0].mv.clone());
                    result.pv = vec![root_moves[0].mv.clone()];
                }
                break;
            }
            if let Some(i) = finished_best {
                let rm = root_moves.remove(i);
                root_moves.insert(0, rm);
            }
            prev = score;
            result.best = Some(root_moves[0].mv.clone());
            result.score = score;
            result.depth = depth;
            result.pv = self.pv[0].clone();
            if result.pv.first() != result.best.as_ref() {
                result.pv = vec![root_moves[0].mv.clone()];
            }
            on_iteration(&Progress {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv: &result.pv,
            });
            if root_moves.len() == 1 && req.limits.depth.is_none() && depth >= 4 {
                // A forced move needs no deeper look when the caller only limits effort.
                break;
            }
            if score >= MATE_BOUND && crate::score::MATE - score <= d {
                // The shortest mate within this depth is found.
                break;
            }
            if let Some(soft) = req.limits.soft_time
                && self.start.elapsed() >= soft / 2
            {
                break;
            }
        }
        result.nodes = self.nodes;
        result.seldepth = self.seldepth as u32;
        result.elapsed = self.start.elapsed();
        result
    }

    /// One iteration over the root moves. Returns the score and the index of the best move
    /// if some move raised alpha.
    #[allow(clippy::too_many_arguments)]
    fn root_search(
        &mut self,
        root: &G,
        root_moves: &mut [RootMove<G>],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        in_check: bool,
        _req: &Request<'_, G>,
    ) -> (i32, Option<usize>) {
        let depth = if in_check && G::HAS_CHECK { depth + 1 } else { depth };
        self.pv[0].clear();
        self.overlooked = false;
        let mut best = -INFINITE;
        let mut best_index = None;
        for (i, rm) in root_moves.iter().enumerate() {
            let (mv, child, child_check, irreversible) =
                (rm.mv.clone(), rm.child.clone(), rm.child_check, rm.irreversible);
            let new_depth = depth - 1;
            let v = if i == 0 {
                self.child_value(
                    root,
                    &mv,
                    child.as_ref(),
                    child_check,
                    irreversible,
                    new_depth,
                    alpha,
                    beta,
                    0,
                    true,
                )
            } else {
                let mut v = self.child_value(
                    root,
                    &mv,
                    child.as_ref(),
                    child_check,
                    irreversible,
                    new_depth,
                    alpha,
                    alpha + 1,
                    0,
                    false,
                );
                if v > alpha && v < beta && !self.aborted {
                    v = self.child_value(
                        root,
                        &mv,
                        child.as_ref(),
                        child_check,
                        irreversible,
                        new_depth,
                        alpha,
                        beta,
                        0,
                        true,
                    );
                }
                v
            };
            if self.aborted {
                return (best, best_index);
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    best_index = Some(i);
                    let (head, tail) = self.pv.split_at_mut(1);
                    head[0].clear();
                    head[0].push(mv.clone());
                    head[0].extend_from_slice(&tail[0]);
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        if !self.overlooked {
            // A root score that rests on overlooked replies is what this bot believes, not
            // what the position is worth; the root's entry is not needed by the next
            // iteration (root moves keep their own order), so it is simply not stored.
            self.tt.store(
                root.key(),
                0,
                best_index.map_or(0, |i| root_moves[i].key),
                best,
                depth,
                if best >= beta {
                    Bound::Lower
                } else if best_index.is_some() {
                    Bound::Exact
                } else {
                    Bound::Upper
                },
            );
        }
        (best, best_index)
    }

    /// The value of playing `m` from `pos`, from `pos`'s side to move's point of view, by a
    /// search of `depth` plies below it with the window `alpha..beta`.
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        pos: &G,
        m: &G::Move,
        child: Option<&G>,
        child_check: bool,
        irreversible: bool,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        match child {
            Some(c) => {
                self.path.push(PathEntry {
                    key: c.key(),
                    in_check: child_check,
                    reset: irreversible,
                    mv: Some(m.clone()),
                });
                let v = -self.negamax(c, depth, -beta, -alpha, ply + 1, child_check, pv_node, true);
                self.path.pop();
                v
            }
            // A chance move counts as two plies: it multiplies the tree by the number of
            // outcomes, and its value is an average that deeper search sharpens less.
            None => self.chance_value(pos, m, depth - 1, alpha, beta, ply),
        }
    }

    /// Expectimax over the outcomes of a chance move, with Ballard's Star1 bounds: each
    /// outcome is searched with the narrowest window that can still change the answer, and
    /// the search stops as soon as the weighted average is known to fall outside
    /// `alpha..beta`. Outcome values are kept inside the evaluation range so that the bounds
    /// are finite. A negative `depth` (from quiescence) evaluates each outcome statically.
    fn chance_value(
        &mut self,
        pos: &G,
        m: &G::Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut outs = std::mem::take(&mut self.frames[ply].outcomes);
        outs.clear();
        pos.outcomes(m, &mut outs);
        let (lo, hi) = (-i64::from(EVAL_LIMIT), i64::from(EVAL_LIMIT));
        let total: i64 = outs.iter().map(|(_, w)| i64::from(*w)).sum::<i64>().max(1);
        let mut sum = 0i64;
        let mut rest = total;
        let mut answer = None;
        for (child, w) in &outs {
            let w = i64::from(*w).max(1);
            rest -= w;
            let a = (i64::from(alpha) * total - sum - hi * rest).div_euclid(w);
            let b = -((-(i64::from(beta) * total - sum - lo * rest)).div_euclid(w));
            let a = a.max(lo - 1) as i32;
            let b = b.min(hi + 1) as i32;
            let check = G::HAS_CHECK && child.in_check();
            self.path.push(PathEntry { key: child.key(), in_check: check, reset: true, mv: None });
            let v = if depth >= 0 {
                -self.negamax(child, depth, -b, -a, ply + 1, check, false, true)
            } else if check {
                // An outcome that gives check is searched as quiescence searches every
                // position in check (every evasion, no standing pat): an evaluation cannot
                // tell a mate from a harmless check.
                -self.qsearch(child, -b, -a, ply + 1, true)
            } else {
                // Otherwise, inside quiescence each outcome is judged statically: captures
                // that reveal pieces are everywhere in hidden-piece games, and expanding
                // every identity of every one of them would never end. It is a node like
                // any other, under the same limits.
                self.static_outcome(child, ply + 1)
            };
            self.path.pop();
            if self.aborted {
                answer = Some(0);
                break;
            }
            let v = i64::from(v.clamp(-EVAL_LIMIT, EVAL_LIMIT));
            if v <= i64::from(a) {
                answer = Some(((sum + w * v + hi * rest) / total) as i32);
                break;
            }
            if v >= i64::from(b) {
                answer = Some(((sum + w * v + lo * rest) / total) as i32);
                break;
            }
            sum += w * v;
        }
        self.frames[ply].outcomes = outs;
        answer.unwrap_or((sum / total) as i32)
    }

    /// The value of a chance move's outcome judged without a search, for the side that
    /// made the move: a node counted under the search's limits, the game's end where it
    /// ends, the evaluation otherwise. 0 if the search must stop.
    fn static_outcome(&mut self, child: &G, ply: usize) -> i32 {
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        match child.terminal() {
            Some(o) => -self.outcome_score(o, child, ply),
            None => -self.eval(child),
        }
    }

    /// [`Searcher::chance_value`] with the full window, at the root, for other modules'
    /// tests.
    #[cfg(test)]
    pub(crate) fn chance_value_for_test(&mut self, pos: &G, m: &G::Move, depth: i32) -> i32 {
        self.chance_value(pos, m, depth, -INFINITE, INFINITE, 0)
    }

    /// Whether the move `tt_move`, whose table score is `tt_score`, is the only good move of
    /// `pos` at `depth`: every other move is searched at half the depth with a zero window
    /// just under `tt_score` less 2 a ply. The caller checks `aborted` after it.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        pos: &G,
        tt_move: u32,
        tt_score: i32,
        depth: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> Singular {
        let singular_beta = tt_score - 2 * depth;
        self.excluded[ply] = tt_move;
        let v = self.negamax(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            in_check,
            false,
            false,
        );
        self.excluded[ply] = 0;
        if v < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            // Another move beats beta too even without the table move: the node fails high
            // whichever is searched.
            Singular::Cut(singular_beta)
        } else {
            Singular::Neither
        }
    }

    /// The alpha-beta search proper (negamax form).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        pv_node: bool,
        allow_null: bool,
    ) -> i32 {
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.qsearch(pos, alpha, beta, ply, in_check);
        }
        self.pv[ply].clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(v) = self.repetition(pos, ply) {
            return v;
        }
        if let Some(o) = pos.terminal() {
            return self.outcome_score(o, pos, ply);
        }
        // Mate-distance pruning: no line from here can beat a mate already found nearer the
        // root.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        if in_check && G::HAS_CHECK {
            depth += 1;
        }
        let key = pos.key();
        let excluded = self.excluded[ply];
        let mut tt_move = 0;
        let mut singular_candidate = None;
        if let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.mv;
            if G::SINGULAR_EXTENSION
                && depth >= SINGULAR_DEPTH
                && excluded == 0
                && hit.mv != 0
                && hit.bound != Bound::Upper
                && hit.depth >= depth - 3
                && !is_mate(hit.score)
            {
                singular_candidate = Some(hit.score);
            }
            // A search without one of the moves must not take the full node's result.
            if !pv_node && excluded == 0 && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        let static_eval = if in_check { -INFINITE } else { self.eval(pos) };
        // Internal iterative reduction: without a stored best move the ordering here is a
        // guess, and a shallower search costs less than a full one in the dark (+48 +/- 33
        // Elo in Xiangqi at 30k nodes, CALIBRATION.md).
        if G::INTERNAL_REDUCTION && tt_move == 0 && depth >= 4 && !in_check {
            depth -= 1;
        }

        if !pv_node && !in_check && excluded == 0 {
            // Reverse futility: far above beta with little depth left, a quiet position
            // will not fall below it.
            if depth <= 3 && static_eval - 120 * depth >= beta && !is_mate(beta) {
                return static_eval;
            }
            // Null move: if passing still keeps the score above beta, a real move will too.
            if allow_null
                && depth >= 3
                && static_eval >= beta
                && !is_mate(beta)
                && let Some(null) = pos.null_move()
            {
                let r = 3 + depth / 6;
                self.path.push(PathEntry {
                    key: null.key(),
                    in_check: false,
                    reset: true,
                    mv: None,
                });
                let v = -self.negamax(
                    &null,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    false,
                    false,
                );
                self.path.pop();
                if self.aborted {
                    return 0;
                }
                if v >= beta {
                    return if is_mate(v) { beta } else { v };
                }
            }
        }

        // Singular extension: when the table move is much better than every other move here
        // (a search without it, at half depth, fails low below its score by a margin), the
        // line rests on that one move and it is searched a ply deeper.
        let mut singular = false;
        if let Some(tt_score) = singular_candidate {
            let verdict = self.singular(pos, tt_move, tt_score, depth, beta, ply, in_check);
            if self.aborted {
                return 0;
            }
            match verdict {
                Singular::Extend => singular = true,
                Singular::Cut(v) => return v,
                Singular::Neither => {}
            }
        }

        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        let mut scores = std::mem::take(&mut self.frames[ply].scores);
        let mut quiets = std::mem::take(&mut self.frames[ply].quiets);
        moves.clear();
        quiets.clear();
        if in_check && G::HAS_CHECK {
            pos.evasions(&mut moves);
        } else {
            pos.moves(&mut moves);
        }
        if moves.is_empty() {
            self.frames[ply].moves = moves;
            self.frames[ply].scores = scores;
            self.frames[ply].quiets = quiets;
            return self.outcome_score(pos.no_moves_outcome(), pos, ply);
        }
        self.score_moves(pos, &moves, &mut scores, tt_move, ply);

        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_key = 0;
        let mut searched = 0usize;
        let blind = self.settings.blind_per_mille > 0 && ply == 1;
        let mut overlooked = false;
        let n = moves.len();
        for i in 0..n {
            pick_best(&mut moves, &mut scores, i);
            let m = moves[i].clone();
            let mkey = pos.move_key(&m);
            if mkey == excluded {
                continue;
            }
            if blind && !(i == n - 1 && searched == 0) && self.overlooks(key, mkey) {
                overlooked = true;
                continue;
            }
            let capture = pos.capture_order(&m).is_some();
            let chance = G::HAS_CHANCE && pos.is_chance(&m);
            let child = (!chance).then(|| pos.play(&m));
            let gives_check = G::HAS_CHECK && child.as_ref().is_some_and(|c| c.in_check());
            let killer = self.killers[ply].contains(&mkey);
            let quiet = !capture && !gives_check && !chance;
            if !pv_node && !in_check && quiet && searched > 0 && best > -MATE_BOUND {
                if depth <= 2 && static_eval + FUTILITY_MARGIN * depth <= alpha {
                    continue;
                }
                if depth <= 3 && !killer && searched >= LATE_MOVES[depth as usize] {
                    continue;
                }
            }
            let irreversible = pos.is_irreversible(&m);
            let new_depth = depth - 1 + i32::from(singular && mkey == tt_move);
            let v = if searched == 0 {
                self.child_value(
                    pos,
                    &m,
                    child.as_ref(),
                    gives_check,
                    irreversible,
                    new_depth,
                    alpha,
                    beta,
                    ply,
                    pv_node,
                )
            } else {
                let mut r = 0;
                if depth >= 3 && quiet && !in_check && searched >= 2 {
                    r = i32::from(self.reductions[depth.min(63) as usize][searched.min(63)]);
                    r -= i32::from(pv_node) + i32::from(killer);
                    // A move that has often refuted moves elsewhere is looked at more
                    // closely, one that has often failed less so: up to two plies either way.
                    let h =
                        self.history[pos.side().index() * G::HISTORY_SIZE + pos.history_index(&m)];
                    r -= (h / HISTORY_PER_PLY).clamp(-2, 2);
                    r = r.clamp(0, new_depth - 1);
                }
                let mut v = self.child_value(
                    pos,
                    &m,
                    child.as_ref(),
                    gives_check,
                    irreversible,
                    new_depth - r,
                    alpha,
                    alpha + 1,
                    ply,
                    false,
                );
                if v > alpha && r > 0 && !self.aborted {
                    v = self.child_value(
                        pos,
                        &m,
                        child.as_ref(),
                        gives_check,
                        irreversible,
                        new_depth,
                        alpha,
                        alpha + 1,
                        ply,
                        false,
                    );
                }
                if v > alpha && v < beta && pv_node && !self.aborted {
                    v = self.child_value(
                        pos,
                        &m,
                        child.as_ref(),
                        gives_check,
                        irreversible,
                        new_depth,
                        alpha,
                        beta,
                        ply,
                        true,
                    );
                }
                v
            };
            if self.aborted {
                break;
            }
            searched += 1;
            if v > best {
                best = v;
                best_key = mkey;
                if v > alpha {
                    alpha = v;
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(m.clone());
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if v >= beta {
                        if quiet {
                            self.reward_quiet(pos, &m, mkey, &quiets, depth, ply);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(pos.history_index(&m));
            }
        }
        self.frames[ply].moves = moves;
        self.frames[ply].scores = scores;
        self.frames[ply].quiets = quiets;
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            if excluded != 0 {
                // The table move was the only one: nothing else reaches any bound.
                return alpha;
            }
            // Every move was pruned: the position is judged by its evaluation.
            return static_eval.max(alpha);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if excluded == 0
            && let Some(bound) = self.bound_to_store(bound, overlooked)
        {
            self.tt.store(
                key,
                ply,
                if bound == Bound::Upper { 0 } else { best_key },
                best,
                depth,
                bound,
            );
        }
        best
    }

    /// Quiescence: only captures (every evasion when in check), until the position is quiet,
    /// so that the evaluation never judges a position in the middle of an exchange.
    fn qsearch(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize, in_check: bool) -> i32 {
        self.pv[ply].clear();
        if self.count_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if in_check && let Some(v) = self.repetition(pos, ply) {
            return v;
        }
        if let Some(o) = pos.terminal() {
            return self.outcome_score(o, pos, ply);
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(pos);
        }
        let in_check = in_check && G::HAS_CHECK;
        let key = pos.key();
        let mut tt_move = 0;
        if let Some(hit) = self.tt.probe(key, ply) {
            tt_move = hit.mv;
            let cut = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.score >= beta,
                Bound::Upper => hit.score <= alpha,
            };
            if cut {
                return hit.score;
            }
        }
        let stand = if in_check { -INFINITE } else { self.eval(pos) };
        if stand >= beta {
            return stand;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);

        let mut moves = std::mem::take(&mut self.frames[ply].moves);
        let mut scores = std::mem::take(&mut self.frames[ply].scores);
        moves.clear();
        if in_check {
            pos.evasions(&mut moves);
            if moves.is_empty() {
                self.frames[ply].moves = moves;
                self.frames[ply].scores = scores;
                return self.outcome_score(pos.no_moves_outcome(), pos, ply);
            }
        } else {
            // Only captures matter here; a side without any legal move at all is left to
            // the full-width search (it is rare, and the next iteration sees it).
            pos.captures(&mut moves);
        }
        self.score_moves(pos, &moves, &mut scores, tt_move, ply);
        let mut best = stand;
        let mut best_key = 0;
        let blind = self.settings.blind_per_mille > 0 && ply == 1;
        let mut overlooked = false;
        for i in 0..moves.len() {
            pick_best(&mut moves, &mut scores, i);
            let m = moves[i].clone();
            let capture = pos.capture_order(&m).is_some();
            if !in_check {
                if !capture {
                    // Captures come first in the ordering, so the rest are quiet.
                    break;
                }
                if stand + pos.capture_gain(&m) + DELTA_MARGIN <= alpha || pos.is_bad_capture(&m) {
                    continue;
                }
            }
            let mkey = pos.move_key(&m);
            if blind && best > -INFINITE && self.overlooks(key, mkey) {
                overlooked = true;
                continue;
            }
            let chance = G::HAS_CHANCE && pos.is_chance(&m);
            let v = if chance {
                self.chance_value(pos, &m, -1, alpha, beta, ply)
            } else {
                let child = pos.play(&m);
                let check = G::HAS_CHECK && child.in_check();
                self.path.push(PathEntry {
                    key: child.key(),
                    in_check: check,
                    reset: pos.is_irreversible(&m),
                    mv: Some(m.clone()),
                });
                let v = -self.qsearch(&child, -beta, -alpha, ply + 1, check);
                self.path.pop();
                v
            };
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_key = mkey;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.frames[ply].moves = moves;
        self.frames[ply].scores = scores;
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if let Some(bound) = self.bound_to_store(bound, overlooked) {
            self.tt.store(key, ply, best_key, best, 0, bound);
        }
        best
    }

    /// What a node's result may be stored as, given whether the node overlooked some of its
    /// moves (a blind spot at ply 1). Leaving moves out can only lower the best score, so
    /// one that overlooked moves is still a true lower bound when a searched move reached
    /// it (exact or failing high), but nothing when every searched move failed low: the
    /// overlooked ones might have done better. Stored as more, it would be taken as the
    /// truth where the state comes again deeper in the tree, or in the next iteration.
    fn bound_to_store(&mut self, bound: Bound, overlooked: bool) -> Option<Bound> {
        if !overlooked {
            return Some(bound);
        }
        self.overlooked = true;
        match bound {
            Bound::Exact | Bound::Lower => Some(Bound::Lower),
            Bound::Upper => None,
        }
    }

    /// Counts a node and tells whether the search must stop now.
    #[inline]
    fn count_node(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes & 255 == 0 {
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
            if self.stop_flag_set() {
                self.aborted = true;
            }
        }
        self.aborted
    }

    fn stop_flag_set(&self) -> bool {
        self.stop.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The evaluation with this bot's misjudgement added.
    #[inline]
    fn eval(&self, pos: &G) -> i32 {
        let mut e = pos.evaluate();
        let noise = self.settings.eval_noise;
        if noise > 0 {
            let h = mix64(pos.key() ^ self.settings.seed);
            e += (h % (2 * noise as u64 + 1)) as i32 - noise;
        }
        e.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// Whether this bot overlooks the reply `mkey` in the state `key`.
    #[inline]
    fn overlooks(&self, key: u64, mkey: u32) -> bool {
        let h = mix64(
            key ^ u64::from(mkey).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ self.settings.seed.rotate_left(17),
        );
        (h % 1000) < u64::from(self.settings.blind_per_mille)
    }

    /// The score of a finished game for the side to move at `pos`, `ply` plies from the root.
    fn outcome_score(&self, o: Outcome, pos: &G, ply: usize) -> i32 {
        match o.winner() {
            Some(w) if w == pos.side() => win_in(ply),
            Some(_) => loss_in(ply),
            None => self.draw_score(pos.side()),
        }
    }

    /// What a draw is worth to `side` (see [`Settings::contempt`]).
    fn draw_score(&self, side: Color) -> i32 {
        if side == self.root_side { -self.settings.contempt } else { self.settings.contempt }
    }

    /// The verdict of a repetition ending at the current node, if the node repeats an
    /// earlier state (a draw, or under the Asian rules a loss for a side that checked with
    /// every move of the cycle, else for a side that chased with every move), counted by the
    /// searcher's [`Repetition`].
    fn repetition(&self, pos: &G, ply: usize) -> Option<i32> {
        let path = &self.path;
        let last = path.len().checked_sub(1)?;
        let key = path[last].key;
        let mut j = last;
        let mut seen_before_root = false;
        while j >= 2 {
            if path[j].reset || path[j - 1].reset {
                return None;
            }
            j -= 2;
            if path[j].key == key {
                if self.repetition == Repetition::ThirdTimeFromRoot
                    && j <= self.root_at
                    && !seen_before_root
                {
                    seen_before_root = true;
                    continue;
                }
                let draw = self.draw_score(pos.side());
                if !pos.perpetual_check_loses() {
                    return Some(draw);
                }
                // Our moves led to the odd entries after j, the opponent's to the even ones.
                let we_checked = (j + 1..last).step_by(2).all(|k| path[k].in_check);
                let they_checked = (j + 2..=last).step_by(2).all(|k| path[k].in_check);
                let (we_lose, they_lose) = if we_checked || they_checked {
                    (we_checked, they_checked)
                } else {
                    self.chases(pos, j)
                };
                return Some(match (we_lose, they_lose) {
                    (true, false) => loss_in(ply),
                    (false, true) => win_in(ply),
                    _ => draw,
                });
            }
        }
        None
    }

    /// Whether we (the side to move at the current node) and they chased with every move of
    /// the cycle from path entry `j` to the current node, whose state `pos` equals entry
    /// `j`'s: the cycle's states are replayed from it. A piece counts as chased throughout
    /// when every move of the chaser attacked it anew, followed as it moves.
    fn chases(&self, pos: &G, j: usize) -> (bool, bool) {
        let cycle = &self.path[j + 1..];
        let Some(moves) = cycle.iter().map(|e| e.mv.as_ref()).collect::<Option<Vec<_>>>() else {
            return (false, false);
        };
        let mut before = pos.clone();
        let mut chased = Vec::with_capacity(moves.len());
        for m in &moves {
            let after = before.play(m);
            chased.push(after.chased_by(&before, m));
            before = after;
        }
        // chased[i] is what the move into entry j+1+i chased; the last move was theirs.
        let n = chased.len();
        let throughout = |mover_last: usize| {
            let mut pieces = chased[mover_last];
            let mut i = mover_last;
            while i >= 2 {
                // Back over the victim's own move before it, then the chaser's move before.
                pieces = G::points_before(pieces, moves[i - 1]) & chased[i - 2];
                i -= 2;
            }
            pieces != 0
        };
        (n >= 2 && throughout(n - 2), n >= 1 && throughout(n - 1))
    }

    /// Ordering scores: hash move, then captures by value, then killers, then history.
    fn score_moves(
        &self,
        pos: &G,
        moves: &[G::Move],
        scores: &mut Vec<i32>,
        tt_move: u32,
        ply: usize,
    ) {
        scores.clear();
        let side = pos.side().index() * G::HISTORY_SIZE;
        let killers = self.killers[ply.min(MAX_PLY)];
        for m in moves {
            let key = pos.move_key(m);
            let s = if key == tt_move && tt_move != 0 {
                1 << 30
            } else if let Some(c) = pos.capture_order(m) {
                if pos.is_bad_capture(m) { (1 << 26) + c } else { (1 << 28) + c }
            } else if key == killers[0] {
                (1 << 27) + 1
            } else if key == killers[1] {
                1 << 27
            } else {
                self.history[side + pos.history_index(m)]
            };
            scores.push(s);
        }
    }

    /// A quiet move refuted the opponent's last move: remember it as a killer and raise its
    /// history; lower the history of the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &G,
        m: &G::Move,
        mkey: u32,
        tried: &[usize],
        depth: i32,
        ply: usize,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != mkey {
            k[1] = k[0];
            k[0] = mkey;
        }
        let side = pos.side().index() * G::HISTORY_SIZE;
        let bonus = (depth * depth).min(400);
        let update = |h: &mut i32, b: i32| {
            // Saturating update: values move towards the bound by a share of the distance.
            *h += b - *h * b.abs() / HISTORY_MAX;
        };
        update(&mut self.history[side + pos.history_index(m)], bonus * 32);
        for &i in tried {
            update(&mut self.history[side + i], -bonus * 32);
        }
    }
}

/// Moves the best-scored move of `moves[i..]` to `i` (selection sort step: most nodes cut off
/// after the first few moves, so a full sort would be wasted).
#[inline]
fn pick_best<M>(moves: &mut [M], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    use rodina_rules::{Position, Truth, Xiangqi};

    use super::*;
    use crate::score::{MATE, mate_in_moves};

    fn pos(fen: &str) -> Xiangqi {
        Xiangqi::from_fen(fen).expect("valid FEN")
    }

    fn search(p: &Xiangqi, limits: Limits) -> SearchResult<rodina_rules::xiangqi::Move> {
        Searcher::<Xiangqi>::new(1 << 20).search(&Request::new(p, limits), |_| {})
    }

    /// Whether the side to move forces a win (mate or no legal move) within `n` of its moves,
    /// by plain minimax: the reference the search is checked against.
    fn forces_win(p: &Xiangqi, n: u32) -> bool {
        p.legal_moves().iter().any(|m| {
            let mut q = p.clone();
            q.play_unchecked(m);
            let replies = q.legal_moves();
            replies.is_empty()
                || (n > 1
                    && replies.iter().all(|r| {
                        let mut z = q.clone();
                        z.play_unchecked(r);
                        forces_win(&z, n - 1)
                    }))
        })
    }

    #[test]
    fn finds_mate_in_one() {
        // Black's general on d10 has no move but to d9 or e10 (facing Red's general); the
        // chariot on a1 checks along the back rank: a1a10 mates.
        let p = pos("3k5/1R7/9/9/9/4p4/9/9/9/R3K4 w - - 0 1");
        assert!(!forces_win(&p.null_move().expect("no check"), 1));
        let r = search(&p, Limits::depth(3));
        assert_eq!(r.best.map(|m| m.to_string()), Some("a1a10".to_owned()));
        assert_eq!(r.score, MATE - 1);
        assert_eq!(mate_in_moves(r.score), Some(1));
    }

    #[test]
    fn finds_mates_in_two() {
        for fen in [
            "3k5/9/8C/9/9/1R7/9/9/1N7/5K3 w - - 0 1",
            "4k4/9/9/6N2/1C7/9/9/9/R8/3K5 w - - 0 1",
            "2R3R2/3k5/4N4/9/9/9/9/9/9/4K4 w - - 0 1",
            "9/3k5/9/4P4/9/8N/9/9/9/4RK3 w - - 0 1",
        ] {
            let p = pos(fen);
            assert!(forces_win(&p, 2) && !forces_win(&p, 1), "{fen} is a mate in two");
            let r = search(&p, Limits::depth(5));
            assert_eq!(r.score, MATE - 3, "{fen}");
            let mut after = p.clone();
            after.play_unchecked(&r.best.expect("a move"));
            // Every reply loses at once.
            assert!(after.legal_moves().iter().all(|reply| {
                let mut q = after.clone();
                q.play_unchecked(reply);
                forces_win(&q, 1)
            }));
        }
    }

    #[test]
    fn respects_node_limits() {
        let p = Xiangqi::new();
        for limit in [1, 10, 1_000, 20_000] {
            let r = search(&p, Limits::nodes(limit));
            assert!(r.nodes <= limit, "{} > {limit}", r.nodes);
            assert!(r.best.is_some());
        }
    }

    #[test]
    fn is_deterministic_for_a_seed_and_node_limit() {
        let p = pos("r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1");
        let run = |seed| {
            let mut s = Searcher::<Xiangqi>::new(1 << 20);
            s.set_settings(Settings { eval_noise: 60, blind_per_mille: 100, seed, contempt: 0 });
            let r = s.search(&Request::new(&p, Limits::nodes(30_000)), |_| {});
            (r.best, r.score, r.nodes, r.depth)
        };
        assert_eq!(run(7), run(7));
        assert_eq!(run(8), run(8));
        let plain = |_: ()| {
            let r = search(&p, Limits::nodes(30_000));
            (r.best, r.score, r.nodes)
        };
        assert_eq!(plain(()), plain(()));
    }

    #[test]
    fn stops_when_the_flag_is_set() {
        let p = Xiangqi::new();
        let flag = Arc::new(AtomicBool::new(false));
        let setter = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let started = Instant::now();
        let mut s = Searcher::<Xiangqi>::new(1 << 20);
        let req = Request { stop: Some(flag), ..Request::new(&p, Limits::default()) };
        let r = s.search(&req, |_| {});
        setter.join().expect("setter thread");
        assert!(r.best.is_some());
        assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    }

    #[test]
    fn keeps_to_its_time_limit() {
        let p = Xiangqi::new();
        let limit = Duration::from_millis(60);
        let r = search(&p, Limits::time(limit));
        assert!(r.best.is_some());
        // A generous slack: the clock is read every 256 nodes, test machines are busy.
        assert!(r.elapsed < limit + Duration::from_millis(40), "{:?}", r.elapsed);
        // A fixed time is spent whole: the opening has no end a search could reach.
        assert!(r.elapsed >= limit, "{:?}", r.elapsed);
    }

    #[test]
    fn under_a_clock_stops_iterating_once_half_its_aim_is_gone() {
        let p = Xiangqi::new();
        let limits = Limits {
            soft_time: Some(Duration::from_millis(20)),
            ..Limits::time(Duration::from_secs(20))
        };
        let r = search(&p, limits);
        assert!(r.best.is_some() && r.depth >= 1);
        // The iteration under way when 10 ms were gone finishes; the cap is far off.
        assert!(r.elapsed < Duration::from_secs(5), "{:?}", r.elapsed);
    }

    #[test]
    fn takes_a_hanging_chariot_and_keeps_its_own() {
        // Red's cannon can take Black's undefended chariot on e7 (screen on e5).
        let p = pos("3ak4/9/9/4r4/9/4P4/9/4C4/9/4K4 w - - 0 1");
        let r = search(&p, Limits::depth(4));
        assert_eq!(r.best.map(|m| m.to_string()), Some("e3e7".to_owned()));
    }

    #[test]
    fn root_moves_restrict_the_choice() {
        let p = pos("3k5/1R7/9/9/9/4p4/9/9/9/R3K4 w - - 0 1");
        let only = [p.parse_move("b9b8").expect("legal")];
        let req = Request { root_moves: Some(&only), ..Request::new(&p, Limits::depth(3)) };
        let r = Searcher::<Xiangqi>::new(1 << 16).search(&req, |_| {});
        assert_eq!(r.best, Some(only[0]));
    }

    /// The value of `p` by a search of `depth` plies without weaknesses: the reference what
    /// a stored result may claim is checked against.
    fn clean_value(p: &Xiangqi, depth: i32) -> i32 {
        let mut s = Searcher::<Xiangqi>::new(1 << 20);
        s.negamax(p, depth, -INFINITE, INFINITE, 1, p.in_check(), true, false)
    }

    /// Whether what the table holds for `p` (searched at `ply`) agrees with its true value
    /// at the stored depth, read as the stored bound says; `margin` allows for the search's
    /// ordinary instability.
    fn stored_result_holds(
        s: &Searcher<Xiangqi>,
        p: &Xiangqi,
        ply: usize,
        margin: i32,
    ) -> Result<(), String> {
        let Some(hit) = s.tt.probe(p.key(), ply) else { return Ok(()) };
        // The stored depth counts the check extension the search adds again.
        let truth = clean_value(p, hit.depth - i32::from(p.in_check()));
        let holds = match hit.bound {
            Bound::Exact => (hit.score - truth).abs() <= margin,
            Bound::Lower => hit.score <= truth + margin,
            Bound::Upper => hit.score >= truth - margin,
        };
        if holds {
            Ok(())
        } else {
            Err(format!("{} stored {hit:?}, true value {truth}", rodina_rules::View::fen(p)))
        }
    }

    #[test]
    fn a_search_without_the_table_move_scores_the_others_and_stores_nothing() {
        // Black to move at ply 1 wins Red's chariot on e3 by taking it; without that move
        // (the question a singular extension asks) Black is a chariot worse off, and the
        // node's result, true only of the move left out, must not reach the table.
        let p = pos("4k4/9/9/4r4/9/9/9/4R4/9/3K5 b - - 0 1");
        let take = p.parse_move("e7e3").expect("legal");
        let mut s = Searcher::<Xiangqi>::new(1 << 20);
        s.root_side = Color::White;
        let full = s.negamax(&p, 4, -INFINITE, INFINITE, 1, false, false, false);
        let stored = s.tt.probe(p.key(), 1).expect("a whole search stores its node");
        assert_eq!(stored.mv, p.move_key(&take), "the capture is the node's best move");

        let mut s = Searcher::<Xiangqi>::new(1 << 20);
        s.root_side = Color::White;
        s.excluded[1] = p.move_key(&take);
        let without = s.negamax(&p, 4, -INFINITE, INFINITE, 1, false, false, false);
        assert!(without < full - 500, "without the capture {without}, with it {full}");
        assert!(s.tt.probe(p.key(), 1).is_none(), "a search without a move stored its node");
    }

    #[test]
    fn only_a_move_far_better_than_the_rest_is_extended() {
        // Black to move at ply 1 wins Red's chariot by taking it on e3, and every other move
        // loses Black's chariot: the capture is the only good move and is extended.
        let forced = pos("4k4/9/9/4r4/9/9/9/4R4/9/3K5 b - - 0 1");
        // A position symmetric about the middle file, where every move has a mirror image
        // as good as itself: none is extended, and with beta under the margin the mirror
        // image refutes the node by itself.
        let quiet = pos("4k4/4a4/r7r/9/9/9/9/R7R/4A4/4K4 b - - 0 1");
        for (p, singular) in [(&forced, true), (&quiet, false)] {
            let mut s = Searcher::<Xiangqi>::new(1 << 20);
            s.root_side = Color::White;
            s.negamax(p, 4, -INFINITE, INFINITE, 1, false, true, false);
            let hit = s.tt.probe(p.key(), 1).expect("a whole search stores its node");
            let depth = 8;
            let verdict = s.singular(p, hit.mv, hit.score, depth, INFINITE, 1, false);
            let expected = if singular { Singular::Extend } else { Singular::Neither };
            assert_eq!(verdict, expected, "{p:?}, table score {}", hit.score);
            let low_beta = hit.score - 100;
            let verdict = s.singular(p, hit.mv, hit.score, depth, low_beta, 1, false);
            let expected =
                if singular { Singular::Extend } else { Singular::Cut(hit.score - 2 * depth) };
            assert_eq!(verdict, expected, "{p:?}, beta {low_beta}");
            assert_eq!(s.excluded[1], 0, "the left-out move is restored");
        }
    }

    #[test]
    fn blind_spots_are_not_stored_as_true_results() {
        // Black to move at ply 1 can take Red's chariot on e3; a bot that overlooks every
        // reply it can (all but the last in the ordering) misses the capture, and Red then
        // takes Black's chariot.
        let p = pos("4k4/9/9/4r4/9/9/9/4R4/9/3K5 b - - 0 1");
        for depth in [0, 1, 2, 3] {
            let mut s = Searcher::<Xiangqi>::new(1 << 20);
            s.set_settings(Settings { blind_per_mille: 1000, ..Settings::default() });
            s.root_side = Color::White;
            let blind = s.negamax(&p, depth, -INFINITE, INFINITE, 1, false, true, false);
            let truth = clean_value(&p, depth);
            assert!(blind < truth - 500, "depth {depth}: the bot misses the capture");
            stored_result_holds(&s, &p, 1, 50).unwrap_or_else(|e| panic!("depth {depth}: {e}"));
        }
    }

    #[test]
    fn a_search_with_blind_spots_leaves_no_false_results_behind() {
        // Whole searches by a bot that sees only one reply to each of its moves, in
        // positions full of captures: what the table then holds for the positions after the
        // root moves (where the replies are overlooked) must be true of them.
        for fen in [
            "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C4N2/9/RNBAKAB1R b - - 0 1",
            "3ak4/9/9/4r4/9/4P4/9/4C4/9/4K4 w - - 0 1",
        ] {
            let p = pos(fen);
            let mut s = Searcher::<Xiangqi>::new(1 << 20);
            s.set_settings(Settings { blind_per_mille: 1000, ..Settings::default() });
            s.search(&Request::new(&p, Limits::depth(4)), |_| {});
            stored_result_holds(&s, &p, 0, 150).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for m in p.legal_moves() {
                let mut child = p.clone();
                child.play_unchecked(&m);
                stored_result_holds(&s, &child, 1, 150)
                    .unwrap_or_else(|e| panic!("{fen}, after {m}: {e}"));
            }
        }
    }

    #[test]
    fn repetition_verdicts() {
        let e = |key, in_check| PathEntry { key, in_check, reset: false, mv: None };
        let mut s = Searcher::<Xiangqi>::new(1 << 16);
        let p = Xiangqi::new();
        // Entry 4 repeats entry 0, a state inside the search (the root is entry 0 and the
        // state repeated is after it: here the root is a state before entry 0's, as if
        // the search had started a ply earlier). The side to move at entry 4 made the
        // moves into entries 1 and 3, the opponent those into 2 and 4.
        s.path = vec![e(9, false), e(1, false), e(2, true), e(3, false), e(4, true), e(1, false)];
        s.path[0].reset = true;
        assert_eq!(s.repetition(&p, 4), Some(loss_in(4)), "we checked with every move");
        s.path = vec![e(9, false), e(1, true), e(2, false), e(3, true), e(4, false), e(1, true)];
        assert_eq!(s.repetition(&p, 4), Some(win_in(4)), "they checked with every move");
        s.path = vec![e(9, false), e(1, false), e(2, false), e(3, false), e(4, false), e(1, false)];
        assert_eq!(s.repetition(&p, 4), Some(0), "nobody checked: a draw");
        // With contempt, the draw is worth less to the root's side and more to the other.
        s.set_settings(Settings { contempt: 30, ..Settings::default() });
        s.root_side = Color::White;
        assert_eq!(s.repetition(&p, 4), Some(-30), "a draw for the root's side");
        s.root_side = Color::Black;
        assert_eq!(s.repetition(&p, 4), Some(30), "a draw for the opponent");
        s.path[4].reset = true;
        assert_eq!(s.repetition(&p, 4), None, "an irreversible move cuts the cycle");
    }

    #[test]
    fn the_root_and_the_game_before_it_must_come_a_third_time() {
        let e = |key, in_check| PathEntry { key, in_check, reset: false, mv: None };
        let mut s = Searcher::<Xiangqi>::new(1 << 16);
        let p = Xiangqi::new();
        // We check, the opponent steps away, we check back and it steps back: the position
        // of entry 0 comes again, with every move of ours a check.
        let cycle = [e(1, false), e(2, true), e(3, false), e(4, true), e(1, false)];
        s.path = cycle.to_vec();
        s.root_at = 1;
        assert_eq!(s.repetition(&p, 4), Some(loss_in(4)), "the bots' way: at once");
        s.set_repetition(Repetition::ThirdTimeFromRoot);
        for root_at in [0, 1] {
            s.path = cycle.to_vec();
            s.root_at = root_at;
            assert_eq!(s.repetition(&p, 4), None, "once, with the root at entry {root_at}");
        }
        // The same cycle once more: the third time is a perpetual check.
        s.path = cycle.iter().chain(&cycle[1..]).copied().collect();
        s.root_at = 1;
        assert_eq!(s.repetition(&p, 4), Some(loss_in(4)));
        // A state after the root repeats at once.
        s.path = [e(9, false)].iter().chain(&cycle).copied().collect();
        s.root_at = 0;
        assert_eq!(s.repetition(&p, 4), Some(loss_in(4)));
    }
}
