//! The JSON record of a game (serde), read by replaying every move through the rules.

use board_geometry::Point;
use game_core::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::error::{PlayError, SetupError};
use crate::moves::{Move, parse_point, point_name};
use crate::scoring::KOMI;
use crate::state::{EndReason, GoState};

/// The format marker: the value of the top-level `"game"` field.
pub const RECORD_GAME: &str = "go9";

/// Why a record (JSON or SGF) does not load.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The text is not valid JSON of the record's shape.
    #[error("not a go9 JSON record: {0}")]
    Json(String),
    /// The text is not valid SGF.
    #[error("not a readable SGF file: {0}")]
    Sgf(String),
    /// The record is of another game.
    #[error("the record is of game `{0}`, not go9")]
    OtherGame(String),
    /// The board size is not 9.
    #[error("the board size is {0}; only 9x9 is played under these rules")]
    Size(String),
    /// The komi is not 7.
    #[error("the komi is {0}; the Ttakji rules fix it at 7")]
    Komi(String),
    /// A point's name is malformed or off the board.
    #[error("`{0}` is not a point of the 9x9 board")]
    Point(String),
    /// A player's name is not `black` / `white` (`B` / `W` in SGF).
    #[error("`{0}` is not a player (black or white)")]
    Player(String),
    /// The set-up stones are not a legal position.
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    /// A move is malformed or illegal.
    #[error("move {number} ({text}): {reason}")]
    Move {
        /// The move's number, counted from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// Set-up stones after the first node (SGF), which the rules cannot replay.
    #[error("set-up stones (AB/AW/AE) after the start are not supported")]
    SetupInGame,
    /// The ending call cannot be applied (the game already ended by the rules).
    #[error("the record ends the game by {0}, but the game was already over")]
    EndAfterEnd(String),
    /// The recorded result differs from the replayed one.
    #[error("the record says the result is {recorded}, but replaying it gives {replayed}")]
    Result {
        /// What the record says.
        recorded: String,
        /// What the rules give.
        replayed: String,
    },
}

/// One move of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordMove {
    /// `black` or `white`.
    pub player: String,
    /// A point (`E5`) or `pass`.
    #[serde(rename = "move")]
    pub mv: String,
}

/// The set-up position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordSetup {
    /// Black stones.
    pub black: Vec<String>,
    /// White stones.
    pub white: Vec<String>,
    /// Who moves first.
    pub to_move: String,
}

/// A game-ending call (G-7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, tag = "call", rename_all = "snake_case")]
pub enum RecordCall {
    /// This player resigned.
    Resignation {
        /// `black` or `white`.
        player: String,
    },
    /// This player lost on time.
    Time {
        /// `black` or `white`.
        player: String,
    },
    /// An agreed draw.
    Draw,
}

/// The JSON record of a whole game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always `go9` (the format marker).
    pub game: String,
    /// Always 9.
    pub size: u32,
    /// Always 7.
    pub komi: u32,
    /// The set-up stones and who moves first.
    pub setup: RecordSetup,
    /// The moves in order.
    pub moves: Vec<RecordMove>,
    /// A resignation, time loss or agreed draw that ended the game, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<RecordCall>,
    /// The result as G-10 writes it, `null` while the game goes on; checked on reading.
    pub result: Option<String>,
}

pub(crate) fn player_name(p: Player) -> &'static str {
    if p == Player::First { "black" } else { "white" }
}

fn parse_player(text: &str) -> Result<Player, RecordError> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Player::First),
        "white" | "w" => Ok(Player::Second),
        _ => Err(RecordError::Player(text.to_string())),
    }
}

fn parse_points(names: &[String]) -> Result<Vec<Point>, RecordError> {
    names
        .iter()
        .map(|n| parse_point(n).map_err(|_| RecordError::Point(n.clone())))
        .collect()
}

impl GoState {
    /// The game as a JSON record.
    #[must_use]
    pub fn to_record(&self) -> Record {
        let (black, white, first) = self.setup();
        Record {
            game: RECORD_GAME.into(),
            size: 9,
            komi: KOMI,
            setup: RecordSetup {
                black: black.into_iter().map(point_name).collect(),
                white: white.into_iter().map(point_name).collect(),
                to_move: player_name(first).into(),
            },
            moves: self
                .moves()
                .map(|(p, mv)| RecordMove {
                    player: player_name(p).into(),
                    mv: mv.to_string(),
                })
                .collect(),
            end: match self.end_reason() {
                Some(EndReason::Resignation(p)) => Some(RecordCall::Resignation {
                    player: player_name(p).into(),
                }),
                Some(EndReason::Time(p)) => Some(RecordCall::Time {
                    player: player_name(p).into(),
                }),
                Some(EndReason::AgreedDraw) => Some(RecordCall::Draw),
                _ => None,
            },
            result: self.result(),
        }
    }

    /// The game as pretty-printed JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.to_record()).expect("a record always serialises")
    }

    /// Replays a record through the rules.
    ///
    /// # Errors
    /// [`RecordError`] naming the first bad field or move (by its number).
    pub fn from_record(record: &Record) -> Result<GoState, RecordError> {
        if record.game != RECORD_GAME {
            return Err(RecordError::OtherGame(record.game.clone()));
        }
        if record.size != 9 {
            return Err(RecordError::Size(record.size.to_string()));
        }
        if record.komi != KOMI {
            return Err(RecordError::Komi(record.komi.to_string()));
        }
        let first = parse_player(&record.setup.to_move)?;
        let mut state = GoState::with_setup(
            &parse_points(&record.setup.black)?,
            &parse_points(&record.setup.white)?,
            first,
        )?;
        for (i, m) in record.moves.iter().enumerate() {
            let err = |reason: String| RecordError::Move {
                number: i + 1,
                text: format!("{} {}", m.player, m.mv),
                reason,
            };
            let player = parse_player(&m.player).map_err(|e| err(e.to_string()))?;
            let mv: Move =
                m.mv.parse()
                    .map_err(|e: crate::ParseMoveError| err(e.to_string()))?;
            state
                .play_as(player, mv)
                .map_err(|e: PlayError| err(e.to_string()))?;
        }
        if let Some(call) = &record.end {
            let applied = match call {
                RecordCall::Resignation { player } => state.resign(parse_player(player)?),
                RecordCall::Time { player } => state.lose_on_time(parse_player(player)?),
                RecordCall::Draw => state.agree_draw(),
            };
            applied.map_err(|_| RecordError::EndAfterEnd(format!("{call:?}")))?;
        }
        let replayed = state.result();
        if replayed != record.result {
            return Err(RecordError::Result {
                recorded: record.result.clone().unwrap_or_else(|| "none".into()),
                replayed: replayed.unwrap_or_else(|| "none (the game goes on)".into()),
            });
        }
        Ok(state)
    }

    /// Reads a JSON record and replays it.
    ///
    /// # Errors
    /// [`RecordError::Json`] for bad JSON, otherwise as [`GoState::from_record`].
    pub fn from_json(text: &str) -> Result<GoState, RecordError> {
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        GoState::from_record(&record)
    }
}
