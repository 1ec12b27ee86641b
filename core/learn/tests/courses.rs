//! Every shipped course: it reads, an automatic solver solves every exercise within its par,
//! every failure an exercise watches for can happen, and every text exists in English and
//! Slovak.

use std::collections::BTreeSet;

use rodina_learn::{Course, CourseError, Ended, Exercise, Failure, Run};
use rodina_rules::Variant;

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
        }
    }
}

#[test]
fn every_failure_an_exercise_watches_for_can_happen() {
    for course in courses() {
        for e in course.exercises() {
            for &reason in &e.fail {
                let failed = if reason == Failure::IllegalMoveTried {
                    let mut run = Run::new(e);
                    run.play("a1a1").ok().and_then(|s| s.ended)
                } else {
                    search(&Run::new(e), e.par + 1, &mut |r| {
                        r.ended() == Some(Ended::Failed { reason })
                    })
                    .and_then(|line| {
                        let mut run = Run::new(e);
                        line.iter().filter_map(|m| run.play(m).ok()).last().and_then(|s| s.ended)
                    })
                };
                assert_eq!(failed, Some(Ended::Failed { reason }), "{} {reason:?}", e.id);
            }
        }
    }
}

/// The message ids a Fluent file defines (`id = ...` at the start of a line).
fn ids(ftl: &str) -> BTreeSet<String> {
    ftl.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_string()))
        .collect()
}

#[test]
fn every_text_exists_in_both_languages_and_none_is_left_over() {
    let en = ids(include_str!("../messages/en.ftl"));
    let sk = ids(include_str!("../messages/sk.ftl"));
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
    assert!(matches!(bad("reach", "fly"), CourseError::Json(_)));
    assert!(matches!(bad("\"par\":1", "\"par\":1,\"colour\":2"), CourseError::Json(_)));
    let no_opponent = bad("n8/", "9/");
    assert!(matches!(no_opponent, CourseError::Over(_) | CourseError::Fen { .. }), "{no_opponent}");
    assert!(matches!(Course::from_json("{"), Err(CourseError::Json(_))));
}
