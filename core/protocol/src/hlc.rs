//! Hybrid logical clocks: the stamps that order settings written on several devices, so that
//! "the last writer wins" means the same on every device and on the server.
//!
//! A stamp is the writer's wall time in Unix milliseconds, a counter for writes within one
//! millisecond (or while the wall clock lags a stamp already seen), and the writing device's
//! id, which breaks the last ties. Stamps compare in that order. A device ticks its clock for
//! every write and folds in every stamp it receives, so a write made after another was seen
//! always stamps later, whatever the two devices' wall clocks say; and as long as the clocks
//! agree roughly, a later write by the wall clock wins.
//!
//! # Text form
//! `<wall_ms>-<counter>-<device>`, the numbers in decimal: `1764748800000-0-pixel7a`. The device
//! id is 1 to [`MAX_DEVICE_CHARS`] ASCII letters, digits, `_` and `.` (no `-`, so the text
//! splits at the first two dashes).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The longest device id in a stamp, in characters.
pub const MAX_DEVICE_CHARS: usize = 64;

/// How far ahead of the receiver's wall clock a stamp may be, in milliseconds (a day): a
/// stamp further ahead comes from a broken clock or a hostile writer, and accepting it
/// would let that one write win over every later one for as long.
pub const MAX_DRIFT_MS: u64 = 24 * 60 * 60 * 1000;

/// A hybrid logical clock stamp (see the module).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stamp {
    wall_ms: u64,
    counter: u32,
    device: String,
}

/// Why a stamp was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StampError {
    /// The text is not `<wall_ms>-<counter>-<device>`.
    #[error("not a clock stamp (wall_ms-counter-device): {0:?}")]
    Malformed(String),
    /// The device id is empty, too long or has a character outside letters, digits, `_`, `.`.
    #[error("not a device id (1 to 64 letters, digits, '_' or '.'): {0:?}")]
    Device(String),
    /// The stamp is further ahead of the receiver's clock than [`MAX_DRIFT_MS`].
    #[error("a stamp at {stamp_ms} ms is too far ahead of this clock ({now_ms} ms)")]
    Future {
        /// The stamp's wall time.
        stamp_ms: u64,
        /// The receiver's wall time.
        now_ms: u64,
    },
    /// The counter would overflow (more than four billion writes within one millisecond).
    #[error("the clock's counter is exhausted")]
    Counter,
}

fn valid_device(device: &str) -> bool {
    (1..=MAX_DEVICE_CHARS).contains(&device.len())
        && device.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
}

impl Stamp {
    /// A stamp made of its parts; the device id is checked.
    pub fn new(wall_ms: u64, counter: u32, device: &str) -> Result<Stamp, StampError> {
        if !valid_device(device) {
            return Err(StampError::Device(device.to_owned()));
        }
        Ok(Stamp { wall_ms, counter, device: device.to_owned() })
    }

    /// The writer's wall time, Unix milliseconds.
    pub fn wall_ms(&self) -> u64 {
        self.wall_ms
    }

    /// The counter within the wall time.
    pub fn counter(&self) -> u32 {
        self.counter
    }

    /// The writing device.
    pub fn device(&self) -> &str {
        &self.device
    }

    /// Checks a stamp received from elsewhere against the receiver's wall clock.
    pub fn check_drift(&self, now_ms: u64) -> Result<(), StampError> {
        if self.wall_ms > now_ms.saturating_add(MAX_DRIFT_MS) {
            return Err(StampError::Future { stamp_ms: self.wall_ms, now_ms });
        }
        Ok(())
    }
}

impl Ord for Stamp {
    fn cmp(&self, other: &Stamp) -> Ordering {
        (self.wall_ms, self.counter, self.device.as_str()).cmp(&(
            other.wall_ms,
            other.counter,
            other.device.as_str(),
        ))
    }
}

impl PartialOrd for Stamp {
    fn partial_cmp(&self, other: &Stamp) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.wall_ms, self.counter, self.device)
    }
}

impl FromStr for Stamp {
    type Err = StampError;

    fn from_str(text: &str) -> Result<Stamp, StampError> {
        let malformed = || StampError::Malformed(text.chars().take(100).collect());
        let mut parts = text.splitn(3, '-');
        let (Some(wall), Some(counter), Some(device)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(malformed());
        };
        // Plain decimal only: no sign, no leading '+', no spaces.
        let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !number(wall) || !number(counter) {
            return Err(malformed());
        }
        let wall_ms = wall.parse().map_err(|_| malformed())?;
        let counter = counter.parse().map_err(|_| malformed())?;
        Stamp::new(wall_ms, counter, device)
    }
}

impl serde::Serialize for Stamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Stamp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Stamp, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One device's clock: the latest stamp it made or saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    last: Stamp,
}

impl Clock {
    /// A clock of `device` that has seen nothing yet.
    pub fn new(device: &str) -> Result<Clock, StampError> {
        Ok(Clock { last: Stamp::new(0, 0, device)? })
    }

    /// A clock of `device` that resumes after `last` (a stamp it stored), so that a restart
    /// never stamps earlier than before it, even if the wall clock went back meanwhile.
    pub fn resume(device: &str, last: &Stamp) -> Result<Clock, StampError> {
        let mut clock = Clock::new(device)?;
        clock.last.wall_ms = last.wall_ms;
        clock.last.counter = last.counter;
        Ok(clock)
    }

    /// The latest stamp this clock made or saw (with this device's id).
    pub fn last(&self) -> &Stamp {
        &self.last
    }

    /// The stamp of a write made now: later than every stamp made or seen before.
    pub fn tick(&mut self, now_ms: u64) -> Result<Stamp, StampError> {
        if now_ms > self.last.wall_ms {
            self.last.wall_ms = now_ms;
            self.last.counter = 0;
        } else {
            self.last.counter = self.last.counter.checked_add(1).ok_or(StampError::Counter)?;
        }
        Ok(self.last.clone())
    }

    /// Folds in a stamp received from another device (after [`Stamp::check_drift`]), so that
    /// this device's next write stamps later than it.
    pub fn observe(&mut self, seen: &Stamp, now_ms: u64) -> Result<(), StampError> {
        seen.check_drift(now_ms)?;
        if (seen.wall_ms, seen.counter) > (self.last.wall_ms, self.last.counter) {
            self.last.wall_ms = seen.wall_ms;
            self.last.counter = seen.counter;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn stamps_order_by_time_then_counter_then_device() {
        let s = |t: &str| t.parse::<Stamp>().unwrap();
        assert!(s("10-0-b") < s("11-0-a"));
        assert!(s("10-1-a") > s("10-0-z"));
        assert!(s("10-1-b") > s("10-1-a"));
        assert_eq!(s("10-1-a"), s("10-1-a"));
    }

    #[test]
    fn the_text_reads_back_and_bad_text_is_a_typed_error() {
        let stamp = Stamp::new(1_764_748_800_000, 3, "pixel_7a.2").unwrap();
        assert_eq!(stamp.to_string(), "1764748800000-3-pixel_7a.2");
        assert_eq!(stamp.to_string().parse::<Stamp>().unwrap(), stamp);
        let json = serde_json::to_string(&stamp).unwrap();
        assert_eq!(json, "\"1764748800000-3-pixel_7a.2\"");
        assert_eq!(serde_json::from_str::<Stamp>(&json).unwrap(), stamp);
        for bad in
            ["", "1-2", "-1-a", "1--a", "+1-0-a", "1-0x-a", " 1-0-a", "99999999999999999999-0-a"]
        {
            assert!(matches!(bad.parse::<Stamp>(), Err(StampError::Malformed(_))), "{bad:?}");
        }
        for bad in ["1-0-", "1-0-a-b", "1-0-é", &format!("1-0-{}", "a".repeat(65))] {
            assert!(matches!(bad.parse::<Stamp>(), Err(StampError::Device(_))), "{bad:?}");
        }
        assert!(serde_json::from_str::<Stamp>("\"1-0-\"").is_err());
    }

    #[test]
    fn a_write_after_a_seen_one_stamps_later_whatever_the_wall_clocks_say() {
        let mut phone = Clock::new("phone").unwrap();
        let mut tablet = Clock::new("tablet").unwrap();
        // The tablet's clock runs an hour ahead; the phone writes after seeing its write.
        let hour = 3_600_000;
        let t = tablet.tick(1_000_000 + hour).unwrap();
        phone.observe(&t, 1_000_000).unwrap();
        let p = phone.tick(1_000_500).unwrap();
        assert!(p > t, "{p} after {t}");
        // Writes within one millisecond, and a wall clock that went back, still go forward.
        let q = phone.tick(1_000_500).unwrap();
        let r = phone.tick(5).unwrap();
        assert!(p < q && q < r, "{p} {q} {r}");
        // A restart resumes after the stored stamp.
        let mut again = Clock::resume("phone", &r).unwrap();
        assert!(again.tick(0).unwrap() > r);
    }

    #[test]
    fn a_stamp_far_in_the_future_is_refused_and_changes_nothing() {
        let mut clock = Clock::new("phone").unwrap();
        let before = clock.clone();
        let now = 1_000_000;
        let far = Stamp::new(now + MAX_DRIFT_MS + 1, 0, "evil").unwrap();
        assert_eq!(
            clock.observe(&far, now),
            Err(StampError::Future { stamp_ms: now + MAX_DRIFT_MS + 1, now_ms: now })
        );
        assert_eq!(clock, before);
        let near = Stamp::new(now + MAX_DRIFT_MS, 0, "tablet").unwrap();
        assert_eq!(clock.observe(&near, now), Ok(()));
        assert!(clock.tick(now).unwrap() > near);
    }

    #[test]
    fn the_counter_cannot_wrap() {
        let mut clock =
            Clock::resume("phone", &Stamp::new(10, u32::MAX, "phone").unwrap()).unwrap();
        assert_eq!(clock.tick(10), Err(StampError::Counter));
        assert_eq!(clock.tick(11).unwrap().to_string(), "11-0-phone");
    }
}
