//! Secrecy of the Jieqi course across the FFI: an exercise's file holds the truth (what
//! every face-down piece is), and the session plays it, but nothing the bindings hand out
//! may tell what a piece is before the player's seat has seen it turned up or taken it.
//!
//! For every shipped Jieqi exercise where a side has two or more face-down pieces,
//! look-alikes are made that deal those pieces to their points in every other order. Each
//! is opened through the exported API and given
//! the same taps: every piece of the player's lifted, then every first move the board offers,
//! each followed by the scripted reply. The look-alikes that agree on what the moves played
//! so far showed (the move list as the player's seat writes it) must hand out the same view,
//! string for string, and every answer to a tap alike.

use std::sync::Arc;

use rodina_ffi::{CoursePhase, CourseSession, CourseTapResult, Courses, Side, Store, Variant};
use rodina_learn::{Course, Exercise};
use serde_json::json;

/// A course of one exercise, `e` with its FEN replaced by `fen`.
fn course_of(e: &Exercise, fen: &str) -> String {
    let exercise = json!({
        "id": e.id.name,
        "fen": fen,
        "goal": e.goal,
        "par": e.par,
        "targets": e.targets.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "replies": e.replies,
        "fail": e.fail,
        "hints": e.hints,
    });
    json!({"variant": "jieqi", "lessons": [{"id": "l", "exercises": [exercise]}]}).to_string()
}

/// Every order of `letters` (each distinct order once).
fn orders(letters: &[char]) -> Vec<Vec<char>> {
    if letters.len() <= 1 {
        return vec![letters.to_vec()];
    }
    let mut out: Vec<Vec<char>> = Vec::new();
    for (i, &first) in letters.iter().enumerate() {
        let mut rest = letters.to_vec();
        rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            if !out.contains(&tail) {
                out.push(tail);
            }
        }
    }
    out
}

/// `e`'s FEN and its look-alikes: the same face-down pieces of each side dealt to its
/// face-down points in every other order (the truth FEN lists the identities in board
/// order in its third field). What a side has face down as a whole is public (the pieces
/// not on the board and not taken), so only the order is the seat's secret.
fn look_alikes(e: &Exercise) -> Vec<String> {
    let fields: Vec<&str> = e.fen.split(' ').collect();
    let Some(identities) = fields.get(2).filter(|f| **f != "-") else { return Vec::new() };
    let letters: Vec<char> = identities.chars().collect();
    let side = |upper: bool| -> Vec<char> {
        letters.iter().copied().filter(|c| c.is_ascii_uppercase() == upper).collect()
    };
    let mut fens = Vec::new();
    for red in orders(&side(true)) {
        for black in orders(&side(false)) {
            let (mut r, mut b) = (red.iter(), black.iter());
            let dealt: String = letters
                .iter()
                .filter_map(|c| if c.is_ascii_uppercase() { r.next() } else { b.next() })
                .collect();
            let mut f = fields.clone();
            f[2] = &dealt;
            fens.push(f.join(" "));
        }
    }
    fens
}

/// The exercise of each look-alike, opened afresh.
fn open_all(store: &Arc<Store>, e: &Exercise, fens: &[String]) -> Vec<Arc<CourseSession>> {
    fens.iter()
        .map(|fen| {
            let courses = Courses::from_json(vec![course_of(e, fen)])
                .unwrap_or_else(|err| panic!("{}: {err}", e.id));
            courses
                .open(store.clone(), Variant::Jieqi, e.id.name.clone())
                .unwrap_or_else(|err| panic!("{}: {err}", e.id))
        })
        .collect()
}

/// Everything a session hands out now, as one text.
fn handed_out(s: &CourseSession) -> String {
    format!("{:?}\n{}\n{:?}", s.view(), s.fen(), s.phase())
}

/// What the moves played so far showed the player: the move list as their seat writes it.
fn shown(s: &CourseSession) -> String {
    format!("{:?}", s.view().board.move_rows)
}

/// The look-alikes that agree on what was shown hand out the same.
fn agree(id: &str, sessions: &[Arc<CourseSession>], when: &str) {
    for (i, a) in sessions.iter().enumerate() {
        for b in sessions.iter().skip(i + 1) {
            if shown(a) == shown(b) {
                assert_eq!(handed_out(a), handed_out(b), "{id} {when}: look-alikes differ");
            }
        }
    }
}

#[test]
fn a_jieqi_exercise_hands_out_only_what_the_players_seat_has_seen() {
    let store = Store::in_memory().unwrap_or_else(|e| panic!("{e}"));
    let course = Course::embedded(rodina_rules::Variant::Jieqi).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    for e in course.exercises() {
        let fens = look_alikes(e);
        if fens.len() < 2 {
            continue;
        }
        let id = e.id.to_string();
        let all = open_all(&store, e, &fens);
        agree(&id, &all, "at the start");
        // Every piece of the player's lifted and put back: the same answers, the same views.
        let first = all[0].view();
        let own: Vec<_> = first
            .board
            .points
            .iter()
            .filter(|p| p.piece.is_some_and(|x| x.side == Side::First))
            .map(|p| p.point)
            .collect();
        for &p in &own {
            let answers: Vec<CourseTapResult> = all.iter().map(|s| s.tap(p)).collect();
            assert!(answers.windows(2).all(|w| w[0] == w[1]), "{id}: tap {p:?}: {answers:?}");
            agree(&id, &all, "with a piece lifted");
            for s in &all {
                s.restart_move();
            }
        }
        // Every first move the board offers, and the reply: split only by what they showed.
        for &from in &own {
            all[0].tap(from);
            let targets: Vec<_> = all[0].view().board.targets.iter().map(|t| t.point).collect();
            all[0].restart_move();
            for to in targets {
                let tried = open_all(&store, e, &fens);
                for s in &tried {
                    let played = s.drag(from, to);
                    assert!(
                        matches!(played, CourseTapResult::Played { .. }),
                        "{id}: {from:?}-{to:?}: {played:?}"
                    );
                }
                agree(&id, &tried, "after the move");
                for s in &tried {
                    if s.phase() == CoursePhase::Replying {
                        s.play_opponent();
                    }
                }
                agree(&id, &tried, "after the reply");
            }
        }
        checked += 1;
    }
    assert!(checked >= 2, "{checked} exercises with face-down pieces to tell apart");
}
