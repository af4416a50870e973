//! The JSON record of a game (feature `serde`), read by replaying every move through the
//! rules, and [`Recorded`] for [`Go9`] (JSON, and SGF by its opening parenthesis).

use board_geometry::Point;
use game_core::{ByPlayer, Player, RecordMarker, Recorded};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::end::{EndReason, colour_name};
use crate::error::{BadMoveReason, PlayError, RecordError};
use crate::moves::{Move, parse_point, point_name};
use crate::scoring::KOMI;
use crate::setup::Setup;
use crate::state::Go9;

/// The format marker: the value of the top-level `"game"` field of a JSON record.
pub const RECORD_MARKER: &str = "go9";

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

/// The JSON record of a whole game: [`Go9::to_record`] writes it, [`Record::replay`] plays
/// it back through the rules.
///
/// ```
/// use go9::{Game, Go9, Record};
/// let mut game = Go9::new();
/// game.play("E5".parse()?)?;
/// let json = game.to_record().to_json();
/// let back = Record::from_json(&json)?.replay()?;
/// assert_eq!(back, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
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

/// The `"game"` field of a JSON text, if it is a JSON object with one.
fn marker_of(text: &str) -> Option<String> {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()?
        .get("game")?
        .as_str()
        .map(str::to_owned)
}

impl Go9 {
    /// The game as a JSON record.
    #[must_use]
    pub fn to_record(&self) -> Record {
        let setup = self.setup();
        Record {
            game: RECORD_MARKER.into(),
            size: 9,
            komi: KOMI,
            setup: RecordSetup {
                black: setup.stones.first.into_iter().map(point_name).collect(),
                white: setup.stones.second.into_iter().map(point_name).collect(),
                to_move: colour_name(setup.to_move).into(),
            },
            moves: self
                .played()
                .map(|(p, mv)| RecordMove {
                    player: colour_name(p).into(),
                    mv: mv.to_string(),
                })
                .collect(),
            end: match self.end_reason() {
                Some(EndReason::Resignation(p)) => Some(RecordCall::Resignation {
                    player: colour_name(p).into(),
                }),
                Some(EndReason::Time(p)) => Some(RecordCall::Time {
                    player: colour_name(p).into(),
                }),
                Some(EndReason::AgreedDraw) => Some(RecordCall::Draw),
                _ => None,
            },
            result: self.result(),
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

    /// Reads a JSON record (without replaying it).
    ///
    /// # Errors
    /// [`RecordError::WrongGame`] for another game's record, [`RecordError::Json`] for
    /// anything else that is not a go9 record of the right shape.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        match serde_json::from_str::<Record>(text) {
            Ok(record) if record.game != RECORD_MARKER => {
                Err(RecordError::WrongGame { found: record.game })
            }
            Ok(record) => Ok(record),
            Err(e) => match marker_of(text) {
                Some(found) if found != RECORD_MARKER => Err(RecordError::WrongGame { found }),
                _ => Err(RecordError::Json(e.to_string())),
            },
        }
    }

    /// Replays the record through the rules: the set-up, every move, the ending call, then
    /// a check of the recorded result.
    ///
    /// # Errors
    /// [`RecordError`] naming the first bad field or move (by its number, counted from 1).
    pub fn replay(&self) -> Result<Go9, RecordError> {
        if self.game != RECORD_MARKER {
            return Err(RecordError::WrongGame {
                found: self.game.clone(),
            });
        }
        if self.size != 9 {
            return Err(RecordError::Size(self.size.to_string()));
        }
        if self.komi != KOMI {
            return Err(RecordError::Komi(self.komi.to_string()));
        }
        let first = parse_player(&self.setup.to_move)?;
        let mut state = Go9::from_setup(Setup::new(
            ByPlayer::new(
                parse_points(&self.setup.black)?,
                parse_points(&self.setup.white)?,
            ),
            first,
        ))?;
        for (i, m) in self.moves.iter().enumerate() {
            let err = |reason: BadMoveReason| RecordError::BadMove {
                number: i + 1,
                text: format!("{} {}", m.player, m.mv),
                reason,
            };
            let player = parse_player(&m.player)
                .map_err(|_| err(BadMoveReason::Player(m.player.clone())))?;
            let mv: Move =
                m.mv.parse()
                    .map_err(|e| err(BadMoveReason::Unreadable(e)))?;
            state
                .play_as(player, mv)
                .map_err(|e: PlayError| err(BadMoveReason::Illegal(e)))?;
        }
        if let Some(call) = &self.end {
            let applied = match call {
                RecordCall::Resignation { player } => state.resign(parse_player(player)?),
                RecordCall::Time { player } => state.lose_on_time(parse_player(player)?),
                RecordCall::Draw => state.agree_draw(),
            };
            applied.map_err(|_| RecordError::EndAfterEnd(format!("{call:?}")))?;
        }
        let replayed = state.result();
        if replayed != self.result {
            return Err(RecordError::ResultMismatch {
                field: "result",
                recorded: self.result.clone().unwrap_or_else(|| "none".into()),
                replayed: replayed.unwrap_or_else(|| "none (the game goes on)".into()),
            });
        }
        Ok(state)
    }
}

/// Whether `text` looks like SGF (it opens with a parenthesis), which only go9 reads.
fn is_sgf(text: &str) -> bool {
    text.trim_start().starts_with('(')
}

impl Recorded for Go9 {
    type RecordError = RecordError;

    fn moves(&self) -> &[Move] {
        Go9::moves(self)
    }

    /// The JSON record ([`Go9::to_record`], pretty-printed).
    fn write_record(&self) -> String {
        self.to_record().to_json()
    }

    /// Reads a JSON record, or an SGF file (text opening with `(`, G-13), and replays it.
    fn read_record(text: &str) -> Result<Go9, RecordError> {
        if is_sgf(text) {
            Go9::from_sgf(text)
        } else {
            Record::from_json(text)?.replay()
        }
    }

    /// A JSON object whose `"game"` is [`RECORD_MARKER`], or SGF (which only go9 reads).
    const MARKER: RecordMarker = RecordMarker {
        key: "game",
        value: RECORD_MARKER,
        sgf: true,
    };
}

impl Serialize for Go9 {
    /// As its JSON [`Record`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Go9 {
    /// A [`Record`], replayed through the rules.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Go9, D::Error> {
        Record::deserialize(deserializer)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
