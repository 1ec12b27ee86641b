//! How a game ends, with the reason.

use std::fmt;
use std::str::FromStr;

use crate::Color;
use crate::names::{NameKind, UnknownName, fold};

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
    /// Online: the loser left the game and did not come back in time, and the winner claimed
    /// the game.
    Abandonment,
}

impl WinReason {
    /// Every reason, in a fixed order.
    pub const ALL: [WinReason; 11] = [
        WinReason::Checkmate,
        WinReason::NoMoves,
        WinReason::Centre,
        WinReason::LastPiece,
        WinReason::KingBond,
        WinReason::PerpetualCheck,
        WinReason::PerpetualChase,
        WinReason::ExcessiveChecksOrChases,
        WinReason::Resignation,
        WinReason::Time,
        WinReason::Abandonment,
    ];

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
            WinReason::Abandonment => "abandonment",
        }
    }
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// A position occurred for the n-th time and nobody is to blame for it.
    Repetition,
    /// Fifty moves by each side (100 plies) without a capture (without progress).
    FiftyMoves,
    /// A rule set's own limit of plies without a capture, other than fifty moves each
    /// (Tencent's Jieqi: forty moves each, 80 plies).
    MoveLimit,
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
    /// Every reason, in a fixed order.
    pub const ALL: [DrawReason; 7] = [
        DrawReason::Repetition,
        DrawReason::FiftyMoves,
        DrawReason::MoveLimit,
        DrawReason::InsufficientMaterial,
        DrawReason::AllBonded,
        DrawReason::NoMoves,
        DrawReason::Agreement,
    ];

    /// The draw by the no-capture limit of `plies` plies: fifty moves each at 100, the rule
    /// set's own limit otherwise.
    pub const fn no_capture_limit(plies: u32) -> DrawReason {
        if plies == 100 { DrawReason::FiftyMoves } else { DrawReason::MoveLimit }
    }

    /// The reason as a stable snake_case word.
    pub fn as_str(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::FiftyMoves => "fifty_moves",
            DrawReason::MoveLimit => "move_limit",
            DrawReason::InsufficientMaterial => "insufficient_material",
            DrawReason::AllBonded => "all_bonded",
            DrawReason::NoMoves => "no_moves",
            DrawReason::Agreement => "agreement",
        }
    }
}

/// The stable text: `win first checkmate`, `win second resignation`, `draw repetition` (the
/// first player is the one who moves first, whatever the game calls its sides). Saved games
/// keep outcomes in this form.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                write!(f, "win {} {reason}", winner.fold("first", "second"))
            }
            Outcome::Draw { reason } => write!(f, "draw {reason}"),
        }
    }
}

/// A text that is no [`Outcome`]'s stable form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseOutcomeError {
    /// The text.
    pub text: String,
}

impl fmt::Display for ParseOutcomeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not an outcome (win first|second REASON, or draw REASON)", self.text)
    }
}

impl std::error::Error for ParseOutcomeError {}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseOutcomeError { text: s.to_owned() };
        let words: Vec<&str> = s.split_whitespace().collect();
        match words.as_slice() {
            ["win", side, reason] => {
                let winner = match *side {
                    "first" => Color::White,
                    "second" => Color::Black,
                    _ => return Err(bad()),
                };
                Ok(Outcome::Win { winner, reason: reason.parse().map_err(|_| bad())? })
            }
            ["draw", reason] => Ok(Outcome::Draw { reason: reason.parse().map_err(|_| bad())? }),
            _ => Err(bad()),
        }
    }
}

// Each list holds the reasons in declaration order, once each: a reason's discriminant is its
// place in `ALL` (a reason left out or listed twice breaks the order and the build).
const _: () = {
    let mut i = 0;
    while i < WinReason::ALL.len() {
        assert!(WinReason::ALL[i] as usize == i);
        i += 1;
    }
    assert!(WinReason::Abandonment as usize + 1 == WinReason::ALL.len());
    let mut i = 0;
    while i < DrawReason::ALL.len() {
        assert!(DrawReason::ALL[i] as usize == i);
        i += 1;
    }
    assert!(DrawReason::Agreement as usize + 1 == DrawReason::ALL.len());
};

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for WinReason {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = fold(s);
        WinReason::ALL
            .into_iter()
            .find(|r| r.as_str() == t)
            .ok_or_else(|| UnknownName::new(NameKind::WinReason, s))
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for DrawReason {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = fold(s);
        DrawReason::ALL
            .into_iter()
            .find(|r| r.as_str() == t)
            .ok_or_else(|| UnknownName::new(NameKind::DrawReason, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_own_their_text_both_ways() {
        for r in WinReason::ALL {
            assert_eq!(r.to_string().parse::<WinReason>(), Ok(r));
        }
        for r in DrawReason::ALL {
            assert_eq!(r.to_string().parse::<DrawReason>(), Ok(r));
        }
        // Each list holds every reason once: the exhaustive matches in `as_str` give each a
        // word of its own, so distinct words mean distinct reasons.
        let words: std::collections::HashSet<&str> =
            WinReason::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(words.len(), WinReason::ALL.len());
        let words: std::collections::HashSet<&str> =
            DrawReason::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(words.len(), DrawReason::ALL.len());
        for o in WinReason::ALL
            .into_iter()
            .flat_map(|reason| Color::ALL.map(|winner| Outcome::Win { winner, reason }))
            .chain(DrawReason::ALL.map(|reason| Outcome::Draw { reason }))
        {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
        }
        assert_eq!(
            "win first checkmate".parse(),
            Ok(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate })
        );
        for bad in ["", "win", "win third time", "draw", "draw fast", "win first checkmate x"] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad:?}");
        }
        let e = "stalemate".parse::<DrawReason>().unwrap_err();
        assert_eq!(e.kind, NameKind::DrawReason);
        assert!(e.to_string().contains("move_limit"), "{e}");
    }
}
