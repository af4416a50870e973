//! Frames a WebSocket library would never send, written byte by byte after a real
//! handshake: the server closes each connection with the close code RFC 6455 (7.4.1) gives
//! its fault (1009 too large, 1007 text that is not UTF-8, 1002 any other breach), and the
//! game goes on for everyone else. And the server's pings: a socket that answers none is
//! closed (1001), one that answers (any WebSocket library does) is kept.

mod common;

use std::net::SocketAddr;

use common::{MadeGame, PATIENCE, loose, serve};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A WebSocket to game `id` opened by hand: the handshake sent and its `101` read.
async fn handshake(addr: SocketAddr, id: &str) -> TcpStream {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        tokio::time::timeout(PATIENCE, tcp.read_exact(&mut byte))
            .await
            .expect("the handshake's answer")
            .unwrap();
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    assert!(head.starts_with("HTTP/1.1 101 "), "{head}");
    tcp
}

/// A client frame: FIN, `opcode`, masked with a fixed key, `payload`.
fn masked_frame(first_byte: u8, payload: &[u8]) -> Vec<u8> {
    let key = [0x12, 0x34, 0x56, 0x78];
    let mut frame = vec![first_byte];
    assert!(payload.len() < 126);
    frame.push(0x80 | u8::try_from(payload.len()).unwrap());
    frame.extend_from_slice(&key);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ key[i % 4]));
    frame
}

/// The close code of the first close frame the server sends (skipping text frames), or
/// `None` if the connection ends without one.
async fn close_code(tcp: &mut TcpStream) -> Option<u16> {
    close_code_and_pings(tcp).await.0
}

/// [`close_code`], and how many pings came before it.
async fn close_code_and_pings(tcp: &mut TcpStream) -> (Option<u16>, usize) {
    let mut raw = Vec::new();
    let read = tokio::time::timeout(PATIENCE, tcp.read_to_end(&mut raw))
        .await
        .expect("the server ends the connection");
    if read.is_err() {
        return (None, 0);
    }
    let mut pings = 0;
    let mut at = 0;
    while at + 2 <= raw.len() {
        let opcode = raw[at] & 0x0f;
        let (len, header) = match raw[at + 1] & 0x7f {
            126 => (
                usize::from(u16::from_be_bytes([raw[at + 2], raw[at + 3]])),
                4,
            ),
            127 => panic!("no server frame here is that long"),
            n => (usize::from(n), 2),
        };
        let payload = &raw[at + header..at + header + len];
        if opcode == 0x8 {
            let code = (payload.len() >= 2).then(|| u16::from_be_bytes([payload[0], payload[1]]));
            return (code, pings);
        }
        if opcode == 0x9 {
            pings += 1;
        }
        at += header + len;
    }
    (None, pings)
}

#[tokio::test]
async fn each_bad_frame_is_closed_with_its_rfc_6455_code() {
    let (_dir, server) = serve("frames", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    let too_long = {
        // A text frame announcing 100,000 bytes (past the 64 KiB frame limit).
        let mut frame = vec![0x81, 0x80 | 127];
        frame.extend_from_slice(&100_000u64.to_be_bytes());
        frame.extend_from_slice(&[0, 0, 0, 0]);
        frame
    };
    let unmasked = {
        let mut frame = vec![0x81, 2];
        frame.extend_from_slice(b"{}");
        frame
    };
    for (what, frame, code) in [
        ("a frame too large", too_long, 1009),
        (
            "text that is not UTF-8",
            masked_frame(0x81, &[0xff, 0xfe, 0xfd]),
            1007,
        ),
        ("reserved bits set", masked_frame(0xC1, b"{}"), 1002),
        ("an unknown opcode", masked_frame(0x83, b"{}"), 1002),
        ("an unmasked client frame", unmasked, 1002),
    ] {
        let mut tcp = handshake(addr, &game.id).await;
        tcp.write_all(&frame).await.unwrap();
        assert_eq!(close_code(&mut tcp).await, Some(code), "{what}");
    }
    // The game is there for its players all along.
    let (mut black, state) = game.join(addr, 0).await;
    assert_eq!(state["moves"], json!([]));
    black.send_move(0, "E5").await;
    assert_eq!(black.next_of("move").await["move"], "E5");
}

#[tokio::test]
async fn a_socket_that_answers_no_ping_is_closed_and_one_that_answers_is_kept() {
    let config = game_server::Config {
        ping_interval: std::time::Duration::from_millis(250),
        ..loose()
    };
    let (_dir, server) = serve("pings", config).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
    // Silent: never reads nor writes after the handshake.
    let mut silent = handshake(addr, &game.id).await;
    let (code, pings) = close_code_and_pings(&mut silent).await;
    assert_eq!(code, Some(1001), "closed as gone");
    assert!(pings >= 1, "pinged before it was given up");
    // A watcher read all along by a WebSocket library, which answers pings, is still there
    // well past three intervals.
    let (mut watcher, _) = game.watch(addr).await;
    let mut pinged = 0;
    let until = tokio::time::Instant::now() + std::time::Duration::from_millis(2000);
    while let Ok(frame) =
        tokio::time::timeout_at(until, futures_util::StreamExt::next(&mut watcher.socket)).await
    {
        match frame {
            Some(Ok(tokio_tungstenite::tungstenite::Message::Ping(_))) => pinged += 1,
            Some(Ok(_)) => {}
            other => panic!("the watcher's socket ended: {other:?}"),
        }
    }
    assert!(pinged >= 4, "{pinged} pings");
    let (mut black, _) = game.join(addr, 0).await;
    black.send_move(0, "E5").await;
    assert_eq!(watcher.next_of("move").await["move"], "E5");
}
