//! Moves and their notation (G-2, G-12): a point in GTP notation (`A1` lower left, no `I`)
//! or `pass`.

use std::fmt;
use std::str::FromStr;

use board_geometry::{Coord, ParsePointError, Point};
use thiserror::Error;

use crate::layout::SIZE;

/// A Go move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A stone on this point.
    Place(Point),
    /// A pass (always legal while the game goes on, G-2).
    Pass,
}

/// Why a text is not a move of the 9×9 board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// The text is neither `pass` nor a point of the board (off the board, `I`, `A0`, …).
    #[error("not a move: {0} (write a point from A1 to J9, or `pass`)")]
    Point(#[from] ParsePointError),
}

/// The point named `coord`, if it lies on the 9×9 board.
#[must_use]
pub fn point_at(coord: Coord) -> Option<Point> {
    let (col, row) = (usize::from(coord.col), usize::from(coord.row));
    (col < SIZE && row < SIZE).then(|| Point::from_index(row * SIZE + col))
}

/// The coordinate of a point of the 9×9 board.
#[must_use]
pub fn coord_of(p: Point) -> Coord {
    Coord::new((p.index() % SIZE) as u8, (p.index() / SIZE) as u8)
}

/// Reads a point of the 9×9 board, case-insensitively (`e5`, `J9`).
///
/// # Errors
/// [`ParsePointError`] naming what is wrong, [`ParsePointError::OffBoard`] past `J9`.
pub fn parse_point(text: &str) -> Result<Point, ParsePointError> {
    let coord: Coord = text.parse()?;
    point_at(coord).ok_or_else(|| ParsePointError::OffBoard {
        text: text.to_string(),
        size: SIZE as u8,
    })
}

/// The name of a point (`E5`).
#[must_use]
pub fn point_name(p: Point) -> String {
    coord_of(p).to_string()
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "{}", coord_of(*p)),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `pass` or a point, case-insensitively. The board is always 9×9, so a point
    /// off it is already an error here.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        // Planted bug (tests only): a point in lower case is not read.
        if game_core::planted::is("G-12")
            && text.bytes().any(|b| b.is_ascii_lowercase())
            && !text.eq_ignore_ascii_case("pass")
        {
            return Err(ParseMoveError::from("".parse::<Coord>().unwrap_err()));
        }
        if text.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Ok(Move::Place(parse_point(text)?))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g12_points_use_gtp_notation_without_i() {
        assert_eq!("a1".parse::<Move>().unwrap().to_string(), "A1");
        assert_eq!("J9".parse::<Move>(), Ok(Move::Place(Point::from_index(80))));
        assert_eq!("h1".parse::<Move>(), Ok(Move::Place(Point::from_index(7))));
        assert_eq!("j1".parse::<Move>(), Ok(Move::Place(Point::from_index(8))));
        assert_eq!("PASS".parse::<Move>(), Ok(Move::Pass));
        for bad in ["I5", "K1", "A10", "A0", "A01", "", "pas", "5A", "E5x"] {
            assert!(bad.parse::<Move>().is_err(), "{bad} parsed");
        }
    }
}
