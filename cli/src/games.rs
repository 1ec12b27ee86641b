//! Reading the position the arguments describe, and the subcommands that only look at it
//! (`perft`, `moves`, `status`), written once for every game over the rules' [`AnyGame`] and
//! [`AnyView`].
//!
//! A game's whole state (any FEN of an open game, Jieqi's full FEN) is read as the true game,
//! its `--moves` in the record's text (coordinates; for Jieqi optionally with the notes of a
//! record, `b3b10=Cx(n)`, which must agree with it). A view's text (Jieqi's view FEN) is read
//! as the first seat's that can hold it, its `--moves` saying what each reveal turned up
//! (`h3e3=C`). Without `--fen`, a game that deals is looked at as a spectator sees its start
//! (no deal is needed to know the legal moves), and `play` deals a new game.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rodina_rules::jieqi::RuleSet;
use rodina_rules::xiangqi::Handicap;
use rodina_rules::{AnyGame, AnyView, NewGame, NewGameError, Outcome, Seat, Start, Variant};
use serde_json::json;

use crate::PositionArgs;

/// What the arguments describe: the true game, or what one seat knows of it.
pub enum Loaded {
    /// The whole state.
    Truth(AnyGame),
    /// One seat's record.
    View(AnyView),
}

/// The new game the arguments name.
fn new_game(args: &PositionArgs, handicap: Option<&str>) -> Result<NewGame, String> {
    let variant: Variant = args.variant.parse().map_err(|e| format!("{e}"))?;
    let handicap = handicap.map(str::parse::<Handicap>).transpose().map_err(|e| format!("{e}"))?;
    let rule_set =
        args.rules.as_deref().map(str::parse::<RuleSet>).transpose().map_err(|e| format!("{e}"))?;
    let start = args.fen.clone().map_or(Start::Usual, Start::Fen);
    Ok(NewGame { variant, start, handicap, rule_set })
}

/// A new game's error in the words of the command line.
fn setup_error(e: NewGameError) -> String {
    match e {
        NewGameError::Fen(e) => format!("bad --fen: {e}"),
        other => other.to_string(),
    }
}

/// The generator of a deal: seeded on request, else the operating system's.
fn deal_rng(args: &PositionArgs) -> StdRng {
    match args.deal_seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    }
}

/// Builds what the arguments describe, then plays the `--moves`. With `for_play`, the result
/// is always a true game: a view is played on from a deal of what its seat cannot know.
pub fn load(args: &PositionArgs, handicap: Option<&str>, for_play: bool) -> Result<Loaded, String> {
    let new = new_game(args, handicap)?;
    let mut rng = deal_rng(args);
    let mut loaded = match AnyView::read(&new, None).map_err(setup_error)? {
        Some(view) => Loaded::View(view),
        None => {
            let game = AnyGame::new(&new, &mut rng).map_err(setup_error)?;
            if args.deal_seed.is_some() && !game.hides_information() {
                return Err(format!("{} has no shuffle", new.variant));
            }
            if game.hides_information() && new.start == Start::Usual && !for_play {
                Loaded::View(game.view(Seat::Spectator))
            } else {
                Loaded::Truth(game)
            }
        }
    };
    for (i, text) in args.moves.iter().enumerate() {
        let played = match &mut loaded {
            Loaded::Truth(game) => game.play_text(text),
            Loaded::View(view) => view.play_text(text),
        };
        played.map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
    }
    if let (true, Loaded::View(view)) = (for_play, &loaded) {
        // Play on from what the view shows; the unknown identities are dealt at random.
        let dealt = NewGame { start: Start::Fen(view.fen()), handicap: None, ..new };
        loaded = Loaded::Truth(AnyGame::new(&dealt, &mut rng).map_err(setup_error)?);
    }
    Ok(loaded)
}

/// The true game the arguments describe, to play on.
pub fn load_game(args: &PositionArgs, handicap: Option<&str>) -> Result<AnyGame, String> {
    match load(args, handicap, true)? {
        Loaded::Truth(game) => Ok(game),
        Loaded::View(_) => Err("only a whole game can be played, not a view of one".into()),
    }
}

impl Loaded {
    /// What everyone may see: perft counts as a spectator would (a reveal branches over
    /// what it can turn up), so any seat's view gives the same figure.
    fn spectator(&self) -> AnyView {
        match self {
            Loaded::Truth(game) => game.view(Seat::Spectator),
            Loaded::View(view) => view.clone(),
        }
    }

    fn legal_move_texts(&self) -> Vec<String> {
        match self {
            Loaded::Truth(game) => game.legal_move_texts(),
            Loaded::View(view) => view.legal_move_texts(),
        }
    }
}

/// `rodina perft`.
pub fn perft(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), String> {
    let view = load(args, None, false)?.spectator();
    if divide && depth >= 1 {
        let mut rows = view.perft_divide(depth);
        rows.sort();
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        for (m, n) in rows {
            println!("{m}: {n}");
        }
        println!();
        println!("{total}");
    } else {
        println!("{}", view.perft(depth));
    }
    Ok(())
}

/// `rodina moves`.
pub fn moves(args: &PositionArgs, as_json: bool) -> Result<(), String> {
    let mut texts = load(args, None, false)?.legal_move_texts();
    texts.sort();
    if as_json {
        println!("{}", json!(texts));
    } else {
        for t in texts {
            println!("{t}");
        }
    }
    Ok(())
}

/// `rodina status`: the FEN, the side to move, check and the outcome; where seats see
/// different things, also the text's form, the moves as the record writes them, and every
/// seat's view (for the whole state) or the seat (for a view).
pub fn status(args: &PositionArgs) -> Result<(), String> {
    let loaded = load(args, None, false)?;
    let (variant, fen, to_move, in_check, outcome) = match &loaded {
        Loaded::Truth(g) => (g.variant(), g.truth_fen(), g.turn(), g.is_check(), g.outcome()),
        Loaded::View(v) => (v.variant(), v.fen(), v.turn(), v.is_check(), v.outcome()),
    };
    let mut out = json!({
        "fen": fen,
        "to_move": variant.color_name(to_move),
        "in_check": in_check,
    });
    if let Some(obj) = out.as_object_mut() {
        match &loaded {
            Loaded::Truth(game) if game.hides_information() => {
                let views: serde_json::Map<String, serde_json::Value> = Seat::ALL
                    .iter()
                    .map(|&s| (s.name_in(variant).to_owned(), json!(game.view_fen(s))))
                    .collect();
                obj.insert("form".into(), json!("full"));
                obj.insert("views".into(), json!(views));
                obj.insert("record".into(), json!(game.move_texts()));
            }
            Loaded::View(view) => {
                if let Some(seat) = view.seat() {
                    obj.insert("form".into(), json!("view"));
                    obj.insert("seat".into(), json!(seat.name_in(variant)));
                    obj.insert("record".into(), json!(view.move_texts()));
                }
            }
            Loaded::Truth(_) => {}
        }
        obj.extend(outcome_fields(variant, outcome));
    }
    println!("{out}");
    Ok(())
}

/// The outcome as `status` writes it: `outcome` (`ongoing`, `win`, `draw`), `winner`, `reason`.
fn outcome_fields(
    variant: Variant,
    outcome: Option<Outcome>,
) -> serde_json::Map<String, serde_json::Value> {
    let mut fields = serde_json::Map::new();
    fields.insert("outcome".into(), json!(outcome.map_or("ongoing", |o| o.kind_str())));
    fields.insert(
        "winner".into(),
        json!(outcome.and_then(|o| o.winner()).map(|c| variant.color_name(c))),
    );
    fields.insert("reason".into(), json!(outcome.map(|o| o.reason_str())));
    fields
}
