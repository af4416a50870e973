//! A store chosen by its address, as the command line names it: a PostgreSQL address
//! (`postgres://…` or `postgresql://…`), else a SQLite file (`sqlite:PATH` or `PATH`).

use std::path::Path;
use std::sync::Arc;

use super::{GameStore, PgStore, SqliteStore, StoreError, StoredGame};

/// Either store, opened by [`OpenedStore::open`].
#[derive(Debug)]
pub enum OpenedStore {
    /// A SQLite file.
    Sqlite(SqliteStore),
    /// A PostgreSQL database.
    Postgres(PgStore),
}

/// Whether `address` names a PostgreSQL database.
#[must_use]
pub fn is_postgres(address: &str) -> bool {
    address.starts_with("postgres://") || address.starts_with("postgresql://")
}

/// `address` as it may be shown or logged: a PostgreSQL address without its password.
#[must_use]
pub fn shown(address: &str) -> String {
    if let Some((scheme, rest)) = address.split_once("://")
        && let Some((user_info, host)) = rest.rsplit_once('@')
        && let Some((user, _password)) = user_info.split_once(':')
    {
        return format!("{scheme}://{user}:***@{host}");
    }
    address.to_string()
}

impl OpenedStore {
    /// Opens the store at `address` (PostgreSQL with a pool of up to `connections`),
    /// migrating its schema. With `must_exist`, a SQLite file that is not there is an error
    /// rather than a new empty database. Call it off the async runtime's threads (the
    /// PostgreSQL client blocks).
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be opened or migrated.
    pub fn open(
        address: &str,
        connections: u32,
        must_exist: bool,
    ) -> Result<OpenedStore, StoreError> {
        if is_postgres(address) {
            return Ok(OpenedStore::Postgres(PgStore::connect(
                address,
                connections,
            )?));
        }
        let path = Path::new(address.strip_prefix("sqlite:").unwrap_or(address));
        if must_exist && !path.is_file() {
            return Err(StoreError::Database(format!(
                "{}: no such database",
                path.display()
            )));
        }
        Ok(OpenedStore::Sqlite(SqliteStore::open(path)?))
    }

    /// The store, to read and write through.
    #[must_use]
    pub fn store(&self) -> &dyn GameStore {
        match self {
            OpenedStore::Sqlite(s) => s,
            OpenedStore::Postgres(p) => p,
        }
    }

    /// The store, for the server.
    #[must_use]
    pub fn into_shared(self) -> Arc<dyn GameStore> {
        match self {
            OpenedStore::Sqlite(s) => Arc::new(s),
            OpenedStore::Postgres(p) => Arc::new(p),
        }
    }

    /// Every game's id, in order.
    ///
    /// # Errors
    /// [`StoreError`] if they could not be read.
    pub fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        match self {
            OpenedStore::Sqlite(s) => s.game_ids(),
            OpenedStore::Postgres(p) => p.game_ids(),
        }
    }

    /// Writes whole games as they are, in one transaction; a game already there is left
    /// as it is. Per game, whether it was written.
    ///
    /// # Errors
    /// [`StoreError`] if a write fails; then nothing is written.
    pub fn put_games(&self, games: &[StoredGame]) -> Result<Vec<bool>, StoreError> {
        match self {
            OpenedStore::Sqlite(s) => s.put_games(games),
            OpenedStore::Postgres(p) => p.put_games(games),
        }
    }

    /// Every account, with its passkeys, ratings and rating history.
    ///
    /// # Errors
    /// [`StoreError`] if they could not be read.
    pub fn read_accounts(&self) -> Result<super::AccountCopy, StoreError> {
        match self {
            OpenedStore::Sqlite(s) => super::AccountCopy::read_sqlite(s),
            OpenedStore::Postgres(p) => super::AccountCopy::read_pg(p),
        }
    }

    /// Writes the accounts of `copy` this store has not, in one transaction: how many.
    ///
    /// # Errors
    /// [`StoreError`] if a write fails; then nothing is written.
    pub fn write_accounts(&self, copy: &super::AccountCopy) -> Result<usize, StoreError> {
        match self {
            OpenedStore::Sqlite(s) => copy.write_sqlite(s),
            OpenedStore::Postgres(p) => copy.write_pg(p),
        }
    }

    /// The schema versions applied, in order.
    ///
    /// # Errors
    /// [`StoreError`] if they could not be read.
    pub fn schema_versions(&self) -> Result<Vec<u32>, StoreError> {
        match self {
            OpenedStore::Sqlite(s) => s.schema_versions(),
            OpenedStore::Postgres(p) => p.schema_versions(),
        }
    }
}
