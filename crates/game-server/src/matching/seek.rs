//! The quick-match socket's messages (docs/server.md, "Quick match"): read from a text
//! frame ([`parse_match`]), and a `seek`'s fields checked into what the queue is given
//! ([`checked_seek`]). Pure functions: property tests feed them any text and any fields.

use game_catalog::GameSpec;
use serde::Deserialize;
use serde_json::Value;

use super::{Fallback, GUEST_RATING, Seek, default_clock};
use crate::clock::ClockSpec;
use crate::protocol::{ErrorCode, MAX_MESSAGE_BYTES, PROTOCOL_VERSION, ProtocolError};
use crate::store::Account;

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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

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
