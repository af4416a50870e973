//! `game-server list`, `export` and `delete` on the real binary's database: the list names
//! every game with its moves and result, the export (taken while the server runs) writes
//! each game's record as the server serves it, and a game deleted with the server stopped
//! is gone when it starts again.
#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::process::{ServerProcess, new_table};
use common::{MadeGame, TempDir, record};
use game_catalog::AnyGame;
use serde_json::json;

/// `game-server ARGS… --database DB`, run to its end.
fn game_server(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_game-server"))
        .args(args)
        .arg("--database")
        .arg(db)
        .output()
        .expect("the game-server binary runs")
}

#[tokio::test]
async fn list_export_and_delete_see_the_games_the_server_holds() {
    let dir = TempDir::new("admin");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let db = dir.db();
    let mut server = ServerProcess::start(&db, &web);
    let mut table = new_table(server.addr, "bind:variant=mini", 81).await;
    table.play(5).await;
    let resigned = MadeGame::new(
        server.addr,
        json!({"game": "kazura:size=5", "side": "first"}),
    )
    .await;
    let ([mut black, _white], _) = resigned.join_seats(server.addr).await;
    black.send(&json!({"type": "resign", "version": 0})).await;
    black.next_of("over").await;

    let listed = game_server(&db, &["list"]);
    assert!(listed.status.success());
    let listed = String::from_utf8(listed.stdout).unwrap();
    let lines: Vec<Vec<&str>> = listed.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(lines.len(), 2, "{listed}");
    assert_eq!(
        lines[0][..4],
        [table.id.as_str(), "bind:variant=mini", "5 moves", "ongoing"]
    );
    assert_eq!(lines[1][0], resigned.id);
    assert_eq!(lines[1][2], "0 moves");
    assert_ne!(lines[1][3], "ongoing");

    // The export, while the server runs: each file is the record the server serves.
    let out = dir.0.join("records");
    let exported = game_server(&db, &["export", out.to_str().unwrap()]);
    assert!(exported.status.success(), "{:?}", exported);
    for id in [&table.id, &resigned.id] {
        let text = std::fs::read_to_string(out.join(format!("{id}.json"))).unwrap();
        let game = AnyGame::read_record(&text).unwrap();
        assert_eq!(game, record(server.addr, id).await, "{id}");
    }
    assert_eq!(
        AnyGame::read_record(
            &std::fs::read_to_string(out.join(format!("{}.json", table.id))).unwrap()
        )
        .unwrap()
        .moves(),
        table.acknowledged
    );

    // Deleted with the server stopped, gone when it starts again.
    let _ = server.signal_and_wait("TERM");
    drop(server);
    let deleted = game_server(&db, &["delete", &table.id, "nosuchgame"]);
    assert!(deleted.status.success());
    assert_eq!(
        String::from_utf8(deleted.stdout).unwrap(),
        "game-server: deleted 1 of 2 games\n"
    );
    let server = ServerProcess::start(&db, &web);
    let status = common::http(server.addr, "GET", &format!("/games/{}", table.id), "")
        .await
        .0;
    assert_eq!(status, 404);
    let status = common::http(server.addr, "GET", &format!("/games/{}", resigned.id), "")
        .await
        .0;
    assert_eq!(status, 200);

    // A database that is not there is an error, not a new empty file.
    let missing = dir.0.join("missing.sqlite3");
    let listed = game_server(&missing, &["list"]);
    assert_eq!(listed.status.code(), Some(2));
    assert!(!missing.exists());
}
