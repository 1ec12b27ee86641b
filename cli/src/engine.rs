//! `rodina match`: bots (levels, or external UCI engines) against each other, written once
//! for every game. Each player is given its own seat's record only.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rodina_engine::elo::Tally;
use rodina_engine::{Bot, BotGame, Level, LevelSettings, Limits, Request, Searcher, Settings};
use rodina_rules::random::mix64;
use rodina_rules::{
    AnyGame, Color, Game, NewGame, Outcome, Position, Seat, Truth, Variant, with_game,
};

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
    tournament(variant, opts)
}

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

/// A player during one game, given its own seat's record only. External engines live as long
/// as the worker that plays the games (a new game is announced with `ucinewgame`), so that
/// start-up costs (a WASM engine compiling itself) fall outside the games.
enum Player<'e, V: BotGame> {
    Bot { bot: Box<Bot<V>>, time: Option<Duration> },
    Uci(&'e mut UciEngine),
}

impl<'e, V: BotGame> Player<'e, V> {
    fn new(
        spec: &Spec,
        seed: u64,
        opts: &MatchOptions,
        engine: &'e mut Option<UciEngine>,
    ) -> Result<Self, String> {
        Ok(match spec {
            Spec::Level { level, time, .. } => {
                let s = spec.settings(V::VARIANT)?;
                Player::Bot { bot: Box::new(Bot::with_settings(*level, s, seed)), time: *time }
            }
            Spec::Uci { command } => {
                // A running engine is reused; one that fails to answer is replaced.
                let fresh = match engine.take().map(|mut e| e.new_game().map(|()| e)) {
                    Some(Ok(e)) => e,
                    _ => UciEngine::start(command, V::VARIANT, &opts.uci_options)?,
                };
                Player::Uci(engine.insert(fresh))
            }
        })
    }

    fn choose(
        &mut self,
        record: &Game<V>,
        opts: &MatchOptions,
    ) -> Result<<V as Position>::Move, String> {
        match self {
            Player::Bot { bot, time } => bot
                .choose(record, *time, None)
                .map(|b| b.mv)
                .ok_or_else(|| "the bot found no move".to_owned()),
            Player::Uci(engine) => engine.choose(record, &opts.uci_go),
        }
    }
}

/// An external engine spoken to over UCI.
pub(crate) struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl UciEngine {
    pub(crate) fn start(
        command: &str,
        variant: Variant,
        options: &[String],
    ) -> Result<UciEngine, String> {
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
    pub(crate) fn new_game(&mut self) -> Result<(), String> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.wait_for("readyok").map(|_| ())
    }

    pub(crate) fn send(&mut self, line: &str) -> Result<(), String> {
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

    /// Reads the engine's lines up to `bestmove`, passing each to `each`.
    pub(crate) fn read_until_bestmove(
        &mut self,
        mut each: impl FnMut(&str),
    ) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("engine ended before bestmove".into());
            }
            if line.starts_with("bestmove") {
                return Ok(line.trim().to_owned());
            }
            each(line.trim());
        }
    }

    /// Asks for a move in the seat's record: its start's FEN and its moves as the record
    /// writes them (for Jieqi, a view FEN and moves that say what they revealed).
    fn choose<V: BotGame>(
        &mut self,
        record: &Game<V>,
        go: &str,
    ) -> Result<<V as Position>::Move, String> {
        self.go_from(record, go)?;
        let line = self.wait_for("bestmove")?;
        let text = line.split_whitespace().nth(1).unwrap_or("(none)");
        if text == "(none)" {
            // The engine thinks the game is over already. Under rule sets that end a game a
            // ply earlier than ours (Fairy-Stockfish's Jeson Mor centre rule) it has won; it
            // then gets the move that wins under our rules, if there is one.
            let me = record.turn();
            return record
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let mut g = record.clone();
                    g.play(m).is_ok() && g.outcome().and_then(|o| o.winner()) == Some(me)
                })
                .ok_or_else(|| "the engine has no move".to_owned());
        }
        record.position().parse_move(text).map_err(|e| format!("engine move {text}: {e}"))
    }
}

impl UciEngine {
    /// Sends the position `record` has reached (its start's FEN and its moves as the record
    /// writes them) and `go` with `limit`.
    fn go_from<V: BotGame>(&mut self, record: &Game<V>, limit: &str) -> Result<(), String> {
        let mut cmd = format!("position fen {}", record.start().fen());
        let moves = record.move_texts();
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        self.send(&cmd)?;
        self.send(&format!("go {limit}"))
    }
}

impl UciEngine {
    /// Asks for a move from the position `record` has reached, with its score: the last
    /// `score cp` the engine reported (`None` for a mate score or none at all).
    fn think<P: Truth<View = P> + BotGame>(
        &mut self,
        record: &Game<P>,
        go: &str,
    ) -> Result<(<P as Position>::Move, Option<i32>), String> {
        self.go_from(record, go)?;
        let mut score = None;
        let line = self.read_until_bestmove(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "score") {
                score = match (words.get(at + 1), words.get(at + 2)) {
                    (Some(&"cp"), Some(v)) => v.parse().ok(),
                    _ => None,
                };
            }
        })?;
        let text = line.split_whitespace().nth(1).unwrap_or("(none)");
        let mv =
            record.position().parse_move(text).map_err(|e| format!("engine move {text}: {e}"))?;
        Ok((mv, score))
    }
}

/// Plays `games` games of an outside UCI engine against itself (`go` and `limit`, such as
/// `movetime 50` or `nodes 20000`), from the
/// openings `rodina match` uses, and fits the score-to-win-chance curve to its own scores and
/// the results: `k` and the positions it rests on. The judge of a bank reads that engine's
/// scores on their own curve, as the generator reads ours (chess's constant belongs to chess).
pub fn fit_engine(
    variant: Variant,
    command: &str,
    games: usize,
    limit: &str,
    seed: u64,
    threads: usize,
) -> Result<(f64, usize), String> {
    match variant {
        Variant::Xiangqi => {
            fit_engine_game::<rodina_rules::Xiangqi>(variant, command, games, limit, seed, threads)
        }
        Variant::JesonMor => {
            fit_engine_game::<rodina_rules::JesonMor>(variant, command, games, limit, seed, threads)
        }
        _ => Err(format!("{} is not played by the outside engine as we play it", variant.name())),
    }
}

fn fit_engine_game<P: Truth<View = P> + BotGame>(
    variant: Variant,
    command: &str,
    games: usize,
    limit: &str,
    seed: u64,
    threads: usize,
) -> Result<(f64, usize), String> {
    let samples = rodina_puzzles::generate::over_jobs(
        games,
        threads,
        || UciEngine::start(command, variant, &[]),
        |uci, index| {
            let start = P::set_up(
                &rodina_rules::Start::Usual,
                &P::Options::default(),
                &mut rand::rngs::StdRng::seed_from_u64(seed),
            )
            .map_err(|e| e.to_string())?;
            let mut game = Game::new(start);
            opening(&mut game, index, seed);
            uci.new_game()?;
            let mut scored = Vec::new();
            while game.outcome().is_none() && game.len() < 300 {
                let (mv, score) = uci.think(&game, limit)?;
                if let Some(s) = score {
                    scored.push((game.turn(), s));
                }
                game.play(&mv).map_err(|e| format!("engine move: {e}"))?;
            }
            let Some(outcome) = game.outcome() else { return Ok(Vec::new()) };
            Ok(rodina_puzzles::winchance::samples_of(scored, outcome.winner()))
        },
    )?;
    let k = rodina_puzzles::winchance::fit(&samples).ok_or("no finished game to fit to")?;
    Ok((k, samples.len()))
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// Plays the opening of game pair `index` on `game`: a book line cut after 2 to 5 plies, then
/// a few moves of a noisy shallow search, so that openings vary but stay sensible. A game
/// that deals varies by its deal, and gets no opening moves.
fn opening<P: Truth>(game: &mut Game<P>, index: usize, seed: u64)
where
    P::View: BotGame,
{
    if P::HIDES_INFORMATION {
        return;
    }
    let mut r = mix64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut next = || {
        r = mix64(r);
        r
    };
    let book = P::View::book();
    let mut extra = 4;
    if !book.is_empty() {
        let line = book[(next() % book.len() as u64) as usize];
        let take = 2 + (next() % 4) as usize;
        for text in line.split_whitespace().take(take) {
            if game.play_text(text).is_err() {
                break;
            }
        }
        extra = 2;
    }
    let mut searcher = Searcher::<P::View>::new(1 << 16);
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
        let view = game.position().view(Seat::Spectator);
        let result = searcher.search(&Request::new(&view, Limits::depth(2)), |_| {});
        let Some(m) = result.best else { break };
        if game.play(&m).is_err() {
            break;
        }
    }
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
    /// Wall time each player (A, B) spent choosing its moves, and how many it chose: under a
    /// fixed time per move, whether each uses what it is given.
    think: [(Duration, u32); 2],
}

/// Plays the games of a match on `opts.jobs` threads and prints each result and the tally.
fn tournament(variant: Variant, opts: &MatchOptions) -> Result<(), String> {
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
                let report = play_one(i, &specs, variant, &opts, &mut engines);
                if tx.send(report).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    let mut tally = Tally::default();
    let mut done = 0;
    let mut think = [(Duration::ZERO, 0u32); 2];
    for report in rx {
        let r = report?;
        done += 1;
        for (total, game) in think.iter_mut().zip(r.think) {
            total.0 += game.0;
            total.1 += game.1;
        }
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
    let per_move =
        |(total, moves): (Duration, u32)| total.as_secs_f64() * 1000.0 / f64::from(moves.max(1));
    println!("time per move: A {:.1} ms, B {:.1} ms", per_move(think[0]), per_move(think[1]));
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

/// One game of a match: its start (Jieqi: a shuffle, the same for both games of a pair,
/// colours swapped) and opening, then each player given its own seat's record.
fn play_one(
    index: usize,
    specs: &[Spec; 2],
    variant: Variant,
    opts: &MatchOptions,
    engines: &mut [Option<UciEngine>; 2],
) -> Result<GameReport, String> {
    let pair = index / 2;
    let mut rng = rand::rngs::StdRng::seed_from_u64(mix64(opts.seed ^ pair as u64));
    let start = AnyGame::new(&NewGame::usual(variant), &mut rng).map_err(|e| e.to_string())?;
    with_game!(start, game => play_from(game, index, specs, opts, engines))
}

fn play_from<P: Truth>(
    mut game: Game<P>,
    index: usize,
    specs: &[Spec; 2],
    opts: &MatchOptions,
    engines: &mut [Option<UciEngine>; 2],
) -> Result<GameReport, String>
where
    P::View: BotGame,
{
    let a_first = index % 2 == 0;
    let seed_a = mix64(opts.seed ^ (index as u64) << 1);
    let seed_b = mix64(opts.seed ^ ((index as u64) << 1 | 1));
    let [slot_a, slot_b] = engines;
    let mut a = Player::<P::View>::new(&specs[0], seed_a, opts, slot_a)?;
    let mut b = Player::<P::View>::new(&specs[1], seed_b, opts, slot_b)?;
    opening(&mut game, index / 2, opts.seed);
    let a_color = if a_first { Color::White } else { Color::Black };
    let mut outcome: Option<Outcome> = None;
    let mut reason = String::new();
    let mut think = [(Duration::ZERO, 0u32); 2];
    while outcome.is_none() {
        if let Some(o) = game.outcome() {
            outcome = Some(o);
            break;
        }
        if game.len() >= opts.max_plies {
            reason = "adjudicated (move limit)".into();
            break;
        }
        let to_move = game.turn();
        let player = if to_move == a_color { &mut a } else { &mut b };
        let who = if to_move == a_color { "A" } else { "B" };
        let view = game.view(Seat::Player(to_move));
        let thinking = Instant::now();
        let chosen = player.choose(&view, opts);
        let spent = &mut think[usize::from(to_move != a_color)];
        spent.0 += thinking.elapsed();
        spent.1 += 1;
        let played = chosen
            .map_err(|e| format!("{who} failed: {e}"))
            .and_then(|m| game.play(&m).map_err(|e| format!("{who} played an illegal move: {e}")));
        if let Err(e) = played {
            // A player that fails to move, or moves illegally, loses the game.
            reason = e;
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
    // The record as everyone may see it (no identity of a piece taken face down).
    let moves = game.move_texts_for(Seat::Spectator).join(" ");
    Ok(GameReport { index, score_a, a_first, plies: game.len(), reason, moves, think })
}

#[cfg(test)]
mod tests {
    use rodina_rules::Xiangqi;

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
        let (mut a, mut b) = (Game::new(Xiangqi::new()), Game::new(Xiangqi::new()));
        opening(&mut a, 0, 1);
        opening(&mut b, 1, 1);
        assert!(a.len() >= 4);
        assert_ne!(a.move_texts(), b.move_texts());
        // Played with checks, so every opening move was legal.
        let mut g = Game::new(Xiangqi::new());
        for text in a.move_texts() {
            g.play_text(&text).expect("legal opening move");
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
            let r = play_one(i, &specs, Variant::Xiangqi, &opts, &mut engines).expect("game");
            assert!(r.plies > 0);
        }
    }
}
