//! What a WebSocket request passes before it is upgraded, the game's and the queues'
//! alike: its `Origin`, and a slot among its address's open connections.

use std::net::IpAddr;

use axum::http::{HeaderMap, header};

use crate::app::App;
use crate::limits::ConnectionSlot;
use crate::protocol::{ErrorCode, ProtocolError};

/// Whether a WebSocket request's `Origin` may connect: none (not a browser), one of the
/// allowed or public origins, or, when no public origin is set, the server's own host.
pub(crate) fn origin_allowed(headers: &HeaderMap, allowed: &[String], public: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed
        .iter()
        .chain(public)
        .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return true;
    }
    if !public.is_empty() {
        // Behind a proxy the Host is the proxy's upstream name, not the site's.
        return false;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let bare = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((host, bare), (Some(h), Some(o)) if h.eq_ignore_ascii_case(o))
}

/// The checks before any WebSocket (`what`, in the refusal's words) is upgraded: its
/// `Origin`, and a slot among the client address's open connections (held until the
/// connection ends); else the refusal.
pub(crate) fn admit(
    app: &App,
    client: IpAddr,
    headers: &HeaderMap,
    what: &str,
) -> Result<ConnectionSlot, ProtocolError> {
    if !origin_allowed(
        headers,
        &app.config.allowed_origins,
        &app.config.public_origins,
    ) {
        return Err(ProtocolError::new(
            ErrorCode::BadOrigin,
            format!("this origin may not open {what}"),
        ));
    }
    app.connections.try_open(client).ok_or_else(|| {
        ProtocolError::new(
            ErrorCode::RateLimited,
            format!(
                "this address has {} connections open already",
                app.config.connections_per_address
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(origin: Option<&'static str>, host: &'static str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, HeaderValue::from_static(host));
        if let Some(o) = origin {
            h.insert(header::ORIGIN, HeaderValue::from_static(o));
        }
        h
    }

    #[test]
    fn origins_are_checked_against_the_host_and_the_list() {
        let allowed = vec!["https://play.example".to_string()];
        let check = |origin, host| origin_allowed(&headers(origin, host), &allowed, &[]);
        assert!(check(None, "a:1"));
        assert!(check(Some("http://a:1"), "a:1"));
        assert!(check(Some("https://play.example"), "a:1"));
        assert!(!check(Some("http://evil.example"), "a:1"));
        assert!(!check(Some("http://a:2"), "a:1"));
        assert!(!check(Some("null"), "a:1"));
    }

    #[test]
    fn a_public_origin_replaces_the_host_check() {
        let public = vec!["https://play.example/".to_string()];
        let check = |origin, host| origin_allowed(&headers(origin, host), &[], &public);
        // Behind nginx the Host is the upstream's: the public origin is what counts.
        assert!(check(Some("https://play.example"), "127.0.0.1:8080"));
        assert!(!check(Some("http://127.0.0.1:8080"), "127.0.0.1:8080"));
        assert!(!check(Some("https://evil.example"), "127.0.0.1:8080"));
        assert!(check(None, "127.0.0.1:8080"));
    }
}
