//! Bad input never panics and never changes a game: each refusal is a typed error naming
//! what was wrong, and the server stays up.

mod common;

use common::{Client, MadeGame, TempDir, create, http_json, loose, serve, start};
use futures_util::SinkExt;
use game_server::{Config, Rate};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// A go9 game with one move played (Black E5): the server, the game (its id and tokens)
/// and the two players.
struct Fixture {
    server: game_server::Server,
    game: MadeGame,
    black: Client,
    white: Client,
    _dir: TempDir,
}

async fn fixture(name: &str, config: Config) -> Fixture {
    let (dir, server) = serve(name, config).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    let ([mut black, mut white], _) = game.join_seats(addr).await;
    black.send_move(0, "E5").await;
    black.next_of("move").await;
    white.next_of("move").await;
    Fixture {
        server,
        game,
        black,
        white,
        _dir: dir,
    }
}

/// The text of a `move` message of `mv`, made at `version`.
fn move_text(version: u64, mv: &str) -> String {
    json!({"type": "move", "version": version, "move": mv}).to_string()
}

/// The parts of the state a refusal must leave alone.
fn essentials(state: &Value) -> Value {
    json!([
        state["moves"],
        state["version"],
        state["to_move"],
        state["result"],
        state["offers"]
    ])
}

#[tokio::test]
async fn every_bad_message_is_a_typed_error_and_changes_nothing() {
    let mut f = fixture("bad-messages", loose()).await;
    let addr = f.server.addr();
    let before = essentials(&f.white.sync().await);
    assert_eq!(before[0], json!(["E5"]));

    let cases: Vec<(&str, String, &str)> = vec![
        ("black", "{not json".into(), "bad_json"),
        ("black", "\u{0}\u{1}".into(), "bad_json"),
        ("black", json!({"type": "fly"}).to_string(), "bad_message"),
        (
            "black",
            json!({"type": "move", "move": "D4"}).to_string(),
            "bad_message",
        ),
        (
            "black",
            json!({"type": "move", "version": "1", "move": "D4"}).to_string(),
            "bad_message",
        ),
        (
            "black",
            json!({"type": "move", "version": 1, "move": "D4", "x": 1}).to_string(),
            "bad_message",
        ),
        (
            "black",
            format!(
                r#"{{"type":"move","version":1,"move":"{}"}}"#,
                "D".repeat(5000)
            ),
            "too_large",
        ),
        // Out of turn: White is to move.
        ("black", move_text(1, "D4"), "not_your_turn"),
        // A replayed old message (the version before Black's move).
        ("white", move_text(0, "D4"), "stale"),
        ("white", move_text(7, "D4"), "stale"),
        ("white", move_text(1, "E5"), "illegal_move"),
        ("white", move_text(1, "Z99"), "bad_move"),
        ("white", move_text(1, "'; DROP TABLE moves; --"), "bad_move"),
        (
            "white",
            json!({"type": "accept_draw", "version": 1}).to_string(),
            "no_offer",
        ),
        (
            "white",
            json!({"type": "decline", "version": 1}).to_string(),
            "no_offer",
        ),
        (
            "white",
            json!({"type": "hello", "protocol": 1}).to_string(),
            "hello_first",
        ),
    ];
    for (who, text, code) in &cases {
        let c = if *who == "black" {
            &mut f.black
        } else {
            &mut f.white
        };
        c.send_text(text).await;
        assert_eq!(
            c.error_code().await,
            *code,
            "{who} sent {}",
            &text[..text.len().min(80)]
        );
        assert_eq!(essentials(&c.sync().await), before, "after {code}");
    }
    // A binary frame.
    f.black
        .socket
        .send(Message::binary(vec![1u8, 2, 3]))
        .await
        .unwrap();
    assert_eq!(f.black.error_code().await, "binary");

    // A spectator cannot play; nobody may act before hello.
    let move_d4 = json!({"type": "move", "version": 1, "move": "D4"});
    let (mut w, _) = f.game.watch(addr).await;
    assert_eq!(w.error_for(&move_d4).await, "not_a_player");
    let resign = json!({"type": "resign", "version": 1});
    assert_eq!(w.error_for(&resign).await, "not_a_player");
    let mut c = Client::connect(addr, &f.game.id).await;
    assert_eq!(c.error_for(&move_d4).await, "hello_first");
    let hello = |token: &str| json!({"type": "hello", "protocol": 1, "token": token});
    let hello_v2 = json!({"type": "hello", "protocol": 2});
    assert_eq!(c.error_for(&hello_v2).await, "bad_protocol");
    assert_eq!(c.error_for(&hello(&"0".repeat(64))).await, "bad_token");

    // Another game's token is no token of this one.
    let other = MadeGame::new(addr, json!({"game": "go9"})).await;
    assert_eq!(c.error_for(&hello(&other.tokens[1])).await, "bad_token");
    // Nor is this game's token of the other game.
    let other_id = other.id.as_str();
    let mut d = Client::connect(addr, other_id).await;
    assert_eq!(d.error_for(&hello(&f.game.tokens[1])).await, "bad_token");

    // Kazura has no agreed draw and no undo.
    let kazura = MadeGame::new(addr, json!({"game": "kazura:size=5", "side": "first"})).await;
    let (mut k, kazura_state) = kazura.join(addr, 0).await;
    // The state says so, and says it of go9 the other way, so a page need not guess.
    assert_eq!(
        kazura_state["calls"],
        json!({"resign": true, "draw": false, "undo": false})
    );
    let (_, go9_state) = http_json(addr, "GET", &format!("/games/{other_id}"), "").await;
    assert_eq!(
        go9_state["calls"],
        json!({"resign": true, "draw": true, "undo": true})
    );
    let offer_draw = json!({"type": "offer_draw", "version": 0});
    assert_eq!(k.error_for(&offer_draw).await, "not_in_rules");
    let offer_undo = json!({"type": "offer_undo", "version": 0});
    assert_eq!(k.error_for(&offer_undo).await, "not_in_rules");
    // go9 at the start has nothing to take back.
    let (mut g, _) = other.join(addr, 0).await;
    assert_eq!(g.error_for(&offer_undo).await, "refused");

    // The game is as it was, and still plays.
    let after = f.white.sync().await;
    assert_eq!(essentials(&after), before);
    f.white.send_move(1, "D4").await;
    assert_eq!(f.black.next_of("move").await["version"], 2);
    f.server.stop().await;
}

#[tokio::test]
async fn bad_http_requests_are_typed_errors() {
    let (dir, server) = serve("bad-http", loose()).await;
    let addr = server.addr();
    let cases: Vec<(&str, &str, String, u16, &str)> = vec![
        ("GET", "/games/0123456789abcdef01234567", String::new(), 404, "unknown_game"),
        ("GET", "/games/..%2f..%2fetc/record", String::new(), 404, "unknown_game"),
        ("GET", "/games/nope", String::new(), 404, "unknown_game"),
        ("GET", "/games/nope/record", String::new(), 404, "unknown_game"),
        ("GET", "/games/nope/ws", String::new(), 404, "unknown_game"),
        ("POST", "/games", "{".into(), 400, "bad_json"),
        ("POST", "/games", json!({"game": "chess"}).to_string(), 400, "bad_spec"),
        ("POST", "/games", json!({"game": "go9:size=13"}).to_string(), 400, "bad_spec"),
        ("POST", "/games", json!({"game": {"game": "kazura", "size": 99}}).to_string(), 400, "bad_spec"),
        ("POST", "/games", json!({"game": "go9", "side": "purple"}).to_string(), 400, "bad_message"),
        ("POST", "/games", json!({"game": "go9", "colour": "black"}).to_string(), 400, "bad_message"),
        ("POST", "/games", json!({"game": "go9", "clock": {"main_ms": 0}}).to_string(), 400, "bad_clock"),
        ("POST", "/games", json!({"game": "go9", "clock": {"main_ms": 1, "increment_ms": 1, "byoyomi": {"periods": 1, "period_ms": 1}}}).to_string(), 400, "bad_clock"),
        ("POST", "/games", json!({"game": "go9", "clock": {"main_ms": -1}}).to_string(), 400, "bad_message"),
        ("POST", "/games", format!(r#"{{"game":"go9","pad":"{}"}}"#, "x".repeat(5000)), 413, "too_large"),
        ("GET", "/../Cargo.toml", String::new(), 404, "not_found"),
    ];
    for (method, path, body, status, code) in &cases {
        let (got, answer) = http_json(addr, method, path, body).await;
        assert_eq!(
            (got, answer["code"].as_str().unwrap()),
            (*status, *code),
            "{method} {path}"
        );
        assert_eq!(answer["type"], "error");
    }
    // A WebSocket from a foreign page is refused before the upgrade; the server's own
    // origin and a listed one are let in.
    let made = MadeGame::new(addr, json!({"game": "bind"})).await;
    let id = made.id.as_str();
    assert_eq!(
        Client::connect_from(addr, id, "http://evil.example")
            .await
            .err(),
        Some(403)
    );
    assert!(
        Client::connect_from(addr, id, &format!("http://{addr}"))
            .await
            .is_ok()
    );
    server.stop().await;

    let config = Config {
        allowed_origins: vec!["https://play.example".into()],
        ..loose()
    };
    let server = start(&dir.db(), config).await;
    assert!(
        Client::connect_from(server.addr(), id, "https://play.example")
            .await
            .is_ok()
    );
    server.stop().await;
}

#[tokio::test]
async fn floods_are_limited_and_the_server_stays_up() {
    // No refill: a bucket once empty stays empty, so the test does not depend on speed.
    let config = Config {
        message_rate: Rate {
            burst: 6.0,
            per_second: 0.0,
        },
        create_rate: Rate {
            burst: 3.0,
            per_second: 0.0,
        },
        ..Config::default()
    };
    let mut f = fixture("flood", config).await;
    let addr = f.server.addr();
    // Black has used 2 of its 6 (hello, move): 4 pings pass, the 5th is refused.
    for _ in 0..4 {
        f.black.send(&json!({"type": "ping"})).await;
        f.black.next_of("pong").await;
    }
    f.black.send_move(1, "D4").await;
    assert_eq!(f.black.error_code().await, "rate_limited");
    // A flood: every message refused with its own error while the connection lasts …
    for _ in 0..50 {
        f.black.send_text(r#"{"type":"ping"}"#).await;
    }
    for _ in 0..50 {
        assert_eq!(f.black.error_code().await, "rate_limited");
    }
    // … and past 100 refusals the server closes it (the client may see the close frame or
    // a reset, as the server drops what it has not read).
    for _ in 0..100 {
        if f.black
            .socket
            .send(Message::text(r#"{"type":"ping"}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    while let Some(m) = f.black.recv().await {
        assert_eq!(m["code"], "rate_limited");
    }
    let (_, state) = http_json(addr, "GET", &format!("/games/{}", f.game.id), "").await;
    assert_eq!(state["moves"], json!(["E5"]));
    // White's connection has its own bucket and still plays.
    f.white.send_move(1, "D4").await;
    assert_eq!(f.white.next_of("move").await["version"], 2);
    // Games made from one address: the fixture made one, two more pass, the next waits.
    for _ in 0..2 {
        create(addr, json!({"game": "go9"})).await;
    }
    let (status, answer) = http_json(addr, "POST", "/games", r#"{"game":"go9"}"#).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (429, Some("rate_limited"))
    );
    f.server.stop().await;
}

#[tokio::test]
async fn an_address_holds_few_sockets_and_one_that_never_says_hello_is_closed() {
    let config = Config {
        connections_per_address: 2,
        hello_timeout: std::time::Duration::from_secs(2),
        ..loose()
    };
    let (_dir, server) = serve("connections", config).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    let own = format!("http://{addr}");
    let mut silent = [
        Client::connect_from(addr, &game.id, &own).await.unwrap(),
        Client::connect_from(addr, &game.id, &own).await.unwrap(),
    ];
    // A third socket from the same address is refused before the upgrade.
    assert_eq!(
        Client::connect_from(addr, &game.id, &own).await.err(),
        Some(429)
    );
    // Neither said hello: each is told so, then closed.
    for c in &mut silent {
        assert_eq!(c.error_code().await, "hello_first");
        assert!(c.recv().await.is_none(), "the connection is closed");
    }
    // Their slots come back (once the server has finished with them): a player joins and
    // plays, and the game is as it was.
    let mut waited = 0;
    let mut black = loop {
        match Client::connect_from(addr, &game.id, &own).await {
            Ok(c) => break c,
            Err(429) if waited < 600 => {
                waited += 1;
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            Err(status) => panic!("refused with {status}"),
        }
    };
    black
        .send(&json!({"type": "hello", "protocol": 1, "token": game.tokens[0]}))
        .await;
    assert_eq!(black.next_of("state").await["moves"], json!([]));
    black.send_move(0, "E5").await;
    assert_eq!(black.next_of("move").await["move"], "E5");
    server.stop().await;
}
