//! `rodina course`: listing, exporting and playing the rules courses.

mod support;
use support::*;

#[test]
fn export_gives_every_exercise_with_both_languages() {
    for game in ["xiangqi", "jieqi", "jesonmor", "friendly"] {
        let o = rodina(&["course", "export", game]);
        assert!(o.status.success(), "{game}");
        let out = stdout(&o);
        let n = out.lines().count();
        assert!((15..=25).contains(&n), "{game}: {n} exercises");
        for line in out.lines() {
            let e: serde_json::Value = serde_json::from_str(line).expect("one JSON object a line");
            assert!(e["id"].as_str().is_some_and(|id| id.starts_with(game)), "{line}");
            for language in ["en", "sk"] {
                let goal = e["texts"][language]["goal"].as_str().unwrap_or_default();
                assert!(!goal.is_empty() && !goal.starts_with("course-"), "{line}");
            }
            assert_ne!(e["texts"]["en"]["goal"], e["texts"]["sk"]["goal"], "{line}");
        }
    }
}

#[test]
fn list_shows_lessons_goals_and_par_in_the_language_asked() {
    let o = rodina(&["course", "list", "jesonmor", "--language", "sk"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("Jazdec\n"), "{out}");
    assert!(
        out.contains("leap") && out.contains("par  1") && out.contains("Skočte jazdcom"),
        "{out}"
    );
    let o = rodina(&["course", "list", "jesonmor", "--language", "de"]);
    assert!(!o.status.success());
}

#[test]
fn an_exercise_is_played_to_its_end_in_the_terminal() {
    let out = play(&["course", "play", "jesonmor", "hold"], "hint\nd3e5\ne5f7\n");
    assert!(out.contains("First jump to e5"), "the hint: {out}");
    assert!(out.contains("a9b7"), "the scripted reply: {out}");
    assert!(out.contains("That is how most games of Jeson Mor are won."), "{out}");
    let out = play(&["course", "play", "jesonmor", "clear-the-way"], "d3e5\n");
    assert!(out.contains("A piece of yours was left to be taken."), "{out}");
    let o = rodina(&["course", "play", "jesonmor", "no-such"]);
    assert!(!o.status.success());
}

#[test]
fn a_jieqi_export_tells_no_face_down_identity() {
    let out = stdout(&rodina(&["course", "export", "jieqi"]));
    let first: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("an exercise")).expect("JSON");
    // The course file writes the face-down piece on a1 as a horse (`N`, the full FEN's
    // identity field); the export gives the view, whose third field is the pool of what can
    // still be face down, with its counts.
    let fen = first["fen"].as_str().expect("a FEN");
    let third = fen.split(' ').nth(2).expect("a third field");
    assert!(third.chars().any(|c| c.is_ascii_digit()), "{fen}");
}

#[test]
fn a_jieqi_exercise_never_shows_a_face_down_identity() {
    // The piece on a1 is a horse; before it moves, nothing on the screen may say so.
    let out = play(&["course", "play", "jieqi", "what-it-really-is"], "quit\n");
    let board_a1 = out.lines().find(|l| l.trim_start().starts_with("1 ")).unwrap_or_default();
    assert!(board_a1.contains('X') && !board_a1.contains('N'), "{board_a1}");
    assert!(out.contains("Can still be face down: Red"), "{out}");
}

#[test]
fn only_a_move_the_rules_forbid_fails_an_exercise_that_watches_for_one() {
    let failed = "That move is not allowed here.";
    // Typos and moves the piece could never make are refused, and the terminal asks again.
    let out = play(&["course", "play", "xiangqi", "flying-general"], "a1a1\nhorse\ne5e9\nquit\n");
    assert!(!out.contains(failed), "a slip failed it: {out}");
    assert_eq!(out.matches("> ").count(), 4, "asked again after each slip: {out}");
    // The pinned horse's move, which the rules forbid, fails it.
    let out = play(&["course", "play", "xiangqi", "flying-general"], "e5e9\ne5c6\n");
    assert!(out.contains(failed), "{out}");
    // Friendly chess: a step no king makes is a slip; the king stepping into a knight is not.
    let out = play(&["course", "play", "friendly", "king-never-bonds"], "e1a5\nquit\n");
    assert!(!out.contains(failed), "{out}");
    let out = play(&["course", "play", "friendly", "king-never-bonds"], "e1a5\ne1d2\n");
    assert!(out.contains(failed), "{out}");
}

#[test]
fn an_opponent_in_check_answers_and_the_exercise_goes_on() {
    // The chariot checks the general where the script says nothing: the general steps
    // aside, and the chariot goes on to both targets.
    let out = play(&["course", "play", "xiangqi", "chariot"], "a1a10\na10a6\na6h6\n");
    assert!(out.contains("f10f9"), "the answer: {out}");
    assert!(out.contains("The chariot is the strongest piece on the board."), "{out}");
}
