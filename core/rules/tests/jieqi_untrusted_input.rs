//! Untrusted text never panics: random and mutated Jieqi FENs (both forms, and the forms other
//! programs write) and move texts go through every Jieqi parser, and whatever parses is used
//! (views made, moves generated, text written back and read again).

mod support;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rodina_rules::jieqi::{Jieqi, JieqiView, RuleSet, START_VIEW_FEN, Seat, Setup};
use rodina_rules::{Game, Position, Truth, View};

const ALPHABET: &[u8] = b"rnbakcpRNBAKCPheHExX0123456789/ -wb()?=";

fn exercise_truth(p: &Jieqi) {
    let fen = p.truth_fen();
    assert_eq!(Jieqi::from_fen_with_rules(&fen, p.rules()).map(|q| q.truth_fen()), Ok(fen));
    let _ = p.outcome();
    let _ = p.legal_moves();
    for seat in Seat::ALL {
        exercise_view(&p.view(seat));
    }
}

fn exercise_view(v: &JieqiView) {
    let fen = v.fen();
    assert_eq!(
        JieqiView::from_fen_with_rules(&fen, v.seat(), v.rules()).map(|w| w.fen()),
        Ok(fen.clone()),
        "{fen}"
    );
    let _ = v.outcome();
    let _ = Game::new(v.clone()).outcome();
    let _ = v.perft(1);
}

#[test]
fn fens_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let bases = [
        START_VIEW_FEN,
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w rnbaabnrccpppppPPPPPCCRNBAABNR 0 1 -",
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1",
        "1rxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX w A2B2N2R2C1P5a2b2n2r1c2p5 0 2 (x)C",
        "3k5/9/9/x8/R8/9/9/9/9/4K4 w r 0 1",
        "x3kr3/4p2P1/4p4/1P2n1b2/p7R/8p/X8/9/4K4/1AXX1XXXX b N1n1B1A1C1P3 1 18",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ];
    let (mut truths, mut views) = (0, 0);
    for i in 0..20_000 {
        let text = if i % 4 == 0 {
            support::random_text(&mut rng, ALPHABET, 100)
        } else {
            support::mutate(&mut rng, ALPHABET, bases[i % bases.len()])
        };
        if let Ok(setup) = Setup::parse(&text) {
            let _ = setup.fen();
        }
        let rules = RuleSet::ALL[i % RuleSet::ALL.len()].rules();
        if let Ok(p) = Jieqi::from_fen_with_rules(&text, rules) {
            truths += 1;
            exercise_truth(&p);
        }
        let seat = Seat::ALL[i % 3];
        if let Ok(v) = JieqiView::from_fen_with_rules(&text, seat, rules) {
            views += 1;
            exercise_view(&v);
            let dealt = Jieqi::deal(&v, &mut rng);
            assert_eq!(dealt.view(seat), v, "{text}");
        }
    }
    assert!(
        truths > 100 && views > 100,
        "mutations should keep some FENs valid ({truths}, {views})"
    );
}

#[test]
fn move_texts_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let start = Jieqi::shuffled(&mut rng, Default::default());
    let mut game = Game::new(start.clone());
    let mut view = Game::new(start.view(Seat::Spectator));
    for _ in 0..20_000 {
        let text = support::random_text(&mut rng, ALPHABET, 10);
        let pos = game.position().clone();
        let _ = pos.parse_record_move(&text);
        if let Ok(m) = pos.parse_move(&text) {
            assert!(pos.is_legal(&m));
            let ev = pos.event(m);
            if game.play(&m).is_err() || game.outcome().is_some() {
                game = Game::new(start.clone());
                view = Game::new(start.view(Seat::Spectator));
            } else {
                view.play_seen(m, ev.revealed, None).expect("the spectator follows");
            }
        }
        if let Ok((m, revealed, captured)) = view.position().parse_event(&text) {
            let _ = view.clone().play_seen(m, revealed, captured);
        }
    }
    // Every legal move is read back from its own text.
    let v = start.view(Seat::Player(rodina_rules::Color::White));
    for m in start.legal_moves() {
        assert_eq!(start.parse_move(&m.to_string()), Ok(m));
        assert_eq!(v.parse_move(&m.to_string()), Ok(m));
        let ev = start.event(m);
        assert_eq!(start.parse_record_move(&ev.text()), Ok(m));
        assert_eq!(v.parse_event(&ev.text()).map(|e| e.0), Ok(m));
    }
}
