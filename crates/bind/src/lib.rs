//! Bind, the board game by moon Gamer: rules engine for the mini (5×5, 12 pieces each),
//! full (8×8, 30 each) and custom variants.
//!
//! The rules are the seed text's rules 1–8 with the project's decisions N-1 … N-16
//! (`docs/bind.md`). In short: players put their pieces on the board; a move takes one
//! opponent piece (never leaving an opponent piece without an opponent neighbour) and
//! fills its square and 1 or 2 empty squares beyond it in a straight line; when no such
//! move exists the mover places a single piece next to its own; with one piece in hand a
//! player must pass; whoever places every piece first wins.
//!
//! * [`Bind`]: the game (position and history); play it through [`Game`]. Its `Display`
//!   is the text diagram.
//! * [`Move`]: `C3-E3` (a line), `C4` (a single placement), `pass` (N-14), on [`Coord`]
//!   squares.
//! * [`PlayError`]: why a move is rejected, with the squares involved.
//! * [`EndReason`]: how a game ended, the reason in its [`Outcome`].
//! * [`Setup`]: a position in plain fields, checked into a [`Bind`] by [`Bind::from_setup`].
//! * `Record` (feature `serde`, on by default): the JSON game record, replayed move by
//!   move when read; [`Bind`] implements [`Recorded`] and serde through it.
//!
//! Everything a user needs is re-exported here ([`game_core`]'s trait and shared types,
//! [`board_geometry`]'s squares), so this crate is the only dependency to add.
//!
//! ```
//! use bind::{Bind, Game, Move, PlayError, Player, Variant, perft};
//!
//! let mut game = Bind::new(Variant::MINI);
//! assert_eq!(perft(&game, 1), 30); // 15 horizontal and 15 vertical lines of three
//! game.play(game.parse_move("B2-D2")?)?; // Black's first move: B2, C2, D2
//! // White takes B2 and fills B2, B3, B4 (its first move places three).
//! game.play(game.parse_move("B2-B4")?)?;
//! // Black may not take B3: White's B4 would be left without a white neighbour.
//! let before = game.clone();
//! let err = game.play(game.parse_move("B3-C3")?).unwrap_err();
//! assert!(matches!(err, PlayError::TakeIsolates { .. }));
//! assert!(err.to_string().starts_with("taking B3 would leave the white piece on B4"));
//! assert_eq!(game, before); // a rejected move changes nothing
//! assert_eq!(game.hand(Player::First), 10); // B2 went back to Black's hand
//! assert_eq!(game.moves().len(), 2); // the game keeps its history
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! assert!(moves.contains(&"B4-C4".parse::<Move>()?)); // taking the end B4 is fine
//! assert!(game.to_string().contains(" 2  . W B B .  2")); // the diagram
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]

// The API map's `#[non_exhaustive]` promises, as compile-fail doctests.
mod actions;
#[cfg(doctest)]
mod api_map;
mod bitboard;
mod end;
mod error;
mod moves;
mod opponent;
#[cfg(feature = "serde")]
mod record;
mod setup;
mod state;
mod topology;
mod variant;

pub use board_geometry::{self, Coord, ParsePointError};
pub use game_core::search::{Level, Opponent};
pub use game_core::{
    self, ByPlayer, Encoded, FromSetup, Game, GameRng, Outcome, Player, Recorded, perft,
    perft_divide, random_playout,
};

/// The README's example, run as a doctest.
#[cfg(all(doctest, feature = "serde"))]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

pub use end::EndReason;
pub use error::PlayError;
pub use moves::{Move, ParseMoveError};
pub use opponent::{BindHooks, LEVEL_PLAYOUTS, VARIETY};
#[cfg(feature = "serde")]
pub use record::{BadMoveReason, RECORD_MARKER, Record, RecordError};
pub use setup::{Setup, SetupError};
pub use state::Bind;
pub use variant::{MAX_SIZE, MIN_PIECES, MIN_SIZE, Variant, VariantError};
