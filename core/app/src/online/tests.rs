//! Online play against a real server: `rodina-server` started in-process on a loopback port
//! the system picks, two (or three) clients with their own Stores, real HTTP and real
//! sockets. Every wait is bounded in time, every loop in count.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_rules::{AnyGame, Color, Seat, Variant};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

use super::*;
use crate::error::OnlineError;
use crate::model::{Point, TapResult};

/// How long a test waits for anything before it fails.
const WAIT: Duration = Duration::from_secs(20);

use crate::test_support::{Phone, TestServer, phone};

/// What a listener heard.
#[derive(Default)]
struct Heard {
    views: Mutex<Vec<OnlineView>>,
    ticks: AtomicU32,
}

impl OnlineListener for Heard {
    fn on_view(&self, view: OnlineView) {
        self.views.lock().expect("views").push(view);
    }
    fn on_clock(&self, _clock: ClockView) {
        self.ticks.fetch_add(1, Ordering::Relaxed);
    }
}

impl Heard {
    fn last(&self) -> Option<OnlineView> {
        self.views.lock().expect("views").last().cloned()
    }
}

/// What an invitation's watch heard.
#[derive(Default)]
struct Watched {
    accepted: Mutex<Option<String>>,
    ended: Mutex<Option<String>>,
}

impl InvitationListener for Watched {
    fn on_accepted(&self, game: String) {
        *self.accepted.lock().expect("accepted") = Some(game);
    }
    fn on_ended(&self, problem: String) {
        *self.ended.lock().expect("ended") = Some(problem);
    }
    fn on_problem(&self, _problem: String) {}
}

/// Waits (polling every 10 ms, for at most [`WAIT`]) until `f` gives something.
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

fn pt(text: &str) -> Point {
    text.parse().expect("point")
}

/// Plays `from`-`to` by two taps.
fn tap_move(game: &LiveGame, from: &str, to: &str) -> TapResult {
    assert_eq!(game.tap(pt(from)), TapResult::Selected(pt(from)), "{from}");
    game.tap(pt(to))
}

/// Waits until both games have `plies` moves confirmed by the server.
async fn confirmed(games: [&LiveGame; 2], plies: usize) {
    until(&format!("{plies} plies on both"), || {
        games
            .iter()
            .all(|g| g.with_game(|s| s.moves().len() == plies) && !g.view().move_pending)
            .then_some(())
    })
    .await;
}

/// Ann invites (with `options`), Bob joins by the link; both open the game. Returns Ann's
/// and Bob's games, with their listeners.
async fn invited_game(
    ann: &Phone,
    bob: &Phone,
    options: InviteOptions,
) -> ((LiveGame, Arc<Heard>), (LiveGame, Arc<Heard>)) {
    let invitation = ann.online.create_invitation(options).await.expect("invitation");
    assert!(invitation.mine && invitation.game.is_none());
    assert_eq!(invitation.link, format!("rodina://join/{}", invitation.code));
    let watched = Arc::new(Watched::default());
    let watch = ann
        .online
        .watch_invitation(&invitation.code, Arc::clone(&watched) as Arc<dyn InvitationListener>)
        .expect("watch");
    let seen = bob.online.invitation(&invitation.link).await.expect("bob sees it");
    assert!(!seen.mine);
    let joined = bob.online.join(&invitation.code.to_lowercase()).await.expect("bob joins");
    let game = until("ann hears the friend joined", || watched.accepted.lock().ok()?.clone()).await;
    assert_eq!(game, joined.game);
    until("the watch ends", || watch.is_finished().then_some(())).await;
    let open = |p: &Phone| {
        let heard = Arc::new(Heard::default());
        let online = p.online.clone();
        let game = game.clone();
        async move {
            let live = online
                .open_game(&game, Arc::clone(&heard) as Arc<dyn OnlineListener>)
                .await
                .expect("open");
            (live, heard)
        }
    };
    let a = open(ann).await;
    let b = open(bob).await;
    for (live, _) in [&a, &b] {
        until("the game is live", || {
            let v = live.view();
            (v.connection == ConnectionState::Live && v.status == OnlineStatus::Started)
                .then_some(())
        })
        .await;
    }
    (a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_phones_invite_join_play_to_the_end_and_rematch() {
    let server = TestServer::start(|_| {}).await;
    let (ann, bob) = (phone(server.addr(), "ann's phone"), phone(server.addr(), "bob's phone"));
    let mut options = InviteOptions::new(Variant::Friendly);
    options.side = SideChoice::First;
    let ((a, a_heard), (b, b_heard)) = invited_game(&ann, &bob, options).await;
    assert_eq!(a.view().seat, Seat::Player(Color::White));
    assert_eq!(b.view().seat, Seat::Player(Color::Black));
    assert!(a.view().players.iter().any(|p| p.you && p.side == Color::White));
    // Bob may not move first, nor move Ann's pieces.
    assert_eq!(b.tap(pt("e7")), TapResult::Refused(crate::model::Refusal::NotYourTurn));
    let plies = [("e2", "e3"), ("f7", "f6"), ("d1", "h5"), ("a7", "a6")];
    for (i, (from, to)) in plies.into_iter().enumerate() {
        let mover = if i % 2 == 0 { &a } else { &b };
        assert!(matches!(tap_move(mover, from, to), TapResult::Moved(_)), "{from}{to}");
        confirmed([&a, &b], i + 1).await;
    }
    // The queen bonds with the king: the game is won.
    assert!(matches!(tap_move(&a, "h5", "e8"), TapResult::Moved(_)));
    for (live, heard) in [(&a, &a_heard), (&b, &b_heard)] {
        let v = until("the end", || {
            let v = live.view();
            (v.status == OnlineStatus::Ended).then_some(v)
        })
        .await;
        assert_eq!(v.result.as_deref(), Some("White wins: a piece bonded with the king."));
        assert!(v.can_offer_rematch && !v.can_resign && !v.can_offer_draw);
        assert_eq!(v.board.ply_count, 5);
        // The listener was told as much, without being asked.
        until("the listener hears the end", || {
            heard.last().filter(|v| v.status == OnlineStatus::Ended).map(|_| ())
        })
        .await;
    }
    // Bob offers a rematch; Ann is told and accepts it with its code.
    let rematch = b.offer_rematch().await.expect("rematch");
    assert!(rematch.mine);
    assert_eq!(rematch.options.side, SideChoice::First, "colours swap: Bob plays first");
    assert!(matches!(b.view().rematch, Some(Rematch::Offered { .. })));
    let code = until("ann hears of the rematch", || match a.view().rematch {
        Some(Rematch::Received { code }) => Some(code),
        _ => None,
    })
    .await;
    assert_eq!(code, rematch.code);
    assert_eq!(a.view().rematch_text.as_deref(), Some("Your opponent offers a rematch."));
    let joined = ann.online.join(&code).await.expect("ann accepts");
    assert_eq!(joined.side, Color::Black);
    drop((a, b));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_run_and_a_draw_is_offered_declined_and_agreed() {
    let server = TestServer::start(|_| {}).await;
    let (ann, bob) = (phone(server.addr(), "ann"), phone(server.addr(), "bob"));
    let mut options = InviteOptions::new(Variant::Xiangqi);
    options.side = SideChoice::Second;
    options.clock = Some(TimeControl { initial_ms: 60_000, increment_ms: 2000 });
    let ((a, a_heard), (b, _)) = invited_game(&ann, &bob, options).await;
    // Ann chose the second side: Bob plays first.
    assert_eq!(a.view().seat, Seat::Player(Color::Black));
    let clock = a.view().clock.expect("a clock");
    assert_eq!((clock.white_text.as_str(), clock.running), ("1:00", None));
    assert!(a.view().can_abort);
    assert!(matches!(tap_move(&b, "h3", "e3"), TapResult::Moved(_)));
    confirmed([&a, &b], 1).await;
    assert!(matches!(tap_move(&a, "h8", "e8"), TapResult::Moved(_)));
    confirmed([&a, &b], 2).await;
    // Each side has moved: too late to abort, and White's clock runs.
    assert!(!a.view().can_abort);
    let running =
        until("white's clock runs", || a.view().clock.filter(|c| c.running == Some(Color::White)))
            .await;
    let before = running.white_ms;
    // The listener's clock ticks while it runs, and the time shown goes down.
    until("the clock ticks", || (a_heard.ticks.load(Ordering::Relaxed) >= 2).then_some(())).await;
    let later = a.view().clock.expect("clock").white_ms;
    assert!(later < before, "{later} < {before}");
    // Black's clock stands while White's runs (and no increment before the clocks start).
    assert_eq!(a.view().clock.expect("clock").black_ms, 60_000);
    // A draw offered and declined, then offered and accepted.
    assert!(b.offer_draw());
    let offered = until("ann sees the offer", || a.view().draw_text).await;
    assert_eq!(offered, "Your opponent offers a draw.");
    assert!(a.view().can_answer_draw);
    assert!(a.decline_draw());
    until("the offer is gone", || b.view().draw_offer.is_none().then_some(())).await;
    assert!(!b.accept_draw(), "no offer to accept");
    assert!(a.offer_draw());
    until("bob sees the offer", || b.view().can_answer_draw.then_some(())).await;
    assert!(b.accept_draw());
    for live in [&a, &b] {
        let v = until("the draw", || {
            let v = live.view();
            (v.status == OnlineStatus::Ended).then_some(v)
        })
        .await;
        assert_eq!(v.result.as_deref(), Some("Draw: the players agreed."));
        assert_eq!(v.clock.expect("clock").running, None);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_that_was_away_catches_up_on_what_it_missed() {
    let server = TestServer::start(|_| {}).await;
    let (ann, bob) = (phone(server.addr(), "ann"), phone(server.addr(), "bob"));
    let mut options = InviteOptions::new(Variant::JesonMor);
    options.side = SideChoice::First;
    let ((a, _), (b, _)) = invited_game(&ann, &bob, options).await;
    assert!(matches!(tap_move(&a, "b1", "c3"), TapResult::Moved(_)));
    confirmed([&a, &b], 1).await;
    assert!(matches!(tap_move(&b, "b9", "c7"), TapResult::Moved(_)));
    confirmed([&a, &b], 2).await;
    // Bob's app goes to the background; the game goes on without him.
    b.suspend();
    until("bob is paused", || {
        let v = b.view();
        (v.connection == ConnectionState::Offline { reason: OfflineReason::Suspended }).then_some(v)
    })
    .await;
    until("ann is told bob left", || {
        a.view().players.iter().any(|p| !p.you && !p.online).then_some(())
    })
    .await;
    assert!(a.view().opponent_away_text.is_some());
    assert!(matches!(tap_move(&a, "h1", "g3"), TapResult::Moved(_)));
    until("ann's move is in", || a.with_game(|g| g.moves().len() == 3).then_some(())).await;
    assert!(a.offer_draw());
    until("ann's offer is in", || a.view().draw_offer.is_some().then_some(())).await;
    assert_eq!(b.with_game(|g| g.moves().len()), 2, "bob missed it");
    // Back: the missed move and offer arrive.
    b.resume();
    let v = until("bob catches up", || {
        let v = b.view();
        (v.board.ply_count == 3 && v.draw_offer == Some(Color::White)).then_some(v)
    })
    .await;
    assert_eq!(v.connection, ConnectionState::Live);
    assert_eq!(v.board.last_move.map(|m| m.coordinate), Some("h1g3".to_owned()));
    assert!(b.resign());
    until("the resignation", || (a.view().status == OnlineStatus::Ended).then_some(())).await;
}

/// A loopback TCP relay between a client and the server that can cut every connection and
/// refuse new ones for a while.
struct Relay {
    addr: SocketAddr,
    links: Arc<Mutex<Vec<JoinHandle<()>>>>,
    blocked: Arc<AtomicBool>,
    task: JoinHandle<()>,
}

impl Relay {
    async fn start(target: SocketAddr) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let addr = listener.local_addr().expect("addr");
        let links: Arc<Mutex<Vec<JoinHandle<()>>>> = Arc::default();
        let blocked = Arc::new(AtomicBool::new(false));
        let (l, b) = (Arc::clone(&links), Arc::clone(&blocked));
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if b.load(Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                let link = tokio::spawn(async move {
                    if let Ok(mut out) = TcpStream::connect(target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                    }
                });
                l.lock().expect("links").push(link);
            }
        });
        Relay { addr, links, blocked, task }
    }

    /// Cuts every connection and refuses new ones.
    fn cut(&self) {
        self.blocked.store(true, Ordering::SeqCst);
        for link in self.links.lock().expect("links").drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.blocked.store(false, Ordering::SeqCst);
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
        self.cut();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_connection_comes_back_and_the_move_made_meanwhile_goes_out() {
    let server = TestServer::start(|_| {}).await;
    let relay = Relay::start(server.addr()).await;
    let ann = phone(server.addr(), "ann");
    // Bob's phone reaches the server through the relay.
    let bob = phone(relay.addr, "bob");
    let mut options = InviteOptions::new(Variant::Xiangqi);
    options.side = SideChoice::First;
    let ((a, _), (b, b_heard)) = invited_game(&ann, &bob, options).await;
    for (i, (from, to)) in [("h3", "e3"), ("h8", "e8"), ("b1", "c3")].into_iter().enumerate() {
        let mover = if i % 2 == 0 { &a } else { &b };
        assert!(matches!(tap_move(mover, from, to), TapResult::Moved(_)));
        confirmed([&a, &b], i + 1).await;
    }
    relay.cut();
    let lost = until("bob sees the connection lost", || {
        let v = b.view();
        matches!(v.connection, ConnectionState::Reconnecting { .. }).then_some(v)
    })
    .await;
    assert!(lost.connection_text.is_some_and(|t| t.starts_with("Connection lost")));
    // Bob moves while away: the move shows at once and waits to go out.
    assert!(matches!(tap_move(&b, "b10", "c8"), TapResult::Moved(_)));
    assert!(b.view().move_pending);
    // Ann offers a draw meanwhile: Bob misses its event.
    until("ann sees bob gone", || {
        a.view().players.iter().any(|p| !p.you && !p.online).then_some(())
    })
    .await;
    assert!(a.offer_draw());
    until("ann's offer is in", || a.view().draw_offer.is_some().then_some(())).await;
    // Tries fail while the relay refuses, and the waits grow.
    until("a second try", || match b.view().connection {
        ConnectionState::Reconnecting { attempt, .. } if attempt >= 2 => Some(()),
        _ => None,
    })
    .await;
    relay.restore();
    // Back: the missed offer arrives, Bob's move goes out once, and the offer lapses with it.
    confirmed([&a, &b], 4).await;
    let v = until("bob is in step", || {
        let v = b.view();
        (v.connection == ConnectionState::Live && v.draw_offer.is_none() && !v.move_pending)
            .then_some(v)
    })
    .await;
    assert_eq!(v.board.ply_count, 4);
    assert_eq!(a.with_game(|g| g.moves().to_vec()), ["h3e3", "h8e8", "b1c3", "b10c8"]);
    // The listener heard the whole story: lost, then live again.
    let views = b_heard.views.lock().expect("views").clone();
    let lost_at =
        views.iter().position(|v| matches!(v.connection, ConnectionState::Reconnecting { .. }));
    let back_at = views.iter().rposition(|v| v.connection == ConnectionState::Live);
    assert!(matches!((lost_at, back_at), (Some(l), Some(r)) if l < r), "{lost_at:?} {back_at:?}");
}

/// Plays a random legal move for `game`'s seat by taps, as a person would: a piece of its
/// own that has targets, then one of them.
fn random_move_by_taps(game: &LiveGame, me: Color, rng: &mut ChaCha8Rng) {
    let view = game.view();
    let mut own: Vec<Point> = view
        .board
        .points
        .iter()
        .filter(|p| p.piece.is_some_and(|piece| piece.side == me))
        .map(|p| p.point)
        .collect();
    own.shuffle(rng);
    for from in own {
        if game.tap(from) != TapResult::Selected(from) {
            continue;
        }
        let targets = game.view().board.targets;
        if targets.is_empty() {
            game.restart_move();
            continue;
        }
        let to = targets[rng.random_range(0..targets.len())].point;
        let result = game.tap(to);
        assert!(
            matches!(result, TapResult::Moved(_) | TapResult::Deselected),
            "{from}{to}: {result:?}"
        );
        // Sent: pending until its event, which on loopback may be back already (the caller
        // waits for the ply to be confirmed on both phones).
        return;
    }
    panic!("no move for {me:?} in {}", game.with_game(|g| g.board_fen()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_jieqi_game_gives_each_phone_its_own_view_only_and_the_deal_checks() {
    let server = TestServer::start(|_| {}).await;
    let (ann, bob) = (phone(server.addr(), "ann"), phone(server.addr(), "bob"));
    let mut options = InviteOptions::new(Variant::Jieqi);
    options.side = SideChoice::First;
    let ((a, _), (b, _)) = invited_game(&ann, &bob, options).await;
    for live in [&a, &b] {
        let v = live.view();
        assert_eq!(v.deal_check, Some(DealCheck::Pending));
        assert_eq!(v.deal_text.as_deref(), Some("The deal is checked when the game ends."));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // What each phone held after each ply: (white's board, black's board).
    let mut held = vec![(a.with_game(|g| g.board_fen()), b.with_game(|g| g.board_fen()))];
    for ply in 1..=24 {
        let (mover, me) = if ply % 2 == 1 { (&a, Color::White) } else { (&b, Color::Black) };
        if mover.view().status != OnlineStatus::Started {
            break;
        }
        random_move_by_taps(mover, me, &mut rng);
        confirmed([&a, &b], ply).await;
        held.push((a.with_game(|g| g.board_fen()), b.with_game(|g| g.board_fen())));
    }
    if a.view().status == OnlineStatus::Started {
        assert!(a.resign());
    }
    for live in [&a, &b] {
        let v = until("the end and the deal's check", || {
            let v = live.view();
            (v.status == OnlineStatus::Ended && v.deal_check != Some(DealCheck::Pending))
                .then_some(v)
        })
        .await;
        assert_eq!(v.deal_check, Some(DealCheck::Verified), "{:?}", v.deal_text);
        assert_eq!(
            v.deal_text.as_deref(),
            Some("The deal was checked: it was not changed during the game.")
        );
    }
    // Each phone was opened the deal as far as its seat may know it. Together the two know
    // the whole game (each saw what it took, both saw every reveal, and each mover's text
    // names what its move took): the truth rebuilt from that alone, replayed ply by ply,
    // shows that each phone held exactly its seat's view of it, never more.
    let reveals = [&a, &b].map(|p| p.with_game(|g| g.revealed().cloned()).expect("revealed"));
    let identities: String = reveals[0]
        .openings
        .iter()
        .zip(&reveals[1].openings)
        .map(|(w, b)| w.piece.clone().or_else(|| b.piece.clone()).expect("a player knows it"))
        .collect();
    assert_eq!(identities.len(), 30);
    let start = held[0].0.clone();
    let mut fields: Vec<&str> = start.split(' ').collect();
    fields[2] = &identities;
    let deal = fields.join(" ");
    let texts = [&a, &b].map(|p| p.with_game(|g| g.moves().to_vec()));
    let truth: Vec<String> = (0..texts[0].len()).map(|i| texts[i % 2][i].clone()).collect();
    // Where one player's text names a face-down piece it took and the other's does not, the
    // owner got that piece's leaf alone.
    for (i, (w, b)) in texts[0].iter().zip(&texts[1]).enumerate() {
        if w != b {
            // The point taken: the move's second point (`h3h10=Px(b)` took on `h10`).
            let coords = &truth[i][..truth[i].find(['=', 'x']).unwrap_or(truth[i].len())];
            let to = coords[1..].find(|c: char| c.is_ascii_lowercase()).expect("two points");
            let point = &coords[to + 1..];
            let owner = &reveals[1 - i % 2];
            let lost = owner.openings.iter().find(|o| o.point == point).expect("its point");
            assert!(lost.piece.is_none() && lost.salt.is_none() && lost.leaf.is_some(), "{point}");
        }
    }
    for (ply, (white_held, black_held)) in held.iter().enumerate() {
        let game = AnyGame::replay(Variant::Jieqi, None, &deal, &truth[..ply], None)
            .expect("the truth replays");
        assert_eq!(*white_held, game.view_fen(Seat::Player(Color::White)), "white at ply {ply}");
        assert_eq!(*black_held, game.view_fen(Seat::Player(Color::Black)), "black at ply {ply}");
        if ply == 0 {
            assert!(white_held.contains('x') && white_held.contains('X'), "{white_held}");
        }
    }
    // And the board each phone drew had no identity of a face-down piece.
    for live in [&a, &b] {
        let face_down =
            live.view().board.points.iter().filter_map(|p| p.piece).filter(|p| p.face_down).count();
        assert!(face_down > 0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_account_is_made_named_signed_into_elsewhere_and_signed_out() {
    let server = TestServer::start(|_| {}).await;
    let (ann, tablet) = (phone(server.addr(), "ann"), phone(server.addr(), "tablet"));
    let first = ann.online.account().await.expect("an anonymous account");
    assert_eq!((first.name.as_deref(), first.title.as_str()), (None, "Guest"));
    // The token is kept: the same account next time, without the network.
    assert_eq!(ann.online.account().await.expect("again").account, first.account);
    let stored =
        ann.store.lock().expect("store").online_account(ann.online.server()).expect("read");
    assert_eq!(stored.map(|s| s.account), Some(first.account.clone()));
    // Bad forms are refused before the network.
    assert!(matches!(
        ann.online.set_name("2x", "long enough", None).await,
        Err(OnlineError::InvalidInput(_))
    ));
    assert!(matches!(
        ann.online.set_name("ann", "short", None).await,
        Err(OnlineError::InvalidInput(_))
    ));
    let named = ann.online.set_name("ann", "correct horse", None).await.expect("named");
    assert_eq!((named.name.as_deref(), named.title.as_str()), (Some("ann"), "ann"));
    // Another device signs in to the same account.
    let wrong = tablet.online.sign_in("ann", "wrong horse").await;
    assert!(matches!(
        wrong,
        Err(OnlineError::Refused { code: rodina_protocol::ApiErrorCode::WrongPassword, .. })
    ));
    assert_eq!(
        online_error_text(crate::text::Language::English, &wrong.expect_err("refused")),
        "The name or the password is wrong."
    );
    let signed = tablet.online.sign_in("ANN", "correct horse").await.expect("signed in");
    assert_eq!(signed.account, first.account);
    assert_eq!(tablet.online.refresh_account().await.expect("me").name.as_deref(), Some("ann"));
    // Codes: a bad one is refused here, an unknown one by the server.
    assert!(matches!(tablet.online.invitation("O0O0").await, Err(OnlineError::InvalidInput(_))));
    let unknown = tablet.online.invitation("rodina://join/ZZZZZZZZ").await;
    assert!(
        matches!(
            unknown,
            Err(OnlineError::Refused { code: rodina_protocol::ApiErrorCode::NotFound, .. })
        ),
        "{unknown:?}"
    );
    // Signing out forgets the token; a named account does not come back by itself.
    tablet.online.sign_out().await.expect("signed out");
    assert_eq!(
        tablet.store.lock().expect("store").online_account(tablet.online.server()).expect("read"),
        None
    );
    let fresh = tablet.online.account().await.expect("a new guest");
    assert_ne!(fresh.account, first.account);
    // An invitation of one's own cannot be joined.
    let invitation =
        ann.online.create_invitation(InviteOptions::new(Variant::Xiangqi)).await.expect("inv");
    let own = ann.online.join(&invitation.code).await;
    assert!(matches!(
        own,
        Err(OnlineError::Refused { code: rodina_protocol::ApiErrorCode::InvitationTaken, .. })
    ));
    // Options the server would refuse are refused here first.
    let mut bad = InviteOptions::new(Variant::Xiangqi);
    bad.clock = Some(TimeControl { initial_ms: 1000, increment_ms: 0 });
    assert!(matches!(ann.online.create_invitation(bad).await, Err(OnlineError::InvalidInput(_))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_is_not_there_is_said_and_a_game_handle_stops_its_loop() {
    // A port nothing listens on.
    let unused = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        l.local_addr().expect("addr")
    };
    let nobody = phone(unused, "nobody");
    let e = nobody.online.account().await.expect_err("no server");
    assert!(matches!(e, OnlineError::Network(_)), "{e:?}");
    assert_eq!(
        online_error_text(crate::text::Language::English, &e),
        "The server cannot be reached. Check the connection and try again."
    );
    // A game the server does not have.
    let server = TestServer::start(|_| {}).await;
    let ann = phone(server.addr(), "ann");
    let gone = ann.online.open_game("g00000000000000000000", Arc::new(Heard::default())).await;
    assert!(matches!(
        gone,
        Err(OnlineError::Refused { code: rodina_protocol::ApiErrorCode::NotFound, .. })
    ));
    assert!(matches!(
        ann.online.open_game("nonsense", Arc::new(Heard::default())).await,
        Err(OnlineError::InvalidInput(_))
    ));
    // A handle dropped: its socket closes, and the server sees the player leave.
    let bob = phone(server.addr(), "bob");
    let ((a, _), (b, _)) = invited_game(&ann, &bob, InviteOptions::new(Variant::Xiangqi)).await;
    drop(b);
    until("ann sees bob leave", || {
        a.view().players.iter().any(|p| !p.you && !p.online).then_some(())
    })
    .await;
}
