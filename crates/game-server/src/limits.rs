//! Rate limits: a token bucket per WebSocket connection and one per client for making
//! games, and caps on the connections a client and the whole server hold open. A client is
//! an IPv4 address or an IPv6 /64 ([`client_key`]).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
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
        self.refill_at(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// Adds the tokens earned since the last call, up to the burst.
    fn refill_at(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.rate.per_second).min(self.rate.burst);
    }
}

/// The most clients whose game-making buckets are kept at once. Past it a new client's
/// bucket takes the place of one that has refilled (a full bucket is what a new one would
/// be, so forgetting it changes nothing); if none has, the new client is refused until
/// one does. No client's limit is ever reset by others arriving.
const MAX_CLIENTS: usize = 100_000;

/// The client a connection or a request is counted for: the IPv4 address (also when it
/// arrives as an IPv4-mapped IPv6 address), or the IPv6 address's /64 network, since one
/// subscriber commonly holds a whole /64 and could otherwise take a new address for every
/// connection.
#[must_use]
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let network = u128::from(v6) & !(u128::from(u64::MAX));
                IpAddr::V6(Ipv6Addr::from(network))
            }
        },
    }
}

/// One token bucket per client ([`client_key`]).
#[derive(Debug)]
pub struct PerIp {
    rate: Rate,
    buckets: Mutex<HashMap<IpAddr, TokenBucket>>,
    max_clients: usize,
}

impl PerIp {
    /// Buckets of `rate`, none yet.
    #[must_use]
    pub fn new(rate: Rate) -> PerIp {
        PerIp::with_capacity(rate, MAX_CLIENTS)
    }

    /// Buckets of `rate` for at most `max_clients` clients at once.
    #[must_use]
    pub fn with_capacity(rate: Rate, max_clients: usize) -> PerIp {
        PerIp {
            rate,
            buckets: Mutex::new(HashMap::new()),
            max_clients: max_clients.max(1),
        }
    }

    /// Takes one token from the bucket of `ip`'s client if there is one.
    pub fn try_take(&self, ip: IpAddr) -> bool {
        self.try_take_at(ip, Instant::now())
    }

    /// [`PerIp::try_take`] at the instant `now`.
    pub fn try_take_at(&self, ip: IpAddr, now: Instant) -> bool {
        let key = client_key(ip);
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= self.max_clients && !buckets.contains_key(&key) {
            // Forget the clients whose buckets have refilled: they hold nothing.
            let burst = self.rate.burst;
            buckets.retain(|_, bucket| {
                bucket.refill_at(now);
                bucket.tokens < burst
            });
            if buckets.len() >= self.max_clients {
                return false;
            }
        }
        buckets
            .entry(key)
            .or_insert_with(|| TokenBucket::new(self.rate))
            .try_take_at(now)
    }
}

/// The connections each client ([`client_key`]) holds open, at most `per_client` each and
/// `total` in all: a client that opens connection after connection runs out of its own
/// slots, and many clients together run out of the server's, never of its file
/// descriptors. The table holds only clients with a connection open, so it is bounded by
/// `total`.
#[derive(Debug)]
pub struct OpenConnections {
    per_client: usize,
    total: usize,
    open: Arc<Mutex<Counts>>,
}

/// The counts behind [`OpenConnections`].
#[derive(Debug, Default)]
struct Counts {
    per_client: HashMap<IpAddr, usize>,
    total: usize,
}

/// One open connection's place in [`OpenConnections`], given back when dropped.
#[derive(Debug)]
pub struct ConnectionSlot {
    key: IpAddr,
    open: Arc<Mutex<Counts>>,
}

impl OpenConnections {
    /// At most `per_client` connections a client and `total` in all.
    #[must_use]
    pub fn new(per_client: usize, total: usize) -> OpenConnections {
        OpenConnections {
            per_client,
            total,
            open: Arc::new(Mutex::new(Counts::default())),
        }
    }

    /// A slot for one more connection from `ip`'s client, or `None` if it holds
    /// `per_client` already or the server holds `total`.
    #[must_use]
    pub fn try_open(&self, ip: IpAddr) -> Option<ConnectionSlot> {
        self.open_slot(ip, true)
    }

    /// A slot for one more connection from `ip`, counted against the total only: a trusted
    /// proxy carries many clients, whose own shares are counted per request.
    #[must_use]
    pub fn try_open_for_proxy(&self, ip: IpAddr) -> Option<ConnectionSlot> {
        self.open_slot(ip, false)
    }

    fn open_slot(&self, ip: IpAddr, own_share: bool) -> Option<ConnectionSlot> {
        let key = client_key(ip);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.total
            || (own_share && open.per_client.get(&key).copied().unwrap_or(0) >= self.per_client)
        {
            return None;
        }
        open.total += 1;
        *open.per_client.entry(key).or_insert(0) += 1;
        Some(ConnectionSlot {
            key,
            open: Arc::clone(&self.open),
        })
    }

    /// How many connections `ip`'s client holds open.
    #[must_use]
    pub fn count(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.per_client.get(&client_key(ip)).copied().unwrap_or(0)
    }

    /// How many connections are open in all.
    #[must_use]
    pub fn total(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        if let Some(count) = open.per_client.get_mut(&self.key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.per_client.remove(&self.key);
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
        let c = OpenConnections::new(2, 100);
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
            c.open.lock().unwrap().per_client.is_empty(),
            "nothing kept for closed addresses"
        );
        assert_eq!(c.total(), 0);
    }

    #[test]
    fn the_server_holds_at_most_its_total_whoever_asks() {
        let c = OpenConnections::new(2, 3);
        let slots: Vec<_> = ["10.0.0.1", "10.0.0.2", "10.0.0.3"]
            .iter()
            .map(|ip| c.try_open(ip.parse().unwrap()).unwrap())
            .collect();
        assert_eq!(c.total(), 3);
        assert!(c.try_open("10.0.0.4".parse().unwrap()).is_none());
        drop(slots);
        assert!(c.try_open("10.0.0.4".parse().unwrap()).is_some());
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_a_mapped_ipv4_is_the_ipv4() {
        let key = |text: &str| client_key(text.parse().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2::"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:192.0.2.7"), key("192.0.2.7"));
        assert_ne!(key("192.0.2.7"), key("192.0.2.8"));
        let c = OpenConnections::new(2, 100);
        let _a = c.try_open("2001:db8::1".parse().unwrap()).unwrap();
        let _b = c.try_open("2001:db8::2".parse().unwrap()).unwrap();
        assert!(
            c.try_open("2001:db8::ffff:3".parse().unwrap()).is_none(),
            "a third address of the same /64"
        );
        assert!(c.try_open("2001:db8:0:1::1".parse().unwrap()).is_some());
        let p = PerIp::new(Rate {
            burst: 1.0,
            per_second: 0.0,
        });
        assert!(p.try_take("2001:db8::1".parse().unwrap()));
        assert!(!p.try_take("2001:db8::2".parse().unwrap()));
    }

    #[test]
    fn a_full_table_never_resets_a_limited_client() {
        let start = Instant::now();
        let p = PerIp::with_capacity(
            Rate {
                burst: 1.0,
                per_second: 1.0,
            },
            2,
        );
        let (limited, other, third): (IpAddr, IpAddr, IpAddr) = (
            "10.0.0.1".parse().unwrap(),
            "10.0.0.2".parse().unwrap(),
            "10.0.0.3".parse().unwrap(),
        );
        assert!(p.try_take_at(limited, start));
        assert!(p.try_take_at(other, start));
        // The table is full of emptied buckets: a new client waits, the others keep their
        // (empty) buckets.
        assert!(!p.try_take_at(third, start));
        assert!(!p.try_take_at(limited, start), "still limited");
        // Once a bucket has refilled it makes room.
        let later = start + Duration::from_secs(2);
        assert!(p.try_take_at(third, later));
        assert!(!p.try_take_at(third, later));
    }
}
