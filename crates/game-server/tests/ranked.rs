//! Ranked games (issue 37; docs/server.md, "Ratings"): two signed-in players ask for a
//! ranked quick match, meet at their ratings, and the result changes both by the Elo
//! formula (computed here, not read from the server's code), shown in `over`, the
//! leaderboard and each player's page; the next ranked seek pairs at the new rating. A
//! guest cannot seek a ranked game; one account in two tabs never meets itself; another
//! player's game takes no call from a watcher, a cookie or a wrong token. Then the
//! server is killed (SIGKILL) as ranked games end, and restarted: each result is rated
//! exactly once.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::accounts::{account_with_session, token_of};
use common::process::ServerProcess;
use common::{Client, TempDir, http_json, loose, serve};
use game_server::Config;
use game_server::store::{RatingStore, SqliteStore};
use serde_json::{Value, json};

/// Elo with K = 32: the first player's new rating after scoring `score` against `other`.
fn elo(mine: f64, other: f64, score: f64) -> f64 {
    mine + 32.0 * (score - 1.0 / (1.0 + 10f64.powf((other - mine) / 400.0)))
}

/// A signed-in player (`token`) seeking a ranked go9 game: the socket and its `queued`.
async fn seek_ranked(addr: SocketAddr, token: &str) -> (Client, Value) {
    let mut c = Client::connect_signed_in(addr, "/match/ws", token).await;
    c.send(&json!({"type": "seek", "protocol": 1, "game": "go9", "ranked": true, "computer": "never", "nickname": "ignored"}))
        .await;
    let queued = c.next_of("queued").await;
    (c, queued)
}

/// Two players' `matched` messages, as (Ann's, Bo's).
async fn both_matched(ann: &mut Client, bo: &mut Client) -> (Value, Value) {
    (ann.next_of("matched").await, bo.next_of("matched").await)
}

/// The seat's player resigns game `m`; the `over` it hears.
async fn resign(addr: SocketAddr, m: &Value) -> Value {
    let (mut c, state) = Client::join(addr, m["game"].as_str().unwrap(), m["token"].as_str()).await;
    c.send(&json!({"type": "resign", "version": state["version"]}))
        .await;
    c.next_of("over").await
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[tokio::test]
async fn a_ranked_game_changes_both_ratings_by_elo_once() {
    let (dir, server) = serve(
        "ranked-elo",
        Config {
            match_wait: Duration::from_secs(600),
            ..loose()
        },
    )
    .await;
    let addr = server.addr();
    let store = SqliteStore::open(&dir.db()).unwrap();
    let far = game_server::now_ms() + 3_600_000;
    let (ann_t, bo_t) = (token_of("a1"), token_of("b2"));
    account_with_session(&store, "Ann", &ann_t, far);
    account_with_session(&store, "Bo", &bo_t, far);

    // A guest may not seek a ranked game.
    let mut guest = Client::connect_path(addr, "/match/ws").await;
    guest
        .send(&json!({"type": "seek", "protocol": 1, "game": "go9", "ranked": true}))
        .await;
    assert_eq!(guest.error_code().await, "signed_out");

    // One account in two tabs waits; it never meets itself.
    let (mut ann, queued) = seek_ranked(addr, &ann_t).await;
    assert_eq!(
        (
            queued["nickname"].as_str(),
            queued["rating"].as_u64(),
            queued["ranked"].as_bool()
        ),
        (Some("Ann"), Some(1200), Some(true))
    );
    let (mut ann_again, _) = seek_ranked(addr, &ann_t).await;
    ann_again.send(&json!({"type": "ping"})).await;
    assert_eq!(
        ann_again.recv().await.unwrap()["type"],
        "pong",
        "not paired with herself"
    );
    drop(ann_again);

    let (mut bo, _) = seek_ranked(addr, &bo_t).await;
    let (a, b) = both_matched(&mut ann, &mut bo).await;
    assert_eq!(a["game"], b["game"]);
    assert_eq!(
        (a["rated"].as_bool(), b["rated"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(a["opponent"], json!({"nickname": "Bo", "rating": 1200}));
    let (mut outsider, state) = Client::join(addr, a["game"].as_str().unwrap(), None).await;
    assert_eq!(state["rated"], true);
    // Calls for another player's game are refused: a watcher is no player, and being
    // signed in gives no seat (seats go by their tokens, never by the cookie).
    outsider
        .send(&json!({"type": "resign", "version": state["version"]}))
        .await;
    assert_eq!(outsider.error_code().await, "not_a_player");
    let mut cookie_only = Client::connect_signed_in(
        addr,
        &format!("/games/{}/ws", a["game"].as_str().unwrap()),
        &ann_t,
    )
    .await;
    cookie_only
        .send(&json!({"type": "hello", "protocol": 1}))
        .await;
    assert_eq!(cookie_only.next_of("state").await["you"], Value::Null);
    let mut wrong =
        Client::connect_path(addr, &format!("/games/{}/ws", a["game"].as_str().unwrap())).await;
    wrong
        .send(&json!({"type": "hello", "protocol": 1, "token": "ab".repeat(32)}))
        .await;
    assert_eq!(wrong.error_code().await, "bad_token");
    assert_eq!(
        state["players"][a["seat"].as_u64().unwrap() as usize]["nickname"],
        "Ann"
    );

    // Bo resigns: Ann 1216, Bo 1184, in `over` for both seats.
    let over = resign(addr, &b).await;
    let (ann_r, bo_r) = (elo(1200.0, 1200.0, 1.0), elo(1200.0, 1200.0, 0.0));
    let changes = over["ratings"]
        .as_array()
        .expect("a rated game's over names the changes");
    for c in changes {
        let mine = if c["seat"] == a["seat"] { ann_r } else { bo_r };
        assert!(
            close(c["before"].as_f64().unwrap(), 1200.0)
                && close(c["after"].as_f64().unwrap(), mine),
            "{over}"
        );
    }
    // The leaderboard and the players' pages say so.
    let (status, board) = http_json(addr, "GET", "/leaderboard/go9", "").await;
    assert_eq!(status, 200);
    let rows: Vec<(String, f64, u64)> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["rating"].as_f64().unwrap(),
                p["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0].0.as_str(), rows[0].2), ("Ann", 1));
    assert!(close(rows[0].1, ann_r) && close(rows[1].1, bo_r));
    let (status, page) = http_json(addr, "GET", "/players/bo", "").await;
    assert_eq!(status, 200);
    assert_eq!(page["name"], "Bo");
    assert_eq!(
        (
            page["standings"][0]["losses"].as_u64(),
            page["standings"][0]["games"].as_u64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(page["history"][0]["game_id"], a["game"]);
    assert_eq!(page["games"][0]["opponent"], "Ann");
    assert_eq!(
        page["games"][0]["record"],
        format!("/games/{}/record", a["game"].as_str().unwrap())
    );
    assert_eq!(http_json(addr, "GET", "/players/nobody", "").await.0, 404);
    assert_eq!(
        http_json(addr, "GET", "/leaderboard/chess", "").await.0,
        404
    );

    // The next ranked seeks pair at the new ratings; a draw by agreement moves them back
    // toward each other.
    let (mut ann, queued) = seek_ranked(addr, &ann_t).await;
    assert_eq!(queued["rating"].as_u64(), Some(ann_r.round() as u64));
    let (mut bo, _) = seek_ranked(addr, &bo_t).await;
    let (a, b) = both_matched(&mut ann, &mut bo).await;
    assert_eq!(a["opponent"]["rating"].as_u64(), Some(bo_r.round() as u64));
    let (mut ca, sa) = Client::join(addr, a["game"].as_str().unwrap(), a["token"].as_str()).await;
    let (mut cb, _) = Client::join(addr, b["game"].as_str().unwrap(), b["token"].as_str()).await;
    ca.send(&json!({"type": "offer_draw", "version": sa["version"]}))
        .await;
    cb.next_of("offer").await;
    cb.send(&json!({"type": "accept_draw", "version": sa["version"]}))
        .await;
    let over = cb.next_of("over").await;
    assert_eq!(over["result"]["winner"], Value::Null);
    let ratings = store.ratings_for_test();
    assert!(close(ratings.0, elo(ann_r, bo_r, 0.5)), "{ratings:?}");
    assert!(close(ratings.1, elo(bo_r, ann_r, 0.5)), "{ratings:?}");
}

/// Ann's and Bo's go9 ratings, read straight from the file.
trait RatingsForTest {
    fn ratings_for_test(&self) -> (f64, f64);
}

impl RatingsForTest for SqliteStore {
    fn ratings_for_test(&self) -> (f64, f64) {
        (
            self.rating("id-Ann", "go9").unwrap(),
            self.rating("id-Bo", "go9").unwrap(),
        )
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_as_ranked_games_end_the_server_rates_each_result_once() {
    let dir = TempDir::new("ranked-kill");
    let db = dir.db();
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    let far = game_server::now_ms() + 3_600_000;
    let (ann_t, bo_t) = (token_of("c3"), token_of("d4"));
    {
        let store = SqliteStore::open(&db).unwrap();
        account_with_session(&store, "Ann", &ann_t, far);
        account_with_session(&store, "Bo", &bo_t, far);
    }
    let (mut ann_r, mut bo_r) = (1200.0, 1200.0);
    // Five games; in each, Bo resigns and the server is killed at once, a little later
    // each time (before, during or after the commit).
    for round in 0..5u64 {
        let mut server = ServerProcess::start(&db, &web);
        let addr = server.addr;
        let (mut ann, _) = seek_ranked(addr, &ann_t).await;
        let (mut bo, _) = seek_ranked(addr, &bo_t).await;
        let (a, b) = both_matched(&mut ann, &mut bo).await;
        let id = b["game"].as_str().unwrap().to_string();
        let (mut c, state) = Client::join(addr, &id, b["token"].as_str()).await;
        c.send(&json!({"type": "resign", "version": state["version"]}))
            .await;
        tokio::time::sleep(Duration::from_millis(round)).await;
        server.kill();
        // Restarted: the game is over or not; if not, Bo resigns again.
        let server = ServerProcess::start(&db, &web);
        let addr = server.addr;
        let (mut c, state) = Client::join(addr, &id, b["token"].as_str()).await;
        if state["result"].is_null() {
            c.send(&json!({"type": "resign", "version": state["version"]}))
                .await;
            c.next_of("over").await;
        }
        drop(server);
        let _ = a;
        let (new_ann, new_bo) = (elo(ann_r, bo_r, 1.0), elo(bo_r, ann_r, 0.0));
        (ann_r, bo_r) = (new_ann, new_bo);
        let store = SqliteStore::open(&db).unwrap();
        let (ann_now, bo_now) = store.ratings_for_test();
        assert!(
            close(ann_now, ann_r) && close(bo_now, bo_r),
            "round {round}: {ann_now} {bo_now}, expected {ann_r} {bo_r}"
        );
        assert_eq!(
            store.game_changes(&id).unwrap().len(),
            2,
            "round {round}: one change a player"
        );
        assert_eq!(store.history("id-Bo", 100).unwrap().len() as u64, round + 1);
    }
}
