//! End-to-end tests of Rodina's online play, across crates: the real `rodina serve` process
//! (the `rodina` binary of the `cli` package, built beforehand with `cargo build -p rodina`)
//! on a loopback port the system picks and a temporary database, driven by the app's own
//! online client (`rodina-app`) and by raw WebSocket and HTTP clients for what a well-behaved
//! client never sends.
//!
//! This library is the tests' shared support: the server process and its guard
//! ([`server`]), a REST client ([`rest`]), a raw socket that checks its versions
//! ([`socket`]) and a table of them on one game ([`table`]), the app's client with a listener that records what it hears ([`phone`]),
//! move choices from a seat's view ([`play`]) and the checks of what a Jieqi seat may know
//! ([`knowledge`]). Every wait is bounded by [`WAIT`] (or a bound of its own), every loop by
//! a count.

pub mod knowledge;
pub mod phone;
pub mod play;
pub mod rest;
pub mod server;
pub mod socket;
pub mod table;

use std::time::Duration;

/// How long a test waits for any one thing (a frame, an answer, a state) before it fails.
pub const WAIT: Duration = Duration::from_secs(20);

/// What went wrong in the support code; tests turn it into a failure with `expect`.
#[derive(Debug, thiserror::Error)]
pub enum E2eError {
    /// The `rodina` binary is not where the test's profile puts it.
    #[error("no rodina binary at {0}: build it first: cargo build -p rodina")]
    NoBinary(String),
    /// The server process could not be started or stopped.
    #[error("the server process: {0}")]
    Process(String),
    /// The server did not say it was listening.
    #[error("the server did not start: {0}")]
    NotReady(String),
    /// Something did not happen in time.
    #[error("timed out waiting for {0}")]
    Timeout(String),
    /// An HTTP request failed or was answered with an unexpected status.
    #[error("HTTP: {0}")]
    Http(String),
    /// The WebSocket failed.
    #[error("socket: {0}")]
    Socket(String),
    /// The server sent something the protocol does not allow here.
    #[error("protocol: {0}")]
    Protocol(String),
}

/// Waits (polling every 10 ms, for at most `within`) until `f` gives something.
pub async fn until<T>(
    what: &str,
    within: Duration,
    f: impl Fn() -> Option<T>,
) -> Result<T, E2eError> {
    const EVERY: Duration = Duration::from_millis(10);
    let deadline = tokio::time::Instant::now() + within;
    // Bounded in count as well as in time.
    let tries = within.as_millis() / EVERY.as_millis() + 2;
    for _ in 0..tries {
        if let Some(t) = f() {
            return Ok(t);
        }
        if tokio::time::Instant::now() >= deadline {
            break;
        }
        tokio::time::sleep(EVERY).await;
    }
    Err(E2eError::Timeout(what.to_owned()))
}
