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
use game_catalog::GameSpec;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;
use tracing::Instrument;

use super::{Fallback, GUEST_RATING, Outcome, Place, Seek, default_clock};
use crate::app::App;
use crate::client_addr::ClientAddr;
use crate::clock::ClockSpec;
use crate::forward;
use crate::http::error_response;
use crate::limits::TokenBucket;
use crate::protocol::{ErrorCode, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError};
use crate::store::{Account, rating_game};
use crate::ws::{
    Ended, FRAME_LIMIT, PINGS_UNANSWERED, READ_BUFFER, close, close_for, not_an_upgrade,
};

/// The longest nickname, in characters.
pub const MAX_NICKNAME_CHARS: usize = 24;

/// A message from a player in the queue.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum MatchMessage {
    /// Join the queue of `game` and `clock` (the first message, once).
    Seek {
        /// The protocol version the client speaks.
        protocol: u32,
        /// The game spec: a string (`go9`) or its JSON form.
        game: Value,
        /// The time control; the game's quick-match default when absent.
        #[serde(default)]
        clock: Option<ClockSpec>,
        /// The name the opponent sees; `Guest` when absent.
        #[serde(default)]
        nickname: Option<String>,
        /// When nobody comes: `offer` (the default), `give` or `never`.
        #[serde(default)]
        computer: Option<String>,
        /// A ranked game (signed in): the result changes both ratings.
        #[serde(default)]
        ranked: bool,
        /// A challenge from the lobby to take: the waiting player's `ticket`.
        #[serde(default)]
        accept: Option<u64>,
    },
    /// The lobby: the open challenges and the games going on (answered `lobby`).
    Lobby {},
    /// Take the computer that was offered.
    AcceptComputer {},
    /// Keep-alive; answered with `pong`.
    Ping {},
}

/// Reads one text frame of the queue's protocol.
///
/// # Errors
/// [`ErrorCode::TooLarge`], [`ErrorCode::BadJson`] or [`ErrorCode::BadMessage`], as
/// [`crate::protocol::parse_client`].
pub(crate) fn parse_match(text: &str) -> Result<MatchMessage, ProtocolError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::new(
            ErrorCode::TooLarge,
            format!("a message is at most {MAX_MESSAGE_BYTES} bytes"),
        ));
    }
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ProtocolError::new(ErrorCode::BadJson, format!("not JSON: {e}")))?;
    serde_json::from_value(value)
        .map_err(|e| ProtocolError::new(ErrorCode::BadMessage, format!("no message: {e}")))
}

/// A nickname as shown: trimmed, 1 to [`MAX_NICKNAME_CHARS`] characters, no control
/// characters; `Guest` when none is given.
///
/// # Errors
/// [`ErrorCode::BadMessage`] naming what is wrong.
pub(crate) fn nickname(given: Option<&str>) -> Result<String, ProtocolError> {
    let Some(given) = given else {
        return Ok("Guest".into());
    };
    let name = given.trim();
    let bad = |why: &str| ProtocolError::new(ErrorCode::BadMessage, format!("nickname: {why}"));
    if name.is_empty() {
        return Err(bad("empty"));
    }
    if name.chars().count() > MAX_NICKNAME_CHARS {
        return Err(bad(&format!("at most {MAX_NICKNAME_CHARS} characters")));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("no control characters"));
    }
    Ok(name.to_string())
}

/// What a `seek` asks for, as sent.
pub(crate) struct SeekFields<'a> {
    pub protocol: u32,
    pub game: &'a Value,
    pub clock: Option<ClockSpec>,
    pub nickname: Option<&'a str>,
    pub computer: Option<&'a str>,
    pub ranked: bool,
}

/// A `seek`'s fields, checked: what the queue is given (rated as a guest: the caller
/// puts a signed-in player's rating in). A signed-in player is shown by the account's
/// name, whatever nickname they sent.
///
/// # Errors
/// [`ErrorCode::BadProtocol`], [`ErrorCode::BadSpec`], [`ErrorCode::BadClock`],
/// [`ErrorCode::BadMessage`] (the nickname, the fallback), [`ErrorCode::SignedOut`] for a
/// ranked seek without an account.
pub(crate) fn checked_seek(
    fields: &SeekFields<'_>,
    account: Option<&Account>,
) -> Result<Seek, ProtocolError> {
    let SeekFields {
        protocol,
        game,
        clock,
        nickname: name,
        computer,
        ranked,
    } = *fields;
    if protocol != PROTOCOL_VERSION {
        return Err(ProtocolError::new(
            ErrorCode::BadProtocol,
            format!("this server speaks protocol {PROTOCOL_VERSION}"),
        ));
    }
    let spec = match game {
        Value::String(text) => GameSpec::parse(text),
        other => GameSpec::from_json(&other.to_string()),
    }
    .map_err(|e| ProtocolError::new(ErrorCode::BadSpec, e.to_string()))?
    .to_string();
    let clock = clock.unwrap_or_else(|| default_clock(&spec));
    clock
        .validate()
        .map_err(|e| ProtocolError::new(ErrorCode::BadClock, e.to_string()))?;
    let fallback = match computer.unwrap_or("offer") {
        "offer" => Fallback::Offer,
        "give" => Fallback::Give,
        "never" => Fallback::Never,
        other => {
            return Err(ProtocolError::new(
                ErrorCode::BadMessage,
                format!("computer {other:?}: offer, give or never"),
            ));
        }
    };
    if ranked && account.is_none() {
        return Err(ProtocolError::new(
            ErrorCode::SignedOut,
            "a ranked game needs an account: sign in first",
        ));
    }
    let nickname = match account {
        Some(a) => a.name.clone(),
        None => nickname(name)?,
    };
    Ok(Seek {
        spec,
        clock,
        nickname,
        rating: GUEST_RATING,
        fallback,
        account: account.map(|a| a.id.clone()),
        ranked,
    })
}

/// `GET /match/ws`: checks the origin and the address's open connections, then upgrades
/// here or forwards the socket to the server that keeps the queues.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Extension(ClientAddr(client)): Extension<ClientAddr>,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let slot = match crate::ws::admit(&app, client, &headers, "the quick-match WebSocket") {
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the text, reading it as a queue message and checking a seek's fields
        /// answers (a message or a typed refusal): it never panics.
        #[test]
        fn any_text_is_read_or_refused(text in ".{0,300}") {
            let _ = parse_match(&text);
        }

        /// Seeks with fields of any value: checked or refused with a code, never a panic;
        /// a checked one always has a valid clock and a shown name of 1 to 24 characters.
        #[test]
        fn any_seek_is_checked_or_refused(
            protocol in 0u32..3,
            game in prop_oneof![Just("go9".to_string()), Just("kazura:size=7".to_string()), ".{0,20}"],
            main_ms in proptest::option::of(0u64..200_000_000),
            increment in proptest::option::of(0u64..100_000_000),
            nickname in proptest::option::of(".{0,40}"),
            computer in proptest::option::of(prop_oneof![Just("offer".to_string()), Just("give".to_string()), ".{0,8}"]),
            ranked: bool,
            accept in proptest::option::of(any::<u64>()),
        ) {
            let mut seek = json!({"type": "seek", "protocol": protocol, "game": game, "ranked": ranked});
            if let Some(main_ms) = main_ms {
                seek["clock"] = json!({"main_ms": main_ms, "increment_ms": increment});
            }
            if let Some(n) = &nickname {
                seek["nickname"] = json!(n);
            }
            if let Some(c) = &computer {
                seek["computer"] = json!(c);
            }
            if let Some(a) = accept {
                seek["accept"] = json!(a);
            }
            if let Ok(MatchMessage::Seek { protocol, game, clock, nickname, computer, ranked, .. }) =
                parse_match(&seek.to_string())
            {
                let fields = SeekFields {
                    protocol,
                    game: &game,
                    clock,
                    nickname: nickname.as_deref(),
                    computer: computer.as_deref(),
                    ranked,
                };
                if let Ok(checked) = checked_seek(&fields, None) {
                    prop_assert!(checked.clock.validate().is_ok());
                    let n = checked.nickname.chars().count();
                    prop_assert!((1..=MAX_NICKNAME_CHARS).contains(&n));
                    prop_assert!(!checked.ranked, "a guest never seeks ranked");
                }
            }
        }
    }

    #[test]
    fn seeks_read_and_are_checked() {
        let seek = parse_match(r#"{"type":"seek","protocol":1,"game":"go9","nickname":" Ann "}"#);
        let Ok(MatchMessage::Seek {
            protocol,
            game,
            clock,
            nickname,
            computer,
            ranked,
            ..
        }) = seek
        else {
            panic!("{seek:?}");
        };
        let fields = SeekFields {
            protocol,
            game: &game,
            clock,
            nickname: nickname.as_deref(),
            computer: computer.as_deref(),
            ranked,
        };
        let seek = checked_seek(&fields, None).unwrap();
        assert!(!seek.ranked && seek.account.is_none());
        assert_eq!(seek.spec, "go9");
        assert_eq!(seek.nickname, "Ann");
        assert_eq!(seek.fallback, Fallback::Offer);
        // Ttakji's clock: 30 s a move, no main time.
        assert_eq!(seek.clock.main_ms, 0);
        assert_eq!(
            seek.clock.byoyomi.map(|b| (b.periods, b.period_ms)),
            Some((1, 30_000))
        );
        assert_eq!(seek.rating, GUEST_RATING);
    }

    #[test]
    fn bad_seeks_are_refused_with_their_code() {
        let code = |protocol, game: &str, nick: Option<&str>, computer: Option<&str>| {
            let game = Value::String(game.into());
            let fields = SeekFields {
                protocol,
                game: &game,
                clock: None,
                nickname: nick,
                computer,
                ranked: false,
            };
            checked_seek(&fields, None).err().map(|e| e.code)
        };
        assert_eq!(code(2, "go9", None, None), Some(ErrorCode::BadProtocol));
        assert_eq!(code(1, "chess", None, None), Some(ErrorCode::BadSpec));
        assert_eq!(
            code(1, "go9", Some("  "), None),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(
            code(1, "go9", Some("a\u{7}b"), None),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(
            code(1, "go9", Some(&"x".repeat(25)), None),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(code(1, "go9", Some(&"é".repeat(24)), None), None);
        assert_eq!(
            code(1, "go9", None, Some("always")),
            Some(ErrorCode::BadMessage)
        );
        assert_eq!(code(1, "go9", None, Some("never")), None);
        let no_time = ClockSpec {
            main_ms: 0,
            byoyomi: None,
            increment_ms: None,
        };
        let go9 = Value::String("go9".into());
        let fields = |clock, ranked| SeekFields {
            protocol: 1,
            game: &go9,
            clock,
            nickname: Some("Someone"),
            computer: None,
            ranked,
        };
        let bad_clock = checked_seek(&fields(Some(no_time), false), None);
        assert_eq!(bad_clock.err().map(|e| e.code), Some(ErrorCode::BadClock));
        // Ranked needs an account; signed in, the account's name is shown, not the nickname.
        let guest = checked_seek(&fields(None, true), None);
        assert_eq!(guest.err().map(|e| e.code), Some(ErrorCode::SignedOut));
        let ann = Account {
            id: "id-ann".into(),
            name: "Ann".into(),
            created_ms: 1,
        };
        let seek = checked_seek(&fields(None, true), Some(&ann)).unwrap();
        assert_eq!(
            (seek.nickname.as_str(), seek.account.as_deref(), seek.ranked),
            ("Ann", Some("id-ann"), true)
        );
        assert_eq!(
            parse_match(r#"{"type":"seek","protocol":1,"game":"go9","rating":3000}"#)
                .err()
                .map(|e| e.code),
            Some(ErrorCode::BadMessage),
            "a client cannot say its own rating"
        );
        assert_eq!(
            parse_match("{").err().map(|e| e.code),
            Some(ErrorCode::BadJson)
        );
        let long = format!(r#"{{"type":"ping","x":"{}"}}"#, "a".repeat(5000));
        assert_eq!(
            parse_match(&long).err().map(|e| e.code),
            Some(ErrorCode::TooLarge)
        );
    }

    #[test]
    fn other_games_default_to_five_minutes_and_five_seconds() {
        let clock = default_clock("bind:size=8");
        assert_eq!((clock.main_ms, clock.increment_ms), (300_000, Some(5_000)));
        assert!(clock.byoyomi.is_none());
    }
}
