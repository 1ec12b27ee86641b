//! How long opening the Store takes, for a database of many saved games: the app opens it
//! off the UI's main thread, and the check it runs costs no more than it must (a full page
//! check only before a migration).
//!
//! `cargo bench -p rodina-app --bench store_open [-- GAMES]` (default 10,000 games of 120
//! moves) prints the file size and the median and slowest of 20 opens, and the time to list
//! the saved games.

use std::time::{Duration, Instant};

use rodina_app::{GameRecord, Player, Store};
use rodina_rules::Variant;

fn main() {
    let games: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(10_000);
    let dir = std::env::temp_dir().join(format!("rodina-store-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("rodina.db");
    let _ = std::fs::remove_file(&path);
    let moves: Vec<String> = ["h3e3", "h10g8", "e3h3", "g8h10"]
        .iter()
        .cycle()
        .take(120)
        .map(|m| (*m).to_owned())
        .collect();
    let record = GameRecord {
        variant: Variant::Xiangqi,
        start_fen: rodina_rules::xiangqi::START_FEN.to_owned(),
        handicap: None,
        rule_set: None,
        first: Player::Person,
        second: Player::Bot { level: "casual".into() },
        moves,
        declared: None,
        bot_seed: 7,
    };
    {
        let store = match Store::open(&path) {
            Ok(s) => s,
            Err(e) => return eprintln!("cannot create {}: {e}", path.display()),
        };
        for _ in 0..games {
            if let Err(e) = store.save_game(None, &record, None) {
                return eprintln!("save failed: {e}");
            }
        }
    }
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    let mut opens: Vec<Duration> = (0..20)
        .filter_map(|_| {
            let t = Instant::now();
            let store = Store::open(&path).ok()?;
            let spent = t.elapsed();
            drop(store);
            Some(spent)
        })
        .collect();
    opens.sort();
    let list = Store::open(&path).ok().map(|s| {
        let t = Instant::now();
        let n = s.list_games().map(|g| g.len()).unwrap_or(0);
        (n, t.elapsed())
    });
    println!("store_open: {games} games, file {:.1} MiB", size as f64 / (1024.0 * 1024.0));
    if let (Some(median), Some(max)) = (opens.get(opens.len() / 2), opens.last()) {
        println!("  open: median {:.2} ms, slowest {:.2} ms (20 opens)", ms(*median), ms(*max));
    }
    if let Some((n, t)) = list {
        println!("  list {n} saved games: {:.1} ms", ms(t));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
