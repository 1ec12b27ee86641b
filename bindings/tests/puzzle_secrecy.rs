//! Secrecy of Jieqi puzzles across the FFI: a puzzle is posed on the solver's view FEN and
//! nothing else exists (there is no truth to leak), but its line records what every reveal
//! and capture turned up. Before a move is played, nothing the bindings hand out may tell
//! what it will turn up: not the board, the bars, the move list, the texts, the FEN, the
//! hint or the answers to taps.
//!
//! Four look-alike puzzles share a position (Red to mate in one; Black's three face-down
//! pieces are a chariot, a cannon and a soldier in some order) and differ only in what
//! Black's first move reveals and what Red's mating capture takes. Each is played through the exported API; at every
//! moment, the puzzles that agree on what has been played so far must hand out the same
//! view, string for string, and it must be the solver's own view as the rules compute it.

use std::sync::Arc;

use rodina_ffi::{Point, PuzzlePhase, PuzzleSession, PuzzleTapResult, Puzzles, Store, Variant};
use rodina_rules::{AnyView, Color, NewGame, Seat};

/// Black's pieces on a7, e7 and i7 lie face down: a chariot, a cannon and a soldier, in some
/// order. Black's soldier point on a7 turns one up; Red's chariot takes the piece on e7 and
/// mates, whatever either is: the soldiers hold d10, e9 and f10, and no black piece can
/// reach e8 or e9.
const FEN: &str = "4k4/3P1P3/9/x3x3x/9/9/9/9/9/4RK3 b r1c1p1 0 1";

/// What Black's move reveals and what Red's capture takes, in each look-alike.
const LOOK_ALIKES: [(char, char); 4] = [('p', 'c'), ('p', 'r'), ('r', 'c'), ('r', 'p')];

fn at(text: &str) -> Point {
    Point { file: text.as_bytes()[0] - b'a', rank: text[1..].parse::<u8>().unwrap_or(1) - 1 }
}

fn line(reveal: char, capture: char) -> [String; 2] {
    [format!("a7a6={reveal}"), format!("e1e7x({capture})")]
}

fn sessions(store: &Arc<Store>) -> Vec<Arc<PuzzleSession>> {
    let banks = LOOK_ALIKES
        .iter()
        .map(|&(reveal, capture)| {
            let [first, second] = line(reveal, capture);
            format!(
                "{}\nj{reveal}{capture},{FEN},{first} {second},1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1\n",
                rodina_puzzles::TEXT_HEADER
            )
        })
        .collect::<Vec<_>>();
    LOOK_ALIKES
        .iter()
        .zip(banks)
        .map(|(&(reveal, capture), bank)| {
            let puzzles = Puzzles::from_banks(vec![bank]).unwrap_or_else(|e| panic!("{e}"));
            puzzles
                .open(store.clone(), Variant::Jieqi, format!("j{reveal}{capture}"))
                .unwrap_or_else(|e| panic!("j{reveal}{capture}: {e}"))
        })
        .collect()
}

/// Everything a session hands out now, as one text, leaving out the puzzle's id (which
/// names the look-alike on purpose).
fn handed_out(s: &PuzzleSession) -> String {
    let mut v = s.view();
    v.puzzle = String::new();
    format!("{v:?}\n{}", s.fen())
}

/// The solver's view FEN after `played`, as the rules compute it from the puzzle's FEN.
fn solver_fen(played: &[String]) -> String {
    let start = AnyView::read(
        &NewGame::from_fen(rodina_rules::Variant::Jieqi, FEN),
        Some(Seat::Player(Color::White)),
    )
    .ok()
    .flatten()
    .unwrap_or_else(|| panic!("{FEN} is Red's view"));
    let mut record = start;
    for text in played {
        record.play_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    record.fen()
}

/// The look-alikes agreeing on `key` hand out the same; returns the common texts by key.
fn agree(sessions: &[Arc<PuzzleSession>], key: impl Fn(usize) -> String) {
    for (i, a) in sessions.iter().enumerate() {
        for (j, b) in sessions.iter().enumerate().skip(i + 1) {
            if key(i) == key(j) {
                assert_eq!(handed_out(a), handed_out(b), "look-alikes {i} and {j} differ");
            }
        }
    }
}

#[test]
fn a_jieqi_puzzle_hands_out_the_solvers_view_and_nothing_of_what_is_to_come() {
    let store = Store::in_memory().unwrap_or_else(|e| panic!("{e}"));
    let all = sessions(&store);
    // Before Black's move: all four alike, the board the view FEN's, and no identity named.
    agree(&all, |_| String::new());
    for s in &all {
        assert_eq!(s.phase(), PuzzlePhase::Opening);
        assert_eq!(s.fen(), solver_fen(&[]));
        let text = handed_out(s);
        assert!(!text.contains("=p") && !text.contains("=r") && !text.contains("x("), "{text}");
    }
    // Black's move turns its piece up: the look-alikes split by what it revealed, and by
    // nothing else.
    for (s, &(reveal, capture)) in all.iter().zip(&LOOK_ALIKES) {
        s.play_opponent().unwrap_or_else(|e| panic!("{e}"));
        let [first, _] = line(reveal, capture);
        assert_eq!(s.fen(), solver_fen(std::slice::from_ref(&first)));
        assert!(!handed_out(s).contains("x("), "nothing says what e7 is");
    }
    agree(&all, |i| LOOK_ALIKES[i].0.to_string());
    // Red lifts the chariot, asks for the hint, taps a wrong target and puts the piece back:
    // every answer and view still alike where the moves played are.
    for s in &all {
        assert_eq!(s.tap(at("e1")), PuzzleTapResult::Selected { point: at("e1") });
        assert_eq!(s.hint(), Some(at("e1")));
        assert!(matches!(s.tap(at("d2")), PuzzleTapResult::Refused { .. }));
    }
    agree(&all, |i| LOOK_ALIKES[i].0.to_string());
    for s in &all {
        assert_eq!(s.tap(at("e1")), PuzzleTapResult::Deselected);
    }
    agree(&all, |i| LOOK_ALIKES[i].0.to_string());
    // The capture tells the capturer what it took, and only now.
    for (s, &(reveal, capture)) in all.iter().zip(&LOOK_ALIKES) {
        let PuzzleTapResult::Right { record, solved: true } = s.drag(at("e1"), at("e7")) else {
            panic!("the chariot mates")
        };
        assert_eq!(record.notation, format!("e1e7x({capture})"));
        assert_eq!(s.fen(), solver_fen(&line(reveal, capture)));
    }
    agree(&all, |i| format!("{:?}", LOOK_ALIKES[i]));
    let views: std::collections::BTreeSet<String> = all.iter().map(|s| handed_out(s)).collect();
    assert_eq!(views.len(), 4, "each look-alike ends in its own view");
}

/// A solution that branches by what a capture shows (the generator writes such groups where
/// the reply depends on it) is dealt anew for every attempt: the branch taken is chosen when
/// the puzzle opens, and nothing handed out before the capture tells which.
#[test]
fn a_branching_jieqi_puzzle_tells_nothing_of_the_branch_it_dealt() {
    let store = Store::in_memory().unwrap_or_else(|e| panic!("{e}"));
    let bank = format!(
        "{}\njg,{FEN},a7a6=p [ e1e7x(r) | e1e7x(c) ],1500,300,0,0,mate mateIn1 oneMove,,,jieqi,1\n",
        rodina_puzzles::TEXT_HEADER
    );
    let puzzles = Puzzles::from_banks(vec![bank]).unwrap_or_else(|e| panic!("{e}"));
    let all: Vec<Arc<PuzzleSession>> = (0..24)
        .map(|_| {
            puzzles
                .open(store.clone(), Variant::Jieqi, "jg".into())
                .unwrap_or_else(|e| panic!("{e}"))
        })
        .collect();
    agree(&all, |_| String::new());
    for s in &all {
        s.play_opponent().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.hint(), Some(at("e1")));
    }
    agree(&all, |_| String::new());
    let mut taken = std::collections::BTreeSet::new();
    for s in &all {
        let PuzzleTapResult::Right { record, solved: true } = s.drag(at("e1"), at("e7")) else {
            panic!("the chariot mates")
        };
        taken.insert(record.notation);
    }
    assert_eq!(taken.len(), 2, "both branches were dealt: {taken:?}");
}
