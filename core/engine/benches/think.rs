//! Think time per level and search speed per game, on one core.
//!
//! `cargo bench -p rodina-engine --bench think [-- GAMES] [GAME...]` plays a few games of each level
//! against itself (fixed seeds, so every run sees the same positions) and prints the median,
//! 95th percentile and maximum time per searched move (book moves take no time and are left
//! out), then the full-strength search speed in nodes per second. Naming games (`xiangqi`,
//! `jesonmor`, `friendly`, `jieqi`) measures only those. Timings depend on the machine's
//! load: run it when the machine is quiet.

use std::time::{Duration, Instant};

use rodina_engine::{Bot, BotGame, Level, Limits, Request, Searcher};
use rodina_rules::{Friendly, Game, JesonMor, Xiangqi};

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

fn think_times<G: BotGame>(level: Level, games: usize) -> (Vec<Duration>, Vec<Game<G>>) {
    let mut times = Vec::new();
    let mut records = Vec::new();
    for g in 0..games {
        let mut red = Bot::<G>::new(level, 1000 + g as u64 * 2);
        let mut black = Bot::<G>::new(level, 1001 + g as u64 * 2);
        let mut game = Game::new(G::start_position());
        while game.outcome().is_none() && game.len() < MAX_PLIES {
            let bot = if game.len() % 2 == 0 { &mut red } else { &mut black };
            let started = Instant::now();
            let Some(m) = bot.choose(&game, None, None) else { break };
            let spent = started.elapsed();
            if !m.from_book {
                times.push(spent);
            }
            game.play_unchecked(&m.mv);
        }
        records.push(game);
    }
    times.sort();
    (times, records)
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

fn bench_game<G: BotGame>(games: usize) {
    let name = G::start_position().variant();
    println!("{name}: think time per searched move, {games} self-play games per level");
    println!(
        "  {:<14} {:>6} {:>10} {:>10} {:>10}",
        "level", "moves", "median ms", "p95 ms", "max ms"
    );
    let mut sample_positions = Vec::new();
    for level in Level::ALL {
        if level == Level::Full {
            continue;
        }
        let (times, records) = think_times::<G>(level, games);
        println!(
            "  {:<14} {:>6} {:>10.1} {:>10.1} {:>10.1}",
            level.id(),
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            times.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
        if level == Level::Club {
            for game in &records {
                for ply in (10..game.len()).step_by(20) {
                    if let Some(p) = game.position_at(ply) {
                        sample_positions.push(p.clone());
                    }
                }
            }
        }
    }
    let nps = nodes_per_second(&sample_positions, 300_000);
    println!(
        "  full-strength search speed: {:.0} nodes/s over {} positions from Club games",
        nps,
        sample_positions.len()
    );
}

/// Jieqi: self-play from seeded shuffles, each bot given its own views.
fn bench_jieqi(games: usize) {
    use rand::SeedableRng;
    use rodina_engine::JieqiBot;
    use rodina_rules::jieqi::{Jieqi, JieqiView, Rules, Seat, ViewGame};

    println!("jieqi: think time per searched move, {games} self-play games per level");
    println!(
        "  {:<14} {:>6} {:>10} {:>10} {:>10}",
        "level", "moves", "median ms", "p95 ms", "max ms"
    );
    let mut sample: Vec<JieqiView> = Vec::new();
    for level in Level::ALL {
        if level == Level::Full {
            continue;
        }
        let mut times = Vec::new();
        for g in 0..games {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(500 + g as u64);
            let mut game = Game::new(Jieqi::shuffled(&mut rng, Rules::DEFAULT));
            let mut bots = [
                JieqiBot::new(level, 1000 + g as u64 * 2),
                JieqiBot::new(level, 1001 + g as u64 * 2),
            ];
            while game.outcome().is_none() && game.len() < MAX_PLIES {
                let turn = rodina_rules::Position::turn(game.position());
                let record = ViewGame::from_game(&game, Seat::Player(turn));
                let started = Instant::now();
                let Some(m) = bots[turn.index()].choose(&record, None, None) else { break };
                times.push(started.elapsed());
                if level == Level::Club && game.len() % 20 == 10 {
                    sample.push(record.view().clone());
                }
                if game.play(&m.mv).is_err() {
                    break;
                }
            }
        }
        times.sort();
        println!(
            "  {:<14} {:>6} {:>10.1} {:>10.1} {:>10.1}",
            level.id(),
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.95).as_secs_f64() * 1e3,
            times.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
    }
    let nps = nodes_per_second(&sample, 300_000);
    println!(
        "  full-strength search speed: {:.0} nodes/s over {} views from Club games",
        nps,
        sample.len()
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
    let wanted = |name: &str| named.is_empty() || named.contains(&name);
    if wanted("xiangqi") {
        bench_game::<Xiangqi>(games);
    }
    if wanted("jesonmor") {
        bench_game::<JesonMor>(games);
    }
    if wanted("friendly") {
        bench_game::<Friendly>(games);
    }
    if wanted("jieqi") {
        bench_jieqi(games);
    }
}
