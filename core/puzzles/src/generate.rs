//! The generator: self-play, candidates, verification, the journal and the bank.
//!
//! Bots of every level from Novice to Club play each other (there is no game database for
//! these games); a full-strength search scores every position. Where a move throws the game
//! away (the mover's side was not lost, and after the move the other side wins by a jump in
//! win chance), the position after it is a candidate, and [`Verifier::line`] decides whether
//! it is a puzzle. Each game's randomness follows the seed and the game's index, and every
//! search is bounded by nodes, never by time: the same command gives the same bank.
//!
//! Work is written to a journal as each game is finished, so a run that stops resumes where
//! it stopped; the bank is the first `target` distinct puzzles in the order of the games.

use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rodina_engine::{Bot, BotGame, BotMove, Level, Limits, Request, Searcher, Settings};
use rodina_rules::random::mix64;
use rodina_rules::{Friendly, Game, JesonMor, Jieqi, Seat, Start, Truth, Variant, View, Xiangqi};

use crate::verify::{self, Criteria, RATING_LEVELS, Rejection, Verifier};
use crate::winchance::{Sample, WinChance};
use crate::{Puzzle, PuzzleId, TEXT_HEADER, Theme};

/// The generator's version, written into every puzzle it makes (and the journal's header):
/// the one [`Options::for_variant`] uses, except for a bank made by an earlier one.
pub const GENERATOR_VERSION: u32 = 2;

/// The quick look's margin below which a candidate is not verified deeply: well below the
/// verifier's 0.7, so that a shallow search's error does not cost a puzzle.
const QUICK_MARGIN: f64 = 0.4;

/// Puzzles taken from one game at most.
const MAX_PER_GAME: usize = 4;

/// Plies between two puzzles of one game at least (not the same fight twice).
const MIN_PLIES_APART: usize = 6;

/// Seeds per rung of the rating ladder a first rating is measured with.
pub const RATING_SEEDS: u64 = 3;

/// The deviation a generated puzzle's first rating starts with.
pub const FIRST_DEVIATION: u16 = 300;

/// What a generation run does.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The game.
    pub variant: Variant,
    /// The seed of every game's randomness.
    pub seed: u64,
    /// Games to play at most.
    pub games: usize,
    /// Puzzles wanted: the run stops once the games so far give this many.
    pub target: usize,
    /// Nodes of the search that scores each position of a game.
    pub scan_nodes: u64,
    /// Nodes of each verification search.
    pub verify_nodes: u64,
    /// Games analysed at the same time.
    pub threads: usize,
    /// The journal to write (and to resume from).
    pub journal: PathBuf,
    /// Plies after which a game is given up.
    pub max_plies: usize,
    /// Seeds per level when measuring the first rating.
    pub rating_seeds: u64,
    /// Nodes of a first, shallow look at every position of a game (0: none). With it, only
    /// a move the shallow look calls a blunder is scored with `scan_nodes`: most moves are
    /// not, and the deep score of every one was most of a game's cost.
    pub prescan_nodes: u64,
    /// A game ends once this many plies in a row have had one side winning by
    /// [`DECIDED`] in win chance (0: games are played out). Same-level bots rarely throw
    /// such a game back, so the conversion that follows gives almost no candidates.
    pub decided_plies: usize,
    /// Nodes of a first verification of every candidate (0: none): a candidate it rejects
    /// is not verified with `verify_nodes`. Most candidates that pass the quick look still
    /// fail on their second solver move, and their deep verification was most of the cost.
    pub preverify_nodes: u64,
    /// Bytes of the table of the search that scores each position (and of the shallow look).
    pub scan_table: usize,
    /// Weaker bots asked at every ply for the mistake they would make: Novices and
    /// Beginners by turns, each with a seed of its own.
    pub tempters: usize,
    /// How many opening plies of a noisy shallow search a game may start with beyond the
    /// first two (each game draws how many).
    pub opening_spread: usize,
    /// The generator version whose criteria the run verifies with (and writes into its
    /// puzzles): [`GENERATOR_VERSION`], or an earlier one to make an earlier bank again.
    pub generator: u32,
}

/// The opening plies beyond the first two unless a game's settings say otherwise.
pub const OPENING_SPREAD: usize = 6;

/// The scan's table unless a game's settings say otherwise.
const SCAN_TABLE: usize = 32 << 20;

/// The first verification's table.
const PREVERIFY_TABLE: usize = 8 << 20;

/// The win chance at which a game counts as decided (see [`Options::decided_plies`]).
pub const DECIDED: f64 = 0.95;

/// What a shallow look must see for a move to be scored deeply: a jump in the solver's win
/// chance well below the candidate's 0.6, and a winning chance below the verifier's, so that
/// the shallow search's error does not cost a candidate.
const PRESCAN_JUMP: f64 = 0.35;
const PRESCAN_WINNING: f64 = 0.15;

impl Options {
    /// The committed settings of `variant`'s bank (see the README's puzzle section).
    pub fn for_variant(variant: Variant, journal: PathBuf) -> Options {
        // Friendly chess's games are long and even, and its trial runs found puzzles fast
        // enough without the shallow look, the early end, the first verification and the
        // small scan table. Jeson Mor's tactics hide from a shallow look (it lost every
        // puzzle of a trial run), and its positions are cheap to score deeply; its first
        // verification gave a trial run's 40 games the same four puzzles in 139 s instead
        // of 327 s.
        let (scan_nodes, verify_nodes, target, prescan_nodes, decided_plies, preverify_nodes) =
            match variant {
                Variant::Xiangqi => (6_000, 400_000, 1_500, 1_500, 12, 80_000),
                Variant::Jieqi => (6_000, 300_000, 1_500, 1_500, 12, 60_000),
                Variant::JesonMor => (5_000, 300_000, 3_000, 0, 8, 60_000),
                Variant::Friendly => (4_000, 200_000, 500, 0, 0, 0),
            };
        let scan_table = if variant == Variant::Friendly { SCAN_TABLE } else { 2 << 20 };
        let tempters = if variant == Variant::JesonMor { 6 } else { 2 };
        let generator = GENERATOR_VERSION;
        // Jeson Mor's first plies leave few positions: a third of a trial run's puzzles
        // came from positions earlier games had already given.
        let opening_spread = if variant == Variant::JesonMor { 12 } else { OPENING_SPREAD };
        Options {
            variant,
            seed: 1,
            games: 100_000,
            target,
            scan_nodes,
            verify_nodes,
            threads: 2,
            journal,
            max_plies: 300,
            rating_seeds: RATING_SEEDS,
            prescan_nodes,
            decided_plies,
            preverify_nodes,
            scan_table,
            tempters,
            opening_spread,
            generator,
        }
    }

    /// The criteria of this run's generator version, with `nodes` per search.
    fn criteria(&self, nodes: u64) -> Criteria {
        Criteria::of_generator(self.variant, nodes, self.generator)
            .unwrap_or_else(|| Criteria::new(self.variant, nodes))
    }

    /// The journal's first line: what must match to resume.
    fn header(&self) -> String {
        let mut h = format!(
            "# rodina puzzles journal v{} variant={} seed={} scan={} verify={} max_plies={} rating_seeds={}",
            self.generator,
            self.variant.name(),
            self.seed,
            self.scan_nodes,
            self.verify_nodes,
            self.max_plies,
            self.rating_seeds
        );
        // Written only when set: the journals of runs without them still resume.
        if self.prescan_nodes > 0 {
            h.push_str(&format!(" prescan={}", self.prescan_nodes));
        }
        if self.decided_plies > 0 {
            h.push_str(&format!(" decided={}", self.decided_plies));
        }
        if self.preverify_nodes > 0 {
            h.push_str(&format!(" preverify={}", self.preverify_nodes));
        }
        if self.tempters != 2 {
            h.push_str(&format!(" tempters={}", self.tempters));
        }
        if self.opening_spread != OPENING_SPREAD {
            h.push_str(&format!(" opening={}", self.opening_spread));
        }
        if self.scan_table != SCAN_TABLE {
            h.push_str(&format!(" scan_table={}", self.scan_table));
        }
        h
    }
}

/// Why a run could not go on.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    /// Reading or writing the journal or the bank failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The journal was written by a run with other settings.
    #[error(
        "{path} was written with other settings ({found}); use another journal or the same settings"
    )]
    OtherSettings {
        /// The journal.
        path: PathBuf,
        /// Its first line.
        found: String,
    },
    /// A line of the journal cannot be read.
    #[error("{path}:{line}: {why}")]
    Journal {
        /// The journal.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// The game has no generator yet.
    #[error("puzzles for {0} are not generated by this version")]
    Unsupported(&'static str),
    /// The settings ask for a generator version this one does not know.
    #[error("generator version {0} is not known to this one (up to {GENERATOR_VERSION})")]
    Generator(u32),
    /// A worker thread stopped before its work was done (a bug; nothing was written).
    #[error(transparent)]
    WorkerStopped(#[from] WorkerStopped),
    /// No game of a fit finished, so there is nothing to fit the curve to.
    #[error("no finished game to fit the curve to")]
    NothingToFit,
    /// A puzzle of the journal cannot be rated again.
    #[error("{id}: {why}")]
    Rating {
        /// The puzzle's id in the journal.
        id: String,
        /// Why not.
        why: RecheckError,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> GenerateError + '_ {
    move |source| GenerateError::Io { path: path.to_path_buf(), source }
}

/// What one game gave.
#[derive(Clone, Debug, Default)]
struct GameReport {
    index: usize,
    plies: usize,
    candidates: usize,
    /// Candidates rejected, per [`Rejection::ALL`].
    rejected: [usize; 5],
    puzzles: Vec<Puzzle>,
}

/// What a run did, for printing.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Games finished (this run and earlier ones of the journal).
    pub games: usize,
    /// Positions scored.
    pub plies: usize,
    /// Candidates verified.
    pub candidates: usize,
    /// Candidates rejected, per [`Rejection::ALL`].
    pub rejected: [usize; 5],
    /// Puzzles found before removing repeated positions.
    pub found: usize,
    /// Distinct puzzles in the games so far.
    pub distinct: usize,
    /// Time of this run.
    pub elapsed: Duration,
    /// Games this run played.
    pub games_this_run: usize,
}

/// Plays and analyses games until the target is met (or `opts.games` are done), writing the
/// journal as it goes; `progress` hears about every finished game.
pub fn run(opts: &Options, mut progress: impl FnMut(&Summary)) -> Result<Summary, GenerateError> {
    if Criteria::of_generator(opts.variant, 1, opts.generator).is_none() {
        return Err(GenerateError::Generator(opts.generator));
    }
    match opts.variant {
        Variant::Xiangqi => run_game::<Xiangqi>(opts, &mut progress),
        Variant::JesonMor => run_game::<JesonMor>(opts, &mut progress),
        Variant::Friendly => run_game::<Friendly>(opts, &mut progress),
        Variant::Jieqi => run_with(opts, &mut progress, analyse_hidden_game::<Jieqi>),
    }
}

/// The journal's finished games, read back.
fn read_journal(opts: &Options) -> Result<BTreeMap<usize, GameReport>, GenerateError> {
    let path = &opts.journal;
    let mut done = BTreeMap::new();
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(done),
        Err(e) => return Err(io(path)(e)),
    };
    let mut current: Option<GameReport> = None;
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(io(path))?;
        let bad = |why: String| GenerateError::Journal { path: path.clone(), line: n + 1, why };
        if n == 0 {
            if line != opts.header() {
                return Err(GenerateError::OtherSettings { path: path.clone(), found: line });
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("game ") {
            let nums: Vec<usize> = rest.split(' ').filter_map(|w| w.parse().ok()).collect();
            let [index, plies, candidates, r0, r1, r2, r3, r4] = nums[..] else {
                return Err(bad(format!("not a game line: {line:?}")));
            };
            let rejected = [r0, r1, r2, r3, r4];
            current = Some(GameReport { index, plies, candidates, rejected, puzzles: Vec::new() });
        } else if let Some(rest) = line.strip_prefix("end ") {
            let index: usize =
                rest.parse().map_err(|_| bad(format!("not an end line: {line:?}")))?;
            match current.take() {
                Some(r) if r.index == index => {
                    done.insert(index, r);
                }
                _ => return Err(bad(format!("an end without its game: {line:?}"))),
            }
        } else if !line.is_empty() {
            let puzzle = Puzzle::from_text(&line).map_err(|e| bad(e.to_string()))?;
            match current.as_mut() {
                Some(r) => r.puzzles.push(puzzle),
                None => return Err(bad("a puzzle outside a game".into())),
            }
        }
    }
    // A game cut off by a stop mid-write is played again.
    Ok(done)
}

/// Writes the finished games back (dropping a game cut off mid-write), then opens the
/// journal for appending.
fn open_journal(opts: &Options, done: &BTreeMap<usize, GameReport>) -> Result<File, GenerateError> {
    let path = &opts.journal;
    let tmp = path.with_extension("tmp");
    {
        let mut f = File::create(&tmp).map_err(io(&tmp))?;
        writeln!(f, "{}", opts.header()).map_err(io(&tmp))?;
        for r in done.values() {
            write_report(&mut f, r).map_err(io(&tmp))?;
        }
        f.sync_all().map_err(io(&tmp))?;
    }
    std::fs::rename(&tmp, path).map_err(io(path))?;
    OpenOptions::new().append(true).open(path).map_err(io(path))
}

fn write_report(f: &mut File, r: &GameReport) -> std::io::Result<()> {
    let [r0, r1, r2, r3, r4] = r.rejected;
    let mut text =
        format!("game {} {} {} {r0} {r1} {r2} {r3} {r4}\n", r.index, r.plies, r.candidates);
    for p in &r.puzzles {
        text.push_str(&p.to_text());
        text.push('\n');
    }
    text.push_str(&format!("end {}\n", r.index));
    f.write_all(text.as_bytes())
}

/// The distinct puzzles of the finished games in game order, up to the first unfinished
/// game: repeated positions (mirror images included) dropped, ids given
/// ([`PuzzleId::of_position`]). Two positions whose ids collide keep the first (with 36 bits
/// of hash, about one bank in ten thousand of 3,000 puzzles loses one so).
fn bank_of(variant: Variant, done: &BTreeMap<usize, GameReport>, target: usize) -> Vec<Puzzle> {
    let mut seen = HashSet::new();
    let mut ids = HashSet::new();
    let mut out = Vec::new();
    for (expected, (&index, r)) in done.iter().enumerate() {
        if index != expected || out.len() >= target {
            break;
        }
        for p in &r.puzzles {
            let before = verify::canonical(&p.fen);
            let id = PuzzleId::of_position(variant, &p.fen);
            if seen.insert(before) && out.len() < target && ids.insert(id.clone()) {
                out.push(Puzzle { id, ..p.clone() });
            }
        }
    }
    out
}

/// Writes the bank of the journal's finished games to `path` in the text form.
pub fn write_bank(opts: &Options, path: &Path) -> Result<usize, GenerateError> {
    let done = read_journal(opts)?;
    let bank = bank_of(opts.variant, &done, opts.target);
    let mut text = String::from(TEXT_HEADER);
    text.push('\n');
    for p in &bank {
        text.push_str(&p.to_text());
        text.push('\n');
    }
    std::fs::write(path, text).map_err(io(path))?;
    Ok(bank.len())
}

/// Measures the first rating of every puzzle in the journal again, with the ladder of the
/// puzzle's generator, and writes the journal back: what a new run would have given them,
/// without playing the games again (after the rating ladder changed). Returns the puzzles
/// rated and how many of their ratings changed.
pub fn rerate(opts: &Options) -> Result<(usize, usize), GenerateError> {
    let mut done = read_journal(opts)?;
    let at: Vec<(usize, usize)> =
        done.iter().flat_map(|(&game, r)| (0..r.puzzles.len()).map(move |k| (game, k))).collect();
    let rated = over_games(at.len(), opts.threads, |i| {
        let (game, k) = at[i];
        let p = &done[&game].puzzles[k];
        vec![(i, first_rating(p, opts.rating_seeds).map_err(|why| (p.id.to_string(), why)))]
    })?;
    let mut changed = 0;
    for (i, rating) in rated {
        let rating = rating.map_err(|(id, why)| GenerateError::Rating { id, why })?;
        let (game, k) = at[i];
        if let Some(p) = done.get_mut(&game).and_then(|r| r.puzzles.get_mut(k)) {
            if p.rating != rating {
                p.rating = rating;
                changed += 1;
            }
        }
    }
    open_journal(opts, &done)?.sync_all().map_err(io(&opts.journal))?;
    Ok((at.len(), changed))
}

/// What [`recheck_journal`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rechecked {
    /// Puzzles verified again.
    pub checked: usize,
    /// Puzzles taken out of the journal: the engine no longer finds their line forced.
    pub dropped: usize,
    /// Puzzles kept whose first rating changed.
    pub rerated: usize,
    /// Puzzles kept whose themes changed.
    pub rethemed: usize,
}

/// Verifies every puzzle of the journal again with this build's engine and the generator's
/// criteria, takes out those that no longer pass, measures the first rating and finds the
/// themes of the rest again and writes the journal back: the bank of a changed engine,
/// without playing the games again. The games' counts stay as the generation left them; the
/// journal's surplus takes the dropped puzzles' places when the bank is written.
pub fn recheck_journal(opts: &Options) -> Result<Rechecked, GenerateError> {
    let mut done = read_journal(opts)?;
    let at: Vec<(usize, usize)> =
        done.iter().flat_map(|(&game, r)| (0..r.puzzles.len()).map(move |k| (game, k))).collect();
    let verify_nodes = opts.verify_nodes;
    let measured = over_games(at.len(), opts.threads, |i| {
        let (game, k) = at[i];
        let p = &done[&game].puzzles[k];
        let verdict = match recheck(p, verify_nodes) {
            Ok(()) => Some(
                first_rating(p, opts.rating_seeds)
                    .and_then(|rating| Ok((rating, themes_of(p)?)))
                    .map_err(|why| (p.id.to_string(), why)),
            ),
            Err(_) => None,
        };
        vec![(i, verdict)]
    })?;
    let mut out = Rechecked { checked: at.len(), ..Rechecked::default() };
    let mut drop: HashSet<(usize, usize)> = HashSet::new();
    for (i, verdict) in measured {
        let (game, k) = at[i];
        match verdict {
            None => {
                drop.insert((game, k));
            }
            Some(measured) => {
                let (rating, themes) =
                    measured.map_err(|(id, why)| GenerateError::Rating { id, why })?;
                if let Some(p) = done.get_mut(&game).and_then(|r| r.puzzles.get_mut(k)) {
                    if p.rating != rating {
                        p.rating = rating;
                        out.rerated += 1;
                    }
                    if p.themes != themes {
                        p.themes = themes;
                        out.rethemed += 1;
                    }
                }
            }
        }
    }
    out.dropped = drop.len();
    for (&game, report) in done.iter_mut() {
        let mut k = 0;
        report.puzzles.retain(|_| {
            k += 1;
            !drop.contains(&(game, k - 1))
        });
    }
    open_journal(opts, &done)?.sync_all().map_err(io(&opts.journal))?;
    Ok(out)
}

fn summary_of(done: &BTreeMap<usize, GameReport>, target: usize, variant: Variant) -> Summary {
    Summary {
        games: done.len(),
        plies: done.values().map(|r| r.plies).sum(),
        candidates: done.values().map(|r| r.candidates).sum(),
        rejected: done.values().fold([0; 5], |mut acc, r| {
            for (a, b) in acc.iter_mut().zip(r.rejected) {
                *a += b;
            }
            acc
        }),
        found: done.values().map(|r| r.puzzles.len()).sum(),
        distinct: bank_of(variant, done, target).len(),
        ..Summary::default()
    }
}

fn run_game<P>(opts: &Options, progress: &mut dyn FnMut(&Summary)) -> Result<Summary, GenerateError>
where
    P: Truth<View = P> + BotGame,
{
    run_with(opts, progress, analyse_game::<P>)
}

/// Plays and analyses the games not yet in the journal with `analyse`, on `opts.threads`
/// threads, writing each game's report as it comes.
fn run_with(
    opts: &Options,
    progress: &mut dyn FnMut(&Summary),
    analyse: fn(&Options, usize) -> GameReport,
) -> Result<Summary, GenerateError> {
    let started = Instant::now();
    let mut done = read_journal(opts)?;
    let mut journal = open_journal(opts, &done)?;
    let todo: Vec<usize> = (0..opts.games).filter(|i| !done.contains_key(i)).collect();
    let next = AtomicUsize::new(0);
    let enough =
        AtomicBool::new(summary_of(&done, opts.target, opts.variant).distinct >= opts.target);
    let (tx, rx) = mpsc::channel::<GameReport>();
    let mut played = 0;
    let mut result = Ok(());
    std::thread::scope(|scope| {
        for _ in 0..opts.threads.max(1) {
            let tx = tx.clone();
            let (next, enough, todo) = (&next, &enough, &todo);
            scope.spawn(move || {
                while !enough.load(Ordering::Relaxed) {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&index) = todo.get(k) else { break };
                    let report = analyse(opts, index);
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            if result.is_ok() {
                result = write_report(&mut journal, &report).map_err(io(&opts.journal));
            }
            if result.is_err() {
                enough.store(true, Ordering::Relaxed);
                continue;
            }
            done.insert(report.index, report);
            played += 1;
            let mut s = summary_of(&done, opts.target, opts.variant);
            s.elapsed = started.elapsed();
            s.games_this_run = played;
            if s.distinct >= opts.target {
                enough.store(true, Ordering::Relaxed);
            }
            progress(&s);
        }
    });
    result?;
    journal.sync_all().map_err(io(&opts.journal))?;
    let mut s = summary_of(&done, opts.target, opts.variant);
    s.elapsed = started.elapsed();
    s.games_this_run = played;
    Ok(s)
}

/// The levels of a game's `n` tempters: a Novice and a Beginner, then more of them by turns
/// (each with a seed of its own, so their moves differ).
fn tempter_levels(n: usize) -> Vec<Level> {
    (0..n).map(|i| if i % 2 == 0 { Level::Novice } else { Level::Beginner }).collect()
}

/// Deterministic randomness of one game.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = mix64(self.0.wrapping_add(0x9E37_79B9_7F4A_7C15));
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A move of `V`.
type Mv<V> = <V as rodina_rules::Position>::Move;

/// The bots of one generated game: the two players and the tempters.
struct Players<V: BotGame> {
    bots: [Bot<V>; 2],
    tempters: Vec<Bot<V>>,
}

impl<V: BotGame> Players<V> {
    /// The players of a game, their levels and seeds from the game's `draw`.
    fn new(opts: &Options, draw: &mut Draw) -> Self {
        // Two bots of one level: an even game stays even long enough for a mistake to turn
        // it (between unequal levels the weaker side is lost early, and later mistakes are
        // moot).
        let level = RATING_LEVELS[draw.below(RATING_LEVELS.len())];
        let bots = [Bot::<V>::new(level, draw.next()), Bot::<V>::new(level, draw.next())];
        // The moves weaker players would make here, besides the game's own: a Novice's and
        // a Beginner's. Their mistakes are the mistakes people make, and asking them at every
        // ply finds far more candidates than the game's own moves alone, for little more
        // work.
        let tempters = tempter_levels(opts.tempters)
            .into_iter()
            .map(|level| Bot::<V>::new(level, draw.next()))
            .collect();
        Players { bots, tempters }
    }
}

/// The move the mover's bot plays and the moves tried in a position.
type Tries<V> = (BotMove<Mv<V>>, Vec<Mv<V>>);

/// The move the mover's bot plays in `game` and the moves tried there: that one first, then
/// each tempter's that differs.
fn tries_at<V: BotGame>(
    game: &Game<V>,
    bots: &mut [Bot<V>; 2],
    tempters: &mut [Bot<V>],
) -> Option<Tries<V>> {
    let bot = &mut bots[usize::from(game.turn() != rodina_rules::Color::White)];
    let choice = bot.choose(game, None, None)?;
    let mut tries = vec![choice.mv.clone()];
    for t in tempters {
        if let Some(c) = t.choose(game, None, None)
            && !tries.contains(&c.mv)
        {
            tries.push(c.mv);
        }
    }
    Some((choice, tries))
}

/// The searches of one generated game, by the settings.
struct Searches<V: BotGame> {
    scan_criteria: Criteria,
    /// Scores every position (or, with a shallow look, those it flags).
    scan: Verifier<V>,
    /// The deep verification.
    verifier: Verifier<V>,
    /// The shallow look, when set.
    prescan: Option<Verifier<V>>,
    /// The first, cheaper verification, when set.
    preverifier: Option<Verifier<V>>,
}

impl<V: BotGame> Searches<V> {
    fn new(opts: &Options) -> Self {
        let scan_criteria = opts.criteria(opts.scan_nodes);
        Searches {
            scan_criteria,
            scan: Verifier::with_table(scan_criteria, opts.scan_table),
            verifier: Verifier::new(opts.criteria(opts.verify_nodes)),
            prescan: (opts.prescan_nodes > 0)
                .then(|| Verifier::with_table(opts.criteria(opts.prescan_nodes), opts.scan_table)),
            preverifier: (opts.preverify_nodes > 0).then(|| {
                Verifier::with_table(opts.criteria(opts.preverify_nodes), PREVERIFY_TABLE)
            }),
        }
    }
}

/// Plays game `index` between two bots and returns the puzzles its mistakes give.
fn analyse_game<P>(opts: &Options, index: usize) -> GameReport
where
    P: Truth<View = P> + BotGame,
{
    let mut report = GameReport { index, ..GameReport::default() };
    let Some((mut game, mut draw)) = opening::<P>(index, opts.seed, opts.opening_spread) else {
        return report;
    };
    let Players { mut bots, mut tempters } = Players::<P>::new(opts, &mut draw);
    let wc = WinChance::of(opts.variant);
    let Searches { scan_criteria, mut scan, mut verifier, mut prescan, mut preverifier } =
        Searches::<P>::new(opts);
    let mut last_puzzle_ply: Option<usize> = None;
    let mut decided = 0;
    // The mover's score before its move (the shallow look's, when there is one).
    let mut before: Option<i32> = match prescan.as_mut() {
        Some(p) => p.score(&game),
        None => scan.score(&game),
    };
    while game.outcome().is_none() && game.len() < opts.max_plies {
        let Some((choice, tries)) = tries_at(&game, &mut bots, &mut tempters) else { break };
        let spaced = last_puzzle_ply.is_none_or(|p| game.len() >= p + MIN_PLIES_APART);
        let mut played_after = None;
        for (i, mv) in tries.iter().enumerate() {
            let mut after_move = game.clone();
            after_move.play_unchecked(mv);
            if after_move.outcome().is_some() {
                continue;
            }
            let after = match prescan.as_mut() {
                Some(p) => p.score(&after_move),
                None => scan.score(&after_move),
            };
            if i == 0 {
                played_after = after;
            }
            let (Some(mut b), Some(mut a)) = (before, after) else { continue };
            if !spaced || report.puzzles.len() >= MAX_PER_GAME {
                continue;
            }
            if prescan.is_some() {
                // The shallow look flags a blunder loosely; the deep scores decide.
                let jump = wc.of_score(a) - wc.of_score(-b);
                if wc.of_score(a) < PRESCAN_WINNING || jump <= PRESCAN_JUMP {
                    continue;
                }
                let (Some(deep_b), Some(deep_a)) = (scan.score(&game), scan.score(&after_move))
                else {
                    continue;
                };
                (b, a) = (deep_b, deep_a);
            }
            if !scan_criteria.turned(wc.of_score(-b), wc.of_score(a)) {
                continue;
            }
            report.candidates += 1;
            // Most candidates have no only move: a quick two-line look spares them the deep one.
            if scan.quick_margin(&after_move) < QUICK_MARGIN {
                report.rejected[Rejection::NoOnlyMove as usize] += 1;
                continue;
            }
            let k = report.puzzles.len();
            match puzzle_at(opts, &mut verifier, preverifier.as_mut(), &game, &after_move, index, k)
            {
                Ok(p) => {
                    report.puzzles.push(p);
                    last_puzzle_ply = Some(game.len());
                    // One puzzle per position: the others would repeat it.
                    break;
                }
                Err(why) => report.rejected[why as usize] += 1,
            }
        }
        game.play_unchecked(&choice.mv);
        report.plies += 1;
        before = played_after;
        if opts.decided_plies > 0 {
            let won = before.is_some_and(|s| wc.of_score(s).abs() >= DECIDED);
            decided = if won { decided + 1 } else { 0 };
            if decided >= opts.decided_plies {
                break;
            }
        }
    }
    report
}

/// The puzzle after the last move of `game` (the position before it is `before`), if the
/// verifier accepts it.
fn puzzle_at<P>(
    opts: &Options,
    verifier: &mut Verifier<P>,
    preverifier: Option<&mut Verifier<P>>,
    before: &Game<P>,
    game: &Game<P>,
    index: usize,
    k: usize,
) -> Result<Puzzle, Rejection>
where
    P: Truth<View = P> + BotGame,
{
    // The puzzle as the solver meets it: from its FEN, without the game's history (which
    // would change what the searches think of repetitions), exactly as `recheck` reads it.
    let fen = before.position().fen();
    let mistake = game.plies().last().ok_or(Rejection::NotWinning)?.mv.clone();
    let before = Game::new(P::from_fen(&fen).map_err(|_| Rejection::NotWinning)?);
    let mut game = before.clone();
    if !game.is_legal(&mistake) {
        return Err(Rejection::NotWinning);
    }
    game.play_unchecked(&mistake);
    let game = &game;
    let wc = verifier.criteria().win_chance;
    if let Some(pre) = preverifier {
        let solver_before = wc.of_score(-pre.fresh_score(&before).ok_or(Rejection::NotWinning)?);
        pre.line(game, solver_before)?;
    }
    let solver_before = wc.of_score(-verifier.fresh_score(&before).ok_or(Rejection::NotWinning)?);
    let line = verifier.line(game, solver_before)?;
    let rating = rating_of_line(game, &line.moves, opts.generator, opts.rating_seeds);
    let mut moves = vec![before.position().move_text(&mistake)];
    let mut g = game.clone();
    for m in &line.moves {
        moves.push(g.position().move_text(m));
        g.play_unchecked(m);
    }
    let id = PuzzleId::from_known(format!("g{index}n{k}"));
    Ok(Puzzle {
        id,
        variant: opts.variant,
        fen,
        moves,
        rating,
        deviation: FIRST_DEVIATION,
        themes: verify::themes(game, &line, opts.variant),
        generator: opts.generator,
    })
}

/// Plays `games` games from the generator's openings between two Club bots and fits the
/// game's score curve to their results; returns `k` and the number of positions it rests on.
pub fn fit(
    variant: Variant,
    games: usize,
    seed: u64,
    scan_nodes: u64,
    threads: usize,
) -> Result<(f64, usize), GenerateError> {
    let samples = match variant {
        Variant::Xiangqi => fit_samples::<Xiangqi>(variant, games, seed, scan_nodes, threads),
        Variant::JesonMor => fit_samples::<JesonMor>(variant, games, seed, scan_nodes, threads),
        Variant::Friendly => fit_samples::<Friendly>(variant, games, seed, scan_nodes, threads),
        Variant::Jieqi => fit_samples_hidden::<Jieqi>(games, seed, scan_nodes, threads),
    }?;
    let k = crate::winchance::fit(&samples).ok_or(GenerateError::NothingToFit)?;
    Ok((k, samples.len()))
}

fn fit_samples<P>(
    variant: Variant,
    games: usize,
    seed: u64,
    scan_nodes: u64,
    threads: usize,
) -> Result<Vec<Sample>, WorkerStopped>
where
    P: Truth<View = P> + BotGame,
{
    over_games(games, threads, |index| self_play_samples::<P>(variant, index, seed, scan_nodes))
}

/// A worker thread of [`over_jobs`] stopped (panicked) before its jobs were done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a worker thread stopped before its work was done")]
pub struct WorkerStopped;

impl From<WorkerStopped> for String {
    fn from(e: WorkerStopped) -> String {
        e.to_string()
    }
}

/// Runs `job(state, i)` for every `i` in `0..jobs` on `threads` threads, each thread with
/// its own state from `start` (an outside engine, say), and gathers what the jobs give, in
/// no particular order. An error from `start` or a job ends that thread's work and is the
/// result; so is a thread that stopped, as [`WorkerStopped`]: never a result with jobs
/// silently missing.
pub fn over_jobs<S, T: Send, E: Send + From<WorkerStopped>>(
    jobs: usize,
    threads: usize,
    start: impl Fn() -> Result<S, E> + Sync,
    job: impl Fn(&mut S, usize) -> Result<Vec<T>, E> + Sync,
) -> Result<Vec<T>, E> {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let (next, start, job) = (&next, &start, &job);
                scope.spawn(move || -> Result<Vec<T>, E> {
                    let mut state = start()?;
                    let mut out = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= jobs {
                            return Ok(out);
                        }
                        out.extend(job(&mut state, index)?);
                    }
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            all.extend(h.join().map_err(|_| E::from(WorkerStopped))??);
        }
        Ok(all)
    })
}

/// [`over_jobs`] for jobs that need no state and cannot fail.
fn over_games<T: Send>(
    games: usize,
    threads: usize,
    per_game: impl Fn(usize) -> Vec<T> + Sync,
) -> Result<Vec<T>, WorkerStopped> {
    over_jobs(games, threads, || Ok(()), |(), index| Ok(per_game(index)))
}

/// The scored positions of one self-play game, with the game's result for the mover.
fn self_play_samples<P>(variant: Variant, index: usize, seed: u64, scan_nodes: u64) -> Vec<Sample>
where
    P: Truth<View = P> + BotGame,
{
    let Some((mut game, mut draw)) = opening::<P>(index, seed, OPENING_SPREAD) else {
        return Vec::new();
    };
    // Club players on both sides: the curve says what a score is worth to a player who
    // knows how to use it, as the solver of a puzzle must (weaker bots throw won games away,
    // and a curve fitted to them would call almost nothing winning).
    let mut bots =
        [Bot::<P>::new(Level::Club, draw.next()), Bot::<P>::new(Level::Club, draw.next())];
    let mut scan = Verifier::<P>::new(Criteria::new(variant, scan_nodes));
    let mut scored = Vec::new();
    while game.outcome().is_none() && game.len() < 300 {
        if let Some(s) = scan.score(&game) {
            scored.push((game.turn(), s));
        }
        let bot = &mut bots[usize::from(game.turn() != rodina_rules::Color::White)];
        let Some(choice) = bot.choose(&game, None, None) else { break };
        game.play_unchecked(&choice.mv);
    }
    let winner = game.outcome().and_then(|o| o.winner());
    if game.outcome().is_none() {
        // Unfinished games say nothing about who was winning.
        return Vec::new();
    }
    crate::winchance::samples_of(scored, winner)
}

/// The seat a puzzle is posed to (its solver), for games that hide information.
pub fn solver_seat<V: View>(game: &Game<V>) -> Seat {
    Seat::Player(game.turn())
}

/// Why a puzzle did not pass verification again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecheckError {
    /// The FEN is not a position of the game.
    #[error("the position cannot be read: {0}")]
    Fen(String),
    /// A move of the puzzle is not legal where it stands.
    #[error("move {ply} ({text}) is not legal there")]
    Move {
        /// Its index in the puzzle's moves, from 0 (the opponent's move).
        ply: usize,
        /// Its text.
        text: String,
    },
    /// The verifier rejects the position now.
    #[error("the verifier rejects it: {}", .0.name())]
    Rejected(Rejection),
    /// The verifier finds another line.
    #[error("the verifier finds another line: {found}")]
    OtherLine {
        /// The line it finds.
        found: String,
    },
    /// The game has no generator yet.
    #[error("puzzles for {0} are not verified by this version")]
    Unsupported(&'static str),
    /// The puzzle was made by a generator version this one does not know.
    #[error("generator version {0} is not known to this one (up to {GENERATOR_VERSION})")]
    Generator(u32),
}

/// Verifies `puzzle` again with the generator's criteria and `verify_nodes` per search: the
/// same line must come out (its final move may be another that wins at once).
pub fn recheck(puzzle: &Puzzle, verify_nodes: u64) -> Result<(), RecheckError> {
    match puzzle.variant {
        Variant::Xiangqi => recheck_game::<Xiangqi>(puzzle, verify_nodes),
        Variant::JesonMor => recheck_game::<JesonMor>(puzzle, verify_nodes),
        Variant::Friendly => recheck_game::<Friendly>(puzzle, verify_nodes),
        Variant::Jieqi => recheck_hidden::<Jieqi>(puzzle, verify_nodes),
    }
}

/// The criteria `puzzle` was made with, with `nodes` per search.
fn criteria_of(puzzle: &Puzzle, nodes: u64) -> Result<Criteria, RecheckError> {
    Criteria::of_generator(puzzle.variant, nodes, puzzle.generator)
        .ok_or(RecheckError::Generator(puzzle.generator))
}

fn recheck_game<P>(puzzle: &Puzzle, verify_nodes: u64) -> Result<(), RecheckError>
where
    P: Truth<View = P> + BotGame,
{
    let start = P::from_fen(&puzzle.fen).map_err(|e| RecheckError::Fen(e.to_string()))?;
    let before = Game::new(start);
    let mut game = before.clone();
    let first = puzzle.moves.first().ok_or(RecheckError::Move { ply: 0, text: String::new() })?;
    game.play_text(first).map_err(|_| RecheckError::Move { ply: 0, text: first.clone() })?;
    let mut verifier = Verifier::<P>::new(criteria_of(puzzle, verify_nodes)?);
    let wc = verifier.criteria().win_chance;
    let solver_before = wc.of_score(
        -verifier.fresh_score(&before).ok_or(RecheckError::Rejected(Rejection::NotWinning))?,
    );
    let line = verifier.line(&game, solver_before).map_err(RecheckError::Rejected)?;
    let mut g = game.clone();
    let mut found = Vec::new();
    for m in &line.moves {
        found.push(g.position().move_text(m));
        g.play_unchecked(m);
    }
    let expected = &puzzle.moves[1..];
    let same = found.len() == expected.len()
        && found.iter().zip(expected).enumerate().all(|(i, (a, b))| {
            a == b || (i + 1 == found.len() && line.wins_game && final_wins(&game, expected))
        });
    if same { Ok(()) } else { Err(RecheckError::OtherLine { found: found.join(" ") }) }
}

/// Whether the puzzle's own line, played from `game`, ends with a move that wins at once.
fn final_wins<P: Truth<View = P> + BotGame>(game: &Game<P>, line: &[String]) -> bool {
    let mut g = game.clone();
    let solver = g.turn();
    for text in line {
        if g.play_text(text).is_err() {
            return false;
        }
    }
    g.outcome().and_then(|o| o.winner()) == Some(solver)
}

/// The start of game `index`: the usual start (for a game that hides information, a deal
/// from the game's seed), then a few plies of a noisy shallow search of the mover's view so
/// that games differ.
fn opening<P>(index: usize, seed: u64, spread: usize) -> Option<(Game<P>, Draw)>
where
    P: Truth,
    P::View: BotGame,
{
    let mut draw = Draw(mix64(seed ^ (index as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)));
    let mut rng = ChaCha8Rng::seed_from_u64(draw.next());
    let start = P::set_up(&Start::Usual, &P::Options::default(), &mut rng).ok()?;
    let mut game = Game::new(start);
    let mut searcher = Searcher::<P::View>::new(1 << 20);
    for _ in 0..2 + draw.below(spread) {
        if game.outcome().is_some() {
            break;
        }
        searcher.clear();
        searcher.set_settings(Settings {
            eval_noise: 60,
            blind_per_mille: 0,
            seed: draw.next(),
            contempt: 0,
        });
        let view = game.view(Seat::Player(game.turn()));
        let r = searcher.search(&Request::new(view.position(), Limits::depth(2)), |_| {});
        game.play(&r.best?).ok()?;
    }
    Some((game, draw))
}

/// [`analyse_game`] for a game that hides information (Jieqi): the truth is played, every
/// bot and every search sees only its own seat's view, and a puzzle is posed on the solver's
/// view.
fn analyse_hidden_game<P>(opts: &Options, index: usize) -> GameReport
where
    P: Truth,
    P::View: BotGame,
{
    let mut report = GameReport { index, ..GameReport::default() };
    let Some((mut game, mut draw)) = opening::<P>(index, opts.seed, opts.opening_spread) else {
        return report;
    };
    let Players { mut bots, mut tempters } = Players::<P::View>::new(opts, &mut draw);
    let wc = WinChance::of(opts.variant);
    let Searches { scan_criteria, mut scan, mut verifier, mut prescan, mut preverifier } =
        Searches::<P::View>::new(opts);
    let mut last_puzzle_ply: Option<usize> = None;
    let mut decided = 0;
    while game.outcome().is_none() && game.len() < opts.max_plies {
        let mover = game.turn();
        let view = game.view(Seat::Player(mover));
        let Some((choice, tries)) = tries_at(&view, &mut bots, &mut tempters) else { break };
        let spaced = last_puzzle_ply.is_none_or(|p| game.len() >= p + MIN_PLIES_APART);
        let open = spaced && report.puzzles.len() < MAX_PER_GAME;
        // With a shallow look, every ply is looked at (it also tells when the game is
        // decided); without one, only where a puzzle may still come.
        let before = match prescan.as_mut() {
            Some(p) => p.score(&view),
            None if open => scan.score(&view),
            None => None,
        };
        for mv in tries.iter().filter(|_| open) {
            let Some(mut b) = before else { break };
            let mut after = game.clone();
            if after.play(mv).is_err() || after.outcome().is_some() {
                continue;
            }
            let solver_view = after.view(Seat::Player(!mover));
            if let Some(p) = prescan.as_mut() {
                // The shallow look flags a blunder loosely; the deep scores decide.
                let Some(a) = p.score(&solver_view) else { continue };
                let jump = wc.of_score(a) - wc.of_score(-b);
                if wc.of_score(a) < PRESCAN_WINNING || jump <= PRESCAN_JUMP {
                    continue;
                }
                let Some(deep_b) = scan.score(&view) else { continue };
                b = deep_b;
            }
            let Some(a) = scan.score(&solver_view) else { continue };
            if !scan_criteria.turned(wc.of_score(-b), wc.of_score(a)) {
                continue;
            }
            report.candidates += 1;
            if scan.quick_margin(&solver_view) < QUICK_MARGIN {
                report.rejected[Rejection::NoOnlyMove as usize] += 1;
                continue;
            }
            if let Some(pre) = preverifier.as_mut() {
                let seat = Seat::Player(!game.turn());
                let fen = game.view_fen(seat);
                let mistake = after.move_texts_for(seat).pop().unwrap_or_default();
                if let Err(why) = hidden_line::<P>(pre, &fen, &mistake) {
                    report.rejected[why as usize] += 1;
                    continue;
                }
            }
            match hidden_puzzle_at(opts, &mut verifier, &game, &after, index, report.puzzles.len())
            {
                Ok(p) => {
                    report.puzzles.push(p);
                    last_puzzle_ply = Some(game.len());
                    break;
                }
                Err(why) => report.rejected[why as usize] += 1,
            }
        }
        if opts.decided_plies > 0 {
            let won = before.is_some_and(|s| wc.of_score(s).abs() >= DECIDED);
            decided = if won { decided + 1 } else { 0 };
            if decided >= opts.decided_plies {
                break;
            }
        }
        if game.play(&choice.mv).is_err() {
            break;
        }
        report.plies += 1;
    }
    report
}

/// The solver's view of a puzzle's FEN (the opponent to move), as the app and `recheck`
/// read it.
fn solver_view_game<P>(fen: &str) -> Option<Game<P::View>>
where
    P: Truth,
    P::View: BotGame,
{
    let turn = match fen.split_whitespace().nth(1)? {
        "w" => rodina_rules::Color::White,
        "b" => rodina_rules::Color::Black,
        _ => return None,
    };
    let view = P::read_view(fen, &P::Options::default(), Some(Seat::Player(!turn))).ok()??;
    Some(Game::new(view))
}

/// The puzzle posed to the solver after the last move of `after` (the truth; `before` is the
/// truth before that move), verified on the solver's view from its FEN alone.
fn hidden_puzzle_at<P>(
    opts: &Options,
    verifier: &mut Verifier<P::View>,
    before: &Game<P>,
    after: &Game<P>,
    index: usize,
    k: usize,
) -> Result<Puzzle, Rejection>
where
    P: Truth,
    P::View: BotGame,
{
    let seat = Seat::Player(!before.turn());
    let fen = before.view_fen(seat);
    let mistake = after.move_texts_for(seat).pop().ok_or(Rejection::NotWinning)?;
    let line = hidden_line::<P>(verifier, &fen, &mistake)?;
    let first_path = line.paths().into_iter().next().unwrap_or_default();
    let rating = hidden_rating::<P>(&fen, &mistake, &first_path, opts.generator, opts.rating_seeds)
        .ok_or(Rejection::NotWinning)?;
    let mut moves = vec![mistake];
    moves.extend(line.to_tokens());
    let themes =
        hidden_themes::<P>(&fen, &moves[0], &first_path, line.branches_anywhere(), opts.variant);
    Ok(Puzzle {
        id: PuzzleId::from_known(format!("g{index}n{k}")),
        variant: opts.variant,
        fen,
        moves,
        rating,
        deviation: FIRST_DEVIATION,
        themes,
        generator: opts.generator,
    })
}

/// The themes of a hidden-information puzzle: those of its line's first path (`first_path`,
/// the solver's move first) on the solver's view after the opponent's move (`mistake`), and a
/// reveal where the line branches by one (`branches`).
fn hidden_themes<P>(
    fen: &str,
    mistake: &str,
    first_path: &[String],
    branches: bool,
    variant: Variant,
) -> Vec<Theme>
where
    P: Truth,
    P::View: BotGame,
{
    // The path wins the game when its last ply ends it, or is a reveal written bare (the
    // verifier writes one only where it wins whatever it shows).
    let mut themes = Vec::new();
    if let Some(mut g) = solver_view_game::<P>(fen) {
        let solver = !g.turn();
        if g.play_text(mistake).is_ok() {
            let mut end = g.clone();
            let bare_reveal = first_path.iter().any(|t| end.play_text(t).is_err());
            let won = bare_reveal || end.outcome().and_then(|o| o.winner()) == Some(solver);
            themes = verify::themes_of_path(&g, first_path, won, variant);
        }
    }
    // Where an opponent's reveal branches the line, a reveal decides the puzzle too.
    if branches && !themes.contains(&Theme::Reveal) {
        themes.push(Theme::Reveal);
        themes.sort();
    }
    themes
}

/// The themes of `puzzle` found again from its line, as the generator gives them: how
/// `recheck` brings a bank's themes up to this build's.
pub fn themes_of(puzzle: &Puzzle) -> Result<Vec<Theme>, RecheckError> {
    let mistake = puzzle.moves.first().ok_or(RecheckError::Move { ply: 0, text: String::new() })?;
    match puzzle.variant {
        Variant::Xiangqi => open_themes::<Xiangqi>(puzzle),
        Variant::JesonMor => open_themes::<JesonMor>(puzzle),
        Variant::Friendly => open_themes::<Friendly>(puzzle),
        Variant::Jieqi => {
            let solution = puzzle.solution();
            let mut path = solution.paths().into_iter().next().unwrap_or_default();
            path.drain(..path.len().min(1));
            solver_view_game::<Jieqi>(&puzzle.fen)
                .ok_or_else(|| RecheckError::Fen(puzzle.fen.clone()))?;
            Ok(hidden_themes::<Jieqi>(
                &puzzle.fen,
                mistake,
                &path,
                solution.branches_anywhere(),
                puzzle.variant,
            ))
        }
    }
}

/// An open game's puzzle as the solver meets it: its FEN with the opponent's move played.
fn open_after_mistake<P>(puzzle: &Puzzle) -> Result<Game<P>, RecheckError>
where
    P: Truth<View = P> + BotGame,
{
    let start = P::from_fen(&puzzle.fen).map_err(|e| RecheckError::Fen(e.to_string()))?;
    let mut game = Game::new(start);
    let mistake = puzzle.moves.first().ok_or(RecheckError::Move { ply: 0, text: String::new() })?;
    game.play_text(mistake).map_err(|_| RecheckError::Move { ply: 0, text: mistake.clone() })?;
    Ok(game)
}

fn open_themes<P>(puzzle: &Puzzle) -> Result<Vec<Theme>, RecheckError>
where
    P: Truth<View = P> + BotGame,
{
    let game = open_after_mistake::<P>(puzzle)?;
    let bad = |ply: usize| RecheckError::Move { ply, text: puzzle.moves[ply].clone() };
    let solver = game.turn();
    let mut end = game.clone();
    for ply in 1..puzzle.moves.len() {
        end.play_text(&puzzle.moves[ply]).map_err(|_| bad(ply))?;
    }
    let won = end.outcome().and_then(|o| o.winner()) == Some(solver);
    Ok(verify::themes_of_path(&game, &puzzle.moves[1..], won, puzzle.variant))
}

/// The verified line of a hidden-information puzzle from its FEN and the opponent's move.
fn hidden_line<P>(
    verifier: &mut Verifier<P::View>,
    fen: &str,
    mistake: &str,
) -> Result<crate::solution::Line, Rejection>
where
    P: Truth,
    P::View: BotGame,
{
    let before = solver_view_game::<P>(fen).ok_or(Rejection::NotWinning)?;
    let mut game = before.clone();
    game.play_text(mistake).map_err(|_| Rejection::NotWinning)?;
    let wc = verifier.criteria().win_chance;
    let solver_before = wc.of_score(-verifier.fresh_score(&before).ok_or(Rejection::NotWinning)?);
    verifier.tree(&game, solver_before)
}

/// The first rating of a line from `game` (the solver to move): how often each rung of
/// generator `version`'s ladder finds it, over `seeds` seeds per rung.
fn rating_of_line<V: BotGame>(game: &Game<V>, line: &[Mv<V>], version: u32, seeds: u64) -> u16 {
    let found: Vec<f64> = verify::rating_ladder(version)
        .into_iter()
        .map(|rung| verify::level_finds(game, line, rung, seeds))
        .collect();
    verify::first_rating(&found, version)
}

/// The first rating of a hidden-information puzzle from its FEN, the opponent's move and
/// the first path of its solution; `None` if the FEN or the move does not read.
fn hidden_rating<P>(
    fen: &str,
    mistake: &str,
    path: &[String],
    version: u32,
    seeds: u64,
) -> Option<u16>
where
    P: Truth,
    P::View: BotGame,
{
    let mut game = solver_view_game::<P>(fen)?;
    game.play_text(mistake).ok()?;
    let found: Vec<f64> = verify::rating_ladder(version)
        .into_iter()
        .map(|rung| verify::level_finds_path(&game, path, rung, seeds))
        .collect();
    Some(verify::first_rating(&found, version))
}

/// The first rating of `puzzle` measured again from its line, by its generator's ladder
/// with `seeds` seeds per rung (what the generator gives it with the same seeds).
pub fn first_rating(puzzle: &Puzzle, seeds: u64) -> Result<u16, RecheckError> {
    criteria_of(puzzle, 1)?;
    if puzzle.moves.is_empty() {
        return Err(RecheckError::Move { ply: 0, text: String::new() });
    }
    match puzzle.variant {
        Variant::Xiangqi => open_rating::<Xiangqi>(puzzle, seeds),
        Variant::JesonMor => open_rating::<JesonMor>(puzzle, seeds),
        Variant::Friendly => open_rating::<Friendly>(puzzle, seeds),
        Variant::Jieqi => {
            // The solution's paths start with the opponent's move.
            let mut path = puzzle.solution().paths().into_iter().next().unwrap_or_default();
            path.drain(..path.len().min(1));
            hidden_rating::<Jieqi>(&puzzle.fen, &puzzle.moves[0], &path, puzzle.generator, seeds)
                .ok_or_else(|| RecheckError::Fen(puzzle.fen.clone()))
        }
    }
}

fn open_rating<P>(puzzle: &Puzzle, seeds: u64) -> Result<u16, RecheckError>
where
    P: Truth<View = P> + BotGame,
{
    let from = open_after_mistake::<P>(puzzle)?;
    let bad = |ply: usize| RecheckError::Move { ply, text: puzzle.moves[ply].clone() };
    let mut g = from.clone();
    let line = (1..puzzle.moves.len())
        .map(|ply| g.play_text(&puzzle.moves[ply]).map_err(|_| bad(ply)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rating_of_line(&from, &line, puzzle.generator, seeds))
}

fn recheck_hidden<P>(puzzle: &Puzzle, verify_nodes: u64) -> Result<(), RecheckError>
where
    P: Truth,
    P::View: BotGame,
{
    solver_view_game::<P>(&puzzle.fen).ok_or_else(|| RecheckError::Fen(puzzle.fen.clone()))?;
    let first = puzzle.moves.first().ok_or(RecheckError::Move { ply: 0, text: String::new() })?;
    let mut verifier = Verifier::<P::View>::new(criteria_of(puzzle, verify_nodes)?);
    let line =
        hidden_line::<P>(&mut verifier, &puzzle.fen, first).map_err(RecheckError::Rejected)?;
    let found = line.to_tokens();
    if found[..] == puzzle.moves[1..] {
        Ok(())
    } else {
        Err(RecheckError::OtherLine { found: found.join(" ") })
    }
}

fn fit_samples_hidden<P>(
    games: usize,
    seed: u64,
    scan_nodes: u64,
    threads: usize,
) -> Result<Vec<Sample>, WorkerStopped>
where
    P: Truth,
    P::View: BotGame,
{
    over_games(games, threads, |index| hidden_self_play_samples::<P>(index, seed, scan_nodes))
}

/// [`self_play_samples`] for a game that hides information: each position scored from the
/// mover's view.
fn hidden_self_play_samples<P>(index: usize, seed: u64, scan_nodes: u64) -> Vec<Sample>
where
    P: Truth,
    P::View: BotGame,
{
    let Some((mut game, mut draw)) = opening::<P>(index, seed, OPENING_SPREAD) else {
        return Vec::new();
    };
    let mut bots = [
        Bot::<P::View>::new(Level::Club, draw.next()),
        Bot::<P::View>::new(Level::Club, draw.next()),
    ];
    let mut scan = Verifier::<P::View>::new(Criteria::new(P::VARIANT, scan_nodes));
    let mut scored = Vec::new();
    while game.outcome().is_none() && game.len() < 300 {
        let view = game.view(Seat::Player(game.turn()));
        if let Some(s) = scan.score(&view) {
            scored.push((game.turn(), s));
        }
        let bot = &mut bots[usize::from(game.turn() != rodina_rules::Color::White)];
        let Some(choice) = bot.choose(&view, None, None) else { break };
        if game.play(&choice.mv).is_err() {
            break;
        }
    }
    let Some(outcome) = game.outcome() else { return Vec::new() };
    let winner = outcome.winner();
    crate::winchance::samples_of(scored, winner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_the_games_letter_and_a_number() {
        assert_eq!(PuzzleId::numbered(Variant::Xiangqi, 1).as_str(), "x1");
        assert_eq!(PuzzleId::numbered(Variant::JesonMor, 36).as_str(), "m10");
        assert_eq!(PuzzleId::numbered(Variant::Friendly, 1295).as_str(), "fzz");
    }

    /// A shipped puzzle's id follows its position alone: the same in every bank made, the
    /// same for the mirror image, and another for another position or game. The value is
    /// pinned: a changed hash would move every logged attempt onto another puzzle.
    #[test]
    fn a_banks_ids_follow_the_position() {
        let fen = "5k3/4a4/5a3/p8/4C1n2/9/P2r4P/5A1Rc/5K3/9 b - - 13 53";
        let mirror = "3k5/4a4/3a5/8p/2n1C4/9/P4r2P/cR1A5/3K5/9 b - - 13 53";
        let id = PuzzleId::of_position(Variant::Xiangqi, fen);
        assert_eq!(id.as_str(), "x2ldv7oc");
        assert_eq!(PuzzleId::of_position(Variant::Xiangqi, mirror), id);
        let other = "5k3/4a4/5a3/p8/4C1n2/9/P2r4P/5A1Rc/4K4/9 b - - 13 53";
        assert_ne!(PuzzleId::of_position(Variant::Xiangqi, other), id);
        assert_ne!(PuzzleId::of_position(Variant::Jieqi, fen), id);
        for v in Variant::ALL {
            let id = PuzzleId::of_position(*v, fen);
            assert_eq!(id.as_str().len(), 8);
            assert_eq!(id.as_str().parse::<PuzzleId>().as_ref(), Ok(&id));
        }
    }

    #[test]
    fn jobs_give_everything_or_an_error() {
        let mut all: Vec<usize> =
            over_jobs(50, 3, || Ok::<_, String>(0), |_, i| Ok(vec![i, i])).unwrap();
        all.sort();
        assert_eq!(all, (0..50).flat_map(|i| [i, i]).collect::<Vec<_>>());
        let started = AtomicUsize::new(0);
        let states = || {
            started.fetch_add(1, Ordering::Relaxed);
            Ok::<_, String>(())
        };
        let failed =
            over_jobs(
                50,
                2,
                states,
                |_, i| {
                    if i == 7 { Err(format!("job {i}")) } else { Ok(vec![i]) }
                },
            );
        assert_eq!(failed, Err("job 7".to_string()));
        assert_eq!(started.load(Ordering::Relaxed), 2, "one state per thread");
        let refused = over_jobs(5, 2, || Err::<(), _>("no engine".to_string()), |_, i| Ok(vec![i]));
        assert_eq!(refused, Err("no engine".to_string()));
        let stopped =
            over_games(5, 2, |i| if i == 3 { panic!("a bug in job {i}") } else { vec![i] });
        assert_eq!(stopped, Err(WorkerStopped));
    }

    /// Jeson Mor with small searches: a game takes moments even in a debug build.
    fn small(journal: PathBuf, games: usize) -> Options {
        let mut o = Options::for_variant(Variant::JesonMor, journal);
        o.games = games;
        o.target = 10_000;
        o.scan_nodes = 800;
        o.verify_nodes = 8_000;
        o.rating_seeds = 1;
        o.tempters = 3;
        o
    }

    fn journal_in(dir: &Path, name: &str) -> PathBuf {
        dir.join(format!("{name}.journal"))
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("rodina-generate-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The games of a journal as text, by index (the order they were written in varies with
    /// the threads).
    fn games_of(path: &Path) -> BTreeMap<usize, String> {
        let text = std::fs::read_to_string(path).unwrap();
        let mut out = BTreeMap::new();
        let mut current: Option<(usize, String)> = None;
        for line in text.lines().skip(1) {
            if let Some(rest) = line.strip_prefix("game ") {
                let index = rest.split(' ').next().unwrap().parse().unwrap();
                current = Some((index, String::new()));
            }
            if let Some((_, t)) = current.as_mut() {
                t.push_str(line);
                t.push('\n');
            }
            if line.starts_with("end ") {
                let (i, t) = current.take().unwrap();
                out.insert(i, t);
            }
        }
        out
    }

    #[test]
    fn a_stopped_run_resumes_and_gives_what_one_run_gives() {
        let dir = scratch("resume");
        let whole = small(journal_in(&dir, "whole"), 8);
        let s = run(&whole, |_| {}).unwrap();
        assert_eq!(s.games, 8);
        assert!(s.plies > 8 * 4, "{s:?}");
        // Half the games, then the rest from the journal, on one thread this time.
        let mut first = small(journal_in(&dir, "parts"), 4);
        first.threads = 1;
        assert_eq!(run(&first, |_| {}).unwrap().games, 4);
        let mut rest = small(journal_in(&dir, "parts"), 8);
        rest.threads = 1;
        let resumed = run(&rest, |_| {}).unwrap();
        assert_eq!((resumed.games, resumed.games_this_run), (8, 4));
        assert_eq!(games_of(&whole.journal), games_of(&rest.journal));
        assert_eq!((resumed.plies, resumed.candidates), (s.plies, s.candidates));
        let (a, b) = (dir.join("whole.csv"), dir.join("parts.csv"));
        write_bank(&whole, &a).unwrap();
        write_bank(&rest, &b).unwrap();
        assert_eq!(std::fs::read_to_string(a).unwrap(), std::fs::read_to_string(b).unwrap());
        std::fs::remove_dir_all(dir).ok();
    }

    /// A rating measured again from a puzzle's line is the one the generator gave it, and
    /// `rerate` puts back a rating that was changed (as a new rating ladder would).
    #[test]
    fn ratings_measured_again_are_the_generators() {
        let dir = scratch("rerate");
        let opts = Options::for_variant(Variant::Xiangqi, journal_in(&dir, "x"));
        // Two puzzles of the Xiangqi run of generator 2: a mate in two (g19n0, rated 1267
        // when its journal was rated again), here with a wrong rating, and a mate in two
        // (g4688n0) with the rating today's engine measures (1133; the engine that found it
        // gave 1333, the engine before the second fit of the evaluation 1200).
        let mate_in_two = "g19n0,5k3/4a4/5a3/p8/4C1n2/9/P2r4P/5A1Rc/5K3/9 b - - 13 53,\
            i3i2 h3h10 f10f9 e6f6,1500,300,0,0,mate mateIn2 short cannonScreen,,,xiangqi,2";
        let found = "g4688n0,4ka1r1/4a4/4R4/8p/p2C1Cp2/9/P2n4P/9/9/2BAKAB2 w - - 3 27,\
            c1e3 d4f3 e1e2 h10h2,1133,300,0,0,mate mateIn2 short,,,xiangqi,2";
        let journal = format!(
            "{}\ngame 0 60 1 0 0 0 0 0\n{mate_in_two}\nend 0\ngame 1 90 1 0 0 0 0 0\n{found}\nend 1\n",
            opts.header()
        );
        std::fs::write(&opts.journal, journal).unwrap();
        let found = Puzzle::from_text(found).unwrap();
        assert_eq!(first_rating(&found, RATING_SEEDS), Ok(1133));
        assert_eq!(rerate(&opts).unwrap(), (2, 1));
        assert_eq!(rerate(&opts).unwrap(), (2, 0));
        let done = read_journal(&opts).unwrap();
        assert_eq!(done[&0].puzzles[0].rating, 1267);
        // A puzzle whose line does not play is an error, and the journal stays as it was.
        let text = std::fs::read_to_string(&opts.journal).unwrap();
        let broken = text.replace("h3h10", "h3h9");
        std::fs::write(&opts.journal, &broken).unwrap();
        assert!(matches!(rerate(&opts), Err(GenerateError::Rating { .. })));
        assert_eq!(std::fs::read_to_string(&opts.journal).unwrap(), broken);
        std::fs::remove_dir_all(dir).ok();
    }

    /// `recheck_journal` takes out a puzzle whose line the engine does not find forced, keeps
    /// the others with their ratings measured and their themes found again, and the bank
    /// written afterwards holds the kept ones.
    #[test]
    fn a_rechecked_journal_keeps_only_the_lines_that_verify() {
        let dir = scratch("recheck");
        let mut opts = Options::for_variant(Variant::Xiangqi, journal_in(&dir, "x"));
        opts.threads = 2;
        // Its themes as an older build wrote them, without the line's length.
        let kept = "g4688n0,4ka1r1/4a4/4R4/8p/p2C1Cp2/9/P2n4P/9/9/2BAKAB2 w - - 3 27,\
            c1e3 d4f3 e1e2 h10h2,1500,300,0,0,mate mateIn2,,,xiangqi,2";
        // The same mate in two with the solver's first move and the opponent's reply swapped:
        // not a line at all.
        let wrong = "g19n0,5k3/4a4/5a3/p8/4C1n2/9/P2r4P/5A1Rc/5K3/9 b - - 13 53,\
            i3i2 f10f9 h3h10 e6f6,1267,300,0,0,mate mateIn2 short cannonScreen,,,xiangqi,2";
        let journal = format!(
            "{}\ngame 0 60 1 0 0 0 0 0\n{wrong}\nend 0\ngame 1 90 1 0 0 0 0 0\n{kept}\nend 1\n",
            opts.header()
        );
        std::fs::write(&opts.journal, journal).unwrap();
        let kept = Puzzle::from_text(kept).unwrap();
        let rating = first_rating(&kept, RATING_SEEDS).unwrap();
        let r = recheck_journal(&opts).unwrap();
        let rerated = usize::from(rating != 1500);
        assert_eq!(r, Rechecked { checked: 2, dropped: 1, rerated, rethemed: 1 });
        let done = read_journal(&opts).unwrap();
        assert!(done[&0].puzzles.is_empty());
        assert_eq!(done[&0].candidates, 1, "the game's counts stay");
        assert_eq!(done[&1].puzzles.len(), 1);
        assert_eq!(done[&1].puzzles[0].rating, rating);
        assert_eq!(done[&1].puzzles[0].themes, [Theme::Mate, Theme::MateIn2, Theme::Short]);
        let bank = dir.join("x.csv");
        assert_eq!(write_bank(&opts, &bank).unwrap(), 1);
        // Nothing more to drop or rate the second time.
        assert_eq!(
            recheck_journal(&opts).unwrap(),
            Rechecked { checked: 1, ..Rechecked::default() }
        );
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_game_cut_off_mid_write_is_played_again() {
        let dir = scratch("cut");
        let opts = small(journal_in(&dir, "cut"), 3);
        run(&opts, |_| {}).unwrap();
        let before = games_of(&opts.journal);
        // The last game's end line lost, as a stop in the middle of writing it would.
        let text = std::fs::read_to_string(&opts.journal).unwrap();
        let cut = text.trim_end().rfind("\nend ").unwrap();
        std::fs::write(&opts.journal, &text[..cut + 1]).unwrap();
        assert_eq!(games_of(&opts.journal).len(), 2);
        let again = run(&opts, |_| {}).unwrap();
        assert_eq!((again.games, again.games_this_run), (3, 1));
        assert_eq!(games_of(&opts.journal), before);
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_journal_of_other_settings_or_damaged_is_refused() {
        let dir = scratch("refused");
        let opts = small(journal_in(&dir, "j"), 1);
        run(&opts, |_| {}).unwrap();
        let mut other = opts.clone();
        other.seed = 2;
        assert!(matches!(run(&other, |_| {}), Err(GenerateError::OtherSettings { .. })));
        let mut other = opts.clone();
        other.tempters = 2;
        assert!(matches!(run(&other, |_| {}), Err(GenerateError::OtherSettings { .. })));
        // A journal of another generator version: its puzzles were judged otherwise.
        let mut other = opts.clone();
        other.generator = if opts.generator == 1 { 2 } else { 1 };
        assert!(matches!(run(&other, |_| {}), Err(GenerateError::OtherSettings { .. })));
        other.generator = GENERATOR_VERSION + 1;
        assert!(matches!(run(&other, |_| {}), Err(GenerateError::Generator(_))));
        let text = std::fs::read_to_string(&opts.journal).unwrap();
        let header = text.lines().next().unwrap();
        std::fs::write(&opts.journal, format!("{header}\ngame 0 x\n")).unwrap();
        assert!(matches!(run(&opts, |_| {}), Err(GenerateError::Journal { line: 2, .. })));
        std::fs::write(&opts.journal, format!("{header}\nm1,not a puzzle\n")).unwrap();
        assert!(matches!(run(&opts, |_| {}), Err(GenerateError::Journal { line: 2, .. })));
        // The journal that was refused is left as it was.
        assert_eq!(
            std::fs::read_to_string(&opts.journal).unwrap(),
            format!("{header}\nm1,not a puzzle\n")
        );
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_decided_game_ends_early() {
        let dir = scratch("decided");
        let mut played_out = small(journal_in(&dir, "out"), 6);
        played_out.decided_plies = 0;
        let mut early = small(journal_in(&dir, "early"), 6);
        early.decided_plies = 2;
        let (a, b) = (run(&played_out, |_| {}).unwrap(), run(&early, |_| {}).unwrap());
        assert!(b.plies < a.plies, "{} plies played out, {} ended early", a.plies, b.plies);
        std::fs::remove_dir_all(dir).ok();
    }

    #[test]
    fn a_puzzle_of_an_unknown_generator_is_not_judged() {
        let line = "x1,3r5/1R2ak3/b8/R2C2p1p/2p6/P8/4P3P/8B/4K4/2Br5 w - - 2 27,d7i7 d10d2 e2e3 d1e1,700,300,0,0,mate mateIn2 short,,,xiangqi,9";
        let p = Puzzle::from_text(line).unwrap();
        assert_eq!(recheck(&p, 1_000), Err(RecheckError::Generator(9)));
    }

    #[test]
    fn settings_left_at_their_defaults_keep_old_journals_readable() {
        let o = Options::for_variant(Variant::Friendly, PathBuf::from("f.journal"));
        assert_eq!(
            o.header(),
            "# rodina puzzles journal v2 variant=friendly seed=1 scan=4000 verify=200000 max_plies=300 rating_seeds=3"
        );
        let x = Options::for_variant(Variant::Xiangqi, PathBuf::from("x.journal"));
        assert!(x.header().starts_with(&format!("# rodina puzzles journal v{GENERATOR_VERSION} ")));
        assert!(
            x.header().ends_with(" prescan=1500 decided=12 preverify=80000 scan_table=2097152")
        );
    }
}
