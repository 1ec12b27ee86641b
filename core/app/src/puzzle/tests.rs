//! The puzzle feature end to end: real puzzles of every game, chosen from banks, solved and
//! failed by taps, written to a Store and replayed into ratings.
//!
//! The banks here are small and given as text, since the shipped banks may still be empty.
//! The Xiangqi, Jeson Mor and Friendly chess puzzles come from a seeded run of the project's
//! generator (`rodina puzzles generate`, verified with two lines); `x3` is the mate in one of
//! `rodina-puzzles`'s own solving tests, where two moves mate. The Jieqi puzzle is posed on
//! Red's view FEN and checked by hand: Black's face-down soldier point turns up a soldier,
//! then Red's chariot takes the face-down piece on e7 (a cannon) and mates: the soldiers on
//! d9 and f9 hold d10, e9 and f10, and Black has nothing else to move.

use rodina_puzzles::{AttemptResult, Bank, Difficulty, PuzzleId, TEXT_HEADER};
use rodina_rules::{Color, Variant};

use super::*;
use crate::error::PuzzleError;
use crate::model::{Awaiting, PieceKind, Point, Refusal, TargetKind};
use crate::store::Store;
use crate::text::Language;

const XIANGQI: &[&str] = &[
    "x1,1n1akab2/9/4b2c1/C3p4/6p2/1c3R1Nr/P1P1P4/Nr6B/5R3/2BAKA3 b - - 3 18,b5h5 f5f10 e10e9 f2f9,700,300,0,0,mate mateIn2 short,,,xiangqi,1",
    "x2,rnbakabnr/9/9/p1p1p1C1p/4c4/2P6/P5c1P/1CN6/8R/R1BAKABN1 w - - 2 6,i4i5 g4e4,700,300,0,0,mate mateIn1 oneMove cannonScreen,,,xiangqi,1",
    "x3,4k4/5P3/9/1N7/9/9/8p/9/9/R2K5 b - - 0 1,i4i3 a1a10,1500,300,0,0,mate mateIn1 oneMove,,,xiangqi,1",
];

const JESON_MOR: &[&str] = &[
    "m1,1n2n2nn/9/3nnn3/6n2/9/3N2N2/3NNN3/9/1N4N1N b - - 0 9,i9h7 e3c4 e7c6 d4c6,1500,300,0,0,material short,,,jesonmor,1",
    "m2,1n4n1n/9/1n1nnn3/2n2n3/9/2N4N1/1N1N1N3/3N1N3/4N2N1 w - - 18 10,f2e4 f6g4 h4g6 e7g6,1200,300,0,0,material short,,,jesonmor,1",
];

const FRIENDLY: &[&str] = &[
    "f1,rnbqkb1r/2ppp1p1/3n2P1/ppP4p/P1B1Pp2/1P6/3P1P1P/RNBQK1NR b KQkq - - 17 9,b8c6 c4f7 d6f7 g6f7>e8,1500,300,0,0,mate mateIn2 short chain sako,,,friendly,1",
    "f2,rnbqkbnr/pp1p1ppp/8/8/3(Np)pP2/1P6/P1PPP1PP/RNBQKB1R w KQkq - - 0 5,g2g4 d8h4 c2c3 h4e1,1000,300,0,0,mate mateIn2 short sako,,,friendly,1",
];

const JIEQI: &[&str] = &[
    "j1,4k4/3P1P3/9/x3x4/9/9/9/9/9/4RK3 b c1p1 0 1,a7a6=p e1e7x(c),1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1",
];

/// A bank's text of `lines`.
fn bank_text(lines: &[&str]) -> String {
    let mut text = format!("{TEXT_HEADER}\n");
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// Every game's test bank.
fn puzzles() -> Puzzles {
    let texts: Vec<String> = [XIANGQI, JESON_MOR, FRIENDLY, JIEQI].map(bank_text).into();
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    Puzzles::from_banks(&refs).unwrap()
}

fn store() -> Store {
    Store::open_in_memory().unwrap()
}

/// A point from its coordinate text (`e2`, `b10`).
fn pt(text: &str) -> Point {
    let file = text.as_bytes()[0] - b'a';
    let rank: u8 = text[1..].parse().unwrap();
    Point::new(file, rank - 1)
}

/// The leading point of `text` and what follows it.
fn square(text: &str) -> (Point, &str) {
    let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
    (pt(&text[..1 + digits]), &text[1 + digits..])
}

fn piece(letter: char) -> PieceKind {
    match letter.to_ascii_uppercase() {
        'Q' => PieceKind::Queen,
        'R' => PieceKind::Rook,
        'B' => PieceKind::Bishop,
        'N' => PieceKind::Knight,
        other => panic!("no promotion to {other}"),
    }
}

/// Enters a move given in the game's coordinate text by taps, as a player would: the owed
/// promotion first, then the piece and its step, each released piece's step, each promotion
/// chosen when asked. Jieqi's notes (what a move revealed or captured) are not tapped.
fn enter(s: &mut PuzzleSession, text: &str) -> PuzzleTap {
    let friendly = s.variant() == Variant::Friendly;
    let mut rest = text;
    if friendly {
        if let Some((owed, after)) = text.split_once(':') {
            let kind = piece(owed.chars().last().unwrap());
            assert_eq!(s.choose_promotion(kind), PuzzleTap::Deselected, "{text}");
            rest = after;
        }
    }
    let (from, after) = square(rest);
    assert_eq!(s.tap(from), PuzzleTap::Selected(from), "{text}");
    let mut last = None;
    let mut steps = vec![after];
    if friendly {
        steps = after.split('>').collect();
    }
    for (i, step) in steps.iter().enumerate() {
        let (to, tail) = square(step);
        let mut r = s.tap(to);
        if friendly {
            if let Some(letter) = tail.strip_prefix('=').and_then(|t| t.chars().next()) {
                assert!(matches!(r, PuzzleTap::ChoosePromotion(_)), "{text}: {r:?}");
                r = s.choose_promotion(piece(letter));
            }
        }
        if i + 1 < steps.len() {
            assert!(matches!(r, PuzzleTap::Stepped(_)), "{text}: {r:?}");
        }
        last = Some(r);
    }
    last.unwrap()
}

/// Solves `s` by taps, playing the opponent's moves as the screen asks for them; returns how
/// many right moves it entered.
fn solve(s: &mut PuzzleSession) -> usize {
    let line = s.line();
    assert_eq!(s.phase(), PuzzlePhase::Opening);
    let mut right = 0;
    for (i, text) in line.iter().enumerate() {
        if i % 2 == 0 {
            let played = s.play_opponent().unwrap().expect("the opponent's move is due");
            assert_eq!(s.view().board.last_move.as_ref(), Some(&played));
            assert_eq!(s.phase(), PuzzlePhase::Solving, "{}", s.puzzle().id);
        } else {
            match enter(s, text) {
                PuzzleTap::Right { solved, record } => {
                    assert_eq!(solved, i + 1 == line.len(), "{}: {text}", s.puzzle().id);
                    assert_eq!(s.view().board.last_move.as_ref(), Some(&record));
                    right += 1;
                }
                other => panic!("{}: {text} was {other:?}", s.puzzle().id),
            }
            if i + 1 < line.len() {
                assert_eq!(s.phase(), PuzzlePhase::Replying);
                assert_eq!(s.view().board.awaiting, Awaiting::Bot(!s.solver()));
            }
        }
    }
    assert_eq!(s.phase(), PuzzlePhase::Solved);
    right
}

#[test]
fn a_puzzle_of_every_game_is_solved_by_taps_and_rated() {
    let (store, puzzles) = (store(), puzzles());
    for (variant, id) in [
        (Variant::Xiangqi, "x1"),
        (Variant::Xiangqi, "x2"),
        (Variant::JesonMor, "m1"),
        (Variant::JesonMor, "m2"),
        (Variant::Friendly, "f1"),
        (Variant::Friendly, "f2"),
        (Variant::Jieqi, "j1"),
    ] {
        let mut s = puzzles.open(&store, variant, id).unwrap();
        // The board before the opponent's move: nothing played, nothing marked, no taps.
        let v = s.view();
        assert_eq!(
            (v.phase, v.board.ply_count, v.board.last_move.as_ref()),
            (PuzzlePhase::Opening, 0, None)
        );
        assert!(
            v.rated
                && !v.can_retry
                && !v.can_hint
                && v.themes.is_empty()
                && v.puzzle_rating.is_none()
        );
        let side = crate::text::side_name(Language::English, variant, !s.solver());
        assert_eq!(v.status, format!("{side} moves…"));
        assert_eq!(s.tap(pt("a1")), PuzzleTap::Refused(Refusal::NotYourTurn));
        let before = puzzles.progress(&store, variant).unwrap();
        let right = solve(&mut s);
        assert_eq!(right, s.line().len() / 2);
        let v = s.view();
        assert_eq!(v.result.as_deref(), Some("Solved!"));
        assert_eq!(v.status, "Solved!");
        assert_eq!(v.board.awaiting, Awaiting::Nobody);
        assert!(v.can_retry && !v.can_hint && v.recorded.is_none());
        assert_eq!(v.puzzle_rating, Some(s.puzzle().rating));
        assert!(!v.themes.is_empty());
        // Written to the log: rated, the rating up, the puzzle solved.
        assert_eq!(s.pending_attempts().attempts().len(), 1);
        s.save(&store).unwrap();
        assert!(s.pending_attempts().is_empty());
        let v = s.view();
        let recorded = v.recorded.expect("recorded");
        assert!(recorded.rated, "{id}");
        let change = recorded.change().unwrap();
        assert!(change > 0, "{id}: {change}");
        assert_eq!(v.change_text, Some(format!("+{change}")));
        let after = puzzles.progress(&store, variant).unwrap();
        assert_eq!(
            (after.solved, after.attempts, after.rated),
            (before.solved + 1, before.attempts + 1, before.rated + 1)
        );
        assert_eq!(after.rating.rating, before.rating.rating + change, "{id}");
        assert_eq!(v.rating, after.rating);
        let attempt = s.attempt().unwrap();
        assert_eq!((attempt.result(), attempt.rated()), (AttemptResult::Solved, true));
        assert_eq!(attempt.device(), store.device_id().unwrap());
    }
}

#[test]
fn the_opponents_move_is_shown_from_the_board_before_it() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Xiangqi, "x1").unwrap();
    assert_eq!(s.fen(), s.puzzle().fen, "the position before the opponent's move");
    assert_eq!(s.view().board.points.iter().filter(|p| p.highlights.last_to).count(), 0);
    let played = s.play_opponent().unwrap().unwrap();
    assert_eq!((played.coordinate.as_str(), played.side), ("b5h5", Color::Black));
    let v = s.view();
    assert!(v.board.point(pt("b5")).unwrap().highlights.last_from);
    assert!(v.board.point(pt("h5")).unwrap().highlights.last_to);
    assert_eq!(v.status, "Your turn: find the best move for Red");
    assert_eq!(v.board.awaiting, Awaiting::Person(Color::White));
    // Red plays from the bottom; the bars say who is who.
    assert_eq!(v.board.players[0].title, "Red · You");
    assert_eq!(v.board.players[1].title, "Black");
    assert_eq!(v.board.move_rows.len(), 1);
    assert_eq!(v.board.move_rows[0].first, None, "Black moved first");
    // Nothing more is due.
    assert_eq!(s.play_opponent().unwrap(), None);
    // A right move, then the reply waits; Slovak speaks too.
    s.set_language(Language::Slovak);
    assert!(matches!(enter(&mut s, "f5f10"), PuzzleTap::Right { solved: false, .. }));
    assert_eq!(s.view().status, "Ťahá Čierny…");
    assert!(s.play_opponent().unwrap().is_some());
    assert_eq!(s.view().status, "Správne! Teraz ďalší ťah (Červený)");
}

#[test]
fn a_wrong_move_is_not_played_fails_the_puzzle_and_costs_rating() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::JesonMor, "m1").unwrap();
    s.play_opponent().unwrap();
    let fen = s.fen();
    // A knight that does not take: a legal move, and the wrong one.
    let tap = s.drag(pt("d4"), pt("b5"));
    assert_eq!(tap, PuzzleTap::Wrong { text: "d4b5".into() });
    assert_eq!(s.fen(), fen, "the wrong move is not played");
    let v = s.view();
    assert_eq!(v.phase, PuzzlePhase::Failed);
    assert_eq!(v.status, "d4b5 is not the move: the puzzle is failed.");
    assert_eq!(v.result.as_deref(), Some("Puzzle failed"));
    assert_eq!(v.wrong_move.as_deref(), Some("d4b5"));
    assert!(v.can_retry && v.can_show_solution && !v.can_hint);
    assert_eq!(s.tap(pt("e3")), PuzzleTap::Refused(Refusal::GameOver));
    s.save(&store).unwrap();
    let r = s.view().recorded.unwrap();
    assert!(r.rated && r.change().unwrap() < 0, "{r:?}");
    let p = puzzles.progress(&store, Variant::JesonMor).unwrap();
    assert_eq!((p.solved, p.attempts, p.rated), (0, 1, 1));
    assert!(p.rating.rating < 1500);
    assert_eq!(s.attempt().map(|a| a.result()), Some(AttemptResult::Failed));
}

#[test]
fn the_solution_is_stepped_through_and_asking_for_it_fails_the_attempt() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Friendly, "f1").unwrap();
    s.play_opponent().unwrap();
    assert!(s.view().can_show_solution);
    assert!(s.show_solution());
    assert!(!s.show_solution(), "shown already");
    let v = s.view();
    assert_eq!(v.phase, PuzzlePhase::Failed);
    assert_eq!(v.solution, Some(SolutionView { shown: 0, length: 3 }));
    assert_eq!(v.status, "The solution, 3 moves: step through it");
    assert_eq!(v.board.ply_count, 1);
    assert!(!s.solution_step(false), "nothing before the start");
    assert!(s.solution_step(true));
    let v = s.view();
    assert_eq!(v.status, "Solution: move 1 of 3");
    assert_eq!(v.board.last_move.as_ref().map(|m| m.coordinate.as_str()), Some("c4f7"));
    assert!(s.solution_step(true) && s.solution_step(true));
    assert!(!s.solution_step(true), "nothing after the end");
    let v = s.view();
    assert_eq!(v.board.last_move.as_ref().map(|m| m.coordinate.as_str()), Some("g6f7>e8"));
    assert!(v.board.outcome.is_some(), "the king is bonded");
    assert!(s.solution_step(false));
    assert_eq!(s.view().solution.unwrap().shown, 2);
    // No taps while the solution is shown.
    assert_eq!(s.tap(pt("g6")), PuzzleTap::Refused(Refusal::GameOver));
    s.save(&store).unwrap();
    assert_eq!(s.attempt().map(|a| a.result()), Some(AttemptResult::Failed));
    assert!(s.view().recorded.unwrap().rated);
}

#[test]
fn a_retry_is_unrated_and_only_the_first_attempt_moves_the_rating() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Xiangqi, "x2").unwrap();
    s.play_opponent().unwrap();
    assert!(!s.retry().unwrap(), "no retry while the attempt goes on");
    assert!(matches!(enter(&mut s, "g4g5"), PuzzleTap::Wrong { .. }), "a quiet cannon move");
    s.save(&store).unwrap();
    let failed = puzzles.progress(&store, Variant::Xiangqi).unwrap();
    assert_eq!((failed.attempts, failed.rated, failed.solved), (1, 1, 0));
    assert!(s.retry().unwrap());
    let v = s.view();
    assert_eq!((v.phase, v.rated), (PuzzlePhase::Opening, false));
    assert_eq!(solve(&mut s), 1);
    s.save(&store).unwrap();
    let v = s.view();
    let r = v.recorded.unwrap();
    assert!(!r.rated);
    assert_eq!(r.change(), None);
    assert_eq!(
        v.change_text.as_deref(),
        Some("Not rated: only the first attempt at a puzzle counts.")
    );
    let after = puzzles.progress(&store, Variant::Xiangqi).unwrap();
    assert_eq!(after.rating, failed.rating, "a retry leaves the rating");
    assert_eq!((after.attempts, after.rated, after.solved), (2, 1, 1));
    // Opened again later, the puzzle is not offered as rated either: the log has seen it.
    let again = puzzles.open(&store, Variant::Xiangqi, "x2").unwrap();
    assert!(!again.view().rated);
    // Saving twice changes nothing.
    s.save(&store).unwrap();
    assert_eq!(puzzles.progress(&store, Variant::Xiangqi).unwrap(), after);
}

#[test]
fn a_hint_marks_where_the_move_starts_and_a_solve_with_it_counts_as_failed() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Jieqi, "j1").unwrap();
    assert_eq!(s.hint(), None, "no hint before the solver is to move");
    s.play_opponent().unwrap();
    assert_eq!(s.hint(), Some(pt("e1")));
    let v = s.view();
    assert!(v.hint_used && v.board.point(pt("e1")).unwrap().highlights.hint);
    assert_eq!(v.board.points.iter().filter(|p| p.highlights.hint).count(), 1);
    assert_eq!(v.hint_text.as_deref(), Some("Hint: the move starts on e1"));
    assert!(matches!(enter(&mut s, "e1e7"), PuzzleTap::Right { solved: true, .. }));
    let v = s.view();
    assert_eq!(v.result.as_deref(), Some("Solved with a hint: it counts as not solved."));
    assert!(v.board.points.iter().all(|p| !p.highlights.hint), "the hint is gone");
    s.save(&store).unwrap();
    assert_eq!(s.attempt().map(|a| a.result()), Some(AttemptResult::Failed));
    let p = puzzles.progress(&store, Variant::Jieqi).unwrap();
    assert_eq!((p.solved, p.attempts), (0, 1));
    assert!(p.rating.rating < 1500);
}

#[test]
fn any_move_that_wins_at_once_solves_the_last_move() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Xiangqi, "x3").unwrap();
    s.play_opponent().unwrap();
    // The solution mates with the chariot; the horse mates too.
    match enter(&mut s, "b7c9") {
        PuzzleTap::Right { solved, record } => assert!(solved && record.coordinate == "b7c9"),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.phase(), PuzzlePhase::Solved);
}

/// Jieqi too: a move the solution does not give that wins whatever it reveals is right, and
/// the board shows what it revealed, drawn from the pool; a reveal that wins for some
/// identities only is wrong. (The position of `rodina-puzzles`'s own test: Black's soldier on
/// a2 is its last piece that can move; the horse takes it in the solution, the face-down
/// piece on a1, a chariot or a cannon, takes it as well; the one on i1 mates from i10 only
/// as a chariot.)
#[test]
fn a_jieqi_move_that_wins_whatever_it_reveals_solves_the_last_move() {
    let line = "ja,3k5/R8/5N3/9/9/9/1N7/p8/9/X3K3X b R1C1 0 1,a3a2 b4a2,1500,300,0,0,mate mateIn1 oneMove,,,jieqi,2";
    let puzzles = Puzzles::from_banks(&[&bank_text(&[line])]).unwrap();
    let store = store();
    let mut shown = std::collections::BTreeSet::new();
    for _ in 0..24 {
        let mut s = puzzles.open(&store, Variant::Jieqi, "ja").unwrap();
        s.play_opponent().unwrap();
        match enter(&mut s, "a1a2") {
            PuzzleTap::Right { solved: true, record } => {
                shown.insert(record.notation);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(s.phase(), PuzzlePhase::Solved);
        let a2 = s.view().board.point(pt("a2")).unwrap().piece.unwrap();
        assert!(!a2.face_down && a2.side == Color::White);
    }
    let want: std::collections::BTreeSet<String> =
        ["a1a2=Rxp", "a1a2=Cxp"].map(String::from).into();
    assert_eq!(shown, want, "both identities, by chance");
    let mut s = puzzles.open(&store, Variant::Jieqi, "ja").unwrap();
    s.play_opponent().unwrap();
    assert!(matches!(enter(&mut s, "i1i10"), PuzzleTap::Wrong { .. }));
    assert_eq!(s.phase(), PuzzlePhase::Failed);
}

#[test]
fn a_promotion_inside_a_chain_is_chosen_when_asked() {
    // A position made for entering a move with a promotion: the pawn enters the bond on f8,
    // becomes a queen there, and the released rook bonds the king on f2 (any promotion wins).
    let line = "p1,5(Rb)2/p3P3/8/8/8/8/5k2/K7 b - - - 0 1,a7a6 e7f8=Q>f2,1500,300,0,0,mate mateIn1 oneMove chain sako,,,friendly,1";
    let puzzles = Puzzles::from_banks(&[&bank_text(&[line])]).unwrap();
    let store = store();
    let mut s = puzzles.open(&store, Variant::Friendly, "p1").unwrap();
    s.play_opponent().unwrap();
    assert_eq!(s.tap(pt("e7")), PuzzleTap::Selected(pt("e7")));
    let v = s.view();
    assert_eq!(
        v.board.targets.iter().find(|t| t.point == pt("f8")).map(|t| t.kind),
        Some(TargetKind::Release)
    );
    match s.tap(pt("f8")) {
        PuzzleTap::ChoosePromotion(c) => assert!(c.choices.contains(&PieceKind::Queen)),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.view().status, "Choose the piece the pawn becomes");
    assert!(s.view().board.promotion.is_some());
    assert_eq!(s.choose_promotion(PieceKind::Queen), PuzzleTap::Stepped(pt("f8")));
    assert_eq!(s.view().status, "The released rook moves next");
    assert!(matches!(s.tap(pt("f2")), PuzzleTap::Right { solved: true, .. }));
    // Started again, the chain goes back to the start of the move.
    s.retry().unwrap();
    s.play_opponent().unwrap();
    s.tap(pt("e7"));
    s.tap(pt("f8"));
    assert!(s.restart_move());
    assert_eq!(s.view().board.selected, None);
    assert_eq!(s.view().board.promotion, None);
}

#[test]
fn the_next_puzzle_follows_the_rating_and_the_difficulty_and_never_repeats_a_solved_one() {
    let (store, puzzles) = (store(), puzzles());
    let v = Variant::Xiangqi;
    // At 1500, normal difficulty: the puzzle rated 1500.
    let first = puzzles.next(&store, v, None).unwrap().unwrap();
    assert_eq!(first.puzzle().id.as_str(), "x3");
    // The easiest: 600 below the rating, where the puzzles rated 700 are.
    store.set_puzzle_difficulty(v, Difficulty::Easiest).unwrap();
    assert_eq!(store.puzzle_difficulty(v).unwrap(), Difficulty::Easiest);
    assert_eq!(store.puzzle_difficulty(Variant::Jieqi).unwrap(), Difficulty::Normal);
    assert_eq!(puzzles.progress(&store, v).unwrap().difficulty, Difficulty::Easiest);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..3 {
        let mut s = puzzles.next(&store, v, None).unwrap().unwrap();
        let id = s.puzzle().id.to_string();
        assert!(id == "x1" || id == "x2", "{id}");
        assert!(seen.insert(id.clone()) || seen.len() < 2, "{id} again after it was solved");
        solve(&mut s);
        s.save(&store).unwrap();
        if seen.len() == 2 {
            break;
        }
    }
    assert_eq!(seen.len(), 2);
    // Both easy ones solved: the window widens to what is left.
    let left = puzzles.next(&store, v, None).unwrap().unwrap();
    assert_eq!(left.puzzle().id.as_str(), "x3");
    let mut left = left;
    solve(&mut left);
    left.save(&store).unwrap();
    assert!(puzzles.next(&store, v, None).unwrap().is_none(), "every puzzle solved");
    let p = puzzles.progress(&store, v).unwrap();
    assert_eq!((p.solved, p.puzzles), (3, 3));
    // A game without puzzles offers none.
    let none = Puzzles::from_banks(&[]).unwrap();
    assert!(none.next(&store, Variant::Jieqi, None).unwrap().is_none());
    assert_eq!(none.progress(&store, Variant::Jieqi).unwrap().puzzles, 0);
}

#[test]
fn the_one_just_played_is_not_offered_again_at_once() {
    let (store, puzzles) = (store(), puzzles());
    // Jeson Mor has two puzzles: after failing one, the other comes, whatever the seed.
    for _ in 0..10 {
        let s = puzzles.next(&store, Variant::JesonMor, Some("m1")).unwrap().unwrap();
        assert_eq!(s.puzzle().id.as_str(), "m2");
    }
    // Once m2 is solved, m1 is all that is left: it comes again rather than nothing.
    let mut m2 = puzzles.open(&store, Variant::JesonMor, "m2").unwrap();
    solve(&mut m2);
    m2.save(&store).unwrap();
    let again = puzzles.next(&store, Variant::JesonMor, Some("m1")).unwrap().unwrap();
    assert_eq!(again.puzzle().id.as_str(), "m1");
}

#[test]
fn a_failed_puzzle_comes_back_only_once_every_other_is_tried() {
    let (store, puzzles) = (store(), puzzles());
    let fail = |id: &str| {
        // Asking for the solution gives the attempt up: failed.
        let mut s = puzzles.open(&store, Variant::JesonMor, id).unwrap();
        s.play_opponent().unwrap();
        assert!(s.show_solution());
        s.save(&store).unwrap();
        assert_eq!(s.attempt().map(|a| a.result()), Some(AttemptResult::Failed));
    };
    // Failing m2 (rated 1200) brings the player's rating down to near it, far from m1's
    // 1500: m2 is still the nearest, yet m1 comes, whatever the seed and with no puzzle
    // just played.
    fail("m2");
    let rating = puzzles.progress(&store, Variant::JesonMor).unwrap().rating.rating;
    assert!(rating < 1350, "{rating}");
    for _ in 0..10 {
        let s = puzzles.next(&store, Variant::JesonMor, None).unwrap().unwrap();
        assert_eq!(s.puzzle().id.as_str(), "m1");
    }
    fail("m1");
    // Both tried and failed: one comes again (unrated) rather than nothing, and not the one
    // just played while the other is left.
    for (last, other) in [("m1", "m2"), ("m2", "m1")] {
        let s = puzzles.next(&store, Variant::JesonMor, Some(last)).unwrap().unwrap();
        assert!(!s.view().rated);
        assert_eq!(s.puzzle().id.as_str(), other);
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    let (store, puzzles) = (store(), puzzles());
    assert!(matches!(
        puzzles.open(&store, Variant::Xiangqi, "nope"),
        Err(PuzzleError::UnknownPuzzle { variant: Variant::Xiangqi, .. })
    ));
    assert!(matches!(
        puzzles.open(&store, Variant::Xiangqi, "not an id!"),
        Err(PuzzleError::UnknownPuzzle { .. })
    ));
    // A puzzle of another game is not found in this one's bank.
    assert!(matches!(
        puzzles.open(&store, Variant::JesonMor, "x1"),
        Err(PuzzleError::UnknownPuzzle { .. })
    ));
    // A bank that does not read, and two banks of one game.
    let broken = format!("{TEXT_HEADER}\nbroken\n");
    assert!(matches!(Puzzles::from_banks(&[&broken]), Err(PuzzleError::BankText(_))));
    let x = bank_text(XIANGQI);
    assert!(matches!(Puzzles::from_banks(&[&x, &x]), Err(PuzzleError::BankText(_))));
    // A puzzle whose line does not play: refused when it is opened.
    let damaged = [
        // Jieqi: the reveal names a piece the pool cannot hold.
        "d1,4k4/3P1P3/9/x3x4/9/9/9/9/9/4RK3 b c1p1 0 1,a7a6=r e1e7x(c),1500,300,0,0,mate,,,jieqi,1",
        // Jieqi: the capture note names the piece that turned up already.
        "d2,4k4/3P1P3/9/x3x4/9/9/9/9/9/4RK3 b c1p1 0 1,a7a6=p e1e7x(p),1500,300,0,0,mate,,,jieqi,1",
        // Xiangqi: a move no piece can make.
        "d3,4k4/5P3/9/1N7/9/9/8p/9/9/R2K5 b - - 0 1,i4i3 a1b3,1500,300,0,0,mate,,,xiangqi,1",
        // No position at all.
        "d4,nonsense,i4i3 a1a10,1500,300,0,0,mate,,,xiangqi,1",
    ];
    for line in damaged {
        let variant = if line.contains("jieqi") { Variant::Jieqi } else { Variant::Xiangqi };
        let p = Puzzles::from_banks(&[&bank_text(&[line])]).unwrap();
        let id = &line[..2];
        match p.open(&store, variant, id) {
            Err(PuzzleError::Damaged { id: got, .. }) => assert_eq!(got, id),
            other => panic!("{line}: {other:?}"),
        }
        // Chosen as the next puzzle, it is refused the same way.
        assert!(matches!(p.next(&store, variant, None), Err(PuzzleError::Damaged { .. })));
    }
    // The embedded bank of a game that cannot be read is an error of that game alone.
    let damaged =
        Puzzles::with_bank_error(Variant::JesonMor, Bank::from_compact(b"RPB\x01").unwrap_err());
    assert!(matches!(
        damaged.progress(&store, Variant::JesonMor),
        Err(PuzzleError::Bank { variant: Variant::JesonMor, .. })
    ));
    assert!(matches!(damaged.next(&store, Variant::JesonMor, None), Err(PuzzleError::Bank { .. })));
    assert!(damaged.progress(&store, Variant::Xiangqi).is_ok());
}

#[test]
fn a_jieqi_puzzle_shows_only_the_solvers_view() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Jieqi, "j1").unwrap();
    assert_eq!(s.solver(), Color::White);
    // The board before Black's move is the view FEN's.
    assert!(s.fen().starts_with("4k4/3P1P3/9/x3x4/9/9/9/9/9/4RK3 b "), "{}", s.fen());
    let v = s.view();
    let down: Vec<Point> = v
        .board
        .points
        .iter()
        .filter(|p| p.piece.is_some_and(|x| x.face_down))
        .map(|p| p.point)
        .collect();
    assert_eq!(down, [pt("a7"), pt("e7")]);
    s.play_opponent().unwrap();
    let v = s.view();
    // The revealed soldier is face up now; the other piece stays face down.
    let a6 = v.board.point(pt("a6")).unwrap().piece.unwrap();
    assert!(!a6.face_down && a6.kind == PieceKind::Soldier && a6.side == Color::Black);
    assert!(v.board.point(pt("e7")).unwrap().piece.unwrap().face_down);
    assert_eq!(v.board.move_rows[0].second.as_deref(), Some("a7a6=p"));
    // Before the capture, nothing the session hands out names what lies on e7.
    let texts = format!("{v:?}{}", s.fen());
    assert!(!texts.contains("(c)") && !texts.contains("x(c)"), "{texts}");
    // The pieces the FEN leaves out count as taken face up before the puzzle.
    let taken = v.board.players[0].captured.len();
    assert!(matches!(enter(&mut s, "e1e7"), PuzzleTap::Right { solved: true, .. }));
    // The capture tells the capturer what it took.
    let v = s.view();
    assert_eq!(v.board.last_move.as_ref().map(|m| m.notation.as_str()), Some("e1e7x(c)"));
    let captured = &v.board.players[0].captured;
    assert_eq!(captured.len(), taken + 1);
    let last = captured.last().unwrap();
    assert_eq!((last.kind, last.face_down), (Some(PieceKind::Cannon), true));
}

/// Black's pieces on a7, e7 and i7 lie face down: a chariot, a cannon and a soldier in some
/// order. The soldier point turns up a soldier; Red's chariot takes the piece on e7 and mates
/// whatever it is, as the generator writes a win that does not depend on what a move shows:
/// bare (`e1e7`), or, where the reply does, as a group of alternatives by what it shows.
const HIDDEN: &str = "4k4/3P1P3/9/x3x3x/9/9/9/9/9/4RK3 b r1c1p1 0 1";

#[test]
fn a_reveal_written_bare_shows_an_identity_the_pool_can_hold() {
    let line = format!("jb,{HIDDEN},a7a6=p e1e7,1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1");
    let puzzles = Puzzles::from_banks(&[&bank_text(&[&line])]).unwrap();
    let store = store();
    let mut shown = std::collections::BTreeSet::new();
    for _ in 0..24 {
        let mut s = puzzles.open(&store, Variant::Jieqi, "jb").unwrap();
        s.play_opponent().unwrap();
        match enter(&mut s, "e1e7") {
            PuzzleTap::Right { solved: true, record } => {
                shown.insert(record.notation);
            }
            other => panic!("{other:?}"),
        }
    }
    // What the capture showed: one of the two identities still face down, both in the end.
    let want: std::collections::BTreeSet<String> =
        ["e1e7x(c)", "e1e7x(r)"].map(String::from).into();
    assert_eq!(shown, want);
}

#[test]
fn a_branching_solution_follows_what_the_reveal_shows() {
    let line = format!(
        "jg,{HIDDEN},a7a6=p [ e1e7x(r) | e1e7x(c) ],1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1"
    );
    let puzzles = Puzzles::from_banks(&[&bank_text(&[&line])]).unwrap();
    let store = store();
    let mut lines = std::collections::BTreeSet::new();
    for _ in 0..24 {
        let mut s = puzzles.open(&store, Variant::Jieqi, "jg").unwrap();
        let line = s.line();
        assert_eq!(solve(&mut s), 1);
        assert_eq!(s.view().board.last_move.map(|m| m.notation), line.last().cloned());
        lines.insert(line);
    }
    assert_eq!(lines.len(), 2, "both branches, by chance: {lines:?}");
    // A branch that does not play is refused when the puzzle is opened.
    let bad = format!(
        "jd,{HIDDEN},a7a6=p [ e1e7x(r) | e1e7x(a) ],1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1"
    );
    let puzzles = Puzzles::from_banks(&[&bank_text(&[&bad])]).unwrap();
    assert!(matches!(puzzles.open(&store, Variant::Jieqi, "jd"), Err(PuzzleError::Damaged { .. })));
}

#[test]
fn an_attempt_has_a_uuid_v7_of_its_end_and_the_clock_never_puts_it_before_the_last() {
    let (store, puzzles) = (store(), puzzles());
    let mut s = puzzles.open(&store, Variant::Xiangqi, "x2").unwrap();
    let opened = crate::store::now_ms();
    solve(&mut s);
    let a = s.attempt().unwrap().clone();
    assert_eq!(a.id().to_string().as_bytes()[14], b'7');
    assert_eq!(a.id().unix_ms(), a.ended_ms());
    assert!(a.started_ms() <= a.ended_ms() && a.ended_ms() + 5 >= opened);
    s.save(&store).unwrap();
    // A retry ends after the attempt before it even within the same millisecond.
    s.retry().unwrap();
    solve(&mut s);
    let b = s.attempt().unwrap().clone();
    assert!(b.ended_ms() > a.ended_ms());
    assert_ne!(a.id(), b.id());
    // A session opened later ends after every attempt in the log.
    s.save(&store).unwrap();
    let mut t = puzzles.open(&store, Variant::Xiangqi, "x1").unwrap();
    t.play_opponent().unwrap();
    t.show_solution();
    assert!(t.attempt().unwrap().ended_ms() > b.ended_ms());
    let id: PuzzleId = "x2".parse().unwrap();
    assert_eq!(
        store
            .puzzle_attempts(Variant::Xiangqi)
            .unwrap()
            .iter()
            .filter(|x| *x.puzzle() == id)
            .count(),
        2
    );
}

/// Whatever the shipped banks hold today: each reads, and its puzzles are solved by taps
/// (a spread of at most 40 per game), or, for a bank still empty, the game offers none and
/// says so.
#[test]
fn the_embedded_banks_are_solved_by_taps_or_say_they_are_empty() {
    let puzzles = Puzzles::embedded();
    let store = store();
    for &variant in Variant::ALL {
        let bank = puzzles.bank(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
        eprintln!("{variant}: {} embedded puzzles", bank.len());
        if bank.is_empty() {
            assert!(
                puzzles.next(&store, variant, None).unwrap().is_none(),
                "the embedded {variant} bank is empty, so none is offered"
            );
            assert_eq!(
                crate::text::no_puzzle_text(Language::English, variant, false),
                format!(
                    "There are no {} puzzles yet.",
                    crate::text::game_name(Language::English, variant)
                ),
                "the embedded {variant} bank is empty, and the game's page says so"
            );
            continue;
        }
        let step = (bank.len() / 40).max(1);
        for p in bank.iter().step_by(step) {
            let mut s = puzzles.open(&store, variant, p.id.as_str()).unwrap();
            solve(&mut s);
        }
    }
}
