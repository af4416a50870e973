-- Version 6: accounts for ranked play (issue 37; docs/server.md, "Accounts"). An account is
-- a name and its passkeys (WebAuthn credentials, stored as webauthn-rs writes them); no
-- password is ever stored. A session is the SHA-256 digest of a cookie's random token.
-- A ceremony is a passkey registration or sign-in under way (its challenge and state),
-- used once and only until it expires, so that any server may finish what another began.
CREATE TABLE accounts (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL UNIQUE,
    created_ms  INTEGER NOT NULL
);

CREATE TABLE passkeys (
    credential_id TEXT PRIMARY KEY NOT NULL,
    account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    passkey       TEXT NOT NULL,
    created_ms    INTEGER NOT NULL
);
CREATE INDEX passkeys_by_account ON passkeys (account_id);

CREATE TABLE sessions (
    digest      TEXT PRIMARY KEY NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms  INTEGER NOT NULL,
    expires_ms  INTEGER NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

CREATE TABLE ceremonies (
    id          TEXT PRIMARY KEY NOT NULL,
    state       TEXT NOT NULL,
    expires_ms  INTEGER NOT NULL
);
