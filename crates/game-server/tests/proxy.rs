//! The server behind a proxy it trusts (`Config::trusted_proxies`): limits count the client
//! the proxy forwarded for (`X-Forwarded-For`, RFC 7239 `Forwarded`, an IPv6 client by its
//! /64), the proxy's own connections count against the total only, and without the trust
//! the headers are ignored, whatever they say.

mod common;

use std::net::SocketAddr;

use common::{create_request, exchange, loose, serve};
use game_server::{Config, Rate};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// `POST /games` for a go9 game with one more header line: the status.
async fn create_with(addr: SocketAddr, header: &str) -> u16 {
    let stream = TcpStream::connect(addr).await.unwrap();
    let request = create_request(&addr.to_string(), &format!("{header}\r\n"));
    exchange(stream, &request).await.0
}

/// One game per client, never refilled.
fn one_game_each(trusted: &[&str]) -> Config {
    Config {
        create_rate: Rate {
            burst: 1.0,
            per_second: 0.0,
        },
        trusted_proxies: trusted.iter().map(|t| t.parse().unwrap()).collect(),
        ..loose()
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit() {
    let (_dir, server) = serve("proxy-trusted", one_game_each(&["127.0.0.0/8"])).await;
    let addr = server.addr();
    assert_eq!(create_with(addr, "X-Forwarded-For: 203.0.113.1").await, 201);
    assert_eq!(create_with(addr, "X-Forwarded-For: 203.0.113.1").await, 429);
    // What a client writes itself is left of what the proxy appends.
    assert_eq!(
        create_with(addr, "X-Forwarded-For: 198.51.100.9, 203.0.113.1").await,
        429
    );
    assert_eq!(create_with(addr, "X-Forwarded-For: 203.0.113.2").await, 201);
    assert_eq!(
        create_with(
            addr,
            "Forwarded: for=\"[2001:db8:1:2::1]:4711\";proto=https"
        )
        .await,
        201
    );
    assert_eq!(
        create_with(addr, "Forwarded: for=\"[2001:db8:1:2::99]\"").await,
        429,
        "the same /64"
    );
    // The proxy's own requests, with no header, are the proxy's.
    assert_eq!(create_with(addr, "X-Other: 1").await, 201);
    assert_eq!(create_with(addr, "X-Other: 1").await, 429);
}

#[tokio::test]
async fn without_trust_the_forwarded_headers_are_ignored() {
    let (_dir, server) = serve("proxy-untrusted", one_game_each(&["10.0.0.0/8"])).await;
    let addr = server.addr();
    assert_eq!(create_with(addr, "X-Forwarded-For: 203.0.113.1").await, 201);
    assert_eq!(create_with(addr, "X-Forwarded-For: 203.0.113.2").await, 429);
    assert_eq!(
        create_with(addr, "Forwarded: for=203.0.113.3").await,
        429,
        "127.0.0.1 is not a trusted proxy here"
    );
}

#[tokio::test]
async fn a_trusted_proxy_holds_more_connections_than_one_client_may() {
    let config = Config {
        connections_per_address: 1,
        trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
        ..loose()
    };
    let (_dir, server) = serve("proxy-connections", config).await;
    let addr = server.addr();
    // Six connections from the proxy, three times a client's share of two.
    let mut held = Vec::new();
    for _ in 0..6 {
        held.push(TcpStream::connect(addr).await.unwrap());
    }
    assert_eq!(create_with(addr, "X-Forwarded-For: 203.0.113.1").await, 201);
    drop(held);
}

#[tokio::test]
async fn the_metrics_are_only_for_the_host_itself() {
    let (_dir, server) = serve("proxy-metrics", one_game_each(&["127.0.0.1"])).await;
    let addr = server.addr();
    let get = |header: &'static str| async move {
        let request =
            format!("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{header}\r\n\r\n");
        let mut stream = TcpStream::connect(addr).await.unwrap();
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.unwrap();
        String::from_utf8_lossy(&raw).into_owned()
    };
    assert!(get("X-Other: 1").await.starts_with("HTTP/1.1 200 "));
    // A visitor through the proxy is not the host.
    assert!(
        get("X-Forwarded-For: 203.0.113.1")
            .await
            .starts_with("HTTP/1.1 404 ")
    );
}
