//! Set-up positions: the state as records and the author's fixtures write it.

use game_core::{ByPlayer, FromSetup, Player};
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::pit::Pit;
use crate::position::{EndReason, Phase, Position, Ruleset, TOTAL_KETE};

#[cfg(feature = "serde")]
mod json;

/// A set-up: a plain description of a position, with the fields of the record's state
/// object (`docs/bao-nyakua.md`, "Records": the `final` state), in the record's key order,
/// and the ruleset to play it under. Not necessarily legal: [`Position::from_setup`] and
/// [`crate::Bao::from_setup`] (also through [`FromSetup`]) check it; [`Position::setup`]
/// and [`crate::Bao::setup`] give it back.
///
/// Per-player fields are [`ByPlayer`] values indexed by [`Player`] (`Player::First` is
/// south, `Player::Second` north). With the `serde` feature its JSON is exactly the
/// record's state object: a per-player field is the array `[south, north]`, `player` and
/// `winner` are 0 (south) or 1 (north) (`winner` may be `null`), `reason` is its word. The
/// record's states do not name a ruleset (the record's `ruleset` field does), so
/// [`Setup::ruleset`] is not in the JSON: a set-up read from JSON has
/// [`Ruleset::default()`], [`Ruleset::Seed`], until it is set.
///
/// Its fields are the record's, which the record format fixes, and the ruleset, so it is
/// not `#[non_exhaustive]`: start from [`Setup::new`] or a position's
/// [`setup`](Position::setup) and change the fields, or write a struct literal.
///
/// ```
/// use bao_nyakua::{Bao, FromSetup, Player, Position, Ruleset, Setup};
///
/// // South has put a kete from its hand into F1; north is to move.
/// let mut setup = Setup::new(Ruleset::Reference);
/// setup.pits[Player::First][0][0] = 1; // row 0 is the front row, index 0 is F1
/// setup.reserve[Player::First] -= 1;
/// setup.to_move = Player::Second;
/// let position = Position::from_setup(setup.clone())?;
/// assert_eq!(position.hand(Player::First), 21);
/// assert_eq!(position.ruleset(), Ruleset::Reference);
/// assert_eq!(position.setup(), setup);
/// let game = <Bao as FromSetup>::from_setup(setup.clone())?;
/// assert_eq!(game.position(), &position);
/// # #[cfg(feature = "serde")]
/// # {
/// // The JSON is the record's state object, without the ruleset.
/// let text = setup.to_json();
/// assert!(text.starts_with(r#"{"pits":[[[1,0,0,0,6,2,2,0],[0,0,0,0,0,0,0,0]],"#));
/// assert!(text.contains(r#""reserve":[21,22],"nyakuaReserve":[0,0],"#));
/// assert!(text.contains(r#""player":1,"phase":"namua","winner":null,"reason":"","#));
/// let read = Setup::from_json(&text)?;
/// assert_eq!(read.ruleset, Ruleset::Seed); // JSON names no ruleset
/// assert_eq!(Setup { ruleset: Ruleset::Reference, ..read }, setup);
/// # }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(Serialize, Deserialize),
    serde(rename_all = "camelCase", deny_unknown_fields)
)]
pub struct Setup {
    /// `pits[player][row][index]`: row 0 the front row, index 0 = `F1`/`B1` (from the
    /// owner's left).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "json::pair", deserialize_with = "json::pits")
    )]
    pub pits: ByPlayer<[[u8; 8]; 2]>,
    /// The hands (the record's `reserve`).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "json::pair", deserialize_with = "json::reserve")
    )]
    pub reserve: ByPlayer<u8>,
    /// Always 0 for both in trial A (B-24).
    #[cfg_attr(
        feature = "serde",
        serde(
            serialize_with = "json::pair",
            deserialize_with = "json::nyakua_reserve"
        )
    )]
    pub nyakua_reserve: ByPlayer<u8>,
    /// Whether each player still owns its NYUMBA (B-18).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "json::pair", deserialize_with = "json::house_owned")
    )]
    pub house_owned: ByPlayer<bool>,
    /// The player to move (the JSON's `player`, as the seed's position format names it).
    #[cfg_attr(feature = "serde", serde(rename = "player", with = "json::player"))]
    pub to_move: Player,
    /// `namua` or `mtaji`.
    pub phase: PhaseName,
    /// The record's winner: `None` while the game goes on; after a safety stop the
    /// mover's opponent, though the game has no winner (B-21).
    #[cfg_attr(feature = "serde", serde(with = "json::winner", default))]
    pub winner: Option<Player>,
    /// Why the game ended, [`ReasonName::Ongoing`] while it goes on.
    pub reason: ReasonName,
    /// 1 + completed turns.
    pub turn: u32,
    /// Kete of a winning capture not sown (B-9).
    #[cfg_attr(
        feature = "serde",
        serde(serialize_with = "json::pair", deserialize_with = "json::pending")
    )]
    pub pending: ByPlayer<u8>,
    /// The ruleset to play the position under (B-19). Not in the JSON: a set-up read from
    /// JSON has [`Ruleset::Seed`], the default; [`crate::Record::replay`] sets the record's
    /// own.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub ruleset: Ruleset,
}

impl Setup {
    /// The start position (B-2) under `ruleset`: [`Position::start`] as a set-up.
    #[must_use]
    pub fn new(ruleset: Ruleset) -> Setup {
        Position::start(ruleset).setup()
    }
}

#[cfg(feature = "serde")]
impl Setup {
    /// Reads a state from its JSON text (keys in any order), with the ruleset
    /// [`Ruleset::Seed`] (the JSON names none); [`Position::from_setup`] then checks that
    /// it can be played from.
    ///
    /// # Errors
    /// [`RecordError::Json`](crate::RecordError::Json) with the parser's message when the
    /// text is not a state's shape (it names a bad `player`, `winner` or `reason` and a
    /// per-player field that is not two values).
    pub fn from_json(text: &str) -> Result<Setup, crate::RecordError> {
        serde_json::from_str(text).map_err(|e| crate::RecordError::Json(e.to_string()))
    }

    /// The state as compact JSON in the record's key order (what the author's study
    /// hashes); the ruleset is not written.
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

/// The record's `reason`, as a [`Setup`] holds it: why the game ended, in the record's
/// words (the winner and the player to move tell the rest, see [`EndReason`]).
///
/// The record format fixes these four words, so it is not `#[non_exhaustive]`. Its
/// `Display` (and, with `serde`, its JSON string) is [`ReasonName::word`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReasonName {
    /// `""`: the game goes on.
    Ongoing,
    /// `front-empty`: a front row was emptied (B-9, B-20).
    FrontEmpty,
    /// `no-move`: the player to move has no legal move (B-20).
    NoMove,
    /// `relay-limit`: the safety stop at lap 512 (B-21).
    RelayLimit,
}

impl ReasonName {
    /// The record's word: `""`, `front-empty`, `no-move` or `relay-limit`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            ReasonName::Ongoing => "",
            ReasonName::FrontEmpty => "front-empty",
            ReasonName::NoMove => "no-move",
            ReasonName::RelayLimit => "relay-limit",
        }
    }

    /// The reason of a game that ended for `end`.
    const fn of(end: EndReason) -> ReasonName {
        match end {
            EndReason::FrontEmptied { .. } | EndReason::OwnFrontEmptied { .. } => {
                ReasonName::FrontEmpty
            }
            EndReason::NoMove { .. } => ReasonName::NoMove,
            EndReason::RelayLimit { .. } => ReasonName::RelayLimit,
        }
    }
}

impl std::fmt::Display for ReasonName {
    /// The record's word, [`ReasonName::word`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// Why a [`Setup`] is not a position this crate can play from.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// `nyakuaReserve` is not 0 for both players.
    #[error(
        "nyakuaReserve is {}: trial A has no reserved hand, it must be [0, 0] (B-24)",
        pair_text(.0)
    )]
    NyakuaReserve(ByPlayer<u8>),
    /// A winner without a reason or a reason without a winner.
    #[error(
        "winner {} and reason \"{reason}\" disagree: a finished game has both, a game in progress neither",
        winner_text(.winner)
    )]
    WinnerReason {
        /// The winner given.
        winner: Option<Player>,
        /// The reason given.
        reason: ReasonName,
    },
    /// The kete do not add up to 64.
    #[error("the board, hands and pending hold {0} kete, not 64 (B-3)")]
    Conservation(u32),
    /// MTAJI with kete in hand.
    #[error(
        "phase mtaji with hands {}: MTAJI starts only when both hands are empty (B-15)",
        pair_text(.0)
    )]
    MtajiWithHands(ByPlayer<u8>),
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

/// A per-player count as the record writes it, `[south, north]`.
fn pair_text(pair: &ByPlayer<u8>) -> String {
    format!("[{}, {}]", pair.first, pair.second)
}

/// A winner as the record writes it, with the player's name.
fn winner_text(winner: &Option<Player>) -> &'static str {
    match winner {
        None => "null",
        Some(Player::First) => "0 (south)",
        Some(Player::Second) => "1 (north)",
    }
}

const NAMES: [&str; 2] = ["south", "north"];

impl Position {
    /// The position described by `state`, played under its [`Setup::ruleset`], with ply 0.
    ///
    /// # Errors
    /// [`SetupError`] naming the first thing that is wrong.
    pub fn from_setup(state: Setup) -> Result<Position, SetupError> {
        if state.nyakua_reserve != ByPlayer::splat(0) {
            return Err(SetupError::NyakuaReserve(state.nyakua_reserve));
        }
        if state.turn == 0 {
            return Err(SetupError::TurnZero);
        }
        let to_move = state.to_move;
        let end = match (state.winner, state.reason) {
            (None, ReasonName::Ongoing) => None,
            (Some(winner), ReasonName::FrontEmpty) if winner == to_move => {
                Some(EndReason::FrontEmptied { winner })
            }
            (Some(winner), ReasonName::FrontEmpty) => Some(EndReason::OwnFrontEmptied { winner }),
            (Some(winner), ReasonName::NoMove) => Some(EndReason::NoMove { winner }),
            (Some(record_winner), ReasonName::RelayLimit) => {
                Some(EndReason::RelayLimit { record_winner })
            }
            (winner, reason) => return Err(SetupError::WinnerReason { winner, reason }),
        };
        let mut pits = [[0u8; 16]; 2];
        for player in Player::BOTH {
            let rows = &state.pits[player];
            for pit in Pit::all() {
                pits[player.index()][pit.ring() as usize] =
                    rows[pit.row().number() as usize][pit.index() as usize];
            }
        }
        let phase = match state.phase {
            PhaseName::Namua => Phase::Namua,
            PhaseName::Mtaji => Phase::Mtaji,
        };
        let position = Position {
            pits,
            hands: array(state.reserve),
            pending: array(state.pending),
            house_owned: array(state.house_owned),
            to_move,
            phase,
            end,
            turn: state.turn,
            ply: 0,
            ruleset: state.ruleset,
        };
        let total = position.total_kete();
        if total != TOTAL_KETE {
            return Err(SetupError::Conservation(total));
        }
        if phase == Phase::Mtaji && state.reserve != ByPlayer::splat(0) {
            return Err(SetupError::MtajiWithHands(state.reserve));
        }
        if end.is_none() {
            for player in Player::BOTH {
                if !position.front_occupied(player.index()) {
                    return Err(SetupError::EmptyFront {
                        player: NAMES[player.index()],
                    });
                }
            }
            if !position.has_legal_move() {
                return Err(SetupError::NoLegalMove {
                    player: NAMES[to_move.index()],
                });
            }
        }
        Ok(position)
    }

    /// The position as a set-up (the record's state object, and the position's ruleset);
    /// [`Position::from_setup`] reads it back.
    #[must_use]
    pub fn setup(&self) -> Setup {
        let rows = |player: Player| {
            let mut rows = [[0u8; 8]; 2];
            for pit in Pit::all() {
                rows[pit.row().number() as usize][pit.index() as usize] =
                    self.pits[player.index()][pit.ring() as usize];
            }
            rows
        };
        Setup {
            pits: ByPlayer::new(rows(Player::First), rows(Player::Second)),
            reserve: by_player(self.hands),
            nyakua_reserve: ByPlayer::splat(0),
            house_owned: by_player(self.house_owned),
            to_move: self.to_move,
            phase: match self.phase {
                Phase::Namua => PhaseName::Namua,
                Phase::Mtaji => PhaseName::Mtaji,
            },
            winner: self.end.map(EndReason::record_winner),
            reason: self.end.map_or(ReasonName::Ongoing, ReasonName::of),
            turn: self.turn,
            pending: by_player(self.pending),
            ruleset: self.ruleset,
        }
    }
}

impl FromSetup for Position {
    type Setup = Setup;
    type SetupError = SetupError;

    /// As [`Position::from_setup`].
    fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        Position::from_setup(setup)
    }

    /// As [`Position::setup`].
    fn setup(&self) -> Setup {
        Position::setup(self)
    }
}

/// The position's per-player array (south first) of a per-player value.
fn array<T>(pair: ByPlayer<T>) -> [T; 2] {
    [pair.first, pair.second]
}

/// The per-player value of the position's per-player array (south first).
fn by_player<T>([south, north]: [T; 2]) -> ByPlayer<T> {
    ByPlayer::new(south, north)
}
