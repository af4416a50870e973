//! `game-server backup` while the real server plays games, and `game-server restore` of
//! the copy: the copy is one consistent moment (each game's moves a prefix of what was
//! acknowledged, at least what was acknowledged before the copy began), one file that
//! passes SQLite's integrity check, and a server started on the restored file serves every
//! game as the copy holds it. A destination that exists is refused, and so is a source
//! that is not a game server's database.
#![cfg(unix)]

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::process::{ServerProcess, new_table, stored_moves};
use common::{TempDir, record};

/// `game-server ARGS…`, run to its end.
fn game_server(args: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_game-server"))
        .args(args)
        .output()
        .expect("the game-server binary runs")
}

/// The text a run printed on `stdout` and `stderr`.
fn said(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_backup_taken_during_play_is_one_moment_and_restores_whole() {
    let dir = TempDir::new("backup");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let server = ServerProcess::start(&dir.db(), &web);
    let mut tables = Vec::new();
    for (spec, seed) in [("go9", 61), ("bind", 62), ("kazura:size=7", 63)] {
        let mut table = new_table(server.addr, spec, seed).await;
        table.play(6).await;
        tables.push(table);
    }

    // Backups taken while the go9 game goes on: each copy is taken on its own thread
    // while moves are committed.
    let mut copies = Vec::new();
    for round in 0..4 {
        let before = tables[0].acknowledged.clone();
        let out = dir.0.join(format!("copy-{round}.sqlite3"));
        let db = dir.db();
        let target = out.clone();
        let backup = tokio::task::spawn_blocking(move || {
            game_server(&[Path::new("backup"), Path::new("--database"), &db, &target])
        });
        tables[0].play(5).await;
        let output = backup.await.unwrap();
        let (stdout, stderr) = said(&output);
        assert!(output.status.success(), "{stderr}");
        assert!(
            stdout.starts_with("game-server: backed up 3 games, "),
            "{stdout}"
        );
        assert!(stdout.trim_end().ends_with(&out.display().to_string()));
        let (rows, _) = stored_moves(&out, &tables[0].id);
        assert!(
            rows.starts_with(&before) && tables[0].acknowledged.starts_with(&rows),
            "the copy holds {} moves, between the {} acknowledged before it and the {} after",
            rows.len(),
            before.len(),
            tables[0].acknowledged.len()
        );
        copies.push((out, rows));
    }
    for (out, _) in &copies {
        let conn = rusqlite::Connection::open(out).unwrap();
        let check: String = conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .unwrap();
        assert_eq!(check, "ok");
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "delete", "one file, no -wal beside it");
    }

    // The last copy, restored into a new place and served.
    let (copy, go9_rows) = copies.pop().unwrap();
    let restored_dir = TempDir::new("restored");
    let restored = restored_dir.db();
    let output = game_server(&[
        Path::new("restore"),
        &copy,
        Path::new("--database"),
        &restored,
    ]);
    let (stdout, stderr) = said(&output);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stdout.starts_with("game-server: restored 3 games, "),
        "{stdout}"
    );
    drop(server);
    let server = ServerProcess::start(&restored, &web);
    assert_eq!(record(server.addr, &tables[0].id).await.moves(), go9_rows);
    for table in &tables[1..] {
        assert_eq!(
            record(server.addr, &table.id).await.moves(),
            table.acknowledged
        );
    }
}

#[test]
fn a_backup_or_restore_refuses_what_it_must_not_touch() {
    let dir = TempDir::new("backup-refusals");
    let db = dir.db();
    let missing = dir.0.join("missing.sqlite3");
    let output = game_server(&[Path::new("backup"), Path::new("--database"), &missing, &db]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        said(&output).1.contains("cannot be opened"),
        "{:?}",
        said(&output)
    );
    assert!(!missing.exists() && !db.exists(), "nothing made");

    // A file that is not a game server's database.
    let stranger = dir.0.join("stranger.sqlite3");
    rusqlite::Connection::open(&stranger)
        .unwrap()
        .execute_batch("CREATE TABLE t (x)")
        .unwrap();
    let out = dir.0.join("out.sqlite3");
    let output = game_server(&[
        Path::new("backup"),
        Path::new("--database"),
        &stranger,
        &out,
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(said(&output).1.contains("not a game server database"));
    assert!(!out.exists());

    // A real database: the copy is made once, never over an existing file.
    game_server_store(&db);
    let output = game_server(&[Path::new("backup"), Path::new("--database"), &db, &out]);
    assert!(output.status.success(), "{:?}", said(&output));
    let first = std::fs::read(&out).unwrap();
    let output = game_server(&[Path::new("backup"), Path::new("--database"), &db, &out]);
    assert_eq!(output.status.code(), Some(2));
    assert!(said(&output).1.contains("already exists"));
    assert_eq!(std::fs::read(&out).unwrap(), first, "the copy is untouched");

    // A restore over an existing database only with --replace.
    let output = game_server(&[Path::new("restore"), &out, Path::new("--database"), &db]);
    assert_eq!(output.status.code(), Some(2));
    assert!(said(&output).1.contains("already exists"));
    let output = game_server(&[
        Path::new("restore"),
        &out,
        Path::new("--replace"),
        Path::new("--database"),
        &db,
    ]);
    assert!(output.status.success(), "{:?}", said(&output));
    let leftovers: Vec<_> = std::fs::read_dir(&dir.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Makes an empty game server database at `db` (its schema, no games).
fn game_server_store(db: &Path) {
    game_server::store::SqliteStore::open(db).unwrap();
}
