//! The real `game-server` binary killed with SIGKILL in the middle of games (no graceful
//! stop: the process just ends), started again on the same SQLite file: no move the server
//! acknowledged is lost, by the server's state, by the rows in the file read directly, and
//! by the downloaded record.
#![cfg(unix)]

mod common;

use std::time::Duration;

use common::process::{ServerProcess, new_table, stored_moves};
use common::{TempDir, record};
use serde_json::{Value, json};

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

/// A second server started on the file another serves stops at once (exit 2, saying why)
/// rather than split its games; once the first is killed, even with SIGKILL, the file is
/// free for a new one.
#[tokio::test]
async fn one_server_per_sqlite_file() {
    let dir = TempDir::new("kill-one-file");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let mut first = ServerProcess::start(&dir.db(), &web);
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_game-server"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(dir.db())
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(2));
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains("another game-server serves"), "{said}");
    // The first serves on.
    let table = new_table(first.addr, "bind", 1).await;
    first.kill();
    let again = ServerProcess::start(&dir.db(), &web);
    assert_eq!(
        record(again.addr, &table.id).await.moves(),
        Vec::<String>::new()
    );
}
