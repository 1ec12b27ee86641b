//! From a search score to the chance of winning, per game.
//!
//! lichess judges "only moves" by the win chance of the scores, `2/(1+exp(-k·cp)) - 1` in
//! `-1..=1`, with chess's `k = 0.00368208`. Our games score differently (a Jeson Mor knight,
//! a Xiangqi chariot, a bond), so each game has its own `k`, fitted by [`fit`] to the results
//! of our own self-play (`rodina puzzles fit GAME`): the `k` that makes the expected score
//! `1/(1+exp(-k·cp))` of every analysed position most likely given how the game ended.

use rodina_engine::score::is_mate;
use rodina_rules::Variant;

/// The fitted `k` of each game, from `rodina puzzles fit GAME --games N --seed 1` (Club
/// against Club from the generator's openings, 20,000 scan nodes): Xiangqi N = 200 (23,282
/// positions, fitted again when its evaluation's numbers were fitted a second time and scored
/// about a quarter higher; the engine before gave 0.002 910 11 the same way), Jeson Mor
/// N = 300 (8,237), Friendly chess N = 100 (6,732: its games are long and even, so only a bond
/// of the king is sure), Jieqi N = 150 (10,237 positions, each scored on the mover's view:
/// hidden pieces make a score less sure than Xiangqi's). Full-strength play barely steepens
/// the curve: our engine against itself at 50 ms a move (`fit xiangqi --engine "rodina uci"`,
/// 200 games, 24,389 positions) gives 0.003 074 62, where Fairy-Stockfish's own scores give
/// 0.006 421 11: its centipawns are worth about twice ours.
pub const fn fitted_k(variant: Variant) -> f64 {
    match variant {
        Variant::Xiangqi => 0.002_748_54,
        Variant::Jieqi => 0.002_064_11,
        Variant::JesonMor => 0.012_898_48,
        Variant::Friendly => 0.001_226_77,
    }
}

/// A game's score-to-win-chance curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinChance {
    /// The slope: how fast the chance grows with the score.
    pub k: f64,
}

impl WinChance {
    /// The fitted curve of `variant`.
    pub const fn of(variant: Variant) -> WinChance {
        WinChance { k: fitted_k(variant) }
    }

    /// The win chance of `score` (side to move's view) in `-1..=1`; a mate is ±1.
    pub fn of_score(self, score: i32) -> f64 {
        if is_mate(score) {
            return if score > 0 { 1.0 } else { -1.0 };
        }
        2.0 / (1.0 + (-self.k * f64::from(score)).exp()) - 1.0
    }
}

/// One analysed position: the score for the side to move, and how the game ended for it
/// (1 won, 0.5 drawn, 0 lost).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The score, side to move's view (mates left out by the caller).
    pub score: i32,
    /// The game's result for the side to move.
    pub result: f64,
}

/// The samples of one finished game: each scored position (the mover and its score) with
/// how the game ended for that mover (`winner`: `None` for a draw).
pub fn samples_of(
    scored: impl IntoIterator<Item = (rodina_rules::Color, i32)>,
    winner: Option<rodina_rules::Color>,
) -> Vec<Sample> {
    scored
        .into_iter()
        .map(|(side, score)| Sample {
            score,
            result: match winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
        })
        .collect()
}

/// The `k` that maximises the likelihood of `samples` under `E = 1/(1+exp(-k·score))`, found
/// by Newton's method on the log-likelihood (concave in `k`); `None` with no usable sample.
pub fn fit(samples: &[Sample]) -> Option<f64> {
    let usable: Vec<Sample> =
        samples.iter().copied().filter(|s| !is_mate(s.score) && s.score != 0).collect();
    if usable.is_empty() {
        return None;
    }
    let mut k = 0.003_f64;
    for _ in 0..100 {
        let (mut grad, mut hess) = (0.0, 0.0);
        for s in &usable {
            let x = f64::from(s.score);
            let e = 1.0 / (1.0 + (-k * x).exp());
            grad += (s.result - e) * x;
            hess -= e * (1.0 - e) * x * x;
        }
        if hess >= 0.0 {
            return None;
        }
        let step = grad / hess;
        k -= step;
        if !k.is_finite() || k <= 0.0 {
            return None;
        }
        if step.abs() < 1e-9 {
            break;
        }
    }
    Some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_certain_and_even_is_even() {
        let w = WinChance { k: 0.004 };
        assert_eq!(w.of_score(0), 0.0);
        assert_eq!(w.of_score(rodina_engine::score::MATE - 3), 1.0);
        assert_eq!(w.of_score(-rodina_engine::score::MATE + 3), -1.0);
        assert!(w.of_score(200) > 0.3 && w.of_score(200) < 0.5);
        assert!((w.of_score(-150) + w.of_score(150)).abs() < 1e-12);
    }

    #[test]
    fn the_fit_finds_the_slope_the_results_follow() {
        // Results drawn from a known curve (k = 0.006) by a fixed sequence, no randomness.
        let k = 0.006;
        let mut samples = Vec::new();
        let mut r: u64 = 1;
        for i in 0..20_000 {
            let score = (i % 801) - 400;
            let e = 1.0 / (1.0 + (-k * f64::from(score)).exp());
            r = rodina_rules::random::mix64(r);
            let u = (r >> 11) as f64 / (1u64 << 53) as f64;
            samples.push(Sample { score, result: if u < e { 1.0 } else { 0.0 } });
        }
        let fitted = fit(&samples).unwrap();
        assert!((fitted - k).abs() < 0.0006, "{fitted}");
        assert_eq!(fit(&[]), None);
    }
}
