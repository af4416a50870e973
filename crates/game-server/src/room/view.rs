//! What a room shows: the `state` message and the clock and result inside messages.

use serde_json::{Value, json};

use super::{OfferKind, Room};
use crate::protocol::PROTOCOL_VERSION;

impl Room {
    /// The player names in each seat (`["black", "white"]`, swapped after Kazura's swap).
    pub(super) fn seat_names(&self) -> [&'static str; 2] {
        let names = self.game.player_names();
        let of = |seat: usize| {
            self.game
                .player_in_seat(seat)
                .map_or(names[seat], |p| names[p.index()])
        };
        [of(0), of(1)]
    }

    pub(super) fn result_json(&self) -> Value {
        match &self.end {
            None => Value::Null,
            Some(e) => json!({
                "reason": e.reason.as_str(),
                "seat": e.seat,
                "winner": e.winner_seat,
                "text": e.text,
            }),
        }
    }

    pub(super) fn clock_json(&self, now_ms: u64) -> Value {
        let Some(c) = &self.clock else {
            return Value::Null;
        };
        let to_move = self.seat_to_move().filter(|_| c.turn_started_ms.is_some());
        let side = |s: usize| {
            let v = c.view(s, to_move, now_ms);
            json!({
                "remaining_ms": v.remaining_ms,
                "periods": v.periods,
                "period_left_ms": c.period_left_ms(s, to_move, now_ms),
            })
        };
        json!({
            "spec": c.spec,
            "sides": [side(0), side(1)],
            "running": to_move,
        })
    }

    /// The whole state as the `state` message, for `you` (a seat, or `None` for a
    /// spectator).
    #[must_use]
    pub fn state_json(&self, you: Option<usize>, now_ms: u64) -> Value {
        let offer = |k: OfferKind| self.offers[k as usize];
        json!({
            "type": "state",
            "protocol": PROTOCOL_VERSION,
            "game": self.id,
            "spec": self.game.spec().to_string(),
            "you": you,
            "seats": self.seat_names(),
            "joined": self.joined,
            "moves": self.game.moves(),
            "version": self.version,
            "to_move": self.seat_to_move(),
            "legal": if self.end.is_some() { Vec::new() } else { self.game.legal_moves() },
            "can_undo": self.game.can_undo(),
            "calls": {
                "resign": true,
                "draw": self.allows(OfferKind::Draw),
                "undo": self.allows(OfferKind::Undo),
            },
            "offers": {"draw": offer(OfferKind::Draw), "undo": offer(OfferKind::Undo)},
            "clock": self.clock_json(now_ms),
            "computer": self.computer.map(|(seat, level)| json!({"seat": seat, "level": level.name()})),
            "players": self.players.iter().map(|p| json!({"nickname": p.nickname})).collect::<Vec<_>>(),
            "rated": self.rated,
            "ratings": self.ratings,
            "rematch": self.rematch_json(you),
            "result": self.result_json(),
            "server_ms": now_ms,
        })
    }
}
