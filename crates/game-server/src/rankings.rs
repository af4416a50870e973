//! The leaderboards and a player's page (issue 37; docs/server.md, "Ratings"):
//! `GET /leaderboard/{game}` and `GET /players/{name}`, JSON read from the store's ratings.
//! Ratings are sent as the store keeps them (not rounded); the page rounds them.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::app::{App, blocking};
use crate::http::error_response;
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{GameStore, RatingChange, RatingStore, Standing, StoreError};

/// The games with a leaderboard: each game of the catalog (its spec's name).
pub const RATED_GAMES: [&str; 4] = ["go9", "kazura", "bao", "bind"];

/// How many players a leaderboard lists.
const LEADERBOARD_SIZE: usize = 100;

/// How many rating changes and games a player's page lists.
const PAGE_ROWS: usize = 50;

fn ratings(store: &dyn GameStore) -> Result<&dyn RatingStore, StoreError> {
    store
        .ratings()
        .ok_or_else(|| StoreError::Database("this store keeps no ratings".into()))
}

fn standing_json(s: &Standing) -> Value {
    json!({
        "name": s.name,
        "game": s.game,
        "rating": s.rating,
        "games": s.games,
        "wins": s.wins,
        "draws": s.draws,
        "losses": s.losses,
    })
}

fn change_json(c: &RatingChange) -> Value {
    json!({
        "game_id": c.game_id,
        "game": c.game,
        "seat": c.seat,
        "before": c.before,
        "after": c.after,
        "score": c.score,
        "at_ms": c.at_ms,
    })
}

fn ok(body: &Value) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body.to_string(),
    )
        .into_response()
}

/// `GET /leaderboard/{game}`: the best players of `game` (`go9`, `kazura`, `bao`, `bind`),
/// highest rating first, each with a rank.
pub(crate) async fn leaderboard(State(app): State<Arc<App>>, Path(game): Path<String>) -> Response {
    if !RATED_GAMES.contains(&game.as_str()) {
        return error_response(&ProtocolError::new(
            ErrorCode::NotFound,
            format!("no leaderboard for {game:?}: go9, kazura, bao or bind"),
        ));
    }
    let store = Arc::clone(&app.store);
    let key = game.clone();
    match blocking(move || ratings(&*store)?.leaderboard(&key, LEADERBOARD_SIZE)).await {
        Ok(board) => {
            let players: Vec<Value> = board
                .iter()
                .zip(1..)
                .map(|(s, rank)| {
                    let mut row = standing_json(s);
                    row["rank"] = json!(rank);
                    row
                })
                .collect();
            ok(&json!({"game": game, "players": players}))
        }
        Err(e) => error_response(&e),
    }
}

/// `GET /players/{name}`: an account's standings, rating history and games (each game's
/// record at `/games/ID/record`), whatever the name's case.
pub(crate) async fn player(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    let store = Arc::clone(&app.store);
    let asked = name.clone();
    let read = blocking(move || {
        let accounts = store
            .accounts()
            .ok_or_else(|| StoreError::Database("this store keeps no accounts".into()))?;
        let Some(account) = accounts.account_named(asked.trim())? else {
            return Ok(None);
        };
        let ratings = ratings(&*store)?;
        Ok(Some((
            account.name.clone(),
            account.created_ms,
            ratings.standings(&account.id)?,
            ratings.history(&account.id, PAGE_ROWS)?,
            ratings.games_of(&account.id, PAGE_ROWS)?,
        )))
    })
    .await;
    match read {
        Ok(Some((name, since, standings, history, games))) => ok(&json!({
            "name": name,
            "since_ms": since,
            "standings": standings.iter().map(standing_json).collect::<Vec<_>>(),
            "history": history.iter().map(change_json).collect::<Vec<_>>(),
            "games": games.iter().map(|g| json!({
                "id": g.id,
                "spec": g.spec,
                "seat": g.seat,
                "opponent": g.opponent,
                "rated": g.rated,
                "result": g.result,
                "winner_seat": g.winner_seat,
                "created_ms": g.created_ms,
                "record": format!("/games/{}/record", g.id),
            })).collect::<Vec<_>>(),
        })),
        Ok(None) => error_response(&ProtocolError::new(
            ErrorCode::NotFound,
            format!("no player is named {name:?}"),
        )),
        Err(e) => error_response(&e),
    }
}
