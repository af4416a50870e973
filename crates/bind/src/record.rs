//! The JSON game record: variant, moves, end; read back by replaying every move. Serde of
//! a [`Bind`] goes through it.

use game_core::{Game, Player, RecordMarker, Recorded};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::end::EndReason;
use crate::error::PlayError;
use crate::moves::{Move, ParseMoveError};
use crate::setup::{Setup, SetupError, colour_name};
use crate::state::Bind;
use crate::variant::{Variant, VariantError};

/// The value of a record's `game` field: the format marker.
pub const RECORD_MARKER: &str = "bind";

/// A whole game: the variant, every move in the notation (N-14), a resignation if any
/// (N-15), and the result as `rulebook` prints it. A game built by [`Bind::from_setup`]
/// also carries the position its moves start from.
///
/// Write one with [`Bind::to_record`] and read one with [`Record::from_json`] and
/// [`Record::replay`], which plays every move through the rules again.
///
/// ```
/// use bind::{Bind, Game, Record, Variant};
/// let mut state = Bind::new(Variant::MINI);
/// for text in ["A1-C1", "A1-A3"] {
///     let mv = state.parse_move(text)?;
///     state.play(mv)?;
/// }
/// let json = state.to_record().to_json();
/// assert!(json.contains(r#""moves": ["#));
/// let replayed = Record::from_json(&json)?.replay()?;
/// assert_eq!(replayed, state);
/// assert_eq!(replayed.moves(), state.moves());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Record {
    /// Always `"bind"` ([`RECORD_MARKER`]).
    pub game: String,
    /// The board side.
    pub size: usize,
    /// Pieces per colour.
    pub pieces: usize,
    /// The position the moves start from, for a game set up with [`Bind::from_setup`];
    /// absent (`None`) for a game from the variant's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Setup>,
    /// The moves in order, in notation.
    pub moves: Vec<String>,
    /// Who resigned after the last move, if anyone (`"black"` or `"white"`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "colour_name::option"
    )]
    pub resigned: Option<Player>,
    /// The result as `rulebook` prints it after `result: ` (`black placed every piece`,
    /// `ongoing`, …). Replaying must reach exactly this result.
    pub result: String,
}

/// Why a move of a record was refused ([`RecordError::BadMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadMoveReason {
    /// The text is not a move on this board.
    #[error("cannot be read: {0}")]
    Unreadable(#[source] ParseMoveError),
    /// The move is not legal where it stands.
    #[error("is illegal: {0}")]
    Illegal(#[source] PlayError),
}

/// Why a record does not load. Nothing is loaded half-way.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not JSON of the record's shape (the parser's message).
    #[error("not a Bind record: {0}")]
    Json(String),
    /// The `game` field names another game.
    #[error("the record's game is `{found}`, not `bind`")]
    WrongGame {
        /// The value found.
        found: String,
    },
    /// The size or piece count is out of range.
    #[error("the record's variant: {0}")]
    Variant(#[from] VariantError),
    /// The start position is not a Bind position.
    #[error("the record's start position: {0}")]
    Start(#[from] SetupError),
    /// The start position is for another board size or piece count than the record's.
    #[error(
        "the record's start position is for {start_size}x{start_size} with {start_pieces} \
         pieces, but the record is for {size}x{size} with {pieces}"
    )]
    StartMismatch {
        /// The record's board side.
        size: usize,
        /// The record's pieces per colour.
        pieces: usize,
        /// The start position's board side.
        start_size: usize,
        /// The start position's pieces per colour.
        start_pieces: usize,
    },
    /// A move could not be read or played.
    #[error("move {number} (`{text}`) {reason}")]
    BadMove {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        #[source]
        reason: BadMoveReason,
    },
    /// The resignation comes after the game ended (N-15).
    #[error("{colour} resigns after the game had already ended")]
    LateResignation {
        /// Who resigned.
        colour: &'static str,
    },
    /// The recorded result is not what the moves give.
    #[error("the record says the result is `{recorded}`, but its moves give `{replayed}`")]
    ResultMismatch {
        /// The record's field that disagrees: `result`.
        field: &'static str,
        /// The result written in the record.
        recorded: String,
        /// The result of replaying it.
        replayed: String,
    },
}

impl Bind {
    /// The record of this game: its variant, its start position if it was set up, every
    /// move played, a resignation if any, and the result.
    #[must_use]
    pub fn to_record(&self) -> Record {
        let variant = self.variant();
        Record {
            game: RECORD_MARKER.to_string(),
            size: variant.size(),
            pieces: variant.pieces(),
            start: self.origin().cloned(),
            moves: self.moves().iter().map(ToString::to_string).collect(),
            resigned: match self.end_reason() {
                Some(EndReason::Resigned { loser }) => Some(loser),
                _ => None,
            },
            result: self.outcome_text(),
        }
    }
}

impl Record {
    /// The record as JSON with 2-space indentation and one final newline: the text of a
    /// record file, the same in every game crate of the workspace.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a record always serialises");
        text.push('\n');
        text
    }

    /// Reads a record's JSON (without replaying it: see [`Record::replay`]).
    ///
    /// # Errors
    /// [`RecordError::WrongGame`] for a JSON object whose `game` names another game (whatever
    /// its other fields), [`RecordError::Json`] for any other text not of the record's shape.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let record: Record = serde_json::from_str(text).map_err(|error| {
            let game = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|value| value.get("game")?.as_str().map(str::to_owned));
            match game {
                Some(found) if found != RECORD_MARKER => RecordError::WrongGame { found },
                _ => RecordError::Json(error.to_string()),
            }
        })?;
        if record.game != RECORD_MARKER {
            return Err(RecordError::WrongGame { found: record.game });
        }
        Ok(record)
    }

    /// Whether `text` looks like a Bind record: a JSON object whose `game` is `"bind"`.
    #[must_use]
    pub fn is_record(text: &str) -> bool {
        <Bind as Recorded>::MARKER.is_in(text)
    }

    /// Replays the record through the rules: the game at its end, with its history.
    ///
    /// # Errors
    /// The first thing wrong: the marker, the variant, the start position, the first bad
    /// move (by its number, from 1), a late resignation, or a result that the moves do not
    /// give.
    pub fn replay(&self) -> Result<Bind, RecordError> {
        if self.game != RECORD_MARKER {
            return Err(RecordError::WrongGame {
                found: self.game.clone(),
            });
        }
        let variant = Variant::custom(self.size, self.pieces)?;
        let mut state = match &self.start {
            None => Bind::new(variant),
            Some(start) => {
                if (start.size, start.pieces) != (self.size, self.pieces) {
                    return Err(RecordError::StartMismatch {
                        size: self.size,
                        pieces: self.pieces,
                        start_size: start.size,
                        start_pieces: start.pieces,
                    });
                }
                Bind::from_setup(start.clone())?
            }
        };
        for (i, text) in self.moves.iter().enumerate() {
            let bad = |reason| RecordError::BadMove {
                number: i + 1,
                text: text.clone(),
                reason,
            };
            let mv = state
                .parse_move(text)
                .map_err(|e| bad(BadMoveReason::Unreadable(e)))?;
            state.play(mv).map_err(|e| bad(BadMoveReason::Illegal(e)))?;
        }
        if let Some(player) = self.resigned {
            state
                .resign(player)
                .map_err(|_| RecordError::LateResignation {
                    colour: <Bind as Game>::PLAYER_NAMES[player.index()],
                })?;
        }
        let replayed = state.outcome_text();
        if replayed != self.result {
            return Err(RecordError::ResultMismatch {
                field: "result",
                recorded: self.result.clone(),
                replayed,
            });
        }
        Ok(state)
    }
}

impl Recorded for Bind {
    type RecordError = RecordError;

    fn moves(&self) -> &[Move] {
        Bind::moves(self)
    }

    /// [`Bind::to_record`] as JSON.
    fn write_record(&self) -> String {
        self.to_record().to_json()
    }

    /// [`Record::from_json`], then [`Record::replay`].
    fn read_record(text: &str) -> Result<Bind, RecordError> {
        Record::from_json(text)?.replay()
    }

    const MARKER: RecordMarker = RecordMarker {
        key: "game",
        value: RECORD_MARKER,
        sgf: false,
    };
}

impl Serialize for Bind {
    /// Writes the game's [`Record`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Bind {
    /// Reads a [`Record`] and replays it, so a game the rules refuse is an error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bind, D::Error> {
        Record::deserialize(deserializer)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
