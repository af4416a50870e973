//! Games that keep their history and write and read it as a record.

use std::error::Error;

use crate::game::Game;

/// A game state that keeps its history and writes and reads the whole game as a record.
///
/// Every game crate of the workspace implements it on its state type (with its `serde`
/// feature, which is on by default). Reading a record replays every move through the rules:
/// a record with an illegal move is refused with an error naming the move's number
/// (counted from 1), never loaded half-way. The shared failures have the same variant names
/// in every crate's `RecordError`: `Json` (not a record of the right shape), `WrongGame`
/// (another game's marker), `BadMove` (move N could not be read or played) and
/// `ResultMismatch` (the recorded result is not the replayed one).
pub trait Recorded: Game + Sized {
    /// Why a text is not a valid record of this game.
    type RecordError: Error + Send + Sync + 'static;

    /// The moves played so far, in order (the history a record writes).
    fn moves(&self) -> &[Self::Move];

    /// The whole game so far as a record (the game's JSON format).
    fn write_record(&self) -> String;

    /// Reads a record and replays it through the rules.
    ///
    /// # Errors
    /// [`Recorded::RecordError`] naming the first bad move (by its number) or field.
    fn read_record(text: &str) -> Result<Self, Self::RecordError>;

    /// Whether `text` claims to be a record of this game (by its format marker); reading it
    /// may still fail.
    fn is_record(text: &str) -> bool;
}
