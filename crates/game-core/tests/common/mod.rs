//! Small games for the tests of the generic tools and the search, with a few helpers.
//! Each test file uses some of them.
#![allow(dead_code)]

pub mod connect_four;
pub mod hex;
pub mod nim;
pub mod solve;
pub mod tic_tac_toe;

use game_core::search::{Budget, SearchConfig};

/// The settings of a search of `playouts` playouts from `seed`: the same search on every
/// run (with one thread).
pub fn config(playouts: u64, seed: u64) -> SearchConfig {
    SearchConfig::default()
        .with_budget(Budget::playouts(playouts))
        .with_seed(seed)
}

/// Why a move is refused (the test games need no finer reasons).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move")]
pub struct Illegal;

/// Why a text is not a move of a test game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a move: {0}")]
pub struct BadMove(pub String);
