//! 9×9 Go under the Ttakji rules: Chinese area counting with komi 7 and jigo, exact
//! positional superko, no suicide, two passes or the 300th move end the game, and
//! pass-alive dead-stone removal before the count.
//!
//! The rules are the seed text and the decisions G-1 … G-14 of the workspace; the rules
//! page `docs/go9.md` defines each. Everything plugs into [`Game`] (re-exported from
//! `game-core`, with everything else of it and of `board-geometry` that the API uses, so
//! this crate is the only dependency a user needs).
//!
//! ```
//! use go9::{Game, Go9, Move, PlayError};
//!
//! let mut game = Go9::new();
//! for mv in ["C3", "D4", "pass"] {
//!     game.play(mv.parse()?)?;
//! }
//! // An occupied point is refused with a reason, and the state is unchanged.
//! let before = game.clone();
//! let err = game.play("C3".parse()?).unwrap_err();
//! assert!(matches!(err, PlayError::Occupied(_)));
//! assert_eq!(game, before);
//! assert_eq!(game.moves().len(), 3);
//! // The G-11 preview: the count if the game ended now.
//! assert_eq!(game.score().to_string(), "Black 1 – White 8, komi 7");
//! game.play(Move::Pass)?;
//! assert_eq!(
//!     game.outcome_text(),
//!     "white by 7 points (W+7: Black 1 – White 8, komi 7; two passes)"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With the default feature `serde`, [`Go9`] implements [`Recorded`]: its JSON record
//! (`Record`, marked by `RECORD_MARKER`) is written and read back by replaying every move,
//! and `Go9` is `Serialize`/`Deserialize` through it. SGF (G-13) is read and written with
//! or without the feature ([`Go9::to_sgf`], [`Go9::from_sgf`]).
#![forbid(unsafe_code)]

// The API map's `#[non_exhaustive]` promises, as compile-fail doctests.
mod actions;
#[cfg(doctest)]
mod api_map;
mod board;
mod diagram;
mod end;
mod error;
mod ladder;
mod layout;
mod moves;
mod opponent;
mod patterns;
mod playout;
#[cfg(feature = "serde")]
mod record;
mod scoring;
mod setup;
mod sgf;
mod sgf_depth;
mod state;
mod superko;
mod tactics;
#[cfg(test)]
mod test_support;

pub use board_geometry::{self, Coord, ParsePointError, Point};
pub use game_core::search::{Level, Opponent};
pub use game_core::{
    self, ByPlayer, Encoded, FromSetup, Game, GameRng, Outcome, Player, Recorded, perft,
    perft_divide, random_playout,
};

pub use board::Board;
pub use end::EndReason;
pub use error::{BadMoveReason, PlayError, RecordError, SetupError, UndoError};
pub use layout::{POINTS, SIZE};
pub use moves::{Move, ParseMoveError, coord_of, parse_point, point_at, point_name};
pub use opponent::{
    EASY_PLAYOUTS, EXPLORATION, EYE_SPACE, Go9Hooks, HARD_PLAYOUTS, HARD_TIME, NORMAL_PLAYOUTS,
    OPENING_PLIES, SCORE_WEIGHT, VARIETY,
};
#[cfg(feature = "serde")]
pub use record::{RECORD_MARKER, Record, RecordCall, RecordMove, RecordSetup};
pub use scoring::{AreaCount, KOMI, Score};
pub use setup::Setup;
pub use sgf::SgfNames;
pub use sgf_depth::MAX_SGF_DEPTH;
pub use state::{Go9, MOVE_LIMIT, PointStatus};

/// The README's example, run as a doctest (it reads a JSON record, hence `serde`).
#[cfg(all(doctest, feature = "serde"))]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
