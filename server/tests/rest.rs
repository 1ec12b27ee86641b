//! The REST API over real sockets: accounts and tokens, rate limits, invitations, typed
//! errors.
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap as tests do

mod support;

use std::time::Duration;

use rodina_protocol::{
    ColourChoice, Credentials, GameList, GameSummary, Health, Invitation, Joined, MAX_BODY_BYTES,
    Me, SideName, Status,
};
use rodina_server::Rate;
use support::{TestServer, account, http, options};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_typed_errors() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let h = http(a, "GET", "/health", None, None).await;
    assert_eq!(h.status, 200);
    assert_eq!(h.json::<Health>().protocol, rodina_protocol::PROTOCOL_VERSION);

    let nothing = http(a, "GET", "/v1/nothing", None, None).await;
    assert_eq!((nothing.status, nothing.code()), (404, "not_found".into()));
    let no_token = http(a, "GET", "/v1/me", None, None).await;
    assert_eq!((no_token.status, no_token.code()), (401, "unauthorized".into()));
    let junk = "x".repeat(43);
    let bad_token = http(a, "GET", "/v1/me", Some(&junk), None).await;
    assert_eq!((bad_token.status, bad_token.code()), (401, "unauthorized".into()));

    let malformed = http(a, "POST", "/v1/accounts", None, Some("{\"device\":")).await;
    assert_eq!((malformed.status, malformed.code()), (400, "bad_request".into()));
    let unknown_field = http(a, "POST", "/v1/accounts", None, Some(r#"{"devise":"x"}"#)).await;
    assert_eq!(unknown_field.status, 400);
    let big = format!(r#"{{"device":"{}"}}"#, "x".repeat(MAX_BODY_BYTES));
    let too_large = http(a, "POST", "/v1/accounts", None, Some(&big)).await;
    assert_eq!((too_large.status, too_large.code()), (413, "too_large".into()));

    // An empty body creates an account with no device name.
    let c = http(a, "POST", "/v1/accounts", None, None).await;
    assert_eq!(c.status, 201, "{}", c.body);
    let creds: Credentials = c.json();
    assert_eq!(creds.token.len(), 43);
    let bad_game = http(a, "GET", "/v1/games/nonsense", Some(&creds.token), None).await;
    assert_eq!((bad_game.status, bad_game.code()), (404, "not_found".into()));

    // Another protocol version is refused with 426.
    let old = {
        let mut stream = tokio::net::TcpStream::connect(a).await.unwrap();
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let req =
            "GET /health HTTP/1.1\r\nHost: x\r\nRodina-Protocol: 99\r\nConnection: close\r\n\r\n";
        stream.write_all(req.as_bytes()).await.unwrap();
        let mut out = String::new();
        stream.read_to_string(&mut out).await.unwrap();
        out
    };
    assert!(old.starts_with("HTTP/1.1 426"), "{old}");
    assert!(old.contains(r#""code":"protocol""#), "{old}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_passwords_sessions_and_revocation() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let ann = account(a).await;
    let me: Me = http(a, "GET", "/v1/me", Some(&ann.token), None).await.json();
    assert_eq!((me.account.clone(), me.name), (ann.account.clone(), None));

    let short = http(
        a,
        "PUT",
        "/v1/me/name",
        Some(&ann.token),
        Some(r#"{"name":"ann","password":"short"}"#),
    )
    .await;
    assert_eq!(short.status, 400);
    let bad_name = http(
        a,
        "PUT",
        "/v1/me/name",
        Some(&ann.token),
        Some(r#"{"name":"1ann","password":"long enough"}"#),
    )
    .await;
    assert_eq!(bad_name.status, 400);
    let named = http(
        a,
        "PUT",
        "/v1/me/name",
        Some(&ann.token),
        Some(r#"{"name":"Ann","password":"long enough"}"#),
    )
    .await;
    assert_eq!(named.status, 200, "{}", named.body);
    assert_eq!(named.json::<Me>().name.map(|n| n.to_string()), Some("Ann".into()));

    // The name is taken without regard to case.
    let bob = account(a).await;
    let taken = http(
        a,
        "PUT",
        "/v1/me/name",
        Some(&bob.token),
        Some(r#"{"name":"ANN","password":"long enough"}"#),
    )
    .await;
    assert_eq!((taken.status, taken.code()), (409, "name_taken".into()));

    // Changing the password needs the current one.
    let no_current = http(
        a,
        "PUT",
        "/v1/me/name",
        Some(&ann.token),
        Some(r#"{"name":"Ann","password":"new password"}"#),
    )
    .await;
    assert_eq!((no_current.status, no_current.code()), (401, "wrong_password".into()));
    let changed = http(
        a,
        "PUT",
        "/v1/me/name",
        Some(&ann.token),
        Some(r#"{"name":"Ann","password":"new password","current_password":"long enough"}"#),
    )
    .await;
    assert_eq!(changed.status, 200, "{}", changed.body);

    // Sign in on another device: a new token for the same account.
    let wrong =
        http(a, "POST", "/v1/sessions", None, Some(r#"{"name":"ann","password":"long enough"}"#))
            .await;
    assert_eq!((wrong.status, wrong.code()), (401, "wrong_password".into()));
    let nobody = http(
        a,
        "POST",
        "/v1/sessions",
        None,
        Some(r#"{"name":"nobody","password":"long enough"}"#),
    )
    .await;
    assert_eq!((nobody.status, nobody.code()), (401, "wrong_password".into()));
    let second = http(
        a,
        "POST",
        "/v1/sessions",
        None,
        Some(r#"{"name":"ann","password":"new password","device":"tablet"}"#),
    )
    .await;
    assert_eq!(second.status, 201, "{}", second.body);
    let second: Credentials = second.json();
    assert_eq!(second.account, ann.account);
    assert_ne!(second.token, ann.token);
    let third: Credentials =
        http(a, "POST", "/v1/sessions", None, Some(r#"{"name":"Ann","password":"new password"}"#))
            .await
            .json();

    // Revoking the current token leaves the others.
    assert_eq!(
        http(a, "DELETE", "/v1/sessions/current", Some(&second.token), None).await.status,
        204
    );
    assert_eq!(http(a, "GET", "/v1/me", Some(&second.token), None).await.status, 401);
    assert_eq!(http(a, "GET", "/v1/me", Some(&ann.token), None).await.status, 200);
    // Revoking all ends every session of the account, and no other account's.
    assert_eq!(http(a, "DELETE", "/v1/sessions", Some(&ann.token), None).await.status, 204);
    assert_eq!(http(a, "GET", "/v1/me", Some(&ann.token), None).await.status, 401);
    assert_eq!(http(a, "GET", "/v1/me", Some(&third.token), None).await.status, 401);
    assert_eq!(http(a, "GET", "/v1/me", Some(&bob.token), None).await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn account_creation_and_sign_in_are_rate_limited() {
    let s = TestServer::start(|s| {
        s.limits.account_creation = Rate { burst: 3, every: Duration::from_secs(3600) };
        s.limits.sign_in_per_name = Rate { burst: 2, every: Duration::from_secs(3600) };
    })
    .await;
    let a = s.addr();
    for _ in 0..3 {
        account(a).await;
    }
    let limited = http(a, "POST", "/v1/accounts", None, None).await;
    assert_eq!((limited.status, limited.code()), (429, "rate_limited".into()));
    let retry: u64 = limited.header("retry-after").unwrap().parse().unwrap();
    assert!((3000..=3600).contains(&retry), "{retry}");
    assert_eq!(limited.json::<serde_json::Value>()["retry_after_s"], retry);

    for _ in 0..2 {
        let r = http(
            a,
            "POST",
            "/v1/sessions",
            None,
            Some(r#"{"name":"eve","password":"guess guess"}"#),
        )
        .await;
        assert_eq!(r.status, 401);
    }
    // The name's limit holds whatever the case, and other names go on.
    let r =
        http(a, "POST", "/v1/sessions", None, Some(r#"{"name":"EVE","password":"guess guess"}"#))
            .await;
    assert_eq!((r.status, r.code()), (429, "rate_limited".into()));
    assert!(r.header("retry-after").is_some());
    let r =
        http(a, "POST", "/v1/sessions", None, Some(r#"{"name":"adam","password":"guess guess"}"#))
            .await;
    assert_eq!(r.status, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitations_are_shown_accepted_once_and_expire() {
    let s = TestServer::start(|s| s.invitation_lifetime = Duration::from_millis(1500)).await;
    let a = s.addr();
    let (ann, bob, eve) = (account(a).await, account(a).await, account(a).await);
    let body = r#"{"game":"jieqi","rule_set":"tencent","colour":"black","clock":{"initial_ms":60000,"increment_ms":1000}}"#;
    let made = http(a, "POST", "/v1/invitations", Some(&ann.token), Some(body)).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let inv: Invitation = made.json();
    assert_eq!(inv.link, format!("rodina://join/{}", inv.code));
    assert_eq!(inv.inviter.account, ann.account);
    assert_eq!(inv.game, None);

    // Read case-blind, as a person types it.
    let lower = inv.code.as_str().to_lowercase();
    let shown = http(a, "GET", &format!("/v1/invitations/{lower}"), Some(&bob.token), None).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert_eq!(shown.json::<Invitation>(), inv);

    let accept = format!("/v1/invitations/{}/accept", inv.code);
    let own = http(a, "POST", &accept, Some(&ann.token), None).await;
    assert_eq!((own.status, own.code()), (409, "invitation_taken".into()));
    let joined = http(a, "POST", &accept, Some(&bob.token), None).await;
    assert_eq!(joined.status, 201, "{}", joined.body);
    let joined: Joined = joined.json();
    // The inviter chose black: the friend plays white.
    assert_eq!(joined.side, SideName::White);
    // Accepting again gives the same game; a third player cannot.
    let again = http(a, "POST", &accept, Some(&bob.token), None).await;
    assert_eq!((again.status, again.json::<Joined>()), (200, joined.clone()));
    let late = http(a, "POST", &accept, Some(&eve.token), None).await;
    assert_eq!((late.status, late.code()), (409, "invitation_taken".into()));

    // The inviter learns the game from the invitation.
    let seen: Invitation =
        http(a, "GET", &format!("/v1/invitations/{}", inv.code), Some(&ann.token), None)
            .await
            .json();
    assert_eq!(seen.game, Some(joined.game.clone()));
    let summary: GameSummary =
        http(a, "GET", &format!("/v1/games/{}", joined.game), Some(&ann.token), None).await.json();
    assert_eq!(summary.white.account, bob.account);
    assert_eq!(summary.black.account, ann.account);
    assert_eq!((summary.status, summary.plies, &summary.outcome), (Status::Started, 0, &None));
    assert_eq!(summary.options.rule_set.as_deref(), Some("tencent"));
    assert!(!summary.options.game.is_empty());
    // Nothing of a summary carries the deal.
    let raw = http(a, "GET", &format!("/v1/games/{}", joined.game), Some(&eve.token), None).await;
    assert!(!raw.body.contains("salt") && !raw.body.contains("truth"), "{}", raw.body);
    let list: GameList = http(a, "GET", "/v1/games", Some(&ann.token), None).await.json();
    assert_eq!(list.games, vec![summary]);
    let none: GameList = http(a, "GET", "/v1/games", Some(&eve.token), None).await.json();
    assert!(none.games.is_empty());

    // Bad options, an unknown code.
    let bad =
        http(a, "POST", "/v1/invitations", Some(&ann.token), Some(r#"{"game":"chess"}"#)).await;
    assert_eq!((bad.status, bad.code()), (400, "bad_request".into()));
    let clock = r#"{"game":"xiangqi","clock":{"initial_ms":1000,"increment_ms":0}}"#;
    assert_eq!(http(a, "POST", "/v1/invitations", Some(&ann.token), Some(clock)).await.status, 400);
    let unknown = http(a, "GET", "/v1/invitations/22222222", Some(&ann.token), None).await;
    assert_eq!((unknown.status, unknown.code()), (404, "not_found".into()));

    // An invitation nobody accepted expires.
    let stale: Invitation =
        http(a, "POST", "/v1/invitations", Some(&ann.token), Some(&options("xiangqi")))
            .await
            .json();
    assert_eq!(stale.options.colour, ColourChoice::Random);
    tokio::time::sleep(Duration::from_millis(1700)).await;
    let path = format!("/v1/invitations/{}", stale.code);
    let gone = http(a, "GET", &path, Some(&bob.token), None).await;
    assert_eq!((gone.status, gone.code()), (410, "expired".into()));
    let gone = http(a, "POST", &format!("{path}/accept"), Some(&bob.token), None).await;
    assert_eq!((gone.status, gone.code()), (410, "expired".into()));
}
