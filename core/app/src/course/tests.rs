//! The course feature end to end: the shipped courses' exercises solved and failed by the
//! taps of a game, scores and stars, the scripted replies, the opponent's pass, progress
//! written to a Store and read back, a Jieqi exercise that shows only the player's view, the
//! games' pages, and every text in English and Slovak.

use rodina_learn::{Course, SectionKind};
use rodina_rules::{Color, Variant};

use super::*;
use crate::error::CourseError;
use crate::model::{Awaiting, PieceKind, Point, Refusal};
use crate::store::Store;
use crate::text::Language;

fn store() -> Store {
    Store::open_in_memory().unwrap()
}

fn pt(text: &str) -> Point {
    text.parse().unwrap()
}

fn open(store: &Store, variant: Variant, id: &str) -> CourseSession {
    Courses::embedded().open(store, variant, id).unwrap()
}

/// The piece a promotion's letter names.
fn promoted(letter: char) -> PieceKind {
    match letter.to_ascii_uppercase() {
        'Q' => PieceKind::Queen,
        'R' => PieceKind::Rook,
        'B' => PieceKind::Bishop,
        'N' => PieceKind::Knight,
        other => panic!("no promotion to {other}"),
    }
}

/// Enters a move given in the game's coordinate text by tapping its points in order (a
/// chain's every step), choosing a promotion where a step asks for one; returns what the
/// last tap did.
fn enter(s: &mut CourseSession, text: &str) -> CourseTap {
    let promotion = text.split_once('=').and_then(|(_, p)| p.chars().next()).map(promoted);
    let mut last = None;
    for p in Point::all_in(text) {
        let mut tap = s.tap(p);
        if let CourseTap::ChoosePromotion(_) = tap {
            tap = s.choose_promotion(promotion.expect("the promotion the text names"));
        }
        last = Some(tap);
    }
    last.expect("a move names points")
}

/// Plays `line` by taps, each scripted reply shown as the screen asks for it; returns the
/// session's last view.
fn play(s: &mut CourseSession, line: &[&str]) -> CourseView {
    for text in line {
        assert_eq!(s.phase(), CoursePhase::Playing, "{text}: {:?}", s.view().status);
        match enter(s, text) {
            CourseTap::Played { record, .. } => {
                assert_eq!(record.side, s.player(), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
        if s.phase() == CoursePhase::Replying {
            assert_eq!(s.view().board.awaiting, Awaiting::Bot(!s.player()));
            assert!(s.play_opponent().is_some(), "{text}: the reply is due");
        }
    }
    s.view()
}

#[test]
fn an_exercise_of_every_game_is_solved_by_taps_with_three_stars() {
    let store = store();
    for (variant, id, line) in [
        (Variant::JesonMor, "two-leaps", &["e1d3", "d3b4"][..]),
        (Variant::Xiangqi, "chariot", &["a1a6", "a6h6"][..]),
        (Variant::Friendly, "chain", &["d1d4>d5"][..]),
        (Variant::Jieqi, "take-two-hidden", &["a1a10", "a10i10"][..]),
    ] {
        let mut s = open(&store, variant, id);
        let v = s.view();
        assert_eq!((v.phase, v.moves, v.collected), (CoursePhase::Playing, 0, 0), "{id}");
        assert_eq!(v.board.awaiting, Awaiting::Person(Color::White));
        assert!(!v.can_retry && v.score.is_none() && v.result.is_none());
        // Every target is marked on the board until it is collected.
        let marked: Vec<Point> =
            v.board.points.iter().filter(|p| p.highlights.goal).map(|p| p.point).collect();
        let targets: Vec<Point> = v.targets.iter().map(|t| t.point).collect();
        assert_eq!(marked.len(), targets.len(), "{id}");
        assert!(marked.iter().all(|p| targets.contains(p)));
        let v = play(&mut s, line);
        assert_eq!(v.phase, CoursePhase::Solved, "{id}: {}", v.status);
        assert_eq!(v.status, "Solved!");
        assert_eq!(v.result.as_deref(), Some("Solved!"));
        let score = v.score.expect("a score");
        assert_eq!((score.stars, score.points), (3, score.best), "{id}");
        assert_eq!(v.stars_text.as_deref(), Some("3 of 3 stars"));
        assert_eq!(v.score_text, Some(format!("{} points", score.points)));
        assert!(v.done_text.as_deref().is_some_and(|t| !t.is_empty()));
        assert!(v.new_best && v.best.is_none());
        assert_eq!(v.best_text.as_deref(), Some("A new best score!"));
        assert_eq!(v.board.awaiting, Awaiting::Nobody);
        assert!(v.board.points.iter().all(|p| !p.highlights.goal), "{id}: every target taken");
        assert_eq!(v.collected, u32::try_from(v.targets.len()).unwrap());
        assert!(v.can_retry && !v.can_hint);
        assert_eq!(s.tap(pt("a1")), CourseTap::Refused(Refusal::GameOver));
        // Written off the screen's thread, then read back as the list shows it.
        assert_eq!(s.pending_scores().scores().len(), 1);
        s.save(&store).unwrap();
        assert!(s.pending_scores().is_empty());
        let overview = Courses::embedded().overview(&store, variant, Language::English).unwrap();
        let entry = overview.lessons.iter().flat_map(|l| &l.exercises).find(|e| e.id == id);
        assert_eq!(entry.map(|e| (e.stars, e.best)), Some((3, Some(score))), "{id}");
        assert_eq!(overview.solved, 1);
        assert_eq!(overview.stars, 3);
    }
}

#[test]
fn the_opponent_passes_where_the_script_is_silent_and_the_moves_stay_listed() {
    let store = store();
    let mut s = open(&store, Variant::Xiangqi, "chariot");
    assert_eq!(s.tap(pt("a1")), CourseTap::Selected(pt("a1")));
    assert!(s.view().board.targets.iter().any(|t| t.point == pt("a6")));
    let tap = s.tap(pt("a6"));
    assert!(
        matches!(tap, CourseTap::Played { collected: Some(p), .. } if p == pt("a6")),
        "{tap:?}"
    );
    // Nothing to reply: the player moves again, and the first move stays on the list.
    let v = s.view();
    assert_eq!(v.phase, CoursePhase::Playing);
    assert_eq!(v.board.to_move, Color::White);
    assert_eq!(v.board.move_rows.len(), 1);
    assert!(v.board.point(pt("a6")).unwrap().highlights.last_to);
    assert!(!v.board.point(pt("a6")).unwrap().highlights.goal, "collected");
    assert!(v.board.point(pt("h6")).unwrap().highlights.goal);
    assert_eq!(
        v.targets,
        [
            CourseTarget { point: pt("a6"), collected: true },
            CourseTarget { point: pt("h6"), collected: false },
        ]
    );
    assert_eq!(v.targets_text.as_deref(), Some("Targets: 1 of 2"));
    assert_eq!(v.moves_text, "Moves: 1 · par 2");
    assert_eq!(v.status, "Your move (Red)");
    assert_eq!(v.board.players[0].title, "Red · You");
    assert!(v.can_retry);
    let v = play(&mut s, &["a6h6"]);
    assert_eq!(v.board.move_rows.len(), 2);
    assert_eq!(v.board.ply_count, 2);
    assert_eq!(
        v.board.last_move.as_ref().map(|m| (m.ply, m.coordinate.as_str())),
        Some((2, "a6h6"))
    );
}

/// A check where the script is silent: the opponent cannot pass while in check, so it
/// answers (its general steps aside), shown like a reply; then the player goes on, and the
/// move list holds every move.
#[test]
fn an_opponent_in_check_answers_and_the_player_goes_on() {
    let store = store();
    let mut s = open(&store, Variant::Xiangqi, "chariot");
    assert!(matches!(enter(&mut s, "a1a10"), CourseTap::Played { .. }));
    let v = s.view();
    assert_eq!(v.phase, CoursePhase::Replying, "{}", v.status);
    assert_eq!(v.status, "Black replies…");
    let answer = s.play_opponent().expect("the general's answer");
    assert_eq!((answer.coordinate.as_str(), answer.side), ("f10f9", Color::Black));
    let v = s.view();
    assert_eq!((v.phase, v.board.to_move), (CoursePhase::Playing, Color::White));
    assert_eq!(v.status, "Your move (Red)");
    assert_eq!(v.board.move_rows.len(), 1);
    assert_eq!(v.board.move_rows[0].second.as_deref(), Some(answer.notation.as_str()));
    // The player's own pieces answer the taps again.
    assert_eq!(s.tap(pt("a10")), CourseTap::Selected(pt("a10")));
    assert!(matches!(s.tap(pt("a6")), CourseTap::Played { .. }));
    let v = play(&mut s, &["a6h6"]);
    assert_eq!(v.phase, CoursePhase::Solved, "{}", v.status);
    assert_eq!(v.board.ply_count, 4, "three moves and the answer");
    assert_eq!(v.moves, 3);
}

/// The pieces taken stay on the players' bars when the opponent passes (the run's game
/// begins anew, and the board with it), in every game that counts captures.
#[test]
fn captures_stay_on_the_bars_after_a_pass() {
    let store = store();
    let xiangqi = r#"{"variant":"xiangqi","lessons":[{"id":"l","exercises":[
        {"id":"e","fen":"3k5/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1","goal":{"kind":"reach"},
         "targets":["a6","b6"],"par":2}]}]}"#;
    let jieqi = r#"{"variant":"jieqi","lessons":[{"id":"l","exercises":[
        {"id":"e","fen":"x7x/4k4/9/9/9/9/9/9/9/R2K5 w rn 0 1","goal":{"kind":"capture-all"},
         "targets":["a10","i10","a5"],"par":3}]}]}"#;
    let courses = Courses::from_json(&[xiangqi, jieqi]).unwrap();
    let mut games = vec![
        (courses.open(&store, Variant::Xiangqi, "e").unwrap(), "a1a6"),
        (courses.open(&store, Variant::Jieqi, "e").unwrap(), "a1a10"),
        (open(&store, Variant::JesonMor, "take-two"), "c1d3"),
    ];
    for (s, capture) in &mut games {
        // A position set up without its history counts what is missing as taken (Jieqi):
        // the move adds one to whatever the bars show.
        let bars = |v: &CourseView| -> Vec<usize> {
            v.board.players.iter().map(|p| p.captured.len()).collect()
        };
        let before = bars(&s.view());
        let v = play(s, &[capture]);
        assert_eq!(v.phase, CoursePhase::Playing, "{capture}: {}", v.status);
        assert_eq!(v.board.to_move, s.player(), "{capture}: the opponent passed");
        assert_eq!(bars(&v), [before[0] + 1, before[1]], "{capture}: {:?}", v.board.players);
        let taken = v.board.players[0].captured.last().copied().expect("the piece taken");
        assert_eq!(taken.side, !s.player(), "{capture}");
    }
}

#[test]
fn a_scripted_reply_waits_for_the_screen_and_can_win_the_exercise() {
    let store = store();
    // Endless checks: the chariot's replies check again and again, until the fourth
    // repetition loses the game for the side that kept checking.
    let mut s = open(&store, Variant::Xiangqi, "endless-checks");
    let solved = play(&mut s, &["e2e1", "e1e2", "e2e1", "e1e2"]);
    assert_eq!(solved.phase, CoursePhase::Solved, "{}", solved.status);
    assert_eq!(solved.board.ply_count, 8, "four moves and four replies");
    // Four replies and a bonus within par.
    assert_eq!(solved.score.map(|s| s.points), Some(700));
    // Jeson Mor: to e5, the reply, then leave the centre.
    let mut s = open(&store, Variant::JesonMor, "hold");
    assert!(matches!(enter(&mut s, "d3e5"), CourseTap::Played { .. }));
    let v = s.view();
    assert_eq!(v.phase, CoursePhase::Replying);
    assert_eq!(v.status, "Green replies…");
    assert_eq!(s.tap(pt("e5")), CourseTap::Refused(Refusal::NotYourTurn));
    let reply = s.play_opponent().expect("the reply");
    assert_eq!(reply.coordinate, "a9b7");
    assert_eq!(s.play_opponent(), None, "nothing more is due");
    assert!(s.view().board.point(pt("b7")).unwrap().highlights.last_to);
    let v = play(&mut s, &["e5f7"]);
    assert_eq!(v.phase, CoursePhase::Solved);
    // Two moves and a reply within par: 50 for the reply and 500.
    assert_eq!(v.score.map(|s| (s.points, s.stars)), Some((550, 3)));
}

#[test]
fn every_failure_the_courses_use_fails_with_its_reason() {
    let store = store();
    // A try at a move the rules forbid, where the exercise teaches that rule: the pinned
    // horse (Xiangqi) and the king stepping into a bond (Friendly chess).
    let mut s = open(&store, Variant::Xiangqi, "flying-general");
    match s.tap(pt("e5")) {
        CourseTap::Illegal { refusal: Refusal::NoLegalMove { piece: PieceKind::Horse, .. } } => {}
        other => panic!("{other:?}"),
    }
    let v = s.view();
    assert_eq!((v.phase, v.failure), (CoursePhase::Failed, Some(CourseFailure::IllegalMoveTried)));
    assert_eq!(v.status, "That move is not allowed here. Try again.");
    assert_eq!(v.refusal_text.as_deref(), Some("The horse on e5 has no legal move."));
    assert!(v.can_retry && v.score.is_none());
    let mut s = open(&store, Variant::Friendly, "king-never-bonds");
    assert_eq!(s.tap(pt("e1")), CourseTap::Selected(pt("e1")));
    // A point no king step reaches is a slip: refused, and the king stays in hand.
    let slip = s.tap(pt("a5"));
    assert!(matches!(slip, CourseTap::Refused(Refusal::IllegalMove { .. })), "{slip:?}");
    assert_eq!(s.phase(), CoursePhase::Playing);
    assert!(matches!(s.tap(pt("d2")), CourseTap::Illegal { .. }));
    assert_eq!(s.view().failure, Some(CourseFailure::IllegalMoveTried));
    // A point the general could never reach is a slip of the finger, not a try.
    let mut s = open(&store, Variant::Xiangqi, "flying-general");
    assert_eq!(s.tap(pt("e1")), CourseTap::Selected(pt("e1")));
    let slip = s.tap(pt("a5"));
    assert!(matches!(slip, CourseTap::Refused(Refusal::IllegalMove { .. })), "{slip:?}");
    assert_eq!(s.phase(), CoursePhase::Playing);
    // An exercise that does not teach the rule only refuses the try.
    let mut s = open(&store, Variant::Xiangqi, "horse-leg");
    assert_eq!(s.tap(pt("e3")), CourseTap::Selected(pt("e3")));
    let blocked = s.tap(pt("f5"));
    assert!(matches!(blocked, CourseTap::Refused(Refusal::IllegalMove { .. })), "{blocked:?}");
    assert_eq!(s.phase(), CoursePhase::Playing);

    // A piece left to be taken, in Jeson Mor and in Friendly chess (the king left open).
    for (variant, id, mv) in [
        (Variant::JesonMor, "escape", "e1f3"),
        (Variant::JesonMor, "clear-the-way", "d3e5"),
        (Variant::Friendly, "sako", "e1d1"),
    ] {
        let mut s = open(&store, variant, id);
        assert!(matches!(enter(&mut s, mv), CourseTap::Played { .. }), "{id}");
        let v = s.view();
        assert_eq!(v.failure, Some(CourseFailure::PieceLeftToBeTaken), "{id}: {mv}");
        assert_eq!(v.status, "A piece of yours was left to be taken. Try again.");
    }

    // A piece lost to the scripted reply: the reply shows first, then the failure.
    let text = r#"{"variant":"jesonmor","lessons":[{"id":"l","exercises":[
        {"id":"e","fen":"n8/9/9/2n6/9/9/3N5/9/9 w - - 0 1","goal":{"kind":"win","reason":"centre"},
         "replies":["c6e5"],"fail":["piece-lost"],"par":2}]}]}"#;
    let courses = Courses::from_json(&[text]).unwrap();
    let mut s = courses.open(&store, Variant::JesonMor, "e").unwrap();
    assert!(matches!(enter(&mut s, "d3e5"), CourseTap::Played { .. }));
    assert_eq!(s.phase(), CoursePhase::Replying);
    assert_eq!(s.view().failure, None, "not before the reply is shown");
    assert_eq!(s.play_opponent().map(|m| m.coordinate), Some("c6e5".to_owned()));
    let v = s.view();
    assert_eq!((v.phase, v.failure), (CoursePhase::Failed, Some(CourseFailure::PieceLost)));
    assert_eq!(v.result.as_deref(), Some("A piece of yours was taken. Try again."));

    // A move that leaves the scripted line: the chariot's next reply would give no check, so
    // the exercise ends rather than go on without the checks it is about.
    let mut s = open(&store, Variant::Xiangqi, "endless-checks");
    assert!(matches!(enter(&mut s, "e2e3"), CourseTap::Played { .. }));
    let v = s.view();
    assert_eq!((v.phase, v.failure), (CoursePhase::Failed, Some(CourseFailure::OffScript)));
    assert_eq!(
        v.result.as_deref(),
        Some(
            "Your move left the line this exercise follows: your opponent's planned reply no \
             longer fits. Try again."
        )
    );
    assert_eq!(s.play_opponent(), None, "no reply is shown");
    assert_eq!(s.tap(pt("e3")), CourseTap::Refused(Refusal::GameOver));

    // The game over without the goal: a mate where the exercise asks for a win by no moves.
    let mut s = open(&store, Variant::Xiangqi, "no-moves");
    assert!(matches!(enter(&mut s, "a8d8"), CourseTap::Played { .. }));
    let v = s.view();
    assert_eq!(v.failure, Some(CourseFailure::GameOver), "{}", v.status);
    assert!(v.board.outcome.is_some());
    assert!(s.pending_scores().is_empty(), "a failure has no score to keep");
}

#[test]
fn stars_follow_the_moves_against_par_and_the_best_score_stays() {
    let store = store();
    let mut s = open(&store, Variant::JesonMor, "two-leaps");
    // Three moves for a par of two: slightly over, two stars.
    let v = play(&mut s, &["e1c2", "c2b4", "b4d3"]);
    let slow = v.score.expect("solved");
    assert_eq!((slow.points, slow.best, slow.stars), (400, 600, 2));
    assert_eq!(v.stars_text.as_deref(), Some("2 of 3 stars"));
    assert_eq!(v.moves_text, "Moves: 3 · par 2");
    // Tried again within par: three stars, a new best.
    assert!(s.retry());
    let v = s.view();
    assert_eq!((v.phase, v.moves, v.score), (CoursePhase::Playing, 0, None));
    assert_eq!(v.best.map(|b| b.points), Some(400), "the best so far");
    let v = play(&mut s, &["e1d3", "d3b4"]);
    assert!(v.new_best);
    assert_eq!(v.best_text.as_deref(), Some("A new best score!"));
    // And slower again: the best stays, and the view says what it is.
    s.retry();
    let v = play(&mut s, &["e1c2", "c2b4", "b4d3"]);
    assert!(!v.new_best);
    assert_eq!(v.best_text.as_deref(), Some("Best so far: 600 points"));
    assert_eq!(s.pending_scores().scores().len(), 3);
    s.save(&store).unwrap();
    let progress = store.course_progress(Variant::JesonMor).unwrap();
    assert_eq!(progress.best(s.id()).map(|b| b.points), Some(600));
    // Far over par: one star.
    let mut s = open(&store, Variant::JesonMor, "leap");
    let v = play(&mut s, &["e1d3", "d3e5", "e5f3"]);
    assert_eq!(v.score.map(|s| s.stars), Some(1), "{:?}", v.score);
}

#[test]
fn progress_is_written_once_read_back_and_shows_in_the_list() {
    let store = store();
    let courses = Courses::embedded();
    let fresh = courses.overview(&store, Variant::JesonMor, Language::English).unwrap();
    assert_eq!(fresh.next.as_deref(), Some("leap"));
    assert_eq!(fresh.title, "Jeson Mor: rules course");
    assert_eq!(fresh.solved_text, format!("0 of {} exercises solved", fresh.exercises));
    assert_eq!(fresh.max_stars, 3 * fresh.exercises);
    assert!(fresh.all_solved_text.is_none());
    assert_eq!(fresh.lessons[0].title, "The knight");
    assert_eq!(fresh.lessons[0].exercises[0].best_text, "Not solved yet");
    let mut s = courses.open(&store, Variant::JesonMor, "leap").unwrap();
    play(&mut s, &["e1f3"]);
    // The scores are copied and written without the session; writing twice changes nothing.
    let pending = s.pending_scores();
    pending.write(&store).unwrap();
    pending.write(&store).unwrap();
    s.saved(&pending);
    assert!(s.pending_scores().is_empty());
    let after = courses.overview(&store, Variant::JesonMor, Language::English).unwrap();
    assert_eq!(after.next.as_deref(), Some("two-leaps"));
    assert_eq!((after.solved, after.stars), (1, 3));
    assert_eq!(after.lessons[0].exercises[0].best_text, "550 points");
    assert_eq!(after.lessons[0].stars_text, format!("3 of {} stars", after.lessons[0].max_stars));
    // Opened again, the exercise knows its best.
    let again = courses.open(&store, Variant::JesonMor, "leap").unwrap();
    assert_eq!(again.view().best.map(|b| (b.points, b.stars)), Some((550, 3)));
    // The next exercise in the course, from the same session.
    let mut s = courses.open(&store, Variant::JesonMor, "leap").unwrap();
    assert_eq!(s.view().next.as_deref(), Some("two-leaps"));
    assert!(s.next_exercise());
    let v = s.view();
    assert_eq!((v.exercise.as_str(), v.number), ("two-leaps", 2));
    assert_eq!(v.number_text, format!("Exercise 2 of {}", v.count));
    // The last exercise has none after it.
    let last = courses.course(Variant::JesonMor).unwrap().exercises().last().unwrap().id.clone();
    let mut s = courses.open(&store, Variant::JesonMor, &last.name).unwrap();
    assert_eq!(s.view().next, None);
    assert!(!s.next_exercise());
    // Every exercise solved: the list says so and offers none.
    let course = courses.course(Variant::Jieqi).unwrap();
    for e in course.exercises() {
        store.record_course_score(&e.id, rodina_learn::Score::of(0, 0, 0, 1, 1)).unwrap();
    }
    let done = courses.overview(&store, Variant::Jieqi, Language::English).unwrap();
    assert_eq!((done.next, done.solved), (None, done.exercises));
    assert!(done.all_solved_text.is_some());
}

#[test]
fn hints_show_one_by_one_and_stay_for_a_retry() {
    let store = store();
    let mut s = open(&store, Variant::JesonMor, "clear-the-way");
    let v = s.view();
    assert!(v.can_hint && v.hints.is_empty());
    assert!(s.hint());
    assert_eq!(
        s.view().hints,
        ["The knight on c6 watches e5: a knight of yours there would be taken."]
    );
    assert!(s.hint());
    let v = s.view();
    assert_eq!(v.hints.len(), 2);
    assert!(!v.can_hint && !s.hint(), "two hints, no more");
    s.tap(pt("d3"));
    s.tap(pt("e5"));
    assert_eq!(s.phase(), CoursePhase::Failed, "the knight on e5 was left to be taken");
    assert!(s.retry());
    assert_eq!(s.view().hints.len(), 2, "the hints stay shown for another try");
    assert!(s.next_exercise());
    assert!(s.view().hints.is_empty(), "a new exercise starts without hints");
}

#[test]
fn a_promotion_owed_and_a_chain_are_entered_step_by_step() {
    let store = store();
    // The opponent carried a pawn of the player's to the last rank: its promotion comes
    // first, then the move.
    let mut s = open(&store, Variant::Friendly, "carried-to-promotion");
    let v = s.view();
    let owed = v.board.promotion.expect("a promotion is owed");
    assert_eq!(owed.point, pt("e8"));
    assert_eq!(v.status, "Choose the piece the pawn becomes");
    assert_eq!(s.choose_promotion(PieceKind::Queen), CourseTap::Deselected);
    assert_eq!(s.view().board.promotion, None);
    // The rook enters the bond, and the queen it releases bonds the king.
    let v = play(&mut s, &["e2e8>h8"]);
    assert_eq!(v.phase, CoursePhase::Solved, "{}", v.status);
    // A chain of two steps: each released piece hovers and moves on.
    let mut s = open(&store, Variant::Friendly, "longer-chain");
    s.tap(pt("d1"));
    assert_eq!(s.tap(pt("d4")), CourseTap::Stepped(pt("d4")));
    let v = s.view();
    assert_eq!(v.board.hovering.map(|h| h.piece.kind), Some(PieceKind::Pawn));
    assert_eq!(v.status, "The released pawn moves next");
    assert!(v.board.move_started && s.restart_move());
    assert_eq!(s.view().board.hovering, None);
    let v = play(&mut s, &["d1d4>e5>e8"]);
    assert_eq!(v.phase, CoursePhase::Solved, "{}", v.status);
}

#[test]
fn a_jieqi_exercise_shows_only_what_the_players_seat_knows() {
    let store = store();
    // The same exercise with its face-down identities dealt otherwise: before a piece is
    // turned up, nothing the session hands out may differ.
    let reveal = |pool: &str| {
        format!(
            r#"{{"variant":"jieqi","lessons":[{{"id":"l","exercises":[
            {{"id":"e","fen":"3k5/9/9/9/9/9/X1X6/1X7/9/4K4 w {pool} 0 1","goal":{{"kind":"reveal"}},"par":1}}]}}]}}"#
        )
    };
    let one = Courses::from_json(&[&reveal("PRC")]).unwrap();
    let other = Courses::from_json(&[&reveal("RCP")]).unwrap();
    let mut a = one.open(&store, Variant::Jieqi, "e").unwrap();
    let mut b = other.open(&store, Variant::Jieqi, "e").unwrap();
    assert_eq!(format!("{:?}", a.view()), format!("{:?}", b.view()));
    assert_eq!(a.fen(), b.fen());
    assert!(a.fen().starts_with("3k5/9/9/9/9/9/X1X6/1X7/9/4K4 w "), "{}", a.fen());
    let face_down: Vec<Point> = a
        .view()
        .board
        .points
        .iter()
        .filter(|p| p.piece.is_some_and(|x| x.face_down))
        .map(|p| p.point)
        .collect();
    assert_eq!(face_down, [pt("b3"), pt("a4"), pt("c4")]);
    // Taps on the same pieces give the same answers.
    assert_eq!(a.tap(pt("b3")), b.tap(pt("b3")));
    assert_eq!(format!("{:?}", a.view()), format!("{:?}", b.view()));
    // Moving the piece turns it up: that one piece is known now, the others not.
    let (ma, mb) = (a.tap(pt("b10")), b.tap(pt("b10")));
    let (CourseTap::Played { record: ra, .. }, CourseTap::Played { record: rb, .. }) = (ma, mb)
    else {
        panic!("played");
    };
    assert_ne!(ra.notation, rb.notation, "the reveal says what turned up");
    assert_eq!(a.phase(), CoursePhase::Solved);
    let down = |s: &CourseSession| {
        s.view().board.points.iter().filter(|p| p.piece.is_some_and(|x| x.face_down)).count()
    };
    assert_eq!((down(&a), down(&b)), (2, 2));

    // A reply that takes the player's face-down piece does not tell what it was.
    let text = r#"{"variant":"jieqi","lessons":[{"id":"l","exercises":[
        {"id":"e","fen":"r2k5/9/9/9/9/9/9/9/9/X3K4 w N 0 1","goal":{"kind":"survive","moves":2},
         "replies":["a10a1"],"par":2}]}]}"#;
    let courses = Courses::from_json(&[text]).unwrap();
    let mut s = courses.open(&store, Variant::Jieqi, "e").unwrap();
    assert!(matches!(enter(&mut s, "e1e2"), CourseTap::Played { .. }));
    let reply = s.play_opponent().expect("the reply");
    assert!(reply.notation.starts_with("a10a1"), "{}", reply.notation);
    assert!(!reply.notation.contains(['N', 'n', 'h', 'H']), "{}", reply.notation);
    let v = s.view();
    let lost = v.board.players[1].captured.last().copied().expect("the piece taken");
    assert_eq!((lost.kind, lost.face_down), (None, true), "taken unseen");
    assert_eq!(v.board.move_rows[0].second, Some(reply.notation.clone()));

    // Taking a face-down piece tells the taker what it was.
    let mut s = open(&store, Variant::Jieqi, "take-hidden");
    assert!(matches!(enter(&mut s, "a1a10"), CourseTap::Played { .. }));
    let v = s.view();
    let taken = v.board.players[0].captured.last().copied().expect("a capture");
    assert_eq!((taken.kind, taken.face_down), (Some(PieceKind::Horse), true));
}

#[test]
fn the_session_speaks_slovak() {
    let store = store();
    let mut s = open(&store, Variant::Xiangqi, "chariot");
    s.set_language(Language::Slovak);
    let v = s.view();
    assert_eq!(v.status, "Ste na ťahu (Červený)");
    assert_eq!(v.board.players[0].title, "Červený · Vy");
    assert_eq!(v.moves_text, "Ťahy: 0 · norma 2");
    assert_eq!(v.targets_text.as_deref(), Some("Ciele: 0/2"));
    assert_eq!(
        v.lesson_title,
        crate::text::course_text(Language::Slovak, "course-xiangqi-lesson-pieces")
    );
    assert_ne!(v.goal, crate::text::course_text(Language::English, "course-xiangqi-chariot-goal"));
    let v = play(&mut s, &["a1a6", "a6h6"]);
    assert_eq!(v.result.as_deref(), Some("Vyriešené!"));
    assert_eq!(v.score_text.as_deref(), Some("600 bodov"));
    assert_eq!(v.stars_text.as_deref(), Some("Hviezdy: 3/3"));
    assert_eq!(v.best_text.as_deref(), Some("Nové najlepšie skóre!"));
    let overview =
        Courses::embedded().overview(&store, Variant::Xiangqi, Language::Slovak).unwrap();
    assert_eq!(overview.title, "Siang-čchi: kurz pravidiel");
    assert_eq!(overview.lessons[0].exercises[1].best_text, "Zatiaľ nevyriešené");
    let mut s = open(&store, Variant::Friendly, "sako");
    s.set_language(Language::Slovak);
    enter(&mut s, "e1d1");
    assert_eq!(
        s.view().result,
        Some(crate::text::course_text(Language::Slovak, "course-failed-piece-left"))
    );
    // Every text the courses' views show reads, in both languages: none is left as its id.
    let courses = Courses::embedded();
    for &variant in Variant::ALL {
        for language in Language::ALL {
            let o = courses.overview(&store, variant, language).unwrap();
            let texts = o.lessons.iter().flat_map(|l| {
                std::iter::once(&l.title)
                    .chain(l.exercises.iter().flat_map(|e| [&e.title, &e.goal]))
            });
            for t in texts {
                assert!(!t.is_empty() && !t.starts_with("course-"), "{variant} {language}: {t}");
            }
        }
    }
}

#[test]
fn a_games_page_has_its_sections_in_both_languages() {
    for &variant in Variant::ALL {
        let en = game_page(variant, Language::English).unwrap();
        let sk = game_page(variant, Language::Slovak).unwrap();
        let kinds: Vec<SectionKind> = en.sections.iter().map(|s| s.kind).collect();
        for kind in [SectionKind::Rules, SectionKind::Story, SectionKind::Sources] {
            assert!(kinds.contains(&kind), "{variant}: no {kind:?}");
        }
        assert_eq!(en.sections.len(), sk.sections.len());
        assert_ne!(en.summary, sk.summary, "{variant}");
        let game = crate::text::game_name(Language::English, variant);
        assert_eq!(en.title, format!("About {game}"));
        for page in [&en, &sk] {
            for s in &page.sections {
                assert!(
                    !s.title.starts_with("page-") && !s.parts.is_empty(),
                    "{variant}: {}",
                    s.title
                );
                for p in &s.parts {
                    assert!(!p.title.starts_with("page-") && !p.text.starts_with("page-"), "{p:?}");
                }
            }
        }
    }
}

#[test]
fn bad_input_is_a_typed_error_and_taps_out_of_turn_are_refused() {
    let store = store();
    let courses = Courses::embedded();
    assert!(matches!(
        courses.open(&store, Variant::JesonMor, "nope"),
        Err(CourseError::UnknownExercise { variant: Variant::JesonMor, .. })
    ));
    // An exercise of another game is not in this one's course.
    assert!(matches!(
        courses.open(&store, Variant::Xiangqi, "leap"),
        Err(CourseError::UnknownExercise { .. })
    ));
    assert!(matches!(Courses::from_json(&["{"]), Err(CourseError::CourseText(_))));
    let jm = Course::embedded(Variant::JesonMor).unwrap();
    assert_eq!(jm.variant, Variant::JesonMor);
    let text = include_str!("../../../learn/courses/jesonmor.json");
    assert!(matches!(Courses::from_json(&[text, text]), Err(CourseError::CourseText(_))));
    // A game given no course has an empty one.
    let only = Courses::from_json(&[text]).unwrap();
    let empty = only.overview(&store, Variant::Xiangqi, Language::English).unwrap();
    assert_eq!((empty.exercises, empty.next), (0, None));
    assert!(empty.all_solved_text.is_none());
    // Taps that mean nothing are refused with their reason.
    let mut s = courses.open(&store, Variant::JesonMor, "leap").unwrap();
    assert_eq!(s.tap(Point::new(20, 3)), CourseTap::Refused(Refusal::OffBoard));
    assert_eq!(s.tap(pt("a5")), CourseTap::Refused(Refusal::EmptyPoint));
    assert!(matches!(s.tap(pt("a9")), CourseTap::Refused(Refusal::OpponentPiece { .. })));
    assert_eq!(s.play_opponent(), None, "no reply is due");
    assert!(!s.retry(), "nothing to start again");
    assert_eq!(s.choose_promotion(PieceKind::Queen), s.choose_promotion(PieceKind::Queen));
    assert_eq!(s.phase(), CoursePhase::Playing);
    // A damaged stored score is a typed error when the list or an exercise is read.
    store
        .conn
        .execute("INSERT INTO course_scores VALUES ('jesonmor/leap', 'jesonmor', -1, 1, 0)", [])
        .unwrap();
    assert!(matches!(
        courses.overview(&store, Variant::JesonMor, Language::English),
        Err(CourseError::BadScore { .. })
    ));
    assert!(matches!(
        courses.open(&store, Variant::JesonMor, "leap"),
        Err(CourseError::BadScore { .. })
    ));
}
