//! Errors, one enum per concern.

use board_geometry::Point;
use thiserror::Error;

use crate::moves::{ParseMoveError, point_name};

/// Why a move (or a game-ending call) is not legal now.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game has ended (G-6, G-7): no move is legal, not even a pass, and no further
    /// resignation, time loss or draw can be called.
    #[error("the game is over")]
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

/// Why `undo` was refused (G-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
#[non_exhaustive]
pub enum SetupError {
    /// A point is given to both colours.
    #[error("{} is set up as both black and white", point_name(*.0))]
    BothColours(Point),
    /// A chain of the setup has no liberties.
    #[error("the set-up chain through {} has no liberties", point_name(*.0))]
    NoLiberties(Point),
}

impl PlayError {
    /// The reason as GTP answers and record errors have always worded it: the same as the
    /// `Display` text, except that [`PlayError::GameOver`] keeps its longer wording
    /// ("the game is over: no more moves can be played"), so `rulebook gtp` answers stay
    /// byte for byte what they were.
    #[must_use]
    pub fn detail(&self) -> String {
        match self {
            PlayError::GameOver => "the game is over: no more moves can be played".to_string(),
            other => other.to_string(),
        }
    }
}

/// Why a record (JSON or SGF) does not load. Reading replays every move through the rules,
/// so an illegal move is refused with its number ([`RecordError::BadMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is not valid JSON of the record's shape (the parser's message).
    #[error("not a go9 JSON record: {0}")]
    Json(String),
    /// The text is not valid SGF.
    #[error("not a readable SGF file: {0}")]
    Sgf(String),
    /// The SGF game tree nests deeper than [`crate::MAX_SGF_DEPTH`] nodes on one line of
    /// play (G-13); refused before any node is built.
    #[error(
        "not a readable SGF file: its game tree is {depth} nodes deep on one line of play; at most {limit} are read"
    )]
    TooDeep {
        /// The number of nodes on the longest path from a root.
        depth: usize,
        /// The limit, [`crate::MAX_SGF_DEPTH`].
        limit: usize,
    },
    /// The record is of another game (its marker, or an SGF `GM` other than 1).
    #[error("the record is of game `{found}`, not go9")]
    WrongGame {
        /// The game the record names.
        found: String,
    },
    /// The board size is not 9.
    #[error("the board size is {0}; only 9x9 is played under these rules")]
    Size(String),
    /// The komi is not 7.
    #[error("the komi is {0}; the Ttakji rules fix it at 7")]
    Komi(String),
    /// A point's name is malformed or off the board.
    #[error("`{0}` is not a point of the 9x9 board")]
    Point(String),
    /// A player's name is not `black` / `white` (`B` / `W` in SGF).
    #[error("`{0}` is not a player (black or white)")]
    Player(String),
    /// The set-up stones are not a legal position.
    #[error("bad setup: {0}")]
    Setup(#[from] SetupError),
    /// A move is malformed or illegal.
    #[error("move {number} ({text}): {reason}")]
    BadMove {
        /// The move's number, counted from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why it was refused.
        reason: BadMoveReason,
    },
    /// Set-up stones after the first node (SGF), which the rules cannot replay.
    #[error("set-up stones (AB/AW/AE) after the start are not supported")]
    SetupInGame,
    /// The ending call cannot be applied (the game already ended by the rules).
    #[error("the record ends the game by {0}, but the game was already over")]
    EndAfterEnd(String),
    /// The recorded result differs from the replayed one.
    #[error("the record says the result is {recorded}, but replaying it gives {replayed}")]
    ResultMismatch {
        /// The record's field that disagrees: `result` (JSON) or `RE` (SGF).
        field: &'static str,
        /// What the record says.
        recorded: String,
        /// What the rules give.
        replayed: String,
    },
}

/// Why a move of a record was refused ([`RecordError::BadMove`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadMoveReason {
    /// The JSON move's player is neither black nor white.
    #[error("`{0}` is not a player (black or white)")]
    Player(String),
    /// The JSON move's text is not a move.
    #[error("{0}")]
    Unreadable(#[source] ParseMoveError),
    /// An SGF move's value is neither a point nor a pass (`B[e]`, G-13).
    #[error("not a point or a pass")]
    NotAPointOrPass,
    /// An SGF move's point is off the 9x9 board.
    #[error("`{0}` is not a point of the 9x9 board")]
    OffBoard(String),
    /// The rules refuse the move where it stands.
    #[error("{}", .0.detail())]
    Illegal(#[source] PlayError),
}
