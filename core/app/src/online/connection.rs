//! The online game's connection: one task per open game on the core's runtime that holds
//! the live socket, keeps it alive, reconnects, and hands every frame to the game's
//! controller ([`OnlineGame`]), telling the listener what changed.
//!
//! The numbers are lichess's (lila-ws and its client): a ping 2.5 s after each pong, the
//! socket taken as lost when no pong came within 9 s, an unacknowledged move sent again
//! every 1.5 s, and a gap in versions given 10 × 200 ms to fill before a resync. A lost
//! connection is tried again after 0.5 s, 1 s, 2 s... up to 30 s, each wait drawn between
//! its half and its whole (jitter: phones that lost the network together do not all come
//! back in the same instant); after five failed tries the game shows as offline while the
//! tries go on. The server's refusal of the session (401), of the game (404) or of the
//! protocol (426) ends the tries.
//!
//! The task ends when the game's handle is dropped (its command channel closes), closing
//! the socket as it goes.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rodina_protocol::{ClientMessage, MAX_FRAME_BYTES, ServerMessage};
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self, Message};

use crate::online::OnlineListener;
use crate::online::model::{ConnectionState, OfflineReason};
use crate::online::session::{OnlineGame, Received, until_next_tick};

/// The connection's timings; [`Timing::default`] is lichess's, tests shorten some.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timing {
    /// A ping goes this long after the last pong.
    pub(crate) ping_after_pong: Duration,
    /// A ping not answered within this is a lost connection.
    pub(crate) pong_within: Duration,
    /// An unacknowledged move is sent again this often.
    pub(crate) resend_every: Duration,
    /// A gap in versions is looked at again this often...
    pub(crate) gap_step: Duration,
    /// ...this many times, then the game resyncs.
    pub(crate) gap_steps: u32,
    /// The first wait before a reconnect.
    pub(crate) backoff_first: Duration,
    /// The longest.
    pub(crate) backoff_cap: Duration,
    /// Failed tries after which the game shows as offline.
    pub(crate) offline_after: u32,
    /// How long opening a socket may take.
    pub(crate) connect_within: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            ping_after_pong: Duration::from_millis(2500),
            pong_within: Duration::from_secs(9),
            resend_every: Duration::from_millis(1500),
            gap_step: Duration::from_millis(200),
            gap_steps: 10,
            backoff_first: Duration::from_millis(500),
            backoff_cap: Duration::from_secs(30),
            offline_after: 5,
            connect_within: Duration::from_secs(10),
        }
    }
}

impl Timing {
    /// The wait before try `attempt` (from 1): doubling from the first, capped, drawn
    /// between its half and its whole.
    pub(crate) fn backoff(&self, attempt: u32, rng: &mut impl Rng) -> Duration {
        let doubling = 1u32.checked_shl(attempt.saturating_sub(1).min(16)).unwrap_or(u32::MAX);
        let full = self.backoff_first.saturating_mul(doubling).min(self.backoff_cap);
        let half = full / 2;
        let spread = u64::try_from((full - half).as_millis()).unwrap_or(u64::MAX);
        half + Duration::from_millis(rng.random_range(0..=spread))
    }
}

/// What the game's handle asks of its connection.
#[derive(Debug)]
pub(crate) enum Command {
    /// Send this message now (dropped unless live: moves are sent again on connecting).
    Send(ClientMessage),
    /// Close the socket and stay away until [`Command::Resume`] (the app went to the
    /// background).
    Suspend,
    /// Connect again after a [`Command::Suspend`], or now if waiting to retry.
    Resume,
    /// Drop the socket and connect again at once, saying the last version (a resync).
    Reconnect,
}

/// What the connection task shares with the game's handle.
pub(crate) struct Shared {
    /// The game.
    pub(crate) game: Mutex<OnlineGame>,
    /// Who is told of changes.
    pub(crate) listener: Arc<dyn OnlineListener>,
}

impl Shared {
    /// The game, locked (recovering from poisoning: a panic never happens inside, and the
    /// last state beats none).
    pub(crate) fn game(&self) -> MutexGuard<'_, OnlineGame> {
        self.game.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Tells the listener the game's view now (outside the lock: it may call back).
    pub(crate) fn notify(&self) {
        let view = self.game().view(std::time::Instant::now());
        self.listener.on_view(view);
    }

    fn set_connection(&self, state: ConnectionState) {
        if self.game().set_connection(state) {
            self.notify();
        }
    }
}

/// Where and as whom to connect.
#[derive(Clone)]
pub(crate) struct Link {
    /// The socket's address (`ws://.../v1/games/ID/live`).
    pub(crate) url: String,
    /// The bearer token.
    pub(crate) token: String,
}

/// How a live connection ended.
#[derive(Debug)]
enum End {
    /// The handle is gone: stop.
    Stop,
    /// The app asked to suspend.
    Suspend,
    /// Lost (closed, failed, silent): reconnect after a wait.
    Lost,
    /// Reconnect at once with the last version (a gap, a frame that did not read).
    Resync,
    /// The server will not serve this connection.
    Refused(OfflineReason),
}

/// Runs a game's connection until its handle is dropped.
pub(crate) async fn run(
    shared: Arc<Shared>,
    link: Link,
    mut commands: mpsc::UnboundedReceiver<Command>,
    timing: Timing,
) {
    let mut rng = rand::rngs::StdRng::from_os_rng();
    // Tries that failed since the last live connection.
    let mut failures: u32 = 0;
    let mut suspended = false;
    loop {
        if suspended {
            shared.set_connection(ConnectionState::Offline { reason: OfflineReason::Suspended });
            if !wait_for_resume(&mut commands).await {
                return;
            }
            suspended = false;
            failures = 0;
        }
        if failures == 0 {
            // The first connection, or one after a suspend, a refusal or a resync; a retry
            // after a loss shows its wait instead.
            shared.set_connection(ConnectionState::Connecting);
        }
        let end = match connect(&link, &timing, &mut commands).await {
            Connected::Socket(socket) => live(&shared, socket, &mut commands, &timing).await,
            Connected::Failed(end) => end,
        };
        match end {
            End::Stop => return,
            End::Suspend => suspended = true,
            End::Resync => failures = 0,
            End::Refused(reason) => {
                shared.set_connection(ConnectionState::Offline { reason });
                // Nothing to try until the app asks again (or lets the game go).
                if !wait_for_resume(&mut commands).await {
                    return;
                }
                failures = 0;
            }
            End::Lost => {
                if shared.game().connection() == ConnectionState::Live {
                    failures = 0;
                }
                failures += 1;
                let wait = timing.backoff(failures, &mut rng);
                let state = if failures > timing.offline_after {
                    ConnectionState::Offline { reason: OfflineReason::Unreachable }
                } else {
                    let retry_in_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
                    ConnectionState::Reconnecting { attempt: failures, retry_in_ms }
                };
                shared.set_connection(state);
                match wait_or_command(wait, &mut commands).await {
                    Waited::Elapsed | Waited::Now => {}
                    Waited::Suspend => suspended = true,
                    Waited::Stop => return,
                }
            }
        }
    }
}

/// How a wait ended.
enum Waited {
    Elapsed,
    /// Asked to connect now.
    Now,
    Suspend,
    Stop,
}

async fn wait_or_command(
    wait: Duration,
    commands: &mut mpsc::UnboundedReceiver<Command>,
) -> Waited {
    let until = Instant::now() + wait;
    loop {
        tokio::select! {
            () = tokio::time::sleep_until(until) => return Waited::Elapsed,
            command = commands.recv() => match command {
                None => return Waited::Stop,
                Some(Command::Suspend) => return Waited::Suspend,
                Some(Command::Resume | Command::Reconnect) => return Waited::Now,
                // Moves wait in the game and go on connecting; actions need a connection.
                Some(Command::Send(_)) => {}
            },
        }
    }
}

/// Waits for [`Command::Resume`] (or [`Command::Reconnect`]); false once the handle is gone.
async fn wait_for_resume(commands: &mut mpsc::UnboundedReceiver<Command>) -> bool {
    loop {
        match commands.recv().await {
            None => return false,
            Some(Command::Resume | Command::Reconnect) => return true,
            Some(Command::Suspend | Command::Send(_)) => {}
        }
    }
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

enum Connected {
    Socket(Box<Socket>),
    Failed(End),
}

/// Opens the socket, within the time allowed; the handle's commands are heard meanwhile.
async fn connect(
    link: &Link,
    timing: &Timing,
    commands: &mut mpsc::UnboundedReceiver<Command>,
) -> Connected {
    let Ok(mut request) = link.url.as_str().into_client_request() else {
        return Connected::Failed(End::Refused(OfflineReason::GameGone));
    };
    let Ok(bearer) = format!("Bearer {}", link.token).parse() else {
        return Connected::Failed(End::Refused(OfflineReason::SignedOut));
    };
    request.headers_mut().insert("authorization", bearer);
    if let Ok(version) = rodina_protocol::PROTOCOL_VERSION.to_string().parse() {
        request.headers_mut().insert("rodina-protocol", version);
    }
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME_BYTES))
        .max_frame_size(Some(MAX_FRAME_BYTES));
    let opening = tokio::time::timeout(
        timing.connect_within,
        tokio_tungstenite::connect_async_with_config(request, Some(config), false),
    );
    tokio::pin!(opening);
    loop {
        tokio::select! {
            opened = &mut opening => return match opened {
                Ok(Ok((socket, _))) => Connected::Socket(Box::new(socket)),
                Ok(Err(tungstenite::Error::Http(response))) => {
                    Connected::Failed(match response.status().as_u16() {
                        401 => End::Refused(OfflineReason::SignedOut),
                        404 => End::Refused(OfflineReason::GameGone),
                        426 => End::Refused(OfflineReason::Outdated),
                        _ => End::Lost,
                    })
                }
                Ok(Err(_)) | Err(_) => Connected::Failed(End::Lost),
            },
            command = commands.recv() => match command {
                None => return Connected::Failed(End::Stop),
                Some(Command::Suspend) => return Connected::Failed(End::Suspend),
                Some(Command::Send(_) | Command::Resume | Command::Reconnect) => {}
            },
        }
    }
}

/// Milliseconds since `epoch`, the `at` of the client's pings.
fn ms_since(epoch: Instant) -> u64 {
    u64::try_from(epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// One live connection, from the hello to its end.
async fn live(
    shared: &Shared,
    socket: Box<Socket>,
    commands: &mut mpsc::UnboundedReceiver<Command>,
    timing: &Timing,
) -> End {
    let (mut sink, mut stream) = (*socket).split();
    let send = |m: &ClientMessage| Message::text(m.encode());
    let hello = shared.game().hello();
    if sink.send(send(&hello)).await.is_err() {
        return End::Lost;
    }
    let epoch = Instant::now();
    // The first ping at once: the round trip is known before the first move.
    let mut next_ping = Some(Instant::now());
    let mut ping_sent: Option<(u64, Instant)> = None;
    let mut resend_at: Option<Instant> = None;
    let mut gap: Option<(Instant, u32)> = None;
    let mut tick_at: Option<Instant> = None;
    let mut live = false;
    let end = loop {
        let wake = [
            next_ping,
            ping_sent.map(|(_, at)| at + timing.pong_within),
            resend_at,
            gap.map(|(at, _)| at),
            tick_at,
        ]
        .into_iter()
        .flatten()
        .min();
        let sleep = tokio::time::sleep_until(
            wake.unwrap_or_else(|| Instant::now() + Duration::from_secs(3600)),
        );
        tokio::select! {
            frame = stream.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break End::Lost,
                    // Control frames are answered by the socket; binary ones are no protocol.
                    Some(Ok(_)) => continue,
                };
                let now = Instant::now();
                if !live {
                    live = true;
                    shared.set_connection(ConnectionState::Live);
                    // Whatever was not acknowledged before goes again, as it was.
                    let unacked = shared.game().unacknowledged();
                    if let Some(m) = unacked {
                        if sink.send(send(&m)).await.is_err() {
                            break End::Lost;
                        }
                        resend_at = Some(now + timing.resend_every);
                    }
                }
                let Ok(message) = ServerMessage::decode(text.as_str()) else {
                    // A frame that is no message may have been an event: ask again from the
                    // last version applied.
                    break End::Resync;
                };
                let received = shared.game().receive(message, now.into_std());
                match received {
                    Received::Changed => shared.notify(),
                    Received::Unchanged => {}
                    Received::Gap => {
                        if gap.is_none() {
                            gap = Some((now + timing.gap_step, 0));
                        }
                    }
                    Received::Resync => break End::Resync,
                    Received::AnswerPing(at) => {
                        if sink.send(send(&ClientMessage::Pong { at })).await.is_err() {
                            break End::Lost;
                        }
                    }
                    Received::Pong(at) => {
                        if let Some((sent, sent_at)) = ping_sent
                            && sent == at
                        {
                            shared.game().measured(now - sent_at);
                            ping_sent = None;
                            next_ping = Some(now + timing.ping_after_pong);
                        }
                    }
                    Received::Stop(reason) => break End::Refused(reason),
                }
                if gap.is_some() && !shared.game().has_gap() {
                    gap = None;
                }
                tick_at = shared.game().running_clock_ms(now.into_std()).map(|ms| now + until_next_tick(ms));
            }
            command = commands.recv() => match command {
                None => break End::Stop,
                Some(Command::Suspend) => break End::Suspend,
                Some(Command::Reconnect) => break End::Resync,
                Some(Command::Resume) => {}
                Some(Command::Send(m)) => {
                    if !live {
                        // Moves go when the connection is live; actions were refused.
                        continue;
                    }
                    let is_move = matches!(m, ClientMessage::Move { .. });
                    if sink.send(send(&m)).await.is_err() {
                        break End::Lost;
                    }
                    if is_move {
                        resend_at = Some(Instant::now() + timing.resend_every);
                    }
                }
            },
            () = sleep => {
                let now = Instant::now();
                if let Some((_, sent_at)) = ping_sent
                    && now >= sent_at + timing.pong_within
                {
                    break End::Lost;
                }
                if next_ping.is_some_and(|at| now >= at) && ping_sent.is_none() {
                    let at = ms_since(epoch);
                    if sink.send(send(&ClientMessage::Ping { at })).await.is_err() {
                        break End::Lost;
                    }
                    ping_sent = Some((at, now));
                    next_ping = None;
                }
                if resend_at.is_some_and(|at| now >= at) {
                    let unacked = shared.game().unacknowledged();
                    resend_at = match unacked {
                        Some(m) => {
                            if sink.send(send(&m)).await.is_err() {
                                break End::Lost;
                            }
                            Some(now + timing.resend_every)
                        }
                        None => None,
                    };
                }
                if let Some((at, tries)) = gap
                    && now >= at
                {
                    if !shared.game().has_gap() {
                        gap = None;
                    } else if tries + 1 >= timing.gap_steps {
                        break End::Resync;
                    } else {
                        gap = Some((now + timing.gap_step, tries + 1));
                    }
                }
                if tick_at.is_some_and(|at| now >= at) {
                    let clocks = shared.game().clocks(now.into_std());
                    if let Some(c) = clocks {
                        shared.listener.on_clock(c);
                    }
                    tick_at = shared.game().running_clock_ms(now.into_std()).map(|ms| now + until_next_tick(ms));
                }
            }
        }
    };
    // A goodbye the server can read; it does not matter if it cannot be sent.
    let _ = sink.send(Message::Close(None)).await;
    end
}
