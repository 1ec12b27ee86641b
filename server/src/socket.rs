//! One player's (or spectator's) WebSocket on one game: `GET /v1/games/ID/live`, with the
//! bearer token on the upgrade request. The connection reads frames within the protocol's
//! size (the WebSocket configuration refuses a larger one before anything is parsed), limits
//! their rate, answers pings, measures the round trip with its own pings, and hands the
//! game's messages to the game's owner; it writes what the owner queues for it.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use rodina_protocol::{
    ApiErrorCode, ClientMessage, DecodeError, GameId, MAX_FRAME_BYTES, PROTOCOL_VERSION,
    ServerMessage, WireError,
};
use rodina_rules::{Color, Seat};
use tokio::sync::mpsc;

use crate::AppState;
use crate::http::{Caller, Problem, path_name};
use crate::live::{CONNECTION_QUEUE, Command, NO_RTT, Outbound};

/// The read buffer a socket starts with. Frames are a few hundred bytes; the buffer grows
/// for a larger one (up to the frame limit). The WebSocket library's default, 128 KiB a
/// socket, would reserve over a gigabyte for 10,000 sockets.
const READ_BUFFER: usize = 4 * 1024;

/// The largest frame the WebSocket layer reads whole: four times the protocol's limit. A
/// frame over the protocol's limit but within this one is read, refused with `too_large`
/// and closed with 1009 cleanly; one the layer refuses unread leaves its rest in the
/// system's buffer, and a socket dropped with unread data is reset, which destroys the
/// error and the close before the client reads them. Beyond this, a reset it is.
const READ_LIMIT: usize = 4 * MAX_FRAME_BYTES;

/// How long a new socket may take to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// How often the server pings (and so measures the round trip).
const PING_EVERY: Duration = Duration::from_secs(5);

/// A socket silent this long (not even a pong) is taken as lost and closed.
const SILENT_FOR: Duration = Duration::from_secs(20);

/// Refused frames (malformed or over the rate) after which the socket closes.
const STRIKES: u32 = 10;

/// Close codes (RFC 6455): normal, policy violation, too big, server error, restarting,
/// try again later.
mod close {
    pub const NORMAL: u16 = 1000;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
    pub const RESTART: u16 = 1012;
    pub const AGAIN_LATER: u16 = 1013;
}

/// `GET /v1/games/ID/live`: the upgrade, for the players (their seats) and anyone else
/// signed in (a spectator's seat).
pub async fn upgrade(
    State(state): State<AppState>,
    Path(id): Path<String>,
    caller: Caller,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, Problem> {
    let game: GameId = path_name(&id, "game")?;
    let key = game.clone();
    let row = state.db.run(move |s| s.game(&key)).await?;
    let row = row.ok_or_else(|| Problem::new(ApiErrorCode::NotFound, "no such game"))?;
    let ws = ws.map_err(|e| Problem::new(ApiErrorCode::BadRequest, e.body_text()))?;
    let seat = if row.white.account == caller.account {
        Seat::Player(Color::White)
    } else if row.black.account == caller.account {
        Seat::Player(Color::Black)
    } else {
        Seat::Spectator
    };
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .max_message_size(READ_LIMIT)
        .max_frame_size(READ_LIMIT)
        .on_upgrade(move |socket| async move {
            Connection::new(state, game, seat).run(socket).await;
        })
        .into_response())
}

/// A token bucket over a connection's messages ([`crate::Settings::socket_rate`]).
struct Bucket {
    tokens: f64,
    at: Instant,
    burst: f64,
    every_s: f64,
}

impl Bucket {
    fn new(rate: crate::Rate, now: Instant) -> Bucket {
        let burst = f64::from(rate.burst.max(1));
        Bucket { tokens: burst, at: now, burst, every_s: rate.every.as_secs_f64().max(1e-9) }
    }

    fn take(&mut self, now: Instant) -> bool {
        let earned = now.saturating_duration_since(self.at).as_secs_f64() / self.every_s;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Connection {
    state: AppState,
    game: GameId,
    seat: Seat,
    id: u64,
    rtt: Arc<AtomicU32>,
    started: Instant,
    bucket: Bucket,
    strikes: u32,
}

/// Why a connection ends.
enum End {
    /// The client closed, or the socket failed.
    Gone,
    /// Close with this code and reason.
    Close(u16, &'static str),
}

fn frame(m: &ServerMessage) -> Message {
    Message::Text(Utf8Bytes::from(m.encode()))
}

fn error(code: WireError, detail: &str) -> Message {
    frame(&ServerMessage::Error { code, detail: detail.to_owned(), ack: None })
}

impl Connection {
    fn new(state: AppState, game: GameId, seat: Seat) -> Connection {
        let now = Instant::now();
        let bucket = Bucket::new(state.settings.socket_rate, now);
        Connection {
            id: state.games.next_serial(),
            state,
            game,
            seat,
            rtt: Arc::new(AtomicU32::new(NO_RTT)),
            started: now,
            bucket,
            strikes: 0,
        }
    }

    async fn run(mut self, mut socket: WebSocket) {
        let end = match self.hello(&mut socket).await {
            Ok(Some(rx)) => {
                let end = self.live(&mut socket, rx).await;
                self.state.games.send_if_live(&self.game, Command::Leave { conn: self.id }).await;
                end
            }
            Ok(None) => End::Gone,
            Err(end) => end,
        };
        if let End::Close(code, reason) = end {
            let close = CloseFrame { code, reason: Utf8Bytes::from_static(reason) };
            if socket.send(Message::Close(Some(close))).await.is_ok() {
                linger(&mut socket).await;
            }
        }
    }

    /// Counts a refused frame; the end once there were too many.
    fn strike(&mut self) -> Result<(), End> {
        self.strikes += 1;
        if self.strikes >= STRIKES {
            Err(End::Close(close::POLICY, "too many refused messages"))
        } else {
            Ok(())
        }
    }

    /// Reads one frame as a client message: `Ok(None)` for a frame that carries none
    /// (a WebSocket ping, or a refused frame already answered).
    async fn read(
        &mut self,
        socket: &mut WebSocket,
        received: Option<Result<Message, axum::Error>>,
    ) -> Result<Option<ClientMessage>, End> {
        let message = match received {
            None => return Err(End::Gone),
            Some(Ok(m)) => m,
            Some(Err(e)) => {
                // The WebSocket layer refuses a frame over the protocol's size before it is
                // read whole; anything else is a broken connection.
                if is_too_big(&e) {
                    let _ = socket.send(error(WireError::TooLarge, "the frame is too large")).await;
                    return Err(End::Close(close::TOO_BIG, "frame too large"));
                }
                return Err(End::Gone);
            }
        };
        let text = match message {
            Message::Text(t) => t,
            Message::Close(_) => return Err(End::Gone),
            Message::Ping(_) | Message::Pong(_) => return Ok(None),
            Message::Binary(_) => {
                let _ = socket.send(error(WireError::Malformed, "frames are JSON text")).await;
                self.strike()?;
                return Ok(None);
            }
        };
        let now = Instant::now();
        if !self.bucket.take(now) {
            let _ = socket.send(error(WireError::RateLimited, "too many messages")).await;
            self.strike()?;
            return Ok(None);
        }
        match ClientMessage::decode(text.as_str()) {
            Ok(m) => Ok(Some(m)),
            Err(e @ DecodeError::TooLarge(_)) => {
                let _ = socket.send(error(e.wire_error(), &e.to_string())).await;
                Err(End::Close(close::TOO_BIG, "frame too large"))
            }
            Err(e) => {
                let _ = socket.send(error(e.wire_error(), &e.to_string())).await;
                self.strike()?;
                Ok(None)
            }
        }
    }

    /// Waits for the hello and joins the game: the queue the owner writes to, or `None` if
    /// the client left first.
    async fn hello(
        &mut self,
        socket: &mut WebSocket,
    ) -> Result<Option<mpsc::Receiver<Outbound>>, End> {
        let deadline = tokio::time::Instant::now() + HELLO_WITHIN;
        let last_version = loop {
            let received = tokio::select! {
                r = socket.recv() => r,
                () = tokio::time::sleep_until(deadline) => {
                    let _ = socket.send(error(WireError::NotHello, "no hello came")).await;
                    return Err(End::Close(close::POLICY, "no hello"));
                }
            };
            match self.read(socket, received).await {
                Ok(Some(ClientMessage::Hello { protocol, last_version })) => {
                    if protocol != PROTOCOL_VERSION {
                        let detail = format!("this server speaks protocol {PROTOCOL_VERSION}");
                        let _ = socket.send(error(WireError::Protocol, &detail)).await;
                        return Err(End::Close(close::POLICY, "protocol version"));
                    }
                    break last_version;
                }
                Ok(Some(ClientMessage::Ping { at })) => {
                    let _ = socket.send(frame(&ServerMessage::Pong { at })).await;
                }
                Ok(Some(_)) => {
                    let _ = socket.send(error(WireError::NotHello, "say hello first")).await;
                    self.strike()?;
                }
                Ok(None) => {}
                Err(End::Gone) => return Ok(None),
                Err(end) => return Err(end),
            }
        };
        let (tx, rx) = mpsc::channel(CONNECTION_QUEUE);
        let join = Command::Join {
            conn: self.id,
            seat: self.seat,
            last_version,
            tx,
            rtt: Arc::clone(&self.rtt),
        };
        if let Err(e) = self.state.games.send(&self.game, join).await {
            tracing::warn!("game {}: a connection could not join: {e}", self.game);
            let _ = socket.send(error(WireError::Internal, "the game is not available")).await;
            return Err(End::Close(close::AGAIN_LATER, "game not available"));
        }
        Ok(Some(rx))
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    async fn live(&mut self, socket: &mut WebSocket, mut rx: mpsc::Receiver<Outbound>) -> End {
        let mut shutdown = self.state.shutdown.clone();
        // The first ping at once: the round trip is known before the first move.
        let mut ping = tokio::time::interval(PING_EVERY);
        let mut heard = Instant::now();
        loop {
            tokio::select! {
                received = socket.recv() => {
                    let at = Instant::now();
                    heard = at;
                    match self.read(socket, received).await {
                        Ok(Some(m)) => {
                            if let Err(end) = self.on_message(socket, m, at).await {
                                return end;
                            }
                        }
                        Ok(None) => {}
                        Err(end) => return end,
                    }
                }
                out = rx.recv() => match out {
                    Some(Outbound::Frame(text)) => {
                        if socket.send(Message::Text(text)).await.is_err() {
                            return End::Gone;
                        }
                    }
                    Some(Outbound::Close) => return End::Close(close::RESTART, "server restarting"),
                    // The owner dropped this connection (it fell behind) or stopped.
                    None => return End::Close(close::AGAIN_LATER, "reconnect"),
                },
                _ = ping.tick() => {
                    if heard.elapsed() > SILENT_FOR {
                        return End::Close(close::NORMAL, "silent too long");
                    }
                    let at = self.now_ms();
                    if socket.send(frame(&ServerMessage::Ping { at })).await.is_err() {
                        return End::Gone;
                    }
                }
                _ = shutdown.changed() => return End::Close(close::RESTART, "server restarting"),
            }
        }
    }

    async fn on_message(
        &mut self,
        socket: &mut WebSocket,
        m: ClientMessage,
        at: Instant,
    ) -> Result<(), End> {
        match m {
            ClientMessage::Ping { at } => {
                let _ = socket.send(frame(&ServerMessage::Pong { at })).await;
            }
            ClientMessage::Pong { at: sent } => {
                // Only an echo of a ping this connection sent counts.
                let now = self.now_ms();
                if sent <= now {
                    let rtt = u32::try_from(now - sent).unwrap_or(u32::MAX - 1).min(60_000);
                    self.rtt.store(rtt, Ordering::Relaxed);
                }
            }
            ClientMessage::Hello { .. } => {
                let _ = socket.send(error(WireError::NotHello, "said hello already")).await;
                self.strike()?;
            }
            msg => {
                let command = Command::Message { conn: self.id, msg, at };
                if self.state.games.send(&self.game, command).await.is_err() {
                    return Err(End::Close(close::AGAIN_LATER, "game not available"));
                }
            }
        }
        Ok(())
    }
}

/// How long a closing socket waits for the client's close.
const LINGER: Duration = Duration::from_secs(2);

/// Reads (and drops) what the client still sends after the server's close, until its own
/// close comes, within [`LINGER`]. Dropping a socket with unread data makes the system reset
/// the connection, and a reset destroys what the client has not read yet: the error that
/// says why, and the close itself.
async fn linger(socket: &mut WebSocket) {
    let deadline = tokio::time::Instant::now() + LINGER;
    loop {
        match tokio::time::timeout_at(deadline, socket.recv()).await {
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => return,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Whether a socket error is the size limit refusing a frame.
fn is_too_big(e: &axum::Error) -> bool {
    use std::error::Error as _;
    let mut source: Option<&(dyn std::error::Error + 'static)> = e.source();
    while let Some(s) = source {
        if let Some(t) = s.downcast_ref::<tokio_tungstenite::tungstenite::Error>() {
            return matches!(t, tokio_tungstenite::tungstenite::Error::Capacity(_));
        }
        source = s.source();
    }
    e.to_string().contains("Space limit exceeded") || e.to_string().contains("too long")
}
