//! Accounts made straight in a store, with a session whose cookie the test holds: the
//! passkey ceremonies need a browser (web/tests/accounts.test.mjs), everything after
//! them does not.

use game_server::store::{Account, AccountStore, StoredPasskey};

/// The stored key of a session token, computed here independently: SHA-256, in hex.
pub fn digest_hex(token: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// An account named `name` (id `id-NAME`, with a passkey that is no real one) and a
/// session for it, whose cookie token is `token`, ending at `expires_ms`.
pub fn account_with_session(
    store: &dyn AccountStore,
    name: &str,
    token: &str,
    expires_ms: u64,
) -> Account {
    let account = Account {
        id: format!("id-{name}"),
        name: name.into(),
        created_ms: 1,
    };
    let passkey = StoredPasskey {
        credential_id: format!("cred-{name}"),
        passkey: "{}".into(),
    };
    store.create_account(&account, &passkey).unwrap();
    store
        .create_session(&digest_hex(token), &account.id, 1, expires_ms)
        .unwrap();
    account
}

/// A session token made of `byte` (64 hexadecimal digits, as the server's are).
pub fn token_of(byte: &str) -> String {
    byte.repeat(32)
}
