//! The `rulebook` program's library: the command-line contract (the notation, perft, every
//! command's output lines, the result words and the exit statuses, written down in
//! `docs/rulebook.md` of the repository and in this crate's README) for every registered
//! game, behind one generic [`Driver`].
//!
//! A game plugs in by implementing [`CliGame`] (options, diagram, records) for its state and
//! adding one line to the registry in `games/mod.rs`.
//!
//! The program's commands can also be driven from Rust, for tools that want the exact text
//! the contract specifies:
//!
//! ```
//! use rulebook::{GameCommand, GameOptions, games};
//!
//! let bind = games::find("bind")?;
//! let mut out = Vec::new();
//! bind.run(&GameOptions::default(), "B2-D2", &GameCommand::Perft { depth: 1, divide: false, threads: 1 }, &mut out)?;
//! assert!(String::from_utf8(out)?.starts_with("perft 1 "));
//!
//! // An illegal move is refused with its number, and nothing is written.
//! let mut out = Vec::new();
//! let err = bind.run(&GameOptions::default(), "B2-D2 B2-D2", &GameCommand::Legal, &mut out);
//! assert!(err.unwrap_err().to_string().starts_with("move 2 (`B2-D2`)"));
//! assert!(out.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod cli_game;
pub mod driver;
pub mod error;
pub mod games;
pub mod gtp_client;
pub mod matches;
pub mod play;
pub mod player;
pub mod progress;

pub use cli_game::{CliGame, GameOptions};
pub use driver::{Adapter, Driver, GameCommand, PlayerKind, SelfplaySettings};
pub use error::CliError;
pub use matches::{MatchSettings, wilson_interval};
pub use play::PlaySettings;
pub use player::PlayerSpec;

// The README's examples run as doctests, so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
