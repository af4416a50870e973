//! The canonical text of a legal set, and its SHA-256 (`conformance/FORMAT.md`, "Moves and
//! positions").

use sha2::{Digest, Sha256};

/// The moves sorted by byte order, as the canonical text lists them.
#[must_use]
pub fn sorted(moves: &[String]) -> Vec<String> {
    let mut sorted = moves.to_vec();
    sorted.sort_unstable();
    sorted
}

/// The canonical text: the sorted moves joined by single spaces (`rulebook legal`'s line
/// without its newline). `moves` must already be sorted.
#[must_use]
pub fn legal_text(sorted_moves: &[String]) -> String {
    sorted_moves.join(" ")
}

/// SHA-256 of the canonical text of `sorted_moves`, as 64 lower-case hex digits.
///
/// ```
/// use rules_conformance::canonical::legal_sha256;
///
/// // The empty set of a finished game hashes the empty text.
/// assert_eq!(
///     legal_sha256(&[]),
///     "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
/// );
/// ```
#[must_use]
pub fn legal_sha256(sorted_moves: &[String]) -> String {
    let digest = Sha256::digest(legal_text(sorted_moves).as_bytes());
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_sorted_by_bytes_and_joined_by_spaces() {
        let moves: Vec<String> = ["pass", "B2-D2", "A1", "swap"].map(String::from).to_vec();
        let sorted = sorted(&moves);
        assert_eq!(legal_text(&sorted), "A1 B2-D2 pass swap");
        // `printf 'A1 B2-D2 pass swap' | sha256sum`
        assert_eq!(
            legal_sha256(&sorted),
            "f1e8726b7c2a82d58ff012bf105e4db38fa0c70e7052e526c125636753f5faab"
        );
    }
}
