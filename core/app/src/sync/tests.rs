//! Sync on the device (the outbox written with each change, pulled changes merged by each
//! kind's rule) and against a real server (two and three devices, a guest merged on
//! sign-in, a pairing code, the server's replay agreeing to the last bit, the server away,
//! its `Retry-After`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rodina_learn::{ExerciseId, Score};
use rodina_protocol::hlc::Stamp;
use rodina_protocol::{ApiErrorCode, Change, SettingChange, Synced};
use rodina_puzzles::{Attempt, AttemptId, AttemptResult, Bank, Difficulty, NewAttempt};
use rodina_rules::Variant;

use crate::error::OnlineError;
use crate::store::{Settings, Store};
use crate::sync::SyncState;
use crate::test_support::{TestServer, phone};
use crate::text::Language;

/// Attempt `n` of this device at the `puzzle`-th Xiangqi puzzle.
fn attempt(device: &str, n: u8, puzzle: usize, solved: bool, started_ms: i64) -> Attempt {
    let bank = Bank::embedded(Variant::Xiangqi).expect("a bank");
    Attempt::new(NewAttempt {
        id: AttemptId::new(started_ms, [n; 10]).expect("an id"),
        device: device.into(),
        puzzle: bank.puzzles()[puzzle].id.clone(),
        variant: Variant::Xiangqi,
        started_ms,
        ended_ms: started_ms + 1000,
        result: if solved { AttemptResult::Solved } else { AttemptResult::Failed },
        rated: true,
    })
    .expect("an attempt")
}

fn exercise(name: &str) -> ExerciseId {
    ExerciseId { variant: Variant::JesonMor, name: name.into() }
}

fn keys(store: &Store) -> Vec<String> {
    store
        .sync_outbox(1000)
        .expect("outbox")
        .into_iter()
        .map(|o| o.change.expect("readable").key())
        .collect()
}

const T0: i64 = 1_764_748_800_000;

#[test]
fn every_change_waits_in_the_outbox_once() {
    let mut store = Store::open_in_memory().expect("store");
    let a = attempt("d1", 1, 0, true, T0);
    assert!(store.add_puzzle_attempt(&a).expect("added"));
    assert!(!store.add_puzzle_attempt(&a).expect("again"));
    assert!(store.record_course_score(&exercise("leap"), Score::of(1, 0, 0, 3, 1)).expect("s"));
    assert!(!store.record_course_score(&exercise("leap"), Score::of(1, 0, 0, 9, 1)).expect("s"));
    assert!(store.record_course_score(&exercise("leap"), Score::of(1, 0, 0, 1, 1)).expect("s"));
    assert_eq!(keys(&store), [format!("attempt:{}", a.id()), "course:jesonmor/leap".into()]);
    // Only the settings that change are stamped and sent; a later write replaces the row.
    let mut s = Settings { language: Some(Language::Slovak), ..Settings::default() };
    store.set_settings(&s).expect("settings");
    let first = keys(&store);
    assert_eq!(first.len(), 2 + 5, "the first save writes every setting: {first:?}");
    store.sync_acknowledged(i64::MAX).expect("sent");
    s.rotate_board = true;
    store.set_settings(&s).expect("settings");
    store.set_settings(&s).expect("the same again");
    store.set_puzzle_difficulty(Variant::Jieqi, Difficulty::Hardest).expect("difficulty");
    store.set_puzzle_difficulty(Variant::Jieqi, Difficulty::Easiest).expect("difficulty");
    assert_eq!(keys(&store), ["setting:rotate_board", "setting:puzzle_difficulty.jieqi"]);
    assert_eq!(store.sync_pending().expect("count"), 2);
    let outbox = store.sync_outbox(10).expect("outbox");
    let Some(Change::Setting(last)) = &outbox[1].change else { panic!("a setting") };
    assert_eq!(last.value, "easiest");
    let Some(Change::Setting(first)) = &outbox[0].change else { panic!("a setting") };
    assert!(last.stamp > first.stamp, "a later write stamps later");
}

#[test]
fn pulled_changes_merge_by_their_kinds_rules_and_move_the_cursor() {
    let mut store = Store::open_in_memory().expect("store");
    store.sync_begin("http://s", "a1").expect("begin");
    let mine = attempt("d1", 1, 0, true, T0);
    store.add_puzzle_attempt(&mine).expect("added");
    store.record_course_score(&exercise("leap"), Score::of(1, 0, 0, 1, 1)).expect("score");
    store.set_settings(&Settings::default()).expect("settings");
    let pending = store.sync_pending().expect("count");
    let theirs = attempt("d2", 2, 1, false, T0 + 5);
    let setting = |value: &str, wall_ms: u64| {
        Change::Setting(SettingChange {
            key: "piece_style".into(),
            value: value.into(),
            stamp: Stamp::new(wall_ms, 0, "d2").expect("stamp"),
        })
    };
    let synced = |seq, change| Synced { seq, change };
    let changes = vec![
        synced(1, crate::sync::attempt_change(&mine)),
        synced(2, crate::sync::attempt_change(&theirs)),
        synced(3, crate::sync::score_change("jesonmor/leap", 350, 550)),
        synced(4, crate::sync::score_change("jesonmor/tour", 550, 550)),
        // Written long ago: this device's later write stays.
        synced(5, setting("letters", 1)),
        // A game this version does not know: left out.
        synced(6, crate::sync::score_change("shogi/drop", 550, 550)),
    ];
    let merged = store.sync_merge("http://s", &changes, 6).expect("merged");
    assert_eq!((merged.attempts, merged.scores, merged.settings), (1, 1, 0));
    assert_eq!((merged.kept, merged.unreadable), (3, 1));
    assert_eq!(store.sync_state("http://s").expect("state").expect("some").cursor, 6);
    assert_eq!(store.puzzle_attempts(Variant::Xiangqi).expect("log").len(), 2);
    assert_eq!(store.settings().expect("settings").piece_style, crate::PieceStyle::Characters);
    // Nothing pulled goes back out.
    assert_eq!(store.sync_pending().expect("count"), pending);
    // A later write from elsewhere wins, and this device's unsent one is dropped.
    let later = u64::try_from(crate::store::now_ms()).expect("now") + 60_000;
    store.sync_merge("http://s", &[synced(7, setting("letters", later))], 7).expect("merged");
    assert_eq!(store.settings().expect("settings").piece_style, crate::PieceStyle::Letters);
    assert!(!keys(&store).contains(&"setting:piece_style".to_owned()));
    // A new write on this device now stamps after the one it saw.
    let s = Settings { piece_style: crate::PieceStyle::Characters, ..Settings::default() };
    store.set_settings(&s).expect("settings");
    let outbox = store.sync_outbox(100).expect("outbox");
    let stamp = outbox.iter().find_map(|o| match &o.change {
        Some(Change::Setting(s)) if s.key == "piece_style" => Some(s.stamp.clone()),
        _ => None,
    });
    assert!(stamp.expect("stamped").wall_ms() >= later);
    // Another account: everything goes out again, pulling starts over.
    assert_eq!(store.sync_begin("http://s", "a2").expect("begin"), 0);
    assert!(store.sync_pending().expect("count") >= 4);
    store.forget_synced_progress().expect("forgotten");
    assert_eq!(store.sync_pending().expect("count"), 0);
    assert!(store.puzzle_attempts(Variant::Xiangqi).expect("log").is_empty());
}

#[test]
fn progress_made_before_sync_waits_for_the_first_one() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("app.db");
    {
        // A database of the version before sync (schema 6), with an attempt and a score.
        let conn = rusqlite::Connection::open(&path).expect("open");
        for (i, sql) in crate::store::MIGRATIONS.iter().take(6).enumerate() {
            conn.execute_batch(sql).expect("migration");
            conn.pragma_update(None, "user_version", i64::try_from(i).expect("i") + 1).expect("v");
        }
        conn.pragma_update(None, "application_id", crate::store::APPLICATION_ID).expect("id");
        let a = attempt("old", 3, 2, false, T0);
        let f = a.fields();
        conn.execute(
            "INSERT INTO puzzle_attempts VALUES (?1, 'old', 'xiangqi', ?2, ?3, ?4, 'failed', 1)",
            rusqlite::params![f.id.to_string(), f.puzzle.as_str(), f.started_ms, f.ended_ms],
        )
        .expect("attempt");
        conn.execute(
            "INSERT INTO course_scores VALUES ('jesonmor/leap', 'jesonmor', 550, 550, 1)",
            [],
        )
        .expect("score");
    }
    let store = Store::open(&path).expect("upgraded");
    let outbox = store.sync_outbox(10).expect("outbox");
    assert_eq!(outbox.len(), 2);
    let changes: Vec<Change> = outbox.into_iter().map(|o| o.change.expect("reads")).collect();
    assert_eq!(changes[0], crate::sync::attempt_change(&attempt("old", 3, 2, false, T0)));
    assert_eq!(changes[1], crate::sync::score_change("jesonmor/leap", 550, 550));
}

fn lock(store: &Arc<Mutex<Store>>) -> std::sync::MutexGuard<'_, Store> {
    store.lock().expect("store")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_devices_end_with_one_progress_and_the_server_agrees_to_the_bit() {
    let server = TestServer::start(|_| {}).await;
    let (phone1, tablet, laptop) = (
        phone(server.addr(), "phone"),
        phone(server.addr(), "tablet"),
        phone(server.addr(), "laptop"),
    );
    // The phone plays as a guest, then names its account.
    for n in 0..6u8 {
        lock(&phone1.store)
            .add_puzzle_attempt(&attempt(
                "p",
                n,
                usize::from(n),
                n % 2 == 0,
                T0 + i64::from(n) * 10_000,
            ))
            .expect("a");
    }
    lock(&phone1.store)
        .record_course_score(&exercise("leap"), Score::of(1, 0, 0, 3, 1))
        .expect("s");
    assert_eq!(phone1.online.sync_status().expect("status").pending, 7);
    let report = phone1.online.sync().await.expect("synced");
    assert_eq!((report.sent, report.already_there, report.pulled), (7, 0, 7));
    let status = phone1.online.sync_status().expect("status");
    assert_eq!((status.state, status.pending), (SyncState::Idle, 0));
    assert_eq!(status.text, "Everything is synced.");
    phone1.online.set_name("ann", "correct horse", None).await.expect("named");
    // The tablet solved the same first puzzle offline, earlier, as a guest; then signs in.
    lock(&tablet.store).add_puzzle_attempt(&attempt("t", 40, 0, false, T0 - 5_000)).expect("a");
    lock(&tablet.store)
        .record_course_score(&exercise("leap"), Score::of(1, 0, 0, 1, 1))
        .expect("s");
    tablet.online.sync().await.expect("a guest syncs too");
    tablet.online.sign_in("ann", "correct horse").await.expect("signed in");
    tablet.online.sync().await.expect("synced");
    // The laptop joins by a pairing code shown on the phone.
    let pairing = phone1.online.pairing_code().await.expect("a code");
    assert_eq!(pairing.code.len(), 9);
    assert!(pairing.text.contains(&pairing.code), "{}", pairing.text);
    let joined = laptop.online.pair(&pairing.code.to_lowercase()).await.expect("paired");
    assert_eq!(joined.name.as_deref(), Some("ann"));
    // A code is used once; then it is no code at all.
    let again = laptop.online.pair(&pairing.code).await;
    assert!(matches!(again, Err(OnlineError::PairingCode { expired: false })), "{again:?}");
    assert_eq!(
        crate::online::online_error_text(Language::English, &again.expect_err("refused")),
        "There is no such pairing code, or it was used already: show a new one on the other device."
    );
    for device in [&phone1, &tablet, &laptop, &phone1] {
        device.online.sync().await.expect("synced");
    }
    let standings = laptop.online.server_standings().await.expect("standings");
    let bank = Bank::embedded(Variant::Xiangqi).expect("bank");
    let mut logs = Vec::new();
    for device in [&phone1, &tablet, &laptop] {
        let store = lock(&device.store);
        let log = store.puzzle_attempts(Variant::Xiangqi).expect("log");
        assert_eq!(log.len(), 7);
        let progress = log.replay(&[&bank]);
        let game = progress.game(Variant::Xiangqi).expect("played");
        let theirs = &standings.games[0];
        assert_eq!(theirs.rating.to_bits(), game.rating.rating.to_bits());
        assert_eq!(theirs.deviation.to_bits(), game.rating.deviation.to_bits());
        assert_eq!(theirs.volatility.to_bits(), game.rating.volatility.to_bits());
        assert_eq!(theirs.solved, game.solved.len() as u64);
        // The tablet's attempt began first: of the two first tries at puzzle 0, it is rated.
        assert_eq!(game.rated, 6);
        let best = store.course_progress(Variant::JesonMor).expect("course");
        assert_eq!(best.best(&exercise("leap")), Some(Score::of(1, 0, 0, 1, 1)));
        logs.push(log.to_text());
    }
    assert!(logs.windows(2).all(|w| w[0] == w[1]));
    // Signing out of a named account forgets its progress here; it comes back with it.
    laptop.online.sign_out().await.expect("signed out");
    assert!(lock(&laptop.store).puzzle_attempts(Variant::Xiangqi).expect("log").is_empty());
    laptop.online.sign_in("ann", "correct horse").await.expect("again");
    laptop.online.sync().await.expect("synced");
    assert_eq!(lock(&laptop.store).puzzle_attempts(Variant::Xiangqi).expect("log").len(), 7);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_or_busy_server_keeps_the_results_waiting() {
    let mut server = TestServer::start(|s| {
        s.limits.sync_per_account = rodina_server::Rate { burst: 3, every: Duration::from_secs(2) };
    })
    .await;
    let device = phone(server.addr(), "phone");
    device.online.set_name("bob", "correct horse", None).await.expect("named");
    lock(&device.store).add_puzzle_attempt(&attempt("p", 1, 0, true, T0)).expect("a");
    device.online.sync().await.expect("synced");
    lock(&device.store).add_puzzle_attempt(&attempt("p", 2, 1, true, T0 + 1)).expect("a");
    // Push and pull took two calls; this sync's push takes the third, its pull is refused.
    let busy = device.online.sync().await;
    assert!(
        matches!(busy, Err(OnlineError::Refused { code: ApiErrorCode::RateLimited, .. })),
        "{busy:?}"
    );
    let status = device.online.sync_status().expect("status");
    assert!(matches!(status.state, SyncState::Waiting { .. }), "{status:?}");
    assert!(status.text.starts_with("The server is busy"), "{}", status.text);
    // Within the wait nothing is sent: the answer comes at once, from the device.
    let again = device.online.sync().await;
    assert!(matches!(again, Err(OnlineError::Refused { code: ApiErrorCode::RateLimited, .. })));
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    device.online.sync().await.expect("after the wait");
    // The server goes away: results wait, and the player is told how many.
    if let Some(s) = server.server.take() {
        s.stop().await;
    }
    lock(&device.store).add_puzzle_attempt(&attempt("p", 3, 2, false, T0 + 2)).expect("a");
    let away = device.online.sync().await;
    assert!(matches!(away, Err(OnlineError::Network(_))), "{away:?}");
    let status = device.online.sync_status().expect("status");
    assert_eq!((status.state, status.pending), (SyncState::Offline, 1));
    assert_eq!(status.text, "No connection: one result waits to be sent.");
    device.online.set_language(Language::Slovak);
    let status = device.online.sync_status().expect("status");
    assert_eq!(status.text, "Bez pripojenia: jeden výsledok čaká na odoslanie.");
    // Signing out now would lose it: refused, and nothing is forgotten.
    let out = device.online.sign_out().await;
    assert!(matches!(out, Err(OnlineError::Unsent { pending: 1 })), "{out:?}");
    assert_eq!(lock(&device.store).puzzle_attempts(Variant::Xiangqi).expect("log").len(), 3);
}
