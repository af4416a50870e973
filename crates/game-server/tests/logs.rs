//! The log of the real binary with `--log-format json`: one JSON object a line, naming the
//! game and the client of each event (a game made, sockets opened and closed, the game
//! over, the stop), and a flood of connections refused at the door written as a few lines,
//! not one a connection.
#![cfg(unix)]

mod common;

use std::net::TcpStream;

use common::process::ServerProcess;
use common::{MadeGame, TempDir};
use serde_json::{Value, json};

#[tokio::test]
async fn the_json_log_names_each_event_s_game_and_client() {
    let dir = TempDir::new("logs");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let log = dir.0.join("server.log");
    let mut server = ServerProcess::start_logged(
        &dir.db(),
        &web,
        &["--log-format", "json", "--max-connections", "4"],
        Some(&log),
    );
    let addr = server.addr;
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    let ([mut black, mut white], _) = game.join_seats(addr).await;
    black.send(&json!({"type": "resign", "version": 0})).await;
    black.next_of("over").await;
    white.next_of("over").await;
    // Two sockets and two idle connections fill the server; fifty more are turned away.
    let idle: Vec<_> = (0..2).map(|_| TcpStream::connect(addr).unwrap()).collect();
    for _ in 0..50 {
        let mut refused = TcpStream::connect(addr).unwrap();
        let mut answer = Vec::new();
        std::io::Read::read_to_end(&mut refused, &mut answer).unwrap();
        assert!(answer.starts_with(b"HTTP/1.1 503 "));
    }
    drop(idle);
    drop(black);
    drop(white);
    let stopped = tokio::task::spawn_blocking(move || server.signal_and_wait("TERM"))
        .await
        .unwrap();
    assert!(stopped.success());

    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    let with = |message: &str| -> Vec<&Value> {
        lines
            .iter()
            .filter(|l| {
                l["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with(message))
            })
            .collect()
    };
    assert_eq!(
        with(&format!("listening on http://{addr}")).len(),
        1,
        "{text}"
    );
    let made = with("game made");
    assert_eq!(made.len(), 1, "{text}");
    assert_eq!(made[0]["game"], game.id.as_str());
    assert_eq!(made[0]["spec"], "go9");
    assert_eq!(made[0]["client"], "127.0.0.1");
    assert_eq!(made[0]["level"], "INFO");
    let opened = with("socket opened");
    assert_eq!(opened.len(), 2, "{text}");
    assert!(opened.iter().all(|l| l["game"] == game.id.as_str()));
    // Each request has its id, and a socket's lines keep its upgrade request's.
    let request = |line: &Value| line["span"]["request"].as_u64();
    let ids = [request(made[0]), request(opened[0]), request(opened[1])];
    assert!(ids.iter().all(Option::is_some), "{text}");
    assert!(
        ids[0] != ids[1] && ids[1] != ids[2] && ids[0] != ids[2],
        "{ids:?}"
    );
    let closed: Vec<_> = lines
        .iter()
        .filter(|l| {
            l["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("socket closed") || m.starts_with("socket lost"))
        })
        .map(request)
        .collect();
    assert_eq!(closed.len(), 2, "{text}");
    assert!(
        closed.contains(&ids[1]) && closed.contains(&ids[2]),
        "{closed:?} {ids:?}"
    );
    let over = with("game over");
    assert_eq!(over.len(), 1, "{text}");
    assert_eq!(over[0]["game"], game.id.as_str());
    assert_eq!(over[0]["reason"], "resign");
    let refused = with("connection refused at the door");
    assert!(
        (1..=20).contains(&refused.len()),
        "{} lines for 50 refusals",
        refused.len()
    );
    assert!(
        refused
            .iter()
            .all(|l| l["level"] == "WARN" && l["reason"] == "total")
    );
    assert_eq!(with("stopped").len(), 1, "{text}");
    assert!(lines.iter().all(|l| l["timestamp"].is_string()));
}
