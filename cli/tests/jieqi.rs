//! `rodina perft|moves|status|play jieqi` as scripts and people see them.

mod support;
use support::*;

/// Every face-down piece on a point of its own kind (a full FEN).
const LIKE_XIANGQI: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w \
                            rnbaabnrccpppppPPPPPCCRNBAABNR 0 1 -";

const START_VIEW: &str =
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1 -";

#[test]
fn moves_from_the_start_and_from_either_fen() {
    let out = stdout(&rodina(&["moves", "jieqi"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 44);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(stdout(&rodina(&["moves", "jieqi", "--fen", LIKE_XIANGQI])), out);
    // The JieqiBox form of the start.
    let engine = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1";
    assert_eq!(stdout(&rodina(&["moves", "jieqi", "--fen", engine])), out);
    // PyChess lets the face-down advisor out of the palace.
    let fen = "3k5/9/9/9/9/9/9/9/9/3XK4 w R 0 1";
    assert_eq!(
        stdout(&rodina(&["moves", "jieqi", "--json", "--fen", fen])).trim(),
        r#"["d1e2","e1e2","e1f1"]"#
    );
    let out = stdout(&rodina(&["moves", "jieqi", "--json", "--rules", "pychess", "--fen", fen]));
    assert_eq!(out.trim(), r#"["d1c2","d1e2","e1e2","e1f1"]"#);
}

#[test]
fn status_of_views_and_of_the_truth() {
    let v = status(&["status", "jieqi"]);
    assert_eq!(v["fen"], START_VIEW);
    assert_eq!((v["form"].as_str(), v["seat"].as_str()), (Some("view"), Some("spectator")));
    assert_eq!(v["outcome"], "ongoing");
    // From a view, moves say what they reveal.
    let v = status(&["status", "jieqi", "--moves", "h3e3=C", "b8e8=c", "e3e7"]);
    assert_eq!(v["in_check"], true);
    assert_eq!(v["record"], serde_json::json!(["h3e3=C", "b8e8=c", "e3e7x(x)"]));
    // From the truth, the moves are plain and the record names what they did; every seat's
    // view is given, and only Red's knows what Red took.
    let v = status(&["status", "jieqi", "--fen", LIKE_XIANGQI, "--moves", "b3b10", "a10b10"]);
    assert_eq!(v["form"], "full");
    assert_eq!(v["record"], serde_json::json!(["b3b10=Cx(n)", "a10b10=rxC"]));
    assert!(v["views"]["red"].as_str().is_some_and(|f| f.ends_with("(n)C")));
    assert!(v["views"]["black"].as_str().is_some_and(|f| f.ends_with("(x)C")));
    assert!(v["views"]["spectator"].as_str().is_some_and(|f| f.ends_with("(x)C")));
    // A view FEN read back keeps its seat's knowledge.
    let red = v["views"]["red"].as_str().expect("red view").to_owned();
    let back = status(&["status", "jieqi", "--fen", &red]);
    assert_eq!((back["fen"].as_str(), back["seat"].as_str()), (Some(red.as_str()), Some("red")));
    // Outcomes with reasons, under the rule sets.
    let v = status(&[
        "status",
        "jieqi",
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/X3K4 w P 99 60",
        "--moves",
        "a1a2",
    ]);
    assert_eq!((v["outcome"].as_str(), v["reason"].as_str()), (Some("draw"), Some("fifty_moves")));
    let fen = "3k5/9/9/9/9/9/9/9/9/X3K4 w P 79 60";
    let v = status(&["status", "jieqi", "--rules", "tencent", "--fen", fen, "--moves", "a1a2"]);
    // Tencent's own limit (forty moves each), not reported as fifty moves.
    assert_eq!(v["reason"], "move_limit");
}

#[test]
fn perft_branches_over_reveals() {
    assert_eq!(stdout(&rodina(&["perft", "jieqi", "2"])).trim(), "66462");
    let out = stdout(&rodina(&["perft", "jieqi", "1", "--divide"]));
    assert_eq!(out.lines().last(), Some("259"));
    assert!(out.lines().any(|l| l == "h3e3: 6"), "{out}");
    assert!(out.lines().any(|l| l == "e1e2: 1"), "{out}");
}

#[test]
fn bad_input_exits_nonzero_with_one_line() {
    assert_one_line_errors(&[
        (vec!["status", "jieqi", "--moves", "h3e3"], "say what it reveals"),
        (vec!["status", "jieqi", "--moves", "h3e3=K"], "is not a move"),
        (vec!["status", "jieqi", "--moves", "e1e2=R"], "reveals nothing"),
        (vec!["moves", "jieqi", "--rules", "fast"], "unknown rule set"),
        (vec!["moves", "jieqi", "--fen", "xxxxkxxxx/9 w"], "bad --fen"),
        (vec!["moves", "jieqi", "--fen", "3k5/9/9/9/9/9/9/9/9/3XK4 w R9 0 1"], "bad --fen"),
        (
            vec!["status", "jieqi", "--fen", LIKE_XIANGQI, "--moves", "h3e3=R"],
            "the game record says",
        ),
        (vec!["play", "jieqi", "--handicap", "horse"], "no handicaps"),
        (vec!["moves", "xiangqi", "--rules", "tencent"], "no rule sets"),
    ]);
}

#[test]
fn play_hides_each_players_secrets_behind_a_hand_over() {
    // Red's cannon point takes Black's face-down horse point; Black then moves, and Red looks.
    let text = play(&["play", "jieqi", "--fen", LIKE_XIANGQI], "\nb3b10\n\n\nh10g8\n\n\nquit\n");
    let screens: Vec<&str> = text.split("screen cleared").collect();
    assert_eq!(screens.len(), 4, "{text}");
    let (red, black, red_again) = (screens[1], screens[2], screens[3]);
    assert!(red.contains("Hand the keyboard to Red"), "{red}");
    assert!(red.contains("You took a face-down piece: a horse. Only you know."), "{red}");
    assert!(black.contains("Hand the keyboard to Black"), "{black}");
    assert!(black.contains("Black has lost: (x)"), "{black}");
    assert!(
        !black.contains("(n)") && !black.contains("face-down piece: a horse"),
        "Black learns nothing of its lost piece: {black}"
    );
    assert!(black.contains("Last move: b3b10=Cx(x) by red"), "{black}");
    assert!(red_again.contains("Black has lost: (n)"), "{red_again}");
    // The record printed at the end is everyone's: no identity of a piece taken face down.
    assert!(text.contains("Moves: b3b10=Cx(x) h10g8=n"), "{text}");
    assert!(text.contains("No take-backs"), "{text}");
}

#[test]
fn play_deals_a_shuffle_or_the_unknowns_of_a_view_and_ends_with_the_result() {
    // A seeded shuffle is the same game twice.
    let a = play(&["play", "jieqi", "--deal-seed", "5"], "\nh3h10\n\nquit\n");
    let b = play(&["play", "jieqi", "--deal-seed", "5"], "\nh3h10\n\nquit\n");
    assert_eq!(a, b);
    assert!(a.contains("You played h3h10. It turned up"), "{a}");
    // From a view: Black is mated by the chariot whatever the face-down piece on a10 is.
    let view = "x2k5/9/9/9/9/9/9/9/R8/4K4 w R1r1 0 1";
    let text = play(&["play", "jieqi", "--fen", view], "\na2d2\n");
    assert!(text.contains("Game over: Red wins (checkmate)."), "{text}");
}
