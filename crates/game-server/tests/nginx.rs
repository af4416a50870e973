//! The real binary behind Debian's nginx with the locations docs/server.md recommends
//! (`docs/deploy/nginx-game-server.conf`, included as it is): clients from two loopback
//! addresses each get their own game-making limit (the server trusts nginx's
//! `X-Forwarded-For`), two players and a watcher play through nginx with a browser's
//! `Origin` (checked against `--public-origin`, since nginx passes its own upstream name
//! as `Host`), and a game kept quiet for more than twice nginx's `proxy_read_timeout`
//! (set to 2 s here) survives on the server's pings.
//!
//! Without nginx the test fails when the `CI` environment variable is set (CI installs
//! Debian's `nginx`), and otherwise says why it did nothing.
#![cfg(unix)]

mod common;

use std::net::{SocketAddr, TcpStream as StdTcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::process::{ServerProcess, free_port};
use common::{Client, TempDir, create_request, exchange, tokens};
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Debian's nginx, or `None` (and why) when it is not installed.
fn nginx_binary() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/sbin/nginx");
    if path.exists() {
        return Some(path);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "nginx is not installed, and CI must run the proxy test (install Debian's `nginx`)"
    );
    eprintln!(
        "nginx (/usr/sbin/nginx) is not installed: the proxy test is skipped (it fails under CI)"
    );
    None
}

/// nginx in the foreground on `port`, proxying to `upstream`, killed when dropped.
struct Nginx(Child);

impl Nginx {
    fn start(binary: &Path, dir: &Path, port: u16, upstream: SocketAddr) -> Nginx {
        let locations = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../docs/deploy/nginx-game-server.conf")
            .canonicalize()
            .unwrap();
        let d = dir.display();
        let config = format!(
            "daemon off;\nmaster_process off;\nworker_processes 1;\npid {d}/nginx.pid;\n\
             error_log {d}/error.log info;\nevents {{ worker_connections 256; }}\n\
             http {{\n  access_log {d}/access.log;\n  client_body_temp_path {d}/body;\n  \
             proxy_temp_path {d}/proxy;\n  fastcgi_temp_path {d}/fastcgi;\n  \
             uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n  \
             upstream game_server {{ server {upstream}; }}\n  \
             server {{\n    listen 127.0.0.1:{port};\n    proxy_read_timeout 2s;\n    \
             include {};\n  }}\n}}\n",
            locations.display()
        );
        let file = dir.join("nginx.conf");
        std::fs::write(&file, config).unwrap();
        let child = Command::new(binary)
            .arg("-p")
            .arg(dir)
            .arg("-c")
            .arg(&file)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("nginx starts");
        let mut nginx = Nginx(child);
        let deadline = Instant::now() + Duration::from_secs(30);
        while !answers(port) {
            if let Some(status) = nginx.0.try_wait().unwrap() {
                panic!("nginx ended: {status}");
            }
            assert!(Instant::now() < deadline, "nginx did not listen on {port}");
            std::thread::sleep(Duration::from_millis(20));
        }
        nginx
    }
}

/// Whether something listens on 127.0.0.1:`port`: a connection that is not to itself (with
/// nothing listening yet, one from an ephemeral port equal to `port` connects to itself).
fn answers(port: u16) -> bool {
    StdTcpStream::connect(("127.0.0.1", port))
        .is_ok_and(|stream| stream.local_addr().ok() != stream.peer_addr().ok())
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `POST /games` through nginx from the loopback address `from`: the status and answer.
async fn create_from(proxy: SocketAddr, from: &str) -> (u16, Value) {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    let stream: TcpStream = socket.connect(proxy).await.unwrap();
    let (status, body) = exchange(stream, &create_request("play.example", "")).await;
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// A WebSocket to game `id` through nginx, as a browser on `origin` opens it, joined with
/// `token` (a seat) or none (a watcher).
async fn join_through(proxy: SocketAddr, origin: &str, id: &str, token: Option<&str>) -> Client {
    let mut request = format!("ws://{proxy}/games/{id}/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", origin.parse().unwrap());
    let (socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let mut client = Client { socket };
    let mut hello = json!({"type": "hello", "protocol": 1});
    if let Some(token) = token {
        hello["token"] = json!(token);
    }
    client.send(&hello).await;
    client.next_of("state").await;
    client
}

/// Reads `client` for `time`, answering pings as any WebSocket library does: the pings.
async fn stay_quiet(client: &mut Client, time: Duration) -> usize {
    let until = tokio::time::Instant::now() + time;
    let mut pings = 0;
    while let Ok(frame) = tokio::time::timeout_at(until, client.socket.next()).await {
        match frame {
            Some(Ok(Message::Ping(_))) => pings += 1,
            Some(Ok(Message::Text(text))) => panic!("nothing was to happen: {text}"),
            Some(Ok(_)) => {}
            other => panic!("the socket ended during the quiet: {other:?}"),
        }
    }
    pings
}

#[tokio::test]
async fn through_nginx_limits_count_real_clients_and_quiet_games_survive() {
    let Some(nginx) = nginx_binary() else { return };
    let dir = TempDir::new("nginx");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let proxy_port = free_port();
    let origin = format!("http://localhost:{proxy_port}");
    let server = ServerProcess::start_with(
        &dir.db(),
        &web,
        &[
            "--trusted-proxy",
            "127.0.0.1",
            "--public-origin",
            &origin,
            "--games-per-minute",
            "1",
            "--ping-seconds",
            "0.5",
        ],
    );
    let _nginx = Nginx::start(&nginx, &dir.0, proxy_port, server.addr);
    let proxy: SocketAddr = format!("127.0.0.1:{proxy_port}").parse().unwrap();

    // Two games each (a burst of two at one a minute), counted per real client.
    let (status, game) = create_from(proxy, "127.0.0.2").await;
    assert_eq!(status, 201, "{game}");
    assert_eq!(create_from(proxy, "127.0.0.2").await.0, 201);
    assert_eq!(create_from(proxy, "127.0.0.2").await.0, 429);
    assert_eq!(
        create_from(proxy, "127.0.0.3").await.0,
        201,
        "another client"
    );

    // Two players and a watcher through nginx, with the site's Origin.
    let id = game["id"].as_str().unwrap();
    let tokens = tokens(&game);
    let mut black = join_through(proxy, &origin, id, Some(&tokens[0])).await;
    let mut white = join_through(proxy, &origin, id, Some(&tokens[1])).await;
    let mut watcher = join_through(proxy, &origin, id, None).await;
    black.send_move(0, "E5").await;
    for client in [&mut black, &mut white, &mut watcher] {
        assert_eq!(client.next_of("move").await["move"], "E5");
    }
    // Quiet for 5 s, past nginx's 2 s read timeout: the server's pings keep it open.
    let (a, b, c) = tokio::join!(
        stay_quiet(&mut black, Duration::from_secs(5)),
        stay_quiet(&mut white, Duration::from_secs(5)),
        stay_quiet(&mut watcher, Duration::from_secs(5)),
    );
    assert!(a >= 3 && b >= 3 && c >= 3, "pings {a}, {b}, {c}");
    white.send_move(1, "C3").await;
    for client in [&mut black, &mut white, &mut watcher] {
        assert_eq!(client.next_of("move").await["move"], "C3");
    }
    // A page on another origin is refused, through nginx as directly.
    let mut request = format!("ws://{proxy}/games/{id}/ws")
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_err());
}
