//! Accounts, their passkeys and sessions, and the passkey ceremonies under way (schema 6;
//! docs/server.md, "Accounts"): the [`AccountStore`] trait, kept by both stores.
//!
//! No password is stored: an account signs in with a passkey (WebAuthn), stored as the
//! `webauthn-rs` crate writes it (JSON). A session is kept as the SHA-256 digest of its
//! cookie's token, so a copy of the database signs nobody in.

use rusqlite::{OptionalExtension, params};

use super::rows::{to_i64, to_u64};
use super::{PgStore, SqliteStore, StoreError};

/// An account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its id (a UUID, also the passkeys' user handle).
    pub id: String,
    /// Its name, as its owner wrote it; unique without regard to case.
    pub name: String,
    /// When it was made, in milliseconds since the epoch.
    pub created_ms: u64,
}

impl Account {
    /// The key that makes names unique: lower case, so `Ann` and `ann` are one name.
    #[must_use]
    pub fn name_key(name: &str) -> String {
        name.to_lowercase()
    }
}

/// One passkey of an account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPasskey {
    /// The credential's id (base64url), unique among all accounts.
    pub credential_id: String,
    /// The passkey as `webauthn-rs` serialises it.
    pub passkey: String,
}

/// Where accounts are kept.
pub trait AccountStore: Send + Sync {
    /// Makes `account` with its first passkey.
    ///
    /// # Errors
    /// [`StoreError::NameTaken`] if another account has the name (whatever its case).
    fn create_account(&self, account: &Account, passkey: &StoredPasskey) -> Result<(), StoreError>;

    /// The account named `name` (whatever its case), if any.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn account_named(&self, name: &str) -> Result<Option<Account>, StoreError>;

    /// The account with id `id`, if any.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn account(&self, id: &str) -> Result<Option<Account>, StoreError>;

    /// The passkeys of account `account_id`.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn passkeys(&self, account_id: &str) -> Result<Vec<StoredPasskey>, StoreError>;

    /// Writes a passkey again (its counter moved on a sign-in).
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn update_passkey(&self, passkey: &StoredPasskey) -> Result<(), StoreError>;

    /// Deletes account `id` with its passkeys and sessions: whether there was one.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn delete_account(&self, id: &str) -> Result<bool, StoreError>;

    /// Keeps a session (its token's digest) for `account_id` until `expires_ms`.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn create_session(
        &self,
        digest: &str,
        account_id: &str,
        now_ms: u64,
        expires_ms: u64,
    ) -> Result<(), StoreError>;

    /// The account of the session with `digest`, unless it expired by `now_ms`.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn session(&self, digest: &str, now_ms: u64) -> Result<Option<Account>, StoreError>;

    /// Ends the session with `digest` (and every session that expired by `now_ms`).
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn delete_session(&self, digest: &str, now_ms: u64) -> Result<(), StoreError>;

    /// Keeps a ceremony's `state` under `id` until `expires_ms` (and forgets the ceremonies
    /// that expired by then).
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn put_ceremony(
        &self,
        id: &str,
        state: &str,
        now_ms: u64,
        expires_ms: u64,
    ) -> Result<(), StoreError>;

    /// Takes ceremony `id` out of the store: its state, unless it is not there or expired
    /// by `now_ms`. A ceremony is taken once.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    fn take_ceremony(&self, id: &str, now_ms: u64) -> Result<Option<String>, StoreError>;
}

/// Whether a SQLite error is a broken uniqueness rule.
fn sqlite_unique(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _) if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
        || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
}

impl AccountStore for SqliteStore {
    fn create_account(&self, account: &Account, passkey: &StoredPasskey) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO accounts (id, name, name_key, created_ms) VALUES (?1, ?2, ?3, ?4)",
            params![
                account.id,
                account.name,
                Account::name_key(&account.name),
                to_i64(account.created_ms)
            ],
        )
        .map_err(|e| {
            if sqlite_unique(&e) {
                StoreError::NameTaken(account.name.clone())
            } else {
                e.into()
            }
        })?;
        tx.execute(
            "INSERT INTO passkeys (credential_id, account_id, passkey, created_ms)
             VALUES (?1, ?2, ?3, ?4)",
            params![
                passkey.credential_id,
                account.id,
                passkey.passkey,
                to_i64(account.created_ms)
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn account_named(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.account_where("name_key", &Account::name_key(name))
    }

    fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        self.account_where("id", id)
    }

    fn passkeys(&self, account_id: &str) -> Result<Vec<StoredPasskey>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT credential_id, passkey FROM passkeys WHERE account_id = ?1
             ORDER BY created_ms, credential_id",
        )?;
        let rows = stmt.query_map([account_id], |r| {
            Ok(StoredPasskey {
                credential_id: r.get(0)?,
                passkey: r.get(1)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn update_passkey(&self, passkey: &StoredPasskey) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE passkeys SET passkey = ?2 WHERE credential_id = ?1",
            params![passkey.credential_id, passkey.passkey],
        )?;
        Ok(())
    }

    fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn()
            .execute("DELETE FROM accounts WHERE id = ?1", [id])?
            > 0)
    }

    fn create_session(
        &self,
        digest: &str,
        account_id: &str,
        now_ms: u64,
        expires_ms: u64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO sessions (digest, account_id, created_ms, expires_ms)
             VALUES (?1, ?2, ?3, ?4)",
            params![digest, account_id, to_i64(now_ms), to_i64(expires_ms)],
        )?;
        Ok(())
    }

    fn session(&self, digest: &str, now_ms: u64) -> Result<Option<Account>, StoreError> {
        let row = self
            .conn()
            .query_row(
                "SELECT a.id, a.name, a.created_ms FROM sessions s
                 JOIN accounts a ON a.id = s.account_id
                 WHERE s.digest = ?1 AND s.expires_ms > ?2",
                params![digest, to_i64(now_ms)],
                |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)?)),
            )
            .optional()?;
        row.map(|(id, name, created)| account(id, name, created))
            .transpose()
    }

    fn delete_session(&self, digest: &str, now_ms: u64) -> Result<(), StoreError> {
        self.conn().execute(
            "DELETE FROM sessions WHERE digest = ?1 OR expires_ms <= ?2",
            params![digest, to_i64(now_ms)],
        )?;
        Ok(())
    }

    fn put_ceremony(
        &self,
        id: &str,
        state: &str,
        now_ms: u64,
        expires_ms: u64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM ceremonies WHERE expires_ms <= ?1",
            [to_i64(now_ms)],
        )?;
        tx.execute(
            "INSERT INTO ceremonies (id, state, expires_ms) VALUES (?1, ?2, ?3)",
            params![id, state, to_i64(expires_ms)],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn take_ceremony(&self, id: &str, now_ms: u64) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "DELETE FROM ceremonies WHERE id = ?1 RETURNING state, expires_ms",
                [id],
                |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)),
            )
            .optional()?
            .filter(|&(_, expires)| expires > to_i64(now_ms))
            .map(|(state, _)| state))
    }
}

impl SqliteStore {
    /// The account whose `column` (`id` or `name_key`, never a caller's text) is `value`.
    fn account_where(&self, column: &str, value: &str) -> Result<Option<Account>, StoreError> {
        let row = self
            .conn()
            .query_row(
                &format!("SELECT id, name, created_ms FROM accounts WHERE {column} = ?1"),
                [value],
                |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)?)),
            )
            .optional()?;
        row.map(|(id, name, created)| account(id, name, created))
            .transpose()
    }
}

impl PgStore {
    /// The account whose `column` (`id` or `name_key`, never a caller's text) is `value`.
    fn account_where(&self, column: &str, value: &str) -> Result<Option<Account>, StoreError> {
        let row = self.conn()?.query_opt(
            &format!("SELECT id, name, created_ms FROM accounts WHERE {column} = $1"),
            &[&value],
        )?;
        row.map(|r| account(r.get(0), r.get(1), r.get(2)))
            .transpose()
    }
}

/// An account from its columns.
fn account(id: String, name: String, created_ms: i64) -> Result<Account, StoreError> {
    Ok(Account {
        id,
        name,
        created_ms: to_u64(created_ms)?,
    })
}

impl AccountStore for PgStore {
    fn create_account(&self, account: &Account, passkey: &StoredPasskey) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO accounts (id, name, name_key, created_ms) VALUES ($1, $2, $3, $4)",
            &[
                &account.id,
                &account.name,
                &Account::name_key(&account.name),
                &to_i64(account.created_ms),
            ],
        )
        .map_err(|e| {
            if e.code() == Some(&postgres::error::SqlState::UNIQUE_VIOLATION) {
                StoreError::NameTaken(account.name.clone())
            } else {
                e.into()
            }
        })?;
        tx.execute(
            "INSERT INTO passkeys (credential_id, account_id, passkey, created_ms)
             VALUES ($1, $2, $3, $4)",
            &[
                &passkey.credential_id,
                &account.id,
                &passkey.passkey,
                &to_i64(account.created_ms),
            ],
        )?;
        tx.commit()?;
        Ok(())
    }

    fn account_named(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.account_where("name_key", &Account::name_key(name))
    }

    fn account(&self, id: &str) -> Result<Option<Account>, StoreError> {
        self.account_where("id", id)
    }

    fn passkeys(&self, account_id: &str) -> Result<Vec<StoredPasskey>, StoreError> {
        let rows = self.conn()?.query(
            "SELECT credential_id, passkey FROM passkeys WHERE account_id = $1
             ORDER BY created_ms, credential_id",
            &[&account_id],
        )?;
        Ok(rows
            .iter()
            .map(|r| StoredPasskey {
                credential_id: r.get(0),
                passkey: r.get(1),
            })
            .collect())
    }

    fn update_passkey(&self, passkey: &StoredPasskey) -> Result<(), StoreError> {
        self.conn()?.execute(
            "UPDATE passkeys SET passkey = $2 WHERE credential_id = $1",
            &[&passkey.credential_id, &passkey.passkey],
        )?;
        Ok(())
    }

    fn delete_account(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .conn()?
            .execute("DELETE FROM accounts WHERE id = $1", &[&id])?
            > 0)
    }

    fn create_session(
        &self,
        digest: &str,
        account_id: &str,
        now_ms: u64,
        expires_ms: u64,
    ) -> Result<(), StoreError> {
        self.conn()?.execute(
            "INSERT INTO sessions (digest, account_id, created_ms, expires_ms)
             VALUES ($1, $2, $3, $4)",
            &[&digest, &account_id, &to_i64(now_ms), &to_i64(expires_ms)],
        )?;
        Ok(())
    }

    fn session(&self, digest: &str, now_ms: u64) -> Result<Option<Account>, StoreError> {
        let row = self.conn()?.query_opt(
            "SELECT a.id, a.name, a.created_ms FROM sessions s
             JOIN accounts a ON a.id = s.account_id
             WHERE s.digest = $1 AND s.expires_ms > $2",
            &[&digest, &to_i64(now_ms)],
        )?;
        row.map(|r| account(r.get(0), r.get(1), r.get(2)))
            .transpose()
    }

    fn delete_session(&self, digest: &str, now_ms: u64) -> Result<(), StoreError> {
        self.conn()?.execute(
            "DELETE FROM sessions WHERE digest = $1 OR expires_ms <= $2",
            &[&digest, &to_i64(now_ms)],
        )?;
        Ok(())
    }

    fn put_ceremony(
        &self,
        id: &str,
        state: &str,
        now_ms: u64,
        expires_ms: u64,
    ) -> Result<(), StoreError> {
        self.conn()?.execute(
            "WITH gone AS (DELETE FROM ceremonies WHERE expires_ms <= $4)
             INSERT INTO ceremonies (id, state, expires_ms) VALUES ($1, $2, $3)",
            &[&id, &state, &to_i64(expires_ms), &to_i64(now_ms)],
        )?;
        Ok(())
    }

    fn take_ceremony(&self, id: &str, now_ms: u64) -> Result<Option<String>, StoreError> {
        let row = self.conn()?.query_opt(
            "DELETE FROM ceremonies WHERE id = $1 RETURNING state, expires_ms",
            &[&id],
        )?;
        Ok(row
            .map(|r| (r.get::<_, String>(0), r.get::<_, i64>(1)))
            .filter(|&(_, expires)| expires > to_i64(now_ms))
            .map(|(state, _)| state))
    }
}
