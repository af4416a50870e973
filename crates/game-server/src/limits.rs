//! Rate limits: a token bucket per WebSocket connection and one per client address for
//! making games, and a cap on the WebSocket connections one address holds open.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// A token bucket's setting: how many at once, and how fast they come back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// The most tokens the bucket holds (the burst).
    pub burst: f64,
    /// Tokens added per second.
    pub per_second: f64,
}

/// A token bucket.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    rate: Rate,
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    /// A full bucket.
    #[must_use]
    pub fn new(rate: Rate) -> TokenBucket {
        TokenBucket {
            rate,
            tokens: rate.burst,
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one (after refilling for the time since the last call).
    pub fn try_take(&mut self) -> bool {
        self.try_take_at(Instant::now())
    }

    /// [`TokenBucket::try_take`] at the instant `now`.
    pub fn try_take_at(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate.per_second).min(self.rate.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// The most addresses kept at once; past it the buckets are forgotten (all full again).
const MAX_ADDRESSES: usize = 100_000;

/// One token bucket per client address.
#[derive(Debug)]
pub struct PerIp {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, TokenBucket>>,
}

impl PerIp {
    /// Buckets of `rate`, none yet.
    #[must_use]
    pub fn new(rate: Rate) -> PerIp {
        PerIp {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token from `ip`'s bucket if there is one.
    pub fn try_take(&self, ip: IpAddr) -> bool {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&ip) {
            buckets.clear();
        }
        buckets
            .entry(ip)
            .or_insert_with(|| TokenBucket::new(self.rate))
            .try_take()
    }
}

/// The WebSocket connections each client address holds open, at most `cap` each: a client
/// that opens socket after socket (and never says hello) runs out of its own slots, not of
/// the server's file descriptors.
#[derive(Debug)]
pub struct OpenConnections {
    cap: usize,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open connection's place in [`OpenConnections`], given back when dropped.
#[derive(Debug)]
pub struct ConnectionSlot {
    ip: IpAddr,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl OpenConnections {
    /// At most `cap` connections an address.
    #[must_use]
    pub fn new(cap: usize) -> OpenConnections {
        OpenConnections {
            cap,
            open: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// A slot for one more connection from `ip`, or `None` if it holds `cap` already.
    #[must_use]
    pub fn try_open(&self, ip: IpAddr) -> Option<ConnectionSlot> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_insert(0);
        if *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(ConnectionSlot {
            ip,
            open: Arc::clone(&self.open),
        })
    }

    /// How many connections `ip` holds open.
    #[must_use]
    pub fn count(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_refills_at_its_rate() {
        let start = Instant::now();
        let mut b = TokenBucket::new(Rate {
            burst: 2.0,
            per_second: 1.0,
        });
        b.last = start;
        assert!(b.try_take_at(start));
        assert!(b.try_take_at(start));
        assert!(!b.try_take_at(start));
        assert!(b.try_take_at(start + Duration::from_secs(1)));
        assert!(!b.try_take_at(start + Duration::from_secs(1)));
    }

    #[test]
    fn addresses_have_their_own_buckets() {
        let p = PerIp::new(Rate {
            burst: 1.0,
            per_second: 0.0,
        });
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        assert!(p.try_take(a));
        assert!(!p.try_take(a));
        assert!(p.try_take(b));
    }

    #[test]
    fn an_address_holds_at_most_its_cap_of_connections_and_gets_them_back() {
        let c = OpenConnections::new(2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "::1".parse().unwrap();
        let first = c.try_open(a).unwrap();
        let second = c.try_open(a).unwrap();
        assert!(c.try_open(a).is_none(), "a third from the same address");
        assert!(c.try_open(b).is_some(), "another address has its own");
        assert_eq!(c.count(a), 2);
        drop(first);
        assert_eq!(c.count(a), 1);
        let third = c.try_open(a).unwrap();
        drop(second);
        drop(third);
        assert_eq!(c.count(a), 0);
        assert!(
            c.open.lock().unwrap().is_empty(),
            "nothing kept for closed addresses"
        );
    }
}
