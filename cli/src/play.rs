//! `rodina play`: a game in the terminal for two people at one keyboard.

use std::io::{self, BufRead, IsTerminal, Write};

use rodina_rules::{Game, Outcome, Position};

use crate::games::CliGame;

const HELP: &str = "Commands: a move, `moves` (list legal moves), `undo`, `resign`, `draw` \
(agreed draw), `help`, `quit`.";

/// Describes an outcome in a sentence.
pub fn describe<P: Position>(pos: &P, outcome: Outcome) -> String {
    let v = pos.variant();
    let reason = match outcome {
        Outcome::Win { reason, .. } => reason.as_str(),
        Outcome::Draw { reason } => reason.as_str(),
    }
    .replace('_', " ");
    match outcome.winner() {
        Some(w) => format!("{} wins ({reason}).", capitalize(v.color_name(w))),
        None => format!("Draw ({reason})."),
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// Chooses a bot's move in the game's current position.
pub type ChooseMove<P> = Box<dyn FnMut(&Game<P>) -> Option<<P as Position>::Move>>;

/// A bot sitting at one side of the board in `rodina play`.
pub struct BotSeat<P: CliGame> {
    /// The side the bot plays.
    pub color: rodina_rules::Color,
    /// What people see as the bot's name (`Club player`).
    pub name: String,
    /// Chooses the bot's move in the game's current position.
    pub choose: ChooseMove<P>,
}

/// Runs the game loop on standard input and output until the game ends or input ends.
pub fn run<P: CliGame>(game: Game<P>) -> Result<(), String> {
    run_with_bot(game, None)
}

/// Runs the game loop with a bot playing one side (if given): the bot moves whenever it is
/// its turn; `undo` takes back the bot's reply along with the person's move.
pub fn run_with_bot<P: CliGame>(
    mut game: Game<P>,
    mut bot: Option<BotSeat<P>>,
) -> Result<(), String> {
    let color = io::stdout().is_terminal();
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = io::stdout();
    let v = game.position().variant();
    println!("Rodina: {v}. {} {HELP}", P::input_hint());
    loop {
        let pos = game.position().clone();
        let last = game.plies().last().map(|p| &p.mv);
        println!();
        print!("{}", pos.draw(last, color));
        if let (Some(ply), Some(before)) =
            (game.plies().last(), game.position_at(game.len().saturating_sub(1)))
        {
            println!(
                "Last move: {} by {}.",
                before.move_for_people(&ply.mv),
                v.color_name(before.turn())
            );
        }
        if let Some(outcome) = game.outcome() {
            println!("Game over: {}", describe(&pos, outcome));
            break;
        }
        if let Some(seat) = bot.as_mut().filter(|b| b.color == pos.turn()) {
            let Some(m) = (seat.choose)(&game) else {
                println!("The bot found no move.");
                break;
            };
            println!(
                "{} ({}) plays {}.",
                seat.name,
                v.color_name(seat.color),
                pos.move_for_people(&m)
            );
            game.play(&m).map_err(|e| format!("the bot chose an illegal move: {e}"))?;
            continue;
        }
        let side = capitalize(v.color_name(pos.turn()));
        let check = if pos.is_check() { " (in check)" } else { "" };
        print!("{side} to move{check}> ");
        out.flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            println!();
            println!("Input ended; the game is left unfinished.");
            break;
        };
        let line = line.map_err(|e| format!("cannot read input: {e}"))?;
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "exit" => {
                println!("Game left unfinished.");
                break;
            }
            "help" | "?" => println!("{} {HELP}", P::input_hint()),
            "moves" => {
                let mut all: Vec<String> =
                    game.legal_moves().iter().map(|m| pos.move_for_people(m)).collect();
                all.sort();
                println!("{}", all.join(", "));
            }
            "undo" => match game.undo() {
                Some(_) => {
                    // Against a bot, take back its reply too, so it is the person's turn.
                    if bot.as_ref().is_some_and(|b| b.color == game.position().turn()) {
                        game.undo();
                    }
                    println!("Took back one move.");
                }
                None => println!("No move to take back."),
            },
            "resign" => game.resign(pos.turn()),
            "draw" => game.agree_draw(),
            _ => {
                let parsed = pos.parse_move(text).map_err(|e| e.to_string());
                let m = match parsed {
                    Ok(m) => Ok(m),
                    // Only the beginning of a move: ask for the rest step by step, where the
                    // game has such an input (Friendly chess chains).
                    Err(e) => {
                        let mut ask = |prompt: &str| {
                            print!("{prompt}");
                            let _ = io::stdout().flush();
                            lines.next().and_then(Result::ok)
                        };
                        pos.step_by_step(text, color, &mut ask).unwrap_or(Err(e))
                    }
                };
                match m {
                    Ok(m) => {
                        if let Err(e) = game.play(&m) {
                            println!("Refused: {e}.");
                        }
                    }
                    Err(e) => println!("Refused: {e}."),
                }
            }
        }
    }
    let moves: Vec<String> = {
        let mut texts = Vec::new();
        for (i, ply) in game.plies().iter().enumerate() {
            if let Some(before) = game.position_at(i) {
                texts.push(before.move_text(&ply.mv));
            }
        }
        texts
    };
    if !moves.is_empty() {
        println!("Moves: {}", moves.join(" "));
    }
    Ok(())
}
