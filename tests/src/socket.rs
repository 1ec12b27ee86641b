//! A raw WebSocket client of a game's live socket: it sends what it is told (also what no
//! client should send), answers the server's pings, keeps every text frame it received, and
//! checks that versions arrive in order without gaps.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rodina_protocol::{
    ClientMessage, Event, GameId, GameState, PROTOCOL_VERSION, ServerMessage, WireError,
};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::{E2eError, WAIT};

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One game socket.
pub struct Socket {
    stream: Stream,
    /// The last version applied (0 before any).
    pub version: u64,
    /// Every text frame received, as sent, in order.
    pub frames: Vec<String>,
    /// The close code, once the server closed the socket (`Some(None)`: closed without a
    /// code or the connection dropped).
    pub closed: Option<Option<u16>>,
    /// How the connection broke, when it ended with an error rather than a close frame
    /// (`Connection reset by peer`).
    pub broken: Option<String>,
    /// How long one read waits before it fails.
    pub wait: Duration,
}

/// Opens the socket of `game` as the account of `token`, without saying hello.
pub async fn connect(addr: SocketAddr, game: &GameId, token: &str) -> Result<Socket, E2eError> {
    let url = format!("ws://{addr}/v1/games/{game}/live");
    let mut request =
        url.into_client_request().map_err(|e| E2eError::Socket(format!("request: {e}")))?;
    let bearer =
        format!("Bearer {token}").parse().map_err(|e| E2eError::Socket(format!("header: {e}")))?;
    request.headers_mut().insert("authorization", bearer);
    // Frames larger than the protocol's are sent by the hostile tests: the client must not
    // refuse to send them itself.
    let config = WebSocketConfig::default().max_frame_size(None).max_message_size(None);
    let connecting = tokio_tungstenite::connect_async_with_config(request, Some(config), true);
    let (stream, _) = tokio::time::timeout(WAIT, connecting)
        .await
        .map_err(|_| E2eError::Timeout("the socket to open".into()))?
        .map_err(|e| E2eError::Socket(format!("connect: {e}")))?;
    Ok(Socket { stream, version: 0, frames: Vec::new(), closed: None, broken: None, wait: WAIT })
}

/// Opens the socket and says hello with `last_version`.
pub async fn join(
    addr: SocketAddr,
    game: &GameId,
    token: &str,
    last_version: Option<u64>,
) -> Result<Socket, E2eError> {
    let mut socket = connect(addr, game, token).await?;
    socket.version = last_version.unwrap_or(0);
    socket.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, last_version }).await?;
    Ok(socket)
}

fn is_chatter(m: &ServerMessage) -> bool {
    matches!(
        m,
        ServerMessage::Ping { .. } | ServerMessage::Pong { .. } | ServerMessage::Presence { .. }
    )
}

impl Socket {
    /// Sends a message of the protocol.
    pub async fn send(&mut self, m: &ClientMessage) -> Result<(), E2eError> {
        self.send_raw(Message::text(m.encode())).await
    }

    /// Sends any text.
    pub async fn send_text(&mut self, text: &str) -> Result<(), E2eError> {
        self.send_raw(Message::text(text.to_owned())).await
    }

    /// Sends any frame.
    pub async fn send_raw(&mut self, m: Message) -> Result<(), E2eError> {
        tokio::time::timeout(self.wait, self.stream.send(m))
            .await
            .map_err(|_| E2eError::Timeout("a frame to go out".into()))?
            .map_err(|e| E2eError::Socket(format!("send: {e}")))
    }

    /// The next message of the protocol (pings answered on the way); `None` once the server
    /// closed the socket. Fails on a frame that is no message, and on a version gap.
    pub async fn next(&mut self) -> Result<Option<ServerMessage>, E2eError> {
        // Binary and control frames are skipped; a bound on them keeps the loop finite.
        for _ in 0..10_000 {
            let frame =
                tokio::time::timeout(self.wait, self.stream.next()).await.map_err(|_| {
                    E2eError::Timeout(format!("a frame after version {}", self.version))
                })?;
            let text = match frame {
                Some(Ok(Message::Text(t))) => t.to_string(),
                Some(Ok(Message::Close(c))) => {
                    self.closed = Some(c.map(|c| u16::from(c.code)));
                    return Ok(None);
                }
                None => {
                    self.closed.get_or_insert(None);
                    return Ok(None);
                }
                Some(Err(e)) => {
                    self.closed.get_or_insert(None);
                    self.broken = Some(e.to_string());
                    return Ok(None);
                }
                Some(Ok(_)) => continue,
            };
            let m = ServerMessage::decode(&text)
                .map_err(|e| E2eError::Protocol(format!("{e}: {text}")))?;
            self.frames.push(text);
            match &m {
                ServerMessage::Ping { at } => self.send(&ClientMessage::Pong { at: *at }).await?,
                ServerMessage::Sync { v, .. } => self.version = *v,
                ServerMessage::Event { v, .. } => {
                    if *v != self.version + 1 {
                        return Err(E2eError::Protocol(format!(
                            "version {v} after {}: a gap",
                            self.version
                        )));
                    }
                    self.version = *v;
                }
                _ => {}
            }
            return Ok(Some(m));
        }
        Err(E2eError::Protocol("too many frames that are no text".into()))
    }

    /// The next message about the game (no ping, pong or presence).
    pub async fn next_game(&mut self) -> Result<ServerMessage, E2eError> {
        for _ in 0..10_000 {
            match self.next().await? {
                Some(m) if is_chatter(&m) => continue,
                Some(m) => return Ok(m),
                None => return Err(E2eError::Socket(format!("closed: {:?}", self.closed))),
            }
        }
        Err(E2eError::Protocol("only chatter".into()))
    }

    /// The next presence.
    pub async fn next_presence(&mut self) -> Result<ServerMessage, E2eError> {
        for _ in 0..10_000 {
            match self.next().await? {
                Some(m @ ServerMessage::Presence { .. }) => return Ok(m),
                Some(ServerMessage::Ping { .. } | ServerMessage::Pong { .. }) => continue,
                Some(other) => {
                    return Err(E2eError::Protocol(format!("expected presence, got {other:?}")));
                }
                None => return Err(E2eError::Socket(format!("closed: {:?}", self.closed))),
            }
        }
        Err(E2eError::Protocol("no presence".into()))
    }

    /// The next game message, which must be a sync: its state.
    pub async fn sync(&mut self) -> Result<GameState, E2eError> {
        match self.next_game().await? {
            ServerMessage::Sync { state, .. } => Ok(*state),
            other => Err(E2eError::Protocol(format!("expected a sync, got {other:?}"))),
        }
    }

    /// The next game message, which must be an event: its version and content.
    pub async fn event(&mut self) -> Result<(u64, Option<Event>), E2eError> {
        match self.next_game().await? {
            ServerMessage::Event { v, e } => Ok((v, e)),
            other => Err(E2eError::Protocol(format!("expected an event, got {other:?}"))),
        }
    }

    /// The next game message, which must be an error: its code and ack.
    pub async fn error(&mut self) -> Result<(WireError, Option<u32>), E2eError> {
        match self.next_game().await? {
            ServerMessage::Error { code, ack, .. } => Ok((code, ack)),
            other => Err(E2eError::Protocol(format!("expected an error, got {other:?}"))),
        }
    }

    /// The next game message, which must be an ack: its number.
    pub async fn ack(&mut self) -> Result<u32, E2eError> {
        match self.next_game().await? {
            ServerMessage::Ack { ack } => Ok(ack),
            other => Err(E2eError::Protocol(format!("expected an ack, got {other:?}"))),
        }
    }

    /// Reads until the server closes the socket (at most `limit` messages): the messages on
    /// the way.
    pub async fn until_closed(&mut self, limit: usize) -> Result<Vec<ServerMessage>, E2eError> {
        let mut seen = Vec::new();
        for _ in 0..limit {
            match self.next().await? {
                Some(m) => seen.push(m),
                None => return Ok(seen),
            }
        }
        Err(E2eError::Protocol(format!("still open after {limit} messages: {seen:?}")))
    }

    /// Waits `quiet` and fails if any game message (not ping, pong or presence) came
    /// meanwhile: nothing more was sent to this socket.
    pub async fn nothing_more(&mut self, quiet: Duration) -> Result<(), E2eError> {
        let deadline = tokio::time::Instant::now() + quiet;
        for _ in 0..10_000 {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            let saved = self.wait;
            self.wait = left;
            let got = self.next().await;
            self.wait = saved;
            match got {
                Err(E2eError::Timeout(_)) => return Ok(()),
                Err(e) => return Err(e),
                Ok(None) => return Err(E2eError::Socket("closed while waiting".into())),
                Ok(Some(m)) if is_chatter(&m) => continue,
                Ok(Some(m)) => return Err(E2eError::Protocol(format!("unexpected {m:?}"))),
            }
        }
        Ok(())
    }

    /// Closes the socket from this side (a clean close).
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(2), self.stream.close(None)).await;
    }

    /// Drops the connection without a close frame (a lost network).
    pub fn drop_connection(self) {
        drop(self);
    }
}
