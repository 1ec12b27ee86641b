//! The protocol's names: account and game ids, invitation codes, player names, sides. Each
//! owns its text both ways and refuses text that is not one of it.

use std::fmt;
use std::str::FromStr;

use rodina_rules::Color;
use serde::{Deserialize, Serialize};

/// Why a text is not a name of the protocol.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Not an account id (`a` and 20 base-32 characters).
    #[error("{0:?} is not an account id")]
    Account(String),
    /// Not a game id (`g` and 20 base-32 characters).
    #[error("{0:?} is not a game id")]
    Game(String),
    /// Not an invitation code (8 characters of the code alphabet).
    #[error("{0:?} is not an invitation code")]
    Code(String),
    /// Not a pairing code (8 characters of the code alphabet).
    #[error("{0:?} is not a pairing code")]
    Pairing(String),
    /// Not a player name (3 to 20 letters, digits, `_` or `-`, starting with a letter).
    #[error("{0:?} is not a player name")]
    Player(String),
    /// Not `white` or `black`.
    #[error("{0:?} is not a side (white or black)")]
    Side(String),
}

/// The letters of random ids: Crockford's base 32, lower case (no `i`, `l`, `o`, `u`).
pub const ID_ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The characters of invitation codes, which people read out and type: upper-case letters
/// and digits without the look-alikes (no `0`, `O`, `1`, `I`, `L`, `U`).
pub const CODE_ALPHABET: &[u8; 30] = b"23456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Random characters in an account or game id: 100 bits.
pub const ID_CHARS: usize = 20;

/// Characters of an invitation code: about 39 bits, tried at a rate the server limits.
pub const CODE_CHARS: usize = 8;

fn is_id(text: &str, prefix: char) -> bool {
    text.len() == 1 + ID_CHARS
        && text.starts_with(prefix)
        && text.bytes().skip(1).all(|b| ID_ALPHABET.contains(&b))
}

macro_rules! text_name {
    ($(#[$doc:meta])* $name:ident, $check:expr, $err:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            /// The name as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl FromStr for $name {
            type Err = NameError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let check: fn(&str) -> bool = $check;
                if check(s) {
                    Ok($name(s.to_owned()))
                } else {
                    // Only a bounded piece of a bad text is kept, for the message.
                    Err(NameError::$err(s.chars().take(40).collect()))
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = NameError;

            fn try_from(s: String) -> Result<Self, Self::Error> {
                s.parse()
            }
        }

        impl From<$name> for String {
            fn from(n: $name) -> String {
                n.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

text_name!(
    /// An account's id: `a` and 20 characters of [`ID_ALPHABET`], made by the server.
    AccountId,
    |s| is_id(s, 'a'),
    Account
);

text_name!(
    /// A game's id: `g` and 20 characters of [`ID_ALPHABET`], made by the server.
    GameId,
    |s| is_id(s, 'g'),
    Game
);

text_name!(
    /// An invitation's code: 8 characters of [`CODE_ALPHABET`], shown to be read out, typed
    /// or opened as the link `rodina://join/CODE`. Read case-blind by [`InviteCode::read`].
    InviteCode,
    |s| s.len() == CODE_CHARS && s.bytes().all(|b| CODE_ALPHABET.contains(&b)),
    Code
);

text_name!(
    /// A pairing code: 8 characters of [`CODE_ALPHABET`], shown on a device signed in to an
    /// account for a few minutes, typed on a second device to sign it in to the same account.
    /// Read case-blind by [`PairingCode::read`].
    PairingCode,
    |s| s.len() == CODE_CHARS && s.bytes().all(|b| CODE_ALPHABET.contains(&b)),
    Pairing
);

text_name!(
    /// A player's name: 3 to 20 ASCII letters, digits, `_` or `-`, starting with a letter.
    /// Names are unique without regard to case.
    PlayerName,
    |s| {
        (3..=20).contains(&s.len())
            && s.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
            && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    },
    Player
);

impl AccountId {
    /// The id of 20 random characters (each from 5 bits of `random`).
    pub fn from_random(random: [u8; ID_CHARS]) -> AccountId {
        AccountId(random_text('a', random))
    }
}

impl GameId {
    /// The id of 20 random characters (each from 5 bits of `random`).
    pub fn from_random(random: [u8; ID_CHARS]) -> GameId {
        GameId(random_text('g', random))
    }
}

fn random_text(prefix: char, random: [u8; ID_CHARS]) -> String {
    let mut s = String::with_capacity(1 + ID_CHARS);
    s.push(prefix);
    s.extend(random.iter().map(|b| char::from(ID_ALPHABET[usize::from(b & 31)])));
    s
}

impl InviteCode {
    /// The code of 8 random characters (each from a byte of `random`; the alphabet's 30
    /// letters take a byte modulo 30, a bias of under 1% that costs no security here).
    pub fn from_random(random: [u8; CODE_CHARS]) -> InviteCode {
        InviteCode(random.iter().map(|b| char::from(CODE_ALPHABET[usize::from(*b) % 30])).collect())
    }

    /// Reads a code as a person typed or a link carried it: case-blind, spaces and dashes
    /// ignored, `rodina://join/` in front allowed.
    pub fn read(text: &str) -> Result<InviteCode, NameError> {
        let t = text.trim();
        let t = t.strip_prefix("rodina://join/").unwrap_or(t);
        let cleaned: String = t
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        cleaned.parse().map_err(|_| NameError::Code(text.chars().take(40).collect()))
    }

    /// The link that opens the invitation in the app.
    pub fn link(&self) -> String {
        format!("rodina://join/{}", self.0)
    }
}

impl PairingCode {
    /// The code of 8 random characters (as [`InviteCode::from_random`]).
    pub fn from_random(random: [u8; CODE_CHARS]) -> PairingCode {
        PairingCode(
            random.iter().map(|b| char::from(CODE_ALPHABET[usize::from(*b) % 30])).collect(),
        )
    }

    /// Reads a code as a person typed it: case-blind, spaces and dashes ignored.
    pub fn read(text: &str) -> Result<PairingCode, NameError> {
        let cleaned: String = text
            .trim()
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_uppercase())
            .collect();
        cleaned.parse().map_err(|_| NameError::Pairing(text.chars().take(40).collect()))
    }
}

impl PlayerName {
    /// The name as the uniqueness check compares it.
    pub fn folded(&self) -> String {
        self.0.to_ascii_lowercase()
    }
}

/// Passwords are at least this many characters...
pub const PASSWORD_MIN: usize = 8;

/// ...and at most this many bytes (Argon2id hashes any length; a bound keeps a request
/// small).
pub const PASSWORD_MAX: usize = 256;

/// A side on the wire: `white` (the first player; Red in Xiangqi) or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideName {
    /// The first player.
    White,
    /// The second player.
    Black,
}

impl From<Color> for SideName {
    fn from(c: Color) -> SideName {
        match c {
            Color::White => SideName::White,
            Color::Black => SideName::Black,
        }
    }
}

impl From<SideName> for Color {
    fn from(s: SideName) -> Color {
        match s {
            SideName::White => Color::White,
            SideName::Black => Color::Black,
        }
    }
}

impl SideName {
    /// The wire text.
    pub const fn as_str(self) -> &'static str {
        match self {
            SideName::White => "white",
            SideName::Black => "black",
        }
    }
}

impl FromStr for SideName {
    type Err = NameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "white" => Ok(SideName::White),
            "black" => Ok(SideName::Black),
            other => Err(NameError::Side(other.chars().take(40).collect())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_codes_read_back_and_refuse_other_text() {
        let a = AccountId::from_random([7; ID_CHARS]);
        assert_eq!(a.as_str().parse::<AccountId>(), Ok(a.clone()));
        assert!(a.as_str().parse::<GameId>().is_err());
        let g = GameId::from_random(std::array::from_fn(|i| (i as u8).wrapping_mul(37)));
        assert_eq!(g.as_str().len(), 21);
        assert_eq!(serde_json::to_string(&g).unwrap(), format!("\"{g}\""));
        assert!(serde_json::from_str::<GameId>("\"g123\"").is_err());
        let c = InviteCode::from_random([0, 29, 30, 255, 100, 7, 8, 9]);
        assert_eq!(c.as_str().len(), 8);
        assert_eq!(InviteCode::read(&c.as_str().to_lowercase()), Ok(c.clone()));
        assert_eq!(InviteCode::read(&c.link()), Ok(c.clone()));
        assert!(InviteCode::read("O0O0O0O0").is_err());
        assert!(InviteCode::read("").is_err());
        let long = "x".repeat(10_000);
        assert!(matches!(long.parse::<GameId>(), Err(NameError::Game(t)) if t.len() == 40));
    }

    #[test]
    fn player_names() {
        for ok in ["ann", "Jan_Novak", "li-wei-2", "a2345678901234567890"] {
            assert!(ok.parse::<PlayerName>().is_ok(), "{ok}");
        }
        for bad in ["an", "2ann", "ann!", "žofia", "a23456789012345678901", ""] {
            assert!(bad.parse::<PlayerName>().is_err(), "{bad}");
        }
        assert_eq!("Ann".parse::<PlayerName>().unwrap().folded(), "ann");
    }
}
