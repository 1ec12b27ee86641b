//! Rodina's server (`rodina serve`): accounts and sessions, invitations, and live games over
//! WebSockets, on an embedded SQLite database. The wire protocol is `rodina-protocol`'s,
//! documented in `core/protocol/PROTOCOL.md`.
//!
//! One owner task per live game holds the truth and is the only writer of its event log
//! (`live.rs`); REST handlers and sockets talk to it through a queue. Storage sits behind
//! the [`store::Store`] trait, whose calls run off the async threads.
//!
//! ```no_run
//! # async fn run() -> Result<(), rodina_server::ServeError> {
//! let server = rodina_server::start(rodina_server::Settings::default()).await?;
//! println!("listening on {}", server.addr());
//! server.stop().await;
//! # Ok(()) }
//! ```

mod accounts;
mod clock;
mod games;
mod http;
mod invitations;
mod limits;
mod live;
mod schema;
mod socket;
pub mod sqlite;
pub mod store;
mod sync;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::{Json, Router, routing};
use rodina_protocol::{Health, MAX_BODY_BYTES, PROTOCOL_VERSION};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use clock::{Clock, OutOfTime, RTT_MARGIN_MS};
pub use limits::{Rate, RateLimiter};
pub use live::Record;

use crate::live::Registry;
use crate::store::{Db, StoreError};

/// Milliseconds since the Unix epoch, by the server's wall clock.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// How the server runs: where, on which database, and its timeouts and limits.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The SQLite database file (created if missing).
    pub db: PathBuf,
    /// The address to listen on.
    pub addr: SocketAddr,
    /// How long the side to move has for its first move (each side's first move has no
    /// clock running); a game whose first moves are not made in time is aborted.
    pub first_move_timeout: Duration,
    /// How long a player may be gone (no socket open) before the opponent may claim the
    /// win.
    pub gone_after: Duration,
    /// How long an invitation stays open.
    pub invitation_lifetime: Duration,
    /// Events each live game keeps in memory for reconnects; a client further behind gets
    /// the whole state again.
    pub kept_events: usize,
    /// The REST rate limits.
    pub limits: Limits,
    /// The messages one game socket may send: a burst, then one per period. Past it a
    /// message is refused ([`rodina_protocol::WireError::RateLimited`]), and a socket that
    /// keeps on is closed.
    pub socket_rate: Rate,
}

/// The REST rate limits, per client address and per name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// New accounts per client address.
    pub account_creation: Rate,
    /// Sign-in attempts per client address.
    pub sign_in_per_address: Rate,
    /// Sign-in attempts per name (and password checks per account).
    pub sign_in_per_name: Rate,
    /// Invitation look-ups and acceptances per client address (codes cannot be guessed).
    pub invitation_lookup: Rate,
    /// Sync calls (push, pull, progress, pairing codes) per account.
    pub sync_per_account: Rate,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // A household behind one address sets up a few phones; a script gets 10 an hour.
            account_creation: Rate { burst: 10, every: Duration::from_secs(360) },
            sign_in_per_address: Rate { burst: 20, every: Duration::from_secs(30) },
            // Five tries, then one a minute: a password cannot be guessed online.
            sign_in_per_name: Rate { burst: 5, every: Duration::from_secs(60) },
            invitation_lookup: Rate { burst: 30, every: Duration::from_secs(2) },
            // A first sync of a long log is a few dozen calls at once; then a device syncs
            // after each change at most.
            sync_per_account: Rate { burst: 120, every: Duration::from_millis(250) },
        }
    }
}

/// The longest a timeout or lifetime setting may be (longer ones are cut to it).
pub const LONGEST_SETTING: Duration = Duration::from_secs(365 * 24 * 3600);

/// The default database file: `rodina-server.db` in the working directory.
pub const DEFAULT_DB: &str = "rodina-server.db";

/// The default address: the loopback interface, port 8080.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            db: PathBuf::from(DEFAULT_DB),
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            first_move_timeout: Duration::from_secs(60),
            // lila's figure for a lost connection: long enough for a phone to change network.
            gone_after: Duration::from_secs(40),
            invitation_lifetime: Duration::from_secs(24 * 3600),
            kept_events: 256,
            limits: Limits::default(),
            // A person sends a few messages a second at most (moves, pongs, offers).
            socket_rate: Rate { burst: 20, every: Duration::from_millis(100) },
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or brought up to date.
    #[error("database {path}: {source}")]
    Database {
        /// Its path.
        path: PathBuf,
        /// Why.
        source: StoreError,
    },
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The live games could not be resumed.
    #[error("cannot resume the live games: {0}")]
    Resume(String),
}

/// The REST rate limiters.
#[derive(Debug)]
pub(crate) struct RateLimits {
    pub account_creation: RateLimiter,
    pub sign_in_per_address: RateLimiter,
    pub sign_in_per_name: RateLimiter,
    pub invitation_lookup: RateLimiter,
    pub sync_per_account: RateLimiter,
}

/// What every handler shares.
#[derive(Clone)]
pub(crate) struct AppState {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub limits: Arc<RateLimits>,
    pub games: Arc<Registry>,
    pub shutdown: watch::Receiver<bool>,
}

/// A running server.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
    games: Arc<Registry>,
}

impl RunningServer {
    /// The address it listens on (with the port the system chose, for port 0).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many games have an owner running.
    pub fn live_games(&self) -> usize {
        self.games.len()
    }

    /// Stops the server: closes every socket (code 1012, "restarting"), ends every game's
    /// owner (their state is stored already) and stops listening. Games resume when a
    /// server starts on the same database.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
        // Owners end on the same signal; wait until they have let go of their games.
        for _ in 0..200 {
            if self.games.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Runs until the process gets Ctrl-C (or SIGTERM), then stops.
    pub async fn run_until_signal(self) {
        shutdown_signal().await;
        tracing::info!("stopping");
        self.stop().await;
    }
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let term = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut s) => {
                    s.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            () = term => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// The router over a state.
fn router(state: AppState) -> Router {
    Router::new()
        .route(
            "/health",
            routing::get(|| async {
                Json(Health { status: "ok".into(), protocol: PROTOCOL_VERSION })
            }),
        )
        .merge(accounts::routes())
        .merge(invitations::routes())
        .merge(games::routes())
        // A push carries up to 500 changes: its own, larger body limit.
        .merge(sync::routes().layer(DefaultBodyLimit::max(rodina_protocol::MAX_PUSH_BYTES)))
        .fallback(http::not_found)
        .method_not_allowed_fallback(http::not_found)
        .layer(axum::middleware::from_fn(http::check_protocol))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

/// Opens the database, resumes the live games and starts listening; `GET /health` answers
/// from the moment this returns.
pub async fn start(settings: Settings) -> Result<RunningServer, ServeError> {
    let path = settings.db.clone();
    let store = tokio::task::spawn_blocking(move || sqlite::SqliteStore::open(&path))
        .await
        .map_err(|e| ServeError::Database {
            path: settings.db.clone(),
            source: StoreError::Backend(e.to_string()),
        })?
        .map_err(|source| ServeError::Database { path: settings.db.clone(), source })?;
    start_with(settings, Db::new(store)).await
}

/// [`start`] on a store of the caller's.
pub async fn start_with(mut settings: Settings, db: Db) -> Result<RunningServer, ServeError> {
    // Timers add these to the present: keep them within what a clock can hold.
    for d in [
        &mut settings.first_move_timeout,
        &mut settings.gone_after,
        &mut settings.invitation_lifetime,
    ] {
        *d = (*d).min(LONGEST_SETTING);
    }
    let listener = TcpListener::bind(settings.addr)
        .await
        .map_err(|source| ServeError::Listen { addr: settings.addr, source })?;
    let addr = listener
        .local_addr()
        .map_err(|source| ServeError::Listen { addr: settings.addr, source })?;
    let (stop, shutdown) = watch::channel(false);
    let settings = Arc::new(settings);
    let games = Arc::new(Registry::new(db.clone(), Arc::clone(&settings), shutdown.clone()));
    let resumed = games.resume_all().await.map_err(|e| ServeError::Resume(e.to_string()))?;
    if resumed > 0 {
        tracing::info!("resumed {resumed} live games");
    }
    let l = settings.limits;
    let limits = Arc::new(RateLimits {
        account_creation: RateLimiter::new(l.account_creation),
        sign_in_per_address: RateLimiter::new(l.sign_in_per_address),
        sign_in_per_name: RateLimiter::new(l.sign_in_per_name),
        invitation_lookup: RateLimiter::new(l.invitation_lookup),
        sync_per_account: RateLimiter::new(l.sync_per_account),
    });
    let state =
        AppState { db, settings, limits, games: Arc::clone(&games), shutdown: shutdown.clone() };
    let app = router(state).into_make_service_with_connect_info::<SocketAddr>();
    let mut signal = shutdown;
    let task = tokio::spawn(async move {
        let stopped = async move {
            let _ = signal.wait_for(|s| *s).await;
        };
        if let Err(e) = axum::serve(listener, app).with_graceful_shutdown(stopped).await {
            tracing::error!("the server failed: {e}");
        }
    });
    tracing::info!("listening on {addr}");
    Ok(RunningServer { addr, stop, task, games })
}
