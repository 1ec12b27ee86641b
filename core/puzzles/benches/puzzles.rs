//! Puzzle figures: choosing the next puzzle, replaying an attempt log, the embedded banks'
//! sizes and decode times. Prints figures; asserts nothing. `cargo bench -p rodina-puzzles`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use rodina_puzzles::{
    Attempt, AttemptId, AttemptLog, AttemptResult, Bank, Difficulty, NewAttempt, Puzzle, PuzzleId,
    Request, Selector, Theme, embedded_bytes,
};
use rodina_rules::random::splitmix64;
use rodina_rules::{AnyGame, NewGame, Seat, Variant};

/// Reproducible numbers: the workspace's SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

/// A synthetic bank of `n` Xiangqi puzzles, ratings spread like a real bank's (most near the
/// middle).
fn synthetic_bank(n: usize, rng: &mut Rng) -> Bank {
    let puzzles = (0..n)
        .map(|i| {
            let spread: u64 = (0..4).map(|_| rng.below(700)).sum();
            Puzzle {
                id: PuzzleId::numbered(Variant::Xiangqi, i as u64),
                variant: Variant::Xiangqi,
                fen: "3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1".to_string(),
                moves: vec!["d10d9".into(), "e2d2".into()],
                rating: 400 + spread as u16,
                deviation: 80,
                themes: vec![Theme::MateIn1, Theme::OneMove],
                generator: 1,
            }
        })
        .collect();
    Bank::from_puzzles(puzzles).expect("a bank")
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn choosing(rng: &mut Rng) {
    let bank = synthetic_bank(10_000, rng);
    let mut selector = Selector::new(&bank, |_| false);
    let mut rating = 1500.0;
    let mut last = None;
    let mut times = Vec::with_capacity(10_000);
    for seed in 0..10_000u64 {
        let difficulty = Difficulty::ALL[(seed % 5) as usize];
        let start = Instant::now();
        let chosen = selector.next(&Request { rating, difficulty, last: last.as_ref(), seed });
        times.push(start.elapsed());
        let Some(p) = chosen else { break };
        // The player solves nine in ten, so the solved set grows to most of the bank.
        if rng.below(10) != 0 {
            selector.mark_solved(&p.id);
            rating += 8.0;
        } else {
            rating -= 12.0;
        }
        last = Some(p.id.clone());
    }
    let n = times.len();
    let slowest = times.iter().max().copied().unwrap_or_default();
    let median = median(&mut times);
    // `median` sorted the times; the 99.9th percentile shows the cost without the rare
    // preemption a loaded machine adds to the slowest.
    let p999 = times.get(n * 999 / 1000).copied().unwrap_or_default();
    println!(
        "next puzzle, 10,000-puzzle bank: {n} choices, median {:.2} µs, 99.9% {:.2} µs, slowest {:.2} µs, {} left unsolved",
        median.as_secs_f64() * 1e6,
        p999.as_secs_f64() * 1e6,
        slowest.as_secs_f64() * 1e6,
        selector.unsolved()
    );
}

fn replaying(rng: &mut Rng) {
    let bank = synthetic_bank(10_000, rng);
    let mut log = AttemptLog::new();
    for n in 0..10_000u64 {
        let ms = 1_700_000_000_000 + rng.below(90 * 86_400_000) as i64;
        let mut random = [0u8; 10];
        random[2..].copy_from_slice(&n.to_be_bytes());
        let puzzle = bank.puzzles()[rng.below(12_000).min(9_999) as usize].id.clone();
        let attempt = Attempt::new(NewAttempt {
            id: AttemptId::new(ms, random).expect("an id"),
            device: ["phone", "tablet"][(n % 2) as usize].to_string(),
            puzzle,
            variant: Variant::Xiangqi,
            started_ms: ms,
            ended_ms: ms + 30_000,
            result: if rng.below(3) == 0 { AttemptResult::Failed } else { AttemptResult::Solved },
            rated: rng.below(10) != 0,
        })
        .expect("an attempt");
        log.insert(attempt).expect("a new attempt");
    }
    let mut times = Vec::new();
    for _ in 0..21 {
        let start = Instant::now();
        black_box(log.replay(&[&bank]));
        times.push(start.elapsed());
    }
    println!(
        "replay of a 10,000-attempt log: median {:.2} ms",
        median(&mut times).as_secs_f64() * 1e3
    );
}

fn banks() {
    for &variant in Variant::ALL {
        let path: PathBuf =
            [env!("CARGO_MANIFEST_DIR"), "banks", &format!("{}.csv", variant.name())]
                .iter()
                .collect();
        let csv = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let compact = embedded_bytes(variant).len();
        let mut times = Vec::new();
        let mut puzzles = 0;
        for _ in 0..11 {
            let start = Instant::now();
            let bank = Bank::embedded(variant);
            times.push(start.elapsed());
            puzzles = bank.map(|b| b.len()).unwrap_or(0);
        }
        println!(
            "{variant} bank: {puzzles} puzzles, compact {compact} bytes, CSV {csv} bytes, decode median {:.3} ms",
            median(&mut times).as_secs_f64() * 1e3
        );
    }
    // Banks of positions from random play, for scale while the shipped banks are small:
    // random positions are less regular than real ones, so these sizes err on the large side.
    let mut rng = Rng(3);
    for &variant in Variant::ALL {
        let bank = played_bank(variant, 1000, &mut rng);
        let text = bank.to_text();
        let compact = bank.to_compact();
        let start = Instant::now();
        let back = Bank::from_compact(&compact).map(|b| b.len()).unwrap_or(0);
        let took = start.elapsed();
        println!(
            "{variant}, {back} puzzles from random play: compact {} bytes ({:.1} per puzzle), text {} bytes, decode {:.2} ms",
            compact.len(),
            compact.len() as f64 / back.max(1) as f64,
            text.len(),
            took.as_secs_f64() * 1e3
        );
    }
}

/// A bank of `n` puzzles of `variant` whose positions come from random play: a position 10
/// to 70 plies in, then one or two solver moves with their replies, as the solver sees them.
fn played_bank(variant: Variant, n: usize, rng: &mut Rng) -> Bank {
    let mut puzzles = Vec::with_capacity(n);
    let mut deal = ChaCha8Rng::seed_from_u64(rng.next());
    while puzzles.len() < n {
        let Ok(mut game) = AnyGame::new(&NewGame::usual(variant), &mut deal) else {
            return Bank::default();
        };
        let before = 10 + rng.below(60) as usize;
        let line = 2 + 2 * rng.below(2) as usize;
        for _ in 0..before + line {
            let moves = game.legal_move_texts();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len() as u64) as usize];
            if game.play_text(m).is_err() {
                break;
            }
        }
        if game.len() < before + line {
            continue;
        }
        // The solver is the side to move after the opponent's first move.
        let solver = Seat::Player(!replayed_turn(&game, before));
        let texts = game.move_texts_for(solver);
        let Some(fen) = fen_at(&game, before, solver) else { continue };
        let spread: u64 = (0..4).map(|_| rng.below(700)).sum();
        let themes = [Theme::Material, Theme::of_length(line / 2)];
        puzzles.push(Puzzle {
            id: PuzzleId::numbered(variant, puzzles.len() as u64),
            variant,
            fen,
            moves: texts[before..before + line].to_vec(),
            rating: 400 + spread as u16,
            deviation: [75, 80, 95][rng.below(3) as usize],
            themes: themes.to_vec(),
            generator: 1,
        });
    }
    Bank::from_puzzles(puzzles).expect("a bank")
}

/// The side to move after `ply` moves of `game`.
fn replayed_turn(game: &AnyGame, ply: usize) -> rodina_rules::Color {
    let mut g = game.clone();
    while g.len() > ply {
        g.undo();
    }
    g.turn()
}

/// The FEN after `ply` moves of `game`, as `seat` sees it.
fn fen_at(game: &AnyGame, ply: usize, seat: Seat) -> Option<String> {
    let mut g = game.clone();
    while g.len() > ply {
        if !g.undo() {
            return None;
        }
    }
    Some(g.view_fen(seat))
}

fn main() {
    let mut rng = Rng(2024);
    choosing(&mut rng);
    replaying(&mut rng);
    banks();
}
