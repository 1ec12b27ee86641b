use super::*;
use crate::PlayError;

fn pos(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn mv(text: &str) -> Move {
    let (a, b) = text.split_at(text[1..].find(|c: char| c.is_ascii_lowercase()).expect("move") + 1);
    Move::new(sq(a), sq(b))
}

fn targets(p: &Xiangqi, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq(from))
        .map(|m| m.to.to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn start_position_round_trips() {
    let p = Xiangqi::new();
    assert_eq!(p.fen(), START_FEN);
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.legal_moves().len(), 44);
}

#[test]
fn perft_start() {
    let p = Xiangqi::new();
    assert_eq!(p.perft(1), 44);
    assert_eq!(p.perft(2), 1_920);
    assert_eq!(p.perft(3), 79_666);
    assert_eq!(p.perft(4), 3_290_240);
}

#[test]
#[ignore = "about 2 s in release mode; run with --ignored"]
fn perft_start_depth_5() {
    assert_eq!(Xiangqi::new().perft(5), 133_312_995);
}

#[test]
fn generic_perft_agrees_with_the_fast_one() {
    let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
    assert_eq!(crate::perft(&p, 3), p.perft(3));
}

#[test]
fn flying_general_forbids_opening_the_file() {
    // The red cannon on e6 is the only piece between the generals: it may not leave the file.
    let p = pos("4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "e6"), vec!["e2", "e3", "e4", "e5", "e7", "e8", "e9"]);
    let err = p.parse_move("e6d6").unwrap_err();
    assert!(err.to_string().contains("face each other"), "{err}");
    // A general may not step onto the other general's open file.
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "e1"), vec!["e2", "f1"]);
    assert!(p.parse_move("e1d1").unwrap_err().to_string().contains("face each other"));
}

#[test]
fn elephant_is_blocked_at_its_eye_and_stays_home() {
    let p = pos("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1");
    // The horse on d2 blocks the way to e3; a3 is free; elephants never cross the river.
    assert_eq!(targets(&p, "c1"), vec!["a3"]);
    let p = pos("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
    assert_eq!(targets(&p, "c5"), vec!["a3", "e3"]);
}

#[test]
fn horse_is_blocked_at_its_leg() {
    let p = pos("3k5/9/9/9/9/9/9/1R7/1N7/4K4 w - - 0 1");
    // The chariot on b3 blocks both jumps forward (a4, c4).
    assert_eq!(targets(&p, "b2"), vec!["d1", "d3"]);
}

#[test]
fn cannon_needs_exactly_one_screen_to_capture() {
    let p = pos("3k5/9/9/9/1r7/9/1p7/9/1C7/4K4 w - - 0 1");
    let t = targets(&p, "b2");
    assert!(t.contains(&"b6".to_owned()), "jumps the b4 soldier onto the chariot");
    assert!(!t.contains(&"b4".to_owned()), "cannot capture without a screen");
    assert!(t.contains(&"b3".to_owned()) && !t.contains(&"b5".to_owned()));
}

#[test]
fn soldiers_go_sideways_only_across_the_river() {
    let p = pos("4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "e4"), vec!["e5"]);
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(targets(&p, "e6"), vec!["d6", "e7", "f6"]);
    let p = pos("4k4/9/9/9/9/4p4/9/9/9/3K5 b - - 0 1");
    assert_eq!(targets(&p, "e5"), vec!["d5", "e4", "f5"]);
}

#[test]
fn general_and_advisors_stay_in_the_palace() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1");
    assert_eq!(targets(&p, "d1"), vec!["e2"]);
    assert_eq!(targets(&p, "e1"), vec!["e2", "f1"]);
}

#[test]
fn checkmate_and_no_move_loss() {
    let mate = pos("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1");
    assert!(mate.is_check());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate })
    );
    // Black is not in check but every general move walks into the soldier.
    let stalemate = pos("3k5/4P4/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert!(!stalemate.is_check());
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::NoMoves })
    );
}

#[test]
fn fifty_moves_without_capture_draw() {
    let p = pos("3k5/9/9/9/9/9/9/9/9/4K3R w - - 99 80");
    assert_eq!(p.outcome(), None);
    let mut q = p.clone();
    q.play(&mv("i1i2")).expect("legal");
    assert_eq!(q.halfmove_clock(), 100);
    assert_eq!(q.outcome(), Some(Outcome::Draw { reason: DrawReason::FiftyMoves }));
    // A capture resets the count.
    let mut r = pos("3k5/9/9/9/9/9/9/9/r8/4K3R w - - 50 80");
    r.play(&mv("i1i2")).expect("legal");
    r.play(&mv("a2i2")).expect("legal");
    assert_eq!(r.halfmove_clock(), 0);
}

#[test]
fn mate_on_the_hundredth_ply_wins() {
    let mut p = pos("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 99 80");
    p.play(&mv("a2d2")).expect("legal");
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate })
    );
}

#[test]
fn insufficient_material_draws() {
    let p = pos("4k4/4a4/9/9/9/9/9/4B4/4A4/4K4 w - - 0 1");
    assert!(p.is_insufficient_material());
    assert_eq!(p.outcome(), Some(Outcome::Draw { reason: DrawReason::InsufficientMaterial }));
    let p = pos("4k4/4a4/9/9/9/9/9/9/4A4/4KC3 w - - 0 1");
    assert!(!p.is_insufficient_material());
    assert!(!p.has_insufficient_material(Color::White));
    assert!(p.has_insufficient_material(Color::Black));
}

#[test]
fn handicaps_remove_reds_left_pieces() {
    let cases = [
        (Handicap::Horse, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1"),
        (
            Handicap::TwoHorses,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1",
        ),
        (Handicap::Cannon, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/9/RNBAKABNR w - - 0 1"),
        (
            Handicap::Chariot,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1",
        ),
    ];
    for (h, fen) in cases {
        assert_eq!(Xiangqi::with_handicap(h).fen(), fen, "{h:?}");
        assert_eq!(h.name().parse::<Handicap>(), Ok(h));
    }
    assert!("queen".parse::<Handicap>().is_err());
}

#[test]
fn fen_errors_are_typed() {
    use crate::{ParseFenError as E, SetupError as S};
    let err = |fen: &str| Xiangqi::from_fen(fen).unwrap_err();
    assert_eq!(err(""), E::Empty);
    assert!(matches!(err("9/9 w"), E::RankCount { expected: 10, found: 2 }));
    assert!(matches!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w"),
        E::RankLength { rank: 10, .. }
    ));
    assert_eq!(
        err("xnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        E::InvalidPiece { ch: 'x' }
    );
    assert!(matches!(err(&START_FEN.replace(" w ", " x ")), E::InvalidField { field: "turn", .. }));
    assert!(matches!(
        err(&START_FEN.replace(" - - 0 1", " KQ - 0 1")),
        E::InvalidField { field: "castling", .. }
    ));
    assert!(matches!(
        err(&START_FEN.replace(" 0 1", " -3 1")),
        E::InvalidField { field: "halfmove clock", .. }
    ));
    assert!(matches!(err(&format!("{START_FEN} extra")), E::TrailingText { .. }));
    assert_eq!(
        err("9/9/9/9/9/9/9/9/9/4K4 w"),
        E::Setup(S::MissingKing { game: Variant::Xiangqi, side: Color::Black })
    );
    assert!(matches!(err("4k4/9/9/9/9/9/9/9/9/3KK4 w"), E::Setup(S::TooManyKings { .. })));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/A3K4 w"),
        E::Setup(S::PieceOutOfPlace { piece: 'A', .. })
    ));
    assert!(matches!(
        err("4k4/9/9/9/B8/9/9/9/9/4K4 w"),
        E::Setup(S::PieceOutOfPlace { piece: 'B', .. })
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/P8/4K4 w"),
        E::Setup(S::PieceOutOfPlace { piece: 'P', .. })
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/9/3RRRK2 w"),
        E::Setup(S::TooManyPieces { piece: 'R', max: 2 })
    ));
    // Generals facing on an open file: the side not to move could be captured.
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), E::Setup(S::OppositeCheck));
    // Shortened FENs are read like Fairy-Stockfish does.
    assert_eq!(
        pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w").fen(),
        START_FEN
    );
    assert_eq!(
        pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1").fen(),
        START_FEN
    );
}

#[test]
fn move_texts() {
    let p = Xiangqi::new();
    assert_eq!(p.parse_move("h3e3"), Ok(mv("h3e3")));
    assert_eq!(p.parse_move("C2=5"), Ok(mv("h3e3")));
    assert_eq!(p.parse_move("c2.5"), Ok(mv("h3e3")));
    assert_eq!(p.parse_iccs("h2e2"), Ok(mv("h3e3")));
    assert_eq!(p.parse_iccs("H2-E2"), Ok(mv("h3e3")));
    assert_eq!(mv("h3e3").iccs(), "h2e2");
    assert_eq!(p.to_wxf(mv("b1c3")), "H8+7");
    assert_eq!(p.parse_move("N8+7"), Ok(mv("b1c3")));
    let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
    assert_eq!(black.parse_move("b10c8"), Ok(mv("b10c8")));
    assert_eq!(black.to_wxf(mv("b10c8")), "H2+3");
    for bad in ["", "h3", "h3e", "z1a1", "h0e3", "h3e11", "C2=", "X2=5", "h3e3e3", "é3e3", "C2+X"]
    {
        assert!(matches!(p.parse_move(bad), Err(ParseMoveError::Syntax { .. })), "{bad:?}");
    }
    assert!(matches!(p.parse_move("h3h1"), Err(ParseMoveError::Illegal { .. })));
    assert!(matches!(p.parse_move("a5a6"), Err(ParseMoveError::Illegal { .. })));
    assert!(matches!(p.parse_move("h8h1"), Err(ParseMoveError::Illegal { .. })));
}

/// The reason the rules give for refusing `text` in `p`.
fn refusal(p: &Xiangqi, text: &str) -> IllegalMoveReason {
    match p.parse_move(text) {
        Err(ParseMoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn refusals_name_their_reason() {
    let at = |name: &str| crate::Point::from(sq(name));
    let p = Xiangqi::new();
    assert_eq!(refusal(&p, "a5a6"), IllegalMoveReason::NoPiece { square: at("a5") });
    assert_eq!(refusal(&p, "a5a6").to_string(), "there is no piece on a5");
    assert_eq!(
        refusal(&p, "h8h1"),
        IllegalMoveReason::NotYourPiece {
            game: Variant::Xiangqi,
            square: at("h8"),
            piece: crate::PieceKind::Cannon,
            face_down: false,
            owner: Color::Black,
            to_move: Color::White,
        }
    );
    assert_eq!(
        refusal(&p, "h8h1").to_string(),
        "the cannon on h8 belongs to black, and red is to move"
    );
    // The elephant on c1 blocks the horse's leg towards d2.
    let blocked = IllegalMoveReason::CannotReach {
        piece: crate::PieceKind::Horse,
        face_down: false,
        from: at("b1"),
        to: at("d2"),
    };
    assert_eq!(refusal(&p, "b1d2"), blocked);
    assert_eq!(blocked.to_string(), "the horse on b1 cannot move to d2");
    assert_eq!(refusal(&p, "C5=4"), IllegalMoveReason::NoWxfMatch);
    // The chariot on e2 is pinned to its general by Black's chariot on e9.
    let pinned = pos("3k5/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    assert_eq!(refusal(&pinned, "e2d2"), IllegalMoveReason::LeavesCheck);
    assert_eq!(refusal(&pinned, "e2d2").to_string(), "it would leave the general in check");
    let checked = pos("3k5/4r4/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    assert_eq!(refusal(&checked, "a1a2"), IllegalMoveReason::StaysInCheck);
    let facing = pos("4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(refusal(&facing, "e6d6"), IllegalMoveReason::GeneralsFace);
}

#[test]
fn tandem_pieces_in_wxf() {
    let p = pos("4k4/9/9/9/9/4P4/4P4/4R4/4R4/3K5 w - - 0 1");
    assert_eq!(p.to_wxf(mv("e3a3")), "R+=9");
    assert_eq!(p.to_wxf(mv("e2e1")), "R--1");
    assert_eq!(p.parse_move("+R=9"), Ok(mv("e3a3")));
    // The plain file form is ambiguous for two chariots on file 5.
    assert!(matches!(p.parse_move("R5=9"), Err(ParseMoveError::Ambiguous { .. })));
    let soldiers = pos("3k5/9/9/2P1P4/2P1P4/4P4/9/9/9/4K4 w - - 0 1");
    assert_eq!(soldiers.to_wxf(mv("c7c8")), "17+1");
    assert_eq!(soldiers.to_wxf(mv("e6d6")), "25=6");
}

#[test]
fn play_refuses_illegal_moves_and_ended_games() {
    let mut p = Xiangqi::new();
    assert_eq!(p.play(&mv("h3h1")), Err(PlayError::IllegalMove { text: "h3h1".into() }));
    let mut mate = pos("3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1");
    assert_eq!(mate.play(&mv("d10e10")), Err(PlayError::GameOver));
    p.play(&mv("h3e3")).expect("legal");
    assert_eq!(p.turn(), Color::Black);
}

#[test]
fn zobrist_follows_the_position() {
    let mut a = Xiangqi::new();
    for m in ["h3e3", "h10g8", "h1g3", "g8h10", "g3h1", "g10e8"] {
        a.play(&mv(m)).expect("legal");
    }
    let b = pos(&a.fen());
    assert_eq!(a.zobrist(), b.zobrist());
    let mut c = Xiangqi::new();
    c.play(&mv("h3e3")).expect("legal");
    assert_ne!(Xiangqi::new().zobrist(), c.zobrist());
}

#[test]
fn game_record_repetition_and_undo() {
    let mut g = Game::new(pos("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"));
    for m in ["e1e2", "d10d9", "e2e1", "d9d10", "e1e2", "d10d9", "e2e1"] {
        g.play(&mv(m)).expect("legal");
        assert_eq!(g.outcome(), None);
    }
    g.play(&mv("d9d10")).expect("legal");
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
    assert_eq!(g.play(&mv("e1e2")), Err(PlayError::GameOver));
    assert_eq!(g.undo(), Some(mv("d9d10")));
    assert_eq!(g.outcome(), None);
    g.resign(Color::Black);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
    );
}

#[test]
fn checkmate_beats_a_completed_repetition() {
    // Red shuffles its chariot while Black shuffles the general; Red's final move both
    // repeats nothing new and mates: the mate counts.
    let mut g = Game::new(pos("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
    for m in ["a1a2", "d10d9", "a2a1", "d9d10", "a1a2", "d10d9", "a2a1"] {
        g.play(&mv(m)).expect("legal");
    }
    g.play(&mv("d9d10")).expect("legal");
    // The third occurrence of the start position is a draw by idle repetition...
    assert_eq!(g.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
    // ...but a mate on the same ply wins, whatever the history says.
    let mut h = Game::new(pos("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"));
    h.play(&mv("a2d2")).expect("legal");
    assert_eq!(
        h.outcome(),
        Some(Outcome::Win { winner: Color::White, reason: WinReason::Checkmate })
    );
}

#[test]
fn null_move_passes_the_turn_and_keeps_the_board() {
    let start = Xiangqi::new();
    let passed = start.null_move().expect("no check at the start");
    assert_eq!(passed.turn(), Color::Black);
    assert_eq!(passed.fen().split(' ').next(), start.fen().split(' ').next());
    assert_ne!(passed.zobrist(), start.zobrist());
    // Black's moves from the passed position are Black's moves of the mirrored opening.
    assert_eq!(passed.legal_moves().len(), 44);
    // In check there is no null move.
    let checked = pos("4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1");
    assert!(checked.is_check());
    assert!(checked.null_move().is_none());
}

#[test]
fn attacked_by_sees_every_kind_of_attacker() {
    // Red: chariot a1, cannon b3 (screen b5), horse h1, soldier e6 (crossed), general e1,
    // advisor d1 (palace), elephant g1.
    let p = pos("3k5/9/9/9/4P4/1p7/9/1C7/9/R2AK1BN1 w - - 0 1");
    let attacked = |name: &str| p.attacked_by(sq(name), Color::White);
    assert!(attacked("a10"), "chariot up the open file");
    assert!(attacked("b6") && attacked("b10") && !attacked("b4"), "cannon over one screen only");
    assert!(attacked("g3") && attacked("i3") && !attacked("f2"), "horse, its leg g1 blocked");
    assert!(
        attacked("e7") && attacked("d6") && attacked("f6") && !attacked("e5"),
        "crossed soldier"
    );
    assert!(attacked("e2") && attacked("f1"), "general and advisor");
    assert!(attacked("e3") && attacked("i3"), "elephant");
    assert!(!attacked("c5"), "nothing reaches c5");
    assert!(!p.attacked_by(sq("e3"), Color::Black), "black has nothing near e3");
}
