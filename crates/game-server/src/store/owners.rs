//! Which server serves each game, when several share one PostgreSQL database (issue 36):
//! each server renews its row in `instances` while it lives ([`PgStore::heartbeat`]), and
//! owns the games whose `owner` names it. A game with no owner, or whose owner's row has
//! expired, is taken by the first server that asks ([`PgStore::acquire`]); the change
//! counts in the game's `owner_epoch`. One `UPDATE` decides, with the game's row locked, so
//! two servers asking at once never both get it; and a store [`PgStore::serving_as`] a
//! server refuses to write a game that server no longer owns.

use std::time::Duration;

use super::rows::{to_i64, to_u64};
use super::{PgStore, StoreError};

impl PgStore {
    /// Says that the server `instance`, reached by the others at `address`
    /// (`host:port`), lives until `now_ms` + `ttl` (registering it the first time).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn heartbeat(
        &self,
        instance: &str,
        address: &str,
        now_ms: u64,
        ttl: Duration,
    ) -> Result<(), StoreError> {
        let until =
            to_i64(now_ms.saturating_add(u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX)));
        self.conn()?.execute(
            "INSERT INTO instances (id, started_ms, expires_ms, address) VALUES ($1, $2, $3, $4)
             ON CONFLICT (id) DO UPDATE SET expires_ms = EXCLUDED.expires_ms,
                                            address = EXCLUDED.address",
            &[&instance, &to_i64(now_ms), &until, &address],
        )?;
        Ok(())
    }

    /// Where the server that serves the game `id` at `now_ms` is reached: its id and
    /// address while its row is fresh, else `None` (no owner, an expired one, or no game).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn owner_address(
        &self,
        id: &str,
        now_ms: u64,
    ) -> Result<Option<(String, String)>, StoreError> {
        let row = self.conn()?.query_opt(
            "SELECT i.id, COALESCE(i.address, '') FROM games g JOIN instances i ON i.id = g.owner
             WHERE g.id = $1 AND i.expires_ms >= $2",
            &[&id, &to_i64(now_ms)],
        )?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    /// The games not over whose clock runs and that no live server owns at `now_ms`
    /// (their owner stopped or died): the ones a server takes over so that their flags
    /// still fall.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn orphaned_clocks(&self, now_ms: u64) -> Result<Vec<String>, StoreError> {
        let rows = self.conn()?.query(
            "SELECT g.id FROM games g LEFT JOIN instances i
               ON i.id = g.owner AND i.expires_ms >= $1
             WHERE g.end_reason IS NULL AND g.turn_started_ms IS NOT NULL AND i.id IS NULL
             ORDER BY g.id",
            &[&to_i64(now_ms)],
        )?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Of the games `ids`, those `instance` does not own (any more): a server that holds
    /// them in memory has lost them.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn not_owned(&self, instance: &str, ids: &[String]) -> Result<Vec<String>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows = self.conn()?.query(
            "SELECT id FROM games WHERE id = ANY($1) AND owner IS DISTINCT FROM $2",
            &[&ids, &instance],
        )?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The servers alive at `now_ms`, the first started first (then by id): each one's id
    /// and address (its `--advertise`).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn live_servers(&self, now_ms: u64) -> Result<Vec<(String, String)>, StoreError> {
        let rows = self.conn()?.query(
            "SELECT id, address FROM instances WHERE expires_ms >= $1 AND address IS NOT NULL
             ORDER BY started_ms, id",
            &[&to_i64(now_ms)],
        )?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
    }

    /// Takes the game `id` for the server `instance` at `now_ms` if nobody serves it (no
    /// owner, or an owner whose row has expired) or `instance` does already, and only while
    /// `instance`'s own row is fresh: the game's owner count (`owner_epoch`) then, or `None`
    /// when another live server owns it (or the game is not there).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn acquire(
        &self,
        id: &str,
        instance: &str,
        now_ms: u64,
    ) -> Result<Option<u64>, StoreError> {
        let row = self.conn()?.query_opt(
            "UPDATE games SET
                 owner_epoch = owner_epoch + (CASE WHEN owner IS DISTINCT FROM $2 THEN 1 ELSE 0 END),
                 owner = $2
             WHERE id = $1
               AND EXISTS (SELECT 1 FROM instances me WHERE me.id = $2 AND me.expires_ms >= $3)
               AND (owner IS NULL OR owner = $2
                    OR NOT EXISTS (SELECT 1 FROM instances i
                                   WHERE i.id = games.owner AND i.expires_ms >= $3))
             RETURNING owner_epoch",
            &[&id, &instance, &to_i64(now_ms)],
        )?;
        row.map(|r| to_u64(r.try_get(0)?)).transpose()
    }

    /// The server that serves the game `id` at `now_ms`: its owner while the owner's row is
    /// fresh, else `None`.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn owner(&self, id: &str, now_ms: u64) -> Result<Option<String>, StoreError> {
        let row = self.conn()?.query_opt(
            "SELECT g.owner FROM games g JOIN instances i ON i.id = g.owner
             WHERE g.id = $1 AND i.expires_ms >= $2",
            &[&id, &to_i64(now_ms)],
        )?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Gives the game `id` up, if `instance` owns it (nobody serves it until a server
    /// acquires it).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub fn release(&self, id: &str, instance: &str) -> Result<bool, StoreError> {
        let n = self.conn()?.execute(
            "UPDATE games SET owner = NULL WHERE id = $1 AND owner = $2",
            &[&id, &instance],
        )?;
        Ok(n == 1)
    }

    /// Gives up every game of `instance` and its row (a server stopping): how many games.
    /// Each game is given up in a statement of its own, holding one row's lock at a time,
    /// so that the server's last writes, still committing, cannot deadlock with it.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails; the games given up until then stay so.
    pub fn retire(&self, instance: &str) -> Result<u64, StoreError> {
        let mut conn = self.conn()?;
        let ids: Vec<String> = conn
            .query("SELECT id FROM games WHERE owner = $1", &[&instance])?
            .iter()
            .map(|r| r.get(0))
            .collect();
        let mut given = 0;
        for id in &ids {
            given += conn.execute(
                "UPDATE games SET owner = NULL WHERE id = $1 AND owner = $2",
                &[id, &instance],
            )?;
        }
        conn.execute("DELETE FROM instances WHERE id = $1", &[&instance])?;
        Ok(given)
    }
}
