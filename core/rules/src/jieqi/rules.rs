//! Rule sets: the default of the rules page and the variants other sources play.

use std::fmt;
use std::str::FromStr;

use crate::names::{NameKind, UnknownName, fold};

/// Who learns the identity of a face-down piece when it is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapturedVisibility {
    /// The capturer sees it; its owner never does (the default).
    Capturer,
    /// Nobody sees it, not even the capturer.
    Nobody,
}

/// How repetition ends a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// As in Xiangqi: at the third occurrence of a position, the side that checked with every
    /// move of the cycle loses, otherwise the side that chased with every move loses,
    /// otherwise it is a draw. A face-down piece counts as the piece of its point.
    Asian,
    /// A plain draw when a position occurs for this many times (Vietnamese rules: 6).
    DrawAt(u8),
}

/// The rules of one game, chosen before it starts.
///
/// The presets ([`Rules::DEFAULT`], [`Rules::TENCENT`], ...) are the rule sets of
/// `rules/jieqi.md`; the fields can also be combined freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Who sees a captured face-down piece.
    pub captured_visibility: CapturedVisibility,
    /// Plies without a capture after which the game is drawn (reveals do not reset the count).
    pub no_capture_plies: u32,
    /// How repetition ends the game.
    pub repetition: Repetition,
    /// The most consecutive moves one side may give check with, and the most consecutive moves
    /// it may chase one and the same piece with (Tencent: 6); `None` for no cap.
    ///
    /// "Consecutive" counts the side's own moves, one after another, ignoring the opponent's
    /// moves between them: a move of the side that gives no check ends its run of checks, and
    /// a move that does not chase a piece ends the run of chases of that piece (followed as it
    /// moves). Captures and reveals do not end a run. The move that would exceed the cap is
    /// illegal; a side whose every move is illegal for this reason loses
    /// ([`crate::WinReason::ExcessiveChecksOrChases`]). A move that turns a face-down piece up
    /// is never refused by the cap, since whether it checks or chases depends on an identity
    /// nobody knows before it is played (refusing it would leak the identity); once played,
    /// it counts by what it did.
    pub check_chase_limit: Option<u8>,
    /// Whether a face-down advisor may leave the palace (PyChess): it moves one point
    /// diagonally anywhere from its point.
    pub hidden_advisor_leaves_palace: bool,
}

impl Rules {
    /// The rules of `rules/jieqi.md`.
    pub const DEFAULT: Rules = Rules {
        captured_visibility: CapturedVisibility::Capturer,
        no_capture_plies: 100,
        repetition: Repetition::Asian,
        check_chase_limit: None,
        hidden_advisor_leaves_palace: false,
    };

    /// The default, except that nobody sees a captured face-down piece.
    pub const NOBODY_SEES_CAPTURED: Rules =
        Rules { captured_visibility: CapturedVisibility::Nobody, ..Rules::DEFAULT };

    /// Tencent: no more than six consecutive checks, or chases of the same piece; a draw after
    /// forty moves by each side (80 plies) without a capture.
    pub const TENCENT: Rules =
        Rules { no_capture_plies: 80, check_chase_limit: Some(6), ..Rules::DEFAULT };

    /// Vietnamese (cờ úp): a draw at the sixth occurrence of a position; repetition decides
    /// nothing else.
    pub const VIETNAMESE: Rules = Rules { repetition: Repetition::DrawAt(6), ..Rules::DEFAULT };

    /// PyChess: a face-down advisor may leave the palace.
    pub const PYCHESS: Rules = Rules { hidden_advisor_leaves_palace: true, ..Rules::DEFAULT };
}

impl Default for Rules {
    fn default() -> Self {
        Rules::DEFAULT
    }
}

/// The named rule sets, for settings and the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// [`Rules::DEFAULT`].
    Default,
    /// [`Rules::NOBODY_SEES_CAPTURED`].
    NobodySeesCaptured,
    /// [`Rules::TENCENT`].
    Tencent,
    /// [`Rules::VIETNAMESE`].
    Vietnamese,
    /// [`Rules::PYCHESS`].
    PyChess,
}

impl RuleSet {
    /// Every rule set.
    pub const ALL: [RuleSet; 5] = [
        RuleSet::Default,
        RuleSet::NobodySeesCaptured,
        RuleSet::Tencent,
        RuleSet::Vietnamese,
        RuleSet::PyChess,
    ];

    /// The stable name (`default`, `nobody_sees_captured`, `tencent`, `vietnamese`, `pychess`).
    pub const fn name(self) -> &'static str {
        match self {
            RuleSet::Default => "default",
            RuleSet::NobodySeesCaptured => "nobody_sees_captured",
            RuleSet::Tencent => "tencent",
            RuleSet::Vietnamese => "vietnamese",
            RuleSet::PyChess => "pychess",
        }
    }

    /// The named rule set these rules are, if they are one of the presets (rules combined
    /// otherwise have no name).
    pub fn of(rules: Rules) -> Option<RuleSet> {
        RuleSet::ALL.into_iter().find(|r| r.rules() == rules)
    }

    /// The rules.
    pub const fn rules(self) -> Rules {
        match self {
            RuleSet::Default => Rules::DEFAULT,
            RuleSet::NobodySeesCaptured => Rules::NOBODY_SEES_CAPTURED,
            RuleSet::Tencent => Rules::TENCENT,
            RuleSet::Vietnamese => Rules::VIETNAMESE,
            RuleSet::PyChess => Rules::PYCHESS,
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RuleSet {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = fold(s);
        RuleSet::ALL
            .into_iter()
            .find(|r| r.name() == t)
            .ok_or_else(|| UnknownName::new(NameKind::RuleSet, s))
    }
}
