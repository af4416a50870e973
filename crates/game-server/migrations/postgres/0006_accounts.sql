-- Version 6 in PostgreSQL, as ../0006_accounts.sql: accounts, their passkeys, sessions and
-- the passkey ceremonies under way.
CREATE TABLE accounts (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT NOT NULL,
    name_key    TEXT NOT NULL UNIQUE,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE passkeys (
    credential_id TEXT PRIMARY KEY NOT NULL,
    account_id    TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    passkey       TEXT NOT NULL,
    created_ms    BIGINT NOT NULL
);
CREATE INDEX passkeys_by_account ON passkeys (account_id);

CREATE TABLE sessions (
    digest      TEXT PRIMARY KEY NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms  BIGINT NOT NULL,
    expires_ms  BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

CREATE TABLE ceremonies (
    id          TEXT PRIMARY KEY NOT NULL,
    state       TEXT NOT NULL,
    expires_ms  BIGINT NOT NULL
);
