//! Why a Bao record does not load: [`RecordError`], and [`BadMoveReason`] for a move
//! (`docs/bao-nyakua.md`, "Records").

use thiserror::Error;

use crate::record::json;
use crate::setup::SetupError;

/// Why a record was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// Not JSON of the record's shape (the JSON parser's message).
    #[error("not a Bao NYAKUA trial A record: {0}")]
    Json(String),
    /// The record is marked as another game's or another format's: `found` is its
    /// `format` (or, in a record without one, the `game` the workspace's other games write).
    #[error(
        "not a supported proposal A trial record: marked {}, expected format \"bao-nakakamado-nyakua-a-trial\"",
        json(found)
    )]
    WrongGame {
        /// The record's `format`.
        found: String,
    },
    /// Move `number` (counted from 1) could not be read or played as recorded.
    #[error("move {number}: {reason}")]
    BadMove {
        /// The move's number from 1.
        number: usize,
        /// The move as written: the entry's move object as JSON, or the whole entry when
        /// it does not read.
        text: String,
        /// What is wrong with it.
        reason: BadMoveReason,
    },
    /// The record's `final`, `adjudication` or `outcome` is not the replayed game's.
    #[error("final result mismatch: {field} is {recorded}, the replayed game gives {replayed}")]
    ResultMismatch {
        /// The field: `final`, `adjudication` or `outcome`.
        field: &'static str,
        /// The record's value as JSON.
        recorded: String,
        /// The replayed value as JSON.
        replayed: String,
    },
    /// A header field that replay checks has the wrong value.
    #[error("not a supported proposal A trial record: {field} is {found}, expected {expected}")]
    Header {
        /// The field.
        field: &'static str,
        /// Its value in the record.
        found: String,
        /// The value it must have.
        expected: &'static str,
    },
    /// The `ruleset` field is neither absent nor `seed`.
    #[error("ruleset `{0}` is unknown: a record says \"seed\" or has no ruleset field (reference)")]
    Ruleset(String),
    /// The `setup` field is not a position to play from.
    #[error("the record's setup is not a position to play from: {0}")]
    Setup(#[from] SetupError),
}

/// What is wrong with one move of a record ([`RecordError::BadMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadMoveReason {
    /// The history entry is not an entry's shape (an unknown field or value, a count out of
    /// range): the JSON parser's message.
    #[error("not a history entry: {0}")]
    Unreadable(String),
    /// The entry's mover is not the player to move.
    #[error("wrong player in record: {found} moves, but {expected} is to move")]
    WrongPlayer {
        /// The entry's player.
        found: u8,
        /// The player to move.
        expected: u8,
    },
    /// The move is not legal where it stands (or does not describe a legal move).
    #[error("illegal move {object}")]
    Illegal {
        /// The move object as JSON.
        object: String,
    },
    /// One of the entry's counts differs from what the move did.
    #[error("record result mismatch: {key} is {recorded}, the move gives {replayed}")]
    Counts {
        /// The field.
        key: &'static str,
        /// The record's value as JSON.
        recorded: String,
        /// The replayed value as JSON.
        replayed: String,
    },
}
