//! Glicko-2 ratings of players and puzzles, with the settings lichess runs its puzzles with.
//!
//! A puzzle is played as a game between the solver and the puzzle: solving it is the solver's
//! win. Each attempt is its own rating period of one game, for both sides. The algorithm is
//! Glickman's (“Example of the Glicko-2 system”, 2013); the settings are lichess's puzzle
//! settings: tau 0.75, a start of 1500 / 500 / 0.09, the deviation kept within 45..500, the
//! volatility at most 0.1, the rating at least 400, and one result moving a puzzle's rating
//! by at most 700.
//!
//! The arithmetic is IEEE 754 double precision with `exp` and `ln` from `libm` (a pure Rust
//! port of musl's), not the platform's: the same log replays to the same bits on every
//! device and on the server, which the merge of two devices' logs relies on.

use crate::Theme;

/// The Glicko-2 scale factor between the displayed scale and the internal one (400 / ln 10).
const SCALE: f64 = 173.7178;

/// The rating every new player and puzzle starts from.
const START_RATING: f64 = 1500.0;

/// The deviation of a new rating.
const START_DEVIATION: f64 = 500.0;

/// The volatility of a new rating.
const START_VOLATILITY: f64 = 0.09;

/// The deviation below which a rating is established rather than provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How close the volatility iteration must come (Glickman's epsilon).
const CONVERGENCE: f64 = 0.000_001;

/// A bound on the volatility iteration, so that a pathological input cannot loop for long:
/// the Illinois method converges in a few dozen steps on every real input.
const MAX_ITERATIONS: usize = 200;

/// A Glicko-2 rating on the displayed scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation: how unsure the rating is.
    pub deviation: f64,
    /// The volatility: how erratic the results have been.
    pub volatility: f64,
}

impl Default for Rating {
    /// The start: 1500, deviation 500, volatility 0.09.
    fn default() -> Self {
        Rating { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY }
    }
}

impl Rating {
    /// A rating with the start volatility: how a puzzle's rating and deviation from a bank
    /// become a Glicko-2 rating (the banks keep no volatility).
    pub fn new(rating: f64, deviation: f64) -> Rating {
        Rating { rating, deviation, volatility: START_VOLATILITY }
    }

    /// Whether the rating is still provisional (its deviation is 110 or more), as lichess
    /// marks it with a question mark.
    pub fn is_provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION || self.deviation.is_nan()
    }

    /// The rating with every field that is not a finite number replaced by the start value,
    /// so that one damaged value cannot spread NaN through every later rating.
    fn finite(self) -> Rating {
        let start = Rating::default();
        let pick = |v: f64, d: f64| if v.is_finite() { v } else { d };
        Rating {
            rating: pick(self.rating, start.rating),
            deviation: pick(self.deviation, start.deviation).abs(),
            volatility: pick(self.volatility, start.volatility).abs(),
        }
    }
}

/// The settings of the rating system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The system constant tau: how fast the volatility may change.
    pub tau: f64,
    /// The lowest rating.
    pub min_rating: f64,
    /// The lowest deviation: a rating never becomes entirely sure, so it can still follow a
    /// player who improves.
    pub min_deviation: f64,
    /// The highest deviation.
    pub max_deviation: f64,
    /// The highest volatility.
    pub max_volatility: f64,
    /// The most one result may move a puzzle's rating, either way.
    pub max_puzzle_change: f64,
}

impl Default for Glicko {
    /// [`Glicko::LICHESS`].
    fn default() -> Self {
        Glicko::LICHESS
    }
}

impl Glicko {
    /// lichess's puzzle settings.
    pub const LICHESS: Glicko = Glicko {
        tau: 0.75,
        min_rating: 400.0,
        min_deviation: 45.0,
        max_deviation: 500.0,
        max_volatility: 0.1,
        max_puzzle_change: 700.0,
    };

    /// One rating period of `player` against `games` (each opponent's rating before the
    /// period and the player's score against it: 1 a win, 0 a loss, 0.5 a draw), then the
    /// bounds of these settings. A period without games only widens the deviation.
    ///
    /// Scores outside 0..=1 are brought into it and a score that is not a number counts as a
    /// draw: this never panics and never returns a non-finite rating.
    pub fn rate(&self, player: Rating, games: &[(Rating, f64)]) -> Rating {
        let new = self.period(player.finite(), games);
        self.bounded(new)
    }

    /// A solver's attempt at a puzzle: the solver's new rating and the puzzle's.
    ///
    /// `puzzle_weight` (0..=1) damps the puzzle's change: the puzzle moves by that share of
    /// what the result alone would move it, as lichess damps puzzles whose theme gives the
    /// answer away ([`puzzle_weight`]). The solver's rating always moves in full. The
    /// puzzle's rating then moves by at most [`Glicko::max_puzzle_change`].
    pub fn attempt(
        &self,
        solver: Rating,
        puzzle: Rating,
        solved: bool,
        puzzle_weight: f64,
    ) -> (Rating, Rating) {
        let (solver, puzzle) = (solver.finite(), puzzle.finite());
        let score = if solved { 1.0 } else { 0.0 };
        let new_solver = self.bounded(self.period(solver, &[(puzzle, score)]));
        let full = self.period(puzzle, &[(solver, 1.0 - score)]);
        let w = if puzzle_weight.is_finite() { puzzle_weight.clamp(0.0, 1.0) } else { 1.0 };
        let toward = |old: f64, new: f64| old + w * (new - old);
        let change = toward(puzzle.rating, full.rating) - puzzle.rating;
        let cap = self.max_puzzle_change.abs();
        let damped = Rating {
            rating: puzzle.rating + change.clamp(-cap, cap),
            deviation: toward(puzzle.deviation, full.deviation),
            volatility: toward(puzzle.volatility, full.volatility),
        };
        (new_solver, self.bounded(damped))
    }

    /// The bounds of these settings applied to `r`.
    fn bounded(&self, r: Rating) -> Rating {
        let r = r.finite();
        Rating {
            rating: r.rating.max(self.min_rating),
            deviation: r.deviation.max(self.min_deviation).min(self.max_deviation),
            volatility: r.volatility.min(self.max_volatility),
        }
    }

    /// Glickman's steps 2 to 8 for one rating period, without bounds.
    fn period(&self, player: Rating, games: &[(Rating, f64)]) -> Rating {
        let mu = (player.rating - START_RATING) / SCALE;
        let phi = player.deviation / SCALE;
        let sigma = player.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating { deviation: phi_star * SCALE, ..player };
        }
        // Step 3 and 4: the estimated variance v and the improvement delta.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for (opponent, score) in games {
            let opponent = opponent.finite();
            let score = if score.is_nan() { 0.5 } else { score.clamp(0.0, 1.0) };
            let mu_j = (opponent.rating - START_RATING) / SCALE;
            let g = g(opponent.deviation / SCALE);
            let e = 1.0 / (1.0 + libm::exp(-g * (mu - mu_j)));
            inverse_v += g * g * e * (1.0 - e);
            sum += g * (score - e);
        }
        // An opponent so sure and so far away that the result tells nothing: no change but
        // the deviation's widening (and no division by zero).
        if inverse_v.is_nan() || inverse_v <= 0.0 || inverse_v.is_infinite() {
            return self.period(player, &[]);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma_new = self.volatility(phi, sigma, v, delta);
        // Steps 6 and 7.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: mu_new * SCALE + START_RATING,
            deviation: phi_new * SCALE,
            volatility: sigma_new,
        }
    }

    /// Glickman's step 5: the new volatility, by the Illinois method.
    fn volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
        let tau = if self.tau.is_finite() && self.tau > 0.0 { self.tau } else { 0.5 };
        let a = libm::log(sigma * sigma);
        let f = |x: f64| {
            let ex = libm::exp(x);
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            libm::log(delta * delta - phi * phi - v)
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 && k < MAX_ITERATIONS as f64 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        for _ in 0..MAX_ITERATIONS {
            if (big_b - big_a).abs() <= CONVERGENCE {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let new = libm::exp(big_a / 2.0);
        if new.is_finite() { new } else { sigma }
    }
}

/// Glickman's g: how much a result against an opponent of deviation `phi` (internal scale)
/// counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The weight of a puzzle's rating change when the player chose to train `theme` (the
/// session's theme, `None` for the mixed one): a mate theme tells the solver there is a mate,
/// which gives much of the answer away, so such attempts move the puzzle less: 0.1 of the
/// change when solved, 0.4 when failed (lichess's weights). Otherwise 1.
pub fn puzzle_weight(theme: Option<Theme>, solved: bool) -> f64 {
    match theme {
        Some(
            Theme::Mate
            | Theme::MateIn1
            | Theme::MateIn2
            | Theme::MateIn3
            | Theme::MateIn4
            | Theme::MateIn5,
        ) => {
            if solved {
                0.1
            } else {
                0.4
            }
        }
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn glickmans_example() {
        // Glickman's worked example: tau 0.5, a 1500/200/0.06 player against three opponents.
        let glicko = Glicko { tau: 0.5, ..Glicko::LICHESS };
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let games = [
            (Rating { rating: 1400.0, deviation: 30.0, volatility: 0.06 }, 1.0),
            (Rating { rating: 1550.0, deviation: 100.0, volatility: 0.06 }, 0.0),
            (Rating { rating: 1700.0, deviation: 300.0, volatility: 0.06 }, 0.0),
        ];
        let new = glicko.rate(player, &games);
        assert!(close(new.rating, 1464.06, 0.01), "{new:?}");
        assert!(close(new.deviation, 151.52, 0.01), "{new:?}");
        assert!(close(new.volatility, 0.05999, 0.00001), "{new:?}");
    }

    #[test]
    fn the_start_is_lichess_s() {
        let r = Rating::default();
        assert_eq!((r.rating, r.deviation, r.volatility), (1500.0, 500.0, 0.09));
        assert!(r.is_provisional());
        assert!(Rating::new(1500.0, 110.0).is_provisional());
        assert!(!Rating::new(1500.0, 109.9).is_provisional());
    }

    #[test]
    fn a_win_raises_the_solver_and_lowers_the_puzzle() {
        let g = Glicko::LICHESS;
        let (s, p) = g.attempt(Rating::default(), Rating::new(1500.0, 80.0), true, 1.0);
        assert!(s.rating > 1500.0 && p.rating < 1500.0, "{s:?} {p:?}");
        let (s, p) = g.attempt(Rating::default(), Rating::new(1500.0, 80.0), false, 1.0);
        assert!(s.rating < 1500.0 && p.rating > 1500.0, "{s:?} {p:?}");
    }

    #[test]
    fn bounds_hold() {
        let g = Glicko::LICHESS;
        // A weak, unsure player losing again stays at the floor.
        let weak = Rating { rating: 410.0, deviation: 500.0, volatility: 0.09 };
        let (s, _) = g.attempt(weak, Rating::new(600.0, 45.0), false, 1.0);
        assert_eq!(s.rating, 400.0);
        assert!(s.deviation <= 500.0);
        // Many results: the deviation never falls below 45, the volatility never above 0.1.
        let mut r = Rating::default();
        for i in 0..500 {
            let opponent = Rating::new(1500.0 + f64::from(i % 7) * 50.0, 45.0);
            r = g.rate(r, &[(opponent, f64::from(i % 2))]);
            assert!(r.deviation >= 45.0 && r.deviation <= 500.0, "{r:?}");
            assert!(r.volatility <= 0.1, "{r:?}");
            assert!(r.rating >= 400.0, "{r:?}");
        }
        // Two hundred games in one period would make it surer than 45 allows.
        let games: Vec<(Rating, f64)> =
            (0..200).map(|i| (Rating::new(1500.0, 45.0), f64::from(i % 2))).collect();
        assert_eq!(g.rate(Rating::default(), &games).deviation, 45.0);
        // An erratic player's volatility is held at 0.1.
        let mut r = Rating::new(1500.0, 45.0);
        for i in 0..200 {
            let opponent = Rating::new(if i % 2 == 0 { 400.0 } else { 2800.0 }, 45.0);
            r = g.rate(r, &[(opponent, f64::from(i % 2))]);
            assert!(r.volatility <= 0.1, "{r:?}");
        }
        // A period without games widens the deviation, up to 500.
        let r = g.rate(Rating::new(1500.0, 499.99), &[]);
        assert_eq!(r.deviation, 500.0);
    }

    #[test]
    fn one_result_moves_a_puzzle_at_most_700() {
        // A strong, sure player failing a brand-new puzzle would move it far more than 700.
        let g = Glicko::LICHESS;
        let strong = Rating::new(2900.0, 45.0);
        let (_, p) = g.attempt(strong, Rating::new(400.0, 500.0), false, 1.0);
        assert_eq!(p.rating, 1100.0);
        let weak = Rating::new(400.0, 45.0);
        let (_, p) = g.attempt(weak, Rating::new(2900.0, 500.0), true, 1.0);
        assert_eq!(p.rating, 2200.0);
    }

    #[test]
    fn the_weight_damps_the_puzzle_only() {
        let g = Glicko::LICHESS;
        let solver = Rating::new(1500.0, 200.0);
        let puzzle = Rating::new(1500.0, 200.0);
        let (s_full, p_full) = g.attempt(solver, puzzle, true, 1.0);
        let (s_damped, p_damped) = g.attempt(solver, puzzle, true, 0.1);
        assert_eq!(s_full, s_damped);
        let full = p_full.rating - 1500.0;
        let damped = p_damped.rating - 1500.0;
        assert!(close(damped, 0.1 * full, 1e-9), "{full} {damped}");
        let (_, p_none) = g.attempt(solver, puzzle, true, 0.0);
        assert_eq!(p_none, puzzle);
    }

    #[test]
    fn mate_themes_are_damped() {
        assert_eq!(puzzle_weight(Some(Theme::MateIn1), true), 0.1);
        assert_eq!(puzzle_weight(Some(Theme::Mate), false), 0.4);
        assert_eq!(puzzle_weight(Some(Theme::Material), true), 1.0);
        assert_eq!(puzzle_weight(None, false), 1.0);
    }

    #[test]
    fn bad_numbers_give_finite_ratings() {
        let g = Glicko::LICHESS;
        let bad = Rating { rating: f64::NAN, deviation: f64::INFINITY, volatility: -0.0 };
        let (s, p) = g.attempt(bad, bad, true, f64::NAN);
        for r in [s, p] {
            assert!(r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite());
        }
        let r = g.rate(Rating::default(), &[(bad, f64::NAN), (Rating::default(), 7.0)]);
        assert!(r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite());
    }
}
