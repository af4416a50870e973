//! A cyclic track of cells.

/// The direction of a step around a [`Ring`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RingDirection {
    /// Towards higher indices, wrapping from `n - 1` to `0`.
    Forward,
    /// Towards lower indices, wrapping from `0` to `n - 1`.
    Backward,
}

impl RingDirection {
    /// The other direction.
    #[must_use]
    pub fn reversed(self) -> RingDirection {
        match self {
            RingDirection::Forward => RingDirection::Backward,
            RingDirection::Backward => RingDirection::Forward,
        }
    }
}

/// A cyclic track of `n` cells numbered `0..n` (Bao's 16 pits of one player).
///
/// ```
/// use board_geometry::{Ring, RingDirection};
/// let ring = Ring::new(16);
/// assert_eq!(ring.step(15, RingDirection::Forward), 0);
/// assert_eq!(ring.step(0, RingDirection::Backward), 15);
/// assert_eq!(ring.advance(14, RingDirection::Forward, 5), 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ring {
    len: usize,
}

impl Ring {
    /// A ring of `len` cells.
    ///
    /// # Panics
    /// If `len` is 0.
    #[must_use]
    pub const fn new(len: usize) -> Ring {
        assert!(len > 0, "a ring needs at least one cell");
        Ring { len }
    }

    /// The number of cells.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Always false: a ring has at least one cell.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The cell one step from `cell` in `direction`.
    #[inline]
    #[must_use]
    pub const fn step(&self, cell: usize, direction: RingDirection) -> usize {
        match direction {
            RingDirection::Forward => {
                if cell + 1 == self.len {
                    0
                } else {
                    cell + 1
                }
            }
            RingDirection::Backward => {
                if cell == 0 {
                    self.len - 1
                } else {
                    cell - 1
                }
            }
        }
    }

    /// The cell `steps` steps from `cell` in `direction`.
    #[inline]
    #[must_use]
    pub const fn advance(&self, cell: usize, direction: RingDirection, steps: usize) -> usize {
        let steps = steps % self.len;
        match direction {
            RingDirection::Forward => (cell + steps) % self.len,
            RingDirection::Backward => (cell + self.len - steps) % self.len,
        }
    }
}
