//! Several real `game-server` processes on one real PostgreSQL server (a throwaway one,
//! tests/common/postgres.rs): a game's players connected to different servers play it
//! through its owner; the owner killed with SIGKILL mid-game loses nothing acknowledged,
//! another server takes the game and its clock, which counts on through the takeover; a
//! dead owner's flag still falls; a server stopped with SIGTERM gives its games up at once.
//!
//! No test measures speed: waits are bounded by the tests' patience, and the clock is
//! checked against the time the test saw pass, bracketed by its own requests.
#![cfg(unix)]

mod common;

use std::net::SocketAddr;
use std::path::Path;
use std::time::{Duration, Instant};

use common::postgres::TempPostgres;
use common::process::ServerProcess;
use common::table::Table;
use common::{Client, MadeGame, PATIENCE, Rng, TempDir, http_json, record};
use game_catalog::AnyGame;
use game_server::GameStore;
use game_server::store::PgStore;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// `n` servers on one new database of `pg`, each logging to the test's folder (on this
/// thread, blocking: the PostgreSQL client makes its own runtime).
fn servers(pg: &TempPostgres, dir: &TempDir, n: usize) -> (String, Vec<ServerProcess>) {
    let url = tokio::task::block_in_place(|| pg.new_database());
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let started = (0..n)
        .map(|i| start(&url, dir, &format!("server-{i}.log")))
        .collect();
    (url, started)
}

/// A throwaway PostgreSQL and `n` servers on it (`None`, with a message, without
/// PostgreSQL): the database server, the test's folder, the database's address and the
/// servers.
fn cluster(name: &str, n: usize) -> Option<(TempPostgres, TempDir, String, Vec<ServerProcess>)> {
    let pg = TempPostgres::start(name)?;
    let dir = TempDir::new(name);
    let (url, servers) = servers(&pg, &dir, n);
    Some((pg, dir, url, servers))
}

/// One more server on `url`, logging to `log` in `dir`.
fn start(url: &str, dir: &TempDir, log: &str) -> ServerProcess {
    ServerProcess::start_logged(
        Path::new(url),
        &dir.0.join("web"),
        &["--database-connections", "4"],
        Some(&dir.0.join(log)),
    )
}

/// Reads the database (off the async threads: the PostgreSQL client blocks).
async fn in_database<T: Send + 'static>(
    url: &str,
    read: impl FnOnce(&mut postgres::Client) -> T + Send + 'static,
) -> T {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        read(&mut client)
    })
    .await
    .unwrap()
}

/// Where game `id`'s owner is reached (its `--advertise`, here the address it listens
/// on), and the game's owner count.
async fn owner(url: &str, id: &str) -> (Option<String>, i64) {
    let id = id.to_string();
    in_database(url, move |c| {
        let row = c
            .query_one(
                "SELECT i.address, g.owner_epoch FROM games g LEFT JOIN instances i ON i.id = g.owner
                 WHERE g.id = $1",
                &[&id],
            )
            .unwrap();
        (row.get(0), row.get(1))
    })
    .await
}

/// Whether `owner` is the server listening at `addr`.
fn is_server(owner: Option<&str>, addr: SocketAddr) -> bool {
    owner == Some(addr.to_string().as_str())
}

/// Opens game `id`'s socket on the first of `addrs` that takes it, trying them in turn
/// (a server may answer 503 while the game's dead owner still holds it), and says hello
/// with `token`: the client, the `state` it got, the server it is on and the tries.
async fn join_any(
    addrs: &[SocketAddr],
    id: &str,
    token: Option<&str>,
) -> (Client, Value, SocketAddr, usize) {
    let deadline = Instant::now() + PATIENCE;
    let mut tries = 0;
    loop {
        for &addr in addrs {
            tries += 1;
            match tokio_tungstenite::connect_async(format!("ws://{addr}/games/{id}/ws")).await {
                Ok((socket, _)) => {
                    let mut c = Client { socket };
                    let mut hello = json!({"type": "hello", "protocol": 1});
                    if let Some(t) = token {
                        hello["token"] = json!(t);
                    }
                    c.send(&hello).await;
                    // A server that lost the game as the hello came closes with 1012.
                    if let Some(state) = c.recv().await.filter(|m| m["type"] == "state") {
                        return (c, state, addr, tries);
                    }
                }
                Err(tungstenite::Error::Http(r)) => {
                    assert_eq!(
                        r.status().as_u16(),
                        503,
                        "only 'unavailable' while it moves"
                    );
                }
                Err(e) => panic!("{addr}: {e}"),
            }
            assert!(Instant::now() < deadline, "no server took the game");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The mover's remaining time from a `sync` on `client`, and the window of the test's
/// clock (milliseconds since `epoch`) in which the server computed it.
async fn clock_reading(client: &mut Client, seat: usize, epoch: Instant) -> (u64, u64, u64) {
    let before = epoch.elapsed().as_millis() as u64;
    let state = client.sync().await;
    let after = epoch.elapsed().as_millis() as u64;
    assert_eq!(state["clock"]["running"], seat, "{state}");
    let remaining = state["clock"]["sides"][seat]["remaining_ms"]
        .as_u64()
        .unwrap();
    (remaining, before, after)
}

/// Game `id` as the database holds it.
async fn stored(url: &str, id: &str) -> game_server::store::StoredGame {
    let (url, id) = (url.to_string(), id.to_string());
    tokio::task::spawn_blocking(move || PgStore::connect(&url, 1).unwrap().load(&id).unwrap())
        .await
        .unwrap()
        .expect("the game is in the database")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_owner_killed_mid_game_loses_nothing_and_its_clock_counts_on() {
    let Some((_pg, _dir, url, mut s)) = cluster("cluster-kill", 3) else {
        return;
    };
    let (a, b, c) = (s[0].addr, s[1].addr, s[2].addr);
    let clock = json!({"main_ms": 600_000});
    let game = MadeGame::new(a, json!({"game": "go9", "side": "first", "clock": clock})).await;
    // Black joins on B, which takes the game; White's socket on C and a watcher's on A are
    // forwarded to B.
    let (black, _) = game.join(b, 0).await;
    let (white, _) = game.join(c, 1).await;
    let (watcher, _) = game.watch(a).await;
    let (owner_before, epoch_before) = owner(&url, &game.id).await;
    assert!(is_server(owner_before.as_deref(), b), "{owner_before:?}");
    assert_eq!(epoch_before, 1);
    let mut table = Table {
        id: game.id.clone(),
        tokens: game.tokens.clone(),
        players: [black, white],
        watchers: vec![watcher],
        mirror: AnyGame::parse_spec("go9").unwrap(),
        acknowledged: Vec::new(),
        version: 0,
        rng: Rng(36),
    };
    table.play(12).await;
    assert!(!table.mirror.is_over());
    let mover = table.to_move();
    let epoch = Instant::now();
    let (left_before, a0, b0) = clock_reading(&mut table.players[1], mover, epoch).await;

    s[1].kill();
    let killed = Instant::now();
    // The sockets forwarded to B are closed by their servers with 1012 (service restart);
    // Black's own socket on B just ends.
    assert_eq!(table.players[1].close_code().await, Some(1012));
    assert_eq!(table.watchers[0].close_code().await, Some(1012));
    assert_eq!(table.players[0].close_code().await, None);

    // Everyone reconnects to the servers left; the first to ask takes the game (or the
    // servers' sweep of running clocks does, once B's lease has run out).
    let left = [a, c];
    for seat in 0..2 {
        let (client, state, _, tries) = join_any(&left, &table.id, Some(&table.tokens[seat])).await;
        // Printed, not asserted (docs/server.md, "Several servers").
        eprintln!(
            "seat {seat} back {:?} after the kill, {tries} tries",
            killed.elapsed()
        );
        assert_eq!(state["you"], seat);
        assert_eq!(state["moves"], json!(table.acknowledged));
        assert_eq!(state["version"], table.version);
        table.players[seat] = client;
    }
    let (watcher, state, _, _) = join_any(&[c, a], &table.id, None).await;
    assert_eq!(state["moves"], json!(table.acknowledged));
    table.watchers[0] = watcher;
    let (owner_after, epoch_after) = owner(&url, &table.id).await;
    assert!(
        is_server(owner_after.as_deref(), a) || is_server(owner_after.as_deref(), c),
        "{owner_after:?}"
    );
    assert_eq!(epoch_after, 2, "one takeover");

    // The mover's clock ran all along: what it lost is the time that passed between the
    // two readings (within the windows the test saw them in), takeover included.
    let (left_after, a1, b1) = clock_reading(&mut table.players[0], mover, epoch).await;
    let spent = left_before - left_after;
    assert!(
        (a1.saturating_sub(b0)..=b1 - a0 + 2).contains(&spent),
        "the clock lost {spent} ms between readings {a0}..{b0} and {a1}..{b1} ms"
    );

    table.play_to_end().await;
    let game_now = stored(&url, &table.id).await;
    let moves: Vec<String> = game_now.moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(
        moves, table.acknowledged,
        "the database holds every move once"
    );
    assert_eq!(game_now.version, table.version);
    assert!(game_now.end.is_some());
    assert_eq!(record(a, &table.id).await.moves(), table.acknowledged);
    assert_eq!(record(c, &table.id).await.moves(), table.acknowledged);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_owner_s_flag_falls_on_another_server() {
    let Some((_pg, _dir, url, mut s)) = cluster("cluster-flag", 2) else {
        return;
    };
    let (a, b) = (s[0].addr, s[1].addr);
    // Each is ready: its store answers and its lease is fresh.
    for server in [a, b] {
        assert_eq!(
            common::http(server, "GET", "/readyz", "").await,
            (200, "ready\n".to_string())
        );
    }
    let game = MadeGame::new(
        a,
        json!({"game": "go9", "side": "first", "clock": {"main_ms": 2_000}}),
    )
    .await;
    let (_black, _) = game.join(b, 0).await;
    let (_white, _) = game.join(b, 1).await;
    assert!(is_server(owner(&url, &game.id).await.0.as_deref(), b));
    // A socket already forwarded once is not forwarded again (the game moved meanwhile):
    // `unavailable`, and the client tries again.
    let mut request = format!("ws://{a}/games/{}/ws", game.id)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("x-game-server-forwarded", "1".parse().unwrap());
    match tokio_tungstenite::connect_async(request).await {
        Err(tungstenite::Error::Http(r)) => assert_eq!(r.status().as_u16(), 503),
        other => panic!("forwarded twice: {:?}", other.map(|_| ())),
    }
    // B dies with Black's clock running; nobody reconnects.
    s[1].kill();
    let deadline = Instant::now() + PATIENCE;
    let state = loop {
        let (status, state) = http_json(a, "GET", &format!("/games/{}", game.id), "").await;
        assert_eq!(status, 200);
        if !state["result"].is_null() {
            break state;
        }
        assert!(Instant::now() < deadline, "the flag never fell");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(state["result"]["reason"], "time");
    assert_eq!(state["result"]["seat"], 0);
    let stored = stored(&url, &game.id).await;
    let started = stored.created_ms;
    let ended = stored.end.unwrap().finished_ms;
    assert!(ended >= started + 2_000, "not before Black's time ran out");
    // Printed, not asserted (docs/server.md, "Several servers").
    eprintln!(
        "the flag fell {} ms after the game was made (Black had 2,000 ms)",
        ended - started
    );
    assert!(is_server(owner(&url, &game.id).await.0.as_deref(), a));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_stopped_gives_its_games_up_at_once() {
    let Some((_pg, _dir, url, mut s)) = cluster("cluster-term", 3) else {
        return;
    };
    let (a, b, c) = (s[0].addr, s[1].addr, s[2].addr);
    let game = MadeGame::new(b, json!({"game": "bind", "side": "first"})).await;
    let (mut table, _) = Table::seat(b, &game, "bind", 7).await;
    table.watch(c).await;
    table.play(6).await;
    let status = s[1].signal_and_wait("TERM");
    assert!(status.success(), "{status}");
    for p in &mut table.players {
        assert_eq!(p.close_code().await, Some(1012));
    }
    assert_eq!(table.watchers[0].close_code().await, Some(1012));
    assert_eq!(owner(&url, &table.id).await.0, None, "given up");
    let gone = in_database(&url, |c| {
        c.query_one("SELECT count(*) FROM instances", &[])
            .unwrap()
            .get::<_, i64>(0)
    })
    .await;
    assert_eq!(gone, 2, "its row is gone");
    // Its game is taken at the first try, without waiting for a lease to run out.
    for seat in 0..2 {
        let (client, state, on, tries) =
            join_any(&[a, c], &table.id, Some(&table.tokens[seat])).await;
        assert_eq!(tries, 1, "at once");
        assert_eq!(on, a);
        assert_eq!(state["moves"], json!(table.acknowledged));
        table.players[seat] = client;
    }
    table.watchers.clear();
    table.play_to_end().await;
    let stored = stored(&url, &table.id).await;
    assert_eq!(stored.moves.len(), table.acknowledged.len());
    assert!(stored.end.is_some());
}

/// A player seeking go9 as `name` at the server at `addr`, told `queued`, with the number
/// of tries it took: a server that cannot reach the queues yet (`503`) is asked again.
async fn seek_at(addr: SocketAddr, name: &str) -> (Client, u32) {
    let deadline = Instant::now() + PATIENCE;
    let mut tries = 0;
    loop {
        tries += 1;
        match tokio_tungstenite::connect_async(format!("ws://{addr}/match/ws")).await {
            Ok((socket, _)) => {
                let mut c = Client { socket };
                c.send(&json!({"type": "seek", "protocol": 1, "game": "go9", "nickname": name, "computer": "never"}))
                    .await;
                c.next_of("queued").await;
                return (c, tries);
            }
            Err(tungstenite::Error::Http(r)) if r.status().as_u16() == 503 => {}
            Err(e) => panic!("{e}"),
        }
        assert!(Instant::now() < deadline, "the queues never came back");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The game two players were matched to, after checking that they met each other.
async fn met(a: &mut Client, b: &mut Client) -> String {
    let (ma, mb) = (a.next_of("matched").await, b.next_of("matched").await);
    assert_eq!(ma["game"], mb["game"]);
    assert_ne!(ma["seat"], mb["seat"]);
    ma["game"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_on_different_servers_meet_and_the_queues_move_when_their_server_dies() {
    let Some((_pg, _dir, _url, mut s)) = cluster("cluster-match", 2) else {
        return;
    };
    let (first, second) = (s[0].addr, s[1].addr);
    // The first server started keeps the queues: a seek at the second is forwarded there.
    let (mut ann, _) = seek_at(second, "Ann").await;
    let (mut bo, _) = seek_at(first, "Bo").await;
    let id = met(&mut ann, &mut bo).await;
    // The game is an ordinary one: its players play it from either server.
    assert_eq!(
        http_json(second, "GET", &format!("/games/{id}"), "")
            .await
            .0,
        200
    );

    // The keeper dies: a player waiting through the other server is told to come again
    // (1012), and once the dead server's lease has run out the survivor keeps the queues.
    let (mut cy, _) = seek_at(second, "Cy").await;
    s[0].kill();
    assert_eq!(cy.close_code().await, Some(1012));
    let (mut cy, _) = seek_at(second, "Cy").await;
    let (mut di, _) = seek_at(second, "Di").await;
    met(&mut cy, &mut di).await;
}
