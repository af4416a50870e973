//! Accounts (issue 37; docs/server.md, "Accounts"): sign up and sign in with a passkey
//! (WebAuthn, through `webauthn-rs`), no password anywhere; a session cookie of 256 random
//! bits (`HttpOnly`, `SameSite=Lax`, `Secure` over TLS) whose SHA-256 digest the store
//! keeps; sign out; delete the account.
//!
//! Each ceremony takes two requests: the first answers the options the browser's
//! `navigator.credentials` call takes and keeps the ceremony's state in the store under a
//! random id (five minutes, used once), the second hands back the browser's answer. The
//! relying party is the page's own origin, which must be one the server serves (the
//! `Origin` check of every state-changing request): its host is the passkey's scope, so a
//! passkey made at `http://localhost:8080` signs in there, not at `127.0.0.1`.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Extension, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use webauthn_rs::prelude::{
    PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential, RegisterPublicKeyCredential,
    Url, Uuid, Webauthn, WebauthnBuilder,
};

use crate::app::{App, blocking};
use crate::client_addr::ClientAddr;
use crate::http::error_response;
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{Account, AccountStore, GameStore, StoreError, StoredPasskey};
use crate::{now_ms, token};

mod session;

pub(crate) use session::signed_in;
use session::{cookie, cookie_token, open_session, session_key};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "gs_session";

/// How long a session lasts: 30 days.
const SESSION_MS: u64 = 30 * 24 * 3_600_000;

/// How long a ceremony waits for the browser's answer.
const CEREMONY_MS: u64 = 5 * 60_000;

/// The largest account request: a passkey's registration with its attestation.
const MAX_BODY: usize = 16 * 1024;

/// A ceremony under way, as kept in the store.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Ceremony {
    /// Making an account named `name` with id `account`.
    Register {
        account: String,
        name: String,
        origin: String,
        state: PasskeyRegistration,
    },
    /// Signing in to account `account`.
    SignIn {
        account: String,
        origin: String,
        state: PasskeyAuthentication,
    },
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
    ProtocolError::new(code, message)
}

/// The store's accounts; a store that keeps none fails every account request.
fn accounts(store: &dyn GameStore) -> Result<&dyn AccountStore, StoreError> {
    store
        .accounts()
        .ok_or_else(|| StoreError::Database("this store keeps no accounts".into()))
}

/// A name as it is kept: trimmed, 1 to 24 characters, no control characters.
fn account_name(given: &str) -> Result<String, ProtocolError> {
    crate::matching::seek::nickname(Some(given))
        .map_err(|e| refuse(ErrorCode::BadMessage, e.message.replace("nickname", "name")))
}

/// A request body of JSON as `T`.
fn read_body<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ProtocolError> {
    let too_large = || {
        refuse(
            ErrorCode::TooLarge,
            format!("an account request is at most {MAX_BODY} bytes"),
        )
    };
    let body = body.map_err(|_| too_large())?;
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    let value: Value = serde_json::from_slice(&body)
        .map_err(|e| refuse(ErrorCode::BadJson, format!("not JSON: {e}")))?;
    serde_json::from_value(value).map_err(|e| refuse(ErrorCode::BadMessage, e.to_string()))
}

/// The request's `Origin`, which an account request must have and the server must serve.
fn origin(app: &App, headers: &HeaderMap) -> Result<Url, ProtocolError> {
    let bad = |why: &str| refuse(ErrorCode::BadOrigin, why.to_string());
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Err(bad(
            "an account request must come from the site's own page (no Origin)",
        ));
    };
    if !crate::admission::origin_allowed(
        headers,
        &app.config.allowed_origins,
        &app.config.public_origins,
    ) {
        return Err(bad("an account request must come from the site's own page"));
    }
    let text = origin
        .to_str()
        .map_err(|_| bad("the Origin does not read"))?;
    Url::parse(text).map_err(|_| bad("the Origin is no address"))
}

/// WebAuthn with the page's `origin` as the relying party.
fn webauthn(origin: &Url) -> Result<Webauthn, ProtocolError> {
    let Some(host) = origin.domain() else {
        return Err(refuse(
            ErrorCode::BadOrigin,
            "passkeys need the site's host name (open it as http://localhost:…, not by an IP address)",
        ));
    };
    WebauthnBuilder::new(host, origin)
        .and_then(|b| b.rp_name("game-server").build())
        .map_err(|e| {
            refuse(
                ErrorCode::BadOrigin,
                format!("passkeys at this origin: {e}"),
            )
        })
}

/// A random account id (a version 4 UUID from the OS random source).
fn new_account_id() -> Result<Uuid, ProtocolError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    Ok(Uuid::from_bytes(bytes))
}

/// An account as the page sees it.
fn account_json(account: &Account) -> Value {
    json!({"id": account.id, "name": account.name})
}

/// A JSON answer with status 200 and `set_cookie`, if any.
fn answer(body: &Value, set_cookie: Option<HeaderValue>) -> Response {
    let mut response = (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body.to_string(),
    )
        .into_response();
    if let Some(value) = set_cookie {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The answer to an account request: its JSON, or the typed refusal.
fn respond(result: Result<(Value, Option<HeaderValue>), ProtocolError>) -> Response {
    match result {
        Ok((body, set_cookie)) => answer(&body, set_cookie),
        Err(e) => error_response(&e),
    }
}

/// The checks every state-changing account request passes: the address's rate (the one
/// games are made at) and the origin.
fn admit(app: &App, client: std::net::IpAddr, headers: &HeaderMap) -> Result<Url, ProtocolError> {
    if !app.create_limit.try_take(client) {
        return Err(refuse(
            ErrorCode::RateLimited,
            "too many requests from this address; wait a little",
        ));
    }
    origin(app, headers)
}

/// Keeps `ceremony` under a new id: the id.
async fn keep_ceremony(app: &App, ceremony: &Ceremony) -> Result<String, ProtocolError> {
    let id = token::new_token().map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
    let state =
        serde_json::to_string(ceremony).map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
    let store = Arc::clone(&app.store);
    let key = id.clone();
    blocking(move || {
        let now = now_ms();
        accounts(&*store)?.put_ceremony(&key, &state, now, now + CEREMONY_MS)
    })
    .await?;
    Ok(id)
}

/// Takes ceremony `id` back, once, if it has not expired.
async fn take_ceremony(app: &App, id: String) -> Result<Ceremony, ProtocolError> {
    let store = Arc::clone(&app.store);
    let state = blocking(move || accounts(&*store)?.take_ceremony(&id, now_ms())).await?;
    state
        .and_then(|s| serde_json::from_str(&s).ok())
        .ok_or_else(|| {
            refuse(
                ErrorCode::PasskeyRefused,
                "no such passkey request, or it expired: start again",
            )
        })
}

/// What both second requests of a ceremony do first: the usual checks, the body read as
/// the browser's `credential`, and the ceremony taken back, begun at this same origin.
async fn finishing<C: DeserializeOwned>(
    app: &App,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(Url, C, Ceremony), ProtocolError> {
    let origin = admit(app, client, headers)?;
    let Finish {
        ceremony,
        credential,
    } = read_body::<Finish<C>>(body)?;
    let ceremony = take_ceremony(app, ceremony).await?;
    let began = match &ceremony {
        Ceremony::Register { origin, .. } | Ceremony::SignIn { origin, .. } => origin,
    };
    if *began != origin.to_string() {
        return Err(refuse(
            ErrorCode::PasskeyRefused,
            "the passkey request began at another origin",
        ));
    }
    Ok((origin, credential, ceremony))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameRequest {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Finish<C> {
    ceremony: String,
    credential: C,
}

/// `POST /account/register` `{"name"}`: the options for making a passkey, if the name is
/// free.
pub(crate) async fn register(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let origin = admit(&app, client, &headers)?;
            let NameRequest { name } = read_body(body)?;
            let name = account_name(&name)?;
            let store = Arc::clone(&app.store);
            let asked = name.clone();
            if blocking(move || accounts(&*store)?.account_named(&asked))
                .await?
                .is_some()
            {
                return Err(refuse(
                    ErrorCode::NameTaken,
                    format!("the name {name:?} is taken"),
                ));
            }
            let id = new_account_id()?;
            let (options, state) = webauthn(&origin)?
                .start_passkey_registration(id, &name, &name, None)
                .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?;
            let ceremony = Ceremony::Register {
                account: id.to_string(),
                name,
                origin: origin.to_string(),
                state,
            };
            let key = keep_ceremony(&app, &ceremony).await?;
            Ok((json!({"ceremony": key, "options": options}), None))
        }
        .await,
    )
}

/// `POST /account/register/finish` `{"ceremony", "credential"}`: makes the account with
/// the passkey the browser made, and signs it in.
pub(crate) async fn register_finish(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let (origin, credential, ceremony) =
                finishing::<RegisterPublicKeyCredential>(&app, client, &headers, body).await?;
            let Ceremony::Register {
                account,
                name,
                state,
                ..
            } = ceremony
            else {
                return Err(refuse(
                    ErrorCode::PasskeyRefused,
                    "that request was a sign-in",
                ));
            };
            let passkey = webauthn(&origin)?
                .finish_passkey_registration(&credential, &state)
                .map_err(|e| {
                    refuse(
                        ErrorCode::PasskeyRefused,
                        format!("the passkey did not verify: {e}"),
                    )
                })?;
            let stored = StoredPasskey {
                credential_id: passkey
                    .cred_id()
                    .iter()
                    .map(|b| format!("{b:02x}"))
                    .collect(),
                passkey: serde_json::to_string(&passkey)
                    .map_err(|e| refuse(ErrorCode::Internal, e.to_string()))?,
            };
            let made = Account {
                id: account,
                name,
                created_ms: now_ms(),
            };
            let store = Arc::clone(&app.store);
            let kept = made.clone();
            // A name taken between the two requests is refused here (`name_taken`).
            blocking(move || accounts(&*store)?.create_account(&kept, &stored)).await?;
            tracing::info!(account = %made.id, "account made");
            let set = open_session(&app, &made, &origin).await?;
            Ok((json!({"account": account_json(&made)}), Some(set)))
        }
        .await,
    )
}

/// `POST /account/sign-in` `{"name"}`: the options for signing in with one of the
/// account's passkeys.
pub(crate) async fn sign_in(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let origin = admit(&app, client, &headers)?;
            let NameRequest { name } = read_body(body)?;
            let store = Arc::clone(&app.store);
            let found = blocking(move || {
                let accounts = accounts(&*store)?;
                let Some(account) = accounts.account_named(name.trim())? else {
                    return Ok(None);
                };
                let keys = accounts.passkeys(&account.id)?;
                Ok(Some((account, keys)))
            })
            .await?;
            let Some((account, keys)) = found else {
                return Err(refuse(
                    ErrorCode::PasskeyRefused,
                    "no account has that name",
                ));
            };
            let passkeys: Vec<_> = keys
                .iter()
                .filter_map(|k| serde_json::from_str(&k.passkey).ok())
                .collect();
            let (options, state) = webauthn(&origin)?
                .start_passkey_authentication(&passkeys)
                .map_err(|e| {
                    refuse(
                        ErrorCode::PasskeyRefused,
                        format!("the account's passkeys: {e}"),
                    )
                })?;
            let ceremony = Ceremony::SignIn {
                account: account.id,
                origin: origin.to_string(),
                state,
            };
            let key = keep_ceremony(&app, &ceremony).await?;
            Ok((json!({"ceremony": key, "options": options}), None))
        }
        .await,
    )
}

/// `POST /account/sign-in/finish` `{"ceremony", "credential"}`: checks the browser's
/// answer against the account's passkey and signs it in.
pub(crate) async fn sign_in_finish(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    respond(
        async {
            let (origin, credential, ceremony) =
                finishing::<PublicKeyCredential>(&app, client, &headers, body).await?;
            let Ceremony::SignIn { account, state, .. } = ceremony else {
                return Err(refuse(
                    ErrorCode::PasskeyRefused,
                    "that request was a registration",
                ));
            };
            let result = webauthn(&origin)?
                .finish_passkey_authentication(&credential, &state)
                .map_err(|e| {
                    refuse(
                        ErrorCode::PasskeyRefused,
                        format!("the passkey did not verify: {e}"),
                    )
                })?;
            let store = Arc::clone(&app.store);
            let id = account.clone();
            let found = blocking(move || {
                let accounts = accounts(&*store)?;
                // The counter moved on: the passkey is written again.
                for mut stored in accounts.passkeys(&id)? {
                    let Ok(mut passkey) =
                        serde_json::from_str::<webauthn_rs::prelude::Passkey>(&stored.passkey)
                    else {
                        continue;
                    };
                    if passkey.update_credential(&result) == Some(true) {
                        stored.passkey = serde_json::to_string(&passkey)
                            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
                        accounts.update_passkey(&stored)?;
                    }
                }
                accounts.account(&id)
            })
            .await?;
            let Some(account) = found else {
                return Err(refuse(ErrorCode::PasskeyRefused, "the account was deleted"));
            };
            let set = open_session(&app, &account, &origin).await?;
            Ok((json!({"account": account_json(&account)}), Some(set)))
        }
        .await,
    )
}

/// `GET /account`: the account signed in, or `{"account": null}` (a visitor who is not
/// signed in is no error: every page load asks).
pub(crate) async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    respond(match signed_in(&app, &headers).await {
        Ok(Some(account)) => Ok((json!({"account": account_json(&account)}), None)),
        Ok(None) => Ok((json!({"account": null}), None)),
        Err(e) => Err(e),
    })
}

/// `POST /account/sign-out`: ends this session (the cookie is cleared either way).
pub(crate) async fn sign_out(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let origin = admit(&app, client, &headers)?;
            if let Some(token) = cookie_token(&headers) {
                let store = Arc::clone(&app.store);
                blocking(move || accounts(&*store)?.delete_session(&session_key(&token), now_ms()))
                    .await?;
            }
            Ok((json!({"account": null}), Some(cookie(None, &origin))))
        }
        .await,
    )
}

/// `POST /account/delete`: deletes the account signed in, its passkeys and sessions.
pub(crate) async fn delete(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
) -> Response {
    respond(
        async {
            let origin = admit(&app, client, &headers)?;
            let Some(account) = signed_in(&app, &headers).await? else {
                return Err(refuse(ErrorCode::SignedOut, "not signed in"));
            };
            let store = Arc::clone(&app.store);
            let id = account.id.clone();
            blocking(move || accounts(&*store)?.delete_account(&id)).await?;
            tracing::info!(account = %account.id, "account deleted");
            Ok((
                json!({"deleted": account_json(&account)}),
                Some(cookie(None, &origin)),
            ))
        }
        .await,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passkeys_need_a_host_name() {
        assert!(webauthn(&Url::parse("http://localhost:8080").unwrap()).is_ok());
        let ip = webauthn(&Url::parse("http://127.0.0.1:8080").unwrap());
        assert_eq!(ip.err().map(|e| e.code), Some(ErrorCode::BadOrigin));
    }

    #[test]
    fn account_ids_are_version_4_uuids() {
        let id = new_account_id().unwrap();
        assert_eq!(id.get_version_num(), 4);
        assert_ne!(id, new_account_id().unwrap());
    }
}
