//! The workspace's random number generator: fixed algorithm, so a seed replays the same game
//! in every version.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A small fast PRNG: xoshiro256++ (Blackman and Vigna) seeded through SplitMix64 from a
/// `u64`, as the `rand_xoshiro` crate implements it, with Lemire's nearly-divisionless
/// bounded draw on top. The algorithm is fixed: the same seed gives the same numbers, and
/// so the same random games, in every version of this workspace.
///
/// ```
/// use game_core::GameRng;
/// let mut a = GameRng::seed_from(7);
/// let mut b = GameRng::seed_from(7);
/// let draws: Vec<usize> = (0..5).map(|_| a.below(10)).collect();
/// assert_eq!(draws, (0..5).map(|_| b.below(10)).collect::<Vec<_>>());
/// assert!(draws.iter().all(|&d| d < 10));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRng {
    inner: Xoshiro256PlusPlus,
}

impl GameRng {
    /// A generator from a seed.
    #[must_use]
    pub fn seed_from(seed: u64) -> GameRng {
        GameRng {
            inner: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n`, without bias (Lemire 2019).
    ///
    /// # Panics
    /// If `n` is 0.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "GameRng::below(0)");
        let n = n as u64;
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as usize
    }

    /// `true` with probability `p` in 100: one draw of [`GameRng::below`]`(100)`, true when
    /// it falls below `p`. Never for 0, always for 100 or more.
    #[inline]
    pub fn percent(&mut self, p: usize) -> bool {
        self.below(100) < p
    }

    /// A uniform `f64` in `[0, 1)`.
    #[inline]
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A uniformly chosen element of `items`, or `None` if it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }
}
