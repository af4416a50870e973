//! Whole games between two real WebSocket clients with a third watching, the records they
//! download, and a server restarted in the middle of a game.

mod common;

use common::table::Table;
use common::{MadeGame, http, loose, record, serve, start};
use game_catalog::AnyGame;
use serde_json::{Value, json};

async fn whole_game(spec: &str, seed: u64) {
    let (_dir, server) = serve("whole", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": spec, "side": "first"})).await;
    assert_eq!(game.answer["you"]["seat"], 0);
    let (mut table, [sa, sb]) = Table::seat(addr, &game, spec, seed).await;
    let sw = table.watch(addr).await;
    assert_eq!(
        (&sa["you"], &sb["you"], &sw["you"]),
        (&json!(0), &json!(1), &Value::Null)
    );
    assert_eq!(sw["spec"], table.mirror.spec().to_string());
    assert_eq!(sw["legal"], json!(table.mirror.legal_moves()));
    assert_eq!(sw["to_move"], table.to_move());
    // Seeded random legal moves until the game is over; every client hears of every move,
    // in order.
    table.play_to_end().await;
    let over = table.watchers[0].next_of("over").await;
    for p in &mut table.players {
        assert_eq!(p.next_of("over").await, over);
    }
    let mirror = &table.mirror;
    assert_eq!(over["result"]["reason"], "rules");
    assert_eq!(over["result"]["text"], mirror.outcome_text());

    // The record downloads and replays to the same final state.
    assert_eq!(&record(addr, &game.id).await, mirror);
    let (status, sgf) = http(addr, "GET", &format!("/games/{}/record.sgf", game.id), "").await;
    if spec == "go9" {
        assert_eq!(status, 200);
        assert!(sgf.starts_with("(;"));
        assert_eq!(AnyGame::read_record(&sgf).unwrap().moves(), mirror.moves());
    } else {
        assert_eq!(status, 404);
        assert!(sgf.contains("\"not_found\""));
    }
    // A finished game refuses more moves, and the state says it is over.
    let state = table.players[0].sync().await;
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
    let (dir, server) = serve("restart", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "second"})).await;
    let (mut table, _) = Table::seat(addr, &game, "go9", 26).await;
    table.watch(addr).await;
    table.play(20).await;
    assert_eq!(table.version, 20);
    server.stop().await;
    // Every connection is closed by the stop.
    for c in table.players.iter_mut().chain(&mut table.watchers) {
        c.drain_moves().await;
    }

    let server = start(&dir.db(), loose()).await;
    let addr = server.addr();
    for state in table.rejoin(addr).await {
        assert_eq!(state["moves"], json!(table.mirror.moves()));
        assert_eq!(state["version"], table.version);
    }
    table.watchers.clear();
    table.watch(addr).await;
    table.play_to_end().await;
    table.watchers[0].next_of("over").await;
    assert_eq!(record(addr, &game.id).await, table.mirror);
    server.stop().await;

    // A third server, on the same file, still has the finished game.
    let server = start(&dir.db(), loose()).await;
    assert_eq!(record(server.addr(), &game.id).await, table.mirror);
    server.stop().await;
}

#[tokio::test]
async fn undo_and_draw_need_the_opponents_consent() {
    let (_dir, server) = serve("consent", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "go9", "side": "black"})).await;
    let ([mut a, mut b], _) = game.join_seats(addr).await;
    a.send_move(0, "E5").await;
    b.next_of("move").await;
    // Undo: asked, declined, asked again, accepted.
    a.send(&json!({"type": "offer_undo", "version": 1})).await;
    assert_eq!(b.next_of("offer").await["kind"], "undo");
    b.send(&json!({"type": "decline", "version": 1})).await;
    assert_eq!(a.next_of("declined").await["kind"], "undo");
    let accept = json!({"type": "accept_undo", "version": 1});
    assert_eq!(a.error_for(&accept).await, "no_offer"); // one's own offer is not the opponent's
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
    let replayed = record(addr, &game.id).await;
    assert!(replayed.is_over());
    assert_eq!(replayed.outcome_text(), over["result"]["text"]);
    server.stop().await;
}

#[tokio::test]
async fn resignation_by_the_rules_and_by_the_server() {
    let (_dir, server) = serve("resign", loose()).await;
    let addr = server.addr();
    for (spec, by_rules) in [("kazura:size=5", true), ("bao", false), ("bind", true)] {
        let game = MadeGame::new(addr, json!({"game": spec, "side": "first"})).await;
        let ([_a, mut b], _) = game.join_seats(addr).await;
        // Either seat may resign, on turn or not.
        b.send(&json!({"type": "resign", "version": 0})).await;
        let over = b.next_of("over").await;
        assert_eq!(over["result"]["reason"], "resign");
        assert_eq!(over["result"]["winner"], 0);
        let replayed = record(addr, &game.id).await;
        assert_eq!(replayed.is_over(), by_rules, "{spec}");
        if by_rules {
            assert_eq!(replayed.outcome_text(), over["result"]["text"]);
        }
        let resign = json!({"type": "resign", "version": 1});
        assert_eq!(b.error_for(&resign).await, "game_over");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_dropped_connection_rejoins_where_the_game_stands() {
    let (_dir, server) = serve("rejoin", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "bind", "side": "first"})).await;
    let (mut table, _) = Table::seat(addr, &game, "bind", 7).await;
    table.watch(addr).await;
    table.play(3).await;
    // Seat 1 (to move) drops; seat 0 cannot play for it meanwhile.
    let [mut a, b] = table.players;
    drop(b);
    a.send_move(table.version, &table.mirror.legal_moves()[0])
        .await;
    assert_eq!(a.error_code().await, "not_your_turn");
    let (b, state) = game.join(addr, 1).await;
    assert_eq!(state["you"], 1);
    assert_eq!(state["moves"], json!(table.mirror.moves()));
    assert_eq!(state["version"], table.version);
    assert_eq!(state["to_move"], 1);
    assert_eq!(state["legal"], json!(table.mirror.legal_moves()));
    table.players = [a, b];
    table.play_to_end().await;
    let over = table.watchers[0].next_of("over").await;
    assert!(over["result"]["text"] == table.mirror.outcome_text());
    server.stop().await;
}

#[tokio::test]
async fn seats_keep_their_tokens_through_kazuras_swap() {
    let (_dir, server) = serve("swap", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(addr, json!({"game": "kazura:size=5", "side": "first"})).await;
    let (mut a, s) = game.join(addr, 0).await;
    assert_eq!(s["seats"], json!(["black", "white"]));
    let (mut b, _) = game.join(addr, 1).await;
    a.send_move(0, "C3").await;
    a.next_of("move").await;
    b.next_of("move").await;
    b.send_move(1, "swap").await;
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
    other.send_move(2, &legal).await;
    assert_eq!(other.error_code().await, "not_your_turn");
    mover_client.send_move(2, &legal).await;
    assert_eq!(other.next_of("move").await["seat"], mover);
    server.stop().await;
}

#[tokio::test]
async fn the_server_says_what_it_is_for_a_page_deciding_to_offer_online_play() {
    let (_dir, server) = serve("server-info", loose()).await;
    let (status, body) = http(server.addr(), "GET", "/server.json", "").await;
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(info["server"], "game-server");
    assert_eq!(info["protocol"], 1);
    assert_eq!(info["max_message_bytes"], 4096);
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    server.stop().await;
}
