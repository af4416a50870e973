//! A fixed-size bitset of points.

use std::fmt;

use crate::point::Point;

/// The largest number of points a [`PointSet`] holds: 25 × 25.
pub const MAX_POINTS: usize = 625;
const WORDS: usize = MAX_POINTS.div_ceil(64);

/// A set of points of one board, as a fixed bitset of 625 bits (no allocation, `Copy`).
///
/// ```
/// use board_geometry::{Point, PointSet};
/// let mut s = PointSet::new();
/// s.insert(Point::from_index(3));
/// s.insert(Point::from_index(600));
/// assert_eq!(s.count(), 2);
/// assert_eq!(s.iter().map(Point::index).collect::<Vec<_>>(), [3, 600]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PointSet {
    words: [u64; WORDS],
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Point::index))
            .finish()
    }
}

impl PointSet {
    /// The empty set.
    #[inline]
    #[must_use]
    pub const fn new() -> PointSet {
        PointSet { words: [0; WORDS] }
    }

    /// Adds `p`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.words[w] >> b & 1;
        self.words[w] |= 1 << b;
        was == 0
    }

    /// Removes `p`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.words[w] >> b & 1;
        self.words[w] &= !(1 << b);
        was == 1
    }

    /// Whether `p` is in the set.
    #[inline]
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        self.words[p.index() / 64] >> (p.index() % 64) & 1 == 1
    }

    /// The number of points in the set.
    #[inline]
    #[must_use]
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The lowest point of the set.
    #[must_use]
    pub fn first(&self) -> Option<Point> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Point::from_index(i * 64 + w.trailing_zeros() as usize))
    }

    /// Points of `self` not in `other`.
    #[must_use]
    pub(crate) fn difference(&self, other: &PointSet) -> PointSet {
        self.zip(other, |a, b| a & !b)
    }

    /// The points in increasing index order.
    #[must_use]
    pub fn iter(&self) -> PointSetIter {
        PointSetIter {
            words: self.words,
            word: 0,
        }
    }

    fn zip(&self, other: &PointSet, f: impl Fn(u64, u64) -> u64) -> PointSet {
        let mut words = [0; WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            *w = f(self.words[i], other.words[i]);
        }
        PointSet { words }
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut s = PointSet::new();
        for p in iter {
            s.insert(p);
        }
        s
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;
    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

/// Iterator over a [`PointSet`] in increasing index order.
#[derive(Clone, Debug)]
pub struct PointSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for PointSetIter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Point::from_index(
                    self.word * 64 + w.trailing_zeros() as usize,
                ));
            }
            self.word += 1;
        }
        None
    }
}
