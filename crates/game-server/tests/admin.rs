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

/// The tab-separated lines of `game-server import`: id, spec, moves, result, added, tokens.
fn import_lines(out: &Output) -> Vec<Vec<String>> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[tokio::test]
async fn exported_games_import_into_another_database_and_the_operator_ends_one() {
    let dir = TempDir::new("admin-import");
    let web = dir.0.join("web");
    let first = dir.0.join("first.sqlite3");
    let server = ServerProcess::start(&first, &web);
    // A go9 game Black resigns after four moves; a Kazura game three moves in; a Bind game
    // played to its end by the rules.
    let mut go = new_table(server.addr, "go9", 5).await;
    go.play(4).await;
    go.players[0]
        .send(&json!({"type": "resign", "version": 4}))
        .await;
    let over = go.players[0].next_of("over").await;
    let mut kazura = new_table(server.addr, "kazura:size=5", 6).await;
    kazura.play(3).await;
    let mut bind = new_table(server.addr, "bind:variant=mini", 7).await;
    bind.play_to_end().await;
    let bind_end = record(server.addr, &bind.id).await;
    let records = dir.0.join("records");
    assert!(
        game_server(&first, &["export", records.to_str().unwrap()])
            .status
            .success()
    );
    drop(server);

    // Into a new database: every game, with new tokens; the files' names keep the ids.
    let mut files: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().path().to_str().unwrap().to_string())
        .collect();
    files.sort();
    let second = dir.0.join("second.sqlite3");
    let args = |command: &str| {
        let mut a = vec![command.to_string()];
        a.extend(files.iter().cloned());
        a
    };
    let import = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        game_server(&second, &args)
    };
    let out = import(args("import"));
    assert!(out.status.success(), "{out:?}");
    let lines = import_lines(&out);
    assert_eq!(lines.len(), 3);
    let line = |id: &str| lines.iter().find(|l| l[0] == id).unwrap().clone();
    assert_eq!(
        line(&go.id)[1..5],
        [
            "go9",
            "4 moves",
            over["result"]["text"].as_str().unwrap(),
            "added"
        ]
    );
    assert_eq!(
        line(&kazura.id)[1..5],
        ["kazura:size=5", "3 moves", "ongoing", "added"]
    );
    assert_eq!(line(&bind.id)[4], "added");

    // Importing again adds nothing; a file the rules refuse stops the lot.
    let again = import_lines(&import(args("import")));
    assert!(again.iter().all(|l| l[4] == "already there"), "{again:?}");
    let bad = dir.0.join("bad.json");
    std::fs::write(&bad, r#"{"game": "go9", "moves": ["E5", "E5"]}"#).unwrap();
    let fresh = dir.0.join("third.sqlite3");
    let mut with_bad = files.clone();
    with_bad.push(bad.to_str().unwrap().to_string());
    let refused = game_server(
        &fresh,
        &std::iter::once("import")
            .chain(with_bad.iter().map(String::as_str))
            .collect::<Vec<_>>(),
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("bad.json"));
    assert!(String::from_utf8_lossy(&game_server(&fresh, &["list"]).stdout).is_empty());

    // The second server serves them as the first did: the resigned game's result and
    // reason, the finished Bind game's record, and the Kazura game goes on with the new
    // tokens.
    let server = ServerProcess::start(&second, &web);
    let (_, state) = common::http_json(server.addr, "GET", &format!("/games/{}", go.id), "").await;
    assert_eq!(state["result"], over["result"]);
    assert_eq!(record(server.addr, &bind.id).await, bind_end);
    let tokens = line(&kazura.id)[5..7].to_vec();
    let (mut mover, state) = common::Client::join(server.addr, &kazura.id, Some(&tokens[1])).await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    assert_eq!(state["to_move"], 1, "the fourth move is the second seat's");
    let legal = state["legal"][0].as_str().unwrap().to_string();
    mover.send_move(3, &legal).await;
    assert_eq!(mover.next_of("move").await["number"], 4);
    drop(mover);
    drop(server);

    // The operator ends the Kazura game (the go9 game is over already: passed by).
    let ended = game_server(&second, &["end", &kazura.id, &go.id, "nosuchgame"]);
    assert!(ended.status.success());
    assert_eq!(
        String::from_utf8_lossy(&ended.stdout),
        format!("{}\n", kazura.id)
    );
    let server = ServerProcess::start(&second, &web);
    let (mut player, state) = common::Client::join(server.addr, &kazura.id, Some(&tokens[0])).await;
    assert_eq!(state["result"]["reason"], "ended");
    assert_eq!(state["result"]["winner"], serde_json::Value::Null);
    assert_eq!(state["result"]["text"], game_server::admin::ENDED_TEXT);
    assert_eq!(state["to_move"], serde_json::Value::Null);
    let legal_before = state["legal"].clone();
    player.send_move(4, "A1").await;
    assert_eq!(player.next_of("error").await["code"], "game_over");
    assert!(legal_before.as_array().is_none_or(Vec::is_empty));
}
