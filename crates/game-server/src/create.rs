//! Making a game (`POST /games`): the request, its checks, the tokens drawn and the new
//! game kept; the answer names the seats, the maker's token and the opponent's link (or the
//! server's computer).

use std::sync::Arc;

use game_catalog::{AnyGame, GameSpec, Level};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::app::App;
use crate::clock::{Clock, ClockSpec};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{ComputerSeat, NewGame, SeatPlayer};
use crate::{now_ms, token};

fn refuse(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
    ProtocolError::new(code, message)
}

/// A request to make a game (`POST /games`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game spec: a string (`kazura:size=9`) or its JSON form.
    pub game: Value,
    /// The maker's side: `first`, `second`, a player's name (`black`, `north`, …) or
    /// `random` (the default).
    #[serde(default)]
    pub side: Option<String>,
    /// The clock, if any.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// The server's computer plays the other seat, at this level (`easy`, `normal`,
    /// `hard`); no seat is left for a person to join by link.
    #[serde(default)]
    pub computer: Option<String>,
}

impl App {
    /// Makes a game: checks the spec, side and clock, draws the tokens and keeps it.
    ///
    /// # Errors
    /// [`ErrorCode::BadSpec`], [`ErrorCode::BadClock`], [`ErrorCode::BadMessage`] for a bad
    /// side, [`ErrorCode::Internal`] if the store or the random source fails.
    pub(crate) async fn create(&self, request: CreateRequest) -> Result<Value, ProtocolError> {
        self.create_seated(request, Default::default(), false).await
    }

    /// [`App::create`] with who plays: `players` is the maker (the answer's `you`) and the
    /// opponent, seated once the maker's seat is drawn; and whether the game is rated.
    pub(crate) async fn create_seated(
        &self,
        request: CreateRequest,
        players: [SeatPlayer; 2],
        rated: bool,
    ) -> Result<Value, ProtocolError> {
        let spec = match &request.game {
            Value::String(text) => GameSpec::parse(text),
            other => GameSpec::from_json(&other.to_string()),
        }
        .map_err(|e| refuse(ErrorCode::BadSpec, e.to_string()))?;
        let game = AnyGame::new(&spec);
        if let Some(clock) = &request.clock {
            clock
                .validate()
                .map_err(|e| refuse(ErrorCode::BadClock, e.to_string()))?;
        }
        let names = game.player_names();
        let internal = |e: token::RandomError| refuse(ErrorCode::Internal, e.to_string());
        let side = request
            .side
            .as_deref()
            .unwrap_or("random")
            .to_ascii_lowercase();
        let seat = match side.as_str() {
            "first" => 0,
            "second" => 1,
            "random" => usize::from(token::new_token().map_err(internal)?.as_bytes()[0] % 2 == 1),
            name if name == names[0] => 0,
            name if name == names[1] => 1,
            other => {
                return Err(refuse(
                    ErrorCode::BadMessage,
                    format!(
                        "side {other:?}: first, second, random, {} or {}",
                        names[0], names[1]
                    ),
                ));
            }
        };
        let computer = match request.computer.as_deref() {
            None => None,
            Some(text) => Some(ComputerSeat {
                seat: 1 - seat,
                level: text
                    .parse::<Level>()
                    .map_err(|e| refuse(ErrorCode::BadMessage, format!("computer: {e}")))?
                    .name()
                    .to_string(),
            }),
        };
        let tokens = [
            token::new_token().map_err(internal)?,
            token::new_token().map_err(internal)?,
        ];
        let id = token::new_game_id().map_err(internal)?;
        let new = NewGame {
            id: id.clone(),
            spec: spec.to_string(),
            token_digests: [token::digest(&tokens[0]), token::digest(&tokens[1])],
            clock: request.clock.map(Clock::new),
            created_ms: now_ms(),
            computer: computer.clone(),
            players: {
                let [maker, other] = players;
                if seat == 0 {
                    [maker, other]
                } else {
                    [other, maker]
                }
            },
            rated,
        };
        let store = Arc::clone(&self.store);
        crate::app::blocking(move || store.create(&new)).await?;
        let other = 1 - seat;
        // The computer's seat has a token nobody is told: nobody can take its place.
        let opponent = match &computer {
            Some(c) => json!({"seat": other, "computer": c.level}),
            None => json!({
                "seat": other,
                "token": tokens[other],
                "link": format!("/?game={id}#token={}", tokens[other]),
            }),
        };
        Ok(json!({
            "id": id,
            "spec": spec.to_string(),
            "seats": names,
            "you": {"seat": seat, "token": tokens[seat]},
            "opponent": opponent,
            "watch_link": format!("/?game={id}"),
            "websocket": format!("/games/{id}/ws"),
            "clock": request.clock,
        }))
    }
}

impl App {
    /// Seat `seat` of `room` (over) asks for a rematch at `version`: made once both have
    /// asked (at once against the computer), colours swapped, each seat told its token.
    ///
    /// # Errors
    /// [`ErrorCode::Stale`] for another version, [`ErrorCode::Refused`] while the game goes
    /// on or once the rematch is made, the store's failure to make the game.
    pub(crate) async fn rematch(
        &self,
        room: &mut crate::room::Room,
        seat: usize,
        version: u64,
    ) -> Result<(), ProtocolError> {
        if version != room.version() {
            return Err(refuse(
                ErrorCode::Stale,
                format!("the game is at version {}", room.version()),
            ));
        }
        if !room.ask_rematch(seat)? {
            return Ok(());
        }
        let plan = room.rematch_plan();
        let made = self
            .create_seated(plan.request, plan.players, plan.rated)
            .await?;
        tracing::info!(game = %room.id(), rematch = %made["id"].as_str().unwrap_or(""), "rematch made");
        room.rematch_made(&made, plan.maker_seat);
        Ok(())
    }
}
