//! [`SqliteStore`]: games in one SQLite file, schema by versioned migrations.

use std::path::Path;
use std::sync::{Mutex, MutexGuard, PoisonError};

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::rows::{
    Columns, GAME_COLUMNS, GameRow, clock_columns, computer_columns, read_game, seat, to_i64,
    to_u64,
};
use super::{Expired, GameStore, MoveChange, NewGame, StoreError, StoredGame, StoredMove, Update};

/// The migrations, in order: version and SQL. Each runs once, in a transaction, and is
/// recorded in `schema_version`.
const MIGRATIONS: &[(u32, &str)] = &[
    (1, include_str!("../../migrations/0001_init.sql")),
    (2, include_str!("../../migrations/0002_operator_end.sql")),
    (3, include_str!("../../migrations/0003_owners.sql")),
    (
        4,
        include_str!("../../migrations/0004_instance_address.sql"),
    ),
    (5, include_str!("../../migrations/0005_computer_seat.sql")),
    (6, include_str!("../../migrations/0006_accounts.sql")),
    (7, include_str!("../../migrations/0007_ratings.sql")),
];

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Database(e.to_string())
    }
}

/// Games in one SQLite file (or in memory, for tests).
///
/// Every write is one transaction with `synchronous = FULL` in WAL mode: once
/// [`GameStore::update`] returns, the change survives a crash or a power cut.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (or makes) the database at `path`, creating its folder, and brings its schema
    /// up to date.
    ///
    /// # Errors
    /// [`StoreError`] if the file cannot be opened or a migration fails.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Database(format!("{}: {e}", dir.display())))?;
        }
        let conn = Connection::open(path)?;
        // Before anything is written (the journal mode is in the file's header).
        refuse_newer(&conn)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        SqliteStore::with_connection(conn)
    }

    /// A store in memory (gone when dropped).
    ///
    /// # Errors
    /// [`StoreError`] if SQLite fails.
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::with_connection(Connection::open_in_memory()?)
    }

    fn with_connection(mut conn: Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrate(&mut conn)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    pub(super) fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Every game's id, in id order.
    ///
    /// # Errors
    /// [`StoreError`] if SQLite fails.
    pub fn game_ids(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT id FROM games ORDER BY id")?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Writes whole games, moves and all, as they are (another store's, an import's), in
    /// one transaction. A game whose id is already in the database is left as it is and
    /// not written. Returns, per game, whether it was written.
    ///
    /// # Errors
    /// [`StoreError`] if a write fails; then nothing is written.
    pub fn put_games(&self, games: &[StoredGame]) -> Result<Vec<bool>, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let mut written = Vec::with_capacity(games.len());
        for game in games {
            let there: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM games WHERE id = ?1)",
                [&game.id],
                |r| r.get(0),
            )?;
            if !there {
                let r = GameRow::of(game);
                let c = r.clock;
                tx.execute(
                    &format!(
                        "INSERT INTO games ({GAME_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7,
                         ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24,
                         ?25, ?26, ?27, ?28, ?29)"
                    ),
                    params![
                        r.id,
                        r.spec,
                        r.created_ms,
                        r.digests[0],
                        r.digests[1],
                        r.joined[0],
                        r.joined[1],
                        r.version,
                        c[0],
                        c[1],
                        c[2],
                        c[3],
                        c[4],
                        c[5],
                        c[6],
                        c[7],
                        c[8],
                        r.end_reason,
                        r.end_seat,
                        r.winner_seat,
                        r.result_text,
                        r.finished_ms,
                        r.computer.0,
                        r.computer.1,
                        r.nicknames[0],
                        r.nicknames[1],
                        r.accounts[0],
                        r.accounts[1],
                        r.rated,
                    ],
                )?;
                for m in &game.moves {
                    insert_move(&tx, &game.id, m)?;
                }
            }
            written.push(!there);
        }
        tx.commit()?;
        Ok(written)
    }

    /// The schema versions applied, in order.
    ///
    /// # Errors
    /// [`StoreError`] if SQLite fails.
    pub fn schema_versions(&self) -> Result<Vec<u32>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare("SELECT version FROM schema_version ORDER BY version")?;
        let rows = stmt.query_map([], |r| r.get::<_, u32>(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// Applies every migration not yet recorded in `schema_version`, each in its own
/// transaction; refuses a database that records a version newer than any it knows
/// (written by a newer server), touching nothing.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    refuse_newer(conn)?;
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_version (
             version INTEGER PRIMARY KEY NOT NULL,
             applied_ms INTEGER NOT NULL
         )",
    )?;
    for &(version, sql) in MIGRATIONS {
        let tx = conn.transaction()?;
        let done: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM schema_version WHERE version = ?1)",
            [version],
            |r| r.get(0),
        )?;
        if !done {
            tx.execute_batch(sql)?;
            tx.execute(
                "INSERT INTO schema_version (version, applied_ms) VALUES (?1, ?2)",
                params![version, to_i64(crate::now_ms())],
            )?;
        }
        tx.commit()?;
    }
    Ok(())
}

/// [`StoreError::NewerSchema`] when the database records a schema version newer than the
/// last migration (a newer server wrote it); reads only.
fn refuse_newer(conn: &Connection) -> Result<(), StoreError> {
    let has_versions: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version')",
        [],
        |r| r.get(0),
    )?;
    if !has_versions {
        return Ok(());
    }
    let known = MIGRATIONS.last().map_or(0, |&(version, _)| version);
    let found: Option<u32> =
        conn.query_row("SELECT max(version) FROM schema_version", [], |r| r.get(0))?;
    match found {
        Some(found) if found > known => Err(StoreError::NewerSchema { found, known }),
        _ => Ok(()),
    }
}

/// Writes the row of a new game.
fn insert_game(conn: &Connection, game: &NewGame) -> Result<(), StoreError> {
    let c = clock_columns(game.clock.as_ref());
    let computer = computer_columns(game.computer.as_ref());
    conn.execute(
        "INSERT INTO games (id, spec, created_ms, token_digest_0, token_digest_1,
                 clock_main_ms, clock_periods, clock_period_ms, clock_increment_ms,
                 remaining_ms_0, remaining_ms_1, periods_0, periods_1, turn_started_ms,
                 computer_seat, computer_level, nickname_0, nickname_1, account_0, account_1,
                 rated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                     ?17, ?18, ?19, ?20, ?21)",
        params![
            game.id,
            game.spec,
            to_i64(game.created_ms),
            &game.token_digests[0][..],
            &game.token_digests[1][..],
            c[0],
            c[1],
            c[2],
            c[3],
            c[4],
            c[5],
            c[6],
            c[7],
            c[8],
            computer.0,
            computer.1,
            game.players[0].nickname,
            game.players[1].nickname,
            game.players[0].account,
            game.players[1].account,
            game.rated,
        ],
    )?;
    Ok(())
}

impl GameStore for SqliteStore {
    fn create(&self, game: &NewGame) -> Result<(), StoreError> {
        insert_game(&self.conn(), game)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.conn();
        let game = conn
            .query_row("SELECT * FROM games WHERE id = ?1", [id], |row| {
                Ok(read_game(row))
            })
            .optional()?;
        let Some(game) = game else {
            return Ok(None);
        };
        let mut game = game?;
        let mut stmt = conn.prepare(
            "SELECT ply, seat, text, played_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
        )?;
        let rows = stmt.query_map([id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        for row in rows {
            let (ply, s, text, played) = row?;
            game.moves.push(StoredMove {
                ply: to_u64(ply)?,
                seat: seat(Some(s))?.unwrap_or(0),
                text,
                played_ms: to_u64(played)?,
            });
        }
        Ok(Some(game))
    }

    fn update(&self, u: &Update) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        apply(&tx, u)?;
        tx.commit()?;
        Ok(())
    }

    /// One transaction (one fsync) for the lot, each update inside its own savepoint: an
    /// update refused (a version conflict) is rolled back alone, and if the commit fails,
    /// every update fails.
    fn update_all(&self, updates: &[Update]) -> Vec<Result<(), StoreError>> {
        let mut conn = self.conn();
        let mut tx = match conn.transaction() {
            Ok(tx) => tx,
            Err(e) => return updates.iter().map(|_| Err(database(&e))).collect(),
        };
        let mut results: Vec<Result<(), StoreError>> = updates
            .iter()
            .map(|u| {
                let point = tx.savepoint()?;
                apply(&point, u)?;
                point.commit()?;
                Ok(())
            })
            .collect();
        if let Err(e) = tx.commit() {
            for r in &mut results {
                if r.is_ok() {
                    *r = Err(database(&e));
                }
            }
        }
        results
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
        let conn = self.conn();
        conn.query_row("SELECT count(*) FROM schema_version", [], |r| {
            r.get::<_, i64>(0)
        })?;
        Ok(())
    }

    fn expired(
        &self,
        finished_before_ms: Option<u64>,
        idle_before_ms: Option<u64>,
    ) -> Result<Vec<Expired>, StoreError> {
        // A bound of -1 matches nothing (every time is at least 0).
        let bound = |ms: Option<u64>| ms.map_or(-1, to_i64);
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT g.id, g.end_reason IS NOT NULL FROM games g
             LEFT JOIN (SELECT game_id, MAX(played_ms) AS last FROM moves GROUP BY game_id) m
               ON m.game_id = g.id
             WHERE (g.end_reason IS NOT NULL AND COALESCE(g.finished_ms, g.created_ms) < ?1)
                OR (g.end_reason IS NULL
                    AND MAX(g.created_ms, COALESCE(m.last, 0), COALESCE(g.turn_started_ms, 0)) < ?2)
             ORDER BY g.id",
        )?;
        let rows = stmt.query_map(
            params![bound(finished_before_ms), bound(idle_before_ms)],
            |r| {
                Ok(Expired {
                    id: r.get(0)?,
                    finished: r.get(1)?,
                })
            },
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn delete_games(&self, ids: &[String]) -> Result<usize, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let mut deleted = 0;
        for id in ids {
            tx.execute("DELETE FROM moves WHERE game_id = ?1", [id])?;
            deleted += tx.execute("DELETE FROM games WHERE id = ?1", [id])?;
        }
        tx.commit()?;
        Ok(deleted)
    }

    fn running_clocks(&self) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE end_reason IS NULL AND turn_started_ms IS NOT NULL",
        )?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// A database error as a store error, for each of several updates it failed.
fn database(e: &rusqlite::Error) -> StoreError {
    StoreError::Database(e.to_string())
}

/// Writes move `m` of game `id`.
fn insert_move(tx: &Connection, id: &str, m: &StoredMove) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO moves (game_id, ply, seat, text, played_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![
            id,
            to_i64(m.ply),
            i64::try_from(m.seat).unwrap_or(0),
            m.text,
            to_i64(m.played_ms)
        ],
    )?;
    Ok(())
}

/// Writes `u` through `conn` (a transaction or a savepoint), checking the version first.
fn apply(tx: &Connection, u: &Update) -> Result<(), StoreError> {
    let found: Option<(i64, Option<String>)> = tx
        .query_row(
            "SELECT version, end_reason FROM games WHERE id = ?1",
            [&u.id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let (found, ended_before) =
        found.ok_or_else(|| StoreError::Corrupt(format!("no game {}", u.id)))?;
    let found = to_u64(found)?;
    if found != u.from_version {
        return Err(StoreError::Conflict {
            id: u.id.clone(),
            found,
            expected: u.from_version,
        });
    }
    match &u.change {
        Some(MoveChange::Append(m)) => insert_move(tx, &u.id, m)?,
        Some(MoveChange::RemoveLast { ply }) => {
            let n = tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply = ?2
                       AND ply = (SELECT MAX(ply) FROM moves WHERE game_id = ?1)",
                params![u.id, to_i64(*ply)],
            )?;
            if n != 1 {
                return Err(StoreError::Corrupt(format!("move {ply} is not the last")));
            }
        }
        None => {}
    }
    let c = clock_columns(u.clock.as_ref());
    let end = u.end.as_ref();
    tx.execute(
        "UPDATE games SET version = ?2, joined_0 = ?3, joined_1 = ?4,
                 remaining_ms_0 = ?5, remaining_ms_1 = ?6, periods_0 = ?7, periods_1 = ?8,
                 turn_started_ms = ?9,
                 end_reason = ?10, end_seat = ?11, winner_seat = ?12, result_text = ?13,
                 finished_ms = ?14
             WHERE id = ?1",
        params![
            u.id,
            to_i64(u.version),
            u.joined[0],
            u.joined[1],
            c[4],
            c[5],
            c[6],
            c[7],
            c[8],
            end.map(|e| e.reason.as_str()),
            end.and_then(|e| e.seat).and_then(|s| i64::try_from(s).ok()),
            end.and_then(|e| e.winner_seat)
                .and_then(|s| i64::try_from(s).ok()),
            end.map(|e| e.text.as_str()),
            end.map(|e| to_i64(e.finished_ms)),
        ],
    )?;
    // The result written now, not again: the ratings change with it, in this transaction.
    if let Some(end) = end
        && ended_before.is_none()
    {
        super::ratings::rate_sqlite(tx, &u.id, end)?;
    }
    Ok(())
}

/// A SQLite row's columns, for [`read_game`].
impl Columns for Row<'_> {
    fn int(&self, name: &str) -> Result<Option<i64>, StoreError> {
        Ok(self.get(name)?)
    }

    fn text(&self, name: &str) -> Result<Option<String>, StoreError> {
        Ok(self.get(name)?)
    }

    fn bytes(&self, name: &str) -> Result<Vec<u8>, StoreError> {
        Ok(self.get(name)?)
    }

    fn flag(&self, name: &str) -> Result<bool, StoreError> {
        Ok(self.get(name)?)
    }
}

// The store's behaviour is checked against both stores in tests/stores.rs.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_stores_migrate_to_the_same_version() {
        assert_eq!(
            MIGRATIONS.last().map(|m| m.0),
            Some(super::super::SCHEMA_VERSION)
        );
        let versions = |list: &[(u32, &str)]| list.iter().map(|m| m.0).collect::<Vec<_>>();
        assert_eq!(
            versions(MIGRATIONS),
            versions(super::super::postgres::MIGRATIONS)
        );
    }
    use crate::clock::Clock;

    fn new_game(id: &str, clock: Option<Clock>) -> NewGame {
        NewGame {
            id: id.into(),
            spec: "go9".into(),
            token_digests: [[1; 32], [2; 32]],
            clock,
            created_ms: 7,
            computer: None,
            players: Default::default(),
            rated: false,
        }
    }

    #[test]
    fn migrations_apply_once_and_reopening_changes_nothing() {
        let dir = std::env::temp_dir().join(format!("gs-store-{}", std::process::id()));
        let path = dir.join("sub").join("games.sqlite3");
        let _ = std::fs::remove_dir_all(&dir);
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.schema_versions().unwrap(), [1, 2, 3, 4, 5, 6, 7]);
        store.create(&new_game("a", None)).unwrap();
        drop(store);
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.schema_versions().unwrap(), [1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(store.load("a").unwrap().unwrap().spec, "go9");
        drop(store);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
