//! The WebSocket protocol, version [`PROTOCOL_VERSION`]: JSON messages, one per text frame.
//!
//! [`parse_client`] is a pure function from a frame's text to a [`ClientMessage`] or a
//! typed [`ErrorCode`]; it never panics, whatever the bytes (a property test feeds it
//! random ones). docs/server.md documents every message.

use serde::{Deserialize, Serialize};

/// The protocol's version, sent in every `state` message and checked in `hello`.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest client message accepted, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// A message from a client.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message of a connection: a player's token (none for a spectator) and the
    /// last version the client saw (answered by the full state either way).
    Hello {
        /// The protocol version the client speaks.
        protocol: u32,
        /// The seat's secret token; absent for a spectator.
        #[serde(default)]
        token: Option<String>,
        /// The last game version the client saw, if it is rejoining.
        #[serde(default)]
        last_version: Option<u64>,
    },
    /// Play a move, written in the game's notation (`E5`, `pass`, `B2-D2`, …).
    Move {
        /// The game version the client saw when it chose the move.
        version: u64,
        /// The move's text.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Resign (either seat, at any time while the game goes on).
    Resign {
        /// The game version the client saw.
        version: u64,
    },
    /// Offer a draw (games whose rules have an agreed draw: go9).
    OfferDraw {
        /// The game version the client saw.
        version: u64,
    },
    /// Accept the opponent's draw offer.
    AcceptDraw {
        /// The game version the client saw.
        version: u64,
    },
    /// Ask to take back the last move (games with undo: go9).
    OfferUndo {
        /// The game version the client saw.
        version: u64,
    },
    /// Accept the opponent's undo request.
    AcceptUndo {
        /// The game version the client saw.
        version: u64,
    },
    /// Decline the opponent's open offer (draw or undo).
    Decline {
        /// The game version the client saw.
        version: u64,
    },
    /// Once the game is over: ask for another with the same opponent, colours swapped
    /// (made when both have asked; at once against the computer).
    Rematch {
        /// The game version the client saw.
        version: u64,
    },
    /// Ask for the full state again.
    Sync {},
    /// Keep-alive; answered with `pong`.
    Ping {},
}

impl ClientMessage {
    /// The game version the message was written against, for messages that change the
    /// game.
    #[must_use]
    pub fn version(&self) -> Option<u64> {
        match self {
            ClientMessage::Move { version, .. }
            | ClientMessage::Resign { version }
            | ClientMessage::OfferDraw { version }
            | ClientMessage::AcceptDraw { version }
            | ClientMessage::OfferUndo { version }
            | ClientMessage::AcceptUndo { version }
            | ClientMessage::Decline { version }
            | ClientMessage::Rematch { version } => Some(*version),
            ClientMessage::Hello { .. } | ClientMessage::Sync {} | ClientMessage::Ping {} => None,
        }
    }
}

/// What was wrong with a request: the `code` of an error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON.
    BadJson,
    /// JSON, but no message of the protocol (unknown type, missing or extra field).
    BadMessage,
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// A binary frame.
    Binary,
    /// Too many messages or games too fast.
    RateLimited,
    /// `hello` must come first (and only once).
    HelloFirst,
    /// The client speaks another protocol version.
    BadProtocol,
    /// The token is no seat's of this game.
    BadToken,
    /// A spectator tried to play.
    NotAPlayer,
    /// The other seat is to move.
    NotYourTurn,
    /// The message was written against an older version of the game.
    Stale,
    /// The move is not in the game's notation.
    BadMove,
    /// The rules refuse the move now.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// The game's rules have no such call (Bao's resignation is the server's, see docs).
    NotInRules,
    /// No offer of that kind is open from the opponent.
    NoOffer,
    /// The call is refused now (an undo at the start, an offer already open, …).
    Refused,
    /// No game has that id.
    UnknownGame,
    /// The game spec or options were refused.
    BadSpec,
    /// The clock setting was refused.
    BadClock,
    /// The WebSocket's Origin is not allowed.
    BadOrigin,
    /// Not found.
    NotFound,
    /// The server failed (the store); the game is unchanged.
    Internal,
    /// The game's server cannot serve it now (it moved to another of several servers, or
    /// that server is stopping); the game is unchanged: reconnect and try again.
    Unavailable,
    /// Another account has that name.
    NameTaken,
    /// The request needs an account: no session, or one that expired or was ended.
    SignedOut,
    /// The passkey ceremony failed: expired or unknown, or the browser's answer did not
    /// verify.
    PasskeyRefused,
}

impl ErrorCode {
    /// The code as sent (`bad_json`, `not_your_turn`, …).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadJson => "bad_json",
            ErrorCode::BadMessage => "bad_message",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::Binary => "binary",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::HelloFirst => "hello_first",
            ErrorCode::BadProtocol => "bad_protocol",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::NotAPlayer => "not_a_player",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::Stale => "stale",
            ErrorCode::BadMove => "bad_move",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::GameOver => "game_over",
            ErrorCode::NotInRules => "not_in_rules",
            ErrorCode::NoOffer => "no_offer",
            ErrorCode::Refused => "refused",
            ErrorCode::UnknownGame => "unknown_game",
            ErrorCode::BadSpec => "bad_spec",
            ErrorCode::BadClock => "bad_clock",
            ErrorCode::BadOrigin => "bad_origin",
            ErrorCode::NotFound => "not_found",
            ErrorCode::Internal => "internal",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::SignedOut => "signed_out",
            ErrorCode::PasskeyRefused => "passkey_refused",
        }
    }
}

/// A refusal: a code and words naming what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", code.as_str())]
pub struct ProtocolError {
    /// What kind of refusal.
    pub code: ErrorCode,
    /// What exactly.
    pub message: String,
}

impl ProtocolError {
    /// A refusal with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
        ProtocolError {
            code,
            message: message.into(),
        }
    }

    /// The error as its JSON message, `{"type":"error","code":…,"message":…}`.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::json!({
            "type": "error",
            "code": self.code.as_str(),
            "message": self.message,
        })
        .to_string()
    }
}

/// Reads one client message from a text frame.
///
/// # Errors
/// [`ErrorCode::TooLarge`] past [`MAX_MESSAGE_BYTES`], [`ErrorCode::BadJson`] for text that
/// is not JSON, [`ErrorCode::BadMessage`] for JSON that is no message of the protocol.
pub fn parse_client(text: &str) -> Result<ClientMessage, ProtocolError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::new(
            ErrorCode::TooLarge,
            format!(
                "a message is at most {MAX_MESSAGE_BYTES} bytes; this one is {}",
                text.len()
            ),
        ));
    }
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| ProtocolError::new(ErrorCode::BadJson, format!("not JSON: {e}")))?;
    serde_json::from_value(value)
        .map_err(|e| ProtocolError::new(ErrorCode::BadMessage, format!("no message: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn messages_read() {
        assert_eq!(
            parse_client(r#"{"type":"move","version":3,"move":"E5"}"#),
            Ok(ClientMessage::Move {
                version: 3,
                mv: "E5".into()
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"hello","protocol":1}"#),
            Ok(ClientMessage::Hello {
                protocol: 1,
                token: None,
                last_version: None
            })
        );
        assert_eq!(
            parse_client(r#"{"type":"ping"}"#),
            Ok(ClientMessage::Ping {})
        );
    }

    #[test]
    fn refusals_are_typed() {
        let code = |t: &str| parse_client(t).unwrap_err().code;
        assert_eq!(code("{"), ErrorCode::BadJson);
        assert_eq!(code(r#"{"type":"fly"}"#), ErrorCode::BadMessage);
        assert_eq!(
            code(r#"{"type":"move","version":1}"#),
            ErrorCode::BadMessage
        );
        assert_eq!(
            code(r#"{"type":"move","version":-1,"move":"E5"}"#),
            ErrorCode::BadMessage
        );
        assert_eq!(code(r#"{"type":"ping","extra":1}"#), ErrorCode::BadMessage);
        assert_eq!(
            code(&" ".repeat(MAX_MESSAGE_BYTES + 1)),
            ErrorCode::TooLarge
        );
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..5000)) {
            let text = String::from_utf8_lossy(&bytes);
            let _ = parse_client(&text);
        }

        #[test]
        fn json_like_text_never_panics(text in r#"\{("[a-z_]{0,8}":(-?[0-9]{0,21}|"[A-Za-z0-9 -]{0,6}"|null|\[\]|\{\}),?){0,5}\}"#) {
            let _ = parse_client(&text);
        }

        #[test]
        fn any_move_message_reads_back(version in any::<u64>(), mv in "\\PC{0,40}") {
            let msg = ClientMessage::Move { version, mv };
            let text = serde_json::to_string(&msg).unwrap();
            prop_assert_eq!(parse_client(&text), Ok(msg));
        }
    }
}
