//! Differential tests against Fairy-Stockfish: the data under `tests/data/xiangqi` was
//! produced by `tools/oracle/xiangqi.py` from pyffish and Fairy-Stockfish's own perft.

use rodina_rules::xiangqi::Move;
use rodina_rules::{Color, DrawReason, Game, Outcome, Position, Truth, View, WinReason, Xiangqi};

fn data(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/xiangqi/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

fn sorted_moves(pos: &Xiangqi) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

#[test]
fn positions_match_fairy_stockfish() {
    let lines = data("positions.txt");
    assert!(lines.len() >= 1000, "expected at least 1000 positions, found {}", lines.len());
    let (mut wxf_checked, mut ends) = (0, 0);
    for line in &lines {
        let f: Vec<&str> = line.split('|').collect();
        assert_eq!(f.len(), 6, "malformed line {line}");
        let (fen, legal, check, verdict, insufficient, wxf) = (f[0], f[1], f[2], f[3], f[4], f[5]);
        let pos = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen, "FEN round trip");
        let expected: Vec<String> = legal.split_whitespace().map(str::to_owned).collect();
        assert_eq!(sorted_moves(&pos), expected, "legal moves of {fen}");
        assert_eq!(pos.is_check(), check == "1", "check in {fen}");
        let outcome = pos.outcome();
        match verdict {
            "checkmate" => {
                ends += 1;
                assert_eq!(
                    outcome,
                    Some(Outcome::Win { winner: !pos.turn(), reason: WinReason::Checkmate }),
                    "{fen}"
                );
            }
            "no_moves" => {
                ends += 1;
                assert_eq!(
                    outcome,
                    Some(Outcome::Win { winner: !pos.turn(), reason: WinReason::NoMoves }),
                    "{fen}"
                );
            }
            _ => assert!(!matches!(outcome, Some(Outcome::Win { .. })), "{fen}: {outcome:?}"),
        }
        let red = insufficient.as_bytes()[0] == b'1';
        let black = insufficient.as_bytes()[1] == b'1';
        assert_eq!(pos.has_insufficient_material(Color::White), red, "{fen}");
        assert_eq!(pos.has_insufficient_material(Color::Black), black, "{fen}");
        if red && black && verdict == "-" {
            assert_eq!(outcome, Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
        }
        for pair in wxf.split_whitespace() {
            let (coord, text) = pair.split_once('=').expect("move=wxf");
            let m = pos.parse_coordinate(coord).expect("legal move");
            assert_eq!(pos.to_wxf(m), text, "WXF of {coord} in {fen}");
            assert_eq!(pos.parse_wxf(text), Ok(m), "reading WXF {text} in {fen}");
            wxf_checked += 1;
        }
    }
    assert!(ends >= 10, "the data should hold game ends, found {ends}");
    assert!(wxf_checked >= 5000, "only {wxf_checked} WXF texts checked");
}

#[test]
fn repetition_verdicts_match_fairy_stockfish() {
    let lines = data("repetitions.txt");
    assert!(lines.len() >= 30);
    for line in &lines {
        let f: Vec<&str> = line.split('|').collect();
        let (name, fen, moves, winner, reason) = (f[0], f[2], f[3], f[4], f[5]);
        let mut game = Game::new(Xiangqi::from_fen(fen).expect(fen));
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, text) in moves.iter().enumerate() {
            assert_eq!(game.outcome(), None, "{name}: game ended before move {}", i + 1);
            let m =
                game.position().parse_coordinate(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            game.play(&m).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        let expected = match winner {
            "draw" => Outcome::Draw { reason: DrawReason::Repetition },
            w => Outcome::Win {
                winner: if w == "red" { Color::White } else { Color::Black },
                reason: if reason == "perpetual_check" {
                    WinReason::PerpetualCheck
                } else {
                    WinReason::PerpetualChase
                },
            },
        };
        assert_eq!(game.outcome(), Some(expected), "{name}: {fen} {}", moves.join(" "));
    }
}

#[test]
fn perft_matches_fairy_stockfish() {
    for line in data("perft.txt") {
        let (fen, counts) = line.split_once('|').expect("fen|counts");
        let pos = Xiangqi::from_fen(fen).expect(fen);
        for (depth, expected) in counts.split_whitespace().enumerate() {
            let expected: u64 = expected.parse().expect("count");
            assert_eq!(pos.perft(depth as u32 + 1), expected, "perft {} of {fen}", depth + 1);
        }
    }
}
