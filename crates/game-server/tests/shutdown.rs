//! The real `game-server` binary stopped by SIGTERM or SIGINT: every WebSocket hears close
//! code 1012 (service restart), the process exits with status 0 even while a client holds
//! a request it never finishes sending, and every acknowledged move is in the database.
#![cfg(unix)]

mod common;

use std::io::Write;
use std::net::TcpStream;

use common::TempDir;
use common::process::{ServerProcess, new_table, stored_moves};

/// Stops the server with `signal` in the middle of a game with a watcher and a request
/// half sent; checks the close codes, the exit status and the stored moves.
async fn stopped_by(signal: &'static str, seed: u64) {
    let dir = TempDir::new(&format!("shutdown-{signal}"));
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let mut server = ServerProcess::start(&dir.db(), &web);
    let mut table = new_table(server.addr, "go9", seed).await;
    table.watch(server.addr).await;
    table.play(8).await;
    // A request whose headers never end: the server must not wait for it for ever.
    let mut half = TcpStream::connect(server.addr).unwrap();
    half.write_all(b"GET /server.json HTTP/1.1\r\nHost: x\r\n")
        .unwrap();

    let addr = server.addr;
    let status = tokio::task::spawn_blocking(move || {
        let status = server.signal_and_wait(signal);
        drop(server);
        status
    });
    for client in table.players.iter_mut().chain(table.watchers.iter_mut()) {
        assert_eq!(client.close_code().await, Some(1012), "SIG{signal}");
    }
    let status = status.await.unwrap();
    assert!(status.success(), "SIG{signal}: {status}");
    assert!(
        TcpStream::connect(addr).is_err(),
        "nothing listens after the exit"
    );
    drop(half);
    let (rows, version) = stored_moves(&dir.db(), &table.id);
    assert_eq!(rows, table.acknowledged);
    assert_eq!(version, table.version);
}

#[tokio::test]
async fn sigterm_closes_every_websocket_with_1012_and_exits_cleanly() {
    stopped_by("TERM", 71).await;
}

#[tokio::test]
async fn sigint_does_not_wait_for_a_request_that_never_ends() {
    stopped_by("INT", 72).await;
}
