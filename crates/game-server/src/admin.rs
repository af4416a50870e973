//! What an operator does to the games database from the command line: list the games,
//! export each as its record file (safe while the server runs: only reads), and delete
//! games (with the server stopped, since a running server keeps games it has loaded).

use std::path::Path;

use crate::room::Room;
use crate::store::{GameStore, SqliteStore, StoreError};

/// One game as `game-server list` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// The game's id.
    pub id: String,
    /// Its spec.
    pub spec: String,
    /// Moves played.
    pub moves: usize,
    /// The result in words, or `None` while it goes on.
    pub result: Option<String>,
    /// When it was made, Unix milliseconds.
    pub created_ms: u64,
}

/// Every game of the database at `database`, oldest first.
///
/// # Errors
/// [`StoreError`] if the database cannot be opened or read.
pub fn list_games(database: &Path) -> Result<Vec<GameSummary>, StoreError> {
    let store = open_existing(database)?;
    let mut games = Vec::new();
    for id in store.game_ids()? {
        if let Some(game) = store.load(&id)? {
            games.push(GameSummary {
                id: game.id,
                spec: game.spec,
                moves: game.moves.len(),
                result: game.end.map(|end| end.text),
                created_ms: game.created_ms,
            });
        }
    }
    games.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
    Ok(games)
}

/// Writes every game of `database` as its record file `ID.json` (the text `GET
/// /games/ID/record` gives) into the folder `out`, made if missing: how many.
///
/// # Errors
/// [`StoreError`] if the database cannot be read, a stored game does not replay, or a
/// file cannot be written.
pub fn export_records(database: &Path, out: &Path) -> Result<usize, StoreError> {
    let store = open_existing(database)?;
    std::fs::create_dir_all(out)
        .map_err(|e| StoreError::Database(format!("{}: {e}", out.display())))?;
    let mut written = 0;
    for id in store.game_ids()? {
        let Some(stored) = store.load(&id)? else {
            continue;
        };
        let text = Room::from_stored(stored)?.game().write_record();
        let file = out.join(format!("{id}.json"));
        std::fs::write(&file, text)
            .map_err(|e| StoreError::Database(format!("{}: {e}", file.display())))?;
        written += 1;
    }
    Ok(written)
}

/// Deletes the games `ids` of `database`, moves and all, with the server stopped: how
/// many there were.
///
/// # Errors
/// [`StoreError`] if the database cannot be opened or written; then nothing is deleted.
pub fn delete_games(database: &Path, ids: &[String]) -> Result<usize, StoreError> {
    open_existing(database)?.delete_games(ids)
}

/// The store at `database`, which must exist (opening would make an empty one).
fn open_existing(database: &Path) -> Result<SqliteStore, StoreError> {
    if !database.is_file() {
        return Err(StoreError::Database(format!(
            "{}: no such database",
            database.display()
        )));
    }
    SqliteStore::open(database)
}
