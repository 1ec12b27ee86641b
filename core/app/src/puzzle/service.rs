//! The puzzles' service: the banks, the player's progress replayed from the log, the next
//! puzzle chosen for them, and attempts written to the log.
//!
//! Nothing derived is stored: the rating and the solved set are replayed from the game's log
//! whenever they are needed ([`Puzzles::progress`], [`Puzzles::next`]), so a choice is always
//! re-targeted at the rating the last attempt left, and a log merged from another device
//! later gives the same progress on both.

use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use rand::TryRngCore;
use rand::rngs::OsRng;
use rodina_puzzles::{Attempt, AttemptLog, Bank, BankError, PuzzleId, Request, Selector};
use rodina_rules::Variant;

use crate::error::PuzzleError;
use crate::puzzle::model::{PuzzleProgress, RatingView, Recorded};
use crate::puzzle::session::{PuzzleSession, Seating};
use crate::store::Store;

/// Every game's puzzle bank, read once.
#[derive(Clone, Debug)]
pub struct Puzzles {
    /// Each game's bank, or why it cannot be read (one damaged bank leaves the others
    /// usable).
    banks: BTreeMap<Variant, Result<Arc<Bank>, BankError>>,
}

/// A count for the screens (a bank or a log holds far fewer than four billion).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Puzzles {
    /// The banks shipped in the library. A damaged one is reported when its game's puzzles
    /// are asked for ([`PuzzleError::Bank`]).
    pub fn embedded() -> Puzzles {
        let banks = Variant::ALL.iter().map(|&v| (v, Bank::embedded(v).map(Arc::new))).collect();
        Puzzles { banks }
    }

    /// Banks given as text (for tests and previews): each is a bank's text form (its header
    /// and one puzzle per line) of one game. A game no text is given for has no puzzles.
    pub fn from_banks(texts: &[&str]) -> Result<Puzzles, PuzzleError> {
        let mut banks: BTreeMap<Variant, Result<Arc<Bank>, BankError>> =
            Variant::ALL.iter().map(|&v| (v, Ok(Arc::new(Bank::default())))).collect();
        let mut given = Vec::new();
        for text in texts {
            let bank = Bank::from_text(text).map_err(|e| PuzzleError::BankText(e.to_string()))?;
            let Some(variant) = bank.variant() else { continue };
            if given.contains(&variant) {
                return Err(PuzzleError::BankText(format!("two banks of {variant}")));
            }
            given.push(variant);
            banks.insert(variant, Ok(Arc::new(bank)));
        }
        Ok(Puzzles { banks })
    }

    /// The test banks, with `variant`'s bank unreadable for `error`.
    #[cfg(test)]
    pub(crate) fn with_bank_error(variant: Variant, error: BankError) -> Puzzles {
        let mut puzzles = Puzzles::from_banks(&[]).unwrap_or_else(|_| Puzzles::embedded());
        puzzles.banks.insert(variant, Err(error));
        puzzles
    }

    /// The bank of `variant`.
    pub fn bank(&self, variant: Variant) -> Result<Arc<Bank>, PuzzleError> {
        match self.banks.get(&variant) {
            Some(Ok(bank)) => Ok(Arc::clone(bank)),
            Some(Err(error)) => Err(PuzzleError::Bank { variant, error: error.clone() }),
            None => Ok(Arc::new(Bank::default())),
        }
    }

    /// The player's progress in `variant`'s puzzles, replayed from the log.
    pub fn progress(&self, store: &Store, variant: Variant) -> Result<PuzzleProgress, PuzzleError> {
        let bank = self.bank(variant)?;
        let log = store.puzzle_attempts(variant)?;
        let progress = log.replay(&[&bank]);
        let game = progress.game(variant);
        Ok(PuzzleProgress {
            variant,
            rating: RatingView::from(progress.rating(variant)),
            solved: count(game.map_or(0, |g| g.solved.len())),
            attempts: count(game.map_or(0, |g| g.attempts)),
            rated: count(game.map_or(0, |g| g.rated)),
            puzzles: count(bank.len()),
            difficulty: store.puzzle_difficulty(variant)?,
        })
    }

    /// The next puzzle of `variant` for the player: near their rating (replayed from the log
    /// now, so re-targeted after every attempt) moved by the difficulty they chose, never one
    /// they solved, one they tried before (and failed) only once every other is tried, and
    /// not `last` (the one just played) while another is left. `None` when the bank has no
    /// puzzle left to offer.
    pub fn next(
        &self,
        store: &Store,
        variant: Variant,
        last: Option<&str>,
    ) -> Result<Option<PuzzleSession>, PuzzleError> {
        let bank = self.bank(variant)?;
        let log = store.puzzle_attempts(variant)?;
        let progress = log.replay(&[&bank]);
        let tried: HashSet<&PuzzleId> = log.iter().map(Attempt::puzzle).collect();
        let last: Option<PuzzleId> = last.and_then(|id| id.parse().ok());
        let mut seed = [0u8; 8];
        OsRng.try_fill_bytes(&mut seed).map_err(|e| PuzzleError::Randomness(e.to_string()))?;
        let request = Request {
            rating: progress.rating(variant).rating,
            difficulty: store.puzzle_difficulty(variant)?,
            last: last.as_ref(),
            seed: u64::from_le_bytes(seed),
        };
        // An unrated retry teaches less than a new puzzle: one failed before comes back only
        // once every other has been tried, and the one just played only when nothing else
        // is left.
        let fresh = Selector::new(&bank, |id| tried.contains(id));
        let chosen = match fresh.next(&request) {
            Some(p) => Some(p.clone()),
            None => {
                let again = Selector::new(&bank, |id| progress.is_solved(variant, id));
                again
                    .next(&request)
                    .or_else(|| again.next(&Request { last: None, ..request }))
                    .cloned()
            }
        };
        let Some(puzzle) = chosen else { return Ok(None) };
        let seating = self.seating(store, &log, &puzzle.id, progress.rating(variant), &bank)?;
        PuzzleSession::new(puzzle, seating).map(Some)
    }

    /// Puzzle `id` of `variant` (a link, a test).
    pub fn open(
        &self,
        store: &Store,
        variant: Variant,
        id: &str,
    ) -> Result<PuzzleSession, PuzzleError> {
        let bank = self.bank(variant)?;
        let unknown = || PuzzleError::UnknownPuzzle { variant, id: id.chars().take(40).collect() };
        let key: PuzzleId = id.parse().map_err(|_| unknown())?;
        let puzzle = bank.get(&key).cloned().ok_or_else(unknown)?;
        let log = store.puzzle_attempts(variant)?;
        let rating = log.replay(&[&bank]).rating(variant);
        let seating = self.seating(store, &log, &puzzle.id, rating, &bank)?;
        PuzzleSession::new(puzzle, seating)
    }

    /// What a session of puzzle `id` needs of the player and the log.
    fn seating(
        &self,
        store: &Store,
        log: &AttemptLog,
        id: &PuzzleId,
        rating: rodina_puzzles::Rating,
        bank: &Arc<Bank>,
    ) -> Result<Seating, PuzzleError> {
        Ok(Seating {
            device: store.device_id()?,
            first: !log.iter().any(|a| a.puzzle() == id),
            rating,
            latest_ms: log.iter().map(Attempt::ended_ms).max().unwrap_or(0),
            bank: Arc::clone(bank),
        })
    }
}

/// Writes `attempts` (each of `bank`'s game) to the log, and tells what each did to the
/// player's rating: the log's replay with it against the replay without it. Writing an
/// attempt twice changes nothing and tells the same.
pub(crate) fn write_attempts(
    store: &Store,
    bank: &Bank,
    attempts: &[Attempt],
) -> Result<Vec<Recorded>, PuzzleError> {
    for a in attempts {
        store.add_puzzle_attempt(a)?;
    }
    let mut recorded = Vec::with_capacity(attempts.len());
    let mut logs: BTreeMap<Variant, AttemptLog> = BTreeMap::new();
    for a in attempts {
        let variant = a.variant();
        let log = match logs.entry(variant) {
            Entry::Occupied(read) => read.into_mut(),
            Entry::Vacant(slot) => slot.insert(store.puzzle_attempts(variant)?),
        };
        let after = log.replay(&[bank]).rating(variant);
        let mut without = AttemptLog::new();
        for other in log.iter().filter(|o| o.id() != a.id()) {
            // The log holds each id once: no conflict can arise.
            let _ = without.insert(other.clone());
        }
        let before = without.replay(&[bank]).rating(variant);
        // Rated: offered as rated, the first attempt at its puzzle in the replay's order,
        // and of a puzzle the bank has (the replay's rule).
        let first = log.in_replay_order().into_iter().find(|o| o.puzzle() == a.puzzle());
        let rated =
            a.rated() && first.is_some_and(|f| f.id() == a.id()) && bank.get(a.puzzle()).is_some();
        recorded.push(Recorded { attempt: a.id(), rated, before, after });
    }
    Ok(recorded)
}
