//! A REST client of the protocol over reqwest, with a chosen loopback source address: the
//! server limits invitation accepts per client address (30 at once, then one per 2 s), so a
//! test that starts many games spreads them over `127.0.0.2`, `127.0.0.3`, ... as many
//! clients would be.

use std::net::{IpAddr, SocketAddr};

use rodina_protocol::{
    ClockSettings, ColourChoice, Credentials, GameId, GameOptions, GameSummary, Invitation, Joined,
    PROTOCOL_VERSION, SideName,
};
use serde::de::DeserializeOwned;

use crate::{E2eError, WAIT};

/// An HTTP answer as received.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body's text.
    pub body: String,
}

impl Answer {
    /// The body read as `T`.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, E2eError> {
        serde_json::from_str(&self.body)
            .map_err(|e| E2eError::Http(format!("{e}: {} {}", self.status, self.body)))
    }
}

/// The server's REST endpoints, from one client address.
#[derive(Clone, Debug)]
pub struct Rest {
    http: reqwest::Client,
    base: String,
}

/// Both players of a new game and its id.
#[derive(Clone, Debug)]
pub struct NewGameSeats {
    /// The game.
    pub game: GameId,
    /// The token of the player of the first side (white, Red).
    pub white: String,
    /// The token of the player of the second side.
    pub black: String,
}

impl Rest {
    /// A client of the server at `addr` whose requests come from `from` (any `127.x.y.z`
    /// on Linux), or from the system's choice.
    pub fn new(addr: SocketAddr, from: Option<IpAddr>) -> Result<Rest, E2eError> {
        let mut builder = reqwest::Client::builder().timeout(WAIT).pool_max_idle_per_host(4);
        if let Some(ip) = from {
            builder = builder.local_address(ip);
        }
        let http = builder.build().map_err(|e| E2eError::Http(format!("no client: {e}")))?;
        Ok(Rest { http, base: format!("http://{addr}") })
    }

    /// `method` on `path` with the bearer `token` and a raw `body`.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<String>,
    ) -> Result<Answer, E2eError> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("Rodina-Protocol", PROTOCOL_VERSION.to_string());
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        if let Some(b) = body {
            request = request.header("Content-Type", "application/json").body(b);
        }
        let answer = request.send().await.map_err(|e| E2eError::Http(format!("{path}: {e}")))?;
        let status = answer.status().as_u16();
        let body = answer.text().await.map_err(|e| E2eError::Http(format!("{path}: {e}")))?;
        Ok(Answer { status, body })
    }

    async fn expect<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<String>,
        status: &[u16],
    ) -> Result<T, E2eError> {
        let a = self.call(method, path, token, body).await?;
        if !status.contains(&a.status) {
            return Err(E2eError::Http(format!("{path}: {} {}", a.status, a.body)));
        }
        a.json()
    }

    /// A new anonymous account.
    pub async fn account(&self) -> Result<Credentials, E2eError> {
        let body = r#"{"device":"e2e"}"#.to_owned();
        self.expect(reqwest::Method::POST, "/v1/accounts", None, Some(body), &[201]).await
    }

    /// An invitation with these options, by the account of `token`.
    pub async fn invite(&self, token: &str, options: &GameOptions) -> Result<Invitation, E2eError> {
        let body = serde_json::to_string(options)
            .map_err(|e| E2eError::Http(format!("options to JSON: {e}")))?;
        self.expect(reqwest::Method::POST, "/v1/invitations", Some(token), Some(body), &[201]).await
    }

    /// Accepts the invitation of `code` as the account of `token`.
    pub async fn accept(&self, token: &str, code: &str) -> Result<Joined, E2eError> {
        let path = format!("/v1/invitations/{code}/accept");
        self.expect(reqwest::Method::POST, &path, Some(token), None, &[200, 201]).await
    }

    /// A game's summary.
    pub async fn summary(&self, token: &str, game: &GameId) -> Result<GameSummary, E2eError> {
        let path = format!("/v1/games/{game}");
        self.expect(reqwest::Method::GET, &path, Some(token), None, &[200]).await
    }

    /// A game between the inviter (`inviter` token, sending from this client) and the
    /// acceptor (`acceptor` token, accepting through `accept_from`): who got which side.
    pub async fn game(
        &self,
        accept_from: &Rest,
        inviter: &str,
        acceptor: &str,
        options: &GameOptions,
    ) -> Result<NewGameSeats, E2eError> {
        let invitation = self.invite(inviter, options).await?;
        let joined = accept_from.accept(acceptor, &invitation.code.to_string()).await?;
        let (white, black) = match joined.side {
            SideName::White => (acceptor, inviter),
            SideName::Black => (inviter, acceptor),
        };
        Ok(NewGameSeats { game: joined.game, white: white.to_owned(), black: black.to_owned() })
    }
}

/// The options of a game of `game` (`xiangqi`, `jieqi`, `jesonmor`, `friendly`), the
/// inviter's side drawn, with a clock of `clock_ms` (no increment) or none.
pub fn options(game: &str, clock_ms: Option<u64>) -> GameOptions {
    GameOptions {
        game: game.to_owned(),
        rule_set: None,
        handicap: None,
        colour: ColourChoice::Random,
        clock: clock_ms.map(|initial_ms| ClockSettings { initial_ms, increment_ms: 0 }),
    }
}
