//! A point as a compact index.

/// A point of a square board, stored as its index `row * size + column`.
///
/// A `Point` does not know its board: use [`crate::Geometry`] to turn it into a
/// column and row, a name, or its neighbours. Indices are below [`crate::MAX_POINTS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Point(u16);

impl Point {
    /// The point with this index. The caller keeps it below the board's point count.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Point {
        debug_assert!(index < crate::MAX_POINTS);
        Point(index as u16)
    }

    /// The point's index, `row * size + column`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
