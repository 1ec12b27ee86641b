//! Rate limits: token buckets keyed by who asks (a client address, a name, an account).
//! A bucket holds up to `burst` tokens and gains one every `every`; a request takes one, and
//! an empty bucket answers with how long until the next token.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A limit: `burst` requests at once, then one every `every`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests allowed at once (the bucket's size).
    pub burst: u32,
    /// The time that earns one more request.
    pub every: Duration,
}

/// Buckets past this many are swept of the full ones (which hold no information), so the map
/// stays bounded under a spray of addresses.
const SWEEP_AT: usize = 50_000;

/// One rate limit over many keys.
#[derive(Debug)]
pub struct RateLimiter {
    rate: Rate,
    buckets: Mutex<HashMap<String, Bucket>>,
}

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl RateLimiter {
    /// A limiter with this rate.
    pub fn new(rate: Rate) -> RateLimiter {
        RateLimiter { rate, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes a token from `key`'s bucket at `now`; when it is empty, how long until a retry
    /// may succeed.
    pub fn check(&self, key: &str, now: Instant) -> Result<(), Duration> {
        let burst = f64::from(self.rate.burst.max(1));
        let every = self.rate.every.as_secs_f64().max(1e-6);
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, b| {
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() / every < burst
            });
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket { tokens: burst, at: now });
        let earned = now.saturating_duration_since(bucket.at).as_secs_f64() / every;
        bucket.tokens = (bucket.tokens + earned).min(burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) * every))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_per_period_per_key() {
        let limiter = RateLimiter::new(Rate { burst: 3, every: Duration::from_secs(10) });
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.check("a", t0), Ok(()));
        }
        let secs = |d: Duration| (d.as_secs_f64() * 1000.0).round() as u64;
        assert_eq!(limiter.check("a", t0).map_err(secs), Err(10_000));
        // Another key has its own bucket.
        assert_eq!(limiter.check("b", t0), Ok(()));
        let later = t0 + Duration::from_secs(4);
        assert_eq!(limiter.check("a", later).map_err(secs), Err(6_000));
        assert_eq!(limiter.check("a", t0 + Duration::from_secs(10)), Ok(()));
        assert!(limiter.check("a", t0 + Duration::from_secs(10)).is_err());
        // A long pause fills the bucket to its burst and no more.
        let much_later = t0 + Duration::from_secs(1000);
        for _ in 0..3 {
            assert_eq!(limiter.check("a", much_later), Ok(()));
        }
        assert!(limiter.check("a", much_later).is_err());
    }
}
