//! The JSON game record (B-24, bao-record.md): reading, replaying and writing.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::BaoGame;
use crate::move_object::MoveObject;
use crate::position::{EndReason, MoveReport, Position, Ruleset};
use crate::setup::StateRecord;

/// The record's `format`.
pub const FORMAT: &str = "bao-nakakamado-nyakua-a-trial";
/// The record's `version`.
pub const VERSION: u32 = 1;
/// The record's `variantRule`.
pub const VARIANT_RULE: &str = "nyakua-end-pit-a-trial-001";
/// The record's `rulesVersion`.
pub const RULES_VERSION: &str = "nyakua-a-trial-001";
/// The record's `baseRules`.
pub const BASE_RULES: &str = "R-002";
/// The record's `baseRulesVersion`.
pub const BASE_RULES_VERSION: &str = "0.8.0";

/// A whole game record, field for field and in the order of bao-record.md.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameRecord {
    /// `bao-nakakamado-nyakua-a-trial`.
    pub format: String,
    /// 1.
    pub version: u32,
    /// `R-002`.
    pub base_rules: String,
    /// `0.8.0`.
    pub base_rules_version: String,
    /// `nyakua-end-pit-a-trial-001`.
    pub variant_rule: String,
    /// `nyakua-a-trial-001`.
    pub rules_version: String,
    /// `false`.
    pub public_adopted: bool,
    /// 2.
    pub board_rows_per_player: u32,
    /// `ring`.
    pub sowing_path: String,
    /// 22.
    pub initial_hand: u32,
    /// 64.
    pub total_kete: u32,
    /// `true`.
    pub nyakua_protect_last: bool,
    /// `false`.
    pub nyakua_fixed_pit_bulk: bool,
    /// `false`.
    pub nyakua_next_turn_three: bool,
    /// `false`.
    pub nyakua_reserved_protected: bool,
    /// `true`.
    pub nyakua_end_pit_add: bool,
    /// `local` by default; any string.
    pub mode: String,
    /// Present only when `mode` is `computer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<ComputerInfo>,
    /// `seed` for a game played under our seed ruleset; absent means `reference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ruleset: Option<String>,
    /// One entry per move.
    pub history: Vec<HistoryEntry>,
    /// The state after the last move.
    #[serde(rename = "final")]
    pub final_state: StateRecord,
    /// `normal`, `ongoing` or `safety-stop`.
    pub adjudication: String,
    /// The outcome.
    pub outcome: OutcomeRecord,
}

/// The header fields that replay does not check (bao-record.md, "What replay() checks":
/// "No other header field is checked"). A replayed game keeps them as read, so an accepted
/// record writes back to the same bytes; a new game uses the trial app's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UncheckedHeader {
    /// `baseRules`.
    pub base_rules: String,
    /// `baseRulesVersion`.
    pub base_rules_version: String,
    /// `boardRowsPerPlayer`.
    pub board_rows_per_player: u32,
    /// `sowingPath`.
    pub sowing_path: String,
    /// `initialHand`.
    pub initial_hand: u32,
    /// `totalKete`.
    pub total_kete: u32,
    /// `nyakuaProtectLast`.
    pub nyakua_protect_last: bool,
    /// `nyakuaFixedPitBulk`.
    pub nyakua_fixed_pit_bulk: bool,
    /// `nyakuaReservedProtected`.
    pub nyakua_reserved_protected: bool,
    /// `computer`, written only when present.
    pub computer: Option<ComputerInfo>,
}

impl Default for UncheckedHeader {
    fn default() -> Self {
        UncheckedHeader {
            base_rules: BASE_RULES.into(),
            base_rules_version: BASE_RULES_VERSION.into(),
            board_rows_per_player: 2,
            sowing_path: "ring".into(),
            initial_hand: 22,
            total_kete: 64,
            nyakua_protect_last: true,
            nyakua_fixed_pit_bulk: false,
            nyakua_reserved_protected: false,
            computer: None,
        }
    }
}

/// The author's computer player, named in records of `mode` `computer`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ComputerInfo {
    /// `nyakua-a-simple-001`.
    pub id: String,
    /// `false`.
    pub learned_model: bool,
}

/// One move of the history, with what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HistoryEntry {
    /// The mover (0 south, 1 north).
    pub player: u8,
    /// The move as submitted.
    #[serde(rename = "move")]
    pub mv: MoveObject,
    /// Kete put from the hand: 1 in NAMUA, else 0.
    pub placed: u8,
    /// Capture events.
    pub captures: u16,
    /// 1 if the end-pit addition happened.
    pub stolen: u8,
    /// 2 or 0.
    pub added: u8,
    /// 1 or 0.
    pub own_added: u8,
    /// 1 or 0.
    pub opponent_added: u8,
    /// The pit that got the addition, or `null`.
    pub endpoint: Option<Endpoint>,
}

/// A pit as the history's `endpoint` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Endpoint {
    /// The owner (0 south, 1 north).
    pub player: u8,
    /// 0 front, 1 back.
    pub row: u8,
    /// 0–7 from the owner's left.
    pub index: u8,
}

/// The record's `outcome`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeRecord {
    /// The winner, `null` for a game in progress and for a safety stop.
    pub winner: Option<u8>,
    /// The same as the record's `adjudication`.
    pub adjudication: String,
}

/// Why a record was refused.
#[derive(Debug, Error)]
pub enum RecordError {
    /// Not JSON of the record's shape.
    #[error("not a Bao NYAKUA trial A record: {0}")]
    Json(#[from] serde_json::Error),
    /// A history entry that is not an entry's shape (an unknown field or value, a count
    /// out of range).
    #[error("move {number}: not a history entry: {source}")]
    Entry {
        /// The move's number from 1.
        number: usize,
        /// What serde found wrong with it.
        source: serde_json::Error,
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
    /// A history entry's mover is not the player to move.
    #[error("move {number}: wrong player in record: {found} moves, but {expected} is to move")]
    WrongPlayer {
        /// The move's number from 1.
        number: usize,
        /// The entry's player.
        found: u8,
        /// The player to move.
        expected: u8,
    },
    /// A move that is not legal where it stands.
    #[error("move {number}: illegal move {object}")]
    IllegalMove {
        /// The move's number from 1.
        number: usize,
        /// The move object as JSON.
        object: String,
    },
    /// A history entry's count differs from what the move did.
    #[error(
        "move {number}: record result mismatch: {key} is {recorded}, the move gives {replayed}"
    )]
    ResultMismatch {
        /// The move's number from 1.
        number: usize,
        /// The field.
        key: &'static str,
        /// The record's value as JSON.
        recorded: String,
        /// The replayed value as JSON.
        replayed: String,
    },
    /// `final`, `adjudication` or `outcome` differs from the replayed game.
    #[error("final result mismatch: {field} is {recorded}, the replayed game gives {replayed}")]
    FinalMismatch {
        /// The field.
        field: &'static str,
        /// The record's value as JSON.
        recorded: String,
        /// The replayed value as JSON.
        replayed: String,
    },
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

impl HistoryEntry {
    /// The entry for `object` played by `player` with the effects in `report`.
    #[must_use]
    pub fn new(player: u8, object: MoveObject, report: &MoveReport) -> HistoryEntry {
        let added = report.addition.is_some();
        HistoryEntry {
            player,
            mv: object,
            placed: report.placed,
            captures: report.captures,
            stolen: u8::from(added),
            added: if added { 2 } else { 0 },
            own_added: u8::from(added),
            opponent_added: u8::from(added),
            endpoint: report.addition.map(|pit| Endpoint {
                player,
                row: pit.row().number(),
                index: pit.index(),
            }),
        }
    }
}

/// The record's `adjudication` of a final position.
#[must_use]
pub fn adjudication(position: &Position) -> &'static str {
    match position.end() {
        Some(end) if end.reason == EndReason::RelayLimit => "safety-stop",
        Some(_) => "normal",
        None => "ongoing",
    }
}

impl GameRecord {
    /// Reads a record from JSON text (no replay yet: see [`GameRecord::replay`]).
    ///
    /// # Errors
    /// [`RecordError::Json`] when the text is not a record's JSON shape.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        serde_json::from_str(text).map_err(|error| {
            // rules/README.md: a bad field value in a move names the move's number.
            Self::first_bad_entry(text).unwrap_or(RecordError::Json(error))
        })
    }

    /// The first history entry of `text` that does not read as a [`HistoryEntry`].
    fn first_bad_entry(text: &str) -> Option<RecordError> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        value
            .get("history")?
            .as_array()?
            .iter()
            .enumerate()
            .find_map(|(i, entry)| {
                HistoryEntry::deserialize(entry)
                    .err()
                    .map(|source| RecordError::Entry {
                        number: i + 1,
                        source,
                    })
            })
    }

    /// The record as the trial app saves it: 2-space indentation, no final newline.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }

    /// The ruleset the record was played under (B-24).
    ///
    /// # Errors
    /// [`RecordError::Ruleset`] for a value other than `seed`.
    pub fn ruleset(&self) -> Result<Ruleset, RecordError> {
        match self.ruleset.as_deref() {
            None => Ok(Ruleset::Reference),
            Some("seed") => Ok(Ruleset::Seed),
            Some(other) => Err(RecordError::Ruleset(other.to_string())),
        }
    }

    fn check_header(&self) -> Result<(), RecordError> {
        let bad = |field, found: String, expected| {
            Err(RecordError::Header {
                field,
                found,
                expected,
            })
        };
        if self.format != FORMAT {
            return bad(
                "format",
                json(&self.format),
                "\"bao-nakakamado-nyakua-a-trial\"",
            );
        }
        if self.version != VERSION {
            return bad("version", self.version.to_string(), "1");
        }
        if self.variant_rule != VARIANT_RULE {
            return bad(
                "variantRule",
                json(&self.variant_rule),
                "\"nyakua-end-pit-a-trial-001\"",
            );
        }
        if self.rules_version != RULES_VERSION {
            return bad(
                "rulesVersion",
                json(&self.rules_version),
                "\"nyakua-a-trial-001\"",
            );
        }
        if self.public_adopted {
            return bad("publicAdopted", "true".into(), "false");
        }
        if !self.nyakua_end_pit_add {
            return bad("nyakuaEndPitAdd", "false".into(), "true");
        }
        if self.nyakua_next_turn_three {
            return bad("nyakuaNextTurnThree", "true".into(), "false");
        }
        Ok(())
    }

    /// Replays the record from the start as the author's `replay()` does (bao-record.md,
    /// "What replay() checks"): header, each entry's player, move and counts, then `final`,
    /// `adjudication` and `outcome`.
    ///
    /// # Errors
    /// [`RecordError`] naming the first bad field or move (numbered from 1).
    pub fn replay(&self) -> Result<BaoGame, RecordError> {
        self.check_header()?;
        let ruleset = self.ruleset()?;
        let mut game = BaoGame::new(ruleset);
        game.set_mode(&self.mode);
        game.set_unchecked_header(UncheckedHeader {
            base_rules: self.base_rules.clone(),
            base_rules_version: self.base_rules_version.clone(),
            board_rows_per_player: self.board_rows_per_player,
            sowing_path: self.sowing_path.clone(),
            initial_hand: self.initial_hand,
            total_kete: self.total_kete,
            nyakua_protect_last: self.nyakua_protect_last,
            nyakua_fixed_pit_bulk: self.nyakua_fixed_pit_bulk,
            nyakua_reserved_protected: self.nyakua_reserved_protected,
            computer: self.computer.clone(),
        });
        for (i, entry) in self.history.iter().enumerate() {
            let number = i + 1;
            let position = *game.position();
            let expected = position.to_move.index() as u8;
            if entry.player != expected {
                return Err(RecordError::WrongPlayer {
                    number,
                    found: entry.player,
                    expected,
                });
            }
            let mv = entry
                .mv
                .to_move(&position)
                .ok_or_else(|| RecordError::IllegalMove {
                    number,
                    object: json(&entry.mv),
                })?;
            game.play_recorded(mv, entry.mv)
                .map_err(|_| RecordError::IllegalMove {
                    number,
                    object: json(&entry.mv),
                })?;
            let actual = game.history().last().expect("just played");
            let pairs: [(&'static str, String, String); 7] = [
                ("placed", json(&entry.placed), json(&actual.placed)),
                ("captures", json(&entry.captures), json(&actual.captures)),
                ("stolen", json(&entry.stolen), json(&actual.stolen)),
                ("added", json(&entry.added), json(&actual.added)),
                ("ownAdded", json(&entry.own_added), json(&actual.own_added)),
                (
                    "opponentAdded",
                    json(&entry.opponent_added),
                    json(&actual.opponent_added),
                ),
                ("endpoint", json(&entry.endpoint), json(&actual.endpoint)),
            ];
            for (key, recorded, replayed) in pairs {
                if recorded != replayed {
                    return Err(RecordError::ResultMismatch {
                        number,
                        key,
                        recorded,
                        replayed,
                    });
                }
            }
        }
        let replayed = game.position().to_state();
        if replayed != self.final_state {
            return Err(RecordError::FinalMismatch {
                field: "final",
                recorded: json(&self.final_state),
                replayed: json(&replayed),
            });
        }
        let ours = game.to_record();
        if ours.adjudication != self.adjudication {
            return Err(RecordError::FinalMismatch {
                field: "adjudication",
                recorded: json(&self.adjudication),
                replayed: json(&ours.adjudication),
            });
        }
        if ours.outcome != self.outcome {
            return Err(RecordError::FinalMismatch {
                field: "outcome",
                recorded: json(&self.outcome),
                replayed: json(&ours.outcome),
            });
        }
        Ok(game)
    }
}
