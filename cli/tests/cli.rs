//! The `rodina` program as scripts see it: stable output, one-line errors, exit codes.

mod support;
use support::*;

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let o = rodina(&["perft", "xiangqi", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("79666"));
    let o = rodina(&["perft", "xiangqi", "2", "--divide"]);
    let out = stdout(&o);
    assert_eq!(out.lines().last(), Some("1920"));
    assert!(out.lines().any(|l| l == "h3e3: 45"), "{out}");
    let o = rodina(&["perft", "xiangqi", "1", "--moves", "h3e3"]);
    assert_eq!(stdout(&o).trim(), "45");
}

#[test]
fn moves_are_sorted_and_json_is_an_array() {
    let o = rodina(&["moves", "xiangqi"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 44);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let o = rodina(&["moves", "xiangqi", "--json", "--fen", "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1"]);
    assert_eq!(stdout(&o).trim(), "[]");
}

#[test]
fn status_reports_outcomes_with_reasons() {
    let o = rodina(&["status", "xiangqi", "--moves", "h3e3"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["outcome"], "ongoing");
    assert_eq!(v["in_check"], false);
    assert!(v["winner"].is_null() && v["reason"].is_null());
    let o = rodina(&["status", "xiangqi", "--fen", "3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!((v["outcome"].as_str(), v["winner"].as_str()), (Some("win"), Some("red")));
    assert_eq!((v["reason"].as_str(), v["in_check"].as_bool()), (Some("checkmate"), Some(true)));
    let perpetual = "a1a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10 a9a10";
    let mut args =
        vec!["status", "xiangqi", "--fen", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "--moves"];
    args.extend(perpetual.split(' '));
    let v: serde_json::Value = serde_json::from_str(&stdout(&rodina(&args))).expect("json");
    assert_eq!(
        (v["winner"].as_str(), v["reason"].as_str()),
        (Some("black"), Some("perpetual_check"))
    );
}

#[test]
fn bad_input_exits_nonzero_with_one_line() {
    assert_one_line_errors(&[
        (vec!["moves", "chess"], "unknown game"),
        (vec!["moves", "xiangqi", "--fen", "9/9 w"], "bad --fen"),
        (vec!["status", "xiangqi", "--moves", "h3e3", "h3e3"], "move 2 (h3e3)"),
        (vec!["status", "xiangqi", "--moves", "zz"], "move 1 (zz)"),
        (vec!["play", "xiangqi", "--handicap", "queen"], "unknown handicap"),
    ]);
    assert!(!rodina(&["perft", "xiangqi", "x"]).status.success());
}

#[test]
fn play_reads_moves_refuses_bad_ones_and_announces_the_result() {
    let text = play(
        &["play", "xiangqi", "--fen", "3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"],
        "a2a11\nmoves\nR9=6\n",
    );
    assert!(text.contains("Refused"), "{text}");
    assert!(text.contains("R9=6"), "{text}");
    assert!(text.contains("Red wins (checkmate)"), "{text}");
    assert!(text.contains("Moves: a2d2"), "{text}");
}
