//! The online game's controller without a network: server messages fed in by hand.

use rodina_protocol::{AccountId, ClientMessage, Presence, SideName};

use super::*;

fn info(account: &str, name: Option<&str>) -> PlayerInfo {
    PlayerInfo {
        account: account.parse::<AccountId>().expect("account id"),
        name: name.map(|n| n.parse().expect("name")),
    }
}

const ANN: &str = "a00000000000000000001";
const BOB: &str = "a00000000000000000002";
const XIANGQI_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn options(game: &str, clock: bool) -> GameOptions {
    GameOptions {
        game: game.into(),
        rule_set: None,
        handicap: None,
        colour: rodina_protocol::ColourChoice::White,
        clock: clock
            .then_some(rodina_protocol::ClockSettings { initial_ms: 300_000, increment_ms: 3000 }),
    }
}

fn id() -> GameId {
    "g8vcqpg0fe017h28fhch6".parse().expect("game id")
}

/// Ann's (white's) game, before and after its first state.
fn ann_game(moves: &[&str], clock: Option<ClockState>) -> OnlineGame {
    let mut g = OnlineGame::new(
        id(),
        &options("xiangqi", clock.is_some()),
        info(ANN, Some("ann")),
        info(BOB, None),
        ANN,
        Language::English,
    )
    .expect("game");
    assert_eq!(g.status(), OnlineStatus::Waiting);
    assert_eq!(g.hello(), ClientMessage::Hello { protocol: 1, last_version: None });
    let state = GameState {
        game: id(),
        options: options("xiangqi", clock.is_some()),
        white: info(ANN, Some("ann")),
        black: info(BOB, None),
        seat: "white".into(),
        start: XIANGQI_START.into(),
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        status: Status::Started,
        outcome: None,
        clock,
        draw_offer: None,
        commitment: None,
        reveal: None,
        rematch: None,
    };
    let v = moves.len() as u64;
    assert_eq!(g.receive(sync(v, state), Instant::now()), Received::Changed);
    g.set_connection(ConnectionState::Live);
    g
}

fn sync(v: u64, state: GameState) -> ServerMessage {
    ServerMessage::Sync { v, state: Box::new(state) }
}

fn moved(v: u64, ply: u32, mv: &str) -> ServerMessage {
    ServerMessage::Event { v, e: Some(Event::Move { ply, mv: mv.into(), clock: None }) }
}

fn pt(text: &str) -> Point {
    text.parse().expect("point")
}

#[test]
fn a_move_by_taps_is_played_at_once_sent_with_its_ply_and_confirmed_by_its_event() {
    let mut g = ann_game(&[], None);
    assert_eq!(g.view(Instant::now()).board.awaiting, Awaiting::Person(Color::White));
    let (selected, none) = g.tap(pt("h3"));
    assert_eq!((selected, none), (TapResult::Selected(pt("h3")), None));
    let (result, sent) = g.tap(pt("e3"));
    assert!(matches!(result, TapResult::Moved(ref r) if r.coordinate == "h3e3"), "{result:?}");
    assert_eq!(sent, Some(ClientMessage::Move { ack: 1, mv: "h3e3".into(), lag_ms: None }));
    let v = g.view(Instant::now());
    assert!(v.move_pending);
    assert_eq!(v.board.ply_count, 1);
    assert_eq!(v.board.awaiting, Awaiting::Opponent(Color::Black));
    // Taps wait for the opponent now.
    assert_eq!(g.tap(pt("h1")).0, TapResult::Refused(Refusal::NotYourTurn));
    // Resent until acknowledged.
    assert!(g.unacknowledged().is_some());
    assert_eq!(g.receive(ServerMessage::Ack { ack: 1 }, Instant::now()), Received::Changed);
    assert_eq!(g.unacknowledged(), None);
    assert_eq!(g.receive(moved(1, 1, "h3e3"), Instant::now()), Received::Changed);
    assert_eq!(g.moves(), ["h3e3"]);
    assert_eq!(g.view(Instant::now()).board.ply_count, 1, "confirmed, not played twice");
    assert_eq!(g.receive(moved(2, 2, "h8e8"), Instant::now()), Received::Changed);
    assert_eq!(g.view(Instant::now()).board.awaiting, Awaiting::Person(Color::White));
    assert_eq!(g.hello(), ClientMessage::Hello { protocol: 1, last_version: Some(2) });
}

#[test]
fn a_refused_move_goes_back_and_says_why() {
    let mut g = ann_game(&[], None);
    g.tap(pt("h3"));
    let (_, sent) = g.tap(pt("e3"));
    assert!(sent.is_some());
    let refusal =
        ServerMessage::Error { code: WireError::IllegalMove, detail: "no".into(), ack: Some(1) };
    assert_eq!(g.receive(refusal, Instant::now()), Received::Changed);
    let v = g.view(Instant::now());
    assert_eq!((v.board.ply_count, v.move_pending), (0, false));
    assert_eq!(v.message.as_deref(), Some("The server did not accept that move."));
    assert_eq!(v.board.awaiting, Awaiting::Person(Color::White));
}

#[test]
fn versions_apply_in_order_a_gap_waits_and_repeats_are_ignored() {
    let mut g = ann_game(&["h3e3", "h8e8"], None);
    // Version 4 before 3: kept until 3 comes, then both apply.
    assert_eq!(g.receive(moved(4, 4, "b10c8"), Instant::now()), Received::Gap);
    assert!(g.has_gap());
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.receive(moved(3, 3, "b1c3"), Instant::now()), Received::Changed);
    assert!(!g.has_gap());
    assert_eq!(g.moves(), ["h3e3", "h8e8", "b1c3", "b10c8"]);
    // A repeat of an applied version changes nothing.
    assert_eq!(g.receive(moved(3, 3, "b1c3"), Instant::now()), Received::Unchanged);
    // A move that does not play here: resync.
    assert_eq!(g.receive(moved(5, 5, "a1a9"), Instant::now()), Received::Resync);
    // A move out of step with the plies: resync.
    assert_eq!(g.receive(moved(6, 9, "a1a2"), Instant::now()), Received::Resync);
    // An event whose content this seat may not know still counts.
    let mut g = ann_game(&[], None);
    assert_eq!(
        g.receive(ServerMessage::Event { v: 1, e: None }, Instant::now()),
        Received::Changed
    );
    assert_eq!(g.hello(), ClientMessage::Hello { protocol: 1, last_version: Some(1) });
}

#[test]
fn a_sync_replaces_the_state_and_a_state_that_does_not_read_is_said() {
    let mut g = ann_game(&["h3e3"], None);
    let mut state = match sync(
        0,
        GameState {
            game: id(),
            options: options("xiangqi", false),
            white: info(ANN, None),
            black: info(BOB, None),
            seat: "white".into(),
            start: XIANGQI_START.into(),
            moves: vec!["h3e3".into(), "h8e8".into(), "b1c3".into()],
            status: Status::Started,
            outcome: None,
            clock: None,
            draw_offer: Some(SideName::Black),
            commitment: None,
            reveal: None,
            rematch: None,
        },
    ) {
        ServerMessage::Sync { state, .. } => *state,
        _ => unreachable!(),
    };
    assert_eq!(g.receive(sync(9, state.clone()), Instant::now()), Received::Changed);
    let v = g.view(Instant::now());
    assert_eq!((v.board.ply_count, v.draw_offer), (3, Some(Color::Black)));
    assert_eq!(v.draw_text.as_deref(), Some("Your opponent offers a draw."));
    assert!(v.can_answer_draw && !v.can_offer_draw);
    assert_eq!(g.hello(), ClientMessage::Hello { protocol: 1, last_version: Some(9) });
    // A state whose moves do not play: the old state stays, and the player is told.
    state.moves = vec!["z9z9".into()];
    assert_eq!(g.receive(sync(10, state.clone()), Instant::now()), Received::Changed);
    let v = g.view(Instant::now());
    assert_eq!(v.board.ply_count, 3);
    assert!(v.message.is_some_and(|m| m.starts_with("The game the server sent cannot be read")));
    // Another game's state, or a seat that is none: refused the same way.
    state.moves = Vec::new();
    state.seat = "referee".into();
    g.receive(sync(11, state), Instant::now());
    assert_eq!(g.hello(), ClientMessage::Hello { protocol: 1, last_version: Some(9) });
}

#[test]
fn clocks_count_down_from_the_servers_reading_less_its_trip() {
    let running = ClockState { white_ms: 60_000, black_ms: 30_000, running: Some(SideName::White) };
    let mut g = ann_game(&["h3e3", "h8e8"], Some(running));
    g.measured(Duration::from_millis(200));
    let later = Instant::now() + Duration::from_millis(1500);
    let c = g.clocks(later).expect("clocks");
    // 1.5 s since it arrived, and half the 200 ms round trip before that.
    assert!((58_390..=58_400).contains(&c.white_ms), "{}", c.white_ms);
    assert_eq!((c.black_ms, c.black_text.as_str()), (30_000, "0:30"));
    assert_eq!(c.running, Some(Color::White));
    assert_eq!(clock_text(9_549), "0:09.5");
    assert_eq!(clock_text(3_723_000), "1:02:03");
    assert_eq!(clock_text(0), "0:00.0");
    assert_eq!(until_next_tick(12_345), Duration::from_millis(346));
    assert_eq!(until_next_tick(9_549), Duration::from_millis(50));
    // At the end the clocks stop where the server stopped them.
    let end = ServerMessage::Event {
        v: 3,
        e: Some(Event::Ended {
            outcome: WireOutcome::from(Outcome::Win {
                winner: Color::Black,
                reason: rodina_rules::WinReason::Time,
            }),
            clock: Some(ClockState { white_ms: 0, black_ms: 30_000, running: None }),
            reveal: None,
        }),
    };
    assert_eq!(g.receive(end, Instant::now()), Received::Changed);
    let v = g.view(Instant::now() + Duration::from_secs(5));
    let c = v.clock.expect("clocks");
    assert_eq!((c.white_ms, c.black_ms, c.running), (0, 30_000, None));
    assert_eq!(v.result.as_deref(), Some("Black wins: time ran out."));
    assert!(v.can_offer_rematch && !v.can_resign);
}

#[test]
fn offers_and_claims_follow_the_server_and_need_a_connection() {
    let mut g = ann_game(&["h3e3", "h8e8"], None);
    assert_eq!(g.action(ClientMessage::AcceptDraw {}), None, "no offer to accept");
    assert_eq!(g.action(ClientMessage::OfferDraw {}), Some(ClientMessage::OfferDraw {}));
    g.receive(
        ServerMessage::Event { v: 3, e: Some(Event::DrawOffered { by: SideName::White }) },
        Instant::now(),
    );
    let v = g.view(Instant::now());
    assert_eq!(v.draw_text.as_deref(), Some("You offered a draw."));
    assert!(!v.can_offer_draw && !v.can_abort);
    assert_eq!(g.action(ClientMessage::ClaimWin {}), None);
    let here = Presence { online: true, gone_ms: 0, claimable: false };
    let gone = Presence { online: false, gone_ms: 41_000, claimable: true };
    g.receive(ServerMessage::Presence { white: here, black: gone }, Instant::now());
    let v = g.view(Instant::now());
    assert!(v.can_claim_win);
    assert!(v.opponent_away_text.is_some_and(|t| t.contains("claim the win")));
    g.set_connection(ConnectionState::Reconnecting { attempt: 1, retry_in_ms: 500 });
    assert_eq!(g.action(ClientMessage::ClaimWin {}), None);
    let v = g.view(Instant::now());
    assert_eq!(
        v.message.as_deref(),
        Some("Not connected: try again once the game is back online.")
    );
    assert_eq!(v.connection_text.as_deref(), Some("Connection lost: trying again in 1 s…"));
    g.set_connection(ConnectionState::Live);
    assert_eq!(g.action(ClientMessage::ClaimWin {}), Some(ClientMessage::ClaimWin {}));
    // The protocol refused: no more tries.
    let outdated =
        ServerMessage::Error { code: WireError::Protocol, detail: String::new(), ack: None };
    assert_eq!(g.receive(outdated, Instant::now()), Received::Stop(OfflineReason::Outdated));
}

#[test]
fn a_spectator_sees_and_cannot_touch() {
    let mut g = OnlineGame::new(
        id(),
        &options("jesonmor", false),
        info(ANN, None),
        info(BOB, None),
        "a00000000000000000003",
        Language::Slovak,
    )
    .expect("game");
    assert_eq!(g.seat(), Seat::Spectator);
    let v = g.view(Instant::now());
    assert_eq!(v.status, OnlineStatus::Waiting);
    assert_eq!(v.connection_text.as_deref(), Some("Pripája sa…"));
    assert_eq!(g.tap(pt("b1")).0, TapResult::Refused(Refusal::NotYourTurn));
    assert_eq!(g.action(ClientMessage::Resign {}), None);
}

/// A Jieqi game as the server deals it for the test: Red's cannon point takes `h10` face
/// down, Black turns up `b8`; its salts and commitment.
fn jieqi_dealt() -> (rodina_rules::Game<rodina_rules::Jieqi>, Vec<String>, String) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let new = NewGame::usual(Variant::Jieqi);
    let Ok(rodina_rules::AnyGame::Jieqi(mut game)) = rodina_rules::AnyGame::new(&new, &mut rng)
    else {
        panic!("a Jieqi game")
    };
    for m in ["h3h10", "b8b4"] {
        game.play_text(m).expect("plays");
    }
    let salts: Vec<String> = (0..30u8).map(|i| format!("{:02x}", i * 7 + 1).repeat(32)).collect();
    let committed = rodina_protocol::commit_deal(game.start(), &salts).expect("commits");
    (game, salts, committed)
}

/// `seat`'s client of the dealt game, fed its start, its moves and the end with `reveal`;
/// the deal's check it comes to.
fn deal_check_of(seat: Seat, reveal: impl FnOnce(&Reveal) -> Reveal) -> Option<DealCheck> {
    use rodina_rules::Truth;
    let (game, salts, committed) = jieqi_dealt();
    let account = match seat {
        Seat::Player(Color::White) => ANN,
        Seat::Player(Color::Black) => BOB,
        Seat::Spectator => "a00000000000000000003",
    };
    let mut g = OnlineGame::new(
        id(),
        &options("jieqi", false),
        info(ANN, None),
        info(BOB, None),
        account,
        Language::English,
    )
    .expect("game");
    assert_eq!(g.seat(), seat);
    let state = GameState {
        game: id(),
        options: options("jieqi", false),
        white: info(ANN, None),
        black: info(BOB, None),
        seat: seat.name().into(),
        start: rodina_rules::View::fen(&game.start().view(seat)),
        moves: Vec::new(),
        status: Status::Started,
        outcome: None,
        clock: None,
        draw_offer: None,
        commitment: Some(committed),
        reveal: None,
        rematch: None,
    };
    assert_eq!(g.receive(sync(0, state), Instant::now()), Received::Changed);
    assert_eq!(g.view(Instant::now()).deal_check, Some(DealCheck::Pending));
    for (i, mv) in game.move_texts_for(seat).iter().enumerate() {
        let ply = i as u32 + 1;
        assert_eq!(g.receive(moved(u64::from(ply), ply, mv), Instant::now()), Received::Changed);
    }
    let opened = rodina_protocol::open_deal(game.start(), &salts, &game.view(seat)).expect("open");
    let end = ServerMessage::Event {
        v: 3,
        e: Some(Event::Ended {
            outcome: WireOutcome::from(Outcome::Win {
                winner: Color::White,
                reason: rodina_rules::WinReason::Resignation,
            }),
            clock: None,
            reveal: Some(reveal(&opened)),
        }),
    };
    assert_eq!(g.receive(end, Instant::now()), Received::Changed);
    g.view(Instant::now()).deal_check
}

#[test]
fn the_jieqi_deal_checks_at_the_end_and_a_tampered_reveal_fails() {
    // As the server opens it, for every seat: verified.
    for seat in Seat::ALL {
        assert_eq!(deal_check_of(seat, Reveal::clone), Some(DealCheck::Verified), "{seat:?}");
    }
    let failed = |check: Option<DealCheck>| match check {
        Some(DealCheck::Failed { detail }) => detail,
        other => panic!("expected a failed check, got {other:?}"),
    };
    // An identity changed after the fact: the commitment does not hold.
    let detail = failed(deal_check_of(Seat::Player(Color::White), |r| {
        let mut r = r.clone();
        let a1 = r.openings.iter_mut().find(|o| o.point == "a1").expect("a1");
        a1.piece = Some(if a1.piece.as_deref() == Some("R") { "P" } else { "R" }.into());
        r
    }));
    assert!(detail.contains("commitment"), "{detail}");
    // Red's own capture withheld from Red.
    let detail = failed(deal_check_of(Seat::Player(Color::White), |r| {
        let mut r = r.clone();
        let h10 = r.openings.iter_mut().find(|o| o.point == "h10").expect("h10");
        let (piece, salt) = (h10.piece().expect("piece"), h10.salt.clone().expect("salt"));
        let point = rodina_rules::xiangqi::Square::parse("h10").expect("point");
        *h10 = rodina_protocol::Opening::sealed(point, rodina_protocol::leaf(point, piece, &salt));
        r
    }));
    assert!(detail.contains("withheld"), "{detail}");
    // A reveal cut short.
    let detail =
        failed(deal_check_of(Seat::Spectator, |r| Reveal { openings: r.openings[1..].to_vec() }));
    assert!(detail.contains("points"), "{detail}");
    // The deal as Black gets it leaves out the piece Red took from it.
    let (game, salts, _) = jieqi_dealt();
    let black =
        rodina_protocol::open_deal(game.start(), &salts, &game.view(Seat::Player(Color::Black)))
            .expect("open");
    let h10 = black.openings.iter().find(|o| o.point == "h10").expect("h10");
    assert_eq!((h10.piece.as_deref(), h10.salt.as_deref()), (None, None));
}
