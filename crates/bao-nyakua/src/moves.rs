//! Moves and their notation (B-22).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::pit::{Direction, Pit, Row};

/// The answer to the NYUMBA choice of a NAMUA capture move (B-6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NyumbaChoice {
    /// End the move at the NYUMBA and keep its ownership (`:stop`).
    Stop,
    /// Give up ownership, lift the NYUMBA and sow on (`:use`).
    Use,
}

impl NyumbaChoice {
    /// `stop` or `use`, as the notation and the record write it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            NyumbaChoice::Stop => "stop",
            NyumbaChoice::Use => "use",
        }
    }
}

/// A move, written from the mover's side (B-22): `F3R`, `B6L`, `F4R:stop`, `F4R:use`, `pass`.
///
/// A sowing move names its start pit and the direction of its first lap. For a NAMUA capture
/// the pit is where the hand kete goes and the direction is that of the captured handful
/// (`R` = left entry `F1`, `L` = right entry `F8`). Whether a move is a capture or a takata
/// is decided by the position, never by the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// The compatibility pass of a NAMUA mover with an empty hand (B-16).
    Pass,
    /// A sowing move.
    Sow {
        /// The start pit (for a NAMUA capture: the pit that gets the hand kete).
        pit: Pit,
        /// The direction of the first lap.
        direction: Direction,
        /// The NYUMBA choice, present exactly when the choice arises in this move (B-22).
        nyumba: Option<NyumbaChoice>,
    },
}

impl Move {
    /// A sowing move without a NYUMBA choice.
    #[must_use]
    pub const fn sow(pit: Pit, direction: Direction) -> Move {
        Move::Sow {
            pit,
            direction,
            nyumba: None,
        }
    }

    /// The same move with the NYUMBA choice `choice` (or without one for `None`); `pass`
    /// stays `pass`.
    #[must_use]
    pub const fn with_choice(self, choice: Option<NyumbaChoice>) -> Move {
        match self {
            Move::Pass => Move::Pass,
            Move::Sow { pit, direction, .. } => Move::Sow {
                pit,
                direction,
                nyumba: choice,
            },
        }
    }

    /// The NYUMBA choice the move carries.
    #[must_use]
    pub const fn nyumba_choice(self) -> Option<NyumbaChoice> {
        match self {
            Move::Pass => None,
            Move::Sow { nyumba, .. } => nyumba,
        }
    }

    /// Every syntactically possible move: `pass` and each pit, direction and choice (97).
    pub fn all() -> impl Iterator<Item = Move> {
        std::iter::once(Move::Pass).chain(Pit::all().flat_map(|pit| {
            Direction::BOTH.into_iter().flat_map(move |direction| {
                [None, Some(NyumbaChoice::Stop), Some(NyumbaChoice::Use)]
                    .into_iter()
                    .map(move |nyumba| Move::Sow {
                        pit,
                        direction,
                        nyumba,
                    })
            })
        }))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Sow {
                pit,
                direction,
                nyumba,
            } => {
                // Planted bug (tests only): the back row numbered from the owner's right.
                if game_core::planted::is("B-1") && pit.row() == Row::Back {
                    write!(f, "B{}{}", 8 - pit.index(), direction.letter())?;
                } else {
                    write!(f, "{pit}{}", direction.letter())?;
                }
                if let Some(choice) = nyumba {
                    write!(f, ":{}", choice.word())?;
                }
                Ok(())
            }
        }
    }
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseMoveError {
    /// Nothing was given.
    #[error("empty move: write a pit and a direction such as `F3R`, or `pass`")]
    Empty,
    /// The first letter is not a row.
    #[error("`{0}` does not start with a row letter: use F (front) or B (back), as in `F3R`")]
    BadRow(String),
    /// The pit number is missing or not 1–8.
    #[error("`{0}` has no pit number 1-8 after the row letter")]
    BadPitNumber(String),
    /// The direction letter is missing or wrong.
    #[error("`{0}` has no direction after the pit: end it with L (left) or R (right)")]
    BadDirection(String),
    /// Something other than `:stop` or `:use` follows the move.
    #[error("`{0}` has an unknown ending: only `:stop` or `:use` may follow a move")]
    BadChoice(String),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads the notation case-insensitively: `f3r`, `B6L`, `F4R:Stop`, `PASS`.
    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        if text.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let bytes = text.as_bytes();
        let row = match bytes[0].to_ascii_uppercase() {
            b'F' => Row::Front,
            b'B' => Row::Back,
            _ => return Err(ParseMoveError::BadRow(text.to_string())),
        };
        let index = match bytes.get(1) {
            Some(digit @ b'1'..=b'8') => digit - b'1',
            _ => return Err(ParseMoveError::BadPitNumber(text.to_string())),
        };
        let direction = match bytes.get(2).map(u8::to_ascii_uppercase) {
            Some(b'L') => Direction::Left,
            Some(b'R') => Direction::Right,
            _ => return Err(ParseMoveError::BadDirection(text.to_string())),
        };
        // Indices 0..3 are ASCII, so slicing at 3 is on a character boundary.
        let rest = &text[3..];
        let nyumba = if rest.is_empty() {
            None
        } else if rest.eq_ignore_ascii_case(":stop") {
            Some(NyumbaChoice::Stop)
        } else if rest.eq_ignore_ascii_case(":use") {
            Some(NyumbaChoice::Use)
        } else {
            return Err(ParseMoveError::BadChoice(text.to_string()));
        };
        // Planted bug (tests only): the back row numbered from the owner's right.
        let index = if game_core::planted::is("B-1") && row == Row::Back {
            7 - index
        } else {
            index
        };
        let pit = Pit::new(row, index).expect("index is 0-7");
        Ok(Move::Sow {
            pit,
            direction,
            nyumba,
        })
    }
}
