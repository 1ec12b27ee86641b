//! Scores: centipawn-like integers from the side to move's point of view, with mate scores
//! near the ends of the range.

/// A win on the board right now; a mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;

/// Scores at least this large (in absolute value) are mates or rule wins, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// Larger than any score: the initial search window.
pub const INFINITE: i32 = MATE + 1;

/// Evaluations are kept inside this range so that they never look like mates.
pub const EVAL_LIMIT: i32 = 20_000;

/// The score of a win for the side to move, `ply` plies from the root.
#[inline]
pub const fn win_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of a loss for the side to move, `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether the score is a mate (either way) rather than an evaluation.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Converts a score found `ply` plies from the root to one relative to the stored state, so
/// that a mate stored in the table means the same distance wherever it is probed.
#[inline]
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// Mate distance in moves (positive: the side to move mates), if the score is a mate; as UCI
/// prints it (`score mate N`).
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}
