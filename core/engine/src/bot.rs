//! A bot for every game: a level, a seed and a game record in, a move out. The record is
//! what the bot's seat may know: the game itself in an open game, the seat's record of views
//! in Jieqi (`Game<JieqiView>`), so the same bot never sees a hidden identity.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rodina_rules::jieqi::JieqiView;
use rodina_rules::random::mix64;
use rodina_rules::{Game, Position, View};

use crate::level::{Level, LevelSettings};
use crate::search::{Limits, PathEntry, Request, Searcher};
use crate::{SearchGame, xiangqi};

/// A game the [`Bot`] can play: what a seat sees of it (a position of an open game, a Jieqi
/// view) is both a rules view and a search state.
pub trait BotGame: View + SearchGame<Move = <Self as Position>::Move> {
    /// Opening lines in the game's move text, each from the usual start.
    fn book() -> &'static [&'static str] {
        &[]
    }
}

impl BotGame for rodina_rules::Xiangqi {
    fn book() -> &'static [&'static str] {
        xiangqi::BOOK
    }
}

impl BotGame for rodina_rules::Friendly {
    fn book() -> &'static [&'static str] {
        &crate::book::FRIENDLY
    }
}

impl BotGame for rodina_rules::JesonMor {}

/// The Jieqi bot searches its seat's view: a reveal is a chance node over the identities
/// still possible (see [`crate::jieqi`]).
impl BotGame for JieqiView {
    fn book() -> &'static [&'static str] {
        &crate::book::JIEQI
    }
}

/// The move type of a bot game.
type Mv<G> = <G as Position>::Move;

/// The move a bot chose, with what it thought of it.
#[derive(Clone, Debug, PartialEq)]
pub struct BotMove<M> {
    /// The move.
    pub mv: M,
    /// Its score from the bot's point of view, in centipawns (mates near
    /// [`crate::score::MATE`]); 0 for a book move.
    pub score: i32,
    /// The depth searched (0 for a book move).
    pub depth: u32,
    /// The nodes searched.
    pub nodes: u64,
    /// Whether it came from the opening book.
    pub from_book: bool,
}

/// A bot of one level for one game. With a node budget (every level a player meets), the
/// same level, seed and game record always give the same move (unless a time limit cuts a
/// search short). Without one, the bot keeps what it learned between its moves.
pub struct Bot<G: BotGame> {
    level: Level,
    settings: LevelSettings,
    seed: u64,
    searcher: Searcher<G>,
}

impl<G: BotGame> Bot<G> {
    /// A bot of `level` whose choices (noise, blind spots, book lines) follow `seed`. Give a
    /// new random seed per game so that games differ.
    pub fn new(level: Level, seed: u64) -> Self {
        Bot::with_settings(level, level.settings(G::VARIANT), seed)
    }

    /// A bot with explicit settings (for calibration and experiments).
    pub fn with_settings(level: Level, settings: LevelSettings, seed: u64) -> Self {
        let mut searcher = Searcher::new(settings.hash_bytes);
        searcher.set_settings(settings.search_settings(seed));
        Bot { level, settings, seed, searcher }
    }

    /// The level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The level's settings for this game.
    pub fn settings(&self) -> LevelSettings {
        self.settings
    }

    /// Chooses a move in the game's current position; `None` if the game is over. `time`
    /// caps the thinking time on top of the level's node budget, and `stop` ends thinking
    /// early from another thread (the best move so far is returned).
    pub fn choose(
        &mut self,
        game: &Game<G>,
        time: Option<Duration>,
        stop: Option<Arc<AtomicBool>>,
    ) -> Option<BotMove<Mv<G>>> {
        if game.outcome().is_some() {
            return None;
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            return None;
        }
        if let Some(mv) = self.book_move(game, &legal) {
            return Some(BotMove { mv, score: 0, depth: 0, nodes: 0, from_book: true });
        }
        let (history, allowed) = search_inputs(game, &legal);
        if self.settings.nodes != u64::MAX {
            // A node budget replays exactly only from empty tables: nothing learned in
            // earlier searches may carry over, so a position, level and seed always give
            // the same move.
            self.searcher.clear();
        }
        // Without a budget (full strength on a clock) the table and history carry over
        // from the last move, as a chess engine keeps its hash: the line it expected is
        // found again at once and searched deeper (+100 ± 58 Elo against the clearing bot at
        // 100 ms a move in Xiangqi; no gain shown at 1 s against Fairy-Stockfish,
        // CALIBRATION.md).
        let req = Request {
            root: game.position(),
            history: &history,
            root_moves: Some(&allowed),
            limits: Limits {
                depth: self.settings.depth,
                nodes: Some(self.settings.nodes),
                time,
                soft_time: None,
            },
            stop,
        };
        let result = self.searcher.search(&req, |_| {});
        Some(BotMove {
            mv: result.best?,
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            from_book: false,
        })
    }

    /// A book move, if the game started from the start position, is still within the
    /// level's book plies and follows a book line: the record's ply texts (what each move did,
    /// as [`Game::move_texts`] writes them) begin the line, and the line's next word is a
    /// legal move here. A word that says what a chance move turned up is never one: those
    /// lines only lead to later moves.
    fn book_move(&self, game: &Game<G>, legal: &[Mv<G>]) -> Option<Mv<G>> {
        let ply = game.len();
        if ply >= self.settings.book_plies || G::book().is_empty() {
            return None;
        }
        if !game.start().is_start() {
            return None;
        }
        let played = game.move_texts();
        let pos = game.position();
        let mut candidates: Vec<(&str, Mv<G>)> = Vec::new();
        for line in G::book() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() > ply
                && words[..ply].iter().zip(&played).all(|(a, b)| a == b)
                && !candidates.iter().any(|(w, _)| *w == words[ply])
                && let Ok(mv) = pos.parse_move(words[ply])
                && legal.contains(&mv)
            {
                candidates.push((words[ply], mv));
            }
        }
        if candidates.is_empty() {
            return None;
        }
        let pick = mix64(self.seed ^ (ply as u64).wrapping_mul(0xA076_1D64_78BD_642F)) as usize
            % candidates.len();
        Some(candidates.swap_remove(pick).1)
    }
}

/// What a search of `game`'s current position needs besides the position: the repetition
/// path of the record (for the search's own repetition verdicts), and the root moves: the
/// `legal` moves without those after which the game's history rules (perpetual check or
/// chase) would make the mover lose at once, unless every move does.
pub fn search_inputs<G: BotGame>(
    game: &Game<G>,
    legal: &[<G as Position>::Move],
) -> (Vec<PathEntry<<G as Position>::Move>>, Vec<<G as Position>::Move>) {
    let mut path = Vec::with_capacity(game.len() + 1);
    path.push(PathEntry {
        key: SearchGame::key(game.start()),
        in_check: SearchGame::in_check(game.start()),
        reset: true,
        mv: None,
    });
    for ply in game.plies() {
        path.push(PathEntry {
            key: SearchGame::key(&ply.position),
            in_check: SearchGame::in_check(&ply.position),
            reset: ply.irreversible,
            mv: Some(ply.mv.clone()),
        });
    }
    (path, moves_not_losing_by_history(game, legal))
}

/// The legal moves after which the game's history rules (perpetual check or chase) would
/// not make the mover lose at once; all of them if every move loses that way.
fn moves_not_losing_by_history<G: BotGame>(
    game: &Game<G>,
    legal: &[<G as Position>::Move],
) -> Vec<<G as Position>::Move> {
    let me = game.turn();
    // Only a reversible move that returns to a position of the current reversible stretch
    // can complete a repetition (and a reversible move is never a chance move: it reveals
    // and captures nothing); the cheap key test spares the full verdict for the others.
    let mut recent = Vec::new();
    for i in (0..=game.len()).rev() {
        if let Some(p) = game.position_at(i) {
            recent.push(p.zobrist());
        }
        if i > 0 && game.plies()[i - 1].irreversible {
            break;
        }
    }
    let pos = game.position();
    let kept: Vec<_> = legal
        .iter()
        .filter(|m| {
            if Position::is_irreversible(pos, m) {
                return true;
            }
            let mut after = pos.clone();
            Position::play_unchecked(&mut after, m);
            if !recent.contains(&after.zobrist()) {
                return true;
            }
            let mut g = game.clone();
            g.play_unchecked(m);
            g.outcome().and_then(|o| o.winner()) != Some(!me)
        })
        .cloned()
        .collect();
    if kept.is_empty() { legal.to_vec() } else { kept }
}

#[cfg(test)]
mod tests {
    use rodina_rules::{JesonMor, Truth, Xiangqi};

    use super::*;
    use crate::Limits;

    /// Positions from a game of two Casual bots: ordinary middlegame positions.
    fn sample_positions<G: BotGame>(start: G, seed: u64, plies: usize) -> Vec<Game<G>> {
        let mut game = Game::new(start);
        let mut bots = [Bot::<G>::new(Level::Casual, seed), Bot::<G>::new(Level::Casual, seed + 1)];
        let mut out = Vec::new();
        while game.outcome().is_none() && game.len() < plies {
            let m = bots[game.len() % 2].choose(&game, None, None).expect("a move").mv;
            game.play_unchecked(&m);
            if game.len() >= 8 && game.len() % 3 == 0 && game.outcome().is_none() {
                out.push(game.clone());
            }
        }
        out
    }

    /// How much worse than the best move `m` is, by a plain depth-4 search, in centipawns.
    fn loss_of<G: BotGame>(game: &Game<G>, m: &Mv<G>) -> i32 {
        let mut s = Searcher::<G>::new(1 << 20);
        let best = s.search(&Request::new(game.position(), Limits::depth(4)), |_| {}).score;
        s.clear();
        let after = SearchGame::play(game.position(), m);
        let played = -s.search(&Request::new(&after, Limits::depth(3)), |_| {}).score;
        (best - played).max(0)
    }

    #[test]
    fn same_seed_same_move() {
        let games = sample_positions(Xiangqi::new(), 5, 30);
        let g = games.last().expect("positions");
        for level in Level::ALL {
            let a = Bot::<Xiangqi>::new(level, 99).choose(g, None, None);
            let b = Bot::<Xiangqi>::new(level, 99).choose(g, None, None);
            assert_eq!(a, b, "{level}");
        }
    }

    /// A bot with a node budget asked twice about one position answers the same with the
    /// same effort: its second search learned nothing from the first.
    #[test]
    fn a_bot_with_a_node_budget_forgets_between_moves() {
        let games = sample_positions(Xiangqi::new(), 5, 30);
        let g = games.last().expect("positions");
        let mut bot = Bot::<Xiangqi>::new(Level::Club, 3);
        let first = bot.choose(g, None, None).expect("a move");
        assert!(!first.from_book);
        assert_eq!(Some(first), bot.choose(g, None, None));
    }

    /// Without a node budget the table carries over: a second look at a position reaches
    /// the same depth for a fraction of the nodes.
    #[test]
    fn a_bot_without_a_node_budget_keeps_its_table() {
        let games = sample_positions(Xiangqi::new(), 5, 30);
        let g = games.last().expect("positions");
        let mut settings = Level::Full.settings(Xiangqi::VARIANT);
        settings.nodes = u64::MAX;
        settings.depth = Some(6);
        let mut bot = Bot::<Xiangqi>::with_settings(Level::Full, settings, 3);
        let first = bot.choose(g, None, None).expect("a move");
        let second = bot.choose(g, None, None).expect("a move");
        assert_eq!(first.depth, second.depth);
        assert!(second.nodes * 4 < first.nodes, "{} then {} nodes", first.nodes, second.nodes);
    }

    #[test]
    fn opens_from_the_book() {
        let game = Game::new(Xiangqi::new());
        for seed in 0..8 {
            let m =
                Bot::<Xiangqi>::new(Level::Novice, seed).choose(&game, None, None).expect("a move");
            assert!(m.from_book);
            assert!(xiangqi::BOOK.iter().any(|l| l.starts_with(&m.mv.to_string())));
        }
    }

    /// Whether a line of `book` goes on from the record `played` (its ply texts).
    fn book_goes_on(book: &[&str], played: &[String]) -> bool {
        book.iter().any(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            words.len() > played.len() && words.iter().zip(played).all(|(a, b)| a == b)
        })
    }

    /// The most plies of any line of `book`.
    fn longest_line(book: &[&str]) -> usize {
        book.iter().map(|l| l.split_whitespace().count()).max().unwrap_or(0)
    }

    /// The grown books: every Friendly chess line plays from the start, and a bot of every
    /// level follows one to its end.
    #[test]
    fn friendly_chess_opens_from_its_grown_book() {
        let book = rodina_rules::Friendly::book();
        assert!(book.len() >= 20, "{} lines", book.len());
        for line in book {
            let mut game = Game::new(rodina_rules::Friendly::new());
            for w in line.split_whitespace() {
                game.play_text(w).unwrap_or_else(|e| panic!("{line}: {w}: {e}"));
            }
        }
        // Full strength, the analysis level, plays no book.
        for level in Level::ALL.into_iter().filter(|l| *l != Level::Full) {
            let mut game = Game::new(rodina_rules::Friendly::new());
            let mut bot = Bot::<rodina_rules::Friendly>::new(level, 3);
            while book_goes_on(book, &game.move_texts()) {
                let m = bot.choose(&game, None, None).expect("a move");
                assert!(m.from_book, "{level} ply {}", game.len());
                game.play_unchecked(&m.mv);
            }
            let played = game.move_texts().join(" ");
            assert!(book.iter().any(|l| l.starts_with(&played)), "{level}: {played}");
            assert_eq!(game.len(), longest_line(book), "{level}: {played}");
        }
    }

    /// Jieqi's book, read from a seat's record of views in dealt games: the bots follow it to
    /// its end whatever the reveals turn up, and every line reads as such a record.
    #[test]
    fn jieqi_opens_from_its_grown_book_whatever_the_reveals_show() {
        use rand::SeedableRng;
        use rodina_rules::{Jieqi, Seat, Start};
        let book = JieqiView::book();
        assert!(book.len() >= 20, "{} lines", book.len());
        let start = JieqiView::start(
            Seat::Player(rodina_rules::Color::White),
            rodina_rules::jieqi::Rules::DEFAULT,
        );
        for line in book {
            crate::book::assert_reads_as_a_record_of_views(&start, line);
        }
        for deal in 0..12u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(deal);
            let truth =
                Jieqi::set_up(&Start::Usual, &Default::default(), &mut rng).expect("a deal");
            let mut game = Game::new(truth);
            // Every level but the last, full strength, which plays no book.
            let level = Level::ALL[deal as usize % (Level::ALL.len() - 1)];
            let mut bots =
                [Bot::<JieqiView>::new(level, deal), Bot::<JieqiView>::new(level, !deal)];
            loop {
                let turn = game.turn();
                let record = game.view(Seat::Player(turn));
                if !book_goes_on(book, &record.move_texts()) {
                    break;
                }
                let m = bots[turn.index()].choose(&record, None, None).expect("a move");
                assert!(m.from_book, "deal {deal} {level} ply {}", record.len());
                game.play(&m.mv).expect("a legal book move");
            }
            assert_eq!(game.len(), longest_line(book), "deal {deal} {level}");
        }
    }

    /// Weaker levels make more and bigger mistakes, but even the Novice does not throw away
    /// material at every move.
    fn blunder_rates<G: BotGame>(positions: &[Game<G>]) -> Vec<(Level, usize)> {
        [Level::Novice, Level::Casual, Level::Club]
            .into_iter()
            .map(|level| {
                let mut blunders = 0;
                for (i, g) in positions.iter().enumerate() {
                    let m =
                        Bot::<G>::new(level, 7 + i as u64).choose(g, None, None).expect("a move");
                    if loss_of(g, &m.mv) >= 250 {
                        blunders += 1;
                    }
                }
                (level, blunders)
            })
            .collect()
    }

    #[test]
    fn levels_err_in_order_and_never_constantly_xiangqi() {
        let positions = sample_positions(Xiangqi::new(), 11, 70);
        assert!(positions.len() >= 15);
        let rates = blunder_rates(&positions);
        let n = positions.len();
        println!("xiangqi blunders in {n} positions: {rates:?}");
        assert!(rates[0].1 >= rates[2].1, "{rates:?}");
        assert!(rates[0].1 * 2 < n, "the Novice blunders in {} of {n}: {rates:?}", rates[0].1);
        assert!(rates[2].1 * 10 <= n, "the Club player blunders: {rates:?}");
    }

    #[test]
    fn levels_err_in_order_and_never_constantly_jeson_mor() {
        // Jeson Mor games between Casual players can end early on the centre: positions from
        // a few games.
        let positions: Vec<_> =
            (3..13).flat_map(|seed| sample_positions(JesonMor::new(), seed, 40)).take(12).collect();
        let rates = blunder_rates(&positions);
        let n = positions.len();
        println!("jeson mor blunders in {n} positions: {rates:?}");
        assert!(n >= 10);
        assert!(rates[0].1 >= rates[2].1, "{rates:?}");
        assert!(rates[0].1 * 2 < n.max(2), "{rates:?} of {n}");
    }

    #[test]
    fn does_not_lose_by_perpetual_check() {
        // Red's chariot checks Black's general back and forth; Red's next a9a10 would bring
        // the start position a third time with Red having checked at every move of the
        // cycle: a loss for Red (perpetual check). The bot must play something else.
        let start = Xiangqi::from_fen("R2k5/9/9/9/9/8p/9/9/9/4K4 b - - 0 1").expect("valid");
        let mut game = Game::new(start);
        for text in ["d10d9", "a10a9", "d9d10", "a9a10", "d10d9", "a10a9", "d9d10"] {
            let m = game.position().parse_move(text).expect("legal");
            game.play(&m).expect("legal");
        }
        let legal = game.legal_moves();
        let allowed = moves_not_losing_by_history(&game, &legal);
        let repeat = game.position().parse_move("a9a10").expect("legal");
        assert!(legal.contains(&repeat));
        assert!(!allowed.contains(&repeat), "a9a10 would complete a perpetual check");
        let mut g = game.clone();
        g.play_unchecked(&repeat);
        assert_eq!(g.outcome().and_then(|o| o.winner()), Some(rodina_rules::Color::Black));
        for level in [Level::Novice, Level::Full] {
            let m = Bot::<Xiangqi>::new(level, 1).choose(&game, None, None).expect("a move");
            assert_ne!(m.mv, repeat, "{level}");
        }
    }
}
