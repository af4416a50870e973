//! A bitset of point indices with word-level access, for the per-colour legal sets: listing
//! the legal moves walks the set's words directly, which is what keeps `legal_moves` cheap.

use board_geometry::{MAX_POINTS, Point};

const WORDS: usize = MAX_POINTS.div_ceil(64);

/// A set of point indices below [`MAX_POINTS`], with its size kept alongside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PointBits {
    words: [u64; WORDS],
    count: u16,
}

impl PointBits {
    /// The points `0..n`.
    pub fn first_n(n: usize) -> PointBits {
        let mut words = [0; WORDS];
        for (i, word) in words.iter_mut().enumerate() {
            let low = i * 64;
            *word = match n.saturating_sub(low) {
                0 => 0,
                k if k >= 64 => u64::MAX,
                k => (1u64 << k) - 1,
            };
        }
        PointBits {
            words,
            count: n as u16,
        }
    }

    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        self.words[p.index() / 64] >> (p.index() % 64) & 1 == 1
    }

    /// Removes `p`; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, p: Point) -> bool {
        let (w, bit) = (p.index() / 64, 1u64 << (p.index() % 64));
        let was = self.words[w] & bit != 0;
        self.words[w] &= !bit;
        self.count -= u16::from(was);
        was
    }

    #[inline]
    pub fn count(&self) -> usize {
        usize::from(self.count)
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The lowest point in the set.
    pub fn first(&self) -> Option<Point> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| Point::from_index(i * 64 + w.trailing_zeros() as usize))
    }

    /// Calls `f` with every point index in increasing order.
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

    /// The `k`-th point in increasing order (from 0), if the set has more than `k` points.
    #[inline]
    pub fn nth(&self, mut k: usize) -> Option<usize> {
        for (i, &word) in self.words.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if k < ones {
                // Halve the word by population until the bit is found, without branches
                // (the halves a random pick lands in are unpredictable).
                let mut w = word;
                let mut base = 0;
                let mut width = 32;
                while width > 0 {
                    let low = (w & ((1u64 << width) - 1)).count_ones() as usize;
                    let upper = usize::from(k >= low);
                    k -= low * upper;
                    w >>= width * upper;
                    base += width * upper;
                    width /= 2;
                }
                return Some(i * 64 + base);
            }
            k -= ones;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_walks_the_points_in_order() {
        let mut bits = PointBits::first_n(300);
        for p in (0..300).filter(|p| p % 7 != 3 && p % 11 != 5) {
            bits.remove(Point::from_index(p));
        }
        let mut listed = Vec::new();
        bits.for_each(|i| listed.push(i));
        for (k, &i) in listed.iter().enumerate() {
            assert_eq!(bits.nth(k), Some(i), "k = {k}");
        }
        assert_eq!(bits.nth(listed.len()), None);
    }
}
