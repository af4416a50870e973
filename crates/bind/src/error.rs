//! Why a move is not legal.

use board_geometry::Coord;
use thiserror::Error;

/// Why [`crate::Bind`] rejects a move (or a resignation). The state is left exactly as it
/// was.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game has ended ([`crate::Bind::end_reason`] says how).
    #[error("the game is over")]
    GameOver,
    /// A square of the move is off this board.
    #[error("{square} is off the {size}x{size} board")]
    OffBoard {
        /// The square.
        square: Coord,
        /// The board side.
        size: usize,
    },
    /// A line whose ends are not 1 or 2 squares apart on one row or column.
    #[error("{from}-{to} is not a straight line of 2 or 3 squares")]
    NotALine {
        /// The first square.
        from: Coord,
        /// The last square.
        to: Coord,
    },
    /// The mover holds one piece, so passing is its only move (N-11).
    #[error("{player} holds exactly one piece and must pass (rule 7, N-11)")]
    MustPass {
        /// The mover.
        player: &'static str,
    },
    /// A pass with other than one piece in hand (N-11).
    #[error("pass is only allowed with exactly one piece in hand, and {player} holds {held}")]
    PassNotAllowed {
        /// The mover.
        player: &'static str,
        /// Pieces in the mover's hand.
        held: usize,
    },
    /// Black's first move is not a line (rule 6, N-3).
    #[error("black's first move places 3 pieces on a line, such as A1-C1 (rule 6, N-3)")]
    OpeningIsALine,
    /// A first move that does not place 3 pieces (rule 6, N-3, N-4).
    #[error("{player}'s first move places exactly 3 pieces (rule 6), not {placed}")]
    FirstMoveNeedsThree {
        /// The mover.
        player: &'static str,
        /// Pieces the move would place.
        placed: usize,
    },
    /// Black's first line written from its upper or right end (N-3).
    #[error("black's first move is written from its lower-left end: {canonical}, not {given}")]
    OpeningNotFromLowerLeft {
        /// The move as given.
        given: String,
        /// The same placement as the move list writes it.
        canonical: String,
    },
    /// The move places more pieces than the mover holds (N-7).
    #[error("the move places {needed} pieces but {player} holds only {held}")]
    NotEnoughPieces {
        /// The mover.
        player: &'static str,
        /// Pieces the move places.
        needed: usize,
        /// Pieces in the mover's hand.
        held: usize,
    },
    /// The first square of a line holds no opponent piece to take (rule 4).
    #[error("{square} holds no {opponent} piece to take ({found})")]
    NothingToTake {
        /// The square.
        square: Coord,
        /// The opponent's colour.
        opponent: &'static str,
        /// What is there instead.
        found: &'static str,
    },
    /// The take would leave an opponent piece with no opponent neighbour (rule 5, N-5).
    #[error(
        "taking {take} would leave the {opponent} piece on {isolated} with no {opponent} \
         neighbour (rule 5, N-5)"
    )]
    TakeIsolates {
        /// The square of the piece taken.
        take: Coord,
        /// The opponent's colour.
        opponent: &'static str,
        /// An opponent piece that would stand alone.
        isolated: Coord,
    },
    /// A square the line fills after the taken one is occupied (N-6).
    #[error("the line runs into the occupied square {square} (N-6)")]
    LineBlocked {
        /// The occupied square.
        square: Coord,
    },
    /// A single placement while a take-and-place move exists (N-8).
    #[error(
        "a take-and-place move exists, so a single placement is not allowed (rule 4 has \
         priority, N-8)"
    )]
    TakeAndPlaceAvailable,
    /// A single placement on an occupied square.
    #[error("{square} is occupied")]
    Occupied {
        /// The square.
        square: Coord,
    },
    /// A single placement away from the mover's pieces (rule 5, N-9).
    #[error("{square} is not next to a {player} piece (rule 5, N-9)")]
    NotNextToOwnPiece {
        /// The square.
        square: Coord,
        /// The mover.
        player: &'static str,
    },
}
