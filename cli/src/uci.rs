//! `rodina uci`: the engine over the Universal Chess Interface, as Fairy-Stockfish speaks it
//! for its variants (`setoption name UCI_Variant value xiangqi`, FEN and coordinate moves of
//! the game), so that Rodina can meet other engines and GUIs.
//!
//! The search runs on its own thread so that `stop` (and `quit`) are read while it thinks.

use std::any::Any;
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use rodina_engine::score::mate_in_moves;
use rodina_engine::{BotGame, Level, Limits, Request, SearchGame, Searcher, search_inputs};
use rodina_rules::{AnyView, Color, Game, NewGame, Position, Seat, Start, Variant, with_view};

/// The games `UCI_Variant` accepts, Fairy-Stockfish's first (the order GUIs list them in).
/// Jieqi positions are one seat's view (the view FEN of JieqiBox and the Pikafish-based Jieqi
/// engines), its moves written with what they revealed (`h3e3=C`, `b3b10x(n)`), and the
/// engine plays the side to move from that side's view.
const UCI_VARIANTS: [Variant; 4] =
    [Variant::Xiangqi, Variant::JesonMor, Variant::Jieqi, Variant::Friendly];

/// Default transposition table size, in MiB.
const DEFAULT_HASH_MB: usize = 16;

/// Time kept back from every move under a clock, for the protocol's round trip: running out
/// loses the game.
const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// Time kept back from a fixed time per move: the search checks its clock every few hundred
/// nodes and answers within a millisecond of its limit, and a fixed move time forfeits
/// nothing, so nearly all of it is searched.
const MOVETIME_OVERHEAD: Duration = Duration::from_millis(2);

/// Runs the UCI loop on standard input until `quit` or end of input.
pub fn run() -> Result<(), String> {
    let stdin = io::stdin();
    let mut session = Session::new(Variant::Xiangqi, DEFAULT_HASH_MB);
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| format!("cannot read input: {e}"))?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else { continue };
        match command {
            "uci" => {
                say("id name Rodina");
                say("id author The Rodina developers");
                let vars: Vec<String> =
                    UCI_VARIANTS.iter().map(|v| format!("var {}", v.name())).collect();
                say(&format!(
                    "option name UCI_Variant type combo default {} {}",
                    session.variant,
                    vars.join(" ")
                ));
                say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 4096"
                ));
                let levels: Vec<String> =
                    Level::ALL.iter().map(|l| format!("var {}", l.id())).collect();
                say(&format!("option name Level type combo default full {}", levels.join(" ")));
                say("uciok");
            }
            "isready" => {
                // Answered at once, also while searching, as the protocol asks.
                say("readyok");
            }
            "setoption" => {
                session.wait();
                if let Err(e) = session.set_option(&words[1..]) {
                    say(&format!("info string {e}"));
                }
            }
            "ucinewgame" => {
                session.wait();
                session.new_game();
            }
            "position" => {
                session.wait();
                if let Err(e) = session.position(&words[1..]) {
                    say(&format!("info string {e}"));
                }
            }
            "go" => {
                session.wait();
                if let Err(e) = session.go(&words[1..]) {
                    say(&format!("info string {e}"));
                    say("bestmove (none)");
                }
            }
            "stop" => session.stop(),
            "quit" => {
                session.stop();
                break;
            }
            _ => say(&format!("info string unknown command {command}")),
        }
    }
    session.stop();
    Ok(())
}

/// Prints one protocol line and flushes, so that the other side sees it at once.
fn say(line: &str) {
    let mut out = io::stdout().lock();
    // A closed pipe means the GUI has gone; there is nobody left to tell.
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A searcher of the game being played, kept from move to move (its table and history carry
/// over): a `Searcher<V>` for the game's view type `V`.
type AnySearcher = Box<dyn Any + Send>;

/// The state of one engine: the game, the search thread and the options.
struct Session {
    variant: Variant,
    hash_mb: usize,
    level: Level,
    /// The position to search, as the side to move knows it (for Jieqi its view).
    game: Option<AnyView>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<AnySearcher>>,
    searcher: Option<AnySearcher>,
}

impl Session {
    fn new(variant: Variant, hash_mb: usize) -> Session {
        Session {
            variant,
            hash_mb,
            level: Level::Full,
            game: None,
            stop: Arc::new(AtomicBool::new(false)),
            thread: None,
            searcher: None,
        }
    }

    /// Waits for a running search to finish (it prints its own `bestmove`).
    fn wait(&mut self) {
        if let Some(t) = self.thread.take()
            && let Ok(searcher) = t.join()
        {
            self.searcher = Some(searcher);
        }
    }

    fn stop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    fn new_game(&mut self) {
        self.searcher = None;
        self.game = None;
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        // setoption name NAME [value VALUE]; names and values may contain spaces.
        let text = words.join(" ");
        let rest = text.strip_prefix("name ").ok_or("setoption needs a name")?;
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                self.variant =
                    value.parse().map_err(|e: rodina_rules::UnknownName| e.to_string())?;
                self.new_game();
            }
            "hash" => {
                self.hash_mb = value
                    .parse::<usize>()
                    .map_err(|_| "Hash needs a number of MiB")?
                    .clamp(1, 4096);
                self.searcher = None;
            }
            "level" => {
                self.level =
                    value.parse().map_err(|e: rodina_engine::UnknownLevel| e.to_string())?;
                self.searcher = None;
            }
            _ => return Err(format!("unknown option {name}")),
        }
        Ok(())
    }

    /// `position startpos|fen FEN [moves M...]`: the position after the moves, as the side to
    /// move then knows it. A Jieqi position is a view FEN (JieqiBox's) or a full FEN, its
    /// moves written with what they revealed (`h3e3=C`, `b3b10x(n)`).
    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        // A position that cannot be read leaves none: a later `go` must not search the last one.
        self.game = None;
        let (start, rest): (Start, &[&str]) = match words.first() {
            Some(&"startpos") => (Start::Usual, &words[1..]),
            Some(&"fen") => {
                let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
                (Start::Fen(words[1..end].join(" ")), &words[end..])
            }
            _ => return Err("position needs startpos or fen".into()),
        };
        let moves: &[&str] = match rest.first() {
            Some(&"moves") => &rest[1..],
            Some(w) => return Err(format!("unexpected {w} in position")),
            None => &[],
        };
        let new = NewGame { start, ..NewGame::usual(self.variant) };
        let read = |seat| match AnyView::read(&new, Some(seat)) {
            Ok(Some(view)) => Ok(view),
            Ok(None) => Err("no position".to_owned()),
            Err(e) => Err(format!("bad fen: {e}")),
        };
        // The seat is the side to move after the moves: whose view the search works from.
        let first = read(Seat::Spectator)?.turn();
        let seat = Seat::Player(if moves.len() % 2 == 0 { first } else { !first });
        let mut record = read(seat)?;
        for text in moves {
            // Engines may be sent moves past the end of a game (other rule sets); play them.
            record.follow_text(text).map_err(|e| format!("move {text}: {e}"))?;
        }
        self.game = Some(record);
        Ok(())
    }

    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        let Some(game) = &self.game else {
            return Err("go before position".into());
        };
        let limits = parse_go(words, game.turn() == Color::White)?;
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        let (hash, level, cached) = (self.hash_mb << 20, self.level, self.searcher.take());
        self.thread =
            Some(with_view!(game.clone(), g => spawn(g, cached, hash, limits, level, stop)));
        Ok(())
    }
}

/// Starts the search of `game` on its own thread, with the cached searcher if it is of the
/// game's type; the thread prints `info` lines and the `bestmove` and hands the searcher back.
fn spawn<V: BotGame>(
    game: Game<V>,
    cached: Option<AnySearcher>,
    hash: usize,
    limits: Limits,
    level: Level,
    stop: Arc<AtomicBool>,
) -> JoinHandle<AnySearcher> {
    let mut searcher = match cached.map(|c| c.downcast::<Searcher<V>>()) {
        Some(Ok(s)) => *s,
        _ => Searcher::new(hash),
    };
    std::thread::spawn(move || {
        think(&game, &mut searcher, limits, level, stop);
        Box::new(searcher) as AnySearcher
    })
}

/// Reads `go` arguments into limits. Clock-based searches get a share of the remaining time.
fn parse_go(words: &[&str], first_to_move: bool) -> Result<Limits, String> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut movestogo) = (None, None, 0u64, 0u64, None);
    let mut i = 0;
    let num = |i: usize| -> Result<u64, String> {
        words
            .get(i + 1)
            .and_then(|w| w.parse::<i64>().ok())
            .map(|n| n.max(0) as u64)
            .ok_or_else(|| format!("go {} needs a number", words[i]))
    };
    while i < words.len() {
        match words[i] {
            "depth" => limits.depth = Some(u32::try_from(num(i)?).unwrap_or(u32::MAX)),
            "nodes" => limits.nodes = Some(num(i)?),
            "movetime" => {
                limits.time = Some(
                    Duration::from_millis(num(i)?)
                        .saturating_sub(MOVETIME_OVERHEAD)
                        .max(Duration::from_millis(1)),
                )
            }
            "wtime" => wtime = Some(num(i)?),
            "btime" => btime = Some(num(i)?),
            "winc" => winc = num(i)?,
            "binc" => binc = num(i)?,
            "movestogo" => movestogo = Some(num(i)?),
            "infinite" => {
                i += 1;
                continue;
            }
            other => return Err(format!("unknown go argument {other}")),
        }
        i += 2;
    }
    let (time, inc) = if first_to_move { (wtime, winc) } else { (btime, binc) };
    if let Some(t) = time {
        let moves_left = movestogo.unwrap_or(30).clamp(1, 60);
        // Saturating: a GUI may send any number.
        let share = (t / moves_left).saturating_add(inc / 4 * 3);
        let overhead = MOVE_OVERHEAD.as_millis() as u64;
        let aim = share.min(t / 3).saturating_sub(overhead).max(1);
        // A search that is still settling may run past its aim, up to three times it and
        // never into the last half of the clock.
        let most = aim.saturating_mul(3).min((t / 2).saturating_sub(overhead)).max(aim);
        limits.soft_time = Some(Duration::from_millis(aim));
        limits.time = Some(Duration::from_millis(most));
    }
    Ok(limits)
}

/// Searches and prints `info` lines and the `bestmove`.
fn think<V: BotGame>(
    game: &Game<V>,
    searcher: &mut Searcher<V>,
    mut limits: Limits,
    level: Level,
    stop: Arc<AtomicBool>,
) {
    let legal = game.legal_moves();
    if legal.is_empty() {
        say("bestmove (none)");
        return;
    }
    let (history, allowed) = search_inputs(game, &legal);
    apply_level(searcher, &mut limits, level, V::VARIANT);
    let req = Request {
        root: game.position(),
        history: &history,
        root_moves: Some(&allowed),
        limits,
        stop: Some(stop),
    };
    let pos = game.position();
    let result = searcher.search(&req, |p| {
        say(&info_line(p.depth, p.seldepth, p.score, p.nodes, p.elapsed, &pv_text(pos, p.pv)));
    });
    match result.best {
        Some(m) => say(&format!("bestmove {}", pos.move_text(&m))),
        None => say("bestmove (none)"),
    }
}

/// Plays as `level`: its weaknesses and its node budget (a tighter `go nodes` still counts);
/// full strength has no weaknesses and no budget of its own.
fn apply_level<G: SearchGame>(
    searcher: &mut Searcher<G>,
    limits: &mut Limits,
    level: Level,
    variant: Variant,
) {
    let s = level.settings(variant);
    searcher.set_settings(s.search_settings(0));
    // Full strength searches as far as `go` lets it.
    if level != Level::Full {
        limits.nodes = Some(limits.nodes.map_or(s.nodes, |n| n.min(s.nodes)));
    }
}

/// A UCI `info` line after a finished iteration.
fn info_line(
    depth: u32,
    seldepth: u32,
    score: i32,
    nodes: u64,
    elapsed: Duration,
    pv: &str,
) -> String {
    let score = match mate_in_moves(score) {
        Some(m) => format!("mate {m}"),
        None => format!("cp {score}"),
    };
    let ms = elapsed.as_millis().max(1);
    let nps = nodes as u128 * 1000 / ms;
    format!(
        "info depth {depth} seldepth {seldepth} score {score} nodes {nodes} nps {nps} time {ms} pv {pv}"
    )
}

/// The move texts of a line of play from `pos`, as far as it is certain: up to and with the
/// first chance move (past a Jieqi reveal the line depends on what it turns up).
fn pv_text<V: BotGame>(pos: &V, pv: &[<V as Position>::Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len());
    for m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(p.move_text(m));
        if Position::is_chance(&p, m) {
            break;
        }
        Position::play_unchecked(&mut p, m);
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_arguments() {
        let l = parse_go(&["depth", "5"], true).expect("valid");
        assert_eq!(l.depth, Some(5));
        let l = parse_go(&["wtime", "60000", "btime", "1000", "winc", "0", "binc", "0"], false)
            .expect("valid");
        // Black has one second: it aims at a small share of it and may take up to three
        // times that, never half the clock.
        let (aim, most) = (l.soft_time.expect("an aim"), l.time.expect("a cap"));
        assert!(aim < Duration::from_millis(50), "{aim:?}");
        assert!(aim < most && most <= aim * 3 && most < Duration::from_millis(500), "{most:?}");
        assert!(parse_go(&["depth"], true).is_err());
        let l = parse_go(&["movetime", "100"], true).expect("valid");
        // A fixed time per move is spent whole.
        assert_eq!(l.time, Some(Duration::from_millis(98)));
        assert_eq!(l.soft_time, None);
    }
}
