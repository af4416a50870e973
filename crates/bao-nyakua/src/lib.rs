//! Bao Nakakamado, NYAKUA trial A: the rules engine (mancala on 4 × 8 pits, 64 kete).
//!
//! The rules are the author's trial rulebook (`nyakua-a-trial-001`) with the project's
//! decisions B-1 … B-24; `docs/bao-nyakua.md` tells them in our words. Two rulesets
//! ([`Ruleset::Seed`], the text, and [`Ruleset::Reference`], the author's engine) differ
//! in the two points of B-19.
//!
//! * [`Position`]: the compact state (52 bytes, `Copy`): legal moves, checked play with a
//!   typed [`PlayError`], play with an [`Observer`] that sees every step.
//! * [`Move`]: B-22 notation, `F3R`, `B6L`, `F4R:stop`, `pass`.
//! * [`BaoGame`] and [`GameRecord`]: the game with its history and the author's JSON
//!   record (B-24), read, replayed and written byte for byte.
//! * [`StateRecord`]: a state in the record's JSON shape, and set-up positions from it.
//!
//! ```
//! use bao_nyakua::{BaoGame, GameRecord, Move, Position, Ruleset};
//! use game_core::{Game, Player};
//!
//! let mut position = Position::start(Ruleset::Seed);
//! let mut moves = Vec::new();
//! position.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 4); // takata from F6 or F7, either way (B-11)
//! let mv: Move = "f7l".parse()?;
//! position.play(mv)?;
//! assert_eq!(position.to_move(), Player::Second);
//! assert!(position.play("F1R".parse()?).is_err()); // an empty pit: refused, unchanged
//!
//! // A whole game as a record, and back.
//! let mut game = BaoGame::new(Ruleset::Seed);
//! game.play("F7L".parse()?)?;
//! let text = game.to_record().to_json();
//! let replayed = GameRecord::from_json(&text)?.replay()?;
//! assert_eq!(replayed.to_record().to_json(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod diagram;
mod error;
mod game;
mod move_object;
mod movegen;
mod moves;
mod observer;
mod pit;
mod position;
mod record;
mod setup;
mod sowing;

pub use error::PlayError;
pub use game::BaoGame;
pub use move_object::{ChoiceName, MoveObject, MoveType, SideName};
pub use moves::{Move, NyumbaChoice, ParseMoveError};
pub use observer::{NoObserver, Observer, Step};
pub use pit::{Direction, Pit, Row};
pub use position::{
    EndReason, GameEnd, INITIAL_HAND, MoveReport, Phase, Position, Ruleset, SAFETY_LAP, TOTAL_KETE,
};
pub use record::{
    BASE_RULES, BASE_RULES_VERSION, ComputerInfo, Endpoint, FORMAT, GameRecord, HistoryEntry,
    OutcomeRecord, RULES_VERSION, RecordError, UncheckedHeader, VARIANT_RULE, VERSION,
    adjudication,
};
pub use setup::{PhaseName, SetupError, StateRecord};
