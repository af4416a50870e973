//! Sessions (docs/server.md, "Accounts"): the `gs_session` cookie of 256 random bits, kept
//! in the store as its SHA-256 digest; read from a request, opened after a passkey, and the
//! `Set-Cookie` that carries or clears it.

use std::sync::Arc;

use axum::http::{HeaderMap, HeaderValue, header};
use webauthn_rs::prelude::Url;

use super::{SESSION_COOKIE, SESSION_MS, accounts, refuse};
use crate::app::{App, blocking};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::Account;
use crate::{now_ms, token};

/// The session token a request's cookie carries, if it has one of the right form.
pub(super) fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|v| v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The stored key of a session token: its SHA-256 digest, in hex.
pub(super) fn session_key(token: &str) -> String {
    token::digest(token)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The account signed in by the request's session cookie, if any.
///
/// # Errors
/// [`ErrorCode::Internal`] if the store fails.
pub(crate) async fn signed_in(
    app: &App,
    headers: &HeaderMap,
) -> Result<Option<Account>, ProtocolError> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    let store = Arc::clone(&app.store);
    blocking(move || accounts(&*store)?.session(&session_key(&token), now_ms())).await
}

/// The `Set-Cookie` of a new session (or, with `None`, the one that ends it).
pub(super) fn cookie(token: Option<&str>, origin: &Url) -> HeaderValue {
    let secure = if origin.scheme() == "https" {
        "; Secure"
    } else {
        ""
    };
    let text = match token {
        Some(t) => format!(
            "{SESSION_COOKIE}={t}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}{secure}",
            SESSION_MS / 1000
        ),
        None => format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    };
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Opens a session for `account`: the cookie that carries it.
pub(super) async fn open_session(
    app: &App,
    account: &Account,
    origin: &Url,
) -> Result<HeaderValue, ProtocolError> {
    let token = token::new_token().map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
    let (store, key, id) = (
        Arc::clone(&app.store),
        session_key(&token),
        account.id.clone(),
    );
    blocking(move || {
        let now = now_ms();
        accounts(&*store)?.create_session(&key, &id, now, now + SESSION_MS)
    })
    .await?;
    Ok(cookie(Some(&token), origin))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_cookie_is_read_only_in_its_own_form() {
        let mut headers = HeaderMap::new();
        let token = "ab".repeat(32);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("theme=dark; {SESSION_COOKIE}={token}; x=1")).unwrap(),
        );
        assert_eq!(cookie_token(&headers), Some(token));
        for bad in ["short", &"zz".repeat(32), &"ab".repeat(33)] {
            headers.insert(
                header::COOKIE,
                HeaderValue::from_str(&format!("{SESSION_COOKIE}={bad}")).unwrap(),
            );
            assert_eq!(cookie_token(&headers), None, "{bad}");
        }
    }

    #[test]
    fn cookies_are_http_only_same_site_and_secure_over_tls() {
        let http = Url::parse("http://localhost:8080").unwrap();
        let https = Url::parse("https://play.example").unwrap();
        let c = cookie(Some("t"), &http);
        let c = c.to_str().unwrap();
        assert!(
            c.contains("HttpOnly") && c.contains("SameSite=Lax") && !c.contains("Secure"),
            "{c}"
        );
        assert!(
            cookie(Some("t"), &https)
                .to_str()
                .unwrap()
                .ends_with("; Secure")
        );
        assert!(cookie(None, &http).to_str().unwrap().contains("Max-Age=0"));
    }
}
