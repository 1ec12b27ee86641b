//! The subcommands that use the bots: `play --bot` and `match`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use rodina_engine::elo::Tally;
use rodina_engine::{Bot, BotGame, Level, LevelSettings, Limits, Request, Searcher, Settings};
use rodina_rules::random::mix64;
use rodina_rules::{Color, Friendly, Game, JesonMor, Outcome, Position, Variant, Xiangqi};

use crate::PositionArgs;
use crate::games::{CliGame, load};

/// The move type of a game.
type Mv<P> = <P as Position>::Move;

macro_rules! dispatch_engine {
    ($variant:expr, $f:ident ( $($arg:expr),* )) => {
        match $variant {
            Variant::Xiangqi => $f::<Xiangqi>($($arg),*),
            Variant::JesonMor => $f::<JesonMor>($($arg),*),
            Variant::Friendly => $f::<Friendly>($($arg),*),
            #[allow(unreachable_patterns)]
            other => Err(format!("the bots do not play {other} yet")),
        }
    };
}

/// `rodina play --bot LEVEL [--as SIDE]`.
pub fn play(
    variant: Variant,
    args: &PositionArgs,
    handicap: Option<&str>,
    level: &str,
    side: Option<&str>,
    seed: Option<u64>,
) -> Result<(), String> {
    let level: Level = level.parse().map_err(|e: rodina_engine::UnknownLevel| e.to_string())?;
    let person = match side {
        Some(s) => variant.parse_color(s).ok_or_else(|| format!("unknown side {s:?}"))?,
        None => Color::White,
    };
    let seed = seed.unwrap_or_else(clock_seed);
    if variant == Variant::Jieqi {
        if handicap.is_some() {
            return Err("jieqi has no handicaps".into());
        }
        return crate::jieqi::play_with_bot(args, level, !person, seed);
    }
    dispatch_engine!(variant, play_game(args, handicap, level, !person, seed))
}

fn play_game<P: CliGame + BotGame>(
    args: &PositionArgs,
    handicap: Option<&str>,
    level: Level,
    bot_color: Color,
    seed: u64,
) -> Result<(), String> {
    let game = load::<P>(args, handicap)?;
    let mut bot = Bot::<P>::new(level, seed);
    let seat = crate::play::BotSeat {
        color: bot_color,
        name: format!("{} / {}", level.name_en(), level.name_sk()),
        choose: Box::new(move |g: &Game<P>| bot.choose(g, None, None).map(|b| b.mv)),
    };
    crate::play::run_with_bot(game, Some(seat))
}

/// A seed from the clock, for games that should differ from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// Options of `rodina match`.
#[derive(Clone, Debug)]
pub struct MatchOptions {
    /// The first player: a level (`club`, `full/movetime=100`, `full/nodes=50000`) or
    /// `uci:COMMAND`.
    pub a: String,
    /// The second player, the same way.
    pub b: String,
    /// Games to play (pairs of games share an opening, with colours swapped).
    pub games: usize,
    /// Seed of openings and bot seeds.
    pub seed: u64,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    /// Games played at once.
    pub jobs: usize,
    /// The `go` command sent to UCI players.
    pub uci_go: String,
    /// `NAME=VALUE` options sent to UCI players.
    pub uci_options: Vec<String>,
    /// Print every game's moves.
    pub verbose: bool,
}

/// `rodina match`.
pub fn run_match(variant: Variant, opts: &MatchOptions) -> Result<(), String> {
    if variant == Variant::Jieqi {
        return tournament(variant, opts, play_one_jieqi);
    }
    dispatch_engine!(variant, match_game(opts))
}

/// Plays one game of a match: its index, the players, the variant, the options and the
/// worker's running external engines.
type PlayOne = fn(
    usize,
    &[Spec; 2],
    Variant,
    &MatchOptions,
    &mut [Option<UciEngine>; 2],
) -> Result<GameReport, String>;

/// Who plays: a bot of this program or an external UCI engine.
#[derive(Clone, Debug)]
enum Spec {
    Level {
        level: Level,
        nodes: Option<u64>,
        depth: Option<u32>,
        time: Option<Duration>,
        noise: Option<i32>,
        blind: Option<u32>,
        contempt: Option<i32>,
    },
    Uci {
        command: String,
    },
}

fn parse_spec(text: &str) -> Result<Spec, String> {
    if let Some(command) = text.strip_prefix("uci:") {
        return Ok(Spec::Uci { command: command.to_owned() });
    }
    let mut parts = text.split('/');
    let level = parts.next().unwrap_or_default().parse::<Level>().map_err(|e| e.to_string())?;
    let (mut nodes, mut depth, mut time, mut noise, mut blind, mut contempt) =
        (None, None, None, None, None, None);
    for p in parts {
        let (k, v) = p.split_once('=').ok_or_else(|| format!("bad player option {p:?}"))?;
        if k == "contempt" {
            // The one option that may be negative (a bot that seeks draws).
            contempt = Some(v.parse().map_err(|_| format!("bad number in {p:?}"))?);
            continue;
        }
        let n: u64 = v.parse().map_err(|_| format!("bad number in {p:?}"))?;
        match k {
            "nodes" => nodes = Some(n),
            "depth" => depth = Some(n as u32),
            "movetime" => time = Some(Duration::from_millis(n)),
            "noise" => noise = Some(n as i32),
            "blind" => blind = Some(n as u32),
            _ => {
                return Err(format!(
                    "unknown player option {k:?} (nodes, depth, movetime, noise, blind, contempt)"
                ));
            }
        }
    }
    Ok(Spec::Level { level, nodes, depth, time, noise, blind, contempt })
}

impl Spec {
    /// A level player's settings in `variant`: the level's, with the options given. A time
    /// limit without a node count lifts the node budget (the clock decides).
    fn settings(&self, variant: Variant) -> Result<LevelSettings, String> {
        let Spec::Level { level, nodes, depth, time, noise, blind, contempt } = self else {
            return Err(format!("{} is an external engine, not a level", self.name()));
        };
        let mut s = level.settings(variant);
        if nodes.is_some() || time.is_some() {
            s.nodes = nodes.unwrap_or(u64::MAX);
        }
        s.depth = depth.or(s.depth);
        s.eval_noise = noise.unwrap_or(s.eval_noise);
        s.blind_per_mille = blind.unwrap_or(s.blind_per_mille);
        s.contempt = contempt.unwrap_or(s.contempt);
        Ok(s)
    }

    fn name(&self) -> String {
        match self {
            Spec::Level { level, nodes, depth, time, noise, blind, contempt } => {
                let mut name = level.id().to_owned();
                for (k, v) in [
                    ("nodes", nodes.map(|n| n.to_string())),
                    ("depth", depth.map(|n| n.to_string())),
                    ("movetime", time.map(|t| t.as_millis().to_string())),
                    ("noise", noise.map(|n| n.to_string())),
                    ("blind", blind.map(|n| n.to_string())),
                    ("contempt", contempt.map(|n| n.to_string())),
                ] {
                    if let Some(v) = v {
                        name.push_str(&format!("/{k}={v}"));
                    }
                }
                name
            }
            Spec::Uci { command } => command.split_whitespace().last().unwrap_or("uci").to_owned(),
        }
    }
}

/// A player during one game. External engines live as long as the worker that plays the
/// games (a new game is announced with `ucinewgame`), so that start-up costs (a WASM engine
/// compiling itself) fall outside the games.
enum Player<'e, P: BotGame> {
    Bot { bot: Box<Bot<P>>, time: Option<Duration> },
    Uci(&'e mut UciEngine),
}

impl<'e, P: BotGame> Player<'e, P> {
    fn new(
        spec: &Spec,
        variant: Variant,
        seed: u64,
        opts: &MatchOptions,
        engine: &'e mut Option<UciEngine>,
    ) -> Result<Self, String> {
        Ok(match spec {
            Spec::Level { level, time, .. } => {
                let s = spec.settings(variant)?;
                Player::Bot { bot: Box::new(Bot::with_settings(*level, s, seed)), time: *time }
            }
            Spec::Uci { command } => {
                // A running engine is reused; one that fails to answer is replaced.
                let fresh = match engine.take().map(|mut e| e.new_game().map(|()| e)) {
                    Some(Ok(e)) => e,
                    _ => UciEngine::start(command, variant, &opts.uci_options)?,
                };
                Player::Uci(engine.insert(fresh))
            }
        })
    }

    fn choose(&mut self, game: &Game<P>, opts: &MatchOptions) -> Result<Mv<P>, String> {
        match self {
            Player::Bot { bot, time } => bot
                .choose(game, *time, None)
                .map(|b| b.mv)
                .ok_or_else(|| "the bot found no move".to_owned()),
            Player::Uci(engine) => engine.choose(game, &opts.uci_go),
        }
    }
}

/// An external engine spoken to over UCI.
struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl UciEngine {
    fn start(command: &str, variant: Variant, options: &[String]) -> Result<UciEngine, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {command:?}: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut e = UciEngine { child, stdin, stdout };
        e.send("uci")?;
        e.wait_for("uciok")?;
        e.send(&format!("setoption name UCI_Variant value {}", variant.name()))?;
        for o in options {
            let (k, v) = o.split_once('=').ok_or_else(|| format!("bad --uci-option {o:?}"))?;
            e.send(&format!("setoption name {k} value {v}"))?;
        }
        e.send("isready")?;
        e.wait_for("readyok")?;
        Ok(e)
    }

    /// Announces a new game and waits until the engine is ready for it.
    fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok").map(|_| ())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("engine gone: {e}"))
    }

    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err(format!("engine ended before {prefix}"));
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_owned());
            }
        }
    }

    fn choose<P: BotGame>(&mut self, game: &Game<P>, go: &str) -> Result<Mv<P>, String> {
        let mut moves = Vec::new();
        for (i, ply) in game.plies().iter().enumerate() {
            if let Some(before) = game.position_at(i) {
                moves.push(Position::move_text(before, &ply.mv));
            }
        }
        let mut cmd = format!("position fen {}", game.start().fen());
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        self.send(&cmd)?;
        self.send(&format!("go {go}"))?;
        let line = self.wait_for("bestmove")?;
        let text = line.split_whitespace().nth(1).unwrap_or("(none)");
        if text == "(none)" {
            // The engine thinks the game is over already. Under rule sets that end a game a
            // ply earlier than ours (Fairy-Stockfish's Jeson Mor centre rule) it has won; it
            // then gets the move that wins under our rules, if there is one.
            let me = game.position().turn();
            return game
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let mut g = game.clone();
                    g.play_unchecked(m);
                    g.outcome().and_then(|o| o.winner()) == Some(me)
                })
                .ok_or_else(|| "the engine has no move".to_owned());
        }
        game.position().parse_move(text).map_err(|e| format!("engine move {text}: {e}"))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The start of game pair `index`: a book line cut after 2 to 5 plies, then a few moves of a
/// noisy shallow search, so that openings vary but stay sensible.
fn opening<P: BotGame>(index: usize, seed: u64) -> Vec<Mv<P>> {
    let mut r = mix64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut next = || {
        r = mix64(r);
        r
    };
    let mut game = Game::new(P::start_position());
    let book = P::book();
    let mut extra = 4;
    if !book.is_empty() {
        let line = book[(next() % book.len() as u64) as usize];
        let take = 2 + (next() % 4) as usize;
        for text in line.split_whitespace().take(take) {
            let Ok(m) = game.position().parse_move(text) else { break };
            if game.play(&m).is_err() {
                break;
            }
        }
        extra = 2;
    }
    let mut searcher = Searcher::<P>::new(1 << 16);
    for _ in 0..extra {
        if game.outcome().is_some() {
            break;
        }
        searcher.clear();
        searcher.set_settings(Settings {
            eval_noise: 40,
            blind_per_mille: 0,
            seed: next(),
            contempt: 0,
        });
        let result = searcher.search(&Request::new(game.position(), Limits::depth(2)), |_| {});
        let Some(m) = result.best else { break };
        game.play_unchecked(&m);
    }
    game.moves().cloned().collect()
}

/// One finished game of a match.
struct GameReport {
    index: usize,
    /// 1.0 if A won, 0.5 drawn, 0.0 lost.
    score_a: f64,
    a_first: bool,
    plies: usize,
    reason: String,
    moves: String,
}

fn match_game<P: BotGame>(opts: &MatchOptions) -> Result<(), String> {
    tournament(P::start_position().variant(), opts, play_one::<P>)
}

/// Plays the games of a match on `opts.jobs` threads and prints each result and the tally.
fn tournament(variant: Variant, opts: &MatchOptions, play: PlayOne) -> Result<(), String> {
    let specs = [parse_spec(&opts.a)?, parse_spec(&opts.b)?];
    println!(
        "match {variant}: A = {} vs B = {}, {} games, seed {}",
        opts.a, opts.b, opts.games, opts.seed
    );
    let counter = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<Result<GameReport, String>>();
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..opts.jobs.max(1) {
        let (counter, tx, opts, specs) =
            (Arc::clone(&counter), tx.clone(), opts.clone(), specs.clone());
        workers.push(std::thread::spawn(move || {
            let mut engines: [Option<UciEngine>; 2] = [None, None];
            loop {
                let i = counter.fetch_add(1, Ordering::Relaxed);
                if i >= opts.games {
                    break;
                }
                let report = play(i, &specs, variant, &opts, &mut engines);
                if tx.send(report).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let mut tally = Tally::default();
    let mut done = 0;
    for report in rx {
        let r = report?;
        done += 1;
        match r.score_a {
            s if s > 0.75 => tally.wins += 1,
            s if s < 0.25 => tally.losses += 1,
            _ => tally.draws += 1,
        }
        let result = match r.score_a {
            s if s > 0.75 => "1-0 for A",
            s if s < 0.25 => "0-1 for A",
            _ => "draw",
        };
        println!(
            "game {:>3}: A plays {:<5} {:<10} {:>3} plies, {}{}",
            r.index + 1,
            variant.color_name(if r.a_first { Color::White } else { Color::Black }),
            result,
            r.plies,
            r.reason,
            if opts.verbose { format!("\n  {}", r.moves) } else { String::new() }
        );
        if done % 10 == 0 || done == opts.games {
            let (elo, margin) = tally.elo();
            println!(
                "after {done}: A +{} ={} -{} score {:.1}% Elo {:+.0} ± {:.0}",
                tally.wins,
                tally.draws,
                tally.losses,
                100.0 * tally.score(),
                elo,
                margin
            );
        }
    }
    for w in workers {
        let _ = w.join();
    }
    let (elo, margin) = tally.elo();
    println!(
        "result {variant} {} vs {}: +{} ={} -{} of {} score {:.1}% Elo {:+.0} ± {:.0} (95%) in {:.0} s",
        specs[0].name(),
        specs[1].name(),
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score(),
        elo,
        margin,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn play_one<P: BotGame>(
    index: usize,
    specs: &[Spec; 2],
    variant: Variant,
    opts: &MatchOptions,
    engines: &mut [Option<UciEngine>; 2],
) -> Result<GameReport, String> {
    let pair = index / 2;
    let a_first = index % 2 == 0;
    let seed_a = mix64(opts.seed ^ (index as u64) << 1);
    let seed_b = mix64(opts.seed ^ ((index as u64) << 1 | 1));
    let [slot_a, slot_b] = engines;
    let mut a = Player::<P>::new(&specs[0], variant, seed_a, opts, slot_a)?;
    let mut b = Player::<P>::new(&specs[1], variant, seed_b, opts, slot_b)?;
    let mut game = Game::new(P::start_position());
    for m in opening::<P>(pair, opts.seed) {
        game.play_unchecked(&m);
    }
    let a_color = if a_first { Color::White } else { Color::Black };
    let mut outcome: Option<Outcome> = None;
    let mut reason = String::new();
    while outcome.is_none() {
        if let Some(o) = game.outcome() {
            outcome = Some(o);
            break;
        }
        if game.len() >= opts.max_plies {
            reason = "adjudicated (move limit)".into();
            break;
        }
        let to_move = game.position().turn();
        let player = if to_move == a_color { &mut a } else { &mut b };
        let m = match player.choose(&game, opts) {
            Ok(m) => m,
            Err(e) => {
                // A player that fails to move loses the game.
                reason = format!("{} failed: {e}", if to_move == a_color { "A" } else { "B" });
                outcome = Some(Outcome::Win {
                    winner: !to_move,
                    reason: rodina_rules::WinReason::Resignation,
                });
                break;
            }
        };
        if let Err(e) = game.play(&m) {
            reason = format!(
                "{} played an illegal move: {e}",
                if to_move == a_color { "A" } else { "B" }
            );
            outcome = Some(Outcome::Win {
                winner: !to_move,
                reason: rodina_rules::WinReason::Resignation,
            });
        }
    }
    let score_a = match outcome.and_then(|o| o.winner()) {
        Some(w) if w == a_color => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    if reason.is_empty() {
        reason = outcome.map_or("unfinished".into(), |o| o.reason_str().to_owned());
    }
    let mut texts = Vec::new();
    for (i, ply) in game.plies().iter().enumerate() {
        if let Some(before) = game.position_at(i) {
            texts.push(Position::move_text(before, &ply.mv));
        }
    }
    Ok(GameReport { index, score_a, a_first, plies: game.len(), reason, moves: texts.join(" ") })
}

/// One game of Jieqi between two levels. The true game is shuffled from the match seed (both
/// games of a pair share the shuffle, colours swapped); each bot sees only its own view.
fn play_one_jieqi(
    index: usize,
    specs: &[Spec; 2],
    _variant: Variant,
    opts: &MatchOptions,
    _engines: &mut [Option<UciEngine>; 2],
) -> Result<GameReport, String> {
    use rand::SeedableRng;
    use rodina_engine::JieqiBot;
    use rodina_rules::jieqi::{Jieqi, Rules, Seat, ViewGame};

    let pair = index / 2;
    let a_first = index % 2 == 0;
    let bot = |spec: &Spec, seed: u64| -> Result<JieqiBot, String> {
        let s = spec.settings(Variant::Jieqi).map_err(|_| {
            "jieqi matches are between levels (no UCI engine speaks its views)".to_owned()
        })?;
        Ok(JieqiBot::with_settings(s, seed))
    };
    let mut a = bot(&specs[0], mix64(opts.seed ^ ((index as u64) << 1)))?;
    let mut b = bot(&specs[1], mix64(opts.seed ^ ((index as u64) << 1 | 1)))?;
    let time = |spec: &Spec| match spec {
        Spec::Level { time, .. } => *time,
        Spec::Uci { .. } => None,
    };
    let (time_a, time_b) = (time(&specs[0]), time(&specs[1]));
    let mut rng = rand::rngs::StdRng::seed_from_u64(mix64(opts.seed ^ pair as u64));
    let mut game = Game::new(Jieqi::shuffled(&mut rng, Rules::DEFAULT));
    let a_color = if a_first { Color::White } else { Color::Black };
    let mut reason = String::new();
    while game.outcome().is_none() {
        if game.len() >= opts.max_plies {
            reason = "adjudicated (move limit)".into();
            break;
        }
        let to_move = game.position().turn();
        let record = ViewGame::from_game(&game, Seat::Player(to_move));
        let choice = if to_move == a_color {
            a.choose(&record, time_a, None)
        } else {
            b.choose(&record, time_b, None)
        };
        let Some(m) = choice else {
            return Err("a bot found no move in a game that goes on".into());
        };
        game.play(&m.mv).map_err(|e| format!("a bot chose an illegal move: {e}"))?;
    }
    let outcome = game.outcome();
    let score_a = match outcome.and_then(|o| o.winner()) {
        Some(w) if w == a_color => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    if reason.is_empty() {
        reason = outcome.map_or("unfinished".into(), |o| o.reason_str().to_owned());
    }
    let record = ViewGame::from_game(&game, Seat::Spectator);
    let moves: Vec<String> = record.plies().iter().map(|p| p.event.text()).collect();
    Ok(GameReport { index, score_a, a_first, plies: game.len(), reason, moves: moves.join(" ") })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs() {
        assert!(matches!(
            parse_spec("club"),
            Ok(Spec::Level { level: Level::Club, nodes: None, .. })
        ));
        assert!(matches!(
            parse_spec("full/movetime=100"),
            Ok(Spec::Level { level: Level::Full, time: Some(t), .. }) if t == Duration::from_millis(100)
        ));
        assert!(matches!(parse_spec("uci:node x.js"), Ok(Spec::Uci { .. })));
        let spec = parse_spec("club/contempt=-20").expect("a negative contempt");
        assert!(matches!(spec, Spec::Level { contempt: Some(-20), .. }));
        assert_eq!(spec.name(), "club/contempt=-20");
        assert!(parse_spec("club/contempt=x").is_err());
        assert!(parse_spec("club/nodes=-5").is_err());
        // A time limit lifts the node budget in every game, Jieqi's too.
        for variant in [Variant::Xiangqi, Variant::Jieqi] {
            let timed = parse_spec("full/movetime=100").unwrap().settings(variant).unwrap();
            assert_eq!(timed.nodes, u64::MAX, "{variant}");
            let capped = parse_spec("club/nodes=500/noise=7").unwrap().settings(variant).unwrap();
            assert_eq!((capped.nodes, capped.eval_noise), (500, 7), "{variant}");
        }
        assert!(parse_spec("uci:x").unwrap().settings(Variant::Xiangqi).is_err());
        assert!(parse_spec("club/speed=3").is_err());
        assert!(parse_spec("champion").is_err());
    }

    #[test]
    fn openings_are_legal_and_vary() {
        let a = opening::<Xiangqi>(0, 1);
        let b = opening::<Xiangqi>(1, 1);
        assert!(a.len() >= 4);
        assert_ne!(a, b);
        let mut g = Game::new(Xiangqi::new());
        for m in &a {
            g.play(m).expect("legal opening move");
        }
    }

    #[test]
    fn a_short_match_between_levels_runs() {
        let opts = MatchOptions {
            a: "beginner".into(),
            b: "novice".into(),
            games: 2,
            seed: 3,
            max_plies: 60,
            jobs: 1,
            uci_go: "movetime 10".into(),
            uci_options: vec![],
            verbose: false,
        };
        let specs = [parse_spec(&opts.a).expect("spec"), parse_spec(&opts.b).expect("spec")];
        let mut engines = [None, None];
        for i in 0..2 {
            let r = play_one::<Xiangqi>(i, &specs, Variant::Xiangqi, &opts, &mut engines)
                .expect("game");
            assert!(r.plies > 0);
        }
    }
}
