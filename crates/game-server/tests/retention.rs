//! The retention policy on a real server (`Config::retention`, the default: finished games
//! a year, unfinished ones 30 days after their last move): games aged by writing older
//! times into the SQLite file, then `Server::prune_now`. A finished game past its year and
//! abandoned games (one with a running clock, its flag timer stopped) are deleted,
//! moves and all; recent games stay; an old game someone is watching stays until the
//! watcher leaves.

mod common;

use std::path::Path;

use common::{MadeGame, http, loose, serve, wait_for_metric};
use game_server::Pruned;
use serde_json::json;

const DAY_MS: i64 = 86_400_000;

/// Moves every time of game `id` back by `days`: made, moves played, clock started,
/// finished.
fn age(db: &Path, id: &str, days: i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    let back = days * DAY_MS;
    conn.execute(
        "UPDATE games SET created_ms = created_ms - ?2,
             turn_started_ms = turn_started_ms - ?2, finished_ms = finished_ms - ?2
         WHERE id = ?1",
        rusqlite::params![id, back],
    )
    .unwrap();
    conn.execute(
        "UPDATE moves SET played_ms = played_ms - ?2 WHERE game_id = ?1",
        rusqlite::params![id, back],
    )
    .unwrap();
}

/// The moves of game `id` left in the file.
fn stored_moves(db: &Path, id: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT count(*) FROM moves WHERE game_id = ?1", [id], |r| {
        r.get(0)
    })
    .unwrap()
}

/// A go9 game, both seats joined, with `moves` played (E5, C3, …), its sockets then closed.
async fn played(
    addr: std::net::SocketAddr,
    clock: Option<serde_json::Value>,
    moves: usize,
) -> MadeGame {
    let mut request = json!({"game": "go9", "side": "first"});
    if let Some(clock) = clock {
        request["clock"] = clock;
    }
    let game = MadeGame::new(addr, request).await;
    let (mut seats, _) = game.join_seats(addr).await;
    for (ply, mv) in ["E5", "C3", "G7", "C7"].iter().take(moves).enumerate() {
        seats[ply % 2].send_move(ply as u64, mv).await;
        // Both seats hear the move once it is committed.
        for seat in &mut seats {
            assert_eq!(seat.next_of("move").await["move"], *mv);
        }
    }
    game
}

#[tokio::test]
async fn old_finished_and_abandoned_games_go_and_games_in_use_stay() {
    let (dir, server) = serve("retention", loose()).await;
    let addr = server.addr();
    let db = dir.db();

    // Finished 400 days ago, and finished just now.
    let mut finished = Vec::new();
    for _ in 0..2 {
        let game = MadeGame::new(addr, json!({"game": "go9", "side": "first"})).await;
        let ([mut black, _white], _) = game.join_seats(addr).await;
        black.send(&json!({"type": "resign", "version": 0})).await;
        black.next_of("over").await;
        finished.push(game);
    }
    age(&db, &finished[0].id, 400);
    // Unfinished: 40 days without a move (one of them on a clock of a day, whose flag timer
    // runs), a fresh one, and an old one someone still watches.
    let abandoned = played(addr, None, 2).await;
    age(&db, &abandoned.id, 40);
    let clock = json!({"main_ms": DAY_MS});
    let clocked = played(addr, Some(clock), 2).await;
    age(&db, &clocked.id, 40);
    let fresh = played(addr, None, 1).await;
    let watched = played(addr, None, 3).await;
    age(&db, &watched.id, 40);
    let (watcher, _) = watched.watch(addr).await;
    wait_for_metric(addr, "game_server_websockets_open 1").await;
    assert_eq!(
        server.prune_now().await.unwrap(),
        Pruned {
            finished: 1,
            abandoned: 2,
            in_use: 1
        }
    );
    let status = |id: String| async move { http(addr, "GET", &format!("/games/{id}"), "").await.0 };
    for gone in [&finished[0], &abandoned, &clocked] {
        assert_eq!(status(gone.id.clone()).await, 404, "deleted");
        assert_eq!(stored_moves(&db, &gone.id), 0, "its moves too");
    }
    for kept in [&finished[1], &fresh, &watched] {
        assert_eq!(status(kept.id.clone()).await, 200, "kept");
    }
    assert_eq!(stored_moves(&db, &watched.id), 3);

    // Once the watcher has gone, the old game goes too; nothing else changes.
    drop(watcher);
    wait_for_metric(addr, "game_server_websockets_open 0").await;
    assert_eq!(
        server.prune_now().await.unwrap(),
        Pruned {
            finished: 0,
            abandoned: 1,
            in_use: 0
        }
    );
    assert_eq!(status(watched.id.clone()).await, 404);
    assert_eq!(status(fresh.id.clone()).await, 200);
    assert_eq!(server.prune_now().await.unwrap(), Pruned::default());
}
