//! Repetition verdicts inside the search, for every rule set: the search must score a move
//! that completes a repetition as the game's rules judge it (perpetual check and chase lose
//! under the Asian rules of Xiangqi and Jieqi, a repetition is a draw elsewhere), and the bot
//! must never lose by repeating when it has another move.
//!
//! The cycles are the committed Fairy-Stockfish sequences of the rules' test data (each
//! ends with the move that makes a position occur for the third time): Xiangqi's as they
//! are, Jieqi's as the same boards with every piece face up, Jeson Mor's threefold draws.

use rodina_engine::score::MATE_BOUND;
use rodina_engine::{Bot, BotGame, Level, Limits, Request, Searcher, search_inputs};
use rodina_rules::jieqi::{JieqiView, RuleSet};
use rodina_rules::{Color, Game, JesonMor, Outcome, Position, Seat, Truth, Xiangqi};

/// A move of the game `G`.
type Mv<G> = <G as Position>::Move;

/// One committed sequence: the start and the moves, the last completing the repetition.
struct Cycle {
    name: String,
    fen: String,
    moves: Vec<String>,
}

fn cycles(game: &str) -> Vec<Cycle> {
    let path = format!("{}/../rules/tests/data/{game}/repetitions.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            // Xiangqi: name|kind|fen|moves|...; Jeson Mor: fen|moves.
            let (name, fen, moves) =
                if f.len() > 2 { (f[0], f[2], f[3]) } else { (f[0], f[0], f[1]) };
            Cycle {
                name: name.to_owned(),
                fen: fen.to_owned(),
                moves: moves.split_whitespace().map(str::to_owned).collect(),
            }
        })
        .collect()
}

/// Each Xiangqi cycle, and the same cycle one ply on: started after its first move and
/// ended by one more move of its pattern (the move four plies before the last), so that the
/// side whose moves made the verdict completes the repetition itself. In the data the
/// chased or checked side mostly completes it.
fn xiangqi_cycles() -> Vec<Cycle> {
    let mut all = cycles("xiangqi");
    let shifted: Vec<Cycle> = all
        .iter()
        .filter_map(|c| {
            let n = c.moves.len();
            let mut game = Game::new(Xiangqi::from_fen(&c.fen).ok()?);
            game.play_text(c.moves.first()?).ok()?;
            let mut moves = c.moves[1..].to_vec();
            moves.push(c.moves.get(n.checked_sub(4)?)?.clone());
            Some(Cycle {
                name: format!("{}, one ply on", c.name),
                fen: game.position().truth_fen(),
                moves,
            })
        })
        .collect();
    all.extend(shifted);
    all
}

/// The game before the sequence's last move, and that move; `None` if the sequence is not
/// legal in this game (a Jieqi board where a face-up elephant changes what is legal).
fn before_last<G: BotGame>(start: G, cycle: &Cycle) -> Option<(Game<G>, Mv<G>)> {
    let mut game = Game::new(start);
    let (last, rest) = cycle.moves.split_last()?;
    for m in rest {
        game.play_text(m).ok()?;
        game.outcome().is_none().then_some(())?;
    }
    let last = game.position().parse_move(last).ok()?;
    game.legal_moves().contains(&last).then_some((game, last))
}

/// What the search makes of `last` played in `game`'s position: its score for the mover.
fn searched<G: BotGame>(game: &Game<G>, last: &Mv<G>) -> i32 {
    let legal = game.legal_moves();
    let (history, _) = search_inputs(game, &legal);
    let only = [last.clone()];
    let req = Request {
        history: &history,
        root_moves: Some(&only),
        ..Request::new(game.position(), Limits::depth(2))
    };
    Searcher::<G>::new(1 << 20).search(&req, |_| {}).score
}

/// The rules' verdict on `last` as a score's sign for the mover: 1 won, -1 lost, 0 drawn.
/// `None` while the game goes on.
fn verdict<G: BotGame>(game: &Game<G>, last: &Mv<G>) -> Option<i32> {
    let mover = game.turn();
    let mut after = game.clone();
    after.play(last).ok()?;
    Some(match after.outcome()? {
        Outcome::Win { winner, .. } if winner == mover => 1,
        Outcome::Win { .. } => -1,
        _ => 0,
    })
}

/// Every cycle legal in this game: the search's score of its last move has the rules'
/// verdict's sign (a mate score for a win or a loss, a small one for a
/// draw). Returns how many cycles were judged, by verdict.
fn search_agrees<G: BotGame>(cycles: &[Cycle], start: impl Fn(&str) -> G) -> [usize; 3] {
    let mut judged = [0; 3];
    for cycle in cycles {
        let Some((game, last)) = before_last(start(&cycle.fen), cycle) else { continue };
        // A third occurrence that ends nothing (a rule set that waits for more) heads for a
        // draw, and the search, which counts a return at once, must score it as one.
        let expected = verdict(&game, &last).unwrap_or(0);
        let score = searched(&game, &last);
        let got = if score >= MATE_BOUND {
            1
        } else if score <= -MATE_BOUND {
            -1
        } else {
            0
        };
        assert_eq!(got, expected, "{}: the search scores {score}", cycle.name);
        judged[(expected + 1) as usize] += 1;
    }
    judged
}

#[test]
fn the_search_judges_xiangqi_repetitions_as_the_rules_do() {
    let judged = search_agrees(&xiangqi_cycles(), |fen| Xiangqi::from_fen(fen).expect("fen"));
    eprintln!("xiangqi: lost {}, drawn {}, won {}", judged[0], judged[1], judged[2]);
    // The data holds perpetual checks and chases (the mover loses) and cycles where the
    // opponent chased or checked (the mover wins), and neutral and mutual ones (draws).
    assert!(judged.iter().all(|&n| n >= 5), "{judged:?}");
}

/// A Jieqi board of the same pieces, all face up, under a rule set.
fn jieqi_start(fen: &str, rule_set: RuleSet) -> JieqiView {
    let f: Vec<&str> = fen.split_whitespace().collect();
    let fen = format!("{} {} - 0 1", f[0], f[1]);
    JieqiView::from_fen_with_rules(&fen, Seat::Player(Color::White), rule_set.rules())
        .expect("a Jieqi board")
}

#[test]
fn the_search_judges_jieqi_repetitions_as_the_rules_do_under_every_rule_set() {
    let cycles = xiangqi_cycles();
    for rule_set in RuleSet::ALL {
        let judged = search_agrees(&cycles, |fen| jieqi_start(fen, rule_set));
        eprintln!("jieqi {rule_set:?}: lost {}, drawn {}, won {}", judged[0], judged[1], judged[2]);
        assert!(judged.iter().sum::<usize>() >= 20, "{rule_set:?}: {judged:?}");
        if rule_set == RuleSet::Vietnamese {
            // Only the sixth occurrence ends the game there: every third one goes on, and
            // the search (which counts a return at once) scores it as the draw it heads for.
            assert!(judged[0] == 0 && judged[2] == 0 && judged[1] >= 20, "{judged:?}");
        } else {
            assert!(judged[0] >= 5 && judged[2] >= 5, "{rule_set:?}: {judged:?}");
        }
    }
}

#[test]
fn the_search_judges_jeson_mor_repetitions_as_draws() {
    let judged = search_agrees(&cycles("jesonmor"), |fen| JesonMor::from_fen(fen).expect("fen"));
    assert!(judged[1] >= 5 && judged[0] == 0 && judged[2] == 0, "{judged:?}");
}

/// Wherever the sequence's last move would lose by repetition and another move exists, a
/// full-strength bot playing the record (and a Novice one, whose search is shallow and
/// blind in places) does not play a move that loses by repetition.
fn never_loses_by_repeating<G: BotGame>(cycles: &[Cycle], start: impl Fn(&str) -> G) -> usize {
    let mut tried = 0;
    for cycle in cycles {
        let Some((game, last)) = before_last(start(&cycle.fen), cycle) else { continue };
        if verdict(&game, &last) != Some(-1) || game.legal_moves().len() < 2 {
            continue;
        }
        tried += 1;
        for level in [Level::Novice, Level::Full] {
            // The full level's node budget cut to a test's: the verdicts are what matter.
            let mut settings = level.settings(G::VARIANT);
            settings.nodes = settings.nodes.min(30_000);
            let mut bot = Bot::<G>::with_settings(level, settings, 7);
            let chosen = bot.choose(&game, None, None).expect("a move").mv;
            assert_ne!(
                verdict(&game, &chosen),
                Some(-1),
                "{}: {level:?} lost by repeating",
                cycle.name
            );
        }
    }
    tried
}

#[test]
fn the_bots_never_lose_by_repeating_when_they_need_not() {
    let cycles = xiangqi_cycles();
    let tried = never_loses_by_repeating(&cycles, |fen| Xiangqi::from_fen(fen).expect("fen"));
    assert!(tried >= 10, "{tried}");
    for rule_set in [RuleSet::Default, RuleSet::NobodySeesCaptured, RuleSet::PyChess] {
        let tried = never_loses_by_repeating(&cycles, |fen| jieqi_start(fen, rule_set));
        assert!(tried >= 10, "{rule_set:?}: {tried}");
    }
}
