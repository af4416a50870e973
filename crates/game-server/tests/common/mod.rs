//! What the server tests share: a real server on a temporary SQLite file, a minimal HTTP
//! client over a TCP stream, a WebSocket client, a game made and its seats joined, and a
//! table of two players playing seeded random moves through the server.
#![allow(dead_code, missing_docs)]

pub mod accounts;
pub mod postgres;
pub mod process;
pub mod table;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use game_catalog::AnyGame;
use game_server::store::SqliteStore;
use game_server::{Config, Rate, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// How long a test waits for any one message before it fails (a guard against a hang, not
/// a measure of speed).
pub const PATIENCE: Duration = Duration::from_secs(60);

/// A temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new folder of its own: tests running at once in one process (the four whole
    /// games share a name) never share one, whatever the clock says.
    pub fn new(name: &str) -> TempDir {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "game-server-{name}-{}-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed),
            game_server::now_ms()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    pub fn db(&self) -> PathBuf {
        self.0.join("games.sqlite3")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Limits loose enough for whole games at full speed.
pub fn loose() -> Config {
    Config {
        message_rate: Rate {
            burst: 1e9,
            per_second: 1e9,
        },
        create_rate: Rate {
            burst: 1e9,
            per_second: 1e9,
        },
        ..Config::default()
    }
}

pub async fn start(db: &std::path::Path, config: Config) -> Server {
    let store = SqliteStore::open(db).unwrap();
    Server::start("127.0.0.1:0".parse().unwrap(), Arc::new(store), config)
        .await
        .unwrap()
}

/// A server of `config` on a fresh database in a temporary folder named after `name`: the
/// folder and the server. Keep the folder as long as the file is wanted; a restarted server
/// opens `dir.db()` again.
pub async fn serve(name: &str, config: Config) -> (TempDir, Server) {
    let dir = TempDir::new(name);
    let server = start(&dir.db(), config).await;
    (dir, server)
}

/// One HTTP/1.1 request over a fresh connection: the status and the body.
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let stream = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(stream, &request).await
}

/// Waits until the server's `/metrics` has the sample line `line` (`name value`), polling
/// for up to 30 s: a figure that settles a moment after what the test did.
pub async fn wait_for_metric(addr: SocketAddr, line: &str) {
    let wanted = format!("{line}\n");
    for _ in 0..600 {
        if http(addr, "GET", "/metrics", "").await.1.contains(&wanted) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("`{line}` never came in /metrics");
}

/// A `POST /games` for a go9 game to `host`, with `extra` header lines (each ending in
/// `\r\n`).
pub fn create_request(host: &str, extra: &str) -> String {
    let body = r#"{"game":"go9","side":"first"}"#;
    format!(
        "POST /games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{extra}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Sends `request`, whole as written, over `stream` and reads the answer to its end: the
/// status and the body.
pub async fn exchange(mut stream: TcpStream, request: &str) -> (u16, String) {
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .expect("the server answers")
        .unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(
        !head
            .to_ascii_lowercase()
            .contains("transfer-encoding: chunked"),
        "this little client reads only whole bodies"
    );
    (status, body.to_string())
}

pub async fn http_json(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let (status, text) = http(addr, method, path, body).await;
    (status, serde_json::from_str(&text).unwrap())
}

/// Makes a game; returns the answer (id, tokens, links).
pub async fn create(addr: SocketAddr, request: Value) -> Value {
    let (status, answer) = http_json(addr, "POST", "/games", &request.to_string()).await;
    assert_eq!(status, 201, "{answer}");
    answer
}

/// The tokens of seat 0 and seat 1 of a made game (empty for a computer's seat, which has
/// none to give).
pub fn tokens(game: &Value) -> [String; 2] {
    let mut t = [String::new(), String::new()];
    for who in ["you", "opponent"] {
        let seat = game[who]["seat"].as_u64().unwrap() as usize;
        if game[who].get("computer").is_none() {
            t[seat] = game[who]["token"].as_str().unwrap().to_string();
        }
    }
    t
}

/// A game made on a server (`POST /games`): the server's answer, the game's id and the
/// tokens of its two seats.
pub struct MadeGame {
    /// The whole answer (seats, tokens, links).
    pub answer: Value,
    /// The game's id, as in its links.
    pub id: String,
    /// The tokens of seat 0 and seat 1.
    pub tokens: [String; 2],
}

impl MadeGame {
    /// Makes a game from `request` (the body of `POST /games`), which must be accepted.
    pub async fn new(addr: SocketAddr, request: Value) -> MadeGame {
        let answer = create(addr, request).await;
        let id = answer["id"].as_str().unwrap().to_string();
        let tokens = tokens(&answer);
        MadeGame { answer, id, tokens }
    }

    /// Joins seat `seat` with its token: the client and the `state` it is sent.
    pub async fn join(&self, addr: SocketAddr, seat: usize) -> (Client, Value) {
        Client::join(addr, &self.id, Some(&self.tokens[seat])).await
    }

    /// Joins seat 0, then seat 1: the two players and the states they are sent.
    pub async fn join_seats(&self, addr: SocketAddr) -> ([Client; 2], [Value; 2]) {
        let (a, sa) = self.join(addr, 0).await;
        let (b, sb) = self.join(addr, 1).await;
        ([a, b], [sa, sb])
    }

    /// Joins without a token, as a watcher: the client and the `state` it is sent.
    pub async fn watch(&self, addr: SocketAddr) -> (Client, Value) {
        Client::join(addr, &self.id, None).await
    }
}

/// The record of game `id`, downloaded (status 200) and replayed through the rules.
pub async fn record(addr: SocketAddr, id: &str) -> AnyGame {
    let (status, record) = http(addr, "GET", &format!("/games/{id}/record"), "").await;
    assert_eq!(status, 200, "{record}");
    AnyGame::read_record(&record).unwrap()
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket client of one game.
pub struct Client {
    pub socket: Socket,
}

impl Client {
    pub async fn connect(addr: SocketAddr, id: &str) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/games/{id}/ws"))
            .await
            .unwrap();
        Client { socket }
    }

    /// Connects to the socket at `path` (`/match/ws`).
    pub async fn connect_path(addr: SocketAddr, path: &str) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
            .await
            .unwrap();
        Client { socket }
    }

    /// Connects to the socket at `path` with the session cookie `token`.
    pub async fn connect_signed_in(addr: SocketAddr, path: &str, token: &str) -> Client {
        let mut request = format!("ws://{addr}{path}").into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", format!("gs_session={token}").parse().unwrap());
        let (socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        Client { socket }
    }

    /// Connects with an `Origin` header; the HTTP status if the upgrade is refused.
    pub async fn connect_from(addr: SocketAddr, id: &str, origin: &str) -> Result<Client, u16> {
        let mut request = format!("ws://{addr}/games/{id}/ws")
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("origin", origin.parse().unwrap());
        match tokio_tungstenite::connect_async(request).await {
            Ok((socket, _)) => Ok(Client { socket }),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
            Err(e) => panic!("{e}"),
        }
    }

    /// Connects and says hello (with `token` for a seat); returns the `state` answer.
    pub async fn join(addr: SocketAddr, id: &str, token: Option<&str>) -> (Client, Value) {
        let mut c = Client::connect(addr, id).await;
        let mut hello = json!({"type": "hello", "protocol": 1});
        if let Some(t) = token {
            hello["token"] = json!(t);
        }
        c.send(&hello).await;
        let state = c.next_of("state").await;
        (c, state)
    }

    pub async fn send(&mut self, message: &Value) {
        self.send_text(&message.to_string()).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.socket.send(Message::text(text)).await.unwrap();
    }

    /// Sends a `move` of `mv`, made at `version`.
    pub async fn send_move(&mut self, version: u64, mv: &str) {
        self.send(&json!({"type": "move", "version": version, "move": mv}))
            .await;
    }

    /// The next JSON message; `None` once the server closed the connection.
    pub async fn recv(&mut self) -> Option<Value> {
        // One deadline for the whole wait: the server's pings must not extend it.
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let message = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("a message within the test's patience");
            match message {
                Some(Ok(Message::Text(t))) => return Some(serde_json::from_str(&t).unwrap()),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// The close code the server ends the connection with, skipping the messages before
    /// it; `None` if the connection ends without a close frame.
    pub async fn close_code(&mut self) -> Option<u16> {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        loop {
            let message = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .expect("the close within the test's patience");
            match message {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next message of type `kind`, skipping others (`joined`, offers …).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let m = self.recv().await.expect("the connection stays open");
            if m["type"] == kind {
                return m;
            }
            assert_ne!(m["type"], "error", "waiting for {kind}: {m}");
        }
    }

    /// The next error's code (skipping broadcasts).
    pub async fn error_code(&mut self) -> String {
        loop {
            let m = self.recv().await.expect("the connection stays open");
            if m["type"] == "error" {
                assert!(m["message"].as_str().is_some_and(|s| !s.is_empty()));
                return m["code"].as_str().unwrap().to_string();
            }
        }
    }

    /// Sends `message` and returns the code of the error the server refuses it with
    /// (skipping broadcasts).
    pub async fn error_for(&mut self, message: &Value) -> String {
        self.send(message).await;
        self.error_code().await
    }

    /// Reads until the server closes the connection: the `move` messages among what came.
    pub async fn drain_moves(&mut self) -> Vec<Value> {
        let mut moves = Vec::new();
        while let Some(m) = self.recv().await {
            if m["type"] == "move" {
                moves.push(m);
            }
        }
        moves
    }

    /// The full state, asked for again.
    pub async fn sync(&mut self) -> Value {
        self.send(&json!({"type": "sync"})).await;
        self.next_of("state").await
    }
}

/// A small seeded generator (splitmix64) for the clients' move choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}
