//! `GET /match/ws`: a player's socket while they wait in a quick-match queue. The first
//! message is a `seek` (the game, the clock, a nickname, what to do when nobody comes);
//! the server answers `queued`, perhaps later `computer_offer`, and at last `matched` with
//! the game's id and the player's seat and token, then closes the socket (1000): the page
//! opens the game's own socket with that token. docs/server.md ("Quick match") lists the
//! messages.

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Extension, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tracing::Instrument;

use super::seek::{MatchMessage, SeekFields, checked_seek, parse_match};
use super::{Outcome, Place};
use crate::app::App;
use crate::client_addr::ClientAddr;
use crate::forward;
use crate::http::error_response;
use crate::limits::TokenBucket;
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{Account, rating_game};
use crate::ws::{
    Ended, FRAME_LIMIT, PINGS_UNANSWERED, READ_BUFFER, close, close_for, not_an_upgrade,
};

/// `GET /match/ws`: checks the origin and the address's open connections, then upgrades
/// here or forwards the socket to the server that keeps the queues.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let slot = match crate::admission::admit(&app, client, &headers, "the quick-match WebSocket") {
        Ok(slot) => slot,
        Err(refused) => return error_response(&refused),
    };
    if let Some(address) = app
        .config
        .cluster
        .as_ref()
        .and_then(crate::cluster::Cluster::matchmaker_elsewhere)
    {
        if headers.contains_key(forward::FORWARDED) {
            return error_response(&ProtocolError::new(
                ErrorCode::Unavailable,
                "the queues are moving between servers: try again",
            ));
        }
        let (what, path) = ("match".to_string(), "/match/ws".to_string());
        return crate::ws::forward_to(app, what, path, address, client, &headers, ws, slot).await;
    }
    let Ok(ws) = ws else {
        return not_an_upgrade();
    };
    // Signed in or not: a store that fails counts as not (a ranked seek is then refused).
    let account = crate::accounts::signed_in(&app, &headers)
        .await
        .ok()
        .flatten();
    let span = tracing::Span::current();
    ws.max_message_size(FRAME_LIMIT)
        .max_frame_size(FRAME_LIMIT)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |mut socket| {
            async move {
                let mut waiter = Waiter::new(Arc::clone(&app), account);
                let ended = waiter.serve(&mut socket).await;
                waiter.leave();
                match ended {
                    Ended::Closed { code, reason } => {
                        tracing::info!(client = %client, code, reason, "quick-match socket closed");
                    }
                    Ended::ByClient => {
                        tracing::info!(client = %client, "quick-match socket closed by the client");
                    }
                    Ended::Lost => tracing::info!(client = %client, "quick-match socket lost"),
                }
                drop(slot);
            }
            .instrument(span)
        })
}

/// One player's connection to the queues.
struct Waiter {
    app: Arc<App>,
    /// The account the socket's cookie signed in, if any.
    account: Option<Account>,
    place: Option<Place>,
    told: Option<mpsc::UnboundedReceiver<Outcome>>,
    /// Said something of the protocol (a seek, or asked for the lobby): no timeout since.
    greeted: bool,
    bucket: TokenBucket,
    strikes: u32,
}

/// Rate-limited messages tolerated on one connection before it is closed.
const MAX_STRIKES: u32 = 100;

impl Waiter {
    fn new(app: Arc<App>, account: Option<Account>) -> Waiter {
        let bucket = TokenBucket::new(app.config.message_rate);
        Waiter {
            app,
            account,
            place: None,
            told: None,
            greeted: false,
            bucket,
            strikes: 0,
        }
    }

    /// Out of the queue, if in it.
    fn leave(&mut self) {
        if let Some(place) = self.place.take() {
            self.app.matchmaker.leave(&place);
        }
    }

    async fn serve(&mut self, socket: &mut WebSocket) -> Ended {
        let mut shutdown = self.app.shutdown.clone();
        let seek_by = tokio::time::Instant::now() + self.app.config.hello_timeout;
        let ping_every = self.app.config.ping_interval;
        let mut pings =
            tokio::time::interval_at(tokio::time::Instant::now() + ping_every, ping_every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_heard = tokio::time::Instant::now();
        loop {
            let waiting_for_seek = self.place.is_none() && !self.greeted;
            let told = self.told.as_mut();
            tokio::select! {
                _ = pings.tick() => {
                    if last_heard.elapsed() >= ping_every.saturating_mul(PINGS_UNANSWERED) {
                        return close(socket, 1001, "no answer to pings").await;
                    }
                    if socket.send(Message::Ping(axum::body::Bytes::new())).await.is_err() {
                        return Ended::Lost;
                    }
                }
                () = tokio::time::sleep_until(seek_by), if waiting_for_seek => {
                    let refusal = ProtocolError::new(
                        ErrorCode::HelloFirst,
                        format!("no seek within {} s", self.app.config.hello_timeout.as_secs_f64()),
                    );
                    self.app.metrics.refused(refusal.code);
                    let _ = socket.send(Message::Text(refusal.to_json().into())).await;
                    return close(socket, 1008, "no seek").await;
                }
                _ = shutdown.changed() => {
                    return close(socket, 1012, "the server is stopping").await;
                }
                outcome = async {
                    match told {
                        Some(told) => told.recv().await,
                        None => std::future::pending().await,
                    }
                } => {
                    return match outcome {
                        Some(Outcome::ComputerOffered(level)) => {
                            let offer = json!({"type": "computer_offer", "level": level});
                            if socket.send(Message::Text(offer.to_string().into())).await.is_err() {
                                return Ended::Lost;
                            }
                            continue;
                        }
                        Some(Outcome::Matched(message)) => {
                            // Served: out of the queue before the socket closes.
                            self.place = None;
                            if socket.send(Message::Text(message.to_string().into())).await.is_err() {
                                return Ended::Lost;
                            }
                            close(socket, 1000, "matched").await
                        }
                        Some(Outcome::Failed(e)) => {
                            self.place = None;
                            let _ = socket.send(Message::Text(e.to_json().into())).await;
                            close(socket, 1011, "the game could not be made").await
                        }
                        Some(Outcome::Moved) | None => {
                            self.place = None;
                            close(socket, 1012, "another server keeps the queues now").await
                        }
                    };
                }
                incoming = socket.recv() => {
                    last_heard = tokio::time::Instant::now();
                    let text = match incoming {
                        Some(Ok(Message::Text(text))) => text,
                        Some(Ok(Message::Binary(_))) => {
                            let refusal = self.limited().unwrap_or_else(|| {
                                ProtocolError::new(ErrorCode::Binary, "messages are JSON text frames")
                            });
                            if self.reply(socket, &refusal).await.is_err() {
                                return Ended::Lost;
                            }
                            continue;
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                        Some(Ok(Message::Close(_))) => return Ended::ByClient,
                        Some(Err(error)) => {
                            return match close_for(error) {
                                Some((code, reason)) => close(socket, code, reason).await,
                                None => Ended::Lost,
                            };
                        }
                        None => return Ended::Lost,
                    };
                    let answer = match self.limited() {
                        Some(refusal) => Err(refusal),
                        None => self.on_text(text.as_str()).await,
                    };
                    let sent = match answer {
                        Ok(Some(reply)) => socket.send(Message::Text(reply.to_string().into())).await,
                        Ok(None) => Ok(()),
                        Err(refusal) => self.reply(socket, &refusal).await,
                    };
                    if sent.is_err() {
                        return Ended::Lost;
                    }
                    if self.strikes > MAX_STRIKES {
                        return close(socket, 1008, "too many messages").await;
                    }
                }
            }
        }
    }

    /// Sends `refusal`, counted.
    async fn reply(
        &self,
        socket: &mut WebSocket,
        refusal: &ProtocolError,
    ) -> Result<(), axum::Error> {
        self.app.metrics.refused(refusal.code);
        socket.send(Message::Text(refusal.to_json().into())).await
    }

    /// The account's rating in the game of `spec`, rounded, as pairing uses it.
    async fn rating(&self, account: &str, spec: &str) -> Result<u32, ProtocolError> {
        let (store, account, game) = (
            Arc::clone(&self.app.store),
            account.to_string(),
            rating_game(spec).to_string(),
        );
        let rating = crate::app::blocking(move || {
            store
                .ratings()
                .map_or(Ok(super::super::store::START_RATING), |r| {
                    r.rating(&account, &game)
                })
        })
        .await?;
        // Ratings stay far inside u32; a negative one (never seen) pairs as 0.
        Ok(rating.round().clamp(0.0, f64::from(u32::MAX)) as u32)
    }

    /// The rate limit's refusal, if the bucket is empty.
    fn limited(&mut self) -> Option<ProtocolError> {
        if self.bucket.try_take() {
            return None;
        }
        self.strikes += 1;
        Some(ProtocolError::new(
            ErrorCode::RateLimited,
            "too many messages; slow down",
        ))
    }

    /// One text frame: the reply to send, if any.
    async fn on_text(&mut self, text: &str) -> Result<Option<Value>, ProtocolError> {
        let message = parse_match(text)?;
        if matches!(message, MatchMessage::Lobby {}) {
            self.greeted = true;
            return self.app.lobby().await.map(Some);
        }
        match message {
            MatchMessage::Seek { .. } if self.place.is_some() => Err(ProtocolError::new(
                ErrorCode::Refused,
                "already waiting in a queue",
            )),
            MatchMessage::Seek {
                protocol,
                game,
                clock,
                nickname,
                computer,
                ranked,
                accept,
            } => {
                let fields = SeekFields {
                    protocol,
                    game: &game,
                    clock,
                    nickname: nickname.as_deref(),
                    computer: computer.as_deref(),
                    ranked,
                };
                let mut seek = checked_seek(&fields, self.account.as_ref())?;
                if let Some(account) = &self.account {
                    seek.rating = self.rating(&account.id, &seek.spec).await?;
                }
                let queued = json!({
                    "type": "queued",
                    "spec": seek.spec,
                    "clock": seek.clock,
                    "nickname": seek.nickname,
                    "ranked": seek.ranked,
                    "rating": seek.account.as_ref().map(|_| seek.rating),
                    "computer_after_ms": u64::try_from(self.app.matchmaker.wait().as_millis()).unwrap_or(u64::MAX),
                });
                let (place, told, _) = self.app.matchmaker.join(seek, accept)?;
                self.greeted = true;
                self.place = Some(place);
                self.told = Some(told);
                Ok(Some(queued))
            }
            MatchMessage::AcceptComputer {} => match &self.place {
                Some(place) if self.app.matchmaker.take_computer(place) => Ok(None),
                _ => Err(ProtocolError::new(
                    ErrorCode::Refused,
                    "no computer was offered",
                )),
            },
            MatchMessage::Ping {} => Ok(Some(json!({"type": "pong"}))),
            MatchMessage::Lobby {} => Ok(None),
        }
    }
}
