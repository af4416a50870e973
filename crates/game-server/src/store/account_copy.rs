//! Accounts copied between stores by `game-server migrate` (docs/server.md, "Storage"):
//! every account with its passkeys, ratings and rating history, read whole from one store
//! ([`AccountCopy::read`]) and written into another ([`AccountCopy::write`]), where an
//! account already there (by id) is left as it is. Sessions and ceremonies are not copied:
//! everyone signs in again on the new store.

use rusqlite::params;

use super::rows::{to_i64, to_u64};
use super::{Account, PgStore, SqliteStore, StoreError, StoredPasskey};

/// One account's rating in one game, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The account.
    pub account_id: String,
    /// The game.
    pub game: String,
    /// The rating.
    pub rating: f64,
    /// Games, wins, draws, losses.
    pub counts: [u64; 4],
    /// When it last changed.
    pub updated_ms: u64,
}

/// One rating change, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ChangeRow {
    /// The game played, the account, the rating's game.
    pub ids: [String; 3],
    /// The seat.
    pub seat: i64,
    /// Before, after, score.
    pub figures: [f64; 3],
    /// When.
    pub at_ms: u64,
}

/// Every account of a store, with what belongs to it, in a fixed order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AccountCopy {
    /// The accounts, by id.
    pub accounts: Vec<Account>,
    /// Each account's passkeys: the account's id, the passkey, when it was made.
    pub passkeys: Vec<(String, StoredPasskey, u64)>,
    /// The ratings.
    pub ratings: Vec<RatingRow>,
    /// The rating history.
    pub changes: Vec<ChangeRow>,
}

const ACCOUNTS: &str = "SELECT id, name, created_ms FROM accounts ORDER BY id";
const PASSKEYS: &str =
    "SELECT account_id, credential_id, passkey, created_ms FROM passkeys ORDER BY credential_id";
const RATINGS: &str = "SELECT account_id, game, rating, games, wins, draws, losses, updated_ms
    FROM ratings ORDER BY account_id, game";
const CHANGES: &str = "SELECT game_id, account_id, game, seat, before, after, score, at_ms
    FROM rating_changes ORDER BY game_id, account_id";

fn u(v: i64) -> Result<u64, StoreError> {
    to_u64(v)
}

impl AccountCopy {
    /// Everything of `store`'s accounts.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    pub fn read_sqlite(store: &SqliteStore) -> Result<AccountCopy, StoreError> {
        let conn = store.conn();
        let mut copy = AccountCopy::default();
        let mut stmt = conn.prepare(ACCOUNTS)?;
        for r in stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get::<_, i64>(2)?)))? {
            let (id, name, created) = r?;
            copy.accounts.push(Account {
                id,
                name,
                created_ms: u(created)?,
            });
        }
        let mut stmt = conn.prepare(PASSKEYS)?;
        for r in stmt.query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get::<_, i64>(3)?))
        })? {
            let (account, credential_id, passkey, created) = r?;
            copy.passkeys.push((
                account,
                StoredPasskey {
                    credential_id,
                    passkey,
                },
                u(created)?,
            ));
        }
        let mut stmt = conn.prepare(RATINGS)?;
        for r in stmt.query_map([], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                [r.get::<_, i64>(3)?, r.get(4)?, r.get(5)?, r.get(6)?],
                r.get::<_, i64>(7)?,
            ))
        })? {
            let (account_id, game, rating, counts, updated) = r?;
            copy.ratings.push(RatingRow {
                account_id,
                game,
                rating,
                counts: [u(counts[0])?, u(counts[1])?, u(counts[2])?, u(counts[3])?],
                updated_ms: u(updated)?,
            });
        }
        let mut stmt = conn.prepare(CHANGES)?;
        for r in stmt.query_map([], |r| {
            Ok((
                [r.get(0)?, r.get(1)?, r.get(2)?],
                r.get(3)?,
                [r.get(4)?, r.get(5)?, r.get(6)?],
                r.get::<_, i64>(7)?,
            ))
        })? {
            let (ids, seat, figures, at) = r?;
            copy.changes.push(ChangeRow {
                ids,
                seat,
                figures,
                at_ms: u(at)?,
            });
        }
        Ok(copy)
    }

    /// Everything of `store`'s accounts.
    ///
    /// # Errors
    /// [`StoreError`] if the store fails.
    pub fn read_pg(store: &PgStore) -> Result<AccountCopy, StoreError> {
        let mut conn = store.conn()?;
        let mut tx = conn.build_transaction().read_only(true).start()?;
        let mut copy = AccountCopy::default();
        for r in tx.query(ACCOUNTS, &[])? {
            copy.accounts.push(Account {
                id: r.get(0),
                name: r.get(1),
                created_ms: u(r.get(2))?,
            });
        }
        for r in tx.query(PASSKEYS, &[])? {
            let key = StoredPasskey {
                credential_id: r.get(1),
                passkey: r.get(2),
            };
            copy.passkeys.push((r.get(0), key, u(r.get(3))?));
        }
        for r in tx.query(RATINGS, &[])? {
            copy.ratings.push(RatingRow {
                account_id: r.get(0),
                game: r.get(1),
                rating: r.get(2),
                counts: [u(r.get(3))?, u(r.get(4))?, u(r.get(5))?, u(r.get(6))?],
                updated_ms: u(r.get(7))?,
            });
        }
        for r in tx.query(CHANGES, &[])? {
            copy.changes.push(ChangeRow {
                ids: [r.get(0), r.get(1), r.get(2)],
                seat: r.get(3),
                figures: [r.get(4), r.get(5), r.get(6)],
                at_ms: u(r.get(7))?,
            });
        }
        tx.commit()?;
        Ok(copy)
    }

    /// Writes the accounts `store` has not (by id), with their passkeys, ratings and
    /// history, in one transaction: how many accounts were written.
    ///
    /// # Errors
    /// [`StoreError`] if a write fails (a name or passkey another account has there
    /// included); then nothing is written.
    pub fn write_sqlite(&self, store: &SqliteStore) -> Result<usize, StoreError> {
        let mut conn = store.conn();
        let tx = conn.transaction()?;
        let mut written = 0;
        for a in &self.accounts {
            written += tx.execute(
                "INSERT INTO accounts (id, name, name_key, created_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (id) DO NOTHING",
                params![
                    a.id,
                    a.name,
                    Account::name_key(&a.name),
                    to_i64(a.created_ms)
                ],
            )?;
        }
        for (account, key, created) in &self.passkeys {
            tx.execute(
                "INSERT INTO passkeys (credential_id, account_id, passkey, created_ms)
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (credential_id) DO NOTHING",
                params![key.credential_id, account, key.passkey, to_i64(*created)],
            )?;
        }
        for r in &self.ratings {
            let c = r.counts.map(to_i64);
            tx.execute(
                "INSERT INTO ratings (account_id, game, rating, games, wins, draws, losses, updated_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (account_id, game) DO NOTHING",
                params![r.account_id, r.game, r.rating, c[0], c[1], c[2], c[3], to_i64(r.updated_ms)],
            )?;
        }
        for c in &self.changes {
            tx.execute(
                "INSERT INTO rating_changes (game_id, account_id, game, seat, before, after, score, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (game_id, account_id) DO NOTHING",
                params![
                    c.ids[0], c.ids[1], c.ids[2], c.seat, c.figures[0], c.figures[1], c.figures[2],
                    to_i64(c.at_ms)
                ],
            )?;
        }
        tx.commit()?;
        Ok(written)
    }

    /// As [`AccountCopy::write_sqlite`], into PostgreSQL.
    ///
    /// # Errors
    /// [`StoreError`] if a write fails; then nothing is written.
    pub fn write_pg(&self, store: &PgStore) -> Result<usize, StoreError> {
        let mut conn = store.conn()?;
        let mut tx = conn.transaction()?;
        let mut written = 0;
        for a in &self.accounts {
            written += tx.execute(
                "INSERT INTO accounts (id, name, name_key, created_ms) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (id) DO NOTHING",
                &[
                    &a.id,
                    &a.name,
                    &Account::name_key(&a.name),
                    &to_i64(a.created_ms),
                ],
            )?;
        }
        for (account, key, created) in &self.passkeys {
            tx.execute(
                "INSERT INTO passkeys (credential_id, account_id, passkey, created_ms)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (credential_id) DO NOTHING",
                &[&key.credential_id, account, &key.passkey, &to_i64(*created)],
            )?;
        }
        for r in &self.ratings {
            let c = r.counts.map(to_i64);
            tx.execute(
                "INSERT INTO ratings (account_id, game, rating, games, wins, draws, losses, updated_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, game) DO NOTHING",
                &[&r.account_id, &r.game, &r.rating, &c[0], &c[1], &c[2], &c[3], &to_i64(r.updated_ms)],
            )?;
        }
        for c in &self.changes {
            tx.execute(
                "INSERT INTO rating_changes (game_id, account_id, game, seat, before, after, score, at_ms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (game_id, account_id) DO NOTHING",
                &[
                    &c.ids[0], &c.ids[1], &c.ids[2], &c.seat, &c.figures[0], &c.figures[1],
                    &c.figures[2], &to_i64(c.at_ms),
                ],
            )?;
        }
        tx.commit()?;
        Ok(usize::try_from(written).unwrap_or(usize::MAX))
    }
}
