//! Bot levels from Novice to Club player, and full strength above them.
//!
//! A level is a node budget and a set of human weaknesses (see [`Settings`]), chosen per game
//! because the games differ in how many moves a position has and how sharp they are. Budgets
//! are in nodes, not time, so that a level plays the same on a fast and a slow phone and a
//! calibration match replays exactly. The numbers come from calibration matches (`rodina
//! match`): each level scores 60-85% against the one below.
//!
//! [`Settings`]: crate::Settings

use std::fmt;
use std::str::FromStr;

use rodina_rules::Variant;

use crate::search::Settings;

/// How strong a bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Knows the moves, sees direct threats some of the time.
    Novice,
    /// Sees simple captures and threats, still hangs pieces under pressure.
    Beginner,
    /// Plays sound moves, misses combinations two moves deep.
    Casual,
    /// Tactically alert, positionally rough.
    Intermediate,
    /// A solid club player.
    Club,
    /// The engine at full strength, without weaknesses.
    Full,
}

/// What a level is made of, for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSettings {
    /// Nodes per move.
    pub nodes: u64,
    /// Deepest iteration, if capped (a person of this level does not look further ahead).
    pub depth: Option<u32>,
    /// Evaluation noise, in centipawns (see [`crate::Settings::eval_noise`]).
    pub eval_noise: i32,
    /// Overlooked replies per mille (see [`crate::Settings::blind_per_mille`]).
    pub blind_per_mille: u32,
    /// Plies at the start of a game during which the level follows the opening book
    /// (`usize::MAX`: as long as the book has a line for the game so far).
    pub book_plies: usize,
    /// Transposition table size in bytes.
    pub hash_bytes: usize,
    /// What a draw costs the bot, in centipawns (see [`crate::Settings::contempt`]).
    pub contempt: i32,
}

/// The contempt of every Friendly chess level (see [`LevelSettings::contempt`]).
const FRIENDLY_CONTEMPT: i32 = 30;

impl LevelSettings {
    /// The search's settings for these weaknesses, with the noise and blind spots following
    /// `seed`.
    pub fn search_settings(&self, seed: u64) -> Settings {
        Settings {
            eval_noise: self.eval_noise,
            blind_per_mille: self.blind_per_mille,
            seed,
            contempt: self.contempt,
        }
    }
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Novice,
        Level::Beginner,
        Level::Casual,
        Level::Intermediate,
        Level::Club,
        Level::Full,
    ];

    /// The stable identifier (`novice`, `beginner`, `casual`, `intermediate`, `club`,
    /// `full`), used by the command line, saved games and settings.
    pub const fn id(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Intermediate => "intermediate",
            Level::Club => "club",
            Level::Full => "full",
        }
    }

    /// The English name.
    pub const fn name_en(self) -> &'static str {
        match self {
            Level::Novice => "Novice",
            Level::Beginner => "Beginner",
            Level::Casual => "Casual player",
            Level::Intermediate => "Intermediate",
            Level::Club => "Club player",
            Level::Full => "Full strength",
        }
    }

    /// The Slovak name.
    pub const fn name_sk(self) -> &'static str {
        match self {
            Level::Novice => "Nováčik",
            Level::Beginner => "Začiatočník",
            Level::Casual => "Rekreačný hráč",
            Level::Intermediate => "Pokročilý",
            Level::Club => "Klubový hráč",
            Level::Full => "Plná sila",
        }
    }

    /// The name in a language (`en` or `sk`; English for anything else).
    pub fn name(self, language: &str) -> &'static str {
        if language.eq_ignore_ascii_case("sk") { self.name_sk() } else { self.name_en() }
    }

    /// The level's settings in `variant`.
    ///
    /// The numbers come from calibration matches (`scripts/calibrate.sh`, results in
    /// `CALIBRATION.md`). What tuning them showed: strength grows with the node budget,
    /// fastest at the bottom; evaluation noise costs little once the search is deeper than a
    /// few plies; and overlooked replies are the sharpest weakness of all, so only the lowest
    /// levels have a few of them.
    pub fn settings(self, variant: Variant) -> LevelSettings {
        // The grown books of Jieqi and Friendly chess are short (`core/engine/books`): every
        // level plays them to their end, as people who know a game's openings all do.
        const WHOLE_BOOK: usize = usize::MAX;
        // (nodes, noise, blind per mille, book plies)
        let (nodes, eval_noise, blind_per_mille, book_plies) = match (variant, self) {
            // Jeson Mor's upper levels grew apart when its search learnt the exchange on the
            // centre and searched only the captures of an intruder (a node buys more depth,
            // and the second player's edge evens out matches between near levels).
            (Variant::JesonMor, Level::Novice) => (600, 100, 10, 0),
            (Variant::JesonMor, Level::Beginner) => (1_700, 70, 5, 0),
            (Variant::JesonMor, Level::Casual) => (3_500, 50, 2, 0),
            (Variant::JesonMor, Level::Intermediate) => (10_000, 35, 1, 0),
            (Variant::JesonMor, Level::Club) => (60_000, 28, 0, 0),
            // Luck (what a reveal turns up) flattens Jieqi's differences: the levels need
            // budgets and weaknesses further apart than Xiangqi's.
            (Variant::Jieqi, Level::Novice) => (500, 170, 25, WHOLE_BOOK),
            (Variant::Jieqi, Level::Beginner) => (2_200, 120, 15, WHOLE_BOOK),
            (Variant::Jieqi, Level::Casual) => (6_000, 70, 5, WHOLE_BOOK),
            (Variant::Jieqi, Level::Intermediate) => (16_000, 40, 0, WHOLE_BOOK),
            (Variant::Jieqi, Level::Club) => (100_000, 15, 0, WHOLE_BOOK),
            // Friendly chess: without captures, weak play drifts into draws; the levels need
            // wide gaps for the stronger side to convert.
            (Variant::Friendly, Level::Novice) => (350, 200, 40, WHOLE_BOOK),
            (Variant::Friendly, Level::Beginner) => (1_500, 120, 15, WHOLE_BOOK),
            (Variant::Friendly, Level::Casual) => (4_500, 70, 5, WHOLE_BOOK),
            (Variant::Friendly, Level::Intermediate) => (10_000, 35, 0, WHOLE_BOOK),
            (Variant::Friendly, Level::Club) => (30_000, 15, 0, WHOLE_BOOK),
            // A Friendly chess node costs about twice a Xiangqi node (chains, threats).
            (Variant::Friendly, Level::Full) => (500_000, 0, 0, 0),
            (_, Level::Novice) => (600, 150, 20, 4),
            (_, Level::Beginner) => (950, 110, 10, 6),
            (_, Level::Casual) => (1_550, 80, 4, 8),
            (_, Level::Intermediate) => (2_400, 65, 2, 8),
            (_, Level::Club) => (4_800, 40, 0, 8),
            (_, Level::Full) => (1_000_000, 0, 0, 0),
        };
        let hash_bytes = match self {
            Level::Novice | Level::Beginner => 1 << 16,
            Level::Casual | Level::Intermediate => 1 << 20,
            Level::Club => 1 << 22,
            Level::Full => 1 << 24,
        };
        // Friendly chess has no captures to end a game, and balanced play there settles into
        // repeated moves early; players who sit down to a game play on.
        let contempt = if variant == Variant::Friendly { FRIENDLY_CONTEMPT } else { 0 };
        LevelSettings {
            nodes,
            depth: None,
            eval_noise,
            blind_per_mille,
            book_plies,
            hash_bytes,
            contempt,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The text named no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = Level::ALL.iter().map(|l| l.id()).collect();
        write!(f, "unknown level {:?} (known: {})", self.0, ids.join(", "))
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Reads a level by its id, its English or Slovak name, or its number (1 = Novice).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if let Ok(n) = t.parse::<usize>()
            && (1..=Level::ALL.len()).contains(&n)
        {
            return Ok(Level::ALL[n - 1]);
        }
        Level::ALL
            .into_iter()
            .find(|l| {
                l.id().eq_ignore_ascii_case(t)
                    || l.name_en().eq_ignore_ascii_case(t)
                    || l.name_sk().to_lowercase() == t.to_lowercase()
            })
            .ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_parsing() {
        assert_eq!("club".parse::<Level>(), Ok(Level::Club));
        assert_eq!("Klubový hráč".parse::<Level>(), Ok(Level::Club));
        assert_eq!("Novice".parse::<Level>(), Ok(Level::Novice));
        assert_eq!("1".parse::<Level>(), Ok(Level::Novice));
        assert_eq!(Level::Novice.name("sk"), "Nováčik");
        assert!("grandmaster".parse::<Level>().is_err());
        for l in Level::ALL {
            assert_eq!(l.id().parse::<Level>(), Ok(l));
        }
    }

    #[test]
    fn budgets_grow_and_weaknesses_shrink_with_the_level() {
        for v in Variant::ALL {
            for pair in Level::ALL.windows(2) {
                let (a, b) = (pair[0].settings(*v), pair[1].settings(*v));
                assert!(a.nodes < b.nodes, "{v} {:?}", pair);
                assert!(a.eval_noise >= b.eval_noise);
                assert!(a.blind_per_mille >= b.blind_per_mille);
            }
        }
    }
}
