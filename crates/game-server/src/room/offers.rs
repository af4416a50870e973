//! Offers between the seats (an agreed draw, an undo) and taking back a move against the
//! server's computer.

use std::sync::Arc;

use game_catalog::Call;
use serde_json::json;

use super::{OfferKind, Room, refuse};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{EndReason, GameStore, MoveChange};

impl Room {
    /// Whether this game takes offers of `kind` at all: where its rules have an agreed
    /// draw or an undo (the catalog's descriptor; go9 alone today, docs/server.md
    /// "Decisions per game"). The `state` message carries the answer as `calls`, so a
    /// page never guesses.
    #[must_use]
    pub fn allows(&self, kind: OfferKind) -> bool {
        self.game.has(match kind {
            OfferKind::Draw => Call::AgreedDraw,
            OfferKind::Undo => Call::Undo,
        })
    }

    /// Seat `seat` offers a draw or an undo.
    ///
    /// # Errors
    /// [`ErrorCode::NotInRules`] where the game has no such call, [`ErrorCode::Refused`]
    /// when it cannot be made now, and the usual stale and over refusals.
    pub fn offer(
        &mut self,
        seat: usize,
        kind: OfferKind,
        version: u64,
    ) -> Result<(), ProtocolError> {
        self.check_open(version)?;
        if self.computer.is_some() {
            return Err(refuse(
                ErrorCode::Refused,
                "the computer plays on: no agreed draw (resign, or play to the end)",
            ));
        }
        self.check_allowed(kind)?;
        if kind == OfferKind::Undo && !self.game.can_undo() {
            return Err(refuse(ErrorCode::Refused, "no move to take back"));
        }
        let slot = &mut self.offers[kind as usize];
        if slot.is_some() {
            return Err(refuse(
                ErrorCode::Refused,
                format!("a {} offer is already open", kind.as_str()),
            ));
        }
        *slot = Some(seat);
        self.send(
            &json!({"type": "offer", "kind": kind.as_str(), "seat": seat, "version": self.version}),
        );
        Ok(())
    }

    /// Seat `seat` declines the opponent's open offers.
    ///
    /// # Errors
    /// [`ErrorCode::NoOffer`] if the opponent has none open.
    pub fn decline(&mut self, seat: usize, version: u64) -> Result<(), ProtocolError> {
        self.check_open(version)?;
        let mut any = false;
        for kind in [OfferKind::Draw, OfferKind::Undo] {
            if self.offers[kind as usize] == Some(1 - seat) {
                self.offers[kind as usize] = None;
                any = true;
                self.send(&json!({"type": "declined", "kind": kind.as_str(), "seat": seat}));
            }
        }
        if any {
            Ok(())
        } else {
            Err(refuse(ErrorCode::NoOffer, "the opponent has no open offer"))
        }
    }

    /// Seat `seat` accepts the opponent's open offer of `kind`.
    ///
    /// # Errors
    /// [`ErrorCode::NoOffer`] without one; the store's failure; the usual refusals.
    pub async fn accept(
        &mut self,
        store: &Arc<dyn GameStore>,
        seat: usize,
        kind: OfferKind,
        version: u64,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        self.check_open(version)?;
        if self.offers[kind as usize] != Some(1 - seat) {
            return Err(refuse(
                ErrorCode::NoOffer,
                format!("the opponent has no open {} offer", kind.as_str()),
            ));
        }
        match kind {
            OfferKind::Draw => self.end_by_call(store, EndReason::Draw, None, now_ms).await,
            OfferKind::Undo => self.undo(store, now_ms).await,
        }
    }

    /// Whether the server's computer plays a seat.
    #[must_use]
    pub fn has_computer(&self) -> bool {
        self.computer.is_some()
    }

    /// Seat `seat`, playing the computer, takes its last move back (the computer agrees at
    /// once): the computer's reply too if it has made one, so that it is `seat`'s turn
    /// again. A search the computer is running then finds the game changed and plays
    /// nothing.
    ///
    /// # Errors
    /// [`ErrorCode::NotInRules`] where the rules have no undo, [`ErrorCode::Refused`] with
    /// no move of `seat`'s to take back, the usual stale and over refusals, the store's
    /// failure (the moves taken back until then stay so).
    pub async fn take_back(
        &mut self,
        store: &Arc<dyn GameStore>,
        seat: usize,
        version: u64,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        self.check_open(version)?;
        self.check_allowed(OfferKind::Undo)?;
        // `seat`'s own last move: the last, or the one before the computer's reply.
        let mine = self.game.moves().len()
            >= if self.seat_to_move() == Some(seat) {
                2
            } else {
                1
            };
        if !self.game.can_undo() || !mine {
            return Err(refuse(ErrorCode::Refused, "no move of yours to take back"));
        }
        self.undo(store, now_ms).await?;
        if self.seat_to_move() != Some(seat) && self.game.can_undo() {
            self.undo(store, now_ms).await?;
        }
        Ok(())
    }

    /// [`ErrorCode::NotInRules`] unless the game's rules allow offers of `kind`.
    fn check_allowed(&self, kind: OfferKind) -> Result<(), ProtocolError> {
        if self.allows(kind) {
            return Ok(());
        }
        let what = match kind {
            OfferKind::Draw => "agreed draw",
            OfferKind::Undo => "undo",
        };
        Err(refuse(
            ErrorCode::NotInRules,
            format!("{}'s rules have no {what}", self.game.name()),
        ))
    }

    async fn undo(&mut self, store: &Arc<dyn GameStore>, now_ms: u64) -> Result<(), ProtocolError> {
        let mut game = self.game.clone();
        let ply = game.ply() as u64;
        let taken = game
            .undo()
            .map_err(|e| refuse(ErrorCode::Refused, e.to_string()))?;
        let mut clock = self.clock;
        if let Some(c) = &mut clock {
            c.restart_turn(now_ms);
        }
        let mut next = self.update(self.version + 1);
        next.clock = clock;
        next.change = Some(MoveChange::RemoveLast { ply });
        self.commit(store, next).await?;
        self.game = game;
        self.version += 1;
        self.clock = clock;
        self.offers = [None; 2];
        self.send(&json!({
            "type": "undo",
            "version": self.version,
            "number": ply,
            "move": taken,
            "to_move": self.seat_to_move(),
            "clock": self.clock_json(now_ms),
        }));
        Ok(())
    }
}
