//! The game server's handling of client messages under arbitrary frames, through the code
//! a WebSocket connection runs ([`Client::on_text`]: the rate limit, the parser, the
//! `hello` and token checks, the room) on a real SQLite store, without a network.
//!
//! The first byte picks the game (Kazura 9×9, Bao seed, go9, Bind mini); the rest is split
//! into frames at newlines. A frame's first byte `c` picks the connection (`c & 3`: seat
//! 0's, seat 1's, the spectator's, the seat to move's), whether it connects again first
//! (`c & 4`), the token it names (`c >> 3 & 3`: its seat's, the other seat's, a wrong one,
//! none; the spectator's own is none and its other seat 1's) and the version (`c >> 5 & 3`:
//! the game's twice, one more, one less). Its second byte is the message: 0 `hello` (with
//! `last_version` if the third byte is odd), 1 the state's legal move numbered by the third
//! byte, 2 a move of the text that follows, 3 `resign`, 4 `offer_draw`, 5 `accept_draw`, 6
//! `offer_undo`, 7 `accept_undo`, 8 `decline`, 9 `sync`, 11 `hello` with the third byte as
//! protocol, 12 a binary frame, 13 `ping`; any other byte starts raw text, in which `$T`
//! stands for the token and `$V` for the version.
//!
//! Nothing panics, and: a frame answered with an error leaves the game as it was (the
//! spectator's `state`, but for `server_ms`); a frame changes the version by at most one
//! and never with an error; every broadcast's version is one the game had; a `hello` gets
//! the seat of its token; a legal move of the state from the seat to move is played; the
//! moves replay through the catalog to the same state; and the game loaded again from the
//! store is the one in memory.
#![no_main]

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use game_catalog::AnyGame;
use game_server::store::SqliteStore;
use game_server::{Client, Config, Offline, Rate};
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

/// The games, by the first byte.
const SPECS: [&str; 4] = [
    "kazura:size=9",
    "bao:ruleset=seed",
    "go9",
    "bind:variant=mini",
];

/// Messages one connection may send before it is refused `rate_limited`: a bucket that
/// never refills, so that a run does not depend on the clock.
const BURST: f64 = 300.0;

/// Games made on one store before it is replaced by a fresh one (an in-memory database
/// otherwise grows with every run).
const GAMES_PER_STORE: u32 = 20_000;

/// A token that is no seat's.
const WRONG_TOKEN: &str = "0000000000000000000000000000000000000000000000000000000000000000";

thread_local! {
    static RUNTIME: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a tokio runtime");
    static SERVER: RefCell<(Rc<Offline>, u32)> = RefCell::new((server(), 0));
}

/// A server over a fresh in-memory SQLite store.
fn server() -> Rc<Offline> {
    let store = SqliteStore::in_memory().expect("an in-memory SQLite store");
    let config = Config {
        message_rate: Rate {
            burst: BURST,
            per_second: 0.0,
        },
        ..Config::default()
    };
    Rc::new(Offline::new(Arc::new(store), config))
}

/// One of the connections the input drives.
struct Slot {
    session: Client,
    /// Whether a `hello` was answered with the state (so another is refused).
    greeted: bool,
    /// The highest version seen in a broadcast to it.
    heard: u64,
}

/// The state a spectator is sent, without the time it was made.
async fn state(offline: &Offline, id: &str) -> Value {
    let mut state = offline.state(id).await.expect("the game's state");
    state
        .as_object_mut()
        .expect("an object")
        .remove("server_ms");
    state
}

fn version_of(state: &Value) -> u64 {
    state["version"].as_u64().expect("a version")
}

/// The version a frame names: the game's, one more or one less (wrapping at 0).
fn pick_version(choice: u8, current: u64) -> u64 {
    match choice & 3 {
        2 => current.wrapping_add(1),
        3 => current.wrapping_sub(1),
        _ => current,
    }
}

/// The token a frame names for connection `slot`, and the seat it is (`Err` for a wrong
/// one): its seat's (none for the spectator), the other seat's (seat 1's for the
/// spectator), a wrong one, or none.
fn pick_token(
    choice: u8,
    slot: usize,
    tokens: &[String; 2],
) -> (Option<&str>, Result<Option<usize>, ()>) {
    match (choice & 3, slot) {
        (0, 0 | 1) => (Some(&tokens[slot]), Ok(Some(slot))),
        (1, 0 | 1) => (Some(&tokens[1 - slot]), Ok(Some(1 - slot))),
        (1, _) => (Some(&tokens[1]), Ok(Some(1))),
        (2, _) => (Some(WRONG_TOKEN), Err(())),
        _ => (None, Ok(None)),
    }
}

/// What a frame's second byte asks for.
enum Frame {
    /// `hello` with protocol 1 (checked against the token's seat).
    Hello(Value),
    /// A legal move of the state.
    Legal(Value),
    /// Another message that acts on the game, with the version it names.
    Acts(String),
    /// Any other text.
    Other(String),
}

/// The message a frame builds, from its second byte on.
fn build(rest: &[u8], state: &Value, version: u64, token: Option<&str>, last: bool) -> Frame {
    let op = rest.first().copied().unwrap_or(u8::MAX);
    let arg = rest.get(1).copied().unwrap_or(0);
    let text = |from: usize| String::from_utf8_lossy(rest.get(from..).unwrap_or(&[])).into_owned();
    let plain = |kind: &str| Frame::Acts(json!({"type": kind, "version": version}).to_string());
    match op {
        0 => {
            let mut hello = json!({"type": "hello", "protocol": 1});
            if let Some(token) = token {
                hello["token"] = json!(token);
            }
            if last {
                hello["last_version"] = json!(version);
            }
            Frame::Hello(hello)
        }
        1 => {
            let legal = state["legal"].as_array().map_or(&[][..], Vec::as_slice);
            match legal.get(usize::from(arg) % legal.len().max(1)) {
                Some(mv) => Frame::Legal(json!({"type": "move", "version": version, "move": mv})),
                None => Frame::Acts(
                    json!({"type": "move", "version": version, "move": "pass"}).to_string(),
                ),
            }
        }
        2 => Frame::Acts(json!({"type": "move", "version": version, "move": text(1)}).to_string()),
        3 => plain("resign"),
        4 => plain("offer_draw"),
        5 => plain("accept_draw"),
        6 => plain("offer_undo"),
        7 => plain("accept_undo"),
        8 => plain("decline"),
        9 => Frame::Other(r#"{"type":"sync"}"#.to_string()),
        // (10 is the newline that ends a frame; 12 a binary frame.)
        11 => Frame::Other(json!({"type": "hello", "protocol": arg, "token": token}).to_string()),
        13 => Frame::Other(r#"{"type":"ping"}"#.to_string()),
        _ => Frame::Other(
            text(0)
                .replace("$T", token.unwrap_or(""))
                .replace("$V", &version.to_string()),
        ),
    }
}

/// Replays the state's moves through the catalog: the same moves, and while the game goes
/// on the same legal moves and seat to move; a game the rules ended, the same result.
fn check_replay(state: &Value) {
    let spec = state["spec"].as_str().expect("a spec");
    let mut game = AnyGame::parse_spec(spec).expect("the state's spec reads");
    let moves: Vec<String> = serde_json::from_value(state["moves"].clone()).expect("moves");
    for mv in &moves {
        game.play(mv).expect("a stored move replays");
    }
    assert_eq!(game.moves(), moves);
    let result = &state["result"];
    if result.is_null() {
        assert!(!game.is_over(), "over by the rules but no result");
        assert_eq!(state["legal"], json!(game.legal_moves()));
        assert_eq!(state["to_move"], json!(game.seat_of(game.to_move())));
    } else if result["reason"] == "rules" {
        assert!(game.is_over(), "a rules result in a game going on");
        assert_eq!(result["text"], json!(game.outcome_text()));
    }
}

async fn run(offline: &Offline, data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let spec = SPECS[usize::from(first) % SPECS.len()];
    let made = offline
        .create(json!({"game": spec, "side": "first"}))
        .await
        .expect("a game is made");
    let id = made["id"].as_str().expect("an id").to_string();
    assert_eq!(made["you"]["seat"], 0);
    let tokens = [
        made["you"]["token"].as_str().expect("a token").to_string(),
        made["opponent"]["token"]
            .as_str()
            .expect("a token")
            .to_string(),
    ];
    let id_str = id.as_str();
    let connect = move || async move {
        Slot {
            session: offline.connect(id_str).await.expect("a connection"),
            greeted: false,
            heard: 0,
        }
    };
    let mut slots = [connect().await, connect().await, connect().await];
    let mut before = state(offline, &id).await;
    for frame in rest.split(|&b| b == b'\n') {
        let Some((&control, rest)) = frame.split_first() else {
            continue;
        };
        let version = version_of(&before);
        let slot = match control & 3 {
            3 => before["to_move"].as_u64().map_or(0, |s| s as usize),
            s => usize::from(s),
        };
        if control & 4 != 0 {
            let fresh = connect().await;
            std::mem::replace(&mut slots[slot], fresh).session.close();
        }
        let (token, token_seat) = pick_token(control >> 3, slot, &tokens);
        let named = pick_version(control >> 5, version);
        let connection = &mut slots[slot];
        let (reply, acts) = if rest.first() == Some(&12) {
            (Some(connection.session.on_binary()), false)
        } else {
            let built = build(
                rest,
                &before,
                named,
                token,
                rest.get(1).is_some_and(|b| b & 1 == 1),
            );
            let text = match &built {
                Frame::Hello(v) | Frame::Legal(v) => v.to_string(),
                Frame::Acts(text) | Frame::Other(text) => text.clone(),
            };
            let reply = connection.session.on_text(&text).await;
            let reply_json: Option<Value> = reply
                .as_deref()
                .map(|r| serde_json::from_str(r).expect("replies are JSON"));
            let rate_limited = reply_json
                .as_ref()
                .is_some_and(|r| r["code"] == "rate_limited");
            if !rate_limited {
                match &built {
                    Frame::Hello(_) => {
                        let r = reply_json.as_ref().expect("hello is answered");
                        match (connection.greeted, token_seat) {
                            (true, _) => assert_eq!(r["code"], "hello_first", "{r}"),
                            (false, Err(())) => assert_eq!(r["code"], "bad_token", "{r}"),
                            (false, Ok(seat)) => {
                                assert_eq!(r["type"], "state", "{r}");
                                assert_eq!(r["you"], json!(seat), "{r}");
                                assert_eq!(connection.session.seat(), seat);
                                connection.greeted = true;
                            }
                        }
                    }
                    Frame::Legal(_) => {
                        let mover = before["to_move"].as_u64().map(|s| s as usize);
                        if connection.greeted
                            && mover.is_some()
                            && connection.session.seat() == mover
                            && named == version
                        {
                            assert_eq!(reply, None, "a legal move of the state is played");
                        }
                    }
                    Frame::Acts(_) | Frame::Other(_) => {
                        if reply_json.as_ref().is_some_and(|r| r["type"] == "state") {
                            connection.greeted = true;
                        }
                    }
                }
            }
            let acts = matches!(built, Frame::Legal(_) | Frame::Acts(_));
            (reply, acts)
        };
        let after = state(offline, &id).await;
        let now = version_of(&after);
        let is_error = reply
            .as_deref()
            .is_some_and(|r| r.contains(r#""type":"error""#));
        assert!(
            now == version || now == version + 1,
            "version {version} to {now}"
        );
        if is_error {
            assert_eq!(before, after, "a refused frame changed the game: {reply:?}");
        }
        if now != version {
            assert_eq!(reply, None, "a change is told by broadcast");
            assert!(
                slots[slot].session.seat().is_some(),
                "a spectator changed the game"
            );
            assert!(
                !acts || named == version,
                "a message for version {named} acted on {version}"
            );
        }
        for connection in &mut slots {
            for message in connection.session.broadcasts().await {
                let message: Value = serde_json::from_str(&message).expect("broadcasts are JSON");
                if let Some(v) = message["version"].as_u64() {
                    assert!(
                        v >= connection.heard && v <= now,
                        "broadcast version {v}: {message}"
                    );
                    connection.heard = v;
                }
            }
        }
        // The socket loop closes a connection refused too often; its client connects again.
        if slots[slot].session.must_close() {
            let fresh = connect().await;
            std::mem::replace(&mut slots[slot], fresh).session.close();
        }
        before = after;
    }
    check_replay(&before);
    for connection in slots {
        connection.session.close();
    }
    // Nothing holds the room now: it is loaded again from the store, without the offers
    // (kept only in memory).
    let reloaded = state(offline, &id).await;
    before["offers"] = json!({"draw": null, "undo": null});
    assert_eq!(before, reloaded, "the stored game is the one in memory");
}

fuzz_target!(|data: &[u8]| {
    let offline = SERVER.with(|server| {
        let mut server = server.borrow_mut();
        if server.1 >= GAMES_PER_STORE {
            *server = (self::server(), 0);
        }
        server.1 += 1;
        Rc::clone(&server.0)
    });
    RUNTIME.with(|runtime| runtime.block_on(run(&offline, data)));
});
