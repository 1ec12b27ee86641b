//! Match statistics: score, Elo difference and its error margin.

/// The result of a match from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games the first player lost.
    pub losses: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first player's score as a fraction (a draw counts half); 0.5 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The Elo difference the score implies, and the half-width of its 95% confidence
    /// interval (from the per-game variance of the results, with the trinomial model). A
    /// perfect or zero score has an unbounded estimate; it is capped at ±1000 for printing.
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 0.0);
        }
        let s = self.score();
        let (w, d, l) =
            (f64::from(self.wins) / n, f64::from(self.draws) / n, f64::from(self.losses) / n);
        let variance = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * (0.0 - s).powi(2);
        let sd = (variance / n).sqrt();
        let lo = elo_of(s - 1.96 * sd);
        let hi = elo_of(s + 1.96 * sd);
        (elo_of(s), (hi - lo) / 2.0)
    }
}

/// The Elo difference for an expected score `s` (clamped to ±1000).
pub fn elo_of(s: f64) -> f64 {
    if s <= 0.0 {
        return -1000.0;
    }
    if s >= 1.0 {
        return 1000.0;
    }
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-1000.0, 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally { wins: 10, draws: 0, losses: 10 };
        let (e, m) = t.elo();
        assert!(e.abs() < 1e-9);
        assert!(m > 100.0 && m < 200.0, "{m}");
    }

    #[test]
    fn seventy_five_percent_is_about_191() {
        let t = Tally { wins: 75, draws: 0, losses: 25 };
        assert!((t.elo().0 - 190.85).abs() < 0.1);
        assert!((t.score() - 0.75).abs() < 1e-12);
    }
}
