//! A game's WebSocket: the Origin check, then one loop per connection that reads client
//! messages (size- and rate-limited), hands them to the room, and forwards the room's
//! broadcasts.

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use tokio::sync::{Mutex, broadcast};

use crate::app::App;
use crate::http::error_response;
use crate::limits::TokenBucket;
use crate::now_ms;
use crate::protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ProtocolError, parse_client};
use crate::room::{OfferKind, Room};

/// The largest frame the WebSocket layer reads at all; the protocol's own limit
/// ([`crate::protocol::MAX_MESSAGE_BYTES`]) answers larger ones with a typed error.
const FRAME_LIMIT: usize = 64 * 1024;

/// Rate-limited messages tolerated on one connection before it is closed.
const MAX_STRIKES: u32 = 100;

/// Whether a WebSocket request's `Origin` may connect: none (not a browser), the server's
/// own host, or one of the allowed origins.
pub(crate) fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(origin)) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let bare = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    matches!((host, bare), (Some(h), Some(o)) if h.eq_ignore_ascii_case(o))
}

/// `GET /games/{id}/ws`: checks the origin and the game, then upgrades.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    if !origin_allowed(&headers, &app.config.allowed_origins) {
        return error_response(&ProtocolError::new(
            ErrorCode::BadOrigin,
            "this origin may not open the game's WebSocket",
        ));
    }
    let room = match app.room(&id).await {
        Ok(room) => room,
        Err(e) => return error_response(&e),
    };
    let Ok(ws) = ws else {
        return error_response(&ProtocolError::new(
            ErrorCode::BadMessage,
            "this address takes only a WebSocket upgrade",
        ));
    };
    ws.max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        .on_upgrade(move |socket| async move {
            Connection::new(Arc::clone(&app), room).run(socket).await;
            // The connection's hold on the room is gone: drop the room from memory if
            // nothing else holds it.
            app.release(&id);
        })
}

/// One client's connection to one game.
struct Connection {
    app: Arc<App>,
    room: Arc<Mutex<Room>>,
    /// The client's seat once its `hello` named a token; `None` for a spectator.
    seat: Option<usize>,
    /// The room's broadcasts, once `hello` came.
    rx: Option<broadcast::Receiver<Arc<str>>>,
    bucket: TokenBucket,
    strikes: u32,
}

/// What the loop does after a client message.
enum Next {
    Reply(String),
    Nothing,
}

impl Connection {
    fn new(app: Arc<App>, room: Arc<Mutex<Room>>) -> Connection {
        let bucket = TokenBucket::new(app.config.message_rate);
        Connection {
            app,
            room,
            seat: None,
            rx: None,
            bucket,
            strikes: 0,
        }
    }

    async fn run(mut self, mut socket: WebSocket) {
        self.serve(&mut socket).await;
    }

    async fn serve(&mut self, socket: &mut WebSocket) {
        let mut shutdown = self.app.shutdown.clone();
        loop {
            let rx = self.rx.as_mut();
            tokio::select! {
                _ = shutdown.changed() => {
                    let _ = socket.send(Message::Close(Some(CloseFrame {
                        code: 1012, // service restart
                        reason: Utf8Bytes::from_static("the server is stopping"),
                    }))).await;
                    return;
                }
                incoming = socket.recv() => {
                    let Some(Ok(message)) = incoming else { return };
                    let reply = match message {
                        Message::Text(text) => self.on_text(text.as_str()).await,
                        Message::Binary(_) => self.limited().unwrap_or_else(|| {
                            Next::Reply(ProtocolError::new(
                                ErrorCode::Binary,
                                "messages are JSON text frames",
                            ).to_json())
                        }),
                        Message::Close(_) => return,
                        Message::Ping(_) | Message::Pong(_) => Next::Nothing,
                    };
                    if let Next::Reply(text) = reply
                        && socket.send(Message::Text(text.into())).await.is_err()
                    {
                        return;
                    }
                    if self.strikes > MAX_STRIKES {
                        let _ = socket.send(Message::Close(Some(CloseFrame {
                            code: 1008, // policy violation
                            reason: Utf8Bytes::from_static("too many messages"),
                        }))).await;
                        return;
                    }
                }
                broadcast = async {
                    match rx {
                        Some(rx) => rx.recv().await,
                        None => std::future::pending().await,
                    }
                } => {
                    let text = match broadcast {
                        Ok(text) => text.to_string(),
                        // Too far behind: the whole state instead of the missed messages.
                        Err(broadcast::error::RecvError::Lagged(_)) => {
                            self.room.lock().await.state_json(self.seat, now_ms()).to_string()
                        }
                        Err(broadcast::error::RecvError::Closed) => return,
                    };
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// Takes a token from the connection's bucket; the refusal if there was none.
    fn limited(&mut self) -> Option<Next> {
        if self.bucket.try_take() {
            return None;
        }
        self.strikes += 1;
        Some(Next::Reply(
            ProtocolError::new(ErrorCode::RateLimited, "too many messages; slow down").to_json(),
        ))
    }

    async fn on_text(&mut self, text: &str) -> Next {
        if let Some(refusal) = self.limited() {
            return refusal;
        }
        let result = match parse_client(text) {
            Ok(message) => self.handle(message).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(next) => next,
            Err(e) => Next::Reply(e.to_json()),
        }
    }

    async fn handle(&mut self, message: ClientMessage) -> Result<Next, ProtocolError> {
        let app = Arc::clone(&self.app);
        let store = &app.store;
        let handle = Arc::clone(&self.room);
        let mut room = handle.lock().await;
        if let ClientMessage::Hello {
            protocol, token, ..
        } = &message
        {
            if self.rx.is_some() {
                return Err(ProtocolError::new(
                    ErrorCode::HelloFirst,
                    "hello was already said",
                ));
            }
            if *protocol != PROTOCOL_VERSION {
                return Err(ProtocolError::new(
                    ErrorCode::BadProtocol,
                    format!("this server speaks protocol {PROTOCOL_VERSION}, not {protocol}"),
                ));
            }
            let seat = match token {
                None => None,
                Some(token) => Some(room.seat_of_token(token).ok_or_else(|| {
                    ProtocolError::new(ErrorCode::BadToken, "the token is no seat's of this game")
                })?),
            };
            let rx = room.subscribe();
            if let Some(seat) = seat {
                let joined = room.join(store, seat, now_ms()).await;
                app.reschedule(&handle, &mut room);
                joined?;
            }
            self.seat = seat;
            self.rx = Some(rx);
            return Ok(Next::Reply(room.state_json(seat, now_ms()).to_string()));
        }
        if self.rx.is_none() {
            return Err(ProtocolError::new(ErrorCode::HelloFirst, "say hello first"));
        }
        match message {
            ClientMessage::Ping {} => return Ok(Next::Reply(r#"{"type":"pong"}"#.into())),
            ClientMessage::Sync {} => {
                return Ok(Next::Reply(
                    room.state_json(self.seat, now_ms()).to_string(),
                ));
            }
            _ => {}
        }
        let Some(seat) = self.seat else {
            return Err(ProtocolError::new(
                ErrorCode::NotAPlayer,
                "a spectator cannot play: say hello with a seat's token",
            ));
        };
        let now = now_ms();
        let done = match message {
            ClientMessage::Move { version, mv } => room.play(store, seat, version, &mv, now).await,
            ClientMessage::Resign { version } => room.resign(store, seat, version, now).await,
            ClientMessage::OfferDraw { version } => room.offer(seat, OfferKind::Draw, version),
            ClientMessage::OfferUndo { version } => room.offer(seat, OfferKind::Undo, version),
            ClientMessage::AcceptDraw { version } => {
                room.accept(store, seat, OfferKind::Draw, version, now)
                    .await
            }
            ClientMessage::AcceptUndo { version } => {
                room.accept(store, seat, OfferKind::Undo, version, now)
                    .await
            }
            ClientMessage::Decline { version } => room.decline(seat, version),
            ClientMessage::Hello { .. } | ClientMessage::Ping {} | ClientMessage::Sync {} => Ok(()),
        };
        // A move, an undo or an end moves the flag's deadline (a refused move may have
        // found the flag fallen and ended the game).
        app.reschedule(&handle, &mut room);
        done.map(|()| Next::Nothing)
    }
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
        assert!(origin_allowed(&headers(None, "a:1"), &allowed));
        assert!(origin_allowed(
            &headers(Some("http://a:1"), "a:1"),
            &allowed
        ));
        assert!(origin_allowed(
            &headers(Some("https://play.example"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed(
            &headers(Some("http://evil.example"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed(
            &headers(Some("http://a:2"), "a:1"),
            &allowed
        ));
        assert!(!origin_allowed(&headers(Some("null"), "a:1"), &allowed));
    }
}
