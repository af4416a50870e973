//! The real `game-server` binary killed with SIGKILL in the middle of games (no graceful
//! stop: the process just ends), started again on the same SQLite file: no move the server
//! acknowledged is lost, by the server's state, by the rows in the file read directly, and
//! by the downloaded record.
#![cfg(unix)]

mod common;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::table::Table;
use common::{MadeGame, TempDir, record};
use serde_json::{Value, json};

/// How long the test waits for the server to answer on its port.
const START_PATIENCE: Duration = Duration::from_secs(30);

/// The `game-server` binary running as a child process, killed when dropped (so a failing
/// test leaves no server behind).
struct ServerProcess {
    child: Option<Child>,
    addr: SocketAddr,
}

impl ServerProcess {
    /// Starts the binary on a free port with `db` and an empty web folder, and waits until
    /// the port answers (a few tries, should another process take the port meanwhile).
    fn start(db: &Path, web: &Path) -> ServerProcess {
        for _ in 0..5 {
            if let Some(server) = ServerProcess::try_start(db, web) {
                return server;
            }
        }
        panic!("the server would not start");
    }

    /// One try of [`ServerProcess::start`]; `None` if the process ended before it listened.
    fn try_start(db: &Path, web: &Path) -> Option<ServerProcess> {
        // `--listen 127.0.0.1:0` could not be read back: take a free port from the OS and
        // give it back for the server to bind.
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_game-server"))
            .arg("--listen")
            .arg(addr.to_string())
            .arg("--database")
            .arg(db)
            .arg("--web")
            .arg(web)
            .arg("--games-per-minute")
            .arg("1000")
            .arg("--messages-per-second")
            .arg("1000")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the game-server binary starts");
        let mut server = ServerProcess {
            child: Some(child),
            addr,
        };
        let deadline = Instant::now() + START_PATIENCE;
        loop {
            if TcpStream::connect(addr).is_ok() {
                return Some(server);
            }
            if let Some(status) = server.child.as_mut().unwrap().try_wait().unwrap() {
                eprintln!("the server ended before it listened on {addr}: {status}");
                server.child = None;
                return None;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not listen on {addr} within {START_PATIENCE:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// SIGKILL: the process ends at once, whatever it was doing.
    fn kill(&mut self) {
        let mut child = self.child.take().expect("the server runs");
        child.kill().unwrap();
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(9), "killed by SIGKILL: {status}");
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A game of `spec` made on the server at `addr` and both its seats joined, to play moves
/// drawn from `seed`.
async fn new_table(addr: SocketAddr, spec: &str, seed: u64) -> Table {
    let game = MadeGame::new(addr, json!({"game": spec, "side": "first"})).await;
    Table::seat(addr, &game, spec, seed).await.0
}

/// The moves of a game as rows of the SQLite file, read directly (no server running).
fn stored_moves(db: &Path, id: &str) -> (Vec<String>, u64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut statement = conn
        .prepare("SELECT ply, seat, text FROM moves WHERE game_id = ?1 ORDER BY ply")
        .unwrap();
    let rows: Vec<(i64, i64, String)> = statement
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let version: i64 = conn
        .query_row("SELECT version FROM games WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap();
    let first_ply = rows.first().map_or(0, |r| r.0);
    for (i, (ply, _, _)) in rows.iter().enumerate() {
        assert_eq!(*ply, first_ply + i as i64, "the plies run without a gap");
    }
    (
        rows.into_iter().map(|r| r.2).collect(),
        u64::try_from(version).unwrap(),
    )
}

/// Kills the server after `middle` moves of `spec`, checks that every acknowledged move
/// is in the file, the state and the record, then finishes the game on a new server.
async fn killed_in_the_middle(spec: &str, seed: u64, middle: usize) {
    let dir = TempDir::new(&format!("kill-{spec}"));
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let mut server = ServerProcess::start(&dir.db(), &web);
    let mut table = new_table(server.addr, spec, seed).await;
    table.play(middle).await;
    assert!(
        !table.mirror.is_over(),
        "the game is still going at move {middle}"
    );
    assert_eq!(table.acknowledged.len(), middle);

    server.kill();
    for p in &mut table.players {
        assert!(p.drain_moves().await.is_empty(), "nothing was in flight");
    }
    let (rows, version) = stored_moves(&dir.db(), &table.id);
    assert_eq!(
        rows, table.acknowledged,
        "the file holds every acknowledged move"
    );
    assert_eq!(version, table.version);

    let server = ServerProcess::start(&dir.db(), &web);
    for state in table.rejoin(server.addr).await {
        assert_eq!(state["moves"], json!(table.acknowledged));
        assert_eq!(state["version"], table.version);
        assert_eq!(state["to_move"], table.to_move());
        assert_eq!(state["result"], Value::Null);
    }
    assert_eq!(
        record(server.addr, &table.id).await.moves(),
        table.acknowledged
    );

    // The game goes on to its end.
    table.play_to_end().await;
    assert!(table.mirror.is_over());
    let over = table.players[0].next_of("over").await;
    assert_eq!(table.players[1].next_of("over").await, over);
    assert_eq!(over["result"]["reason"], "rules");
    assert_eq!(over["result"]["text"], table.mirror.outcome_text());
    let record = record(server.addr, &table.id).await;
    assert_eq!(record, table.mirror);
    assert_eq!(record.moves(), table.acknowledged);
    drop(server);
    assert_eq!(stored_moves(&dir.db(), &table.id).0, table.acknowledged);
}

#[tokio::test]
async fn a_go9_game_survives_sigkill() {
    killed_in_the_middle("go9", 41, 30).await;
}

#[tokio::test]
async fn a_bao_game_survives_sigkill() {
    killed_in_the_middle("bao", 42, 12).await;
}

/// A burst of moves, each side playing as soon as it hears its turn, and the server killed
/// right after a move was sent (its acknowledgement not waited for), several times over:
/// after each restart the game holds every acknowledged move, and the move in flight at
/// most once, at the end. A move the killed server did not commit is sent again, so the
/// game is the same whichever way each kill fell.
#[tokio::test]
async fn a_move_in_flight_at_sigkill_is_kept_or_dropped_whole() {
    let dir = TempDir::new("kill-burst");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let mut server = ServerProcess::start(&dir.db(), &web);
    let mut table = new_table(server.addr, "go9", 43).await;
    // How many moves before each kill, and how long after sending the last one: at once,
    // or a little later so that the move is sometimes committed and acknowledged first
    // (whichever happens, the test checks the same; it asserts nothing about time).
    for (burst, delay_ms) in [(3, 0), (1, 0), (6, 1), (2, 3), (5, 10), (4, 50)] {
        table.play(burst).await;
        assert!(!table.mirror.is_over());
        let mover = table.to_move();
        let in_flight = table.send_move().await;
        if delay_ms > 0 {
            tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        }
        server.kill();

        // Whatever the killed server managed to say before it died.
        let acks = table.players[mover].drain_moves().await;
        assert!(acks.len() <= 1);
        if let Some(ack) = acks.first() {
            assert_eq!(ack["move"], in_flight.as_str());
            table.acknowledged.push(in_flight.clone());
        }
        table.players[1 - mover].drain_moves().await;

        let (rows, _) = stored_moves(&dir.db(), &table.id);
        assert!(
            rows.starts_with(&table.acknowledged),
            "an acknowledged move is missing: {rows:?} against {:?}",
            table.acknowledged
        );
        let committed = rows.len() > table.mirror.ply();
        eprintln!(
            "killed after move {}: acknowledged {}, committed {committed}",
            table.mirror.ply() + 1,
            !acks.is_empty()
        );
        if committed {
            // Committed but its acknowledgement lost with the process: it is in the
            // game, once, at the end.
            assert_eq!(rows.len(), table.mirror.ply() + 1);
            assert_eq!(rows.last().unwrap(), &in_flight);
        } else {
            assert!(acks.is_empty(), "an acknowledged move must be in the file");
            assert_eq!(rows.len(), table.mirror.ply());
        }

        server = ServerProcess::start(&dir.db(), &web);
        if committed {
            table.mirror.play(&in_flight).unwrap();
            table.version += 1;
            if acks.is_empty() {
                table.acknowledged.push(in_flight.clone());
            }
        }
        for state in table.rejoin(server.addr).await {
            assert_eq!(state["moves"], json!(table.mirror.moves()));
            assert_eq!(state["version"], table.version);
        }
        assert_eq!(
            record(server.addr, &table.id).await.moves(),
            table.mirror.moves()
        );
        if !committed {
            // The player sends the lost move again, so the game goes on the same way
            // whichever way the kill fell.
            table.players[mover]
                .send_move(table.version, &in_flight)
                .await;
            table.hear_move(&in_flight).await;
        }
    }
    table.play_to_end().await;
    assert!(table.mirror.is_over());
    let over = table.players[0].next_of("over").await;
    assert_eq!(over["result"]["text"], table.mirror.outcome_text());
    let record = record(server.addr, &table.id).await;
    assert_eq!(record, table.mirror);
    assert_eq!(record.moves(), table.acknowledged);
}
