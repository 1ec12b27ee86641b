//! Who looks at a game.

use std::fmt;
use std::str::FromStr;

use crate::names::{NameKind, UnknownName, fold};
use crate::{Color, Variant};

/// Who looks at a game: one of the players, or a spectator.
///
/// A seat decides what a view may contain ([`crate::Truth::view`]): in Jieqi a player sees
/// the identities of the face-down pieces they captured (unless the rule set hides them), a
/// spectator never sees a captured face-down identity. In an open game every seat sees all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The player of this side.
    Player(Color),
    /// Someone watching: knows only what both players know.
    Spectator,
}

impl Seat {
    /// The first player, the second and a spectator.
    pub const ALL: [Seat; 3] =
        [Seat::Player(Color::White), Seat::Player(Color::Black), Seat::Spectator];

    /// The stable name, the same in every game: `white` (the first player), `black` or
    /// `spectator`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Player(Color::White) => "white",
            Seat::Player(Color::Black) => "black",
            Seat::Spectator => "spectator",
        }
    }

    /// The seat as players of `variant` name it: the side's colour (`red`, `green`, ...) or
    /// `spectator`.
    pub const fn name_in(self, variant: Variant) -> &'static str {
        match self {
            Seat::Player(c) => variant.color_name(c),
            Seat::Spectator => "spectator",
        }
    }

    /// The side this seat plays, if it plays.
    pub const fn color(self) -> Option<Color> {
        match self {
            Seat::Player(c) => Some(c),
            Seat::Spectator => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Seat {
    type Err = UnknownName;

    /// Reads a stable name, or a side as any game of the family names it (`red`, `green`,
    /// `w`, `b`, `first`, `second`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = fold(s);
        if t == "spectator" || t == "none" {
            return Ok(Seat::Spectator);
        }
        Variant::ALL
            .iter()
            .find_map(|v| v.parse_color(&t))
            .map(Seat::Player)
            .ok_or_else(|| UnknownName::new(NameKind::Seat, s))
    }
}
