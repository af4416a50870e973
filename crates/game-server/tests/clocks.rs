//! The server's clocks: a flag falls on its own, by the game's own call where the rules
//! have one, and a clock survives a restart. No test measures time: each waits for the
//! server's message, with margins of minutes against an hour's main time.

mod common;

use std::net::SocketAddr;

use common::{MadeGame, http, http_json, loose, record, serve, start};
use serde_json::{Value, json};

const HOUR: u64 = 3_600_000;

/// A game of `spec` with `clock` (the `clock` of `POST /games`) made on the server at
/// `addr`, its maker in the first seat.
async fn timed_game(addr: SocketAddr, spec: &str, clock: Value) -> MadeGame {
    MadeGame::new(addr, json!({"game": spec, "side": "first", "clock": clock})).await
}

#[tokio::test]
async fn go9_loses_on_time_by_its_own_call() {
    let (_dir, server) = serve("flag-go9", loose()).await;
    let addr = server.addr();
    let game = timed_game(addr, "go9", json!({"main_ms": 200})).await;
    let (mut w, state) = game.watch(addr).await;
    // The clock waits for both seats.
    assert_eq!(state["clock"]["running"], Value::Null);
    let _players = game.join_seats(addr).await;
    // Black never moves.
    let over = w.next_of("over").await;
    assert_eq!(over["result"]["reason"], "time");
    assert_eq!(over["result"]["seat"], 0);
    assert_eq!(over["result"]["winner"], 1);
    let replayed = record(addr, &game.id).await;
    assert!(replayed.is_over());
    assert_eq!(replayed.outcome_text(), over["result"]["text"]);
    let (_, sgf) = http(addr, "GET", &format!("/games/{}/record.sgf", game.id), "").await;
    assert!(sgf.contains("RE[W+T]"), "{sgf}");
    let state = w.sync().await;
    assert_eq!(state["clock"]["sides"][0]["remaining_ms"], 0);
    server.stop().await;
}

#[tokio::test]
async fn other_games_lose_on_time_by_the_servers_call() {
    let (_dir, server) = serve("flag-kazura", loose()).await;
    let addr = server.addr();
    let clock = json!({"main_ms": 0, "byoyomi": {"periods": 2, "period_ms": 100}});
    let game = timed_game(addr, "kazura:size=5", clock).await;
    let ([mut a, _b], _) = game.join_seats(addr).await;
    let over = a.next_of("over").await;
    assert_eq!(over["result"]["reason"], "time");
    assert_eq!(over["result"]["winner"], 1);
    assert_eq!(
        over["result"]["text"],
        "white wins on time: black ran out of time"
    );
    // The rules' record has no time loss: the game there is simply unfinished, and the
    // server's result is in the game's state.
    assert!(!record(addr, &game.id).await.is_over());
    let (status, state) = http_json(addr, "GET", &format!("/games/{}", game.id), "").await;
    assert_eq!(status, 200);
    assert_eq!(state["result"], over["result"]);
    a.send_move(1, "C3").await;
    assert_eq!(a.error_code().await, "game_over");
    server.stop().await;
}

#[tokio::test]
async fn a_clock_is_restored_after_a_restart() {
    let (dir, server) = serve("clock-restart", loose()).await;
    let addr = server.addr();
    let clock = json!({"main_ms": HOUR, "increment_ms": 60_000});
    let game = timed_game(addr, "go9", clock).await;
    let ([mut a, _b], _) = game.join_seats(addr).await;
    a.send_move(0, "E5").await;
    let mv = a.next_of("move").await;
    // Black moved within the minute of its increment: more than its hour left now.
    let black = mv["clock"]["sides"][0]["remaining_ms"].as_u64().unwrap();
    assert!(black > HOUR && black <= HOUR + 60_000, "{mv}");
    assert_eq!(mv["clock"]["running"], 1);
    server.stop().await;

    let server = start(&dir.db(), loose()).await;
    let (_, state) = http_json(server.addr(), "GET", &format!("/games/{}", game.id), "").await;
    assert_eq!(state["clock"]["running"], 1, "{state}");
    assert_eq!(state["clock"]["sides"][0]["remaining_ms"], black);
    let white = state["clock"]["sides"][1]["remaining_ms"].as_u64().unwrap();
    assert!(white <= HOUR && white > HOUR - 600_000, "{state}");
    server.stop().await;
}

#[tokio::test]
async fn a_flag_falls_while_nobody_is_connected_after_a_restart() {
    let (dir, server) = serve("clock-away", loose()).await;
    let addr = server.addr();
    let game = timed_game(addr, "bind", json!({"main_ms": 300})).await;
    let (players, _) = game.join_seats(addr).await;
    drop(players);
    server.stop().await;

    let server = start(&dir.db(), loose()).await;
    // Nobody connects or asks (asking would load the game and start its timer): the
    // restarted server's own timer, from the games the store lists as running, ends it in
    // the database.
    let reader = rusqlite::Connection::open(dir.db()).unwrap();
    let mut polls = 0;
    let reason = loop {
        let reason: Option<String> = reader
            .query_row(
                "SELECT end_reason FROM games WHERE id = ?1",
                [&game.id],
                |r| r.get(0),
            )
            .unwrap();
        if let Some(reason) = reason {
            break reason;
        }
        assert!(polls < 600, "no flag fell within a minute of the restart");
        polls += 1;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert_eq!(reason, "time");
    let (mut w, state) = game.watch(server.addr()).await;
    let result = if state["result"].is_null() {
        w.next_of("over").await["result"].clone()
    } else {
        state["result"].clone()
    };
    assert_eq!(result["reason"], "time");
    assert_eq!(result["winner"], 1);
    server.stop().await;
}

#[tokio::test]
async fn the_clock_waits_for_both_seats() {
    let (_dir, server) = serve("clock-wait", loose()).await;
    let addr = server.addr();
    let game = timed_game(addr, "go9", json!({"main_ms": HOUR})).await;
    let (mut a, _) = game.join(addr, 0).await;
    // Black may move before White has opened the link; no clock runs yet.
    a.send_move(0, "E5").await;
    let mv = a.next_of("move").await;
    assert_eq!(mv["clock"]["running"], Value::Null);
    assert_eq!(
        mv["clock"]["sides"],
        json!([
            {"remaining_ms": HOUR, "periods": 0, "period_left_ms": null},
            {"remaining_ms": HOUR, "periods": 0, "period_left_ms": null}
        ])
    );
    let (_b, state) = game.join(addr, 1).await;
    assert_eq!(state["clock"]["running"], 1);
    server.stop().await;
}

/// A game whose clock runs while nobody is connected is not held in memory (only its
/// flag timer, which holds the game's id, waits), and its flag still falls on time.
#[tokio::test]
async fn a_running_clock_does_not_keep_its_game_in_memory() {
    let (dir, server) = serve("clock-memory", loose()).await;
    let addr = server.addr();
    let game = timed_game(addr, "go9", json!({"main_ms": 6000})).await;
    {
        let ([mut black, _white], _) = game.join_seats(addr).await;
        black.send_move(0, "E5").await;
        black.next_of("move").await;
    }
    common::wait_for_metric(addr, "game_server_websockets_open 0").await;
    common::wait_for_metric(addr, "game_server_games_in_memory 0").await;
    let end = |db: &std::path::Path| -> Option<String> {
        rusqlite::Connection::open(db)
            .unwrap()
            .query_row("SELECT end_reason FROM games", [], |r| r.get(0))
            .unwrap()
    };
    assert_eq!(end(&dir.db()), None, "White's clock still runs");
    // White's six seconds run out with nobody there: the game is loaded, ended on time
    // and let go again.
    for _ in 0..600 {
        if end(&dir.db()).is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(end(&dir.db()).as_deref(), Some("time"));
    common::wait_for_metric(addr, "game_server_games_in_memory 0").await;
    let (_, state) = http_json(addr, "GET", &format!("/games/{}", game.id), "").await;
    assert_eq!(state["result"]["reason"], "time");
    server.stop().await;
}
