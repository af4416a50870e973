//! Zobrist keys: fixed tables of pseudo-random keys per (point, colour).
//!
//! # Stability
//! The tables are computed at compile time by SplitMix64 (Steele, Lea and Flood, 2014) from
//! fixed seeds, in point-major order: key `(p, c)` is output number `2 * p + c` of the
//! stream (the 128-bit table takes two outputs per key, high half first). Nothing is random
//! at run time and **the values are part of the public API**: a hash stored by one version
//! is valid in every later version. Changing a seed or the order is a breaking change.
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

/// Number of colours the tables cover (two players).
pub const COLOURS: usize = 2;
/// Seed of the 64-bit table.
pub const SEED_64: u64 = 0x6b61_7a75_7261_0001;
/// Seed of the 128-bit table.
pub const SEED_128: u64 = 0x676f_3900_0000_0002;

/// One step of SplitMix64: advances `state` and returns the next output.
#[must_use]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn table64() -> ([[u64; COLOURS]; MAX_POINTS], u64) {
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
    (t, splitmix64(&mut state))
}

const fn table128() -> ([[u128; COLOURS]; MAX_POINTS], u128) {
    let mut state = SEED_128;
    let mut t = [[0u128; COLOURS]; MAX_POINTS];
    let mut p = 0;
    while p < MAX_POINTS {
        let mut c = 0;
        while c < COLOURS {
            let hi = splitmix64(&mut state) as u128;
            let lo = splitmix64(&mut state) as u128;
            t[p][c] = hi << 64 | lo;
            c += 1;
        }
        p += 1;
    }
    let hi = splitmix64(&mut state) as u128;
    let lo = splitmix64(&mut state) as u128;
    (t, hi << 64 | lo)
}

const TABLE64: ([[u64; COLOURS]; MAX_POINTS], u64) = table64();
const TABLE128: ([[u128; COLOURS]; MAX_POINTS], u128) = table128();

/// The 64-bit key of a stone of `colour` (0 or 1) on `p`.
///
/// # Panics
/// If `colour` is 2 or more.
#[inline]
#[must_use]
pub const fn key64(p: Point, colour: usize) -> u64 {
    TABLE64.0[p.index()][colour]
}

/// The 128-bit key of a stone of `colour` (0 or 1) on `p`. Two different positions of a
/// 9×9 game collide with probability about 2⁻¹²⁸ per pair: usable as an exact test.
///
/// # Panics
/// If `colour` is 2 or more.
#[inline]
#[must_use]
pub const fn key128(p: Point, colour: usize) -> u128 {
    TABLE128.0[p.index()][colour]
}

/// The 64-bit key for "the second player is to move", for hashes that include the turn:
/// the stream's next output after the table (number `2 * MAX_POINTS`).
pub const SIDE_TO_MOVE_64: u64 = TABLE64.1;
/// The 128-bit key for "the second player is to move": the two outputs after the table,
/// high half first.
pub const SIDE_TO_MOVE_128: u128 = TABLE128.1;

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
    fn tables_follow_the_documented_stream_order() {
        let mut s = SEED_64;
        assert_eq!(key64(Point::from_index(0), 0), splitmix64(&mut s));
        assert_eq!(key64(Point::from_index(0), 1), splitmix64(&mut s));
        assert_eq!(key64(Point::from_index(1), 0), splitmix64(&mut s));
        let mut s = SEED_128;
        let hi = u128::from(splitmix64(&mut s));
        let lo = u128::from(splitmix64(&mut s));
        assert_eq!(key128(Point::from_index(0), 0), hi << 64 | lo);
    }

    #[test]
    fn side_to_move_keys_follow_the_tables_in_the_stream() {
        let mut s = SEED_64;
        for _ in 0..MAX_POINTS * COLOURS {
            let _ = splitmix64(&mut s);
        }
        assert_eq!(SIDE_TO_MOVE_64, splitmix64(&mut s));
        let mut s = SEED_128;
        for _ in 0..2 * MAX_POINTS * COLOURS {
            let _ = splitmix64(&mut s);
        }
        let hi = u128::from(splitmix64(&mut s));
        let lo = u128::from(splitmix64(&mut s));
        assert_eq!(SIDE_TO_MOVE_128, hi << 64 | lo);
        let last = key128(Point::from_index(MAX_POINTS - 1), 1);
        assert_ne!(SIDE_TO_MOVE_128, last);
    }

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = (0..MAX_POINTS)
            .flat_map(|p| (0..COLOURS).map(move |c| key64(Point::from_index(p), c)))
            .collect();
        all.push(SIDE_TO_MOVE_64);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        let mut all128: Vec<u128> = (0..MAX_POINTS)
            .flat_map(|p| (0..COLOURS).map(move |c| key128(Point::from_index(p), c)))
            .collect();
        all128.sort_unstable();
        all128.dedup();
        assert_eq!(all128.len(), MAX_POINTS * COLOURS);
    }
}
