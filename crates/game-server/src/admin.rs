//! What an operator does to the games database from the command line: list the games,
//! export each as its record file (safe while the server runs: only reads), import record
//! files as games, and end or delete games (these three with the server stopped, since a
//! running server keeps the games it has loaded).

use std::path::{Path, PathBuf};

use game_catalog::AnyGame;

use crate::room::Room;
use crate::store::{EndReason, OpenedStore, StoreError, StoredEnd, StoredGame, StoredMove, Update};
use crate::{now_ms, token};

/// The result text of a game the operator ended.
pub const ENDED_TEXT: &str = "ended by the server's operator";

/// The largest record file `import` reads (the catalog's own limit on a record's text).
const MAX_RECORD_BYTES: u64 = 4 * 1024 * 1024;

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
        if let Some(game) = store.store().load(&id)? {
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
        let Some(stored) = store.store().load(&id)? else {
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
    open_existing(database)?.store().delete_games(ids)
}

/// Ends the games `ids` of `database` with no winner (`reason` `ended`, the text
/// [`ENDED_TEXT`]), their clocks stopped after charging the mover, with the server
/// stopped: the ids of those ended. Unknown ids and games already over are passed by.
///
/// # Errors
/// [`StoreError`] if the database cannot be opened, read or written, or a game does not
/// replay.
pub fn end_games(database: &Path, ids: &[String]) -> Result<Vec<String>, StoreError> {
    let store = open_existing(database)?;
    let now = now_ms();
    let mut ended = Vec::new();
    for id in ids {
        let Some(stored) = store.store().load(id)? else {
            continue;
        };
        let room = Room::from_stored(stored.clone())?;
        let Some(mover) = room.seat_to_move() else {
            continue;
        };
        let mut clock = stored.clock;
        if let Some(c) = &mut clock {
            c.stop(mover, now);
            c.turn_started_ms = None;
        }
        store.store().update(&Update {
            id: id.clone(),
            from_version: stored.version,
            version: stored.version + 1,
            joined: stored.joined,
            clock,
            change: None,
            end: Some(StoredEnd {
                reason: EndReason::Ended,
                seat: None,
                winner_seat: None,
                text: ENDED_TEXT.to_string(),
                finished_ms: now,
            }),
        })?;
        ended.push(id.clone());
    }
    Ok(ended)
}

/// Why `game-server import` took nothing.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A file could not be read, or is larger than a record may be.
    #[error("{}: {reason}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A file is not a record the rules read (a move refused, a result the moves do not
    /// give, an unknown game, …).
    #[error("{}: {error}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// The catalog's reason.
        error: String,
    },
    /// The database refused.
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// One game `import` read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The file it came from.
    pub file: PathBuf,
    /// Its id: the file's name (`ID.json`, as `export` writes) when that is a game id, else
    /// a new one.
    pub id: String,
    /// Its spec.
    pub spec: String,
    /// Moves played.
    pub moves: usize,
    /// The result in words, or `None` while it goes on.
    pub result: Option<String>,
    /// New tokens for its seats (seat 0 first): the record has none, so links to play an
    /// unfinished game are `/?game=ID#token=TOKEN`.
    pub tokens: [String; 2],
    /// Whether it was added (`false`: a game with its id was there already, left as is).
    pub added: bool,
}

/// Reads the record files `files` (JSON, as `export` and `GET /games/ID/record` write them,
/// or any record the rules read) and adds each as a game of `database`, with the server
/// stopped: all of them in one transaction, or none if any file is refused. A game keeps
/// its moves and its end: by the rules, or by a call the record holds (resignation, loss on
/// time, agreed draw); it has no clock (records keep none) and new seat tokens. A game whose
/// id is already in the database is passed by, so importing twice adds nothing. A missing
/// database is made.
///
/// # Errors
/// [`ImportError`] naming the first file refused, or the database's error; nothing is
/// added then.
pub fn import_records(database: &Path, files: &[PathBuf]) -> Result<Vec<Imported>, ImportError> {
    // Importing into a new database makes it (the other commands refuse a missing one).
    let store = OpenedStore::open(&database.to_string_lossy(), 2, false)?;
    let now = now_ms();
    let mut games = Vec::with_capacity(files.len());
    let mut report = Vec::with_capacity(files.len());
    for path in files {
        let file_error = |reason: String| ImportError::File {
            path: path.clone(),
            reason,
        };
        let size = std::fs::metadata(path)
            .map_err(|e| file_error(e.to_string()))?
            .len();
        if size > MAX_RECORD_BYTES {
            return Err(file_error(format!(
                "{size} bytes, past the {MAX_RECORD_BYTES} a record may have"
            )));
        }
        let text = std::fs::read_to_string(path).map_err(|e| file_error(e.to_string()))?;
        let record = AnyGame::read_record(&text).map_err(|e| ImportError::Record {
            path: path.clone(),
            error: e.to_string(),
        })?;
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let random = |e: token::RandomError| file_error(format!("no randomness: {e}"));
        let id = if token::is_game_id(stem) {
            stem.to_string()
        } else {
            token::new_game_id().map_err(random)?
        };
        let tokens = [
            token::new_token().map_err(random)?,
            token::new_token().map_err(random)?,
        ];
        let game = as_stored(&record, &id, &tokens, now).map_err(|error| ImportError::Record {
            path: path.clone(),
            error,
        })?;
        report.push(Imported {
            file: path.clone(),
            id,
            spec: game.spec.clone(),
            moves: game.moves.len(),
            result: game.end.as_ref().map(|e| e.text.clone()),
            tokens,
            added: false,
        });
        games.push(game);
    }
    for (imported, added) in report.iter_mut().zip(store.put_games(&games)?) {
        imported.added = added;
    }
    Ok(report)
}

/// The record `record` as the server would have kept it; an error when its moves do not
/// lead from the game's start to its position (a record that starts from a set-up
/// position: a server game cannot).
fn as_stored(
    record: &AnyGame,
    id: &str,
    tokens: &[String; 2],
    now: u64,
) -> Result<StoredGame, String> {
    // The moves alone, replayed from the start: each move's seat, and the position the
    // record's end (if any) must come from.
    let mut replay = AnyGame::new(&record.spec());
    let mut moves = Vec::new();
    for (ply, text) in (1..).zip(record.moves()) {
        let seat = replay.seat_of(replay.to_move());
        replay
            .play(&text)
            .map_err(|e| format!("move {ply} ({text}) does not play from the game's start: {e}"))?;
        moves.push(StoredMove {
            ply,
            seat,
            text,
            played_ms: now,
        });
    }
    if replay.diagram() != record.diagram() {
        return Err(
            "its moves do not lead from the game's start to its position (a set-up position)"
                .into(),
        );
    }
    let end = record_end(record, &replay, now);
    // One version per move, and one for the end, as the server counts them.
    let version = moves.len() as u64 + u64::from(end.is_some());
    Ok(StoredGame {
        id: id.to_string(),
        spec: record.spec().to_string(),
        token_digests: [
            token::digest(&tokens[0]).to_vec(),
            token::digest(&tokens[1]).to_vec(),
        ],
        joined: [true, true],
        version,
        clock: None,
        computer: None,
        moves,
        end,
        created_ms: now,
        players: Default::default(),
        rated: false,
    })
}

/// How the record's game ended, seen from `moves_only` (its moves replayed without its
/// calls): by the rules when the moves end it; else by the one call (a seat's resignation
/// or loss on time, or an agreed draw) that gives the record's outcome; `None` while it
/// goes on.
fn record_end(record: &AnyGame, moves_only: &AnyGame, now: u64) -> Option<StoredEnd> {
    if !record.is_over() {
        return None;
    }
    let winner_seat = match record.outcome() {
        game_catalog::Outcome::Win { winner, .. } => Some(record.seat_of(winner)),
        _ => None,
    };
    let end = |reason, seat| StoredEnd {
        reason,
        seat,
        winner_seat,
        text: record.outcome_text(),
        finished_ms: now,
    };
    if moves_only.is_over() {
        return Some(end(EndReason::Rules, None));
    }
    let same = |game: &AnyGame| game.outcome_text() == record.outcome_text();
    for seat in 0..2 {
        let Some(player) = moves_only.player_in_seat(seat) else {
            continue;
        };
        let mut resigned = moves_only.clone();
        if resigned.resign(player).is_ok() && same(&resigned) {
            return Some(end(EndReason::Resign, Some(seat)));
        }
        let mut flagged = moves_only.clone();
        if flagged.lose_on_time(player).is_ok() && same(&flagged) {
            return Some(end(EndReason::Time, Some(seat)));
        }
    }
    let mut drawn = moves_only.clone();
    if drawn.agree_draw().is_ok() && same(&drawn) {
        return Some(end(EndReason::Draw, None));
    }
    // A record the rules read always ends by its moves or one of those calls.
    Some(end(EndReason::Rules, None))
}

/// What `migrate` did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Migrated {
    /// Games written to the destination.
    pub copied: usize,
    /// Games the destination had already (the same, checked).
    pub already_there: usize,
    /// Moves in all the games.
    pub moves: usize,
    /// Accounts written to the destination (with their passkeys, ratings and history).
    pub accounts: usize,
    /// Accounts the destination had already.
    pub accounts_there: usize,
}

/// Why `migrate` stopped.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    /// A store refused.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The destination's accounts lack some of the source's (a name or a passkey another
    /// account has there).
    #[error("the destination's accounts do not hold the source's ({what})")]
    AccountsDiffer {
        /// What was missing.
        what: &'static str,
    },
    /// A game read back from the destination is not the source's.
    #[error("game {id}: the destination's copy differs from the source's")]
    Differs {
        /// The game.
        id: String,
    },
    /// A game's moves and end do not replay through the rules to a record that reads back.
    #[error("game {id}: its record does not replay: {error}")]
    Replay {
        /// The game.
        id: String,
        /// What the rules said.
        error: String,
    },
}

/// The games copied in one transaction.
const MIGRATE_BATCH: usize = 256;

/// Copies every game of `from` into `to` (each a SQLite file or a PostgreSQL address) as it
/// is, ids, tokens, clocks, results and move times included, a batch of games per
/// transaction, with the servers on both stopped; a game the destination has already is
/// left there. Then every game is read back from `to`, compared with the source's and its
/// record replayed through the rules. Then the accounts, with their passkeys, ratings and
/// rating history (not their sessions: everyone signs in again), in one transaction, and
/// read back. Running it twice copies nothing the second time.
///
/// # Errors
/// [`MigrateError`]: a store's error (a missing SQLite source included), a copy that
/// differs, or a game that does not replay; what was committed before stays.
pub fn migrate(from: &str, to: &str) -> Result<Migrated, MigrateError> {
    let source = OpenedStore::open(from, 2, true)?;
    let destination = OpenedStore::open(to, 2, false)?;
    let ids = source.game_ids()?;
    let mut done = Migrated::default();
    for chunk in ids.chunks(MIGRATE_BATCH) {
        let mut games = Vec::with_capacity(chunk.len());
        for id in chunk {
            if let Some(game) = source.store().load(id)? {
                games.push(game);
            }
        }
        let written = destination.put_games(&games)?;
        for (game, written) in games.iter().zip(written) {
            let copy = destination.store().load(&game.id)?;
            if copy.as_ref() != Some(game) {
                return Err(MigrateError::Differs {
                    id: game.id.clone(),
                });
            }
            replays(game)?;
            done.moves += game.moves.len();
            if written {
                done.copied += 1;
            } else {
                done.already_there += 1;
            }
        }
    }
    let accounts = source.read_accounts()?;
    done.accounts = destination.write_accounts(&accounts)?;
    done.accounts_there = accounts.accounts.len() - done.accounts;
    let copy = destination.read_accounts()?;
    let missing = if !accounts.accounts.iter().all(|a| copy.accounts.contains(a)) {
        Some("accounts")
    } else if !accounts.passkeys.iter().all(|p| copy.passkeys.contains(p)) {
        Some("passkeys")
    } else if !accounts.ratings.iter().all(|r| copy.ratings.contains(r)) {
        Some("ratings")
    } else if !accounts.changes.iter().all(|c| copy.changes.contains(c)) {
        Some("rating history")
    } else {
        None
    };
    if let Some(what) = missing {
        return Err(MigrateError::AccountsDiffer { what });
    }
    Ok(done)
}

/// Whether `game` replays through the rules to a record that reads back the same.
fn replays(game: &StoredGame) -> Result<(), MigrateError> {
    let fail = |error: String| MigrateError::Replay {
        id: game.id.clone(),
        error,
    };
    let room = Room::from_stored(game.clone()).map_err(|e| fail(e.to_string()))?;
    let text = room.game().write_record();
    match AnyGame::read_record(&text) {
        Ok(read) if &read == room.game() => Ok(()),
        Ok(_) => Err(fail("the record reads back to another game".into())),
        Err(e) => Err(fail(e.to_string())),
    }
}

/// The store at `database` (a SQLite file, which must exist: opening would make an empty
/// one; or a PostgreSQL address).
fn open_existing(database: &Path) -> Result<OpenedStore, StoreError> {
    OpenedStore::open(&database.to_string_lossy(), 2, true)
}
