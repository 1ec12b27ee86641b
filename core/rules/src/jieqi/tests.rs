//! One test (at least) per line of `rules/jieqi.md`, per rule set, and per text form.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::xiangqi_family::chase::chased;
use crate::{Game, ParseFenError, PlayError, Position, SetupError, Truth, View, Xiangqi};

fn truth(fen: &str) -> Jieqi {
    Jieqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn truth_with(fen: &str, rules: Rules) -> Jieqi {
    Jieqi::from_fen_with_rules(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn mv(text: &str) -> Move {
    Move::parse_coordinate(text).expect("move")
}

fn targets(p: &Jieqi, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

fn play(game: &mut Game<Jieqi>, moves: &str) {
    for t in moves.split_whitespace() {
        let m = game.position().parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        game.play(&m).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

const RED: Seat = Seat::Player(Color::White);
const BLACK: Seat = Seat::Player(Color::Black);

/// Every face-down piece on the point of its own kind: moves exactly like Xiangqi's start.
const LIKE_XIANGQI: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w \
                            rnbaabnrccpppppPPPPPCCRNBAABNR 0 1 -";

// Setup.

#[test]
fn generals_face_up_fifteen_face_down_red_first() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let p = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
    assert_eq!(p.turn(), Color::White);
    assert_eq!(
        p.cell_at(sq("e1")),
        Some(Cell::FaceUp(Piece { color: Color::White, role: Role::General }))
    );
    assert_eq!(
        p.cell_at(sq("e10")),
        Some(Cell::FaceUp(Piece { color: Color::Black, role: Role::General }))
    );
    for color in Color::ALL {
        let points: Vec<Square> = start_points(color).collect();
        assert_eq!(points.len(), 15);
        for s in points {
            assert_eq!(p.cell_at(s), Some(Cell::FaceDown(color)), "{s}");
        }
        // The fifteen identities are exactly the shuffled set.
        assert_eq!(p.hidden(color), Pool::FULL);
    }
    assert_eq!(p.pieces().count(), 32);
    // Everyone sees the same start, whatever the shuffle.
    for seat in Seat::ALL {
        assert_eq!(p.view(seat).fen(), START_VIEW_FEN);
    }
}

#[test]
fn the_shuffle_is_uniform_and_takes_its_randomness_from_the_caller() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let a = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
    let b = Jieqi::shuffled(&mut ChaCha8Rng::seed_from_u64(2), Rules::DEFAULT);
    let c = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
    assert_eq!(
        Jieqi::shuffled(&mut ChaCha8Rng::seed_from_u64(2), Rules::DEFAULT).truth_fen(),
        b.truth_fen()
    );
    assert_eq!(a.truth_fen(), b.truth_fen(), "same seed, same arrangement");
    assert_ne!(a.truth_fen(), c.truth_fen(), "the generator moves on");
    // Each role lands on each point as often as its share of the fifteen: a chi-square test
    // over all (point, role) cells with a generous bound.
    let games = 15_000;
    let mut counts = [[0u32; 8]; 90];
    for _ in 0..games {
        let p = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
        for s in start_points(Color::White).chain(start_points(Color::Black)) {
            let role = p.true_piece_at(s).expect("piece").role;
            counts[s.index()][role as usize] += 1;
        }
    }
    let mut chi2 = 0.0;
    let mut cells = 0;
    for s in start_points(Color::White).chain(start_points(Color::Black)) {
        for (role, n) in Pool::FULL.iter() {
            let expected = f64::from(games) * f64::from(n) / 15.0;
            let d = f64::from(counts[s.index()][role as usize]) - expected;
            chi2 += d * d / expected;
            cells += 1;
        }
    }
    // 180 cells (150 degrees of freedom): the 99.99th percentile is about 220.
    assert_eq!(cells, 180);
    assert!(chi2 < 240.0, "chi-square {chi2}");
}

// Hidden pieces.

#[test]
fn a_face_down_piece_moves_and_captures_as_the_piece_of_its_point() {
    // With every identity different from its point, the moves are still Xiangqi's.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let p = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
    let x = Xiangqi::new();
    let mut ours: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    let mut theirs: Vec<String> = x.legal_moves().iter().map(Move::to_string).collect();
    ours.sort();
    theirs.sort();
    assert_eq!(ours, theirs);
    assert_eq!(crate::perft(&truth(LIKE_XIANGQI), 3), x.perft(3));
    // Each kind of point: the a1 chariot point holds a soldier, b1 a cannon, b3 an advisor.
    let p = truth("3k5/9/9/9/9/9/9/1X7/9/XX2K4 w ACP 0 1");
    assert_eq!(targets(&p, "a1"), ["a10", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"]);
    assert_eq!(targets(&p, "b1"), ["a3", "c3", "d2"]);
    assert_eq!(
        targets(&p, "b3"),
        [
            "a3", "b10", "b2", "b4", "b5", "b6", "b7", "b8", "b9", "c3", "d3", "e3", "f3", "g3",
            "h3", "i3"
        ]
    );
    // A cannon point captures by jumping a screen; a soldier point steps forward (Black
    // mirrored: down the board).
    let p = truth("3k5/9/1p7/9/1r7/9/9/1X7/9/4K4 w C 0 1");
    let t = targets(&p, "b3");
    assert!(t.contains(&"b8".to_owned()), "jumps the chariot on b6 onto the soldier");
    assert!(!t.contains(&"b6".to_owned()), "no capture without a screen");
    let p = truth("3k5/9/9/x8/9/9/9/9/9/4K4 b r 0 1");
    assert_eq!(targets(&p, "a7"), ["a6"]);
}

#[test]
fn a_face_down_advisor_stays_in_the_palace_and_a_face_down_elephant_is_blocked() {
    let p = truth("3k5/9/9/9/9/9/9/9/9/3XK4 w R 0 1");
    assert_eq!(targets(&p, "d1"), ["e2"]);
    let p = truth("3k5/9/9/9/9/9/9/9/3N5/2X1K4 w R 0 1");
    assert_eq!(targets(&p, "c1"), ["a3"], "the horse on d2 is the eye towards e3");
}

#[test]
fn a_face_down_piece_attacks_as_the_piece_of_its_point() {
    // A red chariot comes to attack the black horse on c8. The face-down piece on b10 stands
    // on a horse point, so it protects c8 as a horse does, whatever it really is (a soldier
    // here): no chase. Without it the horse is chased.
    let chased_by = |fen: &str, m: &str| {
        let before = truth(fen);
        let mut after = before.clone();
        after.play(&mv(m)).expect("legal");
        chased(&before.public.board, mv(m), &after.public.board, Color::Black)
    };
    let c8 = 1u128 << sq("c8").index();
    assert_eq!(chased_by("5k3/9/2n6/9/9/9/9/9/9/R3K4 w - 0 1", "a1c1"), c8);
    assert_eq!(chased_by("1x3k3/9/2n6/9/9/9/9/9/9/R3K4 w p 0 1", "a1c1"), 0);
    // The face-down piece on a10, a chariot point, attacks along its file: a red horse there
    // would be attacked, so the horse may not... be left there by a pin; simpler: the red
    // general cannot step onto a line it attacks. Here the face-down chariot point i10 and
    // the face-down cannon point h8 attack i1..i9 and h-file points.
    let p = truth("3k4x/9/7x1/9/9/9/9/9/9/4K4 w rc 0 1");
    let board = &p.public.board;
    assert!(board.attacked_by(sq("i2").u8(), Color::Black, false));
    assert!(!board.attacked_by(sq("h2").u8(), Color::Black, false), "a cannon needs a screen");
}

#[test]
fn moving_turns_a_piece_up_for_both_players_and_it_then_moves_as_itself() {
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/9/X3K4 w P 0 1"));
    play(&mut g, "a1a5");
    let p = g.position();
    let soldier = Piece { color: Color::White, role: Role::Soldier };
    assert_eq!(p.cell_at(sq("a5")), Some(Cell::FaceUp(soldier)));
    assert_eq!(p.last_event().map(|e| e.text()), Some("a1a5=P".to_owned()));
    for seat in Seat::ALL {
        let v = p.view(seat);
        assert_eq!(v.cell_at(sq("a5")), Some(Cell::FaceUp(soldier)), "{seat}");
        assert_eq!(v.last_event().map(|e| e.revealed), Some(Some(Role::Soldier)));
        assert!(v.pool(Color::White).is_empty());
    }
    play(&mut g, "d10d9");
    assert_eq!(targets(g.position(), "a5"), ["a6"], "a soldier on its own side steps forward");
}

// Revealed pieces.

#[test]
fn revealed_advisors_and_elephants_are_free_of_palace_and_river() {
    let p = truth("3k5/9/9/9/4A4/9/9/9/9/5K3 w - 0 1");
    assert_eq!(targets(&p, "e6"), ["d5", "d7", "f5", "f7"]);
    let p = truth("3k5/9/9/3p5/4B4/9/9/9/9/5K3 w - 0 1");
    assert_eq!(targets(&p, "e6"), ["c4", "g4", "g8"], "the soldier on d7 is the eye towards c8");
    // Revealed by their first move, they leave at once.
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/9/3XK4 w A 0 1"));
    play(&mut g, "d1e2 d10d9");
    assert_eq!(targets(g.position(), "e2"), ["d1", "d3", "f1", "f3"]);
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/9/X3K4 w B 0 1"));
    play(&mut g, "a1a5 d10d9");
    assert_eq!(targets(g.position(), "a5"), ["c3", "c7"], "across the river");
}

#[test]
fn revealed_soldiers_go_forward_and_sideways_beyond_the_river() {
    let p = truth("3k5/9/9/9/9/9/9/9/P8/5K3 w - 0 1");
    assert_eq!(targets(&p, "a2"), ["a3"]);
    let p = truth("3k5/9/9/9/4P4/9/9/9/9/5K3 w - 0 1");
    assert_eq!(targets(&p, "e6"), ["d6", "e7", "f6"]);
    let p = truth("3k5/9/9/9/9/4p4/9/9/9/5K3 b - 0 1");
    assert_eq!(targets(&p, "e5"), ["d5", "e4", "f5"]);
}

#[test]
fn the_general_stays_in_the_palace_and_generals_may_not_face() {
    let p = truth("3k5/9/9/9/9/9/9/9/9/4K4 w - 0 1");
    assert_eq!(targets(&p, "e1"), ["e2", "f1"], "d1 would face the general on d10");
    // The advisor between the generals is pinned: every step leaves the file.
    let p = truth("4k4/9/9/9/4A4/9/9/9/9/4K4 w - 0 1");
    assert!(targets(&p, "e6").is_empty());
}

// Information.

#[test]
fn nobody_knows_a_face_down_identity_not_even_its_owner() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let a = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
    let b = Jieqi::shuffled(&mut rng, Rules::DEFAULT);
    assert_ne!(a.truth_fen(), b.truth_fen());
    for seat in Seat::ALL {
        assert_eq!(a.view(seat), b.view(seat), "{seat}");
    }
    let v = a.view(RED);
    assert_eq!(v.cell_at(sq("a1")), Some(Cell::FaceDown(Color::White)));
    assert_eq!(v.pool(Color::White), Pool::FULL);
}

/// Red's chariot on a6 takes Black's face-down piece on a7, a chariot in truth.
const CAPTURE_FACE_DOWN: &str = "3k5/9/9/x8/R8/9/9/9/9/4K4 w r 0 1";

#[test]
fn the_capturer_sees_a_captured_face_down_piece_its_owner_never_does() {
    let mut g = Game::new(truth(CAPTURE_FACE_DOWN));
    let before = g.position().view(BLACK);
    assert_eq!(before.pool(Color::Black).count(Role::Chariot), 1);
    play(&mut g, "a6a7");
    let known = CapturedPiece { color: Color::Black, role: Some(Role::Chariot), face_down: true };
    let unknown = CapturedPiece { role: None, ..known };
    let p = g.position();
    assert_eq!(p.captured().last(), Some(&known));
    let red = p.view(RED);
    assert_eq!(red.captured().last(), Some(&known));
    assert_eq!(red.last_event().map(|e| e.text()), Some("a6a7x(r)".to_owned()));
    assert!(red.pool(Color::Black).is_empty());
    for seat in [BLACK, Seat::Spectator] {
        let v = p.view(seat);
        assert_eq!(v.captured().last(), Some(&unknown), "{seat}");
        assert_eq!(v.last_event().map(|e| e.text()), Some("a6a7x(x)".to_owned()));
        // Still one chariot that can be face down, for all it knows: lost unseen.
        assert_eq!(v.pool(Color::Black).count(Role::Chariot), 1);
        assert_eq!(v.face_down_count(Color::Black), 0);
        assert!(!v.fen().contains("(r)"), "{}", v.fen());
    }
    // Not after the game either: Black resigns, and its view still does not know.
    g.resign(Color::Black);
    assert!(g.outcome().is_some());
    assert_eq!(g.view(BLACK).position().captured().last(), Some(&unknown));
}

#[test]
fn a_captured_face_up_piece_is_seen_by_both() {
    let mut g = Game::new(truth("3k5/9/9/n8/R8/9/9/9/9/4K4 w - 0 1"));
    play(&mut g, "a6a7");
    let seen = CapturedPiece { color: Color::Black, role: Some(Role::Horse), face_down: false };
    for seat in Seat::ALL {
        assert_eq!(g.position().view(seat).captured().last(), Some(&seen), "{seat}");
    }
}

#[test]
fn a_view_holds_the_board_the_reveals_the_captures_seen_and_the_pools() {
    let mut g = Game::new(truth(LIKE_XIANGQI));
    // Red's cannon point takes Black's horse point (b10, a horse in truth) and turns up a
    // cannon; Black's chariot point takes the piece back.
    play(&mut g, "b3b10 a10b10");
    let board = "1rxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX w";
    // Red took the horse unseen by Black: Red's pool for Black lacks it, Black's does not.
    assert_eq!(g.position().view(RED).fen(), format!("{board} A2B2N2R2C1P5a2b2n1r1c2p5 0 2 (n)C"));
    assert_eq!(
        g.position().view(BLACK).fen(),
        format!("{board} A2B2N2R2C1P5a2b2n2r1c2p5 0 2 (x)C")
    );
    assert_eq!(
        g.position().view(Seat::Spectator).fen(),
        format!("{board} A2B2N2R2C1P5a2b2n2r1c2p5 0 2 (x)C")
    );
    let v = g.position().view(BLACK);
    assert_eq!(v.pool(Color::Black).total(), 14);
    assert_eq!(v.face_down_count(Color::Black), 13, "one lost face down, identity unknown");
}

// End of game.

#[test]
fn checkmate_wins_and_no_legal_move_loses() {
    // A face-down piece of Black's on a10 cannot help.
    let mate = truth("x2k5/9/9/9/9/9/9/9/3R5/4K4 b r 0 1");
    assert!(mate.is_check());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate })
    );
    let stuck = truth("3k5/4P4/9/9/9/9/9/9/9/4K4 b - 0 1");
    assert!(!stuck.is_check());
    assert_eq!(
        stuck.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::NoMoves })
    );
    for seat in Seat::ALL {
        assert_eq!(mate.view(seat).outcome(), mate.outcome());
    }
}

#[test]
fn fifty_moves_without_capture_draw_and_reveals_do_not_reset_the_count() {
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/9/X3K4 w P 99 60"));
    assert_eq!(g.outcome(), None);
    play(&mut g, "a1a2");
    assert_eq!(g.position().halfmove_clock(), 100, "the reveal did not reset the count");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::FiftyMoves }));
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/r8/R3K4 w - 50 60"));
    play(&mut g, "a1a2");
    assert_eq!(g.position().halfmove_clock(), 0, "a capture resets it");
}

#[test]
fn a_mate_on_the_hundredth_ply_wins() {
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/R8/4K4 w - 99 80"));
    play(&mut g, "a2d2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate })
    );
}

#[test]
fn repetition_perpetual_check_loses() {
    // Black's face-down soldier point on i7 stays out of it.
    let mut g = Game::new(truth("3k5/9/9/8x/9/9/9/9/9/R3K4 w p 0 1"));
    play(&mut g, "a1a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10");
    assert_eq!(g.outcome(), None);
    play(&mut g, "a9a10");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::PerpetualCheck })
    );
}

#[test]
fn repetition_perpetual_chase_loses_and_a_face_down_piece_counts_as_its_point() {
    // Red's chariot follows Black's cannon between c8 and d8, attacking it with every move.
    let cycle = "d5c5 c8d8 c5d5 d8c8 d5c5 c8d8 c5d5 d8c8";
    let mut g = Game::new(truth("5k3/9/2c6/9/9/3R5/9/9/9/4K4 w - 0 1"));
    play(&mut g, cycle);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::PerpetualChase })
    );
    // A face-down piece on b10, a horse point, protects c8 as a horse would (although it is a
    // soldier): half of the attacks are no chase, and the repetition is a draw.
    let mut g = Game::new(truth("1x3k3/9/2c6/9/9/3R5/9/9/9/4K4 w p 0 1"));
    play(&mut g, cycle);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
    // The same verdicts from every seat's views.
    for seat in Seat::ALL {
        assert_eq!(g.view(seat).outcome(), g.outcome());
    }
}

#[test]
fn a_revealed_piece_back_on_its_point_is_not_the_face_down_one() {
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/9/X3K4 w R 0 1"));
    play(&mut g, "e1e2 d10d9 e2e1 d9d10");
    assert_eq!(g.occurrences(), 2);
    // The chariot point turns up a chariot and comes back: the board looks the same but for
    // the face-down mark, and the count starts again (the reveal is irreversible).
    play(&mut g, "a1a2 d10d9 a2a1 d9d10");
    assert_eq!(g.occurrences(), 1);
    play(&mut g, "a1a2 d10d9 a2a1 d9d10");
    assert_eq!(g.occurrences(), 2);
    assert_eq!(g.outcome(), None);
    // The position right after the reveal comes a third time.
    play(&mut g, "a1a2");
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn only_the_two_generals_left_draw() {
    let p = truth("3k5/9/9/9/9/9/9/9/9/4K4 w - 0 1");
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    // A free advisor could still attack: no draw.
    assert_eq!(truth("3k5/9/9/9/9/9/9/9/4A4/4K4 w - 0 1").outcome(), None);
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/4r4/4K4 w - 0 1"));
    play(&mut g, "e1e2");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
}

// Rule sets.

#[test]
fn rule_set_nobody_sees_captured() {
    let rules = Rules::NOBODY_SEES_CAPTURED;
    let mut g = Game::new(truth_with(CAPTURE_FACE_DOWN, rules));
    play(&mut g, "a6a7");
    for seat in Seat::ALL {
        let v = g.position().view(seat);
        assert_eq!(v.captured().last().map(|c| c.role), Some(None), "{seat}");
        assert_eq!(v.pool(Color::Black).count(Role::Chariot), 1);
    }
    // The truth still knows, for the record.
    assert_eq!(g.position().captured().last().map(|c| c.role), Some(Some(Role::Chariot)));
    assert_eq!("nobody_sees_captured".parse::<RuleSet>().map(RuleSet::rules), Ok(rules));
}

#[test]
fn rule_set_tencent_caps_consecutive_checks() {
    let mut g = Game::new(truth_with("3k5/9/9/9/9/9/9/9/9/R4K3 w - 0 1", Rules::TENCENT));
    // Six checks in a row, never a position for the third time.
    play(&mut g, "a1a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10 a9d9 d10e10 d9d10 e10e9");
    assert_eq!(g.outcome(), None);
    let p = g.position().clone();
    for check in ["d10d9", "d10e10"] {
        assert!(p.is_legal(&mv(check)), "{check} is legal in the position");
        assert!(!g.is_legal(&mv(check)), "{check} would be the seventh check");
        assert!(matches!(g.play(&mv(check)), Err(PlayError::Forbidden { .. })));
    }
    assert!(g.legal_moves().contains(&mv("d10a10")), "a quiet move stays legal");
    for seat in Seat::ALL {
        assert_eq!(g.view(seat).legal_moves(), g.legal_moves(), "{seat}");
    }
    // A quiet move ends the run.
    play(&mut g, "d10a10 e9e8 a10a8");
    assert!(g.position().is_check());
    // The default rules have no cap.
    let mut g = Game::new(truth("3k5/9/9/9/9/9/9/9/9/R4K3 w - 0 1"));
    play(&mut g, "a1a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10 a9d9 d10e10 d9d10 e10e9 d10d9");
}

#[test]
fn rule_set_tencent_caps_chasing_one_piece() {
    // Red's chariot chases Black's horse six moves in a row.
    let mut g = Game::new(truth_with("4k4/9/9/9/2n6/9/9/9/9/R2K5 w - 0 1", Rules::TENCENT));
    play(&mut g, "a1a6 c6d8 a6a8 d8c10 a8c8 c10d8 c8b8 d8c10 b8b10 e10e9 b10a10 c10d8");
    let legal = g.legal_moves();
    for chase in ["a10a8", "a10d10"] {
        assert!(g.position().is_legal(&mv(chase)));
        assert!(!legal.contains(&mv(chase)), "{chase} would chase the horse a seventh time");
    }
    assert!(legal.contains(&mv("a10a9")));
    for seat in Seat::ALL {
        assert_eq!(g.view(seat).legal_moves(), legal, "{seat}");
    }
}

#[test]
fn rule_set_tencent_a_side_with_only_forbidden_moves_loses() {
    // The cap lowered to one check, to reach the situation quickly: after checking on e9 and
    // losing the chariot, Red's only move (the elephant to c7) checks again.
    let rules = Rules { check_chase_limit: Some(1), ..Rules::TENCENT };
    let mut g = Game::new(truth_with("9/B4k3/9/9/4R4/9/9/9/c1p2b3/5K3 w - 0 1", rules));
    play(&mut g, "e6e9 f9e9");
    assert_eq!(g.position().legal_moves(), [mv("a9c7")]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::ExcessiveChecksOrChases })
    );
    for seat in Seat::ALL {
        assert_eq!(g.view(seat).outcome(), g.outcome());
    }
}

#[test]
fn rule_set_tencent_never_refuses_a_reveal() {
    // With the cap lowered to one check: after Red's chariot checked, its next check is
    // refused, but the face-down chariot point on a1 (a chariot in truth) may go to a9, where
    // it turns up checking: what it reveals was unknown when it moved.
    let rules = Rules { check_chase_limit: Some(1), ..Rules::TENCENT };
    let mut g = Game::new(truth_with("4k4/9/9/9/9/9/9/9/8R/X2K5 w R 0 1", rules));
    play(&mut g, "i2i10 e10e9");
    let legal = g.legal_moves();
    assert!(!legal.contains(&mv("i10i9")) && !legal.contains(&mv("i10e10")));
    assert!(legal.contains(&mv("a1a9")));
    play(&mut g, "a1a9");
    assert!(g.position().is_check());
}

#[test]
fn rule_set_tencent_draws_after_forty_moves_without_capture() {
    let mut g = Game::new(truth_with("3k5/9/9/9/9/9/9/9/9/X3K4 w P 79 60", Rules::TENCENT));
    assert_eq!(g.outcome(), None);
    play(&mut g, "a1a2");
    // Tencent's own limit, not the fifty moves of the other rule sets.
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::MoveLimit }));
    assert_eq!(Rules::TENCENT.no_capture_plies, 80);
    let mut g = Game::new(truth_with("3k5/9/9/9/9/9/9/9/9/X3K4 w P 99 60", Rules::DEFAULT));
    play(&mut g, "a1a2");
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::FiftyMoves }));
}

#[test]
fn rule_set_vietnamese_draws_at_the_sixth_occurrence() {
    let cycle = "a1a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10";
    let mut g = Game::new(truth_with("3k5/9/9/9/9/9/9/9/9/R3K4 w - 0 1", Rules::VIETNAMESE));
    play(&mut g, cycle);
    play(&mut g, "a9a10");
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), None, "perpetual check decides nothing here");
    play(&mut g, "d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10 a9a10 d10d9 a10a9 d9d10");
    assert_eq!(g.occurrences(), 5);
    assert_eq!(g.outcome(), None);
    play(&mut g, "a9a10");
    assert_eq!(g.occurrences(), 6);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
}

#[test]
fn rule_set_pychess_lets_a_face_down_advisor_leave_the_palace() {
    let fen = "3k5/9/9/9/9/9/9/9/9/3XK4 w R 0 1";
    assert_eq!(targets(&truth_with(fen, Rules::PYCHESS), "d1"), ["c2", "e2"]);
    assert_eq!(targets(&truth(fen), "d1"), ["e2"]);
    let v = JieqiView::from_fen_with_rules(fen, RED, Rules::PYCHESS).expect("view");
    assert!(v.legal_moves().contains(&mv("d1c2")));
}

#[test]
fn rule_sets_by_name() {
    for set in RuleSet::ALL {
        assert_eq!(set.name().parse::<RuleSet>(), Ok(set));
    }
    assert_eq!(Rules::default(), Rules::DEFAULT);
    assert!("fast".parse::<RuleSet>().is_err());
}

// Views as a bot uses them.

#[test]
fn views_play_with_assumed_reveals() {
    let mut v = JieqiView::start(RED, Rules::DEFAULT);
    assert_eq!(v.fen(), START_VIEW_FEN);
    assert_eq!(
        v.play_seen(mv("h3e3"), None, None),
        Err(ViewPlayError::RevealMissing { mv: mv("h3e3") })
    );
    assert_eq!(
        v.play_seen(mv("e1e2"), Some(Role::Cannon), None),
        Err(ViewPlayError::RevealUnexpected { mv: mv("e1e2") })
    );
    v.play_seen(mv("h3e3"), Some(Role::Cannon), None).expect("reveal");
    assert_eq!(v.pool(Color::White).count(Role::Cannon), 1);
    // Black's cannon point takes Red's face-down horse point: Red cannot learn what it was.
    assert!(!v.learns_capture(mv("b8b1")));
    assert_eq!(
        v.clone().play_seen(mv("b8b1"), Some(Role::Cannon), Some(Role::Horse)),
        Err(ViewPlayError::CaptureUnknowable { mv: mv("b8b1") })
    );
    v.play_seen(mv("b8b1"), Some(Role::Cannon), None).expect("capture");
    assert_eq!((v.pool(Color::White).total(), v.face_down_count(Color::White)), (14, 13));
    // From Red's seat, taking a face-down piece can be told what it was.
    let mut w = JieqiView::start(RED, Rules::DEFAULT);
    assert!(w.learns_capture(mv("b3b10")));
    assert_eq!(
        w.clone().play_seen(mv("b3b10"), Some(Role::Cannon), Some(Role::General)),
        Err(ViewPlayError::CaptureImpossible { mv: mv("b3b10"), role: Role::General })
    );
    assert_eq!(
        w.clone().play_seen(mv("b3b10"), Some(Role::Cannon), None),
        Err(ViewPlayError::CaptureMissing { mv: mv("b3b10") })
    );
    w.play_seen(mv("b3b10"), Some(Role::Cannon), Some(Role::Horse)).expect("learns");
    assert_eq!(w.pool(Color::Black).count(Role::Horse), 1);
    assert_eq!(w.last_event().map(|e| e.text()), Some("b3b10=Cx(n)".to_owned()));
    assert_eq!(
        w.clone().play_seen(mv("i10i9"), Some(Role::General), None),
        Err(ViewPlayError::RevealImpossible { mv: mv("i10i9"), role: Role::General })
    );
    assert_eq!(w.parse_event("a10a9=n"), Ok((mv("a10a9"), Some(Role::Horse), None)));
    let mut x = w.clone();
    x.play_seen(mv("a10a9"), Some(Role::Horse), None).expect("black reveals");
    assert!(matches!(
        x.play_seen(mv("a1a5"), Some(Role::Soldier), None),
        Err(ViewPlayError::Play(_))
    ));
}

#[test]
fn search_keys_tell_apart_what_views_know() {
    let mut g = Game::new(truth(CAPTURE_FACE_DOWN));
    play(&mut g, "a6a7");
    let (red, black) = (g.position().view(RED), g.position().view(BLACK));
    assert_eq!(red.zobrist(), black.zobrist(), "the same board");
    assert_ne!(red.search_key(), black.search_key(), "different pools");
    assert_eq!(red.engine_fen(), "3k5/9/9/R8/9/9/9/9/9/4K4 b - 0 1");
    assert_eq!(black.engine_fen(), "3k5/9/9/R8/9/9/9/9/9/4K4 b r1 0 1");
}

#[test]
fn view_perft_branches_over_the_pool() {
    let v = JieqiView::start(Seat::Spectator, Rules::DEFAULT);
    // 43 moves of face-down pieces, each turning up one of 6 kinds, and the general's step.
    assert_eq!(v.perft(1), 43 * 6 + 1);
    assert_eq!(v.perft(2), 66_462);
}

#[test]
fn dealt_positions_agree_with_the_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut g = Game::new(truth(LIKE_XIANGQI));
    play(&mut g, "b3b10 a10b10 h3h10 i10h10");
    for seat in Seat::ALL {
        let v = g.position().view(seat);
        for _ in 0..20 {
            let dealt = Jieqi::deal(&v, &mut rng);
            assert_eq!(dealt.view(seat), v, "{seat}");
        }
    }
}

// Text forms.

#[test]
fn view_fen_follows_the_jieqi_engines() {
    let v = JieqiView::from_fen(START_VIEW_FEN, RED).expect("start");
    assert_eq!(v, JieqiView::start(RED, Rules::DEFAULT));
    // The forms JieqiBox and the Pikafish-based engines write.
    for text in [
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 0 1",
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w R2r2N2n2B2b2A2a2C2c2P5p5 0 1",
    ] {
        assert_eq!(
            JieqiView::from_fen(text, RED).map(|v| v.fen()),
            Ok(START_VIEW_FEN.to_owned()),
            "{text}"
        );
    }
    // A position from a Pikafish-based engine's benchmark: Black lost two face-down pieces
    // it cannot name, so its pool is larger than its face-down pieces.
    let text = "x3kr3/4p2P1/4p4/1P2n1b2/p7R/8p/X8/9/4K4/1AXX1XXXX b N1n1B1A1C1P3 1 18";
    let v = JieqiView::from_fen(text, BLACK).expect("engine FEN");
    assert_eq!(v.face_down_count(Color::Black), 1);
    assert_eq!(v.pool(Color::Black).total(), 1);
    assert_eq!(v.captured().iter().filter(|c| c.role.is_none()).count(), 0);
    // A plain Xiangqi FEN is a position with every piece face up.
    let x = truth(crate::xiangqi::START_FEN);
    assert_eq!(x.pieces().filter(|(_, c)| matches!(c, Cell::FaceDown(_))).count(), 0);
}

#[test]
fn full_fen_carries_the_identities_and_round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut g = Game::new(Jieqi::shuffled(&mut rng, Rules::DEFAULT));
    play(&mut g, "b3b10 a10b10 h3h10");
    let p = g.position();
    let fen = p.truth_fen();
    let back = truth(&fen);
    assert_eq!(back.truth_fen(), fen);
    for s in Square::all() {
        assert_eq!(back.true_piece_at(s), p.true_piece_at(s), "{s}");
    }
    assert_eq!(back.captured(), p.captured());
    // The third field is the identities, in FEN order.
    let third = fen.split(' ').nth(2).expect("field");
    assert_eq!(third.len(), p.pieces().filter(|(_, c)| matches!(c, Cell::FaceDown(_))).count());
    assert!(third.bytes().all(|b| b.is_ascii_alphabetic()));
    // A full FEN is also read as a view, from any seat.
    assert_eq!(JieqiView::from_fen(&fen, RED).map(|v| v.fen()), Ok(p.view(RED).fen()));
    // Reading a view FEN as the truth is refused.
    assert!(matches!(
        Jieqi::from_fen(START_VIEW_FEN),
        Err(ParseFenError::Setup(SetupError::ViewFenAsTruth))
    ));
}

#[test]
fn fen_errors_are_typed() {
    use ParseFenError as E;
    use SetupError as S;
    let err = |fen: &str| Jieqi::from_fen(fen).unwrap_err();
    let verr = |fen: &str| JieqiView::from_fen(fen, RED).unwrap_err();
    assert_eq!(err(""), E::Empty);
    assert!(matches!(err("9/9 w"), E::RankCount { .. }));
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/3XK4 w Rx 0 1"),
        E::InvalidField { field: "hidden identities", .. }
    ));
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/3XK4 w r 0 1"),
        E::InvalidField { field: "hidden identities", .. }
    ));
    assert!(matches!(err("3k5/9/9/9/9/9/9/9/9/3XK4 w K 0 1"), E::InvalidField { .. }));
    assert!(matches!(
        verr("3k5/9/9/9/9/9/9/9/9/3XK4 w A2Q1 0 1"),
        E::InvalidField { field: "pool", .. }
    ));
    assert!(matches!(
        verr("3k5/9/9/9/9/9/9/9/9/3XK4 w A1A1 0 1"),
        E::InvalidField { field: "pool", .. }
    ));
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/3XK4 w R 0 1 R(q)"),
        E::InvalidField { field: "captured", .. }
    ));
    assert!(matches!(err("3k5/9/9/9/9/9/9/9/9/3XK4 w R 0 1 - extra"), E::TrailingText { .. }));
    assert!(matches!(
        err("3k5/9/9/9/4X4/9/9/9/9/4K4 w R 0 1"),
        E::Setup(S::PieceOutOfPlace { piece: 'X', .. })
    ));
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/3X4K w R 0 1"),
        E::Setup(S::PieceOutOfPlace { piece: 'K', .. })
    ));
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/RRR1K4 w - 0 1"),
        E::Setup(S::TooManyPieces { piece: 'R', .. })
    ));
    assert!(matches!(
        err("3k5/9/9/9/9/9/9/9/9/XR2K4 w R 0 1 -"),
        E::Setup(S::PiecesDoNotAddUp { side: Color::White, tally: Tally::BoardAndCaptured, .. })
    ));
    assert!(matches!(err("4k4/9/9/9/9/9/9/9/9/4K4 w - 0 1"), E::Setup(S::OppositeCheck)));
    assert!(matches!(err("9/9/9/9/9/9/9/9/9/4K4 w - 0 1"), E::Setup(S::MissingKing { .. })));
    // A view whose pool does not add up, or knows what its seat cannot.
    // Without a pool, the text is a full FEN, which must name every identity.
    assert_eq!(
        verr("3k5/9/9/9/9/9/9/9/9/3XK4 w - 0 1"),
        E::Setup(S::IdentityMissing { square: crate::Point::from(sq("d1")) })
    );
    assert_eq!(
        verr("3k5/9/9/9/9/9/9/9/9/3XK4 w R1 0 1 -"),
        E::Setup(S::PiecesDoNotAddUp {
            side: Color::White,
            piece: crate::PieceKind::Advisor,
            count: 0,
            tally: Tally::FaceUpCapturedAndPool,
            start: 2,
        })
    );
    assert_eq!(
        verr("3k5/9/9/9/9/9/9/9/9/4K4 w R1 0 1 (R)"),
        E::Setup(S::CapturedIdentityUnknowable { seat: RED, side: Color::White })
    );
    assert!(
        JieqiView::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w R1 0 1 (R)", BLACK).is_err(),
        "unbalanced"
    );
    // Red lost a face-down piece unseen: Red or a spectator may hold that view, Black (who
    // took it and saw it) may not.
    let lost = "3k5/9/9/9/9/9/9/9/9/3XK4 w R2 0 1";
    assert!(JieqiView::from_fen(lost, RED).is_ok());
    assert!(JieqiView::from_fen(lost, Seat::Spectator).is_ok());
    assert_eq!(
        JieqiView::from_fen(lost, BLACK),
        Err(E::Setup(S::PoolSize { side: Color::White, identities: 2, face_down: 1 }))
    );
    assert!(JieqiView::from_fen_with_rules(lost, BLACK, Rules::NOBODY_SEES_CAPTURED).is_ok());
}

#[test]
fn the_record_notes_what_each_move_revealed() {
    let mut g = Game::new(truth(LIKE_XIANGQI));
    play(&mut g, "h3e3 h10g8 b3b10");
    let texts: Vec<String> =
        g.plies().iter().filter_map(|p| p.position.last_event().map(MoveEvent::text)).collect();
    assert_eq!(texts, ["h3e3=C", "h10g8=n", "b3b10=Cx(n)"]);
    // A record replays on the full FEN, its notes checked.
    let start = g.start().clone();
    let mut again = Game::new(start);
    for t in &texts {
        let m = again.position().parse_record_move(t).expect("record move");
        again.play(&m).expect("legal");
    }
    assert_eq!(again.position().truth_fen(), g.position().truth_fen());
    let p = truth(LIKE_XIANGQI);
    assert!(matches!(p.parse_record_move("h3e3=R"), Err(crate::ParseMoveError::Illegal { .. })));
    // Player input takes no notes: a refused note would reveal an identity.
    assert!(p.parse_move("h3e3=R").is_err());
}

/// The reason the rules give for refusing `text`.
fn refusal(result: Result<impl std::fmt::Debug, crate::ParseMoveError>) -> IllegalMoveReason {
    match result {
        Err(crate::ParseMoveError::Illegal { reason, .. }) => reason,
        other => panic!("{other:?}"),
    }
}

#[test]
fn refusals_name_their_reason_and_never_an_identity() {
    let at = |name: &str| crate::Point::from(sq(name));
    let p = truth(LIKE_XIANGQI);
    assert_eq!(refusal(p.parse_move("a5a6")), IllegalMoveReason::NoPiece { square: at("a5") });
    let theirs = refusal(p.parse_move("h8h1"));
    assert_eq!(
        theirs,
        IllegalMoveReason::NotYourPiece {
            game: crate::Variant::Jieqi,
            square: at("h8"),
            piece: crate::PieceKind::Cannon,
            face_down: true,
            owner: Color::Black,
            to_move: Color::White,
        }
    );
    assert_eq!(
        theirs.to_string(),
        "the face-down piece (moving as a cannon) on h8 belongs to black, and red is to move"
    );
    // The face-down piece on c1 moves as an elephant and blocks the horse's leg.
    let blocked = refusal(p.parse_move("b1d2"));
    assert_eq!(
        blocked,
        IllegalMoveReason::CannotReach {
            piece: crate::PieceKind::Horse,
            face_down: true,
            from: at("b1"),
            to: at("d2"),
        }
    );
    assert_eq!(
        blocked.to_string(),
        "the face-down piece (moving as a horse) on b1 cannot move to d2"
    );
    let pinned = truth("3k5/4r4/9/9/9/9/9/9/4R4/4K4 w - 0 1");
    assert_eq!(refusal(pinned.parse_move("e2d2")), IllegalMoveReason::LeavesGeneralAttacked);
    let checked = truth("3k5/4r4/9/9/9/9/9/9/9/R3K4 w - 0 1");
    assert_eq!(refusal(checked.parse_move("a1a2")), IllegalMoveReason::StaysInCheck);
    // A record's notes.
    assert_eq!(refusal(p.parse_record_move("e1e2=R")), IllegalMoveReason::RevealsNothing);
    assert_eq!(refusal(p.parse_record_move("h3e3xR")), IllegalMoveReason::CapturesNothing);
    assert_eq!(refusal(p.parse_record_move("h3h10xr")), IllegalMoveReason::CaptureNoteMisfit);
    let disagrees = refusal(p.parse_record_move("h3e3=R"));
    assert_eq!(disagrees, IllegalMoveReason::RecordDisagrees { record: p.event(mv("h3e3")) });
    assert_eq!(disagrees.to_string(), "the game record says h3e3=C");
    // A seat's view must be told what a reveal turned up.
    let view = p.view(RED);
    assert_eq!(
        refusal(view.parse_ply("h3e3")),
        IllegalMoveReason::View(Box::new(ViewPlayError::RevealMissing { mv: mv("h3e3") }))
    );
}

#[test]
fn search_keys_cover_full_pools_of_both_sides() {
    // Every role of both pools present (the start): the key must be computable and differ
    // from the board's own hash; Black's soldiers once indexed past the key table.
    let v = JieqiView::start(Seat::Spectator, Rules::DEFAULT);
    assert_ne!(v.search_key(), v.zobrist());
    let mut w = v.clone();
    w.play_seen(mv("h3e3"), Some(Role::Cannon), None).expect("red reveals");
    assert_ne!(w.search_key(), v.search_key());
}

#[test]
fn every_view_refusal_says_something_of_its_own() {
    // An exhaustive match: a new variant fails to compile here until it has a sample.
    fn ordinal(e: &ViewPlayError) -> usize {
        match e {
            ViewPlayError::Play(_) => 0,
            ViewPlayError::RevealMissing { .. } => 1,
            ViewPlayError::RevealUnexpected { .. } => 2,
            ViewPlayError::RevealImpossible { .. } => 3,
            ViewPlayError::CaptureMissing { .. } => 4,
            ViewPlayError::CaptureUnknowable { .. } => 5,
            ViewPlayError::CaptureImpossible { .. } => 6,
        }
    }
    let m = mv("b3b10");
    let samples = [
        ViewPlayError::Play(PlayError::GameOver),
        ViewPlayError::RevealMissing { mv: m },
        ViewPlayError::RevealUnexpected { mv: m },
        ViewPlayError::RevealImpossible { mv: m, role: Role::Horse },
        ViewPlayError::CaptureMissing { mv: m },
        ViewPlayError::CaptureUnknowable { mv: m },
        ViewPlayError::CaptureImpossible { mv: m, role: Role::Horse },
    ];
    let covered: std::collections::BTreeSet<usize> = samples.iter().map(ordinal).collect();
    assert_eq!(covered, (0..7).collect());
    let texts: std::collections::BTreeSet<String> =
        samples.iter().map(ToString::to_string).collect();
    assert_eq!(texts.len(), samples.len(), "{texts:#?}");
    assert!(texts.iter().all(|t| !t.is_empty()));
}
