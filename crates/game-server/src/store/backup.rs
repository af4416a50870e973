//! Copies of the games database taken while the server runs ([`backup`]), and the database
//! put back from one ([`restore`]), with SQLite's online backup: a copy of one consistent
//! moment, never a file copied half-way through a write (`cp` of a database in WAL mode
//! misses what is still in its `-wal` file).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

use super::SqliteStore;

/// What a backup or a restore copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CopyReport {
    /// The games in the copy.
    pub games: u64,
    /// The moves in the copy, over all its games.
    pub moves: u64,
    /// The copy's size in bytes.
    pub bytes: u64,
}

/// Why a backup or a restore was not made. Nothing is left at the destination then.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum BackupError {
    /// The source is missing or cannot be opened.
    #[error("{path}: cannot be opened: {reason}")]
    Open {
        /// The file.
        path: PathBuf,
        /// SQLite's or the system's words.
        reason: String,
    },
    /// The source is a file but not a game server's database (no `schema_version` table,
    /// or it fails SQLite's integrity check).
    #[error("{path}: not a game server database: {reason}")]
    NotADatabase {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The destination exists: a backup never overwrites, and a restore replaces only
    /// when asked.
    #[error("{0}: already exists")]
    Exists(PathBuf),
    /// SQLite or the file system failed while copying.
    #[error("{path}: {reason}")]
    Copy {
        /// The file being written.
        path: PathBuf,
        /// SQLite's or the system's words.
        reason: String,
    },
}

/// Copies the database at `database` into a new file `out`, safely while a server is
/// using it: one consistent moment of every committed game, in one self-contained file (no
/// `-wal` beside it) that passes SQLite's integrity check. Writes `out.partial` first and
/// renames it, so `out` never holds a part of a copy.
///
/// # Errors
/// [`BackupError::Exists`] if `out` exists, [`BackupError::Open`] or
/// [`BackupError::NotADatabase`] for the source, [`BackupError::Copy`] if writing fails.
pub fn backup(database: &Path, out: &Path) -> Result<CopyReport, BackupError> {
    if out.exists() {
        return Err(BackupError::Exists(out.to_path_buf()));
    }
    let source = open_existing(database)?;
    check_is_store(&source, database)?;
    copy_into(&source, out)
}

/// Puts the backup at `from` in place as the database at `database`, which must not be in
/// use (stop the server first): refused if `database` exists unless `replace`. The backup
/// is checked first; the old database's `-wal` and `-shm` files are removed with it, and
/// the restored file is brought up to this version's schema.
///
/// # Errors
/// As [`backup`]; [`BackupError::Exists`] for an existing `database` without `replace`.
pub fn restore(from: &Path, database: &Path, replace: bool) -> Result<CopyReport, BackupError> {
    if database.exists() && !replace {
        return Err(BackupError::Exists(database.to_path_buf()));
    }
    let source = open_existing(from)?;
    check_is_store(&source, from)?;
    let partial = partial_path(database);
    let _ = std::fs::remove_file(&partial);
    let failed = |reason: String| {
        let _ = std::fs::remove_file(&partial);
        BackupError::Copy {
            path: database.to_path_buf(),
            reason,
        }
    };
    let report = copy_checked(&source, &partial).map_err(failed)?;
    // A `-wal` left from the old database would be replayed into the restored one.
    for suffix in ["-wal", "-shm"] {
        match std::fs::remove_file(with_suffix(database, suffix)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(failed(e.to_string()));
            }
            _ => {}
        }
    }
    std::fs::rename(&partial, database).map_err(|e| failed(e.to_string()))?;
    sync_folder(database);
    SqliteStore::open(database).map_err(|e| failed(e.to_string()))?;
    Ok(report)
}

/// Opens a database that must exist (SQLite would make an empty one).
fn open_existing(path: &Path) -> Result<Connection, BackupError> {
    let open_error = |reason: String| BackupError::Open {
        path: path.to_path_buf(),
        reason,
    };
    if !path.is_file() {
        return Err(open_error("no such file".into()));
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)
        .map_err(|e| open_error(e.to_string()))?;
    conn.busy_timeout(Duration::from_secs(10))
        .map_err(|e| open_error(e.to_string()))?;
    Ok(conn)
}

/// Refuses a file that is not a game server's database.
fn check_is_store(conn: &Connection, path: &Path) -> Result<(), BackupError> {
    let not = |reason: String| BackupError::NotADatabase {
        path: path.to_path_buf(),
        reason,
    };
    let tables: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' \
             AND name IN ('schema_version', 'games', 'moves')",
            [],
            |r| r.get(0),
        )
        .map_err(|e| not(e.to_string()))?;
    if tables != 3 {
        return Err(not("no games, moves and schema_version tables".into()));
    }
    Ok(())
}

/// Copies `source` into a new file at `out` (through `out.partial`), in one step so the
/// copy is one moment of the source, then checks it.
fn copy_into(source: &Connection, out: &Path) -> Result<CopyReport, BackupError> {
    let partial = partial_path(out);
    let _ = std::fs::remove_file(&partial);
    let result = copy_checked(source, &partial).and_then(|report| {
        std::fs::rename(&partial, out).map_err(|e| e.to_string())?;
        sync_folder(out);
        Ok(report)
    });
    result.map_err(|reason| {
        let _ = std::fs::remove_file(&partial);
        BackupError::Copy {
            path: out.to_path_buf(),
            reason,
        }
    })
}

/// The copy into `partial`: SQLite's backup in one step (a read transaction on the source,
/// which writers in WAL mode do not wait for), then a rollback-journal file checked whole
/// and flushed to disk.
fn copy_checked(source: &Connection, partial: &Path) -> Result<CopyReport, String> {
    let text = |e: rusqlite::Error| e.to_string();
    let mut copy = Connection::open(partial).map_err(text)?;
    {
        let backup = Backup::new(source, &mut copy).map_err(text)?;
        // Every page in one step (-1); a source locked for a moment is tried again.
        let mut tries = 0;
        loop {
            match backup.step(-1).map_err(text)? {
                StepResult::Done => break,
                StepResult::More => {}
                _ if tries < 100 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(50));
                }
                _ => return Err("the database stayed locked for 5 seconds".into()),
            }
        }
    }
    copy.pragma_update(None, "journal_mode", "DELETE")
        .map_err(text)?;
    let check: String = copy
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(text)?;
    if check != "ok" {
        return Err(format!("the copy fails SQLite's integrity check: {check}"));
    }
    let count = |sql: &str| -> Result<u64, String> {
        let n: i64 = copy.query_row(sql, [], |r| r.get(0)).map_err(text)?;
        Ok(u64::try_from(n).unwrap_or(0))
    };
    let (games, moves) = (
        count("SELECT count(*) FROM games")?,
        count("SELECT count(*) FROM moves")?,
    );
    copy.close().map_err(|(_, e)| e.to_string())?;
    let file = File::open(partial).map_err(|e| e.to_string())?;
    file.sync_all().map_err(|e| e.to_string())?;
    let bytes = file.metadata().map_err(|e| e.to_string())?.len();
    Ok(CopyReport {
        games,
        moves,
        bytes,
    })
}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Where a copy is written before it is renamed into place.
fn partial_path(path: &Path) -> PathBuf {
    with_suffix(path, ".partial")
}

/// Flushes the folder holding `path`, so the rename survives a power cut (best effort:
/// not every system lets a folder be opened).
fn sync_folder(path: &Path) {
    if let Some(dir) = path.parent()
        && let Ok(dir) = File::open(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        })
    {
        let _ = dir.sync_all();
    }
}
