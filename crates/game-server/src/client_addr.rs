//! Who a request is from, behind proxies: the TCP peer, or, when the peer is one of the
//! `--trusted-proxy` networks, the address the proxies say they forwarded for (RFC 7239's
//! `Forwarded: for=…`, else `X-Forwarded-For`), read from the right and never past an
//! address that is not a trusted proxy, so a client cannot choose its own address by
//! writing the header itself.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;

/// An IP network in CIDR notation: `10.0.0.0/8`, `2001:db8::/32`, or one address
/// (`127.0.0.1`, taken as `/32` or `/128`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

/// Why a text is not a [`Cidr`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an IP network (`10.0.0.0/8`, `::1/128` or one address)")]
pub struct CidrError(String);

impl FromStr for Cidr {
    type Err = CidrError;

    fn from_str(text: &str) -> Result<Cidr, CidrError> {
        let bad = || CidrError(text.to_string());
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let network: IpAddr = address.trim().parse().map_err(|_| bad())?;
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= bits)
                .ok_or_else(bad)?,
            None => bits,
        };
        Ok(Cidr { network, prefix })
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

impl Cidr {
    /// Whether `ip` is in this network (an IPv4-mapped IPv6 address as its IPv4).
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        match (self.network, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// The client a request is counted for (a request extension the accept loop sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// Whether `ip` is one of the trusted proxies.
#[must_use]
pub fn is_trusted(ip: IpAddr, trusted: &[Cidr]) -> bool {
    trusted.iter().any(|net| net.contains(ip))
}

/// The client of a request from `peer` with `headers`: `peer` itself unless it is a
/// trusted proxy; then the forwarded chain is read from the right, skipping trusted
/// proxies, and the first other address is the client. A chain that runs out (every hop a
/// trusted proxy) gives its leftmost address; an entry that is not an address (`unknown`,
/// an obfuscated name, garbage) stops the walk at the last trusted hop.
#[must_use]
pub fn client_of(peer: SocketAddr, headers: &HeaderMap, trusted: &[Cidr]) -> IpAddr {
    client_trusting(peer, headers, |ip| is_trusted(ip, trusted))
}

/// [`client_of`], with the trusted proxies those `trusts` says yes to (the
/// `--trusted-proxy` networks and, when several servers share a database, the others).
#[must_use]
pub fn client_trusting(
    peer: SocketAddr,
    headers: &HeaderMap,
    trusts: impl Fn(IpAddr) -> bool,
) -> IpAddr {
    let mut client = peer.ip().to_canonical();
    if !trusts(client) {
        return client;
    }
    for hop in forwarded_chain(headers).iter().rev() {
        match hop {
            Some(ip) => {
                client = ip.to_canonical();
                if !trusts(client) {
                    return client;
                }
            }
            None => return client,
        }
    }
    client
}

/// The forwarded-for chain, left (the original client) to right (the last proxy's peer):
/// from every `Forwarded` header if there is one, else from every `X-Forwarded-For`.
/// `None` for an entry that is not an IP address.
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let lines = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .map(|v| String::from_utf8_lossy(v.as_bytes()).into_owned())
            .collect()
    };
    let forwarded = lines("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|line| line.split(','))
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(key, _)| key.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, value)| node_address(value))
            })
            .collect();
    }
    lines("x-forwarded-for")
        .iter()
        .flat_map(|line| line.split(','))
        .map(node_address)
        .collect()
}

/// The address of a node as the headers write it: `192.0.2.1`, `192.0.2.1:4711`,
/// `"[2001:db8::1]:4711"`, `2001:db8::1`, quoted or not.
fn node_address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        if !after.is_empty() && !after.starts_with(':') {
            return None;
        }
        return inside.parse().ok();
    }
    text.parse::<SocketAddr>().ok().map(|s| s.ip())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn cidrs(texts: &[&str]) -> Vec<Cidr> {
        texts.iter().map(|t| t.parse().unwrap()).collect()
    }

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn peer(text: &str) -> SocketAddr {
        SocketAddr::new(text.parse().unwrap(), 40_000)
    }

    #[test]
    fn networks_read_and_contain() {
        let net: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains("10.1.200.3".parse().unwrap()));
        assert!(!net.contains("10.2.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.1.0.9".parse().unwrap()));
        let one: Cidr = "127.0.0.1".parse().unwrap();
        assert_eq!(one.to_string(), "127.0.0.1/32");
        assert!(!one.contains("127.0.0.2".parse().unwrap()));
        let all: Cidr = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains("203.0.113.9".parse().unwrap()));
        assert!(!all.contains("::1".parse().unwrap()));
        let v6: Cidr = "2001:db8::/32".parse().unwrap();
        assert!(v6.contains("2001:db8:ffff::1".parse().unwrap()));
        assert!(!v6.contains("2001:db9::1".parse().unwrap()));
        for bad in [
            "",
            "10.0.0.0/33",
            "::/129",
            "10.0.0/8",
            "x/8",
            "10.0.0.0/-1",
        ] {
            assert!(bad.parse::<Cidr>().is_err(), "{bad}");
        }
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_writes() {
        let h = headers(&[("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(
            client_of(peer("198.51.100.2"), &h, &cidrs(&["10.0.0.0/8"])),
            "198.51.100.2".parse::<IpAddr>().unwrap()
        );
        assert_eq!(
            client_of(peer("10.0.0.2"), &h, &[]),
            "10.0.0.2".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn a_trusted_proxy_s_chain_is_read_from_the_right() {
        let trusted = cidrs(&["10.0.0.0/8"]);
        let ip = |t: &str| t.parse::<IpAddr>().unwrap();
        // A client that wrote its own header: the proxy appended the real address.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.7, 10.0.0.5")]);
        assert_eq!(client_of(peer("10.0.0.1"), &h, &trusted), ip("203.0.113.7"));
        // Two header lines are one list.
        let h = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-for", "203.0.113.8"),
        ]);
        assert_eq!(client_of(peer("10.0.0.1"), &h, &trusted), ip("203.0.113.8"));
        // RFC 7239, with ports, quotes and IPv6; it wins over X-Forwarded-For.
        let h = headers(&[
            (
                "forwarded",
                "for=1.2.3.4, for=\"[2001:db8:cafe::17]:4711\";proto=https, For=10.0.0.9:80",
            ),
            ("x-forwarded-for", "198.51.100.1"),
        ]);
        assert_eq!(
            client_of(peer("10.0.0.1"), &h, &trusted),
            ip("2001:db8:cafe::17")
        );
        // No header: the proxy itself.
        assert_eq!(
            client_of(peer("10.0.0.1"), &HeaderMap::new(), &trusted),
            ip("10.0.0.1")
        );
        // Every hop trusted: the leftmost.
        let h = headers(&[("x-forwarded-for", "10.9.9.9, 10.0.0.5")]);
        assert_eq!(client_of(peer("10.0.0.1"), &h, &trusted), ip("10.9.9.9"));
        // An entry that is no address stops the walk at the last trusted hop.
        let h = headers(&[("forwarded", "for=198.51.100.3, for=unknown, for=10.0.0.5")]);
        assert_eq!(client_of(peer("10.0.0.1"), &h, &trusted), ip("10.0.0.5"));
    }
}
