//! Rule tests: one or more hand-made positions for every line and decision of
//! `shared/rules/friendly-chess.md` and of this module's own decisions.

use super::*;
use crate::{Game, IllegalMoveReason, PlayError};

fn pos(fen: &str) -> Friendly {
    Friendly::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn texts(p: &Friendly) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// The texts of the legal moves starting from `from`.
fn from(p: &Friendly, from: &str) -> Vec<String> {
    texts(p)
        .into_iter()
        .filter(|t| t.starts_with(from) || t.contains(&format!(":{from}")))
        .collect()
}

fn has(p: &Friendly, text: &str) -> bool {
    texts(p).iter().any(|t| t == text)
}

/// Plays a move given as text (any valid step sequence).
fn play(p: &Friendly, text: &str) -> Friendly {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", p.fen()));
    let mut next = p.clone();
    next.play(&m).unwrap_or_else(|e| panic!("{text}: {e}"));
    next
}

fn cell(w: Option<Role>, b: Option<Role>) -> Cell {
    Cell { white: w, black: b }
}

use Role::*;

// ---------------------------------------------------------------- start, perft, text forms

#[test]
fn start_position() {
    let p = Friendly::new();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.legal_moves().len(), 20);
    assert_eq!(p.castling(), Castling::ALL);
    assert!(!p.is_check());
    assert_eq!(p.outcome(), None);
}

#[test]
fn perft_start_counts_distinct_positions() {
    let p = Friendly::new();
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 400);
    assert_eq!(p.perft(3), 8_902);
    assert_eq!(p.perft(4), 197_792);
}

#[test]
#[ignore = "about a second in release mode; run with --ignored"]
fn perft_start_depth_5() {
    assert_eq!(Friendly::new().perft(5), 4_901_417);
}

#[test]
fn generic_perft_agrees_with_the_fast_one() {
    let p = pos("r1bqk2r/pp1(Pn)1ppp/2n5/2b1p3/4P3/2N2N2/PPP2PPP/R1BQKB1R w KQkq - - 0 6");
    assert_eq!(crate::perft(&p, 2), p.perft(2));
    assert_eq!(p.perft_divide(2).iter().map(|(_, n)| n).sum::<u64>(), p.perft(2));
}

// ---------------------------------------------------------------- singles, bonds, the king

#[test]
fn a_single_lands_on_an_empty_square_or_bonds_with_an_enemy_single() {
    let p = pos("4k3/8/8/3p4/8/2N5/8/4K3 w - - - 7 30");
    let landed = play(&p, "c3e4");
    assert_eq!(landed.cell(sq("e4")), cell(Some(Knight), None));
    assert_eq!(landed.cell(sq("c3")), Cell::EMPTY);
    assert_eq!(landed.halfmove_clock(), 8);
    assert_eq!(landed.turn(), Color::Black);
    let bonded = play(&p, "c3d5");
    assert_eq!(bonded.cell(sq("d5")), cell(Some(Knight), Some(Pawn)));
    assert_eq!(bonded.halfmove_clock(), 0, "a new bond is progress");
    assert_eq!(bonded.fen(), "4k3/8/8/3(Np)4/8/8/8/4K3 b - - - 0 30");
}

#[test]
fn sliders_are_blocked_by_singles_and_bonds() {
    // The rook on a1 stops at the bond on a4 (entering it would release the white knight).
    let p = pos("4k3/8/8/8/(Np)7/8/8/R3K3 w - - - 0 1");
    let rook: Vec<String> = from(&p, "a1").into_iter().filter(|t| !t.contains('>')).collect();
    assert_eq!(rook, ["a1a2", "a1a3", "a1b1", "a1c1", "a1d1"]);
    assert!(from(&p, "a1").iter().any(|t| t.starts_with("a1a4>")));
    assert!(!from(&p, "a1").iter().any(|t| t.starts_with("a1a5")));
}

#[test]
fn a_bond_moves_to_empty_squares_only_carrying_its_partner() {
    // White's rook in a bond with a Black knight; Black's pawn blocks d5.
    let p = pos("4k3/8/8/3p4/3(Rn)4/8/8/4K3 w - - - 0 1");
    let bond: Vec<String> = from(&p, "d4");
    assert_eq!(
        bond,
        ["d4a4", "d4b4", "d4c4", "d4d1", "d4d2", "d4d3", "d4e4", "d4f4", "d4g4", "d4h4"]
    );
    let moved = play(&p, "d4d1");
    assert_eq!(moved.cell(sq("d1")), cell(Some(Rook), Some(Knight)));
    assert_eq!(moved.cell(sq("d4")), Cell::EMPTY);
    // Either player moves the bond, each by their own piece in it.
    let black = pos("4k3/8/8/3p4/3(Rn)4/8/8/4K3 b - - - 0 1");
    assert_eq!(
        from(&black, "d4"),
        ["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]
    );
    assert_eq!(play(&black, "d4f5").cell(sq("f5")), cell(Some(Rook), Some(Knight)));
}

#[test]
fn the_king_moves_to_empty_squares_only_and_never_bonds() {
    // Black's pawn on d2 and White's own pawn on f2 are both out of the king's reach.
    let p = pos("4k3/8/8/8/8/8/3p1P2/4K3 w - - - 0 1");
    assert_eq!(from(&p, "e1"), ["e1d1", "e1e2", "e1f1"]);
    // No piece can enter a square with an own single, the own king included.
    let p = pos("4k3/8/8/8/8/8/8/3QKB2 w - - - 0 1");
    assert!(!from(&p, "d1").iter().any(|t| t.starts_with("d1e1")));
    assert!(!from(&p, "f1").iter().any(|t| t.starts_with("f1e1")));
}

#[test]
fn bonding_the_enemy_king_wins() {
    let p = pos("k7/8/8/8/8/8/8/R3K3 w - - - 0 1");
    assert!(p.can_bond_king());
    assert!(p.is_threatened(Color::Black));
    let won = play(&p, "a1a8");
    assert_eq!(won.fen(), "(Rk)7/8/8/8/8/8/8/4K3 b - - - 0 1");
    assert_eq!(won.winner(), Some(Color::White));
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::KingBond })
    );
    assert!(won.legal_moves().is_empty(), "the game is over");
    assert_eq!(won.clone().play(&p.legal_moves()[0]), Err(PlayError::GameOver));
    // The final position reads back.
    assert_eq!(pos(&won.fen()), won);
}

// ---------------------------------------------------------------- chains

#[test]
fn entering_a_bond_releases_the_own_piece_which_steps_on() {
    let p = pos("4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1");
    let chain: Vec<String> = from(&p, "d4").into_iter().filter(|t| t.contains('>')).collect();
    assert_eq!(chain, ["d4e6>e7"]);
    let after = play(&p, "d4e6>e7");
    assert_eq!(after.cell(sq("e6")), cell(Some(Knight), Some(Pawn)));
    assert_eq!(after.cell(sq("e7")), cell(Some(Pawn), None));
    // A replacement only changes partners: no new bond, no progress.
    assert_eq!(after.halfmove_clock(), 1);
    let err = p.parse_move("d4e6").unwrap_err();
    assert!(err.to_string().contains("must step on"), "{err}");
}

#[test]
fn a_step_from_which_no_move_can_be_completed_is_not_offered() {
    // The pawn released on e6 could not move (e7 occupied, no enemy on d7 or f7).
    let p = pos("4k3/4p3/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1");
    assert!(!from(&p, "d4").iter().any(|t| t.starts_with("d4e6")));
    let mut input = p.move_input();
    input.lift(sq("d4")).expect("the knight can move");
    assert!(!input.targets().iter().any(|t| t.to == sq("e6")));
    assert!(input.step(sq("e6"), None).is_err());
    assert!(p.parse_move("d4e6>e7").is_err());
}

#[test]
fn a_step_is_not_offered_when_the_chain_it_starts_dead_ends_further_on() {
    // The knight entering e4 releases the pawn there, whose only step enters f5 and releases
    // the pawn there, which cannot move (f6 taken, no enemy on e6 or g6).
    let p = pos("4k3/8/5p2/4p(Pb)2/4(Pn)3/2N5/8/4K3 w - - - 0 1");
    assert!(!texts(&p).iter().any(|t| t.starts_with("c3e4")));
    let mut input = p.move_input();
    input.lift(sq("c3")).expect("the knight has other moves");
    assert!(!input.targets().iter().any(|t| t.to == sq("e4")));
    assert_eq!(
        input.step(sq("e4"), None),
        Err(StepError::IllegalStep { from: sq("c3"), to: sq("e4") })
    );
    assert_reference(&p);
}

#[test]
fn a_chain_goes_on_through_several_bonds() {
    // Rook enters c6, releasing the knight, which enters e5, releasing the bishop, which lands.
    let p = pos("7k/8/2(Np)5/4(Bp)3/8/8/8/2R1K3 w - - - 0 1");
    assert!(has(&p, "c1c6>e5>h2"));
    let after = play(&p, "c1c6>e5>h2");
    assert_eq!(after.cell(sq("c6")), cell(Some(Rook), Some(Pawn)));
    assert_eq!(after.cell(sq("e5")), cell(Some(Knight), Some(Pawn)));
    assert_eq!(after.cell(sq("h2")), cell(Some(Bishop), None));
}

#[test]
fn a_chain_that_changes_nothing_on_the_board_is_a_legal_move() {
    // The knight enters the bond on c3; the released knight goes to b1: the same board.
    let p = pos("4k3/8/8/8/8/2(Np)5/8/1N2K3 w - - - 3 9");
    assert!(has(&p, "b1c3>b1"));
    let after = play(&p, "b1c3>b1");
    assert_eq!(after.fen(), "4k3/8/8/8/8/2(Np)5/8/1N2K3 b - - - 4 9");
    // With a second bond, a longer round reaches the same position: it reads as the
    // canonical (shortest) move.
    let p = pos("4k3/8/8/3(Np)4/8/2(Np)5/8/1N2K3 w - - - 3 9");
    let long = p.parse_move("b1c3>d5>c3>b1").expect("a valid path");
    assert_eq!(long.to_string(), "b1c3>b1");
    assert!(!p.is_legal(&Move::new(
        None,
        sq("b1"),
        &[Step::to(sq("c3")), Step::to(sq("d5")), Step::to(sq("c3")), Step::to(sq("b1"))]
    )));
    assert_reference(&p);
}

#[test]
fn chains_may_enter_a_bond_again_and_the_shortest_path_names_the_move() {
    // The rook enters a5 and releases the knight, which enters b3 and releases the other
    // knight, which enters a5 again and releases the rook, which goes home: the board is as
    // before, and no shorter path gets there.
    let p = pos("4k3/8/8/(Np)7/8/1(Np)6/8/R3K3 w - - - 0 1");
    assert!(has(&p, "a1a5>b3>a5>a1"));
    let after = play(&p, "a1a5>b3>a5>a1");
    assert_eq!(after.fen(), "4k3/8/8/(Np)7/8/1(Np)6/8/R3K3 b - - - 1 1");
    let all = texts(&p);
    let mut positions: Vec<String> =
        p.moves_and_positions().into_iter().map(|(_, q)| q.fen()).collect();
    positions.sort();
    positions.dedup();
    assert_eq!(positions.len(), all.len(), "one move per resulting position");
    // The reference generator agrees on every move and text.
    assert_reference(&p);
}

/// Checks the fast generator against the slow reference on `p`.
fn assert_reference(p: &Friendly) {
    let expected = reference::moves(p, 200_000).expect("small enough for the reference");
    let got: std::collections::BTreeMap<String, String> =
        p.moves_and_positions().into_iter().map(|(m, q)| (q.fen(), m.to_string())).collect();
    assert_eq!(got.len(), p.count_moves(), "{}", p.fen());
    if got != expected {
        for (fen, text) in &expected {
            if got.get(fen) != Some(text) {
                eprintln!("expected {text} -> {fen}, got {:?}", got.get(fen));
            }
        }
        for (fen, text) in &got {
            if !expected.contains_key(fen) {
                eprintln!("extra {text} -> {fen}");
            }
        }
        panic!("fast and reference generators disagree on {}", p.fen());
    }
}

#[test]
fn equally_short_paths_are_ordered_by_text() {
    // Both knights can enter the bond on c3 and send the released knight back to their own
    // square (the board unchanged): b1c3>b1 and e2c3>e2 are one position; "b1..." is smaller.
    let p = pos("4k3/8/8/8/8/2(Np)5/4N3/1N2K3 w - - - 0 1");
    let board = |q: &Friendly| q.cells().collect::<Vec<_>>();
    let same: Vec<Move> = p
        .moves_and_positions()
        .into_iter()
        .filter(|(_, q)| board(q) == board(&p))
        .map(|(m, _)| m)
        .collect();
    assert_eq!(same.len(), 1);
    assert_eq!(same[0].to_string(), "b1c3>b1");
    assert_eq!(p.parse_move("e2c3>e2").expect("a valid path").to_string(), "b1c3>b1");
    assert_reference(&p);
}

// ---------------------------------------------------------------- pawns

#[test]
fn pawns_step_forward_and_double_step_from_their_first_two_ranks() {
    let p = pos("4k3/8/8/8/8/2P5/4P3/K5P1 w - - - 0 1");
    assert_eq!(from(&p, "c3"), ["c3c4"]);
    assert_eq!(from(&p, "e2"), ["e2e3", "e2e4"]);
    // A pawn carried back to its first rank steps one or two squares from there.
    assert_eq!(from(&p, "g1"), ["g1g2", "g1g3"]);
    let p = pos("4k3/8/8/8/4n3/8/4P3/K7 w - - - 0 1");
    assert_eq!(from(&p, "e2"), ["e2e3"], "a double step needs both squares empty");
    let p = pos("4k3/8/8/8/8/4n3/4P3/K7 w - - - 0 1");
    assert!(from(&p, "e2").is_empty(), "straight only onto empty squares");
}

#[test]
fn pawns_step_diagonally_only_onto_enemy_pieces() {
    // d5 a black single (bond), f5 a bond (replacement: the white knight goes on), no step to
    // the empty diagonal squares of the pawn on b4.
    let p = pos("4k3/8/8/3p1(Np)2/1P2P3/8/8/4K3 w - - - 0 1");
    assert_eq!(from(&p, "b4"), ["b4b5"]);
    let e4 = from(&p, "e4");
    assert!(e4.contains(&"e4e5".to_owned()));
    assert!(e4.contains(&"e4d5".to_owned()));
    assert!(e4.iter().any(|t| t.starts_with("e4f5>")));
    assert_eq!(play(&p, "e4d5").cell(sq("d5")), cell(Some(Pawn), Some(Pawn)));
    // Diagonally onto the enemy king: a win.
    let p = pos("8/8/8/3k4/4P3/8/8/4K3 w - - - 0 1");
    assert_eq!(play(&p, "e4d5").winner(), Some(Color::White));
}

#[test]
fn a_pawn_in_a_bond_moves_straight_only() {
    let p = pos("4k3/8/8/8/8/3p1p2/4(Pn)3/4K3 w - - - 0 1");
    assert_eq!(from(&p, "e2"), ["e2e3", "e2e4"]);
    assert_eq!(play(&p, "e2e4").cell(sq("e4")), cell(Some(Pawn), Some(Knight)));
}

#[test]
fn en_passant_onto_a_single() {
    let p = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - - 0 1");
    let p = play(&p, "d7d5");
    assert_eq!(p.ep_square(), Some(sq("d6")));
    assert_eq!(p.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 - 1 2");
    let after = play(&p, "e5d6");
    assert_eq!(after.cell(sq("d6")), cell(Some(Pawn), Some(Pawn)));
    assert_eq!(after.cell(sq("d5")), Cell::EMPTY);
    assert_eq!(after.halfmove_clock(), 0, "a new bond");
    // Only right after the double step.
    let later = play(&play(&p, "e1e2"), "e8e7");
    assert!(!has(&later, "e5d6"));
}

#[test]
fn en_passant_onto_a_bond_replaces_and_the_chain_goes_on() {
    // Black's pawn double-steps carrying White's knight; White's pawn takes en passant: the
    // bond comes back to d6, the pawn takes the knight's place, and the knight goes on — here
    // to e8, bonding the king.
    let p = pos("4k3/3(Np)4/8/4P3/8/8/8/4K3 b - - - 0 1");
    assert_eq!(from(&p, "d7"), ["d7d5", "d7d6"]);
    let p = play(&p, "d7d5");
    assert_eq!(p.fen(), "4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 - 1 2");
    assert!(has(&p, "e5d6>e8"));
    let won = play(&p, "e5d6>e8");
    assert_eq!(won.cell(sq("d6")), cell(Some(Pawn), Some(Pawn)));
    assert_eq!(won.winner(), Some(Color::White));
    assert_reference(&p);
}

#[test]
fn en_passant_in_the_middle_of_a_chain() {
    // The knight enters e5 and releases the pawn there, which takes en passant on d6.
    let p = pos("4k3/3p4/8/4(Pb)3/8/5N2/8/4K3 b - - - 0 1");
    let p = play(&p, "d7d5");
    assert_eq!(p.ep_square(), Some(sq("d6")), "usable only in a chain, still kept");
    let after = play(&p, "f3e5>d6");
    assert_eq!(after.cell(sq("d6")), cell(Some(Pawn), Some(Pawn)));
    assert_eq!(after.cell(sq("e5")), cell(Some(Knight), Some(Bishop)));
    assert_eq!(after.cell(sq("d5")), Cell::EMPTY);
    assert_reference(&p);
}

#[test]
fn every_double_step_allows_en_passant_also_from_the_first_rank() {
    let p = pos("4k3/8/8/8/8/3p4/8/4P1K1 w - - - 0 1");
    let p = play(&p, "e1e3");
    assert_eq!(p.ep_square(), Some(sq("e2")));
    let after = play(&p, "d3e2");
    assert_eq!(after.cell(sq("e2")), cell(Some(Pawn), Some(Pawn)));
    assert_eq!(after.cell(sq("e3")), Cell::EMPTY);
}

#[test]
fn a_double_step_at_the_end_of_a_chain_allows_en_passant() {
    // The knight enters e2 and releases the pawn there, which double-steps past e3.
    let p = pos("4k3/8/8/8/3p4/8/4(Pn)3/4K1N1 w - - - 0 1");
    let p = play(&p, "g1e2>e4");
    assert_eq!(p.fen(), "4k3/8/8/8/3pP3/8/4(Nn)3/4K3 b - e3 - 1 1");
    let after = play(&p, "d4e3");
    assert_eq!(after.cell(sq("e3")), cell(Some(Pawn), Some(Pawn)));
    assert_eq!(after.cell(sq("e4")), Cell::EMPTY);
}

#[test]
fn the_en_passant_square_is_kept_only_while_usable() {
    let p = play(&Friendly::new(), "e2e4");
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - - 1 1");
    // A FEN naming an unusable square reads without it.
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 - 0 1");
    assert_eq!(p.ep_square(), None);
    // And one naming no double step at all is refused.
    assert!(Friendly::from_fen("4k3/8/8/8/8/8/8/4K3 b - e3 - 0 1").is_err());
}

#[test]
fn promotion_at_the_end_of_a_move() {
    let p = pos("3r3k/4P3/8/8/8/8/8/4K3 w - - - 0 1");
    assert_eq!(
        from(&p, "e7"),
        ["e7d8=B", "e7d8=N", "e7d8=Q", "e7d8=R", "e7e8=B", "e7e8=N", "e7e8=Q", "e7e8=R"]
    );
    let q = play(&p, "e7e8=Q");
    assert_eq!(q.cell(sq("e8")), cell(Some(Queen), None));
    assert_eq!(q.halfmove_clock(), 0, "a promotion is progress");
    assert_eq!(play(&p, "e7d8n").cell(sq("d8")), cell(Some(Knight), Some(Rook)));
    assert!(p.parse_move("e7e8").unwrap_err().to_string().contains("promoted"));
    // A bonded pawn moved by its owner to the last rank is promoted too, with its partner.
    let p = pos("7k/4(Pn)3/8/8/8/8/7P/K7 w - - - 0 1");
    assert_eq!(play(&p, "e7e8=R").cell(sq("e8")), cell(Some(Rook), Some(Knight)));
}

#[test]
fn a_pawn_bonding_the_king_on_its_last_rank_wins_unpromoted() {
    let p = pos("3k4/4P3/8/8/8/8/8/4K3 w - - - 0 1");
    assert!(has(&p, "e7d8"));
    assert!(!has(&p, "e7d8=Q"));
    let won = play(&p, "e7d8");
    assert_eq!(won.cell(sq("d8")), cell(Some(Pawn), Some(King)));
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::KingBond })
    );
    assert_eq!(pos(&won.fen()), won, "the final position reads back");
}

#[test]
fn promotion_in_the_middle_of_a_chain() {
    // The pawn enters the bond on f8, becomes a queen at once, and the knight it released
    // goes on.
    let p = pos("5(Nr)2/6P1/8/8/8/8/8/K5k1 w - - - 0 1");
    assert!(has(&p, "g7f8=Q>e6"));
    let after = play(&p, "g7f8=Q>e6");
    assert_eq!(after.cell(sq("f8")), cell(Some(Queen), Some(Rook)));
    assert_eq!(after.cell(sq("e6")), cell(Some(Knight), None));
    assert_eq!(after.halfmove_clock(), 0);
    assert_reference(&p);
}

#[test]
fn a_promotion_owed_after_the_opponent_carried_the_pawn() {
    // Black's knight carries White's pawn to e8: White promotes it first thing next turn.
    let p = pos("7k/8/3(Pn)4/8/8/8/7P/K7 b - - - 5 1");
    let p = play(&p, "d6e8");
    assert_eq!(p.owed_promotion(), Some(sq("e8")));
    assert_eq!(p.fen(), "4(Pn)2k/8/8/8/8/8/7P/K7 w - - e8 6 2");
    assert_eq!(pos(&p.fen()), p);
    let all = texts(&p);
    assert!(all.iter().all(|t| t.starts_with("e8=")), "{all:?}");
    assert!(has(&p, "e8=Q:a1a2"));
    assert!(has(&p, "e8=N:e8f6"), "the new piece may move at once, carrying its partner");
    let err = p.parse_move("a1a2").unwrap_err().to_string();
    assert!(err.contains("e8=Q:a1a2"), "{err}");
    let after = play(&p, "e8=R:a1b1");
    assert_eq!(after.cell(sq("e8")), cell(Some(Rook), Some(Knight)));
    assert_eq!(after.owed_promotion(), None);
    assert_eq!(after.halfmove_clock(), 0, "the promotion is progress");
    // The short form without the square reads too.
    assert_eq!(p.parse_move("=Q:a1a2").map(|m| m.to_string()), Ok("e8=Q:a1a2".to_owned()));
    assert_reference(&p);
}

#[test]
fn an_owed_promotion_can_be_made_up_by_a_chain_promotion() {
    // Choosing a knight for the owed pawn and promoting another pawn to a queen in the chain
    // can give the same position as the other way round: one move, the smaller text.
    let p = pos(
        "1(Nr)6/2(Pr)5/P2(Nb)4/(Rq)5(Pn)p/k1(Pb)(Pp)4/1n(Qp)4(Np)/1(Rp)2(Bb)K1P/(Br)(Qp)6 b - - b1 1 109",
    );
    let mut q = p.clone();
    let a = p
        .parse_move("b1=N:b3a5>c3>b2>a1=Q>b1>c3>d4>c3>e2>c4>e2>d4>c4>e2>c4>c7>c4>e2>c4>d4>c2")
        .expect("a valid path");
    let b = p.parse_move("b1=Q:b3a5>c7>c4>e2>c4>d4>c3>b2>a1=N>b1>a1>c2").expect("a valid path");
    assert_eq!(a, b);
    q.play(&a).expect("legal");
    assert!(p.is_legal(&a));
}

// ---------------------------------------------------------------- castling

#[test]
fn castling_both_ways() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - - 0 1");
    assert!(has(&p, "e1g1") && has(&p, "e1c1"));
    let short = play(&p, "0-0");
    assert_eq!(short.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - - 1 1");
    let long = play(&short, "O-O-O");
    assert_eq!(long.fen(), "2kr3r/8/8/8/8/8/8/R4RK1 w - - - 2 2");
}

#[test]
fn castling_with_a_bonded_rook_takes_the_partner_along() {
    let p = pos("4k3/8/8/8/8/8/P7/4K2(Rn) w K - - 0 1");
    let after = play(&p, "e1g1");
    assert_eq!(after.cell(sq("f1")), cell(Some(Rook), Some(Knight)));
    assert_eq!(after.cell(sq("h1")), Cell::EMPTY);
    assert_eq!(after.castling(), Castling::NONE);
}

#[test]
fn castling_needs_an_unthreatened_king_path() {
    // f1 threatened by the rook on f8.
    assert!(!has(&pos("4kr2/8/8/8/8/8/8/4K2R w K - - 0 1"), "e1g1"));
    // The king itself threatened.
    assert!(!has(&pos("4r1k1/8/8/8/8/8/8/4K2R w K - - 0 1"), "e1g1"));
    // d1 threatened forbids the long castling; b1 threatened does not (the king does not pass).
    assert!(!has(&pos("3rk3/8/8/8/8/8/8/R3K3 w Q - - 0 1"), "e1c1"));
    assert!(has(&pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - - 0 1"), "e1c1"));
    // The squares between king and rook must be empty.
    assert!(!has(&pos("4k3/8/8/8/8/8/8/RN2K3 w Q - - 0 1"), "e1c1"));
}

#[test]
fn a_square_threatened_only_at_the_end_of_a_chain_forbids_castling() {
    // Black's rook enters the bond on h3 and releases the bishop, which reaches f1.
    let chained = pos("4k2r/8/8/8/8/7(Pb)/8/4K2R w K - - 0 1");
    assert!(!has(&chained, "e1g1"));
    // Without the bonded bishop, castling is allowed.
    assert!(has(&pos("4k2r/8/8/8/8/7P/8/4K2R w K - - 0 1"), "e1g1"));
}

#[test]
fn the_right_to_castle_ends_when_the_rook_leaves_its_square_in_any_way() {
    // Moved by its owner, even if it comes back.
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - - 0 1");
    let p2 = play(&play(&play(&p, "h1h2"), "e8d8"), "h2h1");
    assert_eq!(p2.castling(), Castling::NONE);
    // Carried in a bond by the opponent.
    let p = pos("4k3/8/8/8/8/8/P7/4K2(Rn) b K - - 0 1");
    assert_eq!(play(&p, "h1g3").castling(), Castling::NONE);
    // Released by the owner's chain.
    let p = pos("4k3/8/8/8/8/6N1/8/4K2(Rn) w K - - 0 1");
    assert_eq!(play(&p, "g3h1>h5").castling(), Castling::NONE);
    // The opponent's chain replacing its own piece in the rook's bond leaves the rook there:
    // the right stays (and the chain changes nothing else: a legal move).
    let p = pos("4k3/8/8/8/8/6n1/8/4K2(Rn) b K - - 0 1");
    let after = play(&p, "g3h1>g3");
    assert!(after.castling().has(Color::White, CastlingSide::King));
    // A king move ends both rights.
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - - 0 1");
    let moved = play(&p, "e1f1");
    assert!(!moved.castling().has(Color::White, CastlingSide::King));
    assert!(!moved.castling().has(Color::White, CastlingSide::Queen));
    assert!(moved.castling().has(Color::Black, CastlingSide::Queen));
}

// ---------------------------------------------------------------- threats

#[test]
fn a_threat_is_shown_and_forbids_nothing() {
    // The rook on a2 would bond with a king on the second rank.
    let p = pos("4k3/8/8/8/8/8/r7/4K3 w - - - 0 1");
    assert!(!p.is_check());
    assert!(has(&p, "e1e2"), "walking into a threat is legal");
    let p = play(&p, "e1e2");
    assert!(p.can_bond_king());
    assert!(p.is_threatened(Color::White));
}

#[test]
fn a_king_threatened_only_at_the_end_of_a_chain_is_threatened() {
    // Black's rook can enter the bond on h3; the bishop it releases reaches e1... no: f1, and
    // from g2 on the king on f1.
    let p = pos("4k2r/8/8/8/8/7(Pb)/8/5K2 w - - - 0 1");
    assert!(p.is_check());
    assert!(p.is_threatened(Color::White));
    let black = pos("4k2r/8/8/8/8/7(Pb)/8/5K2 b - - - 0 1");
    assert!(black.can_bond_king());
    let won = play(&black, "h8h3>f1");
    assert_eq!(won.winner(), Some(Color::Black));
}

// ---------------------------------------------------------------- draws

#[test]
fn threefold_repetition() {
    let mut game = Game::new(Friendly::new());
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        let m = game.position().parse_move(text).expect("legal");
        game.play(&m).expect("legal");
        assert_eq!(game.outcome(), None, "after {text}");
    }
    let m = game.position().parse_move("f6g8").expect("legal");
    game.play(&m).expect("legal");
    assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn repetition_tells_castling_rights_en_passant_and_owed_promotions_apart() {
    let a = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - - 0 1");
    let b = pos("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - - 0 1");
    assert_ne!(a.zobrist(), b.zobrist());
    let with_ep = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 - 0 2");
    let without = pos("4k3/8/8/3pP3/8/8/8/4K3 w - - - 0 2");
    assert_ne!(with_ep.zobrist(), without.zobrist());
    let owed = pos("4(Pn)2k/8/8/8/8/8/8/K7 w - - e8 0 2");
    assert_ne!(owed.zobrist(), pos("4(Qn)2k/8/8/8/8/8/8/K7 w - - - 0 2").zobrist());
    // A new bond or a promotion is irreversible; a quiet move is not.
    let p = pos("4k3/8/8/3p4/8/2N5/8/4K3 w - - - 0 1");
    assert!(p.is_irreversible(&p.parse_move("c3d5").expect("legal")));
    assert!(!p.is_irreversible(&p.parse_move("c3e4").expect("legal")));
}

#[test]
fn fifty_moves_without_a_new_bond_or_promotion() {
    let p = pos("4k3/8/8/3p4/8/2N5/P7/4K3 w - - - 99 80");
    assert_eq!(p.outcome(), None);
    let quiet = play(&p, "c3e4");
    assert_eq!(quiet.outcome(), Some(Outcome::Draw { reason: DrawReason::FiftyMoves }));
    let bond = play(&p, "c3d5");
    assert_eq!(bond.halfmove_clock(), 0);
    assert_eq!(bond.outcome(), None);
    // A replacement inside a chain is no new bond.
    let p = pos("4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 99 80");
    assert_eq!(
        play(&p, "d4e6>e7").outcome(),
        Some(Outcome::Draw { reason: DrawReason::FiftyMoves })
    );
}

#[test]
fn every_piece_but_the_kings_bonded_is_a_draw() {
    let p = pos("(Nb)3k3/8/8/8/8/8/8/4K3 w - - - 0 1");
    assert!(p.is_all_bonded());
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: DrawReason::AllBonded }));
    // King against king: no piece but the kings, every one of them bonded.
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: DrawReason::AllBonded }));
    // The last bond formed by a move ends the game.
    let p = pos("4k3/8/8/8/8/8/1n6/N3K3 w - - - 0 1");
    assert_eq!(play(&p, "a1b3").outcome(), None);
    assert_eq!(
        play(&pos("4k3/8/8/8/8/1n6/8/N3K3 w - - - 0 1"), "a1b3").outcome(),
        Some(Outcome::Draw { reason: DrawReason::AllBonded })
    );
}

#[test]
fn no_legal_move_is_a_draw() {
    // The king is walled in by bonds of immobile pawns; the pawn on a2 is blocked.
    let p = pos("4k3/8/8/8/8/p5pp/P5(Pn)(Pn)/6(Pn)K w - - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: DrawReason::NoMoves }));
}

#[test]
fn a_win_takes_precedence_over_draws() {
    // The winning move also bonds the last piece (all bonded).
    let p = pos("k7/8/8/8/8/8/8/R3K3 w - - - 99 1");
    let won = play(&p, "a1a8");
    assert!(won.is_all_bonded());
    assert_eq!(
        won.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::KingBond })
    );
    // A bonded king on the hundredth quiet ply still wins.
    let p = pos("(Rk)7/8/8/8/8/8/8/4K3 b - - - 100 1");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::KingBond })
    );
}

#[test]
fn a_threat_through_en_passant_counts() {
    // White wins with e5d6>e8: the pawn takes the bond's pawn en passant and sends the knight
    // onto the king. Only the side to move has the en passant square.
    let p = pos("4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 - 1 2");
    assert!(p.can_bond_king());
    assert!(p.is_threatened(Color::Black));
    assert_eq!(play(&p, "e5d6>e8").winner(), Some(Color::White));
}

// ---------------------------------------------------------------- FEN

#[test]
fn fen_round_trips() {
    for fen in [
        START_FEN,
        "rnbqkbnr/ppp1pppp/8/3(Pp)4/8/8/PPPP1PPP/RNBQKBNR b KQkq - - 0 2",
        "4(Pn)2k/8/8/8/8/8/8/K7 w - - e8 6 2",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 - 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - - 12 40",
        "(Rk)7/8/8/8/8/8/8/4K3 b - - - 0 1",
    ] {
        assert_eq!(pos(fen).fen(), fen);
        assert_eq!(Setup::parse(fen).expect("setup").fen(), fen);
    }
}

#[test]
fn fen_reading_is_lenient_in_documented_ways_only() {
    // Fields after the board may be left out.
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3").fen(), "4k3/8/8/8/8/8/8/4K3 w - - - 0 1");
    // A six-field chess FEN reads as in chess.
    assert_eq!(pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").fen(), START_FEN);
    // A bond may name Black's piece first.
    assert_eq!(
        pos("4k3/8/8/3(nR)4/8/8/8/4K3 w - - - 0 1").fen(),
        "4k3/8/8/3(Rn)4/8/8/8/4K3 w - - - 0 1"
    );
}

#[test]
fn bad_fens_are_typed_errors() {
    use crate::ParseFenError as E;
    let err = |fen: &str| Friendly::from_fen(fen).expect_err(fen);
    assert_eq!(err(""), E::Empty);
    assert!(matches!(err("8/8/8/8/8/8/8 w"), E::RankCount { found: 7, .. }));
    assert!(matches!(err("9/8/8/8/8/8/8/8 w"), E::InvalidPiece { ch: '9' }));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K2 w"), E::RankLength { rank: 8, .. }));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3X w"), E::InvalidPiece { ch: 'X' }));
    assert!(matches!(err("4k3/8/8/(NN)7/8/8/8/4K3 w"), E::InvalidField { field: "bond", .. }));
    assert!(matches!(err("4k3/8/8/(N)7/8/8/8/4K3 w"), E::InvalidField { field: "bond", .. }));
    assert!(matches!(err("4k3/8/8/(Nnb)7/8/8/8/4K3 w"), E::InvalidField { field: "bond", .. }));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 x"), E::InvalidField { field: "turn", .. }));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w KK"), E::InvalidField { field: "castling", .. }));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - z9"),
        E::InvalidField { field: "en passant", .. }
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w - - - x"),
        E::InvalidField { field: "halfmove clock", .. }
    ));
    assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - - - 0 1 extra"), E::TrailingText { .. }));
    assert!(matches!(
        err("8/8/8/8/8/8/8/4K3 w"),
        E::Setup(SetupError::MissingKing { game: Variant::Friendly, side: Color::Black })
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K2K w"),
        E::Setup(SetupError::TooManyKings { game: Variant::Friendly, side: Color::White })
    ));
    assert!(matches!(
        err("4k3/8/8/8/8/8/PP6/PPPPPPPK w - - - 0 1"),
        E::Setup(SetupError::TooManyPieces { .. })
    ));
    assert!(matches!(err("4k3/8/8/8/8/8/8/3K(Pp w"), E::InvalidField { .. }), "an unclosed bond");
    assert!(matches!(err("4k2P/8/8/8/8/8/8/4K3 w"), E::Setup(SetupError::PieceOutOfPlace { .. })));
    assert!(matches!(
        err("4k3/8/8/8/8/8/8/4K3 w K"),
        E::Setup(SetupError::CastlingWithoutKingAndRook { side: Color::White, .. })
    ));
    assert!(matches!(
        err("4(Pn)2k/8/8/8/8/8/8/K7 w - - -"),
        E::Setup(SetupError::PieceOutOfPlace { .. })
    ));
    assert_eq!(
        err("4(Qn)2k/8/8/8/8/8/8/K7 w - - e8"),
        E::Setup(SetupError::OwedPromotionWithoutPawn {
            square: crate::Point::from(sq("e8")),
            side: Color::White,
        })
    );
    assert_eq!(
        err("4(Kn)3/8/8/8/8/8/8/k7 b"),
        E::Setup(SetupError::BondedKingNotToMove { king: Color::White, to_move: Color::Black })
    );
    assert_eq!(err("(Kk)7/8/8/8/8/8/8/8 w"), E::Setup(SetupError::KingsShareSquare));
    assert_eq!(
        err("4k3/8/8/8/8/8/8/4K3 w - e3"),
        E::Setup(SetupError::EnPassantWithoutDoubleStep {
            side: Color::Black,
            square: crate::Point::from(sq("e3")),
        })
    );
    assert_eq!(err("4(Nk)3/8/8/8/8/8/8/K7 b - - e8"), E::Setup(SetupError::WonGameOwesPromotion));
    // Errors explain themselves.
    assert!(err("4k3/8/8/8/8/8/8/4K3 w K").to_string().contains("castle"));
}

// ---------------------------------------------------------------- move text

#[test]
fn move_text_forms() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - - 0 1");
    assert_eq!(p.parse_move("0-0").map(|m| m.to_string()), Ok("e1g1".to_owned()));
    assert_eq!(p.parse_move("O-O-O").map(|m| m.to_string()), Ok("e1c1".to_owned()));
    assert_eq!(p.parse_move(" e1g1 ").map(|m| m.to_string()), Ok("e1g1".to_owned()));
    let m = Move::new(
        None,
        sq("d4"),
        &[Step::to(sq("e6")), Step { to: sq("f8"), promotion: Some(Queen) }],
    );
    assert_eq!(m.to_string(), "d4e6>f8=Q");
    let m = Move::new(Some((sq("e8"), Knight)), sq("a1"), &[Step::to(sq("a2"))]);
    assert_eq!(m.to_string(), "e8=N:a1a2");
    assert_eq!(m.owed_promotion(), Some((sq("e8"), Knight)));
}

#[test]
fn bad_move_texts_are_typed_errors() {
    let p = Friendly::new();
    for text in
        ["", "e2", "e2e", "e2e4>", "e2e4>>e5", "z2e4", "e2e4=K", "e2e4 e5", "é2e4", "=Q", "e8=Q:"]
    {
        assert!(
            matches!(p.parse_move(text), Err(ParseMoveError::Syntax { .. })),
            "{text:?}: {:?}",
            p.parse_move(text)
        );
    }
    for text in ["e2e5", "e7e5", "e1g1", "e8=Q:e2e4", "e2e4>e5", "e3e4"] {
        assert!(
            matches!(p.parse_move(text), Err(ParseMoveError::Illegal { .. })),
            "{text:?}: {:?}",
            p.parse_move(text)
        );
    }
}

/// The reason the rules give for refusing `text`.
fn refusal(result: Result<impl std::fmt::Debug, ParseMoveError>) -> IllegalMoveReason {
    match result {
        Err(ParseMoveError::Illegal { reason, .. }) => reason,
        other => panic!("{other:?}"),
    }
}

#[test]
fn refusals_name_their_reason_and_the_step_it_happened_at() {
    let at = |name: &str| crate::Point::from(sq(name));
    let owed = pos("4(Pn)2k/8/8/8/8/8/7P/K7 w - - e8 6 2");
    let first = refusal(owed.parse_move(" a1a2 "));
    assert_eq!(
        first,
        IllegalMoveReason::PromotionOwedFirst { square: at("e8"), text: "a1a2".into() }
    );
    assert_eq!(
        first.to_string(),
        "first choose the piece for the pawn on e8, for example e8=Q:a1a2"
    );
    assert_eq!(
        refusal(owed.parse_move("h2=Q:a1a2")),
        IllegalMoveReason::OwedPromotionElsewhere { owed: at("e8"), given: at("h2") }
    );
    let p = Friendly::new();
    assert_eq!(
        refusal(p.parse_move("e8=Q:e2e4")),
        IllegalMoveReason::Step { number: None, error: StepError::NoPromotionOwed }
    );
    assert_eq!(
        refusal(p.parse_move("e3e4")),
        IllegalMoveReason::Step {
            number: None,
            error: StepError::NotYourPiece { square: sq("e3") }
        }
    );
    // The pawn released on e6 must step on: the text ends at its first step.
    let chain = pos("4k3/8/4(Pp)3/8/3N4/8/8/4K3 w - - - 0 1");
    let unfinished = refusal(chain.parse_move("d4e6"));
    assert_eq!(
        unfinished,
        IllegalMoveReason::Step {
            number: Some(1),
            error: StepError::Unfinished { square: sq("e6") },
        }
    );
    assert!(unfinished.to_string().starts_with("step 1: the move is not complete"), "{unfinished}");
    // Input taken step by step is not numbered.
    let mut input = p.move_input();
    assert_eq!(
        refusal(input.apply_text("e3")),
        IllegalMoveReason::Step {
            number: None,
            error: StepError::NotYourPiece { square: sq("e3") }
        }
    );
}

// ---------------------------------------------------------------- step-by-step input

#[test]
fn step_by_step_input_of_a_chain() {
    let p = pos("7k/8/2(Np)5/4(Bp)3/8/8/8/2R1K3 w - - - 0 1");
    let mut input = p.move_input();
    assert_eq!(input.starts(), [sq("c1"), sq("e1"), sq("e5"), sq("c6")]);
    let lifted = input.lift(sq("c1")).expect("can move");
    assert_eq!(lifted.piece, Piece { color: Color::White, role: Rook });
    assert!(!lifted.released);
    let t = input.targets();
    let c6 = t.iter().find(|t| t.to == sq("c6")).expect("offered");
    assert_eq!(c6.kind, TargetKind::Replace);
    assert_eq!(
        input.step(sq("c6"), None),
        Ok(StepResult::Released(Lifted {
            square: sq("c6"),
            piece: Piece { color: Color::White, role: Knight },
            partner: None,
            released: true,
        }))
    );
    assert_eq!(input.released().map(|l| l.square), Some(sq("c6")));
    assert_eq!(input.cell(sq("c6")), cell(Some(Rook), Some(Pawn)), "the rook took its place");
    assert_eq!(input.text(), "c1c6>");
    // Start over: the board is back as it was.
    input.restart();
    assert_eq!(input.cell(sq("c1")), cell(Some(Rook), None));
    assert!(input.lifted().is_none());
    input.apply_text("c1c6>e5").expect("valid");
    match input.step(sq("h2"), None) {
        Ok(StepResult::Finished { mv, position }) => {
            assert_eq!(mv.to_string(), "c1c6>e5>h2");
            assert_eq!(position.turn(), Color::Black);
            assert_eq!(*position, play(&p, "c1c6>e5>h2"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(input.step(sq("h3"), None), Err(StepError::MoveComplete));
}

#[test]
fn step_by_step_input_reports_the_canonical_move_of_a_roundabout_path() {
    let p = pos("4k3/8/8/8/8/2(Np)5/4N3/1N2K3 w - - - 0 1");
    let mut input = p.move_input();
    input.lift(sq("e2")).expect("can move");
    input.step(sq("c3"), None).expect("offered");
    match input.step(sq("e2"), None) {
        Ok(StepResult::Finished { mv, .. }) => assert_eq!(mv.to_string(), "b1c3>b1"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn step_by_step_input_with_promotions_and_an_owed_promotion() {
    let p = pos("4(Pn)2k/8/8/8/8/8/6p1/K7 w - - e8 6 2");
    let mut input = p.move_input();
    assert_eq!(input.owed_promotion(), Some(sq("e8")));
    assert!(input.starts().is_empty());
    assert_eq!(input.lift(sq("a1")), Err(StepError::PromotionOwed { square: sq("e8") }));
    assert_eq!(input.owed_choices(), Role::PROMOTIONS);
    input.choose_owed(Queen).expect("allowed");
    assert_eq!(input.owed_promotion(), None);
    assert!(input.starts().contains(&sq("e8")));
    input.lift(sq("e8")).expect("the queen's bond can move");
    assert_eq!(
        input.lifted().and_then(|l| l.partner),
        Some(Piece { color: Color::Black, role: Knight })
    );
    match input.step(sq("e7"), None) {
        Ok(StepResult::Finished { mv, .. }) => assert_eq!(mv.to_string(), "e8=Q:e8e7"),
        other => panic!("{other:?}"),
    }
    // A promotion in the middle of a chain names its piece.
    let p = pos("5(Nr)2/6P1/8/8/8/8/8/K5k1 w - - - 0 1");
    let mut input = p.move_input();
    input.lift(sq("g7")).expect("can move");
    let f8 = input.targets().into_iter().find(|t| t.to == sq("f8")).expect("offered");
    assert_eq!(f8.promotions, Role::PROMOTIONS);
    assert_eq!(input.step(sq("f8"), None), Err(StepError::PromotionRequired { to: sq("f8") }));
    assert!(matches!(input.step(sq("f8"), Some(Bishop)), Ok(StepResult::Released(_))));
    assert_eq!(input.text(), "g7f8=B>");
}

#[test]
fn moves_within_a_number_of_steps() {
    let p = pos("7k/8/2(Np)5/4(Bp)3/8/8/8/2R1K3 w - - - 0 1");
    let one = p.moves_within(1);
    assert!(one.iter().all(|m| m.steps().len() == 1));
    let all = p.legal_moves();
    assert_eq!(p.moves_within(100).len(), all.len());
    assert_eq!(one.len(), all.iter().filter(|m| m.steps().len() == 1).count());
}

// ---------------------------------------------------------------- the reference generator

#[test]
fn the_fast_generator_agrees_with_the_reference_on_random_positions() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut checked = 0;
    for _ in 0..12 {
        let mut p = Friendly::new();
        for ply in 0..120 {
            if ply % 6 == 5 && p.count_moves() < 3_000 && reference::moves(&p, 20_000).is_some() {
                assert_reference(&p);
                checked += 1;
            }
            let moves = p.moves_within(4);
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = &moves[rng.random_range(0..moves.len())];
            p.play_unchecked(m);
        }
    }
    assert!(checked > 50, "checked {checked} positions");
}

#[test]
fn threats_agree_with_a_search_for_a_winning_move() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    let (mut checked, mut threatened) = (0, 0);
    for _ in 0..10 {
        let mut p = Friendly::new();
        for _ in 0..100 {
            if p.owed_promotion().is_none() && !p.is_decided() {
                for c in Color::ALL {
                    // The opponent to move on the same board: can some move bond c's king?
                    let mut setup = p.to_setup();
                    setup.turn = !c;
                    setup.ep_square = None;
                    setup.castling = Castling::NONE;
                    let Ok(hyp) = Friendly::from_setup(&setup) else { continue };
                    let Some(results) = reference::moves(&hyp, 20_000) else { continue };
                    let wins = results.keys().any(|fen| pos(fen).winner() == Some(!c));
                    assert_eq!(p.is_threatened(c), wins, "{} for {c}", p.fen());
                    checked += 1;
                    threatened += usize::from(wins);
                }
            }
            let moves = p.moves_within(4);
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = &moves[rng.random_range(0..moves.len())];
            p.play_unchecked(m);
        }
    }
    assert!(checked > 500 && threatened > 50, "{checked} checked, {threatened} threatened");
}

#[test]
fn the_winning_move_is_found_without_listing_the_moves() {
    // Direct, at the end of a chain, through en passant; none where there is no threat.
    for (fen, text) in [
        ("4k3/8/8/8/8/8/r3K3/8 b - - - 0 1", "a2e2"),
        ("4k2r/8/8/8/8/7(Pb)/8/5K2 b - - - 0 1", "h8h3>f1"),
        ("4k3/8/8/3(Np)P3/8/8/8/4K3 w - d6 - 1 2", "e5d6>e8"),
    ] {
        let p = pos(fen);
        let m = p.winning_move().expect(fen);
        assert_eq!(p.move_text(&m), text, "{fen}");
    }
    assert_eq!(Friendly::new().winning_move(), None);
    // On random positions: a winning move exactly when the king can be bonded, legal, in its
    // canonical text (one of the move list's), and winning.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let (mut checked, mut wins) = (0, 0);
    for _ in 0..10 {
        let mut p = Friendly::new();
        for _ in 0..100 {
            let found = p.winning_move();
            assert_eq!(found.is_some(), p.can_bond_king(), "{}", p.fen());
            if let Some(m) = found {
                assert!(p.legal_moves().contains(&m), "{}: {}", p.fen(), p.move_text(&m));
                let mut after = p.clone();
                after.play_unchecked(&m);
                assert_eq!(after.winner(), Some(p.turn()), "{}", p.fen());
                wins += 1;
            }
            checked += 1;
            let moves = p.moves_within(4);
            if moves.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = &moves[rng.random_range(0..moves.len())];
            p.play_unchecked(m);
        }
    }
    assert!(checked > 300 && wins > 20, "{checked} checked, {wins} with a win");
}

#[test]
fn every_step_error_says_something_of_its_own() {
    // An exhaustive match: a new variant fails to compile here until it has a sample.
    fn ordinal(e: &StepError) -> usize {
        match e {
            StepError::GameOver => 0,
            StepError::MoveComplete => 1,
            StepError::PromotionOwed { .. } => 2,
            StepError::NoPromotionOwed => 3,
            StepError::AlreadyLifted => 4,
            StepError::NothingLifted => 5,
            StepError::NotYourPiece { .. } => 6,
            StepError::CannotMove { .. } => 7,
            StepError::IllegalStep { .. } => 8,
            StepError::PromotionRequired { .. } => 9,
            StepError::InvalidPromotion { .. } => 10,
            StepError::Unfinished { .. } => 11,
        }
    }
    let (a, b) = (sq("e7"), sq("e8"));
    let samples = [
        StepError::GameOver,
        StepError::MoveComplete,
        StepError::PromotionOwed { square: b },
        StepError::NoPromotionOwed,
        StepError::AlreadyLifted,
        StepError::NothingLifted,
        StepError::NotYourPiece { square: a },
        StepError::CannotMove { square: a },
        StepError::IllegalStep { from: a, to: b },
        StepError::PromotionRequired { to: b },
        StepError::InvalidPromotion { role: King },
        StepError::Unfinished { square: a },
    ];
    let covered: std::collections::BTreeSet<usize> = samples.iter().map(ordinal).collect();
    assert_eq!(covered, (0..12).collect());
    let texts: std::collections::BTreeSet<String> =
        samples.iter().map(ToString::to_string).collect();
    assert_eq!(texts.len(), samples.len(), "{texts:#?}");
    assert!(texts.iter().all(|t| !t.is_empty()));
}
