//! The next puzzle as the phone asks for it: the game's attempt log read from the Store, the
//! rating replayed from it, a puzzle chosen near it from the bank, and its session set up
//! (its line played out on the solver's board); and the progress shown on the game's page.
//! `rodina-puzzles`'s own bench times the choice and the replay alone.
//!
//! `cargo bench -p rodina-app --bench puzzle_next [-- ATTEMPTS]` (default: a 10,000-puzzle
//! bank and a 10,000-attempt log in a database file) prints the median and slowest of 51
//! choices and of 51 progress reads, and what each part costs.

use std::time::{Duration, Instant};

use rodina_app::{Puzzles, Store};
use rodina_puzzles::{Attempt, AttemptId, AttemptResult, Bank, NewAttempt, PuzzleId, TEXT_HEADER};
use rodina_rules::Variant;
use rodina_rules::random::splitmix64;

/// Puzzles in the bank.
const BANK: usize = 10_000;

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// A bank of `BANK` two-move Xiangqi puzzles (the chariot mates), ratings spread as a real
/// bank's, as the text the app reads.
fn bank_text(seed: &mut u64) -> String {
    let mut text = format!("{TEXT_HEADER}\n");
    for i in 0..BANK {
        let spread: u64 = (0..4).map(|_| splitmix64(seed) % 700).sum();
        let id = PuzzleId::numbered(Variant::Xiangqi, i as u64 + 1);
        text.push_str(&format!(
            "{id},3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1,d10d9 e2d2,{},300,0,0,mate mateIn1 oneMove,,,xiangqi,2\n",
            400 + spread
        ));
    }
    text
}

fn main() {
    let attempts: u64 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(10_000);
    let dir = std::env::temp_dir().join(format!("rodina-puzzle-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("rodina.db");
    let mut seed = 11;
    let text = bank_text(&mut seed);
    let puzzles = match Puzzles::from_banks(&[&text]) {
        Ok(p) => p,
        Err(e) => return eprintln!("the bank: {e}"),
    };
    let store = match Store::open(&path) {
        Ok(s) => s,
        Err(e) => return eprintln!("cannot create {}: {e}", path.display()),
    };
    // Two devices' attempts over three months; two in three solved, nine in ten rated.
    for n in 0..attempts {
        let ms = 1_700_000_000_000 + (splitmix64(&mut seed) % (90 * 86_400_000)) as i64;
        let mut random = [0u8; 10];
        random[2..].copy_from_slice(&n.to_be_bytes());
        let puzzle = PuzzleId::numbered(Variant::Xiangqi, splitmix64(&mut seed) % BANK as u64 + 1);
        let attempt = AttemptId::new(ms, random).ok().and_then(|id| {
            Attempt::new(NewAttempt {
                id,
                device: ["phone", "tablet"][(n % 2) as usize].to_string(),
                puzzle,
                variant: Variant::Xiangqi,
                started_ms: ms,
                ended_ms: ms + 30_000,
                result: if splitmix64(&mut seed) % 3 == 0 {
                    AttemptResult::Failed
                } else {
                    AttemptResult::Solved
                },
                rated: splitmix64(&mut seed) % 10 != 0,
            })
            .ok()
        });
        let Some(attempt) = attempt else { return eprintln!("attempt {n} is not valid") };
        if let Err(e) = store.add_puzzle_attempt(&attempt) {
            return eprintln!("attempt {n}: {e}");
        }
    }
    let bank = Bank::from_text(&text).unwrap_or_default();

    let mut next = Vec::new();
    let mut last: Option<String> = None;
    for _ in 0..51 {
        let start = Instant::now();
        let session = puzzles.next(&store, Variant::Xiangqi, last.as_deref());
        next.push(start.elapsed());
        match session {
            Ok(Some(s)) => last = Some(s.puzzle().id.to_string()),
            Ok(None) => return eprintln!("no puzzle left"),
            Err(e) => return eprintln!("next: {e}"),
        }
    }
    let mut progress = Vec::new();
    for _ in 0..51 {
        let start = Instant::now();
        if let Err(e) = puzzles.progress(&store, Variant::Xiangqi) {
            return eprintln!("progress: {e}");
        }
        progress.push(start.elapsed());
    }
    let mut read = Vec::new();
    let mut replay = Vec::new();
    for _ in 0..21 {
        let start = Instant::now();
        let log = match store.puzzle_attempts(Variant::Xiangqi) {
            Ok(log) => log,
            Err(e) => return eprintln!("the log: {e}"),
        };
        read.push(start.elapsed());
        let start = Instant::now();
        std::hint::black_box(log.replay(&[&bank]));
        replay.push(start.elapsed());
    }
    let slowest = |t: &[Duration]| t.iter().max().copied().unwrap_or_default();
    let (next_max, progress_max) = (slowest(&next), slowest(&progress));
    println!(
        "next puzzle, {BANK}-puzzle bank, {attempts}-attempt log (read, replayed, chosen, set up): median {:.2} ms, slowest {:.2} ms",
        ms(median(&mut next)),
        ms(next_max)
    );
    println!(
        "progress on the game's page: median {:.2} ms, slowest {:.2} ms",
        ms(median(&mut progress)),
        ms(progress_max)
    );
    println!(
        "of which: reading the log {:.2} ms, replaying it {:.2} ms (medians)",
        ms(median(&mut read)),
        ms(median(&mut replay))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
