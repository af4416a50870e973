//! Planted bugs: a test-only switch that breaks one rule decision on purpose.
//!
//! The conformance suite promises that a case names every decision id it depends on, and
//! that its failing-decisions summary puts the broken rule first. To show it, the game
//! crates carry, behind their `planted-bugs` feature, a second, wrong way of doing each
//! decision, taken only while `plant` has switched that decision's id on; the test
//! `crates/rules-conformance/tests/planted.rs` switches each id on in turn and runs the
//! suite. Without the feature [`is`] is a constant `false` and the wrong ways compile
//! away; nothing a user builds can turn one on.
//!
//! ```
//! use game_core::planted;
//!
//! // No bug is planted unless a test plants one (and only with the feature on).
//! assert!(!planted::is("G-4"));
//! ```

#[cfg(feature = "planted-bugs")]
use std::sync::atomic::{AtomicU32, Ordering};

/// The planted decision, encoded by [`code`]; 0 when none is.
#[cfg(feature = "planted-bugs")]
static PLANTED: AtomicU32 = AtomicU32::new(0);

/// A decision id such as `G-9` as one number: the letter, then the number. `0` for text
/// that is not an id (a capital letter, `-`, a number from 1 to 999).
#[must_use]
pub const fn code(id: &str) -> u32 {
    let bytes = id.as_bytes();
    if bytes.len() < 3 || !bytes[0].is_ascii_uppercase() || bytes[1] != b'-' {
        return 0;
    }
    let mut number: u32 = 0;
    let mut i = 2;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() || i > 4 {
            return 0;
        }
        number = number * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    if number == 0 {
        return 0;
    }
    ((bytes[0] as u32) << 16) | number
}

/// Whether the bug of decision `id` is planted now. Always `false` without the
/// `planted-bugs` feature.
#[cfg(feature = "planted-bugs")]
#[must_use]
#[inline]
pub fn is(id: &str) -> bool {
    let now = PLANTED.load(Ordering::Relaxed);
    now != 0 && now == code(id)
}

/// Whether the bug of decision `id` is planted now. Always `false` without the
/// `planted-bugs` feature.
#[cfg(not(feature = "planted-bugs"))]
#[must_use]
#[inline(always)]
pub const fn is(id: &str) -> bool {
    let _ = id;
    false
}

/// Plants the bug of decision `id` (`None`: none), for the whole process, and returns the
/// one planted before. Tests that plant bugs run alone in their own test binary.
///
/// # Panics
/// If `id` is not a decision id (`G-9`, `N-16`).
#[cfg(feature = "planted-bugs")]
pub fn plant(id: Option<&str>) -> Option<String> {
    let new = id.map_or(0, |id| {
        let c = code(id);
        assert!(c != 0, "not a decision id: {id:?}");
        c
    });
    let old = PLANTED.swap(new, Ordering::Relaxed);
    (old != 0).then(|| {
        let letter = char::from_u32(old >> 16).unwrap_or('?');
        format!("{letter}-{}", old & 0xffff)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_tell_ids_apart() {
        assert_eq!(code("G-9"), (u32::from(b'G') << 16) | 9);
        assert_ne!(code("G-1"), code("G-10"));
        assert_ne!(code("G-1"), code("K-1"));
        for bad in ["", "G", "G-", "G-0", "g-1", "G1", "G-1a", "G-1000", "GG-1"] {
            assert_eq!(code(bad), 0, "{bad}");
        }
        assert_eq!(code("N-16"), (u32::from(b'N') << 16) | 16);
    }

    #[cfg(feature = "planted-bugs")]
    #[test]
    fn planting_switches_one_id() {
        assert_eq!(plant(Some("B-7")), None);
        assert!(is("B-7"));
        assert!(!is("B-17"));
        assert_eq!(plant(None), Some("B-7".to_string()));
        assert!(!is("B-7"));
    }
}
