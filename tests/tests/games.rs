//! A full game of each of the four games between two phones (the app's own online client,
//! moves entered by taps) through the real `rodina serve` process, to a real end that both
//! seats see alike.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rodina_app::model::TapResult;
use rodina_app::online::{DealCheck, InviteOptions, OnlineStatus, OnlineView, SideChoice};
use rodina_e2e::phone::{Phone, Seated, confirmed, ended, game_between, tap_move, tap_random_move};
use rodina_e2e::server::ServerProcess;
use rodina_rules::{Color, Variant};

/// How long one move may take to be confirmed on both phones.
const MOVE_WITHIN: Duration = Duration::from_secs(20);

/// Two phones on a new server, in a game of `variant`, Ann inviting as the first player.
async fn two_phones(variant: Variant) -> (ServerProcess, [Phone; 2], Seated, Seated) {
    let server = ServerProcess::start(&[]).expect("the server starts");
    let ann = Phone::new(&server.base_url(), "ann's phone").expect("ann's phone");
    let bob = Phone::new(&server.base_url(), "bob's phone").expect("bob's phone");
    let mut options = InviteOptions::new(variant);
    options.side = SideChoice::First;
    let (white, black) = game_between(&ann, &bob, options).await.expect("a game between them");
    (server, [ann, bob], white, black)
}

/// Plays `line` by taps, White first, each move confirmed on both phones before the next.
async fn play_line(white: &Seated, black: &Seated, line: &[(&str, &str)]) {
    for (i, (from, to)) in line.iter().enumerate() {
        let mover = if i % 2 == 0 { white } else { black };
        let played = tap_move(&mover.live, from, to).expect("taps");
        assert!(matches!(played, TapResult::Moved(_)), "{from}{to}: {played:?}");
        let plies = u32::try_from(i + 1).expect("plies");
        for s in [white, black] {
            confirmed(&s.live, plies, MOVE_WITHIN).await.expect("the move is confirmed on both");
        }
    }
}

/// Both seats' views at the end: the same outcome, the expected one, and the listeners were
/// told without being asked.
async fn both_see(
    white: &Seated,
    black: &Seated,
    winner: Option<Color>,
    reason: &str,
) -> [OnlineView; 2] {
    let mut views = Vec::new();
    for s in [white, black] {
        let v = ended(&s.live, MOVE_WITHIN).await.expect("the game ends on both phones");
        assert_eq!(v.status, OnlineStatus::Ended);
        let outcome = v.board.outcome.expect("an outcome");
        assert_eq!(outcome.winner(), winner, "{outcome:?}");
        assert_eq!(outcome.reason_str(), reason, "{outcome:?}");
        rodina_e2e::until("the listener hears the end", MOVE_WITHIN, || {
            s.heard.last().filter(|l| l.status == OnlineStatus::Ended).map(|_| ())
        })
        .await
        .expect("the listener is told");
        views.push(v);
    }
    assert_eq!(views[0].board.outcome, views[1].board.outcome, "both seats see the same result");
    assert_eq!(views[0].board.ply_count, views[1].board.ply_count);
    [views.remove(0), views.remove(0)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn xiangqi_to_checkmate() {
    let t = Instant::now();
    let (_server, _phones, white, black) = two_phones(Variant::Xiangqi).await;
    // Both cannons down the files: the central cannon takes e7 with check, the other takes
    // the soldier on c6 and mates on the e-file (found by seeded random play, checked here
    // by the server).
    let line = [
        ("b3", "e3"),
        ("h8", "h1"),
        ("e3", "e7"),
        ("c7", "c6"),
        ("h3", "c3"),
        ("h1", "f1"),
        ("c3", "c6"),
        ("f1", "d1"),
        ("c6", "e6"),
    ];
    play_line(&white, &black, &line).await;
    let [w, _] = both_see(&white, &black, Some(Color::White), "checkmate").await;
    assert_eq!(w.board.ply_count, 9);
    eprintln!("xiangqi: checkmate in 9 plies through the server in {:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jeson_mor_to_the_centre() {
    let t = Instant::now();
    let (_server, _phones, white, black) = two_phones(Variant::JesonMor).await;
    // White's knight reaches e5 and leaves it: the win by the centre.
    let line = [("c1", "d3"), ("c9", "d7"), ("d3", "e5"), ("d7", "b6"), ("e5", "c4")];
    play_line(&white, &black, &line).await;
    both_see(&white, &black, Some(Color::White), "centre").await;
    eprintln!("jeson mor: the centre in 5 plies in {:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friendly_chess_to_a_king_bond() {
    let t = Instant::now();
    let (_server, _phones, white, black) = two_phones(Variant::Friendly).await;
    // The queen bonds with the black king: a decisive line of five plies.
    let line = [("e2", "e3"), ("f7", "f6"), ("d1", "h5"), ("a7", "a6"), ("h5", "e8")];
    play_line(&white, &black, &line).await;
    both_see(&white, &black, Some(Color::White), "king_bond").await;
    eprintln!("friendly: a king bond in 5 plies in {:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn jieqi_to_its_end_with_the_deal_verified() {
    // No short decisive line can be scripted in Jieqi: the deal is random and nobody knows a
    // face-down piece before it moves. So both phones play random moves by taps (captures
    // preferred), which usually reach a natural end (checkmate, no moves, bare generals, the
    // fifty-move rule) well within the cap; a game still going at the cap is resigned.
    let t = Instant::now();
    let (_server, _phones, white, black) = two_phones(Variant::Jieqi).await;
    const CAP: u32 = 200;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut resigned = false;
    for ply in 1..=CAP {
        let v = white.live.view();
        // The rules on the phone see an end the moves show at once; the server's event
        // follows.
        if v.status != OnlineStatus::Started || v.board.outcome.is_some() {
            break;
        }
        let mover = if v.board.to_move == Color::White { &white } else { &black };
        let played = tap_random_move(&mover.live, &mut rng, 0.9).expect("taps");
        // A move that turns a piece up is not shown until the server says what it showed:
        // the taps end deselected with the move sent.
        assert!(
            matches!(played, Some(TapResult::Moved(_) | TapResult::Deselected)),
            "ply {ply}: {played:?}"
        );
        for s in [&white, &black] {
            confirmed(&s.live, ply, MOVE_WITHIN).await.expect("the move is confirmed on both");
        }
        let v = white.live.view();
        if ply == CAP && v.status == OnlineStatus::Started && v.board.outcome.is_none() {
            assert!(white.live.resign());
            resigned = true;
        }
    }
    let views = [
        ended(&white.live, MOVE_WITHIN).await.expect("ends on white"),
        ended(&black.live, MOVE_WITHIN).await.expect("ends on black"),
    ];
    assert_eq!(views[0].board.outcome, views[1].board.outcome, "both seats see the same result");
    let outcome = views[0].board.outcome.expect("an outcome");
    if resigned {
        assert_eq!(outcome.reason_str(), "resignation");
    }
    // Each phone checked the deal's reveal against the commitment of the start.
    for s in [&white, &black] {
        let check = rodina_e2e::until("the deal's check", MOVE_WITHIN, || {
            let d = s.live.view().deal_check?;
            (d != DealCheck::Pending).then_some(d)
        })
        .await
        .expect("a deal check");
        assert_eq!(check, DealCheck::Verified, "{:?}", s.live.view().seat);
    }
    eprintln!(
        "jieqi: {} plies, {outcome:?}{} in {:?}",
        views[0].board.ply_count,
        if resigned { " at the cap" } else { "" },
        t.elapsed()
    );
}
