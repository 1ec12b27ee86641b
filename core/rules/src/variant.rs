//! The games of the family, by stable name.

use std::fmt;
use std::str::FromStr;

use crate::Color;
use crate::names::{NameKind, UnknownName};

/// A game of the family. The names (`xiangqi`, ...) are stable: saved games, the wire
/// protocol and the command line use them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Xiangqi, Chinese chess.
    Xiangqi,
    /// Jieqi, Xiangqi with the pieces shuffled face down.
    Jieqi,
    /// Jeson Mor, Mongolian "nine knights".
    JesonMor,
    /// Friendly chess (Paco Ŝako): chess where pieces bond instead of capturing.
    Friendly,
}

impl Variant {
    /// Every game, in the order the app lists them.
    pub const ALL: &'static [Variant] =
        &[Variant::Xiangqi, Variant::Jieqi, Variant::JesonMor, Variant::Friendly];

    /// The stable name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Jieqi => "jieqi",
            Variant::JesonMor => "jesonmor",
            Variant::Friendly => "friendly",
        }
    }

    /// The name a player sees for a side (`red`, `black`, ...), in lower case.
    pub const fn color_name(self, color: Color) -> &'static str {
        match (self, color) {
            (Variant::Xiangqi, Color::White) => "red",
            (Variant::Xiangqi, Color::Black) => "black",
            (Variant::Jieqi, Color::White) => "red",
            (Variant::Jieqi, Color::Black) => "black",
            (Variant::JesonMor, Color::White) => "red",
            (Variant::JesonMor, Color::Black) => "green",
            (Variant::Friendly, Color::White) => "white",
            (Variant::Friendly, Color::Black) => "black",
        }
    }

    /// Reads a side by the name a player sees (or `white`/`black`, `w`/`b`).
    pub fn parse_color(self, text: &str) -> Option<Color> {
        let t = text.trim().to_ascii_lowercase();
        Color::ALL.into_iter().find(|&c| self.color_name(c) == t).or(match t.as_str() {
            "white" | "w" | "first" => Some(Color::White),
            "black" | "b" | "second" => Some(Color::Black),
            _ => None,
        })
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name() == t)
            .ok_or_else(|| UnknownName::new(NameKind::Game, s))
    }
}
