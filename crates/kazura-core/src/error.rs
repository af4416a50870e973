//! Why a move, a resignation or a set-up is refused.

use board_geometry::{Coord, GeometryError};
use thiserror::Error;

use crate::colour::Colour;

/// Why [`crate::Kazura`] refused a move or a resignation. The state is unchanged after any
/// of these.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game has ended (K-7, K-11): no move and no resignation is possible.
    #[error("the game is over")]
    GameOver,
    /// The point lies outside the board.
    #[error("{point} is off the {size}x{size} board")]
    OffBoard {
        /// The point given.
        point: Coord,
        /// The board's side.
        size: u8,
    },
    /// The point already holds a stone (nothing is ever removed, K-4).
    #[error("{point} is occupied by a {occupant} stone")]
    Occupied {
        /// The point given.
        point: Coord,
        /// The colour of the stone there.
        occupant: Colour,
    },
    /// Two of the point's neighbours are stones of one group of the mover's colour (K-3).
    #[error(
        "{colour} may not place at {point}: it touches two {colour} stones of one group and \
         would close a loop"
    )]
    ClosesLoop {
        /// The point given.
        point: Coord,
        /// The colour to move.
        colour: Colour,
    },
    /// `swap` outside its one moment: White's turn right after Black's first stone of a game
    /// from the empty board (K-8).
    #[error("swap is only possible for White right after Black's first stone, not at ply {ply}")]
    SwapNotAvailable {
        /// Moves played so far.
        ply: usize,
    },
    /// `pass` while the colour to move can still place (K-6).
    #[error("{colour} may not pass: it can still place a stone, for example at {example}")]
    PassNotAllowed {
        /// The colour to move.
        colour: Colour,
        /// One point where it may place.
        example: Coord,
    },
}

/// Why [`crate::Kazura::from_setup`] refused a [`crate::Setup`], naming the first bad stone
/// (see [`crate::Kazura::from_setup`] for the order of the checks).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The board size is not 2 to 25 (K-1).
    #[error("the set-up's board size is not allowed: {0}")]
    Size(#[from] GeometryError),
    /// A stone lies outside the board.
    #[error("the {colour} stone at {point} is off the {size}x{size} board")]
    OffBoard {
        /// The point given.
        point: Coord,
        /// The colour of the stone.
        colour: Colour,
        /// The board's side.
        size: u8,
    },
    /// Two stones on one point (listed twice, or for both colours).
    #[error("two stones are set up on {point} (the second one {colour})")]
    Overlap {
        /// The point given twice.
        point: Coord,
        /// The colour of the second stone listed there.
        colour: Colour,
    },
    /// The colour's stones contain a loop (K-3, K-5): placed row by row from `A1`, this
    /// stone is the first to touch two stones of its colour that are already one group.
    #[error("the {colour} stone at {point} closes a loop of {colour} stones")]
    ClosesLoop {
        /// The point of the stone that closes the loop.
        point: Coord,
        /// Its colour.
        colour: Colour,
    },
}
