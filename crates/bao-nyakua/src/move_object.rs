//! The record's move object (`docs/bao-nyakua.md`, "Records") and its mapping to B-22.

use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

use crate::moves::{Move, NyumbaChoice};
use crate::pit::{Direction, Pit, Row};
use crate::position::{Phase, Position};
use crate::setup::PhaseName;

/// The record's `type` of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveType {
    /// A move that captures nothing (takata).
    Takata,
    /// A capture move.
    Capture,
    /// The compatibility pass (B-16).
    Pass,
}

/// A direction or an entry side as the record writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// `"left"`.
    Left,
    /// `"right"`.
    Right,
}

impl From<Direction> for SideName {
    fn from(direction: Direction) -> SideName {
        match direction {
            Direction::Left => SideName::Left,
            Direction::Right => SideName::Right,
        }
    }
}

impl From<SideName> for Direction {
    fn from(side: SideName) -> Direction {
        match side {
            SideName::Left => Direction::Left,
            SideName::Right => Direction::Right,
        }
    }
}

/// A move object as records write it. Written back with the key order of its kind (NAMUA:
/// `type phase row index direction [side] [houseTwo] [houseChoice]`; MTAJI: `row index
/// direction type phase`; `pass`: `type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MoveObject {
    /// `takata`, `capture` or `pass`.
    #[serde(rename = "type")]
    pub kind: MoveType,
    /// `namua` or `mtaji` (not compared on replay).
    #[serde(default)]
    pub phase: Option<PhaseName>,
    /// 0 front, 1 back.
    #[serde(default)]
    pub row: Option<u8>,
    /// 0–7 from the mover's left.
    #[serde(default)]
    pub index: Option<u8>,
    /// The first lap's direction.
    #[serde(default)]
    pub direction: Option<SideName>,
    /// A NAMUA capture's entry: `left` = `F1`, `right` = `F8`.
    #[serde(default)]
    pub side: Option<SideName>,
    /// `true` on the 2-kete sowing (B-12).
    #[serde(default)]
    pub house_two: Option<bool>,
    /// `stop` or `use` (B-22).
    #[serde(default)]
    pub house_choice: Option<ChoiceName>,
}

/// The NYUMBA choice as the record writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChoiceName {
    /// `stop`.
    Stop,
    /// `use`.
    Use,
}

impl Serialize for MoveObject {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if self.kind == MoveType::Pass {
            map.serialize_entry("type", &self.kind)?;
            return map.end();
        }
        if self.phase == Some(PhaseName::Mtaji) {
            map.serialize_entry("row", &self.row)?;
            map.serialize_entry("index", &self.index)?;
            map.serialize_entry("direction", &self.direction)?;
            map.serialize_entry("type", &self.kind)?;
            map.serialize_entry("phase", &self.phase)?;
            return map.end();
        }
        map.serialize_entry("type", &self.kind)?;
        if let Some(phase) = self.phase {
            map.serialize_entry("phase", &phase)?;
        }
        map.serialize_entry("row", &self.row)?;
        map.serialize_entry("index", &self.index)?;
        map.serialize_entry("direction", &self.direction)?;
        if let Some(side) = self.side {
            map.serialize_entry("side", &side)?;
        }
        if let Some(two) = self.house_two {
            map.serialize_entry("houseTwo", &two)?;
        }
        if let Some(choice) = self.house_choice {
            map.serialize_entry("houseChoice", &choice)?;
        }
        map.end()
    }
}

impl MoveObject {
    /// The object the author's engine writes for the legal move `mv` in `position`.
    #[must_use]
    pub fn describe(position: &Position, mv: Move) -> MoveObject {
        MoveObject::describe_knowing(position, mv, position.capture_exists())
    }

    /// [`MoveObject::describe`] with `capture`, whether the mover must capture
    /// (`Position::capture_exists`), already known.
    pub(crate) fn describe_knowing(position: &Position, mv: Move, capture: bool) -> MoveObject {
        let Move::Sow {
            pit,
            direction,
            nyumba,
        } = mv
        else {
            return MoveObject {
                kind: MoveType::Pass,
                phase: None,
                row: None,
                index: None,
                direction: None,
                side: None,
                house_two: None,
                house_choice: None,
            };
        };
        let kind = if capture {
            MoveType::Capture
        } else {
            MoveType::Takata
        };
        let namua = position.phase() == Phase::Namua;
        let me = position.to_move.index();
        MoveObject {
            kind,
            phase: Some(if namua {
                PhaseName::Namua
            } else {
                PhaseName::Mtaji
            }),
            row: Some(pit.row().number()),
            // Planted bug (tests only, B-1): the back row numbered from the owner's right.
            index: Some(if game_core::planted::is("B-1") && pit.row() == Row::Back {
                7 - pit.index()
            } else {
                pit.index()
            }),
            direction: Some(direction.into()),
            // B-22: `R` enters at `F1` (side left), `L` at `F8` (side right).
            side: (namua && capture).then_some(match direction {
                Direction::Right => SideName::Left,
                Direction::Left => SideName::Right,
            }),
            house_two: (namua && !capture && position.is_house_two(me, pit)).then_some(true),
            house_choice: nyumba.map(|c| match c {
                NyumbaChoice::Stop => ChoiceName::Stop,
                NyumbaChoice::Use => ChoiceName::Use,
            }),
        }
    }

    /// The B-22 move this object means in `position`, if it is a legal move there, by the
    /// table in `docs/bao-nyakua.md`: `houseChoice` counts only where the choice arises (absent
    /// or `stop` is `:stop`), and the object must agree with the engine's own object for
    /// that move in `type`, `row`, `index`, `direction`, `side` and `houseTwo`.
    #[must_use]
    pub fn to_move(&self, position: &Position) -> Option<Move> {
        let mv = if self.kind == MoveType::Pass {
            Move::Pass
        } else {
            let row = match self.row? {
                0 => Row::Front,
                1 => Row::Back,
                _ => return None,
            };
            // Planted bug (tests only, B-1): the back row numbered from the owner's right.
            let index = match self.index? {
                i if game_core::planted::is("B-1") && row == Row::Back => 7u8.checked_sub(i)?,
                i => i,
            };
            let pit = Pit::new(row, index)?;
            let plain = Move::sow(pit, self.direction?.into());
            let with_stop = plain.with_choice(Some(NyumbaChoice::Stop));
            let legal = position.legal_list();
            if legal.contains(&with_stop) {
                let choice = if self.house_choice == Some(ChoiceName::Use) {
                    NyumbaChoice::Use
                } else {
                    NyumbaChoice::Stop
                };
                plain.with_choice(Some(choice))
            } else {
                plain
            }
        };
        if position.end_reason().is_some() || !position.legal_list().contains(&mv) {
            return None;
        }
        let own = MoveObject::describe(position, mv);
        let same = own.kind == self.kind
            && own.row == self.row
            && own.index == self.index
            && own.direction == self.direction
            && own.side == self.side
            && own.house_two.unwrap_or(false) == self.house_two.unwrap_or(false);
        same.then_some(mv)
    }
}
