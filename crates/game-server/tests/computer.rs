//! The server's computer in a seat (issue 37): a person plays it to the end, as either
//! seat; its moves come through the same path as a person's (committed, then heard by
//! everyone, the record replaying to the same game); its seat cannot be taken; it takes no
//! offers; a level that is none is refused. No test measures its speed or strength.

mod common;

use std::net::SocketAddr;

use common::{Client, MadeGame, Rng, http_json, loose, record, serve};
use game_catalog::AnyGame;
use serde_json::{Value, json};

/// Plays `game` as `seat` (the person) against the computer with seeded random legal
/// moves until it is over, a watcher hearing every move: the moves as heard, and the
/// `over` message.
async fn play_the_computer(
    addr: SocketAddr,
    game: &MadeGame,
    spec: &str,
    seat: usize,
) -> (Vec<String>, Value) {
    // The watcher first: the computer may move as soon as the person has come.
    let (mut watcher, _) = game.watch(addr).await;
    let (mut me, state) = game.join(addr, seat).await;
    assert_eq!(
        state["computer"],
        json!({"seat": 1 - seat, "level": "easy"})
    );
    assert_eq!(
        state["moves"],
        json!([]),
        "the computer waits for its opponent"
    );
    let mut mirror = AnyGame::parse_spec(spec).unwrap();
    let mut rng = Rng(37);
    let mut version = state["version"].as_u64().unwrap();
    let mut heard = Vec::new();
    loop {
        if mirror.is_over() {
            break;
        }
        let to_move = mirror.seat_of(mirror.to_move());
        if to_move == seat {
            let legal = mirror.legal_moves();
            let mv = legal[rng.below(legal.len())].clone();
            me.send_move(version, &mv).await;
        }
        // Mine acknowledged, or the computer's heard: the same message to the watcher.
        let m = loop {
            let m = me.recv().await.expect("the connection stays open");
            match m["type"].as_str() {
                Some("move") => break m,
                Some("joined") => {}
                _ => panic!("after {heard:?}, {to_move} to move: {m}"),
            }
        };
        assert_eq!(m["seat"], to_move);
        assert_eq!(watcher.next_of("move").await, m);
        let mv = m["move"].as_str().unwrap().to_string();
        mirror.play(&mv).unwrap();
        version = m["version"].as_u64().unwrap();
        heard.push(mv);
    }
    let over = me.next_of("over").await;
    assert_eq!(watcher.next_of("over").await, over);
    (heard, over)
}

#[tokio::test]
async fn a_person_plays_the_computer_to_the_end_as_either_seat() {
    let (_dir, server) = serve("computer-game", loose()).await;
    let addr = server.addr();
    for (side, seat) in [("first", 0), ("second", 1)] {
        let spec = "kazura:size=5";
        let game = MadeGame::new(
            addr,
            json!({"game": spec, "side": side, "computer": "easy"}),
        )
        .await;
        let opponent = &game.answer["opponent"];
        assert_eq!(opponent["computer"], "easy");
        assert_eq!(opponent["seat"], 1 - seat);
        assert!(
            opponent.get("token").is_none() && opponent.get("link").is_none(),
            "no seat to give away: {opponent}"
        );
        let (heard, over) = play_the_computer(addr, &game, spec, seat).await;
        let replayed = record(addr, &game.id).await;
        assert_eq!(replayed.moves(), heard, "every move committed, in order");
        assert!(replayed.is_over());
        assert_eq!(over["result"]["text"], replayed.outcome_text());
        // The computer moved: half the moves or so are its own.
        assert!(heard.len() >= 2);
    }
    server.stop().await;
}

#[tokio::test]
async fn the_computer_moves_first_once_its_opponent_comes() {
    let (_dir, server) = serve("computer-first", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(
        addr,
        json!({"game": "go9", "side": "white", "computer": "easy", "clock": {"main_ms": 600_000}}),
    )
    .await;
    // Nobody there: the game waits, its clock stopped.
    let (status, state) = http_json(addr, "GET", &format!("/games/{}", game.id), "").await;
    assert_eq!(status, 200);
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["clock"]["running"], Value::Null);
    let (mut white, state) = game.join(addr, 1).await;
    assert_eq!(state["computer"]["seat"], 0);
    let first = white.next_of("move").await;
    assert_eq!(first["seat"], 0);
    assert_eq!(first["number"], 1);
    // Its time ran while it thought: the clock started when White came.
    let state = white.sync().await;
    assert_eq!(state["clock"]["running"], 1);
    // It takes no offers.
    let refused = white
        .error_for(&json!({"type": "offer_draw", "version": state["version"]}))
        .await;
    assert_eq!(refused, "refused");
    server.stop().await;
}

#[tokio::test]
async fn a_level_that_is_none_is_refused() {
    let (_dir, server) = serve("computer-level", loose()).await;
    let addr = server.addr();
    let (status, answer) = http_json(
        addr,
        "POST",
        "/games",
        &json!({"game": "go9", "computer": "grandmaster"}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(answer["code"], "bad_message");
    assert!(answer["message"].as_str().unwrap().contains("grandmaster"));
    // The game between people is as it was: both seats for people.
    let game = MadeGame::new(addr, json!({"game": "go9"})).await;
    let (_c, state) = Client::join(addr, &game.id, Some(&game.tokens[1])).await;
    assert_eq!(state["computer"], Value::Null);
    server.stop().await;
}

#[tokio::test]
async fn a_move_taken_back_against_the_computer_takes_its_reply_back_too() {
    let (_dir, server) = serve("computer-undo", loose()).await;
    let addr = server.addr();
    let game = MadeGame::new(
        addr,
        json!({"game": "go9", "side": "black", "computer": "easy"}),
    )
    .await;
    let (mut black, state) = game.join(addr, 0).await;
    // Nothing of Black's to take back yet.
    let refused = black
        .error_for(&json!({"type": "offer_undo", "version": state["version"]}))
        .await;
    assert_eq!(refused, "refused");
    black.send_move(0, "E5").await;
    assert_eq!(black.next_of("move").await["move"], "E5");
    let reply = black.next_of("move").await;
    assert_eq!(reply["seat"], 1);
    black
        .send(&json!({"type": "offer_undo", "version": reply["version"]}))
        .await;
    // The computer agrees at once: its reply, then Black's move, taken back.
    let first = black.next_of("undo").await;
    assert_eq!(first["move"], reply["move"]);
    let second = black.next_of("undo").await;
    assert_eq!(second["move"], "E5");
    assert_eq!(second["to_move"], 0);
    let state = black.sync().await;
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["to_move"], 0);
    // And the game goes on: Black plays elsewhere, the computer answers.
    black
        .send_move(state["version"].as_u64().unwrap(), "C3")
        .await;
    assert_eq!(black.next_of("move").await["move"], "C3");
    assert_eq!(black.next_of("move").await["seat"], 1);
    let replayed = record(addr, &game.id).await;
    assert_eq!(replayed.moves().len(), 2);
    assert_eq!(replayed.moves()[0], "C3");
    server.stop().await;
}
