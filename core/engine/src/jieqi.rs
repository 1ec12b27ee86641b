//! Jieqi for the search, from one seat's view only: the [`SearchGame`] implementation on
//! [`JieqiView`] and its evaluation. The bot is [`crate::Bot`]`<JieqiView>`: it takes a seat's
//! record of views (`Game<JieqiView>`), never the true state.
//!
//! A move that turns a face-down piece up is a chance node: its outcomes are the identities of
//! the mover's pool as the seat knows it, each as likely as its count. So is a capture of a
//! face-down piece whose identity the seat then learns. The search averages the outcomes
//! (expectimax with Star1 bounds, see [`crate::Searcher`]). The evaluation counts face-up
//! pieces as in Xiangqi, with the values Jieqi gives them (advisors and elephants, free of
//! palace and river once revealed, are worth more), and a face-down piece as the expected
//! value of its side's pool.

use rodina_rules::jieqi::{Cell, JieqiView, Move, Pool, Repetition, Role, Square};
use rodina_rules::{Color, DrawReason, Outcome, Position, WinReason};

use crate::game::SearchGame;
use crate::xiangqi::{
    CANNON_PST, CHARIOT_PST, HORSE_PST, MOB_CANNON, MOB_CHARIOT, MOB_HORSE, SOLDIER_PST,
    cannon_mobility, chariot_mobility, code, horse_mobility, pst,
};

/// Value of a face-up piece by role (index: role discriminant, 1 = general .. 7 = soldier).
/// Revealed advisors and elephants roam the whole board, so they count for more than in
/// Xiangqi.
const VALUE: [i32; 8] = [0, 0, 200, 230, 420, 920, 450, 100];

/// A face-down piece keeps the opponent guessing and will choose its moment to turn up.
const HIDDEN_BONUS: i32 = 10;

/// A bonus for the side to move.
const TEMPO: i32 = 10;

/// The expected value of one face-down piece of a side with this pool.
fn expected(pool: &Pool) -> i32 {
    let total = pool.total() as i32;
    if total == 0 {
        return 0;
    }
    pool.iter().map(|(r, n)| VALUE[r as usize] * i32::from(n)).sum::<i32>() / total
}

/// The static evaluation of a view, from the side to move's point of view.
pub fn evaluate(view: &JieqiView) -> i32 {
    let mut board = [0u8; 90];
    let mut hidden = [false; 90];
    for (s, cell) in view.pieces() {
        if let Some(p) = view.mover_at(s) {
            board[s.index()] = code(p.color, p.role);
        }
        hidden[s.index()] = matches!(cell, Cell::FaceDown(_));
    }
    let expect = [expected(&view.pool(Color::White)), expected(&view.pool(Color::Black))];
    let mut score = [0i32; 2];
    for s in 0..90 {
        let c = board[s];
        if c == 0 {
            continue;
        }
        let color = if c & 8 != 0 { Color::Black } else { Color::White };
        let side = &mut score[color.index()];
        if hidden[s] {
            *side += expect[color.index()] + HIDDEN_BONUS;
            continue;
        }
        let role = c & 7;
        *side += VALUE[role as usize];
        match role {
            4 => {
                *side += pst(&HORSE_PST, color, s) + horse_mobility(&board, s, color) * MOB_HORSE.0
            }
            5 => {
                *side +=
                    pst(&CHARIOT_PST, color, s) + chariot_mobility(&board, s, color) * MOB_CHARIOT.0
            }
            6 => {
                *side +=
                    pst(&CANNON_PST, color, s) + cannon_mobility(&board, s, color) * MOB_CANNON.0
            }
            7 => *side += pst(&SOLDIER_PST, color, s),
            _ => {}
        }
    }
    let us = view.turn();
    score[us.index()] - score[(!us).index()] + TEMPO
}

/// The value of whatever stands on `s` (expected, if face down), for move ordering.
fn value_at(view: &JieqiView, s: Square) -> i32 {
    match view.cell_at(s) {
        Some(Cell::FaceUp(p)) => {
            VALUE[p.role as usize] + if p.role == Role::General { 5000 } else { 0 }
        }
        Some(Cell::FaceDown(c)) => expected(&view.pool(c)),
        None => 0,
    }
}

impl SearchGame for JieqiView {
    type Move = Move;
    const HAS_CHECK: bool = true;
    const HAS_CHANCE: bool = true;
    const HISTORY_SIZE: usize = 90 * 90;

    #[inline]
    fn side(&self) -> Color {
        self.turn()
    }

    /// The board and both pools: two views with one board may know different things.
    #[inline]
    fn key(&self) -> u64 {
        self.search_key()
    }

    fn moves(&self, out: &mut Vec<Move>) {
        self.legal_moves_into(out);
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }

    /// Under the Vietnamese rules a repetition is a plain draw; under the others perpetual
    /// check loses.
    fn perpetual_check_loses(&self) -> bool {
        self.rules().repetition == Repetition::Asian
    }

    fn chased_by(&self, before: &Self, m: &Move) -> u128 {
        Self::chased_by(self, before, *m)
    }

    fn points_before(points: u128, m: &Move) -> u128 {
        let to = 1u128 << m.to.index();
        if points & to != 0 { (points ^ to) | 1u128 << m.from.index() } else { points }
    }

    fn play(&self, m: &Move) -> Self {
        let mut next = self.clone();
        next.play_seen_unchecked(*m, None, None);
        next
    }

    fn is_chance(&self, m: &Move) -> bool {
        Position::is_chance(self, m)
    }

    /// One outcome per identity the move can turn up (the mover's pool) and, where the seat
    /// learns it, per identity the captured face-down piece can have (the victim's pool),
    /// weighted by their counts.
    fn outcomes(&self, m: &Move, out: &mut Vec<(Self, u32)>) {
        let mover = self.turn();
        let reveals: Vec<(Option<Role>, u32)> = if self.is_reveal(*m) {
            self.pool(mover).iter().map(|(r, n)| (Some(r), u32::from(n))).collect()
        } else {
            vec![(None, 1)]
        };
        let captures: Vec<(Option<Role>, u32)> = if self.learns_capture(*m) {
            self.pool(!mover).iter().map(|(r, n)| (Some(r), u32::from(n))).collect()
        } else {
            vec![(None, 1)]
        };
        for &(revealed, a) in &reveals {
            for &(captured, b) in &captures {
                // A piece cannot be both the revealed and the captured one: they belong to
                // different sides, so the two pools are independent.
                let mut next = self.clone();
                next.play_seen_unchecked(*m, revealed, captured);
                out.push((next, a * b));
            }
        }
    }

    fn null_move(&self) -> Option<Self> {
        None
    }

    fn capture_order(&self, m: &Move) -> Option<i32> {
        self.cell_at(m.to)?;
        Some(value_at(self, m.to) / 10 * 16 - value_at(self, m.from) / 10)
    }

    /// Quiescence leaves out a face-down piece (worth its pool's average) taking a cheaper
    /// face-up piece: such a capture turns the piece up in the middle of an exchange, a
    /// gamble the static look at its outcomes cannot judge; the full-width search still
    /// tries it.
    fn is_bad_capture(&self, m: &Move) -> bool {
        let Some(victim) = self.cell_at(m.to) else { return false };
        let attacker = value_at(self, m.from);
        attacker > value_at(self, m.to) + 50
            && self.mover_at(m.from).is_some_and(|p| p.role != Role::General)
            && self.is_face_down(m.from)
            && !matches!(victim, Cell::FaceDown(_))
    }

    fn capture_gain(&self, m: &Move) -> i32 {
        if self.cell_at(m.to).is_some() { value_at(self, m.to) + 100 } else { 0 }
    }

    #[inline]
    fn move_key(&self, m: &Move) -> u32 {
        (m.from.index() * 90 + m.to.index()) as u32 + 1
    }

    #[inline]
    fn history_index(&self, m: &Move) -> usize {
        m.from.index() * 90 + m.to.index()
    }

    fn is_irreversible(&self, m: &Move) -> bool {
        self.is_capture(*m) || self.is_reveal(*m)
    }

    fn terminal(&self) -> Option<Outcome> {
        // The rule set's limit: 80 plies under Tencent's rules, 100 otherwise.
        let limit = self.rules().no_capture_plies;
        if self.halfmove_clock() >= limit {
            return Some(Outcome::Draw { reason: DrawReason::no_capture_limit(limit) });
        }
        None
    }

    fn no_moves_outcome(&self) -> Outcome {
        let reason = if self.is_check() { WinReason::Checkmate } else { WinReason::NoMoves };
        Outcome::Win { winner: !self.turn(), reason }
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use rodina_rules::jieqi::{Jieqi, Rules, Seat};
    use rodina_rules::{Game, Truth, View};

    use super::*;
    use crate::{Bot, Level, Limits, Request, Searcher};

    fn shuffled(seed: u64) -> Jieqi {
        Jieqi::shuffled(&mut ChaCha8Rng::seed_from_u64(seed), Rules::DEFAULT)
    }

    #[test]
    fn the_start_is_balanced_and_hidden_pieces_count_their_pool() {
        let view = shuffled(1).view(Seat::Player(Color::White));
        assert_eq!(evaluate(&view), TEMPO);
        assert_eq!(
            expected(&Pool::FULL),
            (2 * 200 + 2 * 230 + 2 * 420 + 2 * 920 + 2 * 450 + 5 * 100) / 15
        );
    }

    #[test]
    fn a_reveal_is_a_chance_node_over_the_pool() {
        let view = shuffled(2).view(Seat::Player(Color::White));
        let m = view.parse_move("h3e3").expect("legal");
        assert!(SearchGame::is_chance(&view, &m));
        let mut outs = Vec::new();
        view.outcomes(&m, &mut outs);
        // Six identities, weighted by their counts: fifteen pieces in all.
        assert_eq!(outs.len(), 6);
        assert_eq!(outs.iter().map(|(_, w)| w).sum::<u32>(), 15);
        // A general's step is no chance.
        let g = view.parse_move("e1e2").expect("legal");
        assert!(!SearchGame::is_chance(&view, &g));
    }

    /// Plays `moves` on the true game (face-down moves reveal what the shuffle put there).
    fn play(truth: Jieqi, moves: &[&str]) -> Game<Jieqi> {
        let mut game = Game::new(truth);
        for text in moves {
            let m = game.position().parse_move(text).expect("legal");
            game.play(&m).expect("legal");
        }
        game
    }

    #[test]
    fn games_that_differ_only_in_hidden_identities_get_the_same_move() {
        let seat = Seat::Player(Color::White);
        // Two shuffles, the same moves: reveals differ, so deal both games from one view.
        let game = play(shuffled(3), &["h3e3", "b8e8", "e1e2", "e10e9"]);
        let view = game.position().view(seat);
        let mut bots = Vec::new();
        for deal_seed in [10, 11, 12] {
            // A true position the seat cannot tell from the first: the identities it does
            // not know are dealt at random.
            let truth = Jieqi::deal(&view, &mut ChaCha8Rng::seed_from_u64(deal_seed));
            let other = truth.view(seat);
            assert_eq!(other.fen(), view.fen(), "the same view");
            let record = Game::new(other);
            let m =
                Bot::<JieqiView>::new(Level::Club, 5).choose(&record, None, None).expect("a move");
            bots.push(m);
        }
        assert!(bots.windows(2).all(|w| w[0] == w[1]), "{bots:?}");
        // From the very start too: different shuffles, one view, one move.
        let a = Game::new(shuffled(20).view(seat));
        let b = Game::new(shuffled(21).view(seat));
        assert_eq!(
            Bot::<JieqiView>::new(Level::Casual, 9).choose(&a, None, None),
            Bot::<JieqiView>::new(Level::Casual, 9).choose(&b, None, None)
        );
    }

    #[test]
    fn takes_a_hanging_chariot() {
        // Black's chariot, revealed on e6, hangs to Red's revealed cannon (screen on e5) and to
        // the soldier on e5.
        let view = JieqiView::from_fen(
            "xxxxkxxxx/9/1x5x1/x1x3x1x/4r4/4P4/X1X3X1X/1X2C4/9/XXXXKXXXX w A2B2N2R2C1P4a2b2n2r1c2p5 0 1 -",
            Seat::Player(Color::White),
        )
        .expect("valid view FEN");
        let record = Game::new(view);
        let m = Bot::<JieqiView>::new(Level::Club, 1).choose(&record, None, None).expect("a move");
        assert_eq!(m.mv.to.to_string(), "e6", "{m:?}");
    }

    #[test]
    fn plays_a_whole_game_from_views_only() {
        let mut game = Game::new(shuffled(4));
        let mut bots =
            [Bot::<JieqiView>::new(Level::Beginner, 1), Bot::<JieqiView>::new(Level::Beginner, 2)];
        // A game ends: every 100 plies at the most a piece is taken, and 30 can be.
        while game.outcome().is_none() && game.len() < 3_100 {
            let seat = Seat::Player(game.turn());
            let record = game.view(seat);
            let m = bots[game.turn().index()].choose(&record, None, None).expect("a move").mv;
            game.play(&m).expect("the bot's move is legal");
        }
        assert!(game.outcome().is_some(), "{} plies and no end", game.len());
    }

    /// Views from a game of two Beginner bots, every seventh ply: captures and reveals
    /// everywhere, the chance nodes quiescence judges statically.
    fn sample_views(seed: u64, plies: usize) -> Vec<JieqiView> {
        let mut game = Game::new(shuffled(seed));
        let mut bots = [
            Bot::<JieqiView>::new(Level::Beginner, seed),
            Bot::<JieqiView>::new(Level::Beginner, seed + 1),
        ];
        let mut views = Vec::new();
        while game.outcome().is_none() && game.len() < plies {
            let seat = Seat::Player(game.turn());
            let record = game.view(seat);
            if game.len() % 7 == 3 {
                views.push(record.position().clone());
            }
            let m = bots[game.turn().index()].choose(&record, None, None).expect("a move").mv;
            game.play(&m).expect("the bot's move is legal");
        }
        views
    }

    #[test]
    fn a_node_limited_search_keeps_to_its_budget() {
        // Every node is counted where the limit is checked, the outcomes quiescence judges
        // statically too, so a search never goes past its budget.
        let mut over = Vec::new();
        let mut searched = 0;
        for seed in [5, 6] {
            for view in sample_views(seed, 90) {
                let mut s = Searcher::<JieqiView>::new(1 << 20);
                for limit in [1, 2, 3, 5, 8, 13, 50, 137, 500, 1_009, 3_001, 10_007] {
                    s.clear();
                    let r = s.search(&Request::new(&view, Limits::nodes(limit)), |_| {});
                    searched += 1;
                    assert!(r.best.is_some());
                    if r.nodes > limit {
                        over.push((view.fen(), limit, r.nodes));
                    }
                }
            }
        }
        assert!(searched > 50, "{searched} searches");
        assert!(over.is_empty(), "{} of {searched} searches went over: {over:?}", over.len());
    }

    #[test]
    fn a_reveal_that_gives_check_in_quiescence_is_searched_not_guessed() {
        // Red's face-down piece on a1 moves as a chariot and takes Black's advisor on a10. If
        // it turns up a chariot (one outcome in two), Black's general on d10 is mated: the
        // chariot on i9 holds the ninth rank. If a soldier, the game goes on with Red a
        // chariot up.
        let view = JieqiView::from_fen(
            "a2k5/8R/9/9/9/4p4/2X6/9/9/X3K4 w R1P1 0 1",
            Seat::Player(Color::White),
        )
        .expect("valid view FEN");
        let m = view.parse_move("a1a10").expect("legal");
        assert!(SearchGame::is_chance(&view, &m));
        let mut outs = Vec::new();
        view.outcomes(&m, &mut outs);
        assert_eq!(outs.len(), 2);
        let mated = outs.iter().filter(|(o, _)| o.in_check()).count();
        assert_eq!(mated, 1, "only the chariot gives check");
        // As quiescence sees it (a negative depth: each outcome judged on its own).
        let mut s = Searcher::<JieqiView>::new(1 << 20);
        let v = s.chance_value_for_test(&view, &m, -1);
        // The mate counts as a win (kept inside the evaluation range), the other outcome as
        // its evaluation: the average is far above anything material alone gives.
        let soldier = outs.iter().find(|(o, _)| !o.in_check()).map(|(o, _)| -evaluate(o));
        let soldier = soldier.expect("the soldier outcome");
        assert_eq!(v, (crate::score::EVAL_LIMIT + soldier) / 2, "{v}, soldier outcome {soldier}");
    }

    #[test]
    fn the_search_ends_a_game_at_its_rule_sets_capture_limit() {
        // Eighty quiet plies: Tencent's limit, not the default's.
        let fen = rodina_rules::jieqi::START_VIEW_FEN.replace(" 0 1", " 80 41");
        let tencent =
            JieqiView::from_fen_with_rules(&fen, Seat::Player(Color::White), Rules::TENCENT)
                .unwrap();
        let default =
            JieqiView::from_fen_with_rules(&fen, Seat::Player(Color::White), Rules::DEFAULT)
                .unwrap();
        assert_eq!(tencent.halfmove_clock(), 80);
        assert_eq!(tencent.terminal(), Some(Outcome::Draw { reason: DrawReason::MoveLimit }));
        assert_eq!(default.terminal(), None);
    }
}
