//! Online play through the exported API, as Kotlin and Swift call it: two phones against a
//! real server started in-process, listeners implemented as the apps implement them, and
//! every failure in the flat error with its sentence in the player's language.
#![allow(clippy::unwrap_used)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rodina_ffi::{
    ConnectionState, InvitationListener, InviteOptions, Language, OnlineClock, OnlineGame,
    OnlineGameListener, OnlineGameView, OnlineLabel, OnlinePlay, OnlineStatus, Point, RodinaError,
    Side, SideChoice, Store, TapResult, TimeControl, Variant, invitation_code, online_label,
    time_control_text, time_controls,
};

const WAIT: Duration = Duration::from_secs(20);

#[derive(Default)]
struct Heard {
    views: Mutex<Vec<OnlineGameView>>,
}

impl OnlineGameListener for Heard {
    fn on_view(&self, view: OnlineGameView) {
        self.views.lock().unwrap().push(view);
    }
    fn on_clock(&self, _clock: OnlineClock) {}
}

#[derive(Default)]
struct Waiting {
    game: Mutex<Option<String>>,
}

impl InvitationListener for Waiting {
    fn on_accepted(&self, game: String) {
        *self.game.lock().unwrap() = Some(game);
    }
    fn on_ended(&self, _problem: String) {}
    fn on_problem(&self, _problem: String) {}
}

async fn until<T>(what: &str, f: impl Fn() -> Option<T>) -> T {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(t) = f() {
            return t;
        }
        assert!(Instant::now() < deadline, "waited too long for {what}");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

fn pt(file: u8, rank: u8) -> Point {
    Point { file, rank }
}

fn play(game: &OnlineGame, from: Point, to: Point) {
    assert_eq!(game.tap(from), TapResult::Selected { point: from });
    assert!(matches!(game.tap(to), TapResult::Moved { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_play_through_the_exported_api() {
    let dir = tempfile::tempdir().unwrap();
    let settings = rodina_server::Settings {
        db: dir.path().join("server.db"),
        addr: "127.0.0.1:0".parse().unwrap(),
        ..rodina_server::Settings::default()
    };
    let server = rodina_server::start(settings).await.unwrap();
    let url = format!("http://{}", server.addr());
    let ann_store = Store::open(dir.path().join("ann.db").to_string_lossy().into_owned()).unwrap();
    let ann = OnlinePlay::new(url.clone(), ann_store, "ann".into()).unwrap();
    let bob = OnlinePlay::new(url, Store::in_memory().unwrap(), "bob".into()).unwrap();
    bob.set_language(Language::Slovak);

    let options = InviteOptions {
        variant: Variant::Xiangqi,
        rule_set: None,
        handicap: None,
        side: SideChoice::First,
        clock: Some(TimeControl { initial_ms: 300_000, increment_ms: 3000 }),
    };
    let invitation = ann.create_invitation(options).await.unwrap();
    assert_eq!(invitation.summary, "Xiangqi · 5+3 · you play Red");
    assert_eq!(invitation_code(invitation.link.clone()), Some(invitation.code.clone()));
    let waiting = Arc::new(Waiting::default());
    let watch = ann.watch_invitation(invitation.code.clone(), waiting.clone()).unwrap();
    let seen = bob.invitation(invitation.link.clone()).await.unwrap();
    assert!(!seen.mine && seen.invited_by.starts_with("Hosť vás pozýva"), "{}", seen.invited_by);
    let joined = bob.join(invitation.code.to_lowercase()).await.unwrap();
    assert_eq!(joined.side, Side::Second);
    let game = until("ann hears bob joined", || waiting.game.lock().unwrap().clone()).await;
    assert_eq!(game, joined.game);
    until("the watch ends", || watch.is_finished().then_some(())).await;

    let (a_heard, b_heard) = (Arc::new(Heard::default()), Arc::new(Heard::default()));
    let a = ann.open_game(game.clone(), a_heard.clone()).await.unwrap();
    let b = bob.open_game(game.clone(), b_heard.clone()).await.unwrap();
    for g in [&a, &b] {
        until("live", || {
            (g.view().connection == ConnectionState::Live
                && g.view().status == OnlineStatus::Started)
                .then_some(())
        })
        .await;
    }
    assert_eq!(b.language(), Language::Slovak);
    assert_eq!(a.view().side, Some(Side::First));
    assert_eq!(a.view().clock.unwrap().first_text, "5:00");
    // A refusal from the shared taps, in the game's language.
    match b.tap(pt(7, 7)) {
        TapResult::Refused { refusal } => assert!(!refusal.message.is_empty()),
        other => panic!("{other:?}"),
    }
    play(&a, pt(7, 2), pt(4, 2));
    until("bob sees the move", || {
        (b.view().board.ply_count == 1 && !a.view().move_pending).then_some(())
    })
    .await;
    play(&b, pt(7, 7), pt(4, 7));
    until("ann sees the reply", || (a.view().board.ply_count == 2).then_some(())).await;
    assert!(b.resign());
    let end = until("the end", || {
        a_heard.views.lock().unwrap().iter().find(|v| v.status == OnlineStatus::Ended).cloned()
    })
    .await;
    assert_eq!(end.result.as_deref(), Some("Red wins: resignation."));
    until("bob's end", || (b.view().status == OnlineStatus::Ended).then_some(())).await;
    assert_eq!(b.view().result.as_deref(), Some("Vyhráva Červený: súper sa vzdal."));

    // Failures arrive as the flat error, each with its sentence in the player's language.
    match bob.sign_in("ann".into(), "wrong password".into()).await {
        Err(RodinaError::Refused(message)) => {
            assert_eq!(message, "Meno alebo heslo nie je správne.")
        }
        other => panic!("{other:?}"),
    }
    match ann.invitation("not a code".into()).await {
        Err(RodinaError::InvalidInput(message)) => {
            assert!(message.starts_with("That cannot be used"))
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        OnlinePlay::new("ftp://x".into(), Store::in_memory().unwrap(), "x".into()),
        Err(RodinaError::InvalidInput(_))
    ));
    drop((a, b));
    server.stop().await;
    let stored = ann.account().await.unwrap();
    assert_eq!(stored.title, "Guest", "the stored account needs no network");
    match ann.refresh_account().await {
        Err(RodinaError::Network(message)) => {
            assert!(message.starts_with("The server cannot be reached"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn labels_and_clocks_say_themselves_in_both_languages() {
    assert_eq!(online_label(Language::English, OnlineLabel::InviteTitle), "Invite a friend");
    assert_eq!(online_label(Language::Slovak, OnlineLabel::JoinButton), "Pripojiť sa");
    let offered = time_controls();
    assert_eq!(offered.len(), 6);
    assert_eq!(time_control_text(Language::English, offered.get(2).copied()), "5+3");
    assert_eq!(time_control_text(Language::Slovak, None), "Bez hodín");
    assert_eq!(invitation_code(" cvnr-v546 ".into()).as_deref(), Some("CVNRV546"));
    assert_eq!(invitation_code("hello".into()), None);
}
