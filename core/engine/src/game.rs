//! What the search needs from a game: the [`SearchGame`] trait.
//!
//! The search is written once; each game implements this trait next to its evaluation. The
//! trait is separate from [`rodina_rules::Position`] because the Jieqi bot searches a player's
//! view, which is not a position of the game (a move of a face-down piece has several possible
//! results), while the open games implement it on their positions directly.

use std::fmt;

use rodina_rules::{Color, Outcome};

/// A state the search can explore: a position of an open game, or a player's view of a game
/// with hidden pieces.
///
/// Scores are centipawn-like integers from the point of view of the side to move. Moves that
/// lead to several states at random (revealing a face-down piece) are *chance moves*: the
/// search averages their outcomes, weighted (expectimax).
pub trait SearchGame: Clone + Send + Sync + 'static {
    /// A move of the game.
    type Move: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;

    /// Whether the game has check: the search then extends checks and searches every evasion
    /// in quiescence.
    const HAS_CHECK: bool;

    /// Whether the game may have chance moves (see [`SearchGame::is_chance`]).
    const HAS_CHANCE: bool = false;

    /// Whether the search reduces a node without a table move by a ply (internal iterative
    /// reduction). Only where matches showed it helps: in Friendly chess it made a few
    /// node-bounded searches take seconds (positions with long chains), in Jeson Mor it won
    /// nothing at 1 s a move, and in Jieqi no match has measured it.
    const INTERNAL_REDUCTION: bool = false;

    /// Whether the search extends a table move that proves much better than every other
    /// move of its node (singular extension). On in Xiangqi only: there it scored 51.5% over
    /// 200 games against Fairy-Stockfish at 1 s a move, where the engine before the kept
    /// table scored 44.25% on the same openings (the kept table alone 44.0% on half of
    /// them), and it kept the levels in their band (CALIBRATION.md); no match has measured
    /// it in the other games.
    const SINGULAR_EXTENSION: bool = false;

    /// Number of slots of the history table; [`SearchGame::history_index`] is below it.
    const HISTORY_SIZE: usize;

    /// The side to move.
    fn side(&self) -> Color;

    /// A hash of everything that makes two states equal for the search (side to move
    /// included).
    fn key(&self) -> u64;

    /// Appends every legal move to `out` (which the search clears first).
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// Appends the legal moves quiescence looks at when not in check: those with a
    /// [`SearchGame::capture_order`]. The default filters [`SearchGame::moves`]; a game with
    /// a faster way overrides it. An empty answer does not mean the game is over.
    fn captures(&self, out: &mut Vec<Self::Move>) {
        self.moves(out);
        out.retain(|m| self.capture_order(m).is_some());
    }

    /// Whether the side to move is in check (always `false` without check).
    fn in_check(&self) -> bool;

    /// Appends the moves the search looks at in check: every move that does not lose at
    /// once. The default: every legal move, which in a game whose move generator knows check
    /// are exactly the evasions. A game where a legal move can leave the check standing (and
    /// lose at the next move) overrides it; the answer is empty only when there is no legal
    /// move at all.
    fn evasions(&self, out: &mut Vec<Self::Move>) {
        self.moves(out);
    }

    /// Whether the Asian repetition rules hold (the Xiangqi family, under the game's rule
    /// set): a repetition cycle in which one side checked with every move is lost by that
    /// side, else one in which one side chased with every move ([`SearchGame::chased_by`]).
    /// Otherwise a repetition in the search is a draw.
    fn perpetual_check_loses(&self) -> bool;

    /// The side to move's pieces (bit `i` for the point or square of index `i`) that `m`,
    /// which led from `before` to this state, chases as the game's repetition rules mean
    /// it. Asked only for the moves of a repetition cycle. The default: none.
    fn chased_by(&self, _before: &Self, _m: &Self::Move) -> u128 {
        0
    }

    /// The points that the pieces on `points` stood on before `m` (all of them of the side
    /// that made `m`) was played: follows chased pieces back over their own moves. The
    /// default: where they stand.
    fn points_before(points: u128, _m: &Self::Move) -> u128 {
        points
    }

    /// The state after a legal, non-chance move.
    fn play(&self, m: &Self::Move) -> Self;

    /// Whether `m` leads to one of several states at random (for example it reveals a hidden
    /// piece). The default: never.
    fn is_chance(&self, _m: &Self::Move) -> bool {
        false
    }

    /// The possible states after the chance move `m`, each with a positive integer weight
    /// proportional to its probability. The default plays the move.
    fn outcomes(&self, m: &Self::Move, out: &mut Vec<(Self, u32)>) {
        out.push((self.play(m), 1));
    }

    /// The state with the other side to move and nothing moved, for null-move pruning; `None`
    /// where passing is unsound (in check, where zugzwang is common, or where a pass hides the
    /// quiet threats the game turns on, as in Jeson Mor).
    fn null_move(&self) -> Option<Self>;

    /// For a move the quiescence search must look at (a capture, or what the game counts as
    /// such), an ordering score: larger for better-looking captures (most valuable victim,
    /// least valuable attacker). `None` for quiet moves.
    fn capture_order(&self, m: &Self::Move) -> Option<i32>;

    /// Whether the capture `m` likely loses material: a more valuable piece takes a less
    /// valuable one that is defended. Quiescence skips such captures and the ordering tries
    /// them after the quiet moves that refuted other lines. The default: never.
    fn is_bad_capture(&self, _m: &Self::Move) -> bool {
        false
    }

    /// The material a capture wins at most, for pruning hopeless captures in quiescence
    /// (delta pruning). Zero for quiet moves.
    fn capture_gain(&self, m: &Self::Move) -> i32;

    /// A non-zero 32-bit key of the move, unique among the moves of one state: what the
    /// transposition table and the killer slots store.
    fn move_key(&self, m: &Self::Move) -> u32;

    /// The move's slot in the history table (below [`SearchGame::HISTORY_SIZE`]).
    fn history_index(&self, m: &Self::Move) -> usize;

    /// Whether `m` makes every earlier state impossible to reach again (a capture, a reveal),
    /// so that repetition checks stop looking back there.
    fn is_irreversible(&self, m: &Self::Move) -> bool;

    /// How the game ends here, apart from the side to move having no legal move: limits on
    /// move counts, insufficient material, game-specific wins. Must be cheap: it is asked at
    /// every node.
    fn terminal(&self) -> Option<Outcome>;

    /// How the game ends when the side to move has no legal move.
    fn no_moves_outcome(&self) -> Outcome;

    /// The static evaluation, from the side to move's point of view.
    fn evaluate(&self) -> i32;
}
