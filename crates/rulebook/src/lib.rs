//! The `rulebook` program's library: the command-line contract (the notation, perft, every
//! command's output lines, the result words and the exit statuses, written down in
//! `docs/rulebook.md` of the repository and in this crate's README) for the four games of
//! the catalog (`game-catalog`).
//!
//! The games, their options, their records and the computer's levels all come from the
//! catalog: a command takes a checked [`GameSpec`], and [`run`] reaches the game's own type
//! through the catalog's visitor, so every command runs at the game's own speed.
//!
//! The program's commands can also be driven from Rust, for tools that want the exact text
//! the contract specifies:
//!
//! ```
//! use rulebook::{GameCommand, GameSpec};
//!
//! let bind: GameSpec = "bind".parse()?;
//! let mut out = Vec::new();
//! rulebook::run(&bind, "B2-D2", &GameCommand::Perft { depth: 1, divide: false, threads: 1 }, &mut out)?;
//! assert!(String::from_utf8(out)?.starts_with("perft 1 "));
//!
//! // An illegal move is refused with its number, and nothing is written.
//! let mut out = Vec::new();
//! let err = rulebook::run(&bind, "B2-D2 B2-D2", &GameCommand::Legal, &mut out);
//! assert!(err.unwrap_err().to_string().starts_with("move 2 (`B2-D2`)"));
//! assert!(out.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod conformance;
pub mod driver;
pub mod error;
pub mod games;
pub mod matches;
pub mod play;
pub mod player;
pub mod progress;

pub use conformance::{ConformanceSettings, conformance};
pub use driver::{GameCommand, PlayerKind, SelfplaySettings, play, replay, run};
pub use error::CliError;
pub use game_catalog::{GameSpec, SpecOptions};
pub use matches::{MatchSettings, wilson_interval};
pub use play::PlaySettings;
pub use player::PlayerSpec;

// The README's examples run as doctests, so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
