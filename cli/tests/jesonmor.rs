//! `rodina perft|moves|status|play jesonmor` as scripts and people see them.

mod support;
use support::*;

/// Red's knight reaches e5 and survives Green's reply.
const HOLD: [&str; 4] = ["c1d3", "a9b7", "d3e5", "b7c5"];

#[test]
fn perft_counts_the_tree() {
    let o = rodina(&["perft", "jesonmor", "4"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("868624"));
    let out = stdout(&rodina(&["perft", "jesonmor", "2", "--divide"]));
    assert_eq!(out.lines().last(), Some("900"));
    assert!(out.lines().any(|l| l == "c1d3: 30"), "{out}");
    // Where Red holds e5, Red still has its moves (Fairy-Stockfish would count none).
    let mut args = vec!["perft", "jesonmor", "1", "--moves"];
    args.extend(HOLD);
    assert_eq!(stdout(&rodina(&args)).trim(), "34");
}

#[test]
fn moves_are_sorted_coordinates() {
    let out = stdout(&rodina(&["moves", "jesonmor"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 30);
    assert_eq!(lines.first(), Some(&"a1b3"));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let won = "1nnnnnnnn/9/3N5/9/2n6/9/9/9/NN1NNNNNN b - - 5 3 centre";
    assert_eq!(stdout(&rodina(&["moves", "jesonmor", "--json", "--fen", won])).trim(), "[]");
}

#[test]
fn status_follows_the_centre_rule() {
    let mut args = vec!["status", "jesonmor", "--moves"];
    args.extend(HOLD);
    let v = status(&args);
    assert_eq!((v["to_move"].as_str(), v["outcome"].as_str()), (Some("red"), Some("ongoing")));
    args.push("e5c6");
    let v = status(&args);
    assert_eq!(v["fen"], "1nnnnnnnn/9/9/2N6/2n6/9/9/9/NN1NNNNNN b - - 5 3 centre");
    assert_eq!((v["winner"].as_str(), v["reason"].as_str()), (Some("red"), Some("centre")));
    let v = status(&["status", "jesonmor", "--fen", "9/9/9/9/9/9/1n7/9/N8 w", "--moves", "a1b3"]);
    assert_eq!((v["winner"].as_str(), v["reason"].as_str()), (Some("red"), Some("last_piece")));
    let v = status(&["status", "jesonmor", "--fen", "n8/9/9/9/9/9/9/9/N8 w - - 100 60"]);
    assert_eq!((v["outcome"].as_str(), v["reason"].as_str()), (Some("draw"), Some("fifty_moves")));
    let v = status(&[
        "status",
        "jesonmor",
        "--fen",
        "n8/9/9/9/9/9/9/9/N8 w",
        "--moves",
        "a1b3",
        "a9b7",
        "b3a1",
        "b7a9",
        "a1b3",
        "a9b7",
        "b3a1",
        "b7a9",
    ]);
    assert_eq!((v["outcome"].as_str(), v["reason"].as_str()), (Some("draw"), Some("repetition")));
}

#[test]
fn bad_input_exits_nonzero_with_one_line() {
    assert_one_line_errors(&[
        (vec!["moves", "jesonmor", "--fen", "9/9 w"], "bad --fen"),
        (
            vec!["moves", "jesonmor", "--fen", "nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1 x"],
            "centre",
        ),
        (vec!["status", "jesonmor", "--moves", "c1c3"], "cannot jump"),
        (vec!["status", "jesonmor", "--moves", "c1d3", "c1d3"], "move 2 (c1d3)"),
        (vec!["status", "jesonmor", "--moves", "zz"], "move 1 (zz)"),
        (vec!["play", "jesonmor", "--handicap", "horse"], "no handicap"),
    ]);
}

#[test]
fn play_marks_the_centre_and_announces_the_centre_win() {
    let text = play(&["play", "jesonmor"], "c1d3\na9b7\nd3e5\ne5e6\nb7c5\nmoves\ne5c6\n");
    // The empty centre is drawn as `(+)`, a knight on it as `(N)`.
    assert!(text.contains(" 5  .  .  .  . (+) .  .  .  .  5"), "{text}");
    assert!(text.contains("(N)"), "{text}");
    assert!(text.contains("Red's knight is on e5: unless Green takes it"), "{text}");
    assert!(text.contains("Refused: \"e5e6\" is not a legal move here"), "{text}");
    assert!(text.contains("Red's knight on e5 survived the reply: moving it away wins."), "{text}");
    assert!(text.contains("Last move: d3e5 by red."), "{text}");
    assert!(text.contains("Red wins (centre)."), "{text}");
    assert!(text.contains("Moves: c1d3 a9b7 d3e5 b7c5 e5c6"), "{text}");
}
