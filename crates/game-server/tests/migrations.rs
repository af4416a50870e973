//! Upgrades keep every game (issue 35, item 5): a database of each earlier schema opens with
//! today's server, migrated, its games as they were and playable on; a database from a
//! newer server is refused and left untouched.
//!
//! The earlier schemas: none (a new or empty file) and version 1 (tests/data/schema-1.sql:
//! a database the server wrote at 57af6d1, with the seats' tokens in its header), which
//! version 2 (`ended` results, an index for retention) migrates. A new migration adds its
//! predecessor's fixture here.

mod common;

use std::path::Path;

use common::{Client, TempDir, http_json, loose, start};
use game_server::store::{SCHEMA_VERSION, SqliteStore, StoreError};
use serde_json::{Value, json};
use sha2::Digest;

/// The versions today's server knows, in order.
fn known() -> Vec<u32> {
    (1..=SCHEMA_VERSION).collect()
}

/// The schema-1 fixture: its SQL and, per game, its id and its seats' tokens.
struct Fixture {
    sql: String,
    games: Vec<(String, String, [String; 2])>,
}

fn fixture() -> Fixture {
    let sql = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/schema-1.sql"),
    )
    .unwrap();
    let games = sql
        .lines()
        .filter_map(|l| l.strip_prefix("--   "))
        .map(|l| {
            let (name, rest) = l.split_once(' ').unwrap();
            let (id, tokens) = rest.split_once(": ").unwrap();
            let (t0, t1) = tokens.split_once(' ').unwrap();
            (name.into(), id.into(), [t0.into(), t1.into()])
        })
        .collect();
    Fixture { sql, games }
}

impl Fixture {
    fn game(&self, name: &str) -> (&str, &[String; 2]) {
        let (_, id, tokens) = self.games.iter().find(|(n, _, _)| n == name).unwrap();
        (id, tokens)
    }
}

/// Writes the fixture's database to `db` with its times moved so that its last event was a
/// moment ago (as if the old server had just stopped): the retention policy and the running
/// clock then treat it as they would on the day it was written.
fn write_schema_1(db: &Path, fixture: &Fixture) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch(&fixture.sql).unwrap();
    let last: i64 = conn
        .query_row(
            "SELECT max(t) FROM (SELECT max(played_ms) AS t FROM moves
                                 UNION SELECT max(created_ms) FROM games)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let shift = i64::try_from(game_server::now_ms()).unwrap() - last - 1000;
    conn.execute_batch(&format!(
        "UPDATE games SET created_ms = created_ms + {shift},
                          turn_started_ms = turn_started_ms + {shift},
                          finished_ms = finished_ms + {shift};
         UPDATE moves SET played_ms = played_ms + {shift};"
    ))
    .unwrap();
}

fn moves(state: &Value) -> Vec<&str> {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().or_else(|| m["move"].as_str()).unwrap())
        .collect()
}

#[test]
fn a_new_or_empty_file_gets_every_migration() {
    let dir = TempDir::new("migrate-empty");
    let store = SqliteStore::open(&dir.db()).unwrap();
    assert_eq!(store.schema_versions().unwrap(), known());
    let empty = dir.0.join("empty.sqlite3");
    std::fs::write(&empty, b"").unwrap();
    let store = SqliteStore::open(&empty).unwrap();
    assert_eq!(store.schema_versions().unwrap(), known());
}

#[tokio::test]
async fn a_schema_1_database_opens_with_its_games_as_they_were_and_playable() {
    let fixture = fixture();
    assert_eq!(fixture.games.len(), 4, "the fixture names its four games");
    let dir = TempDir::new("migrate-1");
    write_schema_1(&dir.db(), &fixture);
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();

    // The resigned go9 game: its moves and result, as the script played them.
    let (id, _) = fixture.game("finished_go9");
    let (status, state) = http_json(addr, "GET", &format!("/games/{id}"), "").await;
    assert_eq!(status, 200);
    assert_eq!(moves(&state), ["E5", "C3", "G7", "C7"]);
    assert_eq!(state["result"]["reason"], "resign");

    // The Kazura game after White's swap: the seats' colours exchanged.
    let (id, _) = fixture.game("kazura_swapped");
    let (_, state) = http_json(addr, "GET", &format!("/games/{id}"), "").await;
    assert_eq!(moves(&state), ["E5", "swap"]);
    assert_eq!(state["result"], Value::Null);

    // The go9 game with a byo-yomi clock: each seat rejoins by its old token and play goes
    // on from move 3, White to move, the clock running for White.
    let (id, tokens) = fixture.game("running_go9_clock");
    let (mut black, state) = Client::join(addr, id, Some(&tokens[0])).await;
    assert_eq!(state["you"], 0);
    assert_eq!(moves(&state), ["E5", "D4", "F6"]);
    assert_eq!(state["to_move"], 1);
    assert_eq!(state["clock"]["running"], 1);
    let (mut white, state) = Client::join(addr, id, Some(&tokens[1])).await;
    assert_eq!(state["you"], 1);
    let version = state["version"].as_u64().unwrap();
    white.send_move(version, "D6").await;
    let moved = white.next_of("move").await;
    assert_eq!(
        (moved["number"].as_u64(), moved["move"].as_str()),
        (Some(4), Some("D6"))
    );
    assert_eq!(black.next_of("move").await["move"], "D6");

    // The Bind game nobody moved in: the first seat plays its first move.
    let (id, tokens) = fixture.game("running_bind");
    let (mut first, state) = Client::join(addr, id, Some(&tokens[0])).await;
    assert!(moves(&state).is_empty());
    let legal = state["legal"][0].as_str().unwrap().to_string();
    first
        .send(&json!({"type": "move", "version": state["version"], "move": legal}))
        .await;
    assert_eq!(first.next_of("move").await["move"], legal.as_str());

    server.stop().await;
    // Migrated: version 2's index is there.
    let conn = rusqlite::Connection::open(dir.db()).unwrap();
    let index: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'games_finished'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(index, 1);
    drop(conn);
    assert_eq!(
        SqliteStore::open(&dir.db())
            .unwrap()
            .schema_versions()
            .unwrap(),
        known()
    );
}

#[test]
fn a_database_from_a_newer_server_is_refused_and_left_untouched() {
    let fixture = fixture();
    let dir = TempDir::new("migrate-newer");
    write_schema_1(&dir.db(), &fixture);
    {
        let conn = rusqlite::Connection::open(dir.db()).unwrap();
        // Every version this server knows after schema 1, and one more.
        let versions: Vec<String> = (2..=SCHEMA_VERSION + 1)
            .map(|v| format!("({v}, 0)"))
            .collect();
        conn.execute_batch(&format!(
            "PRAGMA journal_mode = DELETE;
             CREATE TABLE ratings (player TEXT PRIMARY KEY, elo INTEGER);
             INSERT INTO schema_version (version, applied_ms) VALUES {};",
            versions.join(", ")
        ))
        .unwrap();
    }
    let digest = |path: &Path| sha2::Sha256::digest(std::fs::read(path).unwrap());
    let before = digest(&dir.db());
    match SqliteStore::open(&dir.db()) {
        Err(StoreError::NewerSchema { found, known })
            if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION => {}
        other => panic!("{other:?}"),
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_game-server"))
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(dir.db())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!(
            "schema is version {}, newer than this server's {SCHEMA_VERSION}",
            SCHEMA_VERSION + 1
        )),
        "{said}"
    );
    assert!(digest(&dir.db()) == before, "the file is as it was");
}
