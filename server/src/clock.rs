//! A live game's clocks: Fischer increment, no clock before each side's first move, and lag
//! compensation after lila's (lichess's game server) with the cap the server measures.
//!
//! Lag compensation: a move's time is reduced by the network delay the client reports, up
//! to the round trip the server measured with its own pings plus 40 ms, and up to a quota.
//! The quota starts at three "gains" and earns one gain per move, capped at seven; a gain is
//! `min(1000 ms, 4 ms × estimated seconds + 150 ms)` where the estimate is
//! `initial + 40 × increment` (3+2 gives 1000 ms, 1+0 gives 390 ms). A client that claims
//! more delay than it has gains nothing past the measured round trip, and a string of
//! claims drains the quota.

use std::time::{Duration, Instant};

use rodina_protocol::{ClockSettings, ClockState, SideName};
use rodina_rules::Color;

/// What the server adds to the round trip it measured before it believes a client's lag.
pub const RTT_MARGIN_MS: u64 = 40;

/// The quota a game starts with, in gains.
const QUOTA_START_GAINS: u64 = 3;

/// The most quota a player can save, in gains.
const QUOTA_MAX_GAINS: u64 = 7;

/// A game's two clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    settings: ClockSettings,
    /// Each side's time left at `since` (white, black).
    left_ms: [u64; 2],
    /// Whose clock runs.
    running: Option<Color>,
    /// When the running clock last started.
    since: Instant,
    /// Each side's lag compensation quota.
    quota_ms: [u64; 2],
}

/// The mover's time ran out before the move arrived (compensation included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

fn index(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

impl Clock {
    /// Clocks at their start, stopped, at `now`.
    pub fn new(settings: ClockSettings, now: Instant) -> Clock {
        let mut clock = Clock {
            settings,
            left_ms: [settings.initial_ms; 2],
            running: None,
            since: now,
            quota_ms: [0; 2],
        };
        clock.quota_ms = [QUOTA_START_GAINS * clock.gain_ms(); 2];
        clock
    }

    /// Clocks as a stored state left them, resumed at `now`: the time each side had then,
    /// the side whose clock ran running again from `now` (the time the server was down is
    /// charged to nobody).
    pub fn resume(settings: ClockSettings, state: ClockState, now: Instant) -> Clock {
        let mut clock = Clock::new(settings, now);
        clock.left_ms = [state.white_ms, state.black_ms];
        clock.running = state.running.map(Color::from);
        clock
    }

    /// The most compensation one move earns: `min(1000, 4 × estimate_s + 150)` ms.
    pub fn gain_ms(&self) -> u64 {
        let estimate_s = (self.settings.initial_ms + 40 * self.settings.increment_ms) / 1000;
        (4 * estimate_s + 150).min(1000)
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// `color`'s time left at `now`.
    pub fn left_ms(&self, color: Color, now: Instant) -> u64 {
        let left = self.left_ms[index(color)];
        if self.running == Some(color) {
            left.saturating_sub(ms(now.saturating_duration_since(self.since)))
        } else {
            left
        }
    }

    /// Starts `color`'s clock at `now` (the first time, after each side's first move).
    pub fn start(&mut self, color: Color, now: Instant) {
        self.running = Some(color);
        self.since = now;
    }

    /// The compensation `color` could still be credited, with the round trip `rtt_ms`.
    fn grace_ms(&self, color: Color, rtt_ms: u64) -> u64 {
        self.quota_ms[index(color)].min(rtt_ms.saturating_add(RTT_MARGIN_MS))
    }

    /// When the running side's flag falls: its time left plus the compensation its move
    /// could still be credited, given its round trip `rtt_ms`.
    pub fn flag_at(&self, rtt_ms: u64) -> Option<(Color, Instant)> {
        let c = self.running?;
        let wait = self.left_ms[index(c)].saturating_add(self.grace_ms(c, rtt_ms));
        Some((c, self.since + Duration::from_millis(wait)))
    }

    /// A move of `color` that arrived at `at`, with the lag the client claims and the round
    /// trip the server measured: charges the time (less the compensation), adds the
    /// increment and starts the other clock. Before the clocks run (each side's first move)
    /// nothing is charged. [`OutOfTime`] when the time was gone anyway; nothing changes then.
    pub fn on_move(
        &mut self,
        color: Color,
        at: Instant,
        claimed_lag_ms: u64,
        rtt_ms: u64,
    ) -> Result<(), OutOfTime> {
        if self.running != Some(color) {
            return Ok(());
        }
        let i = index(color);
        let gain = self.gain_ms();
        let comp = claimed_lag_ms.min(self.grace_ms(color, rtt_ms));
        let used = ms(at.saturating_duration_since(self.since)).saturating_sub(comp);
        if used > self.left_ms[i] {
            return Err(OutOfTime);
        }
        self.quota_ms[i] = (self.quota_ms[i] - comp + gain).min(QUOTA_MAX_GAINS * gain);
        self.left_ms[i] = self.left_ms[i] - used + self.settings.increment_ms;
        self.running = Some(!color);
        self.since = at;
        Ok(())
    }

    /// Stops the clocks at `now` (the game ended), charging the running side.
    pub fn stop(&mut self, now: Instant) {
        if let Some(c) = self.running {
            self.left_ms[index(c)] = self.left_ms(c, now);
        }
        self.running = None;
        self.since = now;
    }

    /// The wire's picture of the clocks at `now`.
    pub fn state(&self, now: Instant) -> ClockState {
        ClockState {
            white_ms: self.left_ms(Color::White, now),
            black_ms: self.left_ms(Color::Black, now),
            running: self.running.map(SideName::from),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(initial_s: u64, increment_s: u64) -> ClockSettings {
        ClockSettings { initial_ms: initial_s * 1000, increment_ms: increment_s * 1000 }
    }

    #[test]
    fn gains_follow_lila() {
        let now = Instant::now();
        assert_eq!(Clock::new(settings(180, 2), now).gain_ms(), 1000);
        assert_eq!(Clock::new(settings(60, 0), now).gain_ms(), 390);
        assert_eq!(Clock::new(settings(15, 0), now).gain_ms(), 210);
    }

    #[test]
    fn time_is_charged_less_the_compensation_and_the_increment_added() {
        let t0 = Instant::now();
        let mut c = Clock::new(settings(60, 2), t0);
        // Before the clocks run nothing is charged.
        assert_eq!(c.on_move(Color::White, t0 + Duration::from_secs(30), 0, 0), Ok(()));
        assert_eq!(c.state(t0).white_ms, 60_000);
        c.start(Color::White, t0);
        let t1 = t0 + Duration::from_millis(5_000);
        assert_eq!(c.left_ms(Color::White, t1), 55_000);
        // The client claims 300 ms; the server measured 100 ms: 140 ms are credited.
        c.on_move(Color::White, t1, 300, 100).unwrap();
        assert_eq!(
            c.state(t1),
            ClockState {
                white_ms: 60_000 - 5_000 + 140 + 2_000,
                black_ms: 60_000,
                running: Some(SideName::Black)
            }
        );
        // Black's flag falls after its time and the grace it could still get.
        let (who, at) = c.flag_at(0).unwrap();
        assert_eq!((who, at), (Color::Black, t1 + Duration::from_millis(60_000 + 40)));
        // A move after the flag (with all compensation) is out of time and changes nothing.
        let late = t1 + Duration::from_millis(60_041);
        let before = c;
        assert_eq!(c.on_move(Color::Black, late, 1000, 0), Err(OutOfTime));
        assert_eq!(c, before);
        c.stop(late);
        assert_eq!(c.state(late).black_ms, 0);
        assert_eq!(c.state(late).running, None);
    }

    #[test]
    fn a_string_of_lag_claims_drains_the_quota() {
        let t0 = Instant::now();
        let mut c = Clock::new(settings(60, 0), t0); // gain 390 ms, quota 1170 ms
        c.start(Color::White, t0);
        let mut at = t0;
        let mut credited = 0;
        for _ in 0..20 {
            // Each of White's moves takes 1 s and claims a whole second of lag, with a
            // measured round trip of 2 s; Black answers at once.
            let left = c.left_ms(Color::White, at);
            at += Duration::from_secs(1);
            c.on_move(Color::White, at, 1000, 2000).unwrap();
            credited += c.left_ms(Color::White, at) + 1000 - left;
            c.on_move(Color::Black, at, 0, 0).unwrap();
        }
        // 3 gains at the start, one per move: never more than 23 gains in all.
        assert!(credited <= 23 * 390, "{credited}");
        assert!(credited >= 20 * 390, "{credited}");
    }

    #[test]
    fn a_resumed_clock_charges_nobody_for_the_downtime() {
        let t0 = Instant::now();
        let state = ClockState { white_ms: 7_000, black_ms: 9_000, running: Some(SideName::Black) };
        let c = Clock::resume(settings(60, 0), state, t0);
        assert_eq!(c.state(t0), state);
        assert_eq!(c.left_ms(Color::Black, t0 + Duration::from_secs(1)), 8_000);
    }
}
