//! A game being played: the rules' state, its seats, clock, offers and result, and every
//! change to it, each written to the store before it is told to anyone.
//!
//! The rules crates are the only judge: a move is played on a copy of the game through
//! [`AnyGame::play`], and the copy replaces the game only once the store has committed.

use std::sync::Arc;

use game_catalog::{AnyGame, Level, MoveError, Outcome};
use serde_json::{Value, json};
use tokio::sync::{broadcast, watch};

use crate::clock::{Charge, Clock};
use crate::protocol::{ErrorCode, ProtocolError};
use crate::store::{
    EndReason, GameStore, MoveChange, SeatPlayer, StoreError, StoredEnd, StoredGame, StoredMove,
    Update,
};
use crate::token;

mod offers;
mod rematch;
mod view;

pub(crate) use rematch::{PRIVATE, rematch_for};

/// Messages a room sends to every connection watching it, as JSON text.
pub type Broadcast = broadcast::Sender<Arc<str>>;

/// What can be offered to the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// An agreed draw.
    Draw,
    /// Taking back the last move.
    Undo,
}

impl OfferKind {
    fn as_str(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Undo => "undo",
        }
    }
}

/// One game on the server.
#[derive(Debug)]
pub struct Room {
    id: String,
    game: AnyGame,
    digests: [Vec<u8>; 2],
    joined: [bool; 2],
    version: u64,
    clock: Option<Clock>,
    end: Option<StoredEnd>,
    /// The seat with an open offer of each kind: draw, undo.
    offers: [Option<usize>; 2],
    tx: Broadcast,
    /// The seat the server's computer plays, and its level.
    computer: Option<(usize, Level)>,
    /// Turns true when this server has lost the game to another (a write refused with
    /// [`StoreError::NotOwner`]): its connections close, to reconnect to the owner.
    gone: watch::Sender<bool>,
    /// Who sits in each seat (nicknames and accounts), as the game was made.
    players: [SeatPlayer; 2],
    /// Whether its result changes the players' ratings.
    rated: bool,
    /// The rating changes its result made, once read: per seat, before and after.
    ratings: Option<Value>,
    /// Which seats asked for a rematch.
    rematch_asks: [bool; 2],
    /// The rematch, once made.
    rematch: Option<rematch::Rematch>,
}

fn internal(e: &StoreError) -> ProtocolError {
    ProtocolError::new(
        ErrorCode::Internal,
        format!("the store failed; nothing changed: {e}"),
    )
}

fn refuse(code: ErrorCode, message: impl Into<String>) -> ProtocolError {
    ProtocolError::new(code, message)
}

impl Room {
    /// The room of a stored game: its moves replayed through the rules and its ending call
    /// applied again.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] if the spec or a move is refused by the rules.
    pub fn from_stored(stored: StoredGame) -> Result<Room, StoreError> {
        let mut game = AnyGame::parse_spec(&stored.spec)
            .map_err(|e| StoreError::Corrupt(format!("spec {}: {e}", stored.spec)))?;
        for m in &stored.moves {
            game.play(&m.text)
                .map_err(|e| StoreError::Corrupt(format!("move {}: {e}", m.ply)))?;
        }
        if let Some(end) = &stored.end {
            apply_call(&mut game, end.reason, end.seat);
        }
        let computer = match &stored.computer {
            None => None,
            Some(c) => Some((
                c.seat,
                c.level
                    .parse::<Level>()
                    .map_err(|e| StoreError::Corrupt(format!("the computer's level: {e}")))?,
            )),
        };
        let mut joined = stored.joined;
        if let Some((seat, _)) = computer {
            // The computer is always there: the clock starts when its opponent comes.
            joined[seat] = true;
        }
        let (tx, _) = broadcast::channel(256);
        Ok(Room {
            id: stored.id,
            game,
            digests: stored.token_digests,
            joined,
            version: stored.version,
            clock: stored.clock,
            end: stored.end,
            offers: [None; 2],
            tx,
            computer,
            gone: watch::Sender::new(false),
            players: stored.players,
            rated: stored.rated,
            ratings: None,
            rematch_asks: [false; 2],
            rematch: None,
        })
    }

    /// The game's id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The broadcast channel of the room's messages.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// The game's version (each change counts one).
    #[must_use]
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The computer's seat and level, when it is the computer's turn and its opponent has
    /// come (it does not play to an empty room, as the clock does not run for one).
    #[must_use]
    pub fn computer_to_move(&self) -> Option<(usize, Level)> {
        self.computer
            .filter(|&(seat, _)| self.seat_to_move() == Some(seat) && self.joined[1 - seat])
    }

    /// Turns true once this server no longer serves the game ([`Room::lose`]).
    #[must_use]
    pub fn gone(&self) -> watch::Receiver<bool> {
        self.gone.subscribe()
    }

    /// Whether this server has lost the game to another.
    #[must_use]
    pub fn is_gone(&self) -> bool {
        *self.gone.borrow()
    }

    /// Marks the game lost to another server: every connection to the room closes (code
    /// 1012), so that its client reconnects to the owner.
    pub fn lose(&self) {
        self.gone.send_replace(true);
    }

    /// Commits `update` on a blocking thread (SQLite waits on the disk). A write refused
    /// because another server owns the game now loses the room ([`Room::lose`]).
    async fn commit(
        &self,
        store: &Arc<dyn GameStore>,
        update: Update,
    ) -> Result<(), ProtocolError> {
        let store = Arc::clone(store);
        match tokio::task::spawn_blocking(move || store.update(&update)).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e @ StoreError::NotOwner { .. })) => {
                self.lose();
                Err(refuse(
                    ErrorCode::Unavailable,
                    format!("another server serves the game now; nothing changed: {e}"),
                ))
            }
            Ok(Err(e)) => Err(internal(&e)),
            Err(e) => Err(refuse(
                ErrorCode::Internal,
                format!("the store's task failed: {e}"),
            )),
        }
    }

    /// The rules' state.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The seat whose token is `token`, compared in constant time with both seats'.
    #[must_use]
    pub fn seat_of_token(&self, token: &str) -> Option<usize> {
        let first = token::matches(token, &self.digests[0]);
        let second = token::matches(token, &self.digests[1]);
        match (first, second) {
            (true, _) => Some(0),
            (false, true) => Some(1),
            (false, false) => None,
        }
    }

    /// The seat to move, `None` once the game is over.
    #[must_use]
    pub fn seat_to_move(&self) -> Option<usize> {
        (self.end.is_none() && !self.game.is_over()).then(|| self.game.seat_of(self.game.to_move()))
    }

    /// When the mover's flag falls (Unix milliseconds), if a clock runs.
    #[must_use]
    pub fn flag_deadline(&self) -> Option<u64> {
        let seat = self.seat_to_move()?;
        self.clock.as_ref()?.deadline(seat)
    }

    fn send(&self, message: &Value) {
        // No receiver is no error: nobody is watching.
        let _ = self.tx.send(Arc::from(message.to_string()));
    }

    fn update(&self, version: u64) -> Update {
        Update {
            id: self.id.clone(),
            from_version: self.version,
            version,
            joined: self.joined,
            clock: self.clock,
            change: None,
            end: self.end.clone(),
        }
    }

    fn check_open(&self, version: u64) -> Result<(), ProtocolError> {
        if self.end.is_some() || self.game.is_over() {
            return Err(refuse(ErrorCode::GameOver, "the game is over"));
        }
        if version != self.version {
            return Err(refuse(
                ErrorCode::Stale,
                format!(
                    "the message is for version {version}; the game is at version {}",
                    self.version
                ),
            ));
        }
        Ok(())
    }

    /// Seat `seat` has connected: marks it joined and starts the clock once both have.
    ///
    /// # Errors
    /// [`ErrorCode::Internal`] if the store fails.
    pub async fn join(
        &mut self,
        store: &Arc<dyn GameStore>,
        seat: usize,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        if self.joined[seat] {
            return Ok(());
        }
        let mut next = self.update(self.version);
        next.joined[seat] = true;
        let starts = next.joined == [true, true] && self.seat_to_move().is_some();
        if starts && let Some(clock) = &mut next.clock {
            clock.turn_started_ms = Some(now_ms);
        }
        self.commit(store, next.clone()).await?;
        self.joined = next.joined;
        self.clock = next.clock;
        self.send(&json!({"type": "joined", "seat": seat, "clock": self.clock_json(now_ms)}));
        Ok(())
    }

    /// Seat `seat` plays `text` against `version`.
    ///
    /// # Errors
    /// A typed refusal; the game is unchanged (but a flag found fallen ends it).
    pub async fn play(
        &mut self,
        store: &Arc<dyn GameStore>,
        seat: usize,
        version: u64,
        text: &str,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        self.check_open(version)?;
        if self.seat_to_move() != Some(seat) {
            return Err(refuse(ErrorCode::NotYourTurn, "the other seat is to move"));
        }
        let mut clock = self.clock;
        if let Some(c) = &mut clock
            && c.charge(seat, now_ms) == Charge::FlagFell
        {
            self.flag_fall(store, now_ms).await?;
            return Err(refuse(
                ErrorCode::GameOver,
                "your flag fell before the move arrived",
            ));
        }
        let mut game = self.game.clone();
        game.play(text).map_err(|e| match e {
            MoveError::Parse { .. } => refuse(ErrorCode::BadMove, e.to_string()),
            _ => refuse(ErrorCode::IllegalMove, e.to_string()),
        })?;
        let moves = game.moves();
        let canonical = moves.last().cloned().unwrap_or_default();
        let ply = moves.len() as u64;
        let end = game.is_over().then(|| rules_end(&game, now_ms));
        if end.is_some()
            && let Some(c) = &mut clock
        {
            c.turn_started_ms = None;
        }
        let mut next = self.update(self.version + 1);
        next.clock = clock;
        next.end.clone_from(&end);
        next.change = Some(MoveChange::Append(StoredMove {
            ply,
            seat,
            text: canonical.clone(),
            played_ms: now_ms,
        }));
        self.commit(store, next).await?;
        self.game = game;
        self.version += 1;
        self.clock = clock;
        self.end = end;
        self.offers = [None; 2];
        self.send(&json!({
            "type": "move",
            "version": self.version,
            "number": ply,
            "seat": seat,
            "move": canonical,
            "to_move": self.seat_to_move(),
            "seats": self.seat_names(),
            "clock": self.clock_json(now_ms),
        }));
        self.announce_over(store).await;
        Ok(())
    }

    /// Seat `seat` resigns.
    ///
    /// # Errors
    /// A typed refusal; the game is unchanged.
    pub async fn resign(
        &mut self,
        store: &Arc<dyn GameStore>,
        seat: usize,
        version: u64,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        self.check_open(version)?;
        self.end_by_call(store, EndReason::Resign, Some(seat), now_ms)
            .await
    }

    /// Ends the game on time if the mover's flag has fallen by `now_ms`; true if it did.
    ///
    /// # Errors
    /// [`ErrorCode::Internal`] if the store fails.
    pub async fn check_flag(
        &mut self,
        store: &Arc<dyn GameStore>,
        now_ms: u64,
    ) -> Result<bool, ProtocolError> {
        match self.flag_deadline() {
            Some(deadline) if now_ms >= deadline => {
                self.flag_fall(store, now_ms).await?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    async fn flag_fall(
        &mut self,
        store: &Arc<dyn GameStore>,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        let seat = self.seat_to_move();
        self.end_by_call(store, EndReason::Time, seat, now_ms).await
    }

    /// Ends the game by a call (resignation, time, agreed draw): through the rules where
    /// they have the call, else as the server's own result.
    async fn end_by_call(
        &mut self,
        store: &Arc<dyn GameStore>,
        reason: EndReason,
        seat: Option<usize>,
        now_ms: u64,
    ) -> Result<(), ProtocolError> {
        let mut game = self.game.clone();
        let by_rules = apply_call(&mut game, reason, seat);
        let names = self.seat_names();
        let (winner_seat, text) = if by_rules {
            let end = rules_end(&game, now_ms);
            (end.winner_seat, end.text)
        } else {
            match (reason, seat) {
                (EndReason::Draw, _) | (_, None) => (None, "draw by agreement".to_string()),
                (EndReason::Resign, Some(s)) => (
                    Some(1 - s),
                    format!(
                        "{} wins: {} resigned (the server's call; the rules have none)",
                        names[1 - s],
                        names[s]
                    ),
                ),
                (_, Some(s)) => (
                    Some(1 - s),
                    format!(
                        "{} wins on time: {} ran out of time",
                        names[1 - s],
                        names[s]
                    ),
                ),
            }
        };
        let mut clock = self.clock;
        if let Some(c) = &mut clock {
            match (reason, seat) {
                (EndReason::Time, Some(s)) => c.spend_all(s),
                _ => {
                    if let Some(mover) = self.seat_to_move() {
                        c.stop(mover, now_ms);
                    }
                }
            }
            c.turn_started_ms = None;
        }
        let end = StoredEnd {
            reason,
            seat,
            winner_seat,
            text,
            finished_ms: now_ms,
        };
        let mut next = self.update(self.version + 1);
        next.clock = clock;
        next.end = Some(end.clone());
        self.commit(store, next).await?;
        self.game = game;
        self.version += 1;
        self.clock = clock;
        self.end = Some(end);
        self.offers = [None; 2];
        self.announce_over(store).await;
        Ok(())
    }

    /// Once the game is over: its rating changes read (a rated game's, written with the
    /// result), then `over` sent with them.
    async fn announce_over(&mut self, store: &Arc<dyn GameStore>) {
        if self.end.is_none() {
            return;
        }
        if self.rated {
            self.read_ratings(store).await;
        }
        self.send(&json!({
            "type": "over",
            "version": self.version,
            "result": self.result_json(),
            "ratings": self.ratings,
        }));
    }

    /// Reads the rating changes the result made (a rated game, over): kept for `state`
    /// and `over`. A store that fails leaves them unknown, which the page shows as such.
    pub(crate) async fn read_ratings(&mut self, store: &Arc<dyn GameStore>) {
        if !self.rated || self.end.is_none() {
            return;
        }
        let (store, id) = (Arc::clone(store), self.id.clone());
        let read = tokio::task::spawn_blocking(move || {
            store.ratings().map(|r| r.game_changes(&id)).transpose()
        })
        .await;
        if let Ok(Ok(Some(changes))) = read
            && !changes.is_empty()
        {
            self.ratings = Some(Value::Array(
                changes
                    .iter()
                    .map(|c| json!({"seat": c.seat, "game": c.game, "before": c.before, "after": c.after}))
                    .collect(),
            ));
        }
    }
}

/// Applies an ending call to the rules' state where the rules have it; true if they did.
fn apply_call(game: &mut AnyGame, reason: EndReason, seat: Option<usize>) -> bool {
    let player = seat.and_then(|s| game.player_in_seat(s));
    if let (EndReason::Resign, Some(p)) = (reason, player) {
        return game.has_resignation() && game.resign(p).is_ok();
    }
    match (reason, player) {
        (EndReason::Rules, _) => true,
        (EndReason::Draw, _) => game.agree_draw().is_ok(),
        (EndReason::Time, Some(p)) => game.lose_on_time(p).is_ok(),
        _ => false,
    }
}

/// The result the rules give an ended game.
fn rules_end(game: &AnyGame, now_ms: u64) -> StoredEnd {
    let winner_seat = match game.outcome() {
        Outcome::Win { winner, .. } => Some(game.seat_of(winner)),
        _ => None,
    };
    StoredEnd {
        reason: EndReason::Rules,
        seat: None,
        winner_seat,
        text: game.outcome_text(),
        finished_ms: now_ms,
    }
}
