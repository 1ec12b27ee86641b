//! Load benchmark of the online server: start time, WebSocket connections held, move relay
//! latency under that load, and the server's memory per connection.
//!
//! ```text
//! cargo bench -p rodina-server --bench load -- --games 5000
//! cargo bench -p rodina-server --bench load -- --games 200 --duration 10s
//! ```
//!
//! **Two processes.** The open-file limit is per process (20,000 here) and 10,000 sockets
//! need 10,000 descriptors on each end, so the server runs as a child process: this same
//! binary re-executed in its `--serve` mode, which starts the server through the
//! `rodina-server` library ([`rodina_server::start`]) exactly as `rodina serve` does (a
//! multi-threaded tokio runtime with one worker a core, a fresh SQLite database in a
//! temporary folder), with the load test's settings (below). The parent is the load: every
//! client of every game, on one multi-threaded tokio runtime.
//!
//! **Lifted limits, for the load test only** (the library's defaults are untouched; the
//! child sets them in its own [`Settings`]): the REST rate limits (account creation,
//! sign-in, invitation look-ups), because every client comes from 127.0.0.1 and the
//! defaults allow a household ten new accounts; and the first-move timeout (one hour instead
//! of 60 s), because at full scale setting up and connecting every game takes longer than a
//! minute before the first moves. The per-socket message rate keeps its default (20 at once,
//! 10 a second): the clients here send a move every few seconds and their pongs.
//!
//! **Phases**, each bounded in time (a phase that runs out fails with what it got done):
//!
//! 1. *start*: from spawning the server process until `GET /health` answers (the child also
//!    reports how long [`rodina_server::start`] took in it);
//! 2. *setup*: for each game two anonymous accounts, an invitation by one, the look-up and
//!    acceptance by the other, and the inviter's look-up that tells it the game — as the
//!    app does, over a bounded pool of concurrent keep-alive connections (`--rest-pool`);
//! 3. *connect*: both players of every game open the game's socket and say hello, at most
//!    `--connect-pool` connections being opened at once, until each has its `sync`;
//! 4. *moves*: for `--duration`, every game plays a move every `--move-every` (the games'
//!    turns spread evenly over the period), the moves taken from one long legal Xiangqi game
//!    made by the rules with a fixed seed (no move ends it). The relay latency of a move is
//!    the time from just before the mover's client writes the frame until the opponent's
//!    client has read the move's event. All along, every client answers the server's pings;
//! 5. *restart*: the server is stopped, and a new one started on the same database, which
//!    resumes every game: the time until `GET /health` answers again.
//!
//! The database is on the system's temporary folder (a disk) unless `--db-dir` says
//! otherwise: `--db-dir /dev/shm` (memory) takes the disk out of the relay latency, which
//! tells the stalls of SQLite's checkpoints (their `fsync`s run on the store's writer thread
//! while every game's appends wait) from the rest of the server.
//!
//! Memory is the server process's `VmRSS` (and peak, `VmHWM`) from `/proc/PID/status`:
//! idle, after the setup, with every connection open, and after the moves. Memory per
//! connection is the growth from the setup to every connection open, over the connections.

use std::io::{BufRead, BufReader, Read};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use rand::SeedableRng;
use rodina_protocol::{
    ClientMessage, Credentials, Event, GameId, Invitation, Joined, PROTOCOL_VERSION, ServerMessage,
    SideName,
};
use rodina_rules::{AnyGame, NewGame, Variant};
use rodina_server::{Limits, Rate, Settings};
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, mpsc, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const USAGE: &str = "\
usage: load [--games N] [--move-every DURATION] [--duration DURATION]
            [--rest-pool N] [--connect-pool N] [--db-dir DIR] [--no-restart]
  --games N            live games, two sockets each (default 5000)
  --move-every D       each game plays a move this often (default 5s)
  --duration D         how long the games keep moving (default 30s)
  --rest-pool N        concurrent REST calls during the setup (default 64)
  --connect-pool N     sockets being opened at once (default 200)
  --db-dir DIR         make the server's temporary database folder in DIR
                       (default: the system's temporary folder)
  --no-restart         skip the restart on the full database at the end
durations are a number with ms, s or m (a bare number is seconds)";

/// The options of a run.
#[derive(Clone, Debug)]
struct Options {
    games: usize,
    move_every: Duration,
    duration: Duration,
    rest_pool: usize,
    connect_pool: usize,
    restart: bool,
    db_dir: Option<PathBuf>,
}

/// What the command line asks: a load run, or (for the child) the server.
enum Mode {
    Load(Options),
    Serve { db: PathBuf, addr: SocketAddr },
}

fn duration(text: &str) -> anyhow::Result<Duration> {
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number.parse().with_context(|| format!("{text:?} is not a duration"))?;
    Ok(match unit {
        "ms" => Duration::from_millis(n),
        "" | "s" => Duration::from_secs(n),
        "m" => Duration::from_secs(n * 60),
        _ => bail!("{text:?}: the unit is one of ms, s, m"),
    })
}

fn parse_args(args: impl IntoIterator<Item = String>) -> anyhow::Result<Mode> {
    let mut o = Options {
        games: 5000,
        move_every: Duration::from_secs(5),
        duration: Duration::from_secs(30),
        rest_pool: 64,
        connect_pool: 200,
        restart: true,
        db_dir: None,
    };
    let (mut serve, mut db, mut addr) = (false, None, None);
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or_else(|| anyhow!("{arg} needs a value\n{USAGE}"));
        match arg.as_str() {
            // cargo bench passes --bench to a harness-less bench.
            "--bench" => {}
            "--games" => o.games = value()?.parse().context("--games")?,
            "--move-every" => o.move_every = duration(&value()?)?,
            "--duration" => o.duration = duration(&value()?)?,
            "--rest-pool" => o.rest_pool = value()?.parse().context("--rest-pool")?,
            "--connect-pool" => o.connect_pool = value()?.parse().context("--connect-pool")?,
            "--no-restart" => o.restart = false,
            "--db-dir" => o.db_dir = Some(PathBuf::from(value()?)),
            "--serve" => serve = true,
            "--db" => db = Some(PathBuf::from(value()?)),
            "--addr" => addr = Some(value()?.parse().context("--addr")?),
            "-h" | "--help" => bail!("{USAGE}"),
            other => bail!("unknown argument {other:?}\n{USAGE}"),
        }
    }
    if serve {
        let db = db.ok_or_else(|| anyhow!("--serve needs --db"))?;
        let addr = addr.ok_or_else(|| anyhow!("--serve needs --addr"))?;
        return Ok(Mode::Serve { db, addr });
    }
    if o.games == 0 || o.rest_pool == 0 || o.connect_pool == 0 {
        bail!("--games, --rest-pool and --connect-pool must be at least 1");
    }
    if o.move_every.is_zero() {
        bail!("--move-every must be more than 0");
    }
    Ok(Mode::Load(o))
}

fn main() -> ExitCode {
    let result = match parse_args(std::env::args().skip(1)) {
        Ok(Mode::Serve { db, addr }) => serve(db, addr),
        Ok(Mode::Load(options)) => tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .context("cannot start the async runtime")
            .and_then(|rt| rt.block_on(load(options))),
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("load: FAILED: {e:#}");
            ExitCode::FAILURE
        }
    }
}

// ----- the server process

/// The settings of the server under load: the defaults, but for the limits the load test
/// lifts (see the module's documentation).
fn load_settings(db: PathBuf, addr: SocketAddr) -> Settings {
    let unlimited = Rate { burst: u32::MAX, every: Duration::from_nanos(1) };
    Settings {
        db,
        addr,
        first_move_timeout: Duration::from_secs(3600),
        limits: Limits {
            account_creation: unlimited,
            sign_in_per_address: unlimited,
            sign_in_per_name: unlimited,
            invitation_lookup: unlimited,
            sync_per_account: unlimited,
        },
        ..Settings::default()
    }
}

/// The child's `--serve` mode: the server until its standard input closes (the parent
/// closed it, or died) or Ctrl-C.
fn serve(db: PathBuf, addr: SocketAddr) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let (closed_tx, closed_rx) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let mut sink = [0u8; 64];
        let mut stdin = std::io::stdin();
        while matches!(stdin.read(&mut sink), Ok(n) if n > 0) {}
        let _ = closed_tx.send(());
    });
    runtime.block_on(async move {
        let t0 = Instant::now();
        let server = rodina_server::start(load_settings(db, addr)).await?;
        println!("ready {} {}", server.addr(), t0.elapsed().as_micros());
        tokio::select! {
            _ = closed_rx => {}
            _ = tokio::signal::ctrl_c() => {}
        }
        server.stop().await;
        Ok(())
    })
}

/// The server's child process; killed if dropped without [`ServerProcess::stop`].
struct ServerProcess {
    child: Option<Child>,
    pid: u32,
    addr: SocketAddr,
}

impl ServerProcess {
    /// Spawns the server on `db` and waits until `GET /health` answers: the process, the
    /// time from the spawn until the answer, and the library's own start time.
    async fn start(
        db: &Path,
        http: &reqwest::Client,
    ) -> anyhow::Result<(Self, Duration, Duration)> {
        // A free port, chosen here so that /health can be polled from the spawn on.
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .context("cannot find a free port")?;
        let exe = std::env::current_exe().context("cannot find this program")?;
        let t0 = Instant::now();
        let mut child = Command::new(exe)
            .args(["--serve", "--addr", &addr.to_string(), "--db"])
            .arg(db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .context("cannot spawn the server process")?;
        let pid = child.id();
        let stdout = child.stdout.take().context("the server's stdout")?;
        let mut process = ServerProcess { child: Some(child), pid, addr };
        let url = format!("http://{addr}/health");
        let deadline = t0 + Duration::from_secs(60);
        let spawn_to_health = loop {
            if let Ok(r) = http.get(&url).send().await
                && r.status().is_success()
            {
                break t0.elapsed();
            }
            if Instant::now() > deadline {
                bail!("start: GET /health did not answer within 60 s of the spawn");
            }
            if let Some(status) = process.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                bail!("start: the server process ended ({status}) before answering");
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        };
        let line = tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).map(|_| line)
        })
        .await
        .context("reading the server's ready line")?
        .context("reading the server's ready line")?;
        let library_us: u64 = line
            .split_whitespace()
            .nth(2)
            .and_then(|n| n.parse().ok())
            .ok_or_else(|| anyhow!("start: the server's ready line is {line:?}"))?;
        Ok((process, spawn_to_health, Duration::from_micros(library_us)))
    }

    /// The server's memory now.
    fn memory(&self) -> anyhow::Result<Memory> {
        Memory::of(self.pid)
    }

    /// Stops the server (closing its standard input) and waits for it, within `within`.
    async fn stop(mut self, within: Duration) -> anyhow::Result<Duration> {
        let mut child = self.child.take().context("the server is gone")?;
        drop(child.stdin.take());
        let t0 = Instant::now();
        loop {
            if let Some(status) = child.try_wait().context("waiting for the server")? {
                if !status.success() {
                    bail!("the server process ended with {status}");
                }
                return Ok(t0.elapsed());
            }
            if t0.elapsed() > within {
                let _ = child.kill();
                let _ = child.wait();
                bail!("the server did not stop within {within:?} (killed)");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A process's resident memory, from `/proc/PID/status`.
#[derive(Clone, Copy, Debug, Default)]
struct Memory {
    /// `VmRSS`, in KiB.
    rss_kib: u64,
    /// `VmHWM` (the peak of `VmRSS`), in KiB.
    peak_kib: u64,
}

impl Memory {
    fn of(pid: u32) -> anyhow::Result<Memory> {
        let path = format!("/proc/{pid}/status");
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {path}"))?;
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                .ok_or_else(|| anyhow!("{path} has no {name}"))
        };
        Ok(Memory { rss_kib: field("VmRSS:")?, peak_kib: field("VmHWM:")? })
    }

    fn mib(kib: u64) -> f64 {
        kib as f64 / 1024.0
    }
}

impl std::fmt::Display for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "RSS {:.1} MiB (peak {:.1} MiB)",
            Memory::mib(self.rss_kib),
            Memory::mib(self.peak_kib)
        )
    }
}

/// The CPU time a process has used (user and system), from `/proc/PID/stat`, counted in
/// the kernel's USER_HZ ticks (100 a second on Linux).
fn cpu_time(pid: u32) -> anyhow::Result<Duration> {
    let path = format!("/proc/{pid}/stat");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {path}"))?;
    // The fields after the command's name (which may hold spaces, in parentheses).
    let rest = text.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
    let (user, system) = tick(11).zip(tick(12)).ok_or_else(|| anyhow!("{path}: no CPU times"))?;
    Ok(Duration::from_millis((user + system) * 10))
}

/// This process's open-file limit (soft), from `/proc/self/limits`.
fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// How many ephemeral ports the system hands out, from `ip_local_port_range`.
fn ephemeral_ports() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range").ok()?;
    let mut it = text.split_whitespace().map(|n| n.parse::<u64>().ok());
    let (low, high) = (it.next()??, it.next()??);
    Some(high.saturating_sub(low) + 1)
}

// ----- the setup over REST

/// One game, set up: its id and the two players' tokens.
#[derive(Clone, Debug)]
struct SetUp {
    game: GameId,
    white: String,
    black: String,
}

/// A REST client of the server.
#[derive(Clone)]
struct Rest {
    http: reqwest::Client,
    base: String,
}

impl Rest {
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<String>,
    ) -> anyhow::Result<T> {
        let mut request = self
            .http
            .request(method.clone(), format!("{}{path}", self.base))
            .header("Rodina-Protocol", PROTOCOL_VERSION.to_string());
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        if let Some(b) = body {
            request = request.header("Content-Type", "application/json").body(b);
        }
        let answer = request.send().await.with_context(|| format!("{method} {path}"))?;
        let status = answer.status();
        let text = answer.text().await.with_context(|| format!("{method} {path}: the body"))?;
        if !status.is_success() {
            bail!("{method} {path}: {status} {text}");
        }
        serde_json::from_str(&text).with_context(|| format!("{method} {path}: {text}"))
    }

    /// One game as the app makes it: two accounts, an invitation, the friend's look-up and
    /// acceptance, the inviter's look-up (which tells it the game).
    async fn set_up(&self) -> anyhow::Result<SetUp> {
        use reqwest::Method;
        let device = Some(r#"{"device":"load"}"#.to_owned());
        let inviter: Credentials =
            self.call(Method::POST, "/v1/accounts", None, device.clone()).await?;
        let friend: Credentials = self.call(Method::POST, "/v1/accounts", None, device).await?;
        let options = Some(r#"{"game":"xiangqi","colour":"random"}"#.to_owned());
        let invitation: Invitation =
            self.call(Method::POST, "/v1/invitations", Some(&inviter.token), options).await?;
        let path = format!("/v1/invitations/{}", invitation.code);
        let _: Invitation = self.call(Method::GET, &path, Some(&friend.token), None).await?;
        let joined: Joined =
            self.call(Method::POST, &format!("{path}/accept"), Some(&friend.token), None).await?;
        let seen: Invitation = self.call(Method::GET, &path, Some(&inviter.token), None).await?;
        if seen.game.as_ref() != Some(&joined.game) {
            bail!("the inviter sees the game {:?}, the friend joined {}", seen.game, joined.game);
        }
        Ok(match joined.side {
            SideName::White => {
                SetUp { game: joined.game, white: friend.token, black: inviter.token }
            }
            SideName::Black => {
                SetUp { game: joined.game, white: inviter.token, black: friend.token }
            }
        })
    }
}

/// Sets up `games` games over `pool` concurrent workers, within `within`.
async fn set_up_all(
    rest: &Rest,
    games: usize,
    pool: usize,
    within: Duration,
) -> anyhow::Result<Vec<SetUp>> {
    let next = Arc::new(AtomicUsize::new(0));
    let done = Arc::new(AtomicUsize::new(0));
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..pool.min(games) {
        let (rest, next, done) = (rest.clone(), Arc::clone(&next), Arc::clone(&done));
        workers.spawn(async move {
            let mut mine = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    return Ok::<_, anyhow::Error>(mine);
                }
                mine.push(rest.set_up().await.with_context(|| format!("game {i}"))?);
                done.fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    let collect = async {
        let mut all = Vec::with_capacity(games);
        while let Some(r) = workers.join_next().await {
            all.extend(r.context("a setup worker panicked")??);
        }
        Ok::<_, anyhow::Error>(all)
    };
    match tokio::time::timeout(within, collect).await {
        Ok(r) => r,
        Err(_) => bail!(
            "setup: {} of {games} games set up within {within:?}",
            done.load(Ordering::Relaxed)
        ),
    }
}

// ----- the moves

/// A long legal Xiangqi game that nothing ends: random legal moves (fixed seed) that give
/// no check and leave the game going, up to `plies` of them (a game whose list runs out
/// stops moving; the list is far longer than a run plays).
fn move_list(plies: usize) -> anyhow::Result<Vec<String>> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x0d15_ea5e);
    let mut game = AnyGame::new(&NewGame::usual(Variant::Xiangqi), &mut rng)
        .map_err(|e| anyhow!("a Xiangqi game: {e}"))?;
    let mut moves = Vec::with_capacity(plies);
    'list: while moves.len() < plies {
        let mut tries = game.legal_move_texts();
        while !tries.is_empty() {
            let pick = tries.swap_remove(rng.random_range(0..tries.len()));
            game.play_text(&pick).map_err(|e| anyhow!("{pick}: {e}"))?;
            if game.outcome().is_none() && !game.is_check() {
                moves.push(pick);
                continue 'list;
            }
            game.undo();
        }
        break;
    }
    if moves.len() < 100 {
        bail!("the move list stopped after {} plies: no move keeps the game going", moves.len());
    }
    Ok(moves)
}

/// What the load phases tell every game's task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Connected: answer pings, wait.
    Hold,
    /// Move every period, the first turns spread from this instant.
    Move(tokio::time::Instant),
    /// Send no more moves (let the last ones arrive).
    Drain,
    /// Report and close.
    Quit,
}

/// What every game's task shares.
struct Shared {
    moves: Vec<String>,
    move_every: Duration,
    games: usize,
    connect: Semaphore,
    /// Sockets open now.
    open: AtomicUsize,
    /// Moves sent and not yet relayed.
    pending: AtomicUsize,
    /// Moves relayed.
    relayed: AtomicU64,
    /// Games that send no more moves (told to drain, or ended early).
    drained: AtomicUsize,
    /// The start of the moves (a move's time of sending is told from it).
    epoch: Instant,
}

/// What one game's task measured.
#[derive(Debug, Default)]
struct Report {
    /// Relay latencies, in microseconds, with when each move was sent (milliseconds from
    /// the start of the moves).
    latencies_us: Vec<(u32, u32)>,
    /// Turns skipped because the previous move had not arrived yet.
    late_turns: u64,
    /// Moves never relayed by the end.
    unanswered: u64,
    /// Refusals and unexpected endings, as read.
    errors: Vec<String>,
    /// Why a socket closed early, if one did.
    closed: Option<String>,
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens one player's socket, says hello and waits for the `sync`.
async fn join(addr: SocketAddr, game: &GameId, token: &str) -> anyhow::Result<Ws> {
    let mut request = format!("ws://{addr}/v1/games/{game}/live")
        .into_client_request()
        .context("the socket's request")?;
    request.headers_mut().insert(
        "authorization",
        format!("Bearer {token}").parse().context("the authorization header")?,
    );
    // 10,000 client sockets: a 4 KiB read buffer each rather than the library's 128 KiB.
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
        .await
        .context("the WebSocket upgrade")?;
    let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, last_version: None };
    ws.send(Message::text(hello.encode())).await.context("sending hello")?;
    loop {
        let received = ws.next().await;
        match frame(&mut ws, received).await? {
            Some(ServerMessage::Sync { .. }) => return Ok(ws),
            Some(ServerMessage::Error { code, detail, .. }) => bail!("refused: {code:?} {detail}"),
            _ => {}
        }
    }
}

/// Reads a frame as a server message, answering the server's pings; `None` for a frame
/// that carries none (a WebSocket ping or pong).
async fn frame(
    ws: &mut Ws,
    received: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
) -> anyhow::Result<Option<ServerMessage>> {
    let text = match received {
        Some(Ok(Message::Text(t))) => t,
        Some(Ok(Message::Close(c))) => bail!("closed by the server: {c:?}"),
        Some(Ok(_)) => return Ok(None),
        Some(Err(e)) => bail!("the socket failed: {e}"),
        None => bail!("the socket ended"),
    };
    let m = ServerMessage::decode(text.as_str()).map_err(|e| anyhow!("{e}: {text}"))?;
    if let ServerMessage::Ping { at } = m {
        ws.send(Message::text(ClientMessage::Pong { at }.encode())).await.context("pong")?;
    }
    Ok(Some(m))
}

async fn tick(interval: &mut Option<tokio::time::Interval>) {
    match interval {
        Some(i) => {
            i.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// One game: both players' sockets, then moves on the beat until told to quit.
async fn play(
    index: usize,
    addr: SocketAddr,
    setup: SetUp,
    shared: Arc<Shared>,
    connected: mpsc::UnboundedSender<anyhow::Result<()>>,
    mut phase: watch::Receiver<Phase>,
) -> Report {
    let mut report = Report::default();
    let permit = shared.connect.acquire().await;
    let sockets = async {
        let white = join(addr, &setup.game, &setup.white).await.context("white's socket")?;
        let black = join(addr, &setup.game, &setup.black).await.context("black's socket")?;
        Ok::<_, anyhow::Error>((white, black))
    };
    let (mut white, mut black) = match sockets.await {
        Ok(pair) => pair,
        Err(e) => {
            let _ = connected.send(Err(e.context(format!("game {}", setup.game))));
            return report;
        }
    };
    drop(permit);
    shared.open.fetch_add(2, Ordering::Relaxed);
    let _ = connected.send(Ok(()));
    // The next move's index in the list; the move in flight: its ply and when it was sent.
    let mut next = 0usize;
    let mut pending: Option<(u32, Instant)> = None;
    let mut beat: Option<tokio::time::Interval> = None;
    let mut drained = false;
    let end = loop {
        let (from_white, received) = tokio::select! {
            r = white.next() => (true, frame(&mut white, r).await),
            r = black.next() => (false, frame(&mut black, r).await),
            () = tick(&mut beat) => {
                if pending.is_some() {
                    report.late_turns += 1;
                    continue;
                }
                let Some(mv) = shared.moves.get(next) else { continue };
                let ply = u32::try_from(next + 1).unwrap_or(u32::MAX);
                let text = ClientMessage::Move { ack: ply, mv: mv.clone(), lag_ms: None }.encode();
                let ws = if next % 2 == 0 { &mut white } else { &mut black };
                pending = Some((ply, Instant::now()));
                shared.pending.fetch_add(1, Ordering::Relaxed);
                if let Err(e) = ws.send(Message::text(text)).await {
                    break Some(format!("sending a move: {e}"));
                }
                continue;
            }
            changed = phase.changed() => {
                if changed.is_err() {
                    break None;
                }
                let now = *phase.borrow_and_update();
                match now {
                    Phase::Hold => {}
                    Phase::Move(start) => {
                        let period = shared.move_every;
                        let offset = period.mul_f64(index as f64 / shared.games as f64);
                        let mut i = tokio::time::interval_at(start + offset, period);
                        i.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                        beat = Some(i);
                    }
                    Phase::Drain => {
                        beat = None;
                        drained = true;
                        shared.drained.fetch_add(1, Ordering::Relaxed);
                    }
                    Phase::Quit => break None,
                }
                continue;
            }
        };
        let m = match received {
            Ok(Some(m)) => m,
            Ok(None) => continue,
            Err(e) => break Some(format!("{}: {e:#}", if from_white { "white" } else { "black" })),
        };
        match m {
            ServerMessage::Event { e: Some(Event::Move { ply, .. }), .. } => {
                // The opponent's socket has the move: white's moves have odd plies.
                let to_opponent = (ply % 2 == 1) != from_white;
                if let Some((sent_ply, at)) = pending
                    && sent_ply == ply
                    && to_opponent
                {
                    let us = u32::try_from(at.elapsed().as_micros()).unwrap_or(u32::MAX);
                    let sent = u32::try_from(at.duration_since(shared.epoch).as_millis())
                        .unwrap_or(u32::MAX);
                    report.latencies_us.push((us, sent));
                    pending = None;
                    next += 1;
                    shared.pending.fetch_sub(1, Ordering::Relaxed);
                    shared.relayed.fetch_add(1, Ordering::Relaxed);
                }
            }
            ServerMessage::Event {
                e: Some(e @ (Event::Ended { .. } | Event::Aborted { .. })),
                ..
            } => {
                report.errors.push(format!("the game ended: {e:?}"));
                beat = None;
            }
            ServerMessage::Error { code, detail, ack } => {
                report.errors.push(format!("{code:?}: {detail}"));
                if ack.is_some() && pending.is_some_and(|(p, _)| Some(p) == ack) {
                    pending = None;
                    shared.pending.fetch_sub(1, Ordering::Relaxed);
                    beat = None;
                }
            }
            _ => {}
        }
    };
    shared.open.fetch_sub(2, Ordering::Relaxed);
    if !drained {
        shared.drained.fetch_add(1, Ordering::Relaxed);
    }
    if pending.is_some() {
        report.unanswered += 1;
        shared.pending.fetch_sub(1, Ordering::Relaxed);
    }
    if let Some(why) = end {
        report.closed = Some(why);
    } else {
        let _ = white.close(None).await;
        let _ = black.close(None).await;
    }
    report
}

// ----- the run

/// A relay this slow (in microseconds) is over the target; the report says when they came.
const SLOW_US: u32 = 25_000;

/// The value at quantile `q` of sorted values.
fn quantile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(us: u32) -> String {
    format!("{:.2} ms", f64::from(us) / 1000.0)
}

async fn load(o: Options) -> anyhow::Result<()> {
    let sockets = 2 * o.games;
    if let Some(limit) = open_file_limit()
        && sockets as u64 + o.rest_pool as u64 + 64 > limit
    {
        bail!(
            "{sockets} sockets and the REST pool need more than this process's open-file limit ({limit})"
        );
    }
    if let Some(ports) = ephemeral_ports()
        && sockets as u64 + o.rest_pool as u64 > ports
    {
        bail!("{sockets} sockets need more than the {ports} ephemeral ports");
    }
    println!(
        "load: {} games ({sockets} sockets), a move per game every {:?} for {:?}",
        o.games, o.move_every, o.duration
    );
    let moves = move_list(400)?;
    let dir = match &o.db_dir {
        Some(d) => tempfile::tempdir_in(d),
        None => tempfile::tempdir(),
    }
    .context("a temporary folder for the database")?;
    let db = dir.path().join("load.db");
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(o.rest_pool)
        .timeout(Duration::from_secs(30))
        .build()
        .context("the HTTP client")?;

    // 1. start
    let (server, spawned, library) = ServerProcess::start(&db, &http).await?;
    let idle = server.memory()?;
    println!(
        "start: GET /health answers {:.1} ms after the spawn (rodina_server::start {:.1} ms); {idle}",
        spawned.as_secs_f64() * 1e3,
        library.as_secs_f64() * 1e3
    );

    // 2. setup
    let rest = Rest { http: http.clone(), base: format!("http://{}", server.addr) };
    let within = Duration::from_secs(60).max(Duration::from_millis(20) * o.games as u32);
    let t0 = Instant::now();
    let games = set_up_all(&rest, o.games, o.rest_pool, within).await?;
    let took = t0.elapsed();
    let set_up = server.memory()?;
    println!(
        "setup: {} games (6 REST calls each) in {:.2} s, {:.0} calls/s; {set_up}",
        games.len(),
        took.as_secs_f64(),
        (games.len() * 6) as f64 / took.as_secs_f64()
    );

    // 3. connect
    let shared = Arc::new(Shared {
        moves,
        move_every: o.move_every,
        games: o.games,
        connect: Semaphore::new(o.connect_pool),
        open: AtomicUsize::new(0),
        pending: AtomicUsize::new(0),
        relayed: AtomicU64::new(0),
        drained: AtomicUsize::new(0),
        epoch: Instant::now(),
    });
    let (phase_tx, phase_rx) = watch::channel(Phase::Hold);
    let (connected_tx, mut connected_rx) = mpsc::unbounded_channel();
    let mut tasks = tokio::task::JoinSet::new();
    let t0 = Instant::now();
    for (i, g) in games.into_iter().enumerate() {
        tasks.spawn(play(
            i,
            server.addr,
            g,
            Arc::clone(&shared),
            connected_tx.clone(),
            phase_rx.clone(),
        ));
    }
    drop(connected_tx);
    let within = Duration::from_secs(60).max(Duration::from_millis(10) * o.games as u32);
    let deadline = tokio::time::Instant::now() + within;
    let (mut ok, mut failed) = (0usize, Vec::new());
    while ok + failed.len() < o.games {
        match tokio::time::timeout_at(deadline, connected_rx.recv()).await {
            Ok(Some(Ok(()))) => ok += 1,
            Ok(Some(Err(e))) => failed.push(e),
            Ok(None) => break,
            Err(_) => break,
        }
    }
    let took = t0.elapsed();
    if ok < o.games {
        let _ = phase_tx.send(Phase::Quit);
        let first = failed.first().map_or("none (out of time)".to_owned(), |e| format!("{e:#}"));
        bail!(
            "connect: {ok} of {} games had both sockets open within {within:?} ({} failed; the first: {first})",
            o.games,
            failed.len()
        );
    }
    // Let the joins' presence frames settle before measuring.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let connected = server.memory()?;
    let open = shared.open.load(Ordering::Relaxed);
    println!(
        "connect: {open} sockets in {} games open in {:.2} s ({:.0} sockets/s); {connected}",
        o.games,
        took.as_secs_f64(),
        open as f64 / took.as_secs_f64()
    );

    // 4. moves
    let cpu = (cpu_time(server.pid)?, cpu_time(std::process::id())?);
    let start = Instant::now() + Duration::from_millis(200);
    let _ = phase_tx.send(Phase::Move(tokio::time::Instant::from_std(start)));
    let t0 = Instant::now();
    let end = t0 + o.duration + Duration::from_millis(200);
    let mut last = (t0, 0);
    while Instant::now() < end {
        let step = Duration::from_secs(5).min(end.saturating_duration_since(Instant::now()));
        tokio::time::sleep(step).await;
        let (now, relayed) = (Instant::now(), shared.relayed.load(Ordering::Relaxed));
        println!(
            "  moves: {:>5.1} s, {relayed} relayed ({:.0}/s), {} sockets open",
            t0.elapsed().as_secs_f64(),
            (relayed - last.1) as f64 / now.duration_since(last.0).as_secs_f64(),
            shared.open.load(Ordering::Relaxed)
        );
        last = (now, relayed);
    }
    let moving = server.memory()?;
    let spent = t0.elapsed().as_secs_f64();
    let cpu = (
        (cpu_time(server.pid)? - cpu.0).as_secs_f64() / spent,
        (cpu_time(std::process::id())? - cpu.1).as_secs_f64() / spent,
    );
    let _ = phase_tx.send(Phase::Drain);
    let drain = Instant::now();
    // Every game has stopped moving, and the moves in flight have arrived.
    while (shared.drained.load(Ordering::Relaxed) < o.games
        || shared.pending.load(Ordering::Relaxed) > 0)
        && drain.elapsed() < Duration::from_secs(5)
    {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let held = shared.open.load(Ordering::Relaxed);
    let _ = phase_tx.send(Phase::Quit);
    let (mut all, mut slow) = (Vec::new(), Vec::new());
    let (mut late, mut unanswered, mut errors, mut closed) = (0u64, 0u64, Vec::new(), Vec::new());
    let gather = async {
        while let Some(r) = tasks.join_next().await {
            let r = r.context("a game's task panicked")?;
            all.extend(r.latencies_us.iter().map(|&(us, _)| us));
            slow.extend(r.latencies_us.iter().filter(|&&(us, _)| us >= SLOW_US));
            late += r.late_turns;
            unanswered += r.unanswered;
            errors.extend(r.errors);
            closed.extend(r.closed);
        }
        Ok::<_, anyhow::Error>(())
    };
    tokio::time::timeout(Duration::from_secs(30), gather)
        .await
        .map_err(|_| anyhow!("the game tasks did not end within 30 s"))??;
    all.sort_unstable();
    // When the slow relays were sent, by second of the moves.
    let skew =
        u32::try_from(start.saturating_duration_since(shared.epoch).as_millis()).unwrap_or(0);
    let mut by_second = std::collections::BTreeMap::<u32, (usize, u32)>::new();
    for &(us, at) in &slow {
        let e = by_second.entry(at.saturating_sub(skew) / 1000).or_default();
        e.0 += 1;
        e.1 = e.1.max(us);
    }
    println!(
        "moves: {} relayed in {:.1} s ({:.0}/s); {late} turns skipped (move in flight), {unanswered} never relayed; {moving}",
        all.len(),
        o.duration.as_secs_f64(),
        all.len() as f64 / o.duration.as_secs_f64()
    );
    if !by_second.is_empty() {
        let seconds: Vec<String> = by_second
            .iter()
            .map(|(second, (n, worst))| format!("{second}s: {n} (max {})", ms(*worst)))
            .collect();
        println!(
            "  relays of {} or more, by second of the moves: {}",
            ms(SLOW_US),
            seconds.join(", ")
        );
    }
    for e in errors.iter().take(5) {
        println!("  refused: {e}");
    }
    for c in closed.iter().take(5) {
        println!("  closed early: {c}");
    }

    // 5. restart
    let stopped = server.stop(Duration::from_secs(30)).await.context("stopping the server")?;
    let restart = if o.restart {
        let (server, spawned, library) =
            ServerProcess::start(&db, &http).await.context("restart")?;
        let memory = server.memory()?;
        server.stop(Duration::from_secs(30)).await.context("stopping the restarted server")?;
        Some((spawned, library, memory))
    } else {
        None
    };

    let per_connection = |kib: u64| kib as f64 * 1024.0 / open.max(1) as f64;
    println!();
    println!("== rodina-server under load: {} games, {sockets} sockets ==", o.games);
    println!(
        "start            {:.1} ms spawn to /health (library start {:.1} ms)",
        spawned.as_secs_f64() * 1e3,
        library.as_secs_f64() * 1e3
    );
    if let Some((spawned, library, memory)) = restart {
        println!(
            "restart          {:.1} ms spawn to /health resuming {} live games (library {:.1} ms); {memory}",
            spawned.as_secs_f64() * 1e3,
            o.games,
            library.as_secs_f64() * 1e3
        );
    }
    println!("connections      {open} open after connecting, {held} still open after the moves");
    println!(
        "relay latency    p50 {}  p90 {}  p99 {}  p99.9 {}  max {}  ({} moves, {:.0}/s)",
        ms(quantile(&all, 0.5)),
        ms(quantile(&all, 0.9)),
        ms(quantile(&all, 0.99)),
        ms(quantile(&all, 0.999)),
        ms(all.last().copied().unwrap_or(0)),
        all.len(),
        all.len() as f64 / o.duration.as_secs_f64()
    );
    println!(
        "server memory    idle {:.1} MiB, set up {:.1} MiB, connected {:.1} MiB, moving {:.1} MiB, peak {:.1} MiB",
        Memory::mib(idle.rss_kib),
        Memory::mib(set_up.rss_kib),
        Memory::mib(connected.rss_kib),
        Memory::mib(moving.rss_kib),
        Memory::mib(moving.peak_kib)
    );
    println!(
        "per connection   {:.1} KiB RSS (connected − set up, over {open} sockets); {:.1} KiB of peak",
        per_connection(connected.rss_kib.saturating_sub(set_up.rss_kib)) / 1024.0,
        per_connection(moving.peak_kib.saturating_sub(set_up.rss_kib)) / 1024.0
    );
    println!(
        "CPU, moving      server {:.0}% of a core, load clients {:.0}% (2 cores in all)",
        cpu.0 * 100.0,
        cpu.1 * 100.0
    );
    println!("server stop      {:.1} ms with every socket open", stopped.as_secs_f64() * 1e3);
    if let Ok(me) = Memory::of(std::process::id()) {
        println!("load process     {me}");
    }
    let mut short = Vec::new();
    if held < sockets {
        short.push(format!("{} sockets closed early", sockets - held));
    }
    if unanswered > 0 || !errors.is_empty() {
        short.push(format!("{unanswered} moves never relayed, {} refusals", errors.len()));
    }
    if !short.is_empty() {
        bail!("{}", short.join("; "));
    }
    Ok(())
}
