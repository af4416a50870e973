//! Nothing but a test: `tests/one_dependency.rs` uses the catalog as a program that
//! depends on it alone would, to show that one dependency is enough (docs/catalog.md).
//!
//! ```
//! use game_catalog::kazura::{Colour, Kazura};
//!
//! let game = Kazura::new(9).unwrap();
//! assert!(game.longest_paths(Colour::Black).is_empty());
//! ```
#![forbid(unsafe_code)]
