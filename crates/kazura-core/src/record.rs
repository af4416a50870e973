//! Game records as JSON (K-13): the size, an optional set-up, the moves, and how the game
//! ended. Reading a record replays it through the rules and names the first bad move.

use board_geometry::{Coord, GeometryError, ParsePointError};
use game_core::{ByPlayer, Game, RecordMarker, Recorded};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::colour::Colour;
use crate::error::{PlayError, SetupError};
use crate::moves::{Move, ParseMoveError};
use crate::setup::Setup;
use crate::state::Kazura;

/// The value of a record's `game` field, its format marker.
pub const RECORD_MARKER: &str = "kazura";

/// A Kazura game as JSON: the board size, the set-up it started from (only when that is
/// not the empty board with Black to move), the moves in notation (K-13), an optional
/// resignation, and the result as `rulebook` prints it.
///
/// ```
/// use kazura_core::{Game, Kazura, Record};
///
/// let mut game = Kazura::new(9)?;
/// for text in ["E5", "swap", "D4"] {
///     let mv = game.parse_move(text)?;
///     game.play(mv)?;
/// }
/// let json = game.to_record().to_json();
/// assert!(json.starts_with("{\n  \"game\": \"kazura\",\n  \"size\": 9,\n  \"moves\": [\n    \"E5\","));
/// assert!(json.ends_with("}\n"));
/// assert_eq!(Record::from_json(&json)?.replay()?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Record {
    /// Always `"kazura"` ([`RECORD_MARKER`]): tells this format from other games' records.
    pub game: String,
    /// The board side.
    pub size: usize,
    /// The position the game started from, when it is not the empty board with Black to
    /// move (see [`crate::Kazura::from_setup`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<RecordSetup>,
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

/// The start position of a [`Record`] whose game began from a [`Setup`]: each colour's
/// stones in notation, and the colour to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct RecordSetup {
    /// Black's stones (`"C3"`, …).
    #[serde(default)]
    pub black: Vec<String>,
    /// White's stones.
    #[serde(default)]
    pub white: Vec<String>,
    /// The colour to move first.
    pub to_move: Colour,
}

/// Why a record was not loaded. Nothing is loaded half-way.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not JSON of the record's shape (the JSON parser's message).
    #[error("not a Kazura record: {0}")]
    Json(String),
    /// The `game` field names another game.
    #[error("the record is for game `{found}`, not `kazura`")]
    WrongGame {
        /// The `game` field.
        found: String,
    },
    /// The board size is not 2 to 25.
    #[error("the record's board size is not allowed: {0}")]
    Size(#[from] GeometryError),
    /// A set-up stone that is not notation for a point.
    #[error("the set-up stone `{text}` cannot be read: {reason}")]
    SetupPoint {
        /// The stone as written.
        text: String,
        /// Why it is not a point.
        #[source]
        reason: ParsePointError,
    },
    /// The set-up is not a position the rules allow.
    #[error("the record's set-up is refused: {0}")]
    Setup(SetupError),
    /// Move `number` (counted from 1) could not be read or played.
    #[error("move {number} (`{text}`) {reason}")]
    BadMove {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it could not be read or played.
        #[source]
        reason: BadMoveReason,
    },
    /// A resignation after the game had already ended.
    #[error("{colour} cannot resign: the game had already ended after the last move")]
    LateResignation {
        /// Who the record says resigned.
        colour: Colour,
    },
    /// The recorded result is not what the moves give.
    #[error("the record says the result is `{recorded}` but its moves give `{replayed}`")]
    ResultMismatch {
        /// The record's field that disagrees: `result`.
        field: &'static str,
        /// The `result` field.
        recorded: String,
        /// The result of the replay.
        replayed: String,
    },
}

/// Why a move of a record was refused ([`RecordError::BadMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadMoveReason {
    /// The text is not a move on this board.
    #[error("cannot be read: {0}")]
    Unreadable(#[source] ParseMoveError),
    /// The rules refuse the move at that point of the game.
    #[error("is illegal: {0}")]
    Illegal(#[source] PlayError),
}

impl Record {
    /// A record of a game from the empty board of side `size` with these moves, and no
    /// resignation or result (replaying it checks the moves).
    #[must_use]
    pub fn new(size: usize, moves: &[Move]) -> Record {
        Record {
            game: RECORD_MARKER.to_string(),
            size,
            setup: None,
            moves: moves.iter().map(ToString::to_string).collect(),
            resigned: None,
            result: None,
        }
    }

    /// Reads a record from JSON (without replaying it yet).
    ///
    /// # Errors
    /// [`RecordError::WrongGame`] for a JSON object whose `game` field names another game,
    /// [`RecordError::Json`] for any other text not of the record's shape.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        serde_json::from_str(text).map_err(|error| {
            let game = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|value| value.get("game")?.as_str().map(str::to_owned));
            match game {
                Some(found) if found != RECORD_MARKER => RecordError::WrongGame { found },
                _ => RecordError::Json(error.to_string()),
            }
        })
    }

    /// The record as JSON with 2-space indentation and one final newline: the text of a
    /// record file, the same in every game crate of the workspace.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a record always serialises");
        text.push('\n');
        text
    }

    /// Replays the record through the rules.
    ///
    /// # Errors
    /// The first thing wrong: the marker, the size, the set-up, the first unreadable or
    /// illegal move (numbered from 1), a late resignation, or a result the moves do not give.
    pub fn replay(&self) -> Result<Kazura, RecordError> {
        if self.game != RECORD_MARKER {
            return Err(RecordError::WrongGame {
                found: self.game.clone(),
            });
        }
        let mut game = match &self.setup {
            None => Kazura::new(self.size)?,
            Some(setup) => Kazura::from_setup(setup.to_setup(self.size)?).map_err(|e| match e {
                SetupError::Size(size) => RecordError::Size(size),
                other => RecordError::Setup(other),
            })?,
        };
        for (i, text) in self.moves.iter().enumerate() {
            let bad = |reason| RecordError::BadMove {
                number: i + 1,
                text: text.clone(),
                reason,
            };
            let mv = game
                .parse_move(text)
                .map_err(|e| bad(BadMoveReason::Unreadable(e)))?;
            game.play(mv).map_err(|e| bad(BadMoveReason::Illegal(e)))?;
        }
        if let Some(colour) = self.resigned {
            game.resign(colour.player())
                .map_err(|_| RecordError::LateResignation { colour })?;
        }
        if let Some(recorded) = &self.result {
            let replayed = game.outcome_text();
            if *recorded != replayed {
                return Err(RecordError::ResultMismatch {
                    field: "result",
                    recorded: recorded.clone(),
                    replayed,
                });
            }
        }
        Ok(game)
    }
}

impl RecordSetup {
    /// The record's form of `setup` (its size is the record's).
    #[must_use]
    pub fn of(setup: &Setup) -> RecordSetup {
        let names = |points: &[Coord]| points.iter().map(ToString::to_string).collect();
        RecordSetup {
            black: names(setup.stones_of(Colour::Black)),
            white: names(setup.stones_of(Colour::White)),
            to_move: Colour::of_player(setup.to_move),
        }
    }

    /// The [`Setup`] on a board of side `size`.
    ///
    /// # Errors
    /// [`RecordError::SetupPoint`] for a stone that is not notation for a point (whether it
    /// lies on the board is checked by [`Kazura::from_setup`]).
    pub fn to_setup(&self, size: usize) -> Result<Setup, RecordError> {
        let points = |names: &[String]| -> Result<Vec<Coord>, RecordError> {
            names
                .iter()
                .map(|text| {
                    text.parse().map_err(|reason| RecordError::SetupPoint {
                        text: text.clone(),
                        reason,
                    })
                })
                .collect()
        };
        Ok(Setup::new(
            size,
            ByPlayer::new(points(&self.black)?, points(&self.white)?),
            self.to_move.player(),
        ))
    }
}

impl Kazura {
    /// The record of the game so far, with its result (and its start position when it
    /// began from a set-up other than the empty start).
    #[must_use]
    pub fn to_record(&self) -> Record {
        Record {
            game: RECORD_MARKER.to_string(),
            size: self.size(),
            setup: self
                .is_set_up()
                .then(|| RecordSetup::of(&self.start_setup())),
            moves: self.moves().iter().map(ToString::to_string).collect(),
            resigned: self.resigned(),
            result: Some(self.outcome_text()),
        }
    }
}

impl Recorded for Kazura {
    type RecordError = RecordError;

    fn moves(&self) -> &[Move] {
        Kazura::moves(self)
    }

    /// [`Kazura::to_record`] as JSON ([`Record::to_json`]): what `rulebook --record` writes.
    fn write_record(&self) -> String {
        self.to_record().to_json()
    }

    fn read_record(text: &str) -> Result<Kazura, RecordError> {
        Record::from_json(text)?.replay()
    }

    /// Whether `text` is a JSON object whose `game` field is `"kazura"`.
    const MARKER: RecordMarker = RecordMarker {
        key: "game",
        value: RECORD_MARKER,
        sgf: false,
    };
}

impl Serialize for Kazura {
    /// Writes the game's [`Record`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Kazura {
    /// Reads a [`Record`] and replays it, so an illegal game is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Kazura, D::Error> {
        Record::deserialize(deserializer)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
