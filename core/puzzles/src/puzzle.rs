//! The puzzle and its text form.
//!
//! The text form is the lichess puzzle database's CSV line, so tools that read that format
//! read ours: `PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,
//! OpeningTags`, then two columns of ours, `Variant` and `Generator`. The FEN is the position
//! before the opponent's move; `Moves` starts with that move, then the solver's moves and the
//! opponent's replies, in the game's coordinate text. We have no popularity, plays, game or
//! opening to give: those columns are `0`, `0`, empty and empty.

use std::fmt;
use std::str::FromStr;

use rodina_rules::Variant;

/// The header line of the text form.
pub const TEXT_HEADER: &str = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags,Variant,Generator";

/// A puzzle's id: short, stable, unique across every bank (letters and digits).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PuzzleId(String);

impl PuzzleId {
    /// An id the crate makes itself from letters and digits (the generator's ids).
    pub(crate) fn from_known(text: String) -> PuzzleId {
        debug_assert!(text.bytes().all(|b| b.is_ascii_alphanumeric()) && !text.is_empty());
        PuzzleId(text)
    }

    /// The game's letter and `n` in base 36: ids for banks made up in tests and benchmarks
    /// (the shipped banks' ids are [`PuzzleId::of_position`]).
    pub fn numbered(variant: Variant, n: u64) -> PuzzleId {
        PuzzleId(format!("{}{}", Self::letter(variant), crate::compact::to_base36(n)))
    }

    /// The id a bank gives the puzzle posed at `fen` (the position before the opponent's
    /// move): the game's letter and seven base-36 digits of a hash of the position, a
    /// position and its mirror image alike. A bank holds one puzzle per such position, so the
    /// id names the same puzzle in every bank made from now on, however the banks are
    /// regenerated and reordered: the attempt log refers to puzzles by it, and an attempt
    /// must never come to mean another puzzle.
    pub fn of_position(variant: Variant, fen: &str) -> PuzzleId {
        let key = format!("{} {}", variant.name(), crate::verify::canonical(fen));
        // FNV-1a, written out: the ids must not change with a library's hash function.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in key.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        // 36 bits: seven base-36 digits at most; padded so every id has one length.
        let digits = crate::compact::to_base36(hash >> 28);
        PuzzleId(format!("{}{digits:0>7}", Self::letter(variant)))
    }

    /// The letter of `variant`'s ids.
    const fn letter(variant: Variant) -> char {
        match variant {
            Variant::Xiangqi => 'x',
            Variant::Jieqi => 'j',
            Variant::JesonMor => 'm',
            Variant::Friendly => 'f',
        }
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for PuzzleId {
    type Err = ParsePuzzleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() || s.len() > 16 || !s.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ParsePuzzleError::Id(s.to_string()));
        }
        Ok(PuzzleId(s.to_string()))
    }
}

/// What a puzzle is about. Names as lichess writes its themes where lichess has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// The solution ends in mate (or the game's own win: the bonded king, the centre left).
    Mate,
    /// A mate in one move.
    MateIn1,
    /// A mate in two moves.
    MateIn2,
    /// A mate in three moves.
    MateIn3,
    /// A mate in four moves.
    MateIn4,
    /// A mate in five or more moves.
    MateIn5,
    /// The solution wins material and keeps it.
    Material,
    /// One solver move.
    OneMove,
    /// Two solver moves.
    Short,
    /// Three solver moves.
    Long,
    /// Four or more solver moves.
    VeryLong,
    /// Xiangqi family: a cannon's screen decides (a cannon captures or mates).
    CannonScreen,
    /// Jeson Mor: the centre e5 decides: the win is leaving it, or the line ends with more of
    /// the solver's knights a jump from the empty e5 than the opponent's (the fight for it,
    /// which counting decides, is won).
    Centre,
    /// Friendly chess: a chain (a move that releases a piece which moves on).
    Chain,
    /// Friendly chess: the solution threatens the king on the way (Ŝako) before it bonds it.
    Sako,
    /// Jieqi: the solution reveals a face-down piece.
    Reveal,
}

impl Theme {
    /// Every theme, in the order of the enum.
    pub const ALL: &'static [Theme] = &[
        Theme::Mate,
        Theme::MateIn1,
        Theme::MateIn2,
        Theme::MateIn3,
        Theme::MateIn4,
        Theme::MateIn5,
        Theme::Material,
        Theme::OneMove,
        Theme::Short,
        Theme::Long,
        Theme::VeryLong,
        Theme::CannonScreen,
        Theme::Centre,
        Theme::Chain,
        Theme::Sako,
        Theme::Reveal,
    ];

    /// The theme's name in the text form.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Mate => "mate",
            Theme::MateIn1 => "mateIn1",
            Theme::MateIn2 => "mateIn2",
            Theme::MateIn3 => "mateIn3",
            Theme::MateIn4 => "mateIn4",
            Theme::MateIn5 => "mateIn5",
            Theme::Material => "material",
            Theme::OneMove => "oneMove",
            Theme::Short => "short",
            Theme::Long => "long",
            Theme::VeryLong => "veryLong",
            Theme::CannonScreen => "cannonScreen",
            Theme::Centre => "centre",
            Theme::Chain => "chain",
            Theme::Sako => "sako",
            Theme::Reveal => "reveal",
        }
    }

    /// The length theme of a solution of `solver_moves` moves.
    pub fn of_length(solver_moves: usize) -> Theme {
        match solver_moves {
            0 | 1 => Theme::OneMove,
            2 => Theme::Short,
            3 => Theme::Long,
            _ => Theme::VeryLong,
        }
    }

    /// The mate theme of a mate in `moves` moves.
    pub fn mate_in(moves: usize) -> Theme {
        match moves {
            0 | 1 => Theme::MateIn1,
            2 => Theme::MateIn2,
            3 => Theme::MateIn3,
            4 => Theme::MateIn4,
            _ => Theme::MateIn5,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = ParsePuzzleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Theme::ALL
            .iter()
            .copied()
            .find(|t| t.name() == s)
            .ok_or_else(|| ParsePuzzleError::Theme(s.to_string()))
    }
}

/// A puzzle: the position before the opponent's move, that move, and the solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its id.
    pub id: PuzzleId,
    /// The game.
    pub variant: Variant,
    /// The position before the opponent's move (for Jieqi: what the solver sees of it).
    pub fen: String,
    /// The opponent's move, then the solver's moves and the opponent's replies, in turn, in
    /// the game's coordinate text; the line ends on a solver's move.
    pub moves: Vec<String>,
    /// The rating.
    pub rating: u16,
    /// The rating's deviation.
    pub deviation: u16,
    /// What it is about.
    pub themes: Vec<Theme>,
    /// The version of the generator that made it.
    pub generator: u32,
}

impl Puzzle {
    /// The moves as a tree: one line in the open games; in Jieqi it may branch by what a
    /// reveal shows (see [`crate::solution`]). Always readable: [`Puzzle::from_text`]
    /// checked it.
    pub fn solution(&self) -> crate::solution::Line {
        crate::solution::Line::parse(&self.moves).unwrap_or_default()
    }

    /// The solver's moves, in order (of the first branch where the line branches).
    pub fn solver_moves(&self) -> Vec<String> {
        let first = self.solution().paths().into_iter().next().unwrap_or_default();
        first.into_iter().skip(1).step_by(2).collect()
    }

    /// Reads one line of the text form (not the header).
    pub fn from_text(line: &str) -> Result<Puzzle, ParsePuzzleError> {
        let cols: Vec<&str> = line.trim_end_matches(['\r', '\n']).split(',').collect();
        if cols.len() != 12 {
            return Err(ParsePuzzleError::Columns(cols.len()));
        }
        let id: PuzzleId = cols[0].parse()?;
        let fen = cols[1].trim();
        if fen.is_empty() {
            return Err(ParsePuzzleError::Fen);
        }
        let moves: Vec<String> = cols[2].split_whitespace().map(str::to_string).collect();
        // Every path, branches included, is the opponent's move and solver-reply pairs.
        crate::solution::Line::parse(&moves)?;
        let number = |what: &'static str, s: &str| {
            s.parse::<u16>().map_err(|_| ParsePuzzleError::Number { what, text: s.to_string() })
        };
        let rating = number("rating", cols[3])?;
        let deviation = number("rating deviation", cols[4])?;
        let themes = cols[7].split_whitespace().map(str::parse).collect::<Result<Vec<_>, _>>()?;
        let variant = Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name() == cols[10])
            .ok_or_else(|| ParsePuzzleError::Variant(cols[10].to_string()))?;
        let generator = cols[11].parse::<u32>().map_err(|_| ParsePuzzleError::Number {
            what: "generator",
            text: cols[11].to_string(),
        })?;
        Ok(Puzzle {
            id,
            variant,
            fen: fen.to_string(),
            moves,
            rating,
            deviation,
            themes,
            generator,
        })
    }

    /// The line of the text form (without a line end).
    pub fn to_text(&self) -> String {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{},{},{},{},{},0,0,{},,,{},{}",
            self.id,
            self.fen,
            self.moves.join(" "),
            self.rating,
            self.deviation,
            themes.join(" "),
            self.variant.name(),
            self.generator
        )
    }
}

/// Why a line of the text form is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePuzzleError {
    /// Not the twelve columns of the text form.
    #[error("a puzzle line has 12 columns, this one {0}")]
    Columns(usize),
    /// The id is empty, too long or not letters and digits.
    #[error("not a puzzle id: {0:?}")]
    Id(String),
    /// The FEN column is empty.
    #[error("the puzzle has no position")]
    Fen,
    /// The moves are not the opponent's move and whole solver-reply pairs ending on the
    /// solver's move.
    #[error(
        "a puzzle's moves are the opponent's move and the solution, ending on the solver's move: {0} moves"
    )]
    Moves(usize),
    /// A number column does not hold a number.
    #[error("the {what} is not a number: {text:?}")]
    Number {
        /// Which column.
        what: &'static str,
        /// Its text.
        text: String,
    },
    /// A group of alternatives (Jieqi's branches by what a reveal shows) is malformed.
    #[error("the puzzle's branches are malformed: {0}")]
    Branches(String),
    /// An unknown theme.
    #[error("unknown puzzle theme: {0:?}")]
    Theme(String),
    /// An unknown game.
    #[error("unknown game: {0:?}")]
    Variant(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Puzzle {
        Puzzle {
            id: "x1a".parse().unwrap(),
            variant: Variant::Xiangqi,
            fen: "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1".to_string(),
            moves: vec!["d10d9".into(), "e2d2".into()],
            rating: 1234,
            deviation: 250,
            themes: vec![Theme::MateIn1, Theme::OneMove],
            generator: 1,
        }
    }

    #[test]
    fn the_text_form_reads_back() {
        let p = sample();
        let text = p.to_text();
        assert_eq!(text.split(',').count(), TEXT_HEADER.split(',').count());
        assert_eq!(Puzzle::from_text(&text), Ok(p));
    }

    #[test]
    fn broken_lines_are_typed_errors() {
        let good = sample().to_text();
        let cases = [
            ("", ParsePuzzleError::Columns(1)),
            ("a,b", ParsePuzzleError::Columns(2)),
            (&good.replacen("x1a", "x 1", 1), ParsePuzzleError::Id("x 1".into())),
            (&good.replacen("e2d2", "", 1), ParsePuzzleError::Moves(1)),
            (
                &good.replacen("mateIn1", "mateInOne", 1),
                ParsePuzzleError::Theme("mateInOne".into()),
            ),
            (&good.replacen("xiangqi", "shogi", 1), ParsePuzzleError::Variant("shogi".into())),
            (
                &good.replacen("1234", "12x4", 1),
                ParsePuzzleError::Number { what: "rating", text: "12x4".into() },
            ),
        ];
        for (line, want) in cases {
            assert_eq!(Puzzle::from_text(line), Err(want), "{line}");
        }
    }

    #[test]
    fn theme_names_read_back() {
        for &t in Theme::ALL {
            assert_eq!(t.name().parse::<Theme>(), Ok(t));
        }
    }
}
