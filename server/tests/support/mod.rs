//! What the server's socket tests share: a server on a temporary database and a port the
//! system picks, a small HTTP client, a WebSocket client that checks the versions it gets
//! are gapless, and a player that keeps its seat's record of the game from what it receives.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use rodina_protocol::{
    ClientMessage, Credentials, Event, GameId, GameOptions, GameState, Joined, PROTOCOL_VERSION,
    ServerMessage, SideName, WireError,
};
use rodina_rules::{AnyView, Seat, Start};
use rodina_server::{RunningServer, Settings};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one frame or answer before it fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// A server on a temporary database.
pub struct TestServer {
    pub server: Option<RunningServer>,
    pub settings: Settings,
    pub dir: tempfile::TempDir,
}

impl TestServer {
    /// A server with the default settings but for what `tweak` changes.
    pub async fn start(tweak: impl FnOnce(&mut Settings)) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut settings = Settings {
            db: dir.path().join("server.db"),
            addr: "127.0.0.1:0".parse().expect("addr"),
            ..Settings::default()
        };
        tweak(&mut settings);
        let server = rodina_server::start(settings.clone()).await.expect("server starts");
        TestServer { server: Some(server), settings, dir }
    }

    pub fn addr(&self) -> SocketAddr {
        self.server.as_ref().expect("running").addr()
    }

    /// Stops the server and starts a new one on the same database (another port).
    pub async fn restart(&mut self) {
        if let Some(s) = self.server.take() {
            s.stop().await;
        }
        let server = rodina_server::start(self.settings.clone()).await.expect("server restarts");
        self.server = Some(server);
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    pub fn json<T: serde::de::DeserializeOwned>(&self) -> T {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("{e}: {} {}", self.status, self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The error code of an error answer.
    pub fn code(&self) -> String {
        let v: serde_json::Value = self.json();
        v["code"].as_str().unwrap_or_default().to_owned()
    }
}

/// One HTTP/1.1 request on its own connection.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> Answer {
    let io = async {
        let mut stream = TcpStream::connect(addr).await?;
        let body = body.unwrap_or("");
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        );
        if let Some(t) = token {
            request.push_str(&format!("Authorization: Bearer {t}\r\n"));
        }
        request.push_str("\r\n");
        stream.write_all(request.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await?;
        Ok::<_, std::io::Error>(raw)
    };
    let raw = tokio::time::timeout(WAIT, io).await.expect("answer in time").expect("http");
    let text = String::from_utf8(raw).expect("utf-8");
    let (head, body) = text.split_once("\r\n\r\n").expect("head and body");
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).expect("status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked { dechunk(body) } else { body.to_owned() };
    Answer { status: status.parse().expect("status number"), headers, body }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// A new anonymous account.
pub async fn account(addr: SocketAddr) -> Credentials {
    let a = http(addr, "POST", "/v1/accounts", None, Some(r#"{"device":"test"}"#)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    a.json()
}

/// A game between two new accounts: (white, black, game).
pub async fn game(addr: SocketAddr, options: &str) -> (Credentials, Credentials, GameId) {
    let (a, b) = (account(addr).await, account(addr).await);
    let inv = http(addr, "POST", "/v1/invitations", Some(&a.token), Some(options)).await;
    assert_eq!(inv.status, 201, "{}", inv.body);
    let code = inv.json::<serde_json::Value>()["code"].as_str().expect("code").to_owned();
    let path = format!("/v1/invitations/{code}/accept");
    let joined = http(addr, "POST", &path, Some(&b.token), None).await;
    assert_eq!(joined.status, 201, "{}", joined.body);
    let joined: Joined = joined.json();
    match joined.side {
        SideName::White => (b, a, joined.game),
        SideName::Black => (a, b, joined.game),
    }
}

type Stream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A WebSocket on a game.
pub struct Ws {
    stream: Stream,
    /// The last version applied.
    pub version: u64,
    /// Every text frame received, as sent.
    pub texts: Vec<String>,
    /// Whether the server closed the socket.
    pub closed: bool,
}

/// Opens a game's socket without saying hello.
pub async fn connect(addr: SocketAddr, game: &GameId, token: &str) -> Ws {
    let url = format!("ws://{addr}/v1/games/{game}/live");
    let mut request = url.into_client_request().expect("request");
    request
        .headers_mut()
        .insert("authorization", format!("Bearer {token}").parse().expect("header"));
    let (stream, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(request))
        .await
        .expect("connects in time")
        .expect("connects");
    Ws { stream, version: 0, texts: Vec::new(), closed: false }
}

/// Opens a game's socket and says hello with `last_version`.
pub async fn join(addr: SocketAddr, game: &GameId, token: &str, last_version: Option<u64>) -> Ws {
    let mut ws = connect(addr, game, token).await;
    ws.version = last_version.unwrap_or(0);
    ws.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, last_version }).await;
    ws
}

impl Ws {
    pub async fn send(&mut self, m: &ClientMessage) {
        self.send_text(m.encode()).await;
    }

    pub async fn send_text(&mut self, text: String) {
        let _ = self.stream.send(Message::text(text)).await;
    }

    pub async fn send_message(&mut self, m: Message) {
        let _ = self.stream.send(m).await;
    }

    /// The next message of the protocol (answering the server's pings); `None` once the
    /// socket is closed. Checks that versions come without gaps.
    pub async fn next(&mut self) -> Option<ServerMessage> {
        loop {
            let frame =
                tokio::time::timeout(WAIT, self.stream.next()).await.expect("a frame in time");
            let text = match frame {
                Some(Ok(Message::Text(t))) => t.to_string(),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    self.closed = true;
                    return None;
                }
                Some(Ok(_)) => continue,
            };
            let m = ServerMessage::decode(&text).expect("the server's frames decode");
            self.texts.push(text);
            match &m {
                ServerMessage::Ping { at } => {
                    self.send(&ClientMessage::Pong { at: *at }).await;
                }
                ServerMessage::Sync { v, .. } => self.version = *v,
                ServerMessage::Event { v, .. } => {
                    assert_eq!(*v, self.version + 1, "versions without gaps");
                    self.version = *v;
                }
                _ => {}
            }
            return Some(m);
        }
    }

    /// The next message about the game: not a ping, pong or presence.
    pub async fn next_game(&mut self) -> ServerMessage {
        loop {
            let m = self.next().await.expect("the socket stays open");
            if !matches!(
                m,
                ServerMessage::Ping { .. }
                    | ServerMessage::Pong { .. }
                    | ServerMessage::Presence { .. }
            ) {
                return m;
            }
        }
    }

    /// The next presence.
    pub async fn next_presence(&mut self) -> ServerMessage {
        loop {
            let m = self.next().await.expect("the socket stays open");
            if matches!(m, ServerMessage::Presence { .. }) {
                return m;
            }
        }
    }

    pub async fn sync(&mut self) -> GameState {
        match self.next_game().await {
            ServerMessage::Sync { state, .. } => *state,
            other => panic!("expected a sync, got {other:?}"),
        }
    }

    pub async fn event(&mut self) -> Option<Event> {
        match self.next_game().await {
            ServerMessage::Event { e, .. } => e,
            other => panic!("expected an event, got {other:?}"),
        }
    }

    pub async fn error(&mut self) -> (WireError, Option<u32>) {
        match self.next_game().await {
            ServerMessage::Error { code, ack, .. } => (code, ack),
            other => panic!("expected an error, got {other:?}"),
        }
    }

    pub async fn ack(&mut self) -> u32 {
        match self.next_game().await {
            ServerMessage::Ack { ack } => ack,
            other => panic!("expected an ack, got {other:?}"),
        }
    }

    /// Reads until the server closes the socket; the messages on the way.
    pub async fn until_closed(&mut self) -> Vec<ServerMessage> {
        let mut seen = Vec::new();
        while let Some(m) = self.next().await {
            seen.push(m);
        }
        seen
    }

    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}

/// A seat's record of a game, kept from what the seat receives.
pub struct Record {
    pub seat: Seat,
    pub state: GameState,
    pub view: AnyView,
    /// The move texts this seat received, in order.
    pub moves: Vec<String>,
}

impl Record {
    pub fn new(state: GameState) -> Record {
        let seat = state.seat().expect("a seat");
        let mut new = state.options.to_new_game().expect("options");
        new.start = Start::Fen(state.start.clone());
        let mut view = AnyView::read(&new, Some(seat)).expect("start").expect("a view");
        for m in &state.moves {
            view.play_text(m).expect("the sync's moves play");
        }
        Record { seat, moves: state.moves.clone(), state, view }
    }

    pub fn play(&mut self, mv: &str) {
        self.view.play_text(mv).unwrap_or_else(|e| panic!("{:?}: {mv}: {e}", self.seat));
        self.moves.push(mv.to_owned());
    }
}

/// The options of a game of `game` with no clock.
pub fn options(game: &str) -> String {
    serde_json::to_string(&GameOptions {
        game: game.into(),
        rule_set: None,
        handicap: None,
        colour: rodina_protocol::ColourChoice::Random,
        clock: None,
    })
    .expect("json")
}
