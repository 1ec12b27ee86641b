use super::*;
use rodina_rules as rules;

fn pass_and_play() -> NewGame {
    NewGame {
        variant: Variant::Xiangqi,
        handicap: None,
        fen: None,
        rule_set: None,
        first: Player::Person,
        second: Player::Person,
        bot_seed: None,
    }
}

fn against(level: &str, seed: u64) -> NewGame {
    NewGame { second: Player::Bot { level: level.into() }, bot_seed: Some(seed), ..pass_and_play() }
}

/// Runs a future as the generated bindings do: inside a tokio runtime.
fn block_on<F: std::future::Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(f)
}

fn p(file: u8, rank: u8) -> Point {
    Point { file, rank }
}

#[test]
fn a_session_plays_through_the_exported_api() {
    let s = GameSession::new(pass_and_play()).unwrap();
    assert_eq!(s.tap(p(7, 2)), TapResult::Selected { point: p(7, 2) });
    let TapResult::Moved { record } = s.tap(p(4, 2)) else { panic!("no move") };
    assert_eq!((record.notation.as_str(), record.side), ("C2=5", Side::First));
    let v = s.view();
    assert_eq!((v.points.len(), v.to_move), (90, Side::Second));
    assert_eq!(v.awaiting, Awaiting::Person { side: Side::Second });
    let TapResult::Refused { refusal } = s.tap(p(4, 2)) else { panic!("not refused") };
    assert_eq!(refusal.kind, RefusalKind::OpponentPiece);
    assert_eq!(refusal.message, "That piece is not yours to move: Black is to move.");
    // The same refusal in Slovak, once the session speaks it.
    s.set_language(Language::Slovak);
    let TapResult::Refused { refusal } = s.tap(p(4, 2)) else { panic!("not refused") };
    assert_eq!(refusal.message, "Túto figúru neťaháte vy: na ťahu je Čierny.");
    assert_eq!(s.view().status, "Na ťahu je Čierny");
    assert_eq!(
        refusal.reason,
        RefusalReason::OpponentPiece { game: Variant::Xiangqi, to_move: Side::Second }
    );
    assert_eq!(s.variant(), Variant::Xiangqi);
    assert_eq!(s.player(Side::Second), Player::Person);
}

#[test]
fn a_refused_move_carries_the_rules_reason_for_a_catalog() {
    let s = GameSession::new(pass_and_play()).unwrap();
    assert_eq!(s.tap(p(1, 0)), TapResult::Selected { point: p(1, 0) });
    let TapResult::Refused { refusal } = s.tap(p(1, 1)) else { panic!("not refused") };
    assert_eq!(refusal.kind, RefusalKind::IllegalMove);
    assert_eq!(refusal.message, "The horse on b1 cannot move to b2.");
    assert_eq!(
        refusal.reason,
        RefusalReason::IllegalMove {
            reason: IllegalMoveReason::CannotReach {
                piece: PieceKind::Horse,
                face_down: false,
                from: p(1, 0),
                to: p(1, 1),
            }
        }
    );
}

#[test]
fn friendly_step_refusals_and_jieqi_view_refusals_cross_typed() {
    let step = rules::IllegalMoveReason::Step {
        number: Some(2),
        error: rules::friendly::StepError::IllegalStep {
            from: rules::friendly::Square::new(2, 2).unwrap(),
            to: rules::friendly::Square::new(4, 3).unwrap(),
        },
    };
    assert_eq!(
        IllegalMoveReason::from(step),
        IllegalMoveReason::Step {
            number: Some(2),
            refusal: StepRefusal::IllegalStep { from: p(2, 2), to: p(4, 3) },
        }
    );
    let m = rules::jieqi::Move::parse_coordinate("h3e3").unwrap();
    let view = rules::IllegalMoveReason::from(rules::jieqi::ViewPlayError::RevealImpossible {
        mv: m,
        role: rules::jieqi::Role::Horse,
    });
    assert_eq!(
        IllegalMoveReason::from(view),
        IllegalMoveReason::View {
            refusal: ViewRefusal::RevealImpossible { mv: "h3e3".into(), piece: PieceKind::Horse },
        }
    );
}

#[test]
fn bad_input_is_an_invalid_input_error_with_the_cores_message() {
    let err =
        GameSession::new(NewGame { fen: Some("xyz".into()), ..pass_and_play() }).err().unwrap();
    assert!(matches!(err, RodinaError::InvalidInput(_)), "{err:?}");
    assert_eq!(err.to_string(), "bad start position: FEN board has 1 ranks, expected 10");
    let s = GameSession::new(pass_and_play()).unwrap();
    let err = s.play("a1a5".into()).unwrap_err();
    assert!(matches!(err, RodinaError::InvalidInput(_)), "{err:?}");
    assert!(err.to_string().contains("the chariot on a1 cannot move to a5"), "{err}");
}

#[test]
fn handicaps_reach_the_core_by_name() {
    let s =
        GameSession::new(NewGame { handicap: Some(Handicap::Chariot), ..pass_and_play() }).unwrap();
    assert_eq!(s.view().points[0].piece, None);
    for h in [Handicap::Horse, Handicap::TwoHorses, Handicap::Cannon, Handicap::Chariot] {
        let fen = GameSession::new(NewGame { handicap: Some(h), ..pass_and_play() }).unwrap().fen();
        let expected = rules::View::fen(&rules::Xiangqi::with_handicap(h.core()));
        assert_eq!(fen, expected);
    }
}

#[test]
fn saving_and_resuming_goes_through_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rodina.db").to_string_lossy().into_owned();
    let store = Store::open(path.clone()).unwrap();
    assert_eq!(store.path(), path);
    let s = GameSession::new(pass_and_play()).unwrap();
    s.play("h3e3".into()).unwrap();
    s.resign().unwrap();
    let id = s.save(store.clone()).unwrap();
    assert_eq!(s.saved_id(), Some(id));
    let list = store.list_games().unwrap();
    let resigned = GameOutcome::Win { winner: Side::First, reason: WinReason::Resignation };
    assert_eq!((list.len(), list[0].outcome), (1, Some(resigned)));
    let back = GameSession::resume(store.clone(), id).unwrap();
    assert_eq!((back.outcome(), back.moves()), (Some(resigned), s.moves()));
    assert!(matches!(GameSession::resume(store.clone(), id + 1), Err(RodinaError::NotFound(_))));
    assert!(store.delete_game(id).unwrap());
}

#[test]
fn store_errors_map_to_what_the_caller_does_about_them() {
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, vec![7u8; 4096]).unwrap();
    let err = Store::open(junk.to_string_lossy().into_owned()).err().unwrap();
    assert!(matches!(err, RodinaError::DatabaseDamaged(_)), "{err:?}");
    let missing = dir.path().join("none").join("x.db");
    let err = Store::open(missing.to_string_lossy().into_owned()).err().unwrap();
    assert!(matches!(err, RodinaError::Storage(_)), "{err:?}");
    let too_new = StoreError::TooNew { path: "x".into(), found: 9, supported: 1 };
    assert!(matches!(RodinaError::from(too_new), RodinaError::DatabaseTooNew(_)));
    let bad = StoreError::BadRecord { id: 3, detail: "no".into() };
    assert!(matches!(RodinaError::from(bad), RodinaError::SavedGameDamaged(_)));
    let foreign = StoreError::Foreign { path: "x".into() };
    assert!(matches!(RodinaError::from(foreign), RodinaError::DatabaseDamaged(_)));
}

#[test]
fn settings_round_trip() {
    let store = Store::in_memory().unwrap();
    let mut s = store.settings().unwrap();
    assert_eq!(s.piece_style, PieceStyle::Characters);
    s.piece_style = PieceStyle::Letters;
    s.rotate_board = true;
    store.set_settings(s.clone()).unwrap();
    assert_eq!(store.settings().unwrap(), s);
}

#[test]
fn core_version_is_the_crate_version() {
    assert_eq!(core_version(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn the_bot_replies_through_the_async_export() {
    let s = GameSession::new(against("novice", 5)).unwrap();
    assert_eq!(block_on(s.play_bot_move(None)).unwrap(), None, "Red, a person, is to move");
    s.play("h3e3".into()).unwrap();
    assert_eq!(s.awaiting(), Awaiting::Bot { side: Side::Second });
    let m = block_on(s.play_bot_move(Some(5_000))).unwrap().expect("the bot moves");
    assert_eq!((m.ply, m.side), (2, Side::Second));
    assert_eq!(s.moves().last(), Some(&m));
    assert_eq!(s.awaiting(), Awaiting::Person { side: Side::First });
    assert!(!s.is_thinking());
    assert_eq!(s.bot_seed(), 5);
    // The same game and seed, resumed from the record, gets the same move.
    let again = GameSession::new(against("novice", 5)).unwrap();
    again.play("h3e3".into()).unwrap();
    assert_eq!(block_on(again.play_bot_move(None)).unwrap(), Some(m));
}

/// The bot's move on its way.
type Pending = tokio::task::JoinHandle<Result<Option<MoveRecord>, RodinaError>>;

/// A game against full strength (a million nodes a move: seconds) after Red's first move,
/// with the bot's search started on a runtime of its own; returns once it is thinking.
fn bot_thinking(seed: u64) -> (Arc<GameSession>, tokio::runtime::Runtime, Pending) {
    let s = GameSession::new(against("full", seed)).unwrap();
    s.play("h3e3".into()).unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).build().unwrap();
    let pending = {
        let s = Arc::clone(&s);
        runtime.spawn(async move { s.play_bot_move(None).await })
    };
    wait_until("the bot starts", || s.is_thinking());
    (s, runtime, pending)
}

/// Waits (a few seconds at most) until `done` holds.
fn wait_until(what: &str, done: impl Fn() -> bool) {
    let started = std::time::Instant::now();
    while !done() {
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "{what}: not in time");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

#[test]
fn undo_while_the_bot_thinks_stops_it_and_nothing_is_played() {
    let (s, runtime, pending) = bot_thinking(1);
    let started = std::time::Instant::now();
    assert!(s.undo());
    let played = runtime.block_on(pending).unwrap().unwrap();
    assert_eq!(played, None);
    assert!(s.moves().is_empty());
    assert!(!s.is_thinking());
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "the search was not stopped");
    // A new request after the stop is not born stopped.
    s.play("h3e3".into()).unwrap();
    let m = runtime.block_on(s.play_bot_move(Some(50))).unwrap();
    assert!(m.is_some());
}

#[test]
fn stop_thinking_abandons_the_turn_and_the_bot_can_think_again() {
    let (s, runtime, pending) = bot_thinking(2);
    s.stop_thinking();
    assert_eq!(runtime.block_on(pending).unwrap().unwrap(), None);
    assert_eq!(s.moves().len(), 1);
    assert_eq!(s.awaiting(), Awaiting::Bot { side: Side::Second });
    let m = runtime.block_on(s.play_bot_move(Some(50))).unwrap();
    assert!(m.is_some(), "the bot thinks again after a stop");
    assert_eq!(s.moves().len(), 2);
}

#[test]
fn dropping_the_pending_call_stops_the_search() {
    let (s, runtime, pending) = bot_thinking(3);
    // What Kotlin's coroutine cancellation does: the future is dropped unfinished.
    pending.abort();
    wait_until("the search stops", || !s.is_thinking());
    assert_eq!(s.moves().len(), 1);
    // The next turn is not born stopped.
    let m = runtime.block_on(s.play_bot_move(Some(50))).unwrap();
    assert!(m.is_some(), "the bot moves after a dropped turn");
}

#[test]
fn unknown_levels_are_invalid_input_and_the_level_list_names_every_level() {
    let err = GameSession::new(against("grandmaster", 1)).err().unwrap();
    assert!(matches!(err, RodinaError::InvalidInput(_)), "{err:?}");
    let levels = bot_levels();
    let ids: Vec<&str> = levels.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["novice", "beginner", "casual", "intermediate", "club", "full"]);
    assert_eq!((levels[0].name_en.as_str(), levels[0].name_sk.as_str()), ("Novice", "Nováčik"));
    for l in &levels {
        let s = GameSession::new(against(&l.name_sk, 1)).unwrap();
        assert_eq!(s.player(Side::Second), Player::Bot { level: l.id.clone() });
    }
}

#[test]
fn a_saved_game_with_the_bot_to_move_resumes_and_the_bot_moves() {
    let store = Store::in_memory().unwrap();
    let s = GameSession::new(against("beginner", 11)).unwrap();
    s.play("h3e3".into()).unwrap();
    let id = s.save(store.clone()).unwrap();
    let back = GameSession::resume(store.clone(), id).unwrap();
    assert_eq!((back.bot_seed(), back.awaiting()), (11, Awaiting::Bot { side: Side::Second }));
    let resumed = block_on(back.play_bot_move(None)).unwrap();
    assert!(resumed.is_some());
    assert_eq!(block_on(s.play_bot_move(None)).unwrap(), resumed);
}

#[test]
fn the_form_seats_the_handicap_giver_as_red_and_starts_every_game() {
    let mut form = new_game_form(Variant::Xiangqi);
    form.bot_level = Some("club".into());
    form.handicap = Some(Handicap::TwoHorses);
    form.giver = HandicapGiver::Bot;
    form.person_side = Side::First;
    let fields = form_fields(form.clone()).unwrap();
    assert!(fields.level && fields.handicap && fields.giver && !fields.side && !fields.rule_set);
    assert_eq!(form_person_plays(form.clone()).unwrap(), Some(Side::Second));
    let game = form_new_game(form.clone()).unwrap();
    assert_eq!(game.first, Player::Bot { level: "club".into() });
    assert_eq!(game.handicap, Some(Handicap::TwoHorses));
    let s = GameSession::new(game).unwrap();
    assert!(s.fen().ends_with("/R1BAKAB1R w - - 0 1"), "{}", s.fen());
    assert_eq!(s.awaiting(), Awaiting::Bot { side: Side::First });

    form.bot_level = Some("grandmaster".into());
    assert!(matches!(form_new_game(form), Err(RodinaError::InvalidInput(_))));

    for v in variants() {
        let mut form = new_game_form(v);
        form.rule_set = RuleSet::Vietnamese;
        form.handicap = Some(Handicap::Horse);
        let game = form_new_game(form).unwrap();
        assert_eq!(game.rule_set.is_some(), v == Variant::Jieqi);
        assert_eq!(game.handicap.is_some(), v == Variant::Xiangqi);
        assert_eq!(GameSession::new(game).unwrap().variant(), v);
    }
    assert_eq!((handicaps().len(), rule_sets().len(), variants().len()), (4, 5, 4));
}

#[test]
fn the_apps_texts_come_from_the_catalog() {
    let summary = GameSummary {
        id: 7,
        variant: Variant::JesonMor,
        first: Player::Person,
        second: Player::Bot { level: "novice".into() },
        ply_count: 2,
        outcome: None,
        created_at_ms: 0,
        updated_at_ms: 0,
    };
    let sk = saved_game_text(Language::Slovak, summary);
    assert!(sk.subtitle.starts_with("2 ťahy"), "{sk:?}");
    let piece = Piece { side: Side::Second, kind: PieceKind::Chariot, face_down: false };
    assert_eq!(piece_label(Language::English, PieceStyle::Characters, piece), "車");
    assert_eq!(piece_label(Language::Slovak, PieceStyle::Letters, piece), "V");
    let text = problem_text(Language::Slovak, Problem::Save { detail: "disk".into() });
    assert_eq!(text, "Partiu sa nepodarilo uložiť: disk");
    assert_eq!(player_name(Language::English, Player::Person), "Person");

    // The hand-over screen's texts come with the view that hides the board.
    let s = GameSession::new(NewGame { variant: Variant::Jieqi, ..pass_and_play() }).unwrap();
    s.set_language(Language::Slovak);
    let v = s.view();
    let hand_over = v.hand_over.expect("pass-and-play Jieqi starts with the hand-over");
    assert!(hand_over.ready.starts_with("Som Červený"), "{hand_over:?}");
    assert!(v.points.iter().all(|p| p.piece.is_none()));
    assert!(s.confirm_hand_over());
    assert_eq!(s.view().hand_over, None);
}

#[test]
fn a_save_waiting_for_the_disk_does_not_hold_the_game() {
    let store = Store::in_memory().unwrap();
    let s = GameSession::new(pass_and_play()).unwrap();
    // The disk is busy: another save holds the store.
    let busy = lock(&store.inner);
    let saving = {
        let (s, store) = (Arc::clone(&s), Arc::clone(&store));
        std::thread::spawn(move || s.save(store))
    };
    // Give the save the time to copy the game and wait for the store.
    std::thread::sleep(std::time::Duration::from_millis(50));
    let (tx, rx) = std::sync::mpsc::channel();
    let tapper = {
        let s = Arc::clone(&s);
        std::thread::spawn(move || {
            let _ = tx.send((s.tap(p(7, 2)), s.tap(p(4, 2)), s.view().ply_count));
        })
    };
    let answered = rx.recv_timeout(std::time::Duration::from_secs(10));
    drop(busy);
    let (selected, moved, plies) = answered.expect("taps are answered while the save waits");
    assert!(matches!(selected, TapResult::Selected { .. }));
    assert!(matches!(moved, TapResult::Moved { .. }));
    assert_eq!(plies, 1);
    tapper.join().unwrap();
    let id = saving.join().unwrap().unwrap();
    // The save wrote the game as it was copied; the next save writes the move.
    assert_eq!(store.list_games().unwrap()[0].ply_count, 0);
    assert_eq!(s.save(Arc::clone(&store)).unwrap(), id);
    assert_eq!(store.list_games().unwrap()[0].ply_count, 1);
}

/// A Xiangqi mate in two of the generator's (Red's cannon screen), and a Jeson Mor puzzle.
const PUZZLES: [&str; 2] = [
    "x1,1n1akab2/9/4b2c1/C3p4/6p2/1c3R1Nr/P1P1P4/Nr6B/5R3/2BAKA3 b - - 3 18,b5h5 f5f10 e10e9 f2f9,1500,300,0,0,mate mateIn2 short,,,xiangqi,1",
    "m1,1n2n2nn/9/3nnn3/6n2/9/3N2N2/3NNN3/9/1N4N1N b - - 0 9,i9h7 e3c4 e7c6 d4c6,1500,300,0,0,material short,,,jesonmor,1",
];

fn puzzle_banks() -> Arc<Puzzles> {
    let banks =
        PUZZLES.iter().map(|line| format!("{}\n{line}\n", rodina_puzzles::TEXT_HEADER)).collect();
    Puzzles::from_banks(banks).unwrap()
}

/// A point from its coordinate text.
fn at(text: &str) -> Point {
    p(text.as_bytes()[0] - b'a', text[1..].parse::<u8>().unwrap() - 1)
}

#[test]
fn a_puzzle_is_solved_by_taps_and_its_attempt_saved_through_the_exported_api() {
    let store = Store::in_memory().unwrap();
    let puzzles = puzzle_banks();
    assert_eq!((puzzles.count(Variant::Xiangqi), puzzles.count(Variant::Jieqi)), (1, 0));
    let s = puzzles.next(store.clone(), Variant::Xiangqi, None).unwrap().unwrap();
    assert_eq!((s.id(), s.phase()), ("x1".to_owned(), PuzzlePhase::Opening));
    let v = s.view();
    assert_eq!((v.solver, v.board.ply_count, v.rated), (Side::First, 0, true));
    let opponent = s.play_opponent().unwrap().unwrap();
    assert_eq!(opponent.coordinate, "b5h5");
    assert_eq!(s.view().board.last_move, Some(opponent));
    assert_eq!(s.tap(at("f5")), PuzzleTapResult::Selected { point: at("f5") });
    let PuzzleTapResult::Right { solved: false, .. } = s.tap(at("f10")) else { panic!("wrong") };
    assert_eq!(s.phase(), PuzzlePhase::Replying);
    assert!(s.play_opponent().unwrap().is_some());
    assert_eq!(s.hint(), Some(at("f2")));
    assert!(s.view().board.points.iter().any(|p| p.highlights.hint && p.point == at("f2")));
    let PuzzleTapResult::Right { solved: true, .. } = s.drag(at("f2"), at("f9")) else { panic!() };
    let v = s.view();
    assert_eq!(v.phase, PuzzlePhase::Solved);
    assert_eq!(v.result.as_deref(), Some("Solved with a hint: it counts as not solved."));
    assert!(v.themes.contains(&Theme::MateIn2));
    assert!(s.has_unsaved_attempts());
    s.save_attempts(store.clone()).unwrap();
    assert!(!s.has_unsaved_attempts());
    let change = s.view().change.unwrap();
    assert!(change.rated && change.change.unwrap() < 0, "a hint counts as failed: {change:?}");
    let progress = puzzles.progress(store.clone(), Variant::Xiangqi).unwrap();
    assert_eq!((progress.solved, progress.attempts, progress.puzzles), (0, 1, 1));
    assert_eq!(progress.rating, change.after);
    // The retry is unrated; the difficulty is the Store's.
    assert!(s.retry().unwrap());
    assert!(!s.view().rated);
    assert_eq!(store.puzzle_difficulty(Variant::Xiangqi).unwrap(), Difficulty::Normal);
    store.set_puzzle_difficulty(Variant::Xiangqi, Difficulty::Hardest).unwrap();
    assert_eq!(puzzles.progress(store, Variant::Xiangqi).unwrap().difficulty, Difficulty::Hardest);
}

#[test]
fn a_wrong_move_and_the_solution_through_the_exported_api() {
    let store = Store::in_memory().unwrap();
    let s = puzzle_banks().open(store.clone(), Variant::JesonMor, "m1".into()).unwrap();
    s.play_opponent().unwrap();
    assert_eq!(s.drag(at("d4"), at("b5")), PuzzleTapResult::Wrong { text: "d4b5".into() });
    let PuzzleTapResult::Refused { refusal } = s.tap(at("e3")) else { panic!("taken") };
    assert_eq!(refusal.kind, RefusalKind::GameOver);
    assert!(s.show_solution());
    assert!(s.solution_step(true));
    let v = s.view();
    assert_eq!(v.solution, Some(SolutionStep { shown: 1, length: 3 }));
    assert_eq!(v.solution_text.as_deref(), Some("Solution: move 1 of 3"));
    s.set_language(Language::Slovak);
    assert_eq!(s.view().solution_text.as_deref(), Some("Riešenie: ťah 1 z 3"));
    s.save_attempts(store.clone()).unwrap();
    assert!(s.view().change_text.unwrap().starts_with('−'));
}

#[test]
fn puzzle_errors_reach_the_apps_by_what_to_do_about_them() {
    let store = Store::in_memory().unwrap();
    let puzzles = puzzle_banks();
    let err = puzzles.open(store.clone(), Variant::Xiangqi, "zz9".into()).err().unwrap();
    assert!(matches!(err, RodinaError::NotFound(_)), "{err:?}");
    let broken = format!("{}\nbroken\n", rodina_puzzles::TEXT_HEADER);
    let err = Puzzles::from_banks(vec![broken]).err().unwrap();
    assert!(matches!(err, RodinaError::PuzzleDamaged(_)), "{err:?}");
    let bad_line = format!(
        "{}\nd1,4k4/5P3/9/1N7/9/9/8p/9/9/R2K5 b - - 0 1,i4i3 a1b3,1500,300,0,0,mate,,,xiangqi,1\n",
        rodina_puzzles::TEXT_HEADER
    );
    let damaged = Puzzles::from_banks(vec![bad_line]).unwrap();
    let err = damaged.next(store, Variant::Xiangqi, None).err().unwrap();
    assert!(matches!(err, RodinaError::PuzzleDamaged(ref m) if m.contains("d1")), "{err:?}");
    assert!(
        problem_text(Language::English, Problem::PuzzleDamaged { detail: "x".into() })
            .starts_with("This puzzle cannot be used")
    );
}

#[test]
fn puzzle_texts_come_from_the_catalog() {
    assert_eq!(difficulties().len(), 5);
    assert_eq!(difficulty_name(Language::Slovak, Difficulty::Hardest), "Najťažšie");
    assert_eq!(theme_name(Language::English, Theme::CannonScreen), "Cannon screen");
    assert_eq!(puzzles_title(Language::English, Variant::Friendly), "Friendly chess puzzles");
    assert_eq!(rating_change_text(Language::English, 7), "+7");
    let rating = PuzzleRating { rating: 1500, deviation: 500, provisional: true };
    assert_eq!(puzzle_rating_text(Language::Slovak, rating), "Hodnotenie 1500?");
    let progress = PuzzleProgress {
        variant: Variant::JesonMor,
        rating,
        solved: 2,
        attempts: 5,
        rated: 5,
        puzzles: 3000,
        difficulty: Difficulty::Normal,
    };
    let t = puzzle_progress_text(Language::Slovak, progress);
    assert_eq!((t.solved.as_str(), t.attempts.as_str()), ("2 vyriešené úlohy", "5 pokusov"));
    assert_eq!(ui_text(Language::English, UiText::PuzzleNext), "Next puzzle");
    assert_eq!(ui_text(Language::Slovak, UiText::PuzzlesEntry), "Úlohy");
    assert_eq!(
        no_puzzle_text(Language::English, Variant::Jieqi, false),
        "There are no Jieqi puzzles yet."
    );
}

#[test]
fn an_exercise_is_solved_by_taps_and_its_score_kept_through_the_exported_api() {
    let store = Store::in_memory().unwrap();
    let courses = Courses::embedded();
    assert!(courses.count(Variant::Xiangqi) >= 15);
    let before = courses.overview(store.clone(), Variant::JesonMor, Language::English).unwrap();
    assert_eq!((before.next.as_deref(), before.solved, before.stars), (Some("leap"), 0, 0));
    let s = courses.open(store.clone(), Variant::JesonMor, "leap".into()).unwrap();
    let v = s.view();
    assert_eq!((v.phase, v.player, v.number), (CoursePhase::Playing, Side::First, 1));
    assert_eq!(v.targets, [CourseTarget { point: at("f3"), collected: false }]);
    assert!(v.board.points.iter().any(|p| p.highlights.goal && p.point == at("f3")));
    assert!(s.hint());
    assert_eq!(s.view().hints.len(), 1);
    assert_eq!(s.tap(at("e1")), CourseTapResult::Selected { point: at("e1") });
    let CourseTapResult::Played { record, collected } = s.tap(at("f3")) else { panic!("played") };
    assert_eq!((record.coordinate.as_str(), collected), ("e1f3", Some(at("f3"))));
    let v = s.view();
    assert_eq!(v.phase, CoursePhase::Solved);
    assert_eq!(v.score, Some(CourseScore { points: 550, best: 550, stars: 3 }));
    assert_eq!(v.stars_text.as_deref(), Some("3 of 3 stars"));
    assert!(s.has_unsaved_scores());
    s.save_scores(store.clone()).unwrap();
    assert!(!s.has_unsaved_scores());
    let after = courses.overview(store.clone(), Variant::JesonMor, Language::Slovak).unwrap();
    assert_eq!((after.next.as_deref(), after.solved, after.stars), (Some("two-leaps"), 1, 3));
    assert_eq!(after.lessons[0].exercises[0].best_text, "550 bodov");
    assert_eq!(after.title, "Jeson Mor: kurz pravidiel");
    // On to the next one, in Slovak.
    assert_eq!(v.next.as_deref(), Some("two-leaps"));
    assert!(s.next_exercise());
    s.set_language(Language::Slovak);
    assert_eq!(s.id(), "two-leaps");
    assert_eq!(s.view().status, "Ste na ťahu (Červený)");
}

#[test]
fn a_failure_and_a_scripted_reply_through_the_exported_api() {
    let store = Store::in_memory().unwrap();
    let courses = Courses::embedded();
    // The reply waits for the screen; then the piece it took fails the exercise.
    let text = r#"{"variant":"jesonmor","lessons":[{"id":"l","exercises":[
        {"id":"e","fen":"n8/9/9/2n6/9/9/3N5/9/9 w - - 0 1","goal":{"kind":"win","reason":"centre"},
         "replies":["c6e5"],"fail":["piece-lost"],"par":2}]}]}"#;
    let scripted = Courses::from_json(vec![text.into()]).unwrap();
    let s = scripted.open(store.clone(), Variant::JesonMor, "e".into()).unwrap();
    assert!(matches!(s.drag(at("d3"), at("e5")), CourseTapResult::Played { .. }));
    assert_eq!(s.phase(), CoursePhase::Replying);
    let CourseTapResult::Refused { refusal } = s.tap(at("e5")) else { panic!("taken") };
    assert_eq!(refusal.kind, RefusalKind::NotYourTurn);
    assert_eq!(s.play_opponent().map(|m| m.coordinate), Some("c6e5".to_owned()));
    let v = s.view();
    assert_eq!((v.phase, v.failure), (CoursePhase::Failed, Some(CourseFailure::PieceLost)));
    assert!(v.can_retry && s.retry());
    assert_eq!(s.phase(), CoursePhase::Playing);
    assert!(!s.has_unsaved_scores());
    // A move that leaves the scripted line ends the exercise with its own reason.
    let s = courses.open(store.clone(), Variant::Xiangqi, "endless-checks".into()).unwrap();
    assert!(matches!(s.drag(at("e2"), at("e3")), CourseTapResult::Played { .. }));
    let v = s.view();
    assert_eq!((v.phase, v.failure), (CoursePhase::Failed, Some(CourseFailure::OffScript)));
    // A try at a forbidden move where the exercise teaches the rule.
    let s = courses.open(store, Variant::Xiangqi, "flying-general".into()).unwrap();
    let CourseTapResult::Illegal { refusal } = s.tap(at("e5")) else { panic!("a try") };
    assert_eq!(refusal.kind, RefusalKind::NoLegalMove);
    assert_eq!(s.view().failure, Some(CourseFailure::IllegalMoveTried));
    assert!(s.fen().starts_with("4k4/9/9/9/9/4N4/9/9/9/4K4 w"));
}

#[test]
fn course_errors_and_pages_reach_the_apps() {
    let store = Store::in_memory().unwrap();
    let courses = Courses::embedded();
    let err = courses.open(store.clone(), Variant::JesonMor, "nope".into()).err().unwrap();
    assert!(matches!(err, RodinaError::NotFound(_)), "{err:?}");
    let err = Courses::from_json(vec!["{".into()]).err().unwrap();
    assert!(matches!(err, RodinaError::CourseDamaged(_)), "{err:?}");
    let only = Courses::from_json(vec![
        r#"{"variant":"jesonmor","lessons":[{"id":"l","exercises":[
        {"id":"a","fen":"n8/9/9/9/9/9/9/9/4N4 w - - 0 1","goal":{"kind":"reach"},"targets":["f3"],"par":1}]}]}"#
            .into(),
    ])
    .unwrap();
    assert_eq!((only.count(Variant::JesonMor), only.count(Variant::Jieqi)), (1, 0));
    assert!(
        problem_text(Language::English, Problem::CourseDamaged { detail: "x".into() })
            .starts_with("The rules course cannot be used")
    );
    let page = game_page(Variant::Xiangqi, Language::Slovak).unwrap();
    assert_eq!(page.title, "Siang-čchi: o hre");
    assert_eq!(page.sections.first().map(|s| s.kind), Some(PageSectionKind::Rules));
    assert!(page.sections.iter().all(|s| !s.parts.is_empty()));
    assert_eq!(course_title(Language::English, Variant::Friendly), "Friendly chess: rules course");
    assert_eq!(ui_text(Language::English, UiText::CoursesEntry), "Rules course");
    assert_eq!(ui_text(Language::Slovak, UiText::CoursePageEntry), "O hre");
}
