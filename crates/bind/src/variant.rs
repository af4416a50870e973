//! The variants (N-1): board size and pieces per colour.

use thiserror::Error;

/// The smallest board side of a Bind game (N-1).
pub const MIN_SIZE: usize = 3;
/// The largest board side (the shared notation has 25 column letters).
pub const MAX_SIZE: usize = 25;
/// The fewest pieces per colour: the first moves place 3 (rule 6).
pub const MIN_PIECES: usize = 3;

/// A board size and the number of pieces each colour owns (N-1).
///
/// ```
/// use bind::Variant;
/// assert_eq!((Variant::MINI.size(), Variant::MINI.pieces()), (5, 12));
/// assert_eq!((Variant::FULL.size(), Variant::FULL.pieces()), (8, 30));
/// assert!(Variant::custom(6, 20).is_ok());
/// assert!(Variant::custom(3, 10).is_err()); // more pieces than squares
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Variant {
    size: u8,
    pieces: u16,
}

/// Why a board size or piece count is not a Bind variant.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VariantError {
    /// The board side is outside 3–25.
    #[error("board size {size} is not allowed: the side must be from 3 to 25")]
    Size {
        /// The side asked for.
        size: usize,
    },
    /// The piece count is below 3 or above the number of squares.
    #[error(
        "{pieces} pieces per colour is not allowed on a {size}x{size} board: choose from 3 to {max}"
    )]
    Pieces {
        /// The count asked for.
        pieces: usize,
        /// The board side.
        size: usize,
        /// The most allowed: the number of squares.
        max: usize,
    },
    /// A variant name other than `mini` and `full`.
    #[error("unknown variant `{name}`: the variants are mini and full")]
    Name {
        /// The name given.
        name: String,
    },
}

impl Variant {
    /// The seed's rules: 5×5 board, 12 pieces each (N-1).
    pub const MINI: Variant = Variant {
        size: 5,
        pieces: 12,
    };
    /// The full version the seed names: 8×8 board, 30 pieces each (N-1).
    pub const FULL: Variant = Variant {
        size: 8,
        pieces: 30,
    };

    /// A custom variant: side 3–25, 3 to `size * size` pieces per colour (N-1).
    ///
    /// # Errors
    /// [`VariantError`] naming the value out of range.
    pub fn custom(size: usize, pieces: usize) -> Result<Variant, VariantError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(VariantError::Size { size });
        }
        let max = size * size;
        if !(MIN_PIECES..=max).contains(&pieces) {
            return Err(VariantError::Pieces { pieces, size, max });
        }
        Ok(Variant {
            size: size as u8,
            pieces: pieces as u16,
        })
    }

    /// `mini` or `full`, case-insensitively.
    ///
    /// # Errors
    /// [`VariantError::Name`] for any other name.
    pub fn named(name: &str) -> Result<Variant, VariantError> {
        match name.to_ascii_lowercase().as_str() {
            "mini" => Ok(Variant::MINI),
            // Planted bug (tests only): the full variant with 32 pieces each, as in chess.
            "full" if game_core::planted::is("N-1") => Ok(Variant {
                size: 8,
                pieces: 32,
            }),
            "full" => Ok(Variant::FULL),
            _ => Err(VariantError::Name {
                name: name.to_string(),
            }),
        }
    }

    /// The board side.
    #[must_use]
    pub fn size(self) -> usize {
        usize::from(self.size)
    }

    /// The pieces each colour owns.
    #[must_use]
    pub fn pieces(self) -> usize {
        usize::from(self.pieces)
    }
}

impl Default for Variant {
    /// The mini variant, the seed's own rules.
    fn default() -> Variant {
        Variant::MINI
    }
}
