//! Both stores keep the same promises (issue 36, item 1): every check here runs against a
//! SQLite file and against a real PostgreSQL server (a throwaway one, `common::postgres`).
//! Updates are checked by version and round-trip, a batch refuses a conflict alone, the
//! retention queries pick the same games, hostile text is only ever a parameter, the
//! schema is migrated once and a newer one refused, and (PostgreSQL) two writers racing
//! from one version never both win. Then a whole game through the server on PostgreSQL.

mod common;

use std::sync::Arc;

use common::postgres::TempPostgres;
use common::process::new_table;
use common::{TempDir, loose};
use game_server::Server;
use game_server::clock::{ByoYomi, Clock, ClockSpec};
use game_server::store::{
    Account, AccountCopy, AccountStore, EndReason, Expired, GameStore, MoveChange, NewGame,
    PgStore, SCHEMA_VERSION, SeatPlayer, SqliteStore, StoreError, StoredEnd, StoredMove,
    StoredPasskey, Update,
};

fn new_game(id: &str, clock: Option<Clock>, created_ms: u64) -> NewGame {
    NewGame {
        id: id.into(),
        spec: "go9".into(),
        token_digests: [[1; 32], [2; 32]],
        clock,
        created_ms,
        computer: None,
        players: Default::default(),
        rated: false,
    }
}

fn append(id: &str, from: u64, text: &str, played_ms: u64) -> Update {
    Update {
        id: id.into(),
        from_version: from,
        version: from + 1,
        joined: [true, true],
        clock: None,
        change: Some(MoveChange::Append(StoredMove {
            ply: from + 1,
            seat: usize::try_from(from % 2).unwrap(),
            text: text.into(),
            played_ms,
        })),
        end: None,
    }
}

fn updates_are_checked_and_round_trip(store: &dyn GameStore) {
    let clock = Clock::new(ClockSpec {
        main_ms: 1000,
        byoyomi: Some(ByoYomi {
            periods: 3,
            period_ms: 10,
        }),
        increment_ms: None,
    });
    store.create(&new_game("g", Some(clock), 7)).unwrap();
    let mut running = clock;
    running.turn_started_ms = Some(99);
    let update = Update {
        clock: Some(running),
        ..append("g", 0, "E5", 99)
    };
    store.update(&update).unwrap();
    // The same update again is a conflict, and writes nothing.
    assert!(matches!(
        store.update(&update),
        Err(StoreError::Conflict { found: 1, .. })
    ));
    let g = store.load("g").unwrap().unwrap();
    assert_eq!(g.moves.len(), 1);
    assert_eq!((g.moves[0].text.as_str(), g.moves[0].ply), ("E5", 1));
    assert_eq!(g.clock, Some(running));
    assert_eq!((g.version, g.created_ms, g.joined), (1, 7, [true, true]));
    assert_eq!(g.token_digests, [vec![1; 32], vec![2; 32]]);
    assert_eq!(store.running_clocks().unwrap(), ["g"]);
    let end = StoredEnd {
        reason: EndReason::Time,
        seat: Some(1),
        winner_seat: Some(0),
        text: "black wins on time".into(),
        finished_ms: 5,
    };
    store
        .update(&Update {
            from_version: 1,
            version: 2,
            change: Some(MoveChange::RemoveLast { ply: 1 }),
            end: Some(end.clone()),
            ..update
        })
        .unwrap();
    let g = store.load("g").unwrap().unwrap();
    assert!(g.moves.is_empty());
    assert_eq!(g.end, Some(end));
    assert!(store.running_clocks().unwrap().is_empty());
    assert_eq!(store.load("h").unwrap(), None);
    store.check().unwrap();
}

fn a_batch_refuses_a_conflict_alone(store: &dyn GameStore) {
    store.create(&new_game("b1", None, 1)).unwrap();
    store.create(&new_game("b2", None, 1)).unwrap();
    let results = store.update_all(&[
        append("b1", 0, "E5", 2),
        append("b2", 3, "C3", 2), // b2 is at version 0: refused
        append("b2", 0, "D4", 2),
        append("b1", 1, "F6", 2),
    ]);
    assert!(
        results[0].is_ok() && results[2].is_ok() && results[3].is_ok(),
        "{results:?}"
    );
    assert!(matches!(
        results[1],
        Err(StoreError::Conflict {
            found: 0,
            expected: 3,
            ..
        })
    ));
    let moves = |id: &str| -> Vec<String> {
        store
            .load(id)
            .unwrap()
            .unwrap()
            .moves
            .into_iter()
            .map(|m| m.text)
            .collect()
    };
    assert_eq!(moves("b1"), ["E5", "F6"]);
    assert_eq!(moves("b2"), ["D4"]);
}

fn retention_picks_the_same_games(store: &dyn GameStore) {
    // Made at 100; "old" finished at 200, "new" at 900; "idle" last moved at 300, "busy" at
    // 800; "fresh" made at 850 with no move.
    for id in ["old", "new", "idle", "busy", "fresh"] {
        store
            .create(&new_game(id, None, if id == "fresh" { 850 } else { 100 }))
            .unwrap();
    }
    let end = |at| StoredEnd {
        reason: EndReason::Resign,
        seat: Some(0),
        winner_seat: Some(1),
        text: "W+R".into(),
        finished_ms: at,
    };
    for (id, at) in [("old", 200), ("new", 900)] {
        store
            .update(&Update {
                end: Some(end(at)),
                change: None,
                ..append(id, 0, "", 0)
            })
            .unwrap();
    }
    store.update(&append("idle", 0, "E5", 300)).unwrap();
    store.update(&append("busy", 0, "E5", 800)).unwrap();
    let expired = store.expired(Some(500), Some(500)).unwrap();
    let expected = [
        Expired {
            id: "idle".into(),
            finished: false,
        },
        Expired {
            id: "old".into(),
            finished: true,
        },
    ];
    assert_eq!(expired, expected);
    assert!(store.expired(None, None).unwrap().is_empty());
    assert_eq!(store.expired(None, Some(500)).unwrap(), expected[..1]);
    assert_eq!(
        store
            .delete_games(&["idle".into(), "old".into(), "nosuchgame".into()])
            .unwrap(),
        2
    );
    assert_eq!(store.load("idle").unwrap(), None);
    assert!(store.load("busy").unwrap().is_some());
}

fn hostile_text_is_only_ever_a_parameter(store: &dyn GameStore) {
    let id = "x'); DROP TABLE games; --";
    assert_eq!(store.load(id).unwrap(), None);
    store.create(&new_game(id, None, 1)).unwrap();
    store
        .update(&append(id, 0, "'; DELETE FROM moves; --", 1))
        .unwrap();
    let g = store.load(id).unwrap().unwrap();
    assert_eq!(g.id, id);
    assert_eq!(g.moves[0].text, "'; DELETE FROM moves; --");
}

/// Accounts (schema 6): names unique whatever their case, sessions only while they last,
/// an account deleted with its passkeys and sessions, a ceremony taken once and not after
/// its time.
fn accounts_keep_their_promises(store: &dyn GameStore) {
    let accounts = store.accounts().expect("both stores keep accounts");
    let ann = Account {
        id: "id-ann".into(),
        name: "Ann".into(),
        created_ms: 5,
    };
    let key = |n: &str| StoredPasskey {
        credential_id: format!("cred-{n}"),
        passkey: format!("{{\"n\":\"{n}\"}}"),
    };
    accounts.create_account(&ann, &key("ann")).unwrap();
    let twin = Account {
        id: "id-twin".into(),
        name: "aNN".into(),
        created_ms: 6,
    };
    assert!(matches!(
        accounts.create_account(&twin, &key("twin")),
        Err(StoreError::NameTaken(ref n)) if n == "aNN"
    ));
    assert_eq!(accounts.account_named("ANN").unwrap(), Some(ann.clone()));
    assert_eq!(accounts.account("id-ann").unwrap(), Some(ann.clone()));
    assert_eq!(
        accounts.account("id-twin").unwrap(),
        None,
        "the refused one left nothing"
    );
    assert_eq!(accounts.passkeys("id-ann").unwrap(), [key("ann")]);
    let mut moved = key("ann");
    moved.passkey = "{\"counter\":2}".into();
    accounts.update_passkey(&moved).unwrap();
    assert_eq!(accounts.passkeys("id-ann").unwrap(), [moved]);

    accounts.create_session("s1", "id-ann", 10, 100).unwrap();
    accounts.create_session("s2", "id-ann", 10, 50).unwrap();
    assert_eq!(accounts.session("s1", 99).unwrap(), Some(ann.clone()));
    assert_eq!(
        accounts.session("s1", 100).unwrap(),
        None,
        "expired at its time"
    );
    assert_eq!(accounts.session("nope", 10).unwrap(), None);
    accounts.delete_session("s1", 10).unwrap();
    assert_eq!(accounts.session("s1", 20).unwrap(), None);
    assert_eq!(accounts.session("s2", 20).unwrap(), Some(ann.clone()));

    accounts.put_ceremony("c1", "state-1", 10, 100).unwrap();
    accounts.put_ceremony("c2", "state-2", 10, 20).unwrap();
    assert_eq!(
        accounts.take_ceremony("c1", 50).unwrap().as_deref(),
        Some("state-1")
    );
    assert_eq!(
        accounts.take_ceremony("c1", 50).unwrap(),
        None,
        "taken once"
    );
    assert_eq!(accounts.take_ceremony("c2", 20).unwrap(), None, "expired");

    assert!(accounts.delete_account("id-ann").unwrap());
    assert!(!accounts.delete_account("id-ann").unwrap());
    assert_eq!(
        accounts.session("s2", 20).unwrap(),
        None,
        "its sessions went with it"
    );
    assert!(accounts.passkeys("id-ann").unwrap().is_empty());
    // The name is free again.
    accounts.create_account(&twin, &key("twin")).unwrap();
}

/// A rated go9 game between `seats`' accounts (or unrated), made in `store`.
fn seated_game(store: &dyn GameStore, id: &str, seats: [&str; 2], rated: bool) {
    let player = |a: &str| SeatPlayer {
        nickname: Some(a.to_uppercase()),
        account: Some(a.to_string()),
    };
    store
        .create(&NewGame {
            players: [player(seats[0]), player(seats[1])],
            rated,
            ..new_game(id, None, 1)
        })
        .unwrap();
}

/// The update that ends game `id` at version `from` (`winner` `None`: a draw).
fn ending(id: &str, from: u64, reason: EndReason, winner: Option<usize>, at: u64) -> Update {
    Update {
        change: None,
        end: Some(StoredEnd {
            reason,
            seat: None,
            winner_seat: winner,
            text: "over".into(),
            finished_ms: at,
        }),
        ..append(id, from, "", at)
    }
}

/// Ratings (schema 7): a rated game's result changes both players' Elo once, in its own
/// transaction, and a second write of the same result changes nothing; an unrated game,
/// an operator's end and a game whose player deleted the account change nothing; the
/// leaderboard, standings and history read what was written; a deleted account leaves the
/// leaderboard. Expected figures come from the Elo formula computed here.
fn ratings_change_once_with_the_result(store: &dyn GameStore) {
    let accounts = store.accounts().unwrap();
    let ratings = store.ratings().expect("both stores keep ratings");
    for name in ["ann", "bo", "cy"] {
        let account = Account {
            id: name.into(),
            name: name.to_uppercase(),
            created_ms: 1,
        };
        let key = StoredPasskey {
            credential_id: name.into(),
            passkey: "{}".into(),
        };
        accounts.create_account(&account, &key).unwrap();
    }
    let elo =
        |a: f64, b: f64, score: f64| a + 32.0 * (score - 1.0 / (1.0 + 10f64.powf((b - a) / 400.0)));
    let close = |x: f64, y: f64| (x - y).abs() < 1e-9;

    // Ann (Black) beats Bo: 1216 and 1184.
    seated_game(store, "r1", ["ann", "bo"], true);
    store
        .update(&ending("r1", 0, EndReason::Resign, Some(0), 10))
        .unwrap();
    assert!(close(ratings.rating("ann", "go9").unwrap(), 1216.0));
    assert!(close(ratings.rating("bo", "go9").unwrap(), 1184.0));
    // The same result written again (a join after the end) rates nothing more.
    let again = Update {
        end: ending("r1", 1, EndReason::Resign, Some(0), 10).end,
        ..Update {
            change: None,
            ..append("r1", 1, "", 11)
        }
    };
    store.update(&again).unwrap();
    assert!(close(ratings.rating("ann", "go9").unwrap(), 1216.0));
    assert_eq!(ratings.history("ann", 10).unwrap().len(), 1);
    let loaded = store.load("r1").unwrap().unwrap();
    assert!(loaded.rated);
    assert_eq!(loaded.players[1].nickname.as_deref(), Some("BO"));

    // A draw (jigo) from 1216 against 1184.
    seated_game(store, "r2", ["bo", "ann"], true);
    store
        .update(&ending("r2", 0, EndReason::Rules, None, 20))
        .unwrap();
    let (ann, bo) = (elo(1216.0, 1184.0, 0.5), elo(1184.0, 1216.0, 0.5));
    assert!(close(ratings.rating("ann", "go9").unwrap(), ann));
    assert!(close(ratings.rating("bo", "go9").unwrap(), bo));

    // Unrated, ended by the operator, a player gone: nothing changes.
    seated_game(store, "u1", ["ann", "bo"], false);
    store
        .update(&ending("u1", 0, EndReason::Rules, Some(1), 30))
        .unwrap();
    seated_game(store, "r3", ["ann", "bo"], true);
    store
        .update(&ending("r3", 0, EndReason::Ended, None, 31))
        .unwrap();
    seated_game(store, "r4", ["cy", "bo"], true);
    assert!(accounts.delete_account("cy").unwrap());
    store
        .update(&ending("r4", 0, EndReason::Time, Some(1), 32))
        .unwrap();
    assert!(close(ratings.rating("ann", "go9").unwrap(), ann));
    assert!(close(ratings.rating("bo", "go9").unwrap(), bo));
    assert!(ratings.game_changes("u1").unwrap().is_empty());
    assert!(ratings.game_changes("r4").unwrap().is_empty());

    let board = ratings.leaderboard("go9", 10).unwrap();
    let names: Vec<&str> = board.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["ANN", "BO"]);
    assert_eq!(
        (
            board[0].games,
            board[0].wins,
            board[0].draws,
            board[0].losses
        ),
        (2, 1, 1, 0)
    );
    assert_eq!(
        (
            board[1].games,
            board[1].wins,
            board[1].draws,
            board[1].losses
        ),
        (2, 0, 1, 1)
    );
    assert!(ratings.leaderboard("bind", 10).unwrap().is_empty());
    let history = ratings.history("ann", 10).unwrap();
    let games: Vec<&str> = history.iter().map(|c| c.game_id.as_str()).collect();
    assert_eq!(games, ["r2", "r1"], "the latest first");
    assert_eq!((history[0].seat, history[0].score), (1, 0.5));
    assert!(close(history[0].before, 1216.0) && close(history[0].after, ann));
    let r1 = ratings.game_changes("r1").unwrap();
    assert_eq!(
        r1.iter()
            .map(|c| (c.account_id.as_str(), c.seat))
            .collect::<Vec<_>>(),
        [("ann", 0), ("bo", 1)]
    );
    assert_eq!(ratings.standings("bo").unwrap().len(), 1);

    // Deleting an account takes it off the leaderboard, with its history.
    assert!(accounts.delete_account("ann").unwrap());
    let names: Vec<String> = ratings
        .leaderboard("go9", 10)
        .unwrap()
        .into_iter()
        .map(|s| s.name)
        .collect();
    assert_eq!(names, ["BO"]);
    assert!(ratings.history("ann", 10).unwrap().is_empty());
    assert!(
        close(ratings.rating("ann", "go9").unwrap(), 1200.0),
        "as a new account"
    );
}

/// The lobby's live games: not over, both seats joined, active since the bound; the
/// latest first, with their move count.
fn live_games_are_the_active_ones(store: &dyn GameStore) {
    for (id, made) in [("l1", 1000), ("l2", 1000), ("l3", 1000), ("l4", 100)] {
        store.create(&new_game(id, None, made)).unwrap();
    }
    store.update(&append("l1", 0, "E5", 5000)).unwrap();
    store.update(&append("l1", 1, "C3", 6000)).unwrap();
    // l2: nobody joined; l3: over; l4: joined, but quiet since long before.
    store
        .update(&Update {
            joined: [true, false],
            ..append("l2", 0, "E5", 7000)
        })
        .unwrap();
    store.update(&append("l3", 0, "E5", 5000)).unwrap();
    store
        .update(&ending("l3", 1, EndReason::Resign, Some(0), 5500))
        .unwrap();
    store.update(&append("l4", 0, "E5", 200)).unwrap();
    let live = store.live_games(4000, 10).unwrap();
    assert_eq!(live.len(), 1, "{live:?}");
    assert_eq!(
        (live[0].id.as_str(), live[0].moves, live[0].last_ms),
        ("l1", 2, 6000)
    );
    assert_eq!(
        store
            .live_games(0, 10)
            .unwrap()
            .iter()
            .map(|g| g.id.as_str())
            .collect::<Vec<_>>(),
        ["l1", "l4"]
    );
    assert!(store.live_games(0, 0).unwrap().is_empty());
}

/// Every check, each on a fresh store from `fresh`.
fn every_check(fresh: &mut dyn FnMut() -> Box<dyn GameStore>) {
    updates_are_checked_and_round_trip(&*fresh());
    a_batch_refuses_a_conflict_alone(&*fresh());
    retention_picks_the_same_games(&*fresh());
    hostile_text_is_only_ever_a_parameter(&*fresh());
    accounts_keep_their_promises(&*fresh());
    ratings_change_once_with_the_result(&*fresh());
    live_games_are_the_active_ones(&*fresh());
}

#[test]
fn sqlite_keeps_every_promise() {
    let dir = TempDir::new("stores-sqlite");
    let mut n = 0;
    every_check(&mut || {
        n += 1;
        Box::new(SqliteStore::open(&dir.0.join(format!("{n}.sqlite3"))).unwrap())
    });
}

#[test]
fn postgres_keeps_every_promise() {
    let Some(pg) = TempPostgres::start("stores-postgres") else {
        return;
    };
    every_check(&mut || Box::new(PgStore::connect(&pg.new_database(), 4).unwrap()));

    // Migrated once, however many servers open it; a newer schema refused.
    let url = pg.new_database();
    let first = PgStore::connect(&url, 2).unwrap();
    let second = PgStore::connect(&url, 2).unwrap();
    let all: Vec<u32> = (1..=SCHEMA_VERSION).collect();
    assert_eq!(first.schema_versions().unwrap(), all);
    assert_eq!(second.schema_versions().unwrap(), all);
    let mut raw = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    raw.execute(
        "INSERT INTO schema_version VALUES ($1, 0)",
        &[&i64::from(SCHEMA_VERSION + 1)],
    )
    .unwrap();
    assert!(matches!(
        PgStore::connect(&url, 2),
        Err(StoreError::NewerSchema { found, known }) if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION
    ));

    // Two writers from one version, a hundred times: exactly one wins each time.
    let store = Arc::new(PgStore::connect(&pg.new_database(), 4).unwrap());
    store.create(&new_game("race", None, 1)).unwrap();
    for version in 0..100u64 {
        let racers: Vec<_> = (0..2)
            .map(|racer| {
                let store = Arc::clone(&store);
                std::thread::spawn(move || {
                    store.update(&append("race", version, &format!("r{racer}"), 1))
                })
            })
            .collect();
        let results: Vec<_> = racers.into_iter().map(|t| t.join().unwrap()).collect();
        let won = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "version {version}: {results:?}");
        assert!(
            results
                .iter()
                .any(|r| matches!(r, Err(StoreError::Conflict { .. }))),
            "{results:?}"
        );
    }
    assert_eq!(store.load("race").unwrap().unwrap().moves.len(), 100);
}

#[tokio::test]
async fn a_whole_game_through_the_server_on_postgres() {
    let Some(pg) = TempPostgres::start("stores-server") else {
        return;
    };
    // The blocking client, on a blocking thread (as the server opens it).
    let url = std::thread::scope(|s| s.spawn(|| pg.new_database()).join().unwrap());
    let store = tokio::task::spawn_blocking(move || PgStore::connect(&url, 8))
        .await
        .unwrap()
        .unwrap();
    let store: Arc<dyn GameStore> = Arc::new(store);
    let server = Server::start("127.0.0.1:0".parse().unwrap(), Arc::clone(&store), loose())
        .await
        .unwrap();
    let mut table = new_table(server.addr(), "go9", 11).await;
    table.play_to_end().await;
    let id = table.id.clone();
    let acknowledged = table.acknowledged.clone();
    drop(table);
    server.stop().await;
    let stored = tokio::task::spawn_blocking(move || store.load(&id))
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let moves: Vec<String> = stored.moves.into_iter().map(|m| m.text).collect();
    assert_eq!(
        moves, acknowledged,
        "the database holds every acknowledged move"
    );
    assert!(stored.end.is_some(), "and the game's end");
}

#[tokio::test]
async fn the_binary_serves_from_postgres_and_stops_cleanly() {
    let Some(pg) = TempPostgres::start("stores-binary") else {
        return;
    };
    let url = std::thread::scope(|s| s.spawn(|| pg.new_database()).join().unwrap());
    let web = pg.folder().join("no-site");
    let mut server = common::process::ServerProcess::start(std::path::Path::new(&url), &web);
    let mut table = new_table(server.addr, "bind:variant=mini", 3).await;
    table.play(6).await;
    let (id, acknowledged) = (table.id.clone(), table.acknowledged.clone());
    drop(table);
    let stopped = tokio::task::spawn_blocking(move || server.signal_and_wait("TERM"))
        .await
        .unwrap();
    assert!(stopped.success(), "{stopped:?}");
    let stored = std::thread::spawn(move || PgStore::connect(&url, 1).unwrap().load(&id))
        .join()
        .unwrap()
        .unwrap()
        .unwrap();
    let moves: Vec<String> = stored.moves.into_iter().map(|m| m.text).collect();
    assert_eq!(moves, acknowledged);
}

/// `game-server ARGS…`, run to its end: exit code and standard output.
fn run_binary(args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_game-server"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn migrate_moves_every_game_both_ways() {
    let Some(pg) = TempPostgres::start("stores-migrate") else {
        return;
    };
    let dir = TempDir::new("stores-migrate-files");
    let first = dir.0.join("first.sqlite3");
    // Games of every kind through a real server: one played out, one half way with a
    // byo-yomi clock, one resigned.
    let server = common::start(&first, loose()).await;
    let mut done = new_table(server.addr(), "bao:ruleset=reference", 4).await;
    done.play_to_end().await;
    let mut half = new_table(server.addr(), "bind:variant=full", 5).await;
    half.play(9).await;
    let resigned = common::MadeGame::new(
        server.addr(),
        serde_json::json!({"game": "go9", "side": "first",
            "clock": {"main_ms": 60_000, "byoyomi": {"periods": 3, "period_ms": 10_000}}}),
    )
    .await;
    let ([mut black, _white], _) = resigned.join_seats(server.addr()).await;
    black.send_move(0, "E5").await;
    black.next_of("move").await;
    black
        .send(&serde_json::json!({"type": "resign", "version": 1}))
        .await;
    black.next_of("over").await;
    drop((done, half, black));
    server.stop().await;
    // Two accounts with passkeys, and a rated game between them: ratings and history.
    {
        let store = SqliteStore::open(&first).unwrap();
        for name in ["ann", "bo"] {
            let account = Account {
                id: name.into(),
                name: name.to_uppercase(),
                created_ms: 3,
            };
            let key = StoredPasskey {
                credential_id: format!("key-{name}"),
                passkey: format!("{{\"of\":\"{name}\"}}"),
            };
            store.create_account(&account, &key).unwrap();
        }
        seated_game(&store, "rated", ["ann", "bo"], true);
        store
            .update(&ending("rated", 0, EndReason::Resign, Some(1), 40))
            .unwrap();
        store.create_session("s", "ann", 1, u64::MAX / 2).unwrap();
    }

    let url = std::thread::scope(|s| s.spawn(|| pg.new_database()).join().unwrap());
    let second = dir.0.join("second.sqlite3");
    let from_sqlite = format!("sqlite:{}", first.display());
    let to_sqlite = format!("sqlite:{}", second.display());
    let (code, out, err) = run_binary(&["migrate", "--from", &from_sqlite, "--to", &url]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("migrated 4 games"), "{out}");
    assert!(out.contains("and 2 accounts"), "{out}");
    let (code, out, err) = run_binary(&["migrate", "--from", &url, "--to", &to_sqlite]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("migrated 4 games") && out.contains("0 were there already"),
        "{out}"
    );
    // Again: nothing new, every game checked.
    let (code, out, _) = run_binary(&["migrate", "--from", &from_sqlite, "--to", &url]);
    assert_eq!(code, Some(0));
    assert!(out.contains("4 were there already"), "{out}");
    assert!(out.contains("(2 were there already)"), "{out}");

    // The round trip gives back every game exactly, ids, tokens, clocks and times.
    let (a, b) = (
        SqliteStore::open(&first).unwrap(),
        SqliteStore::open(&second).unwrap(),
    );
    let ids = a.game_ids().unwrap();
    assert_eq!(ids.len(), 4);
    assert_eq!(b.game_ids().unwrap(), ids);
    for id in &ids {
        assert_eq!(a.load(id).unwrap(), b.load(id).unwrap(), "{id}");
    }
    // And every account, passkey, rating and change; no session.
    let (from_accounts, back) = (
        AccountCopy::read_sqlite(&a).unwrap(),
        AccountCopy::read_sqlite(&b).unwrap(),
    );
    assert_eq!(back, from_accounts);
    assert_eq!(
        (
            back.accounts.len(),
            back.passkeys.len(),
            back.ratings.len(),
            back.changes.len()
        ),
        (2, 2, 2, 2)
    );
    assert!(b.session("s", 2).unwrap().is_none(), "sessions stay behind");
    assert!(a.session("s", 2).unwrap().is_some());
    // The commands read PostgreSQL too.
    let (code, listed, err) = run_binary(&["list", "--database", &url]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(listed.lines().count(), 4, "{listed}");
    // A source that is not there is an error, not an empty migration.
    let missing = format!("sqlite:{}", dir.0.join("missing.sqlite3").display());
    let (code, _, err) = run_binary(&["migrate", "--from", &missing, "--to", &url]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no such database"), "{err}");
}

#[test]
fn one_owner_per_game_and_a_lost_game_is_not_written() {
    let Some(pg) = TempPostgres::start("stores-owners") else {
        return;
    };
    let url = pg.new_database();
    let now = game_server::now_ms();
    let hour = std::time::Duration::from_secs(3600);
    let a = Arc::new(PgStore::connect(&url, 2).unwrap().serving_as("a"));
    let b = Arc::new(PgStore::connect(&url, 2).unwrap().serving_as("b"));
    a.heartbeat("a", "127.0.0.1:1", now, hour).unwrap();
    b.heartbeat("b", "127.0.0.1:2", now, hour).unwrap();
    a.heartbeat("z", "127.0.0.1:3", now - 1, hour).unwrap();
    // The first started first (the matchmaker is the first), then by id.
    let live: Vec<String> = a
        .live_servers(now)
        .unwrap()
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(live, ["z", "a", "b"]);
    a.create(&new_game("g", None, 1)).unwrap();

    // Two servers ask for the game at the same moment, a thousand times: exactly one gets
    // it each time, and each change of owner counts once in the epoch.
    let mut epochs = Vec::new();
    for round in 0..1000 {
        let barrier = Arc::new(std::sync::Barrier::new(2));
        let askers: Vec<_> = [("a", Arc::clone(&a)), ("b", Arc::clone(&b))]
            .into_iter()
            .map(|(name, store)| {
                let barrier = Arc::clone(&barrier);
                std::thread::spawn(move || {
                    barrier.wait();
                    (name, store.acquire("g", name, now).unwrap())
                })
            })
            .collect();
        let answers: Vec<_> = askers.into_iter().map(|t| t.join().unwrap()).collect();
        let winners: Vec<_> = answers.iter().filter(|(_, e)| e.is_some()).collect();
        assert_eq!(winners.len(), 1, "round {round}: {answers:?}");
        let (winner, epoch) = *winners[0];
        assert_eq!(a.owner("g", now).unwrap().as_deref(), Some(winner));
        epochs.push(epoch.unwrap());
        let store = if winner == "a" { &a } else { &b };
        assert!(store.release("g", winner).unwrap());
    }
    assert!(
        epochs.windows(2).all(|w| w[1] == w[0] + 1),
        "one epoch per owner"
    );

    // a owns the game and writes it; b may not.
    assert_eq!(a.acquire("g", "a", now).unwrap(), Some(1001));
    assert_eq!(b.acquire("g", "b", now).unwrap(), None);
    a.update(&append("g", 0, "E5", now)).unwrap();
    assert!(matches!(
        b.update(&append("g", 1, "C3", now)),
        Err(StoreError::NotOwner { owner: Some(ref o), .. }) if o == "a"
    ));
    // a stops renewing: once its row has expired, b takes the game over, and a's next
    // write is refused (fencing), though it comes from the right version.
    let later = now + 2 * 3_600_000;
    b.heartbeat("b", "127.0.0.1:2", later, hour).unwrap();
    assert_eq!(a.owner("g", later).unwrap(), None, "a's row has expired");
    assert_eq!(b.acquire("g", "b", later).unwrap(), Some(1002));
    assert!(matches!(
        a.update(&append("g", 1, "C3", later)),
        Err(StoreError::NotOwner { owner: Some(ref o), .. }) if o == "b"
    ));
    // a, with a stale row, cannot take it back.
    assert_eq!(a.acquire("g", "a", later).unwrap(), None);
    b.update(&append("g", 1, "C3", later)).unwrap();
    let moves: Vec<String> = b
        .load("g")
        .unwrap()
        .unwrap()
        .moves
        .into_iter()
        .map(|m| m.text)
        .collect();
    assert_eq!(moves, ["E5", "C3"]);
    // What each server's loop reads: the games it holds and lost, where an owner is, who
    // lives.
    let g = vec!["g".to_string()];
    assert_eq!(a.not_owned("a", &g).unwrap(), g);
    assert!(b.not_owned("b", &g).unwrap().is_empty());
    assert_eq!(
        a.owner_address("g", later).unwrap(),
        Some(("b".to_string(), "127.0.0.1:2".to_string()))
    );
    assert_eq!(
        a.live_servers(later).unwrap(),
        [("b".to_string(), "127.0.0.1:2".to_string())]
    );
    // A game whose clock runs is an orphan once its owner's row has expired, not before.
    let mut clock = Clock::new(ClockSpec {
        main_ms: 60_000,
        byoyomi: None,
        increment_ms: None,
    });
    clock.turn_started_ms = Some(later);
    b.create(&new_game("timed", Some(clock), later)).unwrap();
    assert_eq!(b.orphaned_clocks(later).unwrap(), ["timed"], "nobody's yet");
    assert_eq!(b.acquire("timed", "b", later).unwrap(), Some(1));
    assert!(b.orphaned_clocks(later).unwrap().is_empty());
    assert_eq!(
        b.orphaned_clocks(later + 2 * 3_600_000).unwrap(),
        ["timed"],
        "b's row has expired"
    );
    // b stops: its games are nobody's, and a (alive again) can take them.
    assert_eq!(b.retire("b").unwrap(), 2);
    assert_eq!(b.owner_address("g", later).unwrap(), None);
    a.heartbeat("a", "127.0.0.1:1", later, hour).unwrap();
    assert_eq!(a.acquire("g", "a", later).unwrap(), Some(1003));
}
