//! Think time per level and search speed per game, on one core.
//!
//! `cargo bench -p rodina-engine --bench think [-- GAMES] [GAME...]` plays a few games of each level
//! against itself (fixed seeds, so every run sees the same positions) and prints the median,
//! 95th percentile and maximum time per searched move (book moves take no time and are left
//! out), then the full-strength search speed in nodes per second. Naming games (`xiangqi`,
//! `jesonmor`, `friendly`, `jieqi`) measures only those. Timings depend on the machine's
//! load: run it when the machine is quiet.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rodina_engine::{Bot, BotGame, Level, Limits, Request, Searcher};
use rodina_rules::{AnyGame, Game, NewGame, Seat, Start, Truth, Variant, with_game};

/// Games per level; more games give steadier percentiles.
const GAMES: usize = 4;
/// Plies per game at most (think time matters in every phase, not in endless endgames).
const MAX_PLIES: usize = 160;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Self-play of one level from the usual start (a new shuffle per game where the game deals): each
/// bot is given its own seat's record. Returns the sorted times per searched move and the
/// views the bots searched, every 20th ply from the 10th.
fn think_times<P: Truth>(level: Level, games: usize) -> (Vec<Duration>, Vec<P::View>)
where
    P::View: BotGame,
{
    let mut times = Vec::new();
    let mut sample = Vec::new();
    for g in 0..games {
        let mut bots = [
            Bot::<P::View>::new(level, 1000 + g as u64 * 2),
            Bot::<P::View>::new(level, 1001 + g as u64 * 2),
        ];
        let Some(mut game) = start_of::<P>(g) else { break };
        while game.outcome().is_none() && game.len() < MAX_PLIES {
            let turn = game.turn();
            let record = game.view(Seat::Player(turn));
            let started = Instant::now();
            let Some(m) = bots[turn.index()].choose(&record, None, None) else { break };
            let spent = started.elapsed();
            if !m.from_book {
                times.push(spent);
            }
            if game.len() % 20 == 10 {
                sample.push(record.position().clone());
            }
            if game.play(&m.mv).is_err() {
                break;
            }
        }
    }
    times.sort();
    (times, sample)
}

/// Game `g`'s start: the usual one, a seeded shuffle where the game deals.
fn start_of<P: Truth>(g: usize) -> Option<Game<P>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(500 + g as u64);
    P::set_up(&Start::Usual, &Default::default(), &mut rng).ok().map(Game::new)
}

fn nodes_per_second<G: rodina_engine::SearchGame>(positions: &[G], nodes: u64) -> f64 {
    let mut searcher = Searcher::<G>::new(1 << 24);
    let (mut total_nodes, mut total_time) = (0u64, Duration::ZERO);
    for p in positions {
        searcher.clear();
        let r = searcher.search(&Request::new(p, Limits::nodes(nodes)), |_| {});
        total_nodes += r.nodes;
        total_time += r.elapsed;
    }
    total_nodes as f64 / total_time.as_secs_f64().max(1e-9)
}

fn bench_game<P: Truth>(_: &Game<P>, games: usize)
where
    P::View: BotGame,
{
    println!("{}: think time per searched move, {games} self-play games per level", P::VARIANT);
    println!(
        "  {:<14} {:>6} {:>10} {:>10} {:>10}",
        "level", "moves", "median ms", "p95 ms", "max ms"
    );
    let mut sample_positions = Vec::new();
    for level in Level::ALL {
        if level == Level::Full {
            continue;
        }
        let (times, sample) = think_times::<P>(level, games);
        println!(
            "  {:<14} {:>6} {:>10.1} {:>10.1} {:>10.1}",
            level.id(),
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            times.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
        if level == Level::Club {
            sample_positions = sample;
        }
    }
    let nps = nodes_per_second(&sample_positions, 300_000);
    println!(
        "  full-strength search speed: {:.0} nodes/s over {} positions from Club games",
        nps,
        sample_positions.len()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a number among the arguments sets the games per level.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.iter().find_map(|a| a.parse::<usize>().ok()).unwrap_or(GAMES);
    // Other words name the games to measure (none named: all of them).
    let named: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with('-') && a.parse::<usize>().is_err())
        .collect();
    for &variant in Variant::ALL {
        if !named.is_empty() && !named.contains(&variant.name()) {
            continue;
        }
        // The game chosen by name only gives the type to measure: each game starts anew.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(500);
        match AnyGame::new(&NewGame::usual(variant), &mut rng) {
            Ok(any) => with_game!(&any, g => bench_game(g, games)),
            Err(e) => eprintln!("{variant}: {e}"),
        }
    }
}
