//! The game trait every rules crate of the workspace implements, and the generic tools
//! built on it.
//!
//! * [`Game`]: side to move, legal moves into a caller's buffer, a checked
//!   [`play`](Game::play) that returns a typed error and leaves the state unchanged, an
//!   unchecked play for search, the [`Outcome`], moves through `FromStr`/`Display`.
//! * [`perft`] and [`perft_divide`]: move-generator counts.
//! * [`GameRng`], [`random_playout`], [`random_move`]: seeded random games that replay the
//!   same in every version.
//! * [`checker`]: the random-game checker each game's tests run.
//! * [`Encoded`] ([`encoding`]): a game's moves as integer ids and its position as `f32`
//!   planes, for learning programs.
//! * [`Recorded`]: a game that keeps its history and writes and reads records.
//! * [`FromSetup`]: a game set up from a plain description of a position, and written out
//!   as one.
//! * [`search`]: the Monte Carlo tree search behind every computer opponent: a
//!   [`Searcher`](search::Searcher) that keeps its tree between moves, within a budget of
//!   playouts or time, on several threads, with hooks a game implements to make it strong
//!   and three [`Level`](search::Level)s.
//!
//! A whole game in a few lines (Nim: take 1–3 from a pile; who takes the last wins):
//!
//! ```
//! use game_core::{Game, Outcome, Player, perft, random_playout, GameRng};
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct Nim { pile: u32, to_move: Player, ply: usize }
//!
//! #[derive(Debug)]
//! struct Illegal;
//! impl std::fmt::Display for Illegal {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         f.write_str("take 1 to 3 and no more than the pile")
//!     }
//! }
//! impl std::error::Error for Illegal {}
//!
//! impl Game for Nim {
//!     type Move = u32;
//!     type ParseMoveError = std::num::ParseIntError;
//!     type PlayError = Illegal;
//!     type EndReason = &'static str;
//!     const NAME: &'static str = "nim";
//!     const PLAYER_NAMES: [&'static str; 2] = ["first", "second"];
//!     fn to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, moves: &mut Vec<u32>) {
//!         moves.clear();
//!         moves.extend((1..=3).filter(|&t| t <= self.pile));
//!     }
//!     fn check_move(&self, mv: u32) -> Result<(), Illegal> {
//!         if (1..=3).contains(&mv) && mv <= self.pile { Ok(()) } else { Err(Illegal) }
//!     }
//!     fn play_unchecked(&mut self, mv: u32) {
//!         self.pile -= mv;
//!         self.to_move = self.to_move.other();
//!         self.ply += 1;
//!     }
//!     fn is_over(&self) -> bool { self.pile == 0 }
//!     fn outcome(&self) -> Outcome<&'static str> {
//!         if self.pile > 0 { Outcome::Ongoing }
//!         else { Outcome::win(self.to_move.other(), "took the last counter") }
//!     }
//!     fn ply(&self) -> usize { self.ply }
//! }
//!
//! let start = Nim { pile: 5, to_move: Player::First, ply: 0 };
//! assert_eq!(perft(&start, 1), 3);
//! let mut state = start.clone();
//! assert!(state.play(4).is_err());
//! assert_eq!(state, start); // a rejected move leaves the state unchanged
//! random_playout(&mut state, &mut GameRng::seed_from(1), 100, &mut Vec::new());
//! assert!(state.outcome().is_over());
//! ```
//!
//! # Features
//!
//! * `serde` (on by default): `Serialize` and `Deserialize` for [`Player`], [`ByPlayer`] and
//!   [`Outcome`]. The game crates turn it on through their own `serde` feature, which their
//!   records need.

pub mod checker;
pub mod encoding;
mod game;
mod outcome;
mod perft;
pub mod planted;
mod player;
mod playout;
mod record;
mod rng;
pub mod search;
mod setup;

pub use encoding::Encoded;
pub use game::Game;
pub use outcome::{DescribedOutcome, Outcome};
pub use perft::{perft, perft_divide};
pub use player::{ByPlayer, Player};
pub use playout::{PlayoutEnd, random_move, random_playout};
pub use record::{
    MAX_RECORD_BYTES, RecordMarker, RecordTextError, Recorded, check_record_length,
    read_record_text,
};
pub use rng::GameRng;
pub use setup::FromSetup;

// The README's examples run as doctests, so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
