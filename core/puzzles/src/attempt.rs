//! The attempt log: every puzzle a player tried, on any device, as an append-only set.
//!
//! An attempt has a unique id (a UUIDv7 made on the device), so two devices' logs merge by
//! union and a sync that sends the same attempt twice changes nothing. Nothing derived is
//! stored: ratings and solved sets come from [`AttemptLog::replay`], which reads the log in a
//! fixed order (the time the attempt started, then the id), so every device and the server
//! compute the same progress from the same set, whatever order the attempts arrived in.
//!
//! # Text form
//! One attempt per line, eight fields separated by tabs (a device name may hold commas and
//! spaces, never a tab):
//!
//! ```text
//! (each \t a tab)
//! <id> <device> <game> <puzzle> <started_ms> <ended_ms> <solved|failed> <rated|casual>
//! 01890a5d-ac96-774b-bcce-b302099a8057\tpixel-7\txiangqi\tx1a\t1690000000000\t1690000042000\tsolved\trated
//! ```
//!
//! The id is the UUID's 36-character text, the game its stable name, the times Unix
//! milliseconds.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt;
use std::str::FromStr;

use rodina_rules::Variant;

use crate::glicko::{Glicko, Rating};
use crate::{Bank, ParsePuzzleError, PuzzleId};

/// The longest device name, in characters.
pub const MAX_DEVICE_CHARS: usize = 64;

/// The highest Unix time in milliseconds a UUIDv7 holds (48 bits: the year 10889).
pub const MAX_UUID_MS: i64 = (1 << 48) - 1;

/// An attempt's id: a UUIDv7 (RFC 9562), so ids made on different devices never collide and
/// sort by the time they were made. Written as the 36-character text
/// (`01890a5d-ac96-774b-bcce-b302099a8057`), in lower case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttemptId([u8; 16]);

impl AttemptId {
    /// The id made at `unix_ms` from 10 random bytes (74 of whose 80 bits are used). The core
    /// has no clock and no random generator: the caller passes both (the device's clock and
    /// the operating system's secure generator).
    pub fn new(unix_ms: i64, random: [u8; 10]) -> Result<AttemptId, AttemptIdError> {
        if !(0..=MAX_UUID_MS).contains(&unix_ms) {
            return Err(AttemptIdError::Time(unix_ms));
        }
        let mut b = [0u8; 16];
        let ms = unix_ms.to_be_bytes();
        b[..6].copy_from_slice(&ms[2..]);
        b[6..].copy_from_slice(&random);
        // Version 7 in the high nibble of byte 6, the RFC variant (binary 10) in byte 8.
        b[6] = 0x70 | (b[6] & 0x0f);
        b[8] = 0x80 | (b[8] & 0x3f);
        Ok(AttemptId(b))
    }

    /// The Unix time in milliseconds the id was made at.
    pub fn unix_ms(&self) -> i64 {
        self.0[..6].iter().fold(0i64, |acc, &b| (acc << 8) | i64::from(b))
    }

    /// The 16 bytes of the UUID.
    pub fn bytes(&self) -> [u8; 16] {
        self.0
    }
}

impl fmt::Display for AttemptId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, b) in self.0.iter().enumerate() {
            if matches!(i, 4 | 6 | 8 | 10) {
                f.write_str("-")?;
            }
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl FromStr for AttemptId {
    type Err = AttemptIdError;

    /// Reads the 36-character text (either case); only a UUIDv7 is an attempt id.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || AttemptIdError::Text(s.chars().take(40).collect());
        let text = s.as_bytes();
        if text.len() != 36 {
            return Err(bad());
        }
        let mut b = [0u8; 16];
        let mut n = 0;
        let mut i = 0;
        while i < 36 {
            if matches!(i, 8 | 13 | 18 | 23) {
                if text[i] != b'-' {
                    return Err(bad());
                }
                i += 1;
                continue;
            }
            let hi = hex(text[i]).ok_or_else(bad)?;
            let lo = hex(text[i + 1]).ok_or_else(bad)?;
            b[n] = (hi << 4) | lo;
            n += 1;
            i += 2;
        }
        if b[6] >> 4 != 7 || b[8] >> 6 != 0b10 {
            return Err(AttemptIdError::NotVersion7(s.to_string()));
        }
        Ok(AttemptId(b))
    }
}

/// The value of one hexadecimal digit.
fn hex(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

/// Why an attempt id could not be made or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttemptIdError {
    /// The time is before 1970 or past what 48 bits of milliseconds hold.
    #[error("a UUIDv7 holds Unix times from 0 to 2^48-1 ms, not {0}")]
    Time(i64),
    /// Not the 36-character text of a UUID.
    #[error("not a UUID: {0:?}")]
    Text(String),
    /// A UUID, but not of version 7 with the RFC variant.
    #[error("not a version 7 UUID: {0}")]
    NotVersion7(String),
}

/// How an attempt ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttemptResult {
    /// Every solver move was right.
    Solved,
    /// A wrong move, or the player asked for the solution.
    Failed,
}

impl AttemptResult {
    /// The word in the text form.
    pub const fn name(self) -> &'static str {
        match self {
            AttemptResult::Solved => "solved",
            AttemptResult::Failed => "failed",
        }
    }
}

/// What an attempt is made of, before it is checked: the fields of [`Attempt::new`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAttempt {
    /// The attempt's id.
    pub id: AttemptId,
    /// The device it was made on (a name the app chooses, 1 to 64 characters).
    pub device: String,
    /// The puzzle.
    pub puzzle: PuzzleId,
    /// The puzzle's game.
    pub variant: Variant,
    /// When the puzzle was shown (Unix ms).
    pub started_ms: i64,
    /// When the attempt ended (Unix ms).
    pub ended_ms: i64,
    /// How it ended.
    pub result: AttemptResult,
    /// Whether the device offered it as rated (the replay still rates only a player's first
    /// attempt of a puzzle).
    pub rated: bool,
}

/// One attempt at a puzzle, checked: a device name of 1 to 64 characters with no control
/// character, times that are not negative, an end no earlier than the start and no later
/// than a UUIDv7 can hold (a later one would pin every attempt after it to that time, and
/// the replay's order of a first attempt and its retry to their random id bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt(NewAttempt);

impl Attempt {
    /// Checks the fields and makes the attempt.
    pub fn new(fields: NewAttempt) -> Result<Attempt, AttemptError> {
        let chars = fields.device.chars().count();
        if chars == 0 || chars > MAX_DEVICE_CHARS || fields.device.chars().any(char::is_control) {
            return Err(AttemptError::Device(fields.device.chars().take(80).collect()));
        }
        if fields.started_ms < 0
            || fields.ended_ms < fields.started_ms
            || fields.ended_ms > MAX_UUID_MS
        {
            return Err(AttemptError::Times {
                started_ms: fields.started_ms,
                ended_ms: fields.ended_ms,
            });
        }
        Ok(Attempt(fields))
    }

    /// The id.
    pub fn id(&self) -> AttemptId {
        self.0.id
    }

    /// The device it was made on.
    pub fn device(&self) -> &str {
        &self.0.device
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &PuzzleId {
        &self.0.puzzle
    }

    /// The puzzle's game.
    pub fn variant(&self) -> Variant {
        self.0.variant
    }

    /// When the puzzle was shown (Unix ms).
    pub fn started_ms(&self) -> i64 {
        self.0.started_ms
    }

    /// When the attempt ended (Unix ms).
    pub fn ended_ms(&self) -> i64 {
        self.0.ended_ms
    }

    /// How it ended.
    pub fn result(&self) -> AttemptResult {
        self.0.result
    }

    /// Whether the device offered it as rated.
    pub fn rated(&self) -> bool {
        self.0.rated
    }

    /// The fields.
    pub fn fields(&self) -> &NewAttempt {
        &self.0
    }

    /// The line of the text form (see the module), without a line end.
    pub fn to_text(&self) -> String {
        let a = &self.0;
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            a.id,
            a.device,
            a.variant.name(),
            a.puzzle,
            a.started_ms,
            a.ended_ms,
            a.result.name(),
            if a.rated { "rated" } else { "casual" }
        )
    }

    /// Reads one line of the text form.
    pub fn from_text(line: &str) -> Result<Attempt, AttemptError> {
        let cols: Vec<&str> = line.trim_end_matches(['\r', '\n']).split('\t').collect();
        let [id, device, variant, puzzle, started, ended, result, rated] = cols[..] else {
            return Err(AttemptError::Columns(cols.len()));
        };
        let number = |what: &'static str, s: &str| {
            s.parse::<i64>().map_err(|_| AttemptError::Number { what, text: s.to_string() })
        };
        let variant = Variant::ALL
            .iter()
            .copied()
            .find(|v| v.name() == variant)
            .ok_or_else(|| AttemptError::Variant(variant.to_string()))?;
        let result = match result {
            "solved" => AttemptResult::Solved,
            "failed" => AttemptResult::Failed,
            other => return Err(AttemptError::Result(other.to_string())),
        };
        let rated = match rated {
            "rated" => true,
            "casual" => false,
            other => return Err(AttemptError::Rated(other.to_string())),
        };
        Attempt::new(NewAttempt {
            id: id.parse()?,
            device: device.to_string(),
            puzzle: puzzle.parse()?,
            variant,
            started_ms: number("start time", started)?,
            ended_ms: number("end time", ended)?,
            result,
            rated,
        })
    }
}

/// Why an attempt is not valid, or a line is not an attempt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AttemptError {
    /// The id is not a UUIDv7.
    #[error(transparent)]
    Id(#[from] AttemptIdError),
    /// The device name is empty, longer than 64 characters or holds a control character.
    #[error("a device name has 1 to 64 characters and no control character: {0:?}")]
    Device(String),
    /// A negative start, or an end before the start.
    #[error("an attempt cannot end ({ended_ms}) before it started ({started_ms})")]
    Times {
        /// The start.
        started_ms: i64,
        /// The end.
        ended_ms: i64,
    },
    /// Not the eight fields of the text form.
    #[error("an attempt line has 8 tab-separated fields, this one {0}")]
    Columns(usize),
    /// The puzzle id is not one.
    #[error(transparent)]
    Puzzle(#[from] ParsePuzzleError),
    /// An unknown game.
    #[error("unknown game: {0:?}")]
    Variant(String),
    /// A time is not a number.
    #[error("the {what} is not a number: {text:?}")]
    Number {
        /// Which field.
        what: &'static str,
        /// Its text.
        text: String,
    },
    /// Neither `solved` nor `failed`.
    #[error("an attempt is solved or failed, not {0:?}")]
    Result(String),
    /// Neither `rated` nor `casual`.
    #[error("an attempt is rated or casual, not {0:?}")]
    Rated(String),
}

/// Why attempts could not join a log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogError {
    /// An attempt that differs from the one the log holds under the same id: ids are unique,
    /// so one of the two is damaged, and neither is overwritten.
    #[error("two different attempts have the id {0}")]
    Conflict(AttemptId),
    /// A line of the text form is not an attempt.
    #[error("line {line}: {error}")]
    Line {
        /// The line, 1 for the first.
        line: usize,
        /// Why.
        error: AttemptError,
    },
}

/// A player's attempts on every device: a set keyed by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttemptLog {
    attempts: BTreeMap<AttemptId, Attempt>,
}

impl AttemptLog {
    /// An empty log.
    pub fn new() -> AttemptLog {
        AttemptLog::default()
    }

    /// Adds an attempt. The same attempt again changes nothing (`Ok(false)`); a different
    /// attempt under an id the log holds is a [`LogError::Conflict`] and the log keeps its own.
    pub fn insert(&mut self, attempt: Attempt) -> Result<bool, LogError> {
        match self.attempts.get(&attempt.id()) {
            Some(held) if *held == attempt => Ok(false),
            Some(_) => Err(LogError::Conflict(attempt.id())),
            None => {
                self.attempts.insert(attempt.id(), attempt);
                Ok(true)
            }
        }
    }

    /// Adds every attempt of `other` (the union of the two logs); how many were new. On a
    /// conflict nothing is added, so a failed merge leaves the log as it was.
    pub fn merge(&mut self, other: &AttemptLog) -> Result<usize, LogError> {
        for (id, attempt) in &other.attempts {
            if self.attempts.get(id).is_some_and(|held| held != attempt) {
                return Err(LogError::Conflict(*id));
            }
        }
        let before = self.attempts.len();
        for (id, attempt) in &other.attempts {
            self.attempts.entry(*id).or_insert_with(|| attempt.clone());
        }
        Ok(self.attempts.len() - before)
    }

    /// The attempt with this id.
    pub fn get(&self, id: &AttemptId) -> Option<&Attempt> {
        self.attempts.get(id)
    }

    /// The number of attempts.
    pub fn len(&self) -> usize {
        self.attempts.len()
    }

    /// Whether the log is empty.
    pub fn is_empty(&self) -> bool {
        self.attempts.is_empty()
    }

    /// The attempts, by id.
    pub fn iter(&self) -> impl Iterator<Item = &Attempt> {
        self.attempts.values()
    }

    /// The attempts in the replay's order: by the time they started, then by id. The start,
    /// not the end: when two devices tried the same puzzle offline, the attempt begun first
    /// is the rated one, however long it took.
    pub fn in_replay_order(&self) -> Vec<&Attempt> {
        let mut order: Vec<&Attempt> = self.attempts.values().collect();
        order.sort_by_key(|a| (a.started_ms(), a.id()));
        order
    }

    /// The log as text: one line per attempt (see the module), by id, each ending in `\n`.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for a in self.attempts.values() {
            text.push_str(&a.to_text());
            text.push('\n');
        }
        text
    }

    /// Reads a log's text (blank lines are skipped).
    pub fn from_text(text: &str) -> Result<AttemptLog, LogError> {
        let mut log = AttemptLog::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let attempt =
                Attempt::from_text(line).map_err(|error| LogError::Line { line: i + 1, error })?;
            log.insert(attempt)?;
        }
        Ok(log)
    }

    /// The player's progress recomputed from the log, with the settings of
    /// [`Glicko::LICHESS`]: see [`AttemptLog::replay_with`].
    pub fn replay(&self, banks: &[&Bank]) -> Progress {
        self.replay_with(banks, &Glicko::LICHESS)
    }

    /// The player's progress recomputed from the log: the attempts in the replay's order (the
    /// time they started, then the id), each counted once.
    ///
    /// - Every attempt counts toward the game's attempts; a solved one puts its puzzle in the
    ///   game's solved set.
    /// - An attempt is rated only if it was marked rated, it is the player's first attempt of
    ///   that puzzle in the replay's order (of any kind: a puzzle already seen, even casually,
    ///   is never rated again, and when two devices both rated their first attempt, the
    ///   earlier one counts), and its puzzle is in the bank of its game among `banks` (the
    ///   puzzle's rating from the bank is its start). It then updates the player's rating in
    ///   that game and the puzzle's.
    ///
    /// The same set of attempts gives the same progress however it was put together.
    pub fn replay_with(&self, banks: &[&Bank], glicko: &Glicko) -> Progress {
        // The replay runs before every choice of a puzzle, over logs of thousands of
        // attempts: the state of a bank's puzzle is kept by its place in the bank, and the
        // sorted sets and maps of ids are built once at the end (ordered maps keyed by text
        // cost a comparison of ids at every step, most of the replay's time).
        let mut state: Vec<Vec<Known>> =
            banks.iter().map(|b| vec![Known::default(); b.len()]).collect();
        // Attempts at puzzles no bank given holds: counted, never rated.
        let mut other_seen: HashSet<(Variant, &PuzzleId)> = HashSet::new();
        let mut solved: BTreeMap<Variant, Vec<&PuzzleId>> = BTreeMap::new();
        let mut games: BTreeMap<Variant, GameProgress> = BTreeMap::new();
        for attempt in self.in_replay_order() {
            let variant = attempt.variant();
            // The first bank of the attempt's game that holds its puzzle, as before the
            // dense state: one (game, id) is always found in the same place.
            let place = banks.iter().enumerate().find_map(|(b, bank)| {
                (bank.variant() == Some(variant))
                    .then(|| bank.position(attempt.puzzle()))
                    .flatten()
                    .map(|p| (b, p))
            });
            let first = match place {
                Some((b, p)) => !std::mem::replace(&mut state[b][p].seen, true),
                None => other_seen.insert((variant, attempt.puzzle())),
            };
            let game = games.entry(variant).or_default();
            game.attempts += 1;
            let is_solved = attempt.result() == AttemptResult::Solved;
            if is_solved {
                solved.entry(variant).or_default().push(attempt.puzzle());
            }
            if first {
                // A streak counts first tries: a retry neither extends nor breaks it.
                game.streak = if is_solved { game.streak + 1 } else { 0 };
                game.best_streak = game.best_streak.max(game.streak);
            }
            let Some((b, p)) = place else { continue };
            if !(first && attempt.rated()) {
                continue;
            }
            let puzzle = &banks[b].puzzles()[p];
            let before = state[b][p].rating.unwrap_or_else(|| {
                Rating::new(f64::from(puzzle.rating), f64::from(puzzle.deviation))
            });
            // The attempt carries no training theme, so no damping applies (see
            // `glicko::puzzle_weight`).
            let (player, puzzle_rating) = glicko.attempt(game.rating, before, is_solved, 1.0);
            game.rating = player;
            game.rated += 1;
            state[b][p].rating = Some(puzzle_rating);
        }
        for (variant, ids) in solved {
            if let Some(game) = games.get_mut(&variant) {
                game.solved = ids.into_iter().cloned().collect();
            }
        }
        let puzzles = banks
            .iter()
            .zip(&state)
            .flat_map(|(bank, known)| {
                bank.puzzles()
                    .iter()
                    .zip(known)
                    .filter_map(|(p, k)| Some((p.id.clone(), k.rating?)))
            })
            .collect();
        Progress { games, puzzles }
    }
}

/// What the replay knows of one puzzle of a bank.
#[derive(Clone, Copy, Default)]
struct Known {
    /// The player has tried it.
    seen: bool,
    /// Its rating after the player's rated attempt at it.
    rating: Option<Rating>,
}

/// What a player has done in one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameProgress {
    /// The player's puzzle rating in this game.
    pub rating: Rating,
    /// The puzzles solved at least once.
    pub solved: BTreeSet<PuzzleId>,
    /// The attempts made.
    pub attempts: usize,
    /// The attempts that were rated.
    pub rated: usize,
    /// Puzzles solved at the first try in a row, up to the last first try.
    pub streak: usize,
    /// The longest such run.
    pub best_streak: usize,
}

/// A player's progress, recomputed from the attempt log by [`AttemptLog::replay`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    games: BTreeMap<Variant, GameProgress>,
    puzzles: BTreeMap<PuzzleId, Rating>,
}

impl Progress {
    /// The player's progress in `variant`, if they tried any of its puzzles.
    pub fn game(&self, variant: Variant) -> Option<&GameProgress> {
        self.games.get(&variant)
    }

    /// The player's rating in `variant` (the start rating if they have none yet).
    pub fn rating(&self, variant: Variant) -> Rating {
        self.games.get(&variant).map(|g| g.rating).unwrap_or_default()
    }

    /// Whether the player has solved the puzzle `id` of `variant`.
    pub fn is_solved(&self, variant: Variant, id: &PuzzleId) -> bool {
        self.games.get(&variant).is_some_and(|g| g.solved.contains(id))
    }

    /// A puzzle's rating after this player's rated attempt at it, if there was one: what the
    /// player's own attempts did to it, to be sent on to whoever rates puzzles for everyone.
    pub fn puzzle_rating(&self, id: &PuzzleId) -> Option<Rating> {
        self.puzzles.get(id).copied()
    }

    /// The games the player tried, with their progress.
    pub fn games(&self) -> impl Iterator<Item = (Variant, &GameProgress)> {
        self.games.iter().map(|(v, g)| (*v, g))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::select::SplitMix64;
    use crate::{Puzzle, Theme};

    fn id(ms: i64, n: u64) -> AttemptId {
        let mut random = [0u8; 10];
        random[2..].copy_from_slice(&n.to_be_bytes());
        AttemptId::new(ms, random).unwrap()
    }

    fn attempt(ms: i64, n: u64, device: &str, puzzle: &str, solved: bool, rated: bool) -> Attempt {
        Attempt::new(NewAttempt {
            id: id(ms, n),
            device: device.to_string(),
            puzzle: puzzle.parse().unwrap(),
            variant: Variant::Xiangqi,
            started_ms: ms,
            ended_ms: ms + 1000,
            result: if solved { AttemptResult::Solved } else { AttemptResult::Failed },
            rated,
        })
        .unwrap()
    }

    fn bank(n: usize) -> Bank {
        bank_of(Variant::Xiangqi, n)
    }

    /// `n` puzzles of `variant`, named by the game's letter and a number.
    fn bank_of(variant: Variant, n: usize) -> Bank {
        let letter = &variant.name()[..1];
        let puzzles = (0..n)
            .map(|i| Puzzle {
                id: format!("{letter}{i}").parse().unwrap(),
                variant,
                fen: "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1".to_string(),
                moves: vec!["d10d9".into(), "e2d2".into()],
                rating: 1000 + (i as u16 * 37) % 1200,
                deviation: 80,
                themes: vec![Theme::MateIn1, Theme::OneMove],
                generator: 1,
            })
            .collect();
        Bank::from_puzzles(puzzles).unwrap()
    }

    #[test]
    fn ids_are_uuid_v7_and_read_back() {
        let id = AttemptId::new(0x0189_0a5d_ac96, [0xff; 10]).unwrap();
        let text = id.to_string();
        assert_eq!(text, "01890a5d-ac96-7fff-bfff-ffffffffffff");
        assert_eq!(text.parse::<AttemptId>(), Ok(id));
        assert_eq!(text.to_uppercase().parse::<AttemptId>(), Ok(id));
        assert_eq!(id.unix_ms(), 0x0189_0a5d_ac96);
        let zero = AttemptId::new(0, [0; 10]).unwrap();
        assert_eq!(zero.to_string(), "00000000-0000-7000-8000-000000000000");
        assert!(zero < id);
    }

    #[test]
    fn bad_ids_are_typed_errors() {
        assert_eq!(AttemptId::new(-1, [0; 10]), Err(AttemptIdError::Time(-1)));
        assert_eq!(AttemptId::new(1 << 48, [0; 10]), Err(AttemptIdError::Time(1 << 48)));
        for text in [
            "",
            "01890a5d-ac96-7fff-bfff-fffffffffff",
            "01890a5d-ac96-7fff-bfff-fffffffffffff",
            "01890a5dxac96-7fff-bfff-ffffffffffff",
            "01890a5d-ac96-7fff-bfff-fffffffffffg",
            "01890a5d-ac96-7fff-bfff-ffffffffffé",
        ] {
            assert!(matches!(text.parse::<AttemptId>(), Err(AttemptIdError::Text(_))), "{text}");
        }
        // Version 4, and version 7 with another variant.
        for text in ["01890a5d-ac96-4fff-bfff-ffffffffffff", "01890a5d-ac96-7fff-7fff-ffffffffffff"]
        {
            assert!(matches!(text.parse::<AttemptId>(), Err(AttemptIdError::NotVersion7(_))));
        }
    }

    #[test]
    fn attempts_are_checked() {
        let good = attempt(1_000, 1, "phone", "x1", true, true);
        let with = |f: &dyn Fn(&mut NewAttempt)| {
            let mut fields = good.fields().clone();
            f(&mut fields);
            Attempt::new(fields)
        };
        assert!(matches!(with(&|a| a.device.clear()), Err(AttemptError::Device(_))));
        assert!(matches!(with(&|a| a.device = "x".repeat(65)), Err(AttemptError::Device(_))));
        assert!(with(&|a| a.device = "ž".repeat(64)).is_ok());
        assert!(matches!(with(&|a| a.device = "a\tb".into()), Err(AttemptError::Device(_))));
        assert!(matches!(with(&|a| a.ended_ms = 999), Err(AttemptError::Times { .. })));
        assert!(matches!(
            with(&|a| {
                a.started_ms = -5;
                a.ended_ms = 0
            }),
            Err(AttemptError::Times { .. })
        ));
        assert!(with(&|a| a.ended_ms = a.started_ms).is_ok());
        // No later than a UUIDv7 holds.
        assert!(with(&|a| a.ended_ms = MAX_UUID_MS).is_ok());
        assert!(matches!(with(&|a| a.ended_ms = MAX_UUID_MS + 1), Err(AttemptError::Times { .. })));
    }

    #[test]
    fn the_text_form_reads_back() {
        let a = attempt(1_690_000_000_000, 7, "pixel 7, work", "x1a", false, false);
        let text = a.to_text();
        assert_eq!(text.split('\t').count(), 8);
        assert_eq!(Attempt::from_text(&text), Ok(a.clone()));
        let b = attempt(1_690_000_000_500, 8, "ipad", "x1b", true, true);
        let mut log = AttemptLog::new();
        log.insert(a).unwrap();
        log.insert(b).unwrap();
        assert_eq!(AttemptLog::from_text(&log.to_text()), Ok(log));
    }

    #[test]
    fn malformed_lines_are_typed_errors() {
        let good = attempt(1_000, 1, "phone", "x1", true, true).to_text();
        let cols: Vec<&str> = good.split('\t').collect();
        let with = |i: usize, v: &str| {
            let mut c = cols.clone();
            c[i] = v;
            Attempt::from_text(&c.join("\t"))
        };
        assert_eq!(Attempt::from_text(""), Err(AttemptError::Columns(1)));
        assert_eq!(Attempt::from_text(&good.replace('\t', ",")), Err(AttemptError::Columns(1)));
        assert!(matches!(with(0, "nope"), Err(AttemptError::Id(_))));
        assert!(matches!(with(1, ""), Err(AttemptError::Device(_))));
        assert_eq!(with(2, "shogi"), Err(AttemptError::Variant("shogi".into())));
        assert!(matches!(with(3, "x-1"), Err(AttemptError::Puzzle(_))));
        assert!(matches!(with(4, "1e3"), Err(AttemptError::Number { .. })));
        assert!(matches!(with(5, "10"), Err(AttemptError::Times { .. })));
        assert_eq!(with(6, "won"), Err(AttemptError::Result("won".into())));
        assert_eq!(with(7, "yes"), Err(AttemptError::Rated("yes".into())));
        let text = format!("{good}\n\nbroken\n");
        assert!(matches!(AttemptLog::from_text(&text), Err(LogError::Line { line: 3, .. })));
    }

    #[test]
    fn insert_is_idempotent_and_refuses_conflicts() {
        let a = attempt(1_000, 1, "phone", "x1", true, true);
        let mut log = AttemptLog::new();
        assert_eq!(log.insert(a.clone()), Ok(true));
        assert_eq!(log.insert(a.clone()), Ok(false));
        assert_eq!(log.len(), 1);
        let mut other = a.fields().clone();
        other.result = AttemptResult::Failed;
        let other = Attempt::new(other).unwrap();
        assert_eq!(log.insert(other.clone()), Err(LogError::Conflict(a.id())));
        assert_eq!(log.get(&a.id()), Some(&a));
        // A merge with a conflict adds nothing at all.
        let mut theirs = AttemptLog::new();
        theirs.insert(attempt(5_000, 2, "tablet", "x2", true, true)).unwrap();
        theirs.insert(other).unwrap();
        let before = log.clone();
        assert_eq!(log.merge(&theirs), Err(LogError::Conflict(a.id())));
        assert_eq!(log, before);
    }

    #[test]
    fn only_the_first_attempt_of_a_puzzle_is_rated() {
        let bank = bank(10);
        let mut log = AttemptLog::new();
        // Two devices both rated their first try of x1; the phone's started first.
        log.insert(attempt(2_000, 1, "tablet", "x1", false, true)).unwrap();
        log.insert(attempt(1_000, 2, "phone", "x1", true, true)).unwrap();
        // A casual look at x2, then a rated attempt: never rated.
        log.insert(attempt(3_000, 3, "phone", "x2", false, false)).unwrap();
        log.insert(attempt(4_000, 4, "phone", "x2", true, true)).unwrap();
        // A rated attempt at a puzzle no bank has: counts as solved, not rated.
        log.insert(attempt(5_000, 5, "phone", "zz9", true, true)).unwrap();
        let progress = log.replay(&[&bank]);
        let game = progress.game(Variant::Xiangqi).unwrap();
        assert_eq!((game.attempts, game.rated), (5, 1));
        let solved: Vec<&str> = game.solved.iter().map(PuzzleId::as_str).collect();
        assert_eq!(solved, ["x1", "x2", "zz9"]);
        // The rated one was the phone's win.
        assert!(game.rating.rating > 1500.0);
        let x1: PuzzleId = "x1".parse().unwrap();
        let puzzle = bank.get(&x1).unwrap();
        assert!(progress.puzzle_rating(&x1).unwrap().rating < f64::from(puzzle.rating));
        assert_eq!(progress.puzzle_rating(&"x2".parse().unwrap()), None);
        assert!(progress.is_solved(Variant::Xiangqi, &x1));
        assert!(!progress.is_solved(Variant::Jieqi, &x1));
        assert_eq!(progress.rating(Variant::Jieqi), Rating::default());
    }

    #[test]
    fn the_attempt_begun_first_is_the_rated_one_however_long_it_took() {
        let bank = bank(10);
        let mut log = AttemptLog::new();
        // The phone began x1 at 1 s and took a minute; the tablet began at 2 s and was done
        // at 3 s. Both rated, offline: the phone's failure counts, the tablet's solve does not.
        let mut slow = attempt(1_000, 1, "phone", "x1", false, true).fields().clone();
        slow.ended_ms = 61_000;
        log.insert(Attempt::new(slow).unwrap()).unwrap();
        log.insert(attempt(2_000, 2, "tablet", "x1", true, true)).unwrap();
        let game = log.replay(&[&bank]).game(Variant::Xiangqi).cloned().unwrap();
        assert_eq!((game.attempts, game.rated), (2, 1));
        assert!(game.rating.rating < 1500.0, "{:?}", game.rating);
        assert!(game.solved.contains(&"x1".parse().unwrap()));
    }

    /// The replay as its rule reads, with ordered maps by id: the oracle of the replay's
    /// faster bookkeeping by place in the bank.
    fn replay_by_the_rule(log: &AttemptLog, banks: &[&Bank]) -> Progress {
        let glicko = Glicko::LICHESS;
        let mut progress = Progress::default();
        let mut seen = BTreeSet::new();
        for attempt in log.in_replay_order() {
            let variant = attempt.variant();
            let first = seen.insert((variant, attempt.puzzle().clone()));
            let game = progress.games.entry(variant).or_default();
            game.attempts += 1;
            let solved = attempt.result() == AttemptResult::Solved;
            if solved {
                game.solved.insert(attempt.puzzle().clone());
            }
            if first {
                game.streak = if solved { game.streak + 1 } else { 0 };
                game.best_streak = game.best_streak.max(game.streak);
            }
            let puzzle = banks
                .iter()
                .filter(|b| b.variant() == Some(variant))
                .find_map(|b| b.get(attempt.puzzle()));
            let Some(puzzle) = puzzle.filter(|_| first && attempt.rated()) else { continue };
            let before = progress.puzzles.get(&puzzle.id).copied().unwrap_or_else(|| {
                Rating::new(f64::from(puzzle.rating), f64::from(puzzle.deviation))
            });
            let (player, rating) = glicko.attempt(game.rating, before, solved, 1.0);
            game.rating = player;
            game.rated += 1;
            progress.puzzles.insert(puzzle.id.clone(), rating);
        }
        progress
    }

    #[test]
    fn the_replay_keeps_its_rule_over_two_games_and_unknown_puzzles() {
        let xiangqi = bank(120);
        let jieqi = bank_of(Variant::Jieqi, 80);
        let mut rng = SplitMix64::new(7);
        for round in 0..20 {
            let mut log = AttemptLog::new();
            for n in 0..400u64 {
                let ms = 1_000_000 + (rng.next() % 200) as i64 * 1000;
                // Some ids in neither bank, and some of one game's ids tried as the other's.
                let (variant, puzzle) = match rng.next() % 4 {
                    0 | 1 => (Variant::Xiangqi, format!("x{}", rng.next() % 140)),
                    2 => (Variant::Jieqi, format!("j{}", rng.next() % 100)),
                    _ => (Variant::Jieqi, format!("x{}", rng.next() % 20)),
                };
                let mut fields =
                    attempt(ms, n, "phone", &puzzle, rng.next() % 3 != 0, rng.next() % 4 != 0)
                        .fields()
                        .clone();
                fields.variant = variant;
                log.insert(Attempt::new(fields).unwrap()).unwrap();
            }
            let banks = [&xiangqi, &jieqi];
            let want = replay_by_the_rule(&log, &banks);
            assert!(want.game(Variant::Jieqi).is_some_and(|g| g.rated > 20), "round {round}");
            assert_eq!(log.replay(&banks), want, "round {round}");
        }
    }

    #[test]
    fn a_union_replays_the_same_in_any_order() {
        let bank = bank(200);
        let mut rng = SplitMix64::new(42);
        let mut all = Vec::new();
        for n in 0..600u64 {
            let device = ["phone", "tablet", "web"][(rng.next() % 3) as usize];
            // Times collide on purpose, so that the order falls back to the ids.
            let ms = 1_000_000 + (rng.next() % 300) as i64 * 1000;
            let puzzle = format!("x{}", rng.next() % 250);
            let solved = rng.next() % 3 != 0;
            let rated = rng.next() % 5 != 0;
            all.push(attempt(ms, n, device, &puzzle, solved, rated));
        }
        let whole = {
            let mut log = AttemptLog::new();
            for a in &all {
                log.insert(a.clone()).unwrap();
            }
            log
        };
        let want = whole.replay(&[&bank]);
        assert!(want.game(Variant::Xiangqi).is_some_and(|g| g.rated > 100));
        for round in 0..50 {
            // Shuffle, split into two devices' logs that overlap, merge, replay.
            let mut order = all.clone();
            rng.shuffle(&mut order);
            let cut = (rng.next() % order.len() as u64) as usize;
            let overlap = (rng.next() % 50) as usize;
            let (mut a, mut b) = (AttemptLog::new(), AttemptLog::new());
            for (i, x) in order.iter().enumerate() {
                if i < cut + overlap {
                    a.insert(x.clone()).unwrap();
                }
                if i + overlap >= cut {
                    b.insert(x.clone()).unwrap();
                }
            }
            let mut merged = if round % 2 == 0 { a.clone() } else { b.clone() };
            merged.merge(if round % 2 == 0 { &b } else { &a }).unwrap();
            // Merging again changes nothing.
            assert_eq!(merged.merge(&a), Ok(0));
            assert_eq!(merged, whole);
            assert_eq!(merged.replay(&[&bank]), want, "round {round}");
        }
    }
}
