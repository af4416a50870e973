//! A game's WebSocket opened on a server that does not own the game, when several share
//! one database: the socket is forwarded to the owner, frame for frame, so that every
//! connection to a game ends on the one server that judges it (docs/server.md, "Several
//! servers").
//!
//! The owner sees the request as the client made it (its `Origin` and `Host`, so the
//! origin check gives the same answer) with the client's address in `X-Forwarded-For`;
//! it trusts the other servers as proxies, so its limits count the real client. When the
//! owner goes away without a close (it died), the client's socket is closed with 1012 and
//! the page reconnects, to whichever server then serves the game.

use std::net::IpAddr;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use axum::http::{HeaderMap, HeaderValue, header};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::CloseFrame as UpstreamClose;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message as Up};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::protocol::{ErrorCode, ProtocolError};

/// How long the owner has to accept a forwarded socket.
const CONNECT_PATIENCE: Duration = Duration::from_secs(3);

/// Ping intervals the client may stay silent before its socket is closed.
const PINGS_UNANSWERED: u32 = 3;

/// The header a forwarded request carries, so that it is never forwarded twice (the
/// game moved again meanwhile): the next server answers `unavailable` instead, and the
/// client reconnects.
pub(crate) const FORWARDED: &str = "x-game-server-forwarded";

/// The socket to the owning server.
pub(crate) type Upstream = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens the socket at `path` (`/games/ID/ws`, `/match/ws`) on the server at `address`,
/// as the client asked for it on this one (`headers`), for `client`.
///
/// # Errors
/// [`ErrorCode::Unavailable`] if the owner cannot be reached or refuses with a server
/// error; its own refusal (`404`, `403`, …) as the same code where it says one.
pub(crate) async fn connect(
    address: &str,
    path: &str,
    headers: &HeaderMap,
    client: IpAddr,
) -> Result<Upstream, ProtocolError> {
    let unavailable = |why: String| {
        ProtocolError::new(
            ErrorCode::Unavailable,
            format!("the server that serves this ({address}) {why}: try again"),
        )
    };
    let mut request = format!("ws://{address}{path}")
        .into_client_request()
        .map_err(|e| unavailable(format!("has an address that does not read ({e})")))?;
    let sent = request.headers_mut();
    // The cookie too: the queues' server reads the player's session from it.
    for name in [header::ORIGIN, header::HOST, header::COOKIE] {
        if let Some(value) = headers.get(&name) {
            sent.insert(name, value.clone());
        }
    }
    if let Ok(value) = HeaderValue::from_str(&client.to_string()) {
        sent.insert("x-forwarded-for", value);
    }
    sent.insert(FORWARDED, HeaderValue::from_static("1"));
    let connecting = tokio_tungstenite::connect_async(request);
    match tokio::time::timeout(CONNECT_PATIENCE, connecting).await {
        Err(_) => Err(unavailable(format!(
            "did not answer within {CONNECT_PATIENCE:?}"
        ))),
        Ok(Ok((upstream, _))) => Ok(upstream),
        Ok(Err(tungstenite::Error::Http(response))) => {
            let code = response
                .body()
                .as_deref()
                .and_then(|body| serde_json::from_slice::<serde_json::Value>(body).ok())
                .and_then(|v| v["code"].as_str().map(str::to_string));
            Err(match (response.status().as_u16(), code.as_deref()) {
                (404, _) => ProtocolError::new(ErrorCode::UnknownGame, "no such game"),
                (403, _) => ProtocolError::new(
                    ErrorCode::BadOrigin,
                    "this origin may not open the game's WebSocket",
                ),
                (429, _) => ProtocolError::new(
                    ErrorCode::RateLimited,
                    "this address has too many connections open",
                ),
                (status, code) => {
                    unavailable(format!("refused with {status} {}", code.unwrap_or("")))
                }
            })
        }
        Ok(Err(e)) => Err(unavailable(format!("could not be reached ({e})"))),
    }
}

/// How a forwarded socket ended, for the log.
pub(crate) enum Forwarded {
    /// The client closed it.
    ByClient,
    /// The owner closed it with this code.
    ByOwner(u16),
    /// The owner went away without a close (1012 sent to the client).
    OwnerLost,
    /// This server is stopping, or the client stopped answering (the code sent).
    Closed(u16),
    /// The client's connection failed.
    Lost,
}

/// Relays frames between `socket` (the client) and `upstream` (the owner) until either
/// ends or `stop` turns true; pings the client every `ping_every`.
pub(crate) async fn relay(
    socket: &mut WebSocket,
    mut upstream: Upstream,
    mut stop: watch::Receiver<bool>,
    ping_every: Duration,
) -> Forwarded {
    let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            _ = pings.tick() => {
                if last_heard.elapsed() >= ping_every.saturating_mul(PINGS_UNANSWERED) {
                    let _ = upstream.close(None).await;
                    close(socket, 1001, "no answer to pings").await;
                    return Forwarded::Closed(1001);
                }
                if socket.send(Message::Ping(axum::body::Bytes::new())).await.is_err() {
                    let _ = upstream.close(None).await;
                    return Forwarded::Lost;
                }
            }
            () = crate::cluster::turned_true(&mut stop) => {
                let _ = upstream.close(None).await;
                close(socket, 1012, "the server is stopping").await;
                return Forwarded::Closed(1012);
            }
            incoming = socket.recv() => {
                last_heard = tokio::time::Instant::now();
                let frame = match incoming {
                    Some(Ok(Message::Text(text))) => Up::Text(text.as_str().into()),
                    Some(Ok(Message::Binary(bytes))) => Up::Binary(bytes),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(frame))) => {
                        let _ = upstream.close(frame.map(|f| UpstreamClose {
                            code: CloseCode::from(f.code),
                            reason: f.reason.as_str().into(),
                        })).await;
                        return Forwarded::ByClient;
                    }
                    Some(Err(_)) | None => {
                        let _ = upstream.close(None).await;
                        return Forwarded::Lost;
                    }
                };
                if upstream.send(frame).await.is_err() {
                    close(socket, 1012, "the game's server went away").await;
                    return Forwarded::OwnerLost;
                }
            }
            from_owner = upstream.next() => {
                let frame = match from_owner {
                    Some(Ok(Up::Text(text))) => Message::Text(text.as_str().into()),
                    Some(Ok(Up::Binary(bytes))) => Message::Binary(bytes),
                    Some(Ok(Up::Ping(_) | Up::Pong(_) | Up::Frame(_))) => continue,
                    Some(Ok(Up::Close(frame))) => {
                        let code = frame.as_ref().map_or(1000, |f| u16::from(f.code));
                        let reason = frame.map_or_else(Utf8Bytes::default, |f| f.reason.as_str().into());
                        let _ = socket.send(Message::Close(Some(CloseFrame { code, reason }))).await;
                        return Forwarded::ByOwner(code);
                    }
                    Some(Err(_)) | None => {
                        close(socket, 1012, "the game's server went away").await;
                        return Forwarded::OwnerLost;
                    }
                };
                if socket.send(frame).await.is_err() {
                    let _ = upstream.close(None).await;
                    return Forwarded::Lost;
                }
            }
        }
    }
}

/// Sends a close frame (best effort).
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })))
        .await;
}
