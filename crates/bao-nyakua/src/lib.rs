//! Bao Nakakamado, NYAKUA trial A: the rules engine (mancala on 4 × 8 pits, 64 kete).
//!
//! The rules are the author's trial rulebook (`nyakua-a-trial-001`) with the project's
//! decisions B-1 … B-24, all defined in `docs/bao-nyakua.md`. Two rulesets
//! ([`Ruleset::Seed`], the text, and [`Ruleset::Reference`], the author's engine) differ
//! in the two points of B-19.
//!
//! * [`Bao`]: the game with its history, the state the `rulebook` program drives; its
//!   `Display` is the diagram. With the `serde` feature (on by default) it writes and
//!   reads the author's JSON record ([`Record`], B-24) byte for byte, through
//!   [`Recorded`] or [`Bao::to_record`] / [`Record::from_json`] / [`Record::replay`].
//! * [`Position`]: the compact state (52 bytes, `Copy`, no history): legal moves, checked
//!   play with a typed [`PlayError`], play with an [`Observer`] that sees every step. It is
//!   a [`Game`] too, with the same [`EndReason`].
//! * [`Move`]: B-22 notation, `F3R`, `B6L`, `F4R:stop`, `pass`.
//! * The computer opponent: [`Opponent`] for [`Bao`] and [`Position`] (the same hooks,
//!   [`BaoHooks`], and the same playout budgets per [`Level`]):
//!   `Position::opponent(Level::Hard)` is a searcher ready to play.
//! * [`Setup`]: a plain description of a position (the record's state shape and the
//!   ruleset), checked by [`Bao::from_setup`] and [`Position::from_setup`] ([`SetupError`]),
//!   the workspace's [`FromSetup`] for both.
//!
//! Every type a user needs is re-exported here, `game_core`'s trait and shared types
//! included, so this crate is the only dependency a Bao program needs.
//!
//! ```
//! use bao_nyakua::{Bao, EndReason, Game, Move, PlayError, Player, Position, Ruleset};
//!
//! let mut position = Position::start(Ruleset::Seed);
//! let mut moves = Vec::new();
//! position.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 4); // takata from F6 or F7, either way (B-11)
//! let mv: Move = "f7l".parse()?;
//! position.play(mv)?;
//! assert_eq!(position.to_move(), Player::Second);
//! let refused = position.play("F1R".parse()?); // an empty pit: refused, unchanged
//! assert!(matches!(refused, Err(PlayError::EmptyPit { .. })));
//!
//! // The game with its history.
//! let mut game = Bao::new(Ruleset::Seed);
//! game.play("F7L".parse()?)?;
//! assert_eq!(game.moves(), ["F7L".parse::<Move>()?]);
//! assert_eq!(game.end_reason(), None::<EndReason>);
//! assert!(game.to_string().contains("phase namua, turn 2, ruleset seed"));
//! # #[cfg(feature = "serde")]
//! # {
//! use bao_nyakua::{Record, Recorded};
//! // A whole game as a record, and back.
//! let text = game.write_record();
//! let replayed = Record::from_json(&text)?.replay()?;
//! assert_eq!(replayed, game);
//! assert_eq!(Bao::read_record(&text)?.write_record(), text);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

// The API map's `#[non_exhaustive]` promises, as compile-fail doctests.
mod actions;
#[cfg(doctest)]
mod api_map;
mod diagram;
mod error;
mod game;
#[cfg(feature = "serde")]
mod move_object;
mod movegen;
mod moves;
mod observer;
mod opponent;
mod pit;
mod position;
#[cfg(feature = "serde")]
mod record;
#[cfg(feature = "serde")]
mod record_error;
mod setup;
mod sowing;

pub use game_core::search::{Level, Opponent};
pub use game_core::{
    self, ByPlayer, Encoded, FromSetup, Game, GameRng, Outcome, Player, Recorded, perft,
    perft_divide, random_playout,
};

pub use error::PlayError;
pub use game::Bao;
#[cfg(feature = "serde")]
pub use move_object::{ChoiceName, MoveObject, MoveType, SideName};
pub use moves::{Move, NyumbaChoice, ParseMoveError};
pub use observer::{NoObserver, Observer, Step};
pub use opponent::{
    BaoHooks, EASY_PLAYOUTS, EXPLORATION, HARD_PLAYOUTS, NORMAL_PLAYOUTS, PLAYOUT_PLIES, VARIETY,
};
pub use pit::{Direction, Pit, Row};
pub use position::{
    EndReason, INITIAL_HAND, MoveReport, Phase, Position, Ruleset, SAFETY_LAP, TOTAL_KETE,
};
#[cfg(feature = "serde")]
pub use record::{
    BASE_RULES, BASE_RULES_VERSION, BadMoveReason, ComputerInfo, Endpoint, HistoryEntry,
    OutcomeRecord, RECORD_MARKER, RULES_VERSION, Record, RecordError, UncheckedHeader,
    VARIANT_RULE, VERSION, adjudication,
};
pub use setup::{PhaseName, ReasonName, Setup, SetupError};

/// The README's example, run as a doctest so that it cannot go stale.
#[cfg(all(doctest, feature = "serde"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
