//! Rematches (issue 37; docs/server.md, "Rematch"): once a game is over, both players ask
//! and the server makes another with the same game and clock, colours swapped; each player
//! is told only their own new token, a watcher none. Asking while the game goes on, or
//! once the rematch is made, is refused. Against the computer one ask makes it.

mod common;

use common::{Client, MadeGame, loose, serve};
use serde_json::{Value, json};

/// Resigns `game` as seat 0 from `client`; waits for `over`.
async fn resign(client: &mut Client, version: &Value) {
    client
        .send(&json!({"type": "resign", "version": version}))
        .await;
    client.next_of("over").await;
}

#[tokio::test]
async fn both_ask_and_the_rematch_swaps_the_colours() {
    let (_dir, server) = serve("rematch-people", loose()).await;
    let addr = server.addr();
    let clock = json!({"main_ms": 60000, "increment_ms": 2000});
    let game = MadeGame::new(
        addr,
        json!({"game": "bind", "side": "first", "clock": clock}),
    )
    .await;
    let ([mut first, mut second], [state, _]) = game.join_seats(addr).await;
    let (mut watcher, _) = game.watch(addr).await;
    let version = state["version"].clone();
    first
        .send(&json!({"type": "rematch", "version": version}))
        .await;
    assert_eq!(
        first.error_code().await,
        "refused",
        "not while the game goes on"
    );

    resign(&mut first, &version).await;
    let over = second.next_of("over").await;
    let version = over["version"].clone();
    first
        .send(&json!({"type": "rematch", "version": version}))
        .await;
    let offer = second.next_of("offer").await;
    assert_eq!(
        (offer["kind"].as_str(), offer["seat"].as_u64()),
        (Some("rematch"), Some(0))
    );
    second
        .send(&json!({"type": "rematch", "version": version}))
        .await;
    let (to_first, to_second, to_watcher) = (
        first.next_of("rematch").await,
        second.next_of("rematch").await,
        watcher.next_of("rematch").await,
    );
    let new_id = to_first["game"].as_str().unwrap().to_string();
    assert_eq!(to_second["game"], to_first["game"]);
    assert_eq!(
        to_watcher,
        json!({"type": "rematch", "game": new_id, "token": null})
    );
    assert_ne!(to_first["token"], to_second["token"]);

    // The old first seat plays second now, the old second first; the same clock.
    let (_a, a) = Client::join(addr, &new_id, to_first["token"].as_str()).await;
    let (_b, b) = Client::join(addr, &new_id, to_second["token"].as_str()).await;
    assert_eq!((a["you"].as_u64(), b["you"].as_u64()), (Some(1), Some(0)));
    assert_eq!(a["clock"]["spec"], clock);
    assert_eq!(a["spec"], state["spec"], "the same game: {}", state["spec"]);
    // Once made, asking again is refused; a reconnect to the old game is told the
    // rematch's game and its own token in `state`.
    second
        .send(&json!({"type": "rematch", "version": version}))
        .await;
    assert_eq!(second.error_code().await, "refused");
    let (_again, old) = game.join(addr, 1).await;
    assert_eq!(old["rematch"]["game"], new_id.as_str());
    assert_eq!(old["rematch"]["token"], to_second["token"]);
    let (_w, seen) = game.watch(addr).await;
    assert_eq!(seen["rematch"]["token"], Value::Null);
}

#[tokio::test]
async fn against_the_computer_one_ask_makes_it() {
    let (_dir, server) = serve("rematch-computer", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(
        addr,
        json!({"game": "go9", "side": "second", "computer": "easy"}),
    )
    .await;
    let (mut me, state) = game.join(addr, 1).await;
    // Black (the computer) moves first; then White resigns.
    me.next_of("move").await;
    let version = me.sync().await["version"].clone();
    resign(&mut me, &version).await;
    let version = me.sync().await["version"].clone();
    me.send(&json!({"type": "rematch", "version": version}))
        .await;
    let rematch = me.next_of("rematch").await;
    let (_new, new_state) = Client::join(
        addr,
        rematch["game"].as_str().unwrap(),
        rematch["token"].as_str(),
    )
    .await;
    assert_eq!(new_state["you"], 0, "White before, Black now");
    assert_eq!(new_state["computer"], json!({"seat": 1, "level": "easy"}));
    assert_eq!(state["computer"]["level"], "easy");
}
