//! [`PgStore`]: games in a PostgreSQL database, with the same versioned migrations as the
//! SQLite store (in PostgreSQL's types, `migrations/postgres/`).

use std::str::FromStr;
use std::time::Duration;

use postgres::{GenericClient, NoTls, Row};
use r2d2_postgres::PostgresConnectionManager;
use r2d2_postgres::r2d2::{Pool, PooledConnection};

use super::rows::{
    Columns, GAME_COLUMNS, GameRow, clock_columns, computer_columns, read_game, seat, to_i64,
    to_u64,
};
use super::{Expired, GameStore, MoveChange, NewGame, StoreError, StoredGame, StoredMove, Update};

/// The migrations, in order: version and SQL, the same versions as the SQLite store's.
pub(super) const MIGRATIONS: &[(u32, &str)] = &[
    (1, include_str!("../../migrations/postgres/0001_init.sql")),
    (
        2,
        include_str!("../../migrations/postgres/0002_operator_end.sql"),
    ),
    (3, include_str!("../../migrations/postgres/0003_owners.sql")),
    (
        4,
        include_str!("../../migrations/postgres/0004_instance_address.sql"),
    ),
    (
        5,
        include_str!("../../migrations/postgres/0005_computer_seat.sql"),
    ),
    (
        6,
        include_str!("../../migrations/postgres/0006_accounts.sql"),
    ),
    (
        7,
        include_str!("../../migrations/postgres/0007_ratings.sql"),
    ),
];

/// The key of the advisory lock held while migrating, so that servers starting together
/// on one database migrate it once.
const MIGRATION_LOCK: i64 = 0x6761_6d65_7372_7631; // "gamesrv1"

impl From<postgres::Error> for StoreError {
    /// The database's own words when it refused (`db error` alone says nothing).
    fn from(e: postgres::Error) -> StoreError {
        StoreError::Database(match e.as_db_error() {
            Some(db) => format!("{} ({})", db.message(), db.code().code()),
            None => e.to_string(),
        })
    }
}

impl Drop for PgStore {
    /// A connection of the blocking client closes by running a runtime of its own, which
    /// may not start on a thread inside another (the server's, as it stops): there the
    /// pool is dropped on a thread of its own.
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            let _ = std::thread::spawn(move || drop(pool)).join();
        }
    }
}

impl From<r2d2_postgres::r2d2::Error> for StoreError {
    fn from(e: r2d2_postgres::r2d2::Error) -> StoreError {
        StoreError::Database(format!("no connection to PostgreSQL: {e}"))
    }
}

/// Games in a PostgreSQL database, through a pool of connections.
///
/// Every write is one transaction, committed before [`GameStore::update`] returns
/// (PostgreSQL's `synchronous_commit`, on by default, makes it durable). A game's row is
/// locked (`FOR UPDATE`) while its version is checked, so two writers from the same
/// version cannot both succeed.
pub struct PgStore {
    /// `None` only while the store is dropped ([`Drop`]).
    pool: Option<Pool<PostgresConnectionManager<NoTls>>>,
    /// The server this store writes for, when several share the database: then every
    /// update is refused unless that server owns the game ([`PgStore::serving_as`]).
    instance: Option<String>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field(
                "connections",
                &self.pool.as_ref().map(|p| p.state().connections),
            )
            .finish()
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user@host:port/database`, or
    /// PostgreSQL's `key=value` form) with a pool of up to `connections`, and brings its
    /// schema up to date. No TLS: the database is reached over a private network or a Unix
    /// socket (`host=/run/postgresql`).
    ///
    /// # Errors
    /// [`StoreError`] if the address does not read, the database cannot be reached within
    /// five seconds, it records a newer schema ([`StoreError::NewerSchema`]) or a migration
    /// fails.
    pub fn connect(url: &str, connections: u32) -> Result<PgStore, StoreError> {
        let config = postgres::Config::from_str(url)
            .map_err(|e| StoreError::Database(format!("the database address: {e}")))?;
        let manager = PostgresConnectionManager::new(config, NoTls);
        let pool = Pool::builder()
            .max_size(connections.max(1))
            .min_idle(Some(1))
            .connection_timeout(Duration::from_secs(5))
            .build(manager)?;
        let store = PgStore {
            pool: Some(pool),
            instance: None,
        };
        migrate(&mut *store.conn()?)?;
        Ok(store)
    }

    /// This store, writing for the server `instance` (one of several on the database):
    /// each update then checks, with the game's row locked, that `instance` owns the game
    /// ([`PgStore::acquire`]), and is refused with [`StoreError::NotOwner`] if not (the
    /// fencing that keeps a server that lost a game from writing it).
    #[must_use]
    pub fn serving_as(mut self, instance: &str) -> PgStore {
        self.instance = Some(instance.to_string());
        self
    }

    /// The server this store writes for ([`PgStore::serving_as`]), if any.
    #[must_use]
    pub fn instance(&self) -> Option<&str> {
        self.instance.as_deref()
    }

    pub(super) fn conn(
        &self,
    ) -> Result<PooledConnection<PostgresConnectionManager<NoTls>>, StoreError> {
        let pool = self
            .pool
            .as_ref()
            .ok_or_else(|| StoreError::Database("the store is closed".into()))?;
        Ok(pool.get()?)
    }

    /// The schema versions applied, in order.
    ///
    /// # Errors
    /// [`StoreError`] if they could not be read.
    pub fn schema_versions(&self) -> Result<Vec<u32>, StoreError> {
        let rows = self
            .conn()?
            .query("SELECT version FROM schema_version ORDER BY version", &[])?;
        rows.iter()
            .map(|r| {
                u32::try_from(r.get::<_, i64>(0))
                    .map_err(|_| StoreError::Corrupt("schema version".into()))
            })
            .collect()
    }

    /// Writes whole games, moves and all, as they are (another store's), in one
    /// transaction. A game whose id is already in the database is left as it is and not
    /// written. Returns, per game, whether it was written.
    ///
    /// # Errors
    /// [`StoreError`] if a write fails; then nothing is written.
    pub fn put_games(&self, games: &[StoredGame]) -> Result<Vec<bool>, StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        let mut written = Vec::with_capacity(games.len());
        for game in games {
            let there: bool = tx
                .query_one(
                    "SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)",
                    &[&game.id],
                )?
                .get(0);
            if !there {
                let r = GameRow::of(game);
                let c = r.clock;
                tx.execute(
                    &format!(
                        "INSERT INTO games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7,
                         $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
                         $25, $26, $27, $28, $29)"
                    ),
                    &[
                        &r.id,
                        &r.spec,
                        &r.created_ms,
                        &r.digests[0],
                        &r.digests[1],
                        &r.joined[0],
                        &r.joined[1],
                        &r.version,
                        &c[0],
                        &c[1],
                        &c[2],
                        &c[3],
                        &c[4],
                        &c[5],
                        &c[6],
                        &c[7],
                        &c[8],
                        &r.end_reason,
                        &r.end_seat,
                        &r.winner_seat,
                        &r.result_text,
                        &r.finished_ms,
                        &r.computer.0,
                        &r.computer.1,
                        &r.nicknames[0],
                        &r.nicknames[1],
                        &r.accounts[0],
                        &r.accounts[1],
                        &r.rated,
                    ],
                )?;
                for m in &game.moves {
                    insert_move(&mut tx, &game.id, m)?;
                }
            }
            written.push(!there);
        }
        tx.commit()?;
        Ok(written)
    }

    /// Every game's id, in order.
    ///
    /// # Errors
    /// [`StoreError`] if they could not be read.
    pub fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        let rows = self
            .conn()?
            .query("SELECT id FROM games ORDER BY id", &[])?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }
}

/// Applies every migration not yet recorded, each in its own transaction, under an
/// advisory lock; refuses a database that records a newer version than any here.
fn migrate(conn: &mut postgres::Client) -> Result<(), StoreError> {
    conn.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])?;
    let result = migrate_locked(conn);
    conn.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])?;
    result
}

fn migrate_locked(conn: &mut postgres::Client) -> Result<(), StoreError> {
    let has_versions: bool = conn
        .query_one("SELECT to_regclass('schema_version') IS NOT NULL", &[])?
        .get(0);
    let known = MIGRATIONS.last().map_or(0, |&(version, _)| version);
    if has_versions {
        let found: Option<i64> = conn
            .query_one("SELECT max(version) FROM schema_version", &[])?
            .get(0);
        if let Some(found) = found.and_then(|f| u32::try_from(f).ok())
            && found > known
        {
            return Err(StoreError::NewerSchema { found, known });
        }
    }
    conn.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version BIGINT PRIMARY KEY NOT NULL,
             applied_ms BIGINT NOT NULL
         )",
    )?;
    for &(version, sql) in MIGRATIONS {
        let mut tx = conn.transaction()?;
        let done: bool = tx
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM schema_version WHERE version = $1)",
                &[&i64::from(version)],
            )?
            .get(0);
        if !done {
            tx.batch_execute(sql)?;
            tx.execute(
                "INSERT INTO schema_version (version, applied_ms) VALUES ($1, $2)",
                &[&i64::from(version), &to_i64(crate::now_ms())],
            )?;
        }
        tx.commit()?;
    }
    Ok(())
}

/// A PostgreSQL row's columns, for [`read_game`].
impl Columns for Row {
    fn int(&self, name: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.try_get(name)?)
    }

    fn text(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self.try_get(name)?)
    }

    fn bytes(&self, name: &str) -> Result<Vec<u8>, StoreError> {
        Ok(self.try_get(name)?)
    }

    fn flag(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.try_get(name)?)
    }
}

/// Writes the row of a new game.
fn insert_game(conn: &mut impl GenericClient, game: &NewGame) -> Result<(), StoreError> {
    let c = clock_columns(game.clock.as_ref());
    let computer = computer_columns(game.computer.as_ref());
    conn.execute(
        "INSERT INTO games (id, spec, created_ms, token_digest_0, token_digest_1,
             clock_main_ms, clock_periods, clock_period_ms, clock_increment_ms,
             remaining_ms_0, remaining_ms_1, periods_0, periods_1, turn_started_ms,
             computer_seat, computer_level, nickname_0, nickname_1, account_0, account_1, rated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                 $17, $18, $19, $20, $21)",
        &[
            &game.id,
            &game.spec,
            &to_i64(game.created_ms),
            &&game.token_digests[0][..],
            &&game.token_digests[1][..],
            &c[0],
            &c[1],
            &c[2],
            &c[3],
            &c[4],
            &c[5],
            &c[6],
            &c[7],
            &c[8],
            &computer.0,
            &computer.1,
            &game.players[0].nickname,
            &game.players[1].nickname,
            &game.players[0].account,
            &game.players[1].account,
            &game.rated,
        ],
    )?;
    Ok(())
}

/// Writes move `m` of game `id`.
fn insert_move(tx: &mut impl GenericClient, id: &str, m: &StoredMove) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO moves (game_id, ply, seat, text, played_ms) VALUES ($1, $2, $3, $4, $5)",
        &[
            &id,
            &to_i64(m.ply),
            &i64::try_from(m.seat).unwrap_or(0),
            &m.text,
            &to_i64(m.played_ms),
        ],
    )?;
    Ok(())
}

/// One update in one statement (one round trip): the game's row is locked (`FOR
/// UPDATE`), and the move's insert or removal and the row's new values are written only
/// if its version is the one expected and, when `$3` names a server, that server owns it.
/// It answers the version and owner found, the rows updated, the moves deleted and the
/// result found (`NULL` while the game went on).
const APPLY: &str = "WITH g AS (
    SELECT version, owner, end_reason FROM games WHERE id = $1::text FOR UPDATE
), ok AS (
    SELECT 1 FROM g WHERE g.version = $2::bigint AND ($3::text IS NULL OR g.owner = $3::text)
), ins AS (
    INSERT INTO moves (game_id, ply, seat, text, played_ms)
    SELECT $1, $5::bigint, $6::bigint, $7::text, $8::bigint FROM ok WHERE $4::boolean
    RETURNING 1
), del AS (
    DELETE FROM moves WHERE $9::boolean AND EXISTS (SELECT 1 FROM ok) AND game_id = $1 AND ply = $5
       AND ply = (SELECT MAX(ply) FROM moves WHERE game_id = $1)
    RETURNING 1
), upd AS (
    UPDATE games SET version = $10, joined_0 = $11, joined_1 = $12,
        remaining_ms_0 = $13, remaining_ms_1 = $14, periods_0 = $15, periods_1 = $16,
        turn_started_ms = $17,
        end_reason = $18, end_seat = $19, winner_seat = $20, result_text = $21,
        finished_ms = $22
    WHERE id = $1 AND EXISTS (SELECT 1 FROM ok) AND (NOT $9 OR EXISTS (SELECT 1 FROM del))
    RETURNING 1
)
SELECT g.version, g.owner, (SELECT count(*) FROM upd), (SELECT count(*) FROM del), g.end_reason
FROM g";

/// Writes `u` through `conn` in one statement ([`APPLY`]): refused with nothing written
/// if the game is another server's ([`StoreError::NotOwner`]) or at another version
/// ([`StoreError::Conflict`]).
fn apply(
    conn: &mut impl GenericClient,
    u: &Update,
    instance: Option<&str>,
) -> Result<(), StoreError> {
    let (append, remove, ply, seat, text, played) = match &u.change {
        Some(MoveChange::Append(m)) => (
            true,
            false,
            to_i64(m.ply),
            i64::try_from(m.seat).unwrap_or(0),
            m.text.as_str(),
            to_i64(m.played_ms),
        ),
        Some(MoveChange::RemoveLast { ply }) => (false, true, to_i64(*ply), 0, "", 0),
        None => (false, false, 0, 0, "", 0),
    };
    let c = clock_columns(u.clock.as_ref());
    let end = u.end.as_ref();
    let seat_column = |s: Option<usize>| s.and_then(|s| i64::try_from(s).ok());
    let row = conn
        .query_opt(
            APPLY,
            &[
                &u.id,
                &to_i64(u.from_version),
                &instance,
                &append,
                &ply,
                &seat,
                &text,
                &played,
                &remove,
                &to_i64(u.version),
                &u.joined[0],
                &u.joined[1],
                &c[4],
                &c[5],
                &c[6],
                &c[7],
                &c[8],
                &end.map(|e| e.reason.as_str()),
                &seat_column(end.and_then(|e| e.seat)),
                &seat_column(end.and_then(|e| e.winner_seat)),
                &end.map(|e| e.text.as_str()),
                &end.map(|e| to_i64(e.finished_ms)),
            ],
        )?
        .ok_or_else(|| StoreError::Corrupt(format!("no game {}", u.id)))?;
    if let Some(me) = instance {
        let owner: Option<String> = row.try_get(1)?;
        if owner.as_deref() != Some(me) {
            return Err(StoreError::NotOwner {
                id: u.id.clone(),
                owner,
            });
        }
    }
    let found = to_u64(row.try_get::<_, i64>(0)?)?;
    if found != u.from_version {
        return Err(StoreError::Conflict {
            id: u.id.clone(),
            found,
            expected: u.from_version,
        });
    }
    if remove && row.try_get::<_, i64>(3)? != 1 {
        return Err(StoreError::Corrupt(format!("move {ply} is not the last")));
    }
    if row.try_get::<_, i64>(2)? != 1 {
        return Err(StoreError::Corrupt(format!(
            "game {} was not updated",
            u.id
        )));
    }
    // The result written now, not again: the ratings change with it, in the same
    // transaction (the caller's).
    let ended_before: Option<String> = row.try_get(4)?;
    if let Some(end) = end
        && ended_before.is_none()
    {
        super::ratings::rate_pg(conn, &u.id, end)?;
    }
    Ok(())
}

impl GameStore for PgStore {
    fn create(&self, game: &NewGame) -> Result<(), StoreError> {
        insert_game(&mut *self.conn()?, game)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let mut conn = self.conn()?;
        // One snapshot for the game and its moves.
        let mut tx = conn.build_transaction().read_only(true).start()?;
        let Some(row) = tx.query_opt("SELECT * FROM games WHERE id = $1", &[&id])? else {
            return Ok(None);
        };
        let mut game = read_game(&row)?;
        for r in tx.query(
            "SELECT ply, seat, text, played_ms FROM moves WHERE game_id = $1 ORDER BY ply",
            &[&id],
        )? {
            game.moves.push(StoredMove {
                ply: to_u64(r.try_get(0)?)?,
                seat: seat(Some(r.try_get(1)?))?.unwrap_or(0),
                text: r.try_get(2)?,
                played_ms: to_u64(r.try_get(3)?)?,
            });
        }
        tx.commit()?;
        Ok(Some(game))
    }

    /// One statement, committed on its own; with the game's result, one transaction with
    /// the ratings it changes.
    fn update(&self, u: &Update) -> Result<(), StoreError> {
        let mut conn = self.conn()?;
        if u.end.is_none() {
            return apply(&mut *conn, u, self.instance.as_deref());
        }
        let mut tx = conn.transaction()?;
        apply(&mut tx, u, self.instance.as_deref())?;
        tx.commit()?;
        Ok(())
    }

    /// One transaction (one commit to disk) for the lot, one statement per update: an
    /// update refused (another version, another owner) writes nothing and leaves the
    /// others; if the database fails, or the commit does, every update fails.
    fn update_all(&self, updates: &[Update]) -> Vec<Result<(), StoreError>> {
        let failed = |e: &StoreError| {
            updates
                .iter()
                .map(|_| Err(StoreError::Database(e.to_string())))
                .collect()
        };
        let mut conn = match self.conn() {
            Ok(conn) => conn,
            Err(e) => return failed(&e),
        };
        let mut tx = match conn.transaction() {
            Ok(tx) => tx,
            Err(e) => return failed(&e.into()),
        };
        let mut results: Vec<Result<(), StoreError>> = updates
            .iter()
            .map(|u| apply(&mut tx, u, self.instance.as_deref()))
            .collect();
        // A statement the database failed aborts the transaction: nothing is committed.
        let broken = results.iter().find_map(|r| match r {
            Err(e @ StoreError::Database(_)) => Some(e.to_string()),
            _ => None,
        });
        let outcome = match broken {
            Some(e) => Err(e),
            None => tx.commit().map_err(|e| e.to_string()),
        };
        if let Err(e) = outcome {
            for r in &mut results {
                if r.is_ok() {
                    *r = Err(StoreError::Database(e.clone()));
                }
            }
        }
        results
    }

    fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        let rows = self.conn()?.query(
            "SELECT id FROM games WHERE end_reason IS NULL AND turn_started_ms IS NOT NULL
             ORDER BY id",
            &[],
        )?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn expired(
        &self,
        finished_before_ms: Option<u64>,
        idle_before_ms: Option<u64>,
    ) -> Result<Vec<Expired>, StoreError> {
        // A bound of -1 matches nothing (every time is at least 0).
        let bound = |ms: Option<u64>| ms.map_or(-1, to_i64);
        let rows = self.conn()?.query(
            "SELECT g.id, g.end_reason IS NOT NULL FROM games g
             LEFT JOIN (SELECT game_id, MAX(played_ms) AS last FROM moves GROUP BY game_id) m
               ON m.game_id = g.id
             WHERE (g.end_reason IS NOT NULL AND COALESCE(g.finished_ms, g.created_ms) < $1)
                OR (g.end_reason IS NULL
                    AND GREATEST(g.created_ms, COALESCE(m.last, 0), COALESCE(g.turn_started_ms, 0)) < $2)
             ORDER BY g.id",
            &[&bound(finished_before_ms), &bound(idle_before_ms)],
        )?;
        Ok(rows
            .iter()
            .map(|r| Expired {
                id: r.get(0),
                finished: r.get(1),
            })
            .collect())
    }

    fn delete_games(&self, ids: &[String]) -> Result<usize, StoreError> {
        let mut conn = self.conn()?;
        let mut tx = conn.transaction()?;
        let mut deleted = 0;
        for id in ids {
            tx.execute("DELETE FROM moves WHERE game_id = $1", &[id])?;
            deleted += tx.execute("DELETE FROM games WHERE id = $1", &[id])?;
        }
        tx.commit()?;
        Ok(usize::try_from(deleted).unwrap_or(usize::MAX))
    }

    fn accounts(&self) -> Option<&dyn super::AccountStore> {
        Some(self)
    }

    fn ratings(&self) -> Option<&dyn super::RatingStore> {
        Some(self)
    }

    fn live_games(&self, since_ms: u64, limit: usize) -> Result<Vec<super::LiveGame>, StoreError> {
        self.live_games_here(since_ms, limit)
    }

    fn check(&self) -> Result<(), StoreError> {
        self.conn()?
            .query_one("SELECT count(*) FROM schema_version", &[])?;
        Ok(())
    }
}
