//! Moves and their notation (N-14): `C3-E3` (a line), `C4` (a single placement), `pass`.

use std::fmt;
use std::str::FromStr;

use board_geometry::{Coord, ParsePointError};
use thiserror::Error;

/// One move of Bind, independent of the board size.
///
/// ```
/// use bind::Move;
/// let mv: Move = "c3-e3".parse()?;
/// assert_eq!(mv.to_string(), "C3-E3");
/// assert_eq!(mv.pieces_placed(), 3);
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// assert!("C3-E5".parse::<Move>().is_err()); // not a straight line
/// # Ok::<(), bind::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// A straight line of 2 or 3 squares from `from` to `to` (N-14). After Black's first
    /// move (rule 4) the mover takes the opponent piece on `from` and fills `from` and the
    /// squares up to `to`; Black's first move (N-3) fills all three squares and takes
    /// nothing.
    Line {
        /// The first square: the taken piece's square in rule 4.
        from: Coord,
        /// The last square filled.
        to: Coord,
    },
    /// A rule-5 single placement on this square (N-9).
    Place(Coord),
    /// The forced pass with exactly one piece in hand (N-11).
    Pass,
}

impl Move {
    /// A line move from `from` to `to`.
    ///
    /// # Errors
    /// [`ParseMoveError::NotALine`] if the ends do not share a row or a column 1 or 2
    /// squares apart.
    pub fn line(from: Coord, to: Coord) -> Result<Move, ParseMoveError> {
        if line_shape(from, to).is_some() {
            Ok(Move::Line { from, to })
        } else {
            Err(ParseMoveError::NotALine {
                text: format!("{from}-{to}"),
            })
        }
    }

    /// How many pieces the move puts on the board: 2 or 3 for a line, 1 for a single
    /// placement, 0 for a pass (and 0 for a malformed line built by hand).
    #[must_use]
    pub fn pieces_placed(self) -> usize {
        match self {
            Move::Line { from, to } => line_shape(from, to).map_or(0, |(_, len)| len),
            Move::Place(_) => 1,
            Move::Pass => 0,
        }
    }

    /// The squares the move fills, in order: a line's 2 or 3 squares from `from` to `to`
    /// (N-14; `from` holds the piece the line takes, N-5, except in Black's first move),
    /// a single placement's square, none for a pass (nor for a malformed line built by
    /// hand).
    ///
    /// ```
    /// use bind::{Coord, Move};
    ///
    /// let line: Move = "C3-A3".parse()?;
    /// let names: Vec<String> = line.squares().map(|c| c.to_string()).collect();
    /// assert_eq!(names, ["C3", "B3", "A3"]);
    /// assert_eq!(Move::Place(Coord::new(1, 1)).squares().count(), 1);
    /// assert_eq!(Move::Pass.squares().count(), 0);
    /// # Ok::<(), bind::ParseMoveError>(())
    /// ```
    pub fn squares(self) -> impl Iterator<Item = Coord> {
        let (start, step, count) = match self {
            Move::Line { from, to } => {
                let step = (
                    i16::from(to.col) - i16::from(from.col),
                    i16::from(to.row) - i16::from(from.row),
                );
                let count = line_shape(from, to).map_or(0, |(_, len)| len);
                (from, (step.0.signum(), step.1.signum()), count)
            }
            Move::Place(square) => (square, (0, 0), 1),
            Move::Pass => (Coord::new(0, 0), (0, 0), 0),
        };
        (0..count as i16).map(move |i| {
            // A square of a well-formed line lies between its ends, on the board.
            let col = i16::from(start.col) + i * step.0;
            let row = i16::from(start.row) + i * step.1;
            Coord::new(col as u8, row as u8)
        })
    }
}

/// The direction (index into the topology's steps: up, down, left, right) and the number
/// of squares (2 or 3) of a straight line from `from` to `to`, or `None` if it is not one.
pub(crate) fn line_shape(from: Coord, to: Coord) -> Option<(usize, usize)> {
    let (dc, dr) = (
        i16::from(to.col) - i16::from(from.col),
        i16::from(to.row) - i16::from(from.row),
    );
    let direction = match (dc.signum(), dr.signum()) {
        (0, 1) => 0,
        (0, -1) => 1,
        (-1, 0) => 2,
        (1, 0) => 3,
        _ => return None,
    };
    // One of the two is 0.
    let distance = dc.abs() + dr.abs();
    (1..=2)
        .contains(&distance)
        .then_some((direction, distance as usize + 1))
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("empty move: expected a line such as `C3-E3`, a square such as `C4`, or `pass`")]
    Empty,
    /// A square of the move is malformed or off the board.
    #[error("move `{text}`: {source}")]
    Point {
        /// The whole move as given.
        text: String,
        /// What is wrong with the square.
        source: ParsePointError,
    },
    /// The two ends of a line are not 1 or 2 squares apart on one row or column.
    #[error(
        "`{text}` is not a line: its ends must share a row or a column and be 1 or 2 squares \
         apart (a line places 2 or 3 pieces)"
    )]
    NotALine {
        /// The whole move as given.
        text: String,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `C3-E3`, `C4` or `pass`, case-insensitively. The board size is not checked
    /// here; [`crate::Bind::parse_move`](game_core::Game::parse_move) checks it.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let point = |part: &str| {
            part.parse::<Coord>()
                .map_err(|source| ParseMoveError::Point {
                    text: text.to_string(),
                    source,
                })
        };
        match text.split_once('-') {
            None => Ok(Move::Place(point(text)?)),
            Some((from, to)) => {
                let (mut from, mut to) = (point(from)?, point(to)?);
                // Planted bug (tests only): a line read from its far end, TO-FROM.
                if game_core::planted::is("N-14") {
                    std::mem::swap(&mut from, &mut to);
                }
                Move::line(from, to).map_err(|_| ParseMoveError::NotALine {
                    text: text.to_string(),
                })
            }
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Planted bug (tests only): a line written from its far end, TO-FROM.
            Move::Line { from, to } if game_core::planted::is("N-14") => write!(f, "{to}-{from}"),
            Move::Line { from, to } => write!(f, "{from}-{to}"),
            Move::Place(at) => write!(f, "{at}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A move is its notation in JSON (`"C3-E3"`, `"C4"`, `"pass"`).
#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads the notation; the board size is not checked (as with `FromStr`).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
