//! Where games are kept: the [`GameStore`] trait and its SQLite implementation.
//!
//! The server calls the store before it tells anyone of a change: a move, an undo, a clock
//! start or an end is one [`Update`], written in one transaction, and only after it has
//! committed is the change sent to the players and spectators. Another database (such as
//! PostgreSQL) is another implementation of the trait.

mod account_copy;
mod accounts;
mod backup;
mod group;
mod lobby;
mod open;
mod owners;
mod postgres;
mod ratings;
mod rows;
mod sqlite;

pub use account_copy::{AccountCopy, ChangeRow, RatingRow};
pub use accounts::{Account, AccountStore, StoredPasskey};
pub use backup::{BackupError, CopyReport, backup, restore};
pub use group::GroupCommit;
pub use lobby::LiveGame;
pub use open::{OpenedStore, is_postgres, shown};
pub use postgres::PgStore;
pub use ratings::{
    K_FACTOR, PlayedGame, RatingChange, RatingStore, START_RATING, Standing, elo_after, rating_game,
};
pub use sqlite::SqliteStore;

use crate::clock::Clock;

/// What can go wrong in a store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Database(String),
    /// The stored version is not the one the update was made from (another writer).
    #[error("game {id} changed under this server (version {found}, expected {expected})")]
    Conflict {
        /// The game.
        id: String,
        /// The version in the store.
        found: u64,
        /// The version the update expected.
        expected: u64,
    },
    /// A stored value is out of range.
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The game is served by another server (or by none) of the several on the database:
    /// this one lost it, and must not write it.
    #[error("game {id} is not this server's (its owner is {})", owner.as_deref().unwrap_or("no server"))]
    NotOwner {
        /// The game.
        id: String,
        /// Its owner now, if any.
        owner: Option<String>,
    },
    /// Another account has the name (whatever its case).
    #[error("the name {0:?} is taken")]
    NameTaken(String),
    /// The database was written by a newer server: this one would not know its schema.
    #[error(
        "the database's schema is version {found}, newer than this server's {known}: run the newer server, or restore a backup made for this one"
    )]
    NewerSchema {
        /// The newest version the database records.
        found: u32,
        /// The newest this server knows.
        known: u32,
    },
}

/// The newest schema version: both stores migrate to it (their migration lists end there).
pub const SCHEMA_VERSION: u32 = 7;

/// A new game, as made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The game's id.
    pub id: String,
    /// The canonical game spec (`kazura:size=9`).
    pub spec: String,
    /// The SHA-256 digests of the seats' tokens, seat 0 first.
    pub token_digests: [[u8; 32]; 2],
    /// The clock, if any (stopped).
    pub clock: Option<Clock>,
    /// When it was made (Unix milliseconds).
    pub created_ms: u64,
    /// The seat the server's computer plays, if any.
    pub computer: Option<ComputerSeat>,
    /// Who sits in each seat, as far as the server knows (quick match).
    pub players: [SeatPlayer; 2],
    /// Whether the game's end changes both players' ratings (both seats have accounts).
    pub rated: bool,
}

/// Who sits in a seat, as far as the server knows: the nickname shown to the opponent,
/// and the account, when the player was signed in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatPlayer {
    /// The name shown.
    pub nickname: Option<String>,
    /// The account's id.
    pub account: Option<String>,
}

/// The seat of a game the server's computer plays (issue 37), and how strong it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerSeat {
    /// The seat, 0 or 1.
    pub seat: usize,
    /// Its level's name (`easy`, `normal`, `hard`).
    pub level: String,
}

/// One move as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// The move's number, from 1.
    pub ply: u64,
    /// The seat that played it.
    pub seat: usize,
    /// Its canonical text.
    pub text: String,
    /// When it was played (Unix milliseconds).
    pub played_ms: u64,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// By the rules (the board, two passes, the move limit, …).
    Rules,
    /// A seat resigned.
    Resign,
    /// A seat's flag fell.
    Time,
    /// A draw both seats agreed.
    Draw,
    /// The server's operator ended it (`game-server end`): no winner.
    Ended,
}

impl EndReason {
    /// The stored word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Rules => "rules",
            EndReason::Resign => "resign",
            EndReason::Time => "time",
            EndReason::Draw => "draw",
            EndReason::Ended => "ended",
        }
    }

    /// The reason of a stored word.
    #[must_use]
    pub fn parse(word: &str) -> Option<EndReason> {
        Some(match word {
            "rules" => EndReason::Rules,
            "resign" => EndReason::Resign,
            "time" => EndReason::Time,
            "draw" => EndReason::Draw,
            "ended" => EndReason::Ended,
            _ => return None,
        })
    }
}

/// A game's result as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEnd {
    /// How it ended.
    pub reason: EndReason,
    /// The seat that made the call (resigned, ran out of time); `None` otherwise.
    pub seat: Option<usize>,
    /// The winning seat; `None` for a draw or no winner.
    pub winner_seat: Option<usize>,
    /// The result in words (the rules' `result:` text, or the server's for its own calls).
    pub text: String,
    /// When it ended (Unix milliseconds).
    pub finished_ms: u64,
}

/// A game as loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The canonical game spec.
    pub spec: String,
    /// The seats' token digests.
    pub token_digests: [Vec<u8>; 2],
    /// Which seats have joined at least once.
    pub joined: [bool; 2],
    /// The game's version.
    pub version: u64,
    /// The clock, if any.
    pub clock: Option<Clock>,
    /// Every move, in order.
    pub moves: Vec<StoredMove>,
    /// The result, once over.
    pub end: Option<StoredEnd>,
    /// When it was made.
    pub created_ms: u64,
    /// The seat the server's computer plays, if any.
    pub computer: Option<ComputerSeat>,
    /// Who sits in each seat.
    pub players: [SeatPlayer; 2],
    /// Whether the game is rated.
    pub rated: bool,
}

/// A change to the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveChange {
    /// A move played.
    Append(StoredMove),
    /// The last move (number `ply`) taken back.
    RemoveLast {
        /// The number of the move taken back.
        ply: u64,
    },
}

/// A game the retention policy lets go ([`GameStore::expired`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expired {
    /// The game.
    pub id: String,
    /// Whether it was finished (else abandoned).
    pub finished: bool,
}

/// One change to a game, written in one transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Update {
    /// The game.
    pub id: String,
    /// The version the change was made from (checked against the store).
    pub from_version: u64,
    /// The version after it.
    pub version: u64,
    /// Which seats have joined.
    pub joined: [bool; 2],
    /// The clock after the change.
    pub clock: Option<Clock>,
    /// The move list's change, if any.
    pub change: Option<MoveChange>,
    /// The result, if the change ended the game.
    pub end: Option<StoredEnd>,
}

/// A place to keep games.
pub trait GameStore: Send + Sync {
    /// Keeps a new game.
    ///
    /// # Errors
    /// [`StoreError`] if it could not be written.
    fn create(&self, game: &NewGame) -> Result<(), StoreError>;

    /// Loads the game `id`, moves and all; `None` if there is none.
    ///
    /// # Errors
    /// [`StoreError`] if it could not be read.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// Writes `update` in one transaction: all of it or nothing.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the stored version is not `update.from_version`, or
    /// another [`StoreError`]; nothing is written then.
    fn update(&self, update: &Update) -> Result<(), StoreError>;

    /// Writes several updates, each all or nothing on its own (one refused leaves the
    /// others), and gives each its result, in order. A store that can should commit them
    /// together (one transaction, one flush to disk: [`GroupCommit`] gathers them); this
    /// default writes them one by one with [`GameStore::update`].
    fn update_all(&self, updates: &[Update]) -> Vec<Result<(), StoreError>> {
        updates.iter().map(|u| self.update(u)).collect()
    }

    /// The ids of games not over whose clock is running (to restart their timers).
    ///
    /// # Errors
    /// [`StoreError`] if they could not be read.
    fn running_clocks(&self) -> Result<Vec<String>, StoreError>;

    /// The games the retention policy lets go at `now_ms` (`docs/server.md`, "Retention"):
    /// finished before `finished_before_ms`, or unfinished with nothing played, joined or
    /// made since `idle_before_ms` (`None` keeps that kind for ever). The default, a store
    /// that cannot list its games by age, lets none go.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn expired(
        &self,
        finished_before_ms: Option<u64>,
        idle_before_ms: Option<u64>,
    ) -> Result<Vec<Expired>, StoreError> {
        let _ = (finished_before_ms, idle_before_ms);
        Ok(Vec::new())
    }

    /// Deletes the games `ids` and their moves, in one transaction: how many were there.
    /// The default, a store that keeps everything, deletes none.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails (then nothing is deleted).
    fn delete_games(&self, ids: &[String]) -> Result<usize, StoreError> {
        let _ = ids;
        Ok(0)
    }

    /// The store's accounts (docs/server.md, "Accounts"), if it keeps any; the default
    /// keeps none.
    fn accounts(&self) -> Option<&dyn AccountStore> {
        None
    }

    /// The store's ratings (docs/server.md, "Ratings"), if it keeps any; the default keeps
    /// none.
    fn ratings(&self) -> Option<&dyn RatingStore> {
        None
    }

    /// The games going on (not over, both seats joined) whose last move, or making, was at
    /// or after `since_ms`: the latest first, at most `limit` (the lobby). The default, a
    /// store that cannot list them, has none.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn live_games(&self, since_ms: u64, limit: usize) -> Result<Vec<LiveGame>, StoreError> {
        let _ = (since_ms, limit);
        Ok(Vec::new())
    }

    /// Whether the store answers now (`GET /readyz`); the default says yes.
    ///
    /// # Errors
    /// [`StoreError`] if it does not.
    fn check(&self) -> Result<(), StoreError> {
        Ok(())
    }
}
