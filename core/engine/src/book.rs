//! Opening books grown by the engine's own searches, for games without an opening theory we
//! could take lines from (Jieqi, Friendly chess).
//!
//! From the start, every legal move of a position is searched on its own; the moves within a
//! margin of the best (a few at most) are kept, and the tree grows from each until a number
//! of plies. A chance move (a Jieqi reveal) is followed into each of its outcomes, so that the
//! reply can suit what the reveal turned up. The lines are written in the form
//! [`crate::BotGame::book`] reads: the ply texts of the record so far (what each move did,
//! `h3e3=C` for a reveal), then the move text of a kept move.

use std::sync::LazyLock;

use rodina_rules::Position;

use crate::bot::BotGame;
use crate::search::{Limits, MAX_PLY, Request, Searcher};

/// Friendly chess's book, grown by `rodina book` (the file's first line says how).
pub(crate) static FRIENDLY: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| lines_of(include_str!("../books/friendly.book")));

/// Jieqi's book, grown by `rodina book` from the start as a seat sees it (the file's first
/// line says how).
pub(crate) static JIEQI: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| lines_of(include_str!("../books/jieqi.book")));

/// The lines of a book file as `rodina book` prints it: one line a row, `#` rows saying how
/// it was made.
fn lines_of(text: &'static str) -> Vec<&'static str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
}

/// How a book grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// Plies of the longest line.
    pub plies: usize,
    /// Nodes searched for each move of each position of the tree.
    pub nodes: u64,
    /// Centipawns a kept move may score below the position's best.
    pub margin: i32,
    /// Moves kept per position at most.
    pub keep: usize,
}

/// The lines of an opening book for `G` grown from `start` (see the module's documentation),
/// sorted, none a prefix of another. `searched` hears of every position whose moves were
/// searched, for progress reports.
pub fn grow_book<G: BotGame>(
    start: &G,
    opts: &BookOptions,
    mut searched: impl FnMut(usize),
) -> Vec<String> {
    let mut searcher = Searcher::<G>::new(1 << 22);
    let mut lines = Vec::new();
    let mut positions = 0;
    grow(start, &mut Vec::new(), opts, &mut searcher, &mut lines, &mut |n| {
        positions += n;
        searched(positions);
    });
    lines.sort();
    lines.dedup();
    // A line that another one continues says nothing more; sorted, the continuations of a
    // line come right after it.
    let continued: Vec<bool> = lines
        .windows(2)
        .map(|w| w[1].strip_prefix(w[0].as_str()).is_some_and(|rest| rest.starts_with(' ')))
        .chain([false])
        .collect();
    lines.into_iter().zip(continued).filter(|(_, c)| !c).map(|(l, _)| l).collect()
}

fn grow<G: BotGame>(
    pos: &G,
    line: &mut Vec<String>,
    opts: &BookOptions,
    searcher: &mut Searcher<G>,
    lines: &mut Vec<String>,
    searched: &mut impl FnMut(usize),
) {
    if line.len() >= opts.plies || Position::outcome(pos).is_some() {
        return;
    }
    let kept = best_moves(pos, opts, searcher);
    searched(1);
    for mv in kept {
        let text = Position::move_text(pos, &mv);
        let mut here = line.clone();
        here.push(text.clone());
        lines.push(here.join(" "));
        if line.len() + 1 >= opts.plies {
            continue;
        }
        let mut children = Vec::new();
        crate::SearchGame::outcomes(pos, &mv, &mut children);
        for (child, _) in children {
            line.push(<G as Position>::ply_text(pos, &child, &mv));
            grow(&child, line, opts, searcher, lines, searched);
            line.pop();
        }
    }
}

/// The moves of `pos` within the margin of the best, best first, at most `opts.keep`. In a
/// game of chance, captures are left out: what a capture of a face-down piece shows differs
/// between the seats, and a book line must read the same on both.
fn best_moves<G: BotGame>(
    pos: &G,
    opts: &BookOptions,
    searcher: &mut Searcher<G>,
) -> Vec<<G as Position>::Move> {
    let mut legal = Vec::new();
    crate::SearchGame::moves(pos, &mut legal);
    // A depth limit as deep as none: a search of one root move would otherwise stop early,
    // taking it for a forced move.
    let limits = Limits { depth: Some(MAX_PLY as u32 - 1), ..Limits::nodes(opts.nodes) };
    let mut scored: Vec<(i32, <G as Position>::Move)> = legal
        .into_iter()
        .filter(|m| !(G::HAS_CHANCE && pos.capture_order(m).is_some()))
        .map(|m| {
            searcher.clear();
            let only = [m.clone()];
            let req = Request { root_moves: Some(&only), ..Request::new(pos, limits) };
            (searcher.search(&req, |_| {}).score, m)
        })
        .collect();
    // Stable: equal scores keep the move generator's order, so a book is made again alike.
    scored.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    let Some(&(best, _)) = scored.first() else { return Vec::new() };
    scored
        .into_iter()
        .take_while(|(s, _)| *s >= best - opts.margin)
        .take(opts.keep)
        .map(|(_, m)| m)
        .collect()
}

/// Panics unless the Jieqi book `line` reads as a seat's record of views from `start`: the
/// bot, given such a record, would find the line's next move among its legal ones.
#[cfg(test)]
pub(crate) fn assert_reads_as_a_record_of_views(start: &rodina_rules::JieqiView, line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut game = rodina_rules::Game::new(start.clone());
    for w in &words[..words.len() - 1] {
        game.follow_text(w).unwrap_or_else(|e| panic!("{line}: {w}: {e}"));
    }
    let last = game.position().parse_move(words[words.len() - 1]).expect("a move text");
    assert!(game.legal_moves().contains(&last), "{line}");
}

#[cfg(test)]
mod tests {
    use rodina_rules::jieqi::{JieqiView, Rules};
    use rodina_rules::{Color, Game, Seat, Xiangqi};

    use super::*;

    const SMALL: BookOptions = BookOptions { plies: 2, nodes: 2_000, margin: 40, keep: 2 };

    #[test]
    fn an_open_game_book_holds_lines_of_legal_moves() {
        let lines = grow_book(&Xiangqi::new(), &SMALL, |_| {});
        assert!(!lines.is_empty() && lines.len() <= 4, "{lines:?}");
        for line in &lines {
            let mut game = Game::new(Xiangqi::new());
            for word in line.split_whitespace() {
                game.play_text(word).unwrap_or_else(|e| panic!("{line}: {word}: {e}"));
            }
            assert_eq!(game.len(), 2, "{line}");
        }
    }

    #[test]
    fn a_jieqi_book_follows_every_reveal_and_the_bot_reads_it() {
        let start = JieqiView::start(Seat::Player(Color::White), Rules::DEFAULT);
        let opts = BookOptions { plies: 2, nodes: 1_000, margin: 30, keep: 1 };
        let lines = grow_book(&start, &opts, |_| {});
        // One first move, and a reply for each identity it can reveal (7 roles but the
        // general's, the face-down pool of the start).
        let first: Vec<&String> = lines.iter().filter(|l| !l.contains(' ')).collect();
        assert_eq!(first.len(), 1, "{lines:?}");
        let replies = lines.iter().filter(|l| l.starts_with(&format!("{}=", first[0]))).count();
        assert_eq!(replies, 6, "{lines:?}");
        // Every line reads as a record of views.
        for line in &lines {
            assert_reads_as_a_record_of_views(&start, line);
        }
    }
}
