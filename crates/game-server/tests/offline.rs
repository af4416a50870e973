//! The server without its network (`Offline` and `Client`): what the fuzz target drives
//! must be the server's own handling, so it answers as the WebSocket tests see it.

use std::sync::Arc;

use game_server::store::SqliteStore;
use game_server::{Config, Offline};
use serde_json::{Value, json};

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[tokio::test]
async fn a_game_made_joined_and_played_without_a_network() {
    let store = SqliteStore::in_memory().unwrap();
    let server = Offline::new(Arc::new(store), Config::default());
    let made = server
        .create(json!({"game": "go9", "side": "first"}))
        .await
        .unwrap();
    let id = made["id"].as_str().unwrap();
    assert_eq!(made["you"]["seat"], 0);
    let black_token = made["you"]["token"].as_str().unwrap();
    // A request of the wrong shape is refused as over HTTP.
    let refused = server
        .create(json!({"game": "go9", "colour": "black"}))
        .await;
    assert_eq!(refused.unwrap_err().code.as_str(), "bad_message");

    let mut black = server.connect(id).await.unwrap();
    let hello = json!({"type": "hello", "protocol": 1, "token": black_token}).to_string();
    let state = parse(&black.on_text(&hello).await.unwrap());
    assert_eq!(state["type"], "state");
    assert_eq!(state["you"], 0);
    assert_eq!(black.seat(), Some(0));
    // A move's answer is the room's broadcast, not a reply.
    let mv = json!({"type": "move", "version": 0, "move": "E5"}).to_string();
    assert_eq!(black.on_text(&mv).await, None);
    let heard: Vec<Value> = black.broadcasts().await.iter().map(|t| parse(t)).collect();
    let kinds: Vec<&str> = heard.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        ["joined", "move"],
        "Black's own joining, then its move"
    );
    assert_eq!(heard[1]["move"], "E5");
    // A stale one is a reply: an error.
    let error = parse(&black.on_text(&mv).await.unwrap());
    assert_eq!(error["code"], "stale");
    assert!(parse(&black.on_binary())["code"] == "binary");
    assert!(format!("{black:?}").contains("seat: Some(0)"));
    black.close();
    let mut white = server.connect(id).await.unwrap();
    let white_token = made["opponent"]["token"].as_str().unwrap();
    let hello = json!({"type": "hello", "protocol": 1, "token": white_token}).to_string();
    assert_eq!(parse(&white.on_text(&hello).await.unwrap())["you"], 1);
    assert_eq!(white.seat(), Some(1));
    white.close();

    // The state as GET /games/{id} gives it, from the store once nothing holds the game.
    let state = server.state(id).await.unwrap();
    assert_eq!(state["moves"], json!(["E5"]));
    assert_eq!(state["you"], Value::Null);
    assert_eq!(
        server
            .state("no-such-game")
            .await
            .unwrap_err()
            .code
            .as_str(),
        "unknown_game"
    );
    assert!(server.connect("no-such-game").await.is_err());
}

#[tokio::test]
async fn a_connection_is_closed_at_its_hundred_and_first_refusal_for_its_rate() {
    let config = Config {
        message_rate: game_server::Rate {
            burst: 1.0,
            per_second: 0.0,
        },
        ..Config::default()
    };
    let server = Offline::new(Arc::new(SqliteStore::in_memory().unwrap()), config);
    let made = server.create(json!({"game": "go9"})).await.unwrap();
    let mut watcher = server.connect(made["id"].as_str().unwrap()).await.unwrap();
    let hello = json!({"type": "hello", "protocol": 1}).to_string();
    assert_eq!(
        parse(&watcher.on_text(&hello).await.unwrap())["type"],
        "state"
    );
    assert_eq!(watcher.seat(), None, "a spectator");
    // The bucket is empty now and never refills: every message is refused.
    let ping = json!({"type": "ping"}).to_string();
    for refused in 1..=100 {
        let answer = parse(&watcher.on_text(&ping).await.unwrap());
        assert_eq!(answer["code"], "rate_limited");
        assert!(!watcher.must_close(), "still open after {refused} refusals");
    }
    assert_eq!(
        parse(&watcher.on_text(&ping).await.unwrap())["code"],
        "rate_limited"
    );
    assert!(watcher.must_close(), "closed at the 101st");
    watcher.close();
}
