//! Moves and their notation (K-13): a point such as `G7`, `swap` or `pass`.

use std::fmt;
use std::str::FromStr;

use board_geometry::{Coord, ParsePointError};
use thiserror::Error;

/// A Kazura move in the shared notation (K-13).
///
/// A placement names its point by column and row ([`Coord`]), so a move is independent of
/// the board size; [`crate::Kazura`]'s `parse_move` also checks the point is on its board.
///
/// ```
/// use kazura_core::Move;
/// let mv: Move = "g7".parse()?;
/// assert_eq!(mv.to_string(), "G7");
/// assert_eq!("SWAP".parse::<Move>()?, Move::Swap);
/// assert_eq!("Pass".parse::<Move>()?, Move::Pass);
/// # Ok::<(), kazura_core::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
// Four bytes, aligned, so a move list is filled with single 32-bit copies.
#[repr(align(4))]
pub enum Move {
    /// Place a stone of the colour to move on this point.
    Place(Coord),
    /// The forced skip when the colour to move has no legal placement (K-6).
    Pass,
    /// The pie rule: White takes over Black's first stone (K-8).
    Swap,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Planted bug (tests only): the columns are lettered A, B, … with I among them.
            Move::Place(coord) if game_core::planted::is("K-13") => {
                write!(
                    f,
                    "{}{}",
                    char::from(b'A' + coord.col),
                    u16::from(coord.row) + 1
                )
            }
            Move::Place(coord) => coord.fmt(f),
            Move::Pass => f.write_str("pass"),
            Move::Swap => f.write_str("swap"),
        }
    }
}

/// A text that is not a Kazura move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a move (write a point such as G7, `pass` or `swap`): {reason}")]
#[non_exhaustive]
pub struct ParseMoveError {
    /// The text given.
    pub text: String,
    /// What is wrong with it as a point.
    #[source]
    pub reason: ParsePointError,
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `G7`, `pass` or `swap`, case-insensitively. No board size is checked here.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        if text.eq_ignore_ascii_case("swap") {
            return Ok(Move::Swap);
        }
        if game_core::planted::is("K-13") {
            // Planted bug (tests only): the columns are lettered A, B, … with I among them.
            if let Some(first) = text.chars().next().filter(char::is_ascii_alphabetic)
                && let Ok(Coord { row, .. }) = format!("A{}", &text[1..]).parse::<Coord>()
            {
                let col = first.to_ascii_uppercase() as u8 - b'A';
                return Ok(Move::Place(Coord::new(col, row)));
            }
        }
        text.parse::<Coord>()
            .map(Move::Place)
            .map_err(|reason| ParseMoveError {
                text: text.to_string(),
                reason,
            })
    }
}
