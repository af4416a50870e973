//! Zobrist keys: a fixed table of pseudo-random 64-bit keys per (point, colour), for go9's
//! position hash.
//!
//! # Stability
//! The table is computed at compile time by SplitMix64 (Steele, Lea and Flood, 2014) from
//! the fixed seed `0x6b61_7a75_7261_0001`, in point-major order: key `(p, c)` is output
//! number `2 * p + c` of the stream. Nothing is random at run time and **the values are
//! part of the public API**: a hash stored by one version is valid in every later version.
//! Changing the seed or the order is a breaking change.
//!
//! ```
//! use board_geometry::{Point, zobrist};
//! let p = Point::from_index(40);
//! let hash = zobrist::key64(p, 0) ^ zobrist::key64(Point::from_index(41), 1);
//! // XOR is its own inverse: removing a stone restores the hash.
//! assert_eq!(hash ^ zobrist::key64(Point::from_index(41), 1), zobrist::key64(p, 0));
//! ```

use crate::point::Point;
use crate::point_set::MAX_POINTS;

/// Number of colours the table covers (two players).
const COLOURS: usize = 2;
/// Seed of the table.
const SEED_64: u64 = 0x6b61_7a75_7261_0001;

/// One step of SplitMix64: advances `state` and returns the next output.
#[must_use]
const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn table64() -> [[u64; COLOURS]; MAX_POINTS] {
    let mut state = SEED_64;
    let mut t = [[0u64; COLOURS]; MAX_POINTS];
    let mut p = 0;
    while p < MAX_POINTS {
        let mut c = 0;
        while c < COLOURS {
            t[p][c] = splitmix64(&mut state);
            c += 1;
        }
        p += 1;
    }
    t
}

const TABLE64: [[u64; COLOURS]; MAX_POINTS] = table64();

/// The 64-bit key of a stone of `colour` (0 or 1) on `p`.
///
/// # Panics
/// If `colour` is 2 or more.
#[inline]
#[must_use]
pub const fn key64(p: Point, colour: usize) -> u64 {
    TABLE64[p.index()][colour]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_published_reference_outputs() {
        // Outputs of the reference C implementation (splitmix64.c, seeded with 1234567).
        let mut s = 1_234_567u64;
        let got: Vec<u64> = (0..5).map(|_| splitmix64(&mut s)).collect();
        assert_eq!(
            got,
            [
                6_457_827_717_110_365_317,
                3_203_168_211_198_807_973,
                9_817_491_932_198_370_423,
                4_593_380_528_125_082_431,
                16_408_922_859_458_223_821,
            ]
        );
    }

    #[test]
    fn the_table_follows_the_documented_seed_and_stream_order() {
        assert_eq!(SEED_64, 0x6b61_7a75_7261_0001);
        let mut s = SEED_64;
        assert_eq!(key64(Point::from_index(0), 0), splitmix64(&mut s));
        assert_eq!(key64(Point::from_index(0), 1), splitmix64(&mut s));
        assert_eq!(key64(Point::from_index(1), 0), splitmix64(&mut s));
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = (0..MAX_POINTS)
            .flat_map(|p| (0..COLOURS).map(move |c| key64(Point::from_index(p), c)))
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
