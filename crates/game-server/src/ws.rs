//! A game's WebSocket: the Origin check, then one loop per connection that reads client
//! messages (size- and rate-limited), hands each to its [`Client`] (the parser, the
//! `hello` and token checks, the room), and forwards the room's broadcasts.

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use tokio::sync::{Mutex, broadcast};
use tracing::Instrument;

use crate::admission::admit;
use crate::app::{App, Located};
use crate::client_addr::ClientAddr;
use crate::forward::{self, Forwarded};
use crate::http::error_response;
use crate::limits::TokenBucket;
use crate::now_ms;
use crate::protocol::{ClientMessage, ErrorCode, PROTOCOL_VERSION, ProtocolError, parse_client};
use crate::room::{OfferKind, Room};

/// The largest frame the WebSocket layer reads at all; the protocol's own limit
/// ([`crate::protocol::MAX_MESSAGE_BYTES`]) answers larger ones with a typed error.
pub(crate) const FRAME_LIMIT: usize = 64 * 1024;

/// Each socket's read buffer (docs/server.md, "Capacity").
pub(crate) const READ_BUFFER: usize = 4 * 1024;

/// Rate-limited messages tolerated on one connection before it is closed.
const MAX_STRIKES: u32 = 100;

/// Ping intervals a socket may stay silent (no pong, no message) before it is closed.
pub(crate) const PINGS_UNANSWERED: u32 = 3;

/// `GET /games/{id}/ws`: checks the origin, the address's open connections and the game,
/// then upgrades.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    // Held until the connection ends.
    let slot = match admit(&app, client, &headers, "the game's WebSocket") {
        Ok(slot) => slot,
        Err(refused) => return error_response(&refused),
    };
    let room = match app.locate(&id).await {
        Ok(Located::Here(room)) => room,
        Ok(Located::Elsewhere(_)) if headers.contains_key(forward::FORWARDED) => {
            // Forwarded here by a server that took this one for the owner: the game moved
            // again. One hop at most; the client tries again.
            return error_response(&ProtocolError::new(
                ErrorCode::Unavailable,
                "the game is moving between servers: try again",
            ));
        }
        Ok(Located::Elsewhere(address)) => {
            let path = format!("/games/{id}/ws");
            return forward_to(app, id, path, address, client, &headers, ws, slot).await;
        }
        Err(e) => return error_response(&e),
    };
    let Ok(ws) = ws else {
        return not_an_upgrade();
    };
    // The request's span (its id), carried on to the socket's task.
    let span = tracing::Span::current();
    ws.max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        // tungstenite reads into a 128 KiB buffer by default: with thousands of sockets
        // that was most of the server's memory, for messages of at most 4 KiB.
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |mut socket| async move {
            let log = Arc::clone(&app);
            tracing::info!(game = %id, client = %client, "socket opened");
            let mut session = Client::new(app, id.clone(), room);
            let ended = session.serve(&mut socket).await;
            let seat = session.seat.map_or_else(|| "watcher".to_string(), |s| s.to_string());
            match ended {
                Ended::Closed { code, reason } if matches!(code, 1002 | 1007 | 1008 | 1009) => {
                    if let Some(held_back) = log.policy_log.admit() {
                        tracing::warn!(game = %id, client = %client, seat, code, reason, held_back, "socket closed for its behaviour");
                    }
                }
                Ended::Closed { code, reason } => {
                    tracing::info!(game = %id, client = %client, seat, code, reason, "socket closed");
                }
                Ended::ByClient => tracing::info!(game = %id, client = %client, seat, "socket closed by the client"),
                Ended::Lost => tracing::info!(game = %id, client = %client, seat, "socket lost"),
            }
            // The connection's hold on the room is gone: drop the room from memory if
            // nothing else holds it.
            session.close();
            drop(slot);
        }.instrument(span))
}

pub(crate) fn not_an_upgrade() -> Response {
    error_response(&ProtocolError::new(
        ErrorCode::BadMessage,
        "this address takes only a WebSocket upgrade",
    ))
}

/// `path` (game `id`'s socket, or `match` for the queues) is served by the server at
/// `address`: opens the socket there first (its refusal is this request's), then upgrades
/// and relays ([`crate::forward`]).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn forward_to(
    app: Arc<App>,
    id: String,
    path: String,
    address: String,
    client: std::net::IpAddr,
    headers: &HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    slot: crate::limits::ConnectionSlot,
) -> Response {
    let Ok(ws) = ws else {
        return not_an_upgrade();
    };
    let upstream = match forward::connect(&address, &path, headers, client).await {
        Ok(upstream) => upstream,
        Err(e) => {
            tracing::warn!(game = %id, owner = %address, error = %e.message, "cluster: the owner refused a forwarded socket");
            return error_response(&e);
        }
    };
    let span = tracing::Span::current();
    ws.max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |mut socket| async move {
            tracing::info!(game = %id, client = %client, owner = %address, "socket forwarded");
            app.metrics.forwarded();
            let stop = app.shutdown.clone();
            let ended = forward::relay(&mut socket, upstream, stop, app.config.ping_interval).await;
            match ended {
                Forwarded::ByClient => tracing::info!(game = %id, client = %client, "forwarded socket closed by the client"),
                Forwarded::ByOwner(code) => tracing::info!(game = %id, client = %client, code, "forwarded socket closed by the owner"),
                Forwarded::OwnerLost => tracing::warn!(game = %id, client = %client, owner = %address, "forwarded socket: the owner went away"),
                Forwarded::Closed(code) => tracing::info!(game = %id, client = %client, code, "forwarded socket closed"),
                Forwarded::Lost => tracing::info!(game = %id, client = %client, "forwarded socket lost"),
            }
            drop(slot);
        }.instrument(span))
}

/// How a socket's loop ended.
pub(crate) enum Ended {
    /// The server closed it with this code.
    Closed {
        /// The close code.
        code: u16,
        /// Its reason.
        reason: &'static str,
    },
    /// The client closed it.
    ByClient,
    /// The connection failed or the room went away.
    Lost,
}

/// Sends a close frame of `code` and `reason` (best effort: the peer may be gone).
pub(crate) async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) -> Ended {
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })))
        .await;
    Ended::Closed { code, reason }
}

/// The close code and reason for a frame the WebSocket layer refused (RFC 6455, 7.4.1):
/// 1009 for a frame or message over the size limit, 1007 for a text frame that is not
/// UTF-8, 1002 for any other breach of the protocol (an unmasked frame, reserved bits, a
/// bad opcode); `None` when the connection itself failed and nothing can be sent.
pub(crate) fn close_for(error: axum::Error) -> Option<(u16, &'static str)> {
    let error = error.into_inner().downcast::<tungstenite::Error>().ok()?;
    match *error {
        tungstenite::Error::Capacity(_) => Some((1009, "frame too large")),
        tungstenite::Error::Utf8(_) => Some((1007, "text is not UTF-8")),
        tungstenite::Error::Protocol(_) => Some((1002, "protocol error")),
        _ => None,
    }
}

/// One client's connection to one game, without its socket: each text frame goes through
/// the connection's rate limit, the parser ([`parse_client`]), the `hello` and token checks
/// and then the room, and what comes back is the reply to send. The socket loop feeds it
/// every frame it reads; [`crate::Offline::connect`] opens one without a network (the
/// fuzz target `server_messages` drives them so).
pub struct Client {
    app: Arc<App>,
    id: String,
    room: Arc<Mutex<Room>>,
    /// The client's seat once its `hello` named a token; `None` for a spectator.
    seat: Option<usize>,
    /// The room's broadcasts, once `hello` came.
    rx: Option<broadcast::Receiver<Arc<str>>>,
    bucket: TokenBucket,
    strikes: u32,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("id", &self.id)
            .field("seat", &self.seat)
            .field("hello", &self.rx.is_some())
            .field("strikes", &self.strikes)
            .finish_non_exhaustive()
    }
}

impl Client {
    /// A connection to game `id`, whose room is `room` (held until [`Client::close`]).
    pub(crate) fn new(app: Arc<App>, id: String, room: Arc<Mutex<Room>>) -> Client {
        let bucket = TokenBucket::new(app.config.message_rate);
        Client {
            app,
            id,
            room,
            seat: None,
            rx: None,
            bucket,
            strikes: 0,
        }
    }

    /// Ends the connection: the room is dropped from memory if nothing else holds it.
    pub fn close(self) {
        let Client { app, id, room, .. } = self;
        drop(room);
        app.release(&id);
    }

    /// The seat this connection plays, once its `hello` named a seat's token.
    #[must_use]
    pub fn seat(&self) -> Option<usize> {
        self.seat
    }

    /// Whether the connection was refused for its rate too often and is to be closed (the
    /// socket loop closes it with code 1008).
    #[must_use]
    pub fn must_close(&self) -> bool {
        self.strikes > MAX_STRIKES
    }

    async fn serve(&mut self, socket: &mut WebSocket) -> Ended {
        let mut shutdown = self.app.shutdown.clone();
        let hello_by = tokio::time::Instant::now() + self.app.config.hello_timeout;
        let ping_every = self.app.config.ping_interval;
        let mut pings =
            tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_heard = tokio::time::Instant::now();
        let mut gone = self.room.lock().await.gone();
        loop {
            let waiting_for_hello = self.rx.is_none();
            let rx = self.rx.as_mut();
            tokio::select! {
                _ = pings.tick() => {
                    // A peer that answers nothing (not even a pong) for three pings is gone:
                    // its socket is closed rather than held. Otherwise a ping keeps proxies
                    // from cutting a quiet game and makes the browser answer.
                    if last_heard.elapsed() >= ping_every.saturating_mul(PINGS_UNANSWERED) {
                        // 1001: going away.
                        return close(socket, 1001, "no answer to pings").await;
                    }
                    if socket.send(Message::Ping(axum::body::Bytes::new())).await.is_err() {
                        return Ended::Lost;
                    }
                }
                () = tokio::time::sleep_until(hello_by), if waiting_for_hello => {
                    // A socket that never says hello holds a slot and a file for nothing.
                    let refusal = ProtocolError::new(
                        ErrorCode::HelloFirst,
                        format!("no hello within {} s", self.app.config.hello_timeout.as_secs_f64()),
                    );
                    self.app.metrics.refused(refusal.code);
                    let _ = socket.send(Message::Text(refusal.to_json().into())).await;
                    // 1008: policy violation.
                    return close(socket, 1008, "no hello").await;
                }
                () = crate::cluster::turned_true(&mut gone) => {
                    // Another server serves the game now: the client reconnects to it.
                    return close(socket, 1012, "another server serves the game now").await;
                }
                _ = shutdown.changed() => {
                    // 1012: service restart.
                    return close(socket, 1012, "the server is stopping").await;
                }
                incoming = socket.recv() => {
                    last_heard = tokio::time::Instant::now();
                    let message = match incoming {
                        Some(Ok(message)) => message,
                        Some(Err(error)) => {
                            return match close_for(error) {
                                Some((code, reason)) => close(socket, code, reason).await,
                                None => Ended::Lost,
                            };
                        }
                        None => return Ended::Lost,
                    };
                    let reply = match message {
                        Message::Text(text) => self.on_text(text.as_str()).await,
                        Message::Binary(_) => Some(self.on_binary()),
                        Message::Close(_) => return Ended::ByClient,
                        Message::Ping(_) | Message::Pong(_) => None,
                    };
                    if let Some(text) = reply
                        && socket.send(Message::Text(text.into())).await.is_err()
                    {
                        return Ended::Lost;
                    }
                    if self.must_close() {
                        return close(socket, 1008, "too many messages").await;
                    }
                }
                broadcast = async {
                    match rx {
                        Some(rx) => rx.recv().await,
                        None => std::future::pending().await,
                    }
                } => {
                    let Some(text) = self.forward(broadcast).await else { return Ended::Lost };
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        return Ended::Lost;
                    }
                }
            }
        }
    }

    /// What the client is sent for one broadcast received: the message, or the whole state
    /// if it fell too far behind; `None` once the room is gone.
    async fn forward(
        &self,
        broadcast: Result<Arc<str>, broadcast::error::RecvError>,
    ) -> Option<String> {
        match broadcast {
            // A rematch's tokens: this seat's alone.
            Ok(text) if text.starts_with(crate::room::PRIVATE) => Some(crate::room::rematch_for(
                self.seat,
                &text[crate::room::PRIVATE.len_utf8()..],
            )),
            Ok(text) => Some(text.to_string()),
            // Too far behind: the whole state instead of the missed messages.
            Err(broadcast::error::RecvError::Lagged(_)) => Some(
                self.room
                    .lock()
                    .await
                    .state_json(self.seat, now_ms())
                    .to_string(),
            ),
            Err(broadcast::error::RecvError::Closed) => None,
        }
    }

    /// The room's messages that reached this connection since the last call, as the socket
    /// loop forwards them (the whole state to a connection that fell too far behind); none
    /// before `hello`.
    pub async fn broadcasts(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let received = match self.rx.as_mut().map(broadcast::Receiver::try_recv) {
                None | Some(Err(broadcast::error::TryRecvError::Empty)) => break,
                Some(Ok(text)) => Ok(text),
                Some(Err(broadcast::error::TryRecvError::Lagged(n))) => {
                    Err(broadcast::error::RecvError::Lagged(n))
                }
                Some(Err(broadcast::error::TryRecvError::Closed)) => {
                    Err(broadcast::error::RecvError::Closed)
                }
            };
            match self.forward(received).await {
                Some(text) => out.push(text),
                None => break,
            }
        }
        out
    }

    /// Takes a token from the connection's bucket; the refusal if there was none.
    fn limited(&mut self) -> Option<String> {
        if self.bucket.try_take() {
            return None;
        }
        self.strikes += 1;
        self.app.metrics.refused(ErrorCode::RateLimited);
        Some(ProtocolError::new(ErrorCode::RateLimited, "too many messages; slow down").to_json())
    }

    /// A binary frame: refused (`binary`), after the rate limit.
    pub fn on_binary(&mut self) -> String {
        self.limited().unwrap_or_else(|| {
            self.app.metrics.refused(ErrorCode::Binary);
            ProtocolError::new(ErrorCode::Binary, "messages are JSON text frames").to_json()
        })
    }

    /// One text frame from the client: the reply to send it (`state`, `pong` or an `error`),
    /// or `None` when the answer is the room's broadcast (a move, an offer, …).
    pub async fn on_text(&mut self, text: &str) -> Option<String> {
        if let Some(refusal) = self.limited() {
            return Some(refusal);
        }
        let result = match parse_client(text) {
            Ok(message) => self.handle(message).await,
            Err(e) => Err(e),
        };
        result.unwrap_or_else(|e| {
            self.app.metrics.refused(e.code);
            Some(e.to_json())
        })
    }

    async fn handle(&mut self, message: ClientMessage) -> Result<Option<String>, ProtocolError> {
        let result = self.handle_in_room(message).await;
        if self.room.lock().await.is_gone() {
            // A write was refused: another server owns the game now.
            self.app.forget_lost(&self.id, &self.room);
        }
        result
    }

    async fn handle_in_room(
        &mut self,
        message: ClientMessage,
    ) -> Result<Option<String>, ProtocolError> {
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
                app.reschedule(&room);
                app.wake_computer(&room);
                joined?;
            }
            self.seat = seat;
            self.rx = Some(rx);
            return Ok(Some(room.state_json(seat, now_ms()).to_string()));
        }
        if self.rx.is_none() {
            return Err(ProtocolError::new(ErrorCode::HelloFirst, "say hello first"));
        }
        match message {
            ClientMessage::Ping {} => return Ok(Some(r#"{"type":"pong"}"#.into())),
            ClientMessage::Sync {} => {
                return Ok(Some(room.state_json(self.seat, now_ms()).to_string()));
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
            // The computer agrees at once.
            ClientMessage::OfferUndo { version } if room.has_computer() => {
                room.take_back(store, seat, version, now).await
            }
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
            ClientMessage::Rematch { version } => app.rematch(&mut room, seat, version).await,
            ClientMessage::Hello { .. } | ClientMessage::Ping {} | ClientMessage::Sync {} => Ok(()),
        };
        // A move, an undo or an end moves the flag's deadline (a refused move may have
        // found the flag fallen and ended the game); the computer may be to move.
        app.reschedule(&room);
        app.wake_computer(&room);
        done.map(|()| None)
    }
}
