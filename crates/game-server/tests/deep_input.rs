//! Input nested past serde_json's 128 levels (issue 33): a WebSocket message or an HTTP
//! body ten times that deep is a typed `bad_json` refusal naming the recursion limit,
//! nothing changes and the server stays up. The server reads no records from clients; it
//! only writes them.

mod common;

use common::{Client, MadeGame, http_json, loose, serve};
use serde_json::{Value, json};

/// `levels` arrays, each inside the one before.
fn arrays(levels: usize) -> String {
    format!("{}{}", "[".repeat(levels), "]".repeat(levels))
}

/// The next error message the client receives (skipping broadcasts).
async fn next_error(client: &mut Client) -> Value {
    loop {
        let m = client.recv().await.expect("the connection stays open");
        if m["type"] == "error" {
            return m;
        }
    }
}

#[tokio::test]
async fn messages_and_bodies_nested_ten_times_past_the_limit_are_bad_json() {
    let (_dir, server) = serve("deep-input", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    let ([mut black, mut white], _) = game.join_seats(addr).await;

    // 1,280 levels: 2,560 bytes, under the 4,096-byte message limit, so the parser sees it.
    let deep = arrays(1280);
    let messages = [
        deep.clone(),
        format!(r#"{{"type": "move", "version": 0, "move": {deep}}}"#),
        format!(r#"{{"type": "hello", "protocol": 1, "token": {deep}}}"#),
    ];
    for text in &messages {
        black.send_text(text).await;
        let error = next_error(&mut black).await;
        assert_eq!(error["code"], "bad_json", "{error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains("recursion limit exceeded"), "{message}");
    }
    // 150,000 levels (300 KB) is past the WebSocket layer's 64 KiB frame limit: that
    // connection is closed, before any parser sees the text.
    let (mut watcher, _) = game.watch(addr).await;
    watcher.send_text(&arrays(150_000)).await;
    while let Some(m) = watcher.recv().await {
        assert_ne!(m["type"], "state", "{m}");
    }

    // An HTTP body as deep.
    for body in [deep.clone(), format!(r#"{{"game": {deep}}}"#)] {
        let (status, answer) = http_json(addr, "POST", "/games", &body).await;
        assert_eq!((status, answer["code"].as_str()), (400, Some("bad_json")));
        let message = answer["message"].as_str().unwrap();
        assert!(message.contains("recursion limit exceeded"), "{message}");
    }

    // Nothing changed, and the game plays on.
    let state = white.sync().await;
    assert_eq!(
        (state["version"].clone(), state["moves"].clone()),
        (json!(0), json!([]))
    );
    black.send_move(0, "E5").await;
    assert_eq!(white.next_of("move").await["version"], 1);
    server.stop().await;
}
