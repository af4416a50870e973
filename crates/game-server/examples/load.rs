//! A load test of the game server (measured, never asserted): many games at once between
//! scripted WebSocket clients, each side moving as soon as it sees its turn.
//!
//! ```sh
//! # Against a running server (raise its limits for this one address first):
//! game-server --games-per-minute 100000 --messages-per-second 1000 --connections-per-address 100000 &
//! cargo run --release -p game-server --example load -- --url http://127.0.0.1:8080 --games 500
//! # Or with the server started in this process, on a temporary database:
//! cargo run --release -p game-server --example load -- --spawn --games 500 --seconds 30
//! ```
//!
//! Each game is two clients (plus `--spectators` watchers); each client keeps its own copy
//! of the game (`game_catalog::AnyGame`) in step with the server's messages and picks a
//! random legal move with a seeded generator per game. When a game ends a new one is made,
//! so `--games` games run all the time. The figure measured is what a player sees: the
//! time from a move sent by one client to the opponent's client receiving it. Printed: the
//! median, 90th and 99th percentiles and the maximum of that latency, moves per second,
//! games finished, errors (anything unexpected: an `error` message, a dropped connection,
//! a refused request, a silence past 30 s), and a markdown table row with the command.
//!
//! Several servers on one database (docs/server.md, "Several servers"): repeat `--url`;
//! each request and each socket goes to the next server in turn, as a round-robin proxy
//! would send them. With `--reconnect` a closed socket is not an error: the client says
//! hello again on the next server, checks that every move it had been told of is still
//! there (nothing acknowledged lost), and plays on; a refused `POST /games` is tried on
//! the next server. That is the load test of a rolling restart (scripts/load-cluster.sh).

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use game_catalog::AnyGame;
use game_server::store::SqliteStore;
use game_server::{Config, Rate, Server};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// Load test: many games at once against the game server.
#[derive(Debug, Parser)]
struct Args {
    /// The server to load (`http://HOST:PORT`); repeat for several servers on one
    /// database, taken in turn. Ignored with `--spawn`.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: Vec<String>,
    /// Reconnect a socket the server closes (a server restarting) instead of counting an
    /// error, and retry a refused new game on the next server.
    #[arg(long)]
    reconnect: bool,
    /// Start the server in this process on a temporary database instead.
    #[arg(long)]
    spawn: bool,
    /// Games running at once (two WebSocket clients each).
    #[arg(long, default_value_t = 500)]
    games: usize,
    /// Watchers per game (they only read).
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// The game spec (`go9`, `kazura:size=9`, `bao`, `bind`, …).
    #[arg(long, default_value = "go9")]
    game: String,
    /// The seed of the move choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// How long a client waits for any message before it counts an error.
const PATIENCE: Duration = Duration::from_secs(30);

/// What every client adds to.
#[derive(Default)]
struct Totals {
    /// Move-to-opponent latencies, microseconds.
    latencies: Mutex<Vec<u64>>,
    /// Moves acknowledged to their mover.
    moves: AtomicU64,
    games_made: AtomicU64,
    games_finished: AtomicU64,
    errors: AtomicU64,
    /// Sockets said hello again after the server closed them (`--reconnect`).
    reconnections: AtomicU64,
    /// Requests and connections refused and tried again on the next server.
    retries: AtomicU64,
    /// The first few errors' words.
    error_words: Mutex<Vec<String>>,
}

impl Totals {
    fn error(&self, words: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut w = self.error_words.lock().unwrap_or_else(|e| e.into_inner());
        if w.len() < 10 {
            w.push(words);
        }
    }
}

/// A small seeded generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
        usize::try_from(r % n.max(1) as u64).unwrap_or(0)
    }
}

/// The servers, taken in turn by every request and socket (a round-robin proxy's way).
struct Servers {
    addrs: Vec<SocketAddr>,
    next: AtomicU64,
}

impl Servers {
    fn next(&self) -> SocketAddr {
        let i = self.next.fetch_add(1, Ordering::Relaxed) as usize;
        self.addrs[i % self.addrs.len()]
    }
}

/// What a player needs to reconnect: the servers, the game and its seat's token.
struct Seat {
    servers: Arc<Servers>,
    id: String,
    token: String,
    reconnect: bool,
}

/// The last move sent in a game: the version it will make and when it was sent.
type InFlight = Arc<Mutex<Option<(u64, Instant)>>>;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// One HTTP/1.1 request over a fresh connection: the status and the body.
async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String), String> {
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| format!("write: {e}"))?;
    let mut raw = Vec::new();
    tokio::time::timeout(PATIENCE, stream.read_to_end(&mut raw))
        .await
        .map_err(|_| "no HTTP answer".to_string())?
        .map_err(|e| format!("read: {e}"))?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").ok_or("no HTTP head")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no HTTP status")?;
    Ok((status, body.to_string()))
}

/// The next JSON text message, or why there was none.
async fn next_json(socket: &mut Socket) -> Result<Value, String> {
    loop {
        let message = tokio::time::timeout(PATIENCE, socket.next())
            .await
            .map_err(|_| "silent for 30 s".to_string())?;
        match message {
            Some(Ok(Message::Text(t))) => {
                return serde_json::from_str(&t).map_err(|e| format!("not JSON: {e}"));
            }
            Some(Ok(Message::Close(_))) | None => return Err("closed".into()),
            Some(Err(e)) => return Err(format!("socket: {e}")),
            Some(Ok(_)) => {}
        }
    }
}

async fn send(socket: &mut Socket, message: &Value) -> Result<(), String> {
    socket
        .send(Message::text(message.to_string()))
        .await
        .map_err(|e| format!("send: {e}"))
}

/// Connects to a game's WebSocket and says hello; the socket and the `state` answer.
async fn join(addr: SocketAddr, id: &str, token: Option<&str>) -> Result<(Socket, Value), String> {
    // TCP_NODELAY, as a browser sets it: a small frame goes out at once.
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(
        format!("ws://{addr}/games/{id}/ws"),
        None,
        true,
    )
    .await
    .map_err(|e| format!("WebSocket connect: {e}"))?;
    let mut hello = json!({"type": "hello", "protocol": 1});
    if let Some(t) = token {
        hello["token"] = json!(t);
    }
    send(&mut socket, &hello).await?;
    let state = next_json(&mut socket).await?;
    if state["type"] != "state" {
        return Err(format!("hello answered by {state}"));
    }
    Ok((socket, state))
}

/// How a player's game ended.
enum End {
    Over,
    TimeUp,
}

/// A player's copy of the game from a `state` message: the rules' game, the version and
/// the seat to move.
fn mirror_of(state: &Value) -> Result<(AnyGame, u64, Option<u64>), String> {
    let spec = state["spec"].as_str().ok_or("no spec")?;
    let mut mirror = AnyGame::parse_spec(spec).map_err(|e| e.to_string())?;
    for m in state["moves"].as_array().ok_or("no moves")? {
        mirror
            .play(m.as_str().ok_or("a move not text")?)
            .map_err(|e| e.to_string())?;
    }
    let version = state["version"].as_u64().ok_or("no version")?;
    Ok((mirror, version, state["to_move"].as_u64()))
}

/// Says hello again for `seat` after its socket closed, on the next server that takes it
/// (for up to 30 s): the new socket and state. Every move `seen` must still be there.
async fn rejoin(seat: &Seat, seen: &[String], totals: &Totals) -> Result<(Socket, Value), String> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match join(seat.servers.next(), &seat.id, Some(&seat.token)).await {
            Ok((socket, state)) => {
                let moves: Vec<String> = state["moves"]
                    .as_array()
                    .ok_or("no moves")?
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_string))
                    .collect();
                if !moves.starts_with(seen) {
                    return Err(format!(
                        "an acknowledged move was lost: {} moves seen, the server has {}",
                        seen.len(),
                        moves.len()
                    ));
                }
                totals.reconnections.fetch_add(1, Ordering::Relaxed);
                return Ok((socket, state));
            }
            Err(e) if Instant::now() >= deadline => return Err(format!("reconnect: {e}")),
            Err(_) => {
                totals.retries.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// Whether an error is a socket closed under the player (a server stopping or gone).
fn is_closed(error: &str) -> bool {
    error == "closed" || error.starts_with("socket:") || error.starts_with("send:")
}

/// One seat: moves when it is its turn, until the game is over or `until`.
async fn player(
    mut socket: Socket,
    state: Value,
    seat: Seat,
    seed: u64,
    in_flight: InFlight,
    until: Instant,
    totals: Arc<Totals>,
) -> Result<End, String> {
    let (mut mirror, mut version, mut to_move) = mirror_of(&state)?;
    let spec = state["spec"].as_str().ok_or("no spec")?.to_string();
    let me = state["you"].as_u64().ok_or("no seat")?;
    let mut rng = Rng::new(seed);
    let mut latencies = Vec::new();
    let end = loop {
        // At the end of the run both players just leave (a move still in flight is
        // neither counted nor measured).
        if Instant::now() >= until {
            break End::TimeUp;
        }
        let step = async {
            if to_move == Some(me) && !mirror.is_over() {
                let legal = mirror.legal_moves();
                if legal.is_empty() {
                    return Err(format!("no legal move in a game not over: {spec}"));
                }
                let mv = &legal[rng.below(legal.len())];
                *in_flight.lock().unwrap_or_else(|e| e.into_inner()) =
                    Some((version + 1, Instant::now()));
                send(
                    &mut socket,
                    &json!({"type": "move", "version": version, "move": mv}),
                )
                .await?;
                // Not our turn until the server says so.
                to_move = None;
            }
            next_json(&mut socket).await
        };
        let m = match tokio::time::timeout_at(until.into(), step).await {
            Err(_) => break End::TimeUp,
            Ok(Err(e)) if seat.reconnect && is_closed(&e) => {
                let (again, state) = rejoin(&seat, &mirror.moves(), &totals).await?;
                socket = again;
                (mirror, version, to_move) = mirror_of(&state)?;
                if mirror.is_over() || !state["result"].is_null() {
                    break End::Over;
                }
                continue;
            }
            Ok(m) => m?,
        };
        match m["type"].as_str() {
            Some("move") => {
                let received = Instant::now();
                let v = m["version"].as_u64().ok_or("move without version")?;
                let seat = m["seat"].as_u64();
                if seat != Some(me) {
                    let sent = *in_flight.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some((sv, at)) = sent
                        && sv == v
                    {
                        let us = received.duration_since(at).as_micros();
                        latencies.push(u64::try_from(us).unwrap_or(u64::MAX));
                    }
                } else {
                    totals.moves.fetch_add(1, Ordering::Relaxed);
                }
                let text = m["move"].as_str().ok_or("move without text")?;
                mirror
                    .play(text)
                    .map_err(|e| format!("the server's move {text}: {e}"))?;
                version = v;
                to_move = m["to_move"].as_u64();
                if let Some(t) = to_move
                    && usize::try_from(t).ok() != Some(mirror.seat_of(mirror.to_move()))
                {
                    return Err(format!("to_move {t} disagrees with the rules"));
                }
            }
            Some("over") => break End::Over,
            Some("joined" | "offer" | "declined") => {}
            Some("state") => {
                // Sent instead of missed messages: start again from it.
                return Err("fell behind (a state instead of moves)".into());
            }
            // A move refused because its server lost the game as it was sent: the
            // socket closes next, and the player reconnects.
            Some("error") if seat.reconnect && m["code"] == "unavailable" => {}
            _ => return Err(format!("unexpected {m}")),
        }
    };
    totals
        .latencies
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend(latencies);
    let _ = socket.close(None).await;
    Ok(end)
}

/// A watcher: reads until the game is over or the time is up.
async fn spectator(mut socket: Socket, until: Instant, reconnect: bool) -> Result<(), String> {
    loop {
        let wait = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(wait, next_json(&mut socket)).await {
            Err(_) => break,
            // A watcher whose server stops just stops watching.
            Ok(Err(e)) if reconnect && is_closed(&e) => break,
            Ok(m) => {
                let m = m?;
                if m["type"] == "over" {
                    break;
                }
                if m["type"] == "error" {
                    return Err(format!("watcher: {m}"));
                }
            }
        }
    }
    let _ = socket.close(None).await;
    Ok(())
}

/// One game slot: makes games one after the other until the time is up.
async fn slot(
    servers: Arc<Servers>,
    args: Arc<Args>,
    index: u64,
    until: Instant,
    totals: Arc<Totals>,
) {
    let mut round = 0u64;
    while Instant::now() < until {
        round += 1;
        let seed = args
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(index.wrapping_mul(7919))
            .wrapping_add(round);
        match one_game(&servers, &args, seed, until, &totals).await {
            Ok(End::Over) => {
                totals.games_finished.fetch_add(1, Ordering::Relaxed);
            }
            Ok(End::TimeUp) => {}
            Err(e) => {
                totals.error(e);
                // Do not spin on a server that refuses everything.
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// Makes a game on the next server that takes it (with `--reconnect`, trying the next
/// one for up to 30 s while servers restart).
async fn make_game(servers: &Servers, args: &Args, totals: &Totals) -> Result<Value, String> {
    let body = json!({"game": args.game, "side": "first"}).to_string();
    let deadline = Instant::now() + PATIENCE;
    loop {
        let failed = match http(servers.next(), "POST", "/games", &body).await {
            Ok((201, answer)) => return serde_json::from_str(&answer).map_err(|e| e.to_string()),
            Ok((status, answer)) => format!("POST /games: {status} {answer}"),
            Err(e) => format!("POST /games: {e}"),
        };
        if !args.reconnect || Instant::now() >= deadline {
            return Err(failed);
        }
        totals.retries.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Joins `seat` on the next server that takes it (with `--reconnect`, as [`make_game`]).
async fn join_seat(
    seat: &Seat,
    token: Option<&str>,
    totals: &Totals,
) -> Result<(Socket, Value), String> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match join(seat.servers.next(), &seat.id, token).await {
            Ok(joined) => return Ok(joined),
            Err(e) if !seat.reconnect || Instant::now() >= deadline => return Err(e),
            Err(_) => {
                totals.retries.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn one_game(
    servers: &Arc<Servers>,
    args: &Args,
    seed: u64,
    until: Instant,
    totals: &Arc<Totals>,
) -> Result<End, String> {
    let made = make_game(servers, args, totals).await?;
    totals.games_made.fetch_add(1, Ordering::Relaxed);
    let id = made["id"].as_str().ok_or("no id")?.to_string();
    let mut tokens = [String::new(), String::new()];
    for who in ["you", "opponent"] {
        let seat = made[who]["seat"].as_u64().ok_or("no seat")?;
        tokens[usize::try_from(seat).map_err(|e| e.to_string())? & 1] =
            made[who]["token"].as_str().ok_or("no token")?.to_string();
    }
    let seats = tokens.map(|token| Seat {
        servers: Arc::clone(servers),
        id: id.clone(),
        token,
        reconnect: args.reconnect,
    });
    let [seat_a, seat_b] = seats;
    let (a, sa) = join_seat(&seat_a, Some(&seat_a.token), totals).await?;
    let (b, sb) = join_seat(&seat_b, Some(&seat_b.token), totals).await?;
    let mut watchers = Vec::new();
    for _ in 0..args.spectators {
        let (w, _) = join_seat(&seat_a, None, totals).await?;
        watchers.push(tokio::spawn(spectator(w, until, args.reconnect)));
    }
    let in_flight: InFlight = Arc::default();
    let pa = tokio::spawn(player(
        a,
        sa,
        seat_a,
        seed,
        Arc::clone(&in_flight),
        until,
        Arc::clone(totals),
    ));
    let pb = tokio::spawn(player(
        b,
        sb,
        seat_b,
        seed ^ 0x5555,
        in_flight,
        until,
        Arc::clone(totals),
    ));
    let ra = pa.await.map_err(|e| e.to_string())?;
    let rb = pb.await.map_err(|e| e.to_string())?;
    for w in watchers {
        w.await.map_err(|e| e.to_string())??;
    }
    match (ra?, rb?) {
        (End::Over, End::Over) => Ok(End::Over),
        _ => Ok(End::TimeUp),
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p / 100.0 * (sorted.len() - 1) as f64).round();
    let i = (rank as usize).min(sorted.len() - 1);
    sorted[i] as f64 / 1000.0
}

/// The `HOST:PORT` of an `http://HOST:PORT` address.
fn server_addr(url: &str) -> Result<SocketAddr, String> {
    let rest = url.strip_prefix("http://").unwrap_or(url);
    let host = rest.split('/').next().unwrap_or(rest);
    std::net::ToSocketAddrs::to_socket_addrs(host)
        .map_err(|e| format!("{url}: {e}"))?
        .next()
        .ok_or_else(|| format!("{url}: no address"))
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Arc::new(Args::parse());
    if AnyGame::parse_spec(&args.game).is_err() {
        eprintln!("load: {}: not a game spec", args.game);
        return std::process::ExitCode::from(2);
    }
    let mut spawned = None;
    let addrs = if args.spawn {
        let dir = std::env::temp_dir().join(format!("game-server-load-{}", std::process::id()));
        if let Err(e) = std::fs::create_dir_all(&dir) {
            eprintln!("load: {}: {e}", dir.display());
            return std::process::ExitCode::from(2);
        }
        let store = match SqliteStore::open(&dir.join("games.sqlite3")) {
            Ok(store) => store,
            Err(e) => {
                eprintln!("load: {e}");
                return std::process::ExitCode::from(2);
            }
        };
        let unlimited = Rate {
            burst: 1e9,
            per_second: 1e9,
        };
        let config = Config {
            message_rate: unlimited,
            create_rate: unlimited,
            connections_per_address: usize::MAX,
            max_connections: usize::MAX,
            ..Config::default()
        };
        match Server::start(
            SocketAddr::from(([127, 0, 0, 1], 0)),
            Arc::new(store),
            config,
        )
        .await
        {
            Ok(server) => {
                let addr = server.addr();
                spawned = Some((server, dir));
                vec![addr]
            }
            Err(e) => {
                eprintln!("load: {e}");
                return std::process::ExitCode::from(2);
            }
        }
    } else {
        let mut addrs = Vec::new();
        for url in &args.url {
            match server_addr(url) {
                Ok(addr) => addrs.push(addr),
                Err(e) => {
                    eprintln!("load: {e}");
                    return std::process::ExitCode::from(2);
                }
            }
        }
        addrs
    };
    let servers = Arc::new(Servers {
        addrs,
        next: AtomicU64::new(0),
    });

    let totals = Arc::new(Totals::default());
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let mut slots = Vec::new();
    for index in 0..args.games {
        slots.push(tokio::spawn(slot(
            Arc::clone(&servers),
            Arc::clone(&args),
            index as u64,
            until,
            Arc::clone(&totals),
        )));
    }
    for s in slots {
        if let Err(e) = s.await {
            totals.error(format!("a game's task failed: {e}"));
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    if let Some((server, dir)) = spawned {
        server.stop().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    let mut latencies =
        std::mem::take(&mut *totals.latencies.lock().unwrap_or_else(|e| e.into_inner()));
    latencies.sort_unstable();
    let moves = totals.moves.load(Ordering::Relaxed);
    let errors = totals.errors.load(Ordering::Relaxed);
    let (p50, p90, p99) = (
        percentile(&latencies, 50.0),
        percentile(&latencies, 90.0),
        percentile(&latencies, 99.0),
    );
    let max = latencies.last().map_or(f64::NAN, |&m| m as f64 / 1000.0);
    // Moves are counted up to the end of the run, not while the connections close.
    let per_second = moves as f64 / elapsed.min(args.seconds.max(1) as f64);
    let finished = totals.games_finished.load(Ordering::Relaxed);
    let made = totals.games_made.load(Ordering::Relaxed);
    let reconnections = totals.reconnections.load(Ordering::Relaxed);
    let retries = totals.retries.load(Ordering::Relaxed);
    let where_to = if args.spawn {
        "server in this process".to_string()
    } else {
        args.url.join(" ")
    };
    let command: Vec<String> = std::env::args().skip(1).collect();
    println!(
        "{} games of {} at once for {elapsed:.1} s ({}): {moves} moves ({per_second:.0}/s), \
         {} latencies measured, games made {made}, finished {finished}, errors {errors}, \
         reconnections {reconnections}, retries {retries}",
        args.games,
        args.game,
        where_to,
        latencies.len(),
    );
    println!(
        "move to opponent: median {p50:.2} ms, p90 {p90:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"
    );
    for w in totals
        .error_words
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
    {
        println!("error: {w}");
    }
    println!();
    println!(
        "| games | spectators | game | server | seconds | moves/s | median ms | p90 ms | p99 ms | max ms | games finished | errors |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    println!(
        "| {} | {} | {} | {} | {elapsed:.1} | {per_second:.0} | {p50:.2} | {p90:.2} | {p99:.2} | {max:.2} | {finished} | {errors} |",
        args.games,
        args.spectators,
        args.game,
        match (args.spawn, args.url.len()) {
            (true, _) => "in-process (`--spawn`)".to_string(),
            (false, 1) => "separate process".to_string(),
            (false, n) => format!("{n} servers"),
        },
    );
    println!();
    println!(
        "command: cargo run --release -p game-server --example load -- {}",
        command.join(" ")
    );
    if errors == 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
