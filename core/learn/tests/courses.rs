//! Every shipped course: it reads, an automatic solver solves every exercise within its par
//! (a Jieqi exercise whatever its face-down pieces turn out to be), a try never stops with
//! the opponent to move, every failure an exercise watches for can happen (a forbidden move
//! found on the board, while a slip fails nothing), no Jieqi goal or hint tells what a
//! face-down piece is, nor does the pool of identities the player's view holds, and every
//! text exists in English and Slovak.

use std::collections::BTreeSet;

use rodina_learn::{
    Course, CourseError, Ended, Exercise, Failure, Goal, Run, RunError, forbidden_by_rule,
};
use rodina_rules::jieqi::{Jieqi, JieqiView};
use rodina_rules::xiangqi::{self, Role};
use rodina_rules::{AnyGame, Color, ParseMoveError, PlayError, Point, Seat, Variant, WinReason};

mod support;
use support::messages;

fn courses() -> Vec<Course> {
    Variant::ALL.iter().map(|&v| Course::embedded(v).expect("the course reads")).collect()
}

/// Every run of at most `depth` more moves from `run`, depth first; `found` says when to stop.
fn search(run: &Run, depth: u32, found: &mut dyn FnMut(&Run) -> bool) -> Option<Vec<String>> {
    if run.ended().is_some() {
        return found(run).then(Vec::new);
    }
    if depth == 0 {
        return None;
    }
    for m in run.game().legal_move_texts() {
        let mut next = run.clone();
        if next.play(&m).is_err() {
            continue;
        }
        if let Some(mut rest) = search(&next, depth - 1, found) {
            rest.insert(0, m);
            return Some(rest);
        }
    }
    None
}

fn solve(e: &Exercise) -> Option<Vec<String>> {
    search(&Run::new(e), e.par, &mut |r| matches!(r.ended(), Some(Ended::Solved { .. })))
}

/// Whether the goal is met by the game ending (a win or a draw): every other goal is met in
/// a game that goes on.
fn ends_the_game(goal: Goal) -> bool {
    matches!(goal, Goal::Win { .. } | Goal::Draw { .. })
}

#[test]
fn every_exercise_is_solved_within_par_with_three_stars() {
    for course in courses() {
        let n = course.exercises().count();
        assert!((15..=25).contains(&n), "{}: {n} exercises", course.variant);
        for e in course.exercises() {
            let line = solve(e).unwrap_or_else(|| panic!("{}: no solution within par", e.id));
            let mut run = Run::new(e);
            let mut last = None;
            for m in &line {
                last = run.play(m).expect("the solver's move").ended;
            }
            let Some(Ended::Solved { score }) = last else { panic!("{}: {last:?}", e.id) };
            assert_eq!(score.stars().0, 3, "{}: {line:?}", e.id);
            assert!(line.len() as u32 <= e.par);
            // A goal met on the board (a bond, a point reached) is met in a live game, not
            // in one that the same move ended (every piece bonded, say).
            if !ends_the_game(e.goal) {
                let outcome = run.game().outcome();
                assert_eq!(outcome, None, "{}: {line:?} ended the game", e.id);
            }
        }
    }
}

/// The issue asks for draws in every game's course: each has an exercise won by a draw.
#[test]
fn every_course_teaches_a_draw() {
    for course in courses() {
        let draws: Vec<&str> = course
            .exercises()
            .filter(|e| matches!(e.goal, Goal::Draw { reason: Some(_) }))
            .map(|e| e.id.name.as_str())
            .collect();
        assert!(!draws.is_empty(), "{}: no draw", course.variant);
    }
}

/// Xiangqi's river and palace are met on the board, not only read in a hint: an elephant
/// one step from its target across the river is refused the step and another piece takes
/// it; and a mate where the general's only ways out lead out of its palace.
#[test]
fn the_xiangqi_course_makes_the_player_meet_the_river_and_the_palace() {
    let course = Course::embedded(Variant::Xiangqi).expect("the course");
    let river = course.exercise("river").expect("an exercise of the river");
    let AnyGame::Xiangqi(game) = river.game() else { panic!("a Xiangqi game") };
    let pos = game.position();
    let target = river.targets[0];
    let elephant = pos
        .pieces()
        .filter(|(_, p)| p.color == river.player && p.role == Role::Elephant)
        .map(|(s, _)| Point::from(s))
        .find(|e| e.file.abs_diff(target.file) == 2 && e.rank.abs_diff(target.rank) == 2)
        .expect("an elephant a step from the target");
    let across = |p: Point| (p.rank >= 5) != (river.player == Color::Black);
    assert!(!across(elephant) && across(target), "the river lies between");
    let mut g = river.game();
    let step = format!("{elephant}{target}");
    assert!(g.play_text(&step).is_err(), "{step} crosses the river");
    let line = solve(river).expect("solved");
    assert!(line.iter().all(|m| !m.starts_with(&elephant.to_string())), "{line:?}");

    let palace = course.exercise("palace").expect("an exercise of the palace");
    assert!(matches!(palace.goal, Goal::Win { reason: Some(WinReason::Checkmate) }));
    let line = solve(palace).expect("solved");
    let mut run = Run::new(palace);
    for m in &line {
        run.play(m).expect("the solver's move");
    }
    let AnyGame::Xiangqi(mated) = run.game() else { panic!("a Xiangqi game") };
    let pos = mated.position();
    let general = Point::from(pos.general(!palace.player));
    let in_palace = |p: Point| (3..=5).contains(&p.file) && (7..=9).contains(&p.rank);
    let outside: Vec<Point> = [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .iter()
        .filter_map(|(df, dr)| {
            let p = Point::new(
                general.file.checked_add_signed(*df)?,
                general.rank.checked_add_signed(*dr)?,
            );
            let empty =
                xiangqi::Square::new(p.file, p.rank).is_some_and(|s| pos.piece_at(s).is_none());
            (p.rank < 10 && p.file < 9 && empty && !in_palace(p)).then_some(p)
        })
        .collect();
    assert!(!outside.is_empty(), "the general at {general} could step out but for the palace");
}

/// A Jieqi exercise's file deals its face-down pieces (the truth), but the player cannot
/// know them: every goal must be met within par whatever they are. Each face-down piece is
/// dealt every identity in turn (the deals the rules read).
#[test]
fn every_jieqi_exercise_is_solved_whatever_its_face_down_pieces_are() {
    let course = Course::embedded(Variant::Jieqi).expect("the course");
    let mut deals_tried = 0;
    for e in course.exercises() {
        for fen in deals(&e.fen) {
            let mut dealt = e.clone();
            dealt.fen = fen.clone();
            if AnyGame::replay(Variant::Jieqi, None, &fen, &[], None).is_err() {
                continue; // more pieces of a kind than a side has
            }
            deals_tried += 1;
            assert!(solve(&dealt).is_some(), "{}: no solution within par dealt as {fen}", e.id);
        }
    }
    assert!(deals_tried > 100, "{deals_tried} deals");
}

/// `fen` (a full Jieqi FEN) with its face-down pieces dealt every identity (each in every
/// combination): the third field lists their identities in board order.
fn deals(fen: &str) -> Vec<String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    let Some(identities) = fields.get(2).filter(|f| **f != "-") else { return Vec::new() };
    let mut dealt = vec![String::new()];
    for c in identities.chars() {
        let letters = if c.is_ascii_uppercase() { "ABNRCP" } else { "abnrcp" };
        dealt = dealt
            .iter()
            .flat_map(|prefix| letters.chars().map(move |l| format!("{prefix}{l}")))
            .collect();
    }
    dealt
        .into_iter()
        .map(|third| {
            let mut f = fields.clone();
            f[2] = &third;
            f.join(" ")
        })
        .collect()
}

/// A try at any exercise, move by move, never stops with the opponent to move: the opponent
/// replies, passes, or (where it cannot pass, in check) answers, for every line of the
/// first moves.
#[test]
fn a_try_never_stops_with_the_opponent_to_move() {
    for course in courses() {
        for e in course.exercises() {
            let depth = e.par.min(2);
            let mut stuck = None;
            walk(&Run::new(e), depth, &mut |r: &Run| {
                if r.ended().is_none() && r.game().turn() != e.player {
                    stuck = Some(r.game().truth_fen());
                }
            });
            assert_eq!(stuck, None, "{}: left with the opponent to move", e.id);
        }
    }
}

/// Visits every run reached from `run` by at most `depth` legal moves.
fn walk(run: &Run, depth: u32, visit: &mut dyn FnMut(&Run)) {
    visit(run);
    if depth == 0 || run.ended().is_some() {
        return;
    }
    for m in run.game().legal_move_texts() {
        let mut next = run.clone();
        if next.play(&m).is_ok() {
            walk(&next, depth - 1, visit);
        }
    }
}

/// Every point of `game`'s board.
fn points(game: &AnyGame) -> Vec<Point> {
    let (files, ranks) = game.size();
    (0..ranks).flat_map(|r| (0..files).map(move |f| Point::new(f, r))).collect()
}

/// Every move text from a point to a point of `e`'s start position that the rules refuse,
/// with whether it is a try at a move they forbid (a reason of their own), not a slip.
fn refused_moves(e: &Exercise) -> Vec<(String, bool)> {
    let game = e.game();
    let legal = game.legal_move_texts();
    let all = points(&game);
    let mut out = Vec::new();
    for from in &all {
        for to in &all {
            let text = format!("{from}{to}");
            if legal.contains(&text) {
                continue;
            }
            let mut g = game.clone();
            match g.play_text(&text) {
                Ok(()) => {} // another text of a legal move
                Err(PlayError::Text(ParseMoveError::Illegal { reason, .. })) => {
                    out.push((text, forbidden_by_rule(&game, &reason)));
                }
                Err(_) => out.push((text, false)),
            }
        }
    }
    out
}

#[test]
fn every_failure_an_exercise_watches_for_can_happen() {
    let mut watched = 0;
    for course in courses() {
        for e in course.exercises() {
            for &reason in &e.fail {
                watched += 1;
                if reason == Failure::IllegalMoveTried {
                    illegal_moves_fail_and_slips_do_not(e);
                    continue;
                }
                let failed = search(&Run::new(e), e.par + 1, &mut |r| {
                    r.ended() == Some(Ended::Failed { reason })
                })
                .and_then(|line| {
                    let mut run = Run::new(e);
                    line.iter().filter_map(|m| run.play(m).ok()).last().and_then(|s| s.ended)
                });
                assert_eq!(failed, Some(Ended::Failed { reason }), "{} {reason:?}", e.id);
            }
        }
    }
    assert!(watched >= 4, "{watched} failures watched");
}

/// `e` watches for forbidden moves: a move the rules forbid for a reason, found on its
/// board, fails it; a slip (a text that is no move at all, or one the piece could never
/// make) is refused and fails nothing.
fn illegal_moves_fail_and_slips_do_not(e: &Exercise) {
    let refused = refused_moves(e);
    let tries: Vec<&String> = refused.iter().filter(|(_, t)| *t).map(|(m, _)| m).collect();
    assert!(!tries.is_empty(), "{}: no move the rules forbid for a reason", e.id);
    for text in &tries {
        let ended = Run::new(e).play(text).map(|s| s.ended);
        let failed = Ok(Some(Ended::Failed { reason: Failure::IllegalMoveTried }));
        assert_eq!(ended, failed, "{}: {text}", e.id);
    }
    let moved: Vec<&String> = refused.iter().filter(|(_, t)| !*t).map(|(m, _)| m).collect();
    let slips = ["", "a1a1", "nonsense", "e2e4e6", "z9z9"];
    for text in slips.iter().copied().chain(moved.iter().take(200).map(|m| m.as_str())) {
        let mut run = Run::new(e);
        assert!(matches!(run.play(text), Err(RunError::Illegal(_))), "{}: {text:?}", e.id);
        assert_eq!(run.ended(), None, "{}: the slip {text:?} failed it", e.id);
    }
}

/// No goal or hint of a Jieqi exercise names what one of its face-down pieces really is
/// (where that differs from the piece of its point, which it moves as): the player's seat
/// does not know it before the piece is turned up.
#[test]
fn no_jieqi_goal_or_hint_names_a_face_down_identity() {
    let en = messages(rodina_learn::MESSAGES[0]);
    let course = Course::embedded(Variant::Jieqi).expect("the course");
    let mut checked = 0;
    for e in course.exercises() {
        let AnyGame::Jieqi(game) = e.game() else { panic!("a Jieqi game") };
        let hidden = hidden_identities(game.position());
        for (part, id) in e.text_parts() {
            if part == "done" || part == "title" {
                continue; // shown once solved; the title is the lesson's idea
            }
            let text = en[&id].to_lowercase();
            for (mover, identity) in &hidden {
                if identity != mover {
                    checked += 1;
                    assert!(!text.contains(identity), "{}: {part} names the {identity}", e.id);
                }
            }
        }
    }
    assert!(checked > 0);
}

/// The Jieqi exercises whose point is that a face-down piece's identity is known from what
/// the seat sees (none yet): their pool may tell it.
const KNOWN_FACE_DOWN: [&str; 0] = [];

/// No Jieqi exercise's start lets its player infer what a face-down piece is: in the view the
/// player's seat gets (the view FEN that `rodina course play` and the export hand out), the
/// pool of identities that can still be face down on a side holds at least two different
/// ones wherever that side has a face-down piece. A single face-down piece whose pool is one
/// identity would be known before its reveal, whatever the texts say.
#[test]
fn no_jieqi_view_tells_a_face_down_identity_through_its_pool() {
    let course = Course::embedded(Variant::Jieqi).expect("the course");
    let mut checked = 0;
    for e in course.exercises() {
        if KNOWN_FACE_DOWN.contains(&e.id.name.as_str()) {
            continue;
        }
        let seat = Seat::Player(e.player);
        let fen = e.game().view_fen(seat);
        let view = JieqiView::from_fen(&fen, seat).expect("the view FEN reads");
        for (s, _) in view.pieces().filter(|(s, _)| view.is_face_down(*s)) {
            let color = view.mover_at(s).expect("a face-down piece moves").color;
            let identities: Vec<Role> = view.pool(color).iter().map(|(role, _)| role).collect();
            assert!(
                identities.len() >= 2,
                "{}: the face-down piece on {} can only be {identities:?} ({fen})",
                e.id,
                Point::from(s)
            );
            if color == e.player {
                checked += 1;
            }
        }
    }
    assert!(checked >= 10, "{checked} face-down pieces of the player's side");
}

/// For every face-down piece of `pos`: the name of the piece it moves as (its point's) and
/// of what it really is.
fn hidden_identities(pos: &Jieqi) -> Vec<(&'static str, &'static str)> {
    pos.pieces()
        .filter(|(s, _)| pos.is_face_down(*s))
        .filter_map(|(s, _)| {
            Some((pos.mover_at(s)?.role.name(), pos.true_piece_at(s)?.role.name()))
        })
        .collect()
}

#[test]
fn every_text_exists_in_both_languages_and_none_is_left_over() {
    let en: BTreeSet<String> = messages(rodina_learn::MESSAGES[0]).into_keys().collect();
    let sk: BTreeSet<String> = messages(rodina_learn::MESSAGES[1]).into_keys().collect();
    assert_eq!(en, sk, "English and Slovak name the same messages");
    let mut wanted: BTreeSet<String> = courses().iter().flat_map(Course::text_ids).collect();
    wanted.extend(rodina_learn::COMMON_TEXT_IDS.iter().map(|id| id.to_string()));
    for &v in Variant::ALL {
        // Every page's sections and texts are checked in detail in `pages.rs`.
        let page = rodina_learn::Page::embedded(v).expect("the game's page");
        wanted.extend(page.text_ids());
    }
    assert_eq!(wanted, en, "the courses' texts and the catalog's");
}

/// The course texts that read the same in both languages: a name, not a sentence.
const SAME_IN_BOTH: [&str; 1] = [
    // The Esperanto word for the threatened king, the game's own term in every language.
    "course-friendly-sako-title",
];

/// Every text of every course (lesson titles, each exercise's title, goal, hints and words
/// on success, the reasons a try fails) reads in both languages: not empty, no placeable
/// left, and translated, the Slovak not the English.
#[test]
fn every_course_text_is_written_in_english_and_slovak() {
    let en = messages(rodina_learn::MESSAGES[0]);
    let sk = messages(rodina_learn::MESSAGES[1]);
    let mut ids: Vec<String> = courses().iter().flat_map(Course::text_ids).collect();
    ids.extend(rodina_learn::COMMON_TEXT_IDS.iter().map(|id| id.to_string()));
    let diacritics = "áäčďéíĺľňóôŕšťúýžÁČĎÉÍĽŇÓŠŤÚÝŽ";
    let mut slovak_with_diacritics = 0;
    for id in &ids {
        let texts = [("en", &en), ("sk", &sk)].map(|(language, catalog)| {
            let text = catalog.get(id).unwrap_or_else(|| panic!("no {language} message {id}"));
            assert!(!text.trim().is_empty(), "{language} {id} is empty");
            assert!(!text.contains(['{', '}']), "{language} {id} has a placeable");
            text
        });
        if SAME_IN_BOTH.contains(&id.as_str()) {
            assert_eq!(texts[0], texts[1], "{id} is listed as the same in both");
        } else {
            assert_ne!(texts[0], texts[1], "{id} is not translated");
        }
        if texts[1].contains(|c| diacritics.contains(c)) {
            slovak_with_diacritics += 1;
        }
    }
    // Slovak without diacritics would be a sign of text typed on the wrong keyboard.
    assert!(
        slovak_with_diacritics * 10 >= ids.len() * 8,
        "{slovak_with_diacritics} of {}",
        ids.len()
    );
}

#[test]
fn bad_course_files_are_typed_errors() {
    let good = r#"{"variant":"jesonmor","lessons":[{"id":"l","exercises":[
        {"id":"a","fen":"n8/9/9/9/9/9/9/9/4N4 w - - 0 1","goal":{"kind":"reach"},"targets":["f3"],"par":1}]}]}"#;
    assert!(Course::from_json(good).is_ok());
    let bad = |from: &str, to: &str| Course::from_json(&good.replace(from, to)).unwrap_err();
    assert!(matches!(bad("jesonmor", "chess"), CourseError::Variant(_)));
    assert!(matches!(bad("\"id\":\"a\"", "\"id\":\"A b\""), CourseError::Id(_)));
    assert!(matches!(bad("4N4 w", "4N5 w"), CourseError::Fen { .. }));
    assert!(matches!(bad("\"f3\"", "\"j3\""), CourseError::Target { .. }));
    assert!(matches!(bad("\"f3\"", "\"f33\""), CourseError::Target { .. }));
    assert!(matches!(bad("\"par\":1", "\"par\":0"), CourseError::Goal { .. }));
    assert!(matches!(bad("[\"f3\"]", "[]"), CourseError::Goal { .. }));
    assert!(matches!(bad("reach", "reveal"), CourseError::Goal { .. }));
    assert!(matches!(bad("reach", "move-revealed"), CourseError::Goal { .. }));
    assert!(matches!(bad("reach", "fly"), CourseError::Json(_)));
    assert!(matches!(bad("\"par\":1", "\"par\":1,\"colour\":2"), CourseError::Json(_)));
    for reply in ["", "+", "a9 b7", "++"] {
        let with = format!("\"par\":1,\"replies\":[\"{reply}\"]");
        assert!(matches!(bad("\"par\":1", &with), CourseError::Reply { .. }), "{reply:?}");
    }
    let checked = good.replace("\"par\":1", "\"par\":1,\"replies\":[\"a9b7+\"]");
    let e = Course::from_json(&checked).expect("a reply that must give check");
    let reply = &e.exercises().next().expect("the exercise").replies[0];
    assert_eq!(
        (reply.text.as_str(), reply.gives_check, reply.to_string()),
        ("a9b7", true, "a9b7+".into())
    );
    let no_opponent = bad("n8/", "9/");
    assert!(matches!(no_opponent, CourseError::Over(_) | CourseError::Fen { .. }), "{no_opponent}");
    assert!(matches!(Course::from_json("{"), Err(CourseError::Json(_))));
    // The side to move is the player's, whatever colour it is.
    let black = good.replace("4N4 w", "4N4 b").replace("\"f3\"", "\"b7\"");
    let course = Course::from_json(&black).expect("Green plays");
    assert_eq!(course.exercises().next().map(|e| e.player), Some(Color::Black));
}
