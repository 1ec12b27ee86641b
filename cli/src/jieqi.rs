//! `rodina perft|moves|status|play jieqi`. Jieqi hides identities, so it has its own loading
//! and its own game loop instead of the generic [`crate::games::CliGame`] path:
//!
//! - Without `--fen`, `perft`, `moves` and `status` work on the start as everyone sees it (no
//!   shuffle is needed to know the legal moves); `play` shuffles a new game with the
//!   operating system's secure generator (`--deal-seed N` for a reproducible one).
//! - A full FEN is the true position: `--moves` are coordinates, optionally with the notes of
//!   a game record (`b3b10=Cx(n)`), which must agree with it.
//! - A view FEN is one seat's knowledge: the seat is the first of the side to move, the other
//!   side and a spectator that can hold it; `--moves` must say what each reveal turns up
//!   (`h3e3=C`) and, when that seat captures a face-down piece, what it was (`b3b10=Cx(n)`).
//!   `play` from a view deals the unknown identities at random.
//!
//! `play` is two people at one keyboard: each turn starts behind a hand-over screen, and each
//! player sees only their own view (the identities of the face-down pieces they captured, never
//! those they lost).

use std::io::{self, BufRead, IsTerminal, Write};

use rand::SeedableRng;
use rand::rngs::StdRng;
use rodina_rules::jieqi::{
    Jieqi, JieqiView, MoveEvent, Pool, RuleSet, Rules, Seat, Setup, ViewGame,
};
use rodina_rules::xiangqi::{Move, Role};
use rodina_rules::{Color, Game, Outcome, Position, Variant};
use serde_json::json;

use crate::PositionArgs;

/// A Jieqi game as the command line holds it.
enum Loaded {
    /// The true game (a full FEN, or a game dealt for `play`).
    Truth(Game<Jieqi>),
    /// One seat's record of views (the start, or a view FEN).
    View(ViewGame),
}

fn rules_of(args: &PositionArgs) -> Result<Rules, String> {
    match &args.rules {
        None => Ok(Rules::DEFAULT),
        Some(name) => Ok(name.parse::<RuleSet>()?.rules()),
    }
}

/// The generator of a new shuffle: seeded on request, else the operating system's.
fn rng_of(args: &PositionArgs) -> StdRng {
    match args.deal_seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => StdRng::from_os_rng(),
    }
}

/// Reads a view FEN for the first seat that can hold it.
fn view_from(setup: &Setup, rules: Rules) -> Result<JieqiView, String> {
    let first = Seat::Player(setup.turn);
    let mut error = None;
    for seat in [first, Seat::Player(!setup.turn), Seat::Spectator] {
        match JieqiView::from_setup(setup, seat, rules) {
            Ok(v) => return Ok(v),
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    }
    Err(format!(
        "bad --fen: impossible position: {}",
        error.map_or_else(String::new, |e| e.to_string())
    ))
}

fn load(args: &PositionArgs, for_play: bool) -> Result<Loaded, String> {
    let rules = rules_of(args)?;
    let mut loaded = match &args.fen {
        None if for_play => Loaded::Truth(Game::new(Jieqi::shuffled(&mut rng_of(args), rules))),
        None => Loaded::View(ViewGame::new(JieqiView::start(Seat::Spectator, rules))),
        Some(text) => {
            let setup = Setup::parse(text).map_err(|e| format!("bad --fen: {e}"))?;
            if setup.is_view() {
                Loaded::View(ViewGame::new(view_from(&setup, rules)?))
            } else {
                let p = Jieqi::from_setup(&setup, rules)
                    .map_err(|e| format!("bad --fen: impossible position: {e}"))?;
                Loaded::Truth(Game::new(p))
            }
        }
    };
    for (i, text) in args.moves.iter().enumerate() {
        let err = |e: String| format!("move {} ({text}): {e}", i + 1);
        match &mut loaded {
            Loaded::Truth(game) => {
                let m = game.position().parse_record_move(text).map_err(|e| err(e.to_string()))?;
                game.play(&m).map_err(|e| err(e.to_string()))?;
            }
            Loaded::View(record) => {
                let (m, revealed, captured) =
                    record.view().parse_event(text).map_err(|e| err(e.to_string()))?;
                record.play(m, revealed, captured).map_err(|e| err(e.to_string()))?;
            }
        }
    }
    if for_play {
        if let Loaded::View(record) = &loaded {
            // Play on from what the view shows; the unknown identities are dealt at random.
            let truth = Jieqi::deal(record.view(), &mut rng_of(args));
            loaded = Loaded::Truth(Game::new(truth));
        }
    }
    Ok(loaded)
}

impl Loaded {
    fn legal_moves(&self) -> Vec<Move> {
        match self {
            Loaded::Truth(g) => g.legal_moves(),
            Loaded::View(r) => r.legal_moves(),
        }
    }

    /// The current view to count perft from (perft counts as a spectator would, so any
    /// seat's view gives the same figure).
    fn perft_view(&self) -> JieqiView {
        match self {
            Loaded::Truth(g) => g.position().view(Seat::Spectator),
            Loaded::View(r) => r.view().clone(),
        }
    }
}

/// `rodina perft jieqi`: each move of a face-down piece branches over the identities it can
/// still turn up (see [`JieqiView::perft`]).
pub fn perft_game(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), String> {
    let view = load(args, false)?.perft_view();
    if divide && depth >= 1 {
        let mut rows: Vec<(String, u64)> =
            view.perft_divide(depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
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

/// `rodina moves jieqi`.
pub fn moves_game(args: &PositionArgs, as_json: bool) -> Result<(), String> {
    let mut texts: Vec<String> =
        load(args, false)?.legal_moves().iter().map(Move::to_string).collect();
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

fn outcome_json(outcome: Option<Outcome>) -> serde_json::Value {
    let v = Variant::Jieqi;
    json!({
        "outcome": outcome.map_or("ongoing", |o| o.kind_str()),
        "winner": outcome.and_then(|o| o.winner()).map(|c| v.color_name(c)),
        "reason": outcome.map(|o| o.reason_str()),
    })
}

/// `rodina status jieqi`: the FEN given back in its own form, the side to move, check, the
/// outcome, the moves with what they revealed; for a full FEN also every seat's view FEN.
pub fn status_game(args: &PositionArgs) -> Result<(), String> {
    let v = Variant::Jieqi;
    let mut out = match load(args, false)? {
        Loaded::Truth(game) => {
            let p = game.position();
            let views: serde_json::Map<String, serde_json::Value> =
                Seat::ALL.iter().map(|&s| (s.name().to_owned(), json!(p.view(s).fen()))).collect();
            json!({
                "fen": p.fen(),
                "form": "full",
                "to_move": v.color_name(p.turn()),
                "in_check": p.is_check(),
                "views": views,
                "record": game.plies().iter().filter_map(|ply| ply.position.last_event().map(MoveEvent::text)).collect::<Vec<_>>(),
                "result": outcome_json(game.outcome()),
            })
        }
        Loaded::View(record) => {
            let view = record.view();
            json!({
                "fen": view.fen(),
                "form": "view",
                "seat": view.seat().name(),
                "to_move": v.color_name(view.turn()),
                "in_check": view.is_check(),
                "record": record.plies().iter().map(|p| p.event.text()).collect::<Vec<_>>(),
                "result": outcome_json(record.outcome()),
            })
        }
    };
    // The outcome fields sit at the top level, as for every game.
    if let Some(obj) = out.as_object_mut() {
        if let Some(serde_json::Value::Object(result)) = obj.remove("result") {
            obj.extend(result);
        }
    }
    println!("{out}");
    Ok(())
}

/// `rodina play jieqi`.
pub fn play_game(args: &PositionArgs, handicap: Option<&str>) -> Result<(), String> {
    if handicap.is_some() {
        return Err("jieqi has no handicaps".into());
    }
    let Loaded::Truth(game) = load(args, true)? else {
        return Err("no game to play".into());
    };
    run(game)
}

fn side(c: Color) -> &'static str {
    if c == Color::White { "Red" } else { "Black" }
}

/// Clears the screen (and the scrollback, so nobody scrolls up to the other player's view).
/// When the output is not a terminal, a marked line stands for it.
fn clear(terminal: bool) {
    if terminal {
        print!("\x1b[2J\x1b[3J\x1b[H");
    } else {
        println!(
            "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ screen cleared ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~"
        );
    }
}

fn pool_text(pool: Pool) -> String {
    let parts: Vec<String> =
        pool.iter().map(|(r, n)| format!("{}{n}", r.char().to_ascii_uppercase())).collect();
    if parts.is_empty() { "none".into() } else { parts.join(" ") }
}

/// The board as `view`'s seat sees it, with what it knows beside.
fn draw(view: &JieqiView, color: bool) -> String {
    let last = view.last_event();
    let in_check = view.is_check().then(|| view.general(view.turn()));
    let mut out = crate::games::draw_xiangqi_board(
        |s| view.cell_at(s).map(|c| (c.color(), c.char())),
        last.map(|e| (e.mv.from, e.mv.to)),
        in_check,
        color,
    );
    out.push_str(
        "Red is upper case. X/x face down (moves as the piece of its point). K general, \
         A advisor, B elephant, N horse, R chariot, C cannon, P soldier.\n",
    );
    for c in Color::ALL {
        let lost: Vec<String> =
            view.captured().iter().filter(|p| p.color == c).map(|p| p.token()).collect();
        if !lost.is_empty() {
            out.push_str(&format!(
                "{} has lost: {}   (in brackets: taken face down; x: identity unseen)\n",
                side(c),
                lost.join(" ")
            ));
        }
    }
    out.push_str(&format!(
        "Can still be face down: Red {}; Black {}.\n",
        pool_text(view.pool(Color::White)),
        pool_text(view.pool(Color::Black))
    ));
    if let Some(ev) = last {
        out.push_str(&format!("Last move: {} by {}.\n", ev.text(), side(ev.color)));
    }
    out
}

/// "a horse", "an advisor".
fn a(role: Role) -> String {
    let name = role.name();
    let article = if name.starts_with(['a', 'e']) { "an" } else { "a" };
    format!("{article} {name}")
}

/// What a move did, in words for the player who made it.
fn tell(ev: &MoveEvent) -> String {
    let mut out = format!("You played {}.", ev.mv);
    if let Some(r) = ev.revealed {
        out.push_str(&format!(" It turned up {}.", a(r)));
    }
    if let Some(c) = ev.captured {
        out.push_str(&match (c.face_down, c.role) {
            (true, Some(r)) => format!(" You took a face-down piece: {}. Only you know.", a(r)),
            (true, None) => " You took a face-down piece; nobody sees what it was.".to_owned(),
            (false, Some(r)) => format!(" You took {}.", a(r)),
            (false, None) => " You took a piece.".to_owned(),
        });
    }
    out
}

const HELP: &str = "Commands: a move (h3e3), `moves`, `resign`, `draw` (agreed), `help`, `quit`. \
No take-backs: a reveal cannot be hidden again.";

/// The pass-and-play loop on standard input and output.
/// `rodina play jieqi --bot LEVEL`: one person against a bot that decides from its own view.
pub fn play_with_bot(
    args: &PositionArgs,
    level: rodina_engine::Level,
    bot_color: Color,
    seed: u64,
) -> Result<(), String> {
    let Loaded::Truth(game) = load(args, true)? else {
        return Err("no game to play".into());
    };
    let bot = rodina_engine::JieqiBot::new(level, seed);
    run_with_bot(game, Some((bot_color, bot, level)))
}

fn run(game: Game<Jieqi>) -> Result<(), String> {
    run_with_bot(game, None)
}

/// The game loop. With a bot there is one person, so no hand-over screen: the person always
/// sees their own view, and the bot is given only its view.
fn run_with_bot(
    mut game: Game<Jieqi>,
    mut bot: Option<(Color, rodina_engine::JieqiBot, rodina_engine::Level)>,
) -> Result<(), String> {
    let terminal = io::stdout().is_terminal();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout();
    let mut read = |prompt: &str| -> Result<Option<String>, String> {
        print!("{prompt}");
        out.flush().map_err(|e| e.to_string())?;
        match lines.next() {
            None => Ok(None),
            Some(l) => {
                l.map(|l| Some(l.trim().to_owned())).map_err(|e| format!("cannot read input: {e}"))
            }
        }
    };
    println!(
        "Rodina: jieqi. Two players at one keyboard: each turn starts behind a hand-over screen, \
         and each of you sees only what you may know."
    );
    println!("{HELP}");
    'game: loop {
        if let Some(outcome) = game.outcome() {
            // The end is shown to both: what everyone may see.
            println!();
            print!("{}", draw(&game.position().view(Seat::Spectator), terminal));
            println!("Game over: {}", crate::play::describe(game.position(), outcome));
            break;
        }
        let mover = game.position().turn();
        let seat = Seat::Player(mover);
        if let Some((color, b, level)) = bot.as_mut().filter(|(c, ..)| *c == mover) {
            let record = ViewGame::from_game(&game, Seat::Player(*color));
            let Some(choice) = b.choose(&record, None, None) else {
                println!("The bot found no move.");
                break;
            };
            game.play(&choice.mv).map_err(|e| format!("the bot chose an illegal move: {e}"))?;
            // What the person sees of the bot's move.
            if let Some(ev) = game.position().view(Seat::Player(!*color)).last_event() {
                println!(
                    "{} / {} ({}): {}",
                    level.name_en(),
                    level.name_sk(),
                    side(*color),
                    tell(ev)
                );
            }
            continue 'game;
        }
        if bot.is_none() {
            clear(terminal);
            println!("Hand the keyboard to {}.", side(mover));
            let prompt = format!("{}: press Enter when only you can see the screen. ", side(mover));
            if read(&prompt)?.is_none() {
                println!();
                println!("Input ended; the game is left unfinished.");
                break;
            }
        }
        loop {
            let pos = game.position().clone();
            let view = pos.view(seat);
            println!();
            print!("{}", draw(&view, terminal));
            let check = if view.is_check() { " (in check)" } else { "" };
            let Some(text) = read(&format!("{} to move{check}> ", side(mover)))? else {
                println!();
                println!("Input ended; the game is left unfinished.");
                break 'game;
            };
            match text.as_str() {
                "" => continue,
                "quit" | "exit" => {
                    println!("Game left unfinished.");
                    break 'game;
                }
                "help" | "?" => println!("{HELP}"),
                "undo" => println!("No take-backs in Jieqi: a reveal cannot be hidden again."),
                "moves" => {
                    let mut all: Vec<String> =
                        game.legal_moves().iter().map(Move::to_string).collect();
                    all.sort();
                    println!("{}", all.join(", "));
                }
                "resign" => {
                    game.resign(mover);
                    continue 'game;
                }
                "draw" => {
                    game.agree_draw();
                    continue 'game;
                }
                _ => match pos.parse_move(&text) {
                    Ok(m) => match game.play(&m) {
                        Ok(()) => {
                            if let Some(ev) = game.position().view(seat).last_event() {
                                println!("{}", tell(ev));
                            }
                            if game.outcome().is_none()
                                && bot.is_none()
                                && read("Press Enter to hide the board. ")?.is_none()
                            {
                                println!();
                                println!("Input ended; the game is left unfinished.");
                                break 'game;
                            }
                            continue 'game;
                        }
                        Err(e) => println!("Refused: {e}."),
                    },
                    Err(e) => println!("Refused: {e}."),
                },
            }
        }
    }
    // The record as everyone may see it: reveals, and no identity of a piece taken face down.
    let record = ViewGame::from_game(&game, Seat::Spectator);
    let moves: Vec<String> = record.plies().iter().map(|p| p.event.text()).collect();
    if !moves.is_empty() {
        println!("Moves: {}", moves.join(" "));
    }
    Ok(())
}
