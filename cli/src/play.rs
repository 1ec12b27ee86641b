//! `rodina play`: one game loop for every game, two people at one keyboard or a person
//! against a bot.
//!
//! What differs between the games is asked of [`Terminal`] (how a board looks, how moves are
//! typed); what differs between open games and Jieqi is asked of the rules: where seats may
//! know less than the truth ([`Truth::HIDES_INFORMATION`]), each turn of two people starts
//! behind a hand-over screen, each player sees only their own view, a move is told to its
//! player with what it revealed, and nothing is taken back (a reveal cannot be hidden again).
//! A bot is given its own seat's record only.

use std::io::{self, BufRead, IsTerminal, Write};

use rodina_engine::{Bot, BotGame, Level};
use rodina_rules::{AnyGame, Color, Game, Outcome, Position, Seat, Truth, Variant, with_game};

use crate::terminal::Terminal;

/// A bot at one side of the board.
pub struct BotSeat {
    /// The side the bot plays.
    pub color: Color,
    /// Its level.
    pub level: Level,
    /// The seed its choices follow.
    pub seed: u64,
}

/// Describes an outcome in a sentence: `Red wins (checkmate).`, `Draw (repetition).`
pub fn describe(variant: Variant, outcome: Outcome) -> String {
    let reason = match outcome {
        Outcome::Win { reason, .. } => reason.as_str(),
        Outcome::Draw { reason } => reason.as_str(),
    }
    .replace('_', " ");
    match outcome.winner() {
        Some(w) => format!("{} wins ({reason}).", capitalize(variant.color_name(w))),
        None => format!("Draw ({reason})."),
    }
}

/// `red` -> `Red`.
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// Runs the game loop on standard input and output until the game ends or input ends.
pub fn run(game: AnyGame, bot: Option<BotSeat>) -> Result<(), String> {
    with_game!(game, g => run_game(g, bot))
}

/// Standard input, line by line, with a prompt.
struct Input {
    lines: io::Lines<io::StdinLock<'static>>,
}

impl Input {
    /// Prints `prompt` and reads a line (trimmed); `None` at the end of input.
    fn read(&mut self, prompt: &str) -> Result<Option<String>, String> {
        print!("{prompt}");
        io::stdout().flush().map_err(|e| e.to_string())?;
        match self.lines.next() {
            None => Ok(None),
            Some(l) => {
                l.map(|l| Some(l.trim().to_owned())).map_err(|e| format!("cannot read input: {e}"))
            }
        }
    }
}

fn help<P: Truth>() -> String
where
    P::View: Terminal,
{
    let mut text = format!(
        "{} Commands: a move, `moves` (list legal moves), `undo`, `resign`, `draw` (agreed \
         draw), `help`, `quit`.",
        P::View::input_hint()
    );
    if P::HIDES_INFORMATION {
        text.push_str(" No take-backs: a reveal cannot be hidden again.");
    }
    text
}

fn input_ended() {
    println!();
    println!("Input ended; the game is left unfinished.");
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

/// The board as `seat` sees it, with the last move as that seat knows it.
fn show<P: Truth>(game: &Game<P>, seat: Seat, color: bool)
where
    P::View: Terminal,
{
    let record = game.view(seat);
    println!();
    print!("{}", P::View::draw(&record, color));
    if let Some(ply) = record.plies().last() {
        let n = record.len();
        if let (Some(before), Some(after)) = (record.position_at(n - 1), record.position_at(n)) {
            println!(
                "Last move: {} by {}.",
                P::View::ply_for_people(before, after, &ply.mv),
                P::VARIANT.color_name(before.turn())
            );
        }
    }
}

fn run_game<P: Truth>(mut game: Game<P>, bot: Option<BotSeat>) -> Result<(), String>
where
    P::View: Terminal + BotGame,
{
    let color = io::stdout().is_terminal();
    let mut input = Input { lines: io::stdin().lock().lines() };
    let variant = P::VARIANT;
    let side = |c: Color| capitalize(variant.color_name(c));
    let mut bots = bot.as_ref().map(|b| (b.color, Bot::<P::View>::new(b.level, b.seed)));
    let person = bot.as_ref().map(|b| Seat::Player(!b.color));
    if P::HIDES_INFORMATION && bot.is_none() {
        println!(
            "Rodina: {variant}. Two players at one keyboard: each turn starts behind a hand-over \
             screen, and each of you sees only what you may know."
        );
        println!("{}", help::<P>());
    } else {
        println!("Rodina: {variant}. {}", help::<P>());
    }
    'game: loop {
        if let Some(outcome) = game.outcome() {
            // The end is shown to both: what everyone may see.
            show(&game, person.unwrap_or(Seat::Spectator), color);
            println!("Game over: {}", describe(variant, outcome));
            break;
        }
        let mover = game.turn();
        if let Some((bot_color, b)) = bots.as_mut().filter(|(c, _)| *c == mover) {
            let Some(choice) = b.choose(&game.view(Seat::Player(*bot_color)), None, None) else {
                println!("The bot found no move.");
                break;
            };
            game.play(&choice.mv).map_err(|e| format!("the bot chose an illegal move: {e}"))?;
            // What the person may know of the bot's move.
            let seen = game.view(person.unwrap_or(Seat::Spectator));
            let n = seen.len();
            if let (Some(before), Some(after)) = (seen.position_at(n - 1), seen.position_at(n)) {
                let level = bot.as_ref().map_or(Level::Full, |b| b.level);
                let told = P::View::tell(&seen, &side(*bot_color), false)
                    .map(|t| format!(" {t}"))
                    .unwrap_or_default();
                println!(
                    "{} / {} ({}) plays {}.{told}",
                    level.name_en(),
                    level.name_sk(),
                    variant.color_name(*bot_color),
                    P::View::ply_for_people(before, after, &choice.mv)
                );
            }
            continue 'game;
        }
        let hand_over = P::HIDES_INFORMATION && bot.is_none();
        if hand_over {
            clear(color);
            println!("Hand the keyboard to {}.", side(mover));
            let prompt = format!("{}: press Enter when only you can see the screen. ", side(mover));
            if input.read(&prompt)?.is_none() {
                input_ended();
                break;
            }
        }
        // Who looks at the board: the person against a bot, the player to move behind a
        // hand-over screen; in an open game everyone sees the same.
        let seat = person.unwrap_or(if P::HIDES_INFORMATION {
            Seat::Player(mover)
        } else {
            Seat::Spectator
        });
        loop {
            show(&game, seat, color);
            let check = if game.position().is_check() { " (in check)" } else { "" };
            let Some(text) = input.read(&format!("{} to move{check}> ", side(mover)))? else {
                input_ended();
                break 'game;
            };
            match text.as_str() {
                "" => continue,
                "quit" | "exit" => {
                    println!("Game left unfinished.");
                    break 'game;
                }
                "help" | "?" => println!("{}", help::<P>()),
                "moves" => {
                    let view = game.view(seat);
                    let pos = view.position();
                    let mut all: Vec<String> =
                        view.legal_moves().iter().map(|m| pos.move_name(m)).collect();
                    all.sort();
                    println!("{}", all.join(", "));
                }
                "undo" if P::HIDES_INFORMATION => {
                    println!("No take-backs in {variant}: a reveal cannot be hidden again.");
                }
                "undo" => {
                    if game.undo().is_some() {
                        // Against a bot, take back its reply too, so it is the person's turn.
                        if bot.as_ref().is_some_and(|b| b.color == game.turn()) {
                            game.undo();
                        }
                        println!("Took back one move.");
                    } else {
                        println!("No move to take back.");
                    }
                }
                "resign" => {
                    game.resign(mover);
                    continue 'game;
                }
                "draw" => {
                    game.agree_draw();
                    continue 'game;
                }
                _ => {
                    let pos = game.position().clone();
                    let m = match pos.parse_move(&text) {
                        Ok(m) => Ok(m),
                        // Only the beginning of a move: ask for the rest step by step, where
                        // the game has such an input (Friendly chess chains).
                        Err(e) => {
                            let mut ask = |prompt: &str| input.read(prompt).ok().flatten();
                            pos.view(seat)
                                .step_by_step(&text, color, &mut ask)
                                .unwrap_or_else(|| Err(e.to_string()))
                        }
                    };
                    match m.and_then(|m| game.play(&m).map_err(|e| e.to_string())) {
                        Ok(()) => {
                            if !P::HIDES_INFORMATION {
                                continue 'game;
                            }
                            if let Some(told) =
                                P::View::tell(&game.view(Seat::Player(mover)), &side(mover), true)
                            {
                                println!("{told}");
                            }
                            if game.outcome().is_none()
                                && hand_over
                                && input.read("Press Enter to hide the board. ")?.is_none()
                            {
                                input_ended();
                                break 'game;
                            }
                            continue 'game;
                        }
                        Err(e) => println!("Refused: {e}."),
                    }
                }
            }
        }
    }
    // The record as everyone may see it: in Jieqi the reveals, and no identity of a piece
    // taken face down.
    let moves = game.move_texts_for(Seat::Spectator);
    if !moves.is_empty() {
        println!("Moves: {}", moves.join(" "));
    }
    Ok(())
}
