//! A fixed-size bitset of points, with its size kept alongside: the one 625-bit set of the
//! workspace (Kazura's legal points and regions, the geometry's flood fills). Listing the
//! points walks the words directly and [`PointSet::nth`] selects the `k`-th point without
//! a scan of bits, which is what keeps Kazura's `legal_moves` and random move cheap.

use std::fmt;

use crate::point::Point;

/// The largest number of points a [`PointSet`] holds: 25 × 25.
pub const MAX_POINTS: usize = 625;
const WORDS: usize = MAX_POINTS.div_ceil(64);

/// A set of points of one board, as a fixed bitset of 625 bits and its count (no
/// allocation, `Copy`; [`PointSet::count`] reads the count, it does not count bits).
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
    /// The number of bits set in `words`, kept by every change.
    count: u16,
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
        PointSet {
            words: [0; WORDS],
            count: 0,
        }
    }

    /// The points with index `0..n` (every point of a board of `n` points); `n` is at
    /// most [`MAX_POINTS`] (a larger `n` gives all 625).
    #[must_use]
    pub fn first_n(n: usize) -> PointSet {
        let n = n.min(MAX_POINTS);
        let mut words = [0; WORDS];
        for (i, word) in words.iter_mut().enumerate() {
            *word = match n.saturating_sub(i * 64) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
        }
        // n is at most 625.
        PointSet {
            words,
            count: n as u16,
        }
    }

    /// Adds `p`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.words[w] >> b & 1;
        self.words[w] |= 1 << b;
        self.count += 1 - was as u16;
        was == 0
    }

    /// Removes `p`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let (w, b) = (p.index() / 64, p.index() % 64);
        let was = self.words[w] >> b & 1;
        self.words[w] &= !(1 << b);
        self.count -= was as u16;
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
        usize::from(self.count)
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.count == 0
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

    /// Calls `f` with the index of every point, in increasing order (the fastest walk:
    /// no iterator state).
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (i, &word) in self.words.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }

    /// The index of the `k`-th point in increasing order (from 0), if the set has more
    /// than `k` points: a uniform random point is `nth(rng.below(count()))`.
    #[inline]
    #[must_use]
    pub fn nth(&self, mut k: usize) -> Option<usize> {
        for (i, &word) in self.words.iter().enumerate() {
            let prefix = byte_prefix_counts(word);
            let ones = (prefix >> 56) as usize;
            if k < ones {
                return Some(i * 64 + select_in_word(word, prefix, k));
            }
            k -= ones;
        }
        None
    }

    fn zip(&self, other: &PointSet, f: impl Fn(u64, u64) -> u64) -> PointSet {
        let mut words = [0; WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            *w = f(self.words[i], other.words[i]);
        }
        // At most 625 bits are set.
        let count = words.iter().map(|w| w.count_ones()).sum::<u32>() as u16;
        PointSet { words, count }
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;

/// Byte `i` of the result holds the number of set bits in bytes `0..=i` of `w` (SWAR: the
/// default x86-64 target has no population-count instruction).
#[inline]
fn byte_prefix_counts(w: u64) -> u64 {
    let mut x = w - ((w >> 1) & 0x5555_5555_5555_5555);
    x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    x.wrapping_mul(ONES)
}

/// The position of the `k`-th set bit of `w` (k below its population), without branches
/// on the data: find the byte by comparing all prefix counts at once, then look the bit up.
#[inline]
fn select_in_word(w: u64, prefix: u64, k: usize) -> usize {
    let k = k as u64;
    // High bit of byte i set where prefix_i <= k (no borrows: k + 128 - prefix_i > 0).
    let at_most_k = ((k * ONES) | (ONES << 7)).wrapping_sub(prefix) & (ONES << 7);
    let byte = ((at_most_k >> 7).wrapping_mul(ONES) >> 56) as usize;
    let before = (prefix << 8 >> (8 * byte)) & 0xff;
    let bits = (w >> (8 * byte)) & 0xff;
    8 * byte + usize::from(SELECT_IN_BYTE[bits as usize][(k - before) as usize])
}

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`-th set bit of byte `b`.
static SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut k) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_walks_the_points_in_order() {
        let mut bits = PointSet::first_n(300);
        for p in (0..300).filter(|p| p % 7 != 3 && p % 11 != 5) {
            bits.remove(Point::from_index(p));
        }
        let mut listed = Vec::new();
        bits.for_each(|i| listed.push(i));
        assert_eq!(listed.len(), bits.count());
        assert_eq!(listed, bits.iter().map(Point::index).collect::<Vec<_>>());
        for (k, &i) in listed.iter().enumerate() {
            assert_eq!(bits.nth(k), Some(i), "k = {k}");
        }
        assert_eq!(bits.nth(listed.len()), None);
    }

    #[test]
    fn first_is_the_lowest_point_left_in_any_word() {
        let mut bits = PointSet::first_n(625);
        for p in 0..625 {
            assert_eq!(
                bits.first(),
                Some(Point::from_index(p)),
                "after removing 0..{p}"
            );
            assert_eq!(bits.count(), 625 - p);
            assert!(bits.remove(Point::from_index(p)));
            assert!(!bits.remove(Point::from_index(p)));
        }
        assert_eq!(bits.first(), None);
        assert!(bits.is_empty());
        assert_eq!(PointSet::first_n(10_000), PointSet::first_n(625));
    }

    #[test]
    fn the_count_follows_every_change() {
        let mut set = PointSet::new();
        assert!(set.insert(Point::from_index(70)));
        assert!(!set.insert(Point::from_index(70)));
        assert!(set.insert(Point::from_index(3)));
        assert_eq!(set.count(), 2);
        let all = PointSet::first_n(100);
        let rest = all.difference(&set);
        assert_eq!(rest.count(), 98);
        assert_eq!(
            rest,
            (0..100)
                .filter(|&i| i != 3 && i != 70)
                .map(Point::from_index)
                .collect()
        );
    }

    #[test]
    fn select_in_word_finds_every_set_bit_of_many_words() {
        // A fixed xorshift stream: sparse, dense and random words.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for round in 0..5_000 {
            let word = match round % 3 {
                0 => next() & next() & next(),
                1 => next() | next(),
                _ => next(),
            };
            let positions: Vec<usize> = (0..64).filter(|b| word >> b & 1 == 1).collect();
            let prefix = byte_prefix_counts(word);
            assert_eq!((prefix >> 56) as usize, positions.len());
            for (k, &position) in positions.iter().enumerate() {
                assert_eq!(select_in_word(word, prefix, k), position, "{word:#x} k {k}");
            }
        }
        assert_eq!(
            select_in_word(u64::MAX, byte_prefix_counts(u64::MAX), 63),
            63
        );
    }
}
