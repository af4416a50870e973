//! What one client could once hold for ever, each now bounded: connections that never
//! finish their request headers are closed after the header timeout (and while they are
//! held, the server's total cap answers `503` at once instead of leaving everyone waiting);
//! a request body that never ends is answered `408`; a client's share of connections is
//! counted before anything is read. The time-outs here are short so the test is quick;
//! nothing measures time (each wait is a guard of `PATIENCE`).

mod common;

use std::time::Duration;

use common::{PATIENCE, http, loose, serve};
use game_server::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Reads until the server closes `stream` (or `PATIENCE` passes, which fails the test):
/// what it sent first.
async fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .expect("the server closes the connection")
        .unwrap_or_default();
    String::from_utf8_lossy(&raw).into_owned()
}

#[tokio::test]
async fn headers_that_never_end_are_cut_off_and_the_total_cap_answers_at_once() {
    let config = Config {
        max_connections: 12,
        header_timeout: Duration::from_secs(5),
        ..loose()
    };
    let (_dir, server) = serve("slow-headers", config).await;
    let addr = server.addr();
    let mut slow = Vec::new();
    for i in 0..12 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        // Half of them half a request, the others not a byte.
        if i % 2 == 0 {
            stream
                .write_all(b"GET /server.json HTTP/1.1\r\nHost: x\r\n")
                .await
                .unwrap();
        }
        slow.push(stream);
    }
    // The server is full: one more is told so at once and closed, never left waiting.
    let mut extra = TcpStream::connect(addr).await.unwrap();
    let answer = read_until_closed(&mut extra).await;
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer:?}");
    // Each slow request is closed by the header timeout.
    for stream in &mut slow {
        let answer = read_until_closed(stream).await;
        assert!(!answer.contains("200 OK"), "{answer:?}");
    }
    drop(slow);
    // Their places come back: a normal request is served.
    let mut waited = 0;
    loop {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream
            .write_all(b"GET /server.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let answer = read_until_closed(&mut stream).await;
        if answer.starts_with("HTTP/1.1 200 ") {
            break;
        }
        assert!(
            answer.starts_with("HTTP/1.1 503 ") && waited < 600,
            "{answer:?}"
        );
        waited += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn a_body_that_never_ends_is_answered_408() {
    let config = Config {
        request_timeout: Duration::from_secs(1),
        ..loose()
    };
    let (_dir, server) = serve("slow-body", config).await;
    let addr = server.addr();
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(
            b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"game\":",
        )
        .await
        .unwrap();
    let answer = read_until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408 "), "{answer:?}");
    // Others were served meanwhile and still are.
    assert_eq!(http(addr, "GET", "/server.json", "").await.0, 200);
}

#[tokio::test]
async fn one_client_holds_at_most_twice_its_socket_share_of_connections() {
    let config = Config {
        connections_per_address: 3,
        ..loose()
    };
    let (_dir, server) = serve("client-share", config).await;
    let addr = server.addr();
    // Six idle connections from 127.0.0.1: its share (twice its three sockets).
    let mut held = Vec::new();
    for _ in 0..6 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    let mut seventh = TcpStream::connect(addr).await.unwrap();
    let answer = read_until_closed(&mut seventh).await;
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer:?}");
    // Another client (another loopback address) is not held back by it.
    let other = std::net::SocketAddr::new("127.0.0.2".parse().unwrap(), 0);
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(other).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    stream
        .write_all(b"GET /server.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let answer = read_until_closed(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer:?}");
    drop(held);
}
