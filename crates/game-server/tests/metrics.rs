//! `GET /metrics`, `/healthz` and `/readyz` on a real server: after a game is made, moves
//! are played, one is refused and a connection is turned away at the door, every figure
//! is what happened, read from the Prometheus text.

mod common;

use std::time::Duration;

use common::{MadeGame, http, loose, serve};
use game_server::Config;
use serde_json::json;
use tokio::io::AsyncReadExt;
use tokio::net::TcpStream;

/// The value of the sample `name` (with its labels, as the text writes them).
fn sample(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no `{name}` in\n{text}"))
        .trim()
        .parse()
        .unwrap()
}

#[tokio::test]
async fn the_metrics_count_what_happened() {
    let config = Config {
        max_connections: 6,
        ..loose()
    };
    let (_dir, server) = serve("metrics", config).await;
    let addr = server.addr();
    assert_eq!(
        http(addr, "GET", "/healthz", "").await,
        (200, "ok\n".into())
    );
    assert_eq!(
        http(addr, "GET", "/readyz", "").await,
        (200, "ready\n".into())
    );

    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    let ([mut black, mut white], _) = game.join_seats(addr).await;
    black.send_move(0, "E5").await;
    black.next_of("move").await;
    white.send_move(1, "E5").await;
    assert_eq!(white.error_code().await, "illegal_move");
    white.send_move(1, "C3").await;
    white.next_of("move").await;
    assert_eq!(http(addr, "GET", "/games/nosuchgame", "").await.0, 404);

    // Six connections in all: two sockets and four idle ones; a seventh is turned away.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    let mut turned_away = TcpStream::connect(addr).await.unwrap();
    let mut answer = Vec::new();
    turned_away.read_to_end(&mut answer).await.unwrap();
    assert!(answer.starts_with(b"HTTP/1.1 503 "));
    drop(idle);
    // The idle connections' places come back once the server sees them closed: then the
    // two sockets and the scrape's own connection are all that is open.
    let mut text = String::new();
    for _ in 0..600 {
        let (status, body) = http(addr, "GET", "/metrics", "").await;
        if status == 200 && body.contains("game_server_connections_open 3\n") {
            text = body;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(sample(&text, "game_server_games_made_total"), 1.0);
    assert_eq!(sample(&text, "game_server_moves_committed_total"), 2.0);
    assert_eq!(
        sample(&text, "game_server_refusals_total{code=\"illegal_move\"}"),
        1.0
    );
    assert_eq!(
        sample(&text, "game_server_refusals_total{code=\"unknown_game\"}"),
        1.0
    );
    assert_eq!(
        sample(
            &text,
            "game_server_connections_refused_total{reason=\"total\"}"
        ),
        1.0
    );
    assert_eq!(sample(&text, "game_server_flags_fallen_total"), 0.0);
    assert_eq!(sample(&text, "game_server_games_in_memory"), 1.0);
    assert_eq!(sample(&text, "game_server_websockets_open"), 2.0);
    assert_eq!(sample(&text, "game_server_connections_open"), 3.0);
    // Every update the rooms committed was timed: two moves and the two seats' joins.
    assert!(sample(&text, "game_server_commit_seconds_count") >= 2.0);
    assert!(text.ends_with("# EOF\n"), "OpenMetrics text");
}
