use super::*;
use crate::model::{Highlights, PieceKind, TargetKind};
use rodina_rules::IllegalMoveReason;

/// Red mates in three: the cannon takes the elephant on c10 with the advisor as screen.
const MATE: [&str; 5] = ["b3b5", "a7a6", "b5c5", "f10e9", "c5c10"];

fn pt(text: &str) -> Point {
    let file = text.as_bytes()[0] - b'a';
    let rank: u8 = text[1..].parse().unwrap();
    Point::new(file, rank - 1)
}

fn pass_and_play() -> Session {
    Session::new(NewGame::pass_and_play(Variant::Xiangqi)).unwrap()
}

fn against_bot(bot_side: Color) -> Session {
    against(bot_side, "novice", 42)
}

fn against(bot_side: Color, level: &str, seed: u64) -> Session {
    let bot = Player::Bot { level: level.into() };
    let (first, second) = match bot_side {
        Color::White => (bot, Player::Person),
        Color::Black => (Player::Person, bot),
    };
    Session::new(NewGame {
        first,
        second,
        bot_seed: Some(seed),
        ..NewGame::pass_and_play(Variant::Xiangqi)
    })
    .unwrap()
}

/// Red's horse on b1 asked to step straight ahead, which a horse never does.
fn horse_b1_to_b2() -> Refusal {
    Refusal::IllegalMove {
        reason: IllegalMoveReason::CannotReach {
            piece: PieceKind::Horse,
            face_down: false,
            from: pt("b1"),
            to: pt("b2"),
        },
    }
}

fn refusal(r: TapResult) -> Refusal {
    match r {
        TapResult::Refused(r) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_new_game_shows_every_point_and_waits_for_red() {
    let s = pass_and_play();
    let v = s.view();
    assert_eq!((v.files, v.ranks, v.points.len()), (9, 10, 90));
    assert_eq!(v.to_move, Color::White);
    assert_eq!(v.awaiting, Awaiting::Person(Color::White));
    assert_eq!(v.points.iter().filter(|p| p.piece.is_some()).count(), 32);
    let general = v.point(pt("e1")).unwrap().piece.unwrap();
    assert_eq!(
        (general.side, general.kind, general.face_down),
        (Color::White, PieceKind::General, false)
    );
    assert!(v.points.iter().all(|p| p.highlights == Highlights::default()));
    assert!(!v.can_undo);
    assert_eq!((v.selected, v.last_move.as_ref(), v.check, v.outcome), (None, None, None, None));
    // Points are laid out rank by rank.
    assert!(
        v.points
            .iter()
            .enumerate()
            .all(|(i, p)| usize::from(p.point.rank) * 9 + usize::from(p.point.file) == i)
    );
}

#[test]
fn tapping_a_piece_selects_it_and_shows_its_targets() {
    let mut s = pass_and_play();
    assert_eq!(s.tap(pt("h3")), TapResult::Selected(pt("h3")));
    let v = s.view();
    assert_eq!(v.selected, Some(pt("h3")));
    let mut targets: Vec<String> = v.targets.iter().map(|t| t.point.to_string()).collect();
    targets.sort();
    // Up the file to h7, the jump onto the horse on h10, back to h2, along rank 3.
    assert_eq!(targets, ["c3", "d3", "e3", "f3", "g3", "h10", "h2", "h4", "h5", "h6", "h7", "i3"]);
    let h10 = v.point(pt("h10")).unwrap().highlights;
    assert!(h10.target && h10.capture);
    let h4 = v.point(pt("h4")).unwrap().highlights;
    assert!(h4.target && !h4.capture);
    assert!(v.point(pt("h3")).unwrap().highlights.selected);
}

#[test]
fn taps_that_do_nothing_say_why() {
    let mut s = pass_and_play();
    assert_eq!(refusal(s.tap(pt("e5"))), Refusal::EmptyPoint);
    assert_eq!(
        refusal(s.tap(pt("h8"))),
        Refusal::OpponentPiece { game: Variant::Xiangqi, to_move: Color::White }
    );
    assert_eq!(refusal(s.tap(Point::new(9, 0))), Refusal::OffBoard);
    assert_eq!(
        refusal(s.tap(pt("h8"))).to_string(),
        "that piece is not yours to move: red is to move"
    );
    assert_eq!(s.view().selected, None);
}

#[test]
fn an_illegal_target_is_refused_with_the_rules_reason_and_keeps_the_selection() {
    let mut s = pass_and_play();
    s.tap(pt("b1"));
    let r = refusal(s.tap(pt("b2")));
    assert_eq!(r, horse_b1_to_b2());
    assert_eq!(r.to_string(), "the horse on b1 cannot move to b2");
    assert_eq!(s.view().selected, Some(pt("b1")));
    // Another own piece takes the selection; the selected one again clears it.
    assert_eq!(s.tap(pt("h1")), TapResult::Selected(pt("h1")));
    assert_eq!(s.tap(pt("h1")), TapResult::Deselected);
    assert_eq!(s.view().selected, None);
}

#[test]
fn a_pinned_piece_cannot_be_selected() {
    let fen = "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1";
    let mut s =
        Session::new(NewGame { fen: Some(fen.into()), ..NewGame::pass_and_play(Variant::Xiangqi) })
            .unwrap();
    let r = refusal(s.tap(pt("e5")));
    assert_eq!(r, Refusal::NoLegalMove { piece: PieceKind::Horse, point: pt("e5") });
    assert_eq!(r.to_string(), "the horse on e5 has no legal move");
}

#[test]
fn tapping_a_target_moves_and_records_the_move_in_wxf() {
    let mut s = pass_and_play();
    s.tap(pt("h3"));
    let TapResult::Moved(m) = s.tap(pt("e3")) else { panic!("no move") };
    assert_eq!(
        (m.ply, m.side, m.notation.as_str(), m.coordinate.as_str()),
        (1, Color::White, "C2=5", "h3e3")
    );
    let v = s.view();
    assert_eq!(v.to_move, Color::Black);
    assert_eq!(v.awaiting, Awaiting::Person(Color::Black));
    assert_eq!(v.selected, None);
    assert!(v.targets.is_empty());
    assert!(v.point(pt("h3")).unwrap().highlights.last_from);
    assert!(v.point(pt("e3")).unwrap().highlights.last_to);
    assert_eq!(v.last_move, Some(m));
    assert!(v.can_undo);
}

#[test]
fn dragging_plays_a_move_or_refuses_and_leaves_the_piece_selected() {
    let mut s = pass_and_play();
    assert_eq!(
        refusal(s.drag(pt("h10"), pt("g8"))),
        Refusal::OpponentPiece { game: Variant::Xiangqi, to_move: Color::White }
    );
    assert_eq!(refusal(s.drag(pt("e5"), pt("e6"))), Refusal::EmptyPoint);
    let r = refusal(s.drag(pt("b1"), pt("b2")));
    assert_eq!(r, horse_b1_to_b2());
    assert_eq!(s.view().selected, Some(pt("b1")));
    // A drop on the starting point is a tap, and keeps a selection.
    assert_eq!(s.drag(pt("b1"), pt("b1")), TapResult::Selected(pt("b1")));
    assert_eq!(s.drag(pt("h1"), pt("h1")), TapResult::Selected(pt("h1")));
    let TapResult::Moved(m) = s.drag(pt("b1"), pt("c3")) else { panic!("no move") };
    assert_eq!(m.notation, "H8+7");
    assert_eq!(s.view().selected, None);
}

#[test]
fn cancel_input_drops_the_selection() {
    let mut s = pass_and_play();
    assert!(!s.cancel_input());
    s.tap(pt("a1"));
    assert!(s.cancel_input());
    assert_eq!(s.view().selected, None);
}

#[test]
fn a_game_played_to_checkmate_ends_and_refuses_further_input() {
    let mut s = pass_and_play();
    for m in MATE {
        let (from, to) = m.split_at(2 + usize::from(m.as_bytes()[2] == b'0'));
        let TapResult::Selected(_) = s.tap(pt(from)) else { panic!("{from} not selected") };
        let TapResult::Moved(_) = s.tap(pt(to)) else { panic!("{m} not played") };
    }
    let notation: Vec<&str> = s.moves().iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notation, ["C8+2", "P1+1", "C8=7", "A6+5", "C7+5"]);
    let mate = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
    assert_eq!(s.outcome(), Some(mate));
    let v = s.view();
    assert_eq!((v.outcome, v.awaiting, v.check), (Some(mate), Awaiting::Nobody, Some(pt("e10"))));
    assert!(v.point(pt("e10")).unwrap().highlights.check);
    assert_eq!(refusal(s.tap(pt("e10"))), Refusal::GameOver);
    assert_eq!(s.play("e10f10"), Err(SessionError::GameOver));
    assert_eq!(s.resign(), Err(SessionError::GameOver));
    // Undo takes the mating move back and the game goes on.
    assert!(s.undo());
    assert_eq!(s.outcome(), None);
    assert_eq!(s.view().awaiting, Awaiting::Person(Color::White));
}

#[test]
fn check_is_shown_on_the_general_in_check() {
    let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";
    let mut s =
        Session::new(NewGame { fen: Some(fen.into()), ..NewGame::pass_and_play(Variant::Xiangqi) })
            .unwrap();
    assert_eq!(s.view().check, Some(pt("e10")));
    assert!(s.view().point(pt("e10")).unwrap().highlights.check);
    // d10 would face Red's general on the open d-file: only f10 saves Black.
    s.tap(pt("e10"));
    assert_eq!(s.view().targets.iter().map(|t| t.point).collect::<Vec<_>>(), [pt("f10")]);
    s.tap(pt("f10"));
    assert_eq!(s.view().check, None);
}

#[test]
fn moves_as_text_accept_coordinates_and_wxf_and_explain_refusals() {
    let mut s = pass_and_play();
    assert_eq!(s.play("C2=5").unwrap().coordinate, "h3e3");
    // Black counts files from its own right: h is Black's file 8.
    assert_eq!(s.play("h10g8").unwrap().notation, "H8+7");
    let err = s.play("a1a5").unwrap_err();
    assert_eq!(
        err.to_string(),
        "\"a1a5\" is not a legal move here: the chariot on a1 cannot move to a5"
    );
    let err = s.play("hello").unwrap_err();
    assert_eq!(err.to_string(), "\"hello\" is not a move");
    assert_eq!(s.moves().len(), 2);
}

#[test]
fn undo_takes_back_one_move_in_pass_and_play() {
    let mut s = pass_and_play();
    assert!(!s.undo());
    s.play("h3e3").unwrap();
    s.play("h10g8").unwrap();
    s.tap(pt("e3"));
    assert!(s.undo());
    let v = s.view();
    assert_eq!((v.ply_count, v.to_move, v.selected), (1, Color::Black, None));
    assert_eq!(s.moves().last().map(|m| m.coordinate.as_str()), Some("h3e3"));
}

#[test]
fn resigning_in_pass_and_play_loses_for_the_side_to_move_and_can_be_taken_back() {
    let mut s = pass_and_play();
    s.play("h3e3").unwrap();
    let o = s.resign().unwrap();
    assert_eq!(o, Outcome::Win { winner: Color::White, reason: WinReason::Resignation });
    assert_eq!(s.view().awaiting, Awaiting::Nobody);
    assert!(s.undo());
    assert_eq!((s.outcome(), s.moves().len()), (None, 1));
}

#[test]
fn against_a_bot_taps_wait_for_the_bot_and_undo_gives_the_person_the_move_back() {
    let mut s = against_bot(Color::Black);
    s.tap(pt("h3"));
    s.tap(pt("e3"));
    assert_eq!(s.view().awaiting, Awaiting::Bot(Color::Black));
    assert_eq!(refusal(s.tap(pt("h8"))), Refusal::NotYourTurn);
    assert_eq!(refusal(s.drag(pt("h10"), pt("g8"))), Refusal::NotYourTurn);
    s.play("h10g8").unwrap();
    assert_eq!(s.view().awaiting, Awaiting::Person(Color::White));
    assert!(s.undo());
    assert_eq!((s.moves().len(), s.view().awaiting), (0, Awaiting::Person(Color::White)));
    // The person resigns even while the bot is to move.
    s.play("h3e3").unwrap();
    let o = s.resign().unwrap();
    assert_eq!(o, Outcome::Win { winner: Color::Black, reason: WinReason::Resignation });
}

#[test]
fn a_bot_playing_first_moves_before_the_person() {
    let mut s = against_bot(Color::White);
    assert_eq!(s.view().awaiting, Awaiting::Bot(Color::White));
    assert_eq!(refusal(s.tap(pt("h3"))), Refusal::NotYourTurn);
    s.play("h3e3").unwrap();
    assert_eq!(s.view().awaiting, Awaiting::Person(Color::Black));
    // Undoing the person's only chance to move leaves nothing but the bot's move: both go.
    assert!(s.undo());
    assert_eq!(s.moves().len(), 0);
}

#[test]
fn new_game_options_are_checked() {
    let bad_fen =
        NewGame { fen: Some("rnbakabnr/9 w".into()), ..NewGame::pass_and_play(Variant::Xiangqi) };
    let err = Session::new(bad_fen).err().unwrap();
    assert!(matches!(err, SessionError::Fen(_)), "{err:?}");
    assert_eq!(err.to_string(), "bad start position: FEN board has 2 ranks, expected 10");
    let both = NewGame {
        fen: Some(rodina_rules::xiangqi::START_FEN.into()),
        handicap: Some("horse".into()),
        ..NewGame::pass_and_play(Variant::Xiangqi)
    };
    assert!(matches!(Session::new(both), Err(SessionError::Options(_))));
    let unknown =
        NewGame { handicap: Some("queen".into()), ..NewGame::pass_and_play(Variant::Xiangqi) };
    assert!(matches!(Session::new(unknown), Err(SessionError::Options(_))));
}

#[test]
fn a_handicap_game_starts_without_the_pieces_given() {
    let s = Session::new(NewGame {
        handicap: Some("two_horses".into()),
        ..NewGame::pass_and_play(Variant::Xiangqi)
    })
    .unwrap();
    let v = s.view();
    assert_eq!(v.point(pt("b1")).unwrap().piece, None);
    assert_eq!(v.point(pt("h1")).unwrap().piece, None);
    assert_eq!(v.points.iter().filter(|p| p.piece.is_some()).count(), 30);
    assert_eq!(s.handicap(), Some(rodina_rules::xiangqi::Handicap::TwoHorses));
    assert_eq!(s.record().handicap.as_deref(), Some("two_horses"));
}

#[test]
fn a_record_rebuilds_the_same_game() {
    let mut s = against_bot(Color::Black);
    for m in ["h3e3", "h10g8", "h1g3"] {
        s.play(m).unwrap();
    }
    s.resign().unwrap();
    let record = s.record();
    assert_eq!(record.moves, ["h3e3", "h10g8", "h1g3"]);
    let back = Session::from_record(&record).unwrap();
    assert_eq!(back.fen(), s.fen());
    assert_eq!(back.moves(), s.moves());
    assert_eq!(back.outcome(), s.outcome());
    assert_eq!(back.player(Color::Black), &Player::Bot { level: "novice".into() });
    assert_eq!(back.record(), record);
}

#[test]
fn a_record_with_a_move_that_does_not_replay_is_an_error() {
    let mut record = pass_and_play().record();
    record.moves = vec!["h3e3".into(), "h3e3".into()];
    let err = Session::from_record(&record).err().unwrap();
    assert!(err.to_string().contains("there is no piece on h3"), "{err}");
}

#[test]
fn every_game_of_the_family_is_played_saved_and_rebuilt_by_the_same_session_code() {
    for &variant in Variant::ALL {
        let mut s = Session::new(NewGame::pass_and_play(variant)).unwrap();
        // Where pieces are hidden, the device goes to the first player before the board shows.
        let handed = s.confirm_hand_over();
        assert_eq!(handed, variant == Variant::Jieqi, "{variant}");
        let v = s.view();
        assert_eq!(v.variant, variant);
        assert!(v.points.iter().any(|p| p.piece.is_some()), "{variant}");
        // A tap on a piece of the side to move with a legal move, then on its first target.
        let selected = v.points.iter().any(|p| matches!(s.tap(p.point), TapResult::Selected(_)));
        assert!(selected, "{variant}: some piece can move");
        let to = s.view().targets[0].point;
        assert!(matches!(s.tap(to), TapResult::Moved(_)), "{variant}");
        assert_eq!(s.moves().len(), 1);
        let back = Session::from_record(&s.record()).unwrap();
        assert_eq!(back.fen(), s.fen(), "{variant}");
        assert_eq!(back.moves(), s.moves(), "{variant}");
        assert!(s.undo());
        assert!(s.moves().is_empty());
    }
}

#[test]
fn unknown_options_are_refused_by_name() {
    let bad_rules =
        NewGame { rule_set: Some("fast".into()), ..NewGame::pass_and_play(Variant::Jieqi) };
    assert!(matches!(Session::new(bad_rules), Err(SessionError::Options(_))));
    let not_for_xiangqi =
        NewGame { rule_set: Some("tencent".into()), ..NewGame::pass_and_play(Variant::Xiangqi) };
    let err = Session::new(not_for_xiangqi).unwrap_err();
    assert_eq!(err.to_string(), "xiangqi has no rule sets");
}

/// A small deterministic generator, so the random-input test is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % below
    }
}

#[test]
fn random_taps_drags_undos_and_resignations_keep_the_session_consistent() {
    let mut rng = Lcg(7);
    let mut s = pass_and_play();
    let mut moved = 0;
    for _ in 0..4000 {
        // Points a little past the board's edges too: a UI may send anything.
        let mut p = || Point::new(rng.next(11) as u8, rng.next(12) as u8);
        let (a, b) = (p(), p());
        let before = s.moves().len();
        let targets = s.view().targets;
        let result = match rng.next(100) {
            // Undo and resign report their own results; only moves matter below.
            0..=2 => {
                s.undo();
                TapResult::Deselected
            }
            3 => {
                let _ = s.resign();
                TapResult::Deselected
            }
            4..=30 => s.drag(a, b),
            31..=60 if !targets.is_empty() => {
                let t = targets[rng.next(targets.len() as u64) as usize].point;
                s.tap(t)
            }
            _ => s.tap(a),
        };
        if let TapResult::Moved(m) = &result {
            moved += 1;
            assert_eq!(s.moves().len(), before + 1);
            assert_eq!(s.moves().last(), Some(m));
        }
        let v = s.view();
        assert_eq!(v.points.len(), 90);
        assert_eq!(v.ply_count as usize, s.moves().len());
        match v.selected {
            Some(sel) => {
                let piece = v.point(sel).and_then(|pv| pv.piece).expect("a selected piece");
                assert_eq!(piece.side, v.to_move);
                assert!(!v.targets.is_empty());
                assert!(v.targets.iter().all(|t| v.point(t.point).unwrap().highlights.target));
            }
            None => assert!(v.targets.is_empty()),
        }
        if v.outcome.is_some() {
            assert_eq!(v.awaiting, Awaiting::Nobody);
            assert_eq!(v.selected, None);
        }
        // Saving and resuming gives back the same game at any moment.
        let back = Session::from_record(&s.record()).unwrap();
        assert_eq!((back.fen(), back.outcome()), (s.fen(), s.outcome()));
    }
    assert!(moved > 100, "the random input played only {moved} moves");
}

/// A person's move for tests against a bot: the first legal move, in the order the board
/// lists pieces, that does not end the game at once by repetition; a plain and repeatable
/// opponent.
fn some_person_move(s: &mut Session) -> MoveRecord {
    let v = s.view();
    for pv in &v.points {
        if pv.piece.is_some_and(|p| p.side == v.to_move) {
            if !matches!(s.tap(pv.point), TapResult::Selected(_)) {
                continue;
            }
            for t in s.view().targets {
                // A refused step keeps the piece in hand for the next target.
                if let TapResult::Moved(m) = s.tap(t.point) {
                    return m;
                }
            }
            s.cancel_input();
        }
    }
    panic!("no move for the person in {}", s.fen());
}

#[test]
fn the_bot_moves_through_a_request_thought_about_elsewhere_and_a_reply() {
    let mut s = against_bot(Color::Black);
    assert!(s.bot_request().is_none(), "Red, a person, is to move");
    s.play("h3e3").unwrap();
    let request = s.bot_request().expect("the bot is to move");
    assert_eq!(
        (request.side(), request.level(), request.ply_count()),
        (Color::Black, Level::Novice, 1)
    );
    // The request is a snapshot: it thinks on another thread while the session stays here.
    let reply = std::thread::spawn(move || request.think(None)).join().unwrap().unwrap();
    assert!(!reply.interrupted());
    let record = s.apply_bot_reply(reply.clone()).unwrap();
    assert_eq!((record.ply, record.side), (2, Color::Black));
    assert_eq!(record.coordinate, reply.move_text());
    assert_eq!(s.view().awaiting, Awaiting::Person(Color::White));
    // The same reply again is stale: the game has moved on.
    assert_eq!(s.apply_bot_reply(reply), Err(SessionError::StaleBotReply));
    assert_eq!(s.moves().len(), 2);
}

#[test]
fn the_same_game_level_and_seed_give_the_same_bot_moves() {
    let play = |seed: u64| {
        let mut s = against(Color::Black, "beginner", seed);
        for _ in 0..12 {
            if s.outcome().is_some() {
                break;
            }
            some_person_move(&mut s);
            s.play_bot_move().unwrap();
        }
        s.moves().iter().map(|m| m.coordinate.clone()).collect::<Vec<_>>()
    };
    let a = play(7);
    // The person's aimless moves may be mated before the twelfth pair: a dozen plies at least.
    assert!(a.len() >= 12, "{a:?}");
    assert_eq!(a, play(7));
    // Other seeds choose other lines somewhere (book choices, noise), with the person's
    // moves fixed.
    assert!((8..16).any(|seed| play(seed) != a), "every seed played {a:?}");
}

#[test]
fn a_stale_reply_is_refused_after_undo_resignation_or_another_game() {
    let mut s = against_bot(Color::Black);
    s.play("h3e3").unwrap();
    let stale = |s: &Session| s.bot_request().unwrap().think(None).unwrap();

    // Undo: the person's move is taken back while the bot thinks.
    let reply = stale(&s);
    assert!(s.undo());
    assert_eq!(s.apply_bot_reply(reply.clone()), Err(SessionError::StaleBotReply));
    assert_eq!(s.moves().len(), 0);
    // The same move again is a change too: the old reply stays stale, and a new request
    // gets the move the bot chooses anew, the same one (same record, level and seed).
    s.play("h3e3").unwrap();
    assert_eq!(s.apply_bot_reply(reply.clone()), Err(SessionError::StaleBotReply));
    let again = stale(&s);
    assert_eq!(again.move_text(), reply.move_text());
    // Another move instead: stale.
    s.undo();
    s.play("b3e3").unwrap();
    assert_eq!(s.apply_bot_reply(reply.clone()), Err(SessionError::StaleBotReply));

    // Resignation while the bot thinks, and its take-back: stale both times.
    let reply = stale(&s);
    s.resign().unwrap();
    assert_eq!(s.apply_bot_reply(reply.clone()), Err(SessionError::StaleBotReply));
    assert!(s.bot_request().is_none(), "the game is over");
    s.undo();
    assert_eq!(s.apply_bot_reply(reply), Err(SessionError::StaleBotReply));
    let fresh = stale(&s);
    s.apply_bot_reply(fresh).unwrap();

    // Another game with the same moves (a new game started meanwhile).
    let mut other = against(Color::Black, "novice", 42);
    other.play("h3e3").unwrap();
    let reply = stale(&other);
    let mut mine = against(Color::Black, "novice", 42);
    mine.play("h3e3").unwrap();
    assert_eq!(mine.apply_bot_reply(reply), Err(SessionError::StaleBotReply));
    assert_eq!(mine.moves().len(), 1);
}

#[test]
fn a_stopped_bot_still_answers_a_legal_move_and_says_it_was_interrupted() {
    let mut s = against(Color::Black, "full", 1);
    s.play("h3e3").unwrap();
    let request = s.bot_request().unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let reply = request.think(Some(stop)).unwrap();
    assert!(reply.interrupted());
    assert!(reply.nodes() < 10_000, "{} nodes after a stop", reply.nodes());
    // Whether to play it is the caller's choice; it is legal and current.
    s.apply_bot_reply(reply).unwrap();
    assert_eq!(s.view().awaiting, Awaiting::Person(Color::White));
}

#[test]
fn a_time_limit_cuts_the_full_strength_bot_short() {
    let mut s = against(Color::Black, "full", 1);
    s.play("h3e3").unwrap();
    let limit = std::time::Duration::from_millis(30);
    let request = s.bot_request().unwrap().with_time_limit(Some(limit));
    assert_eq!(request.time_limit(), Some(limit));
    let reply = request.think(None).unwrap();
    // A million nodes take seconds; the limit stops it well before (with slack for a busy
    // machine: the search checks the clock every few hundred nodes).
    assert!(reply.elapsed() < std::time::Duration::from_millis(1500), "{:?}", reply.elapsed());
    assert!(reply.nodes() < 1_000_000);
    assert!(!reply.interrupted());
    s.apply_bot_reply(reply).unwrap();
}

#[test]
fn a_bot_playing_first_is_asked_at_once_and_undo_lets_it_move_again() {
    let mut s = against_bot(Color::White);
    let first = s.play_bot_move().unwrap().expect("the bot opens");
    assert_eq!(first.side, Color::White);
    assert_eq!(s.play_bot_move(), Ok(None), "a person is to move now");
    some_person_move(&mut s);
    let second = s.play_bot_move().unwrap().expect("the bot answers");
    assert_eq!(second.ply, 3);
    // Undo gives the person the move back: the bot's move and the person's go.
    assert!(s.undo());
    assert_eq!(s.moves().len(), 1);
    assert_eq!(s.view().awaiting, Awaiting::Person(Color::Black));
    // Taking back the person's only move leaves the bot to open again, as it did.
    assert!(s.undo());
    assert_eq!(s.moves().len(), 0);
    assert_eq!(s.play_bot_move().unwrap(), Some(first));
}

#[test]
fn a_game_against_a_bot_is_played_to_its_end() {
    let mut s = against_bot(Color::Black);
    while s.outcome().is_none() && s.moves().len() < 300 {
        match s.awaiting() {
            Awaiting::Person(_) => {
                some_person_move(&mut s);
            }
            Awaiting::Bot(side) => {
                let m = s.play_bot_move().unwrap().expect("a bot move");
                assert_eq!(m.side, side);
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    // The person plays the first move it finds; the bot should win long before 300 plies.
    let outcome = s.outcome().expect("the game ended");
    assert_eq!(outcome.winner(), Some(Color::Black), "{outcome:?} after {} plies", s.moves().len());
    assert_eq!(s.play_bot_move(), Ok(None));
    assert!(s.bot_request().is_none());
}

#[test]
fn bot_levels_are_read_by_id_or_name_and_unknown_ones_are_refused() {
    let s = against(Color::Black, "Klubový hráč", 1);
    assert_eq!(s.player(Color::Black), &Player::Bot { level: "club".into() });
    assert_eq!(s.bot_level(Color::Black), Some(Level::Club));
    assert_eq!(s.bot_level(Color::White), None);
    let err = Session::new(NewGame {
        second: Player::Bot { level: "grandmaster".into() },
        ..NewGame::pass_and_play(Variant::Xiangqi)
    })
    .unwrap_err();
    assert!(matches!(err, SessionError::Options(_)), "{err:?}");
    assert!(err.to_string().starts_with("unknown level \"grandmaster\""), "{err}");
    // A saved record naming a level this version does not know cannot be rebuilt.
    let mut record = s.record();
    record.second = Player::Bot { level: "grandmaster".into() };
    assert!(matches!(Session::from_record(&record), Err(SessionError::Options(_))));
}

#[test]
fn the_seed_is_kept_in_the_record_and_new_games_draw_different_ones() {
    let s = against(Color::Black, "novice", 0xFFFF_FFFF_FFFF_FFFF);
    assert_eq!(s.record().bot_seed, u64::MAX);
    assert_eq!(Session::from_record(&s.record()).unwrap().bot_seed(), u64::MAX);
    let a = Session::new(NewGame::pass_and_play(Variant::Xiangqi)).unwrap().bot_seed();
    let b = Session::new(NewGame::pass_and_play(Variant::Xiangqi)).unwrap().bot_seed();
    assert_ne!(a, b);
}

#[test]
fn a_resumed_game_with_the_bot_to_move_lets_the_bot_move_as_it_would_have() {
    let mut s = against(Color::Black, "casual", 99);
    for _ in 0..5 {
        some_person_move(&mut s);
        s.play_bot_move().unwrap();
    }
    some_person_move(&mut s);
    assert_eq!(s.awaiting(), Awaiting::Bot(Color::Black));
    let mut back = Session::from_record(&s.record()).unwrap();
    assert_eq!(back.awaiting(), Awaiting::Bot(Color::Black));
    let resumed = back.play_bot_move().unwrap().expect("the bot moves");
    assert_eq!(Some(resumed), s.play_bot_move().unwrap());
}

#[test]
fn undo_between_two_bots_takes_back_one_move() {
    let bot = Player::Bot { level: "novice".into() };
    let mut s = Session::new(NewGame {
        first: bot.clone(),
        second: bot,
        bot_seed: Some(3),
        ..NewGame::pass_and_play(Variant::Xiangqi)
    })
    .unwrap();
    for _ in 0..4 {
        s.play_bot_move().unwrap().expect("a bot move");
    }
    assert!(s.undo());
    assert_eq!(s.moves().len(), 3, "one move, not the whole game");
}

fn friendly_from(fen: &str) -> Session {
    Session::new(NewGame { fen: Some(fen.into()), ..NewGame::pass_and_play(Variant::Friendly) })
        .unwrap()
}

#[test]
fn a_friendly_chain_is_entered_step_by_step_and_can_be_started_again() {
    // White's knight on d4 enters the bond on e6; the White pawn there is released.
    let mut s = friendly_from("4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1");
    assert!(matches!(s.tap(pt("d4")), TapResult::Selected(_)));
    let v = s.view();
    let e6 = v.targets.iter().find(|t| t.point == pt("e6")).expect("e6 is offered");
    assert_eq!(e6.kind, TargetKind::Release);
    assert_eq!(s.tap(pt("e6")), TapResult::Stepped(pt("e6")));
    let v = s.view();
    // The released pawn hovers over its bond, and the bar says it moves next.
    let hovering = v.hovering.expect("a piece hovers");
    assert_eq!((hovering.point, hovering.piece.kind), (pt("e6"), PieceKind::Pawn));
    assert_eq!(v.status, "The released pawn moves next");
    assert!(v.move_started);
    assert_eq!(v.targets.iter().map(|t| t.point).collect::<Vec<_>>(), [pt("e7")]);
    // The knight already stands in the bond on the board drawn mid-chain.
    let e6 = v.point(pt("e6")).unwrap();
    assert!(e6.piece.is_some() && e6.partner.is_some());
    assert_eq!(s.moves().len(), 0, "nothing is played before the chain ends");
    // Start again: the position is back as it was.
    assert!(s.restart_move());
    let v = s.view();
    assert_eq!((v.hovering, v.selected, v.move_started), (None, None, false));
    assert_eq!(v.point(pt("d4")).unwrap().piece.map(|p| p.kind), Some(PieceKind::Knight));
    // And the whole chain by drags: the knight, then the released pawn.
    assert_eq!(s.drag(pt("d4"), pt("e6")), TapResult::Stepped(pt("e6")));
    match s.tap(pt("e7")) {
        TapResult::Moved(m) => assert_eq!(m.coordinate, "d4e6>e7"),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.view().to_move, Color::Black);
}

#[test]
fn a_promotion_is_chosen_before_the_step_completes() {
    let mut s = friendly_from("k7/4P3/8/8/8/8/8/4K3 w - - - 0 1");
    assert!(matches!(s.tap(pt("e7")), TapResult::Selected(_)));
    match s.tap(pt("e8")) {
        TapResult::ChoosePromotion(c) => {
            assert_eq!(c.point, pt("e8"));
            assert!(
                c.choices.contains(&PieceKind::Queen) && c.choices.contains(&PieceKind::Knight)
            );
        }
        other => panic!("{other:?}"),
    }
    let v = s.view();
    assert_eq!(v.promotion.as_ref().map(|p| p.point), Some(pt("e8")));
    assert_eq!(v.status, "Choose the piece the pawn becomes");
    // The same point again asks again, with the same choices, and the step still waits.
    match s.tap(pt("e8")) {
        TapResult::ChoosePromotion(c) => assert_eq!(Some(c), v.promotion.clone()),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.view().promotion, v.promotion);
    match s.choose_promotion(PieceKind::Knight) {
        TapResult::Moved(m) => assert_eq!(m.coordinate, "e7e8=N"),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.view().point(pt("e8")).unwrap().piece.map(|p| p.kind), Some(PieceKind::Knight));
}

#[test]
fn a_promotion_owed_after_the_opponent_carried_the_pawn_is_chosen_first() {
    // Black carried White's pawn in the bond to e8: White owes its promotion.
    let mut s = friendly_from("4(Pn)2k/8/8/8/8/8/7P/K7 w - - e8 6 2");
    let v = s.view();
    let owed = v.promotion.clone().expect("a promotion is owed");
    assert_eq!(owed.point, pt("e8"));
    assert_eq!(v.status, "Choose the piece for your pawn on e8");
    // Nothing else moves first.
    assert!(matches!(s.tap(pt("h2")), TapResult::Refused(_)));
    assert_eq!(s.choose_promotion(PieceKind::Queen), TapResult::Deselected);
    assert!(matches!(s.tap(pt("h2")), TapResult::Selected(_)));
    match s.tap(pt("h3")) {
        TapResult::Moved(m) => assert_eq!(m.coordinate, "e8=Q:h2h3"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn jieqi_pass_and_play_hides_the_board_until_the_device_is_handed_over() {
    let mut s = Session::new(NewGame::pass_and_play(Variant::Jieqi)).unwrap();
    let hidden = |v: &BoardView| {
        v.points.iter().all(|p| p.piece.is_none())
            && v.players.is_empty()
            && v.move_rows.is_empty()
            && v.targets.is_empty()
    };
    let v = s.view();
    assert_eq!(v.awaiting, Awaiting::HandOver(Color::White));
    assert!(hidden(&v));
    assert_eq!(v.status, "Hand the device to Red");
    assert_eq!(s.tap(pt("h3")), TapResult::Refused(Refusal::NotYourTurn));
    assert!(s.confirm_hand_over());
    assert!(!hidden(&s.view()));
    s.play("h3e3").unwrap();
    // After the move, Black gets the device; the board stays hidden until then.
    let v = s.view();
    assert_eq!(v.awaiting, Awaiting::HandOver(Color::Black));
    assert!(hidden(&v));
    assert!(!v.can_undo, "nothing to touch while the device changes hands");
    assert!(s.confirm_hand_over());
    let v = s.view();
    assert_eq!(v.awaiting, Awaiting::Person(Color::Black));
    assert_eq!(v.move_rows.len(), 1);
    assert!(v.move_rows[0].first.as_deref().is_some_and(|m| m.starts_with("h3e3=")));
    // A take-back hands the device back to Red.
    assert!(s.undo());
    assert_eq!(s.view().awaiting, Awaiting::HandOver(Color::White));
    // Against a bot there is one person: no hand-over, the person's seat is shown.
    let bot = Session::new(NewGame {
        second: Player::Bot { level: "novice".into() },
        ..NewGame::pass_and_play(Variant::Jieqi)
    })
    .unwrap();
    assert_eq!(bot.view().awaiting, Awaiting::Person(Color::White));
    assert_eq!(bot.seat(), rodina_rules::Seat::Player(Color::White));
}

#[test]
fn the_bars_show_captures_as_the_looking_seat_knows_them_and_the_threatened_king() {
    // Red's cannon point takes Black's face-down horse point: Red (the person against the
    // bot) sees what it took.
    let full = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w \
                rnbaabnrccpppppPPPPPCCRNBAABNR 0 1 -";
    let mut s = Session::new(NewGame {
        fen: Some(full.into()),
        second: Player::Bot { level: "novice".into() },
        ..NewGame::pass_and_play(Variant::Jieqi)
    })
    .unwrap();
    s.play("b3b10").unwrap();
    let v = s.view();
    let red = &v.players[0];
    assert_eq!(red.captured.len(), 1);
    assert_eq!(red.captured[0].kind, Some(PieceKind::Horse), "the capturer knows");
    assert!(red.captured[0].face_down);
    assert!(v.players[1].captured.is_empty());
    assert_eq!(red.title, "Red · Person");
    assert!(v.players[1].title.starts_with("Black · Bot"));
    // A threatened king in Friendly chess shows in its player's bar.
    let mut f = Session::new(NewGame::pass_and_play(Variant::Friendly)).unwrap();
    for m in ["e2e4", "f7f6", "d1h5"] {
        f.play(m).unwrap();
    }
    let v = f.view();
    assert!(v.players[1].threatened && !v.players[0].threatened);
    assert_eq!(v.status, "Black to move: the king is threatened");
}

#[test]
fn the_view_speaks_the_sessions_language() {
    let mut s = Session::new(NewGame::pass_and_play(Variant::Xiangqi)).unwrap();
    s.play("h3e3").unwrap();
    s.set_language(crate::text::Language::Slovak);
    let v = s.view();
    assert_eq!(v.status, "Na ťahu je Čierny");
    assert_eq!(v.players[0].title, "Červený · Človek");
    s.resign().unwrap();
    let v = s.view();
    assert_eq!(v.result.as_deref(), Some("Vyhráva Červený: súper sa vzdal."));
    assert_eq!(v.status, "Vyhráva Červený: súper sa vzdal.");
    // The move list pairs the moves by number.
    let mut s = Session::new(NewGame::pass_and_play(Variant::Xiangqi)).unwrap();
    for m in ["h3e3", "h10g8", "h1g3"] {
        s.play(m).unwrap();
    }
    let rows = s.view().move_rows;
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[0].number, rows[0].first.as_deref(), rows[0].second.as_deref()),
        (1, Some("C2=5"), Some("H8+7"))
    );
    assert_eq!((rows[1].number, rows[1].second.as_deref()), (2, None));
}

#[test]
fn two_people_may_agree_a_draw_and_take_it_back_a_bot_does_not_agree() {
    let mut s = Session::new(NewGame::pass_and_play(Variant::JesonMor)).unwrap();
    assert!(s.view().can_agree_draw);
    let outcome = s.agree_draw().unwrap();
    assert_eq!(outcome, Outcome::Draw { reason: rodina_rules::DrawReason::Agreement });
    let v = s.view();
    assert!(!v.can_agree_draw && v.result.is_some());
    assert!(matches!(s.agree_draw(), Err(SessionError::GameOver)));
    assert!(s.undo(), "a draw is taken back like a resignation");
    assert_eq!(s.outcome(), None);
    let mut against = Session::new(NewGame {
        second: Player::Bot { level: "novice".into() },
        ..NewGame::pass_and_play(Variant::Xiangqi)
    })
    .unwrap();
    assert!(!against.view().can_agree_draw);
    assert!(matches!(against.agree_draw(), Err(SessionError::DrawNeedsTwoPeople)));
}
