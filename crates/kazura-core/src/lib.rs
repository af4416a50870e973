//! Kazura rules: Black and White place stones, never closing a loop of their own colour, so
//! every group is a tree; when neither can place, the colour with the longer groups (by
//! longest path, compared longest first) wins. White may swap after Black's first stone.
//!
//! The rules are the seed text of Kazura with the project's decisions K-1 … K-13, which
//! `docs/kazura.md` defines. [`Kazura`] implements [`Game`], so [`perft`], random playouts
//! and the `rulebook` program work with it, and (with the default `serde` feature)
//! [`Recorded`], so it writes and replays its own JSON record (`Record`).
//!
//! This crate is the only dependency a user needs: it re-exports `game_core` and
//! `board_geometry` and the types of theirs that appear in its API.
//!
//! ```
//! use kazura_core::{Colour, EndReason, Game, Kazura, Move, Outcome, PlayError, Player};
//!
//! let mut game = Kazura::new(13)?;
//! let mv = game.parse_move("G7")?;
//! game.play(mv)?;
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves); // 168 placements for White, and the swap (K-8)
//! assert_eq!(moves.len(), 169);
//! assert!(moves.contains(&Move::Swap));
//!
//! // Loops are forbidden (K-3): after these, Black may not play H8.
//! for text in ["A1", "H7", "B1", "G8", "C1"] {
//!     game.play(game.parse_move(text)?)?;
//! }
//! let before = game.clone();
//! let refused = game.play(game.parse_move("H8")?);
//! assert!(matches!(refused, Err(PlayError::ClosesLoop { colour: Colour::Black, .. })));
//! assert_eq!(game, before); // a refused move changes nothing
//!
//! assert_eq!(game.group_length_at("H7".parse()?), Some(3)); // G7-H7 and G8: 3 stones
//! assert_eq!(game.outcome(), Outcome::Ongoing);
//! assert_eq!(game.moves().len(), 6);
//!
//! // Resigning is a call, not a move (K-11); the outcome names the loser's colour.
//! game.resign(Player::Second)?;
//! let loss = Outcome::win(Player::First, EndReason::Resigned { loser: Colour::White });
//! assert_eq!(game.outcome(), loss);
//! assert_eq!(game.outcome_text(), "black as white resigned; lengths black [3], white [3]");
//! assert_eq!(game.play(Move::Pass), Err(PlayError::GameOver));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! * `serde` (on by default): JSON game records (`Record`, [`Recorded`]) and
//!   `Serialize`/`Deserialize` for the state (through its record, so serde never builds an
//!   illegal state), [`Colour`], [`Seat`] and [`GroupLengths`]. Without it the rules, the
//!   set-ups and every query still work.

// The API map's `#[non_exhaustive]` promises, as compile-fail doctests.
mod actions;
#[cfg(doctest)]
mod api_map;
mod colour;
mod diagram;
mod end;
mod error;
mod forest;
mod lengths;
mod moves;
mod opponent;
#[cfg(feature = "serde")]
mod record;
mod setup;
mod state;
mod tables;

pub use board_geometry::{self, Coord, Geometry, GeometryError, ParsePointError};
pub use game_core::search::{Level, Opponent};
pub use game_core::{
    self, ByPlayer, Encoded, FromSetup, Game, GameRng, Outcome, Player, Recorded, perft,
    perft_divide, random_playout,
};

pub use colour::{Colour, Seat};
pub use end::EndReason;
pub use error::{PlayError, SetupError};
pub use lengths::{Comparison, GroupLengths};
pub use moves::{Move, ParseMoveError};
pub use opponent::{HARD_TIME, KazuraHooks, LEVEL_PLAYOUTS, VARIETY};
#[cfg(feature = "serde")]
pub use record::{BadMoveReason, RECORD_MARKER, Record, RecordError, RecordSetup};
pub use setup::Setup;
pub use state::{Kazura, STANDARD_SIZE};

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
