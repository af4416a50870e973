//! The `rulebook` program's library: the command-line contract of `../shared/rules/README.md`
//! for every registered game, behind one generic [`Driver`].
//!
//! A game plugs in by implementing [`CliGame`] (options, diagram, records) for its state and
//! adding one line to the registry in `games/mod.rs`.

pub mod cli_game;
pub mod driver;
pub mod error;
pub mod games;
pub mod progress;

pub use cli_game::{CliGame, GameOptions};
pub use driver::{Adapter, Driver, GameCommand, PlayerKind, SelfplaySettings};
pub use error::CliError;
