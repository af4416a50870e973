//! Seat tokens and game ids: random from the operating system, tokens kept only as their
//! SHA-256 digests and compared in constant time.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Random bytes in a seat token (256 bits).
const TOKEN_BYTES: usize = 32;
/// Random bytes in a game id (96 bits: not a secret, but not guessable either).
const ID_BYTES: usize = 12;

/// Why randomness could not be had.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random source failed: {0}")]
pub struct RandomError(String);

fn random_hex(n: usize) -> Result<String, RandomError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A new seat token: 64 hexadecimal digits from the OS random source.
///
/// # Errors
/// [`RandomError`] if the OS gives no randomness.
pub fn new_token() -> Result<String, RandomError> {
    random_hex(TOKEN_BYTES)
}

/// A new game id: 24 hexadecimal digits from the OS random source.
///
/// # Errors
/// [`RandomError`] if the OS gives no randomness.
pub fn new_game_id() -> Result<String, RandomError> {
    random_hex(ID_BYTES)
}

/// Whether `id` has the shape of a game id (checked before any look-up).
#[must_use]
pub fn is_game_id(id: &str) -> bool {
    id.len() == ID_BYTES * 2 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The SHA-256 digest of a token, as stored.
#[must_use]
pub fn digest(token: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&Sha256::digest(token.as_bytes()));
    out
}

/// Whether `token` digests to `stored`, compared in constant time.
#[must_use]
pub fn matches(token: &str, stored: &[u8]) -> bool {
    bool::from(digest(token).as_slice().ct_eq(stored))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_and_match_only_their_digest() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert!(matches(&a, &digest(&a)));
        assert!(!matches(&b, &digest(&a)));
        assert!(!matches(&a, &[0u8; 3]));
        assert!(is_game_id(&new_game_id().unwrap()));
        assert!(!is_game_id("../etc/passwd"));
    }
}
