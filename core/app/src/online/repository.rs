//! The online feature's repository: the server's REST endpoints over reqwest, each call a
//! typed request and a typed answer (`rodina-protocol`'s), every failure an
//! [`OnlineError`]. Nothing here keeps state beyond the HTTP client and the server's address.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use rodina_protocol::{
    ApiError, ApiErrorCode, ClaimPairing, Credentials, GameId, GameOptions, GameSummary,
    Invitation, InviteCode, Joined, Me, NewAccount, PROTOCOL_VERSION, Pairing, PairingCode, Pulled,
    Push, Pushed, SetName, SignIn, Standings,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::OnlineError;

/// How long a connection to the server may take to open.
const CONNECT_WITHIN: Duration = Duration::from_secs(10);

/// How long a whole REST call may take.
const ANSWER_WITHIN: Duration = Duration::from_secs(20);

/// The largest answer read (the protocol's answers are a few KiB; a larger one is no
/// answer of the protocol, and reading it would only cost memory).
const MAX_ANSWER_BYTES: usize = 256 * 1024;

/// The server's REST endpoints.
#[derive(Clone, Debug)]
pub(crate) struct Repository {
    http: reqwest::Client,
    /// The server's base address, without a trailing slash (`https://play.example`).
    base: String,
}

/// A server's base address, checked: `http://` or `https://`, a host, no query; a trailing
/// slash dropped.
pub(crate) fn server_address(text: &str) -> Result<String, OnlineError> {
    let t = text.trim().trim_end_matches('/');
    let bad = |why: &str| OnlineError::InvalidInput(format!("the server's address {t:?} {why}"));
    let rest = t
        .strip_prefix("https://")
        .or_else(|| t.strip_prefix("http://"))
        .ok_or_else(|| bad("does not start with http:// or https://"))?;
    if rest.is_empty() || rest.contains(['?', '#', ' ']) {
        return Err(bad("is not a server's address"));
    }
    Ok(t.to_owned())
}

impl Repository {
    /// The endpoints of the server at `base` (see [`server_address`]).
    pub(crate) fn new(base: &str) -> Result<Repository, OnlineError> {
        let base = server_address(base)?;
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_WITHIN)
            .timeout(ANSWER_WITHIN)
            .user_agent(concat!("rodina/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| OnlineError::Internal(format!("no HTTP client: {e}")))?;
        Ok(Repository { http, base })
    }

    /// The server's base address.
    pub(crate) fn base(&self) -> &str {
        &self.base
    }

    /// The address of a game's live socket (`ws://` for `http://`, `wss://` for `https://`).
    pub(crate) fn live_url(&self, game: &GameId) -> String {
        let socket_base = match self.base.strip_prefix("https://") {
            Some(rest) => format!("wss://{rest}"),
            None => format!("ws://{}", self.base.trim_start_matches("http://")),
        };
        format!("{socket_base}/v1/games/{game}/live")
    }

    /// One call: `method` on `path`, with the bearer `token` and a JSON `body` if given; the
    /// answer read as `T` (`None` for a `204`).
    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&(impl Serialize + ?Sized)>,
    ) -> Result<Option<T>, OnlineError> {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("Rodina-Protocol", PROTOCOL_VERSION.to_string());
        if let Some(t) = token {
            request = request.bearer_auth(t);
        }
        if let Some(b) = body {
            request = request.json(b);
        }
        let mut response = request.send().await.map_err(network)?;
        let status = response.status();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(network)? {
            if bytes.len() + chunk.len() > MAX_ANSWER_BYTES {
                return Err(OnlineError::BadAnswer("the answer is too large".into()));
            }
            bytes.extend_from_slice(&chunk);
        }
        if status.is_success() {
            if status == StatusCode::NO_CONTENT || bytes.is_empty() {
                return Ok(None);
            }
            return serde_json::from_slice(&bytes).map(Some).map_err(|e| {
                OnlineError::BadAnswer(format!("{status}: {}", short(&e.to_string())))
            });
        }
        match serde_json::from_slice::<ApiError>(&bytes) {
            Ok(e) if e.code == ApiErrorCode::Unauthorized => Err(OnlineError::SignedOut),
            Ok(e) => Err(OnlineError::Refused {
                code: e.code,
                message: short(&e.message),
                // The header says it too (a proxy may send only the header).
                retry_after_s: e.retry_after_s.or(retry_after),
                index: e.index,
            }),
            // A proxy's page or another server: what its status says, if anything.
            Err(_) => Err(match status.as_u16() {
                401 => OnlineError::SignedOut,
                429 => OnlineError::Refused {
                    code: ApiErrorCode::RateLimited,
                    message: format!("{status}"),
                    retry_after_s: retry_after,
                    index: None,
                },
                500..=599 => OnlineError::Refused {
                    code: ApiErrorCode::Internal,
                    message: format!("{status}"),
                    retry_after_s: retry_after,
                    index: None,
                },
                _ => OnlineError::BadAnswer(format!("{status} without the protocol's error")),
            }),
        }
    }

    /// A call whose answer has a body.
    async fn answer<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&(impl Serialize + ?Sized)>,
    ) -> Result<T, OnlineError> {
        self.call(method, path, token, body)
            .await?
            .ok_or_else(|| OnlineError::BadAnswer(format!("{path}: an empty answer")))
    }

    /// `POST /v1/accounts`: a new anonymous account.
    pub(crate) async fn create_account(&self, device: &str) -> Result<Credentials, OnlineError> {
        let device: String = device.chars().take(64).collect();
        self.answer(Method::POST, "/v1/accounts", None, Some(&NewAccount { device })).await
    }

    /// `GET /v1/me`.
    pub(crate) async fn me(&self, token: &str) -> Result<Me, OnlineError> {
        self.answer(Method::GET, "/v1/me", Some(token), None::<&()>).await
    }

    /// `PUT /v1/me/name`: a name and a password for the account.
    pub(crate) async fn set_name(&self, token: &str, body: &SetName) -> Result<Me, OnlineError> {
        self.answer(Method::PUT, "/v1/me/name", Some(token), Some(body)).await
    }

    /// `POST /v1/sessions`: signs in, giving this device a token.
    pub(crate) async fn sign_in(&self, body: &SignIn) -> Result<Credentials, OnlineError> {
        self.answer(Method::POST, "/v1/sessions", None, Some(body)).await
    }

    /// `DELETE /v1/sessions/current`: revokes this device's token.
    pub(crate) async fn sign_out(&self, token: &str) -> Result<(), OnlineError> {
        self.call::<serde_json::Value>(
            Method::DELETE,
            "/v1/sessions/current",
            Some(token),
            None::<&()>,
        )
        .await
        .map(|_| ())
    }

    /// `POST /v1/sync/push`.
    pub(crate) async fn push(&self, token: &str, body: &Push) -> Result<Pushed, OnlineError> {
        self.answer(Method::POST, "/v1/sync/push", Some(token), Some(body)).await
    }

    /// `GET /v1/sync?since=N&limit=L`.
    pub(crate) async fn pull(
        &self,
        token: &str,
        since: u64,
        limit: usize,
    ) -> Result<Pulled, OnlineError> {
        let path = format!("/v1/sync?since={since}&limit={limit}");
        self.answer(Method::GET, &path, Some(token), None::<&()>).await
    }

    /// `GET /v1/sync/progress`.
    pub(crate) async fn standings(&self, token: &str) -> Result<Standings, OnlineError> {
        self.answer(Method::GET, "/v1/sync/progress", Some(token), None::<&()>).await
    }

    /// `POST /v1/pairings`.
    pub(crate) async fn create_pairing(&self, token: &str) -> Result<Pairing, OnlineError> {
        self.answer(Method::POST, "/v1/pairings", Some(token), None::<&()>).await
    }

    /// `POST /v1/pairings/CODE`.
    pub(crate) async fn claim_pairing(
        &self,
        code: &PairingCode,
        body: &ClaimPairing,
    ) -> Result<Credentials, OnlineError> {
        let path = format!("/v1/pairings/{code}");
        self.answer(Method::POST, &path, None, Some(body)).await
    }

    /// `POST /v1/invitations`.
    pub(crate) async fn create_invitation(
        &self,
        token: &str,
        options: &GameOptions,
    ) -> Result<Invitation, OnlineError> {
        self.answer(Method::POST, "/v1/invitations", Some(token), Some(options)).await
    }

    /// `GET /v1/invitations/CODE`.
    pub(crate) async fn invitation(
        &self,
        token: &str,
        code: &InviteCode,
    ) -> Result<Invitation, OnlineError> {
        let path = format!("/v1/invitations/{code}");
        self.answer(Method::GET, &path, Some(token), None::<&()>).await
    }

    /// `POST /v1/invitations/CODE/accept`.
    pub(crate) async fn accept(
        &self,
        token: &str,
        code: &InviteCode,
    ) -> Result<Joined, OnlineError> {
        let path = format!("/v1/invitations/{code}/accept");
        self.answer(Method::POST, &path, Some(token), None::<&()>).await
    }

    /// `POST /v1/games/ID/rematch`.
    pub(crate) async fn rematch(
        &self,
        token: &str,
        game: &GameId,
    ) -> Result<Invitation, OnlineError> {
        let path = format!("/v1/games/{game}/rematch");
        self.answer(Method::POST, &path, Some(token), None::<&()>).await
    }

    /// `GET /v1/games/ID`.
    pub(crate) async fn game(
        &self,
        token: &str,
        game: &GameId,
    ) -> Result<GameSummary, OnlineError> {
        let path = format!("/v1/games/{game}");
        self.answer(Method::GET, &path, Some(token), None::<&()>).await
    }
}

/// A transport failure as an [`OnlineError`].
fn network(e: reqwest::Error) -> OnlineError {
    OnlineError::Network(short(&e.to_string()))
}

/// A bounded piece of a text from outside, for a message.
pub(crate) fn short(text: &str) -> String {
    text.chars().take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_addresses_are_checked_and_give_the_socket_address() {
        assert_eq!(server_address("https://play.example/").unwrap(), "https://play.example");
        assert_eq!(server_address(" http://127.0.0.1:8080 ").unwrap(), "http://127.0.0.1:8080");
        for bad in ["", "play.example", "ftp://x", "http://", "https://a?b=1"] {
            assert!(matches!(server_address(bad), Err(OnlineError::InvalidInput(_))), "{bad}");
        }
        let game: GameId = "g8vcqpg0fe017h28fhch6".parse().unwrap();
        let tls = Repository::new("https://play.example").unwrap();
        assert_eq!(tls.live_url(&game), "wss://play.example/v1/games/g8vcqpg0fe017h28fhch6/live");
        let plain = Repository::new("http://127.0.0.1:8080").unwrap();
        assert_eq!(
            plain.live_url(&game),
            "ws://127.0.0.1:8080/v1/games/g8vcqpg0fe017h28fhch6/live"
        );
    }
}
