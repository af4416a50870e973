//! Quick match (issue 37; docs/server.md, "Quick match"): two players who seek the same
//! game meet in one game with the queue's clock and each other's nickname; a crowd of 200
//! is paired each exactly once; different games and clocks never meet; a lone player is
//! offered the computer after the wait (or given it), in an unrated game with no clock;
//! bad seeks are refused with their code and change nothing.
//!
//! Nothing here measures speed; the only wait is the matchmaker's own (a second here).

mod common;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

use common::{Client, loose, serve};
use game_server::Config;
use serde_json::{Value, json};

/// A player at `/match/ws` who sent `seek` and was told `queued`.
async fn seek(addr: SocketAddr, seek: Value) -> Client {
    let mut c = Client::connect_path(addr, "/match/ws").await;
    let mut message = json!({"type": "seek", "protocol": 1});
    for (k, v) in seek.as_object().unwrap() {
        message[k] = v.clone();
    }
    c.send(&message).await;
    let queued = c.next_of("queued").await;
    assert_eq!(queued["type"], "queued");
    c
}

/// The `matched` message, then the socket's close (1000).
async fn matched(c: &mut Client) -> Value {
    let m = c.next_of("matched").await;
    assert_eq!(
        c.close_code().await,
        Some(1000),
        "served, the socket closes"
    );
    m
}

/// A server whose matchmaker offers the computer after `wait`, with room for a crowd on
/// one address.
async fn matchmaking(name: &str, wait: Duration) -> (common::TempDir, game_server::Server) {
    serve(
        name,
        Config {
            match_wait: wait,
            connections_per_address: 1000,
            max_connections: 4000,
            ..loose()
        },
    )
    .await
}

#[tokio::test]
async fn two_players_meet_in_one_game_with_the_queue_s_clock() {
    let (_dir, server) = matchmaking("match-two", Duration::from_secs(60)).await;
    let addr = server.addr();
    let mut ann = seek(addr, json!({"game": "go9", "nickname": "Ann"})).await;
    let mut bo = seek(addr, json!({"game": "go9", "nickname": "Bo"})).await;
    let (a, b) = (matched(&mut ann).await, matched(&mut bo).await);
    assert_eq!(a["game"], b["game"], "one game for both");
    assert_eq!(a["opponent"], json!({"nickname": "Bo"}));
    assert_eq!(b["opponent"], json!({"nickname": "Ann"}));
    assert_eq!(a["rated"], false);
    let seats = [a["seat"].as_u64().unwrap(), b["seat"].as_u64().unwrap()];
    assert!(seats == [0, 1] || seats == [1, 0], "{seats:?}");
    // Ttakji's time: 30 s a move, a pass included, no main time.
    let ttakji = json!({"main_ms": 0, "byoyomi": {"periods": 1, "period_ms": 30000}});
    assert_eq!(a["clock"], ttakji);
    let id = a["game"].as_str().unwrap();
    assert_eq!(
        a["link"].as_str().unwrap(),
        format!("/?game={id}#token={}", a["token"].as_str().unwrap())
    );

    // Each token is its seat's: the game knows them, and Black may play.
    let mut players = HashMap::new();
    for m in [&a, &b] {
        let (client, state) = Client::join(addr, id, m["token"].as_str()).await;
        assert_eq!(state["you"], m["seat"]);
        assert_eq!(state["clock"]["spec"], ttakji);
        players.insert(m["seat"].as_u64().unwrap(), client);
    }
    let black = players.get_mut(&0).unwrap();
    black.send_move(0, "E5").await;
    assert_eq!(black.next_of("move").await["move"], "E5");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crowd_of_200_is_paired_each_exactly_once() {
    let (_dir, server) = matchmaking("match-crowd", Duration::from_secs(600)).await;
    let addr = server.addr();
    // One player of another game, and one of another clock, among them: never paired
    // with the crowd (and alone in their queues, never at all).
    let mut kazura = seek(addr, json!({"game": "kazura:size=5", "computer": "never"})).await;
    let other_clock = json!({"main_ms": 60000, "increment_ms": 1000});
    let mut blitz = seek(
        addr,
        json!({"game": "go9", "clock": other_clock, "computer": "never"}),
    )
    .await;
    let players: Vec<_> = (0..200)
        .map(|i| {
            tokio::spawn(async move {
                let mut c = seek(addr, json!({"game": "go9", "nickname": format!("p{i}")})).await;
                (format!("p{i}"), matched(&mut c).await)
            })
        })
        .collect();
    let mut games: HashMap<String, Vec<(String, Value)>> = HashMap::new();
    for p in players {
        let (name, m) = p.await.unwrap();
        games
            .entry(m["game"].as_str().unwrap().to_string())
            .or_default()
            .push((name, m));
    }
    assert_eq!(games.len(), 100, "200 players, 100 games");
    for (id, pair) in &games {
        assert_eq!(pair.len(), 2, "game {id}: {pair:?}");
        let (a, b) = (&pair[0], &pair[1]);
        assert_ne!(a.0, b.0, "nobody plays themselves");
        assert_eq!(a.1["opponent"]["nickname"], b.0.as_str());
        assert_eq!(b.1["opponent"]["nickname"], a.0.as_str());
        let mut seats = [a.1["seat"].as_u64().unwrap(), b.1["seat"].as_u64().unwrap()];
        seats.sort_unstable();
        assert_eq!(seats, [0, 1], "game {id}");
        assert_ne!(a.1["token"], b.1["token"]);
    }
    // The two alone still wait, told nothing more.
    for lone in [&mut kazura, &mut blitz] {
        lone.send(&json!({"type": "ping"})).await;
        assert_eq!(lone.recv().await.unwrap()["type"], "pong");
    }
    let metrics = common::http(addr, "GET", "/metrics", "").await.1;
    assert!(
        metrics.contains("game_server_matches_made_total{opponent=\"person\"} 100"),
        "{metrics}"
    );
    assert!(metrics.contains("game_server_match_waiting 2"), "{metrics}");
}

#[tokio::test]
async fn a_lone_player_is_offered_the_computer_and_the_game_is_unrated_without_a_clock() {
    let (_dir, server) = matchmaking("match-computer", Duration::from_secs(1)).await;
    let addr = server.addr();
    let mut lone = seek(addr, json!({"game": "go9", "nickname": "Ann"})).await;
    // Taking the computer before it is offered is refused; the player keeps waiting.
    lone.send(&json!({"type": "accept_computer"})).await;
    assert_eq!(lone.error_code().await, "refused");
    let offer = lone.next_of("computer_offer").await;
    assert_eq!(offer["level"], "normal", "a guest's 1,200 meets normal");
    lone.send(&json!({"type": "accept_computer"})).await;
    let m = matched(&mut lone).await;
    assert_eq!(m["opponent"], json!({"computer": "normal"}));
    assert_eq!(m["rated"], false);
    assert_eq!(m["clock"], Value::Null, "no clock against the computer");
    let (_me, state) = Client::join(addr, m["game"].as_str().unwrap(), m["token"].as_str()).await;
    assert_eq!(state["you"], m["seat"]);
    assert_eq!(
        state["computer"],
        json!({"seat": 1 - m["seat"].as_u64().unwrap(), "level": "normal"})
    );

    // Asked for at once: given the computer after the wait, with no offer first.
    let mut eager = seek(addr, json!({"game": "bind", "computer": "give"})).await;
    let m = eager.recv().await.unwrap();
    assert_eq!(m["type"], "matched", "{m}");
    assert_eq!(m["opponent"], json!({"computer": "normal"}));
}

#[tokio::test]
async fn bad_seeks_are_refused_with_their_code_and_change_nothing() {
    let (_dir, server) = matchmaking("match-bad", Duration::from_secs(60)).await;
    let addr = server.addr();
    let mut c = Client::connect_path(addr, "/match/ws").await;
    for (message, code) in [
        ("{", "bad_json"),
        (
            r#"{"type":"seek","protocol":1,"game":"go9","rating":2900}"#,
            "bad_message",
        ),
        (
            r#"{"type":"seek","protocol":7,"game":"go9"}"#,
            "bad_protocol",
        ),
        (r#"{"type":"seek","protocol":1,"game":"chess"}"#, "bad_spec"),
        (
            r#"{"type":"seek","protocol":1,"game":"go9","clock":{"main_ms":0}}"#,
            "bad_clock",
        ),
        (
            r#"{"type":"seek","protocol":1,"game":"go9","nickname":""}"#,
            "bad_message",
        ),
        (
            r#"{"type":"seek","protocol":1,"game":"go9","computer":"maybe"}"#,
            "bad_message",
        ),
        (r#"{"type":"accept_computer"}"#, "refused"),
        (r#"{"type":"move","version":0,"move":"E5"}"#, "bad_message"),
    ] {
        c.send_text(message).await;
        assert_eq!(c.error_code().await, code, "{message}");
    }
    let metrics = common::http(addr, "GET", "/metrics", "").await.1;
    assert!(
        metrics.contains("game_server_match_waiting 0"),
        "nobody queued: {metrics}"
    );
    c.send(&json!({"type": "seek", "protocol": 1, "game": "go9"}))
        .await;
    assert_eq!(c.next_of("queued").await["nickname"], "Guest");
    c.send(&json!({"type": "seek", "protocol": 1, "game": "go9"}))
        .await;
    assert_eq!(c.error_code().await, "refused", "one queue at a time");
    // A player who leaves is out of the queue: the next one waits alone.
    c.socket.close(None).await.unwrap();
    common::wait_for_metric(addr, "game_server_match_waiting 0").await;
    let mut next = seek(addr, json!({"game": "go9", "computer": "never"})).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    next.send(&json!({"type": "ping"})).await;
    assert_eq!(
        next.recv().await.unwrap()["type"],
        "pong",
        "not paired with the one who left"
    );
}

/// The lobby, asked on `c`.
async fn lobby(c: &mut Client) -> Value {
    c.send(&json!({"type": "lobby"})).await;
    c.next_of("lobby").await
}

#[tokio::test]
async fn the_lobby_lists_challenges_and_live_games_and_a_challenge_is_taken_by_its_ticket() {
    let (_dir, server) = matchmaking("match-lobby", Duration::from_secs(600)).await;
    let addr = server.addr();
    let mut looker = Client::connect_path(addr, "/match/ws").await;
    let empty = lobby(&mut looker).await;
    assert_eq!(
        (
            empty["challenges"].as_array().unwrap().len(),
            empty["live"].as_array().unwrap().len()
        ),
        (0, 0)
    );

    let mut ann = seek(
        addr,
        json!({"game": "go9", "nickname": "Ann", "computer": "never"}),
    )
    .await;
    let mut bo = seek(
        addr,
        json!({"game": "kazura:size=5", "nickname": "Bo", "computer": "never"}),
    )
    .await;
    let listed = lobby(&mut looker).await;
    let challenges = listed["challenges"].as_array().unwrap();
    let names: Vec<&str> = challenges
        .iter()
        .map(|c| c["nickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Bo"], "the longest waiting first");
    assert_eq!(challenges[0]["spec"], "go9");
    assert_eq!(
        challenges[0]["clock"],
        json!({"main_ms": 0, "byoyomi": {"periods": 1, "period_ms": 30000}})
    );
    assert_eq!(challenges[0]["ranked"], false);
    let ann_ticket = challenges[0]["ticket"].as_u64().unwrap();

    // A ticket for another game, or one that is gone, is refused; the taker is not queued.
    let mut wrong = Client::connect_path(addr, "/match/ws").await;
    wrong
        .send(&json!({"type": "seek", "protocol": 1, "game": "bind", "accept": ann_ticket}))
        .await;
    assert_eq!(wrong.error_code().await, "refused");
    wrong
        .send(&json!({"type": "seek", "protocol": 1, "game": "go9", "accept": 999_999}))
        .await;
    assert_eq!(wrong.error_code().await, "refused");

    // Cy takes Ann's challenge: they meet.
    let mut cy = seek(
        addr,
        json!({"game": "go9", "nickname": "Cy", "accept": ann_ticket}),
    )
    .await;
    let (a, c) = (matched(&mut ann).await, matched(&mut cy).await);
    assert_eq!(a["game"], c["game"]);
    assert_eq!(a["opponent"]["nickname"], "Cy");
    let id = a["game"].as_str().unwrap();
    let _players = [
        Client::join(addr, id, a["token"].as_str()).await,
        Client::join(addr, id, c["token"].as_str()).await,
    ];
    let after = lobby(&mut looker).await;
    let names: Vec<&str> = after["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nickname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Bo"]);
    let live = after["live"].as_array().unwrap();
    assert_eq!(live.len(), 1, "{after}");
    assert_eq!(live[0]["game"], id);
    let mut seated = [
        live[0]["players"][0].as_str().unwrap(),
        live[0]["players"][1].as_str().unwrap(),
    ];
    seated.sort_unstable();
    assert_eq!(seated, ["Ann", "Cy"]);
    assert_eq!(live[0]["moves"], 0);
    bo.send(&json!({"type": "ping"})).await;
    assert_eq!(bo.recv().await.unwrap()["type"], "pong");
}
