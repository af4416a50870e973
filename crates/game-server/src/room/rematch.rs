//! A rematch (issue 37; docs/server.md, "Rematch"): once a game is over, each player may
//! ask for another with the same opponent, game, clock and rating, colours swapped; when
//! both have asked (at once against the computer) the server makes it and tells each
//! player their own new seat's token, and the watchers the new game's id.
//!
//! The tokens travel through the room's broadcast as one internal message (marked by a
//! leading [`PRIVATE`] character, never JSON); each connection rewrites it for its own seat
//! ([`rematch_for`]) before anything leaves the server, so a token reaches only its seat.

use serde_json::{Value, json};

use super::{Room, refuse};
use crate::create::CreateRequest;
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::SeatPlayer;

/// The first character of a broadcast that a connection must rewrite for its seat.
pub(crate) const PRIVATE: char = '\u{1}';

/// The game a rematch made: its id and, for each seat of the old game, its new token
/// (`None` for the computer's seat).
#[derive(Clone, Debug)]
pub(crate) struct Rematch {
    game: String,
    tokens: [Option<String>; 2],
}

/// What a rematch needs to be made: the request (the old seat 0's player, or the person
/// against the computer, makes it), who plays (maker first), whether it is rated, and which
/// old seat the maker sat in.
pub(crate) struct RematchPlan {
    pub request: CreateRequest,
    pub players: [SeatPlayer; 2],
    pub rated: bool,
    pub maker_seat: usize,
}

impl Room {
    /// Seat `seat` asks for a rematch: `true` when it is to be made now (both asked, or the
    /// computer is the opponent), else the ask is told to everyone.
    ///
    /// # Errors
    /// [`ErrorCode::Refused`] while the game goes on, or once the rematch is made.
    pub(crate) fn ask_rematch(&mut self, seat: usize) -> Result<bool, ProtocolError> {
        if self.seat_to_move().is_some() {
            return Err(refuse(ErrorCode::Refused, "the game is not over"));
        }
        if self.rematch.is_some() {
            return Err(refuse(ErrorCode::Refused, "the rematch is made already"));
        }
        if self.computer.is_some() {
            return Ok(true);
        }
        self.rematch_asks[seat] = true;
        if self.rematch_asks == [true, true] {
            return Ok(true);
        }
        self.send(
            &json!({"type": "offer", "kind": "rematch", "seat": seat, "version": self.version}),
        );
        Ok(false)
    }

    /// The rematch's game: same spec, clock, computer and rating; the seats swapped.
    pub(crate) fn rematch_plan(&self) -> RematchPlan {
        let clock = self.clock.map(|c| c.spec);
        let spec = serde_json::Value::String(self.game.spec().to_string());
        let (maker_seat, computer) = match self.computer {
            Some((computer_seat, level)) => (1 - computer_seat, Some(level.name().to_string())),
            None => (0, None),
        };
        // The maker takes the seat the other had.
        let side = if maker_seat == 0 { "second" } else { "first" };
        RematchPlan {
            request: CreateRequest {
                game: spec,
                side: Some(side.into()),
                clock,
                computer,
            },
            players: [
                self.players[maker_seat].clone(),
                self.players[1 - maker_seat].clone(),
            ],
            rated: self.rated,
            maker_seat,
        }
    }

    /// The rematch was made (`made`, [`crate::App`]'s answer, `maker_seat` the old seat
    /// of its `you`): kept, and told to each connection for its own seat.
    pub(crate) fn rematch_made(&mut self, made: &Value, maker_seat: usize) {
        let token = |v: &Value| v["token"].as_str().map(str::to_string);
        let mut tokens = [None, None];
        tokens[maker_seat] = token(&made["you"]);
        tokens[1 - maker_seat] = token(&made["opponent"]);
        let rematch = Rematch {
            game: made["id"].as_str().unwrap_or_default().to_string(),
            tokens,
        };
        let internal = json!({"game": rematch.game, "tokens": rematch.tokens});
        let _ = self
            .tx
            .send(std::sync::Arc::from(format!("{PRIVATE}{internal}")));
        self.rematch = Some(rematch);
    }

    /// The rematch as `seat` (or a watcher, `None`) may see it in `state`: who asked, and
    /// once made, the game and this seat's token.
    pub(super) fn rematch_json(&self, seat: Option<usize>) -> Value {
        let asked: Vec<usize> = (0..2).filter(|&s| self.rematch_asks[s]).collect();
        match &self.rematch {
            None => json!({"asked": asked}),
            Some(r) => json!({
                "asked": asked,
                "game": r.game,
                "token": seat.and_then(|s| r.tokens[s].clone()),
            }),
        }
    }
}

/// The `rematch` message for `seat` from the internal broadcast `internal` (without its
/// [`PRIVATE`] mark): the new game, and this seat's token only.
#[must_use]
pub(crate) fn rematch_for(seat: Option<usize>, internal: &str) -> String {
    let value: Value = serde_json::from_str(internal).unwrap_or(Value::Null);
    let token = seat.map_or(Value::Null, |s| value["tokens"][s].clone());
    json!({"type": "rematch", "game": value["game"], "token": token}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_seat_is_told_its_own_token_and_a_watcher_none() {
        let internal = r#"{"game":"g2","tokens":["t0","t1"]}"#;
        let message = |seat| serde_json::from_str::<Value>(&rematch_for(seat, internal)).unwrap();
        assert_eq!(
            message(Some(0)),
            json!({"type": "rematch", "game": "g2", "token": "t0"})
        );
        assert_eq!(
            message(Some(1)),
            json!({"type": "rematch", "game": "g2", "token": "t1"})
        );
        assert_eq!(
            message(None),
            json!({"type": "rematch", "game": "g2", "token": null})
        );
    }
}
