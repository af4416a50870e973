//! Why a move is not legal.

use thiserror::Error;

use crate::moves::Move;

/// Why a move is not legal in a position. A rejected move leaves the position unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game has ended: no move is legal (the state's `end_reason` says why).
    #[error("the game is over")]
    GameOver,
    /// `pass` while the mover has kete in hand or in MTAJI.
    #[error("pass is legal only in NAMUA when the mover's hand is empty (B-16)")]
    PassNotAllowed,
    /// A sowing move while the mover's hand is empty in NAMUA.
    #[error(
        "{mv} is not legal: the mover's hand is empty in NAMUA, so `pass` is the only move (B-16)"
    )]
    MustPass {
        /// The refused move.
        mv: Move,
    },
    /// A back-row start in NAMUA.
    #[error("{mv} is not legal: NAMUA moves start in the front row (B-10, B-11)")]
    BackRowInNamua {
        /// The refused move.
        mv: Move,
    },
    /// The start pit is empty.
    #[error("{mv} is not legal: its start pit is empty")]
    EmptyPit {
        /// The refused move.
        mv: Move,
    },
    /// A capture exists and this move does not capture.
    #[error("{mv} is not legal: a capture is possible and capturing is compulsory (B-10, B-17)")]
    MustCapture {
        /// The refused move.
        mv: Move,
    },
    /// A NAMUA capture from `F1`/`F2` leftward or `F7`/`F8` rightward.
    #[error(
        "{mv} is not legal: captures from F1/F2 enter at F1 and go R, from F7/F8 enter at F8 and go L (B-8, B-22)"
    )]
    WrongEntry {
        /// The refused move.
        mv: Move,
    },
    /// `F1` leftward or `F8` rightward as the only occupied front pit.
    #[error("{mv} is not legal: it would empty the mover's front row at once (B-13)")]
    SelfEmptying {
        /// The refused move.
        mv: Move,
    },
    /// Not a takata start pit under B-11/B-17.
    #[error("{mv} is not legal: its pit is not a takata start pit here (B-11, B-17)")]
    NotACandidate {
        /// The refused move.
        mv: Move,
    },
    /// The NYUMBA choice arises in this move and was not given.
    #[error("{mv} reaches the owned NYUMBA with a choice: write it with `:stop` or `:use` (B-22)")]
    ChoiceRequired {
        /// The refused move.
        mv: Move,
    },
    /// A NYUMBA choice was given where none arises.
    #[error(
        "{mv} is not legal: the NYUMBA choice does not arise in this move, write it without `:stop`/`:use` (B-22)"
    )]
    NoChoice {
        /// The refused move.
        mv: Move,
    },
}
