//! How a game ends, with the reason.

use std::fmt;

use crate::Color;

/// The end of a game: who won (or that nobody did) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why the game ended.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why the game ended.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The reason as a stable snake_case word (`checkmate`, `perpetual_check`, `fifty_moves`, ...),
    /// used by the command line and the wire protocol.
    pub fn reason_str(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.as_str(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }

    /// `"win"` or `"draw"`.
    pub fn kind_str(self) -> &'static str {
        match self {
            Outcome::Win { .. } => "win",
            Outcome::Draw { .. } => "draw",
        }
    }
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's general (king) is attacked and no move saves it.
    Checkmate,
    /// The loser had no legal move although not in check (a loss in the Xiangqi family and in
    /// Jeson Mor).
    NoMoves,
    /// Jeson Mor: a knight left the centre after holding it for a full turn.
    Centre,
    /// Jeson Mor: the loser's last knight was captured.
    LastPiece,
    /// Friendly chess: a piece of the winner bonded with the loser's king.
    KingBond,
    /// Repetition in which the loser gave check with every move of the cycle.
    PerpetualCheck,
    /// Repetition in which the loser chased a piece with every move of the cycle.
    PerpetualChase,
    /// A rule set that caps consecutive checks or chases (Jieqi, Tencent rules) was broken.
    ExcessiveChecksOrChases,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    Time,
}

impl WinReason {
    /// The reason as a stable snake_case word.
    pub fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::NoMoves => "no_moves",
            WinReason::Centre => "centre",
            WinReason::LastPiece => "last_piece",
            WinReason::KingBond => "king_bond",
            WinReason::PerpetualCheck => "perpetual_check",
            WinReason::PerpetualChase => "perpetual_chase",
            WinReason::ExcessiveChecksOrChases => "excessive_checks_or_chases",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time",
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// A position occurred for the n-th time and nobody is to blame for it.
    Repetition,
    /// The no-capture (no-progress) move limit was reached.
    FiftyMoves,
    /// Neither side has a piece that could ever attack.
    InsufficientMaterial,
    /// Friendly chess: every piece other than the kings is in a bond.
    AllBonded,
    /// Friendly chess: the side to move has no legal move.
    NoMoves,
    /// Both players agreed to a draw.
    Agreement,
}

impl DrawReason {
    /// The reason as a stable snake_case word.
    pub fn as_str(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::FiftyMoves => "fifty_moves",
            DrawReason::InsufficientMaterial => "insufficient_material",
            DrawReason::AllBonded => "all_bonded",
            DrawReason::NoMoves => "no_moves",
            DrawReason::Agreement => "agreement",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins ({})", reason.as_str()),
            Outcome::Draw { reason } => write!(f, "draw ({})", reason.as_str()),
        }
    }
}
