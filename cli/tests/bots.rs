//! `rodina uci`, `rodina play --bot` and `rodina match` as other programs and people use them.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::time::{Duration, Instant};

mod support;
use support::*;

/// Runs `rodina uci`, sends `input` line by line (after each `go`, waits for the
/// `bestmove`, as a GUI does), and returns everything it printed.
fn uci(input: &str) -> String {
    let mut child = rodina_command()
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rodina runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut out = String::new();
    for line in input.lines() {
        writeln!(stdin, "{line}").expect("write");
        stdin.flush().expect("flush");
        if line.starts_with("go") {
            for l in lines.by_ref().map_while(Result::ok) {
                out.push_str(&l);
                out.push('\n');
                if l.starts_with("bestmove") {
                    break;
                }
            }
        }
    }
    drop(stdin);
    for l in lines.map_while(Result::ok) {
        out.push_str(&l);
        out.push('\n');
    }
    assert!(child.wait().expect("exit").success());
    out
}

#[test]
fn uci_handshake_and_a_search() {
    let out = uci("uci\nisready\nposition startpos moves h3e3\ngo depth 3\nquit\n");
    assert!(out.contains("id name Rodina"));
    assert!(
        out.contains("option name UCI_Variant type combo default xiangqi var xiangqi var jesonmor")
    );
    assert!(out.contains("uciok") && out.contains("readyok"));
    assert!(out.contains("info depth 3"), "{out}");
    let best = out.lines().find(|l| l.starts_with("bestmove ")).expect("a bestmove");
    // A legal Black reply in Fairy-Stockfish's coordinates.
    let mv = best.split_whitespace().nth(1).expect("move");
    let legal = rodina(&["moves", "xiangqi", "--moves", "h3e3"]);
    assert!(String::from_utf8_lossy(&legal.stdout).lines().any(|l| l == mv), "{best}");
}

#[test]
fn uci_plays_jeson_mor_from_a_fen() {
    let out = uci("uci\nsetoption name UCI_Variant value jesonmor\nucinewgame\n\
         position fen 1nnnnnnnn/9/9/9/2n1N4/9/9/9/NN1NNNNNN w - - 4 3\ngo nodes 2000\nquit\n");
    // Red holds e5: leaving it wins at once, which the engine reports as a mate in one.
    assert!(out.contains("score mate 1"), "{out}");
    let best = out.lines().find(|l| l.starts_with("bestmove ")).expect("a bestmove");
    assert!(best.starts_with("bestmove e5"), "{best}");
}

#[test]
fn uci_stop_ends_an_infinite_search() {
    let mut child = rodina_command()
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("rodina runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    writeln!(stdin, "uci\nposition startpos\ngo infinite").expect("write");
    stdin.flush().expect("flush");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    writeln!(stdin, "stop").expect("write");
    stdin.flush().expect("flush");
    let best = lines.by_ref().map_while(Result::ok).find(|l| l.starts_with("bestmove"));
    assert!(best.is_some());
    assert!(asked.elapsed() < Duration::from_secs(2), "{:?}", asked.elapsed());
    writeln!(stdin, "quit").expect("write");
    drop(stdin);
    assert!(child.wait().expect("exit").success());
}

#[test]
fn uci_reports_bad_input_without_dying() {
    let out = uci(
        "position fen nonsense\ngo depth 1\nsetoption name UCI_Variant value chess\nisready\nquit\n",
    );
    assert!(out.contains("info string bad fen"), "{out}");
    assert!(out.contains("info string unknown game"), "{out}");
    assert!(out.contains("readyok"));
    // A position that cannot be read does not leave the last one to search.
    let out = uci("position startpos moves h3e3\nposition fen nonsense\ngo depth 1\nquit\n");
    assert!(out.contains("info string go before position"), "{out}");
    assert!(out.contains("bestmove (none)"), "{out}");
    // Clock figures of any size are read without overflow.
    let out = uci("position startpos\ngo wtime 1000 btime 1000 winc 9223372036854775807\nquit\n");
    assert!(out.lines().any(|l| l.starts_with("bestmove ") && l != "bestmove (none)"), "{out}");
}

#[test]
fn play_against_a_bot() {
    // The bot (Red) moves first; then we resign.
    let text =
        play(&["play", "xiangqi", "--bot", "novice", "--as", "black", "--seed", "3"], "resign\n");
    assert!(text.contains("Novice / Nováčik (red) plays"), "{text}");
    assert!(text.contains("Red wins (resignation)"), "{text}");
}

#[test]
fn a_match_prints_score_and_elo() {
    let out = rodina(&[
        "match", "jesonmor", "--a", "beginner", "--b", "novice", "--games", "2", "--seed", "4",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().expect("a result line");
    assert!(last.starts_with("result jesonmor beginner vs novice: +"), "{last}");
    assert!(last.contains("Elo"), "{last}");
    let bad = rodina(&["match", "xiangqi", "--a", "grandmaster", "--b", "novice"]);
    assert!(!bad.status.success());
}

#[test]
fn play_jieqi_against_a_bot_that_sees_only_its_view() {
    let args =
        ["play", "jieqi", "--bot", "beginner", "--as", "black", "--seed", "2", "--deal-seed", "9"];
    let text = play(&args, "resign\n");
    // The bot's move as the person may know it, not told as the person's own ("You played").
    assert!(text.contains("Beginner / Začiatočník (red) plays "), "{text}");
    assert!(!text.contains("You played"), "{text}");
    assert!(!text.contains("Hand the keyboard"), "no hand-over screen against a bot: {text}");
    assert!(text.contains("Red wins (resignation)"), "{text}");
}

#[test]
fn a_jieqi_match_between_levels() {
    let out = rodina(&[
        "match",
        "jieqi",
        "--a",
        "casual",
        "--b",
        "novice",
        "--games",
        "2",
        "--max-plies",
        "80",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().last().is_some_and(|l| l.starts_with("result jieqi casual vs novice")),
        "{text}"
    );
    let uci = rodina(&["match", "jieqi", "--a", "uci:true", "--b", "novice", "--games", "1"]);
    assert!(!uci.status.success());
}

#[test]
fn uci_plays_jieqi_from_a_view() {
    // The start view, then two reveals: the engine (Red) answers from Red's view.
    let out =
        uci("uci\nsetoption name UCI_Variant value jieqi\nposition startpos moves h3e3=C b8e8=c\n\
         go depth 2\nposition startpos moves h3e3\nquit\n");
    assert!(out.contains("var jieqi"));
    let best = out.lines().find(|l| l.starts_with("bestmove ")).expect("a bestmove");
    assert!(!best.contains("none"), "{out}");
    // A reveal must say what it turned up.
    assert!(out.contains("info string move h3e3"), "{out}");
}
