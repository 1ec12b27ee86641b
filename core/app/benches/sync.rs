//! Progress sync on loopback: a device's first sync of a long attempt log (every attempt
//! pushed in batches, then pulled back), a second device's first sync of the same account
//! (everything pulled and merged), and an incremental sync of a few new attempts. The server
//! runs in this process on a database file, as `rodina serve` does.
//!
//! `cargo bench -p rodina-app --bench sync [-- ATTEMPTS]` (default 10,000 attempts; 10 new
//! ones for the incremental sync) prints each sync's time; the incremental sync is timed 21
//! times (median and slowest). Targets: the first sync within 1 s, an incremental one within
//! 50 ms.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rodina_app::Store;
use rodina_app::online::Online;
use rodina_puzzles::{Attempt, AttemptId, AttemptResult, Bank, NewAttempt};
use rodina_rules::Variant;
use rodina_rules::random::splitmix64;

/// New attempts per incremental sync.
const INCREMENT: usize = 10;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn now_ms() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    i64::try_from(since.map(|d| d.as_millis()).unwrap_or(0)).unwrap_or(0)
}

/// Attempt `n` at a puzzle of `banks`, started `n` seconds after `base`.
fn attempt(banks: &[Bank], n: usize, base: i64, seed: &mut u64) -> Attempt {
    let bank = &banks[n % banks.len()];
    let puzzle = &bank.puzzles()[splitmix64(seed) as usize % bank.len()];
    let started = base + n as i64 * 1000;
    let mut random = [0u8; 10];
    random[..8].copy_from_slice(&splitmix64(seed).to_le_bytes());
    Attempt::new(NewAttempt {
        id: AttemptId::new(started, random).expect("an id"),
        device: "bench".into(),
        puzzle: puzzle.id.clone(),
        variant: bank.variant().expect("a game"),
        started_ms: started,
        ended_ms: started + 30_000,
        result: if splitmix64(seed) % 3 == 0 {
            AttemptResult::Failed
        } else {
            AttemptResult::Solved
        },
        rated: true,
    })
    .expect("an attempt")
}

fn device(dir: &std::path::Path, name: &str, server: &str) -> (Online, Arc<Mutex<Store>>) {
    let store = Arc::new(Mutex::new(Store::open(dir.join(format!("{name}.db"))).expect("store")));
    let online = Online::new(server, Arc::clone(&store), name).expect("online");
    (online, store)
}

fn main() {
    let attempts: usize = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000);
    let dir = tempfile::tempdir().expect("a folder");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    // The server's own limits: a first sync of 10,000 attempts fits in the per-account burst.
    let settings = rodina_server::Settings {
        db: dir.path().join("server.db"),
        addr: "127.0.0.1:0".parse().expect("an address"),
        ..rodina_server::Settings::default()
    };
    let server = runtime.block_on(rodina_server::start(settings)).expect("the server starts");
    let base = format!("http://{}", server.addr());

    let banks: Vec<Bank> = Variant::ALL
        .iter()
        .filter_map(|v| Bank::embedded(*v).ok())
        .filter(|b| !b.is_empty())
        .collect();
    let mut seed = 7;
    let start_ms = now_ms() - (attempts as i64 + 1000) * 1000;
    let (phone, phone_store) = device(dir.path(), "phone", &base);
    {
        let store = phone_store.lock().expect("store");
        for n in 0..attempts {
            store.add_puzzle_attempt(&attempt(&banks, n, start_ms, &mut seed)).expect("written");
        }
    }
    runtime.block_on(phone.account()).expect("an account");

    let t = Instant::now();
    let first = runtime.block_on(phone.sync()).expect("the first sync");
    let first_time = t.elapsed();
    assert_eq!(first.sent as usize, attempts);

    let code = runtime.block_on(phone.pairing_code()).expect("a code");
    let (tablet, tablet_store) = device(dir.path(), "tablet", &base);
    runtime.block_on(tablet.pair(&code.code)).expect("paired");
    let t = Instant::now();
    let second = runtime.block_on(tablet.sync()).expect("the tablet's first sync");
    let second_time = t.elapsed();
    assert_eq!(second.merged.attempts as usize, attempts);

    let mut incremental = Vec::new();
    for round in 0..21 {
        {
            let store = phone_store.lock().expect("store");
            for i in 0..INCREMENT {
                let n = attempts + round * INCREMENT + i;
                store
                    .add_puzzle_attempt(&attempt(&banks, n, start_ms, &mut seed))
                    .expect("written");
            }
        }
        let t = Instant::now();
        let report = runtime.block_on(phone.sync()).expect("an incremental sync");
        incremental.push(t.elapsed());
        assert_eq!(report.sent as usize, INCREMENT);
    }
    let t = Instant::now();
    let pulled = runtime.block_on(tablet.sync()).expect("the tablet catches up");
    let catch_up = t.elapsed();
    assert_eq!(pulled.merged.attempts as usize, 21 * INCREMENT);
    let held = tablet_store.lock().expect("store").sync_pending().expect("pending");
    assert_eq!(held, 0);
    incremental.sort();

    println!(
        "progress sync on loopback, {attempts} attempts (server and devices on database files)"
    );
    println!(
        "  first sync, this device's log pushed ({} calls of 500) and pulled back: {:.0} ms",
        attempts.div_ceil(500),
        ms(first_time)
    );
    println!("  a second device's first sync, all pulled and merged: {:.0} ms", ms(second_time));
    println!(
        "  incremental sync of {INCREMENT} attempts (21 times): median {:.1} ms, slowest {:.1} ms",
        ms(incremental[incremental.len() / 2]),
        ms(incremental[incremental.len() - 1])
    );
    println!(
        "  the second device catching up on {} attempts: {:.1} ms",
        21 * INCREMENT,
        ms(catch_up)
    );
    runtime.block_on(server.stop());
}
