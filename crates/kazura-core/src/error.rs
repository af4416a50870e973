//! Why a move or a resignation is refused.

use board_geometry::Coord;
use thiserror::Error;

use crate::colour::Colour;

/// Why [`crate::Kazura`] refused a move. The state is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has ended (K-7, K-11).
    #[error("the game is over ({outcome}); no move can be played")]
    GameOver {
        /// The result, as `result:` prints it.
        outcome: String,
    },
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
    /// `swap` outside its one moment: White's turn right after Black's first stone (K-8).
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
