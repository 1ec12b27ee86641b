//! The puzzle banks: every puzzle of one game, shipped inside the library.
//!
//! The source of truth is committed text, `core/puzzles/banks/<game>.csv`: the header
//! [`TEXT_HEADER`] and one [`Puzzle::to_text`] line per puzzle. `build.rs` turns each into a
//! compact form (see the `compact` module: constant columns dropped, small dictionaries,
//! rating bytes in planes, then DEFLATE) in the build's output directory, which the library
//! embeds; there is no second committed copy. A game whose CSV is absent or holds only the
//! header has an empty bank.

use std::collections::HashMap;

use rodina_rules::Variant;

use crate::compact::{self, CompactError};
use crate::select::RatingIndex;
use crate::{ParsePuzzleError, Puzzle, PuzzleId, TEXT_HEADER};

/// The compact bank of each game, made by `build.rs`.
const EMBEDDED: [(Variant, &[u8]); 4] = [
    (Variant::Xiangqi, include_bytes!(concat!(env!("OUT_DIR"), "/xiangqi.bank"))),
    (Variant::Jieqi, include_bytes!(concat!(env!("OUT_DIR"), "/jieqi.bank"))),
    (Variant::JesonMor, include_bytes!(concat!(env!("OUT_DIR"), "/jesonmor.bank"))),
    (Variant::Friendly, include_bytes!(concat!(env!("OUT_DIR"), "/friendly.bank"))),
];

/// The compact bytes embedded for `variant`: what [`Bank::embedded`] reads.
pub fn embedded_bytes(variant: Variant) -> &'static [u8] {
    EMBEDDED.iter().find(|(v, _)| *v == variant).map_or(&[], |(_, b)| *b)
}

/// The puzzles of one game, with lookup by id and an index by rating.
#[derive(Clone, Debug, Default)]
pub struct Bank {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<PuzzleId, usize>,
    index: RatingIndex,
}

impl PartialEq for Bank {
    /// Banks are equal when they hold the same puzzles in the same order (the rest is
    /// derived from them).
    fn eq(&self, other: &Bank) -> bool {
        self.puzzles == other.puzzles
    }
}

impl Eq for Bank {}

impl Bank {
    /// The bank of `variant` shipped in the library.
    pub fn embedded(variant: Variant) -> Result<Bank, BankError> {
        let bank = Bank::from_compact(embedded_bytes(variant))?;
        if let Some(found) = bank.variant().filter(|&v| v != variant) {
            return Err(BankError::WrongGame { want: variant, found });
        }
        Ok(bank)
    }

    /// Reads a bank from its compact form.
    pub fn from_compact(bytes: &[u8]) -> Result<Bank, BankError> {
        Bank::from_text(&compact::decode(bytes)?)
    }

    /// The compact form of the bank (what `build.rs` embeds for its CSV).
    pub fn to_compact(&self) -> Vec<u8> {
        compact::encode(&self.to_text())
    }

    /// Reads a bank's text: the header line, then one puzzle per line. An empty text is an
    /// empty bank; blank lines are skipped; every puzzle must be of one game, with an id no
    /// other puzzle has.
    pub fn from_text(text: &str) -> Result<Bank, BankError> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            None => return Ok(Bank::default()),
            Some((_, header)) if header == TEXT_HEADER => {}
            Some((_, header)) => {
                return Err(BankError::Header(header.chars().take(200).collect()));
            }
        }
        let mut puzzles = Vec::new();
        let mut lines_of = Vec::new();
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let puzzle =
                Puzzle::from_text(line).map_err(|error| BankError::Line { line: i + 1, error })?;
            puzzles.push(puzzle);
            lines_of.push(i + 1);
        }
        Bank::build(puzzles, |k| lines_of.get(k).copied().unwrap_or(k + 2))
    }

    /// A bank of `puzzles` (for banks made in code: the generator, tests, benchmarks). Errors
    /// name the line each puzzle would have in [`Bank::to_text`] (the first puzzle's is 2).
    pub fn from_puzzles(puzzles: Vec<Puzzle>) -> Result<Bank, BankError> {
        Bank::build(puzzles, |k| k + 2)
    }

    /// Checks `puzzles` and builds the lookups; `line` says where puzzle `k` came from.
    fn build(puzzles: Vec<Puzzle>, line: impl Fn(usize) -> usize) -> Result<Bank, BankError> {
        let mut by_id = HashMap::with_capacity(puzzles.len());
        let variant = puzzles.first().map(|p| p.variant);
        for (k, p) in puzzles.iter().enumerate() {
            if let Some(want) = variant.filter(|&v| v != p.variant) {
                return Err(BankError::MixedGames { line: line(k), want, found: p.variant });
            }
            if by_id.insert(p.id.clone(), k).is_some() {
                return Err(BankError::Duplicate { line: line(k), id: p.id.clone() });
            }
        }
        let index = RatingIndex::new(&puzzles);
        Ok(Bank { puzzles, by_id, index })
    }

    /// The bank's text: the header and one line per puzzle, each ending in `\n`.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(TEXT_HEADER.len() + 1 + self.puzzles.len() * 120);
        text.push_str(TEXT_HEADER);
        text.push('\n');
        for p in &self.puzzles {
            text.push_str(&p.to_text());
            text.push('\n');
        }
        text
    }

    /// The game of the bank's puzzles (`None` for an empty bank).
    pub fn variant(&self) -> Option<Variant> {
        self.puzzles.first().map(|p| p.variant)
    }

    /// The puzzle with this id.
    pub fn get(&self, id: &PuzzleId) -> Option<&Puzzle> {
        self.position(id).and_then(|i| self.puzzles.get(i))
    }

    /// The puzzles, in the bank's order.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzles, in the bank's order.
    pub fn iter(&self) -> std::slice::Iter<'_, Puzzle> {
        self.puzzles.iter()
    }

    /// The number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether the bank has no puzzle.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The place of `id` in the bank's order.
    pub(crate) fn position(&self, id: &PuzzleId) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// The puzzles by rating.
    pub(crate) fn rating_index(&self) -> &RatingIndex {
        &self.index
    }
}

impl<'a> IntoIterator for &'a Bank {
    type Item = &'a Puzzle;
    type IntoIter = std::slice::Iter<'a, Puzzle>;

    fn into_iter(self) -> Self::IntoIter {
        self.puzzles.iter()
    }
}

/// Why a bank could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BankError {
    /// The compact bytes are damaged.
    #[error("the puzzle bank's bytes are damaged: {0}")]
    Compact(#[from] CompactError),
    /// The first line is not the header of the text form.
    #[error("line 1: a puzzle bank starts with its header, not {0:?}")]
    Header(String),
    /// A line is not a puzzle.
    #[error("line {line}: {error}")]
    Line {
        /// The line, 1 for the header.
        line: usize,
        /// Why.
        error: ParsePuzzleError,
    },
    /// Two puzzles with one id.
    #[error("line {line}: a second puzzle with the id {id}")]
    Duplicate {
        /// The line of the second.
        line: usize,
        /// The id.
        id: PuzzleId,
    },
    /// Puzzles of two games in one bank.
    #[error("line {line}: a {found} puzzle in a bank of {want} puzzles")]
    MixedGames {
        /// The line of the first puzzle of another game.
        line: usize,
        /// The game of the bank's first puzzle.
        want: Variant,
        /// The other game.
        found: Variant,
    },
    /// The bank shipped for one game holds another game's puzzles.
    #[error("the {want} bank holds {found} puzzles")]
    WrongGame {
        /// The game asked for.
        want: Variant,
        /// The game found.
        found: Variant,
    },
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::path::PathBuf;

    use super::*;
    use crate::Theme;
    use crate::select::SplitMix64;

    /// The committed CSV of `variant`, or nothing if there is none.
    fn csv(variant: Variant) -> String {
        let path: PathBuf =
            [env!("CARGO_MANIFEST_DIR"), "banks", &format!("{}.csv", variant.name())]
                .iter()
                .collect();
        std::fs::read_to_string(path).unwrap_or_default()
    }

    fn sample(n: usize) -> Bank {
        let mut rng = SplitMix64::new(5);
        let puzzles = (0..n)
            .map(|i| Puzzle {
                id: format!("j{i:05}").parse().unwrap(),
                variant: Variant::JesonMor,
                fen: format!("{}n4/9/9/9/4N4/9/9/9/4N4 b - - {} {}", i % 5, i % 40, 1 + i % 90),
                moves: vec!["e9d7".into(), "e5c4".into(), "d7c5".into(), "c4e5".into()],
                rating: 600 + rng.below(2000) as u16,
                deviation: [75, 80, 95][i % 3],
                themes: vec![Theme::Centre, Theme::of_length(1 + i % 2)],
                generator: 1,
            })
            .collect();
        Bank::from_puzzles(puzzles).unwrap()
    }

    #[test]
    fn every_embedded_bank_is_its_csv() {
        let mut ids = HashSet::new();
        for &variant in Variant::ALL {
            let text = csv(variant);
            let bytes = embedded_bytes(variant);
            assert_eq!(compact::decode(bytes).as_deref(), Ok(text.as_str()), "{variant}");
            let bank = Bank::embedded(variant).unwrap();
            assert_eq!(bank, Bank::from_text(&text).unwrap(), "{variant}");
            if !text.is_empty() {
                assert_eq!(bank.to_text(), text, "{variant}: the CSV is not in canonical form");
            }
            for p in &bank {
                assert_eq!(p.variant, variant);
                assert!(ids.insert(p.id.clone()), "{} is in two banks", p.id);
                assert_eq!(bank.get(&p.id), Some(p));
            }
        }
    }

    #[test]
    fn text_and_compact_forms_read_back() {
        let bank = sample(500);
        assert_eq!(Bank::from_text(&bank.to_text()), Ok(bank.clone()));
        let bytes = bank.to_compact();
        assert_eq!(Bank::from_compact(&bytes), Ok(bank.clone()));
        assert!(bytes.len() * 4 < bank.to_text().len(), "{} bytes", bytes.len());
        assert_eq!(bank.variant(), Some(Variant::JesonMor));
        assert_eq!(bank.len(), 500);
        let id: PuzzleId = "j00042".parse().unwrap();
        assert_eq!(bank.get(&id).map(|p| &p.id), Some(&id));
        assert_eq!(bank.get(&"nope".parse().unwrap()), None);
    }

    #[test]
    fn empty_banks() {
        for text in ["", TEXT_HEADER, &format!("{TEXT_HEADER}\n"), &format!("{TEXT_HEADER}\r\n\n")]
        {
            let bank = Bank::from_text(text).unwrap();
            assert!(bank.is_empty() && bank.variant().is_none());
        }
        let empty = Bank::default();
        assert_eq!(empty.to_text(), format!("{TEXT_HEADER}\n"));
        assert_eq!(Bank::from_compact(&empty.to_compact()), Ok(empty));
    }

    #[test]
    fn bad_lines_say_where() {
        let bank = sample(3);
        let text = bank.to_text();
        let lines: Vec<&str> = text.lines().collect();
        let with = |k: usize, line: &str| {
            let mut l = lines.clone();
            l[k] = line;
            Bank::from_text(&l.join("\n"))
        };
        assert!(matches!(with(0, "id,fen"), Err(BankError::Header(_))));
        assert!(matches!(with(2, "broken"), Err(BankError::Line { line: 3, .. })));
        assert_eq!(
            with(3, lines[1]),
            Err(BankError::Duplicate { line: 4, id: "j00000".parse().unwrap() })
        );
        let xiangqi = lines[2].replace("jesonmor", "xiangqi");
        assert_eq!(
            with(2, &xiangqi),
            Err(BankError::MixedGames {
                line: 3,
                want: Variant::JesonMor,
                found: Variant::Xiangqi
            })
        );
        // Blank lines are skipped, and the lines after them still say where they are.
        let spaced = format!("{}\n\n{}\nbroken\n", lines[0], lines[1]);
        assert!(matches!(Bank::from_text(&spaced), Err(BankError::Line { line: 4, .. })));
    }

    #[test]
    fn damaged_bytes_are_errors_not_panics() {
        let bank = sample(200);
        let bytes = bank.to_compact();
        let mut rng = SplitMix64::new(77);
        let mut errors = 0;
        for round in 0..3000 {
            let mut damaged = bytes.clone();
            match round % 4 {
                // One bit flipped.
                0 => {
                    let i = rng.below(damaged.len() as u64) as usize;
                    damaged[i] ^= 1 << rng.below(8);
                }
                // A few random bytes.
                1 => {
                    for _ in 0..1 + rng.below(4) {
                        let i = rng.below(damaged.len() as u64) as usize;
                        damaged[i] = rng.next() as u8;
                    }
                }
                // Cut short.
                2 => damaged.truncate(rng.below(damaged.len() as u64) as usize),
                // Bytes inserted.
                _ => {
                    let i = rng.below(damaged.len() as u64 + 1) as usize;
                    damaged.insert(i, rng.next() as u8);
                }
            }
            match Bank::from_compact(&damaged) {
                Ok(b) => assert!(damaged == bytes || b.len() <= 201),
                Err(_) => errors += 1,
            }
        }
        assert!(errors > 2900, "{errors} of 3000 damaged banks were refused");
        // Damaged payloads behind a good zlib stream: the columns' own checks.
        let payload_cases: [&[u8]; 4] = [&[], &[1], &[1, 1, 0], &[0xff; 12]];
        for payload in payload_cases {
            let mut b = b"RPB\x01\x01".to_vec();
            b.extend(miniz_oxide::deflate::compress_to_vec_zlib(payload, 6));
            assert!(Bank::from_compact(&b).is_err());
        }
    }
}
