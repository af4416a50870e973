//! The shared point notation: `A1` is the lower-left corner as seen by the first player.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Column letters in order: `A`–`Z` without `I`, as in GTP. 25 letters, so boards up to 25×25.
const COLUMN_LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The letter of column `col` (0-based), or `None` past the 25th column.
#[must_use]
pub fn column_letter(col: u8) -> Option<char> {
    COLUMN_LETTERS.get(usize::from(col)).map(|&b| char::from(b))
}

/// A column and row, both counted from 0 (column 0 is `A`, row 0 is `1`), independent of any
/// board size. It parses from and prints as the shared notation.
///
/// ```
/// use board_geometry::Coord;
/// let c: Coord = "j10".parse()?;
/// assert_eq!((c.col, c.row), (8, 9)); // `I` is skipped, so J is the ninth column
/// assert_eq!(c.to_string(), "J10");
/// # Ok::<(), board_geometry::ParsePointError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Coord {
    /// Column from the left, 0-based.
    pub col: u8,
    /// Row from the bottom, 0-based.
    pub row: u8,
}

impl Coord {
    /// A coordinate from a 0-based column and row.
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Coord {
        Coord { col, row }
    }
}

/// Why a text is not a point.
///
/// New ways to fail may be added in a minor release, so a `match` needs a `_` arm.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePointError {
    /// Nothing was given.
    #[error("empty point: expected a column letter and a row number such as `C4`")]
    Empty,
    /// The first character is not a column letter.
    #[error("`{text}` does not start with a column letter A-Z")]
    NotAColumn {
        /// The whole text given.
        text: String,
    },
    /// The column letter `I`, which the notation skips.
    #[error("`{text}`: the column letter I is not used (columns run A-H, J-Z)")]
    ColumnI {
        /// The whole text given.
        text: String,
    },
    /// No row number after the column letter.
    #[error("`{text}` has no row number after the column letter")]
    MissingRow {
        /// The whole text given.
        text: String,
    },
    /// The row part is not a plain decimal number.
    #[error("`{text}`: the row must be a number from 1, written without signs or other characters")]
    BadRow {
        /// The whole text given.
        text: String,
    },
    /// The row has a leading zero (`A01`) or is `0`.
    #[error("`{text}`: rows count from 1 and are written without leading zeros")]
    ZeroOrLeadingZero {
        /// The whole text given.
        text: String,
    },
    /// The point lies outside the board.
    #[error("`{text}` is off the {size}x{size} board")]
    OffBoard {
        /// The whole text given.
        text: String,
        /// The board's side.
        size: u8,
    },
}

impl FromStr for Coord {
    type Err = ParsePointError;

    /// Parses `C4`, case-insensitively. No board size is checked here (a row up to 255 and
    /// any of the 25 column letters are accepted): each game checks its own board and
    /// answers [`ParsePointError::OffBoard`] itself ([`crate::Geometry::point_at`] is
    /// `None` off the board).
    fn from_str(text: &str) -> Result<Coord, ParsePointError> {
        let owned = || text.to_string();
        let mut chars = text.chars();
        let first = chars.next().ok_or(ParsePointError::Empty)?;
        let upper = first.to_ascii_uppercase();
        if upper == 'I' {
            return Err(ParsePointError::ColumnI { text: owned() });
        }
        let col = COLUMN_LETTERS
            .iter()
            .position(|&b| char::from(b) == upper)
            .ok_or_else(|| ParsePointError::NotAColumn { text: owned() })?;
        let digits = chars.as_str();
        if digits.is_empty() {
            return Err(ParsePointError::MissingRow { text: owned() });
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(ParsePointError::BadRow { text: owned() });
        }
        if digits.starts_with('0') {
            return Err(ParsePointError::ZeroOrLeadingZero { text: owned() });
        }
        let row: u16 = digits
            .parse()
            .map_err(|_| ParsePointError::BadRow { text: owned() })?;
        let row = u8::try_from(row - 1).map_err(|_| ParsePointError::BadRow { text: owned() })?;
        Ok(Coord {
            col: col as u8,
            row,
        })
    }
}

impl fmt::Display for Coord {
    /// Prints `C4`. A column past `Z` (which no board has) prints as `?`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = column_letter(self.col).unwrap_or('?');
        write!(f, "{letter}{}", u16::from(self.row) + 1)
    }
}
