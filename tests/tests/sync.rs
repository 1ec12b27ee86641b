//! Progress sync under chaos, against the real `rodina serve` process: 1,000 runs, each of
//! two or three devices on one account (the second and third join by a pairing code, after
//! playing as guests of their own), solving puzzles, scoring course exercises and changing
//! settings while they go offline and online, sync at random moments, lose replies (a proxy
//! cuts the server's answer after the server has acted on the request) and see the server
//! killed with SIGKILL and restarted on its database. At the end of each run every device
//! and the server hold the same attempts (all that were ever made), the same best scores and
//! the same settings, and the ratings every device replays agree with the server's to the
//! last bit.
//!
//! Runs go 8 at a time on one server; every loop is bounded in count and every wait in time.

use std::collections::{BTreeMap, BTreeSet};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_app::online::Online;
use rodina_app::{Settings, Store};
use rodina_e2e::server::ServerProcess;
use rodina_learn::{Course, ExerciseId, Score};
use rodina_protocol::{Change, Pulled, Standings};
use rodina_puzzles::{Attempt, AttemptId, AttemptResult, Bank, Difficulty, NewAttempt};
use rodina_rules::Variant;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::Mutex as AsyncMutex;

/// Runs in all, and at once.
const RUNS: usize = 1_000;
const AT_ONCE: usize = 8;
/// Random steps a run takes before it settles.
const STEPS: usize = 14;
/// How long a run may take to settle (all devices paired and in agreement).
const SETTLE_WITHIN: Duration = Duration::from_secs(60);
/// The whole test's bound.
const TEST_WITHIN: Duration = Duration::from_secs(900);

/// What happened, over all runs.
#[derive(Default)]
struct Figures {
    runs: AtomicU64,
    devices: AtomicU64,
    attempts: AtomicU64,
    scores: AtomicU64,
    settings: AtomicU64,
    syncs: AtomicU64,
    failed_syncs: AtomicU64,
    kills: AtomicU64,
    dropped_replies: AtomicU64,
    offline_spells: AtomicU64,
    pairings_retried: AtomicU64,
    puzzle_conflicts: AtomicU64,
    score_conflicts: AtomicU64,
    setting_conflicts: AtomicU64,
}

fn add(counter: &AtomicU64, n: u64) {
    counter.fetch_add(n, Ordering::Relaxed);
}

/// A device's own way to the server: a TCP proxy on loopback that can be cut off (offline)
/// and can drop the server's answer of a connection after the server got the request.
struct Proxy {
    addr: SocketAddr,
    offline: Arc<AtomicBool>,
    /// Per thousand pieces of the server's answers lost.
    drop_per_mille: Arc<AtomicU32>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Proxy {
    /// A proxy to `server` whose connections to it leave from `source` (a loopback address
    /// of the device's own: the server limits new accounts per address, as it would per
    /// phone).
    async fn start(
        server: SocketAddr,
        source: Ipv4Addr,
        figures: Arc<Figures>,
        seed: u64,
    ) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a proxy port");
        let addr = listener.local_addr().expect("its address");
        let offline = Arc::new(AtomicBool::new(false));
        let drop_per_mille = Arc::new(AtomicU32::new(0));
        let (off, drops) = (Arc::clone(&offline), Arc::clone(&drop_per_mille));
        let task = tokio::spawn(async move {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // Bounded: a run makes far fewer connections than this.
            for _ in 0..100_000 {
                let Ok((client, _)) = listener.accept().await else { return };
                if off.load(Ordering::Relaxed) {
                    drop(client);
                    continue;
                }
                let (off, drops, figures) =
                    (Arc::clone(&off), Arc::clone(&drops), Arc::clone(&figures));
                tokio::spawn(relay(client, server, source, rng.random(), drops, off, figures));
            }
        });
        Proxy { addr, offline, drop_per_mille, task }
    }

    fn base(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// Relays one connection. Each piece of the server's answers is thrown away, with the
/// connection, at the rate `drops` says (per thousand) at the time, as a lost reply would be:
/// the server has acted on the request, the device never hears so.
async fn relay(
    mut client: TcpStream,
    server: SocketAddr,
    source: Ipv4Addr,
    seed: u64,
    drops: Arc<AtomicU32>,
    offline: Arc<AtomicBool>,
    figures: Arc<Figures>,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ok(socket) = TcpSocket::new_v4() else { return };
    if socket.bind(SocketAddr::new(IpAddr::V4(source), 0)).is_err() {
        return;
    }
    let Ok(Ok(mut upstream)) =
        tokio::time::timeout(Duration::from_secs(2), socket.connect(server)).await
    else {
        return;
    };
    let (mut client_read, mut client_write) = client.split();
    let (mut server_read, mut server_write) = upstream.split();
    let up = async {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            match client_read.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    if server_write.write_all(&buf[..n]).await.is_err() {
                        return;
                    }
                }
            }
        }
    };
    let down = async {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match server_read.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    if rng.random_range(0..1000) < drops.load(Ordering::Relaxed) {
                        add(&figures.dropped_replies, 1);
                        return;
                    }
                    if offline.load(Ordering::Relaxed)
                        || client_write.write_all(&buf[..n]).await.is_err()
                    {
                        return;
                    }
                }
            }
        }
    };
    // Either side ending ends the connection (both sockets drop here).
    let _ = tokio::time::timeout(Duration::from_secs(30), async {
        tokio::select! {
            () = up => {}
            () = down => {}
        }
    })
    .await;
}

/// A device: its Store, the online service through its proxy, and what it made.
struct Device {
    online: Online,
    store: Arc<Mutex<Store>>,
    proxy: Proxy,
    paired: bool,
    _dir: tempfile::TempDir,
}

impl Device {
    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The account this device holds now, and its token.
    fn account(&self) -> Option<(String, String)> {
        self.store()
            .online_account(self.online.server())
            .expect("the account reads")
            .map(|a| (a.account, a.token))
    }
}

/// What a run made, to check the end against.
#[derive(Default)]
struct Made {
    attempts: BTreeMap<String, Attempt>,
    /// Devices that tried each puzzle.
    tried: BTreeMap<String, BTreeSet<usize>>,
    best: BTreeMap<String, Score>,
    scored: BTreeMap<String, BTreeSet<usize>>,
    set: BTreeMap<String, BTreeSet<usize>>,
}

/// The shared server, killed and restarted by the runs.
struct Chaos {
    server: AsyncMutex<ServerProcess>,
    addr: SocketAddr,
    last_kill: Mutex<Instant>,
}

impl Chaos {
    /// SIGKILL and a restart on the same database and address, unless one happened in the
    /// last quarter second (runs share the server; a fast machine finishes the whole test in
    /// 20 s, so a longer pause would leave too few kills to mean anything).
    async fn kill(&self, figures: &Figures) {
        {
            let mut last = self.last_kill.lock().unwrap_or_else(PoisonError::into_inner);
            if last.elapsed() < Duration::from_millis(250) {
                return;
            }
            *last = Instant::now();
        }
        let mut server = self.server.lock().await;
        tokio::task::block_in_place(|| server.restart()).expect("the server restarts");
        assert_eq!(server.addr(), self.addr, "the same address after a restart");
        add(&figures.kills, 1);
    }
}

fn now_ms() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis(),
    )
    .expect("a time")
}

/// The puzzles the runs try: few, so that devices often try the same ones.
struct Pools {
    xiangqi: Bank,
    exercises: Vec<ExerciseId>,
}

fn make_attempt(device: &Device, pools: &Pools, rng: &mut ChaCha8Rng) -> Attempt {
    let puzzle = pools.xiangqi.puzzles()[rng.random_range(0..10)].id.clone();
    let started = now_ms() - rng.random_range(0..600_000);
    Attempt::new(NewAttempt {
        id: AttemptId::new(started, rng.random()).expect("an id"),
        device: device.store().device_id().expect("a device id"),
        puzzle,
        variant: Variant::Xiangqi,
        started_ms: started,
        ended_ms: started + rng.random_range(1_000..60_000),
        result: if rng.random_bool(0.6) { AttemptResult::Solved } else { AttemptResult::Failed },
        rated: rng.random_bool(0.9),
    })
    .expect("an attempt")
}

async fn sync(device: &Device, figures: &Figures) -> bool {
    add(&figures.syncs, 1);
    let ok = device.online.sync().await.is_ok();
    if !ok {
        add(&figures.failed_syncs, 1);
    }
    ok
}

/// Pairs `device` to `first`'s account: a code shown on the first, typed on the other.
async fn pair(first: &Device, device: &mut Device) -> bool {
    let Ok(code) = first.online.pairing_code().await else { return false };
    if device.online.pair(&code.code).await.is_err() {
        return false;
    }
    device.paired = device.account().map(|a| a.0) == first.account().map(|a| a.0);
    device.paired
}

async fn run(index: usize, chaos: Arc<Chaos>, pools: Arc<Pools>, figures: Arc<Figures>) {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EED_0000 + index as u64);
    let count = if index % 3 == 0 { 3 } else { 2 };
    let mut devices = Vec::new();
    for d in 0..count {
        let dir = tempfile::tempdir().expect("a folder");
        let store = Arc::new(Mutex::new(Store::open(dir.path().join("app.db")).expect("a store")));
        // Each device its own source address, 127.1.x.y.
        let n = index * 3 + d;
        let source = Ipv4Addr::new(127, 1, (n / 250) as u8, (n % 250 + 2) as u8);
        let proxy = Proxy::start(chaos.addr, source, Arc::clone(&figures), rng.random()).await;
        let online =
            Online::new(&proxy.base(), Arc::clone(&store), &format!("device-{d}")).expect("online");
        devices.push(Device { online, store, proxy, paired: d == 0, _dir: dir });
    }
    add(&figures.devices, count as u64);
    let mut made = Made::default();
    for _ in 0..STEPS {
        let d = rng.random_range(0..count);
        match rng.random_range(0..100) {
            0..30 => {
                let attempt = make_attempt(&devices[d], &pools, &mut rng);
                assert!(devices[d].store().add_puzzle_attempt(&attempt).expect("stored"));
                made.tried.entry(attempt.puzzle().to_string()).or_default().insert(d);
                made.attempts.insert(attempt.id().to_string(), attempt);
                add(&figures.attempts, 1);
            }
            30..40 => {
                let exercise = pools.exercises[rng.random_range(0..pools.exercises.len())].clone();
                let par = rng.random_range(1..6);
                let score = Score::of(rng.random_range(0..3), 0, 0, rng.random_range(1..10), par);
                devices[d].store().record_course_score(&exercise, score).expect("stored");
                let key = exercise.to_string();
                let best = made.best.entry(key.clone()).or_insert(score);
                if (score.points, score.best) > (best.points, best.best) {
                    *best = score;
                }
                made.scored.entry(key).or_default().insert(d);
                add(&figures.scores, 1);
            }
            40..48 => {
                let mut store = devices[d].store();
                let mut s: Settings = store.settings().expect("settings");
                s.rotate_board = rng.random_bool(0.5);
                s.show_last_move = rng.random_bool(0.5);
                store.set_settings(&s).expect("saved");
                let difficulty = [Difficulty::Easiest, Difficulty::Normal, Difficulty::Hardest]
                    [rng.random_range(0..3)];
                store.set_puzzle_difficulty(Variant::Xiangqi, difficulty).expect("saved");
                for key in ["rotate_board", "show_last_move", "puzzle_difficulty.xiangqi"] {
                    made.set.entry(key.into()).or_default().insert(d);
                }
                add(&figures.settings, 1);
            }
            48..56 => {
                let off = !devices[d].proxy.offline.load(Ordering::Relaxed);
                devices[d].proxy.offline.store(off, Ordering::Relaxed);
                if off {
                    add(&figures.offline_spells, 1);
                }
            }
            56..62 => {
                let per_mille = [0, 100, 300, 600][rng.random_range(0..4)];
                devices[d].proxy.drop_per_mille.store(per_mille, Ordering::Relaxed);
            }
            62 => chaos.kill(&figures).await,
            64..72 if !devices[d].paired => {
                let (first, rest) = devices.split_at_mut(1);
                let _ = pair(&first[0], &mut rest[d - 1]).await;
            }
            _ => {
                sync(&devices[d], &figures).await;
            }
        }
    }
    // Settle: everyone online, no more lost answers; pair whoever is not yet, sync until
    // a whole round goes through with nothing left to send or to take.
    for device in &devices {
        device.proxy.offline.store(false, Ordering::Relaxed);
        device.proxy.drop_per_mille.store(0, Ordering::Relaxed);
    }
    let deadline = Instant::now() + SETTLE_WITHIN;
    let mut quiet_rounds = 0;
    for round in 0..200 {
        assert!(Instant::now() < deadline, "run {index} did not settle in {SETTLE_WITHIN:?}");
        let mut quiet = true;
        for d in 1..count {
            let first = devices[0].account().map(|a| a.0);
            if devices[d].account().map(|a| a.0) != first || first.is_none() {
                devices[d].paired = false;
            }
            if !devices[d].paired {
                if round > 0 {
                    add(&figures.pairings_retried, 1);
                }
                let (head, rest) = devices.split_at_mut(1);
                quiet &= pair(&head[0], &mut rest[d - 1]).await;
            }
        }
        for device in &devices {
            match device.online.sync().await {
                Ok(report) => {
                    quiet &= report.sent == 0
                        && report.merged.attempts == 0
                        && report.merged.scores == 0
                        && report.merged.settings == 0
                }
                Err(_) => {
                    quiet = false;
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
            quiet &= device.store().sync_pending().expect("pending") == 0;
        }
        quiet_rounds = if quiet { quiet_rounds + 1 } else { 0 };
        if quiet_rounds == 2 {
            break;
        }
    }
    assert_eq!(quiet_rounds, 2, "run {index} did not settle within 200 rounds");
    check(index, &devices, &made, &pools, &chaos).await;
    add(&figures.runs, 1);
    add(&figures.puzzle_conflicts, made.tried.values().filter(|d| d.len() > 1).count() as u64);
    add(&figures.score_conflicts, made.scored.values().filter(|d| d.len() > 1).count() as u64);
    add(&figures.setting_conflicts, made.set.values().filter(|d| d.len() > 1).count() as u64);
}

/// `GET path` on the server with the account's token, read as `T`; tried again while the
/// server is down (another run may have just killed it), 100 times at most.
async fn get<T: serde::de::DeserializeOwned>(addr: SocketAddr, path: &str, token: &str) -> T {
    let http = reqwest::Client::new();
    let mut last = String::new();
    for _ in 0..100 {
        let answer = http.get(format!("http://{addr}{path}")).bearer_auth(token).send().await;
        match answer {
            Ok(a) if a.status().is_success() => return a.json().await.expect("the answer reads"),
            Ok(a) => last = format!("{}", a.status()),
            Err(e) => last = e.to_string(),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("GET {path}: {last}");
}

/// Everything the account holds on the server, pulled page by page.
async fn server_items(addr: SocketAddr, token: &str) -> Vec<Change> {
    let (mut since, mut items) = (0, Vec::new());
    for _ in 0..100 {
        let pulled: Pulled = get(addr, &format!("/v1/sync?since={since}"), token).await;
        items.extend(pulled.changes.into_iter().map(|s| s.change));
        since = pulled.cursor;
        if !pulled.more {
            return items;
        }
    }
    panic!("more than 100 pages");
}

async fn check(index: usize, devices: &[Device], made: &Made, pools: &Pools, chaos: &Chaos) {
    let (account, token) = devices[0].account().expect("an account");
    for d in devices {
        assert_eq!(d.account().map(|a| a.0).as_ref(), Some(&account), "run {index}: one account");
    }
    let items = server_items(chaos.addr, &token).await;
    let server_attempts: BTreeSet<String> = items
        .iter()
        .filter_map(|c| match c {
            Change::Attempt(a) => Some(a.id.clone()),
            _ => None,
        })
        .collect();
    let all: BTreeSet<String> = made.attempts.keys().cloned().collect();
    assert_eq!(server_attempts, all, "run {index}: the server holds every attempt made");
    let standings: Standings = get(chaos.addr, "/v1/sync/progress", &token).await;
    let mut logs = Vec::new();
    let mut settings = Vec::new();
    for (n, d) in devices.iter().enumerate() {
        let store = d.store();
        let log = store.puzzle_attempts(Variant::Xiangqi).expect("the log");
        let held: BTreeSet<String> = log.iter().map(|a| a.id().to_string()).collect();
        assert_eq!(held, all, "run {index}: device {n} holds every attempt made");
        for a in log.iter() {
            assert_eq!(Some(a), made.attempts.get(&a.id().to_string()), "run {index}: as made");
        }
        let progress = log.replay(&[&pools.xiangqi]);
        match (progress.game(Variant::Xiangqi), standings.games.first()) {
            (Some(mine), Some(theirs)) => {
                assert_eq!(theirs.rating.to_bits(), mine.rating.rating.to_bits(), "run {index}");
                assert_eq!(theirs.deviation.to_bits(), mine.rating.deviation.to_bits());
                assert_eq!(theirs.volatility.to_bits(), mine.rating.volatility.to_bits());
                assert_eq!(
                    (theirs.attempts, theirs.rated, theirs.solved, theirs.streak),
                    (
                        mine.attempts as u64,
                        mine.rated as u64,
                        mine.solved.len() as u64,
                        mine.streak as u64
                    ),
                    "run {index}: device {n}"
                );
            }
            (None, None) => {}
            other => panic!("run {index}: device {n} and the server differ: {other:?}"),
        }
        let course = store.course_progress(Variant::JesonMor).expect("course");
        for (exercise, best) in &made.best {
            let id: ExerciseId = exercise.parse().expect("an id");
            assert_eq!(course.best(&id), Some(*best), "run {index}: device {n}: {exercise}");
        }
        settings.push((
            store.settings().expect("settings"),
            store.puzzle_difficulty(Variant::Xiangqi).expect("difficulty"),
        ));
        logs.push(log.to_text());
    }
    assert!(logs.windows(2).all(|w| w[0] == w[1]), "run {index}: the logs differ");
    assert!(
        settings.windows(2).all(|w| w[0] == w[1]),
        "run {index}: settings differ: {settings:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_runs_of_devices_offline_and_online_with_a_killed_server_end_in_agreement() {
    let started = Instant::now();
    let server = ServerProcess::start(&[]).expect("the server starts");
    let addr = server.addr();
    let chaos = Arc::new(Chaos {
        server: AsyncMutex::new(server),
        addr,
        last_kill: Mutex::new(Instant::now()),
    });
    let course = Course::embedded(Variant::JesonMor).expect("a course");
    let pools = Arc::new(Pools {
        xiangqi: Bank::embedded(Variant::Xiangqi).expect("a bank"),
        exercises: course.exercises().take(3).map(|e| e.id.clone()).collect(),
    });
    let figures = Arc::new(Figures::default());
    let all = async {
        let mut next = 0;
        let mut running = tokio::task::JoinSet::new();
        while next < RUNS || !running.is_empty() {
            while next < RUNS && running.len() < AT_ONCE {
                let (c, p, f) = (Arc::clone(&chaos), Arc::clone(&pools), Arc::clone(&figures));
                running.spawn(run(next, c, p, f));
                next += 1;
            }
            if let Some(done) = running.join_next().await {
                done.expect("a run passes");
            }
        }
    };
    tokio::time::timeout(TEST_WITHIN, all).await.expect("every run within the bound");
    let f = &figures;
    let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
    println!(
        "sync chaos: {} runs, {} devices, {:.1} s; made {} attempts, {} scores, {} settings \
         writes; {} syncs ({} failed), {} server kills, {} replies dropped, {} offline spells, \
         {} pairings retried; conflicts resolved: {} puzzles tried on two devices or more, {} \
         exercises scored on several, {} settings written on several",
        get(&f.runs),
        get(&f.devices),
        started.elapsed().as_secs_f64(),
        get(&f.attempts),
        get(&f.scores),
        get(&f.settings),
        get(&f.syncs),
        get(&f.failed_syncs),
        get(&f.kills),
        get(&f.dropped_replies),
        get(&f.offline_spells),
        get(&f.pairings_retried),
        get(&f.puzzle_conflicts),
        get(&f.score_conflicts),
        get(&f.setting_conflicts),
    );
    assert_eq!(get(&f.runs), RUNS as u64);
    assert!(get(&f.kills) >= 20, "the server was killed only {} times", get(&f.kills));
    assert!(get(&f.dropped_replies) >= 100, "few replies were dropped");
    assert!(get(&f.puzzle_conflicts) >= 100, "few runs had devices try the same puzzle");
}
