//! Game records as JSON (K-13): the size, the moves, and how the game ended. Reading a record
//! replays it through the rules and names the first bad move.

use board_geometry::GeometryError;
use game_core::Game;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::colour::Colour;
use crate::error::PlayError;
use crate::moves::ParseMoveError;
use crate::state::Kazura;

/// The value of a record's `game` field, its format marker.
pub const RECORD_MARKER: &str = "kazura";

/// A Kazura game as JSON: the board size and the moves in notation (K-13), an optional
/// resignation, and the result as `rulebook` prints it.
///
/// ```
/// use game_core::Game;
/// use kazura_core::{GameRecord, Kazura};
///
/// let mut game = Kazura::new(9)?;
/// for text in ["E5", "swap", "D4"] {
///     let mv = game.parse_move(text)?;
///     game.play(mv)?;
/// }
/// let json = GameRecord::of(&game).to_json();
/// assert!(json.starts_with(r#"{"game":"kazura","size":9,"moves":["E5","swap","D4"]"#));
/// assert_eq!(GameRecord::from_json(&json)?.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Always `"kazura"`: tells this format from other games' records.
    pub game: String,
    /// The board side.
    pub size: usize,
    /// The moves in order, in notation (`G7`, `swap`, `pass`).
    pub moves: Vec<String>,
    /// The colour that resigned after the last move, if one did (K-11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Colour>,
    /// The result as `result:` prints it (`ongoing` while the game goes on). When present,
    /// replaying must reach exactly this result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// Why a record was not loaded. Nothing is loaded half-way.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The text is not JSON of the record's shape.
    #[error("not a Kazura record: {0}")]
    Json(#[from] serde_json::Error),
    /// The `game` field names another game.
    #[error("the record is for game `{found}`, not `kazura`")]
    OtherGame {
        /// The `game` field.
        found: String,
    },
    /// The board size is not 2 to 25.
    #[error("the record's board size is not allowed: {0}")]
    Size(#[from] GeometryError),
    /// A move that is not notation for this board.
    #[error("move {number} (`{text}`) cannot be read: {source}")]
    Unreadable {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        source: ParseMoveError,
    },
    /// A move the rules refuse at that point of the game.
    #[error("move {number} (`{text}`) is illegal: {source}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        source: PlayError,
    },
    /// A resignation after the game had already ended.
    #[error("{colour} cannot resign: the game had already ended after the last move")]
    LateResignation {
        /// Who the record says resigned.
        colour: Colour,
    },
    /// The recorded result is not what the moves give.
    #[error("the record says the result is `{recorded}` but its moves give `{replayed}`")]
    WrongResult {
        /// The `result` field.
        recorded: String,
        /// The result of the replay.
        replayed: String,
    },
}

impl GameRecord {
    /// The record of `game` so far, with its result.
    #[must_use]
    pub fn of(game: &Kazura) -> GameRecord {
        GameRecord {
            game: RECORD_MARKER.to_string(),
            size: game.size(),
            moves: game.moves().iter().map(ToString::to_string).collect(),
            resigned: game.resigned(),
            result: Some(game.outcome_text()),
        }
    }

    /// Reads a record from JSON (without replaying it yet).
    ///
    /// # Errors
    /// [`RecordError::Json`] for text of another shape.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        Ok(serde_json::from_str(text)?)
    }

    /// The record as one line of JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record always serialises")
    }

    /// The record as indented JSON, for files.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// Replays the record through the rules.
    ///
    /// # Errors
    /// The first thing wrong: the marker, the size, the first unreadable or illegal move
    /// (numbered from 1), a late resignation, or a result the moves do not give.
    pub fn replay(&self) -> Result<Kazura, RecordError> {
        if self.game != RECORD_MARKER {
            return Err(RecordError::OtherGame {
                found: self.game.clone(),
            });
        }
        let mut game = Kazura::new(self.size)?;
        for (i, text) in self.moves.iter().enumerate() {
            let number = i + 1;
            let mv = game
                .parse_move(text)
                .map_err(|source| RecordError::Unreadable {
                    number,
                    text: text.clone(),
                    source,
                })?;
            game.play(mv).map_err(|source| RecordError::Illegal {
                number,
                text: text.clone(),
                source,
            })?;
        }
        if let Some(colour) = self.resigned {
            game.resign(colour)
                .map_err(|_| RecordError::LateResignation { colour })?;
        }
        if let Some(recorded) = &self.result {
            let replayed = game.outcome_text();
            if *recorded != replayed {
                return Err(RecordError::WrongResult {
                    recorded: recorded.clone(),
                    replayed,
                });
            }
        }
        Ok(game)
    }
}

impl Serialize for Kazura {
    /// Writes the game's [`GameRecord`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        GameRecord::of(self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Kazura {
    /// Reads a [`GameRecord`] and replays it, so an illegal game is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kazura, D::Error> {
        GameRecord::deserialize(deserializer)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
