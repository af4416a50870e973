//! Accounts without a browser (issue 37; docs/server.md, "Accounts"): what is refused
//! before any passkey is asked for. A forged, expired, ended or malformed session cookie
//! signs nobody in; one account's cookie acts for that account only; a cross-origin or
//! origin-less POST is refused; a taken name is refused whatever its case; a passkey
//! ceremony that is unknown, expired or already used is refused; the options for a passkey
//! name this site as the relying party. Signing up and in with a real passkey is the
//! browser test's (web/tests/accounts.test.mjs, Chromium's virtual authenticators).

mod common;

use std::net::SocketAddr;

use common::accounts::account_with_session;
use common::{loose, serve};
use game_server::store::{AccountStore, SqliteStore};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// One request with `headers` (each `Name: value`): the status, the head and the body.
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[String],
    body: &str,
) -> (u16, String, Value) {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut text = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n",
        addr.port()
    );
    for h in headers {
        text.push_str(h);
        text.push_str("\r\n");
    }
    text.push_str(&format!(
        "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    ));
    stream.write_all(text.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let raw = String::from_utf8(raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (
        status,
        head.to_string(),
        serde_json::from_str(body).unwrap_or(Value::Null),
    )
}

/// The page's own origin for a server at `addr`, as a browser at `localhost` sends it.
fn own_origin(addr: SocketAddr) -> String {
    format!("Origin: http://localhost:{}", addr.port())
}

fn cookie(token: &str) -> String {
    format!("Cookie: gs_session={token}")
}

#[tokio::test]
async fn sessions_sign_in_only_their_own_account_and_only_while_they_last() {
    let (dir, server) = serve("accounts-sessions", loose()).await;
    let addr = server.addr();
    let store = SqliteStore::open(&dir.db()).unwrap();
    let now = game_server::now_ms();
    let (ann, bo, old) = ("a1".repeat(32), "b2".repeat(32), "c3".repeat(32));
    account_with_session(&store, "Ann", &ann, now + 3_600_000);
    account_with_session(&store, "Bo", &bo, now + 3_600_000);
    account_with_session(&store, "Old", &old, now - 1);

    let me = |token: String| async move {
        request(addr, "GET", "/account", &[cookie(&token)], "").await
    };
    let (status, _, body) = me(ann.clone()).await;
    assert_eq!((status, &body["account"]["name"]), (200, &json!("Ann")));
    assert_eq!(me(bo.clone()).await.2["account"]["name"], "Bo");
    // Expired, forged (right form, no such session), malformed, none at all: nobody, and
    // nothing that needs an account is done for it.
    for token in [
        old.clone(),
        "d4".repeat(32),
        "not-a-token".into(),
        String::new(),
    ] {
        let (status, _, body) = me(token.clone()).await;
        assert_eq!((status, &body), (200, &json!({"account": null})), "{token}");
        let (status, _, body) = request(
            addr,
            "POST",
            "/account/delete",
            &[own_origin(addr), cookie(&token)],
            "",
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("signed_out")),
            "{token}"
        );
    }
    let (status, _, body) = request(addr, "GET", "/account", &[], "").await;
    assert_eq!((status, &body), (200, &json!({"account": null})));

    // Ann's cookie deletes Ann, and only Ann; her cookie then signs nobody in.
    let (status, head, body) = request(
        addr,
        "POST",
        "/account/delete",
        &[own_origin(addr), cookie(&ann)],
        "",
    )
    .await;
    assert_eq!(
        (status, &body["deleted"]["name"]),
        (200, &json!("Ann")),
        "{body}"
    );
    assert!(
        head.to_ascii_lowercase()
            .contains("set-cookie: gs_session=; path=/; httponly; samesite=lax; max-age=0"),
        "{head}"
    );
    assert_eq!(me(ann.clone()).await.2, json!({"account": null}));
    assert!(store.account_named("ann").unwrap().is_none());
    assert!(
        store.passkeys("id-Ann").unwrap().is_empty(),
        "her passkeys went with her"
    );
    assert_eq!(me(bo.clone()).await.2["account"]["name"], "Bo");

    // Signing out ends Bo's session and clears the cookie; the account stays.
    let (status, head, _) = request(
        addr,
        "POST",
        "/account/sign-out",
        &[own_origin(addr), cookie(&bo)],
        "",
    )
    .await;
    assert_eq!(status, 200);
    assert!(head.contains("Max-Age=0"), "{head}");
    assert_eq!(me(bo).await.2, json!({"account": null}));
    assert!(store.account_named("BO").unwrap().is_some());
}

#[tokio::test]
async fn cross_origin_and_origin_less_posts_are_refused() {
    let (dir, server) = serve("accounts-origin", loose()).await;
    let addr = server.addr();
    let store = SqliteStore::open(&dir.db()).unwrap();
    let token = "e5".repeat(32);
    account_with_session(&store, "Cy", &token, game_server::now_ms() + 3_600_000);
    for path in [
        "/account/delete",
        "/account/sign-out",
        "/account/register",
        "/account/sign-in",
    ] {
        for origin in [vec!["Origin: https://evil.example".to_string()], vec![]] {
            let mut headers = origin.clone();
            headers.push(cookie(&token));
            let (status, _, body) = request(addr, "POST", path, &headers, r#"{"name":"Cy"}"#).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (403, Some("bad_origin")),
                "{path} {origin:?}"
            );
        }
    }
    assert!(
        store.account_named("Cy").unwrap().is_some(),
        "nothing was deleted"
    );
    // At an IP address there are no passkeys: they are scoped to a host name.
    let ip = format!("Origin: http://127.0.0.1:{}", addr.port());
    let (status, _, body) = {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let body = r#"{"name":"Dee"}"#;
        let text = format!(
            "POST /account/register HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{ip}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            addr.port(),
            body.len()
        );
        stream.write_all(text.as_bytes()).await.unwrap();
        let mut raw = String::new();
        stream.read_to_string(&mut raw).await.unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").unwrap();
        (
            head.split(' ').nth(1).unwrap().parse::<u16>().unwrap(),
            head.to_string(),
            serde_json::from_str::<Value>(body).unwrap(),
        )
    };
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("bad_origin")),
        "{body}"
    );
}

#[tokio::test]
async fn names_are_unique_whatever_their_case_and_ceremonies_are_used_once() {
    let (dir, server) = serve("accounts-names", loose()).await;
    let addr = server.addr();
    let store = SqliteStore::open(&dir.db()).unwrap();
    account_with_session(
        &store,
        "Ann",
        &"f6".repeat(32),
        game_server::now_ms() + 3_600_000,
    );
    let origin = own_origin(addr);
    for name in ["Ann", "ANN", " ann "] {
        let (status, _, body) = request(
            addr,
            "POST",
            "/account/register",
            std::slice::from_ref(&origin),
            &json!({"name": name}).to_string(),
        )
        .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (409, Some("name_taken")),
            "{name}"
        );
    }
    for (body, code) in [
        (r#"{"name":""}"#, "bad_message"),
        (r#"{"name":"a\u0007b"}"#, "bad_message"),
        (r#"{"nom":"x"}"#, "bad_message"),
        ("{", "bad_json"),
    ] {
        let (status, _, answer) = request(
            addr,
            "POST",
            "/account/register",
            std::slice::from_ref(&origin),
            body,
        )
        .await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some(code)),
            "{body}"
        );
    }

    // A free name: the options name this site (its host) as the relying party and the
    // account's name as the user; the ceremony is kept under the id given.
    let (status, _, answer) = request(
        addr,
        "POST",
        "/account/register",
        std::slice::from_ref(&origin),
        r#"{"name":"Bo"}"#,
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let public_key = &answer["options"]["publicKey"];
    assert_eq!(public_key["rp"]["id"], "localhost");
    assert_eq!(public_key["user"]["name"], "Bo");
    assert!(
        public_key["challenge"]
            .as_str()
            .is_some_and(|c| c.len() >= 22)
    );
    let ceremony = answer["ceremony"].as_str().unwrap().to_string();
    assert_eq!(ceremony.len(), 64);
    // Nothing is made until the passkey comes back.
    assert!(store.account_named("Bo").unwrap().is_none());

    // An answer that is no passkey uses the ceremony up; the ceremony is then gone.
    let forged = json!({"ceremony": ceremony, "credential": {
        "id": "AAAA", "rawId": "AAAA", "type": "public-key",
        "response": {"attestationObject": "AAAA", "clientDataJSON": "AAAA"},
        "extensions": {}
    }});
    let (status, _, body) = request(
        addr,
        "POST",
        "/account/register/finish",
        std::slice::from_ref(&origin),
        &forged.to_string(),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("passkey_refused")),
        "{body}"
    );
    let (status, _, body) = request(
        addr,
        "POST",
        "/account/register/finish",
        std::slice::from_ref(&origin),
        &forged.to_string(),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("passkey_refused")),
        "used once: {body}"
    );
    assert!(
        body["message"].as_str().unwrap().contains("expired"),
        "{body}"
    );
    // Signing in to a name nobody has is refused before any passkey is asked for.
    let (status, _, body) = request(
        addr,
        "POST",
        "/account/sign-in",
        std::slice::from_ref(&origin),
        r#"{"name":"Nobody"}"#,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("passkey_refused")),
        "{body}"
    );
    // A ceremony kept past its time is refused.
    let now = game_server::now_ms();
    store
        .put_ceremony(&"0".repeat(64), "{}", now - 10, now - 1)
        .unwrap();
    let stale = json!({"ceremony": "0".repeat(64), "credential": forged["credential"]});
    let (status, _, body) = request(
        addr,
        "POST",
        "/account/register/finish",
        &[origin],
        &stale.to_string(),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("passkey_refused")),
        "{body}"
    );
}
