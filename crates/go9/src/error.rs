//! Errors, one enum per concern.

use board_geometry::Point;
use thiserror::Error;

use crate::moves::point_name;

/// Why a move is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has ended (G-6, G-7): no move is legal, not even a pass.
    #[error("the game is over: no more moves can be played")]
    GameOver,
    /// The point already holds a stone (G-2).
    #[error("{} is occupied: play on an empty point", point_name(*.0))]
    Occupied(Point),
    /// The stone would leave its own chain without liberties and captures nothing (G-3).
    #[error("{} is suicide: the stone's chain would have no liberties and it captures nothing", point_name(*.0))]
    Suicide(Point),
    /// The board after the move already appeared earlier in the game (G-4).
    #[error(
        "{} is forbidden by superko: it repeats the board {}",
        point_name(*point),
        match earlier_move { 0 => "the game started from".to_string(), n => format!("after move {n}") }
    )]
    Superko {
        /// The point played.
        point: Point,
        /// The move whose board it repeats (0: the starting board).
        earlier_move: usize,
    },
}

/// Why a game-ending call (resignation, time loss, agreed draw; G-7) was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum EndCallError {
    /// The game has already ended.
    #[error("the game is already over")]
    AlreadyOver,
}

/// Why `undo` was refused (G-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum UndoError {
    /// No move has been played since the start.
    #[error("nothing to undo: no move has been played since the start")]
    AtStart,
    /// Resignation, loss on time and agreed draws are final.
    #[error(
        "the game was ended by a resignation, time loss or agreed draw, which cannot be undone"
    )]
    EndedByCall,
}

/// Why a set-up position (SGF `AB`/`AW`) is refused (G-4).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A point is given to both colours.
    #[error("{} is set up as both black and white", point_name(*.0))]
    BothColours(Point),
    /// A chain of the setup has no liberties.
    #[error("the set-up chain through {} has no liberties", point_name(*.0))]
    NoLiberties(Point),
}
