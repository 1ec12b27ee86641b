//! What every REST route shares: the typed error answer ([`Problem`]), the caller read from
//! the bearer token ([`Caller`]), a JSON body read within the size limit ([`JsonBody`]), the
//! protocol header check and the client's address.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::TryRngCore;
use rand::rngs::OsRng;
use rodina_protocol::{AccountId, ApiError, ApiErrorCode, PROTOCOL_VERSION};
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use crate::AppState;
use crate::store::StoreError;

/// A REST call's failure: the code, a message for logs, and for a rate limit the wait. Turns
/// into the [`ApiError`] body with the code's status (and `Retry-After`).
#[derive(Debug)]
pub struct Problem {
    code: ApiErrorCode,
    message: String,
    retry_after_s: Option<u64>,
    index: Option<u32>,
}

impl Problem {
    /// A failure with its code and message.
    pub fn new(code: ApiErrorCode, message: impl Into<String>) -> Problem {
        Problem { code, message: message.into(), retry_after_s: None, index: None }
    }

    /// Too many requests: retry after `wait` (rounded up to whole seconds, at least 1).
    pub fn rate_limited(wait: std::time::Duration) -> Problem {
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        Problem {
            code: ApiErrorCode::RateLimited,
            message: "too many requests".into(),
            retry_after_s: Some(secs.max(1)),
            index: None,
        }
    }

    /// The failure's code.
    #[cfg(test)]
    pub fn code(&self) -> ApiErrorCode {
        self.code
    }

    /// The same failure, about the change at `index` of a sync push.
    pub fn at(mut self, index: usize) -> Problem {
        self.index = u32::try_from(index).ok();
        self
    }
}

impl From<StoreError> for Problem {
    fn from(e: StoreError) -> Problem {
        // The store's text names tables and paths, not secrets; it goes to the log, and the
        // client learns only that the server failed.
        tracing::error!("store: {e}");
        Problem::new(ApiErrorCode::Internal, "the server's storage failed")
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.code.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let retry = self.retry_after_s;
        let body = ApiError {
            code: self.code,
            message: self.message,
            retry_after_s: retry,
            index: self.index,
        };
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(s) = retry
            && let Ok(v) = HeaderValue::from_str(&s.to_string())
        {
            response.headers_mut().insert(header::RETRY_AFTER, v);
        }
        response
    }
}

/// `n` bytes from the operating system's secure generator.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], Problem> {
    let mut bytes = [0; N];
    OsRng.try_fill_bytes(&mut bytes).map_err(|e| {
        tracing::error!("the system's random generator failed: {e}");
        Problem::new(ApiErrorCode::Internal, "no randomness")
    })?;
    Ok(bytes)
}

/// A new session token: 256 random bits in URL-safe base 64 without padding (43 characters).
pub fn new_token() -> Result<String, Problem> {
    Ok(URL_SAFE_NO_PAD.encode(random_bytes::<32>()?))
}

/// What the store keeps of a token: its SHA-256 in lower-case hex.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether a text has the form of a token (so that junk never reaches the store).
fn is_token(text: &str) -> bool {
    text.len() == 43 && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The bearer token of a request's headers, if it has the form of one.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ")?.trim();
    is_token(token).then_some(token)
}

/// The account a request's bearer token signs in: every route but account creation, sign-in
/// and health takes one.
#[derive(Clone, Debug)]
pub struct Caller {
    /// The account.
    pub account: AccountId,
    /// Its token's hash (to revoke this session).
    pub token_hash: String,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Problem> {
        let unauthorized = || Problem::new(ApiErrorCode::Unauthorized, "no valid session token");
        let token = bearer(&parts.headers).ok_or_else(unauthorized)?;
        let hash = token_hash(token);
        let key = hash.clone();
        let account = state.db.run(move |s| s.session_account(&key)).await?;
        let account = account.ok_or_else(unauthorized)?;
        Ok(Caller { account, token_hash: hash })
    }
}

/// The address a request came from: the key of the per-address rate limits.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Problem> {
        parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(a)| ClientAddr(a.ip()))
            .ok_or_else(|| Problem::new(ApiErrorCode::Internal, "no client address"))
    }
}

/// A JSON body of type `T`, at most [`rodina_protocol::MAX_BODY_BYTES`] long; an empty body
/// reads as `T`'s default where the route allows one ([`JsonBody::or_default`]).
pub struct JsonBody<T>(pub Option<T>);

impl<T> JsonBody<T> {
    /// The body, required.
    pub fn required(self) -> Result<T, Problem> {
        self.0.ok_or_else(|| Problem::new(ApiErrorCode::BadRequest, "a JSON body is required"))
    }
}

impl<T: Default> JsonBody<T> {
    /// The body, or the default for an empty one.
    pub fn or_default(self) -> T {
        self.0.unwrap_or_default()
    }
}

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = Problem;

    async fn from_request(req: Request, state: &S) -> Result<Self, Problem> {
        // The body limit layer makes a longer body fail here, before any parsing.
        let bytes = axum::body::Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                Problem::new(ApiErrorCode::TooLarge, "the body is too large")
            } else {
                Problem::new(ApiErrorCode::BadRequest, "the body could not be read")
            }
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(JsonBody(None));
        }
        serde_json::from_slice(&bytes).map(|v| JsonBody(Some(v))).map_err(|e| {
            let mut message = format!("the body is not the expected JSON: {e}");
            message.truncate(300);
            Problem::new(ApiErrorCode::BadRequest, message)
        })
    }
}

/// Refuses a request whose `Rodina-Protocol` header names another protocol version (426);
/// a request without the header is taken as speaking this one.
pub async fn check_protocol(request: Request, next: Next) -> Response {
    if let Some(v) = request.headers().get("rodina-protocol") {
        let ours = v.to_str().ok().and_then(|s| s.trim().parse::<u32>().ok());
        if ours != Some(PROTOCOL_VERSION) {
            return Problem::new(
                ApiErrorCode::Protocol,
                format!("this server speaks protocol {PROTOCOL_VERSION}"),
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// The answer to a path no route serves.
pub async fn not_found() -> Problem {
    Problem::new(ApiErrorCode::NotFound, "no such route")
}

/// Reads a path parameter into a protocol name, or a 404 naming what was not found.
pub fn path_name<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, Problem> {
    text.parse().map_err(|_| Problem::new(ApiErrorCode::NotFound, format!("no such {what}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_have_256_bits_and_only_their_hash_is_kept() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert!(is_token(&a), "{a}");
        assert_eq!(URL_SAFE_NO_PAD.decode(&a).unwrap().len(), 32);
        let h = token_hash(&a);
        assert_eq!(h.len(), 64);
        assert_ne!(h, token_hash(&b));
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, format!("Bearer {a}").parse().unwrap());
        assert_eq!(bearer(&headers), Some(a.as_str()));
        headers.insert(header::AUTHORIZATION, "Bearer short".parse().unwrap());
        assert_eq!(bearer(&headers), None);
        headers.insert(header::AUTHORIZATION, format!("Basic {a}").parse().unwrap());
        assert_eq!(bearer(&headers), None);
    }

    #[test]
    fn a_rate_limit_answers_with_its_wait_rounded_up() {
        let p = Problem::rate_limited(std::time::Duration::from_millis(1500));
        assert_eq!((p.code, p.retry_after_s), (ApiErrorCode::RateLimited, Some(2)));
        let response = p.into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "2");
    }
}
