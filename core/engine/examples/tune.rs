//! Fits an evaluation's numbers to game results (Texel's method): the engine plays itself,
//! quiet positions are kept with the game's result, and the numbers are moved to make
//! `sigmoid(K · evaluation)` predict the results better. Xiangqi's numbers
//! (`rodina_engine::xiangqi::Weights`) by default, Jeson Mor's with `--game jesonmor`.
//!
//! ```text
//! cargo run --release -p rodina-engine --example tune -- play target/tune/xiangqi.data \
//!     --games 4000 --nodes 4000 --seed 1
//! cargo run --release -p rodina-engine --example tune -- fit target/tune/xiangqi.data \
//!     --lambda 1e-6 > target/tune/weights.rs
//! ```
//!
//! `play` writes one position per line, `RESULT FEN` (RESULT 1, 0.5 or 0 for the first player),
//! appending whole games, so a stopped run is resumed by running it again with more `--games`
//! (games already in the file are counted by their `game` lines). `fit` prints the fitted
//! numbers as the Rust text of the game's `WEIGHTS`, and the loss of the games held out (every
//! tenth) before and after, on stderr.
//!
//! Each evaluation is linear in the fitted numbers but for terms that stay as set by hand
//! (Xiangqi's king danger, Jeson Mor's counted win on `e5`); each position's coefficients are
//! measured by changing one number at a time, so the fit reads the evaluation itself and no
//! second copy of it.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rodina_engine::{Bot, BotGame, Level, LevelSettings, jeson_mor, xiangqi};
use rodina_rules::random::mix64;
use rodina_rules::{Color, Game, JesonMor, Outcome, Position, Truth, View, Xiangqi};

/// Plies after which a game is called a draw.
const MAX_PLIES: usize = 300;
/// Plies at the start of a game not kept (book and random moves).
const SKIP_PLIES: usize = 12;
/// The step by which each number is changed to measure its coefficient.
const STEP: i32 = 1000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str, default: &str| -> String {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1).cloned())
            .unwrap_or_else(|| default.to_string())
    };
    let command = match (args.first().map(String::as_str), args.get(1)) {
        (Some("play"), Some(out)) => Command::Play {
            out: out.clone(),
            games: flag("--games", "4000").parse().unwrap_or(4000),
            nodes: flag("--nodes", "4000").parse().unwrap_or(4000),
            seed: flag("--seed", "1").parse().unwrap_or(1),
            threads: flag("--threads", "2").parse().unwrap_or(2),
        },
        (Some("fit"), Some(data)) => Command::Fit {
            data: data.clone(),
            lambda: flag("--lambda", "1e-6").parse().unwrap_or(1e-6),
            epochs: flag("--epochs", "3000").parse().unwrap_or(3000),
        },
        _ => Command::Usage,
    };
    let result = match flag("--game", "xiangqi").as_str() {
        "xiangqi" => command.run::<XiangqiNumbers>(),
        "jesonmor" => command.run::<JesonMorNumbers>(),
        other => Err(format!("no numbers to fit for the game {other:?} (xiangqi, jesonmor)")),
    };
    if let Err(e) = result {
        eprintln!("tune: {e}");
        std::process::exit(1);
    }
}

/// What the command line asks.
enum Command {
    Play { out: String, games: usize, nodes: u64, seed: u64, threads: usize },
    Fit { data: String, lambda: f64, epochs: usize },
    Usage,
}

impl Command {
    fn run<T: Tuned>(self) -> Result<(), String> {
        match self {
            Command::Play { out, games, nodes, seed, threads } => {
                play::<T>(&out, games, nodes, seed, threads)
            }
            Command::Fit { data, lambda, epochs } => fit::<T>(&data, lambda, epochs),
            Command::Usage => Err("usage: tune play OUT [--games N] [--nodes N] [--seed S] \
                 [--threads T] [--game G] | tune fit DATA [--lambda L] [--epochs E] [--game G]"
                .to_string()),
        }
    }
}

/// A game whose evaluation numbers can be fitted.
trait Tuned {
    /// The position the evaluation reads.
    type Pos: Send + Sync + Position + Truth<View = Self::Pos> + BotGame;
    /// The numbers.
    type Numbers: Copy + PartialEq + Sync;
    /// The numbers the engine plays with now: where the fit starts and what it pulls towards.
    const CURRENT: Self::Numbers;
    /// The starting position.
    fn start() -> Self::Pos;
    /// The fitted numbers, flattened.
    fn to_params(w: &Self::Numbers) -> Vec<i32>;
    /// The numbers from their flattened form (the inverse of [`Tuned::to_params`]).
    fn from_params(v: &[i32]) -> Self::Numbers;
    /// The evaluation with `w`, from the side to move's point of view.
    fn evaluate(pos: &Self::Pos, w: &Self::Numbers) -> i32;
    /// Whether a position of a self-play game (between two quiet moves) is kept: not in the
    /// middle of something the search, not the numbers, decides.
    fn quiet(pos: &Self::Pos) -> bool;
    /// Whether the move is a capture.
    fn is_capture(pos: &Self::Pos, mv: &<Self::Pos as Position>::Move) -> bool;
    /// A game's first plies, chosen at random for variety.
    fn opening(game: &mut Game<Self::Pos>, rng: &mut ChaCha8Rng);
    /// The Rust text of the numbers.
    fn text(w: &Self::Numbers) -> String;
}

/// Plays games `0..games` not yet in `out` and appends their quiet positions.
fn play<T: Tuned>(
    out: &str,
    games: usize,
    nodes: u64,
    seed: u64,
    threads: usize,
) -> Result<(), String> {
    let done: HashSet<usize> = match std::fs::File::open(out) {
        Ok(f) => BufReader::new(f)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| l.strip_prefix("game ").and_then(|n| n.parse().ok()))
            .collect(),
        Err(_) => HashSet::new(),
    };
    let file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| format!("{out}: {e}"))?;
    let file = Mutex::new(BufWriter::new(file));
    let next = AtomicUsize::new(0);
    let started = std::time::Instant::now();
    let finished = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    if done.contains(&i) {
                        continue;
                    }
                    let text = play_one::<T>(i, nodes, seed);
                    let Ok(mut f) = file.lock() else { break };
                    if f.write_all(text.as_bytes()).and_then(|()| f.flush()).is_err() {
                        break;
                    }
                    let n = finished.fetch_add(1, Ordering::Relaxed) + 1;
                    if n % 50 == 0 {
                        eprintln!("{n} games in {:.0} s", started.elapsed().as_secs_f64());
                    }
                }
            });
        }
    });
    eprintln!(
        "{} games played in {:.0} s",
        finished.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// One self-play game: a few opening plies for variety, then the full-strength search at
/// `nodes` a move. Returns its `game` line and positions.
fn play_one<T: Tuned>(index: usize, nodes: u64, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(mix64(seed ^ mix64(index as u64)));
    let mut game = Game::new(T::start());
    T::opening(&mut game, &mut rng);
    let settings = LevelSettings {
        nodes,
        depth: None,
        eval_noise: 0,
        blind_per_mille: 0,
        book_plies: 0,
        hash_bytes: 1 << 22,
        contempt: 0,
    };
    let mut bot = Bot::<T::Pos>::with_settings(Level::Full, settings, seed ^ index as u64);
    let mut kept = Vec::new();
    let mut last_capture = true;
    while game.outcome().is_none() && game.len() < MAX_PLIES {
        let Some(choice) = bot.choose(&game, None, None) else { break };
        let pos = game.position();
        let capture = T::is_capture(pos, &choice.mv);
        if game.len() >= SKIP_PLIES && !capture && !last_capture && T::quiet(pos) {
            kept.push(pos.fen());
        }
        last_capture = capture;
        if game.play(&choice.mv).is_err() {
            break;
        }
    }
    let result = match game.outcome() {
        Some(Outcome::Win { winner: Color::White, .. }) => "1",
        Some(Outcome::Win { winner: Color::Black, .. }) => "0",
        _ => "0.5",
    };
    let mut text = format!("game {index}\n");
    for fen in kept {
        text.push_str(&format!("{result} {fen}\n"));
    }
    text
}

/// Plays up to `most` random legal moves.
fn random_plies<P: Position>(game: &mut Game<P>, rng: &mut ChaCha8Rng, most: usize) {
    for _ in 0..most {
        let legal = game.legal_moves();
        if legal.is_empty() || game.outcome().is_some() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())].clone();
        if game.play(&m).is_err() {
            break;
        }
    }
}

/// Xiangqi's numbers.
struct XiangqiNumbers;

impl Tuned for XiangqiNumbers {
    type Pos = Xiangqi;
    type Numbers = xiangqi::Weights;
    const CURRENT: xiangqi::Weights = xiangqi::WEIGHTS;

    fn start() -> Xiangqi {
        Xiangqi::new()
    }

    /// The tables (a middlegame and an endgame one per role) are symmetric left to right, so
    /// a table has 50 numbers (files a to e); the general's material and the king-danger terms
    /// are not fitted.
    fn to_params(w: &xiangqi::Weights) -> Vec<i32> {
        let mut v = Vec::new();
        v.extend_from_slice(&w.material_mg[2..]);
        v.extend_from_slice(&w.material_eg[2..]);
        for t in [
            &w.horse,
            &w.chariot,
            &w.cannon,
            &w.soldier,
            &w.horse_eg,
            &w.chariot_eg,
            &w.cannon_eg,
            &w.soldier_eg,
        ] {
            for row in t {
                v.extend_from_slice(&row[..5]);
            }
        }
        for (mg, eg) in w.mobility {
            v.extend([mg, eg]);
        }
        v.push(w.elephant_centre);
        v.extend_from_slice(&w.cannon_file);
        v.extend([w.general_rank, w.general_off_file, w.tempo]);
        v
    }

    fn from_params(v: &[i32]) -> xiangqi::Weights {
        let mut w = xiangqi::WEIGHTS;
        let mut it = v.iter().copied();
        let mut next = || it.next().unwrap_or(0);
        for r in 2..8 {
            w.material_mg[r] = next();
        }
        for r in 2..8 {
            w.material_eg[r] = next();
        }
        for t in [
            &mut w.horse,
            &mut w.chariot,
            &mut w.cannon,
            &mut w.soldier,
            &mut w.horse_eg,
            &mut w.chariot_eg,
            &mut w.cannon_eg,
            &mut w.soldier_eg,
        ] {
            for row in t.iter_mut() {
                for f in 0..5 {
                    let x = next();
                    row[f] = x;
                    row[8 - f] = x;
                }
            }
        }
        for m in &mut w.mobility {
            *m = (next(), next());
        }
        w.elephant_centre = next();
        for c in &mut w.cannon_file {
            *c = next();
        }
        w.general_rank = next();
        w.general_off_file = next();
        w.tempo = next();
        w
    }

    fn evaluate(pos: &Xiangqi, w: &xiangqi::Weights) -> i32 {
        xiangqi::evaluate_with(pos, w)
    }

    fn quiet(pos: &Xiangqi) -> bool {
        !pos.is_check()
    }

    fn is_capture(pos: &Xiangqi, mv: &rodina_rules::xiangqi::Move) -> bool {
        pos.is_capture(*mv)
    }

    /// A book line's first plies (up to eight) and two random ones.
    fn opening(game: &mut Game<Xiangqi>, rng: &mut ChaCha8Rng) {
        let line = xiangqi::BOOK[rng.random_range(0..xiangqi::BOOK.len())];
        for word in line.split(' ').take(rng.random_range(0..=8)) {
            if game.play_text(word).is_err() {
                break;
            }
        }
        random_plies(game, rng, 2);
    }

    fn text(w: &xiangqi::Weights) -> String {
        xiangqi_text(w)
    }
}

/// Jeson Mor's numbers.
struct JesonMorNumbers;

impl Tuned for JesonMorNumbers {
    type Pos = JesonMor;
    type Numbers = jeson_mor::Weights;
    const CURRENT: jeson_mor::Weights = jeson_mor::WEIGHTS;

    fn start() -> JesonMor {
        JesonMor::new()
    }

    /// The placement table is symmetric left to right: 45 numbers (files a to e).
    fn to_params(w: &jeson_mor::Weights) -> Vec<i32> {
        let mut v = vec![w.few_knights];
        for row in &w.placement {
            v.extend_from_slice(row);
        }
        v.extend([w.mobility, w.centre_control, w.centre_threat, w.tempo]);
        v
    }

    fn from_params(v: &[i32]) -> jeson_mor::Weights {
        let mut it = v.iter().copied();
        let mut next = || it.next().unwrap_or(0);
        let mut w = jeson_mor::WEIGHTS;
        w.few_knights = next();
        for row in &mut w.placement {
            for x in row.iter_mut() {
                *x = next();
            }
        }
        w.mobility = next();
        w.centre_control = next();
        w.centre_threat = next();
        w.tempo = next();
        w
    }

    fn evaluate(pos: &JesonMor, w: &jeson_mor::Weights) -> i32 {
        jeson_mor::evaluate_with(pos, w)
    }

    /// Not with a knight of the opponent on `e5` (it must be taken), nor where the side to
    /// move wins `e5` by counting (the evaluation then states a line, not a judgement).
    fn quiet(pos: &JesonMor) -> bool {
        pos.centre_knight().is_none() && !jeson_mor::centre_decided(pos)
    }

    fn is_capture(pos: &JesonMor, mv: &rodina_rules::jeson_mor::Move) -> bool {
        pos.is_capture(*mv)
    }

    /// Two to eight random plies (Jeson Mor has no book).
    fn opening(game: &mut Game<JesonMor>, rng: &mut ChaCha8Rng) {
        let plies = rng.random_range(2..=8);
        random_plies(game, rng, plies);
    }

    fn text(w: &jeson_mor::Weights) -> String {
        let mut s = String::from("pub const WEIGHTS: Weights = Weights {\n");
        s.push_str(&format!("    few_knights: {},\n", w.few_knights));
        s.push_str("    placement: [\n");
        for row in &w.placement {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:3}")).collect();
            s.push_str(&format!("        [{}],\n", cells.join(", ")));
        }
        s.push_str("    ],\n");
        s.push_str(&format!("    mobility: {},\n", w.mobility));
        s.push_str(&format!("    centre_control: {},\n", w.centre_control));
        s.push_str(&format!("    centre_threat: {},\n", w.centre_threat));
        s.push_str(&format!("    tempo: {},\n", w.tempo));
        s.push_str("};\n");
        s
    }
}

/// A position as the fit sees it: its evaluation (the first player's view) at the starting
/// numbers, how
/// it moves with each number, and the game's result.
struct Sample {
    base: f64,
    coefs: Vec<(u16, f32)>,
    result: f64,
    held_out: bool,
}

/// The evaluation from the first player's point of view, as the results are given.
fn first_eval<T: Tuned>(pos: &T::Pos, w: &T::Numbers) -> i32 {
    let e = T::evaluate(pos, w);
    if pos.turn() == Color::White { e } else { -e }
}

fn read_samples<T: Tuned>(path: &str, w0: &T::Numbers) -> Result<Vec<Sample>, String> {
    let f = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut rows = Vec::new();
    let mut game = 0usize;
    for (n, line) in BufReader::new(f).lines().enumerate() {
        let line = line.map_err(|e| format!("{path}: {e}"))?;
        if let Some(g) = line.strip_prefix("game ") {
            game = g.parse().map_err(|_| format!("{path}:{}: bad game line", n + 1))?;
            continue;
        }
        let (r, fen) = line.split_once(' ').ok_or(format!("{path}:{}: no result", n + 1))?;
        let result: f64 = r.parse().map_err(|_| format!("{path}:{}: bad result", n + 1))?;
        let pos = T::Pos::from_fen(fen).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        rows.push((pos, result, game % 10 == 0));
    }
    let p0 = T::to_params(w0);
    let threads = 2;
    let chunk = rows.len().div_ceil(threads).max(1);
    let samples = std::thread::scope(|scope| {
        let handles: Vec<_> = rows
            .chunks(chunk)
            .map(|part| {
                let p0 = &p0;
                scope.spawn(move || {
                    part.iter()
                        .map(|(pos, result, held_out)| {
                            let base = first_eval::<T>(pos, w0);
                            let mut coefs = Vec::new();
                            let mut p = p0.clone();
                            for i in 0..p.len() {
                                p[i] += STEP;
                                let d = first_eval::<T>(pos, &T::from_params(&p)) - base;
                                p[i] -= STEP;
                                if d != 0 {
                                    coefs.push((i as u16, d as f32 / STEP as f32));
                                }
                            }
                            Sample {
                                base: f64::from(base),
                                coefs,
                                result: *result,
                                held_out: *held_out,
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all = Vec::new();
        for h in handles {
            all.extend(h.join().map_err(|_| "a worker stopped".to_string())?);
        }
        Ok::<_, String>(all)
    })?;
    Ok(samples)
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of a sample with the numbers moved by `delta` from the start.
fn eval_of(s: &Sample, delta: &[f64]) -> f64 {
    s.base + s.coefs.iter().map(|&(i, c)| f64::from(c) * delta[i as usize]).sum::<f64>()
}

fn loss(samples: &[Sample], delta: &[f64], k: f64, held_out: bool) -> f64 {
    let (mut sum, mut n) = (0.0, 0usize);
    for s in samples.iter().filter(|s| s.held_out == held_out) {
        let e = sigmoid(k * eval_of(s, delta)) - s.result;
        sum += e * e;
        n += 1;
    }
    sum / n.max(1) as f64
}

fn fit<T: Tuned>(path: &str, lambda: f64, epochs: usize) -> Result<(), String> {
    let w0 = T::CURRENT;
    let p0 = T::to_params(&w0);
    if T::from_params(&p0) != w0 {
        return Err("the tables are not symmetric left to right: the fit would change them".into());
    }
    let started = std::time::Instant::now();
    let samples = read_samples::<T>(path, &w0)?;
    let held = samples.iter().filter(|s| s.held_out).count();
    eprintln!(
        "{} positions ({} held out), {} numbers, read in {:.0} s",
        samples.len(),
        held,
        p0.len(),
        started.elapsed().as_secs_f64()
    );
    // K: the scale that makes the starting evaluation predict best (golden-section search).
    let zero = vec![0.0; p0.len()];
    let (mut lo, mut hi) = (1e-4f64, 2e-2f64);
    for _ in 0..60 {
        let a = lo + (hi - lo) * 0.382;
        let b = lo + (hi - lo) * 0.618;
        if loss(&samples, &zero, a, false) < loss(&samples, &zero, b, false) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let k = (lo + hi) / 2.0;
    let before = (loss(&samples, &zero, k, false), loss(&samples, &zero, k, true));
    eprintln!("K = {k:.6}; loss at the start: {:.6} (held out {:.6})", before.0, before.1);
    // Adam over the whole set, the numbers pulled towards their starting values by lambda.
    let n = p0.len();
    let (mut delta, mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, rate) = (0.9f64, 0.999f64, 1.0f64);
    let train: Vec<&Sample> = samples.iter().filter(|s| !s.held_out).collect();
    let count = train.len().max(1) as f64;
    for epoch in 1..=epochs {
        let mut grad = vec![0.0f64; n];
        for s in &train {
            let p = sigmoid(k * eval_of(s, &delta));
            let g = 2.0 * (p - s.result) * p * (1.0 - p) * k / count;
            for &(i, c) in &s.coefs {
                grad[i as usize] += g * f64::from(c);
            }
        }
        for i in 0..n {
            grad[i] += 2.0 * lambda * delta[i];
            m[i] = b1 * m[i] + (1.0 - b1) * grad[i];
            v[i] = b2 * v[i] + (1.0 - b2) * grad[i] * grad[i];
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            delta[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
        if epoch % 500 == 0 {
            eprintln!(
                "epoch {epoch}: loss {:.6} (held out {:.6})",
                loss(&samples, &delta, k, false),
                loss(&samples, &delta, k, true)
            );
        }
    }
    let fitted: Vec<i32> = p0.iter().zip(&delta).map(|(&p, d)| p + d.round() as i32).collect();
    let rounded: Vec<f64> = fitted.iter().zip(&p0).map(|(&f, &p)| f64::from(f - p)).collect();
    eprintln!(
        "fitted: loss {:.6} (held out {:.6}), in {:.0} s",
        loss(&samples, &rounded, k, false),
        loss(&samples, &rounded, k, true),
        started.elapsed().as_secs_f64()
    );
    print!("{}", T::text(&T::from_params(&fitted)));
    Ok(())
}

/// The Rust text of `w`, as `core/engine/src/xiangqi.rs` writes its numbers.
fn xiangqi_text(w: &xiangqi::Weights) -> String {
    let table = |name: &str, t: &[[i32; 9]; 10]| {
        let mut s = format!("    {name}: [\n");
        for row in t {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:3}")).collect();
            s.push_str(&format!("        [{}],\n", cells.join(", ")));
        }
        s.push_str("    ],\n");
        s
    };
    let list = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(", ");
    let mut s = String::from("pub const WEIGHTS: Weights = Weights {\n");
    s.push_str(&format!("    material_mg: [{}],\n", list(&w.material_mg)));
    s.push_str(&format!("    material_eg: [{}],\n", list(&w.material_eg)));
    s.push_str(&table("horse", &w.horse));
    s.push_str(&table("chariot", &w.chariot));
    s.push_str(&table("cannon", &w.cannon));
    s.push_str(&table("soldier", &w.soldier));
    s.push_str(&table("horse_eg", &w.horse_eg));
    s.push_str(&table("chariot_eg", &w.chariot_eg));
    s.push_str(&table("cannon_eg", &w.cannon_eg));
    s.push_str(&table("soldier_eg", &w.soldier_eg));
    let mob: Vec<String> = w.mobility.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    s.push_str(&format!("    mobility: [{}],\n", mob.join(", ")));
    s.push_str(&format!("    elephant_centre: {},\n", w.elephant_centre));
    s.push_str(&format!("    cannon_file: [{}],\n", list(&w.cannon_file)));
    s.push_str(&format!("    general_rank: {},\n", w.general_rank));
    s.push_str(&format!("    general_off_file: {},\n", w.general_off_file));
    s.push_str(&format!("    tempo: {},\n", w.tempo));
    s.push_str("};\n");
    s
}
