//! Stable names: every vocabulary type of the rules (games, seats, handicaps, rule sets,
//! outcome reasons) owns its text both ways, and an unknown name is one typed error.

use std::error::Error;
use std::fmt;

/// Which vocabulary a name was looked up in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NameKind {
    /// A game of the family ([`crate::Variant`]).
    Game,
    /// A seat at a game ([`crate::Seat`]).
    Seat,
    /// A Xiangqi handicap ([`crate::xiangqi::Handicap`]).
    Handicap,
    /// A Jieqi rule set ([`crate::jieqi::RuleSet`]).
    RuleSet,
    /// Why a game was won ([`crate::WinReason`]).
    WinReason,
    /// Why a game was drawn ([`crate::DrawReason`]).
    DrawReason,
}

impl NameKind {
    /// The kind in words, for messages to developers (`rule set`).
    pub const fn as_str(self) -> &'static str {
        match self {
            NameKind::Game => "game",
            NameKind::Seat => "seat",
            NameKind::Handicap => "handicap",
            NameKind::RuleSet => "rule set",
            NameKind::WinReason => "win reason",
            NameKind::DrawReason => "draw reason",
        }
    }

    /// Every stable name of this kind, in the order of the type's `ALL`.
    pub fn names(self) -> Vec<&'static str> {
        match self {
            NameKind::Game => crate::Variant::ALL.iter().map(|v| v.name()).collect(),
            NameKind::Seat => crate::Seat::ALL.iter().map(|s| s.name()).collect(),
            NameKind::Handicap => crate::xiangqi::Handicap::ALL.iter().map(|h| h.name()).collect(),
            NameKind::RuleSet => crate::jieqi::RuleSet::ALL.iter().map(|r| r.name()).collect(),
            NameKind::WinReason => crate::WinReason::ALL.iter().map(|r| r.as_str()).collect(),
            NameKind::DrawReason => crate::DrawReason::ALL.iter().map(|r| r.as_str()).collect(),
        }
    }
}

/// A text that names nothing of its vocabulary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnknownName {
    /// The vocabulary it was looked up in.
    pub kind: NameKind,
    /// The text.
    pub text: String,
}

impl UnknownName {
    /// The error for `text`, looked up in `kind`.
    pub fn new(kind: NameKind, text: &str) -> UnknownName {
        UnknownName { kind, text: text.to_owned() }
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} {:?} (known: {})",
            self.kind.as_str(),
            self.text,
            self.kind.names().join(", ")
        )
    }
}

impl Error for UnknownName {}

/// Folds a name as every reader here accepts it: surrounding space, case, `-` for `_`.
pub(crate) fn fold(text: &str) -> String {
    text.trim().to_ascii_lowercase().replace('-', "_")
}
