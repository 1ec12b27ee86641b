//! Differential tests against Fairy-Stockfish: the data under `tests/data/jesonmor` was
//! produced by `tools/oracle/jesonmor.py` from pyffish and Fairy-Stockfish's own perft.
//!
//! Fairy-Stockfish ends the game one ply earlier than the rules page: it counts a position
//! where the side to move has a knight on e5 as already won. These tests hold this crate to
//! Fairy-Stockfish everywhere else, and at that one ply to the rules page.

use rodina_rules::jeson_mor::{FIFTY_MOVE_PLIES, Move, Square};
use rodina_rules::{DrawReason, Game, JesonMor, Outcome, Position, Truth, View, WinReason};

fn data(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/jesonmor/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

fn sorted_moves(pos: &JesonMor) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

fn pos(fen: &str) -> JesonMor {
    JesonMor::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Checks a position Fairy-Stockfish judged by itself, with `verdict` its verdict and
/// `legal` the moves by the rules page; returns the verdict for counting.
fn check_unmarked(fen: &str, legal: &[String], verdict: &str) {
    let p = pos(fen);
    assert_eq!(p.fen(), fen, "FEN round trip");
    assert_eq!(&sorted_moves(&p), legal, "legal moves of {fen}");
    let outcome = p.outcome();
    let fifty = Some(Outcome::Draw { reason: DrawReason::FiftyMoves });
    match verdict {
        "-" => assert_eq!(outcome, None, "{fen}"),
        "fifty" => assert_eq!(outcome, fifty, "{fen}"),
        "no_moves" => {
            assert_eq!(p.knight_count(p.turn()), 0, "{fen}");
            assert_eq!(
                outcome,
                Some(Outcome::Win { winner: !p.turn(), reason: WinReason::LastPiece }),
                "{fen}"
            );
        }
        "centre" => {
            // Fairy-Stockfish: the side to move has won. Here it holds the centre and wins
            // by leaving it; until then the game goes on (unless the move count ends it).
            assert!(p.holds_centre(), "{fen}");
            if p.halfmove_clock() >= FIFTY_MOVE_PLIES {
                assert_eq!(outcome, fifty, "{fen}");
                return;
            }
            assert_eq!(outcome, None, "{fen}");
            let leaving: Vec<Move> =
                p.legal_moves().into_iter().filter(|m| m.from == Square::E5).collect();
            assert!(!leaving.is_empty(), "{fen}: the knight on e5 cannot leave");
            for m in leaving {
                let mut after = p.clone();
                after.play(&m).expect("legal");
                assert_eq!(
                    after.outcome(),
                    Some(Outcome::Win { winner: p.turn(), reason: WinReason::Centre }),
                    "{fen} {m}"
                );
                assert_eq!(pos(&after.fen()), after, "{fen} {m}: the win survives its FEN");
            }
        }
        other => panic!("unknown verdict {other:?}"),
    }
}

#[test]
fn positions_match_fairy_stockfish() {
    let lines = data("positions.txt");
    assert!(lines.len() >= 1000, "expected at least 1000 positions, found {}", lines.len());
    let mut seen = std::collections::BTreeMap::new();
    for line in &lines {
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 3, "malformed line {line}");
        let (fen, legal, verdict) = (f[0], f[1], f[2]);
        let legal: Vec<String> = legal.split_whitespace().map(str::to_owned).collect();
        if let Some(board) = fen.strip_suffix(" centre") {
            // Just won by leaving e5: the game is over here, and the same board without the
            // mark is the position Fairy-Stockfish describes.
            let p = pos(fen);
            assert_eq!(p.fen(), fen, "FEN round trip");
            assert!(p.legal_moves().is_empty(), "{fen}");
            assert_eq!(
                p.outcome(),
                Some(Outcome::Win { winner: !p.turn(), reason: WinReason::Centre }),
                "{fen}"
            );
            check_unmarked(board, &legal, verdict);
            *seen.entry("centre won").or_insert(0) += 1;
        } else {
            check_unmarked(fen, &legal, verdict);
            *seen.entry(verdict).or_insert(0) += 1;
        }
    }
    // The data must reach every kind of end, or it shows less than it claims.
    for kind in ["-", "centre", "centre won", "fifty", "no_moves"] {
        assert!(seen.get(kind).copied().unwrap_or(0) >= 5, "too few {kind:?} lines: {seen:?}");
    }
}

#[test]
fn playouts_replay_by_the_rules_page() {
    // Consecutive lines of one playout are joined by a legal move: replaying them as a game
    // checks that this crate and the generator agree on when a game ends.
    let lines = data("positions.txt");
    let fens: Vec<&str> = lines.iter().map(|l| l.split('|').next().unwrap_or_default()).collect();
    // The generator stops a playout at the game's end or after 100 positions.
    const LIMIT: usize = 100;
    let (mut joined, mut run) = (0, 1);
    for pair in fens.windows(2) {
        let (a, b) = (pos(pair[0]), pos(pair[1]));
        let next = a.legal_moves().into_iter().find(|m| {
            let mut after = a.clone();
            after.play_unchecked(m);
            after == b
        });
        if next.is_some() {
            assert_eq!(a.outcome(), None, "{}: played on after the end", pair[0]);
            joined += 1;
            run += 1;
        } else {
            assert!(
                a.outcome().is_some() || run == LIMIT,
                "{} -> {}: the game goes on, but the playout stopped after {run}",
                pair[0],
                pair[1]
            );
            run = 1;
        }
    }
    assert!(joined >= lines.len() * 9 / 10, "only {joined} lines joined by a move");
}

#[test]
fn repetition_draws_match_fairy_stockfish() {
    let lines = data("repetitions.txt");
    assert!(lines.len() >= 30, "expected at least 30 cycles, found {}", lines.len());
    for line in &lines {
        let (fen, moves) = line.split_once('|').expect("fen|moves");
        let mut game = Game::new(pos(fen));
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, text) in moves.iter().enumerate() {
            assert_eq!(game.outcome(), None, "{fen}: ended before move {}", i + 1);
            let m = game.position().parse_move(text).unwrap_or_else(|e| panic!("{fen}: {e}"));
            game.play(&m).unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
        assert_eq!(game.occurrences(), 3, "{fen} {}", moves.join(" "));
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw { reason: DrawReason::Repetition }),
            "{fen} {}",
            moves.join(" ")
        );
    }
}

/// Perft counted as Fairy-Stockfish counts it: a node where the side to move has a knight on
/// e5 is a won game with no moves below it.
fn perft_fairy_stockfish(p: &JesonMor, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if p.holds_centre() {
        return 0;
    }
    p.legal_moves()
        .iter()
        .map(|m| {
            let mut next = p.clone();
            next.play_unchecked(m);
            perft_fairy_stockfish(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_matches_fairy_stockfish() {
    let (mut differ, mut lines) = (0, 0);
    for line in data("perft.txt") {
        let (fen, counts) = line.split_once('|').expect("fen|counts");
        let p = pos(fen);
        lines += 1;
        for (i, expected) in counts.split_whitespace().enumerate() {
            let depth = i as u32 + 1;
            let expected: u64 = expected.parse().expect("count");
            assert_eq!(perft_fairy_stockfish(&p, depth), expected, "perft {depth} of {fen}");
            // This crate's own count never has fewer nodes, and has the same where no node
            // of the tree holds the centre.
            let ours = p.perft(depth);
            assert!(ours >= expected, "perft {depth} of {fen}: {ours} < {expected}");
            differ += usize::from(ours != expected);
        }
    }
    assert!(lines >= 20, "expected at least 20 perft positions, found {lines}");
    assert!(differ >= 3, "the data should show the one-ply difference, found {differ} counts");
}
