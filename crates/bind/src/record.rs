//! The JSON game record: variant, moves, end; read back by replaying every move.

use game_core::{Game, Player};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::error::PlayError;
use crate::moves::{Move, ParseMoveError};
use crate::setup::Colour;
use crate::state::{Bind, End};
use crate::variant::{Variant, VariantError};

/// The value of a record's `game` field: the format marker.
pub const RECORD_MARKER: &str = "bind";

/// A whole game: the variant, every move in the notation (N-14), a resignation if any
/// (N-15), and the result as `rulebook` prints it.
///
/// ```
/// use bind::{Bind, Record, Variant};
/// use game_core::Game;
/// let mut state = Bind::new(Variant::MINI);
/// let moves = vec![state.parse_move("A1-C1")?, state.parse_move("A1-A3")?];
/// for &mv in &moves {
///     state.play(mv)?;
/// }
/// let json = Record::new(&state, &moves).to_json();
/// let record = Record::from_json(&json)?;
/// let (replayed, _) = record.replay()?;
/// assert_eq!(replayed, state);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always `"bind"`.
    pub game: String,
    /// The board side.
    pub size: usize,
    /// Pieces per colour.
    pub pieces: usize,
    /// The moves from the start, in order.
    pub moves: Vec<String>,
    /// Who resigned after the last move, if anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Colour>,
    /// The result (`black placed every piece`, `ongoing`, …).
    pub result: String,
}

/// Why a record does not load.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The text is not JSON of the record's shape.
    #[error("not a Bind record: {0}")]
    Json(String),
    /// The `game` field names another game.
    #[error("the record's game is `{found}`, not `bind`")]
    Marker {
        /// The value found.
        found: String,
    },
    /// The size or piece count is out of range.
    #[error("the record's variant: {0}")]
    Variant(#[from] VariantError),
    /// A move does not parse.
    #[error("move {number} (`{text}`): {source}")]
    Malformed {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        source: ParseMoveError,
    },
    /// A move is not legal where it stands.
    #[error("move {number} (`{text}`) is illegal: {source}")]
    Illegal {
        /// The move's number, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        source: PlayError,
    },
    /// The resignation comes after the game ended.
    #[error("{colour} resigns after the game ended: {source}")]
    Resignation {
        /// Who resigned.
        colour: &'static str,
        /// Why it is refused.
        source: PlayError,
    },
    /// The recorded result is not what the moves give.
    #[error("the record says the result is `{recorded}`, but its moves give `{replayed}`")]
    Result {
        /// The result written in the record.
        recorded: String,
        /// The result of replaying it.
        replayed: String,
    },
}

impl Record {
    /// The record of a game that reached `state` by `moves` from the start of its variant.
    #[must_use]
    pub fn new(state: &Bind, moves: &[Move]) -> Record {
        let variant = state.variant();
        Record {
            game: RECORD_MARKER.to_string(),
            size: variant.size(),
            pieces: variant.pieces(),
            moves: moves.iter().map(ToString::to_string).collect(),
            resigned: match state.end() {
                Some(End::Resigned { loser }) => Some(Colour::from(loser)),
                _ => None,
            },
            result: state.outcome_text(),
        }
    }

    /// The record as pretty-printed JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a record always serialises");
        text.push('\n');
        text
    }

    /// Reads a record's JSON (without replaying it: see [`Record::replay`]).
    ///
    /// # Errors
    /// [`RecordError::Json`] or [`RecordError::Marker`].
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if record.game != RECORD_MARKER {
            return Err(RecordError::Marker { found: record.game });
        }
        Ok(record)
    }

    /// Whether `text` looks like a Bind record: a JSON object whose `game` is `"bind"`.
    #[must_use]
    pub fn is_record(text: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(text)
            .is_ok_and(|v| v.get("game").and_then(|g| g.as_str()) == Some(RECORD_MARKER))
    }

    /// Replays the record through the rules: the final position and the moves.
    ///
    /// # Errors
    /// The first bad move by its number, a bad variant, a late resignation or a result
    /// that the moves do not give.
    pub fn replay(&self) -> Result<(Bind, Vec<Move>), RecordError> {
        if self.game != RECORD_MARKER {
            return Err(RecordError::Marker {
                found: self.game.clone(),
            });
        }
        let mut state = Bind::new(Variant::custom(self.size, self.pieces)?);
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let number = i + 1;
            let mv = state
                .parse_move(text)
                .map_err(|source| RecordError::Malformed {
                    number,
                    text: text.clone(),
                    source,
                })?;
            state.play(mv).map_err(|source| RecordError::Illegal {
                number,
                text: text.clone(),
                source,
            })?;
            moves.push(mv);
        }
        if let Some(colour) = self.resigned {
            let player = Player::from(colour);
            state
                .resign(player)
                .map_err(|source| RecordError::Resignation {
                    colour: <Bind as Game>::PLAYER_NAMES[player.index()],
                    source,
                })?;
        }
        let replayed = state.outcome_text();
        if replayed != self.result {
            return Err(RecordError::Result {
                recorded: self.result.clone(),
                replayed,
            });
        }
        Ok((state, moves))
    }
}
