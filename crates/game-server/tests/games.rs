//! Whole games between two real WebSocket clients with a third watching, the records they
//! download, and a server restarted in the middle of a game.

mod common;

use common::{Client, Rng, TempDir, create, http, loose, start, tokens};
use game_catalog::AnyGame;
use serde_json::{Value, json};

/// Plays seeded random legal moves (chosen on the client side from its own copy of the
/// game) until the game is over or `stop_after` moves have been played; every client
/// must hear of every move, in order. Returns the version reached.
async fn play_moves(
    players: &mut [Client; 2],
    watcher: &mut Client,
    mirror: &mut AnyGame,
    mut version: u64,
    mut to_move: usize,
    rng: &mut Rng,
    stop_after: Option<usize>,
) -> u64 {
    let mut played = 0;
    while !mirror.is_over() && stop_after.is_none_or(|n| played < n) {
        let legal = mirror.legal_moves();
        let mv = legal[rng.below(legal.len())].clone();
        players[to_move]
            .send(&json!({"type": "move", "version": version, "move": mv}))
            .await;
        let mut heard = Vec::new();
        for c in players.iter_mut().chain(std::iter::once(&mut *watcher)) {
            heard.push(c.next_of("move").await);
        }
        for m in &heard {
            assert_eq!(m, &heard[0], "every client hears the same move");
        }
        let m = &heard[0];
        assert_eq!(m["move"], mv.as_str());
        assert_eq!(m["seat"], to_move);
        assert_eq!(m["number"], mirror.ply() + 1);
        mirror.play(&mv).unwrap();
        version = m["version"].as_u64().unwrap();
        if let Some(next) = m["to_move"].as_u64() {
            to_move = next as usize;
            assert_eq!(to_move, mirror.seat_of(mirror.to_move()));
        }
        played += 1;
    }
    version
}

async fn whole_game(spec: &str, seed: u64) {
    let dir = TempDir::new("whole");
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    let made = create(addr, json!({"game": spec, "side": "first"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["you"]["seat"], 0);
    let t = tokens(&made);
    let (a, sa) = Client::join(addr, &id, Some(&t[0])).await;
    let (b, sb) = Client::join(addr, &id, Some(&t[1])).await;
    let (mut watcher, sw) = Client::join(addr, &id, None).await;
    assert_eq!(
        (&sa["you"], &sb["you"], &sw["you"]),
        (&json!(0), &json!(1), &Value::Null)
    );
    let mut mirror = AnyGame::parse_spec(spec).unwrap();
    assert_eq!(sw["spec"], mirror.spec().to_string());
    assert_eq!(sw["legal"], json!(mirror.legal_moves()));
    let mut players = [a, b];
    let mut rng = Rng(seed);
    let to_move = sw["to_move"].as_u64().unwrap() as usize;
    play_moves(
        &mut players,
        &mut watcher,
        &mut mirror,
        0,
        to_move,
        &mut rng,
        None,
    )
    .await;
    let over = watcher.next_of("over").await;
    for p in &mut players {
        assert_eq!(p.next_of("over").await, over);
    }
    assert_eq!(over["result"]["reason"], "rules");
    assert_eq!(over["result"]["text"], mirror.outcome_text());

    // The record downloads and replays to the same final state.
    let (status, record) = http(addr, "GET", &format!("/games/{id}/record"), "").await;
    assert_eq!(status, 200);
    let replayed = AnyGame::read_record(&record).unwrap();
    assert_eq!(replayed, mirror);
    let (status, sgf) = http(addr, "GET", &format!("/games/{id}/record.sgf"), "").await;
    if spec == "go9" {
        assert_eq!(status, 200);
        assert!(sgf.starts_with("(;"));
        assert_eq!(AnyGame::read_record(&sgf).unwrap().moves(), mirror.moves());
    } else {
        assert_eq!(status, 404);
        assert!(sgf.contains("\"not_found\""));
    }
    // A finished game refuses more moves, and the state says it is over.
    let state = players[0].sync().await;
    assert_eq!(state["result"], over["result"]);
    assert_eq!(state["moves"], json!(mirror.moves()));
    server.stop().await;
}

#[tokio::test]
async fn a_whole_kazura_game() {
    whole_game("kazura:size=7", 1).await;
}

#[tokio::test]
async fn a_whole_bao_game() {
    whole_game("bao", 2).await;
}

#[tokio::test]
async fn a_whole_go9_game() {
    whole_game("go9", 3).await;
}

#[tokio::test]
async fn a_whole_bind_game() {
    whole_game("bind", 4).await;
}

#[tokio::test]
async fn a_restarted_server_loses_no_move() {
    let dir = TempDir::new("restart");
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    let made = create(addr, json!({"game": "go9", "side": "second"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let t = tokens(&made);
    let (a, _) = Client::join(addr, &id, Some(&t[0])).await;
    let (b, _) = Client::join(addr, &id, Some(&t[1])).await;
    let (mut w, _) = Client::join(addr, &id, None).await;
    let mut players = [a, b];
    let mut mirror = AnyGame::parse_spec("go9").unwrap();
    let mut rng = Rng(26);
    let version = play_moves(&mut players, &mut w, &mut mirror, 0, 0, &mut rng, Some(20)).await;
    assert_eq!(version, 20);
    server.stop().await;
    // Every connection is closed by the stop.
    for c in players.iter_mut().chain(std::iter::once(&mut w)) {
        while c.recv().await.is_some() {}
    }

    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    let mut rejoined = Vec::new();
    for token in &t {
        let mut c = Client::connect(addr, &id).await;
        c.send(&json!({"type": "hello", "protocol": 1, "token": token, "last_version": version}))
            .await;
        let state = c.next_of("state").await;
        assert_eq!(state["moves"], json!(mirror.moves()));
        assert_eq!(state["version"], version);
        rejoined.push(c);
    }
    let (mut w, _) = Client::join(addr, &id, None).await;
    let [a, b]: [Client; 2] = rejoined.try_into().ok().unwrap();
    let mut players = [a, b];
    let to_move = mirror.seat_of(mirror.to_move());
    play_moves(
        &mut players,
        &mut w,
        &mut mirror,
        version,
        to_move,
        &mut rng,
        None,
    )
    .await;
    w.next_of("over").await;
    let (_, record) = http(addr, "GET", &format!("/games/{id}/record"), "").await;
    assert_eq!(AnyGame::read_record(&record).unwrap(), mirror);
    server.stop().await;

    // A third server, on the same file, still has the finished game.
    let server = start(&dir.db(), loose()).await;
    let (_, record) = http(server.addr(), "GET", &format!("/games/{id}/record"), "").await;
    assert_eq!(AnyGame::read_record(&record).unwrap(), mirror);
    server.stop().await;
}

#[tokio::test]
async fn undo_and_draw_need_the_opponents_consent() {
    let dir = TempDir::new("consent");
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    let made = create(addr, json!({"game": "go9", "side": "black"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let t = tokens(&made);
    let (mut a, _) = Client::join(addr, &id, Some(&t[0])).await;
    let (mut b, _) = Client::join(addr, &id, Some(&t[1])).await;
    a.send(&json!({"type": "move", "version": 0, "move": "E5"}))
        .await;
    b.next_of("move").await;
    // Undo: asked, declined, asked again, accepted.
    a.send(&json!({"type": "offer_undo", "version": 1})).await;
    assert_eq!(b.next_of("offer").await["kind"], "undo");
    b.send(&json!({"type": "decline", "version": 1})).await;
    assert_eq!(a.next_of("declined").await["kind"], "undo");
    a.send(&json!({"type": "accept_undo", "version": 1})).await;
    assert_eq!(a.error_code().await, "no_offer"); // one's own offer is not the opponent's
    a.send(&json!({"type": "offer_undo", "version": 1})).await;
    b.next_of("offer").await;
    b.send(&json!({"type": "accept_undo", "version": 1})).await;
    let undo = a.next_of("undo").await;
    assert_eq!(
        (&undo["move"], &undo["version"], &undo["to_move"]),
        (&json!("E5"), &json!(2), &json!(0))
    );
    assert_eq!(b.sync().await["moves"], json!([]));
    // Draw: offered by White off turn, accepted by Black.
    b.send(&json!({"type": "offer_draw", "version": 2})).await;
    a.next_of("offer").await;
    a.send(&json!({"type": "accept_draw", "version": 2})).await;
    let over = b.next_of("over").await;
    assert_eq!(over["result"]["reason"], "draw");
    assert_eq!(over["result"]["winner"], Value::Null);
    let (_, record) = http(addr, "GET", &format!("/games/{id}/record"), "").await;
    let game = AnyGame::read_record(&record).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome_text(), over["result"]["text"]);
    server.stop().await;
}

#[tokio::test]
async fn resignation_by_the_rules_and_by_the_server() {
    let dir = TempDir::new("resign");
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    for (spec, by_rules) in [("kazura:size=5", true), ("bao", false), ("bind", true)] {
        let made = create(addr, json!({"game": spec, "side": "first"})).await;
        let id = made["id"].as_str().unwrap().to_string();
        let t = tokens(&made);
        let (_a, _) = Client::join(addr, &id, Some(&t[0])).await;
        let (mut b, _) = Client::join(addr, &id, Some(&t[1])).await;
        // Either seat may resign, on turn or not.
        b.send(&json!({"type": "resign", "version": 0})).await;
        let over = b.next_of("over").await;
        assert_eq!(over["result"]["reason"], "resign");
        assert_eq!(over["result"]["winner"], 0);
        let (_, record) = http(addr, "GET", &format!("/games/{id}/record"), "").await;
        let game = AnyGame::read_record(&record).unwrap();
        assert_eq!(game.is_over(), by_rules, "{spec}");
        if by_rules {
            assert_eq!(game.outcome_text(), over["result"]["text"]);
        }
        b.send(&json!({"type": "resign", "version": 1})).await;
        assert_eq!(b.error_code().await, "game_over");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_dropped_connection_rejoins_where_the_game_stands() {
    let dir = TempDir::new("rejoin");
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    let made = create(addr, json!({"game": "bind", "side": "first"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let t = tokens(&made);
    let (a, _) = Client::join(addr, &id, Some(&t[0])).await;
    let (b, _) = Client::join(addr, &id, Some(&t[1])).await;
    let (mut w, _) = Client::join(addr, &id, None).await;
    let mut players = [a, b];
    let mut mirror = AnyGame::parse_spec("bind").unwrap();
    let mut rng = Rng(7);
    let version = play_moves(&mut players, &mut w, &mut mirror, 0, 0, &mut rng, Some(3)).await;
    // Seat 1 (to move) drops; seat 0 cannot play for it meanwhile.
    let [mut a, b] = players;
    drop(b);
    a.send(&json!({"type": "move", "version": version, "move": mirror.legal_moves()[0]}))
        .await;
    assert_eq!(a.error_code().await, "not_your_turn");
    let (b, state) = Client::join(addr, &id, Some(&t[1])).await;
    assert_eq!(state["you"], 1);
    assert_eq!(state["moves"], json!(mirror.moves()));
    assert_eq!(state["version"], version);
    assert_eq!(state["to_move"], 1);
    assert_eq!(state["legal"], json!(mirror.legal_moves()));
    let mut players = [a, b];
    play_moves(
        &mut players,
        &mut w,
        &mut mirror,
        version,
        1,
        &mut rng,
        None,
    )
    .await;
    assert!(w.next_of("over").await["result"]["text"] == mirror.outcome_text());
    server.stop().await;
}

#[tokio::test]
async fn seats_keep_their_tokens_through_kazuras_swap() {
    let dir = TempDir::new("swap");
    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    let made = create(addr, json!({"game": "kazura:size=5", "side": "first"})).await;
    let id = made["id"].as_str().unwrap().to_string();
    let t = tokens(&made);
    let (mut a, s) = Client::join(addr, &id, Some(&t[0])).await;
    assert_eq!(s["seats"], json!(["black", "white"]));
    let (mut b, _) = Client::join(addr, &id, Some(&t[1])).await;
    a.send(&json!({"type": "move", "version": 0, "move": "C3"}))
        .await;
    a.next_of("move").await;
    b.next_of("move").await;
    b.send(&json!({"type": "move", "version": 1, "move": "swap"}))
        .await;
    let m = a.next_of("move").await;
    assert_eq!(m["move"], "swap");
    assert_eq!(b.next_of("move").await, m);
    assert_eq!(
        m["seats"],
        json!(["white", "black"]),
        "the move says who holds which colour now"
    );
    let mut mirror = AnyGame::parse_spec("kazura:size=5").unwrap();
    mirror.play_line("C3 swap").unwrap();
    assert_eq!(m["to_move"], mirror.seat_of(mirror.to_move()));
    let state = a.sync().await;
    assert_eq!(state["seats"], json!(["white", "black"]));
    // The seat to move is the one the rules say, whichever colour it now holds.
    let mover = state["to_move"].as_u64().unwrap() as usize;
    let (mover_client, other) = if mover == 0 {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let legal = mirror.legal_moves()[0].clone();
    other
        .send(&json!({"type": "move", "version": 2, "move": legal}))
        .await;
    assert_eq!(other.error_code().await, "not_your_turn");
    mover_client
        .send(&json!({"type": "move", "version": 2, "move": legal}))
        .await;
    assert_eq!(other.next_of("move").await["seat"], mover);
    server.stop().await;
}

#[tokio::test]
async fn the_server_says_what_it_is_for_a_page_deciding_to_offer_online_play() {
    let dir = TempDir::new("server-info");
    let server = start(&dir.db(), loose()).await;
    let (status, body) = http(server.addr(), "GET", "/server.json", "").await;
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(info["server"], "game-server");
    assert_eq!(info["protocol"], 1);
    assert_eq!(info["max_message_bytes"], 4096);
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    server.stop().await;
}
