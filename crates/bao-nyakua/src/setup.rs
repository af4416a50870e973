//! Set-up positions: the state as records and the author's fixtures write it.

use game_core::Player;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::pit::Pit;
use crate::position::{EndReason, Phase, Position, Ruleset, TOTAL_KETE};

/// A set-up: a state in the record's JSON shape (`docs/bao-nyakua.md`, "Records": the
/// `final` state), keys in the record's order. A plain description, not necessarily legal:
/// [`Position::from_setup`] and [`crate::Bao::from_setup`] check it; [`Position::setup`]
/// and [`crate::Bao::setup`] give it back.
///
/// Its fields are exactly the record's, which the record format fixes, so it is not
/// `#[non_exhaustive]`: build it with a struct literal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Setup {
    /// `pits[player][row][index]`: player 0 south, row 0 front, index 0 = `F1`/`B1`.
    pub pits: [[[u8; 8]; 2]; 2],
    /// The hands `[south, north]`.
    pub reserve: [u8; 2],
    /// Always `[0, 0]` in trial A (B-24).
    pub nyakua_reserve: [u8; 2],
    /// Ownership of the NYUMBA `[south, north]`.
    pub house_owned: [bool; 2],
    /// The player to move (0 south, 1 north).
    pub player: u8,
    /// `namua` or `mtaji`.
    pub phase: PhaseName,
    /// The record's winner: `null`, 0 or 1 (the mover's opponent after a safety stop).
    pub winner: Option<u8>,
    /// `""`, `front-empty`, `no-move` or `relay-limit`.
    pub reason: String,
    /// 1 + completed turns.
    pub turn: u32,
    /// Kete of a winning capture not sown (B-9), `[south, north]`.
    pub pending: [u8; 2],
}

#[cfg(feature = "serde")]
impl Setup {
    /// Reads a state from its JSON text (keys in any order); [`Position::from_setup`] then
    /// checks that it can be played from.
    ///
    /// # Errors
    /// [`RecordError::Json`](crate::RecordError::Json) with the parser's message when the
    /// text is not a state's shape.
    pub fn from_json(text: &str) -> Result<Setup, crate::RecordError> {
        serde_json::from_str(text).map_err(|e| crate::RecordError::Json(e.to_string()))
    }

    /// The state as compact JSON in the record's key order (what the author's study
    /// hashes).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a state always serialises")
    }
}

/// The phase as the record writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum PhaseName {
    /// `namua`.
    Namua,
    /// `mtaji`.
    Mtaji,
}

/// Why a [`Setup`] is not a position this crate can play from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// `nyakuaReserve` is not `[0, 0]`.
    #[error("nyakuaReserve is {0:?}: trial A has no reserved hand, it must be [0, 0] (B-24)")]
    NyakuaReserve([u8; 2]),
    /// `player` is not 0 or 1.
    #[error("player {0} is not a player: use 0 (south) or 1 (north)")]
    BadPlayer(u8),
    /// `winner` is not null, 0 or 1.
    #[error("winner {0} is not a player: use null, 0 (south) or 1 (north)")]
    BadWinner(u8),
    /// `reason` is not one of the record's words.
    #[error("reason `{0}` is unknown: use \"\", \"front-empty\", \"no-move\" or \"relay-limit\"")]
    BadReason(String),
    /// A winner without a reason or a reason without a winner.
    #[error(
        "winner {winner:?} and reason `{reason}` disagree: a finished game has both, a game in progress neither"
    )]
    WinnerReason {
        /// The winner given.
        winner: Option<u8>,
        /// The reason given.
        reason: String,
    },
    /// The kete do not add up to 64.
    #[error("the board, hands and pending hold {0} kete, not 64 (B-3)")]
    Conservation(u32),
    /// MTAJI with kete in hand.
    #[error("phase mtaji with hands {0:?}: MTAJI starts only when both hands are empty (B-15)")]
    MtajiWithHands([u8; 2]),
    /// `turn` is 0.
    #[error("turn 0: turns count from 1")]
    TurnZero,
    /// A game in progress with an empty front row.
    #[error(
        "{player}'s front row is empty in a game in progress: that game is already over (B-20)"
    )]
    EmptyFront {
        /// `south` or `north`.
        player: &'static str,
    },
    /// A game in progress where the player to move has no legal move.
    #[error("{player} is to move and has no legal move: that game is already over (B-20)")]
    NoLegalMove {
        /// `south` or `north`.
        player: &'static str,
    },
}

const NAMES: [&str; 2] = ["south", "north"];

impl Position {
    /// The position described by `state`, played under `ruleset` (a set-up does not name
    /// its ruleset, as the record's states do not), with ply 0.
    ///
    /// # Errors
    /// [`SetupError`] naming the first thing that is wrong.
    pub fn from_setup(state: Setup, ruleset: Ruleset) -> Result<Position, SetupError> {
        if state.nyakua_reserve != [0, 0] {
            return Err(SetupError::NyakuaReserve(state.nyakua_reserve));
        }
        if state.player > 1 {
            return Err(SetupError::BadPlayer(state.player));
        }
        if state.turn == 0 {
            return Err(SetupError::TurnZero);
        }
        let to_move = Player::from_index(state.player as usize);
        let reason = match state.reason.as_str() {
            "" => None,
            word @ ("front-empty" | "no-move" | "relay-limit") => Some(word),
            other => return Err(SetupError::BadReason(other.to_string())),
        };
        let end = match (state.winner, reason) {
            (None, None) => None,
            (Some(w), Some(word)) if w <= 1 => {
                EndReason::from_record(word, Player::from_index(w as usize), to_move)
            }
            (Some(w), Some(_)) => return Err(SetupError::BadWinner(w)),
            (winner, _) => {
                return Err(SetupError::WinnerReason {
                    winner,
                    reason: state.reason,
                });
            }
        };
        let mut pits = [[0u8; 16]; 2];
        for (player, rows) in state.pits.iter().enumerate() {
            for pit in Pit::all() {
                pits[player][pit.ring() as usize] =
                    rows[pit.row().number() as usize][pit.index() as usize];
            }
        }
        let phase = match state.phase {
            PhaseName::Namua => Phase::Namua,
            PhaseName::Mtaji => Phase::Mtaji,
        };
        let position = Position {
            pits,
            hands: state.reserve,
            pending: state.pending,
            house_owned: state.house_owned,
            to_move,
            phase,
            end,
            turn: state.turn,
            ply: 0,
            ruleset,
        };
        let total = position.total_kete();
        if total != TOTAL_KETE {
            return Err(SetupError::Conservation(total));
        }
        if phase == Phase::Mtaji && state.reserve != [0, 0] {
            return Err(SetupError::MtajiWithHands(state.reserve));
        }
        if end.is_none() {
            for (player, name) in NAMES.into_iter().enumerate() {
                if !position.front_occupied(player) {
                    return Err(SetupError::EmptyFront { player: name });
                }
            }
            if !position.has_legal_move() {
                return Err(SetupError::NoLegalMove {
                    player: NAMES[state.player as usize],
                });
            }
        }
        Ok(position)
    }

    /// The position as a set-up (the record's state object); [`Position::from_setup`]
    /// with the same ruleset reads it back.
    #[must_use]
    pub fn setup(&self) -> Setup {
        let mut pits = [[[0u8; 8]; 2]; 2];
        for (player, rows) in pits.iter_mut().enumerate() {
            for pit in Pit::all() {
                rows[pit.row().number() as usize][pit.index() as usize] =
                    self.pits[player][pit.ring() as usize];
            }
        }
        Setup {
            pits,
            reserve: self.hands,
            nyakua_reserve: [0, 0],
            house_owned: self.house_owned,
            player: self.to_move.index() as u8,
            phase: match self.phase {
                Phase::Namua => PhaseName::Namua,
                Phase::Mtaji => PhaseName::Mtaji,
            },
            winner: self.end.map(|e| e.record_winner().index() as u8),
            reason: self.end.map_or("", EndReason::word).to_string(),
            turn: self.turn,
            pending: self.pending,
        }
    }
}
