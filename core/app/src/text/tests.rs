use std::collections::BTreeSet;

use rodina_rules::jieqi::{Move as JieqiMove, MoveEvent};
use rodina_rules::{DrawReason, Point, WinReason, friendly};

use super::*;

/// The message ids of a source, attributes left out.
fn ids(source: &str) -> BTreeSet<String> {
    source
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_owned()))
        .collect()
}

#[test]
fn both_languages_parse_and_have_the_same_messages() {
    for (language, source) in Language::ALL.into_iter().zip(SOURCES) {
        if let Err((_, errors)) = FluentResource::try_new(source.to_owned()) {
            panic!("{language}: {errors:?}");
        }
    }
    let (en, sk) = (ids(SOURCES[0]), ids(SOURCES[1]));
    assert!(en.len() > 150, "{} messages", en.len());
    let only_en: Vec<_> = en.difference(&sk).collect();
    let only_sk: Vec<_> = sk.difference(&en).collect();
    assert!(only_en.is_empty() && only_sk.is_empty(), "en only {only_en:?}, sk only {only_sk:?}");
    // No message is defined twice (the bundle would keep the first silently).
    for source in SOURCES {
        let count = source
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()) && l.contains('='))
            .count();
        assert_eq!(count, ids(source).len(), "a message defined twice");
    }
}

#[test]
fn the_course_texts_join_the_catalog_in_both_languages() {
    let app: BTreeSet<String> = SOURCES.iter().flat_map(|s| ids(s)).collect();
    for language in Language::ALL {
        let course = ids(COURSE_SOURCES[language.index()]);
        assert!(course.len() > 200, "{} course texts", course.len());
        assert!(course.is_disjoint(&app), "a course text shadows an app message");
        for id in course {
            let (text, errors) = format_checked(language, &id, &[]);
            assert!(errors.is_empty() && !text.trim().is_empty(), "{language} {id}: {errors:?}");
        }
    }
    let course = rodina_learn::Course::embedded(Variant::Jieqi).expect("the Jieqi course");
    let first = course.exercises().next().expect("an exercise");
    let (en, sk) = (
        course_text(Language::English, &first.text_id("goal")),
        course_text(Language::Slovak, &first.text_id("goal")),
    );
    assert!(
        en.starts_with("Move the face-down piece") && sk.starts_with("Presuňte zakrytú"),
        "{en} / {sk}"
    );
}

#[test]
fn every_message_formats_in_both_languages_with_its_arguments() {
    let args: Vec<(&str, Arg)> = [
        "side", "winner", "owner", "piece", "square", "from", "to", "game", "reason", "record",
        "owed", "given", "error", "move", "text", "moves", "result", "first", "second", "level",
        "detail", "file", "change", "rating", "shown", "length", "score", "name", "clock", "link",
        "code", "summary",
    ]
    .into_iter()
    .map(|name| (name, Arg::from("x")))
    .chain(
        [
            "count",
            "number",
            "par",
            "points",
            "stars",
            "max",
            "collected",
            "total",
            "solved",
            "seconds",
            "minutes",
        ]
        .map(|name| (name, Arg::Number(3))),
    )
    .collect();
    for language in Language::ALL {
        for id in ids(SOURCES[language.index()]) {
            let (text, errors) = format_checked(language, &id, &args);
            assert!(errors.is_empty(), "{errors:?}");
            assert!(!text.trim().is_empty(), "{language} {id}");
        }
    }
}

/// Formats `f` in both languages and requires no error and two different non-empty texts
/// (the same text in both would be a message left untranslated; names like "Jeson Mor" are
/// allowed to agree and are checked by the caller where they may).
fn both(f: impl Fn(Language) -> String) -> [String; 2] {
    Language::ALL.map(|l| {
        let t = f(l);
        assert!(!t.trim().is_empty(), "{l}: empty");
        assert!(!t.contains("{ ") && !t.contains('$'), "{l}: unresolved {t}");
        t
    })
}

#[test]
fn the_typed_texts_are_in_both_languages() {
    for &v in Variant::ALL {
        both(|l| game_name(l, v));
        for c in Color::ALL {
            let [en, sk] = both(|l| side_name(l, v, c));
            assert_ne!(en, sk);
        }
        for seat in Seat::ALL {
            both(|l| seat_name(l, v, seat));
        }
        for reason in WinReason::ALL {
            for winner in Color::ALL {
                let o = Outcome::Win { winner, reason };
                let [en, sk] = both(|l| outcome_text(l, v, o));
                assert_ne!(en, sk);
            }
        }
        for reason in DrawReason::ALL {
            let [en, sk] = both(|l| outcome_text(l, v, Outcome::Draw { reason }));
            assert_ne!(en, sk);
        }
    }
    for kind in PieceKind::ALL {
        let [en, sk] = both(|l| piece_name(l, kind));
        assert_ne!(en, sk, "{kind:?}");
    }
    for level in Level::ALL {
        both(|l| level_name(l, level));
    }
    for h in Handicap::ALL.map(Some).into_iter().chain([None]) {
        let [en, sk] = both(|l| handicap_name(l, h));
        assert_ne!(en, sk);
    }
    for r in RuleSet::ALL {
        both(|l| rule_set_name(l, r));
    }
    for t in UiText::ALL {
        both(|l| ui_text(l, t));
    }
    for l in Language::ALL {
        assert!(!language_name(l).is_empty());
    }
}

/// One sample of every reason a move is refused; the match makes a new variant fail to
/// compile here until it gets a sample.
fn illegal_samples() -> Vec<IllegalMoveReason> {
    use IllegalMoveReason as R;
    let (a, b) = (Point::new(1, 0), Point::new(2, 2));
    let e1e2 = JieqiMove::parse_coordinate("e1e2").expect("a move");
    let samples = vec![
        R::NoPiece { square: a },
        R::NotYourPiece {
            game: Variant::Jieqi,
            square: a,
            piece: PieceKind::Horse,
            face_down: true,
            owner: Color::Black,
            to_move: Color::White,
        },
        R::CannotReach { piece: PieceKind::Chariot, face_down: false, from: a, to: b },
        R::GeneralsFace,
        R::StaysInCheck,
        R::LeavesCheck,
        R::LeavesGeneralAttacked,
        R::NoWxfMatch,
        R::RevealMissing,
        R::RevealsNothing,
        R::CapturesNothing,
        R::CaptureNoteMisfit,
        R::RecordDisagrees {
            record: MoveEvent { mv: e1e2, color: Color::White, revealed: None, captured: None },
        },
        ViewPlayError::RevealMissing { mv: e1e2 }.into(),
        R::OwedPromotionElsewhere { owed: a, given: b },
        R::PromotionOwedFirst { square: a, text: "a1a2".into() },
        R::Step { number: None, error: StepError::NothingLifted },
        R::Step { number: Some(2), error: StepError::AlreadyLifted },
        R::NoMoveLeadsThere,
        R::WonByLeavingCentre { winner: Color::Black },
        R::NoKnightLeft { side: Color::White },
        R::NoKnight { square: a },
        R::NotAKnightJump { from: a, to: b },
        R::OwnKnightThere { side: Color::White, square: b },
        R::Forbidden,
        R::NotLegal,
    ];
    for s in &samples {
        match s {
            R::NoPiece { .. }
            | R::NotYourPiece { .. }
            | R::CannotReach { .. }
            | R::GeneralsFace
            | R::StaysInCheck
            | R::LeavesCheck
            | R::LeavesGeneralAttacked
            | R::NoWxfMatch
            | R::RevealMissing
            | R::RevealsNothing
            | R::CapturesNothing
            | R::CaptureNoteMisfit
            | R::RecordDisagrees { .. }
            | R::View(_)
            | R::OwedPromotionElsewhere { .. }
            | R::PromotionOwedFirst { .. }
            | R::Step { .. }
            | R::NoMoveLeadsThere
            | R::WonByLeavingCentre { .. }
            | R::NoKnightLeft { .. }
            | R::NoKnight { .. }
            | R::NotAKnightJump { .. }
            | R::OwnKnightThere { .. }
            | R::Forbidden
            | R::NotLegal => {}
        }
    }
    samples
}

#[test]
fn every_refusal_is_a_sentence_in_both_languages() {
    let sq = |s: &str| friendly::Square::parse(s).expect("a square");
    let steps = [
        StepError::GameOver,
        StepError::MoveComplete,
        StepError::PromotionOwed { square: sq("e8") },
        StepError::NoPromotionOwed,
        StepError::AlreadyLifted,
        StepError::NothingLifted,
        StepError::NotYourPiece { square: sq("e2") },
        StepError::CannotMove { square: sq("e2") },
        StepError::IllegalStep { from: sq("e2"), to: sq("e5") },
        StepError::PromotionRequired { to: sq("e8") },
        StepError::InvalidPromotion { role: friendly::Role::King },
        StepError::Unfinished { square: sq("d5") },
    ];
    let e1e2 = JieqiMove::parse_coordinate("e1e2").expect("a move");
    let views = [
        ViewPlayError::Play(PlayError::GameOver),
        ViewPlayError::Play(PlayError::IllegalMove { text: "e1e2".into() }),
        ViewPlayError::Play(PlayError::Forbidden { text: "e1e2".into() }),
        ViewPlayError::Play(PlayError::Chance { text: "e1e2".into() }),
        ViewPlayError::Play(PlayError::Text(ParseMoveError::Syntax { text: "zz".into() })),
        ViewPlayError::Play(PlayError::Text(ParseMoveError::Ambiguous { text: "C+".into() })),
        ViewPlayError::RevealMissing { mv: e1e2 },
        ViewPlayError::RevealUnexpected { mv: e1e2 },
        ViewPlayError::RevealImpossible { mv: e1e2, role: rodina_rules::xiangqi::Role::Horse },
        ViewPlayError::CaptureMissing { mv: e1e2 },
        ViewPlayError::CaptureUnknowable { mv: e1e2 },
        ViewPlayError::CaptureImpossible { mv: e1e2, role: rodina_rules::xiangqi::Role::Cannon },
    ];
    let mut refusals = vec![
        Refusal::GameOver,
        Refusal::NotYourTurn,
        Refusal::OffBoard,
        Refusal::EmptyPoint,
        Refusal::OpponentPiece { game: Variant::Xiangqi, to_move: Color::White },
        Refusal::NoLegalMove { piece: PieceKind::Elephant, point: Point::new(2, 0) },
    ];
    refusals.extend(illegal_samples().into_iter().map(|reason| Refusal::IllegalMove { reason }));
    refusals.extend(steps.into_iter().map(|error| Refusal::IllegalMove {
        reason: IllegalMoveReason::Step { number: None, error },
    }));
    refusals.extend(views.into_iter().map(|e| Refusal::IllegalMove { reason: e.into() }));
    let mut seen = std::collections::BTreeMap::new();
    for r in &refusals {
        let [en, sk] = both(|l| refusal_text(l, r));
        assert_ne!(en, sk, "{r:?}");
        assert!(en.starts_with(|c: char| !c.is_lowercase()), "{en}");
        assert!(sk.starts_with(|c: char| !c.is_lowercase()), "{sk}");
        seen.entry(en).or_insert_with(Vec::new).push(r);
    }
    // Distinct refusals say distinct things, but for the same refusal reached two ways (the
    // game over, an empty hand, a promotion owed).
    let same: Vec<_> = seen.iter().filter(|(_, rs)| rs.len() > 1).collect();
    assert!(same.len() <= 3, "{same:#?}");
}

#[test]
fn slovak_counts_moves_with_its_three_plural_forms() {
    assert_eq!(move_count(Language::Slovak, 1), "1 ťah");
    assert_eq!(move_count(Language::Slovak, 2), "2 ťahy");
    assert_eq!(move_count(Language::Slovak, 4), "4 ťahy");
    assert_eq!(move_count(Language::Slovak, 5), "5 ťahov");
    assert_eq!(move_count(Language::Slovak, 21), "21 ťahov");
    assert_eq!(move_count(Language::Slovak, 0), "0 ťahov");
    assert_eq!(move_count(Language::English, 1), "1 move");
    assert_eq!(move_count(Language::English, 2), "2 moves");
    assert_eq!(games_in_progress(Language::Slovak, 1), "1 rozohraná partia");
    assert_eq!(games_in_progress(Language::Slovak, 3), "3 rozohrané partie");
    assert_eq!(games_in_progress(Language::Slovak, 7), "7 rozohraných partií");
    assert_eq!(games_in_progress(Language::English, 1), "1 game in progress");
}

#[test]
fn the_system_locale_chooses_the_language() {
    assert_eq!(Language::for_locale("sk"), Language::Slovak);
    assert_eq!(Language::for_locale("sk-SK"), Language::Slovak);
    assert_eq!(Language::for_locale("SK_sk"), Language::Slovak);
    assert_eq!(Language::for_locale("en-GB"), Language::English);
    assert_eq!(Language::for_locale("cs-CZ"), Language::English);
    assert_eq!(Language::for_locale(""), Language::English);
    for l in Language::ALL {
        assert_eq!(l.code().parse::<Language>(), Ok(l));
    }
    assert!("de".parse::<Language>().is_err());
}

#[test]
fn results_read_as_players_say_them() {
    let mate = Outcome::Win { winner: Color::White, reason: WinReason::Checkmate };
    assert_eq!(outcome_text(Language::English, Variant::Xiangqi, mate), "Red wins: checkmate.");
    assert_eq!(outcome_text(Language::Slovak, Variant::Xiangqi, mate), "Vyhráva Červený: mat.");
    let fifty = Outcome::Draw { reason: DrawReason::FiftyMoves };
    assert!(outcome_text(Language::English, Variant::Friendly, fifty).contains("bond"));
    assert!(outcome_text(Language::English, Variant::Xiangqi, fifty).contains("capture"));
}

#[test]
fn piece_labels_follow_the_style_the_side_and_the_language() {
    let piece = |kind, side, face_down| PieceView { side, kind, face_down };
    for kind in PieceKind::ALL {
        for side in Color::ALL {
            let [en, sk] = both(|l| piece_label(l, PieceStyle::Letters, piece(kind, side, false)));
            assert_eq!(en.chars().count(), 1, "{kind:?}: one letter, {en}");
            assert_eq!(sk.chars().count(), 1, "{kind:?}: one letter, {sk}");
            // A character set prints the same in both languages, and a side's own.
            let [a, b] = both(|l| piece_label(l, PieceStyle::Characters, piece(kind, side, false)));
            assert_eq!(a, b);
            let other =
                piece_label(Language::English, PieceStyle::Characters, piece(kind, !side, false));
            assert_ne!(a, other, "{kind:?}: each side has its own character");
        }
    }
    // Slovak letters are the initials of the Slovak names: a chariot is a voz, a rook a veža.
    let sk =
        |kind| piece_label(Language::Slovak, PieceStyle::Letters, piece(kind, Color::White, false));
    assert_eq!(
        [sk(PieceKind::Chariot), sk(PieceKind::Rook), sk(PieceKind::Knight)],
        ["V", "V", "J"]
    );
    // A face-down piece shows its back, not what it moves as.
    for style in [PieceStyle::Letters, PieceStyle::Characters] {
        let labels: BTreeSet<String> = PieceKind::ALL
            .into_iter()
            .map(|k| piece_label(Language::English, style, piece(k, Color::Black, true)))
            .collect();
        assert_eq!(labels.len(), 1, "{labels:?}");
    }
}

#[test]
fn a_saved_game_reads_as_a_title_and_a_summary() {
    let summary = GameSummary {
        id: 1,
        variant: Variant::Xiangqi,
        first: Player::Person,
        second: Player::Bot { level: "casual".into() },
        ply_count: 3,
        outcome: None,
        created_at_ms: 0,
        updated_at_ms: 0,
    };
    let [en, sk] = both(|l| {
        let t = saved_game_text(l, &summary);
        format!("{} / {}", t.title, t.subtitle)
    });
    assert_eq!(en, "Xiangqi: Person vs Bot (Casual player) / 3 moves · in progress");
    assert_eq!(sk, "Siang-čchi: Človek – Bot (Rekreačný hráč) / 3 ťahy · prebieha");
    let over = GameSummary {
        outcome: Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate }),
        ply_count: 5,
        ..summary
    };
    let sk = saved_game_text(Language::Slovak, &over).subtitle;
    assert!(sk.starts_with("5 ťahov · Vyhráva Čierny"), "{sk}");
    // A level a newer version added shows its stored name rather than nothing.
    let newer = Player::Bot { level: "grandmaster".into() };
    assert_eq!(player_name(Language::English, &newer), "Bot (grandmaster)");
}

#[test]
fn the_hand_over_and_the_problems_are_sentences_in_both_languages() {
    for &v in Variant::ALL {
        for side in Color::ALL {
            let [en, sk] = both(|l| {
                let t = hand_over_text(l, v, side);
                format!("{}|{}|{}", t.title, t.body, t.ready)
            });
            assert_ne!(en, sk);
            assert!(en.contains(&side_name(Language::English, v, side)));
        }
    }
    let detail = || "disk full".to_owned();
    let problems = [
        Problem::Bot { detail: detail() },
        Problem::Save { detail: detail() },
        Problem::InvalidInput { detail: detail() },
        Problem::NotFound,
        Problem::GameOver,
        Problem::Storage { detail: detail() },
        Problem::DatabaseDamaged,
        Problem::DatabaseTooNew,
        Problem::SavedGameDamaged { detail: detail() },
        Problem::Unsupported { detail: detail() },
        Problem::Randomness { detail: detail() },
        Problem::PuzzleDamaged { detail: detail() },
        Problem::Internal { detail: detail() },
    ];
    let mut seen = BTreeSet::new();
    for p in &problems {
        let [en, sk] = both(|l| problem_text(l, p));
        assert_ne!(en, sk);
        assert!(seen.insert(en), "{p:?} says what another problem says");
    }
    let [en, _] = both(|l| set_aside_text(l, "rodina.db.damaged-1"));
    assert!(en.contains("rodina.db.damaged-1"));
    both(|l| last_move_text(l, "C2=5"));
}

#[test]
fn puzzle_progress_counts_with_slovak_plurals() {
    for (count, solved, attempts, puzzles) in [
        (1, "1 vyriešená úloha", "1 pokus", "1 úloha"),
        (2, "2 vyriešené úlohy", "2 pokusy", "2 úlohy"),
        (4, "4 vyriešené úlohy", "4 pokusy", "4 úlohy"),
        (5, "5 vyriešených úloh", "5 pokusov", "5 úloh"),
        (22, "22 vyriešených úloh", "22 pokusov", "22 úloh"),
        (0, "0 vyriešených úloh", "0 pokusov", "0 úloh"),
    ] {
        assert_eq!(puzzles_solved(Language::Slovak, count), solved);
        assert_eq!(puzzle_attempts(Language::Slovak, count), attempts);
        assert_eq!(puzzle_count(Language::Slovak, count), puzzles);
    }
    assert_eq!(puzzles_solved(Language::English, 1), "1 puzzle solved");
    assert_eq!(puzzles_solved(Language::English, 3), "3 puzzles solved");
    assert_eq!(puzzle_attempts(Language::English, 1), "1 attempt");
    assert_eq!(puzzle_count(Language::English, 1500), "1500 puzzles");
    let progress = PuzzleProgress {
        variant: Variant::Jieqi,
        rating: RatingView { rating: 1512, deviation: 80, provisional: false },
        solved: 3,
        attempts: 4,
        rated: 4,
        puzzles: 1500,
        difficulty: rodina_puzzles::Difficulty::Harder,
    };
    let t = puzzle_progress_text(Language::Slovak, &progress);
    assert_eq!(
        [t.title, t.rating, t.solved, t.attempts, t.puzzles],
        ["Úlohy", "Hodnotenie 1512", "3 vyriešené úlohy", "4 pokusy", "1500 úloh"]
    );
}

#[test]
fn ratings_and_their_changes_read_with_their_signs() {
    let provisional = RatingView { rating: 1500, deviation: 500, provisional: true };
    assert_eq!(puzzle_rating_text(Language::English, provisional), "Rating 1500?");
    let settled = RatingView { rating: 2034, deviation: 60, provisional: false };
    assert_eq!(puzzle_rating_text(Language::English, settled), "Rating 2034", "no grouping");
    assert_eq!(rating_change_text(Language::English, 12), "+12");
    assert_eq!(rating_change_text(Language::Slovak, -8), "−8");
    assert_eq!(rating_change_text(Language::English, 0), "±0");
    assert_eq!(puzzles_title(Language::English, Variant::JesonMor), "Jeson Mor puzzles");
    assert_eq!(puzzles_title(Language::Slovak, Variant::Xiangqi), "Úlohy: Siang-čchi");
    assert_eq!(
        no_puzzle_text(Language::English, Variant::Jieqi, false),
        "There are no Jieqi puzzles yet."
    );
    assert_eq!(
        no_puzzle_text(Language::Slovak, Variant::Jieqi, true),
        "Vyriešili ste všetky úlohy hry Ťie-čchi."
    );
    assert_eq!(
        puzzle_solution_text(Language::English, 0, 3),
        "The solution, 3 moves: step through it"
    );
    assert_eq!(puzzle_solution_text(Language::Slovak, 2, 3), "Riešenie: ťah 2 z 3");
    for d in rodina_puzzles::Difficulty::ALL {
        let [en, sk] = both(|l| difficulty_name(l, d));
        assert_ne!(en, sk);
    }
    for &theme in rodina_puzzles::Theme::ALL {
        both(|l| theme_name(l, theme));
    }
}
