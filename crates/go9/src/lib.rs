//! 9×9 Go under the Ttakji rules: Chinese area counting with komi 7 and jigo, exact
//! positional superko, no suicide, two passes or the 300th move end the game, and
//! pass-alive dead-stone removal before the count.
//!
//! The rules are the seed text and the decisions G-1 … G-14 of the workspace
//! (`docs/go9.md` explains each). Everything plugs into [`game_core::Game`].
//!
//! ```
//! use game_core::Game;
//! use go9::{GoState, Move, PlayError};
//!
//! let mut game = GoState::new();
//! for mv in ["C3", "D4", "pass"] {
//!     game.play(mv.parse()?)?;
//! }
//! // An occupied point is refused with a reason, and the state is unchanged.
//! let before = game.clone();
//! let err = game.play("C3".parse()?).unwrap_err();
//! assert!(matches!(err, PlayError::Occupied(_)));
//! assert_eq!(game, before);
//! // The G-11 preview: the count if the game ended now.
//! assert_eq!(game.score().to_string(), "Black 1 – White 8, komi 7");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod diagram;
mod error;
mod gtp;
mod layout;
mod moves;
mod player;
mod playout;
mod record;
mod scoring;
mod sgf;
mod state;
mod superko;

pub use board::Board;
pub use error::{EndCallError, PlayError, SetupError, UndoError};
pub use gtp::{GTP_COMMANDS, GtpEngine, GtpReply};
pub use layout::{POINTS, SIZE};
pub use moves::{Move, ParseMoveError, coord_of, parse_point, point_at, point_name};
pub use player::{DEFAULT_PLAYOUTS, choose_move};
pub use record::{RECORD_GAME, Record, RecordCall, RecordError, RecordMove, RecordSetup};
pub use scoring::{KOMI, Score};
pub use sgf::SgfNames;
pub use state::{EndReason, GoState, MOVE_LIMIT};
