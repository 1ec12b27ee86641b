//! `rodina uci`: the engine over the Universal Chess Interface, as Fairy-Stockfish speaks it
//! for its variants (`setoption name UCI_Variant value xiangqi`, FEN and coordinate moves of
//! the game), so that Rodina can meet other engines and GUIs.
//!
//! The search runs on its own thread so that `stop` (and `quit`) are read while it thinks.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use rodina_engine::score::mate_in_moves;
use rodina_engine::{
    BotGame, Level, Limits, Request, SearchGame, Searcher, moves_not_losing_by_history, path_of,
};
use rodina_rules::{Game, Position, Variant};

use rodina_engine::jieqi::search_inputs;
use rodina_rules::jieqi::{JieqiView, START_VIEW_FEN, Seat, ViewGame};

/// The games `UCI_Variant` accepts. Jieqi positions are one seat's view (the view FEN of
/// JieqiBox and the Pikafish-based Jieqi engines), its moves written with what they revealed
/// (`h3e3=C`, `b3b10x(n)`), and the engine plays the side to move from that side's view.
const UCI_VARIANTS: &[Variant] =
    &[Variant::Xiangqi, Variant::JesonMor, Variant::Jieqi, Variant::Friendly];

/// Default transposition table size, in MiB.
const DEFAULT_HASH_MB: usize = 16;

/// Time kept back from every move for the protocol's round trip.
const MOVE_OVERHEAD: Duration = Duration::from_millis(20);

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

/// The state of one engine: the game, the search thread and the options.
struct Session {
    variant: Variant,
    hash_mb: usize,
    level: Level,
    game: Option<AnyGame>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<AnySearcher>>,
    searcher: Option<AnySearcher>,
}

/// A game of any variant the engine plays.
enum AnyGame {
    Xiangqi(Game<rodina_rules::Xiangqi>),
    JesonMor(Game<rodina_rules::JesonMor>),
    Jieqi(ViewGame),
    Friendly(Game<rodina_rules::Friendly>),
}

/// A searcher of any variant the engine plays.
enum AnySearcher {
    Xiangqi(Searcher<rodina_rules::Xiangqi>),
    JesonMor(Searcher<rodina_rules::JesonMor>),
    Jieqi(Searcher<JieqiView>),
    Friendly(Searcher<rodina_rules::Friendly>),
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
                let v: Variant =
                    value.parse().map_err(|e: rodina_rules::UnknownVariant| e.to_string())?;
                if !UCI_VARIANTS.contains(&v) {
                    return Err(format!("the engine does not play {v} yet"));
                }
                self.variant = v;
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

    fn position(&mut self, words: &[&str]) -> Result<(), String> {
        // A position that cannot be read leaves none: a later `go` must not search the last one.
        self.game = None;
        let (fen, rest): (Option<String>, &[&str]) = match words.first() {
            Some(&"startpos") => (None, &words[1..]),
            Some(&"fen") => {
                let end = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
                (Some(words[1..end].join(" ")), &words[end..])
            }
            _ => return Err("position needs startpos or fen".into()),
        };
        let moves: &[&str] = match rest.first() {
            Some(&"moves") => &rest[1..],
            Some(w) => return Err(format!("unexpected {w} in position")),
            None => &[],
        };
        self.game = Some(match self.variant {
            Variant::Xiangqi => AnyGame::Xiangqi(load_game(fen.as_deref(), moves)?),
            Variant::JesonMor => AnyGame::JesonMor(load_game(fen.as_deref(), moves)?),
            Variant::Jieqi => AnyGame::Jieqi(load_jieqi(fen.as_deref(), moves)?),
            Variant::Friendly => AnyGame::Friendly(load_game(fen.as_deref(), moves)?),
            #[allow(unreachable_patterns)]
            other => return Err(format!("the engine does not play {other} yet")),
        });
        Ok(())
    }

    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        let Some(game) = &self.game else {
            return Err("go before position".into());
        };
        let turn_is_first = match game {
            AnyGame::Xiangqi(g) => g.position().turn() == rodina_rules::Color::White,
            AnyGame::JesonMor(g) => g.position().turn() == rodina_rules::Color::White,
            AnyGame::Jieqi(g) => g.view().turn() == rodina_rules::Color::White,
            AnyGame::Friendly(g) => g.position().turn() == rodina_rules::Color::White,
        };
        let limits = parse_go(words, turn_is_first)?;
        self.stop = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&self.stop);
        let hash = self.hash_mb << 20;
        let level = self.level;
        let (game, searcher) = (self.game.as_ref(), self.searcher.take());
        // The searcher of the game's type is reused (its table and history carry over from
        // move to move); a game of another type starts a new one.
        macro_rules! spawn {
            ($game:expr, $searcher:expr, $arm:ident, $think:ident) => {{
                let mut searcher = match $searcher {
                    Some(AnySearcher::$arm(s)) => s,
                    _ => Searcher::new(hash),
                };
                let game = $game.clone();
                std::thread::spawn(move || {
                    $think(&game, &mut searcher, limits, level, stop);
                    AnySearcher::$arm(searcher)
                })
            }};
        }
        self.thread = Some(match (game, searcher) {
            (Some(AnyGame::Xiangqi(g)), s) => spawn!(g, s, Xiangqi, think),
            (Some(AnyGame::JesonMor(g)), s) => spawn!(g, s, JesonMor, think),
            (Some(AnyGame::Jieqi(g)), s) => spawn!(g, s, Jieqi, think_jieqi),
            (Some(AnyGame::Friendly(g)), s) => spawn!(g, s, Friendly, think),
            (None, _) => return Err("go before position".into()),
        });
        Ok(())
    }
}

/// Reads a game from `position` arguments.
fn load_game<P: BotGame>(fen: Option<&str>, moves: &[&str]) -> Result<Game<P>, String> {
    let start = match fen {
        Some(f) => P::from_fen(f).map_err(|e| format!("bad fen: {e}"))?,
        None => P::start_position(),
    };
    let mut game = Game::new(start);
    for text in moves {
        let m = game.position().parse_move(text).map_err(|e| format!("move {text}: {e}"))?;
        // Engines may be sent moves past the end of a game (other rule sets); play them.
        if game.position().is_legal(&m) {
            game.play_unchecked(&m);
        } else {
            return Err(format!("illegal move {text}"));
        }
    }
    Ok(game)
}

/// Reads a Jieqi view record from `position` arguments: the view FEN is what the side to move
/// after the moves knows, and each move says what it revealed or (for that side's captures of
/// face-down pieces) what it took.
fn load_jieqi(fen: Option<&str>, moves: &[&str]) -> Result<ViewGame, String> {
    let fen = fen.unwrap_or(START_VIEW_FEN);
    let first = JieqiView::from_fen(fen, Seat::Spectator).map_err(|e| format!("bad fen: {e}"))?;
    let last_turn = if moves.len() % 2 == 0 { first.turn() } else { !first.turn() };
    let seat = Seat::Player(last_turn);
    let start = JieqiView::from_fen(fen, seat).map_err(|e| format!("bad fen: {e}"))?;
    let mut record = ViewGame::new(start);
    for text in moves {
        let (m, revealed, captured) =
            record.view().parse_event(text).map_err(|e| format!("move {text}: {e}"))?;
        record.play(m, revealed, captured).map_err(|e| format!("move {text}: {e}"))?;
    }
    Ok(record)
}

/// Searches a Jieqi view and prints `info` lines and the `bestmove`.
fn think_jieqi(
    record: &ViewGame,
    searcher: &mut Searcher<JieqiView>,
    mut limits: Limits,
    level: Level,
    stop: Arc<AtomicBool>,
) {
    if record.outcome().is_some() || record.legal_moves().is_empty() {
        say("bestmove (none)");
        return;
    }
    let (history, allowed) = search_inputs(record);
    apply_level(searcher, &mut limits, level, Variant::Jieqi);
    let req = Request {
        root: record.view(),
        history: &history,
        root_moves: Some(&allowed),
        limits,
        stop: Some(stop),
    };
    let result = searcher.search(&req, |p| {
        // Past a reveal the line depends on luck: only its first move is certain.
        let pv = p.pv.first().map(|m| m.to_string()).unwrap_or_default();
        say(&info_line(p.depth, p.seldepth, p.score, p.nodes, p.elapsed, &pv));
    });
    match result.best {
        Some(m) => say(&format!("bestmove {m}")),
        None => say("bestmove (none)"),
    }
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
            "depth" => limits.depth = Some(num(i)? as u32),
            "nodes" => limits.nodes = Some(num(i)?),
            "movetime" => {
                limits.time = Some(
                    Duration::from_millis(num(i)?)
                        .saturating_sub(MOVE_OVERHEAD)
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
        let budget = share.min(t / 3).saturating_sub(MOVE_OVERHEAD.as_millis() as u64).max(1);
        limits.time = Some(Duration::from_millis(budget));
    }
    Ok(limits)
}

/// Searches and prints `info` lines and the `bestmove`.
fn think<P: BotGame>(
    game: &Game<P>,
    searcher: &mut Searcher<P>,
    mut limits: Limits,
    level: Level,
    stop: Arc<AtomicBool>,
) {
    let legal = game.legal_moves();
    if legal.is_empty() {
        say("bestmove (none)");
        return;
    }
    let allowed = moves_not_losing_by_history(game, &legal);
    let history = path_of(game);
    apply_level(searcher, &mut limits, level, game.position().variant());
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
        Some(m) => say(&format!("bestmove {}", Position::move_text(pos, &m))),
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

/// The move texts of a line of play from `pos`.
fn pv_text<P: BotGame>(pos: &P, pv: &[<P as Position>::Move]) -> String {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(pv.len());
    for m in pv {
        if !p.is_legal(m) {
            break;
        }
        out.push(Position::move_text(&p, m));
        p.play_unchecked(m);
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
        // Black has one second: it spends a small share of it.
        assert!(l.time.expect("clock") < Duration::from_millis(334));
        assert!(parse_go(&["depth"], true).is_err());
        let l = parse_go(&["movetime", "100"], true).expect("valid");
        assert_eq!(l.time, Some(Duration::from_millis(80)));
    }
}
