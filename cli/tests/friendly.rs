//! `rodina perft|moves|status|play friendly` as scripts and people see them.

mod support;
use support::*;

#[test]
fn perft_counts_distinct_positions() {
    let o = rodina(&["perft", "friendly", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("8902"));
    let out = stdout(&rodina(&["perft", "friendly", "2", "--divide"]));
    assert_eq!(out.lines().last(), Some("400"));
    assert!(out.lines().any(|l| l == "e2e4: 20"), "{out}");
}

#[test]
fn moves_are_sorted_texts_with_chains() {
    let out = stdout(&rodina(&["moves", "friendly"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines.first(), Some(&"a2a3"));
    // After 1. e4 d5 2. exd5 Black's queen can enter the bond and send its pawn on.
    let out = stdout(&rodina(&["moves", "friendly", "--json", "--moves", "e2e4", "d7d5", "e4d5"]));
    let moves: Vec<String> = serde_json::from_str(&out).expect("json");
    assert!(moves.contains(&"d8d5>d4".to_owned()), "{moves:?}");
    assert!(moves.contains(&"d5d4".to_owned()), "Black carries the bond: {moves:?}");
}

#[test]
fn status_shows_bonds_threats_and_the_end() {
    let v = status(&["status", "friendly", "--moves", "e2e4", "d7d5", "e4d5"]);
    assert_eq!(v["fen"], "rnbqkbnr/ppp1pppp/8/3(Pp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - - 0 2");
    assert_eq!(v["to_move"], "black");
    // 1. e4 f6 2. Qh5: the Black king is threatened (shown, nothing forbidden).
    let v = status(&["status", "friendly", "--moves", "e2e4", "f7f6", "d1h5"]);
    assert_eq!(v["in_check"], true);
    let v = status(&["status", "friendly", "--moves", "e2e4", "f7f6", "d1h5", "a7a6", "h5e8"]);
    assert_eq!((v["winner"].as_str(), v["reason"].as_str()), (Some("white"), Some("king_bond")));
    let v = status(&["status", "friendly", "--fen", "(Nb)3k3/8/8/8/8/8/8/4K3 w - - - 0 1"]);
    assert_eq!((v["outcome"].as_str(), v["reason"].as_str()), (Some("draw"), Some("all_bonded")));
}

#[test]
fn bad_input_exits_nonzero_with_one_line() {
    assert_one_line_errors(&[
        (vec!["moves", "friendly", "--fen", "8/8 w"], "bad --fen"),
        (vec!["moves", "friendly", "--fen", "4k3/8/8/(NN)7/8/8/8/4K3 w"], "bond"),
        (vec!["status", "friendly", "--moves", "e2e5"], "move 1 (e2e5)"),
        (vec!["status", "friendly", "--moves", "e2e4", "e2e4"], "move 2 (e2e4)"),
        (vec!["status", "friendly", "--moves", "e2"], "move 1 (e2)"),
        (vec!["play", "friendly", "--handicap", "horse"], "no handicap"),
    ]);
}

#[test]
fn play_asks_for_chain_steps_one_by_one() {
    // Lift the queen, enter the bond, restart, then do it again and send the pawn on.
    let text = play(&["play", "friendly"], "e2e4\nd7d5\ne4d5\nd8\nd5\nrestart\nd8d5\nd4\nquit\n");
    // Bonds show both pieces, White's first.
    assert!(text.contains(" 5   .   .   .   Pp  .   .   .   .   5"), "{text}");
    assert!(text.contains("The queen on d8 goes to: d5 (releases), d6, d7"), "{text}");
    assert!(text.contains("In hand: the black pawn, released, hovering over d5 (^)."), "{text}");
    assert!(text.contains("The released pawn on d5 goes to: d4"), "{text}");
    assert!(text.contains("Move restarted."), "{text}");
    assert!(text.contains("Last move: d8d5>d4 by black."), "{text}");
    assert!(text.contains("Moves: e2e4 d7d5 e4d5 d8d5>d4"), "{text}");
}
