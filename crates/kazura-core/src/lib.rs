//! Kazura rules: Black and White place stones, never closing a loop of their own colour, so
//! every group is a tree; when neither can place, the colour with the longer groups (by
//! longest path, compared longest first) wins. White may swap after Black's first stone.
//!
//! The rules are the seed text `000_b960aefea080029d` with the decisions K-1 … K-13 of the
//! project; `docs/kazura.md` says them in our words. [`Kazura`] implements
//! [`game_core::Game`], so perft, random playouts and the `rulebook` program work with it.
//!
//! ```
//! use game_core::{Game, Outcome};
//! use kazura_core::{Colour, Kazura, Move, PlayError};
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
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod colour;
mod diagram;
mod error;
mod forest;
mod lengths;
mod moves;
mod point_bits;
mod record;
mod state;

pub use board_geometry::{Coord, GeometryError};
pub use colour::{Colour, Seat};
pub use error::PlayError;
pub use lengths::{Comparison, GroupLengths};
pub use moves::{Move, ParseMoveError};
pub use record::{GameRecord, RECORD_MARKER, RecordError};
pub use state::{Kazura, STANDARD_SIZE};
