//! `rodina`: the Rodina chess family on the command line, for people and for tools.
//!
//! `perft`, `moves`, `status` and `play` take a game name, `--fen FEN` (default: the start
//! position) and `--moves M1 M2 ...` (moves played from it); `match` and `uci` are the bots'
//! programs; `serve` runs the online server. Output is stable so that scripts can read it.

mod book;
mod course;
mod engine;
mod friendly;
mod games;
mod play;
mod puzzles;
mod serve;
mod terminal;
mod uci;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use rodina_engine::{Level, UnknownLevel};
use rodina_rules::{Color, Variant};

/// The Rodina chess family on the command line.
#[derive(Parser, Debug)]
#[command(name = "rodina", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where the position of a subcommand comes from.
#[derive(clap::Args, Debug, Clone)]
pub struct PositionArgs {
    /// The game: one of xiangqi, jieqi, jesonmor, friendly.
    pub variant: String,
    /// Start from this FEN instead of the start position.
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves played from the start position, in the game's move text.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
    /// Jieqi: the rule set (default, nobody_sees_captured, tencent, vietnamese, pychess).
    #[arg(long)]
    pub rules: Option<String>,
    /// Jieqi: seed the shuffle, for a reproducible game (default: the operating system's
    /// secure generator).
    #[arg(long, value_name = "SEED")]
    pub deal_seed: Option<u64>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaf nodes of the legal move tree; the count alone is the last line.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Plies to look ahead.
        depth: u32,
        /// Also print the count below each legal move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one per line, sorted, in the game's coordinate text.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
        /// Print one JSON array instead.
        #[arg(long)]
        json: bool,
    },
    /// Describe the position as one JSON object: FEN, side to move, check and outcome.
    Status {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Play a game in the terminal, two people at one keyboard.
    Play {
        #[command(flatten)]
        position: PositionArgs,
        /// Start with a handicap given by Red (xiangqi: horse, two_horses, cannon, chariot).
        #[arg(long)]
        handicap: Option<String>,
        /// Play against a bot of this level (novice, beginner, casual, intermediate, club,
        /// full; or 1..6).
        #[arg(long, value_name = "LEVEL")]
        bot: Option<String>,
        /// With --bot: the side you play (red/black, white/black, ...); default the first.
        #[arg(long = "as", value_name = "SIDE", requires = "bot")]
        as_side: Option<String>,
        /// With --bot: the bot's seed (default: from the clock, so games differ).
        #[arg(long, requires = "bot")]
        seed: Option<u64>,
    },
    /// Speak the UCI protocol on standard input and output (for GUIs and other engines).
    Uci,
    /// Puzzles: generate a bank, fit a game's score curve.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// The rules courses: list a game's exercises, export them, play one.
    #[command(subcommand)]
    Course(course::CourseCommand),
    /// Run the online server: accounts, invitations and live games over WebSockets, on an
    /// embedded SQLite database (the protocol: core/protocol/PROTOCOL.md).
    Serve(serve::ServeArgs),
    /// Grow an opening book for a game by the engine's own searches and print its lines, in
    /// the form the bots' books take.
    Book {
        /// The game.
        variant: String,
        /// Plies of the longest line.
        #[arg(long, default_value_t = 4)]
        plies: usize,
        /// Nodes searched for each move of each position.
        #[arg(long, default_value_t = 200_000)]
        nodes: u64,
        /// Centipawns a kept move may score below the best.
        #[arg(long, default_value_t = 25)]
        margin: i32,
        /// Moves kept per position at most.
        #[arg(long, default_value_t = 3)]
        keep: usize,
    },
    /// Play two bots (levels, or external UCI engines) against each other and print the score
    /// and the Elo difference.
    Match {
        /// The game.
        variant: String,
        /// Player A: a level (club), a level with changed settings (full/movetime=100,
        /// full/nodes=200000, club/depth=4, casual/noise=40/blind=50, club/contempt=30), or an external engine
        /// (uci:COMMAND).
        #[arg(long)]
        a: String,
        /// Player B, the same way.
        #[arg(long)]
        b: String,
        /// Games to play; pairs of games share an opening with colours swapped.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Seed of the openings and of the bots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Plies after which a game is adjudicated a draw.
        #[arg(long, default_value_t = 400)]
        max_plies: usize,
        /// Games played at the same time.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// The go command for UCI players.
        #[arg(long, default_value = "movetime 100")]
        uci_go: String,
        /// An option for UCI players, NAME=VALUE (repeatable).
        #[arg(long)]
        uci_option: Vec<String>,
        /// Print the moves of every game.
        #[arg(long)]
        verbose: bool,
    },
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft { position, depth, divide } => games::perft(&position, depth, divide),
        Command::Moves { position, json } => games::moves(&position, json),
        Command::Status { position } => games::status(&position),
        Command::Play { position, handicap, bot, as_side, seed } => {
            let game = games::load_game(&position, handicap.as_deref())?;
            let bot = match bot {
                None => None,
                Some(level) => {
                    let level: Level = level.parse().map_err(|e: UnknownLevel| e.to_string())?;
                    let variant = game.variant();
                    let person = match as_side {
                        Some(s) => {
                            variant.parse_color(&s).ok_or_else(|| format!("unknown side {s:?}"))?
                        }
                        None => Color::White,
                    };
                    let seed = seed.unwrap_or_else(clock_seed);
                    Some(play::BotSeat { color: !person, level, seed })
                }
            };
            play::run(game, bot)
        }
        Command::Uci => uci::run(),
        Command::Puzzles(command) => puzzles::run(command),
        Command::Course(command) => course::run(command),
        Command::Serve(args) => serve::run(args),
        Command::Book { variant, plies, nodes, margin, keep } => {
            let v = variant.parse::<Variant>().map_err(|e| e.to_string())?;
            book::run(v, &rodina_engine::BookOptions { plies, nodes, margin, keep })
        }
        Command::Match {
            variant,
            a,
            b,
            games,
            seed,
            max_plies,
            jobs,
            uci_go,
            uci_option,
            verbose,
        } => {
            let v = variant.parse::<Variant>().map_err(|e| e.to_string())?;
            let opts = engine::MatchOptions {
                a,
                b,
                games,
                seed,
                max_plies,
                jobs,
                uci_go,
                uci_options: uci_option,
                verbose,
            };
            engine::run_match(v, &opts)
        }
    }
}

/// A seed from the clock, for games that should differ from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("rodina: {message}");
            ExitCode::FAILURE
        }
    }
}
