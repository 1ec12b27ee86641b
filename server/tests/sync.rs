//! Progress sync over real sockets: push and pull between two devices of one account,
//! repeated pushes, merges of each kind, the server's replay, hostile pushes refused whole,
//! the anonymous account merged on sign-in, pairing codes and the rate limit's wait.
#![allow(clippy::unwrap_used)] // helpers outside #[test] functions unwrap as tests do

mod support;

use std::net::SocketAddr;
use std::time::Duration;

use rodina_protocol::{
    AttemptChange, Change, CourseScoreChange, Credentials, Pairing, Pulled, Push, Pushed,
    SettingChange, Standings,
};
use rodina_puzzles::{AttemptId, AttemptLog, Bank};
use rodina_rules::Variant;
use rodina_server::Rate;
use support::{Answer, TestServer, account, http};

/// The server's clock, as the pushes' times.
fn now_ms() -> i64 {
    i64::try_from(rodina_server::now_ms()).unwrap()
}

/// Attempt `n` at puzzle `puzzle` of the Xiangqi bank, started `n` seconds after a time a
/// few minutes before the test began (the same attempt every time it is asked for).
fn attempt(n: u8, puzzle: usize, solved: bool) -> AttemptChange {
    static BASE: std::sync::OnceLock<i64> = std::sync::OnceLock::new();
    let base = *BASE.get_or_init(|| now_ms() - 600_000);
    let bank = Bank::embedded(Variant::Xiangqi).unwrap();
    let started = base + i64::from(n) * 1000;
    AttemptChange {
        id: AttemptId::new(started, [n; 10]).unwrap().to_string(),
        device: "dev1".into(),
        game: "xiangqi".into(),
        puzzle: bank.puzzles()[puzzle].id.to_string(),
        started_ms: started,
        ended_ms: started + 500,
        solved,
        rated: true,
    }
}

fn setting(key: &str, value: &str, wall_ms: i64, device: &str) -> Change {
    Change::Setting(SettingChange {
        key: key.into(),
        value: value.into(),
        stamp: format!("{wall_ms}-0-{device}").parse().unwrap(),
    })
}

fn score(exercise: &str, points: u32, best: u32) -> Change {
    Change::CourseScore(CourseScoreChange { exercise: exercise.into(), points, best })
}

async fn push(addr: SocketAddr, token: &str, changes: Vec<Change>) -> Answer {
    let body = serde_json::to_string(&Push { changes }).unwrap();
    http(addr, "POST", "/v1/sync/push", Some(token), Some(&body)).await
}

async fn pushed(addr: SocketAddr, token: &str, changes: Vec<Change>) -> Pushed {
    let a = push(addr, token, changes).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

async fn pull(addr: SocketAddr, token: &str, since: u64, limit: Option<u32>) -> Pulled {
    let path = match limit {
        Some(l) => format!("/v1/sync?since={since}&limit={l}"),
        None => format!("/v1/sync?since={since}"),
    };
    let a = http(addr, "GET", &path, Some(token), None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

/// Everything the account holds, pulled from the start.
async fn everything(addr: SocketAddr, token: &str) -> Vec<Change> {
    let pulled = pull(addr, token, 0, None).await;
    assert!(!pulled.more);
    pulled.changes.into_iter().map(|s| s.change).collect()
}

/// A second device of `first`'s account, signed in by a pairing code.
async fn paired(addr: SocketAddr, first: &Credentials) -> Credentials {
    let p = http(addr, "POST", "/v1/pairings", Some(&first.token), None).await;
    assert_eq!(p.status, 201, "{}", p.body);
    let pairing: Pairing = p.json();
    let path = format!("/v1/pairings/{}", pairing.code);
    let c = http(addr, "POST", &path, None, Some(r#"{"device":"tablet"}"#)).await;
    assert_eq!(c.status, 201, "{}", c.body);
    c.json()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_devices_push_and_pull_and_a_repeated_push_changes_nothing() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let phone = account(a).await;
    let tablet = paired(a, &phone).await;
    assert_eq!(tablet.account, phone.account);
    assert_ne!(tablet.token, phone.token);

    let first = vec![
        Change::Attempt(attempt(1, 0, true)),
        Change::Attempt(attempt(2, 1, false)),
        score("jesonmor/leap", 350, 550),
        setting("language", "sk", now_ms(), "dev1"),
    ];
    assert_eq!(pushed(a, &phone.token, first.clone()).await, Pushed { applied: 4, unchanged: 0 });
    // The same push again (a lost answer, a retry): nothing changes, no number is taken.
    assert_eq!(pushed(a, &phone.token, first.clone()).await, Pushed { applied: 0, unchanged: 4 });
    let pulled = pull(a, &tablet.token, 0, None).await;
    assert_eq!(pulled.cursor, 4);
    assert_eq!(pulled.changes.iter().map(|c| c.seq).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert_eq!(pulled.changes.iter().map(|c| c.change.clone()).collect::<Vec<_>>(), first);

    // The tablet improves the score and writes the language later; an older write loses.
    let second = vec![
        score("jesonmor/leap", 550, 550),
        setting("language", "en", now_ms() + 1, "dev2"),
        Change::Attempt(attempt(3, 2, true)),
    ];
    assert_eq!(pushed(a, &tablet.token, second).await.applied, 3);
    let stale = vec![score("jesonmor/leap", 150, 550), setting("language", "sk", 1, "dev1")];
    assert_eq!(pushed(a, &phone.token, stale).await, Pushed { applied: 0, unchanged: 2 });
    let since = pull(a, &phone.token, 4, None).await;
    assert_eq!(since.cursor, 7);
    let keys: Vec<String> = since.changes.iter().map(|c| c.change.key()).collect();
    assert_eq!(keys.len(), 3);
    assert!(since.changes.iter().any(|c| c.change == score("jesonmor/leap", 550, 550)));
    // Paging: one at a time, `more` until the last.
    let (mut cursor, mut pages) = (0, 0);
    loop {
        let page = pull(a, &phone.token, cursor, Some(1)).await;
        pages += 1;
        cursor = page.cursor;
        if !page.more {
            break;
        }
    }
    assert_eq!((cursor, pages), (7, 5));
    // The item that changed twice comes once, as it stands now.
    assert_eq!(everything(a, &phone.token).await.len(), 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_replays_the_log_as_a_device_does() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let phone = account(a).await;
    let attempts: Vec<AttemptChange> =
        (0..40u8).map(|n| attempt(n, usize::from(n % 25), n % 3 != 0)).collect();
    pushed(a, &phone.token, attempts.iter().cloned().map(Change::Attempt).collect()).await;
    let answer = http(a, "GET", "/v1/sync/progress", Some(&phone.token), None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let standings: Standings = answer.json();
    let mut log = AttemptLog::new();
    for a in &attempts {
        let line = format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            a.id,
            a.device,
            a.game,
            a.puzzle,
            a.started_ms,
            a.ended_ms,
            if a.solved { "solved" } else { "failed" },
            if a.rated { "rated" } else { "casual" }
        );
        log.insert(rodina_puzzles::Attempt::from_text(&line).unwrap()).unwrap();
    }
    let bank = Bank::embedded(Variant::Xiangqi).unwrap();
    let progress = log.replay(&[&bank]);
    let mine = progress.game(Variant::Xiangqi).unwrap();
    let theirs = &standings.games[0];
    assert_eq!(standings.games.len(), 1);
    assert_eq!(theirs.game, "xiangqi");
    // To the last bit: the same code on the same log.
    assert_eq!(theirs.rating.to_bits(), mine.rating.rating.to_bits());
    assert_eq!(theirs.deviation.to_bits(), mine.rating.deviation.to_bits());
    assert_eq!(theirs.volatility.to_bits(), mine.rating.volatility.to_bits());
    assert_eq!(
        (theirs.attempts, theirs.rated, theirs.solved, theirs.streak, theirs.best_streak),
        (40, 25, mine.solved.len() as u64, mine.streak as u64, mine.best_streak as u64)
    );
    assert_eq!(standings.seq, 40);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_push_is_refused_whole_and_changes_nothing() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    let phone = account(a).await;
    let other = account(a).await;
    let held = attempt(1, 0, true);
    pushed(a, &phone.token, vec![Change::Attempt(held.clone())]).await;
    let theirs = attempt(9, 3, true);
    pushed(a, &other.token, vec![Change::Attempt(theirs.clone())]).await;
    let before = everything(a, &phone.token).await;

    let good = Change::Attempt(attempt(2, 1, true));
    let day = 24 * 3600 * 1000;
    let mut unknown_puzzle = attempt(3, 0, true);
    unknown_puzzle.puzzle = "zzz999".into();
    let mut unknown_game = attempt(3, 0, true);
    unknown_game.game = "chess".into();
    let mut future = attempt(3, 0, true);
    future.ended_ms = now_ms() + 2 * day;
    let mut contradicting = held.clone();
    contradicting.solved = false;
    let mut backwards = attempt(3, 0, true);
    backwards.ended_ms = backwards.started_ms - 1;
    let cases: Vec<(&str, Vec<Change>, u16, &str)> = vec![
        (
            "unknown puzzle",
            vec![good.clone(), Change::Attempt(unknown_puzzle)],
            422,
            "unknown_item",
        ),
        ("unknown game", vec![good.clone(), Change::Attempt(unknown_game)], 422, "unknown_item"),
        (
            "unknown exercise",
            vec![good.clone(), score("jesonmor/fly", 550, 550)],
            422,
            "unknown_item",
        ),
        (
            "unknown setting",
            vec![good.clone(), setting("theme", "dark", now_ms(), "d")],
            422,
            "unknown_item",
        ),
        ("no score", vec![good.clone(), score("jesonmor/leap", 9_999, 550)], 400, "bad_request"),
        ("backwards", vec![good.clone(), Change::Attempt(backwards)], 400, "bad_request"),
        ("future attempt", vec![good.clone(), Change::Attempt(future)], 422, "from_the_future"),
        (
            "future stamp",
            vec![good.clone(), setting("language", "sk", now_ms() + 2 * day, "d")],
            422,
            "from_the_future",
        ),
        ("twice in a push", vec![good.clone(), good.clone()], 409, "duplicate"),
        ("other contents", vec![good.clone(), Change::Attempt(contradicting)], 409, "duplicate"),
        ("another account's", vec![good.clone(), Change::Attempt(theirs)], 403, "foreign"),
    ];
    for (what, changes, status, code) in cases {
        let answer = push(a, &phone.token, changes).await;
        assert_eq!(
            (answer.status, answer.code()),
            (status, code.to_owned()),
            "{what}: {}",
            answer.body
        );
        let index = answer.json::<serde_json::Value>()["index"].as_u64();
        assert_eq!(index, Some(1), "{what}: the refused change is named");
        assert_eq!(everything(a, &phone.token).await, before, "{what} changed something");
    }
    // Too many changes, too many bytes, not JSON, not a push: refused before any look.
    let many: Vec<Change> = (0..=250u16)
        .flat_map(|n| {
            let n = u8::try_from(n % 250).unwrap();
            [Change::Attempt(attempt(n, 0, true)), score("jesonmor/leap", 550, 550)]
        })
        .collect();
    assert_eq!(push(a, &phone.token, many).await.status, 413);
    let huge = format!(r#"{{"changes":[{}]}}"#, "{},".repeat(200_000));
    assert_eq!(http(a, "POST", "/v1/sync/push", Some(&phone.token), Some(&huge)).await.status, 413);
    for junk in ["{", r#"{"changes":[{"kind":"ranking"}]}"#, r#"{"changes":[],"extra":1}"#, ""] {
        let answer = http(a, "POST", "/v1/sync/push", Some(&phone.token), Some(junk)).await;
        assert_eq!(answer.status, 400, "{junk}: {}", answer.body);
    }
    assert_eq!(http(a, "GET", "/v1/sync?since=x", Some(&phone.token), None).await.status, 400);
    assert_eq!(http(a, "GET", "/v1/sync", None, None).await.status, 401);
    assert_eq!(everything(a, &phone.token).await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_in_merges_the_anonymous_progress_into_the_account() {
    let s = TestServer::start(|_| {}).await;
    let a = s.addr();
    // The player's account, named on the first device.
    let home = account(a).await;
    let body = r#"{"name":"ann","password":"correct horse"}"#;
    assert_eq!(http(a, "PUT", "/v1/me/name", Some(&home.token), Some(body)).await.status, 200);
    pushed(
        a,
        &home.token,
        vec![score("jesonmor/leap", 350, 550), Change::Attempt(attempt(1, 0, true))],
    )
    .await;
    // A second device played anonymously before signing in.
    let anon = account(a).await;
    pushed(
        a,
        &anon.token,
        vec![score("jesonmor/leap", 550, 550), Change::Attempt(attempt(2, 1, false))],
    )
    .await;
    let sign_in = format!(
        r#"{{"name":"ann","password":"correct horse","device":"tablet","merge_token":"{}"}}"#,
        anon.token
    );
    let signed = http(a, "POST", "/v1/sessions", None, Some(&sign_in)).await;
    assert_eq!(signed.status, 201, "{}", signed.body);
    let tablet: Credentials = signed.json();
    assert_eq!(tablet.account, home.account);
    let merged = everything(a, &tablet.token).await;
    assert_eq!(merged.len(), 3, "{merged:?}");
    assert!(merged.contains(&score("jesonmor/leap", 550, 550)));
    assert!(merged.contains(&Change::Attempt(attempt(2, 1, false))));
    // The anonymous session is over, and its account holds nothing now.
    assert_eq!(http(a, "GET", "/v1/sync", Some(&anon.token), None).await.status, 401);
    // The moved attempt is the account's: its devices may push it again.
    let again = pushed(a, &home.token, vec![Change::Attempt(attempt(2, 1, false))]).await;
    assert_eq!(again, Pushed { applied: 0, unchanged: 1 });
    // A named account's token merges nothing.
    let bob = account(a).await;
    let named = r#"{"name":"bob","password":"battery staple"}"#;
    assert_eq!(http(a, "PUT", "/v1/me/name", Some(&bob.token), Some(named)).await.status, 200);
    pushed(a, &bob.token, vec![Change::Attempt(attempt(5, 4, true))]).await;
    let sign_in =
        format!(r#"{{"name":"ann","password":"correct horse","merge_token":"{}"}}"#, bob.token);
    assert_eq!(http(a, "POST", "/v1/sessions", None, Some(&sign_in)).await.status, 201);
    assert_eq!(everything(a, &bob.token).await.len(), 1);
    assert_eq!(everything(a, &home.token).await.len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pairing_code_is_used_once_and_a_busy_account_is_told_when_to_come_back() {
    let s = TestServer::start(|settings| {
        settings.limits.sync_per_account = Rate { burst: 4, every: Duration::from_secs(30) };
    })
    .await;
    let a = s.addr();
    let phone = account(a).await;
    let anon = account(a).await;
    pushed(a, &anon.token, vec![Change::Attempt(attempt(7, 3, true))]).await;
    let pairing: Pairing = http(a, "POST", "/v1/pairings", Some(&phone.token), None).await.json();
    assert!(pairing.expires_at_ms > rodina_server::now_ms() + 9 * 60 * 1000);
    // Typed as a person would: lower case, a dash in the middle.
    let typed = pairing.code.as_str().to_ascii_lowercase();
    let path = format!("/v1/pairings/{}-{}", &typed[..4], &typed[4..]);
    let claim = format!(r#"{{"device":"tablet","merge_token":"{}"}}"#, anon.token);
    let first = http(a, "POST", &path, None, Some(&claim)).await;
    assert_eq!(first.status, 201, "{}", first.body);
    let tablet: Credentials = first.json();
    assert_eq!(tablet.account, phone.account);
    let again = http(a, "POST", &path, None, Some(r#"{"device":"thief"}"#)).await;
    assert_eq!((again.status, again.code()), (404, "not_found".into()));
    let unknown = http(a, "POST", "/v1/pairings/ZZZZZZZZ", None, None).await;
    assert_eq!(unknown.status, 404);
    // The anonymous progress came along.
    assert_eq!(everything(a, &tablet.token).await.len(), 1);
    // Four sync calls so far on the account (the pairing, the pull and two from the tablet's
    // side counted alike): the next is refused with the wait.
    let mut waited = None;
    for _ in 0..4 {
        let answer = http(a, "GET", "/v1/sync", Some(&phone.token), None).await;
        if answer.status == 429 {
            waited = answer.header("retry-after").map(str::to_owned);
            assert_eq!(answer.code(), "rate_limited");
            break;
        }
    }
    let waited: u64 = waited.expect("a 429").parse().unwrap();
    assert!((1..=30).contains(&waited), "{waited}");
}
