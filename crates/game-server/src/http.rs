//! The HTTP routes: making games, their state and records, and the static playground.

use std::path::{Component, Path as FsPath};
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Extension, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use crate::app::App;
use crate::client_addr::ClientAddr;
use crate::create::CreateRequest;
use crate::protocol::{ErrorCode, MAX_MESSAGE_BYTES, ProtocolError};
use crate::{now_ms, ws};

/// The largest request body read at all; past [`MAX_MESSAGE_BYTES`] it is refused with a
/// typed error.
const BODY_LIMIT: usize = 64 * 1024;

/// The routes over `app`.
pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/server.json", get(server_info))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route("/games", post(create_game))
        .route("/games/{id}", get(game_state))
        .route("/games/{id}/record", get(record))
        .route("/games/{id}/record.sgf", get(record_sgf))
        .route("/games/{id}/ws", get(ws::upgrade))
        .route("/match/ws", get(crate::matching::socket::upgrade))
        .route("/leaderboard/{game}", get(crate::rankings::leaderboard))
        .route("/players/{name}", get(crate::rankings::player))
        .route("/account", get(crate::accounts::me))
        .route("/account/register", post(crate::accounts::register))
        .route(
            "/account/register/finish",
            post(crate::accounts::register_finish),
        )
        .route("/account/sign-in", post(crate::accounts::sign_in))
        .route(
            "/account/sign-in/finish",
            post(crate::accounts::sign_in_finish),
        )
        .route("/account/sign-out", post(crate::accounts::sign_out))
        .route("/account/delete", post(crate::accounts::delete))
        .fallback(static_file)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(app)
}

/// A typed error as an HTTP response: its JSON and a status fitting its code.
pub(crate) fn error_response(error: &ProtocolError) -> Response {
    let status = match error.code {
        ErrorCode::UnknownGame | ErrorCode::NotFound => StatusCode::NOT_FOUND,
        ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::BadOrigin => StatusCode::FORBIDDEN,
        ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        ErrorCode::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::NameTaken => StatusCode::CONFLICT,
        ErrorCode::SignedOut | ErrorCode::PasskeyRefused => StatusCode::UNAUTHORIZED,
        _ => StatusCode::BAD_REQUEST,
    };
    let mut response = json_response(status, error.to_json());
    // The accept loop counts the refusal by its code (`metrics`).
    response.extensions_mut().insert(error.code);
    response
}

/// `GET /healthz`: the process answers.
async fn healthz() -> Response {
    (StatusCode::OK, "ok\n").into_response()
}

/// `GET /readyz`: `200` when the store answers and the server is not stopping (nor, one of
/// several, giving its games up or without a fresh lease), else `503` (a load balancer
/// takes the instance out).
async fn readyz(State(app): State<Arc<App>>) -> Response {
    if *app.shutdown.borrow() {
        return (StatusCode::SERVICE_UNAVAILABLE, "stopping\n").into_response();
    }
    if let Some(cluster) = &app.config.cluster {
        if cluster.is_retiring() {
            return (StatusCode::SERVICE_UNAVAILABLE, "stopping\n").into_response();
        }
        if !cluster.leased() {
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                "no lease: the database is out of reach\n",
            )
                .into_response();
        }
    }
    let store = Arc::clone(&app.store);
    match tokio::task::spawn_blocking(move || store.check()).await {
        Ok(Ok(())) => (StatusCode::OK, "ready\n").into_response(),
        Ok(Err(e)) => (StatusCode::SERVICE_UNAVAILABLE, format!("store: {e}\n")).into_response(),
        Err(e) => (StatusCode::SERVICE_UNAVAILABLE, format!("store: {e}\n")).into_response(),
    }
}

/// `GET /metrics`: the metrics in Prometheus text, to a client on loopback only (a scraper
/// on the same host; through a proxy the client is the visitor, who is refused).
async fn metrics(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
) -> Response {
    if !client.is_loopback() {
        return error_response(&ProtocolError::new(ErrorCode::NotFound, "no such page"));
    }
    let mut response = app.metrics_text().into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
    );
    response
}

fn json_response(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

/// What this server is, for a page deciding whether to offer online play: its name,
/// version, protocol version and the message size limit.
async fn server_info() -> Response {
    let info = serde_json::json!({
        "server": "game-server",
        "version": env!("CARGO_PKG_VERSION"),
        "protocol": crate::protocol::PROTOCOL_VERSION,
        "max_message_bytes": MAX_MESSAGE_BYTES,
    });
    json_response(StatusCode::OK, info.to_string())
}

async fn create_game(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    body: Result<Bytes, BytesRejection>,
) -> Response {
    let Ok(body) = body else {
        return error_response(&ProtocolError::new(
            ErrorCode::TooLarge,
            format!("a request is at most {MAX_MESSAGE_BYTES} bytes"),
        ));
    };
    if body.len() > MAX_MESSAGE_BYTES {
        return error_response(&ProtocolError::new(
            ErrorCode::TooLarge,
            format!("a request is at most {MAX_MESSAGE_BYTES} bytes"),
        ));
    }
    if !app.create_limit.try_take(client) {
        if let Some(held_back) = app.policy_log.admit() {
            tracing::warn!(client = %client, held_back, "game refused: too many from this client");
        }
        return error_response(&ProtocolError::new(
            ErrorCode::RateLimited,
            "too many games made from this address; wait a little",
        ));
    }
    let value: serde_json::Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            return error_response(&ProtocolError::new(
                ErrorCode::BadJson,
                format!("not JSON: {e}"),
            ));
        }
    };
    let request: CreateRequest = match serde_json::from_value(value) {
        Ok(r) => r,
        Err(e) => {
            return error_response(&ProtocolError::new(
                ErrorCode::BadMessage,
                format!("no game request: {e}"),
            ));
        }
    };
    match app.create(request).await {
        Ok(answer) => {
            tracing::info!(game = %answer["id"].as_str().unwrap_or_default(), spec = %answer["spec"].as_str().unwrap_or_default(), client = %client, "game made");
            json_response(StatusCode::CREATED, answer.to_string())
        }
        Err(e) => error_response(&e),
    }
}

async fn game_state(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.read(&id, |room| room.state_json(None, now_ms())).await {
        Ok(state) => json_response(StatusCode::OK, state.to_string()),
        Err(e) => error_response(&e),
    }
}

fn attachment(name: &str, content_type: &'static str, body: String) -> Response {
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response()
}

async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.read(&id, |room| room.game().write_record()).await {
        Ok(text) => attachment(&format!("{id}.json"), "application/json", text),
        Err(e) => error_response(&e),
    }
}

async fn record_sgf(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let sgf = match app
        .read(&id, |room| room.game().to_sgf("Black", "White"))
        .await
    {
        Ok(sgf) => sgf,
        Err(e) => return error_response(&e),
    };
    match sgf {
        Ok(text) => attachment(&format!("{id}.sgf"), "application/x-go-sgf", text),
        Err(e) => error_response(&ProtocolError::new(ErrorCode::NotFound, e.to_string())),
    }
}

/// Whether a request path's segments are plain file names (no `..`, no hidden files, no
/// escapes, no back-slashes): the only paths the static server looks up.
pub(crate) fn safe_relative_path(path: &str) -> Option<&FsPath> {
    let rel = path.strip_prefix('/')?;
    let ok_segment = |s: &str| {
        !s.is_empty()
            && !s.starts_with('.')
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'))
    };
    if !rel.split('/').all(ok_segment) {
        return None;
    }
    let p = FsPath::new(rel);
    p.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then_some(p)
}

async fn static_file(State(app): State<Arc<App>>, uri: Uri, headers: HeaderMap) -> Response {
    let served = app
        .config
        .site
        .as_ref()
        .and_then(|site| site.respond(uri.path(), &headers));
    served.unwrap_or_else(|| {
        error_response(&ProtocolError::new(
            ErrorCode::NotFound,
            format!("nothing at {}", uri.path()),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_are_looked_up() {
        assert!(safe_relative_path("/index.html").is_some());
        assert!(safe_relative_path("/js/app.js").is_some());
        for bad in [
            "/../Cargo.toml",
            "/js/../../x",
            "/.git/config",
            "//etc/passwd",
            "/a\\b",
            "/%2e%2e/x",
            "/js/",
            "relative",
        ] {
            assert!(safe_relative_path(bad).is_none(), "{bad}");
        }
    }
}
