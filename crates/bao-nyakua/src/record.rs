//! The JSON game record (B-24; `docs/bao-nyakua.md`, "Records"): reading, replaying and
//! writing.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::Bao;
use crate::move_object::MoveObject;
use crate::moves::Move;
use crate::position::{EndReason, MoveReport, Position, Ruleset};
pub use crate::record_error::{BadMoveReason, RecordError};
use crate::setup::Setup;

/// The record's format marker, the value of its `format` field.
pub const RECORD_MARKER: &str = "bao-nakakamado-nyakua-a-trial";
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

/// A whole game record, field for field and in the key order of the author's trial app
/// (`docs/bao-nyakua.md`, "Records").
///
/// Its fields are the record format's, which is fixed, so it is not `#[non_exhaustive]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Record {
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
    /// Our extension: the set-up a game started from when it is not the start position
    /// ([`Bao::from_setup`]); absent for every game from the start, as in the author's
    /// records. Its [`Setup::ruleset`] is the record's own ([`Record::ruleset`]), which
    /// [`Record::from_json`] sets (the state object does not write it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    /// One entry per move.
    pub history: Vec<HistoryEntry>,
    /// The state after the last move; its [`Setup::ruleset`] is the record's own, as for
    /// `setup`.
    #[serde(rename = "final")]
    pub final_state: Setup,
    /// `normal`, `ongoing` or `safety-stop`.
    pub adjudication: String,
    /// The outcome.
    pub outcome: OutcomeRecord,
}

/// The header fields that replay does not check (the author's replay checks only `format`,
/// `version`, `variantRule`, `rulesVersion`, `publicAdopted`, `nyakuaEndPitAdd` and
/// `nyakuaNextTurnThree`). A replayed game keeps them as read, so an accepted record writes
/// back to the same bytes; a new game uses the trial app's values.
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

/// `value` as compact JSON (empty if it cannot be written, which no record value is).
pub(crate) fn json<T: Serialize>(value: &T) -> String {
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
    match position.end_reason() {
        Some(EndReason::RelayLimit { .. }) => "safety-stop",
        Some(_) => "normal",
        None => "ongoing",
    }
}

impl Record {
    /// Reads a record from JSON text (no replay yet: see [`Record::replay`]).
    ///
    /// # Errors
    /// [`RecordError::WrongGame`] when its `format` marker is not this game's,
    /// [`RecordError::BadMove`] for a history entry that does not read, and
    /// [`RecordError::Json`] when the text is not a record's JSON shape.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        match serde_json::from_str::<Record>(text) {
            Ok(record) if record.format != RECORD_MARKER => Err(RecordError::WrongGame {
                found: record.format,
            }),
            Ok(mut record) => {
                // The state objects name no ruleset: they are the record's.
                if let Ok(ruleset) = record.ruleset() {
                    if let Some(setup) = &mut record.setup {
                        setup.ruleset = ruleset;
                    }
                    record.final_state.ruleset = ruleset;
                }
                Ok(record)
            }
            Err(error) => {
                Err(Self::why_unreadable(text)
                    .unwrap_or_else(|| RecordError::Json(error.to_string())))
            }
        }
    }

    /// Why a text that does not read as a record is not one, when more can be said than
    /// the parser's message: another game's marker (our `format`, or the `game` of the
    /// workspace's other records), or the first history entry that does not read (a bad
    /// field value in a move names the move's number).
    fn why_unreadable(text: &str) -> Option<RecordError> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        let marker = |key| value.get(key).and_then(serde_json::Value::as_str);
        match marker("format").or_else(|| marker("game")) {
            Some(found) if found != RECORD_MARKER => Some(RecordError::WrongGame {
                found: found.to_string(),
            }),
            _ => Self::first_bad_entry(&value),
        }
    }

    /// The first history entry of `text` that does not read as a [`HistoryEntry`].
    fn first_bad_entry(value: &serde_json::Value) -> Option<RecordError> {
        value
            .get("history")?
            .as_array()?
            .iter()
            .enumerate()
            .find_map(|(i, entry)| {
                HistoryEntry::deserialize(entry)
                    .err()
                    .map(|error| RecordError::BadMove {
                        number: i + 1,
                        text: entry.to_string(),
                        reason: BadMoveReason::Unreadable(error.to_string()),
                    })
            })
    }

    /// The record as JSON with 2-space indentation, as the trial app saves it, and one
    /// final newline: the text of a record file, the same in every game crate of the
    /// workspace (a record without the newline reads the same).
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a record always serialises");
        text.push('\n');
        text
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
        if self.format != RECORD_MARKER {
            return Err(RecordError::WrongGame {
                found: self.format.clone(),
            });
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

    /// Replays the record from the start (or from its `setup`) as the author's `replay()`
    /// does (`docs/bao-nyakua.md`, "Records"): header, each entry's player, move and
    /// counts, then `final`, `adjudication` and `outcome`.
    ///
    /// # Errors
    /// [`RecordError`] naming the first bad field or move (numbered from 1).
    pub fn replay(&self) -> Result<Bao, RecordError> {
        self.check_header()?;
        let ruleset = self.ruleset()?;
        let mut game = match &self.setup {
            None => Bao::new(ruleset),
            // A state object names no ruleset: the record's own is the set-up's.
            Some(setup) => Bao::from_setup(Setup {
                ruleset,
                ..setup.clone()
            })?,
        };
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
            Self::replay_entry(&mut game, i + 1, entry)?;
        }
        // The ruleset is not part of the state object, so it is not compared.
        let replayed = Setup {
            ruleset: self.final_state.ruleset,
            ..game.position().setup()
        };
        if replayed != self.final_state {
            return Err(RecordError::ResultMismatch {
                field: "final",
                recorded: json(&self.final_state),
                replayed: json(&replayed),
            });
        }
        let ours = game.to_record();
        if ours.adjudication != self.adjudication {
            return Err(RecordError::ResultMismatch {
                field: "adjudication",
                recorded: json(&self.adjudication),
                replayed: json(&ours.adjudication),
            });
        }
        // Planted bug (tests only): the recorded outcome is not compared.
        if ours.outcome != self.outcome && !game_core::planted::is("B-24") {
            return Err(RecordError::ResultMismatch {
                field: "outcome",
                recorded: json(&self.outcome),
                replayed: json(&ours.outcome),
            });
        }
        Ok(game)
    }

    /// Plays history entry `number` (counted from 1) on `game`, checking its player and
    /// the counts it records against the replay's.
    fn replay_entry(
        game: &mut Bao,
        number: usize,
        entry: &HistoryEntry,
    ) -> Result<(), RecordError> {
        let position = *game.position();
        let expected = position.to_move.index() as u8;
        if entry.player != expected {
            return Err(RecordError::BadMove {
                number,
                text: json(&entry.mv),
                reason: BadMoveReason::WrongPlayer {
                    found: entry.player,
                    expected,
                },
            });
        }
        let illegal = || RecordError::BadMove {
            number,
            text: json(&entry.mv),
            reason: BadMoveReason::Illegal {
                object: json(&entry.mv),
            },
        };
        let mv = entry.mv.to_move(&position).ok_or_else(illegal)?;
        game.play_recorded(mv, entry.mv).map_err(|_| illegal())?;
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
                return Err(RecordError::BadMove {
                    number,
                    text: json(&entry.mv),
                    reason: BadMoveReason::Counts {
                        key,
                        recorded,
                        replayed,
                    },
                });
            }
        }
        Ok(())
    }
}

impl game_core::Recorded for Bao {
    type RecordError = RecordError;

    fn moves(&self) -> &[Move] {
        Bao::moves(self)
    }

    fn write_record(&self) -> String {
        self.to_record().to_json()
    }

    fn read_record(text: &str) -> Result<Bao, RecordError> {
        Record::from_json(text)?.replay()
    }

    const MARKER: game_core::RecordMarker = game_core::RecordMarker {
        key: "format",
        value: RECORD_MARKER,
        sgf: false,
    };
}

impl Serialize for Bao {
    /// Serialises the game as its [`Record`].
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_record().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Bao {
    /// Reads a [`Record`] and replays it through the rules ([`Record::replay`]), so a
    /// deserialised game is always one the rules allow.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bao, D::Error> {
        let record = Record::deserialize(deserializer)?;
        record.replay().map_err(serde::de::Error::custom)
    }
}
