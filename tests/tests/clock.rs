//! A clock running out on the real server: the side whose time is gone loses on time, and
//! both players and a spectator are told the same result; a move after the flag is refused.

use std::time::{Duration, Instant};

use rodina_app::model::TapResult;
use rodina_app::online::{InviteOptions, OnlineStatus, SideChoice, TimeControl};
use rodina_e2e::WAIT;
use rodina_e2e::phone::{Phone, confirmed, ended, game_between, tap_move};
use rodina_e2e::rest::Rest;
use rodina_e2e::server::ServerProcess;
use rodina_e2e::socket::join;
use rodina_protocol::{Event, SideName};
use rodina_rules::Color;

/// The shortest clock the protocol allows: 15 s, no increment.
const CLOCK_MS: u64 = 15_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_flag_falls_and_both_players_are_told() {
    let server = ServerProcess::start(&[]).expect("the server starts");
    let ann = Phone::new(&server.base_url(), "ann").expect("phone");
    let bob = Phone::new(&server.base_url(), "bob").expect("phone");
    let mut options = InviteOptions::new(rodina_rules::Variant::Xiangqi);
    options.side = SideChoice::First;
    options.clock = Some(TimeControl { initial_ms: CLOCK_MS, increment_ms: 0 });
    let (white, black) = game_between(&ann, &bob, options).await.expect("a game");
    let rest = Rest::new(server.addr(), None).expect("rest");
    let watcher = rest.account().await.expect("account");
    let id: rodina_protocol::GameId = white.live.id().parse().expect("id");
    let mut spectator = join(server.addr(), &id, &watcher.token, None).await.expect("watch");
    spectator.sync().await.expect("sync");
    // The clocks start with Black's first move: White's then runs, and White never moves.
    assert!(matches!(tap_move(&white.live, "h3", "e3").expect("taps"), TapResult::Moved(_)));
    confirmed(&black.live, 1, WAIT).await.expect("ply 1");
    assert!(matches!(tap_move(&black.live, "h8", "e8").expect("taps"), TapResult::Moved(_)));
    confirmed(&white.live, 2, WAIT).await.expect("ply 2");
    let running = Instant::now();
    let within = Duration::from_millis(CLOCK_MS) + WAIT;
    let mut results = Vec::new();
    for s in [&white, &black] {
        let v = ended(&s.live, within).await.expect("the flag falls");
        assert_eq!(v.status, OnlineStatus::Ended);
        let outcome = v.board.outcome.expect("an outcome");
        assert_eq!((outcome.winner(), outcome.reason_str()), (Some(Color::Black), "time"));
        assert_eq!(v.clock.as_ref().and_then(|c| c.running), None, "no clock runs after the end");
        results.push(v.result);
    }
    let fell = running.elapsed();
    // Not before White's time was gone (less what the client's lag estimate may shave).
    assert!(fell >= Duration::from_millis(CLOCK_MS - 1000), "the flag fell after {fell:?}");
    assert_eq!(results[0].is_some(), results[1].is_some());
    // The spectator is told the same.
    spectator.event().await.expect("ply 1");
    spectator.event().await.expect("ply 2");
    match spectator.event().await.expect("the end") {
        (_, Some(Event::Ended { outcome, clock, .. })) => {
            assert_eq!((outcome.winner, outcome.reason.as_str()), (Some(SideName::Black), "time"));
            let clock = clock.expect("the clocks at the end");
            assert_eq!((clock.white_ms, clock.running), (0, None));
        }
        other => panic!("{other:?}"),
    }
    // A move after the flag is not played.
    let late = tap_move(&white.live, "b1", "c3");
    assert!(!matches!(late, Ok(TapResult::Moved(_))), "{late:?}");
    assert_eq!(white.live.view().board.ply_count, 2);
    eprintln!("clock: White's 15 s ran out {fell:?} after Black's first move; both told");
}
