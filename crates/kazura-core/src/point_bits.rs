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
            let prefix = byte_prefix_counts(word);
            let ones = (prefix >> 56) as usize;
            if k < ones {
                return Some(i * 64 + select_in_word(word, prefix, k));
            }
            k -= ones;
        }
        None
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

    #[test]
    fn first_is_the_lowest_point_left_in_any_word() {
        let mut bits = PointBits::first_n(625);
        for p in 0..625 {
            assert_eq!(
                bits.first(),
                Some(Point::from_index(p)),
                "after removing 0..{p}"
            );
            assert_eq!(bits.count(), 625 - p);
            assert!(bits.remove(Point::from_index(p)));
        }
        assert_eq!(bits.first(), None);
        assert!(bits.is_empty());
    }

    #[test]
    fn select_in_word_finds_every_set_bit_of_many_words() {
        let mut rng = game_core::GameRng::seed_from(1);
        for round in 0..5_000 {
            // Sparse, dense and random words.
            let word = match round % 3 {
                0 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                1 => rng.next_u64() | rng.next_u64(),
                _ => rng.next_u64(),
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
